"""Spreading work over a Dask cluster, or running it here: one code path for both.

Dask is injected, never imported by ``import showdown``: a function that can spread work takes
``client=`` (a ``dask.distributed.Client``). Without one it runs in this process on numba's
threads. The work is cut into partitions that do not depend on the number of workers, each
partition runs the same function, and the results are put back together in partition order,
so an answer is bit-identical locally, on any cluster and for any number of partitions.

A worker that dies takes its unfinished partitions with it; Dask's scheduler runs them again
elsewhere, and since results are collected by partition index, none is lost or counted twice.

>>> map_partitions(sum, [[1, 2], [3], [4, 5, 6]])
[3, 3, 15]
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional, TypeVar

from showdown.errors import DistributedError
from showdown.parallel.interruption import stop_if_interrupted
from showdown.quantities import as_whole, shown

__all__ = [
    "DistributedError",
    "check_client",
    "dask_client",
    "imap_partitions",
    "map_in_order",
    "map_partitions",
    "split",
    "worker_threads",
]

T = TypeVar("T")
R = TypeVar("R")

WAIT_SLICE = 0.25
"""Seconds between two looks for Ctrl-C while waiting on a cluster."""


def split(items: Sequence[T], partitions: int) -> list[Sequence[T]]:
    """``items`` cut into ``partitions`` contiguous, nearly equal, non-empty parts (in order).

    >>> split(list(range(7)), 3)
    [[0, 1, 2], [3, 4], [5, 6]]
    """
    whole = as_whole(partitions)
    if whole is None or partitions < 1:
        raise DistributedError(f"partitions must be a positive int, got {shown(partitions)}")
    partitions = whole
    count = min(partitions, len(items)) or 1
    size, extra = divmod(len(items), count)
    parts, start = [], 0
    for index in range(count):
        stop = start + size + (index < extra)
        parts.append(items[start:stop])
        start = stop
    return parts


def map_partitions(
    function: Callable[[Any], R],
    partitions: Sequence[Any],
    *,
    client: Any = None,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> list[R]:
    """``[function(p) for p in partitions]``, on the cluster behind ``client`` when given.

    ``progress(done, total)`` is called as partitions finish (in any order); the results come
    back in partition order. ``function`` must be importable by the workers (a module-level
    function of showdown).
    """
    total = len(partitions)
    results: list[Any] = [None] * total
    for done, (index, result) in enumerate(imap_partitions(function, partitions, client=client), start=1):
        results[index] = result
        if progress is not None:
            progress(done, total)
    return results


def check_client(client: Any) -> Any:
    """``client`` when it is None or a Dask client (something that submits and cancels work),
    else :class:`~showdown.DistributedError` naming it: checked before the work starts.

    >>> check_client("tcp://host:8786")
    Traceback (most recent call last):
    ...
    showdown.errors.DistributedError: client must be a dask.distributed.Client (or None), got 'tcp://host:8786'
    """
    if client is not None and not all(callable(getattr(client, name, None)) for name in ("submit", "cancel")):
        raise DistributedError(f"client must be a dask.distributed.Client (or None), got {shown(client)}")
    return client


@contextlib.contextmanager
def dask_client(scheduler: Optional[str] = None, local: Optional[int] = None) -> Iterator[Any]:
    """A Dask client for ``scheduler`` (an address such as ``tcp://host:8786``) or a new local
    cluster of ``local`` worker processes (one thread each); None when neither is given, which
    means: run in this process. Closed on exit.

    >>> with dask_client() as client:
    ...     print(client)
    None

    Raises:
        DistributedError: both ``scheduler`` and ``local`` are given, ``local`` is not a positive int or is over
            twice the CPUs, the address is not text or cannot be reached, or Dask is not installed (raised on
            entering the ``with`` block).
    """
    if scheduler and local is not None:
        raise DistributedError("give a scheduler address or a number of local workers, not both")
    whole = None if local is None else as_whole(local)
    if local is not None and (whole is None or local < 1):
        raise DistributedError(f"the number of local workers must be a positive int, got {shown(local)}")
    local = local if whole is None else whole
    most = 2 * (os.cpu_count() or 1)  # more processes than this only compete for the CPUs and the memory
    if local is not None and local > most:
        raise DistributedError(f"at most {most} local workers (twice this machine's {most // 2} CPUs), got {local:,}")
    if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
        raise DistributedError(f"a scheduler address is text such as 'tcp://host:8786', got {shown(scheduler)}")
    if not scheduler and local is None:
        yield None
        return
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise DistributedError("Dask is not installed: pip install 'showdown-poker[dask]'") from None
    if scheduler:
        problem = ""
        try:
            _check_address(scheduler)
            client = Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as error:
            problem = f"cannot reach the Dask scheduler at {shown(scheduler)}: {error}"
        except Exception as error:  # dask says ValueError, TypeError, ... for an address it cannot use
            problem = f"cannot use the Dask scheduler address {shown(scheduler)}: {error} (expected e.g. tcp://host:8786)"
        if problem:
            # A Client that failed half-way closes itself when collected, and distributed
            # deadlocks if that happens while the next Client starts: collect it now.
            gc.collect()
            raise DistributedError(problem)
        with client:
            yield client
        return
    with _workers_ignore_ctrl_c():
        cluster = LocalCluster(n_workers=local, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=logging.ERROR)
    with cluster, Client(cluster) as client, _quiet_when_interrupted():
        yield client


@contextlib.contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start a local cluster's worker processes with Ctrl-C ignored (they inherit it): Ctrl-C
    at a terminal reaches every process of the group, and only this one is to answer it, by
    stopping the work and closing the cluster in order."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def _quiet_when_interrupted() -> Iterator[None]:
    """Ctrl-C reaches a local cluster's worker processes too (one process group), and closing a
    cluster whose workers are gone makes distributed log on stderr: after Ctrl-C it is quiet,
    and the command's one line, "interrupted", is all that is printed."""
    try:
        yield
    except KeyboardInterrupt:
        for name in ("distributed", "tornado", "asyncio"):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
        raise


def _check_address(address: str) -> None:
    """Refuse (ValueError) an address whose scheme, host or port distributed cannot read,
    before any Client is built for it."""
    from distributed.comm.addressing import get_address_host_port, parse_address

    if parse_address(address)[0] != "inproc":
        get_address_host_port(address)


def worker_threads() -> Optional[int]:
    """On a Dask worker, its number of threads (a call then uses as many); None elsewhere.
    distributed is not imported for this (it takes about half a second): a process that runs a
    Dask worker has it imported already."""
    distributed = sys.modules.get("distributed")
    if distributed is None:
        return None
    try:
        return int(distributed.get_worker().state.nthreads)
    except (ValueError, AttributeError):
        return None


def imap_partitions(
    function: Callable[[Any], R], partitions: Sequence[Any], *, client: Any = None
) -> Iterator[tuple[int, R]]:
    """``(index, function(partition))`` pairs as partitions finish: in order locally, in
    completion order on a cluster (each index exactly once). Ctrl-C within
    :func:`~showdown.parallel.interruption.interruptible` stops it before the next partition
    (every result already made is handed over; the cluster's futures are then released)."""
    if client is None:
        for index, part in enumerate(partitions):
            stop_if_interrupted()
            yield index, function(part)
        return
    from dask.distributed import TimeoutError as Waited
    from dask.distributed import wait

    futures = [client.submit(function, part, pure=False) for part in partitions]
    position = {future.key: index for index, future in enumerate(futures)}
    pending = set(futures)
    try:
        while pending:
            # Waited on in short slices: a Ctrl-C that also ended the workers (one process
            # group) leaves futures that never finish, and must still end the wait.
            stop_if_interrupted()
            try:
                finished, pending = wait(pending, timeout=WAIT_SLICE, return_when="FIRST_COMPLETED")
            except Waited:
                continue
            for future in sorted(finished, key=lambda done: position[done.key]):
                stop_if_interrupted()
                yield position[future.key], future.result()
    finally:
        client.cancel(futures)


def map_in_order(function: Callable[[Any], R], partitions: Sequence[Any], *, client: Any = None) -> Iterator[R]:
    """``function(p)`` for each partition, yielded in partition order as soon as each result and
    all before it are in (on a cluster, later partitions run meanwhile)."""
    pending: dict[int, R] = {}
    next_index = 0
    for index, result in imap_partitions(function, partitions, client=client):
        pending[index] = result
        while next_index in pending:
            yield pending.pop(next_index)
            next_index += 1
