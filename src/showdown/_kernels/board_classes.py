"""Exact enumeration of every five-card board by rank pattern and flush suit.

A board decides a showdown through its ranks alone unless one suit holds three or more of its
cards and some player's hole cards complete a flush in that suit (two suits cannot both hold
three of five cards). So, for fixed hole cards, a rank pass visits every multiset of five board
ranks once (6,188 of them), weighted by the number of boards with those ranks (the product over
ranks of C(cards of that rank still available, times it appears)), as if no flush were possible;
then each suit's correction moves the boards with enough cards of that suit for some player's
flush to their outcome with the flushes: by the set of ranks the board holds in the suit (a
flush loses only to a full house or four of a kind), pattern by pattern only on the multisets
where some player's hand without a flush is that strong. Classes with the same hole ranks share
the rank pass, and a suit's correction depends only on which of their cards are of that suit.
Outcomes (the set of winners and the winning category) are counted in a histogram and turned
into per-player counts at the end: the same integers as evaluating every board one by one.

Every assignment of hole cards that differs only by a permutation of the suits (one that keeps
the dead cards in place), or by reordering players with identical ranges, has the same counts,
so ranges are reduced to classes first: each assignment gets a canonical code, the smallest
over those permutations, and its seating in the class's representative.
"""

import itertools

import numpy as np

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
for _i, _multiset in enumerate(_MULTISETS):
    for _rank in sorted(set(_multiset)):
        MULTISET_DISTINCT[_i, MULTISET_SIZE[_i]] = _rank
        MULTISET_COUNT[_i, MULTISET_SIZE[_i]] = _multiset.count(_rank)
        MULTISET_SIZE[_i] += 1
    MULTISET_KEY[_i] = sum(int(RANK_KEYS[_rank]) for _rank in _multiset)
# The same distinct ranks and counts as slots 5 * rank + count, padded to five with rank 13 and
# count 0 (no card of it: one way to draw none, none to draw one of the suit).
MULTISET_SLOTS5 = np.where(np.arange(5) < MULTISET_SIZE[:, None], 5 * MULTISET_DISTINCT + MULTISET_COUNT, 5 * 13)
# A slot's two binomials for a rank with no hole or dead card (three cards outside any suit,
# one in it): boards with none of its cards of the suit, and with one of them; a pad has one
# way to draw nothing, none to draw a card of the suit.
FREE_OFF = np.array([CHOOSE[3, slot % 5] if slot < 65 else 1 for slot in range(70)], dtype=np.int64)
FREE_ON = np.array([CHOOSE[3, slot % 5 - 1] if slot < 65 and slot % 5 else 0 for slot in range(70)],
                   dtype=np.int64)
ENTRY_HASH_BITS = 14
ENTRY_HASH = 1 << ENTRY_HASH_BITS
"""Slots of the table that merges the multisets with the same touched part and outcome (over
twice the 6,188 multisets)."""

# Every set of three to five of the 13 ranks (a bit mask), smaller sets first, its size, and
# where the sets of each size start (FLUSH_RANK_SETS_FROM[k] for k = 3, 4, 5).
FLUSH_RANK_SETS = np.array(sorted((m for m in range(1 << 13) if 3 <= bin(m).count("1") <= 5),
                                  key=lambda m: (bin(m).count("1"), m)), dtype=np.int64)
FLUSH_RANK_SET_SIZE = np.array([bin(m).count("1") for m in FLUSH_RANK_SETS], dtype=np.int64)
FLUSH_RANK_SETS_FROM = np.array([int(np.searchsorted(FLUSH_RANK_SET_SIZE, k)) for k in range(6)], dtype=np.int64)

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


@kernel(nogil=True)
def _add_outcomes(outcomes, counts):
    """Turn histograms of outcomes (N, n_outcomes: boards per ``_outcome`` code) into per-player
    counts (N, P, N_COUNTS)."""
    n_players = counts.shape[1]
    for i in range(outcomes.shape[0]):
        for code in range(outcomes.shape[1]):
            boards = outcomes[i, code]
            if boards == 0:
                continue
            winners = code >> 4
            category = code & 15
            tied = _popcount(np.uint64(winners))
            for p in range(n_players):
                if not (winners >> p) & 1:
                    continue
                if tied == 1:
                    counts[i, p, WIN] += boards
                    counts[i, p, WIN_CATEGORY + category] += boards
                else:
                    counts[i, p, TIE] += boards
                    counts[i, p, TIED + tied] += boards
                    counts[i, p, TIE_SHARE_CATEGORY + category] += boards * (TIE_SHARE_UNIT // tied)


_FULL_HOUSE_VALUE = 6 << CATEGORY_SHIFT  # the smallest value of a full house, the category above a flush


@kernel(nogil=True)
def _rank_pass(holes, dead, plain_values, outcomes, strong, entries, entry_ways):
    """Every multiset of board ranks for hole cards ``holes`` (P, 2) with the ``dead`` mask:
    each player's value without flushes into ``plain_values`` (M, P) (where some board has
    those ranks), and every board counted at its outcome in the zeroed ``outcomes``; the
    multisets on which some player holds a full house or better into the first entries of
    ``strong`` (M,). Reads only the ranks of the hole cards.

    Also what every suit's flush correction shares (see ``_flush_delta``): each multiset is cut
    into its *touched* part, its slots (5 rank + count) of ranks of hole or dead cards, and
    the rest, whose boards with 0, 1 and 2 of its slots holding no card of a suit are the same
    for every suit. Multisets with the same touched part and outcome are merged into one entry:
    ``entries`` (M, 2) gets each entry's touched part (the sum of (slot + 1) 71^i over its
    slots) and outcome, ``entry_ways`` (M, 3) the summed boards of the rest.

    Returns the number of boards, the available cards of each rank, the number of strong
    multisets and of entries."""
    n_players = holes.shape[0]
    available = np.zeros(13, dtype=np.int64)
    touched = 0
    for card in range(52):
        if not (dead >> np.uint64(card)) & np.uint64(1):
            available[card >> 2] += 1
        else:
            touched |= 1 << (card >> 2)
    hole_keys = np.zeros(n_players, dtype=np.uint64)
    for p in range(n_players):
        for j in range(2):
            available[holes[p, j] >> 2] -= 1
            hole_keys[p] += RANK_KEYS[holes[p, j] >> 2]
            touched |= 1 << (holes[p, j] >> 2)
    entry_of = np.zeros(ENTRY_HASH, dtype=np.int64)  # 1 + an entry's number, by hash of (part, outcome)
    total = 0
    n_strong = 0
    n_entries = 0
    for index in range(MULTISET_KEY.shape[0]):
        n = MULTISET_SIZE[index]
        ways = 1
        for i in range(n):
            ways *= CHOOSE[available[MULTISET_DISTINCT[index, i]], MULTISET_COUNT[index, i]]
        if ways == 0:
            continue
        total += ways
        key = MULTISET_KEY[index]
        best = 0
        for p in range(n_players):
            value = _rank_value(hole_keys[p] + key)
            plain_values[index, p] = value
            best = max(best, value)
        if best >= _FULL_HOUSE_VALUE:
            strong[n_strong] = index
            n_strong += 1
        code = _outcome(plain_values[index], n_players)
        outcomes[code] += ways
        # the touched part, and the rest's boards with 0, 1, 2 slots off the suit
        exactly, at_1, at_2 = 1, 0, 0
        part = 0
        for i in range(5):
            slot = MULTISET_SLOTS5[index, i]
            if i < n and (touched >> MULTISET_DISTINCT[index, i]) & 1:
                part = part * 71 + slot + 1
                continue
            off = FREE_OFF[slot]
            on = FREE_ON[slot]
            at_2 = at_2 * on + at_1 * off
            at_1 = at_1 * on + exactly * off
            exactly = exactly * on
        merged = part * (np.int64(16) << n_players) + code
        h = (np.uint64(merged) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - ENTRY_HASH_BITS)
        while entry_of[h] and (entries[entry_of[h] - 1, 0] != part or entries[entry_of[h] - 1, 1] != code):
            h = (h + np.uint64(1)) & np.uint64(ENTRY_HASH - 1)
        if entry_of[h] == 0:
            entries[n_entries, 0] = part
            entries[n_entries, 1] = code
            entry_ways[n_entries, 0] = 0
            entry_ways[n_entries, 1] = 0
            entry_ways[n_entries, 2] = 0
            n_entries += 1
            entry_of[h] = n_entries
        e = entry_of[h] - 1
        entry_ways[e, 0] += exactly
        entry_ways[e, 1] += at_1
        entry_ways[e, 2] += at_2
    return total, available, n_strong, n_entries


@kernel(inline="always")
def _suit_key(holes, dead, suit):
    """What a suit's flush patterns depend on besides the hole ranks: which hole cards
    (bit 2p + j) and which dead ranks (bits 20 and up) are of that suit."""
    key = 0
    for p in range(holes.shape[0]):
        for j in range(2):
            if holes[p, j] & 3 == suit:
                key |= 1 << (2 * p + j)
    for rank in range(13):
        if (dead >> np.uint64(4 * rank + suit)) & np.uint64(1):
            key |= 1 << (20 + rank)
    return key


@kernel(nogil=True)
def _flush_delta(holes, dead, suit, available, plain_values, strong, entries, entry_ways, delta, taken):
    """Into ``delta`` (signed, per outcome): every board with enough cards of ``suit`` for some
    player's flush moved from its rank multiset's outcome to its outcome with the flushes.
    ``strong``: the multisets on which some player holds a full house or better; ``entries``,
    ``entry_ways``: the rank pass's merged multisets; ``taken``: 2^13 zeros, left
    zeroed.

    A flush beats every hand without one except a full house or four of a kind, and a player
    with a flush cannot also hold those. So the boards are moved by the set of ranks they hold
    in the suit (C(cards outside the suit, 5 - k) boards for k suited ranks), where a player
    without a flush cannot win; the few rank multisets on which some player holds a full house
    or better are scored pattern by pattern and taken out of those sets.
    """
    n_players = holes.shape[0]
    suit_ranks = 0
    for rank in range(13):
        if not (dead >> np.uint64(4 * rank + suit)) & np.uint64(1):
            suit_ranks |= 1 << rank
    hole_suit_ranks = np.zeros(n_players, dtype=np.int64)
    hole_suit_count = np.zeros(n_players, dtype=np.int64)
    for p in range(n_players):
        for j in range(2):
            if holes[p, j] & 3 == suit:
                suit_ranks &= ~(1 << (holes[p, j] >> 2))
                hole_suit_ranks[p] |= 1 << (holes[p, j] >> 2)
                hole_suit_count[p] += 1
    # the available cards of each rank outside the suit
    others = np.zeros(14, dtype=np.int64)
    outside = 0
    for rank in range(13):
        others[rank] = available[rank] - ((suit_ranks >> rank) & 1)
        outside += others[rank]
    # fewest board cards of the suit with which some player makes a flush
    most = 0
    for p in range(n_players):
        most = max(most, hole_suit_count[p])
    k_min = max(3, 5 - most)
    values = np.zeros(n_players, dtype=np.int64)
    # Every multiset's boards with at least k_min of its ranks in the suit leave its rank
    # outcome: a board has 5 - j cards of the suit when j of the five slots of its multiset
    # (its distinct ranks, padded with "ranks" of no card) hold none of them. Those boards are
    # the coefficient of y^j in the product over slots of on + off y: "on" when one of the
    # slot's cards is of the suit (C(others, count - 1) ways if the suit has the rank), "off"
    # when none is (C(others, count) ways); only j <= 5 - k_min count. The rank pass summed
    # the product over untouched slots (the same for every suit) by touched part and outcome;
    # here each entry's is multiplied by its touched slots'.
    # off_ways[slot], on_ways[slot]: the two binomials of a rank and count (slot = 5 rank + count)
    off_ways = np.zeros(70, dtype=np.int64)
    on_ways = np.zeros(70, dtype=np.int64)
    for rank in range(14):
        for count in range(5):
            off_ways[5 * rank + count] = CHOOSE[others[rank], count]
            if count and rank < 13:
                on_ways[5 * rank + count] = CHOOSE[others[rank], count - 1] * ((suit_ranks >> rank) & 1)
    one_off = np.int64(k_min <= 4)
    two_off = np.int64(k_min <= 3)
    for e in range(entries.shape[0]):
        exactly, at_1, at_2 = entry_ways[e, 0], entry_ways[e, 1], entry_ways[e, 2]
        part = entries[e, 0]
        while part:
            slot = part % 71 - 1
            part //= 71
            off = off_ways[slot]
            on = on_ways[slot]
            at_2 = at_2 * on + at_1 * off
            at_1 = at_1 * on + exactly * off
            exactly = exactly * on
        delta[entries[e, 1]] -= exactly + at_1 * one_off + at_2 * two_off
    # The multisets on which some player holds a full house or better, pattern by pattern.
    for index in strong:
        n = MULTISET_SIZE[index]
        # positions of the distinct ranks that the suit still has; every subset of them with
        # at least k_min members is a flush pattern
        mask = 0
        for i in range(n):
            if (suit_ranks >> MULTISET_DISTINCT[index, i]) & 1:
                mask |= 1 << i
        for j in range(_SUBSET_COUNT[mask, k_min]):
            subset = _SUBSETS[mask, k_min, j]
            flush_bits = 0
            flush_ways = 1
            for i in range(n):
                inside = (subset >> i) & 1
                rank = MULTISET_DISTINCT[index, i]
                flush_ways *= CHOOSE[others[rank], MULTISET_COUNT[index, i] - inside]
                flush_bits |= inside << rank
            if flush_ways:
                k = _SUBSET_SIZE[subset]
                for p in range(n_players):
                    if hole_suit_count[p] + k >= 5:
                        values[p] = FLUSH_VALUES[flush_bits | hole_suit_ranks[p]]
                    else:
                        values[p] = plain_values[index, p]
                delta[_outcome(values, n_players)] += flush_ways
                taken[flush_bits] += flush_ways
    for f in range(FLUSH_RANK_SETS_FROM[k_min], FLUSH_RANK_SETS.shape[0]):
        flush_bits = FLUSH_RANK_SETS[f]
        if flush_bits & ~suit_ranks:
            continue
        k = FLUSH_RANK_SET_SIZE[f]
        ways = _choose(outside, 5 - k) - taken[flush_bits]
        taken[flush_bits] = 0
        if ways == 0:
            continue
        for p in range(n_players):
            if hole_suit_count[p] + k >= 5:
                values[p] = FLUSH_VALUES[flush_bits | hole_suit_ranks[p]]
            else:
                values[p] = -1  # no flush: it cannot win here
        delta[_outcome(values, n_players)] += ways


@kernel(inline="always")
def _choose(n, k):
    """C(n, k) for k in 0..2."""
    if k == 0:
        return 1
    if k == 1:
        return n
    return n * (n - 1) // 2


SUITS_KEPT = 32
"""Flush deltas a call of ``_flush_outcomes`` keeps, by suit key."""


@kernel(nogil=True)
def _flush_outcomes(holes, dead, available, plain_values, strong, entries, entry_ways, plain, outcomes, kept):
    """Into ``outcomes[i]`` (N, n_outcomes): the histogram of outcomes of every board for the
    assignment ``holes[i]`` (N, P, 2), all with the same hole ranks, whose rank pass
    (``_rank_pass``) gave ``available``, ``plain_values``, ``strong`` (the strong multisets
    only), ``entries`` and ``entry_ways`` (the multisets merged by touched part and outcome) and the
    histogram ``plain``: that histogram with each suit's flush
    delta added, worked out once for every assignment with the same cards of that suit (the
    first ``SUITS_KEPT`` kept in the rows of ``kept`` (SUITS_KEPT + 1, n_outcomes), whose last
    row is for the others; the caller's array saves compiling a 2-D ``np.zeros``)."""
    n_classes = holes.shape[0]
    n_outcomes = plain.shape[0]
    kept_keys = np.zeros(SUITS_KEPT, dtype=np.int64)  # the first n_kept are read
    taken = np.zeros(1 << 13, dtype=np.int64)  # boards scored pattern by pattern, by suited ranks
    n_kept = 0
    for i in range(n_classes):
        for code in range(n_outcomes):
            outcomes[i, code] = plain[code]
        for suit in range(4):
            key = _suit_key(holes[i], dead, suit)
            slot = -1
            for s in range(n_kept):
                if kept_keys[s] == key:
                    slot = s
                    break
            if slot < 0:
                slot = min(n_kept, SUITS_KEPT)  # a new row, or the last one, not kept
                if n_kept < SUITS_KEPT:
                    kept_keys[n_kept] = key
                    n_kept += 1
                for code in range(n_outcomes):
                    kept[slot, code] = 0
                _flush_delta(holes[i], dead, suit, available, plain_values, strong, entries, entry_ways, kept[slot],
                             taken)
            for code in range(n_outcomes):
                outcomes[i, code] += kept[slot, code]


@kernel(nogil=True)
def _assignment_classes(combos, sizes, weights, perms, groups, first, stop):
    """Every compatible assignment of one combo per player (no card shared), reduced to its class.

    Two assignments are in one class when a suit permutation from ``perms`` (G, 4), followed by
    a reordering of players within groups of identical ranges (``groups[p]``: the group of
    player p), turns one into the other. The class code is the smallest such image: holes
    packed 12 bits per player (high card * 64 + low card), players 0-4 in the first word.
    Returns codes (n, 2) uint64, weights (n,) float64 (the product of the combos' weights)
    and seatings (n,) uint64: where each player sits in the class's representative, 4 bits per
    player (player 0 lowest). Only the assignments ``first`` to ``stop - 1`` are visited, in the
    mixed-radix order of the players' combos (player 0's fastest), so consecutive ranges give
    consecutive pieces of the whole answer.
    """
    n_players = combos.shape[0]
    n_assign = stop - first
    codes = np.empty((n_assign, 2), dtype=np.uint64)
    out_weights = np.empty(n_assign, dtype=np.float64)
    seatings = np.empty(n_assign, dtype=np.uint64)
    choice = np.zeros(n_players, dtype=np.int64)
    left = first
    for p in range(n_players):
        choice[p] = left % sizes[p]
        left //= sizes[p]
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
                    for p in range(n_players):
                        best_order[p] = order[p]
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
