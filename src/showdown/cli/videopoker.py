"""``showdown vp``: video poker holds, game analysis, strategy lists and an interactive trainer.

Pay tables are given by name, short form (``9/6``, ``ddb-9/6``; ``vp list`` lists them) or a
JSON file. Errors print one line (``error: ...``) and exit with status 2, as for every showdown
command.
"""

from __future__ import annotations

import sys
from typing import Any, Optional

import typer
from rich.table import Table

from showdown import LIMITS, ShowdownError, dask_client, format_cards
from showdown.cli.output import JSON_OPTION, console, print_json, print_table
from showdown.cli.progress import counting_bar, engine_ready
from showdown.videopoker import (
    EXCEPTION_THRESHOLD,
    MAX_LINES,
    PAYTABLES,
    Analysis,
    HoldParseError,
    Paytable,
    Played,
    Trainer,
    VideoPokerError,
    analyze,
    analyze_all,
    holds,
    parse_hold,
    paytable_from_text,
    strategy,
)

videopoker_app = typer.Typer(
    no_args_is_help=True,
    help="Video poker: the named pay tables, ranked holds, game analysis, strategy lists, a trainer.")
PAYTABLE_OPTION = typer.Option(
    "9/6", "--paytable", "-p",
    help="A name, a short form (9/6, bonus-8/5, ddb-9/6; see vp list) or a JSON file."
)
COINS_OPTION = typer.Option(5, "--coins", "-c", help="Coins bet, 1 to 5 (a royal pays 800 a coin only at 5).")


def _held_text(cards: tuple[Any, ...]) -> str:
    return format_cards(cards) if cards else "(draw five)"


def _numbered(cards: tuple[Any, ...]) -> str:
    """Five cards with their positions, as the trainer takes them: ``1:Kc  2:3s ...``."""
    return "  ".join(f"{i}:{card}" for i, card in enumerate(cards, start=1))


def _listed(table: Paytable) -> dict[str, Any]:
    """A named table as ``vp list --json`` prints it: its ``to_dict()`` and its short names."""
    return {**table.to_dict(), "short_names": list(table.short_names)}


@videopoker_app.command("list")
def list_command(as_json: bool = JSON_OPTION) -> None:
    """The named pay tables: each one's name, title, short names (any of which --paytable
    takes) and wild cards."""
    if as_json:
        print_json([_listed(table) for table in PAYTABLES.values()])
        return
    view = Table(title="Named pay tables (--paytable takes a name or a short name)")
    for column in ("Name", "Title", "Short names", "Wild cards"):
        view.add_column(column)
    for table in PAYTABLES.values():
        view.add_row(table.name, table.title, ", ".join(table.short_names), table.wild)
    print_table(view)


@videopoker_app.command("hold")
def hold_command(
    deal: str = typer.Argument(..., help='Five cards, e.g. "As Ks Kh 4s 4d".'),
    paytable: str = PAYTABLE_OPTION,
    coins: int = COINS_OPTION,
    top: int = typer.Option(32, "--top", "-n", help="Show the best N holds."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Every hold of a deal ranked by its exact expected payout; positions count from 1, as
    ``vp play`` takes them."""
    if top < 1:
        raise ShowdownError(f"--top must be at least 1, got {top:,}")
    table = paytable_from_text(paytable)
    engine_ready("videopoker")
    ranked = holds(deal, table, coins)
    if as_json:
        print_json(ranked.to_dict())
        return
    view = Table(title=f"{format_cards(ranked.deal)}  ({table.title}, {coins} coin{'s' * (coins > 1)})")
    for column in ("#", "Hold", "Positions", "EV per coin", f"EV per {coins}-coin bet", ""):
        view.add_column(column, justify="right" if column.startswith(("#", "EV")) else "left")
    for hold in ranked[:top]:
        tie = f"tied with {len(hold.tied_with)}" if hold.tied_with else ""
        positions = " ".join(str(index + 1) for index in hold.positions) or "none"  # counting from 1
        view.add_row(
            str(hold.rank),
            _held_text(hold.held),
            positions,
            f"{hold.ev_float:.6f}",
            f"{float(hold.ev_per_bet):.4f}",
            tie,
            style="bold green" if hold.rank == 1 else None,
        )
    print_table(view)


def _analysis_table(result: Analysis) -> Table:
    view = Table(title=result.summary())
    for column in ("Hand", "Pays", "Combinations", "Probability", "Return"):
        view.add_column(column, justify="left" if column == "Hand" else "right")
    for row in result.rows:
        view.add_row(
            row.label,
            str(row.pay),
            f"{row.combinations:,}",
            f"{float(row.probability):.9f}",
            f"{float(row.contribution):.6f}",
        )
    view.add_row(
        "Total", "", f"{result.total_combinations:,}", f"{1:.9f}", f"{float(result.expected_return):.6f}", style="bold"
    )
    return view


@videopoker_app.command("analyze")
def analyze_command(
    paytable: Optional[str] = typer.Option(None, "--paytable", "-p", show_default="9/6",
                                           help=PAYTABLE_OPTION.help),
    coins: int = COINS_OPTION,
    every: bool = typer.Option(False, "--all", help="Every named pay table (not with --paytable)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Dask scheduler address for --all."),
    local: Optional[int] = typer.Option(None, "--local", help="Start this many local Dask workers for --all."),
    as_json: bool = JSON_OPTION,
) -> None:
    """The game's exact return under optimal play, hand by hand, and its variance."""
    if every and paytable is not None:
        raise VideoPokerError(f"--all analyzes every named pay table; drop --paytable {paytable}")
    if not every and (scheduler is not None or local is not None):
        raise VideoPokerError("--scheduler and --local spread --all over a cluster; one pay table runs here")
    if every:
        _analyze_every(coins, scheduler, local, as_json)
        return
    table = paytable_from_text(PAYTABLE_OPTION.default if paytable is None else paytable)
    engine_ready("videopoker")
    with counting_bar(f"analyzing {table.title}", quiet=as_json) as progress:
        result = analyze(table, coins, progress=progress)
    if as_json:
        print_json(result.to_dict())
    else:
        print_table(_analysis_table(result))
        console.print(
            f"Standard deviation {result.standard_deviation:.2f}; {result.deal_classes:,} deal classes "
            f"cover all {result.deals:,} deals ({result.elapsed:.2f} s)."
        )


@videopoker_app.command("strategy")
def strategy_command(
    paytable: str = typer.Argument("9/6",
                                   help="A name, a short form (9/6, ddb-9/6, deuces; see vp list) or a JSON file."),
    coins: int = COINS_OPTION,
    max_lines: int = typer.Option(MAX_LINES, "--max-lines", help=f"The longest list to print"
                                  f" ({LIMITS.min_strategy_lines} to {LIMITS.max_strategy_lines})."),
    as_json: bool = JSON_OPTION,
) -> None:
    """The strategy list of a pay table, derived from the exact solution of every deal: its
    lines in order (hold the cards of the first line the deal matches), with the return of
    playing by it and its cost against perfect play on top, and the penalty-card exceptions
    (lines that play a hold only with or without some penalty cards) with what each is worth."""
    table = paytable_from_text(paytable)
    engine_ready("videopoker")
    plan = strategy(table, coins, max_lines=max_lines)
    if as_json:
        print_json(plan.to_dict())
        return
    console.print(plan.summary())
    view = Table(title=f"{table.title}, {coins} coin{'s' * (coins > 1)}: hold the first line the deal matches")
    for column in ("#", "Hold", "Played", "EV per coin"):
        view.add_column(column, justify="left" if column == "Hold" else "right")
    for line in plan.lines:
        spread = f"{line.ev_min:.3f}" if line.ev_min == line.ev_max else f"{line.ev_min:.3f} - {line.ev_max:.3f}"
        view.add_row(str(line.number), line.words + (" *" if line.exception else ""), f"{line.frequency:.3%}", spread)
    print_table(view)
    if plan.exceptions:
        worths = ", ".join(f"line {line.number} adds {line.worth * 100:.4f}" for line in plan.exceptions)
        console.print(f"* a penalty-card exception, kept as it adds at least {EXCEPTION_THRESHOLD * 100:.4f} "
                      f"points to the return: {worths} points", highlight=False)


def _analyze_every(coins: int, scheduler: Optional[str], local: Optional[int], as_json: bool) -> None:
    engine_ready("videopoker")
    with dask_client(scheduler, local) as client, counting_bar("pay tables", quiet=as_json) as progress:
        results = analyze_all(coins, client=client, progress=progress)
    if as_json:
        print_json([result.to_dict() for result in results.values()])
        return
    view = Table(title=f"Every pay table at {coins} coin{'s' if coins > 1 else ''}, optimal play")
    for column in ("Pay table", "Return", "Variance"):
        view.add_column(column, justify="left" if column == "Pay table" else "right")
    for result in results.values():
        view.add_row(result.paytable.title, f"{float(result.expected_return):.4%}", f"{float(result.variance):.2f}")
    print_table(view)


def _report(played: Played, coins: int) -> None:
    console.print(f"Final hand:  {_numbered(played.final)}  {played.hand}, pays {played.payout}")
    yours, best = played.hold, played.best
    if played.mistake:
        console.print(
            f"[red]Your hold {_held_text(yours.held)} (EV {yours.ev_float:.4f}; {played.hold_line}) gave up "
            f"{float(played.ev_lost):.4f} per coin ({float(played.ev_lost * coins):.4f} per bet) against "
            f"{_held_text(best.held)} (EV {best.ev_float:.4f}; {played.best_line}).[/red]", highlight=False
        )
    else:
        also = f"; as good: {', '.join(_held_text(h) for h in yours.tied_with)}" if yours.tied_with else ""
        console.print(f"[green]Best hold: {_held_text(yours.held)} (EV {yours.ev_float:.4f}; "
                      f"{played.hold_line}){also}.[/green]", highlight=False)
    console.print(
        f"Tally: {played.hands} hand{'s' * (played.hands > 1)}, {played.mistakes} "
        f"mistake{'s' * (played.mistakes != 1)}, EV lost {float(played.total_ev_lost):.4f} per coin; "
        f"bet {played.total_bet}, won {played.total_won}"
    )


def _tally(trainer: Trainer) -> None:
    """The session's mistakes by the line the best hold followed."""
    if not trainer.by_line:
        return
    view = Table(title="Mistakes by line (the line the best hold follows)")
    view.add_column("Line")
    view.add_column("Mistakes", justify="right")
    view.add_column("EV lost per coin", justify="right")
    for tally in trainer.by_line:
        view.add_row(str(tally.line), str(tally.mistakes), f"{float(tally.ev_lost):.4f}")
    print_table(view)


@videopoker_app.command("play")
def play_command(
    paytable: str = PAYTABLE_OPTION,
    coins: int = COINS_OPTION,
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for a reproducible session."),
    hands: Optional[int] = typer.Option(None, "--hands", help="Stop after this many hands."),
    tutor: bool = typer.Option(False, "--tutor", help="Warn before the draw when a hold is not the best one."),
) -> None:
    """A trainer: hold cards by position (1 3 4) or name (As Ks), none, all; q quits. A
    mistake is shown with the lines of the strategy list the best hold and yours follow; the
    session ends with the mistakes by line. With --tutor a weaker hold is questioned before
    the draw (answer y to draw anyway, or give another hold)."""
    if hands is not None and hands < 1:
        raise ShowdownError(f"--hands must be at least 1, got {hands:,}")
    trainer = Trainer(paytable_from_text(paytable), coins, seed)
    engine_ready("videopoker")
    console.print(
        f"{trainer.paytable.title}, {coins} coin{'s' * (coins > 1)} a hand. Hold by position (1 3 4), by "
        "card (As Ks), none or all; q quits."
    )
    while hands is None or trainer.hands_played < hands:
        deal = trainer.deal()
        console.print(f"\nHand {trainer.hands_played + 1}:  {_numbered(deal)}")
        warned: Optional[tuple[int, ...]] = None
        while True:
            try:
                text = console.input("hold> ")
            except EOFError:
                text = "q"
            except UnicodeDecodeError:
                raise ShowdownError("the answers read from stdin are not UTF-8 text") from None
            if not sys.stdin.isatty():  # echo piped answers so the transcript reads well
                console.print(text, highlight=False)
            if text.strip().lower() in ("q", "quit", "exit"):
                _goodbye(trainer)
                return
            if warned is not None and text.strip().lower() in ("y", "yes"):
                positions = warned
                break
            try:
                positions = parse_hold(text, deal)
            except HoldParseError as error:
                console.print(f"[yellow]{error}[/yellow]")
                continue
            warned = None
            if tutor:
                advice = trainer.advise(positions)
                if advice.mistake:
                    console.print(f"[yellow]Tutor: {advice.hold_line.words} is not the best hold here; the "
                                  f"best follows {advice.best_line} (it gives up {float(advice.ev_lost):.4f} "
                                  "per coin). y draws anyway, or give another hold.[/yellow]", highlight=False)
                    warned = positions
                    continue
            break
        _report(trainer.play(positions), coins)
    _tally(trainer)


def _goodbye(trainer: Trainer) -> None:
    console.print(f"Goodbye after {trainer.hands_played} hand{'s' * (trainer.hands_played != 1)}.")
    _tally(trainer)
