"""Slow, obvious references for video poker, independent of showdown's evaluator and tables.

* ``classes_of``: the video poker class of five-card hands by counting ranks and suits.
* ``draw_counts``: the final hands of every hold of a deal by enumerating every five-card hand
  X: X is a final hand of the hold ``X & deal`` (kept cards ``X & deal``, the rest drawn from
  the 47 unseen cards), so grouping all 2,598,960 hands by ``X & deal`` and class enumerates
  every draw of every hold exactly once.
"""

from __future__ import annotations

import numpy as np

from showdown.videopoker import HandClass as C

TEN, JACK, ACE = 8, 9, 12


def classes_of(hands: np.ndarray) -> np.ndarray:
    """The HandClass of each row of an (N, 5) array of distinct card ids (4 * rank + suit)."""
    ranks = (hands >> 2).astype(np.int64)
    suits = hands & 3
    n = len(hands)
    rows = np.arange(n)
    counts = np.zeros((n, 13), dtype=np.int8)
    for j in range(5):
        counts[rows, ranks[:, j]] += 1
    ordered = -np.sort(-counts, axis=1)
    top, second = ordered[:, 0], ordered[:, 1]
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = top == 1
    wheel = distinct & (counts[:, [ACE, 0, 1, 2, 3]].sum(axis=1) == 5)
    straight = distinct & ((ranks.max(axis=1) - ranks.min(axis=1) == 4) | wheel)
    quad = counts.argmax(axis=1)
    kicker = (counts == 1).argmax(axis=1)
    pair = (counts == 2).argmax(axis=1)

    out = np.full(n, int(C.NOTHING), dtype=np.int64)
    one_pair = (top == 2) & (second == 1)
    out[one_pair & (pair >= JACK)] = C.JACKS_OR_BETTER
    out[one_pair & (pair < JACK)] = C.LOW_PAIR
    out[(top == 2) & (second == 2)] = C.TWO_PAIR
    out[(top == 3) & (second == 1)] = C.THREE_OF_A_KIND
    out[straight & ~flush] = C.STRAIGHT
    out[flush & ~straight] = C.FLUSH
    out[(top == 3) & (second == 2)] = C.FULL_HOUSE
    four = top == 4
    low_kicker = kicker <= 2  # 2, 3 or 4
    out[four & (quad >= 3) & (quad <= 11)] = C.FOUR_5_K
    out[four & (quad <= 2)] = C.FOUR_2_4
    out[four & (quad <= 2) & (low_kicker | (kicker == ACE))] = C.FOUR_2_4_ACE_TO_4
    out[four & (quad == ACE)] = C.FOUR_ACES
    out[four & (quad == ACE) & low_kicker] = C.FOUR_ACES_2_4
    out[straight & flush] = C.STRAIGHT_FLUSH
    out[straight & flush & (ranks.min(axis=1) == TEN)] = C.ROYAL_FLUSH
    return out


def draw_counts(deal: list[int], hands: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """``counts[hold, cls]`` for a deal of five card ids: the hold is a 5-bit mask of positions
    in the deal; ``hands`` are all five-card hands and ``classes`` their classes (of 52 cards, or
    53 with the joker, id 52). A hand X is a final hand of exactly one hold, ``X & deal``."""
    position_bit = np.zeros(53, dtype=np.uint8)
    for position, card in enumerate(deal):
        position_bit[card] = 1 << position
    hold = position_bit[hands[:, 0]]
    for j in range(1, 5):
        hold |= position_bit[hands[:, j]]
    key = hold.astype(np.int64) * len(C) + classes
    return np.bincount(key, minlength=32 * len(C)).reshape(32, len(C))


def brute_force_part(deals: list, part: str, specials: int, stride: int = 10) -> list:
    """The deals a brute-force test checks in the quick tier (``part="sample"``: the last
    ``specials`` deals and every ``stride``-th other one) or in the slow tier (``"rest"``):
    the two parts together are every deal once."""
    chosen = [i % stride == 0 or i >= len(deals) - specials for i in range(len(deals))]
    return [deal for deal, quick in zip(deals, chosen, strict=True) if quick == (part == "sample")]
