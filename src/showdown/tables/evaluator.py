"""The generator of ``evaluator.npz``: the evaluator's lookup tables, built deterministically.

Run ``python -m showdown.tables.evaluator`` to rebuild ``evaluator.npz`` beside this file; the
test suite regenerates the tables and checks that they equal the shipped file. The package
loads the data through :func:`showdown.tables.load` and never imports this module. Its two
search loops are compiled by numba without a cache: they run once, at build time, and are not
kernels.

The evaluator is additive (the scheme of OMPEval): every card has a 64-bit key, and the key of a
hand is the sum of its cards' keys plus ``KEY_INIT``.

* The low 32 bits hold the sum of per-rank keys. The rank keys are chosen so that every multiset
  of at most seven ranks (at most four of each) has its own sum; a displacement perfect hash then
  maps those sums into a small table of hand values (``RANK_VALUES``).
* Bits 32..47 hold four 4-bit suit counters that start at 3: a counter reaches 8 (its top bit,
  ``FLUSH_CHECK``) exactly when the hand holds five or more cards of that suit. The flush is then
  valued from the 13-bit mask of that suit's ranks through ``FLUSH_VALUES``.

A hand value is ``category << 12 | ordinal``; ordinals order the hands of one category, and
hands of fewer than five cards (partial hands) sit below every complete hand with the same
leading cards, as if their missing kickers were lower than a deuce.

Every hand's value starts from its signature, (category, tiebreak), from its rank counts
(2 to ace) or, for a flush, from the 13-bit mask of the suit's ranks:

>>> rank_signature((0,) * 8 + (1, 1, 1, 1, 1))  # ten to ace: a straight, ace high
(4, (12,))
>>> flush_signature(0b1000000001111)  # ace to five of one suit: the lowest straight flush
(8, (3,))
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy as np
from numba import njit

from showdown.tables.layout import CATEGORY_SHIFT, MAX_CARDS, ROW_SHIFT, SUIT_SHIFT

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 5, 6, 7, 8
TABLE_FILE = Path(__file__).with_name("evaluator.npz")

# Straights from the highest (A-K-Q-J-T) to the wheel (5-4-3-2-A), as (rank mask, high rank).
STRAIGHTS = [(0b11111 << (high - 4), high) for high in range(12, 3, -1)] + [(0b1000000001111, 3)]


def _search_rank_keys() -> list[int]:
    """Smallest increasing keys keeping every multiset of <= 7 ranks (<= 4 each) distinct.

    Greedy, rank by rank: the sums of the multisets built so far are known; key ``k`` is safe
    for the next rank when no sum with room for ``m`` more cards, plus ``m * k``, lands on an
    existing sum, for every ``m`` of 1 to 4.
    """
    sums = np.zeros(1, dtype=np.int64)
    sizes = np.zeros(1, dtype=np.int64)
    keys: list[int] = []
    candidate = 1
    for _ in range(13):
        taken = np.zeros(int(sums.max()) + 1, dtype=np.uint8)
        taken[sums] = 1
        with_room = [sums[MAX_CARDS - sizes >= m] for m in range(1, 5)]
        bounds = np.zeros(6, dtype=np.int64)
        bounds[2:] = np.cumsum([len(part) for part in with_room])
        candidate = _first_safe_key(taken, np.concatenate(with_room), bounds, candidate)
        keys.append(candidate)
        fits = [sizes + used <= MAX_CARDS for used in range(5)]
        sums = np.concatenate([sums[fit] + used * candidate for used, fit in enumerate(fits)])
        sizes = np.concatenate([sizes[fit] + used for used, fit in enumerate(fits)])
        candidate += 1
    return keys


@njit(cache=False)
def _first_safe_key(taken, with_room, bounds, candidate):  # pragma: no cover - compiled
    while True:
        safe = True
        for m in range(1, 5):
            step = m * candidate
            for j in range(bounds[m], bounds[m + 1]):
                moved = with_room[j] + step
                if moved < taken.shape[0] and taken[moved]:
                    safe = False
                    break
            if not safe:
                break
        if safe:
            return candidate
        candidate += 1


@njit(cache=False)
def _first_fit(columns, starts, order, n_slots):  # pragma: no cover - compiled
    taken = np.zeros(n_slots, dtype=np.uint8)
    bases = np.zeros(len(order), dtype=np.int64)
    size = 0
    for row in order:
        lo, hi = starts[row], starts[row + 1]
        if lo == hi:
            continue
        base = 0
        while True:
            free = True
            if columns[hi - 1] + base >= n_slots:
                raise ValueError("perfect hash table overflow")
            for j in range(lo, hi):
                if taken[columns[j] + base]:
                    free = False
                    break
            if free:
                break
            base += 1
        for j in range(lo, hi):
            taken[columns[j] + base] = 1
            size = max(size, columns[j] + base + 1)
        bases[row] = base
    return bases, size


def rank_multisets():
    """Every multiset of 0..7 ranks with at most four of each, as a tuple of 13 counts."""
    for total in range(MAX_CARDS + 1):
        for combo in itertools.combinations_with_replacement(range(13), total):
            counts = [0] * 13
            for rank in combo:
                counts[rank] += 1
            if max(counts, default=0) <= 4:
                yield tuple(counts)


def _straight_high(present_mask: int, straights=STRAIGHTS) -> int:
    for mask, high in straights:
        if present_mask & mask == mask:
            return high
    return -1


def _padded(ranks, length: int) -> tuple[int, ...]:
    ranks = list(ranks)[:length]
    return tuple(ranks + [-1] * (length - len(ranks)))


def rank_signature(counts, straights=STRAIGHTS, trips_over_straight: bool = False) -> tuple[int, tuple[int, ...]]:
    """(category, tiebreak) of the best hand from rank counts, flushes aside: with hold'em's
    straights and order unless ``straights`` (another deck's) and ``trips_over_straight`` say
    otherwise."""
    by_rank = [rank for rank in range(12, -1, -1) if counts[rank]]
    n = sum(counts)
    quads = [r for r in by_rank if counts[r] == 4]
    trips = [r for r in by_rank if counts[r] == 3]
    pairs = [r for r in by_rank if counts[r] == 2]
    if quads:
        q = quads[0]
        return FOUR_OF_A_KIND, _padded([q] + [r for r in by_rank if r != q], 2)
    if trips and n >= 5 and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max(r for r in by_rank if r != t and counts[r] >= 2)
        return FULL_HOUSE, (t, p)
    present = sum(1 << r for r in by_rank)
    high = _straight_high(present, straights)
    if trips and (trips_over_straight or high < 0):
        t = trips[0]
        return THREE_OF_A_KIND, _padded([t] + [r for r in by_rank if r != t], 3)
    if high >= 0:
        return STRAIGHT, (high,)
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return TWO_PAIR, _padded([hi, lo] + [r for r in by_rank if r not in (hi, lo)], 3)
    if pairs:
        p = pairs[0]
        return ONE_PAIR, _padded([p] + [r for r in by_rank if r != p], 4)
    return HIGH_CARD, _padded(by_rank, 5)


def flush_signature(mask: int, straights=STRAIGHTS) -> tuple[int, tuple[int, ...]]:
    """(category, tiebreak) of the best hand among suited ranks given as a 13-bit mask."""
    high = _straight_high(mask, straights)
    if high >= 0:
        return STRAIGHT_FLUSH, (high,)
    return FLUSH, _padded([r for r in range(12, -1, -1) if mask >> r & 1], 5)


def ordinals(signatures, places=tuple(range(9))) -> dict:
    """Map each (category, tiebreak) to its value ``place << 12 | rank within category``, where
    ``places[category]`` is the category's place in the game's order (hold'em: the category)."""
    values = {}
    for category in range(9):
        ordered = sorted({tb for cat, tb in signatures if cat == category})
        if len(ordered) >= 1 << CATEGORY_SHIFT:
            raise AssertionError(f"category {category} has too many hands for its bits")
        for ordinal, tiebreak in enumerate(ordered):
            values[(category, tiebreak)] = places[category] << CATEGORY_SHIFT | ordinal
    return values


def perfect_hash(keys: np.ndarray, shift: int) -> tuple[np.ndarray, int]:
    """Row displacement: ``index = key + offsets[key >> shift]`` is injective over ``keys``.

    ``keys`` must be sorted. Rows (keys sharing ``key >> shift``) are placed densest first at
    the lowest base where none of their columns is taken (first fit).
    """
    rows = keys >> shift
    columns = keys & ((1 << shift) - 1)
    n_rows = int(rows.max()) + 1
    starts = np.searchsorted(rows, np.arange(n_rows + 1))
    order = np.argsort(-np.diff(starts), kind="stable")
    bases, size = _first_fit(columns, starts, order, 16 * len(keys) + (2 << shift))
    offsets = bases - (np.arange(n_rows, dtype=np.int64) << shift)
    return offsets, int(size)


def build() -> dict[str, np.ndarray]:
    """Build every table as a dict of NumPy arrays (deterministic)."""
    rank_keys = _search_rank_keys()
    multisets = list(rank_multisets())
    rank_sigs = [rank_signature(c) for c in multisets if sum(c) > 0]
    flush_sigs = {mask: flush_signature(mask) for mask in range(1 << 13) if mask.bit_count() >= 5}
    values = ordinals(rank_sigs + list(flush_sigs.values()))

    sums = np.array(
        [sum(k * c for k, c in zip(rank_keys, counts, strict=True)) for counts in multisets], dtype=np.int64
    )
    order = np.argsort(sums, kind="stable")
    sums = sums[order]
    if len(np.unique(sums)) != len(sums):
        raise AssertionError("rank keys do not separate the rank multisets")
    offsets, size = perfect_hash(sums, ROW_SHIFT)
    rank_values = np.zeros(size, dtype=np.uint16)
    for position in range(len(sums)):
        counts = multisets[order[position]]
        if sum(counts):
            key = int(sums[position])
            rank_values[key + offsets[key >> ROW_SHIFT]] = values[rank_signature(counts)]
    flush_values = np.zeros(1 << 13, dtype=np.uint16)
    for mask, sig in flush_sigs.items():
        flush_values[mask] = values[sig]

    card_keys = np.array(
        [rank_keys[card >> 2] + (1 << (SUIT_SHIFT + 4 * (card & 3))) for card in range(52)],
        dtype=np.uint64,
    )
    return {
        "rank_keys": np.array(rank_keys, dtype=np.int64),
        "card_keys": card_keys,
        "row_shift": np.array(ROW_SHIFT, dtype=np.int64),
        "row_offsets": offsets.astype(np.int32),
        "rank_values": rank_values,
        "flush_values": flush_values,
    }


def write(path: Path = TABLE_FILE) -> Path:
    """Build the tables and save them as an uncompressed ``.npz`` file."""
    tables = build()
    with open(path, "wb") as handle:
        np.savez(handle, **tables)
    return path


def main(argv: list[str] | None = None) -> int:
    path = Path(argv[0]) if argv else TABLE_FILE
    written = write(path)
    print(f"wrote {written} ({written.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
