"""The Showdown and Pots views as a player meets them, in Chromium: seats without cards sit out,
a field with an error stops the action with its message, Enter runs it, and the seats survive a
reload; the pots table uses the command line's words."""

from __future__ import annotations

import pytest

from conftest import open_view, shown_text, slot_cards, wait_slots, wait_value
from showdown import Seat, ShowdownError, parse_cards, settle, showdown

ROYAL = "As Ks Qs Js Ts"


def _library_error(call, *args) -> str:
    with pytest.raises(ShowdownError) as error:
        call(*args)
    return str(error.value)


def _status(page, view: str) -> str:
    return shown_text(page, f"[data-testid=view-{view}] .status.error")


def _deal(page, board: str, *holes: str) -> None:
    """The Showdown view with ``board`` and the first seats' hole cards typed in."""
    open_view(page, "showdown")
    page.fill("[data-testid=showdown-board-input]", board)
    for seat, hole in enumerate(holes):
        page.fill(f"[data-testid=showdown-hole-{seat}-input]", hole)


def test_a_seat_with_a_bad_card_blocks_the_showdown(page):
    _deal(page, ROYAL, "2c 3c", "4d 5d", "Kx")
    page.click("[data-testid=showdown-run]")
    assert _status(page, "showdown") == f"Player 3 hole cards: {_library_error(parse_cards, 'Kx')}"
    assert page.locator("[data-testid=showdown-headline]").count() == 0
    # Emptied, the seat sits out: alice and bob split the royal on the board, carol is not in it.
    page.fill("[data-testid=showdown-hole-2-input]", "")
    page.click("[data-testid=showdown-run]")
    expected = showdown(ROYAL, {"alice": "2c 3c", "bob": "4d 5d"}).verdict
    page.wait_for_selector("[data-testid=showdown-headline]")
    assert page.text_content("[data-testid=showdown-headline]") == expected
    assert page.locator("[data-testid=showdown-results] .result-player").count() == 2
    assert "carol" not in page.text_content("[data-testid=showdown-results]")


def test_too_many_cards_are_named_once(page):
    _deal(page, ROYAL, "2c 3c 4c", "4d 5d")
    page.click("[data-testid=showdown-run]")
    assert _status(page, "showdown") == "Player 1 hole cards: at most 2 cards, got 3"
    assert page.text_content("[data-testid=showdown-hole-0] .field-error") == "at most 2 cards, got 3"


def test_empty_seats_are_not_ranked(page):
    _deal(page, ROYAL, "2c 3c")
    page.click("[data-testid=showdown-run]")
    # One seat with cards is not a showdown: the library says so, nobody is ranked.
    assert _status(page, "showdown") == _library_error(showdown, ROYAL, {"alice": "2c 3c"})
    assert page.locator("[data-testid=showdown-results] .result-player").count() == 0


def test_a_two_card_board_is_refused(page):
    _deal(page, "Ac Kc", "2c 3c", "4d 5d")
    page.click("[data-testid=showdown-run]")
    assert _status(page, "showdown") == _library_error(showdown, "Ac Kc", ["2c 3c", "4d 5d"])
    assert page.locator("[data-testid=showdown-headline]").count() == 0


def test_enter_shows_down_and_a_reload_keeps_the_seats(page):
    _deal(page, "Ac Kc Jc 5c Th", "8c7h", "9h 5h")
    page.fill("[data-testid=showdown-name-1]", "Bobby")
    wait_slots(page, "showdown-hole-1", ["9h", "5h"])
    page.press("[data-testid=showdown-hole-1-input]", "Enter")
    expected = showdown("Ac Kc Jc 5c Th", {"alice": "8c7h", "Bobby": "9h 5h"}).verdict
    page.wait_for_selector("[data-testid=showdown-headline]")
    assert page.text_content("[data-testid=showdown-headline]") == expected

    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    wait_slots(page, "showdown-hole-0", ["8c", "7h"])
    # The text comes back as it was typed, the cards drawn from it, the names kept.
    assert page.input_value("[data-testid=showdown-hole-0-input]") == "8c7h"
    assert page.input_value("[data-testid=showdown-name-1]") == "Bobby"
    wait_slots(page, "showdown-board", ["Ac", "Kc", "Jc", "5c", "Th"])
    assert slot_cards(page, "showdown-hole-1") == ["9h", "5h"]


SEATS = [("alice", 100, "Ac Ad"), ("bob", 100, "Kc Kd"), ("carol", 40, "Qc Qd")]
POTS_BOARD = "2s 7h 9d Tc 3s"


def _fill_pots(page) -> None:
    for index, (name, chips, hole) in enumerate(SEATS):
        page.fill(f"[data-testid=pots-name-{index}]", name)
        page.fill(f"[data-testid=pots-contribution-{index}]", str(chips))
        page.fill(f"[data-testid=pots-hole-{index}-input]", hole)
    page.fill("[data-testid=pots-board-input]", POTS_BOARD)
    wait_slots(page, "pots-board", POTS_BOARD.split())


def test_pots_speak_like_the_command_line_and_enter_settles(page):
    open_view(page, "pots")
    _fill_pots(page)
    page.press("[data-testid=pots-contribution-2]", "Enter")
    page.wait_for_selector("[data-testid=pots-payouts]")
    headings = page.eval_on_selector_all(
        "[data-testid=pots-payouts] thead th", "cells => cells.map(c => c.textContent)"
    )
    assert headings == ["Seat", "Put in", "Returned", "Won", "Net"]
    expected = settle(POTS_BOARD, [Seat(name, chips, hole) for name, chips, hole in SEATS]).to_dict()
    rows = page.eval_on_selector_all("[data-testid=pots-payouts] tbody tr",
                                     "rows => rows.map(row => [...row.cells].map(cell => cell.textContent))")
    assert rows == [[seat["name"], str(seat["contribution"]), str(seat["returned"]), str(seat["payout"]),
                     f"{seat['net']:+d}" if seat["net"] else "0"] for seat in expected["seats"]]


def test_pots_block_on_a_bad_card_and_keep_the_seats(page):
    open_view(page, "pots")
    _fill_pots(page)
    page.fill("[data-testid=pots-board-input]", "2s 7h 9d Tc 3z")
    page.click("[data-testid=pots-run]")
    assert _status(page, "pots") == f"Board: {_library_error(parse_cards, '2s 7h 9d Tc 3z')}"
    assert page.locator("[data-testid=pots-payouts]").count() == 0
    page.fill("[data-testid=pots-board-input]", POTS_BOARD)
    wait_slots(page, "pots-board", POTS_BOARD.split())
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    for index, (name, chips, hole) in enumerate(SEATS):
        wait_value(page, f"pots-name-{index}", name)
        assert page.input_value(f"[data-testid=pots-contribution-{index}]") == str(chips)
        wait_slots(page, f"pots-hole-{index}", hole.split())
    wait_slots(page, "pots-board", POTS_BOARD.split())
