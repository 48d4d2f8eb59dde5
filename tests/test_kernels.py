"""The numba kernels' cache: keyed by the version, the tables and the kernel sources, set by
``showdown._kernels.kernel`` whichever kernel module a process imports first, and never read
when a table changes (proved in fresh processes for every kernel module and every path that
reaches a kernel); numba's own setting is left as the caller had it."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Optional

import numpy as np
import pytest

import showdown
from showdown import evaluate, evaluate_many
from showdown._kernels import cache_dir, cache_key
from showdown.tables import load, load_games
from showdown.tables.layout import CATEGORY_SHIFT

PACKAGE_DIR = Path(showdown.__file__).parent
KERNEL_MODULES = sorted(path.stem for path in (PACKAGE_DIR / "_kernels").glob("*.py") if path.stem != "__init__")


def _holds_a_kernel(module: str) -> bool:
    """Whether a kernel module compiles a kernel of its own (not only helpers inlined into others')."""
    members = vars(importlib.import_module(f"showdown._kernels.{module}")).values()
    return any(getattr(member, "targetoptions", {}).get("inline", "never") == "never" for member in members
               if hasattr(member, "py_func"))


KERNEL_HOLDERS = {module for module in KERNEL_MODULES if _holds_a_kernel(module)}
"""The kernel modules that leave files of their own in numba's cache (dealing, scoring and the
like are inlined into the others)."""


def test_cache_dir_is_keyed_by_version_and_sources():
    path = cache_dir()
    assert path.is_dir()
    assert path.name == f"numba-{cache_key()}"
    assert cache_key().startswith(f"{showdown.__version__}-")


def test_cache_dir_environment(monkeypatch, tmp_path):
    key = cache_key()
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path / "explicit"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    assert cache_dir.__wrapped__() == tmp_path / "explicit" / f"numba-{key}"
    monkeypatch.delenv("SHOWDOWN_CACHE_DIR")
    assert cache_dir.__wrapped__() == tmp_path / "numba" / "showdown" / f"numba-{key}"
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir.__wrapped__() == tmp_path / "xdg" / "showdown" / f"numba-{key}"
    # not writable (a file stands where a directory should be): a temp directory instead
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path / "file" / "below"))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    fallback = cache_dir.__wrapped__()
    assert fallback.name == f"numba-{key}" and fallback.is_dir()
    assert tmp_path / "tmp" in fallback.parents


def test_every_kernel_is_cached_in_the_versioned_directory():
    import numba

    for name in KERNEL_MODULES:
        module = __import__(f"showdown._kernels.{name}", fromlist=["_"])
        for attribute in vars(module).values():
            cache = getattr(attribute, "_cache", None)
            if isinstance(attribute, numba.core.registry.CPUDispatcher):
                assert cache is not None and Path(cache._cache_path).is_relative_to(cache_dir()), (name, attribute)


@pytest.mark.compile
def test_compiling_leaves_sys_stdout_and_stderr_alone(tmp_path):
    # numba would colour its typing messages with colorama (installed with the docs tools),
    # swapping sys.stdout and sys.stderr while it compiles: a race with every other thread.
    code = textwrap.dedent(
        """
        import sys
        import colorama
        swaps = []
        colorama.init = lambda *args, **kwargs: swaps.append("init")
        colorama.reinit = lambda *args, **kwargs: swaps.append("reinit")
        import numpy as np
        from showdown import evaluate_many
        print(evaluate_many(np.arange(7, dtype=np.uint8).reshape(1, 7))[0], swaps)
        """
    )
    env = {key: value for key, value in os.environ.items() if not key.startswith("NUMBA_")}
    env["SHOWDOWN_CACHE_DIR"] = str(tmp_path)  # an empty cache: the kernels compile
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(evaluate("2c 2d 2h 2s 3c 3d 3h").value), "[]"]


@pytest.mark.compile
def test_the_callers_numba_setting_is_left_alone(tmp_path):
    code = textwrap.dedent(
        """
        import numba
        numba.config.CACHE_DIR = "/callers/own/cache"
        import showdown._kernels.equity, showdown._kernels.videopoker, showdown._kernels.board_classes
        print(numba.config.CACHE_DIR)
        """
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "SHOWDOWN_CACHE_DIR": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "/callers/own/cache"


# --- a changed table changes every answer, whichever kernel module loads first --------------------
WHERE_AT_ONCE = 6
"""Interpreters that say where their kernels are cached, started at once (each only imports)."""
FLUSH_HAND = "Ah Kh 9h 7h 5h"  # ranks A K 9 7 5 of hearts
FLUSH_MASK = (1 << 12) | (1 << 11) | (1 << 7) | (1 << 5) | (1 << 3)
CHANGED = 5  # the flush valued as the lowest high card: it now loses to any pair
# The games' tables are their own: an Omaha hand whose best is the A-K of hearts with three
# hearts of the board (and whose low is A-2 with 3-5-7), and a short deck flush.
OMAHA_HAND = "Ah Kh 2c 3d 9h 7h 5h 3s Jc"
OMAHA_LOW_BITS = (0b11, 0b1010100)  # hole A 2 (low bits 0, 1); board 3 5 7 (bits 2, 4, 6)
SHORT_FLUSH = "Ah Kh 9h 7h 6h"
SHORT_MASK = (1 << 12) | (1 << 11) | (1 << 7) | (1 << 5) | (1 << 4)

# Each path that reaches a kernel, with a question whose answer turns on that one flush. Preflop,
# the flush is weighed against another flush (AhKh against QhJh): the preflop kernel takes a
# flush to beat any hand without one but a full house or four of a kind, which the changed
# entry no longer does, so only flush against flush reads the entry.
_PROBE = textwrap.dedent(
    f"""
    import importlib, json, sys
    OMAHA_HAND, SHORT_FLUSH = {OMAHA_HAND!r}, {SHORT_FLUSH!r}
    first = importlib.import_module("showdown._kernels." + sys.argv[2])  # first and alone
    import numpy as np
    import showdown
    from showdown import (Category, breakdown, census, combo_equities, equity, evaluate, evaluate_many,
                          evaluate_many_low, odds_grid, parse_cards, plan, preflop_table)
    from showdown._kernels import cache_dir
    from showdown.videopoker import analyze, describe_hold, holds

    flush = [c.id for c in parse_cards(sys.argv[1])]
    seven = flush + [c.id for c in parse_cards("2c 3d")]
    board = "Kh 9h 7h 5h 2c"
    hold_all = next(h for h in holds(sys.argv[1]) if len(h.held) == 5)
    omaha = [c.id for c in parse_cards(OMAHA_HAND)]
    short = [c.id for c in parse_cards(SHORT_FLUSH)]
    answers = {{
        "evaluate": evaluate(flush).value,
        "evaluate_many": int(evaluate_many(np.array([flush], dtype=np.uint8), n_jobs=1)[0]),
        "evaluate_many_7": int(evaluate_many(np.array([seven], dtype=np.uint8), n_jobs=1)[0]),
        "evaluate_many_threads": int(evaluate_many(np.array([flush] * 120000, dtype=np.uint8), n_jobs=2)[-1]),
        "evaluate_many_unchecked": int(evaluate_many(np.array([flush], dtype=np.uint8), check=False)[0]),
        "census": census(5).distinct[Category.FLUSH],
        "census_7": census(7).counts[Category.FLUSH],
        "exact_by_runouts": equity(["Ah 3c", "Qd Qc"], board, exact=True).equity[0],
        "exact_by_boards": equity(["Ah 3c", "Qd Qc", "2d 2s"], board, exact=True).equity[0],
        "monte_carlo": equity(["Ah 3c", "Qd Qc"], board, exact=False, trials=2000, seed=1).equity[0],
        "exact_by_classes": equity(["AhKh", "QhJh"], exact=True).counts.wins[0],
        "plan_classes": plan(["AhKh", "QhJh"]).classes,
        "odds_grid": odds_grid("Ah 3c", board, exact=False, trials=2000, seed=2).equity,
        "study_exact": combo_equities("Ah 3c", "Qd Qc", board).equity,
        "study_monte_carlo": combo_equities("Ah 3c", ["Qd Qc", "Jd Jc"], board, trials=2000, seed=1).equity,
        "study_classes": breakdown("Ah 3c", board).made["flush"],
        "video_poker": str(hold_all.ev),
        "video_poker_return": str(analyze("jacks-or-better-9-6").expected_return),
        "video_poker_pattern": describe_hold(sys.argv[1], range(5)),
        "preflop_table": int(preflop_table(["AKs", "QJs"]).wins[0, 1]),
        "omaha": int(evaluate_many(np.array([omaha]), game="omaha", n_jobs=1)[0]),
        "omaha_threads": int(evaluate_many(np.array([omaha] * 120000), game="omaha", n_jobs=2)[-1]),
        "omaha_low": int(evaluate_many_low(np.array([omaha]), game="omaha-hilo")[0]),
        "short_deck": int(evaluate_many(np.array([short]), game="short-deck")[0]),
        "omaha_exact": equity([OMAHA_HAND[:11], "Qs Qd 4c 6d"], OMAHA_HAND[12:], game="omaha", exact=True).equity[0],
        "omaha_monte_carlo": equity([OMAHA_HAND[:11], "Qs Qd 4c 6d"], OMAHA_HAND[12:], game="omaha", exact=False,
                                    trials=2000, seed=1).equity[0],
    }}
    print(json.dumps({{"answers": answers, "file": showdown.__file__, "first": first.__name__,
                      "cache_dir": str(cache_dir())}}))
    """
)


# Where the kernels of a process are cached, with one kernel module imported first and alone.
_WHERE = textwrap.dedent(
    """
    import importlib, json, sys
    first = importlib.import_module("showdown._kernels." + sys.argv[2])
    import showdown
    from showdown._kernels import cache_dir
    print(json.dumps({"file": showdown.__file__, "first": first.__name__, "cache_dir": str(cache_dir())}))
    """
)


def _start_probe(package_parent: Optional[Path], cache_parent: Optional[Path], first: str,
                 code: str = _PROBE) -> subprocess.Popen:
    """A fresh process that runs ``code`` (every kernel path's answer, by default), importing the
    kernel module ``first`` first, with the package at ``package_parent`` and numba's cache under
    ``cache_parent`` (None: the installed package, this session's cache)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PYTHONPATH", "SHOWDOWN_PURE_PYTHON")}
    if package_parent is not None:
        env["PYTHONPATH"] = str(package_parent)
    if cache_parent is not None:
        env["SHOWDOWN_CACHE_DIR"] = str(cache_parent)
    return subprocess.Popen([sys.executable, "-c", code, FLUSH_HAND, first], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=package_parent or PACKAGE_DIR.parent)


def _printed(process: subprocess.Popen) -> dict:
    """What a probe printed last, as JSON, once it has ended well."""
    out, err = process.communicate(timeout=900)
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def _probe(package_parent: Optional[Path], cache_parent: Optional[Path], first: str, code: str = _PROBE) -> dict:
    """What ``code`` prints in a fresh process (see :func:`_start_probe`)."""
    return _printed(_start_probe(package_parent, cache_parent, first, code))


@pytest.fixture()
def package_copy(tmp_path) -> Path:
    parent = tmp_path / "pkg"
    shutil.copytree(PACKAGE_DIR, parent / "showdown", ignore=shutil.ignore_patterns("__pycache__"))
    return parent


def _cache_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.suffix in (".nbi", ".nbc"))


@pytest.mark.compile
@pytest.mark.slow
def test_a_changed_table_changes_every_kernel_path(package_copy, tmp_path):
    cache_parent = tmp_path / "cache"
    original = int(load().flush_values[FLUSH_MASK])
    assert original >> CATEGORY_SHIFT == 5 and evaluate(FLUSH_HAND).value == original

    # The package as installed, in this session's cache (warm: loading, not compiling); and a
    # copy of it with hold'em's flush entry changed and the games' own tables changed too (the
    # short deck's flush, an Omaha flush, a low). That each table is part of the cache's key is
    # test_cache_dir_changes_when_a_kernel_source_or_a_table_changes's.
    changed_copy = package_copy
    _change_tables(changed_copy)

    # Every path's answers: the installed package's from its cache, the copy's from an empty
    # cache, another kernel module first each time. Then, with every other module first, the
    # same cache directory (so the same compiled kernels and answers).
    firsts = (KERNEL_MODULES[0], KERNEL_MODULES[len(KERNEL_MODULES) // 2])
    packages, caches = (None, changed_copy), (None, cache_parent)
    started = [_start_probe(package, cache, first)
               for package, cache, first in zip(packages, caches, firsts, strict=True)]
    runs = [_printed(process) for process in started]
    wheres = [(package, run, first) for package, full, run in zip(packages, firsts, runs, strict=True)
              for first in KERNEL_MODULES if first != full]
    probes = dict(zip(packages, caches, strict=True))
    for batch in range(0, len(wheres), WHERE_AT_ONCE):  # a few interpreters at a time
        asked = wheres[batch:batch + WHERE_AT_ONCE]
        found = [_start_probe(package, probes[package], first, _WHERE) for package, _, first in asked]
        for (package, run, first), process in zip(asked, found, strict=True):
            where = _printed(process)
            assert Path(where["file"]).parent == (package / "showdown" if package else PACKAGE_DIR)
            assert where["first"] == f"showdown._kernels.{first}" and where["cache_dir"] == run["cache_dir"]
    before, after = runs
    assert Path(before["cache_dir"]) == cache_dir()
    assert Path(after["cache_dir"]).parent == cache_parent

    answers = before["answers"]
    assert answers["evaluate"] == answers["evaluate_many"] == answers["evaluate_many_threads"] == original
    assert answers["evaluate_many_unchecked"] == original
    assert answers["exact_by_runouts"] == answers["exact_by_boards"] == answers["monte_carlo"] == 1.0
    assert answers["study_exact"] == answers["study_monte_carlo"] == answers["study_classes"] == 1
    assert answers["omaha"] == answers["omaha_threads"] == evaluate(FLUSH_HAND).value
    assert answers["omaha_exact"] == answers["omaha_monte_carlo"] == 1.0  # the flush wins on any river
    assert answers["short_deck"] == int(load_games().short_flush_values[SHORT_MASK])
    old_dir = Path(before["cache_dir"])
    cached = _cache_files(old_dir)
    compiled = _cache_files(Path(after["cache_dir"]))  # from an empty cache
    assert {path.name.split(".")[0] for path in compiled} >= KERNEL_HOLDERS  # every module with a kernel of its own
    assert Path(after["cache_dir"]).name != old_dir.name  # another key: the old cache is not read

    changed = after["answers"]
    for path, value in answers.items():
        if path != "plan_classes":  # suit classes do not read it
            assert changed[path] != value, f"{path} gave the old answer"
    assert changed["evaluate"] == changed["evaluate_many"] == changed["evaluate_many_threads"] == CHANGED
    assert changed["evaluate_many_unchecked"] == changed["evaluate_many_7"] == CHANGED
    assert changed["exact_by_runouts"] == changed["exact_by_boards"] == changed["monte_carlo"] == 0.0
    assert changed["study_exact"] == changed["study_monte_carlo"] == changed["study_classes"] == 0
    assert changed["census"] == answers["census"] - 1
    assert changed["omaha_low"] == 1 and changed["short_deck"] == CHANGED
    assert changed["omaha_exact"] < 1.0 and changed["omaha_monte_carlo"] < 1.0
    assert set(_cache_files(old_dir)) >= set(cached)  # the old cache is still there, just not read


def _change_tables(package_parent: Path, holdem: bool = True, games: bool = True) -> None:
    """Change, in the package under ``package_parent``, hold'em's flush entry (to ``CHANGED``)
    and the games' own tables: the short deck's flush, an Omaha flush (hole A K of hearts, board
    hearts 9 7 5) and a low (A 2 with 3 5 7)."""
    if holdem:
        table_file = package_parent / "showdown" / "tables" / "evaluator.npz"
        with np.load(table_file) as data:
            arrays = {name: data[name].copy() for name in data.files}
        arrays["flush_values"][FLUSH_MASK] = CHANGED
        with open(table_file, "wb") as handle:
            np.savez(handle, **arrays)
    if games:
        games_file = package_parent / "showdown" / "tables" / "games.npz"
        with np.load(games_file) as data:
            arrays = {name: data[name].copy() for name in data.files}
        arrays["short_flush_values"][SHORT_MASK] = CHANGED
        omaha_row = int(arrays["flush_index"][(1 << 7) | (1 << 5) | (1 << 3)])
        arrays["omaha_flush"][omaha_row, 12 * 11 // 2 + 11] = CHANGED
        arrays["low"][OMAHA_LOW_BITS] = 1
        with open(games_file, "wb") as handle:
            np.savez_compressed(handle, **arrays)


@pytest.mark.compile
def test_cache_dir_changes_when_a_kernel_source_or_a_table_changes(package_copy, tmp_path):
    code = "import json; from showdown._kernels import cache_key; print(json.dumps(cache_key()))"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    env.update(PYTHONPATH=str(package_copy), SHOWDOWN_CACHE_DIR=str(tmp_path / "cache"))

    def key() -> str:
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                              cwd=package_copy)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    before = key()
    assert before == key() == cache_key()  # deterministic, and the copy's key is the installed one
    with open(package_copy / "showdown" / "_kernels" / "bits.py", "a") as handle:
        handle.write("# a change to a helper the kernels import\n")
    after_helper = key()
    with open(package_copy / "showdown" / "tables" / "layout.py", "a") as handle:
        handle.write("# layout comment\n")
    after_layout = key()
    _change_tables(package_copy, games=False)
    after_holdem = key()
    _change_tables(package_copy, holdem=False)
    assert len({before, after_helper, after_layout, after_holdem, key()}) == 5


def test_evaluator_kernel_tables_match_loaded_tables():
    from showdown._kernels import evaluator as kernel

    tables = load()
    assert np.array_equal(kernel.CARD_KEYS[:52], tables.card_keys)
    assert (kernel.CARD_KEYS[52:] == 0).all() and (kernel.CARD_BITS[52:] == 0).all()
    assert np.array_equal(kernel.FLUSH_VALUES, tables.flush_values)
    assert evaluate_many(np.array([[50, 46, 30, 22, 14]]))[0] == tables.flush_values[FLUSH_MASK]


@pytest.mark.parametrize("module, players, board, elsewhere, here", [
    ("board_classes", ["As Ks", "Qd Qh"], "", ("_rank_pass", "_add_outcomes"), "_flush_outcomes"),
    ("runouts", ["As Ks", "random"], "Kd 7h 2s", ("_ranked",), "_sweep"),
])
@pytest.mark.compile
def test_kernels_compile_on_two_processes(tmp_path, module, players, board, elsewhere, here):
    """From an empty cache, the first exact preflop equity leaves the rank pass and the
    outcomes' counts to another process (on a machine with a second core), and the first by
    runouts the ranking: this one compiles the rest, then loads those from the cache. The
    answer is the same."""
    code = textwrap.dedent(
        f"""
        import json
        from showdown import equity
        from showdown._kernels import {module} as kernel, is_cached
        elsewhere = {elsewhere!r}
        before = is_cached("{module}." + elsewhere[0])
        result = equity({players!r}, {board!r}, exact=True)
        print(json.dumps({{
            "before": before, "after": all(is_cached("{module}." + name) for name in elsewhere),
            "loaded": [sum(getattr(kernel, name).stats.cache_hits.values()) for name in elsewhere],
            "compiled": sum(kernel.{here}.stats.cache_misses.values()),
            "compiled here too": sum(sum(getattr(kernel, name).stats.cache_misses.values()) for name in elsewhere),
            "wins": result.counts.wins, "total": result.total,
        }}))
        """
    )
    env = {key: value for key, value in os.environ.items() if not key.startswith("NUMBA_")}
    env["SHOWDOWN_CACHE_DIR"] = str(tmp_path)  # an empty cache
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    expected = showdown.equity(players, board, exact=True)
    assert seen["wins"] == list(expected.counts.wins) and seen["total"] == expected.total
    assert not seen["before"] and seen["after"] and seen["compiled"] == 1
    if (os.cpu_count() or 1) > 1:  # compiled by the other process, loaded here, for the very types used
        assert seen["loaded"] == [1] * len(elsewhere) and seen["compiled here too"] == 0


def test_no_other_process_where_python_cannot_be_started(monkeypatch):
    """A frozen application's or an embedding server's sys.executable is not Python: no process
    is started (the kernels compile in this one)."""
    from showdown import kernel_groups

    monkeypatch.setattr(kernel_groups, "in_cache", lambda name: False)  # as on a first run
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert kernel_groups.compile_elsewhere("preflop-ranks") is None
    monkeypatch.delattr(sys, "frozen")
    monkeypatch.setattr(sys, "executable", "/usr/sbin/uwsgi")
    assert kernel_groups.compile_elsewhere("preflop-ranks") is None
