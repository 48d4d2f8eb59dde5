"""hands() and random_hands(): counts, membership, reproducibility, errors."""

import itertools
import math

import pytest

from showdown import CARDS, DuplicateCardError, HandSizeError, ShowdownError, hands, parse_cards, random_hands


@pytest.mark.parametrize(
    "n, shared, dead, left",
    [(2, "", "", 52), (5, "As Ks", "", 50), (3, "", "2c 2d 2h", 49), (7, "Ah Kh Qh", "Jh Th", 47)],
)
def test_hands_enumerates_every_hand_once(n, shared, dead, left):
    every = list(hands(n, shared, dead))
    fixed, excluded = set(parse_cards(shared)), set(parse_cards(dead))
    assert len(every) == math.comb(left, n - len(fixed)) == len(set(every))
    assert all(len(hand) == n and fixed <= set(hand) and not excluded & set(hand) for hand in every)
    assert all(len(set(hand)) == n for hand in every)


def test_hands_lists_shared_cards_first_then_id_order():
    first, *_ = hands(4, shared="Ah Kh")
    assert first == parse_cards("Ah Kh 2c 2d")


def test_random_hands_are_reproducible_and_valid():
    draw = list(itertools.islice(random_hands(7, shared="As", dead="Kd Kh", seed=3), 2000))
    again = list(itertools.islice(random_hands(7, shared="As", dead="Kd Kh", seed=3), 2000))
    assert draw == again
    assert all(hand[0] == CARDS[51] and len(set(hand)) == 7 for hand in draw)
    assert not any({CARDS[45], CARDS[46]} & set(hand) for hand in draw)
    seen = {card for hand in draw for card in hand}
    assert len(seen) == 50  # every live card shows up


@pytest.mark.parametrize(
    "args, error",
    [
        ((3, "As Ks Qs Js"), HandSizeError),
        ((2, "As", "As"), DuplicateCardError),
        ((-1,), ShowdownError),
        ((True,), ShowdownError),
        ((50, "", "2c 2d 2h"), HandSizeError),
        ((2, "Zz"), ShowdownError),
    ],
)
def test_hands_errors(args, error):
    with pytest.raises(error):
        next(hands(*args))
    with pytest.raises(error):
        next(random_hands(*args))
