"""Commands on odds: ``equity`` of hands and ranges, the odds ``grid``, and ``table preflop``."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from showdown import (
    LIMITS,
    Category,
    EquityResult,
    FileError,
    OddsGrid,
    ShowdownError,
    board_text,
    dask_client,
    equity,
    odds_grid,
    preflop_table,
)
from showdown.cli.hands import named_hands
from showdown.cli.output import GAME_OPTION, JSON_OPTION, console, heading, print_json, print_table
from showdown.cli.progress import counting_bar, engine_ready, equity_bar
from showdown.files import os_problem, writable_path

CLI_EXACT_LIMIT = 20_000_000_000
"""``--exact`` is refused when the plan says it takes more hand evaluations than this (about two
minutes on two cores), unless ``--max-evaluations`` raises the limit."""
EXACT_OPTION = typer.Option(None, "--exact/--monte-carlo",
                            help=f"Force enumeration or sampling; --exact is refused above --max-evaluations "
                                 f"(default {CLI_EXACT_LIMIT:,} hand evaluations, about"
                                 f" {LIMITS.exact_seconds(CLI_EXACT_LIMIT, threads=2) / 60:.0f} minutes on two cores).")
MAX_EVALUATIONS_OPTION = typer.Option(CLI_EXACT_LIMIT, "--max-evaluations",
                                      help="The most hand evaluations an exact run may take.")
TRIALS_OPTION = typer.Option(None, "--trials", "-n", help="Monte Carlo deals.")
SEED_OPTION = typer.Option(None, "--seed", help="Seed for reproducible Monte Carlo.")
BOARD_OPTION = typer.Option("", "--board", "-b", help="The board: none, or 3 (flop), 4 (turn) or 5 (river) cards.")
SCHEDULER_OPTION = typer.Option(None, "--scheduler", help="Dask scheduler address, e.g. tcp://host:8786.")
LOCAL_OPTION = typer.Option(None, "--local", help="Start this many local Dask worker processes.")


def _how(exact: bool, stderr: float) -> str:
    return "exact" if exact else f"Monte Carlo, stderr {stderr * 100:.3f}%"


def _equity_table(result: EquityResult) -> Table:
    how = _how(result.exact, result.stderr)
    table = Table(title=f"{heading(board_text(result.board))}  ({result.total:,} deals, {how})")
    columns = ("Player", "Equity", "High", "Low", "Scoop") if result.high else ("Player", "Equity", "Win", "Tie")
    for column in columns:
        table.add_column(column, justify="left" if column == "Player" else "right")
    for index, name in enumerate(result.players):
        numbers: tuple[tuple[float, ...], ...] = (result.equity, result.win, result.tie)
        if result.high:
            numbers = (result.equity, result.high, result.low, result.scoop)
        table.add_row(name, *(f"{values[index]:.3%}" for values in numbers))
    return table


def equity_command(
    players: list[str] = typer.Argument(..., help='Hands or ranges, e.g. AcAd KhKs or "QQ+,AKs" random; '
                                        'name one with name=, e.g. alice=AcAd.'),
    board: str = BOARD_OPTION,
    dead: str = typer.Option("", "--dead", "-d", help="Dead cards."),
    exact: Optional[bool] = EXACT_OPTION,
    trials: Optional[int] = TRIALS_OPTION,
    stderr: Optional[float] = typer.Option(None, "--stderr", help="Stop at this standard error (e.g. 0.001)."),
    time_limit: Optional[float] = typer.Option(None, "--time-limit", help="Stop after this many seconds."),
    seed: Optional[int] = SEED_OPTION,
    max_evaluations: int = MAX_EVALUATIONS_OPTION,
    game: str = GAME_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Win, tie and equity of 2 to 10 hands or ranges, exact or Monte Carlo (high, low and scoop in hi-lo)."""
    engine_ready("equity")
    with equity_bar(trials, quiet=as_json) as progress:
        named = any("=" in text for text in players)
        result = equity(named_hands(players) if named else players, board, dead, exact=exact, trials=trials,
                        seed=seed, stderr=stderr, time_limit=time_limit, progress=progress,
                        max_evaluations=max_evaluations, game=game)
    if as_json:
        print_json(result.to_dict())
    else:
        print_table(_equity_table(result))


def _grid_table(grid: OddsGrid) -> Table:
    plural = "s" if grid.n_opponents > 1 else ""
    table = Table(title=f"{grid.hole}, {board_text(grid.board)}, against {grid.n_opponents} random"
                        f" hand{plural}  ({grid.total:,} {_how(grid.exact, grid.stderr)})")
    for column in ("Hand", "You win", f"Opponent{plural} win"):
        table.add_column(column, justify="left" if column == "Hand" else "right")
    for category in reversed(Category):
        table.add_row(str(category), f"{grid.player[category]:.3%}", f"{grid.opponents[category]:.3%}")
    table.add_row("Total", f"{grid.equity:.3%}", f"{1 - grid.equity:.3%}", style="bold")
    return table


def grid_command(
    hole: str = typer.Argument(..., help='Your hole cards, e.g. AsKs or "As Ks" (four in Omaha).'),
    board: str = BOARD_OPTION,
    opponents: int = typer.Option(1, "--opponents", "-o", help=f"Random opponents, 1 to {LIMITS.max_grid_opponents}."),
    exact: Optional[bool] = EXACT_OPTION,
    trials: Optional[int] = TRIALS_OPTION,
    seed: Optional[int] = SEED_OPTION,
    max_evaluations: int = MAX_EVALUATIONS_OPTION,
    game: str = GAME_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """The odds grid: by hand category, how often you and your opponents win (ties count as shares)."""
    engine_ready("equity")
    grid = odds_grid(hole, board, opponents, exact=exact, trials=trials, seed=seed, max_evaluations=max_evaluations,
                     game=game)
    if as_json:
        print_json(grid.to_dict())
    else:
        print_table(_grid_table(grid))


def _heatmap_path(output: Path, heatmap: Optional[str], no_heatmap: bool) -> Optional[Path]:
    """Where the heatmap goes (None: nowhere), checked before the work: matplotlib is there, it
    can write that kind of picture, the path is writable and is not the CSV's."""
    if no_heatmap:
        if heatmap:
            raise ShowdownError("give --heatmap PATH or --no-heatmap, not both")
        return None
    picture = writable_path(heatmap, "heatmap") if heatmap else output.with_suffix(".png")
    if importlib.util.find_spec("matplotlib") is None:
        raise ShowdownError("the heatmap needs matplotlib: pip install 'showdown-poker[plot]', or give --no-heatmap")
    from matplotlib.backend_bases import FigureCanvasBase

    kinds = FigureCanvasBase.get_supported_filetypes()
    if picture.suffix and picture.suffix[1:].lower() not in kinds:
        raise ShowdownError(f"the heatmap cannot be a {picture.suffix} file: give a path ending in "
                            f"{', '.join('.' + kind for kind in sorted(kinds))}")
    if picture.absolute() == output.absolute():
        raise ShowdownError(f"the heatmap {str(picture)!r} would overwrite the CSV: give --heatmap another path")
    if not heatmap:
        writable_path(str(picture), "heatmap")
    return picture


def _write(path: Path, what: str, write: Callable[[Path], object]) -> None:
    try:
        write(path)
    except OSError as error:
        raise FileError(f"cannot write {what} {str(path)!r}: {os_problem(error)}") from None


def preflop_command(
    output: str = typer.Option(..., "--output", "-o", help="CSV of equities (hero's hand by villain's hand)."),
    heatmap: Optional[str] = typer.Option(None, "--heatmap", help="PNG heatmap path (default: next to the CSV)."),
    no_heatmap: bool = typer.Option(False, "--no-heatmap", help="Write only the CSV (no matplotlib needed)."),
    hands: Optional[str] = typer.Option(None, "--hands", help="Only these starting hands, e.g. AA,KK,AKs."),
    scheduler: Optional[str] = SCHEDULER_OPTION,
    local: Optional[int] = LOCAL_OPTION,
) -> None:
    """The exact heads-up equity of every starting hand against every starting hand (every board
    counted), and a heatmap."""
    names = [name.strip() for name in hands.split(",")] if hands is not None else None
    csv = writable_path(output, "CSV file")
    picture = _heatmap_path(csv, heatmap, no_heatmap)
    engine_ready("equity")
    with dask_client(scheduler, local) as client, counting_bar("preflop table") as progress:
        table = preflop_table(names, client=client, progress=progress)
    _write(csv, "CSV file", table.to_csv)
    if picture is not None:
        _write(picture, "heatmap", table.heatmap)
    drawn = f", heatmap {picture}" if picture is not None else ""
    console.print(f"{len(table.hands)} x {len(table.hands)} starting hands -> {output}{drawn}")
