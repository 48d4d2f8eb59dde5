"""Hostile values in every argument of the public functions: each call is answered, or refused
with a ``ShowdownError`` (never another exception, a hang or a crash).

One argument at a time takes a hostile value (wrong types, unicode and lone surrogates, huge
and deeply nested values, NaN, infinities, negative numbers, bytes, numpy values) while the
others keep the values of a cheap valid call. The quick tier tries a sample of the values on
every function; the slow tier tries them all.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import showdown.videopoker as vp
from showdown import (
    Deck,
    Range,
    ShowdownError,
    breakdown,
    combo_equities,
    deal_showdown,
    equity,
    evaluate,
    evaluate_low,
    evaluate_many,
    format_cards,
    grid_plan,
    hands,
    next_card,
    odds_grid,
    parse_board,
    parse_cards,
    plan,
    preflop_table,
    random_hands,
    run_options,
    showdown,
    starting_hand_of,
)


def _deep(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


HOSTILE: dict[str, Any] = {
    "None": None,
    "empty text": "",
    "lone surrogate": "\ud800",
    "emoji": "🂡🂮",
    "fullwidth": "Ａｓ Ｋｓ",
    "long text": "As" * 100_000,
    "bytes": b"\xffAs",
    "true": True,
    "float": 1.5,
    "nan": math.nan,
    "inf": math.inf,
    "-inf": -math.inf,
    "negative": -1,
    "zero": 0,
    "huge": 10**100,
    "numpy float": np.float64(2.5),
    "numpy array": np.arange(3),
    "empty list": [],
    "dict": {"a": 1},
    "nested": _deep(10_000),
    "object": object(),
}
QUICK = ("None", "lone surrogate", "nan", "huge", "nested", "dict")

FLOP = "Qs 7h 2d"
RIVER = "Qs 7h 2d 5c 9s"
DEAL = "As Ks Kh 4s 4d"

# A cheap valid call of each function: its positional and keyword arguments. Each argument is
# replaced in turn; the values are chosen so that the call stays cheap whatever one of them
# becomes (a river, two players, the default pay table's cached list).
CALLS: dict[str, tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = {
    "evaluate": (evaluate, ("As Ks Qs Js Ts 2d 3c",), {}),
    "evaluate_low": (evaluate_low, ("Ah 2h Qs Qd", "3c 4d 5s"), {"game": "omaha-hilo"}),
    "evaluate_many": (evaluate_many, ([[0, 1, 2, 3, 4]],), {"n_jobs": 1}),
    "parse_cards": (parse_cards, ("As Kd",), {}),
    "parse_board": (parse_board, (FLOP,), {}),
    "format_cards": (format_cards, ("As Kd",), {}),
    "showdown": (showdown, (["AsAd", "KsKd"], RIVER), {}),
    "showdown omaha": (showdown, (["As Ad 3c 4c", "Ks Kd 6h 8h"], RIVER), {"game": "omaha"}),
    "deal_showdown": (deal_showdown, (3,), {"seed": 1, "game": "omaha-hilo"}),
    "hands": (lambda *a, **k: next(iter(hands(*a, **k)), None), (5,), {"shared": "As Ks Qs Js", "dead": ""}),
    "random_hands": (lambda *a, **k: next(iter(random_hands(*a, **k))), (5,), {"seed": 1}),
    "equity": (equity, (["AcAd", "KhKs"], RIVER), {"exact": None}),
    "equity omaha": (equity, (["As Ad 3c 4c", "Ks Kd 6h 8h"], "Qs 7h 2d 5c"), {"game": "omaha-hilo"}),
    "equity monte carlo": (equity, (["AcAd", "QQ+"], FLOP), {"trials": 1_000, "seed": 1}),
    "plan": (plan, (["AcAd", "KhKs"], FLOP), {}),
    "grid_plan": (grid_plan, ("AhKh", RIVER), {"opponents": 1}),
    "odds_grid": (odds_grid, ("AhKh", RIVER), {"opponents": 1}),
    "run_options": (run_options, (), {"exact": None, "trials": 10, "time_limit": 1.0}),
    "preflop_table": (preflop_table, (["AA", "KK"],), {"partitions": 1}),
    "starting_hand_of": (starting_hand_of, ("AsKs",), {}),
    "Range": (Range, ("QQ+, AKs",), {}),
    "Range omaha": (Range, ("AAxx, KKxx",), {"game": "omaha"}),
    "Range.filter": (lambda *a, **k: Range("QQ+, AKs").filter(*a, **k), (FLOP,), {"made": ["set"]}),
    "Range.split": (lambda *a, **k: Range("QQ+, AKs").split(*a, **k), (FLOP,), {}),
    "breakdown": (breakdown, ("QQ+, AKs", FLOP), {"villain": "random"}),
    "combo_equities": (combo_equities, ("QQ+, AKs", "JJ+", "Qs 7h 2d 5c"), {}),
    "combo_equities multiway": (combo_equities, ("AA", ["KK", "QQ"], FLOP), {"trials": 2_000, "seed": 1}),
    "next_card": (next_card, ("QQ+", "JJ+", "Qs 7h 2d 5c"), {}),
    "Deck": (Deck, (), {"seed": 1, "shuffle": True}),
    "holds": (vp.holds, (DEAL,), {"paytable": "jacks-or-better-9-6", "coins": 5}),
    "holds wild": (vp.holds, ("2s Ks Kh 4s 4d",), {"paytable": "deuces-wild-full-pay"}),
    "best_hold": (vp.best_hold, (DEAL,), {"coins": 5}),
    "describe_hold": (vp.describe_hold, (DEAL, (0, 1)), {}),
    "hand_class": (vp.hand_class, ("2s 2d Ks Kh 4s",), {"wild": "deuces"}),
    "parse_deal": (vp.parse_deal, (DEAL,), {}),
    "parse_hold": (vp.parse_hold, ("1 2", DEAL), {}),
    "paytable_from_text": (vp.paytable_from_text, ("9/6",), {}),
    "Paytable.from_dict": (vp.Paytable.from_dict, (vp.PAYTABLES["jacks-or-better-9-6"].to_dict(),), {}),
    "strategy": (vp.strategy, ("jacks-or-better-9-6",), {"coins": 5}),
    "Trainer": (lambda *a, **k: vp.Trainer(*a, **k).deal(), ("jacks-or-better-9-6",), {"coins": 5, "seed": 3}),
}

# Values that are valid and expensive for one argument (a fresh strategy list for other coins,
# a preflop table of a list of many hands) are left out there: their cost is not in question.
EXPENSIVE = {("strategy", "coins"): {"true", "numpy float"}}


def _cases(values: tuple[str, ...]) -> list[Any]:
    cases = []
    for name, (_, args, kwargs) in CALLS.items():
        slots = [("arg", i) for i in range(len(args))] + [("kw", key) for key in kwargs]
        for kind, slot in slots:
            label = f"{name}:{slot}" if kind == "kw" else f"{name}:#{slot}"
            for value in values:
                if value in EXPENSIVE.get((name, str(slot)), ()):
                    continue
                cases.append(pytest.param(name, kind, slot, value, id=f"{label}={value}"))
    return cases


def _call(name: str, kind: str, slot: Any, value: str) -> None:
    function, args, kwargs = CALLS[name]
    args, kwargs = list(args), dict(kwargs)
    if kind == "arg":
        args[slot] = HOSTILE[value]
    else:
        kwargs[slot] = HOSTILE[value]
    try:
        function(*args, **kwargs)
    except ShowdownError as error:
        message = str(error)
        assert message and "\n" not in message.strip(), message
        assert len(message) < 2_000, f"a message of {len(message):,} characters"  # the value is shown cut


def test_every_base_call_is_valid():
    for name, (function, args, kwargs) in CALLS.items():
        function(*args, **kwargs)
        assert inspect.signature(function) is not None, name


@pytest.mark.parametrize("name, kind, slot, value", _cases(QUICK))
def test_a_hostile_value_is_answered_or_refused_by_name(name, kind, slot, value):
    _call(name, kind, slot, value)


@pytest.mark.slow
@pytest.mark.parametrize("name, kind, slot, value", _cases(tuple(v for v in HOSTILE if v not in QUICK)))
def test_every_hostile_value_is_answered_or_refused_by_name(name, kind, slot, value):
    _call(name, kind, slot, value)
