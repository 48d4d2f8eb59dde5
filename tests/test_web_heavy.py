"""Heavy requests never starve the rest: a strategy list is derived on a thread of its own within a
time limit, a kept list is answered at once whatever is being derived, the named tables' lists are
kept for good, bad input is refused before it queues for a heavy thread, a body of thousands of
problems is answered with a short list off the event loop, and a cancelled job stops within a
second with the progress it reached."""

from __future__ import annotations

import concurrent.futures
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest

from conftest import require

require("fastapi")
require("httpx")
from fastapi.testclient import TestClient  # noqa: E402

import showdown.videopoker.strategy_lists as strategy_lists  # noqa: E402
from showdown.videopoker import PAYTABLES, AnalysisStopped, Paytable, Strategy, VideoPokerError, strategy  # noqa: E402
from showdown.web import Settings, create_app  # noqa: E402

DEFAULT = "jacks-or-better-9-6"
NEW_TABLE = {"name": "fresh", "pays": {**PAYTABLES[DEFAULT].pays, "flush": 7}}  # a list derived nowhere else
"""A custom table no other test derives (so its list is never kept when a test starts)."""


def custom(number: int) -> dict[str, Any]:
    """Another custom table for each number: its list is never kept."""
    return {"name": f"heavy-{number}-{time.monotonic_ns()}", "pays": {**PAYTABLES[DEFAULT].pays, "flush": 7}}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(strategy_time_limit=0.5, warm_up=False))) as test_client:
        yield test_client


def detail(response: Any, status: int = 422) -> str:
    assert response.status_code == status, response.text
    message = response.json()["detail"]
    assert isinstance(message, str), message
    return message


def in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    """``call()`` started in a thread; its answer lands in the list."""
    answers: list[Any] = []
    thread = threading.Thread(target=lambda: answers.append(call()), daemon=True)
    thread.start()
    return thread, answers


def kept_default_list(client: TestClient) -> dict[str, Any]:
    """The default table's list, derived here if the engine's warm-up has not yet (some seconds)."""
    with TestClient(create_app(Settings(warm_up=False))) as patient:
        answer = patient.post("/api/videopoker/strategy", json={})
    assert answer.status_code == 200, answer.text
    return answer.json()


# --- the library's contract the web relies on ----------------------------------------------------
def test_strategy_progress_stops_a_derivation_before_it_starts_and_a_kept_list_needs_none():
    calls: list[tuple[int, int]] = []
    with pytest.raises(AnalysisStopped, match="the strategy list of fresh was stopped after 0 of 5 steps"):
        strategy(Paytable.from_dict(NEW_TABLE), progress=lambda done, total: calls.append((done, total)) or False)
    assert calls == [(0, strategy_lists.DERIVATION_STEPS)]
    with pytest.raises(VideoPokerError, match="progress must be a function"):
        strategy(DEFAULT, progress=5)


def test_a_kept_list_is_answered_while_another_derivation_holds_the_lock(client):
    expected = kept_default_list(client)
    plan = strategy(DEFAULT, progress=lambda done, total: False)  # kept: the progress is never asked
    assert [line.words for line in plan.lines] == [line["words"] for line in expected["lines"]]
    with strategy_lists._DERIVING:  # as while another list is derived, however long that takes
        thread, answers = in_thread(lambda: client.post("/api/videopoker/strategy", json={}))
        thread.join(20)
        assert not thread.is_alive(), "a kept list waited for the derivation"
        assert answers[0].json()["lines"] == expected["lines"]
        # A list that is not kept waits, within the time limit, and says so.
        waited = client.post("/api/videopoker/strategy", json={"paytable": NEW_TABLE})
        assert detail(waited) == ("the strategy list of fresh was not derived within 0.5 seconds, this server's"
                                  " limit; a list once derived is kept and answered at once")


def test_a_derivation_stops_at_the_time_limit_on_every_endpoint_that_needs_a_list(client):
    for path, extra in (("/api/videopoker/strategy", {"max_lines": 30}),
                        ("/api/videopoker/draw", {"seed": 3, "held": []}),
                        ("/api/videopoker/advise", {"seed": 3, "held": []})):
        message = detail(client.post(path, json={"paytable": custom(len(path)), **extra}))
        assert "was not derived within 0.5 seconds, this server's limit" in message, path


def test_the_named_tables_lists_are_kept_for_good_and_other_lists_the_last_16(monkeypatch):
    derived: list[tuple[str, int, int]] = []

    def stand_in(table: Paytable, coins: int, max_lines: int) -> Strategy:  # a derivation in no time
        derived.append((table.name, coins, max_lines))
        return Strategy(table, coins, (), Fraction(1), Fraction(1), 0.0, {})

    monkeypatch.setattr(strategy_lists, "_derive", stand_in)
    monkeypatch.setattr(strategy_lists, "_FOR_GOOD", {})
    monkeypatch.setattr(strategy_lists, "_RECENT", OrderedDict())
    default = strategy(DEFAULT)
    others = [strategy(DEFAULT, max_lines=lines) for lines in range(10, 30)]  # 20 other lengths
    others += [strategy(Paytable.from_dict(custom(number))) for number in range(5)]
    assert strategy(DEFAULT) is default and derived.count((DEFAULT, 5, 40)) == 1  # never evicted
    assert strategy(DEFAULT, max_lines=29) is others[19]  # among the last 16: kept
    strategy(DEFAULT, max_lines=10)  # evicted long ago: derived again
    assert derived.count((DEFAULT, 5, 10)) == 2 and len(strategy_lists._RECENT) == strategy_lists.KEPT_LISTS


@pytest.mark.slow
def test_a_list_derived_in_pieces_is_the_list_derived_at_once(monkeypatch):
    table = Paytable.from_dict(NEW_TABLE)
    monkeypatch.setattr(strategy_lists, "_RECENT", OrderedDict())
    reports: list[int] = []
    pieces = strategy(table, progress=lambda done, total: reports.append(done) or True)
    assert sorted(set(reports)) == list(range(strategy_lists.DERIVATION_STEPS)) and len(reports) > 20
    monkeypatch.setattr(strategy_lists, "_RECENT", OrderedDict())
    whole = strategy(table)
    assert whole is not pieces and {**whole.to_dict(), "elapsed": 0} == {**pieces.to_dict(), "elapsed": 0}


# --- heavy work in its place ---------------------------------------------------------------------
@pytest.mark.slow
def test_derivations_take_no_heavy_thread_and_cheap_requests_are_answered_meanwhile():
    """Two custom lists at once (two joker tables): one derives, the other waits for
    the derivation thread; the heavy threads stay free for equity, the light ones for the rest."""
    with TestClient(create_app(Settings(strategy_time_limit=3.0, warm_up=False))) as client:
        started = [in_thread(lambda n=n: client.post("/api/videopoker/strategy", json={"paytable": custom(n)}))
                   for n in range(2)]
        time.sleep(0.5)
        for _ in range(3):
            answer = client.post("/api/equity", json={"players": ["AcAd", "KhKs"], "trials": 20_000, "seed": 1})
            assert answer.status_code == 200 and answer.json()["total"] == 20_000
            assert client.get("/api/health").status_code == 200
        assert any(thread.is_alive() for thread, _ in started), "the derivations ended before the check"
        for thread, answers in started:
            thread.join(30)
            assert "not derived within 3 seconds" in detail(answers[0])


def test_bad_input_is_refused_at_once_while_the_heavy_threads_are_busy():
    """Each heavy endpoint checks its request on a light thread first: 422, not a wait for a heavy
    thread (nor a 503 after the queue's 30 s)."""
    with TestClient(create_app(Settings(heavy_workers=1, warm_up=False))) as client:
        busy, answers = in_thread(lambda: client.post("/api/equity", json={
            "players": ["random", "random", "random"], "exact": False, "time_limit": 4}))
        time.sleep(0.5)
        refused = {
            "/api/equity": ({"players": ["AcAd"], "trials": 0}, "trials must be at least 1"),
            "/api/grid": ({"hole": "AsKs", "trials": 0}, "trials must be at least 1"),
            "/api/study": ({"board": "Ks 7h 2h", "hero": "QQ+", "next_card": True}, "next_card needs exactly one"),
            "/api/videopoker/draw": ({"seed": 1, "held": ["Xx"]}, "Xx"),
            "/api/videopoker/strategy": ({"max_lines": 4}, "max_lines must be a whole number from 5 to 200"),
        }
        for path, (body, words) in refused.items():
            assert words in detail(client.post(path, json=body)), path
        assert busy.is_alive(), "the heavy request ended before the checks"
        busy.join(30)
        assert answers[0].json()["stopped_by"] == "time_limit"


# --- big bodies ----------------------------------------------------------------------------------
def test_a_body_of_thousands_of_problems_gets_a_short_list(client):
    seats = client.post("/api/settle", content='{"seats":[' + ",".join(["1"] * 20_000) + "]}",
                        headers={"content-type": "application/json"})
    assert seats.status_code == 422 and len(seats.content) < 2_000
    [problem] = seats.json()["detail"]
    assert problem["type"] == "too_long" and problem["loc"] == ["body", "seats"] and "at most 100" in problem["msg"]
    assert problem["input"][-1] == "…(20,000 items)" and len(problem["input"]) == 21
    fields = "{" + ",".join(f'"field{n}": 1' for n in range(3_000)) + ', "cards": "As"}'
    extra = client.post("/api/evaluate", content=fields, headers={"content-type": "application/json"})
    listed = extra.json()["detail"]
    assert extra.status_code == 422 and len(listed) == 21 and len(extra.content) < 5_000
    assert [problem["type"] for problem in listed[:20]] == ["extra_forbidden"] * 20
    assert listed[20] == {"type": "too_many_errors", "loc": ["body"], "input": None,
                          "msg": "2,980 more problems are not listed (the first 20 are)"}


def test_a_big_body_is_read_off_the_event_loop(client, monkeypatch):
    import showdown.web.bodies as bodies

    where: list[str] = []
    check = bodies._problems
    monkeypatch.setattr(bodies, "_problems", lambda *arguments: where.append(threading.current_thread().name)
                        or check(*arguments))
    small = client.post("/api/range", json={"text": "QQ+"})
    loop = where[-1]
    big = client.post("/api/range", json={"text": "AA" + " " * 3_000})
    assert small.status_code == big.status_code == 200 and big.json()["text"] == "AA"
    assert where[-1] != loop  # the body over INLINE_BYTES was checked on another thread


# --- jobs ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("body", [
    {"players": ["random", "random", "random"], "exact": False, "time_limit": 100},
    {"players": ["random"] * 6, "exact": False, "time_limit": 100, "game": "omaha-hilo"},  # seconds a batch
], ids=["holdem", "omaha-hilo"])
def test_a_cancelled_job_stops_within_a_second_with_the_progress_it_reached(client, body):
    job_id = client.post("/api/equity/jobs", json=body).json()["job_id"]
    job = client.app.state.jobs.get(job_id)
    deadline = time.monotonic() + 30
    while not (client.get(f"/api/equity/jobs/{job_id}").json()["result"] or {}).get("total"):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(0.3)
    asked = time.monotonic()
    cancelled = client.delete(f"/api/equity/jobs/{job_id}").json()
    job.thread.join(5)
    assert not job.thread.is_alive() and time.monotonic() - asked < 1.0 + 0.5  # the answer's own overhead
    assert cancelled["status"] == "cancelled" and cancelled["result"]["stopped_by"] == "progress"
    assert 0 < cancelled["progress"] < 1
    assert cancelled["progress"] == pytest.approx(cancelled["result"]["elapsed"] / 100, abs=0.01)


def test_a_cancelled_job_of_so_many_trials_reports_the_share_it_dealt(client):
    job_id = client.post("/api/equity/jobs", json={"players": ["random"] * 4, "trials": 50_000_000,
                                                   "seed": 1}).json()["job_id"]
    time.sleep(0.5)
    cancelled = client.delete(f"/api/equity/jobs/{job_id}").json()
    assert cancelled["status"] == "cancelled"
    assert 0 < cancelled["result"]["total"] < 50_000_000
    assert cancelled["progress"] == cancelled["result"]["total"] / 50_000_000


def test_dealing_a_batch_in_groups_never_changes_the_answer(monkeypatch):
    """The library deals a long batch in groups of chunks (so that a cancel is heard within
    one); each chunk has its own random stream, so groups of any size give the same answer."""
    import showdown.odds.montecarlo as montecarlo
    from showdown import equity

    question = (["random", "QQ+,AKs", "random"], "Kd 7h 2c")
    monkeypatch.setattr(montecarlo, "GROUP_SECONDS", 1e9)  # whole batches (after the first group)
    whole = equity(*question, exact=False, trials=1_500_000, seed=9, n_jobs=1)
    monkeypatch.setattr(montecarlo, "GROUP_SECONDS", 1e-9)  # a group per thread's worth of chunks
    reports: list[int] = []
    grouped = equity(*question, exact=False, trials=1_500_000, seed=9, n_jobs=2,
                     progress=lambda interim: reports.append(interim.total))
    assert {**grouped.to_dict(), "elapsed": 0} == {**whole.to_dict(), "elapsed": 0}
    assert len(reports) > 30 and reports == sorted(reports)  # reports within the batches too


# --- work nobody waits for ----------------------------------------------------------------------
class _Connection:
    """A request's connection for :func:`showdown.web.api.watched`: closed after ``open_checks`` checks."""

    def __init__(self, open_checks: int) -> None:
        self.checks, self.open_checks = 0, open_checks

    async def is_disconnected(self) -> bool:
        self.checks += 1
        return self.checks > self.open_checks


def _until_stopped(stop: threading.Event, stopped: threading.Event) -> str:
    deadline = time.monotonic() + 30
    while not stop.is_set() and time.monotonic() < deadline:
        time.sleep(0.01)
    stopped.set()
    return "finished"


def _run_apart(*args: Any) -> Any:
    """``anyio.run(*args)`` on a thread of its own (a browser test's event loop may hold this one)."""
    import anyio

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, *args).result()


def test_work_whose_request_is_closed_is_stopped_and_its_thread_freed():
    import anyio
    from fastapi import HTTPException

    from showdown.web.api import UNWATCHED, watched

    stopped = threading.Event()
    started = time.monotonic()
    with pytest.raises(HTTPException) as refused:
        _run_apart(watched, _Connection(2), lambda stop: anyio.to_thread.run_sync(_until_stopped, stop, stopped))
    assert refused.value.status_code == 409 and refused.value.detail == UNWATCHED
    assert stopped.is_set() and time.monotonic() - started < 5


def test_watched_work_answers_and_its_errors_pass_through():
    from showdown.web.api import watched

    async def answer(stop: threading.Event) -> str:
        return "answer"

    async def refuse(stop: threading.Event) -> str:
        raise VideoPokerError("a bad table")

    assert _run_apart(watched, _Connection(10**9), answer) == "answer"
    with pytest.raises(VideoPokerError, match="a bad table"):  # as raised, not wrapped in an exception group
        _run_apart(watched, _Connection(10**9), refuse)


def test_a_derivation_nobody_waits_for_is_stopped_on_a_real_server(server, monkeypatch):
    httpx = require("httpx")
    stopped = threading.Event()

    def endless(table: Paytable, coins: int, max_lines: int) -> Strategy:  # until its progress says stop
        try:
            for step in range(3000):
                strategy_lists._step(step % 3, table)
                time.sleep(0.01)
        finally:
            stopped.set()
        raise AssertionError("never stopped")

    monkeypatch.setattr(strategy_lists, "_derive", endless)
    with pytest.raises(httpx.TimeoutException):  # the client gives up after a second and closes the request
        httpx.post(f"{server}/api/videopoker/strategy", json={"paytable": custom(0)}, timeout=1.0)
    gave_up = time.monotonic()
    assert stopped.wait(5), "the derivation went on with nobody waiting for it"
    assert time.monotonic() - gave_up < 5
    # the derivation thread is free: a list is derived for the next request at once
    monkeypatch.setattr(strategy_lists, "_derive", lambda table, coins, max_lines: Strategy(
        table, coins, (), Fraction(1), Fraction(1), 0.0, {}))
    answer = httpx.post(f"{server}/api/videopoker/strategy", json={"paytable": custom(1)}, timeout=10)
    assert answer.status_code == 200, answer.text
