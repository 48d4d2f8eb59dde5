"""The ``showdown`` command line: thin commands over the public API, tables or ``--json``.

Errors print one line (``error: ...``) and exit with status 2.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from showdown.cards import Deck, format_cards
from showdown.cli_progress import counting_bar
from showdown.cli_videopoker import videopoker_app
from showdown.compare import ShowdownResult, showdown
from showdown.equity import EquityResult, equity
from showdown.errors import ShowdownError
from showdown.evaluate import Category, evaluate
from showdown.odds_grid import OddsGrid, odds_grid
from showdown.pots import ODD_CHIP_RULES, Rake, Seat, Settlement, SettlementError, hand_from_json, settle

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Texas Hold'em hand evaluation and showdowns.",
    pretty_exceptions_enable=False,
)
app.add_typer(videopoker_app, name="vp", help="Video poker: ranked holds, game analysis, a trainer.")
console = Console()
JSON_OPTION = typer.Option(False, "--json", help="Print machine-readable JSON.")


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def _showdown_table(result: ShowdownResult, title: str) -> Table:
    table = Table(title=title)
    for column in ("Player", "Hole", "Hand", "Best five", ""):
        table.add_column(column)
    for key, rank in result.ranks.items():
        won = key in result.winners
        verdict = ("splits" if result.is_split else "wins") if won else ""
        style = "bold green" if won else None
        table.add_row(str(key), format_cards(result.holes[key]), rank.description,
                      format_cards(rank.best_five), verdict, style=style)
    return table


@app.command("eval")
def eval_command(cards: str = typer.Argument(..., help='1 to 7 cards, e.g. "As Ks Qs Js Ts 2d 3c".'),
                 as_json: bool = JSON_OPTION) -> None:
    """Evaluate one hand: category, description, best five cards and value."""
    rank = evaluate(cards)
    if as_json:
        _print_json(rank.to_dict())
        return
    table = Table(show_header=False)
    table.add_row("Cards", format_cards(rank.cards))
    table.add_row("Category", str(rank.category))
    table.add_row("Hand", rank.description)
    table.add_row("Best five", format_cards(rank.best_five))
    table.add_row("Value", str(rank.value))
    console.print(table)


def _named_hands(players: list[str]) -> dict[str, str]:
    hands: dict[str, str] = {}
    for number, text in enumerate(players, start=1):
        name, sep, cards = text.partition("=")
        if not sep:
            name, cards = f"P{number}", text
        name = name.strip()
        if not name:
            raise ShowdownError(f"player {number} ({text!r}) has an empty name")
        if name in hands:
            raise ShowdownError(f"player name {name!r} is used twice")
        hands[name] = cards
    return hands


@app.command("compare")
def compare_command(
    players: list[str] = typer.Argument(..., help='Hole cards per player, "8c 7h" or name="Ad 4s".'),
    board: str = typer.Option("", "--board", "-b", help="The board, 0 to 5 cards."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Show down two or more players' hands on a board: who wins, who splits."""
    result = showdown(board, _named_hands(players))
    if as_json:
        _print_json(result.to_dict())
        return
    console.print(_showdown_table(result, f"Board: {format_cards(result.board) or '(none)'}"))
    if result.is_split:
        console.print(f"Split pot between {', '.join(map(str, result.winners))} with {result.winning_rank}")
    else:
        console.print(f"{result.winners[0]} wins with {result.winning_rank}")


@app.command("deal")
def deal_command(
    players: int = typer.Option(4, "--players", "-n", help="Number of players, 2 to 23."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for a reproducible deal."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Deal a random hand to each player and a board, then show them down."""
    if not 2 <= players <= 23:
        raise ShowdownError(f"a deal needs 2 to 23 players, got {players}")
    deck = Deck(seed=seed)
    holes = {f"P{i}": deck.deal(2) for i in range(1, players + 1)}
    board = deck.deal(5)
    result = showdown(board, holes)
    if as_json:
        _print_json({"seed": seed, **result.to_dict()})
        return
    console.print(_showdown_table(result, f"Board: {format_cards(board)}"))
    verb = "split with" if result.is_split else "wins with"
    console.print(f"{', '.join(map(str, result.winners))} {verb} {result.winning_rank}")


def _parse_seat(text: str) -> Seat:
    """``NAME[=CARDS]:CONTRIBUTION[:folded]``, e.g. ``A=8c 7h:25`` or ``E:40:folded``."""
    parts = text.split(":")
    folded = len(parts) == 3 and parts[2].strip().lower() == "folded"
    if not (len(parts) == 2 or folded):
        raise SettlementError(f"bad seat {text!r}: expected NAME[=CARDS]:CHIPS[:folded], e.g. 'A=8c 7h:25'")
    name, _, cards = parts[0].partition("=")
    try:
        chips = int(parts[1].strip())
    except ValueError:
        raise SettlementError(f"bad seat {text!r}: {parts[1].strip()!r} is not a whole number of chips") from None
    return Seat(name.strip(), chips, cards.strip() or None, folded)


def _print_settlement(result: Settlement) -> None:
    pots = Table(title="Pots")
    for column in ("Pot", "Amount", "Contenders", "Winners", "Hand"):
        pots.add_column(column)
    for index, pot in enumerate(result.pots):
        won = ", ".join(f"{name} {chips}" for name, chips in pot.shares.items())
        title = "Main" if index == 0 else f"Side {index}"
        pots.add_row(title, str(pot.amount), ", ".join(pot.contenders), won, pot.description or "uncontested")
    console.print(pots)
    seats = Table(title="Seats")
    for column in ("Seat", "Put in", "Returned", "Won", "Net"):
        seats.add_column(column, justify="right" if column != "Seat" else "left")
    net = result.net
    for name, put in result.contributions.items():
        seats.add_row(name, str(put), str(result.returned[name]), str(result.payouts[name]), f"{net[name]:+d}")
    console.print(seats)
    console.print(str(result))


@app.command("pots")
def pots_command(
    seat: Optional[list[str]] = typer.Option(None, "--seat", "-s", help='NAME[=CARDS]:CHIPS[:folded], in table order.'),
    board: str = typer.Option("", "--board", "-b", help="The board."),
    button: str = typer.Option("0", "--button", help="The button seat: index or name."),
    odd_chip: str = typer.Option(ODD_CHIP_RULES[0], "--odd-chip", help=" or ".join(ODD_CHIP_RULES)),
    rake_percent: Optional[float] = typer.Option(None, "--rake", help="Rake percent of each pot."),
    rake_cap: Optional[int] = typer.Option(None, "--rake-cap", help="Most rake a hand, in chips."),
    runs: Optional[list[str]] = typer.Option(None, "--run", help="A full board per run (run it twice)."),
    file: Optional[str] = typer.Option(None, "--file", "-f", help="A hand as JSON (the same fields)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Settle a hand: main and side pots, splits, odd chips, uncalled bets, rake."""
    if file:
        try:
            with open(file, encoding="utf-8") as handle:
                arguments = hand_from_json(handle.read())
        except OSError as error:
            raise SettlementError(f"cannot read {file}: {error.strerror}") from None
    else:
        if not seat:
            raise SettlementError("give the seats with --seat (or a hand with --file)")
        arguments = {
            "board": board,
            "seats": [_parse_seat(text) for text in seat],
            "button": int(button) if button.strip().lstrip("-").isdigit() else button,
            "odd_chip": odd_chip,
            "boards": runs or None,
        }
        if rake_percent is not None:
            arguments["rake"] = Rake(str(rake_percent), rake_cap)
    result = settle(**arguments)
    if as_json:
        _print_json(result.to_dict())
    else:
        _print_settlement(result)


def _equity_table(result: EquityResult) -> Table:
    how = "exact" if result.exact else f"Monte Carlo, stderr {result.stderr * 100:.3f}%"
    table = Table(title=f"Board: {result.board or '(none)'}  ({result.total:,} {how})")
    for column in ("Player", "Equity", "Win", "Tie"):
        table.add_column(column, justify="left" if column == "Player" else "right")
    for index, name in enumerate(result.players):
        table.add_row(name, f"{result.equity[index]:.3%}", f"{result.win[index]:.3%}", f"{result.tie[index]:.3%}")
    return table


@app.command("equity")
def equity_command(
    players: list[str] = typer.Argument(..., help='Hands or ranges, e.g. AcAd KhKs or "QQ+,AKs" random.'),
    board: str = typer.Option("", "--board", "-b", help="The board, 0 to 5 cards."),
    dead: str = typer.Option("", "--dead", "-d", help="Dead cards."),
    exact: Optional[bool] = typer.Option(None, "--exact/--monte-carlo", help="Force enumeration or sampling."),
    trials: Optional[int] = typer.Option(None, "--trials", "-n", help="Monte Carlo deals."),
    stderr: Optional[float] = typer.Option(None, "--stderr", help="Stop at this standard error (e.g. 0.001)."),
    time_limit: Optional[float] = typer.Option(None, "--time-limit", help="Stop after this many seconds."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for reproducible Monte Carlo."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Win, tie and equity of 2 to 10 hands or ranges, exact or Monte Carlo."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[status]}"),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=True,
                  disable=as_json or not sys.stderr.isatty()) as bar:
        task = bar.add_task("equity", total=trials, status="")

        def progress(interim: EquityResult) -> bool:
            pairs = zip(interim.players, interim.equity, strict=True)
            shares = "  ".join(f"{name} {share:.2%}" for name, share in pairs)
            what = "cases" if interim.exact else "deals"
            bar.update(task, total=interim.planned or None, completed=interim.total,
                       status=f"{interim.total:,} {what}  {shares}")
            return True

        result = equity(players, board, dead, exact=exact, trials=trials, seed=seed, stderr=stderr,
                        time_limit=time_limit, progress=progress)
    if as_json:
        _print_json(result.to_dict())
    else:
        console.print(_equity_table(result))


def _grid_table(grid: OddsGrid) -> Table:
    how = "exact" if grid.exact else f"Monte Carlo, stderr {grid.stderr * 100:.3f}%"
    plural = "s" if grid.n_opponents > 1 else ""
    table = Table(title=f"{grid.hole} on {grid.board or '(no board)'} against {grid.n_opponents} random"
                        f" hand{plural}  ({grid.total:,} {how})")
    for column in ("Hand", "You win", f"Opponent{plural} win"):
        table.add_column(column, justify="left" if column == "Hand" else "right")
    for category in reversed(Category):
        table.add_row(str(category), f"{grid.player[category]:.3%}", f"{grid.opponents[category]:.3%}")
    table.add_row("Total", f"{grid.equity:.3%}", f"{1 - grid.equity:.3%}", style="bold")
    return table


@app.command("grid")
def grid_command(
    hole: str = typer.Argument(..., help='Your two hole cards, e.g. AsKs or "As Ks".'),
    board: str = typer.Option("", "--board", "-b", help="The board, 0 to 5 cards."),
    opponents: int = typer.Option(1, "--opponents", "-o", help="Random opponents, 1 to 9."),
    exact: Optional[bool] = typer.Option(None, "--exact/--monte-carlo", help="Force enumeration or sampling."),
    trials: Optional[int] = typer.Option(None, "--trials", "-n", help="Monte Carlo deals."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for reproducible Monte Carlo."),
    as_json: bool = JSON_OPTION,
) -> None:
    """The odds grid: by hand category, how often you and your opponents win (ties count as shares)."""
    grid = odds_grid(hole, board, opponents, exact=exact, trials=trials, seed=seed)
    if as_json:
        _print_json(grid.to_dict())
    else:
        console.print(_grid_table(grid))


SCHEDULER_OPTION = typer.Option(None, "--scheduler", help="Dask scheduler address, e.g. tcp://host:8786.")
LOCAL_OPTION = typer.Option(None, "--local", help="Start this many local Dask worker processes.")


@app.command("batch")
def batch_command(
    source: str = typer.Argument(..., help="Input: one JSON object of equity() arguments per line."),
    output: str = typer.Option(..., "--output", "-o", help="Output JSON lines (appended to: reruns resume)."),
    scheduler: Optional[str] = SCHEDULER_OPTION,
    local: Optional[int] = LOCAL_OPTION,
) -> None:
    """Solve a file of equity problems, one result per line in input order; resumable."""
    from showdown.batch import run_batch
    from showdown.distributed import connect

    with connect(scheduler, local) as client, counting_bar("batch") as progress:
        summary = run_batch(source, output, client=client, progress=progress)
    console.print(f"{summary.lines} lines: {summary.skipped} already done, {summary.solved} solved now"
                  f" ({summary.errors} errors) -> {output}")


table_app = typer.Typer(no_args_is_help=True, help="Whole tables: the heads-up preflop table.")
app.add_typer(table_app, name="table")


@table_app.command("preflop")
def table_preflop_command(
    output: str = typer.Option(..., "--output", "-o", help="CSV of equities (hero class by villain class)."),
    exact: bool = typer.Option(True, "--exact", help="Exact enumeration (the only mode; every board counted)."),
    heatmap: Optional[str] = typer.Option(None, "--heatmap", help="PNG heatmap path (default: next to the CSV)."),
    classes: Optional[str] = typer.Option(None, "--classes", help="Only these classes, e.g. AA,KK,AKs."),
    scheduler: Optional[str] = SCHEDULER_OPTION,
    local: Optional[int] = LOCAL_OPTION,
) -> None:
    """The exact heads-up equity of every hand class against every hand class, and a heatmap."""
    from pathlib import Path

    from showdown.distributed import connect
    from showdown.preflop_table import preflop_table

    names = [name.strip() for name in classes.split(",")] if classes else None
    with connect(scheduler, local) as client, counting_bar("preflop table") as progress:
        table = preflop_table(names, client=client, progress=progress)
    table.to_csv(output)
    picture = Path(heatmap) if heatmap else Path(output).with_suffix(".png")
    table.heatmap(picture)
    console.print(f"{len(table.classes)} x {len(table.classes)} classes -> {output}, heatmap {picture}")


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
) -> None:
    """Run the web app: the page at /, the JSON API at /api, its docs at /docs."""
    try:
        import uvicorn

        from showdown.web import create_app
    except ImportError as error:
        raise ShowdownError(f"the web app needs the web extra: pip install 'showdown[web]' ({error})") from None
    console.print(f"showdown web app on http://{host}:{port}/  (API docs: /docs, Ctrl+C stops it)")
    uvicorn.run(create_app(), host=host, port=port, log_level="info")


def main(argv: Optional[list[str]] = None) -> None:
    """Run the command line; a ShowdownError prints one line and exits with status 2."""
    try:
        app(args=argv, prog_name="showdown")
    except ShowdownError as error:
        sys.stderr.write(f"error: {error}\n")
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
