"""``showdown pots``: settle a hand from seats given on the command line or a JSON file."""

from __future__ import annotations

from typing import Optional

import typer
from rich.table import Table

from showdown import ODD_CHIP_RULES, Rake, Seat, Settlement, SettlementError, hand_from_json, settle
from showdown.cli.output import JSON_OPTION, console, print_json


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
        print_json(result.to_dict())
    else:
        _print_settlement(result)
