"""Hand evaluation: one hand at a time (:func:`evaluate`) or NumPy arrays of them in bulk.

A hand value is an int where higher is better and ``value >> 12`` is the :class:`Category`; two
hands tie exactly when their values are equal. Hands of 1 to 4 cards are partial hands (high
card, pairs, trips, quads), valued below every complete hand that shares their cards.

>>> hand = evaluate("Kh Kd Ks 9c 9h 2d 3c")
>>> hand.description
'Full House, Kings full of Nines'
>>> hand > evaluate("Ah Ad As Kc Qd 2d 3c")
True
"""

from __future__ import annotations

import enum
import functools
import importlib
import itertools
import operator
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Optional, TypeVar

import numpy as np

from showdown.cards import CARDS, Card, CardsLike, parse_board, parse_cards
from showdown.errors import CardParseError, DuplicateCardError, GameError, HandSizeError, ShowdownError
from showdown.games import GAMES, Game, GameLike, check_in_deck, resolve_game
from showdown.quantities import brief_repr, flag, whole_number
from showdown.tables import load, load_games
from showdown.tables.layout import (
    CATEGORY_SHIFT,
    FLUSH_CHECK,
    HOLDEM_EVALUATOR,
    KEY_INIT,
    RANK_MASK,
    ROW_SHIFT,
    SUIT_SHIFT,
)

PURE_PYTHON_VARIABLE = "SHOWDOWN_PURE_PYTHON"
"""Set this environment variable to 1 before the import to use the pure-Python single-hand path
even where the C extension is built (the results are the same; the C path is about 24 times
faster per call from text and 15 times from parsed cards)."""


def _c_extension() -> Any:
    """The C extension ``showdown._single``, or None when it is not built or not wanted."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "").strip() not in ("", "0"):
        return None
    try:  # an optional compiled module, so imported by name
        return importlib.import_module("showdown._single")
    except ImportError:  # built without a C compiler
        return None


_single = _c_extension()

_Function = TypeVar("_Function", bound=Callable[..., Any])


def _c_entry(gives: str) -> Callable[[_Function], _Function]:
    """Put the C extension's entry in front of a single-hand function shaped as :func:`evaluate`
    (``gives``: ``"rank"`` for a :class:`HandRank`, ``"value"`` for the int). A call with the
    cards alone (or ``board=None``, ``game="holdem"``) of plain text or Cards is answered in C,
    without a Python frame; every other call and every input the C path cannot answer runs the
    function itself, which answers or raises the precise error. The entry carries the function's
    name, docstring and signature (``__wrapped__``), binds as a method as functions do and
    pickles by reference. On the pure-Python path the function is returned as it is."""

    def wrap(function: _Function) -> _Function:
        if _single is None:
            return function
        entry: _Function = functools.update_wrapper(_single.Entry(function, gives), function)  # type: ignore[assignment]
        return entry

    return wrap


class _PythonRankBase:
    """A hand value and its cards, compared and hashed by value: the pure-Python twin of
    ``showdown._single.RankBase``, with the same construction, read-only attributes, ordering,
    hashing and errors (a test runs both through the same checks)."""

    __slots__ = ("value", "cards", "_best_five")
    value: int
    cards: tuple[Any, ...]

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        given = len(args) + len(kwargs)
        if given > 2:
            raise TypeError(f"function takes at most 2 arguments ({given} given)")
        values = list(args)
        for position, name in enumerate(("value", "cards")[len(args):], start=len(args) + 1):
            if name not in kwargs:
                raise TypeError(f"function missing required argument '{name}' (pos {position})")
            values.append(kwargs.pop(name))
        if kwargs:
            raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword argument for this function")
        number, cards = operator.index(values[0]), values[1]
        if not -(1 << 63) <= number < 1 << 63:
            raise OverflowError("Python int too large to convert to C long")
        if not isinstance(cards, tuple):
            raise TypeError(f"argument 2 must be tuple, not {type(cards).__name__}")
        rank = object.__new__(cls)
        object.__setattr__(rank, "value", number)
        object.__setattr__(rank, "cards", cards)
        return rank

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("value", "cards"):
            raise AttributeError("readonly attribute")
        object.__setattr__(self, name, value)  # _best_five, or a subclass's own attributes

    def __delattr__(self, name: str) -> None:
        if name in ("value", "cards"):
            raise AttributeError("readonly attribute")
        object.__delattr__(self, name)

    def __eq__(self, other: Any) -> bool:
        return self.value == other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __ne__(self, other: Any) -> bool:
        return self.value != other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __lt__(self, other: Any) -> bool:
        return self.value < other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __le__(self, other: Any) -> bool:
        return self.value <= other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __gt__(self, other: Any) -> bool:
        return self.value > other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __ge__(self, other: Any) -> bool:
        return self.value >= other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)


_RankBase: Any = _PythonRankBase if _single is None else _single.RankBase


class Category(enum.IntEnum):
    """Hand categories, weakest first; ``str(Category.FULL_HOUSE) == 'Full House'``."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    def __str__(self) -> str:
        return _CATEGORY_NAMES[self]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a category, everywhere: its number and its name side by side.

        >>> Category.FULL_HOUSE.to_dict()
        {'category': 6, 'category_name': 'Full House'}
        """
        return {"category": int(self), "category_name": _CATEGORY_NAMES[self]}


_CATEGORY_NAMES = (
    "High Card",
    "One Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
)
_CATEGORIES = tuple(Category)

# --- the pure-Python path for single hands: the same tables as the kernels -------------------
_TABLES = load()
_OFFSETS: list[int] = _TABLES.row_offsets.tolist()
_RANK_VALUES: list[int] = _TABLES.rank_values.tolist()
_FLUSH_VALUES: list[int] = _TABLES.flush_values.tolist()
_CARD_BIT_SHIFT = 64
# Each card's key with its own bit above bit 64: a repeated card carries into another bit, so
# the hand holds distinct cards exactly when that part has one bit per card.
_KEY_OF: dict[Card, int] = {
    card: int(_TABLES.card_keys[card.id]) | 1 << (_CARD_BIT_SHIFT + card.id) for card in CARDS
}
_KEY_BITS = (1 << _CARD_BIT_SHIFT) - 1


def _flush_ranks(cards: Iterable[Card], key: int) -> int:
    """The rank mask of the suit that holds five or more of the cards (the key says which)."""
    counters = key >> SUIT_SHIFT
    suit = next(s for s in range(4) if counters >> (4 * s + 3) & 1)
    ranks = 0
    for card in cards:
        if card.suit == suit:
            ranks |= 1 << card.rank
    return ranks


def _value_of_key(
    key: int, cards: Iterable[Card], rank_values: list[int] = _RANK_VALUES, flush_values: list[int] = _FLUSH_VALUES
) -> int:
    """The value of a hand from its key (the card-bit part masked off) and its cards, with
    hold'em's values or another game's over the same keys."""
    if key & FLUSH_CHECK:
        return flush_values[_flush_ranks(cards, key)]
    ranks = key & RANK_MASK
    return rank_values[ranks + _OFFSETS[ranks >> ROW_SHIFT]]


def _value(cards: tuple[Card, ...]) -> int:
    """Value of 1..7 distinct parsed cards."""
    return _value_of_key((KEY_INIT + sum(_KEY_OF[card] for card in cards)) & _KEY_BITS, cards)


def _grouped(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by multiplicity, then rank, then suit, highest first."""
    cards = list(cards)
    count = {rank: sum(1 for c in cards if c.rank == rank) for rank in {c.rank for c in cards}}
    return sorted(cards, key=lambda c: (count[c.rank], c.rank, c.suit), reverse=True)


class HandRank(_RankBase):
    """The value of a hand, with its category, description and best five cards.

    ``HandRank(value, cards)``; ``.value`` (higher is better) and ``.cards`` are read-only.
    Compares and hashes by ``value`` only, so hands of equal strength are equal.

    >>> rank = evaluate("As Ad 4c 4h Qs 2d 3c")
    >>> rank.category, rank.description
    (<Category.TWO_PAIR: 2>, 'Two Pair, Aces and Fours, Queen kicker')
    >>> [str(card) for card in rank.best_five]
    ['As', 'Ad', '4h', '4c', 'Qs']

    Raises:
        ShowdownError: ``value`` is not a hand value (0 to 36863).
        TypeError: ``value`` is not an int, or ``cards`` is not a tuple.
    """

    __slots__ = ()
    value: int
    cards: tuple[Card, ...]

    def __new__(cls, value: Any, cards: Any) -> HandRank:
        rank = super().__new__(cls, value, cards)
        if not 0 <= rank.value < len(Category) << CATEGORY_SHIFT:
            raise ShowdownError(f"{rank.value} is not a hand value (0 to {(len(Category) << CATEGORY_SHIFT) - 1})")
        return rank  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandRank, (self.value, self.cards))

    @property
    def game(self) -> Game:
        """The game whose rules made this value (hold'em here; see :func:`evaluate`)."""
        return GAMES["holdem"]

    @property
    def category(self) -> Category:
        """The hand's category (``value >> 12`` in hold'em)."""
        return _CATEGORIES[self.value >> CATEGORY_SHIFT]

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The cards that make the hand (all of them below five cards), grouped by multiplicity
        then rank; a wheel reads 5 4 3 2 A."""
        try:
            return self._best_five  # type: ignore[has-type]
        except AttributeError:
            self._best_five = _best_five(self.cards, self.value)  # type: ignore[misc]
            return self._best_five

    @property
    def description(self) -> str:
        """The hand in words, e.g. ``'Full House, Kings full of Nines'``."""
        return describe(self.category, [card.rank for card in self.best_five])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: value, category (number and name), description, cards, best five.

        >>> evaluate("Ah Ad").to_dict()["category_name"]
        'One Pair'
        """
        return {
            "value": self.value,
            **self.category.to_dict(),
            "description": self.description,
            "cards": [str(card) for card in self.cards],
            "best_five": [str(card) for card in self.best_five],
        }

    def __str__(self) -> str:
        return self.description

    def __repr__(self) -> str:
        return f"HandRank(value={self.value}, {self.description!r})"


def _best_five(cards: tuple[Card, ...], value: int) -> tuple[Card, ...]:
    if len(cards) > 5:
        ordered = sorted(cards, reverse=True)
        cards = next(five for five in itertools.combinations(ordered, 5) if _value(five) == value)
    return _in_order(cards, _CATEGORIES[value >> CATEGORY_SHIFT], 3)


def _in_order(cards: Iterable[Card], category: Category, wheel_second: int) -> tuple[Card, ...]:
    """Cards grouped for reading; in a straight whose second card is ``wheel_second`` (the five,
    or short deck's nine) behind an ace, the ace plays low."""
    grouped = _grouped(cards)
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and grouped[0].rank == 12:
        if len(grouped) > 1 and grouped[1].rank == wheel_second:
            grouped = grouped[1:] + grouped[:1]
    return tuple(grouped)


def _words(ranks: list[int], singular: str) -> str:
    if not ranks:
        return ""
    names = "-".join(CARDS[4 * rank].rank.word for rank in ranks)
    return f", {names} {singular}{'s' if len(ranks) > 1 else ''}"


def describe(category: Category, ranks: list[int]) -> str:
    """Words for a hand from its category and its best cards' ranks (grouped, highest first).

    >>> describe(Category.STRAIGHT, [3, 2, 1, 0, 12])
    'Straight, Five high'
    """
    name = str(category)
    word = [CARDS[4 * rank].rank.word for rank in ranks]
    plural = [CARDS[4 * rank].rank.plural for rank in ranks]
    if category == Category.STRAIGHT_FLUSH and ranks[0] == 12:
        return "Royal Flush"
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return f"{name}, {word[0]} high"
    if category in (Category.HIGH_CARD, Category.FLUSH):
        return f"{name}, {'-'.join(word)}"
    if category == Category.FULL_HOUSE:
        return f"{name}, {plural[0]} full of {plural[3]}"
    if category == Category.FOUR_OF_A_KIND:
        return f"{name}, {plural[0]}{_words(ranks[4:], 'kicker')}"
    if category == Category.THREE_OF_A_KIND:
        return f"{name}, {plural[0]}{_words(ranks[3:], 'kicker')}"
    if category == Category.TWO_PAIR:
        return f"{name}, {plural[0]} and {plural[2]}{_words(ranks[4:], 'kicker')}"
    return f"{name}, {plural[0]}{_words(ranks[2:], 'kicker')}"


@_c_entry("rank")
def evaluate(cards: CardsLike, board: Optional[CardsLike] = None, *, game: GameLike = "holdem") -> HandRank:
    """Evaluate a hand: in hold'em and short deck the best five of 1 to 7 cards (a partial hand
    below five), the ``board`` joining the ``cards`` when given; in Omaha the best five of
    exactly two of the hole ``cards`` and three of the 3 to 5 ``board`` cards.

    >>> evaluate("As Ks Qs Js Ts 2d 3c").description
    'Royal Flush'
    >>> evaluate("5d 4c 3h 2s Ah").description
    'Straight, Five high'
    >>> evaluate(["Ah", "Ad"]).description
    'One Pair, Aces'
    >>> evaluate("Ah Kh 7c 2d", "Qh Jh Th 9s 3h", game="omaha").description
    'Royal Flush'
    >>> evaluate("As Ad Ks Kd", "Ac 7h 7s 2c 3d", game="omaha").description
    'Full House, Aces full of Sevens'
    >>> evaluate("Ah 9c", "8d 7s 6h", game="short-deck").description
    'Straight, Nine high'

    Raises:
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card appears twice, in the hand or in the hand and on the board.
        HandSizeError: not 1 to 7 cards; in Omaha, not the game's hole cards or not 3 to 5 board cards.
        GameError: an unknown game, or a card the short deck does not have.
    """
    if board is not None or game != "holdem":
        return _evaluate_game(cards, board, resolve_game(game))
    rank = _fast_rank(cards)
    if type(rank) is HandRank:
        return rank  # type: ignore[return-value]
    # Not a tuple or list of Cards (text, ids, ...), a repeated card or a bad size.
    cards = parse_cards(cards, allow_duplicates=True)
    rank = _fast_rank(cards)
    if rank == REPEATED_CARD:
        parse_cards(cards)  # raises DuplicateCardError naming the card
    if type(rank) is not HandRank:
        raise HandSizeError(f"a hand has 1 to 7 cards, got {len(cards)}")
    return rank  # type: ignore[return-value]


@_c_entry("value")
def hand_value(cards: CardsLike, board: Optional[CardsLike] = None, *, game: GameLike = "holdem") -> int:
    """The value of a hand as a bare int: ``evaluate(cards, board, game=game).value`` without
    making the :class:`HandRank`, for loops that only compare, count or store values. Higher is
    better and equal values tie; in hold'em ``value >> 12`` is the :class:`Category`. It takes
    what :func:`evaluate` takes and raises what it raises.

    >>> hand_value("Kh Kd Ks 9c 9h 2d 3c") == evaluate("Kh Kd Ks 9c 9h 2d 3c").value
    True
    >>> hand_value("Kh Kd Ks 9c 9h 2d 3c") >> 12 == Category.FULL_HOUSE
    True
    >>> hands = ["As Ad", "Kh Kd Ks", "Qc Jc Tc 9c 8c", "7h 2d"]
    >>> max(hands, key=hand_value)
    'Qc Jc Tc 9c 8c'
    >>> hand_value("Ah 9c", "8d 7s 6h", game="short-deck") == evaluate("Ah 9c", "8d 7s 6h", game="short-deck").value
    True

    Raises:
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card appears twice, in the hand or in the hand and on the board.
        HandSizeError: not 1 to 7 cards; in Omaha, not the game's hole cards or not 3 to 5 board cards.
        GameError: an unknown game, or a card the short deck does not have.
    """
    if board is None and game == "holdem":  # the default, by its name: the C path, with no lookup of the game
        value = _fast_value(cards)
        if value >= 0:
            return value
    return evaluate(cards, board, game=game).value


# --- other games: short deck (its own values over hold'em's keys) and Omaha (two plus three) ----
_GAME_TABLES = load_games()
_SHORT_RANK_VALUES: list[list[int]] = [values.tolist() for values in _GAME_TABLES.short_rank_values]
_SHORT_FLUSH_VALUES: list[int] = _GAME_TABLES.short_flush_values.tolist()
def _short_value(cards: Iterable[Card], game: Game) -> int:
    """The short deck value of 1..7 distinct cards of the short deck."""
    key = (KEY_INIT + sum(_KEY_OF[card] for card in cards)) & _KEY_BITS
    return _value_of_key(key, cards, _SHORT_RANK_VALUES[game.rules.ranking], _SHORT_FLUSH_VALUES)


def _omaha_fives(hole: tuple[Card, ...], board: tuple[Card, ...]) -> Iterable[tuple[Card, ...]]:
    """Every hand of exactly two hole cards and three board cards."""
    for pair in itertools.combinations(hole, 2):
        for triple in itertools.combinations(board, 3):
            yield pair + triple


class _GameRank(HandRank):
    """A :class:`HandRank` valued by another game's rules: it keeps its game, and its category,
    best five and description follow that game (an Omaha hand's best five are two of its hole
    cards and three of the board)."""

    __slots__ = ("_game",)

    def __new__(cls, value: Any, cards: Any, game: GameLike) -> _GameRank:
        rank = super().__new__(cls, value, cards)
        rank._game = resolve_game(game)  # type: ignore[attr-defined]
        return rank  # type: ignore[return-value]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_GameRank, (self.value, self.cards, self._game))

    @property
    def game(self) -> Game:
        return self._game

    @property
    def category(self) -> Category:
        return _CATEGORIES[self._game.category_number(self.value)]

    @property
    def best_five(self) -> tuple[Card, ...]:
        if self._game.evaluator == HOLDEM_EVALUATOR:  # hold'em's rules under another name
            return super().best_five
        try:
            return self._best_five  # type: ignore[has-type]
        except AttributeError:
            if self._game.omaha:
                hole, board = self.cards[: self._game.hole_cards], self.cards[self._game.hole_cards:]
                five = next(five for five in _omaha_fives(hole, board) if _fast_value(five) == self.value)
            else:
                fives = itertools.combinations(sorted(self.cards, reverse=True), min(5, len(self.cards)))
                five = next(five for five in fives if _short_value(five, self._game) == self.value)
            # the lowest straight's second card: the five, or the short deck's nine (A-6-7-8-9)
            best = _in_order(five, self.category, (self._game.lowest_card_id >> 2) + 3)
            self._best_five = best  # type: ignore[misc]
            return best


def _joined(cards: CardsLike, board: Optional[CardsLike]) -> tuple[Card, ...]:
    """Hole cards and an optional board as one hand, a card in both named as such."""
    hand = parse_cards(cards)
    if board is None:
        return hand
    board_cards = parse_cards(board)
    for card in board_cards:
        if card in hand:
            raise DuplicateCardError(f"card {card} is in the hand and on the board")
    return hand + board_cards


def omaha_cards(cards: CardsLike, board: Optional[CardsLike], game: Game) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Parse and check an Omaha hand: the game's number of hole cards and 3 to 5 board cards."""
    hole = parse_cards(cards)
    board_cards = () if board is None else parse_board(board)
    if len(hole) != game.hole_cards:
        raise HandSizeError(f"{game.title} deals {game.hole_cards} hole cards to a player, got {len(hole)}")
    if not 3 <= len(board_cards) <= 5:
        raise HandSizeError(
            f"{game.title} plays two hole cards with three of the board: it needs 3 to 5 board cards, "
            f"got {len(board_cards)}"
        )
    for card in board_cards:
        if card in hole:
            raise DuplicateCardError(f"card {card} is in the hand and on the board")
    return hole, board_cards


def _evaluate_game(cards: CardsLike, board: Optional[CardsLike], game: Game) -> HandRank:
    if game.omaha:
        hole, board_cards = omaha_cards(cards, board, game)
        value = max(_fast_value(five) for five in _omaha_fives(hole, board_cards))
        return _GameRank(value, hole + board_cards, game)
    hand = _joined(cards, board)
    if not 1 <= len(hand) <= 7:
        raise HandSizeError(f"a hand has 1 to 7 cards, got {len(hand)}")
    if not game.short_deck:
        rank = evaluate(hand)
        return rank if game == GAMES["holdem"] else _GameRank(rank.value, rank.cards, game)  # another name
    check_in_deck(hand, game)
    return _GameRank(_short_value(hand, game), hand, game)


NOT_CARDS, REPEATED_CARD, BAD_SIZE = -1, -2, -3


def _python_hand_value(cards: Any) -> int:
    """The value of a tuple or list of 1..7 distinct Cards, or a negative code (see _single.c)."""
    if type(cards) is not tuple and type(cards) is not list:
        return NOT_CARDS
    if not 0 < len(cards) <= 7:
        return BAD_SIZE
    total = KEY_INIT
    try:
        for card in cards:
            total += _KEY_OF[card]
    except (KeyError, TypeError):
        return NOT_CARDS
    if (total >> _CARD_BIT_SHIFT).bit_count() != len(cards):
        return REPEATED_CARD
    return _value_of_key(total & _KEY_BITS, cards)


def _python_rank(cards: Any) -> Any:
    """A new HandRank for a tuple or list of 1..7 distinct Cards, or a negative code."""
    value = _python_hand_value(cards)
    return value if value < 0 else HandRank(value, tuple(cards))


def _c_functions() -> tuple[Optional[Callable[[Any], int]], Optional[Callable[[Any], Any]]]:
    """The C extension's ``value`` and ``rank`` set up with the tables (the bit layout it reads
    from :mod:`showdown.tables.layout` itself), or Nones on the pure-Python path."""
    if _single is None:
        return None, None
    _single.setup(CARDS, _TABLES)
    _single.set_rank_type(HandRank)
    return _single.value, _single.rank


_c_hand_value, _c_rank = _c_functions()
_fast_value: Callable[[Any], int] = _c_hand_value or _python_hand_value
_fast_rank: Callable[[Any], Any] = _c_rank or _python_rank


def _row_sizes(game: Game) -> tuple[int, int, str]:
    """The smallest and largest row of card ids a game evaluates, and the rows in words."""
    if game.omaha:
        return game.hole_cards + 3, game.hole_cards + 5, f"{game.hole_cards} hole cards then 3 to 5 board cards"
    return 1, 7, "1 to 7 cards"


def _as_id_array(ids: Any, game: Game = GAMES["holdem"]) -> np.ndarray:
    try:
        array = np.asarray(ids)
    except ValueError as error:  # ragged rows
        raise HandSizeError(f"card ids must form an (N, k) array: {error}") from None
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise ShowdownError(f"card ids must be an integer array, got dtype {array.dtype}")
    smallest, largest, words = _row_sizes(game)
    if array.ndim != 2 or not smallest <= array.shape[1] <= largest:
        if game.omaha:
            raise HandSizeError(f"{game.title} rows are {words} (k in {smallest}..{largest}), got shape {array.shape}")
        raise HandSizeError(f"expected an (N, k) array of card ids with k in 1..7, got shape {array.shape}")
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return np.ascontiguousarray(array)


def _first_bad_row(ids: np.ndarray, game: Game = GAMES["holdem"]) -> ShowdownError:
    too_low = (ids < 0) if np.issubdtype(ids.dtype, np.signedinteger) else np.zeros(ids.shape, dtype=bool)
    out_of_range = np.asarray((too_low | (ids > 51)).any(axis=1))
    outside = np.asarray((ids < game.lowest_card_id).any(axis=1))
    ordered = np.sort(ids, axis=1)
    repeated = np.asarray((np.diff(ordered, axis=1) == 0).any(axis=1))
    row = int(np.flatnonzero(out_of_range | outside | repeated)[0])
    values = ids[row].tolist()
    if out_of_range[row]:
        bad = next(v for v in values if not 0 <= v <= 51)
        return CardParseError(f"row {row}: card id {bad} is out of range 0..51 (row {values})")
    if outside[row]:
        bad = next(v for v in values if v < game.lowest_card_id)
        return GameError(
            f"row {row}: card {CARDS[bad]} (id {bad}) is not in the short deck, whose ids are "
            f"{game.lowest_card_id}..51 (row {values})"
        )
    repeated_id = next(v for i, v in enumerate(values) if v in values[:i])
    return DuplicateCardError(f"row {row}: card {CARDS[repeated_id]} appears more than once (row {values})")


def evaluate_many(
    ids: Any,
    n_jobs: Optional[int] = None,
    *,
    out: Optional[np.ndarray] = None,
    check: bool = True,
    game: GameLike = "holdem",
) -> np.ndarray:
    """Evaluate an (N, k) array of card ids (k = 5, 6 or 7; 1..4 for partial hands) in bulk.

    In Omaha a row is the hole cards then the board (9 columns for Omaha with a full board, 10
    for ``omaha5``, 11 for ``omaha6``; the board may hold 3 to 5 cards); in short deck 1 to 7
    cards of the short deck, valued by its order.

    Returns an int32 array of N hand values. ``n_jobs`` threads (default: ``NUMBA_NUM_THREADS``, one a core).
    Any integer dtype works; ``uint8`` is the fastest. A row with an id outside 0..51 or a
    repeated card raises an error naming the first such row. ``out``, a C-contiguous int32
    array of length N, receives the values instead of a new array (saves the allocation when
    evaluating batch after batch). ``check=False`` skips the duplicate and range check for
    rows known to be valid (such as rows showdown dealt itself): about 15% faster, and a bad id
    still reads nothing out of bounds, but a bad row's value is then meaningless.

    >>> evaluate_many([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]]).tolist()
    [32777, 28673]
    >>> hands = [[51, 50, 3, 7, 47, 43, 39, 35, 22]]  # As Ah 2s 3s, Ks Qs Js Ts 7h
    >>> evaluate_many(hands, game="omaha").tolist() == [evaluate("As Ah 2s 3s", "Ks Qs Js Ts 7h", game="omaha").value]
    True

    Raises:
        ShowdownError: the ids are not integers, ``out`` is not a writable C-contiguous int32 array of length N,
            ``n_jobs`` is not a positive int, None or -1, or ``check`` is not True or False.
        HandSizeError: not an (N, k) array with k in 1..7 (in Omaha: the hole cards then 3 to 5 board cards).
        CardParseError: an id outside 0..51 (with ``check``; the message names the row).
        DuplicateCardError: a card repeated in a row (with ``check``; the message names the row).
        GameError: an unknown game, or in short deck a card it does not have.
    """
    rules = resolve_game(game)
    check = flag(check, "check")
    array = _as_id_array(ids, rules)
    out = _out_array(out, len(array))
    if rules.evaluator == HOLDEM_EVALUATOR:
        bad = _run_rows(array, out, n_jobs, bool(check))
    else:
        bad = _run_rows(array, out, n_jobs, rules.rules, False)
    if bad and check:
        raise _first_bad_row(array, rules)
    return out


def describe_many(values: Any, *, game: GameLike = "holdem") -> list[str]:
    """The description of each hand value of an array (as :func:`evaluate_many` returns them, a
    value of a hand of 1 to 7 cards), as :attr:`HandRank.description` words it; its category is
    ``Category(value >> 12)`` in hold'em and Omaha (``GAMES[game].category_number(value)`` in short deck).

    >>> from showdown import card_ids
    >>> values = evaluate_many(card_ids(["As Ks Qs Js Ts", "Kh Kd Ks 9c 9h", "2c 3d 4h 5s 7c"]))
    >>> describe_many(values)
    ['Royal Flush', 'Full House, Kings full of Nines', 'High Card, Seven-Five-Four-Three-Two']

    Raises:
        ShowdownError: ``values`` are not integers, or one is no hand value of the game (the message names it).
        GameError: an unknown game.
    """
    rules = resolve_game(game)
    array = np.asarray(values)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise ShowdownError(f"hand values must be integers, got dtype {array.dtype}")
    words = _descriptions("holdem" if rules.omaha else rules.name)
    unknown = next((int(value) for value in np.unique(array) if int(value) not in words), None)
    if unknown is not None:
        raise ShowdownError(f"{unknown} is not the value of a {rules.title} hand")
    return [words[value] for value in array.ravel().tolist()]


@functools.cache
def _descriptions(game: str) -> dict[int, str]:
    """Every hand value of the game (hands of 1 to 5 cards: more cards make no other value) and
    its words, from one hand of each rank pattern, flush and not."""
    rules = GAMES[game]
    ranks = sorted({card.rank for card in rules.deck})
    words: dict[int, str] = {}
    for size in range(1, 6):
        for pattern in itertools.combinations_with_replacement(ranks, size):
            if max(pattern.count(rank) for rank in pattern) > 4:
                continue
            seen: dict[int, int] = {}
            first: dict[int, int] = {}
            cards = []
            for rank in pattern:  # the copies of a rank in different suits; five ranks in mixed suits
                first.setdefault(rank, len(first))
                cards.append(Card(4 * rank + (seen.get(rank, 0) + first[rank]) % 4))
                seen[rank] = seen.get(rank, 0) + 1
            hands = [cards]
            if size == 5 and len(set(pattern)) == 5:
                hands.append([Card(4 * rank + 3) for rank in pattern])  # the same ranks suited
            for hand in hands:
                value = evaluate(hand, game=rules)
                words[value.value] = value.description
    return words


def evaluate_many_low(
    ids: Any,
    n_jobs: Optional[int] = None,
    *,
    out: Optional[np.ndarray] = None,
    check: bool = True,
    game: GameLike = "omaha-hilo",
) -> np.ndarray:
    """The eight-or-better low of each row of card ids (the hole cards then 3 to 5 board cards,
    as :func:`evaluate_many` takes them): ``LowRank.value`` (higher is better), or 0 where no
    low qualifies.

    >>> evaluate_many_low([[48, 1, 44, 45, 10, 14, 18, 30, 34]]).tolist()  # Ac 2d Kc Kd, 4h 5h 6h 9h Th
    [196]

    Raises:
        ShowdownError: the ids are not integers, ``out`` is not a writable C-contiguous int32 array of length N,
            ``n_jobs`` is not a positive int, None or -1, or ``check`` is not True or False.
        HandSizeError: not an (N, k) array of the game's hole cards then 3 to 5 board cards.
        CardParseError: an id outside 0..51 (with ``check``; the message names the row).
        DuplicateCardError: a card repeated in a row (with ``check``; the message names the row).
        GameError: an unknown game, or one without a low half.
    """
    rules = low_game(game)
    check = flag(check, "check")
    array = _as_id_array(ids, rules)
    out = _out_array(out, len(array))
    bad = _run_rows(array, out, n_jobs, rules.rules, True)
    if bad and check:
        raise _first_bad_row(array, rules)
    return out


def low_game(game: GameLike) -> Game:
    """The game, which must have a low half."""
    rules = resolve_game(game)
    if not rules.low:
        with_low = ", ".join(name for name, each in GAMES.items() if each.low)
        raise GameError(f"{rules.name} has no low half; the games with one are {with_low}")
    return rules


def _out_array(out: Optional[np.ndarray], n: int) -> np.ndarray:
    if out is None:
        return np.empty(n, dtype=np.int32)
    if not (
        isinstance(out, np.ndarray) and out.dtype == np.int32 and out.shape == (n,)
        and out.flags.c_contiguous and out.flags.writeable
    ):
        raise ShowdownError(f"out must be a writable C-contiguous int32 array of shape ({n},)")
    return out


def _run_rows(array: np.ndarray, out: np.ndarray, n_jobs: Optional[int], *arguments: Any) -> bool:
    """Run hold'em's row kernel (arguments: check) or the games' (the game's kernel rules, and
    whether the low values are asked) on one thread or on several over consecutive rows; True
    when some row was bad."""
    from showdown._kernels import evaluator, games
    from showdown.parallel.threads import run_ranges, thread_count

    rows: Callable[..., Any]
    if len(arguments) == 1:  # hold'em
        rows = evaluator._evaluate_rows_any
    else:
        rows = games._game_rows
        arguments = (*arguments, *games.OMAHA_HIGHS)
    return any(run_ranges(lambda first, stop: rows(array[first:stop], out[first:stop], *arguments),
                          len(array), thread_count(n_jobs, len(array))))


def compile_rows() -> None:
    """Compile (or load) hold'em's bulk evaluation of 5, 6 and 7 cards (the kernel group
    ``"evaluation"`` of :mod:`showdown.kernel_groups`)."""
    for size in (5, 6, 7):
        evaluate_many(np.arange(size, dtype=np.uint8).reshape(1, size))


def compile_game_rows() -> None:
    """Compile (or load) the other games' bulk evaluation (the group ``"game-evaluation"``: one
    kernel for the short decks and Omaha, high and low)."""
    short_deck = GAMES["short-deck"]
    evaluate_many(np.arange(7, dtype=np.uint8).reshape(1, 7) + short_deck.lowest_card_id, game=short_deck)
    hand = np.arange(9, dtype=np.uint8).reshape(1, 9)
    evaluate_many(hand, game="omaha")
    evaluate_many_low(hand)


def compile_census() -> None:
    """Compile (or load) the exhaustive counts of :func:`census` (the group ``"census"``)."""
    census(5)
    census(7)


@dataclass(frozen=True)
class Census:
    """Exhaustive counts over every hand of ``n_cards`` cards, by category."""

    n_cards: int
    counts: dict[Category, int]
    distinct: dict[Category, int]

    def __repr__(self) -> str:
        return brief_repr(self, "n_cards", "total")

    @property
    def total(self) -> int:
        """All hands counted: C(52, n_cards)."""
        return sum(self.counts.values())

    @property
    def distinct_total(self) -> int:
        """Distinct hand values among them (7462 for five cards)."""
        return sum(self.distinct.values())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the totals and one entry per category, weakest first."""
        return {
            "n_cards": self.n_cards,
            "total": self.total,
            "distinct_total": self.distinct_total,
            "categories": [{**c.to_dict(), "count": self.counts[c], "distinct": self.distinct[c]} for c in Category],
        }

    def __str__(self) -> str:
        lines = [f"{self.n_cards}-card hands: {self.total:,} ({self.distinct_total:,} distinct values)"]
        lines += [f"  {str(c):<16}{self.counts[c]:>14,}{self.distinct[c]:>7,}" for c in Category]
        return "\n".join(lines)


def census(n_cards: int = 7) -> Census:
    """Evaluate every hand of ``n_cards`` (1..7) cards and count them by category.

    >>> census(5).counts[Category.STRAIGHT_FLUSH]
    40

    Raises:
        HandSizeError: ``n_cards`` is not a whole number from 1 to 7.
    """
    from showdown._kernels import evaluator as kernel

    n_cards = whole_number(n_cards, "n_cards", error=HandSizeError)
    if not 1 <= n_cards <= 7:
        raise HandSizeError(f"a hand has 1 to 7 cards, got {n_cards}")
    histogram = kernel._value_histogram_7() if n_cards == 7 else kernel._value_histogram(n_cards)
    per_category = histogram.reshape(9, 1 << CATEGORY_SHIFT)
    return Census(
        n_cards=n_cards,
        counts={c: int(per_category[c].sum()) for c in Category},
        distinct={c: int(np.count_nonzero(per_category[c])) for c in Category},
    )
