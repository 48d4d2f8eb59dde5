"""Every result reads as text: ``str()`` in words (never a raw record), ``repr()`` on a line or
two (the fields that say what it is about, never its tables), and error messages in plain
English."""

from __future__ import annotations

import re

import pytest

import showdown
from showdown import Seat, SettlementError
from showdown import videopoker as vp

REPR_LIMIT = 320
"""The longest repr of a result: a few fields, each cut to 60 characters."""


def _results() -> dict[str, object]:
    trainer = vp.Trainer(seed=1)
    trainer.deal()
    played = trainer.play((0, 1))
    trainer.deal()
    advice = trainer.advise((0,))
    return {
        "equity": showdown.equity(["AA", "KK"], "Ks 7h 2d"),
        "showdown": showdown.showdown(["AsKs", "QdQc"], "2c 3d 4h 5s 8d"),
        "settle": showdown.settle([Seat("a", 10, "AsKs"), Seat("b", 10, "QdQc")], "2c 3d 4h 5s 8d"),
        "breakdown": showdown.breakdown("QQ+", "Ks 7h 2d", villain="AK"),
        "combo_equities": showdown.combo_equities("QQ+", "AK", "Ks 7h 2d"),
        "next_card": showdown.next_card("QQ+", "AK", "Ks 7h 2d"),
        "odds_grid": showdown.odds_grid("AsQs", "Ks 7h 2d", 1, trials=1000, seed=1),
        "census": showdown.census(5),
        "plan": showdown.plan(["AA", "KK"]),
        "holds": vp.holds("As Ks Qs Js 2d"),
        "hold": vp.best_hold("As Ks Qs Js 2d"),
        "played": played,
        "advice": advice,
        "analysis": vp.analyze("9/6"),
    }


@pytest.fixture(scope="module")
def results() -> dict[str, object]:
    found = _results()
    assert set(found) == set(NAMES)
    return found


NAMES = ["equity", "showdown", "settle", "breakdown", "combo_equities", "next_card", "odds_grid", "census", "plan",
         "holds", "hold", "played", "advice", "analysis"]


@pytest.mark.parametrize("name", NAMES)
def test_a_result_reads_as_text(results, name):
    result = results[name]
    text, short = str(result), repr(result)
    kind = type(result).__name__
    assert not text.startswith((f"{kind}(", "[", "{")), f"str() of {name} is a raw record: {text[:120]}"
    assert "Card('" not in text and "Fraction(" not in text, text[:200]
    assert short.startswith(f"{kind}(") and len(short) <= REPR_LIMIT, (len(short), short)


def test_the_32_holds_are_listed_best_first(results):
    ranked = results["holds"]
    lines = str(ranked).splitlines()
    assert len(lines) == 33 and lines[0].startswith("Jacks or Better 9/6, 5 coins, As Ks Qs Js 2d")
    assert [line.split(". ", 1)[1] for line in lines[1:]] == [str(hold) for hold in ranked]


def test_a_played_hand_says_what_happened(results):
    played = results["played"]
    first, verdict, tally = str(played).splitlines()
    held = showdown.format_cards(played.hold.held)
    assert first.startswith(f"Dealt {showdown.format_cards(played.deal)}, held {held}")
    assert f"final {showdown.format_cards(played.final)}: {played.hand}, pays {played.payout} coin" in first
    assert ("gives up" in verdict) == played.mistake
    assert tally.startswith(f"{played.hands} hand, {played.mistakes} mistake")


def test_no_message_reads_a_quote_then_an_apostrophe():
    with pytest.raises(SettlementError) as raised:
        Seat("alice", -1)
    assert str(raised.value) == "seat 'alice': contribution must not be negative, got -1"
    assert not re.search(r"'s\b", str(raised.value).replace("'alice'", ""))
