"""Shared helpers for the benchmarks: timing, result rows, the markdown table, the machine.

A row is a dict with the keys ``name``, ``showdown``, ``unit``, ``peer``, ``peer_figure`` and
``ratio`` (``showdown / peer_figure``), plus an optional ``note`` shown in place of a missing
peer figure (``'not installed'``, ``'reference, not run'``, ...). For ``results.json`` and the
plots (``plots.py``) a row also says where its peer figure comes from (``peer_kind``: measured
in this run, a reference quoted from elsewhere, or a target), the group of benchmarks it belongs
to (``group``: one chart of speed against peers each) and, for the scaling charts, the series it
is a point of (``series``) with its thread count (``threads``) or Dask worker count
(``workers``).

A ratio divides two figures measured in the same run on the same machine, never anything else:
``row`` gives a reference or a target no ratio (the figure is shown, labelled, and the plots draw
it as a line), and ``check_rows`` refuses a row that carries one anyway.

``SHOWDOWN_BENCH_QUICK=1`` in the environment (``run_all.py --quick``) makes every benchmark a
smoke test: fewer repetitions and small inputs (``quick()``), figures not worth comparing.
"""

from __future__ import annotations

import datetime
import os
import platform
import re
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any, Optional

QUICK_ENV = "SHOWDOWN_BENCH_QUICK"
QUICK = os.environ.get(QUICK_ENV, "").strip() not in ("", "0")
"""A smoke run: small inputs and few repetitions, to prove the benchmarks work (not to compare)."""

REPEAT = 2 if QUICK else 5
"""Every figure is the best of this many timed repetitions, after one warm-up call."""

REFERENCE = "reference, not run"
"""The note of a peer figure quoted from a measurement made outside this run."""

MEASURED = "measured"
TARGET = "target"
PEER_KINDS = (MEASURED, "reference", TARGET)

RATIO_NOTE = (
    "ratio = showdown figure / peer figure, both measured in this run on this machine: for rates (/s) "
    "above 1 means showdown is faster, for times (s) below 1 means showdown is faster. A figure quoted "
    "from elsewhere (\"reference, not run\") or a target is shown for orientation and has no ratio."
)


def quick(full: Any, small: Any) -> Any:
    """``small`` in a quick smoke run (``SHOWDOWN_BENCH_QUICK``), ``full`` otherwise."""
    return small if QUICK else full


def best_of(fn: Callable[[], Any], repeat: Optional[int] = None, warmup: bool = True) -> float:
    """The fastest of ``repeat`` (default ``REPEAT``) timed calls of ``fn`` (seconds), after one
    untimed call."""
    if repeat is None:
        repeat = REPEAT
    if warmup:
        fn()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def best_of_each(*fns: Callable[[], Any], repeat: Optional[int] = None) -> list[float]:
    """The fastest of ``repeat`` (default ``REPEAT``) timed calls of each of ``fns`` (seconds),
    the functions taking turns, so that a machine whose speed drifts within a minute weighs on
    each of them alike (timing one ``repeat`` times, then the other, would not)."""
    best = [float("inf")] * len(fns)
    for _ in range(REPEAT if repeat is None else repeat):
        for k, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[k] = min(best[k], time.perf_counter() - start)
    return best


def size_for(timer: Callable[[int], float], probe: int, available: int, target_s: float) -> int:
    """How many items make one repetition last about ``target_s``: ``timer(n)`` times ``n`` items
    once; the probe run also warms the code path up."""
    probe = min(probe, available)
    elapsed = max(timer(probe), 1e-9)
    wanted = int(probe * target_s / elapsed)
    if wanted >= 10_000:
        digits = 10 ** (len(str(wanted)) - 2)
        wanted = wanted // digits * digits  # a round number: two significant digits
    return max(probe, min(available, wanted))


def thread_counts(*always: int) -> list[int]:
    """Thread counts (or worker counts) for the scaling rows: 1 to this machine's cores
    (``os.cpu_count()``, at most numba's thread count), every count up to 8, then doubling, plus
    the cores themselves; ``always`` are included whatever the machine."""
    cores = os.cpu_count() or 1
    try:
        import numba

        cores = min(cores, int(numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
    except ImportError:
        pass
    counts = set(range(1, min(cores, 8) + 1))
    step = 16
    while step < cores:
        counts.add(step)
        step *= 2
    counts.add(cores)
    counts.update(always)
    return sorted(counts)


def peer_kind(peer_figure: Optional[float], peer: str, note: str) -> Optional[str]:
    """Where a peer figure comes from: ``'measured'`` in this run, a ``'reference'`` quoted from a
    measurement made elsewhere (its note says "reference, not run"), a ``'target'`` (the project's
    goal), or None when there is no figure."""
    if peer_figure is None:
        return None
    if REFERENCE in note:
        return "reference"
    if peer.startswith("the target"):
        return TARGET
    return MEASURED


def row(
    name: str,
    showdown: Optional[float],
    unit: str,
    peer: str = "",
    peer_figure: Optional[float] = None,
    note: str = "",
    *,
    group: str = "",
    series: str = "",
    threads: Optional[int] = None,
    workers: Optional[int] = None,
    peer_showdown: Optional[bool] = None,
) -> dict[str, Any]:
    """A result row; ``ratio`` is ``showdown / peer_figure`` when both are known and the peer
    figure was measured in this run: a reference (its note says "reference, not run") or a target
    gets none, whatever the caller passes. ``peer_showdown``: the peer is showdown itself (another
    function or setting); by default when its name says so."""
    kind = peer_kind(peer_figure, peer, note)
    ratio = None
    if kind == MEASURED and showdown is not None and peer_figure:
        ratio = showdown / peer_figure
    return {
        "name": name,
        "showdown": showdown,
        "unit": unit,
        "peer": peer,
        "peer_figure": peer_figure,
        "peer_kind": kind,
        "peer_measured": None if kind is None else kind == MEASURED,
        "peer_showdown": peer.startswith("showdown") if peer_showdown is None else peer_showdown,
        "ratio": ratio,
        "note": note,
        "group": group,
        "series": series,
        "threads": threads,
        "workers": workers,
    }


def reference(
    name: str, showdown: Optional[float], unit: str, peer: str, figure: float, source: str, **options: Any
) -> dict[str, Any]:
    """A row quoting ``figure`` from a measurement made outside this run, with ``source`` saying
    where it comes from: shown and drawn as a dashed line, never divided by (no ratio)."""
    return row(name, showdown, unit, peer, figure, f"{REFERENCE}: {source}", **options)


def ratio_allowed(r: dict[str, Any]) -> bool:
    """Whether a row may carry a ratio: its peer figure was measured in this run."""
    kind = r.get("peer_kind") or peer_kind(r.get("peer_figure"), r.get("peer", ""), r.get("note", ""))
    return kind == MEASURED


def check_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` unchanged, after checking that every ratio divides two figures of this run: a
    row whose peer figure is a reference or a target, or whose ratio is not ``showdown /
    peer_figure``, raises ValueError naming it."""
    for r in rows:
        if r.get("ratio") is None:
            continue
        if not ratio_allowed(r):
            raise ValueError(f"a ratio to a figure not measured in this run ({r.get('note') or r['peer']!r}): "
                             f"{r['name']!r}")
        expected = r["showdown"] / r["peer_figure"] if r.get("showdown") is not None and r.get("peer_figure") else None
        if expected is None or abs(r["ratio"] - expected) > 1e-9 * abs(expected):
            raise ValueError(f"ratio {r['ratio']!r} is not showdown / peer figure: {r['name']!r}")
    return rows


def same_run_ratios(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` (from an older ``results.json``) with the ratio of any reference or target row
    dropped, so they pass ``check_rows``."""
    for r in rows:
        if r.get("ratio") is not None and not ratio_allowed(r):
            r["ratio"] = None
    return rows


def tagged(rows: list[dict[str, Any]], group: str) -> list[dict[str, Any]]:
    """``rows`` with ``group`` set where a row has none."""
    for r in rows:
        if not r.get("group"):
            r["group"] = group
    return rows


def point(
    r: dict[str, Any], series: str, threads: Optional[int] = None, workers: Optional[int] = None
) -> dict[str, Any]:
    """Marks ``r`` as the point of a scaling series at ``threads`` threads or ``workers`` workers."""
    r.update(series=series, threads=threads, workers=workers)
    return r


def format_figure(value: Optional[float], unit: str) -> str:
    if value is None:
        return "—"
    if value >= 100:
        text = f"{value:,.0f}"
    elif value >= 10:
        text = f"{value:.1f}"
    elif value >= 0.1:
        text = f"{value:.2f}"
    else:
        text = f"{value:.3g}"
    return f"{text} {unit}"


def format_table(rows: list[dict[str, Any]]) -> str:
    """The rows as a markdown table: benchmark | showdown | peer | peer figure | ratio (only for a
    peer figure measured in this run: ``check_rows`` first)."""
    check_rows(rows)
    lines = [
        "| benchmark | showdown | peer | peer figure | ratio (showdown / peer) |",
        "|---|---:|---|---:|---:|",
    ]
    for r in rows:
        peer_figure = format_figure(r["peer_figure"], r["unit"]) if r["peer_figure"] is not None else ""
        if r.get("note"):
            peer_figure = f"{peer_figure} ({r['note']})" if peer_figure else r["note"]
        ratio = format_figure(r["ratio"], "").strip() if r["ratio"] is not None else "—"
        lines.append(
            f"| {r['name']} | {format_figure(r['showdown'], r['unit'])} | {r['peer'] or '—'} "
            f"| {peer_figure or '—'} | {ratio} |"
        )
    return "\n".join(lines)


def cpu_model() -> str:
    """The CPU's model name: ``lscpu``, then /proc/cpuinfo, then ``platform.processor()``."""
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        match = re.search(r"^Model name:\s*(.+)$", out, re.MULTILINE)
        if match:
            return match.group(1).strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        with open("/proc/cpuinfo") as f:
            match = re.search(r"^model name\s*:\s*(.+)$", f.read(), re.MULTILINE)
            if match:
                return match.group(1).strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def _version(module: str) -> str:
    try:
        return str(__import__(module).__version__)
    except Exception:  # noqa: BLE001 - a missing module is reported, not raised
        return "not installed"


def machine() -> dict[str, Any]:
    """The machine and the software the figures are measured with, field by field."""
    return {
        "cpu": cpu_model(),
        "arch": platform.machine(),
        "cores": os.cpu_count(),
        "system": platform.system(),
        "python": platform.python_version(),
        "numba": _version("numba"),
        "numpy": _version("numpy"),
        "showdown": _version("showdown"),
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
    }


def machine_line(m: dict[str, Any]) -> str:
    """The fields of ``machine()`` as one line."""
    return (
        f"Machine: {m['cpu']} ({m['arch']}), {m['cores']} cores, {m['system']}; "
        f"Python {m['python']}, numba {m['numba']}, numpy {m['numpy']}; {m['date']}"
    )


def machine_info() -> str:
    """One line naming the machine and the software the figures were measured with."""
    return machine_line(machine())


def python() -> str:
    """The interpreter to run subprocess benchmarks with: this one."""
    return sys.executable
