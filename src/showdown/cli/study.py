"""The ``study`` command: what a range holds on a board, its equity by hand and its spread."""

from __future__ import annotations

from typing import Any, Optional

import typer
from rich.table import Table

from showdown import (
    LIMITS,
    Breakdown,
    ComboEquities,
    NextCard,
    StudyError,
    board_text,
    breakdown,
    combo_equities,
    next_card,
)
from showdown.cli.output import JSON_OPTION, heading, print_json, print_table
from showdown.cli.progress import engine_ready

DECILES = tuple(k / 10 for k in range(1, 11))
"""The shares of the range at which the distribution is printed."""


def _breakdown_table(result: Breakdown) -> Table:
    title = f"{result.range}, {board_text(result.board)}: {result.total:g} combos"
    if result.villain is not None and result.equity is not None:
        title += f", {result.equity:.2%} against {result.villain}"
    table = Table(title=heading(title))
    for column in ("Class", "Combos", "Share", "", *(("Equity",) if result.villain is not None else ())):
        table.add_column(column, justify="left" if column in ("Class", "") else "right")
    for counts in (result.made, result.draws):
        for name, count in counts.items():
            if not count:
                continue
            share = result.share(name)
            row = [name, f"{count:g}", f"{share:.1%}", "█" * round(share * 24)]
            if result.villain is not None:
                equity = result.equity_by_class.get(name)
                row.append("" if equity is None else f"{equity:.1%}")
            table.add_row(*row)
        table.add_section()
    return table


def _classes_table(result: ComboEquities) -> Table:
    how = "exact" if result.exact else f"Monte Carlo, {result.trials:,} deals, stderr {result.stderr:.3%}"
    table = Table(title=f"Equity by hand against {' and '.join(result.villains)} ({how})")
    for column in ("Hand", "Equity", "Hand ", "Equity "):
        table.add_column(column, justify="left" if column.startswith("Hand") else "right")
    ranked = sorted(result.by_class.items(), key=lambda item: -item[1])
    half = -(-len(ranked) // 2)
    for left, right in zip(ranked[:half], [*ranked[half:], ("", None)], strict=False):
        table.add_row(left[0], f"{left[1]:.1%}", right[0], "" if right[1] is None else f"{right[1]:.1%}")
    return table


def _distribution_table(result: ComboEquities) -> Table:
    table = Table(title="Equity distribution")
    table.add_column("Best of range", justify="right")
    table.add_column("Has at least", justify="right")
    table.add_column("")
    for share in DECILES:
        equity = result.equity_at(share)
        table.add_row(f"{share:.0%}", f"{equity:.1%}", "█" * round(equity * 24))
    return table


def _next_card_table(result: NextCard) -> Table:
    street = "turn" if len(result.board) == 3 else "river"
    table = Table(title=f"Equity by {street} card, {result.equity:.1%} now")
    for suit in ("", "♠", "♥", "♦", "♣"):
        table.add_column(suit, justify="right")
    for rank in "AKQJT98765432":
        cells = []
        for suit in "shdc":
            value = result.by_card.get(rank + suit)
            cells.append("" if value is None else f"{value:.1%}")
        table.add_row(rank, *cells)
    return table


def study_command(
    board: str = typer.Argument(..., help='The flop, turn or river, e.g. "Ks 7h 2d".'),
    range_text: str = typer.Option(..., "--range", "-r", help='The range studied, e.g. "random" or "22+,A2s+,KTo+".'),
    villains: Optional[list[str]] = typer.Option(None, "--villain", "-v",
                                                 help="A villain range (repeat for multiway: Monte Carlo)."),
    dead: str = typer.Option("", "--dead", "-d", help="Dead cards."),
    show_next_card: bool = typer.Option(False, "--next-card", help="Also the equity after each next card "
                                        "(heads-up, on a flop or turn)."),
    trials: Optional[int] = typer.Option(None, "--trials", "-n", help="Monte Carlo deals (multiway)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for reproducible Monte Carlo."),
    game: str = typer.Option("holdem", "--game", "-g", help=f"The game: {', '.join(LIMITS.study_games[:-1])} or"
                                                              f" {LIMITS.study_games[-1]}."),
    as_json: bool = JSON_OPTION,
) -> None:
    """What a range holds on a board (made hands and draws), its equity by hand and how it is spread."""
    villains = villains or []
    heads_up = len(villains) == 1
    if show_next_card and not heads_up:
        raise StudyError(f"--next-card needs exactly one --villain, got {len(villains)}")
    if len(villains) < 2 and (trials is not None or seed is not None):
        raise StudyError("--trials and --seed apply to a study against two or more --villain ranges (Monte Carlo);"
                         f" against one every number is exact, and without one there are no equities; got"
                         f" {len(villains)}")
    engine_ready("study")
    result = breakdown(range_text, board, dead, villain=villains[0] if heads_up else None, game=game)
    equities = result.equities if heads_up or not villains else combo_equities(
        range_text, villains, board, dead, trials=trials, seed=seed, game=game)
    following = next_card(range_text, villains[0], board, dead, game=game) if show_next_card and heads_up else None
    if as_json:
        data: dict[str, Any] = {"breakdown": result.to_dict()}
        if equities is not None:
            data["equities"] = equities.to_dict()
        if following is not None:
            data["next_card"] = following.to_dict()
        print_json(data)
        return
    print_table(_breakdown_table(result))
    if equities is not None:
        print_table(_classes_table(equities))
        print_table(_distribution_table(equities))
    if following is not None:
        print_table(_next_card_table(following))
