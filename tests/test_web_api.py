"""The JSON API through FastAPI's TestClient: every endpoint, good input and bad."""

from __future__ import annotations

import itertools
import json
import threading
import time

import pytest

from conftest import require

require("fastapi")
require("httpx")
from fastapi import HTTPException  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from showdown import (  # noqa: E402
    CARDS,
    LIMITS,
    ODD_CHIP_RULES,
    Range,
    engine,
    equity,
    evaluate,
    hand_from_json,
    odds_grid,
    plan,
    settle,
    showdown,
)
from showdown.odds import planning  # noqa: E402
from showdown.pots import MAX_SEATS  # noqa: E402
from showdown.videopoker import PAYTABLES, Paytable, Trainer, analyze, holds  # noqa: E402
from showdown.web import Settings, create_app, runs  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def error(response, status: int = 422) -> str:
    """The ``detail`` message of an error response with ``status``."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str), detail
    return detail


def wait_for(client, job_id: str, seconds: float = 60) -> dict:
    """Poll a job until it is no longer running."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = client.get(f"/api/equity/jobs/{job_id}").json()
        if status["status"] != "running":
            return status
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} still running after {seconds} s")


# --- small endpoints ----------------------------------------------------------------------------
def test_health_cards_and_page(client):
    engine.warm_up()
    assert client.get("/api/health").json() == {"status": "ok", "version": "0.1.0", "engine": "ready",
                                                "engine_message": ""}
    assert client.get("/api/cards").json()["cards"] == [card.to_dict() for card in CARDS]
    parsed = client.post("/api/cards/parse", json={"text": "10h, A♠ kd"}).json()["cards"]
    assert [card["card"] for card in parsed] == ["Th", "As", "Kd"] and parsed[1]["name"] == "Ace of spades"
    assert "'Kx'" in error(client.post("/api/cards/parse", json={"text": "As Kx"}))
    assert error(client.post("/api/cards/parse", json={"text": "As As"})) == "card As appears more than once"
    page = client.get("/")
    assert page.status_code == 200 and "<title>showdown: poker hand analysis</title>" in page.text
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/evaluate", "/api/equity/jobs/{job_id}/events", "/api/videopoker/draw"} <= set(paths)


def test_evaluate(client):
    data = client.post("/api/evaluate", json={"cards": "Kh Kd Ks 9c 9h 2d 3c"}).json()
    rank = evaluate("Kh Kd Ks 9c 9h 2d 3c")
    assert data["value"] == rank.value and data["category"] == 6 and data["category_name"] == "Full House"
    assert data["description"] == "Full House, Kings full of Nines"
    assert data["best_five"] == ["Ks", "Kh", "Kd", "9h", "9c"]


def test_evaluate_bad_input(client):
    message = error(client.post("/api/evaluate", json={"cards": "As Kx"}))
    assert "'Kx'" in message and message.startswith("bad card")
    assert error(client.post("/api/evaluate", json={"cards": "As Kd As"})) == "card As appears more than once"
    assert "1 to 7 cards" in error(client.post("/api/evaluate", json={"cards": "As Ks Qs Js Ts 9s 8s 7s"}))
    assert client.post("/api/evaluate", json={}).status_code == 422  # pydantic: missing field
    assert client.post("/api/evaluate", json={"cards": "As", "extra": 1}).status_code == 422
    assert client.post("/api/evaluate", content=b"{not json", headers={"content-type": "application/json"}
                       ).status_code == 422


def test_body_over_the_limit_is_413(client):
    response = client.post("/api/range", json={"text": "AA, " * 20_000})
    assert "65,536 bytes" in error(response, 413)
    chunks = (b"x" * 8192 for _ in range(10))  # no Content-Length: counted as it arrives
    assert client.post("/api/range", content=chunks, headers={"content-type": "application/json"}).status_code == 413


def test_showdown(client):
    body = {"board": "Ac Kc Jc 5c Th", "players": [{"name": "alice", "hole": "Ad 4s"}, {"hole": "As 3h"},
                                                    {"name": "carol", "hole": "8c 7h"}]}
    data = client.post("/api/showdown", json=body).json()
    assert data == showdown({"alice": "Ad 4s", "P2": "As 3h", "carol": "8c 7h"}, "Ac Kc Jc 5c Th").to_dict()
    assert [p["name"] for p in data["players"]] == ["alice", "P2", "carol"]
    assert data["winners"] == ["carol"] and not data["is_split"]
    assert data["players"][2]["winner"] and data["players"][2]["hand"]["category_name"] == "Flush"
    assert data["players"][0]["hole"] == ["Ad", "4s"] and data["board"][0] == "Ac"
    split = client.post("/api/showdown", json={"board": "2c 3d 4h 9s 9d", "players": [{"hole": "As Ks"},
                                                                                     {"hole": "Ah Kh"}]}).json()
    assert split["is_split"] and split["winners"] == ["P1", "P2"]


def test_showdown_bad_input(client):
    board = "Ac Kc Jc 5c Th"
    too_many = [{"hole": f"{CARDS[2 * i]} {CARDS[2 * i + 1]}"} for i in range(24)]
    assert error(client.post("/api/showdown", json={"board": "", "players": too_many})) == \
        "a Texas Hold'em showdown needs 2 to 23 players, got 24"
    message = error(client.post("/api/showdown", json={"board": board, "players": [{"hole": "Ac 2d"},
                                                                                 {"hole": "3d 4d"}]}))
    assert "card Ac" in message and "board" in message
    twice = [{"name": "a", "hole": "2d 3d"}, {"name": "a", "hole": "4d 5d"}]
    assert "used twice" in error(client.post("/api/showdown", json={"board": board, "players": twice}))
    assert "'Zz'" in error(client.post("/api/showdown", json={"board": board, "players": [{"hole": "Zz 2d"},
                                                                                         {"hole": "3d 4d"}]}))


SETTLE = {
    "board": "Ac Kc Jc 5c Th",
    "seats": [{"name": "A", "contribution": 25, "hole": "8c 7h"}, {"name": "B", "contribution": 50, "hole": "9h 5h"},
              {"name": "C", "contribution": 100, "hole": "Ad 4s"}, {"name": "D", "contribution": 100, "hole": "As 3h"}],
    "button": 3,
}


def test_settle(client):
    data = client.post("/api/settle", json=SETTLE).json()
    assert data == settle(**hand_from_json(SETTLE)).to_dict()
    assert [seat["payout"] for seat in data["seats"]] == [100, 0, 88, 87]
    assert data["announcement"] == str(settle(**hand_from_json(SETTLE))).splitlines()
    assert data["announcement"][1] == ("Side pot 1 of 75 split by C 38 and D 37 with One Pair, Aces,"
                                       " King-Jack-Ten kickers.")
    raked = client.post("/api/settle", json={**SETTLE, "rake": {"percent": "5", "cap": 3}}).json()
    assert raked["rake"] == 3 and sum(seat["payout"] for seat in raked["seats"]) == 272
    twice = {**SETTLE, "board": "", "boards": ["Ac Kc Jc 5c Th", "Ac Kc Jc 2h Qh"]}
    answer = client.post("/api/settle", json=twice).json()
    assert len(answer["pots"][0]["boards"]) == 2 and answer["announcement"][1].startswith("  Board 1 (Ac Kc Jc 5c Th)")


def test_settle_bad_input(client):
    seats = [dict(seat) for seat in SETTLE["seats"]]
    seats[1]["contribution"] = -5
    assert "must not be negative" in error(client.post("/api/settle", json={**SETTLE, "seats": seats}))
    assert "button 'Z' is not a seat name" in error(client.post("/api/settle", json={**SETTLE, "button": "Z"}))
    assert "rake percent" in error(client.post("/api/settle", json={**SETTLE, "rake": {"percent": 150}}))
    many = [{"name": f"s{i}", "contribution": 1, "folded": True} for i in range(MAX_SEATS + 1)]
    assert f"a hand has 2 to {MAX_SEATS} seats, got {MAX_SEATS + 1}" in error(client.post("/api/settle",
                                                                                        json={"seats": many}))
    assert client.post("/api/settle", json={**SETTLE, "rake": {"percent": "1e999999"}}).status_code == 422


# --- equity, the grid, ranges --------------------------------------------------------------------
def test_equity_exact_matches_the_library(client):
    body = {"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"}
    data = client.post("/api/equity", json=body).json()
    assert data == {**equity(["AcAd", "KhKs"], board="2c 7d 9h").to_dict(), "elapsed": data["elapsed"]}
    assert data["exact"] and data["counts"]["wins"] == [907, 83]


def test_equity_monte_carlo_and_time_limits(client):
    body = {"players": ["AcAd", "QQ+,AKs", "random"], "exact": False, "trials": 100_000, "seed": 3}
    data = client.post("/api/equity", json=body).json()
    assert data["total"] == 100_000 and data["seed"] == 3 and data["stopped_by"] == "trials"
    data = client.post("/api/equity", json={**body, "trials": None, "time_limit": 0.3}).json()
    assert data["stopped_by"] == "time_limit" and data["total"] > 0
    one = client.post("/api/equity", json={**body, "trials": 1}).json()  # no stderr from one deal: null
    assert one["total"] == 1 and one["stderr"] is None


def test_equity_bad_input_and_caps(client):
    post = lambda **body: client.post("/api/equity", json={"players": ["AcAd", "KhKs"], **body})  # noqa: E731
    assert error(post(players=["AcAd"] * 11)) == "equity needs 2 to 10 players, got 11"
    assert "player 2" in error(post(players=["AcAd", "QQ+,XYz"]))
    assert "card Ac" in error(post(board="Ac 7d 9h"))
    assert "at most 50,000,000" in error(post(trials=60_000_000))
    assert "at most 10 seconds" in error(post(time_limit=11))
    assert "trials must be at least 1, got 0" in error(post(trials=0, exact=False))
    message = error(post(players=["random", "random", "random"], board="2c 7d 9h", exact=True))
    assert f"{plan(['random', 'random', 'random'], '2c 7d 9h').evaluations:,}" in message
    assert "200,000,000" in message and "/api/equity/jobs" in message
    assert post(seed=-1).status_code == 422


def test_grid(client):
    data = client.post("/api/grid", json={"hole": "AsKs", "board": "Ts Qs 2d"}).json()
    grid = odds_grid("AsKs", board="Ts Qs 2d").to_dict()
    assert data == {**grid, "elapsed": data["elapsed"]}
    assert data["categories"][5]["category_name"] == "Flush" and data["hole"] == ["As", "Ks"]
    mc = client.post("/api/grid", json={"hole": "7h7d", "opponents": 3, "exact": False, "trials": 50_000,
                                        "seed": 1}).json()
    assert mc["total"] == 50_000 and not mc["exact"]
    assert "1 to 9 opponents" in error(client.post("/api/grid", json={"hole": "AsKs", "opponents": 10}))
    assert "needs 2 hole cards, got 3" in error(client.post("/api/grid", json={"hole": "AsKsQs"}))
    assert "ask for Monte Carlo" in error(client.post("/api/grid", json={"hole": "AsKs", "board": "Ts Qs 2d",
                                                                         "opponents": 3, "exact": True}))


def test_range(client):
    data = client.post("/api/range", json={"text": "QQ+, AKs, 0.5(KQo), AhQh"}).json()
    assert data == Range("QQ+, AKs, 0.5(KQo), AhQh").to_dict()
    assert data["combos"] == 6 * 3 + 4 + 12 + 1
    assert {e["hand"]: e["weight"] for e in data["starting_hands"]} == {
        "AA": 1.0, "KK": 1.0, "QQ": 1.0, "AKs": 1.0, "AQs": 0.25, "KQo": 0.5}
    assert "'XYz'" in error(client.post("/api/range", json={"text": "QQ+, XYz"}))
    # the range grid's round trip: a lone combo stays a lone combo, whole hands are set on top of it
    assert client.post("/api/range", json={"text": "AhKh"}).json()["text"] == "AhKh"
    assert client.post("/api/range", json={"text": "AhKh", "weights": {"QQ": 1}}).json()["text"] == "QQ, AhKh"
    assert client.post("/api/range", json={"text": "", "weights": {"AKo": 0.5}}).json()["text"] == "0.5(AKo)"
    assert client.post("/api/range", json={"text": ""}).json()["combos"] == 0
    assert "'AKx' is not a starting hand" in error(client.post("/api/range", json={"text": "", "weights": {"AKx": 1}}))
    assert client.post("/api/range", json={"text": "AA", "weights": {"KK": 2}}).status_code == 422


def test_range_single_combos_and_a_hands_combos(client):
    # the grid's suit picker: single combos set by name, in order; a hand's combos with their weights
    body = {"text": "AKs, QQ", "weights": {"AcKc": 0, "AdKd": 0.5, "8h7h": 1}, "hand": "AKs"}
    data = client.post("/api/range", json=body).json()
    edited = Range("AKs, QQ").with_weights(body["weights"])
    assert data == {**edited.to_dict(), "hand_combos": edited.hand_combos("AKs")}
    assert Range(data["text"]) == edited and len(edited) == 6 + 3 + 1
    assert {c["combo"]: c["weight"] for c in data["hand_combos"]["combos"]} == {
        c["combo"]: edited.weight(c["combo"]) for c in edited.hand_combos("AKs")["combos"]}
    assert "hand_combos" not in client.post("/api/range", json={"text": "AKs"}).json()
    assert client.post("/api/range", json={"text": "", "hand": "72o"}).json()["hand_combos"]["size"] == 12
    assert "'AK' is not a starting hand" in error(client.post("/api/range", json={"text": "AA", "hand": "AK"}))
    twice = client.post("/api/range", json={"text": "", "weights": {"AhAh": 1}})
    assert "'AhAh' is not a starting hand" in error(twice)
    assert client.post("/api/range", json={"text": "", "hand": "AKs" * 2}).status_code == 422  # too long


# --- equity jobs --------------------------------------------------------------------------------
def test_job_runs_to_the_end(client):
    body = {"players": ["AcAd", "KhKs"], "exact": False, "trials": 2_000_000, "seed": 5}
    started = client.post("/api/equity/jobs", json=body)
    assert started.status_code == 202 and started.json()["status"] == "running"
    done = wait_for(client, started.json()["job_id"])
    assert done["status"] == "done" and done["progress"] == 1.0 and done["error"] is None
    assert done["result"]["total"] == 2_000_000
    expected = equity(["AcAd", "KhKs"], exact=False, trials=2_000_000, seed=5).to_dict()
    assert done["result"] == {**expected, "elapsed": done["result"]["elapsed"]}


def test_job_events_stream_interim_and_final(client):
    body = {"players": ["AcAd", "KhKs", "random"], "exact": False, "trials": 3_000_000, "seed": 2}
    job_id = client.post("/api/equity/jobs", json=body).json()["job_id"]
    events = []
    with client.stream("GET", f"/api/equity/jobs/{job_id}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        for line in stream.iter_lines():
            if line.startswith("data: "):
                events.append(json.loads(line[len("data: "):]))
    interim = [event for event in events if event["status"] == "running" and event["result"]]
    assert interim and events[-1]["status"] == "done" and events[-1]["result"]["total"] == 3_000_000
    totals = [event["result"]["total"] for event in interim]
    assert totals == sorted(totals) and 0 < interim[0]["progress"] < 1


def test_job_cancel_and_unknown_job(client):
    body = {"players": ["random", "random", "random"], "exact": False, "time_limit": 100}
    job_id = client.post("/api/equity/jobs", json=body).json()["job_id"]
    time.sleep(0.3)
    cancelled = client.delete(f"/api/equity/jobs/{job_id}").json()
    assert cancelled["status"] == "cancelled" and cancelled["result"]["total"] > 0
    assert client.get(f"/api/equity/jobs/{job_id}").json()["status"] == "cancelled"
    assert "no equity job" in error(client.get("/api/equity/jobs/nope"), 404)
    assert client.delete("/api/equity/jobs/nope").status_code == 404
    assert client.get("/api/equity/jobs/nope/events").status_code == 404


def test_exact_job_with_part_of_the_board_known_stops_on_cancel(monkeypatch):
    """Enumeration on a flop reports progress in pieces, so a cancel stops it within a piece;
    its partial counts are no answer, so the cancelled job has no result."""
    monkeypatch.setattr(planning, "EVALUATIONS_PER_SECOND", 10**15)  # limits high enough to start it
    with TestClient(create_app(Settings(job_max_exact_evaluations=10**13))) as client:
        body = {"players": ["random", "random", "random"], "board": "2c 7d 9h", "exact": True}  # 4.4e12 evaluations
        job_id = client.post("/api/equity/jobs", json=body).json()["job_id"]
        deadline = time.monotonic() + 60
        running = client.get(f"/api/equity/jobs/{job_id}").json()
        while not (running["result"] or {}).get("total") and time.monotonic() < deadline:
            time.sleep(0.05)
            running = client.get(f"/api/equity/jobs/{job_id}").json()
        assert running["status"] == "running" and 0 < running["result"]["total"] < running["result"]["planned"]
        assert running["exact"] and not running["try_monte_carlo"]
        client.delete(f"/api/equity/jobs/{job_id}")
        stopped = wait_for(client, job_id, 30)
        assert stopped["status"] == "cancelled" and stopped["result"] is None


def test_equity_plan_says_what_a_job_would_do(client):
    settings = Settings()
    for players, board, exact in [(["AcAd", "KhKs"], "", None), (["random", "random"], "", None),
                                  (["random", "random"], "", True), (["random"] * 3, "", None),
                                  (["QQ+,AKs", "22+", "random"], "", True), (["random"] * 3, "2c 7d 9h", False)]:
        data = client.post("/api/equity/plan", json={"players": players, "board": board, "exact": exact}).json()
        planned = plan(players, board)
        assert data == {**planned.to_dict(), "job": runs.exact_cost(planned, exact, settings, in_job=True).to_dict()}
    cheap = client.post("/api/equity/plan", json={"players": ["AcAd", "KhKs"]}).json()["job"]
    assert cheap["exact"] and cheap["affordable"] and cheap["seconds"] < 1 and cheap["problem"] == ""
    assert cheap["max_evaluations"] == settings.job_max_exact_evaluations and cheap["max_seconds"] == 120
    # Exact when affordable deals Monte Carlo for seconds of counting; asked for, they are affordable.
    heads_up = {"players": ["random", "random"]}
    assert client.post("/api/equity/plan", json=heads_up).json()["job"]["exact"] is False
    asked = client.post("/api/equity/plan", json={**heads_up, "exact": True}).json()["job"]
    assert asked["exact"] and asked["affordable"] and 1 < asked["seconds"] < 120
    dear = client.post("/api/equity/plan", json={"players": ["QQ+,AKs", "22+", "random"], "exact": True}).json()
    assert not dear["job"]["affordable"] and f"{dear['evaluations']:,} hand evaluations" in dear["job"]["problem"]
    out = client.post("/api/equity/plan", json={"players": ["random"] * 3}).json()["job"]
    assert not out["exact"] and not out["affordable"] and out["seconds"] is None and "out of reach" in out["problem"]
    assert "'QQ++'" in error(client.post("/api/equity/plan", json={"players": ["AA", "QQ++"]}))


def test_equity_plan_gives_the_job_limits_as_time(client):
    """The limits as time: the lesser of the runtime and the time the evaluations cap takes at
    the plan's own pace (the page says it without doing the arithmetic)."""
    settings = Settings()
    for players in (["QQ+,AKs", "22+", "random"], ["random", "random"], ["AcAd", "KhKs"]):
        job = client.post("/api/equity/plan", json={"players": players, "exact": True}).json()["job"]
        planned = plan(players)
        by_work = job["seconds"] * settings.job_max_exact_evaluations / planned.evaluations
        assert job["limit_seconds"] == pytest.approx(min(by_work, settings.job_max_runtime))
        assert job["limited_by"] == ("evaluations" if by_work < settings.job_max_runtime else "time")
    short = Settings(job_max_runtime=1.0)
    cost = runs.exact_cost(plan(["AA", "KK"]), None, short, in_job=True)
    assert (cost.limit_seconds, cost.limited_by) == (1.0, "time")


def test_limits_are_the_librarys_and_the_servers(client):
    data = client.get("/api/limits").json()
    assert data == {"library": LIMITS.to_dict(), "server": Settings().limits()}
    assert data["library"]["max_equity_players"] == 10 and data["library"]["max_showdown_players"] == 23
    assert data["library"]["odd_chip_rules"] == list(ODD_CHIP_RULES)
    assert data["library"]["paytables"] == list(PAYTABLES)
    assert data["server"]["max_trials"] == 50_000_000 and data["server"]["job_max_runtime"] == 120
    with TestClient(create_app(Settings(max_jobs=2, max_trials=1_000))) as other:
        assert other.get("/api/limits").json()["server"] == {**Settings().limits(), "max_jobs": 2, "max_trials": 1_000}


def test_exact_is_refused_over_the_limits_and_auto_deals_for_its_time(client):
    # Over the evaluations, preflop as on a flop: refused at once, naming the cost and the limit.
    message = error(client.post("/api/equity", json={"players": ["random", "random"], "exact": True}))
    assert f"{plan(['random', 'random']).evaluations:,} hand evaluations" in message and "200,000,000" in message
    dear = {"players": ["QQ+,AKs", "22+", "random"]}
    message = error(client.post("/api/equity/jobs", json={**dear, "exact": True}))
    assert f"{plan(dear['players']).evaluations:,}" in message and "2,500,000,000 in a job" in message
    # Over the time: the estimate is refused as well.
    with TestClient(create_app(Settings(job_max_runtime=1.0))) as quick:
        cost = runs.exact_cost(plan(["random", "random"]), True, Settings(job_max_runtime=1.0), in_job=True)
        message = error(quick.post("/api/equity/jobs", json={"players": ["random", "random"], "exact": True}))
        assert message == f"{cost.problem}; ask for Monte Carlo (exact: false)"
        assert f"about {cost.seconds:,.0f} seconds, over the limit of 1 seconds in a job" in message
    # Exact when affordable: Monte Carlo, stopped by the time asked for.
    started = client.post("/api/equity/jobs", json={**dear, "time_limit": 0.5}).json()
    assert started["exact"] is False
    done = wait_for(client, started["job_id"])
    assert done["status"] == "done" and not done["result"]["exact"]
    assert done["result"]["stopped_by"] == "time_limit" and done["result"]["elapsed"] >= 0.5


def test_monte_carlo_options_ask_for_monte_carlo_and_are_refused_with_exact(client):
    turn = {"players": ["AcAd", "KhKs"], "board": "2c 7d 9h 5s"}
    assert client.post("/api/equity", json=turn).json()["exact"] is True
    assert client.post("/api/equity", json={**turn, "seed": 4}).json()["exact"] is True
    sampled = client.post("/api/equity", json={**turn, "trials": 2_000, "seed": 4}).json()
    assert sampled["exact"] is False and sampled["total"] == 2_000
    for path in ("/api/equity", "/api/equity/jobs"):
        message = error(client.post(path, json={**turn, "exact": True, "seed": 4}))
        assert message == "seed applies to Monte Carlo, not to exact=True; drop it or ask for exact=False"
    grid = {"hole": "AsKs", "board": "Ts Qs 2d 3c"}
    assert client.post("/api/grid", json=grid).json()["exact"] is True
    assert client.post("/api/grid", json={**grid, "seed": 1}).json()["exact"] is True  # a seed alone: if it samples
    assert client.post("/api/grid", json={**grid, "trials": 500}).json()["exact"] is False
    assert "trials applies to Monte Carlo" in error(client.post("/api/grid", json={**grid, "exact": True, "trials": 9}))


def test_job_bad_input_fails_at_once(client):
    assert "'AsKx'" in error(client.post("/api/equity/jobs", json={"players": ["AsKx", "QQ"]}))
    assert "at most 120 seconds" in error(client.post("/api/equity/jobs", json={"players": ["AA", "KK"],
                                                                                 "time_limit": 121}))


def test_too_many_jobs_is_429_and_runtime_is_capped(monkeypatch):
    # An estimate far too short lets minutes of enumeration start; the deadline stops it, with no
    # result and Monte Carlo to try instead.
    monkeypatch.setattr(planning, "EVALUATIONS_PER_SECOND", 10**15)
    with TestClient(create_app(Settings(max_jobs=1, job_max_runtime=1.0, job_max_exact_evaluations=10**13))) as client:
        body = {"players": ["AhKh", "random", "random"], "exact": True}  # minutes of enumeration
        first = client.post("/api/equity/jobs", json=body).json()["job_id"]
        assert "1 equity jobs are running" in error(client.post("/api/equity/jobs", json=body), 429)
        status = wait_for(client, first, 60)
        assert status["status"] == "error" and "did not finish within 1 seconds" in status["error"]
        assert status["try_monte_carlo"] and status["result"] is None
        assert client.post("/api/equity/jobs", json={"players": ["AA", "KK"], "trials": 1000}).status_code == 202


def test_quick_requests_are_answered_while_a_job_runs(client):
    body = {"players": ["random"] * 4, "exact": False, "time_limit": 120}
    job_id = client.post("/api/equity/jobs", json=body).json()["job_id"]
    try:
        time.sleep(0.5)
        assert client.get(f"/api/equity/jobs/{job_id}").json()["status"] == "running"
        for _ in range(30):  # answered while the job runs (how fast: the load test's percentiles)
            assert client.post("/api/evaluate", json={"cards": "As Ks Qs Js Ts"}).status_code == 200
        assert client.get(f"/api/equity/jobs/{job_id}").json()["status"] == "running"
    finally:
        client.delete(f"/api/equity/jobs/{job_id}")


def test_quick_requests_are_answered_during_a_sync_equity_run(client):
    body = {"players": ["random"] * 4, "exact": False, "time_limit": 3}
    answers = []
    worker = threading.Thread(target=lambda: answers.append(client.post("/api/equity", json=body)))
    worker.start()
    time.sleep(0.3)
    assert client.post("/api/showdown", json={"players": [{"hole": "AsKs"}, {"hole": "2c2d"}],
                                              "board": "3c 4d 5h"}).status_code == 200
    worker.join()
    assert answers[0].json()["stopped_by"] == "time_limit"


# --- video poker --------------------------------------------------------------------------------
def test_paytables(client):
    tables = client.get("/api/videopoker/paytables").json()["paytables"]
    first = tables[0]
    assert first["name"] == "jacks-or-better-9-6" and first["title"] == "Jacks or Better 9/6"
    assert first["rows"][0] == {"key": "royal-flush", "label": "Royal Flush", "pay": 800,
                                "payouts": [250, 500, 750, 1000, 4000]}
    assert tables == [table.to_dict() for table in PAYTABLES.values()]
    assert {t["title"] for t in tables} >= {"Double Double Bonus 9/6", "Bonus Poker 8/5"}


def test_holds(client):
    answer = client.post("/api/videopoker/holds", json={"deal": "As Ks Kh 4s 4d"}).json()
    assert answer == holds("As Ks Kh 4s 4d").to_dict()
    data = answer["holds"]
    assert len(data) == 32 and data[0] == holds("As Ks Kh 4s 4d")[0].to_dict()
    assert data[0]["held"] == ["Ks", "Kh", "4s", "4d"] and data[0]["ev_exact"] == "122/47" and data[0]["ev"] == 122 / 47
    custom = dict(client.get("/api/videopoker/paytables").json()["paytables"][1])
    table = {"name": "mine", "pays": custom["pays"]}
    assert client.post("/api/videopoker/holds", json={"deal": "As Ks Kh 4s 4d", "paytable": table}).status_code == 200
    assert client.post("/api/videopoker/holds", json={"deal": "As Ks Kh 4s 4d", "paytable": custom}).status_code == 200
    wrong = {**custom, "rows": custom["rows"][1:]}
    assert "'rows' is derived" in error(client.post("/api/videopoker/holds", json={"deal": "As Ks Kh 4s 4d",
                                                                                  "paytable": wrong}))


def test_holds_bad_input(client):
    post = lambda **body: client.post("/api/videopoker/holds", json={"deal": "As Ks Kh 4s 4d", **body})  # noqa: E731
    assert "5 cards, got 4" in error(post(deal="As Ks Kh 4s"))
    assert "unknown paytable 'nope'" in error(post(paytable="nope"))
    assert "coins must be a whole number from 1 to 5, got 6" in error(post(coins=6))
    assert "unknown hand 'flushes'" in error(post(paytable={"pays": {"flushes": 5}}))


def test_analyze(client):
    data = client.post("/api/videopoker/analyze", json={"paytable": "jacks-or-better-9-6", "coins": 5}).json()
    assert data["expected_return_exact"] == str(analyze("jacks-or-better-9-6").expected_return)
    assert data["rows"][0]["label"] == "Royal Flush"
    assert "coins must be" in error(client.post("/api/videopoker/analyze", json={"coins": 0}))
    assert "has no 'pays'" in error(client.post("/api/videopoker/analyze", json={"paytable": {"name": "x"}}))


def test_deal_and_draw(client):
    dealt = client.post("/api/videopoker/deal", json={"seed": 11}).json()
    assert dealt == {"seed": 11, "deal": [str(c) for c in Trainer(seed=11).deal()]}
    fresh = client.post("/api/videopoker/deal", json={}).json()
    assert 0 <= fresh["seed"] < 2**53 and len(set(fresh["deal"])) == 5
    best = holds(dealt["deal"])[0]
    played = client.post("/api/videopoker/draw", json={"seed": 11, "held": [str(c) for c in best.held]}).json()
    assert played["deal"] == dealt["deal"] and played["held"] == [str(c) for c in best.held]
    assert not played["mistake"] and played["ev_lost"] == 0 and played["hold"] == played["best"] == best.to_dict()
    assert len(played["final"]) == 5 and set(played["held"]) <= set(played["final"])
    trainer = Trainer(seed=11)
    trainer.deal()
    assert played == trainer.play(best.positions).to_dict()
    assert played["row"] == trainer.paytable.row_for(played["hand_class"]).to_dict()
    client.post("/api/videopoker/deal", json={"seed": 11})  # a deal again: it may be drawn once more
    nothing = client.post("/api/videopoker/draw", json={"seed": 11, "held": []}).json()
    assert nothing["held"] == [] and nothing["ev_lost"] >= 0


def test_a_deal_is_drawn_once(client):
    seed = client.post("/api/videopoker/deal", json={}).json()["seed"]
    first = client.post("/api/videopoker/draw", json={"seed": seed, "held": []})
    assert first.status_code == 200
    again = client.post("/api/videopoker/draw", json={"seed": seed, "held": []})
    assert again.status_code == 409
    assert again.json()["detail"] == f"the deal of seed {seed} was drawn already: a deal is drawn once; deal again"
    # a bad draw does not use the deal up; advice may be asked for as often as wanted
    seed = client.post("/api/videopoker/deal", json={}).json()["seed"]
    assert client.post("/api/videopoker/draw", json={"seed": seed, "held": ["Xx"]}).status_code == 422
    for _ in range(2):
        assert client.post("/api/videopoker/advise", json={"seed": seed, "held": []}).status_code == 200
    assert client.post("/api/videopoker/draw", json={"seed": seed, "held": []}).status_code == 200
    # a seed this server never dealt is drawn as asked (callers may pick their own seeds)
    assert client.post("/api/videopoker/draw", json={"seed": 2**52 + 12345, "held": []}).status_code == 200


def test_draw_bad_input(client):
    deal = client.post("/api/videopoker/deal", json={"seed": 11}).json()["deal"]
    missing = next(str(c) for c in CARDS if str(c) not in deal)
    assert f"card {missing} is not in the deal" in error(client.post("/api/videopoker/draw", json={
        "seed": 11, "held": [missing]}))
    assert client.post("/api/videopoker/draw", json={"seed": -1, "held": []}).status_code == 422
    assert client.post("/api/videopoker/draw", json={"seed": 1, "held": ["As"] * 6}).status_code == 422


def test_draw_keeps_held_cards_in_place_and_positions_count_from_0(client):
    deal = client.post("/api/videopoker/deal", json={"seed": 11}).json()["deal"]
    # Every hold's positions, counted from 0 as Python counts, point at its held cards in the deal.
    ranked = client.post("/api/videopoker/holds", json={"deal": " ".join(deal)}).json()["holds"]
    every = {positions for size in range(6) for positions in itertools.combinations(range(5), size)}
    assert {tuple(hold["positions"]) for hold in ranked} == every
    assert all([deal[p] for p in hold["positions"]] == hold["held"] for hold in ranked)
    # Hold the first, third and fifth cards: they stay there, the drawn cards take the others.
    played = client.post("/api/videopoker/draw", json={"seed": 11, "held": [deal[0], deal[2], deal[4]]}).json()
    assert played["final_kept"] == played["hold"]["positions"] == [0, 2, 4]
    assert [played["final"][p] for p in played["final_kept"]] == [deal[0], deal[2], deal[4]]
    assert not {played["final"][1], played["final"][3]} & set(deal)
    chosen = next(hold for hold in ranked if hold["positions"] == [0, 2, 4])
    assert played["hold"]["ev_exact"] == chosen["ev_exact"]


CUSTOM_PAYS = {**PAYTABLES["jacks-or-better-9-6"].pays, "full-house": 8}


def test_a_custom_paytable_is_analysed_and_checked(client):
    pays = CUSTOM_PAYS
    custom = {"name": "custom", "pays": pays}
    data = client.post("/api/videopoker/analyze", json={"paytable": custom, "coins": 5}).json()
    expected = analyze(Paytable.from_dict(custom), 5)
    assert data["expected_return_exact"] == str(expected.expected_return)
    assert data["variance"] == float(expected.variance) and data["paytable"]["title"] == "Custom"
    assert [row["probability"] for row in data["rows"]] == [float(row.probability) for row in expected.rows]
    # A bad value is named with its hand and the value.
    too_much = error(client.post("/api/videopoker/analyze", json={"paytable": {"pays": {**pays, "flush": 2_000_000}}}))
    assert too_much == "the pay for 'flush' in paytable 'custom' must be from 0 to 1,000,000, got 2000000"
    negative = error(
        client.post(
            "/api/videopoker/holds", json={"deal": "As Ks Kh 4s 4d", "paytable": {"pays": {**pays, "straight": -4}}}
        )
    )
    assert "'straight'" in negative and "got -4" in negative
    missing = error(client.post("/api/videopoker/analyze", json={"paytable": {"pays": {"royal-flush": 800}}}))
    assert missing.startswith("paytable 'custom' does not say what these hands pay:") and "full-house" in missing


@pytest.mark.slow  # playing a hand derives the custom table's strategy list
def test_a_custom_paytable_is_played(client):
    custom = {"name": "custom", "pays": CUSTOM_PAYS}
    trainer = Trainer(Paytable.from_dict(custom), 5, seed=5)
    trainer.deal()
    hand = client.post("/api/videopoker/draw", json={"seed": 5, "held": [], "paytable": custom}).json()
    assert hand == trainer.play(()).to_dict()


# --- video poker: wild cards, the strategy list, the tutor's advice ------------------------------
LINE_FIELDS = ("number", "words", "frequency", "ev_min", "ev_max")


def test_videopoker_strategy(client):
    from fractions import Fraction

    from showdown.videopoker import MAX_LINES, strategy

    for name in ("jacks-or-better-9-6", "deuces-wild-full-pay"):
        data = client.post("/api/videopoker/strategy", json={"paytable": name, "coins": 5}).json()
        plan = strategy(PAYTABLES[name], 5, max_lines=MAX_LINES)
        assert [{key: line[key] for key in LINE_FIELDS} for line in data["lines"]] == [
            {key: line[key] for key in LINE_FIELDS} for line in plan.to_dict()["lines"]]
        assert [line["words"] for line in data["lines"]] == [line.words for line in plan.lines]
        assert data["cost"] == float(plan.cost) and data["cost_exact"] == str(plan.cost)
        assert data["paytable"] == PAYTABLES[name].to_dict() and data["coins"] == 5
        # The figures agree with each other and with the whole game's exact analysis: the list
        # numbers its lines from 1, covers every deal once, and costs what perfect play returns more.
        assert [line["number"] for line in data["lines"]] == list(range(1, len(data["lines"]) + 1))
        assert len(data["lines"]) <= MAX_LINES
        assert abs(sum(line["frequency"] for line in data["lines"]) - 1) < 1e-9
        assert all(0 < line["frequency"] and line["ev_min"] <= line["ev_max"] for line in data["lines"])
        assert data["perfect_return_exact"] == str(analyze(name, 5).expected_return)
        cost = Fraction(data["perfect_return_exact"]) - Fraction(data["expected_return_exact"])
        assert Fraction(data["cost_exact"]) == cost >= 0
    for bad in (4, 201):
        assert "max_lines" in error(client.post("/api/videopoker/strategy", json={"max_lines": bad}))
    assert "coins must be a whole number from 1 to 5, got 6" in error(
        client.post("/api/videopoker/strategy", json={"coins": 6}))
    assert "unknown paytable 'nope'" in error(client.post("/api/videopoker/strategy", json={"paytable": "nope"}))


def test_videopoker_wild_tables_named_and_custom(client):
    tables = client.get("/api/videopoker/paytables").json()["paytables"]
    assert len(tables) == len(PAYTABLES) == 12
    assert {table["name"]: table["wild"] for table in tables if table["wild"] != "none"} == {
        "deuces-wild-full-pay": "deuces", "deuces-wild-nsud": "deuces", "joker-poker-kings": "joker"}
    # A custom table with wild cards is analysed as the library analyses it.
    pays = {**PAYTABLES["deuces-wild-full-pay"].pays, "four-deuces": 250}
    custom = {"name": "custom", "wild": "deuces", "pays": pays}
    data = client.post("/api/videopoker/analyze", json={"paytable": custom, "coins": 5}).json()
    assert data["expected_return_exact"] == str(analyze(Paytable.from_dict(custom), 5).expected_return)
    assert data["paytable"]["wild"] == "deuces"
    # A pay for a hand the game does not have is refused with the library's words.
    wrong = {"name": "custom", "wild": "deuces", "pays": PAYTABLES["jacks-or-better-9-6"].pays}
    with pytest.raises(Exception) as refused:
        Paytable.from_dict(wrong)
    detail = error(client.post("/api/videopoker/analyze", json={"paytable": wrong}))
    assert detail == str(refused.value) and "'deuces'" in detail
    assert client.post("/api/videopoker/analyze", json={"paytable": {**custom, "wild": "jokers"}}).status_code == 422


def test_videopoker_advise(client):
    from fractions import Fraction

    from showdown.videopoker import strategy

    for name in ("jacks-or-better-9-6", "deuces-wild-full-pay"):
        trainer = Trainer(name, seed=11)
        deal = trainer.deal()
        ranked = holds(deal, name)
        worse = next(hold for hold in ranked if hold.ev < ranked[0].ev and hold.held)
        body = {"seed": 11, "held": [str(card) for card in worse.held], "paytable": name, "coins": 5}
        data = client.post("/api/videopoker/advise", json=body).json()
        assert data == trainer.advise(worse.positions).to_dict()
        # Against the holds' own values: the EV given up, the best hold.
        assert data["mistake"] and Fraction(data["ev_lost_exact"]) == ranked[0].ev - worse.ev
        assert data["ev_lost_per_bet"] == float((ranked[0].ev - worse.ev) * 5)
        assert data["best"]["ev_exact"] == str(ranked[0].ev) and data["hold"]["held"] == body["held"]
        # The lines are those of the table's list.
        lines = strategy(PAYTABLES[name], 5).lines
        for line in (data["best_line"], data["hold_line"]):
            if line["number"] is not None:
                assert lines[line["number"] - 1].words == line["words"]
        # The best hold: no mistake, on the best hold's line.
        right = client.post("/api/videopoker/advise", json={**body, "held": [str(c) for c in ranked[0].held]}).json()
        assert not right["mistake"] and right["ev_lost"] == 0 and right["hold_line"] == right["best_line"]
        assert right["best_line"] == data["best_line"]
        # Drawing the costly hold judges it on the same lines; its tally is that one mistake.
        client.post("/api/videopoker/deal", json={"seed": 11, "paytable": name})  # a deal of its own to draw
        drawn = client.post("/api/videopoker/draw", json=body).json()
        assert drawn["hold_line"] == data["hold_line"] and drawn["best_line"] == data["best_line"]
        assert drawn["by_line"] == [{**data["best_line"], "mistakes": 1, "ev_lost": data["ev_lost"]}]
    deal = client.post("/api/videopoker/deal", json={"seed": 11}).json()["deal"]
    missing = next(str(c) for c in CARDS if str(c) not in deal)
    assert f"card {missing} is not in the deal" in error(client.post("/api/videopoker/advise", json={
        "seed": 11, "held": [missing]}))


@pytest.mark.slow
def test_videopoker_deal_and_draw_from_the_joker_deck(client):
    from showdown.cards import JOKER

    table = "joker-poker-kings"
    seed = next(s for s in range(1000) if JOKER in Trainer(table, seed=s).deal())
    dealt = client.post("/api/videopoker/deal", json={"seed": seed, "paytable": table}).json()
    assert dealt == {"seed": seed, "deal": [str(card) for card in Trainer(table, seed=seed).deal()]}
    assert "Jk" in dealt["deal"]
    # Without the table the deal comes from the 52-card deck.
    plain = client.post("/api/videopoker/deal", json={"seed": seed}).json()
    assert plain["deal"] == [str(card) for card in Trainer(seed=seed).deal()] and "Jk" not in plain["deal"]
    # The joker held stays in its place.
    position = dealt["deal"].index("Jk")
    played = client.post("/api/videopoker/draw", json={"seed": seed, "held": ["Jk"], "paytable": table}).json()
    trainer = Trainer(table, seed=seed)
    trainer.deal()
    assert played == trainer.play((position,)).to_dict()
    assert played["final"][position] == "Jk" and played["final_kept"] == [position]
    # Over many seeds one deal in 53/5 or so has the joker (a 53-card deck; 52 cards never have it).
    seeds = range(600)
    with_joker = sum("Jk" in client.post("/api/videopoker/deal", json={"seed": s, "paytable": table}).json()["deal"]
                     for s in seeds)
    assert abs(with_joker / len(seeds) - 5 / 53) < 0.04
    assert "Jk" in error(client.post("/api/videopoker/draw", json={"seed": seed, "held": ["Jk"]}))


def either(names: list[str]) -> str:
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]


def test_a_path_of_the_api_with_another_method_is_405_with_its_methods_and_any_other_404(client):
    schema = client.get("/openapi.json").json()["paths"]
    for path, operations in schema.items():
        if "{" in path:  # a path with a parameter: one example stands for it below
            continue
        allowed = sorted({method.upper() for method in operations} | ({"HEAD"} if "get" in operations else set()))
        for method in {"GET", "HEAD", "POST", "PUT", "DELETE"} - set(allowed):
            response = client.request(method, path)
            assert response.status_code == 405 and response.headers["allow"] == ", ".join(allowed)
            if method != "HEAD":  # a HEAD answer has no body
                assert error(response, 405) == f"{path} takes {either(allowed)}, not {method}"
    response = client.post("/api/equity/jobs/some-job")
    assert error(response, 405).endswith("takes DELETE, GET or HEAD, not POST")
    for path in ("/api/nope", "/api/", "/api/equity/extra", "/api"):
        assert error(client.get(path), 404) == f"no API path {path}; the paths are listed at /docs"


def test_head_is_get_without_the_body_wherever_get_is_and_every_405_says_so(client):
    """HEAD answers as GET does, without the body, on the API, the docs and the page; every 405
    lists HEAD beside GET, and says HEAD when that was the method."""
    for path in ("/api/health", "/api/limits", "/api/videopoker/paytables", "/docs", "/openapi.json", "/",
                 "/index.html"):
        got, head = client.get(path), client.head(path)
        assert got.status_code == head.status_code == 200, path
        assert head.content == b"" and head.headers["content-type"] == got.headers["content-type"], path
        assert head.headers["content-length"] == str(len(got.content)), path
    refused = client.head("/api/evaluate")
    assert refused.status_code == 405 and refused.headers["allow"] == "POST" and refused.content == b""
    for method, path in (("POST", "/"), ("POST", "/index.html"), ("PUT", "/docs"), ("POST", "/openapi.json")):
        response = client.request(method, path)
        assert response.headers["allow"] == "GET, HEAD"
        assert error(response, 405) == f"{path} takes GET or HEAD, not {method}"
    job = client.post("/api/equity/jobs", json={"players": ["AcAd", "KhKs"], "trials": 1000, "seed": 1}).json()
    with client.stream("HEAD", f"/api/equity/jobs/{job['job_id']}/events") as stream:  # an event stream ends
        assert stream.status_code == 200 and stream.read() == b""


def test_a_path_that_does_not_exist_is_404_in_json_whatever_the_method(client):
    for method in ("GET", "POST", "PUT", "DELETE"):
        for path in ("/nope", "/docs/", "/openapi.json/", "/API/health", "/index.html/x"):
            message = error(client.request(method, path), 404)
            assert message.startswith(f"no page or file at {path}: the page is at /, the API under /api"), message
        assert error(client.request(method, "/api"), 404) == "no API path /api; the paths are listed at /docs"


def test_an_exact_request_stops_at_its_own_time_limit_and_runs_to_the_endpoints_without_one(client):
    body = {"players": ["JJ+", "random"], "exact": True}
    stopped = client.post("/api/equity", json={**body, "time_limit": 0.001})
    assert error(stopped, 422).startswith("exact enumeration did not finish within 0.001 seconds;")
    # Without one: the endpoint's limit, not the short default Monte Carlo gets when nothing is said.
    with TestClient(create_app(Settings(default_time_limit=0.001))) as hurried:
        whole = hurried.post("/api/equity", json=body)
    assert whole.status_code == 200 and whole.json()["total"] == equity(["JJ+", "random"], exact=True).total


def test_the_open_deals_are_bounded():
    from showdown.web.api import Deals

    deals = Deals(most=2)
    for seed in (1, 2, 3):
        deals.dealt(seed)
    deals.draw(1)  # forgotten: drawn as a seed never dealt
    deals.draw(1)
    deals.draw(3)
    with pytest.raises(HTTPException) as refused:
        deals.draw(3)
    assert refused.value.status_code == 409
