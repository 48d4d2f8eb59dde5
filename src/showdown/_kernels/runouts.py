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

Counts are kept as float64 while they are summed (whole numbers far below 2 ** 53, so exact)
and written out as int64; a weighted sum whose count is 0 is written as 0, not as the rounding
left over from the inclusion-exclusion.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.bits import _trailing_zeros
from showdown._kernels.equity import _board_key
from showdown._kernels.study import _combo_keys, _runout_key, _value
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


@kernel(nogil=True)
def _ranked(combos, board, runouts, n_chunks, first, stop, deck, chunk_first, chunk_stop, ranked, found):
    """Each combo's packed key ``value << 11 | index`` on each runout, sorted: the first step of
    :func:`_sweep`'s count, in a kernel of its own so that the two compile apart.

    combos (U, 2) uint8: the union of both players' combos, off the board and the dead cards.
    board: the 3 to 5 known cards; runouts (R, k) card ids: the k cards still to come, one row
    per runout (k = 0: one empty row). Hands are ranked as ``deck`` ranks them
    (:data:`showdown._kernels.study.HOLDEM` and the short decks). Runout ``r`` goes to chunk
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
        for r in range(first + (chunk - first % n_chunks) % n_chunks, min(stop, runouts.shape[0]), n_chunks):
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
                value = np.int64(_value(key + hole_keys[u], bits | hole_bits[u], deck))
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
def _sweep(combos, held, ranked, found, n_chunks, first, stop, n_runouts, counts, weighted, totals, total_weights,
           chunk_first, chunk_stop):
    """Every case of two players' combos and the runouts ``first`` to ``stop - 1`` (of
    ``n_runouts``), from their sorted keys that :func:`_ranked` gave for the same chunks
    (``ranked``, ``found``).

    held (U, 4) float64: per union combo, how many times player 1 holds it (0 or 1 for a range)
    and its summed weight, then the same for player 2. Runout ``r`` goes to chunk
    ``r % n_chunks``, so cutting the runouts into consecutive calls does not change which chunk
    counts what. Into the rows of chunks ``chunk_first`` to ``chunk_stop - 1`` of the zeroed
    counts, weighted counts, totals and total weights, as :func:`showdown._kernels.equity._exact`
    does.
    """
    masks = _combo_keys(combos)[2]
    row = 0
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        below = np.zeros((52, 4), dtype=np.float64)  # per card, the combos passed (columns as ``held``)
        group = np.zeros((52, 4), dtype=np.float64)  # per card, the combos of the group of equal values
        sums = np.zeros((_N_CATEGORIES, 6), dtype=np.float64)
        for _ in range(first + (chunk - first % n_chunks) % n_chunks, min(stop, n_runouts), n_chunks):
            keys = ranked[row]
            m = found[row]
            row += 1
            below[:] = 0.0
            passed_1 = 0.0
            passed_weight_1 = 0.0
            passed_2 = 0.0
            passed_weight_2 = 0.0
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
                    if count_1:  # player 1's wins (player 2's combos below) and ties (a tie is both players')
                        beaten = passed_2 - below[a, COUNT_2] - below[b, COUNT_2]
                        if beaten:
                            won_1 += count_1 * beaten
                            won_weight_1 += held[u, WEIGHT_1] * (passed_weight_2 - below[a, WEIGHT_2]
                                                                 - below[b, WEIGHT_2])
                        level = group_2 - group[a, COUNT_2] - group[b, COUNT_2] + held[u, COUNT_2]
                        if level:
                            tied += count_1 * level
                            tied_weight += held[u, WEIGHT_1] * (group_weight_2 - group[a, WEIGHT_2]
                                                                - group[b, WEIGHT_2] + held[u, WEIGHT_2])
                    count_2 = held[u, COUNT_2]
                    if count_2:  # player 2's wins
                        beaten = passed_1 - below[a, COUNT_1] - below[b, COUNT_1]
                        if beaten:
                            won_2 += count_2 * beaten
                            won_weight_2 += held[u, WEIGHT_2] * (passed_weight_1 - below[a, WEIGHT_1]
                                                                 - below[b, WEIGHT_1])
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
