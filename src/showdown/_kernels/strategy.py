"""Strategy list kernels: the pattern of every hold, the list's order, the list played.

A hold's *pattern* is what a player sees in the cards kept, packed in one int (``FIELDS``):
the kind of hold (a made hand, n to a royal / straight flush / flush / straight, high cards,
wild cards alone ...), the cards held ``k`` and wild cards held ``w``, and two small numbers
whose meaning depends on the kind (high cards, straights the cards fit, ranks named); above
them, the *penalty cards* among the discards (``PENALTY``: a discard of the held suit, a
discard that would fill a straight with the held cards). ``showdown.videopoker.patterns`` turns
a pattern into words.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.videopoker import (
    DEUCES,
    HELD,
    JOKER,
    JOKER_CARD,
    N_COLUMNS,
    STANDARD,
    WINDOWS,
    _classify,
    _fill_hold_counts,
)

# Kinds of hold, in the order lists usually rank them (the list's order is derived, not this).
DRAW_FIVE, PAT, WILDS_ONLY, MADE, ROYAL, STRAIGHT_FLUSH, FLUSH, STRAIGHT, HIGH, OTHER = range(10)
# Field shifts: penalty << 28 | kind << 24 | k << 20 | w << 16 | a << 12 | b << 8 | c
PENALTY, KIND, HELD_CARDS, WILD_CARDS, FIELD_A, FIELD_B = 28, 24, 20, 16, 12, 8
FLUSH_PENALTY, STRAIGHT_PENALTY = 1, 2  # the penalty bits
# The lowest paying rank of a pair by rule (a "high card"); deuces wild has none.
HIGH_RANK = np.array([9, 13, 11], np.int64)
_ROYAL_MASK = 0x1F00


@kernel(inline="always")
def _is_wild(rule, card):
    if rule == DEUCES:
        return card < 4
    if rule == JOKER:
        return card == JOKER_CARD
    return False


@kernel(inline="always")
def _rank_group(rule, rank, size):
    """Which ranks a made hand is grouped with: pairs 0 low / 1 high / 2 aces; three or four
    of a kind 0 for 2s-4s, 1 for 5s-Ks, 2 for aces (what bonus tables pay apart)."""
    if rule == DEUCES:
        return 0
    if rule == JOKER:
        return 1 if rank >= 11 else 0
    if size == 2:
        return 2 if rank == 12 else (1 if rank >= 9 else 0)
    return 2 if rank == 12 else (0 if rank <= 2 else 1)


@kernel(inline="always")
def _describe(rule, deal, hold):
    """The pattern of holding the positions ``hold`` (a 5-bit mask) of a sorted deal, with its
    penalty cards for draws (not for made hands, pat hands or wild cards alone)."""
    shape = _shape(rule, deal, hold)
    kind = shape >> KIND
    if kind < ROYAL:
        return shape
    return shape | (_penalty(rule, deal, hold) << PENALTY)


@kernel(inline="always")
def _penalty(rule, deal, hold):
    """The penalty bits of a draw: FLUSH_PENALTY when the held natural cards are of one suit
    and a discarded natural card has it; STRAIGHT_PENALTY when two or more natural cards are
    held and a discarded natural card of another rank fits a straight with them."""
    suit = -1
    suited = True
    ranks = 0
    naturals = 0
    for i in range(5):
        card = np.int64(deal[i])
        if not hold >> i & 1 or _is_wild(rule, card):
            continue
        naturals += 1
        ranks |= 1 << (card >> 2)
        if suit < 0:
            suit = card & 3
        elif card & 3 != suit:
            suited = False
    bits = np.int64(0)
    for i in range(5):
        card = np.int64(deal[i])
        if hold >> i & 1 or _is_wild(rule, card):
            continue
        if suited and card & 3 == suit:
            bits |= FLUSH_PENALTY
        bit = 1 << (card >> 2)
        if naturals >= 2 and ranks & bit == 0:
            for w in range(2 if rule == DEUCES else 0, 10):
                if (ranks | bit) & ~WINDOWS[w] == 0:
                    bits |= STRAIGHT_PENALTY
                    break
    return bits


@kernel(inline="always")
def _shape(rule, deal, hold):
    """The pattern of a hold without its penalty cards."""
    k = HELD[hold]
    if k == 0:
        return np.int64(DRAW_FIVE) << KIND
    if k == 5:
        column = _classify(rule, deal[0], deal[1], deal[2], deal[3], deal[4])
        return (np.int64(PAT) << KIND) | (np.int64(5) << HELD_CARDS) | (np.int64(column) << FIELD_A)
    wilds = 0
    seen1 = seen2 = seen3 = seen4 = 0
    suit = -1
    suited = True
    high = 0
    low_kicker = 0  # an A, 2, 3 or 4 held (the kickers bonus tables pay with four of a kind)
    for i in range(5):
        if not hold >> i & 1:
            continue
        card = np.int64(deal[i])
        if _is_wild(rule, card):
            wilds += 1
            continue
        rank = card >> 2
        bit = 1 << rank
        seen4 |= seen3 & bit
        seen3 |= seen2 & bit
        seen2 |= seen1 & bit
        seen1 |= bit
        if rank >= HIGH_RANK[rule]:
            high += 1
        if rank <= 2 or rank == 12:
            low_kicker |= bit
        if suit < 0:
            suit = card & 3
        elif card & 3 != suit:
            suited = False
    head = (np.int64(k) << HELD_CARDS) | (np.int64(wilds) << WILD_CARDS)
    naturals = k - wilds
    if naturals == 0:
        return (np.int64(WILDS_ONLY) << KIND) | head
    if seen2 != 0:  # a pair or more among the naturals
        top = seen4 if seen4 != 0 else (seen3 if seen3 != 0 else seen2)
        rank = 63 - _leading_zeros(top)
        most = 4 if seen4 != 0 else (3 if seen3 != 0 else 2)
        two_pair = seen3 == 0 and seen2 & (seen2 - 1) != 0
        group = _rank_group(rule, rank, most + wilds)
        extra = naturals - (4 if two_pair else most)
        a = np.int64(most + wilds)
        kicker = 1 if rule == STANDARD and extra > 0 and low_kicker & ~top != 0 else 0
        return (np.int64(MADE) << KIND) | head | (a << FIELD_A) | (np.int64(two_pair + 2 * kicker) << FIELD_B) | (
            np.int64(group) << 4) | np.int64(extra)
    if naturals == 1 and wilds == 0:
        kind = HIGH if high else OTHER
        return (np.int64(kind) << KIND) | head | (np.int64(high) << FIELD_A) | _named(seen1)
    fits = 0  # the straights the naturals fit (with deuces wild, those needing a 2 add nothing)
    for w in range(2 if rule == DEUCES else 0, 10):
        if seen1 & ~WINDOWS[w] == 0:
            fits += 1
    if suited:
        if seen1 & ~_ROYAL_MASK == 0:
            named = _named(seen1) if naturals <= 2 else (
                (1 if seen1 & 0x100 else 0) | (2 if seen1 & 0x1000 else 0))
            return (np.int64(ROYAL) << KIND) | head | np.int64(named)
        if fits:
            return (np.int64(STRAIGHT_FLUSH) << KIND) | head | (np.int64(high) << FIELD_A) | (np.int64(fits) << FIELD_B)
        return (np.int64(FLUSH) << KIND) | head | (np.int64(high) << FIELD_A)
    if wilds == 0 and high == naturals and k <= 3:
        return (np.int64(HIGH) << KIND) | head | (np.int64(high) << FIELD_A) | _named(seen1)
    if fits:
        return (np.int64(STRAIGHT) << KIND) | head | (np.int64(high) << FIELD_A) | (np.int64(fits) << FIELD_B)
    return (np.int64(OTHER) << KIND) | head | (np.int64(high) << FIELD_A)


@kernel(inline="always")
def _leading_zeros(x):
    n = 0
    bit = np.int64(1) << 62
    while bit and not x & bit:
        n += 1
        bit >>= 1
    return n + 1


@kernel(inline="always")
def _named(ranks):
    """The ranks T to A of a rank mask as 5 bits (T = 1 ... A = 16), for patterns that name them."""
    return np.int64((ranks >> 8) & 0x1F)


@kernel(inline="always")
def _tie_key(deal, hold):
    """Higher for higher held cards: the held ranks, highest first, as base-16 digits."""
    key = np.int64(0)
    for i in range(4, -1, -1):
        if hold >> i & 1:
            key = key * 16 + (np.int64(deal[i]) >> 2) + 1
    return key


@kernel(nogil=True)
def _hold_table(rule, deals, table, pays, scale, values, patterns, tie_keys, first, stop):
    """For every deal ``first`` to ``stop - 1`` and hold (a 5-bit mask of sorted positions): its
    exact value (EV per coin times the common denominator of the draws), its pattern and its
    tie key."""
    for d in range(first, stop):
        counts = np.empty((32, N_COLUMNS), dtype=np.int64)
        deal = deals[d]
        _fill_hold_counts(rule, deal, table, counts)
        for hold in range(32):
            value = np.int64(0)
            for col in range(N_COLUMNS):
                value += counts[hold, col] * pays[col]
            values[d, hold] = value * scale[5 - HELD[hold]]
            patterns[d, hold] = _describe(rule, deal, hold)
            tie_keys[d, hold] = _tie_key(deal, hold)


@kernel(nogil=True)
def _deal_patterns(rule, deal, patterns, tie_keys):
    """The pattern and tie key of each of the 32 holds of one sorted deal."""
    for hold in range(32):
        patterns[hold] = _describe(rule, deal, hold)
        tie_keys[hold] = _tie_key(deal, hold)


@kernel(inline="always")
def _new_runs(parents, others, m, x, parent):
    """How many more runs of equal parents the list ``others[:m]`` has with a line of
    ``parent`` put before place x: 0 beside a run of the same parent, 2 inside a run of
    another parent, else 1."""
    before = parents[others[x - 1]] if x > 0 else -1
    after = parents[others[x]] if x < m else -2
    if parent == before or parent == after:
        return 0
    return 2 if before == after else 1


@kernel(nogil=True)
def _insertion_pass(deal_start, entry_deal, entry_line, entry_value, weights, line_start, line_entries, order,
                    fixed, parents, run_cost):
    """One pass of insertion moves over every line: each line is taken out and put back where
    the list gains most, or left out when that gains most. ``order`` lists the lines in place
    order (-1 pads the end); ``fixed`` lines are never moved (the last resort, drawing five,
    and lines left out for good). A list is scored by its total value less ``run_cost`` per
    run of consecutive lines with the same parent (a run is one line of the printed list).
    Returns the number of lines moved.

    For a line p and each deal that has it, q(d) is the first other listed line the deal
    has; putting p before the line at place x wins ``w (v_p - v_q)`` on every deal whose
    q(d) is at place x or later, so the gain of each place is a suffix sum.
    """
    n_lines = line_start.shape[0] - 1
    n_deals = deal_start.shape[0] - 1
    moved = 0
    others = np.empty(n_lines, dtype=np.int64)
    position = np.full(n_lines, -1, dtype=np.int64)
    gain = np.zeros(n_lines + 1, dtype=np.float64)
    first = np.empty((n_deals, 2), dtype=np.int64)  # each deal's first two listed lines
    first_value = np.empty((n_deals, 2), dtype=np.float64)
    _positions(order, position)
    _first_lines(deal_start, entry_line, entry_value, position, first, first_value)
    for p in range(n_lines):
        if fixed[p]:
            continue
        m = 0  # the list without p
        old_x = -1
        for j in range(order.shape[0]):
            line = order[j]
            if line < 0:
                break
            if line == p:
                old_x = m
            else:
                others[m] = line
                m += 1
        gain[: m + 1] = 0.0
        p_at = position[p]
        for e in range(line_start[p], line_start[p + 1]):
            entry = line_entries[e]
            d = entry_deal[entry]
            k = 1 if first[d, 0] == p else 0  # q(d): the first listed line of the deal but p
            q = first[d, k]
            best_place = m
            best_value = 0.0
            if q >= 0:
                best_place = position[q] - (1 if p_at >= 0 and position[q] > p_at else 0)
                best_value = first_value[d, k]
            gain[best_place] += weights[d] * (entry_value[entry] - best_value)
        current = 0.0
        best_x = -1
        best_score = 0.0
        total = gain[m]
        for x in range(m - 1, -1, -1):
            total += gain[x]
            score = total - run_cost * _new_runs(parents, others, m, x, parents[p])
            if x == old_x:
                current = score
            if score > best_score:
                best_score, best_x = score, x
        if best_x == old_x or best_score <= current + 1e-12 * abs(current):
            continue
        k = 0
        for j in range(m):
            if j == best_x:
                order[k] = p
                k += 1
            order[k] = others[j]
            k += 1
        for j in range(k, order.shape[0]):
            order[j] = -1
        moved += 1
        _positions(order, position)
        _first_lines(deal_start, entry_line, entry_value, position, first, first_value)
    return moved


@kernel(nogil=True)
def _positions(order, position):
    """Each line's place in ``order`` (-1 for lines left out)."""
    position[:] = -1
    for j in range(order.shape[0]):
        if order[j] < 0:
            break
        position[order[j]] = j


@kernel(nogil=True)
def _first_lines(deal_start, entry_line, entry_value, position, first, first_value):
    """For every deal, its first two listed lines (by place; -1 when fewer) and their values."""
    for d in range(deal_start.shape[0] - 1):
        places = (np.int64(1) << 62, np.int64(1) << 62)
        lines = (np.int64(-1), np.int64(-1))
        values = (0.0, 0.0)
        for f in range(deal_start[d], deal_start[d + 1]):
            line = entry_line[f]
            at = position[line]
            if at < 0:
                continue
            if at < places[0]:
                places = (at, places[0])
                lines = (line, lines[0])
                values = (entry_value[f], values[0])
            elif at < places[1]:
                places = (places[0], at)
                lines = (lines[0], line)
                values = (values[0], entry_value[f])
        first[d, 0], first[d, 1] = lines
        first_value[d, 0], first_value[d, 1] = values


@kernel(nogil=True)
def _play(rule, deals, weights, table, holds, totals):
    """Add each deal's prescribed hold's class counts, times the deal's weight, to
    ``totals[cards drawn, cls]`` (as ``_best_holds`` does for the best hold)."""
    counts = np.empty((32, N_COLUMNS), dtype=np.int64)
    for d in range(deals.shape[0]):
        _fill_hold_counts(rule, deals[d], table, counts)
        hold = holds[d]
        drawn = 5 - HELD[hold]
        for col in range(N_COLUMNS):
            totals[drawn, col] += weights[d] * counts[hold, col]

