"""One order for every call that takes a board: what is asked about first, the board second.

``showdown(board, hands)`` and ``settle(board, seats)``, the older order, still answer (the same
answer) with a ``DeprecationWarning`` that says the new order; a study or equity call given the
board first is refused with a message that says the order, not with a complaint about a card.
"""

from __future__ import annotations

import warnings

import pytest

from showdown import (
    Card,
    PlayerCountError,
    Seat,
    ShowdownError,
    StudyError,
    breakdown,
    combo_equities,
    equity,
    next_card,
    settle,
    showdown,
)
from showdown.cards import is_board

RIVER = "Ac Kc Jc 5c Th"
HANDS = {"alice": "8c 7h", "bob": "Ad 4s"}
SEATS = [Seat("alice", 10, "8c 7h"), Seat("bob", 10, "Ad 4s"), Seat("carol", 4, folded=True)]


@pytest.mark.parametrize("board", [RIVER, RIVER.split(), [Card(text) for text in RIVER.split()],
                                   [Card(text).id for text in RIVER.split()]])
@pytest.mark.parametrize("hands", [HANDS, list(HANDS.values()), [hand.split() for hand in HANDS.values()]])
def test_showdown_in_the_older_order_warns_and_answers_alike(board, hands):
    expected = showdown(hands, board).to_dict()
    with pytest.warns(DeprecationWarning, match=r"showdown\(board, hands\) is deprecated.*showdown\(hands, board\)"):
        assert showdown(board, hands).to_dict() == expected


def test_settle_in_the_older_order_warns_and_answers_alike():
    expected = settle(SEATS, RIVER, button=1).to_dict()
    with pytest.warns(DeprecationWarning, match=r"settle\(board, seats\) is deprecated.*settle\(seats, board\)"):
        assert settle(RIVER, SEATS, button=1).to_dict() == expected
    with pytest.warns(DeprecationWarning, match="the board goes second"):
        assert settle("", SEATS[:1] + SEATS[2:]).payouts == settle(SEATS[:1] + SEATS[2:]).payouts


def test_the_current_order_does_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        showdown(HANDS, RIVER)
        settle(SEATS, RIVER)
        settle([Seat("A", 10, folded=True), Seat("B", 30)])  # a hand won preflop needs no board


def test_two_texts_are_not_taken_for_the_older_order():
    # hands must be a list or a dict: the call is refused as it stands, not swapped into an answer
    with pytest.raises(ShowdownError, match="hands must be a list"):
        showdown("8c 7h 9h 5h", RIVER)
    with pytest.raises(ShowdownError, match="seats must be a list"):
        settle(RIVER, "8c 7h")


@pytest.mark.parametrize(("call", "usage", "error"), [
    (lambda: equity(RIVER, ["AA", "KK"]), "equity(players, board)", PlayerCountError),
    (lambda: equity("Ks 7h 2d", {"alice": "AA", "bob": "KK"}), "equity(players, board)", PlayerCountError),
    (lambda: breakdown("Ks 7h 2d", "QQ+"), "breakdown(range, board)", StudyError),
    (lambda: next_card("Ks 7h 2d", "AA", "KK"), "next_card(hero, villain, board)", StudyError),
    (lambda: combo_equities("Ks 7h 2d", "AA", "KK"), "combo_equities(hero, villains, board)", StudyError),
])
def test_a_board_given_first_is_refused_with_the_order(call, usage, error):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value).startswith(f"the board goes second: {usage}; the first argument")
    assert "is a board" in str(raised.value)


def test_a_bad_board_in_the_right_order_still_names_the_card():
    with pytest.raises(ShowdownError, match="bad card 'Kx'"):
        breakdown("QQ+", "Kx 7h 2d")
    with pytest.raises(ShowdownError, match="bad card 'KK'"):
        next_card("AA", "QQ", "KK")


@pytest.mark.parametrize(("value", "board"), [
    ("Ks 7h 2d", True), ("Ks7h2d4c", True), ("As Ks Qs Js Ts", True), (["Ks", "7h", "2d"], True),
    ([Card("Ks"), Card("7h"), Card("2d")], True), ([51, 50, 49], True),
    ("AcAd", False), ("Ks 7h 2d 3c 4c 5c", False), ("QQ+", False), (["As Ks", "Qd Qc"], False),
    ({"a": "AsKs"}, False), ([["As", "Ks"], ["Qd", "Qc"]], False), (None, False), (5, False), (b"Ks7h2d", False),
])
def test_is_board(value, board):
    assert is_board(value) is board
