"""The compiled engine: showdown's numba kernels, ready before the first question.

numba compiles each kernel on its first call after an install (seconds: about 3 to 5 s for
bulk evaluation or a first equity, 12 s for a video poker analysis) and loads the compiled code
from its on-disk cache in every later process (a fraction of a second). :func:`warm_up` does that
work up front, for example while a server starts, and :func:`first_start` says whether it will
compile (nothing in the cache yet) or only load. Time limits and reported durations never
include it: :func:`~showdown.equity` prepares its kernels before its clock starts. The parts are
made of the kernel groups of :mod:`showdown.kernel_groups`; ``python -m showdown.engine``
(``make warm``) prepares every group, those used only on demand too.

>>> seconds = warm_up("evaluation")
>>> first_start("evaluation")
False
"""

from __future__ import annotations

import sys
import threading

from showdown.errors import ShowdownError
from showdown.kernel_groups import GROUPS, in_cache, is_prepared, main, prepare
from showdown.quantities import shown

__all__ = ["PARTS", "PREPARING", "first_start", "is_ready", "message", "state", "warm_up", "warm_up_in_background"]

PREPARING = "preparing the engine (first start only)"
"""What a user is told while the kernels compile."""

_MESSAGES = {
    "ready": "",
    "preparing": f"{PREPARING}: the first answers wait for it",
    "loading": "loading the engine: the first answers wait for it",
}

PARTS: dict[str, tuple[str, ...]] = {}
"""The engine's parts (``"evaluation"``, ``"equity"``, ``"videopoker"``, ``"study"``), each with
its kernel groups, as :data:`showdown.kernel_groups.GROUPS` assigns them."""
for _group in GROUPS.values():
    if _group.part:
        PARTS.setdefault(_group.part, ())
        PARTS[_group.part] += (_group.name,)

_background: list[threading.Thread] = []  # the warm-up started by warm_up_in_background, if any
_background_lock = threading.Lock()


def _checked(parts: tuple[str, ...]) -> tuple[str, ...]:
    for part in parts:
        if part not in PARTS:
            raise ShowdownError(f"unknown engine part {shown(part)}; the parts are {', '.join(PARTS)}")
    return parts or tuple(PARTS)


def _groups(parts: tuple[str, ...]) -> tuple[str, ...]:
    """The kernel groups of ``parts`` (default: all), in order."""
    return tuple(group for part in _checked(parts) for group in PARTS[part])


def first_start(*parts: str) -> bool:
    """True when warming up ``parts`` (default: all) will compile kernels, not just load them:
    nothing of theirs is in this version's numba cache yet and this process has not done it.

    >>> first_start("no-such-part")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    showdown.errors.ShowdownError: unknown engine part 'no-such-part'; the parts are evaluation, equity, videopoker, ...
    """
    return any(not is_prepared(group) and not in_cache(group) for group in _groups(parts))


def is_ready(*parts: str) -> bool:
    """True when ``parts`` (default: all) are compiled and loaded in this process.

    >>> warm_up("evaluation") >= 0 and is_ready("evaluation")
    True
    """
    return is_prepared(*_groups(parts))


def warm_up(*parts: str) -> float:
    """Compile (first start) or load (later starts) the kernels of ``parts`` (default: all of
    :data:`PARTS`), once per process; returns the seconds it took (0 when they were ready).
    Threads that ask while another warms up wait for it.

    >>> warm_up("evaluation", "equity") >= 0
    True
    """
    return prepare(*_groups(parts))


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


if __name__ == "__main__":  # python -m showdown.engine [GROUP ...] [--processes N]: make warm
    sys.exit(main())
