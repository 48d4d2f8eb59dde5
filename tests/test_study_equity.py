"""showdown.combo_equities, ComboEquities, showdown.next_card, Range.split and Range.filter
against computations made here: each combo's exact equity from plain ``equity()`` runs, a
brute-force enumeration scored by phevaluator, the weights (a hero combo's weight times the
weight of the villain combos it meets) and starting-hand names recomputed from card ids, card
probabilities counted pair by pair, and the hand classes of the plain classifier
(tests/naive_study.py)."""

from __future__ import annotations

import itertools
import json
import math
from typing import Mapping, Sequence

import numpy as np
import pytest

from conftest import pheval_ranks
from naive import RANKS, card_id
from naive_study import DRAW_CLASSES, MADE_CLASSES, all_combos, card_text, combo_text, naive_breakdown, naive_classes
from showdown import (
    EmptyRangeError,
    EquityError,
    Range,
    ShowdownError,
    StudyError,
    combo_equities,
    equity,
    next_card,
)

Combo = tuple[int, int]
Weights = dict[Combo, float]

ALL_COMBOS = all_combos()
WEIGHT_CHOICES = (0.25, 0.5, 1.0)
CLOSE = 1e-12


# --- ranges, cards and weights, built from card ids ------------------------------------------
def cards_text(cards: Sequence[int]) -> str:
    return " ".join(card_text(card) for card in cards)


def to_range(weights: Mapping[Combo, float]) -> Range:
    return Range.from_combos([combo_text(c) for c in weights], list(weights.values()))


def range_weights(part: Range) -> dict[str, float]:
    """A Range as {combo text: weight}, read through its iteration."""
    return {f"{high}{low}": weight for (high, low), weight in part}


def starting_hand(combo: Combo) -> str:
    """'AKs', 'AKo' or '77' from the two card ids (higher id first)."""
    high, low = combo
    if high >> 2 == low >> 2:
        return RANKS[high >> 2] * 2
    return RANKS[high >> 2] + RANKS[low >> 2] + ("s" if high & 3 == low & 3 else "o")


def random_weights(rng: np.random.Generator, size: int) -> Weights:
    picks = rng.choice(len(ALL_COMBOS), size=size, replace=False)
    return {ALL_COMBOS[i]: float(rng.choice(WEIGHT_CHOICES)) for i in picks.tolist()}


def meets(known: set[int], *combos: Combo) -> bool:
    """True when the combos share no card with each other or with the known cards."""
    cards = [card for combo in combos for card in combo]
    return len(set(cards)) == len(cards) and not known & set(cards)


def heads_up_weights(hero: Weights, villain: Weights, board: Sequence[int], dead: Sequence[int]) -> dict[str, float]:
    """Each hero combo's weight in the range equity: its weight times the weight of the villain
    combos it meets after card removal (combos meeting none are left out)."""
    known = set(board) | set(dead)
    result = {}
    for hole, weight in hero.items():
        if not meets(known, hole):
            continue
        met = sum(w for rival, w in villain.items() if meets(known, hole, rival))
        if met:
            result[combo_text(hole)] = weight * met
    return result


def multiway_weights(hero: Weights, villains: Sequence[Weights], board: Sequence[int], dead: Sequence[int]
                     ) -> dict[str, float]:
    """The same for several villains: the weight of the villain hands that fit with the hero
    combo and with each other."""
    known = set(board) | set(dead)
    result = {}
    for hole, weight in hero.items():
        if not meets(known, hole):
            continue
        met = 0.0
        for rivals in itertools.product(*(v.items() for v in villains)):
            if meets(known, hole, *(combo for combo, _ in rivals)):
                met += math.prod(w for _, w in rivals)
        if met:
            result[combo_text(hole)] = weight * met
    return result


def weighted_means(values: Mapping[str, float], weights: Mapping[str, float]) -> tuple[dict[str, float], float]:
    """Per starting hand and overall weighted mean of per-combo values."""
    sums: dict[str, float] = {}
    totals: dict[str, float] = {}
    for text, weight in weights.items():
        name = starting_hand(combo_of(text))
        sums[name] = sums.get(name, 0.0) + weight * values[text]
        totals[name] = totals.get(name, 0.0) + weight
    overall = sum(weights[t] * values[t] for t in weights) / sum(weights.values())
    return {name: sums[name] / totals[name] for name in sums}, overall


def combo_of(text: str) -> Combo:
    first, second = card_id(text[:2]), card_id(text[2:])
    return max(first, second), min(first, second)


def random_spot(seed: int, board_size: int, hero_size: int, villain_size: int, most_dead: int = 3):
    """A seeded spot: board, dead cards, and weighted hero and villain ranges in which at least
    one hero combo meets a villain combo."""
    for attempt in itertools.count():
        rng = np.random.default_rng([seed, attempt])
        deck = rng.permutation(52).tolist()
        board = deck[:board_size]
        dead = deck[board_size:board_size + int(rng.integers(0, most_dead + 1))]
        hero = random_weights(rng, hero_size)
        villain = random_weights(rng, villain_size)
        if heads_up_weights(hero, villain, board, dead):
            return board, dead, hero, villain
    raise AssertionError("unreachable")


def exact_equity(players: Sequence[object], board: Sequence[int], dead: Sequence[int]) -> float:
    return float(equity(list(players), cards_text(board), cards_text(dead), exact=True).equity[0])


# --- a brute force scored by phevaluator ------------------------------------------------------
def brute_force(hero: Weights, villain: Weights, board: Sequence[int], dead: Sequence[int]
                ) -> dict[str, tuple[float, float]]:
    """{combo text: (equity, weight)} over every runout of every (hero, villain) pair that fits,
    each pair weighted by the product of the weights, the hands ranked by phevaluator."""
    known = set(board) | set(dead)
    to_come = 5 - len(board)
    result = {}
    for hole, weight in hero.items():
        if not meets(known, hole):
            continue
        rivals = [(rival, w) for rival, w in villain.items() if meets(known, hole, rival)]
        if not rivals:
            continue
        rest = [card for card in range(52) if card not in known and card not in hole]
        deals = list(itertools.combinations(rest, to_come))
        runouts = np.array(deals, dtype=np.uint8).reshape(len(deals), to_come)
        fixed = np.array([*hole, *board], dtype=np.uint8)
        hero_rank = pheval_ranks(np.hstack([np.tile(fixed, (len(runouts), 1)), runouts]))
        won = met = 0.0
        for rival, w in rivals:
            fits = ~np.isin(runouts, rival).any(axis=1)
            rival_fixed = np.array([*rival, *board], dtype=np.uint8)
            rival_rank = pheval_ranks(np.hstack([np.tile(rival_fixed, (int(fits.sum()), 1)), runouts[fits]]))
            ours = hero_rank[fits]
            won += w * (np.count_nonzero(ours < rival_rank) + 0.5 * np.count_nonzero(ours == rival_rank))
            met += w * int(fits.sum())
        result[combo_text(hole)] = (won / met, weight * met)
    return result


# --- 1. each combo's equity against plain equity() on random spots ---------------------------
def spot_for(seed: int):
    """Spots of every street; some villain ranges of one to three combos, so that some hero
    combos meet no villain combo."""
    board_size = (3, 4, 5)[seed % 3]
    rng = np.random.default_rng([seed, 99])
    hero_size = int(rng.integers(5, 120))
    villain_size = int(rng.integers(1, 4)) if seed % 5 == 0 else int(rng.integers(10, 200))
    return random_spot(seed, board_size, hero_size, villain_size)


@pytest.mark.parametrize("seed", range(100))
def test_combo_equity_is_equity_of_the_combo(seed):
    board, dead, hero, villain = spot_for(seed)
    result = combo_equities(to_range(hero), to_range(villain), cards_text(board), cards_text(dead))
    assert result.exact and result.stderr == 0 and result.stderr_by_combo == {}
    expected_combos = heads_up_weights(hero, villain, board, dead)
    assert set(result.by_combo) == set(expected_combos)
    rng = np.random.default_rng([seed, 7])
    sample = rng.choice(sorted(result.by_combo), size=min(3, len(result.by_combo)), replace=False).tolist()
    for text in sample:
        assert result.by_combo[text] == pytest.approx(exact_equity([text, to_range(villain)], board, dead),
                                                      abs=CLOSE), text


def test_combos_meeting_no_villain_combo_are_left_out():
    # AhKh meets no villain combo (both hold the Ah); the Kd is dead and the 2c on the board.
    villain = Range.from_combos(["AsAh", "AhQh"])
    result = combo_equities("AhKh, KK, 22", villain, "Qs 7d 2c", "Kd")
    assert set(result.by_combo) == {"KsKh", "KsKc", "KhKc", "2s2h", "2s2d", "2h2d"}
    for text, value in result.by_combo.items():
        expected = float(equity([text, villain], "Qs 7d 2c", "Kd", exact=True).equity[0])
        assert value == pytest.approx(expected, abs=CLOSE), text
    assert result.filter() == Range("KsKh, KsKc, KhKc, 2s2h, 2s2d, 2h2d")


# --- 2. the range and class equities as weighted means ----------------------------------------
@pytest.mark.parametrize("seed", range(24))
def test_class_and_range_equity_are_weighted_means_of_combo_equities(seed):
    board_size = (3, 4, 5)[seed % 3]
    board, dead, hero, villain = random_spot(1000 + seed, board_size, 4 + seed % 17, 5 + 7 * (seed % 9))
    result = combo_equities(to_range(hero), to_range(villain), cards_text(board), cards_text(dead))
    weights = heads_up_weights(hero, villain, board, dead)
    values = {text: exact_equity([text, to_range(villain)], board, dead) for text in weights}
    by_class, overall = weighted_means(values, weights)
    assert result.by_combo == pytest.approx(values, abs=CLOSE)
    assert result.by_class.keys() == by_class.keys()
    assert result.by_class == pytest.approx(by_class, abs=CLOSE)
    assert result.equity == pytest.approx(overall, abs=CLOSE)
    assert result.equity == pytest.approx(exact_equity([to_range(hero), to_range(villain)], board, dead), abs=CLOSE)


@pytest.mark.parametrize("seed", range(12))
def test_every_combo_against_a_brute_force_scored_by_phevaluator(seed):
    board_size = (3, 4, 5)[seed % 3]
    board, dead, hero, villain = random_spot(2000 + seed, board_size, 12, 25)
    result = combo_equities(to_range(hero), to_range(villain), cards_text(board), cards_text(dead))
    brute = brute_force(hero, villain, board, dead)
    values = {text: value for text, (value, _) in brute.items()}
    weights = {text: weight for text, (_, weight) in brute.items()}
    by_class, overall = weighted_means(values, weights)
    assert result.by_combo == pytest.approx(values, abs=CLOSE)
    assert result.by_class == pytest.approx(by_class, abs=CLOSE)
    assert result.equity == pytest.approx(overall, abs=CLOSE)


def test_full_range_against_full_range_on_a_flop_has_the_plain_range_equity():
    result = combo_equities("random", "QQ+, AK, 0.5(A2s-AQs, KTs+)", "Ks 7h 2d", "3c")
    assert len(result.by_combo) == math.comb(52 - 4, 2)
    assert result.equity == pytest.approx(
        float(equity([Range("random"), Range("QQ+, AK, 0.5(A2s-AQs, KTs+)")], "Ks 7h 2d", "3c", exact=True).equity[0]),
        abs=CLOSE)


def test_text_range_object_and_single_combo_agree():
    board = "Jh Td 4s 4c"
    from_text = combo_equities("AJ, TT, 0.5(KQs)", "QQ+, 0.25(JT)", board)
    from_ranges = combo_equities(Range("AJ, TT, 0.5(KQs)"), [Range("QQ+, 0.25(JT)")], board)
    assert from_text.by_combo == from_ranges.by_combo and from_text.equity == from_ranges.equity
    single = combo_equities("AsJs", "QQ+, 0.25(JT)", board)
    assert single.by_combo == {"AsJs": pytest.approx(from_text.by_combo["AsJs"], abs=CLOSE)}


def test_threads_do_not_change_the_exact_answer():
    board, dead, hero, villain = random_spot(77, 3, 60, 150)
    one = combo_equities(to_range(hero), to_range(villain), cards_text(board), cards_text(dead), n_jobs=1)
    two = combo_equities(to_range(hero), to_range(villain), cards_text(board), cards_text(dead), n_jobs=2)
    assert one.by_combo == two.by_combo and one.by_class == two.by_class and one.equity == two.equity


def test_a_list_of_combos_is_range_text():
    # "AdAc, AsKs" is range text (Range reads it); as a hero or a villain it is that range.
    board = "Kd 7h 2d"
    assert str(Range("AdAc, AsKs")) == "AsKs, AdAc"
    expected = combo_equities(Range("AdAc, AsKs"), Range("KK, 77"), board)
    assert combo_equities("AdAc, AsKs", Range("KK, 77"), board).by_combo == expected.by_combo
    villain = combo_equities(Range("KK, 77"), Range("AdAc, AsKs"), board)
    assert combo_equities(Range("KK, 77"), "AdAc, AsKs", board).by_combo == villain.by_combo


# --- 3. Monte Carlo: multiway, preflop, seeds and threads -------------------------------------
def turn_spot():
    board, dead, hero, v1 = random_spot(31, 4, 6, 10, most_dead=1)
    v2 = random_weights(np.random.default_rng(32), 10)
    return board, dead, hero, v1, v2


def test_multiway_monte_carlo_is_within_its_standard_errors_of_the_exact_equity():
    board, dead, hero, v1, v2 = turn_spot()
    ranges = [to_range(v1), to_range(v2)]
    result = combo_equities(to_range(hero), ranges, cards_text(board), cards_text(dead), trials=400_000, seed=5)
    assert not result.exact and result.trials == 400_000 and result.seed == 5
    exact = exact_equity([to_range(hero), *ranges], board, dead)
    assert 0 < result.stderr < 0.01
    assert abs(result.equity - exact) < 4 * result.stderr, (result.equity, exact, result.stderr)
    weights = multiway_weights(hero, [v1, v2], board, dead)
    assert set(result.by_combo) == set(result.stderr_by_combo) == set(weights)
    values = {text: exact_equity([text, *ranges], board, dead) for text in weights}
    for text, value in values.items():
        assert abs(result.by_combo[text] - value) <= 5 * result.stderr_by_combo[text] + 1e-9, text
    by_class, overall = weighted_means(values, weights)
    assert overall == pytest.approx(exact, abs=CLOSE)  # the weights above are equity()'s
    for name, value in by_class.items():
        members = [t for t in weights if starting_hand(combo_of(t)) == name]
        assert abs(result.by_class[name] - value) <= 5 * max(result.stderr_by_combo[t] for t in members), name


def test_multiway_standard_error_matches_the_spread_over_seeds():
    board, dead, hero, v1, v2 = turn_spot()
    runs = [combo_equities(to_range(hero), [to_range(v1), to_range(v2)], cards_text(board), cards_text(dead),
                           trials=20_000, seed=seed) for seed in range(12)]
    spread = float(np.std([run.equity for run in runs], ddof=1))
    stated = float(np.mean([run.stderr for run in runs]))
    assert 0.5 * stated < spread < 2 * stated, (spread, stated)


def test_same_seed_same_answer_whatever_the_threads():
    board, dead, hero, v1, v2 = turn_spot()
    args = (to_range(hero), [to_range(v1), to_range(v2)], cards_text(board), cards_text(dead))
    one = combo_equities(*args, trials=100_000, seed=11, n_jobs=1)
    two = combo_equities(*args, trials=100_000, seed=11, n_jobs=2)
    assert one.by_combo == two.by_combo and one.stderr_by_combo == two.stderr_by_combo
    assert one.equity == two.equity and one.stderr == two.stderr and one.by_class == two.by_class
    other = combo_equities(*args, trials=100_000, seed=12, n_jobs=2)
    assert other.equity != one.equity


def test_heads_up_monte_carlo_when_asked():
    board, dead, hero, villain = random_spot(41, 3, 8, 30)
    result = combo_equities(to_range(hero), to_range(villain), cards_text(board), cards_text(dead), exact=False,
                            trials=200_000, seed=2)
    assert not result.exact and result.stderr > 0
    exact = exact_equity([to_range(hero), to_range(villain)], board, dead)
    assert abs(result.equity - exact) < 4 * result.stderr


def test_preflop_is_monte_carlo_near_the_exact_equity():
    hero = Range.from_combos(["AhAd", "KsKh", "7c6c"], [1, 0.5, 1])
    villain = Range("QQ, 0.5(AKo)")
    result = combo_equities(hero, villain, trials=200_000, seed=3)
    assert not result.exact and set(result.by_combo) == {"AhAd", "KsKh", "7c6c"}
    exact = float(equity([hero, villain], exact=True).equity[0])
    assert abs(result.equity - exact) < 4 * result.stderr
    for text in result.by_combo:
        value = float(equity([text, villain], exact=True).equity[0])
        assert abs(result.by_combo[text] - value) <= 5 * result.stderr_by_combo[text], text


# --- 4. distribution, filter and to_dict ------------------------------------------------------
def expected_distribution(values: Mapping[str, float], weights: Mapping[str, float]) -> list[tuple[float, float]]:
    total = sum(weights.values())
    return [(point, sum(w for t, w in weights.items() if values[t] >= point) / total)
            for point in sorted(set(values.values()), reverse=True)]


def assert_curve(curve: list[tuple[float, float]], expected: list[tuple[float, float]], tolerance: float) -> None:
    assert [point for point, _ in curve] == [point for point, _ in expected]
    assert [share for _, share in curve] == pytest.approx([share for _, share in expected], abs=tolerance)
    assert curve[-1][1] == pytest.approx(1.0, abs=CLOSE)


@pytest.mark.parametrize("seed", range(12))
def test_distribution_and_filter(seed):
    board_size = (3, 4, 5)[seed % 3]
    board, dead, hero, villain = random_spot(3000 + seed, board_size, 40, 60)
    result = combo_equities(to_range(hero), to_range(villain), cards_text(board), cards_text(dead))
    weights = heads_up_weights(hero, villain, board, dead)
    values = result.by_combo
    curve = expected_distribution(values, weights)
    assert_curve(result.distribution(), curve, CLOSE)
    for share in (0.1, 0.5, 0.9, 1.0):
        assert result.equity_at(share) == next(point for point, reached in curve if reached >= share - 1e-9)

    weight_of = {combo_text(c): w for c, w in hero.items()}

    def expected_filter(low: float, high: float, classes=None) -> Range:
        keep = [t for t, v in values.items() if low <= v <= high and (classes is None or
                                                                       starting_hand(combo_of(t)) in classes)]
        return Range.from_combos(keep, [weight_of[t] for t in keep])

    ordered = sorted(values.values())
    low, high = ordered[len(ordered) // 4], ordered[3 * len(ordered) // 4]  # bounds that are combo equities
    assert result.filter() == expected_filter(-1, 2)
    assert result.filter(min_equity=low) == expected_filter(low, 2)
    assert result.filter(max_equity=high) == expected_filter(-1, high)
    assert result.filter(min_equity=low, max_equity=high) == expected_filter(low, high)
    classes = sorted({starting_hand(combo_of(t)) for t in values})[: 3]
    assert result.filter(classes=classes) == expected_filter(-1, 2, set(classes))
    assert result.filter(min_equity=low, classes=classes) == expected_filter(low, 2, set(classes))
    assert result.filter(min_equity=1.5) == Range.from_combos([])


def test_monte_carlo_distribution_is_near_the_exact_weights():
    board, dead, hero, v1, v2 = turn_spot()
    result = combo_equities(to_range(hero), [to_range(v1), to_range(v2)], cards_text(board), cards_text(dead),
                            trials=400_000, seed=8)
    weights = multiway_weights(hero, [v1, v2], board, dead)
    # The shares count the deals of each combo: binomial noise below 0.1% at this size.
    assert_curve(result.distribution(), expected_distribution(result.by_combo, weights), 0.005)


def test_to_dict_carries_the_answers():
    board, dead, hero, villain = random_spot(51, 3, 20, 40)
    result = combo_equities(to_range(hero), to_range(villain), cards_text(board), cards_text(dead))
    data = json.loads(json.dumps(result.to_dict()))
    weights = heads_up_weights(hero, villain, board, dead)
    total = sum(weights.values())
    assert data["exact"] is True and data["equity"] == result.equity
    assert data["by_class"] == result.by_class
    assert {row["combo"]: row["equity"] for row in data["combos"]} == result.by_combo
    assert {row["combo"]: row["weight"] for row in data["combos"]} == pytest.approx(
        {t: w / total for t, w in weights.items()}, abs=CLOSE)
    assert all(row["class"] == starting_hand(combo_of(row["combo"])) for row in data["combos"])
    assert [tuple(point) for point in data["distribution"]] == result.distribution()


# --- 5. next_card -----------------------------------------------------------------------------
def card_probabilities(hero: Weights, villain: Weights, board: Sequence[int], dead: Sequence[int]
                       ) -> dict[str, float]:
    """Each card's probability of coming next: the weight of the (hero, villain) pairs that fit
    and leave it in the deck, over all cards."""
    known = set(board) | set(dead)
    counts = {card: 0.0 for card in range(52) if card not in known}
    for hole, w_hole in hero.items():
        for rival, w_rival in villain.items():
            if meets(known, hole, rival):
                for card in counts:
                    if card not in hole and card not in rival:
                        counts[card] += w_hole * w_rival
    total = sum(counts.values())
    return {card_text(card): count / total for card, count in counts.items() if count}


@pytest.mark.parametrize("seed", range(6))
def test_next_card_against_the_equity_after_each_card(seed):
    board_size = 3 if seed % 2 == 0 else 4
    board, dead, hero, villain = random_spot(4000 + seed, board_size, 8, 12, most_dead=2)
    result = next_card(to_range(hero), to_range(villain), cards_text(board), cards_text(dead))
    probability = card_probabilities(hero, villain, board, dead)
    assert result.probability.keys() == result.by_card.keys() == result.classes.keys() == probability.keys()
    assert result.probability == pytest.approx(probability, abs=CLOSE)
    now = exact_equity([to_range(hero), to_range(villain)], board, dead)
    assert result.equity == pytest.approx(now, abs=CLOSE)
    assert sum(p * result.by_card[c] for c, p in result.probability.items()) == pytest.approx(now, abs=CLOSE)
    for text in result.by_card:
        after = [*board, card_id(text)]
        assert result.by_card[text] == pytest.approx(
            exact_equity([to_range(hero), to_range(villain)], after, dead), abs=CLOSE), text
        made, _, total, _ = naive_breakdown(hero, after, dead)
        assert list(result.classes[text]) == list(MADE_CLASSES)
        assert result.classes[text] == pytest.approx({name: made[name] / total for name in MADE_CLASSES},
                                                     abs=CLOSE), text
    json.dumps(result.to_dict())


def test_next_card_against_a_brute_force_scored_by_phevaluator():
    board, dead, hero, villain = random_spot(4100, 3, 6, 10, most_dead=1)
    result = next_card(to_range(hero), to_range(villain), cards_text(board), cards_text(dead))
    for text, value in result.by_card.items():
        brute = brute_force(hero, villain, [*board, card_id(text)], dead)
        expected = sum(e * w for e, w in brute.values()) / sum(w for _, w in brute.values())
        assert value == pytest.approx(expected, abs=CLOSE), text
    data = json.loads(json.dumps(result.to_dict()))
    assert data["equity"] == result.equity
    assert {row["card"]: (row["equity"], row["probability"], row["classes"]) for row in data["cards"]} == {
        card: (result.by_card[card], result.probability[card], result.classes[card]) for card in result.by_card}


def test_next_card_leaves_out_the_cards_that_cannot_come():
    # The hero holds Ah Kh and the villain As Ad or As Qs: the Ah, Kh and As never come; the
    # Qs only with As Ad and the Ad only with As Qs.
    result = next_card("AhKh", Range.from_combos(["AsAd", "AsQs"]), "Kd 7c 2s")
    assert {"Ah", "Kh", "As", "Kd", "7c", "2s"}.isdisjoint(result.by_card)
    assert len(result.by_card) == 52 - 6
    hero = {combo_of("AhKh"): 1.0}
    villain = {combo_of("AsAd"): 1.0, combo_of("AsQs"): 1.0}
    board = [card_id(text) for text in ("Kd", "7c", "2s")]
    assert result.probability == pytest.approx(card_probabilities(hero, villain, board, []), abs=CLOSE)


# --- 6. Range.split and Range.filter ----------------------------------------------------------
@pytest.mark.parametrize("seed", range(24))
def test_split_and_filter_against_the_plain_classifier(seed):
    board_size = (3, 4, 5)[seed % 3]
    rng = np.random.default_rng([5000, seed])
    deck = rng.permutation(52).tolist()
    board, dead = deck[:board_size], deck[board_size:board_size + int(rng.integers(0, 3))]
    hero = random_weights(rng, int(rng.integers(50, 400)))
    hero_range = to_range(hero)
    board_text, dead_text = cards_text(board), cards_text(dead)
    left = {combo_text(c): w for c, w in hero.items() if meets(set(board) | set(dead), c)}
    assert range_weights(hero_range.remove(board_text, dead_text)) == left

    expected_made: dict[str, dict[str, float]] = {name: {} for name in MADE_CLASSES}
    expected_draws: dict[str, dict[str, float]] = {name: {} for name in DRAW_CLASSES}
    for text, weight in left.items():
        made, draws = naive_classes(combo_of(text), board)
        expected_made[made][text] = weight
        for name in draws:
            expected_draws[name][text] = weight

    made_parts = hero_range.split(board_text, by="made", dead=dead_text)
    assert list(made_parts) == list(MADE_CLASSES)
    made_weights = {name: range_weights(part) for name, part in made_parts.items()}
    assert made_weights == expected_made
    union: dict[str, float] = {}
    for part in made_weights.values():
        assert union.keys().isdisjoint(part)
        union.update(part)
    assert union == left

    draw_parts = hero_range.split(board_text, by="draw", dead=dead_text)
    assert list(draw_parts) == list(DRAW_CLASSES)
    assert {name: range_weights(part) for name, part in draw_parts.items()} == expected_draws

    def union_of(*parts: Range) -> Range:
        merged: dict[str, float] = {}
        for part in parts:
            merged.update(range_weights(part))
        return Range.from_combos(list(merged), list(merged.values()))

    top = ["top-pair", "overpair"]
    assert hero_range.filter(board_text, made=top, dead=dead_text) == union_of(*(made_parts[n] for n in top))
    draws = ["flush-draw", "oesd", "gutshot"]
    assert hero_range.filter(board_text, draws=draws, dead=dead_text) == union_of(*(draw_parts[n] for n in draws))
    assert hero_range.filter(board_text, made=top, draws=draws, dead=dead_text) == union_of(
        *(made_parts[n] for n in top), *(draw_parts[n] for n in draws))
    assert hero_range.filter(board_text, made=list(MADE_CLASSES), dead=dead_text) == hero_range.remove(
        board_text, dead_text)


def test_split_and_filter_name_bad_classes():
    with pytest.raises(StudyError, match="sideways"):
        Range("AA").split("Ks 7h 2d", by="sideways")
    with pytest.raises(StudyError, match="top pair"):
        Range("AA").filter("Ks 7h 2d", made=["top pair"])
    with pytest.raises(StudyError, match="straight-draw"):
        Range("AA").filter("Ks 7h 2d", draws=["straight-draw"])


# --- 7. errors --------------------------------------------------------------------------------
def test_empty_hero_range_after_card_removal():
    with pytest.raises(EmptyRangeError, match="'AA'.*hero.*empty"):
        combo_equities("AA", "KK", "As Ah 2d", "Ad")
    with pytest.raises(EmptyRangeError, match="'AA'.*villain.*empty"):
        combo_equities("KK", "AA", "As Ah 2d", "Ad")
    with pytest.raises(EmptyRangeError, match="empty"):
        next_card("AA", "KK", "As Ah 2d", "Ad")


@pytest.mark.parametrize("villain", [42, None, 3.5, {"KK": 1}])
def test_a_villain_that_is_not_a_range(villain):
    with pytest.raises(ShowdownError, match="villain"):
        combo_equities("AA", [villain], "Ks 7h 2d")
    with pytest.raises(ShowdownError, match="villain"):
        next_card("AA", villain, "Ks 7h 2d")


@pytest.mark.parametrize("villain", [42, None, 3.5])
def test_a_villain_alone_that_is_not_a_range(villain):
    with pytest.raises(ShowdownError, match="villain"):
        combo_equities("AA", villain, "Ks 7h 2d")


def test_a_mapping_is_not_a_list_of_villains():
    # A dict is neither a range nor a list of ranges; taking its keys would drop its values.
    with pytest.raises(ShowdownError, match="villain"):
        combo_equities("AA", {"KK": 0.5}, "Ks 7h 2d")


def test_no_villains_at_all():
    with pytest.raises(EquityError, match="villain"):
        combo_equities("AA", [], "Ks 7h 2d")


@pytest.mark.parametrize("board", ["Ks", "Ks 7h"])
def test_board_of_one_or_two_cards(board):
    with pytest.raises(ShowdownError, match=rf"board has {len(board.split())} card"):
        combo_equities("AA", "KK", board)
    with pytest.raises(ShowdownError, match=rf"board has {len(board.split())} card"):
        next_card("AA", "KK", board)


@pytest.mark.parametrize("board", ["", "Ks 7h 2d 3c 4c"])
def test_next_card_needs_a_flop_or_a_turn(board):
    with pytest.raises(ShowdownError, match="board"):
        next_card("AA", "KK", board)


def test_exact_multiway_or_preflop_is_refused_naming_why():
    with pytest.raises(EquityError, match="2 villains"):
        combo_equities("AA", ["KK", "QQ"], "Ks 7h 2d", exact=True)
    with pytest.raises(EquityError, match="preflop"):
        combo_equities("AA", "KK", exact=True)


def test_bad_options():
    with pytest.raises(EquityError, match="exact"):
        combo_equities("AA", "KK", "Ks 7h 2d", exact="yes")
    with pytest.raises(EquityError, match="trials"):
        combo_equities("AA", ["KK", "QQ"], "Ks 7h 2d", trials=0)
    with pytest.raises(EquityError, match="n_jobs"):
        combo_equities("AA", ["KK", "QQ"], "Ks 7h 2d", n_jobs=0)
