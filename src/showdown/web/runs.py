"""Equity runs within the web app's limits: the cost checked with the library's ``plan()``
before a run starts, then a deadline and a cancel flag while it runs.

Exact enumeration runs only when it fits within the limits of the endpoint or job: at most so
many hand evaluations (``plan().evaluations``), and an estimated time (the library's
``Plan.seconds()`` on the threads it would run on) within the time allowed. ``exact: true`` over
either is refused at once; ``exact: null`` enumerates when the library would and it fits, and
deals Monte Carlo otherwise. Every run is stopped at the deadline.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Optional

from showdown import LIMITS, EquityCancelled, EquityError, EquityResult, Plan, equity, plan, run_options
from showdown.web import models
from showdown.web.settings import LimitError, Settings

SMALL_RUN = 1_000_000
"""Monte Carlo runs of at most this many trials use one thread."""


class UnfinishedError(LimitError):
    """Exact enumeration that did not finish by the deadline (its estimate was short)."""


@dataclass(frozen=True)
class Cost:
    """What exact enumeration of an equity question would cost here, and whether a run enumerates.

    ``exact``: the run enumerates (asked for, or ``exact: null`` and it fits); ``affordable``:
    exact enumeration fits within the limits; ``seconds``: about how long it would take here
    (None when it is out of reach); ``problem``: why it does not fit ("" when it does);
    ``limit_seconds``: the limits as time, the lesser of ``max_seconds`` and the time
    ``max_evaluations`` take here, and ``limited_by`` which of the two it is
    (``"evaluations"`` or ``"time"``).
    """

    plan: Plan
    exact: bool
    affordable: bool
    seconds: Optional[float]
    problem: str
    max_evaluations: int
    max_seconds: float
    limit_seconds: float
    limited_by: Literal["evaluations", "time"]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields but the plan."""
        return {"exact": self.exact, "affordable": self.affordable, "seconds": self.seconds,
                "problem": self.problem, "max_evaluations": self.max_evaluations, "max_seconds": self.max_seconds,
                "limit_seconds": self.limit_seconds, "limited_by": self.limited_by}


def check_numbers(trials: Optional[int], time_limit: Optional[float], settings: Settings,
                  in_job: bool = False) -> None:
    """Refuse a number of trials or a time limit over the limits, naming the limit."""
    max_time = settings.job_max_runtime if in_job else settings.max_time_limit
    if trials is not None and trials > settings.max_trials:
        raise LimitError(f"trials must be at most {settings.max_trials:,}, got {trials:,}")
    if time_limit is not None and time_limit > max_time:
        where = "in a job" if in_job else "on this endpoint"
        raise LimitError(f"time_limit must be at most {max_time:g} seconds {where}, got {time_limit:g}")


def exact_threads(in_job: bool = False) -> int:
    """The threads exact enumeration runs on (see :func:`threads_for`)."""
    return threads_for(None, in_job) or os.cpu_count() or 1


def exact_cost(planned: Plan, exact: Optional[bool], settings: Settings, in_job: bool = False) -> Cost:
    """The cost of ``planned`` within the limits of the endpoint (or a job), and whether a run
    with ``exact`` enumerates."""
    max_exact = settings.job_max_exact_evaluations if in_job else settings.max_exact_evaluations
    max_time = settings.job_max_runtime if in_job else settings.max_time_limit
    where = "in a job" if in_job else "on this endpoint"
    threads = exact_threads(in_job)
    seconds = planned.seconds(threads)
    by_work = LIMITS.exact_seconds(max_exact, threads)
    if seconds is None:
        problem = planned.reason
    elif planned.evaluations > max_exact:
        problem = (f"exact enumeration would take about {planned.evaluations:,} hand evaluations, over the"
                   f" limit of {max_exact:,} {where}")
    elif seconds > max_time:
        problem = (f"exact enumeration would take about {seconds:,.0f} seconds, over the limit of"
                   f" {max_time:g} seconds {where}")
    else:
        problem = ""
    affordable = not problem
    enumerates = exact if exact is not None else planned.exact_by_default and affordable
    return Cost(planned, bool(enumerates), affordable, seconds, problem, max_exact, max_time, min(by_work, max_time),
                "evaluations" if by_work < max_time else "time")


def check_cost(cost: Callable[[], Plan], exact: Optional[bool], settings: Settings, in_job: bool = False,
               hint_jobs: bool = True) -> Optional[Cost]:
    """Refuse exact enumeration that is out of reach or over the limits (``cost`` makes the
    plan; it is not asked for when Monte Carlo was, and None is returned)."""
    if exact is False:
        return None
    found = exact_cost(cost(), exact, settings, in_job)
    if exact and not found.plan.exact_possible:
        raise EquityError(found.plan.reason)
    if exact and not found.affordable:
        hint = "run it as a job (POST /api/equity/jobs) or " if hint_jobs and not in_job else ""
        raise LimitError(f"{found.problem}; {hint}ask for Monte Carlo (exact: false)")
    return found


def check_equity(body: models.EquityRequest, settings: Settings, in_job: bool = False) -> Optional[Cost]:
    """Refuse an equity request that would break the limits; its cost (None for Monte Carlo)."""
    check_numbers(body.trials, body.time_limit, settings, in_job)
    exact = run_options(exact=body.exact, trials=body.trials, stderr=body.stderr, seed=body.seed).exact
    return check_cost(lambda: plan(body.players, body.board, body.dead, game=body.game), exact, settings, in_job)


def threads_for(trials: Optional[int], in_job: bool = False) -> Optional[int]:
    """Threads for one run: one for small Monte Carlo runs (waking more costs more than it
    saves, and concurrent requests keep the cores busy anyway), and one core left free in a job."""
    if in_job:
        return max(1, (os.cpu_count() or 2) - 1)
    return 1 if trials is not None and trials <= SMALL_RUN else None


def run_equity(body: models.EquityRequest, settings: Settings, in_job: bool = False,
               report: Callable[[EquityResult], Any] = lambda interim: None,
               cancelled: Callable[[], bool] = lambda: False, cost: Optional[Cost] = None) -> EquityResult:
    """``equity()`` with the request's fields, within the time limit of the endpoint or job.

    ``cost`` (from :func:`check_equity`) says whether to enumerate; without it the request's
    ``exact`` goes to the library as it is. Monte Carlo with no trials, stderr or time_limit
    runs ``default_time_limit`` seconds (a job: the library's ``LIMITS.default_trials`` deals);
    every run stops at the limit. ``report`` sees each interim result; ``cancelled()`` returning True stops the
    run (exact enumeration then raises ``EquityCancelled``; at the deadline, ``UnfinishedError``).
    """
    max_time = settings.job_max_runtime if in_job else settings.max_time_limit
    exact = body.exact if cost is None else cost.exact
    time_limit = body.time_limit
    if time_limit is None and not in_job:
        nothing_said = body.trials is None and body.stderr is None
        time_limit = settings.default_time_limit if nothing_said and not exact else max_time

    def progress(interim: EquityResult) -> bool:  # the library's clock: preparing the engine is not counted
        if cancelled():
            return False  # at once: a cancelled run's thread has no more to do
        report(interim)
        return interim.elapsed < max_time

    try:
        return equity(body.players, body.board, body.dead, exact=exact, trials=body.trials,
                      seed=None if exact else body.seed,  # exact=None's seed is for sampling only
                      stderr=body.stderr, time_limit=time_limit, n_jobs=threads_for(body.trials, in_job),
                      progress=progress, game=body.game)
    except EquityCancelled:
        if cancelled():
            raise
        hint = "" if in_job else "run it as a job (POST /api/equity/jobs) or "
        within = max_time if time_limit is None else min(time_limit, max_time)
        raise UnfinishedError(f"exact enumeration did not finish within {within:g} seconds; {hint}ask for"
                              " Monte Carlo (exact: false)") from None
