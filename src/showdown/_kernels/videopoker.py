"""Video poker kernels: final-hand classes, the superset count table, hold counts per deal.

A *set* is 0 to 5 distinct cards; a set of k cards sorted ``c_1 < ... < c_k`` has the colex
index ``sum C(c_i, i)``, and ``SET_OFFSETS[k]`` is the first row of the k-card sets in the count
table. ``table[row, cls]`` counts the five-card hands that contain the set and fall in final
hand class ``cls`` (the column order is ``showdown.videopoker.HandClass``; a test checks it).

For a deal D and a hold H (a subset of D), the draws that make class c are the five-card hands X
with ``X & D == H``; by inclusion-exclusion their number is the sum over ``H <= Y <= D`` of
``(-1) ** |Y - H| * table[Y, c]``, computed for all 32 holds at once with five passes of the
superset Moebius transform. Holds are 5-bit masks over the deal's card positions.
"""

import numpy as np
from numba import prange

from showdown._kernels import kernel
from showdown._kernels.evaluator import _KEY_INIT, CARD_BITS, CARD_KEYS, _hand_value
from showdown.tables.layout import CATEGORY_SHIFT

# Final hand classes, weakest first (``showdown.videopoker.HandClass`` has the same numbers).
NOTHING, LOW_PAIR, JACKS_OR_BETTER, TWO_PAIR, THREE_OF_A_KIND = 0, 1, 2, 3, 4
STRAIGHT, FLUSH, FULL_HOUSE, FOUR_5_K, FOUR_2_4 = 5, 6, 7, 8, 9
FOUR_2_4_ACE_TO_4, FOUR_ACES, FOUR_ACES_2_4, STRAIGHT_FLUSH, ROYAL_FLUSH = 10, 11, 12, 13, 14
N_CLASSES = 15
N_COLUMNS = 16  # one spare column: a table row is 64 bytes

# The class of each hand category that needs no closer look (-1: it does).
CATEGORY_CLASS = np.array([NOTHING, -1, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, -1, -1], np.int64)

BINOMIAL = np.zeros((53, 6), dtype=np.int64)
for _n in range(53):
    BINOMIAL[_n, 0] = 1
    for _k in range(1, 6):
        BINOMIAL[_n, _k] = BINOMIAL[_n - 1, _k - 1] + BINOMIAL[_n - 1, _k] if _n else 0
SET_OFFSETS = np.zeros(6, dtype=np.int64)
for _k in range(1, 6):
    SET_OFFSETS[_k] = SET_OFFSETS[_k - 1] + BINOMIAL[52, _k - 1]
TABLE_ROWS = int(SET_OFFSETS[5])  # 294,204 sets of 0..4 cards

# The 32 holds in tie-break order: fewer cards held first, then by the held positions.
HOLD_ORDER = np.array(
    sorted(range(32), key=lambda hold: (bin(hold).count("1"), [i for i in range(5) if hold >> i & 1])), np.int64
)
HELD = np.array([bin(hold).count("1") for hold in range(32)], np.int64)  # cards each hold keeps
_ROYAL_RANKS = np.uint64(0x1F00)
_RANK_BITS = np.uint64(0x1FFF)


@kernel(inline="always")
def _classify(c0, c1, c2, c3, c4):
    """The final hand class of five distinct card ids (the category from the evaluator)."""
    key = _KEY_INIT + CARD_KEYS[c0] + CARD_KEYS[c1] + CARD_KEYS[c2] + CARD_KEYS[c3] + CARD_KEYS[c4]
    bits = CARD_BITS[c0] | CARD_BITS[c1] | CARD_BITS[c2] | CARD_BITS[c3] | CARD_BITS[c4]
    category = _hand_value(key, bits) >> CATEGORY_SHIFT
    fixed = CATEGORY_CLASS[category]
    if fixed >= 0:
        return fixed
    r0, r1, r2 = np.int64(c0) >> 2, np.int64(c1) >> 2, np.int64(c2) >> 2
    r3, r4 = np.int64(c3) >> 2, np.int64(c4) >> 2
    if category == 8:
        ranks = (bits | bits >> np.uint64(16) | bits >> np.uint64(32) | bits >> np.uint64(48)) & _RANK_BITS
        return ROYAL_FLUSH if ranks == _ROYAL_RANKS else STRAIGHT_FLUSH
    if category == 7:
        quad = r0 if (r0 == r1 or r0 == r2) else r1
        kicker = r0 + r1 + r2 + r3 + r4 - 4 * quad
        if quad == 12:
            return FOUR_ACES_2_4 if kicker <= 2 else FOUR_ACES
        if quad <= 2:
            return FOUR_2_4_ACE_TO_4 if (kicker <= 2 or kicker == 12) else FOUR_2_4
        return FOUR_5_K
    # one pair: the rank that appears twice
    pair = r0
    if r1 == r2 or r1 == r3 or r1 == r4:
        pair = r1
    elif r2 == r3 or r2 == r4:
        pair = r2
    elif r3 == r4:
        pair = r3
    return JACKS_OR_BETTER if pair >= 9 else LOW_PAIR


@kernel(nogil=True)
def _classify_rows(ids, out):
    """The class of each row of an (N, 5) array of distinct card ids, into ``out``."""
    for i in range(ids.shape[0]):
        out[i] = _classify(ids[i, 0], ids[i, 1], ids[i, 2], ids[i, 3], ids[i, 4])


@kernel(nogil=True)
def _superset_table():
    """``table[SET_OFFSETS[k] + colex(X), cls]``: five-card hands holding the k-card set X, by
    class, for k = 0..4.

    Every hand adds one to each of its five 4-card subsets; then each k-card count is the sum
    of the (k+1)-card counts of its supersets divided by 5 - k (a hand holding X holds 5 - k
    such supersets).
    """
    table = np.zeros((TABLE_ROWS, N_COLUMNS), dtype=np.int32)
    four = SET_OFFSETS[4]
    for e in range(4, 52):
        be = BINOMIAL[e, 4]
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        cls = _classify(a, b, c, d, e)
                        abc = BINOMIAL[a, 1] + BINOMIAL[b, 2] + BINOMIAL[c, 3]
                        table[four + abc + BINOMIAL[d, 4], cls] += 1
                        table[four + abc + be, cls] += 1
                        abd = BINOMIAL[a, 1] + BINOMIAL[b, 2] + BINOMIAL[d, 3]
                        table[four + abd + be, cls] += 1
                        acd = BINOMIAL[a, 1] + BINOMIAL[c, 2] + BINOMIAL[d, 3]
                        table[four + acd + be, cls] += 1
                        bcd = BINOMIAL[b, 1] + BINOMIAL[c, 2] + BINOMIAL[d, 3]
                        table[four + bcd + be, cls] += 1
    cards = np.zeros(5, dtype=np.int64)
    for size in range(4, 0, -1):  # push each size-card set's counts down to its (size-1)-subsets
        big, small = SET_OFFSETS[size], SET_OFFSETS[size - 1]
        for j in range(size):
            cards[j] = j
        for index in range(BINOMIAL[52, size]):
            # cards[:size] is the set of colex index ``index``
            for skip in range(size):
                sub = 0
                place = 1
                for j in range(size):
                    if j != skip:
                        sub += BINOMIAL[cards[j], place]
                        place += 1
                for col in range(N_COLUMNS):
                    table[small + sub, col] += table[big + index, col]
            # the next set in colex order: raise the lowest card that can rise
            j = 0
            while j + 1 < size and cards[j] + 1 == cards[j + 1]:
                cards[j] = j
                j += 1
            cards[j] += 1
        for row in range(small, big):
            for col in range(N_COLUMNS):
                table[row, col] //= 6 - size
    return table


@kernel(inline="always")
def _fill_hold_counts(deal, table, counts):
    """``counts[hold, cls]``: draws to ``hold`` that end in class ``cls``, for a sorted deal."""
    for subset in range(31):
        row = 0
        place = 0
        for i in range(5):
            if subset >> i & 1:
                place += 1
                row += BINOMIAL[deal[i], place]
        row += SET_OFFSETS[place]
        for col in range(N_COLUMNS):
            counts[subset, col] = table[row, col]
    for col in range(N_COLUMNS):
        counts[31, col] = 0
    counts[31, _classify(deal[0], deal[1], deal[2], deal[3], deal[4])] = 1
    for i in range(5):
        bit = 1 << i
        for subset in range(32):
            if not subset & bit:
                for col in range(N_COLUMNS):
                    counts[subset, col] -= counts[subset | bit, col]


@kernel(nogil=True)
def _hold_counts(deal, table):
    """The (32, 16) draw counts of every hold of one deal (card ids sorted ascending)."""
    counts = np.empty((32, N_COLUMNS), dtype=np.int64)
    _fill_hold_counts(deal, table, counts)
    return counts


@kernel(nogil=True)
def _canonical_deals():
    """One deal per class of deals equal up to a change of suits, and the size of its class.

    A deal is canonical when its four suits' rank masks are in non-increasing order; its weight
    is the number of distinct orderings of those four masks (24 over the factorials of the
    multiplicities of equal masks), so the weights add up to C(52, 5).
    """
    deals = np.empty((BINOMIAL[52, 5], 5), dtype=np.uint8)
    weights = np.empty(BINOMIAL[52, 5], dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    n = 0
    for a in range(48):
        for b in range(a + 1, 49):
            for c in range(b + 1, 50):
                for d in range(c + 1, 51):
                    for e in range(d + 1, 52):
                        masks[:] = 0
                        masks[a & 3] |= 1 << (a >> 2)
                        masks[b & 3] |= 1 << (b >> 2)
                        masks[c & 3] |= 1 << (c >> 2)
                        masks[d & 3] |= 1 << (d >> 2)
                        masks[e & 3] |= 1 << (e >> 2)
                        if masks[0] < masks[1] or masks[1] < masks[2] or masks[2] < masks[3]:
                            continue
                        weight = 24
                        run = 1
                        for s in range(1, 4):
                            run = run + 1 if masks[s] == masks[s - 1] else 1
                            weight //= run
                        deals[n, 0], deals[n, 1], deals[n, 2], deals[n, 3], deals[n, 4] = a, b, c, d, e
                        weights[n] = weight
                        n += 1
    return deals[:n].copy(), weights[:n].copy()


@kernel(nogil=True)
def _best_holds(deals, weights, table, pays, scale, totals):
    """Add each deal's best hold's class counts, times the deal's weight, to
    ``totals[cards discarded, cls]``.

    A hold's expected payout times ``lcm(C(47, 0..5))`` is its count-weighted pays times
    ``scale[cards discarded]``: an exact integer, so equal holds compare equal, and the first of
    them in ``HOLD_ORDER`` is taken.
    """
    counts = np.empty((32, N_COLUMNS), dtype=np.int64)
    for d in range(deals.shape[0]):
        _fill_hold_counts(deals[d], table, counts)
        best = HOLD_ORDER[0]
        best_value = np.int64(-1)
        for h in range(32):
            hold = HOLD_ORDER[h]
            value = np.int64(0)
            for col in range(N_COLUMNS):
                value += counts[hold, col] * pays[col]
            value *= scale[5 - HELD[hold]]
            if value > best_value:
                best, best_value = hold, value
        drawn = 5 - HELD[best]
        for col in range(N_COLUMNS):
            totals[drawn, col] += weights[d] * counts[best, col]


@kernel(nogil=True, parallel=True)
def _best_holds_parallel(deals, weights, table, pays, scale, n_chunks):
    """``_best_holds`` over ``n_chunks`` contiguous chunks in parallel; the summed totals."""
    n = deals.shape[0]
    size = (n + n_chunks - 1) // n_chunks
    partial = np.zeros((n_chunks, 6, N_COLUMNS), dtype=np.int64)
    for chunk in prange(n_chunks):
        lo = min(n, chunk * size)
        hi = min(n, lo + size)
        _best_holds(deals[lo:hi], weights[lo:hi], table, pays, scale, partial[chunk])
    totals = np.zeros((6, N_COLUMNS), dtype=np.int64)
    for chunk in range(n_chunks):
        totals += partial[chunk]
    return totals
