"""The preflop order's file, ``preflop_order.csv``: the 169 starting hands ranked by their exact
heads-up all-in equity against one uniformly random hand, the order ``top N%`` ranges take them
in. Read here (:func:`preflop_counts`), written here (:func:`render`); the counts come from the
exact preflop table, summed by ``python -m showdown.odds.ordering --write`` (or ``--check``).

Each hand's record sums, over its combos, every non-overlapping opponent combo and every board,
the cases it wins, ties and in all. Exact ties keep the canonical order of the starting hands.

>>> list(preflop_equities())[:3]
['AA', 'KK', 'QQ']
"""

from __future__ import annotations

import csv
import functools
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

PREFLOP_ORDER_FILE = Path(__file__).with_name("preflop_order.csv")
HEADER = (
    "# The 169 starting hands, best first, by exact heads-up all-in equity against one random hand:\n"
    "# the cases each wins, ties and plays over every opponent combo and every board.\n"
    "# Written by `python -m showdown.odds.ordering --write`; do not edit by hand.\n"
    "hand,wins,ties,cases\n"
)


class PreflopCount(NamedTuple):
    """One starting hand's exact heads-up all-in record against one random hand: over every
    combo of the hand, every opponent combo that shares no card with it and every board, the
    cases it wins, ties and in all."""

    wins: int
    ties: int
    cases: int

    @property
    def equity(self) -> float:
        """Wins plus half the ties, over all cases."""
        return (self.wins + self.ties / 2) / self.cases


@functools.cache
def preflop_counts(path: Path = PREFLOP_ORDER_FILE) -> dict[str, PreflopCount]:
    """The 169 starting hands, best first, with their exact counts against a random hand."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    return {row["hand"]: PreflopCount(int(row["wins"]), int(row["ties"]), int(row["cases"]))
            for row in csv.DictReader(lines)}


def preflop_equities() -> dict[str, float]:
    """Each starting hand's exact equity against one random hand, best first."""
    return {hand: count.equity for hand, count in preflop_counts().items()}


def ranked(counts: dict[str, PreflopCount]) -> list[str]:
    """The hands by equity, highest first, compared exactly; exact ties keep the order
    ``counts`` gives them in.

    >>> ranked({"AA": PreflopCount(8, 0, 10), "72o": PreflopCount(3, 1, 10), "KK": PreflopCount(7, 2, 10)})
    ['AA', 'KK', '72o']
    """
    position = {hand: i for i, hand in enumerate(counts)}
    return sorted(counts, key=lambda hand: (-Fraction(2 * counts[hand].wins + counts[hand].ties,
                                                      2 * counts[hand].cases), position[hand]))


def render(counts: dict[str, PreflopCount]) -> str:
    """The file's text for the counts of every starting hand (in canonical order)."""
    rows = [f"{hand},{counts[hand].wins},{counts[hand].ties},{counts[hand].cases}\n" for hand in ranked(counts)]
    return HEADER + "".join(rows)
