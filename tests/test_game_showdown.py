"""Showdowns and settlements in Omaha, Omaha hi-lo and short deck, against a brute force of the
games' rules (``naive_games``: two hole and three board cards, eight-or-better lows, short
deck's order of categories) and a reference settlement written here from the rules of
``showdown.pots``.

Every expected number in the hand-worked settlements is derived in the comments next to it,
from the rules in the module docstring of ``showdown.pots``.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Optional

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

import naive
import naive_games
from conftest import budget
from showdown import (
    GAMES,
    GameError,
    HandSizeError,
    Seat,
    Settlement,
    ShowdownError,
    deal_showdown,
    settle,
    showdown,
)

# --------------------------------------------------------------------------------------------
# The brute force
# --------------------------------------------------------------------------------------------

FULL_DECK = [rank + suit for rank in naive.RANKS for suit in naive.SUITS]
SHORT_DECK = [card for card in FULL_DECK if card[0] not in "2345"]
LOW_DECK = [card for card in FULL_DECK if card[0] in "A2345678K"]  # lows and their ties are common
CATEGORY_NAMES = ("High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
                  "Four of a Kind", "Straight Flush")
Strength = tuple[int, tuple[int, ...]]


def five_strength(game: str, five) -> Strength:
    """(a key ordering hands as the game does, (hold'em category, *tiebreak)) of five cards."""
    rules = GAMES[game]
    if rules.short_deck:
        category, tiebreak = naive_games.short_deck_five(five)
        return naive_games.short_deck_key(category, tiebreak, rules.trips_over_straight), (category, *tiebreak)
    category, tiebreak = naive.eval_upto5(five)
    return category, (category, *tiebreak)


def high_strength(game: str, hole: list[int], board: list[int]) -> Strength:
    """A player's best high: two hole and three board cards in Omaha, any five otherwise."""
    if GAMES[game].omaha:
        fives = naive_games.omaha_fives(hole, board)
    else:
        fives = list(itertools.combinations(hole + board, 5))
    return max(five_strength(game, five) for five in fives)


def category_words(strength: Strength) -> str:
    """The category part of a hand's description ("Royal Flush" for the ace-high straight flush)."""
    category = strength[1][0]
    if category == naive.STRAIGHT_FLUSH and strength[1][1] == naive.RANKS.index("A"):
        return "Royal Flush"
    return CATEGORY_NAMES[category]


low_words = naive_games.low_words


def naive_showdown(game: str, board: str, hands: dict[str, str]):
    """(high winners, low winners, each player's high and low) by brute force."""
    board_ids = naive.ids(board)
    highs = {name: high_strength(game, naive.ids(hole), board_ids) for name, hole in hands.items()}
    lows = {name: (naive_games.omaha_low(naive.ids(hole), board_ids) if GAMES[game].low else None)
            for name, hole in hands.items()}
    best = max(highs.values())
    winners = [name for name in hands if highs[name] == best]
    best_low = min((low for low in lows.values() if low is not None), default=None)
    low_winners = [name for name in hands if best_low is not None and lows[name] == best_low]
    return winners, low_winners, highs, lows


def deal(rng: random.Random, game: str, players: int, board_size: int = 5, deck: Optional[list[str]] = None):
    """A random board and hands (card text), from the game's deck or ``deck``."""
    rules = GAMES[game]
    cards = rng.sample(deck or (SHORT_DECK if rules.short_deck else FULL_DECK), board_size + players * rules.hole_cards)
    board = " ".join(cards[:board_size])
    hands = {f"p{i}": " ".join(cards[board_size + i * rules.hole_cards:board_size + (i + 1) * rules.hole_cards])
             for i in range(players)}
    return board, hands


# --------------------------------------------------------------------------------------------
# 1. showdown(hands, board, game=...) against the brute force
# --------------------------------------------------------------------------------------------


def check_showdown(game: str, board: str, hands: dict[str, str]) -> None:
    """Every field of showdown(...) and its to_dict() agrees with the brute force."""
    result = showdown(hands, board, game=game)
    winners, low_winners, highs, lows = naive_showdown(game, board, hands)
    rules = GAMES[game]
    where = f"{game}: board {board}, hands {hands}"
    assert list(result.winners) == winners, where
    assert list(result.low_winners) == low_winners, where
    assert result.is_split == (len(winners) > 1)
    scoop = len(winners) == 1 and low_winners in ([], winners)
    assert list(result.scoopers) == (winners if scoop else []), where
    board_ids = set(naive.ids(board))
    for name, hole in hands.items():
        rank = result.ranks[name]
        hole_ids = set(naive.ids(hole))
        assert int(rank.category) == highs[name][1][0], where
        assert rank.description.split(",")[0] == category_words(highs[name]), (where, rank.description)
        five = naive.ids(" ".join(str(card) for card in rank.best_five))
        assert len(set(five)) == 5 and set(five) <= hole_ids | board_ids
        if rules.omaha:
            assert len(set(five) & hole_ids) == 2, (where, rank.best_five)
        assert five_strength(game, five) == highs[name], (where, rank.best_five)
        low = result.lows.get(name)
        if lows[name] is None:
            assert low is None, (where, name, low)
        else:
            assert low is not None and low.description == low_words(lows[name]), (where, name, low)
            low_five = naive.ids(" ".join(str(card) for card in low.best_five))
            assert len(set(low_five) & hole_ids) == 2 and len(set(low_five) & board_ids) == 3
            assert naive_games.low_five(low_five) == lows[name]
    # ranks order the players as the brute force does, value against value
    for a, b in itertools.combinations(hands, 2):
        assert (result.ranks[a].value > result.ranks[b].value) == (highs[a] > highs[b]), (where, a, b)
        assert (result.ranks[a].value == result.ranks[b].value) == (highs[a] == highs[b]), (where, a, b)

    verdict = result.verdict
    best_low = lows[low_winners[0]] if low_winners else None
    if rules.low:
        assert ("scoops" in verdict) == (scoop and best_low is not None), (where, verdict)
        assert ("no low qualifies" in verdict) == (best_low is None), (where, verdict)
        assert ("split the low" in verdict) == (len(low_winners) > 1), (where, verdict)
        assert ("split the high" in verdict) == (len(winners) > 1), (where, verdict)
        if best_low is not None:
            assert low_words(best_low) in verdict
            for name in low_winners:
                assert name in verdict
    else:
        assert ("Split pot between" in verdict) == (len(winners) > 1), verdict
        assert "low" not in verdict
    for name in winners:
        assert name in verdict
    assert result.ranks[winners[0]].description in verdict

    data = json.loads(json.dumps(result.to_dict()))
    assert data["game"] == game
    assert data["board"] == board.split()
    assert data["winners"] == winners and data["low_winners"] == low_winners
    assert data["scoopers"] == (winners if scoop else [])
    assert data["is_split"] == (len(winners) > 1) and data["verdict"] == verdict
    assert [player["name"] for player in data["players"]] == list(hands)
    for player in data["players"]:
        name = player["name"]
        assert player["hole"] == hands[name].split()
        assert player["hand"] == result.ranks[name].to_dict()
        assert player["hand"]["category"] == highs[name][1][0]
        assert player["winner"] == (name in winners) and player["low_winner"] == (name in low_winners)
        if lows[name] is None:
            assert player["low"] is None
        else:
            assert player["low"]["description"] == low_words(lows[name])


HI_LO_GAMES = ["omaha-hilo", "omaha5-hilo"]
OTHER_GAMES = ["omaha", "omaha5", "omaha6", "short-deck", "short-deck-trips"]


@pytest.mark.parametrize("game", HI_LO_GAMES + OTHER_GAMES)
def test_random_deals_agree_with_the_brute_force(game):
    rng = random.Random(f"showdown {game}")
    most = min(6, (GAMES[game].deck_size - 5) // GAMES[game].hole_cards)
    for _ in range(150):
        board_size = rng.choice([3, 4, 5, 5, 5]) if GAMES[game].omaha else 5
        board, hands = deal(rng, game, rng.randint(2, most), board_size)
        check_showdown(game, board, hands)


@pytest.mark.parametrize("game", HI_LO_GAMES + ["omaha"])
def test_low_card_deals_with_many_ties_agree_with_the_brute_force(game):
    """From the A-8 and the kings only: lows nearly always qualify, and ties in both halves come often."""
    rng = random.Random(f"ties {game}")
    seen = {"scoop": 0, "split low": 0, "split high": 0, "no low": 0, "quartered": 0}
    for _ in range(250):
        board, hands = deal(rng, game, rng.randint(2, 5), deck=LOW_DECK)
        check_showdown(game, board, hands)
        winners, low_winners, _, _ = naive_showdown(game, board, hands)
        seen["scoop"] += len(winners) == 1 and low_winners == winners
        seen["split low"] += len(low_winners) > 1
        seen["quartered"] += len(low_winners) == 2 and len(winners) == 1 and winners[0] not in low_winners
        seen["split high"] += len(winners) > 1
        seen["no low"] += not low_winners
    if GAMES[game].low:  # the deals do cover each case
        assert all(seen.values()), seen


@budget(1.2, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(HI_LO_GAMES + OTHER_GAMES), data=st.data())
def test_any_deal_agrees_with_the_brute_force(game, data):
    rules = GAMES[game]
    deck = data.draw(st.sampled_from([None, LOW_DECK] if not rules.short_deck else [None]))
    deck = deck or (SHORT_DECK if rules.short_deck else FULL_DECK)
    most = min(5, (len(deck) - 5) // rules.hole_cards)
    players = data.draw(st.integers(2, most))
    board_size = data.draw(st.sampled_from([3, 4, 5])) if rules.omaha else 5
    cards = data.draw(st.permutations(deck))[:board_size + players * rules.hole_cards]
    board = " ".join(cards[:board_size])
    hands = {f"p{i}": " ".join(cards[board_size + i * rules.hole_cards:board_size + (i + 1) * rules.hole_cards])
             for i in range(players)}
    check_showdown(game, board, hands)


def test_hand_picked_hi_lo_verdicts():
    # Board 2c 4d 7h Jd Js; lows must use 2, 4 and 7.  ann (Ah 3h) and bo (As 3s) both make
    # 7-4-3-2-A; cy's 7c 7d + 7h Jd Js is a full house and cy has no low (8s with 2 4 7 is one
    # low card short).  cy wins the high, ann and bo split the low: each is quartered.
    board, hands = "2c 4d 7h Jd Js", {"ann": "Ah 3h Kc Qc", "bo": "As 3s Qd Td", "cy": "7c 7d 9s 8s"}
    result = showdown(hands, board, game="omaha-hilo")
    assert result.winners == ("cy",) and result.low_winners == ("ann", "bo") and result.scoopers == ()
    assert result.verdict.startswith("cy wins the high with Full House, Sevens full of Jacks; ann and bo split the low")
    assert result.verdict.endswith("7-4-3-2-A low")
    # Board Kc Qd 9h 8s 2c has two low cards: nobody can make a low, the high takes the pot.
    result = showdown({"ann": "Ac 3d Jc Ts", "bo": "Kd Ks 5c 6c"}, "Kc Qd 9h 8s 2c", game="omaha-hilo")
    assert result.low_winners == () and result.scoopers == ("ann",) and result.winning_low is None
    assert "no low qualifies" in result.verdict and "Straight, King high" in result.verdict
    # In plain Omaha the same hands have no low at all, and the verdict speaks of one pot.
    result = showdown(hands, board, game="omaha")
    assert result.low_winners == () and result.lows == {} and result.verdict.startswith("cy wins with Full House")
    check_showdown("omaha-hilo", board, hands)


def test_short_deck_rules_change_the_winner():
    # Board Ah Kh 9h 9d 7d: "flush" holds Qh 6h (Ah Kh Qh 9h 6h), "full" holds 9c Ks (nines full
    # of kings), "pair" holds Tc 8c (T-9-8-7 with no J or 6: a pair of nines).  In hold'em the full
    # house wins; in short deck the flush does.
    board, hands = "Ah Kh 9h 9d 7d", {"flush": "Qh 6h", "full": "9c Ks", "pair": "Tc 8c"}
    assert showdown(hands, board).winners == ("full",)
    for game in ("short-deck", "short-deck-trips"):
        assert showdown(hands, board, game=game).winners == ("flush",)
        check_showdown(game, board, hands)
    # Board 9c 9d 8h 7s Kd: "trips" holds 9s Ac (three nines), "straight" holds Tc 6h (T-9-8-7-6).
    board, hands = "9c 9d 8h 7s Kd", {"trips": "9s Ac", "straight": "Tc 6h"}
    assert showdown(hands, board, game="short-deck").winners == ("straight",)
    assert showdown(hands, board, game="short-deck-trips").winners == ("trips",)
    for game in ("short-deck", "short-deck-trips"):
        check_showdown(game, board, hands)
    # A-6-7-8-9 is the lowest straight, Nine high: 6-7-8-9-T beats it.
    board, hands = "6c 7d 8h Ks Qd", {"wheel": "Ac 9s", "ten": "9d Tc"}
    result = showdown(hands, board, game="short-deck")
    assert result.winners == ("ten",) and result.ranks["wheel"].description == "Straight, Nine high"
    check_showdown("short-deck", board, hands)


@pytest.mark.parametrize(
    "game, board, hands, error, words",
    [
        ("omaha", "2c 7d 9h Ks Qd", ["As Ad 3c", "Kh Kd Qh Jd"], HandSizeError, ["3 cards", "4 hole cards"]),
        ("omaha5", "2c 7d 9h Ks Qd", ["As Ad 3c 4c", "Kh Kd Qh Jd 5c"], HandSizeError, ["4 cards", "5 hole cards"]),
        ("omaha", "", ["As Ad 3c 4c", "Kh Kd Qh Jd"], HandSizeError, ["3 to 5"]),
        ("short-deck", "6c 7d 9h Ks Qd", ["As 3d", "Kh Kd"], GameError, ["3d", "short deck"]),
        ("short-deck", "2c 7d 9h Ks Qd", ["As Ad", "Kh Kd"], GameError, ["2c", "board"]),
        ("omaha-hilo", "2c 7d 9h Ks Qd", [" ".join(FULL_DECK[4 * i:4 * i + 4]) for i in range(12)], ShowdownError,
         ["2 to 11"]),
        ("razz", "2c 7d 9h Ks Qd", ["As Ad", "Kh Kd"], GameError, ["'razz'", "omaha-hilo"]),
    ],
)
def test_bad_showdowns_are_refused(game, board, hands, error, words):
    with pytest.raises(error) as raised:
        showdown(hands, board, game=game)
    for word in words:
        assert word in str(raised.value)


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "omaha-hilo", "short-deck"])
def test_deal_showdown_deals_the_games_cards(game):
    rules = GAMES[game]
    most = (rules.deck_size - 5) // rules.hole_cards
    result = deal_showdown(most, seed=11, game=game)
    cards = [str(card) for hole in result.holes.values() for card in hole] + [str(card) for card in result.board]
    assert len(set(cards)) == len(cards) == 5 + most * rules.hole_cards
    assert all(len(hole) == rules.hole_cards for hole in result.holes.values())
    assert set(cards) <= set(SHORT_DECK if rules.short_deck else FULL_DECK)
    hands = {name: " ".join(str(card) for card in hole) for name, hole in result.holes.items()}
    check_showdown(game, " ".join(str(card) for card in result.board), hands)
    with pytest.raises(ShowdownError, match=f"2 to {most}"):
        deal_showdown(most + 1, game=game)


# --------------------------------------------------------------------------------------------
# 2. settle(..., game="omaha-hilo"): hand-worked spots
# --------------------------------------------------------------------------------------------


def conserved(result: Settlement) -> bool:
    return (sum(result.payouts.values()) + sum(result.returned.values()) + result.rake
            == sum(result.contributions.values()))


def test_quartered_low_with_odd_chips():
    # Board 2c 4d 7h Jd Js (see test_hand_picked_hi_lo_verdicts): C wins the high with sevens
    # full, A and B tie the low with 7-4-3-2-A.  101 each: one pot of 303.
    #   cut: 303 = 152 high (the odd chip of the cut goes high) + 151 low
    #   high 152 -> C
    #   low 151 split A/B: 75 each and one odd chip, to the first of them clockwise from the
    #   button (seat 0, A): B (seat 1) -> B 76, A 75
    seats = [Seat("A", 101, "Ah 3h Kc Qc"), Seat("B", 101, "As 3s Qd Td"), Seat("C", 101, "7c 7d 9s 8s")]
    result = settle(seats, "2c 4d 7h Jd Js", button=0, game="omaha-hilo")
    assert result.payouts == {"A": 75, "B": 76, "C": 152}
    (pot,) = result.pots
    assert pot.amount == 303 and pot.high_winners == ("C",) and set(pot.low_winners) == {"A", "B"}
    assert pot.low_description == "7-4-3-2-A low" and pot.description.startswith("Full House")
    (part,) = pot.boards
    assert (part.high_amount, part.low_amount) == (152, 151)
    assert part.high_shares == {"C": 152} and part.low_shares == {"A": 75, "B": 76}
    assert result.game.name == "omaha-hilo" and conserved(result)
    text = str(result)
    assert "high 152 to C with Full House" in text  # the low's winners are named from the button on
    assert "B and A split the low (76, 75) with 7-4-3-2-A low" in text
    # All the odd chips to the first winner from the button: one odd chip here, the same split.
    same = settle(seats, "2c 4d 7h Jd Js", button=0, game="omaha-hilo", odd_chip="all-to-first-from-button")
    assert same.payouts == result.payouts
    # Button on B (seat 1): the first seat clockwise is C, then A: A gets the odd chip.
    assert settle(seats, "2c 4d 7h Jd Js", button=1, game="omaha-hilo").payouts == {"A": 76, "B": 75, "C": 152}
    # Each even pot: 100 each, 300 = 150 high to C + 150 low, 75 to A and to B: a quarter each.
    even = [Seat(seat.name, 100, seat.hole) for seat in seats]
    assert settle(even, "2c 4d 7h Jd Js", game="omaha-hilo").payouts == {"A": 75, "B": 75, "C": 150}


def test_no_low_the_high_takes_the_whole_pot():
    # Board Kc Qd 9h 8s 2c: only 8 and 2 are low cards, so no low can be made (three board
    # cards of 8 or lower are needed).  A (J T) and B (J T) both make the straight K-Q-J-T-9 and
    # tie; C's Kd Ks make three kings, beaten.  25 each: a pot of 75, all of it high.
    #   75 split A/B: 37 each and one odd chip; button C (seat 2): the first seat clockwise is A
    #   -> A 38, B 37
    seats = [Seat("A", 25, "Ac 3d Jc Ts"), Seat("B", 25, "Ah 4h Jd Th"), Seat("C", 25, "Kd Ks 5c 6c")]
    result = settle(seats, "Kc Qd 9h 8s 2c", button=2, game="omaha-hilo")
    assert result.payouts == {"A": 38, "B": 37, "C": 0}
    (pot,) = result.pots
    assert pot.low_winners == () and pot.low_description is None and set(pot.high_winners) == {"A", "B"}
    assert pot.boards[0].low_amount == 0 and pot.boards[0].high_amount == 75
    assert pot.description == "Straight, King high"
    assert "no low" in str(result) and conserved(result)


def test_tied_high_and_a_single_low():
    # Board Kc Kd 7h 4s 2c.  A (Qs Qh) and B (Qc Qd) both make kings and queens with a seven:
    # a tie; C makes kings and jacks (beaten) and the only low, Ac 3d + 7 4 2: 7-4-3-2-A.
    # 30 each: 90 = 45 high + 45 low.
    #   high 45 split A/B: 22 each and one odd chip; button B (seat 1): clockwise C, A, B, so A
    #   is the first high winner -> A 23, B 22
    #   low 45 -> C
    seats = [Seat("A", 30, "Qs Qh Tc 9d"), Seat("B", 30, "Qc Qd Ts 9h"), Seat("C", 30, "Ac 3d Jh Jd")]
    result = settle(seats, "Kc Kd 7h 4s 2c", button=1, game="omaha-hilo")
    assert result.payouts == {"A": 23, "B": 22, "C": 45}
    (pot,) = result.pots
    assert set(pot.high_winners) == {"A", "B"} and pot.low_winners == ("C",)
    assert pot.low_description == "7-4-3-2-A low"
    assert pot.boards[0].high_shares == {"A": 23, "B": 22} and pot.boards[0].low_shares == {"C": 45}
    assert conserved(result)


def test_side_pots_with_all_in_players_of_different_stacks():
    # Board As 2d 6h 9c Kh.
    #   A 3c 4c Qs Qd: high a pair of queens; low 3 4 + A 2 6 = 6-4-3-2-A (the best low)
    #   B 7d 8d Ks Kd: high three kings (the best high); low 7 8 + A 2 6 = 8-7-6-2-A
    #   C 3h 5h Jc Jh: high a pair of jacks; low 5 3 + A 2 6 = 6-5-3-2-A
    #   D Tc Ts 4d 5d: high a pair of tens; low 5 4 + A 2 6 = 6-5-4-2-A
    # A is all in for 31, B for 80, C bets 250 and D calls 200.
    #   uncalled: C's 250 over D's 200 -> 50 back to C
    #   main pot 31 * 4 = 124 (A B C D): 62 high to B, 62 low to A
    #   side pot 1 (80 - 31) * 3 = 147 (B C D): 74 high to B (the odd chip of the cut), 73 low to
    #     C (6-5-3-2-A beats D's 6-5-4-2-A and B's 8-7-6-2-A)
    #   side pot 2 (200 - 80) * 2 = 240 (C D): jacks beat tens and C's low beats D's: C scoops 240
    # payouts: A 62, B 62 + 74 = 136, C 73 + 240 = 313, D 0; 62 + 136 + 313 + 50 = 561 put in.
    seats = [Seat("A", 31, "3c 4c Qs Qd"), Seat("B", 80, "7d 8d Ks Kd"), Seat("C", 250, "3h 5h Jc Jh"),
             Seat("D", 200, "Tc Ts 4d 5d")]
    result = settle(seats, "As 2d 6h 9c Kh", game="omaha-hilo")
    assert result.returned == {"A": 0, "B": 0, "C": 50, "D": 0}
    assert [pot.amount for pot in result.pots] == [124, 147, 240]
    assert [pot.contenders for pot in result.pots] == [("A", "B", "C", "D"), ("B", "C", "D"), ("C", "D")]
    assert [(pot.high_winners, pot.low_winners) for pot in result.pots] == [
        (("B",), ("A",)), (("B",), ("C",)), (("C",), ("C",))]
    assert [pot.low_description for pot in result.pots] == ["6-4-3-2-A low", "6-5-3-2-A low", "6-5-3-2-A low"]
    assert [pot.shares for pot in result.pots] == [{"A": 62, "B": 62}, {"B": 74, "C": 73}, {"C": 240}]
    assert result.payouts == {"A": 62, "B": 136, "C": 313, "D": 0}
    assert result.net == {"A": 31, "B": 56, "C": 113, "D": -200}  # C: 313 + 50 - 250
    assert conserved(result)
    lines = result.announcement()
    assert "who scoops" in lines[-1] and lines[0] == "50 uncalled returned to C."
    data = json.loads(json.dumps(result.to_dict()))
    assert data["game"] == "omaha-hilo"
    assert [pot["high_winners"] for pot in data["pots"]] == [["B"], ["B"], ["C"]]
    assert [pot["low_winners"] for pot in data["pots"]] == [["A"], ["C"], ["C"]]
    assert data["pots"][1]["boards"][0]["high_amount"] == 74 and data["pots"][1]["boards"][0]["low_amount"] == 73


def test_a_half_smaller_than_its_winners_is_announced():
    # Board 6s 7d 7h 8c 8d: A (4c 4d 4h 5c) and B (4s 5d 5h 5s) both play 4-5 with 6-7-8: the
    # same straight, Eight high, and the same 8-7-6-5-4 low.  1 chip each: a pot of 2, cut into
    # a high of 1 and a low of 1; each half split between A and B is 0 each and one odd chip,
    # which goes to the first of them clockwise from the button (seat 0, A): B.  B takes 2.
    seats = [Seat("A", 1, "4c 4d 4h 5c"), Seat("B", 1, "4s 5d 5h 5s")]
    result = settle(seats, "6s 7d 7h 8c 8d", game="omaha-hilo")
    assert result.payouts == {"A": 0, "B": 2}
    (part,) = result.pots[0].boards
    assert (part.high_amount, part.low_amount) == (1, 1)
    assert set(part.winners) == set(part.low_winners) == {"A", "B"}
    text = str(result)  # a winner of no chips is named with 0, not a KeyError
    assert "split" in text and "8-7-6-5-4 low" in text
    assert result.to_dict()["pots"][0]["low_winners"] == list(part.low_winners)


def test_omaha_settle_refuses_wrong_hole_cards_and_short_deck_cards():
    with pytest.raises(HandSizeError, match="3 hole cards"):
        settle([Seat("A", 10, "3c 4c Qs"), Seat("B", 10, "7d 8d Ks Kd")], "As 2d 6h 9c Kh", game="omaha-hilo")
    with pytest.raises(GameError, match="4c"):
        settle([Seat("A", 10, "Ac 4c"), Seat("B", 10, "7d 8d")], "As Td 6h 9c Kh", game="short-deck")
    with pytest.raises(GameError, match="'stud'"):
        settle([Seat("A", 10, "Ac 4c"), Seat("B", 10, "7d 8d")], "As Td 6h 9c Kh", game="stud")


# --------------------------------------------------------------------------------------------
# 3. settle(..., game="omaha-hilo"): properties over random tables, against a reference
# --------------------------------------------------------------------------------------------


def reference_split(amount: int, winners: list[str], names: list[str], button: int, odd_chip: str) -> dict[str, int]:
    """Rule 6: equal whole chips; the odd ones one each (or all) from the first winner clockwise
    from the button."""
    ordered = sorted(winners, key=lambda name: (names.index(name) - button - 1) % len(names))
    each, odd = divmod(amount, len(ordered))
    shares = dict.fromkeys(ordered, each)
    if odd_chip == "one-each-from-button":
        for name in ordered[:odd]:
            shares[name] += 1
    else:
        shares[ordered[0]] += odd
    return shares


def reference_settlement(seats: list[Seat], runs: list[str], button: int, odd_chip: str):
    """Pots (amount, contenders, per board (high winners, low winners, high shares, low shares))
    and payouts, from the rules of showdown.pots with the brute force's hands."""
    names = [seat.name for seat in seats]
    put = {seat.name: seat.contribution for seat in seats}
    live = [seat.name for seat in seats if not seat.folded]
    ranked = sorted(put.values(), reverse=True)
    returned = dict.fromkeys(names, 0)
    top = max(names, key=lambda name: put[name])
    returned[top] = ranked[0] - ranked[1]
    in_pots = {name: put[name] - returned[name] for name in names}
    pots: list[list] = []
    previous = 0
    for level in sorted(set(in_pots.values()) - {0}):
        amount = sum(min(chips, level) - min(chips, previous) for chips in in_pots.values())
        contenders = [name for name in names if name in live and in_pots[name] >= level]
        if not contenders:
            pots[-1][0] += amount
        elif pots and pots[-1][1] == contenders:
            pots[-1][0] += amount
        else:
            pots.append([amount, contenders])
        previous = level
    holes = {seat.name: " ".join(str(card) for card in seat.hole) for seat in seats if seat.hole}
    payouts = dict.fromkeys(names, 0)
    result = []
    for amount, contenders in pots:
        parts = []
        if len(contenders) == 1:
            payouts[contenders[0]] += amount
            result.append((amount, contenders, parts))
            continue
        each, odd = divmod(amount, len(runs))
        for number, run in enumerate(runs):
            part = each + (number < odd)
            shown = {name: holes[name] for name in contenders}
            winners, low_winners, _, lows = naive_showdown("omaha-hilo", run, shown)
            low_amount = part // 2 if low_winners else 0
            high = reference_split(part - low_amount, winners, names, button, odd_chip)
            low = reference_split(low_amount, low_winners, names, button, odd_chip) if low_winners else {}
            for shares in (high, low):
                for name, chips in shares.items():
                    payouts[name] += chips
            best_low = low_words(lows[low_winners[0]]) if low_winners else None
            parts.append((winners, low_winners, high, low, best_low))
        result.append((amount, contenders, parts))
    return result, payouts, returned


@st.composite
def hi_lo_tables(draw):
    mode = draw(st.sampled_from(["full deck", "low cards", "ties"]))
    runs = draw(st.sampled_from([1, 1, 1, 2]))
    deck = FULL_DECK if mode == "full deck" else LOW_DECK
    # As many seats as leave cards for two boards: 4 * n + 10 cards at most.
    n = draw(st.integers(2, min(4 if mode == "ties" else 7, (len(deck) - 10) // 4)))
    stack = st.one_of(st.integers(0, 400), st.sampled_from([0, 1, 3, 50, 51, 100, 100, 101, 400]))
    contributions = draw(st.lists(stack, min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    keep = draw(st.integers(0, n - 1))
    folded[keep] = False
    if not any(c for c, f in zip(contributions, folded, strict=True) if not f):
        contributions[keep] = draw(st.integers(1, 400))
    if mode == "ties":
        # Every seat holds the same four ranks, each seat's suits turned one further: ties in
        # both halves, often three or four ways, with odd chips to share.
        ranks = draw(st.lists(st.sampled_from("A2345678K"), min_size=4, max_size=4, unique=True))
        holes = [ranks[j] + naive.SUITS[(i + j) % 4] for i in range(n) for j in range(4)]
        cards = holes + draw(st.permutations([card for card in deck if card not in holes]))
    else:
        cards = draw(st.permutations(deck))
    seats = []
    for i in range(n):
        hole = " ".join(cards[4 * i:4 * i + 4])
        if folded[i] and draw(st.booleans()):
            hole = None
        seats.append(Seat(f"S{i}", contributions[i], hole, folded[i]))
    used = 4 * n
    shared = draw(st.integers(0, 3)) if runs > 1 else 5
    board = cards[used:used + shared]
    used += shared
    boards = []
    for _ in range(runs):
        boards.append(" ".join(board + cards[used:used + 5 - shared]))
        used += 5 - shared
    button = draw(st.integers(0, n - 1))
    odd_chip = draw(st.sampled_from(["one-each-from-button", "all-to-first-from-button"]))
    return seats, boards, button, odd_chip


@budget(2.5, suppress_health_check=[HealthCheck.too_slow])
@given(hi_lo_tables())
def test_hi_lo_settlement_properties(table):
    seats, boards, button, odd_chip = table
    if len(boards) == 1:
        result = settle(seats, boards[0], button=button, odd_chip=odd_chip, game="omaha-hilo")
    else:
        result = settle(seats, "", button=button, odd_chip=odd_chip, boards=boards, game="omaha-hilo")
    expected_pots, expected_payouts, expected_returned = reference_settlement(seats, boards, button, odd_chip)

    total = sum(seat.contribution for seat in seats)
    assert sum(result.payouts.values()) + sum(result.returned.values()) + result.rake == total
    assert result.returned == expected_returned
    assert result.payouts == expected_payouts
    assert [(pot.amount, list(pot.contenders)) for pot in result.pots] == [
        (amount, contenders) for amount, contenders, _ in expected_pots]
    for pot, (amount, contenders, parts) in zip(result.pots, expected_pots, strict=True):
        assert sum(pot.shares.values()) == pot.amount
        if len(contenders) == 1:
            assert pot.shares == {contenders[0]: amount} and pot.low_winners == ()
            continue
        assert len(pot.boards) == len(boards)
        for part, (winners, low_winners, high, low, best_low) in zip(pot.boards, parts, strict=True):
            # the cut: the low half is the smaller one, the odd chip goes high
            assert part.low_amount == (part.amount // 2 if low_winners else 0)
            assert part.high_amount == part.amount - part.low_amount
            assert set(part.winners) == set(winners) and set(part.low_winners) == set(low_winners)
            assert part.high_shares == {name: chips for name, chips in high.items() if chips}
            assert part.low_shares == low
            assert sum(part.low_shares.values()) == part.low_amount
            assert sum(part.high_shares.values()) == part.high_amount
            assert part.low_description == best_low
            # each half split evenly: shares differ by at most one chip (or the odd chips, all to one)
            for half, amount_of_half in ((high, part.high_amount), (low, part.low_amount)):
                if half:
                    spread = max(half.values()) - min(half.values())
                    assert spread <= (1 if odd_chip == "one-each-from-button" else amount_of_half % len(half))
            if len(winners) == 1 and len(low_winners) == 2 and winners[0] not in low_winners and part.amount % 4 == 0:
                assert low == dict.fromkeys(low_winners, part.amount // 4)  # quartered
        assert set(pot.high_winners) == {name for winners, _, _, _, _ in parts for name in winners}
        assert set(pot.low_winners) == {name for _, low_winners, _, _, _ in parts for name in low_winners}
        lows = [best_low for _, _, _, _, best_low in parts if best_low]
        assert pot.low_description == (" / ".join(dict.fromkeys(lows)) or None)
        assert set(pot.winners) == {name for name, chips in pot.shares.items() if chips}
    json.dumps(result.to_dict())
