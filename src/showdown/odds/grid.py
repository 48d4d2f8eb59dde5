"""The hand odds grid: how a hand wins, and how it loses, by final hand category.

For one player's hole cards against ``opponents`` random hands, each hand category's chance of
winning the pot for the player and for the opponents (any of them). A tie shared by n players
counts 1/n to each, so heads-up a tie counts half; the player's column adds up to the player's
equity and both columns together add up to 1.

>>> grid = odds_grid("AsKs", board="Ts Qs 2d")
>>> grid.exact, grid.total
(True, 1070190)
>>> print(f"{grid.player[Category.STRAIGHT_FLUSH]:.4f}  {grid.player[Category.FLUSH]:.4f}")
0.0426  0.3024
>>> round(sum(grid.player.values()) + sum(grid.opponents.values()), 12)
1.0
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Optional

from showdown.cards import board_text, parse_cards
from showdown.errors import EquityError, HandSizeError
from showdown.evaluation import Category
from showdown.games import GameLike, resolve_game
from showdown.odds.calculation import equity
from showdown.odds.inputs import MAX_PLAYERS
from showdown.odds.planning import Plan, plan
from showdown.odds.result import EquityResult, finite
from showdown.quantities import as_whole, brief_repr, shown

MAX_OPPONENTS = MAX_PLAYERS - 1
"""The most random hands the grid plays against: with the hole cards, an equity question's most players."""


@dataclass(frozen=True)
class OddsGrid:
    """Per category, the chance the player (``player``) or some opponent (``opponents``) wins
    the pot with a hand of that category, ties counted as shares. ``equity`` is the player's
    total; ``exact``, ``total``, ``stderr``, ``elapsed`` come from the equity run behind it."""

    hole: str
    board: str
    n_opponents: int
    player: dict[Category, float]
    opponents: dict[Category, float]
    equity: float
    exact: bool
    total: int
    stderr: float
    elapsed: float

    def __repr__(self) -> str:
        return brief_repr(self, "hole", "board", "n_opponents", "equity", "exact", "total")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the hole cards, board, number of opponents, the player's equity, how
        it was found, and one entry per category (weakest first) with the player's and the
        opponents' chances of winning with it."""
        return {
            "hole": [str(card) for card in parse_cards(self.hole)],
            "board": self.board.split(),
            "n_opponents": self.n_opponents,
            "equity": self.equity,
            "exact": self.exact,
            "total": self.total,
            "stderr": finite(self.stderr),
            "elapsed": self.elapsed,
            "categories": [{**c.to_dict(), "player": self.player[c], "opponents": self.opponents[c]}
                           for c in Category],
        }

    def __str__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, stderr {self.stderr * 100:.3f}%"
        lines = [
            f"{self.hole}, {board_text(self.board)}, against {self.n_opponents} random"
            f" hand{'s' if self.n_opponents > 1 else ''} ({self.total:,} deals, {how})",
            f"{'':<16}  {'you':>8}  {'opponents':>9}",
        ]
        for category in reversed(Category):
            lines.append(f"{str(category):<16}  {self.player[category] * 100:7.3f}%"
                         f"  {self.opponents[category] * 100:8.3f}%")
        lines.append(f"{'total':<16}  {self.equity * 100:7.3f}%  {(1 - self.equity) * 100:8.3f}%")
        return "\n".join(lines)


def _grid_players(hole: Any, opponents: int, game: GameLike) -> list[Any]:
    """The equity question behind a grid: the hole cards against ``opponents`` random hands."""
    cards = parse_cards(hole)
    rules = resolve_game(game)
    if len(cards) != rules.hole_cards:
        raise HandSizeError(f"the {rules.title} odds grid needs {rules.hole_cards} hole cards, got {len(cards)}"
                            f" in {shown(hole)}")
    whole = as_whole(opponents)
    if whole is None or not 1 <= opponents <= MAX_OPPONENTS:
        raise EquityError(f"the odds grid takes 1 to {MAX_OPPONENTS} opponents, got {shown(opponents)}")
    opponents = whole
    return [cards, *["random"] * opponents]


def grid_plan(hole: Any, board: Any = "", opponents: int = 1, *, game: GameLike = "holdem") -> Plan:
    """What enumerating the odds grid of ``hole`` on ``board`` against ``opponents`` random
    hands exactly would cost (see :func:`~showdown.plan`).

    >>> grid_plan("AsKs", "Ts Qs 2d").method
    'runouts'

    Raises:
        HandSizeError: ``hole`` is not the game's number of hole cards, or the board is 1, 2 or more than 5 cards.
        EquityError: ``opponents`` is not a whole number from 1 to 9.
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card is used twice.
        GameError: an unknown game, or a card the short deck does not have.
    """
    return plan(_grid_players(hole, opponents, game), board, game=game)


def odds_grid(
    hole: Any,
    board: Any = "",
    opponents: int = 1,
    *,
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    n_jobs: Optional[int] = None,
    progress: Optional[Callable[[EquityResult], Any]] = None,
    max_evaluations: Optional[int] = None,
    game: GameLike = "holdem",
) -> OddsGrid:
    """The odds grid of ``hole`` (the game's hole cards) on ``board`` against 1 to 9 random
    ``opponents`` (as many as the deck allows). In a hi-lo game each row is the share of the
    whole pot won while holding a high hand of that category, low halves included (see
    :class:`~showdown.EquityResult`).

    Exact when affordable (the rule of :func:`showdown.equity`), Monte Carlo otherwise;
    ``exact``, ``trials``, ``seed``, ``n_jobs``, ``progress`` and ``max_evaluations`` are passed
    on to it.

    >>> grid = odds_grid("7h 7d", board="7c Kd 2s Ah")
    >>> print(f"{grid.player[Category.FOUR_OF_A_KIND]:.4f}  {grid.opponents[Category.FULL_HOUSE]:.4f}")
    0.0217  0.0026

    Raises:
        HandSizeError: ``hole`` is not the game's number of hole cards, or the board is 1, 2 or more than 5 cards.
        EquityError: ``opponents`` is not a whole number from 1 to 9, or a bad ``exact``, ``trials``, ``seed``,
            ``n_jobs`` or ``max_evaluations`` (as :func:`showdown.equity`).
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card is used twice.
        GameError: an unknown game, or a card the short deck does not have.
        EquityCancelled: ``progress`` returned False during exact enumeration.
    """
    players = _grid_players(hole, opponents, game)
    result = equity(players, board, exact=exact, trials=trials, seed=seed, n_jobs=n_jobs, progress=progress,
                    max_evaluations=max_evaluations, game=game)
    player = {c: result.equity_by_category[0].get(c, 0.0) for c in Category}
    others = {c: sum(result.equity_by_category[p].get(c, 0.0) for p in range(1, opponents + 1)) for c in Category}
    return OddsGrid(
        hole=result.players[0],
        board=result.board,
        n_opponents=opponents,
        player=player,
        opponents=others,
        equity=result.equity[0],
        exact=result.exact,
        total=result.total,
        stderr=result.stderr,
        elapsed=result.elapsed,
    )
