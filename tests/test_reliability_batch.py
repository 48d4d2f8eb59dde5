"""Batches under bad input: a line is what ends in a newline; one bad line gives one error
record in its place and the batch goes on; every record is strict JSON echoing its input; an
output that is not a regular file is written, never read back; resuming stays correct; the JSON
reader behind batch lines, hand files and pay tables refuses what it cannot read, in one
sentence, without recursion or a hang."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

import showdown.batch
from conftest import budget
from showdown import EquityCancelled, ShowdownError, plan, run_batch
from showdown.batch import solve_lines
from showdown.errors import FileError, JSONError
from showdown.files import MAX_JSON_DEPTH, parse_json

GOOD = {"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"}
GOOD_LINE = json.dumps(GOOD)


def strict(text: str):
    """JSON as a strict reader takes it: NaN and Infinity refused."""
    def refuse(constant):
        raise AssertionError(f"{constant} in a record")
    return json.loads(text, parse_constant=refuse)


def records(path: Path) -> list[dict]:
    return [strict(line) for line in path.read_bytes().decode("ascii").split("\n")[:-1]]


def echo(line: str):
    """What a record's ``input`` holds for a line: its JSON value, or its text."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return line


# --- what a line is -----------------------------------------------------------------------------


def test_a_line_ends_only_at_a_newline(tmp_path):
    separators = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\r"]
    lines = [json.dumps({**GOOD, "dead": separator}, ensure_ascii=False) for separator in separators] + [GOOD_LINE]
    source = tmp_path / "spots.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    summary = run_batch(source, tmp_path / "out.jsonl")
    assert summary.lines == summary.solved == len(lines)
    found = records(tmp_path / "out.jsonl")
    assert [record["line"] for record in found] == list(range(1, len(lines) + 1))
    assert [record["input"] for record in found] == [json.loads(line) for line in lines]
    assert found[-1]["result"]["total"] == 990


def test_windows_lines_a_mark_blank_lines_and_no_final_newline(tmp_path):
    source = tmp_path / "spots.jsonl"
    source.write_bytes(b"\xef\xbb\xbf" + GOOD_LINE.encode() + b"\r\n\r\n  \r\n" + GOOD_LINE.encode())
    summary = run_batch(source, tmp_path / "out.jsonl")
    assert (summary.lines, summary.solved, summary.errors) == (4, 4, 2)
    first, blank, spaces, last = records(tmp_path / "out.jsonl")
    assert first["input"] == last["input"] == GOOD and first["result"]["total"] == last["result"]["total"] == 990
    assert blank == {"line": 2, "input": "", "error": blank["error"]} and "the line is empty" in blank["error"]
    assert spaces["input"] == "  " and spaces["line"] == 3


# --- one bad line, one error record -------------------------------------------------------------

BAD_LINES = [
    ('{"players": ["AcAd", "KhKs"], "exact": false, "trials": 100, "seed": -1}', "seed must be at least 0"),
    ('{"players": ["AcAd", "KhKs"], "exact": false, "seed": 1.0}', "seed must be a whole number"),
    ('{"players": ["AcAd", "KhKs"], "exact": false, "trials": "x"}', "trials must be a whole number"),
    ('{"players": ["AcAd", "KhKs"], "exact": false, "trials": 1.5}', "trials must be a whole number"),
    ('{"players": ["AcAd", "KhKs"], "exact": false, "trials": 0}', "trials must be at least 1"),
    ('{"players": ["AcAd", "KhKs"], "stderr": "x"}', "stderr must be a number"),
    ('{"players": ["AcAd", "KhKs"], "stderr": -1}', "stderr must be positive"),
    ('{"players": ["AcAd", "KhKs"], "time_limit": true}', "time_limit must be a number"),
    ('{"players": ["AcAd", "KhKs"], "exact": "yes"}', "exact must be true, false or null"),
    ('{"players": ["AcAd", "KhKs"], "exact": 1}', "exact must be true, false or null"),
    ('{"players": 5}', "players must be a list"),
    ('{"players": "AcAd KhKs"}', "players must be a list"),
    ('{"players": [1, 2]}', "player 1 must be text"),
    ('{"players": [["As", "Kd"], "QQ"]}', "player 1 must be text"),
    ('{"players": {"a": "AA", "b": 7}}', "player 'b' must be text"),
    ('{"players": ["AcAd", "KhKs"], "board": 5}', "board must be text"),
    ('{"players": ["AcAd", "KhKs"], "dead": ["2c"]}', "dead must be text"),
    ('{"players": ["AcAd", "KhKs"], "stderr": NaN}', "NaN is not a number JSON allows"),
    ('{"players": ["AcAd", "KhKs"], "time_limit": Infinity}', "Infinity is not a number JSON allows"),
    ('{"players": ["AcAd", "KhKs"], "time_limit": -Infinity}', "-Infinity is not a number JSON allows"),
    ('{"players": ["AcAd", "KhKs"], "stderr": 1e999}', "the number 1e999 is too large"),
    ('{"players": ["AcAd", "KhKs"], "seed": ' + "9" * 5000 + "}", "5,000 digits is too long"),
    ("[" * 100_000, "nested deeper than 32 levels"),
    ('{"players": ' + "[" * 40 + "]" * 40 + "}", "nested deeper than 32 levels"),
    ('{"players": ["\\ud800", "KhKs"]}', "player 1"),
    ('{"players": ["AcAd", "KhKs"], "board": "\\udfff"}', "\\udfff"),
    ('{"players": ["AcAd"]}', "2 to 10 players"),
    ('{"pleyers": ["AcAd", "KhKs"]}', "unknown field 'pleyers'"),
    ("{}", "missing field 'players'"),
    ('{"players": null}', "missing field 'players'"),
    ("[1, 2]", "a line must be a JSON object"),
    ('"AcAd KhKs"', "a line must be a JSON object"),
    ("not json", "is not valid JSON"),
    ('{"players": ["AcAd", "KhKs"]', "is not valid JSON"),
]


def test_each_bad_line_gets_an_error_record_and_the_batch_goes_on(tmp_path):
    source = tmp_path / "spots.jsonl"
    invalid_utf8 = b'{"players": ["Ac\xe9Ad", "KhKs"]}'
    data = b"\n".join([line.encode() for line, _ in BAD_LINES] + [invalid_utf8, GOOD_LINE.encode()]) + b"\n"
    source.write_bytes(data)
    summary = run_batch(source, tmp_path / "out.jsonl")
    assert summary.lines == summary.solved == len(BAD_LINES) + 2 and summary.errors == len(BAD_LINES) + 1
    found = records(tmp_path / "out.jsonl")
    assert [record["line"] for record in found] == list(range(1, len(BAD_LINES) + 3))
    for (line, message), record in zip(BAD_LINES, found, strict=False):
        assert set(record) == {"line", "input", "error"}, record
        assert message in record["error"], (line[:80], record["error"])
        assert record["input"] in (line, echo(line))  # as parsed, or as text when it is not JSON
        if any(word in record["error"] for word in ("not valid JSON", "nested deeper", "digits is too long")):
            assert record["input"] == line
    assert found[-2]["input"] == '{"players": ["Ac\\xe9Ad", "KhKs"]}'
    assert found[-2]["error"] == "the line is not UTF-8 text (byte 0xe9 at column 17)"
    assert found[-1]["input"] == GOOD and found[-1]["result"]["total"] == 990


def test_a_line_with_null_fields_takes_the_defaults():
    record = strict(solve_lines([(1, json.dumps({**GOOD, "dead": None, "exact": None, "seed": None}))])[0])
    assert record["result"]["total"] == 990 and record["result"]["exact"]


def test_the_exact_limit_applies_to_exact_lines_only():
    costly = json.dumps({"players": ["random", "random", "random"], "board": "2c 7d 9h", "exact": True})
    auto = json.dumps({"players": ["random", "random", "random"], "board": "2c 7d 9h", "trials": 500, "seed": 2})
    cost = plan(GOOD["players"], board=GOOD["board"]).evaluations
    refused, sampled, small = (strict(text) for text in solve_lines(
        [(1, costly), (2, auto), (3, json.dumps({**GOOD, "exact": True}))], max_evaluations=cost))
    assert f"4,405,862,813,184 hand evaluations, over the limit of {cost:,}" in refused["error"]
    assert sampled["result"]["total"] == 500 and small["result"]["total"] == 990
    just_over = strict(solve_lines([(3, json.dumps({**GOOD, "exact": True}))], max_evaluations=cost - 1)[0])
    assert f"{cost:,} hand evaluations, over the limit of {cost - 1:,}" in just_over["error"]


def test_a_cancelled_run_is_not_an_error_record(monkeypatch):
    def cancelled(*args, **kwargs):
        raise EquityCancelled("stopped")

    monkeypatch.setattr(showdown.batch, "equity", cancelled)
    with pytest.raises(EquityCancelled):
        solve_lines([(1, GOOD_LINE)])


def test_ctrl_c_keeps_every_complete_partition(tmp_path, monkeypatch):
    real = showdown.batch.equity
    calls = []

    def interrupted_at_the_fifth(*args, **kwargs):
        calls.append(1)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(showdown.batch, "equity", interrupted_at_the_fifth)
    source = tmp_path / "spots.jsonl"
    source.write_text((GOOD_LINE + "\n") * 6, encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):
        run_batch(source, tmp_path / "out.jsonl", lines_per_partition=2)
    assert [record["line"] for record in records(tmp_path / "out.jsonl")] == [1, 2, 3, 4]
    monkeypatch.setattr(showdown.batch, "equity", real)
    summary = run_batch(source, tmp_path / "out.jsonl", lines_per_partition=2)
    assert (summary.skipped, summary.solved) == (4, 2)
    assert [record["line"] for record in records(tmp_path / "out.jsonl")] == [1, 2, 3, 4, 5, 6]


def test_records_are_strict_json_whatever_the_result_holds(monkeypatch):
    class Odd:
        def to_dict(self):
            return {"stderr": math.nan, "players": [{"equity": math.inf}], "deep": {"x": [-math.inf, 0.5]}}

    monkeypatch.setattr(showdown.batch, "equity", lambda *args, **kwargs: Odd())
    record = strict(solve_lines([(1, GOOD_LINE)])[0])
    assert record["result"] == {"stderr": None, "players": [{"equity": None}], "deep": {"x": [None, 0.5]}}


# --- random lines -------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8,
)
HANDS = ["AcAd", "KhKs", "QQ+", "AKs", "7h6h", "random"]
FIELD_VALUES = {
    "players": st.lists(st.sampled_from(HANDS), min_size=2, max_size=3, unique=True)
    | st.lists(st.sampled_from([*HANDS, "Xx", "", "AcAd AcAd"]), max_size=4),
    "board": st.sampled_from(["", "2c 7d 9h", "2c 7d 9h Js", "Ac", "2c 2c 2c", "zz"]),
    "dead": st.sampled_from(["", "5s", "Ac"]),
    "exact": st.booleans(),
    "trials": st.integers(1, 300) | st.integers(max_value=0) | st.integers(min_value=(1 << 62) + 1),
    "seed": st.integers() | st.integers(0, 10),
    "stderr": st.floats(0.01, 0.5) | st.floats(max_value=0) | st.text(max_size=3),
    "time_limit": st.floats(0.001, 0.05) | st.floats(max_value=0),
}


RARELY = st.sampled_from([False, False, False, False, True])


@st.composite
def problems(draw):
    """An equity problem with a few fields given, some changed to any JSON value or dropped,
    and perhaps a field that does not exist; affordable whatever it asks."""
    problem = {"players": draw(FIELD_VALUES["players"]), "trials": draw(st.integers(1, 300)), "exact": False}
    for key in draw(st.lists(st.sampled_from(list(FIELD_VALUES)), max_size=3)):
        junk = key not in ("trials", "exact") and draw(RARELY)
        problem[key] = draw(JSON_VALUES if junk else FIELD_VALUES[key])
    if draw(RARELY):
        problem.pop(draw(st.sampled_from(["players", "board", "seed"])), None)
    if draw(RARELY):
        problem[draw(st.text(max_size=5))] = draw(JSON_VALUES)
    return problem


LINES = st.one_of(
    problems().map(json.dumps),
    JSON_VALUES.map(json.dumps),
    st.text(max_size=30).filter(lambda text: "\n" not in text),
    st.binary(max_size=30).filter(lambda data: b"\n" not in data),
)


def check_records(texts: list[str], lines: list) -> None:
    assert len(texts) == len(lines)
    for number, (text, line) in enumerate(zip(texts, lines, strict=True), start=1):
        record = strict(text)
        assert record["line"] == number
        assert ("result" in record) != ("error" in record) and set(record) <= {"line", "input", "result", "error"}
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                assert "not UTF-8" in record["error"] and record["input"] == line.decode("utf-8", "backslashreplace")
                continue
        if "result" in record:
            assert record["input"] == json.loads(line) and record["result"]["total"] >= 1
            assert math.isclose(sum(player["equity"] for player in record["result"]["players"]), 1.0)
        else:
            assert record["input"] in (line, echo(line)) and record["error"]


@budget(1.5, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, min_size=1, max_size=4))
@example([json.dumps({"players": ["AcAd", "random"], "exact": False, "trials": 50, "seed": 3})])
def test_any_line_gets_exactly_one_record_in_its_place(lines):
    texts = solve_lines(list(enumerate(lines, start=1)), max_evaluations=10**7)
    check_records(texts, lines)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("batches")


@budget(0.25, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(problems().map(json.dumps), st.binary(max_size=20)).filter(
    lambda line: b"\n" not in line if isinstance(line, bytes) else True), min_size=1, max_size=6))
def test_a_file_of_any_lines_gives_one_record_per_line_in_order(folder, lines):
    data = [line if isinstance(line, bytes) else line.encode() for line in lines]
    data = [line + b"x" if line.endswith(b"\r") else line for line in data]  # a \r before the newline is dropped
    if b"\0" in b"".join(data) or data[0].startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")):
        data = [line.replace(b"\0", b"0") for line in data]
        data[0] = b"x" + data[0]
    source, output = folder / "spots.jsonl", folder / "out.jsonl"
    source.write_bytes(b"\n".join(data) + b"\n")
    output.unlink(missing_ok=True)
    summary = run_batch(source, output, lines_per_partition=2, max_evaluations=10**7)
    assert summary.lines == summary.solved == len(data) and summary.skipped == 0
    check_records(output.read_text(encoding="ascii").splitlines(), data)


# --- where the records go -----------------------------------------------------------------------


def test_a_device_output_is_written_never_read_back(tmp_path):
    source = tmp_path / "spots.jsonl"
    source.write_text(GOOD_LINE + "\n", encoding="utf-8")
    started = time.monotonic()
    assert run_batch(source, "/dev/null").solved == 1
    with pytest.raises(FileError, match="cannot write batch output '/dev/full': no space left on device"):
        run_batch(source, "/dev/full")
    assert time.monotonic() - started < 30


def test_resume_checks_the_output_is_this_inputs(tmp_path):
    source = tmp_path / "spots.jsonl"
    other = {**GOOD, "dead": "5s"}
    source.write_text(f"{GOOD_LINE}\r\n{json.dumps(other)}\r\n{GOOD_LINE}\r\n", encoding="utf-8")
    output = tmp_path / "out.jsonl"
    run_batch(source, output)
    complete = output.read_text(encoding="ascii")
    first_two = "".join(complete.splitlines(keepends=True)[:2])
    output.write_text(first_two + '{"line": 3, "inp', encoding="ascii")  # torn while writing line 3
    assert run_batch(source, output).skipped == 2
    assert [r["input"] for r in records(output)] == [GOOD, other, GOOD]
    swapped = tmp_path / "swapped.jsonl"
    swapped.write_text(f"{GOOD_LINE}\n{GOOD_LINE}\n{json.dumps(other)}\n", encoding="utf-8")
    with pytest.raises(FileError, match="is not the output of .*its line 3 is not the record of line 3"):
        run_batch(swapped, output)
    output.write_text(first_two.splitlines(keepends=True)[0] + "not a record\n", encoding="ascii")
    with pytest.raises(FileError, match="its line 2 is not the record of line 2"):
        run_batch(source, output)
    with pytest.raises(FileError, match="is the batch file itself"):
        run_batch(source, source)
    assert source.read_text(encoding="utf-8").count("\n") == 3


def test_a_batch_file_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(showdown.batch, "MAX_BATCH_BYTES", 100)
    source = tmp_path / "spots.jsonl"
    source.write_text((GOOD_LINE + "\n") * 3, encoding="utf-8")
    with pytest.raises(FileError, match="batch file .* is larger than 100 bytes"):
        run_batch(source, tmp_path / "out.jsonl")
    assert not (tmp_path / "out.jsonl").exists()


def test_batch_settings_are_checked(tmp_path):
    source = tmp_path / "spots.jsonl"
    source.write_text(GOOD_LINE + "\n", encoding="utf-8")
    with pytest.raises(ShowdownError, match="lines_per_partition must be at least 1"):
        run_batch(source, tmp_path / "out.jsonl", lines_per_partition=0)
    with pytest.raises(ShowdownError, match="max_evaluations must be a whole number"):
        run_batch(source, tmp_path / "out.jsonl", max_evaluations=1.5)


# --- the JSON reader ----------------------------------------------------------------------------


def test_json_depth_is_bounded_exactly_and_strings_do_not_count():
    assert parse_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH, "x") is not None
    with pytest.raises(JSONError, match=f"nested deeper than {MAX_JSON_DEPTH} levels"):
        parse_json("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), "x")
    brackets = "[[[{{{" * 1000 + '\\"]'  # brackets, an escaped backslash and a bracket, all inside a string
    assert parse_json(json.dumps({"a": brackets}), "x") == {"a": brackets}


def test_json_scanning_stays_linear_on_hostile_text():
    hostile = ['"' + '\\"' * 200_000, "[" * 1_000_000, '"' * 500_000, "\\" * 1_000_000]
    started = time.monotonic()
    for text in hostile:
        with pytest.raises(JSONError):
            parse_json(text, "x")
    assert time.monotonic() - started < 10


@budget(3)
@given(st.one_of(st.text(alphabet=st.sampled_from('[]{}":,\\ 0123456789.eE-+ntrufalsNIiy'), max_size=60),
                 JSON_VALUES.map(json.dumps), st.text(max_size=20)))
def test_json_is_read_as_python_reads_it_or_refused_in_a_sentence(text):
    try:
        value = parse_json(text, "the text")
    except JSONError as error:
        assert str(error).startswith("the text ") and "\n" not in str(error)
        return
    assert value == json.loads(text)
