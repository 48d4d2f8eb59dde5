"""The web app answers every bad input cleanly: a 4xx with a readable message in strict JSON,
never a server error, on every POST endpoint; responses are strict JSON; request models are
strict; a real server times out connections that never finish a request, limits connections,
and answers only the host names it listens on; equity jobs that cannot succeed are refused
when submitted. Each test is bounded in time (small limits, short timeouts)."""

from __future__ import annotations

import contextlib
import json
import math
import os
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from conftest import budget, require

require("fastapi")
httpx = require("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from showdown import plan  # noqa: E402
from showdown.cli import main as cli_main  # noqa: E402
from showdown.videopoker import Trainer  # noqa: E402
from showdown.web import Settings, create_app, models  # noqa: E402
from showdown.web.bodies import StrictJSONResponse, dumps, echoed  # noqa: E402

QUICK = Settings(max_time_limit=0.3, default_time_limit=0.05, job_max_runtime=0.5, max_jobs=2,
                 max_exact_evaluations=20_000_000, job_max_exact_evaluations=20_000_000, analyze_time_limit=2.0)

# A valid, quick body for every POST endpoint of the API (the test below checks that none is missing).
BODIES: dict[str, dict[str, Any]] = {
    "/api/cards/parse": {"text": "As Kd"},
    "/api/evaluate": {"cards": "As Ks Qs Js Ts"},
    "/api/showdown": {"board": "Ac Kc Jc 5c Th", "players": [{"hole": "Ad 4s"}, {"name": "b", "hole": "8c 7h"}]},
    "/api/settle": {"board": "Ac Kc Jc 5c Th", "button": 1, "odd_chip": "one-each-from-button",
                    "seats": [{"name": "A", "contribution": 25, "hole": "8c 7h"},
                              {"name": "B", "contribution": 50, "hole": "9h 5h", "folded": False}],
                    "rake": {"percent": 5, "cap": 3, "no_flop_no_drop": True}, "boards": None},
    "/api/equity": {"players": ["AcAd", "KhKs"], "board": "", "dead": "", "exact": False, "trials": 1000,
                    "seed": 1, "stderr": None, "time_limit": 0.2},
    "/api/equity/plan": {"players": ["AcAd", "KhKs"], "board": "2c 7d 9h", "dead": ""},
    "/api/equity/jobs": {"players": ["AcAd", "KhKs"], "board": "", "dead": "", "exact": False, "trials": 1000,
                         "seed": 1, "stderr": None, "time_limit": 0.2},
    "/api/grid": {"hole": "AsKs", "board": "Ts Qs 2d", "opponents": 1, "exact": False, "trials": 1000, "seed": 1},
    "/api/range": {"text": "QQ+", "weights": {"AKs": 0.5}},
    "/api/study": {"board": "Ks 7h 2h", "hero": "QQ+, AK", "villains": ["KK+", "random"], "dead": "",
                   "next_card": False, "trials": 1000, "seed": 1, "game": "holdem"},
    "/api/videopoker/holds": {"deal": "As Ks Kh 4s 4d", "paytable": "jacks-or-better-9-6", "coins": 5},
    "/api/videopoker/analyze": {"paytable": "jacks-or-better-9-6", "coins": 5},
    "/api/videopoker/deal": {"seed": 1},
    "/api/videopoker/draw": {"seed": 1, "held": [str(Trainer(seed=1).deal()[0])], "paytable": "jacks-or-better-9-6",
                             "coins": 5},
    "/api/videopoker/advise": {"seed": 1, "held": [str(Trainer(seed=1).deal()[0])],
                               "paytable": "jacks-or-better-9-6", "coins": 5},
    "/api/videopoker/strategy": {"paytable": "jacks-or-better-9-6", "coins": 5, "max_lines": 40},
}
ENDPOINTS = sorted(BODIES)
JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(QUICK)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        assert test_client.post("/api/videopoker/analyze", json={}).status_code == 200  # compiled and cached once
        yield test_client
    app.state.jobs.cancel_all()


# --- helpers ------------------------------------------------------------------------------------
class Raw(str):
    """A token written into a body as it is (``NaN``, ``1e400``, thousands of digits, deep nesting)."""


def loose(value: Any) -> str:
    """JSON text as Python's lenient writer would make it, and worse: NaN and Infinity tokens,
    lone surrogates as \\ud800 escapes, raw tokens as they are."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, dict):
        return "{" + ",".join(f"{loose(str(key))}:{loose(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(loose(item) for item in value) + "]"
    return json.dumps(value)  # ensure_ascii: a lone surrogate is written as its escape


def _refuse(token: str) -> None:
    raise AssertionError(f"the response has the non-JSON token {token}")


def strict_json(response: httpx.Response) -> Any:
    """The body parsed as a strict parser would: UTF-8, no NaN or Infinity, no lone surrogate."""
    text = response.content.decode("utf-8")
    data = json.loads(text, parse_constant=_refuse)
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            assert not any(0xD800 <= ord(char) <= 0xDFFF for char in value), f"lone surrogate in {value!r}"
        elif isinstance(value, dict):
            stack += list(value) + list(value.values())
        elif isinstance(value, list):
            stack += value
        elif isinstance(value, float):
            assert math.isfinite(value)
    return data


def post_raw(client: TestClient, path: str, text: str | bytes, headers: dict[str, str] = JSON) -> httpx.Response:
    content = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return client.post(path, content=content, headers=headers)


def problems(response: httpx.Response) -> list[dict[str, Any]]:
    """The validation errors of a 422 (each with type, loc and msg), parsed strictly."""
    assert response.status_code == 422, response.text
    detail = strict_json(response)["detail"]
    assert isinstance(detail, list) and detail, detail
    assert all(isinstance(error["msg"], str) and error["msg"] for error in detail)
    return detail


def clean_4xx(response: httpx.Response) -> Any:
    """A 4xx whose body is strict JSON with a readable detail."""
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:500])
    detail = strict_json(response)["detail"]
    assert detail and isinstance(detail, (str, list)), detail
    return detail


def test_every_post_endpoint_has_a_body_here(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {path for path, operations in paths.items() if "post" in operations} == set(BODIES)
    for path, body in BODIES.items():  # each base body is valid: what the tests change is what is refused
        response = client.post(path, json=body)
        assert response.status_code in (200, 202), (path, response.text)
        strict_json(response)


# --- 1. NaN, Infinity, lone surrogates, unreadable bodies ---------------------------------------
@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e400", "-1e999"])
def test_a_non_finite_number_in_any_field_is_a_422_naming_it(client, path, token):
    for field in BODIES[path]:
        body = loose({**BODIES[path], field: Raw(token)})
        errors = problems(post_raw(client, path, body))
        assert errors[0]["loc"] == ["body", field] and errors[0]["type"] == "finite_number", errors
        assert errors[0]["msg"] == "Input should be a finite number"
        assert errors[0]["input"] in ("NaN", "Infinity", "-Infinity")
    nested = loose({**BODIES[path], "extra": {"deeper": [1, Raw(token)]}})
    assert problems(post_raw(client, path, nested))[0]["loc"] == ["body", "extra", "deeper", 1]
    assert problems(post_raw(client, path, Raw(token)))[0]["loc"] == ["body"]


@pytest.mark.parametrize("path", ENDPOINTS)
def test_a_lone_surrogate_in_a_key_or_a_value_is_a_422(client, path):
    for field in BODIES[path]:
        errors = problems(post_raw(client, path, loose({**BODIES[path], field: "As \ud800"})))
        assert errors[0]["loc"] == ["body", field] and errors[0]["type"] == "string_unicode", errors
        assert errors[0]["input"] == "As \\ud800"  # shown as it was written
        assert "lone surrogate" in errors[0]["msg"]
    errors = problems(post_raw(client, path, loose({**BODIES[path], "\udfff": 1})))
    assert errors[0]["loc"] == ["body", "\\udfff", "[key]"], errors
    # a surrogate pair is one character, not a problem: it reaches the model (which refuses the field)
    errors = problems(post_raw(client, path, loose({**BODIES[path], "\ud83d\ude00": 1})))
    assert errors[0]["type"] == "extra_forbidden" and errors[0]["loc"] == ["body", "😀"]


@pytest.mark.parametrize("body, error", [
    (b'{"cards": "As \xff"}', "not UTF-8 text"),
    (b'{"cards": ' + b"9" * 5000 + b"}", "more than 4,300 digits"),
    (b"[" * 30_000 + b"]" * 30_000, "nested more than 32 levels"),
    (b'{"cards": "As"', "Expecting"),  # a syntax error: FastAPI's own message
])
def test_a_body_python_cannot_read_is_a_422(client, body, error):
    detail = problems(post_raw(client, "/api/evaluate", body))
    assert detail[0]["type"] == "json_invalid" and error in detail[0]["ctx"]["error"], detail


def test_nesting_deeper_than_the_limit_is_a_422(client):
    def nested(depth: int) -> str:
        return '{"cards": "As", "x": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"

    errors = problems(post_raw(client, "/api/evaluate", nested(33)))  # the body is level 1
    assert errors[0]["type"] == "too_deep" and "at most 32 levels" in errors[0]["msg"]
    assert errors[0]["loc"] == ["body", "x"] + [0] * 31
    errors = problems(post_raw(client, "/api/evaluate", nested(32)))  # deep enough to be read, then refused
    assert errors[0]["type"] == "extra_forbidden"


@pytest.mark.parametrize("headers", [{"content-type": "text/plain"}, {},
                                     {"content-type": "application/x-www-form-urlencoded"}])
def test_a_body_of_another_type_is_a_4xx_even_when_it_is_not_text(client, headers):
    for body in (b"\xff\xfe\x00", b'{"cards": "As"}', b"\x80"):
        clean_4xx(post_raw(client, "/api/evaluate", body, headers))


def test_a_body_without_a_content_type_is_refused_and_says_so(client):
    # JSON a client forgot to label: some FastAPI versions would read it unchecked, others drop it.
    errors = problems(post_raw(client, "/api/evaluate", b'{"cards": "As"}', {}))
    assert errors[0]["type"] == "content_type" and "application/json" in errors[0]["msg"]
    assert client.post("/api/evaluate", json={"cards": "As"}).status_code == 200


def test_the_error_echo_and_the_response_are_safe_whatever_they_hold():
    errors = [{"type": "x", "loc": ("body", "\ud800"), "msg": "m", "input": [math.nan, -math.inf, b"\xff", "\udc80"],
               "ctx": {"error": ValueError("bad")}}]
    shown = json.loads(dumps(echoed(errors)), parse_constant=_refuse)
    assert shown == [{"type": "x", "loc": ["body", "\\ud800"], "msg": "m",
                      "input": ["NaN", "-Infinity", "\\xff", "\\udc80"], "ctx": {"error": "bad"}}]
    body = StrictJSONResponse({"a": math.inf, "b": [math.nan, 1.5], "\ud800": "x\udfffy"}).body
    assert json.loads(body.decode("utf-8"), parse_constant=_refuse) == {"a": None, "b": [None, 1.5],
                                                                       "\ufffd": "x\ufffdy"}


# --- 2. responses are strict JSON ---------------------------------------------------------------
def test_an_equity_of_one_trial_is_strict_json(client):
    body = {"players": ["AcAd", "QQ+,AKs", "random"], "exact": False, "trials": 1, "seed": 3}
    data = strict_json(client.post("/api/equity", json=body))
    assert data["total"] == 1 and data["stderr"] is None
    grid = strict_json(client.post("/api/grid", json={"hole": "AsKs", "exact": False, "trials": 1, "seed": 1}))
    assert grid["total"] == 1


def test_a_non_finite_result_would_be_sent_as_null(client, monkeypatch):
    """The safety net: whatever a result holds, the response is strict JSON."""
    from showdown.web import api

    def broken(body: Any) -> dict[str, Any]:
        return {"text": "AA \ud800", "without": "", "combos": 6, "fraction": math.nan, "weight": math.inf,
                "starting_hands": []}

    monkeypatch.setattr(api, "_range", broken)
    response = client.post("/api/range", json={"text": "AA"})
    assert response.status_code == 200
    assert strict_json(response) == {"text": "AA \ufffd", "without": "", "combos": 6, "fraction": None,
                                     "weight": None, "starting_hands": []}


def test_job_events_are_strict_json(client):
    body = {"players": ["AcAd", "KhKs"], "exact": False, "trials": 1, "seed": 2}
    job_id = client.post("/api/equity/jobs", json=body).json()["job_id"]
    with client.stream("GET", f"/api/equity/jobs/{job_id}/events") as stream:
        events = [json.loads(line[len("data: "):], parse_constant=_refuse)
                  for line in stream.iter_lines() if line.startswith("data: ")]
    assert events[-1]["status"] == "done" and events[-1]["result"]["stderr"] is None


def test_other_errors_are_strict_json_too(client):
    assert "no equity job" in clean_4xx(client.get("/api/equity/jobs/%ED%A0%80%ff"))
    assert clean_4xx(client.get("/api/evaluate")) == "/api/evaluate takes POST, not GET"
    assert clean_4xx(client.get("/api/%ED%A0%80%ff")).startswith("no API path /api/")
    assert clean_4xx(client.get("/no/such/page")).startswith("no page or file at /no/such/page: the page is at /")
    assert "65,536 bytes" in clean_4xx(client.post("/api/range", json={"text": "AA, " * 20_000}))


# --- 3. strict models -----------------------------------------------------------------------------
@pytest.mark.parametrize("path, change, loc", [
    ("/api/settle", {"seats": [{"name": "A", "contribution": 25, "folded": "yes"},
                               {"name": "B", "contribution": 50}]}, ["seats", 0, "folded"]),
    ("/api/settle", {"seats": [{"name": "A", "contribution": "50"}, {"name": "B", "contribution": 50}]},
     ["seats", 0, "contribution"]),
    ("/api/settle", {"seats": [{"name": "A", "contribution": 50.0}, {"name": "B", "contribution": 50}]},
     ["seats", 0, "contribution"]),
    ("/api/settle", {"button": True}, ["button", "int"]),
    ("/api/settle", {"rake": {"percent": True}}, ["rake", "percent", "float"]),
    ("/api/settle", {"rake": {"percent": 5, "cap": "3"}}, ["rake", "cap"]),
    ("/api/settle", {"rake": {"percent": 5, "no_flop_no_drop": 0}}, ["rake", "no_flop_no_drop"]),
    ("/api/equity", {"exact": 1}, ["exact"]),
    ("/api/equity", {"trials": "1000"}, ["trials"]),
    ("/api/equity", {"trials": 1000.0}, ["trials"]),
    ("/api/equity", {"seed": True}, ["seed"]),
    ("/api/equity", {"stderr": "0.01"}, ["stderr"]),
    ("/api/equity", {"time_limit": False}, ["time_limit"]),
    ("/api/equity", {"players": "AcAd KhKs"}, ["players"]),
    ("/api/grid", {"opponents": True}, ["opponents"]),
    ("/api/range", {"weights": {"AKs": "0.5"}}, ["weights", "AKs"]),
    ("/api/range", {"text": 5}, ["text"]),
    ("/api/evaluate", {"cards": ["As", "Ks"]}, ["cards"]),
    ("/api/videopoker/holds", {"coins": "5"}, ["coins"]),
    ("/api/videopoker/holds", {"paytable": {"pays": {"flush": 6.0}}}, ["paytable", "CustomPaytable", "pays", "flush"]),
    ("/api/videopoker/analyze", {"paytable": {"pays": {"flush": 6}, "max_coins": 5.0}},
     ["paytable", "CustomPaytable", "max_coins"]),
    ("/api/videopoker/draw", {"paytable": {"pays": {"flush": 6}, "name": 5}}, ["paytable", "CustomPaytable", "name"]),
    ("/api/videopoker/deal", {"seed": 1.0}, ["seed"]),
    ("/api/videopoker/draw", {"held": "As"}, ["held"]),
])
def test_the_api_converts_nothing_the_library_would_refuse(client, path, change, loc):
    errors = problems(client.post(path, json={**BODIES[path], **change}))
    assert ["body", *loc] in [error["loc"] for error in errors], errors


def test_a_whole_number_is_still_a_number(client):
    assert client.post("/api/range", json={"text": "", "weights": {"AKs": 1}}).json()["combos"] == 4
    assert client.post("/api/equity", json={**BODIES["/api/equity"], "stderr": 1, "trials": 100}).status_code == 200
    assert client.post("/api/settle", json={**BODIES["/api/settle"], "rake": {"percent": 5}}).status_code == 200


REQUEST_MODELS = [models.CustomPaytable, models.EvaluateRequest, models.ShowdownPlayer, models.ShowdownRequest,
                  models.SeatRequest, models.RakeRequest, models.SettleRequest, models.EquityRequest,
                  models.PlanRequest, models.GridRequest, models.RangeRequest, models.CardsRequest,
                  models.HoldsRequest, models.AnalyzeRequest, models.DealRequest, models.DrawRequest,
                  models.StudyRequest, models.StrategyRequest]
BODIES_BY_MODEL = {  # the required fields of each model, valid
    models.EvaluateRequest: {"cards": "As"}, models.ShowdownPlayer: {"hole": "As Ks"},
    models.ShowdownRequest: {"players": []}, models.SeatRequest: {"name": "A", "contribution": 1},
    models.RakeRequest: {"percent": 5}, models.SettleRequest: {"seats": []},
    models.EquityRequest: {"players": []}, models.PlanRequest: {"players": []},
    models.GridRequest: {"hole": "AsKs"}, models.CardsRequest: {"text": "As"},
    models.HoldsRequest: {"deal": "As"}, models.DrawRequest: {"seed": 1, "held": []},
    models.StudyRequest: {"board": "Ks 7h 2h", "hero": "AA"},
}
SAMPLES = [None, True, False, 0, 1, 7, -1, 0.5, 1.0, "", "1", "true", "As", "none", [], ["As"], [1], {}, {"a": 1}]


def _json_type_fits(value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    """Whether ``value`` is of a JSON type ``schema`` allows (constraints aside)."""
    if "$ref" in schema:
        return _json_type_fits(value, defs[schema["$ref"].rsplit("/", 1)[1]], defs)
    if "anyOf" in schema:
        return any(_json_type_fits(value, part, defs) for part in schema["anyOf"])
    kind = schema.get("type")
    if kind is None:
        return True
    fits = {"null": value is None, "boolean": isinstance(value, bool), "string": isinstance(value, str),
            "integer": isinstance(value, int) and not isinstance(value, bool),
            "number": isinstance(value, (int, float)) and not isinstance(value, bool),
            "array": isinstance(value, list), "object": isinstance(value, dict)}
    return fits[kind]


def test_no_request_model_converts_a_value_of_another_json_type():
    """Every field of every request model: a value is accepted only if its JSON type is the
    field's (an integer for a number being the one allowed widening)."""
    from pydantic import ValidationError

    schemas = create_app().openapi()["components"]["schemas"]
    assert {name for name in schemas if name.endswith("Request") or name in ("ShowdownPlayer", "CustomPaytable")} == {
        model.__name__ for model in REQUEST_MODELS}
    for model in REQUEST_MODELS:
        schema = model.model_json_schema()
        defs = schema.get("$defs", {})
        required = {name: BODIES_BY_MODEL.get(model, {}).get(name) for name in schema.get("required", [])}
        for name, field_schema in schema["properties"].items():
            accepted = []
            for value in SAMPLES:
                try:
                    model.model_validate({**required, name: value})
                except ValidationError:
                    continue
                assert _json_type_fits(value, field_schema, defs), f"{model.__name__}.{name} took {value!r}"
                accepted.append(value)
            assert accepted, f"{model.__name__}.{name} took none of the samples"  # the check has something to check


# --- 6. jobs that cannot succeed are refused when submitted -------------------------------------
@pytest.mark.parametrize("body, message", [
    ({"players": ["random"] * 10, "exact": True}, plan(["random"] * 10).reason),
    ({"players": ["AA", "AA", "AA"], "exact": True}, "no combination without a shared card"),
    ({"players": ["AA", "AA", "AA"], "exact": False}, "without a shared card"),
    ({"players": ["AsAh", "AA"], "dead": "Ac Ad"}, "is empty once the board"),
    ({"players": ["AsKx", "QQ"]}, "'AsKx'"),
    ({"players": ["AA", "KK"], "board": "As Ks Qs Js Ts 9s"}, "a board has 0, 3 (flop), 4 (turn) or 5 (river) cards"),
    ({"players": ["AA", "KK"], "exact": False, "trials": 0}, "trials"),
    ({"players": ["AA", "KK"], "exact": False, "stderr": -1}, "stderr"),
    ({"players": ["AA", "KK"], "exact": False, "time_limit": 0}, "time_limit"),
    ({"players": ["AA", "KK"], "time_limit": 121}, "at most 0.5 seconds in a job"),
])
def test_a_job_that_would_fail_is_refused_at_submission(client, body, message):
    jobs = client.app.state.jobs
    before = len(jobs._jobs)
    response = client.post("/api/equity/jobs", json=body)
    assert response.status_code == 422, response.text
    assert message in strict_json(response)["detail"]
    assert len(jobs._jobs) == before  # nothing was started


@pytest.mark.parametrize("path", ["/api/showdown", "/api/settle", "/api/equity", "/api/equity/plan", "/api/equity/jobs",
                                  "/api/grid"])
def test_a_two_card_board_is_refused_everywhere(client, path):
    response = client.post(path, json={**BODIES[path], "board": "Ac Kc"})
    assert response.status_code == 422, response.text
    assert strict_json(response)["detail"].endswith(
        "has 2 cards; a board has 0, 3 (flop), 4 (turn) or 5 (river) cards"), response.text


# --- 7. property: no body makes a server error ----------------------------------------------------
FIELD_NAMES = sorted({name for body in BODIES.values() for name in body} | {"name", "hole", "contribution", "pays"})
SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, categories=["Cs"])
TEXTS = st.one_of(
    st.text(max_size=12),
    st.text(st.one_of(st.characters(), SURROGATES), max_size=6),
    st.sampled_from(["As Kd", "AsKs", "AA", "QQ+,AKs", "random", "jacks-or-better-9-6", "Ts Qs 2d", "As Ks Kh 4s 4d",
                     "one-each-from-button", "5", "1e999999", "A", "royal-flush"]),
)
LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(), TEXTS,
    st.sampled_from([Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("1e400"), Raw("-0.0"), Raw("1" + "0" * 5000),
                     Raw("[" * 5000 + "]" * 5000), Raw("{\"a\":" * 40 + "1" + "}" * 40)]),
)
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(FIELD_NAMES), TEXTS), inner, max_size=4)), max_leaves=12)


@st.composite
def bodies(draw: Any, path: str) -> str | bytes:
    """A bad (or now and then good) body for ``path``: random JSON, the valid body with fields
    changed, added or removed, or bytes that are not JSON at all."""
    kind = draw(st.sampled_from(["random", "changed", "changed", "changed", "bytes"]))
    if kind == "random":
        return loose(draw(VALUES))
    if kind == "bytes":
        return draw(st.binary(max_size=40))
    body = dict(BODIES[path])
    for name in draw(st.lists(st.sampled_from(FIELD_NAMES), max_size=3)):
        if draw(st.booleans()) and name in body:
            del body[name]
        else:
            body[name] = draw(VALUES)
    return loose(body)


@pytest.mark.parametrize("path", ENDPOINTS)
@budget(1, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_body_makes_a_server_error(client, path, data):
    body = data.draw(bodies(path))
    started = time.monotonic()
    response = post_raw(client, path, body)
    assert time.monotonic() - started < 15, "each request is bounded by the small limits"
    assert response.status_code < 500, (body, response.status_code, response.text[:500])
    if response.status_code >= 400:
        clean_4xx(response)
    else:
        strict_json(response)


# --- 5. Host names ----------------------------------------------------------------------------------
def test_the_host_check_answers_only_the_allowed_names():
    app = create_app(replace(QUICK, allowed_hosts=("localhost", "127.0.0.1", "::1", "*.poker.lan")))
    with TestClient(app) as local:
        assert local.get("/api/health", headers={"host": "localhost:8000"}).status_code == 200
        assert local.get("/api/health", headers={"host": "[::1]:8000"}).status_code == 200
        assert local.get("/api/health", headers={"host": "LOCALHOST."}).status_code == 200
        assert local.get("/api/health", headers={"host": "table.poker.lan"}).status_code == 200
        for host in ("testserver", "evil.example:8000", "localhost.evil.example", "10.0.0.1", "poker.lan"):
            response = local.get("/api/health", headers={"host": host})
            assert response.status_code == 400 and "does not answer to the host" in strict_json(response)["detail"]
        refused = local.post("/api/evaluate", json={"cards": "As"}, headers={"host": "evil.example"})
        assert "--allow-host" in clean_4xx(refused)
    with TestClient(create_app(replace(QUICK, allowed_hosts=("localhost",), allow_address_hosts=True))) as every:
        assert every.get("/api/health", headers={"host": "192.168.1.5:8000"}).status_code == 200
        assert every.get("/api/health", headers={"host": "[fe80::1]"}).status_code == 200
        assert every.get("/api/health", headers={"host": "rebound.example"}).status_code == 400
    with TestClient(create_app(QUICK)) as unchecked:  # create_app's default: no check
        assert unchecked.get("/api/health", headers={"host": "anything.example"}).status_code == 200


def test_serve_allows_the_names_of_the_address_it_listens_on():
    from showdown.web.serving import allowed_hosts, banner

    assert allowed_hosts("127.0.0.1") == (("localhost", "127.0.0.1", "::1"), False)
    assert allowed_hosts("localhost", ["poker.lan"]) == (("localhost", "127.0.0.1", "::1", "poker.lan"), False)
    assert allowed_hosts("[::1]") == (("localhost", "127.0.0.1", "::1"), False)
    assert allowed_hosts("192.168.1.5") == (("192.168.1.5",), False)
    assert allowed_hosts("192.168.1.5", any_host=True) == (None, False)
    for every in ("", "0.0.0.0", "::"):
        names, addresses = allowed_hosts(every)
        assert addresses and names is not None and {"localhost", socket.gethostname()} <= set(names)
    text = banner("", 8000, Settings(allowed_hosts=allowed_hosts("")[0], allow_address_hosts=True))
    assert "every interface (IPv4 and IPv6), port 8000" in text and "open http://127.0.0.1:8000/" in text
    assert "http://:8000" not in text and "or an IP address" in text
    assert "open http://[::1]:8000/" in banner("::", 8000, Settings())
    assert banner("::1", 8001, Settings()).startswith("showdown web app on http://[::1]:8001/ (this machine only)")
    assert "any host name" in banner("127.0.0.1", 8000, Settings())


@pytest.mark.parametrize("port", ["99999", "-1", "0", "65536"])
def test_serve_refuses_a_port_out_of_range(capsys, port):
    with pytest.raises(SystemExit) as info:
        cli_main(["serve", "--port", port])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err == f"error: --port must be a port number from 1 to 65535, got {port}\n"


def test_serve_refuses_a_port_in_use(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit) as info:
            cli_main(["serve", "--port", str(port)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot listen on http://127.0.0.1:{port}/: ") and err.count("\n") == 1


def test_serve_listens_on_every_address_of_its_host_name():
    from showdown.web.serving import bind

    named = {info[4][0] for info in socket.getaddrinfo("localhost", 0, type=socket.SOCK_STREAM)}
    sockets = bind("localhost", 0)
    try:
        listening = {listener.getsockname()[0] for listener in sockets}
        ports = {listener.getsockname()[1] for listener in sockets}
        assert listening == named and len(ports) == 1  # every address, one port
        for address in listening:  # each one takes a connection
            with socket.create_connection((address, *ports), timeout=5):
                pass
    finally:
        for listener in sockets:
            listener.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.process
def test_showdown_serve_checks_the_host_and_says_where_it_listens():
    require("uvicorn")
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "showdown", "serve", "--port", str(port), "--allow-host",
                                "poker.lan"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "COLUMNS": "60"})
    url = f"http://127.0.0.1:{port}/api/health"
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(url, timeout=1).status_code == 200:
                    break
            assert process.poll() is None and time.monotonic() < deadline, "showdown serve did not start"
            time.sleep(0.2)
        assert httpx.get(url, headers={"host": "poker.lan"}).status_code == 200
        assert httpx.get(url, headers={"host": f"localhost:{port}"}).status_code == 200
        rebound = httpx.get(url, headers={"host": "attacker.example"})
        assert rebound.status_code == 400 and "attacker.example" in rebound.json()["detail"]
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=30)
    lines = output.splitlines()  # (uvicorn's log lines may come in between: they go to stderr)
    assert f"showdown web app on http://127.0.0.1:{port}/ (this machine only)" in lines, output
    assert "it answers requests for localhost, 127.0.0.1, ::1, poker.lan (--allow-host NAME adds a name)" in lines
    assert "Uvicorn running on" not in output


# --- 4. a real server: read timeouts and the connection limit ------------------------------------------
@contextlib.contextmanager
def running(settings: Settings) -> Iterator[int]:
    """The app on uvicorn as ``showdown serve`` configures it, on a free loopback port, in a thread."""
    uvicorn = require("uvicorn")
    from showdown.web.serving import server_config

    port = _free_port()
    server = uvicorn.Server(server_config(create_app(settings), "127.0.0.1", port, settings, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5)


def _until_closed(sock: socket.socket, seconds: float) -> tuple[bytes, float]:
    """Read until the server closes the connection: what it sent, and after how long."""
    started = time.monotonic()
    received = b""
    sock.settimeout(seconds)
    try:
        while chunk := sock.recv(4096):
            received += chunk
    except (socket.timeout, TimeoutError):
        raise AssertionError(f"still open after {seconds} s, having sent {received[:80]!r}") from None
    except ConnectionResetError:
        pass
    return received, time.monotonic() - started


def _dribble(sock: socket.socket, piece: bytes, seconds: float) -> None:
    """Send ``piece`` every 0.1 s (a slow client) until the server answers or closes, or ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            sock.sendall(piece)
        except OSError:
            return
        if select.select([sock], [], [], 0.1)[0]:
            return


def _response(sock: socket.socket) -> tuple[bytes, bytes]:
    """One response read off a keep-alive connection: its head and its body."""
    sock.settimeout(5)
    received = b""
    while b"\r\n\r\n" not in received:
        received += sock.recv(4096)
    head, _, body = received.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length"))
    while len(body) < length:
        body += sock.recv(4096)
    return head, body


HEAD = b"POST /api/evaluate HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
TIMEOUTS = Settings(head_timeout=1.0, body_timeout=1.0, keep_alive_timeout=2, max_connections=100)


@pytest.fixture(scope="module")
def timed_server() -> Iterator[int]:
    with running(TIMEOUTS) as port:
        yield port


def test_connections_that_never_send_a_request_are_closed(timed_server):
    started = time.monotonic()
    sockets = [_connect(timed_server) for _ in range(30)]
    try:
        for sock in sockets:
            received, _ = _until_closed(sock, 6)
            assert received == b""  # nothing sent, nothing to answer: just closed
        assert 0.8 < time.monotonic() - started < 6
    finally:
        for sock in sockets:
            sock.close()
    assert httpx.get(f"http://127.0.0.1:{timed_server}/api/health").status_code == 200  # still serving


def test_a_head_sent_a_byte_at_a_time_is_cut_off(timed_server):
    with _connect(timed_server) as sock:
        started = time.monotonic()
        sock.sendall(HEAD)
        _dribble(sock, b"x", 6)  # a header that never ends
        received, _ = _until_closed(sock, 6)
        elapsed = time.monotonic() - started
    assert received.startswith(b"HTTP/1.1 408 ") and b"not complete within 1 seconds" in received
    assert 0.8 < elapsed < 5


def test_a_body_that_never_arrives_is_cut_off(timed_server):
    with _connect(timed_server) as sock:
        started = time.monotonic()
        sock.sendall(HEAD + b"content-length: 100\r\n\r\n" + b'{"cards": ')
        _dribble(sock, b" ", 6)
        received, _ = _until_closed(sock, 6)
        elapsed = time.monotonic() - started
    assert received.startswith(b"HTTP/1.1 408 "), received
    assert 0.8 < elapsed < 5


def test_a_slow_request_within_the_limits_is_answered_and_keep_alive_ends(timed_server):
    with _connect(timed_server) as sock:
        body = b'{"cards": "As Ks Qs Js Ts"}'
        sock.sendall(HEAD)
        time.sleep(0.4)
        sock.sendall(b"content-length: %d\r\n\r\n" % len(body))
        time.sleep(0.4)  # slow, but the head and the body each came within its limit
        sock.sendall(body)
        head, answer = _response(sock)
        assert head.startswith(b"HTTP/1.1 200 ") and json.loads(answer)["category_name"] == "Straight Flush"
        # kept alive for keep_alive_timeout, then the next request's head is timed from its first byte
        time.sleep(0.3)
        sock.sendall(HEAD)
        received, after = _until_closed(sock, 6)
        assert received.startswith(b"HTTP/1.1 408 ") and 0.8 < after < 5


def test_an_idle_keep_alive_connection_is_closed(timed_server):
    with _connect(timed_server) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        head, _ = _response(sock)
        assert head.startswith(b"HTTP/1.1 200 ")
        received, after = _until_closed(sock, 8)
    assert received == b"" and 1.5 < after < 6  # keep_alive_timeout: 2 s


def test_connections_over_the_limit_get_503():
    with running(replace(TIMEOUTS, head_timeout=30.0, max_connections=5)) as port:
        held = [_connect(port) for _ in range(4)]
        try:
            time.sleep(0.3)  # the server has taken them
            url = f"http://127.0.0.1:{port}/api/health"
            with httpx.Client() as fifth:  # 4 held and this one: 5, the most served at once
                assert fifth.get(url).status_code == 200
                held.append(_connect(port))
                time.sleep(0.3)
                busy = fifth.get(url)  # the sixth connection at once
                assert busy.status_code == 503 and busy.headers["content-type"] == "application/json"
                assert busy.json() == {"detail": "the server is busy: it serves 5 connections at once; try again"}
                held.pop().close()
                held.pop().close()
                time.sleep(0.3)
                assert fifth.get(url).status_code == 200
        finally:
            for sock in held:
                sock.close()


# --- 6. requests that are not HTTP, bodies that are not UTF-8, Host headers that are no host ------
def _exchange(port: int, request: bytes) -> bytes:
    """Send ``request`` whole, then read the answer until the server closes: a reset fails."""
    with _connect(port) as sock:
        sock.sendall(request)
        received, _ = _until_closed(sock, 6)
    return received


def _reset_free(port: int, request: bytes) -> bytes:
    with _connect(port) as sock:
        sock.sendall(request)
        sock.settimeout(6)
        received = b""
        while chunk := sock.recv(65536):  # ConnectionResetError here fails the test
            received += chunk
    return received


@pytest.mark.parametrize("request_bytes, status, problem", [
    (b"GET /api/health HTTP/1.1\r\n\r\n", 400, "Missing mandatory Host: header"),
    (b"POST /api/evaluate HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{}",
     400, "conflicting Content-Length headers"),
    (b"POST /api/evaluate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\ncontent-type: application/json\r\n\r\n"
     b"zz\r\n{}\r\n0\r\n\r\n", 400, "illegal chunk header"),
    (b"HELLO THERE\r\n\r\n", 400, "illegal request line"),
    (b"GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400, "illegal header line"),
    (b"GET /api/health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "Transfer-Encoding"),
], ids=["no-host", "two-lengths", "bad-chunk", "garbage", "bad-header", "unknown-coding"])
def test_a_request_that_is_not_http_gets_json_naming_the_problem(timed_server, request_bytes, status, problem):
    received = _reset_free(timed_server, request_bytes)
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 %d " % status) and b"content-type: application/json" in head, received
    detail = json.loads(body)["detail"]
    assert detail.startswith("the request is not valid HTTP/1.1: ") and problem in detail, detail


@pytest.mark.parametrize("size", [17_000, 100_000, 250_000, 1_000_000])
def test_a_head_over_the_limit_is_refused_with_431_however_it_arrives(timed_server, size):
    request = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * size + b"\r\n\r\n"
    received = _reset_free(timed_server, request)  # one sendall: the head arrives whole, or nearly
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431 Request Header Fields Too Large"), received[:200]
    assert json.loads(body) == {"detail": "the request line and headers are over the limit of 16,384 bytes"}


def test_a_head_within_the_limit_is_answered(timed_server):
    request = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 16_000 + b"\r\nConnection: close\r\n\r\n"
    assert _reset_free(timed_server, request).startswith(b"HTTP/1.1 200 ")
    assert httpx.get(f"http://127.0.0.1:{timed_server}/api/health").status_code == 200  # still serving


@pytest.mark.parametrize("content_type", ["application/json; charset=latin-1", "application/json; charset=bogus",
                                          "application/json; charset=utf-16"])
def test_json_is_utf_8_and_another_charset_is_415(client, content_type):
    response = post_raw(client, "/api/evaluate", b'{"cards": "As Ks Qs Js Ts"}', {"content-type": content_type})
    charset = content_type.partition("charset=")[2]
    assert response.status_code == 415
    assert clean_4xx(response) == (f"the body is JSON, which is UTF-8 text: charset={charset} is not taken; send it"
                                   " as UTF-8 (application/json)")
    for fine in ("application/json; charset=utf-8", "application/json; charset=UTF8", "application/json"):
        assert post_raw(client, "/api/evaluate", b'{"cards": "As"}', {"content-type": fine}).status_code == 200


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le"])
def test_a_body_in_utf_16_or_32_is_refused_as_not_utf_8(client, encoding):
    errors = problems(post_raw(client, "/api/evaluate", '{"cards": "As Ks Qs Js Ts"}'.encode(encoding)))
    assert errors[0]["type"] == "json_invalid" and "the body is not UTF-8 text: a NUL byte" in errors[0]["ctx"]["error"]


@pytest.mark.parametrize("host", ["localhost:abc", "localhost:99999999999", "localhost:65536", "[::1", "::1",
                                  "localhost:80:80", "[::1]x"])
def test_a_host_header_that_is_no_host_is_refused(host):
    with TestClient(create_app(replace(QUICK, allowed_hosts=("localhost", "127.0.0.1", "::1")))) as local:
        response = local.get("/api/health", headers={"host": host})
        assert response.status_code == 400 and clean_4xx(response).startswith(f"the Host header {host!r} is no host")
        for fine in ("localhost", "localhost:", "localhost:65535", "[::1]:8000", "127.0.0.1:0"):
            assert local.get("/api/health", headers={"host": fine}).status_code == 200, fine


def test_messages_quote_huge_input_cut_short(client):
    # The library's messages, cut by the library or by the app: short either way, the input named.
    ranged = clean_4xx(client.post("/api/range", json={"text": "AK" * 4_000}))
    assert len(ranged) < 400 and "'AKAKAKAK" in ranged, ranged
    carded = clean_4xx(client.post("/api/evaluate", json={"cards": "Xx" * 500}))
    assert len(carded) < 400 and "'XxXxXxXx" in carded, carded
    assert len(clean_4xx(client.get("/api/equity/jobs/" + "x" * 5_000))) < 300
    assert len(clean_4xx(client.get("/api/" + "x" * 5_000))) < 300
    # A name longer than the file system allows is no file, whatever the method (a 500 before).
    for method in ("get", "post"):
        for path in ("/", "/static/"):
            assert len(clean_4xx(getattr(client, method)(path + "x" * 5_000))) < 400
    echoed_back = problems(client.post("/api/evaluate", json={"cards": 5, "game": "g" * 5_000}))
    assert all(len(json.dumps(problem)) < 400 for problem in echoed_back), echoed_back
