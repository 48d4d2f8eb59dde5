"""`showdown equity`: tables and JSON equal to the library's answers; one-line errors."""

import json

import pytest

from conftest import run_cli
from showdown import equity
from showdown.cli import main

run = run_cli


def test_equity_json_matches_the_library(capsys):
    data = json.loads(run(capsys, "equity", "AhKh", "QsQd", "JcTc", "--board", "Kd 7h 2c", "--json"))
    expected = equity(["AhKh", "QsQd", "JcTc"], board="Kd 7h 2c")
    expected_dict = expected.to_dict()
    data.pop("elapsed"), expected_dict.pop("elapsed")
    assert data == expected_dict and data["exact"] is True
    assert [player["equity"] for player in data["players"]] == list(expected.equity)
    assert data["total"] == expected.total == 903


def test_equity_monte_carlo_is_reproducible_with_a_seed(capsys):
    args = ["equity", "QQ+,AKs", "random", "--monte-carlo", "--trials", "50000", "--seed", "5", "--json"]
    first, second = json.loads(run(capsys, *args)), json.loads(run(capsys, *args))
    first.pop("elapsed"), second.pop("elapsed")
    assert first == second and first["exact"] is False and first["total"] == 50000 and first["seed"] == 5


def test_equity_table_lists_each_player(capsys):
    out = run(capsys, "equity", "AcAd", "KhKs", "--board", "2c 7d 9h")
    expected = equity(["AcAd", "KhKs"], "2c 7d 9h")
    assert "AcAd" in out and "KhKs" in out and f"{expected.equity[0]:.3%}" in out
    assert f"({expected.total:,} deals, exact)" in out


def test_equity_takes_named_players_like_showdown(capsys):
    out = json.loads(run(capsys, "equity", "alice=AcAd", "KhKs", "--board", "2c 7d 9h", "--json"))
    expected = equity({"alice": "AcAd", "P2": "KhKs"}, "2c 7d 9h").to_dict()
    assert [player["name"] for player in out["players"]] == ["alice", "P2"]
    assert [player["hand"] for player in out["players"]] == ["AcAd", "KhKs"]
    assert [player["equity"] for player in out["players"]] == [player["equity"] for player in expected["players"]]


@pytest.mark.parametrize(
    "args, message",
    [
        (["AhKh", "AhQd"], "Ah"),
        (["AhKh"], "player"),
        (["AhKh", "QQ", "--board", "Qs Qh Qd Qc"], "empty"),
        (["AhKh", "ZZ"], "ZZ"),
        (["AhKh", "QQ", "--exact", "--trials", "500"], "trials applies to Monte Carlo, not to exact=True"),
        (["AhKh", "QQ", "--exact", "--seed", "5", "--stderr", "0.01"], "stderr and seed apply to Monte Carlo"),
    ],
)
def test_equity_errors_print_one_line_and_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as done:
        main(["equity", *args])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and message in err and err.count("\n") == 1
