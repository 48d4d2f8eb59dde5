"""Hold'em's equity kernels: exact enumeration and Monte Carlo over hole-card assignments and
boards, on the shared dealing (:mod:`~showdown._kernels.dealing`) and enumeration
(:mod:`~showdown._kernels.enumeration`). Their scoring, and ``_monte_carlo``'s dealing of the
ranges' combos, are measured copies of :func:`showdown._kernels.scoring._count` and
:func:`showdown._kernels.dealing._deal_combos` kept inside the loops (a call to the helper cost
1.4 to 1.7 times the time per deal); tests/test_kernel_twins.py proves the Monte Carlo kernel
deals and counts as the helpers do, and every game's kernels in
:mod:`showdown._kernels.game_odds` give ``_exact``'s counts for hold'em
(tests/test_game_equity.py).

Both kernels share one accounting layout, per chunk and per player:

``counts[chunk, player, :]`` (int64, unweighted cases)
    the row of ``N_COUNTS`` counts described in :mod:`showdown.tables.layout` (wins, ties, ties
    by the number of players tied, wins and tie shares by category).
``weighted[chunk, player, :]`` (float64, exact mode only)
    the same counts, each case weighted by the product of its combos' weights.
``totals[chunk]`` (int64 cases) and ``total_weights[chunk]`` (float64).

Chunks are fixed by the caller, never by the thread count, and reduced serially by the caller,
so a result is the same whatever the number of threads.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.dealing import _LOW32, _S32, _deal_at, _pick, _rest_of_deck, _splitmix
from showdown._kernels.enumeration import _advance, _assign, _chunk_start
from showdown._kernels.evaluator import _KEY_INIT, CARD_BITS, CARD_KEYS, _hand_value
from showdown.tables.layout import (
    CATEGORY_SHIFT,
    TIE,
    TIE_SHARE_CATEGORY,
    TIE_SHARE_UNIT,
    TIED,
    WIN,
    WIN_CATEGORY,
)

_ONE = np.uint64(1)
_CATEGORY_SHIFT = CATEGORY_SHIFT


@kernel(nogil=True)
def _exact(combos, sizes, weights, base_deck, board_key, board_bits, to_come, prefixes, n_chunks, first, stop,
           counts, weighted, totals, total_weights, chunk_first, chunk_stop):
    """Every compatible assignment of the players' combos times every remaining board.

    combos (P, M, 2) uint8 and weights (P, M) float64: each player's combos (first ``sizes[p]``
    rows used). base_deck: the cards neither on the board nor dead. board_key/board_bits: the
    known board's key (including ``_KEY_INIT``) and bits. ``to_come`` board cards are dealt
    from the R = len(base_deck) - 2P cards left once an assignment is fixed; ``prefixes``
    (n, m) lists the first m = min(to_come, 2) positions (indices into those R cards) of each
    work item's boards. Items ``first`` to ``stop - 1`` are done; item ``i`` (assignment
    ``i // n``, prefix ``i % n``) goes to chunk ``i % n_chunks``, so cutting the items into
    consecutive calls does not change which chunk counts what.

    Added to the rows ``chunk_first`` to ``chunk_stop - 1`` (this thread's chunks) of
    ``counts`` (n_chunks, P, N_COUNTS) int64 and ``weighted`` float64 (each case weighted by
    the product of its combos' weights), ``totals`` (n_chunks,) int64 (the cases) and
    ``total_weights`` float64 (their summed weight), zeros at first: each chunk adds its items
    one by one in order, so however the items are cut into calls its sums are the same, bit for
    bit (the float sums too).
    """
    n_players = combos.shape[0]
    n_assign = 1
    for p in range(n_players):
        n_assign *= sizes[p]
    n_prefix, m = prefixes.shape
    n_items = n_assign * n_prefix
    n_left = base_deck.shape[0] - 2 * n_players
    rest = to_come - m
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        values = np.zeros(n_players, dtype=np.int64)
        hole_keys = np.zeros(n_players, dtype=np.uint64)
        hole_bits = np.zeros(n_players, dtype=np.uint64)
        picked = np.zeros(n_players, dtype=np.int64)
        deck = np.zeros(max(n_left, 1), dtype=np.uint8)
        index = np.zeros(4, dtype=np.int64)
        keys = np.zeros(5, dtype=np.uint64)
        bits = np.zeros(5, dtype=np.uint64)
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
                        c0 = combos[p, picked[p], 0]
                        c1 = combos[p, picked[p], 1]
                        hole_keys[p] = CARD_KEYS[c0] + CARD_KEYS[c1]
                        hole_bits[p] = CARD_BITS[c0] | CARD_BITS[c1]
                    _rest_of_deck(base_deck, used, deck)
            if not ok:
                continue
            key = board_key
            bit = board_bits
            start = 0
            for t in range(m):
                card = deck[prefixes[prefix, t]]
                key += CARD_KEYS[card]
                bit |= CARD_BITS[card]
                start = prefixes[prefix, t] + 1
            if rest > n_left - start:
                continue
            keys[0] = key
            bits[0] = bit
            for t in range(rest):
                index[t] = start + t
                keys[t + 1] = keys[t] + CARD_KEYS[deck[index[t]]]
                bits[t + 1] = bits[t] | CARD_BITS[deck[index[t]]]
            while True:
                board = keys[rest]
                board_bit = bits[rest]
                # twin: showdown._kernels.scoring._count (its high half), copied into the loop
                best = -1
                tied = 0
                winner = 0
                for p in range(n_players):
                    value = _hand_value(board + hole_keys[p], board_bit | hole_bits[p])
                    values[p] = value
                    if value > best:
                        best = value
                        tied = 1
                        winner = p
                    elif value == best:
                        tied += 1
                chunk_total += 1
                chunk_weight += weight
                category = best >> _CATEGORY_SHIFT
                if tied == 1:
                    chunk_counts[winner, WIN] += 1
                    chunk_counts[winner, WIN_CATEGORY + category] += 1
                    chunk_weighted[winner, WIN] += weight
                    chunk_weighted[winner, WIN_CATEGORY + category] += weight
                else:
                    share = TIE_SHARE_UNIT // tied
                    for p in range(n_players):
                        if values[p] == best:
                            chunk_counts[p, TIE] += 1
                            chunk_counts[p, TIED + tied] += 1
                            chunk_counts[p, TIE_SHARE_CATEGORY + category] += share
                            chunk_weighted[p, TIE] += weight
                            chunk_weighted[p, TIED + tied] += weight
                            chunk_weighted[p, TIE_SHARE_CATEGORY + category] += weight * share
                t = _advance(index, rest, n_left)
                if t < 0:
                    break
                for u in range(t, rest):
                    card = deck[index[u]]
                    keys[u + 1] = keys[u] + CARD_KEYS[card]
                    bits[u + 1] = bits[u] | CARD_BITS[card]
        totals[chunk] = chunk_total
        total_weights[chunk] = chunk_weight


@kernel(nogil=True)
def _monte_carlo(combos, sizes, keep, alias, from_deck, deck, known_used, board_key, board_bits, to_come, trials,
                 seeds, max_attempts, counts, totals, failed, chunk_first, chunk_stop):
    """``trials[c]`` random deals in chunk ``c``, from a splitmix64 stream seeded by ``seeds[c]``.

    Each deal picks every player's combo by weight (``keep`` and ``alias`` (P, M): the alias
    tables of :func:`_pick`) and starts the deal over when two players' combos share a card, so
    assignments come with probability proportional to the product of their weights, as in the
    exact enumeration. Then ``to_come`` board cards are drawn uniformly from ``deck`` (the cards
    not in ``known_used``, the board and dead cards, nor in an exact hand) less the ranges' cards
    of the deal. Into the rows ``chunk_first`` to ``chunk_stop - 1`` (this thread's chunks) of
    the zeroed ``counts`` (C, P, N_COUNTS) int64 (unweighted), ``totals`` (C,) int64 and
    ``failed`` (C,) bool: whether ``max_attempts`` deals in a row failed (the ranges then hardly
    ever fit together).

    A player whose range is every hand the known cards leave, all weighted alike
    (``from_deck[p]``), is dealt two cards from the rest of the deck once the others have their
    combos: the same distribution (every assignment of the others leaves that player the same
    number of hands) without the search and the restarts. A player with one combo holds it in
    every deal: its cards join the known ones once, before the first deal.
    """
    n_players = combos.shape[0]
    n_draws = to_come
    for p in range(n_players):
        n_draws += 2 * from_deck[p]
    picking = False  # whether some player draws a combo by weight (whose cards may be in ``rest``)
    drawn_sizes = np.zeros(n_players, dtype=np.int64)  # the players who draw a combo: their sizes, 0 for the others
    fixed_used = known_used
    fits = True
    for p in range(n_players):
        if from_deck[p]:
            continue
        if sizes[p] > 1:
            picking = True
            drawn_sizes[p] = sizes[p]
            continue
        mask = (_ONE << np.uint64(combos[p, 0, 0])) | (_ONE << np.uint64(combos[p, 0, 1]))
        if fixed_used & mask:
            fits = False
        fixed_used |= mask
    n_rest = 0  # the cards of ``deck`` no one-combo player holds (a range's one combo may be there)
    for card in deck:
        if not (fixed_used >> np.uint64(card)) & _ONE:
            n_rest += 1
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        state = seeds[chunk]
        rest = np.empty(n_rest, dtype=np.uint8)
        _rest_of_deck(deck, fixed_used, rest)
        values = np.zeros(n_players, dtype=np.int64)
        hole_keys = np.zeros(n_players, dtype=np.uint64)
        hole_bits = np.zeros(n_players, dtype=np.uint64)
        for p in range(n_players):
            if not from_deck[p] and sizes[p] == 1:
                hole_keys[p] = CARD_KEYS[combos[p, 0, 0]] + CARD_KEYS[combos[p, 0, 1]]
                hole_bits[p] = CARD_BITS[combos[p, 0, 0]] | CARD_BITS[combos[p, 0, 1]]
        chunk_counts = counts[chunk]  # the caller's row, zeros
        done = 0
        if not fits:  # two one-combo players share a card: no deal can be made
            failed[chunk] = trials[chunk] > 0
            continue
        for _ in range(trials[chunk]):
            used = fixed_used
            if picking:
                # twin: showdown._kernels.dealing._deal_combos, copied into the loop (calling it
                # cost 1.7 times the time per deal, measured 'QQ+,AK' against random); tests/test_kernel_twins.py
                # proves they deal alike
                attempts = 0
                while True:
                    used = fixed_used
                    ok = True
                    for p in range(n_players):
                        size = drawn_sizes[p]
                        if size == 0:
                            continue
                        state, j = _pick(state, keep, alias, p, size)
                        c0 = combos[p, j, 0]
                        c1 = combos[p, j, 1]
                        mask = (_ONE << np.uint64(c0)) | (_ONE << np.uint64(c1))
                        if used & mask:
                            ok = False
                            break
                        used |= mask
                        hole_keys[p] = CARD_KEYS[c0] + CARD_KEYS[c1]
                        hole_bits[p] = CARD_BITS[c0] | CARD_BITS[c1]
                    if ok:
                        break
                    attempts += 1
                    if attempts >= max_attempts:
                        break
                if not ok:
                    failed[chunk] = True
                    break
            # The cards still to come, a partial Fisher-Yates shuffle of the rest of the deck:
            # first two for each whole-deck player, then the board's.
            board = board_key
            board_bit = board_bits
            position = 0
            if picking:
                while position < n_draws:
                    state, z = _splitmix(state)
                    card = _deal_at(rest, position, z >> _S32)
                    if (used >> np.uint64(card)) & _ONE:
                        continue  # held by a range: draw again among the same cards
                    used |= _ONE << np.uint64(card)
                    position += 1
            else:  # no card of ``rest`` is held: two cards from each output, no branch
                while position + 1 < n_draws:
                    state, z = _splitmix(state)
                    _deal_at(rest, position, z >> _S32)
                    _deal_at(rest, position + 1, z & _LOW32)
                    position += 2
                if position < n_draws:
                    state, z = _splitmix(state)
                    _deal_at(rest, position, z >> _S32)
            drawn = 0
            for p in range(n_players):
                if from_deck[p]:
                    c0 = rest[drawn]
                    c1 = rest[drawn + 1]
                    hole_keys[p] = CARD_KEYS[c0] + CARD_KEYS[c1]
                    hole_bits[p] = CARD_BITS[c0] | CARD_BITS[c1]
                    drawn += 2
            for d in range(drawn, n_draws):
                board += CARD_KEYS[rest[d]]
                board_bit |= CARD_BITS[rest[d]]
            # twin: showdown._kernels.scoring._count (its high half), copied into the loop as in
            # _exact: a shared inline helper made _exact about 40% slower (measured heads-up
            # preflop, 30 ms -> 43 ms). tests/test_kernel_twins.py proves they count alike.
            best = -1
            tied = 0
            winner = 0
            for p in range(n_players):
                value = _hand_value(board + hole_keys[p], board_bit | hole_bits[p])
                values[p] = value
                if value > best:
                    best = value
                    tied = 1
                    winner = p
                elif value == best:
                    tied += 1
            done += 1
            if tied == 1:
                chunk_counts[winner, WIN] += 1
                chunk_counts[winner, WIN_CATEGORY + (best >> _CATEGORY_SHIFT)] += 1
            else:
                share = TIE_SHARE_UNIT // tied
                category = best >> _CATEGORY_SHIFT
                for p in range(n_players):
                    if values[p] == best:
                        chunk_counts[p, TIE] += 1
                        chunk_counts[p, TIED + tied] += 1
                        chunk_counts[p, TIE_SHARE_CATEGORY + category] += share
        totals[chunk] = done


@kernel()
def _board_key(cards):
    """Key (with ``_KEY_INIT``) and bits of a few known cards."""
    key = _KEY_INIT
    bits = np.uint64(0)
    for card in cards:
        key += CARD_KEYS[card]
        bits |= CARD_BITS[card]
    return key, bits
