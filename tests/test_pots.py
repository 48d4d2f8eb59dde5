"""Tests of showdown.pots: settling a hand from every seat's contribution and cards.

Every expected number in the hand-worked tests is derived in the comments next to it, from the
rules in the module docstring of ``showdown.pots``.
"""

from __future__ import annotations

import json
import random
import warnings

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from conftest import budget, require
from showdown import (
    CARDS,
    DuplicateCardError,
    HandSizeError,
    Rake,
    Seat,
    Settlement,
    SettlementError,
    ShowdownError,
    settle,
)

WORKED_BOARD = "Ac Kc Jc 5c Th"


def worked_seats() -> list[Seat]:
    return [Seat("A", 25, "8c 7h"), Seat("B", 50, "9h 5h"), Seat("C", 100, "Ad 4s"), Seat("D", 100, "As 3h")]


def conserved(result: Settlement) -> bool:
    return (sum(result.payouts.values()) + sum(result.returned.values()) + result.rake
            == sum(result.contributions.values()))


# --------------------------------------------------------------------------------------------
# 1. The worked example
# --------------------------------------------------------------------------------------------
# Board Ac Kc Jc 5c Th.  A (8c 7h) has a club flush A-K-J-8-5.  B (9h 5h) has a pair of fives.
# C (Ad 4s) and D (As 3h) both have a pair of aces with K-J-T kickers (4 and 3 do not play): tie.
# Levels 25, 50, 100:
#   main pot   25 * 4          = 100, contenders A B C D -> A (flush)
#   side pot 1 (50-25) * 3     =  75, contenders B C D   -> C and D tie: 38 / 37
#   side pot 2 (100-50) * 2    = 100, contenders C D     -> 50 / 50
# With button=3 (D) the order clockwise from the button is A, B, C, D: C is first -> C gets 38.
# With button=2 (C) the order is D, A, B, C: D is first -> D gets 38.


def test_worked_example_button_3():
    result = settle(worked_seats(), WORKED_BOARD, button=3)
    assert [pot.amount for pot in result.pots] == [100, 75, 100]
    assert [pot.contenders for pot in result.pots] == [("A", "B", "C", "D"), ("B", "C", "D"), ("C", "D")]
    assert result.pots[0].winners == ("A",)
    assert result.pots[0].shares == {"A": 100}
    assert set(result.pots[1].winners) == {"C", "D"}
    assert result.pots[1].shares == {"C": 38, "D": 37}
    assert set(result.pots[2].winners) == {"C", "D"}
    assert result.pots[2].shares == {"C": 50, "D": 50}
    assert "Flush" in result.pots[0].description
    assert "Pair" in result.pots[1].description
    # payouts: C 38 + 50 = 88, D 37 + 50 = 87
    assert result.payouts == {"A": 100, "B": 0, "C": 88, "D": 87}
    assert result.returned == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert result.rake == 0
    # net: A 100-25 = 75, B -50, C 88-100 = -12, D 87-100 = -13
    assert result.net == {"A": 75, "B": -50, "C": -12, "D": -13}
    assert conserved(result)
    text = str(result)
    assert "Main pot" in text and "Side pot 1" in text and "Side pot 2" in text
    for amount in ("100", "75"):
        assert amount in text
    assert "Flush" in text


def test_worked_example_button_2_odd_chip_to_d():
    result = settle(worked_seats(), WORKED_BOARD, button=2)
    assert result.pots[1].shares == {"C": 37, "D": 38}
    assert result.payouts == {"A": 100, "B": 0, "C": 87, "D": 88}
    assert result.net == {"A": 75, "B": -50, "C": -13, "D": -12}


def test_worked_example_button_by_name():
    assert settle(worked_seats(), WORKED_BOARD, button="D").payouts == {"A": 100, "B": 0, "C": 88, "D": 87}
    assert settle(worked_seats(), WORKED_BOARD, button="C").payouts == {"A": 100, "B": 0, "C": 87, "D": 88}


# --------------------------------------------------------------------------------------------
# 2. Hand-worked examples
# --------------------------------------------------------------------------------------------
# A board on which every hand plays the board (royal flush): every live seat ties.
ROYAL = "As Ks Qs Js Ts"


def test_uncalled_bet_returned_over_second_largest_including_folded():
    # A folded with 50, B put in 80, C 30.  Largest 80 (B), second largest 50 (A, folded):
    # B gets 80 - 50 = 30 back (not 80 - 30 = 50).
    # In pots: A 50, B 50, C 30.  Level 30: 3 * 30 = 90, contenders B, C.
    # Level 50: A 20 + B 20 = 40, contenders B only (A folded) -> uncontested to B.
    # C (Kh Kd) beats B (Qh Qd) on 2c 3d 7h 9s Jc -> main pot 90 to C.
    seats = [Seat("A", 50, folded=True), Seat("B", 80, "Qh Qd"), Seat("C", 30, "Kh Kd")]
    result = settle(seats, "2c 3d 7h 9s Jc")
    assert result.returned == {"A": 0, "B": 30, "C": 0}
    assert [(pot.amount, pot.contenders, pot.winners) for pot in result.pots] == [
        (90, ("B", "C"), ("C",)),
        (40, ("B",), ("B",)),
    ]
    assert result.payouts == {"A": 0, "B": 40, "C": 90}
    # net: A -50, B 40 + 30 - 80 = -10, C 90 - 30 = +60
    assert result.net == {"A": -50, "B": -10, "C": 60}
    assert conserved(result)
    assert "30 uncalled returned to B" in str(result)


def test_uncalled_bet_not_returned_when_top_two_equal():
    # B and C both put in 100: nothing is uncalled.
    seats = [Seat("A", 20, "2h 2d"), Seat("B", 100, "Qh Qd"), Seat("C", 100, "Kh Kd")]
    result = settle(seats, "2c 3d 7h 9s Jc")
    assert result.returned == {"A": 0, "B": 0, "C": 0}
    # main 60 (A B C) -> A's set of deuces; side 160 (B C) -> C's kings.
    assert [(pot.amount, pot.winners) for pot in result.pots] == [(60, ("A",)), (160, ("C",))]
    assert result.payouts == {"A": 60, "B": 0, "C": 160}


def test_everyone_folds_but_one_needs_no_cards():
    # A folds its small blind 1, B its big blind 2, C raised to 10.
    # Uncalled: 10 - 2 = 8 back to C.  In pots 1, 2, 2: level 1 -> 3 (contender C), level 2 -> 2
    # (contender C): same contenders merge -> one pot of 5 to C, uncontested.  No cards anywhere.
    seats = [Seat("A", 1, folded=True), Seat("B", 2, folded=True), Seat("C", 10)]
    result = settle(seats, "")
    assert result.returned == {"A": 0, "B": 0, "C": 8}
    assert len(result.pots) == 1
    assert (result.pots[0].amount, result.pots[0].contenders, result.pots[0].winners) == (5, ("C",), ("C",))
    assert result.payouts == {"A": 0, "B": 0, "C": 5}
    assert result.net == {"A": -1, "B": -2, "C": 3}
    assert "uncontested" in str(result)
    assert conserved(result)


def test_folded_dead_money_in_every_pot_it_reached():
    # A folded after putting in 80; B all-in 50; C and D 100 each (no uncalled bet: 100 = 100).
    # Level 50:  A 50 + B 50 + C 50 + D 50 = 200, contenders B C D.
    # Level 80:  A 30 + C 30 + D 30         =  90, contenders C D.
    # Level 100: C 20 + D 20                =  40, contenders C D -> merges with level 80: 130.
    # A's 80 is dead money: 50 of it in the main pot, 30 in the side pot.
    # Board 2c 3d 7h 9s Jc: B (Ah Ad) beats C (Kh Kd) beats D (Qh Qd).
    seats = [Seat("A", 80, folded=True), Seat("B", 50, "Ah Ad"), Seat("C", 100, "Kh Kd"), Seat("D", 100, "Qh Qd")]
    result = settle(seats, "2c 3d 7h 9s Jc")
    assert [(pot.amount, pot.contenders, pot.winners) for pot in result.pots] == [
        (200, ("B", "C", "D"), ("B",)),
        (130, ("C", "D"), ("C",)),
    ]
    assert result.payouts == {"A": 0, "B": 200, "C": 130, "D": 0}
    assert result.net == {"A": -80, "B": 150, "C": 30, "D": -100}
    assert conserved(result)


def test_adjacent_pots_with_same_contenders_merge():
    # A folded with 20; B and C 50 each.  Level 20: 60 (B C); level 50: 30 + 30 = 60 (B C)
    # -> one pot of 120, not two pots of 60.  B and C tie on the royal board: 60 / 60.
    seats = [Seat("A", 20, folded=True), Seat("B", 50, "2c 3d"), Seat("C", 50, "4c 5d")]
    result = settle(seats, ROYAL)
    assert len(result.pots) == 1
    assert result.pots[0].amount == 120
    assert result.pots[0].contenders == ("B", "C")
    assert result.payouts == {"A": 0, "B": 60, "C": 60}


def test_level_reached_only_by_folded_seats_joins_pot_below():
    # A folded with 100, B folded with 60, C (live) 40.  Uncalled: 100 - 60 = 40 back to A.
    # In pots 60, 60, 40.  Level 40: 120 (contender C).  Level 60: 20 + 20 = 40, reached only by
    # folded seats -> joins the pot below: one pot of 160 to C.  No cards needed.
    seats = [Seat("A", 100, folded=True), Seat("B", 60, folded=True), Seat("C", 40)]
    result = settle(seats, "")
    assert result.returned == {"A": 40, "B": 0, "C": 0}
    assert [(pot.amount, pot.winners) for pot in result.pots] == [(160, ("C",))]
    assert result.payouts == {"A": 0, "B": 0, "C": 160}
    assert conserved(result)


def test_pot_with_one_contender_uncontested_even_if_weaker():
    # A (Ah Ad) all-in for 30; B (2h 7d) and C (3h 8d) put in 100 each, then C folded.
    # Pots: main 30 * 3 = 90 (contenders A B; C folded) -> A's aces;
    #       side 70 * 2 = 140 (contender B only) -> uncontested to B, no showdown for it.
    seats = [Seat("A", 30, "Ah Ad"), Seat("B", 100, "2h 7d"), Seat("C", 100, "3h 8d", folded=True)]
    result = settle(seats, "Kc Qd 9s 5c 4h")
    assert [(pot.amount, pot.contenders, pot.winners) for pot in result.pots] == [
        (90, ("A", "B"), ("A",)),
        (140, ("B",), ("B",)),
    ]
    assert result.pots[1].description is None
    assert result.payouts == {"A": 90, "B": 140, "C": 0}
    text = str(result)
    assert "Side pot 1 of 140 to B, uncontested" in text


# Three-way split with 2 odd chips: A, B, C put in 10 each, D folded with 2 -> pot 32.
# The royal board plays for everyone: A, B, C tie.  32 = 3 * 10 + 2.
THREE_WAY = [Seat("A", 10, "2c 3d"), Seat("B", 10, "2d 3h"), Seat("C", 10, "4c 5d"), Seat("D", 2, folded=True)]


@pytest.mark.parametrize(
    ("button", "expected"),
    [
        # clockwise from button 0 (A): B, C, A -> B and C get one odd chip each
        (0, {"A": 10, "B": 11, "C": 11, "D": 0}),
        # from button 1 (B): C, D, A -> C and A (D folded, not a winner)
        (1, {"A": 11, "B": 10, "C": 11, "D": 0}),
        # from button 2 (C): D, A, B -> A and B
        (2, {"A": 11, "B": 11, "C": 10, "D": 0}),
        # from button 3 (D): A, B, C -> A and B
        (3, {"A": 11, "B": 11, "C": 10, "D": 0}),
        ("B", {"A": 11, "B": 10, "C": 11, "D": 0}),
    ],
)
def test_three_way_split_one_each_from_button(button, expected):
    result = settle(THREE_WAY, ROYAL, button=button, odd_chip="one-each-from-button")
    assert result.pots[0].amount == 32
    assert set(result.pots[0].winners) == {"A", "B", "C"}
    assert result.payouts == expected
    assert conserved(result)


@pytest.mark.parametrize(
    ("button", "expected"),
    [
        # first winner clockwise from button 0 (A) is B: 10 + 2
        (0, {"A": 10, "B": 12, "C": 10, "D": 0}),
        # from button 1 (B): C
        (1, {"A": 10, "B": 10, "C": 12, "D": 0}),
        # from button 2 (C): D folded, so A
        (2, {"A": 12, "B": 10, "C": 10, "D": 0}),
        # from button 3 (D): A
        (3, {"A": 12, "B": 10, "C": 10, "D": 0}),
        ("A", {"A": 10, "B": 12, "C": 10, "D": 0}),
    ],
)
def test_three_way_split_all_to_first_from_button(button, expected):
    result = settle(THREE_WAY, ROYAL, button=button, odd_chip="all-to-first-from-button")
    assert result.payouts == expected
    assert result.odd_chip == "all-to-first-from-button"
    assert conserved(result)


def test_rake_capped_main_pot_first():
    # A 10, B 40, C 40 (all live).  Pots: main 30 (A B C), side 60 (B C).
    # Rake(percent=5, cap=3): main floor(30 * 5%) = floor(1.5) = 1 -> 1 (2 left under the cap);
    #                 side floor(60 * 5%) = 3 -> capped at the 2 left -> 2.  Total 3.
    # Main 29 to A (aces), side 58 to B (kings beat queens).
    seats = [Seat("A", 10, "Ah Ad"), Seat("B", 40, "Kh Kd"), Seat("C", 40, "Qh Qd")]
    result = settle(seats, "2c 3d 7h 9s Jc", rake=Rake(percent=5, cap=3))
    assert [(pot.amount, pot.rake) for pot in result.pots] == [(29, 1), (58, 2)]
    assert result.rake == 3
    assert result.payouts == {"A": 29, "B": 58, "C": 0}
    assert conserved(result)
    assert "Rake: 3" in str(result)


def test_rake_cap_reached_in_main_pot():
    # Worked example, pots 100, 75, 100.  Rake(percent=5, cap=3): main floor(5) = 5 -> capped to 3;
    # nothing left for the side pots.  Main 97 to A.
    result = settle(worked_seats(), WORKED_BOARD, button=3, rake=Rake(percent=5, cap=3))
    assert [(pot.amount, pot.rake) for pot in result.pots] == [(97, 3), (75, 0), (100, 0)]
    assert result.payouts == {"A": 97, "B": 0, "C": 88, "D": 87}
    assert result.rake == 3


def test_rake_without_cap_and_larger_cap():
    # Rake(percent=5) no cap: main floor(5) = 5, side 1 floor(3.75) = 3, side 2 floor(5) = 5 -> 13.
    # Side 1 after rake: 72 split C/D 36/36; side 2: 95 -> 48/47 (C first from button 3).
    result = settle(worked_seats(), WORKED_BOARD, button=3, rake=Rake(percent=5))
    assert [(pot.amount, pot.rake) for pot in result.pots] == [(95, 5), (72, 3), (95, 5)]
    assert result.rake == 13
    assert result.payouts == {"A": 95, "B": 0, "C": 36 + 48, "D": 36 + 47}
    # Rake(percent=5, cap=8): main 5 (3 left), side 1 3 (0 left), side 2 0.
    capped = settle(worked_seats(), WORKED_BOARD, button=3, rake=Rake(percent=5, cap=8))
    assert [pot.rake for pot in capped.pots] == [5, 3, 0]
    assert conserved(result) and conserved(capped)


@pytest.mark.parametrize("given", [(5,), (0.05,), (5, 3), ("5",)])
def test_a_rake_without_its_unit_named_is_refused(given):
    with pytest.raises(SettlementError, match=r"give the rake's unit by name, Rake\(percent=5\) for 5 % of each pot"):
        Rake(*given)


def test_a_rake_says_its_percent():
    assert Rake(percent=5).fraction == Rake(percent="5").fraction == Rake(percent=0.05).fraction * 100
    assert (Rake(percent=5, cap=3).cap, Rake(percent=5).no_flop_no_drop) == (3, True)
    assert Rake(percent=5, cap=3) == Rake(percent=5, cap=3) != Rake(percent=5)
    with pytest.raises(SettlementError, match="a rake needs its percent"):
        Rake(cap=3)


def test_no_flop_no_drop():
    # A folds its 20 preflop, B put in 60: 40 back to B, pot 40 to B.
    seats = [Seat("A", 20, folded=True), Seat("B", 60)]
    result = settle(seats, "", rake=Rake(percent=5, cap=3))
    assert result.rake == 0
    assert result.payouts == {"A": 0, "B": 40}
    assert result.returned == {"A": 0, "B": 40}
    with pytest.raises(HandSizeError, match="the board has 2 cards; a board has 0, 3"):
        settle(seats, "Ac Kd", rake=Rake(percent=5, cap=3))
    # Without no-flop-no-drop the rake is taken: floor(40 * 5%) = 2 (under the cap of 3).
    result = settle(seats, "", rake=Rake(percent=5, cap=3, no_flop_no_drop=False))
    assert result.rake == 2
    assert result.payouts == {"A": 0, "B": 38}
    # With a flop the rake is taken even with no_flop_no_drop: floor(40 * 10%) = 4, cap 3 -> 3.
    result = settle(seats, "Ac Kd 7h", rake=Rake(percent=10, cap=3))
    assert result.rake == 3
    assert result.payouts == {"A": 0, "B": 37}
    assert conserved(result)


def test_run_it_twice_different_winners():
    # Shared board Ac Kd 7h (both all-in on the flop).  A has 7c 7d (set of sevens), B Qh Qd.
    # Board 1 Ac Kd 7h 2c 3d: A's trip sevens beat B's queens.
    # Board 2 Ac Kd 7h Qs Js: B makes trip queens, which beat A's trip sevens (no straight: no T).
    # C folded 1 chip: pot 51 + 51 + 1 = 103 -> board 1 gets 52 (odd chip), board 2 gets 51.
    seats = [Seat("A", 51, "7c 7d"), Seat("B", 51, "Qh Qd"), Seat("C", 1, folded=True)]
    boards = ["Ac Kd 7h 2c 3d", "Ac Kd 7h Qs Js"]
    result = settle(seats, "Ac Kd 7h", boards=boards)
    assert len(result.pots) == 1
    pot = result.pots[0]
    assert pot.amount == 103
    assert [(part.amount, part.winners) for part in pot.boards] == [(52, ("A",)), (51, ("B",))]
    assert [str(c) for c in pot.boards[0].board] == "Ac Kd 7h 2c 3d".split()
    assert result.payouts == {"A": 52, "B": 51, "C": 0}
    assert set(pot.winners) == {"A", "B"}
    assert conserved(result)
    text = str(result)
    assert "52" in text and "51" in text


def test_run_it_twice_even_split():
    # Same hands, no dead chip: pot 102 -> 51 per board.
    # Board 1 Ac Kd 7h 2c 3d: A's trip sevens win 51.
    # Board 2 Ac Kd 7h Tc Qc: B's trip queens win 51 (no straight: no J; A has only 4 clubs).
    seats = [Seat("A", 51, "7c 7d"), Seat("B", 51, "Qh Qd")]
    result = settle(seats, "Ac Kd 7h", boards=["Ac Kd 7h 2c 3d", "Ac Kd 7h Tc Qc"], button=1)
    assert [(part.amount, part.winners) for part in result.pots[0].boards] == [(51, ("A",)), (51, ("B",))]
    assert result.payouts == {"A": 51, "B": 51}


def test_run_it_three_times_from_preflop():
    # Shared board empty; three complete run-outs.  Pot 2 * 100 = 200 -> 67, 67, 66.
    # A (Ah Ad) vs B (Kh Kd):
    #   board 1 2c 3d 7s 9c Jd: A's aces win 67
    #   board 2 Ks 4c 8d Tc 5s: B's set of kings wins 67
    #   board 3 2s 4d 8c Jh 6s: A's aces win 66   -> A 133, B 67
    seats = [Seat("A", 100, "Ah Ad"), Seat("B", 100, "Kh Kd")]
    boards = ["2c 3d 7s 9c Jd", "Ks 4c 8d Tc 5s", "2s 4d 8c Jh 6s"]
    result = settle(seats, "", boards=boards)
    assert [(part.amount, part.winners) for part in result.pots[0].boards] == [
        (67, ("A",)), (67, ("B",)), (66, ("A",))]
    assert result.payouts == {"A": 133, "B": 67}


def test_to_dict_is_json_serialisable():
    result = settle(worked_seats(), WORKED_BOARD, button=3, rake=Rake(percent=5, cap=3))
    data = result.to_dict()
    again = json.loads(json.dumps(data))
    assert again == data
    assert [(seat["name"], seat["payout"], seat["net"]) for seat in again["seats"]] == [
        ("A", 97, 72), ("B", 0, -50), ("C", 88, -12), ("D", 87, -13)]
    assert all(seat["payout"] + seat["returned"] - seat["contribution"] == seat["net"] for seat in again["seats"])
    assert again["rake"] == 3 and again["announcement"] == str(result).splitlines()
    assert [pot["amount"] for pot in again["pots"]] == [97, 75, 100]
    assert again["pots"][1]["shares"] == [{"name": "C", "chips": 38}, {"name": "D", "chips": 37}]
    assert again["pots"][0]["boards"][0]["board"] == WORKED_BOARD.split()
    # run-it-twice and everyone-folds settlements serialise too
    twice = settle([Seat("A", 51, "7c 7d"), Seat("B", 51, "Qh Qd")], "Ac Kd 7h",
                   boards=["Ac Kd 7h 2c 3d", "Ac Kd 7h Qs Js"])
    data = json.loads(json.dumps(twice.to_dict()))
    assert data["announcement"][1:] == [
        "  Board 1 (Ac Kd 7h 2c 3d): 51 to A with Three of a Kind, Sevens, Ace-King kickers.",
        "  Board 2 (Ac Kd 7h Qs Js): 51 to B with Three of a Kind, Queens, Ace-King kickers."]
    assert data["announcement"][0] == "Main pot of 102, run 2 times:"
    folded = settle([Seat("A", 1, folded=True), Seat("B", 2)], "")
    assert [seat["returned"] for seat in json.loads(json.dumps(folded.to_dict()))["seats"]] == [0, 1]


def test_boards_alone_share_their_common_start():
    seats = [Seat("A", 51, "7c 7d"), Seat("B", 51, "Qh Qd")]
    runs = ["Ac Kd 7h 2c 3d", "Ac Kd 7h Qs Js"]
    assert settle(seats, "", boards=runs) == settle(seats, "Ac Kd 7h", boards=runs)
    with pytest.raises(SettlementError, match="does not start with the board"):
        settle(seats, "Ac Kd", boards=["Ac Kd 7h 2c 3d", "As Kd 7h Qs Js"])


# --------------------------------------------------------------------------------------------
# 3. Errors
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [-1, -100])
def test_negative_contribution(value):
    with pytest.raises(ShowdownError, match="negative"):
        Seat("A", value, "As Ks")


@pytest.mark.parametrize("value", [1.5, 10.0, True, False, "10", None])
def test_non_integer_contribution(value):
    with pytest.raises(ShowdownError, match="whole number"):
        Seat("A", value, "As Ks")


def test_errors_are_settlement_errors():
    assert issubclass(SettlementError, ShowdownError)


def test_repeated_seat_names():
    with pytest.raises(ShowdownError, match="'A'.*twice|twice.*'A'"):
        settle([Seat("A", 10, "2c 3d"), Seat("A", 10, "4c 5d")], ROYAL)


def test_repeated_card_across_seats():
    with pytest.raises(DuplicateCardError, match="2c"):
        settle([Seat("A", 10, "2c 3d"), Seat("B", 10, "2c 5d")], "Ac Kd 7h 9s Jc")


def test_repeated_card_seat_and_board():
    with pytest.raises(DuplicateCardError, match="Ac"):
        settle([Seat("A", 10, "Ac 3d"), Seat("B", 10, "4c 5d")], "Ac Kd 7h 9s Jc")


def test_repeated_card_folded_seat_and_board():
    with pytest.raises(DuplicateCardError, match="Kd"):
        settle([Seat("A", 10, "2c 3d"), Seat("B", 10, "4c 5d"), Seat("C", 5, "Kd 2h", folded=True)], "Ac Kd 7h 9s Jc")


def test_repeated_card_across_run_it_twice_boards():
    with pytest.raises(DuplicateCardError, match="2c"):
        settle([Seat("A", 10, "7c 7d"), Seat("B", 10, "Qh Qd")], "Ac Kd 7h",
               boards=["Ac Kd 7h 2c 3d", "Ac Kd 7h 2c 4d"])


def test_repeated_card_seat_and_second_board():
    with pytest.raises(DuplicateCardError, match="Js"):
        settle([Seat("A", 10, "7c Js"), Seat("B", 10, "Qh Qd")], "Ac Kd 7h",
               boards=["Ac Kd 7h 2c 3d", "Ac Kd 7h Qs Js"])


def test_repeated_card_within_board():
    with pytest.raises(DuplicateCardError):
        settle([Seat("A", 10, "7c 7d"), Seat("B", 10, "Qh Qd")], "Ac Kd 7h Ac Jc")


def test_contender_without_cards_at_showdown():
    with pytest.raises(ShowdownError, match="'A'.*no cards"):
        settle([Seat("A", 10), Seat("B", 10, "2c 3d")], ROYAL)


def test_board_too_short_for_showdown_two_cards():
    with pytest.raises(HandSizeError, match="board"):
        settle([Seat("A", 10, "2c 3d"), Seat("B", 10, "4c 5d")], "Ac Kd")


def test_board_too_short_for_showdown_three_cards():
    # Two live seats all-in with a 3-card board: a Hold'em showdown needs the full 5-card board.
    with pytest.raises(HandSizeError, match="board"):
        settle([Seat("A", 10, "2c 3d"), Seat("B", 10, "4c 5d")], "Ac Kd 7h")


def test_short_board_fine_without_showdown():
    result = settle([Seat("A", 10, "2c 3d", folded=True), Seat("B", 10, "4c 5d")], "Ac Kd 7h")
    assert result.payouts == {"A": 0, "B": 20}


@pytest.mark.parametrize("button", [4, -1, 100, True, 1.0, None])
def test_button_out_of_range(button):
    with pytest.raises(ShowdownError, match="button"):
        settle(worked_seats(), WORKED_BOARD, button=button)


def test_unknown_button_name():
    with pytest.raises(ShowdownError, match="button.*'Z'"):
        settle(worked_seats(), WORKED_BOARD, button="Z")


@pytest.mark.parametrize("rule", ["random", "", "one-each", None])
def test_unknown_odd_chip_rule(rule):
    with pytest.raises(ShowdownError, match="odd_chip"):
        settle(worked_seats(), WORKED_BOARD, odd_chip=rule)


def test_boards_must_start_with_shared_board():
    with pytest.raises(ShowdownError, match="does not start with"):
        settle([Seat("A", 10, "7c 7d"), Seat("B", 10, "Qh Qd")], "Ac Kd 7h",
               boards=["Ac Kd 7h 2c 3d", "Ac Kd 8h 2d 3h"])


def test_boards_must_start_with_shared_board_order():
    with pytest.raises(ShowdownError, match="does not start with"):
        settle([Seat("A", 10, "7c 7d"), Seat("B", 10, "Qh Qd")], "Ac Kd 7h",
               boards=["Kd Ac 7h 2c 3d"])


@pytest.mark.parametrize("count", [0, 1])
def test_fewer_than_two_seats(count):
    with pytest.raises(ShowdownError, match="2 to 23 seats"):
        settle([Seat("A", 10, "2c 3d")][:count], ROYAL)


def test_all_seats_folded():
    with pytest.raises(ShowdownError, match="folded"):
        settle([Seat("A", 10, folded=True), Seat("B", 10, folded=True)], "")


# --------------------------------------------------------------------------------------------
# 4. Properties over random tables
# --------------------------------------------------------------------------------------------


@st.composite
def tables(draw):
    n = draw(st.integers(2, 10))
    amount = st.one_of(st.integers(0, 1000), st.sampled_from([0, 0, 1, 2, 50, 100, 100, 500, 1000]))
    contributions = draw(st.lists(amount, min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    keep = draw(st.integers(0, n - 1))
    folded[keep] = False
    if sum(contributions) and not any(c for c, f in zip(contributions, folded, strict=True) if not f):
        contributions[keep] = draw(st.integers(1, 1000))  # some live seat must be able to win
    deck = draw(st.permutations(CARDS))
    holes = [tuple(deck[2 * i:2 * i + 2]) for i in range(n)]
    used = 2 * n
    names = [f"P{i}" for i in range(n)]
    seats = []
    for i in range(n):
        hole = holes[i]
        if folded[i] and draw(st.booleans()):
            hole = None
        seats.append(Seat(names[i], contributions[i], hole, folded[i]))
    kwargs = {
        "odd_chip": draw(st.sampled_from(["one-each-from-button", "all-to-first-from-button"])),
        "button": draw(st.one_of(st.integers(0, n - 1), st.sampled_from(names))),
    }
    if draw(st.booleans()):
        cap = draw(st.one_of(st.none(), st.integers(0, 50)))
        kwargs["rake"] = Rake(percent=draw(st.integers(0, 10)), cap=cap, no_flop_no_drop=draw(st.booleans()))
    if draw(st.booleans()):
        prefix = draw(st.integers(0, 3))
        shared = tuple(deck[used:used + prefix])
        used += prefix
        runs = []
        for _ in range(draw(st.sampled_from([2, 3]))):
            runs.append(shared + tuple(deck[used:used + 5 - prefix]))
            used += 5 - prefix
        board = shared
        kwargs["boards"] = runs
    else:
        board = tuple(deck[used:used + 5])
    return board, seats, kwargs


@budget(3, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_settlement_properties(table):
    board, seats, kwargs = table
    result = settle(seats, board, **kwargs)
    contributions = {seat.name: seat.contribution for seat in seats}
    folded = {seat.name for seat in seats if seat.folded}
    total = sum(contributions.values())

    assert result.contributions == contributions
    assert sum(result.payouts.values()) + sum(result.returned.values()) + result.rake == total
    assert sum(pot.amount + pot.rake for pot in result.pots) + sum(result.returned.values()) == total
    assert all(chips >= 0 for chips in result.payouts.values())
    assert all(chips >= 0 for chips in result.returned.values())
    assert sum(1 for chips in result.returned.values() if chips) <= 1
    ranked = sorted(contributions.values(), reverse=True)
    assert sum(result.returned.values()) == ranked[0] - ranked[1]
    assert sum(result.net.values()) == -result.rake
    assert result.rake == sum(pot.rake for pot in result.pots)
    rake = kwargs.get("rake")
    if rake is None:
        assert result.rake == 0
    elif rake.cap is not None:
        assert result.rake <= rake.cap
    for pot in result.pots:
        assert pot.contenders, "a pot without contenders"
        assert set(pot.winners) <= set(pot.contenders)
        assert not set(pot.contenders) & folded
        assert sum(pot.shares.values()) == pot.amount
        assert set(pot.shares) <= set(pot.contenders)
        if rake is not None:
            assert pot.rake <= (pot.amount + pot.rake) * rake.percent // 100
        if len(pot.contenders) > 1:
            assert len(pot.boards) == len(kwargs.get("boards") or [board])
            assert sum(part.amount for part in pot.boards) == pot.amount
            parts = [part.amount for part in pot.boards]
            assert max(parts) - min(parts) <= 1 and parts == sorted(parts, reverse=True)
            for part in pot.boards:
                assert sum(part.shares.values()) == part.amount
                assert set(part.winners) <= set(pot.contenders)
                shares = [part.shares.get(name, 0) for name in part.winners]
                assert max(shares) - min(shares) <= (part.amount % len(part.winners) if
                                                     kwargs["odd_chip"] == "all-to-first-from-button" else 1)
    for earlier, later in zip(result.pots[:-1], result.pots[1:], strict=True):
        assert set(later.contenders) < set(earlier.contenders)
    json.dumps(result.to_dict())


# --------------------------------------------------------------------------------------------
# 5. Differential test against pokerkit
# --------------------------------------------------------------------------------------------
# pokerkit (0.7) numbers players from the small blind (player 0) round to the button (the last
# player, index n-1; heads-up the button is also player n-1).  In ``State.push_chips`` the whole
# remainder of a split pot goes to ``player_indices[0]``, the lowest-indexed winner, which is the
# first winner clockwise from the button.  That is showdown's "all-to-first-from-button" with
# button = n - 1.
#
# pokerkit kills (mucks) every hand that cannot win any pot before it pushes the chips and only
# then builds its pots from the remaining hands, so two adjacent pots can merge in pokerkit that
# showdown (which keeps every live seat as a contender) keeps apart; with a split pot the odd chips
# then differ.  So each hand is compared twice:
#   * exactly, with the seats pokerkit killed marked as folded (the same pot structure), always;
#   * exactly, with every seat live, whenever showdown's pots have the same amounts as
#     pokerkit's or no pot has an odd chip (otherwise: same chip total, and each seat within the
#     number of pots).

DIFFERENTIAL_HANDS = 1000


def pokerkit_all_in(stacks: list[int], holes: list[str], board: list[str]):
    """Play a no-limit hold'em hand in pokerkit where every player raises all-in or calls, with
    these hole cards and this board.  Returns (final stacks, pot amounts, killed player indices)."""
    pokerkit = require("pokerkit")
    Automation, ChipsPushing, HandKilling = pokerkit.Automation, pokerkit.ChipsPushing, pokerkit.HandKilling
    Mode, NoLimitTexasHoldem = pokerkit.Mode, pokerkit.NoLimitTexasHoldem

    state = NoLimitTexasHoldem.create_state(
        (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        ),
        True,
        0,
        (1, 2),
        2,
        tuple(stacks),
        len(stacks),
        mode=Mode.CASH_GAME,
    )
    for hole in holes:
        state.deal_hole(hole)
    while state.status:
        if state.actor_index is not None:
            i = state.actor_index
            target = state.bets[i] + state.stacks[i]
            if state.can_complete_bet_or_raise_to(target):
                state.complete_bet_or_raise_to(target)
            else:
                state.check_or_call()
        elif state.can_select_runout_count():
            state.select_runout_count(1)
        elif state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_board():
            dealt = len(state.board_cards)
            state.deal_board("".join(board[dealt:dealt + (3 if dealt == 0 else 1)]))
        else:  # pragma: no cover - a pokerkit state this helper does not expect
            raise AssertionError(f"unexpected pokerkit state: {state}")
    assert [repr(card) for cards in state.board_cards for card in cards] == board
    pots: dict[int, int] = {}
    killed = []
    for operation in state.operations:
        if isinstance(operation, ChipsPushing):
            pots[operation.pot_index] = pots.get(operation.pot_index, 0) + sum(operation.amounts)
        elif isinstance(operation, HandKilling):
            killed.append(operation.player_index)
    return list(state.stacks), [pots[k] for k in sorted(pots)], killed


def random_stacks(rng: random.Random, n: int) -> list[int]:
    stacks: list[int] = []
    for _ in range(n):
        if stacks and rng.random() < 0.3:
            stacks.append(rng.choice(stacks))  # ties between stacks
        else:
            stacks.append(rng.randint(1, 300))
    return stacks


def showdown_all_in(stacks, holes, board, folded: set[int]) -> tuple[list[int], Settlement]:
    """showdown's final stacks for the same hand: every seat's contribution is its whole stack
    (the part nobody called comes back as ``returned``); the seats in ``folded`` count as folded."""
    n = len(stacks)
    seats = [Seat(f"p{i}", stacks[i], holes[i], i in folded) for i in range(n)]
    result = settle(seats, board, button=n - 1, odd_chip="all-to-first-from-button")
    # final stack = stack - contribution + payout + returned
    return [stack - seat.contribution + result.payouts[seat.name] + result.returned[seat.name]
            for stack, seat in zip(stacks, seats, strict=True)], result


@pytest.mark.parametrize("hands", [100, pytest.param(DIFFERENTIAL_HANDS, marks=pytest.mark.slow)])
def test_pokerkit_differential(hands):
    """Random all-in hands settled by pokerkit and by showdown (the quick tier plays the first
    100 of them)."""
    rng = random.Random(20240607)
    same_structure = no_odd = loose = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for hand in range(hands):
            n = rng.randint(2, 6)
            stacks = random_stacks(rng, n)
            deck = rng.sample(CARDS, 2 * n + 5)
            holes = [tuple(deck[2 * i:2 * i + 2]) for i in range(n)]
            board = tuple(deck[2 * n:])
            expected, kit_pots, killed = pokerkit_all_in(
                stacks, ["".join(map(str, hole)) for hole in holes], [str(c) for c in board])
            context = f"hand {hand}: stacks={stacks} holes={holes} board={board} pokerkit={expected}"
            assert sum(expected) == sum(stacks), context

            # the same pot structure as pokerkit: its killed hands count as folded
            mine_killed, result_killed = showdown_all_in(stacks, holes, board, set(killed))
            assert [pot.amount for pot in result_killed.pots] == kit_pots, context
            assert mine_killed == expected, context

            # every seat live
            mine, result = showdown_all_in(stacks, holes, board, set())
            odd = any(part.amount % len(part.winners)
                      for pot in result.pots if len(pot.contenders) > 1 for part in pot.boards)
            if [pot.amount for pot in result.pots] == kit_pots:
                same_structure += 1
                assert mine == expected, context
            elif not odd:
                no_odd += 1
                assert mine == expected, context
            else:
                loose += 1
                assert sum(mine) == sum(expected), context
                assert all(abs(a - b) <= len(result.pots) for a, b in zip(mine, expected, strict=True)), context
    assert same_structure + no_odd + loose == hands, (same_structure, no_odd, loose)
    print(f"pokerkit differential: {same_structure} same pots, {no_odd} no odd chip, {loose} loose")
    assert same_structure + no_odd >= 0.95 * hands


def test_a_live_seat_that_put_nothing_in_needs_no_cards():
    # C is live but put in 0: it contests no pot, so it needs no hole cards.
    result = settle([Seat("A", 10, "As Ad"), Seat("B", 10, "Ks Kd"), Seat("C", 0)], "2c 3c 4d 9h Th")
    assert [(pot.amount, pot.contenders, pot.winners) for pot in result.pots] == [(20, ("A", "B"), ("A",))]
    assert result.payouts == {"A": 20, "B": 0, "C": 0}


def test_more_than_two_hole_cards_are_rejected_at_showdown():
    with pytest.raises(HandSizeError, match="at most two"):
        settle([Seat("A", 10, "As Ad Ac"), Seat("B", 10, "Ks Kd")], "2c 3c 4d 9h Th")
