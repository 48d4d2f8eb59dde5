"""Commands on hands: ``eval`` one hand, ``showdown`` several on a board, ``deal`` a random one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

import typer
from rich.table import Table

from showdown import (
    LIMITS,
    ShowdownResult,
    board_text,
    deal_showdown,
    evaluate,
    evaluate_low,
    format_cards,
    player_names,
    showdown,
)
from showdown.cli.output import GAME_OPTION, JSON_OPTION, console, heading, print_json, print_table


def _showdown_table(result: ShowdownResult, title: str, given: Optional[Mapping[Any, str]] = None) -> Table:
    """The players' hands, best five and verdicts; ``given``: each hole as the user wrote it."""
    table = Table(title=title)
    hi_lo = result.game.low
    columns = ("Player", "Hole", "High" if hi_lo else "Hand", "Best five", *(("Low",) if hi_lo else ()), "")
    for column in columns:
        table.add_column(column)
    for key, rank in result.ranks.items():
        won = key in result.winners
        verdict = ("splits" if result.is_split else "wins") if won else ""
        if hi_lo:
            verdict = "scoops" if key in result.scoopers and result.low_winners else _halves(result, key)
        style = "bold green" if won or key in result.low_winners else None
        hole = given[key].strip() if given else format_cards(result.holes[key])
        row = [str(key), hole, rank.description, format_cards(rank.best_five)]
        if hi_lo:
            low = result.lows.get(key)
            row.append(low.description if low is not None else "no low")
        table.add_row(*row, verdict, style=style)
    return table


def _halves(result: ShowdownResult, key: object) -> str:
    """What a player wins of a hi-lo pot, in words."""
    words = []
    if key in result.winners:
        words.append("splits the high" if result.is_split else "wins the high")
    if key in result.low_winners:
        words.append("splits the low" if len(result.low_winners) > 1 else "wins the low")
    return ", ".join(words)


def eval_command(
    cards: str = typer.Argument(..., help='1 to 7 cards, e.g. "As Ks Qs Js Ts 2d 3c" (in Omaha the hole cards).'),
    board: Optional[str] = typer.Option(None, "--board", "-b",
                                        help="Board cards: joined to the cards, or in Omaha the 3 to 5 it plays."),
    game: str = GAME_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Evaluate one hand: category, description, best five cards and value (and the low in hi-lo)."""
    rank = evaluate(cards, board, game=game)
    low = evaluate_low(cards, board, game=rank.game) if rank.game.low else None
    if as_json:
        data = rank.to_dict()
        if rank.game.low:
            data["low"] = None if low is None else low.to_dict()
        print_json(data)
        return
    table = Table(show_header=False)
    table.add_row("Cards", format_cards(rank.cards))
    table.add_row("Category", str(rank.category))
    table.add_row("Hand", rank.description)
    table.add_row("Best five", format_cards(rank.best_five))
    table.add_row("Value", str(rank.value))
    if rank.game.low:
        table.add_row("Low", "no low" if low is None else f"{low.description} ({format_cards(low.best_five)})")
    console.print(table)


def named_hands(players: list[str]) -> dict[str, str]:
    """``name=cards`` arguments (or plain cards, named P1, P2, ...) as a dict name -> cards."""
    pairs = [text.partition("=") for text in players]
    names = player_names([name if sep else None for name, sep, _ in pairs])
    return {name: cards if sep else text for name, (text, sep, cards) in zip(names, pairs, strict=True)}


def showdown_command(
    players: list[str] = typer.Argument(..., help='Hole cards per player, "8c 7h" or name="Ad 4s".'),
    board: str = typer.Option("", "--board", "-b", help="The board: none, or 3 (flop), 4 (turn) or 5 (river) cards."),
    game: str = GAME_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Show down two or more players' hands on a board: who wins, who splits (high and low in hi-lo)."""
    hands = named_hands(players)
    result = showdown(hands, board, game=game)
    if as_json:
        print_json(result.to_dict())
        return
    print_table(_showdown_table(result, heading(board_text(result.board)), hands))
    console.print(result.verdict)


def deal_command(
    players: int = typer.Option(4, "--players", "-n", help=f"Number of players, {LIMITS.min_showdown_players} to"
                                f" {LIMITS.max_showdown_players} (fewer in other games)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for a reproducible deal."),
    game: str = GAME_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Deal a random hand to each player and a board, then show them down."""
    result = deal_showdown(players, seed=seed, game=game)
    if as_json:
        print_json({"seed": seed, "result": result.to_dict()})
        return
    print_table(_showdown_table(result, heading(board_text(result.board))))
    console.print(result.verdict)
