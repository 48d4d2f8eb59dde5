"""The single-hand paths: the C extension and the pure-Python fallback give the same answers and
behave the same way (``make test`` also runs this file and test_evaluation.py with
``SHOWDOWN_PURE_PYTHON=1``, where ``evaluate()`` takes the Python path)."""

import gc
import importlib
import os
import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown import (
    CARDS,
    DuplicateCardError,
    HandRank,
    HandSizeError,
    ShowdownError,
    evaluate,
    evaluate_many,
    parse_cards,
)

single_hand = importlib.import_module("showdown.evaluation")
python_value = single_hand._python_hand_value
c_value = single_hand._c_hand_value
needs_c = pytest.mark.skipif(c_value is None, reason="C extension not built or SHOWDOWN_PURE_PYTHON set")
PythonRankBase = single_hand._PythonRankBase
try:
    from showdown._single import RankBase as CRankBase  # type: ignore[attr-defined]
except ImportError:  # no C compiler where it was installed
    CRankBase = None
BASES = [PythonRankBase] + ([CRankBase] if CRankBase is not None else [])


def random_hands(count, seed):
    rng = random.Random(seed)
    return [tuple(rng.sample(CARDS, rng.randint(1, 7))) for _ in range(count)]


def test_python_path_matches_bulk_kernel():
    hands = [hand for hand in random_hands(20_000, seed=1) if len(hand) == 7]
    ids = [[card.id for card in hand] for hand in hands]
    assert [python_value(hand) for hand in hands] == evaluate_many(ids, n_jobs=1).tolist()


@needs_c
def test_c_path_matches_python_path_on_random_hands():
    hands = random_hands(100_000, seed=2)
    assert [c_value(hand) for hand in hands] == [python_value(hand) for hand in hands]
    assert [c_value(list(hand)) for hand in hands[:1000]] == [python_value(list(hand)) for hand in hands[:1000]]


@needs_c
@pytest.mark.parametrize(
    "hand",
    [(), [], tuple(CARDS[:8]), (CARDS[0], CARDS[0]), (0, 1, 2, 3, 4), (CARDS[0], None), None, 51, b"As"],
)
def test_c_and_python_paths_give_the_same_codes_for_bad_input(hand):
    assert c_value(hand) == python_value(hand) < 0
    assert single_hand._c_rank(hand) == single_hand._python_rank(hand) == python_value(hand)


@needs_c
def test_c_rank_builds_the_same_hand_rank_as_python():
    for hand in random_hands(2_000, seed=3):
        fast, slow = single_hand._c_rank(hand), single_hand._python_rank(list(hand))
        assert type(fast) is HandRank and type(slow) is HandRank
        assert (fast.value, fast.cards) == (slow.value, slow.cards) == (python_value(hand), hand)
        assert fast.description == slow.description and fast.best_five == slow.best_five


@needs_c
def test_hand_ranks_stay_out_of_the_cycle_collector():
    assert not gc.is_tracked(evaluate("As Kd 7h 4c 9s 2d 3c"))


def test_evaluate_uses_the_python_path_when_the_extension_is_missing(monkeypatch):
    monkeypatch.setattr(single_hand, "_hand_value", python_value)
    monkeypatch.setattr(single_hand, "_fast_rank", single_hand._python_rank)
    hand = evaluate("Kh Kd Ks 9c 9h 2d 3c")
    assert hand.description == "Full House, Kings full of Nines"
    assert evaluate(list(hand.cards)) == hand
    with pytest.raises(DuplicateCardError, match="Kh"):
        evaluate("Kh Kh Ks 9c 9h")
    with pytest.raises(HandSizeError):
        evaluate(CARDS[:8])


def _outcome(action):
    """What an action gives: ("ok", result) or (error type, message)."""
    try:
        return ("ok", action())
    except Exception as error:  # noqa: BLE001 - the type and the message are what is compared
        return (type(error).__name__, str(error))


def _behaviour(base) -> dict:
    """The outcomes of the same checks on a subclass of ``base`` (as HandRank is one)."""
    rank = type("Rank", (base,), {"__slots__": ()})
    loose = type("Loose", (base,), {})  # a subclass without __slots__ may keep attributes of its own
    low, high, tie = rank(5, (CARDS[0],)), rank(9, (CARDS[1],)), rank(5, (CARDS[2],))
    free = loose(5, ())
    return {
        "order": _outcome(lambda: (low < high, high > low, low <= tie, low >= tie, low == tie, low != high)),
        "hash": _outcome(lambda: (hash(low) == hash(tie) == hash(5), len({low, tie, high}), hash(rank(-1, ())))),
        "other types": _outcome(lambda: (low == 5, low != "x")),
        "keywords": _outcome(lambda: (rank(value=True, cards=()).value, rank(7, cards=(CARDS[3],)).cards)),
        "list of cards": _outcome(lambda: rank(5, [CARDS[0]])),
        "float value": _outcome(lambda: rank(5.0, ())),
        "text value": _outcome(lambda: rank("5", ())),
        "huge value": _outcome(lambda: rank(1 << 70, ())),
        "missing cards": _outcome(lambda: rank(5)),
        "missing both": _outcome(lambda: rank()),
        "too many": _outcome(lambda: rank(1, (), 3)),
        "misspelt keyword": _outcome(lambda: rank(value=1, card=())),
        "set value": _outcome(lambda: setattr(low, "value", 3)),
        "set cards": _outcome(lambda: setattr(low, "cards", ())),
        "set other": _outcome(lambda: setattr(low, "colour", 3)),
        "delete value": _outcome(lambda: delattr(low, "value")),
        "order with int": _outcome(lambda: low < 5),
        "cache best five": _outcome(lambda: (setattr(low, "_best_five", (CARDS[0],)), low._best_five)),
        "subclass attribute": _outcome(lambda: (setattr(free, "colour", 3), free.colour)),
    }


@pytest.mark.parametrize("base", BASES, ids=lambda base: base.__module__)
def test_both_rank_bases_behave_alike(base):
    """The same checks on the C base and the Python base: construction, read-only attributes,
    ordering, hashing and errors, down to the messages."""
    seen = _behaviour(base)
    assert seen["order"] == ("ok", (True, True, True, True, True, True))
    assert seen["hash"] == ("ok", (True, 2, -2)) and seen["other types"] == ("ok", (False, True))
    assert seen["keywords"] == ("ok", (1, (CARDS[3],)))
    assert {check: outcome[0] for check, outcome in seen.items() if outcome[0] != "ok"} == {
        "list of cards": "TypeError", "float value": "TypeError", "text value": "TypeError",
        "huge value": "OverflowError", "missing cards": "TypeError", "missing both": "TypeError",
        "too many": "TypeError", "misspelt keyword": "TypeError", "set value": "AttributeError",
        "set cards": "AttributeError", "set other": "AttributeError", "delete value": "AttributeError",
        "order with int": "TypeError",
    }
    assert seen["cache best five"] == ("ok", (None, (CARDS[0],))) and seen["subclass attribute"] == ("ok", (None, 3))


@pytest.mark.skipif(CRankBase is None, reason="C extension not built")
def test_the_python_base_matches_the_c_base_exactly():
    c_base, python_base = _behaviour(CRankBase), _behaviour(PythonRankBase)
    differing = {check for check in c_base if c_base[check] != python_base[check] and check != "set other"}
    assert differing == set(), {check: (c_base[check], python_base[check]) for check in differing}
    assert c_base["set other"][0] == python_base["set other"][0] == "AttributeError"  # messages name the type


def test_hand_rank_takes_hand_values_only():
    assert HandRank(0, ()).category.value == 0 and HandRank((9 << 12) - 1, ()).category.value == 8
    for bad in (-5, 9 << 12):
        with pytest.raises(ShowdownError, match="is not a hand value"):
            HandRank(bad, ())


def test_pure_python_variable_forces_the_python_path():
    code = ("import showdown.evaluation as e; from showdown import evaluate; "
            "print(e._single is None, type(evaluate('As Kd')).__mro__[1].__name__, evaluate('As Ks Qs Js Ts').value)")
    env = {**os.environ, "SHOWDOWN_PURE_PYTHON": "1"}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "_PythonRankBase", str(evaluate("As Ks Qs Js Ts").value)]


def test_hand_rank_pickles_and_is_read_only():
    hand = evaluate("As Ad 4c 4h Qs 2d 3c")
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand and again.cards == hand.cards and again.description == hand.description
    with pytest.raises(AttributeError):
        hand.value = 3
    with pytest.raises(AttributeError):
        hand.cards = ()
    assert HandRank(hand.value, hand.cards) == hand


@needs_c
def test_c_text_parsing_agrees_with_parse_cards():
    rng = random.Random(4)
    for hand in random_hands(5_000, seed=5):
        words = []
        for card in hand:
            rank, suit = str(card)
            rank = "10" if rank == "T" and rng.random() < 0.5 else rank
            word = rank + suit
            words.append(word.upper() if rng.random() < 0.3 else word.lower() if rng.random() < 0.3 else word)
        text = "".join(word + rng.choice(["", " ", ",", ", ", "  "]) for word in words)
        rank = single_hand._c_rank(text)
        assert rank.cards == parse_cards(text) == hand
        assert rank.value == python_value(hand)


@needs_c
@pytest.mark.parametrize("text", ["As Kx", "A♠ K♦", "As Kd 1c", "As K", "As Kd Qh Jc Tc 9d 8d 7d", "As As", "", "  "])
def test_c_text_parsing_hands_irregular_text_back_to_python(text):
    code = single_hand._c_rank(text)
    assert isinstance(code, int) and code < 0


@pytest.mark.parametrize("text", ["A♠ K♦ Q♥ J♣ T♠", "as kd qh jc tc", "AS KD QH JC TC", "10s Js Qs Ks As"])
def test_evaluate_text_forms_agree(text):
    assert evaluate(text) == evaluate(parse_cards(text))
    assert evaluate(text).cards == parse_cards(text)


def _evaluated(action):
    outcome = _outcome(action)
    return ("ok", outcome[1].value, outcome[1].cards) if outcome[0] == "ok" else outcome


@given(st.text(alphabet="23456789TJQKAtjqka10cdhsCDHSx ,\t;♠♡", max_size=28))
@settings(max_examples=3_000)
def test_text_is_read_as_the_one_parser_reads_it(text):
    """The C extension reads plain ASCII card text itself (a fast path of the same grammar: any
    other text goes to parse_cards); whatever the text, evaluate() answers as it does on the
    cards parse_cards reads, errors and their messages included."""
    assert _evaluated(lambda: evaluate(text)) == _evaluated(lambda: evaluate(parse_cards(text)))
