"""The inputs of an equity question, checked once: 2 to 10 players (exact hands or ranges), the
board and the dead cards, as the arrays the kernels take.

>>> question = prepare(["AcAd", "QQ+"], "2c 7d 9h")
>>> [player.name for player in question.players], len(question.players[1].combos)
(['AcAd', 'QQ+'], 13)
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional, Union

import numpy as np

from showdown.cards import CARDS, Card, board_order, is_board, parse_board, parse_cards
from showdown.errors import (
    DuplicateCardError,
    EmptyRangeError,
    EquityError,
    GameError,
    HandSizeError,
    PlayerCountError,
    ShowdownError,
)
from showdown.games import GAMES, Game, GameLike, check_in_deck, resolve_game
from showdown.omaha_ranges import FILTERED_HOLE_CARDS, OmahaRange
from showdown.quantities import shown
from showdown.ranges import Range

PlayerLike = Union[str, Range, Sequence[Any]]
"""A player: an exact hand (text, Cards or ids), a :class:`~showdown.Range`, or range text."""
PlayersLike = Union[Sequence[PlayerLike], Mapping[str, PlayerLike]]
"""Players in order, or a dict of name -> hand or range (the names then label the result)."""

MIN_PLAYERS = 2
"""The fewest players of an equity question."""
MAX_PLAYERS = 10
"""The most players of an equity question (and so of the odds grid and the board study)."""


@dataclass
class Player:
    """One player's combos (an (n, h) uint8 array of card ids, h the game's hole cards), their
    weights, and whether the hand is exact (one combo) rather than a range."""

    name: str
    combos: np.ndarray
    weights: np.ndarray
    fixed: bool
    hand: str = ""
    """The hand or range as given (the name too, unless the player was named)."""
    dealt: bool = False
    """A random hand dealt from the deck at each deal, its hands not listed (``random`` in
    six-card Omaha, whose 20,358,520 hands are too many to hold): Monte Carlo only."""


@dataclass
class Question:
    """A checked equity question: the players with the known cards taken out of their ranges,
    the board, the dead cards, and the arrays the kernels take (players padded to one size)."""

    players: list[Player]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    combos: np.ndarray  # (P, n, h) uint8
    sizes: np.ndarray  # (P,) int64
    weights: np.ndarray  # (P, n) float64
    game: Game = field(default=GAMES["holdem"])

    @property
    def to_come(self) -> int:
        """Board cards still to come."""
        return 5 - len(self.board)

    @property
    def assignments(self) -> int:
        """Hole-card assignments: the product of the players' numbers of combos (for a dealt
        player, of the hands the deck left can make)."""
        hands = math.comb(len(self.deck), self.game.hole_cards)
        return math.prod(hands if p.dealt else len(p.combos) for p in self.players)

    @property
    def deck(self) -> list[int]:
        """The ids of the cards neither on the board nor dead, in order."""
        known = {c.id for c in self.board} | {c.id for c in self.dead}
        return [card.id for card in self.game.deck if card.id not in known]

    @property
    def boards(self) -> int:
        """The boards still to come for one assignment of hole cards."""
        return math.comb(len(self.deck) - self.game.hole_cards * len(self.players), self.to_come)

    @property
    def texts(self) -> tuple[str, str]:
        """The board and the dead cards as text."""
        return " ".join(map(str, self.board)), " ".join(map(str, self.dead))


def _player(label: str, player: Any, game: Game) -> Player:
    """One player's hand or range; ``label`` (``player 2`` or ``player 'bob'``) starts its errors."""
    if game.hole_cards != 2:
        return _many_cards(label, player, game)
    if isinstance(player, OmahaRange):
        raise GameError(f"{label}: the range {shown(str(player))} holds {player.game.hole_cards}-card hands;"
                        f" {game.title}"
                        " deals 2")
    if isinstance(player, Range):
        try:
            hands = Range(player, game=game)
        except ShowdownError as error:
            raise type(error)(f"{label}: {error}") from None
        return Player(str(hands), hands.combos, hands.weights, False, str(hands))
    def range_text(text: str) -> Player:
        try:
            rng = Range(text, game=game)
        except ShowdownError as error:
            raise type(error)(f"{label}: {error}") from None
        return Player(text.strip(), rng.combos, rng.weights, False, text.strip())

    cards: Optional[tuple[Card, ...]] = None
    if isinstance(player, str):
        try:
            cards = parse_cards(player, allow_duplicates=True)
        except ShowdownError:
            return range_text(player)
    else:
        try:
            cards = parse_cards(player, allow_duplicates=True)
        except ShowdownError as error:
            raise type(error)(f"{label}: {error}") from None
    if len(cards) != 2:
        if isinstance(player, str) and len(cards) % 2 == 0:  # combos of a range: "AdAc, AsKs"
            with contextlib.suppress(ShowdownError):
                return range_text(player)
        raise HandSizeError(f"{label}: a hand has two cards, got {len(cards)} in {shown(player)}")
    if cards[0] == cards[1]:
        raise DuplicateCardError(f"{label}: card {cards[0]} appears twice in {shown(player)}")
    text = player.strip() if isinstance(player, str) else "".join(map(str, cards))
    check_in_deck(cards, game, f" of {label}")
    high, low = sorted(cards, reverse=True)
    return Player(text, np.array([[high.id, low.id]], dtype=np.uint8), np.ones(1), True, text)


def _many_cards(label: str, player: Any, game: Game) -> Player:
    """An Omaha player: the game's number of hole cards, an Omaha range or its text (or, in
    six-card Omaha, ``random``: a hand dealt at each deal)."""
    if (isinstance(player, str) and game.hole_cards > FILTERED_HOLE_CARDS
            and player.strip().lower() in ("random", "x" * game.hole_cards)):
        text = player.strip()
        return Player(text, np.zeros((0, game.hole_cards), dtype=np.uint8), np.zeros(0), False, text, dealt=True)
    if isinstance(player, Range):
        if not isinstance(player, OmahaRange) or player.game.hole_cards != game.hole_cards:
            dealt = player.game.hole_cards if isinstance(player, OmahaRange) else 2
            raise GameError(f"{label}: the range {shown(str(player))} holds {dealt}-card hands; {game.title} deals"
                            f" {game.hole_cards}")
        return Player(str(player), player.combos, player.weights, False, str(player))
    try:
        cards = parse_cards(player)
    except ShowdownError as error:
        if not isinstance(player, str):
            raise type(error)(f"{label}: {error}") from None
        try:
            hands = Range(player, game=game)
        except ShowdownError as range_error:
            raise type(range_error)(f"{label}: {range_error}") from None
        return Player(player.strip(), hands.combos, hands.weights, False, player.strip())
    if len(cards) != game.hole_cards:
        raise HandSizeError(f"{label}: {game.title} deals {game.hole_cards} hole cards, got {len(cards)} in"
                            f" {shown(player)}")
    text = player.strip() if isinstance(player, str) else "".join(map(str, cards))
    ordered = sorted(cards, reverse=True)
    return Player(text, np.array([[card.id for card in ordered]], dtype=np.uint8), np.ones(1), True, text)


def _named(players: Mapping[Any, Any]) -> tuple[list[str], list[Any]]:
    """The names (kept exactly as given) and hands of players given as a dict name -> hand or range."""
    for key in players:
        if not isinstance(key, str) or not key.strip():
            raise EquityError(f"a player's name must be non-empty text, got {shown(key)}")
    return list(players), list(players.values())


def prepare(players: Any, board: Any = "", dead: Any = "", game: GameLike = "holdem") -> Question:
    """Check an equity question and put it in the kernels' terms; every problem is an error that
    names it (a bad card or range token, a card used twice, too many players, an empty range)."""
    rules = resolve_game(game)
    if is_board(players):
        raise board_order("equity(players, board)", players, PlayerCountError)
    if isinstance(players, (str, Range)) or not hasattr(players, "__len__"):
        raise PlayerCountError(f"players must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} hands or ranges, or a dict"
                               " of name -> hand or range")
    names: Optional[list[str]] = None
    if isinstance(players, Mapping):
        names, players = _named(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise PlayerCountError(f"equity needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}")
    board_cards = parse_board(board)
    dead_cards = parse_cards(dead)
    check_in_deck(board_cards, rules, " on the board")
    check_in_deck(dead_cards, rules, " among the dead cards")
    owner: dict[Card, str] = {}
    for card in board_cards:
        owner[card] = "the board"
    for card in dead_cards:
        if card in owner:
            raise DuplicateCardError(f"card {card} is both dead and on {owner[card]}")
        owner[card] = "the dead cards"
    labels = [f"player {shown(name)}" for name in names] if names else [f"player {i + 1}" for i in range(len(players))]
    parsed = [_player(label, p, rules) for label, p in zip(labels, players, strict=True)]
    for player, name in zip(parsed, names or (), strict=False):
        player.name = name
    for label, player in zip(labels, parsed, strict=True):
        if player.fixed:
            who = label if names else f"{label} ({player.name})"
            for card_id in player.combos[0].tolist():
                card = CARDS[card_id]
                if card in owner:
                    raise DuplicateCardError(f"card {card} of {who} is also in {owner[card]}")
                owner[card] = f"the hand of {who}"
    needed = rules.hole_cards * len(parsed) + 5 + len(dead_cards)
    if needed > rules.deck_size:
        raise HandSizeError(
            f"{len(parsed)} players, a full board and {len(dead_cards)} dead cards need {needed} cards;"
            f" the deck holds {rules.deck_size}"
        )
    known = np.zeros(52, dtype=bool)
    for card in owner:
        known[card.id] = True
    known[: rules.lowest_card_id] = True  # a range's hands outside the deck are not dealt
    for label, player in zip(labels, parsed, strict=True):
        if player.fixed or player.dealt:
            continue
        keep = ~known[player.combos].any(axis=1)
        if not keep.any():
            raise EmptyRangeError(
                f"the range {shown(player.hand)} of {label} is empty once the board, dead cards and other"
                " players' hands are removed"
            )
        player.combos = np.ascontiguousarray(player.combos[keep])
        weights = player.weights[keep]
        player.weights = np.ascontiguousarray(weights / weights.max())  # relative: the largest is 1
    size = max(1, *(len(p.combos) for p in parsed))  # a dealt player has none: its size is 0
    combos = np.zeros((len(parsed), size, rules.hole_cards), dtype=np.uint8)
    weights = np.zeros((len(parsed), size), dtype=np.float64)
    sizes = np.array([len(p.combos) for p in parsed], dtype=np.int64)
    for i, p in enumerate(parsed):
        combos[i, : len(p.combos)] = p.combos
        weights[i, : len(p.combos)] = p.weights
    return Question(parsed, board_cards, dead_cards, combos, sizes, weights, rules)
