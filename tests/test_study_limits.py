"""Board study at its limits: ranges that never meet, a class at 0%, bad arguments, a Monte
Carlo run that a time limit stops between batches."""

from __future__ import annotations

import time

import pytest

from conftest import run_cli
from showdown import (
    EquityError,
    Range,
    ShowdownError,
    StudyError,
    breakdown,
    combo_equities,
    equity,
    evaluate,
    next_card,
)
from showdown.cli import main

BOARD = "Ks 7h 2d"
NEVER = ("AhAd, KhKd", "AhKd, AdKh")  # every villain combo holds a card of every hero combo


def test_ranges_that_never_meet_are_an_error_not_nan():
    hero, villain = NEVER
    with pytest.raises(EquityError):
        equity([hero, villain], "2c 3c 4d", exact=True)  # the plain enumeration says so too
    for call in (lambda: combo_equities(hero, villain, "2c 3c 4d"),
                 lambda: breakdown(hero, "2c 3c 4d", villain=villain),
                 lambda: next_card(hero, villain, "2c 3c 4d")):
        with pytest.raises(EquityError, match="never fit together"):
            call()


def test_ranges_that_never_meet_exit_2_in_the_cli(capsys):
    with pytest.raises(SystemExit) as done:
        main(["study", "2c 3c 4d", "-r", NEVER[0], "-v", NEVER[1]])
    err = capsys.readouterr().err
    assert done.value.code == 2 and "never fit together" in err and err.count("\n") == 1


def test_a_class_at_zero_equity_is_zero_not_null():
    board = "As Ks Qs Js 3d"
    # 7c2d has nothing and the villain's Ts9s a royal flush: 0% on this river, a number all the same.
    assert evaluate("Ts 9s " + board).description == "Royal Flush"
    b = breakdown("72o", board, villain="Ts9s")
    assert b.equity_by_class["nothing"] == 0.0
    row = next(row for row in b.to_dict()["made"] if row["class"] == "nothing")
    assert row["equity"] == 0.0 and row["combos"] == 3 * 3 - 3  # no spade (a flush), offsuit


@pytest.mark.parametrize("call, message", [
    (lambda r: r.filter(min_equity="x"), "min_equity"),
    (lambda r: r.filter(max_equity=float("nan")), "max_equity"),
    (lambda r: r.filter(classes=5), "classes"),
    (lambda r: r.filter(classes=[5]), "classes"),
])
def test_combo_equities_filter_refuses_bad_arguments(call, message):
    with pytest.raises(StudyError, match=message):
        call(combo_equities("AA, KK", "QQ", BOARD))


@pytest.mark.parametrize("kwargs, message", [
    ({"made": 5}, "made"),
    ({"draws": {"flush-draw": 1}}, "draw"),
    ({}, "made=.*draws="),
    ({"made": ["top pair"]}, "top pair"),
])
def test_range_filter_refuses_bad_arguments(kwargs, message):
    with pytest.raises(StudyError, match=message):
        Range("AA, KQ").filter(BOARD, **kwargs)


@pytest.mark.parametrize("kwargs, message", [
    ({"trials": 0}, "trials"),
    ({"seed": "x"}, "seed"),
    ({"n_jobs": 0}, "n_jobs"),
    ({"exact": 1}, "exact"),
    ({"time_limit": -1}, "time_limit"),
])
def test_numbers_are_checked_on_the_exact_path_too(kwargs, message):
    with pytest.raises(ShowdownError, match=message):
        combo_equities("AA", "KK", BOARD, **kwargs)


def test_one_villain_range_for_breakdown_and_next_card():
    with pytest.raises(StudyError, match="one villain"):
        breakdown("AA", BOARD, villain=["KK"])
    with pytest.raises(StudyError, match="one villain"):
        next_card("AA", ["KK", "QQ"], BOARD)
    with pytest.raises(EquityError, match="n_jobs"):
        next_card("AA", "KK", BOARD, n_jobs=-2)


def test_a_time_limit_stops_monte_carlo_between_batches():
    started = time.perf_counter()
    stopped = combo_equities("random", ["random", "random"], BOARD, trials=10**12, time_limit=0.3, seed=3)
    assert time.perf_counter() - started < 20
    assert 0 < stopped.trials < 10**12 and not stopped.exact
    # what it did is the same deals as a run asked for exactly that many (the batches are the seed's)
    again = combo_equities("random", ["random", "random"], BOARD, trials=stopped.trials, seed=3)
    assert again.equity == stopped.equity and again.by_combo == stopped.by_combo


def test_the_breakdown_carries_its_combo_equities(capsys):
    b = breakdown("QQ+, AK", BOARD, villain="random")
    assert b.equities is not None and b.equities.to_dict() == combo_equities("QQ+, AK", "random", BOARD).to_dict()
    assert b.equity == b.equities.equity
    assert breakdown("QQ+, AK", BOARD).equities is None
    out = run_cli(capsys, "study", BOARD, "-r", "QQ+, AK", "-v", "random", "--json")
    assert '"equities"' in out
