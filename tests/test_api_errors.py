"""The errors of the API reference: each public callable's ``Raises:`` section names what bad input
really raises. Every row of the table below calls a public callable with bad arguments and checks
the exact error type and a fragment of its message; the section checks then keep the docstrings and
the table in step (each error a section names has a row for that callable, each row's error is named
in its callable's section, and every name is an exception showdown exports or a builtin one)."""

import builtins
import inspect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import showdown
import showdown.videopoker as vp
from showdown import (
    LIMITS,
    Breakdown,
    Card,
    CardParseError,
    ComboEquities,
    Deck,
    DistributedError,
    DuplicateCardError,
    EmptyRangeError,
    EquityCancelled,
    EquityError,
    FileError,
    GameError,
    HandRank,
    HandSizeError,
    OmahaRange,
    PlayerCountError,
    PreflopTable,
    Rake,
    Range,
    RangeParseError,
    Seat,
    SettlementError,
    ShowdownError,
    StudyError,
    board_text,
    breakdown,
    card_ids,
    cards_to_mask,
    census,
    combo_equities,
    dask_client,
    deal_showdown,
    describe_many,
    equity,
    evaluate,
    evaluate_low,
    evaluate_many,
    evaluate_many_low,
    format_cards,
    grid_plan,
    hand_from_json,
    hand_value,
    hands,
    mask_to_cards,
    next_card,
    odds_grid,
    parse_board,
    parse_cards,
    plan,
    player_names,
    preflop_table,
    random_hands,
    run_batch,
    run_options,
    settle,
    starting_hand_of,
)
from showdown import showdown as show_down
from showdown.videopoker import (
    AnalysisStopped,
    HandClass,
    HoldParseError,
    Paytable,
    PaytableError,
    Strategy,
    Trainer,
    VideoPokerError,
    analyze,
    analyze_all,
    best_hold,
    describe_hold,
    hand_class,
    holds,
    parse_deal,
    parse_hold,
    paytable_from_text,
    strategy,
)


@dataclass(frozen=True)
class Later:
    """An argument made when the row runs, from the test's ``tmp_path`` (fresh state, files)."""

    make: Callable[[Path], Any]


@dataclass(frozen=True)
class Case:
    target: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(hash=False)
    error: type[BaseException]
    match: str


CASES: list[Case] = []


def row(target: Callable[..., Any], *args: Any, raises: type[BaseException], match: str, **kwargs: Any) -> None:
    CASES.append(Case(target, args, kwargs, raises, match))


def key(target: Any) -> str:
    """The public name a row or a section belongs to: ``showdown.cards.Deck.deal``."""
    return f"{target.__module__}.{target.__qualname__}"


# --- objects the methods are called on ----------------------------------------------------------
JOB = Paytable.named("jacks-or-better-9-6")
JOB_PAYS = dict(JOB.pays)
DEAL = "As Ks Qs Js Ts"
HELD = parse_cards("As Ks Kh 4s 4d")
OMAHA = OmahaRange("AAxx")
# A strategy list with no lines: a bad deal or position is refused before any line is looked up
# (deriving a real list takes seconds).
NO_LINES = Strategy(JOB, 5, (), Fraction(1), Fraction(1), 0.0, {})


def deck(_: Path) -> Deck:
    return Deck(seed=1, cards="Kd Qd")


def trainer(_: Path) -> Trainer:
    return Trainer(seed=1)


def dealt(_: Path) -> Trainer:
    player = Trainer(seed=1)
    player.deal()
    return player


@cache
def _breakdown() -> Breakdown:
    return breakdown("AA, KK", "Ks 7h 2d")


@cache
def _equities() -> ComboEquities:
    return combo_equities("AA, 22, KQs", "QQ", "Ks 7h 2d")


@cache
def _table() -> PreflopTable:
    return preflop_table(["AA", "KK"])


def batch_file(tmp: Path) -> Path:
    path = tmp / "batch.jsonl"
    path.write_text('{"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"}\n')
    return path


def foreign_output(tmp: Path) -> Path:
    path = tmp / "other.jsonl"
    path.write_text('{"line": 1, "input": {"players": ["QQ", "JJ"]}, "error": "x"}\n')
    return path


SOURCE = Later(batch_file)
OUTPUT = Later(lambda tmp: tmp / "out.jsonl")
SEATS = [Seat("A", 5, "2c 3c"), Seat("B", 5, "4d 5d")]
HAND = '{"seats": [{"name": "A", "contribution": 5, "hole": %s}, {"name": "B", "contribution": 5}]%s}'

# --- cards --------------------------------------------------------------------------------------
row(Card, "Zz", raises=CardParseError, match="bad card 'Zz'")
row(Card, "As Kd", raises=CardParseError, match="expected one card, got 2")
row(Card, 52, raises=CardParseError, match="card id 52 is out of range 0..51")
row(Deck, seed=-1, raises=ShowdownError, match="seed must be at least 0, got -1")
row(Deck, shuffle="no", raises=ShowdownError, match="shuffle must be True or False, got 'no'")
row(Deck, cards="As Zz", raises=CardParseError, match="bad card 'Zz'")
row(Deck, cards="As As", raises=DuplicateCardError, match="card As appears more than once")
row(Deck.shuffle, Later(deck), seed="x", raises=ShowdownError, match="seed must be a whole number, got 'x'")
row(Deck.deal, Later(deck), 3, raises=HandSizeError, match="cannot deal 3 cards from a deck of 2")
row(Deck.deal, Later(deck), 1.0, raises=HandSizeError, match="must be a whole number, got 1.0")
row(Deck.remove, Later(deck), "As", raises=DuplicateCardError, match="card As is not in the deck")
row(Deck.remove, Later(deck), "Kd Kd", raises=DuplicateCardError, match="card Kd appears more than once")
row(Deck.remove, Later(deck), "Zz", raises=CardParseError, match="bad card 'Zz'")
row(parse_cards, "As Kd Zz", raises=CardParseError, match="bad card 'Zz' at position 7")
row(parse_cards, [51, 99], raises=CardParseError, match="card id 99 is out of range 0..51")
row(parse_cards, "As As", allow_duplicates="no", raises=ShowdownError, match="allow_duplicates must be True or False")
row(parse_cards, "Jk As", raises=CardParseError, match="the joker (Jk) is only dealt in joker video poker games")
row(parse_cards, "As as", raises=DuplicateCardError, match="card As appears more than once")
row(parse_board, "Ks 7h", raises=HandSizeError, match="the board has 2 cards")
row(parse_board, "Ks 7h 2d 3c 4s 5s", raises=HandSizeError, match="the board has 6 cards")
row(parse_board, "Ks 7h Zz", raises=CardParseError, match="bad card 'Zz'")
row(parse_board, "Ks 7h Ks", raises=DuplicateCardError, match="card Ks appears more than once")
row(board_text, "Ks Zz", raises=CardParseError, match="bad card 'Zz'")
row(board_text, "Ks 7h Ks", raises=DuplicateCardError, match="card Ks appears more than once")
row(format_cards, "As Zz", raises=CardParseError, match="bad card 'Zz'")
row(format_cards, "As Kd", separator=5, raises=ShowdownError, match="separator must be text, got 5")
row(cards_to_mask, "2c Zz", raises=CardParseError, match="bad card 'Zz'")
row(cards_to_mask, "2c 2c", raises=DuplicateCardError, match="card 2c appears more than once")
row(mask_to_cards, 1 << 52, raises=CardParseError, match="has bits outside the 52 cards")
row(mask_to_cards, "3", raises=CardParseError, match="'3' is not a card mask")

# --- evaluation ---------------------------------------------------------------------------------
row(HandRank, -1, (), raises=ShowdownError, match="-1 is not a hand value (0 to 36863)")
row(HandRank, 5, [Card("As")], raises=TypeError, match="must be tuple")
row(HandRank, "x", (), raises=TypeError, match="cannot be interpreted as an integer")
for evaluator in (evaluate, hand_value):  # hand_value takes what evaluate takes and raises what it raises
    row(evaluator, "As Zz", raises=CardParseError, match="bad card 'Zz'")
    row(evaluator, "As As", raises=DuplicateCardError, match="card As appears more than once")
    row(evaluator, "As Kd", "As 7h 2d", raises=DuplicateCardError, match="card As is in the hand and on the board")
    row(evaluator, "As Kd Qd Jd Td 9d 8d 7d", raises=HandSizeError, match="a hand has 1 to 7 cards, got 8")
    row(evaluator, "", raises=HandSizeError, match="a hand has 1 to 7 cards, got 0")
    row(evaluator, "As Kd", "2c 3d 4h", game="omaha", raises=HandSizeError, match="Omaha deals 4 hole cards")
    row(evaluator, "As Kd Qd Jd", "2c 3d", game="omaha", raises=HandSizeError, match="the board has 2 cards")
    row(evaluator, "As Kd", game="razz", raises=GameError, match="unknown game 'razz'")
    row(evaluator, "As 5d", "Ks Qs Js", game="short-deck", raises=GameError, match="card 5d is not in the short deck")
row(card_ids, ["As Ks Qs Js Ts", "2c 3d 4h 5s"], raises=HandSizeError,
    match="hand 1 has 4 cards; every hand must have 5")
row(card_ids, "As Ks", raises=HandSizeError, match="card_ids takes a list of hands")
row(card_ids, ["As Zz"], raises=CardParseError, match="hand 0: bad card 'Zz'")
row(card_ids, ["As As"], raises=DuplicateCardError, match="card As appears more than once")
row(describe_many, [1 << 20], raises=ShowdownError, match="1048576 is not the value of a Texas Hold'em hand")
row(describe_many, [0], game="razz", raises=GameError, match="unknown game 'razz'")
row(evaluate_many, [[0.0, 1, 2, 3, 4]], raises=ShowdownError, match="must be an integer array, got dtype float64")
row(evaluate_many, [[0, 1, 2, 3, 4]], check=None, raises=ShowdownError, match="check must be True or False, got None")
row(evaluate_many, [[0, 1, 2, 3, 4]], out=np.zeros(2, dtype=np.int32), raises=ShowdownError,
    match="out must be a writable C-contiguous int32 array of shape (1,)")
row(evaluate_many, [[0, 1, 2, 3, 4]], n_jobs=0, raises=ShowdownError, match="n_jobs must be a positive int")
row(evaluate_many, [list(range(8))], raises=HandSizeError, match="with k in 1..7, got shape (1, 8)")
row(evaluate_many, [[0, 1, 2, 3, 4], [5, 6, 7, 8, 99]], raises=CardParseError,
    match="row 1: card id 99 is out of range 0..51")
row(evaluate_many, [[0, 1, 2, 3, 3]], raises=DuplicateCardError, match="row 0: card 2s appears more than once")
row(evaluate_many, [[16, 17, 18, 19, 0]], game="short-deck", raises=GameError,
    match="row 0: card 2c (id 0) is not in the short deck")
row(evaluate_many, [[0, 1, 2, 3, 4]], game="razz", raises=GameError, match="unknown game 'razz'")
row(evaluate_many_low, [[0.5] * 9], raises=ShowdownError, match="must be an integer array")
row(evaluate_many_low, [[0, 1, 2, 3, 4]], raises=HandSizeError, match="(k in 7..9), got shape (1, 5)")
row(evaluate_many_low, [[0, 1, 2, 3, 4, 5, 6, 7, 99]], raises=CardParseError, match="row 0: card id 99")
row(evaluate_many_low, [[0, 1, 2, 3, 4, 5, 6, 7, 7]], raises=DuplicateCardError,
    match="row 0: card 3s appears more than once")
row(evaluate_many_low, [[0, 1, 2, 3, 4, 5, 6, 7, 8]], game="omaha", raises=GameError, match="omaha has no low half")
row(census, 8, raises=HandSizeError, match="a hand has 1 to 7 cards, got 8")
row(census, 0, raises=HandSizeError, match="a hand has 1 to 7 cards, got 0")
row(census, 5.0, raises=HandSizeError, match="n_cards must be a whole number, got 5.0")
row(census, "5", raises=HandSizeError, match="n_cards must be a whole number, got '5'")
row(evaluate_low, "Ah 2h Qs Qd", "3c 4d 5s", game="holdem", raises=GameError, match="holdem has no low half")
row(evaluate_low, "Ah 2h Qs Qd", "3c 4d 5s", game="razz", raises=GameError, match="unknown game 'razz'")
row(evaluate_low, "Ah 2h Qs", "3c 4d 5s", raises=HandSizeError, match="deals 4 hole cards to a player, got 3")
row(evaluate_low, "Ah 2h Qs Qd", "3c 4d", raises=HandSizeError, match="the board has 2 cards")
row(evaluate_low, "Ah 2h Qs Zz", "3c 4d 5s", raises=CardParseError, match="bad card 'Zz'")
row(evaluate_low, "Ah 2h Qs Qd", "Ah 4d 5s", raises=DuplicateCardError, match="card Ah is in the hand and on the board")

# --- showdown and settlement --------------------------------------------------------------------
row(show_down, ["2c 3c"], "As Ks Qs", raises=ShowdownError, match="showdown needs 2 to 23 players, got 1")
row(show_down, "2c 3c", "As Ks Qs", raises=ShowdownError, match="hands must be a list of hands or a dict")
row(show_down, {"alice": "2c 3c", "bob": ""}, "As Ks Qs Js Ts", raises=HandSizeError,
    match="player 'bob' shows no cards")
row(show_down, ["2c 3c", "4d 5d"], "As Ks", raises=HandSizeError, match="the board has 2 cards")
row(show_down, ["2c", "4d 5d"], "As Ks Qs", raises=HandSizeError, match="player 0 has 4 cards with the board")
row(show_down, ["2c 3c", "4d 5d 6d 7d"], "As Ks Qs", game="omaha", raises=HandSizeError,
    match="player 0 shows 2 cards; Omaha deals 4 hole cards to a player")
row(show_down, ["2c 3c 4c 5c", "4d 5d 6d 7d"], "As Ks", game="omaha", raises=HandSizeError,
    match="the board has 2 cards")
row(show_down, ["As 3c", "4d 5d"], "As Ks Qs", raises=DuplicateCardError,
    match="card As is in the hand of player 0 and in the board")
row(show_down, ["2c 3c", "4d 5d"], "As Ks Zz", raises=CardParseError, match="bad card 'Zz'")
row(show_down, ["2c 3c", "4d 5d"], "As Ks Qs", game="razz", raises=GameError, match="unknown game 'razz'")
row(show_down, ["2c 3c", "Td Jd"], "As Ks Qs", game="short-deck", raises=GameError,
    match="card 2c in the hand of player 0 is not in the short deck")
row(deal_showdown, 1, raises=ShowdownError, match="deal needs 2 to 23 players, got 1")
row(deal_showdown, 3, seed=-1, raises=ShowdownError, match="seed must be at least 0, got -1")
row(deal_showdown, 3, game="razz", raises=GameError, match="unknown game 'razz'")
row(player_names, ["a", " "], raises=ShowdownError, match="player 2 has an empty name")
row(player_names, ["a", "a"], raises=ShowdownError, match="player name 'a' is used twice")
row(Seat, "", 5, raises=SettlementError, match="a seat needs a non-empty name")
row(Seat, "A", -1, raises=SettlementError, match="contribution must not be negative, got -1")
row(Seat, "A", 1.5, raises=SettlementError, match="contribution must be a whole number, got 1.5")
row(Seat, "A", 5, folded="yes", raises=SettlementError, match="folded must be True or False")
row(Seat, "A", 5, "Zz", raises=CardParseError, match="bad card 'Zz'")
row(Seat, "A", 5, "As As", raises=DuplicateCardError, match="card As appears more than once")
row(Rake, 5, raises=SettlementError, match="give the rake's unit by name, Rake(percent=5)")
row(Rake, cap=3, raises=SettlementError, match="a rake needs its percent")
row(Rake, percent=101, raises=SettlementError, match="rake percent must be between 0 and 100, got 101")
row(Rake, percent="abc", raises=SettlementError, match="rake percent must be a decimal number")
row(Rake, percent=5, cap=-1, raises=SettlementError, match="rake cap must not be negative, got -1")
row(Rake, percent=5, no_flop_no_drop="x", raises=SettlementError, match="no_flop_no_drop must be True or False")
BOARD = "Ac Kc Jc 5c Th"
row(settle, SEATS[:1], BOARD, raises=SettlementError, match="a hand has 2 to 23 seats, got 1")
row(settle, [SEATS[0], "B"], BOARD, raises=SettlementError, match="seat 1 is not a Seat")
row(settle, [SEATS[0], SEATS[0]], BOARD, raises=SettlementError, match="seat name 'A' is used twice")
row(settle, SEATS, BOARD, button=5, raises=SettlementError, match="button must be a seat index 0..1")
row(settle, SEATS, BOARD, button="Z", raises=SettlementError, match="button 'Z' is not a seat name")
row(settle, SEATS, BOARD, odd_chip="x", raises=SettlementError, match="odd_chip must be one of")
row(settle, SEATS, BOARD, rake=5, raises=SettlementError, match="rake must be a Rake, got 5")
row(settle, SEATS, "", boards="Ac Kc Jc 5c Th", raises=SettlementError, match="boards must be a list")
row(settle, SEATS, "", boards=5, raises=SettlementError, match="boards must be a list, got 5")
row(settle, SEATS, "", boards=[], raises=SettlementError, match="boards must be a list of one or more boards")
row(settle, 5, "", raises=SettlementError, match="seats must be a list, got 5")
row(settle, [Seat("A", 5, folded=True), Seat("B", 5, folded=True)], BOARD, raises=SettlementError,
    match="every seat has folded")
row(settle, [Seat("A", 5), SEATS[1]], BOARD, raises=SettlementError,
    match="seat 'A' contests a pot at showdown but has no cards")
row(settle, SEATS, "Ac Kc", raises=HandSizeError, match="the board has 2 cards")
row(settle, SEATS, "Ac Kc Jc", raises=HandSizeError, match="a showdown needs all five")
row(settle, [Seat("A", 5, "2c 3c 4c"), SEATS[1]], BOARD, raises=HandSizeError,
    match="seat 'A' has 3 hole cards: a Texas Hold'em hand has at most two")
row(settle, [Seat("A", 5, "Ac 3c"), SEATS[1]], BOARD, raises=DuplicateCardError,
    match="card Ac is in the hand of seat 'A' and in the board")
row(settle, SEATS, "Ac Kc Zz", raises=CardParseError, match="bad card 'Zz'")
row(settle, SEATS, BOARD, game="razz", raises=GameError, match="unknown game 'razz'")
row(settle, SEATS, BOARD, game="short-deck", raises=GameError,
    match="card 5c on the board is not in the short deck")
row(hand_from_json, "not json", raises=SettlementError, match="the hand is not valid JSON")
row(hand_from_json, "[]", raises=SettlementError, match="a hand must be a JSON object")
row(hand_from_json, '{"seats": [], "x": 1}', raises=SettlementError, match="unknown field(s) in hand: x")
row(hand_from_json, "{}", raises=SettlementError, match="a hand needs a list of seats")
row(hand_from_json, HAND % ('"2c 3c"', ', "rake": {"cap": 3}'), raises=SettlementError,
    match="rake must be an object like")
row(hand_from_json, HAND % ('"2c 3c"', ', "rake": {"percent": 5, "kap": 3}'), raises=SettlementError,
    match="unknown field(s) in rake: kap")
row(hand_from_json, '{"seats": [{"name": "A", "contribution": -1}]}', raises=SettlementError,
    match="contribution must not be negative")
row(hand_from_json, Later(lambda tmp: tmp / "missing.json"), raises=SettlementError, match="cannot read hand file")
row(hand_from_json, HAND % ('"2c Zz"', ""), raises=CardParseError, match="bad card 'Zz'")
row(hand_from_json, HAND % ('"2c 2c"', ""), raises=DuplicateCardError, match="card 2c appears more than once")

# --- ranges and dealing -------------------------------------------------------------------------
row(Range, "AK+", raises=RangeParseError, match="bad range token 'AK+' at position 1 of 'AK+': ambiguous")
row(Range, "", raises=RangeParseError, match="empty range ''")
row(Range, "AAxx, " * 1_001, game="omaha", raises=RangeParseError,
    match="an Omaha range takes at most 1,000 tokens (each costs about a millisecond), got 1,001")
row(Range, "QQ+, " * 500 + "AK+", raises=RangeParseError,
    match="bad range token 'AK+' at position 2501 of 'QQ+, QQ+, QQ+, QQ+, QQ+, QQ+, QQ+, QQ+, QQ+, QQ+, QQ+, QQ+, QQ+, "
          "QQ+, QQ+, Q...: ambiguous")
row(Range, 5, raises=RangeParseError, match="a range is text such as 'TT+, AKs', got int")
row(Range, "22-55", game="short-deck", raises=GameError, match="holds no hand of the short deck")
row(Range, "AA", game="razz", raises=GameError, match="unknown game 'razz'")
row(Range.from_combos, ["Ah"], raises=RangeParseError, match="combo 0: expected two cards, got 1")
row(Range.from_combos, ["AhKh"], [2], raises=RangeParseError, match="combo 0 (Ah Kh): weight 2.0 is outside (0, 1]")
row(Range.from_combos, ["AhKh"], [0], raises=RangeParseError, match="a weight of 0 would remove the hand")
row(Range.from_combos, ["AhKh", "KhAh"], [1, 0.5], raises=RangeParseError, match="weight 0.5 conflicts with 1")
row(Range.from_combos, ["AhKh"], [1, 1], raises=RangeParseError, match="1 combos but 2 weights")
row(Range.from_combos, ["AhZz"], raises=CardParseError, match="bad card 'AhZz'")
row(Range.from_combos, ["AhAh"], raises=DuplicateCardError, match="card Ah appears more than once")
row(Range.from_combos, 5, raises=RangeParseError, match="combos must be a list, got 5")
row(Range.from_combos, "AhKh", raises=RangeParseError, match="combos must be a list, got 'AhKh'")
row(Range.from_combos, ["AhKh"], 0.5, raises=RangeParseError, match="weights must be a list, got 0.5")
row(Range.top, 0, raises=RangeParseError, match="top 0% is outside 0 < N <= 100")
row(Range.top, 101, raises=RangeParseError, match="top 101% is outside 0 < N <= 100")
row(Range.weight, Range("AA"), "Ah", raises=RangeParseError, match="a combo has two cards, got 1")
row(Range.weight, Range("AA"), "AhZz", raises=CardParseError, match="bad card 'AhZz'")
row(Range.weight, Range("AA"), "AhAh", raises=DuplicateCardError, match="card Ah appears more than once")
row(Range.without, Range("AA"), "Zz", raises=CardParseError, match="bad card 'Zz'")
row(Range.remove, Range("AA"), board="Zz", raises=CardParseError, match="bad card 'Zz'")
for method in (Range.split, Range.filter):
    more = {"made": ["set"]} if method is Range.filter else {}
    row(method, Range("AA"), "Ks 7h 2d", game="omaha", **more, raises=StudyError,
        match="board study covers hold'em and short deck; Omaha is not supported")
    row(method, Range("AA"), "Ks 7h", **more, raises=HandSizeError,
        match="the board has 2 cards; board study needs 3 (flop), 4 (turn) or 5 (river) cards")
    row(method, Range("AA"), "Ks 7h Zz", **more, raises=CardParseError, match="bad card 'Zz'")
    row(method, Range("AA"), "Ks 7h 2d", dead="Ks", **more, raises=DuplicateCardError,
        match="card Ks is both dead and on the board")
    row(method, Range("AA"), "Ks 7h 2d", game="razz", **more, raises=GameError, match="unknown game 'razz'")
    row(method, Range("AA"), "5h 7h 8d", game="short-deck", **more, raises=GameError,
        match="card 5h on the board is not in the short deck")
row(Range.split, Range("AA"), "Ks 7h 2d", by="x", raises=StudyError, match="split by 'made' or 'draw', got 'x'")
row(Range.filter, Range("AA"), "Ks 7h 2d", raises=StudyError, match="give made=[...] or draws=[...]")
row(Range.filter, Range("AA"), "Ks 7h 2d", made=["x"], raises=StudyError, match="'x' is not a made class")
row(Range.filter, Range("AA"), "Ks 7h 2d", draws=["set"], raises=StudyError, match="'set' is not a draw class")
row(Range.with_weights, Range("AA"), [("AA", 1)], raises=RangeParseError,
    match="weights must be a mapping of hand to weight, got list")
row(Range.with_weights, Range("AA"), {"xx": 1}, raises=RangeParseError, match="'xx' is not a starting hand")
row(Range.with_weights, Range("AA"), {"KK": 2}, raises=RangeParseError, match="KK: weight 2 is outside [0, 1]")
row(Range.with_weights, Range("AA"), {"KK": "x"}, raises=RangeParseError, match="the weight of KK must be a number")
row(Range.hand_combos, Range("AA"), "AK", raises=RangeParseError, match="is two starting hands, AKs and AKo")
row(Range.hand_combos, Range("AA"), 5, raises=RangeParseError, match="a starting hand is text such as 'AKs'")
row(starting_hand_of, "AK+", raises=RangeParseError, match="'AK+' is not a starting hand (such as AKs) or a combo")
row(starting_hand_of, "As Kd Qc", raises=RangeParseError, match="a combo has two cards, got 3")
row(OmahaRange, "AAx", raises=RangeParseError, match="it names 3 cards; Omaha hands have 4")
row(OmahaRange, 5, raises=RangeParseError, match="a range is text such as 'AAxx, KKQQds', got int")
row(OmahaRange, "AAxx", game="razz", raises=GameError, match="unknown game 'razz'")
row(OmahaRange.weight, OMAHA, "As Ad", raises=RangeParseError, match="Omaha hands have 4 cards, got 2")
row(OmahaRange.weight, OMAHA, "As Ad Zz 2c", raises=CardParseError, match="bad card 'Zz'")
row(OmahaRange.weight, OMAHA, "As As Kd 2c", raises=DuplicateCardError, match="card As appears more than once")
row(OmahaRange.without, OMAHA, "Zz", raises=CardParseError, match="bad card 'Zz'")
row(OmahaRange.remove, OMAHA, dead="Zz", raises=CardParseError, match="bad card 'Zz'")
for dealer in (hands, random_hands):
    row(dealer, -1, raises=ShowdownError, match="n must be a whole number of cards, got -1")
    row(dealer, 2, "Zz", raises=CardParseError, match="bad card 'Zz'")
    row(dealer, 2, "As", "As", raises=DuplicateCardError, match="card As is both shared and dead")
    row(dealer, 2, "As As", raises=DuplicateCardError, match="card As appears more than once")
    row(dealer, 1, "As Ks", raises=HandSizeError, match="2 shared cards do not fit in a hand of 1")
    row(dealer, 53, raises=HandSizeError, match="a hand of 53 needs 53 more cards but only 52 are left")
    row(dealer, 2, game="razz", raises=GameError, match="unknown game 'razz'")
    row(dealer, 2, "5h", game="short-deck", raises=GameError,
        match="card 5h among the shared cards is not in the short deck")
row(random_hands, 2, seed=-1, raises=ShowdownError, match="seed must be at least 0, got -1")

# --- odds ---------------------------------------------------------------------------------------
HEADS_UP = ["AcAd", "KhKs"]
for asker in (equity, plan):
    row(asker, ["AA"], raises=PlayerCountError, match="equity needs 2 to 10 players, got 1")
    row(asker, ["AA"] * 11, raises=PlayerCountError, match="equity needs 2 to 10 players, got 11")
    row(asker, "AA", raises=PlayerCountError, match="players must be a list of 2 to 10 hands or ranges")
    row(asker, {"": "AA", "b": "KK"}, raises=EquityError, match="a player's name must be non-empty text, got ''")
    row(asker, [[99, 0], "KK"], raises=CardParseError, match="player 1: card id 99 is out of range 0..51")
    row(asker, HEADS_UP, "2c 7d Zz", raises=CardParseError, match="bad card 'Zz'")
    row(asker, ["AcAd", "AcKs"], raises=DuplicateCardError, match="card Ac of player 2 (AcKs) is also in the hand")
    row(asker, HEADS_UP, "Ac 7d 9h", raises=DuplicateCardError, match="card Ac of player 1 (AcAd) is also in the board")
    row(asker, ["AcAdKc", "KK"], raises=HandSizeError, match="player 1: a hand has two cards, got 3")
    row(asker, HEADS_UP, "2c 7d", raises=HandSizeError, match="the board has 2 cards")
    row(asker, ["random"] * 10, game="omaha6", raises=HandSizeError, match="need 65 cards; the deck holds 52")
    row(asker, ["AA", "AK+"], raises=RangeParseError, match="player 2: bad range token 'AK+'")
    row(asker, ["AA", "KK"], "Kc Kd Kh", "Ks", raises=EmptyRangeError, match="the range 'KK' of player 2 is empty")
    row(asker, HEADS_UP, game="razz", raises=GameError, match="unknown game 'razz'")
    row(asker, ["5c5d", "AA"], game="short-deck", raises=GameError,
        match="card 5c of player 1 is not in the short deck")
    row(asker, [OMAHA, "KK"], raises=GameError, match="player 1: the range 'AAxx' holds 4-card hands")
for argument, value, message in (
    ("exact", "yes", "exact must be True, False or None, got 'yes'"),
    ("trials", 0, "trials must be at least 1, got 0"),
    ("stderr", -1, "stderr must be positive, got -1"),
    ("time_limit", math.inf, "time_limit must be a finite number, got inf"),
    ("seed", -1, "seed must be at least 0, got -1"),
    ("n_jobs", 0, "n_jobs must be at least 1, got 0"),
    ("max_evaluations", 0, "max_evaluations must be at least 1, got 0"),
):
    row(equity, HEADS_UP, **{argument: value}, raises=EquityError, match=message)
row(equity, ["AA", "KK"], exact=True, max_evaluations=1, raises=EquityError, match="over the limit of 1")
for given, message in ((dict(trials=100), "trials applies to Monte Carlo, not to exact=True"),
                       (dict(seed=7), "seed applies to Monte Carlo, not to exact=True; drop it"),
                       (dict(stderr=0.01, seed=7), "stderr and seed apply to Monte Carlo, not to exact=True; drop")):
    row(equity, HEADS_UP, "2c 7d 9h", exact=True, **given, raises=EquityError, match=message)
    row(odds_grid, "AsKs", "2c 7d 9h", exact=True, **{k: v for k, v in given.items() if k != "stderr"},
        raises=EquityError, match="applies to Monte Carlo, not to exact=True")
row(run_options, exact=True, trials=5, raises=EquityError, match="trials applies to Monte Carlo, not to exact=True")
row(run_options, trials=0.5, raises=EquityError, match="trials must be a whole number, got 0.5")
row(equity, "Ks 7h 2d", ["AA", "KK"], raises=PlayerCountError, match="the board goes second: equity(players, board)")
row(equity, ["random"] * 3, exact=True, raises=EquityError, match="preflop is out of reach")
row(equity, ["AA", "random"], exact=True, progress=lambda interim: False, raises=EquityCancelled,
    match="exact enumeration stopped by the progress callback")
row(equity, ["AA", "random"], exact=True, time_limit=1e-9, raises=EquityCancelled,
    match="exact enumeration reached time_limit=1e-09 s after")
row(equity, HEADS_UP, exact=False, trials=100, progress=5, raises=EquityError, match="progress must be a function")
row(equity, HEADS_UP, exact=False, trials=100, client="x", raises=DistributedError,
    match="client must be a dask.distributed.Client (or None), got 'x'")
row(LIMITS.exact_seconds, -1, raises=EquityError, match="evaluations must be at least 0, got -1")
row(LIMITS.exact_seconds, 1, threads=0, raises=EquityError, match="threads must be at least 1, got 0")
for grid in (grid_plan, odds_grid):
    row(grid, "As", raises=HandSizeError, match="the Texas Hold'em odds grid needs 2 hole cards, got 1")
    row(grid, "AsKs", "2c 7d", raises=HandSizeError, match="the board has 2 cards")
    row(grid, "AsKs", opponents=0, raises=EquityError, match="the odds grid takes 1 to 9 opponents, got 0")
    row(grid, "AsZz", raises=CardParseError, match="bad card 'AsZz'")
    row(grid, "AsKs", "As 7d 2c", raises=DuplicateCardError, match="card As of player 1 (AsKs) is also in the board")
    row(grid, "AsKs", game="razz", raises=GameError, match="unknown game 'razz'")
    row(grid, "As5s", game="short-deck", raises=GameError, match="card 5s of player 1 is not in the short deck")
row(odds_grid, "AsKs", trials=0, raises=EquityError, match="trials must be at least 1, got 0")
row(odds_grid, "AsKs", exact=True, progress=lambda interim: False, raises=EquityCancelled,
    match="exact enumeration stopped by the progress callback")
row(preflop_table, [], raises=ShowdownError, match="preflop_table needs distinct starting hands")
row(preflop_table, ["AA", "AA"], raises=ShowdownError, match="preflop_table needs distinct starting hands")
row(preflop_table, ["AKx"], raises=ShowdownError, match="'AKx' is not a starting hand")
row(preflop_table, ["AA", "aa"], raises=ShowdownError, match="preflop_table needs distinct starting hands")
row(preflop_table, "AKs", raises=ShowdownError, match="hands must be a list, got 'AKs'")
row(preflop_table, ["AhKh"], raises=ShowdownError, match="'AhKh' is not a starting hand")
row(preflop_table, [["AA"]], raises=ShowdownError, match="['AA'] is not a starting hand")
row(preflop_table, ["AA"], partitions=0, raises=ShowdownError, match="partitions must be at least 1, got 0")
row(preflop_table, ["AA"], progress="x", raises=ShowdownError, match="progress must be a function (or None), got 'x'")
row(preflop_table, ["AA"], client="x", raises=DistributedError, match="client must be a dask.distributed.Client")
row(PreflopTable.to_csv, Later(lambda _: _table()), Later(lambda tmp: tmp / "missing" / "table.csv"),
    raises=FileError, match="does not exist")
row(PreflopTable.heatmap, Later(lambda _: _table()), Later(lambda tmp: tmp), raises=FileError,
    match="it is a directory")
row(PreflopTable.index, Later(lambda _: _table()), "72o", raises=ShowdownError,
    match="'72o' is not one of this table's starting hands")
row(PreflopTable.equity, Later(lambda _: _table()), "AA", "72o", raises=ShowdownError,
    match="'72o' is not one of this table's starting hands")

# --- board study --------------------------------------------------------------------------------
FLOP = "Ks 7h 2d"
NEVER = ("AsAh, AsAd", "AhAd, AsAc")  # every combo of one shares a card with every combo of the other
row(breakdown, FLOP, "AA", raises=StudyError, match="the board goes second: breakdown(range, board)")
row(breakdown, "AA", FLOP, villain=5, raises=StudyError, match="breakdown takes one villain range, got int")
row(breakdown, 5, FLOP, raises=StudyError, match="the range: a range is text such as 'TT+, AKs' or a Range")
row(breakdown, OMAHA, FLOP, raises=StudyError, match="board study covers two-card ranges")
row(breakdown, "AA", FLOP, game="omaha", raises=StudyError, match="board study covers hold'em and short deck")
row(breakdown, "AA", "Ks 7h", raises=HandSizeError, match="the board has 2 cards; board study needs 3 (flop)")
row(breakdown, "AA", "Ks 7h Zz", raises=CardParseError, match="bad card 'Zz'")
row(breakdown, "AA", FLOP, dead="Ks", raises=DuplicateCardError, match="card Ks is both dead and on the board")
row(breakdown, "AA", FLOP, game="razz", raises=GameError, match="unknown game 'razz'")
row(breakdown, "AA", "5h 7h 8d", game="short-deck", raises=GameError, match="card 5h on the board is not in the")
row(breakdown, "AK+", FLOP, raises=RangeParseError, match="the range: bad range token 'AK+'")
row(breakdown, "KK", "Ks Kd 2c", dead="Kh", raises=EmptyRangeError,
    match="the range 'KK' is empty once the board and dead cards are removed")
row(breakdown, NEVER[0], "2c 7d 9h", villain=NEVER[1], raises=EquityError, match="never fit together")
row(Breakdown.combos, Later(lambda _: _breakdown()), "x", raises=StudyError, match="'x' is not a hand class")
row(Breakdown.share, Later(lambda _: _breakdown()), "x", raises=StudyError, match="'x' is not a hand class")
row(ComboEquities.equity_at, Later(lambda _: _equities()), 0, raises=StudyError, match="share must be positive")
row(ComboEquities.equity_at, Later(lambda _: _equities()), 2, raises=StudyError,
    match="share is a fraction of the range, at most 1, got 2")
row(ComboEquities.filter, Later(lambda _: _equities()), min_equity="x", raises=StudyError,
    match="min_equity must be a number, got 'x'")
row(ComboEquities.filter, Later(lambda _: _equities()), classes=5, raises=StudyError,
    match="classes must be a name or a list of names, got 5")
row(ComboEquities.filter, Later(lambda _: _equities()), classes=["AK+"], raises=RangeParseError,
    match="'AK+' is not a starting hand")
for studied in (combo_equities, next_card):
    row(studied, "AA", "KK", FLOP, game="omaha", raises=StudyError, match="board study covers hold'em and short")
    row(studied, "AA", "KK", "Ks 7h Zz", raises=CardParseError, match="bad card 'Zz'")
    row(studied, "AsAd", "AsKd", FLOP, raises=DuplicateCardError, match="card As of player 'villain'")
    row(studied, "AA", "KK", FLOP, dead="Ks", raises=DuplicateCardError, match="card Ks is both dead and on the")
    row(studied, "AA", "KK", FLOP, game="razz", raises=GameError, match="unknown game 'razz'")
    row(studied, "AA", "KK", "5h 7h 8d", game="short-deck", raises=GameError, match="card 5h on the board")
    row(studied, "AA", "AK+", FLOP, raises=RangeParseError, match="player 'villain': bad range token 'AK+'")
    row(studied, "AA", "KK", "Kc Kd Kh", "Ks", raises=EmptyRangeError, match="the range 'KK' of player 'villain'")
    row(studied, *NEVER, "2c 7d 9h", raises=EquityError, match="the hero and villain ranges never fit together")
    row(studied, "AA", "KK", FLOP, n_jobs=0, raises=EquityError, match="n_jobs must be at least 1, got 0")
row(combo_equities, FLOP, "AA", "KK", raises=StudyError, match="the board goes second: combo_equities")
row(combo_equities, "AA", "KK", "Ks 7h", raises=HandSizeError, match="board study needs 0 (preflop), 3 (flop)")
row(combo_equities, "AA", ["Ks"], FLOP, raises=HandSizeError, match="player 'villain': a hand has two cards, got 1")
row(combo_equities, "AA", ["KK"] * 10, FLOP, raises=PlayerCountError, match="equity needs 2 to 10 players, got 11")
row(combo_equities, "AA", "KK", FLOP, exact="x", raises=EquityError, match="exact must be True, False or None")
row(combo_equities, "AA", "KK", FLOP, trials=0, raises=EquityError, match="trials must be at least 1, got 0")
row(combo_equities, "AA", "KK", FLOP, time_limit=0, raises=EquityError, match="time_limit must be positive")
row(combo_equities, "AA", "KK", FLOP, seed=-1, raises=EquityError, match="seed must be at least 0, got -1")
row(combo_equities, "AA", "KK", FLOP, exact=True, time_limit=5, raises=EquityError,
    match="time_limit applies to Monte Carlo, not to exact=True")
row(combo_equities, "AA", {"v": "KK"}, FLOP, raises=EquityError, match="villains are a range or a list of ranges")
row(combo_equities, "AA", [], FLOP, raises=EquityError, match="villains must hold one range or more, got none")
row(combo_equities, "AA", "KK", exact=True, raises=EquityError,
    match="exact combo equities are heads-up on a flop, turn or river; preflop they run Monte Carlo")
row(next_card, FLOP, "AA", "KK", raises=StudyError, match="the board goes second: next_card")
row(next_card, "AA", 5, FLOP, raises=StudyError, match="next_card takes one villain range, got int")
row(next_card, "AA", "KK", "Ks 7h 2d 3c 4c", raises=HandSizeError,
    match="the board has 5 cards; next_card needs 3 (flop) or 4 (turn) cards")

# --- batch and cluster --------------------------------------------------------------------------
row(run_batch, SOURCE, OUTPUT, lines_per_partition=0, raises=ShowdownError,
    match="lines_per_partition must be at least 1, got 0")
row(run_batch, SOURCE, OUTPUT, max_evaluations=0, raises=ShowdownError, match="max_evaluations must be at least 1")
row(run_batch, SOURCE, OUTPUT, progress=5, raises=ShowdownError, match="progress must be a function (or None)")
row(run_batch, SOURCE, OUTPUT, client=5, raises=DistributedError, match="client must be a dask.distributed.Client")
row(run_batch, Later(lambda tmp: tmp / "missing.jsonl"), OUTPUT, raises=FileError, match="cannot read batch file")
row(run_batch, 123, OUTPUT, raises=FileError, match="a batch file is given by its path, got int")
row(run_batch, SOURCE, 4, raises=FileError, match="a batch output is given by its path, got int")
row(run_batch, SOURCE, Later(lambda tmp: tmp), raises=FileError, match="it is a directory")
row(run_batch, SOURCE, SOURCE, raises=FileError, match="is the batch file itself")
row(run_batch, SOURCE, Later(foreign_output), raises=FileError, match="its line 1 is not the record of line 1")
row(run_batch, SOURCE, Later(lambda tmp: tmp / "no-folder" / "out.jsonl"), raises=FileError, match="cannot write")
row(dask_client, "tcp://localhost:1", local=1, raises=DistributedError, match="not both")
row(dask_client, local=0, raises=DistributedError, match="the number of local workers must be a positive int, got 0")
row(dask_client, local=10**6, raises=DistributedError, match="local workers (twice this machine's")
row(dask_client, 5, raises=DistributedError, match="a scheduler address is text such as 'tcp://host:8786', got 5")

# --- video poker --------------------------------------------------------------------------------
row(hand_class, DEAL, wild="x", raises=PaytableError, match="unknown wild card 'x'")
row(hand_class, "As Ks", raises=HandSizeError, match="a video poker hand has 5 cards, got 2")
row(hand_class, "As Ks Qs Js Js", raises=DuplicateCardError, match="card Js appears more than once")
row(hand_class, "Jk Ks Qs Js Ts", raises=CardParseError, match="the joker (Jk) is only dealt in joker")
for dealing in (parse_deal, holds, best_hold):
    row(dealing, DEAL, "nope", raises=PaytableError, match="unknown paytable 'nope'")
    row(dealing, DEAL, 5, raises=PaytableError, match="expected a Paytable or a paytable name, got int")
    row(dealing, "As Ks Qs Js", raises=HandSizeError, match="a video poker deal has 5 cards, got 4")
    row(dealing, "As Ks Qs Js Js", raises=DuplicateCardError, match="card Js appears more than once")
    row(dealing, "As Ks Qs Js Zz", raises=CardParseError, match="bad card 'Zz'")
    row(dealing, "Jk Ks Qs Js Ts", raises=CardParseError, match="the joker (Jk) is only dealt in joker")
    if dealing is not parse_deal:
        row(dealing, DEAL, coins=6, raises=VideoPokerError, match="coins must be a whole number from 1 to 5, got 6")
for described in (describe_hold, Strategy.line_for):
    first = (NO_LINES,) if described is Strategy.line_for else ()
    row(described, *first, DEAL, (5,), raises=VideoPokerError, match="a held position is 0 to 4, got 5")
    row(described, *first, DEAL, (True,), raises=VideoPokerError, match="a held position is 0 to 4, got True")
    row(described, *first, DEAL, (0, 0), raises=VideoPokerError, match="position 0 is held twice")
    row(described, *first, "As Ks", (0,), raises=HandSizeError, match="a video poker deal has 5 cards, got 2")
    row(described, *first, "As Ks Qs Js Js", (0,), raises=DuplicateCardError, match="card Js appears more than")
    row(described, *first, "As Ks Qs Js Zz", (0,), raises=CardParseError, match="bad card 'Zz'")
row(describe_hold, DEAL, (0,), "nope", raises=PaytableError, match="unknown paytable 'nope'")
row(Strategy.hold, NO_LINES, "As Ks", raises=HandSizeError, match="a video poker deal has 5 cards, got 2")
row(Strategy.hold, NO_LINES, "As Ks Qs Js Js", raises=DuplicateCardError, match="card Js appears more than once")
row(Strategy.hold, NO_LINES, "Jk Ks Qs Js Ts", raises=CardParseError, match="the joker (Jk) is only dealt")
row(parse_hold, "6", HELD, raises=HoldParseError, match="position 6 is not one of 1 to 5")
row(parse_hold, None, "As Ks Kh 4s 4d", raises=HoldParseError, match="a hold is text (positions such as 1 3 4")
row(parse_hold, "1 2", "As Ks", raises=VideoPokerError, match="a deal is five cards, got 2")
row(parse_hold, "1 2", "As Ks Kh 4s Zz", raises=CardParseError, match="bad card 'Zz'")
row(parse_hold, "1 1", HELD, raises=HoldParseError, match="position 1 is given twice")
row(parse_hold, " ", HELD, raises=HoldParseError, match="say which cards to hold")
row(parse_hold, "As Zz", HELD, raises=HoldParseError, match="bad card 'Zz'")
row(parse_hold, "Qd", HELD, raises=HoldParseError, match="card Qd is not in the deal As Ks Kh 4s 4d")
row(paytable_from_text, "10/7", raises=PaytableError, match="unknown paytable '10/7'")
row(paytable_from_text, b"9/6", raises=PaytableError, match="a pay table is named by text (such as 9/6")
row(paytable_from_text, Later(lambda tmp: str(tmp / "missing.json")), raises=PaytableError,
    match="cannot read paytable file")
row(Paytable, "x", {}, raises=PaytableError, match="pays in paytable 'x' must be a non-empty mapping")
row(Paytable, "x", {"royal-flush": 800}, raises=PaytableError, match="paytable 'x' does not say what these hands pay")
row(Paytable, "x", {**JOB_PAYS, "bogus": 1}, raises=PaytableError, match="unknown hand 'bogus' in paytable 'x'")
row(Paytable, "x", {**JOB_PAYS, "flush": -1}, raises=PaytableError,
    match="the pay for 'flush' in paytable 'x' must be from 0 to 1,000,000, got -1")
row(Paytable, "x", JOB_PAYS, wild="x", raises=PaytableError, match="unknown wild card 'x'")
row(Paytable, "x", JOB_PAYS, max_coins=0, raises=PaytableError, match="max_coins in paytable 'x' must be from 1")
row(Paytable.named, "nope", raises=PaytableError, match="unknown paytable 'nope'")
row(Paytable.from_dict, [], raises=PaytableError, match="a paytable must be a mapping (a JSON object), got list")
row(Paytable.from_dict, {"pays": JOB_PAYS, "x": 1}, raises=PaytableError, match="unknown paytable field 'x'")
row(Paytable.from_dict, {"name": " ", "pays": JOB_PAYS}, raises=PaytableError,
    match="a paytable's name must be non-empty text")
row(Paytable.from_dict, {"name": "x"}, raises=PaytableError, match="paytable 'x' has no 'pays'")
row(Paytable.from_dict, {**JOB.to_dict(), "title": "x"}, raises=PaytableError,
    match="'title' is derived from the pays and does not match them")
row(Paytable.from_json, "{", raises=PaytableError, match="the paytable is not valid JSON")
row(Paytable.from_json, '{"pays": {"flush": -1}}', raises=PaytableError,
    match="the pay for 'flush' in paytable 'custom' must be from 0 to 1,000,000, got -1")
row(Paytable.row_for, JOB, HandClass.FOUR_DEUCES, raises=VideoPokerError,
    match="Four Deuces is not a final hand of jacks-or-better-9-6")
row(Paytable.class_pays, JOB, 0, raises=VideoPokerError, match="coins must be a whole number from 1 to 5, got 0")
row(Paytable.check_coins, JOB, True, raises=VideoPokerError, match="from 1 to 5, got True")
row(analyze, "nope", raises=PaytableError, match="unknown paytable 'nope'")
row(analyze, coins=0, raises=VideoPokerError, match="coins must be a whole number from 1 to 5, got 0")
row(analyze, n_jobs=0, raises=ShowdownError, match="n_jobs must be a positive int, None or -1, got 0")
row(analyze, progress=lambda done, total: False, raises=AnalysisStopped,
    match="the analysis of jacks-or-better-9-6 was stopped after 16,384 deal classes")
row(analyze_all, coins=0, raises=VideoPokerError, match="coins must be a whole number from 1 to 5, got 0")
row(analyze_all, progress=5, raises=ShowdownError, match="progress must be a function (or None), got 5")
row(analyze_all, client="tcp://x:1", raises=DistributedError, match="client must be a dask.distributed.Client")
row(analyze, progress=5, raises=ShowdownError, match="progress must be a function (or None), got 5")
row(strategy, "nope", raises=PaytableError, match="unknown paytable 'nope'")
row(strategy, "jacks-or-better-8-5", max_lines=33, progress=lambda done, total: False, raises=AnalysisStopped,
    match="the strategy list of jacks-or-better-8-5 was stopped after")
row(strategy, progress=5, raises=VideoPokerError, match="progress must be a function (or None), got 5")
row(strategy, coins=0, raises=VideoPokerError, match="coins must be a whole number from 1 to 5, got 0")
row(strategy, max_lines=4, raises=VideoPokerError, match="max_lines must be a whole number from 5 to 200, got 4")
row(Trainer, "nope", raises=PaytableError, match="unknown paytable 'nope'")
row(Trainer, coins=9, raises=VideoPokerError, match="coins must be a whole number from 1 to 5, got 9")
row(Trainer, seed=-1, raises=VideoPokerError, match="seed must be at least 0, got -1")
for judged in (Trainer.advise, Trainer.play):
    row(judged, Later(trainer), (0,), raises=VideoPokerError, match="deal before playing a hold")
    row(judged, Later(dealt), (5,), raises=VideoPokerError, match="a held position is 0 to 4, got 5")
    row(judged, Later(dealt), (1.0,), raises=VideoPokerError, match="a held position is 0 to 4, got 1.0")
    row(judged, Later(dealt), (True,), raises=VideoPokerError, match="a held position is 0 to 4, got True")
    row(judged, Later(dealt), (1, 1), raises=VideoPokerError, match="position 1 is held twice")
    row(judged, Later(dealt), 5, raises=VideoPokerError, match="held positions are a sequence of 0 to 4")


def _made(value: Any, tmp_path: Path) -> Any:
    return value.make(tmp_path) if isinstance(value, Later) else value


def _call(case: Case, tmp_path: Path) -> Any:
    """Call the target for real; a generator is asked for its first item and a context manager is
    entered, since their errors come then."""
    result = case.target(*(_made(a, tmp_path) for a in case.args),
                         **{name: _made(v, tmp_path) for name, v in case.kwargs.items()})
    if inspect.isgenerator(result):
        return next(result)
    if hasattr(result, "__enter__"):
        with result:
            pass
    return result


def _case_id(case: Case) -> str:
    return f"{case.target.__qualname__}-{case.error.__name__}"


@pytest.mark.parametrize("case", CASES, ids=[_case_id(case) for case in CASES])
def test_bad_input_raises_the_documented_error(case: Case, tmp_path: Path) -> None:
    with pytest.raises(case.error, match=re.escape(case.match)) as raised:
        _call(case, tmp_path)
    assert type(raised.value) is case.error, f"{type(raised.value).__name__}: {raised.value}"


# --- the Raises sections ------------------------------------------------------------------------
def _public_callables() -> dict[str, Any]:
    """Every public function and class of showdown and showdown.videopoker (exceptions aside), and
    the public methods the classes define themselves."""
    found: dict[str, Any] = {}
    for module in (showdown, vp):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(inspect.unwrap(obj)):  # a function, or the C entry in front of one
                found[key(obj)] = obj
            elif inspect.isclass(obj) and not issubclass(obj, BaseException):
                found[key(obj)] = obj
                for attribute, member in vars(obj).items():
                    if attribute.startswith("_"):
                        continue
                    if isinstance(member, (classmethod, staticmethod)):
                        member = getattr(obj, attribute)
                    if inspect.isfunction(member) or inspect.ismethod(member):
                        found[key(member)] = member
    return found


PUBLIC = _public_callables()
ENTRY = re.compile(r"    (\w+): \S")


def _raises(obj: Any) -> list[str]:
    """The error names of a docstring's ``Raises:`` section, which ends the docstring: one entry a
    line (``    Name: condition``), its continuation lines indented further."""
    lines = (inspect.getdoc(obj) or "").splitlines()
    if "Raises:" not in lines:
        return []
    section = lines[lines.index("Raises:") + 1:]
    names = []
    for line in section:
        entry = ENTRY.match(line)
        if entry:
            names.append(entry.group(1))
        else:
            assert line.startswith(" " * 8) and line.strip(), f"{key(obj)}: {line!r} after 'Raises:'"
    assert names, f"{key(obj)}: an empty Raises section"
    assert len(set(names)) == len(names), f"{key(obj)}: an error named twice: {names}"
    return names


DOCUMENTED = {name: _raises(obj) for name, obj in PUBLIC.items()}


def test_the_public_api_documents_its_errors() -> None:
    documented = [name for name, errors in DOCUMENTED.items() if errors]
    assert len(documented) >= 75, documented
    for name in ("showdown.cards.Deck.deal", "showdown.ranges.Range", "showdown.videopoker.paytable.Paytable.from_dict",
                 "showdown.videopoker.trainer.Trainer.advise", "showdown.videopoker.strategy_lists.Strategy.hold"):
        assert DOCUMENTED[name], name


def test_each_raises_entry_names_an_exported_or_builtin_exception() -> None:
    exported = {name: getattr(module, name) for module in (showdown, vp) for name in module.__all__}
    for owner, names in DOCUMENTED.items():
        for name in names:
            error = exported.get(name, getattr(builtins, name, None))
            assert isinstance(error, type) and issubclass(error, BaseException), f"{owner}: {name}"


def test_each_documented_error_has_a_row_for_its_callable() -> None:
    rows = {(key(case.target), case.error.__name__) for case in CASES}
    missing = [(owner, name) for owner, names in DOCUMENTED.items() for name in names if (owner, name) not in rows]
    assert not missing, missing


def test_each_row_is_a_documented_error_of_a_public_callable() -> None:
    stray = [(key(case.target), case.error.__name__) for case in CASES
             if case.error.__name__ not in DOCUMENTED.get(key(case.target), [])]
    assert not stray, stray
