"""Generated data, loaded once: the evaluator's lookup tables and the preflop order.

Each data file sits beside the module that generates it, and the generators are run by hand
(``make tables``), never on import:

* ``evaluator.npz``, the evaluator's additive hash tables, from
  ``python -m showdown.tables.evaluator``;
* ``preflop_order.csv``, the 169 starting hands ranked by exact equity against a random hand,
  from ``python -m showdown.tables.preflop_order --write``.

>>> tables = load()
>>> len(tables.card_keys), len(tables.flush_values)
(52, 8192)
>>> list(preflop_equities())[:3]
['AA', 'KK', 'QQ']
"""

from __future__ import annotations

import csv
import functools
import hashlib
from pathlib import Path
from typing import NamedTuple

import numpy as np

TABLE_FILE = Path(__file__).with_name("evaluator.npz")
PREFLOP_ORDER_FILE = Path(__file__).with_name("preflop_order.csv")


class Tables(NamedTuple):
    """The arrays the evaluator needs, and a fingerprint of their content."""

    rank_keys: np.ndarray
    card_keys: np.ndarray
    row_shift: int
    row_offsets: np.ndarray
    rank_values: np.ndarray
    flush_values: np.ndarray
    fingerprint: str


def fingerprint(arrays: dict[str, np.ndarray]) -> str:
    """A short content hash of named arrays (names, dtypes, shapes and bytes)."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()[:16]


@functools.cache
def load(path: Path = TABLE_FILE) -> Tables:
    """Read the evaluator's tables (once per process and path)."""
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    return Tables(
        rank_keys=arrays["rank_keys"],
        card_keys=arrays["card_keys"],
        row_shift=int(arrays["row_shift"]),
        row_offsets=arrays["row_offsets"],
        rank_values=arrays["rank_values"],
        flush_values=arrays["flush_values"],
        fingerprint=fingerprint(arrays),
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
