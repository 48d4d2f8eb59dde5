"""showdown: Texas Hold'em hand evaluation, showdowns and odds, fast enough to drive from Python.

>>> from showdown import evaluate
>>> evaluate("As Ks Qs Js Ts 2d 3c").description
'Royal Flush'
"""

__version__ = "0.1.0"

from showdown.cards import (
    CARDS,
    Card,
    CardsLike,
    Deck,
    Rank,
    Suit,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    parse_cards,
)
from showdown.compare import ShowdownResult, showdown
from showdown.equity import EmptyRangeError, EquityCounts, EquityError, EquityResult, PlayerCountError, equity
from showdown.errors import CardParseError, DuplicateCardError, HandSizeError, ShowdownError
from showdown.evaluate import Category, Census, HandRank, census, evaluate, evaluate_many
from showdown.hands import hands, random_hands
from showdown.odds_grid import OddsGrid, odds_grid
from showdown.pots import BoardResult, Pot, Rake, Seat, Settlement, SettlementError, settle
from showdown.ranges import Range, RangeParseError

__all__ = [
    "BoardResult",
    "CARDS",
    "Card",
    "CardParseError",
    "CardsLike",
    "Category",
    "Census",
    "Deck",
    "DuplicateCardError",
    "EmptyRangeError",
    "EquityCounts",
    "EquityError",
    "EquityResult",
    "HandRank",
    "HandSizeError",
    "OddsGrid",
    "PlayerCountError",
    "Pot",
    "Rake",
    "Range",
    "RangeParseError",
    "Rank",
    "ShowdownError",
    "Seat",
    "Settlement",
    "SettlementError",
    "ShowdownResult",
    "Suit",
    "__version__",
    "cards_to_mask",
    "census",
    "equity",
    "evaluate",
    "evaluate_many",
    "format_cards",
    "hands",
    "mask_to_cards",
    "odds_grid",
    "parse_cards",
    "random_hands",
    "settle",
    "showdown",
]
