"""showdown: poker hand analysis, fast enough to drive from Python.

The public API is this module's ``__all__`` (and :mod:`showdown.videopoker`'s): the command line
and the web app use nothing else.

>>> from showdown import evaluate
>>> evaluate("As Ks Qs Js Ts 2d 3c").description
'Royal Flush'
"""

import os

# numba colours its typing messages (colorama) unless told not to when it is first imported, and
# colouring swaps sys.stdout and sys.stderr while a kernel compiles: set before anything here
# imports numba (see showdown._kernels).
os.environ.setdefault("NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING", "1")

from showdown import _startup  # noqa: E402, F401  Ctrl-C as the command starts: "interrupted", status 130
from showdown._version import __version__  # noqa: E402
from showdown.batch import BatchSummary, run_batch
from showdown.cards import (
    CARDS,
    Card,
    CardsLike,
    Deck,
    Rank,
    Suit,
    board_text,
    card_ids,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    parse_board,
    parse_cards,
)
from showdown.comparison import ShowdownResult, deal_showdown, player_names, showdown
from showdown.dealing import hands, random_hands
from showdown.errors import (
    Cancelled,
    CardParseError,
    DistributedError,
    DuplicateCardError,
    EmptyRangeError,
    EquityCancelled,
    EquityError,
    FileError,
    GameError,
    HandSizeError,
    JSONError,
    PlayerCountError,
    RangeParseError,
    SettlementError,
    ShowdownError,
    StudyError,
)
from showdown.evaluation import (
    Category,
    Census,
    HandRank,
    census,
    describe_many,
    evaluate,
    evaluate_many,
    evaluate_many_low,
    hand_value,
)
from showdown.games import GAMES, Game
from showdown.limits import LIMITS, Limits
from showdown.low_hands import LowRank, evaluate_low
from showdown.odds import (
    EquityCounts,
    EquityResult,
    OddsGrid,
    Plan,
    PreflopTable,
    RunOptions,
    equity,
    grid_plan,
    odds_grid,
    plan,
    preflop_table,
    run_options,
)
from showdown.omaha_ranges import OmahaRange  # noqa: E402  registers itself as Range(..., game="omaha")
from showdown.parallel.cluster import dask_client
from showdown.pots import ODD_CHIP_RULES, BoardResult, Pot, Rake, Seat, Settlement, hand_from_json, settle
from showdown.ranges import Range, starting_hand_of, starting_hands
from showdown.study import Breakdown, ComboEquities, NextCard, breakdown, combo_equities, next_card

__all__ = [
    "CARDS",
    "GAMES",
    "LIMITS",
    "ODD_CHIP_RULES",
    "BatchSummary",
    "BoardResult",
    "Breakdown",
    "Cancelled",
    "Card",
    "CardParseError",
    "CardsLike",
    "Category",
    "Census",
    "ComboEquities",
    "Deck",
    "DistributedError",
    "DuplicateCardError",
    "EmptyRangeError",
    "EquityCancelled",
    "EquityCounts",
    "EquityError",
    "EquityResult",
    "FileError",
    "Game",
    "GameError",
    "HandRank",
    "HandSizeError",
    "JSONError",
    "Limits",
    "LowRank",
    "NextCard",
    "OddsGrid",
    "OmahaRange",
    "Plan",
    "PlayerCountError",
    "Pot",
    "PreflopTable",
    "Rake",
    "Range",
    "RangeParseError",
    "Rank",
    "RunOptions",
    "Seat",
    "Settlement",
    "SettlementError",
    "ShowdownError",
    "ShowdownResult",
    "StudyError",
    "Suit",
    "__version__",
    "board_text",
    "breakdown",
    "card_ids",
    "cards_to_mask",
    "census",
    "combo_equities",
    "dask_client",
    "deal_showdown",
    "describe_many",
    "equity",
    "evaluate",
    "evaluate_low",
    "evaluate_many",
    "evaluate_many_low",
    "format_cards",
    "grid_plan",
    "hand_from_json",
    "hand_value",
    "hands",
    "mask_to_cards",
    "next_card",
    "odds_grid",
    "parse_board",
    "parse_cards",
    "plan",
    "player_names",
    "preflop_table",
    "random_hands",
    "run_batch",
    "run_options",
    "settle",
    "showdown",
    "starting_hand_of",
    "starting_hands",
]
