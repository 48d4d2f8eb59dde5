"""Eight-or-better low hands, the low half of Omaha hi-lo.

A low is five cards of distinct ranks 8 or lower, aces low; straights and flushes do not count
against it. In Omaha it is made of exactly two hole cards and three board cards, as the high
hand is. The best low has the lowest highest card, then the lowest next one, and so on: the
wheel (5-4-3-2-A) is the best. ``LowRank.value`` is higher for a better low, as every value in
showdown; no qualifying low is ``None`` (0 in bulk).

>>> low = evaluate_low("Ac 2d Kc Kd", "4h 5h 6h 9h Th")
>>> low.description, low > evaluate_low("Ac 3d Kc Kd", "4h 5h 6h 9h Th")
('6-5-4-2-A low', True)
>>> evaluate_low("Ac 2d Kc Kd", "9h Th Jh 4h 5h") is None
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Optional

from showdown.cards import Card, CardsLike
from showdown.evaluation import low_game, omaha_cards
from showdown.games import GameLike

_LOW_BIT = {12: 0, 0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7}  # rank id (A, 2 .. 8) -> low bit
_LOW_NAMES = "A2345678"
LOW_VALUES = 255  # a low's value is 255 minus the bits of its five ranks


def low_value(cards: tuple[Card, ...]) -> int:
    """The low value of five cards, or 0 when they make no eight-or-better low.

    >>> low_value(tuple(Card(text) for text in "8s 6d 4c 2h Ah".split()))
    84
    """
    bits = 0
    for card in cards:
        bit = _LOW_BIT.get(card.rank)
        if bit is None or bits >> bit & 1:
            return 0
        bits |= 1 << bit
    return LOW_VALUES - bits


@dataclass(frozen=True, eq=False)
class LowRank:
    """A qualifying low: its value (higher is better), all the cards, and the five that make it.

    Compares and hashes by value, so two lows tie exactly when their values are equal.
    """

    value: int
    cards: tuple[Card, ...]
    best_five: tuple[Card, ...]

    @property
    def ranks(self) -> str:
        """The low's ranks, highest first, e.g. ``'8-6-4-2-A'``."""
        bits = LOW_VALUES - self.value
        return "-".join(_LOW_NAMES[bit] for bit in range(7, -1, -1) if bits >> bit & 1)

    @property
    def description(self) -> str:
        """The low in words, e.g. ``'8-6-4-2-A low'``."""
        return f"{self.ranks} low"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: value, description, cards and best five.

        >>> evaluate_low("As 3d Kc Kd", "4h 5h 6h 9h Th").to_dict()["description"]
        '6-5-4-3-A low'
        """
        return {
            "value": self.value,
            "description": self.description,
            "cards": [str(card) for card in self.cards],
            "best_five": [str(card) for card in self.best_five],
        }

    def __eq__(self, other: Any) -> bool:
        return self.value == other.value if isinstance(other, LowRank) else NotImplemented

    def __lt__(self, other: Any) -> bool:
        return self.value < other.value if isinstance(other, LowRank) else NotImplemented

    def __le__(self, other: Any) -> bool:
        return self.value <= other.value if isinstance(other, LowRank) else NotImplemented

    def __gt__(self, other: Any) -> bool:
        return self.value > other.value if isinstance(other, LowRank) else NotImplemented

    def __ge__(self, other: Any) -> bool:
        return self.value >= other.value if isinstance(other, LowRank) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __str__(self) -> str:
        return self.description


def evaluate_low(
    cards: CardsLike, board: Optional[CardsLike] = None, *, game: GameLike = "omaha-hilo"
) -> Optional[LowRank]:
    """The best eight-or-better low of exactly two of the hole ``cards`` and three of the 3 to 5
    ``board`` cards, or None when none qualifies.

    >>> evaluate_low("Ah 2h Qs Qd", "3c 4d 5s Ks Kh").description
    '5-4-3-2-A low'
    >>> str(evaluate_low("Ah 3h Qs Qd", "2c 7d 8s Ks Kh"))
    '8-7-3-2-A low'

    Raises:
        GameError: an unknown game, or one without a low half.
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card appears twice, in the hand or in the hand and on the board.
        HandSizeError: not the game's number of hole cards, or not 3 to 5 board cards.
    """
    rules = low_game(game)
    hole, board_cards = omaha_cards(cards, board, rules)
    best, best_five = 0, hole[:0]
    for pair in itertools.combinations(hole, 2):
        for triple in itertools.combinations(board_cards, 3):
            value = low_value(pair + triple)
            if value > best:
                best, best_five = value, pair + triple
    if not best:
        return None
    ordered: tuple[Card, ...] = tuple(sorted(best_five, key=lambda card: -_LOW_BIT[card.rank]))
    return LowRank(best, hole + board_cards, ordered)
