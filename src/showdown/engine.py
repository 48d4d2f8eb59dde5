"""The compiled engine: showdown's numba kernels, ready before the first question.

numba compiles each kernel on its first call after an install (seconds: about 3 to 5 s for
bulk evaluation or a first equity, 12 s for a video poker analysis) and loads the compiled code
from its on-disk cache in every later process (a fraction of a second). :func:`warm_up` does that
work up front, for example while a server starts, and :func:`first_start` says whether it will
compile (nothing in the cache yet) or only load. Time limits and reported durations never
include it: :func:`~showdown.equity` prepares its kernels before its clock starts.

>>> seconds = warm_up("evaluation")
>>> first_start("evaluation")
False
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable

import numpy as np

from showdown._kernels import cache_dir
from showdown.errors import ShowdownError
from showdown.evaluation import evaluate_many
from showdown.odds.calculation import compile_kernels
from showdown.quantities import shown
from showdown.study import breakdown, combo_equities
from showdown.videopoker import analyze, holds

__all__ = ["PARTS", "PREPARING", "first_start", "is_ready", "message", "state", "warm_up", "warm_up_in_background"]

PREPARING = "preparing the engine (first start only)"
"""What a user is told while the kernels compile."""

_MESSAGES = {
    "ready": "",
    "preparing": f"{PREPARING}: the first answers wait for it",
    "loading": "loading the engine: the first answers wait for it",
}


def _evaluation() -> None:
    for size in (5, 6, 7):
        evaluate_many(np.arange(size, dtype=np.uint8).reshape(1, size))


def _videopoker() -> None:
    holds("As Ks Qs Js 2c")
    analyze("jacks-or-better-9-6")


def _study() -> None:
    breakdown("AhKh", "Qh Jh 2c")
    combo_equities("AhKh", "QQ", "Qh Jh 2c")
    combo_equities("AhKh", ["QQ", "JJ"], "Qh Jh 2c", trials=64, seed=0)


PARTS: dict[str, Callable[[], object]] = {
    "evaluation": _evaluation,
    "equity": compile_kernels,
    "videopoker": _videopoker,
    "study": _study,
}
"""The engine's parts, each with the calls that compile its kernels."""

_MODULES = {"evaluation": ("evaluator",), "equity": ("equity", "board_classes", "runouts"),
            "videopoker": ("videopoker",), "study": ("study",)}
"""The kernel modules of each part: numba's cache holds an index file per compiled kernel."""

_lock = threading.Lock()
_ready: set[str] = set()
_background: list[threading.Thread] = []  # the warm-up started by warm_up_in_background, if any
_background_lock = threading.Lock()


def _checked(parts: tuple[str, ...]) -> tuple[str, ...]:
    for part in parts:
        if part not in PARTS:
            raise ShowdownError(f"unknown engine part {shown(part)}; the parts are {', '.join(PARTS)}")
    return parts or tuple(PARTS)


def _in_cache(part: str) -> bool:
    """Whether this version's cache holds ``part``'s kernels (warmed up, or compiled on use)."""
    folder = cache_dir()
    return any(next(folder.glob(f"*/{module}.*.nbi"), None) is not None for module in _MODULES[part])


def first_start(*parts: str) -> bool:
    """True when warming up ``parts`` (default: all) will compile kernels, not just load them:
    nothing of theirs is in this version's numba cache yet and this process has not done it.

    >>> first_start("no-such-part")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    showdown.errors.ShowdownError: unknown engine part 'no-such-part'; the parts are evaluation, equity, videopoker, ...
    """
    return any(part not in _ready and not _in_cache(part) for part in _checked(parts))


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
    if is_ready(*parts):
        return 0.0
    started = time.perf_counter()
    for part in _checked(parts):
        if part in _ready:
            continue
        with _lock:
            if part in _ready:
                continue
            PARTS[part]()
            _ready.add(part)
    return time.perf_counter() - started


def _warm_up_or_say_why(parts: tuple[str, ...]) -> None:
    try:
        warm_up(*parts)
    except Exception as error:  # the kernels then compile on first use, where an error is reported
        print(f"the engine could not be prepared ahead ({type(error).__name__}: {error}); it is prepared on"
              " first use", file=sys.stderr)


def warm_up_in_background(*parts: str) -> threading.Thread:
    """Start :func:`warm_up` of ``parts`` (default: all) in a daemon thread and return it (the
    one already running, if any); :func:`state` says how it goes. A failure is told on stderr
    in one line, and the kernels are then prepared on first use.

    >>> warm_up_in_background("evaluation").join()
    >>> state(), message(state())
    ('ready', '')
    """
    parts = _checked(parts)
    with _background_lock:
        if not (_background and _background[-1].is_alive()):
            thread = threading.Thread(target=_warm_up_or_say_why, args=(parts,), name="showdown-warm-up",
                                      daemon=True)
            _background[:] = [thread]
            thread.start()
        return _background[-1]


def state() -> str:
    """``"preparing"`` while a background warm-up compiles (the first start after an install),
    ``"loading"`` while it reads the kernels from the cache, and ``"ready"`` otherwise: the
    parts are ready, or whatever is not is prepared on its first use.

    >>> state() in ("ready", "preparing", "loading")
    True
    """
    if _background and _background[-1].is_alive():
        return "preparing" if first_start() else "loading"
    return "ready"


def message(current: str) -> str:
    """What a user is told in the state ``current`` ("" when ready).

    >>> message("preparing")
    'preparing the engine (first start only): the first answers wait for it'
    """
    if current not in _MESSAGES:
        raise ShowdownError(f"unknown engine state {shown(current)}; the states are {', '.join(_MESSAGES)}")
    return _MESSAGES[current]
