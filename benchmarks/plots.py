"""The benchmark plots, drawn with matplotlib (Agg backend, no display) from ``results.json``.

    .venv/bin/python benchmarks/plots.py [--results benchmarks/results.json] [--out benchmarks/plots]

``make bench`` (``run_all.py``) measures, writes ``benchmarks/results.json`` and calls
``draw_all``; running this file alone redraws the plots from the last ``results.json`` without
measuring anything. The charts:

- ``peers-<group>.png``: speed against peers, one chart a group of benchmarks (``group`` in the
  rows), one panel a benchmark with at least one peer measured in the same run. Bars on a log
  scale, showdown highlighted; only figures measured in this run are bars with a factor, figures
  quoted from elsewhere ("reference, not run") are dashed lines named in the legend, never
  divided by.
- ``threads.png``: showdown's throughput against ``n_jobs`` (the rows with ``series`` and
  ``threads``), one panel a series, with the ideal (linear) scaling from one thread.
- ``dask-workers.png``: the Dask-parallel job's time against the LocalCluster's worker processes
  (rows with ``workers``), with the same job in this process as a reference line.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Optional

HERE = Path(__file__).resolve().parent
DEFAULT_RESULTS = HERE / "results.json"
DEFAULT_OUT = HERE / "plots"

DPI = 110
SHOWDOWN_COLOR = "#d9480f"
SHOWDOWN_SELF_COLOR = "#f4a582"  # showdown itself in another configuration, as a peer
PEER_COLOR = "#4c72b0"
REFERENCE_COLORS = ("#555555", "#2a9d8f", "#8e44ad", "#b8860b")
IDEAL_COLOR = "#888888"
LABEL_GAP = 4  # points between a bar's end and its figure

GROUPS: dict[str, str] = {
    "evaluate-many": "hold'em hand evaluation in bulk, one thread",
    "census": "every 7-card hand, census(7) against the compiled C anchor, one thread",
    "evaluate-call": "one hand a call, evaluate() and the peers' single-hand functions, distinct hands",
    "exact-equity": "exact hold'em equity, one thread",
    "monte-carlo": "Monte Carlo hold'em equity, one core",
    "games-evaluate": "Omaha, Omaha hi-lo and short deck in bulk, one thread",
    "games-equity": "Omaha equity, exact and Monte Carlo, one thread",
    "study": "board study (combo equities, next card), one thread",
    "import": "import time, a fresh interpreter importing the library",
}
"""Chart titles of the groups, in the order the charts are listed; other groups follow."""

PLOT_FILES = ("peers-*.png", "threads.png", "dask-workers.png")
"""The files ``draw_all`` writes (and removes first, so the folder holds one run's plots)."""


# --- reading -----------------------------------------------------------------------------------


def load(path: Path = DEFAULT_RESULTS) -> dict[str, Any]:
    import json

    return json.loads(Path(path).read_text(encoding="utf-8"))


def is_rate(unit: str) -> bool:
    """A throughput (higher is faster) rather than a time (lower is faster)."""
    return unit.endswith("/s")


def seconds_per(unit: str) -> float:
    """Seconds in one ``unit`` of time."""
    return {"s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9}.get(unit, 1.0)


def plain(text: str) -> str:
    """Markdown code marks dropped."""
    return text.replace("`", "")


def _collapse_arguments(text: str, longest: int = 28) -> str:
    """Argument lists longer than ``longest`` characters inside code marks shortened to ``(...)``."""

    def shorten(code: str) -> str:
        out = ""
        depth = 0
        opened = 0
        for ch in code:
            if ch == "(":
                if depth == 0:
                    opened = len(out) + 1
                depth += 1
            elif ch == ")" and depth:
                depth -= 1
                if depth == 0 and len(out) - opened > longest:
                    out = out[:opened] + "..."
            out += ch
        return out

    return re.sub(r"`([^`]*)`", lambda m: "`" + shorten(m.group(1)) + "`", text)


def peer_label(peer: str, width: int = 44) -> str:
    """A peer's name for a bar: argument lists shortened, wrapped to ``width`` characters."""
    return "\n".join(textwrap.wrap(plain(_collapse_arguments(peer)), width)) or "peer"


def wrap(text: str, width: int) -> str:
    return "\n".join(textwrap.wrap(plain(text), width))


def figure_text(value: float, unit: str) -> str:
    """A figure with three significant digits at most and its unit."""
    if value >= 1000:
        text = f"{value:,.0f}"
    elif value >= 100:
        text = f"{value:.0f}"
    elif value >= 10:
        text = f"{value:.1f}"
    elif value >= 1:
        text = f"{value:.2f}"
    else:
        text = f"{value:.3g}"
    return f"{text} {unit}".strip()


def factor_text(factor: float) -> str:
    if factor >= 100:
        return f"{factor:,.0f}"
    if factor >= 10:
        return f"{factor:.0f}"
    return f"{factor:.2f}".rstrip("0").rstrip(".")


def _caption(results: dict[str, Any]) -> str:
    line = results.get("machine_line", "")
    how = results.get("how_short", "")
    return "\n".join(part for part in (line, how) if part)


def _rows(results: dict[str, Any]) -> list[dict[str, Any]]:
    return list(results.get("rows", []))


def _frame(width: float, body: float, title: str, results: dict[str, Any], key: Optional[list[Any]] = None) -> Any:
    """A figure ``width`` x (``body`` + header + footer) inches: the title (and a colour key) on
    top, the machine in a small caption at the bottom; returns the subfigure to draw in."""
    import matplotlib.pyplot as plt

    lines = textwrap.wrap(title, int(width * 8.5))
    header = 0.3 + 0.27 * len(lines) + (0.3 if key else 0)
    caption = "\n".join(wrap(line, int(width * 17)) for line in _caption(results).splitlines())
    footer = 0.15 + 0.13 * (caption.count("\n") + 1)
    fig = plt.figure(figsize=(width, body + header + footer), layout="constrained")
    top, middle, bottom = fig.subfigures(3, 1, height_ratios=[header, body, footer])
    top.text(0.5, 1 - 0.2 / header, "\n".join(lines), ha="center", va="top", fontsize=12, fontweight="bold")
    if key:
        top.legend(handles=key, loc="lower center", fontsize=8, ncol=len(key), frameon=False,
                   bbox_to_anchor=(0.5, 0.0))
    bottom.text(0.01, 0.5, caption, ha="left", va="center", fontsize=7, color="#555555")
    return middle


# --- speed against peers -----------------------------------------------------------------------


def peer_panels(rows: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """group -> panels; a panel is ``{"name", "unit", "showdown", "bars", "references"}`` for each
    benchmark (row name) with a showdown figure and at least one peer measured in this run."""
    by_name: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows:
        if r.get("workers") is not None:
            continue  # the Dask rows have a chart of their own
        by_name.setdefault((r.get("group") or "other", r["name"]), []).append(r)
    groups: dict[str, list[dict[str, Any]]] = {}
    for (group, name), members in by_name.items():
        ours = next((m["showdown"] for m in members if m.get("showdown")), None)
        measured = [m for m in members if m.get("peer_kind") == "measured" and m.get("peer_figure")]
        if ours is None or not measured:
            continue
        references = [m for m in members if m.get("peer_kind") in ("reference", "target") and m.get("peer_figure")]
        groups.setdefault(group, []).append(
            {
                "name": name,
                "unit": members[0]["unit"],
                "showdown": ours,
                "bars": measured,
                "references": references,
            }
        )
    return groups


def _ordered_groups(groups: dict[str, Any]) -> list[str]:
    known = [g for g in GROUPS if g in groups]
    return known + sorted(g for g in groups if g not in GROUPS)


def _own(r: dict[str, Any]) -> bool:
    """A peer figure that is showdown's own, another function or setting."""
    return bool(r.get("peer_showdown", r["peer"].startswith("showdown")))


def _speed_up(ours: float, theirs: float, unit: str) -> float:
    """How many times faster showdown is than a peer (below 1: slower)."""
    return ours / theirs if is_rate(unit) else theirs / ours


def _log_axis(ax: Any) -> None:
    """A log x axis labelled with plain numbers at the powers of ten."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    ax.set_xscale("log")
    ax.xaxis.set_major_locator(LogLocator(base=10, numticks=30))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _pos: f"{x:,.0f}" if x >= 1 else f"{x:g}"))
    ax.xaxis.set_minor_formatter(NullFormatter())


def _fit_right(fig: Any, panels: list[tuple[Any, list[Any], float, float]]) -> None:
    """Sets the right end of each panel's log x axis so every figure written after a bar ends
    inside; ``panels``: (axes, texts, left end, largest value)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    gap = LABEL_GAP * fig.dpi / 72
    for ax, texts, left, high in panels:
        width = ax.get_window_extent(renderer).width
        decades = math.log10(high / left) + 0.15
        for text in texts:
            start = math.log10(text.xy[0] / left)
            share = min((text.get_window_extent(renderer).width + gap) / width + 0.02, 0.85)
            decades = max(decades, start / (1 - share))
        ax.set_xlim(left, left * 10**decades)


def draw_peers(group: str, panels: list[dict[str, Any]], results: dict[str, Any], path: Path) -> None:
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.transforms import ScaledTranslation

    heights = [0.42 * (len(p["bars"]) + 1) + 0.3 for p in panels]
    extras = [0.85 + (0.2 * len(p["references"]) + 0.15 if p["references"] else 0) for p in panels]
    key = [
        Patch(color=SHOWDOWN_COLOR, label="showdown"),
        Patch(color=PEER_COLOR, label="peer, measured in this run"),
    ]
    if any(_own(r) for p in panels for r in p["bars"]):
        key.append(Patch(color=SHOWDOWN_SELF_COLOR, label="showdown, another function or setting (same run)"))
    if any(p["references"] for p in panels):
        key.append(Line2D([], [], color=REFERENCE_COLORS[0], linestyle="--",
                          label="reference from elsewhere, not run (no bar, no factor)"))
    fig = _frame(10, sum(heights) + sum(extras), f"Speed against peers: {GROUPS.get(group, group)}", results, key)
    axes = fig.subplots(
        len(panels), 1, gridspec_kw={"height_ratios": [h + e for h, e in zip(heights, extras, strict=True)]},
        squeeze=False,
    )
    fitting: list[tuple[Any, list[Any], float, float]] = []
    for ax, panel in zip(axes[:, 0], panels, strict=True):
        unit = panel["unit"]
        rate = is_rate(unit)
        ours = panel["showdown"]
        bars = [("showdown", ours, SHOWDOWN_COLOR, None)]
        for r in panel["bars"]:
            color = SHOWDOWN_SELF_COLOR if _own(r) else PEER_COLOR
            bars.append((peer_label(r["peer"]), r["peer_figure"], color, _speed_up(ours, r["peer_figure"], unit)))
        bars.sort(key=lambda bar: -bar[1] if rate else bar[1])  # the fastest on top
        values = [bar[1] for bar in bars] + [r["peer_figure"] for r in panel["references"]]
        low, high = min(values), max(values)
        left = 10 ** min(math.floor(math.log10(low / 1.5)), math.floor(math.log10(high)) - 2)
        y = list(range(len(bars)))[::-1]
        ax.barh(
            y,
            [bar[1] - left for bar in bars],
            left=left,
            color=[bar[2] for bar in bars],
            height=0.62,
            edgecolor=["black" if bar[0] == "showdown" else "none" for bar in bars],
            linewidth=0.8,
        )
        texts = []
        for yy, (label, value, _color, speed_up) in zip(y, bars, strict=True):
            text = figure_text(value, unit)
            if speed_up is not None:
                word = "faster" if speed_up >= 1 else "slower"
                times = speed_up if speed_up >= 1 else 1 / speed_up
                text += f"  (showdown {factor_text(times)}x {word})"
            weight = "bold" if label == "showdown" else "normal"
            texts.append(ax.annotate(text, (value, yy), xytext=(LABEL_GAP, 0), textcoords="offset points",
                                     va="center", ha="left", fontsize=8, fontweight=weight))
        ax.set_yticks(y)
        ax.set_yticklabels([bar[0] for bar in bars], fontsize=8)
        for tick, bar in zip(ax.get_yticklabels(), bars, strict=True):
            if bar[0] == "showdown":
                tick.set_fontweight("bold")
                tick.set_color(SHOWDOWN_COLOR)
        _log_axis(ax)
        ax.set_xlim(left, high * 10)
        ax.set_ylim(-0.6, len(bars) - 0.4)
        handles: list[Any] = []
        for i, r in enumerate(panel["references"]):
            color = REFERENCE_COLORS[i % len(REFERENCE_COLORS)]
            style = "--" if r["peer_kind"] == "reference" else ":"
            ax.axvline(r["peer_figure"], color=color, linestyle=style, linewidth=1.3)
            what = "reference, not run" if r["peer_kind"] == "reference" else "target"
            label = f"{plain(r['peer'])} ({what}): {figure_text(r['peer_figure'], unit)}"
            handles.append(Line2D([], [], color=color, linestyle=style, label=wrap(label, 120)))
        if handles:
            below = ax.transAxes + ScaledTranslation(0, -0.5, fig.figure.dpi_scale_trans)
            ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0, 0), bbox_transform=below, fontsize=7.5,
                      frameon=False, handlelength=3)
        direction = "longer bar = faster" if rate else "shorter bar = faster"
        what = unit if rate else f"time ({unit})"
        ax.set_xlabel(f"{what}, log scale; {direction}", fontsize=8)
        ax.tick_params(axis="x", labelsize=8)
        ax.set_title(wrap(panel["name"], 88), fontsize=9, loc="left")
        ax.grid(axis="x", which="major", color="#dddddd", linewidth=0.6)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        fitting.append((ax, texts, left, high))
    _fit_right(fig.figure, fitting)
    fig.figure.savefig(path, dpi=DPI)
    plt.close(fig.figure)


# --- scaling with threads ----------------------------------------------------------------------


def series_points(rows: Iterable[dict[str, Any]], key: str) -> dict[str, list[dict[str, Any]]]:
    """series -> its rows with ``key`` ('threads' or 'workers') set, one a count, by count."""
    out: dict[str, dict[int, dict[str, Any]]] = {}
    for r in rows:
        if r.get("series") and r.get(key) is not None and r.get("showdown"):
            out.setdefault(r["series"], {}).setdefault(int(r[key]), r)
    return {series: [points[k] for k in sorted(points)] for series, points in out.items()}


def _throughput(r: dict[str, Any]) -> tuple[float, str]:
    """A row's showdown figure as a throughput: rates as they are, times as calls per second."""
    if is_rate(r["unit"]):
        return r["showdown"], r["unit"]
    return 1.0 / (r["showdown"] * seconds_per(r["unit"])), "calls/s"


def draw_threads(series: dict[str, list[dict[str, Any]]], results: dict[str, Any], path: Path) -> None:
    import matplotlib.pyplot as plt

    names = list(series)
    ncols = min(3, len(names))
    nrows = math.ceil(len(names) / ncols)
    counts = {int(p["threads"]) for points in series.values() for p in points}
    cores = results.get("machine", {}).get("cores") or max(counts)
    title = f"Scaling with threads: showdown's throughput against n_jobs, 1 to {cores} cores"
    fig = _frame(max(4.4 * ncols, 6.5), 3.4 * nrows, title, results)
    axes = fig.subplots(nrows, ncols, squeeze=False)
    for ax, name in zip(axes.flat, names, strict=False):
        points = series[name]
        threads = [int(p["threads"]) for p in points]
        values, unit = zip(*(_throughput(p) for p in points), strict=True)
        base = values[0] if threads[0] == 1 else None
        top = max(values)
        if base is not None:
            ideal = [base * t for t in threads]
            ax.plot(threads, ideal, linestyle="--", color=IDEAL_COLOR, linewidth=1.1, label="ideal: n x 1 thread")
            top = max(top, max(ideal))
        ax.plot(threads, values, marker="o", color=SHOWDOWN_COLOR, linewidth=2, label="showdown")
        for t, v in zip(threads, values, strict=True):
            text = figure_text(v, "")
            if base is not None and t > 1:
                text += f"\n(x{v / base:.2f})"
            ax.annotate(text, (t, v), textcoords="offset points", xytext=(0, -22 if t > 1 else 8),
                        ha="center", fontsize=7.5)
        ax.set_ylim(0, top * 1.2)
        ax.set_xlim(min(threads) - 0.4, max(threads) + 0.4)
        ax.set_xticks(threads)
        ax.set_xlabel("threads (n_jobs)", fontsize=8)
        ax.set_ylabel(unit[0] if unit[0] != "calls/s" else "calls per second (1 / time)", fontsize=8)
        ax.tick_params(labelsize=8)
        ax.set_title(wrap(name, 46), fontsize=8.5)
        ax.grid(color="#e5e5e5", linewidth=0.6)
        ax.legend(fontsize=7, loc="upper left")
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    for ax in list(axes.flat)[len(names):]:
        ax.set_visible(False)
    fig.figure.savefig(path, dpi=DPI)
    plt.close(fig.figure)


# --- scaling with Dask workers -----------------------------------------------------------------


def draw_dask(
    cluster: list[dict[str, Any]], here: Optional[dict[str, Any]], title: str, results: dict[str, Any], path: Path
) -> None:
    import matplotlib.pyplot as plt

    fig = _frame(8, 4.6, f"Scaling with Dask workers: {title}", results)
    ax = fig.subplots()
    workers = [int(p["workers"]) for p in cluster]
    unit = cluster[0]["unit"]
    times = [p["showdown"] for p in cluster]
    top = max(times)
    if workers[0] == 1:
        ideal = [times[0] / w for w in workers]
        ax.plot(workers, ideal, linestyle="--", color=IDEAL_COLOR, linewidth=1.1,
                label="ideal: 1-worker time / workers")
    ax.plot(workers, times, marker="o", color=SHOWDOWN_COLOR, linewidth=2,
            label="LocalCluster, one thread a worker process")
    for w, t in zip(workers, times, strict=True):
        text = figure_text(t, unit)
        if workers[0] == 1 and w > 1:
            text += f" (x{times[0] / t:.2f})"
        ax.annotate(text, (w, t), textcoords="offset points", xytext=(0, 8), ha="center", fontsize=8)
    if here is not None:
        threads = here.get("threads")
        label = f"this process, {threads} threads: {figure_text(here['showdown'], unit)}"
        ax.axhline(here["showdown"], color="#4c72b0", linestyle=":", linewidth=1.6, label=label)
        top = max(top, here["showdown"])
    ax.set_ylim(0, top * 1.2)
    ax.set_xlim(min(workers) - 0.4, max(workers) + 0.4)
    ax.set_xticks(workers)
    ax.set_xlabel("Dask LocalCluster worker processes", fontsize=9)
    ax.set_ylabel(f"wall time ({unit}), lower is faster", fontsize=9)
    ax.tick_params(labelsize=8)
    ax.grid(color="#e5e5e5", linewidth=0.6)
    ax.legend(fontsize=8, loc="lower left")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    fig.figure.savefig(path, dpi=DPI)
    plt.close(fig.figure)


# --- all of them -------------------------------------------------------------------------------


def draw_all(results: dict[str, Any], out: Path = DEFAULT_OUT) -> list[dict[str, str]]:
    """Draw every chart the results allow into ``out``; the charts as ``{"file", "kind", "title"}``
    in order (``file`` relative to ``out``; ``kind``: 'peers', 'threads' or 'dask')."""
    import matplotlib

    matplotlib.use("Agg")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for pattern in PLOT_FILES:
        for old in out.glob(pattern):
            old.unlink()

    rows = _rows(results)
    drawn: list[dict[str, str]] = []
    groups = peer_panels(rows)
    for group in _ordered_groups(groups):
        name = f"peers-{re.sub(r'[^a-z0-9]+', '-', group.lower()).strip('-')}.png"
        draw_peers(group, groups[group], results, out / name)
        drawn.append({"file": name, "kind": "peers", "title": GROUPS.get(group, group)})

    threads = series_points(rows, "threads")
    threads = {name: points for name, points in threads.items() if len(points) > 1}
    if threads:
        draw_threads(threads, results, out / "threads.png")
        drawn.append({"file": "threads.png", "kind": "threads", "title": "Scaling with threads (n_jobs)"})

    for series, cluster in series_points(rows, "workers").items():
        here = next((r for r in rows if r.get("group") == cluster[0].get("group") and r.get("series")
                     and r.get("workers") is None and r.get("showdown")), None)
        draw_dask(cluster, here, plain(series), results, out / "dask-workers.png")
        drawn.append({"file": "dask-workers.png", "kind": "dask", "title": "Scaling with Dask workers"})
        break  # one Dask chart
    return drawn


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=DEFAULT_RESULTS, help="the results.json to draw from")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the folder for the PNG files")
    args = parser.parse_args(argv)
    if not args.results.exists():
        print(f"no {args.results}: run `make bench` (benchmarks/run_all.py --output ...) first", file=sys.stderr)
        return 1
    for chart in draw_all(load(args.results), args.out):
        print(args.out / chart["file"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
