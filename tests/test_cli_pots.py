"""`showdown pots`: seats from options or a JSON file, tables or JSON, one-line errors."""

import json

import pytest

from conftest import run_cli
from showdown import Rake, Seat, settle
from showdown.cli import main

EXAMPLE = ["--board", "Ac Kc Jc 5c Th", "--seat", "A=8c 7h:25", "--seat", "B=9h 5h:50",
           "--seat", "C=Ad 4s:100", "--seat", "D=As 3h:100", "--button", "3"]
EXAMPLE_SEATS = [Seat("A", 25, "8c 7h"), Seat("B", 50, "9h 5h"), Seat("C", 100, "Ad 4s"), Seat("D", 100, "As 3h")]


run = run_cli


def test_pots_json_matches_the_library(capsys):
    data = json.loads(run(capsys, "pots", *EXAMPLE, "--json"))
    assert data == settle(EXAMPLE_SEATS, "Ac Kc Jc 5c Th", button=3).to_dict()
    assert [pot["amount"] for pot in data["pots"]] == [100, 75, 100]
    assert {seat["name"]: seat["payout"] for seat in data["seats"]} == {"A": 100, "B": 0, "C": 88, "D": 87}
    assert data["announcement"] == str(settle(EXAMPLE_SEATS, "Ac Kc Jc 5c Th", button=3)).splitlines()


def test_pots_table_names_pots_and_nets(capsys):
    out = run(capsys, "pots", *EXAMPLE, "--seat", "E:40:folded")
    assert "Main pot of 125 to A with Flush, Ace-King-Jack-Eight-Five." in out
    assert "Side 2" in out and "+100" in out and "-40" in out


def test_pots_button_by_name_and_odd_chip_rule(capsys):
    args = [a if a != "3" else "D" for a in EXAMPLE]
    by_name = json.loads(run(capsys, "pots", *args, "--json"))
    assert by_name["seats"][2] == {"name": "C", "contribution": 100, "returned": 0, "payout": 88, "net": -12}
    rule = ["--odd-chip", "all-to-first-from-button"]
    all_first = json.loads(run(capsys, "pots", *EXAMPLE, "--button", "2", *rule, "--json"))
    assert [seat["payout"] for seat in all_first["seats"]] == [100, 0, 87, 88]


def test_pots_from_file_with_rake_and_runs(tmp_path, capsys):
    hand = {"board": "Ac Kc Jc", "button": 3, "rake": {"percent": 5, "cap": 3},
            "boards": ["Ac Kc Jc 5c Th", "Ac Kc Jc 2h 2d"],
            "seats": [{"name": s.name, "contribution": s.contribution, "hole": " ".join(map(str, s.hole))}
                      for s in EXAMPLE_SEATS]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    data = json.loads(run(capsys, "pots", "--file", str(path), "--json"))
    expected = settle(EXAMPLE_SEATS, "Ac Kc Jc", button=3, rake=Rake(percent=5, cap=3), boards=hand["boards"])
    assert data == expected.to_dict()
    assert data["rake"] == 3 and sum(seat["payout"] for seat in data["seats"]) + data["rake"] == 275


@pytest.mark.parametrize(
    "args, message",
    [
        (["--seat", "A=As Kd:x", "--seat", "B=Qh Qd:5"], "'x' is not a whole number"),
        (["--seat", "A=As Kd:5:maybe", "--seat", "B=Qh Qd:5"], "expected NAME[=CARDS]:CHIPS[:folded]"),
        (["--seat", "A=As Kd:5", "--seat", "A=Qh Qd:5"], "used twice"),
        (["--seat", "A=As Kd:5", "--seat", "B=As Qd:5", "--board", "2c 3c 4c 5d 9h"], "As"),
        (["--seat", "A=As Kd:5", "--seat", "B=Qh Qd:5", "--button", "7"], "button"),
        ([], "--seat"),
        (["--file", "/nonexistent/hand.json"], "cannot read"),
    ],
)
def test_pots_errors_print_one_line_and_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as done:
        main(["pots", *args])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and message in err and err.count("\n") == 1


def test_pots_rejects_bad_json(tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text('{"seats": [{"name": "A", "contribution": 5, "stack": 3}]}')
    with pytest.raises(SystemExit):
        main(["pots", "--file", str(path)])
    assert "unknown field(s) in seat 0: stack" in capsys.readouterr().err
