"""Two independent counts of Omaha (high) categories over every starting hand and full board.

Cards are ids ``4 * rank + suit`` (rank 0..12 for 2..A, suit 0..3). A deal is four hole cards
and five board cards: C(52, 4) * C(48, 5) = 463,563,500,400 deals. Both methods return, per
hole rank multiset (its code ``r0 + 13 r1 + 169 r2 + 2197 r3`` with r0 <= r1 <= r2 <= r3), the
number of deals whose best hand (exactly two hole and three board cards) falls in each category
0 (high card) .. 8 (straight flush).

Method A, exhaustive: every starting hand up to the 24 permutations of the suits (16,432
classes, each weighted by the size of its orbit), against every one of the C(48, 5) boards of
the other cards (28,136,579,328 evaluations), valued by showdown's Omaha tables and the helpers
of ``showdown._kernels.games`` (the flush suit and the flush pairs). The boards are enumerated in
ascending card order, so their rank multiset index, suit counts and card bits are built up card
by card; the best of the hole's six pairs with each board rank multiset is read from the table
once per hole, so that a board costs one read from a row that stays in the first-level cache.
:func:`exhaustive_values` lets a test check it against ``evaluate_many(game="omaha")``, board by
board.

Method B, combinatorial, without showdown: every pair of a hole rank multiset and a board rank
multiset with at most four cards of a rank. The ranks alone give the best non-flush category.
A flush needs a suit with at least two hole and three board cards, and only one suit can have
three of the five board cards, so the deals with a flush are 4 times those whose flush suit is
spades; per rank, the spade is in the hole, on the board or in neither, and the other cards
of that rank take the other three suits in binomially many ways. A small dynamic programme over
the ranks counts the spade placements with at least two hole and three board spades; the
placements with a straight flush (five consecutive ranks, the wheel included, two of them
spades in the hole and three on the board) are enumerated over the ranks of the windows that
could hold one. :func:`straight_flush_deals` counts the straight flushes a third way, from the
sets of spades alone.
"""

from __future__ import annotations

import itertools
from math import comb

import numba
import numpy as np
from numba import prange

from showdown._kernels import games
from showdown._kernels.evaluator import CARD_BITS, CARD_KEYS
from showdown.tables import load_games

CATEGORIES = (
    "High card", "One pair", "Two pair", "Three of a kind", "Straight",
    "Flush", "Full house", "Four of a kind", "Straight flush",
)
N_DEALS = comb(52, 4) * comb(48, 5)
N_CODES = 13 ** 4


# --- starting hands up to suit permutation ------------------------------------------------------

def suit_permutations() -> np.ndarray:
    """The 24 permutations of the suits, as rows ``perm[suit]``."""
    return np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def permuted_masks(hands: np.ndarray) -> np.ndarray:
    """Each hand's 52-bit card mask under each suit permutation, shape (len(hands), 24)."""
    ids = hands.astype(np.int64)
    perms = suit_permutations()
    moved = 4 * (ids[:, None, :] >> 2) + perms[:, ids & 3].transpose(1, 0, 2)
    return (np.int64(1) << moved).sum(axis=2)


def mask_to_ids(masks: np.ndarray, k: int) -> np.ndarray:
    """The ``k`` card ids of each mask, ascending."""
    bits = (masks[:, None] >> np.arange(52, dtype=np.int64)) & 1
    rows, cards = np.nonzero(bits)
    assert np.array_equal(np.bincount(rows, minlength=len(masks)), np.full(len(masks), k))
    return cards.reshape(len(masks), k).astype(np.uint8)


def starting_hand_classes(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The classes of the hands under suit permutation: a representative of each (the images'
    smallest mask, as ascending ids), the number of hands in the class, and the number of suit
    permutations that fix the representative."""
    canonical = permuted_masks(hands).min(axis=1)
    masks, sizes = np.unique(canonical, return_counts=True)
    stabilisers = (permuted_masks(mask_to_ids(masks, 4)) == masks[:, None]).sum(axis=1)
    return mask_to_ids(masks, 4), sizes.astype(np.int64), stabilisers


def rank_codes(hands: np.ndarray) -> np.ndarray:
    """The code of each hand's rank multiset: its ranks ascending, in base 13."""
    ranks = np.sort(hands.astype(np.int64) >> 2, axis=1)
    return ranks @ (13 ** np.arange(ranks.shape[1], dtype=np.int64))


# --- method A: every class against every board, by showdown's Omaha tables ------------------------

OMAHA_HIGH_5 = load_games().omaha_high[5].ravel()  # board rank multiset index * 91 + hole pair
PAIR_OF = games.PAIR_OF
RANK_OF = games.RANK_OF
COLEX = games.COLEX.astype(np.int64)
_flush_shift = games._flush_shift
_flush_pairs = games._flush_pairs
_SUIT_RANKS = np.uint64(0x1FFF)
_ONE = np.uint64(1)
_NO_FLUSH = np.uint64(64)


N_BOARD_RANKS = comb(13 + 5 - 1, 5)  # board rank multisets (their colex indexes 0 .. 6187)


@numba.njit(nogil=True)
def _class_boards(hole, table, counts, values):
    """Count (``counts[category]``) the Omaha values of ``hole`` (4 ids) with every board of five
    of the other 48 cards, in ascending order of the boards' ids (itertools.combinations order of
    the remaining cards); ``values``, when not empty, receives each board's value in that order.
    The best of the hole's six pairs with each board rank multiset is read from the table once
    per hole, into a row of 6,188 values that stays in the first-level cache."""
    h0, h1, h2, h3 = hole[0], hole[1], hole[2], hole[3]
    pairs = (np.int64(PAIR_OF[h0, h1]), np.int64(PAIR_OF[h0, h2]), np.int64(PAIR_OF[h0, h3]),
             np.int64(PAIR_OF[h1, h2]), np.int64(PAIR_OF[h1, h3]), np.int64(PAIR_OF[h2, h3]))
    unpaired = np.empty(N_BOARD_RANKS, dtype=table.dtype)  # the best without a flush, per board ranks
    for ranks in range(N_BOARD_RANKS):
        base = ranks * 91
        best = table[base + pairs[0]]
        for p in pairs[1:]:
            best = max(best, table[base + p])
        unpaired[ranks] = best
    hole_bits = CARD_BITS[h0] | CARD_BITS[h1] | CARD_BITS[h2] | CARD_BITS[h3]
    keys = np.empty(48, dtype=np.uint64)
    bits = np.empty(48, dtype=np.uint64)
    colex = np.empty((5, 48), dtype=np.int64)  # the i-th smallest board rank's term
    n = 0
    for card in range(52):
        if CARD_BITS[card] & hole_bits:
            continue
        keys[n] = CARD_KEYS[card]
        bits[n] = CARD_BITS[card]
        for i in range(5):
            colex[i, n] = COLEX[i, RANK_OF[card]]
        n += 1
    write = values.size > 0
    n = 0
    for a in range(44):
        for b in range(a + 1, 45):
            key_ab, bits_ab, base_ab = keys[a] + keys[b], bits[a] | bits[b], colex[0, a] + colex[1, b]
            for c in range(b + 1, 46):
                key_c, bits_c, base_c = key_ab + keys[c], bits_ab | bits[c], base_ab + colex[2, c]
                for d in range(c + 1, 47):
                    key_d, bits_d, base_d = key_c + keys[d], bits_c | bits[d], base_c + colex[3, d]
                    for e in range(d + 1, 48):
                        best = unpaired[base_d + colex[4, e]]
                        shift = _flush_shift(key_d + keys[e])
                        if shift != _NO_FLUSH:
                            hole_ranks = (hole_bits >> shift) & _SUIT_RANKS
                            if hole_ranks & (hole_ranks - _ONE):
                                best = _flush_pairs(best, hole_ranks, ((bits_d | bits[e]) >> shift) & _SUIT_RANKS)
                        counts[best >> 12] += 1
                        if write:
                            values[n] = best
                            n += 1


@numba.njit(nogil=True, parallel=True)
def _classes_boards(holes, table, counts):
    for i in prange(holes.shape[0]):
        _class_boards(holes[i], table, counts[i], np.empty(0, dtype=np.int32))


def exhaustive_values(hole: np.ndarray) -> np.ndarray:
    """The value of ``hole`` with each board of the other 48 cards, in combinations order."""
    values = np.empty(comb(48, 5), dtype=np.int32)
    _class_boards(np.asarray(hole, dtype=np.uint8), OMAHA_HIGH_5, np.zeros(9, dtype=np.int64), values)
    return values


def exhaustive_class_counts(holes: np.ndarray) -> np.ndarray:
    """Per hole (rows of 4 ids), the count of each category over all C(48, 5) boards."""
    counts = np.zeros((len(holes), 9), dtype=np.int64)
    _classes_boards(np.ascontiguousarray(holes, dtype=np.uint8), OMAHA_HIGH_5, counts)
    return counts


def exhaustive_counts(holes: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Method A: per hole rank code, the weighted category counts of the given hole classes."""
    per_class = exhaustive_class_counts(holes) * weights[:, None]
    out = np.zeros((N_CODES, 9), dtype=np.int64)
    np.add.at(out, rank_codes(holes), per_class)
    return out


# --- method B: rank multisets and suit placements, no evaluator ------------------------------------

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 5, 6, 7, 8
# The ten straights as 13-bit rank masks, the wheel (A-2-3-4-5) first.
WINDOWS = np.array([0b1000000001111] + [0b11111 << low for low in range(9)], dtype=np.int64)


def binomials() -> np.ndarray:
    """C(n, k) for n, k in 0..5 (0 when k > n or k < 0 is never asked)."""
    table = np.zeros((6, 6), dtype=np.int64)
    for n in range(6):
        for k in range(n + 1):
            table[n, k] = comb(n, k)
    return table


@numba.njit
def _five_rank_categories():
    """The category of five ranks (no flush) indexed by ``r0*13^4 + r1*13^3 + r2*169 + r3*13 + r4``
    in any order; 255 for five of a kind, which no deck holds."""
    out = np.empty(13 ** 5, dtype=np.uint8)
    counts = np.zeros(13, dtype=np.int64)
    for index in range(13 ** 5):
        counts[:] = 0
        rest = index
        mask = 0
        for _ in range(5):
            counts[rest % 13] += 1
            mask |= 1 << (rest % 13)
            rest //= 13
        most = counts.max()
        n_pairs = 0
        for r in range(13):
            if counts[r] == 2:
                n_pairs += 1
        if most == 5:
            out[index] = 255
        elif most == 4:
            out[index] = FOUR_OF_A_KIND
        elif most == 3:
            out[index] = FULL_HOUSE if n_pairs == 1 else THREE_OF_A_KIND
        elif most == 2:
            out[index] = TWO_PAIR if n_pairs == 2 else ONE_PAIR
        else:
            out[index] = HIGH_CARD
            for w in range(10):
                if mask == WINDOWS[w]:
                    out[index] = STRAIGHT
    return out


POPCOUNT = np.array([bin(x).count("1") for x in range(1 << 13)], dtype=np.int64)


@numba.njit
def _spade_counts(hole_count, board_count, ranks, n_ranks, binom, w, windows):
    """For one pair of rank multisets (counts per rank; ``ranks`` the ``n_ranks`` ranks present),
    the suit assignments with spades as the flush suit: (with a flush, with a straight flush).
    ``w`` (13, 3) and ``windows`` (10) are scratch arrays."""
    # w[r, 0]: the spade of rank r in neither; w[r, 1]: in the hole; w[r, 2]: on the board.
    # The flushes: a[i][j] counts the placements so far with i (up to 2) hole spades and j (up
    # to 3) board spades.
    a00, a01, a02, a03 = 1, 0, 0, 0
    a10, a11, a12, a13 = 0, 0, 0, 0
    a20, a21, a22, a23 = 0, 0, 0, 0
    holed = 0
    boarded = 0
    for t in range(n_ranks):
        r = ranks[t]
        h, b = hole_count[r], board_count[r]
        w0 = binom[3, h] * binom[3 - h, b] if h + b <= 3 else 0
        w1 = binom[3, h - 1] * binom[4 - h, b] if h >= 1 else 0
        w2 = binom[3, h] * binom[3 - h, b - 1] if b >= 1 and h + b <= 4 and h <= 3 else 0
        w[r, 0], w[r, 1], w[r, 2] = w0, w1, w2
        if h:
            holed |= 1 << r
        if b:
            boarded |= 1 << r
        a00, a01, a02, a03, a10, a11, a12, a13, a20, a21, a22, a23 = (
            a00 * w0,
            a01 * w0 + a00 * w2,
            a02 * w0 + a01 * w2,
            a03 * (w0 + w2) + a02 * w2,
            a10 * w0 + a00 * w1,
            a11 * w0 + a01 * w1 + a10 * w2,
            a12 * w0 + a02 * w1 + a11 * w2,
            a13 * (w0 + w2) + a03 * w1 + a12 * w2,
            a20 * (w0 + w1) + a10 * w1,
            a21 * (w0 + w1) + a11 * w1 + a20 * w2,
            a22 * (w0 + w1) + a12 * w1 + a21 * w2,
            a23 * (w0 + w1 + w2) + a13 * w1 + a22 * w2,
        )
    flushes = a23
    # The straight flushes: the windows whose ranks are all present, two or more of them in the
    # hole and three or more on the board, then every choice of the hole spades (two or more)
    # and board spades (three or more) among those windows' ranks.
    present = holed | boarded
    n_windows = 0
    relevant = 0
    for k in range(10):
        window = WINDOWS[k]
        if window & present == window and POPCOUNT[window & holed] >= 2 and POPCOUNT[window & boarded] >= 3:
            windows[n_windows] = window
            n_windows += 1
            relevant |= window
    if n_windows == 0 or flushes == 0:
        return flushes, 0
    others = 1  # the ranks outside the windows: any placement
    for t in range(n_ranks):
        r = ranks[t]
        if not relevant >> r & 1:
            others *= w[r, 0] + w[r, 1] + w[r, 2]
    straight_flushes = 0
    hole_choices = holed & relevant
    spade_hole = hole_choices
    while spade_hole:
        if POPCOUNT[spade_hole] >= 2:
            board_choices = boarded & relevant & ~spade_hole
            spade_board = board_choices
            while spade_board:
                if POPCOUNT[spade_board] >= 3:
                    made = False
                    for k in range(n_windows):
                        window = windows[k]
                        if POPCOUNT[window & spade_hole] == 2 and POPCOUNT[window & spade_board] == 3:
                            made = True
                            break
                    if made:
                        weight = 1
                        for r in range(13):
                            if relevant >> r & 1:
                                weight *= w[r, 1] if spade_hole >> r & 1 else (
                                    w[r, 2] if spade_board >> r & 1 else w[r, 0]
                                )
                        straight_flushes += weight
                spade_board = (spade_board - 1) & board_choices
        spade_hole = (spade_hole - 1) & hole_choices
    return flushes, straight_flushes * others


@numba.njit(parallel=True)
def _combinatorial(holes, boards, categories, binom, out):
    for i in prange(holes.shape[0]):
        hole = holes[i]
        hole_count = np.zeros(13, dtype=np.int64)
        for j in range(4):
            hole_count[hole[j]] += 1
        code = hole[0] + 13 * hole[1] + 169 * hole[2] + 2197 * hole[3]
        board_count = np.zeros(13, dtype=np.int64)
        ranks = np.empty(13, dtype=np.int64)
        w = np.empty((13, 3), dtype=np.int64)
        windows = np.empty(10, dtype=np.int64)
        for m in range(boards.shape[0]):
            board = boards[m]
            board_count[:] = 0
            for j in range(5):
                board_count[board[j]] += 1
            total = 1
            n_ranks = 0
            for r in range(13):
                h, b = hole_count[r], board_count[r]
                if h + b > 4:
                    total = 0
                    break
                if h + b:
                    total *= binom[4, h] * binom[4 - h, b]
                    ranks[n_ranks] = r
                    n_ranks += 1
            if total == 0:
                continue
            best = 0
            for x in range(3):
                for y in range(x + 1, 4):
                    pair = hole[x] * 28561 + hole[y] * 2197
                    for p in range(3):
                        for q in range(p + 1, 4):
                            for s in range(q + 1, 5):
                                best = max(best, categories[pair + board[p] * 169 + board[q] * 13 + board[s]])
            flushes, straight_flushes = _spade_counts(hole_count, board_count, ranks, n_ranks, binom, w, windows)
            out[code, STRAIGHT_FLUSH] += 4 * straight_flushes
            out[code, max(best, FLUSH)] += 4 * (flushes - straight_flushes)
            out[code, best] += total - 4 * flushes


def rank_multisets(k: int) -> np.ndarray:
    """Every multiset of ``k`` ranks with at most four of a rank, as ascending rows."""
    rows = [r for r in itertools.combinations_with_replacement(range(13), k) if max(map(r.count, r)) <= 4]
    return np.array(rows, dtype=np.int64)


def combinatorial_counts() -> np.ndarray:
    """Method B: per hole rank code, the category counts over all deals."""
    out = np.zeros((N_CODES, 9), dtype=np.int64)
    _combinatorial(rank_multisets(4), rank_multisets(5), _five_rank_categories(), binomials(), out)
    return out


def straight_flush_deals() -> int:
    """A third count, of the straight flushes alone: by suit symmetry 4 times the deals whose
    spades make one, summed over the sets of hole spades (up to 4 ranks) and board spades (up to 5
    other ranks) with a straight window holding two of the first and three of the second, the
    other cards taken from the 39 that are not spades."""
    def rank_sets(most: int) -> np.ndarray:
        return np.array(
            [sum(1 << r for r in ranks) for k in range(most + 1) for ranks in itertools.combinations(range(13), k)],
            dtype=np.int64,
        )

    hole, board = rank_sets(4), rank_sets(5)
    made = np.zeros((len(hole), len(board)), dtype=bool)
    for window in WINDOWS:
        made |= (POPCOUNT[hole & window] == 2)[:, None] & (POPCOUNT[board & window] == 3)[None, :]
    made &= (hole[:, None] & board[None, :]) == 0
    other_hole = 4 - POPCOUNT[hole]
    other_board = 5 - POPCOUNT[board]
    hole_ways = np.array([comb(39, k) for k in other_hole], dtype=np.int64)
    board_ways = np.array([[comb(39 - h, k) for k in range(6)] for h in range(5)], dtype=np.int64)
    ways = hole_ways[:, None] * board_ways[other_hole[:, None], other_board[None, :]]
    return 4 * int(ways[made].sum())


def table(counts: np.ndarray) -> str:
    """The category counts (length 9) as a text table with each one's share of all deals."""
    total = int(counts.sum())
    lines = [f"{'Category':<16}{'Deals':>20}{'Share':>12}"]
    lines += [f"{name:<16}{int(n):>20,}{int(n) / total:>12.6%}" for name, n in zip(CATEGORIES, counts, strict=True)]
    lines.append(f"{'Total':<16}{total:>20,}")
    return "\n".join(lines)
