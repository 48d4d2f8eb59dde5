"""Every response model declares the fields of the result it carries: for each result type, the
keys of real ``to_dict()`` output (and of the few dicts the web app builds around them) are
exactly the model's fields, recursively through the nested models. A key in one and not the
other fails, so a field added to a result cannot be dropped or refused by the API unnoticed."""

from __future__ import annotations

import inspect
import time
import types
import typing
from collections import defaultdict
from typing import Any

import pytest

from conftest import require

require("fastapi")
require("httpx")
from fastapi.testclient import TestClient  # noqa: E402
from pydantic import BaseModel  # noqa: E402

from showdown import (  # noqa: E402
    CARDS,
    GAMES,
    LIMITS,
    breakdown,
    combo_equities,
    equity,
    evaluate,
    hand_from_json,
    next_card,
    odds_grid,
    plan,
    settle,
    showdown,
)
from showdown.videopoker import PAYTABLES, Trainer, analyze, holds, strategy  # noqa: E402
from showdown.web import Settings, api, create_app, models  # noqa: E402
from showdown.web.runs import exact_cost  # noqa: E402

RESPONSES = sorted((model for _, model in inspect.getmembers(models, inspect.isclass)
                    if issubclass(model, models.Response) and model is not models.Response), key=lambda m: m.__name__)

SETTLE = {
    "board": "Ac Kc Jc 5c Th",
    "seats": [{"name": "A", "contribution": 25, "hole": "8c 7h"}, {"name": "B", "contribution": 50, "hole": "9h 5h"},
              {"name": "C", "contribution": 100, "hole": "Ad 4s"}, {"name": "D", "contribution": 100, "hole": "As 3h"}],
    "button": 3,
}


def keys_of(model: type[BaseModel]) -> set[str]:
    """The keys a model's JSON has: each field by its alias when it has one."""
    return {field.alias or name for name, field in model.model_fields.items()}


def required_keys(model: type[BaseModel]) -> set[str]:
    return {field.alias or name for name, field in model.model_fields.items() if field.is_required()}


def nested_models(annotation: Any) -> list[type[BaseModel]]:
    """The models an annotation holds: itself, or inside Optional, Union, list and dict."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [model for argument in typing.get_args(annotation) for model in nested_models(argument)]


class Keys:
    """The keys met for each model, and every disagreement found on the way."""

    def __init__(self) -> None:
        self.seen: dict[type[BaseModel], set[str]] = defaultdict(set)
        self.problems: list[str] = []

    def walk(self, value: Any, annotation: Any, where: str) -> None:
        """Check ``value`` against ``annotation``: every dict meant for a model has no key the
        model lacks and every key it requires; the keys met are added to ``seen``."""
        origin = typing.get_origin(annotation)
        if value is None:
            return
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if not isinstance(value, dict):
                self.problems.append(f"{where}: {annotation.__name__} from a {type(value).__name__}")
                return
            extra, missing = set(value) - keys_of(annotation), required_keys(annotation) - set(value)
            if extra:
                self.problems.append(f"{where}: {annotation.__name__} does not declare {sorted(extra)}")
            if missing:
                self.problems.append(f"{where}: the result lacks {sorted(missing)} of {annotation.__name__}")
            self.seen[annotation] |= set(value)
            for name, field in annotation.model_fields.items():
                key = field.alias or name
                if key in value:
                    self.walk(value[key], field.annotation, f"{where}.{key}")
        elif origin in (list, tuple):
            for index, element in enumerate(value):
                self.walk(element, typing.get_args(annotation)[0], f"{where}[{index}]")
        elif origin is dict:
            for key, element in value.items():
                self.walk(element, typing.get_args(annotation)[1], f"{where}[{key!r}]")
        elif origin in (typing.Union, types.UnionType):
            candidates = nested_models(annotation)
            if isinstance(value, dict) and candidates:
                assert len(candidates) == 1, f"{where}: more than one model in {annotation}"
                self.walk(value, candidates[0], where)
            elif isinstance(value, list):
                for argument in typing.get_args(annotation):
                    if typing.get_origin(argument) is list:
                        self.walk(value, argument, where)

    def never_given(self, models_checked: Any) -> list[str]:
        """The fields of the models met that no result gave."""
        return [f"{model.__name__} declares {sorted(keys_of(model) - self.seen[model])}, never given"
                for model in models_checked if keys_of(model) - self.seen[model]]


WEB_BUILT = (models.Health, models.DealOut, models.JobOut)
"""The answers the web app builds itself, checked through the API."""


@pytest.fixture(scope="module")
def results() -> list[tuple[type[BaseModel], dict[str, Any]]]:
    """Real results of every kind, each with the response model that carries it."""
    settings = Settings()
    trainer = Trainer(PAYTABLES["jacks-or-better-9-6"], seed=7)
    trainer.deal()
    played = Trainer(PAYTABLES["jacks-or-better-9-6"], seed=7)
    played.deal()
    hilo = {"cards": "As 2d Kc Kd", "board": "3h 4h 8c Jd Qs", "game": "omaha-hilo"}
    study = {"board": "Ks 7h 2h", "hero": "QQ+, AKs"}
    return [
        (models.CardList, {"cards": [card.to_dict() for card in CARDS]}),
        (models.GameList, {"games": [game.to_dict() for game in GAMES.values()]}),
        (models.HandOut, evaluate("Kh Kd Ks 9c 9h").to_dict()),
        (models.EvaluateOut, api._evaluate(models.EvaluateRequest(cards="As Ks Qs Js Ts 2d 3c"))),
        (models.EvaluateOut, api._evaluate(models.EvaluateRequest(**hilo))),
        (models.ShowdownOut, showdown({"alice": "8c 7h", "bob": "Ad 4s"}, "Ac Kc Jc 5c Th").to_dict()),
        (models.ShowdownOut, showdown([hilo["cards"], "Ah 5c Qd Qh"], hilo["board"], game="omaha-hilo").to_dict()),
        (models.SettlementOut, settle(**hand_from_json({**SETTLE, "rake": {"percent": "5", "cap": 3}})).to_dict()),
        (models.SettlementOut, settle(**hand_from_json({**SETTLE, "board": "",
                                                        "boards": ["Ac Kc Jc 5c Th", "Ac Kc Jc 2h Qh"]})).to_dict()),
        (models.EquityOut, equity(["AcAd", "KhKs"], board="2c 7d 9h").to_dict()),
        (models.EquityOut, equity(["AcAd", "QQ+,AKs", "random"], trials=2_000, seed=1).to_dict()),
        (models.EquityOut, equity([hilo["cards"], "Ah 5c Qd Qh"], board="3h 4h 8c Jd", game="omaha-hilo").to_dict()),
        (models.PlanOut, api._plan(models.PlanRequest(players=["AcAd", "KhKs"], board="2c 7d 9h"), settings)),
        (models.PlanOut, api._plan(models.PlanRequest(players=["random"] * 3), settings)),
        (models.JobCostOut, exact_cost(plan(["AA", "KK"]), None, settings).to_dict()),
        (models.GridOut, odds_grid("AsKs", "Ts Qs 2d", trials=2_000, seed=1).to_dict()),
        (models.BreakdownOut, breakdown("22+, A2s+, KTo+", study["board"]).to_dict()),
        (models.ComboEquitiesOut, combo_equities(study["hero"], ["random"] * 2, study["board"], trials=2_000,
                                                 seed=1).to_dict()),
        (models.NextCardOut, next_card(study["hero"], "random", study["board"]).to_dict()),
        (models.StudyOut, api._study(models.StudyRequest(**study, villains=["random"], next_card=True), settings)),
        (models.StudyOut, api._study(models.StudyRequest(**study, villains=["random"] * 2, trials=2_000, seed=1),
                                     settings)),
        (models.RangeOut, api._range(models.RangeRequest(text="QQ+, AKs, 0.5(KQo)", hand="AKs"))),
        (models.RangeOut, api._range(models.RangeRequest(text="AhKh"))),
        (models.PaytableList, {"paytables": [paytable.to_dict() for paytable in PAYTABLES.values()]}),
        (models.HoldsOut, holds("As Ks Kh 4s 4d", PAYTABLES["deuces-wild-full-pay"]).to_dict()),
        (models.AnalysisOut, analyze(PAYTABLES["jacks-or-better-9-6"]).to_dict()),
        (models.StrategyOut, strategy(PAYTABLES["jacks-or-better-9-6"]).to_dict()),
        (models.AdviceOut, trainer.advise((0, 1)).to_dict()),
        (models.DrawOut, played.play((0, 1)).to_dict()),
        (models.LimitsOut, {"library": LIMITS.to_dict(), "server": settings.limits()}),
    ]


def test_each_result_has_exactly_its_models_keys(results):
    keys = Keys()
    for model, value in results:
        keys.walk(value, model, model.__name__)
    problems = keys.problems + keys.never_given(keys.seen)
    assert not problems, "\n".join(problems)
    unchecked = set(RESPONSES) - set(keys.seen) - set(WEB_BUILT)
    assert not unchecked, f"no result checks {sorted(model.__name__ for model in unchecked)}"


def test_the_web_apps_own_answers_have_their_models_keys():
    """Health, a deal and a job (its final result too), through the API: FastAPI refuses a key
    a model does not declare (a 500), and every declared one must come."""
    keys = Keys()
    with TestClient(create_app(Settings(warm_up=False))) as client:
        keys.walk(client.get("/api/health").json(), models.Health, "Health")
        keys.walk(client.post("/api/videopoker/deal", json={"seed": 7}).json(), models.DealOut, "DealOut")
        job_id = client.post("/api/equity/jobs", json={"players": ["AA", "KK"], "trials": 1_000, "seed": 1}).json()[
            "job_id"]
        deadline = time.monotonic() + 60
        job = client.get(f"/api/equity/jobs/{job_id}").json()
        while job["status"] == "running" and time.monotonic() < deadline:
            time.sleep(0.05)
            job = client.get(f"/api/equity/jobs/{job_id}").json()
        assert job["status"] == "done"
        keys.walk(job, models.JobOut, "JobOut")
        keys.walk(client.get("/api/limits").json(), models.LimitsOut, "LimitsOut")
    problems = keys.problems + keys.never_given([*WEB_BUILT, models.LimitsOut, models.EquityOut])
    assert not problems, "\n".join(problems)


def test_the_checker_finds_a_key_in_one_and_not_the_other():
    hand = evaluate("Kh Kd Ks 9c 9h").to_dict()
    for changed in ({**hand, "extra": 1}, {key: value for key, value in hand.items() if key != "value"}):
        keys = Keys()
        keys.walk(changed, models.HandOut, "HandOut")
        assert keys.problems
    keys = Keys()
    keys.walk(hand, models.EvaluateOut, "EvaluateOut")  # low is optional, but some result must give it
    assert not keys.problems
    assert keys.never_given([models.EvaluateOut]) == ["EvaluateOut declares ['low'], never given"]


def test_every_response_model_refuses_extra_keys():
    for model in RESPONSES:
        assert model.model_config.get("extra") == "forbid", model.__name__


def test_the_models_choices_are_the_librarys():
    assert typing.get_args(models.Wild) == LIMITS.wild_cards
    assert set(LIMITS.to_dict()) == keys_of(models.LibraryLimitsOut)
    assert set(Settings().limits()) == keys_of(models.ServerLimitsOut)
    assert models.SettleRequest.model_fields["odd_chip"].default == LIMITS.odd_chip_rules[0]
    assert models.StrategyRequest.model_fields["max_lines"].default == LIMITS.strategy_lines
    assert upper_bound(models.Seed) == LIMITS.max_seed
    assert upper_bound(models.SeatRequest.model_fields["contribution"]) == LIMITS.max_chips
    assert upper_bound(models.RakeRequest.model_fields["cap"]) == LIMITS.max_chips


def upper_bound(annotation_or_field: Any) -> Any:
    """The ``le`` bound of a field or of an ``Annotated`` type."""
    metadata = getattr(annotation_or_field, "metadata", None) or typing.get_args(annotation_or_field)[1:]
    for item in metadata:
        for part in getattr(item, "metadata", [item]):
            if getattr(part, "le", None) is not None:
                return part.le
    raise AssertionError(f"no upper bound on {annotation_or_field}")
