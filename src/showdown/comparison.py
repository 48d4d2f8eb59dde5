"""Showdown: two or more players' hole cards on one board, who wins and who splits.

>>> result = showdown("Ac Kc Jc 5c Th", {"alice": "8c 7h", "bob": "Ad 4s"})
>>> result.winners
('alice',)
>>> str(result.ranks["alice"])
'Flush, Ace-King-Jack-Eight-Five'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Optional, Union

from showdown.cards import Card, CardsLike, Deck, board_text, format_cards, parse_board, parse_cards
from showdown.errors import DuplicateCardError, HandSizeError, ShowdownError
from showdown.evaluation import HandRank, evaluate

MIN_PLAYERS = 2
MAX_PLAYERS = 23  # 23 * 2 hole cards + 5 board cards = 51 cards
PlayerKey = Union[int, str]


@dataclass(frozen=True)
class ShowdownResult:
    """Each player's hand and the winners. Keys are names when hands were given as a dict,
    indices when they were given as a list."""

    board: tuple[Card, ...]
    holes: dict[PlayerKey, tuple[Card, ...]]
    ranks: dict[PlayerKey, HandRank]
    winners: tuple[PlayerKey, ...]

    @property
    def is_split(self) -> bool:
        """True when two or more players tie for the best hand."""
        return len(self.winners) > 1

    @property
    def winning_rank(self) -> HandRank:
        """The best hand at the table."""
        return self.ranks[self.winners[0]]

    @property
    def verdict(self) -> str:
        """Who takes the pot, in a sentence.

        >>> showdown("2c 3d 4h 9s 9d", {"bob": "As Ks", "carol": "Ah Kh"}).verdict
        'Split pot between bob and carol with One Pair, Nines, Ace-King-Four kickers'
        """
        if self.is_split:
            names = [str(name) for name in self.winners]
            return f"Split pot between {', '.join(names[:-1])} and {names[-1]} with {self.winning_rank}"
        return f"{self.winners[0]} wins with {self.winning_rank}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the board, each player (``name``, hole cards, ``hand``: the
        :meth:`HandRank.to_dict` of their best hand, whether they win), the winners' names,
        whether the pot is split, and the verdict in a sentence. ``name`` is the player's name,
        or the index when the hands were given as a list."""
        return {
            "board": [str(card) for card in self.board],
            "players": [
                {"name": key, "hole": [str(c) for c in self.holes[key]], "hand": self.ranks[key].to_dict(),
                 "winner": key in self.winners}
                for key in self.ranks
            ],
            "winners": list(self.winners),
            "is_split": self.is_split,
            "verdict": self.verdict,
        }

    def __str__(self) -> str:
        text = board_text(self.board)
        lines = [text[:1].upper() + text[1:]]
        for key, rank in self.ranks.items():
            mark = "  <- wins" if key in self.winners and not self.is_split else ""
            mark = "  <- splits" if key in self.winners and self.is_split else mark
            lines.append(f"{key}: {format_cards(self.holes[key])}  {rank.description}{mark}")
        return "\n".join(lines)


def player_names(names: Sequence[Optional[str]]) -> list[str]:
    """Names for players given in order: each name stripped, a missing one (None) ``P1``,
    ``P2``, ... by position; an empty or repeated name is an error.

    >>> player_names(["alice", None, " bob "])
    ['alice', 'P2', 'bob']
    """
    result: list[str] = []
    for number, name in enumerate(names, start=1):
        text = f"P{number}" if name is None else str(name).strip()
        if not text:
            raise ShowdownError(f"player {number} has an empty name")
        if text in result:
            raise ShowdownError(f"player name {text!r} is used twice")
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


def showdown(board: CardsLike, hands: Union[Mapping[str, CardsLike], Sequence[CardsLike]]) -> ShowdownResult:
    """Compare 2 to 23 players' hands on a board of 0, 3, 4 or 5 cards.

    ``hands`` is a list (results keyed by index) or a dict name -> cards (keyed by name). Every
    player shows at least one card and has five to seven with the board: a player with no cards
    is not in the showdown (leave them out).

    >>> showdown("2c 3d 4h 9s 9d", ["As Ks", "Ah Kh"]).is_split
    True
    >>> showdown("As Ks Qs Js Ts", {"alice": "2c 3c", "bob": ""})
    Traceback (most recent call last):
    showdown.errors.HandSizeError: player 'bob' shows no cards; a player who does not show down is left out
    """
    board_cards = parse_board(board)
    holes = _player_hands(hands)
    if not MIN_PLAYERS <= len(holes) <= MAX_PLAYERS:
        raise ShowdownError(f"a showdown needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(holes)}")
    owner: dict[Card, str] = {card: "the board" for card in board_cards}
    for key, hole in holes.items():
        if not hole:
            raise HandSizeError(f"player {key!r} shows no cards; a player who does not show down is left out")
        total = len(hole) + len(board_cards)
        if not 5 <= total <= 7:
            raise HandSizeError(
                f"player {key!r} has {total} cards with the board ({len(hole)} in hand); a showdown needs 5 to 7"
            )
        for card in hole:
            if card in owner:
                raise DuplicateCardError(f"card {card} is in the hand of player {key!r} and in {owner[card]}")
            owner[card] = f"the hand of player {key!r}"
    ranks = {key: evaluate(hole + board_cards) for key, hole in holes.items()}
    best = max(rank.value for rank in ranks.values())
    winners = tuple(key for key, rank in ranks.items() if rank.value == best)
    return ShowdownResult(board=board_cards, holes=holes, ranks=ranks, winners=winners)


def deal_showdown(players: int = 4, *, seed: Optional[int] = None) -> ShowdownResult:
    """Deal two cards to each of 2 to 23 players (named P1, P2, ...) and a board from a deck
    shuffled with ``seed``, and show them down.

    >>> result = deal_showdown(3, seed=7)
    >>> list(result.holes), len(result.board)
    (['P1', 'P2', 'P3'], 5)
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ShowdownError(f"a deal needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players!r}")
    deck = Deck(seed=seed)
    holes = {f"P{number}": deck.deal(2) for number in range(1, players + 1)}
    return showdown(deck.deal(5), holes)
