"""The command line's promise under bad input: exit status 2 and one line ``error: ...`` naming
the problem, never a traceback, a hang or a wrong answer; Ctrl-C ends any computation with
status 130 and one line; files that cannot be read or written are named before any work;
exact runs over the stated cost limit are refused before they start.

Most cases run in-process (``CliRunner``'s isolated streams around ``main``); the Ctrl-C cases
run the installed ``showdown`` in a subprocess and send it SIGINT."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

import showdown
import showdown.cli.odds
import showdown.files
from conftest import after_first_start, budget, require
from showdown import EquityCancelled
from showdown.cli import main
from showdown.cli.progress import equity_bar

SHOWDOWN = Path(sys.executable).parent / "showdown"
RUNNER = CliRunner()
CHEAP_HOLD = ["vp", "hold", "2c 7d 9h Js 4s"]


@dataclass
class Ran:
    code: int
    out: str
    err: str


def run(*args: str, input: str | None = None) -> Ran:
    """``showdown ARGS`` in this process, with its own stdin, stdout and stderr."""
    with RUNNER.isolation(input=input) as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
        sys.stdout.flush()
        sys.stderr.flush()
    return Ran(code, out.getvalue().decode("utf-8", "replace"),
               after_first_start(err.getvalue().decode("utf-8", "replace")))


def refused(ran: Ran, *fragments: str) -> str:
    """Assert a bad input's answer: status 2, one line on stderr starting ``error:`` that holds
    each fragment, nothing on stdout. Returns the line."""
    lines = ran.err.splitlines()
    assert ran.code == 2, ran
    assert len(lines) == 1 and lines[0].startswith("error: "), ran.err
    assert "Traceback" not in ran.err and ran.out == "", ran
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def answered_or_refused(ran: Ran) -> None:
    """Either an answer (status 0, nothing on stderr) or a one-line refusal."""
    if ran.code == 0:
        assert ran.err == "" and ran.out, ran
    else:
        refused(ran)


def not_called(*args, **kwargs):
    raise AssertionError("the computation started although the input was bad")


# --- Ctrl-C -------------------------------------------------------------------------------------


def _threads(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("Threads:"))


def interrupt(args: list[str], cwd: Path, settle: float = 0.5) -> subprocess.CompletedProcess:
    """Run ``showdown ARGS``, wait until it computes (numba's worker thread has started), send
    SIGINT, and return how it ended (within 30 seconds)."""
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}  # so a new thread is numba's
    process = subprocess.Popen([str(SHOWDOWN), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=cwd, env=env)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and process.poll() is None and _threads(process.pid) < 2:
            time.sleep(0.02)
        assert process.poll() is None, process.communicate()
        time.sleep(settle)
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        assert time.monotonic() - started < 10, "Ctrl-C was not noticed promptly"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return subprocess.CompletedProcess(args, process.returncode, out, err)


@pytest.mark.process
@pytest.mark.parametrize(
    "args",
    [
        ["equity", "random", "random", "random", "--monte-carlo", "--trials", "10000000000"],
        ["equity", "AcAd", "random", "random", "--exact", "--board", "2c 7d 9h"],
        ["grid", "AsKs", "--opponents", "9", "--monte-carlo", "--trials", "1000000000000"],
        ["table", "preflop", "-o", "table.csv", "--no-heatmap"],
        ["study", "Ks 7h 2d", "-r", "random", "-v", "random", "-v", "random", "--trials", "10000000000"],
        ["equity", "As Ad Ks Kd", "random", "--game", "omaha", "--exact", "--board", "2c 7d 9h"],
        ["vp", "strategy", "joker-poker-kings", "--max-lines", "17"],
    ],
    ids=["equity-monte-carlo", "equity-exact", "grid", "table-preflop", "study-monte-carlo", "omaha-exact",
         "strategy-list"],
)
def test_ctrl_c_ends_a_computation_with_130_and_one_line(tmp_path, args):
    ended = interrupt(args, tmp_path)
    assert ended.returncode == 130, ended
    assert ended.stderr == "interrupted\n" and ended.stdout == "", ended
    assert not (tmp_path / "table.csv").exists()  # nothing half-written


@pytest.mark.process
def test_ctrl_c_in_a_batch_keeps_what_was_solved_and_the_rerun_finishes(tmp_path):
    quick = json.dumps({"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"})
    slow = json.dumps({"players": ["random", "random", "random"], "exact": False, "trials": 4_000_000_000_000,
                       "time_limit": 3, "seed": 1})
    lines = [quick] * 7 + [slow] + [quick] * 4  # two partitions of six lines: the slow one in the second
    (tmp_path / "spots.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ended = interrupt(["batch", "spots.jsonl", "-o", "out.jsonl"], tmp_path, settle=0.8)
    assert ended.returncode == 130 and ended.stderr == "interrupted\n", ended
    kept = (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["line"] for line in kept] == [1, 2, 3, 4, 5, 6]
    again = run("batch", str(tmp_path / "spots.jsonl"), "-o", str(tmp_path / "out.jsonl"))
    assert again.code == 0 and "6 already done, 6 solved now (0 errors)" in again.out, again
    records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [record["line"] for record in records] == list(range(1, 13))
    assert [record["input"] for record in records] == [json.loads(line) for line in lines]
    assert records[7]["result"]["stopped_by"] == "time_limit"


@pytest.mark.process
@pytest.mark.dist
def test_ctrl_c_at_a_terminal_ends_a_local_cluster_batch_quietly(tmp_path):
    # A terminal's Ctrl-C goes to the whole process group, the local cluster's workers too: the
    # command still ends in seconds with its one line, and leaves no process behind.
    require("distributed")
    spot = {"players": ["AhKh", "random", "random"], "exact": False, "trials": 300_000}
    (tmp_path / "spots.jsonl").write_text("".join(json.dumps({**spot, "seed": i}) + "\n" for i in range(400)),
                                          encoding="utf-8")
    process = subprocess.Popen([str(SHOWDOWN), "batch", "spots.jsonl", "-o", "out.jsonl", "--local", "2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        out = tmp_path / "out.jsonl"
        while time.monotonic() < deadline and process.poll() is None and not (out.exists() and out.stat().st_size):
            time.sleep(0.1)
        assert process.poll() is None, process.communicate()
        started = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
        assert time.monotonic() - started < 30, "Ctrl-C was not answered promptly"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert process.returncode == 130 and err == "interrupted\n", err
    assert 0 < len(out.read_text(encoding="utf-8").splitlines()) < 400
    deadline = time.monotonic() + 10  # the workers' helper processes end as they see their parent gone
    while (left := subprocess.run(["ps", "-o", "pid=,args=", "-s", str(process.pid)], capture_output=True,
                                  text=True).stdout.strip()) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert left == "", f"processes left in the session: {left}"


# Ctrl-C while the command is still importing: a sitecustomize sends the process SIGINT as it
# starts importing one module (of showdown, of numpy, of the command line's typer).
_INTERRUPT_ON_IMPORT = """
import importlib.abc, os, signal, sys

class Interrupt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == os.environ["SHOWDOWN_TEST_INTERRUPT_AT"]:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
"""


@pytest.mark.process
@pytest.mark.parametrize("module", ["showdown.batch", "numpy", "typer"])
@pytest.mark.parametrize("how", ["script", "-m"])
def test_ctrl_c_while_the_command_imports_is_one_line_and_130(tmp_path, module, how):
    (tmp_path / "sitecustomize.py").write_text(_INTERRUPT_ON_IMPORT, encoding="utf-8")
    command = [str(Path(sys.executable).with_name("showdown"))] if how == "script" else [sys.executable, "-m",
                                                                                          "showdown"]
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "SHOWDOWN_TEST_INTERRUPT_AT": module}
    ended = subprocess.run([*command, "eval", "As Ks Qs Js Ts"], capture_output=True, text=True, env=env,
                           timeout=120)
    assert (ended.returncode, ended.stderr, ended.stdout) == (130, "interrupted\n", ""), ended


@pytest.mark.process
def test_a_program_importing_showdown_keeps_its_own_ctrl_c(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(_INTERRUPT_ON_IMPORT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "SHOWDOWN_TEST_INTERRUPT_AT": "showdown.batch"}
    ended = subprocess.run([sys.executable, "-c", "import showdown"], capture_output=True, text=True, env=env,
                           timeout=120)
    assert ended.returncode == -signal.SIGINT and ended.stderr.rstrip().endswith("KeyboardInterrupt"), ended


@pytest.mark.parametrize("raised", [KeyboardInterrupt, lambda: EquityCancelled("stopped"),
                                    lambda: _system_error_from_interrupt()])
def test_every_form_of_ctrl_c_is_one_line_and_130(monkeypatch, raised):
    def stopped(*args, **kwargs):
        raise raised()

    monkeypatch.setattr(showdown.cli.odds, "equity", stopped)
    ran = run("equity", "AcAd", "KhKs", "--monte-carlo", "--trials", "100")
    assert ran.code == 130 and ran.err == "interrupted\n" and ran.out == "", ran


def _system_error_from_interrupt() -> SystemError:
    """What Ctrl-C inside a compiled kernel looks like."""
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt:
        try:
            raise SystemError("<numba dispatcher> returned a result with an exception set")
        except SystemError as error:
            return error


def test_an_interrupted_progress_bar_is_taken_down(monkeypatch):
    class Terminal:
        def isatty(self) -> bool:
            return True

        def write(self, text: str) -> int:
            return len(text)

        def flush(self) -> None:
            pass

    monkeypatch.setattr(sys, "stderr", Terminal())
    before = set(threading.enumerate())
    with pytest.raises(KeyboardInterrupt), equity_bar(1000) as progress:
        assert set(threading.enumerate()) - before and callable(progress)  # the bar's refresh thread runs
        raise KeyboardInterrupt
    deadline = time.monotonic() + 5
    while set(threading.enumerate()) - before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert set(threading.enumerate()) <= before  # the bar stopped refreshing


# --- files given to pots --file, vp --paytable, batch -------------------------------------------

HAND = {"seats": [{"name": "A", "contribution": 5}, {"name": "B", "contribution": 5, "folded": True}]}
PAYTABLE = {"name": "mine", "pays": {"royal-flush": 800, "straight-flush": 50, "four-of-a-kind": 25,
                                     "full-house": 9, "flush": 6, "straight": 4, "three-of-a-kind": 3,
                                     "two-pair": 2, "jacks-or-better": 1}}
BATCH_LINE = json.dumps({"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"})

# each kind of bad file: (bytes, or a builder taking the path) and what the message says
BAD_FILES = {
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "is not text (binary data at byte 8)"),
    "utf-16": ('{"a": 1}\n'.encode("utf-16"), "is UTF-16 text; save it as UTF-8"),
    "utf-16-no-mark": ('{"a": 1}\n'.encode("utf-16-le"), "is UTF-16 text; save it as UTF-8"),
    "utf-32": ('{"a": 1}\n'.encode("utf-32"), "is UTF-32 text; save it as UTF-8"),
    "latin-1": ('{"name": "café"}\n'.encode("latin-1"), "is not UTF-8 text (byte 0xe9 on line 1, at byte 13)"),
    "directory": (None, "it is a directory"),
    "missing": (None, "no such file or directory"),
    "too-large": (b" " * (showdown.files.MAX_FILE_BYTES + 1), "is larger than 1,048,576 bytes"),
}
JSON_PROBLEMS = {
    "nested": ("[" * 100_000, "nested deeper than 32 levels"),
    "nan": ('{"seats": NaN}', "NaN is not a number JSON allows"),
    "infinite": ('{"seats": [1e999]}', "the number 1e999 is too large"),
    "not-json": ('{"seats": [', "is not valid JSON"),
    "empty": ("", "is not valid JSON: Expecting value"),
}


def bad_file(folder: Path, kind: str, name: str) -> Path:
    path = folder / name
    content, _ = BAD_FILES[kind]
    if kind == "directory":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)
    return path


COMMANDS = {
    "pots": lambda path: ("pots", "--file", str(path)),
    "paytable": lambda path: (*CHEAP_HOLD, "--paytable", str(path)),
    "batch": lambda path: ("batch", str(path), "-o", str(path.parent / "out.jsonl")),
}


@pytest.mark.parametrize("command, kind", [
    (command, kind) for command in COMMANDS for kind in BAD_FILES
    if kind != "latin-1" and (command, kind) != ("batch", "too-large")  # batch: per line; its own size limit
])
def test_a_bad_file_is_named_in_one_line(tmp_path, command, kind):
    path = bad_file(tmp_path, kind, "in put.json")
    line = refused(run(*COMMANDS[command](path)), "'" + str(path) + "'", BAD_FILES[kind][1])
    assert line.startswith(("error: cannot read ", "error: hand file", "error: paytable file", "error: batch file"))
    assert not (tmp_path / "out.jsonl").exists()


@pytest.mark.parametrize("command", ["pots", "paytable"])
def test_a_file_that_is_not_utf8_says_where(tmp_path, command):
    path = bad_file(tmp_path, "latin-1", "hand.json")
    refused(run(*COMMANDS[command](path)), str(path), BAD_FILES["latin-1"][1], "save it as UTF-8")


@pytest.mark.parametrize("command", ["pots", "paytable"])
@pytest.mark.parametrize("kind", JSON_PROBLEMS)
def test_bad_json_in_a_file_is_named_in_one_line(tmp_path, command, kind):
    text, message = JSON_PROBLEMS[kind]
    path = tmp_path / "data.json"
    path.write_text(text, encoding="utf-8")
    refused(run(*COMMANDS[command](path)), str(path), message)


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unreadable_file_is_named_in_one_line(tmp_path, monkeypatch, command):
    path = tmp_path / "locked.json"
    path.write_text(json.dumps(HAND), encoding="utf-8")
    real_open = open

    def locked(file, *args, **kwargs):
        if os.fspath(file) == str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(showdown.files, "open", locked, raising=False)
    refused(run(*COMMANDS[command](path)), "cannot read", str(path), "permission denied")


def test_a_lone_surrogate_read_from_a_file_is_printed_escaped(tmp_path):
    # JSON may escape a lone surrogate, which no terminal encoding can write: the tables show it
    # as a backslash escape instead of ending in a traceback.
    hand = {"board": "2c 7d 9h Jc 3s", "seats": [{"name": "\ud800", "contribution": 10, "hole": "As Ad"},
                                                  {"name": "b", "contribution": 10, "hole": "Ks Kd"}]}
    (tmp_path / "hand.json").write_text(json.dumps(hand), encoding="ascii")
    table = {"name": "odd \udfff", "pays": {"royal-flush": 800, "straight-flush": 50, "four-of-a-kind": 25,
             "full-house": 9, "flush": 6, "straight": 4, "three-of-a-kind": 3, "two-pair": 2, "jacks-or-better": 1}}
    (tmp_path / "table.json").write_text(json.dumps(table), encoding="ascii")
    for args, shown in ((["pots", "-f", str(tmp_path / "hand.json")], "Main pot of 20 to \\ud800"),
                        (["vp", "hold", "As Ks Kh 4s 4d", "-p", str(tmp_path / "table.json")],
                         "(Odd \\udfff, 5 coins)")):  # the table's title
        ran = run(*args)
        assert ran.code == 0 and shown in ran.out and ran.err == "", ran


def test_good_files_still_work_with_a_utf8_mark_and_windows_lines(tmp_path):
    hand = tmp_path / "hand.json"
    hand.write_bytes(b"\xef\xbb\xbf" + json.dumps(HAND, indent=1).replace("\n", "\r\n").encode())
    assert json.loads(run("pots", "--file", str(hand), "--json").out)["seats"][0]["payout"] == 10
    table = tmp_path / "table.json"
    table.write_text(json.dumps(PAYTABLE), encoding="utf-8")
    held = json.loads(run(*CHEAP_HOLD, "--paytable", str(table), "--json").out)
    assert held["paytable"]["name"] == "mine" and len(held["holds"]) == 32


def test_a_file_that_never_ends_is_refused_without_reading_it_all(tmp_path):
    for device in ("/dev/zero", "/dev/urandom"):
        refused(run("pots", "--file", device), device, "is not text")
    refused(run("batch", "/dev/zero", "-o", str(tmp_path / "out.jsonl")), "/dev/zero", "is not text")


# --- output paths -------------------------------------------------------------------------------


@pytest.fixture
def no_preflop(monkeypatch):
    monkeypatch.setattr(showdown.cli.odds, "preflop_table", not_called)


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["-o", "missing/t.csv"], ["CSV file 'missing/t.csv'", "folder", "does not exist"]),
        (["-o", "."], ["CSV file '.'", "it is a directory"]),
        (["-o", "folder"], ["CSV file 'folder'", "it is a directory"]),
        (["-o", "file.txt/t.csv"], ["CSV file 'file.txt/t.csv'", "is not a folder"]),
        (["-o", ""], ["needs a file name"]),
        (["-o", "t.csv", "--heatmap", "missing/t.png"], ["heatmap 'missing/t.png'", "does not exist"]),
        (["-o", "t.csv", "--heatmap", "folder"], ["heatmap 'folder'", "it is a directory"]),
        (["-o", "t.csv", "--heatmap", "t.xyz"], ["heatmap cannot be a .xyz file", ".png"]),
        (["-o", "t.png"], ["would overwrite the CSV"]),
        (["-o", "t.csv", "--heatmap", "t.png", "--no-heatmap"], ["--heatmap PATH or --no-heatmap"]),
    ],
)
def test_table_preflop_refuses_an_output_path_before_computing(tmp_path, monkeypatch, no_preflop, args, fragments):
    require("matplotlib")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.txt").write_text("x")
    refused(run("table", "preflop", *args, "--hands", "AA,KK"), *fragments)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt", "folder"]


def test_an_output_that_cannot_be_written_is_refused_before_computing(tmp_path, monkeypatch, no_preflop):
    real_open = open

    def read_only(file, mode="r", *args, **kwargs):
        if "t.csv" in os.fspath(file) and any(flag in mode for flag in "wax+"):
            raise PermissionError(13, "Permission denied", os.fspath(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(showdown.files, "open", read_only, raising=False)
    refused(run("table", "preflop", "-o", str(tmp_path / "t.csv"), "--no-heatmap"), "t.csv", "permission denied")


def test_the_heatmap_without_matplotlib_is_refused_before_computing(tmp_path, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    with monkeypatch.context() as patched:
        patched.setattr(showdown.cli.odds, "preflop_table", not_called)
        refused(run("table", "preflop", "-o", str(tmp_path / "t.csv")),
                "needs matplotlib", "showdown-poker[plot]", "--no-heatmap")
    done = run("table", "preflop", "-o", str(tmp_path / "t.csv"), "--no-heatmap", "--hands", "AA,KK")
    assert done.code == 0 and "2 x 2 starting hands" in done.out and ", heatmap" not in done.out, done
    assert (tmp_path / "t.csv").read_text().splitlines()[0] == "hand,AA,KK"
    assert not (tmp_path / "t.png").exists()


@pytest.mark.parametrize(
    "output, fragments",
    [
        ("missing/out.jsonl", ["batch output", "missing/out.jsonl", "does not exist"]),
        ("folder", ["batch output", "folder", "it is a directory"]),
        ("spots.jsonl", ["is the batch file itself"]),
    ],
)
def test_batch_refuses_an_output_path_before_solving(tmp_path, monkeypatch, output, fragments):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(showdown.batch, "equity", not_called)
    (tmp_path / "folder").mkdir()
    (tmp_path / "spots.jsonl").write_text(BATCH_LINE + "\n", encoding="utf-8")
    refused(run("batch", "spots.jsonl", "-o", output), *fragments)
    assert (tmp_path / "spots.jsonl").read_text(encoding="utf-8") == BATCH_LINE + "\n"


@pytest.mark.process
def test_batch_to_a_full_disk_says_so_and_ends(tmp_path):
    (tmp_path / "spots.jsonl").write_text(BATCH_LINE + "\n", encoding="utf-8")
    ended = subprocess.run([str(SHOWDOWN), "batch", "spots.jsonl", "-o", "/dev/full"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=60)
    assert ended.returncode == 2 and ended.stdout == "", ended
    assert ended.stderr == "error: cannot write batch output '/dev/full': no space left on device\n", ended


def test_batch_writes_to_a_pipe_without_reading_it_back(tmp_path):
    (tmp_path / "spots.jsonl").write_text(BATCH_LINE + "\n" + BATCH_LINE + "\n", encoding="utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.extend(fifo.read_text(encoding="utf-8").splitlines()))
    reader.start()
    ran = run("batch", str(tmp_path / "spots.jsonl"), "-o", str(fifo))
    reader.join(timeout=60)
    assert ran.code == 0 and "0 already done, 2 solved now" in ran.out, ran
    assert [json.loads(line)["result"]["total"] for line in received] == [990, 990]


# --- numbers on the command line ----------------------------------------------------------------

NUMBERS = [
    (["equity", "AcAd", "KhKs", "--seed", "-1"], "seed"),
    (["equity", "AcAd", "KhKs", "--monte-carlo", "--seed", str(1 << 64)], "seed"),
    (["equity", "AcAd", "KhKs", "--trials", "0"], "trials"),
    (["equity", "AcAd", "KhKs", "--trials", "-5"], "trials"),
    (["equity", "AcAd", "KhKs", "--trials", str(10**30)], "trials"),
    (["equity", "AcAd", "KhKs", "--stderr", "nan"], "stderr"),
    (["equity", "AcAd", "KhKs", "--stderr", "0"], "stderr"),
    (["equity", "AcAd", "KhKs", "--stderr", "-0.01"], "stderr"),
    (["equity", "AcAd", "KhKs", "--stderr", "1e999"], "stderr"),
    (["equity", "AcAd", "KhKs", "--time-limit", "inf"], "time_limit"),
    (["equity", "AcAd", "KhKs", "--time-limit", "-1"], "time_limit"),
    (["equity", "AcAd", "KhKs", "--time-limit", "nan"], "time_limit"),
    (["equity", "AcAd", "KhKs", "--max-evaluations", "0"], "max_evaluations must be at least 1"),
    (["grid", "AsKs", "--seed", "-1"], "seed"),
    (["grid", "AsKs", "--opponents", "0"], "opponents"),
    (["grid", "AsKs", "--opponents", "-1"], "opponents"),
    (["grid", "AsKs", "--opponents", "10"], "opponents"),
    (["grid", "AsKs", "--trials", "0"], "trials"),
    (["grid", "AsKs", "--max-evaluations", "-1"], "max_evaluations must be at least 1"),
    (["deal", "--players", "0"], "players"),
    (["deal", "--players", "24"], "players"),
    (["deal", "--players", str(10**21)], "players"),
    (["deal", "--seed", "-1"], "seed"),
    ([*CHEAP_HOLD, "--coins", "0"], "coins"),
    ([*CHEAP_HOLD, "--coins", "-1"], "coins"),
    ([*CHEAP_HOLD, "--coins", str(10**21)], "coins"),
    ([*CHEAP_HOLD, "--top", "0"], "--top"),
    ([*CHEAP_HOLD, "--top", "-3"], "--top"),
    (["vp", "analyze", "--coins", "0"], "coins"),
    (["vp", "analyze", "--all", "--local", "0"], "local workers"),
    (["vp", "play", "--hands", "0"], "--hands"),
    (["vp", "play", "--hands", "-1"], "--hands"),
    (["vp", "play", "--seed", "-1"], "seed"),
    (["vp", "play", "--coins", "9"], "coins"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--rake", "nan"], "rake"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--rake", "inf"], "rake"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--rake", "-1"], "rake"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--rake", "101"], "rake"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--rake", "5", "--rake-cap", "-1"], "rake cap"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--rake", "5", "--rake-cap", str(10**30)], "rake cap"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--rake-cap", "3"], "--rake"),
    (["pots", "--seat", "A:-5", "--seat", "B:5"], "negative"),
    (["pots", "--seat", "A:" + "9" * 40, "--seat", "B:5"], "not a whole number"),
    (["pots", "--seat", "A:+-5", "--seat", "B:5"], "not a whole number"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--button", str(10**25)], "button"),
    (["pots", "--seat", "A:5", "--seat", "B:5", "--button", "²"], "button"),
    (["batch", "x.jsonl", "-o", "o.jsonl", "--local", "-1"], "local workers"),
    (["batch", "x.jsonl", "-o", "o.jsonl", "--local", str(10**6)], "local workers"),
    (["batch", "x.jsonl", "-o", "o.jsonl", "--max-evaluations", "0"], "max_evaluations must be at least 1"),
    (["table", "preflop", "-o", "t.csv", "--local", "0"], "local workers"),
]


@pytest.mark.parametrize("args, fragment", NUMBERS, ids=[" ".join(args)[:60] for args, _ in NUMBERS])
def test_every_numeric_option_refuses_a_bad_number_in_one_line(tmp_path, monkeypatch, args, fragment):
    monkeypatch.chdir(tmp_path)
    refused(run(*args, input=""), fragment)


def test_a_number_typer_cannot_read_is_a_usage_error():
    refused(run("equity", "AcAd", "KhKs", "--trials", "1.5"), "--trials", "(see 'showdown equity --help')")


NUMBER_TEXT = st.one_of(
    st.floats().map(repr),
    st.integers().map(str),
    st.sampled_from(["nan", "-nan", "inf", "-inf", "1e308", "1e-320", "0", "-0.0", "5e-324"]),
)


@budget(0.6, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers().map(str), stderr=NUMBER_TEXT, time_limit=NUMBER_TEXT)
def test_equity_numbers_are_answered_or_refused_in_one_line(seed, stderr, time_limit):
    ran = run("equity", "AcAd", "KhKs", "--monte-carlo", "--trials", "200", f"--seed={seed}", f"--stderr={stderr}",
              f"--time-limit={time_limit}", "--json")
    answered_or_refused(ran)
    if ran.code == 0:
        data = json.loads(ran.out)
        assert data["total"] <= 200 and data["seed"] == int(seed)
        assert math.isclose(sum(player["equity"] for player in data["players"]), 1.0)


# --- the exact cost limit -----------------------------------------------------------------------


def test_an_exact_run_over_the_limit_is_refused_before_it_starts():
    started = time.perf_counter()
    line = refused(run("equity", "random", "random", "random", "--exact", "--board", "2c 7d 9h"),
                   "4,405,862,813,184 hand evaluations", "20,000,000,000", "use Monte Carlo or raise the limit")
    assert time.perf_counter() - started < 10  # refused from its plan, not after a run
    assert line.count("error") == 1
    refused(run("grid", "AsKs", "--opponents", "3", "--board", "Ts Qs 2d", "--exact"),
            "4,143,343,366,480 hand evaluations", "20,000,000,000")
    cost = showdown.plan(["AcAd", "KhKs"], board="2c 7d 9h").evaluations
    refused(run("equity", "AcAd", "KhKs", "--exact", "--board", "2c 7d 9h", "--max-evaluations", str(cost - 1)),
            f"{cost:,} hand evaluations", f"over the limit of {cost - 1:,}")


def test_the_limit_can_be_raised_and_leaves_other_runs_alone():
    cost = showdown.plan(["AcAd", "KhKs"], board="2c 7d 9h").evaluations  # the limit, raised to exactly this
    exact = json.loads(run("equity", "AcAd", "KhKs", "--exact", "--board", "2c 7d 9h", "--max-evaluations", str(cost),
                           "--json").out)
    assert exact["exact"] and exact["total"] == 990
    sampled = json.loads(run("equity", "random", "random", "random", "--monte-carlo", "--board", "2c 7d 9h",
                             "--trials", "300", "--seed", "1", "--json").out)
    assert not sampled["exact"] and sampled["total"] == 300
    auto = json.loads(run("equity", "random", "random", "random", "--board", "2c 7d 9h", "--trials", "300",
                          "--seed", "1", "--json").out)
    assert not auto["exact"]  # left to the library: Monte Carlo
    assert "--max-evaluations" in run("equity", "--help").out and "20,000,000,000" in run("equity", "--help").out


def test_batch_applies_the_limit_to_each_exact_line(tmp_path):
    source = tmp_path / "spots.jsonl"
    source.write_text(json.dumps({"players": ["random", "random", "random"], "board": "2c 7d 9h", "exact": True})
                      + "\n" + BATCH_LINE + "\n", encoding="utf-8")
    ran = run("batch", str(source), "-o", str(tmp_path / "out.jsonl"))
    assert ran.code == 0 and "2 solved now (1 errors)" in ran.out, ran
    first, second = (json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines())
    assert "4,405,862,813,184 hand evaluations" in first["error"] and "20,000,000,000" in first["error"]
    assert second["result"]["total"] == 990


# --- cluster addresses --------------------------------------------------------------------------


@pytest.mark.parametrize("address", ["bogus", "foo://host:1", "tcp://[::1"])
@pytest.mark.parametrize("command", [["batch", "x.jsonl", "-o", "o.jsonl"], ["table", "preflop", "-o", "t.csv"],
                                     ["vp", "analyze", "--all"]])
def test_a_bad_scheduler_address_is_one_line(tmp_path, monkeypatch, address, command):
    require("distributed")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.jsonl").write_text(BATCH_LINE + "\n")
    refused(run(*command, "--scheduler", address), f"scheduler address {address!r}", "tcp://host:8786")


# --- parsers under random input -----------------------------------------------------------------

CARD_TEXT = st.text(alphabet=st.one_of(st.sampled_from("23456789TJQKAtjqka10cdhsx♣♦♥♠ ,;-+=:/"), st.characters()),
                    max_size=24)


@budget(1.5)
@given(CARD_TEXT)
@example("As Ks Qs Js Ts 2d 3c")
def test_eval_answers_or_refuses_any_text(text):
    ran = run("eval", "--json", "--", text)
    answered_or_refused(ran)
    if ran.code == 0:
        assert json.loads(ran.out)["category_name"]


@budget(0.6, suppress_health_check=[HealthCheck.too_slow])
@given(CARD_TEXT, st.sampled_from(["random", "KhKs", "QQ+", "22-55,A5s"]))
@example("AKs,TT+", "random")
def test_equity_answers_or_refuses_any_range_text(text, other):
    ran = run("equity", "--monte-carlo", "--trials", "100", "--seed", "3", "--json", "--", text, other)
    answered_or_refused(ran)
    if ran.code == 0:
        assert json.loads(ran.out)["total"] == 100


@budget(1)
@given(st.one_of(CARD_TEXT, st.builds(lambda name, cards, chips, tail: f"{name}={cards}:{chips}{tail}",
                                      st.text(max_size=4), CARD_TEXT, st.integers().map(str) | CARD_TEXT,
                                      st.sampled_from(["", ":folded", ":FOLDED", ":x", "::"]))))
@example("A=As Kd:10")
@example("A:7:folded")
def test_pots_answers_or_refuses_any_seat_text(seat):
    ran = run("pots", f"--seat={seat}", "--seat=B=Qh Qd:5", "--board=2c 3c 4d 8h 9s", "--json")
    answered_or_refused(ran)
    if ran.code == 0:
        data = json.loads(ran.out)
        paid = sum(s["payout"] + s["returned"] for s in data["seats"]) + data["rake"]
        assert paid == sum(s["contribution"] for s in data["seats"])  # no chip made or lost


@budget(0.6)
@given(st.one_of(st.floats().map(repr), st.sampled_from(["5", "2.5", "0", "100", "1e-300", "99.99999"])),
       st.one_of(st.none(), st.integers().map(str)))
def test_pots_answers_or_refuses_any_rake(percent, cap):
    ran = run("pots", "--seat=A=As Kd:10", "--seat=B=Qh Qd:10", "--board=2c 3c 4d 8h 9s", f"--rake={percent}",
              *([f"--rake-cap={cap}"] if cap is not None else []), "--json")
    answered_or_refused(ran)
    if ran.code == 0:
        data = json.loads(ran.out)
        assert 0 <= data["rake"] <= 20 and sum(s["payout"] for s in data["seats"]) + data["rake"] == 20


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
PAY_KEYS = st.sampled_from(["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
                            "three-of-a-kind", "two-pair", "jacks-or-better", "low-pair", "four-aces", "nothing"])
PAYTABLES = st.one_of(
    JSON_VALUES,
    st.fixed_dictionaries({"pays": st.dictionaries(PAY_KEYS, st.integers(-2, 2_000_000) | JSON_VALUES, max_size=12)},
                          optional={"name": JSON_VALUES | st.text(max_size=6), "max_coins": st.integers(-1, 200),
                                    "royal_flush_below_max_bet": st.integers(-1, 2_000_000) | JSON_VALUES}),
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("files")


@budget(0.8, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(PAYTABLES.map(json.dumps), st.text(max_size=40)), st.booleans())
@example(json.dumps(PAYTABLE), False)
@example("ddb 9/6", True)
def test_vp_answers_or_refuses_any_paytable_file(folder, text, as_text):
    path = folder / "table.json"
    path.write_text(text, encoding="utf-8")
    ran = run(*CHEAP_HOLD, "--paytable", str(path) if not as_text else text[:40] or "x", "--json")
    answered_or_refused(ran)
    if ran.code == 0:
        assert len(json.loads(ran.out)["holds"]) == 32


@budget(0.8, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSON_VALUES.map(json.dumps), st.binary(max_size=40).map(lambda data: data.decode("latin-1"))))
@example(json.dumps(HAND))
def test_pots_answers_or_refuses_any_hand_file(folder, text):
    path = folder / "hand.json"
    path.write_text(text, encoding="utf-8")
    ran = run("pots", "--file", str(path), "--json")
    answered_or_refused(ran)
    if ran.code == 0:
        data = json.loads(ran.out)
        assert sum(s["payout"] + s["returned"] for s in data["seats"]) + data["rake"] == sum(
            s["contribution"] for s in data["seats"])


@pytest.mark.parametrize("text", ["A\udcff", "\x1b[31mAs", "As\nKx\rQs", "As\u2028Kx", "\x00"])
def test_a_message_holding_odd_characters_stays_one_line(text):
    line = refused(run("eval", "--", text))
    assert "\x1b" not in line and "\r" not in line


def test_stdin_that_is_not_utf8_ends_the_trainer_in_one_line():
    refused_after_output = run("vp", "play", "--seed", "1", "--hands", "1", input="1 2\n")
    assert refused_after_output.code == 0  # a readable answer is played
    with RUNNER.isolation(input=b"\xff\xfe 1 2\nq\n") as (out, err, _):
        with pytest.raises(SystemExit) as done:
            main(["vp", "play", "--seed", "1", "--hands", "1"])
    assert done.value.code == 2 and err.getvalue() == b"error: the answers read from stdin are not UTF-8 text\n"


def test_a_huge_argument_gives_a_short_line():
    line = refused(run("eval", "--", "x" * 100_000))
    assert len(line) < 1_100 and ("characters in all" in line or "x..." in line)  # cut by the CLI or the library
    assert line.endswith("is not a rank (use 23456789TJQKA or 10)")  # the end of the message is kept


@pytest.mark.process
@pytest.mark.parametrize("args", [["eval", "As Ks", "--json"], ["eval", "As Ks"]])
def test_output_to_a_full_disk_is_one_line(tmp_path, args):
    with open("/dev/full", "w") as full:
        ended = subprocess.run([str(SHOWDOWN), *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert ended.returncode == 2 and ended.stderr.count("\n") == 1, ended
    assert ended.stderr.startswith("error: ") and "no space left on device" in ended.stderr
