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
from showdown.compare import ShowdownResult, showdown
from showdown.errors import ShowdownError
from showdown.evaluate import evaluate

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Texas Hold'em hand evaluation and showdowns.",
    pretty_exceptions_enable=False,
)
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


def main(argv: Optional[list[str]] = None) -> None:
    """Run the command line; a ShowdownError prints one line and exits with status 2."""
    try:
        app(args=argv, prog_name="showdown")
    except ShowdownError as error:
        sys.stderr.write(f"error: {error}\n")
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
