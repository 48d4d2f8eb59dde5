"""The measured copies of the shared kernel helpers count exactly as the helpers do.

Dealing every player's combo (:func:`showdown._kernels.dealing._deal_combos`) and scoring a
deal (:func:`showdown._kernels.scoring._count`) are written once, but the three Monte Carlo
kernels keep copies of them inside their loops: calling the helper there cost 1.5 to 1.7 times
the time per deal (measured on one thread: hold'em ranges, short deck, the board study). Each
reference kernel below is the kernel it checks with the copies replaced by the helpers; given
the same seeds, the two must deal the same cards and give the same counts, bit for bit.
"""

from __future__ import annotations

import numpy as np
import pytest

from showdown._kernels import equity as holdem_kernels
from showdown._kernels import game_odds, kernel
from showdown._kernels import study as study_kernels
from showdown._kernels.dealing import _deal_at, _deal_combos, _draw, _rest_of_deck, _splitmix
from showdown._kernels.equity import _board_key
from showdown._kernels.evaluator import CARD_BITS, CARD_KEYS, _hand_value
from showdown._kernels.games import OMAHA_HIGH_5, _value
from showdown._kernels.scoring import _best, _count
from showdown.odds.inputs import prepare
from showdown.odds.montecarlo import MAX_ATTEMPTS, pick_tables, rest_of_deck, whole_deck_players
from showdown.parallel.streams import chunk_seeds
from showdown.tables.layout import N_COUNTS

_ONE = np.uint64(1)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
CHUNKS = 4
DEALS = 5_000  # per chunk


@kernel()
def _holdem_reference(combos, sizes, keep, alias, from_deck, deck, known_used, board_key, board_bits, to_come,
                      n_deals, seed, max_attempts, counts):
    """Hold'em's Monte Carlo kernel, one chunk, dealing with ``_deal_combos`` and scoring with
    ``_count``; the deals done (-1 when the ranges did not fit)."""
    n_players = combos.shape[0]
    n_draws = to_come
    for p in range(n_players):
        n_draws += 2 * from_deck[p]
    drawn_sizes = np.zeros(n_players, dtype=np.int64)
    fixed_used = known_used
    for p in range(n_players):
        if from_deck[p]:
            continue
        if sizes[p] > 1:
            drawn_sizes[p] = sizes[p]
            continue
        fixed_used |= (_ONE << np.uint64(combos[p, 0, 0])) | (_ONE << np.uint64(combos[p, 0, 1]))
    picking = drawn_sizes.sum() > 0
    n_rest = 0
    for card in deck:
        if not (fixed_used >> np.uint64(card)) & _ONE:
            n_rest += 1
    rest = np.empty(n_rest, dtype=np.uint8)
    _rest_of_deck(deck, fixed_used, rest)
    picked = np.zeros(n_players, dtype=np.int64)
    hole_keys = np.zeros(n_players, dtype=np.uint64)
    hole_bits = np.zeros(n_players, dtype=np.uint64)
    values = np.zeros(n_players, dtype=np.int64)
    unweighted = np.zeros((1, 1), dtype=np.float64)
    state = seed
    for _ in range(n_deals):
        used = fixed_used
        if picking:
            state, used, fits = _deal_combos(state, combos, drawn_sizes, keep, alias, fixed_used, max_attempts,
                                             picked)
            if not fits:
                return -1
        for p in range(n_players):
            if not from_deck[p]:
                j = picked[p] if drawn_sizes[p] else 0
                hole_keys[p] = CARD_KEYS[combos[p, j, 0]] + CARD_KEYS[combos[p, j, 1]]
                hole_bits[p] = CARD_BITS[combos[p, j, 0]] | CARD_BITS[combos[p, j, 1]]
        position = 0
        if picking:
            while position < n_draws:
                state, z = _splitmix(state)
                card = _deal_at(rest, position, z >> _S32)
                if (used >> np.uint64(card)) & _ONE:
                    continue
                used |= _ONE << np.uint64(card)
                position += 1
        else:
            while position + 1 < n_draws:
                state, z = _splitmix(state)
                _deal_at(rest, position, z >> _S32)
                _deal_at(rest, position + 1, z & _LOW32)
                position += 2
            if position < n_draws:
                state, z = _splitmix(state)
                _deal_at(rest, position, z >> _S32)
        drawn = 0
        for p in range(n_players):
            if from_deck[p]:
                hole_keys[p] = CARD_KEYS[rest[drawn]] + CARD_KEYS[rest[drawn + 1]]
                hole_bits[p] = CARD_BITS[rest[drawn]] | CARD_BITS[rest[drawn + 1]]
                drawn += 2
        board = board_key
        board_bit = board_bits
        for d in range(drawn, n_draws):
            board += CARD_KEYS[rest[d]]
            board_bit |= CARD_BITS[rest[d]]
        for p in range(n_players):
            values[p] = _hand_value(board + hole_keys[p], board_bit | hole_bits[p])
        _count(n_players, False, values, values, counts, unweighted, 1.0, False)
    return n_deals


@kernel()
def _game_reference(combos, sizes, keep, alias, known_used, known_board, to_come, n_deals, seed, max_attempts, game,
                    high_5, counts):
    """Every game's Monte Carlo kernel, one chunk, dealing with ``_deal_combos``; the deals done
    (-1 when the ranges did not fit)."""
    n_players = combos.shape[0]
    n_hole = combos.shape[2]
    n_pairs = n_hole * (n_hole - 1) // 2
    n_known = 5 - to_come
    lowest = np.uint64(game.lowest_card)
    values = np.zeros(n_players, dtype=np.int64)
    lows = np.zeros(n_players, dtype=np.int64)
    pairs = np.zeros((n_players, game_odds.MAX_PAIRS), dtype=np.int64)
    low_pairs = np.zeros((n_players, game_odds.MAX_PAIRS), dtype=np.int64)
    hole_keys = np.zeros(n_players, dtype=np.uint64)
    hole_bits = np.zeros(n_players, dtype=np.uint64)
    board = np.zeros(5, dtype=np.uint8)
    board[:n_known] = known_board[:n_known]
    dealt = np.zeros((n_players, 1, n_hole), dtype=np.uint8)
    unweighted = np.zeros((1, 1), dtype=np.float64)
    picked = np.zeros(n_players, dtype=np.int64)
    state = seed
    for _ in range(n_deals):
        state, used, fits = _deal_combos(state, combos, sizes, keep, alias, known_used, max_attempts, picked)
        if not fits:
            return -1
        for p in range(n_players):
            if sizes[p] == 0:
                for a in range(n_hole):
                    state, card = _draw(state, used, lowest, game.deck_size)
                    used |= _ONE << card
                    dealt[p, 0, a] = card
                game_odds._hold(dealt, p, 0, n_hole, pairs, low_pairs, hole_keys, hole_bits)
            else:
                game_odds._hold(combos, p, picked[p], n_hole, pairs, low_pairs, hole_keys, hole_bits)
        for t in range(n_known, 5):
            state, card = _draw(state, used, lowest, game.deck_size)
            used |= _ONE << card
            board[t] = card
        game_odds._values(board, n_players, n_pairs, game, pairs, low_pairs, hole_keys, hole_bits, values, lows,
                          high_5)
        _count(n_players, game.low, values, lows, counts, unweighted, 1.0, False)
    return n_deals


@kernel()
def _study_reference(combos, sizes, keep, alias, known_used, board, to_come, n_deals, seed, max_attempts, game,
                     dealt, share, square):
    """The board study's Monte Carlo kernel, one chunk, dealing with ``_deal_combos``; the deals
    done (-1 when the ranges did not fit)."""
    lowest = np.uint64(game.lowest_card)
    n_players = combos.shape[0]
    board_key, board_bits = _board_key(board)
    values = np.zeros(n_players, dtype=np.int64)
    picked = np.zeros(n_players, dtype=np.int64)
    state = seed
    for _ in range(n_deals):
        state, used, fits = _deal_combos(state, combos, sizes, keep, alias, known_used, max_attempts, picked)
        if not fits:
            return -1
        key = board_key
        bits = board_bits
        for _ in range(to_come):
            state, card = _draw(state, used, lowest, game.deck_size)
            used |= _ONE << card
            key += CARD_KEYS[card]
            bits |= CARD_BITS[card]
        for p in range(n_players):
            c0 = combos[p, picked[p], 0]
            c1 = combos[p, picked[p], 1]
            values[p] = _value(key + CARD_KEYS[c0] + CARD_KEYS[c1], bits | CARD_BITS[c0] | CARD_BITS[c1], game)
        best, tied, _winner = _best(values, n_players)
        result = 1.0 / tied if values[0] == best else 0.0
        dealt[picked[0]] += 1
        share[picked[0]] += result
        square[picked[0]] += result * result
    return n_deals


def _setting(players, board, game="holdem"):
    question = prepare(players, board, game=game)
    keep, alias = pick_tables(question.weights, question.sizes)
    known_used = np.uint64(sum(1 << c.id for c in (*question.board, *question.dead)))
    known_board = np.zeros(5, dtype=np.uint8)
    known_board[:len(question.board)] = [c.id for c in question.board]
    return question, keep, alias, known_used, known_board


HOLDEM_SPOTS = [
    (["QQ+,AK", "random"], ""),  # a range against a whole-deck player
    (["AsKs", "22+,A2s+:0.3", "T9s", "random"], "Kd 7h 2d"),  # weights, an exact hand, four players
    (["AA,KK:0.5", "QQ", "JTs"], "2c 7d 9h 3s"),  # ranges only, one card to come
    (["AcAd", "random", "random"], "2c 7d 9h"),  # no range drawn: two cards from each output
]


@pytest.mark.parametrize("players, board", HOLDEM_SPOTS)
def test_holdem_monte_carlo_deals_and_counts_as_the_shared_helpers(players, board):
    question, keep, alias, known_used, _ = _setting(players, board)
    board_key, board_bits = _board_key(np.array([c.id for c in question.board], dtype=np.uint8))
    from_deck, deck = whole_deck_players(question), rest_of_deck(question)
    seeds = chunk_seeds(7, 0, CHUNKS)
    counts = np.zeros((CHUNKS, len(players), N_COUNTS), dtype=np.int64)
    totals, failed = np.zeros(CHUNKS, dtype=np.int64), np.zeros(CHUNKS, dtype=np.bool_)
    holdem_kernels._monte_carlo(question.combos, question.sizes, keep, alias, from_deck, deck, known_used, board_key,
                                board_bits, question.to_come, np.full(CHUNKS, DEALS, dtype=np.int64), seeds,
                                MAX_ATTEMPTS, counts, totals, failed, 0, CHUNKS)
    assert not failed.any() and (totals == DEALS).all()
    for chunk in range(CHUNKS):
        reference = np.zeros((len(players), N_COUNTS), dtype=np.int64)
        assert _holdem_reference(question.combos, question.sizes, keep, alias, from_deck, deck, known_used, board_key,
                                 board_bits, question.to_come, DEALS, seeds[chunk], MAX_ATTEMPTS, reference) == DEALS
        np.testing.assert_array_equal(counts[chunk], reference)


GAME_SPOTS = [
    (["QQ+,AK:0.5", "random"], "", "short-deck"),
    (["AA,KK", "QQ", "random"], "7c 8d 9h", "short-deck"),
    (["AcAd2c3c", "KKxx", "random"], "", "omaha-hilo"),
    (["AAxx", "random", "random"], "2d 7d 9h Ts", "omaha"),
    (["AsKs", "22+,A2s+:0.3", "random"], "Kd 7h 2d", "holdem"),
]


@pytest.mark.parametrize("players, board, game", GAME_SPOTS)
def test_every_games_monte_carlo_deals_and_counts_as_the_shared_helpers(players, board, game):
    question, keep, alias, known_used, known_board = _setting(players, board, game)
    seeds = chunk_seeds(7, 0, CHUNKS)
    counts = np.zeros((CHUNKS, len(players), N_COUNTS), dtype=np.int64)
    totals, failed = np.zeros(CHUNKS, dtype=np.int64), np.zeros(CHUNKS, dtype=np.bool_)
    game_odds._monte_carlo(question.combos, question.sizes, keep, alias, known_used, known_board, question.to_come,
                           np.full(CHUNKS, DEALS, dtype=np.int64), seeds, MAX_ATTEMPTS, question.game.rules,
                           OMAHA_HIGH_5, counts, totals, failed, 0, CHUNKS)
    assert not failed.any() and (totals == DEALS).all()
    for chunk in range(CHUNKS):
        reference = np.zeros((len(players), N_COUNTS), dtype=np.int64)
        assert _game_reference(question.combos, question.sizes, keep, alias, known_used, known_board,
                               question.to_come, DEALS, seeds[chunk], MAX_ATTEMPTS, question.game.rules,
                               OMAHA_HIGH_5, reference) == DEALS
        np.testing.assert_array_equal(counts[chunk], reference)


STUDY_SPOTS = [
    (["AA,KK,AKs", "QQ+", "JJ-99"], "Ks 7h 6d", "holdem"),
    (["random", "AKs,TT:0.4"], "Ks 7h 6d 2c", "holdem"),
    (["AA,KK,AKs", "random"], "9s 8h 6d", "short-deck"),
]


@pytest.mark.parametrize("players, board, game", STUDY_SPOTS)
def test_study_monte_carlo_deals_and_counts_as_the_shared_helpers(players, board, game):
    question, keep, alias, known_used, _ = _setting(players, board, game)
    board_cards = np.array([c.id for c in question.board], dtype=np.uint8)
    n_hero = int(question.sizes[0])
    seeds = chunk_seeds(7, 0, CHUNKS)
    dealt = np.zeros((CHUNKS, n_hero), dtype=np.int64)
    share, square = np.zeros((CHUNKS, n_hero)), np.zeros((CHUNKS, n_hero))
    failed = np.zeros(CHUNKS, dtype=np.bool_)
    study_kernels._sampled(question.combos, question.sizes, keep, alias, known_used, board_cards, question.to_come,
                           np.full(CHUNKS, DEALS, dtype=np.int64), seeds, MAX_ATTEMPTS, question.game.rules, dealt,
                           share, square, failed, 0, CHUNKS)
    assert not failed.any() and (dealt.sum(axis=1) == DEALS).all()
    for chunk in range(CHUNKS):
        mine = np.zeros(n_hero, dtype=np.int64), np.zeros(n_hero), np.zeros(n_hero)
        assert _study_reference(question.combos, question.sizes, keep, alias, known_used, board_cards,
                                question.to_come, DEALS, seeds[chunk], MAX_ATTEMPTS, question.game.rules,
                                *mine) == DEALS
        for kernel_row, reference_row in zip((dealt[chunk], share[chunk], square[chunk]), mine, strict=True):
            np.testing.assert_array_equal(kernel_row, reference_row)


@kernel()
def _score_both(values, counts, found):
    """Each row of ``values`` scored by ``_count`` (into ``counts[row]``) and by ``_best`` (the
    best value, how many have it and the first of them, into ``found[row]``)."""
    unweighted = np.zeros((1, 1), dtype=np.float64)
    for row in range(values.shape[0]):
        n_players = values.shape[1]
        _count(n_players, False, values[row], values[row], counts[row], unweighted, 1.0, False)
        best, tied, winner = _best(values[row], n_players)
        found[row, 0] = best
        found[row, 1] = tied
        found[row, 2] = winner


def test_count_finds_the_best_as_best_does():
    """``_count`` keeps its own copy of ``_best``'s loop: on rows with many ties both find the
    same best value and the same players."""
    from showdown.tables.layout import CATEGORY_SHIFT, TIE, TIE_SHARE_CATEGORY, TIE_SHARE_UNIT, TIED, WIN, WIN_CATEGORY

    rng = np.random.default_rng(3)
    values = (rng.integers(0, 4, size=(5_000, 6)) << CATEGORY_SHIFT) + rng.integers(0, 3, size=(5_000, 6))
    counts = np.zeros((len(values), 6, N_COUNTS), dtype=np.int64)
    found = np.zeros((len(values), 3), dtype=np.int64)
    _score_both(values, counts, found)
    best, tied, winner = found.T
    assert (best == values.max(axis=1)).all() and (tied == (values == best[:, None]).sum(axis=1)).all()
    assert (winner == np.argmax(values == best[:, None], axis=1)).all()
    alone = tied == 1
    rows = np.arange(len(values))
    assert (counts[rows[alone], winner[alone], WIN] == 1).all() and counts[:, :, WIN].sum() == alone.sum()
    assert (counts[rows[alone], winner[alone], WIN_CATEGORY + (best[alone] >> CATEGORY_SHIFT)] == 1).all()
    at_best = values == best[:, None]
    shared = ~alone[:, None] & at_best
    assert (counts[:, :, TIE] == shared).all()
    assert (counts[shared, TIED + np.broadcast_to(tied[:, None], shared.shape)[shared]] == 1).all()
    tied_of, category_of = (np.broadcast_to(column[:, None], shared.shape)[shared]
                            for column in (tied, best >> CATEGORY_SHIFT))
    assert shared.sum() > 1000
    assert (counts[shared, TIE_SHARE_CATEGORY + category_of] == TIE_SHARE_UNIT // tied_of).all()
