"""Evaluation kernels of short deck and Omaha (high and eight-or-better low), over the tables of
:mod:`showdown.tables.games`.

Short deck reads hold'em's card keys with its own values. An Omaha row is the hole cards then
the board (3 to 5 cards); a board is reduced once to its rank multiset index, its flush suit
(the one suit with three or more cards, if any) and its low ranks, and each hole pair then costs
one or two table reads. The tables are globals, versioned with the cache like the hold'em ones.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.bits import _prefetch, _trailing_zeros
from showdown._kernels.evaluator import (
    _KEY_INIT,
    CARD_BITS,
    CARD_KEYS,
    RANK_VALUES,
    ROW_OFFSETS,
    _card,
    _hand_value,
    _row_is_bad,
)
from showdown.tables import load_games
from showdown.tables.layout import (
    FLUSH_CHECK,
    HOLDEM_EVALUATOR,
    RANK_MASK,
    ROW_SHIFT,
    SHORT_DECK_EVALUATOR,
    SHORT_DECK_LOWEST_CARD,
    SUIT_SHIFT,
)

_GAMES = load_games()
# Hold'em's hash with the short deck's values, padded as hold'em's are (see RANK_VALUES).
SHORT_RANK_VALUES = np.zeros((2, len(RANK_VALUES)), dtype=_GAMES.short_rank_values.dtype)
SHORT_RANK_VALUES[:, : _GAMES.short_rank_values.shape[1]] = _GAMES.short_rank_values
SHORT_FLUSH_VALUES = _GAMES.short_flush_values
# The short deck's card bits: the ids of the twos to fives are poison, like ids above 51.
SHORT_CARD_BITS = CARD_BITS.copy()
SHORT_CARD_BITS[:SHORT_DECK_LOWEST_CARD] = 0
# The high tables of boards of 3, 4 and 5 cards, flattened (board row * 91 + pair). numba
# freezes a global array into the compiled code (and its cache) only below 1 MB: the
# five-card one (1.1 MB) is not, so the kernels that read them take them as an argument (the
# callers pass these arrays).
OMAHA_HIGHS = tuple(_GAMES.omaha_high[n].ravel() for n in (3, 4, 5))
OMAHA_HIGH_5 = OMAHA_HIGHS[2]
FLUSH_INDEX = _GAMES.flush_index.astype(np.int32)
OMAHA_FLUSH = _GAMES.omaha_flush
LOW = _GAMES.low
# Per card id (any byte; poison ids read rank 0, and a row with one is reported bad): its rank,
# its eight-or-better low bit (A = 1, 2 = 2 .. 8 = 128; 0 for nine and up), and per two cards
# the index of their ranks' pair (``hi * (hi + 1) / 2 + lo``).
RANK_OF = np.zeros(256, dtype=np.uint8)
RANK_OF[:52] = np.arange(52) >> 2
PAIR_OF = np.zeros((256, 256), dtype=np.uint8)
_hi = np.maximum.outer(RANK_OF, RANK_OF).astype(np.int64)
_lo = np.minimum.outer(RANK_OF, RANK_OF).astype(np.int64)
PAIR_OF[:] = _hi * (_hi + 1) // 2 + _lo
# The same pair index from two ranks (a 13 x 13 table, flattened: small enough to stay in L1).
PAIR13 = PAIR_OF[:52:4, :52:4].ravel().copy()
LOW_BIT = np.zeros(256, dtype=np.int64)
for _id in range(52):
    _rank = _id >> 2
    LOW_BIT[_id] = 1 if _rank == 12 else (1 << (_rank + 1) if _rank <= 6 else 0)
# COLEX[i, r] = C(r + i, i + 1): the i-th sorted rank's term in a board's multiset index.
COLEX = np.zeros((5, 13), dtype=np.int32)
for _i in range(5):
    for _r in range(13):
        _c = 1
        for _t in range(_i + 1):
            _c = _c * (_r + _i - _t) // (_t + 1)
        COLEX[_i, _r] = _c

_FLUSH_CHECK = np.uint64(FLUSH_CHECK)
_RANK_MASK = np.uint64(RANK_MASK)
_ROW_SHIFT = np.uint64(ROW_SHIFT)
_SUIT_RANKS = np.uint64(0x1FFF)
_FIRST_CHECK_BIT = np.uint64(SUIT_SHIFT + 3)
_THREE_CHECK = np.uint64(0x5555)  # added to 4-bit suit counts: a count of 3+ sets its top bit
_TOP_BITS = np.uint64(0x8888)
_SUIT_SHIFT = np.uint64(SUIT_SHIFT)
_BLOCK = 16  # Omaha rows whose board rows are asked of the cache together
_ONE, _TWO, _THREE = np.uint64(1), np.uint64(2), np.uint64(3)


# --- short deck --------------------------------------------------------------------------------

@kernel(inline="always")
def _short_value(key, bits, ranking):
    """A short deck hand's value from its key and bits (hold'em's layout); ``ranking`` 1 puts
    three of a kind over a straight."""
    flushed = key & _FLUSH_CHECK
    if flushed:
        suit_shift = (_trailing_zeros(flushed) - _FIRST_CHECK_BIT) << np.uint64(2)
        return SHORT_FLUSH_VALUES[(bits >> (suit_shift & np.uint64(63))) & _SUIT_RANKS]
    ranks = key & _RANK_MASK
    return SHORT_RANK_VALUES[ranking, ranks + np.uint64(ROW_OFFSETS[ranks >> _ROW_SHIFT])]


@kernel(inline="always")
def _value(key, bits, game):
    """A hand's value from its key and bits in a ``game`` where any five cards play (hold'em and
    the short decks)."""
    if game.evaluator == HOLDEM_EVALUATOR:
        return _hand_value(key, bits)
    return _short_value(key, bits, game.ranking)


@kernel(nogil=True)
def _short_rows(ids, out, ranking):
    """Evaluate rows of short deck cards (by the rank tables' row ``ranking``); True when some
    row had a card twice or a card outside the short deck (its value is then meaningless)."""
    n, k = ids.shape
    bad = np.uint64(0)
    for i in range(n):
        key = _KEY_INIT
        bits = np.uint64(0)
        for j in range(k):
            card = _card(ids[i, j])
            key += CARD_KEYS[card]
            bits |= SHORT_CARD_BITS[card]
        bad |= _row_is_bad(bits, k)
        out[i] = _short_value(key, bits, ranking)
    return bad != 0


# --- Omaha -------------------------------------------------------------------------------------

@kernel(inline="always")
def _ordered(a, b):
    return min(a, b), max(a, b)


@kernel(inline="always")
def _board_index(r0, r1, r2, r3, r4, n):
    """The colex index of the multiset of the first ``n`` (3, 4 or 5) of the ranks."""
    if n == 5:  # a five-input sorting network (nine exchanges)
        r0, r1 = _ordered(r0, r1)
        r3, r4 = _ordered(r3, r4)
        r2, r4 = _ordered(r2, r4)
        r2, r3 = _ordered(r2, r3)
        r0, r3 = _ordered(r0, r3)
        r0, r2 = _ordered(r0, r2)
        r1, r4 = _ordered(r1, r4)
        r1, r3 = _ordered(r1, r3)
        r1, r2 = _ordered(r1, r2)
        return COLEX[0, r0] + COLEX[1, r1] + COLEX[2, r2] + COLEX[3, r3] + COLEX[4, r4]
    r0, r1 = _ordered(r0, r1)
    if n == 4:
        r2, r3 = _ordered(r2, r3)
        r0, r2 = _ordered(r0, r2)
        r1, r3 = _ordered(r1, r3)
        r1, r2 = _ordered(r1, r2)
        return COLEX[0, r0] + COLEX[1, r1] + COLEX[2, r2] + COLEX[3, r3]
    r1, r2 = _ordered(r1, r2)
    r0, r1 = _ordered(r0, r1)
    return COLEX[0, r0] + COLEX[1, r1] + COLEX[2, r2]


@kernel(inline="always")
def _flush_pairs(best, hole_ranks, board_ranks):
    """``best`` raised to the best flush of two of the hole ranks with three board ranks of one
    suit (both 13-bit masks of that suit's ranks; the board's has 3 to 5 bits)."""
    row = FLUSH_INDEX[board_ranks]
    rest = hole_ranks
    while rest:
        lo = _trailing_zeros(rest)
        rest &= rest - _ONE
        other = rest
        while other:
            hi = _trailing_zeros(other)
            other &= other - _ONE
            best = max(best, OMAHA_FLUSH[row, hi * (hi - _ONE) // _TWO + lo])
    return best


@kernel(inline="always")
def _flush_shift(board_key):
    """The bit shift of the board's suit with three or more cards in suit-major card bits, or
    64 when no suit has three (the sum of the board's card keys holds 4-bit suit counts)."""
    three = ((board_key >> _SUIT_SHIFT) + _THREE_CHECK) & _TOP_BITS
    if three == 0:
        return np.uint64(64)
    return (_trailing_zeros(three) - _THREE) << _TWO


@kernel(inline="always")
def _row_bits(ids, i, n_hole, k):
    """Row ``i``'s hole and board card bits and the sum of its board cards' keys."""
    if n_hole == 4 and k == 9:  # unrolled for the common game
        c0, c1, c2, c3 = _card(ids[i, 0]), _card(ids[i, 1]), _card(ids[i, 2]), _card(ids[i, 3])
        b0, b1, b2, b3, b4 = _card(ids[i, 4]), _card(ids[i, 5]), _card(ids[i, 6]), _card(ids[i, 7]), _card(ids[i, 8])
        hole_bits = (CARD_BITS[c0] | CARD_BITS[c1]) | (CARD_BITS[c2] | CARD_BITS[c3])
        board_bits = ((CARD_BITS[b0] | CARD_BITS[b1]) | (CARD_BITS[b2] | CARD_BITS[b3])) | CARD_BITS[b4]
        board_key = ((CARD_KEYS[b0] + CARD_KEYS[b1]) + (CARD_KEYS[b2] + CARD_KEYS[b3])) + CARD_KEYS[b4]
        return hole_bits, board_bits, board_key
    hole_bits = np.uint64(0)
    for j in range(n_hole):
        hole_bits |= CARD_BITS[_card(ids[i, j])]
    board_bits = np.uint64(0)
    board_key = np.uint64(0)
    for j in range(n_hole, k):
        card = _card(ids[i, j])
        board_bits |= CARD_BITS[card]
        board_key += CARD_KEYS[card]
    return hole_bits, board_bits, board_key


@kernel(inline="always")
def _board_base(ids, i, n_hole, k):
    """Where row ``i``'s board starts in its high table (the table of its board's size)."""
    n = k - n_hole
    r0 = RANK_OF[_card(ids[i, n_hole])]
    r1 = RANK_OF[_card(ids[i, n_hole + 1])]
    r2 = RANK_OF[_card(ids[i, n_hole + 2])]
    r3 = RANK_OF[_card(ids[i, min(n_hole + 3, k - 1)])]
    r4 = RANK_OF[_card(ids[i, k - 1])]
    return np.int64(_board_index(r0, r1, r2, r3, r4, n)) * 91


@kernel(inline="always")
def _hole_best(ids, i, n_hole, table, base, hole):
    """The best value of row ``i``'s hole pairs with its board (the board's row of a high table
    starts at ``base``), flushes aside."""
    if n_hole == 4:  # unrolled: the common game, measured 1.6x faster
        q0 = np.int64(RANK_OF[_card(ids[i, 0])]) * 13
        q1 = np.int64(RANK_OF[_card(ids[i, 1])]) * 13
        q2 = np.int64(RANK_OF[_card(ids[i, 2])])
        q3 = np.int64(RANK_OF[_card(ids[i, 3])])
        best = max(
            max(table[base + PAIR13[q0 + q1 // 13]], table[base + PAIR13[q0 + q2]]),
            max(table[base + PAIR13[q0 + q3]], table[base + PAIR13[q1 + q2]]),
        )
        return max(best, max(table[base + PAIR13[q1 + q3]], table[base + PAIR13[q2 * 13 + q3]]))
    for j in range(n_hole):
        hole[j] = _card(ids[i, j])
    best = 0
    for a in range(n_hole - 1):
        for b in range(a + 1, n_hole):
            best = max(best, table[base + PAIR_OF[hole[a], hole[b]]])
    return best


@kernel(inline="always")
def _omaha_block_rows(ids, out, table, n_hole, k):
    """``_omaha_rows`` with the row's shape given (inlined with constants for the common one)."""
    n_rows = ids.shape[0]
    bad = np.uint64(0)
    hole = np.zeros(6, dtype=np.uint64)
    bases = np.empty(_BLOCK, dtype=np.int64)
    for start in range(0, n_rows, _BLOCK):
        stop = min(start + _BLOCK, n_rows)
        for i in range(start, stop):
            base = _board_base(ids, i, n_hole, k)
            bases[i - start] = base
            for offset in range(0, 91, 32):
                _prefetch(table, base + offset)
            _prefetch(table, base + 90)
        for i in range(start, stop):
            hole_bits, board_bits, board_key = _row_bits(ids, i, n_hole, k)
            bad |= _row_is_bad(hole_bits | board_bits, k)
            best = _hole_best(ids, i, n_hole, table, bases[i - start], hole)
            shift = _flush_shift(board_key)
            if shift < 64:
                hole_ranks = (hole_bits >> shift) & _SUIT_RANKS
                if hole_ranks & (hole_ranks - _ONE):
                    best = _flush_pairs(best, hole_ranks, (board_bits >> shift) & _SUIT_RANKS)
            out[i] = best
    return bad != 0


@kernel(nogil=True)
def _omaha_rows(ids, n_hole, out, high_3, high_4, high_5):
    """Evaluate rows of ``n_hole`` hole cards then 3 to 5 board cards (Omaha high); the tables
    are ``OMAHA_HIGHS``. True when some row had a card twice or an id outside 0..51 (its value
    is then meaningless).

    A board's row of its high table holds every hole pair's value. The five-card table (1.1 MB)
    outgrows a core's fast cache: rows go in blocks, the block's board rows asked of the cache
    before the first is read. Rows with a full board run a copy compiled for their shape
    (measured three times faster than the general one).
    """
    k = ids.shape[1]
    if k == n_hole + 5:  # a full board: copies compiled for each shape
        if n_hole == 4:
            return _omaha_block_rows(ids, out, high_5, 4, 9)
        if n_hole == 5:
            return _omaha_block_rows(ids, out, high_5, 5, 10)
        return _omaha_block_rows(ids, out, high_5, 6, 11)
    n = k - n_hole
    return _omaha_block_rows(ids, out, high_5 if n == 5 else (high_4 if n == 4 else high_3), n_hole, k)


@kernel(nogil=True)
def _omaha_low_rows(ids, n_hole, out):
    """Eight-or-better low values (0: no low) of rows laid out as for ``_omaha_rows``."""
    n_rows, k = ids.shape
    bad = np.uint64(0)
    for i in range(n_rows):
        hole_bits, board_bits, board_key = _row_bits(ids, i, n_hole, k)
        bad |= _row_is_bad(hole_bits | board_bits, k)
        board_low = 0
        for j in range(n_hole, k):
            board_low |= LOW_BIT[_card(ids[i, j])]
        best = 0
        for a in range(n_hole - 1):
            low_a = LOW_BIT[_card(ids[i, a])]
            for b in range(a + 1, n_hole):
                best = max(best, LOW[low_a | LOW_BIT[_card(ids[i, b])], board_low])
        out[i] = best
    return bad != 0


@kernel(nogil=True)
def _game_rows(ids, out, game, lows, high_3, high_4, high_5):
    """Rows of the ``game``'s evaluator (the short decks', or Omaha's over the high tables
    ``OMAHA_HIGHS``); ``lows``: Omaha's eight-or-better low values instead of the high ones."""
    if game.evaluator == SHORT_DECK_EVALUATOR:
        return _short_rows(ids, out, game.ranking)
    if lows:
        return _omaha_low_rows(ids, game.hole_cards, out)
    return _omaha_rows(ids, game.hole_cards, out, high_3, high_4, high_5)
