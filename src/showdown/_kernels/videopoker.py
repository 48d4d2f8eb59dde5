"""Video poker kernels: final-hand classes, the superset count table, hold counts per deal.

Each game follows a *rule*: ``STANDARD`` (no wild card), ``DEUCES`` (the four 2s are wild) or
``JOKER`` (a 53-card deck whose joker, id 52, is wild). A rule's final hand classes are numbered
0, 1, ... weakest first: these are the table's columns (``showdown.videopoker.final_hands`` maps
them to ``HandClass``; a test checks it).

A *set* is 0 to 5 distinct cards; a set of k cards sorted ``c_1 < ... < c_k`` has the colex
index ``sum C(c_i, i)``, and ``SET_OFFSETS[k]`` is the first row of the k-card sets in the count
table (laid out for 53 cards, so that one layout serves both decks). ``table[row, cls]`` counts
the five-card hands that contain the set and fall in final hand class ``cls``.

For a deal D and a hold H (a subset of D), the draws that make class c are the five-card hands X
with ``X & D == H``; by inclusion-exclusion their number is the sum over ``H <= Y <= D`` of
``(-1) ** |Y - H| * table[Y, c]``, computed for all 32 holds at once with five passes of the
superset Moebius transform. Holds are 5-bit masks over the deal's card positions.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.evaluator import _KEY_INIT, CARD_BITS, CARD_KEYS, _hand_value
from showdown.tables.layout import CATEGORY_SHIFT

STANDARD, DEUCES, JOKER = 0, 1, 2
JOKER_CARD = 52
DECK_SIZE = np.array([52, 52, 53], np.int64)  # by rule

# STANDARD classes, weakest first (``HandClass`` has the same numbers).
NOTHING, LOW_PAIR, JACKS_OR_BETTER, TWO_PAIR, THREE_OF_A_KIND = 0, 1, 2, 3, 4
STRAIGHT, FLUSH, FULL_HOUSE, FOUR_5_K, FOUR_2_4 = 5, 6, 7, 8, 9
FOUR_2_4_ACE_TO_4, FOUR_ACES, FOUR_ACES_2_4, STRAIGHT_FLUSH, ROYAL_FLUSH = 10, 11, 12, 13, 14
# DEUCES classes, weakest first (pairs and two pair pay nothing: they are NOTHING).
D_THREE, D_STRAIGHT, D_FLUSH, D_FULL_HOUSE, D_FOUR, D_STRAIGHT_FLUSH = 1, 2, 3, 4, 5, 6
D_FIVE, D_WILD_ROYAL, D_FOUR_DEUCES, D_ROYAL = 7, 8, 9, 10
# JOKER classes, weakest first (LOW_PAIR: a pair below kings).
J_KINGS, J_TWO_PAIR, J_THREE, J_STRAIGHT, J_FLUSH, J_FULL_HOUSE, J_FOUR = 2, 3, 4, 5, 6, 7, 8
J_STRAIGHT_FLUSH, J_WILD_ROYAL, J_FIVE, J_ROYAL = 9, 10, 11, 12
N_COLUMNS = 16  # every rule's classes fit (15 at most); a table row is 64 bytes

# The class of each hand category that needs no closer look (-1: it does), by rule.
CATEGORY_CLASS = np.array([
    [NOTHING, -1, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, -1, -1],
    [NOTHING, NOTHING, NOTHING, D_THREE, D_STRAIGHT, D_FLUSH, D_FULL_HOUSE, D_FOUR, -1],
    [NOTHING, -1, J_TWO_PAIR, J_THREE, J_STRAIGHT, J_FLUSH, J_FULL_HOUSE, J_FOUR, -1],
], np.int64)

BINOMIAL = np.zeros((54, 6), dtype=np.int64)
for _n in range(54):
    BINOMIAL[_n, 0] = 1
    for _k in range(1, 6):
        BINOMIAL[_n, _k] = BINOMIAL[_n - 1, _k - 1] + BINOMIAL[_n - 1, _k] if _n else 0
SET_OFFSETS = np.zeros(6, dtype=np.int64)
for _k in range(1, 6):
    SET_OFFSETS[_k] = SET_OFFSETS[_k - 1] + BINOMIAL[53, _k - 1]
TABLE_ROWS = int(SET_OFFSETS[5])  # 317,683 sets of 0..4 of 53 cards

# The 32 holds in tie-break order: fewer cards held first, then by the held positions.
HOLD_ORDER = np.array(
    sorted(range(32), key=lambda hold: (bin(hold).count("1"), [i for i in range(5) if hold >> i & 1])), np.int64
)
HELD = np.array([bin(hold).count("1") for hold in range(32)], np.int64)  # cards each hold keeps
_ROYAL_RANKS = np.uint64(0x1F00)
_RANK_BITS = np.uint64(0x1FFF)
# The ten five-rank windows a straight fills (the wheel A-2-3-4-5 first), as rank masks.
WINDOWS = np.array([0x100F] + [0x1F << low for low in range(9)], np.int64)
_HIGH_KINGS = (1 << 11) | (1 << 12)


@kernel(inline="always")
def _fits_window(ranks):
    """True when the rank mask ``ranks`` lies inside one five-rank straight window."""
    for w in range(10):
        if ranks & ~WINDOWS[w] == 0:
            return True
    return False


@kernel(inline="always")
def _wild_class(rule, c0, c1, c2, c3, c4):
    """The class of five cards with at least one wild card, under DEUCES or JOKER; -1 when
    none is wild. Naturals are the other cards: ``seen[j]`` has the bit of each rank held at
    least j + 1 times."""
    wilds = 0
    seen1 = seen2 = seen3 = seen4 = 0
    suit = -1
    suited = True
    for card in (np.int64(c0), np.int64(c1), np.int64(c2), np.int64(c3), np.int64(c4)):
        if (card < 4) if rule == DEUCES else (card == JOKER_CARD):
            wilds += 1
            continue
        bit = 1 << (card >> 2)
        seen4 |= seen3 & bit
        seen3 |= seen2 & bit
        seen2 |= seen1 & bit
        seen1 |= bit
        if suit < 0:
            suit = card & 3
        elif card & 3 != suit:
            suited = False
    if wilds == 0:
        return -1
    most = 4 if seen4 else (3 if seen3 else (2 if seen2 else 1))
    distinct = seen2 == 0
    two_pair = seen3 == 0 and seen2 != 0 and seen2 & (seen2 - 1) != 0
    if rule == DEUCES:
        if wilds == 4:
            return D_FOUR_DEUCES
        if most + wilds >= 5:
            return D_FIVE
        if distinct and suited:
            if seen1 & ~0x1F00 == 0:
                return D_WILD_ROYAL
            if _fits_window(seen1):
                return D_STRAIGHT_FLUSH
        if most + wilds >= 4:
            return D_FOUR
        if wilds == 1 and two_pair:
            return D_FULL_HOUSE
        if suited:
            return D_FLUSH
        if distinct and _fits_window(seen1):
            return D_STRAIGHT
        return D_THREE if most + wilds >= 3 else NOTHING
    if most == 4:
        return J_FIVE
    if distinct and suited:
        if seen1 & ~0x1F00 == 0:
            return J_WILD_ROYAL
        if _fits_window(seen1):
            return J_STRAIGHT_FLUSH
    if most == 3:
        return J_FOUR
    if two_pair:
        return J_FULL_HOUSE
    if suited:
        return J_FLUSH
    if distinct and _fits_window(seen1):
        return J_STRAIGHT
    if most == 2:
        return J_THREE
    return J_KINGS if seen1 & _HIGH_KINGS else LOW_PAIR


@kernel(inline="always")
def _classify(rule, c0, c1, c2, c3, c4):
    """The final hand class (the rule's column) of five distinct card ids."""
    if rule != STANDARD:
        wild = _wild_class(rule, c0, c1, c2, c3, c4)
        if wild >= 0:
            return wild
    key = _KEY_INIT + CARD_KEYS[c0] + CARD_KEYS[c1] + CARD_KEYS[c2] + CARD_KEYS[c3] + CARD_KEYS[c4]
    bits = CARD_BITS[c0] | CARD_BITS[c1] | CARD_BITS[c2] | CARD_BITS[c3] | CARD_BITS[c4]
    category = _hand_value(key, bits) >> CATEGORY_SHIFT
    fixed = CATEGORY_CLASS[rule, category]
    if fixed >= 0:
        return fixed
    r0, r1, r2 = np.int64(c0) >> 2, np.int64(c1) >> 2, np.int64(c2) >> 2
    r3, r4 = np.int64(c3) >> 2, np.int64(c4) >> 2
    if category == 8:
        ranks = (bits | bits >> np.uint64(16) | bits >> np.uint64(32) | bits >> np.uint64(48)) & _RANK_BITS
        royal = ranks == _ROYAL_RANKS
        if rule == DEUCES:
            return D_ROYAL if royal else D_STRAIGHT_FLUSH
        if rule == JOKER:
            return J_ROYAL if royal else J_STRAIGHT_FLUSH
        return ROYAL_FLUSH if royal else STRAIGHT_FLUSH
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
    if rule == JOKER:
        return J_KINGS if pair >= 11 else LOW_PAIR
    return JACKS_OR_BETTER if pair >= 9 else LOW_PAIR


@kernel(nogil=True)
def _classify_rows(rule, ids, out):
    """The class of each row of an (N, 5) array of distinct card ids, into ``out``."""
    for i in range(ids.shape[0]):
        out[i] = _classify(rule, ids[i, 0], ids[i, 1], ids[i, 2], ids[i, 3], ids[i, 4])


@kernel(nogil=True)
def _superset_table(rule):
    """``table[SET_OFFSETS[k] + colex(X), cls]``: five-card hands of the rule's deck holding the
    k-card set X, by class, for k = 0..4.

    Every hand adds one to each of its five 4-card subsets; then each k-card count is the sum
    of the (k+1)-card counts of its supersets divided by 5 - k (a hand holding X holds 5 - k
    such supersets).
    """
    table = np.zeros((TABLE_ROWS, N_COLUMNS), dtype=np.int32)
    four = SET_OFFSETS[4]
    n_cards = DECK_SIZE[rule]
    for e in range(4, n_cards):
        be = BINOMIAL[e, 4]
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        cls = _classify(rule, a, b, c, d, e)
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
        for index in range(BINOMIAL[n_cards, size]):
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
def _fill_hold_counts(rule, deal, table, counts):
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
    counts[31, _classify(rule, deal[0], deal[1], deal[2], deal[3], deal[4])] = 1
    for i in range(5):
        bit = 1 << i
        for subset in range(32):
            if not subset & bit:
                for col in range(N_COLUMNS):
                    counts[subset, col] -= counts[subset | bit, col]


@kernel(nogil=True)
def _hold_counts(rule, deal, table):
    """The (32, 16) draw counts of every hold of one deal (card ids sorted ascending)."""
    counts = np.empty((32, N_COLUMNS), dtype=np.int64)
    _fill_hold_counts(rule, deal, table, counts)
    return counts


@kernel(nogil=True)
def _canonical_deals(n_cards):
    """One deal of ``n_cards`` (52, or 53 with the joker) per class of deals equal up to a
    change of suits, and the size of its class.

    A deal is canonical when its four suits' rank masks are in non-increasing order (the
    joker, suitless, is left out of them); its weight is the number of distinct orderings of
    those four masks (24 over the factorials of the multiplicities of equal masks), so the
    weights add up to C(n_cards, 5).
    """
    deals = np.empty((BINOMIAL[n_cards, 5], 5), dtype=np.uint8)
    weights = np.empty(BINOMIAL[n_cards, 5], dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    n = 0
    for a in range(n_cards - 4):
        for b in range(a + 1, n_cards - 3):
            for c in range(b + 1, n_cards - 2):
                for d in range(c + 1, n_cards - 1):
                    for e in range(d + 1, n_cards):
                        masks[:] = 0
                        masks[a & 3] |= 1 << (a >> 2)
                        masks[b & 3] |= 1 << (b >> 2)
                        masks[c & 3] |= 1 << (c >> 2)
                        masks[d & 3] |= 1 << (d >> 2)
                        if e != JOKER_CARD:
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
def _best_holds(rule, deals, weights, table, pays, scale, totals):
    """Add each deal's best hold's class counts, times the deal's weight, to
    ``totals[cards discarded, cls]``.

    A hold's expected payout times ``lcm(C(n, 0..5))`` (n cards left) is its count-weighted pays times
    ``scale[cards discarded]``: an exact integer, so equal holds compare equal, and the first of
    them in ``HOLD_ORDER`` is taken.
    """
    counts = np.empty((32, N_COLUMNS), dtype=np.int64)
    for d in range(deals.shape[0]):
        _fill_hold_counts(rule, deals[d], table, counts)
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
