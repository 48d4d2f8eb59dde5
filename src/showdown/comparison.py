"""Showdown: two or more players' hole cards on one board, who wins and who splits.

>>> result = showdown({"alice": "8c 7h", "bob": "Ad 4s"}, "Ac Kc Jc 5c Th")
>>> result.winners
('alice',)
>>> str(result.ranks["alice"])
'Flush, Ace-King-Jack-Eight-Five'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from showdown.cards import (
    Card,
    CardsLike,
    Deck,
    board_text,
    format_cards,
    is_board,
    parse_board,
    parse_cards,
    warn_board_first,
)
from showdown.errors import DuplicateCardError, HandSizeError, ShowdownError
from showdown.evaluation import HandRank, evaluate
from showdown.games import GAMES, Game, GameLike, check_in_deck, resolve_game
from showdown.low_hands import LowRank, evaluate_low
from showdown.quantities import as_whole, brief_repr, shown

PlayerKey = Union[int, str]


def max_players(game: Game) -> int:
    """How many players a game's deck can deal to with a full board: 23 in hold'em, 15 in
    short deck, 11 in Omaha, 9 with five hole cards, 7 with six.

    >>> max_players(GAMES["omaha"])
    11
    """
    return (game.deck_size - 5) // game.hole_cards


MIN_PLAYERS = 2
"""The fewest players of a showdown."""
MAX_PLAYERS = max_players(GAMES["holdem"])
"""The most players of a hold'em showdown: 23 x 2 hole cards + 5 board cards = 51 cards (fewer
in the other games: :func:`max_players`)."""


def _names(keys: Sequence[PlayerKey]) -> str:
    names = [str(key) for key in keys]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass(frozen=True)
class ShowdownResult:
    """Each player's hand and the winners. Keys are names when hands were given as a dict,
    indices when they were given as a list. In a hi-lo game the low half goes to
    ``low_winners`` (empty when no low qualifies: the high hand then takes the whole pot)."""

    board: tuple[Card, ...]
    holes: dict[PlayerKey, tuple[Card, ...]]
    ranks: dict[PlayerKey, HandRank]
    winners: tuple[PlayerKey, ...]
    game: Game = GAMES["holdem"]
    lows: dict[PlayerKey, Optional[LowRank]] = field(default_factory=dict)
    low_winners: tuple[PlayerKey, ...] = ()

    def __repr__(self) -> str:
        return brief_repr(self, "board", "holes", "winners", "game")

    @property
    def is_split(self) -> bool:
        """True when two or more players tie for the best hand."""
        return len(self.winners) > 1

    @property
    def winning_rank(self) -> HandRank:
        """The best hand at the table."""
        return self.ranks[self.winners[0]]

    @property
    def winning_low(self) -> Optional[LowRank]:
        """The best qualifying low at the table (None without one, or in a game without low)."""
        return self.lows[self.low_winners[0]] if self.low_winners else None

    @property
    def scoopers(self) -> tuple[PlayerKey, ...]:
        """The player who takes the whole pot alone (the high and, when one qualifies, the low),
        or nobody when it is shared.

        >>> showdown({"ann": "3c 4c Ks Qc", "bo": "Qd Jd 9c 9s"}, "Ac 2d 5s Kh Kd", game="omaha-hilo").scoopers
        ('ann',)
        """
        if len(self.winners) == 1 and self.low_winners in ((), self.winners):
            return self.winners
        return ()

    @property
    def verdict(self) -> str:
        """Who takes the pot, in a sentence.

        >>> showdown({"bob": "As Ks", "carol": "Ah Kh"}, "2c 3d 4h 9s 9d").verdict
        'Split pot between bob and carol with One Pair, Nines, Ace-King-Four kickers'
        >>> showdown({"ann": "3c 4c Ks Qc", "bo": "Qd Jd 9c 9s"}, "Ac 2d 5s Kh Kd", game="omaha-hilo").verdict
        'ann scoops with Straight, Five high and 5-4-3-2-A low'
        """
        if not self.game.low:
            if self.is_split:
                return f"Split pot between {_names(self.winners)} with {self.winning_rank}"
            return f"{self.winners[0]} wins with {self.winning_rank}"
        if self.scoopers and self.winning_low is not None:
            return f"{self.winners[0]} scoops with {self.winning_rank} and {self.winning_low}"
        high = (f"{_names(self.winners)} split the high" if self.is_split else f"{self.winners[0]} wins the high")
        high += f" with {self.winning_rank}"
        if self.winning_low is None:
            return f"{high}; no low qualifies, so the high takes the whole pot"
        if len(self.low_winners) > 1:
            return f"{high}; {_names(self.low_winners)} split the low with {self.winning_low}"
        return f"{high}; {self.low_winners[0]} wins the low with {self.winning_low}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the game, the board, each player (``name``, hole cards, ``hand``:
        the :meth:`HandRank.to_dict` of their best hand, ``low``: their low's dict or None,
        whether they win the high and the low), the winners' names (high, low, scoopers),
        whether the pot is split, and the verdict in a sentence. ``name`` is the player's name,
        or the index when the hands were given as a list."""
        return {
            "game": self.game.name,
            "board": [str(card) for card in self.board],
            "players": [
                {"name": key, "hole": [str(c) for c in self.holes[key]], "hand": self.ranks[key].to_dict(),
                 "low": _low_dict(self.lows.get(key)), "winner": key in self.winners,
                 "low_winner": key in self.low_winners}
                for key in self.ranks
            ],
            "winners": list(self.winners),
            "low_winners": list(self.low_winners),
            "scoopers": list(self.scoopers),
            "is_split": self.is_split,
            "verdict": self.verdict,
        }

    def __str__(self) -> str:
        text = board_text(self.board)
        lines = [text[:1].upper() + text[1:]]
        for key, rank in self.ranks.items():
            mark = "  <- wins" if key in self.winners and not self.is_split else ""
            mark = "  <- splits" if key in self.winners and self.is_split else mark
            low = self.lows.get(key)
            if self.game.low:
                text = f"; {low.description}" if low is not None else "; no low"
                if key in self.low_winners:
                    text += "  <- wins the low" if len(self.low_winners) == 1 else "  <- splits the low"
                mark = mark.replace("wins", "wins the high").replace("splits", "splits the high")
                lines.append(f"{key}: {format_cards(self.holes[key])}  {rank.description}{mark}{text}")
            else:
                lines.append(f"{key}: {format_cards(self.holes[key])}  {rank.description}{mark}")
        return "\n".join(lines)


def _low_dict(low: Optional[LowRank]) -> Optional[dict[str, Any]]:
    return None if low is None else low.to_dict()


def player_names(names: Sequence[Optional[str]]) -> list[str]:
    """Names for players given in order: each name stripped, a missing one (None) ``P1``,
    ``P2``, ... by position; an empty or repeated name is an error.

    >>> player_names(["alice", None, " bob "])
    ['alice', 'P2', 'bob']

    Raises:
        ShowdownError: a name is empty or used twice.
    """
    result: list[str] = []
    for number, name in enumerate(names, start=1):
        text = f"P{number}" if name is None else str(name).strip()
        if not text:
            raise ShowdownError(f"player {number} has an empty name")
        if text in result:
            raise ShowdownError(f"player name {shown(text)} is used twice")
        result.append(text)
    return result


def _player_hands(hands: Union[Mapping[str, CardsLike], Sequence[CardsLike]]) -> dict[PlayerKey, tuple[Card, ...]]:
    if isinstance(hands, Mapping):
        items: list[tuple[PlayerKey, CardsLike]] = list(hands.items())
    elif isinstance(hands, (str, Card)) or not isinstance(hands, Sequence):
        raise ShowdownError("hands must be a list of hands or a dict of name -> hand")
    else:
        items = list(enumerate(hands))
    return {key: parse_cards(cards) for key, cards in items}


def showdown(
    hands: Union[Mapping[str, CardsLike], Sequence[CardsLike]],
    board: CardsLike = "",
    *,
    game: GameLike = "holdem",
) -> ShowdownResult:
    """Compare 2 to 23 players' hands on a board of 0, 3, 4 or 5 cards (in Omaha each player
    shows the game's hole cards on a board of 3 to 5; hi-lo games also award the low half).

    ``hands`` is a list (results keyed by index) or a dict name -> cards (keyed by name). Every
    player shows at least one card and has five to seven with the board: a player with no cards
    is not in the showdown (leave them out). The board goes second, as in every call that takes
    one; the older order ``showdown(board, hands)`` works, with a ``DeprecationWarning``, until
    showdown 0.3.

    >>> showdown(["As Ks", "Ah Kh"], "2c 3d 4h 9s 9d").is_split
    True
    >>> showdown({"alice": "2c 3c", "bob": ""}, "As Ks Qs Js Ts")
    Traceback (most recent call last):
    showdown.errors.HandSizeError: player 'bob' shows no cards; a player who does not show down is left out

    Raises:
        ShowdownError: fewer than 2 players or more than the deck deals to, or ``hands`` is not a list or a dict.
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card appears twice (on the board, in a hand, or in both).
        HandSizeError: a board of 1, 2 or more than 5 cards, a player with no cards, or not 5 to 7 cards with the
            board (in Omaha: not the game's hole cards, or fewer than 3 board cards).
        GameError: an unknown game, or a card the short deck does not have.
    """
    if ((isinstance(board, Mapping) or (isinstance(board, (list, tuple)) and not is_board(board)))
            and (isinstance(hands, (str, Card)) or is_board(hands))):
        warn_board_first("showdown(board, hands)", "showdown(hands, board)")
        hands, board = board, hands
    rules = resolve_game(game)
    board_cards = parse_board(board)
    holes = _player_hands(hands)
    most = max_players(rules)
    if not MIN_PLAYERS <= len(holes) <= most:
        raise ShowdownError(f"a {rules.title} showdown needs {MIN_PLAYERS} to {most} players, got {len(holes)}")
    if rules.omaha and len(board_cards) < 3:
        raise HandSizeError(f"{rules.title} plays three board cards: a showdown needs 3 to 5, got {len(board_cards)}")
    check_in_deck(board_cards, rules, " on the board")
    owner: dict[Card, str] = {card: "the board" for card in board_cards}
    for key, hole in holes.items():
        if not hole:
            raise HandSizeError(f"player {shown(key)} shows no cards; a player who does not show down is left out")
        if rules.omaha and len(hole) != rules.hole_cards:
            raise HandSizeError(
                f"player {shown(key)} shows {len(hole)} cards; {rules.title} deals {rules.hole_cards} hole cards to a"
                " player"
            )
        total = len(hole) + len(board_cards)
        if not rules.omaha and not 5 <= total <= 7:
            raise HandSizeError(
                f"player {shown(key)} has {total} cards with the board ({len(hole)} in hand); a showdown needs 5 to 7"
            )
        check_in_deck(hole, rules, f" in the hand of player {shown(key)}")
        for card in hole:
            if card in owner:
                raise DuplicateCardError(f"card {card} is in the hand of player {shown(key)} and in {owner[card]}")
            owner[card] = f"the hand of player {shown(key)}"
    ranks = {key: evaluate(hole, board_cards, game=rules) for key, hole in holes.items()}
    best = max(rank.value for rank in ranks.values())
    winners = tuple(key for key, rank in ranks.items() if rank.value == best)
    if not rules.low:
        return ShowdownResult(board=board_cards, holes=holes, ranks=ranks, winners=winners, game=rules)
    lows = {key: evaluate_low(hole, board_cards, game=rules) for key, hole in holes.items()}
    best_low = max((low.value for low in lows.values() if low is not None), default=0)
    low_winners = tuple(key for key, low in lows.items() if low is not None and low.value == best_low)
    return ShowdownResult(board_cards, holes, ranks, winners, rules, lows, low_winners)


def deal_showdown(players: int = 4, *, seed: Optional[int] = None, game: GameLike = "holdem") -> ShowdownResult:
    """Deal the game's hole cards to each of 2 to 23 players (named P1, P2, ...; fewer in games
    that deal more cards or use a short deck) and a board from a deck shuffled with ``seed``,
    and show them down.

    >>> result = deal_showdown(3, seed=7)
    >>> list(result.holes), len(result.board)
    (['P1', 'P2', 'P3'], 5)
    >>> [len(hole) for hole in deal_showdown(2, seed=7, game="omaha").holes.values()]
    [4, 4]

    Raises:
        ShowdownError: ``players`` is not a whole number from 2 to the most the game deals to, or ``seed`` is not a
            whole number from 0 to ``2**64 - 1``.
        GameError: an unknown game.
    """
    rules = resolve_game(game)
    most = max_players(rules)
    whole = as_whole(players)
    if whole is None or not MIN_PLAYERS <= players <= most:
        raise ShowdownError(f"a {rules.title} deal needs {MIN_PLAYERS} to {most} players, got {shown(players)}")
    players = whole
    deck = Deck(seed=seed, cards=rules.deck)
    holes = {f"P{number}": deck.deal(rules.hole_cards) for number in range(1, players + 1)}
    return showdown(holes, deck.deal(5), game=rules)
