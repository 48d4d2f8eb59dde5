"""Omaha hand ranges: ``Range("AAxx, KKQQ:0.5, AKxxds", game="omaha")``.

A token names the game's number of hole cards (4 in Omaha, 5 in ``omaha5``), each as a card
(``As``), a rank (``A``: any card of that rank) or ``x`` (any card), optionally followed by a
suit pattern of the whole hand, then optionally by ``:weight``; groups give one weight to
several tokens (``0.5(AAxx, KKxx)``). Tokens are separated by commas and/or whitespace, so an
exact hand is written without spaces (``AsAdKsKd``).

=============  ==========================================================================
``AAxx``       every hand with two aces or more (the x cards may be anything, aces too)
``AKQJ``       one card of each rank
``AsAdxx``     the two named cards and any two others
``xxxx``       every hand (so is ``random``)
``...ds``      double suited: two suits of exactly two cards each (``AAKKds``: AsKs AdKd ...)
``...ss``      single suited: one suit of exactly two cards, no other suit of two or more
``...r``       rainbow: no two cards of a suit (four-card hands only)
=============  ==========================================================================

A hand named twice with two different weights is an error naming both tokens. Ranges of
six-card Omaha take exact hands only (20 million hands are too many to filter); an equity
player given as ``random`` there is dealt a hand at each deal by Monte Carlo instead.

>>> r = Range("AAxx", game="omaha")
>>> len(r), r.combos.shape
(6961, (6961, 4))
>>> len(Range("AAKKds", game="omaha")), len(Range("AsKsQdJd, 0.5(2c3c4d5d)", game="omaha"))
(6, 2)
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator
from typing import Any, Optional

import numpy as np

from showdown.cards import CARDS, RANK_CHARS, Card, CardsLike, parse_cards
from showdown.errors import GameError, RangeParseError, ShowdownError
from showdown.games import Game, resolve_game
from showdown.quantities import shown
from showdown.ranges import Range, _Reason, _tokenize, _weight, parse_weighted, register_range_kind

FILTERED_HOLE_CARDS = 5
MAX_TOKENS = 1_000
"""The most tokens of Omaha range text: each is matched against every hand of the game (about a
millisecond a token with four cards, more with five), so a range is read within seconds."""
"""The most hole cards whose every hand is held in memory for patterns (2,598,960 of five)."""
_ITEM = re.compile(r"([2-9TJQKA])([cdhs])?|(x)", re.IGNORECASE)
_SUIT_PATTERNS = ("ds", "ss", "r")


@functools.cache
def every_hand(hole_cards: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every hand of ``hole_cards`` cards (rows of ids, highest first), with each one's card
    mask, rank counts (N, 13) and sorted suit counts (N, 4, largest first)."""
    combos = np.array(list(itertools.combinations(range(51, -1, -1), hole_cards)), dtype=np.uint8)
    masks = np.bitwise_or.reduce(np.uint64(1) << combos.astype(np.uint64), axis=1)
    ranks = np.zeros((len(combos), 13), dtype=np.int8)
    suits = np.zeros((len(combos), 4), dtype=np.int8)
    for column in range(hole_cards):
        np.add.at(ranks, (np.arange(len(combos)), combos[:, column] >> 2), 1)
        np.add.at(suits, (np.arange(len(combos)), combos[:, column] & 3), 1)
    suits = -np.sort(-suits, axis=1)
    for array in (combos, masks, ranks, suits):
        array.setflags(write=False)
    return combos, masks, ranks, suits


def _pattern(token: str, game: Game) -> tuple[list[Card], list[int], int, str]:
    """A hand pattern's named cards, ranks, number of x cards and suit pattern (a suffix is one
    when the rest reads as the hand: ``AAKKds``; ``AsKsQsJs`` ends with a card)."""
    problem: Optional[_Reason] = None
    for suffix in _SUIT_PATTERNS:
        if token.lower().endswith(suffix) and len(token) > len(suffix):
            try:
                return _items(token[: -len(suffix)], suffix, game)
            except _Reason as reason:
                problem = reason
    try:
        return _items(token, "", game)
    except _Reason:
        if problem is not None:  # the suffix was meant: its problem is the one to tell
            raise problem from None
        raise


def _items(body: str, pattern: str, game: Game) -> tuple[list[Card], list[int], int, str]:
    cards: list[Card] = []
    ranks: list[int] = []
    wild = 0
    position = 0
    while position < len(body):
        match = _ITEM.match(body, position)
        if match is None:
            raise _Reason(f"{shown(body[position:])} is not a card, a rank or x")
        rank, suit, x = match.groups()
        if x:
            wild += 1
        elif suit:
            cards.append(Card(rank + suit))
        else:
            ranks.append(RANK_CHARS.index(rank.upper()))
        position = match.end()
    size = len(cards) + len(ranks) + wild
    if size != game.hole_cards:
        cards_named = f"{size} card{'' if size == 1 else 's'}"
        raise _Reason(f"it names {cards_named}; {game.title} hands have {game.hole_cards} (x stands for any card)")
    if len(set(cards)) != len(cards):
        raise _Reason("it names a card twice")
    if pattern == "r" and game.hole_cards > 4:
        raise _Reason(f"a {game.hole_cards}-card hand cannot be rainbow (there are four suits)")
    return cards, ranks, wild, pattern


def _matching(token: str, game: Game) -> np.ndarray:
    """Indices into :func:`every_hand` of the hands a token names."""
    combos, masks, rank_counts, suit_counts = every_hand(game.hole_cards)
    if token.lower() in ("random", "x" * game.hole_cards):
        return np.arange(len(combos))
    cards, ranks, _, pattern = _pattern(token, game)
    needed = np.uint64(sum(1 << card.id for card in cards))
    keep = (masks & needed) == needed
    required = np.zeros(13, dtype=np.int8)
    for rank in ranks + [card.rank for card in cards]:
        required[rank] += 1
    for needed_rank in np.flatnonzero(required):
        keep &= rank_counts[:, needed_rank] >= required[needed_rank]
    if pattern == "ds":
        keep &= (suit_counts[:, 0] == 2) & (suit_counts[:, 1] == 2)
    elif pattern == "ss":
        keep &= (suit_counts[:, 0] == 2) & (suit_counts[:, 1] < 2)
    elif pattern == "r":
        keep &= suit_counts[:, 0] == 1
    return np.flatnonzero(keep)


class OmahaRange(Range):
    """A weighted set of Omaha hands (see the module doc); made by ``Range(text, game=...)``.

    ``len`` counts the hands; iteration yields ``(cards, weight)``; ``combos`` (n, h) and
    ``weights`` are the arrays for the equity engine. Ranges compare equal when they hold the
    same hands with the same weights. ``str`` is the text the range was read from (a range
    made by :meth:`without` says which cards it went without).

    Raises:
        RangeParseError: the text is not a range of the game's hands (the message names the bad token), or ``text``
            is not text.
        GameError: an unknown game, or a game with two hole cards (hold'em and short deck take
            ``Range``).
    """

    __slots__ = ("_hands", "_hand_weights", "_given", "_game")
    _hands: np.ndarray
    _hand_weights: np.ndarray
    _given: str
    _game: Game

    def __init__(self, text: Any, game: Any = "omaha") -> None:
        rules = resolve_game(game)
        if rules.hole_cards == 2:
            raise GameError(f"an OmahaRange holds the hands of an Omaha game, not {rules.name}: use Range(text)")
        if isinstance(text, OmahaRange):
            self._hands, self._hand_weights, self._given, self._game = (
                text._hands, text._hand_weights, text._given, text._game)
            return
        if not isinstance(text, str):
            raise RangeParseError(f"a range is text such as 'AAxx, KKQQds', got {type(text).__name__}")
        self._game = rules
        self._hands, self._hand_weights = _parse(text, rules)
        self._given = ", ".join(part.strip() for part in text.split(",") if part.strip())

    @property
    def game(self) -> Game:
        """The game whose hands the range holds."""
        return self._game

    @property
    def combos(self) -> np.ndarray:
        """An (n, h) uint8 array of card ids, highest card first in each hand."""
        return self._hands.copy()

    @property
    def weights(self) -> np.ndarray:
        """The (n,) float64 weights, aligned with :attr:`combos`."""
        return self._hand_weights.copy()

    def __len__(self) -> int:
        return len(self._hands)

    def __iter__(self) -> Iterator[tuple[tuple[Card, ...], float]]:  # type: ignore[override]  # more cards
        for hand, weight in zip(self._hands.tolist(), self._hand_weights.tolist(), strict=True):
            yield tuple(CARDS[card] for card in hand), weight

    def _row(self, hand: CardsLike) -> Optional[int]:
        cards = parse_cards(hand)
        if len(cards) != self._game.hole_cards:
            raise RangeParseError(f"{self._game.title} hands have {self._game.hole_cards} cards, got {len(cards)}")
        wanted = sorted((card.id for card in cards), reverse=True)
        rows = np.flatnonzero((self._hands == np.array(wanted, dtype=np.uint8)).all(axis=1))
        return int(rows[0]) if len(rows) else None

    def __contains__(self, hand: object) -> bool:
        try:
            return self._row(hand) is not None  # type: ignore[arg-type]
        except ShowdownError:
            return False

    def weight(self, combo: CardsLike) -> float:
        """The weight of one hand (0 when it is not in the range).

        >>> Range("AAxx:0.5", game="omaha").weight("As Ad 7c 2h")
        0.5

        Raises:
            RangeParseError: ``combo`` is not the game's number of hole cards.
            CardParseError: a token is not a card (the message quotes it).
            DuplicateCardError: ``combo`` names one card twice.
        """
        row = self._row(combo)
        return 0.0 if row is None else float(self._hand_weights[row])

    def without(self, cards: CardsLike) -> OmahaRange:
        """A new range without every hand that holds one of ``cards``.

        Raises:
            CardParseError: a token is not a card (the message quotes it).
        """
        dead = np.zeros(52, dtype=bool)
        for card in parse_cards(cards, allow_duplicates=True):
            dead[card.id] = True
        keep = ~dead[self._hands].any(axis=1)
        result = object.__new__(OmahaRange)
        result._hands, result._hand_weights = self._hands[keep], self._hand_weights[keep]
        result._given, result._game = f"{self._given} (without {_card_list(dead)})", self._game
        return result

    def remove(self, board: CardsLike = "", dead: CardsLike = "") -> OmahaRange:
        """A new range without the hands that touch the ``board`` or ``dead`` cards.

        Raises:
            CardParseError: a token is not a card (the message quotes it).
        """
        return self.without([*parse_cards(board, allow_duplicates=True), *parse_cards(dead, allow_duplicates=True)])

    def _two_card_only(name: str) -> Any:  # type: ignore[misc]  # builds the methods below
        def refuse(*args: Any, **kwargs: Any) -> Any:
            raise GameError(f"Range.{name} works on two-card ranges (hold'em, short deck), not on Omaha ranges")

        refuse.__doc__ = f"Not for Omaha ranges: raises GameError (``Range.{name}`` takes two-card combos)."
        return refuse

    split = _two_card_only("split")
    filter = _two_card_only("filter")
    with_weights = _two_card_only("with_weights")
    hand_combos = _two_card_only("hand_combos")
    from_combos = staticmethod(_two_card_only("from_combos"))
    top = staticmethod(_two_card_only("top"))
    del _two_card_only

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OmahaRange):
            return NotImplemented
        return (self._game == other._game and np.array_equal(self._hands, other._hands)
                and np.array_equal(self._hand_weights, other._hand_weights))

    def __hash__(self) -> int:
        return hash((self._game.name, self._hands.tobytes(), self._hand_weights.tobytes()))

    def __str__(self) -> str:
        return self._given

    def __repr__(self) -> str:
        return f"Range({self._given!r}, game={self._game.name!r})"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the text, the game, the number of hands and their total weight.

        >>> Range("AAKKds", game="omaha").to_dict()["hands"]
        6
        """
        return {"text": self._given, "game": self._game.name, "hands": len(self),
                "weight": float(self._hand_weights.sum())}


def _card_list(dead: np.ndarray) -> str:
    return " ".join(str(CARDS[card]) for card in np.flatnonzero(dead))


def _parse(text: str, game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The hands (rows of ids) and weights of Omaha range text."""
    tokens = _tokenize(text)
    if not tokens:
        raise RangeParseError(f"empty range {shown(text, 80)} (use e.g. 'random' for every hand)")
    if len(tokens) > MAX_TOKENS:
        raise RangeParseError(f"an Omaha range takes at most {MAX_TOKENS:,} tokens (each costs about a millisecond),"
                              f" got {len(tokens):,}")
    if game.hole_cards > FILTERED_HOLE_CARDS:

        def error(token: str, position: int, reason: str) -> RangeParseError:
            return RangeParseError(f"bad range token {shown(token)} at position {position + 1} of {shown(text, 80)}:"
                                   f" {reason}")

        return _exact_hands(tokens, game, error)
    every = every_hand(game.hole_cards)[0]

    def indices_of(expression: str, weighted: bool) -> np.ndarray:
        try:
            indices = _matching(expression, game)
        except ShowdownError as reason:
            raise _Reason(str(reason)) from None
        if not len(indices):
            raise _Reason(f"no {game.title} hand matches it")
        return indices

    weights = parse_weighted(text, len(every), indices_of,
                             lambda index: "hand " + "".join(str(CARDS[card]) for card in every[index]), tokens)
    chosen = np.flatnonzero(weights)
    return np.ascontiguousarray(every[chosen]), weights[chosen]


def _exact_hands(tokens: list[tuple[str, int]], game: Game, error: Any) -> tuple[np.ndarray, np.ndarray]:
    """Six-card Omaha ranges: exact hands (with weights) only."""
    found: dict[tuple[int, ...], float] = {}
    for token, position in tokens:
        expression, colon, weight_text = token.partition(":")
        try:
            weight = _weight(weight_text) if colon else 1.0
            cards = parse_cards(expression)
        except (_Reason, ShowdownError) as reason:
            raise error(token, position, f"{reason} (a {game.title} range takes exact hands only; a player"
                                         " given as 'random' is dealt by Monte Carlo)") from None
        if len(cards) != game.hole_cards:
            raise error(token, position, f"{game.title} hands have {game.hole_cards} cards, got {len(cards)}")
        key = tuple(sorted((card.id for card in cards), reverse=True))
        if found.get(key, weight) != weight:
            raise error(token, position, "the hand already has another weight")
        found[key] = weight
    hands = np.array(list(found), dtype=np.uint8).reshape(-1, game.hole_cards)
    return hands, np.array(list(found.values()), dtype=np.float64)


register_range_kind(OmahaRange)
