"""Equity kernels of every game (hold'em, short deck, Omaha high and hi-lo eight or better):
exact enumeration and Monte Carlo, with the accounting layout of :mod:`showdown._kernels.equity`
plus the hi-lo columns of :mod:`showdown.tables.layout`. The game comes as one
:class:`~showdown.tables.layout.GameRules` value. Hold'em's questions run the measured copies of
:mod:`showdown._kernels.equity`, whose counts these kernels reproduce (tests/test_game_equity.py).

A player's hole cards are reduced once per assignment (their card keys and bits, the rank pair
index and low bits of each hole pair); each complete board once per deal (its rank multiset
row, flush suit and low ranks); each player's hand is then a few table reads.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.dealing import _draw, _pick, _rest_of_deck
from showdown._kernels.enumeration import _advance, _assign, _chunk_start
from showdown._kernels.evaluator import _KEY_INIT, CARD_BITS, CARD_KEYS, _hand_value
from showdown._kernels.games import (
    _ONE,
    _SUIT_RANKS,
    LOW,
    LOW_BIT,
    PAIR_OF,
    RANK_OF,
    _board_index,
    _flush_pairs,
    _flush_shift,
    _short_value,
)
from showdown._kernels.scoring import _count
from showdown.tables.layout import (
    HOLDEM_EVALUATOR,
    SHORT_DECK_EVALUATOR,
)

MAX_PAIRS = 15  # hole pairs of six cards


@kernel(inline="always")
def _hold(combos, p, j, n_hole, pairs, low_pairs, hole_keys, hole_bits):
    """Reduce player ``p``'s combo ``j``: its keys and bits, and each hole pair's rank pair
    index and low bits; returns the combo's card mask."""
    mask = np.uint64(0)
    key = np.uint64(0)
    bits = np.uint64(0)
    k = 0
    for a in range(n_hole):
        card = combos[p, j, a]
        mask |= _ONE << np.uint64(card)
        key += CARD_KEYS[card]
        bits |= CARD_BITS[card]
        for b in range(a + 1, n_hole):
            other = combos[p, j, b]
            pairs[p, k] = PAIR_OF[card, other]
            low_pairs[p, k] = LOW_BIT[card] | LOW_BIT[other]
            k += 1
    hole_keys[p] = key
    hole_bits[p] = bits
    return mask


@kernel(inline="always")
def _values(board, n_players, n_pairs, game, pairs, low_pairs, hole_keys, hole_bits, values, lows, high_5):
    """Every player's high value (and low value when the ``game`` has a low half) on the five
    ``board`` cards (``high_5`` is ``OMAHA_HIGH_5``)."""
    board_key = np.uint64(0)
    board_bits = np.uint64(0)
    board_low = 0
    for t in range(5):
        board_key += CARD_KEYS[board[t]]
        board_bits |= CARD_BITS[board[t]]
        board_low |= LOW_BIT[board[t]]
    if game.evaluator == HOLDEM_EVALUATOR:
        for p in range(n_players):
            values[p] = _hand_value(_KEY_INIT + board_key + hole_keys[p], board_bits | hole_bits[p])
        return
    if game.evaluator == SHORT_DECK_EVALUATOR:
        for p in range(n_players):
            values[p] = _short_value(_KEY_INIT + board_key + hole_keys[p], board_bits | hole_bits[p], game.ranking)
        return
    base = _board_index(RANK_OF[board[0]], RANK_OF[board[1]], RANK_OF[board[2]], RANK_OF[board[3]],
                        RANK_OF[board[4]], 5) * 91
    shift = _flush_shift(board_key)
    suit_ranks = (board_bits >> (shift & np.uint64(63))) & _SUIT_RANKS
    for p in range(n_players):
        best = 0
        for k in range(n_pairs):
            best = max(best, high_5[base + pairs[p, k]])
        if shift < 64:
            hole_ranks = (hole_bits[p] >> shift) & _SUIT_RANKS
            if hole_ranks & (hole_ranks - _ONE):
                best = _flush_pairs(best, hole_ranks, suit_ranks)
        values[p] = best
        if game.low:
            best_low = 0
            for k in range(n_pairs):
                best_low = max(best_low, LOW[low_pairs[p, k], board_low])
            lows[p] = best_low


@kernel(nogil=True)
def _exact(combos, sizes, weights, base_deck, known_board, to_come, prefixes, n_chunks, first, stop, counts, weighted,
           totals, total_weights, chunk_first, chunk_stop, game, high_5):
    """Every compatible assignment of the players' combos (P, M, H hole cards) times every
    remaining board, as :func:`showdown._kernels.equity._exact` (the same work items, chunks and
    outputs) in the ``game``; ``known_board`` holds the 5 - ``to_come`` known cards."""
    n_players = combos.shape[0]
    n_hole = combos.shape[2]
    n_pairs = n_hole * (n_hole - 1) // 2
    n_assign = 1
    for p in range(n_players):
        n_assign *= sizes[p]
    n_prefix, m = prefixes.shape
    n_items = n_assign * n_prefix
    n_left = base_deck.shape[0] - n_hole * n_players
    rest = to_come - m
    n_known = 5 - to_come
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        values = np.zeros(n_players, dtype=np.int64)
        lows = np.zeros(n_players, dtype=np.int64)
        pairs = np.zeros((n_players, MAX_PAIRS), dtype=np.int64)
        low_pairs = np.zeros((n_players, MAX_PAIRS), dtype=np.int64)
        hole_keys = np.zeros(n_players, dtype=np.uint64)
        hole_bits = np.zeros(n_players, dtype=np.uint64)
        picked = np.zeros(n_players, dtype=np.int64)
        deck = np.zeros(max(n_left, 1), dtype=np.uint8)
        index = np.zeros(5, dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        for t in range(n_known):
            board[t] = known_board[t]
        chunk_counts = counts[chunk]  # the caller's row: the chunk's sums so far, added to
        chunk_weighted = weighted[chunk]
        chunk_total = totals[chunk]
        chunk_weight = total_weights[chunk]
        last = -1
        ok = False
        weight = 0.0
        for item in range(_chunk_start(first, chunk, n_chunks), min(stop, n_items), n_chunks):
            assignment = item // n_prefix
            prefix = item - assignment * n_prefix
            if assignment != last:
                last = assignment
                used, ok, weight = _assign(combos, sizes, weights, assignment, picked)
                if ok:
                    for p in range(n_players):
                        _hold(combos, p, picked[p], n_hole, pairs, low_pairs, hole_keys, hole_bits)
                    _rest_of_deck(base_deck, used, deck)
            if not ok:
                continue
            start = 0
            for t in range(m):
                board[n_known + t] = deck[prefixes[prefix, t]]
                start = prefixes[prefix, t] + 1
            if rest > n_left - start:
                continue
            for t in range(rest):
                index[t] = start + t
            while True:
                for t in range(rest):
                    board[n_known + m + t] = deck[index[t]]
                _values(board, n_players, n_pairs, game, pairs, low_pairs, hole_keys, hole_bits, values, lows, high_5)
                _count(n_players, game.low, values, lows, chunk_counts, chunk_weighted, weight, True)
                chunk_total += 1
                chunk_weight += weight
                if _advance(index, rest, n_left) < 0:
                    break
        totals[chunk] = chunk_total
        total_weights[chunk] = chunk_weight


@kernel(nogil=True)
def _monte_carlo(combos, sizes, keep, alias, known_used, known_board, to_come, trials, seeds, max_attempts, game,
                 high_5, counts, totals, failed, chunk_first, chunk_stop):
    """``trials[c]`` random deals in chunk ``c``, as :func:`showdown._kernels.equity._monte_carlo`
    (combos by weight, a deal started over when two combos share a card; then the board drawn
    from the cards not yet used) in the ``game``. A player with no combos (size 0) is dealt a
    random hand from the cards left, after the players with combos and before the board."""
    n_players = combos.shape[0]
    n_hole = combos.shape[2]
    n_pairs = n_hole * (n_hole - 1) // 2
    n_known = 5 - to_come
    lowest = np.uint64(game.lowest_card)
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        state = seeds[chunk]
        values = np.zeros(n_players, dtype=np.int64)
        lows = np.zeros(n_players, dtype=np.int64)
        pairs = np.zeros((n_players, MAX_PAIRS), dtype=np.int64)
        low_pairs = np.zeros((n_players, MAX_PAIRS), dtype=np.int64)
        hole_keys = np.zeros(n_players, dtype=np.uint64)
        hole_bits = np.zeros(n_players, dtype=np.uint64)
        board = np.zeros(5, dtype=np.uint8)
        for t in range(n_known):
            board[t] = known_board[t]
        dealt = np.zeros((n_players, 1, n_hole), dtype=np.uint8)
        unweighted = np.zeros((1, 1), dtype=np.float64)
        chunk_counts = counts[chunk]  # the caller's row, zeros
        done = 0
        picked = np.zeros(n_players, dtype=np.int64)
        last = np.full(n_players, -1, dtype=np.int64)
        for _ in range(trials[chunk]):
            # twin: showdown._kernels.dealing._deal_combos, copied into the loop (calling it
            # cost 1.5 times the time per deal, measured short deck); tests/test_kernel_twins.py
            # proves they deal alike
            attempts = 0
            ok = False
            used = known_used
            while not ok and attempts < max_attempts:
                used = known_used
                ok = True
                for p in range(n_players):
                    size = sizes[p]
                    if size == 0:
                        continue
                    j = 0
                    if size > 1:
                        state, j = _pick(state, keep, alias, p, size)
                    picked[p] = j
                    mask = np.uint64(0)
                    for a in range(n_hole):
                        mask |= _ONE << np.uint64(combos[p, j, a])
                    if used & mask:
                        ok = False
                        break
                    used |= mask
                attempts += 1
            if not ok:
                failed[chunk] = True
                break
            for p in range(n_players):
                if sizes[p] == 0:
                    for a in range(n_hole):
                        state, card = _draw(state, used, lowest, game.deck_size)
                        used |= _ONE << card
                        dealt[p, 0, a] = card
                    _hold(dealt, p, 0, n_hole, pairs, low_pairs, hole_keys, hole_bits)
                elif picked[p] != last[p]:  # a fixed hand is reduced once
                    _hold(combos, p, picked[p], n_hole, pairs, low_pairs, hole_keys, hole_bits)
                    last[p] = picked[p]
            for t in range(n_known, 5):
                state, card = _draw(state, used, lowest, game.deck_size)
                used |= _ONE << card
                board[t] = card
            _values(board, n_players, n_pairs, game, pairs, low_pairs, hole_keys, hole_bits, values, lows, high_5)
            _count(n_players, game.low, values, lows, chunk_counts, unweighted, 1.0, False)
            done += 1
        totals[chunk] = done
