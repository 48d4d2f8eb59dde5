"""Wild-card video poker (Deuces Wild, Joker Poker): every hand's class against a naive
substitution of the wild cards, class counts derived by hand, every hold of many deals against
brute-force enumeration of the draws, the exact returns against the published ones, pay tables
and the joker card."""

from __future__ import annotations

import json
import pickle
import random
from fractions import Fraction
from math import comb, lcm

import numpy as np
import pytest

from conftest import combinations_array
from naive_videopoker import brute_force_part, draw_counts
from naive_wild import DECK_SIZES, DEUCES_ORDER, JOKER_ID, JOKER_ORDER, classes_of, classify_literal
from showdown import CardParseError, DuplicateCardError
from showdown.cards import CARDS, JOKER, Deck, format_cards, parse_cards
from showdown.videopoker import (
    HandClass,
    HoldParseError,
    Paytable,
    PaytableError,
    Trainer,
    analyze,
    best_hold,
    hand_class,
    holds,
    parse_deal,
    parse_hold,
)
from showdown.videopoker.final_hands import WILDS

C = HandClass
GAMES = ("deuces", "joker")

# The pay tables as published (per coin at five coins), by final hand class.
PAYS = {
    "deuces-wild-full-pay": {
        C.ROYAL_FLUSH: 800, C.FOUR_DEUCES: 200, C.WILD_ROYAL_FLUSH: 25, C.FIVE_OF_A_KIND: 15,
        C.STRAIGHT_FLUSH: 9, C.FOUR_OF_A_KIND: 5, C.FULL_HOUSE: 3, C.FLUSH: 2, C.STRAIGHT: 2,
        C.THREE_OF_A_KIND: 1,
    },
    "deuces-wild-nsud": {
        C.ROYAL_FLUSH: 800, C.FOUR_DEUCES: 200, C.WILD_ROYAL_FLUSH: 25, C.FIVE_OF_A_KIND: 16,
        C.STRAIGHT_FLUSH: 10, C.FOUR_OF_A_KIND: 4, C.FULL_HOUSE: 4, C.FLUSH: 3, C.STRAIGHT: 2,
        C.THREE_OF_A_KIND: 1,
    },
    "joker-poker-kings": {
        C.ROYAL_FLUSH: 800, C.FIVE_OF_A_KIND: 200, C.WILD_ROYAL_FLUSH: 100, C.STRAIGHT_FLUSH: 50,
        C.FOUR_OF_A_KIND: 20, C.FULL_HOUSE: 7, C.FLUSH: 5, C.STRAIGHT: 3, C.THREE_OF_A_KIND: 2,
        C.TWO_PAIR: 1, C.KINGS_OR_BETTER: 1,
    },
}
GAME_OF = {"deuces-wild-full-pay": "deuces", "deuces-wild-nsud": "deuces", "joker-poker-kings": "joker"}


def card_of(card_id: int):
    return JOKER if card_id == JOKER_ID else CARDS[card_id]


def ids(text: str) -> list[int]:
    return [card.id for card in parse_cards(text, joker=True)]


@pytest.fixture(scope="module")
def every_hand():
    """``every_hand(game)``: all five-card hands of the game's deck and their naive classes."""
    cache: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def get(game: str) -> tuple[np.ndarray, np.ndarray]:
        if game not in cache:
            hands = combinations_array(DECK_SIZES[game], 5)
            cache[game] = (hands, classes_of(hands, game))
        return cache[game]

    return get


# --- the games -------------------------------------------------------------------------------


def test_the_games_list_their_classes_in_the_order_of_the_rules():
    from showdown._kernels import videopoker as kernel

    deuces, joker = WILDS["deuces"], WILDS["joker"]
    assert deuces.classes == DEUCES_ORDER and joker.classes == JOKER_ORDER
    assert (deuces.deck_size, joker.deck_size) == (52, 53)
    assert (deuces.rule, joker.rule, WILDS["none"].rule) == (kernel.DEUCES, kernel.JOKER, kernel.STANDARD)
    for game in GAMES:
        assert set(WILDS[game].optional) <= set(WILDS[game].classes) and C.NOTHING in WILDS[game].optional
    assert [int(hand) for hand in (C.FOUR_OF_A_KIND, C.FIVE_OF_A_KIND, C.WILD_ROYAL_FLUSH, C.FOUR_DEUCES,
                                   C.KINGS_OR_BETTER, C.ROYAL_FLUSH)] == [15, 16, 17, 18, 19, 14]


# --- every hand's class ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_kernel_classes_every_hand_as_the_naive_substitution(every_hand, game):
    from showdown._kernels import videopoker as kernel

    hands, expected = every_hand(game)
    assert len(hands) == comb(DECK_SIZES[game], 5) == {"deuces": 2_598_960, "joker": 2_869_685}[game]
    columns = np.full(len(hands), -1, dtype=np.int64)
    kernel._classify_rows(WILDS[game].rule, np.ascontiguousarray(hands, dtype=np.int64), columns)
    assert columns.min() >= 0 and columns.max() < len(WILDS[game].classes)
    got = np.array([int(hand) for hand in WILDS[game].classes], dtype=np.int64)[columns]
    bad = np.flatnonzero(got != expected)
    assert not bad.size, [
        (format_cards([card_of(c) for c in hands[i].tolist()]), str(C(got[i])), str(C(expected[i])))
        for i in bad[:10]
    ]


def _random_hands(game: str, wilds: int, n: int, rng: random.Random) -> list[list[int]]:
    wild_cards = [0, 1, 2, 3] if game == "deuces" else [JOKER_ID]
    naturals = [card for card in range(DECK_SIZES[game]) if card not in wild_cards]
    return [rng.sample(wild_cards, wilds) + rng.sample(naturals, 5 - wilds) for _ in range(n)]


def test_substituting_signatures_agrees_with_substituting_every_card():
    # classes_of completes each signature with ranks and "suited or not"; classify_literal puts
    # every one of the 52 cards in place of each wild card: they must agree.
    rng = random.Random(16)
    hands = []
    for wilds, n in ((0, 30), (1, 60), (2, 40), (3, 6)):
        hands += [("deuces", hand) for hand in _random_hands("deuces", wilds, n, rng)]
    for wilds, n in ((0, 30), (1, 80)):
        hands += [("joker", hand) for hand in _random_hands("joker", wilds, n, rng)]
    specials = {
        "deuces": ["2c 2d 2h Ks Qs", "2c 2d 3h 4s 5c", "2c As 3s 4s 5s", "2c 2d 7h 7s 9c", "2c 2d 2h 3c Ac",
                   "2c Ts Js Qs Ks", "2c 9s Js Qs Ks", "2c 2d Ah 5h 9h", "2c 2d 2s 9h 9c"],
        "joker": ["Jk As Ks Qs Js", "Jk 9s Js Qs Ks", "Jk Ah 2h 3h 4h", "Jk 7c 7d 7h 7s", "Jk Kc 9d 5h 3s",
                  "Jk Qc 9d 5h 3s", "Jk 4c 4d 9h 9s", "Jk Ah 2c 4d 5s", "Jk 2h 6h 9h Qh", "Jk Ac Kd Qh 8s"],
    }
    hands += [(game, ids(text)) for game, texts in specials.items() for text in texts]
    for game, hand in hands:
        assert classify_literal(hand, game) == classes_of(np.array([hand]), game)[0], (game, hand)


# Class counts over every hand, derived by hand:
# Deuces Wild (52 cards, w = number of deuces, naturals = the 5 - w others, all of rank 3..A):
#   four deuces: the 4 deuces and any of the 48 other cards = 48.
#   natural royal: one per suit = 4.
#   wild royal: w = 1..3 deuces with 5 - w of the 5 royal cards of one suit (four deuces are
#     Four Deuces): 4 suits * (C(5,4) C(4,1) + C(5,3) C(4,2) + C(5,2) C(4,3)) = 4 * (20 + 60 + 40) = 480.
#   five of a kind: w deuces with 5 - w naturals of one rank (12 ranks), w = 1..3:
#     12 * (C(4,4) C(4,1) + C(4,3) C(4,2) + C(4,2) C(4,3)) = 12 * (4 + 24 + 24) = 624.
#   full house: a natural one (12 * 11 ranks, C(4,3) C(4,2) cards) = 3,168, or one deuce with two
#     natural pairs: C(12,2) * 6 * 6 * 4 = 9,504; together 12,672 (two deuces and a pair make four).
# Joker Poker (53 cards):
#   natural royal 4; five of a kind: the joker and four of a kind = 13.
#   wild royal: the joker with 4 of the 5 royal cards of one suit = 4 * 5 = 20.
#   straight flush: natural, 9 per suit (10 windows less the royal) = 36; with the joker, the
#     4-rank sets inside some 5-rank window (10 windows * 5 subsets, less the 9 sets of 4
#     consecutive ranks shared by two neighbouring windows = 41), less the 5 inside T-A (wild
#     royals): 4 suits * 36 = 144; together 180.
#   four of a kind: natural quads with a natural kicker 13 * 48 = 624, or the joker with trips
#     and a kicker of another rank 13 * 4 * 48 = 2,496; together 3,120.
#   full house: natural 13 * 12 * 4 * 6 = 3,744, or the joker with two pair C(13,2) * 6 * 6 = 2,808:
#     6,552.
CENSUS = {
    "deuces": {C.FOUR_DEUCES: 48, C.ROYAL_FLUSH: 4, C.WILD_ROYAL_FLUSH: 4 * (20 + 60 + 40),
               C.FIVE_OF_A_KIND: 12 * (4 + 24 + 24), C.FULL_HOUSE: 12 * 11 * 4 * 6 + comb(12, 2) * 6 * 6 * 4},
    "joker": {C.ROYAL_FLUSH: 4, C.FIVE_OF_A_KIND: 13, C.WILD_ROYAL_FLUSH: 4 * 5,
              C.STRAIGHT_FLUSH: 4 * 9 + 4 * (10 * 5 - 9 - 5), C.FOUR_OF_A_KIND: 13 * 48 + 13 * 4 * 48,
              C.FULL_HOUSE: 13 * 12 * 4 * 6 + comb(13, 2) * 6 * 6},
}


@pytest.mark.parametrize("game", GAMES)
def test_class_counts_agree_with_counts_derived_by_hand(every_hand, game):
    from showdown._kernels import videopoker as kernel

    assert CENSUS["deuces"][C.WILD_ROYAL_FLUSH] == 480 and CENSUS["deuces"][C.FIVE_OF_A_KIND] == 624
    assert CENSUS["joker"][C.STRAIGHT_FLUSH] == 180 and CENSUS["joker"][C.FULL_HOUSE] == 6_552
    hands, expected = every_hand(game)
    naive = np.bincount(expected, minlength=len(C))
    # the kernel's own census, through the count table's empty set (every hand of the deck)
    table = kernel._superset_table(WILDS[game].rule)
    census = {hand: int(table[0, column]) for column, hand in enumerate(WILDS[game].classes)}
    assert sum(census.values()) == comb(DECK_SIZES[game], 5)
    for hand, count in CENSUS[game].items():
        assert naive[hand] == count, (game, hand)
        assert census[hand] == count, (game, hand)
    assert all(census[hand] == naive[hand] for hand in WILDS[game].classes)
    assert not naive[[hand for hand in C if hand not in WILDS[game].classes]].any()


@pytest.mark.parametrize("game", GAMES)
def test_hand_class_agrees_with_the_naive_substitution_on_sampled_hands(every_hand, game):
    hands, expected = every_hand(game)
    rng = np.random.default_rng(7)
    picks = rng.choice(len(hands), 1500, replace=False)
    picks = np.concatenate([picks, *[np.flatnonzero(expected == hand)[:6] for hand in WILDS[game].classes]])
    if game == "joker":  # the joker is in 5 of 53 hands: more of them
        picks = np.concatenate([picks, np.flatnonzero(hands[:, 4] == JOKER_ID)[::2000]])
    for i in picks:
        hand = hands[i].tolist()
        assert hand_class(hand, wild=game) == expected[i], (game, hand)
    for i in picks[:200]:  # as text, in any order
        text = " ".join(str(card_of(card)) for card in reversed(hands[i].tolist()))
        assert hand_class(text, wild=game) == expected[i] == hand_class(text, wild=WILDS[game]), text


def test_hand_class_of_hands_named_by_the_rules():
    deuces = {
        "2h Kd Ks Kc 9c": C.FOUR_OF_A_KIND, "2h 2d Ks Kc Kh": C.FIVE_OF_A_KIND, "2c 2d 2h 2s Ah": C.FOUR_DEUCES,
        "2c Ts Js Qs Ks": C.WILD_ROYAL_FLUSH, "As Ks Qs Js Ts": C.ROYAL_FLUSH, "2c As 3s 4s 5s": C.STRAIGHT_FLUSH,
        "2c 2d 7h 9s Kc": C.THREE_OF_A_KIND, "Kc Kd 7h 7s 3c": C.NOTHING, "2c Ah 3d 4s 5c": C.STRAIGHT,
    }
    joker = {
        "Jk Ks Qs Js Ts": C.WILD_ROYAL_FLUSH, "Jk Qd Qh 5s 3c": C.THREE_OF_A_KIND, "Jk Ac 9d 5h 3s": C.KINGS_OR_BETTER,
        "Jk Qc 9d 5h 3s": C.LOW_PAIR, "Qc Qd 9h 5s 3c": C.LOW_PAIR, "Ac Ad 9h 5s 3c": C.KINGS_OR_BETTER,
        "Jk 9c 9d 9h 9s": C.FIVE_OF_A_KIND, "Jk Ah 2h 3h 4h": C.STRAIGHT_FLUSH, "Ah Kh Qh Jh Th": C.ROYAL_FLUSH,
        "Jk 4c 4d 9h 9s": C.FULL_HOUSE, "Ac Kd Qh 8s 3c": C.NOTHING,
    }
    for game, named in (("deuces", deuces), ("joker", joker)):
        for text, expected in named.items():
            assert classify_literal(ids(text), game) == expected, text  # the rules, by substitution
            assert hand_class(text, wild=game) == expected, text
    with pytest.raises(CardParseError, match="joker"):
        hand_class("Jk Ks Qs Js Ts", wild="deuces")
    with pytest.raises(PaytableError, match="unknown wild"):
        hand_class("As Ks Qs Js Ts", wild="tens")


# --- holds against brute force ----------------------------------------------------------------

N_RANDOM_DEALS = 60
SPECIAL_DEALS = {
    "deuces": ["2c 2d 2h 2s 9h", "2c 2d 2h 2s As", "As Ks Qs Js Ts", "2c 2d 2h 7s 9d", "2c Ks Qs Js Ts",
               "2d 2s Kh Kd Kc", "2h 3h 4h 5h 6h", "2c 2d Ah Kh 7c", "Ah Kh Qh Jh 9c"],
    "joker": ["Jk As Ks Qs Js", "Jk As Ks Qs 7d", "As Ks Qs Js Ts", "Jk 7c 7d 7h 7s", "Jk Kd 9c 5h 2s",
              "Ah Kh Qh Jh 9c", "Jk 5h 6h 8h 9h", "Kc Kd 7h 4s 2c"],
}


def _deals(game: str) -> list[tuple[str, list[int]]]:
    rng = random.Random({"deuces": 2, "joker": 53}[game])
    deck = DECK_SIZES[game]
    if game == "deuces":
        deals = [rng.sample(range(deck), 5) for _ in range(40)]
        deals += [hand for wilds in (1, 2, 3) for hand in _random_hands(game, wilds, 7, rng)][: N_RANDOM_DEALS - 40]
    else:
        deals = [rng.sample(range(deck), 5) for _ in range(N_RANDOM_DEALS // 2)]
        deals += [rng.sample(hand, 5) for hand in _random_hands(game, 1, N_RANDOM_DEALS // 2, rng)]
    deals += [ids(text) for text in SPECIAL_DEALS[game]]
    names = ["deuces-wild-full-pay", "deuces-wild-nsud"] if game == "deuces" else ["joker-poker-kings"]
    return [(names[i % len(names)], deal) for i, deal in enumerate(deals)]


@pytest.mark.parametrize("part", ["sample", pytest.param("rest", marks=pytest.mark.slow)])
@pytest.mark.parametrize("game", GAMES)
def test_every_hold_of_many_deals_equals_brute_force_enumeration(every_hand, game, part):
    hands, classes = every_hand(game)
    cards_left = DECK_SIZES[game] - 5
    for name, deal in brute_force_part(_deals(game), part, len(SPECIAL_DEALS[game]), stride=6):
        pays = PAYS[name]
        expected = draw_counts(deal, hands, classes)
        ranked = holds(deal, name)
        assert len(ranked) == 32 and len({hold.positions for hold in ranked}) == 32
        assert [card.id for card in ranked.deal] == deal
        evs = []
        for hold in ranked:
            mask = sum(1 << position for position in hold.positions)
            where = (name, format_cards([card_of(card) for card in deal]), hold.positions)
            assert len(hold.counts) == len(C) and hold.counts == tuple(expected[mask].tolist()), where
            assert hold.draws == comb(cards_left, 5 - len(hold.held)) == sum(hold.counts), where
            exact = Fraction(sum(int(count) * pays.get(C(c), 0) for c, count in enumerate(expected[mask])), hold.draws)
            assert hold.ev == exact, where
            assert [card.id for card in hold.held] == [deal[p] for p in hold.positions]
            assert sorted(card.id for card in hold.held + hold.discarded) == sorted(deal)
            evs.append(exact)
        assert evs == sorted(evs, reverse=True)
        for hold in ranked:
            assert hold.rank == 1 + sum(1 for other in ranked if other.ev > hold.ev)
            assert set(hold.tied_with) == {other.held for other in ranked if other.ev == hold.ev and other is not hold}


def test_best_holds_of_special_deals():
    # pat hands that nothing can beat are kept whole; their EV is their pay
    assert best_hold("As Ks Qs Js Ts", "deuces-wild-full-pay").ev == 800
    assert best_hold("As Ks Qs Js Ts", "joker-poker-kings").ev == 800
    assert best_hold("As Ks Qs Js Ts", "joker-poker-kings", coins=1).ev == 250
    assert best_hold("As Ks Qs Js Ts", "deuces-wild-nsud", coins=4).ev == 250
    four_deuces = best_hold("2c 2d 2h 2s 9h", "deuces-wild-full-pay")
    assert four_deuces.ev == 200 and {card.id for card in four_deuces.held} >= {0, 1, 2, 3}
    assert best_hold("Jk 7c 7d 7h 7s", "joker-poker-kings").ev == 200
    joker_royal = holds("Jk As Ks Qs Js", "joker-poker-kings")
    assert joker_royal[0].ev == 100 and len(joker_royal[0].held) == 5
    # drawing one card to the natural four to a royal of a 53-card deck: 48 draws
    four_to_royal = next(hold for hold in holds("Ah Kh Qh Jh 9c", "joker-poker-kings") if len(hold.held) == 4)
    assert four_to_royal.draws == 48 and four_to_royal.counts[C.ROYAL_FLUSH] == 1
    assert four_to_royal.counts[C.WILD_ROYAL_FLUSH] == 1  # the joker


# --- the returns ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def analyses():
    cache: dict[tuple[str, int], object] = {}

    def get(name: str, coins: int = 5):
        if (name, coins) not in cache:
            cache[name, coins] = analyze(name, coins)
        return cache[name, coins]

    return get


def _check_analysis(result, name: str, pays: dict[C, int]) -> None:
    game = WILDS[GAME_OF[name]]
    deals = comb(game.deck_size, 5)
    total = deals * lcm(*(comb(game.deck_size - 5, k) for k in range(6)))
    assert result.deals == deals and result.total_combinations == total
    assert set(result.class_probabilities) == set(game.classes)
    assert sum(result.class_probabilities.values()) == 1
    assert sum(row.probability for row in result.rows) == 1
    assert sum(row.combinations for row in result.rows) == total
    expected = sum((p * pays.get(hand, 0) for hand, p in result.class_probabilities.items()), Fraction(0))
    assert result.expected_return == expected
    assert sum(row.contribution for row in result.rows) == expected
    for row in result.rows:
        assert row.probability == Fraction(row.combinations, total)
    rows = {row.key: row for row in result.rows}
    assert rows["royal-flush"].label == "Natural Royal Flush"
    assert rows["royal-flush"].pay == pays[C.ROYAL_FLUSH]
    assert rows["royal-flush"].probability == result.class_probabilities[C.ROYAL_FLUSH]
    # a dealt four deuces or natural royal can only be kept: at least those deals end there
    assert result.class_probabilities[C.ROYAL_FLUSH] >= Fraction(4, deals)
    if game.name == "deuces":
        assert result.class_probabilities[C.FOUR_DEUCES] >= Fraction(48, deals)


PUBLISHED = {  # percent: (figure, digits published)
    "deuces-wild-full-pay": [("100.7620", 4)],
    "deuces-wild-nsud": [("99.7283", 4), ("99.73", 2)],
    "joker-poker-kings": [("100.65", 2)],
}


@pytest.mark.parametrize("name", list(PUBLISHED))
def test_analyze_gives_the_published_return(analyses, name):
    result = analyses(name)
    _check_analysis(result, name, PAYS[name])
    percent = float(result.expected_return) * 100
    for figure, digits in PUBLISHED[name]:
        assert f"{percent:.{digits}f}" == figure
    if name == "joker-poker-kings":
        assert 100.64 < percent < 100.65


@pytest.mark.parametrize("name", ["deuces-wild-full-pay", "joker-poker-kings"])
def test_one_coin_pays_250_for_the_natural_royal(analyses, name):
    one, five = analyses(name, 1), analyses(name, 5)
    pays = {**PAYS[name], C.ROYAL_FLUSH: 250}
    _check_analysis(one, name, pays)
    assert one.coins == 1
    # R5 = max_s E1(s) + 550 P_s(royal): the best play at one coin gives the lower bound, the best
    # play at five coins the upper bound, so 550 P1(royal) <= R5 - R1 <= 550 P5(royal).
    gap = five.expected_return - one.expected_return
    p1, p5 = one.class_probabilities[C.ROYAL_FLUSH], five.class_probabilities[C.ROYAL_FLUSH]
    assert 550 * p1 <= gap <= 550 * p5 and gap > 0


# --- pay tables ------------------------------------------------------------------------------

DEUCES_PAYS = {
    "royal-flush": 800, "four-deuces": 200, "wild-royal-flush": 25, "five-of-a-kind": 15, "straight-flush": 9,
    "four-of-a-kind": 5, "full-house": 3, "flush": 2, "straight": 2, "three-of-a-kind": 1,
}
JOKER_PAYS = {
    "royal-flush": 800, "five-of-a-kind": 200, "wild-royal-flush": 100, "straight-flush": 50, "four-of-a-kind": 20,
    "full-house": 7, "flush": 5, "straight": 3, "three-of-a-kind": 2, "two-pair": 1, "kings-or-better": 1,
}
KEY_PAYS = {
    "deuces-wild-full-pay": DEUCES_PAYS,
    "deuces-wild-nsud": {**DEUCES_PAYS, "five-of-a-kind": 16, "straight-flush": 10, "four-of-a-kind": 4,
                         "full-house": 4, "flush": 3},
    "joker-poker-kings": JOKER_PAYS,
}


def test_the_named_wild_tables_pay_as_published():
    for name, pays in PAYS.items():
        table = Paytable.named(name)
        assert table.wild == GAME_OF[name] and table.wild_rule is WILDS[GAME_OF[name]]
        class_pays = table.class_pays(5)
        assert {hand: class_pays[hand] for hand in table.wild_rule.classes if class_pays[hand]} == pays
        assert table.class_pays(1)[C.ROYAL_FLUSH] == 250
        assert table.class_pays(1)[C.WILD_ROYAL_FLUSH] == pays[C.WILD_ROYAL_FLUSH]
    for name, pays in KEY_PAYS.items():
        assert Paytable.from_dict({"name": name, "wild": GAME_OF[name], "pays": pays}) == Paytable.named(name)


def test_class_pays_are_zero_for_the_classes_the_game_does_not_have():
    # Paytable.class_pays: "the pay per coin of each HandClass ... (0 for the classes the game
    # does not have)"
    extra = {}
    for name in [*PAYS, "jacks-or-better-9-6"]:
        table = Paytable.named(name)
        for coins in (1, 5):
            pays = table.class_pays(coins)
            extra |= {(name, coins, str(hand)): pays[hand] for hand in C
                      if hand not in table.wild_rule.classes and pays[hand]}
    assert extra == {}


@pytest.mark.parametrize(
    ("wild", "pays", "key"),
    [
        ("deuces", {**DEUCES_PAYS, "four-aces": 80}, "four-aces"),
        ("deuces", {**DEUCES_PAYS, "two-pair": 1}, "two-pair"),
        ("deuces", {**DEUCES_PAYS, "jacks-or-better": 1}, "jacks-or-better"),
        ("deuces", {**DEUCES_PAYS, "kings-or-better": 1}, "kings-or-better"),
        ("joker", {**JOKER_PAYS, "four-deuces": 200}, "four-deuces"),
        ("joker", {**JOKER_PAYS, "jacks-or-better": 1}, "jacks-or-better"),
        ("joker", {**JOKER_PAYS, "four-2-4": 40}, "four-2-4"),
        ("none", {**DEUCES_PAYS, "jacks-or-better": 1, "two-pair": 2}, "four-deuces"),
        ("none", {**JOKER_PAYS, "jacks-or-better": 1}, "five-of-a-kind"),
    ],
)
def test_a_hand_the_game_does_not_play_is_refused_by_name(wild, pays, key):
    with pytest.raises(PaytableError, match=f"hand not played with wild '{wild}'.*'{key}'"):
        Paytable.from_dict({"name": "mine", "wild": wild, "pays": pays})


@pytest.mark.parametrize(
    ("wild", "pays", "missing"),
    [
        ("deuces", DEUCES_PAYS, "four-deuces"),
        ("deuces", DEUCES_PAYS, "wild-royal-flush"),
        ("deuces", DEUCES_PAYS, "five-of-a-kind"),
        ("deuces", DEUCES_PAYS, "three-of-a-kind"),
        ("joker", JOKER_PAYS, "five-of-a-kind"),
        ("joker", JOKER_PAYS, "two-pair"),
        ("joker", JOKER_PAYS, "royal-flush"),
    ],
)
def test_a_table_must_pay_every_hand_of_its_game(wild, pays, missing):
    label = {"four-deuces": "Four Deuces", "wild-royal-flush": "Wild Royal Flush", "five-of-a-kind": "Five of a Kind",
             "three-of-a-kind": "Three of a Kind", "two-pair": "Two Pair", "royal-flush": "Royal Flush"}[missing]
    pays = {key: pay for key, pay in pays.items() if key != missing}
    with pytest.raises(PaytableError, match=f"does not say what these hands pay: .*{label} \\({missing}\\)"):
        Paytable.from_dict({"name": "mine", "wild": wild, "pays": pays})


def test_a_joker_table_may_leave_the_pairs_unpaid():
    pays = {key: pay for key, pay in JOKER_PAYS.items() if key != "kings-or-better"}
    table = Paytable.from_dict({"name": "joker-two-pair", "wild": "joker", "pays": pays})
    assert table.class_pays(5)[C.KINGS_OR_BETTER] == 0 and table.class_pays(5)[C.TWO_PAIR] == 1
    assert table.row_for(C.KINGS_OR_BETTER).key == "nothing"


def test_an_unknown_wild_card_is_refused():
    for wild in ("jokers", "tens", "", 2):
        with pytest.raises(PaytableError, match="unknown wild card"):
            Paytable.from_dict({"name": "mine", "wild": wild, "pays": DEUCES_PAYS})
    # without its wild card a deuces table names a hand the plain game does not play
    with pytest.raises(PaytableError, match="'four-deuces'"):
        Paytable.from_dict({"name": "mine", "pays": DEUCES_PAYS})


@pytest.mark.parametrize("name", list(PAYS))
def test_wild_tables_go_through_dicts_and_json(name):
    table = Paytable.named(name)
    data = table.to_dict()
    assert data["wild"] == GAME_OF[name]
    assert Paytable.from_dict(data) == table and Paytable.from_dict(data).wild == table.wild
    assert Paytable.from_json(json.dumps(data)) == table
    royal = data["rows"][0]
    assert royal["key"] == "royal-flush" and royal["label"] == "Natural Royal Flush"
    assert royal["payouts"] == [250, 500, 750, 1000, 4000]
    assert {row["key"]: row["pay"] for row in data["rows"]} == KEY_PAYS[name]
    with pytest.raises(PaytableError, match="hand not played with wild"):
        Paytable.from_dict({**data, "wild": "joker" if GAME_OF[name] == "deuces" else "deuces"})


# --- the joker --------------------------------------------------------------------------------


def test_the_joker_is_read_only_in_joker_games():
    cards = parse_cards("Jk As joker JK", joker=True, allow_duplicates=True)
    assert cards[0] is JOKER and cards[2] is JOKER and cards[3] is JOKER and str(cards[1]) == "As"
    assert JOKER.id == 52 and str(JOKER) == "Jk"
    assert parse_cards([52], joker=True) == (JOKER,)
    for text in ("Jk As", "As joker", [52]):
        with pytest.raises(CardParseError, match="joker|0..51"):
            parse_cards(text)
    with pytest.raises(CardParseError, match="joker"):
        parse_cards("As Jk")
    with pytest.raises(DuplicateCardError):
        parse_cards("Jk As Jk", joker=True)
    assert parse_deal("Jk As Kd 7h 2c", "joker-poker-kings")[0] is JOKER
    for name in ("deuces-wild-full-pay", "jacks-or-better-9-6"):
        with pytest.raises(CardParseError, match="joker"):
            parse_deal("Jk As Kd 7h 2c", name)


def test_the_joker_card_to_dict_and_pickle():
    assert JOKER.to_dict() == {"card": "Jk", "id": 52, "rank": "", "suit": "", "name": "Joker", "pretty": "Jk"}
    assert pickle.loads(pickle.dumps(JOKER)) is JOKER
    deal = parse_deal("Jk As Kd 7h 2c", "joker-poker-kings")
    assert pickle.loads(pickle.dumps(deal)) == deal
    hold = best_hold(deal, "joker-poker-kings")
    again = pickle.loads(pickle.dumps(hold))
    assert again.held == hold.held and again.ev == hold.ev
    assert format_cards(deal) == "Jk As Kd 7h 2c"
    assert len(Deck(seed=1, cards=CARDS + (JOKER,))) == 53


def test_parse_hold_reads_the_joker():
    deal = parse_deal("Kd Jk 7h As 2c", "joker-poker-kings")
    assert parse_hold("Jk As", deal) == (1, 3)
    assert parse_hold("joker", deal) == (1,)
    assert parse_hold("As Jk Kd", deal) == (0, 1, 3)
    other = parse_deal("Kd Qs 7h As 2c", "joker-poker-kings")
    with pytest.raises(HoldParseError, match="not in the deal"):
        parse_hold("Jk", other)


def test_the_trainer_deals_the_joker_from_a_53_card_deck_and_deuces_from_52():
    """The dealing alone (playing a hand derives the game's strategy list: the next test). The
    joker is in 5 of 53 deals."""
    trainer = Trainer("joker-poker-kings", seed=21)
    seen = np.zeros(53, dtype=np.int64)
    jokers = 0
    for _ in range(1500):
        deal = trainer.deal()
        deal_ids = [card.id for card in deal]
        assert len(set(deal_ids)) == 5 and all(0 <= card <= 52 for card in deal_ids)
        assert sum(card is JOKER for card in deal) <= 1
        jokers += JOKER in deal
        seen[deal_ids] += 1
    assert (seen > 0).all()
    assert 90 < jokers < 195  # about 141.5 of 1,500 (sd about 11.3)
    deuces = Trainer("deuces-wild-nsud", seed=4)
    for _ in range(300):
        deal = deuces.deal()
        assert all(0 <= card.id < 52 for card in deal) and len(set(deal)) == 5


@pytest.mark.slow
def test_the_trainer_plays_from_the_game_deck():
    """Hands played in joker poker (which derives its strategy list): the draw comes from the
    53-card deck, the held cards stay, and the hand and the payout are the naive ones."""
    trainer = Trainer("joker-poker-kings", seed=21)
    for _ in range(100):
        deal = trainer.deal()
        held = tuple(i for i in range(5) if deal[i] is JOKER or deal[i].rank >= 9)
        played = trainer.play(held)
        final = [card.id for card in played.final]
        assert len(set(final)) == 5 and all(0 <= card <= 52 for card in final)
        assert all(played.final[i] == deal[i] for i in held)
        assert played.hand == classes_of(np.array([final]), "joker")[0]
        assert played.payout == PAYS["joker-poker-kings"].get(played.hand, 0) * 5
