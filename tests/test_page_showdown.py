"""The Showdown and Pots views as a player meets them, in Chromium: seats without cards sit out,
a field with an error stops the action with its message, Enter runs it, and the seats survive a
reload; the pots table uses the command line's words. The seats each view takes and the odd-chip
rules are the server's (``GET /api/limits``): a showdown seats as many as its game deals to."""

from __future__ import annotations

import json

import pytest

from conftest import open_view, shown_text, slot_cards, wait_slots, wait_value
from showdown import GAMES, LIMITS, Seat, ShowdownError, parse_cards, settle, showdown

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
    expected = showdown({"alice": "2c 3c", "bob": "4d 5d"}, ROYAL).verdict
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
    assert _status(page, "showdown") == _library_error(showdown, {"alice": "2c 3c"}, ROYAL)
    assert page.locator("[data-testid=showdown-results] .result-player").count() == 0


def test_a_two_card_board_is_refused(page):
    _deal(page, "Ac Kc", "2c 3c", "4d 5d")
    page.click("[data-testid=showdown-run]")
    assert _status(page, "showdown") == _library_error(showdown, ["2c 3c", "4d 5d"], "Ac Kc")
    assert page.locator("[data-testid=showdown-headline]").count() == 0


def test_enter_shows_down_and_a_reload_keeps_the_seats(page):
    _deal(page, "Ac Kc Jc 5c Th", "8c7h", "9h 5h")
    page.fill("[data-testid=showdown-name-1]", "Bobby")
    wait_slots(page, "showdown-hole-1", ["9h", "5h"])
    page.press("[data-testid=showdown-hole-1-input]", "Enter")
    expected = showdown({"alice": "8c7h", "Bobby": "9h 5h"}, "Ac Kc Jc 5c Th").verdict
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


FIRST_NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]
ODD_CHIP_WORDS = {"one-each-from-button": "one at a time from the button",
                  "all-to-first-from-button": "all to the first from the button"}


def _serve_limits(page, **library) -> None:
    """The page is told these library limits by GET /api/limits, the rest as the server says."""
    def handle(route) -> None:
        response = route.fetch()
        limits = response.json()
        limits["library"].update(library)
        route.fulfill(response=response, json=limits)

    page.route("**/api/limits", handle)


def _fill_seats(page, view: str) -> int:
    """Add seats until the add button says the table is full; how many seats there are then."""
    add = page.locator(f"[data-testid={view}-add]")
    while add.is_enabled():
        add.click()
    return len(_names(page, view))


def _names(page, view: str) -> list[str]:
    return page.eval_on_selector_all(f"[data-testid^={view}-name-]", "inputs => inputs.map(i => i.value)")


def test_a_showdown_seats_as_many_players_as_its_game_deals_to(page):
    most = LIMITS.max_showdown_players_by_game
    open_view(page, "showdown")
    assert _fill_seats(page, "showdown") == most["holdem"] > 10
    names = _names(page, "showdown")
    assert names[:10] == FIRST_NAMES and all(names) and len(set(names)) == len(names)
    # Every seat dealt at random and shown down: the server ranks them all, as the library does.
    page.click("[data-testid=showdown-random]")
    board = slot_cards(page, "showdown-board")
    holes = {name: slot_cards(page, f"showdown-hole-{index}") for index, name in enumerate(names)}
    assert len(board) == 5 and all(len(hole) == 2 for hole in holes.values())
    page.click("[data-testid=showdown-run]")
    assert shown_text(page, "[data-testid=showdown-headline]") == showdown(holes, board).verdict
    assert page.locator("[data-testid=showdown-results] .result-player").count() == most["holdem"]
    # Six-card Omaha deals to fewer: the seats past them are set aside, and the page says so.
    page.select_option("[data-testid=showdown-game]", "omaha6")
    assert len(_names(page, "showdown")) == most["omaha6"] < 10
    assert page.is_disabled("[data-testid=showdown-add]")
    assert shown_text(page, "[data-testid=view-showdown] .status.info") == (
        f"{GAMES['omaha6'].title} deals to at most {most['omaha6']} players: players {most['omaha6'] + 1} to "
        f"{most['holdem']} are set aside until a game with room for them.")
    # Back in hold'em they come back as they were; one removed by hand is the user's choice.
    page.select_option("[data-testid=showdown-game]", "holdem")
    assert _names(page, "showdown") == names
    assert slot_cards(page, f"showdown-hole-{len(names) - 1}") == holes[names[-1]]
    assert page.is_hidden("[data-testid=view-showdown] .status")
    page.select_option("[data-testid=showdown-game]", "omaha")
    assert len(_names(page, "showdown")) == most["omaha"]
    page.click("[data-testid=showdown-remove]")
    page.select_option("[data-testid=showdown-game]", "holdem")
    assert _names(page, "showdown") == names[:most["omaha"] - 1]
    assert page.is_enabled("[data-testid=showdown-add]")


def test_the_seats_and_the_odd_chip_rules_are_the_servers(page):
    rules = list(reversed(LIMITS.odd_chip_rules))
    _serve_limits(page, max_showdown_players_by_game={**LIMITS.max_showdown_players_by_game, "holdem": 4},
                  max_seats=5, odd_chip_rules=rules)
    open_view(page, "showdown")
    assert _fill_seats(page, "showdown") == 4
    open_view(page, "pots")
    assert _fill_seats(page, "pots") == 5
    options = page.eval_on_selector_all("[data-testid=pots-odd-chip] option", "o => o.map(x => [x.value, x.text])")
    assert options == [[rule, ODD_CHIP_WORDS[rule]] for rule in rules]
    assert page.input_value("[data-testid=pots-odd-chip]") == rules[0]


def test_pots_seat_as_many_as_the_library_settles_and_every_seat_has_a_name(page):
    open_view(page, "pots")
    options = page.eval_on_selector_all("[data-testid=pots-odd-chip] option", "o => o.map(x => [x.value, x.text])")
    assert options == [[rule, ODD_CHIP_WORDS[rule]] for rule in LIMITS.odd_chip_rules]
    assert _fill_seats(page, "pots") == LIMITS.max_seats > 10
    names = _names(page, "pots")
    assert names[:10] == FIRST_NAMES and all(names) and len(set(names)) == len(names)
    # Two seats show down, the others fold; a name emptied is the one the seat started with.
    page.fill("[data-testid=pots-hole-0-input]", "Ac Ad")
    page.fill("[data-testid=pots-hole-1-input]", "Kc Kd")
    for index in range(2, len(names)):
        page.check(f"[data-testid=pots-folded-{index}]")
    page.fill("[data-testid=pots-name-12]", " ")
    page.fill("[data-testid=pots-board-input]", POTS_BOARD)
    wait_slots(page, "pots-board", POTS_BOARD.split())
    asked: list[dict] = []
    page.on("request", lambda request: asked.append(json.loads(request.post_data))
            if request.url.endswith("/api/settle") else None)
    page.click("[data-testid=pots-run]")
    page.wait_for_selector("[data-testid=pots-payouts]")
    assert [seat["name"] for seat in asked[-1]["seats"]] == names
    assert asked[-1]["odd_chip"] == LIMITS.odd_chip_rules[0]
    seats = [Seat(name, 100, hole, folded=hole is None)
             for name, hole in zip(names, ["Ac Ad", "Kc Kd"] + [None] * (len(names) - 2), strict=True)]
    expected = settle(seats, POTS_BOARD)
    rows = page.eval_on_selector_all("[data-testid=pots-payouts] tbody tr",
                                     "rows => rows.map(row => [...row.cells].map(cell => cell.textContent))")
    assert rows == [[seat["name"], str(seat["contribution"]), str(seat["returned"]), str(seat["payout"]),
                     f"{seat['net']:+d}" if seat["net"] else "0"] for seat in expected.to_dict()["seats"]]


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
    expected = settle([Seat(name, chips, hole) for name, chips, hole in SEATS], POTS_BOARD).to_dict()
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
