"""Heads-up exact equity with part of the board known, runout by runout.

``_ranked`` and ``_sweep`` give the counts of :func:`showdown._kernels.equity._exact` (the
accounting layout of :mod:`showdown._kernels.equity`) for two players of two hole cards without
meeting the players' combos in pairs. Per runout (the cards still to come) ``_ranked``
evaluates each combo of the union of both ranges once and sorts the packed keys
``value << 11 | index``; ``_sweep`` sweeps them from the lowest value up, keeping for each player
the count and weight of their combos already passed, in total and per card. A combo's wins
against the other player are the other player's combos passed less those holding either of its
cards (inclusion-exclusion: the other player's combo holding both cards is the very same combo,
which never ranks below it); its ties are the same sum over its group of equal values, where
the very same combo is added back once. So every (combo, combo, runout) case is counted, and no
case with a shared card is, in about one hand evaluation per combo and runout plus a sort and a
sweep.

The board study runs the same two kernels for each hero combo's equity against a villain range
(``_sweep``'s per-combo sums): one sweep for both.

Counts are kept as float64 while they are summed (whole numbers far below 2 ** 53, so exact)
and written out as int64; a weighted sum whose count is 0 is written as 0, not as the rounding
left over from the inclusion-exclusion.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.bits import _trailing_zeros
from showdown._kernels.enumeration import _chunk_start
from showdown._kernels.equity import _board_key
from showdown._kernels.evaluator import CARD_BITS, CARD_KEYS
from showdown._kernels.games import _value
from showdown.tables.layout import (
    CATEGORY_SHIFT,
    N_CATEGORIES,
    TIE,
    TIE_SHARE_CATEGORY,
    TIE_SHARE_UNIT,
    TIED,
    WIN,
    WIN_CATEGORY,
)

_ONE = np.uint64(1)
_CATEGORY_SHIFT = CATEGORY_SHIFT
_N_CATEGORIES = N_CATEGORIES
_INDEX_BITS = 11  # a packed sort key: value << 11 | the combo's index (at most 1326 combos)
_INDEX_MASK = (1 << _INDEX_BITS) - 1
_HIGH_SHIFT = _INDEX_BITS + 8  # the value's high byte (values are below 2 ** 16)
_BYTE = 255
_HALF = TIE_SHARE_UNIT // 2  # a two-way tie's share
# the columns of ``held`` and of the per-card sums: player 1's count and weight, player 2's
COUNT_1, WEIGHT_1, COUNT_2, WEIGHT_2 = 0, 1, 2, 3
# the columns of the per-category sums
_WON_1, _WON_WEIGHT_1, _WON_2, _WON_WEIGHT_2, _TIED, _TIED_WEIGHT = 0, 1, 2, 3, 4, 5


@kernel(inline="always")
def _combo_keys(combos):
    """For each two-card combo of ``combos`` (U, 2): its additive key, its suit-major card bits
    and its mask of card ids."""
    n = combos.shape[0]
    hole_keys = np.empty(n, dtype=np.uint64)
    hole_bits = np.empty(n, dtype=np.uint64)
    masks = np.empty(n, dtype=np.uint64)
    for u in range(n):
        hole_keys[u] = CARD_KEYS[combos[u, 0]] + CARD_KEYS[combos[u, 1]]
        hole_bits[u] = CARD_BITS[combos[u, 0]] | CARD_BITS[combos[u, 1]]
        masks[u] = (_ONE << np.uint64(combos[u, 0])) | (_ONE << np.uint64(combos[u, 1]))
    return hole_keys, hole_bits, masks


@kernel(inline="always")
def _runout_key(board_key, board_bits, runouts, r):
    """The key, card bits and card-id mask of the known board with runout ``r`` of ``runouts``
    (R, k) added (the mask holds the runout's cards only)."""
    key = board_key
    bits = board_bits
    used = np.uint64(0)
    for j in range(runouts.shape[1]):
        card = runouts[r, j]
        key += CARD_KEYS[card]
        bits |= CARD_BITS[card]
        used |= _ONE << np.uint64(card)
    return key, bits, used


@kernel(nogil=True)
def _ranked(combos, board, runouts, n_chunks, first, stop, game, chunk_first, chunk_stop, ranked, found):
    """Each combo's packed key ``value << 11 | index`` on each runout, sorted: the first step of
    :func:`_sweep`'s count, in a kernel of its own so that the two compile apart.

    combos (U, 2) uint8: the union of both players' combos, off the board and the dead cards.
    board: the 3 to 5 known cards; runouts (R, k) card ids: the k cards still to come, one row
    per runout (k = 0: one empty row). Hands are ranked as the ``game`` (hold'em or a short
    deck) ranks them. Runout ``r`` goes to chunk
    ``r % n_chunks``: the runouts ``first`` to ``stop - 1`` of chunks ``chunk_first`` to
    ``chunk_stop - 1``, chunk by chunk, go to the rows of ``ranked`` (at least as many, U
    columns), each with the number of combos off its cards in ``found``.
    """
    n = combos.shape[0]
    board_key, board_bits = _board_key(board)
    hole_keys, hole_bits, masks = _combo_keys(combos)
    scratch = np.empty(n, dtype=np.int64)
    middle = np.empty(n, dtype=np.int64)
    low_count = np.empty(256, dtype=np.int64)
    high_count = np.empty(256, dtype=np.int64)
    row = 0
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        for r in range(_chunk_start(first, chunk, n_chunks), min(stop, runouts.shape[0]), n_chunks):
            key, bits, used = _runout_key(board_key, board_bits, runouts, r)
            # evaluate, then sort by value: two stable counting passes over a byte each (about
            # twice as fast as a comparison sort of a thousand keys)
            packed = ranked[row]
            low_count[:] = 0
            high_count[:] = 0
            m = 0
            for u in range(n):
                if masks[u] & used:
                    continue
                value = np.int64(_value(key + hole_keys[u], bits | hole_bits[u], game))
                scratch[m] = (value << _INDEX_BITS) | u
                low_count[value & _BYTE] += 1
                high_count[value >> 8] += 1
                m += 1
            low_place = 0
            high_place = 0
            for digit in range(256):
                count = low_count[digit]
                low_count[digit] = low_place
                low_place += count
                count = high_count[digit]
                high_count[digit] = high_place
                high_place += count
            for k in range(m):
                digit = (scratch[k] >> _INDEX_BITS) & _BYTE
                middle[low_count[digit]] = scratch[k]
                low_count[digit] += 1
            for k in range(m):
                digit = middle[k] >> _HIGH_SHIFT
                packed[high_count[digit]] = middle[k]
                high_count[digit] += 1
            found[row] = m
            row += 1


@kernel(nogil=True)
def _sweep(combos, held, ranked, found, runouts, n_chunks, first, stop, counts, weighted, totals, total_weights,
           per_combo, doubled, met, card_doubled, card_met, chunk_first, chunk_stop):
    """Every case of two players' combos and the runouts ``first`` to ``stop - 1`` of
    ``runouts`` (R, k), from their sorted keys that :func:`_ranked` gave for the same chunks
    (``ranked``, ``found``).

    held (U, 4) float64: per union combo, how many times player 1 holds it (0 or 1 for a range)
    and its summed weight, then the same for player 2. Runout ``r`` goes to chunk
    ``r % n_chunks``, so cutting the runouts into consecutive calls does not change which chunk
    counts what. Into the rows of chunks ``chunk_first`` to ``chunk_stop - 1`` of the zeroed
    counts, weighted counts, totals and total weights (the outputs of
    :func:`showdown._kernels.equity._exact`, which adds to them instead); and with ``per_combo``
    (the board study: player 1 is the hero, player 2 the villain),
    per union combo its doubled equity against the villain (2 x wins + ties, each villain combo
    by its weight) and the villain weight it met into ``doubled`` and ``met`` (n_chunks, U), and
    per card the same summed over the hero's combos (each by its hero weight) over the runouts
    that hold the card into ``card_doubled`` and ``card_met`` (n_chunks, 52).
    """
    masks = _combo_keys(combos)[2]
    n_runouts = runouts.shape[0]
    to_come = runouts.shape[1]
    row = 0
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        below = np.zeros((52, 4), dtype=np.float64)  # per card, the combos passed (columns as ``held``)
        group = np.zeros((52, 4), dtype=np.float64)  # per card, the combos of the group of equal values
        sums = np.zeros((_N_CATEGORIES, 6), dtype=np.float64)
        for r in range(_chunk_start(first, chunk, n_chunks), min(stop, n_runouts), n_chunks):
            keys = ranked[row]
            m = found[row]
            row += 1
            below[:] = 0.0
            passed_1 = 0.0
            passed_weight_1 = 0.0
            passed_2 = 0.0
            passed_weight_2 = 0.0
            runout_doubled = 0.0
            start = 0
            while start < m:
                value = keys[start] >> _INDEX_BITS
                end = start + 1
                while end < m and keys[end] >> _INDEX_BITS == value:
                    end += 1
                category = value >> _CATEGORY_SHIFT
                # the group's combos, per card (columns as ``held``) and in all
                group_1 = 0.0
                group_weight_1 = 0.0
                group_2 = 0.0
                group_weight_2 = 0.0
                touched = np.uint64(0)
                for k in range(start, end):
                    u = keys[k] & _INDEX_MASK
                    a = combos[u, 0]
                    b = combos[u, 1]
                    for column in range(4):
                        group[a, column] += held[u, column]
                        group[b, column] += held[u, column]
                    touched |= masks[u]
                    group_1 += held[u, COUNT_1]
                    group_weight_1 += held[u, WEIGHT_1]
                    group_2 += held[u, COUNT_2]
                    group_weight_2 += held[u, WEIGHT_2]
                won_1 = 0.0
                won_weight_1 = 0.0
                won_2 = 0.0
                won_weight_2 = 0.0
                tied = 0.0
                tied_weight = 0.0
                for k in range(start, end):
                    u = keys[k] & _INDEX_MASK
                    a = combos[u, 0]
                    b = combos[u, 1]
                    count_1 = held[u, COUNT_1]
                    # player 2's weight below the combo and level with it, off its cards (the combo
                    # itself, held by both, is added back once among the ties)
                    beaten_weight = passed_weight_2 - below[a, WEIGHT_2] - below[b, WEIGHT_2]
                    level_weight = group_weight_2 - group[a, WEIGHT_2] - group[b, WEIGHT_2] + held[u, WEIGHT_2]
                    if count_1:  # player 1's wins (player 2's combos below) and ties (a tie is both players')
                        beaten = passed_2 - below[a, COUNT_2] - below[b, COUNT_2]
                        if beaten:
                            won_1 += count_1 * beaten
                            won_weight_1 += held[u, WEIGHT_1] * beaten_weight
                        level = group_2 - group[a, COUNT_2] - group[b, COUNT_2] + held[u, COUNT_2]
                        if level:
                            tied += count_1 * level
                            tied_weight += held[u, WEIGHT_1] * level_weight
                    count_2 = held[u, COUNT_2]
                    if count_2:  # player 2's wins
                        beaten = passed_1 - below[a, COUNT_1] - below[b, COUNT_1]
                        if beaten:
                            won_2 += count_2 * beaten
                            won_weight_2 += held[u, WEIGHT_2] * (passed_weight_1 - below[a, WEIGHT_1]
                                                                 - below[b, WEIGHT_1])
                    if per_combo and count_1:
                        twice = 2.0 * beaten_weight + level_weight
                        doubled[chunk, u] += twice
                        runout_doubled += held[u, WEIGHT_1] * twice
                while touched:  # the group is passed, card by card
                    card = _trailing_zeros(touched)
                    touched &= touched - _ONE
                    for column in range(4):
                        below[card, column] += group[card, column]
                        group[card, column] = 0.0
                passed_1 += group_1
                passed_weight_1 += group_weight_1
                passed_2 += group_2
                passed_weight_2 += group_weight_2
                sums[category, _WON_1] += won_1
                sums[category, _WON_WEIGHT_1] += won_weight_1
                sums[category, _WON_2] += won_2
                sums[category, _WON_WEIGHT_2] += won_weight_2
                sums[category, _TIED] += tied
                sums[category, _TIED_WEIGHT] += tied_weight
                start = end
            if per_combo:  # the villain weight each hero combo met: all that was passed, off its cards
                runout_met = 0.0
                for k in range(m):
                    u = keys[k] & _INDEX_MASK
                    if held[u, COUNT_1]:
                        meets = passed_weight_2 - below[combos[u, 0], WEIGHT_2] - below[combos[u, 1], WEIGHT_2]
                        meets += held[u, WEIGHT_2]
                        met[chunk, u] += meets
                        runout_met += held[u, WEIGHT_1] * meets
                for j in range(to_come):
                    card = runouts[r, j]
                    card_doubled[chunk, card] += runout_doubled
                    card_met[chunk, card] += runout_met
        total = np.int64(0)
        total_weight = 0.0
        for category in range(_N_CATEGORIES):
            won_1 = np.int64(sums[category, _WON_1])
            won_2 = np.int64(sums[category, _WON_2])
            tied = np.int64(sums[category, _TIED])
            counts[chunk, 0, WIN_CATEGORY + category] = won_1
            counts[chunk, 1, WIN_CATEGORY + category] = won_2
            weighted[chunk, 0, WIN_CATEGORY + category] = sums[category, _WON_WEIGHT_1]
            weighted[chunk, 1, WIN_CATEGORY + category] = sums[category, _WON_WEIGHT_2]
            total += won_1 + won_2 + tied
            total_weight += sums[category, _WON_WEIGHT_1] + sums[category, _WON_WEIGHT_2]
            total_weight += sums[category, _TIED_WEIGHT]
            for p in range(2):
                counts[chunk, p, WIN] += counts[chunk, p, WIN_CATEGORY + category]
                weighted[chunk, p, WIN] += weighted[chunk, p, WIN_CATEGORY + category]
                counts[chunk, p, TIE] += tied
                counts[chunk, p, TIED + 2] += tied
                counts[chunk, p, TIE_SHARE_CATEGORY + category] = tied * _HALF
                weighted[chunk, p, TIE] += sums[category, _TIED_WEIGHT]
                weighted[chunk, p, TIED + 2] += sums[category, _TIED_WEIGHT]
                weighted[chunk, p, TIE_SHARE_CATEGORY + category] = sums[category, _TIED_WEIGHT] * _HALF
        totals[chunk] = total
        total_weights[chunk] = total_weight
