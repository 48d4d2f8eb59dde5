"""Batches of equity problems: one JSON object per line in, one result per line out, in order.

Each input line holds the arguments of :func:`showdown.equity` (``players``, ``board``,
``dead``, ``exact``, ``trials``, ``seed``, ``stderr``, ``time_limit``): ``players`` a list of
hands or ranges as text (or an object of names and hands), ``board`` and ``dead`` text,
``exact`` true or false, ``trials`` and ``seed`` whole numbers, ``stderr`` and ``time_limit``
finite numbers; ``null`` means "not given". The output line is ``{"line": n, "input": {...},
"result": {...}}``: the line's number, its object as given, and ``EquityResult.to_dict()``, the
same shape as ``showdown equity --json`` and the web API. A Monte Carlo line without a ``seed``
gets one derived from the line's content (it is in the result's ``seed``), so a batch gives the
same numbers on every run, locally or on any cluster. A line that cannot be answered (not JSON,
not UTF-8, a bad field, an exact run over the caller's cost limit) gets ``{"line": n, "input":
..., "error": "..."}`` in its place, and the batch goes on. Every output line is strict JSON
(numbers that are not finite are written as ``null``).

A line is what ends in a newline (``\\n``; a ``\\r`` before it is dropped), so line numbers are
those of ``wc -l`` and of editors, whatever characters the lines hold.

A batch is resumable: lines already written to the output are skipped on the next run (an
incomplete last line is rewritten), once the last of them is checked to be the record of its
input line. An output that is not a regular file (a pipe, ``/dev/stdout``) is only written to.
Ctrl-C stops a batch between two partitions of lines; what was written stays, for the rerun.

>>> import json
>>> line = json.dumps({"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"})
>>> record = json.loads(solve_lines([(1, line)])[0])
>>> record["input"]["board"], record["result"]["exact"], round(record["result"]["players"][0]["equity"], 4)
('2c 7d 9h', True, 0.9162)
>>> json.loads(solve_lines([(2, '{"players": ["AcAd"]}')])[0])["error"]
'equity needs 2 to 10 players, got 1'
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Optional, Union

from showdown.errors import Cancelled, EquityError, FileError, ShowdownError
from showdown.files import given_path, open_output, os_problem, parse_json, quoted, read_data
from showdown.odds import equity
from showdown.parallel.cluster import check_client, map_in_order, split, worker_threads
from showdown.parallel.interruption import interruptible
from showdown.quantities import callback, real_number, shown, whole_number

__all__ = ["BatchSummary", "MAX_BATCH_BYTES", "run_batch", "solve_lines"]

ARGUMENTS = ("players", "board", "dead", "exact", "trials", "seed", "stderr", "time_limit", "game")
LINES_PER_PARTITION = 8
MAX_BATCH_BYTES = 256 << 20
"""A batch file is at most this many bytes long (256 MiB): split a larger one."""

Line = Union[str, bytes]


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


def _read_line(line: Line) -> tuple[Any, Optional[str]]:
    """A line's ``input`` (its JSON value, or its text when it is not JSON) and what is wrong
    with it before any equity is asked (None: nothing yet)."""
    if isinstance(line, bytes):
        data = line
        try:
            line = data.decode("utf-8")
        except UnicodeDecodeError as undecodable:
            at = undecodable.start
            return (data.decode("utf-8", "backslashreplace"),
                    f"the line is not UTF-8 text (byte 0x{data[at]:02x} at column {at + 1})")
    if not line.strip():
        return line, "the line is empty: each line must be a JSON object of equity() arguments"
    try:
        problem = parse_json(line, "the line")
    except ShowdownError as error:
        return line, str(error)
    if not isinstance(problem, dict):
        return problem, "a line must be a JSON object of equity() arguments"
    unknown = sorted(set(problem) - set(ARGUMENTS))
    if unknown:
        return problem, f"unknown field {shown(unknown[0])}; fields: {', '.join(ARGUMENTS)}"
    if problem.get("players") is None:
        return problem, "missing field 'players'"
    return problem, None


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise EquityError(f"{name} must be text such as \"AcAd\" or \"2c 7d 9h\", got {shown(value)}")
    return value


def _arguments(problem: dict[str, Any]) -> dict[str, Any]:
    """The ``equity()`` keyword arguments of a line's object, each checked to be of its JSON
    type (so that no value is taken for something else, such as a number for a card id)."""
    arguments = {key: value for key, value in problem.items() if value is not None}
    players = arguments["players"]
    if isinstance(players, list):
        arguments["players"] = [_text(hand, f"player {index + 1}") for index, hand in enumerate(players)]
    elif isinstance(players, dict):
        arguments["players"] = {name: _text(hand, f"player {shown(name)}") for name, hand in players.items()}
    else:
        raise EquityError(f"players must be a list of hands or ranges, e.g. [\"AcAd\", \"QQ+,AKs\"], got "
                          f"{shown(players)}")
    for key in ("board", "dead"):
        if key in arguments:
            _text(arguments[key], key)
    if "game" in arguments and not isinstance(arguments["game"], str):
        raise EquityError(f"game must be the name of a game such as \"omaha\", got {shown(arguments['game'])}")
    if "exact" in arguments and not isinstance(arguments["exact"], bool):
        raise EquityError(f"exact must be true, false or null, got {shown(arguments['exact'])}")
    for key in ("trials", "seed"):
        if key in arguments:
            whole_number(arguments[key], key, error=EquityError)
    for key in ("stderr", "time_limit"):
        if key in arguments:
            real_number(arguments[key], key, positive=True, error=EquityError)
    return arguments


def _solve(number: int, line: Line, max_evaluations: Optional[int]) -> dict[str, Any]:
    problem, failure = _read_line(line)
    if failure is not None:
        return {"line": number, "input": problem, "error": failure}
    try:
        arguments = _arguments(problem)
        if arguments.get("seed") is None and not arguments.get("exact"):  # a seed, should the line sample
            arguments["seed"] = _seed_for(problem)
        result = equity(**arguments, n_jobs=worker_threads(), max_evaluations=max_evaluations)
    except Cancelled:
        raise
    except ShowdownError as error:
        return {"line": number, "input": problem, "error": str(error)}
    return {"line": number, "input": problem, "result": result.to_dict()}


def _finite(value: Any) -> Any:
    """``value`` with every float that is not finite replaced by None (JSON has no NaN)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value


def solve_lines(lines: Sequence[tuple[int, Line]], max_evaluations: Optional[int] = None) -> list[str]:
    """The output lines (JSON text, no newline) of numbered input lines (text, or bytes that
    should be UTF-8). ``max_evaluations``: a line asking ``"exact": true`` whose enumeration
    would take more hand evaluations than this gets an error record instead (None: no limit)."""
    return [json.dumps(_finite(_solve(number, line, max_evaluations)), allow_nan=False) for number, line in lines]


def _split_lines(data: bytes) -> list[bytes]:
    """The lines of a file: what ends in ``\\n`` (and a last line without it), a ``\\r`` before
    the ``\\n`` dropped; a UTF-8 byte order mark at the start dropped."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data:
        return []
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return [line[:-1] if line.endswith(b"\r") else line for line in lines]


def _scan_output(handle: IO[bytes]) -> tuple[int, int, int, int]:
    """(complete lines, size, offset of the last newline, offset of the one before), -1 for none."""
    count = size = 0
    last = before = -1
    while True:
        block = handle.read(1 << 20)
        if not block:
            return count, size, last, before
        newlines = block.count(b"\n")
        if newlines:
            end = block.rfind(b"\n")
            before = size + block.rfind(b"\n", 0, end) if newlines > 1 else last
            last = size + end
            count += newlines
        size += len(block)


def _resume_point(source: Path, output: Path, lines: list[bytes]) -> tuple[int, bool]:
    """How many lines of ``source`` the ``output`` already holds (an incomplete last line is cut
    off), and whether the output is a regular file (only those are read back and synced)."""
    name = f"batch output {quoted(output)}"
    try:
        mode = os.stat(output).st_mode
    except FileNotFoundError:
        return 0, True
    except OSError as problem:
        raise FileError(f"cannot read {name}: {os_problem(problem)}") from None
    if stat.S_ISDIR(mode):
        raise FileError(f"cannot write {name}: it is a directory")
    if not stat.S_ISREG(mode):
        return 0, False  # a pipe or a device: written to, never read back
    if os.path.samefile(source, output):
        raise FileError(f"the {name} is the batch file itself; give another output file")
    try:
        with open(output, "r+b") as handle:
            done, size, last, before = _scan_output(handle)
            if last + 1 != size:
                handle.truncate(last + 1)
            tail = b""
            if done:
                handle.seek(before + 1)
                tail = handle.read(last - before - 1)
    except OSError as problem:
        raise FileError(f"cannot read {name}: {os_problem(problem)}") from None
    if done > len(lines):
        raise FileError(f"{output} has {done} lines but {source} only {len(lines)}: not its output")
    if done and not _is_record_of(tail, done, lines[done - 1]):
        raise FileError(f"{output} is not the output of {source}: its line {done} is not the record of line {done};"
                        " give another output file")
    return done, True


def _is_record_of(text: bytes, number: int, line: bytes) -> bool:
    try:
        record = json.loads(text)
    except ValueError:
        return False
    return isinstance(record, dict) and record.get("line") == number and record.get("input") == _read_line(line)[0]


def _write(handle: IO[str], records: list[str], name: str, regular: bool) -> None:
    try:
        handle.write("".join(record + "\n" for record in records))
        handle.flush()
        if regular:
            os.fsync(handle.fileno())
    except OSError as problem:
        raise FileError(f"cannot write {name}: {os_problem(problem)}") from None


def run_batch(
    source: Union[str, Path],
    output: Union[str, Path],
    *,
    client: Any = None,
    lines_per_partition: int = LINES_PER_PARTITION,
    progress: Optional[Callable[[int, int], Any]] = None,
    max_evaluations: Optional[int] = None,
) -> BatchSummary:
    """Solve every line of ``source`` into ``output`` (appending after the lines already there).

    ``client``: a ``dask.distributed.Client`` to spread the lines over; results are written in
    input order as soon as every earlier line is done. ``progress(done, total)`` counts lines.
    ``max_evaluations``: the most hand evaluations a line asking for exact enumeration may
    take (None: no limit). Files that cannot be read or written raise ``FileError`` before any
    line is solved (a full disk: when it is met); Ctrl-C raises ``KeyboardInterrupt`` between
    partitions, after writing every line solved before it.

    Raises:
        ShowdownError: ``lines_per_partition`` or ``max_evaluations`` is not a whole number from 1, or
            ``progress`` cannot be called.
        DistributedError: ``client`` is not a Dask client.
        FileError: ``source`` or ``output`` is not a path, ``source`` cannot be read (or is too large), or
            ``output`` is a directory, cannot be written, or is not the output of ``source``.
    """
    lines_per_partition = whole_number(lines_per_partition, "lines_per_partition", low=1)
    callback(progress)
    check_client(client)
    if max_evaluations is not None:
        max_evaluations = whole_number(max_evaluations, "max_evaluations", low=1)
    source, output = given_path(source, "batch file"), given_path(output, "batch output")
    lines = _split_lines(read_data(source, "batch file", limit=MAX_BATCH_BYTES))
    done, regular = _resume_point(source, output, lines)
    todo = list(enumerate(lines, start=1))[done:]
    partitions = split(todo, max(1, -(-len(todo) // lines_per_partition))) if todo else []
    solve = functools.partial(solve_lines, max_evaluations=max_evaluations)
    name = f"batch output {quoted(output)}"
    solved = errors = 0
    handle = open_output(output, "batch output")
    try:
        with interruptible():
            if progress is not None:
                progress(done, len(lines))
            for records in map_in_order(solve, partitions, client=client):
                _write(handle, records, name, regular)
                solved += len(records)
                errors += sum("error" in json.loads(record) for record in records)
                if progress is not None:
                    progress(done + solved, len(lines))
    finally:
        try:
            handle.close()
        except OSError:
            pass  # the write that failed has said why
    return BatchSummary(lines=len(lines), skipped=done, solved=solved, errors=errors)
