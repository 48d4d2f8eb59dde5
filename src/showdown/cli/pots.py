"""``showdown pots``: settle a hand from seats given on the command line or a JSON file."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional, Union

import typer
from rich.table import Table

from showdown import ODD_CHIP_RULES, Rake, Seat, Settlement, SettlementError, hand_from_json, settle
from showdown.cli.output import GAME_OPTION, JSON_OPTION, console, print_json, print_table


def _shown(text: str, limit: int = 60) -> str:
    quoted = repr(text)
    return quoted if len(quoted) <= limit else quoted[: limit - 4] + "...'"


def _parse_seat(text: str) -> Seat:
    """``NAME[=CARDS]:CONTRIBUTION[:folded]``, e.g. ``A=8c 7h:25`` or ``E:40:folded``."""
    parts = text.split(":")
    folded = len(parts) == 3 and parts[2].strip().lower() == "folded"
    if not (len(parts) == 2 or folded):
        raise SettlementError(f"bad seat {_shown(text)}: expected NAME[=CARDS]:CHIPS[:folded], e.g. 'A=8c 7h:25'")
    name, _, cards = parts[0].partition("=")
    chips = parts[1].strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,30}", chips):
        raise SettlementError(f"bad seat {_shown(text)}: {_shown(chips)} is not a whole number of chips")
    return Seat(name.strip(), int(chips), cards.strip() or None, folded)


def _button(text: str) -> Union[int, str]:
    """``--button``: a seat index (a whole number) or a seat name."""
    number = text.strip()
    return int(number) if re.fullmatch(r"[+-]?[0-9]{1,30}", number) else text


def _print_settlement(result: Settlement) -> None:
    pots = Table(title="Pots")
    hi_lo = result.game.low
    for column in ("Pot", "Amount", "Contenders", "Winners", "High" if hi_lo else "Hand", *(("Low",) if hi_lo else ())):
        pots.add_column(column)
    for index, pot in enumerate(result.pots):
        won = ", ".join(f"{name} {chips}" for name, chips in pot.shares.items())
        title = "Main" if index == 0 else f"Side {index}"
        low = (pot.low_description or ("no low" if pot.description else "")) if hi_lo else None
        pots.add_row(title, str(pot.amount), ", ".join(pot.contenders), won, pot.description or "uncontested",
                     *((low,) if hi_lo else ()))
    print_table(pots)
    seats = Table(title="Seats")
    for column in ("Seat", "Put in", "Returned", "Won", "Net"):
        seats.add_column(column, justify="right" if column != "Seat" else "left")
    net = result.net
    for name, put in result.contributions.items():
        seats.add_row(name, str(put), str(result.returned[name]), str(result.payouts[name]), f"{net[name]:+d}")
    print_table(seats)
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
    game: str = GAME_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Settle a hand: main and side pots, splits, odd chips, uncalled bets, rake."""
    if rake_cap is not None and rake_percent is None:
        raise SettlementError("--rake-cap caps the rake: give --rake PERCENT with it")
    if file is not None:
        given = [option for option, value in (("--seat", seat), ("--board", board), ("--run", runs),
                                              ("--rake", rake_percent is not None), ("--button", button != "0"),
                                              ("--odd-chip", odd_chip != ODD_CHIP_RULES[0]),
                                              ("--game", game != "holdem")) if value]
        if given:
            raise SettlementError(f"--file holds the whole hand: give {', '.join(given)} in the file, not beside it")
        if not file.strip():
            raise SettlementError("--file needs the path of a hand file")
        arguments = hand_from_json(Path(file))
    else:
        if not seat:
            raise SettlementError("give the seats with --seat (or a hand with --file)")
        arguments = {
            "board": board,
            "seats": [_parse_seat(text) for text in seat],
            "button": _button(button),
            "odd_chip": odd_chip,
            "boards": runs or None,
            "game": game,
        }
        if rake_percent is not None:
            arguments["rake"] = Rake(percent=str(rake_percent), cap=rake_cap)
    result = settle(**arguments)
    if as_json:
        print_json(result.to_dict())
    else:
        _print_settlement(result)
