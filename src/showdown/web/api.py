"""The JSON API router (mounted at /api): thin async endpoints that hand the work to threads.

CPU work never runs on the event loop: light requests go to a pool of ``light_workers``
threads, equity, odds grids and analyses to ``heavy_workers`` threads, equity jobs to threads of
their own. A request that waits ``queue_timeout`` seconds for a thread is answered with 503.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import anyio
from fastapi import APIRouter, HTTPException
from fastapi.responses import StreamingResponse

from showdown import __version__
from showdown.web import compute, models
from showdown.web.jobs import Job, Jobs, TooManyJobs
from showdown.web.settings import Settings

T = TypeVar("T")

ERRORS: dict[int | str, dict[str, Any]] = {
    413: {"description": "The request body is over the size limit."},
    503: {"description": "No worker thread became free in time."},
}
JOB_ERRORS: dict[int | str, dict[str, Any]] = {404: {"description": "No such job (old ones are forgotten)."}}


class Workers:
    """Capacity-limited worker threads, with a bounded wait for a free one."""

    def __init__(self, settings: Settings) -> None:
        self.light = anyio.CapacityLimiter(settings.light_workers)
        self.heavy = anyio.CapacityLimiter(settings.heavy_workers)
        self.timeout = settings.queue_timeout

    async def run(self, function: Callable[..., T], *args: Any, heavy: bool = False) -> T:
        limiter = self.heavy if heavy else self.light
        acquired = False
        with anyio.move_on_after(self.timeout):
            await limiter.acquire()
            acquired = True
        if not acquired:
            raise HTTPException(503, f"the server is busy: no worker thread became free within {self.timeout:g} s")
        try:
            return await anyio.to_thread.run_sync(function, *args)
        finally:
            limiter.release()


def build_router(settings: Settings, jobs: Jobs) -> APIRouter:
    """The API's endpoints over ``settings`` and the app's ``jobs``."""
    router = APIRouter(responses=ERRORS)
    workers = Workers(settings)

    def job_or_404(job_id: str) -> Job:
        job = jobs.get(job_id)
        if job is None:
            raise HTTPException(404, f"no equity job {job_id!r}: it never existed or finished long ago")
        return job

    @router.get("/health", response_model=models.Health, tags=["server"])
    async def health() -> dict[str, Any]:
        """The server is up; the library's version."""
        return {"status": "ok", "version": __version__}

    @router.get("/cards", response_model=models.CardList, tags=["cards"])
    async def cards() -> dict[str, Any]:
        """The 52 cards in id order (id = 4 * rank + suit)."""
        return compute.cards()

    @router.post("/evaluate", response_model=models.HandOut, tags=["hands"])
    async def evaluate(body: models.EvaluateRequest) -> dict[str, Any]:
        """Evaluate 1 to 7 cards: value (higher is better), category, description, best five."""
        return await workers.run(compute.evaluate_hand, body)

    @router.post("/showdown", response_model=models.ShowdownOut, tags=["hands"])
    async def showdown(body: models.ShowdownRequest) -> dict[str, Any]:
        """Show down 2 to 23 players' hands on a board: each hand, the winners, split or not."""
        return await workers.run(compute.show_down, body)

    @router.post("/settle", tags=["hands"])
    async def settle(body: models.SettleRequest) -> dict[str, Any]:
        """Settle a hand: uncalled chips, main and side pots, rake, splits and odd chips."""
        return await workers.run(compute.settle_hand, body, settings)

    @router.post("/equity", response_model=models.EquityOut, tags=["equity"])
    async def equity(body: models.EquityRequest) -> dict[str, Any]:
        """Equity of 2 to 10 hands or ranges, within 10 seconds (longer runs: the jobs below)."""
        return await workers.run(compute.equity_now, body, settings, heavy=True)

    @router.post("/equity/jobs", status_code=202, response_model=models.JobOut, tags=["equity"])
    async def start_job(body: models.EquityRequest) -> dict[str, Any]:
        """Start an equity job (at most 120 seconds; 429 when 4 are running already)."""
        try:
            job = await workers.run(jobs.start, body)
        except TooManyJobs as error:
            raise HTTPException(429, str(error)) from None
        return job.snapshot()

    @router.get("/equity/jobs/{job_id}", response_model=models.JobOut, tags=["equity"], responses=JOB_ERRORS)
    async def job_status(job_id: str) -> dict[str, Any]:
        """A job's status, progress (0 to 1) and its interim or final result."""
        return job_or_404(job_id).snapshot()

    @router.get("/equity/jobs/{job_id}/events", tags=["equity"], responses={
        **JOB_ERRORS, 200: {"content": {"text/event-stream": {}}, "description": "One `data:` event per status."}})
    async def job_events(job_id: str) -> StreamingResponse:
        """Server-sent events: the job's status now, after each interim result, and the final one."""
        job = job_or_404(job_id)
        return StreamingResponse(job.stream(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})

    @router.delete("/equity/jobs/{job_id}", response_model=models.JobOut, tags=["equity"], responses=JOB_ERRORS)
    async def cancel_job(job_id: str) -> dict[str, Any]:
        """Cancel a job; its status is "cancelled" once it has stopped (within a second or so)."""
        job = job_or_404(job_id)
        job.cancelled.set()
        await anyio.to_thread.run_sync(job.thread.join, 2.0)
        return job.snapshot()

    @router.post("/grid", response_model=models.GridOut, tags=["equity"])
    async def grid(body: models.GridRequest) -> dict[str, Any]:
        """The odds grid: by final hand category, how often you and your opponents win."""
        return await workers.run(compute.grid, body, settings, heavy=True)

    @router.post("/range", response_model=models.RangeOut, tags=["equity"])
    async def hand_range(body: models.RangeRequest) -> dict[str, Any]:
        """Parse a range: its canonical text, combos, and each hand class's weight."""
        return await workers.run(compute.range_classes, body)

    @router.get("/videopoker/paytables", response_model=models.PaytableList, tags=["video poker"])
    async def paytables() -> dict[str, Any]:
        """The named pay tables, with their lines (pay per coin at the maximum bet)."""
        return compute.paytables()

    @router.post("/videopoker/holds", response_model=models.HoldsOut, tags=["video poker"])
    async def holds(body: models.HoldsRequest) -> dict[str, Any]:
        """All 32 holds of a deal, best first, with exact expected values."""
        return await workers.run(compute.hold_list, body)

    @router.post("/videopoker/analyze", tags=["video poker"])
    async def analyze(body: models.AnalyzeRequest) -> dict[str, Any]:
        """A game's exact return under optimal play, with every final hand's probability."""
        return await workers.run(compute.analysis, body, settings, heavy=True)

    @router.post("/videopoker/deal", response_model=models.DealOut, tags=["video poker"])
    async def deal(body: models.DealRequest) -> dict[str, Any]:
        """Deal five cards; the seed fixes the whole shuffled deck (for /videopoker/draw)."""
        return await workers.run(compute.deal, body)

    @router.post("/videopoker/draw", response_model=models.DrawOut, tags=["video poker"])
    async def draw(body: models.DrawRequest) -> dict[str, Any]:
        """Hold cards of the seed's deal, draw, pay, and compare the hold with the best one."""
        return await workers.run(compute.draw, body)

    return router
