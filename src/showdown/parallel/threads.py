"""Threads inside one process: choosing numba's thread count for one call, restored afterwards.

>>> thread_count(4, 10)   # too few items for a second thread
1
"""

from __future__ import annotations

import contextlib
import operator
from collections.abc import Iterator
from typing import Optional

from showdown.errors import ShowdownError

# Below this many items a second thread costs more than it saves.
MIN_ITEMS_PER_THREAD = 50_000


def thread_count(n_jobs: Optional[int], n_items: int) -> int:
    """Threads to use: ``n_jobs`` (None or -1 for all of numba's), fewer for small inputs."""
    import numba

    available = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    if n_jobs is None or n_jobs == -1:
        wanted = available
    else:
        try:
            count = operator.index(n_jobs)
        except TypeError:
            count = 0
        if isinstance(n_jobs, bool) or count < 1:
            raise ShowdownError(f"n_jobs must be a positive int, None or -1, got {n_jobs!r}")
        wanted = min(count, available)
    return max(1, min(wanted, n_items // MIN_ITEMS_PER_THREAD))


@contextlib.contextmanager
def numba_threads(count: int) -> Iterator[None]:
    """Run the body with numba using ``count`` threads."""
    import numba

    previous = numba.get_num_threads()
    numba.set_num_threads(count)
    try:
        yield
    finally:
        numba.set_num_threads(previous)
