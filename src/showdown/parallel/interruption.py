"""Ctrl-C during a long computation: noticed between two kernel calls, never inside one.

Python raises ``KeyboardInterrupt`` wherever the main thread happens to be when Ctrl-C
arrives; inside a numba dispatcher that surfaces as a ``SystemError``. Within
:func:`interruptible`, Ctrl-C only raises a flag, and the computation calls
:func:`stop_if_interrupted` between its pieces of work, which raises ``KeyboardInterrupt``
there. A second Ctrl-C before the next check interrupts at once. Outside the main thread (a
web worker, a Dask worker) or when the program has its own SIGINT handler, nothing changes.

>>> with interruptible():
...     stop_if_interrupted()   # no Ctrl-C came: goes on
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Optional

_pending = threading.Event()


def _flag(signum: int, frame: Optional[FrameType]) -> None:
    if _pending.is_set():
        raise KeyboardInterrupt
    _pending.set()


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """Within the body, Ctrl-C is held until the next :func:`stop_if_interrupted` (or the end
    of the body), which raises ``KeyboardInterrupt``."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield  # not ours to handle, or an enclosing interruptible() already does
        return
    _pending.clear()
    signal.signal(signal.SIGINT, _flag)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        interrupted = _pending.is_set()
        _pending.clear()
    if interrupted:
        raise KeyboardInterrupt


def stop_if_interrupted() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C came since the computation began."""
    if _pending.is_set():
        raise KeyboardInterrupt
