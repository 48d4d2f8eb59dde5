"""Evaluation in the other games: short deck exhaustively against a naive evaluator and
combinatorics, Omaha high and the eight-or-better low against brute force over every
two-plus-three split and against pokerkit, the two-plus-three rule in single hands, and errors."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

import naive
import naive_games as ng
from conftest import assert_reverse_order_bijection, combinations_array, random_hands, require
from showdown import (
    GAMES,
    DuplicateCardError,
    GameError,
    HandSizeError,
    evaluate,
    evaluate_low,
    evaluate_many,
    evaluate_many_low,
)

RANKS, SUITS = "23456789TJQKA", "cdhs"
SHORT_DECK_GAMES = {"short-deck": False, "short-deck-trips": True}
OMAHA_GAMES = {"omaha": 4, "omaha5": 5, "omaha6": 6}
LOW_GAMES = {"omaha-hilo": 4, "omaha5-hilo": 5}
KNOWN_GAMES = ["holdem", "short-deck", "short-deck-trips", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo"]


def text(ids) -> str:
    return " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in ids)


def id_rows(*rows) -> np.ndarray:
    return np.array(rows, dtype=np.uint8)


def categories_of(values: np.ndarray, game: str) -> np.ndarray:
    """Each value's category (hold'em numbering) by the game's documented mapping."""
    rules = GAMES[game]
    return np.array([rules.category_number(place << 12) for place in range(9)])[values >> 12]


def short_deck_hands(seed: int, n: int, k: int) -> np.ndarray:
    """``n`` random hands of ``k`` distinct short deck cards."""
    rng = np.random.default_rng(seed)
    return np.array([rng.choice(36, size=k, replace=False) + 16 for _ in range(n)], dtype=np.uint8)


def omaha_rows(seed: int, n: int, hole: int, board: int) -> np.ndarray:
    return random_hands(seed, n, hole + board)


# --- short deck ---------------------------------------------------------------------------------

def short_deck_counts() -> list[int]:
    """Five-card short deck hands by category (hold'em numbering), by combinatorics: 9 ranks,
    6 straights (A-6-7-8-9 to T-J-Q-K-A)."""
    straights, ranks = 6, 9
    straight_flush = straights * 4
    flush = comb(ranks, 5) * 4 - straight_flush
    straight = straights * 4**5 - straight_flush
    high_card = (comb(ranks, 5) - straights) * (4**5 - 4)
    pair = ranks * comb(4, 2) * comb(ranks - 1, 3) * 4**3
    two_pair = comb(ranks, 2) * comb(4, 2) ** 2 * (ranks - 2) * 4
    trips = ranks * 4 * comb(ranks - 1, 2) * 4**2
    full_house = ranks * 4 * (ranks - 1) * comb(4, 2)
    quads = ranks * (ranks - 1) * 4
    return [high_card, pair, two_pair, trips, straight, flush, full_house, quads, straight_flush]


@pytest.fixture(scope="module")
def short_five() -> dict[str, np.ndarray]:
    """Every five-card short deck hand in colex order (places 0..35 and ids) and its
    showdown values in each variant."""
    places = combinations_array(36, 5)
    order = np.argsort(ng.colex_index(places))
    places = places[order]
    assert np.array_equal(ng.colex_index(places), np.arange(len(places)))
    hands = places + np.uint8(16)
    result = {"places": places, "hands": hands}
    for game in SHORT_DECK_GAMES:
        result[game] = evaluate_many(hands, game=game, n_jobs=1)
    return result


def test_short_deck_naive_matches_combinatorics():
    categories, _ = ng.short_deck_five_keys()
    assert np.bincount(categories, minlength=9).tolist() == short_deck_counts()
    assert sum(short_deck_counts()) == comb(36, 5)


@pytest.mark.parametrize("game", SHORT_DECK_GAMES)
def test_short_deck_five_card_categories_and_order_exhaustive(short_five, game):
    categories, keys = ng.short_deck_five_keys(trips=SHORT_DECK_GAMES[game])
    values = short_five[game]
    ours = categories_of(values, game)
    assert np.bincount(ours, minlength=9).tolist() == short_deck_counts()
    mismatch = np.flatnonzero(ours != categories)
    assert mismatch.size == 0, f"{mismatch.size} categories differ, first {text(short_five['hands'][mismatch[0]])}"
    # The full order: equal values exactly for equal naive keys, and the same order.
    distinct = assert_reverse_order_bijection(values, -keys, short_five["hands"])
    assert distinct == len(np.unique(keys))
    # value >> 12 is the place of the category in the variant's order.
    order = ng.SHORT_DECK_TRIPS_ORDER if SHORT_DECK_GAMES[game] else ng.SHORT_DECK_ORDER
    assert np.array_equal(values >> 12, np.array([order.index(c) for c in range(9)])[categories])


def test_short_deck_variants_differ_only_between_straight_and_trips(short_five):
    plain, trips = short_five["short-deck"], short_five["short-deck-trips"]
    categories = categories_of(plain, "short-deck")
    assert np.array_equal(categories, categories_of(trips, "short-deck-trips"))
    straight = plain[categories == naive.STRAIGHT]
    three = plain[categories == naive.THREE_OF_A_KIND]
    assert straight.min() > three.max()
    assert trips[categories == naive.THREE_OF_A_KIND].min() > trips[categories == naive.STRAIGHT].max()


def test_short_deck_key_hands():
    """The rules in single hands: the naive order and showdown's agree on the cases that matter."""
    cases = [
        ("Ah 9c 8d 7s 6h", "Ks Qs Jd Tc 9h", "<"),  # A-6-7-8-9 is the lowest straight
        ("Ah 9c 8d 7s 6h", "Ac Ad As Kh Qd", ">"),  # straight over trips
        ("Ah Kh Qh 9h 6h", "Ac Ad As Kh Kd", ">"),  # flush over full house
        ("Ah 9h 8h 7h 6h", "Ac Ad As Ah Kd", ">"),  # the lowest straight flush over quads
        ("Ts Js Qs Ks As", "Ah 9h 8h 7h 6h", ">"),
    ]
    for first, second, sign in cases:
        a, b = evaluate(first, game="short-deck"), evaluate(second, game="short-deck")
        na, nb = (ng.short_deck(naive.ids(hand))[1] for hand in (first, second))
        assert (na > nb) == (sign == ">") and (na < nb) == (sign == "<")
        assert (a > b) == (sign == ">") and (a < b) == (sign == "<"), (first, second)
    # The variant swaps straight and trips only.
    assert evaluate("Ah 9c 8d 7s 6h", game="short-deck-trips") < evaluate("Ac Ad As Kh Qd", game="short-deck-trips")
    assert evaluate("Ah 9c 8d 7s 6h", game="short-deck").description == "Straight, Nine high"
    assert [str(c) for c in evaluate("Ah 9c 8d 7s 6h", game="short-deck").best_five] == ["9c", "8d", "7s", "6h", "Ah"]


def random_places(seed: int, n: int, k: int, deck: int = 36) -> np.ndarray:
    """``n`` random hands of ``k`` distinct places in a deck of ``deck`` cards, each row ascending."""
    rng = np.random.default_rng(seed)
    return np.sort(np.argsort(rng.random((n, deck)), axis=1)[:, :k], axis=1).astype(np.uint8)


def assert_best_of_the_fives(short_five, game: str, hands: dict[int, np.ndarray]) -> None:
    """For the hands of each size k (rows of ascending places, 0..35): showdown's value is the
    value of the five that the naive order finds best (categories compared directly)."""
    categories5, keys5 = ng.short_deck_five_keys(trips=SHORT_DECK_GAMES[game])
    unique_keys, rank5 = np.unique(keys5, return_inverse=True)
    rank5 = rank5.astype(np.int32)
    value_of_rank = np.zeros(len(unique_keys), dtype=np.int32)
    value_of_rank[rank5] = short_five[game]
    category_of_rank = np.zeros(len(unique_keys), dtype=np.int64)
    category_of_rank[rank5] = categories5
    for k, places in hands.items():
        best = ng.best_of_subsets(places, rank5)
        places += np.uint8(16)
        values = evaluate_many(places, game=game, n_jobs=1)
        expected_categories = category_of_rank[best]
        ours = categories_of(values, game)
        assert np.array_equal(np.bincount(ours, minlength=9), np.bincount(expected_categories, minlength=9)), k
        wrong = np.flatnonzero(values != value_of_rank[best])
        assert wrong.size == 0, f"{wrong.size} {k}-card values differ, first {text(places[wrong[0]])}"
        del places, best, values


@pytest.mark.slow
@pytest.mark.parametrize("game", SHORT_DECK_GAMES)
def test_short_deck_six_and_seven_cards_exhaustive(short_five, game):
    """Every 6- and 7-card hand: showdown's value is the value of the five that the naive order
    finds best (categories compared directly), over all C(36, 6) + C(36, 7) hands."""
    assert_best_of_the_fives(short_five, game, {k: combinations_array(36, k) for k in (6, 7)})


@pytest.mark.parametrize("game", SHORT_DECK_GAMES)
def test_short_deck_six_and_seven_cards_random_sample(short_five, game):
    """The exhaustive test's check on 200,000 random 6- and 7-card hands (the quick tier's
    sample of it)."""
    assert_best_of_the_fives(short_five, game, {k: random_places(36 + k, 200_000, k) for k in (6, 7)})


@pytest.mark.parametrize("game", SHORT_DECK_GAMES)
def test_short_deck_seven_cards_naive_sample(game):
    """A sample of 7-card hands through the pure-Python naive evaluator, and single-hand
    evaluate() with a board agreeing with evaluate_many."""
    trips = SHORT_DECK_GAMES[game]
    hands = short_deck_hands(7, 1500, 7)
    values = evaluate_many(hands, game=game, n_jobs=1)
    naive_results = [ng.short_deck(row.tolist(), trips=trips) for row in hands]
    keys = np.array([key for _, key in naive_results])
    assert_reverse_order_bijection(values, -keys, hands)
    assert categories_of(values, game).tolist() == [category for category, _ in naive_results]
    for row, value in zip(hands[:200], values[:200], strict=True):
        rank = evaluate(text(row[:2]), text(row[2:]), game=game)
        assert rank.value == value
        assert len(rank.best_five) == 5 and set(rank.best_five) <= set(rank.cards)
        assert ng.short_deck([c.id for c in rank.best_five], trips=trips)[1] == ng.short_deck(row.tolist(), trips)[1]


def test_short_deck_against_pokerkit():
    """pokerkit's short deck hand (straight over trips) orders a sample of five-card hands alike."""
    pokerkit = require("pokerkit")
    hands = short_deck_hands(11, 20000, 5)
    values = evaluate_many(hands, game="short-deck", n_jobs=1)
    theirs = np.array([pokerkit.ShortDeckHoldemHand(text(row).replace(" ", "")).entry.index for row in hands])
    assert_reverse_order_bijection(values, -theirs, hands)


@pytest.mark.parametrize("game", SHORT_DECK_GAMES)
def test_short_deck_refuses_cards_below_six(game):
    for cards, board, bad in [("5h 6h 7h 8h 9h", None, "5h"), ("Ah Kh", "2c 7d 8s", "2c"), ("4d Kh", "Qs 7d 8s", "4d")]:
        with pytest.raises(GameError) as error:
            evaluate(cards, board, game=game)
        assert bad in str(error.value) and "short deck" in str(error.value)
    rows = np.array([[51, 47, 43, 39, 35], [51, 47, 43, 39, 15]], dtype=np.uint8)  # 15 is the 5s
    with pytest.raises(GameError) as error:
        evaluate_many(rows, game=game)
    assert "5s" in str(error.value) and "row 1" in str(error.value)
    # Hold'em takes the same row.
    assert evaluate_many(rows).shape == (2,)


# --- Omaha high ---------------------------------------------------------------------------------

def holdem_values(fives: np.ndarray) -> np.ndarray:
    return evaluate_many(fives, n_jobs=1)


@pytest.mark.parametrize("game", OMAHA_GAMES)
def test_omaha_against_split_brute_force(game):
    """Hundreds of thousands of random hands per game and board size: the best of every
    two-hole three-board five, each valued by the hold'em evaluator."""
    hole = OMAHA_GAMES[game]
    for board, n in ((3, 250_000), (4, 150_000), (5, 100_000)):
        rows = omaha_rows(hole * 10 + board, n, hole, board)
        expected = np.concatenate([ng.omaha_high_many(part, hole, holdem_values)
                                   for part in np.array_split(rows, 10)])
        values = evaluate_many(rows, game=game, n_jobs=1)
        wrong = np.flatnonzero(values != expected)
        assert wrong.size == 0, f"{game}, board {board}: {wrong.size} differ, first {text(rows[wrong[0]])}"


@pytest.mark.parametrize("game", OMAHA_GAMES)
def test_omaha_against_naive(game):
    """The pure-Python naive evaluator over every split, on a sample of every board size."""
    hole = OMAHA_GAMES[game]
    for board in (3, 4, 5):
        rows = omaha_rows(200 + board, 2400 // hole, hole, board)
        values = evaluate_many(rows, game=game, n_jobs=1)
        strengths = [ng.omaha_high(row[:hole].tolist(), row[hole:].tolist()) for row in rows]
        keys = np.array([category * 13**5 + ng.tiebreak_number(tiebreak) for category, tiebreak in strengths])
        assert_reverse_order_bijection(values, -keys, rows)
        assert categories_of(values, game).tolist() == [category for category, _ in strengths]


# pokerkit values a hand in Python, a few thousand a second: the quick tier's sample is smaller.
POKERKIT_ROWS = [300, pytest.param(1500, marks=pytest.mark.slow)]


@pytest.mark.parametrize("n", POKERKIT_ROWS)
def test_omaha_against_pokerkit(n):
    """pokerkit's Omaha hand orders the same random hands alike (every game and board size in
    one order: an Omaha value is always a five-card value), ``n`` hands for each."""
    pokerkit = require("pokerkit")
    ours, theirs, shown = [], [], []
    for game, hole in OMAHA_GAMES.items():
        for board in (3, 4, 5):
            rows = omaha_rows(300 + 10 * hole + board, n, hole, board)
            ours.append(evaluate_many(rows, game=game, n_jobs=1))
            for row in rows:
                hand = pokerkit.OmahaHoldemHand.from_game(text(row[:hole]).replace(" ", ""),
                                                          text(row[hole:]).replace(" ", ""))
                theirs.append(hand.entry.index)
                shown.append(row[:7])
    assert_reverse_order_bijection(np.concatenate(ours), -np.array(theirs), np.array(shown))


OMAHA_CASES = [
    # hole, board, description (from the rules: exactly two hole and three board cards)
    ("Ah 7c 6d 2s", "Kh Qh Jh Th 3h", "High Card, Ace-King-Queen-Jack-Seven"),  # one heart, one broadway card
    ("Ah Kc 9d 2s", "Qh Jh 8h 4h 5c", "High Card, Ace-King-Queen-Jack-Eight"),  # four hearts on board, one in hand
    ("As Ad 2c 3c", "9c 9d 9h 9s Kd", "Full House, Nines full of Aces"),  # board quads
    ("2c 3d 4h 7s", "Ah Kh Qh Jh Th", "High Card, Ace-King-Queen-Seven-Four"),  # a royal on board
    ("9c 9d Ks 2h", "9h 9s 3c 4d 7h", "Four of a Kind, Nines, Seven kicker"),  # the kicker from the board
    ("Ac Ad Ah Ks", "2c 7d 9h Js 4c", "One Pair, Aces, Jack-Nine-Seven kickers"),  # only two of the aces
    ("Ah Kh 7c 2d", "Qh Jh Th 9s 3h", "Royal Flush"),
    ("8h 7h Kc Kd", "6h 5h 2h", "Flush, Eight-Seven-Six-Five-Two"),  # a board of three
    ("8h 7h Kc Kd", "6h 5h 2c", "One Pair, Kings, Six-Five-Two kickers"),  # all three play
    ("5c 6d Kc Kd", "7h 8s 9c Ad", "Straight, Nine high"),  # a board of four
]


@pytest.mark.parametrize("hole, board, description", OMAHA_CASES)
@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_omaha_two_plus_three_in_single_hands(game, hole, board, description):
    rank = evaluate(hole, board, game=game)
    assert rank.description == description
    hole_ids, board_ids = naive.ids(hole), naive.ids(board)
    best = [card.id for card in rank.best_five]
    assert len(best) == 5
    assert sum(c in hole_ids for c in best) == 2 and sum(c in board_ids for c in best) == 3
    strength = ng.omaha_high(hole_ids, board_ids)
    assert naive.eval_upto5(best) == strength
    assert rank.category == strength[0]
    assert rank.value == evaluate_many(id_rows(hole_ids + board_ids), game=game)[0]


def test_omaha_is_not_holdem():
    """Where the 2+3 rule matters, the naive hold'em best of all cards is stronger."""
    for hole, board, _ in OMAHA_CASES[:6]:
        holdem = max(map(naive.eval_upto5, itertools.combinations(naive.ids(hole + " " + board), 5)))
        assert holdem > ng.omaha_high(naive.ids(hole), naive.ids(board))


@pytest.mark.parametrize("game", OMAHA_GAMES)
def test_omaha_single_hands_random(game):
    hole = OMAHA_GAMES[game]
    for board in (3, 4, 5):
        rows = omaha_rows(400 + board, 100, hole, board)
        values = evaluate_many(rows, game=game)
        for row, value in zip(rows, values, strict=True):
            hole_ids, board_ids = row[:hole].tolist(), row[hole:].tolist()
            rank = evaluate(text(hole_ids), text(board_ids), game=game)
            assert rank.value == value
            best = [card.id for card in rank.best_five]
            assert sum(c in hole_ids for c in best) == 2 and sum(c in board_ids for c in best) == 3
            strength = ng.omaha_high(hole_ids, board_ids)
            assert naive.eval_upto5(best) == strength and rank.category == strength[0]


# --- eight-or-better low ------------------------------------------------------------------------

@pytest.mark.parametrize("game", LOW_GAMES)
def test_low_against_split_brute_force(game):
    hole = LOW_GAMES[game]
    for board, n in ((3, 200_000), (4, 100_000), (5, 60_000)):
        rows = omaha_rows(500 + hole * 10 + board, n, hole, board)
        expected = np.concatenate([ng.omaha_low_many(part, hole) for part in np.array_split(rows, 10)])
        values = evaluate_many_low(rows, game=game, n_jobs=1)
        qualifies = expected != ng.LOW_NONE
        assert np.array_equal(values != 0, qualifies), f"{game}, board {board}"
        assert values.min() >= 0
        assert 0.02 < qualifies.mean() < 0.8  # the sample holds lows and non-lows
        assert_reverse_order_bijection(values[qualifies], -expected[qualifies], rows[qualifies])
        # A low's value does not depend on the game or the rest of the hand: the same value for
        # the same best low everywhere.
        pairs = np.unique(np.stack([values, expected]), axis=1)
        assert len(np.unique(pairs[0])) == pairs.shape[1]


@pytest.mark.parametrize("game", LOW_GAMES)
def test_low_single_hands_against_naive(game):
    hole = LOW_GAMES[game]
    lows = 0
    for board in (3, 4, 5):
        rows = omaha_rows(600 + board, 400, hole, board)
        values = evaluate_many_low(rows, game=game)
        for row, value in zip(rows, values, strict=True):
            hole_ids, board_ids = row[:hole].tolist(), row[hole:].tolist()
            low = evaluate_low(text(hole_ids), text(board_ids), game=game)
            expected = ng.omaha_low(hole_ids, board_ids)
            if expected is None:
                assert low is None and value == 0
                continue
            lows += 1
            assert low.value == value and low.description == ng.low_words(expected)
            best = [card.id for card in low.best_five]
            assert ng.low_five(best) == expected
            assert sum(c in hole_ids for c in best) == 2 and sum(c in board_ids for c in best) == 3
    assert lows > 50


@pytest.mark.parametrize("n", [500, pytest.param(2500, marks=pytest.mark.slow)])
def test_low_against_pokerkit(n):
    """pokerkit's eight-or-better low: the same hands qualify and the lows are ordered alike,
    ``n`` random hands for each game and board size."""
    pokerkit = require("pokerkit")
    ours, theirs, shown = [], [], []
    for game, hole in LOW_GAMES.items():
        for board in (3, 4, 5):
            rows = omaha_rows(700 + 10 * hole + board, n, hole, board)
            values = evaluate_many_low(rows, game=game, n_jobs=1)
            for row, value in zip(rows, values, strict=True):
                hand = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(
                    text(row[:hole]).replace(" ", ""), text(row[hole:]).replace(" ", ""))
                assert (hand is None) == (value == 0), text(row)
                if hand is not None:
                    ours.append(value)
                    theirs.append(hand.entry.index)
                    shown.append(row[:7])
    assert len(ours) > n  # lows among the 6n hands
    # pokerkit's low entries: smaller is the better low.
    assert_reverse_order_bijection(np.array(ours), np.array(theirs), np.array(shown))


LOW_CASES = [
    # hole, board, the low from the rules or None
    ("8c 7d Kh Ks", "6s 5h 4c Qd Jc", "8-7-6-5-4 low"),  # the worst low qualifies
    ("9c 2d Kh Ks", "6s 5h 4c Qd Jc", None),  # 9-6-5-4-2 does not
    ("Ah 3s 4d 9c", "2c 2d 5h Kc Qd", None),  # a paired board: only two low ranks there
    ("Ah 3s Kd Kc", "2c 2d 5h 7c Qd", "7-5-3-2-A low"),  # a pair on board does not hurt
    ("Ah 2h 3s 4s", "As 2c 7d Kc Qd", "7-4-3-2-A low"),  # counterfeited: A-2 of the hand are useless
    ("Ah 2h Kc Kd", "4s 6d 8c Qh Js", "8-6-4-2-A low"),
    ("Ah 2c Kd Kh", "3s 4d 5c Qh Js", "5-4-3-2-A low"),  # the wheel, also a straight
    ("Ah 2h 3h 4h", "5h 6h 7h", "7-6-5-2-A low"),  # the board of three must all play
    ("Ah 2h 3h 4h", "Kh Qh 7h", None),
    ("Ac 2d Kc Kd", "9h Th Jh 4h 5h", None),  # only two low cards on the board
]


@pytest.mark.parametrize("hole, board, words", LOW_CASES)
@pytest.mark.parametrize("game", LOW_GAMES)
def test_low_cases(game, hole, board, words):
    hole_text = hole if LOW_GAMES[game] == 4 else hole + " Td"
    low = evaluate_low(hole_text, board, game=game)
    expected = ng.omaha_low(naive.ids(hole_text), naive.ids(board))
    assert (None if expected is None else ng.low_words(expected)) == words
    if words is None:
        assert low is None
        assert evaluate_many_low(id_rows(naive.ids(hole_text + " " + board)), game=game)[0] == 0
    else:
        assert str(low) == low.description == words
        assert low.value == evaluate_many_low(id_rows(naive.ids(hole_text + " " + board)), game=game)[0] > 0


def test_low_order_and_the_wheel():
    """Higher is better; the wheel is the best low and the high hand is its straight; a
    straight or flush does not spoil a low."""
    lows = [evaluate_low(hole, board) for hole, board, words in LOW_CASES if words is not None]
    naive_lows = [ng.omaha_low(naive.ids(hole), naive.ids(board)) for hole, board, words in LOW_CASES if words]
    for (a, na), (b, nb) in itertools.combinations(zip(lows, naive_lows, strict=True), 2):
        assert (a > b) == (na < nb) and (a == b) == (na == nb) and (a < b) == (na > nb)
    wheel = evaluate_low("Ah 2c Kd Kh", "3s 4d 5c Qh Js")
    flush_wheel = evaluate_low("Ah 2h Qc Qd", "3h 4h 5h Kc Kd")
    assert wheel == flush_wheel and all(wheel >= low for low in lows)
    rows = omaha_rows(800, 50_000, 4, 5)
    assert evaluate_many_low(rows).max() <= wheel.value
    assert evaluate("Ah 2c Kd Kh", "3s 4d 5c Qh Js", game="omaha-hilo").description == "Straight, Five high"
    assert evaluate("Ah 2h Qc Qd", "3h 4h 5h Kc Kd", game="omaha-hilo").description == "Straight Flush, Five high"
    assert evaluate_low("Ah 2h Kc Kd", "4s 6d 8c Qh Js") < evaluate_low("Ah 2h Kc Kd", "4s 6d 7c Qh Js")


# --- errors -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, low, bad_widths, good_widths", [
    ("omaha", False, (1, 5, 6, 10, 12), (7, 8, 9)),
    ("omaha5", False, (5, 7, 11), (8, 9, 10)),
    ("omaha6", False, (5, 8, 12), (9, 10, 11)),
    ("omaha-hilo", True, (6, 10), (7, 8, 9)),
    ("omaha5-hilo", True, (7, 11), (8, 9, 10)),
    ("short-deck", False, (8, 9), (1, 5, 7)),
])
def test_row_widths(game, low, bad_widths, good_widths):
    function = evaluate_many_low if low else evaluate_many
    for width in bad_widths:
        rows = np.arange(16, 16 + width, dtype=np.uint8).reshape(1, width)
        with pytest.raises(HandSizeError) as error:
            function(rows, game=game)
        assert str((1, width)) in str(error.value)
    for width in good_widths:
        rows = np.arange(16, 16 + width, dtype=np.uint8).reshape(1, width)
        assert function(rows, game=game).shape == (1,)
    with pytest.raises(HandSizeError):
        function(np.arange(16, 24, dtype=np.uint8), game=game)  # one dimension


@pytest.mark.parametrize("game", ["short-deck", "short-deck-trips", "omaha", "omaha5", "omaha6",
                                  "omaha-hilo", "omaha5-hilo"])
def test_duplicated_cards(game):
    width = 7 if GAMES[game].short_deck else GAMES[game].hole_cards + 5
    rows = np.arange(51, 51 - width, -1, dtype=np.uint8).reshape(1, width).repeat(3, axis=0)
    rows[2, -1] = rows[2, 0]  # As in the hand and on the board
    functions = [evaluate_many] + ([evaluate_many_low] if GAMES[game].low else [])
    for function in functions:
        assert function(rows[:2], game=game).shape == (2,)
        with pytest.raises(DuplicateCardError) as error:
            function(rows, game=game)
        assert "As" in str(error.value) and "row 2" in str(error.value)
    hole = "As Kd" if GAMES[game].short_deck else text(range(51, 51 - GAMES[game].hole_cards, -1))
    with pytest.raises(DuplicateCardError) as error:
        evaluate(hole, "Qs Js As", game=game)
    assert "As" in str(error.value)
    if GAMES[game].low:
        with pytest.raises(DuplicateCardError):
            evaluate_low(hole, "Qs Js As", game=game)


def test_unknown_game():
    calls = [
        lambda game: evaluate("As Kd Qh Jc Ts", game=game),
        lambda game: evaluate("As Kd Qh Jc", "Ts 9s 8s", game=game),
        lambda game: evaluate_many([[51, 47, 43, 39, 35]], game=game),
        lambda game: evaluate_many_low([[51, 47, 43, 39, 35, 31, 27]], game=game),
        lambda game: evaluate_low("As Kd Qh Jc", "Ts 9s 8s", game=game),
    ]
    for call in calls:
        with pytest.raises(GameError) as error:
            call("razz")
        message = str(error.value)
        assert "razz" in message and all(name in message for name in KNOWN_GAMES), message


def test_game_names_and_low_half():
    assert list(GAMES) == KNOWN_GAMES
    assert evaluate("As Kd Qh Jc", "Ts 9s 8s", game="Omaha").value == evaluate("As Kd Qh Jc", "Ts 9s 8s",
                                                                                game="omaha").value
    for game in ("holdem", "omaha", "short-deck"):
        with pytest.raises(GameError) as error:
            evaluate_many_low([[51, 47, 43, 39, 35, 31, 27]], game=game)
        assert game in str(error.value) and "omaha-hilo" in str(error.value)


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "omaha-hilo"])
def test_omaha_hand_sizes(game):
    hole = GAMES[game].hole_cards
    with pytest.raises(HandSizeError):
        evaluate(text(range(51, 51 - hole + 1, -1)), "2c 3c 4c", game=game)  # a hole card short
    with pytest.raises(HandSizeError):
        evaluate(text(range(51, 51 - hole - 1, -1)), "2c 3c 4c", game=game)  # one too many
    with pytest.raises(HandSizeError):
        evaluate(text(range(51, 51 - hole, -1)), "2c 3c", game=game)  # two board cards
    with pytest.raises(HandSizeError):
        evaluate(text(range(51, 51 - hole, -1)), "2c 3c 4c 5c 6c 7c", game=game)  # six board cards
