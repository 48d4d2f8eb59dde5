"""Memory given back to the system after heavy work: glibc keeps what a long run freed in its
per-thread heaps, so a server that ran jobs and derivations on many threads would hold hundreds
of megabytes it no longer uses. Elsewhere (no glibc) nothing is done."""

from __future__ import annotations

import ctypes
from typing import Any, Optional


def _trim_function() -> Optional[Any]:
    """glibc's ``malloc_trim`` among the process's own symbols (no library search, which would
    start a process), or None."""
    try:
        return getattr(ctypes.CDLL(None), "malloc_trim", None)
    except OSError:
        return None


_TRIM = _trim_function()


def release_memory() -> bool:
    """Give the memory freed in the process's heaps back to the system (glibc's
    ``malloc_trim``); whether it could be asked.

    >>> isinstance(release_memory(), bool)
    True
    """
    if _TRIM is None:
        return False
    _TRIM(0)
    return True
