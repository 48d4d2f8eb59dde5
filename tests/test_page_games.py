"""The game selector of the Showdown, Odds and Pots views, in Chromium: the hole-card slots follow
the game (4 to 6 in Omaha), short deck greys out 2 to 5 in the picker, and hi-lo results show the
high and the low as the library words them."""

from __future__ import annotations

from conftest import open_view, pick_cards, shown_text, wait_slots
from showdown import GAMES, Seat, equity, odds_grid, settle, showdown

HILO_BOARD = "Ac 2d 5s Kh Kd"
HILO_HOLES = {"alice": "3c 4c Qs Qc", "bob": "Ks As 9c 9s", "carol": "6h 7h Jc Jh"}   # bob high, alice low


def _slot_count(page, testid: str) -> int:
    return page.locator(f"[data-testid={testid}-slots] .slot").count()


def _choose(page, view: str, game: str) -> None:
    page.select_option(f"[data-testid={view}-game]", game)


def test_every_game_is_offered_and_sets_the_hole_slots(page):
    open_view(page, "showdown")
    offered = page.eval_on_selector_all("[data-testid=showdown-game] option", "options => options.map(o => o.value)")
    assert offered == list(GAMES)
    for name, game in GAMES.items():
        _choose(page, "showdown", name)
        for seat in range(3):
            assert _slot_count(page, f"showdown-hole-{seat}") == game.hole_cards, name
        assert _slot_count(page, "showdown-board") == 5


def test_hilo_showdown_shows_high_low_and_scoop(page):
    open_view(page, "showdown")
    _choose(page, "showdown", "omaha-hilo")
    page.fill("[data-testid=showdown-board-input]", HILO_BOARD)
    for seat, hole in enumerate(HILO_HOLES.values()):
        page.fill(f"[data-testid=showdown-hole-{seat}-input]", hole)
    wait_slots(page, "showdown-hole-2", HILO_HOLES["carol"].split())
    page.click("[data-testid=showdown-run]")
    expected = showdown(HILO_HOLES, HILO_BOARD, game="omaha-hilo")
    assert shown_text(page, "[data-testid=showdown-headline]") == expected.verdict
    lows = page.eval_on_selector_all("[data-testid=showdown-low]", "lines => lines.map(line => line.textContent)")
    assert lows == [str(expected.lows[name]) if expected.lows.get(name) else "No qualifying low"
                    for name in HILO_HOLES]
    badges = {name: page.eval_on_selector_all(f"[data-testid=showdown-result-{i}] [data-testid=showdown-badge]",
                                              "badges => badges.map(b => b.textContent)")
              for i, name in enumerate(HILO_HOLES)}
    for name in HILO_HOLES:
        if name in expected.scoopers:
            assert badges[name] == ["Scoops"]
        else:
            assert ("High" in badges[name] or "Splits the high" in badges[name]) == (name in expected.winners)
            assert any("low" in badge.lower() for badge in badges[name]) == (name in expected.low_winners)
    # The low's five cards are underlined, the high's five raised.
    first = page.eval_on_selector_all("[data-testid=showdown-result-0] .card.low",
                                      "cards => cards.map(c => c.dataset.card)")
    assert sorted(first) == sorted(str(card) for card in expected.lows["alice"].best_five)


def test_the_game_is_remembered(page):
    open_view(page, "showdown")
    _choose(page, "showdown", "omaha5")
    page.fill("[data-testid=showdown-hole-0-input]", "As Ks Qs Js 9d")
    wait_slots(page, "showdown-hole-0", ["As", "Ks", "Qs", "Js", "9d"])
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert page.input_value("[data-testid=showdown-game]") == "omaha5"
    wait_slots(page, "showdown-hole-0", ["As", "Ks", "Qs", "Js", "9d"])
    assert _slot_count(page, "showdown-hole-1") == 5


def test_short_deck_greys_out_two_to_five(page):
    open_view(page, "showdown")
    _choose(page, "showdown", "short-deck")
    out = page.eval_on_selector_all(".pick.out", "picks => picks.map(p => p.dataset.card)")
    assert sorted(out) == sorted(f"{rank}{suit}" for rank in "2345" for suit in "cdhs")
    assert page.locator("[data-testid=pick-5c]").is_disabled()
    page.click("[data-testid=showdown-board-input]")
    page.click("[data-testid=pick-5c]", force=True)   # not in the deck: nothing lands
    pick_cards(page, "6c")
    wait_slots(page, "showdown-board", ["6c"])
    page.click("[data-testid=showdown-random]")
    dealt = page.eval_on_selector_all("[data-testid=showdown-players] .card-face", "f => f.map(x => x.dataset.card)")
    assert len(dealt) == 6 and not any(card[0] in "2345" for card in dealt)
    # Typed, a card outside the deck is the library's error.
    page.fill("[data-testid=showdown-hole-0-input]", "5d 6d")
    wait_slots(page, "showdown-hole-0", ["5d", "6d"])
    page.click("[data-testid=showdown-run]")
    message = shown_text(page, "[data-testid=view-showdown] .status.error")
    assert "5d" in message and "short deck" in message.lower()
    _choose(page, "showdown", "holdem")
    assert page.locator(".pick.out").count() == 0


def test_odds_in_omaha_hilo(page):
    open_view(page, "odds")
    _choose(page, "odds", "omaha-hilo")
    assert _slot_count(page, "odds-player-0") == 4
    assert page.locator("[data-testid=odds-range-0]").is_hidden()
    hands, board = ["As 2s 3d Kc", "Kd Qd Jh Th"], "4c 5h 9d"
    for index, hand in enumerate(hands):
        page.fill(f"[data-testid=odds-player-{index}-input]", hand)
    page.fill("[data-testid=odds-board-input]", board)
    page.select_option("[data-testid=odds-mode]", "exact")
    page.click("[data-testid=odds-run]")
    page.wait_for_selector("[data-testid=equity-display][data-state=done]")
    expected = equity(hands, board, game="omaha-hilo", exact=True)
    for index in range(len(hands)):
        row = f"[data-testid=equity-row-{index}]"
        assert page.text_content(f"[data-testid=equity-value-{index}]") == f"{100 * expected.equity[index]:.1f}%"
        small = page.text_content(f"{row} .equity-small")
        assert small == (f"high {100 * expected.high[index]:.2f}% \u00b7 low {100 * expected.low[index]:.2f}% \u00b7 "
                         f"scoop {100 * expected.scoop[index]:.2f}%")


def test_omaha_odds_grid(page):
    open_view(page, "odds")
    _choose(page, "odds", "omaha")
    assert _slot_count(page, "grid-hole") == 4
    page.fill("[data-testid=odds-board-input]", "Ts Qs 2d 7c")
    page.fill("[data-testid=grid-hole-input]", "As Ks Jd 9h")
    page.click("[data-testid=grid-run]")
    page.wait_for_selector("[data-testid=grid-table]")
    caption = page.text_content("[data-testid=grid-result] p.hint")
    assert caption.startswith("As Ks Jd 9h on Ts Qs 2d 7c against the opponent:")
    expected = odds_grid("As Ks Jd 9h", "Ts Qs 2d 7c", game="omaha")
    total = page.text_content("[data-testid=grid-table] tfoot td .mini-value")
    assert total == f"{100 * expected.equity:.2f}%"


def test_pots_in_omaha_hilo(page):
    open_view(page, "pots")
    _choose(page, "pots", "omaha-hilo")
    assert _slot_count(page, "pots-hole-0") == 4
    page.fill("[data-testid=pots-board-input]", HILO_BOARD)
    for seat, hole in enumerate(HILO_HOLES.values()):
        page.fill(f"[data-testid=pots-hole-{seat}-input]", hole)
    page.fill("[data-testid=pots-contribution-2]", "50")
    wait_slots(page, "pots-hole-2", HILO_HOLES["carol"].split())
    page.click("[data-testid=pots-run]")
    page.wait_for_selector("[data-testid=pots-announcement] li")
    seats = [Seat(name, chips, hole) for (name, hole), chips in zip(HILO_HOLES.items(), (100, 100, 50), strict=True)]
    expected = settle(seats, HILO_BOARD, game="omaha-hilo")
    lines = page.eval_on_selector_all("[data-testid=pots-announcement] li", "items => items.map(i => i.textContent)")
    assert lines == expected.announcement()
    halves = page.eval_on_selector_all("[data-testid=pots-halves]", "items => items.map(i => i.textContent)")
    assert halves == [f"high: {', '.join(pot.high_winners)}"
                      + (f" \u00b7 low: {', '.join(pot.low_winners)}" if pot.low_winners else " \u00b7 no low")
                      for pot in expected.pots]
