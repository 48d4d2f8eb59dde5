"""The video poker view as a player meets it, in Chromium: held cards stay in their places, the
pay table fits its panel for every game at every common width, the tutor warns before a draw
that gives up EV, the chosen game's exact analysis and a pay table of one's own are on the page,
and the choices survive a reload. Every figure is checked against the library."""

from __future__ import annotations

import pytest

from conftest import deal_seed, open_view, screenshot, shown_text
from showdown import engine
from showdown.videopoker import PAYTABLES, Paytable, Trainer, analyze, holds
from showdown.videopoker.paytable import MAX_PAY

SEED = 2024


def _open(page) -> None:
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
    numbers = best.to_dict()["positions"]  # counted from 1, as the keys 1 to 5 hold the cards
    named = (
        f"card {numbers[0]}" if len(numbers) == 1 else f"cards {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"
    )
    assert page.text_content("[data-testid=vp-tutor-best-positions]") == (f" ({named})" if numbers else "")
    # Nothing was drawn: the hand is still on.
    assert page.text_content("[data-testid=vp-deal]") == "Draw"
    assert page.locator("[data-testid=vp-ev-lost]").count() == 0
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


def test_enter_deals_and_draws(page):
    deal_seed(page, SEED)
    trainer = Trainer(seed=SEED)
    deal = trainer.deal()
    expected = trainer.play(())
    _open(page)
    page.locator("body").press("Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=vp-deal]').textContent === 'Draw'")
    assert _cards(page) == [str(card) for card in deal]
    page.locator("body").press("Enter")
    assert _drawn(page) == [str(card) for card in expected.final]


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
