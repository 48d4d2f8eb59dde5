"""Board study kernels: what each combo holds on a board, and Monte Carlo filed by hero combo.

``_holdings`` sorts two-card combos into one made-hand class and a bit set of draws (the classes
of :mod:`showdown.holdings`, by their index there). ``_sampled`` deals multiway spots at random,
on the shared dealing of :mod:`showdown._kernels.dealing`, and files each deal's result under the
hero's combo. A hero range's exact equity against one villain range, per combo, is the runout
sweep of :mod:`showdown._kernels.runouts`, asked for its per-combo sums.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.dealing import _draw, _pick
from showdown._kernels.equity import _board_key
from showdown._kernels.evaluator import _KEY_INIT, CARD_BITS, CARD_KEYS
from showdown._kernels.games import _value
from showdown._kernels.scoring import _best
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
def _holdings(combos, board, made, draws, game, made_by_place):
    """Each combo's made class into ``made`` and its draw bits into ``draws`` on ``board`` (3 to 5
    card ids), in the ``game``'s ranking; combos are (n, 2) card ids that do not touch the board;
    ``made_by_place[value >> 12]`` is the made class a value's category decides (-1: none)."""
    lowest_rank = game.lowest_card >> 2
    wheel = (1 << 12) | (0xF << lowest_rank)  # the ace and the deck's four lowest ranks
    wheel_top = lowest_rank + 3
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
        value = _value(board_key + CARD_KEYS[a] + CARD_KEYS[b], board_bits | CARD_BITS[a] | CARD_BITS[b], game)
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
def _sampled(combos, sizes, keep, alias, known_used, board, to_come, trials, seeds, max_attempts, game, dealt, share,
             square, failed, chunk_first, chunk_stop):
    """Monte Carlo over whole deals, any number of players: player 0 is the hero. Per chunk
    (``trials[c]`` deals from a splitmix64 stream seeded by ``seeds[c]``) and per hero combo, the
    deals it was in, its summed pot share and its summed squared share; and whether
    ``max_attempts`` deals in a row failed to fit the ranges together. Deals come with
    probability proportional to the product of their combos' weights, as in ``equity``; board
    cards come from the ``game``'s deck. Into the rows ``chunk_first`` to ``chunk_stop - 1`` (this
    thread's chunks) of the zeroed ``dealt``, ``share`` and ``square`` (C, hero combos) and
    ``failed`` (C,)."""
    lowest = np.uint64(game.lowest_card)
    n_players = combos.shape[0]
    board_key, board_bits = _board_key(board)
    for chunk in range(chunk_first, chunk_stop):  # this thread's chunks (see showdown.parallel.threads)
        state = seeds[chunk]
        values = np.zeros(n_players, dtype=np.int64)
        chunk_dealt = dealt[chunk]  # the caller's row, zeros
        chunk_share = share[chunk]  # the caller's row, zeros
        chunk_square = square[chunk]  # the caller's row, zeros
        # each player's combo, kept in an array: a scalar carried out of the dealing loops made
        # the whole kernel 40% slower (measured three-way on a flop, 7.1 -> 4.2 M deals/s)
        picked = np.zeros(n_players, dtype=np.int64)
        for _ in range(trials[chunk]):
            # twin: showdown._kernels.dealing._deal_combos, copied into the loop (calling it
            # cost 1.6 times the time per deal, measured three-way on a flop); tests/test_kernel_twins.py
            # proves they deal alike. A study's players all hold ranges (no size 0), two cards each.
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
                attempts += 1
            if not ok:
                failed[chunk] = True
                break
            key = board_key
            bits = board_bits
            for _ in range(to_come):
                state, card = _draw(state, used, lowest, game.deck_size)
                used |= _ONE << card
                key += CARD_KEYS[card]
                bits |= CARD_BITS[card]
            for p in range(n_players):
                c0 = combos[p, picked[p], 0]
                c1 = combos[p, picked[p], 1]
                values[p] = _value(key + CARD_KEYS[c0] + CARD_KEYS[c1], bits | CARD_BITS[c0] | CARD_BITS[c1], game)
            best, tied, _winner = _best(values, n_players)
            result = 1.0 / tied if values[0] == best else 0.0
            hero = picked[0]
            chunk_dealt[hero] += 1
            chunk_share[hero] += result
            chunk_square[hero] += result * result
