"""Run every ``benchmarks/bench_*.py`` module's ``run()`` and print one markdown table.

    .venv/bin/python benchmarks/run_all.py [--output benchmarks/RESULTS.md] [--only NAME ...]

With ``--output`` the table is also written to a file, under a header naming the machine (CPU
model, cores, Python / numba / numpy versions, date). ``make bench`` writes
``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _harness import RATIO_NOTE, REPEAT, format_table, machine_info  # noqa: E402


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, help="also write the table (with a machine header) here")
    parser.add_argument("--only", nargs="*", default=[], help="run only these modules (e.g. evaluate)")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for module in bench_modules(args.only):
        if not hasattr(module, "run"):
            print(f"[run_all] {module.__name__}: no run(), skipped", file=sys.stderr)
            continue
        print(f"[run_all] {module.__name__}", file=sys.stderr, flush=True)
        rows.extend(module.run())
    elapsed = time.perf_counter() - started

    table = format_table(rows)
    print(table)
    print()
    print(RATIO_NOTE)
    print(f"(whole run: {elapsed:.0f} s)", file=sys.stderr)

    if args.output:
        text = "\n".join(
            [
                "# Benchmark results",
                "",
                machine_info(),
                "",
                f"Each figure is the best of {REPEAT} repetitions after a warm-up call "
                f"(time.perf_counter); whole run {elapsed:.0f} s. Written by `make bench` "
                "(`benchmarks/run_all.py`).",
                "",
                table,
                "",
                RATIO_NOTE,
                "",
            ]
        )
        args.output.write_text(text, encoding="utf-8")
        print(f"[run_all] wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
