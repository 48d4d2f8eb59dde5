"""showdown.LIMITS: each value is the one the library enforces (one past it is refused, the
limit itself is taken), and its JSON shape is plain."""

from __future__ import annotations

import dataclasses
import json

import pytest

import showdown
from showdown import (
    GAMES,
    LIMITS,
    ODD_CHIP_RULES,
    Deck,
    EquityError,
    Limits,
    PlayerCountError,
    Seat,
    SettlementError,
    ShowdownError,
    StudyError,
    breakdown,
    combo_equities,
    deal_showdown,
    equity,
    grid_plan,
    plan,
    settle,
)
from showdown.videopoker import PAYTABLES, WILDS, Paytable, PaytableError, VideoPokerError, strategy


def test_limits_is_the_one_public_contracts_value():
    assert isinstance(LIMITS, Limits) and "LIMITS" in showdown.__all__ and "Limits" in showdown.__all__
    with pytest.raises(dataclasses.FrozenInstanceError):
        LIMITS.max_seats = 10  # type: ignore[misc]
    data = LIMITS.to_dict()
    assert list(data) == [field.name for field in dataclasses.fields(Limits)]
    assert json.loads(json.dumps(data)) == data
    assert str(LIMITS).splitlines()[2] == "min_equity_players: 2"


def test_lists_are_the_librarys():
    assert LIMITS.games == tuple(GAMES)
    assert LIMITS.odd_chip_rules == ODD_CHIP_RULES
    assert LIMITS.paytables == tuple(PAYTABLES) and LIMITS.wild_cards == tuple(WILDS)
    for name in LIMITS.study_games:
        assert breakdown("AA", "Ks 7h 8d", game=name).game == name
    for name in set(GAMES) - set(LIMITS.study_games):
        with pytest.raises(StudyError):
            breakdown("AA", "Ks 7h 8d", game=name)


def test_equity_players():
    assert plan(["random"] * LIMITS.max_equity_players).players == LIMITS.max_equity_players
    with pytest.raises(PlayerCountError, match=f"{LIMITS.min_equity_players} to {LIMITS.max_equity_players}"):
        plan(["random"] * (LIMITS.max_equity_players + 1))
    with pytest.raises(PlayerCountError):
        plan(["random"] * (LIMITS.min_equity_players - 1))
    assert grid_plan("AsKs", opponents=LIMITS.max_grid_opponents).players == LIMITS.max_equity_players
    with pytest.raises(EquityError, match=f"1 to {LIMITS.max_grid_opponents} opponents"):
        grid_plan("AsKs", opponents=LIMITS.max_grid_opponents + 1)
    with pytest.raises(PlayerCountError):
        combo_equities("AA", ["random"] * (LIMITS.max_study_villains + 1), "Ks 7h 2d", trials=10)


def test_trials_and_seeds():
    with pytest.raises(EquityError, match=f"at most {LIMITS.max_trials:,}"):
        equity(["AA", "KK"], exact=False, trials=LIMITS.max_trials + 1)
    assert Deck(seed=LIMITS.max_seed).deal(1)
    with pytest.raises(ShowdownError):
        Deck(seed=LIMITS.max_seed + 1)


def test_showdown_players_by_game():
    assert LIMITS.max_showdown_players == LIMITS.max_showdown_players_by_game["holdem"] == 23
    for name, most in LIMITS.max_showdown_players_by_game.items():
        assert len(deal_showdown(most, seed=1, game=name).holes) == most
        with pytest.raises(ShowdownError, match=f"{LIMITS.min_showdown_players} to {most} players"):
            deal_showdown(most + 1, seed=1, game=name)


def test_settlement():
    seats = [Seat(f"s{i}", 1, folded=i > 0) for i in range(LIMITS.max_seats + 1)]
    with pytest.raises(SettlementError, match=f"{LIMITS.min_seats} to {LIMITS.max_seats} seats"):
        settle(seats, "")
    assert len(settle(seats[:LIMITS.max_seats], "").to_dict()["seats"]) == LIMITS.max_seats
    with pytest.raises(SettlementError, match=f"{LIMITS.max_chips:,}"):
        Seat("a", LIMITS.max_chips + 1)
    for rule in LIMITS.odd_chip_rules:
        assert settle(seats[:2], "", odd_chip=rule).odd_chip == rule
    with pytest.raises(SettlementError, match="odd_chip must be one of"):
        settle(seats[:2], "", odd_chip="to-the-dealer")


def test_video_poker():
    table = PAYTABLES["jacks-or-better-9-6"].to_dict()
    pays = table["pays"]
    assert Paytable.from_dict({"pays": pays, "max_coins": LIMITS.max_coins}).max_coins == LIMITS.max_coins
    with pytest.raises(PaytableError, match=f"from 1 to {LIMITS.max_coins}"):
        Paytable.from_dict({"pays": pays, "max_coins": LIMITS.max_coins + 1})
    with pytest.raises(PaytableError, match=f"from 0 to {LIMITS.max_pay:,}"):
        Paytable.from_dict({"pays": {**pays, "flush": LIMITS.max_pay + 1}})
    assert set(pays) <= set(LIMITS.paytable_hands)
    for wild in LIMITS.wild_cards:
        assert Paytable.named(next(name for name, paytable in PAYTABLES.items() if paytable.wild == wild)).wild == wild
    for lines in (LIMITS.min_strategy_lines - 1, LIMITS.max_strategy_lines + 1):
        with pytest.raises(VideoPokerError, match=f"from {LIMITS.min_strategy_lines} to {LIMITS.max_strategy_lines}"):
            strategy("jacks-or-better-9-6", max_lines=lines)


def test_the_cost_model_is_the_plans():
    questions = ((["AcAd", "KhKs"], ""), (["random", "random"], "2c 7d 9h"), (["AA", "KK", "QQ"], "2c 7d 9h Th"))
    for players, board in questions:
        planned = plan(players, board)
        for threads in (1, 2, 7):
            assert planned.seconds(threads) == LIMITS.exact_seconds(planned.evaluations, threads)
            assert planned.seconds(threads) == planned.evaluations / (LIMITS.evaluations_per_second * threads)
    assert plan(["random"] * 3).seconds() is None
    assert plan(["AA", "KK"]).exact_by_default is (plan(["AA", "KK"]).evaluations <= LIMITS.exact_limit)
    for bad in ({"evaluations": -1}, {"evaluations": 1.5}, {"evaluations": 1, "threads": 0},
                {"evaluations": 1, "threads": True}):
        with pytest.raises(EquityError):
            LIMITS.exact_seconds(**bad)
