"""POST /api/study through FastAPI's TestClient: the library's answers, unchanged, and 422s that
name the problem."""

from __future__ import annotations

import pytest

from conftest import require

require("fastapi")
require("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from showdown import breakdown, combo_equities, next_card  # noqa: E402
from showdown.web import create_app  # noqa: E402

BOARD = "Ks 7h 2h"
HERO = "22+, A2s+, KTo+, QJs, 0.5(T9s)"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def test_heads_up_study_is_the_library_answers(client):
    body = {"board": BOARD, "hero": HERO, "villains": ["random"], "dead": "3c", "next_card": True}
    response = client.post("/api/study", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["breakdown"] == breakdown(HERO, BOARD, "3c", villain="random").to_dict()
    assert data["equities"] == combo_equities(HERO, "random", BOARD, "3c").to_dict()
    assert data["villain_equities"] == combo_equities("random", HERO, BOARD, "3c").to_dict()
    assert data["next_card"] == next_card(HERO, "random", BOARD, "3c").to_dict()


def test_breakdown_alone_and_multiway(client):
    alone = client.post("/api/study", json={"board": BOARD, "hero": "random"}).json()
    assert alone == {"breakdown": breakdown("random", BOARD).to_dict()}
    body = {"board": BOARD, "hero": "QQ+, AK", "villains": ["random", "22+"], "trials": 20000, "seed": 9}
    multiway = client.post("/api/study", json=body).json()
    assert multiway["equities"] == combo_equities("QQ+, AK", ["random", "22+"], BOARD, trials=20000, seed=9).to_dict()
    assert "villain_equities" not in multiway and "next_card" not in multiway


def test_short_deck_study(client):
    body = {"board": "9c 8d 7h", "hero": "AK, 66+", "villains": ["random"], "next_card": True, "game": "short-deck"}
    data = client.post("/api/study", json=body).json()
    assert data["breakdown"] == breakdown("AK, 66+", "9c 8d 7h", villain="random", game="short-deck").to_dict()
    assert data["next_card"] == next_card("AK, 66+", "random", "9c 8d 7h", game="short-deck").to_dict()
    assert len(data["next_card"]["cards"]) == 36 - 3


@pytest.mark.parametrize(
    "body, message",
    [
        ({"board": "Ks 7h", "hero": "random"}, "2 cards"),
        ({"board": BOARD, "hero": "AKx"}, "AKx"),
        ({"board": BOARD, "hero": "AA", "villains": ["KK", "QQ"], "next_card": True}, "one villain"),
        ({"board": BOARD, "hero": "AA", "dead": "Ks"}, "Ks"),
        ({"board": BOARD, "hero": "KsKh"}, "empty"),
        ({"board": BOARD, "hero": "AA", "villains": ["KK", "QQ"], "trials": 10**12}, "trials"),
        ({"board": BOARD, "hero": "AA", "villains": ["KK"] * 10}, "villains"),
        ({"board": BOARD, "hero": "AA", "extra": 1}, "extra"),
        ({"board": BOARD, "hero": "AA", "game": "omaha"}, "Omaha"),
        ({"board": BOARD, "hero": "AA", "villains": ["KK"], "seed": 3}, "against one villain every number is exact"),
        ({"board": BOARD, "hero": "AA", "trials": 500}, "without villains there are no equities; got 0 villains"),
    ],
)
def test_bad_study_requests_are_422_naming_the_problem(client, body, message):
    response = client.post("/api/study", json=body)
    assert response.status_code == 422
    assert message in str(response.json()["detail"])
