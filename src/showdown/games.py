"""The games showdown plays: one :class:`Game` description per name in :data:`GAMES`.

A game sets the deck, the number of hole cards, how hole and board cards combine (any five, or
Omaha's exactly two hole and three board cards), the ranking (short deck's flush over full house,
and the variant with three of a kind over a straight) and whether a pot has a low half (eight or
better). Every capability takes ``game=`` (a name or a :class:`Game`) and never changes shape.

>>> GAMES["omaha-hilo"].hole_cards, GAMES["omaha-hilo"].low
(4, True)
>>> list(GAMES)
['holdem', 'short-deck', 'short-deck-trips', 'omaha', 'omaha5', 'omaha6', 'omaha-hilo', 'omaha5-hilo']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Union

from showdown.cards import CARDS, Card
from showdown.errors import GameError
from showdown.quantities import shown, whole_number
from showdown.tables.layout import (
    CATEGORY_SHIFT,
    HOLDEM_EVALUATOR,
    OMAHA_EVALUATOR,
    SHORT_DECK_EVALUATOR,
    SHORT_DECK_LOWEST_CARD,
    GameRules,
)

_STANDARD_PLACES = tuple(range(9))
# The place of each category (HIGH_CARD .. STRAIGHT_FLUSH) in short deck's order: a flush is
# above a full house and, in the variant, three of a kind above a straight.
_SHORT_DECK_PLACES = (0, 1, 2, 3, 4, 6, 5, 7, 8)
_SHORT_DECK_TRIPS_PLACES = (0, 1, 2, 4, 3, 6, 5, 7, 8)


@dataclass(frozen=True)
class Game:
    """What a game changes: deck, hole cards, how they combine with the board, ranking, low.

    >>> GAMES["short-deck"].deck_size, GAMES["short-deck"].title
    (36, 'Short deck (6+)')
    """

    name: str
    title: str
    hole_cards: int
    omaha: bool = False
    low: bool = False
    short_deck: bool = False
    trips_over_straight: bool = False
    places: tuple[int, ...] = field(default=_STANDARD_PLACES, repr=False)
    rules: GameRules = field(init=False, repr=False, compare=False)
    """What the kernels are told of the game, as one value (see
    :class:`showdown.tables.layout.GameRules`), built here from the fields above."""

    def __post_init__(self) -> None:
        for problem, wrong in (
            ("an Omaha game has 4 to 6 hole cards", self.omaha and not 4 <= self.hole_cards <= 6),
            ("a game of any five cards has 2 hole cards", not self.omaha and self.hole_cards != 2),
            ("a low half is played in Omaha games only", self.low and not self.omaha),
            ("Omaha is played with the whole deck", self.omaha and self.short_deck),
            ("trips_over_straight is a short deck ranking", self.trips_over_straight and not self.short_deck),
        ):
            if wrong:
                raise GameError(f"game {shown(self.name)}: {problem} (the kernels have no other)")
        evaluator = OMAHA_EVALUATOR if self.omaha else SHORT_DECK_EVALUATOR if self.short_deck else HOLDEM_EVALUATOR
        lowest = self.deck[0].id
        object.__setattr__(self, "rules", GameRules(evaluator, int(self.trips_over_straight), int(self.low),
                                                    self.hole_cards, lowest, 52 - lowest))

    @property
    def evaluator(self) -> int:
        """How hands are valued: ``HOLDEM_EVALUATOR``, ``SHORT_DECK_EVALUATOR`` or
        ``OMAHA_EVALUATOR`` (from :mod:`showdown.tables.layout`).

        >>> GAMES["omaha5"].evaluator == OMAHA_EVALUATOR
        True
        """
        return self.rules.evaluator

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the game's deck, in id order."""
        return CARDS[SHORT_DECK_LOWEST_CARD:] if self.short_deck else CARDS

    @property
    def deck_size(self) -> int:
        """52, or 36 for short deck."""
        return self.rules.deck_size

    @property
    def lowest_card_id(self) -> int:
        """The smallest card id in the deck (the six of clubs' in short deck)."""
        return self.rules.lowest_card

    @property
    def board_sizes(self) -> tuple[int, ...]:
        """How many board cards a hand can be shown with: Omaha needs three of them."""
        return (3, 4, 5) if self.omaha else (0, 3, 4, 5)

    @property
    def hand_sizes(self) -> str:
        """How many cards a hand has with the board, in words, for messages."""
        if self.omaha:
            return f"{self.hole_cards} hole cards and 3 to 5 board cards"
        return "5 to 7 cards with the board"

    def category_number(self, value: int) -> int:
        """The category (hold'em numbering: 0 high card .. 8 straight flush) of a value.

        >>> GAMES["short-deck"].category_number(6 << 12)  # a flush sits in place 6
        5
        >>> GAMES["holdem"].category_number(-1)
        Traceback (most recent call last):
        showdown.errors.GameError: a hand value must be at least 0, got -1
        """
        number = whole_number(value, "a hand value", low=0, high=(len(self.places) << CATEGORY_SHIFT) - 1,
                              error=GameError)
        return self.places.index(number >> CATEGORY_SHIFT)

    def place(self, category: int) -> int:
        """Where a category (hold'em numbering: 0 high card .. 8 straight flush) sits in this
        game's order (``value >> 12``).

        >>> GAMES["short-deck"].place(5)  # the flush, above the full house
        6
        >>> GAMES["holdem"].place("flush")
        Traceback (most recent call last):
        showdown.errors.GameError: a category must be a whole number, got 'flush'
        """
        return self.places[whole_number(category, "a category", low=0, high=len(self.places) - 1, error=GameError)]

    def card_in_deck(self, card: Card) -> bool:
        """Whether the card belongs to the game's deck."""
        return card.id >= self.lowest_card_id

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the game's rules.

        >>> GAMES["omaha5-hilo"].to_dict()["hole_cards"]
        5
        """
        return {
            "name": self.name,
            "title": self.title,
            "hole_cards": self.hole_cards,
            "deck_size": self.deck_size,
            "lowest_card_id": self.lowest_card_id,
            "omaha": self.omaha,
            "low": self.low,
            "short_deck": self.short_deck,
            "trips_over_straight": self.trips_over_straight,
            "board_sizes": list(self.board_sizes),
        }

    def __str__(self) -> str:
        return self.title


def _games() -> dict[str, Game]:
    games = [
        Game("holdem", "Texas Hold'em", 2),
        Game("short-deck", "Short deck (6+)", 2, short_deck=True, places=_SHORT_DECK_PLACES),
        Game(
            "short-deck-trips", "Short deck (6+), three of a kind beats a straight", 2, short_deck=True,
            trips_over_straight=True, places=_SHORT_DECK_TRIPS_PLACES,
        ),
        Game("omaha", "Omaha", 4, omaha=True),
        Game("omaha5", "Five-card Omaha", 5, omaha=True),
        Game("omaha6", "Six-card Omaha", 6, omaha=True),
        Game("omaha-hilo", "Omaha hi-lo (eight or better)", 4, omaha=True, low=True),
        Game("omaha5-hilo", "Five-card Omaha hi-lo (eight or better)", 5, omaha=True, low=True),
    ]
    return {game.name: game for game in games}


GAMES: Mapping[str, Game] = MappingProxyType(_games())
"""Every game by name; ``"holdem"`` is the default everywhere."""

GameLike = Union[str, Game]


def resolve_game(game: GameLike) -> Game:
    """The :class:`Game` for a name (case and spaces aside) or a Game; an unknown name is an
    error that lists the games.

    >>> resolve_game("Omaha").hole_cards
    4
    >>> resolve_game("razz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    showdown.errors.GameError: unknown game 'razz'; the games are holdem, short-deck, ..., omaha5-hilo
    """
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise GameError(f"a game is a name such as 'omaha', got {type(game).__name__}")
    key = game.strip().lower().replace("_", "-").replace(" ", "-")
    if key in GAMES:
        return GAMES[key]
    raise GameError(f"unknown game {shown(game)}; the games are {', '.join(GAMES)}")


def check_in_deck(cards: Iterable[Card], game: Game, where: str = "") -> None:
    """Refuse a card that is not in the game's deck (the short deck has no 2 to 5); ``where``
    says where the card was.

    >>> check_in_deck([Card("5h")], GAMES["short-deck"], " on the board")
    Traceback (most recent call last):
    showdown.errors.GameError: card 5h on the board is not in the short deck, which has the 6 to the A of each suit
    """
    for card in cards:
        if not game.card_in_deck(card):
            raise GameError(f"card {card}{where} is not in the short deck, which has the 6 to the A of each suit")
