"""The preflop order, computed: each starting hand's row of the exact preflop table summed (its
record against one random hand), ranked and written to ``showdown/tables/preflop_order.csv``, the
generated data ``top N%`` ranges read. About 20 s on two cores::

    python -m showdown.odds.ordering --write     # or --check, or nothing to print it

The ranges below the odds package read the file; computing it takes the odds package, so the
computation lives here, above them, and the package's imports stay acyclic.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional

from showdown.odds.preflop import PreflopTable, preflop_table
from showdown.tables.preflop_order import PREFLOP_ORDER_FILE, PreflopCount, render


def order_counts(table: PreflopTable) -> dict[str, PreflopCount]:
    """Each starting hand's exact record against one random hand: its row of the table summed."""
    wins, ties, cases = table.wins.sum(axis=1), table.ties.sum(axis=1), table.boards.sum(axis=1)
    return {hand: PreflopCount(int(w), int(t), int(c))
            for hand, w, t, c in zip(table.hands, wins, ties, cases, strict=True)}


def main(argv: Optional[list[str]] = None) -> int:
    """Compute the preflop order: print it, ``--write`` it to preflop_order.csv, or ``--check`` it."""
    parser = argparse.ArgumentParser(prog="python -m showdown.odds.ordering", description=main.__doc__)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="write showdown/tables/preflop_order.csv")
    action.add_argument("--check", action="store_true", help="exit 1 if the shipped file differs")
    args = parser.parse_args(argv)
    text = render(order_counts(preflop_table()))
    if args.write:
        PREFLOP_ORDER_FILE.write_text(text, encoding="utf-8")
    elif args.check:
        if PREFLOP_ORDER_FILE.read_text(encoding="utf-8") != text:
            print(f"{PREFLOP_ORDER_FILE.name} differs from the exact preflop table", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
