"""Omaha ranges (``Range(text, game="omaha")``) against every hand: each token's hands are found
here by the documented meaning of the notation, over all C(52, 4) = 270,725 Omaha hands, and
counted again by combinatorics; and hold'em ranges in short deck."""

from __future__ import annotations

import math

import numpy as np
import pytest

import naive
from conftest import combinations_array
from showdown import EmptyRangeError, GameError, OmahaRange, Range, RangeParseError, plan

RANKS = naive.RANKS
SUITS = naive.SUITS
ACE, KING = RANKS.index("A"), RANKS.index("K")


class Hands:
    """Every hand of ``size`` cards (ids ascending), with its rank counts (N, 13) and its suit
    counts (N, 4)."""

    def __init__(self, size: int) -> None:
        self.ids = combinations_array(52, size)
        self.ranks = np.stack([((self.ids >> 2) == r).sum(axis=1) for r in range(13)], axis=1)
        self.suits = np.stack([((self.ids & 3) == s).sum(axis=1) for s in range(4)], axis=1)

    def rank(self, char: str) -> np.ndarray:
        return self.ranks[:, RANKS.index(char)]

    def holds(self, cards: str) -> np.ndarray:
        return np.isin(self.ids, naive.ids(cards)).sum(axis=1) == len(cards.split())

    def suits_of_two(self) -> np.ndarray:
        return (self.suits == 2).sum(axis=1)

    def double_suited(self) -> np.ndarray:
        return self.suits_of_two() == 2

    def single_suited(self) -> np.ndarray:
        return (self.suits_of_two() == 1) & (self.suits.max(axis=1) == 2)

    def rainbow(self) -> np.ndarray:
        return self.suits.max(axis=1) == 1


@pytest.fixture(scope="module")
def omaha() -> Hands:
    return Hands(4)


def keys(hands: np.ndarray) -> np.ndarray:
    """One sortable number per hand, whatever the order of its cards."""
    ordered = np.sort(hands.astype(np.int64), axis=1)
    return np.sort((ordered * 52 ** np.arange(hands.shape[1])).sum(axis=1))


def assert_same_hands(got: Range, expected: np.ndarray) -> None:
    assert len(got) == len(expected)
    assert np.array_equal(keys(got.combos), keys(expected))


# (text, the documented meaning as a predicate over every hand, the count by combinatorics)
TOKENS = [
    ("AAxx", lambda h: h.rank("A") >= 2, math.comb(52, 4) - math.comb(48, 4) - 4 * math.comb(48, 3)),
    ("AKxx", lambda h: (h.rank("A") >= 1) & (h.rank("K") >= 1),
     math.comb(52, 4) - 2 * math.comb(48, 4) + math.comb(44, 4)),
    ("AAAx", lambda h: h.rank("A") >= 3, 4 * 48 + 1),
    ("AKQJ", lambda h: (h.rank("A") == 1) & (h.rank("K") == 1) & (h.rank("Q") == 1) & (h.rank("J") == 1), 4**4),
    ("AAKK", lambda h: (h.rank("A") == 2) & (h.rank("K") == 2), 36),
    ("AAKKds", lambda h: (h.rank("A") == 2) & (h.rank("K") == 2) & h.double_suited(), 6),
    ("AAKKr", lambda h: (h.rank("A") == 2) & (h.rank("K") == 2) & h.rainbow(), 6),
    ("AAKKss", lambda h: (h.rank("A") == 2) & (h.rank("K") == 2) & h.single_suited(), 24),
    ("QQ9x", lambda h: (h.rank("Q") >= 2) & (h.rank("9") >= 1), None),
    ("AsAdxx", lambda h: h.holds("As Ad"), math.comb(50, 2)),
    ("AsAdxxds", lambda h: h.holds("As Ad") & h.double_suited(), 12 * 12),
    ("AsKsxx", lambda h: h.holds("As Ks"), math.comb(50, 2)),
    ("AsAxx", lambda h: h.holds("As") & (h.rank("A") >= 2), math.comb(51, 3) - math.comb(48, 3)),
    ("xxxx", lambda h: np.ones(len(h.ids), dtype=bool), math.comb(52, 4)),
    ("random", lambda h: np.ones(len(h.ids), dtype=bool), math.comb(52, 4)),
    ("xxxxds", lambda h: h.double_suited(), math.comb(4, 2) * math.comb(13, 2) ** 2),
    ("xxxxss", lambda h: h.single_suited(), 4 * math.comb(13, 2) * 3 * 13 * 13),
    ("xxxxr", lambda h: h.rainbow(), 13**4),
    ("AAxxds", lambda h: (h.rank("A") >= 2) & h.double_suited(), None),
    ("AAxxss", lambda h: (h.rank("A") >= 2) & h.single_suited(), None),
    ("AAxxr", lambda h: (h.rank("A") >= 2) & h.rainbow(), None),
    ("KQJTss", lambda h: (h.rank("K") == 1) & (h.rank("Q") == 1) & (h.rank("J") == 1) & (h.rank("T") == 1)
     & h.single_suited(), None),
    ("9876ds", lambda h: (h.rank("9") == 1) & (h.rank("8") == 1) & (h.rank("7") == 1) & (h.rank("6") == 1)
     & h.double_suited(), None),
    ("AsKdQhJc", lambda h: h.holds("As Kd Qh Jc"), 1),
    ("2c3c4d5d", lambda h: h.holds("2c 3c 4d 5d"), 1),
]


def test_suit_pattern_counts_partition_the_hands():
    """The closed forms used below: every four-card hand is double suited, single suited,
    rainbow, three of a suit or four of a suit."""
    ds, ss, r = math.comb(4, 2) * 78 * 78, 4 * 78 * 3 * 13 * 13, 13**4
    three, four = 4 * math.comb(13, 3) * 3 * 13, 4 * math.comb(13, 4)
    assert ds + ss + r + three + four == math.comb(52, 4)


@pytest.mark.parametrize(("text", "predicate", "count"), [pytest.param(*t, id=t[0]) for t in TOKENS])
def test_token_means_what_the_docs_say(omaha, text, predicate, count):
    expected = omaha.ids[predicate(omaha)]
    got = Range(text, game="omaha")
    assert isinstance(got, OmahaRange)
    assert got.combos.shape == (len(expected), 4)
    assert_same_hands(got, expected)
    assert (got.weights == 1.0).all()
    if count is not None:
        assert len(got) == count


def test_closed_forms_of_the_table(omaha):
    """Counts by hand for the tokens the table counts with longer formulas."""
    # one ace is the spade: choose one or more of the other three aces, the rest from 48
    as_and_another = 3 * math.comb(48, 2) + 3 * 48 + 1
    assert (omaha.holds("As") & (omaha.rank("A") >= 2)).sum() == as_and_another
    # 9876 double suited: suits (2, 2) over the four ranks: C(4,2) suit pairs, 3 ways to pair
    # the ranks into two suited pairs, 2 ways to give the pairs their suits
    assert len(Range("9876ds", game="omaha")) == math.comb(4, 2) * 3 * 2


def test_combos_are_highest_card_first_and_unique():
    r = Range("AKxxds, QQxx", game="omaha")
    combos = r.combos.astype(int)
    assert (np.diff(combos, axis=1) < 0).all()
    assert len(np.unique(keys(combos))) == len(r)


def test_union_of_tokens(omaha):
    expected = omaha.ids[(omaha.rank("A") >= 2) | (omaha.rank("K") >= 2)]
    for text in ("AAxx, KKxx", "AAxx KKxx", " AAxx ,KKxx, "):
        assert_same_hands(Range(text, game="omaha"), expected)
    # a hand named twice with the same weight is one hand
    assert_same_hands(Range("AAxx, AKxx, AsAdKsKd", game="omaha"),
                      omaha.ids[(omaha.rank("A") >= 2) | ((omaha.rank("A") >= 1) & (omaha.rank("K") >= 1))])


def test_weights(omaha):
    r = Range("AAxx:0.5, KKQQ, JJTTds:0.25", game="omaha")
    aces = omaha.rank("A") >= 2
    kq = (omaha.rank("K") == 2) & (omaha.rank("Q") == 2)
    jt = (omaha.rank("J") == 2) & (omaha.rank("T") == 2) & omaha.double_suited()
    assert_same_hands(r, omaha.ids[aces | kq | jt])
    by_key = {int(k): w for k, w in zip(
        (np.sort(r.combos.astype(np.int64), axis=1) * 52 ** np.arange(4)).sum(axis=1), r.weights, strict=True)}
    for mask, weight in ((aces, 0.5), (kq, 1.0), (jt, 0.25)):
        for k in keys(omaha.ids[mask]).tolist():
            assert by_key[k] == weight
    assert r.weight("As Ad 7c 2h") == 0.5
    assert r.weight("Ks Kd Qs Qh") == 1.0
    assert r.weight("Js Jd Ts Td") == 0.25
    assert r.weight("Js Jd Ts Th") == 0.0
    assert r.to_dict()["weight"] == pytest.approx(0.5 * aces.sum() + kq.sum() + 0.25 * jt.sum())


def test_group_weight(omaha):
    r = Range("0.5(AAxx, KKxx), QQJJ", game="omaha")
    both = (omaha.rank("A") >= 2) | (omaha.rank("K") >= 2)
    assert_same_hands(r, omaha.ids[both | ((omaha.rank("Q") == 2) & (omaha.rank("J") == 2))])
    assert sorted(set(r.weights.tolist())) == [0.5, 1.0]
    assert (r.weights == 0.5).sum() == both.sum()


def test_a_hand_with_two_weights_names_both_tokens():
    with pytest.raises(RangeParseError) as error:
        Range("AAxx:0.5, AKxx", game="omaha")
    message = str(error.value)
    assert "'AAxx:0.5'" in message and "'AKxx'" in message and "0.5" in message
    with pytest.raises(RangeParseError, match="AsAdKsKd"):
        Range("AAKK, AsAdKsKd:0.3", game="omaha")


@pytest.mark.parametrize(("text", "problem"), [
    ("AAx", "3 cards"),
    ("AAxxx", "5 cards"),
    ("AsAsxx", "twice"),
    ("ZZxx", "'ZZxx'"),
    ("AAAAds", "no Omaha hand matches"),
    ("AAxx:1.5", "weight"),
    ("AAxx:0", "AAxx:0"),
    ("", "empty"),
    ("0.5(AAxx", "not closed"),
])
def test_bad_tokens_are_named(text, problem):
    with pytest.raises(RangeParseError) as error:
        Range(text, game="omaha")
    assert problem in str(error.value)


def test_membership_and_removal(omaha):
    r = Range("AAxx", game="omaha")
    assert "As Ad 7c 2h" in r and "7c As 2h Ad" in r
    assert "Ks Kd 7c 2h" not in r
    assert "As Ad" not in r  # a two-card hand is no Omaha hand
    with pytest.raises(RangeParseError, match="4 cards"):
        r.weight("As Ad")
    without = r.without("As Kd")
    assert_same_hands(without, omaha.ids[(omaha.rank("A") >= 2) & ~omaha.holds("As") & ~omaha.holds("Kd")])
    removed = r.remove(board="Ah 7c 2d", dead="Ks")
    keep = (omaha.rank("A") >= 2) & ~np.isin(omaha.ids, naive.ids("Ah 7c 2d Ks")).any(axis=1)
    assert_same_hands(removed, omaha.ids[keep])
    assert len(r) == 6961  # unchanged


def test_equity_takes_out_the_hands_that_meet_known_cards(omaha):
    """The hands of a range an equity question deals: those without the other hand's, the
    board's or the dead cards' cards."""
    aces = omaha.rank("A") >= 2
    for dead, count in (("", 3 * math.comb(42, 2) + 42), ("As", math.comb(42, 2))):
        known = "Ks Kd Qd Jc Ah 7c 2d " + dead
        keep = aces & ~np.isin(omaha.ids, naive.ids(known)).any(axis=1)
        p = plan(["Ks Kd Qd Jc", "AAxx"], board="Ah 7c 2d", dead=dead, game="omaha")
        assert p.assignments == keep.sum() == count
        assert p.boards == math.comb(52 - 3 - len(dead.split()) - 8, 2)
    with pytest.raises(EmptyRangeError, match="AAxx"):
        plan(["Ks Kd Qd Jc", "AAxx"], board="Ah 7c 2d", dead="As Ad", game="omaha")


def test_iteration_equality_and_text():
    r = Range("AAKKds:0.5", game="omaha")
    items = list(r)
    assert len(items) == 6
    for cards, weight in items:
        assert weight == 0.5 and len(cards) == 4
        assert sorted(str(c)[0] for c in cards) == ["A", "A", "K", "K"]
        assert len({str(c)[1] for c in cards}) == 2
    assert r == Range("AAKKds:0.5", game="omaha")
    assert r != Range("AAKKds", game="omaha")
    assert hash(r) == hash(Range("AAKKds:0.5", game="omaha"))
    assert str(r) == "AAKKds:0.5"
    assert Range(r, game="omaha") == r
    assert OmahaRange("AAKKds:0.5") == r


def test_five_card_omaha_patterns():
    """Five-card hands: x stands for any card, double suited is two suits of exactly two (the
    fifth card of a third suit), single suited one suit of two, no rainbow."""
    hands = Hands(5)
    got = Range("AAxxxds", game="omaha5")
    assert got.combos.shape[1] == 5
    assert_same_hands(got, hands.ids[(hands.rank("A") >= 2) & hands.double_suited()])
    ds = math.comb(4, 2) * 2 * math.comb(13, 2) ** 2 * 13
    ss = 4 * math.comb(13, 2) * 13**3
    assert len(Range("xxxxxds", game="omaha5")) == ds
    assert len(Range("xxxxxss", game="omaha5")) == ss
    assert ((hands.suits_of_two() == 2) & (hands.suits.max(axis=1) == 2)).sum() == ds
    with pytest.raises(RangeParseError, match="rainbow"):
        Range("xxxxxr", game="omaha5")
    with pytest.raises(RangeParseError, match="5"):
        Range("AAxx", game="omaha5")


def test_six_card_omaha_takes_exact_hands():
    r = Range("AsAdKsKdQsQd, 2c3c4c5c6c7c:0.5", game="omaha6")
    assert len(r) == 2 and sorted(r.weights.tolist()) == [0.5, 1.0]
    assert r.weight("Qd Qs Kd Ks Ad As") == 1.0
    with pytest.raises(RangeParseError, match="exact hands"):
        Range("AAxxxx", game="omaha6")
    with pytest.raises(RangeParseError, match="6 cards"):
        Range("AsAdKsKd", game="omaha6")


# --- hold'em ranges in short deck ------------------------------------------------------------


@pytest.mark.parametrize("text", ["random", "AK", "A2s+", "22+", "T9s, 54s", "AhKh, 6c6d, 77:0.5, 72o",
                                  "top 20%", "0.3(KQ, QJ), 55-22, 87"])
@pytest.mark.parametrize("game", ["short-deck", "short-deck-trips"])
def test_short_deck_range_keeps_the_six_to_the_ace(text, game):
    holdem = Range(text)
    kept = [(tuple(cards), w) for cards, w in holdem if all(str(c)[0] not in "2345" for c in cards)]
    short = Range(text, game=game)
    got = [(tuple(cards), w) for cards, w in short]
    assert sorted(got) == sorted(kept)
    assert all(card.id >= 16 for card in (c for cards, _ in got for c in cards))


def test_short_deck_random_has_every_combo_of_36_cards():
    assert len(Range("random", game="short-deck")) == math.comb(36, 2)


def test_short_deck_range_without_a_short_deck_hand():
    with pytest.raises(GameError, match="short deck"):
        Range("55-22, 32s", game="short-deck")


# --- what only two-card ranges do ---------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda r: r.split("Ks 7h 2d"),
    lambda r: r.filter("Ks 7h 2d", made=["set"]),
    lambda r: r.with_weights({"AA": 0.5}),
    lambda r: r.hand_combos("AA"),
    lambda r: type(r).from_combos(["AsAdKsKd"]),
    lambda r: type(r).top(5),
], ids=["split", "filter", "with_weights", "hand_combos", "from_combos", "top"])
@pytest.mark.parametrize("game", ["omaha", "omaha5-hilo"])
def test_two_card_range_methods_refuse_omaha_ranges_by_name(call, game):
    omaha = Range("AAxx" if game == "omaha" else "AAxxx", game=game)
    with pytest.raises(GameError, match=r"two-card ranges .* not on Omaha ranges"):
        call(omaha)
    assert len(Range("AA").split("Ks 7h 2d")["set"]) == 0 and len(Range("KK").split("Ks 7h 2d")["set"]) == 3


@pytest.mark.parametrize("game", ["holdem", "short-deck"])
def test_an_omaha_range_of_a_two_card_game_is_refused(game):
    with pytest.raises(GameError, match=f"not {game}: use Range"):
        OmahaRange("AA", game=game)
