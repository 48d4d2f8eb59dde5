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
from showdown.games import GameLike
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
_compiled: set[str] = set()  # the ways whose kernels are ready
_first_run = threading.local()  # the ways this thread is running for the first time
_FIRST_RUNS: dict[str, Callable[[], object]] = {  # a tiny run of each way to the answer
    "classes": lambda: enumeration.assignment_classes(prepare(["AA", "KhKs"])),  # ranges' classes of assignments
    "preflop": enumeration.compile_preflop,  # exact preflop, by board classes
    "boards": lambda: equity(["AcAd", "KhKs", "QcQd"], board="2c 7d 9h 3s", exact=True),  # exact, every board
    "runouts": enumeration.compile_runouts,  # exact heads-up, every runout
    "montecarlo": lambda: equity(["AcAd", "KhKs"], exact=False, trials=64, seed=0),
    # the other games' kernels (one set for short deck, Omaha and hi-lo)
    "game-boards": lambda: equity(["AcAd2c3c", "KhKs4h5h"], board="2d 7d 9h 3s", exact=True, game="omaha-hilo"),
    "game-montecarlo": lambda: equity(["AcAd2c3c", "KhKs4h5h"], exact=False, trials=64, seed=0, game="omaha-hilo"),
}


def compile_kernels(*ways: str) -> float:
    """Compile (or load from numba's cache) the kernels of the ``ways`` to an answer (default:
    all of them: ``"classes"``, ``"preflop"``, ``"boards"``, ``"runouts"``, ``"montecarlo"``
    and the other games' ``"game-boards"`` and ``"game-montecarlo"``), once per process;
    returns the seconds spent, waiting included (0 when they were ready).

    A fresh install spends seconds compiling on its first equity; :func:`equity` calls this for
    the way it takes and leaves those seconds out of its clock, so a time limit and the
    reported duration count only the calculation. Other threads wait here until it is done.

    >>> compile_kernels("montecarlo") >= 0
    True
    """
    ways = ways or tuple(_FIRST_RUNS)
    if all(way in _compiled for way in ways):
        return 0.0
    started = time.perf_counter()
    running: set[str] = _first_run.__dict__.setdefault("ways", set())
    for way in ways:  # one way at a time, so that a question waits only for the ways before its own
        with _compiling:  # other threads wait here while a way compiles
            if way in _compiled or way in running:  # ready, or this thread's own first run asks again
                continue
            running.add(way)
            try:
                _FIRST_RUNS[way]()
                _compiled.add(way)
            finally:
                running.discard(way)
    return time.perf_counter() - started


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

    Raises:
        PlayerCountError: fewer than 2 or more than 10 players, or ``players`` is not a list or a dict.
        EquityError: a bad ``exact``, ``trials``, ``stderr``, ``time_limit``, ``seed``, ``n_jobs`` or
            ``max_evaluations``, an empty player name, or ``exact=True`` out of reach or over ``max_evaluations``.
        CardParseError: a token of a hand, the board or the dead cards is not a card.
        DuplicateCardError: a card is used twice.
        HandSizeError: a hand of the wrong number of cards, a board of 1, 2 or more than 5 cards, or more cards than
            the deck holds.
        RangeParseError: range text that does not parse.
        EmptyRangeError: a range is empty once the known cards are removed.
        GameError: an unknown game, a card the short deck does not have, or a range of another game's hands.
        EquityCancelled: ``progress`` returned False during exact enumeration.
    """
    question = prepare(players, board, dead, game)
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
    if exact is not False and question.to_come == 5 and not question.game.rule and question.sizes.max() > 1:
        compile_kernels("classes")  # the preflop plan below sorts the deals into classes with a kernel too
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
                                  f" the limit of {max_evaluations:,}; use Monte Carlo or raise the limit")
            # The clock leaves out preparing the kernels (seconds on the first run after an install).
            if classes is not None:
                started += compile_kernels("preflop")
                return enumeration.by_classes(question, classes, n_jobs, progress, started, client)
            if plan.method == "runouts":
                started += compile_kernels("runouts")
                return enumeration.by_runouts(question, n_jobs, progress, started)
            started += compile_kernels("game-boards" if question.game.rule else "boards")
            return enumeration.by_boards(question, n_jobs, progress, started)
        started += compile_kernels("game-montecarlo" if question.game.rule else "montecarlo")
        return monte_carlo(question, trials, seed, stderr, time_limit, n_jobs, progress, started, client)
