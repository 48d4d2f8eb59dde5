"""The odds grid: exact grids equal a plain loop over phevaluator, Monte Carlo agrees with exact,
the columns add up, bad input is named; `showdown grid` shows the same numbers."""

import itertools
import json

import pytest

from conftest import require, run_cli
from showdown import Category, DuplicateCardError, EquityError, HandSizeError, equity, odds_grid, parse_cards
from showdown.cli import main

# phevaluator's rank (1 = royal flush .. 7462) to a category, by its published boundaries
_PHEVAL_CATEGORY_TOPS = [(10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4), (2467, 3), (3325, 2), (6185, 1)]


def _category(pheval_rank):
    for top, category in _PHEVAL_CATEGORY_TOPS:
        if pheval_rank <= top:
            return Category(category)
    return Category.HIGH_CARD


def brute_grid(hole, board):
    """Every opponent hand and every rest of the board, scored by phevaluator."""
    _pheval = require("phevaluator._pheval")

    hole_ids = [c.id for c in parse_cards(hole)]
    board_ids = [c.id for c in parse_cards(board)]
    deck = [c for c in range(52) if c not in hole_ids + board_ids]
    player = dict.fromkeys(Category, 0.0)
    opponents = dict.fromkeys(Category, 0.0)
    total = 0
    for villain in itertools.combinations(deck, 2):
        rest = [c for c in deck if c not in villain]
        for more in itertools.combinations(rest, 5 - len(board_ids)):
            full = board_ids + list(more)
            mine = _pheval.evaluate_7cards(*full, *hole_ids)
            theirs = _pheval.evaluate_7cards(*full, *villain)
            total += 1
            if mine < theirs:
                player[_category(mine)] += 1
            elif theirs < mine:
                opponents[_category(theirs)] += 1
            else:
                player[_category(mine)] += 0.5
                opponents[_category(theirs)] += 0.5
    return {c: v / total for c, v in player.items()}, {c: v / total for c, v in opponents.items()}, total


@pytest.mark.parametrize("hole, board", [("AsKs", "Ts Qs 2d 7s"), ("7h7d", "7c Kd 2s Ah"), ("5c4c", "3c 2d Ah 9s 9c")])
def test_exact_grid_matches_phevaluator(hole, board):
    grid = odds_grid(hole, board)
    player, opponents, total = brute_grid(hole, board)
    assert grid.exact and grid.total == total
    for category in Category:
        assert grid.player[category] == pytest.approx(player[category], abs=1e-12)
        assert grid.opponents[category] == pytest.approx(opponents[category], abs=1e-12)


def test_columns_add_up_to_equity_and_one():
    grid = odds_grid("AsKs", "Ts Qs 2d")
    result = equity(["AsKs", "random"], "Ts Qs 2d")
    assert sum(grid.player.values()) == pytest.approx(grid.equity, rel=1e-12)
    assert grid.equity == pytest.approx(result.equity[0], rel=1e-12)
    assert sum(grid.player.values()) + sum(grid.opponents.values()) == pytest.approx(1.0, rel=1e-12)
    assert set(grid.player) == set(grid.opponents) == set(Category)


def test_preflop_exact_and_monte_carlo_agree():
    exact = odds_grid("AsKs")
    assert exact.exact and exact.total == 1225 * 1712304
    assert exact.equity == pytest.approx(0.6704, abs=1e-4)  # AKs against a random hand
    sampled = odds_grid("AsKs", exact=False, trials=200_000, seed=7)
    assert not sampled.exact and sampled.total == 200_000
    for category in Category:
        for column in ("player", "opponents"):
            p = getattr(exact, column)[category]
            assert abs(getattr(sampled, column)[category] - p) <= 4 * (p * (1 - p) / sampled.total) ** 0.5 + 1e-9


def test_more_opponents_monte_carlo_and_output():
    grid = odds_grid("AhAd", opponents=3, trials=100_000, seed=1)
    assert not grid.exact and grid.n_opponents == 3
    assert 0.60 < grid.equity < 0.66  # aces against three random hands: about 64%
    text = str(grid)
    assert "3 random hands" in text and "Straight Flush" in text and "total" in text
    assert json.loads(json.dumps(grid.to_dict()))["n_opponents"] == 3


@pytest.mark.parametrize(
    "hole, board, opponents, error, words",
    [
        ("AsKsQs", "", 1, HandSizeError, "needs 2 hole cards, got 3"),
        ("AsKs", "", 0, EquityError, "1 to 9"),
        ("AsKs", "", 10, EquityError, "1 to 9"),
        ("AsKs", "As 2d 3c", 1, DuplicateCardError, "As"),
    ],
)
def test_errors(hole, board, opponents, error, words):
    with pytest.raises(error, match=words):
        odds_grid(hole, board, opponents)


def test_cli_grid_json_matches_the_library(capsys):
    data = json.loads(run_cli(capsys, "grid", "AsKs", "--board", "Ts Qs 2d", "--json"))
    grid = odds_grid("AsKs", "Ts Qs 2d")
    expected = grid.to_dict()
    data.pop("elapsed"), expected.pop("elapsed")
    assert data == expected and data["exact"] is True and data["hole"] == ["As", "Ks"]
    assert [entry["player"] for entry in data["categories"]] == [grid.player[c] for c in Category]
    assert [entry["category_name"] for entry in data["categories"]] == [str(c) for c in Category]
    assert sum(entry["player"] + entry["opponents"] for entry in data["categories"]) == pytest.approx(1.0)


def test_cli_grid_table(capsys):
    out = run_cli(capsys, "grid", "AsKs", "--board", "Ts Qs 2d")
    assert "Straight Flush" in out and "4.255%" in out and "76.244%" in out


def test_cli_grid_error(capsys):
    with pytest.raises(SystemExit) as done:
        main(["grid", "AsKs", "--opponents", "12"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "1 to 9" in err and err.count("\n") == 1
