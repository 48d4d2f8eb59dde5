"""Adding a game is one entry in showdown.games: variants built from GAMES as a new entry would be
written (each game under another name, and six-card Omaha hi-lo, which no entry has) go through
every capability, and give the answers of the game they copy (or, for the new one, of the games
whose rules it combines)."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from showdown import (
    GAMES,
    Game,
    GameError,
    Seat,
    breakdown,
    combo_equities,
    deal_showdown,
    equity,
    evaluate,
    evaluate_low,
    evaluate_many,
    next_card,
    odds_grid,
    plan,
    settle,
    showdown,
)
from showdown.evaluation import evaluate_many_low
from showdown.tables.layout import GameRules

COPIES = [dataclasses.replace(game, name=f"{game.name}-copy", title=f"{game.title} (copy)") for game in GAMES.values()]
"""Every game as a new entry with another name."""
OMAHA6_HILO = Game("omaha6-hilo", "Six-card Omaha hi-lo (eight or better)", 6, omaha=True, low=True)
"""A game no entry has: six-card Omaha's high half with the eight-or-better low."""


def spot(game: Game) -> dict[str, Any]:
    """Hands and boards of the game's deck and hole size."""
    deck = [str(card) for card in game.deck][::-1]  # aces first
    hole = game.hole_cards
    return {"hero": " ".join(deck[0:hole]), "villain": " ".join(deck[hole + 3:2 * hole + 3]),
            "flop": " ".join(deck[-1:-4:-1]), "turn": " ".join([*deck[-1:-4:-1], deck[2 * hole + 4]]),
            "river": " ".join([*deck[-1:-4:-1], deck[2 * hole + 4], deck[2 * hole + 8]])}


def as_played(answer: Any, game: Game) -> Any:
    """An answer with the times taken out and the game's name checked and taken out (the copy's
    name differs from its original's)."""
    if isinstance(answer, list):
        return [as_played(value, game) for value in answer]
    if not isinstance(answer, dict):
        return answer
    assert answer.get("game", game.name) == game.name, answer["game"]
    return {key: as_played(value, game) for key, value in answer.items() if key not in ("game", "elapsed")}


@pytest.mark.parametrize("copy", COPIES, ids=[copy.name for copy in COPIES])
def test_a_copied_entry_answers_as_its_game_everywhere(copy):
    original = GAMES[copy.name.removesuffix("-copy")]
    assert copy.rules == original.rules and copy != original
    cards = spot(copy)

    def both(call):
        return [as_played(call(game), game) for game in (original, copy)]

    board = cards["river"]
    first, second = both(lambda game: evaluate(cards["hero"], board, game=game).to_dict())
    assert first == second
    rows = np.array([[card.id for card in copy.deck[-(copy.hole_cards + 5):]]], dtype=np.uint8)
    first, second = both(lambda game: evaluate_many(rows, game=game).tolist())
    assert first == second
    if copy.low:
        first, second = both(lambda game: (str(evaluate_low(cards["hero"], board, game=game)),
                                           evaluate_many_low(rows, game=game).tolist()))
        assert first == second
    first, second = both(lambda game: (
        showdown({"hero": cards["hero"], "villain": cards["villain"]}, board, game=game).to_dict()))
    assert first == second
    first, second = both(lambda game: (settle(
        [Seat("hero", 30, cards["hero"]), Seat("villain", 50, cards["villain"])], board, game=game).to_dict()))
    assert first == second
    first, second = both(lambda game: (deal_showdown(3, seed=5, game=game).to_dict()))
    assert first == second
    players = [cards["hero"], cards["villain"]]
    for street in ("flop", "turn"):
        first, second = both(lambda game, street=street: (
            plan(players, cards[street], game=game).to_dict()))
        assert first == second
    first, second = both(lambda game: (equity(players, cards["turn"], exact=True, game=game).to_dict()))
    assert first == second
    ranged = [cards["hero"], "random"] if copy.hole_cards < 6 else players
    first, second = both(lambda game: (
        equity(ranged, cards["flop"], exact=False, trials=3_000, seed=3, game=game).to_dict()))
    assert first == second
    first, second = both(lambda game: (
        odds_grid(cards["hero"], cards["flop"], exact=False, trials=2_000, seed=4, game=game).to_dict()))
    assert first == second
    if copy.hole_cards == 2:  # the board study: two hole cards
        first, second = both(lambda game: (breakdown("random", cards["flop"], game=game).to_dict()))
        assert first == second
        first, second = both(lambda game: (
            combo_equities(cards["hero"], "random", cards["turn"], game=game).to_dict()))
        assert first == second
        first, second = both(lambda game: (next_card(cards["hero"], "random", cards["flop"],
                                                                 game=game).to_dict()))
        assert first == second


def test_a_new_combination_is_one_entry():
    """Six-card Omaha hi-lo: its high half is six-card Omaha's, its low half the eight-or-better
    low of six hole cards, exactly, with nothing but the entry."""
    game, high_game = OMAHA6_HILO, GAMES["omaha6"]
    assert game.rules == GameRules(high_game.rules.evaluator, 0, 1, 6, 0, 52)
    hero, villain = "Ah 2h 3c Kd Qs 9s", "2d 4d 5c Jh Jc Ts"
    board = "6h 7h 8c Kc Qd"
    assert evaluate(hero, board, game=game).value == evaluate(hero, board, game=high_game).value
    assert str(evaluate_low(hero, board, game=game)) == "8-7-6-2-A low"
    answer = showdown({"hero": hero, "villain": villain}, board, game=game)  # the villain's straight, the hero's low
    assert answer.winners == ("villain",) and answer.to_dict()["low_winners"] == ["hero"]
    result = equity([hero, villain], "6h 7h 8c Kc", exact=True, game=game)
    high = equity([hero, villain], "6h 7h 8c Kc", exact=True, game=high_game)
    assert result.high == high.equity and result.total == high.total
    sampled = equity([hero, villain], "6h 7h 8c", exact=False, trials=20_000, seed=2, game=game)
    exact = equity([hero, villain], "6h 7h 8c", exact=True, game=game)
    assert all(abs(a - b) <= 4.5 * s for a, b, s in zip(sampled.equity, exact.equity, sampled.player_stderr,
                                                        strict=True))
    settled = settle([Seat("hero", 40, hero), Seat("villain", 40, villain)], board, game=game)
    assert settled.payouts == {"hero": 40, "villain": 40}


@pytest.mark.parametrize("fields, problem", [
    ({"hole_cards": 2, "low": True}, "low half is played in Omaha games only"),
    ({"hole_cards": 4, "omaha": True, "short_deck": True}, "Omaha is played with the whole deck"),
    ({"hole_cards": 2, "trips_over_straight": True}, "trips_over_straight is a short deck ranking"),
    ({"hole_cards": 7, "omaha": True}, "4 to 6 hole cards"),
    ({"hole_cards": 3}, "2 hole cards"),
])
def test_a_mix_the_kernels_do_not_have_is_refused_by_name(fields, problem):
    with pytest.raises(GameError, match=problem) as error:
        Game("holdem-hilo", "Hold'em hi-lo", **fields)
    assert "'holdem-hilo'" in str(error.value)


@pytest.mark.parametrize("name", list(GAMES))
def test_places_and_category_numbers_round_trip_and_refuse_what_is_no_category(name):
    game = GAMES[name]
    for category in range(len(game.places)):
        value = (game.place(category) << 12) | 7
        assert game.category_number(value) == category
    top = len(game.places) << 12
    whole = "must be a whole number"
    for bad, message in ((-1, "must be at least 0"), (top, f"must be at most {top - 1:,}"), ("5", whole),
                         (True, whole), (5.0, whole)):
        with pytest.raises(GameError, match=f"a hand value {message}"):
            game.category_number(bad)
    for bad, message in ((-1, "must be at least 0"), (len(game.places), "must be at most"), ("flush", whole)):
        with pytest.raises(GameError, match=f"a category {message}"):
            game.place(bad)
