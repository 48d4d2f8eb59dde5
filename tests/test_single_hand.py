"""The single-hand paths: the C extension and the pure-Python fallback give the same answers."""

import gc
import importlib
import pickle
import random

import pytest

from showdown import CARDS, DuplicateCardError, HandRank, HandSizeError, evaluate, evaluate_many, parse_cards
from showdown._rank_base import RankBase as PythonRankBase

single_hand = importlib.import_module("showdown.evaluate")
python_value = single_hand._python_hand_value
c_value = single_hand._c_hand_value
needs_c = pytest.mark.skipif(c_value is None, reason="C extension not built")


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


def test_python_rank_base_compares_and_hashes_by_value():
    low, high, tie = PythonRankBase(5, (CARDS[0],)), PythonRankBase(9, (CARDS[1],)), PythonRankBase(5, (CARDS[2],))
    assert low < high and high > low and low <= tie and low >= tie and low == tie and low != high
    assert hash(low) == hash(tie) and len({low, tie, high}) == 2
    assert (low == 5) is False
    with pytest.raises(TypeError):
        PythonRankBase(5, [CARDS[0]])


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
