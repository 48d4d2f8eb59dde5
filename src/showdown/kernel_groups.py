"""The kernel groups: one table that names each group of numba kernels, the kernels it holds and
the function that compiles it, and the one way to prepare a group once per process.

numba compiles a kernel on its first call after an install and loads it from its on-disk cache
(:func:`showdown._kernels.cache_dir`) in every later process. Every part of showdown that
prepares kernels ahead of their use reads :data:`GROUPS`: the equity paths before their clock
starts (:func:`prepare`), the engine's warm-up behind the page, ``make warm`` and the command
line's first run (:mod:`showdown.engine`, whose parts are the groups' ``part``), and a first run
that has another process compile part of a group beside it (:func:`compile_elsewhere`).

A group's ``compile`` names a function (``"module:function"``, imported when the group is
prepared, so that this table sits below the code it names) that runs the group's kernels once,
on a tiny question, through the same calls the library makes: they compile for the very types a
real question passes. ``python -m showdown.engine [GROUP ...]`` prepares groups (default: all)
and prints what each took; with ``--processes N`` (``make warm``) it compiles the groups that
are not in the cache yet in up to N processes side by side (numba compiles on one core), never
two groups with a kernel in common at once and a group after those its compile runs too.

>>> GROUPS["montecarlo"].part, GROUPS["montecarlo"].kernels
('equity', ('equity._monte_carlo', 'equity._board_key'))
>>> prepare("montecarlo") >= 0 and is_prepared("montecarlo")
True
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from showdown.errors import ShowdownError
from showdown.quantities import shown

__all__ = ["GROUPS", "KernelGroup", "compile_elsewhere", "in_cache", "is_prepared", "prepare"]


@dataclass(frozen=True)
class KernelGroup:
    """A group of kernels compiled together: ``kernels`` (``"module.function"`` under
    :mod:`showdown._kernels`, the entry points whose cache files show the group was compiled),
    ``compile`` (``"module:function"`` that compiles them), ``part``, the engine part it
    belongs to (``""``: prepared on use and by ``make warm`` only), and ``after``, the groups
    whose kernels its compile runs too (compiled before it when groups compile side by side)."""

    name: str
    part: str
    kernels: tuple[str, ...]
    compile: str
    after: tuple[str, ...] = ()


GROUPS = {group.name: group for group in (
    KernelGroup("evaluation", "evaluation", ("evaluator._evaluate_rows_any",), "showdown.evaluation:compile_rows"),
    KernelGroup("game-evaluation", "", ("games._game_rows",), "showdown.evaluation:compile_game_rows"),
    KernelGroup("census", "", ("evaluator._value_histogram", "evaluator._value_histogram_7"),
                "showdown.evaluation:compile_census"),
    KernelGroup("classes", "equity", ("board_classes._assignment_classes",), "showdown.odds.exact:compile_classes"),
    KernelGroup("preflop", "equity", ("board_classes._rank_pass", "board_classes._flush_outcomes",
                                      "board_classes._add_outcomes"), "showdown.odds.exact:compile_preflop"),
    KernelGroup("preflop-ranks", "", ("board_classes._rank_pass", "board_classes._add_outcomes"),
                "showdown.odds.exact:compile_rank_pass"),
    KernelGroup("boards", "equity", ("equity._exact", "equity._board_key"), "showdown.odds.exact:compile_boards"),
    KernelGroup("runouts", "equity", ("runouts._ranked", "runouts._sweep"), "showdown.odds.exact:compile_runouts"),
    KernelGroup("runouts-ranking", "", ("runouts._ranked",), "showdown.odds.exact:compile_ranked"),
    KernelGroup("montecarlo", "equity", ("equity._monte_carlo", "equity._board_key"),
                "showdown.odds.montecarlo:compile_monte_carlo"),
    KernelGroup("game-boards", "equity", ("game_odds._exact",), "showdown.odds.exact:compile_game_boards"),
    KernelGroup("game-montecarlo", "equity", ("game_odds._monte_carlo",),
                "showdown.odds.montecarlo:compile_game_monte_carlo"),
    KernelGroup("videopoker", "videopoker",
                ("videopoker._classify_rows", "videopoker._superset_table", "videopoker._hold_counts",
                 "videopoker._canonical_deals", "videopoker._best_holds"),
                "showdown.videopoker.analysis:compile_analysis"),
    KernelGroup("strategy", "", ("strategy._deal_patterns", "strategy._hold_table", "strategy._insertion_pass",
                                 "strategy._positions", "strategy._first_lines", "strategy._play"),
                "showdown.videopoker.strategy_lists:compile_strategy", after=("videopoker",)),
    KernelGroup("study", "study", ("study._holdings", "study._sampled", "runouts._ranked", "runouts._sweep"),
                "showdown.study:compile_study"),
)}
"""Every kernel group by name."""

_lock = threading.RLock()
_prepared: set[str] = set()
_preparing = threading.local()  # the groups this thread is preparing (a group's run may ask for itself)


def _checked(names: tuple[str, ...]) -> tuple[str, ...]:
    for name in names:
        if name not in GROUPS:
            raise ShowdownError(f"unknown kernel group {shown(name)}; the groups are {', '.join(GROUPS)}")
    return names or tuple(GROUPS)


def is_prepared(*names: str) -> bool:
    """Whether the groups ``names`` (default: all) are compiled and loaded in this process."""
    return all(name in _prepared for name in _checked(names))


def in_cache(name: str) -> bool:
    """Whether numba's cache for this version holds every kernel of the group ``name`` (an
    index file each), so that preparing it only loads them.

    >>> in_cache("no-such-group")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    showdown.errors.ShowdownError: unknown kernel group 'no-such-group'; the groups are evaluation, ...
    """
    from showdown._kernels import is_cached

    return all(is_cached(kernel) for kernel in GROUPS[_checked((name,))[0]].kernels)


def prepare(*names: str) -> float:
    """Compile (or load from numba's cache) the groups ``names`` (default: all of them), once
    per process, one group at a time (so that a question waits only for the groups before its
    own); returns the seconds spent, waiting included (0 when they were ready). Other threads
    asking for a group being prepared wait for it.
    """
    names = _checked(names)
    if all(name in _prepared for name in names):
        return 0.0
    started = time.perf_counter()
    running: set[str] = _preparing.__dict__.setdefault("groups", set())
    for name in names:
        with _lock:
            if name in _prepared or name in running:  # ready, or this thread's own run asks again
                continue
            running.add(name)
            try:
                module, function = GROUPS[name].compile.split(":")
                getattr(importlib.import_module(module), function)()
                _prepared.add(name)
            finally:
                running.discard(name)
    return time.perf_counter() - started


def compile_elsewhere(name: str) -> Optional[subprocess.Popen[bytes]]:
    """Start preparing the group ``name`` in another Python process, which compiles its kernels
    into the same cache while this one compiles others (numba compiles one kernel at a time in a
    process). None when the group is in the cache already, where there is no second core, or no
    Python to start: a frozen application's or an embedding server's ``sys.executable`` is not
    Python."""
    from showdown._kernels import cache_dir

    executable = Path(sys.executable or "").name.lower()
    if (in_cache(name) or (os.cpu_count() or 1) < 2 or getattr(sys, "frozen", False)
            or not executable.startswith("python")):
        return None
    environment = dict(os.environ, SHOWDOWN_CACHE_DIR=str(cache_dir().parent.resolve()))
    try:
        return subprocess.Popen([sys.executable, "-c", f"import showdown.kernel_groups as g; g.prepare({shown(name)})"],
                                env=environment, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL,
                                start_new_session=True)  # a Ctrl-C meant for this process leaves it to finish
    except OSError:
        return None


def _side_by_side(names: tuple[str, ...], processes: int) -> bool:
    """Compile the groups ``names`` that are not in the cache, in up to ``processes`` processes
    at once; print a line per group as it ends. False when one failed (its error is on stderr)."""
    from showdown._kernels import cache_dir

    environment = dict(os.environ, SHOWDOWN_CACHE_DIR=str(cache_dir().parent.resolve()))
    awaited = {before for name in names for before in GROUPS[name].after}
    # The groups others wait for first, then those that wait (the longest chains), then the rest.
    waiting = sorted(names, key=lambda name: (name not in awaited, not GROUPS[name].after))
    running: dict[str, tuple[subprocess.Popen[bytes], float]] = {}
    ok = True
    while waiting or running:
        for name in list(waiting):
            if len(running) >= processes:
                break
            if in_cache(name):  # the cache had it, or a group compiled before had its kernels
                waiting.remove(name)
                print(f"{name:<16} {'in cache':<8}", flush=True)
                continue
            busy = {kernel for other in running for kernel in GROUPS[other].kernels}
            if busy & set(GROUPS[name].kernels) or set(GROUPS[name].after) & (set(waiting) | set(running)):
                continue
            waiting.remove(name)
            running[name] = (subprocess.Popen(
                [sys.executable, "-c", f"import showdown.kernel_groups as g; g.prepare({shown(name)})"],
                env=environment, stdin=subprocess.DEVNULL), time.perf_counter())
        time.sleep(0.05)
        for name, (process, started) in list(running.items()):
            if process.poll() is not None:
                del running[name]
                if process.returncode:
                    ok = False
                    print(f"error: the kernel group {name} did not compile (exit {process.returncode})",
                          file=sys.stderr, flush=True)
                else:
                    print(f"{name:<16} {'compiled':<8} {time.perf_counter() - started:6.1f} s", flush=True)
    return ok


def main(argv: Optional[list[str]] = None) -> int:
    """Prepare the groups named in ``argv`` (default: all) and print the seconds each took;
    ``--processes N`` compiles the ones not in the cache in N processes side by side."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    processes = 1
    if "--processes" in arguments:
        at = arguments.index("--processes")
        value = arguments[at + 1] if at + 1 < len(arguments) else ""
        if not value.isdigit() or int(value) < 1:
            print(f"error: --processes takes a whole number of at least 1, got {shown(value)}", file=sys.stderr)
            return 2
        processes = int(value)
        del arguments[at:at + 2]
    names = tuple(arguments)
    try:
        _checked(names)
    except ShowdownError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if processes > 1:
        return 0 if _side_by_side(names or tuple(GROUPS), processes) else 1
    for name in names or tuple(GROUPS):
        state = "loaded" if in_cache(name) else "compiled"
        print(f"{name:<16} {state:<8} {prepare(name):6.1f} s", flush=True)
    return 0
