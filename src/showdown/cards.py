"""Cards, ranks, suits, decks, and the one place where user input becomes cards.

A card id is ``4 * rank + suit``: rank 0..12 for 2..A, suit 0..3 for clubs, diamonds, hearts,
spades. A set of cards is also a 64-bit mask with bit ``id`` set.

>>> parse_cards("As Kd")
(Card('As'), Card('Kd'))
>>> parse_cards("10h, 9♠")
(Card('Th'), Card('9s'))
>>> Card("As").id, Card("As").rank, Card("As").suit
(51, Rank.ACE, Suit.SPADES)
"""

from __future__ import annotations

import enum
import operator
import random
import warnings
from collections.abc import Iterable, Iterator
from typing import Any, Union

import numpy as np

from showdown.errors import CardParseError, DuplicateCardError, HandSizeError, ShowdownError
from showdown.quantities import flag, random_seed, shown, whole_number

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_SUIT_ALIASES = {**{c: i for i, c in enumerate(SUIT_CHARS)}, **{c: i for i, c in enumerate(SUIT_SYMBOLS)}}
_SUIT_ALIASES.update({c: i for i, c in enumerate("♧♢♡♤")})
_RANK_ALIASES = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_ALIASES.update({c.lower(): i for i, c in enumerate(RANK_CHARS)})
_SEPARATORS = " \t\n\r,;"


class Rank(enum.IntEnum):
    """Card ranks, 0 for a deuce up to 12 for an ace. ``str(Rank.ACE) == 'A'``."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    def __str__(self) -> str:
        return RANK_CHARS[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    @property
    def word(self) -> str:
        """The rank in words: ``Rank.KING.word == 'King'``."""
        return _RANK_WORDS[self]

    @property
    def plural(self) -> str:
        """The plural in words: ``Rank.SIX.plural == 'Sixes'``."""
        return _RANK_PLURALS[self]


_RANK_WORDS = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"]
_RANK_PLURALS = [w + ("es" if w == "Six" else "s") for w in _RANK_WORDS]


class Suit(enum.IntEnum):
    """Card suits in id order: clubs, diamonds, hearts, spades. ``str(Suit.SPADES) == 's'``."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __str__(self) -> str:
        return SUIT_CHARS[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @property
    def symbol(self) -> str:
        """The suit symbol: ``Suit.HEARTS.symbol == '♥'``."""
        return SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The suit in words: ``Suit.HEARTS.word == 'hearts'``."""
        return _SUIT_WORDS[self]


_SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


class Card:
    """One of the 52 cards; ``Card('As')``, ``Card(51)`` and ``Card(Card('As'))`` are the same object.

    >>> Card("Qh"), Card(42).id, str(Card("td"))
    (Card('Qh'), 42, 'Td')

    Raises:
        CardParseError: the text is not exactly one card, or an id is not 0 to 51.
    """

    __slots__ = ("id", "rank", "suit", "_text")
    id: int
    rank: Rank
    suit: Suit
    _text: str

    def __new__(cls, card: Union[str, int, Card]) -> Card:
        if type(card) is Card:
            return card
        if isinstance(card, str):
            cards = parse_cards(card)
            if len(cards) != 1:
                raise CardParseError(f"expected one card, got {len(cards)} in {shown(card)}")
            return cards[0]
        return _card_from_id(card)

    def __reduce__(self):
        return (_card_from_id, (self.id, True))

    def __setattr__(self, name, value):
        raise AttributeError("Card is immutable")

    def __delattr__(self, name):
        raise AttributeError("Card is immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.id < other.id

    def __le__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.id <= other.id

    def __gt__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.id > other.id

    def __ge__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.id >= other.id

    @property
    def mask(self) -> int:
        """The card's bit: ``1 << id``."""
        return 1 << self.id

    @property
    def pretty(self) -> str:
        """The card with its suit symbol: ``Card('As').pretty == 'A♠'``."""
        if self.id == JOKER_ID:
            return "Jk"
        return RANK_CHARS[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The card in words: ``Card('As').name == 'Ace of spades'``."""
        if self.id == JOKER_ID:
            return "Joker"
        return f"{self.rank.word} of {self.suit.word}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the card's text, id, rank and suit letters, name and pretty form
        (the joker's rank and suit are empty).

        >>> Card("Td").to_dict()
        {'card': 'Td', 'id': 33, 'rank': 'T', 'suit': 'd', 'name': 'Ten of diamonds', 'pretty': 'T♦'}
        """
        joker = self.id == JOKER_ID
        return {"card": self._text, "id": self.id, "rank": "" if joker else str(self.rank),
                "suit": "" if joker else str(self.suit), "name": self.name, "pretty": self.pretty}


def _make_card(card_id: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "id", card_id)
    object.__setattr__(card, "rank", Rank(card_id >> 2))
    object.__setattr__(card, "suit", Suit(card_id & 3))
    object.__setattr__(card, "_text", RANK_CHARS[card_id >> 2] + SUIT_CHARS[card_id & 3])
    return card


CARDS: tuple[Card, ...] = tuple(_make_card(i) for i in range(52))
"""All 52 cards in id order (2c, 2d, 2h, 2s, 3c, ... As)."""

JOKER_ID = 52
JOKER = object.__new__(Card)
"""The joker of the 53-card deck of Joker Poker: ``Jk``, id 52, no rank and no suit. Only
``parse_cards(..., joker=True)`` reads it; everywhere else it is an error."""
for _field, _value in (("id", JOKER_ID), ("rank", None), ("suit", None), ("_text", "Jk")):
    object.__setattr__(JOKER, _field, _value)

CardsLike = Union[str, Card, int, Iterable[Union[str, Card, int]]]
"""Anything that names cards: text, a Card, an id, or an iterable of those."""

_TOKENS: dict[str, Card] = {}
for _card in CARDS:
    _rank_texts = {RANK_CHARS[_card.rank], RANK_CHARS[_card.rank].lower()}
    if _card.rank == Rank.TEN:
        _rank_texts.add("10")
    _suit_texts = {SUIT_CHARS[_card.suit], SUIT_CHARS[_card.suit].upper(), SUIT_SYMBOLS[_card.suit], "♧♢♡♤"[_card.suit]}
    for _rank_text in _rank_texts:
        for _suit_text in _suit_texts:
            _TOKENS[_rank_text + _suit_text] = _card


def _exact_int(value, expected: str) -> int:
    """``value`` as an int (no bools, no floats), or a CardParseError saying what was expected."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise CardParseError(f"{shown(value)} is not {expected}")


def _card_from_id(value, joker: bool = False) -> Card:
    card_id = _exact_int(value, "a card (expected text such as 'As', a Card or an id 0..51)")
    if joker and card_id == JOKER_ID:
        return JOKER
    if not 0 <= card_id < 52:
        top = JOKER_ID if joker else 51
        raise CardParseError(f"card id {card_id} is out of range 0..{top}")
    return CARDS[card_id]


def _no_joker() -> CardParseError:
    return CardParseError("the joker (Jk) is only dealt in joker video poker games")


def _token_around(text: str, position: int) -> str:
    start = position
    while start > 0 and text[start - 1] not in _SEPARATORS:
        start -= 1
    end = position
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    return text[start:end] or text[position : position + 1]


def _parse_text(text: str, joker: bool = False) -> list[Card]:
    pieces = text.replace(",", " ").split()
    try:
        return [_TOKENS[piece] for piece in pieces]
    except KeyError:
        pass
    cards = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char in _SEPARATORS:
            i += 1
            continue
        start = i
        rank: int
        word = next((word for word in ("joker", "jk") if text[i : i + len(word)].lower() == word), "")
        if word:
            if not joker:
                raise _no_joker()
            cards.append(JOKER)
            i += len(word)
            continue
        if text.startswith("10", i):
            rank, i = Rank.TEN, i + 2
        elif char in _RANK_ALIASES:
            rank, i = _RANK_ALIASES[char], i + 1
        else:
            raise CardParseError(
                f"bad card {shown(_token_around(text, start))} at position {start + 1} of {shown(text)}: "
                f"{shown(char)} is not a rank (use 23456789TJQKA or 10)"
            )
        suit_char = text[i] if i < n else ""
        if suit_char and suit_char.lower() in _SUIT_ALIASES:
            suit, i = _SUIT_ALIASES[suit_char.lower()], i + 1
        else:
            found = repr(suit_char) if suit_char else "nothing"
            raise CardParseError(
                f"bad card {shown(_token_around(text, start))} at position {start + 1} of {shown(text)}: "
                f"expected a suit (c, d, h, s or a suit symbol) after the rank, found {found}"
            )
        cards.append(CARDS[4 * rank + suit])
    return cards


BOARD_SIZES = (0, 3, 4, 5)
"""The cards a board can hold: none before the flop, then the flop, the turn and the river."""


def parse_board(board: CardsLike, name: str = "the board") -> tuple[Card, ...]:
    """:func:`parse_cards` for a board: 0, 3, 4 or 5 cards, else a ``HandSizeError`` that
    says so, naming the board as ``name``.

    >>> parse_board("Ks 7h 2d")
    (Card('Ks'), Card('7h'), Card('2d'))
    >>> parse_board("Ks 7h")
    Traceback (most recent call last):
    showdown.errors.HandSizeError: the board has 2 cards; a board has 0, 3 (flop), 4 (turn) or 5 (river) cards

    Raises:
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card appears twice.
        HandSizeError: not 0, 3, 4 or 5 cards.
    """
    cards = parse_cards(board)
    if len(cards) not in BOARD_SIZES:
        count = f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
        raise HandSizeError(f"{name} has {count}; a board has 0, 3 (flop), 4 (turn) or 5 (river) cards")
    return cards


def is_board(value: Any) -> bool:
    """Whether ``value`` reads as a flop, turn or river by itself (text, a card, or a list of cards
    or ids): how a call that takes the board second tells that it was given the board first.

    >>> is_board("Ks 7h 2d"), is_board("AcAd"), is_board(["As Ks", "Qd Qc"]), is_board({"a": "AsKs"})
    (True, False, False, False)
    """
    if not isinstance(value, (str, Card)):
        if isinstance(value, (bytes, dict)) or not isinstance(value, (list, tuple)):
            return False
        if not all(isinstance(item, (Card, int)) or (isinstance(item, str) and len(item.strip()) <= 3)
                   for item in value):
            return False
    try:
        return len(parse_cards(value)) in (3, 4, 5)
    except (ShowdownError, TypeError):
        return False


def warn_board_first(old: str, new: str) -> None:
    """Warn that a call gave the board first: the older order, which works until showdown 0.3."""
    warnings.warn(f"{old} is deprecated and stops working in showdown 0.3: the board goes second, {new}",
                  DeprecationWarning, stacklevel=3)


def board_order(call: str, first: Any, error: type[ShowdownError] = ShowdownError) -> ShowdownError:
    """The error for a call given the board first, when it takes the board second: it names the
    order and the argument that looks like a board.

    >>> print(board_order("equity(players, board)", "Ks 7h 2d"))
    the board goes second: equity(players, board); the first argument 'Ks 7h 2d' is a board
    """
    return error(f"the board goes second: {call}; the first argument {shown(first)} is a board")


def board_text(board: CardsLike) -> str:
    """A board in words for a sentence: ``"board Ks 7h 2d"``, or ``"no board"`` when it is empty.

    >>> board_text("Ks7h2d"), board_text("")
    ('board Ks 7h 2d', 'no board')

    Raises:
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card appears twice.
    """
    cards = format_cards(parse_cards(board))
    return f"board {cards}" if cards else "no board"


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False, joker: bool = False) -> tuple[Card, ...]:
    """Turn any ``CardsLike`` into a tuple of Cards, in the order given.

    Raises ``CardParseError`` naming a bad token and ``DuplicateCardError`` naming a repeated
    card. ``joker=True`` also reads the joker (``Jk``, id 52) of Joker Poker.

    >>> parse_cards("AsKd")
    (Card('As'), Card('Kd'))
    >>> parse_cards(["Qh", 0, Card("Tc")])
    (Card('Qh'), Card('2c'), Card('Tc'))
    >>> parse_cards("")
    ()

    Raises:
        CardParseError: a token is not a card (the message quotes it and its position), or the joker without
            ``joker=True``.
        DuplicateCardError: a card appears twice (unless ``allow_duplicates``).
        ShowdownError: ``allow_duplicates`` or ``joker`` is not True or False.
    """
    if type(allow_duplicates) is not bool or type(joker) is not bool:
        flag(allow_duplicates, "allow_duplicates")
        flag(joker, "joker")
    if type(cards) is Card:
        if cards is JOKER and not joker:
            raise _no_joker()
        return (cards,)
    if isinstance(cards, str):
        result = _parse_text(cards, joker)
    elif isinstance(cards, Iterable):
        result = []
        for item in cards:
            if type(item) is Card:
                if item is JOKER and not joker:
                    raise _no_joker()
                result.append(item)
            elif isinstance(item, str):
                result.extend(_parse_text(item, joker))
            else:
                result.append(_card_from_id(item, joker))
    else:
        result = [_card_from_id(cards, joker)]
    if not allow_duplicates:
        _check_unique(result)
    return tuple(result)


def _check_unique(cards: list[Card]) -> None:
    seen = 0
    for card in cards:
        bit = 1 << card.id
        if seen & bit:
            raise DuplicateCardError(f"card {card} appears more than once")
        seen |= bit


def card_ids(hands: Iterable[CardsLike]) -> np.ndarray:
    """Hands in any card notation as the (N, k) uint8 array of card ids that
    :func:`~showdown.evaluate_many` takes: one row a hand, each of the same number of cards.

    >>> card_ids(["As Ks Qs Js Ts", "2c 3d 4h 5s 7c"]).tolist()
    [[51, 47, 43, 39, 35], [0, 5, 10, 15, 20]]

    Raises:
        HandSizeError: ``hands`` is text or one card rather than a list of hands, a hand has no card, or the
            hands do not all have as many cards (the message names the first that differs).
        CardParseError: a token is not a card (the message names the hand).
        DuplicateCardError: a card appears twice in a hand.
    """
    if isinstance(hands, (str, Card)) or not isinstance(hands, Iterable):
        raise HandSizeError(f"card_ids takes a list of hands, such as ['As Ks Qs Js Ts'], got {shown(hands)}")
    rows: list[list[int]] = []
    for number, hand in enumerate(hands):
        try:
            cards = parse_cards(hand)
        except CardParseError as error:
            raise CardParseError(f"hand {number}: {error}") from None
        if not cards or (rows and len(cards) != len(rows[0])):
            size = len(rows[0]) if rows else "1 or more"
            raise HandSizeError(f"hand {number} has {len(cards)} cards; every hand must have {size}")
        rows.append([card.id for card in cards])
    return np.array(rows, dtype=np.uint8).reshape(len(rows), len(rows[0]) if rows else 0)


def cards_to_mask(cards: CardsLike) -> int:
    """The 64-bit mask with bit ``id`` set for each card.

    >>> cards_to_mask("2c 2d")
    3

    Raises:
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card appears twice.
    """
    mask = 0
    for card in parse_cards(cards):
        mask |= 1 << card.id
    return mask


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a 64-bit mask, in id order.

    >>> mask_to_cards(3)
    (Card('2c'), Card('2d'))

    Raises:
        CardParseError: ``mask`` is not an int, or has bits outside the 52 cards.
    """
    mask = _exact_int(mask, "a card mask (expected an int)")
    if mask < 0 or mask >> 52:
        raise CardParseError(f"mask {mask:#x} has bits outside the 52 cards")
    return tuple(CARDS[i] for i in range(52) if mask >> i & 1)


def format_cards(cards: CardsLike, separator: str = " ") -> str:
    """Cards as text, e.g. ``'As Kd'``.

    >>> format_cards([51, 45])
    'As Kd'

    Raises:
        CardParseError: a token is not a card (repeated cards and the joker are fine).
        ShowdownError: ``separator`` is not text.
    """
    if not isinstance(separator, str):
        raise ShowdownError(f"separator must be text, got {shown(separator)}")
    return separator.join(str(card) for card in parse_cards(cards, allow_duplicates=True, joker=True))


class Deck:
    """A deck of the cards not yet dealt; shuffled reproducibly from a seed.

    ``cards`` makes a smaller deck (such as the short deck's 36 cards), in the order given.

    >>> deck = Deck(seed=7)
    >>> len(deck.deal(5)), len(deck)
    (5, 47)
    >>> len(Deck(seed=7, cards=CARDS[16:]))
    36

    Raises:
        ShowdownError: ``seed`` is not a whole number from 0 to ``2**64 - 1``, or ``shuffle`` is not True or False.
        CardParseError: a token of ``cards`` is not a card.
        DuplicateCardError: ``cards`` names a card twice.
    """

    def __init__(self, seed: int | None = None, *, shuffle: bool = True, cards: CardsLike | None = None) -> None:
        self._cards = list(CARDS) if cards is None else list(parse_cards(cards, joker=True))
        self._random = random.Random(random_seed(seed))
        if flag(shuffle, "shuffle"):
            self._random.shuffle(self._cards)

    def shuffle(self, seed: int | None = None) -> None:
        """Shuffle the cards left (with a new seed if one is given).

        Raises:
            ShowdownError: ``seed`` is not a whole number from 0 to ``2**64 - 1``.
        """
        if seed is not None:
            self._random = random.Random(random_seed(seed))
        self._random.shuffle(self._cards)

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Take ``n`` cards from the top.

        Raises:
            HandSizeError: ``n`` is not a whole number from 0 to the cards left.
        """
        n = whole_number(n, "the number of cards to deal", error=HandSizeError)
        if not 0 <= n <= len(self._cards):
            raise HandSizeError(f"cannot deal {n} cards from a deck of {len(self._cards)}")
        dealt, self._cards = self._cards[:n], self._cards[n:]
        return tuple(dealt)

    def remove(self, cards: CardsLike) -> None:
        """Take named cards out of the deck (each must still be in it).

        Raises:
            CardParseError: a token is not a card (the message quotes it).
            DuplicateCardError: a card is not in the deck (already dealt or removed), or is named twice.
        """
        for card in parse_cards(cards):
            try:
                self._cards.remove(card)
            except ValueError:
                raise DuplicateCardError(f"card {card} is not in the deck (already dealt or removed)") from None

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards)"
