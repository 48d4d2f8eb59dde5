"""The generator of ``games.npz``: the lookup tables of short deck and Omaha (high and low).

Run ``python -m showdown.tables.games`` to rebuild ``games.npz`` beside this file (after
``evaluator.npz``, whose hash these tables share); the test suite rebuilds it and checks that it
equals the shipped file. The package loads it through :func:`showdown.tables.load_games`.

**Short deck** (36 cards, 6 to A) keeps hold'em's additive keys and perfect hash and only
changes the values: A-6-7-8-9 is the lowest straight, a flush beats a full house and, in the
``trips`` variant, three of a kind beats a straight. A value is ``place << 12 | ordinal``, where
``place`` is the category's place in the game's order (:data:`SHORT_DECK_PLACES`), so higher is
better within the game. ``short_rank_values[variant]`` (0 straight over trips, 1 trips over
straight) replaces ``rank_values``, ``short_flush_values`` replaces ``flush_values``.

**Omaha** hands are exactly two hole cards and three of the board. Flushes aside, the best such
hand depends only on the two hole ranks and the board's ranks:
``omaha_high_n`` is a (C(12 + n, n), 91) table for a board of ``n`` = 3, 4 or 5 cards, indexed
by the board's rank multiset (sorted ranks ``r0 <= r1 <= ...``: ``sum C(r_i + i, i + 1)``, the
colex index) and the hole pair (ranks ``hi >= lo``: ``hi * (hi + 1) / 2 + lo``): a board's row
holds every pair, so one hand's pairs read one or two cache lines. A flush
needs both hole cards and three board cards of one suit, and a board of at most five cards has
at most one suit of three or more: ``omaha_flush[flush_index[board suit ranks], pair]`` is the
best flush (straight flushes included) of two suited hole ranks (``hi > lo``:
``hi * (hi - 1) / 2 + lo``) with three of the board's cards of that suit. The hand's value is
the best over its hole pairs of the larger of the two.

**Eight-or-better low**: ranks A, 2 .. 8 are low bits 0 .. 7. ``low[pair bits, board bits]`` is
the best qualifying low of two distinct low hole ranks with three distinct low board ranks
(neither repeating a hole rank), as ``255 - (the five ranks' bits)`` (higher is better: comparing
two lows highest card first is comparing their bit masks), or 0 when no low qualifies.

>>> tables = build()
>>> tables["omaha_high_5"].shape, tables["low"].shape, int(tables["low"][0b11, 0b11100])
((6188, 91), (256, 256), 224)
"""

from __future__ import annotations

import itertools
import sys
from math import comb
from pathlib import Path

import numpy as np

from showdown.tables import load
from showdown.tables.evaluator import (
    flush_signature,
    ordinals,
    rank_multisets,
    rank_signature,
)
from showdown.tables.layout import ROW_SHIFT

TABLE_FILE = Path(__file__).with_name("games.npz")
SHORT_DECK_LOWEST = 4  # rank id of the six
SHORT_STRAIGHTS = [(0b11111 << (high - 4), high) for high in range(12, 7, -1)] + [((1 << 12) | (0b1111 << 4), 7)]
# The place of each category (hold'em numbering) in short deck's order, and in its variant.
SHORT_DECK_PLACES = (0, 1, 2, 3, 4, 6, 5, 7, 8)
SHORT_DECK_TRIPS_PLACES = (0, 1, 2, 4, 3, 6, 5, 7, 8)
LOW_RANKS = (12, 0, 1, 2, 3, 4, 5, 6)  # A, 2 .. 8: the rank id of each low bit
BOARD_SIZES = (3, 4, 5)


def _short_values(trips_over_straight: bool, places: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    tables = load()
    multisets = [c for c in rank_multisets() if sum(c) and not any(c[:SHORT_DECK_LOWEST])]
    rank_sigs = [rank_signature(c, SHORT_STRAIGHTS, trips_over_straight) for c in multisets]
    short_masks = [m for m in range(1 << 13) if m.bit_count() >= 5 and not m & 0b1111]
    flush_sigs = {mask: flush_signature(mask, SHORT_STRAIGHTS) for mask in short_masks}
    values = ordinals(rank_sigs + list(flush_sigs.values()), places)
    rank_values = np.zeros_like(tables.rank_values)
    offsets = tables.row_offsets.astype(np.int64)
    keys = tables.rank_keys.astype(np.int64)
    for counts, sig in zip(multisets, rank_sigs, strict=True):
        key = int(np.dot(keys, counts))
        rank_values[key + offsets[key >> ROW_SHIFT]] = values[sig]
    flush_values = np.zeros(1 << 13, dtype=np.uint16)
    for mask, sig in flush_sigs.items():
        flush_values[mask] = values[sig]
    return rank_values, flush_values


def board_index(ranks) -> int:
    """The colex index of a multiset of ranks among the multisets of its size."""
    return sum(comb(rank + i, i + 1) for i, rank in enumerate(sorted(ranks)))


def pair_index(hi: int, lo: int) -> int:
    """The index of a hole pair of ranks ``hi >= lo`` (0 .. 90)."""
    return hi * (hi + 1) // 2 + lo


def suited_pair_index(hi: int, lo: int) -> int:
    """The index of two distinct ranks ``hi > lo`` (0 .. 77)."""
    return hi * (hi - 1) // 2 + lo


def _omaha_high(n: int) -> np.ndarray:
    """Best non-flush value of a hole rank pair with three of a board's ranks, for boards of n."""
    tables = load()
    keys = tables.rank_keys.astype(np.int64)
    offsets = tables.row_offsets.astype(np.int64)
    rank_values = tables.rank_values
    table = np.zeros((comb(12 + n, n), 91), dtype=np.uint16)
    boards = list(itertools.combinations_with_replacement(range(13), n))
    columns = np.array([board_index(board) for board in boards])
    triples = list(itertools.combinations(range(n), 3))
    board_array = np.array(boards)
    triple_keys = np.stack([keys[board_array[:, list(t)]].sum(axis=1) for t in triples], axis=1)
    board_counts = np.stack([(board_array == rank).sum(axis=1) for rank in range(13)], axis=1)
    for hi in range(13):
        for lo in range(hi + 1):
            counts = board_counts.copy()
            counts[:, hi] += 1
            counts[:, lo] += 1
            possible = counts.max(axis=1) <= 4
            sums = triple_keys[possible] + keys[hi] + keys[lo]
            values = rank_values[sums + offsets[sums >> ROW_SHIFT]].max(axis=1)
            table[columns[possible], pair_index(hi, lo)] = values
    return table


def _omaha_flush() -> tuple[np.ndarray, np.ndarray]:
    """The flush index of board suit masks of 3 to 5 ranks and the best flush per pair."""
    flush_values = load().flush_values
    masks = [m for m in range(1 << 13) if 3 <= m.bit_count() <= 5]
    index = np.full(1 << 13, -1, dtype=np.int16)
    index[masks] = np.arange(len(masks))
    table = np.zeros((len(masks), 78), dtype=np.uint16)
    for row, mask in enumerate(masks):
        ranks = [r for r in range(13) if mask >> r & 1]
        triples = [sum(1 << r for r in t) for t in itertools.combinations(ranks, 3)]
        for hi in range(13):
            for lo in range(hi):
                pair = 1 << hi | 1 << lo
                if not pair & mask:
                    table[row, suited_pair_index(hi, lo)] = max(flush_values[pair | t] for t in triples)
    return index, table


def _low() -> np.ndarray:
    table = np.zeros((256, 256), dtype=np.uint8)
    for pair in range(256):
        if pair.bit_count() != 2:
            continue
        for board in range(256):
            free = board & ~pair
            if free.bit_count() >= 3:
                lowest = [bit for bit in range(8) if free >> bit & 1][:3]
                table[pair, board] = 255 - (pair | sum(1 << bit for bit in lowest))
    return table


def build() -> dict[str, np.ndarray]:
    """Build every table as a dict of NumPy arrays (deterministic)."""
    short, short_flush = _short_values(False, SHORT_DECK_PLACES)
    trips, trips_flush = _short_values(True, SHORT_DECK_TRIPS_PLACES)
    if not np.array_equal(short_flush, trips_flush):
        raise AssertionError("the short deck variants should value flushes alike")
    flush_index, omaha_flush = _omaha_flush()
    return {
        "short_rank_values": np.stack([short, trips]),
        "short_flush_values": short_flush,
        **{f"omaha_high_{n}": _omaha_high(n) for n in BOARD_SIZES},
        "flush_index": flush_index,
        "omaha_flush": omaha_flush,
        "low": _low(),
    }


def write(path: Path = TABLE_FILE) -> Path:
    """Build the tables and save them as a compressed ``.npz`` file."""
    tables = build()
    with open(path, "wb") as handle:
        np.savez_compressed(handle, **tables)  # type: ignore[arg-type]
    return path


def main(argv: list[str] | None = None) -> int:
    path = Path(argv[0]) if argv else TABLE_FILE
    written = write(path)
    print(f"wrote {written} ({written.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
