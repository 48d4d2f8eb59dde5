"""`showdown study`: the breakdown, the equity by hand, the distribution and the next card, as
tables and as JSON equal to the library's answers; one-line errors."""

import json

import pytest

from conftest import run_cli
from showdown import breakdown, combo_equities, next_card
from showdown.cli import main
from showdown.cli.study import DECILES

run = run_cli
BOARD = "Ks 7h 2h"
HERO = "22+, A2s+, KTo+, QJs, 0.5(T9s)"


def test_study_json_is_the_library_answers(capsys):
    data = json.loads(run(capsys, "study", BOARD, "--range", HERO, "--villain", "random", "--dead", "3c",
                          "--next-card", "--json"))
    assert data["breakdown"] == breakdown(HERO, BOARD, "3c", villain="random").to_dict()
    assert data["equities"] == combo_equities(HERO, "random", BOARD, "3c").to_dict()
    assert data["next_card"] == next_card(HERO, "random", BOARD, "3c").to_dict()


def test_study_without_a_villain_is_the_breakdown_alone(capsys):
    data = json.loads(run(capsys, "study", BOARD, "-r", "random", "--json"))
    assert data == {"breakdown": breakdown("random", BOARD).to_dict()}


def test_study_multiway_is_monte_carlo_with_the_seed(capsys):
    args = ["study", BOARD, "-r", "QQ+, AK", "-v", "random", "-v", "22+", "--trials", "20000", "--seed", "4",
            "--json"]
    data = json.loads(run(capsys, *args))
    expected = combo_equities("QQ+, AK", ["random", "22+"], BOARD, trials=20000, seed=4)
    assert data["equities"] == expected.to_dict() and data["equities"]["exact"] is False
    assert data["breakdown"]["villain"] is None


def test_study_tables_show_the_library_numbers(capsys):
    out = run(capsys, "study", BOARD, "--range", HERO, "--villain", "random", "--next-card")
    result = breakdown(HERO, BOARD, villain="random")
    lines = out.splitlines()
    for name, count in {**result.made, **result.draws}.items():
        row = [line for line in lines if line.strip("│ ").startswith(name + " ")]
        if not count:
            assert not row, name
            continue
        assert len(row) == 1, name
        cells = [cell.strip() for cell in row[0].split("│") if cell.strip()]
        assert cells[1] == f"{count:g}" and cells[2] == f"{result.share(name):.1%}", name
        assert cells[-1] == f"{result.equity_by_class[name]:.1%}", name
    equities = combo_equities(HERO, "random", BOARD)
    for share in DECILES:
        assert any(line.split("│")[1:3] and line.split("│")[1].strip() == f"{share:.0%}"
                   and line.split("│")[2].strip() == f"{equities.equity_at(share):.1%}" for line in lines), share
    best = max(equities.by_class.items(), key=lambda item: item[1])
    assert any(f"{best[0]} " in line and f"{best[1]:.1%}" in line for line in lines)
    cards = next_card(HERO, "random", BOARD)
    ace_row = next(line for line in lines if line.split("│")[1:2] and line.split("│")[1].strip() == "A")
    assert [cell.strip() for cell in ace_row.split("│")[2:6]] == [f"{cards.by_card['A' + s]:.1%}" for s in "shdc"]
    king_row = next(line for line in lines if line.split("│")[1:2] and line.split("│")[1].strip() == "K")
    assert king_row.split("│")[2].strip() == ""  # Ks is on the board


def test_study_short_deck(capsys):
    data = json.loads(run(capsys, "study", "9c 8d 7h", "-r", "AK, 66+", "-v", "random", "--game", "short-deck",
                          "--json"))
    assert data["breakdown"] == breakdown("AK, 66+", "9c 8d 7h", villain="random", game="short-deck").to_dict()
    draws = {row["class"]: row["combos"] for row in data["breakdown"]["draws"]}
    # 66 and TT have two outs (A-6-7-8-9 and 6-T, or 6-T and 7-J); AK (the 6), AA (the 6) and JJ (the T) one
    assert data["equities"]["game"] == "short-deck" and draws["oesd"] == 6 + 6 and draws["gutshot"] == 16 + 6 + 6


@pytest.mark.parametrize(
    "args, message",
    [
        (["Ks 7h", "-r", "random"], "2 cards"),
        (["Ks 7h 2d", "-r", "AKx"], "AKx"),
        (["Ks 7h 2d", "-r", "AA", "-v", "KK", "-v", "QQ", "--next-card"], "--next-card"),
        (["Ks 7h 2d", "-r", "AA", "--dead", "Ks"], "Ks"),
        (["Ks 7h 2d", "-r", "AsAh", "-v", "AsKd"], "As"),
        (["Ks 7h 2d 9c 3d", "-r", "AA", "-v", "KK", "--next-card"], "3 (flop) or 4 (turn)"),
        (["Ks 7h 2d", "-r", "KsKh"], "empty"),
        (["Ks 7h 2d", "-r", "AA", "--game", "omaha"], "Omaha"),
        (["Ks 7h 2d", "-r", "AA", "--game", "short-deck"], "2d"),
        (["Ks 7h 2d", "-r", "AA", "-v", "KK", "--seed", "3"], "--trials and --seed apply to a study against two"),
        (["Ks 7h 2d", "-r", "AA", "--trials", "500"], "without one there are no equities; got 0"),
    ],
)
def test_study_errors_print_one_line_and_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as done:
        main(["study", *args])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and message in err and err.count("\n") == 1
