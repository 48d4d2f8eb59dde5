"""The video poker view as a player meets it, in Chromium: held cards stay in their places, the
pay table fits its panel for every game at every common width, the tutor warns before a draw
that gives up EV and names the lines of the strategy list, the chosen game's exact analysis and
its strategy list (printable on one page) are on the page, wild-card games play (the joker has a
face of its own), a pay table of one's own takes wild cards, the session tally counts mistakes by
line, and the choices survive a reload. Every figure is checked against the library."""

from __future__ import annotations

import json
import re

import pytest

from conftest import deal_seed, open_view, screenshot, shown_text
from showdown import LIMITS, engine
from showdown.videopoker import MAX_LINES, PAYTABLES, Paytable, Trainer, analyze, holds, strategy
from showdown.videopoker.paytable import MAX_PAY

SEED = 2024
# Deriving a strategy list takes seconds, and the first hand of a game derives one too.
PATIENCE = 120_000


def _open(page) -> None:
    page.set_default_timeout(PATIENCE)
    open_view(page, "videopoker")
    page.wait_for_selector("[data-testid=vp-paytable] option", state="attached")
    page.wait_for_selector("[data-testid=vp-analysis-return]")


def _cards(page) -> list[str]:
    return [page.get_attribute(f"[data-testid=vp-card-{i}]", "data-card") for i in range(5)]


def _deal(page) -> list[str]:
    page.click("[data-testid=vp-deal]")
    page.wait_for_selector("[data-testid=vp-card-4][data-card]:not([data-card=''])")
    page.wait_for_function("() => document.querySelector('[data-testid=vp-deal]').textContent === 'Draw'")
    return _cards(page)


def _hold(page, positions) -> None:
    for position in positions:
        page.click(f"[data-testid=vp-card-{position}]")


def _drawn(page) -> list[str]:
    page.wait_for_selector("[data-testid=vp-ev-lost]")
    return _cards(page)


def test_held_cards_stay_in_their_places(page):
    deal_seed(page, SEED)
    trainer = Trainer(seed=SEED)
    trainer.deal()
    expected = trainer.play((0, 2, 4))
    _open(page)
    deal = _deal(page)
    _hold(page, [0, 2, 4])
    page.click("[data-testid=vp-deal]")
    final = _drawn(page)
    assert final == [str(card) for card in expected.final]
    assert [final[i] for i in (0, 2, 4)] == [deal[i] for i in (0, 2, 4)]
    assert not {final[1], final[3]} & set(deal)
    held = [page.get_attribute(f"[data-testid=vp-card-{i}]", "class") for i in range(5)]
    assert ["held" in classes.split() for classes in held] == [True, False, True, False, True]
    # Each card shows its position, 1 to 5 as the keys, the API and `showdown vp` count; HELD replaces it.
    labels = page.locator("[data-testid=vp-cards] .position-label")
    assert labels.all_text_contents() == ["1", "2", "3", "4", "5"]
    assert [labels.nth(i).is_visible() for i in range(5)] == [False, True, False, True, False]


FIT = """table => {
    const panel = table.closest('.panel');
    const inner = panel.getBoundingClientRect();
    const style = getComputedStyle(panel);
    const right = inner.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
    return {table: table.getBoundingClientRect().right, right, scroll: panel.scrollWidth, client: panel.clientWidth,
            tableScroll: table.scrollWidth, tableClient: table.clientWidth,
            page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth};
}"""


def _assert_fits(page, what) -> None:
    """The pay table lies inside its panel, neither scrolls sideways, nor does the page."""
    fit = page.eval_on_selector("[data-testid=vp-paytable-table]", FIT)
    assert fit["table"] <= fit["right"] + 0.5, (what, fit)
    assert fit["scroll"] <= fit["client"] and fit["tableScroll"] <= fit["tableClient"], (what, fit)
    assert fit["page"] <= fit["viewport"], (what, fit)


@pytest.mark.parametrize("width", [1280, 1400, 1920])
def test_the_pay_table_fits_its_panel_for_every_game(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    _open(page)
    for name in PAYTABLES:
        page.select_option("[data-testid=vp-paytable]", name)
        page.wait_for_function(
            "(title) => document.querySelector('[data-testid=vp-paytable-table] caption').textContent === title",
            arg=PAYTABLES[name].title,
        )
        _assert_fits(page, (name, width))
        if name == "double-double-bonus-9-6" and width == 1400:
            screenshot(page, "videopoker-ddb-1400")
    # A table of one's own with every pay the largest the library takes: 5,000,000 for a 5-coin bet.
    page.select_option("[data-testid=vp-paytable]", "custom")
    page.select_option("[data-testid=vp-custom-base]", "double-double-bonus-9-6")
    for key in PAYTABLES["double-double-bonus-9-6"].pays:
        page.fill(f"[data-testid=vp-custom-pay-{key}]", str(MAX_PAY))
    page.click("[data-testid=vp-custom-use]")
    page.wait_for_selector("[data-testid=vp-custom-status].info")
    largest = page.locator("[data-testid=vp-paytable-table] tr[data-key=straight-flush] td").all_text_contents()
    assert largest == [str(MAX_PAY * coins) for coins in range(1, 6)]
    _assert_fits(page, ("custom", width))


def test_the_tutor_warns_before_a_draw_that_gives_up_ev(page):
    trainer = Trainer(seed=SEED)
    ranked = holds(trainer.deal())
    worse = next(hold for hold in ranked if hold.rank > 1)  # the best hold that is not a best one
    best = ranked[0]
    deal_seed(page, SEED)
    _open(page)
    page.check("[data-testid=vp-tutor]")
    _deal(page)
    _hold(page, worse.positions)
    page.click("[data-testid=vp-deal]")
    warning = shown_text(page, "[data-testid=vp-tutor-warning]")
    lost = best.ev_float - worse.ev_float
    held = " ".join(str(card) for card in worse.held) or "nothing"
    assert f"holding {held} gives up {lost:.4f} a coin ({lost * 5:.4f} for the bet)" in warning
    best_text = " ".join(str(card) for card in best.held) or "nothing (draw five)"
    assert page.text_content("[data-testid=vp-tutor-best-hold]") == best_text
    numbers = [p + 1 for p in best.to_dict()["positions"]]  # the keys 1 to 5 hold the cards
    named = (
        f"card {numbers[0]}" if len(numbers) == 1 else f"cards {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"
    )
    assert page.text_content("[data-testid=vp-tutor-best-positions]") == (f" ({named})" if numbers else "")
    # Nothing was drawn: the hand is still on.
    assert page.text_content("[data-testid=vp-deal]") == "Draw"
    assert page.locator("[data-testid=vp-ev-lost]").count() == 0
    # The warning names the lines of the strategy list both holds follow, as the library's tutor does.
    tutor = Trainer(seed=SEED)
    tutor.deal()
    advice = tutor.advise(worse.positions)
    assert advice.mistake and advice.best.ev == best.ev and advice.hold.held == worse.held
    assert page.text_content("[data-testid=vp-tutor-hold-line]") == _line_text(advice.hold_line)
    assert page.text_content("[data-testid=vp-tutor-best-line]") == _line_text(advice.best_line)
    lines = page.text_content("[data-testid=vp-tutor-lines]")
    assert lines == (f"Your hold follows {_line_text(advice.hold_line)}; the best hold follows "
                     f"{_line_text(advice.best_line)} and is worth {float(advice.ev_lost):.4f} a coin more.")
    # ... and lights them in the list.
    _wait_strategy(page, PAYTABLES["jacks-or-better-9-6"], 5)
    assert _lit(page) == _expected_lit(advice)
    screenshot(page, "videopoker-tutor")
    # Taking the best hold draws it: no EV given up.
    page.click("[data-testid=vp-tutor-take-best]")
    _drawn(page)
    assert page.text_content("[data-testid=vp-ev-lost]") == "The best hold: no EV given up."
    # The same deal again (the seed is fixed), the costly hold drawn anyway: scored as a mistake.
    _deal(page)
    _hold(page, worse.positions)
    page.click("[data-testid=vp-deal]")
    page.click("[data-testid=vp-tutor-anyway]")
    _drawn(page)
    assert page.locator("[data-testid=vp-tutor-warning]").count() == 0
    assert page.text_content("[data-testid=vp-ev-lost]").startswith(f"EV given up: {lost:.4f} a coin")


def _analysis_on_page(page) -> dict:
    rows = page.eval_on_selector_all(
        "[data-testid=vp-analysis-table] tbody tr",
        "rows => rows.map(r => [r.dataset.key, ...[...r.cells].map(c => c.textContent)])",
    )
    return {
        "return": page.text_content("[data-testid=vp-analysis-return]"),
        "variance": page.text_content("[data-testid=vp-analysis-variance]"),
        "rows": rows,
    }


def _analysis_expected(table, coins: int) -> dict:
    result = analyze(table, coins)
    rows = [
        [
            row.key,
            row.label,
            str(row.pay),
            f"{100 * float(row.probability):.4f}%",
            f"{round(1 / float(row.probability)):,}",
            f"{float(row.contribution):.4f}",
        ]
        for row in result.rows
        if row.pay > 0
    ]
    return {
        "return": f"{100 * float(result.expected_return):.4f}%",
        "variance": f"{float(result.variance):.2f}",
        "rows": rows,
    }


def test_the_whole_game_is_analysed_on_the_page(page):
    _open(page)
    assert _analysis_on_page(page) == _analysis_expected(PAYTABLES["jacks-or-better-9-6"], 5)
    page.select_option("[data-testid=vp-paytable]", "double-double-bonus-9-6")
    page.select_option("[data-testid=vp-coins]", "1")
    expected = _analysis_expected(PAYTABLES["double-double-bonus-9-6"], 1)
    page.wait_for_function(
        "(text) => document.querySelector('[data-testid=vp-analysis-return]')?.textContent === text",
        arg=expected["return"],
    )
    assert _analysis_on_page(page) == expected


def test_a_pay_table_of_ones_own(page):
    deal_seed(page, SEED)
    _open(page)
    page.select_option("[data-testid=vp-paytable]", "custom")
    page.select_option("[data-testid=vp-custom-base]", "jacks-or-better-9-6")
    # A value the library refuses is named with the library's words; nothing else changes.
    page.fill("[data-testid=vp-custom-pay-full-house]", "2000000")
    page.click("[data-testid=vp-custom-use]")
    with pytest.raises(Exception) as refused:
        Paytable.from_dict({"name": "custom", "pays": {**PAYTABLES["jacks-or-better-9-6"].pays, "full-house": 2000000}})
    assert shown_text(page, "[data-testid=vp-custom-status].error") == str(refused.value)
    page.fill("[data-testid=vp-custom-pay-full-house]", "-9")
    page.press("[data-testid=vp-custom-pay-full-house]", "Enter")
    with pytest.raises(Exception) as refused:
        Paytable.from_dict({"name": "custom", "pays": {**PAYTABLES["jacks-or-better-9-6"].pays, "full-house": -9}})
    page.wait_for_function(
        "(text) => document.querySelector('[data-testid=vp-custom-status]').textContent === text",
        arg=str(refused.value),
    )
    assert "'full-house'" in str(refused.value) and "got -9" in str(refused.value)
    page.fill("[data-testid=vp-custom-pay-full-house]", "nine")
    page.press("[data-testid=vp-custom-pay-full-house]", "Enter")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=vp-custom-status]').textContent"
        ".startsWith('Full House: the pay must be a whole number')"
    )
    # 8/6 by hand: the analysis is the library's for that table.
    page.fill("[data-testid=vp-custom-pay-full-house]", "8")
    page.press("[data-testid=vp-custom-pay-full-house]", "Enter")
    mine = Paytable.from_dict({"name": "custom", "pays": {**PAYTABLES["jacks-or-better-9-6"].pays, "full-house": 8}})
    expected = _analysis_expected(mine, 5)
    page.wait_for_function(
        "(text) => document.querySelector('[data-testid=vp-analysis-return]')?.textContent === text",
        arg=expected["return"],
    )
    assert _analysis_on_page(page) == expected
    assert shown_text(page, "[data-testid=vp-custom-status].info") == f"In use: {expected['return']} with perfect play."
    row = page.locator("[data-testid=vp-paytable-table] tr[data-key=full-house] td").all_text_contents()
    assert row == [str(8 * coins) for coins in range(1, 6)]
    screenshot(page, "videopoker-custom")
    # A hand is played and paid on it.
    trainer = Trainer(mine, 5, seed=SEED)
    trainer.deal()
    played = trainer.play((0, 1)).to_dict()
    _deal(page)
    _hold(page, [0, 1])
    page.click("[data-testid=vp-deal]")
    assert _drawn(page) == played["final"]
    assert page.text_content("[data-testid=vp-verdict]") == f"{played['hand_class_name']}: pays {played['payout']}"


def test_the_game_coins_tutor_and_own_table_survive_a_reload(page):
    _open(page)
    page.select_option("[data-testid=vp-paytable]", "custom")
    page.select_option("[data-testid=vp-custom-base]", "bonus-poker-8-5")
    page.fill("[data-testid=vp-custom-pay-flush]", "6")
    page.click("[data-testid=vp-custom-use]")
    page.wait_for_selector("[data-testid=vp-custom-status].info")
    page.select_option("[data-testid=vp-coins]", "3")
    page.check("[data-testid=vp-tutor]")
    page.reload()
    _open(page)
    assert page.input_value("[data-testid=vp-paytable]") == "custom"
    assert page.input_value("[data-testid=vp-coins]") == "3"
    assert page.is_checked("[data-testid=vp-tutor]")
    assert page.input_value("[data-testid=vp-custom-base]") == "bonus-poker-8-5"
    assert page.input_value("[data-testid=vp-custom-pay-flush]") == "6"
    mine = Paytable.from_dict({"name": "custom", "pays": {**PAYTABLES["bonus-poker-8-5"].pays, "flush": 6}})
    assert _analysis_on_page(page) == _analysis_expected(mine, 3)
    # A named game comes back too.
    page.select_option("[data-testid=vp-paytable]", "double-bonus-10-7")
    page.reload()
    _open(page)
    assert page.input_value("[data-testid=vp-paytable]") == "double-bonus-10-7"
    assert page.input_value("[data-testid=vp-coins]") == "3"


def _seeded_hand(page):
    """Open the view with the deal of ``SEED`` coming next: that deal and its hand drawn holding nothing."""
    deal_seed(page, SEED)
    trainer = Trainer(seed=SEED)
    deal = trainer.deal()
    expected = trainer.play(())
    _open(page)
    return deal, expected


def test_enter_deals_and_draws(page):
    deal, expected = _seeded_hand(page)
    page.locator("body").press("Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=vp-deal]').textContent === 'Draw'")
    assert _cards(page) == [str(card) for card in deal]
    page.locator("body").press("Enter")
    assert _drawn(page) == [str(card) for card in expected.final]


def test_a_double_click_deals_once_and_draws_once(page):
    deal, expected = _seeded_hand(page)
    page.dblclick("[data-testid=vp-deal]")
    page.wait_for_function("() => document.querySelector('[data-testid=vp-deal]').textContent === 'Draw'")
    assert _cards(page) == [str(card) for card in deal]
    page.dblclick("[data-testid=vp-deal]")
    assert _drawn(page) == [str(card) for card in expected.final]
    page.wait_for_function("() => !document.querySelector('[data-testid=vp-deal]').disabled")
    assert page.text_content("[data-testid=vp-tally-hands]") == "1"
    assert page.text_content("[data-testid=vp-status]") == ""  # no refused second draw to report


def test_a_game_chosen_then_left_is_withdrawn_and_the_next_draws_without_a_busy_server(page):
    _open(page)
    withdrawn, held = [], []
    page.on("requestfailed", lambda request: withdrawn.append((request.url, request.post_data_json)))

    def hold_bonus_poker(route) -> None:  # its analysis is still on its way when the game changes
        if route.request.post_data_json["paytable"] == "bonus-poker-8-5":
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/videopoker/analyze", hold_bonus_poker)
    for name in ("bonus-poker-8-5", "double-bonus-10-7", "double-double-bonus-9-6", "deuces-wild-nsud"):
        page.select_option("[data-testid=vp-paytable]", name)
        page.wait_for_timeout(400)  # past the list's grace: each game's list is asked for, then withdrawn
    _deal(page)
    page.click("[data-testid=vp-deal]")
    _drawn(page)
    page.wait_for_selector("[data-testid=vp-strategy-lines] li")
    assert page.text_content("[data-testid=vp-status]") == ""
    assert page.get_attribute("[data-testid=vp-strategy-status]", "data-kind") != "error"
    assert held and any(url.endswith("/api/videopoker/analyze") and body["paytable"] == "bonus-poker-8-5"
                        for url, body in withdrawn)


def test_the_analysis_says_it_is_working_and_the_page_stays_usable(page):
    """While the whole-game analysis is on its way the view says so, and a hand can be played."""
    engine.warm_up()  # the server runs in this process: no first-start banner
    waiting = []
    page.route("**/api/videopoker/analyze", lambda route: waiting.append(route))
    deal_seed(page, SEED)
    open_view(page, "videopoker")
    assert (
        shown_text(page, "[data-testid=vp-analysis-working]")
        == "Working out the game's return: every deal, every draw..."
    )
    trainer = Trainer(seed=SEED)
    deal = trainer.deal()
    expected = trainer.play((1, 3))
    assert _deal(page) == [str(card) for card in deal]
    _hold(page, [1, 3])
    page.click("[data-testid=vp-deal]")
    assert _drawn(page) == [str(card) for card in expected.final]
    assert page.locator("[data-testid=vp-analysis-return]").count() == 0
    page.unroute("**/api/videopoker/analyze")
    for route in waiting:
        route.continue_()
    page.wait_for_selector("[data-testid=vp-analysis-return]")
    assert page.locator("[data-testid=vp-analysis-working]").count() == 0
    assert _analysis_on_page(page) == _analysis_expected(PAYTABLES["jacks-or-better-9-6"], 5)


# --- strategy lists, wild cards, the joker, mistakes by line, the printed card ----------------
def _line_text(line) -> str:
    """A line of the list as the page names it: its number and words, or the words of a hold
    the list has no line for."""
    return f"no line of the list ({line.words})" if line.number is None else f"line {line.number} ({line.words})"


def _frequency(fraction: float) -> str:
    value = 100 * fraction
    digits = 1 if value >= 1 else 2 if value >= 0.01 else 4
    return f"{value:.{digits}f}%"


def _plan(table, coins: int = 5):
    """The library's list for the table, asked as the API asks it (the same cached answer)."""
    return strategy(table, coins, max_lines=MAX_LINES)


def _strategy_expected(table, coins: int = 5) -> dict:
    plan = _plan(table, coins)
    return {
        "title": f"{table.title}, {coins} coin{'s' if coins > 1 else ''}: strategy",
        "cost": (f"{len(plan.lines)} lines; playing by the list returns {100 * float(plan.expected_return):.4f}%, "
                 f"perfect play {100 * float(plan.perfect_return):.4f}%, cost {100 * float(plan.cost):.4f} points"),
        "lines": [[str(line.number), str(line.number), line.words, _frequency(line.frequency)] for line in plan.lines],
    }


def _wait_strategy(page, table, coins: int = 5) -> None:
    """Wait for the list of ``table`` and ``coins`` to be shown."""
    page.wait_for_function(
        """(title) => document.querySelector('[data-testid=vp-strategy-title]').textContent === title
                      && !document.querySelector('[data-testid=vp-strategy-cost]').hidden""",
        arg=f"{table.title}, {coins} coin{'s' if coins > 1 else ''}: strategy",
        timeout=PATIENCE,
    )


def _strategy_on_page(page) -> dict:
    return {
        "title": page.text_content("[data-testid=vp-strategy-title]"),
        "cost": page.text_content("[data-testid=vp-strategy-cost]"),
        "lines": page.eval_on_selector_all(
            "[data-testid=vp-strategy-lines] li",
            "items => items.map(li => [li.dataset.line, ...[...li.children].map(c => c.textContent)])",
        ),
    }


def _lit(page) -> dict:
    return {kind: page.eval_on_selector_all(f"[data-testid=vp-strategy-lines] li.{kind}",
                                            "items => items.map(li => li.dataset.line)")
            for kind in ("best", "yours")}


def _expected_lit(judged) -> dict:
    """The lines lit for a judged hand: the best hold's, and the player's when it is a mistake."""
    best = judged.best_line.number
    yours = judged.hold_line.number if judged.mistake else None
    return {"best": [] if best is None else [str(best)],
            "yours": [] if yours is None or yours == best else [str(yours)]}


def _seeded_deals(page, seed: int) -> None:
    """Deal with a fixed seed, keeping the game the page asks for (it decides the deck)."""
    page.unroute("**/api/videopoker/deal")

    def handler(route) -> None:
        route.continue_(post_data=json.dumps({**route.request.post_data_json, "seed": seed}))

    page.route("**/api/videopoker/deal", handler)


@pytest.mark.slow
def test_the_strategy_list_of_the_game_and_a_change_of_game_replaces_it(page):
    jacks, deuces = PAYTABLES["jacks-or-better-9-6"], PAYTABLES["deuces-wild-full-pay"]
    _open(page)
    _wait_strategy(page, jacks)
    assert _strategy_on_page(page) == _strategy_expected(jacks)
    assert not page.is_disabled("[data-testid=vp-strategy-print]")
    # A change of game: the list says it is being derived, then shows the new game's list only.
    # Lists are asked for one at a time: the first game's request, held back while the game
    # changes again, is withdrawn (the server stops deriving what nobody waits for), and the
    # latest game is asked for at once.
    page.evaluate("""() => {
        const cost = document.querySelector('[data-testid=vp-strategy-cost]');
        window.costsShown = [];
        new MutationObserver(() => { if (!cost.hidden) window.costsShown.push(cost.textContent); })
            .observe(cost, { attributes: true, childList: true, characterData: true, subtree: true });
    }""")
    held, asked = [], []

    def hold_jacks(route) -> None:
        asked.append(route.request.post_data_json)
        if route.request.post_data_json["paytable"] == "jacks-or-better-9-6":
            held.append(route)
        else:
            route.continue_()

    withdrawn = []
    page.on("requestfailed", lambda request: withdrawn.append(request.post_data_json)
            if request.url.endswith("/api/videopoker/strategy") else None)
    page.route("**/api/videopoker/strategy", hold_jacks)
    page.select_option("[data-testid=vp-coins]", "1")  # Jacks or Better for 1 coin: held back, then answered
    assert shown_text(page, "[data-testid=vp-strategy-status]").startswith("Deriving the list")
    assert page.locator("[data-testid=vp-strategy-lines] li").count() == 0
    assert page.is_disabled("[data-testid=vp-strategy-print]")
    for _ in range(400):  # the held request reaches the route
        if held:
            break
        page.wait_for_timeout(50)
    page.select_option("[data-testid=vp-paytable]", "double-bonus-10-7")
    page.select_option("[data-testid=vp-paytable]", "deuces-wild-full-pay")
    page.wait_for_function("() => document.querySelector('[data-testid=vp-strategy-title]').textContent"
                           ".startsWith('Deuces Wild Full Pay')")
    _wait_strategy(page, deuces, 1)
    assert len(held) == 1 and withdrawn == [{"paytable": "jacks-or-better-9-6", "coins": 1}]
    expected = _strategy_expected(deuces, 1)
    assert _strategy_on_page(page) == expected
    # Double Bonus, chosen and left while the first answer was on its way, was never asked for
    # (the same request again in a row is the page asking again after a busy server's 503).
    bodies = [(body["paytable"], body["coins"]) for body in asked]
    assert [body for k, body in enumerate(bodies) if k == 0 or body != bodies[k - 1]] == [
        ("jacks-or-better-9-6", 1), ("deuces-wild-full-pay", 1)]
    assert set(page.evaluate("window.costsShown")) == {expected["cost"]}
    assert not page.is_visible("[data-testid=vp-strategy-status]")
    # The bet changes the list's pays (the royal flush's bonus is for 5 coins only): the 5-coin list.
    page.unroute("**/api/videopoker/strategy")
    page.select_option("[data-testid=vp-coins]", "5")
    _wait_strategy(page, deuces, 5)
    assert _strategy_on_page(page) == _strategy_expected(deuces, 5)
    screenshot(page, "videopoker-strategy")


@pytest.mark.slow
def test_a_joker_deal_shows_the_joker_and_the_drawn_hand_names_its_lines(page):
    table = PAYTABLES["joker-poker-kings"]
    seed = next(s for s in range(1000) if "Jk" in [str(card) for card in Trainer(table, seed=s).deal()])
    trainer = Trainer(table, seed=seed)
    deal = [str(card) for card in trainer.deal()]
    joker = deal.index("Jk")
    played = trainer.play((joker,))  # the joker alone
    _open(page)
    _seeded_deals(page, seed)
    page.select_option("[data-testid=vp-paytable]", "joker-poker-kings")
    assert _deal(page) == deal
    # The joker's own face: no rank or suit, JOKER down two corners, a cap with three bells, a star.
    face = page.locator(f"[data-testid=vp-card-{joker}] svg")
    assert face.get_attribute("data-card") == "Jk"
    assert page.get_attribute(f"[data-testid=vp-card-{joker}]", "aria-label") == "Joker"
    assert face.locator("text").all_text_contents() == list("JOKER") * 2
    assert face.locator("polygon").count() == 1 and face.locator("circle").count() == 3
    other = page.locator(f"[data-testid=vp-card-{(joker + 1) % 5}] svg")
    assert face.bounding_box()["width"] == other.bounding_box()["width"]
    assert face.bounding_box()["height"] == other.bounding_box()["height"]
    mini = page.evaluate("async () => (await import('/js/lib/cards.js')).miniCardSVG('Jk')")
    assert re.findall(r">(\w+)</text>", mini) == list("JOKER") and mini.count("<polygon") == 1
    # Held and drawn: the joker stays in its place, the hand is paid and judged as the library does.
    _hold(page, [joker])
    page.click("[data-testid=vp-deal]")
    final = _drawn(page)
    assert final == [str(card) for card in played.final] and final[joker] == "Jk"
    result = played.to_dict()
    assert page.text_content("[data-testid=vp-verdict]") == f"{result['hand_class_name']}: pays {result['payout']}"
    assert page.locator("[data-testid=vp-advice] svg[data-card=Jk]").count() == 1
    # The verdict names the best hold's line and the player's, and the EV given up.
    assert played.mistake  # holding the joker alone gives up EV whenever a card beside it helps
    assert page.text_content("[data-testid=vp-best-line]") == _line_text(played.best_line)
    assert page.text_content("[data-testid=vp-hold-line]") == _line_text(played.hold_line)
    assert page.text_content("[data-testid=vp-ev-lost]").startswith(f"EV given up: {float(played.ev_lost):.4f} a coin")
    _wait_strategy(page, table)
    assert _lit(page) == _expected_lit(played)
    screenshot(page, "videopoker-joker")


def _tally_lines(page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "[data-testid=vp-tally-lines] tbody tr",
        "rows => rows.map(r => [r.cells[0].querySelector('.vp-tally-words').textContent,"
        " r.cells[0].querySelector('.vp-tally-where').textContent, r.cells[1].textContent, r.cells[2].textContent])",
    )


@pytest.mark.slow
def test_a_drawn_hand_names_its_lines_and_the_tally_counts_mistakes_by_line(page):
    # Two deals whose best holds follow different lines of the list, each drawn with a costlier hold.
    chosen = []
    for seed in range(200):
        trainer = Trainer(seed=seed)
        ranked = holds(trainer.deal())
        worse = next(hold for hold in ranked if hold.ev < ranked[0].ev and hold.held)
        played = trainer.play(worse.positions)
        if played.best_line.number is not None and all(p.best_line != played.best_line for _, _, p in chosen):
            chosen.append((seed, worse, played))
        if len(chosen) == 2:
            break
    (first, first_worse, first_played), (second, second_worse, second_played) = chosen
    _open(page)
    hands = [(first, first_worse.positions, first_played), (second, second_worse.positions, second_played),
             (first, first_worse.positions, first_played)]
    for seed, positions, played in hands:
        _seeded_deals(page, seed)
        _deal(page)
        _hold(page, positions)
        page.click("[data-testid=vp-deal]")
        assert _drawn(page) == [str(card) for card in played.final]
        assert page.text_content("[data-testid=vp-best-line]") == _line_text(played.best_line)
        assert page.text_content("[data-testid=vp-hold-line]") == _line_text(played.hold_line)
        _wait_strategy(page, PAYTABLES["jacks-or-better-9-6"])
        assert _lit(page) == _expected_lit(played)
    # The best hold of the first deal: no mistake, the line is lit alone and the tally by line is unchanged.
    trainer = Trainer(seed=first)
    ranked = holds(trainer.deal())
    right = trainer.play(ranked[0].positions)
    _seeded_deals(page, first)
    _deal(page)
    _hold(page, ranked[0].positions)
    page.click("[data-testid=vp-deal]")
    _drawn(page)
    assert page.text_content("[data-testid=vp-ev-lost]") == "The best hold: no EV given up."
    assert page.text_content("[data-testid=vp-best-line]") == _line_text(right.best_line)
    assert _lit(page) == _expected_lit(right) == {"best": [str(right.best_line.number)], "yours": []}
    # Mistakes by line: the EV given up for the bet, most first.
    per_line: dict = {}
    for _, _, played in hands:
        count, lost = per_line.get(played.best_line, (0, 0.0))
        per_line[played.best_line] = (count + 1, lost + played.to_dict()["ev_lost_per_bet"])
    expected = [[line.words, f"line {line.number}", str(count), f"{lost:.2f}"]
                for line, (count, lost) in sorted(per_line.items(), key=lambda item: (-item[1][1], -item[1][0]))]
    assert _tally_lines(page) == expected
    assert page.text_content("[data-testid=vp-tally-mistakes]") == "3"
    screenshot(page, "videopoker-tally")
    # Kept in the browser with the rest of the tally; Reset clears it.
    page.reload()
    _open(page)
    assert _tally_lines(page) == expected
    assert page.text_content("[data-testid=vp-tally-hands]") == "4"
    page.click("[data-testid=vp-reset]")
    assert page.locator("[data-testid=vp-tally-lines]").count() == 0
    assert page.text_content("[data-testid=vp-tally-mistakes]") == "0"
    page.reload()
    _open(page)
    assert page.locator("[data-testid=vp-tally-lines]").count() == 0


SHOWN_OUTSIDE = """() => {
    const panel = document.querySelector('[data-testid=vp-strategy]');
    return [...document.body.querySelectorAll('*')]
        .filter(e => !panel.contains(e) && !e.contains(panel) && e.checkVisibility()
                     && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0)
        .map(e => e.outerHTML.slice(0, 80));
}"""


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.mark.slow
def test_the_list_prints_alone_on_one_page(page):
    _open(page)
    _wait_strategy(page, PAYTABLES["jacks-or-better-9-6"])
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    page.click("[data-testid=vp-strategy-print]")
    assert page.evaluate("window.printed") == 1
    # On screen the machine, the pay table and the tally are shown; printed, the list alone.
    assert page.evaluate(SHOWN_OUTSIDE)
    page.emulate_media(media="print")
    assert page.evaluate(SHOWN_OUTSIDE) == []
    assert page.is_visible("[data-testid=vp-strategy-title]") and page.is_visible("[data-testid=vp-strategy-cost]")
    assert not page.is_visible("[data-testid=vp-strategy-print]")
    items = page.locator("[data-testid=vp-strategy-lines] li")
    lines = _plan(PAYTABLES["jacks-or-better-9-6"]).lines
    assert items.count() == len(lines) and all(items.nth(i).is_visible() for i in range(len(lines)))
    # Two columns: the first line on the left, the last on the right, level with the top.
    first, last = items.first.bounding_box(), items.last.bounding_box()
    assert last["x"] > first["x"] + first["width"] / 2
    columns = {round(items.nth(i).bounding_box()["x"]) for i in range(len(lines))}
    assert len(columns) == 2
    assert _pages(page.pdf(format="A4")) == 1
    page.emulate_media(media="screen")
    assert page.is_visible("[data-testid=vp-deal]")
    # The longest list with the longest words, joker poker's, fits one page as well.
    table = PAYTABLES["joker-poker-kings"]
    page.select_option("[data-testid=vp-paytable]", "joker-poker-kings")
    _wait_strategy(page, table)
    assert len(_plan(table).lines) > 30
    page.emulate_media(media="print")  # a PDF is made with the media emulated
    assert page.evaluate(SHOWN_OUTSIDE) == []
    assert _pages(page.pdf(format="A4")) == 1
    assert _pages(page.pdf(format="Letter")) == 1
    screenshot(page, "videopoker-strategy-print")


def test_the_wild_cards_on_offer_are_the_servers(page):
    open_view(page, "videopoker")
    options = page.eval_on_selector_all("[data-testid=vp-custom-wild] option", "o => o.map(x => [x.value, x.text])")
    words = {"none": "No wild cards", "deuces": "Deuces wild (the four 2s)", "joker": "Joker wild (53 cards)"}
    assert options == [[wild, words[wild]] for wild in LIMITS.wild_cards]


@pytest.mark.slow
def test_wild_games_and_a_pay_table_of_ones_own_with_wild_cards(page):
    _open(page)
    options = page.eval_on_selector_all("[data-testid=vp-paytable] option", "o => o.map(x => [x.value, x.textContent])")
    assert options == [[name, table.title] for name, table in PAYTABLES.items()] + [["custom", "Your own pay table..."]]
    assert {name for name, table in PAYTABLES.items() if table.wild != "none"} == {
        "deuces-wild-full-pay", "deuces-wild-nsud", "joker-poker-kings"}

    def editor() -> dict:
        return dict(page.eval_on_selector_all("[data-testid=vp-custom] input",
                                              "i => i.map(x => [x.dataset.key, x.value])"))

    page.select_option("[data-testid=vp-paytable]", "custom")
    # A wild game's base brings its wild cards and its hands; a base without wild cards, none.
    page.select_option("[data-testid=vp-custom-base]", "deuces-wild-nsud")
    assert page.input_value("[data-testid=vp-custom-wild]") == "deuces"
    assert editor() == {key: str(pay) for key, pay in PAYTABLES["deuces-wild-nsud"].pays.items()}
    page.select_option("[data-testid=vp-custom-base]", "bonus-poker-8-5")
    assert page.input_value("[data-testid=vp-custom-wild]") == "none"
    assert editor() == {key: str(pay) for key, pay in PAYTABLES["bonus-poker-8-5"].pays.items()}
    # Wild cards chosen by hand: the hands of that game, the pays of the first named game that has them,
    # a pay typed already kept.
    page.fill("[data-testid=vp-custom-pay-flush]", "7")
    page.select_option("[data-testid=vp-custom-wild]", "joker")
    joker = PAYTABLES["joker-poker-kings"].pays
    assert editor() == {key: "7" if key == "flush" else str(pay) for key, pay in joker.items()}
    # Deuces wild with a pay of one's own: analysed, listed and played as the library does.
    page.select_option("[data-testid=vp-custom-base]", "deuces-wild-full-pay")
    page.fill("[data-testid=vp-custom-pay-four-deuces]", "250")
    page.click("[data-testid=vp-custom-use]")
    mine = Paytable.from_dict({"name": "custom", "wild": "deuces",
                               "pays": {**PAYTABLES["deuces-wild-full-pay"].pays, "four-deuces": 250}})
    expected = _analysis_expected(mine, 5)
    page.wait_for_selector("[data-testid=vp-custom-status].info")
    assert _analysis_on_page(page) == expected
    assert page.locator("[data-testid=vp-paytable-table] tr[data-key=four-deuces] td").all_text_contents() == [
        str(250 * coins) for coins in range(1, 6)]
    _wait_strategy(page, mine)
    assert _strategy_on_page(page) == _strategy_expected(mine)
    screenshot(page, "videopoker-custom-wild")
    trainer = Trainer(mine, 5, seed=SEED)
    deal = [str(card) for card in trainer.deal()]
    played = trainer.play((0, 1))
    _seeded_deals(page, SEED)
    assert _deal(page) == deal
    _hold(page, [0, 1])
    page.click("[data-testid=vp-deal]")
    assert _drawn(page) == [str(card) for card in played.final]
    result = played.to_dict()
    assert page.text_content("[data-testid=vp-verdict]") == f"{result['hand_class_name']}: pays {result['payout']}"
    assert page.text_content("[data-testid=vp-best-line]") == _line_text(played.best_line)
    assert page.text_content("[data-testid=vp-hold-line]") == _line_text(played.hold_line)
    # The wild cards are kept with the table.
    page.reload()
    _open(page)
    assert page.input_value("[data-testid=vp-custom-wild]") == "deuces"
    assert editor()["four-deuces"] == "250"
    assert _analysis_on_page(page) == expected
