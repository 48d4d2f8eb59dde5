"""``--game`` on the command line: eval, showdown, deal, pots, equity, grid and batch lines, as
tables and as JSON, the hi-lo columns, and one-line errors for a bad game or a card outside the
short deck. JSON must equal the library's ``to_dict()``; the poker in it is checked again
against the brute force of ``naive_games``."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

import naive
import naive_games
from conftest import after_first_start, run_cli
from showdown import GAMES, Seat, deal_showdown, equity, evaluate, evaluate_low, odds_grid, settle, showdown
from showdown.cli import main, output

run = run_cli
HI_LO_SHOWDOWN = ("2c 5h 6d Jh Js", {"ann": "As Ad 2s Kd", "bo": "3c 4c Qh Qd", "cy": "Ah 3d Ks Kc"})
QUARTERED = ["--board", "2c 4d 7h Jd Js", "--seat", "A=Ah 3h Kc Qc:101", "--seat", "B=As 3s Qd Td:101",
             "--seat", "C=7c 7d 9s 8s:101"]
QUARTERED_SEATS = [Seat("A", 101, "Ah 3h Kc Qc"), Seat("B", 101, "As 3s Qd Td"), Seat("C", 101, "7c 7d 9s 8s")]


@pytest.fixture(autouse=True)
def wide_console(monkeypatch):
    """A console wide enough that table cells never wrap (it still writes to sys.stdout)."""
    monkeypatch.setattr(output.console, "width", 250)


def run_error(capsys, *args: str) -> str:
    """Run a command that must fail: exit status 2 and exactly one ``error:`` line on stderr."""
    with pytest.raises(SystemExit) as info:
        main(list(args))
    assert info.value.code == 2
    out, err = capsys.readouterr()
    err = after_first_start(err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n") and lines[0].startswith("error: "), err
    return lines[0]


def table_rows(out: str) -> list[list[str]]:
    """The cells of each row of a rich table (rows that wrap are not expected: the console is wide)."""
    return [[cell.strip() for cell in line.strip().strip("│┃").split("│" if "│" in line else "┃")]
            for line in out.splitlines() if line.count("│") >= 2 or line.count("┃") >= 2]


def high_key(game: str, hole: str, board: str):
    """A key ordering players' highs as the game does (brute force)."""
    rules = GAMES[game]
    if rules.omaha:
        return naive_games.omaha_high(naive.ids(hole), naive.ids(board))
    return naive_games.short_deck(naive.ids(hole) + naive.ids(board), rules.trips_over_straight)[1]


def hi_lo_shares(game: str, hands: list[str], board: str) -> list[tuple[Fraction, Fraction, Fraction]]:
    """Each player's (share of the whole pot, of the high half, of the low half) on a full board."""
    highs = [high_key(game, hole, board) for hole in hands]
    lows = [naive_games.omaha_low(naive.ids(hole), naive.ids(board)) if GAMES[game].low else None for hole in hands]
    best = max(highs)
    winners = [i for i, high in enumerate(highs) if high == best]
    best_low = min((low for low in lows if low is not None), default=None)
    low_winners = [i for i, low in enumerate(lows) if best_low is not None and low == best_low]
    shares = []
    for i in range(len(hands)):
        high = Fraction(i in winners, len(winners))
        low = Fraction(i in low_winners, len(low_winners)) if low_winners else Fraction(0)
        shares.append(((high + low) / 2 if low_winners else high, high, low))
    return shares


def enumerated_equity(game: str, hands: list[str], board: str):
    """(equity, high, low, scoop) of each player over every card to come, by brute force."""
    rules = GAMES[game]
    used = set(board.split()) | {card for hole in hands for card in hole.split()}
    deck = [rank + suit for rank in naive.RANKS for suit in naive.SUITS
            if rank + suit not in used and (not rules.short_deck or rank not in "2345")]
    runs = [" ".join([board, *rest]) for rest in itertools.combinations(deck, 5 - len(board.split()))]
    totals = [[Fraction(0)] * 4 for _ in hands]
    for run_board in runs:
        shares = hi_lo_shares(game, hands, run_board)
        for player, (whole, high, low) in enumerate(shares):
            totals[player][0] += whole
            totals[player][1] += high
            totals[player][2] += low
            totals[player][3] += whole == 1
    return [[float(value / len(runs)) for value in player] for player in totals], len(runs)


# --- eval -----------------------------------------------------------------------------------------


def test_eval_omaha_json_and_table(capsys):
    data = json.loads(run(capsys, "eval", "As Ad Ks Kd", "--board", "Ah 7h 7s 2c 3d", "--game", "omaha", "--json"))
    assert data == evaluate("As Ad Ks Kd", "Ah 7h 7s 2c 3d", game="omaha").to_dict()
    assert "low" not in data
    category, _ = naive_games.omaha_high(naive.ids("As Ad Ks Kd"), naive.ids("Ah 7h 7s 2c 3d"))
    assert data["category"] == category == naive.FULL_HOUSE  # aces full: two aces in hand, Ah 7h 7s
    assert len(set(data["best_five"]) & {"As", "Ad", "Ks", "Kd"}) == 2
    rows = dict(table_rows(run(capsys, "eval", "Ah Kh 7c 2d", "-b", "Qh Jh Th 9h 3h", "-g", "omaha")))
    assert rows["Hand"] == "Royal Flush" and rows["Best five"] == "Ah Kh Qh Jh Th" and "Low" not in rows


def test_eval_hi_lo_shows_the_low(capsys):
    args = ["eval", "Ah 2h Qs Qd", "-b", "3c 4d 8s Ks Kh", "-g", "omaha-hilo"]
    data = json.loads(run(capsys, *args, "--json"))
    low = evaluate_low("Ah 2h Qs Qd", "3c 4d 8s Ks Kh")
    assert data == {**evaluate("Ah 2h Qs Qd", "3c 4d 8s Ks Kh", game="omaha-hilo").to_dict(), "low": low.to_dict()}
    expected = naive_games.omaha_low(naive.ids("Ah 2h Qs Qd"), naive.ids("3c 4d 8s Ks Kh"))
    assert data["low"]["description"] == naive_games.low_words(expected) == "8-4-3-2-A low"
    rows = dict(table_rows(run(capsys, *args)))
    assert rows["Low"] == "8-4-3-2-A low (8s 4d 3c 2h Ah)"
    # Only 8 is a low card on this board: no low, null in JSON.
    args = ["eval", "Ah 2h Qs Qd", "-b", "9c Td 8s Ks Kh", "-g", "omaha-hilo"]
    assert json.loads(run(capsys, *args, "--json"))["low"] is None
    assert dict(table_rows(run(capsys, *args)))["Low"] == "no low"


def test_eval_short_deck(capsys):
    data = json.loads(run(capsys, "eval", "Ah 9c", "-b", "8d 7s 6h", "-g", "short-deck", "--json"))
    assert data["description"] == "Straight, Nine high" and data["category"] == naive.STRAIGHT
    flush = json.loads(run(capsys, "eval", "Ah Kh Qh 9h 6h", "-g", "short-deck", "--json"))
    full = json.loads(run(capsys, "eval", "Ac Ad As Kh Kd", "-g", "short-deck", "--json"))
    assert flush["value"] > full["value"]  # a flush beats a full house in short deck
    trips = json.loads(run(capsys, "eval", "Tc Td Ts 9c 8d 7s 6h", "-g", "short-deck-trips", "--json"))
    assert trips["description"] == "Three of a Kind, Tens, Nine-Eight kickers"


# --- showdown and deal ----------------------------------------------------------------------------


def test_showdown_hi_lo_json_and_table(capsys):
    board, hands = HI_LO_SHOWDOWN
    players = [f"{name}={hole}" for name, hole in hands.items()]
    data = json.loads(run(capsys, "showdown", *players, "--board", board, "--game", "omaha-hilo", "--json"))
    assert data == showdown(hands, board, game="omaha-hilo").to_dict()
    highs = {name: naive_games.omaha_high(naive.ids(hole), naive.ids(board)) for name, hole in hands.items()}
    lows = {name: naive_games.omaha_low(naive.ids(hole), naive.ids(board)) for name, hole in hands.items()}
    assert data["winners"] == [max(highs, key=highs.get)] == ["bo"]  # a straight, six high
    assert data["low_winners"] == [min((n for n in lows if lows[n]), key=lows.get)] == ["cy"]
    assert data["scoopers"] == [] and data["game"] == "omaha-hilo"

    out = run(capsys, "showdown", *players, "-b", board, "-g", "omaha-hilo")
    rows = table_rows(out)
    assert rows[0] == ["Player", "Hole", "High", "Best five", "Low", ""]
    by_name = {row[0]: row for row in rows[1:]}
    assert by_name["ann"][4] == "no low" and by_name["ann"][5] == ""
    assert by_name["bo"][4] == naive_games.low_words(lows["bo"]) and by_name["bo"][5] == "wins the high"
    assert by_name["cy"][4] == naive_games.low_words(lows["cy"]) and by_name["cy"][5] == "wins the low"
    assert out.splitlines()[-1] == data["verdict"]


def test_showdown_scoop_and_split_low_in_the_table(capsys):
    # ann: 3c 4c with A 2 5 makes the wheel, both the best high (a straight) and the best low.
    out = run(capsys, "showdown", "ann=3c 4c Ks Qc", "bo=Qd Jd 9c 9s", "-b", "Ac 2d 5s Kh Kd", "-g", "omaha-hilo")
    rows = {row[0]: row for row in table_rows(out)[1:]}
    assert rows["ann"][5] == "scoops" and rows["bo"][5] == ""
    assert "ann scoops with Straight, Five high and 5-4-3-2-A low" in out
    # ann and bo hold the same low cards (A 3) on 2c 4d 7h Jd Js and split the low; cy's sevens
    # full win the high.
    out = run(capsys, "showdown", "ann=Ah 3h Kc Qc", "bo=As 3s Qd Td", "cy=7c 7d 9s 8s", "-b", "2c 4d 7h Jd Js",
              "-g", "omaha-hilo")
    rows = {row[0]: row for row in table_rows(out)[1:]}
    assert rows["ann"][5] == rows["bo"][5] == "splits the low" and rows["cy"][5] == "wins the high"
    assert "ann and bo split the low with 7-4-3-2-A low" in out


@pytest.mark.parametrize("game, board, hands", [
    ("omaha", "Qh Jh Th 9h 3h", {"a": "Ah Kh 7c 2d", "b": "As 8h 7d 2s"}),
    ("omaha5", "Qh Jh Th 9h 3h", {"a": "Ah Kh 7c 2d 2c", "b": "As 8h 7d 2s 3c"}),
    ("short-deck", "Ah Kh 9h 9d 7d", {"a": "Qh 6h", "b": "9c Ks"}),
    ("short-deck-trips", "9c 9d 8h 7s Kd", {"a": "9s Ac", "b": "Tc 6h"}),
])
def test_showdown_other_games(capsys, game, board, hands):
    players = [f"{name}={hole}" for name, hole in hands.items()]
    data = json.loads(run(capsys, "showdown", *players, "-b", board, "-g", game, "--json"))
    assert data == showdown(hands, board, game=game).to_dict()
    keys = {name: high_key(game, hole, board) for name, hole in hands.items()}
    assert data["winners"] == [name for name in hands if keys[name] == max(keys.values())]
    assert data["low_winners"] == [] and all(player["low"] is None for player in data["players"])
    rows = table_rows(run(capsys, "showdown", *players, "-b", board, "-g", game))
    assert rows[0] == ["Player", "Hole", "Hand", "Best five", ""]


@pytest.mark.parametrize("game, players", [("omaha", 3), ("omaha-hilo", 11), ("omaha6", 7), ("short-deck", 15)])
def test_deal_json_for_each_game(capsys, game, players):
    data = json.loads(run(capsys, "deal", "-n", str(players), "--seed", "5", "-g", game, "--json"))
    expected = deal_showdown(players, seed=5, game=game)
    assert data == {"seed": 5, "result": expected.to_dict()}
    rules = GAMES[game]
    holes = [player["hole"] for player in data["result"]["players"]]
    cards = [card for hole in holes for card in hole] + data["result"]["board"]
    assert all(len(hole) == rules.hole_cards for hole in holes) and len(set(cards)) == len(cards)
    assert not rules.short_deck or not any(card[0] in "2345" for card in cards)
    board = " ".join(data["result"]["board"])
    keys = [high_key(game, " ".join(hole), board) for hole in holes]
    assert data["result"]["winners"] == [f"P{i + 1}" for i, key in enumerate(keys) if key == max(keys)]


def test_deal_hi_lo_table_has_the_low_column(capsys):
    out = run(capsys, "deal", "-n", "3", "--seed", "4", "-g", "omaha-hilo")
    rows = table_rows(out)
    assert rows[0] == ["Player", "Hole", "High", "Best five", "Low", ""] and len(rows) == 4
    assert out.splitlines()[-1] == deal_showdown(3, seed=4, game="omaha-hilo").verdict
    assert "2 to 7" in run_error(capsys, "deal", "-n", "8", "-g", "omaha6")


# --- pots -----------------------------------------------------------------------------------------


def test_pots_hi_lo_json_and_table(capsys):
    # The quartered pot worked out in test_game_showdown: 303 = 152 high to C + 151 low, which A
    # and B split 75 / 76 (the odd chip to B, the first of them clockwise from the button, A).
    data = json.loads(run(capsys, "pots", *QUARTERED, "--game", "omaha-hilo", "--json"))
    assert data == settle(QUARTERED_SEATS, "2c 4d 7h Jd Js", game="omaha-hilo").to_dict()
    assert {seat["name"]: seat["payout"] for seat in data["seats"]} == {"A": 75, "B": 76, "C": 152}
    (pot,) = data["pots"]
    assert pot["high_winners"] == ["C"] and sorted(pot["low_winners"]) == ["A", "B"]
    assert pot["low_description"] == "7-4-3-2-A low"
    out = run(capsys, "pots", *QUARTERED, "-g", "omaha-hilo")
    rows = table_rows(out)
    assert rows[0] == ["Pot", "Amount", "Contenders", "Winners", "High", "Low"]
    assert rows[1] == ["Main", "303", "A, B, C", "A 75, B 76, C 152", "Full House, Sevens full of Jacks",
                       "7-4-3-2-A low"]
    assert "B and A split the low (76, 75) with 7-4-3-2-A low." in out


def test_pots_hi_lo_without_a_low_and_from_a_file(capsys, tmp_path):
    # Board Kc Qd 9h 8s 2c: no low can be made; A and B tie the high (K-high straights): 75 of
    # three 25s split 38 / 37, the odd chip to A, the first clockwise from the button C.
    seats = [("A", "Ac 3d Jc Ts"), ("B", "Ah 4h Jd Th"), ("C", "Kd Ks 5c 6c")]
    hand = {"board": "Kc Qd 9h 8s 2c", "button": 2, "game": "omaha-hilo",
            "seats": [{"name": name, "contribution": 25, "hole": hole} for name, hole in seats]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    data = json.loads(run(capsys, "pots", "--file", str(path), "--json"))
    expected = settle([Seat(name, 25, hole) for name, hole in seats], "Kc Qd 9h 8s 2c", button=2, game="omaha-hilo")
    assert data == expected.to_dict() and data["game"] == "omaha-hilo"
    assert [seat["payout"] for seat in data["seats"]] == [38, 37, 0]
    assert data["pots"][0]["low_winners"] == [] and data["pots"][0]["low_description"] is None
    rows = table_rows(run(capsys, "pots", "--file", str(path)))
    assert rows[1][-1] == "no low" and rows[1][-2] == "Straight, King high"
    assert "--game" in run_error(capsys, "pots", "--file", str(path), "--game", "omaha-hilo")


def test_pots_omaha_and_short_deck(capsys):
    # Plain Omaha on the quartered board: no low half, C's full house takes all 303.
    data = json.loads(run(capsys, "pots", *QUARTERED, "-g", "omaha", "--json"))
    assert {seat["name"]: seat["payout"] for seat in data["seats"]} == {"A": 0, "B": 0, "C": 303}
    assert table_rows(run(capsys, "pots", *QUARTERED, "-g", "omaha"))[0][-1] == "Hand"
    # Short deck: Qh 6h's flush beats 9c Ks's full house on Ah Kh 9h 9d 7d (50 + 50 to A).
    args = ["pots", "-b", "Ah Kh 9h 9d 7d", "-s", "A=Qh 6h:50", "-s", "B=9c Ks:50", "-g", "short-deck", "--json"]
    assert [seat["payout"] for seat in json.loads(run(capsys, *args))["seats"]] == [100, 0]


# --- equity, grid, batch --------------------------------------------------------------------------


def test_equity_hi_lo_json_and_table(capsys):
    hands, board = ["As Ad 2s 3s", "Kh Kd Qh Jd"], "4c 7h 9d Ts"
    data = json.loads(run(capsys, "equity", *hands, "-b", board, "-g", "omaha-hilo", "--json"))
    expected = equity(hands, board, game="omaha-hilo").to_dict()
    data.pop("elapsed"), expected.pop("elapsed")
    assert data == expected and data["game"] == "omaha-hilo" and data["exact"] is True
    reference, runs = enumerated_equity("omaha-hilo", hands, board)
    assert data["total"] == runs == 40
    for player, (whole, high, low, scoop) in zip(data["players"], reference, strict=True):
        assert player["equity"] == pytest.approx(whole, abs=1e-12)
        assert player["high"] == pytest.approx(high, abs=1e-12)
        assert player["low"] == pytest.approx(low, abs=1e-12)
        assert player["scoop"] == pytest.approx(scoop, abs=1e-12)
    rows = table_rows(run(capsys, "equity", *hands, "-b", board, "-g", "omaha-hilo"))
    assert rows[0] == ["Player", "Equity", "High", "Low", "Scoop"]
    for row, (whole, high, low, scoop) in zip(rows[1:], reference, strict=True):
        assert row[1:] == [f"{value:.3%}" for value in (whole, high, low, scoop)]


@pytest.mark.parametrize("game, hands, board", [
    ("short-deck", ["Ah Kh", "Qs Qd"], "6c 7d 8h 9s"),
    ("short-deck-trips", ["Th Td", "Jc Qc"], "Tc 9d 8h 6s"),
    ("omaha", ["As Ad 2s 3s", "Kh Kd Qh Jd"], "4c 7h 9d Ts"),
])
def test_equity_other_games(capsys, game, hands, board):
    data = json.loads(run(capsys, "equity", *hands, "-b", board, "-g", game, "--json"))
    reference, runs = enumerated_equity(game, hands, board)
    assert data["total"] == runs and data["game"] == game
    assert [player["equity"] for player in data["players"]] == pytest.approx([r[0] for r in reference], abs=1e-12)
    assert table_rows(run(capsys, "equity", *hands, "-b", board, "-g", game))[0] == [
        "Player", "Equity", "Win", "Tie"]


def test_grid_short_deck_against_every_opponent(capsys):
    hole, board = "Ah Kh", "Qh Jh 6c 7d 8s"
    data = json.loads(run(capsys, "grid", hole, "-b", board, "-g", "short-deck", "--json"))
    expected = odds_grid(hole, board, game="short-deck").to_dict()
    data.pop("elapsed"), expected.pop("elapsed")
    assert data == expected
    used = set(hole.split()) | set(board.split())
    deck = [card for card in itertools.product("6789TJQKA", "cdhs") if "".join(card) not in used]
    opponents = [" ".join(map("".join, pair)) for pair in itertools.combinations(deck, 2)]
    mine = high_key("short-deck", hole, board)
    share = sum(Fraction(1) if mine > high_key("short-deck", other, board) else
                Fraction(1, 2) if mine == high_key("short-deck", other, board) else Fraction(0)
                for other in opponents) / len(opponents)
    assert data["total"] == len(opponents) == 406 and data["exact"] is True
    assert data["equity"] == pytest.approx(float(share), abs=1e-12)
    # the hero's hand is the same on every deal: all of the equity is in its category
    category = naive_games.short_deck(naive.ids(hole) + naive.ids(board))[0]
    assert [row["player"] for row in data["categories"]] == pytest.approx(
        [float(share) if row["category"] == category else 0.0 for row in data["categories"]], abs=1e-12)
    rows = table_rows(run(capsys, "grid", hole, "-b", board, "-g", "short-deck"))
    assert rows[-1] == ["Total", f"{float(share):.3%}", f"{float(1 - share):.3%}"]


def test_grid_omaha_hi_lo_matches_the_library(capsys):
    args = ["grid", "As Ad 2s 3s", "-b", "4c 7h 9d Ts 2c", "-g", "omaha-hilo", "--trials", "20000", "--seed", "3",
            "--monte-carlo", "--json"]
    data = json.loads(run(capsys, *args))
    expected = odds_grid("As Ad 2s 3s", "4c 7h 9d Ts 2c", game="omaha-hilo", exact=False, trials=20000,
                         seed=3).to_dict()
    data.pop("elapsed"), expected.pop("elapsed")
    assert data == expected and data["total"] == 20000 and data["exact"] is False


def test_batch_lines_with_games(capsys, tmp_path):
    source, out = tmp_path / "spots.jsonl", tmp_path / "out.jsonl"
    lines = [
        {"players": ["As Ad 2s 3s", "Kh Kd Qh Jd"], "board": "4c 7h 9d Ts", "game": "omaha-hilo"},
        {"players": ["Ah Kh", "Qs Qd"], "board": "6c 7d 8h 9s", "game": "short-deck"},
        {"players": ["Ah Kh", "Qs Qd"], "game": "razz"},
        {"players": ["5h 6h", "Qs Qd"], "game": "short-deck"},
        {"players": ["As Ad 2s", "Kh Kd Qh Jd"], "board": "4c 7h 9d", "game": "omaha"},
        {"players": ["Ah Kh", "Qs Qd"], "game": 4},
    ]
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert "6 solved now (4 errors)" in run(capsys, "batch", str(source), "-o", str(out))
    records = [json.loads(line) for line in out.read_text().splitlines()]
    for record, line in zip(records[:2], lines[:2], strict=True):
        expected = equity(line["players"], line["board"], game=line["game"]).to_dict()
        record["result"].pop("elapsed"), expected.pop("elapsed")
        assert record["result"] == expected and record["result"]["game"] == line["game"]
        reference, runs = enumerated_equity(line["game"], line["players"], line["board"])
        assert record["result"]["total"] == runs
        assert [p["equity"] for p in record["result"]["players"]] == pytest.approx([r[0] for r in reference])
    assert "'razz'" in records[2]["error"]
    assert "5h" in records[3]["error"] and "short deck" in records[3]["error"]
    assert "3" in records[4]["error"] and "4 hole cards" in records[4]["error"]
    assert "game must be the name of a game" in records[5]["error"]


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["eval", "As Ks", "-g", "razz"],
    ["showdown", "As Ks", "Qh Qd", "-b", "2c 7d 9h", "--game", "razz"],
    ["deal", "-g", "razz"],
    ["pots", "-s", "A=As Ks:5", "-s", "B=Qh Qd:5", "-b", "2c 7d 9h 3s 4s", "-g", "razz"],
    ["equity", "As Ks", "Qh Qd", "-g", "razz"],
    ["grid", "As Ks", "-g", "razz"],
])
def test_a_bad_game_name_is_one_line(capsys, args):
    line = run_error(capsys, *args)
    assert "'razz'" in line and "omaha-hilo" in line


@pytest.mark.parametrize("args", [
    ["eval", "5h 6h 7h 8h 9h", "-g", "short-deck"],
    ["eval", "Ah 9c", "-b", "8d 7s 5h", "-g", "short-deck"],
    ["showdown", "Ah Kd", "Qh Qd", "-b", "8d 7s 5h", "-g", "short-deck"],
    ["pots", "-s", "A=5h Ks:5", "-s", "B=Qh Qd:5", "-b", "6c 7d 9h 8s Ts", "-g", "short-deck"],
    ["equity", "5h Ks", "Qh Qd", "-g", "short-deck"],
    ["equity", "Ah Ks", "Qh Qd", "--dead", "5h", "-g", "short-deck-trips"],
    ["grid", "5h Ks", "-g", "short-deck"],
])
def test_a_card_outside_the_short_deck_is_one_line(capsys, args):
    line = run_error(capsys, *args)
    assert "5h" in line and "short deck" in line


@pytest.mark.parametrize("args, words", [
    (["showdown", "As Ad 3c", "Kh Kd Qh Jd", "-b", "2c 7d 9h", "-g", "omaha"], ["3 cards", "4 hole cards"]),
    (["eval", "As Ad 3c", "-b", "2c 7d 9h", "-g", "omaha-hilo"], ["3"]),
    (["equity", "As Ad Kc", "Kh Kd Qh Jd", "-g", "omaha"], ["As Ad Kc"]),
    (["grid", "As Ad", "-g", "omaha"], ["As Ad"]),
])
def test_wrong_omaha_hands_are_one_line(capsys, args, words):
    line = run_error(capsys, *args)
    for word in words:
        assert word in line
