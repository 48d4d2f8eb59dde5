"""The single-hand paths: the C extension and the pure-Python fallback give the same answers and
behave the same way (``make test`` also runs this file and test_evaluation.py with
``SHOWDOWN_PURE_PYTHON=1``, where ``evaluate()`` takes the Python path)."""

import copy
import functools
import gc
import importlib
import inspect
import os
import pickle
import random
import subprocess
import sys
import weakref

import pytest
from hypothesis import given
from hypothesis import strategies as st

import showdown
from conftest import budget
from showdown import (
    CARDS,
    GAMES,
    CardParseError,
    DuplicateCardError,
    HandRank,
    HandSizeError,
    ShowdownError,
    evaluate,
    evaluate_many,
    hand_value,
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
    text = "As Kd 7h 4c 9s 2d 3c"
    for rank in (evaluate(text), evaluate(parse_cards(text)), evaluate(list(parse_cards(text))), evaluate(text, None),
                 single_hand._c_rank(text), HandRank(5, ())):
        assert not gc.is_tracked(rank)
        assert rank.cards == parse_cards(text) or rank.value == 5
        assert not gc.is_tracked(rank)


@pytest.fixture
def python_path(monkeypatch):
    """The Python functions behind the C entries, their C helpers swapped for their Python twins:
    the path taken where the extension is not built."""
    monkeypatch.setattr(single_hand, "_fast_value", python_value)
    monkeypatch.setattr(single_hand, "_fast_rank", single_hand._python_rank)
    return inspect.unwrap(evaluate), inspect.unwrap(hand_value)


def test_evaluate_uses_the_python_path_when_the_extension_is_missing(python_path):
    python_evaluate, python_hand_value = python_path
    hand = python_evaluate("Kh Kd Ks 9c 9h 2d 3c")
    assert type(hand) is HandRank and hand.description == "Full House, Kings full of Nines"
    assert python_evaluate(list(hand.cards)) == hand
    assert python_hand_value("Kh Kd Ks 9c 9h 2d 3c") == python_hand_value(hand.cards) == hand.value
    with pytest.raises(DuplicateCardError, match="Kh"):
        python_evaluate("Kh Kh Ks 9c 9h")
    with pytest.raises(HandSizeError):
        python_evaluate(CARDS[:8])
    with pytest.raises(HandSizeError):
        python_hand_value(CARDS[:8])


class Text(str):
    """Card text of a str subclass: the C entry leaves it to the Python path."""


HAND = "As Kd 7h 2c 3d"
CALL_SHAPES = [
    ((HAND,), {}),
    (("AsKd7h2c3d4s5h",), {}),
    (("as KD, 10h 2C 3d",), {}),
    ((parse_cards(HAND),), {}),
    ((list(parse_cards(HAND)),), {}),
    (([51, 45, 22, 0, 5],), {}),
    ((CARDS[51],), {}),
    ((51,), {}),
    ((Text(HAND),), {}),
    (("A♠ K♦ 7h",), {}),
    ((HAND, None), {}),
    ((HAND,), {"board": None}),
    ((HAND,), {"game": "holdem"}),
    ((HAND, None), {"game": "holdem"}),
    ((HAND,), {"game": "holdem", "board": None}),
    ((HAND,), {"game": GAMES["holdem"]}),
    (("As Kd",), {"board": "7h 2c 3d"}),
    (("As Kd", "7h 2c 3d"), {}),
    (("As Kd", "7h 2c 3d"), {"game": "holdem"}),
    (("Ah 9c",), {"board": "8d 7s 6h", "game": "short-deck"}),
    (("As Kd",), {"game": "short-deck"}),
    (("As Kd Qh Jc", "2c 3d 4h"), {"game": "omaha"}),
    (("As As",), {}),
    (("AsKdAs",), {}),
    (((CARDS[0], CARDS[0]),), {}),
    (("",), {}),
    ((CARDS[:8],), {}),
    (("As Kd Qd Jd Td 9d 8d 7d",), {}),
    (("As Zz",), {}),
    (("As K",), {}),
    ((None,), {}),
    ((2.5,), {}),
    ((), {}),
    ((), {"cards": HAND}),
    ((HAND, None, None), {}),
    ((HAND, None), {"board": None}),
    ((HAND,), {"colour": "red"}),
    ((HAND,), {"game": "razz"}),
    ((HAND,), {"game": 5}),
    ((HAND,), {"board": "As"}),
    (("As 5d",), {"board": "Ks Qs Js", "game": "short-deck"}),
]


def _answer(function, args, kwargs):
    """What a call gives, comparable across paths: the rank's type, value, cards, game and
    description, the bare value, or the error's type and message."""
    outcome = _outcome(lambda: function(*args, **kwargs))
    if outcome[0] == "ok" and isinstance(outcome[1], HandRank):
        rank = outcome[1]
        return ("ok", type(rank), rank.value, rank.cards, rank.game.name, rank.description)
    return outcome


@pytest.mark.parametrize(("args", "kwargs"), CALL_SHAPES, ids=lambda shape: repr(shape)[:40])
def test_c_entries_answer_as_the_python_path_does(args, kwargs, python_path):
    python_evaluate, python_hand_value = python_path
    rank = _answer(evaluate, args, kwargs)
    assert rank == _answer(python_evaluate, args, kwargs)
    value = _answer(hand_value, args, kwargs)
    assert value == _answer(python_hand_value, args, kwargs)
    if rank[0] == "ok":
        assert value == ("ok", rank[2])
    elif rank[0] == "TypeError":  # the same call shape error, naming its own function
        assert value == (rank[0], rank[1].replace("evaluate()", "hand_value()"))
    else:
        assert value == rank


def test_c_entries_are_the_documented_functions():
    for entry in (evaluate, hand_value):
        function = inspect.unwrap(entry)
        assert inspect.isfunction(function)
        assert entry.__name__ == function.__name__ and entry.__qualname__ == function.__qualname__
        assert entry.__module__ == function.__module__ == "showdown.evaluation"
        assert entry.__doc__ == function.__doc__ and "Raises:" in entry.__doc__
        assert inspect.signature(entry) == inspect.signature(function)
        assert list(inspect.signature(entry).parameters) == ["cards", "board", "game"]
        assert repr(entry) == repr(function)
        for pickled in (pickle.dumps(entry), pickle.dumps(getattr(showdown, entry.__name__), protocol=0)):
            assert pickle.loads(pickled) is entry
        assert copy.copy(entry) is entry and copy.deepcopy(entry) is entry and weakref.ref(entry)() is entry
    method = type("Holder", (), {"value": hand_value})().value  # bound as a function would be
    with pytest.raises(CardParseError, match="Holder"):
        method()


@needs_c
def test_ranks_of_text_make_their_cards_when_read():
    rank = single_hand._c_rank("As Kd 7h")
    cards = rank.cards
    assert cards == parse_cards("As Kd 7h") and rank.cards is cards and all(card in CARDS for card in cards)
    given = parse_cards("As Kd 7h")
    assert evaluate(given).cards is given  # a tuple of Cards is kept as it is
    assert pickle.loads(pickle.dumps(evaluate("As Kd 7h"))).cards == given
    for change, arguments in ((setattr, ("cards", ())), (delattr, ("cards",))):
        c_outcome = _outcome(functools.partial(change, single_hand._c_rank("As Kd 7h"), *arguments))
        assert c_outcome == _outcome(functools.partial(change, single_hand._python_rank(list(given)), *arguments))
        assert c_outcome == ("AttributeError", "readonly attribute")


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
        "delete cards": _outcome(lambda: delattr(low, "cards")),
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
        "delete cards": "AttributeError",
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


@pytest.mark.process
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
@budget(30)
def test_text_is_read_as_the_one_parser_reads_it(text):
    """The C extension reads plain ASCII card text itself (a fast path of the same grammar: any
    other text goes to parse_cards); whatever the text, evaluate() answers as it does on the
    cards parse_cards reads, errors and their messages included."""
    assert _evaluated(lambda: evaluate(text)) == _evaluated(lambda: evaluate(parse_cards(text)))
