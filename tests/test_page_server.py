"""The first start as a user meets it, in Chromium: ``showdown serve`` with an empty numba cache
binds, says it prepares the engine, the page says so too until the engine is ready, and the
first equity is answered; the API docs work with no network."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import free_port
from showdown import __version__, engine, equity

SHOWDOWN = Path(sys.executable).parent / "showdown"


def _serve(port: int, cache: Path) -> subprocess.Popen:
    environment = {**os.environ, "SHOWDOWN_CACHE_DIR": str(cache)}
    environment.pop("NUMBA_CACHE_DIR", None)
    return subprocess.Popen([str(SHOWDOWN), "serve", "--port", str(port)], env=environment, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def _first_lines(server: subprocess.Popen, needle: str, limit: int = 20) -> list[str]:
    """The server's output up to the line containing ``needle``."""
    lines = []
    while len(lines) < limit:
        line = server.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if needle in line:
            return lines
    raise AssertionError(f"the server never said {needle!r}: {lines}")


@pytest.mark.compile
def test_a_cold_start_from_an_empty_cache(browser, tmp_path):
    port = free_port()
    started = time.monotonic()
    server = _serve(port, tmp_path)
    try:
        lines = _first_lines(server, "preparing the engine")
        # The URL is announced once the port is bound: it answers at once.
        assert lines[0] == f"showdown web app on http://127.0.0.1:{port}/ (this machine only)"
        assert lines[-1] == "preparing the engine (first start only): the first answers wait for it"
        context = browser.new_context(base_url=f"http://127.0.0.1:{port}")
        page = context.new_page()
        page.goto("/#odds")
        page.wait_for_selector("body[data-ready=true]")
        banner = page.locator("[data-testid=engine-status]")
        health = page.request.get("/api/health").json()
        if health["engine"] != "ready":  # a fast machine may be done already
            assert health == {"status": "ok", "version": __version__, "engine": "preparing",
                              "engine_message": engine.message("preparing")}
            banner.wait_for()
            assert banner.text_content() == "Preparing the engine (first start only): the first answers wait for it."
        # Monte Carlo for one second, asked while the engine compiles: the compiling is not
        # counted against its time, so it deals for its second and stops there.
        dealt = page.request.post("/api/equity", data={"players": ["QQ+", "random"], "exact": False,
                                                       "time_limit": 1}, timeout=600_000)
        assert dealt.ok, dealt.text()
        assert dealt.json()["stopped_by"] == "time_limit", dealt.json()
        question = {"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"}
        answer = page.request.post("/api/equity", data=question, timeout=600_000)
        answered = time.monotonic() - started
        assert answer.ok, answer.text()
        result = answer.json()
        expected = equity(question["players"], question["board"]).to_dict()
        assert [p["equity"] for p in result["players"]] == [p["equity"] for p in expected["players"]]
        page.wait_for_selector("body[data-engine=ready]", timeout=600_000)
        ready = time.monotonic() - started
        assert banner.count() == 0
        health = page.request.get("/api/health").json()
        assert health["engine"] == "ready"
        print(f"\ncold start: first equity answered {answered:.1f} s after `showdown serve`, engine ready after"
              f" {ready:.1f} s; the answer reports {result['elapsed'] * 1000:.1f} ms of work")
        context.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_api_docs_work_offline(browser, server):
    context = browser.new_context(base_url=server)
    outside: list[str] = []

    def only_here(route) -> None:
        if route.request.url.startswith(server):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_here)
    page = context.new_page()
    page.goto("/docs")
    page.wait_for_selector(".swagger-ui .info .title", timeout=30_000)
    assert page.text_content(".swagger-ui .info .title").startswith("showdown")
    page.wait_for_selector(".opblock-summary-path[data-path='/api/equity']")
    assert outside == [], outside
    schema = json.loads(page.request.get("/openapi.json").text())
    assert "/api/equity" in schema["paths"]
    context.close()
