"""Slow, obvious references for wild-card video poker, independent of showdown's evaluator,
kernels and class logic (only the names of ``HandClass`` are shared).

The rules, as the games state them: a wild card stands for any card (any rank and suit, even a
card already in the hand, so five of a kind is possible) and a hand is the highest class, in the
game's order, that some choice of the wild cards' values reaches; in Deuces Wild four deuces are
always Four Deuces, and a royal flush is natural only without a wild card.

* ``DEUCES_ORDER``, ``JOKER_ORDER``: each game's classes, weakest first, as the rules list them.
* ``classify_literal``: one hand, by substituting every card of the 52 for each wild card and
  classifying every completed hand with ``completed_classes`` (a ``collections.Counter`` of
  ranks and suits).
* ``classes_of``: every row of an (N, 5) array of card ids. The class depends only on the
  hand's *signature*: the multiset of the naturals' ranks, whether the naturals share one suit,
  and the number of wild cards (the wild cards are interchangeable and a suit only matters for
  a flush). A wild card's value then needs only its rank (13) and whether its suit is the
  naturals' suit (2), and the wild cards being interchangeable, only the multiset of their
  values: each distinct signature is completed every such way and each completed hand is
  classified by counting ranks (vectorised), the best class kept.

The final hands of every hold of a deal come from ``naive_videopoker.draw_counts`` with these
classes (it groups every five-card hand of either deck by the hold it is a draw of).
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np

from showdown.videopoker import HandClass as C

JOKER_ID = 52
TEN, KING, ACE = 8, 11, 12

DEUCES_ORDER = (
    C.NOTHING, C.THREE_OF_A_KIND, C.STRAIGHT, C.FLUSH, C.FULL_HOUSE, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH,
    C.FIVE_OF_A_KIND, C.WILD_ROYAL_FLUSH, C.FOUR_DEUCES, C.ROYAL_FLUSH,
)
JOKER_ORDER = (
    C.NOTHING, C.LOW_PAIR, C.KINGS_OR_BETTER, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT, C.FLUSH, C.FULL_HOUSE,
    C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.WILD_ROYAL_FLUSH, C.FIVE_OF_A_KIND, C.ROYAL_FLUSH,
)
ORDERS = {"deuces": DEUCES_ORDER, "joker": JOKER_ORDER}
DECK_SIZES = {"deuces": 52, "joker": 53}


def is_wild(card: int, game: str) -> bool:
    return card < 4 if game == "deuces" else card == JOKER_ID


# --- one hand, literally ------------------------------------------------------------------------


def completed_classes(ranks: list[int], suits: list[int], wilds: int, game: str) -> set[C]:
    """Every class of the game that a completed hand (five ranks and suits, duplicates allowed)
    is, ``wilds`` of its cards having been wild."""
    by_rank = Counter(ranks)
    sizes = sorted(by_rank.values(), reverse=True) + [0]
    flush = len(set(suits)) == 1
    distinct = sizes[0] == 1
    straight = distinct and (max(ranks) - min(ranks) == 4 or set(ranks) == {ACE, 0, 1, 2, 3})
    royal = straight and flush and min(ranks) == TEN
    found = {C.NOTHING}
    if game == "joker":
        pairs = [rank for rank, n in by_rank.items() if n >= 2]
        found |= {C.KINGS_OR_BETTER if rank >= KING else C.LOW_PAIR for rank in pairs}
        if len(pairs) >= 2:
            found.add(C.TWO_PAIR)
    if sizes[0] >= 3:
        found.add(C.THREE_OF_A_KIND)
    if straight:
        found.add(C.STRAIGHT)
    if flush:
        found.add(C.FLUSH)
    if sizes[0] >= 3 and sizes[1] >= 2:
        found.add(C.FULL_HOUSE)
    if sizes[0] >= 4:
        found.add(C.FOUR_OF_A_KIND)
    if straight and flush:
        found.add(C.STRAIGHT_FLUSH)
    if sizes[0] == 5:
        found.add(C.FIVE_OF_A_KIND)
    if royal:
        found.add(C.ROYAL_FLUSH if wilds == 0 else C.WILD_ROYAL_FLUSH)
    if game == "deuces" and wilds == 4:
        found.add(C.FOUR_DEUCES)
    return found


def classify_literal(cards: list[int], game: str) -> C:
    """The class of one hand of card ids: the wild cards replaced by every multiset of cards of
    the 52 (repeats allowed; the wild cards are interchangeable), the best class over all
    completed hands."""
    order = ORDERS[game]
    naturals = [card for card in cards if not is_wild(card, game)]
    wilds = 5 - len(naturals)
    best = 0
    for values in itertools.combinations_with_replacement(range(52), wilds):
        hand = naturals + list(values)
        found = completed_classes([card >> 2 for card in hand], [card & 3 for card in hand], wilds, game)
        best = max(best, max(order.index(hand_class) for hand_class in found))
    return order[best]


# --- every hand, through signatures ------------------------------------------------------------


def _reached(ranks: np.ndarray, flush: np.ndarray, wilds: np.ndarray, game: str) -> np.ndarray:
    """The place in the game's order of the best class of each completed hand: ``ranks`` (M, 5),
    ``flush`` (M,) whether all five suits are one, ``wilds`` (M,) how many cards were wild."""
    place = {hand: i for i, hand in enumerate(ORDERS[game])}
    m = len(ranks)
    rows = np.arange(m)
    counts = np.zeros((m, 13), dtype=np.int8)
    for j in range(ranks.shape[1]):
        counts[rows, ranks[:, j]] += 1
    ordered = -np.sort(-counts, axis=1)
    top, second = ordered[:, 0], ordered[:, 1]
    distinct = top == 1
    wheel = distinct & (counts[:, [ACE, 0, 1, 2, 3]] == 1).all(axis=1)
    straight = distinct & ((ranks.max(axis=1) - ranks.min(axis=1) == 4) | wheel)
    royal = straight & flush & (ranks.min(axis=1) == TEN)
    best = np.zeros(m, dtype=np.int64)

    def reach(hand: C, where: np.ndarray) -> None:
        if hand in place:
            best[where & (best < place[hand])] = place[hand]

    reach(C.LOW_PAIR, (counts[:, :KING] >= 2).any(axis=1))
    reach(C.KINGS_OR_BETTER, (counts[:, KING:] >= 2).any(axis=1))
    reach(C.TWO_PAIR, second >= 2)
    reach(C.THREE_OF_A_KIND, top >= 3)
    reach(C.STRAIGHT, straight)
    reach(C.FLUSH, flush)
    reach(C.FULL_HOUSE, (top >= 3) & (second >= 2))
    reach(C.FOUR_OF_A_KIND, top >= 4)
    reach(C.STRAIGHT_FLUSH, straight & flush)
    reach(C.FIVE_OF_A_KIND, top == 5)
    reach(C.WILD_ROYAL_FLUSH, royal & (wilds > 0))
    reach(C.ROYAL_FLUSH, royal & (wilds == 0))
    if game == "deuces":
        reach(C.FOUR_DEUCES, wilds == 4)
    return best


def signatures(hands: np.ndarray, game: str) -> np.ndarray:
    """Each hand's signature as one integer: the naturals' rank counts in base 5, times 2, plus
    1 when the naturals share one suit."""
    hands = hands.astype(np.int64)
    wild = hands < 4 if game == "deuces" else hands == JOKER_ID
    natural = (~wild).astype(np.int64)
    n = len(hands)
    rows = np.arange(n)
    rank_counts = np.zeros((n, 13), dtype=np.int64)
    suit_counts = np.zeros((n, 4), dtype=np.int64)
    for j in range(5):
        card = np.where(wild[:, j], 0, hands[:, j])
        rank_counts[rows, card >> 2] += natural[:, j]
        suit_counts[rows, card & 3] += natural[:, j]
    suited = suit_counts.max(axis=1) == natural.sum(axis=1)
    return (rank_counts @ (5 ** np.arange(13, dtype=np.int64))) * 2 + suited


def signature_classes(keys: np.ndarray, game: str) -> np.ndarray:
    """The HandClass (as int) of each signature, by completing it every way and keeping the best."""
    order = np.array([int(hand) for hand in ORDERS[game]], dtype=np.int64)
    suited = (keys & 1).astype(bool)
    rank_counts = (keys[:, None] >> 1) // (5 ** np.arange(13, dtype=np.int64)) % 5
    wilds = 5 - rank_counts.sum(axis=1)
    out = np.empty(len(keys), dtype=np.int64)
    for w in np.unique(wilds):
        chosen = np.flatnonzero(wilds == w)
        naturals = np.array([np.repeat(np.arange(13), row) for row in rank_counts[chosen]], dtype=np.int64)
        naturals = naturals.reshape(len(chosen), 5 - w)
        # a wild card's value: rank (value % 13), in the naturals' suit or not (value // 13)
        combos = list(itertools.combinations_with_replacement(range(26), int(w)))
        values = np.array(combos, dtype=np.int64).reshape(len(combos), int(w))
        s, v = len(chosen), len(values)
        ranks = np.concatenate(
            [np.repeat(naturals, v, axis=0), np.tile(values % 13, (s, 1))], axis=1
        )
        flush = np.repeat(suited[chosen], v) & np.tile((values // 13 == 1).all(axis=1), s)
        best = _reached(ranks, flush, np.full(s * v, w), game).reshape(s, v).max(axis=1)
        out[chosen] = order[best]
    return out


def classes_of(hands: np.ndarray, game: str) -> np.ndarray:
    """The HandClass (as int) of each row of an (N, 5) array of distinct card ids (the joker is
    52), in the game ``'deuces'`` or ``'joker'``."""
    keys, inverse = np.unique(signatures(hands, game), return_inverse=True)
    return signature_classes(keys, game)[inverse.reshape(-1)]
