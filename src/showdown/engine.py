"""The compiled engine: showdown's numba kernels, ready before the first question.

numba compiles each kernel on its first call after an install (seconds: about 3 s for bulk
evaluation, 7 s for a first equity or a video poker analysis) and loads the compiled code from
its on-disk cache in every later process (a fraction of a second). :func:`warm_up` does that
work up front, for example while a server starts, and :func:`first_start` says whether it will
compile (nothing in the cache yet) or only load. Time limits and reported durations never
include it: :func:`~showdown.equity` prepares its kernels before its clock starts.

>>> seconds = warm_up("evaluation")
>>> first_start("evaluation")
False
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np

from showdown._kernels import cache_dir
from showdown.errors import ShowdownError
from showdown.evaluation import evaluate_many
from showdown.odds.calculation import compile_kernels
from showdown.quantities import shown
from showdown.videopoker import analyze, holds

__all__ = ["PARTS", "PREPARING", "first_start", "is_ready", "warm_up"]

PREPARING = "preparing the engine (first start only)"
"""What a user is told while the kernels compile."""


def _evaluation() -> None:
    for size in (5, 6, 7):
        evaluate_many(np.arange(size, dtype=np.uint8).reshape(1, size))


def _videopoker() -> None:
    holds("As Ks Qs Js 2c")
    analyze("jacks-or-better-9-6")


PARTS: dict[str, Callable[[], None]] = {
    "evaluation": _evaluation,
    "equity": compile_kernels,
    "videopoker": _videopoker,
}
"""The engine's parts, each with the calls that compile its kernels."""

_lock = threading.Lock()
_ready: set[str] = set()


def _marker(part: str) -> str:
    return f"warm-{part}"


def _checked(parts: tuple[str, ...]) -> tuple[str, ...]:
    for part in parts:
        if part not in PARTS:
            raise ShowdownError(f"unknown engine part {shown(part)}; the parts are {', '.join(PARTS)}")
    return parts or tuple(PARTS)


def first_start(*parts: str) -> bool:
    """True when warming up ``parts`` (default: all) will compile kernels, not just load them:
    nothing of theirs is in this version's numba cache yet and this process has not done it.

    >>> first_start("no-such-part")
    Traceback (most recent call last):
    showdown.errors.ShowdownError: unknown engine part 'no-such-part'; the parts are evaluation, equity, videopoker
    """
    return any(part not in _ready and not (cache_dir() / _marker(part)).exists() for part in _checked(parts))


def is_ready(*parts: str) -> bool:
    """True when ``parts`` (default: all) are compiled and loaded in this process.

    >>> warm_up("evaluation") >= 0 and is_ready("evaluation")
    True
    """
    return all(part in _ready for part in _checked(parts))


def warm_up(*parts: str) -> float:
    """Compile (first start) or load (later starts) the kernels of ``parts`` (default: all of
    :data:`PARTS`), once per process; returns the seconds it took (0 when they were ready).
    Threads that ask while another warms up wait for it.

    >>> warm_up("evaluation", "equity") >= 0
    True
    """
    started = time.perf_counter()
    for part in _checked(parts):
        if part in _ready:
            continue
        with _lock:
            if part in _ready:
                continue
            PARTS[part]()
            _ready.add(part)
            marker = cache_dir() / _marker(part)
            try:
                marker.touch()
            except OSError:
                pass  # a read-only cache still works; the next process just cannot know
    return time.perf_counter() - started
