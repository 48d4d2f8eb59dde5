"""Shared helpers for the benchmarks: timing, result rows, the markdown table, the machine.

A row is a dict with the keys ``name``, ``showdown``, ``unit``, ``peer``, ``peer_figure`` and
``ratio`` (``showdown / peer_figure``), plus an optional ``note`` shown in place of a missing
peer figure (``'not installed'``, ``'reference, not run'``, ...).
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

REPEAT = 5
"""Every figure is the best of this many timed repetitions, after one warm-up call."""

RATIO_NOTE = (
    "ratio = showdown figure / peer figure: for rates (/s) above 1 means showdown is faster, "
    "for times (s) below 1 means showdown is faster."
)


def best_of(fn: Callable[[], Any], repeat: int = REPEAT, warmup: bool = True) -> float:
    """The fastest of ``repeat`` timed calls of ``fn`` (seconds), after one untimed call."""
    if warmup:
        fn()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
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


def row(
    name: str,
    showdown: Optional[float],
    unit: str,
    peer: str = "",
    peer_figure: Optional[float] = None,
    note: str = "",
) -> dict[str, Any]:
    """A result row; ``ratio`` is ``showdown / peer_figure`` when both are known."""
    ratio = showdown / peer_figure if showdown is not None and peer_figure else None
    return {
        "name": name,
        "showdown": showdown,
        "unit": unit,
        "peer": peer,
        "peer_figure": peer_figure,
        "ratio": ratio,
        "note": note,
    }


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
    """The rows as a markdown table: benchmark | showdown | peer | peer figure | ratio."""
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


def machine_info() -> str:
    """One line naming the machine and the software the figures were measured with."""

    def version(module: str) -> str:
        try:
            return str(__import__(module).__version__)
        except Exception:  # noqa: BLE001 - a missing module is reported, not raised
            return "not installed"

    return (
        f"Machine: {cpu_model()} ({platform.machine()}), {os.cpu_count()} cores, {platform.system()}; "
        f"Python {platform.python_version()}, numba {version('numba')}, numpy {version('numpy')}; "
        f"{datetime.datetime.now().astimezone().strftime('%Y-%m-%d %H:%M %Z')}"
    )


def python() -> str:
    """The interpreter to run subprocess benchmarks with: this one."""
    return sys.executable
