"""Equity kernels of short deck and Omaha (high, and hi-lo eight or better): exact enumeration
and Monte Carlo, with the accounting layout of :mod:`showdown._kernels.equity` plus the hi-lo
columns of :mod:`showdown.tables.layout`.

A player's hole cards are reduced once per assignment (their card keys and bits, the rank pair
index and low bits of each hole pair); each complete board once per deal (its rank multiset
row, flush suit and low ranks); each player's hand is then a few table reads. ``rule`` is 1 for
short deck (``variant`` 1: three of a kind over a straight) and 2 for Omaha; ``low`` adds the
eight-or-better half.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.equity import _S32, _advance, _pick, _rest_of_deck, _splitmix
from showdown._kernels.evaluator import _KEY_INIT, CARD_BITS, CARD_KEYS
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
from showdown.tables.layout import (
    CATEGORY_SHIFT,
    HIGH_SHARE,
    LOW_SHARE,
    POT_CATEGORY,
    POT_SHARE,
    POT_SQUARE,
    SCOOP,
    TIE,
    TIE_SHARE_CATEGORY,
    TIE_SHARE_UNIT,
    TIED,
    WIN,
    WIN_CATEGORY,
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
def _values(board, n_players, n_pairs, rule, variant, low, pairs, low_pairs, hole_keys, hole_bits, values, lows,
            high_5):
    """Every player's high value (and low value when ``low``) on the five ``board`` cards
    (``high_5`` is ``OMAHA_HIGH_5``)."""
    board_key = np.uint64(0)
    board_bits = np.uint64(0)
    board_low = 0
    for t in range(5):
        board_key += CARD_KEYS[board[t]]
        board_bits |= CARD_BITS[board[t]]
        board_low |= LOW_BIT[board[t]]
    if rule == 1:
        for p in range(n_players):
            values[p] = _short_value(_KEY_INIT + board_key + hole_keys[p], board_bits | hole_bits[p], variant)
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
        if low:
            best_low = 0
            for k in range(n_pairs):
                best_low = max(best_low, LOW[low_pairs[p, k], board_low])
            lows[p] = best_low


@kernel(inline="always")
def _account(n_players, low, values, lows, counts, weighted, weight, with_weights):
    """Count one deal: high wins and ties by category, and for hi-lo each player's shares of
    the halves and of the pot, and scoops."""
    best = -1
    tied = 0
    winner = 0
    for p in range(n_players):
        if values[p] > best:
            best = values[p]
            tied = 1
            winner = p
        elif values[p] == best:
            tied += 1
    category = best >> CATEGORY_SHIFT
    if tied == 1:
        counts[winner, WIN] += 1
        counts[winner, WIN_CATEGORY + category] += 1
        if with_weights:
            weighted[winner, WIN] += weight
            weighted[winner, WIN_CATEGORY + category] += weight
    else:
        share = TIE_SHARE_UNIT // tied
        for p in range(n_players):
            if values[p] == best:
                counts[p, TIE] += 1
                counts[p, TIED + tied] += 1
                counts[p, TIE_SHARE_CATEGORY + category] += share
                if with_weights:
                    weighted[p, TIE] += weight
                    weighted[p, TIED + tied] += weight
                    weighted[p, TIE_SHARE_CATEGORY + category] += weight * share
    if not low:
        return
    best_low = 0
    low_tied = 0
    for p in range(n_players):
        if lows[p] > best_low:
            best_low = lows[p]
            low_tied = 1
        elif lows[p] == best_low and best_low > 0:
            low_tied += 1
    high_share = TIE_SHARE_UNIT // tied
    low_share = TIE_SHARE_UNIT // low_tied if low_tied else 0
    for p in range(n_players):
        high = high_share if values[p] == best else 0
        lo = low_share if low_tied and lows[p] == best_low else 0
        pot = high + lo if low_tied else 2 * high
        if pot == 0:
            continue
        counts[p, HIGH_SHARE] += high
        counts[p, LOW_SHARE] += lo
        counts[p, POT_SHARE] += pot
        counts[p, POT_SQUARE] += pot * pot
        scoop = 1 if pot == 2 * TIE_SHARE_UNIT else 0
        counts[p, SCOOP] += scoop
        mine = POT_CATEGORY + (values[p] >> CATEGORY_SHIFT)
        counts[p, mine] += pot
        if with_weights:
            weighted[p, mine] += weight * pot
            weighted[p, HIGH_SHARE] += weight * high
            weighted[p, LOW_SHARE] += weight * lo
            weighted[p, POT_SHARE] += weight * pot
            weighted[p, POT_SQUARE] += weight * pot * pot
            weighted[p, SCOOP] += weight * scoop


@kernel(nogil=True)
def _exact(combos, sizes, weights, base_deck, known_board, to_come, prefixes, n_chunks, first, stop, counts, weighted,
           totals, total_weights, chunk_first, chunk_stop, rule, variant, low, high_5):
    """Every compatible assignment of the players' combos (P, M, H hole cards) times every
    remaining board, as :func:`showdown._kernels.equity._exact` (the same work items, chunks and
    outputs) with the game's evaluation; ``known_board`` holds the 5 - ``to_come`` known cards."""
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
        deck = np.zeros(max(n_left, 1), dtype=np.uint8)
        index = np.zeros(5, dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        for t in range(n_known):
            board[t] = known_board[t]
        chunk_counts = counts[chunk]  # the caller's row, zeros
        chunk_weighted = weighted[chunk]  # the caller's row, zeros
        chunk_total = 0
        chunk_weight = 0.0
        last = -1
        ok = False
        weight = 0.0
        for item in range(first + (chunk - first % n_chunks) % n_chunks, min(stop, n_items), n_chunks):
            assignment = item // n_prefix
            prefix = item - assignment * n_prefix
            if assignment != last:
                last = assignment
                left = assignment
                used = np.uint64(0)
                ok = True
                weight = 1.0
                for p in range(n_players):
                    j = left % sizes[p]
                    left //= sizes[p]
                    mask = _hold(combos, p, j, n_hole, pairs, low_pairs, hole_keys, hole_bits)
                    if used & mask:
                        ok = False
                        break
                    used |= mask
                    weight *= weights[p, j]
                if ok:
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
                _values(board, n_players, n_pairs, rule, variant, low, pairs, low_pairs, hole_keys, hole_bits,
                        values, lows, high_5)
                _account(n_players, low, values, lows, chunk_counts, chunk_weighted, weight, True)
                chunk_total += 1
                chunk_weight += weight
                if _advance(index, rest, n_left) < 0:
                    break
        totals[chunk] = chunk_total
        total_weights[chunk] = chunk_weight


@kernel(inline="always")
def _draw(state, used, lowest, deck_size):
    """A uniformly random card of the deck (its top ``deck_size`` ids) not in ``used``: the
    generator's new state and the card."""
    while True:
        state, z = _splitmix(state)
        card = lowest + (((z >> _S32) * np.uint64(deck_size)) >> _S32)
        if not (used >> card) & _ONE:
            return state, card


@kernel(nogil=True)
def _monte_carlo(combos, sizes, keep, alias, known_used, known_board, to_come, deck_size, trials, seeds,
                 max_attempts, rule, variant, low, high_5, counts, totals, failed, chunk_first, chunk_stop):
    """``trials[c]`` random deals in chunk ``c``, as :func:`showdown._kernels.equity._monte_carlo`
    (combos by weight, a deal started over when two combos share a card; then the board drawn
    from the cards not yet used) with the game's evaluation. The deck is the top ``deck_size``
    card ids (52, or 36 for short deck). A player with no combos (size 0) is dealt a random
    hand from the cards left, after the players with combos and before the board."""
    n_players = combos.shape[0]
    n_hole = combos.shape[2]
    n_pairs = n_hole * (n_hole - 1) // 2
    n_known = 5 - to_come
    lowest = np.uint64(52 - deck_size)
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
        last = np.full(n_players, -1, dtype=np.int64)
        for _ in range(trials[chunk]):
            attempts = 0
            used = known_used
            ok = False
            while True:
                used = known_used
                ok = True
                for p in range(n_players):
                    size = sizes[p]
                    if size == 0:  # dealt below
                        continue
                    j = 0
                    if size > 1:
                        state, j = _pick(state, keep, alias, p, size)
                    mask = np.uint64(0)
                    for a in range(n_hole):
                        mask |= _ONE << np.uint64(combos[p, j, a])
                    if used & mask:
                        ok = False
                        break
                    used |= mask
                    if j != last[p]:  # a fixed hand is reduced once
                        _hold(combos, p, j, n_hole, pairs, low_pairs, hole_keys, hole_bits)
                        last[p] = j
                if ok:
                    break
                attempts += 1
                if attempts >= max_attempts:
                    break
            if not ok:
                failed[chunk] = True
                break
            for p in range(n_players):
                if sizes[p] == 0:
                    for a in range(n_hole):
                        state, card = _draw(state, used, lowest, deck_size)
                        used |= _ONE << card
                        dealt[p, 0, a] = card
                    _hold(dealt, p, 0, n_hole, pairs, low_pairs, hole_keys, hole_bits)
            for t in range(n_known, 5):
                state, card = _draw(state, used, lowest, deck_size)
                used |= _ONE << card
                board[t] = card
            _values(board, n_players, n_pairs, rule, variant, low, pairs, low_pairs, hole_keys, hole_bits,
                    values, lows, high_5)
            _account(n_players, low, values, lows, chunk_counts, unweighted, 1.0, False)
            done += 1
        totals[chunk] = done
