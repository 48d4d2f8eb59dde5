"""Final hand classes of video poker: one fine set that covers the pays of every table.

>>> hand_class("Ah Ad As Ac 3c")
<HandClass.FOUR_ACES_2_4: 12>
>>> str(hand_class("Jh Jd 7s 5c 3c"))
'Jacks or Better'
"""

from __future__ import annotations

import enum
from typing import Any

from showdown.cards import CardsLike, parse_cards
from showdown.errors import HandSizeError
from showdown.evaluation import Category, evaluate


class HandClass(enum.IntEnum):
    """A five-card hand as video poker pays it, weakest first.

    ``LOW_PAIR`` is a pair of 2s to 10s. Four of a kind is split by rank and kicker so that
    bonus tables can pay each part: ``FOUR_ACES_2_4`` is four aces with a 2, 3 or 4 kicker,
    ``FOUR_2_4_ACE_TO_4`` four 2s, 3s or 4s with an ace, 2, 3 or 4 kicker.
    """

    NOTHING = 0
    LOW_PAIR = 1
    JACKS_OR_BETTER = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_5_K = 8
    FOUR_2_4 = 9
    FOUR_2_4_ACE_TO_4 = 10
    FOUR_ACES = 11
    FOUR_ACES_2_4 = 12
    STRAIGHT_FLUSH = 13
    ROYAL_FLUSH = 14

    def __str__(self) -> str:
        return _NAMES[self]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a final hand class: its number and its name side by side.

        >>> HandClass.FOUR_ACES.to_dict()
        {'hand_class': 11, 'hand_class_name': 'Four Aces'}
        """
        return {"hand_class": int(self), "hand_class_name": _NAMES[self]}


_NAMES = (
    "Nothing",
    "Low Pair",
    "Jacks or Better",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four 5s-Ks",
    "Four 2s-4s",
    "Four 2s-4s with an A-4 kicker",
    "Four Aces",
    "Four Aces with a 2-4 kicker",
    "Straight Flush",
    "Royal Flush",
)
_SIMPLE = {
    Category.HIGH_CARD: HandClass.NOTHING,
    Category.TWO_PAIR: HandClass.TWO_PAIR,
    Category.THREE_OF_A_KIND: HandClass.THREE_OF_A_KIND,
    Category.STRAIGHT: HandClass.STRAIGHT,
    Category.FLUSH: HandClass.FLUSH,
    Category.FULL_HOUSE: HandClass.FULL_HOUSE,
}


def hand_class(cards: CardsLike) -> HandClass:
    """The class of a five-card final hand.

    >>> hand_class("Ts Js Qs Ks As"), hand_class("2c 2d 2h 2s Ah"), hand_class("Tc Td 4s 5s 6s")
    (<HandClass.ROYAL_FLUSH: 14>, <HandClass.FOUR_2_4_ACE_TO_4: 10>, <HandClass.LOW_PAIR: 1>)
    """
    hand = parse_cards(cards)
    if len(hand) != 5:
        raise HandSizeError(f"a video poker hand has 5 cards, got {len(hand)}")
    rank = evaluate(hand)
    category = rank.category
    if category in _SIMPLE:
        return _SIMPLE[category]
    top = rank.best_five[0].rank  # grouped by multiplicity: the pair's or the quads' rank
    if category == Category.ONE_PAIR:
        return HandClass.JACKS_OR_BETTER if top >= 9 else HandClass.LOW_PAIR
    if category == Category.STRAIGHT_FLUSH:
        return HandClass.ROYAL_FLUSH if top == 12 and rank.best_five[1].rank == 11 else HandClass.STRAIGHT_FLUSH
    kicker = rank.best_five[4].rank
    if top == 12:
        return HandClass.FOUR_ACES_2_4 if kicker <= 2 else HandClass.FOUR_ACES
    if top <= 2:
        return HandClass.FOUR_2_4_ACE_TO_4 if kicker <= 2 or kicker == 12 else HandClass.FOUR_2_4
    return HandClass.FOUR_5_K
