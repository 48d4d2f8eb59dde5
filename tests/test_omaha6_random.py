"""Six-card Omaha against ``random``: its 20,358,520 hands are dealt at each deal by Monte
Carlo instead of listed, checked against a simulation of its own and against symmetry."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import naive_games
from conftest import run_cli
from showdown import EquityError, equity, evaluate_many, odds_grid, plan

HERO = "As Ad Ks Kd 7h 6h"
TRIALS = 200_000


def test_random_against_random_is_even():
    result = equity(["random", "random"], game="omaha6", trials=TRIALS, seed=3)
    assert result.total == TRIALS and not result.exact
    for share, error in zip(result.equity, result.player_stderr, strict=True):
        assert abs(share - 0.5) <= 4 * error


def test_a_hand_against_random_agrees_with_a_simulation():
    """The reference deals with NumPy and values each hand by every two-and-three split."""
    board = "Qs Js 2c"
    result = equity([HERO, "random"], board=board, game="omaha6", trials=TRIALS, seed=5)
    hero = [51, 49, 47, 45, 22, 18]
    known = hero + [43, 39, 0]
    rest = np.array([c for c in range(52) if c not in known], dtype=np.uint8)
    rng = np.random.default_rng(11)
    n = 40_000
    deals = np.argsort(rng.random((n, len(rest))), axis=1)[:, :8]
    villain, turn_river = rest[deals[:, :6]], rest[deals[:, 6:]]
    boards = np.hstack([np.tile(np.array([43, 39, 0], dtype=np.uint8), (n, 1)), turn_river])
    mine = naive_games.omaha_high_many(np.hstack([np.tile(np.array(hero, np.uint8), (n, 1)), boards]), 6,
                                       evaluate_many)
    theirs = naive_games.omaha_high_many(np.hstack([villain, boards]), 6, evaluate_many)
    share = np.where(mine > theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))
    reference, reference_error = share.mean(), share.std() / math.sqrt(n)
    error = math.hypot(result.player_stderr[0], reference_error)
    assert abs(result.equity[0] - reference) <= 4 * error, (result.equity[0], reference)


def test_exact_is_refused_with_the_reason():
    assert not plan([HERO, "random"], "Qs Js 2c 3d", game="omaha6").exact_possible
    with pytest.raises(EquityError, match="Monte Carlo"):
        equity([HERO, "random"], "Qs Js 2c 3d", game="omaha6", exact=True)
    auto = equity([HERO, "random"], "Qs Js 2c 3d", game="omaha6", trials=20_000, seed=1)
    assert not auto.exact and auto.total == 20_000


def test_the_six_card_odds_grid(capsys):
    grid = odds_grid(HERO, "Qs Js 2c", opponents=2, game="omaha6", trials=50_000, seed=2)
    assert sum(grid.player.values()) == pytest.approx(grid.equity, abs=1e-12)
    assert 0 < grid.equity < 1
    out = run_cli(capsys, "grid", HERO.replace(" ", ""), "--board", "Qs Js 2c", "--opponents", "2", "-g", "omaha6",
                  "--trials", "50000", "--seed", "2", "--json")
    assert json.loads(out)["equity"] == pytest.approx(grid.equity, abs=1e-12)  # the same seed, the same deals
