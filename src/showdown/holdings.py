"""What a two-card combo holds on a board: one made-hand class and any number of draws.

The classes, defined exactly (first that applies for the made hand):

* ``straight-flush``, ``quads``, ``full-house``, ``flush``, ``straight``: the evaluator's
  category of hole and board together (the board may play);
* then by what the hole cards do, with ranks counted as *distinct* board ranks (on K K 7, K is
  the highest and 7 the second): ``set`` (a pocket pair matching a board card), ``trips`` (one
  hole card matching a board pair), ``two-pair`` (each hole card pairs a different board card),
  ``overpair`` (a pocket pair above every board card), ``top-pair`` (a hole card pairs the
  highest board rank), ``pocket-below-top`` (a pocket pair between the highest and the second
  highest board rank; on a board of one rank, any pocket pair below it), ``middle-pair`` (a hole
  card pairs the second highest board rank), ``weak-pair`` (a hole card pairs a lower board rank,
  or a pocket pair below the second highest), ``board-pair`` (the board is paired or trips and
  the hole cards pair nothing), ``ace-high`` (an ace in the hole), ``nothing``. A hole card that
  pairs the board decides the class even when the board is paired too.

Draws, on a flop or turn and only for combos below a straight:

* ``flush-draw``: four cards of one suit among hole and board, at least one a hole card;
  ``nut-flush-draw``: a flush draw whose suit's highest card not on the board is a hole card
  (also counted as a flush draw); ``backdoor-flush-draw`` (flop only): exactly three cards of
  one suit among hole and board, at least one a hole card, and no flush draw;
* ``oesd``: two or more ranks r such that hole and board plus a card of rank r hold a higher
  straight than the board plus that card alone (or a straight where the board plus that card
  holds none), whether or not a card of rank r is left; ``gutshot``: exactly one such rank;
* ``combo-draw``: a flush draw with an oesd or a gutshot (also counted in both);
* ``overcards``: two unpaired hole cards above every board card.

In short deck (``game="short-deck"`` or ``"short-deck-trips"``) the categories are the short
deck's, the ace also makes the lowest straight A-6-7-8-9, and only ranks 6 to A can come.

>>> made, draws = classify(["Ah Kh", "9c 9d", "Qh Jh"], "Kd 9h 2h")
>>> made
['top-pair', 'set', 'nothing']
>>> draws
[['flush-draw', 'nut-flush-draw'], [], ['flush-draw', 'gutshot', 'combo-draw']]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Optional

import numpy as np

from showdown.cards import Card, CardsLike, parse_cards
from showdown.errors import DuplicateCardError, HandSizeError, StudyError
from showdown.games import GAMES, Game, GameLike, check_in_deck, resolve_game
from showdown.quantities import shown

__all__ = ["DRAW_CLASSES", "MADE_CLASSES", "classify"]

MADE_CLASSES: tuple[str, ...] = (
    "straight-flush", "quads", "full-house", "flush", "straight", "set", "trips", "two-pair", "overpair",
    "top-pair", "pocket-below-top", "middle-pair", "weak-pair", "board-pair", "ace-high", "nothing",
)
"""The made-hand classes, strongest first: each combo is in exactly one."""

DRAW_CLASSES: tuple[str, ...] = (
    "flush-draw", "nut-flush-draw", "backdoor-flush-draw", "oesd", "gutshot", "combo-draw", "overcards",
)
"""The draw classes: a combo is in any number of them (bit ``1 << i`` of its draws)."""


def _studied(game: Game) -> bool:
    """Whether board study covers ``game``: it deals two hole cards (hold'em and short deck)."""
    return game.hole_cards == 2


STUDY_GAMES = tuple(name for name, game in GAMES.items() if _studied(game))
"""The games board study covers."""


def study_game(game: GameLike) -> Game:
    """The game of a study question: hold'em or short deck (Omaha is refused)."""
    rules = resolve_game(game)
    if not _studied(rules):
        raise StudyError(f"board study covers hold'em and short deck; {rules.title} is not supported")
    return rules


def study_cards(board: CardsLike, dead: CardsLike = "", game: GameLike = "holdem", sizes: Sequence[int] = (3, 4, 5),
                asker: str = "board study") -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The board (of one of ``sizes``: ``asker`` needs them) and dead cards of a study question,
    checked: no card twice, every card in the game's deck."""
    rules = study_game(game)
    board_cards = parse_cards(board)
    if len(board_cards) not in sizes:
        named = [f"{size} ({_STREETS[size]})" for size in sizes]
        streets = ", ".join(named[:-1]) + f" or {named[-1]}"
        raise HandSizeError(f"the board has {len(board_cards)} card{'s' * (len(board_cards) != 1)}; {asker}"
                            f" needs {streets} cards")
    dead_cards = parse_cards(dead)
    check_in_deck(board_cards, rules, " on the board")
    check_in_deck(dead_cards, rules, " among the dead cards")
    for card in dead_cards:
        if card in board_cards:
            raise DuplicateCardError(f"card {card} is both dead and on the board")
    return board_cards, dead_cards


_STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


def class_codes(combos: np.ndarray, board: Sequence[Card], game: GameLike = "holdem") -> tuple[np.ndarray, np.ndarray]:
    """The made class (an index into :data:`MADE_CLASSES`) and draw bits of each combo of an
    (n, 2) array of card ids that do not touch ``board``."""
    from showdown._kernels.study import MADE_BY_CATEGORY, _holdings

    rules = resolve_game(game)
    made_by_place = np.array([MADE_BY_CATEGORY[rules.places.index(place)] for place in range(9)], dtype=np.int64)
    made = np.empty(len(combos), dtype=np.int64)
    draws = np.empty(len(combos), dtype=np.int64)
    _holdings(np.ascontiguousarray(combos, dtype=np.uint8), np.array([c.id for c in board], dtype=np.uint8),
              made, draws, rules.rules, made_by_place)
    return made, draws


def check_class(name: str) -> str:
    """``name`` if it is a made or draw class, else a :class:`StudyError` listing the classes."""
    if name not in MADE_CLASSES and name not in DRAW_CLASSES:
        raise StudyError(f"{shown(name)} is not a hand class; the classes are {', '.join(MADE_CLASSES + DRAW_CLASSES)}")
    return name


def class_members(name: str, made: np.ndarray, draws: np.ndarray) -> np.ndarray:
    """A boolean mask of the combos in the made or draw class ``name``."""
    if check_class(name) in MADE_CLASSES:
        return made == MADE_CLASSES.index(name)  # type: ignore[no-any-return]
    return (draws >> DRAW_CLASSES.index(name)) & 1 == 1  # type: ignore[no-any-return]


def class_names(names: Optional[Iterable[str]], kind: tuple[str, ...], label: str) -> list[str]:
    """``names`` checked against one family of classes (``label`` names it in errors)."""
    if names is None:
        return []
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, Iterable) or isinstance(names, Mapping):
        raise StudyError(f"the {label} classes are a name or a list of names, got {shown(names)}")
    checked = []
    for name in names:
        if name not in kind:
            raise StudyError(f"{shown(name)} is not a {label} class; the {label} classes are {', '.join(kind)}")
        checked.append(name)
    return checked


def classify(combos: Iterable[CardsLike], board: CardsLike, game: GameLike = "holdem"
             ) -> tuple[list[str], list[list[str]]]:
    """The made class and the draws of each two-card combo on a board of 3 to 5 cards (in short
    deck the ace also makes A-6-7-8-9).

    >>> classify(["Js Td"], "9c 8d 2h")
    (['nothing'], [['oesd', 'overcards']])
    >>> classify(["Ah Kd"], "9c 8d 7h"), classify(["Ah Kd"], "9c 8d 7h", game="short-deck")
    ((['ace-high'], [['overcards']]), (['ace-high'], [['gutshot', 'overcards']]))
    """
    rules = study_game(game)
    board_cards, _ = study_cards(board, game=rules)
    rows = []
    for position, combo in enumerate(combos):
        cards = parse_cards(combo)
        if len(cards) != 2:
            raise HandSizeError(f"combo {position}: a combo has two cards, got {len(cards)} in {shown(combo)}")
        for card in cards:
            if card in board_cards:
                raise DuplicateCardError(f"card {card} of combo {position} is also on the board")
        check_in_deck(cards, rules, f" of combo {position}")
        rows.append([cards[0].id, cards[1].id])
    made, draws = class_codes(np.array(rows, dtype=np.uint8).reshape(-1, 2), board_cards, rules)
    return ([MADE_CLASSES[m] for m in made.tolist()],
            [[name for i, name in enumerate(DRAW_CLASSES) if bits >> i & 1] for bits in draws.tolist()])
