"""Video poker: ``analyze`` (exact return under optimal play), ``strategy`` (a strategy list
derived from the exact solution) and ``holds`` (every hold of a deal).

    .venv/bin/python benchmarks/bench_videopoker.py

Every figure is the best of ``REPEAT`` repetitions after a warm-up (``time.perf_counter``),
except the fresh-process figures, which time a new interpreter each repetition. No peer runs
here (no video poker solver is on PyPI to run beside it): the published solver times are quoted
as labelled references and the targets as the project's goals, both shown without a ratio.
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
from _harness import RATIO_NOTE, REPEAT, best_of, format_table, python, quick, reference, row, tagged  # noqa: E402
from showdown import CARDS  # noqa: E402
from showdown.videopoker import analyze, holds  # noqa: E402  (strategy runs in fresh processes)

SEED = 20240607
N_DEALS = quick(2_000, 200)
"""Random deals timed for ``holds``."""
# Quoted, never run here, never divided by: figures their authors published for other machines.
PUBLISHED_SOLVER_SECONDS = 3.0  # s: published video poker solvers, 9/6 Jacks or Better
ZIG_SOLVER_SECONDS = 1.0  # s: "under 1 s" for a solver written in Zig on a recent laptop
PUBLISHED = "quoted from what the solvers' authors publish, on their own machines"
COLD_REPEAT = quick(2, 1)

# A fresh interpreter answers one question: {call} is analyze(...).expected_return or
# strategy(...).perfect_return, checked against the published return.
FRESH = """
import time
start = time.perf_counter()
from showdown.videopoker import analyze, strategy
value = {call}
assert f"{{float(value):.6f}}" == "{expected}", value
print(time.perf_counter() - start)
"""
GAMES = {  # table: (the published return, rounded to 6 places; the target for a fresh process, s)
    "jacks-or-better-9-6": ("0.995439", None),
    "deuces-wild-full-pay": ("1.007620", 3.0),
    "joker-poker-kings": ("1.006463", 5.0),
}
STRATEGY_TARGET = 10.0  # s: a strategy list in a fresh process, the exact solution included


def _log(message: str) -> None:
    print(f"[bench_videopoker] {message}", file=sys.stderr, flush=True)


def _fresh(call: str, expected: str, cache_dir: str | None = None) -> tuple[float, float]:
    """(wall seconds of a new interpreter that computes ``call``, seconds from import to the answer)."""
    env = dict(os.environ)
    if cache_dir is not None:
        env["SHOWDOWN_CACHE_DIR"] = cache_dir
    start = time.perf_counter()
    code = FRESH.format(call=call, expected=expected)
    out = subprocess.run([python(), "-c", code], env=env, check=True, capture_output=True, text=True)
    return time.perf_counter() - start, float(out.stdout.strip().splitlines()[-1])


def _best_fresh(call: str, expected: str, repeat: int = REPEAT) -> tuple[float, float]:
    _fresh(call, expected)  # fills the numba cache if needed
    runs = [_fresh(call, expected) for _ in range(repeat)]
    return min(run[0] for run in runs), min(run[1] for run in runs)


def bench_analyze() -> list[dict[str, Any]]:
    rows = []
    for table, (expected, target) in GAMES.items():
        _log(f"analyze {table} in fresh processes (warm numba cache)")
        wall, inside = _best_fresh(f"analyze({table!r}).expected_return", expected)
        name = f"`analyze` {table}, a fresh process (import, count table, analysis; warm numba cache)"
        if target is None:
            rows += [
                reference(name, wall, "s", "published video poker solvers", PUBLISHED_SOLVER_SECONDS, PUBLISHED),
                reference(name, wall, "s", "a solver in Zig on a recent laptop", ZIG_SOLVER_SECONDS,
                          f"under 1 s, {PUBLISHED}"),
                row("the same, from `import showdown.videopoker` to the answer (no interpreter start)", inside, "s"),
            ]
        else:
            rows.append(row(name, wall, "s", "the target", target, "at most"))
    _log(f"analyze 9/6 in fresh processes, empty numba cache (x{COLD_REPEAT})")
    cold = float("inf")
    for _ in range(COLD_REPEAT):
        with tempfile.TemporaryDirectory(prefix="showdown-bench-cache-") as cache_dir:
            cold = min(cold, _fresh('analyze("jacks-or-better-9-6").expected_return', "0.995439", cache_dir)[0])

    _log("analyze in this process, tables built")
    analyze()
    two = best_of(lambda: analyze("jacks-or-better-9-6"))
    one = best_of(lambda: analyze("jacks-or-better-9-6", n_jobs=1))
    ddb = best_of(lambda: analyze("double-double-bonus-9-6"))
    analyze("deuces-wild-full-pay")
    deuces = best_of(lambda: analyze("deuces-wild-full-pay"))

    from showdown.videopoker._counts import kernel

    _log("count table build")
    table = best_of(lambda: kernel()._superset_table(0))
    return rows + [
        row("`analyze` 9/6 Jacks or Better, empty numba cache (compiles the kernels)", cold, "s"),
        row("`analyze` 9/6 Jacks or Better, count table already built, 2 threads", two, "s"),
        row("`analyze` 9/6 Jacks or Better, count table already built, 1 thread", one, "s"),
        row("`analyze` 9/6 Double Double Bonus, count table already built, 2 threads", ddb, "s"),
        row("`analyze` Deuces Wild full pay, count table already built, 2 threads", deuces, "s"),
        row("count table: 2,598,960 hands into 294,204 sets of 0-4 cards (19 MB)", table, "s"),
    ]


def bench_strategy() -> list[dict[str, Any]]:
    rows = []
    for table, (expected, _) in GAMES.items():
        _log(f"strategy {table} in fresh processes (warm numba cache)")
        wall, _inside = _best_fresh(f"strategy({table!r}).perfect_return", expected, repeat=min(REPEAT, 3))
        rows.append(row(f"`strategy` {table}: the list derived, played and measured, a fresh process "
                        "(the exact solution included)", wall, "s", "the target", STRATEGY_TARGET, "at most"))
    return rows


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
    return tagged(bench_analyze() + bench_strategy() + bench_holds(), "videopoker")


def main() -> None:
    print(format_table(run()))
    print()
    print(RATIO_NOTE)


if __name__ == "__main__":
    main()
