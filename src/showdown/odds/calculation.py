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

import threading
import time
from collections.abc import Callable
from typing import Any, Optional

from showdown.errors import EquityError
from showdown.odds import exact as enumeration
from showdown.odds.inputs import PlayersLike, prepare
from showdown.odds.montecarlo import monte_carlo
from showdown.odds.planning import make_plan
from showdown.odds.result import EquityResult
from showdown.parallel.interruption import interruptible
from showdown.quantities import random_seed, real_number, shown, whole_number

MAX_TRIALS = 1 << 62
"""Monte Carlo deals at most (the counts are 64-bit integers)."""

_compiling = threading.RLock()
_compiled = False


def compile_kernels() -> None:
    """Compile the equity kernels (or load them from numba's cache) once per process.

    A fresh install spends seconds compiling on its first equity; :func:`equity` calls this
    before its clock starts, so a time limit and the reported duration count only the
    calculation. Other threads wait here until the kernels are ready.

    >>> compile_kernels()  # at once when they are ready
    """
    global _compiled
    with _compiling:
        if _compiled:
            return
        _compiled = True  # the runs below call equity(), which must not come back here
        try:
            equity(["AcAd", "KhKs"], exact=True)  # preflop: board classes
            equity(["AcAd", "KhKs"], board="2c 7d 9h 3s", exact=True)  # part of the board: every runout
            equity(["AcAd", "KhKs"], exact=False, trials=64, seed=0)  # Monte Carlo
        except BaseException:
            _compiled = False
            raise


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
) -> EquityResult:
    """Each player's share of the pot at showdown, over the boards still to come.

    ``players``: 2 to 10 exact hands ("AcAd", "Ac Ad", cards or ids) or ranges (Range objects
    or range text such as "QQ+, AKs" or "random"), in a list or in a dict of name -> hand or
    range (the names then label the result, as in :func:`~showdown.showdown`). ``board``: 0 to 5 known cards; ``dead``:
    cards out of play. ``exact``: True to enumerate, False for Monte Carlo, None to enumerate
    when :func:`~showdown.plan` says it is affordable.

    Monte Carlo runs in batches and stops at the first of: ``trials`` deals, a standard error
    of every player's equity at most ``stderr``, ``time_limit`` seconds, or ``progress``
    (called with the interim result after each batch) returning False. With none of trials,
    stderr and time_limit it runs 1,000,000 deals. The same ``seed`` gives the same answer
    whatever ``n_jobs``; the seed used is in ``result.seed``. Exact enumeration also
    reports progress; a callback returning False stops it with :class:`~showdown.EquityCancelled`.
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
    """
    compile_kernels()
    started = time.perf_counter()
    question = prepare(players, board, dead)
    if exact is not None and not isinstance(exact, bool):
        raise EquityError(f"exact must be True, False or None, got {shown(exact)}")
    if trials is not None:
        trials = whole_number(trials, "trials", low=1, high=MAX_TRIALS, error=EquityError)
    if stderr is not None:
        stderr = real_number(stderr, "stderr", positive=True, error=EquityError)
    if time_limit is not None:
        time_limit = real_number(time_limit, "time_limit", positive=True, error=EquityError)
    seed = random_seed(seed, error=EquityError)
    if n_jobs is not None and n_jobs != -1:
        whole_number(n_jobs, "n_jobs", low=1, error=EquityError)
    if max_evaluations is not None:
        max_evaluations = whole_number(max_evaluations, "max_evaluations", low=1, error=EquityError)
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
                                  f" the limit of {max_evaluations:,}; use Monte Carlo or raise the limit")
            if classes is not None:
                return enumeration.by_classes(question, classes, n_jobs, progress, started, client)
            return enumeration.by_boards(question, n_jobs, progress, started)
        return monte_carlo(question, trials, seed, stderr, time_limit, n_jobs, progress, started, client)
