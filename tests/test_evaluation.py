"""Hand evaluation: exhaustive censuses, agreement with phevaluator and a naive oracle, edge cases,
HandRank, evaluate_many and errors."""

from __future__ import annotations

import hashlib
import importlib
import inspect
import itertools
import json
import math
import random

import numpy as np
import pytest

import naive
from conftest import (
    assert_reverse_order_bijection,
    combinations_array,
    pheval_ranks,
    random_hands,
    require,
)
from showdown import (
    CARDS,
    Card,
    CardParseError,
    Category,
    DuplicateCardError,
    HandRank,
    HandSizeError,
    ShowdownError,
    census,
    evaluate,
    evaluate_many,
    parse_cards,
    showdown,
)

C = Category


def value(text: str) -> int:
    return evaluate(text).value


# --- censuses -----------------------------------------------------------------------------------

PUBLISHED_COUNTS = {
    5: [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40],
    6: [6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1844],
    7: [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584],
}
DISTINCT_TOTALS = {5: 7462, 6: 6075, 7: 4824}
FIVE_CARD_DISTINCT = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_census_matches_published_counts(n_cards):
    result = census(n_cards)
    assert result.n_cards == n_cards
    assert [result.counts[c] for c in Category] == PUBLISHED_COUNTS[n_cards]
    assert result.total == math.comb(52, n_cards)
    assert result.distinct_total == DISTINCT_TOTALS[n_cards]


def test_census_five_card_distinct_per_category():
    assert [census(5).distinct[c] for c in Category] == FIVE_CARD_DISTINCT


# Partial hands, counted by hand: (counts, distinct) per category, categories absent are zero.
PARTIAL_CENSUS = {
    1: ({C.HIGH_CARD: 52}, {C.HIGH_CARD: 13}),
    2: ({C.HIGH_CARD: 78 * 16, C.ONE_PAIR: 13 * 6}, {C.HIGH_CARD: 78, C.ONE_PAIR: 13}),
    3: ({C.HIGH_CARD: 286 * 64, C.ONE_PAIR: 13 * 6 * 12 * 4, C.THREE_OF_A_KIND: 13 * 4},
        {C.HIGH_CARD: 286, C.ONE_PAIR: 13 * 12, C.THREE_OF_A_KIND: 13}),
    4: ({C.HIGH_CARD: 715 * 256, C.ONE_PAIR: 13 * 6 * 66 * 16, C.TWO_PAIR: 78 * 36, C.THREE_OF_A_KIND: 13 * 4 * 12 * 4,
         C.FOUR_OF_A_KIND: 13},
        {C.HIGH_CARD: 715, C.ONE_PAIR: 13 * 66, C.TWO_PAIR: 78, C.THREE_OF_A_KIND: 13 * 12, C.FOUR_OF_A_KIND: 13}),
}


@pytest.mark.parametrize("n_cards", [1, 2, 3, 4])
def test_census_partial_hands(n_cards):
    counts, distinct = PARTIAL_CENSUS[n_cards]
    result = census(n_cards)
    assert result.counts == {c: counts.get(c, 0) for c in Category}
    assert result.distinct == {c: distinct.get(c, 0) for c in Category}
    assert result.total == math.comb(52, n_cards)


def test_census_to_dict_and_str():
    result = census(5)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["total"] == 2598960 and data["distinct_total"] == 7462
    assert [entry["category"] for entry in data["categories"]] == list(range(9))
    assert data["categories"][8] == {"category": 8, "category_name": "Straight Flush", "count": 40, "distinct": 10}
    assert data["categories"][0]["distinct"] == 1277
    text = str(result)
    assert text.splitlines()[0] == "5-card hands: 2,598,960 (7,462 distinct values)"
    assert "Four of a Kind" in text and "624" in text


@pytest.mark.parametrize("n_cards", [0, 8, -1])
def test_census_bad_size(n_cards):
    with pytest.raises(HandSizeError):
        census(n_cards)


# --- every five-card hand -----------------------------------------------------------------------

FIVE_CARD_MD5 = "5f498ce6e49eaecfa6946f4da871e885"


def test_combinations_array_is_itertools_order(five_card_hands):
    expected = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                           dtype=np.uint8, count=5 * 2598960).reshape(-1, 5)
    assert five_card_hands.dtype == np.uint8 and five_card_hands.shape == (2598960, 5)
    assert np.array_equal(five_card_hands, expected)
    for n, k in [(7, 3), (10, 1), (9, 9), (12, 4)]:
        assert combinations_array(n, k).tolist() == [list(c) for c in itertools.combinations(range(n), k)]


def test_five_card_order_md5_pinned(five_card_values):
    """Pins the value of every five-card hand (independently checked against phevaluator below)."""
    assert five_card_values.dtype == np.int32
    digest = hashlib.md5(five_card_values.astype("<i4").tobytes()).hexdigest()
    assert digest == FIVE_CARD_MD5


def test_every_five_card_hand_orders_as_phevaluator(five_card_hands, five_card_values):
    ranks = pheval_ranks(five_card_hands)
    distinct = assert_reverse_order_bijection(five_card_values, ranks, five_card_hands)
    assert distinct == 7462


def test_five_card_values_category_bits(five_card_values):
    categories = five_card_values >> 12
    assert np.bincount(categories, minlength=9).tolist() == PUBLISHED_COUNTS[5]
    assert five_card_values.min() >= 0 and five_card_values.max() < 9 << 12


# --- random six- and seven-card hands -----------------------------------------------------------

N_RANDOM = 5_000_000


@pytest.fixture(scope="module")
def random_six_and_seven():
    return random_hands(61, N_RANDOM, 6), random_hands(71, N_RANDOM, 7)


@pytest.mark.slow
def test_random_six_and_seven_card_hands_order_as_phevaluator(random_six_and_seven):
    six, seven = random_six_and_seven
    ours6, ours7 = evaluate_many(six), evaluate_many(seven)
    theirs6, theirs7 = pheval_ranks(six), pheval_ranks(seven)
    assert_reverse_order_bijection(ours6, theirs6, six)
    assert_reverse_order_bijection(ours7, theirs7, seven)
    # six- and seven-card values live on one scale (the best five): check them together too
    padded = np.full((len(six), 7), 255, dtype=np.uint8)
    padded[:, :6] = six
    everything = np.concatenate([padded, seven])
    assert_reverse_order_bijection(np.concatenate([ours6, ours7]), np.concatenate([theirs6, theirs7]), everything)


@pytest.mark.parametrize(
    "ours, theirs, ok",
    [([1, 2, 3], [30, 20, 10], True), ([5, 5, 9], [7, 7, 1], True), ([3, 1, 2], [1, 3, 2], True),
     ([1, 2, 3], [30, 10, 20], False),  # order differs
     ([1, 1, 3], [30, 20, 10], False),  # a tie of ours that is not a tie of theirs
     ([1, 2, 3], [30, 30, 10], False),  # a tie of theirs that is not a tie of ours
     ([1, 2, 3], [10, 20, 30], False)],  # same direction instead of reversed
)
def test_order_check_helper_can_fail(ours, theirs, ok):
    hands = np.zeros((len(ours), 5), dtype=np.uint8)
    check = lambda: assert_reverse_order_bijection(np.array(ours), np.array(theirs), hands)  # noqa: E731
    if ok:
        assert check() == len(set(ours))
    else:
        with pytest.raises(pytest.fail.Exception):
            check()


def test_random_hands_helper_draws_distinct_cards():
    hands = random_hands(5, 20000, 7)
    assert hands.shape == (20000, 7) and hands.max() <= 51
    assert (np.diff(np.sort(hands, axis=1), axis=1) > 0).all()
    assert np.array_equal(hands, random_hands(5, 20000, 7))


# --- the naive oracle ---------------------------------------------------------------------------


def test_naive_oracle_agrees_with_phevaluator():
    """The oracle itself is checked against an independent evaluator before it judges ours."""
    _pheval = require("phevaluator._pheval")

    for k, function in ((5, _pheval.evaluate_5cards), (6, _pheval.evaluate_6cards), (7, _pheval.evaluate_7cards)):
        hands = random_hands(100 + k, 1500, k).tolist()
        strengths = [naive.evaluate(h) for h in hands]
        ranks = [function(*h) for h in hands]
        for i in range(len(hands) - 1):
            for j in (i + 1, len(hands) - 1 - i):
                expected = (ranks[i] < ranks[j]) - (ranks[i] > ranks[j])
                got = (strengths[i] > strengths[j]) - (strengths[i] < strengths[j])
                assert got == expected, (hands[i], hands[j])


def test_naive_oracle_examples():
    assert naive.evaluate(naive.ids("Ah 2c 3d 4h 5s")) == (naive.STRAIGHT, (3,))
    assert naive.evaluate(naive.ids("Ah 2h 3h 4h 5h")) == (naive.STRAIGHT_FLUSH, (3,))
    assert naive.evaluate(naive.ids("Qh Kd Ah 2c 3d"))[0] == naive.HIGH_CARD
    assert naive.evaluate(naive.ids("Kh Kd Ks 9c 9h 2d 3c")) == (naive.FULL_HOUSE, (11, 7))
    assert naive.compare(naive.ids("Ah Ad"), naive.ids("Ah Ad 2c 3d 4h")) == -1


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_pairs_compare_as_naive(k):
    rng = random.Random(k)
    hands = random_hands(200 + k, 3000, k)
    values = evaluate_many(hands).tolist()
    strengths = [naive.evaluate(h) for h in hands.tolist()]
    for _ in range(6000):
        i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
        expected = (strengths[i] > strengths[j]) - (strengths[i] < strengths[j])
        got = (values[i] > values[j]) - (values[i] < values[j])
        assert got == expected, (hands[i].tolist(), hands[j].tolist(), values[i], values[j])


def test_random_pairs_of_mixed_sizes_compare_as_naive():
    """Hands of 1..7 cards on one scale, partial hands included."""
    rng = random.Random(17)
    hands, values = [], []
    for k in range(1, 8):
        rows = random_hands(300 + k, 800, k)
        hands += rows.tolist()
        values += evaluate_many(rows).tolist()
    strengths = [naive.evaluate(h) for h in hands]
    for _ in range(20000):
        i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
        expected = (strengths[i] > strengths[j]) - (strengths[i] < strengths[j])
        got = (values[i] > values[j]) - (values[i] < values[j])
        assert got == expected, (hands[i], hands[j], values[i], values[j])


def test_categories_match_naive():
    for k in (5, 6, 7):
        hands = random_hands(400 + k, 3000, k)
        values = evaluate_many(hands)
        for hand, v in zip(hands.tolist(), values.tolist(), strict=False):
            assert v >> 12 == naive.evaluate(hand)[0], hand


@pytest.fixture(params=["default", "python"])
def path_evaluate(request, monkeypatch):
    """evaluate() as shipped, and again forced onto its pure-Python fallback (used when the
    optional C extension is not built): the Python function behind the C entry, its C helpers
    swapped for their Python twins."""
    if request.param == "default":
        return evaluate
    module = importlib.import_module("showdown.evaluation")
    monkeypatch.setattr(module, "_fast_value", module._python_hand_value)
    monkeypatch.setattr(module, "_fast_rank", module._python_rank)
    return inspect.unwrap(evaluate)


def test_evaluate_agrees_with_evaluate_many(path_evaluate):
    rng = random.Random(99)
    for k in range(1, 8):
        hands = random_hands(500 + k, 2000, k)
        bulk = evaluate_many(hands)
        for hand, expected in zip(hands.tolist(), bulk.tolist(), strict=False):
            cards = [CARDS[i] for i in hand]
            assert path_evaluate(cards).value == expected
            assert path_evaluate(tuple(cards)).value == expected
            if rng.random() < 0.1:
                assert path_evaluate(hand).value == expected
                assert path_evaluate(" ".join(str(c) for c in cards)).value == expected


# --- edge cases ---------------------------------------------------------------------------------


def test_wheel_is_the_lowest_straight():
    wheel = evaluate("Ah 2c 3d 4h 5s")
    assert wheel.category == C.STRAIGHT
    assert wheel.description == "Straight, Five high"
    assert wheel < evaluate("2c 3d 4h 5s 6h")
    assert wheel > evaluate("Ah Ad Ac Kd Qs")  # beats every three of a kind
    straights = [evaluate([CARDS[4 * r + (r % 2)] for r in range(low, low + 5)]) for low in range(9)]
    assert all(s.category == C.STRAIGHT for s in straights)
    assert wheel < min(straights)
    assert [s.description for s in straights][-1] == "Straight, Ace high"
    assert sorted(straights) == straights and len(set(straights)) == 9


def test_wheel_loses_to_six_high_straight_in_seven_cards():
    rank = evaluate("Ah 2c 3d 4h 5s 6d Kc")
    assert rank.description == "Straight, Six high"
    assert rank.value == value("2c 3d 4h 5s 6d")
    assert [str(c) for c in rank.best_five] == ["6d", "5s", "4h", "3d", "2c"]


def test_steel_wheel_is_a_five_high_straight_flush():
    steel = evaluate("5h 4h 3h 2h Ah")
    assert steel.category == C.STRAIGHT_FLUSH
    assert steel.description == "Straight Flush, Five high"
    assert [str(c) for c in steel.best_five] == ["5h", "4h", "3h", "2h", "Ah"]
    assert steel < evaluate("6h 5h 4h 3h 2h")
    assert steel < evaluate("6c 5c 4c 3c 2c")
    assert steel > evaluate("As Ad Ac Ah Kd")  # beats the best four of a kind
    assert steel == evaluate("Ac 2c 3c 4c 5c")


def test_no_wrap_around_straight():
    for text in ("Qc Kd Ah 2s 3c", "Kc Ad 2h 3s 4c", "Jc Qd Ks Ah 2c"):
        rank = evaluate(text)
        assert rank.category == C.HIGH_CARD, text
        assert rank.description.startswith("High Card, Ace-"), text
    assert evaluate("Qc Kd Ah 2s 3c 7h 8d").category == C.HIGH_CARD
    assert evaluate("Qh Kh Ah 2h 3h").category == C.FLUSH  # suited: a flush, not a straight flush


def test_board_plays_and_everyone_splits():
    result = showdown(["2c 3d", "4h 5c", "9d 9c", "Ah Kh"], "As Ks Qs Js Ts")
    assert result.winners == (0, 1, 2, 3) and result.is_split
    assert all(r.description == "Royal Flush" for r in result.ranks.values())
    assert len({r.value for r in result.ranks.values()}) == 1


def test_board_straight_splits_unless_a_player_improves():
    result = showdown(["2c 3d", "4h 5s"], "9c Td Jh Qs Kc")
    assert result.is_split and result.winners == (0, 1)
    assert result.winning_rank.description == "Straight, King high"
    result = showdown(["2c 3d", "Ah 2d", "4h 5s"], "9c Td Jh Qs Kc")
    assert result.winners == (1,) and result.winning_rank.description == "Straight, Ace high"


def test_counterfeited_two_pair():
    # The player's pair of threes makes a third pair that does not play: the board's kings and
    # nines play with the best fifth card, so any higher kicker beats the player.
    board = "Kc Kd 9h 9s 3c"
    player = evaluate("3d 4h " + board)
    assert player.category == C.TWO_PAIR
    assert player.description == "Two Pair, Kings and Nines, Four kicker"
    assert player == evaluate("Kc Kd 9h 9s 4h")
    ace = evaluate("Ah 2c " + board)
    assert ace.description == "Two Pair, Kings and Nines, Ace kicker"
    assert ace > player
    assert evaluate("2d 2s " + board) < player  # the pocket deuces are counterfeited too
    result = showdown({"threes": "3d 4h", "ace": "Ah 2c", "deuces": "2d 2s"}, board)
    assert result.winners == ("ace",)


def test_three_pairs_use_best_two_and_best_kicker():
    rank = evaluate("Ah Ad Kc Kd 2h 2s 7c")
    assert rank.category == C.TWO_PAIR
    assert rank.description == "Two Pair, Aces and Kings, Seven kicker"
    assert rank == evaluate("Ah Ad Kc Kd 7c")
    rank = evaluate("Ah Ad Kc Kd Qh Qs 7c")
    assert rank.description == "Two Pair, Aces and Kings, Queen kicker"
    assert rank == evaluate("Ah Ad Kc Kd Qh")
    assert [c.rank for c in rank.best_five] == [12, 12, 11, 11, 10]


def test_two_trips_make_a_full_house():
    rank = evaluate("9h 9d 9c 4s 4h 4d Ac")
    assert rank.category == C.FULL_HOUSE
    assert rank.description == "Full House, Nines full of Fours"
    assert rank == evaluate("9h 9d 9c 4s 4h")
    assert rank > evaluate("4s 4h 4d 9h 9d")
    assert [c.rank for c in rank.best_five] == [7, 7, 7, 2, 2]
    assert evaluate("9h 9d 9c 4s 4h 4d") == rank  # six cards: still nines full of fours


def test_trips_and_two_pairs_full_of_the_higher_pair():
    rank = evaluate("6c 6d 6h Ac Ad Kc Kd")
    assert rank.description == "Full House, Sixes full of Aces"
    assert rank == evaluate("6c 6d 6h Ac Ad")


def test_quads_on_board_kicker_decides():
    board = "7c 7d 7h 7s 2c"
    assert evaluate("Ad 3c " + board).description == "Four of a Kind, Sevens, Ace kicker"
    assert showdown(["Kd Qc", "Ad 3c"], board).winners == (1,)
    assert showdown(["3d 4h", "5d 6h"], board).winners == (1,)
    assert showdown(["2d 3h", "2h 3d"], board).winners == (0, 1)
    # a board kicker higher than every hole card plays for everyone
    result = showdown(["Qd Jc", "2d 3h"], "7c 7d 7h 7s Kc")
    assert result.is_split and result.winning_rank.description == "Four of a Kind, Sevens, King kicker"
    assert evaluate("7c 7d 7h 7s Kc Ac Ad").description == "Four of a Kind, Sevens, Ace kicker"


def test_six_and_seven_suited_cards_flush_uses_top_five():
    seven = evaluate("Ah Kh 9h 7h 5h 3h 2h")
    assert seven.category == C.FLUSH
    assert seven.description == "Flush, Ace-King-Nine-Seven-Five"
    assert [str(c) for c in seven.best_five] == ["Ah", "Kh", "9h", "7h", "5h"]
    assert seven == evaluate("Ah Kh 9h 7h 5h") == evaluate("Ah Kh 9h 7h 5h 3h Ac")
    assert evaluate("Ah Kh 9h 7h 4h 3h 2h") < seven  # the fifth flush card decides


def test_straight_flush_beats_higher_plain_flush():
    rank = evaluate("Ah 9h 8h 7h 6h 5h 2c")  # A-9-8-7-6 of hearts is a flush, 9 to 5 a straight flush
    assert rank.category == C.STRAIGHT_FLUSH
    assert rank.description == "Straight Flush, Nine high"
    assert rank > evaluate("Ah Kh Qh Jh 9h 2c 3d")
    assert [str(c) for c in rank.best_five] == ["9h", "8h", "7h", "6h", "5h"]


def test_straight_beats_three_of_a_kind_in_seven_cards():
    rank = evaluate("8c 8d 8h 9s Tc Jd Qh")
    assert rank.description == "Straight, Queen high"


def test_kickers_decide_down_to_the_fifth_card():
    assert evaluate("Ah Kd Qc 9s 3h") > evaluate("Ac Ks Qd 9h 2c")
    assert evaluate("Ah Kd Qc 9s 3h") == evaluate("Ac Ks Qd 9h 3c")
    assert evaluate("Ah Ad Kc Qd 3s") > evaluate("As Ac Kd Qh 2s")
    assert evaluate("Ah Ad Ac Kd 3s") > evaluate("As Ac Ad Kh 2s")
    assert evaluate("Ah Kh Qh Jh 8h") > evaluate("As Ks Qs Js 7s")
    # cards beyond the best five never count
    assert evaluate("Ah Kd Qc 9s 7h 4c 3d") == evaluate("Ah Kd Qc 9s 7h 5c 2d")


@pytest.mark.parametrize(
    "partial, complete",
    [("Ah Ad", "Ah Ad 2c 3d 4h"), ("Ah", "Ah 2c 3d 4h 6s"), ("Ah Ad Ac", "Ah Ad Ac 2c 3d"),
     ("Ah Ad Kc Kd", "Ah Ad Kc Kd 2s"), ("Ah Ad Ac As", "Ah Ad Ac As 2c"), ("Ah Kd", "Ah Kd 4c 3d 2h")],
)
def test_partial_hands_rank_below_complete_hands_with_same_leading_cards(partial, complete):
    a, b = evaluate(partial), evaluate(complete)
    assert a.category == b.category
    assert a < b


def test_partial_hand_descriptions():
    assert evaluate("Ah Ad").description == "One Pair, Aces"
    assert evaluate("Ah").description == "High Card, Ace"
    assert evaluate("Ah Ad Ac As").description == "Four of a Kind, Aces"
    assert evaluate("Ah Ad Kc Kd").description == "Two Pair, Aces and Kings"
    assert evaluate("7h 7d 7c 2s").description == "Three of a Kind, Sevens, Two kicker"
    assert evaluate("Ah Ad 3c").description == "One Pair, Aces, Three kicker"
    assert evaluate("Ah Ad").value > evaluate("Kh Kd Qc Js 9h").value  # a pair of aces beats kings


# --- HandRank -----------------------------------------------------------------------------------

CATEGORY_NAMES = ["High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
                  "Four of a Kind", "Straight Flush"]


def test_category_names():
    assert [str(c) for c in Category] == CATEGORY_NAMES
    assert [int(c) for c in Category] == list(range(9))


def test_value_shift_is_category():
    for hand in random_hands(7, 5000, 7).tolist():
        rank = evaluate(hand)
        assert rank.value >> 12 == rank.category
        assert isinstance(rank.category, Category)


@pytest.mark.parametrize(
    "text, category, description",
    [
        ("Kh Kd Ks 9c 9h 2d 3c", C.FULL_HOUSE, "Full House, Kings full of Nines"),
        ("5d 4c 3h 2s Ah", C.STRAIGHT, "Straight, Five high"),
        ("As Ad 4c 4h Qs 2d 3c", C.TWO_PAIR, "Two Pair, Aces and Fours, Queen kicker"),
        ("As Ks Qs Js Ts 2d 3c", C.STRAIGHT_FLUSH, "Royal Flush"),
        ("Ah Ad Ac As Kd", C.FOUR_OF_A_KIND, "Four of a Kind, Aces, King kicker"),
        ("Ah Ad Ac Kd Qs", C.THREE_OF_A_KIND, "Three of a Kind, Aces, King-Queen kickers"),
        ("Ah Ad Kc Qd Js", C.ONE_PAIR, "One Pair, Aces, King-Queen-Jack kickers"),
        ("Ah Kd Qc Js 9h", C.HIGH_CARD, "High Card, Ace-King-Queen-Jack-Nine"),
        ("Ac Kc Jc 5c Th 8c 7h", C.FLUSH, "Flush, Ace-King-Jack-Eight-Five"),
        ("Ts Js Qs Ks 9s", C.STRAIGHT_FLUSH, "Straight Flush, King high"),
        ("Tc Jd Qs Kh Ah", C.STRAIGHT, "Straight, Ace high"),
        ("6c 6d 6h Ac Ad", C.FULL_HOUSE, "Full House, Sixes full of Aces"),
        ("7c 2d 3h 4s 5c", C.HIGH_CARD, "High Card, Seven-Five-Four-Three-Two"),
    ],
)
def test_descriptions(text, category, description):
    rank = evaluate(text)
    assert rank.category == category
    assert rank.description == description
    assert str(rank) == description
    assert repr(rank) == f"HandRank(value={rank.value}, {description!r})"


@pytest.mark.parametrize(
    "text, best",
    [
        ("Kh 9c Kd 9h Ks 2d 3c", "Ks Kh Kd 9h 9c"),
        ("As Ad 4c 4h Qs 2d 3c", "As Ad 4h 4c Qs"),
        ("2c Ah 3d 5s 4h Kc Kd", "5s 4h 3d 2c Ah"),
        ("Ac 6c 6d Ad 6h", "6h 6d 6c Ad Ac"),
        ("3c 7h 7s 7d 7c Qd", "7s 7h 7d 7c Qd"),
        ("2c 9h Jd Ks 4h", "Ks Jd 9h 4h 2c"),
        ("Ad 2d 3d 4d 5d 6d", "6d 5d 4d 3d 2d"),
        ("Ah Ad", "Ah Ad"),
    ],
)
def test_best_five_grouped_by_multiplicity_then_rank(text, best):
    rank = evaluate(text)
    assert " ".join(str(c) for c in rank.best_five) == best
    assert evaluate(rank.best_five) == rank
    assert set(rank.best_five) <= set(rank.cards)


def test_best_five_of_random_hands_is_a_subset_with_the_same_value():
    for hand in random_hands(8, 500, 7).tolist():
        rank = evaluate(hand)
        assert len(rank.best_five) == 5
        assert set(rank.best_five) <= set(rank.cards)
        assert evaluate(rank.best_five) == rank


def test_handrank_equality_ordering_hash_by_value():
    royal_s, royal_h = evaluate("As Ks Qs Js Ts"), evaluate("Ah Kh Qh Jh Th 2c")
    assert royal_s == royal_h and hash(royal_s) == hash(royal_h) and royal_s.cards != royal_h.cards
    assert len({royal_s, royal_h, evaluate("Ad Kd Qd Jd Td")}) == 1
    low = evaluate("2c 3d 4h 5s 7c")
    assert low < royal_s and low <= royal_s and royal_s > low and royal_s >= low and low != royal_s
    assert not (royal_s < royal_h) and royal_s <= royal_h and royal_s >= royal_h
    assert sorted([royal_s, low]) == [low, royal_s]
    assert max([low, royal_h]) is royal_h
    assert (royal_s == royal_s.value) is False  # a HandRank is not an int
    with pytest.raises(TypeError):
        royal_s < 5  # noqa: B015


def test_handrank_constructed_directly():
    rank = HandRank(32777, parse_cards("As Ks Qs Js Ts"))
    assert rank == evaluate("As Ks Qs Js Ts") and rank.description == "Royal Flush"


def test_handrank_to_dict_is_json_serialisable():
    rank = evaluate("Kh Kd Ks 9c 9h 2d 3c")
    data = json.loads(json.dumps(rank.to_dict()))
    assert data == {
        "value": rank.value,
        "category": 6,
        "category_name": "Full House",
        "description": "Full House, Kings full of Nines",
        "cards": ["Kh", "Kd", "Ks", "9c", "9h", "2d", "3c"],
        "best_five": ["Ks", "Kh", "Kd", "9h", "9c"],
    }


def test_known_values_match_docstring():
    assert evaluate_many([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]]).tolist() == [32777, 28673]


# --- evaluate_many ------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_many_integer_dtypes_agree(k):
    hands = random_hands(900 + k, 50000, k)
    expected = evaluate_many(hands)
    assert expected.dtype == np.int32 and expected.shape == (50000,)
    for dtype in (np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.intp):
        assert np.array_equal(evaluate_many(hands.astype(dtype)), expected), dtype
    assert np.array_equal(evaluate_many(hands.tolist()), expected)


def test_evaluate_many_non_native_byte_order():
    """BUG (src/showdown/evaluate.py, evaluate_many): an integer array in non-native byte order
    (e.g. dtype '>i4', as read from a big-endian file) passes the dtype check, then crashes in
    numba with a TypingError ("non-precise type pyobject"), which is not a ShowdownError.
    Expected: the same values as the native array (the docstring says any integer dtype works)."""
    hands = random_hands(11, 1000, 7)
    expected = evaluate_many(hands)
    for dtype in (">i4", ">u2", ">i8"):
        swapped = hands.astype(dtype)
        try:
            got = evaluate_many(swapped)
        except ShowdownError:
            continue  # a clear rejection would also be acceptable
        except Exception as error:  # noqa: BLE001
            pytest.fail(f"evaluate_many(dtype {dtype}) raised {type(error).__name__}, not a ShowdownError")
        assert np.array_equal(got, expected), dtype


def test_evaluate_many_layouts():
    hands = random_hands(12, 20000, 7)
    expected = evaluate_many(hands)
    assert np.array_equal(evaluate_many(np.asfortranarray(hands)), expected)
    wide = np.zeros((20000, 10), dtype=np.int32)
    wide[:, 1:8] = hands
    assert np.array_equal(evaluate_many(wide[:, 1:8]), expected)
    assert np.array_equal(evaluate_many(hands[::-1]), expected[::-1])
    assert np.array_equal(evaluate_many(hands[:, ::-1]), expected)  # order of cards is irrelevant


@pytest.mark.parametrize("k", [5, 7, 3])
def test_evaluate_many_thread_counts_agree(k):
    hands = random_hands(1000 + k, 300_000, k)
    one = evaluate_many(hands, n_jobs=1)
    two = evaluate_many(hands, n_jobs=2)
    assert np.array_equal(one, two)
    assert np.array_equal(evaluate_many(hands), one)
    assert np.array_equal(evaluate_many(hands, n_jobs=-1), one)
    sample = np.random.default_rng(k).choice(len(hands), 300, replace=False)
    assert [evaluate(hands[i].tolist()).value for i in sample] == one[sample].tolist()


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6, 7])
def test_evaluate_many_each_hand_size(k):
    hands = random_hands(1100 + k, 3000, k)
    values = evaluate_many(hands)
    assert values.tolist() == [evaluate(h).value for h in hands.tolist()]


def test_evaluate_many_empty():
    for k in (5, 7):
        out = evaluate_many(np.zeros((0, k), dtype=np.uint8))
        assert out.shape == (0,) and out.dtype == np.int32


@pytest.mark.parametrize("n_jobs", [0, -2, 1.5, True, "2"])
def test_evaluate_many_bad_n_jobs(n_jobs):
    with pytest.raises(ShowdownError):
        evaluate_many(random_hands(1, 10, 5), n_jobs=n_jobs)


@pytest.mark.parametrize(
    "bad, dtype",
    [(52, np.uint8), (255, np.uint8), (-1, np.int8), (-1, np.int16), (300, np.int16), (52, np.int64),
     (-1, np.int64), (300, np.int64), (2**40, np.int64), (60000, np.uint16)],
)
@pytest.mark.parametrize("k", [5, 7])
def test_evaluate_many_out_of_range_names_first_bad_row(bad, dtype, k):
    hands = random_hands(1200, 1000, k).astype(dtype)
    hands[417, k - 1] = bad
    hands[600, 0] = bad
    hands[800, 1] = hands[800, 0]  # a later duplicate row must not be reported first
    with pytest.raises(CardParseError) as info:
        evaluate_many(hands)
    message = str(info.value)
    assert "row 417" in message and str(bad) in message, message


@pytest.mark.parametrize("k", [2, 5, 6, 7])
def test_evaluate_many_duplicate_names_first_bad_row_and_card(k):
    hands = random_hands(1300 + k, 1000, k)
    hands[250, k - 1] = hands[250, 0]
    hands[700, 0] = 52
    with pytest.raises(DuplicateCardError) as info:
        evaluate_many(hands)
    message = str(info.value)
    assert "row 250" in message, message
    assert str(CARDS[hands[250, 0]]) in message, message


def test_evaluate_many_first_bad_row_on_parallel_path():
    hands = random_hands(1400, 300_000, 7)
    hands[250_000, 3] = 99
    hands[123_456, 6] = hands[123_456, 2]
    for n_jobs in (1, 2):
        with pytest.raises(DuplicateCardError) as info:
            evaluate_many(hands, n_jobs=n_jobs)
        assert "row 123456" in str(info.value)


@pytest.mark.parametrize(
    "bad",
    [np.zeros((3, 5), dtype=np.float64), np.zeros((3, 5), dtype=np.float32), np.ones((3, 5), dtype=bool),
     np.array([[Card("As")] * 5], dtype=object), [["As", "Kd", "Qh", "Jc", "Tc"]], [[1.0, 2.0, 3.0, 4.0, 5.0]]],
    ids=["float64", "float32", "bool", "object", "strings", "float-list"],
)
def test_evaluate_many_rejects_non_integer_arrays(bad):
    with pytest.raises(ShowdownError):
        evaluate_many(bad)


@pytest.mark.parametrize(
    "shape", [(5,), (3, 0), (3, 8), (2, 3, 5), ()], ids=["1d", "k0", "k8", "3d", "scalar"]
)
def test_evaluate_many_rejects_bad_shapes(shape):
    with pytest.raises(ShowdownError):
        evaluate_many(np.zeros(shape, dtype=np.uint8))


def test_evaluate_many_rejects_ragged_rows_with_showdown_error():
    """BUG (src/showdown/evaluate.py, _as_id_array): rows of different lengths are a wrong shape,
    but np.asarray raises its own ValueError ("inhomogeneous shape") before showdown's checks, so
    the error is not a ShowdownError. Expected: HandSizeError (or another ShowdownError)."""
    for ragged in ([[0, 1, 2, 3, 4], [5, 6, 7]], [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10]]):
        try:
            evaluate_many(ragged)
        except ShowdownError:
            continue
        except Exception as error:  # noqa: BLE001
            pytest.fail(f"evaluate_many({ragged}) raised {type(error).__name__}: {str(error)[:80]}")
        pytest.fail(f"evaluate_many({ragged}) accepted ragged rows")


def test_evaluate_many_huge_unsigned_id_is_named_correctly():
    """BUG (src/showdown/evaluate.py, _first_bad_row): ids are widened with astype(int64), so a
    uint64 id of 2**64 - 1 is reported as "card id -1" (and 2**63 as a negative number).
    Expected: the message names the id that was passed."""
    hands = random_hands(15, 10, 5).astype(np.uint64)
    hands[3, 2] = np.uint64(2**64 - 1)
    with pytest.raises(CardParseError) as info:
        evaluate_many(hands)
    message = str(info.value)
    assert "row 3" in message
    assert str(2**64 - 1) in message, message


# --- evaluate() errors --------------------------------------------------------------------------


@pytest.mark.parametrize("cards", ["", [], (), "As Ks Qs Js Ts 9s 8s 7s", list(range(8)), tuple(CARDS[:8])])
def test_evaluate_hand_size_errors(cards, path_evaluate):
    with pytest.raises(HandSizeError):
        path_evaluate(cards)


@pytest.mark.parametrize(
    "cards",
    [
        "As As Kd",
        ["As", "Kd", 51],
        (Card("As"), Card("Kd"), Card("As"), Card("2c"), Card("3c")),
        [Card("As")] * 7,
        "As Kd Qh Jc Tc 9d As",
    ],
)
def test_evaluate_duplicate_errors(cards, path_evaluate):
    with pytest.raises(DuplicateCardError) as info:
        path_evaluate(cards)
    assert "As" in str(info.value)


@pytest.mark.parametrize("cards", ["As Xx", "hello", "As Kd 1c", [51, 52], [True, 1, 2, 3, 4], None, 2.5])
def test_evaluate_junk_errors(cards, path_evaluate):
    with pytest.raises(CardParseError):
        path_evaluate(cards)


def test_evaluate_accepts_every_cards_like(path_evaluate):
    expected = path_evaluate("As Kd Qh Jc 9c").value
    for cards in (["As", "Kd", "Qh", "Jc", "9c"], [51, 45, 42, 36, 28], (51, 45, 42, 36, 28), "AsKdQhJc9c",
                  parse_cards("As Kd Qh Jc 9c"), list(parse_cards("As Kd Qh Jc 9c")), ["As Kd", "Qh Jc 9c"],
                  iter([51, 45, 42, 36, 28])):
        assert path_evaluate(cards).value == expected
    assert path_evaluate(Card("As")).description == "High Card, Ace"
    assert path_evaluate(51).description == "High Card, Ace"


def test_evaluate_many_writes_into_a_given_buffer():
    ids = random_hands(seed=11, n=1000, k=7)
    buffer = np.full(1000, -5, dtype=np.int32)
    result = evaluate_many(ids, out=buffer)
    assert result is buffer
    assert buffer.tolist() == evaluate_many(ids).tolist()
    assert (buffer >= 0).all()


@pytest.mark.parametrize(
    "buffer",
    [np.zeros(999, dtype=np.int32), np.zeros(1000, dtype=np.int64), np.zeros((1000, 1), dtype=np.int32), [0] * 1000],
)
def test_evaluate_many_rejects_an_unsuitable_buffer(buffer):
    with pytest.raises(ShowdownError, match="out must be"):
        evaluate_many(random_hands(seed=12, n=1000, k=7), out=buffer)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("n_jobs", [1, 2])
def test_unchecked_evaluation_matches_checked_on_valid_rows(k, n_jobs):
    ids = random_hands(seed=20 + k, n=120_000, k=k)
    expected = evaluate_many(ids, n_jobs=n_jobs)
    assert evaluate_many(ids, n_jobs=n_jobs, check=False).tolist() == expected.tolist()
    assert evaluate_many(ids.astype(np.int64), n_jobs=n_jobs, check=False).tolist() == expected.tolist()


def test_unchecked_evaluation_of_bad_rows_reads_nothing_out_of_bounds():
    bad = np.array([[255, 0, 1, 2, 3, 4, 5], [-1, 300, 2**40, 7, 8, 9, 10], [9, 9, 9, 9, 9, 9, 9]], dtype=np.int64)
    values = evaluate_many(bad, check=False)  # meaningless values, but no crash and no error
    assert values.shape == (3,) and values.dtype == np.int32
    with pytest.raises(CardParseError, match="row 0"):
        evaluate_many(bad)


# --- card text in bulk, and the words of bulk values ---------------------------------------------
@pytest.mark.parametrize("game", ["holdem", "short-deck", "short-deck-trips", "omaha"])
def test_describe_many_words_every_value_as_evaluate_does(game):
    from showdown import GAMES, card_ids, describe_many

    rules = GAMES[game]
    deck = [str(card) for card in rules.deck]
    rng = random.Random(35)
    if rules.omaha:
        rows = [rng.sample(deck, 9) for _ in range(3000)]
        values = evaluate_many(card_ids([" ".join(row) for row in rows]), game=game)
        expected = [evaluate(" ".join(row[:4]), " ".join(row[4:]), game=game).description for row in rows]
    else:
        rows = [rng.sample(deck, rng.choice((1, 2, 3, 4, 5, 5, 6, 7, 7, 7))) for _ in range(3000)]
        values = np.array([evaluate(" ".join(row), game=game).value for row in rows])
        expected = [evaluate(" ".join(row), game=game).description for row in rows]
    assert describe_many(values, game=game) == expected


def test_describe_many_names_a_value_no_hand_has():
    from showdown import describe_many

    assert describe_many(np.array([], dtype=np.int32)) == []
    with pytest.raises(ShowdownError, match="1048576 is not the value of a Texas Hold'em hand"):
        describe_many([evaluate("As Ks").value, 1 << 20])
    with pytest.raises(ShowdownError, match="hand values must be integers"):
        describe_many([1.5])


def test_card_ids_reads_hands_in_any_notation():
    from showdown import card_ids

    ids = card_ids(["As Ks Qs Js Ts", "10h 9♠ 2c 3d 4d", [Card("2c"), Card("3c"), 5, "Tc", "Jc"]])
    assert ids.dtype == np.uint8 and ids.shape == (3, 5)
    assert [[str(CARDS[i]) for i in row] for row in ids.tolist()] == [
        ["As", "Ks", "Qs", "Js", "Ts"], ["Th", "9s", "2c", "3d", "4d"], ["2c", "3c", "3d", "Tc", "Jc"]]
    assert evaluate_many(ids).tolist() == [evaluate(row).value for row in ["As Ks Qs Js Ts", "Th 9s 2c 3d 4d",
                                                                           "2c 3c 3d Tc Jc"]]
    with pytest.raises(HandSizeError, match="hand 1 has 4 cards; every hand must have 5"):
        card_ids(["As Ks Qs Js Ts", "2c 3d 4h 5s"])
    with pytest.raises(CardParseError, match="hand 0: bad card 'Zz'"):
        card_ids(["Zz As"])
    with pytest.raises(HandSizeError, match="takes a list of hands"):
        card_ids("As Ks Qs Js Ts")
    assert card_ids([]).shape == (0, 0)
