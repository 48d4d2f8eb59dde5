"""`showdown batch`, `showdown table preflop` and `showdown vp analyze --all` from the command line."""

import json

import pytest

from conftest import require, run_cli
from showdown.cli import main
from showdown.videopoker import PAYTABLES


def test_batch_writes_one_record_per_line_and_resumes(capsys, tmp_path):
    source, out = tmp_path / "spots.jsonl", tmp_path / "out.jsonl"
    source.write_text('{"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"}\n{"players": ["AcAd"]}\n')
    text = run_cli(capsys, "batch", str(source), "-o", str(out))
    assert "2 solved now (1 errors)" in text
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert records[0]["result"]["total"] == 990 and "2 to 10" in records[1]["error"]
    assert "2 already done, 0 solved now" in run_cli(capsys, "batch", str(source), "-o", str(out))


@pytest.mark.dist
def test_batch_on_two_local_workers(capsys, tmp_path):
    require("dask.distributed")
    source = tmp_path / "spots.jsonl"
    source.write_text('{"players": ["AhKh", "QQ"], "board": "Qs 7d 2c"}\n')
    run_cli(capsys, "batch", str(source), "-o", str(tmp_path / "a.jsonl"))
    run_cli(capsys, "batch", str(source), "-o", str(tmp_path / "b.jsonl"), "--local", "2")
    a, b = (json.loads((tmp_path / f).read_text()) for f in ("a.jsonl", "b.jsonl"))
    a["result"].pop("elapsed"), b["result"].pop("elapsed")
    assert a == b


def test_table_preflop_writes_csv_and_heatmap(capsys, tmp_path):
    out = tmp_path / "preflop.csv"
    require("matplotlib")
    text = run_cli(capsys, "table", "preflop", "-o", str(out), "--hands", "AA,KK,72o")
    assert "3 x 3 starting hands" in text
    rows = [line.split(",") for line in out.read_text().splitlines()]
    assert rows[0] == ["hand", "AA", "KK", "72o"] and abs(float(rows[1][2]) - 0.8195) < 1e-4
    assert (tmp_path / "preflop.png").exists()


def test_vp_analyze_all(capsys):
    data = json.loads(run_cli(capsys, "vp", "analyze", "--all", "--json"))
    by_name = {analysis["paytable"]["name"]: analysis for analysis in data}
    assert len(data) == len(PAYTABLES) == 12 and abs(by_name["bonus-poker-8-5"]["expected_return"] - 0.99166) < 1e-5
    assert abs(by_name["deuces-wild-full-pay"]["expected_return"] - 1.007620) < 1e-6


@pytest.mark.parametrize(
    "args, message",
    [
        (["batch", "missing.jsonl", "-o", "out.jsonl"], "cannot read"),
        (["batch", "x.jsonl", "-o", "o.jsonl", "--local", "0"], "positive"),
        (["table", "preflop", "-o", "t.csv", "--hands", "AA,AKx"], "AKx"),
    ],
)
def test_errors_print_one_line_and_exit_2(capsys, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and message in err and err.count("\n") == 1


def test_table_preflop_has_no_exact_option(capsys, monkeypatch):
    """Exact is its only mode: no --exact in the help, and one given is refused in one line."""
    import showdown.cli.odds

    assert "--exact" not in run_cli(capsys, "table", "preflop", "--help")
    monkeypatch.setattr(showdown.cli.odds, "preflop_table", lambda *a, **k: pytest.fail("computed"))
    with pytest.raises(SystemExit) as done:
        main(["table", "preflop", "-o", "t.csv", "--hands", "AA,KK", "--exact"])
    out, err = capsys.readouterr()
    assert done.value.code == 2 and out == ""
    assert err.startswith("error: no such option: --exact") and err.count("\n") == 1, err
