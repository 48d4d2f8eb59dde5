"""What happens while the package loads: Ctrl-C as the ``showdown`` command starts (its script, or
``python -m showdown``) ends it as every later Ctrl-C does, with ``interrupted`` on stderr and
status 130, instead of the traceback of an import. A program that imports showdown keeps its own
Ctrl-C. The package imports this module first, which sets that up; the command's entry point
(:mod:`showdown.__main__`) hands Ctrl-C back to Python (:func:`restore`) once everything is loaded,
and the command line then answers it as ever.
"""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Optional

INTERRUPTED = 128 + signal.SIGINT
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it)."""


def started_as_command() -> bool:
    """Whether this process is the ``showdown`` command: its script, or ``python -m showdown``
    (not a process it started through multiprocessing, which is given the same arguments)."""
    processes = sys.modules.get("multiprocessing")
    if processes is not None and processes.parent_process() is not None:
        return False
    if sys.argv and Path(sys.argv[0]).stem == "showdown":
        return True
    argv = getattr(sys, "orig_argv", [])
    pairs = zip(argv, argv[1:], strict=False)
    return any(flag == "-m" and module in ("showdown", "showdown.cli") for flag, module in pairs)


def _stop(signum: int, frame: Optional[FrameType]) -> None:
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    raise SystemExit(INTERRUPTED)


def quiet_while_loading() -> None:
    """As the command starts, and while Python's own Ctrl-C handling is in place: Ctrl-C ends
    the process quietly (:data:`INTERRUPTED`)."""
    if (started_as_command() and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
        signal.signal(signal.SIGINT, _stop)


def restore() -> None:
    """Python's own Ctrl-C handling again (``KeyboardInterrupt``), once the command runs."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is _stop:
        signal.signal(signal.SIGINT, signal.default_int_handler)


quiet_while_loading()
