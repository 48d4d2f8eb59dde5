"""Run every ``benchmarks/bench_*.py`` module's ``run()`` and print one markdown table.

    .venv/bin/python benchmarks/run_all.py [--output benchmarks/RESULTS.md] [--only NAME ...] [--quick]
    .venv/bin/python benchmarks/run_all.py --output benchmarks/RESULTS.md --from-json benchmarks/results.json

With ``--output`` the table is also written to a file, under a header naming the machine (CPU
model, cores, Python / numba / numpy versions, date), a paragraph on how the figures are
measured and the plots; the raw figures go to ``results.json`` and the plots (``plots.py``,
matplotlib) to ``plots/*.png``, both next to the output file unless ``--json`` / ``--plots``
say otherwise. ``make bench`` writes ``benchmarks/RESULTS.md``, ``benchmarks/results.json`` and
``benchmarks/plots/``. ``--only`` runs a subset of the modules (``--only evaluate``: the hand
evaluation rows only, about a minute); ``--quick`` (or ``SHOWDOWN_BENCH_QUICK=1``) is a smoke
run on small inputs with fewer repetitions, to check that the benchmarks work (its figures are
not worth comparing); ``--from-json`` measures nothing and rewrites the page and the plots from
an earlier ``results.json``.

Every ratio divides two figures measured in the same run on this machine (``_harness.row``
gives a figure quoted from elsewhere or a target none, and ``_harness.check_rows`` refuses a
row that carries one).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Optional

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import _harness  # noqa: E402
from _anchor import FLAGS  # noqa: E402
from _harness import RATIO_NOTE, REFERENCE, check_rows, format_table, machine, machine_line, same_run_ratios  # noqa: E402

PEERS_INTRO = (
    "Throughput (or time) on a log scale, showdown's bar highlighted, the factor written after each "
    "peer's bar. Only figures measured in this run are drawn as bars; figures quoted for reference "
    "(\"reference, not run\") are dashed lines, named under their panel, and have no factor. Pale bars are "
    "showdown itself in another setting or another of its functions, measured in the same run."
)
THREADS_INTRO = (
    "The throughput of showdown against `n_jobs` (threads in one process), 1 to this machine's cores; "
    "the dashed line is perfect scaling from one thread. Exact equity is counted in calls per second."
)
DASK_INTRO = (
    "The exact preflop table on a Dask LocalCluster of 1 to this machine's cores worker processes (one "
    "thread each) against the same table in this process on its threads (dotted line)."
)


def how_short() -> str:
    """The caption line of the plots on how the figures were taken."""
    return (
        f"Best of {_harness.REPEAT} timed runs (time.perf_counter) after a warm-up call; ratios showdown / peer, "
        "both measured in this run; references from elsewhere are never divided by."
        + (" QUICK SMOKE RUN: small inputs, not for comparison." if _harness.QUICK else "")
    )


def bench_modules(only: list[str]) -> list[ModuleType]:
    """The bench_*.py modules next to this file (those named in ``only``, if given), in name order."""
    modules = []
    for path in sorted(HERE.glob("bench_*.py")):
        if only and path.stem not in only and path.stem.removeprefix("bench_") not in only:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
        modules.append(module)
    return modules


def how_measured(results: dict[str, Any]) -> str:
    """The "How measured" paragraph of RESULTS.md."""
    m = results["machine"]
    flags = " ".join(FLAGS)
    quick = (
        "This was a quick smoke run (`--quick`): small inputs and few repetitions, to check that the "
        "benchmarks work; its figures are not worth comparing. "
        if results.get("quick") else ""
    )
    return (
        f"{quick}Every figure is the best of {results['repeat']} timed repetitions (`time.perf_counter`) after "
        "one untimed warm-up call, so numba's kernels are compiled or loaded from the cache before the "
        "clock starts (the rows about the first call and a fresh process time exactly that). Python-loop "
        "peers are timed on a prefix of the same seeded inputs, sized so one repetition lasts a fraction "
        "of a second, in their own pre-parsed card form; one call a hand (`evaluate()` from text or from "
        "parsed cards, and the peers' single-hand functions) is timed over passes of distinct random hands, "
        "a new set every pass and the same sets for every library, so no library sees an input twice and "
        "no cache can help. Monte Carlo against holdem-hand-evaluator is timed taking turns, one run of "
        "each at a time, so that a drift of the machine's speed weighs on both alike. "
        "Peers whose single run lasts seconds run once or "
        "twice (the row says so), and the preflop table runs once after a warm-up on a few classes "
        "(a Dask cluster's start-up not counted). Peer answers are checked against showdown's in the same "
        "run and a disagreement is written into the row. The C anchor of hand evaluation is phevaluator's "
        "C evaluator, its source downloaded from PyPI (`pip download --no-binary :all:`) when the benchmark "
        f"runs and compiled on this machine with `cc {flags}` (in `benchmarks/.anchor/`, never committed), "
        "called through ctypes on one thread over the very array `evaluate_many` gets, and over every "
        "7-card hand for the census; without a C compiler or the download its rows say so and have no "
        "ratio. Every ratio divides two figures measured in this run on this machine. A peer figure marked "
        f"\"{REFERENCE}\" was measured outside this run (on this machine, or quoted from elsewhere, as its "
        "note says) and is not re-measured: it is shown for orientation, never divided by (no ratio), and "
        "the plots draw it as a dashed line, never as a bar; \"the target\" is the project's goal, shown "
        "the same way. `n_jobs` sets the number of threads a call uses. The machine "
        f"({m['cpu']}, {m['cores']} cores, named above and in each plot's caption) may be shared with other "
        f"work, so figures move from run to run{_load_text(results)}. Whole run: {results['elapsed_s']:.0f} s."
    )


def load_average() -> Optional[float]:
    """The 1-minute load average (None where the system has none)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _load_text(results: dict[str, Any]) -> str:
    load = results.get("load_average") or {}
    if load.get("start") is None or load.get("end") is None:
        return ""
    cores = results["machine"]["cores"]
    busy = max(load["start"], load["end"]) > 1.2 * cores
    return (
        f": the 1-minute load average was {load['start']:.1f} at the start of this run and {load['end']:.1f} "
        f"at its end, on {cores} cores"
        + (" (other work was competing for the cores: the figures, the threaded ones most, are lower than on "
           "a quiet machine)" if busy else "")
    )


def page(results: dict[str, Any], charts: list[dict[str, str]], plots_link: str) -> str:
    """RESULTS.md: the machine, how the figures are measured, the plots, the table."""
    lines = [
        "# Benchmark results",
        "",
        machine_line(results["machine"]),
        "",
        "Written by `make bench` (`benchmarks/run_all.py`); the raw figures are in `benchmarks/results.json`, "
        "the plots are drawn from them by `benchmarks/plots.py` (matplotlib).",
        "",
        "## How measured",
        "",
        how_measured(results),
        "",
    ]
    peers = [chart for chart in charts if chart["kind"] == "peers"]
    if peers:
        lines += ["## Speed against peers", "", PEERS_INTRO, ""]
        for chart in peers:
            title = chart["title"][0].upper() + chart["title"][1:]
            lines += [f"**{title}**", "", f"![Speed against peers: {chart['title']}]({plots_link}/{chart['file']})", ""]
    for chart in charts:
        if chart["kind"] != "peers":
            intro = THREADS_INTRO if chart["kind"] == "threads" else DASK_INTRO
            lines += [f"## {chart['title']}", "", intro, "", f"![{chart['title']}]({plots_link}/{chart['file']})", ""]
    lines += ["## All figures", "", format_table(results["rows"]), "", RATIO_NOTE, ""]
    return "\n".join(lines)


def results_record(
    rows: list[dict[str, Any]], elapsed: float, modules: list[str], load_start: Optional[float] = None
) -> dict[str, Any]:
    """What results.json holds: the machine, how the figures were taken and every row."""
    info = machine()
    return {
        "machine": info,
        "load_average": {"start": load_start, "end": load_average()},
        "machine_line": machine_line(info),
        "how_short": how_short(),
        "repeat": _harness.REPEAT,
        "quick": _harness.QUICK,
        "timer": "time.perf_counter",
        "elapsed_s": elapsed,
        "modules": modules,
        "fields": {
            "name": "the benchmark (what showdown ran)",
            "showdown": "showdown's figure, in unit",
            "unit": "the unit of both figures: a rate (…/s, higher is faster) or a time (lower is faster)",
            "peer": "what the figure is compared with",
            "peer_figure": "the peer's figure, in unit (null: none)",
            "peer_kind": "measured (in this run), reference (measured elsewhere, not run) or target",
            "peer_measured": "peer_kind == 'measured' (null: no peer figure)",
            "peer_showdown": "the peer is showdown itself (another function or setting)",
            "ratio": "showdown / peer_figure, only when peer_kind is measured (null otherwise)",
            "note": "why a figure is missing, where it comes from, or a disagreement",
            "group": "the chart of speed against peers the row belongs to",
            "series": "the scaling series the row is a point of (with threads or workers)",
            "threads": "threads (n_jobs) of a scaling point",
            "workers": "Dask LocalCluster worker processes of a scaling point",
            "module": "the bench_*.py module that measured the row",
        },
        "rows": rows,
    }


def write_outputs(
    results: dict[str, Any], output: Path, json_path: Optional[Path], plots_dir: Optional[Path]
) -> None:
    """results.json (unless ``json_path`` is None), the plots (unless ``plots_dir`` is None) and the page."""
    if json_path is not None:
        json_path.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"[run_all] wrote {json_path}", file=sys.stderr)
    charts: list[dict[str, str]] = []
    link = "plots"
    if plots_dir is not None:
        try:
            import plots
        except ImportError as error:  # matplotlib missing: the page goes without plots
            print(f"[run_all] no plots: {error}", file=sys.stderr)
        else:
            started = time.perf_counter()
            charts = plots.draw_all(results, plots_dir)
            link = Path(os.path.relpath(plots_dir.resolve(), output.resolve().parent)).as_posix()
            print(f"[run_all] drew {len(charts)} plots into {plots_dir} ({time.perf_counter() - started:.1f} s)",
                  file=sys.stderr)
    output.write_text(page(results, charts, link), encoding="utf-8")
    print(f"[run_all] wrote {output}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, help="also write the table (with a machine header) here")
    parser.add_argument("--only", nargs="*", default=[], help="run only these modules (e.g. evaluate)")
    parser.add_argument("--json", type=Path, help="the raw figures (default: results.json next to --output)")
    parser.add_argument("--plots", type=Path, help="the folder of the plots (default: plots/ next to --output)")
    parser.add_argument("--no-plots", action="store_true", help="draw no plots")
    parser.add_argument("--from-json", type=Path, help="measure nothing: rewrite --output and the plots from this")
    parser.add_argument("--quick", action="store_true",
                        help=f"a smoke run: small inputs, few repetitions (also {_harness.QUICK_ENV}=1)")
    args = parser.parse_args(argv)
    if args.quick and not _harness.QUICK:
        os.environ[_harness.QUICK_ENV] = "1"
        importlib.reload(_harness)  # before the bench modules import their sizes from it
    json_path = args.json or (args.output.parent / "results.json" if args.output else None)
    plots_dir = None if args.no_plots else args.plots or (args.output.parent / "plots" if args.output else None)

    if args.from_json:
        if not args.output:
            parser.error("--from-json needs --output")
        results = json.loads(args.from_json.read_text(encoding="utf-8"))
        same_run_ratios(results["rows"])  # an older file may hold a ratio to a reference
        same = json_path is not None and json_path.resolve() == args.from_json.resolve()
        write_outputs(results, args.output, None if same else json_path, plots_dir)
        return 0

    load_start = load_average()
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    names: list[str] = []
    for module in bench_modules(args.only):
        if not hasattr(module, "run"):
            print(f"[run_all] {module.__name__}: no run(), skipped", file=sys.stderr)
            continue
        print(f"[run_all] {module.__name__}", file=sys.stderr, flush=True)
        names.append(module.__name__)
        module_rows = module.run()
        for r in module_rows:
            r.setdefault("module", module.__name__)
        rows.extend(module_rows)
    elapsed = time.perf_counter() - started
    check_rows(rows)

    print(format_table(rows))
    print()
    print(RATIO_NOTE)
    print(f"(whole run: {elapsed:.0f} s)", file=sys.stderr)

    results = results_record(rows, elapsed, names, load_start)
    if args.output:
        write_outputs(results, args.output, json_path, plots_dir)
    elif json_path is not None:
        json_path.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
