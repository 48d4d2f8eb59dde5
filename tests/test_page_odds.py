"""The Odds view as a player meets it, in Chromium: the cost of a run said before it runs, an
exact count too dear for the server said in words with Monte Carlo on offer, the chosen time
honoured when "exact when affordable" deals Monte Carlo, an exact count that shows only its
progress and leaves no numbers when it does not finish, stale results cleared, Enter, a bad
card field that blocks the run, and the inputs kept across a reload. The players, the grid's
opponents and the times on offer follow the server's limits (``GET /api/limits``), and the
server's limit on an exact count is said as the plan gives it.

Every expectation comes from the library (``plan``, ``equity``, ``parse_cards``) or from the
job's own result as the server reports it."""

from __future__ import annotations

import json
import math
import time
from typing import Optional

import pytest

from conftest import open_view, screenshot, shown_text, wait_slots, wait_value
from showdown import LIMITS, ShowdownError, equity, parse_cards, plan
from showdown.web import Settings

TIMES = ["1", "3", "10", "30"]  # the seconds the page offers Monte Carlo, those the server allows
SUPERSCRIPT = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
DONE = "[data-testid=equity-display][data-state=done]"


def _power(n: int) -> str:
    """4.1e12 as the page writes it: "4.1 × 10¹²"."""
    exponent = math.floor(math.log10(n))
    mantissa = round(n / 10**exponent, 1)
    if mantissa >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:g} \u00d7 10" + "".join(SUPERSCRIPT[int(d)] for d in str(exponent))


def _duration(seconds: float) -> str:
    """A span of time as the page says it (the spans these tests meet)."""
    if seconds < 1:
        return "under a second"
    if seconds < 90:
        return f"about {math.floor(seconds + 0.5)} s"
    return f"about {math.floor(seconds / 60 + 0.5)} minutes"


def _deals(players: list[str], board: str = "") -> int:
    planned = plan(players, board)
    return planned.assignments * planned.boards


def _players(page, *hands: str) -> None:
    """Type the players' hands (more players are added as needed)."""
    for index, hand in enumerate(hands):
        if page.locator(f"[data-testid=odds-player-{index}-input]").count() == 0:
            page.click("[data-testid=odds-add]")
        page.fill(f"[data-testid=odds-player-{index}-input]", hand)


def _wait_text(page, testid: str, text: str, timeout: float = 20_000) -> None:
    """Wait for the element's text to be ``text``; fail showing the text it has."""
    try:
        page.wait_for_function(
            "([testid, text]) => document.querySelector(`[data-testid=${testid}]`)?.textContent === text",
            arg=[testid, text],
            timeout=timeout,
        )
    except Exception:  # playwright's timeout: say what is there instead
        pytest.fail(f"{testid} shows {page.text_content(f'[data-testid={testid}]')!r}, expected {text!r}")


def _job_requests(page) -> list[dict]:
    """Every equity job the page asks for from now on (their bodies)."""
    bodies: list[dict] = []
    page.on(
        "request",
        lambda request: (
            bodies.append(json.loads(request.post_data))
            if request.method == "POST" and request.url.endswith("/api/equity/jobs")
            else None
        ),
    )
    return bodies


def _job(page) -> dict:
    """The page's last job as the server reports it."""
    job_id = page.get_attribute("[data-testid=equity-display]", "data-job")
    return page.request.get(f"/api/equity/jobs/{job_id}").json()


def _job_when_over(page, seconds: float = 30) -> dict:
    """The page's last job once it is no longer running (a cancel takes a moment)."""
    deadline = time.monotonic() + seconds
    job = _job(page)
    while job["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        job = _job(page)
    return job


def _values(page) -> list[str]:
    return page.eval_on_selector_all("[data-testid^=equity-value-]", "cells => cells.map(c => c.textContent)")


def test_the_plan_says_what_a_run_will_be(page):
    open_view(page, "odds")
    _players(page, "AcAd", "KhKs")
    boards = plan(["AcAd", "KhKs"]).boards
    _wait_text(page, "odds-plan", f"Exact: {boards:,} deals (under a second).")
    # Ranges: the deals of every pairing of their combos, at most.
    _players(page, "AcAd", "QQ+, AKs")
    _wait_text(page, "odds-plan", f"Exact: up to {_deals(['AcAd', 'QQ+, AKs']):,} deals (under a second).")
    # Three random hands cannot be counted: Monte Carlo for the chosen time, said before the run.
    _players(page, "", "", "")
    _wait_text(page, "odds-plan", f"Too many deals for exact ({_power(_deals(['random'] * 3))}); Monte Carlo for 3 s.")
    page.select_option("[data-testid=odds-time]", "10")
    _wait_text(page, "odds-plan", f"Too many deals for exact ({_power(_deals(['random'] * 3))}); Monte Carlo for 10 s.")
    page.select_option("[data-testid=odds-mode]", "monte-carlo")
    _wait_text(page, "odds-plan", "Monte Carlo for 10 s.")
    # A range the library cannot read is named by the plan, before any run.
    _players(page, "AcAd", "QQ++", "")
    with pytest.raises(ShowdownError) as error:
        plan(["AcAd", "QQ++", "random"])
    _wait_text(page, "odds-plan", str(error.value))
    assert page.get_attribute(".odds-plan", "data-kind") == "error"


def test_too_dear_exact_is_said_in_words_and_monte_carlo_is_offered(page):
    open_view(page, "odds")
    jobs = _job_requests(page)
    players = ["QQ+, AKs", "22+", "random"]
    _players(page, "QQ+, AKs", "22+", "")
    page.select_option("[data-testid=odds-mode]", "exact")
    page.select_option("[data-testid=odds-time]", "1")
    offer = page.locator("[data-testid=odds-offer]")
    offer.wait_for()
    message = page.text_content("[data-testid=odds-plan]")
    # The time it would take and the server's limit, both at the server's estimated pace.
    cost = page.request.post("/api/equity/plan", data={"players": players, "exact": True}).json()
    assert not cost["job"]["affordable"] and cost["evaluations"] > cost["job"]["max_evaluations"]
    limit = cost["job"]["seconds"] * cost["job"]["max_evaluations"] / cost["evaluations"]
    assert message == (
        f"Too many deals to count exactly here: up to {_power(_deals(players))} deals would take "
        f"{_duration(cost['job']['seconds'])} of counting, and this server stops an exact count at "
        f"{_duration(limit)}."
    )
    assert "exact:" not in message and "false" not in message and "enumeration" not in message
    assert offer.text_content() == "Run Monte Carlo for 1 s instead"
    # Run does not run it: the message stays, the offer takes the focus, no job is asked for.
    page.click("[data-testid=odds-run]")
    page.wait_for_function("() => document.activeElement?.dataset.testid === 'odds-offer'")
    assert jobs == [] and page.is_hidden("[data-testid=equity-display]")
    screenshot(page, "odds-too-dear")
    # The offer switches to Monte Carlo and runs for the chosen time.
    offer.click()
    page.locator(DONE).wait_for(timeout=60_000)
    assert page.input_value("[data-testid=odds-mode]") == "monte-carlo"
    assert jobs == [{"game": "holdem", "players": players, "board": "", "dead": "", "exact": False, "time_limit": 1}]
    result = _job(page)["result"]
    assert not result["exact"] and result["stopped_by"] == "time_limit" and result["elapsed"] >= 1
    assert page.text_content("[data-testid=equity-summary]").startswith(
        f"Final, Monte Carlo estimate: {result['total']:,} deals, standard error"
    )


def test_the_time_limit_holds_when_exact_is_not_affordable(page):
    open_view(page, "odds")
    jobs = _job_requests(page)
    page.click("[data-testid=odds-add]")  # three random hands: no exact count
    page.select_option("[data-testid=odds-time]", "1")
    _wait_text(page, "odds-plan", f"Too many deals for exact ({_power(_deals(['random'] * 3))}); Monte Carlo for 1 s.")
    page.click("[data-testid=odds-run]")
    page.locator(DONE).wait_for(timeout=60_000)
    assert jobs == [{"game": "holdem", "players": ["random"] * 3, "board": "", "dead": "", "exact": None,
                     "time_limit": 1}]
    job = _job(page)
    result = job["result"]
    # The run was Monte Carlo, and the server says it stopped at the chosen second.
    assert not job["exact"] and not result["exact"] and result["total"] > 0
    assert result["stopped_by"] == "time_limit" and result["elapsed"] >= 1
    summary = page.text_content("[data-testid=equity-summary]")
    assert summary == (
        f"Final, Monte Carlo estimate: {result['total']:,} deals, standard error "
        f"{100 * result['stderr']:.3f}%, in {result['elapsed']:.2f} s"
    )
    equities = [float(value.rstrip("%")) for value in _values(page)]
    assert abs(sum(equities) - 100) < 0.5


def test_an_exact_count_shows_only_its_progress_and_a_stop_leaves_no_numbers(page):
    open_view(page, "odds")
    page.select_option("[data-testid=odds-mode]", "exact")
    planned = plan(["random", "random"])  # affordable in a job, though not by default: seconds of counting
    assert planned.exact_possible and not planned.exact_by_default
    start = f"Exact: up to {_power(planned.assignments * planned.boards)} deals (about "
    page.wait_for_function(
        "start => document.querySelector('[data-testid=odds-plan]').textContent.startsWith(start)", arg=start
    )
    # Record every number the rows show while the count runs.
    page.evaluate("""() => {
        window.shown = [];
        new MutationObserver(() => {
            for (const cell of document.querySelectorAll('[data-testid^=equity-value-], .equity-small'))
                if (cell.textContent && cell.textContent !== '\u2013') window.shown.push(cell.textContent);
        }).observe(document.querySelector('[data-testid=equity-display]'),
                   {subtree: true, childList: true, characterData: true});
    }""")
    page.click("[data-testid=odds-run]")
    page.wait_for_function(
        "() => Number(document.querySelector('[data-testid=equity-progress]').getAttribute('aria-valuenow')) > 0",
        timeout=60_000,
    )
    summary = page.text_content("[data-testid=equity-summary]")
    assert summary.startswith("Counting every deal exactly: ") and " done (" in summary, summary
    assert page.get_attribute("[data-testid=equity-display]", "data-exact") == "true"
    running = _job(page)
    assert running["status"] == "running" and running["exact"] and running["result"]["total"] > 0
    screenshot(page, "odds-counting")
    # The server has partial counts; the page shows none of them.
    assert _values(page) == ["\u2013", "\u2013"] and page.evaluate("window.shown") == []
    assert (
        page.is_hidden("[data-testid=equity-categories]")
        or page.locator("[data-testid=equity-categories]").count() == 0
    )
    page.click("[data-testid=odds-stop]")
    page.wait_for_selector("[data-testid=equity-display][data-state=cancelled]")
    assert page.text_content("[data-testid=equity-summary]").startswith("Stopped at ")
    assert "no equity is shown" in page.text_content("[data-testid=equity-summary]")
    assert _values(page) == ["\u2013", "\u2013"] and page.evaluate("window.shown") == []
    widths = page.eval_on_selector_all(".bar span", "bars => bars.map(bar => parseFloat(bar.style.width || '0'))")
    assert widths == [0] * 4
    stopped = _job_when_over(page)
    assert stopped["status"] == "cancelled" and stopped["result"] is None


def test_an_exact_count_out_of_time_offers_monte_carlo(page):
    """A count whose estimate was short fails at the server's deadline; the page shows no
    numbers and says so in words. The failure is a real one, of a server with a 0.3 s limit."""
    from fastapi.testclient import TestClient

    from showdown.odds import planning
    from showdown.web import Settings, create_app

    saved = planning.EVALUATIONS_PER_SECOND
    planning.EVALUATIONS_PER_SECOND = 10**15  # an estimate far too short
    try:
        with TestClient(create_app(Settings(job_max_runtime=0.3))) as quick:
            job_id = quick.post("/api/equity/jobs", json={"players": ["random", "random"], "exact": True}).json()[
                "job_id"
            ]
            deadline = time.monotonic() + 60
            failed = quick.get(f"/api/equity/jobs/{job_id}").json()
            while failed["status"] == "running" and time.monotonic() < deadline:
                time.sleep(0.05)
                failed = quick.get(f"/api/equity/jobs/{job_id}").json()
    finally:
        planning.EVALUATIONS_PER_SECOND = saved
    assert failed["status"] == "error" and failed["try_monte_carlo"] and failed["result"] is None

    def fail(route):
        job = route.request.url.split("/jobs/")[1].split("/")[0]
        route.fulfill(
            status=200, content_type="text/event-stream", body=f"data: {json.dumps({**failed, 'job_id': job})}\n\n"
        )

    open_view(page, "odds")
    _players(page, "AcAd", "KhKs")
    page.select_option("[data-testid=odds-mode]", "exact")
    page.route("**/api/equity/jobs/*/events", fail)
    page.click("[data-testid=odds-run]")
    page.locator("[data-testid=odds-offer]").wait_for()
    assert page.text_content("[data-testid=odds-plan]") == (
        "The exact count did not finish in the time this server gives a calculation, so there is no result. "
        "Monte Carlo can estimate it instead."
    )
    assert page.is_hidden("[data-testid=equity-display]") and page.is_hidden("[data-testid=odds-status]")
    page.unroute("**/api/equity/jobs/*/events")
    page.click("[data-testid=odds-offer]")
    page.locator(DONE).wait_for(timeout=60_000)
    assert page.get_attribute("[data-testid=equity-display]", "data-exact") == "false"


def test_a_new_run_clears_the_last_results_and_names_stay_whole(page):
    open_view(page, "odds")
    long_range = "QQ+, AKs, A5s-A2s, 0.5(KQo), 76s, 65s, 54s"
    _players(page, "Ac Ad", long_range)
    page.fill("[data-testid=odds-board-input]", "Ks 7h 2d")
    wait_slots(page, "odds-board", ["Ks", "7h", "2d"])
    page.click("[data-testid=odds-run]")
    page.locator(DONE).wait_for(timeout=60_000)
    expected = equity(["Ac Ad", long_range], "Ks 7h 2d")
    assert expected.exact and _values(page) == [f"{100 * e:.1f}%" for e in expected.equity]
    # The hands as given, whole: the range wraps rather than being cut short.
    names = page.eval_on_selector_all(
        ".equity-hand", "names => names.map(n => [n.textContent, n.scrollWidth <= n.clientWidth])"
    )
    assert names == [["Ac Ad", True], [long_range, True]]
    screenshot(page, "odds-exact")
    assert page.text_content("[data-testid=equity-summary]").startswith(f"Final, exact: {expected.total:,} deals in ")
    # Clicking Run again takes the old numbers off at once, before the new run answers.
    page.select_option("[data-testid=odds-mode]", "monte-carlo")
    page.select_option("[data-testid=odds-time]", "1")
    at_click = page.evaluate("""() => {
        document.querySelector('[data-testid=odds-run]').click();
        const display = document.querySelector('[data-testid=equity-display]');
        return [display.hidden, document.querySelectorAll('[data-testid^=equity-value-]').length,
                document.querySelectorAll('[data-testid=equity-categories]').length];
    }""")
    assert at_click == [True, 0, 0]
    page.locator(DONE).wait_for(timeout=60_000)
    assert page.get_attribute("[data-testid=equity-display]", "data-exact") == "false"
    # A run that cannot start leaves nothing of the last one either.
    page.fill("[data-testid=odds-board-input]", "Ks 7h")
    page.click("[data-testid=odds-run]")
    with pytest.raises(ShowdownError) as error:
        plan(["Ac Ad", long_range], "Ks 7h")
    assert shown_text(page, "[data-testid=odds-status]") == str(error.value)
    assert page.is_hidden("[data-testid=equity-display]")


def test_enter_runs_and_a_bad_card_blocks_the_run(page):
    open_view(page, "odds")
    jobs = _job_requests(page)
    _players(page, "AhKh", "QQ")
    page.fill("[data-testid=odds-board-input]", "Ts Qs 2x")
    page.press("[data-testid=odds-player-1-input]", "Enter")
    with pytest.raises(ShowdownError) as error:
        parse_cards("Ts Qs 2x")
    assert shown_text(page, "[data-testid=odds-status]") == f"Board: {error.value}"
    assert jobs == [] and page.is_hidden("[data-testid=equity-display]")
    page.fill("[data-testid=odds-board-input]", "Ts Qs 2d")
    page.press("[data-testid=odds-board-input]", "Enter")
    page.locator(DONE).wait_for(timeout=60_000)
    assert page.is_hidden("[data-testid=odds-status]")
    expected = equity(["AhKh", "QQ"], "Ts Qs 2d")
    assert _values(page) == [f"{100 * e:.1f}%" for e in expected.equity]
    assert [body["board"] for body in jobs] == ["Ts Qs 2d"]


def test_the_inputs_survive_a_reload(page):
    open_view(page, "odds")
    _players(page, "AcAd", "QQ+, AKs", "")
    page.fill("[data-testid=odds-board-input]", "Ks 7h 2d")
    page.fill("[data-testid=odds-dead-input]", "4c")
    page.select_option("[data-testid=odds-mode]", "monte-carlo")
    page.select_option("[data-testid=odds-time]", "10")
    wait_slots(page, "odds-dead", ["4c"])
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    wait_value(page, "odds-player-1-input", "QQ+, AKs")
    assert page.locator("[data-testid^=odds-player-][data-testid$=-input]").count() == 3
    assert page.input_value("[data-testid=odds-player-0-input]") == "AcAd"
    assert page.input_value("[data-testid=odds-player-2-input]") == ""
    wait_slots(page, "odds-player-0", ["Ac", "Ad"])
    wait_slots(page, "odds-board", ["Ks", "7h", "2d"])
    wait_slots(page, "odds-dead", ["4c"])
    assert page.input_value("[data-testid=odds-mode]") == "monte-carlo"
    assert page.input_value("[data-testid=odds-time]") == "10"
    _wait_text(page, "odds-plan", "Monte Carlo for 10 s.")


def _serve_limits(page, library: Optional[dict] = None, server: Optional[dict] = None) -> None:
    """The page is told these limits by GET /api/limits, the rest as the server says."""
    def handle(route) -> None:
        response = route.fetch()
        limits = response.json()
        limits["library"].update(library or {})
        limits["server"].update(server or {})
        route.fulfill(response=response, json=limits)

    page.route("**/api/limits", handle)


def _options(page, testid: str) -> list[str]:
    return page.eval_on_selector_all(f"[data-testid={testid}] option", "o => o.map(x => x.value)")


def _fill_players(page) -> int:
    """Add players until the add button says no more; how many there are then."""
    add = page.locator("[data-testid=odds-add]")
    while add.is_enabled():
        add.click()
    return page.locator("[data-testid^=odds-player-][data-testid$=-input]").count()


def test_the_players_opponents_and_times_are_the_servers(page):
    open_view(page, "odds")
    longest = Settings().job_max_runtime
    assert _options(page, "odds-time") == [s for s in TIMES if float(s) <= longest]
    assert _options(page, "grid-opponents") == [str(n) for n in range(1, LIMITS.max_grid_opponents + 1)]
    assert _fill_players(page) == LIMITS.max_equity_players
    page.select_option("[data-testid=odds-time]", "10")
    # A server that takes fewer: the page offers no more than it takes; the kept players past
    # its most are dropped, and a kept time it does not take gives way to the first visit's.
    _serve_limits(page, {"max_equity_players": 3, "max_grid_opponents": 2}, {"job_max_runtime": 5})
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert _options(page, "odds-time") == ["1", "3"] and page.input_value("[data-testid=odds-time]") == "3"
    assert _options(page, "grid-opponents") == ["1", "2"]
    assert _fill_players(page) == 3
    page.select_option("[data-testid=odds-time]", "1")
    page.unroute("**/api/limits")
    _serve_limits(page, server={"job_max_runtime": 2})
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert _options(page, "odds-time") == ["1"] and page.input_value("[data-testid=odds-time]") == "1"
    _wait_text(page, "odds-plan", f"Too many deals for exact ({_power(_deals(['random'] * 3))}); Monte Carlo for 1 s.")


def test_the_servers_limit_on_an_exact_count_is_said_as_its_plan_gives_it(page):
    """The page says the limit the plan names: a set time in minutes or seconds, hand
    evaluations as about how long they take."""
    players = ["QQ+, AKs", "22+", "random"]
    told = {}

    def handle(route) -> None:
        response = route.fetch()
        answer = response.json()
        answer["job"].update(told)
        route.fulfill(response=response, json=answer)

    page.route("**/api/equity/plan", handle)
    open_view(page, "odds")
    _players(page, "QQ+, AKs", "22+", "")
    cost = page.request.post("/api/equity/plan", data={"players": players, "exact": True}).json()
    start = (f"Too many deals to count exactly here: up to {_power(_deals(players))} deals would take "
             f"{_duration(cost['job']['seconds'])} of counting, and this server stops an exact count at ")
    for limit, by, said in [(120.0, "time", "2 minutes"), (90.0, "time", "90 s"), (40.2, "evaluations", "about 40 s")]:
        told.update(limit_seconds=limit, limited_by=by)
        # Another question between two (the plan of the same question is asked once).
        page.select_option("[data-testid=odds-mode]", "auto")
        page.wait_for_selector(".odds-plan[data-kind=info]")
        page.select_option("[data-testid=odds-mode]", "exact")
        _wait_text(page, "odds-plan", f"{start}{said}.")
