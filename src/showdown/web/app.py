"""The web app: the JSON API at /api, its docs at /docs, the page at /."""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Optional

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from showdown import ShowdownError, __version__
from showdown.web.api import build_router
from showdown.web.jobs import Jobs
from showdown.web.middleware import BodySizeLimit
from showdown.web.settings import Settings

STATIC = Path(__file__).with_name("static")
DESCRIPTION = """Texas Hold'em hand evaluation, showdowns, pot settlement, ranges, equity, the odds grid and
video poker, as JSON. Cards are text in the usual notation ("As Kd", "AsKd", "A♠ K♦").

Errors in the input are answered with **422** and `{"detail": "<the library's message>"}` (or FastAPI's
list of validation errors for a malformed body). Limits: bodies over 64 KiB get **413**; equity and the odds
grid work at most 10 s per request (long runs: equity jobs, at most 120 s, 4 at once, then **429**);
a request that waits 30 s for a worker thread gets **503**."""

FALLBACK_PAGE = """<!doctype html><meta charset="utf-8"><title>showdown</title>
<h1>showdown</h1><p>The JSON API is at <a href="/docs">/docs</a>.</p>"""


async def _showdown_error(request: Request, error: Exception) -> JSONResponse:
    return JSONResponse({"detail": str(error)}, status_code=422)


def create_app(settings: Optional[Settings] = None) -> FastAPI:
    """The FastAPI app; ``settings`` changes the limits (see :class:`Settings`)."""
    settings = settings or Settings()
    jobs = Jobs(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        yield
        jobs.cancel_all()

    app = FastAPI(title="showdown", version=__version__, description=DESCRIPTION, lifespan=lifespan)
    app.state.settings = settings
    app.state.jobs = jobs
    app.add_exception_handler(ShowdownError, _showdown_error)
    app.include_router(build_router(settings, jobs), prefix="/api")
    if (STATIC / "index.html").is_file():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    else:
        @app.get("/", include_in_schema=False)
        async def page() -> HTMLResponse:
            return HTMLResponse(FALLBACK_PAGE)
    app.add_middleware(BodySizeLimit, limit=settings.max_body_bytes)
    return app
