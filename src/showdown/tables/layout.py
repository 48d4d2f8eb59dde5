"""The layout constants the table generator, the kernels, the C extension and the Python API
share: one numba-free module, so that reading a constant never loads a kernel.

A hand key is ``KEY_INIT`` plus the sum of its cards' keys: rank keys in the low 32 bits, four
4-bit suit counters (starting at 3) in bits 32..47. ``key & FLUSH_CHECK`` is non-zero exactly
when five or more cards share a suit. A hand value is ``category << CATEGORY_SHIFT | ordinal``.

The equity kernels count, per player, in a row of ``N_COUNTS`` integers: ``WIN`` outright wins,
``TIE`` ties, ``TIED + n`` ties shared by ``n`` players (n = 2..10), ``WIN_CATEGORY + c``
outright wins with a hand of category ``c`` and ``TIE_SHARE_CATEGORY + c`` the player's shares
of ties won with category ``c``, in units of 1/``TIE_SHARE_UNIT`` of a case (in short deck
``c`` is the category's place in the game's order). Hi-lo games also count ``HIGH_SHARE`` and
``LOW_SHARE``, the player's shares of the high and the low half (units of 1/``TIE_SHARE_UNIT``;
no share of the low when no low qualifies), ``POT_SHARE`` the share of the whole pot and
``POT_SQUARE`` its square (units of 1/``POT_UNIT`` and its square), ``SCOOP`` the cases
the player took the whole pot alone, and ``POT_CATEGORY + c`` the player's share of the pot
(units of 1/``POT_UNIT``) in the cases their high hand was of category ``c``.

A game reaches the kernels as one :class:`GameRules` value, built once per game in
:mod:`showdown.games`.

>>> hex(FLUSH_CHECK), N_COUNTS
('0x888800000000', 45)
"""

from typing import NamedTuple

SUIT_SHIFT = 32
KEY_INIT = 0x3333 << SUIT_SHIFT
FLUSH_CHECK = 0x8888 << SUIT_SHIFT
RANK_MASK = (1 << SUIT_SHIFT) - 1
CATEGORY_SHIFT = 12
# Rows of 1024 sums give the smallest pair of hash tables (offsets + values, about 380 KB) of
# the row sizes 2**6 .. 2**15.
ROW_SHIFT = 10
MAX_CARDS = 7

N_CATEGORIES = 9
WIN, TIE, TIED, WIN_CATEGORY, TIE_SHARE_CATEGORY = 0, 1, 2, 13, 22
HIGH_SHARE, LOW_SHARE, POT_SHARE, POT_SQUARE, SCOOP, POT_CATEGORY, N_COUNTS = 31, 32, 33, 34, 35, 36, 45
TIE_SHARE_UNIT = 2520  # the least common multiple of 2..10: a tie of n players adds TIE_SHARE_UNIT // n
POT_UNIT = 2 * TIE_SHARE_UNIT  # a hi-lo pot in halves of ties

HOLDEM_EVALUATOR, SHORT_DECK_EVALUATOR, OMAHA_EVALUATOR = 0, 1, 2
"""How a game's hands are valued: any five of the cards by hold'em's tables or by the short
deck's, or Omaha's two hole cards with three board cards."""
SHORT_DECK_LOWEST_CARD = 16
"""The short deck's smallest card id, the six of clubs (a card's id is 4 x rank + suit): it has
no twos to fives."""


class GameRules(NamedTuple):
    """What a game's kernels are told, as one value (numba passes it by value, and its fields
    read like names). Built once per game by :class:`showdown.games.Game`.

    >>> GameRules(HOLDEM_EVALUATOR, 0, 0, 2, 0, 52).deck_size
    52
    """

    evaluator: int
    """:data:`HOLDEM_EVALUATOR`, :data:`SHORT_DECK_EVALUATOR` or :data:`OMAHA_EVALUATOR`."""
    ranking: int
    """The row of the evaluator's rank tables: 1 for the short deck that puts three of a kind
    over a straight, else 0."""
    low: int
    """1 when a pot has an eight-or-better low half, else 0."""
    hole_cards: int
    lowest_card: int
    """The deck's smallest card id: 0, or :data:`SHORT_DECK_LOWEST_CARD` in the short deck."""
    deck_size: int
