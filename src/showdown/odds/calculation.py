"""Hold'em equity of 2 to 10 hands or ranges: exact enumeration or seeded Monte Carlo.

>>> result = equity(["AcAd", "KhKs"], board="2c 7d 9h")
>>> result.exact, result.total, result.counts.wins
(True, 990, (907, 83))
>>> print(f"{result.equity[0]:.4f}")
0.9162

Whether ``exact=None`` enumerates is decided by :func:`~showdown.plan` (see
:mod:`showdown.odds.planning`). In exact mode each case is one compatible assignment of combos
(no card shared) and one board, weighted by the product of the combos' weights; ``.counts``
holds the unweighted integer case counts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Optional

from showdown.errors import EquityCancelled, EquityError
from showdown.games import GameLike
from showdown.kernel_groups import prepare as prepare_kernels
from showdown.odds import exact as enumeration
from showdown.odds.inputs import PlayersLike, prepare
from showdown.odds.montecarlo import monte_carlo
from showdown.odds.options import run_options
from showdown.odds.planning import make_plan
from showdown.odds.result import EquityResult
from showdown.parallel.cluster import check_client
from showdown.parallel.interruption import interruptible
from showdown.quantities import callback
from showdown.tables.layout import HOLDEM_EVALUATOR


def equity(
    players: PlayersLike,
    board: Any = "",
    dead: Any = "",
    *,
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    stderr: Optional[float] = None,
    time_limit: Optional[float] = None,
    n_jobs: Optional[int] = None,
    progress: Optional[Callable[[EquityResult], Any]] = None,
    client: Any = None,
    max_evaluations: Optional[int] = None,
    game: GameLike = "holdem",
) -> EquityResult:
    """Each player's share of the pot at showdown, over the boards still to come.

    ``players``: 2 to 10 exact hands ("AcAd", "Ac Ad", cards or ids) or ranges (Range objects
    or range text such as "QQ+, AKs" or "random"), in a list or in a dict of name -> hand or
    range (the names then label the result, as in :func:`~showdown.showdown`). ``board``: the
    known board, 0, 3, 4 or 5 cards; ``dead``: cards out of play. ``exact``: True to enumerate,
    False for Monte Carlo, None to enumerate when :func:`~showdown.plan` says it is affordable.

    Monte Carlo runs in batches and stops at the first of: ``trials`` deals, a standard error
    of every player's equity at most ``stderr``, ``time_limit`` seconds, or ``progress``
    (called with the interim result after each batch, and within a long one every few
    hundredths of a second) returning False. With none of trials,
    stderr and time_limit it runs 1,000,000 deals. The same ``seed`` gives the same answer
    whatever ``n_jobs``; the seed used is in ``result.seed``. Exact enumeration also
    reports progress; a callback returning False, or ``time_limit`` seconds passing, stops it
    with :class:`~showdown.EquityCancelled`. ``trials``, ``stderr`` and ``seed`` steer Monte
    Carlo only, and ``exact=True`` refuses them; with ``exact=None``, ``trials`` or ``stderr``
    asks for Monte Carlo, and a seed alone is used if the run samples.
    Ctrl-C stops any run at the next piece of work with ``KeyboardInterrupt``.

    ``max_evaluations`` caps exact enumeration by the hand evaluations of its plan: above it
    ``exact=True`` is refused with an :class:`~showdown.EquityError` naming the cost and the
    limit before anything runs, and ``exact=None`` samples.

    ``client`` (a ``dask.distributed.Client``) spreads exact preflop enumeration and Monte
    Carlo batches over a cluster, with bit-identical results; enumeration with part of the
    board known always runs here.

    >>> r = equity(["AhAs", "KdKc"], board="Qh 7s 2d 5c", exact=True)
    >>> r.counts.wins, r.counts.total
    ((42, 2), 44)
    >>> equity({"alice": "AhAs", "bob": "QQ+"}, board="Qh 7s 2d").players
    ('alice', 'bob')
    >>> r = equity(["AhAs", "KdKc"], exact=False, trials=20_000, seed=1)
    >>> 0.80 < r.equity[0] < 0.84, r.total
    (True, 20000)

    Raises:
        PlayerCountError: fewer than 2 or more than 10 players, ``players`` is not a list or a dict, or the board
            is given first (the board goes second).
        EquityError: a bad ``exact``, ``trials``, ``stderr``, ``time_limit``, ``seed``, ``n_jobs`` or
            ``max_evaluations``, an empty player name, ``exact=True`` out of reach or over ``max_evaluations``, or
            ``exact=True`` with a Monte Carlo option, or a ``progress`` that cannot be called.
        DistributedError: ``client`` is not a Dask client.
        CardParseError: a token of a hand, the board or the dead cards is not a card.
        DuplicateCardError: a card is used twice.
        HandSizeError: a hand of the wrong number of cards, a board of 1, 2 or more than 5 cards, or more cards than
            the deck holds.
        RangeParseError: range text that does not parse.
        EmptyRangeError: a range is empty once the known cards are removed.
        GameError: an unknown game, a card the short deck does not have, or a range of another game's hands.
        EquityCancelled: ``progress`` returned False, or ``time_limit`` passed, during exact enumeration.
    """
    question = prepare(players, board, dead, game)
    callback(progress, error=EquityError)
    check_client(client)
    options = run_options(exact=exact, trials=trials, stderr=stderr, time_limit=time_limit, seed=seed, n_jobs=n_jobs,
                          max_evaluations=max_evaluations)
    exact, trials, stderr, time_limit = options.exact, options.trials, options.stderr, options.time_limit
    seed, max_evaluations = options.seed, options.max_evaluations
    holdem = question.game.evaluator == HOLDEM_EVALUATOR
    if exact is not False and question.to_come == 5 and holdem and question.sizes.max() > 1:
        prepare_kernels("classes")  # the preflop plan below sorts the deals into classes with a kernel too
    started = time.perf_counter()
    with interruptible():
        plan, classes = make_plan(question, classify=exact is not False)
        affordable = max_evaluations is None or plan.evaluations <= max_evaluations
        if exact is None:
            exact = plan.exact_by_default and affordable
        if exact:
            if not plan.exact_possible:
                raise EquityError(plan.reason)
            if not affordable:
                raise EquityError(f"exact enumeration would take about {plan.evaluations:,} hand evaluations, over"
                                  f" the limit of {max_evaluations:,} (max_evaluations); use Monte Carlo or raise"
                                  " the limit")
            if time_limit is not None:
                progress = _within(time_limit, progress)
            # Each path prepares its kernel group first, its clock left out of it (seconds on the
            # first run after an install).
            if classes is not None:
                return enumeration.by_classes(question, classes, n_jobs, progress, started, client)
            if plan.method == "runouts":
                return enumeration.by_runouts(question, n_jobs, progress, started)
            return enumeration.by_boards(question, n_jobs, progress, started)
        return monte_carlo(question, trials, seed, stderr, time_limit, n_jobs, progress, started, client)


def _within(time_limit: float, progress: Optional[Callable[[EquityResult], Any]]) -> Callable[[EquityResult], Any]:
    """``progress`` for an exact run that must end within ``time_limit`` seconds: past it, the
    run stops with :class:`~showdown.EquityCancelled` naming the limit."""

    def report(interim: EquityResult) -> Any:
        if progress is not None and progress(interim) is False:
            return False
        if interim.elapsed >= time_limit:
            raise EquityCancelled(f"exact enumeration reached time_limit={time_limit:g} s after {interim.total:,} of"
                                  f" about {interim.planned:,} deals; ask for Monte Carlo (exact=False) or a longer"
                                  " time_limit")
        return True

    return report
