"""The limits of the web app, in one place (documented in README, section "Web app").

>>> Settings().max_trials
50000000
"""

from __future__ import annotations

from dataclasses import dataclass

from showdown import ShowdownError


class LimitError(ShowdownError):
    """A request over one of the web app's limits (answered as 422 with this message)."""


@dataclass(frozen=True)
class Settings:
    """Limits per request, per job and for the whole server; ``create_app(Settings(...))``."""

    max_body_bytes: int = 65_536
    """Larger request bodies are refused with 413."""
    max_time_limit: float = 10.0
    """Seconds of work at most for /api/equity and /api/grid."""
    default_time_limit: float = 2.0
    """Monte Carlo time when a request gives no trials, stderr or time_limit."""
    max_trials: int = 50_000_000
    max_exact_evaluations: int = 200_000_000
    """Exact enumeration with part of the board known cannot report progress, so it is capped by
    size: the hand evaluations of ``showdown.plan()``, for /api/equity and /api/grid."""
    job_max_exact_evaluations: int = 2_500_000_000
    """The same cap for equity jobs."""
    job_max_runtime: float = 120.0
    max_jobs: int = 4
    """Equity jobs running at once; one more is answered with 429."""
    kept_jobs: int = 64
    """Finished jobs remembered for polling (the oldest are forgotten first)."""
    heavy_workers: int = 2
    """Threads for equity, odds grids and video poker analyses outside jobs."""
    light_workers: int = 16
    """Threads for every other request."""
    queue_timeout: float = 30.0
    """Seconds a request may wait for a worker thread before a 503."""
    analyze_time_limit: float = 30.0
    max_seats: int = 100
