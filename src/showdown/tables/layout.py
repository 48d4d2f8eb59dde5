"""The bit layout shared by the table generator, the loader and the kernels.

A hand key is ``KEY_INIT`` plus the sum of its cards' keys: rank keys in the low 32 bits, four
4-bit suit counters (starting at 3) in bits 32..47. ``key & FLUSH_CHECK`` is non-zero exactly
when five or more cards share a suit.

>>> hex(FLUSH_CHECK)
'0x888800000000'
"""

SUIT_SHIFT = 32
KEY_INIT = 0x3333 << SUIT_SHIFT
FLUSH_CHECK = 0x8888 << SUIT_SHIFT
RANK_MASK = (1 << SUIT_SHIFT) - 1
CATEGORY_SHIFT = 12
# Rows of 1024 sums give the smallest pair of hash tables (offsets + values, about 380 KB) of
# the row sizes 2**6 .. 2**15.
ROW_SHIFT = 10
MAX_CARDS = 7
