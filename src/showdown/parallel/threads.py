"""Threads inside one process: how many a call uses, and running a kernel over ranges of its
work on that many threads at once.

The kernels are compiled with ``nogil=True`` and take the range of work items (chunks, rows,
groups) they are to do, so Python threads run them side by side. The answer of each item
does not depend on which thread does it, so it is the same whatever the thread count.
(numba's ``parallel=True`` would cost seconds of compiling per kernel on a first run.)

>>> thread_count(4, 10)   # too few items for a second thread
1
>>> run_ranges(lambda first, stop: list(range(first, stop)), 5, 2)
[[0, 1], [2, 3, 4]]
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any, Optional, TypeVar

from showdown.errors import ShowdownError
from showdown.parallel.interruption import interruptible
from showdown.quantities import as_whole, shown

# Below this many items a second thread costs more than it saves.
MIN_ITEMS_PER_THREAD = 50_000

T = TypeVar("T")


def thread_count(n_jobs: Optional[int], n_items: int) -> int:
    """Threads to use: ``n_jobs`` (None or -1 for all numba may use, ``NUMBA_NUM_THREADS``),
    fewer for small inputs."""
    import numba

    available = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    count = None if n_jobs is None else as_whole(n_jobs)
    if n_jobs is None or count == -1:
        wanted = available
    else:
        if count is None or count < 1:
            raise ShowdownError(f"n_jobs must be a positive int, None or -1, got {shown(n_jobs)}")
        wanted = min(count, available)
    return max(1, min(wanted, n_items // MIN_ITEMS_PER_THREAD))


def run_ranges(function: Callable[..., T], n_items: int, threads: int, *arguments: Any) -> list[T]:
    """``function(*arguments, first, stop)`` for ``threads`` consecutive ranges that cut
    ``range(n_items)`` (as evenly as they can), each on a thread of its own, the first on the
    calling thread; their results in order.

    Ctrl-C is held until every range is done (see :mod:`showdown.parallel.interruption`): a
    process must not end while a thread is inside a kernel. Called on one of the pool's threads
    (by a range that runs ranges itself), it runs the whole range on that thread.
    """
    threads = max(1, min(threads, n_items))
    cuts = [n_items * k // threads for k in range(threads + 1)]
    if threads == 1 or getattr(_in_pool, "yes", False):  # a pool thread waiting on the pool could wait for ever
        return [function(*arguments, 0, n_items)]
    with interruptible():
        rest = _submit([(function, *arguments, cuts[k], cuts[k + 1]) for k in range(1, threads)])
        try:
            first = function(*arguments, cuts[0], cuts[1])
        finally:
            wait(rest)
        return [first, *(future.result() for future in rest)]


_shared: Optional[ThreadPoolExecutor] = None
_shared_lock = threading.Lock()
_in_pool = threading.local()  # .yes on the pool's threads


def _mark_pool_thread() -> None:
    _in_pool.yes = True


def _submit(calls: list[tuple[Any, ...]]) -> list[Future[Any]]:
    """Each ``(function, *arguments)`` of ``calls`` submitted to the process's pool of threads,
    kept between calls (a new pool cost about 1 ms, paid by every batch of a Monte Carlo run)
    and grown when it has too few threads. All are submitted under the lock, so that no other
    caller can retire the pool between two of them."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared._max_workers < len(calls):
            if _shared is not None:
                _shared.shutdown(wait=False)  # what it was given still runs; its threads end after
            _shared = ThreadPoolExecutor(max_workers=len(calls), thread_name_prefix="showdown",
                                         initializer=_mark_pool_thread)
        return [_shared.submit(*call) for call in calls]


def _forget_pool() -> None:
    """In a forked child, whose copy of the pool has no threads."""
    global _shared, _shared_lock, _in_pool
    _shared, _shared_lock, _in_pool = None, threading.Lock(), threading.local()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)
