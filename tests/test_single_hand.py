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

from showdown import CARDS, DuplicateCardError, HandRank, HandSizeError, evaluate, evaluate_many, parse_cards

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


def _error(action):
    """The type of error an action raises, or None."""
    try:
        action()
    except Exception as error:  # noqa: BLE001 - the type is what is compared
        return type(error)
    return None


@pytest.mark.parametrize("base", BASES, ids=lambda base: base.__module__)
def test_both_rank_bases_behave_alike(base):
    """The same checks on the C base and the Python base: construction, read-only attributes,
    ordering, hashing and errors; with the C extension built, the two are compared directly."""
    rank = type("Rank", (base,), {"__slots__": ()})
    low, high, tie = rank(5, (CARDS[0],)), rank(9, (CARDS[1],)), rank(5, (CARDS[2],))
    assert low < high and high > low and low <= tie and low >= tie and low == tie and low != high
    assert hash(low) == hash(tie) == hash(5) and len({low, tie, high}) == 2 and hash(rank(-1, ())) == -2
    assert (low == 5) is False and (low != "x") is True
    assert rank(value=True, cards=()).value == 1 and rank(7, cards=(CARDS[3],)).cards == (CARDS[3],)
    observed = {
        "list of cards": _error(lambda: rank(5, [CARDS[0]])),
        "float value": _error(lambda: rank(5.0, ())),
        "text value": _error(lambda: rank("5", ())),
        "huge value": _error(lambda: rank(1 << 70, ())),
        "missing cards": _error(lambda: rank(5)),
        "set value": _error(lambda: setattr(low, "value", 3)),
        "set cards": _error(lambda: setattr(low, "cards", ())),
        "set other": _error(lambda: setattr(low, "colour", 3)),
        "delete value": _error(lambda: delattr(low, "value")),
        "order with int": _error(lambda: low < 5),
        "cache best five": _error(lambda: setattr(low, "_best_five", (CARDS[0],))),
    }
    assert observed == {
        "list of cards": TypeError, "float value": TypeError, "text value": TypeError, "huge value": OverflowError,
        "missing cards": TypeError, "set value": AttributeError, "set cards": AttributeError,
        "set other": AttributeError, "delete value": AttributeError, "order with int": TypeError,
        "cache best five": None,
    }
    assert low._best_five == (CARDS[0],) and low.value == 5


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
