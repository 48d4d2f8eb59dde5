"""The page, driven in a real Chromium by Playwright.

A real uvicorn server runs ``showdown.web.create_app()`` on a free port in a thread; the
browser is Debian's ``chromium`` (``.ci/run`` installs it; Playwright's own browser downloads
are not used). Each test saves a screenshot of its view under ``test-output/screenshots/``.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None,
                                reason="Debian's chromium is not installed (apt-get install chromium)")

SCREENSHOTS = Path(__file__).resolve().parent.parent / "test-output" / "screenshots"
VIEWPORT = {"width": 1280, "height": 900}
# A flush for alice, one pair each for bob and carol: the README's showdown.
BOARD = ["Ac", "Kc", "Jc", "5c", "Th"]
HOLES = [["8c", "7h"], ["9h", "5h"], ["Ad", "4s"]]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app on a real server, in a background thread, for the whole module."""
    import uvicorn

    from showdown.web import create_app

    port = _free_port()
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning",
                            timeout_graceful_shutdown=2)
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not instance.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the web server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, server):
    """A fresh page (its own storage) on the app; fails the test on any script error."""
    context = browser.new_context(viewport=VIEWPORT, base_url=server)
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))

    def console(message) -> None:
        # The browser logs every 4xx answer; the tests that expect one check the message shown.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            errors.append(message.text)

    tab.on("console", console)
    yield tab
    context.close()
    assert not errors, f"errors in the page: {errors}"


def _open(page, view: str) -> None:
    page.goto(f"/#{view}")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector(f"[data-testid=view-{view}]:not([hidden])")


def _pick(page, *cards: str) -> None:
    for card in cards:
        page.click(f"[data-testid=pick-{card}]")


def _screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    return path


def _slot_cards(page, testid: str) -> list[str]:
    return page.eval_on_selector_all(f"[data-testid={testid}-slots] .card-face",
                                     "faces => faces.map(face => face.dataset.card)")


def test_pick_cards_by_clicking(page):
    _open(page, "showdown")
    # The picker holds the whole deck, each card a face the page drew itself.
    assert page.locator("[data-testid=picker] .pick").count() == 52
    assert page.locator("[data-testid=picker] .pick svg").count() == 52

    page.click("[data-testid=showdown-hole-0-slots] [data-testid=slot-0]")
    _pick(page, "As", "Kd")
    assert _slot_cards(page, "showdown-hole-0") == ["As", "Kd"]
    assert page.input_value("[data-testid=showdown-hole-0-input]") == "As Kd"
    # A full field hands the picker on to the next one.
    _pick(page, "Qh")
    assert _slot_cards(page, "showdown-hole-1") == ["Qh"]
    # Used cards are greyed out and cannot be picked twice.
    assert page.is_disabled("[data-testid=pick-As]")
    assert page.is_disabled("[data-testid=pick-Qh]")
    assert page.is_enabled("[data-testid=pick-Ah]")
    # Clicking a card in a slot takes it back.
    page.click("[data-testid=showdown-hole-0-slots] [data-card=As]")
    assert _slot_cards(page, "showdown-hole-0") == ["Kd"]
    assert page.is_enabled("[data-testid=pick-As]")
    # Typing notation works too, suit symbols and "10" included.
    page.fill("[data-testid=showdown-board-input]", "A\u2663 10c jc")
    assert _slot_cards(page, "showdown-board") == ["Ac", "Tc", "Jc"]
    assert page.is_disabled("[data-testid=pick-Tc]")
    page.fill("[data-testid=showdown-board-input]", "Ac Kx")
    assert "suit" in page.text_content("[data-testid=showdown-board] .field-error")


def test_showdown_shows_the_winner(page):
    _open(page, "showdown")
    page.click("[data-testid=showdown-hole-0-input]")
    _pick(page, *[card for hole in HOLES for card in hole], *BOARD)
    assert _slot_cards(page, "showdown-board") == BOARD
    page.click("[data-testid=showdown-run]")

    headline = page.locator("[data-testid=showdown-headline]")
    assert headline.text_content() == "alice wins with Flush, Ace-King-Jack-Eight-Five"
    winner = page.locator("[data-testid=showdown-result-0]")
    assert "Winner" in winner.text_content()
    assert page.locator("[data-testid=showdown-results] .badge").count() == 1
    # alice's best five are raised: her 8c and the board's four clubs.
    marked = winner.locator(".card.marked").evaluate_all("cards => cards.map(card => card.dataset.card)")
    assert sorted(marked) == sorted(["8c", "Ac", "Kc", "Jc", "5c"])
    assert "One Pair, Aces" in page.text_content("[data-testid=showdown-result-2]")
    _screenshot(page, "showdown")


def test_showdown_split_and_errors(page):
    _open(page, "showdown")
    page.fill("[data-testid=showdown-board-input]", "As Ks Qs Js Ts")
    page.fill("[data-testid=showdown-hole-0-input]", "2c 3c")
    page.fill("[data-testid=showdown-hole-1-input]", "4d 5d")
    page.click("[data-testid=showdown-remove]")
    page.click("[data-testid=showdown-run]")
    assert page.locator("[data-testid=showdown-headline]").text_content().startswith("Split pot: alice, bob")
    assert page.locator("[data-testid=showdown-results] .badge.split").count() == 2
    # The API's message is shown when the cards do not make a showdown.
    page.fill("[data-testid=showdown-hole-1-input]", "2c 5d")
    page.click("[data-testid=showdown-run]")
    message = page.locator("[data-testid=view-showdown] .status.error")
    message.wait_for()
    assert "2c" in message.text_content()


def _bar_width(page, index: int) -> float:
    """The win bar's width in percent, as set (the drawn width eases towards it)."""
    return page.eval_on_selector(f"[data-testid=equity-row-{index}] .bar-win", "bar => parseFloat(bar.style.width)")


def test_equity_bars_reach_the_exact_result(page):
    _open(page, "odds")
    page.click("[data-testid=odds-player-0-input]")
    _pick(page, "Ac", "Ad", "Kh", "Ks")
    page.click("[data-testid=odds-run]")
    display = page.locator("[data-testid=equity-display][data-state=done]")
    display.wait_for(timeout=60_000)
    assert page.get_attribute("[data-testid=equity-display]", "data-exact") == "true"
    assert "exact: 1,712,304 cases" in page.text_content("[data-testid=equity-summary]")
    assert page.text_content("[data-testid=equity-value-0]") == "81.3%"
    assert page.text_content("[data-testid=equity-value-1]") == "18.7%"
    # The win bars are the exact win fractions: 1,388,072 and 317,694 of the 1,712,304 boards.
    assert (round(_bar_width(page, 0), 2), round(_bar_width(page, 1), 2)) == (81.06, 18.55)


def test_stop_a_running_calculation(page):
    _open(page, "odds")
    page.fill("[data-testid=odds-player-0-input]", "QQ+, AKs")
    page.select_option("[data-testid=odds-mode]", "monte-carlo")
    page.select_option("[data-testid=odds-time]", "30")
    page.click("[data-testid=odds-run]")
    page.wait_for_function("() => document.querySelector('[data-testid=equity-value-0]').textContent.endsWith('%')",
                           timeout=60_000)
    page.click("[data-testid=odds-stop]")
    page.wait_for_selector("[data-testid=equity-display][data-state=cancelled]")
    assert page.text_content("[data-testid=equity-summary]").startswith("Stopped, Monte Carlo")
    assert page.is_enabled("[data-testid=odds-run]") and page.is_disabled("[data-testid=odds-stop]")


def test_range_grid_and_live_monte_carlo(page):
    _open(page, "odds")
    page.fill("[data-testid=odds-player-0-input]", "AhKh")
    page.click("[data-testid=odds-range-1]")
    editor = page.locator("[data-testid=range-editor]")
    editor.wait_for()

    # Drag along the top row from AKs to ATs: four suited classes.
    start = page.locator("[data-testid=range-cell-AKs]").bounding_box()
    end = page.locator("[data-testid=range-cell-ATs]").bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=12)
    page.mouse.up()
    for hand_class in ("AKs", "AQs", "AJs", "ATs"):
        assert page.get_attribute(f"[data-testid=range-cell-{hand_class}]", "aria-pressed") == "true"
    assert page.get_attribute("[data-testid=range-cell-A9s]", "aria-pressed") == "false"
    # Pairs by click, then a class at half weight.
    page.click("[data-testid=range-cell-QQ]")
    page.eval_on_selector("[data-testid=range-weight]",
                          "input => { input.value = '50'; input.dispatchEvent(new Event('input')); }")
    page.click("[data-testid=range-cell-KQo]")
    text = page.locator("[data-testid=range-text]")
    page.wait_for_function("() => document.querySelector('[data-testid=range-text]').value === 'QQ, ATs+, 0.5(KQo)'")
    assert "combos" in page.text_content("[data-testid=range-summary]")
    # Text typed in is read back into the grid.
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
    assert re.match(r"Final, Monte Carlo: [\d,]+ trials, standard error", summary), summary
    equities = [float(page.text_content(f"[data-testid=equity-value-{i}]").rstrip("%")) for i in (0, 1)]
    assert abs(sum(equities) - 100) < 0.25 and 28 < equities[0] < 32
    assert _bar_width(page, 0) > 0 and _bar_width(page, 1) > 0

    # The odds grid by hand category.
    page.click("[data-testid=grid-hole-input]")
    _pick(page, "As", "Ks")
    page.click("[data-testid=grid-run]")
    table = page.locator("[data-testid=grid-table]")
    table.wait_for(timeout=60_000)
    assert "76.24%" in table.locator("tfoot").text_content()
    page.click("[data-testid=odds-range-1]")
    editor.wait_for()
    _screenshot(page, "odds")


def test_settle_a_pot(page):
    _open(page, "pots")
    for index, chips in enumerate(["25", "50", "100"]):
        page.fill(f"[data-testid=pots-contribution-{index}]", chips)
    page.click("[data-testid=pots-add]")
    page.fill("[data-testid=pots-contribution-3]", "40")
    page.check("[data-testid=pots-folded-3]")
    page.check("[data-testid=pots-button-2]")
    page.click("[data-testid=pots-hole-0-input]")
    _pick(page, *[card for hole in HOLES for card in hole], *BOARD)
    assert _slot_cards(page, "pots-board") == BOARD
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
        ["alice", "25", "100", "0", "+75"],
        ["bob", "50", "0", "0", "-50"],
        ["carol", "100", "65", "50", "+15"],
        ["dave", "40", "0", "0", "-40"],
    ]
    _screenshot(page, "pots")


def test_play_a_video_poker_hand(page):
    # A fixed seed, so that the hand (and the screenshot) is the same every run.
    page.route("**/api/videopoker/deal", lambda route: route.continue_(post_data=json.dumps({"seed": 2024})))
    _open(page, "videopoker")
    page.wait_for_selector("[data-testid=vp-paytable] option", state="attached")
    assert page.locator("[data-testid=vp-paytable-table] tbody tr").count() >= 9
    page.click("[data-testid=vp-deal]")
    page.wait_for_selector("[data-testid=vp-card-4][data-card]:not([data-card=''])")
    deal = [page.get_attribute(f"[data-testid=vp-card-{i}]", "data-card") for i in range(5)]
    assert len(set(deal)) == 5
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
    assert final[:2] == deal[:2] and len(set(final)) == 5
    assert re.match(r".+: pays \d+$", page.text_content("[data-testid=vp-verdict]"))
    assert page.text_content("[data-testid=vp-best]").startswith("Best hold:")
    assert page.text_content("[data-testid=vp-tally-hands]") == "1"
    assert page.text_content("[data-testid=vp-tally-bet]") == "5"
    assert page.text_content("[data-testid=vp-deal]") == "Deal"
    _screenshot(page, "videopoker")


def test_the_pay_table_row_of_each_hand(page):
    _open(page, "videopoker")
    labels = page.evaluate("""async () => {
        const { rowFor } = await import('/js/videopoker.js');
        const tables = (await (await fetch('/api/videopoker/paytables')).json()).paytables;
        const byName = Object.fromEntries(tables.map((t) => [t.name, t.rows]));
        const row = (name, hand) => (rowFor(hand, byName[name]) || { label: null }).label;
        return [
            row('jacks-or-better-9-6', 'Two Pair'),
            row('jacks-or-better-9-6', 'Four Aces with a 2-4 kicker'),
            row('jacks-or-better-9-6', 'Low Pair'),
            row('bonus-poker-8-5', 'Four 2s-4s with an A-4 kicker'),
            row('double-double-bonus-9-6', 'Four Aces with a 2-4 kicker'),
            row('double-double-bonus-9-6', 'Four Aces'),
        ];
    }""")
    assert labels == ["Two Pair", "Four of a Kind", None, "Four 2s-4s", "Four Aces + 2-4", "Four Aces"]
