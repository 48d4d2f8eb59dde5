"""Board study kernels: what each combo holds on a board, and every combo's equity against a range.

``_holdings`` sorts two-card combos into one made-hand class and a bit set of draws (the classes
of :mod:`showdown.holdings`, by their index there). ``_runouts`` scores a hero range against one
villain range over every runout of the board at once: per runout it evaluates each combo of the
union of both ranges once, sorts the values, and sweeps them from the lowest up, keeping the
villain weight already passed in total and per card. A hero combo's wins are then the weight
passed minus the weight holding either of its cards (inclusion-exclusion: a villain combo holding
both is the hero's own combo, which never ranks below it), so every (hero, villain, runout) case
is counted without comparing pairs. ``_sampled`` deals multiway spots at random, as the equity
kernel does, and files each deal's result under the hero's combo.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.equity import _S32, _board_key, _pick, _splitmix
from showdown._kernels.evaluator import _KEY_INIT, CARD_BITS, CARD_KEYS, _hand_value
from showdown._kernels.games import _short_value
from showdown.tables.layout import CATEGORY_SHIFT

_ONE = np.uint64(1)
_CATEGORY_SHIFT = CATEGORY_SHIFT
_INDEX_BITS = 11  # a packed sort key: value << 11 | the combo's index (at most 1326 combos)
_INDEX_MASK = (1 << _INDEX_BITS) - 1

# made classes, in the order of showdown.holdings.MADE_CLASSES
STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT = 0, 1, 2, 3, 4
SET, TRIPS, TWO_PAIR, OVERPAIR, TOP_PAIR, POCKET_BELOW_TOP = 5, 6, 7, 8, 9, 10
MIDDLE_PAIR, WEAK_PAIR, BOARD_PAIR, ACE_HIGH, NOTHING = 11, 12, 13, 14, 15
# draw bits, in the order of showdown.holdings.DRAW_CLASSES
FLUSH_DRAW, NUT_FLUSH_DRAW, BACKDOOR_FLUSH_DRAW, OESD, GUTSHOT, COMBO_DRAW, OVERCARDS = 1, 2, 4, 8, 16, 32, 64
MADE_BY_CATEGORY = np.array([-1, -1, -1, -1, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH], dtype=np.int64)
"""The made class of each evaluator category (-1: decided by the hole cards)."""
HOLDEM, SHORT_DECK, SHORT_DECK_TRIPS = 0, 1, 2
"""The ``deck`` argument: which deck and ranking (short deck's variant puts trips over a straight)."""


@kernel(inline="always")
def _value(key, bits, deck):
    """A hand's value in the ranking of ``deck``."""
    if deck == HOLDEM:
        return _hand_value(key, bits)
    return _short_value(key, bits, deck - SHORT_DECK)


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


@kernel(inline="always")
def _straight_top(ranks, wheel, wheel_top):
    """The top rank of the highest straight in a 13-bit rank set, or -1: the ``wheel`` (its
    ranks) is the lowest straight, with the top rank ``wheel_top`` (A-2-3-4-5 and 3, or in short
    deck A-6-7-8-9 and 7)."""
    for top in range(12, wheel_top, -1):
        run = 0x1F << (top - 4)
        if ranks & run == run:
            return top
    if ranks & wheel == wheel:
        return wheel_top
    return -1


@kernel(nogil=True)
def _holdings(combos, board, made, draws, deck, made_by_place):
    """Each combo's made class into ``made`` and its draw bits into ``draws`` on ``board`` (3 to 5
    card ids), in the ranking of ``deck``; combos are (n, 2) card ids that do not touch the board;
    ``made_by_place[value >> 12]`` is the made class a value's category decides (-1: none)."""
    wheel = 0x100F if deck == HOLDEM else 0x10F0
    wheel_top = 3 if deck == HOLDEM else 7
    lowest_rank = 0 if deck == HOLDEM else 4
    n_board = board.shape[0]
    board_key = _KEY_INIT
    board_bits = np.uint64(0)
    rank_count = np.zeros(13, dtype=np.int64)
    suit_count = np.zeros(4, dtype=np.int64)
    suit_top = np.full(4, -1, dtype=np.int64)  # the highest rank of each suit that is not on the board
    board_suited = np.zeros(4, dtype=np.int64)  # rank bits of the board's cards by suit
    board_ranks = 0
    for card in board:
        board_key += CARD_KEYS[card]
        board_bits |= CARD_BITS[card]
        rank_count[card >> 2] += 1
        suit_count[card & 3] += 1
        board_ranks |= 1 << (card >> 2)
        board_suited[card & 3] |= 1 << (card >> 2)
    for suit in range(4):
        for rank in range(12, -1, -1):
            if not (board_suited[suit] >> rank) & 1:
                suit_top[suit] = rank
                break
    top = -1
    second = -1
    paired_board = False
    for rank in range(12, -1, -1):
        if rank_count[rank] >= 2:
            paired_board = True
        if rank_count[rank]:
            if top < 0:
                top = rank
            elif second < 0:
                second = rank
    # for the straight draws: the board's best straight with each rank added
    board_with = np.empty(13, dtype=np.int64)
    for rank in range(13):
        board_with[rank] = _straight_top(board_ranks | (1 << rank), wheel, wheel_top)
    for i in range(combos.shape[0]):
        a = np.int64(combos[i, 0])
        b = np.int64(combos[i, 1])
        value = _value(board_key + CARD_KEYS[a] + CARD_KEYS[b], board_bits | CARD_BITS[a] | CARD_BITS[b], deck)
        ra = a >> 2
        rb = b >> 2
        pocket = ra == rb
        klass = made_by_place[value >> _CATEGORY_SHIFT]
        if klass < 0:
            hits_a = rank_count[ra] > 0
            hits_b = rank_count[rb] > 0
            if pocket and hits_a:
                klass = SET
            elif (hits_a and rank_count[ra] >= 2) or (hits_b and rank_count[rb] >= 2):
                klass = TRIPS
            elif hits_a and hits_b:
                klass = TWO_PAIR
            elif pocket and ra > top:
                klass = OVERPAIR
            elif (hits_a and ra == top) or (hits_b and rb == top):
                klass = TOP_PAIR
            elif pocket and ra > second:
                klass = POCKET_BELOW_TOP
            elif (hits_a and ra == second) or (hits_b and rb == second):
                klass = MIDDLE_PAIR
            elif pocket or hits_a or hits_b:
                klass = WEAK_PAIR
            elif paired_board:
                klass = BOARD_PAIR
            elif ra == 12 or rb == 12:
                klass = ACE_HIGH
            else:
                klass = NOTHING
        made[i] = klass
        bits = 0
        if klass > STRAIGHT and n_board < 5:
            for suit in range(4):
                held = np.int64((a & 3) == suit) + np.int64((b & 3) == suit)
                if held == 0:
                    continue
                cards = suit_count[suit] + held
                if cards == 4:
                    bits |= FLUSH_DRAW
                    if ((a & 3) == suit and ra == suit_top[suit]) or ((b & 3) == suit and rb == suit_top[suit]):
                        bits |= NUT_FLUSH_DRAW
                elif cards == 3 and n_board == 3:
                    bits |= BACKDOOR_FLUSH_DRAW
            if bits & FLUSH_DRAW:
                bits &= ~BACKDOOR_FLUSH_DRAW
            ranks = board_ranks | (1 << ra) | (1 << rb)
            outs = 0
            for rank in range(lowest_rank, 13):
                if _straight_top(ranks | (1 << rank), wheel, wheel_top) > board_with[rank]:
                    outs += 1
            if outs >= 2:
                bits |= OESD
            elif outs == 1:
                bits |= GUTSHOT
            if bits & FLUSH_DRAW and outs:
                bits |= COMBO_DRAW
            if not pocket and ra > top and rb > top:
                bits |= OVERCARDS
        draws[i] = bits


@kernel(nogil=True)
def _runouts(combos, hero_weights, villain_weights, board, runouts, n_chunks, deck, doubled, met, card_doubled,
             card_met, chunk_first, chunk_stop):
    """Heads-up, every runout: per chunk of ``runouts`` ((R, k) card ids, k = 0 to 2), for each
    combo of ``combos`` (the union of both ranges, (U, 2) ids off the board and dead cards) its
    doubled equity against the villain (2 x wins + ties, each villain combo by its weight) and
    the villain weight it met; and per card, the same summed over the hero's combos (each by its
    hero weight) over the runouts that hold the card. Hands are ranked as ``deck`` ranks them.
    Into the rows ``chunk_first`` to ``chunk_stop - 1`` (this thread's chunks) of the zeroed
    ``doubled`` and ``met`` (n_chunks, U) and ``card_doubled`` and ``card_met`` (n_chunks, 52)."""
    n = combos.shape[0]
    n_runouts = runouts.shape[0]
    to_come = runouts.shape[1]
    board_key, board_bits = _board_key(board)
    hole_keys, hole_bits, masks = _combo_keys(combos)
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        packed = np.empty(n, dtype=np.int64)
        wins = np.empty(n, dtype=np.float64)
        below = np.zeros(52, dtype=np.float64)  # villain weight passed, per card
        live = np.zeros(52, dtype=np.float64)  # villain weight dealt on this runout, per card
        chunk_doubled = doubled[chunk]  # the caller's row, zeros
        chunk_met = met[chunk]  # the caller's row, zeros
        for r in range(chunk, n_runouts, n_chunks):
            key, bits, used = _runout_key(board_key, board_bits, runouts, r)
            live[:] = 0.0
            below[:] = 0.0
            total = 0.0
            m = 0
            for u in range(n):
                if masks[u] & used:
                    continue
                value = _value(key + hole_keys[u], bits | hole_bits[u], deck)
                packed[m] = (np.int64(value) << _INDEX_BITS) | u
                m += 1
                weight = villain_weights[u]
                total += weight
                live[combos[u, 0]] += weight
                live[combos[u, 1]] += weight
            order = np.sort(packed[:m])
            passed = 0.0
            runout_doubled = 0.0
            runout_met = 0.0
            start = 0
            while start < m:
                value = order[start] >> _INDEX_BITS
                stop = start
                while stop < m and order[stop] >> _INDEX_BITS == value:
                    stop += 1
                for k in range(start, stop):  # wins: the villain weight strictly below
                    u = order[k] & _INDEX_MASK
                    wins[k] = passed - below[combos[u, 0]] - below[combos[u, 1]]
                for k in range(start, stop):
                    u = order[k] & _INDEX_MASK
                    weight = villain_weights[u]
                    passed += weight
                    below[combos[u, 0]] += weight
                    below[combos[u, 1]] += weight
                for k in range(start, stop):  # wins and ties: the weight at or below, less the hero's own combo
                    u = order[k] & _INDEX_MASK
                    hero = hero_weights[u]
                    if hero == 0.0:
                        continue
                    a = combos[u, 0]
                    b = combos[u, 1]
                    own = villain_weights[u]
                    twice = wins[k] + passed - below[a] - below[b] + own
                    meets = total - live[a] - live[b] + own
                    chunk_doubled[u] += twice
                    chunk_met[u] += meets
                    runout_doubled += hero * twice
                    runout_met += hero * meets
                start = stop
            for j in range(to_come):
                card = runouts[r, j]
                card_doubled[chunk, card] += runout_doubled
                card_met[chunk, card] += runout_met


@kernel(nogil=True)
def _sampled(combos, sizes, keep, alias, known_used, board, to_come, trials, seeds, max_attempts, deck, dealt, share,
             square, failed, chunk_first, chunk_stop):
    """Monte Carlo over whole deals, any number of players: player 0 is the hero. Per chunk
    (``trials[c]`` deals from a splitmix64 stream seeded by ``seeds[c]``) and per hero combo, the
    deals it was in, its summed pot share and its summed squared share; and whether
    ``max_attempts`` deals in a row failed to fit the ranges together. Deals come with
    probability proportional to the product of their combos' weights, as in ``equity``; board
    cards come from the cards of ``deck`` (the short deck's ids start at 16). Into the rows
    ``chunk_first`` to ``chunk_stop - 1`` (this thread's chunks) of the zeroed ``dealt``,
    ``share`` and ``square`` (C, hero combos) and ``failed`` (C,)."""
    lowest = 0 if deck == HOLDEM else 16
    cards_in_deck = np.uint64(52 - lowest)
    n_players = combos.shape[0]
    board_key, board_bits = _board_key(board)
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        state = seeds[chunk]
        values = np.zeros(n_players, dtype=np.int64)
        hole_keys = np.zeros(n_players, dtype=np.uint64)
        hole_bits = np.zeros(n_players, dtype=np.uint64)
        chunk_dealt = dealt[chunk]  # the caller's row, zeros
        chunk_share = share[chunk]  # the caller's row, zeros
        chunk_square = square[chunk]  # the caller's row, zeros
        # each player's combo, kept in an array: a scalar carried out of the dealing loops made
        # the whole kernel 40% slower (measured three-way on a flop, 7.1 -> 4.2 M deals/s)
        picked = np.zeros(n_players, dtype=np.int64)
        for _ in range(trials[chunk]):
            attempts = 0
            ok = False
            used = known_used
            while not ok and attempts < max_attempts:
                used = known_used
                ok = True
                for p in range(n_players):
                    size = sizes[p]
                    j = 0
                    if size > 1:
                        state, j = _pick(state, keep, alias, p, size)
                    picked[p] = j
                    mask = (_ONE << np.uint64(combos[p, j, 0])) | (_ONE << np.uint64(combos[p, j, 1]))
                    if used & mask:
                        ok = False
                        break
                    used |= mask
                    hole_keys[p] = CARD_KEYS[combos[p, j, 0]] + CARD_KEYS[combos[p, j, 1]]
                    hole_bits[p] = CARD_BITS[combos[p, j, 0]] | CARD_BITS[combos[p, j, 1]]
                attempts += 1
            if not ok:
                failed[chunk] = True
                break
            key = board_key
            bits = board_bits
            for _ in range(to_come):
                while True:
                    state, z = _splitmix(state)
                    card = (((z >> _S32) * cards_in_deck) >> _S32) + np.uint64(lowest)
                    if not (used >> card) & _ONE:
                        break
                used |= _ONE << card
                key += CARD_KEYS[card]
                bits |= CARD_BITS[card]
            best = -1
            tied = 0
            for p in range(n_players):
                values[p] = _value(key + hole_keys[p], bits | hole_bits[p], deck)
                if values[p] > best:
                    best = values[p]
                    tied = 1
                elif values[p] == best:
                    tied += 1
            result = 1.0 / tied if values[0] == best else 0.0
            hero = picked[0]
            chunk_dealt[hero] += 1
            chunk_share[hero] += result
            chunk_square[hero] += result * result
