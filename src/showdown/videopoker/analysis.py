"""The return of a video poker game under optimal play, exactly, over every deal.

Deals that differ only by a change of suits play alike, so the 2,598,960 deals are covered by
134,459 classes (the 2,869,685 deals of the 53-card joker deck by 150,891); each class's best
hold is found exactly and weighted by the class's size.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, sqrt
from typing import Any, Optional

import numpy as np

from showdown.errors import AnalysisStopped, VideoPokerError
from showdown.parallel.cluster import check_client, map_partitions, worker_threads
from showdown.parallel.interruption import interruptible, stop_if_interrupted
from showdown.parallel.threads import run_ranges, thread_count
from showdown.quantities import brief_repr, callback
from showdown.videopoker import shelf
from showdown.videopoker._counts import canonical_deals, common_draws, draw_scale, kernel, superset_table
from showdown.videopoker.final_hands import HandClass, hand_class
from showdown.videopoker.holding import holds
from showdown.videopoker.paytable import DEFAULT_PAYTABLE, PAYTABLES, Paytable, PaytableLike, as_paytable

BATCH = 16_384
"""Deal classes per kernel call between two progress reports."""


@dataclass(frozen=True)
class AnalysisRow:
    """One line of the analysis: a pay table line, what it pays per coin, how often it ends a
    hand (``combinations`` out of ``Analysis.total_combinations``) and its share of the return."""

    label: str
    pay: int
    combinations: int
    probability: Fraction
    contribution: Fraction
    key: str = ""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the line's key and label, its pay, how often and what it returns."""
        return {
            "key": self.key,
            "label": self.label,
            "pay": self.pay,
            "combinations": self.combinations,
            "probability": float(self.probability),
            "contribution": float(self.contribution),
        }


@dataclass(frozen=True)
class Analysis:
    """A game's expected return per coin bet under optimal play (exact), the probability and
    return of each final hand, and the variance of the payout per coin bet.

    ``total_combinations`` is C(52, 5) times lcm(C(47, 0..5)) = 19,933,230,517,200 (with the
    joker, C(53, 5) times lcm(C(48, 0..5))): every probability is a whole number of combinations
    over it, as in the published tables.
    """

    paytable: Paytable = field(repr=False)
    coins: int
    expected_return: Fraction
    variance: Fraction
    rows: tuple[AnalysisRow, ...]
    class_probabilities: dict[HandClass, Fraction] = field(repr=False)
    deal_classes: int
    elapsed: float

    def __repr__(self) -> str:
        return brief_repr(self, "paytable", "coins", "expected_return", "elapsed")

    @property
    def deals(self) -> int:
        """The number of deals: C(52, 5), or C(53, 5) with the joker."""
        return comb(self.paytable.wild_rule.deck_size, 5)

    @property
    def total_combinations(self) -> int:
        """Deals times the common denominator of every hold's draws."""
        return self.deals * common_draws(self.paytable.wild_rule.cards_left)

    @property
    def standard_deviation(self) -> float:
        """The square root of the variance."""
        return sqrt(self.variance)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; the exact return as ``'p/q'`` text beside its float."""
        return {
            "paytable": self.paytable.to_dict(),
            "coins": self.coins,
            "expected_return": float(self.expected_return),
            "expected_return_exact": str(self.expected_return),
            "variance": float(self.variance),
            "standard_deviation": self.standard_deviation,
            "rows": [row.to_dict() for row in self.rows],
            "deals": self.deals,
            "deal_classes": self.deal_classes,
            "total_combinations": self.total_combinations,
            "elapsed": self.elapsed,
        }

    def summary(self) -> str:
        """One line: the table, the bet, the return and the variance."""
        return (
            f"{self.paytable.title}, {self.coins} coin{'s' if self.coins > 1 else ''}: return "
            f"{float(self.expected_return) * 100:.4f}%, variance {float(self.variance):.2f}"
        )

    def __str__(self) -> str:
        lines = [
            self.summary(),
            f"{'Hand':<20}{'Pays':>6}{'Combinations':>20}{'Probability':>14}{'Return':>11}",
        ]
        for row in self.rows:
            lines.append(
                f"{row.label:<20}{row.pay:>6}{row.combinations:>20,}{float(row.probability):>14.9f}"
                f"{float(row.contribution):>11.6f}"
            )
        lines.append(f"{'Total':<26}{self.total_combinations:>20,}{1:>14.9f}{float(self.expected_return):>11.6f}")
        return "\n".join(lines)


def analyze(
    paytable: PaytableLike = DEFAULT_PAYTABLE,
    coins: int = 5,
    *,
    n_jobs: Optional[int] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> Analysis:
    """The exact return of a game under optimal play: every deal's best hold, weighted.

    ``progress(done, total)`` is called after each batch of deal classes (134,459 in all);
    returning False stops the analysis with ``AnalysisStopped``. ``n_jobs`` threads (default:
    all of numba's). Between best holds of exactly equal EV the one holding fewer cards (then
    the lower-ranked cards) is played, which can change the variance, never the return. An
    analysis is kept on disk beside the kernel cache (:mod:`showdown.videopoker.shelf`) and read
    from there at once the next time, in any process (``progress`` is then not called).

    >>> result = analyze("jacks-or-better-9-6")
    >>> float(result.expected_return), round(float(result.variance), 2)
    (0.9954390436951225, 19.51)

    Raises:
        PaytableError: an unknown pay table.
        VideoPokerError: ``coins`` is not a whole number from 1 to the table's ``max_coins``.
        ShowdownError: ``n_jobs`` is not a positive int, None or -1, or ``progress`` cannot be called.
        AnalysisStopped: ``progress`` returned False.
    """
    started = time.perf_counter()
    callback(progress)
    table = as_paytable(paytable)
    game = table.wild_rule
    coins = table.check_coins(coins)
    kept = shelf.read("analysis", table, coins)
    if kept is not None:
        with contextlib.suppress(VideoPokerError, KeyError, TypeError, ValueError):  # a damaged file: derive again
            return _analysis(table, coins, [int(count) for count in kept["combinations"]], int(kept["deal_classes"]),
                             float(kept["elapsed"]))
    class_pays = table.class_pays(coins)
    pays = np.zeros(16, dtype=np.int64)
    pays[: len(game.classes)] = [class_pays[hand] for hand in game.classes]
    scale = draw_scale(game.cards_left)
    counts = superset_table(game.rule)
    deals, weights = canonical_deals(game.deck_size)
    workers = thread_count(n_jobs, len(deals))
    totals = np.zeros((6, 16), dtype=np.int64)  # by cards drawn and class

    def best_holds(offset: int, first: int, stop: int) -> np.ndarray:
        part = np.zeros_like(totals)
        kernel()._best_holds(game.rule, deals[offset + first:offset + stop], weights[offset + first:offset + stop],
                             counts, pays, scale, part)
        return part

    with interruptible():
        for start in range(0, len(deals), BATCH):
            stop = min(len(deals), start + BATCH)
            for part in run_ranges(best_holds, stop - start, workers, start):
                totals += part
            stop_if_interrupted()
            if progress is not None and progress(stop, len(deals)) is False:
                raise AnalysisStopped(f"the analysis of {table.name} was stopped after {stop:,} deal classes")
    combinations = [0] * len(HandClass)
    for column, hand in enumerate(game.classes):
        combinations[hand] = sum(int(totals[drawn, column]) * int(scale[drawn]) for drawn in range(6))
    result = _analysis(table, coins, combinations, len(deals), time.perf_counter() - started)
    shelf.write("analysis", table, {"combinations": combinations, "deal_classes": len(deals),
                                    "elapsed": result.elapsed}, coins)
    return result


def _analysis(table: Paytable, coins: int, combinations: list[int], deal_classes: int, elapsed: float) -> Analysis:
    """The analysis of a game from how many combinations end in each final hand (by ``HandClass``)."""
    game = table.wild_rule
    class_pays = table.class_pays(coins)
    total = comb(game.deck_size, 5) * common_draws(game.cards_left)
    if len(combinations) != len(HandClass) or sum(combinations) != total:  # a broken table, kernel or file
        raise VideoPokerError(f"internal error: the analysis counted {sum(combinations)} combinations, not {total}")
    probabilities = {hand: Fraction(combinations[hand], total) for hand in game.classes}
    expected = sum((p * class_pays[hand] for hand, p in probabilities.items()), Fraction(0))
    second = sum((p * class_pays[hand] ** 2 for hand, p in probabilities.items()), Fraction(0))
    rows = []
    for line in table.rows:
        count = sum(combinations[hand] for hand in line.classes)
        pay = class_pays[line.classes[0]]
        probability = Fraction(count, total)
        rows.append(AnalysisRow(line.label, pay, count, probability, probability * pay, line.key))
    return Analysis(
        paytable=table,
        coins=coins,
        expected_return=expected,
        variance=second - expected * expected,
        rows=tuple(rows),
        class_probabilities=probabilities,
        deal_classes=deal_classes,
        elapsed=elapsed,
    )


def compile_analysis() -> None:
    """Compile (or load) video poker's kernels of holds and whole pay tables (the kernel group
    ``"videopoker"`` of :mod:`showdown.kernel_groups`)."""
    holds("As Ks Qs Js 2c")
    with shelf.off():  # a kept analysis would not compile the kernel
        analyze("jacks-or-better-9-6")
    hand_class("2h 2d Ks Qs 5h", "deuces")  # a wild card's class


def _analyze_one(job: tuple[str, int]) -> Analysis:
    name, coins = job
    return analyze(name, coins, n_jobs=worker_threads())


def analyze_all(
    coins: int = 5, *, client: Any = None, progress: Optional[Callable[[int, int], Any]] = None
) -> dict[str, Analysis]:
    """:func:`analyze` for every named pay table, by name; ``client`` (a
    ``dask.distributed.Client``) spreads the tables over a cluster, one table per task.

    >>> results = analyze_all()
    >>> f"{float(results['double-bonus-10-7'].expected_return):.4%}"
    '100.1725%'

    Raises:
        VideoPokerError: ``coins`` is not a whole number from 1 to 5.
        ShowdownError: ``progress`` cannot be called.
        DistributedError: ``client`` is not a Dask client.
    """
    callback(progress)
    check_client(client)
    names = list(PAYTABLES)
    with interruptible():
        analyses = map_partitions(_analyze_one, [(name, coins) for name in names], client=client, progress=progress)
    return dict(zip(names, analyses, strict=True))
