"""Exact enumeration of every five-card board by rank pattern and flush suit.

A board decides a showdown through its ranks alone unless one suit holds three or more of its
cards and some player's hole cards complete a flush in that suit (two suits cannot both hold
three of five cards). So, for fixed hole cards, the kernel visits every multiset of five board
ranks once (6,188 of them), weighted by the number of boards with those ranks (the product over
ranks of C(cards of that rank still available, times it appears)), and within it every flush
pattern: a suit and the subset of the multiset's ranks that the board holds in that suit,
enough for some player's flush, weighted by the ways to draw the other ranks from the other
suits. Flush patterns are scored with the flushes, the rest of the multiset's boards without.
Outcomes (the set of winners and the winning category) are counted in a histogram and turned
into per-player counts at the end: the same integers as evaluating every board one by one.

Every assignment of hole cards that differs only by a permutation of the suits (one that keeps
the dead cards in place), or by reordering players with identical ranges, has the same counts,
so ranges are reduced to classes first: each assignment gets a canonical code, the smallest
over those permutations, and its seating in the class's representative.
"""

import itertools

import numpy as np
from numba import prange

from showdown._kernels import kernel
from showdown._kernels.bits import _popcount
from showdown._kernels.evaluator import _RANK_MASK, CARD_KEYS, FLUSH_VALUES, _rank_value
from showdown.tables.layout import CATEGORY_SHIFT, TIE, TIE_SHARE_CATEGORY, TIE_SHARE_UNIT, TIED, WIN, WIN_CATEGORY

_CATEGORY_SHIFT = CATEGORY_SHIFT
RANK_KEYS = np.array([CARD_KEYS[4 * rank] & _RANK_MASK for rank in range(13)], dtype=np.uint64)
# CHOOSE[n, k] = C(n, k) for n, k in 0..5
CHOOSE = np.zeros((6, 6), dtype=np.int64)
for _n in range(6):
    CHOOSE[_n, 0] = 1
    for _k in range(1, _n + 1):
        CHOOSE[_n, _k] = CHOOSE[_n - 1, _k - 1] + CHOOSE[_n - 1, _k]

# Every multiset of five ranks (6,188 of them): its distinct ranks, how often each appears,
# how many are distinct, and its summed rank key.
_MULTISETS = list(itertools.combinations_with_replacement(range(13), 5))
MULTISET_DISTINCT = np.zeros((len(_MULTISETS), 5), dtype=np.int64)
MULTISET_COUNT = np.zeros((len(_MULTISETS), 5), dtype=np.int64)
MULTISET_SIZE = np.zeros(len(_MULTISETS), dtype=np.int64)
MULTISET_KEY = np.zeros(len(_MULTISETS), dtype=np.uint64)
MULTISET_BITS = np.zeros(len(_MULTISETS), dtype=np.int64)
for _i, _multiset in enumerate(_MULTISETS):
    for _rank in sorted(set(_multiset)):
        MULTISET_DISTINCT[_i, MULTISET_SIZE[_i]] = _rank
        MULTISET_COUNT[_i, MULTISET_SIZE[_i]] = _multiset.count(_rank)
        MULTISET_SIZE[_i] += 1
    MULTISET_KEY[_i] = sum(int(RANK_KEYS[_rank]) for _rank in _multiset)
    MULTISET_BITS[_i] = sum(1 << _rank for _rank in set(_multiset))

# The subsets of a set of up to five positions (a bit mask) with at least k members:
# _SUBSETS[mask, k, :_SUBSET_COUNT[mask, k]].
_SUBSET_SIZE = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
_SUBSETS = np.zeros((32, 6, 16), dtype=np.int64)
_SUBSET_COUNT = np.zeros((32, 6), dtype=np.int64)
for _mask in range(32):
    for _k in range(3, 6):
        _found = [m for m in range(1, 32) if m & _mask == m and _SUBSET_SIZE[m] >= _k]
        _SUBSETS[_mask, _k, : len(_found)] = _found
        _SUBSET_COUNT[_mask, _k] = len(_found)


@kernel(inline="always")
def _outcome(values, n_players):
    """A board's outcome as one small integer: the set of players with the best value (a bit
    mask) times 16, plus the category of the best value."""
    best = values[0]
    for p in range(1, n_players):
        best = max(best, values[p])
    winners = 0
    for p in range(n_players):
        winners |= np.int64(values[p] == best) << p
    return (winners << 4) | (best >> _CATEGORY_SHIFT)


@kernel()
def _add_outcomes(outcomes, n_players, counts):
    """Turn a histogram of outcomes (boards per ``_outcome`` code) into per-player counts."""
    for code in range(outcomes.shape[0]):
        boards = outcomes[code]
        if boards == 0:
            continue
        winners = code >> 4
        category = code & 15
        tied = _popcount(np.uint64(winners))
        for p in range(n_players):
            if not (winners >> p) & 1:
                continue
            if tied == 1:
                counts[p, WIN] += boards
                counts[p, WIN_CATEGORY + category] += boards
            else:
                counts[p, TIE] += boards
                counts[p, TIED + tied] += boards
                counts[p, TIE_SHARE_CATEGORY + category] += boards * (TIE_SHARE_UNIT // tied)


@kernel(nogil=True)
def _deal_boards(holes, unavailable, counts):
    """Tally every five-card board of the cards not in the ``unavailable`` mask (which includes
    the hole cards) for the players' ``holes`` (P, 2) into ``counts`` (P, N_COUNTS) int64.
    Returns the number of boards."""
    n_players = holes.shape[0]
    available = np.zeros(13, dtype=np.int64)
    suit_ranks = np.zeros(4, dtype=np.int64)
    for card in range(52):
        if not (unavailable >> np.uint64(card)) & np.uint64(1):
            available[card >> 2] += 1
            suit_ranks[card & 3] |= 1 << (card >> 2)
    # others[s, r]: available cards of rank r outside suit s
    others = np.zeros((4, 13), dtype=np.int64)
    for suit in range(4):
        for rank in range(13):
            others[suit, rank] = available[rank] - ((suit_ranks[suit] >> rank) & 1)
    hole_keys = np.zeros(n_players, dtype=np.uint64)
    hole_suit_ranks = np.zeros((n_players, 4), dtype=np.int64)
    hole_suit_count = np.zeros((n_players, 4), dtype=np.int64)
    for p in range(n_players):
        for j in range(2):
            card = holes[p, j]
            hole_keys[p] += RANK_KEYS[card >> 2]
            hole_suit_ranks[p, card & 3] |= 1 << (card >> 2)
            hole_suit_count[p, card & 3] += 1
    # fewest board cards of each suit with which some player makes a flush
    fewest = np.zeros(4, dtype=np.int64)
    for suit in range(4):
        most = 0
        for p in range(n_players):
            most = max(most, hole_suit_count[p, suit])
        fewest[suit] = max(3, 5 - most)
    plain = np.zeros(n_players, dtype=np.int64)
    values = np.zeros(n_players, dtype=np.int64)
    outcomes = np.zeros(16 << n_players, dtype=np.int64)
    total = 0
    for index in range(MULTISET_KEY.shape[0]):
        n = MULTISET_SIZE[index]
        ways = 1
        for i in range(n):
            ways *= CHOOSE[available[MULTISET_DISTINCT[index, i]], MULTISET_COUNT[index, i]]
        if ways == 0:
            continue
        total += ways
        key = MULTISET_KEY[index]
        for p in range(n_players):
            plain[p] = _rank_value(hole_keys[p] + key)
        moved = 0
        rank_bits = MULTISET_BITS[index]
        for suit in range(4):
            k_min = fewest[suit]
            if _popcount(np.uint64(rank_bits & suit_ranks[suit])) < k_min:
                continue
            # positions of the distinct ranks that the suit still has; every subset of them
            # with at least k_min members is a flush pattern
            mask = 0
            for i in range(n):
                if (suit_ranks[suit] >> MULTISET_DISTINCT[index, i]) & 1:
                    mask |= 1 << i
            for j in range(_SUBSET_COUNT[mask, k_min]):
                subset = _SUBSETS[mask, k_min, j]
                flush_bits = 0
                flush_ways = 1
                for i in range(n):
                    inside = (subset >> i) & 1
                    rank = MULTISET_DISTINCT[index, i]
                    flush_ways *= CHOOSE[others[suit, rank], MULTISET_COUNT[index, i] - inside]
                    flush_bits |= inside << rank
                if flush_ways:
                    k = _SUBSET_SIZE[subset]
                    for p in range(n_players):
                        if hole_suit_count[p, suit] + k >= 5:
                            values[p] = FLUSH_VALUES[flush_bits | hole_suit_ranks[p, suit]]
                        else:
                            values[p] = plain[p]
                    outcomes[_outcome(values, n_players)] += flush_ways
                    moved += flush_ways
        outcomes[_outcome(plain, n_players)] += ways - moved
    _add_outcomes(outcomes, n_players, counts)
    return total


@kernel(nogil=True, parallel=True)
def _deal_boards_many(holes, dead, counts, totals):
    """``_deal_boards`` for each assignment ``holes[i]`` (N, P, 2) with the ``dead`` mask,
    into ``counts[i]`` (N, P, N_COUNTS) and ``totals[i]``."""
    for i in prange(holes.shape[0]):
        unavailable = dead
        for p in range(holes.shape[1]):
            for j in range(2):
                unavailable |= np.uint64(1) << np.uint64(holes[i, p, j])
        totals[i] = _deal_boards(holes[i], unavailable, counts[i])


@kernel(nogil=True)
def _assignment_classes(combos, sizes, weights, perms, groups):
    """Every compatible assignment of one combo per player (no card shared), reduced to its class.

    Two assignments are in one class when a suit permutation from ``perms`` (G, 4), followed by
    a reordering of players within groups of identical ranges (``groups[p]``: the group of
    player p), turns one into the other. The class code is the smallest such image: holes
    packed 12 bits per player (high card * 64 + low card), players 0-4 in the first word.
    Returns codes (n, 2) uint64, weights (n,) float64 (the product of the combos' weights)
    and seatings (n,) uint64: where each player sits in the class's representative, 4 bits per
    player (player 0 lowest).
    """
    n_players = combos.shape[0]
    n_assign = 1
    for p in range(n_players):
        n_assign *= sizes[p]
    codes = np.empty((n_assign, 2), dtype=np.uint64)
    out_weights = np.empty(n_assign, dtype=np.float64)
    seatings = np.empty(n_assign, dtype=np.uint64)
    choice = np.zeros(n_players, dtype=np.int64)
    pairs = np.zeros(n_players, dtype=np.int64)
    order = np.zeros(n_players, dtype=np.int64)
    best_order = np.zeros(n_players, dtype=np.int64)
    n = 0
    for _ in range(n_assign):
        used = np.uint64(0)
        ok = True
        weight = 1.0
        for p in range(n_players):
            c0 = combos[p, choice[p], 0]
            c1 = combos[p, choice[p], 1]
            mask = (np.uint64(1) << np.uint64(c0)) | (np.uint64(1) << np.uint64(c1))
            if used & mask:
                ok = False
                break
            used |= mask
            weight *= weights[p, choice[p]]
        if ok:
            best0 = np.uint64(0xFFFFFFFFFFFFFFFF)
            best1 = np.uint64(0xFFFFFFFFFFFFFFFF)
            for g in range(perms.shape[0]):
                for p in range(n_players):
                    m0 = (combos[p, choice[p], 0] & 0xFC) | perms[g, combos[p, choice[p], 0] & 3]
                    m1 = (combos[p, choice[p], 1] & 0xFC) | perms[g, combos[p, choice[p], 1] & 3]
                    pairs[p] = max(m0, m1) * 64 + min(m0, m1)
                    order[p] = p
                for i in range(n_players):
                    for j in range(i + 1, n_players):
                        if groups[i] == groups[j] and pairs[order[i]] > pairs[order[j]]:
                            order[i], order[j] = order[j], order[i]
                word0 = np.uint64(0)
                word1 = np.uint64(0)
                for slot in range(n_players):
                    pair = np.uint64(pairs[order[slot]])
                    if slot < 5:
                        word0 |= pair << np.uint64(12 * slot)
                    else:
                        word1 |= pair << np.uint64(12 * (slot - 5))
                if word0 < best0 or (word0 == best0 and word1 < best1):
                    best0 = word0
                    best1 = word1
                    best_order[:] = order
            codes[n, 0] = best0
            codes[n, 1] = best1
            out_weights[n] = weight
            seating = np.uint64(0)
            for slot in range(n_players):
                seating |= np.uint64(slot) << np.uint64(4 * best_order[slot])
            seatings[n] = seating
            n += 1
        # next assignment (mixed radix, player 0 fastest)
        for p in range(n_players):
            choice[p] += 1
            if choice[p] < sizes[p]:
                break
            choice[p] = 0
    return codes[:n], out_weights[:n], seatings[:n]


@kernel()
def _decode_classes(codes, n_players):
    """Hole cards (N, P, 2) uint8, high card first, of class codes from ``_assignment_classes``."""
    holes = np.empty((codes.shape[0], n_players, 2), dtype=np.uint8)
    for i in range(codes.shape[0]):
        for p in range(n_players):
            word = codes[i, 0] if p < 5 else codes[i, 1]
            pair = (word >> np.uint64(12 * (p % 5))) & np.uint64(0xFFF)
            holes[i, p, 0] = pair >> np.uint64(6)
            holes[i, p, 1] = pair & np.uint64(63)
    return holes
