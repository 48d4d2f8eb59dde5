"""`showdown vp`: holds, analysis and the trainer from the command line; one-line errors."""

import io
import json
import re
from fractions import Fraction

import pytest

from conftest import run_cli
from showdown import format_cards, parse_cards
from showdown.cli import main, output
from showdown.videopoker import PAYTABLES, Analysis, Paytable, Trainer, holds, parse_hold

run = run_cli


def test_vp_hold_json_matches_the_library(capsys):
    data = json.loads(run(capsys, "vp", "hold", "As Ks Kh 4s 4d", "--paytable", "ddb-9/6", "--coins", "3", "--json"))
    expected = holds("As Ks Kh 4s 4d", "double-double-bonus-9-6", 3)
    assert data["paytable"]["name"] == "double-double-bonus-9-6" and data["coins"] == 3
    assert [hold["held"] for hold in data["holds"]] == [[str(c) for c in hold.held] for hold in expected]
    assert [Fraction(hold["ev_exact"]) for hold in data["holds"]] == [hold.ev for hold in expected]


def test_vp_hold_table_ranks_the_holds(capsys):
    out = run(capsys, "vp", "hold", "As Ks Kh 4s 4d", "--top", "6")
    lines = [line for line in out.splitlines() if "│" in line]
    assert len(lines) == 6 and "Ks Kh 4s 4d" in lines[0] and "2.595745" in lines[0] and "12.9787" in lines[0]
    assert "tied with 1" in lines[-1]


def test_vp_analyze_prints_the_table_and_json(capsys):
    out = run(capsys, "vp", "analyze", "--paytable", "9/6")
    assert "return 99.5439%" in out and "Royal Flush" in out and "493,512,264" in out
    # Titled as vp strategy titles it: by the table's title, not its name.
    assert out.splitlines()[0] == "Jacks or Better 9/6, 5 coins: return 99.5439%, variance 19.51"
    assert "jacks-or-better" not in out
    data = json.loads(run(capsys, "vp", "analyze", "-p", "bonus 8/5", "--json"))
    assert round(data["expected_return"] * 100, 2) == 99.17 and data["deal_classes"] == 134_459
    assert sum(row["combinations"] for row in data["rows"]) == data["total_combinations"]


def test_vp_play_scores_holds_and_keeps_a_tally(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("xyz\n1 2\nnone\nq\n"))
    out = run(capsys, "vp", "play", "--seed", "3")
    assert "Hand 1:" in out and "Hand 3:" in out
    assert "bad card 'xyz'" in out  # a bad answer asks again
    assert out.count("Tally:") == 2 and "Tally: 2 hands" in out and "bet 10" in out
    assert "Goodbye after 2 hands." in out


def test_vp_hold_json_positions_are_the_trainers_and_held_cards_stay_in_place(capsys, monkeypatch):
    deal = Trainer(seed=5).deal()
    best = json.loads(run(capsys, "vp", "hold", format_cards(deal), "--json"))["holds"][0]
    assert tuple(deal[p] for p in best["positions"]) == parse_cards(" ".join(best["held"]))
    # The positions from --json, typed into the trainer, are the best hold, and stay in place.
    monkeypatch.setattr("sys.stdin", io.StringIO(" ".join(str(p + 1) for p in best["positions"]) + "\nq\n"))
    out = run(capsys, "vp", "play", "--seed", "5")
    dealt = re.search(r"Hand 1:  (.*)", out).group(1).split()
    final = re.search(r"Final hand:  ((?:\d:\S+\s+){5})", out).group(1).split()
    assert dealt == [f"{i}:{card}" for i, card in enumerate(deal, start=1)]
    kept = set(best["positions"])
    assert [final[i] for i in sorted(kept)] == [dealt[i] for i in sorted(kept)]
    assert not {final[i].split(":")[1] for i in range(5) if i not in kept} & {str(card) for card in deal}
    assert "Best hold: " in out and "gave up" not in out


def test_vp_hold_table_shows_the_positions_the_trainer_takes(capsys):
    """The issue's deal: the table's positions are --json's, and read back as the same cards."""
    deal = "Kc 3s Js 6h Qd"
    data = json.loads(run(capsys, "vp", "hold", deal, "--json"))["holds"]
    rows = [
        [cell.strip() for cell in line.split("│")[1:-1]]
        for line in run(capsys, "vp", "hold", deal).splitlines()
        if line.startswith("│")
    ]
    assert [row[1:3] for row in rows] == [
        [" ".join(hold["held"]) or "(draw five)", " ".join(str(p + 1) for p in hold["positions"]) or "none"]
        for hold in data
    ]
    best = holds(deal)[0]
    assert rows[0][2] == " ".join(str(p + 1) for p in best.positions)
    assert parse_hold(rows[0][2], parse_cards(deal)) == best.positions
    assert [str(card) for card in best.held] == rows[0][1].split()


@pytest.mark.parametrize(
    "args",
    [
        ["vp", "hold", "As Ks Kh 4s 4d", "--json"],
        ["vp", "analyze", "--json"],
        ["vp", "analyze", "--all", "--json"],
        ["vp", "play", "--seed", "1", "--hands", "1"],
    ],
)
def test_vp_commands_prepare_the_engine_before_computing(capsys, monkeypatch, args):
    """A first start says so on stderr, and the kernels are warmed up before any is used."""
    import showdown.cli.progress as progress
    import showdown.cli.videopoker as command
    import showdown.videopoker.trainer as trainer

    calls: list[str] = []
    monkeypatch.setattr(progress, "first_start", lambda *parts: True)
    monkeypatch.setattr(progress, "warm_up", lambda *parts: calls.append("warm " + " ".join(parts)) or 0.0)
    for module, name in ((command, "holds"), (command, "analyze"), (command, "analyze_all"), (trainer, "holds")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _real=real, _name=name, **k: calls.append(_name) or _real(*a, **k))
    monkeypatch.setattr("sys.stdin", io.StringIO("all\n"))
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code in (0, None)
    assert calls[0] == "warm videopoker" and len(calls) >= 2 and "warm videopoker" not in calls[1:]
    assert capsys.readouterr().err.startswith("preparing the engine (first start only)...\n")


# A bet of fewer coins plays another strategy list (the royal pays less), derived in the slow tier.
@pytest.mark.parametrize("coins", [5, pytest.param(1, marks=pytest.mark.slow)])
def test_vp_play_stops_after_the_hands_asked_for_or_at_the_end_of_input(capsys, monkeypatch, coins):
    monkeypatch.setattr("sys.stdin", io.StringIO("all\nall\nall\n"))
    out = run(capsys, "vp", "play", "--seed", "1", "--hands", "2", "--coins", str(coins))
    assert out.count("Tally:") == 2 and "Goodbye" not in out and f"bet {2 * coins}" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("all\n"))
    out = run(capsys, "vp", "play", "--seed", "1")
    assert out.count("Tally:") == 1 and "Goodbye after 1 hand." in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["vp", "hold", "As Ks Kh 4s"], "5 cards, got 4"),
        (["vp", "hold", "As Ks Kh 4s As"], "card As appears more than once"),
        (["vp", "hold", "As Ks Kh 4s 4x"], "'4x'"),
        (["vp", "hold", "As Ks Kh 4s 4d", "--paytable", "7/7"], "unknown paytable '7/7'"),
        (["vp", "hold", "As Ks Kh 4s 4d", "--coins", "9"], "coins must be a whole number from 1 to 5"),
        (["vp", "analyze", "--paytable", "nope.json"], "cannot read paytable file"),
        (["vp", "analyze", "--all", "--paytable", "9/6"], "--all analyzes every named pay table; drop --paytable 9/6"),
        (["vp", "analyze", "--local", "2"], "--scheduler and --local spread --all over a cluster"),
        (["vp", "analyze", "--scheduler", "tcp://127.0.0.1:1"], "one pay table runs here"),
        (["table", "preflop", "-o", "t.csv", "--no-heatmap", "--hands", ""], "'' is not a starting hand"),
    ],
)
def test_vp_errors_print_one_line_and_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and message in err and err.count("\n") == 1


def _rows(out: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.split("│")[1:-1]] for line in out.splitlines() if line.startswith("│")]


def test_vp_outputs_name_a_table_by_its_title(capsys, monkeypatch):
    out = run(capsys, "vp", "hold", "As Ks Kh 4s 4d", "--paytable", "ddb-9/6", "--top", "1")
    assert out.splitlines()[0] == "As Ks Kh 4s 4d  (Double Double Bonus 9/6, 5 coins)"
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    out = run(capsys, "vp", "play", "--seed", "1", "--paytable", "nsud")
    assert out.startswith("Deuces Wild NSUD, 5 coins a hand.") and "deuces-wild-nsud" not in out

    # --all: one row per table, by title (the analyses stubbed: the real ones take seconds each).
    import showdown.cli.videopoker as command

    def stub(coins, client=None, progress=None):
        return {name: Analysis(table, coins, Fraction(99, 100), Fraction(20), (), {}, 0, 0.0)
                for name, table in PAYTABLES.items()}

    monkeypatch.setattr(command, "analyze_all", stub)
    monkeypatch.setattr(output.console, "width", 200)
    out = run(capsys, "vp", "analyze", "--all")
    assert [row[0] for row in _rows(out)] == [table.title for table in PAYTABLES.values()]
    assert not any(name in out for name in PAYTABLES)


def test_vp_list_shows_every_named_table(capsys, monkeypatch):
    monkeypatch.setattr(output.console, "width", 200)
    out = run(capsys, "vp", "list")
    assert _rows(out) == [[table.name, table.title, ", ".join(table.short_names), table.wild]
                          for table in PAYTABLES.values()]
    assert len(PAYTABLES) >= 12 and all(table.short_names for table in PAYTABLES.values())
    assert "9/6, job-9/6" in out and "nsud" in out and "joker" in out


def test_vp_list_json_is_each_tables_dict_with_its_short_names(capsys):
    data = json.loads(run(capsys, "vp", "list", "--json"))
    assert data == [{**table.to_dict(), "short_names": list(table.short_names)} for table in PAYTABLES.values()]
    for entry in data:  # every short name listed names its table, as --paytable takes it
        table = Paytable.from_dict({key: value for key, value in entry.items() if key != "short_names"})
        assert table == PAYTABLES[entry["name"]]
        assert all(Paytable.named(short) == table for short in entry["short_names"])
