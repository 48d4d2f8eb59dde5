"""Equity runs within the web app's limits: the cost checked with the library's ``plan()``
before a run starts, then a deadline and a cancel flag while it runs.

Every run is stopped at the deadline; enumeration with part of the board known, whose cost the
plan knows in advance, is refused at once when it is over the limit.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any, Optional

from showdown import EquityCancelled, EquityResult, Plan, equity, plan
from showdown.web import models
from showdown.web.settings import LimitError, Settings

SMALL_RUN = 1_000_000
"""Monte Carlo runs of at most this many trials use one thread."""


def check_numbers(trials: Optional[int], time_limit: Optional[float], settings: Settings,
                  in_job: bool = False) -> None:
    """Refuse a number of trials or a time limit over the limits, naming the limit."""
    max_time = settings.job_max_runtime if in_job else settings.max_time_limit
    if trials is not None and trials > settings.max_trials:
        raise LimitError(f"trials must be at most {settings.max_trials:,}, got {trials:,}")
    if time_limit is not None and time_limit > max_time:
        where = "in a job" if in_job else "on this endpoint"
        raise LimitError(f"time_limit must be at most {max_time:g} seconds {where}, got {time_limit:g}")


def check_cost(cost: Callable[[], Plan], exact: Optional[bool], settings: Settings, in_job: bool = False,
               hint_jobs: bool = True) -> None:
    """Refuse exact enumeration with part of the board known whose plan is over the limit
    (``cost`` makes the plan; it is not asked for when Monte Carlo was)."""
    if exact is False:
        return
    planned = cost()
    enumerates = exact or planned.exact_by_default
    max_exact = settings.job_max_exact_evaluations if in_job else settings.max_exact_evaluations
    if enumerates and planned.exact_possible and planned.method == "boards" and planned.evaluations > max_exact:
        where = "in a job" if in_job else "on this endpoint"
        hint = "run it as a job (POST /api/equity/jobs) or " if hint_jobs and not in_job else ""
        raise LimitError(f"exact enumeration would take about {planned.evaluations:,} hand evaluations, over the"
                         f" limit of {max_exact:,} {where}; {hint}ask for Monte Carlo (exact: false)")


def check_equity(body: models.EquityRequest, settings: Settings, in_job: bool = False) -> None:
    """Refuse an equity request that would break the limits."""
    check_numbers(body.trials, body.time_limit, settings, in_job)
    check_cost(lambda: plan(body.players, body.board, body.dead), body.exact, settings, in_job)


def threads_for(trials: Optional[int], in_job: bool = False) -> Optional[int]:
    """numba threads for one run: one for small Monte Carlo runs (waking more costs more than it
    saves, and concurrent requests keep the cores busy anyway), and one core left free in a job."""
    if in_job:
        return max(1, (os.cpu_count() or 2) - 1)
    return 1 if trials is not None and trials <= SMALL_RUN else None


def run_equity(body: models.EquityRequest, settings: Settings, in_job: bool = False,
               report: Callable[[EquityResult], Any] = lambda interim: None,
               cancelled: Callable[[], bool] = lambda: False) -> EquityResult:
    """``equity()`` with the request's fields, within the time limit of the endpoint or job.

    Monte Carlo with no trials, stderr or time_limit runs ``default_time_limit`` seconds (a job:
    the library's 1,000,000 deals); every run stops at the limit. ``report`` sees each interim
    result; ``cancelled()`` returning True stops the run (exact enumeration then raises
    ``EquityCancelled``).
    """
    max_time = settings.job_max_runtime if in_job else settings.max_time_limit
    time_limit = body.time_limit
    if time_limit is None and not in_job:
        nothing_said = body.trials is None and body.stderr is None
        time_limit = settings.default_time_limit if nothing_said else max_time
    deadline = time.monotonic() + max_time

    def progress(interim: EquityResult) -> bool:
        report(interim)
        return time.monotonic() < deadline and not cancelled()

    try:
        return equity(body.players, body.board, body.dead, exact=body.exact, trials=body.trials, seed=body.seed,
                      stderr=body.stderr, time_limit=time_limit, n_jobs=threads_for(body.trials, in_job),
                      progress=progress)
    except EquityCancelled:
        if cancelled():
            raise
        hint = "" if in_job else "run it as a job (POST /api/equity/jobs) or "
        raise LimitError(f"exact enumeration did not finish within {max_time:g} seconds; {hint}ask for"
                         " Monte Carlo (exact: false)") from None
