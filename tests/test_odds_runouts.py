"""Heads-up exact equity runout by runout: the very counts of the enumeration of every
assignment on every board, checked against it on many random spots and against a brute force
over the reference evaluator; plans, pieces, cancelling and threads."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

import naive
from showdown import Category, EquityCancelled, EquityError, ShowdownError, equity, plan
from showdown.odds import exact as enumeration
from showdown.odds.inputs import prepare
from showdown.tables.layout import TIE, TIE_SHARE_CATEGORY, TIE_SHARE_UNIT, TIED, WIN, WIN_CATEGORY

TOKENS = ["AA", "KK", "QQ+", "TT-88", "22-55", "AKs", "AQo", "KJs+", "A5s", "T9s", "76s", "JTo", "K9o+", "Q8s+",
          "AK", "65s", "random"]
WEIGHTS = ["", ":0.5", ":0.25", ":0.3", ":0.75", ":0.1"]
SHORT_TOKENS = ["AA", "KK", "QQ+", "TT-88", "66-77", "AKs", "AQo", "KJs+", "A6s", "T9s", "76s", "JTo", "K9o+",
                "random"]


def _scored(question, run):
    """The raw arrays ``run`` (``by_boards`` or ``by_runouts``) hands to ``build_result``."""
    captured = {}
    original = enumeration.build_result

    def capture(question, counts, weighted, total, total_weight, **kwargs):
        captured.update(counts=counts.copy(), weighted=weighted.copy(), total=total, total_weight=total_weight)
        return original(question, counts, weighted, total, total_weight, **kwargs)

    enumeration.build_result = capture
    try:
        result = run(question, None, None, 0.0)
    finally:
        enumeration.build_result = original
    return captured, result


def assert_same_as_every_board(question):
    """by_runouts gives by_boards's integer counts and totals, and its weighted sums to rounding."""
    new, new_result = _scored(question, enumeration.by_runouts)
    old, old_result = _scored(question, enumeration.by_boards)
    assert np.array_equal(new["counts"], old["counts"])
    assert new["total"] == old["total"]
    assert new["weighted"].ravel().tolist() == pytest.approx(old["weighted"].ravel().tolist(), rel=1e-12, abs=0)
    assert new["total_weight"] == pytest.approx(old["total_weight"], rel=1e-12, abs=0)
    assert new_result.counts == old_result.counts
    assert new_result.equity == pytest.approx(old_result.equity, rel=1e-12)
    return new


def _random_player(rng, tokens, deck):
    kind = rng.random()
    if kind < 0.2:
        return "random"
    if kind < 0.4:  # an exact hand
        a, b = rng.sample(deck, 2)
        return f"{a}{b}"
    if kind < 0.5:  # a few exact combos with weights
        combos = [rng.sample(deck, 2) for _ in range(rng.randint(1, 6))]
        return ", ".join(f"{a}{b}{rng.choice(WEIGHTS)}" for a, b in combos)
    picked = rng.sample(tokens, rng.randint(1, 4))
    return ", ".join(token + rng.choice(WEIGHTS) for token in picked)


def _random_spots(seed, count, game="holdem", max_cases=4_000_000):
    """Heads-up questions with random ranges, weights, boards and dead cards; small enough for
    the enumeration of every assignment on every board."""
    rng = random.Random(seed)
    short = game != "holdem"
    deck = [r + s for r in ("6789TJQKA" if short else "23456789TJQKA") for s in "cdhs"]
    tokens = SHORT_TOKENS if short else TOKENS
    spots = []
    while len(spots) < count:
        cards = rng.sample(deck, 8)
        board = cards[:rng.choice((3, 4, 4, 5, 5))]
        dead = cards[5:5 + rng.choice((0, 0, 1, 3))]
        rest = [c for c in deck if c not in cards]
        first = _random_player(rng, tokens, rest)
        second = first if rng.random() < 0.15 else _random_player(rng, tokens, rest)
        try:
            question = prepare([first, second], " ".join(board), " ".join(dead), game)
        except ShowdownError:  # an exact hand twice, a range left empty, a bad combo pair
            continue
        if question.assignments * question.boards > max_cases:
            continue
        spots.append(question)
    return spots


@pytest.mark.parametrize("seed", range(6))
def test_the_same_counts_as_every_board_on_random_spots(seed):
    for question in _random_spots(seed, 8):
        try:
            assert_same_as_every_board(question)
        except EquityError as error:  # nothing fits together: both ways say so
            assert "shared card" in str(error)
            with pytest.raises(EquityError, match="shared card"):
                enumeration.by_boards(question, None, None, 0.0)


@pytest.mark.parametrize("game", ["short-deck", "short-deck-trips"])
def test_the_same_counts_as_every_board_in_short_deck(game):
    for question in _random_spots(11, 8, game=game):
        assert_same_as_every_board(question)


@pytest.mark.parametrize("players, board, dead", [
    (["QQ+, AKs, T9s:0.5", "QQ+, AKs, T9s:0.5"], "Ks 7h 2d", ""),  # the same range: its own combo never meets itself
    (["QQ+, AKs, T9s:0.5", "QQ+, AKs, T9s:0.5"], "Ks 7h 2d 9s", "Qc"),
    (["random", "random"], "As Ks Qs Js Ts", ""),  # everyone plays the board: ties only
    (["random", "random"], "7c 7d 7h 2s 2c", "Ad"),
    (["random", "AA, KK:0.5, 72o:0.25"], "Ac 7d 2h 2s", ""),
    (["AhKh", "random"], "Qh Jh 2c 3d", "Th"),
    (["AsAd", "KcKd"], "2c 7d 9h", ""),
    (["JJ+:0.3, AQs+:0.7", "22-99:0.5, AKo:0.01, 0.2(QJs, T8s)"], "Td 9d 8c 2h", "Jc Js"),
])
def test_the_same_counts_as_every_board(players, board, dead):
    assert_same_as_every_board(prepare(players, board, dead))


def test_the_same_counts_with_random_against_random_on_a_turn():
    assert_same_as_every_board(prepare(["random", "random"], "Ks 7h 2d 9c", "4s 4h 5c 5d 6h 6s 3c 3d"))


def test_every_player_row_is_written():
    """Wins by the winner's category, ties by the tied category in shares of a two-way tie."""
    arrays = assert_same_as_every_board(prepare(["AA, KK", "QQ, 76s:0.5"], "Ah 8s 5d", ""))
    counts = arrays["counts"]
    for row in counts:
        assert row[WIN] == row[WIN_CATEGORY:WIN_CATEGORY + 9].sum()
        assert row[TIE] == row[TIED + 2] and row[TIE] * (TIE_SHARE_UNIT // 2) == row[TIE_SHARE_CATEGORY:].sum()
    assert counts[0, TIE] == counts[1, TIE]
    assert arrays["total"] == counts[:, WIN].sum() + counts[0, TIE]


def _naive_counts(players, board, dead):
    """Every compatible pair of combos and every runout by the reference evaluator: wins, ties
    and each player's weighted equity and category splits, as plain Python numbers."""
    board_ids = naive.ids(board)
    dead_ids = set(naive.ids(dead))
    question = prepare(players, board, dead)
    combos = [[(tuple(int(c) for c in combo), float(w)) for combo, w in zip(p.combos, p.weights, strict=True)]
              for p in question.players]
    wins = [0, 0]
    ties = 0
    total = 0
    total_weight = 0.0
    shares = [0.0, 0.0]
    by_category = [[0.0] * 9, [0.0] * 9]
    for (hole_1, weight_1), (hole_2, weight_2) in itertools.product(*combos):
        used = set(hole_1) | set(hole_2) | set(board_ids) | dead_ids
        if len(used) != 4 + len(board_ids) + len(dead_ids):
            continue
        weight = weight_1 * weight_2
        for rest in itertools.combinations([c for c in range(52) if c not in used], 5 - len(board_ids)):
            first = naive.evaluate([*hole_1, *board_ids, *rest])
            second = naive.evaluate([*hole_2, *board_ids, *rest])
            total += 1
            total_weight += weight
            if first == second:
                ties += 1
                for p in range(2):
                    shares[p] += weight / 2
                    by_category[p][first[0]] += weight / 2
            else:
                p = 0 if first > second else 1
                wins[p] += 1
                shares[p] += weight
                by_category[p][max(first, second)[0]] += weight
    return wins, ties, total, [s / total_weight for s in shares], [[c / total_weight for c in row]
                                                                  for row in by_category]


@pytest.mark.parametrize("players, board, dead", [
    (["AA:0.5, KK, 87s", "KK, QQ:0.25, AKs"], "Ks 8s 7d 2s", "Ah"),
    (["QQ+, T9s:0.75", "QQ+, T9s:0.75"], "Js Ts 9d 2c 3h", "8c 8d"),
    (["random", "AhAd, 5c4c:0.5"], "Ac 3c 2d 9h 9s", ""),
])
def test_equal_to_a_brute_force_over_the_reference_evaluator(players, board, dead):
    wins, ties, total, shares, by_category = _naive_counts(players, board, dead)
    result = equity(players, board, dead, exact=True)
    assert plan(players, board, dead).method == "runouts"
    assert result.counts.wins == tuple(wins) and result.counts.ties == (ties, ties)
    assert result.counts.total == result.total == total
    assert result.equity == pytest.approx(shares, rel=1e-12)
    for p in range(2):
        for category in Category:
            assert result.equity_by_category[p].get(category, 0.0) == pytest.approx(by_category[p][category],
                                                                                     rel=1e-12, abs=1e-15)


def test_the_plan_names_the_method_and_its_cost():
    cost = plan(["random", "random"], "Ks 7h 2d")
    assert cost.method == "runouts" and cost.exact_by_default and cost.reports_progress
    assert cost.assignments == math.comb(49, 2) ** 2 and cost.boards == math.comb(45, 2)
    assert cost.evaluations == math.comb(49, 2) * math.comb(49, 2) * enumeration.RUNOUT_COST
    small = plan(["AcAd", "QQ+, AKs"], "Ks 7h 2d 9c", "3c")
    union = 1 + len(prepare(["AcAd", "QQ+, AKs"], "Ks 7h 2d 9c", "3c").players[1].combos)
    assert small.evaluations == 47 * union * enumeration.RUNOUT_COST  # a river card of 52 - 4 - 1
    assert plan(["random", "random"], "Ks 7h 6d", game="short-deck").method == "runouts"
    assert plan(["AA", "KK", "QQ"], "Ks 7h 2d").method == "boards"
    assert plan(["AA", "KK"]).method == "classes"
    assert plan(["AsAd2c3c", "KsKd4h5h"], "Qc 7h 8d", game="omaha").method == "boards"
    assert plan(["AsAd", "KsKd"], "Kc 7h 6d", game="short-deck").method == "runouts"


def test_random_against_random_is_exact_by_default():
    result = equity(["random", "random"], "Ks 7h 2d")
    assert result.exact and result.total == math.comb(49, 2) * math.comb(47, 2) * math.comb(45, 2)
    assert result.equity[0] == pytest.approx(0.5) and result.counts.wins[0] == result.counts.wins[1]


def test_pieces_report_progress_and_give_the_same_answer(monkeypatch):
    players, board = ["QQ+, AKs", "random"], "Ah 7d 2c"
    whole = equity(players, board, exact=True)
    monkeypatch.setattr(enumeration, "PIECE_EVALUATIONS", plan(players, board).evaluations // 7)
    seen: list[int] = []
    pieces = equity(players, board, exact=True, progress=lambda interim: seen.append(interim.total))
    assert pieces.counts == whole.counts
    assert pieces.equity == pytest.approx(whole.equity, rel=1e-12)
    assert len(seen) >= 5 and seen == sorted(seen) and 0 < seen[0] < seen[-2] < seen[-1] == whole.total
    with pytest.raises(EquityCancelled, match="stopped by the progress callback"):
        equity(players, board, exact=True, progress=lambda interim: False)


def test_the_thread_count_does_not_change_the_answer():
    players, board = ["JJ+:0.3, AQs+, 76s:0.7", "random"], "Td 9d 8c"
    one = equity(players, board, exact=True, n_jobs=1)
    two = equity(players, board, exact=True, n_jobs=2)
    assert one.counts == two.counts and one.equity == two.equity and one.equity_by_category == two.equity_by_category


def test_ranges_that_never_fit_together():
    with pytest.raises(EquityError, match="shared card"):
        equity(["AA", "AA"], "Ac Ad 2c", exact=True)


def test_a_full_board_is_one_runout():
    result = equity(["random", "KK"], "Ks Kd 2c 7h 9s", exact=True)  # quads against any of C(45, 2) hands
    assert result.counts.wins == (0, math.comb(45, 2)) and result.total == math.comb(45, 2)
    assert plan(["random", "KK"], "Ks Kd 2c 7h 9s").evaluations == math.comb(47, 2) * enumeration.RUNOUT_COST
