"""Request and response bodies of the JSON API (pydantic v2), with examples for /docs.

Cards are text in the library's notation ("As Kd", "AsKd", "A♠ K♦"); the library checks them
and its messages come back as 422 ``{"detail": message}``.

Requests are strict, as the library is: text is not a number (``"50"``), a bool is not a whole
number (``true``), a float is not one either (``50.0``), a number is not a bool (``1``); the one
leniency is a whole number where any number is taken (``"percent": 5``).

Responses declare every field of the ``to_dict()`` they carry and refuse any other (a test
proves each model and its result have the same keys). The limits the descriptions quote are the
library's (:data:`showdown.LIMITS`) and the default :class:`~showdown.web.Settings`; ``GET
/api/limits`` gives the values a server runs with.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from showdown import LIMITS
from showdown.videopoker import DEFAULT_PAYTABLE
from showdown.videopoker import Paytable as LibraryPaytable
from showdown.web.settings import Settings

DEFAULTS = Settings()
"""The default server limits, as the descriptions quote them."""
MAX_ITEMS = 100
"""The longest list of players, seats or boards a request may send, far above the library's
limits (which answer in their own words): a longer one is refused before its items are read."""


def _either(names: Iterable[str]) -> str:
    """``"a, b or c"``."""
    *rest, last = names
    return f"{', '.join(rest)} or {last}" if rest else last


Seed = Annotated[int, Field(ge=0, le=LIMITS.max_seed, description="Seed for reproducible Monte Carlo or deals.")]
Cards = Annotated[str, Field(description='Cards in the usual notation, e.g. "As Kd" or "AsKd".')]
GameName = Annotated[str, Field(max_length=32, examples=["holdem"],
                                description=f"The game: {_either(LIMITS.games)}.")]
Wild = Literal["none", "deuces", "joker"]
"""A pay table's wild cards (the library's ``LIMITS.wild_cards``: a test keeps them equal)."""
# A rake percent as text must be a plain decimal: no exponent that would make an enormous number.
PercentText = Annotated[str, Field(pattern=r"^\s*[0-9]{0,6}(\.[0-9]{0,6})?\s*$", max_length=20)]


class Request(BaseModel):
    """Unknown fields, non-finite numbers and values of another type are refused (strict mode:
    no conversion, except an int for a float)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, strict=True)


class Response(BaseModel):
    """A result's shape: every key of its ``to_dict()`` is a field, and no other key is let through."""

    model_config = ConfigDict(extra="forbid")


# --- requests ----------------------------------------------------------------------------------
class EvaluateRequest(Request):
    cards: Cards = Field(examples=["As Ks Qs Js Ts 2d 3c"], description="1 to 7 cards (in Omaha the hole cards).")
    board: Optional[Cards] = Field(None, examples=[None],
                                   description="Board cards: joined to the cards, or in Omaha the 3 to 5 it plays.")
    game: GameName = "holdem"


class ShowdownPlayer(Request):
    name: Optional[str] = Field(None, max_length=64, examples=["alice"], description='Default "P1", "P2", ...')
    hole: Cards = Field(examples=["Ad 4s"])


class ShowdownRequest(Request):
    board: Cards = Field("", examples=["Ac Kc Jc 5c Th"])
    players: list[ShowdownPlayer] = Field(
        max_length=MAX_ITEMS,
        description=f"{LIMITS.min_showdown_players} to {LIMITS.max_showdown_players} players in hold'em; in the"
                    " other games as many as the deck deals to with a full board.",
        examples=[[{"name": "alice", "hole": "Ad 4s"}, {"name": "bob", "hole": "As 3h"}, {"hole": "8c 7h"}]],
    )
    game: GameName = "holdem"


class SeatRequest(Request):
    name: str = Field(max_length=64, examples=["A"])
    contribution: int = Field(le=LIMITS.max_chips, description="Every chip the seat put in.", examples=[25])
    hole: Optional[Cards] = Field(None, examples=["8c 7h"])
    folded: bool = False


class RakeRequest(Request):
    percent: Union[float, PercentText] = Field(examples=["5"], description="Percent of each pot, 0 to 100.")
    cap: Optional[int] = Field(None, le=LIMITS.max_chips, description="Most rake in a hand (null: no cap).")
    no_flop_no_drop: bool = True


class SettleRequest(Request):
    board: Cards = Field("", examples=["Ac Kc Jc 5c Th"])
    seats: list[SeatRequest] = Field(
        max_length=MAX_ITEMS,
        description=f"In table order (clockwise): {LIMITS.min_seats} to {LIMITS.max_seats} seats.",
        examples=[[{"name": "A", "contribution": 25, "hole": "8c 7h"},
                   {"name": "B", "contribution": 50, "hole": "9h 5h"},
                   {"name": "C", "contribution": 100, "hole": "Ad 4s"},
                   {"name": "D", "contribution": 100, "hole": "As 3h", "folded": False}]],
    )
    button: Union[int, Annotated[str, Field(max_length=64)]] = Field(0, examples=[3], description="Index or name.")
    odd_chip: str = Field(LIMITS.odd_chip_rules[0], examples=list(LIMITS.odd_chip_rules),
                          description=f"How the odd chips of a split go: {_either(LIMITS.odd_chip_rules)}.")
    rake: Optional[RakeRequest] = None
    boards: Optional[list[Cards]] = Field(None, max_length=MAX_ITEMS,
                                          description="A full board per run (run it twice or more).")
    game: GameName = "holdem"


class EquityRequest(Request):
    players: list[str] = Field(
        max_length=MAX_ITEMS,
        description=f'{LIMITS.min_equity_players} to {LIMITS.max_equity_players} hands ("AcAd") or ranges'
                    ' ("QQ+,AKs", "random").',
        examples=[["AcAd", "QQ+,AKs", "random"]],
    )
    board: Cards = Field("", examples=[""])
    dead: Cards = Field("", examples=[""])
    exact: Optional[bool] = Field(None, description="True: enumerate, false: Monte Carlo, null: exact when cheap.")
    trials: Optional[int] = Field(None, le=2**63 - 1,
                                  description=f"Monte Carlo deals (at most {DEFAULTS.max_trials:,}).")
    seed: Optional[Seed] = None
    stderr: Optional[float] = Field(None, description="Stop when every player's standard error is at most this.")
    time_limit: Optional[float] = Field(None, description=f"Seconds (at most {DEFAULTS.max_time_limit:g} here,"
                                                          f" {DEFAULTS.job_max_runtime:g} in a job).")
    game: GameName = "holdem"


class StudyRequest(Request):
    board: Cards = Field(examples=["Ks 7h 2h"], description="The flop, turn or river: 3, 4 or 5 cards.")
    hero: str = Field(max_length=10_000, examples=["22+, A2s+, KTo+, QJs"], description="The range studied.")
    villains: list[Annotated[str, Field(max_length=10_000)]] = Field(
        default_factory=list, max_length=LIMITS.max_study_villains, examples=[["random"]],
        description="Ranges against it: one for exact equities, more for Monte Carlo; none for the breakdown alone.")
    dead: Cards = Field("", examples=[""])
    next_card: bool = Field(False, description="Also each next card's effect (one villain, a flop or turn).")
    trials: Optional[int] = Field(None, le=2**63 - 1,
                                  description=f"Monte Carlo deals, multiway (default {LIMITS.default_trials:,}).")
    seed: Optional[Seed] = None
    game: GameName = Field("holdem", examples=["holdem"], description=f"{_either(LIMITS.study_games)}.")


class PlanRequest(Request):
    players: list[str] = Field(max_length=MAX_ITEMS, examples=[["AcAd", "QQ+,AKs"]],
                               description=f"{LIMITS.min_equity_players} to {LIMITS.max_equity_players} hands or"
                                           " ranges.")
    board: Cards = Field("", examples=["2c 7d 9h"])
    dead: Cards = Field("", examples=[""])
    exact: Optional[bool] = Field(None, description="The exact of the equity request to come (for job.exact).")
    game: GameName = "holdem"


class GridRequest(Request):
    hole: Cards = Field(examples=["AsKs"])
    board: Cards = Field("", examples=["Ts Qs 2d"])
    opponents: int = Field(1, le=2**63 - 1, description=f"Random opponents, 1 to {LIMITS.max_grid_opponents}.")
    exact: Optional[bool] = None
    trials: Optional[int] = Field(None, le=2**63 - 1)
    seed: Optional[Seed] = None
    game: GameName = "holdem"


class RangeRequest(Request):
    text: str = Field("", max_length=10_000, examples=["QQ+, AKs, 0.5(KQo)"],
                      description="Range text; empty for an empty range.")
    weights: dict[Annotated[str, Field(max_length=8)], Annotated[float, Field(ge=0, le=1)]] = Field(
        default_factory=dict, max_length=169, examples=[{"JJ": 0.5, "AKo": 0, "AhKh": 1}],
        description="Starting hands (every combo) or single combos to set to a weight, in order (0 takes them"
                    " out); the other combos keep theirs.")
    hand: Optional[str] = Field(None, max_length=3, examples=["AKs"],
                                description="A starting hand whose every combo to list in hand_combos.")


class CardsRequest(Request):
    text: Cards = Field(max_length=1_000, examples=["As Kd 10h"])


_PAYTABLE_DEFAULTS: dict[str, Any] = {field.name: field.default for field in dataclasses.fields(LibraryPaytable)}
"""The library's defaults of a custom pay table's fields."""


class CustomPaytable(Request):
    """A pay table of your own: the fields of ``Paytable.from_dict`` (only ``pays`` is needed; the
    library checks the values and says what is missing). ``title`` and ``rows``, as
    /videopoker/paytables gives them, are taken back when they agree with the pays."""

    name: str = Field("custom", max_length=100, examples=["mine"])
    pays: Optional[dict[Annotated[str, Field(max_length=64)], int]] = Field(
        None, max_length=64, examples=[{"royal-flush": 800, "straight-flush": 50, "four-of-a-kind": 25}],
        description="What each hand pays for one coin, by its key (see /paytables).")
    royal_flush_below_max_bet: int = _PAYTABLE_DEFAULTS["royal_flush_below_max_bet"]
    max_coins: int = _PAYTABLE_DEFAULTS["max_coins"]
    wild: Wild = Field(
        "none", description="The wild cards: none, deuces (the four 2s) or joker (a 53-card deck with one joker).")
    title: Optional[str] = Field(None, max_length=200)
    rows: Optional[list[dict[str, Any]]] = Field(None, max_length=64)


Paytable = Union[Annotated[str, Field(max_length=100, examples=["jacks-or-better-9-6"])], CustomPaytable]


class HoldsRequest(Request):
    deal: Cards = Field(examples=["As Ks Kh 4s 4d"])
    paytable: Paytable = Field(DEFAULT_PAYTABLE, description="A name or a custom table (see /paytables).")
    coins: int = Field(5, le=2**63 - 1)


class AnalyzeRequest(Request):
    paytable: Paytable = Field(DEFAULT_PAYTABLE, examples=["jacks-or-better-9-6"])
    coins: int = Field(5, le=2**63 - 1)


class DealRequest(Request):
    seed: Optional[Annotated[int, Field(ge=0, le=2**53 - 1)]] = Field(None, description="Null: a fresh seed.")
    paytable: Paytable = Field(DEFAULT_PAYTABLE, description="The game: its deck (a joker game deals 53 cards).")


class DrawRequest(Request):
    seed: Annotated[int, Field(ge=0, le=2**53 - 1)] = Field(examples=[7])
    held: list[Annotated[str, Field(max_length=16)]] = Field(max_length=5, examples=[["As", "Ks"]])
    paytable: Paytable = DEFAULT_PAYTABLE
    coins: int = Field(5, le=2**63 - 1)


class StrategyRequest(Request):
    paytable: Paytable = Field(DEFAULT_PAYTABLE, examples=["deuces-wild-full-pay"])
    coins: int = Field(5, le=2**63 - 1)
    max_lines: int = Field(LIMITS.strategy_lines, description=f"The longest list, {LIMITS.min_strategy_lines} to"
                                                             f" {LIMITS.max_strategy_lines} lines.")


# --- responses: the library's to_dict() shapes -------------------------------------------------
class Health(Response):
    status: Literal["ok"]
    version: str
    engine: Literal["ready", "preparing", "loading"] = Field(
        description="preparing: the kernels are being compiled (the first start after an install, seconds);"
                    " loading: they are being read from the cache; ready: otherwise")
    engine_message: str = Field(description="What to tell a user meanwhile ('' when ready).")


class CardOut(Response):
    card: str
    id: int
    rank: str
    suit: str
    name: str
    pretty: str


class CardList(Response):
    cards: list[CardOut]


class GameOut(Response):
    name: str = Field(examples=["omaha-hilo"])
    title: str = Field(examples=["Omaha hi-lo (eight or better)"])
    hole_cards: int = Field(description="How many hole cards each player holds.")
    deck_size: int = Field(description="52, or 36 for short deck (no 2 to 5).")
    lowest_card_id: int = Field(description="The deck's smallest card id: its cards are the ids from it to 51.")
    omaha: bool = Field(description="A hand is exactly two hole cards and three board cards.")
    low: bool = Field(description="The pot is split with the best eight-or-better low.")
    short_deck: bool
    trips_over_straight: bool
    board_sizes: list[int] = Field(description="The board sizes a hand can be valued on.")


class GameList(Response):
    games: list[GameOut]


class HandOut(Response):
    value: int
    category: int
    category_name: str
    description: str
    cards: list[str]
    best_five: list[str]


class LowOut(Response):
    value: int = Field(description="Higher is better, as for high hands.")
    description: str = Field(examples=["6-5-4-3-A low"])
    cards: list[str]
    best_five: list[str]


class EvaluateOut(HandOut):
    low: Optional[LowOut] = Field(None, description="Hi-lo games only: the best eight-or-better low (null without"
                                                    " one); absent in the other games.")


class ShowdownPlayerOut(Response):
    name: Union[str, int]
    hole: list[str]
    hand: HandOut
    low: Optional[LowOut] = Field(description="The player's eight-or-better low in hi-lo (null without one).")
    winner: bool = Field(description="Wins the pot, or in hi-lo the high half.")
    low_winner: bool


class ShowdownOut(Response):
    game: str
    board: list[str]
    players: list[ShowdownPlayerOut]
    winners: list[Union[str, int]]
    low_winners: list[Union[str, int]]
    scoopers: list[Union[str, int]] = Field(description="The players who win both halves.")
    is_split: bool
    verdict: str


class ShareOut(Response):
    name: str
    chips: int


class BoardOut(Response):
    board: list[str]
    amount: int
    winners: list[str]
    description: Optional[str]
    shares: list[ShareOut]
    high_amount: int = Field(description="The chips of the high half (the whole part without a low).")
    high_shares: list[ShareOut]
    low_amount: int
    low_winners: list[str]
    low_description: Optional[str]
    low_shares: list[ShareOut]


class PotOut(Response):
    title: str = Field(description='"Main pot" or "Side pot n".')
    amount: int
    rake: int
    contenders: list[str]
    winners: list[str] = Field(description="Every seat that won chips.")
    high_winners: list[str]
    low_winners: list[str]
    shares: list[ShareOut]
    description: Optional[str]
    low_description: Optional[str]
    boards: list[BoardOut]


class SeatOut(Response):
    name: str
    contribution: int
    returned: int
    payout: int
    net: int


class SettlementOut(Response):
    game: str
    pots: list[PotOut]
    seats: list[SeatOut]
    rake: int
    odd_chip: str
    announcement: list[str] = Field(description="The dealer's words, a line each.")


class CategoryShareOut(Response):
    category: int
    category_name: str
    equity: float
    win_share: float


class EquityPlayerOut(Response):
    name: str
    hand: str = Field(description="The hand or range as given.")
    equity: float
    win: float
    tie: float
    stderr: Optional[float] = Field(description="Null when it cannot be estimated yet.")
    high: Optional[float] = Field(description="Hi-lo: the share of the high half (null in the other games).")
    low: Optional[float] = Field(description="Hi-lo: the share of the low half (null in the other games).")
    scoop: Optional[float] = Field(description="Hi-lo: how often the player takes the whole pot (null in the other"
                                               " games).")
    by_category: list[CategoryShareOut]


class EquityCountsOut(Response):
    wins: list[int]
    ties: list[int]
    ties_by_size: list[dict[str, int]]
    total: int
    pot_units: Optional[list[int]] = Field(None, description="Hi-lo only: each player's share of the whole pot in"
                                                             " units of 1/pot_unit of a case.")
    pot_unit: Optional[int] = Field(None, description="Hi-lo only.")


class EquityOut(Response):
    game: str
    players: list[EquityPlayerOut]
    board: list[str]
    dead: list[str]
    total: int
    exact: bool
    stderr: Optional[float] = Field(description="Null when it cannot be estimated yet.")
    elapsed: float
    counts: Optional[EquityCountsOut]
    seed: Optional[int]
    stopped_by: str
    planned: int


class JobCostOut(Response):
    exact: bool = Field(description="Whether a job with the request's exact would enumerate (else Monte Carlo).")
    affordable: bool = Field(description="Whether exact enumeration fits within a job's limits.")
    seconds: Optional[float] = Field(description="About how long exact enumeration takes in a job; null when out"
                                                 " of reach.")
    problem: str = Field(description="Why exact enumeration does not fit; empty when it does.")
    max_evaluations: int = Field(description="The most hand evaluations an exact job may take.")
    max_seconds: float = Field(description="The most seconds a job may run.")
    limit_seconds: float = Field(description="The job's limits as time: the lesser of max_seconds and about how long"
                                             " max_evaluations take here.")
    limited_by: Literal["evaluations", "time"] = Field(
        description="Which limit limit_seconds is: max_evaluations (an estimate) or max_seconds (a set time).")


class PlanOut(Response):
    players: int
    method: str
    assignments: int
    boards: int
    classes: int
    evaluations: int
    exact_possible: bool
    exact_by_default: bool
    reports_progress: bool
    reason: str
    job: JobCostOut = Field(description="The same question as an equity job, within the server's limits.")


class JobOut(Response):
    job_id: str
    status: Literal["running", "done", "error", "cancelled"]
    exact: bool = Field(description="Whether the job enumerates; its interim results are then partial counts,"
                                    " and an unfinished one leaves no result.")
    progress: float = Field(ge=0, le=1)
    result: Optional[EquityOut] = None
    error: Optional[str] = None
    try_monte_carlo: bool = Field(False, description="Exact enumeration did not finish in time: ask for Monte"
                                                     " Carlo instead.")


class GridCategoryOut(Response):
    category: int
    category_name: str
    player: float
    opponents: float


class GridOut(Response):
    hole: list[str]
    board: list[str]
    n_opponents: int
    equity: float
    exact: bool
    total: int
    stderr: Optional[float]
    elapsed: float
    categories: list[GridCategoryOut]


class StudyClassOut(Response):
    class_: str = Field(alias="class", description="A made-hand or draw class.")
    combos: Union[int, float] = Field(description="Its weighted combo count.")
    share: float = Field(description="Its share of the range's weight.")
    hands: list[str] = Field(description="Its combos.")
    starting_hands: dict[str, float] = Field(description="Its weighted combo count by starting hand (AKs, 77).")
    range: str = Field(description="The part of the range in it, as range text (weights kept).")
    equity: Optional[float] = Field(None, description="Its equity against the villain (with one villain).")


class BreakdownOut(Response):
    board: list[str]
    dead: list[str]
    range: str
    game: str
    villain: Optional[str]
    total: Union[int, float]
    equity: Optional[float]
    made: list[StudyClassOut]
    draws: list[StudyClassOut]


class ComboEquityOut(Response):
    combo: str
    class_: str = Field(alias="class", description="Its starting hand (AKs, AKo, 77).")
    equity: Optional[float]
    weight: float = Field(description="Its share of the range's weight, as the whole range's equity counts it.")
    range_weight: float = Field(description="Its weight in the hero range.")
    stderr: Optional[float] = Field(None, description="Monte Carlo: its standard error.")


class ComboEquitiesOut(Response):
    hero: str
    villains: list[str]
    board: list[str]
    dead: list[str]
    game: str
    exact: bool
    equity: Optional[float]
    stderr: Optional[float]
    trials: int
    seed: Optional[int]
    by_class: dict[str, Optional[float]]
    combos: list[ComboEquityOut]
    distribution: list[list[Optional[float]]] = Field(
        description="[equity, share] points from the highest equity down: the share of the range with at least it.")


class NextCardRowOut(Response):
    card: str
    equity: Optional[float]
    probability: float
    classes: dict[str, float] = Field(description="The hero's made-hand class shares after this card.")


class NextCardOut(Response):
    hero: str
    villain: str
    board: list[str]
    dead: list[str]
    game: str
    equity: Optional[float]
    cards: list[NextCardRowOut]


class StudyOut(Response):
    breakdown: BreakdownOut
    equities: Optional[ComboEquitiesOut] = Field(None, description="The hero's combos against the villains.")
    villain_equities: Optional[ComboEquitiesOut] = Field(None, description="Heads-up: the villain's against the hero.")
    next_card: Optional[NextCardOut] = None


class StartingHandOut(Response):
    hand: str
    combos: int
    size: int
    weight: float = Field(description="The combos' weights added up, over the hand's size.")
    whole: bool = Field(description="Every combo of the hand is in the range, at one weight.")


class ComboOut(Response):
    combo: str
    cards: list[str]
    weight: float = Field(description="Its weight in the range, 0 when it is out.")


class HandCombosOut(Response):
    hand: str
    size: int
    combos: list[ComboOut]


class RangeOut(Response):
    text: str = Field(description="Canonical text: parses back to exactly this range once the cards in `without` are"
                                  " taken out.")
    without: str = Field(description="The cards taken out of the range (the board's, the dead cards): a starting hand"
                                     " the text names whole holds every combo they leave possible.")
    combos: int
    fraction: float = Field(description="The combos over all 1326.")
    weight: float
    starting_hands: list[StartingHandOut]
    hand_combos: Optional[HandCombosOut] = Field(None, description="The request's hand: each of its combos.")


class PaytableRowOut(Response):
    key: str
    label: str
    pay: int


class PaytableLineOut(PaytableRowOut):
    payouts: list[int] = Field(description="The payout for a bet of 1, 2, ... max_coins coins.")


class PaytableOut(Response):
    name: str
    title: str
    pays: dict[str, int]
    royal_flush_below_max_bet: int
    max_coins: int
    wild: Wild
    rows: list[PaytableLineOut]


class PaytableList(Response):
    paytables: list[PaytableOut]


class ProbabilityOut(PaytableRowOut):
    probability: float
    probability_exact: str


class HoldOut(Response):
    held: list[str]
    discarded: list[str]
    positions: list[int] = Field(description="The held cards' places in the deal, counting from 0.")
    ev: float = Field(description="Expected payout per coin.")
    ev_exact: str = Field(description="The same, exactly, as a fraction 'p/q'.")
    ev_per_bet: float
    coins: int
    rank: int
    tied_with: list[list[str]]
    draws: int
    probabilities: list[ProbabilityOut]


class HoldsOut(Response):
    deal: list[str]
    paytable: PaytableOut
    coins: int
    holds: list[HoldOut]


class AnalysisRowOut(Response):
    key: str
    label: str
    pay: int
    combinations: int
    probability: float
    contribution: float


class AnalysisOut(Response):
    paytable: PaytableOut
    coins: int
    expected_return: float
    expected_return_exact: str
    variance: float
    standard_deviation: float
    rows: list[AnalysisRowOut]
    deals: int
    deal_classes: int
    total_combinations: int
    elapsed: float


class DealOut(Response):
    seed: int
    deal: list[str]


class LineRefOut(Response):
    number: Optional[int] = Field(description="The line's place in the strategy list, from 1 (null: no line).")
    words: str


class LineTallyOut(LineRefOut):
    mistakes: int
    ev_lost: float


class AdviceOut(Response):
    deal: list[str]
    hold: HoldOut
    best: HoldOut
    hold_line: LineRefOut = Field(description="The line of the strategy list the hold follows.")
    best_line: LineRefOut = Field(description="The line the best hold follows.")
    ev_lost: float
    ev_lost_exact: str
    ev_lost_per_bet: float
    mistake: bool


class StrategyLineOut(Response):
    number: int
    words: str
    frequency: float = Field(description="The share of all deals played by this line.")
    ev_min: float
    ev_max: float
    exception: bool = Field(description="A penalty-card exception: the line plays a hold only with (or without) "
                                        "some penalty cards among the discards.")
    worth: float = Field(description="For an exception, what it adds to the return per coin (0 otherwise).")


class StrategyOut(Response):
    paytable: PaytableOut
    coins: int
    lines: list[StrategyLineOut]
    exception_threshold: float = Field(description="The least an exception is worth, per coin bet.")
    expected_return: float
    expected_return_exact: str
    perfect_return: float
    perfect_return_exact: str
    cost: float = Field(description="What playing by the list gives up against perfect play, per coin bet.")
    cost_exact: str
    elapsed: float


class DrawOut(Response):
    deal: list[str]
    held: list[str]
    final: list[str]
    final_kept: list[int] = Field(description="The positions in final of the cards that were held (they keep their "
                                              "places), counting from 0.")
    hand_class: int
    hand_class_name: str
    row: PaytableRowOut = Field(description="The pay table line that pays the final hand ('nothing' when none).")
    payout: int
    hold: HoldOut
    best: HoldOut
    ev_lost: float
    ev_lost_exact: str
    ev_lost_per_bet: float
    mistake: bool
    hands: int
    mistakes: int
    total_ev_lost: float
    total_bet: int
    total_won: int
    hold_line: LineRefOut
    best_line: LineRefOut
    by_line: list[LineTallyOut] = Field(description="The mistakes by the best hold's line (this hand's only: the "
                                                    "API keeps no session).")


class LibraryLimitsOut(Response):
    """``showdown.LIMITS.to_dict()``: what the library takes, the same on every server."""

    games: list[str] = Field(description="The names every request's game takes.")
    study_games: list[str] = Field(description="The games board study covers.")
    min_equity_players: int
    max_equity_players: int = Field(description="The most players of an equity question (and of its plan).")
    max_grid_opponents: int = Field(description="The most random hands the odds grid plays against.")
    max_study_villains: int = Field(description="The most villain ranges of a board study.")
    default_trials: int = Field(description="The library's Monte Carlo deals when nothing else is said.")
    max_trials: int = Field(description="The most Monte Carlo deals the library takes (a server may take fewer).")
    max_seed: int
    exact_limit: int = Field(description="The most hand evaluations the library enumerates without being asked to.")
    max_class_assignments: int = Field(description="Preflop, the most hole-card assignments exact enumeration takes.")
    max_exact_cases: int = Field(description="With part of the board known, the most deals exact enumeration takes.")
    evaluations_per_second: int = Field(description="The cost model: about how many hand evaluations exact"
                                                    " enumeration does in a second on one thread.")
    min_showdown_players: int
    max_showdown_players: int = Field(description="The most players of a hold'em showdown.")
    max_showdown_players_by_game: dict[str, int] = Field(description="The most players of a showdown, by game.")
    min_seats: int = Field(description="The fewest seats of a settled hand.")
    max_seats: int = Field(description="The most seats of a settled hand.")
    max_chips: int = Field(description="The most chips of a contribution or a rake cap.")
    odd_chip_rules: list[str] = Field(description="What a settlement's odd_chip takes, the default first.")
    max_weight_chars: int = Field(description="The most characters of a range weight or percentage.")
    max_omaha_range_tokens: int = Field(description="The most tokens of an Omaha range's text.")
    paytables: list[str] = Field(description="The named pay tables.")
    paytable_hands: list[str] = Field(description="The keys a custom pay table's pays take.")
    wild_cards: list[str] = Field(description="What a custom pay table's wild takes.")
    max_coins: int = Field(description="The largest max_coins of a custom pay table.")
    max_pay: int = Field(description="The largest pay per coin of a custom pay table.")
    strategy_lines: int = Field(description="The longest strategy list by default.")
    min_strategy_lines: int = Field(description="The least max_lines of a strategy list.")
    max_strategy_lines: int = Field(description="The most max_lines of a strategy list.")
    max_file_bytes: int = Field(description="The most bytes of a hand or pay table file.")
    max_json_chars: int = Field(description="The most characters of a JSON document.")
    max_json_depth: int = Field(description="The deepest nesting of JSON.")
    max_json_digits: int = Field(description="The most digits of a JSON whole number.")
    max_batch_bytes: int = Field(description="The most bytes of a batch file.")


class ServerLimitsOut(Response):
    """This server's own limits (``Settings.limits()``), within the library's."""

    max_body_bytes: int = Field(description="Larger request bodies get 413.")
    max_body_depth: int = Field(description="JSON bodies nested deeper get 422.")
    max_time_limit: float = Field(description="Seconds of work at most for /api/equity and /api/grid.")
    default_time_limit: float = Field(description="Monte Carlo seconds when a request gives no trials, stderr or"
                                                  " time_limit.")
    max_trials: int = Field(description="The most Monte Carlo deals of a request.")
    max_exact_evaluations: int = Field(description="The most hand evaluations of an exact /api/equity or /api/grid.")
    job_max_exact_evaluations: int = Field(description="The most hand evaluations of an exact equity job.")
    job_max_runtime: float = Field(description="Seconds an equity job runs at most.")
    max_jobs: int = Field(description="Equity jobs running at once; one more gets 429.")
    kept_jobs: int = Field(description="Finished jobs kept for polling.")
    queue_timeout: float = Field(description="Seconds a request may wait for a worker thread before a 503.")
    analyze_time_limit: float = Field(description="Seconds a pay table's analysis runs at most.")
    strategy_time_limit: float = Field(description="Seconds a strategy list's derivation runs at most.")


class LimitsOut(Response):
    library: LibraryLimitsOut
    server: ServerLimitsOut
