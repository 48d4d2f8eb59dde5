"""Video poker: published returns, holds against brute-force enumeration, strategy facts, pay
tables, bad input, the trainer."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from conftest import combinations_array
from naive_videopoker import brute_force_part, classes_of, draw_counts
from showdown import CARDS, CardParseError, DuplicateCardError, HandSizeError, ShowdownError, parse_cards
from showdown.videopoker import (
    PAYTABLES,
    AnalysisStopped,
    HandClass,
    HoldParseError,
    Paytable,
    PaytableError,
    Trainer,
    VideoPokerError,
    analyze,
    best_hold,
    hand_class,
    holds,
    parse_hold,
    paytable_from_text,
)
from showdown.videopoker.final_hands import WILDS

C = HandClass

# --- the published returns -------------------------------------------------------------------

PUBLISHED_RETURNS = {  # percent, to the precision published
    "jacks-or-better-9-6": "99.5439",
    "jacks-or-better-9-5": "98.45",
    "jacks-or-better-8-6": "98.39",
    "jacks-or-better-8-5": "97.2984",
    "jacks-or-better-7-5": "96.15",
    "jacks-or-better-6-5": "95.00",
    "bonus-poker-8-5": "99.17",
    "double-bonus-10-7": "100.17",
    "double-double-bonus-9-6": "98.98",
}


@pytest.fixture(scope="module")
def analyses():
    return {}


def _analysis(analyses, name):
    if name not in analyses:
        analyses[name] = analyze(name)
    return analyses[name]


@pytest.mark.parametrize("name", list(PUBLISHED_RETURNS))
def test_analyze_gives_the_published_return(analyses, name):
    published = PUBLISHED_RETURNS[name]
    digits = len(published.partition(".")[2])
    result = _analysis(analyses, name)
    assert f"{float(result.expected_return) * 100:.{digits}f}" == published
    assert sum(row.probability for row in result.rows) == 1
    assert sum(row.contribution for row in result.rows) == result.expected_return
    assert sum(result.class_probabilities.values()) == 1
    assert result.deal_classes == 134_459


def test_jacks_or_better_9_6_matches_the_published_table(analyses):
    result = _analysis(analyses, "jacks-or-better-9-6")
    rows = {row.label: row for row in result.rows}
    assert result.total_combinations == 19_933_230_517_200
    assert rows["Royal Flush"].combinations == 493_512_264  # the published count of royals
    assert f"{float(result.variance):.2f}" == "19.51"
    assert str(result).splitlines()[0] == "Jacks or Better 9/6, 5 coins: return 99.5439%, variance 19.51"
    # the exact return is consistent with the exact probabilities and the pays
    pays = PAYTABLES["jacks-or-better-9-6"].class_pays(5)
    assert result.expected_return == sum(p * pays[hand] for hand, p in result.class_probabilities.items())
    # the variance is the second moment less the square of the mean, exactly
    second = sum(p * pays[hand] ** 2 for hand, p in result.class_probabilities.items())
    assert result.variance == second - result.expected_return**2


def test_analyze_is_the_same_on_one_thread_and_reports_progress():
    calls = []
    one = analyze("bonus-poker-8-5", n_jobs=1, progress=lambda done, total: calls.append((done, total)))
    two = analyze("bonus-poker-8-5", n_jobs=2)
    assert one.expected_return == two.expected_return and one.variance == two.variance
    assert one.rows == two.rows
    assert calls[-1] == (134_459, 134_459) and len(calls) > 1
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_analyze_can_be_stopped_by_the_progress_callback():
    with pytest.raises(AnalysisStopped, match="stopped"):
        analyze(progress=lambda done, total: False)


def test_fewer_coins_pay_250_for_a_royal(analyses):
    full = _analysis(analyses, "jacks-or-better-9-6")
    one = analyze("jacks-or-better-9-6", coins=1)
    assert one.rows[0].pay == 250 and one.expected_return < full.expected_return
    royal = best_hold("As Ks Qs Js Ts", coins=1)
    assert royal.ev == 250 and royal.ev_per_bet == 250
    assert best_hold("As Ks Qs Js Ts").ev_per_bet == 4000


# --- the count table and the classes ---------------------------------------------------------


def _class_census() -> list[int]:
    """The number of five-card hands in each class, counted by hand."""
    straights = 10 * 4**5 - 40
    flushes = 4 * (comb(13, 5) - 10)
    pair_hands = 6 * comb(12, 3) * 4**3  # per pair rank
    census = [0] * len(C)
    census[C.NOTHING] = (comb(13, 5) - 10) * (4**5 - 4)
    census[C.LOW_PAIR] = 9 * pair_hands
    census[C.JACKS_OR_BETTER] = 4 * pair_hands
    census[C.TWO_PAIR] = comb(13, 2) * 6 * 6 * 44
    census[C.THREE_OF_A_KIND] = 13 * 4 * comb(12, 2) * 16
    census[C.STRAIGHT] = straights
    census[C.FLUSH] = flushes
    census[C.FULL_HOUSE] = 13 * 4 * 12 * 6
    census[C.FOUR_5_K] = 9 * 48
    census[C.FOUR_2_4_ACE_TO_4] = 3 * 3 * 4  # quads 2-4, kicker one of the other three of A-4
    census[C.FOUR_2_4] = 3 * 48 - census[C.FOUR_2_4_ACE_TO_4]
    census[C.FOUR_ACES_2_4] = 3 * 4
    census[C.FOUR_ACES] = 48 - census[C.FOUR_ACES_2_4]
    census[C.STRAIGHT_FLUSH] = 36
    census[C.ROYAL_FLUSH] = 4
    return census


@pytest.fixture(scope="module")
def all_hands():
    """Every five-card hand (columns contiguous) and its class by the naive reference."""
    hands = np.asfortranarray(combinations_array(52, 5))
    return hands, classes_of(hands)


def test_the_naive_classes_count_as_expected(all_hands):
    _, classes = all_hands
    assert np.bincount(classes, minlength=len(C)).tolist() == _class_census()


def test_the_kernel_classes_every_hand_as_the_naive_reference(all_hands):
    from showdown._kernels import videopoker as kernel

    hands, classes = all_hands
    assert [kernel.NOTHING, kernel.LOW_PAIR, kernel.FOUR_2_4_ACE_TO_4, kernel.ROYAL_FLUSH] == [
        C.NOTHING,
        C.LOW_PAIR,
        C.FOUR_2_4_ACE_TO_4,
        C.ROYAL_FLUSH,
    ]
    assert kernel.STANDARD == WILDS["none"].rule and list(WILDS["none"].classes) == list(C)[:15]
    out = np.empty(len(hands), dtype=np.int64)
    kernel._classify_rows(kernel.STANDARD, np.ascontiguousarray(hands), out)
    assert np.array_equal(out, classes)


def test_hand_class_agrees_with_the_naive_reference_on_random_hands(all_hands):
    hands, classes = all_hands
    rng = np.random.default_rng(5)
    picks = rng.choice(len(hands), 3000, replace=False)
    # and every class at least a few times
    picks = np.concatenate([picks, *[np.flatnonzero(classes == hand)[:5] for hand in C]])
    for i in picks:
        assert hand_class(hands[i].tolist()) == classes[i], hands[i]


def test_the_count_table_counts_the_hands_holding_each_set():
    from showdown.videopoker._counts import canonical_deals, superset_table

    table = superset_table(WILDS["none"].rule)
    assert table[0, :15].tolist() == _class_census()[:15]
    offsets = np.cumsum([0] + [comb(53, k) for k in range(5)])  # one layout for 52 and 53 cards
    for k in range(5):
        rows = table[offsets[k] : offsets[k + 1]]
        sizes = rows[: comb(52, k)].sum(axis=1)  # the sets without card 52 come first in colex order
        assert (sizes == comb(52 - k, 5 - k)).all() and not rows[comb(52, k) :].any()
    deals, weights = canonical_deals(52)
    assert len(deals) == 134_459 and int(weights.sum()) == comb(52, 5)


# --- holds against brute force ---------------------------------------------------------------

JOB_9_6 = {
    C.ROYAL_FLUSH: 800,
    C.STRAIGHT_FLUSH: 50,
    C.FOUR_ACES_2_4: 25,
    C.FOUR_ACES: 25,
    C.FOUR_2_4_ACE_TO_4: 25,
    C.FOUR_2_4: 25,
    C.FOUR_5_K: 25,
    C.FULL_HOUSE: 9,
    C.FLUSH: 6,
    C.STRAIGHT: 4,
    C.THREE_OF_A_KIND: 3,
    C.TWO_PAIR: 2,
    C.JACKS_OR_BETTER: 1,
}
DDB_9_6 = {
    C.ROYAL_FLUSH: 800,
    C.STRAIGHT_FLUSH: 50,
    C.FOUR_ACES_2_4: 400,
    C.FOUR_ACES: 160,
    C.FOUR_2_4_ACE_TO_4: 160,
    C.FOUR_2_4: 80,
    C.FOUR_5_K: 50,
    C.FULL_HOUSE: 9,
    C.FLUSH: 6,
    C.STRAIGHT: 4,
    C.THREE_OF_A_KIND: 3,
    C.TWO_PAIR: 1,
    C.JACKS_OR_BETTER: 1,
}
N_RANDOM_DEALS = 200
SPECIAL_DEALS = ["As Ks Qs Js Ts", "Ah Ad Ac As 3h", "2d 3c 2s 2c 2h", "2c 2d 2h 9s 9d", "As Ac Ah 4d 9s"]


def _brute_force_deals() -> list[tuple[str, list[int]]]:
    rng = random.Random(20240605)
    deals = [rng.sample(range(52), 5) for _ in range(N_RANDOM_DEALS)]
    deals += [[card.id for card in parse_cards(text)] for text in SPECIAL_DEALS]
    return [("jacks-or-better-9-6" if i % 2 else "double-double-bonus-9-6", deal) for i, deal in enumerate(deals)]


@pytest.mark.parametrize("part", ["sample", pytest.param("rest", marks=pytest.mark.slow)])
def test_every_hold_of_many_deals_equals_brute_force_enumeration(all_hands, part):
    hands, classes = all_hands
    for name, deal in brute_force_part(_brute_force_deals(), part, len(SPECIAL_DEALS)):
        pays = JOB_9_6 if name.startswith("jacks") else DDB_9_6
        expected = draw_counts(deal, hands, classes)
        ranked = holds(deal, name)
        assert len(ranked) == 32 and len({hold.positions for hold in ranked}) == 32
        evs = []
        for hold in ranked:
            mask = sum(1 << position for position in hold.positions)
            assert hold.counts == tuple(expected[mask].tolist()), (name, deal, hold.positions)
            assert hold.draws == comb(47, 5 - len(hold.held)) == sum(hold.counts)
            exact = Fraction(sum(count * pays.get(C(c), 0) for c, count in enumerate(expected[mask])), hold.draws)
            assert hold.ev == exact
            assert hold.held == tuple(CARDS[deal[p]] for p in hold.positions)
            evs.append(exact)
        assert evs == sorted(evs, reverse=True)
        for hold in ranked:  # ranks and ties are reported, never hidden
            assert hold.rank == 1 + sum(1 for other in ranked if other.ev > hold.ev)
            assert set(hold.tied_with) == {other.held for other in ranked if other.ev == hold.ev and other is not hold}


def test_hold_figures_agree_with_each_other():
    hold = best_hold("Jh Jd 2h 5h 8h")
    assert hold.ev_float == float(hold.ev) and hold.ev_per_bet == 5 * hold.ev
    assert (
        sum(hold.probabilities.values()) + Fraction(hold.counts[C.NOTHING] + hold.counts[C.LOW_PAIR], hold.draws) == 1
    )
    assert hold.probabilities["Jacks or Better"] == Fraction(hold.counts[C.JACKS_OR_BETTER], hold.draws)
    assert sum(hold.class_probabilities.values()) == 1
    data = hold.to_dict()
    assert data["held"] == ["Jh", "Jd"] and data["rank"] == 1
    assert Fraction(data["ev_exact"]) == hold.ev and data["ev"] == float(hold.ev)


def test_ties_are_reported_and_listed_fewer_cards_first():
    # Four deuces in Jacks or Better pay 25 whether or not the kicker is kept.
    ranked = holds("2d 3c 2s 2c 2h")
    best, second = ranked[0], ranked[1]
    assert best.ev == second.ev == 25 and best.rank == second.rank == 1
    assert [len(best.held), len(second.held)] == [4, 5]
    assert best.tied_with == (second.held,) and second.tied_with == (best.held,)
    # In Double Double Bonus the 3 kicker makes four deuces pay 160: keep it.
    ddb = best_hold("2d 3c 2s 2c 2h", "double-double-bonus-9-6")
    assert len(ddb.held) == 5 and ddb.ev == 160 and ddb.tied_with == ()


# --- strategy facts (9/6 Jacks or Better unless named) -----------------------------------------

STRATEGY = [
    ("four to a royal beats a pat flush", "As Ks Qs Js 4s", "As Ks Qs Js"),
    ("four to a royal beats a pat straight", "Ts Js Qs Ks 9h", "Ts Js Qs Ks"),
    ("a pat straight flush beats four to a royal", "9h Th Jh Qh Kh", "9h Th Jh Qh Kh"),
    ("a low pair beats an open-ended straight draw", "5h 5d 6c 7s 8h", "5h 5d"),
    ("A-K-Q offsuit: hold the K-Q", "Ac Kd Qh 7s 2c", "Kd Qh"),
    ("three of a kind: drop the kickers", "7c 7d 7h Ks 2d", "7c 7d 7h"),
    ("two pair: keep both pairs, drop the fifth card", "Jc Jd 4h 4s 9c", "Jc Jd 4h 4s"),
    ("a high pair beats four to a flush", "Jh Jd 2h 5h 8h", "Jh Jd"),
    ("four to a flush beats a low pair", "5h 5d 2h 9h Kh", "5h 2h 9h Kh"),
    ("a high pair beats three to a royal", "Ks Kd Qs Js 3c", "Ks Kd"),
    ("three to a royal beats four to a flush", "As Ks Qs 7s 2d", "As Ks Qs"),
    ("three to a royal beats four to a flush and an inside straight", "Th Jd Qh Kh 2h", "Th Qh Kh"),
    ("a high pair: no kicker, not even an ace", "Ah Ad Kc 7s 2d", "Ah Ad"),
    ("a pat full house is kept", "Qs Qd Qh 5c 5d", "Qs Qd Qh 5c 5d"),
    ("two unsuited high cards are kept together", "Jh Qd 5c 7s 2h", "Jh Qd"),
    ("one high card alone when nothing else", "Kh 8c 6d 4s 2h", "Kh"),
    ("no high card and no draw: draw five", "2c 4d 7h 9s Tc", ""),
]


@pytest.mark.parametrize("fact, deal, expected", STRATEGY, ids=[fact for fact, _, _ in STRATEGY])
def test_strategy_fact(fact, deal, expected):
    ranked = holds(deal)
    assert ranked[0].held == parse_cards(expected), fact
    assert ranked[0].tied_with == ()
    assert ranked[0].ev > ranked[1].ev


def test_unsuited_ten_to_king_beats_a_pair_of_tens_and_either_ten_will_do():
    best = best_hold("Tc Td Jh Qs Kc")
    assert {str(card) for card in best.held[1:]} == {"Jh", "Qs", "Kc"} and len(best.held) == 4
    assert best.tied_with == (parse_cards("Td Jh Qs Kc"),)
    pair = next(hold for hold in holds("Tc Td Jh Qs Kc") if hold.held == parse_cards("Tc Td"))
    assert best.ev > pair.ev


# --- pay tables ------------------------------------------------------------------------------


def test_named_tables_pay_the_standard_amounts():
    job = Paytable.named("jacks-or-better-8-5")
    assert (job.pays["full-house"], job.pays["flush"], job.pays["four-of-a-kind"]) == (8, 5, 25)
    ddb = PAYTABLES["double-double-bonus-9-6"].class_pays(5)
    assert [ddb[C.FOUR_ACES_2_4], ddb[C.FOUR_2_4_ACE_TO_4], ddb[C.FOUR_ACES], ddb[C.FOUR_2_4], ddb[C.FOUR_5_K]] == [
        400,
        160,
        160,
        80,
        50,
    ]
    db = PAYTABLES["double-bonus-10-7"].class_pays(5)
    assert [db[C.FOUR_ACES_2_4], db[C.FOUR_ACES], db[C.FOUR_2_4], db[C.STRAIGHT], db[C.TWO_PAIR]] == [
        160,
        160,
        80,
        5,
        1,
    ]
    for table in PAYTABLES.values():
        assert table.class_pays(5)[C.ROYAL_FLUSH] == 800
        assert table.class_pays(4)[C.ROYAL_FLUSH] == 250
        assert table.class_pays(5)[C.NOTHING] == table.class_pays(5)[C.LOW_PAIR] == 0
        assert Paytable.from_dict(table.to_dict()) == table
        assert Paytable.named(table.name.upper()) is table


def test_a_custom_table_from_a_dict_or_json():
    pays = dict(PAYTABLES["jacks-or-better-9-6"].pays, **{"four-aces": 80, "low-pair": 0})
    table = Paytable.from_dict({"name": "aces bonus", "pays": pays, "royal_flush_below_max_bet": 300})
    assert table.class_pays(5)[C.FOUR_ACES_2_4] == 80 and table.class_pays(5)[C.FOUR_5_K] == 25
    assert table.class_pays(1)[C.ROYAL_FLUSH] == 300
    assert [row.label for row in table.rows][2:4] == ["Four Aces", "Four of a Kind"]
    assert [(row.label, row.pay, row.classes) for row in table.rows[-2:]] == [
        ("Low Pair", 0, (C.LOW_PAIR,)),
        ("Nothing", 0, (C.NOTHING,)),
    ]
    assert Paytable.from_json(json.dumps(table.to_dict())) == table

    def trips(paytable):
        return next(hold for hold in holds("Ah Ad Ac 7s 7d", paytable) if hold.positions == (0, 1, 2))

    # the fourth ace comes in 46 of the C(47, 2) = 1081 draws, now paying 80 instead of 25
    assert trips(table).ev - trips("jacks-or-better-9-6").ev == Fraction(46, 1081) * 55


@pytest.mark.parametrize(
    "data, message",
    [
        ([1, 2], "must be a mapping"),
        ({"name": "x"}, "has no 'pays'"),
        ({"pays": {}, "colour": "red"}, "unknown paytable field 'colour'"),
        ({"pays": {"royal-flush": 800, "fours": 25}}, "unknown hand 'fours'"),
        ({"pays": {"flush": -1}}, "the pay for 'flush' in paytable 'custom' must be from 0"),
        ({"pays": {"flush": 6.5}}, "the pay for 'flush' in paytable 'custom' must be a whole number, got 6.5"),
        ({"pays": {"flush": True}}, "must be a whole number, got True"),
        ({"pays": {"flush": "6"}}, "must be a whole number, got '6'"),
        ({"pays": {"flush": 10**9}}, "must be from 0 to 1,000,000"),
        ({"pays": {"royal-flush": 800}}, "does not say what these hands pay: Straight Flush (straight-flush)"),
        ({"pays": {"royal-flush": 800, "four-aces": 80}}, "Four 5s-Ks (four-of-a-kind or four-5-k)"),
        ({"name": "", "pays": {"flush": 6}}, "name must be non-empty"),
        ({"pays": dict(PAYTABLES["jacks-or-better-9-6"].pays), "max_coins": 0}, "max_coins in paytable"),
        ({"pays": [["flush", 6]]}, "must be a non-empty mapping"),
    ],
)
def test_bad_paytables_are_rejected_with_a_clear_message(data, message):
    with pytest.raises(PaytableError) as error:
        Paytable.from_dict(data)
    assert message in str(error.value)
    assert isinstance(error.value, ShowdownError)


def test_paytable_names_and_short_forms():
    assert paytable_from_text("9/6") is PAYTABLES["jacks-or-better-9-6"]
    assert paytable_from_text("job 8/5") is PAYTABLES["jacks-or-better-8-5"]
    assert paytable_from_text("bonus-8/5") is paytable_from_text("BP 8-5") is PAYTABLES["bonus-poker-8-5"]
    assert paytable_from_text("db-10/7") is PAYTABLES["double-bonus-10-7"]
    assert paytable_from_text("ddb 9/6") is PAYTABLES["double-double-bonus-9-6"]
    assert paytable_from_text("double-bonus-10-7") is PAYTABLES["double-bonus-10-7"]
    with pytest.raises(PaytableError, match="unknown paytable '9/9'"):
        paytable_from_text("9/9")
    # the library takes the short forms the command line and the page take
    assert holds("As Ks Qs Js Ts", "9/6").to_dict() == holds("As Ks Qs Js Ts", "jacks-or-better-9-6").to_dict()
    assert Paytable.named("nsud") is Paytable.named("Deuces Wild NSUD") is PAYTABLES["deuces-wild-nsud"]
    with pytest.raises(PaytableError, match="unknown paytable '9/9'.*short form such as 9/6"):
        Paytable.named("9/9")
    with pytest.raises(PaytableError, match="named by text"):
        Paytable.named(96)
    with pytest.raises(PaytableError, match="not valid"):
        Paytable.from_json("{pays")


def test_every_short_name_names_its_table():
    for name, table in PAYTABLES.items():
        for short in table.short_names:
            assert Paytable.named(short) is paytable_from_text(short) is table, (name, short)
    assert set(PAYTABLES["double-double-bonus-9-6"].short_names) == {"ddb-9/6"}
    assert PAYTABLES["jacks-or-better-9-6"].short_names == ("9/6", "job-9/6")
    assert Paytable.from_dict({"name": "mine", "pays": dict(PAYTABLES["jacks-or-better-9-6"].pays)}).short_names == ()


def test_paytable_from_a_json_file(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(
        '{"name": "mine", "pays": ' + str(dict(PAYTABLES["jacks-or-better-7-5"].pays)).replace("'", '"') + "}",
        encoding="utf-8",
    )
    assert paytable_from_text(str(path)).class_pays(5) == PAYTABLES["jacks-or-better-7-5"].class_pays(5)
    with pytest.raises(PaytableError, match="cannot read paytable file"):
        paytable_from_text(str(tmp_path / "missing.json"))


# --- bad deals and bets ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "deal, error, message",
    [
        ("As Ks Kh 4s", HandSizeError, "a video poker deal has 5 cards, got 4 (As Ks Kh 4s)"),
        ("As Ks Kh 4s 4d 5c", HandSizeError, "got 6"),
        ("", HandSizeError, "got 0"),
        ("As Ks Kh 4s As", DuplicateCardError, "card As appears more than once"),
        ("As Ks Kh 4s 4x", CardParseError, "'4x'"),
    ],
)
def test_bad_deals_are_rejected(deal, error, message):
    with pytest.raises(error) as raised:
        holds(deal)
    assert message in str(raised.value)


@pytest.mark.parametrize("coins", [0, 6, True, 2.5, "5"])
def test_bad_coins_are_rejected(coins):
    with pytest.raises(VideoPokerError, match="coins must be a whole number from 1 to 5"):
        holds("As Ks Qs Js Ts", coins=coins)


def test_hand_class_needs_five_cards():
    with pytest.raises(HandSizeError, match="5 cards, got 4"):
        hand_class("As Ks Qs Js")


# --- the trainer -----------------------------------------------------------------------------


def test_parse_hold_takes_positions_cards_none_and_all():
    deal = parse_cards("As Ks Kh 4s 4d")
    assert parse_hold("1 3 4", deal) == parse_hold("134", deal) == parse_hold("As Kh 4s", deal) == (0, 2, 3)
    assert parse_hold("-", deal) == parse_hold("none", deal) == ()
    assert parse_hold("all", deal) == (0, 1, 2, 3, 4)
    for text, message in [
        ("Qs", "card Qs is not in the deal"),
        ("1 1", "position 1 is given twice"),
        ("7", "position 7 is not one of 1 to 5"),
        ("", "say which cards"),
        ("Zz", "'Zz'"),
    ]:
        with pytest.raises(HoldParseError, match=message):
            parse_hold(text, deal)


def test_the_trainer_scores_each_hand_and_keeps_a_tally():
    trainer = Trainer(seed=11)
    first = trainer.deal()
    assert Trainer(seed=11).deal() == first  # a seed gives the same session
    played = trainer.play(())
    assert played.deal == first and played.hold.held == () and set(played.final).isdisjoint(first)
    assert played.hand == hand_class(played.final)
    assert played.payout == PAYTABLES["jacks-or-better-9-6"].class_pays(5)[played.hand] * 5
    assert played.ev_lost == played.best.ev - played.hold.ev and played.best.rank == 1
    total = played.ev_lost
    for _ in range(5):
        deal = trainer.deal()
        best = best_hold(deal)
        played = trainer.play(best.positions)
        assert not played.mistake and played.ev_lost == 0
        assert tuple(played.final[p] for p in best.positions) == best.held
    assert (played.hands, played.mistakes, played.total_ev_lost) == (6, int(total > 0), total)
    assert played.total_bet == 30 and trainer.total_won == played.total_won
    with pytest.raises(VideoPokerError, match="deal before"):
        trainer.play(())


@pytest.mark.parametrize("seed", range(6))
def test_held_cards_keep_their_places_after_the_draw(seed):
    """Hold the first, third and fifth cards: they stay where they were, the two drawn cards
    take the second and fourth places, and the JSON counts positions from 1 as the trainer's
    ``1 3 5`` does."""
    trainer = Trainer(seed=seed)
    deal = trainer.deal()
    positions = parse_hold("1 3 5", deal)
    played = trainer.play(positions)
    assert positions == (0, 2, 4)
    assert [played.final[i] for i in positions] == [deal[i] for i in positions]
    assert not {played.final[1], played.final[3]} & set(deal)
    as_json = played.to_dict()
    assert as_json["final_kept"] == as_json["hold"]["positions"] == list(played.hold.positions) == [0, 2, 4]
    assert [as_json["final"][p] for p in as_json["final_kept"]] == as_json["held"]
    assert parse_hold(" ".join(str(p + 1) for p in as_json["hold"]["positions"]), deal) == played.hold.positions


def test_every_hold_keeps_its_cards_in_place_and_the_draw_fills_the_rest_in_order():
    """For each of the 32 holds of one deal (the same seed, so the same deck): the held cards stay
    where they were dealt, and the discarded places take the deck's next cards left to right,
    the cards a draw of five would bring in the same order."""

    def played(positions: tuple[int, ...]):
        trainer = Trainer(seed=17)
        deal = trainer.deal()
        return deal, trainer.play(positions)

    deal, nothing = played(())
    drawn = nothing.final
    assert not set(drawn) & set(deal)
    for size in range(6):
        for positions in itertools.combinations(range(5), size):
            final = played(positions)[1].final
            assert [final[i] for i in positions] == [deal[i] for i in positions]
            assert [final[i] for i in range(5) if i not in positions] == list(drawn[: 5 - size])


def test_every_hand_is_paid_on_exactly_one_row_of_every_table():
    for table in PAYTABLES.values():
        rows = table.rows
        for hand in table.wild_rule.classes:
            owners = [row for row in rows if hand in row.classes]
            assert owners == [table.row_for(hand)], (table.name, hand)
            assert table.row_for(hand).pay == table.class_pays(table.max_coins)[hand]
        lines = table.to_dict()["rows"]
        assert [line["key"] for line in lines] == [row.key for row in rows if row.key != "nothing"]
        for line, row in zip(lines, rows, strict=False):
            assert line["payouts"] == [
                table.class_pays(coins)[row.classes[0]] * coins for coins in range(1, table.max_coins + 1)
            ]
    ddb = PAYTABLES["double-double-bonus-9-6"]
    assert ddb.row_for(C.FOUR_ACES_2_4).label == "Four Aces + 2-4" and ddb.title == "Double Double Bonus 9/6"
    assert Paytable.named("deuces-wild-nsud").title == "Deuces Wild NSUD"  # Not So Ugly Deuces
    assert PAYTABLES["jacks-or-better-9-6"].row_for(C.LOW_PAIR).key == "nothing"


@pytest.mark.parametrize("table", [  # another table's strategy list is derived in the slow tier
    "jacks-or-better-9-6", pytest.param("double-double-bonus-9-6", marks=pytest.mark.slow)])
def test_played_and_holds_json(table):
    trainer = Trainer(table, seed=3)
    deal = trainer.deal()
    played = trainer.play(())
    data = json.loads(json.dumps(played.to_dict()))
    assert data["deal"] == [str(card) for card in deal] and data["held"] == []
    assert (data["hand_class"], data["hand_class_name"]) == (int(played.hand), str(played.hand))
    assert data["row"] == trainer.paytable.row_for(played.hand).to_dict()
    assert data["payout"] == played.payout and data["best"] == played.best.to_dict()
    ranked = holds("As Ks Kh 4s 4d")
    listed = json.loads(json.dumps(ranked.to_dict()))
    assert listed["deal"] == ["As", "Ks", "Kh", "4s", "4d"] and listed["coins"] == 5
    assert [hold["held"] for hold in listed["holds"]] == [[str(c) for c in hold.held] for hold in ranked]
    assert listed["holds"][0]["probabilities"][0] == {
        "key": "full-house",
        "label": "Full House",
        "pay": 9,
        "probability": 4 / 47,
        "probability_exact": "4/47",
    }
