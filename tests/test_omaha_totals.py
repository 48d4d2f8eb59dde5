"""The totals of four-card Omaha (high): 270,725 starting hands, 16,432 of them up to the
permutations of the suits, 463,563,500,400 deals of four hole and five board cards, and how many
deals make each category, counted exhaustively with showdown's Omaha kernel and again by
combinatorics over rank multisets and suit placements (see ``tests/omaha_counting.py``).
``pytest -s`` prints the table.

The combinatorics' totals and its counts for a sample of hole rank multisets are pinned below:
the quick tier checks the pinned totals and the exhaustive counts of the sample against them,
the slow tier recomputes every count both ways (and the pinned ones)."""

from __future__ import annotations

import time
from math import comb, prod

import numba
import numpy as np
import pytest

from conftest import combinations_array
from naive import ids
from omaha_counting import (
    N_CODES,
    N_DEALS,
    combinatorial_counts,
    exhaustive_class_counts,
    exhaustive_counts,
    exhaustive_values,
    permuted_masks,
    rank_codes,
    starting_hand_classes,
    straight_flush_deals,
    table,
)
from showdown import evaluate, evaluate_many

STRAIGHT_FLUSH = 8


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return combinations_array(52, 4)


@pytest.fixture(scope="module")
def classes(hands):
    return starting_hand_classes(hands)


@pytest.fixture(scope="module")
def combinatorial() -> np.ndarray:
    return combinatorial_counts()


def hands_per_rank_code() -> np.ndarray:
    """How many starting hands have each rank multiset: the product of C(4, count) over ranks."""
    out = np.zeros(N_CODES, dtype=np.int64)
    for code in range(N_CODES):
        ranks = [code // 13**i % 13 for i in range(4)]
        if ranks == sorted(ranks):
            out[code] = prod(comb(4, ranks.count(r)) for r in set(ranks))
    return out


def test_starting_hands_up_to_suit_permutation(hands, classes):
    masks = permuted_masks(hands)
    assert len(hands) == 270_725 and len(np.unique(masks[:, 0])) == 270_725
    representatives, sizes, stabilisers = classes
    assert len(representatives) == 16_432
    assert sizes.sum() == 270_725
    assert (sizes * stabilisers == 24).all()  # orbit times stabiliser: the group's order
    assert sorted(set(sizes.tolist())) == [1, 4, 6, 12, 24]
    # Burnside: the orbits are the mean number of hands a permutation fixes
    fixed = (masks == masks[:, :1]).sum(axis=0)  # permutation 0 is the identity
    assert fixed.sum() == 24 * 16_432
    # each rank multiset's classes hold all of its hands
    per_code = np.zeros(N_CODES, dtype=np.int64)
    np.add.at(per_code, rank_codes(representatives), sizes)
    assert np.array_equal(per_code, hands_per_rank_code())


@pytest.mark.parametrize("hole", [
    "As Ks Qs Js", "As Ks Qh Jh", "Ah Kh 7c 2d", "As 2s 3s 4s", "Td 9d 8c 7c", "Ac Ad Ah As", "6h 6d 5h 5d",
    "9c 8c 7c 6d",
])
def test_exhaustive_loop_is_showdowns_evaluator(hole):
    """The counting loop gives every board the value evaluate_many(game="omaha") gives it."""
    cards = np.array(ids(hole), dtype=np.uint8)
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), cards)
    boards = rest[combinations_array(48, 5)]
    assert len(boards) == 1_712_304
    rows = np.empty((len(boards), 9), dtype=np.uint8)
    rows[:, :4] = cards
    rows[:, 4:] = boards
    values = exhaustive_values(cards)
    assert np.array_equal(values, evaluate_many(rows, game="omaha"))
    assert np.array_equal(exhaustive_class_counts(cards[None])[0], np.bincount(values >> 12, minlength=9))
    for i in range(0, len(rows), 150_001):  # and the one-hand API agrees on a few
        assert evaluate(rows[i, :4].tolist(), rows[i, 4:].tolist(), game="omaha").value == values[i]


# The combinatorics' counts by category (high card .. straight flush): of all deals, and of the
# deals of each sample hole rank multiset (2 = 0 .. A = 12): four of a kind, two pair, broadway,
# the wheel's ranks, connectors, a gapped rundown, a pair with two others.
PINNED_TOTALS = [13_851_662_832, 122_655_542_152, 170_775_844_104, 40_712_657_408, 52_289_648_688,
                 31_216_782_384, 29_424_798_576, 2_225_270_496, 411_293_760]
PINNED_SAMPLE = {
    (12, 12, 12, 12): [0, 811_008, 855_360, 0, 0, 0, 45_936, 0, 0],
    (11, 11, 12, 12): [0, 14_342_832, 18_666_288, 12_755_232, 1_633_284, 4_099_104, 9_019_260, 1_091_304, 35_640],
    (9, 10, 11, 12): [25_944_696, 129_678_408, 146_422_512, 27_832_452, 55_935_948, 30_082_992, 21_026_736,
                      1_013_184, 412_896],
    (0, 1, 2, 12): [25_944_696, 129_678_408, 146_422_512, 27_832_452, 55_935_948, 30_082_992, 21_026_736,
                    1_013_184, 412_896],
    (5, 6, 7, 8): [22_438_656, 115_389_720, 116_785_152, 26_537_088, 104_663_400, 29_720_376, 20_986_560,
                   1_012_608, 816_264],
    (2, 4, 5, 7): [22_438_656, 106_765_272, 150_129_288, 25_393_128, 81_087_672, 29_814_888, 21_053_016,
                   1_013_208, 654_696],
    (0, 5, 10, 10): [0, 50_785_056, 60_720_840, 24_761_700, 0, 10_835_892, 15_630_528, 1_647_168, 0],
}
SAMPLE_RANKS = list(PINNED_SAMPLE)


def sample_codes() -> np.ndarray:
    return rank_codes(np.array(SAMPLE_RANKS) * 4)


@pytest.mark.slow
def test_combinatorial_totals(combinatorial):
    totals = combinatorial.sum(axis=0)
    print("\nOmaha (high): deals of 4 hole and 5 board cards by their best hand (rank multisets)")
    print(table(totals))
    assert totals.sum() == N_DEALS == 463_563_500_400
    # each hole rank multiset meets every board once per hand holding it
    assert np.array_equal(combinatorial.sum(axis=1), hands_per_rank_code() * comb(48, 5))
    # a third count of the straight flushes, from the spades alone
    assert totals[STRAIGHT_FLUSH] == straight_flush_deals()
    # the pinned counts are the combinatorics'
    assert totals.tolist() == PINNED_TOTALS
    assert combinatorial[sample_codes()].tolist() == list(PINNED_SAMPLE.values())


def test_pinned_totals():
    totals = np.array(PINNED_TOTALS, dtype=np.int64)
    print("\nOmaha (high): deals of 4 hole and 5 board cards by their best hand (pinned)")
    print(table(totals))
    assert totals.sum() == N_DEALS == 463_563_500_400
    assert totals[STRAIGHT_FLUSH] == straight_flush_deals()
    pinned = np.array(list(PINNED_SAMPLE.values()), dtype=np.int64)
    assert np.array_equal(pinned.sum(axis=1), hands_per_rank_code()[sample_codes()] * comb(48, 5))


def test_methods_agree_on_sample_hole_ranks(classes):
    """The exhaustive counts of the sample hole rank multisets are the combinatorics' (pinned)."""
    representatives, sizes, _ = classes
    codes = sample_codes()
    chosen = np.isin(rank_codes(representatives), codes)
    exhaustive = exhaustive_counts(representatives[chosen], sizes[chosen])
    assert exhaustive[codes].tolist() == list(PINNED_SAMPLE.values())
    assert exhaustive.sum() == sum(hands_per_rank_code()[codes]) * comb(48, 5)


@pytest.mark.slow
def test_exhaustive_counts_agree_with_combinatorics(classes, combinatorial):
    """Every starting hand class against every board (28.1e9 evaluations, each weighted by the
    class's size): the same counts as the combinatorics, for every hole rank multiset and
    category."""
    representatives, sizes, _ = classes
    previous = numba.get_parallel_chunksize()
    numba.set_parallel_chunksize(16)  # threads share the classes as they go
    try:
        start = time.perf_counter()
        exhaustive = exhaustive_counts(representatives, sizes)
        elapsed = time.perf_counter() - start
    finally:
        numba.set_parallel_chunksize(previous)
    evaluations = len(representatives) * comb(48, 5)
    print(f"\nexhaustive: {evaluations:,} evaluations on {numba.get_num_threads()} threads in {elapsed:.1f} s")
    print(table(exhaustive.sum(axis=0)))
    assert exhaustive.sum() == N_DEALS == 463_563_500_400
    mismatch = np.argwhere(exhaustive != combinatorial)
    assert mismatch.size == 0, f"{len(mismatch)} (rank code, category) counts differ, first {mismatch[0].tolist()}"
