"""``"game"`` in the JSON API: evaluate, showdown, settle, equity, plan, grid and equity jobs in
Omaha, Omaha hi-lo and short deck, and the 4xx answers to an unknown game, a card outside the
short deck and a wrong number of Omaha hole cards. Answers must equal the library's
``to_dict()``; the poker in them is checked again against the brute force of ``naive_games``."""

from __future__ import annotations

import itertools
import re
import time
from fractions import Fraction
from math import comb

import numpy as np
import pytest

import naive
import naive_games
from conftest import combinations_array, require

require("fastapi")
require("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from showdown import (  # noqa: E402
    GAMES,
    Seat,
    equity,
    evaluate,
    evaluate_low,
    evaluate_many,
    odds_grid,
    plan,
    settle,
    showdown,
)
from showdown.odds.exact import RUNOUT_COST  # noqa: E402
from showdown.web import create_app  # noqa: E402

HI_LO_BOARD = "2c 5h 6d Jh Js"
HI_LO_PLAYERS = [{"name": "ann", "hole": "As Ad 2s Kd"}, {"name": "bo", "hole": "3c 4c Qh Qd"},
                 {"name": "cy", "hole": "Ah 3d Ks Kc"}]
SIDE_POTS = {"board": "As 2d 6h 9c Kh", "game": "omaha-hilo", "seats": [
    {"name": "A", "contribution": 31, "hole": "3c 4c Qs Qd"},
    {"name": "B", "contribution": 80, "hole": "7d 8d Ks Kd"},
    {"name": "C", "contribution": 250, "hole": "3h 5h Jc Jh"},
    {"name": "D", "contribution": 200, "hole": "Tc Ts 4d 5d"}]}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def error(response, status: int = 422) -> str:
    """The ``detail`` message of an error response with ``status``."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str), detail
    return detail


def without_elapsed(data: dict) -> dict:
    return {key: value for key, value in data.items() if key != "elapsed"}


def high_key(game: str, hole: str, board: str):
    """A key ordering players' highs as the game does (brute force)."""
    rules = GAMES[game]
    if rules.omaha:
        return naive_games.omaha_high(naive.ids(hole), naive.ids(board))
    return naive_games.short_deck(naive.ids(hole) + naive.ids(board), rules.trips_over_straight)[1]


def river_equity(game: str, hands: list[str], board: str) -> list[float]:
    """Each player's share of the pot over every river (a four-card board), by brute force."""
    rules = GAMES[game]
    used = set(board.split()) | {card for hole in hands for card in hole.split()}
    deck = [rank + suit for rank in naive.RANKS for suit in naive.SUITS
            if rank + suit not in used and (not rules.short_deck or rank not in "2345")]
    totals = [Fraction(0)] * len(hands)
    for river in deck:
        full = f"{board} {river}"
        highs = [high_key(game, hole, full) for hole in hands]
        winners = [i for i, high in enumerate(highs) if high == max(highs)]
        lows = [naive_games.omaha_low(naive.ids(hole), naive.ids(full)) if rules.low else None for hole in hands]
        best_low = min((low for low in lows if low is not None), default=None)
        low_winners = [i for i, low in enumerate(lows) if best_low is not None and low == best_low]
        for i in range(len(hands)):
            high = Fraction(i in winners, len(winners))
            if low_winners:
                totals[i] += (high + Fraction(i in low_winners, len(low_winners))) / 2
            else:
                totals[i] += high
    return [float(total / len(deck)) for total in totals]


# --- evaluate, showdown, settle -------------------------------------------------------------------


def test_evaluate_in_each_game(client):
    data = client.post("/api/evaluate", json={"cards": "As Ad Ks Kd", "board": "Ah 7h 7s 2c 3d", "game": "omaha"})
    data = data.json()
    assert data == evaluate("As Ad Ks Kd", "Ah 7h 7s 2c 3d", game="omaha").to_dict() and "low" not in data
    assert data["category"] == naive_games.omaha_high(naive.ids("As Ad Ks Kd"), naive.ids("Ah 7h 7s 2c 3d"))[0]

    body = {"cards": "Ah 2h Qs Qd", "board": "3c 4d 8s Ks Kh", "game": "omaha-hilo"}
    data = client.post("/api/evaluate", json=body).json()
    low = evaluate_low("Ah 2h Qs Qd", "3c 4d 8s Ks Kh")
    assert data == {**evaluate("Ah 2h Qs Qd", "3c 4d 8s Ks Kh", game="omaha-hilo").to_dict(), "low": low.to_dict()}
    naive_low = naive_games.omaha_low(naive.ids(body["cards"]), naive.ids(body["board"]))
    assert data["low"]["description"] == naive_games.low_words(naive_low) == "8-4-3-2-A low"
    assert client.post("/api/evaluate", json={**body, "board": "9c Td 8s Ks Kh"}).json()["low"] is None

    straight = client.post("/api/evaluate", json={"cards": "Ah 9c", "board": "8d 7s 6h", "game": "short-deck"}).json()
    assert straight["description"] == "Straight, Nine high" and straight["category"] == naive.STRAIGHT
    trips = client.post("/api/evaluate", json={"cards": "Tc Td Ts 9c 8d 7s 6h", "game": "short-deck-trips"}).json()
    plain = client.post("/api/evaluate", json={"cards": "Tc Td Ts 9c 8d 7s 6h", "game": "short-deck"}).json()
    assert trips["category"] == naive.THREE_OF_A_KIND and plain["category"] == naive.STRAIGHT
    # hold'em by default; a board joins the cards
    royal = client.post("/api/evaluate", json={"cards": "As Ks", "board": "Qs Js Ts"}).json()
    assert royal["description"] == "Royal Flush" and "low" not in royal


def test_showdown_in_hi_lo(client):
    data = client.post("/api/showdown", json={"board": HI_LO_BOARD, "players": HI_LO_PLAYERS, "game": "omaha-hilo"})
    data = data.json()
    hands = {player["name"]: player["hole"] for player in HI_LO_PLAYERS}
    assert data == showdown(hands, HI_LO_BOARD, game="omaha-hilo").to_dict()
    highs = {name: naive_games.omaha_high(naive.ids(hole), naive.ids(HI_LO_BOARD)) for name, hole in hands.items()}
    lows = {name: naive_games.omaha_low(naive.ids(hole), naive.ids(HI_LO_BOARD)) for name, hole in hands.items()}
    assert data["winners"] == [max(highs, key=highs.get)] == ["bo"]
    assert data["low_winners"] == [min((name for name in lows if lows[name]), key=lows.get)] == ["cy"]
    assert data["scoopers"] == [] and data["game"] == "omaha-hilo"
    assert [player["low"] and player["low"]["description"] for player in data["players"]] == [
        lows[name] and naive_games.low_words(lows[name]) for name in hands]
    # Unnamed players are P1, P2 ...; a wheel with the best high scoops.
    body = {"board": "Ac 2d 5s Kh Kd", "players": [{"hole": "3c 4c Ks Qc"}, {"hole": "Qd Jd 9c 9s"}],
            "game": "omaha-hilo"}
    data = client.post("/api/showdown", json=body).json()
    assert data["scoopers"] == ["P1"] and data["verdict"] == "P1 scoops with Straight, Five high and 5-4-3-2-A low"


@pytest.mark.parametrize("game, board, holes", [
    ("omaha", "Qh Jh Th 9h 3h", ["Ah Kh 7c 2d", "As 8h 7d 2s", "Kc Kd Ks 9c"]),
    ("omaha6", "Qh Jh Th 9h 3h", ["Ah Kh 7c 2d 2c 3c", "As 8h 7d 2s 3s 4s"]),
    ("short-deck", "Ah Kh 9h 9d 7d", ["Qh 6h", "9c Ks", "Tc 8c"]),
    ("short-deck-trips", "9c 9d 8h 7s Kd", ["9s Ac", "Tc 6h"]),
])
def test_showdown_in_other_games(client, game, board, holes):
    data = client.post("/api/showdown", json={"board": board, "players": [{"hole": h} for h in holes], "game": game})
    data = data.json()
    names = [f"P{i + 1}" for i in range(len(holes))]
    assert data == showdown(dict(zip(names, holes, strict=True)), board, game=game).to_dict()
    keys = [high_key(game, hole, board) for hole in holes]
    assert data["winners"] == [name for name, key in zip(names, keys, strict=True) if key == max(keys)]
    assert data["low_winners"] == [] and data["game"] == game


def test_settle_in_hi_lo(client):
    # Worked in test_game_showdown: uncalled 50 back to C; main 124 (62 high to B, 62 low to
    # A), side 1 147 (74 high to B, 73 low to C), side 2 240 (C scoops).
    data = client.post("/api/settle", json=SIDE_POTS).json()
    seats = [Seat(seat["name"], seat["contribution"], seat["hole"]) for seat in SIDE_POTS["seats"]]
    assert data == settle(seats, SIDE_POTS["board"], game="omaha-hilo").to_dict()
    assert data["game"] == "omaha-hilo"
    assert {seat["name"]: (seat["payout"], seat["returned"]) for seat in data["seats"]} == {
        "A": (62, 0), "B": (136, 0), "C": (313, 50), "D": (0, 0)}
    assert [(pot["amount"], pot["high_winners"], pot["low_winners"]) for pot in data["pots"]] == [
        (124, ["B"], ["A"]), (147, ["B"], ["C"]), (240, ["C"], ["C"])]
    assert [pot["low_description"] for pot in data["pots"]] == ["6-4-3-2-A low", "6-5-3-2-A low", "6-5-3-2-A low"]
    assert [(pot["boards"][0]["high_amount"], pot["boards"][0]["low_amount"]) for pot in data["pots"]] == [
        (62, 62), (74, 73), (120, 120)]
    # The same hand in plain Omaha: B's three kings win the main pot and side pot 1 whole, and
    # C's jacks beat D's tens for side pot 2.
    omaha = client.post("/api/settle", json={**SIDE_POTS, "game": "omaha"}).json()
    assert [seat["payout"] for seat in omaha["seats"]] == [0, 124 + 147, 240, 0]
    assert all(pot["low_winners"] == [] for pot in omaha["pots"])


def test_settle_short_deck(client):
    # Ah Kh 9h 9d 7d: A's flush (Qh 6h) beats B's full house (9c Ks) in short deck, not in hold'em.
    body = {"board": "Ah Kh 9h 9d 7d", "seats": [{"name": "A", "contribution": 40, "hole": "Qh 6h"},
                                                  {"name": "B", "contribution": 40, "hole": "9c Ks"}]}
    assert [s["payout"] for s in client.post("/api/settle", json={**body, "game": "short-deck"}).json()["seats"]] == \
        [80, 0]
    assert [s["payout"] for s in client.post("/api/settle", json=body).json()["seats"]] == [0, 80]


# --- equity, plan, grid, jobs ---------------------------------------------------------------------


@pytest.mark.parametrize("game, hands, board", [
    ("omaha-hilo", ["As Ad 2s 3s", "Kh Kd Qh Jd"], "4c 7h 9d Ts"),
    ("omaha5-hilo", ["As Ad 2s 3s 8c", "Kh Kd Qh Jd 4h"], "4c 7h 9d Ts"),
    ("omaha", ["As Ad 2s 3s", "Kh Kd Qh Jd", "9s 8s 7c 6c"], "4c 7h 9d Ts"),
    ("short-deck", ["Ah Kh", "Qs Qd"], "6c 7d 8h 9s"),
])
def test_equity_in_each_game(client, game, hands, board):
    data = client.post("/api/equity", json={"players": hands, "board": board, "game": game}).json()
    assert without_elapsed(data) == without_elapsed(equity(hands, board, game=game).to_dict())
    assert data["exact"] is True and data["game"] == game
    assert [player["equity"] for player in data["players"]] == pytest.approx(river_equity(game, hands, board),
                                                                             abs=1e-12)
    if GAMES[game].low:
        assert all({"high", "low", "scoop"} <= set(player) for player in data["players"])


def test_equity_with_an_omaha_range(client):
    body = {"players": ["As Ad Ks Kd", "QQxx, JJxx"], "board": "Qh 7c 2d", "game": "omaha"}
    data = client.post("/api/equity", json=body).json()
    expected = equity(body["players"], body["board"], game="omaha").to_dict()
    assert without_elapsed(data) == without_elapsed(expected) and data["exact"] is True


def test_plan_counts_the_games_boards(client):
    # heads-up on a flop: C(52 - 8 - 3, 2) turns and rivers in Omaha, one evaluation per player and
    # board; C(36 - 4 - 3, 2) in short deck, scored once per runout of C(36 - 3, 2) for both hands
    for game, hands, board, boards, evaluations in [
        ("omaha", ["As Ad 2s 3s", "Kh Kd Qh Jd"], "4c 7h 9d", comb(41, 2), 2 * comb(41, 2)),
        ("omaha-hilo", ["As Ad 2s 3s", "Kh Kd Qh Jd"], "", comb(44, 5), 2 * comb(44, 5)),
        ("short-deck", ["Ah Kh", "Qs Qd"], "6c 7d 8h", comb(29, 2), 2 * comb(33, 2) * RUNOUT_COST),
    ]:
        data = client.post("/api/equity/plan", json={"players": hands, "board": board, "game": game}).json()
        expected = plan(hands, board, game=game).to_dict()
        assert {key: data[key] for key in expected} == expected
        assert data["boards"] == boards and data["evaluations"] == evaluations and "job" in data


def test_grid_short_deck_against_every_opponent(client):
    hole, board = "Ah Kh", "Qh Jh 6c 7d 8s"
    data = client.post("/api/grid", json={"hole": hole, "board": board, "game": "short-deck"}).json()
    assert without_elapsed(data) == without_elapsed(odds_grid(hole, board, game="short-deck").to_dict())
    used = set(hole.split()) | set(board.split())
    deck = [r + s for r in "6789TJQKA" for s in "cdhs" if r + s not in used]
    mine = high_key("short-deck", hole, board)
    theirs = [high_key("short-deck", " ".join(pair), board) for pair in itertools.combinations(deck, 2)]
    share = sum(Fraction(mine > key) + Fraction(mine == key, 2) for key in theirs) / len(theirs)
    assert data["total"] == len(theirs) and data["equity"] == pytest.approx(float(share), abs=1e-12)


def test_grid_hi_lo_against_every_opponent(client):
    """The grid's equity is the whole pot's, and so are its rows: each deal's share of the pot
    under the category of the high hand its holder made."""
    hole, board = "As Ad 2s 3s", "4c 7h 9d Ts 2c"
    data = client.post("/api/grid", json={"hole": hole, "board": board, "game": "omaha-hilo"}).json()
    assert without_elapsed(data) == without_elapsed(odds_grid(hole, board, game="omaha-hilo").to_dict())
    hero, cards = naive.ids(hole), naive.ids(board)
    rest = np.array([c for c in range(52) if c not in hero + cards], dtype=np.uint8)
    opponents = rest[combinations_array(len(rest), 4)]
    rows = np.hstack([opponents, np.tile(np.array(cards, dtype=np.uint8), (len(opponents), 1))])
    # Hold'em values of each five (the evaluator is checked against phevaluator elsewhere), the
    # Omaha two-and-three rule and the lows by naive_games; a low depends on the hole ranks only.
    their_high = naive_games.omaha_high_many(rows, 4, evaluate_many)
    my_high = naive_games.omaha_high_many(np.array([hero + cards], dtype=np.uint8), 4, evaluate_many)[0]
    ranks, which = np.unique(np.sort(opponents.astype(int) >> 2, axis=1), axis=0, return_inverse=True)
    low_of_ranks = np.array([naive_games.low_score(naive_games.omaha_low([4 * int(r) for r in row], cards))
                             for row in ranks])
    their_low = low_of_ranks[which.ravel()]
    my_low = naive_games.low_score(naive_games.omaha_low(hero, cards))
    high = np.where(my_high > their_high, 1.0, np.where(my_high == their_high, 0.5, 0.0))
    best_low = np.maximum(my_low, their_low)
    low = np.where(my_low == best_low, np.where(their_low == best_low, 0.5, 1.0), 0.0)
    whole = np.where(best_low == 0, high, (high + low) / 2)
    assert data["total"] == len(opponents) == comb(43, 4) and data["exact"] is True
    assert data["equity"] == pytest.approx(whole.mean(), abs=1e-12)
    player = sum(row["player"] for row in data["categories"])
    assert player == pytest.approx(whole.mean(), abs=1e-12)
    assert player + sum(row["opponents"] for row in data["categories"]) == pytest.approx(1.0, abs=1e-12)
    for row in data["categories"]:  # hold'em category numbers: a value's top bits
        mine = whole if my_high >> 12 == row["category"] else np.zeros_like(whole)
        theirs = np.where(their_high >> 12 == row["category"], 1.0 - whole, 0.0)
        assert row["player"] == pytest.approx(mine.mean(), abs=1e-12), row
        assert row["opponents"] == pytest.approx(theirs.mean(), abs=1e-12), row


def test_an_equity_job_in_hi_lo(client):
    body = {"players": ["As Ad 2s 3s", "Kh Kd Qh Jd"], "board": "4c 7h 9d Ts", "game": "omaha-hilo"}
    started = client.post("/api/equity/jobs", json=body)
    assert started.status_code == 202
    job_id = started.json()["job_id"]
    deadline = time.monotonic() + 30
    while (status := client.get(f"/api/equity/jobs/{job_id}").json())["status"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert status["status"] == "done", status
    assert without_elapsed(status["result"]) == without_elapsed(equity(body["players"], body["board"],
                                                                       game="omaha-hilo").to_dict())
    assert "'razz'" in error(client.post("/api/equity/jobs", json={**body, "game": "razz"}))


# --- errors ---------------------------------------------------------------------------------------

ENDPOINTS = {
    "/api/evaluate": {"cards": "As Ad Ks Kd", "board": "Ah 7h 7s"},
    "/api/showdown": {"board": "Ah 7h 7s", "players": [{"hole": "As Ad Ks Kd"}, {"hole": "Qc Qd Jc Jd"}]},
    "/api/settle": {"board": "Ah 7h 7s Tc 9c", "seats": [{"name": "A", "contribution": 5, "hole": "As Ad Ks Kd"},
                                                          {"name": "B", "contribution": 5, "hole": "Qc Qd Jc Jd"}]},
    "/api/equity": {"players": ["As Ad Ks Kd", "Qc Qd Jc Jd"], "board": "Ah 7h 7s"},
    "/api/equity/plan": {"players": ["As Ad Ks Kd", "Qc Qd Jc Jd"], "board": "Ah 7h 7s"},
    "/api/grid": {"hole": "As Ad Ks Kd", "board": "Ah 7h 7s"},
}


@pytest.mark.parametrize("path", list(ENDPOINTS))
def test_an_unknown_game_is_named(client, path):
    body = ENDPOINTS[path]
    assert client.post(path, json={**body, "game": "omaha"}).status_code == 200
    message = error(client.post(path, json={**body, "game": "razz"}))
    assert "'razz'" in message and "omaha-hilo" in message
    assert client.post(path, json={**body, "game": 4}).status_code == 422  # not text
    assert client.post(path, json={**body, "game": "x" * 33}).status_code == 422  # too long


SHORT_DECK_BODIES = {
    "/api/evaluate": {"cards": "Ah 3c", "board": "8d 7s 6h"},
    "/api/showdown": {"board": "8d 7s 6h", "players": [{"hole": "Ah Kd"}, {"hole": "Qc 3c"}]},
    "/api/settle": {"board": "8d 7s 6h Tc 9c", "seats": [{"name": "A", "contribution": 5, "hole": "Ah Kd"},
                                                          {"name": "B", "contribution": 5, "hole": "Qc 3c"}]},
    "/api/equity": {"players": ["Ah Kd", "Qh Qd"], "board": "8d 7s 3c"},
    "/api/equity/plan": {"players": ["Ah Kd", "Qh Qd"], "dead": "3c"},
    "/api/grid": {"hole": "Ah 3c", "board": "8d 7s 6h"},
}


@pytest.mark.parametrize("path", list(SHORT_DECK_BODIES))
def test_a_card_outside_the_short_deck_is_named(client, path):
    message = error(client.post(path, json={**SHORT_DECK_BODIES[path], "game": "short-deck"}))
    assert "3c" in message and "short deck" in message


OMAHA_THREE_CARDS = {
    "/api/evaluate": {"cards": "As Ad Ks", "board": "Ah 7h 7s"},
    "/api/showdown": {"board": "Ah 7h 7s", "players": [{"hole": "As Ad Ks"}, {"hole": "Qc Qd Jc Jd"}]},
    "/api/settle": {"board": "Ah 7h 7s Tc 9c", "seats": [{"name": "A", "contribution": 5, "hole": "As Ad Ks"},
                                                          {"name": "B", "contribution": 5, "hole": "Qc Qd Jc Jd"}]},
    "/api/equity": {"players": ["As Ad Ks", "Qc Qd Jc Jd"], "board": "Ah 7h 7s"},
    "/api/equity/plan": {"players": ["As Ad Ks", "Qc Qd Jc Jd"], "board": "Ah 7h 7s"},
    "/api/grid": {"hole": "As Ad Ks", "board": "Ah 7h 7s"},
}


@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
@pytest.mark.parametrize("path", list(OMAHA_THREE_CARDS))
def test_three_omaha_hole_cards_are_refused(client, path, game):
    message = error(client.post(path, json={**OMAHA_THREE_CARDS[path], "game": game}))
    assert GAMES[game].title in message and "4" in message and re.search(r"\b3\b", message), message
