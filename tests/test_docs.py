"""The documentation site: every public name in the API reference, and a strict build (a broken
link, an unknown reference or a page missing from the navigation fails) that loads nothing from
the network when read, and whose search works when it is opened from the file system."""

import functools
import json
import os
import re
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import showdown
import showdown.videopoker
from conftest import VIEWPORT, require

ROOT = Path(__file__).resolve().parents[1]
API = ROOT / "docs" / "reference" / "api"

PUBLIC = [f"showdown.{name}" for name in showdown.__all__ if name != "__version__"] + [
    f"showdown.videopoker.{name}" for name in showdown.videopoker.__all__
]


def _documented() -> list[str]:
    return re.findall(r"^::: (\S+)$", "\n".join(page.read_text() for page in API.glob("*.md")), re.M)


def test_the_api_reference_documents_every_public_name_once():
    documented = _documented()
    assert sorted(documented) == sorted(PUBLIC)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    require("mkdocs")
    require("mkdocstrings")
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert run.returncode == 0, run.stderr[-4000:]
    return out


def test_the_site_builds_strictly_with_an_anchor_for_every_public_name(site):
    html = "".join(page.read_text() for page in (site / "reference" / "api").glob("*.html"))
    anchors = set(re.findall(r'id="(showdown\.[\w.]+)"', html))
    missing = [name for name in PUBLIC if name not in anchors]
    assert not missing, missing


def test_the_cli_reference_has_every_command_and_option(site):
    import typer

    from showdown.cli.commands import app

    page = (site / "reference" / "cli.html").read_text()

    def walk(command, path):
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, [*path, name])

    for path, command in walk(typer.main.get_command(app), ["showdown"]):
        assert f"<code>{' '.join(path)}</code>" in page, path
        for parameter in command.params:
            for option in getattr(parameter, "opts", []):
                if option.startswith("--"):
                    assert option in page, (path, option)


def test_the_web_api_reference_has_every_route(site):
    require("fastapi")
    from showdown.web.app import create_app

    page = (site / "reference" / "web-api.html").read_text()
    for path, operations in create_app().openapi()["paths"].items():
        for method in operations:
            assert f"{method.upper()} {path}" in page, (method, path)


LOADS = [
    re.compile(r"""<(?:script|img|iframe|source|embed)\b[^>]*\bsrc=["'](?:https?:)?//[^"']*""", re.I),
    re.compile(r"""<link\b(?=[^>]*\brel=["'](?:stylesheet|preload|preconnect|modulepreload|icon)["'])"""
               r"""[^>]*\bhref=["'](?:https?:)?//[^"']*""", re.I),
    re.compile(r"""url\(["']?(?:https?:)?//[^)]*\)""", re.I),
]


def test_the_site_loads_nothing_from_the_network(site):
    """Links to other sites are fine; scripts, styles, fonts and pictures come from the site."""
    for page in [*site.rglob("*.html"), *site.rglob("*.css")]:
        text = page.read_text()
        loads = [match for pattern in LOADS for match in pattern.findall(text)]
        assert not loads, (page, loads[:3])


def _loaded(page: Path) -> list[str]:
    """The scripts and stylesheets a page of the site loads, as written in it."""
    text = page.read_text()
    scripts = re.findall(r"""<script\b[^>]*\bsrc=["']([^"']+)""", text, re.I)
    styles = re.findall(r"""<link\b(?=[^>]*\brel=["']stylesheet["'])[^>]*\bhref=["']([^"']+)""", text, re.I)
    return scripts + styles


def test_every_script_and_stylesheet_a_page_loads_is_a_file_of_the_site(site):
    """By a path relative to the page, so it opens from the file system too (404.html is a web
    server's answer to any path, so its paths start at the site's root)."""
    pages = sorted(page for page in site.rglob("*.html") if page != site / "404.html")
    assert len(pages) > 30
    for page in pages:
        loaded = _loaded(page)
        assert any(path.endswith("iframe-worker.js") for path in loaded), page
        for path in loaded:
            assert not urlsplit(path).scheme and not path.startswith("/"), (page, path)
            target = (page.parent / unquote(urlsplit(path).path)).resolve()
            assert target.is_relative_to(site.resolve()) and target.is_file(), (page, path)


def test_the_search_index_and_the_worker_stand_in_are_in_the_site(site):
    """Opened from the file system, the theme reads the index from search/search_index.js and
    runs its search worker through our stand-in (docs/assets/javascripts/iframe-worker.js)."""
    script = (site / "search" / "search_index.js").read_text()
    assert script.startswith("var __index = ")
    index = json.loads(script.removeprefix("var __index = "))
    assert index == json.loads((site / "search" / "search_index.json").read_text())
    assert any(doc["location"] == "guide/settlement.html" for doc in index["docs"])
    ours = ROOT / "docs" / "assets" / "javascripts" / "iframe-worker.js"
    assert (site / "assets" / "javascripts" / "iframe-worker.js").read_bytes() == ours.read_bytes()


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def served_site(site):
    """The built site over http, from a server in a background thread."""
    with ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site))) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{server.server_port}"
        server.shutdown()
        thread.join(timeout=10)


SEARCH = "input[data-md-component=search-query]"


@pytest.mark.browser
@pytest.mark.parametrize("start", ["index.html", "reference/api/showdown.html"])
@pytest.mark.parametrize("opened", ["file", "http"])
def test_search_finds_pages_from_the_file_system_and_over_http(browser, site, request, opened, start):
    """From file:// the search worker runs through our stand-in and nothing is fetched from the
    network; over http the browser's own Worker runs it and the stand-in does nothing."""
    base = site.resolve().as_uri() if opened == "file" else request.getfixturevalue("served_site")
    context = browser.new_context(viewport=VIEWPORT)
    fetched: list[str] = []

    def network(route) -> None:  # the site's own server answers; anything else is refused
        fetched.append(route.request.url)
        route.continue_() if route.request.url.startswith(base) else route.abort()

    context.route("http*://**", network)
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: message.type == "error" and errors.append(message.text))
    try:
        tab.goto(f"{base}/{start}")
        assert tab.evaluate("Worker.toString().includes('[native code]')") == (opened == "http")
        tab.click(SEARCH)
        tab.locator(SEARCH).press_sequentially("settle")  # the theme searches on each key
        tab.wait_for_selector(".md-search-result__item > a[href*='h=settle']")
        meta = tab.text_content(".md-search-result__meta")
        links = tab.eval_on_selector_all(".md-search-result__item > a", "links => links.map(link => link.href)")
    finally:
        context.close()
    assert not errors, errors
    assert not [url for url in fetched if not url.startswith(base)], fetched
    found = int(re.fullmatch(r"(\d+) matching documents?", meta.strip()).group(1))
    assert found >= len(links) > 0
    pages = [urlsplit(link).path.removeprefix(urlsplit(base).path).lstrip("/") for link in links]
    assert "guide/settlement.html" in pages, pages
    for page in pages:
        assert (site / unquote(page)).is_file(), page


def test_the_benchmark_page_shows_the_results_and_their_plots(site):
    page = (site / "benchmarks" / "index.html").read_text()
    results = (ROOT / "benchmarks" / "RESULTS.md").read_text()
    first_row = next(line for line in results.splitlines() if line.startswith("| `"))
    assert first_row.split("|")[1].strip().strip("`").split("`")[0] in page
    for plot in (ROOT / "benchmarks" / "plots").glob("*.png"):
        assert (site / "benchmarks" / "plots" / plot.name).read_bytes() == plot.read_bytes()
        assert f"plots/{plot.name}" in page
