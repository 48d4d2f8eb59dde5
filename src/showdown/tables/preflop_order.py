"""The generator of ``preflop_order.csv``: the 169 starting hands ranked by their exact heads-up
all-in equity against one uniformly random hand, the order ``top N%`` ranges take them in.

Each hand's record sums, over its combos, every non-overlapping opponent combo and every board,
the cases it wins, ties and in all: the rows of the exact preflop table
(:func:`showdown.preflop_table`) added up. Exact ties keep the canonical order of
:func:`showdown.starting_hands`. Regenerate (about 20 s on two cores) with::

    python -m showdown.tables.preflop_order --write     # or --check to compare without writing

This module is a build tool: the package loads the data through :func:`showdown.tables.preflop_counts`
and never imports the generator (the import-linter contracts in pyproject.toml say so).
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional

from showdown.tables import PREFLOP_ORDER_FILE, PreflopCount

HEADER = (
    "# The 169 starting hands, best first, by exact heads-up all-in equity against one random hand:\n"
    "# the cases each wins, ties and plays over every opponent combo and every board.\n"
    "# Written by `python -m showdown.tables.preflop_order --write`; do not edit by hand.\n"
    "hand,wins,ties,cases\n"
)


def exact_counts() -> dict[str, PreflopCount]:
    """Every starting hand's exact counts against a random hand, in canonical order."""
    from showdown.odds import preflop_table

    table = preflop_table()
    wins, ties, cases = table.wins.sum(axis=1), table.ties.sum(axis=1), table.boards.sum(axis=1)
    return {hand: PreflopCount(int(w), int(t), int(c))
            for hand, w, t, c in zip(table.hands, wins, ties, cases, strict=True)}


def ranked(counts: dict[str, PreflopCount]) -> list[str]:
    """The hands by equity, highest first; exact ties keep the order ``counts`` gives them in.

    >>> ranked({"AA": PreflopCount(8, 0, 10), "72o": PreflopCount(3, 1, 10), "KK": PreflopCount(7, 2, 10)})
    ['AA', 'KK', '72o']
    """
    position = {hand: i for i, hand in enumerate(counts)}
    # Compare wins + ties / 2 over cases exactly: cross-multiplied integers, no rounding.
    return sorted(counts, key=lambda hand: (-_Exact(counts[hand]), position[hand]))


class _Exact:
    """An equity compared exactly (as the fraction (2 wins + ties) / (2 cases))."""

    def __init__(self, count: PreflopCount) -> None:
        self.numerator, self.denominator = 2 * count.wins + count.ties, 2 * count.cases

    def __neg__(self) -> _Exact:
        negated = object.__new__(_Exact)
        negated.numerator, negated.denominator = -self.numerator, self.denominator
        return negated

    def __lt__(self, other: _Exact) -> bool:
        return self.numerator * other.denominator < other.numerator * self.denominator

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Exact) and self.numerator * other.denominator == other.numerator * self.denominator


def render(counts: dict[str, PreflopCount]) -> str:
    """The CSV text of the order."""
    rows = [f"{hand},{counts[hand].wins},{counts[hand].ties},{counts[hand].cases}\n" for hand in ranked(counts)]
    return HEADER + "".join(rows)


def main(argv: Optional[list[str]] = None) -> int:
    """Regenerate the order: print it, ``--write`` it to preflop_order.csv, or ``--check`` it."""
    parser = argparse.ArgumentParser(prog="python -m showdown.tables.preflop_order", description=main.__doc__)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="write preflop_order.csv")
    action.add_argument("--check", action="store_true", help="exit 1 if the shipped file differs")
    args = parser.parse_args(argv)
    text = render(exact_counts())
    if args.write:
        PREFLOP_ORDER_FILE.write_text(text, encoding="utf-8")
    elif args.check:
        if PREFLOP_ORDER_FILE.read_text(encoding="utf-8") != text:
            print(f"{PREFLOP_ORDER_FILE.name} differs from the generator's output", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
