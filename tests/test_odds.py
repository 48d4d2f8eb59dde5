"""Equity: exact enumeration checked case by case against phevaluator, Monte Carlo against the
exact answers, reproducibility, stopping rules and errors."""

from __future__ import annotations

import itertools
import json
import math
import random
import time
from fractions import Fraction

import numpy as np
import pytest

from conftest import require
from showdown import (
    CardParseError,
    Category,
    DuplicateCardError,
    EmptyRangeError,
    EquityCancelled,
    EquityError,
    EquityResult,
    HandSizeError,
    PlayerCountError,
    Range,
    RangeParseError,
    ShowdownError,
    equity,
    parse_cards,
    plan,
)
from showdown.odds import exact
from showdown.odds.exact import RUNOUT_COST
from showdown.odds.montecarlo import FIRST_BATCH


def _combos(player):
    """(ids, weight) pairs of an exact hand or a range."""
    if isinstance(player, Range):
        return [((int(a), int(b)), float(w)) for (a, b), w in zip(player.combos, player.weights, strict=True)]
    try:
        cards = parse_cards(player)
    except ShowdownError:
        return _combos(Range(player))
    return [((cards[0].id, cards[1].id), 1.0)]


def brute(players, board="", dead=""):
    """Every compatible assignment x every remaining board, evaluated by phevaluator."""
    _pheval = require("phevaluator._pheval")

    board_ids = [c.id for c in parse_cards(board)]
    dead_ids = {c.id for c in parse_cards(dead)}
    n = len(players)
    wins, ties = [0] * n, [0] * n
    by_size = [[0] * 11 for _ in range(n)]
    weighted = [0.0] * n
    total = 0
    total_weight = 0.0
    for assignment in itertools.product(*[_combos(p) for p in players]):
        cards = [c for hole, _ in assignment for c in hole]
        used = set(cards) | set(board_ids) | dead_ids
        if len(used) != len(cards) + len(board_ids) + len(dead_ids):
            continue
        weight = 1.0
        for _, w in assignment:
            weight *= w
        deck = [c for c in range(52) if c not in used]
        for rest in itertools.combinations(deck, 5 - len(board_ids)):
            full = board_ids + list(rest)
            ranks = [_pheval.evaluate_7cards(*full, *hole) for hole, _ in assignment]
            best = min(ranks)
            tied = ranks.count(best)
            total += 1
            total_weight += weight
            for i, r in enumerate(ranks):
                if r == best:
                    if tied == 1:
                        wins[i] += 1
                    else:
                        ties[i] += 1
                        by_size[i][tied] += 1
                    weighted[i] += weight / tied
    return wins, ties, by_size, total, [w / total_weight for w in weighted]


SPOTS = [
    (["AcAd", "KhKs"], "2c 7d 9h", ""),
    (["AhKh", "QsQd"], "Jh Th 2c", ""),
    (["7s6s", "AcKd"], "8s 9s Kc", "2h"),
    (["AsKs", "QhQd", "9c8c"], "Ts Jc 2d", ""),
    (["AhAd", "KcKs", "7h6h", "2c2d"], "8h 9h Kd", ""),
    (["AsKd", "QcJc"], "Tc 9c 2s 3h", ""),
    (["AhAs", "5d4d", "KcQc"], "3d 2d Kh 9s", "Ac Tc"),
    (["AhKs", "AdKc"], "Qh Jh Ts 2c 3d", ""),
    (["2c3c", "4d5d", "7h7s", "Ah9d", "KcKd"], "6c 6d Jh Qs", ""),
    (["AhKh", "AdKc", "2c2d", "3c4c"], "Ts Js Qs Ks As", ""),
    (["AA, KK:0.5", "AKs, 76s"], "Ks 7d 2c 9h", ""),
    (["TT+", "AsKh"], "Ah 7h 2c", "Kc"),
    (["AA", "KK", "QQ"], "2c 7d 8h 9s", "Js"),
    (["AKs:0.25, QQ", "JJ, 98s:0.75", "AcJd"], "Jh 8h 3c 4d", ""),
    (["22", "33"], "4c 5d 6h", "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"),
]


# Preflop spots (scored by rank and flush patterns, not board by board), with enough dead cards
# that a plain loop over phevaluator stays quick; the dead cards leave plenty of flushes.
_LOW_DEAD = " ".join(f"{r}{s}" for r in "2345" for s in "cdh") + " 6c 6d 7c 7h"
PREFLOP_SPOTS = [
    (["AsKs", "QhQd", "9s8s"], "", _LOW_DEAD + " 8c 8d 9c 9d"),
    (["AhAs", "KdKc"], "", _LOW_DEAD + " 8c 8d 9c 9d Tc Td"),
    (["AA:0.5, KK", "AKs, QJs:0.25"], "", _LOW_DEAD + " 8c 8d 9c 9d Tc Td 8h 9h"),
    (["JJ+", "JJ+"], "", _LOW_DEAD + " 8c 8d 9c 9d Tc Td 8h 9h 8s 9s"),
    (["Ts9s", "8s7s", "6s5s", "AhAd"], "", _LOW_DEAD + " 2s 3s 4s 8c 8d 9c 9d"),
]


# The brute force over phevaluator takes tens of seconds on the two largest preflop spots: their
# counts are pinned here, recomputed in the slow tier and compared against in the quick tier.
# players: wins, ties, ties by the number of players tied, boards dealt, weighted shares.
PINNED = {
    ("AA:0.5, KK", "AKs, QJs:0.25"): ([1_950_903, 1_036_515], [72_870, 72_870], [{2: 72_870}, {2: 72_870}],
                                      3_060_288, [0.6005955975385323, 0.3994044024614677]),
    ("JJ+", "JJ+"): ([5_664_375, 5_664_375], [679_554, 679_554], [{2: 679_554}, {2: 679_554}], 12_008_304,
                     [0.5, 0.5]),
}


def pinned(players):
    wins, ties, by_size, total, shares = PINNED[tuple(players)]
    return wins, ties, [[sizes.get(size, 0) for size in range(11)] for sizes in by_size], total, shares


def check_counts(result, wins, ties, by_size, total, shares):
    assert result.exact and result.stderr == 0
    assert result.counts.wins == tuple(wins)
    assert result.counts.ties == tuple(ties)
    assert result.counts.ties_by_size == tuple(tuple(row) for row in by_size)
    assert result.counts.total == result.total == total
    assert result.equity == pytest.approx(shares, rel=1e-12, abs=1e-15)
    assert sum(result.equity) == pytest.approx(1.0)


@pytest.mark.parametrize("players, board, dead", SPOTS + [
    pytest.param(*spot, marks=pytest.mark.slow) if tuple(spot[0]) in PINNED else spot for spot in PREFLOP_SPOTS])
def test_exact_counts_match_phevaluator(players, board, dead):
    counts = brute(players, board, dead)
    check_counts(equity(players, board, dead, exact=True), *counts)
    if tuple(players) in PINNED:
        assert counts == pinned(players)


@pytest.mark.parametrize("players, board, dead", [spot for spot in PREFLOP_SPOTS if tuple(spot[0]) in PINNED])
def test_exact_counts_match_phevaluators_pinned_counts(players, board, dead):
    check_counts(equity(players, board, dead, exact=True), *pinned(players))


def test_exact_counts_are_integers_and_shares_are_fractions():
    result = equity(["AhKs", "AdKc"], "Qh Jh Ts 2c 3d")
    assert result.counts.shares == (Fraction(1, 2), Fraction(1, 2))
    assert result.tie == (1.0, 1.0) and result.win == (0.0, 0.0)
    result = equity(["AhKh", "AdKc", "2c2d", "3c4c"], "Ts Js Qs Ks As")
    assert result.counts.ties_by_size[0][4] == 1 and result.equity == (0.25,) * 4


def test_random_turn_spots_match_phevaluator():
    rng = random.Random(7)
    for _ in range(6):
        n_players = rng.randint(2, 6)
        cards = rng.sample(range(52), 2 * n_players + 4 + rng.randint(0, 3))
        players = [cards[2 * i:2 * i + 2] for i in range(n_players)]
        board = cards[2 * n_players:2 * n_players + 4]
        dead = cards[2 * n_players + 4:]
        result = equity(players, board, dead)
        texts = ["".join(str(c) for c in parse_cards(p)) for p in players]
        wins, ties, by_size, total, _ = brute(texts, board, dead)
        assert (result.counts.wins, result.counts.ties, result.total) == (tuple(wins), tuple(ties), total)


def test_preflop_exact_known_equities():
    result = equity(["AA", "KK"])
    assert result.exact
    assert result.equity[0] == pytest.approx(0.8195, abs=1e-4)
    assert result.equity[1] == pytest.approx(0.1805, abs=1e-4)
    assert result.total == 36 * 1712304
    fixed = equity(["AcAd", "KhKs"])
    assert fixed.total == 1712304
    assert sum(fixed.counts.wins) + fixed.counts.ties[0] == fixed.total
    assert 0.80 < fixed.equity[0] < 0.83


def _hole_ids(rng, n_players, n_dead):
    cards = rng.sample(range(52), 2 * n_players + n_dead)
    holes = np.array(cards[: 2 * n_players], dtype=np.uint8).reshape(n_players, 2)
    return holes, cards[2 * n_players:]


def test_rank_and_flush_patterns_equal_every_board():
    """The pattern kernels against the kernel that evaluates every board one by one."""
    from showdown.odds.exact import score_classes

    rng = random.Random(5)
    cases = [_hole_ids(rng, n, d) for n, d in ((2, 0), (2, 3), (3, 0), (3, 8), (4, 2), (5, 0), (6, 4), (9, 0), (10, 0))]
    for suited in ([(48, 44), (40, 36)], [(51, 47), (50, 46)], [(51, 47), (43, 39), (35, 31)]):
        cases.append((np.array(suited, dtype=np.uint8), []))  # suited holes: many flush patterns
    for holes, dead in cases:
        n_players = len(holes)
        counts, totals = score_classes((holes[None], sum(1 << int(c) for c in dead), 1))
        expected, cases = _every_board(holes, [int(c) for c in dead])
        assert totals[0] == cases == math.comb(52 - len(dead) - 2 * n_players, 5)
        assert (counts[0] == expected).all(), holes.tolist()


def _every_board(holes, dead):
    """Counts (P, N_COUNTS) of ``holes`` over every board one by one (the enumeration kernel, in
    4 chunks), and the number of boards."""
    from showdown._kernels import equity as boards
    from showdown.tables.layout import N_COUNTS

    n_players = len(holes)
    base = np.array(sorted(set(range(52)) - set(dead)), dtype=np.uint8)
    key, bits = boards._board_key(np.zeros(0, dtype=np.uint8))
    n_left = len(base) - 2 * n_players
    prefixes = np.array([(i, j) for i in range(n_left) for j in range(i + 1, n_left - 3)], dtype=np.int64)
    counts, totals = np.zeros((4, n_players, N_COUNTS), dtype=np.int64), np.zeros(4, dtype=np.int64)
    boards._exact(holes[:, None, :].copy(), np.ones(n_players, dtype=np.int64), np.ones((n_players, 1)), base, key,
                  bits, 5, prefixes, 4, 0, len(prefixes), counts, np.zeros(counts.shape), totals, np.zeros(4), 0, 4)
    return counts.sum(axis=0), int(totals.sum())


@pytest.mark.parametrize("ranks, dead", [
    ([(12, 11), (12, 10)], []),  # AK against AQ: a shared rank
    ([(5, 5), (9, 2)], [4 * 9 + 1]),  # a pocket pair (full houses beat flushes) and a dead card
    ([(12, 11), (10, 9), (8, 7), (6, 5)], []),  # four players: more suit arrangements than are kept
])
def test_classes_with_the_same_ranks_share_their_passes(ranks, dead):
    """Every suit arrangement of one set of hole ranks, scored as one group (one rank pass, each
    suit's flush patterns once per arrangement of that suit): the same counts as each alone, and
    as every board one by one for a few."""
    from showdown._kernels import board_classes as patterns
    from showdown.odds.exact import score_classes

    rng = random.Random(len(ranks) + len(dead))
    arrangements = set()
    while len(arrangements) < 40:
        cards = tuple(4 * rank + rng.randrange(4) for hole in ranks for rank in hole)
        if len(set(cards) | set(dead)) == len(cards) + len(dead):
            arrangements.add(cards)
    holes = np.array(sorted(arrangements), dtype=np.uint8).reshape(-1, len(ranks), 2)
    dead_mask = sum(1 << card for card in dead)
    suit_contents = {tuple(int(card) & 3 == suit for card in hole.ravel()) for hole in holes for suit in range(4)}
    assert len(suit_contents) > (patterns.SUITS_KEPT if len(ranks) == 4 else 4)
    counts, totals = score_classes((holes, dead_mask, 2))
    for i, hole in enumerate(holes):
        alone, alone_total = score_classes((hole[None], dead_mask, 1))
        assert alone_total[0] == totals[i] == math.comb(52 - len(dead) - 2 * len(ranks), 5)
        assert (counts[i] == alone[0]).all(), hole.tolist()
    for i in (0, len(holes) // 2, len(holes) - 1):
        assert (counts[i] == _every_board(holes[i], dead)[0]).all(), holes[i].tolist()


@pytest.mark.parametrize("hands, dead", [
    (["As Ks", "Qd Qh"], ""),
    (["2c 7d", "Ah Ad", "Tc 9c"], "Kc"),  # three players and a dead card of a player's suit
    (["Ks Kh", "Kd Kc"], ""),  # a split
])
def test_exact_hands_preflop_count_every_board(hands, dead):
    """Exact hands are a single assignment, scored as its own class (no class codes): the counts
    of every board one by one."""
    from showdown.tables.layout import TIE, WIN

    result = equity(hands, dead=dead, exact=True)
    holes = np.array([[c.id for c in parse_cards(hand)] for hand in hands], dtype=np.uint8)
    expected, total = _every_board(holes, [c.id for c in parse_cards(dead)])
    assert result.total == total
    assert result.counts.wins == tuple(int(x) for x in expected[:, WIN])
    assert result.counts.ties == tuple(int(x) for x in expected[:, TIE])


def test_classes_score_the_same_in_any_order():
    """Classes of different hole ranks, shuffled: the same counts as ordered by hole ranks (runs
    of the same ranks share a rank pass; a run split in two only costs a second pass)."""
    from showdown.odds.exact import by_hole_ranks, score_classes

    rng = random.Random(5)
    holes = np.array([rng.sample(range(52), 4) for _ in range(60)] * 2, dtype=np.uint8).reshape(-1, 2, 2)
    shuffled = holes[np.array(rng.sample(range(len(holes)), len(holes)))]
    order = by_hole_ranks(shuffled)
    counts, totals = score_classes((shuffled, 0, 2))
    ordered_counts, ordered_totals = score_classes((shuffled[order], 0, 2))
    assert (counts[order] == ordered_counts).all() and (totals[order] == ordered_totals).all()
    for i in (0, 7):
        assert (counts[i] == _every_board(shuffled[i], [])[0]).all(), shuffled[i].tolist()


def test_a_group_cut_into_calls_scores_the_same(monkeypatch):
    """A group of classes with the same hole ranks, its flushes worked out a few classes a call
    (CALL_OUTCOMES caps the histograms a call holds): the same counts as in one call."""
    from showdown.odds import exact

    holes = np.array([[[51, 47], [42, 38]], [[50, 46], [41, 37]], [[49, 45], [40, 36]], [[51, 46], [42, 37]],
                      [[48, 44], [40, 37]], [[51, 44], [43, 39]], [[50, 47], [43, 38]]], dtype=np.uint8)
    whole = exact.score_classes((holes, 1 << 30, 1))
    monkeypatch.setattr(exact, "CALL_OUTCOMES", 2 * (16 << 2))  # two classes a call
    cut = exact.score_classes((holes, 1 << 30, 1))
    assert (cut[0] == whole[0]).all() and (cut[1] == whole[1]).all()
    assert (whole[0][3] == _every_board(holes[3], [30])[0]).all()


def test_read_only_classes_use_the_kernels_already_compiled():
    """Classes in a read-only array (a memory map, say) are scored by the same compiled kernels:
    numba would compile them again for read-only arrays."""
    from showdown._kernels import board_classes as kernel
    from showdown.odds.exact import score_classes

    holes = np.array([[[51, 47], [42, 41]], [[50, 46], [42, 41]]], dtype=np.uint8)
    writable = score_classes((holes, 0, 1))
    names = ("_rank_pass", "_flush_outcomes", "_add_outcomes")
    compiled = [len(getattr(kernel, name).signatures) for name in names]
    holes.flags.writeable = False
    read_only = score_classes((holes, 0, 1))
    assert [len(getattr(kernel, name).signatures) for name in names] == compiled
    assert (read_only[0] == writable[0]).all() and (read_only[1] == writable[1]).all()


@pytest.mark.parametrize("players", [
    ["JJ+, AKs:0.5", "JJ+, AKs:0.5"],
    ["AA, KK:0.5", "AQs", "AA, KK:0.5"],  # the quick tier's three-handed sample (168 assignments)
    pytest.param(["QQ+", "KK+:0.25, AQs", "QQ+"], marks=pytest.mark.slow),  # 1,680 assignments
    ["AKs", "AKo"],
])
def test_assignment_classes_equal_one_assignment_at_a_time(players):
    """Suit classes and seatings of identical ranges add up to the sum over every assignment."""
    result = equity(players, exact=True)
    wins = np.zeros(len(players), dtype=np.int64)
    shares = np.zeros(len(players))
    weight = 0.0
    combos = [_combos(p) for p in players]
    for assignment in itertools.product(*combos):
        cards = [c for hole, _ in assignment for c in hole]
        if len(set(cards)) != len(cards):
            continue
        w = math.prod(x for _, x in assignment)
        one = equity([list(hole) for hole, _ in assignment], exact=True)
        wins += one.counts.wins
        shares += w * np.array(one.equity) * one.total
        weight += w * one.total
    assert result.counts.wins == tuple(int(x) for x in wins)
    assert result.equity == pytest.approx(shares / weight, rel=1e-12)


def test_preflop_progress_and_cancel():
    seen = []
    result = equity(["JJ+", "random"], exact=True, progress=lambda r: seen.append((r.total, r.planned)))
    assert result.exact and result.planned == result.total and len(seen) >= 2
    assert all(0 < done < planned == result.total for done, planned in seen[:-1])
    assert seen[-1] == (result.total, result.total)  # the last piece is reported too
    with pytest.raises(EquityCancelled, match="stopped by the progress callback"):
        equity(["JJ+", "random"], exact=True, progress=lambda r: False)


@pytest.mark.parametrize("board", ["", "Kd 7c 2s"])
def test_a_time_limit_stops_exact_enumeration_and_only_then(board):
    # Preflop by classes, and on a flop by boards: each reports between pieces, and past the
    # limit the run stops naming it; a limit it does not reach leaves the counts as they are.
    players = ["AA", "QQ", "random"] if board else ["JJ+", "random"]
    seen = []
    with pytest.raises(EquityCancelled, match=r"reached time_limit=1e-09 s after [\d,]+ of about"):
        equity(players, board, exact=True, time_limit=1e-9, progress=lambda r: seen.append(r.total))
    assert len(seen) == 1  # the callback sees the first piece, then the limit stops the run
    whole = equity(players, board, exact=True)
    assert equity(players, board, exact=True, time_limit=3600).counts == whole.counts


def test_a_run_of_one_piece_reports_it_and_stops_at_its_time_limit():
    # Heads-up on a flop is one piece of runouts: the callback still sees it, and can stop it.
    seen = []
    result = equity(["random", "random"], "Qh 7s 2d", exact=True, progress=lambda r: seen.append(r.total))
    assert seen == [result.total]
    with pytest.raises(EquityCancelled, match="stopped by the progress callback"):
        equity(["random", "random"], "Qh 7s 2d", exact=True, progress=lambda r: False)
    with pytest.raises(EquityCancelled, match="reached time_limit=1e-09 s"):
        equity(["random", "random"], "Qh 7s 2d", exact=True, time_limit=1e-9)


def test_a_monte_carlo_option_asks_for_monte_carlo_and_is_refused_with_exact():
    # On a turn the plan enumerates; trials or stderr say sample, a seed alone is for sampling if
    # it samples, and exact=True refuses all three.
    spot = (["AcAd", "KhKs"], "2c 7d 9h 5s")
    assert equity(*spot).exact and equity(*spot, seed=5).exact
    for given in ({"trials": 2_000}, {"stderr": 0.02}, {"seed": 5}):
        assert equity(*spot, **given).exact == ("seed" in given)
        with pytest.raises(EquityError, match=f"{next(iter(given))} applies to Monte Carlo, not to exact=True"):
            equity(*spot, exact=True, **given)
    sampled = [equity(*spot, trials=2_000, seed=seed).equity for seed in (5, 5, 6)]
    assert sampled[0] == sampled[1] != sampled[2]


def test_exact_preflop_out_of_reach():
    with pytest.raises(EquityError, match="out of reach"):
        equity(["random", "random", "random"], exact=True)


def test_equity_by_category_adds_up_to_equity():
    for players, board in ((["AcAd", "KhKs"], "2c 7d 9h"), (["AhKh", "QsQd", "random"], ""),
                           (["AsKs", "AdKd"], "")):
        result = equity(players, board, exact=False if "random" in players else None, trials=50_000, seed=3)
        for p, by_category in enumerate(result.equity_by_category):
            assert sum(by_category.values()) == pytest.approx(result.equity[p], rel=1e-12)
    split = equity(["AsKs", "AdKd"], exact=True)
    assert split.equity_by_category[0][Category.STRAIGHT] == pytest.approx(
        split.equity_by_category[1][Category.STRAIGHT])


def test_thread_count_does_not_change_exact_results():
    one = equity(["AA, KK:0.5", "QQ, AKs"], "2c 7d 9h", n_jobs=1)
    two = equity(["AA, KK:0.5", "QQ, AKs"], "2c 7d 9h", n_jobs=2)
    assert one.counts == two.counts and one.equity == two.equity


def test_wins_by_category():
    result = equity(["AcAd", "KhKs"], "2c 7d 9h")
    for shares in result.wins_by_category:
        assert sum(shares.values()) == pytest.approx(1.0)
        assert all(isinstance(c, Category) for c in shares)
    assert Category.THREE_OF_A_KIND in result.wins_by_category[1]


@pytest.mark.parametrize(
    "players, board, dead",
    [SPOTS[0], SPOTS[3], SPOTS[4], SPOTS[10], SPOTS[13], (["AhKh", "QQ", "JTs"], "", "")],
)
def test_monte_carlo_agrees_with_exact(players, board, dead):
    exact = equity(players, board, dead, exact=True)
    mc = equity(players, board, dead, exact=False, trials=200_000, seed=11)
    assert not mc.exact and mc.total == 200_000
    for p in range(len(players)):
        assert abs(mc.equity[p] - exact.equity[p]) <= 4 * mc.player_stderr[p] + 1e-12
        assert abs(mc.win[p] - exact.win[p]) <= 4 * (exact.win[p] * (1 - exact.win[p]) / mc.total) ** 0.5 + 1e-12


@pytest.mark.parametrize("players, board, dead", [
    (["AsAh", "random"], "", ""),
    (["random", "random"], "Ks 7h 2d", "3c"),
    (["QQ+, AKs", "random", "Jd Tc"], "9h 8h 2c", ""),  # a range, a whole deck and an exact hand
])
def test_monte_carlo_deals_whole_deck_players_from_the_deck(players, board, dead):
    """Players whose range is every hand left are dealt two cards from the deck: the same
    answer as the exact enumeration, within four standard errors."""
    from showdown.odds.inputs import prepare
    from showdown.odds.montecarlo import whole_deck_players

    assert whole_deck_players(prepare(players, board, dead)).tolist() == [p == "random" for p in players]
    exact = equity(players, board, dead, exact=True)
    mc = equity(players, board, dead, exact=False, trials=300_000, seed=5)
    for p in range(len(players)):
        assert abs(mc.equity[p] - exact.equity[p]) <= 4 * mc.player_stderr[p] + 1e-12
        assert abs(mc.win[p] - exact.win[p]) <= 4 * (exact.win[p] * (1 - exact.win[p]) / mc.total) ** 0.5 + 1e-12


def test_only_an_evenly_weighted_full_range_is_a_whole_deck():
    from showdown.odds.inputs import prepare
    from showdown.odds.montecarlo import whole_deck_players

    every = Range("random")
    uneven = Range.from_combos([combo for combo, _ in every],
                               [0.5 if {str(c) for c in combo} == {"7h", "2c"} else 1.0 for combo, _ in every])
    question = prepare([every, uneven, Range("random").without("As"), "AsKd"])
    assert whole_deck_players(question).tolist() == [True, False, True, False]


def _picked_shares(keep: np.ndarray, alias: np.ndarray, size: int) -> np.ndarray:
    """Each combo's probability under alias tables: a bucket in ``size``, then the bucket's own
    combo with probability ``keep``, else its alias."""
    shares = np.zeros(size)
    for j in range(size):
        shares[j] += keep[j] / size
        shares[alias[j]] += (1.0 - keep[j]) / size
    return shares


def test_pick_tables_give_each_combo_its_weight():
    from showdown.odds.montecarlo import pick_tables

    rng = np.random.default_rng(5)
    rows = [rng.random(1326), np.where(rng.random(40) < 0.3, 0.0, rng.random(40)), np.ones(7), np.array([1.0]),
            np.array([0.5, 1.0, 0.25]), np.ones(2) * 0.3, rng.choice([0.2, 0.5, 1.0], 600)]
    weights = np.zeros((len(rows), 1326))
    for p, row in enumerate(rows):
        weights[p, : len(row)] = row
    sizes = np.array([len(row) for row in rows])
    keep, alias = pick_tables(weights, sizes)
    for p, row in enumerate(rows):
        size = len(row)
        assert ((keep[p, :size] >= 0) & (keep[p, :size] <= 1)).all()
        assert ((alias[p, :size] >= 0) & (alias[p, :size] < size)).all()
        shares = _picked_shares(keep[p], alias[p], size)
        assert np.abs(shares - row / row.sum()).max() < 1e-12
        assert (shares[row == 0] == 0).all()  # a combo of weight 0 is never dealt


@pytest.mark.parametrize("players, board", [
    (["QQ+:0.5, AK, AQs:0.3", "random"], ""),
    (["AKs, QQ:0.4", "JJ+, AK:0.7", "random"], ""),
    (["AsAh", "KK:0.2, 87s, 65s:0.6", "T9s:0.9, 22"], "Qs 7h 5c"),
])
def test_monte_carlo_weighted_ranges_agree_with_exact(players, board):
    exact = equity(players, board, exact=True)
    mc = equity(players, board, exact=False, trials=300_000, seed=17)
    for p in range(len(players)):
        assert abs(mc.equity[p] - exact.equity[p]) <= 4 * mc.player_stderr[p] + 1e-12


@pytest.mark.parametrize("players, dead", [
    (["AKs", "random"], "Ah Ad Ac"),  # a range left with one combo, whose cards are in the deck
    (["AKs", "QQ"], "Ah Ad Ac Qs Qh"),  # two of them, nobody drawing a combo
    (["AKs", "QQ", "JJ"], "Ah Ad Ac Qs Qh"),  # and a range drawing one
])
def test_monte_carlo_never_deals_a_one_combo_range_s_cards(players, dead):
    exact = equity(players, dead=dead, exact=True)
    mc = equity(players, dead=dead, exact=False, trials=300_000, seed=3)
    for p in range(len(players)):
        assert abs(mc.equity[p] - exact.equity[p]) <= 4 * mc.player_stderr[p] + 1e-12


def test_one_combo_players_sharing_a_card_fail_at_once():
    """Two ranges left with one combo each, the same cards: no deal can be made."""
    with pytest.raises(EquityError, match="almost never fit"):
        equity(["AKs", "AsKs, AsQs", "random"], dead="Ah Ad Ac Qs", exact=False, trials=1000, seed=1)


# --- exact enumeration in pieces: paced, and the same answer bit for bit however it is cut ----

def cut_in(count: int):
    """A stand-in for ``exact.paced``: ``count`` pieces of whole units (fewer when too small)."""
    def pieces(n_items: int, first_size: int, unit: int = 1) -> list[slice]:
        size = unit * max(1, -(-n_items // (count * unit)))
        return [slice(start, min(start + size, n_items)) for start in range(0, n_items, size)]
    return pieces


@pytest.mark.parametrize("players, board, game", [
    (["AA, KK:0.5, AKs:0.3", "QQ+, AQ:0.7", "TT+:0.4, A2s+"], "Kd 7c 2s 9h", "holdem"),  # every board
    (["AhKh2c3d", "KKxx:0.5", "QsQdJsJd"], "4c 7h 9d", "omaha-hilo"),  # every board, the games' kernel
    (["AA, KK:0.5, AKs:0.3", "22+:0.6, ATs+", "QQ+, AJ+:0.4"], "", "holdem"),  # preflop classes
])
def test_an_exact_answer_does_not_depend_on_the_pieces(monkeypatch, players, board, game):
    """Paced pieces, one piece, or many: the same counts and the same weighted sums, bit for bit
    (each chunk, or each block of classes, adds its cases in order whatever the cut)."""
    whole = equity(players, board, game=game, exact=True, n_jobs=2)
    for count in (1, 3, 17):
        monkeypatch.setattr(exact, "paced", cut_in(count))
        reports: list[EquityResult] = []
        cut = equity(players, board, game=game, exact=True, n_jobs=2, progress=reports.append)
        assert cut.to_dict() == {**whole.to_dict(), "elapsed": cut.elapsed}
        assert len(reports) > count // 2 and reports[-1].total == whole.total  # fewer when units are few


def test_pieces_are_paced_to_the_time_asked(monkeypatch):
    """A piece is sized from the pace of the one before: it at most doubles from the first, up to
    about PIECE_SECONDS of work, and shrinks when the work slows down; in whole units."""
    monkeypatch.setattr(exact, "PIECE_SECONDS", 0.02)
    pieces, per_item, slowed_at = [], 2e-6, None  # 500,000 items a second: 10,000 a piece at most
    for piece in exact.paced(300_001, 8, unit=2):
        pieces.append(piece)
        if slowed_at is None and piece.start >= 100_000:
            per_item, slowed_at = 1e-5, len(pieces)  # five times slower: 2,000 a piece at most
        time.sleep((piece.stop - piece.start) * per_item)  # at least that long; longer under load
    assert [p.start for p in pieces[1:]] == [p.stop for p in pieces[:-1]] and pieces[0] == slice(0, 8)
    assert pieces[-1].stop == 300_001
    sizes = [p.stop - p.start for p in pieces]
    assert all(size % 2 == 0 for size in sizes[:-1])
    assert all(later <= 2 * earlier for earlier, later in itertools.pairwise(sizes))
    assert max(sizes[:slowed_at]) <= 10_000 and max(sizes[:slowed_at]) >= 2_000
    assert max(sizes[slowed_at + 1:-1]) <= 2_000


def test_same_seed_same_answer_any_thread_count():
    a = equity(["AcAd", "KK", "87s"], exact=False, trials=300_000, seed=123, n_jobs=1).to_dict()
    b = equity(["AcAd", "KK", "87s"], exact=False, trials=300_000, seed=123, n_jobs=2).to_dict()
    c = equity(["AcAd", "KK", "87s"], exact=False, trials=300_000, seed=124, n_jobs=2).to_dict()
    for d in (a, b, c):
        d.pop("elapsed")
    assert a == b
    assert a != c


def test_stop_by_trials():
    result = equity(["AcAd", "KhKs"], exact=False, trials=12_345, seed=1)
    assert result.total == 12_345 and result.stopped_by == "trials" and result.seed == 1


def test_stop_by_stderr():
    result = equity(["AcAd", "KhKs"], exact=False, stderr=0.002, seed=1)
    assert result.stderr <= 0.002 and result.stopped_by == "stderr"
    assert max(result.player_stderr) == result.stderr


def test_stop_by_time_limit():
    result = equity(["random", "random", "random"], time_limit=0.2, seed=1)
    assert not result.exact and result.stopped_by == "time_limit" and result.total > 0


def test_stop_by_progress():
    seen = []

    def progress(interim):
        seen.append(interim)
        return len(seen) < 3

    result = equity(["AcAd", "KhKs"], exact=False, trials=10**8, seed=1, progress=progress)
    assert len(seen) == 3 and all(isinstance(r, EquityResult) for r in seen)
    # after each batch (of FIRST_BATCH deals, then doubling), and within a long batch too
    totals = [r.total for r in seen]
    assert 0 < totals[0] <= FIRST_BATCH and totals == sorted(set(totals)) and totals[-1] <= 7 * FIRST_BATCH
    assert result.stopped_by == "progress" and result.total == totals[-1]


def test_exact_choice_and_output():
    assert not equity(["random", "random"], trials=1000, seed=1).exact
    result = equity(["AcAd", "Kh Ks"], "2c 7d 9h")
    # Hands are named as they were given; a dict names the players and keeps the hands.
    assert result.exact and result.players == result.hands == ("AcAd", "Kh Ks")
    text = str(result)
    assert "AcAd" in text and "equity" in text and "exact" in text
    named = equity({"alice": "AcAd", " bob ": "Kh Ks"}, "2c 7d 9h")
    assert named.players == ("alice", " bob ") and named.hands == ("AcAd", "Kh Ks")  # names exactly as given
    assert named.counts == result.counts
    assert [(p["name"], p["hand"]) for p in named.to_dict()["players"]] == [("alice", "AcAd"), (" bob ", "Kh Ks")]
    json.dumps(result.to_dict())
    json.dumps(equity(["AA", "random"], trials=1000, seed=2, exact=False).to_dict())


def test_named_players_keep_their_names_exactly():
    # a dict's keys are distinct, so names that differ only in spaces are two players, each as given
    result = equity({"bob": "AcAd", " bob": "KhKs", "Bob ": "QQ"}, "2c 7d 9h")
    assert result.players == ("bob", " bob", "Bob ") and result.hands == ("AcAd", "KhKs", "QQ")
    assert result.counts == equity(["AcAd", "KhKs", "QQ"], "2c 7d 9h").counts
    assert [p["name"] for p in result.to_dict()["players"]] == ["bob", " bob", "Bob "]


@pytest.mark.parametrize("name", ["", " ", "\t", 3, None, ("a", "b")])
def test_a_bad_player_name_is_an_error_about_the_input(name):
    with pytest.raises(EquityError) as raised:
        equity({name: "AcAd", "bob": "KhKs"})
    assert type(raised.value) is EquityError  # not PlayerCountError: the count is fine, a name is not
    assert str(raised.value) == f"a player's name must be non-empty text, got {name!r}"


@pytest.mark.parametrize(
    "players, board, error, message",
    [
        ({"a": "AcAd", "b": ""}, "", HandSizeError, "player 'b': a hand has two cards, got 0 in ''"),
        ({"alice": "AcAd", "bob": "AA"}, "Ah As 2c", EmptyRangeError,
         "the range 'AA' of player 'bob' is empty once the board, dead cards and other players' hands are removed"),
        ({"alice": "AcAd", "bob": "AcKs"}, "", DuplicateCardError,
         "card Ac of player 'bob' is also in the hand of player 'alice'"),
        ({"alice": "AcAd", "bob": "KsKh"}, "Ks 2c 3d", DuplicateCardError,
         "card Ks of player 'bob' is also in the board"),
        ({"alice": "AcAd", "bob": "KhKh"}, "", DuplicateCardError, "player 'bob': card Kh appears twice in 'KhKh'"),
        ({"alice": "AcAd", " bob ": "XYZ"}, "", RangeParseError,
         "player ' bob ': bad range token 'XYZ' at position 1 of 'XYZ': 'X' is not a rank (use 23456789TJQKA)"),
        ({"alice": "AcAd", "bob": ["Kh", "Zz"]}, "", CardParseError,
         "player 'bob': bad card 'Zz' at position 1 of 'Zz': 'Z' is not a rank (use 23456789TJQKA or 10)"),
        # players in a list keep the numbered wording
        (["AcAd", ""], "", HandSizeError, "player 2: a hand has two cards, got 0 in ''"),
        (["AcAd", "AA"], "Ah As 2c", EmptyRangeError,
         "the range 'AA' of player 2 is empty once the board, dead cards and other players' hands are removed"),
        (["AcAd", "AcKs"], "", DuplicateCardError, "card Ac of player 2 (AcKs) is also in the hand of player 1 (AcAd)"),
    ],
)
def test_errors_name_the_player_as_given(players, board, error, message):
    with pytest.raises(error) as raised:
        equity(players, board)
    assert str(raised.value) == message


def test_range_objects_and_card_lists():
    a = equity([Range("AA"), ["Kh", "Ks"]], "2c 7d 9h")
    b = equity(["AA", "KhKs"], "2c 7d 9h")
    assert a.counts == b.counts


@pytest.mark.parametrize(
    "players, board, dead, error, words",
    [
        (["AcAd", "AcKs"], "", "", DuplicateCardError, "Ac"),
        (["AcAd", "KsKh"], "Ac 2d 3d", "", DuplicateCardError, "Ac"),
        (["AcAd", "KsKh"], "2c 3d 4h", "2c", DuplicateCardError, "2c"),
        (["AcAd", "KsKh"], "", "Kh", DuplicateCardError, "Kh"),
        (["AcAc", "KsKh"], "", "", DuplicateCardError, "Ac"),
        (["AcAd", "AA"], "Ah As 2c", "", EmptyRangeError, "the range 'AA' of player 2 is empty"),
        (["AcAd"], "", "", PlayerCountError, "2 to 10"),
        (["AcAd", "KsKh"] + ["random"] * 9, "", "", PlayerCountError, "2 to 10"),
        (["AcAd", "KsKh"], "2c 3c 4c 5c 6c 7c", "", HandSizeError, "the board has 6 cards; a board has 0, 3"),
        (["AcAd", "KsKh"], "2c 3c", "", HandSizeError, "the board has 2 cards; a board has 0, 3"),
        (["AcAd", "KsKh"], "2c", "", HandSizeError, "the board has 1 card; a board has 0, 3"),
        (["random"] * 10, "", [f"{r}{s}" for r in "23456789T" for s in "cdh"] + ["Jc"], HandSizeError, "52"),
        (["AcAdKs", "KsKh"], "", "", HandSizeError, "player 1"),
        (["AcAd", "XYZ"], "", "", RangeParseError, "player 2"),
    ],
)
def test_errors(players, board, dead, error, words):
    with pytest.raises(error, match=words):
        equity(players, board, dead)


def test_incompatible_ranges():
    with pytest.raises(EquityError, match="shared card"):
        equity(["AA", "AA", "AA"], exact=True)
    with pytest.raises(EquityError, match="shared card"):
        equity(["AA", "AA", "AA"], exact=False, trials=1000)


def test_bad_stopping_arguments():
    with pytest.raises(EquityError):
        equity(["AA", "KK"], exact=False, trials=0)
    with pytest.raises(ShowdownError):
        equity(["AA", "KK"], exact=False, trials=10, n_jobs=0)


# --- the plan: what exact enumeration costs, the same rule equity() follows ---------------------
@pytest.mark.parametrize(
    "players, board, dead",
    [
        (["AcAd", "KhKs"], "2c 7d 9h", ""),
        (["AcAd", "KhKs"], "", ""),
        (["QQ+, AKs", "random"], "", "2c"),
        (["random", "random", "random"], "2c 7d 9h", ""),
        (["random", "random"], "2c 7d 9h", ""),
        (["random", "random"], "", ""),
        (["AK", "QQ+", "JTs"], "Ah 7d 2c", ""),
        (["random"] * 3, "", ""),
    ],
)
def test_plan_decides_what_equity_does(players, board, dead):
    cost = plan(players, board, dead)
    assert equity(players, board, dead, seed=1).exact == cost.exact_by_default
    assert cost.exact_by_default == (cost.exact_possible and cost.evaluations <= 200_000_000)
    known = len(parse_cards(board)) + len(parse_cards(dead))
    assert cost.boards == math.comb(52 - known - 2 * len(players), 5 - len(parse_cards(board)))
    heads_up = len(players) == 2
    assert cost.method == ("classes" if not board else "runouts" if heads_up else "boards") or not cost.exact_possible
    assert cost.reports_progress == cost.exact_possible
    assert cost.to_dict()["evaluations"] == cost.evaluations


def test_plan_counts_assignments_and_classes():
    cost = plan(["AcAd", "KhKs", "QsQd"], "2c 7d 9h")
    assert (cost.method, cost.assignments, cost.boards, cost.evaluations) == ("boards", 1, 903, 3 * 903)
    # heads-up: each of the C(49, 2) runouts once for the two hands
    cost = plan(["AcAd", "KhKs"], "2c 7d 9h")
    assert (cost.method, cost.assignments, cost.boards) == ("runouts", 1, 990)
    assert cost.evaluations == math.comb(49, 2) * 2 * RUNOUT_COST
    preflop = plan(["AA", "KK"])
    # 36 assignments; suit permutations leave three classes: no shared suit, one, or two
    assert (preflop.assignments, preflop.classes) == (36, 3)
    out_of_reach = plan(["random"] * 4)
    assert not out_of_reach.exact_possible and "out of reach" in out_of_reach.reason
    with pytest.raises(EquityError, match="out of reach"):
        equity(["random"] * 4, exact=True)


@pytest.mark.parametrize("players, board, error", [
    (["AcAd"], "", PlayerCountError), (["AcAd", "AcKs"], "", DuplicateCardError),
    (["AcAd", "KK+x"], "", RangeParseError), (["AA", "KK"], "2c 2c", DuplicateCardError)])
def test_plan_refuses_what_equity_refuses(players, board, error):
    with pytest.raises(error) as planned:
        plan(players, board)
    with pytest.raises(error) as run:
        equity(players, board)
    assert str(planned.value) == str(run.value)


def test_result_json_shape():
    result = equity(["AcAd", "QQ+, AKs"], "2c 7d 9h", exact=True)
    data = json.loads(json.dumps(result.to_dict()))
    assert [player["name"] for player in data["players"]] == list(result.players)
    assert data["board"] == ["2c", "7d", "9h"] and data["dead"] == [] and data["exact"] is True
    for p, player in enumerate(data["players"]):
        assert (player["equity"], player["win"], player["tie"]) == (result.equity[p], result.win[p], result.tie[p])
        assert [entry["category"] for entry in player["by_category"]] == list(range(9))
        assert [entry["category_name"] for entry in player["by_category"]] == [str(c) for c in Category]
        assert sum(entry["equity"] for entry in player["by_category"]) == pytest.approx(player["equity"])
        assert sum(entry["win_share"] for entry in player["by_category"]) == pytest.approx(1.0)
    assert data["counts"]["wins"] == list(result.counts.wins)
    early = equity(["AA", "KK"], exact=False, trials=1, seed=3).to_dict()
    assert early["stderr"] is None and early["players"][0]["stderr"] is None  # not finite: null


def test_plan_and_equity_work_the_classes_out_once():
    from showdown.odds.exact import assignment_classes
    from showdown.odds.inputs import prepare

    first = assignment_classes(prepare(["QQ+, AKs:0.5", "random"], dead="2c"))
    again = assignment_classes(prepare([Range("QQ+, AKs:0.5"), "random"], dead="2c"))
    other = assignment_classes(prepare(["QQ+, AKs", "random"], dead="2c"))
    assert again is first and other is not first
    assert plan(["QQ+, AKs:0.5", "random"], dead="2c").classes == len(first.holes)
