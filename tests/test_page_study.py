"""The Study view as a player meets it, in Chromium: a board studied against a villain range,
the hero's grid coloured by equity, the made-hand and draw table whose rows light their hands
and narrow the range, the equity curves of both ranges, the next-card heat map, the server's
message for a bad range, Enter, the range grid and the inputs kept across a reload; the games on
offer are those the server says board study covers.

Every number the page shows is compared with the library's own answer (``breakdown``,
``combo_equities``, ``next_card``), written the way the page writes it."""

from __future__ import annotations

import json
import math
import re
from decimal import ROUND_HALF_UP, Decimal

import pytest

from conftest import open_view, screenshot, shown_text, wait_slots, wait_value
from showdown import LIMITS, Card, Range, ShowdownError, breakdown, combo_equities, next_card

BOARD = "Ks 7h 2h"
DEAD = "3c"
HERO = "22+, A2s+, KTo+, QJs, JTs, 0.5(T9s)"
VILLAIN = "QQ+, AK, 0.5(JJ), 76s"
ORDER = "AKQJT98765432"
DONE = "[data-testid=study-results][data-state=done]"


def _percent(fraction: float, digits: int) -> str:
    """The page's percent text: JavaScript's toFixed rounds the exact value, halves up."""
    exact = Decimal(100 * fraction)
    return f"{exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)}%"


def _equity(equity: float | None, digits: int = 1) -> str:
    return "\u2013" if equity is None else _percent(equity, digits)


def _combos(count: float) -> str:
    """A weighted combo count as the page writes it: hundredths at most, no trailing zeros."""
    value = math.floor(count * 100 + 0.5) / 100
    return str(int(value)) if value == int(value) else repr(value)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _weighted(count: float) -> str:
    """A weighted number of combos as the page writes it: "4 combos", "0.5 combos", "1 combo"."""
    return f"{_combos(count)} combo{'' if count == 1 else 's'}"


def _hand_of(combo: str) -> str:
    """The starting hand of a combo's text ("AhKh" -> "AKs", "7s7d" -> "77")."""
    high, low = sorted(combo[0::2], key=ORDER.index)
    if high == low:
        return high + low
    return high + low + ("s" if combo[1] == combo[3] else "o")


def _hands() -> list[str]:
    """The 169 starting hands in the grid's order: rows and columns by rank, suited above."""
    out = []
    for row in range(13):
        for column in range(13):
            high, low = ORDER[min(row, column)], ORDER[max(row, column)]
            out.append(high + low + ("" if row == column else "s" if row < column else "o"))
    return out


def _study(page, board: str = BOARD, hero: str = HERO, villain: str = VILLAIN, dead: str = DEAD) -> None:
    """Type the inputs, run the study and wait for its results."""
    page.fill("[data-testid=study-board-input]", board)
    wait_slots(page, "study-board", board.split())
    page.fill("[data-testid=study-dead-input]", dead)
    if dead:
        wait_slots(page, "study-dead", dead.split())
    page.fill("[data-testid=study-hero-input]", hero)
    page.fill("[data-testid=study-villain-input]", villain)
    page.click("[data-testid=study-run]")
    page.wait_for_selector(DONE)


def _rows(page) -> list[list[str]]:
    """The table's class rows: class, combos, share, equity as shown."""
    return page.eval_on_selector_all(
        "[data-testid=study-table] tbody tr[data-class]",
        "rows => rows.map(row => [row.dataset.class, row.querySelector('.study-combos').textContent,"
        " row.querySelector('.study-share .study-value').textContent,"
        " row.querySelector('.study-equity .study-value').textContent])")


def _titles(page, selector: str, key: str) -> dict[str, str]:
    return dict(page.eval_on_selector_all(selector, f"cells => cells.map(c => [c.dataset.{key}, c.title])"))


def _lit(page) -> set[str]:
    return set(page.eval_on_selector_all("[data-testid=study-grid] .lit", "cells => cells.map(c => c.dataset.hand)"))


def _curve(page, who: str) -> list[tuple[float, float]]:
    """The vertices of a curve, read back as (share, equity) through the plot's frame."""
    box = page.eval_on_selector("[data-testid=study-plot]",
                                "r => ['x', 'y', 'width', 'height'].map(k => Number(r.getAttribute(k)))")
    left, top, width, height = box
    path = page.get_attribute(f"[data-testid=study-curve-{who}]", "d")
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path)]
    return [((x - left) / width, 1 - (y - top) / height) for x, y in zip(numbers[0::2], numbers[1::2], strict=True)]


def _steps(distribution: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The step line through the library's distribution: from share 0 at the best equity, along
    to each point's share, then down to the next point's equity."""
    points = [(0.0, distribution[0][0])]
    for index, (equity, share) in enumerate(distribution):
        if index:
            points.append((distribution[index - 1][1], equity))
        points.append((share, equity))
    return points


def test_the_study_shows_the_library_answers(page):
    open_view(page, "study")
    _study(page)
    study = breakdown(HERO, BOARD, DEAD, villain=VILLAIN)
    hero = combo_equities(HERO, VILLAIN, BOARD, DEAD)
    villain = combo_equities(VILLAIN, HERO, BOARD, DEAD)
    nxt = next_card(HERO, VILLAIN, BOARD, DEAD)
    data = study.to_dict()

    # The summary: the range as the library writes it, its combos after card removal, its equity.
    assert page.text_content("[data-testid=study-summary]") == (
        f"{data['range']} on {BOARD} (dead {DEAD}): {_combos(study.total)} combos. "
        f"Against {hero.to_dict()['villains'][0]}: equity {_percent(hero.equity, 2)}, exact.")

    # The table: every class with combos, made hands then draws, none of the empty ones.
    expected = []
    for part, counts in (("made", study.made), ("draws", study.draws)):
        for row in data[part]:
            assert row["combos"] == counts[row["class"]]
            if counts[row["class"]] > 0:
                expected.append([row["class"], _combos(row["combos"]), _percent(row["share"], 1),
                                 _equity(row["equity"])])
    assert _rows(page) == expected
    assert any(count == 0 for count in study.made.values())      # some rows are hidden indeed
    assert page.text_content("[data-testid=study-table] tfoot") == \
        f"Range{_combos(study.total)}100%{_equity(data['equity'])}"

    # The grid: each starting hand's weighted combos (after card removal) and its equity, by the library.
    counts: dict[str, float] = {}
    for combo in hero.by_combo:
        counts[_hand_of(combo)] = counts.get(_hand_of(combo), 0) + Range(HERO).weight(combo)
    assert counts["T9s"] == 2  # four combos at weight 0.5
    want = {hand: f"{hand}: {_weighted(counts[hand])}, equity {_equity(hero.by_class[hand])}"
            if hand in counts else f"{hand}: not in the range" for hand in _hands()}
    assert _titles(page, "[data-testid=study-grid] .study-cell", "hand") == want
    assert page.eval_on_selector_all("[data-testid=study-grid] .study-cell", "c => c.map(x => x.dataset.hand)") \
        == _hands()
    # A hand in the range has a colour; one outside has none.
    assert page.eval_on_selector("[data-testid=study-cell-AKs]", "c => c.style.background") != ""
    assert page.eval_on_selector("[data-testid=study-cell-72o]", "c => c.style.background") == ""

    # The curves: each vertex is the library's distribution, for the hero and for the villain.
    for who, result in (("hero", hero), ("villain", villain)):
        shown = _curve(page, who)
        steps = _steps(result.distribution())
        assert len(shown) == len(steps)
        assert all(math.isclose(a, c, abs_tol=1e-4) and math.isclose(b, d, abs_tol=1e-4)
                   for (a, b), (c, d) in zip(shown, steps, strict=True))
    assert page.text_content(".study-key.hero") == f"Hero {_equity(hero.equity)}"
    assert page.text_content(".study-key.villain") == f"Villain {_equity(villain.equity)}"

    # The heat map: 52 cards, aces first in suit order s h d c; each card that can come with
    # the library's equity and probability, the board and the dead card greyed.
    cells = page.locator("[data-testid=study-next] .study-card")
    assert cells.count() == 52
    order = cells.evaluate_all("cells => cells.map(c => c.dataset.card)")
    assert order == [rank + suit for rank in ORDER for suit in "shdc"]
    titles = _titles(page, "[data-testid=study-next] .study-card", "card")
    for card in order:
        pretty = Card(card).to_dict()["pretty"]
        if card in BOARD.split():
            assert titles[card] == f"{pretty}: on the board"
        elif card == DEAD:
            assert titles[card] == f"{pretty}: dead"
        else:
            assert titles[card] == (f"{pretty}: equity {_equity(nxt.by_card[card])}, "
                                    f"probability {_percent(nxt.probability[card], 2)}")
    greyed = set(cells.evaluate_all("cells => cells.filter(c => c.classList.contains('out')).map(c => c.dataset.card)"))
    assert greyed == {*BOARD.split(), DEAD}
    assert greyed.isdisjoint(nxt.by_card)

    # Hovering a card says what the hero holds after it, as the library counts it.
    page.hover("[data-testid=study-next-Qh]")
    after = nxt.to_dict()["cards"]
    row = next(item for item in after if item["card"] == "Qh")
    classes = sorted(((name, share) for name, share in row["classes"].items() if share > 0), key=lambda x: -x[1])
    assert page.text_content("[data-testid=study-next-detail]") == (
        f"After Q\u2665 (probability {_percent(row['probability'], 2)}): equity {_equity(row['equity'])}; the hero has "
        + ", ".join(f"{name} {_percent(share, 0)}" for name, share in classes) + ".")

    page.click("[data-testid=study-row-top-pair]")
    page.wait_for_selector("body[data-engine=ready]")   # the engine's banner is gone
    screenshot(page, "study")


def test_a_row_lights_its_hands_in_the_grid(page):
    open_view(page, "study")
    _study(page)
    study = breakdown(HERO, BOARD, DEAD, villain=VILLAIN)
    assert _lit(page) == set()
    for name in ("top-pair", "backdoor-flush-draw", "set"):
        page.click(f"[data-testid=study-row-{name}]")
        hands = {_hand_of(combo) for combo in study.combos(name)}
        assert _lit(page) == hands
        count = {**study.made, **study.draws}[name]
        assert page.text_content("[data-testid=study-lit]") == \
            f"Lit: {name}, {_combos(count)} combos in {_plural(len(hands), 'hand')}."
        assert page.locator("[data-testid=study-table] tr.selected").evaluate_all(
            "rows => rows.map(r => r.dataset.class)") == [name]
    # A lit cell says how many of its combos (weighted) are in the class.
    page.click("[data-testid=study-row-top-pair]")
    top = [combo for combo in study.combos("top-pair") if _hand_of(combo) == "AKs"]
    assert page.get_attribute("[data-testid=study-cell-AKs]", "title").endswith(
        f"; {_weighted(sum(Range(HERO).weight(combo) for combo in top))} in top-pair")
    page.click("[data-testid=study-row-backdoor-flush-draw]")
    suited = [combo for combo in study.combos("backdoor-flush-draw") if _hand_of(combo) == "T9s"]
    assert suited == ["Ts9s"]  # T9 of hearts has a flush draw, T9 of diamonds or clubs two of a suit
    assert page.get_attribute("[data-testid=study-cell-T9s]", "title").endswith(
        f"; {_weighted(0.5 * len(suited))} in backdoor-flush-draw")
    # Clicking the lit row again puts the lights out.
    page.click("[data-testid=study-row-backdoor-flush-draw]")
    assert _lit(page) == set()
    assert page.locator("[data-testid=study-table] tr.selected").count() == 0


def test_narrow_to_a_row(page):
    open_view(page, "study")
    _study(page)
    row = next(r for r in breakdown(HERO, BOARD, DEAD, villain=VILLAIN).to_dict()["made"] if r["class"] == "top-pair")
    page.click("[data-testid=study-narrow-top-pair]")
    # The hero range is the row's part of it, and the study runs again on that part alone.
    wait_value(page, "study-hero-input", row["range"])
    page.wait_for_selector(DONE)
    narrowed = breakdown(row["range"], BOARD, DEAD, villain=VILLAIN)
    assert narrowed.total == row["combos"]
    equity = combo_equities(row["range"], VILLAIN, BOARD, DEAD).equity
    assert page.text_content("[data-testid=study-summary]").endswith(
        f": {_combos(narrowed.total)} combos. Against {VILLAIN}: equity {_percent(equity, 2)}, exact.")
    assert [r[0] for r in _rows(page)] == ["top-pair"] + [name for name, count in narrowed.draws.items() if count > 0]


def test_a_bad_range_shows_the_servers_message_and_keeps_the_input(page):
    open_view(page, "study")
    _study(page)
    with pytest.raises(ShowdownError) as error:
        breakdown("22++", BOARD, DEAD)
    page.fill("[data-testid=study-hero-input]", "22++")
    page.click("[data-testid=study-run]")
    assert shown_text(page, "[data-testid=study-status].error") == str(error.value)
    assert page.input_value("[data-testid=study-hero-input]") == "22++"
    assert page.input_value("[data-testid=study-villain-input]") == VILLAIN
    assert page.locator("[data-testid=study-results]").is_hidden()   # the last study's numbers are gone
    # A board of two cards: the server says why.
    page.fill("[data-testid=study-hero-input]", HERO)
    page.fill("[data-testid=study-board-input]", "Ks 7h")
    wait_slots(page, "study-board", ["Ks", "7h"])
    page.click("[data-testid=study-run]")
    with pytest.raises(ShowdownError) as error:
        breakdown(HERO, "Ks 7h", DEAD)
    assert shown_text(page, "[data-testid=study-status].error") == str(error.value)


def test_enter_studies_the_range_grid_fills_a_range_and_inputs_are_kept(page):
    open_view(page, "study")
    page.fill("[data-testid=study-board-input]", "Ks 7h 2h 9c 4d")
    wait_slots(page, "study-board", ["Ks", "7h", "2h", "9c", "4d"])
    # The villain's range from the grid: the editor opens on the text and hands back the
    # library's canonical text of it.
    page.fill("[data-testid=study-villain-input]", "AK, QQ+")
    page.click("[data-testid=study-villain-grid]")
    editor = page.locator("[data-testid=view-study] [data-testid=range-editor]")
    editor.wait_for()
    wait_value(page, "range-text", "AK, QQ+")
    combos = Range("AK, QQ+").to_dict()["combos"]
    page.wait_for_function("([want]) => document.querySelector('[data-testid=range-summary]').textContent"
                           ".startsWith(want)", arg=[f"{combos} combos"])
    page.click("[data-testid=view-study] [data-testid=range-cell-JJ]")
    villain = str(Range("AK, QQ+").with_weights({"JJ": 1}))
    wait_value(page, "range-text", villain)
    page.click("[data-testid=view-study] [data-testid=range-apply]")
    wait_value(page, "study-villain-input", villain)
    assert editor.is_hidden()
    # Enter in a field studies; on the river there is no next card to ask for.
    requests: list[dict] = []
    page.on("request", lambda r: requests.append(json.loads(r.post_data)) if r.url.endswith("/api/study") else None)
    page.fill("[data-testid=study-hero-input]", "TT+, AQs+")
    page.press("[data-testid=study-hero-input]", "Enter")
    page.wait_for_selector(DONE)
    assert requests[-1]["next_card"] is False
    assert page.text_content("[data-testid=study-next-none]") == "On the river no card is to come."
    equity = combo_equities("TT+, AQs+", villain, "Ks 7h 2h 9c 4d").equity
    assert page.text_content("[data-testid=study-summary]").endswith(f"equity {_percent(equity, 2)}, exact.")
    # A reload puts the inputs back as they were.
    page.uncheck("[data-testid=study-next]")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    wait_slots(page, "study-board", ["Ks", "7h", "2h", "9c", "4d"])
    assert page.input_value("[data-testid=study-hero-input]") == "TT+, AQs+"
    assert page.input_value("[data-testid=study-villain-input]") == villain
    assert not page.is_checked("[data-testid=study-next]")


def test_short_deck_heat_map_greys_the_missing_cards(page):
    open_view(page, "study")
    page.select_option("[data-testid=study-game]", "short-deck")
    # The study reads two-card ranges: no Omaha on offer.
    games = page.eval_on_selector_all("[data-testid=study-game] option", "o => o.map(x => x.value)")
    assert "omaha" not in games and "holdem" in games
    _study(page, board="9c 8d 7h", hero="AK, 66+", villain="random", dead="")
    nxt = next_card("AK, 66+", "random", "9c 8d 7h", game="short-deck")
    coloured = page.eval_on_selector_all("[data-testid=study-next] .study-card:not(.out)",
                                         "cells => cells.map(c => c.dataset.card)")
    assert set(coloured) == set(nxt.by_card) and len(coloured) == 36 - 3
    assert page.get_attribute("[data-testid=study-next-5s]", "title") == "5\u2660: not in this deck"
    equity = combo_equities("AK, 66+", "random", "9c 8d 7h", game="short-deck").equity
    assert page.text_content("[data-testid=study-summary]").endswith(f"equity {_percent(equity, 2)}, exact.")


def test_the_games_on_offer_are_those_the_server_studies(page):
    def games() -> list[str]:
        return page.eval_on_selector_all("[data-testid=study-game] option", "o => o.map(x => x.value)")

    open_view(page, "study")
    assert games() == list(LIMITS.study_games)

    def handle(route) -> None:
        response = route.fetch()
        limits = response.json()
        limits["library"]["study_games"] = ["short-deck"]
        route.fulfill(response=response, json=limits)

    page.route("**/api/limits", handle)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert games() == ["short-deck"]
