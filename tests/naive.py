"""A slow, obviously-correct reference evaluator, written from scratch without tables.

Cards are ids ``4 * rank + suit`` (rank 0..12 for 2..A, suit 0..3 for c, d, h, s). A hand's
strength is a tuple ``(category, tiebreak)`` that compares correctly with Python's tuple order:

* categories 0 high card .. 8 straight flush;
* the tiebreak lists the ranks that matter, most important first;
* the wheel A-2-3-4-5 is the lowest straight, its high card the Five (rank 3);
* hands of 6 or 7 cards are the best of their five-card subsets;
* hands of 1 to 4 cards (partial hands) have no straights or flushes, and their shorter
  tiebreak compares below any longer one with the same prefix, as if the missing kickers were
  lower than a deuce.
"""

from __future__ import annotations

import itertools
from collections import Counter

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 5, 6, 7, 8

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_id(text: str) -> int:
    """'As' -> 51; deliberately independent of showdown's parser."""
    return 4 * RANKS.index(text[0].upper()) + SUITS.index(text[1].lower())


def ids(text: str) -> list[int]:
    """'As Kd' -> [51, 45]."""
    return [card_id(token) for token in text.split()]


def _straight_high(ranks: list[int]) -> int | None:
    """High rank of the straight made by exactly these five ranks, or None."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct == [0, 1, 2, 3, 12]:  # A-2-3-4-5: the ace plays low
        return 3
    if distinct[-1] - distinct[0] == 4:
        return distinct[-1]
    return None


def _grouped_ranks(ranks: list[int]) -> tuple[list[int], list[int]]:
    """Distinct ranks ordered by (multiplicity, rank) descending, and their multiplicities."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return order, [counts[r] for r in order]


def eval_upto5(cards) -> tuple[int, tuple[int, ...]]:
    """Strength of a hand of 1 to 5 distinct cards (all of them play)."""
    cards = list(cards)
    assert 1 <= len(cards) <= 5 and len(set(cards)) == len(cards), cards
    assert all(0 <= c < 52 for c in cards), cards
    ranks = [c >> 2 for c in cards]
    suits = [c & 3 for c in cards]
    order, mult = _grouped_ranks(ranks)
    if len(cards) == 5:
        flush = len(set(suits)) == 1
        high = _straight_high(ranks)
        if flush and high is not None:
            return STRAIGHT_FLUSH, (high,)
        if mult == [4, 1]:
            return FOUR_OF_A_KIND, tuple(order)
        if mult == [3, 2]:
            return FULL_HOUSE, tuple(order)
        if flush:
            return FLUSH, tuple(sorted(ranks, reverse=True))
        if high is not None:
            return STRAIGHT, (high,)
    if mult[0] == 4:
        return FOUR_OF_A_KIND, tuple(order)
    if mult[0] == 3:
        return THREE_OF_A_KIND, tuple(order)
    if mult[0] == 2 and len(mult) > 1 and mult[1] == 2:
        return TWO_PAIR, tuple(order)
    if mult[0] == 2:
        return ONE_PAIR, tuple(order)
    return HIGH_CARD, tuple(order)


def evaluate(cards) -> tuple[int, tuple[int, ...]]:
    """Strength of a hand of 1 to 7 distinct card ids: the best five of them above five."""
    cards = list(cards)
    if len(cards) <= 5:
        return eval_upto5(cards)
    assert len(cards) <= 7 and len(set(cards)) == len(cards), cards
    return max(eval_upto5(five) for five in itertools.combinations(cards, 5))


def compare(a, b) -> int:
    """-1, 0 or 1 as hand ``a`` is weaker than, ties with, or beats hand ``b``."""
    x, y = evaluate(a), evaluate(b)
    return (x > y) - (x < y)


def estimate_preflop_equities(hands, trials: int, seed: int) -> dict[str, float]:
    """Each starting hand's all-in equity against one random hand, by ``trials`` seeded Monte
    Carlo deals of one representative combo (every combo of a hand has the same equity by suit
    symmetry), through showdown's bulk evaluator: a cross-check of the exact preflop order that
    shares none of its enumeration."""
    import numpy as np

    from showdown import evaluate_many

    result: dict[str, float] = {}
    for name in hands:
        high, low = RANKS.index(name[0]), RANKS.index(name[1])
        hero = (4 * high, 4 * low) if name.endswith("s") else (4 * high, 4 * low + 1)
        remaining = np.array([c for c in range(52) if c not in hero], dtype=np.uint8)
        rng = np.random.default_rng(seed)
        deck = np.tile(remaining, (trials, 1))
        rows = np.arange(trials)
        for j in range(7):  # a partial Fisher-Yates shuffle: the first 7 of the 50 cards
            pick = rng.integers(j, 50, size=trials)
            chosen = deck[rows, pick]
            deck[rows, pick] = deck[:, j]
            deck[:, j] = chosen
        seven = np.empty((2 * trials, 7), dtype=np.uint8)
        seven[:trials, 0], seven[:trials, 1] = hero
        seven[trials:, :2] = deck[:, :2]
        seven[:trials, 2:] = deck[:, 2:7]
        seven[trials:, 2:] = deck[:, 2:7]
        values = evaluate_many(seven)
        ours, theirs = values[:trials], values[trials:]
        result[name] = (int(np.count_nonzero(ours > theirs)) + int(np.count_nonzero(ours == theirs)) / 2) / trials
    return result
