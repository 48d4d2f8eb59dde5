"""The limits of the web app, in one place (documented in the web guide, docs/guide/web.md).

>>> Settings().max_trials
50000000
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from showdown import ShowdownError


class LimitError(ShowdownError):
    """A request over one of the web app's limits (answered as 422 with this message)."""


@dataclass(frozen=True)
class Settings:
    """Limits per request, per job and for the whole server; ``create_app(Settings(...))``.

    The last group (connections, timeouts, Host names) is for the server: ``showdown serve``
    (:func:`showdown.web.serve`) applies it; another ASGI server has its own options for them.
    """

    max_body_bytes: int = 65_536
    """Larger request bodies are refused with 413."""
    max_body_depth: int = 32
    """JSON bodies nested deeper than this (objects and lists in one another) are refused with 422."""
    max_time_limit: float = 10.0
    """Seconds of work at most for /api/equity and /api/grid."""
    default_time_limit: float = 2.0
    """Monte Carlo time when a request gives no trials, stderr or time_limit."""
    max_trials: int = 50_000_000
    max_exact_evaluations: int = 200_000_000
    """Exact enumeration with part of the board known is refused at once above this many hand
    evaluations (``showdown.plan()``), for /api/equity and /api/grid."""
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
    """Seconds a pay table's analysis runs at most."""
    strategy_time_limit: float = 60.0
    """Seconds a strategy list's derivation runs at most (one at a time; a list once derived is
    kept and answered at once). A named table's list takes about 10 to 20 s here."""
    warm_up: bool = True
    """Compile the engine's kernels in a background thread when the app starts (``GET
    /api/health`` says when they are ready), so that the first answers do not wait for it."""

    allowed_hosts: Optional[tuple[str, ...]] = None
    """The host names (or addresses) a request's Host header may name, whatever its port; any
    other is answered with 400, so that a web page whose DNS name is made to point at this
    server (DNS rebinding) cannot use it. ``"*.example.com"`` allows the subdomains, ``"*"``
    any host. ``None`` (the default of ``create_app``, for tests and for a server behind a proxy
    that checks the host) does no check; ``showdown serve`` always sets it from ``--host``."""
    allow_address_hosts: bool = False
    """Also answer a Host header that is an IP address (no DNS name can be rebound to one);
    ``showdown serve`` sets it when it listens on every interface."""
    max_connections: int = 200
    """Connections served at once; a request on one more is answered with 503."""
    head_timeout: float = 10.0
    """Seconds a connection has to send a request's line and headers (from when it opens or
    from its first byte after a keep-alive wait); then it is answered with 408 and closed."""
    body_timeout: float = 30.0
    """Seconds a request has to send its whole body once its headers are in; then 408 and closed."""
    keep_alive_timeout: float = 5.0
    """Seconds an idle keep-alive connection is kept open between requests."""
    max_head_bytes: int = 16_384
    """A request line and headers larger than this are answered with 431, however they arrive."""
    shutdown_timeout: float = 5.0
    """Seconds Ctrl+C waits for open responses (an event stream of a job) before closing them."""

    def limits(self) -> dict[str, Any]:
        """The limits a client meets in its requests and jobs (``GET /api/limits`` gives them
        beside the library's); the server's own settings (connections, hosts) are left out.

        >>> Settings(max_jobs=2).limits()["max_jobs"]
        2
        """
        return {name: getattr(self, name) for name in _REQUEST_LIMITS}


_REQUEST_LIMITS = ("max_body_bytes", "max_body_depth", "max_time_limit", "default_time_limit", "max_trials",
                   "max_exact_evaluations", "job_max_exact_evaluations", "job_max_runtime", "max_jobs", "kept_jobs",
                   "queue_timeout", "analyze_time_limit", "strategy_time_limit")
