"""Equity jobs: long equity runs in their own threads, with interim results, a time limit and
cancellation, polled by id or followed as server-sent events."""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Any, Optional

import anyio

from showdown import EquityCancelled, EquityResult, ShowdownError, equity
from showdown.web import models
from showdown.web.bodies import dumps
from showdown.web.memory import release_memory
from showdown.web.runs import Cost, UnfinishedError, check_equity, run_equity
from showdown.web.settings import Settings

POLL_SECONDS = 0.05


def _lower_priority() -> None:
    """Let the other requests go first: a niceness of 10 for this thread (Linux; elsewhere nothing)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):
        pass


class TooManyJobs(Exception):
    """Every job slot is taken (answered with 429)."""


def _progress(result: EquityResult, body: models.EquityRequest) -> float:
    """How far a run has got, 0 to 1: by cases or trials planned, else by time or stderr."""
    if result.planned:
        return min(1.0, result.total / result.planned)
    if body.time_limit:
        return min(1.0, result.elapsed / body.time_limit)
    if body.stderr and result.stderr > 0:
        return min(1.0, (body.stderr / result.stderr) ** 2)
    return 0.0


class Job:
    """One equity run. ``version`` counts the statuses it has reported (its interim results, then
    the final one, after which ``ended`` is set); a stream sends the latest whenever it changes,
    so a job keeps no history.

    ``exact`` says whether it enumerates (the request's ``exact``, or for ``null`` what its
    cost allows); ``try_monte_carlo`` is set when exact enumeration did not finish in time.
    """

    def __init__(self, body: models.EquityRequest, settings: Settings, cost: Optional[Cost] = None) -> None:
        self.id = uuid.uuid4().hex
        self.body = body
        self.settings = settings
        self.cost = cost
        self.exact = bool(body.exact) if cost is None else cost.exact
        self.try_monte_carlo = False
        self.status = "running"
        self.progress = 0.0
        self.result: Optional[dict[str, Any]] = None
        self.error: Optional[str] = None
        self.cancelled = threading.Event()
        self.version = 0
        self.ended = False
        self.thread = threading.Thread(target=self._run, name=f"equity-job-{self.id[:8]}", daemon=True)

    def snapshot(self) -> dict[str, Any]:
        return {"job_id": self.id, "status": self.status, "exact": self.exact, "progress": self.progress,
                "result": self.result, "error": self.error, "try_monte_carlo": self.try_monte_carlo}

    def _report(self, interim: EquityResult) -> None:
        self.result = interim.to_dict()
        self.progress = _progress(interim, self.body)
        self.version += 1

    def _run(self) -> None:
        _lower_priority()
        answered = False
        try:
            result = run_equity(self.body, self.settings, in_job=True, report=self._report,
                                cancelled=self.cancelled.is_set, cost=self.cost)
            self.result, answered = result.to_dict(), True
            self.status = "cancelled" if self.cancelled.is_set() else "done"
            self.progress = _progress(result, self.body) if self.status == "cancelled" else 1.0  # how far it got
        except EquityCancelled:
            self.status, self.error = "cancelled", None
        except UnfinishedError as error:  # an exact run over its estimate: no result, Monte Carlo can answer
            self.status, self.error, self.try_monte_carlo = "error", str(error), True
        except ShowdownError as error:
            self.status, self.error = "error", str(error)
        except Exception as error:  # a bug: say so in the job rather than lose it in a thread
            self.status, self.error = "error", f"internal error: {type(error).__name__}: {error}"
        if self.exact and not answered:
            self.result = None  # the counts of an unfinished enumeration are no answer: some boards are missing
        self.version += 1
        self.ended = True
        release_memory()  # what the run freed, back to the system before the thread ends

    @property
    def finished(self) -> bool:
        return self.status != "running"

    async def stream(self) -> AsyncIterator[str]:
        """Server-sent events: the current status, then the latest whenever it changes (at most
        every ``POLL_SECONDS``), until the final status."""
        seen, sent = self.version, dumps(self.snapshot())
        yield f"data: {sent}\n\n"
        deadline = time.monotonic() + self.settings.job_max_runtime + 60
        while time.monotonic() < deadline:
            ended, version = self.ended, self.version  # ended first: the final version is then in
            if version != seen:
                seen, latest = version, dumps(self.snapshot())
                if latest != sent:
                    sent = latest
                    yield f"data: {sent}\n\n"
            if ended:
                return
            await anyio.sleep(POLL_SECONDS)


class Jobs:
    """The jobs of one app: at most ``max_jobs`` running, the last ``kept_jobs`` remembered."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()

    def running(self) -> int:
        """The jobs still computing: a job whose answer is out counts no more, though its thread
        may still be handing memory back (a slot is free as soon as the last status is)."""
        return sum(not job.finished for job in self._jobs.values())

    def start(self, body: models.EquityRequest) -> Job:
        """Check the request, then start it: whatever can be known to fail before the run (bad
        input, limits, exact enumeration that is out of reach) fails here, not in the job."""
        cost = check_equity(body, self.settings, in_job=True)  # exact out of reach or over the limits: refused
        one = 1 if body.trials is None or body.trials > 0 else body.trials  # one deal checks every field
        equity(body.players, body.board, body.dead, exact=False, trials=one, seed=0, stderr=body.stderr,
               time_limit=body.time_limit, game=body.game)
        job = Job(body, self.settings, cost)
        with self._lock:
            if self.running() >= self.settings.max_jobs:
                raise TooManyJobs(f"{self.settings.max_jobs} equity jobs are running already, the most at once;"
                                  " wait for one to finish or cancel one")
            self._jobs[job.id] = job
            job.thread.start()
            finished = [key for key, old in self._jobs.items() if old.finished]
            for key in finished[: max(0, len(self._jobs) - self.settings.kept_jobs)]:
                del self._jobs[key]
        return job

    def get(self, job_id: str) -> Optional[Job]:
        return self._jobs.get(job_id)

    def cancel_all(self) -> None:
        for job in list(self._jobs.values()):
            job.cancelled.set()
