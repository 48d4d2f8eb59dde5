"""Hand evaluation kernels over the additive key tables (see :mod:`showdown.tables.evaluator`).

The tables are module globals, so numba freezes them into the compiled code (and its cache);
:func:`showdown._kernels.kernel` keys the cache directory by the tables' fingerprint and these
sources, so a cache built for other tables or other kernels is never loaded.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.bits import _popcount, _trailing_zeros
from showdown.tables import load
from showdown.tables.layout import FLUSH_CHECK, KEY_INIT, RANK_MASK, ROW_SHIFT, SUIT_SHIFT

_TABLES = load()
assert _TABLES.row_shift == ROW_SHIFT

# Card tables indexed by any byte; ids 52..255 are poison entries with no key and no bit.
# CARD_KEYS: the additive key of each card. CARD_BITS: the card's bit in a suit-major mask
# (bit 16 * suit + rank), so that OR-ing a hand's bits gives each suit's rank mask, and k
# distinct valid cards set exactly k bits: a repeated card or a poison id sets fewer.
CARD_KEYS = np.zeros(256, dtype=np.uint64)
CARD_KEYS[:52] = _TABLES.card_keys
CARD_BITS = np.zeros(256, dtype=np.uint64)
CARD_BITS[:52] = [1 << (16 * (card & 3) + (card >> 2)) for card in range(52)]
# A row with a repeated card can sum to a rank key no hand has (five aces): the offsets go on,
# for the rows past the last hand's, to the table's first 1024 entries, and the values get a
# tail as long as the last row's reach past them, so that no key reads out of bounds.
_ROWS = ((7 * (int(CARD_KEYS.max()) & RANK_MASK)) >> ROW_SHIFT) + 1
ROW_OFFSETS = np.concatenate([
    _TABLES.row_offsets.astype(np.int64),
    -(np.arange(len(_TABLES.row_offsets), max(_ROWS, len(_TABLES.row_offsets)), dtype=np.int64) << ROW_SHIFT),
]).astype(np.int32)
_REACH = int(((np.arange(len(ROW_OFFSETS), dtype=np.int64) << ROW_SHIFT) + ROW_OFFSETS).max()) + (1 << ROW_SHIFT)
RANK_VALUES = np.concatenate([_TABLES.rank_values,
                              np.zeros(max(0, _REACH - len(_TABLES.rank_values)), _TABLES.rank_values.dtype)])
FLUSH_VALUES = _TABLES.flush_values

_KEY_INIT = np.uint64(KEY_INIT)
_FLUSH_CHECK = np.uint64(FLUSH_CHECK)
_RANK_MASK = np.uint64(RANK_MASK)
_ROW_SHIFT = np.uint64(ROW_SHIFT)
_LOW_BYTE = np.uint64(255)
_SUIT_RANKS = np.uint64(0x1FFF)
_FIRST_CHECK_BIT = np.uint64(SUIT_SHIFT + 3)


@kernel(inline="always")
def _card(value):
    """A card id as a table index: ids above 255 (or negative) become the poison index 255."""
    return min(np.uint64(value), _LOW_BYTE)


@kernel(inline="always")
def _rank_value(key):
    """The value of a hand that holds no flush, from its key."""
    ranks = key & _RANK_MASK
    return RANK_VALUES[ranks + np.uint64(ROW_OFFSETS[ranks >> _ROW_SHIFT])]


@kernel(inline="always")
def _hand_value(key, bits):
    """The value of a hand from its key and its suit-major card bits (no branch: measured
    faster than branching on the 3% of random 7-card hands that are flushes)."""
    rank_value = _rank_value(key)
    flushed = key & _FLUSH_CHECK
    suit_shift = (_trailing_zeros(flushed) - _FIRST_CHECK_BIT) << np.uint64(2)
    flush_value = FLUSH_VALUES[(bits >> (suit_shift & np.uint64(63))) & _SUIT_RANKS]
    return flush_value if flushed else rank_value


@kernel(inline="always")
def _row_is_bad(bits, n_cards):
    """Non-zero when a row had a repeated card or an id outside 0..51."""
    return _popcount(bits) ^ np.uint64(n_cards)


@kernel(nogil=True)
def _evaluate_rows(ids, out):
    """Evaluate each row of card ids into ``out``; True when some row was invalid.

    A row is invalid when an id is outside 0..51 or a card repeats; its value is then
    meaningless and the caller reports the first such row.
    """
    n, k = ids.shape
    bad = np.uint64(0)
    for i in range(n):
        key = _KEY_INIT
        bits = np.uint64(0)
        for j in range(k):
            card = _card(ids[i, j])
            key += CARD_KEYS[card]
            bits |= CARD_BITS[card]
        bad |= _row_is_bad(bits, k)
        out[i] = _hand_value(key, bits)
    return bad != 0


@kernel(inline="always")
def _key_and_bits_7(ids, i):
    """Key and suit-major bits of row ``i`` of a seven-card id array."""
    c0, c1, c2, c3 = _card(ids[i, 0]), _card(ids[i, 1]), _card(ids[i, 2]), _card(ids[i, 3])
    c4, c5, c6 = _card(ids[i, 4]), _card(ids[i, 5]), _card(ids[i, 6])
    key = (_KEY_INIT + CARD_KEYS[c0]) + (CARD_KEYS[c1] + CARD_KEYS[c2])
    key += (CARD_KEYS[c3] + CARD_KEYS[c4]) + (CARD_KEYS[c5] + CARD_KEYS[c6])
    bits = (CARD_BITS[c0] | CARD_BITS[c1]) | (CARD_BITS[c2] | CARD_BITS[c3])
    bits |= (CARD_BITS[c4] | CARD_BITS[c5]) | CARD_BITS[c6]
    return key, bits


@kernel(nogil=True)
def _evaluate_rows_7(ids, out):
    """``_evaluate_rows`` for seven cards, two rows per step (measured a few % faster)."""
    bad = np.uint64(0)
    n = ids.shape[0]
    for pair in range(n // 2):
        i = 2 * pair
        key_a, bits_a = _key_and_bits_7(ids, i)
        key_b, bits_b = _key_and_bits_7(ids, i + 1)
        bad |= _row_is_bad(bits_a, 7) | _row_is_bad(bits_b, 7)
        out[i] = _hand_value(key_a, bits_a)
        out[i + 1] = _hand_value(key_b, bits_b)
    if n % 2:
        key, bits = _key_and_bits_7(ids, n - 1)
        bad |= _row_is_bad(bits, 7)
        out[n - 1] = _hand_value(key, bits)
    return bad != 0


@kernel(nogil=True)
def _evaluate_rows_unchecked(ids, out):
    """``_evaluate_rows`` for trusted rows: no duplicate check, flushes valued on a branch.

    Ids outside 0..51 still only read the poison table entries (no memory is read out of
    bounds), but a bad row's value is meaningless. Returns False (nothing was checked).
    """
    n, k = ids.shape
    for i in range(n):
        key = _KEY_INIT
        for j in range(k):
            key += CARD_KEYS[_card(ids[i, j])]
        if key & _FLUSH_CHECK:
            bits = np.uint64(0)
            for j in range(k):
                bits |= CARD_BITS[_card(ids[i, j])]
            out[i] = _hand_value(key, bits)
        else:
            out[i] = _rank_value(key)
    return False


@kernel(nogil=True)
def _evaluate_rows_7_unchecked(ids, out):
    """``_evaluate_rows_unchecked`` unrolled for seven cards."""
    for i in range(ids.shape[0]):
        c0, c1, c2, c3 = _card(ids[i, 0]), _card(ids[i, 1]), _card(ids[i, 2]), _card(ids[i, 3])
        c4, c5, c6 = _card(ids[i, 4]), _card(ids[i, 5]), _card(ids[i, 6])
        key = (_KEY_INIT + CARD_KEYS[c0]) + (CARD_KEYS[c1] + CARD_KEYS[c2])
        key += (CARD_KEYS[c3] + CARD_KEYS[c4]) + (CARD_KEYS[c5] + CARD_KEYS[c6])
        if key & _FLUSH_CHECK:
            bits = (CARD_BITS[c0] | CARD_BITS[c1]) | (CARD_BITS[c2] | CARD_BITS[c3])
            bits |= (CARD_BITS[c4] | CARD_BITS[c5]) | CARD_BITS[c6]
            out[i] = _hand_value(key, bits)
        else:
            out[i] = _rank_value(key)
    return False


@kernel(nogil=True)
def _evaluate_rows_any(ids, out, check):
    """The right serial kernel for the row length and ``check``."""
    if ids.shape[1] == 7:
        return _evaluate_rows_7(ids, out) if check else _evaluate_rows_7_unchecked(ids, out)
    return _evaluate_rows(ids, out) if check else _evaluate_rows_unchecked(ids, out)


@kernel(nogil=True)
def _value_histogram_7():
    """Count every 7-card hand by value: ``counts[value]`` over all C(52, 7) hands.

    Cards are added one at a time to running keys and bits; when the first six cards hold no
    four of a suit, the seventh cannot make a flush and only the rank table is read. Card
    indices are unsigned so that numba adds no negative-index wraparound to the loops.
    """
    counts = np.zeros(9 << 12, dtype=np.uint32)
    four_check = np.uint64(0x1111 << SUIT_SHIFT)
    one = np.uint64(1)
    for a in range(np.uint64(46)):
        ka, ba = _KEY_INIT + CARD_KEYS[a], CARD_BITS[a]
        for b in range(a + one, np.uint64(47)):
            kb, bb = ka + CARD_KEYS[b], ba | CARD_BITS[b]
            for c in range(b + one, np.uint64(48)):
                kc, bc = kb + CARD_KEYS[c], bb | CARD_BITS[c]
                for d in range(c + one, np.uint64(49)):
                    kd, bd = kc + CARD_KEYS[d], bc | CARD_BITS[d]
                    for e in range(d + one, np.uint64(50)):
                        ke, be = kd + CARD_KEYS[e], bd | CARD_BITS[e]
                        for f in range(e + one, np.uint64(51)):
                            kf, bf = ke + CARD_KEYS[f], be | CARD_BITS[f]
                            if (kf + four_check) & _FLUSH_CHECK:
                                for g in range(f + one, np.uint64(52)):
                                    counts[_hand_value(kf + CARD_KEYS[g], bf | CARD_BITS[g])] += 1
                            else:
                                for g in range(f + one, np.uint64(52)):
                                    counts[_rank_value(kf + CARD_KEYS[g])] += 1
    return counts


@kernel(nogil=True)
def _value_histogram(n_cards):
    """Count every ``n_cards``-card hand (1..7) by value, walking combinations in order."""
    counts = np.zeros(9 << 12, dtype=np.int64)
    idx = np.arange(n_cards)
    while True:
        key = _KEY_INIT
        bits = np.uint64(0)
        for j in range(n_cards):
            key += CARD_KEYS[idx[j]]
            bits |= CARD_BITS[idx[j]]
        counts[_hand_value(key, bits)] += 1
        j = n_cards - 1
        while j >= 0 and idx[j] == 52 - n_cards + j:
            j -= 1
        if j < 0:
            return counts
        idx[j] += 1
        for t in range(j + 1, n_cards):
            idx[t] = idx[t - 1] + 1
