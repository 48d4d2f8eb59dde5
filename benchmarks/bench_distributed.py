"""The exact preflop table (every hand class against every hand class) here and on local Dask
clusters of 1, 2, ... worker processes (``thread_counts(1, 2)``: up to this machine's cores), in
one run.

    .venv/bin/python benchmarks/bench_distributed.py

Each figure is one run (the table takes tens of seconds) after a warm-up on a few classes;
cluster start-up is not counted, each worker's first task (loading numba's cache) is.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import RATIO_NOTE, format_table, point, row, tagged, thread_counts  # noqa: E402
from showdown import dask_client, preflop_table  # noqa: E402

SAMPLE = ["AA", "KK", "AKs"]
SERIES_HERE = "`preflop_table()` in this process (its threads)"
SERIES_CLUSTER = "`preflop_table(client=...)`, 169 x 169 starting hands, exact, on a Dask LocalCluster"


def _timed(client: Any = None) -> tuple[float, Any]:
    preflop_table(SAMPLE, client=client)  # warm: kernels compiled or loaded on every worker
    start = time.perf_counter()
    table = preflop_table(client=client)
    return time.perf_counter() - start, table


def run() -> list[dict[str, Any]]:
    """Rows: the table in this process (its threads), then on 1, 2, ... local worker processes."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        return [row("preflop table on local Dask workers", None, "s", note="dask not installed", group="dask")]
    print("[bench_distributed] preflop table here", file=sys.stderr, flush=True)
    here, reference = _timed()
    import numba

    threads = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    rows = [point(row("`preflop_table()`, 169 x 169 starting hands, exact, this process (its threads)", here, "s"),
                  SERIES_HERE, threads=threads)]
    for workers in thread_counts(1, 2):
        print(f"[bench_distributed] preflop table on {workers} local worker(s)", file=sys.stderr, flush=True)
        with dask_client(local=workers) as client:
            seconds, table = _timed(client)
        same = bool((table.wins == reference.wins).all() and (table.ties == reference.ties).all())
        rows.append(point(row(f"`preflop_table(client=...)`, LocalCluster of {workers} process(es), 1 thread each",
                              seconds, "s", "this process", here, "" if same else "RESULTS DIFFER",
                              peer_showdown=True),
                          SERIES_CLUSTER, workers=workers))
    return tagged(rows, "dask")


if __name__ == "__main__":
    print(format_table(run()))
    print()
    print(RATIO_NOTE)
