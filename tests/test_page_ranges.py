"""The Odds view's range grid as a player meets it, in Chromium: the suits of one hand picked
combo by combo, exact and weighted combos that survive the grid, the top-X% slider, saved ranges
(kept in the browser, exported and imported as text), long ranges shown whole, and Enter.

Every expectation comes from the library: the ranges the grid produces are read back with
``showdown.Range`` and compared with ranges the library builds."""

from __future__ import annotations

import math

import pytest

from conftest import open_view, screenshot, shown_text, wait_value
from showdown import Range, RangeParseError
from showdown.ranges import N_COMBOS, PREFLOP_ORDER


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _summary(rng: Range) -> str:
    """The editor's summary line for a range, from the library's numbers."""
    data = rng.to_dict()
    if not data["combos"]:
        return "No hands selected"
    return (f"{data['combos']} combos ({100 * data['fraction']:.1f}% of hands), "
            f"{_plural(len(data['starting_hands']), 'starting hand')}")


def _cell_title(rng: Range, hand: str) -> str:
    """The title of a partly selected cell, from the library's ``to_dict``."""
    entry = next(e for e in rng.to_dict()["starting_hands"] if e["hand"] == hand)
    shown = math.floor(entry["weight"] * 100 + 0.5) / 100  # the page rounds to hundredths, halves up
    return f"{hand}: {entry['combos']} of {entry['size']} combos, weight {shown:g}"


def _open_editor(page, player: int, text: str = "") -> None:
    page.fill(f"[data-testid=odds-player-{player}-input]", text)
    page.click(f"[data-testid=odds-range-{player}]")
    page.locator("[data-testid=range-editor]").wait_for()
    page.wait_for_function("([want]) => document.querySelector('[data-testid=range-summary]').textContent === want",
                           arg=[_summary(Range(text) if text else Range.from_combos([]))])


def _wait_range(page, rng: Range) -> None:
    wait_value(page, "range-text", str(rng))
    page.wait_for_function("([want]) => document.querySelector('[data-testid=range-summary]').textContent === want",
                           arg=[_summary(rng)])


def _wait_combos(page, rng: Range, hand: str) -> None:
    """Wait for the suit picker to show `hand`'s combos as the library lists them for `rng`."""
    want = [[c["combo"], "true" if c["weight"] else "false"] for c in rng.hand_combos(hand)["combos"]]
    page.wait_for_function(
        "([want]) => JSON.stringify([...document.querySelectorAll('[data-testid=range-suit-combos] .suit-combo')]"
        ".map(b => [b.dataset.combo, b.getAttribute('aria-pressed')])) === JSON.stringify(want)", arg=[want])
    chosen = sum(1 for c in rng.hand_combos(hand)["combos"] if c["weight"])
    assert page.text_content("[data-testid=range-suits-title]") == \
        f"Suits of {hand}: {chosen} of {rng.hand_combos(hand)['size']} combos"


def _set_slider(page, testid: str, value: str) -> None:
    page.eval_on_selector(f"[data-testid={testid}]",
                          "(input, value) => { input.value = value; input.dispatchEvent(new Event('input')); }", value)


def test_pick_the_suits_of_a_hand(page):
    open_view(page, "odds")
    _open_editor(page, 0)
    # Right-click AKs: its four suited combos, in the library's order, none chosen yet.
    page.click("[data-testid=range-cell-AKs]", button="right")
    chosen = Range.from_combos([])
    _wait_combos(page, chosen, "AKs")
    assert page.locator("[data-testid=range-suit-combos] .suit-combo").count() == 4
    # AhKh and AsKs only: the range is exactly those two combos, the cell partly selected.
    for combo in ("AhKh", "AsKs"):
        page.click(f"[data-testid=range-combo-{combo}]")
        chosen = chosen.with_weights({combo: 1})
        _wait_range(page, chosen)
    assert chosen == Range.from_combos(["AhKh", "AsKs"])
    _wait_combos(page, chosen, "AKs")
    assert page.get_attribute("[data-testid=range-cell-AKs]", "aria-pressed") == "mixed"
    assert page.get_attribute("[data-testid=range-cell-AKs]", "title") == _cell_title(chosen, "AKs")

    # Shift+click AKo: its twelve offsuit combos; one of them at half weight.
    page.click("[data-testid=range-cell-AKo]", modifiers=["Shift"])
    _wait_combos(page, chosen, "AKo")
    assert page.locator("[data-testid=range-suit-combos] .suit-combo").count() == 12
    _set_slider(page, "range-weight", "50")
    page.click("[data-testid=range-combo-AsKh]")
    chosen = chosen.with_weights({"AsKh": 0.5})
    _wait_range(page, chosen)
    _wait_combos(page, chosen, "AKo")
    assert chosen.weight("As Kh") == 0.5 and len(chosen) == 3
    assert page.get_attribute("[data-testid=range-cell-AKo]", "title") == _cell_title(chosen, "AKo")

    # A pair from the keyboard (S on the cell): its six combos; every suit, then one out.
    _set_slider(page, "range-weight", "100")
    page.focus("[data-testid=range-cell-77]")
    page.keyboard.press("s")
    _wait_combos(page, chosen, "77")
    assert page.locator("[data-testid=range-suit-combos] .suit-combo").count() == 6
    page.click("[data-testid=range-suits-all]")
    chosen = chosen.with_weights({"77": 1})
    _wait_range(page, chosen)
    assert page.get_attribute("[data-testid=range-cell-77]", "aria-pressed") == "true"
    first = chosen.hand_combos("77")["combos"][0]["combo"]
    page.click(f"[data-testid=range-combo-{first}]")
    chosen = chosen.with_weights({first: 0})
    _wait_range(page, chosen)
    _wait_combos(page, chosen, "77")
    assert len(chosen) == 3 + 5
    screenshot(page, "range-suits")
    page.click("[data-testid=range-apply]")
    assert Range(page.input_value("[data-testid=odds-player-0-input]")) == chosen

    # Text read back: exact combos typed in show as chosen suits and a partly selected cell.
    page.click("[data-testid=odds-range-0]")
    page.click("[data-testid=range-cell-AKs]", button="right")
    page.fill("[data-testid=range-text]", "AsKs, AdKd, 0.5(AcKc)")
    typed = Range("AsKs, AdKd, 0.5(AcKc)")
    _wait_combos(page, typed, "AKs")
    page.wait_for_function("([want]) => document.querySelector('[data-testid=range-cell-AKs]').title === want",
                           arg=[_cell_title(typed, "AKs")])
    assert page.get_attribute("[data-testid=range-cell-AKs]", "aria-pressed") == "mixed"
    assert page.get_attribute("[data-testid=range-combo-AcKc]", "title") == "AcKc: weight 0.5"
    page.click("[data-testid=range-suits-none]")
    _wait_range(page, Range.from_combos([]))
    assert page.get_attribute("[data-testid=range-cell-AKs]", "aria-pressed") == "false"


def test_exact_and_weighted_combos_survive_the_grid(page):
    text = "QQ+, 8h7h, 0.5(AhKh, 9c9d)"
    given = Range(text)
    open_view(page, "odds")
    _open_editor(page, 0, text)
    for hand in ("87s", "AKs", "99"):
        assert page.get_attribute(f"[data-testid=range-cell-{hand}]", "aria-pressed") == "mixed"
        assert page.get_attribute(f"[data-testid=range-cell-{hand}]", "title") == _cell_title(given, hand)
    # Opened and closed untouched: the same text, so the same combos and weights.
    page.click("[data-testid=range-apply]")
    assert page.input_value("[data-testid=odds-player-0-input]") == text

    # Painting another hand keeps every exact combo at its weight.
    _open_editor(page, 0, text)
    page.click("[data-testid=range-cell-JJ]")
    painted = given.with_weights({"JJ": 1})
    _wait_range(page, painted)
    page.click("[data-testid=range-apply]")
    result = Range(page.input_value("[data-testid=odds-player-0-input]"))
    assert result == painted
    assert (result.weight("8h7h"), result.weight("AhKh"), result.weight("9c9d")) == (1, 0.5, 0.5)
    assert result.weight("8s7s") == 0 and result.weight("AsKs") == 0 and len(result) == len(given) + 6

    # The suit picker of 87s shows the one combo; Cancel changes nothing.
    page.click("[data-testid=odds-range-0]")
    page.click("[data-testid=range-cell-87s]", button="right")
    _wait_combos(page, result, "87s")
    page.click("[data-testid=range-cancel]")
    assert page.locator("[data-testid=range-editor]").is_hidden()
    assert Range(page.input_value("[data-testid=odds-player-0-input]")) == painted


def _top_by_the_order(percent: float) -> Range:
    """The shortest prefix of the preflop order holding ``percent``% of the 1326 combos."""
    names: list[str] = []
    for name in PREFLOP_ORDER:
        if sum(len(Range(n)) for n in names) >= percent * N_COMBOS / 100:
            break
        names.append(name)
    return Range(", ".join(names))


def test_top_percent_slider(page):
    open_view(page, "odds")
    _open_editor(page, 1, "AhKh")
    for percent in ("10", "2.5", "50"):
        _set_slider(page, "range-top", percent)
        top = Range.top(float(percent))
        assert top == _top_by_the_order(float(percent))
        _wait_range(page, top)
        data = top.to_dict()
        label = (f"Top {percent}%: {_plural(data['combos'], 'combo')} ({100 * data['fraction']:.1f}% of all 1326), "
                 f"{_plural(len(data['starting_hands']), 'starting hand')}")
        page.wait_for_function("([want]) => document.querySelector('[data-testid=range-top-label]').textContent"
                               " === want", arg=[label])
    # The keyboard moves it by half a percent.
    page.focus("[data-testid=range-top]")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("([want]) => document.querySelector('[data-testid=range-top-label]').textContent"
                           ".startsWith(want)", arg=[f"Top 50.5%: {len(Range.top(50.5))} combos"])
    _wait_range(page, Range.top(50.5))
    # A hand painted on top of it is added to it; the slider at 0 empties the range.
    worst = PREFLOP_ORDER[-1]
    page.click(f"[data-testid=range-cell-{worst}]")
    _wait_range(page, Range.top(50.5).with_weights({worst: 1}))
    _set_slider(page, "range-top", "0")
    _wait_range(page, Range.from_combos([]))
    page.click("[data-testid=range-apply]")
    assert page.input_value("[data-testid=odds-player-1-input]") == ""


def _saved_names(page) -> list[str]:
    return page.eval_on_selector_all("[data-testid=saved-ranges] li[data-name]",
                                     "items => items.map(i => i.dataset.name)")


def _saved_status(page, kind: str) -> str:
    return shown_text(page, f"[data-testid=saved-status].{kind}")


def test_saved_ranges_export_and_import(page):
    open_view(page, "odds")
    _open_editor(page, 0, "77+, ATs+")
    # Enter in the name saves; a second range under another name; the first one replaced.
    page.fill("[data-testid=range-name]", "UTG")
    page.press("[data-testid=range-name]", "Enter")
    assert _saved_status(page, "info") == "Saved \u201cUTG\u201d."
    assert page.locator("[data-testid=range-editor]").is_visible()
    page.fill("[data-testid=range-text]", "22+, A2s+, 0.5(KTo+)")
    page.fill("[data-testid=range-name]", "BTN")
    page.click("[data-testid=range-save]")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=saved-ranges] li[data-name]').length === 2")
    assert _saved_names(page) == ["UTG", "BTN"]
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('showdown:ranges'))")
    assert kept == [{"name": "UTG", "text": "77+, ATs+"}, {"name": "BTN", "text": "22+, A2s+, 0.5(KTo+)"}]
    assert all(Range(item["text"]) for item in kept)

    # A bad range is not saved: the library's message says why.
    page.fill("[data-testid=range-text]", "QQ+, XYz")
    page.fill("[data-testid=range-name]", "bad")
    page.click("[data-testid=range-save]")
    with pytest.raises(RangeParseError) as bad:
        Range("QQ+, XYz")
    assert _saved_status(page, "error") == f"Not saved: {bad.value}"
    assert _saved_names(page) == ["UTG", "BTN"]

    # Load one: its text and the grid; delete the other.
    page.click("[data-testid=saved-ranges] li[data-name=UTG] .saved-load")
    _wait_range(page, Range("77+, ATs+"))
    assert page.get_attribute("[data-testid=range-cell-AKs]", "aria-pressed") == "true"
    page.click("[data-testid=saved-ranges] li[data-name=BTN] .saved-delete")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=saved-ranges] li[data-name]').length === 1")
    assert _saved_names(page) == ["UTG"]

    # Export: one "name: range" line each, in the text box and as a download.
    page.click("[data-testid=range-transfer] summary")
    assert page.input_value("[data-testid=range-export]") == "UTG: 77+, ATs+"
    href = page.get_attribute("[data-testid=range-download]", "href")
    assert page.evaluate("href => fetch(href).then(r => r.text())", href) == "UTG: 77+, ATs+\n"

    # Import: bad lines are named and nothing is imported; good lines are, replacing a name.
    page.fill("[data-testid=range-import]", "CO: 55+, A2s+\nno colon here\nSB: AKx, QQ\n: QQ\n")
    page.click("[data-testid=range-import-button]")
    with pytest.raises(RangeParseError) as bad:
        Range("AKx, QQ")
    assert _saved_status(page, "error") == (
        'Nothing imported: line 2: expected "name: range text", found "no colon here"; '
        f"line 3 (SB): {bad.value}; line 4: no name before the ':' in \": QQ\"")
    assert _saved_names(page) == ["UTG"]
    page.fill("[data-testid=range-import]", "# my ranges\nCO: 55+, A2s+, KQo:0.5\n\nUTG: TT+, AhKh\n")
    page.click("[data-testid=range-import-button]")
    assert _saved_status(page, "info") == "Imported 2 ranges."
    assert _saved_names(page) == ["UTG", "CO"]
    exported = page.input_value("[data-testid=range-export]").splitlines()
    assert [line.split(":", 1)[0] for line in exported] == ["UTG", "CO"]
    assert [Range(line.split(":", 1)[1]) for line in exported] == [Range("TT+, AhKh"), Range("55+, A2s+, KQo:0.5")]

    # Kept in the browser: a reload lists them; loading one and using it gives the player that range.
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    _open_editor(page, 1)
    assert _saved_names(page) == ["UTG", "CO"]
    page.click("[data-testid=saved-ranges] li[data-name=CO] .saved-load")
    # The text as it was saved, read by the server into the grid.
    wait_value(page, "range-text", "55+, A2s+, KQo:0.5")
    page.wait_for_function("([want]) => document.querySelector('[data-testid=range-summary]').textContent === want",
                           arg=[_summary(Range("55+, A2s+, KQo:0.5"))])
    assert page.get_attribute("[data-testid=range-cell-KQo]", "aria-pressed") == "true"
    page.click("[data-testid=range-apply]")
    assert Range(page.input_value("[data-testid=odds-player-1-input]")) == Range("55+, A2s+, KQo:0.5")


def test_a_long_range_is_shown_whole(page):
    long = Range("top 40%").with_weights({"AhKh": 0, "7c2d": 1, "6s5s": 0.5, "9h8d": 0.25, "QcJd": 0.25, "4s4h": 0})
    text = str(long)
    assert len(text) > 120
    open_view(page, "odds")
    page.fill("[data-testid=odds-player-0-input]", text)
    chip = page.locator("[data-testid=odds-player-0-slots] .range-chip")
    chip.wait_for()
    # The chip holds the whole text (also as its tooltip), wrapped inside the field: nothing cut.
    assert chip.text_content() == text and chip.get_attribute("title") == text
    assert chip.evaluate("c => c.scrollWidth <= c.clientWidth && c.scrollHeight <= c.clientHeight")
    field, box = page.locator("[data-testid=odds-player-0]").bounding_box(), chip.bounding_box()
    assert box["x"] + box["width"] <= field["x"] + field["width"]
    assert box["y"] + box["height"] <= field["y"] + field["height"]
    assert box["height"] > 2 * page.evaluate("() => parseFloat(getComputedStyle(document.querySelector("
                                             "'.range-chip')).lineHeight)")
    # The editor's text box grows to show all of it.
    page.click("[data-testid=odds-range-0]")
    page.wait_for_function("([want]) => document.querySelector('[data-testid=range-summary]').textContent === want",
                           arg=[_summary(long)])
    area = page.locator("[data-testid=range-text]")
    assert area.input_value() == text
    assert area.evaluate("a => a.scrollHeight <= a.clientHeight + 1")
    screenshot(page, "range-long")


def test_enter_uses_the_range(page):
    open_view(page, "odds")
    _open_editor(page, 1)
    page.fill("[data-testid=range-text]", "KK+, AKs")
    page.press("[data-testid=range-text]", "Enter")
    page.locator("[data-testid=range-editor]").wait_for(state="hidden")
    assert Range(page.input_value("[data-testid=odds-player-1-input]")) == Range("KK+, AKs")
    # After a top-X% move, Enter in the text box uses what the slider chose.
    page.click("[data-testid=odds-range-1]")
    _set_slider(page, "range-top", "5")
    _wait_range(page, Range.top(5))
    page.press("[data-testid=range-text]", "Enter")
    page.locator("[data-testid=range-editor]").wait_for(state="hidden")
    assert Range(page.input_value("[data-testid=odds-player-1-input]")) == Range.top(5)
