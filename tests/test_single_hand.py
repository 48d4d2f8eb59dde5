"""The single-hand paths: the C extension and the pure-Python fallback give the same answers."""

import importlib
import random

import pytest

from showdown import CARDS, DuplicateCardError, HandSizeError, evaluate, evaluate_many

single_hand = importlib.import_module("showdown.evaluate")
python_value = single_hand._python_hand_value
c_value = single_hand._c_hand_value()


def random_hands(count, seed):
    rng = random.Random(seed)
    return [tuple(rng.sample(CARDS, rng.randint(1, 7))) for _ in range(count)]


def test_python_path_matches_bulk_kernel():
    hands = [hand for hand in random_hands(20_000, seed=1) if len(hand) == 7]
    ids = [[card.id for card in hand] for hand in hands]
    assert [python_value(hand) for hand in hands] == evaluate_many(ids, n_jobs=1).tolist()


@pytest.mark.skipif(c_value is None, reason="C extension not built")
def test_c_path_matches_python_path_on_random_hands():
    hands = random_hands(100_000, seed=2)
    assert [c_value(hand) for hand in hands] == [python_value(hand) for hand in hands]
    assert [c_value(list(hand)) for hand in hands[:1000]] == [python_value(list(hand)) for hand in hands[:1000]]


@pytest.mark.skipif(c_value is None, reason="C extension not built")
@pytest.mark.parametrize(
    "hand",
    [(), [], tuple(CARDS[:8]), (CARDS[0], CARDS[0]), "As Kd", (0, 1, 2, 3, 4), (CARDS[0], None), None, 51],
)
def test_c_and_python_paths_give_the_same_codes_for_bad_input(hand):
    assert c_value(hand) == python_value(hand) < 0


def test_evaluate_uses_the_python_path_when_the_extension_is_missing(monkeypatch):
    monkeypatch.setattr(single_hand, "_hand_value", python_value)
    hand = evaluate("Kh Kd Ks 9c 9h 2d 3c")
    assert hand.description == "Full House, Kings full of Nines"
    assert evaluate(list(hand.cards)) == hand
    with pytest.raises(DuplicateCardError, match="Kh"):
        evaluate("Kh Kh Ks 9c 9h")
    with pytest.raises(HandSizeError):
        evaluate(CARDS[:8])
