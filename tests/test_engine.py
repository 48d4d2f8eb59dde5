"""The engine's warm-up: kernels compiled once per process, a first start known from the cache,
and compile time kept out of time limits and reported durations."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from showdown import ShowdownError, engine, kernel_groups


def _fresh_process(code: str, cache: Path) -> dict:
    """Run ``code`` (which prints one JSON line) in a new interpreter whose numba cache is ``cache``."""
    environment = {**os.environ, "SHOWDOWN_CACHE_DIR": str(cache)}
    environment.pop("NUMBA_CACHE_DIR", None)
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=environment, capture_output=True,
                          text=True, timeout=600, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_warm_up_once_per_process():
    engine.warm_up("evaluation")
    assert engine.is_ready("evaluation")
    assert not engine.first_start("evaluation")
    assert engine.warm_up("evaluation") < 0.5  # ready: nothing left to do


def test_unknown_parts_are_named():
    for call in (engine.warm_up, engine.first_start, engine.is_ready):
        expected = "unknown engine part 'holdem'; the parts are evaluation, equity, video"
        with pytest.raises(ShowdownError, match=expected):
            call("holdem")


@pytest.mark.compile
def test_a_first_start_is_known_from_the_cache(tmp_path):
    code = """
        import json
        from showdown import engine
        before = engine.first_start("evaluation")
        engine.warm_up("evaluation")
        print(json.dumps({"before": before, "after": engine.first_start("evaluation"),
                          "equity": engine.first_start("equity")}))
    """
    first = _fresh_process(code, tmp_path)
    assert first == {"before": True, "after": False, "equity": True}
    # The next process finds the compiled kernels in the cache: not a first start any more.
    assert _fresh_process(code, tmp_path)["before"] is False


@pytest.mark.compile
def test_compile_time_is_not_counted_against_a_time_limit(tmp_path):
    # With an empty cache the first equity compiles for seconds. A time limit of 1 s that counted
    # it would stop after the first batch of 16,384 deals; it must deal for its whole second.
    result = _fresh_process("""
        import json
        from showdown import equity
        from showdown.odds.montecarlo import FIRST_BATCH
        r = equity(["AhAs", "KdKc"], exact=False, time_limit=1.0, seed=3)
        print(json.dumps({"total": r.total, "first_batch": FIRST_BATCH, "stopped_by": r.stopped_by,
                          "elapsed": r.elapsed}))
    """, tmp_path)
    assert result["stopped_by"] == "time_limit"
    assert result["total"] > 2 * result["first_batch"]
    assert result["elapsed"] >= 1.0
    # An exact preflop run on an empty cache: its plan's kernels compile too, and are not counted.
    preflop = _fresh_process("""
        import json, time
        from showdown import equity
        started = time.perf_counter()
        r = equity(["QQ+", "AKs"], exact=True)
        print(json.dumps({"wall": time.perf_counter() - started, "elapsed": r.elapsed, "exact": r.exact}))
    """, tmp_path / "preflop")
    assert preflop["exact"] and preflop["elapsed"] < preflop["wall"] / 10, preflop  # compiling is most of it
    # Equity compiled on use, without a warm-up: the next process knows which groups it only loads,
    # and that warming the whole part up would still compile the others.
    assert _fresh_process("""
        import json
        from showdown import engine, kernel_groups
        print(json.dumps({"montecarlo": kernel_groups.in_cache("montecarlo"),
                          "boards": kernel_groups.in_cache("boards"), "equity": engine.first_start("equity"),
                          "videopoker": engine.first_start("videopoker")}))
    """, tmp_path) == {"montecarlo": True, "boards": False, "equity": True, "videopoker": True}


def broken() -> None:
    """A kernel group that cannot be compiled here."""
    raise RuntimeError("no compiler here")


STARTED, RELEASE = threading.Event(), threading.Event()


def slow() -> None:
    """A kernel group that compiles until released."""
    STARTED.set()
    RELEASE.wait(30)


def _videopoker_compiled_by(monkeypatch, function: str) -> None:
    """The video poker group, not prepared yet, compiled by ``function`` of this module."""
    group = dataclasses.replace(kernel_groups.GROUPS["videopoker"], compile=f"test_engine:{function}")
    monkeypatch.setitem(kernel_groups.GROUPS, "videopoker", group)
    monkeypatch.setattr(kernel_groups, "_prepared", kernel_groups._prepared - {"videopoker"})


def test_a_failed_background_warm_up_says_why_and_leaves_the_engine_usable(monkeypatch, capsys):
    _videopoker_compiled_by(monkeypatch, "broken")
    engine.warm_up_in_background("videopoker").join()
    assert engine.state() == "ready" and engine.message("ready") == ""
    assert not engine.is_ready("videopoker")
    assert capsys.readouterr().err == ("the engine could not be prepared ahead (RuntimeError: no compiler here);"
                                       " it is prepared on first use\n")


def test_the_state_while_a_background_warm_up_runs(monkeypatch):
    STARTED.clear()
    RELEASE.clear()
    _videopoker_compiled_by(monkeypatch, "slow")
    monkeypatch.setattr(engine, "first_start", lambda *parts: True)
    thread = engine.warm_up_in_background("videopoker")
    STARTED.wait(30)
    assert engine.warm_up_in_background("videopoker") is thread  # one at a time
    assert engine.state() == "preparing"
    assert engine.message(engine.state()) == f"{engine.PREPARING}: the first answers wait for it"
    monkeypatch.setattr(engine, "first_start", lambda *parts: False)
    assert engine.state() == "loading"
    RELEASE.set()
    thread.join(30)
    assert engine.state() == "ready" and engine.is_ready("videopoker")
