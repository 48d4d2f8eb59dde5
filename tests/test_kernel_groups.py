"""The kernel groups of showdown.kernel_groups, the one table the warm-ups read: every group names
kernels that exist and a function that compiles them, the engine's parts are made of them, and
in a fresh process, preparing every group leaves nothing for the library's own calls to compile."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap

import pytest

from showdown import engine, kernel_groups
from showdown.errors import ShowdownError
from showdown.kernel_groups import GROUPS


def _dispatcher(kernel: str):
    module, function = kernel.split(".")
    return getattr(importlib.import_module(f"showdown._kernels.{module}"), function)


def test_every_group_names_kernels_that_exist_and_a_function_that_compiles_them():
    for group in GROUPS.values():
        module, function = group.compile.split(":")
        assert callable(getattr(importlib.import_module(module), function)), group.name
        assert group.kernels, group.name
        for kernel in group.kernels:
            assert hasattr(_dispatcher(kernel), "py_func"), f"{group.name}: {kernel} is not a kernel"


def test_the_engine_parts_are_the_groups_parts():
    assert set(engine.PARTS) == {group.part for group in GROUPS.values() if group.part}
    assert [name for names in engine.PARTS.values() for name in names] == [
        group.name for group in GROUPS.values() if group.part]
    assert engine.PARTS["equity"] == ("classes", "preflop", "boards", "runouts", "montecarlo", "game-boards",
                                      "game-montecarlo")


def test_preparing_is_once_per_process_and_unknown_groups_are_named():
    kernel_groups.prepare("montecarlo")
    assert kernel_groups.is_prepared("montecarlo") and kernel_groups.in_cache("montecarlo")
    assert kernel_groups.prepare("montecarlo") == 0.0
    with pytest.raises(ShowdownError, match="unknown kernel group 'nope'; the groups are evaluation, "):
        kernel_groups.prepare("nope")
    assert kernel_groups.main(["nope"]) == 2


def test_processes_must_be_a_whole_number_of_at_least_one(capsys):
    for bad in (["--processes"], ["--processes", "0"], ["--processes", "two"], ["census", "--processes", "-1"]):
        assert kernel_groups.main(bad) == 2
        assert "error: --processes takes a whole number of at least 1, got " in capsys.readouterr().err


@pytest.mark.compile
def test_groups_compile_side_by_side_into_the_cache(tmp_path):
    """``--processes 2`` compiles two groups at once, each in a process of its own, into the
    cache the library reads; a second run finds them there and compiles nothing."""
    environment = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    environment["SHOWDOWN_CACHE_DIR"] = str(tmp_path)
    command = [sys.executable, "-m", "showdown.engine", "census", "classes", "--processes", "2"]

    def run() -> list[list[str]]:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, env=environment)
        assert done.returncode == 0, done.stderr
        return sorted(line.split()[:2] for line in done.stdout.splitlines())

    assert run() == [["census", "compiled"], ["classes", "compiled"]]
    assert run() == [["census", "in"], ["classes", "in"]]  # "in cache"
    found = subprocess.run([sys.executable, "-c", "from showdown.kernel_groups import in_cache;"
                            " print(in_cache('census'), in_cache('classes'), in_cache('strategy'))"],
                           capture_output=True, text=True, timeout=300, env=environment)
    assert found.stdout.split() == ["True", "True", "False"]


CALLS = """
import numpy as np
from showdown import (Seat, breakdown, census, combo_equities, equity, evaluate_many, next_card, odds_grid,
                      preflop_table, settle, showdown)
from showdown.evaluation import evaluate_many_low
from showdown.videopoker import analyze, best_hold, describe_hold, strategy

evaluate_many(np.array([[0, 4, 8, 12, 17, 22, 51]], dtype=np.uint8))
evaluate_many(np.array([[16, 20, 24, 28, 33]], dtype=np.uint8), game="short-deck")
evaluate_many(np.arange(9, dtype=np.uint8).reshape(1, 9), game="omaha")
evaluate_many_low(np.arange(9, dtype=np.uint8).reshape(1, 9))
census(5)
for game, players in [("holdem", ["AcAd", "QQ+,AKs", "random"]), ("short-deck", ["AcAd", "KK+", "random"]),
                      ("omaha-hilo", ["AcAd2c3c", "KhKs4h5h"])]:
    for board in ("", "6d 7d 9h", "6d 7d 9h 8s"):
        equity(players, board=board, exact=False, trials=1000, seed=1, game=game)
    equity(players[:2], board="6d 7d 9h 8s", exact=True, game=game)
equity(["AcAd", "KhKs"], exact=True)
equity(["AA,KK", "QQ"], exact=True)
equity(["QQ+", "random"], board="2d 7d 9h", exact=True)
odds_grid("AsKs", opponents=2, exact=False, trials=2000, seed=1)
preflop_table(["AA", "KK"])
showdown({"a": "8c 7h", "b": "9h 5h"}, "Ac Kc Jc 5c Th")
settle([Seat("a", 10, "8c 7h"), Seat("b", 10, "9h 5h")], "Ac Kc Jc 5c Th")
breakdown("QQ+,AKs", "Ks 7h 2d", villain="JJ+")
combo_equities("AA,KK", "QQ+", "Ks 7h 2d")
combo_equities("AA,KK", ["QQ+", "JJ"], "Ks 7h 2d", trials=1000, seed=1)
next_card("AA", "KK", "Ks 7h 2d")
best_hold("As Ks Qs Js 4s")
analyze("deuces-wild-full-pay")
strategy("jacks-or-better-9-6")
describe_hold("Ah Kh Qh 7s 2h", (0, 1, 2))
"""


@pytest.mark.process
def test_prepared_groups_leave_nothing_to_compile():
    """In a fresh process, prepare every group (make warm), then call every capability as a
    user does: no kernel gets a signature it did not have, so the warm-ups compile what the
    library runs, for the very types it passes."""
    code = textwrap.dedent(
        """
        import importlib, json, pkgutil
        import showdown._kernels as package
        from showdown import kernel_groups
        kernel_groups.prepare()
        kernels = {}
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"showdown._kernels.{info.name}")
            for name, value in vars(module).items():
                if hasattr(value, "py_func") and value.__module__ == module.__name__:
                    kernels[f"{info.name}.{name}"] = value
        before = {name: len(kernel.signatures) for name, kernel in kernels.items()}
        """
    ) + CALLS + textwrap.dedent(
        """
        print(json.dumps(sorted(name for name, kernel in kernels.items() if len(kernel.signatures) > before[name])))
        print(json.dumps([name for name in kernel_groups.GROUPS if not kernel_groups.in_cache(name)]))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-3000:]
    compiled_later, not_in_cache = (json.loads(line) for line in done.stdout.strip().splitlines()[-2:])
    assert compiled_later == []
    assert not_in_cache == []  # every group's kernels are in the cache: make warm finds them there
