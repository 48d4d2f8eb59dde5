"""The page, driven in a real Chromium by Playwright.

A real uvicorn server runs ``showdown.web.create_app()`` on a free port in a thread; the
browser is Debian's ``chromium`` (``.ci/run`` installs it; Playwright's own browser downloads
are not used). Each test saves a screenshot of its view under ``test-output/screenshots/``.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import deal_seed, open_view, pick_cards, screenshot, slot_cards, wait_slots, wait_value

# A flush for alice, one pair each for bob and carol: the README's showdown.
BOARD = ["Ac", "Kc", "Jc", "5c", "Th"]
HOLES = [["8c", "7h"], ["9h", "5h"], ["Ad", "4s"]]
NAMES = ["alice", "bob", "carol"]


def _parse_error(text: str) -> str:
    """The library's message for card text that does not parse."""
    from showdown import ShowdownError, parse_cards

    with pytest.raises(ShowdownError) as error:
        parse_cards(text)
    return str(error.value)


def test_pick_cards_by_clicking(page):
    open_view(page, "showdown")
    # The picker holds the whole deck, each card a face the page drew itself, named by the server.
    assert page.locator("[data-testid=picker] .pick").count() == 52
    assert page.locator("[data-testid=picker] .pick svg").count() == 52
    assert page.get_attribute("[data-testid=pick-As]", "aria-label") == "Ace of spades"
    assert page.get_attribute("[data-testid=pick-Td]", "aria-label") == "Ten of diamonds"

    page.click("[data-testid=showdown-hole-0-slots] [data-testid=slot-0]")
    pick_cards(page, "As", "Kd")
    assert slot_cards(page, "showdown-hole-0") == ["As", "Kd"]
    assert page.input_value("[data-testid=showdown-hole-0-input]") == "As Kd"
    # A full field hands the picker on to the next one.
    pick_cards(page, "Qh")
    assert slot_cards(page, "showdown-hole-1") == ["Qh"]
    # Used cards are greyed out and cannot be picked twice.
    assert page.is_disabled("[data-testid=pick-As]")
    assert page.is_disabled("[data-testid=pick-Qh]")
    assert page.is_enabled("[data-testid=pick-Ah]")
    # Clicking a card in a slot takes it back.
    page.click("[data-testid=showdown-hole-0-slots] [data-card=As]")
    assert slot_cards(page, "showdown-hole-0") == ["Kd"]
    assert page.is_enabled("[data-testid=pick-As]")
    # Typing notation works too, suit symbols and "10" included.
    page.fill("[data-testid=showdown-board-input]", "A\u2663 10c jc")
    wait_slots(page, "showdown-board", ["Ac", "Tc", "Jc"])
    assert page.is_disabled("[data-testid=pick-Tc]")


def test_typed_cards_are_read_by_the_server(page):
    open_view(page, "showdown")
    with page.expect_request("**/api/cards/parse") as parse:
        page.fill("[data-testid=showdown-hole-0-input]", "10h A\u2660")
    assert json.loads(parse.value.post_data) == {"text": "10h A\u2660"}
    wait_slots(page, "showdown-hole-0", ["Th", "As"])
    assert page.get_attribute("[data-testid=showdown-hole-0-slots] [data-testid=slot-0]", "aria-label") \
        == "Ten of hearts: click to remove"
    # The text typed stays as it was, and is what the showdown request sends.
    assert page.input_value("[data-testid=showdown-hole-0-input]") == "10h A\u2660"
    assert page.is_disabled("[data-testid=pick-Th]") and page.is_disabled("[data-testid=pick-As]")
    page.fill("[data-testid=showdown-hole-1-input]", "Kd Kc")
    page.fill("[data-testid=showdown-board-input]", "2c 7d 9h Ts 3s")
    with page.expect_request("**/api/showdown") as request:
        page.click("[data-testid=showdown-run]")
    assert json.loads(request.value.post_data)["players"][0]["hole"] == "10h A\u2660"


def test_a_bad_card_shows_the_servers_message(page):
    open_view(page, "showdown")
    field = page.locator("[data-testid=showdown-board]")
    page.fill("[data-testid=showdown-board-input]", "Ac Kc")
    wait_slots(page, "showdown-board", ["Ac", "Kc"])
    page.fill("[data-testid=showdown-board-input]", "Ac Kx")
    message = _parse_error("Ac Kx")
    page.wait_for_function("(text) => document.querySelector('[data-testid=showdown-board] .field-error')"
                           ".textContent === text", arg=message)
    assert "suit" in message
    assert "invalid" in field.get_attribute("class").split()
    assert page.get_attribute("[data-testid=showdown-board-input]", "aria-invalid") == "true"
    # The last good cards stay while the text is being fixed; a fix clears the message.
    assert slot_cards(page, "showdown-board") == ["Ac", "Kc"]
    page.fill("[data-testid=showdown-board-input]", "Ac As Ac")
    page.wait_for_function("(text) => document.querySelector('[data-testid=showdown-board] .field-error')"
                           ".textContent === text", arg=_parse_error("Ac As Ac"))
    page.fill("[data-testid=showdown-board-input]", "Ac Kd")
    wait_slots(page, "showdown-board", ["Ac", "Kd"])
    assert page.text_content("[data-testid=showdown-board] .field-error") == ""
    assert page.get_attribute("[data-testid=showdown-board-input]", "aria-invalid") == "false"


def test_showdown_shows_the_winner(page):
    from showdown import showdown

    holes = {name: " ".join(hole) for name, hole in zip(NAMES, HOLES, strict=True)}
    expected = showdown(holes, " ".join(BOARD)).to_dict()
    open_view(page, "showdown")
    page.click("[data-testid=showdown-hole-0-input]")
    pick_cards(page, *[card for hole in HOLES for card in hole], *BOARD)
    assert slot_cards(page, "showdown-board") == BOARD
    page.click("[data-testid=showdown-run]")

    headline = page.locator("[data-testid=showdown-headline]")
    assert headline.text_content() == "alice wins with Flush, Ace-King-Jack-Eight-Five"
    assert headline.text_content() == f"alice wins with {expected['players'][0]['hand']['description']}"
    winner = page.locator("[data-testid=showdown-result-0]")
    assert "Winner" in winner.text_content()
    assert page.locator("[data-testid=showdown-results] .badge").count() == 1
    # Each player's best five are raised: alice's 8c and the board's four clubs.
    for index, player in enumerate(expected["players"]):
        result = page.locator(f"[data-testid=showdown-result-{index}]")
        marked = result.locator(".card.marked").evaluate_all("cards => cards.map(card => card.dataset.card)")
        assert sorted(marked) == sorted(player["hand"]["best_five"])
        assert result.locator("[data-testid=showdown-description]").text_content() == player["hand"]["description"]
    assert "One Pair, Aces" in page.text_content("[data-testid=showdown-result-2]")
    screenshot(page, "showdown")


def test_showdown_split_and_errors(page):
    from showdown import ShowdownError, showdown

    open_view(page, "showdown")
    page.fill("[data-testid=showdown-board-input]", "As Ks Qs Js Ts")
    page.fill("[data-testid=showdown-hole-0-input]", "2c 3c")
    page.fill("[data-testid=showdown-hole-1-input]", "4d 5d")
    page.click("[data-testid=showdown-remove]")
    page.click("[data-testid=showdown-run]")
    board = showdown({"alice": "2c 3c", "bob": "4d 5d"}, "As Ks Qs Js Ts").to_dict()
    assert page.locator("[data-testid=showdown-headline]").text_content() \
        == board["verdict"] == f"Split pot between alice and bob with {board['players'][0]['hand']['description']}"
    assert page.locator("[data-testid=showdown-results] .badge.split").count() == 2
    # The API's message is shown when the cards do not make a showdown.
    page.fill("[data-testid=showdown-hole-1-input]", "2c 5d")
    page.click("[data-testid=showdown-run]")
    message = page.locator("[data-testid=view-showdown] .status.error")
    message.wait_for()
    with pytest.raises(ShowdownError) as error:
        showdown({"alice": "2c 3c", "bob": "2c 5d"}, "As Ks Qs Js Ts")
    assert message.text_content() == str(error.value)


def _bar_width(page, index: int) -> float:
    """The win bar's width in percent, as set (the drawn width eases towards it)."""
    return page.eval_on_selector(f"[data-testid=equity-row-{index}] .bar-win", "bar => parseFloat(bar.style.width)")


def _cells(page, rows: str) -> list[list[str]]:
    """The text of each cell of the table rows matched (shown or not)."""
    return page.eval_on_selector_all(rows, "rows => rows.map(row => [...row.cells].map(cell => cell.textContent))")


def test_equity_bars_reach_the_exact_result(page):
    open_view(page, "odds")
    page.click("[data-testid=odds-player-0-input]")
    pick_cards(page, "Ac", "Ad", "Kh", "Ks")
    page.click("[data-testid=odds-run]")
    display = page.locator("[data-testid=equity-display][data-state=done]")
    display.wait_for(timeout=60_000)
    assert page.get_attribute("[data-testid=equity-display]", "data-exact") == "true"
    assert page.text_content("[data-testid=equity-summary]").startswith("Final, exact: 1,712,304 deals in ")
    assert page.text_content("[data-testid=equity-value-0]") == "81.3%"
    assert page.text_content("[data-testid=equity-value-1]") == "18.7%"
    # The win bars are the exact win fractions: 1,388,072 and 317,694 of the 1,712,304 boards.
    assert (round(_bar_width(page, 0), 2), round(_bar_width(page, 1), 2)) == (81.06, 18.55)
    # The labels are the players' hands as given (picked cards are written with a space).
    assert page.text_content("[data-testid=equity-row-0] .equity-hand") == "Ac Ad"
    assert page.text_content("[data-testid=equity-row-1] .equity-hand") == "Kh Ks"
    # Equity by final hand, strongest first; each column adds up to the player's equity.
    rows = _cells(page, "[data-testid=equity-categories] tbody tr")
    names = [row[0] for row in rows]
    assert names[0] == "Straight Flush" and names[-1] == "High Card" and len(names) == 9
    column = [float(row[1].rstrip("%")) for row in rows]
    assert abs(sum(column) - 81.3) < 0.1


def test_stop_a_running_calculation(page):
    open_view(page, "odds")
    page.fill("[data-testid=odds-player-0-input]", "QQ+, AKs")
    page.select_option("[data-testid=odds-mode]", "monte-carlo")
    page.select_option("[data-testid=odds-time]", "30")
    page.click("[data-testid=odds-run]")
    page.wait_for_function("() => document.querySelector('[data-testid=equity-value-0]')?.textContent.endsWith('%')",
                           timeout=60_000)
    page.click("[data-testid=odds-stop]")
    page.wait_for_selector("[data-testid=equity-display][data-state=cancelled]")
    assert page.text_content("[data-testid=equity-summary]").startswith("Stopped, Monte Carlo")
    assert page.is_enabled("[data-testid=odds-run]") and page.is_disabled("[data-testid=odds-stop]")
    # A range is not cards: its field shows a range chip, not slots.
    assert page.locator("[data-testid=odds-player-0-slots] .range-chip").count() == 1
    assert page.text_content("[data-testid=equity-row-0] .equity-hand") == "QQ+, AKs"


def _range_text(page, value: str) -> None:
    wait_value(page, "range-text", value)


def _painting(request) -> bool:
    """A request of the range grid's painting (reading the text sends no weights)."""
    return request.url.endswith("/api/range") and "weights" in json.loads(request.post_data)


def test_range_grid_and_live_monte_carlo(page):
    from showdown import odds_grid

    open_view(page, "odds")
    page.fill("[data-testid=odds-player-0-input]", "AhKh")
    page.click("[data-testid=odds-range-1]")
    editor = page.locator("[data-testid=range-editor]")
    editor.wait_for()
    # The plan line above has said what a run would be: nothing moves while the mouse drags.
    page.wait_for_function("() => document.querySelector('[data-testid=odds-plan]').textContent !== ''")

    # Drag along the top row from AKs to ATs: four suited hands.
    start = page.locator("[data-testid=range-cell-AKs]").bounding_box()
    end = page.locator("[data-testid=range-cell-ATs]").bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=12)
    page.mouse.up()
    _range_text(page, "ATs+")
    for hand in ("AKs", "AQs", "AJs", "ATs"):
        assert page.get_attribute(f"[data-testid=range-cell-{hand}]", "aria-pressed") == "true"
    assert page.get_attribute("[data-testid=range-cell-A9s]", "aria-pressed") == "false"
    # Pairs by click, then a hand at half weight.
    page.click("[data-testid=range-cell-QQ]")
    page.eval_on_selector("[data-testid=range-weight]",
                          "input => { input.value = '50'; input.dispatchEvent(new Event('input')); }")
    page.click("[data-testid=range-cell-KQo]")
    _range_text(page, "QQ, ATs+, 0.5(KQo)")
    assert page.text_content("[data-testid=range-summary]") == "34 combos (2.6% of hands), 6 starting hands"
    assert page.eval_on_selector("[data-testid=range-cell-KQo]", "cell => cell.style.getPropertyValue('--weight')") \
        == "0.5"
    # Text typed in is read back into the grid.
    text = page.locator("[data-testid=range-text]")
    text.fill("JJ+, AKo")
    page.wait_for_selector("[data-testid=range-cell-KK][aria-pressed=true]")
    assert page.get_attribute("[data-testid=range-cell-AKo]", "aria-pressed") == "true"
    assert page.get_attribute("[data-testid=range-cell-ATs]", "aria-pressed") == "false"
    page.click("[data-testid=range-apply]")
    assert page.input_value("[data-testid=odds-player-1-input]") == "JJ+, AKo"

    # Monte Carlo for three seconds on the flop: the bars move while it runs, then settle on the
    # final result (exactly 29.98% against 70.02%).
    page.fill("[data-testid=odds-board-input]", "Ts Qs 2d")
    page.select_option("[data-testid=odds-mode]", "monte-carlo")
    page.select_option("[data-testid=odds-time]", "3")
    # Record every summary the display shows, to see the interim results go by.
    page.evaluate("""() => {
        window.summaries = [];
        const display = document.querySelector('[data-testid=equity-display]');
        new MutationObserver(() => {
            const text = display.querySelector('[data-testid=equity-summary]').textContent;
            if (window.summaries.at(-1) !== text) window.summaries.push(text);
        }).observe(display, {subtree: true, childList: true, characterData: true});
    }""")
    page.click("[data-testid=odds-run]")
    page.locator("[data-testid=equity-display][data-state=done]").wait_for(timeout=60_000)
    seen = page.evaluate("window.summaries")
    assert any(text.startswith("Running, Monte Carlo") for text in seen), seen
    summary = page.text_content("[data-testid=equity-summary]")
    assert re.match(r"Final, Monte Carlo estimate: [\d,]+ deals, standard error", summary), summary
    assert page.text_content("[data-testid=equity-board]") == "Board Ts Qs 2d"
    equities = [float(page.text_content(f"[data-testid=equity-value-{i}]").rstrip("%")) for i in (0, 1)]
    assert abs(sum(equities) - 100) < 0.25 and 28 < equities[0] < 32
    assert _bar_width(page, 0) > 0 and _bar_width(page, 1) > 0

    # The odds grid by final hand, strongest first, against the library's numbers.
    expected = odds_grid("As Ks", "Ts Qs 2d", 1).to_dict()
    page.click("[data-testid=grid-hole-input]")
    pick_cards(page, "As", "Ks")
    page.click("[data-testid=grid-run]")
    table = page.locator("[data-testid=grid-table]")
    table.wait_for(timeout=60_000)
    assert "76.24%" in table.locator("tfoot").text_content()
    assert f"{100 * expected['equity']:.2f}%" in table.locator("tfoot").text_content()
    rows = [re.split(r"\s*\t\s*", row.strip()) for row in table.locator("tbody tr").all_inner_texts()]
    by_name = {category["category_name"]: category for category in expected["categories"]}
    assert [row[0] for row in rows] == [c["category_name"] for c in sorted(expected["categories"],
                                                                          key=lambda c: -c["category"])]
    for name, you, them in rows:
        assert (you, them) == (f"{100 * by_name[name]['player']:.2f}%", f"{100 * by_name[name]['opponents']:.2f}%")
    assert page.text_content("[data-testid=grid-result] .hint").startswith("As Ks on Ts Qs 2d against the opponent")
    page.click("[data-testid=odds-range-1]")
    editor.wait_for()
    screenshot(page, "odds")


def test_range_grid_keeps_a_single_combo(page):
    from showdown import Range, starting_hands

    open_view(page, "odds")
    page.fill("[data-testid=odds-player-0-input]", "AhKh")
    wait_slots(page, "odds-player-0", ["Ah", "Kh"])
    page.click("[data-testid=odds-range-0]")
    page.locator("[data-testid=range-editor]").wait_for()
    # AhKh is one of AKs's four combos: a partly filled cell, a quarter high.
    cell = "[data-testid=range-cell-AKs]"
    page.wait_for_selector(f"{cell}.partial")
    assert page.get_attribute(cell, "aria-pressed") == "mixed"
    assert page.get_attribute(cell, "title") == "AKs: 1 of 4 combos, weight 0.25"
    assert page.eval_on_selector(cell, "cell => cell.style.getPropertyValue('--weight')") == "0.25"
    assert page.text_content("[data-testid=range-summary]") == "1 combos (0.1% of hands), 1 starting hand"
    # Used as it is, the range is still exactly AhKh.
    page.click("[data-testid=range-apply]")
    assert page.input_value("[data-testid=odds-player-0-input]") == "AhKh"

    # Painting QQ sends the text and the painted hand; AhKh stays as it was.
    page.click("[data-testid=odds-range-0]")
    page.wait_for_selector(f"{cell}.partial")
    with page.expect_request(_painting) as painted:
        page.click("[data-testid=range-cell-QQ]")
    assert json.loads(painted.value.post_data) == {"text": "AhKh", "weights": {"QQ": 1}}
    _range_text(page, "QQ, AhKh")
    assert page.get_attribute(cell, "aria-pressed") == "mixed"
    assert page.get_attribute("[data-testid=range-cell-QQ]", "aria-pressed") == "true"
    screenshot(page, "range-grid")
    page.click("[data-testid=range-apply]")
    assert page.input_value("[data-testid=odds-player-0-input]") == "QQ, AhKh"
    page.wait_for_selector("[data-testid=odds-player-0-slots] .range-chip")

    # "All" and "Clear" set every starting hand.
    page.click("[data-testid=odds-range-0]")
    _range_text(page, "QQ, AhKh")
    with page.expect_request(_painting) as everything:
        page.click("[data-testid=range-all]")
    assert len(json.loads(everything.value.post_data)["weights"]) == 169
    _range_text(page, str(Range("QQ, AhKh").with_weights({hand: 1 for hand in starting_hands()})))
    assert page.input_value("[data-testid=range-text]") == "random"
    assert page.text_content("[data-testid=range-summary]").startswith("1326 combos (100.0% of hands), 169")
    page.click("[data-testid=range-clear]")
    _range_text(page, "")
    assert page.text_content("[data-testid=range-summary]") == "No hands selected"
    assert page.locator("[data-testid=range-grid] [aria-pressed=true], [data-testid=range-grid] .partial").count() == 0


def test_settle_a_pot(page):
    from showdown import hand_from_json, settle

    open_view(page, "pots")
    for index, chips in enumerate(["25", "50", "100"]):
        page.fill(f"[data-testid=pots-contribution-{index}]", chips)
    page.click("[data-testid=pots-add]")
    page.fill("[data-testid=pots-contribution-3]", "40")
    page.check("[data-testid=pots-folded-3]")
    page.check("[data-testid=pots-button-2]")
    page.click("[data-testid=pots-hole-0-input]")
    pick_cards(page, *[card for hole in HOLES for card in hole], *BOARD)
    assert slot_cards(page, "pots-board") == BOARD
    page.click("[data-testid=pots-run]")

    page.locator("[data-testid=pots-announcement] li").first.wait_for()
    lines = page.locator("[data-testid=pots-announcement] li").all_text_contents()
    assert lines == [
        "50 uncalled returned to carol.",
        "Main pot of 100 to alice with Flush, Ace-King-Jack-Eight-Five.",
        "Side pot 1 of 65 to carol with One Pair, Aces, King-Jack-Ten kickers.",
    ]
    payouts = page.locator("[data-testid=pots-payouts] tbody tr").all_inner_texts()
    assert [re.split(r"\s+", row.strip()) for row in payouts] == [
        ["alice", "25", "0", "100", "+75"],
        ["bob", "50", "0", "0", "-50"],
        ["carol", "100", "50", "65", "+15"],
        ["dave", "40", "0", "0", "-40"],
    ]
    # The same hand settled by the library.
    seats = [{"name": name, "contribution": chips, "hole": " ".join(hole)}
             for name, chips, hole in zip(NAMES, [25, 50, 100], HOLES, strict=True)]
    seats.append({"name": "dave", "contribution": 40, "folded": True})
    expected = settle(**hand_from_json({"board": " ".join(BOARD), "seats": seats, "button": 2})).to_dict()
    assert lines == expected["announcement"]
    assert [row.split("\t")[0] for row in payouts] == [seat["name"] for seat in expected["seats"]]
    winners = page.locator("[data-testid=pots-results] .pot-winners").all_text_contents()
    assert winners == [", ".join(pot["winners"]) for pot in expected["pots"]] == ["alice", "carol"]
    screenshot(page, "pots")


def test_split_pot_shares(page):
    from showdown import hand_from_json, settle

    expected = settle(**hand_from_json({"board": "As Ks Qs Js Ts", "seats": [
        {"name": "alice", "contribution": 25, "hole": "2c 3c"},
        {"name": "bob", "contribution": 26, "hole": "4d 5d"}]})).to_dict()
    open_view(page, "pots")
    page.click("[data-testid=pots-remove]")
    page.fill("[data-testid=pots-contribution-0]", "25")
    page.fill("[data-testid=pots-contribution-1]", "26")
    page.fill("[data-testid=pots-hole-0-input]", "2c 3c")
    page.fill("[data-testid=pots-hole-1-input]", "4d 5d")
    page.fill("[data-testid=pots-board-input]", "As Ks Qs Js Ts")
    page.click("[data-testid=pots-run]")
    page.locator("[data-testid=pots-announcement] li").first.wait_for()
    lines = page.locator("[data-testid=pots-announcement] li").all_text_contents()
    assert lines == expected["announcement"] and lines[0] == "1 uncalled returned to bob."
    shares = expected["pots"][0]["shares"]
    assert sorted((share["name"], share["chips"]) for share in shares) == [("alice", 25), ("bob", 25)]
    assert page.text_content("[data-testid=pots-results] .pot-winners") \
        == ", ".join(f"{share['name']} {share['chips']}" for share in shares)


def _play(page, positions: list[int]) -> list[str]:
    """Deal, hold `positions` and draw; the deal."""
    page.click("[data-testid=vp-deal]")
    page.wait_for_selector("[data-testid=vp-card-4][data-card]:not([data-card=''])")
    deal = [page.get_attribute(f"[data-testid=vp-card-{i}]", "data-card") for i in range(5)]
    for position in positions:
        page.click(f"[data-testid=vp-card-{position}]")
    page.click("[data-testid=vp-deal]")
    page.wait_for_selector("[data-testid=vp-ev-lost]")
    return deal


def test_play_a_video_poker_hand(page):
    from showdown.videopoker import Trainer

    deal_seed(page, 2024)
    trainer = Trainer("jacks-or-better-9-6", 5, seed=2024)
    trainer.deal()
    expected = trainer.play((0, 1)).to_dict()
    open_view(page, "videopoker")
    page.wait_for_selector("[data-testid=vp-paytable] option", state="attached")
    assert page.locator("[data-testid=vp-paytable-table] tbody tr").count() >= 9
    page.click("[data-testid=vp-deal]")
    page.wait_for_selector("[data-testid=vp-card-4][data-card]:not([data-card=''])")
    deal = [page.get_attribute(f"[data-testid=vp-card-{i}]", "data-card") for i in range(5)]
    assert deal == expected["deal"]
    assert page.text_content("[data-testid=vp-deal]") == "Draw"

    # Hold the first two cards (clicking twice lets go again).
    page.click("[data-testid=vp-card-0]")
    page.click("[data-testid=vp-card-1]")
    page.click("[data-testid=vp-card-2]")
    page.click("[data-testid=vp-card-2]")
    assert page.get_attribute("[data-testid=vp-card-0]", "aria-pressed") == "true"
    assert page.get_attribute("[data-testid=vp-card-2]", "aria-pressed") == "false"
    page.click("[data-testid=vp-deal]")

    page.wait_for_selector("[data-testid=vp-ev-lost]")
    final = [page.get_attribute(f"[data-testid=vp-card-{i}]", "data-card") for i in range(5)]
    assert final == expected["final"] and final[:2] == deal[:2]
    assert page.text_content("[data-testid=vp-verdict]") == f"{expected['hand_class_name']}: pays {expected['payout']}"
    best = " ".join(expected["best"]["held"]) or "nothing (draw five)"
    assert page.text_content("[data-testid=vp-best]") \
        == f"Best hold: {best} (EV {expected['best']['ev']:.4f} a coin)"
    assert page.text_content("[data-testid=vp-held]") \
        == f"You held: {' '.join(expected['hold']['held'])} (EV {expected['hold']['ev']:.4f} a coin)"
    assert expected["mistake"]
    assert page.text_content("[data-testid=vp-ev-lost]").startswith(f"EV given up: {expected['ev_lost']:.4f} a coin")
    assert page.text_content("[data-testid=vp-tally-hands]") == "1"
    assert page.text_content("[data-testid=vp-tally-bet]") == "5"
    assert page.text_content("[data-testid=vp-tally-won]") == str(expected["payout"])
    assert page.text_content("[data-testid=vp-deal]") == "Deal"
    screenshot(page, "videopoker")


def test_the_pay_table_row_of_the_final_hand_is_lit(page):
    from showdown.videopoker import Paytable, Trainer

    # Three deuces held in Double Double Bonus draw the fourth with a ten: "Four 2s-4s", not the
    # richer "Four 2s-4s + A-4" row.
    name, seed, held = "double-double-bonus-9-6", 2858, (1, 2, 4)
    trainer = Trainer(name, 5, seed=seed)
    trainer.deal()
    expected = trainer.play(held).to_dict()
    assert expected["row"]["key"] == "four-2-4"
    table = Paytable.named(name).to_dict()

    deal_seed(page, seed)
    open_view(page, "videopoker")
    page.wait_for_selector("[data-testid=vp-paytable] option", state="attached")
    page.select_option("[data-testid=vp-paytable]", name)
    # The pay table is the server's: every row, each bet's payout (the royal flush's bonus too).
    rows = page.locator("[data-testid=vp-paytable-table] tbody tr")
    assert rows.evaluate_all("rows => rows.map(row => row.dataset.key)") == [row["key"] for row in table["rows"]]
    assert [re.split(r"\t", text) for text in rows.all_inner_texts()] \
        == [[row["label"], *map(str, row["payouts"])] for row in table["rows"]]
    assert page.text_content("[data-testid=vp-paytable-table] caption") == table["title"]
    assert page.locator("[data-testid=vp-paytable-table] tr.hit").count() == 0

    deal = _play(page, list(held))
    assert deal == expected["deal"]
    lit = page.locator("[data-testid=vp-paytable-table] tr.hit")
    assert lit.count() == 1
    assert lit.get_attribute("data-key") == expected["row"]["key"]
    assert lit.locator("th").text_content() == expected["row"]["label"] == "Four 2s-4s"
    assert page.text_content("[data-testid=vp-verdict]") == f"{expected['hand_class_name']}: pays {expected['payout']}"
    assert lit.locator("td.bet").text_content() == str(expected["payout"])
    assert page.text_content("[data-testid=vp-ev-lost]") == "The best hold: no EV given up."
    screenshot(page, "videopoker-row")

    # A hand the table does not pay lights no row.
    page.unroute("**/api/videopoker/deal")
    deal_seed(page, 3)
    _play(page, [])
    assert page.locator("[data-testid=vp-paytable-table] tr.hit").count() == 0
    assert page.text_content("[data-testid=vp-verdict]").endswith(": pays 0")
