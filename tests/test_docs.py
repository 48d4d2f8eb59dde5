"""The documentation site: every public name in the API reference, and a strict build (a broken
link, an unknown reference or a page missing from the navigation fails) that loads nothing from
the network when read."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import showdown
import showdown.videopoker
from conftest import require

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


def test_the_benchmark_page_shows_the_results_and_their_plots(site):
    page = (site / "benchmarks" / "index.html").read_text()
    results = (ROOT / "benchmarks" / "RESULTS.md").read_text()
    first_row = next(line for line in results.splitlines() if line.startswith("| `"))
    assert first_row.split("|")[1].strip().strip("`").split("`")[0] in page
    for plot in (ROOT / "benchmarks" / "plots").glob("*.png"):
        assert (site / "benchmarks" / "plots" / plot.name).read_bytes() == plot.read_bytes()
        assert f"plots/{plot.name}" in page
