"""Showdowns: winners, splits, limits and errors."""

from __future__ import annotations

import json
import random

import pytest

import naive
from showdown import (
    CARDS,
    Card,
    CardParseError,
    Category,
    Deck,
    DuplicateCardError,
    HandSizeError,
    ShowdownError,
    ShowdownResult,
    evaluate,
    showdown,
)

BOARD = "Ac Kc Jc 5c Th"


def test_cli_example_list_input():
    result = showdown(["8c 7h", "9h 5h", "Ad 4s"], BOARD)
    assert isinstance(result, ShowdownResult)
    assert result.winners == (0,)
    assert not result.is_split
    assert result.ranks[0].category == Category.FLUSH
    assert result.ranks[0].description == "Flush, Ace-King-Jack-Eight-Five"
    assert result.ranks[1].description == "One Pair, Fives, Ace-King-Jack kickers"
    assert result.ranks[2].description == "One Pair, Aces, King-Jack-Ten kickers"
    assert result.winning_rank == result.ranks[0]
    assert result.board == tuple(Card(c) for c in BOARD.split())
    assert result.holes == {0: (Card("8c"), Card("7h")), 1: (Card("9h"), Card("5h")), 2: (Card("Ad"), Card("4s"))}


def test_cli_example_dict_input():
    result = showdown({"P1": "8c 7h", "P2": "9h 5h", "alice": "Ad 4s"}, BOARD)
    assert result.winners == ("P1",)
    assert list(result.ranks) == ["P1", "P2", "alice"]
    assert result.ranks["alice"] == evaluate("Ad 4s " + BOARD)
    assert str(result.ranks["P1"]) == "Flush, Ace-King-Jack-Eight-Five"


def test_module_docstring_example():
    result = showdown({"alice": "8c 7h", "bob": "Ad 4s"}, BOARD)
    assert result.winners == ("alice",)


def test_split_pot():
    result = showdown(["As Ks", "Ah Kh", "Qc Jc"], "2c 3d 4h 9s 9d")
    assert result.is_split
    assert result.winners == (0, 1)
    assert result.winning_rank.description == "One Pair, Nines, Ace-King-Four kickers"


def test_three_way_split_with_named_players():
    result = showdown({"a": "2c 3c", "b": "2d 3d", "c": "2h 3h"}, "As Ks Qs Js Ts")
    assert result.winners == ("a", "b", "c") and result.is_split


def test_str_marks_winners_and_splits():
    text = str(showdown({"P1": "8c 7h", "alice": "Ad 4s"}, BOARD))
    lines = text.splitlines()
    assert lines[0] == f"Board {BOARD}"
    assert lines[1] == "P1: 8c 7h  Flush, Ace-King-Jack-Eight-Five  <- wins"
    assert lines[2] == "alice: Ad 4s  One Pair, Aces, King-Jack-Ten kickers"
    split = str(showdown(["As Ks", "Ah Kh"], "2c 3d 4h 9s 9d"))
    assert split.count("<- splits") == 2 and "<- wins" not in split


def test_empty_board_with_five_card_hands():
    result = showdown(["As Ks Qs Js Ts", "Ah Ad Ac Kh Kd"], "")
    assert result.winners == (0,)
    assert str(result).splitlines()[0] == "No board"


@pytest.mark.parametrize("n_board, n_hole", [(0, 5), (0, 7), (3, 2), (3, 4), (4, 1), (4, 3), (5, 1), (5, 2)])
def test_allowed_hand_sizes(n_board, n_hole):
    deck = Deck(seed=n_board * 10 + n_hole)
    board = deck.deal(n_board)
    result = showdown([deck.deal(n_hole), deck.deal(n_hole)], board)
    assert len(result.winners) >= 1


@pytest.mark.parametrize("n_board, n_hole", [(0, 4), (3, 1), (5, 3), (0, 8), (3, 5)])
def test_players_with_too_few_or_too_many_cards_rejected(n_board, n_hole):
    deck = Deck(seed=n_board * 10 + n_hole)
    board = deck.deal(n_board)
    hands = [deck.deal(n_hole), deck.deal(n_hole)]
    with pytest.raises(HandSizeError) as info:
        showdown(hands, board)
    assert f"has {n_board + n_hole} cards" in str(info.value)


@pytest.mark.parametrize("n_board", [1, 2, 6])
def test_a_board_of_one_two_or_six_cards_is_refused(n_board):
    deck = Deck(seed=n_board)
    board = deck.deal(n_board)
    with pytest.raises(HandSizeError) as info:
        showdown([deck.deal(5 - min(n_board, 5)), deck.deal(5 - min(n_board, 5))], board)
    cards = f"{n_board} card{'s' if n_board > 1 else ''}"
    assert str(info.value) == f"the board has {cards}; a board has 0, 3 (flop), 4 (turn) or 5 (river) cards"


def test_board_with_more_than_five_cards_rejected():
    with pytest.raises(HandSizeError) as info:
        showdown(["2c 3c", "2d 3d"], "As Ks Qs Js Ts 9s")
    assert "6" in str(info.value)


@pytest.mark.parametrize("n_players", [2, 3, 10, 22, 23])
def test_two_to_twenty_three_players(n_players):
    deck = Deck(seed=n_players)
    board = deck.deal(5)
    hands = [deck.deal(2) for _ in range(n_players)]
    result = showdown(hands, board)
    assert len(result.ranks) == n_players
    best = max(evaluate(h + board).value for h in hands)
    assert result.winners == tuple(i for i, h in enumerate(hands) if evaluate(h + board).value == best)


@pytest.mark.parametrize("n_players", [0, 1, 24])
def test_player_count_limits(n_players):
    deck = Deck(seed=1)
    board = deck.deal(3)  # 24 players * 2 + 3 = 51 cards: there are enough cards, but too many players
    hands = [deck.deal(2) for _ in range(n_players)]
    with pytest.raises(ShowdownError) as info:
        showdown(hands, board)
    assert "2 to 23 players" in str(info.value)
    with pytest.raises(ShowdownError):
        showdown({f"p{i}": h for i, h in enumerate(hands)}, board)


def test_card_on_board_and_in_hand_rejected():
    with pytest.raises(DuplicateCardError) as info:
        showdown(["8c 7h", "Ac 4s"], BOARD)
    message = str(info.value)
    assert "Ac" in message and "board" in message


def test_card_in_two_hands_rejected():
    with pytest.raises(DuplicateCardError) as info:
        showdown({"bob": "8c 7h", "alice": "7h 4s"}, BOARD)
    message = str(info.value)
    assert "7h" in message and "alice" in message and "bob" in message


def test_repeated_card_within_a_hand_or_board_rejected():
    with pytest.raises(DuplicateCardError) as info:
        showdown(["8c 8c", "2d 3d"], BOARD)
    assert "8c" in str(info.value)
    with pytest.raises(DuplicateCardError) as info:
        showdown(["8c 7h", "2d 3d"], "Ac Kc Jc 5c Ac")
    assert "Ac" in str(info.value)


def test_bad_cards_rejected():
    with pytest.raises(CardParseError):
        showdown(["8c 7x", "2d 3d"], BOARD)
    with pytest.raises(CardParseError):
        showdown(["8c 7h", "2d 3d"], "Ac Kc Zc")


@pytest.mark.parametrize("hands", ["8c 7h 9h 5h", Card("8c"), 5, None])
def test_hands_must_be_list_or_dict(hands):
    with pytest.raises(ShowdownError):
        showdown(hands, BOARD)


def test_to_dict_is_json_serialisable():
    result = showdown({"P1": "8c 7h", "P2": "9h 5h", "alice": "Ad 4s"}, BOARD)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["board"] == BOARD.split()
    assert data["winners"] == ["P1"] and data["is_split"] is False
    assert [p["name"] for p in data["players"]] == ["P1", "P2", "alice"]
    assert [p["winner"] for p in data["players"]] == [True, False, False]
    first = data["players"][0]
    assert first["hole"] == ["8c", "7h"]
    assert first["hand"] == evaluate(("8c 7h " + BOARD).split()).to_dict()
    assert first["hand"]["category_name"] == "Flush" and first["hand"]["best_five"] == ["Ac", "Kc", "Jc", "8c", "5c"]
    indexed = json.loads(json.dumps(showdown(["As Ks", "Ah Kh"], "2c 3d 4h 9s 9d").to_dict()))
    assert indexed["winners"] == [0, 1] and indexed["is_split"] is True


def test_random_showdowns_agree_with_naive_oracle():
    rng = random.Random(314)
    for _ in range(300):
        n_players = rng.randint(2, 9)
        cards = rng.sample(range(52), 5 + 2 * n_players)
        board, holes = cards[:5], [cards[5 + 2 * i: 7 + 2 * i] for i in range(n_players)]
        result = showdown(holes, board)
        strengths = [naive.evaluate(h + board) for h in holes]
        best = max(strengths)
        assert result.winners == tuple(i for i, s in enumerate(strengths) if s == best)
        assert all(result.holes[i] == tuple(CARDS[c] for c in h) for i, h in enumerate(holes))


@pytest.mark.parametrize("board", ["As Ks Qs Js Ts", "", "2c 7d 9h"])
def test_a_player_with_no_cards_is_not_in_the_showdown(board):
    with pytest.raises(HandSizeError) as info:
        showdown({"bob": "", "alice": "2h 3h"}, board)
    assert str(info.value) == "player 'bob' shows no cards; a player who does not show down is left out"
    with pytest.raises(HandSizeError, match="player 0 shows no cards"):
        showdown([[], "2h 3h"], board)
