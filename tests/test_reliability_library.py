"""The library against hostile input: every bad value is a ShowdownError naming it, weights never
change an answer, no parse runs unbounded, long runs stop on Ctrl-C, and every result's JSON is
strict."""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
import textwrap
import time
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import budget
from showdown import (
    EquityCancelled,
    EquityError,
    Rake,
    Range,
    RangeParseError,
    Seat,
    SettlementError,
    ShowdownError,
    equity,
    hand_from_json,
    odds_grid,
    parse_cards,
    plan,
    settle,
)
from showdown.odds import exact as enumeration
from showdown.pots import MAX_SEATS
from showdown.videopoker import Paytable

ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(1 << 70), max_value=1 << 70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20), st.binary(max_size=8),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
JSON_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=20,
)


def strict_json(data: Any) -> str:
    """``data`` as JSON that strict parsers accept (no NaN or Infinity), or an error."""
    return json.dumps(data, allow_nan=False)


def stop_at_once(interim: Any) -> bool:
    return False


# --- weights never silently change an answer ------------------------------------------------

@pytest.mark.parametrize("exact", [True, False])
def test_tiny_weights_give_the_unweighted_answer(exact):
    """Weights are relative: a whole range at 1e-200 is the same range at 1 (it used to underflow to 0/0)."""
    options: dict[str, Any] = {"exact": exact} if exact else {"exact": False, "trials": 50_000, "seed": 3}
    tiny = equity(["AA:1e-200", "KK:1e-200"], **options)
    plain = equity(["AA", "KK"], **options)
    assert tiny.equity == pytest.approx(plain.equity, abs=1e-12)
    assert 0.8 < tiny.equity[0] < 0.84
    mixed = equity(["AA:1e-300, KK:0.5e-300", "QQ"], board="2c 7d 9h")
    scaled = equity(["AA, KK:0.5", "QQ"], board="2c 7d 9h")
    assert mixed.equity == pytest.approx(scaled.equity, rel=1e-12)


def test_weights_that_multiply_below_a_double_are_refused():
    """Three players whose only fitting assignments weigh 1e-400: refused, never 0/0 or a made-up answer."""
    hands = Range.from_combos(["AhAs", "KhKs", "QhQs"], [1, 1e-200, 1e-200])
    with pytest.raises(EquityError, match="below what a double holds"):
        equity([hands, hands, hands], exact=True)


@pytest.mark.parametrize("text, words", [
    ("AA:1e-400", "weight 1e-400 is too small"),
    ("AA:1e-320", "weight 1e-320 is too small"),
    ("AA:0.0", "a weight of 0 would remove the hand"),
    ("AA:" + "1" * 50, "is not a weight"),
])
def test_unrepresentable_weights_are_refused_by_name(text, words):
    with pytest.raises(RangeParseError, match=words):
        Range(text)


@pytest.mark.parametrize("weight", [math.nan, math.inf, -1.0, 1e-320, "0.5", True])
def test_bad_weights_outside_text_are_refused(weight):
    with pytest.raises(RangeParseError):
        Range.from_combos(["AhAs"], [weight])
    with pytest.raises(RangeParseError):
        Range("AA").with_weights({"KK": weight})


# --- numbers: whole, finite, in range; a ShowdownError naming the argument -------------------

@pytest.mark.parametrize("options, words", [
    ({"seed": -1}, "seed must be at least 0, got -1"),
    ({"seed": 1.9}, "seed must be a whole number, got 1.9"),
    ({"seed": 1 << 64}, "seed must be at most 18,446,744,073,709,551,615"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"trials": 1.5}, "trials must be a whole number, got 1.5"),
    ({"trials": 0}, "trials must be at least 1"),
    ({"trials": True}, "trials must be a whole number"),
    ({"time_limit": math.inf}, "time_limit must be a finite number, got inf"),
    ({"time_limit": -1}, "time_limit must be positive"),
    ({"stderr": math.nan}, "stderr must be a finite number, got nan"),
    ({"stderr": "0.1"}, "stderr must be a number"),
    ({"exact": "yes"}, "exact must be True, False or None"),
    ({"n_jobs": 0}, "n_jobs must be at least 1"),
])
def test_equity_numbers_are_checked_by_name(options, words):
    with pytest.raises(EquityError, match=words):
        equity(["AA", "KK"], **options)
    if not {"stderr", "time_limit"} & set(options):  # the odds grid takes the others on to equity
        with pytest.raises(EquityError, match=words):
            odds_grid("AsKs", "", 1, **options)


@budget(1.5)
@given(name=st.sampled_from(["trials", "seed", "stderr", "time_limit", "n_jobs", "exact"]), value=ANY_VALUE)
def test_any_value_of_any_number_is_answered_or_refused(name, value):
    """Whatever a caller passes, equity answers or raises a ShowdownError, never another exception."""
    try:
        result = equity(["AhAs", "KdKc"], board="2c 7d 9h", **{name: value}, progress=stop_at_once)
    except ShowdownError as error:
        assert str(error)
        return
    assert math.isclose(sum(result.equity), 1.0, rel_tol=1e-9)


# --- no parse runs unbounded ------------------------------------------------------------------

@pytest.mark.parametrize("percent", ["1e-999999999", "1e999999999", "1" * 5000, "0." + "0" * 100_000 + "1"])
def test_rake_text_is_parsed_in_bounded_time(percent):
    started = time.perf_counter()
    with pytest.raises(SettlementError, match="rake percent"):
        Rake(percent=percent)
    assert time.perf_counter() - started < 10, "parsing a rake percent must not hang (the old parser took minutes)"
    hand = {"seats": [{"name": "A", "contribution": 5}, {"name": "B", "contribution": 5}], "rake": {"percent": percent}}
    with pytest.raises(SettlementError, match="rake percent"):
        hand_from_json(json.dumps(hand))


@budget(2)
@given(percent=st.one_of(st.text(max_size=40), ANY_VALUE), cap=ANY_VALUE)
def test_any_rake_is_made_or_refused(percent, cap):
    try:
        rake = Rake(percent=percent, cap=cap)
    except SettlementError as error:
        assert str(error)
        return
    assert 0 <= rake.fraction <= 1


def test_seats_past_a_table_are_refused_at_once():
    seats = [Seat(f"s{i}", 10) for i in range(20_000)]
    started = time.perf_counter()
    with pytest.raises(SettlementError, match=f"2 to {MAX_SEATS} seats, got 20000"):
        settle(seats, "")
    assert time.perf_counter() - started < 10  # a hang check: 20,000 seats took 108 s before the limit
    # the largest table settles: 23 seats with cards use 51 of the 52 cards
    deck = parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad "
                       "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks")
    table = [Seat(f"s{i}", 10 * (i + 1), deck[2 * i: 2 * i + 2]) for i in range(MAX_SEATS)]
    result = settle(table, deck[46:51])
    assert sum(result.payouts.values()) + sum(result.returned.values()) == sum(s.contribution for s in table)


@pytest.mark.parametrize("contribution", [math.inf, 1.5, "50", True, 1 << 60])
def test_chips_are_whole_and_bounded(contribution):
    with pytest.raises(SettlementError, match="contribution"):
        Seat("A", contribution)


@budget(2)
@given(hand=st.one_of(JSON_VALUE, st.fixed_dictionaries(
    {"seats": st.lists(st.fixed_dictionaries({"name": JSON_VALUE, "contribution": JSON_VALUE},
                                             optional={"hole": JSON_VALUE, "folded": JSON_VALUE}), max_size=4)},
    optional={"board": JSON_VALUE, "button": JSON_VALUE, "odd_chip": JSON_VALUE, "rake": JSON_VALUE,
              "boards": JSON_VALUE})))
def test_any_hand_file_is_settled_or_refused(hand):
    """Seats, rake, button and boards from any JSON: settled with every chip accounted for, or refused."""
    try:
        result = settle(**hand_from_json(json.dumps(hand)))
    except ShowdownError as error:
        assert str(error)
        return
    put = sum(result.contributions.values())
    assert sum(result.payouts.values()) + sum(result.returned.values()) + result.rake == put
    strict_json(result.to_dict())


@budget(3)
@given(text=st.text(max_size=40))
def test_any_text_is_cards_a_range_or_an_error(text):
    for parse in (parse_cards, Range):
        try:
            parse(text)
        except ShowdownError as error:
            assert str(error)


@budget(2)
@given(data=JSON_VALUE)
def test_any_pay_table_json_is_read_or_refused(data):
    try:
        table = Paytable.from_json(json.dumps(data))
    except ShowdownError as error:
        assert str(error)
        return
    strict_json(table.to_dict())


# --- exact enumeration with part of the board known: progress, cancel, same answer ---------

@pytest.mark.parametrize("players", [["QQ+, AKs", "random"], ["QQ+, AKs", "AK", "TT"]])  # by runouts, by boards
def test_board_enumeration_reports_progress_in_pieces_with_the_same_answer(monkeypatch, players):
    board = "Ah 7d 2c"
    whole = equity(players, board, exact=True)
    monkeypatch.setattr(enumeration, "PIECE_EVALUATIONS", plan(players, board).evaluations // 7)  # by runouts
    monkeypatch.setattr(enumeration, "paced", lambda n_items, first_size, unit=1: [  # by boards: 7 pieces
        slice(n_items * k // 7, n_items * (k + 1) // 7) for k in range(7)])
    seen: list[int] = []
    pieces = equity(players, board, exact=True, progress=lambda interim: seen.append(interim.total))
    assert pieces.counts == whole.counts
    assert pieces.equity == pytest.approx(whole.equity, rel=1e-12)
    assert len(seen) >= 5 and seen == sorted(seen) and 0 < seen[0] < seen[-2] < seen[-1] == whole.total


def test_board_enumeration_stops_when_asked():
    """4.4e12 evaluations: planned, refused by no one here, and stopped at the first report."""
    cost = plan(["random"] * 3, board="2c 7d 9h")
    assert cost.method == "boards" and cost.evaluations > 10**12 and cost.reports_progress
    started = time.perf_counter()
    with pytest.raises(EquityCancelled, match="stopped by the progress callback"):
        equity(["random"] * 3, board="2c 7d 9h", exact=True, progress=stop_at_once)
    assert time.perf_counter() - started < 30


# --- Ctrl-C ---------------------------------------------------------------------------------

CTRL_C = textwrap.dedent("""
    import sys, time
    from showdown import equity
    equity(["AA", "KK"], board="2c 7d 9h")  # compiled and loaded before the signal
    print("ready", flush=True)
    try:
        if sys.argv[1] == "monte-carlo":
            equity(["random"] * 3, exact=False, trials=10**12)
        else:
            equity(["random"] * 3, board="2c 7d 9h", exact=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(130)
""")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a shell may start background jobs with SIGINT ignored


@pytest.mark.process
@pytest.mark.parametrize("mode", ["monte-carlo", "exact"])
def test_ctrl_c_stops_a_long_run_promptly(mode):
    child = subprocess.Popen([sys.executable, "-c", CTRL_C, mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, preexec_fn=_default_sigint)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert out.strip() == "interrupted" and "SystemError" not in err and "Traceback" not in err
    assert time.perf_counter() - sent < 10


# --- JSON: strict everywhere -----------------------------------------------------------------

def test_results_are_strict_json():
    one = equity(["AA", "KK"], exact=False, trials=1, seed=1)
    assert math.isinf(one.stderr)
    data = json.loads(strict_json(one.to_dict()))
    assert data["stderr"] is None and data["players"][0]["stderr"] is None
    grid = odds_grid("AsKs", exact=False, trials=1, seed=1)
    assert json.loads(strict_json(grid.to_dict()))["stderr"] is None
    strict_json(plan(["random"] * 3, board="2c 7d 9h").to_dict())
    strict_json(Range("AA:1e-300, KK").to_dict())
    assert np.isfinite(Range("AA:1e-300, KK").weights).all()


def test_numpy_integers_count_as_whole_numbers_everywhere():
    # A count from NumPy (an array's length, an element) is read as the int it is, and what is
    # made of it is plain JSON.
    from showdown import deal_showdown
    from showdown.parallel.cluster import split
    from showdown.videopoker import describe_hold, holds, strategy

    three = np.int64(3)
    assert deal_showdown(three, seed=1, game="omaha6").to_dict() == deal_showdown(3, seed=1, game="omaha6").to_dict()
    grids = [odds_grid("AhKh", "Ks 7h 2d 3c 9s", opponents=count).to_dict() for count in (np.int64(2), 2)]
    assert [{**grid, "elapsed": 0} for grid in grids] == [{**grids[1], "elapsed": 0}] * 2
    assert json.dumps(holds("As Ks Kh 4s 4d", coins=three)[0].to_dict()) == json.dumps(
        holds("As Ks Kh 4s 4d", coins=3)[0].to_dict())
    assert describe_hold("As Ks Kh 4s 4d", np.array([0, 1])) == describe_hold("As Ks Kh 4s 4d", (0, 1))
    assert [list(part) for part in split([1, 2, 3], np.int32(2))] == [[1, 2], [3]]
    with pytest.raises(ShowdownError, match="a held position is 0 to 4, got 0.0"):
        describe_hold("As Ks Kh 4s 4d", [0.0])
    with pytest.raises(ShowdownError, match="held positions are a sequence of 0 to 4"):
        describe_hold("As Ks Kh 4s 4d", {0: 1})
    with pytest.raises(ShowdownError, match="max_lines must be a whole number"):
        strategy(max_lines=np.float64(10))
