"""The web app: the JSON API at /api, its docs at /docs, the page at /."""

from __future__ import annotations

import errno
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Optional

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.routing import Match, Route
from starlette.types import Scope

from showdown import ShowdownError, __version__
from showdown.engine import is_ready, warm_up_in_background
from showdown.web.api import build_router
from showdown.web.bodies import StrictJSONResponse, short_quotes, shortened, validation_error
from showdown.web.jobs import Jobs
from showdown.web.middleware import BodySizeLimit, HeadAsGet, TrustedHosts
from showdown.web.settings import Settings

STATIC = Path(__file__).with_name("static")
DESCRIPTION = """Poker hand evaluation, showdowns, pot settlement, ranges, equity, the odds grid, board study and
video poker, as JSON: Texas Hold'em, Omaha (4, 5 or 6 cards), Omaha hi-lo and short deck. Cards are text in
the usual notation ("As Kd", "AsKd", "A♠ K♦").

Errors in the input are answered with **422** and `{"detail": "<the library's message>"}` (or FastAPI's
list of validation errors for a malformed body, the first 20: a wrong type, a missing or unknown field, a number
that is not finite, text with a lone surrogate, nesting over 32 levels). Types are strict: `"50"` is not a number,
`true` not 1, `1.0` not a whole number (a whole number is fine where any number is). Bodies are JSON in UTF-8
(another charset: **415**). Responses are strict JSON: a figure that cannot be estimated is `null`. Limits:
bodies over 64 KiB get **413**; equity and the odds grid work at most 10 s per request (long runs: equity jobs,
at most 120 s, 4 at once, then **429**); a pay table's analysis 30 s and a strategy list's derivation 60 s (one
at a time; a list once derived is answered at once); a request that waits 30 s for a worker thread gets
**503**."""

DOCS_ASSETS = "/docs-assets"
"""Where the API docs' scripts and styles are served from (the fastapi-offline package), so
that /docs works offline."""

FALLBACK_PAGE = """<!doctype html><meta charset="utf-8"><title>showdown</title>
<h1>showdown</h1><p>The JSON API is at <a href="/docs">/docs</a>.</p>"""


async def _showdown_error(request: Request, error: Exception) -> Response:
    return StrictJSONResponse({"detail": short_quotes(str(error))}, status_code=422)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    if error.status_code in (204, 304):
        return Response(status_code=error.status_code, headers=error.headers)
    detail = short_quotes(error.detail) if isinstance(error.detail, str) else error.detail
    return StrictJSONResponse({"detail": detail}, status_code=error.status_code, headers=error.headers)


_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def _either(names: list[str]) -> str:
    """``"A, B or C"``."""
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]


def method_of(scope: Scope) -> str:
    """The method a client asked with (HEAD is passed on as GET, see :class:`HeadAsGet`)."""
    return "HEAD" if scope.get("showdown.head") else str(scope["method"])


def not_allowed(path: str, allowed: list[str], method: str) -> HTTPException:
    """The 405 of a path asked with another method than ``allowed`` (HEAD wherever GET is)."""
    allowed = sorted({*allowed, *(["HEAD"] if "GET" in allowed else [])})
    return HTTPException(405, f"{shortened(path)} takes {_either(allowed)}, not {method}",
                         headers={"Allow": ", ".join(allowed)})


def _add_api_fallback(app: FastAPI, api: APIRouter) -> None:
    """Under /api, after every route of ``api``: a path that exists with other methods is
    answered 405 with its ``Allow`` header, any other path 404, both in JSON (without this the
    page's static files, mounted at /, would answer for them)."""
    routes = [route for route in api.routes if isinstance(route, APIRoute)]

    @app.api_route("/api", methods=_METHODS, include_in_schema=False)
    @app.api_route("/api/{path:path}", methods=_METHODS, include_in_schema=False)
    async def fallback(request: Request, path: str = "") -> Response:
        allowed = sorted({method for route in routes if route.path_regex.match(f"/{path}")
                          for method in route.methods or ()})
        if not allowed:
            raise HTTPException(404, f"no API path {shortened(request.url.path)}; the paths are listed at /docs")
        raise not_allowed(request.url.path, allowed, method_of(request.scope))


class Files(StaticFiles):
    """Static files, with JSON errors that say what is wrong: a path that is no file is 404
    whatever the method (Starlette answers 405 first), a file (or a route of the app, such as
    /docs, that the mount shadows) asked with another method 405."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        if scope["method"] not in ("GET", "HEAD"):
            routes = [route for route in getattr(scope.get("app"), "routes", ()) if isinstance(route, Route)
                      and route.matches(scope)[0] is not Match.NONE]
            if routes:
                raise not_allowed(scope["path"], [method for route in routes for method in route.methods or ()],
                                  method_of(scope))
            try:
                await super().get_response(path, {**scope, "method": "GET"})
            except HTTPException:
                raise self.missing(scope) from None
            raise not_allowed(scope["path"], ["GET"], method_of(scope))
        try:
            return await super().get_response(path, scope)
        except HTTPException as error:
            if error.status_code == 404:
                raise self.missing(scope) from None
            raise

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        # A name longer than the file system allows is no file (Starlette before 0.37 lets the
        # OSError through as a 500).
        try:
            return super().lookup_path(path)
        except OSError as error:
            if error.errno == errno.ENAMETOOLONG:
                return "", None
            raise

    @staticmethod
    def missing(scope: Scope) -> HTTPException:
        return HTTPException(404, f"no page or file at {shortened(scope['path'])}: the page is at /, the API under"
                                  " /api (its paths are listed at /docs); paths are case-sensitive")


def _add_docs(app: FastAPI) -> None:
    """The interactive API docs at /docs (Swagger UI), its script and style served from the
    fastapi-offline package (the web extra): no CDN, so it works offline."""
    import fastapi_offline

    assets = Path(fastapi_offline.__file__).with_name("static")
    app.mount(DOCS_ASSETS, Files(directory=str(assets)), name="docs-assets")
    schema = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=schema, title="showdown API", swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css", swagger_favicon_url=f"{DOCS_ASSETS}/favicon.png")


def create_app(settings: Optional[Settings] = None) -> FastAPI:
    """The FastAPI app; ``settings`` changes the limits (see :class:`Settings`).

    Every response is strict JSON; bad input of any kind is a 4xx, never a server error. The
    Host header is checked only when ``settings.allowed_hosts`` is set (``showdown serve``
    always sets it; the default, None, suits tests and a server behind a proxy).
    """
    settings = settings or Settings()
    jobs = Jobs(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        if settings.warm_up and not is_ready():
            warm_up_in_background()
        yield
        jobs.cancel_all()

    app = FastAPI(title="showdown", version=__version__, description=DESCRIPTION, lifespan=lifespan,
                  default_response_class=StrictJSONResponse, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.jobs = jobs
    app.add_exception_handler(ShowdownError, _showdown_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    api = build_router(settings, jobs)
    app.include_router(api, prefix="/api")
    _add_api_fallback(app, api)
    _add_docs(app)
    if (STATIC / "index.html").is_file():
        app.mount("/", Files(directory=STATIC, html=True), name="static")
    else:
        @app.get("/", include_in_schema=False)
        async def page() -> HTMLResponse:
            return HTMLResponse(FALLBACK_PAGE)
    app.add_middleware(BodySizeLimit, limit=settings.max_body_bytes)
    app.add_middleware(HeadAsGet)
    if settings.allowed_hosts is not None:  # the outermost: a request for another host gets nothing else
        app.add_middleware(TrustedHosts, allowed=settings.allowed_hosts, addresses=settings.allow_address_hosts)
    return app
