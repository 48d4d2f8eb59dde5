"""Equity in short deck, Omaha and Omaha hi-lo against an independent enumeration.

The reference deals every remaining board and finds each player's best hand by brute force: in
Omaha every choice of two hole cards and three board cards, in short deck every five of the seven
cards, each five valued by the hold'em evaluator on five-card rows (``evaluate_many``, tested
against other evaluators on every five-card hand) and reordered by the game's rules; the
eight-or-better low is a naive one written here. Monte Carlo is checked against the exact
answers, within four standard errors.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pytest

import naive
from conftest import combinations_array
from showdown import (
    Category,
    DuplicateCardError,
    EmptyRangeError,
    EquityCancelled,
    GameError,
    HandSizeError,
    PlayerCountError,
    Range,
    equity,
    evaluate_many,
)
from showdown.tables.layout import CATEGORY_SHIFT, N_CATEGORIES, TIE_SHARE_CATEGORY, TIE_SHARE_UNIT, WIN

UNIT = 2520  # the least common multiple of 2..10: a tie of n players takes UNIT // n
ACE = 12  # rank index of the ace in naive's ids (4 * rank + suit, rank 0 the deuce)


def ids(text: str) -> np.ndarray:
    return np.array(naive.ids(text), dtype=np.uint8)


# --- the reference evaluation ------------------------------------------------------------------

# Columns of a row of hole cards then five board cards: every two hole cards with three board cards.
OMAHA_FIVES = {
    h: np.array([[*pair, *(h + t for t in triple)] for pair in itertools.combinations(range(h), 2)
                 for triple in itertools.combinations(range(5), 3)], dtype=np.intp).ravel()
    for h in (4, 5, 6)
}
SEVEN_FIVES = np.array(list(itertools.combinations(range(7), 5)), dtype=np.intp).ravel()
CHUNK = 1 << 17


def fives(holes: np.ndarray, boards: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """The five-card hands of each row of hole and board cards, (N, hands, 5)."""
    cards = np.hstack([holes, boards])
    return np.take(cards, columns, axis=1).reshape(len(cards), -1, 5)


def holdem_five(rows: np.ndarray) -> np.ndarray:
    """Hold'em values of five-card rows (..., 5): higher is better."""
    return evaluate_many(rows.reshape(-1, 5)).reshape(rows.shape[:-1])


# The eight-or-better low: the ace and 2..8 as bits 1..8 (ranks 9..K have no bit). Five cards
# make a low when their bits are five distinct ones; lows compare by their highest card, then
# the next ..., lower winning, which is how their bit sets compare as numbers (smaller wins).
LOW_BIT = np.array([1 << 1 if c >> 2 == ACE else (1 << ((c >> 2) + 2) if c >> 2 <= 6 else 0) for c in range(52)],
                   dtype=np.int64)
POPCOUNT = np.array([bin(i).count("1") for i in range(1 << 9)], dtype=np.int64)


def low_keys(rows: np.ndarray) -> np.ndarray:
    """Low of five-card rows (..., 5): 0 for none, else larger for a better low."""
    bits = np.bitwise_or.reduce(LOW_BIT[rows], axis=-1)
    return np.where(POPCOUNT[bits] == 5, (1 << 9) - bits, 0)


def omaha_values(holes: np.ndarray, boards: np.ndarray, low: bool) -> tuple[np.ndarray, np.ndarray]:
    """The best Omaha high value and low key (0: none, or not hi-lo) of each row of hole cards
    and five board cards: the best of every two-plus-three choice."""
    high = np.empty(len(holes), dtype=np.int64)
    lows = np.zeros(len(holes), dtype=np.int64)
    columns = OMAHA_FIVES[holes.shape[1]]
    for lo in range(0, len(holes), CHUNK):
        rows = fives(holes[lo:lo + CHUNK], boards[lo:lo + CHUNK], columns)
        high[lo:lo + CHUNK] = holdem_five(rows).max(axis=1)
        if low:
            lows[lo:lo + CHUNK] = low_keys(rows).max(axis=1)
    return high, lows


# Short deck's orders of the categories, weakest first: a flush over a full house, and in the
# trips variant three of a kind over a straight.
SHORT_DECK_ORDER = [naive.HIGH_CARD, naive.ONE_PAIR, naive.TWO_PAIR, naive.THREE_OF_A_KIND, naive.STRAIGHT,
                    naive.FULL_HOUSE, naive.FLUSH, naive.FOUR_OF_A_KIND, naive.STRAIGHT_FLUSH]
TRIPS_ORDER = [naive.HIGH_CARD, naive.ONE_PAIR, naive.TWO_PAIR, naive.STRAIGHT, naive.THREE_OF_A_KIND,
               naive.FULL_HOUSE, naive.FLUSH, naive.FOUR_OF_A_KIND, naive.STRAIGHT_FLUSH]
SHORT_WHEEL = sum(1 << r for r in (ACE, 4, 5, 6, 7))  # A-6-7-8-9


def short_deck_high(holes: np.ndarray, boards: np.ndarray, trips: bool) -> tuple[np.ndarray, np.ndarray]:
    """The best short-deck key (higher is better) of each row of two hole cards and five board
    cards, and its category (hold'em numbering)."""
    place = np.empty(9, dtype=np.int64)
    place[TRIPS_ORDER if trips else SHORT_DECK_ORDER] = np.arange(9)
    keys = np.empty(len(holes), dtype=np.int64)
    categories = np.empty(len(holes), dtype=np.int64)
    for lo in range(0, len(holes), CHUNK):
        rows = fives(holes[lo:lo + CHUNK], boards[lo:lo + CHUNK], SEVEN_FIVES)
        value = holdem_five(rows).astype(np.int64)
        category = value >> CATEGORY_SHIFT
        ordinal = value & ((1 << CATEGORY_SHIFT) - 1)
        rank_bits = np.bitwise_or.reduce(np.left_shift(1, (rows >> 2).astype(np.int64)), axis=-1)
        wheel = rank_bits == SHORT_WHEEL
        suited = ((rows & 3) == (rows[..., :1] & 3)).all(axis=-1)
        category = np.where(wheel, np.where(suited, naive.STRAIGHT_FLUSH, naive.STRAIGHT), category)
        ordinal = np.where(wheel, -1, ordinal)  # the lowest straight
        key = place[category] * (2 << CATEGORY_SHIFT) + ordinal + 1
        best = key.argmax(axis=1)
        keys[lo:lo + CHUNK] = key[np.arange(len(key)), best]
        categories[lo:lo + CHUNK] = category[np.arange(len(key)), best]
    return keys, categories


def values(game: str, holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """High keys, their categories, and low keys (zeros outside hi-lo) of each row."""
    if game.startswith("short-deck"):
        keys, categories = short_deck_high(holes, boards, trips=game == "short-deck-trips")
        return keys, categories, np.zeros(len(holes), dtype=np.int64)
    keys, lows = omaha_values(holes, boards, low=game.endswith("hilo"))
    return keys, keys >> CATEGORY_SHIFT, lows


def test_reference_low_is_the_textbook_low():
    """The bit-set low above against the definition: five distinct ranks 8 or lower, the ace
    low, the one whose cards, highest first, are lower winning."""
    rows = np.random.default_rng(3).choice(np.array(naive.ids("Ac 2d 3h 4s 5c 6d 7h 8s 9c Kd Ah 2s 3c 8d")),
                                           size=(3000, 5))
    rows = rows[[len(set(row)) == 5 for row in rows.tolist()]]

    def textbook(row):
        lows = sorted((1 if c >> 2 == ACE else (c >> 2) + 2 for c in row), reverse=True)
        return tuple(lows) if len(set(lows)) == 5 and lows[0] <= 8 else None

    keys = low_keys(rows.astype(np.uint8))
    lows = [textbook(row) for row in rows.tolist()]
    assert any(lows) and not all(lows)
    for i in range(0, len(rows) - 1):
        a, b = lows[i], lows[i + 1]
        assert (keys[i] == 0) == (a is None)
        if a is not None and b is not None:
            assert np.sign(keys[i] - keys[i + 1]) == (a < b) - (a > b)


# --- the reference outcome of every case -----------------------------------------------------


@dataclass
class Cases:
    """Per case (rows) and player (columns): shares in units of 1/UNIT of a half (high, low) or
    of a pot in units of 1/(2 UNIT), outright high wins, the size of a high tie (0 when not
    tied), the category of the winning high hand and of each player's high hand; and each
    case's weight."""

    high: np.ndarray
    low: np.ndarray
    pot: np.ndarray
    win: np.ndarray
    tied: np.ndarray
    category: np.ndarray
    has_low: np.ndarray
    weight: np.ndarray
    own_category: np.ndarray

    def mean(self, column: np.ndarray, unit: int = 1) -> Fraction:
        if np.all(self.weight == 1):
            return Fraction(int(column.sum()), unit * len(column))
        return Fraction(float((column * self.weight).sum())) / Fraction(float(self.weight.sum())) / unit

    def sd(self, column: np.ndarray, unit: int = 1) -> float:
        share = column / unit
        average = np.average(share, weights=self.weight)
        return float(np.sqrt(np.average((share - average) ** 2, weights=self.weight)))


def outcome(game: str, holes: list[np.ndarray], boards: np.ndarray, weight: np.ndarray) -> Cases:
    """``holes[p]`` (N, h) and ``boards`` (N, 5): the outcome of each of the N deals."""
    high, category, low = zip(*(values(game, hole, boards) for hole in holes), strict=True)
    high, low = np.stack(high, axis=1), np.stack(low, axis=1)
    best = high.max(axis=1, keepdims=True)
    top = high == best
    n_top = top.sum(axis=1, keepdims=True)
    high_share = np.where(top, UNIT // n_top, 0)
    best_low = low.max(axis=1, keepdims=True)
    has_low = best_low[:, 0] > 0
    low_top = (low == best_low) & (best_low > 0)
    low_share = np.where(low_top, UNIT // np.maximum(low_top.sum(axis=1, keepdims=True), 1), 0)
    pot = np.where(has_low[:, None], high_share + low_share, 2 * high_share)
    winner = top.argmax(axis=1)
    own_category = np.stack(category, axis=1)
    won_category = own_category[np.arange(len(boards)), winner]
    return Cases(high_share, low_share, pot, top & (n_top == 1), np.where(top & (n_top > 1), n_top, 0),
                 won_category, has_low, weight, own_category)


def deck_of(game: str) -> list[int]:
    return list(range(16, 52)) if game.startswith("short-deck") else list(range(52))


def remaining_boards(game: str, used: set[int], board: np.ndarray) -> np.ndarray:
    rest = np.array([c for c in deck_of(game) if c not in used], dtype=np.uint8)
    extra = rest[combinations_array(len(rest), 5 - len(board))]
    return np.hstack([np.broadcast_to(board, (len(extra), len(board))), extra])


@functools.cache
def reference(game: str, hands: tuple[str, ...], board: str, dead: str) -> Cases:
    """Every remaining board for fixed hands."""
    holes = [ids(h) for h in hands]
    board_ids = ids(board)
    used = {int(c) for c in np.concatenate([*holes, board_ids, ids(dead)])}
    boards = remaining_boards(game, used, board_ids)
    return outcome(game, [np.broadcast_to(h, (len(boards), len(h))) for h in holes], boards, np.ones(len(boards)))


# --- the spots ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    name: str
    game: str
    hands: tuple[str, ...]
    board: str = ""
    dead: str = ""

    def cases(self) -> Cases:
        return reference(self.game, self.hands, self.board, self.dead)

    def run(self, **options):
        return equity(list(self.hands), board=self.board, dead=self.dead, game=self.game, **options)


SPOTS = [
    Spot("omaha-preflop", "omaha", ("As Ad 2s 3s", "Kh Kd Qh Jd")),
    Spot("omaha-preflop-dead", "omaha", ("Ah Kh Qc Jc", "9s 9d 8s 7d"), dead="2c 3c 4c 5c 6c 7c 8c 9c Tc Kc 2h"),
    Spot("omaha-flop", "omaha", ("Ah Kc 7d 2s", "Qh Jh Ts 9s"), board="2h 5h 8h"),
    Spot("omaha-turn", "omaha", ("As Ks Qd Jd", "Ah Ad 6c 7c"), board="Ts 9s 2d 6h", dead="3c"),
    Spot("omaha-flop-3way", "omaha", ("Ah Kh Qd Jd", "Ts 9s 8c 7c", "As Ad Kc Qc"), board="Th 8h 2s"),
    Spot("omaha-turn-4way", "omaha", ("Ah Kd Qd Jc", "As Kc Qh Js", "9s 9c 8s 7c", "6h 6d 5h 4d"),
         board="Th 8h 2s 3c"),
    Spot("omaha5-flop", "omaha5", ("Ah Kh Qh Jd Td", "9s 9c 8s 7c 6d"), board="Th 9h 2c"),
    Spot("omaha6-flop", "omaha6", ("Ah Kh Qh Jd Td 2c", "9s 9c 8s 7c 6d 5s"), board="Th 9h 2d"),
    Spot("hilo-preflop-dead", "omaha-hilo", ("As Ad 2s 3s", "Kh Kd Qh Jd"),
         dead="Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc 2h 3h 4h"),
    Spot("hilo-flop", "omaha-hilo", ("As 2s Kd Kc", "Ah 3h Qd Qc"), board="4c 7d 9h"),
    Spot("hilo-flop-quartered", "omaha-hilo", ("As 2s Kd Kc", "Ad 2d Qh Qc"), board="5c 6d Js"),
    Spot("hilo-flop-no-low", "omaha-hilo", ("As 2s 3d 4d", "Kh Kd Qh Qs"), board="Kc Qd 9s"),
    Spot("hilo-turn", "omaha-hilo", ("Ac 3c 5d Kd", "2h 4h Qs Js"), board="6c 8d Th Ks"),
    Spot("hilo-turn-no-low", "omaha-hilo", ("As 2s 3d 4d", "Kh Kd Qh Qs"), board="Kc Qd 9s 8h"),
    Spot("hilo-turn-3way", "omaha-hilo", ("As 2s Kd Kc", "Ad 2d Qh Jh", "8c 7c 6s 5s"), board="3h 4d 9s Tc"),
    Spot("hilo-turn-3way-quartered", "omaha-hilo", ("As 2s Kd Kc", "Ad 2d Qh Jh", "Ah 3h 9c 9d"),
         board="4c 5s Ts Jc"),
    Spot("omaha5-hilo-flop", "omaha5-hilo", ("As 2s 3d Kd Kc", "Ah 4h Qd Qc Jc"), board="5c 7d 9h"),
    Spot("short-deck-preflop", "short-deck", ("Ah 9h", "Kc Kd")),
    Spot("short-deck-trips-preflop", "short-deck-trips", ("Ah 9h", "Kc Kd")),
    Spot("short-deck-flop", "short-deck", ("Ah Kh", "Qs Qd"), board="Qh 6h 7c"),
    Spot("short-deck-flop-wheel", "short-deck", ("Ad 9d", "Ts Tc"), board="6s 7h Th"),
    Spot("short-deck-trips-flop-wheel", "short-deck-trips", ("Ad 9d", "Ts Tc"), board="6s 7h Th"),
    Spot("short-deck-flop-3way", "short-deck", ("Ah Kh", "Qs Qd", "9c 8c"), board="Qh 6h 7c"),
]
BY_NAME = {spot.name: spot for spot in SPOTS}


def spot_params(spots):
    return [pytest.param(spot, id=spot.name) for spot in spots]


def check_exact(result, cases: Cases, *, weighted: bool = False) -> None:
    """The result equals the reference: counts exactly, fractions to 1e-12."""
    n_players = cases.high.shape[1]
    assert result.exact
    assert result.total == result.counts.total == len(cases.weight)
    for p in range(n_players):
        assert result.counts.wins[p] == int(cases.win[:, p].sum())
        assert result.counts.ties[p] == int((cases.tied[:, p] > 0).sum())
        sizes = result.counts.ties_by_size[p]
        for n in range(2, 11):
            assert sizes[n] == int((cases.tied[:, p] == n).sum()), (p, n)
        if not weighted:  # in hi-lo the share of the whole pot, else of the (only) high
            hilo = result.game.endswith("hilo")
            expected = (Fraction(int(cases.pot[:, p].sum()), 2 * UNIT) if hilo
                        else Fraction(int(cases.high[:, p].sum()), UNIT))
            assert result.counts.shares[p] == expected
        assert result.equity[p] == pytest.approx(float(cases.mean(cases.pot[:, p], 2 * UNIT)), abs=1e-12)
        assert result.win[p] == pytest.approx(float(cases.mean(cases.win[:, p])), abs=1e-12)
        assert result.tie[p] == pytest.approx(float(cases.mean(cases.tied[:, p] > 0)), abs=1e-12)
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)
    if result.game.endswith("hilo"):
        for p in range(n_players):
            assert result.high[p] == pytest.approx(float(cases.mean(cases.high[:, p], UNIT)), abs=1e-12)
            assert result.low[p] == pytest.approx(float(cases.mean(cases.low[:, p], UNIT)), abs=1e-12)
            assert result.scoop[p] == pytest.approx(float(cases.mean(cases.pot[:, p] == 2 * UNIT)), abs=1e-12)
    else:
        assert result.high == result.low == result.scoop == ()


@pytest.mark.parametrize("spot", spot_params(SPOTS))
def test_exact_equals_enumeration(spot):
    cases = spot.cases()
    result = spot.run(exact=True)
    assert result.game == spot.game
    check_exact(result, cases)


@pytest.mark.parametrize("spot", spot_params(s for s in SPOTS if not s.game.endswith("hilo")))
def test_exact_split_by_winning_category(spot):
    """The equity split by the category of the winning hand, short deck's wheel a straight."""
    cases = spot.cases()
    result = spot.run(exact=True)
    for p in range(cases.high.shape[1]):
        mine = cases.high[:, p] > 0
        expected = {
            Category(c): float(cases.mean(np.where(mine & (cases.category == c), cases.high[:, p], 0), UNIT))
            for c in range(9)
        }
        got = result.equity_by_category[p]
        for c in Category:
            assert got.get(c, 0.0) == pytest.approx(expected[c], abs=1e-12), (p, c)
        wins = cases.win[:, p]
        for c in Category:
            share = (wins & (cases.category == c)).sum() / wins.sum() if wins.sum() else 0.0
            assert result.wins_by_category[p].get(c, 0.0) == pytest.approx(share, abs=1e-12), (p, c)


def test_hilo_split_by_category_adds_up_to_equity():
    """``equity_by_category[p]`` adds up to ``equity[p]`` (EquityResult's contract), the share of
    the whole pot in hi-lo, each case's share under the category of the player's high hand."""
    for name in ("hilo-flop", "hilo-turn-3way-quartered", "omaha5-hilo-flop"):
        cases = BY_NAME[name].cases()
        result = BY_NAME[name].run(exact=True)
        for p, split in enumerate(result.equity_by_category):
            assert sum(split.values()) == pytest.approx(result.equity[p], abs=1e-12), (name, p)
            for c in Category:
                mine = np.where(cases.own_category[:, p] == c, cases.pot[:, p], 0)
                assert split.get(c, 0.0) == pytest.approx(float(cases.mean(mine, 2 * UNIT)), abs=1e-12), (name, p, c)


def test_the_spots_exercise_the_rules():
    """The spots hold what they are named for: ties, quartered lows, boards with no low, the
    short deck's wheel and the two orders of a straight and three of a kind."""
    quartered = BY_NAME["hilo-flop-quartered"].cases()
    split_low = (quartered.low == UNIT // 2).all(axis=1) & quartered.win.any(axis=1)
    assert split_low.sum() > 0  # one player's high with a half of the low: a quarter each
    assert (BY_NAME["hilo-turn-3way-quartered"].cases().low == UNIT // 2).any()
    for name in ("hilo-flop-no-low", "hilo-turn-no-low"):
        assert not BY_NAME[name].cases().has_low.any()
    for name in ("hilo-flop", "hilo-turn", "hilo-turn-3way", "omaha5-hilo-flop", "hilo-preflop-dead"):
        cases = BY_NAME[name].cases()
        assert cases.has_low.any() and not cases.has_low.all()
    assert (BY_NAME["omaha-turn-4way"].cases().tied > 0).any()
    wheel, trips = BY_NAME["short-deck-flop-wheel"].cases(), BY_NAME["short-deck-trips-flop-wheel"].cases()
    assert wheel.mean(wheel.pot[:, 0]) > trips.mean(trips.pot[:, 0])
    assert (wheel.category[wheel.win[:, 0]] == naive.STRAIGHT).any()
    plain, variant = BY_NAME["short-deck-preflop"].cases(), BY_NAME["short-deck-trips-preflop"].cases()
    assert plain.mean(plain.pot[:, 0]) != variant.mean(variant.pot[:, 0])


def test_hilo_no_low_board_gives_the_high_hand_the_pot():
    for name in ("hilo-flop-no-low", "hilo-turn-no-low"):
        result = BY_NAME[name].run(exact=True)
        assert result.low == (0.0, 0.0)
        assert result.equity == pytest.approx(result.high, abs=1e-12)


def test_omaha_preflop_boards():
    assert BY_NAME["omaha-preflop"].run(exact=True).total == math.comb(52 - 8, 5)
    assert BY_NAME["omaha-preflop-dead"].run(exact=True).total == math.comb(52 - 8 - 11, 5)


def test_short_deck_preflop_boards():
    assert BY_NAME["short-deck-preflop"].run(exact=True).total == math.comb(32, 5)


def test_short_deck_exactly_full_deck():
    """Ten hands and eleven dead cards leave the five cards of one board in the 36-card deck."""
    hands = ["Ac Ad", "Ah As", "Kc Kd", "Kh Ks", "Qc Qd", "Qh Qs", "Jc Jd", "Jh Js", "Tc Td", "Th Ts"]
    dead = "9c 9d 9h 9s 8c 8d 8h 8s 7c 7d 7h"
    result = equity(hands, dead=dead, game="short-deck", exact=True)
    assert result.total == 1
    cases = reference("short-deck", tuple(hands), "", dead)
    assert len(cases.weight) == 1
    check_exact(result, cases)


# --- Monte Carlo -----------------------------------------------------------------------------

TRIALS = 40_000
MC_SPOTS = [s for s in SPOTS if s.name != "short-deck-flop-3way"]


@pytest.mark.parametrize("spot", spot_params(MC_SPOTS))
def test_monte_carlo_within_four_standard_errors(spot):
    cases = spot.cases()
    result = spot.run(exact=False, trials=TRIALS, seed=2024)
    assert not result.exact and result.total == TRIALS and result.seed == 2024
    assert result.stderr == max(result.player_stderr)
    n_players = cases.high.shape[1]
    assert sum(result.equity) == pytest.approx(1.0, abs=1e-12)

    def close(got: float, column: np.ndarray, unit: int = 1) -> None:
        exact = float(cases.mean(column, unit))
        error = cases.sd(column, unit) / math.sqrt(TRIALS)
        assert abs(got - exact) <= 4 * error + 1e-12, (got, exact, error)

    for p in range(n_players):
        exact = float(cases.mean(cases.pot[:, p], 2 * UNIT))
        true_error = cases.sd(cases.pot[:, p], 2 * UNIT) / math.sqrt(TRIALS)
        # the reported standard error estimates the true one (its relative error is about 1/sqrt(2 n))
        assert result.player_stderr[p] == pytest.approx(true_error, rel=0.05, abs=1e-12)
        assert abs(result.equity[p] - exact) <= 4 * result.player_stderr[p] + 1e-12
        close(result.win[p], cases.win[:, p])
        close(result.tie[p], cases.tied[:, p] > 0)
        if spot.game.endswith("hilo"):
            close(result.high[p], cases.high[:, p], UNIT)
            close(result.low[p], cases.low[:, p], UNIT)
            close(result.scoop[p], cases.pot[:, p] == 2 * UNIT)


@pytest.mark.parametrize("name", ["omaha-flop-3way", "hilo-turn-3way", "short-deck-preflop", "omaha6-flop"])
def test_monte_carlo_same_seed_same_answer_whatever_the_threads(name):
    spot = BY_NAME[name]
    one = spot.run(exact=False, trials=30_001, seed=99, n_jobs=1)
    two = spot.run(exact=False, trials=30_001, seed=99, n_jobs=2)
    assert one.counts == two.counts
    assert (one.equity, one.high, one.low, one.scoop) == (two.equity, two.high, two.low, two.scoop)
    other = spot.run(exact=False, trials=30_001, seed=100, n_jobs=2)
    assert other.counts != one.counts


# --- Omaha ranges in equity ------------------------------------------------------------------


def hands_with(predicate, hole_cards: int = 4) -> np.ndarray:
    """Every hand (sorted ids) whose rank counts (N, 13) and suit counts (N, 4) pass ``predicate``."""
    hands = combinations_array(52, hole_cards)
    ranks = np.stack([((hands >> 2) == r).sum(axis=1) for r in range(13)], axis=1)
    suits = np.stack([((hands & 3) == s).sum(axis=1) for s in range(4)], axis=1)
    return hands[predicate(ranks, suits)]


def rank(char: str) -> int:
    return naive.RANKS.index(char)


def double_suited(suits: np.ndarray) -> np.ndarray:
    return (suits == 2).sum(axis=1) == 2


def weighted_reference(game: str, parts: list[tuple[np.ndarray, float]], hero: str, board: str,
                       dead: str = "") -> Cases:
    """A weighted range (``parts``: hands and their weight) against a fixed hand, every
    compatible range hand times every remaining board."""
    hero_ids, board_ids, dead_ids = ids(hero), ids(board), ids(dead)
    known = np.zeros(52, dtype=bool)
    known[np.concatenate([hero_ids, board_ids, dead_ids])] = True
    holes, weights = [], []
    for hands, weight in parts:
        keep = ~known[hands].any(axis=1)
        holes.append(hands[keep])
        weights.append(np.full(keep.sum(), weight))
    villain, weight = np.concatenate(holes), np.concatenate(weights)
    rest = np.flatnonzero(~known)
    to_come = 5 - len(board_ids)
    all_boards, all_villains, all_weights = [], [], []
    for hand, w in zip(villain, weight, strict=True):
        free = rest[~np.isin(rest, hand)].astype(np.uint8)
        extra = free[combinations_array(len(free), to_come)]
        all_boards.append(np.hstack([np.broadcast_to(board_ids, (len(extra), len(board_ids))), extra]))
        all_villains.append(np.broadcast_to(hand, (len(extra), len(hand))))
        all_weights.append(np.full(len(extra), w))
    boards = np.concatenate(all_boards)
    return outcome(game, [np.broadcast_to(hero_ids, (len(boards), len(hero_ids))), np.concatenate(all_villains)],
                   boards, np.concatenate(all_weights))


def test_omaha_range_against_a_hand_on_the_turn():
    """A weighted Omaha range (its hands picked by the documented meaning of the notation)
    against a hand, every river, the cases weighted by the range hand's weight."""
    kings = hands_with(lambda r, s: r[:, rank("K")] >= 2)
    queens_ds = hands_with(lambda r, s: (r[:, rank("Q")] == 2) & (r[:, rank("9")] == 1) & (r[:, rank("8")] == 1)
                           & double_suited(s))
    board = "Qh 7c 2d 9s"
    cases = weighted_reference("omaha", [(kings, 0.5), (queens_ds, 1.0)], "As Ad Ks Jd", board)
    villain = Range("KKxx:0.5, QQ98ds", game="omaha")
    result = equity(["As Ad Ks Jd", villain], board=board, game="omaha", exact=True)
    check_exact(result, cases, weighted=True)
    assert result.counts.total == len(cases.weight)


def test_omaha_hilo_range_against_a_hand_on_the_turn():
    wheel_draws = hands_with(lambda r, s: (r[:, rank("A")] >= 1) & (r[:, rank("2")] >= 1) & (r[:, rank("3")] >= 1))
    fours = hands_with(lambda r, s: np.ones(len(r), dtype=bool))
    fours = fours[np.isin(fours, ids("4d 4h")).sum(axis=1) == 2]
    board = "4c 8d Kh 5s"
    cases = weighted_reference("omaha-hilo", [(wheel_draws, 1.0), (fours, 0.25)], "Ac 3c Kd Qd", board,
                               dead="7h")
    players = ["Ac 3c Kd Qd", "A23x, 4d4hxx:0.25"]
    result = equity(players, board=board, dead="7h", game="omaha-hilo", exact=True)
    check_exact(result, cases, weighted=True)
    sampled = equity(players, board=board, dead="7h", game="omaha-hilo", exact=False, trials=TRIALS, seed=8)
    for p in range(2):
        true_error = cases.sd(cases.pot[:, p], 2 * UNIT) / math.sqrt(TRIALS)
        assert sampled.player_stderr[p] == pytest.approx(true_error, rel=0.05)
        assert abs(sampled.equity[p] - float(cases.mean(cases.pot[:, p], 2 * UNIT))) <= 4 * sampled.player_stderr[p]
        low_error = cases.sd(cases.low[:, p], UNIT) / math.sqrt(TRIALS)
        assert abs(sampled.low[p] - float(cases.mean(cases.low[:, p], UNIT))) <= 4 * low_error


def test_omaha_range_monte_carlo_within_four_standard_errors():
    queens = hands_with(lambda r, s: r[:, rank("Q")] >= 2)
    board = "Qh 7c 2d 9s"
    cases = weighted_reference("omaha", [(queens, 1.0)], "As Ad Ks Jd", board)
    result = equity(["As Ad Ks Jd", "QQxx"], board=board, game="omaha", exact=False, trials=TRIALS, seed=5)
    exact = float(cases.mean(cases.pot[:, 0], 2 * UNIT))
    true_error = cases.sd(cases.pot[:, 0], 2 * UNIT) / math.sqrt(TRIALS)
    assert result.player_stderr[0] == pytest.approx(true_error, rel=0.05)
    assert abs(result.equity[0] - exact) <= 4 * result.player_stderr[0]


def test_omaha_range_loses_the_hands_that_meet_dead_cards():
    empty = "As Ad Ks Kd"
    with pytest.raises(EmptyRangeError, match="AsAdxx"):
        equity([empty, "Qh Qd Jh Jd", "AsAdxx"], game="omaha")
    with pytest.raises(EmptyRangeError, match="AhAcxx"):
        equity(["Qh Qd Jh Jd", "AhAcxx"], board="Ac 7d 2s", game="omaha")
    with pytest.raises(EmptyRangeError, match="AhAcxx"):
        equity(["Qh Qd Jh Jd", "AhAcxx"], dead="Ah", game="omaha")


# --- errors ----------------------------------------------------------------------------------


def test_too_many_players_for_the_short_deck():
    hands = ["Ac Ad", "Ah As", "Kc Kd", "Kh Ks", "Qc Qd", "Qh Qs", "Jc Jd", "Jh Js", "Tc Td", "Th Ts"]
    dead = "9c 9d 9h 9s 8c 8d 8h 8s 7c 7d 7h 7s"
    with pytest.raises(HandSizeError, match="36") as error:
        equity(hands, dead=dead, game="short-deck")
    assert "37" in str(error.value)
    assert equity(hands, dead=dead, exact=True).total == math.comb(52 - 32, 5)  # hold'em's deck has room
    with pytest.raises(HandSizeError, match="36"):
        equity(["random"] * 10, dead=dead, game="short-deck-trips", exact=False, trials=10)


def test_too_many_players_for_omaha():
    cards = [f"{r}{s}" for r in "AKQJT98765432" for s in "shdc"]
    omaha5 = [" ".join(cards[5 * i:5 * i + 5]) for i in range(10)]
    with pytest.raises(HandSizeError, match="55 cards; the deck holds 52"):
        equity(omaha5, game="omaha5")
    omaha4 = [" ".join(cards[4 * i:4 * i + 4]) for i in range(10)]
    with pytest.raises(HandSizeError, match="52"):
        equity(omaha4, dead=" ".join(cards[40:48]), game="omaha")
    with pytest.raises(PlayerCountError, match="11"):
        equity(omaha4 + ["2c 2d 2h 2s"], game="omaha")


@pytest.mark.parametrize(("game", "other", "hand", "count"), [
    ("omaha", "Kh Kd Qh Jd", "As Ad Ks", 3),
    ("omaha", "Kh Kd Qh Jd", "As Ad Ks Kc Qs", 5),
    ("omaha", "Kh Kd Qh Jd", "As Ad", 2),
    ("omaha5", "Kh Kd Qh Jd Tc", "As Ad Ks Kc", 4),
    ("omaha6", "Kh Kd Qh Jd Tc 9c", "As Ad Ks Kc Qs", 5),
    ("omaha-hilo", "Kh Kd Qh Jd", "As 2d 3s 4d 5c", 5),
])
def test_omaha_wrong_number_of_hole_cards(game, other, hand, count):
    holes = len(other.split())
    with pytest.raises(HandSizeError) as error:
        equity([other, hand], game=game)
    message = str(error.value)
    assert "player 2" in message and f"{holes} hole cards" in message and f"got {count}" in message


def test_omaha_hand_in_holdem_and_holdem_range_in_omaha():
    with pytest.raises(HandSizeError, match="two cards, got 4"):
        equity(["As Ad Ks Kd", "Qh Qd"])
    with pytest.raises(GameError, match="2-card"):
        equity(["As Ad Ks Kd", Range("QQ+")], game="omaha")
    with pytest.raises(GameError, match="6-card"):
        equity(["As Ad Ks Kd", Range("QhQdJhJdThTd", game="omaha6")], game="omaha")


@pytest.mark.parametrize(("where", "kwargs"), [
    ("of player 1", {"players": ["4h Ah", "Kc Kd"]}),
    ("on the board", {"players": ["Ah Ad", "Kc Kd"], "board": "Qh 7c 4d"}),
    ("among the dead cards", {"players": ["Ah Ad", "Kc Kd"], "dead": "5s"}),
])
def test_a_low_card_in_short_deck(where, kwargs):
    with pytest.raises(GameError, match="short deck") as error:
        equity(game="short-deck", **kwargs)
    assert where in str(error.value)
    card = "4h" if "player" in where else ("4d" if "board" in where else "5s")
    assert f"card {card}" in str(error.value)


@pytest.mark.parametrize("game", ["holdem", "short-deck"])
def test_omaha_range_in_a_two_card_game(game):
    with pytest.raises(GameError, match="4-card"):
        equity(["Kh Kd", Range("AAKKds", game="omaha")], board="Tc 7d 9h", game=game)


def test_a_range_with_no_short_deck_hand_names_the_short_deck():
    with pytest.raises((GameError, EmptyRangeError), match="short deck"):
        equity(["Ah Ad", "44"], game="short-deck")


def test_duplicate_card_across_omaha_hands():
    with pytest.raises(DuplicateCardError, match="As"):
        equity(["As Ad Ks Kd", "As Qh Qd Jc"], game="omaha")


def test_progress_cancel_and_time_limit_in_the_games(monkeypatch):
    """An exact count reports its progress (here after each of 9 pieces) and stops when the
    callback says so; Monte Carlo stops at its time limit; the same rules as hold'em."""
    from showdown.odds import exact

    monkeypatch.setattr(exact, "paced", lambda n_items, first_size, unit=1: [
        slice(n_items * k // 9, n_items * (k + 1) // 9) for k in range(9)])
    seen = []
    result = equity(["As Ad 2s 3s", "KKxx"], "4c 7h 9d", game="omaha-hilo", exact=True,
                    progress=lambda r: seen.append((r.total, r.planned)))
    assert result.exact and result.total == result.planned and len(seen) >= 5
    assert all(0 < done < planned == result.total for done, planned in seen[:-1])
    assert seen[-1] == (result.total, result.total)  # the last piece is reported too
    assert result.to_dict() == {**equity(["As Ad 2s 3s", "KKxx"], "4c 7h 9d", game="omaha-hilo").to_dict(),
                                "elapsed": result.elapsed}
    with pytest.raises(EquityCancelled, match="stopped by the progress callback"):
        equity(["As Ad 2s 3s", "KKxx"], "4c 7h 9d", game="omaha-hilo", exact=True, progress=lambda r: False)
    timed = equity(["random", "random", "random"], game="omaha", time_limit=0.2, seed=1)
    assert not timed.exact and timed.stopped_by == "time_limit" and timed.total > 0


# --- hold'em's measured kernels against every game's -----------------------------------------
# showdown._kernels.equity keeps copies of the shared dealing and scoring inside its loops (a
# shared helper cost speed there); every game's kernels, given hold'em, count every case alike.

@pytest.mark.parametrize("players, board", [
    (["AcAd", "KhKs"], "2c 7d 9h"),
    (["QQ+,AKs", "random"], "Ks 7h 2d 3c"),
    (["AA,KK:0.5", "QQ", "JTs"], "2c 7d 9h 3s"),
    (["AsKs", "TT+,A9s+:0.3", "T9s", "KQs"], "Kd 7h 2d"),
    # four players, one of them random (every game's kernel enumerates its hands: seconds on a turn)
    pytest.param(["AsKs", "22+,A2s+:0.3", "T9s", "random"], "Kd 7h 2d 5c", marks=pytest.mark.slow),
    (["KK", "AA"], "Ah Ad 2c 7c"),  # ties and every category on the way
])
def test_holdem_kernels_count_as_every_games_kernels(monkeypatch, players, board):
    import time

    from showdown.odds import exact
    from showdown.odds.inputs import prepare

    question = prepare(players, board)
    own = exact.by_boards(question, 1, None, time.perf_counter()).to_dict()
    monkeypatch.setattr(exact, "_holdem_pieces", exact._game_pieces)
    shared = exact.by_boards(question, 1, None, time.perf_counter()).to_dict()
    for answer in (own, shared):
        answer.pop("elapsed")
    assert own == shared


@pytest.mark.parametrize("players, board", [
    (["AsAh", "random", "random"], "Kd 7c 2s 9h"),
    (["QQ+,AK:0.5,AQs:0.3", "random"], ""),
])
def test_holdem_monte_carlo_agrees_with_every_games_kernel(players, board):
    """The same spot dealt by hold'em's kernel (whole-deck players, a shuffle) and by every
    game's (combos drawn, cards drawn from the deck): each within 4.5 standard errors of exact."""
    from showdown.odds import montecarlo
    from showdown.odds.inputs import prepare
    from showdown.parallel.streams import chunk_seeds

    question = prepare(players, board)
    exact_equity = np.array(equity(players, board=board, exact=True).equity)
    holdem = equity(players, board=board, exact=False, trials=200_000, seed=11)
    known_board = np.array([c.id for c in question.board], dtype=np.uint8)
    keep, alias = montecarlo.pick_tables(question.weights, question.sizes)
    seeds = chunk_seeds(11, 0, 64)
    counts, done, failed = montecarlo.sample_chunks((
        question.combos, question.sizes, keep, alias, np.uint64(sum(1 << c.id for c in question.board)),
        (known_board, question.game.rules), question.to_come, np.full(64, 200_000 // 64, dtype=np.int64), seeds, 1))
    assert not failed and done == 200_000
    ties = counts[:, TIE_SHARE_CATEGORY:TIE_SHARE_CATEGORY + N_CATEGORIES].sum(axis=1)
    shares = (counts[:, WIN] * TIE_SHARE_UNIT + ties) / (TIE_SHARE_UNIT * done)
    for equities, spread in ((np.array(holdem.equity), np.array(holdem.player_stderr)),
                             (shares, np.sqrt(shares * (1 - shares) / done))):
        assert (np.abs(equities - exact_equity) <= 4.5 * spread + 1e-12).all(), (equities, exact_equity)
