"""Generated data, loaded once: the evaluator's lookup tables and the preflop order.

Each data file sits beside the module that generates it, and the generators are run by hand
(``make tables``), never on import:

* ``evaluator.npz``, the evaluator's additive hash tables, from
  ``python -m showdown.tables.evaluator``;
* ``preflop_order.csv``, the 169 starting hands ranked by exact equity against a random hand,
  read and written by :mod:`showdown.tables.preflop_order` and computed from the exact preflop
  table by ``python -m showdown.odds.ordering --write`` (the odds package sits above the ranges
  that read the order, so the computation lives there and nothing here imports it).

>>> tables = load()
>>> len(tables.card_keys), len(tables.flush_values)
(52, 8192)
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import NamedTuple

import numpy as np

TABLE_FILE = Path(__file__).with_name("evaluator.npz")


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


GAMES_FILE = Path(__file__).with_name("games.npz")


class GameTables(NamedTuple):
    """The tables of short deck and Omaha (see :mod:`showdown.tables.games`), and a fingerprint."""

    short_rank_values: np.ndarray
    short_flush_values: np.ndarray
    omaha_high: dict[int, np.ndarray]
    flush_index: np.ndarray
    omaha_flush: np.ndarray
    low: np.ndarray
    fingerprint: str


@functools.cache
def load_games(path: Path = GAMES_FILE) -> GameTables:
    """Read the short deck and Omaha tables (once per process and path)."""
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    return GameTables(
        short_rank_values=arrays["short_rank_values"],
        short_flush_values=arrays["short_flush_values"],
        omaha_high={n: arrays[f"omaha_high_{n}"] for n in (3, 4, 5)},
        flush_index=arrays["flush_index"],
        omaha_flush=arrays["omaha_flush"],
        low=arrays["low"],
        fingerprint=fingerprint(arrays),
    )
