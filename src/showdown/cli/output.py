"""What every command prints with: the console for tables, and JSON for ``--json``.

``--json`` prints a result's ``to_dict()`` unchanged: the same shape as the web API and batch
output (see the JSON guide, docs/guide/json.md).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from showdown import GAMES

console = Console()
JSON_OPTION = typer.Option(False, "--json", help="Print machine-readable JSON.")
GAME_OPTION = typer.Option("holdem", "--game", "-g",
                           help=f"The game: {', '.join(GAMES)}.")


def heading(text: str) -> str:
    """``text`` with a capital first letter, the rest as it is (card text keeps its case)."""
    return text[:1].upper() + text[1:]


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON to stdout."""
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def print_table(table: Table) -> None:
    """Print ``table`` with its title on a line of its own above it, never wrapped: rich would
    wrap a title to the table's width, a long title over a narrow table on several lines. The
    title is plain text (a player's name is not read as markup)."""
    title = table.title
    if title:
        table.title = None
        console.print(title, style="table.title", markup=False, highlight=False, soft_wrap=True)
    console.print(table)
