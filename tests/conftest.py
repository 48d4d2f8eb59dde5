"""Shared helpers and fixtures: card-id arrays, random hands, the order check against an oracle."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import json
import os
import shutil
import socket
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Iterator

# As showdown does on import (see src/showdown/__init__.py), for the test modules that import
# numba before showdown: no colouring, so a kernel compiling in a background thread never swaps
# sys.stdout under another test's capture.
os.environ.setdefault("NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING", "1")
# Strategy lists and analyses are derived in every test run, not read from the disk of another
# (showdown.videopoker.shelf): tests of progress, time limits and cancels need a real derivation,
# and tests/test_videopoker_shelf.py turns the shelf on in a directory of its own.
os.environ["SHOWDOWN_KEEP_ON_DISK"] = "0"

import numpy as np
import pytest
from hypothesis import settings

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
"""Under CI=true an optional part that is missing fails the tests that need it instead of
skipping them: the CI installs everything, so a missing part there is a broken install."""


def require(module: str) -> ModuleType:
    """Import an optional part (an extra) for the tests that need it: skip them when it is not
    installed, fail them under CI=true. Works in a test, a fixture or at module level."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        if IN_CI:
            pytest.fail(f"CI=true but {module} is not installed ({error})", pytrace=False)
        pytest.skip(f"{module} is not installed ({error})", allow_module_level=True)

# --- hypothesis budgets ------------------------------------------------------------------------
# Budgets come from a profile: "dev" (make check) is small, "ci" (make test, CI) is the full one;
# HYPOTHESIS_PROFILE picks, and make check sets it. A test that needs more or fewer examples than
# the profile's base says so relatively, with budget(). Timing is for the benchmarks: no
# per-example deadline, so a busy machine cannot fail a test.
settings.register_profile("ci", deadline=None, max_examples=100)
settings.register_profile("dev", deadline=None, max_examples=10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def budget(weight: float, **options: object) -> settings:
    """Hypothesis settings with ``weight`` times the profile's examples (at least 2), plus
    ``options`` (``suppress_health_check=...``): ``@budget(3)`` is 300 examples in "ci", 30 in
    "dev"."""
    return settings(max_examples=max(2, round(weight * settings.default.max_examples)), **options)


# --- tiers -------------------------------------------------------------------------------------
# make check runs the quick tier: every test that carries none of these markers. make test and CI
# run them all. A test joins a tier by a marker (on the test or as the module's pytestmark), or by
# the fixture it uses (FIXTURE_TIERS); and it cannot drift out of its tier unnoticed: a test that
# starts a process, starts with an empty numba cache or starts a Dask cluster without its marker
# fails, saying which marker it needs (see _guard below).
TIERS = {
    "slow": "an exhaustive sweep (its quick sample stays in the quick tier)",
    "compile": "kernels compiled from an empty numba cache, or in another process",
    "browser": "the page in a real Chromium",
    "dist": "a Dask cluster",
    "process": "starts an interpreter, showdown, mkdocs or lint-imports",
    "load": "the web app's bounded load test on loopback",
}
FIXTURE_TIERS = {"page": "browser", "browser": "browser", "cluster_client": "dist", "site": "process"}
"""Fixtures that put the tests using them in a tier."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--tier", choices=("quick", "rest", "all"), default="all",
                     help="quick: the tests with no tier marker (make check); rest: the others; all (default)")


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in TIERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for fixture in getattr(item, "fixturenames", ()):
            if fixture in FIXTURE_TIERS:
                item.add_marker(FIXTURE_TIERS[fixture])
    tier = config.getoption("--tier")
    if tier == "all":
        return
    keep, drop = [], []
    for item in items:
        quick = not any(item.get_closest_marker(name) for name in TIERS)
        (keep if quick == (tier == "quick") else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


_current: list[pytest.Item] = []  # the test being set up, run or torn down


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: object) -> Iterator[None]:
    _current.append(item)
    try:
        yield
    finally:
        _current.pop()


def _needs(marker: str, what: str) -> None:
    """Fail the current test unless it carries ``marker`` (a test of the compile, load, browser or
    dist tier may start processes too: a fresh cache, a server, Chromium and its driver, workers)."""
    if not _current:
        return
    item = _current[-1]
    allowed = (marker, "compile", "load", "browser", "dist") if marker == "process" else (marker,)
    if not any(item.get_closest_marker(name) for name in allowed):
        raise RuntimeError(f"{item.nodeid} {what}: mark it @pytest.mark.{marker} (see TIERS in tests/conftest.py)")


_SESSION_CACHE = os.environ.get("SHOWDOWN_CACHE_DIR", "")


def _guard(event: str, arguments: tuple) -> None:
    """An audit hook: a process started by a test needs the ``process`` marker, and one started
    with another numba cache needs ``compile``. Not the test's doing: the library's own helper
    that compiles kernels beside a first run (``kernel_groups.compile_elsewhere``), and
    fontconfig's ``fc-list``, which matplotlib asks once when it builds its font cache (on a
    fresh machine, in whichever test draws first)."""
    if event != "subprocess.Popen" or not _current:
        return
    _executable, args, _cwd, env = arguments
    args = [str(a) for a in (args if isinstance(args, (list, tuple)) else [args])]
    if len(args) >= 3 and args[1] == "-c" and args[2].startswith("import showdown.kernel_groups as g; g.prepare("):
        return  # kernel_groups.compile_elsewhere's command
    if args and Path(args[0]).name == "fc-list":
        return
    if (os.environ if env is None else env).get("SHOWDOWN_CACHE_DIR", "") != _SESSION_CACHE:
        _needs("compile", "starts a process with another numba cache")
    _needs("process", f"starts a process ({' '.join(args[:3])[:80]})")


sys.addaudithook(_guard)


def _guard_clusters(local: ModuleType) -> None:
    """A Dask LocalCluster started by a test needs the ``dist`` marker."""
    start = local.LocalCluster.__init__

    def guarded(self, *args, **kwargs):
        _needs("dist", "starts a Dask cluster")
        start(self, *args, **kwargs)

    local.LocalCluster.__init__ = guarded


class _GuardOnImport(importlib.abc.MetaPathFinder):
    """Puts :func:`_guard_clusters` on Dask's LocalCluster as soon as it is imported, whoever
    imports it (a test, a fixture or the library)."""

    def find_spec(self, name: str, path: object, target: object = None) -> object:
        if name != "distributed.deploy.local":
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return spec
        execute = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            execute(module)
            _guard_clusters(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if "distributed.deploy.local" in sys.modules:
    _guard_clusters(sys.modules["distributed.deploy.local"])
else:
    sys.meta_path.insert(0, _GuardOnImport())


def combinations_array(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of a uint8 array, in itertools.combinations order.

    Built level by level with NumPy: in lexicographic order the combinations whose first element
    is at least ``t`` form a suffix of the array, so the rows of size ``j`` starting with ``t``
    are ``t`` followed by the suffix of size ``j - 1`` rows that start above ``t``.
    """
    rows = np.arange(n, dtype=np.uint8).reshape(-1, 1)
    for _ in range(k - 1):
        starts = np.searchsorted(rows[:, 0], np.arange(n + 1), side="left")
        parts = []
        for t in range(n):
            rest = rows[starts[t + 1]:]
            parts.append(np.hstack([np.full((len(rest), 1), t, dtype=np.uint8), rest]))
        rows = np.concatenate(parts)
    return rows


def random_hands(seed: int, n: int, k: int) -> np.ndarray:
    """``n`` uniformly random hands of ``k`` distinct cards, as an (n, k) uint8 array."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    filled = 0
    while filled < n:
        draw = rng.integers(0, 52, size=(max(1024, 2 * (n - filled)), k), dtype=np.uint8)
        distinct = (np.diff(np.sort(draw, axis=1), axis=1) != 0).all(axis=1)
        good = draw[distinct][: n - filled]
        out[filled:filled + len(good)] = good
        filled += len(good)
    return out


def pheval_ranks(hands: np.ndarray, chunk: int = 1 << 20) -> np.ndarray:
    """phevaluator's rank of each row (smaller is stronger), through its C extension."""
    _pheval = require("phevaluator._pheval")

    n, k = hands.shape
    function = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards, 7: _pheval.evaluate_7cards}[k]
    out = np.empty(n, dtype=np.int32)
    for lo in range(0, n, chunk):
        part = hands[lo:lo + chunk]
        columns = [part[:, j].tolist() for j in range(k)]
        out[lo:lo + len(part)] = np.fromiter(map(function, *columns), dtype=np.int32, count=len(part))
    return out


def assert_reverse_order_bijection(ours: np.ndarray, theirs: np.ndarray, hands: np.ndarray) -> int:
    """Assert that ``ours`` (higher is stronger) and ``theirs`` (smaller is stronger) order the
    hands identically: equal values exactly when equal ranks, and the order reversed.

    Sorting by our value, their ranks must be non-increasing, with a step in one exactly where
    there is a step in the other. Returns the number of distinct values.
    """
    assert ours.shape == theirs.shape == (len(hands),)
    order = np.argsort(ours, kind="stable")
    value_steps = np.sign(np.diff(ours[order].astype(np.int64)))
    rank_steps = np.sign(np.diff(theirs[order].astype(np.int64)))
    bad = np.flatnonzero(value_steps != -rank_steps)
    if bad.size:
        i = int(bad[0])
        a, b = order[i], order[i + 1]
        pytest.fail(
            f"{bad.size} order disagreements; first: hand {hands[a].tolist()} value {ours[a]} rank {theirs[a]}"
            f" vs hand {hands[b].tolist()} value {ours[b]} rank {theirs[b]}"
        )
    return int(np.count_nonzero(value_steps)) + 1 if len(ours) else 0


@pytest.fixture(scope="session")
def five_card_hands() -> np.ndarray:
    """All 2,598,960 five-card hands in itertools.combinations order."""
    return combinations_array(52, 5)


@pytest.fixture(scope="session")
def five_card_values(five_card_hands) -> np.ndarray:
    from showdown import evaluate_many

    return evaluate_many(five_card_hands)


def after_first_start(err: str) -> str:
    """A command's stderr without the line it prints first when its kernels are not yet in numba's
    cache (the first start after an install; see showdown.cli.progress.engine_ready): in two test
    processes, which one compiles a kernel first is not fixed, so tests of anything else leave
    that line out."""
    from showdown.engine import PREPARING

    return err.removeprefix(f"{PREPARING}...\n")


def run_cli(capsys, *args: str) -> str:
    """Run ``showdown ARGS`` in-process and return its stdout (typer exits with 0 after a command)."""
    from showdown.cli import main

    try:
        main(list(args))
    except SystemExit as done:
        assert done.code in (0, None)
    return capsys.readouterr().out


# The page in a real Chromium (Playwright): a server, a browser and a fresh page per test, shared
# by every test_page_* and test_web_browser module.

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


SCREENSHOTS = Path(__file__).resolve().parent.parent / "test-output" / "screenshots"
VIEWPORT = {"width": 1280, "height": 900}
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app on a real server, in a background thread, for the whole test session."""
    uvicorn = require("uvicorn")

    from showdown.web import create_app

    port = free_port()
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning",
                            timeout_graceful_shutdown=2)
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not instance.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the web server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's chromium under Playwright; without it the tests skip, except under CI=true,
    where a missing browser fails them (.ci/run installs it)."""
    if CHROMIUM is None:
        message = "Debian's chromium is not installed (apt-get install chromium)"
        if IN_CI:
            pytest.fail(f"CI=true: {message}; the browser tests cannot run", pytrace=False)
        pytest.skip(message)
    sync_playwright = require("playwright.sync_api").sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, server):
    """A fresh page (its own storage) on the app; fails the test on any script error."""
    context = browser.new_context(viewport=VIEWPORT, base_url=server)
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))

    def console(message) -> None:
        # The browser logs every 4xx answer; the tests that expect one check the message shown.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            errors.append(message.text)

    tab.on("console", console)
    yield tab
    context.close()
    assert not errors, f"errors in the page: {errors}"


def open_view(page, view: str) -> None:
    page.goto(f"/#{view}")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector(f"[data-testid=view-{view}]:not([hidden])")


def pick_cards(page, *cards: str) -> None:
    for card in cards:
        page.click(f"[data-testid=pick-{card}]")


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    return path


def slot_cards(page, testid: str) -> list[str]:
    return page.eval_on_selector_all(f"[data-testid={testid}-slots] .card-face",
                                     "faces => faces.map(face => face.dataset.card)")


def wait_slots(page, testid: str, cards: list[str]) -> None:
    """Wait for a field's slots to show `cards` (typed text is read by the server first)."""
    page.wait_for_function(
        "([testid, cards]) => JSON.stringify([...document.querySelectorAll(`[data-testid=${testid}-slots] .card-face`)]"
        ".map(face => face.dataset.card)) === JSON.stringify(cards)", arg=[testid, cards])


def wait_value(page, testid: str, value: str) -> None:
    page.wait_for_function("([testid, value]) => document.querySelector(`[data-testid=${testid}]`).value === value",
                           arg=[testid, value])


def shown_text(page, selector: str) -> str:
    """The text of the element ``selector`` once it is shown."""
    element = page.locator(selector)
    element.wait_for()
    return element.text_content()


def deal_seed(page, seed: int) -> None:
    """Video poker deals with a fixed seed: the hand is the library's ``Trainer(seed=seed)`` hand."""
    page.route("**/api/videopoker/deal", lambda route: route.continue_(post_data=json.dumps({"seed": seed})))
