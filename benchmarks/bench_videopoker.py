"""Video poker: ``analyze`` (exact return under optimal play) and ``holds`` (every hold of a deal).

    .venv/bin/python benchmarks/bench_videopoker.py

Every figure is the best of ``REPEAT`` repetitions after a warm-up (``time.perf_counter``),
except the fresh-process figures, which time a new interpreter each repetition. No peer runs
here; the published solver times are quoted as reference notes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import showdown  # noqa: E402
from _harness import RATIO_NOTE, REPEAT, best_of, format_table, python, row  # noqa: E402
from showdown import CARDS  # noqa: E402
from showdown.videopoker import analyze, holds  # noqa: E402

SEED = 20240607
N_DEALS = 2_000
"""Random deals timed for ``holds``."""
PUBLISHED_SOLVER_SECONDS = 3.0  # s: published video poker solvers, 9/6 Jacks or Better
ZIG_SOLVER_SECONDS = 1.0  # s: "under 1 s" for a solver written in Zig on a recent laptop
COLD_REPEAT = 2

FRESH_ANALYZE = """
import time
start = time.perf_counter()
from showdown.videopoker import analyze
result = analyze("jacks-or-better-9-6")
assert f"{float(result.expected_return):.6f}" == "0.995439", result.expected_return
print(time.perf_counter() - start)
"""


def _log(message: str) -> None:
    print(f"[bench_videopoker] {message}", file=sys.stderr, flush=True)


def _fresh(cache_dir: str | None = None) -> tuple[float, float]:
    """(wall seconds of a new interpreter that analyzes 9/6, seconds from import to the answer)."""
    env = dict(os.environ)
    if cache_dir is not None:
        env["SHOWDOWN_CACHE_DIR"] = cache_dir
    start = time.perf_counter()
    out = subprocess.run([python(), "-c", FRESH_ANALYZE], env=env, check=True, capture_output=True, text=True)
    return time.perf_counter() - start, float(out.stdout.strip().splitlines()[-1])


def bench_analyze() -> list[dict[str, Any]]:
    _log("analyze 9/6 in fresh processes (warm numba cache)")
    _fresh()  # fills the numba cache if needed
    runs = [_fresh() for _ in range(REPEAT)]
    wall = min(run[0] for run in runs)
    inside = min(run[1] for run in runs)
    _log(f"analyze 9/6 in fresh processes, empty numba cache (x{COLD_REPEAT})")
    cold = float("inf")
    for _ in range(COLD_REPEAT):
        with tempfile.TemporaryDirectory(prefix="showdown-bench-cache-") as cache_dir:
            cold = min(cold, _fresh(cache_dir)[0])

    _log("analyze 9/6 in this process, table built")
    analyze()
    two = best_of(lambda: analyze("jacks-or-better-9-6"))
    one = best_of(lambda: analyze("jacks-or-better-9-6", n_jobs=1))
    ddb = best_of(lambda: analyze("double-double-bonus-9-6"))

    from showdown.videopoker._counts import kernel

    _log("count table build")
    table = best_of(lambda: kernel()._superset_table())

    name = "`analyze` 9/6 Jacks or Better, a fresh process (import, count table, analysis; warm numba cache)"
    return [
        row(name, wall, "s", "published video poker solvers", PUBLISHED_SOLVER_SECONDS, "reference, not run"),
        row(name, wall, "s", "a solver in Zig on a recent laptop", ZIG_SOLVER_SECONDS, "under 1 s; reference, not run"),
        row("the same, from `import showdown.videopoker` to the answer (no interpreter start)", inside, "s"),
        row("the same, empty numba cache (compiles the kernels)", cold, "s"),
        row("`analyze` 9/6 Jacks or Better, count table already built, 2 threads", two, "s"),
        row("`analyze` 9/6 Jacks or Better, count table already built, 1 thread", one, "s"),
        row("`analyze` 9/6 Double Double Bonus, count table already built, 2 threads", ddb, "s"),
        row("count table: 2,598,960 hands into 294,204 sets of 0-4 cards (19 MB)", table, "s"),
    ]


def bench_holds() -> list[dict[str, Any]]:
    import random

    rng = random.Random(SEED)
    deals = [tuple(rng.sample(CARDS, 5)) for _ in range(N_DEALS)]
    texts = [" ".join(str(card) for card in deal) for deal in deals]
    holds(deals[0])  # count table and kernels

    def run(items: list[Any]) -> None:
        for deal in items:
            holds(deal)

    _log(f"holds on {N_DEALS:,} random deals")
    parsed = best_of(lambda: run(deals)) / N_DEALS * 1e3
    text = best_of(lambda: run(texts)) / N_DEALS * 1e3
    return [
        row(f"`holds(deal)`: all 32 holds with exact EVs, per deal ({N_DEALS:,} random deals of Cards)", parsed, "ms"),
        row(f"`holds(\"As Ks ...\")`, per deal from text ({N_DEALS:,} random deals)", text, "ms"),
    ]


def run() -> list[dict[str, Any]]:
    """Every benchmark of this module, as rows (see ``_harness.row``)."""
    _log(f"showdown {showdown.__version__}, best of {REPEAT} after a warm-up")
    return bench_analyze() + bench_holds()


def main() -> None:
    print(format_table(run()))
    print()
    print(RATIO_NOTE)


if __name__ == "__main__":
    main()
