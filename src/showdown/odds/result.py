"""The answer to an equity question: :class:`EquityResult`, built from the kernels' counts.

>>> from showdown import equity
>>> result = equity(["AcAd", "KhKs"], board="2c 7d 9h")
>>> result.to_dict()["players"][0]["name"], round(result.to_dict()["players"][0]["equity"], 4)
('AcAd', 0.9162)
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional

import numpy as np

from showdown.cards import board_text
from showdown.errors import EquityError
from showdown.evaluation import Category
from showdown.odds.inputs import Question
from showdown.quantities import brief_repr
from showdown.tables.layout import (
    HIGH_SHARE,
    LOW_SHARE,
    N_CATEGORIES,
    POT_CATEGORY,
    POT_SHARE,
    POT_SQUARE,
    POT_UNIT,
    SCOOP,
    TIE,
    TIE_SHARE_CATEGORY,
    TIE_SHARE_UNIT,
    TIED,
    WIN,
    WIN_CATEGORY,
)


def finite(value: float) -> Optional[float]:
    """``value``, or None when it is infinite or not a number (JSON has no such numbers)."""
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class EquityCounts:
    """Integer case counts, per player in order: outright wins, ties, and ties by the number
    of players tied (``ties_by_size[p][n]`` for n = 2..10), out of ``total`` cases; in hi-lo
    (where these count the high half) also ``pot_units``, each player's share of the whole pot
    in units of 1/``POT_UNIT`` (5040) of a case."""

    wins: tuple[int, ...]
    ties: tuple[int, ...]
    ties_by_size: tuple[tuple[int, ...], ...]
    total: int
    pot_units: Optional[tuple[int, ...]] = None

    @property
    def shares(self) -> tuple[Fraction, ...]:
        """Each player's equity share in cases (exact): wins plus 1/n of each n-way tie, or in
        hi-lo the share of the whole pot."""
        if self.pot_units is not None:
            return tuple(Fraction(units, POT_UNIT) for units in self.pot_units)
        return tuple(
            wins + sum((Fraction(count, n) for n, count in enumerate(sizes) if count), Fraction(0))
            for wins, sizes in zip(self.wins, self.ties_by_size, strict=True)
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: lists by player (ties by size as ``{"2": n, ...}``) and the total."""
        return {
            "wins": list(self.wins),
            "ties": list(self.ties),
            "ties_by_size": [{str(n): c for n, c in enumerate(sizes) if c} for sizes in self.ties_by_size],
            "total": self.total,
            **({"pot_units": list(self.pot_units), "pot_unit": POT_UNIT} if self.pot_units is not None else {}),
        }


@dataclass(frozen=True)
class EquityResult:
    """Equity, outright win and tie fractions per player (in the order given), and how they
    were found.

    ``wins_by_category[p]`` splits player p's outright wins by the category of the winning hand
    (fractions of those wins). ``equity_by_category[p]`` splits player p's equity the same way,
    ties included as shares (a tie of n players gives each 1/n): its values add up to
    ``equity[p]``. In a hi-lo game ``win`` and ``tie`` count the high half, ``high``, ``low``
    and ``scoop`` are each player's share of each half and how often they take the whole pot,
    and ``equity_by_category[p]`` splits player p's share of the whole pot by the category of
    their high hand (it still adds up to ``equity[p]``). ``stderr`` is the largest standard
    error of the players' equity estimates
    (0 when exact); ``player_stderr`` gives each one. ``planned`` is the number of cases (exact)
    or trials (Monte Carlo with ``trials``) the run is heading for, 0 when unknown: with
    ``total`` it tells a progress callback how far the run has got.
    """

    players: tuple[str, ...]
    board: str
    dead: str
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    wins_by_category: tuple[dict[Category, float], ...]
    equity_by_category: tuple[dict[Category, float], ...]
    total: int
    exact: bool
    stderr: float
    player_stderr: tuple[float, ...]
    elapsed: float
    counts: Optional[EquityCounts] = None
    seed: Optional[int] = None
    stopped_by: str = field(default="")
    planned: int = 0
    hands: tuple[str, ...] = ()
    """Each player's hand or range as given (the same as ``players`` unless they were named)."""
    game: str = "holdem"
    high: tuple[float, ...] = ()
    low: tuple[float, ...] = ()
    scoop: tuple[float, ...] = ()

    def __repr__(self) -> str:
        return brief_repr(self, "players", "board", "dead", "equity", "exact", "total", "game")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: one entry per player (``name``: the name given, else the hand or
        range as given; ``hand``: the hand or range as given,
        with its equity, win and tie fractions, standard error and a split by the category of
        the winning hand: ``equity`` shares adding up to the player's equity, ``win_share`` the
        fractions of the player's outright wins), then the board, the dead cards and how the
        answer was found. Numbers that are not finite (a standard error before two trials) are
        null."""
        players = [
            {
                "name": name,
                "hand": self.hands[p] if self.hands else name,
                "equity": self.equity[p],
                "win": self.win[p],
                "tie": self.tie[p],
                "stderr": finite(self.player_stderr[p]),
                "high": self.high[p] if self.high else None,
                "low": self.low[p] if self.low else None,
                "scoop": self.scoop[p] if self.scoop else None,
                "by_category": [
                    {**c.to_dict(), "equity": self.equity_by_category[p].get(c, 0.0),
                     "win_share": self.wins_by_category[p].get(c, 0.0)}
                    for c in Category
                ],
            }
            for p, name in enumerate(self.players)
        ]
        return {
            "game": self.game,
            "players": players,
            "board": self.board.split(),
            "dead": self.dead.split(),
            "total": self.total,
            "exact": self.exact,
            "stderr": finite(self.stderr),
            "elapsed": self.elapsed,
            "counts": None if self.counts is None else self.counts.to_dict(),
            "seed": self.seed,
            "stopped_by": self.stopped_by,
            "planned": self.planned,
        }

    def __str__(self) -> str:
        width = max(6, *(len(p) for p in self.players))
        how = "exact" if self.exact else f"Monte Carlo, stderr {self.stderr * 100:.3f}%"
        lines = [
            board_text(self.board) + (f", dead {self.dead}" if self.dead else "")
            + f": {self.total:,} deals ({how}, {self.elapsed:.3f}s)",
        ]
        if self.high:
            lines.append(f"{'player':<{width}}  {'equity':>8}  {'high':>8}  {'low':>8}  {'scoop':>8}")
            for name, e, h, lo, sc in zip(self.players, self.equity, self.high, self.low, self.scoop, strict=True):
                lines.append(f"{name:<{width}}  {e * 100:7.3f}%  {h * 100:7.3f}%  {lo * 100:7.3f}%  {sc * 100:7.3f}%")
            return "\n".join(lines)
        lines.append(f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}")
        for name, e, w, t in zip(self.players, self.equity, self.win, self.tie, strict=True):
            lines.append(f"{name:<{width}}  {e * 100:7.3f}%  {w * 100:7.3f}%  {t * 100:7.3f}%")
        return "\n".join(lines)


def _counts(counts: np.ndarray, total: int, low: bool) -> EquityCounts:
    return EquityCounts(
        wins=tuple(int(x) for x in counts[:, WIN]),
        ties=tuple(int(x) for x in counts[:, TIE]),
        ties_by_size=tuple(tuple(int(x) for x in row[TIED:TIED + 11]) for row in counts),
        total=int(total),
        pot_units=tuple(int(x) for x in counts[:, POT_SHARE]) if low else None,
    )


def _by_category(rows: np.ndarray, scale: float) -> tuple[dict[Category, float], ...]:
    return tuple({c: float(row[c]) / scale for c in Category if row[c]} if scale else {} for row in rows)


def build_result(
    question: Question, counts: np.ndarray, weighted: np.ndarray, total: int, total_weight: float, *,
    exact: bool, elapsed: float, seed: Optional[int], stopped_by: str, planned: int,
) -> EquityResult:
    """The result from integer case counts (P, N_COUNTS) and their weighted twins (equal when
    unweighted)."""
    n = max(total, 1)
    if total and not total_weight >= sys.float_info.min:
        raise EquityError(
            f"the weights of the hands that fit together multiply to {total_weight:.3g} over {total:,} cases,"
            " below what a double holds in full precision; give weights nearer to each other"
        )
    weight = total_weight or 1.0
    sizes = np.arange(11, dtype=np.float64)
    sizes[:2] = 1.0
    tied = weighted[:, TIED:TIED + 11]
    game = question.game
    share = weighted[:, WIN] + (tied / sizes).sum(axis=1)
    if game.low:  # the share of the whole pot
        share = weighted[:, POT_SHARE] / POT_UNIT
    n_players = len(question.players)
    if exact:
        errors = np.zeros(n_players)
    else:  # one trial weighs one: the variance of each player's share of a trial
        square = counts[:, WIN] + (counts[:, TIED:TIED + 11] / sizes**2).sum(axis=1)
        if game.low:
            square = counts[:, POT_SQUARE] / POT_UNIT**2
        variance = np.maximum(square / n - (share / n) ** 2, 0.0)
        errors = np.sqrt(variance / n) if total > 1 else np.full(n_players, math.inf)
    places = list(game.places)  # a category's column is its place in the game's order
    wins = weighted[:, WIN_CATEGORY:WIN_CATEGORY + N_CATEGORIES][:, places]
    shares = wins + weighted[:, TIE_SHARE_CATEGORY:TIE_SHARE_CATEGORY + N_CATEGORIES][:, places] / TIE_SHARE_UNIT
    if game.low:  # the share of the whole pot, by the player's high hand
        shares = weighted[:, POT_CATEGORY:POT_CATEGORY + N_CATEGORIES][:, places] / POT_UNIT
    halves: dict[str, tuple[float, ...]] = {}
    if game.low:
        halves = {
            "high": tuple(float(x) / weight for x in weighted[:, HIGH_SHARE] / TIE_SHARE_UNIT),
            "low": tuple(float(x) / weight for x in weighted[:, LOW_SHARE] / TIE_SHARE_UNIT),
            "scoop": tuple(float(x) / weight for x in weighted[:, SCOOP]),
        }
    board, dead = question.texts
    return EquityResult(
        players=tuple(p.name for p in question.players),
        hands=tuple(p.hand or p.name for p in question.players),
        board=board,
        dead=dead,
        equity=tuple(float(x) / weight for x in share),
        win=tuple(float(x) / weight for x in weighted[:, WIN]),
        tie=tuple(float(x) / weight for x in weighted[:, TIE]),
        wins_by_category=tuple(_by_category(row[None], float(row.sum()))[0] for row in wins),
        equity_by_category=_by_category(shares, weight),
        total=int(total),
        exact=exact,
        stderr=float(errors.max()),
        player_stderr=tuple(float(x) for x in errors),
        elapsed=elapsed,
        counts=_counts(counts, total, game.low),
        seed=seed,
        stopped_by=stopped_by,
        planned=planned,
        game=game.name,
        **halves,
    )
