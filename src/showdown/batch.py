"""Batches of equity problems: one JSON object per line in, one result per line out, in order.

Each input line holds the arguments of :func:`showdown.equity` (``players``, ``board``,
``dead``, ``exact``, ``trials``, ``seed``, ``stderr``, ``time_limit``). The output line is
``{"line": n, "input": {...}, "result": {...}}``: the line's number, its object as given, and
``EquityResult.to_dict()``, the same shape as ``showdown equity --json`` and the web API. A
Monte Carlo line without a ``seed`` gets one derived from the line's content (it is in the
result's ``seed``), so a batch gives the same numbers on every run, locally or on any cluster.
A line that cannot be answered gets ``{"line": n, "input": ..., "error": "..."}`` in its place,
and the batch goes on.

A batch is resumable: lines already written to the output are skipped on the next run (an
incomplete last line is rewritten).

>>> import json
>>> line = json.dumps({"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"})
>>> record = json.loads(solve_lines([(1, line)])[0])
>>> record["input"]["board"], record["result"]["exact"], round(record["result"]["players"][0]["equity"], 4)
('2c 7d 9h', True, 0.9162)
>>> json.loads(solve_lines([(2, '{"players": ["AcAd"]}')])[0])["error"]
'equity needs 2 to 10 players, got 1'
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Union

from showdown.errors import ShowdownError
from showdown.odds import equity
from showdown.parallel.cluster import map_in_order, split, worker_threads

__all__ = ["BatchSummary", "run_batch", "solve_lines"]

ARGUMENTS = ("players", "board", "dead", "exact", "trials", "seed", "stderr", "time_limit")
LINES_PER_PARTITION = 8


@dataclass(frozen=True)
class BatchSummary:
    """How a batch went: input lines, lines already done before this run, lines solved now,
    and how many of those are error records."""

    lines: int
    skipped: int
    solved: int
    errors: int


def _seed_for(problem: dict[str, Any]) -> int:
    digest = hashlib.sha256(json.dumps(problem, sort_keys=True).encode()).digest()
    return int.from_bytes(digest[:8], "big") & ((1 << 63) - 1)


def _solve(number: int, text: str) -> dict[str, Any]:
    try:
        problem = json.loads(text)
    except json.JSONDecodeError as error:
        return {"line": number, "input": text, "error": f"not JSON: {error.msg} at column {error.colno}"}
    if not isinstance(problem, dict):
        return {"line": number, "input": problem, "error": "a line must be a JSON object of equity() arguments"}
    unknown = sorted(set(problem) - set(ARGUMENTS))
    if unknown:
        fields = ", ".join(ARGUMENTS)
        return {"line": number, "input": problem, "error": f"unknown field {unknown[0]!r}; fields: {fields}"}
    if "players" not in problem:
        return {"line": number, "input": problem, "error": "missing field 'players'"}
    arguments = dict(problem)
    if arguments.get("seed") is None:
        arguments["seed"] = _seed_for(problem)
    try:
        result = equity(**arguments, n_jobs=worker_threads())
    except (ShowdownError, TypeError) as error:
        return {"line": number, "input": problem, "error": str(error)}
    return {"line": number, "input": problem, "result": result.to_dict()}


def solve_lines(lines: Sequence[tuple[int, str]]) -> list[str]:
    """The output lines (JSON text, no newline) of numbered input lines."""
    return [json.dumps(_solve(number, text)) for number, text in lines]


def _done_lines(path: Path) -> int:
    """Complete lines already in the output; an incomplete last line is cut off."""
    if not path.exists():
        return 0
    data = path.read_bytes()
    complete = data.rfind(b"\n") + 1
    if complete != len(data):
        with open(path, "r+b") as handle:
            handle.truncate(complete)
    return data[:complete].count(b"\n")


def run_batch(
    source: Union[str, Path],
    output: Union[str, Path],
    *,
    client: Any = None,
    lines_per_partition: int = LINES_PER_PARTITION,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> BatchSummary:
    """Solve every line of ``source`` into ``output`` (appending after the lines already there).

    ``client``: a ``dask.distributed.Client`` to spread the lines over; results are written in
    input order as soon as every earlier line is done. ``progress(done, total)`` counts lines.
    """
    source, output = Path(source), Path(output)
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise ShowdownError(f"cannot read {source}: {error.strerror}") from None
    done = _done_lines(output)
    if done > len(lines):
        raise ShowdownError(f"{output} has {done} lines but {source} only {len(lines)}: not its output")
    todo = [(number, text) for number, text in enumerate(lines, start=1)][done:]
    pieces = split(todo, max(1, -(-len(todo) // lines_per_partition))) if todo else []
    solved = errors = 0
    with open(output, "a", encoding="utf-8") as handle:
        if progress is not None:
            progress(done, len(lines))
        for records in map_in_order(solve_lines, pieces, client=client):
            for record in records:
                handle.write(record + "\n")
                solved += 1
                errors += "error" in json.loads(record)
            handle.flush()
            os.fsync(handle.fileno())
            if progress is not None:
                progress(done + solved, len(lines))
    return BatchSummary(lines=len(lines), skipped=done, solved=solved, errors=errors)
