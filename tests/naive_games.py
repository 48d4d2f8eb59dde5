"""Slow, obvious references for the other games, written from their rules without showdown.

Cards are ids ``4 * rank + suit`` as in :mod:`naive` (rank 0..12 for 2..A, suit 0..3 for c, d,
h, s); the short deck holds the ids 16 (6c) to 51 (As).

* Short deck: the best five of the cards, categories as in hold'em except that a flush beats a
  full house, A-6-7-8-9 is the lowest straight (no wheel) and, in the ``trips`` variant, three
  of a kind beats a straight. ``short_deck_five`` gives (category, tiebreak) in hold'em's
  category numbering; ``short_deck_key`` places it in the variant's order.
* Omaha high: the best hand of exactly two hole cards and three board cards, every split valued
  by a hold'em evaluator (:func:`naive.eval_upto5` one hand at a time, or any vectorised one).
* Eight-or-better low: five distinct ranks 8 or lower, aces low, straights and flushes ignored,
  again exactly two hole and three board cards; the lowest highest card wins, then the next.
* Vectorised versions over NumPy rows, for millions of hands: ``best_of_subsets`` takes the
  best five of each row through a table indexed by the five cards' combinatorial number.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from math import comb

import numpy as np

import naive
from naive import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
)

SHORT_DECK_FIRST_ID = 16  # the six of clubs
SHORT_DECK_SIZE = 36
SIX, NINE, ACE = 4, 7, 12

# Each variant's categories, weakest first (hold'em numbering).
SHORT_DECK_ORDER = (
    HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FULL_HOUSE, FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH,
)
SHORT_DECK_TRIPS_ORDER = (
    HIGH_CARD, ONE_PAIR, TWO_PAIR, STRAIGHT, THREE_OF_A_KIND, FULL_HOUSE, FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH,
)

# The shape of a hand without a straight or a flush: counts of its ranks, largest first.
_SHAPES = {
    (4, 1): FOUR_OF_A_KIND,
    (3, 2): FULL_HOUSE,
    (3, 1, 1): THREE_OF_A_KIND,
    (2, 2, 1): TWO_PAIR,
    (2, 1, 1, 1): ONE_PAIR,
    (1, 1, 1, 1, 1): HIGH_CARD,
}


# --- short deck -----------------------------------------------------------------------------

def short_deck_five(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(category, tiebreak) of five distinct short deck cards; the tiebreak lists the ranks that
    matter, most important first (a straight's high card only: a Nine for A-6-7-8-9)."""
    assert len(cards) == 5 and len(set(cards)) == 5, cards
    assert all(SHORT_DECK_FIRST_ID <= c < 52 for c in cards), cards
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    order = tuple(rank for rank, _ in groups)
    flush = len({c & 3 for c in cards}) == 1
    high = None
    if len(counts) == 5:
        if ranks == [ACE, NINE, NINE - 1, NINE - 2, SIX]:  # A-6-7-8-9: the ace plays low
            high = NINE
        elif ranks[0] - ranks[4] == 4:
            high = ranks[0]
    if high is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT), (high,)
    if flush:
        return FLUSH, order
    return _SHAPES[tuple(n for _, n in groups)], order


def tiebreak_number(tiebreak: Sequence[int]) -> int:
    """The tiebreak's ranks as the digits of a base-13 number (the same length within a category)."""
    padded = list(tiebreak) + [0] * (5 - len(tiebreak))
    return sum(rank * 13 ** (4 - i) for i, rank in enumerate(padded))


def short_deck_key(category: int, tiebreak: Sequence[int], trips: bool = False) -> int:
    """An int ordering short deck hands as the variant does (higher is better)."""
    place = (SHORT_DECK_TRIPS_ORDER if trips else SHORT_DECK_ORDER).index(category)
    return place * 13**5 + tiebreak_number(tiebreak)


def short_deck(cards: Sequence[int], trips: bool = False) -> tuple[int, int]:
    """(category, key) of the best five of 5 to 7 short deck cards."""
    hands = [short_deck_five(five) for five in itertools.combinations(cards, 5)]
    key, category = max((short_deck_key(*hand, trips=trips), hand[0]) for hand in hands)
    return category, key


@functools.lru_cache(maxsize=None)
def short_deck_five_table() -> tuple[np.ndarray, np.ndarray]:
    """Category and tiebreak (base-13 int) of every five-card short deck hand, indexed by
    :func:`colex_index` of its cards' places in the short deck (id - 16)."""
    n = comb(SHORT_DECK_SIZE, 5)
    categories = np.empty(n, dtype=np.int64)
    tiebreaks = np.empty(n, dtype=np.int64)
    for five in itertools.combinations(range(SHORT_DECK_SIZE), 5):
        category, tiebreak = short_deck_five([SHORT_DECK_FIRST_ID + c for c in five])
        index = sum(comb(c, i + 1) for i, c in enumerate(five))
        categories[index] = category
        tiebreaks[index] = tiebreak_number(tiebreak)
    return categories, tiebreaks


def short_deck_five_keys(trips: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(categories, keys) of every five-card short deck hand in colex order, keys in the
    variant's order (higher is better)."""
    categories, tiebreaks = short_deck_five_table()
    places = np.array([(SHORT_DECK_TRIPS_ORDER if trips else SHORT_DECK_ORDER).index(c) for c in range(9)])
    return categories, places[categories] * 13**5 + tiebreaks


_BINOMIALS = np.array([[comb(n, k) for k in range(8)] for n in range(64)], dtype=np.int64)


def colex_index(rows: np.ndarray) -> np.ndarray:
    """The combinatorial number of each row of ascending distinct ints: sum of C(c_i, i + 1)."""
    index = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        index += _BINOMIALS[rows[:, i], i + 1]
    return index


def best_of_subsets(rows: np.ndarray, table: np.ndarray, chunk: int = 1 << 20) -> np.ndarray:
    """For each row of ascending distinct ints (6 or 7 of them), the largest ``table`` entry
    over its five-element subsets (the table indexed by :func:`colex_index`)."""
    width = rows.shape[1]
    out = np.empty(len(rows), dtype=table.dtype)
    for lo in range(0, len(rows), chunk):
        part = rows[lo:lo + chunk].astype(np.int64)
        best = None
        for columns in itertools.combinations(range(width), 5):
            values = table[colex_index(part[:, columns])]
            best = values if best is None else np.maximum(best, values)
        out[lo:lo + len(part)] = best
    return out


# --- Omaha high ---------------------------------------------------------------------------------

def omaha_fives(hole: Sequence[int], board: Sequence[int]) -> list[tuple[int, ...]]:
    """Every hand of exactly two hole cards and three board cards."""
    return [pair + triple for pair in itertools.combinations(hole, 2) for triple in itertools.combinations(board, 3)]


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The best (category, tiebreak) of two hole and three board cards, by :mod:`naive`."""
    return max(naive.eval_upto5(five) for five in omaha_fives(tuple(hole), tuple(board)))


def split_columns(hole_cards: int, board_cards: int) -> list[tuple[int, ...]]:
    """The column indices of every two-hole, three-board five of a row (hole cards first)."""
    board = range(hole_cards, hole_cards + board_cards)
    return [pair + triple for pair in itertools.combinations(range(hole_cards), 2)
            for triple in itertools.combinations(board, 3)]


def omaha_high_many(
    rows: np.ndarray, hole_cards: int, five_card_values: Callable[[np.ndarray], np.ndarray]
) -> np.ndarray:
    """The best value of each row (hole cards then 3 to 5 board cards) over its two-plus-three
    fives, each five valued by ``five_card_values`` (an (M, 5) array in, M values out)."""
    columns = split_columns(hole_cards, rows.shape[1] - hole_cards)
    fives = rows[:, np.array(columns)].reshape(-1, 5)
    return five_card_values(np.ascontiguousarray(fives)).reshape(len(rows), len(columns)).max(axis=1)


# --- eight-or-better low ------------------------------------------------------------------------

def low_rank(card: int) -> int:
    """A card's rank for the low: ace 1, deuce 2 .. king 13."""
    rank = card >> 2
    return 1 if rank == ACE else rank + 2


def low_five(cards: Sequence[int]) -> tuple[int, ...] | None:
    """The low of five cards, its ranks highest first (smaller tuples are better lows), or None
    when they are not five distinct ranks of 8 or lower."""
    ranks = sorted((low_rank(c) for c in cards), reverse=True)
    if len(set(ranks)) != 5 or ranks[0] > 8:
        return None
    return tuple(ranks)


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """The best eight-or-better low of two hole and three board cards, or None."""
    lows = [low for low in map(low_five, omaha_fives(tuple(hole), tuple(board))) if low is not None]
    return min(lows) if lows else None


LOW_NONE = 0
LOW_TOP = 9**5


def low_score(low: tuple[int, ...] | None) -> int:
    """An int for a low, higher for a better low, 0 for none."""
    if low is None:
        return LOW_NONE
    return LOW_TOP - sum(rank * 9 ** (4 - i) for i, rank in enumerate(low))


def low_scores_of_fives(fives: np.ndarray) -> np.ndarray:
    """:func:`low_score` of each row of an (M, 5) array of card ids, vectorised."""
    ranks = fives.astype(np.int64) >> 2
    low = np.where(ranks == ACE, 1, ranks + 2)
    ordered = -np.sort(-low, axis=1)
    qualifies = (ordered[:, 0] <= 8) & (np.diff(ordered, axis=1) != 0).all(axis=1)
    key = (ordered * 9 ** np.arange(4, -1, -1)).sum(axis=1)
    return np.where(qualifies, LOW_TOP - key, LOW_NONE)


def omaha_low_many(rows: np.ndarray, hole_cards: int) -> np.ndarray:
    """:func:`low_score` of the best low of each row (hole cards then 3 to 5 board cards)."""
    return omaha_high_many(rows, hole_cards, low_scores_of_fives)


def low_words(low: tuple[int, ...]) -> str:
    """'8-6-4-2-A low' for (8, 6, 4, 2, 1)."""
    return "-".join("A" if rank == 1 else str(rank) for rank in low) + " low"
