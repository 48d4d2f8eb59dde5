"""Final hand classes of video poker: one fine set that covers the pays of every table, and
the wild cards a game plays with.

>>> hand_class("Ah Ad As Ac 3c")
<HandClass.FOUR_ACES_2_4: 12>
>>> str(hand_class("Jh Jd 7s 5c 3c"))
'Jacks or Better'
>>> str(hand_class("2h Kd Ks Kc Kh", wild="deuces")), str(hand_class("Jk Ks Qs Js Ts", wild="joker"))
('Five of a Kind', 'Wild Royal Flush')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

import numpy as np

from showdown.cards import CardsLike, parse_cards
from showdown.errors import HandSizeError, PaytableError
from showdown.evaluation import Category, evaluate
from showdown.quantities import shown
from showdown.videopoker._counts import kernel


class HandClass(enum.IntEnum):
    """A five-card hand as video poker pays it. Classes 0 to 14 are those of games without a
    wild card, weakest first; 15 to 19 come with wild cards (each game's order, weakest first,
    is ``Wild.classes``).

    ``LOW_PAIR`` is a pair of 2s to 10s (in Joker Poker, a pair below kings). Four of a kind is
    split by rank and kicker so that bonus tables can pay each part: ``FOUR_ACES_2_4`` is four
    aces with a 2, 3 or 4 kicker, ``FOUR_2_4_ACE_TO_4`` four 2s, 3s or 4s with an ace, 2, 3 or 4
    kicker. With wild cards, ``FOUR_OF_A_KIND`` is any four of a kind and ``ROYAL_FLUSH`` the
    natural royal (no wild card in it).
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
    FOUR_OF_A_KIND = 15
    FIVE_OF_A_KIND = 16
    WILD_ROYAL_FLUSH = 17
    FOUR_DEUCES = 18
    KINGS_OR_BETTER = 19

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
    "Four of a Kind",
    "Five of a Kind",
    "Wild Royal Flush",
    "Four Deuces",
    "Kings or Better",
)
_SIMPLE = {
    Category.HIGH_CARD: HandClass.NOTHING,
    Category.TWO_PAIR: HandClass.TWO_PAIR,
    Category.THREE_OF_A_KIND: HandClass.THREE_OF_A_KIND,
    Category.STRAIGHT: HandClass.STRAIGHT,
    Category.FLUSH: HandClass.FLUSH,
    Category.FULL_HOUSE: HandClass.FULL_HOUSE,
}


_H = HandClass


@dataclass(frozen=True)
class Wild:
    """What is wild in a game: ``name`` (``'none'``, ``'deuces'`` or ``'joker'``), the deck
    (52 cards, or 53 with the joker), the final hand classes the game tells apart (weakest
    first) and those a pay table may leave unpaid.

    >>> WILDS["deuces"].deck_size, [str(hand) for hand in WILDS["deuces"].classes][-3:]
    (52, ['Wild Royal Flush', 'Four Deuces', 'Royal Flush'])
    """

    name: str
    title: str
    rule: int
    deck_size: int
    classes: tuple[HandClass, ...]
    optional: tuple[HandClass, ...]

    @property
    def cards_left(self) -> int:
        """The cards a draw comes from: the deck less the five dealt."""
        return self.deck_size - 5

    def strength(self, hand: HandClass) -> int:
        """The class's place in this game's order, 0 for the weakest."""
        return self.classes.index(hand)


WILDS: dict[str, Wild] = {
    "none": Wild("none", "no wild card", 0, 52, tuple(_H)[:15], (_H.NOTHING, _H.LOW_PAIR)),
    "deuces": Wild("deuces", "deuces wild", 1, 52, (
        _H.NOTHING, _H.THREE_OF_A_KIND, _H.STRAIGHT, _H.FLUSH, _H.FULL_HOUSE, _H.FOUR_OF_A_KIND,
        _H.STRAIGHT_FLUSH, _H.FIVE_OF_A_KIND, _H.WILD_ROYAL_FLUSH, _H.FOUR_DEUCES, _H.ROYAL_FLUSH), (_H.NOTHING,)),
    "joker": Wild("joker", "a joker, wild", 2, 53, (
        _H.NOTHING, _H.LOW_PAIR, _H.KINGS_OR_BETTER, _H.TWO_PAIR, _H.THREE_OF_A_KIND, _H.STRAIGHT, _H.FLUSH,
        _H.FULL_HOUSE, _H.FOUR_OF_A_KIND, _H.STRAIGHT_FLUSH, _H.WILD_ROYAL_FLUSH, _H.FIVE_OF_A_KIND,
        _H.ROYAL_FLUSH), (_H.NOTHING, _H.LOW_PAIR, _H.KINGS_OR_BETTER)),
}
"""The wild cards a game can play with, by name."""


def as_wild(wild: str | Wild) -> Wild:
    """A ``Wild`` from its name (``'none'``, ``'deuces'``, ``'joker'``)."""
    if isinstance(wild, Wild):
        return wild
    if isinstance(wild, str) and wild.strip().lower() in WILDS:
        return WILDS[wild.strip().lower()]
    raise PaytableError(f"unknown wild card {shown(wild)}: expected one of {', '.join(WILDS)}")


def hand_class(cards: CardsLike, wild: str | Wild = "none") -> HandClass:
    """The class of a five-card final hand; ``wild`` names the wild cards (``'deuces'``:
    the four 2s; ``'joker'``: the joker, ``Jk``).

    >>> hand_class("Ts Js Qs Ks As"), hand_class("2c 2d 2h 2s Ah"), hand_class("Tc Td 4s 5s 6s")
    (<HandClass.ROYAL_FLUSH: 14>, <HandClass.FOUR_2_4_ACE_TO_4: 10>, <HandClass.LOW_PAIR: 1>)
    >>> hand_class("2c 2d 2h 2s Ah", wild="deuces"), hand_class("Jk Qd Qh 5s 3c", wild="joker")
    (<HandClass.FOUR_DEUCES: 18>, <HandClass.THREE_OF_A_KIND: 4>)

    Raises:
        PaytableError: ``wild`` is not ``'none'``, ``'deuces'`` or ``'joker'``.
        CardParseError: a token is not a card (the joker only with ``wild='joker'``).
        DuplicateCardError: a card appears twice.
        HandSizeError: not 5 cards.
    """
    game = as_wild(wild)
    hand = parse_cards(cards, joker=game.name == "joker")
    if len(hand) != 5:
        raise HandSizeError(f"a video poker hand has 5 cards, got {len(hand)}")
    if game.name != "none":
        column = np.zeros(1, dtype=np.int64)
        kernel()._classify_rows(game.rule, np.array([[card.id for card in hand]], dtype=np.int64), column)
        return game.classes[column[0]]
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
