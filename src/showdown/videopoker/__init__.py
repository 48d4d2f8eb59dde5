"""Video poker: pay tables, the exact value of every hold, and the return of a game under
optimal play.

>>> from showdown.videopoker import analyze, best_hold
>>> best_hold("As Ks Kh 4s 4d").held
(Card('Ks'), Card('Kh'), Card('4s'), Card('4d'))
>>> strategy("jacks-or-better-9-6").lines[2].words
'4 to a royal flush'

"""

from showdown.errors import AnalysisStopped, HoldParseError, PaytableError, VideoPokerError
from showdown.videopoker.analysis import Analysis, AnalysisRow, analyze, analyze_all
from showdown.videopoker.final_hands import WILDS, HandClass, Wild, hand_class
from showdown.videopoker.holding import Hold, Holds, best_hold, holds, parse_deal
from showdown.videopoker.paytable import (
    DEFAULT_PAYTABLE,
    HANDS,
    PAYTABLES,
    Paytable,
    PaytableLike,
    PaytableRow,
    paytable_from_text,
)
from showdown.videopoker.strategy_lists import (
    EXCEPTION_THRESHOLD,
    MAX_LINES,
    Strategy,
    StrategyLine,
    describe_hold,
    strategy,
)
from showdown.videopoker.trainer import Advice, LineRef, LineTally, Played, Trainer, parse_hold

__all__ = [
    "Advice",
    "DEFAULT_PAYTABLE",
    "Analysis",
    "AnalysisRow",
    "AnalysisStopped",
    "EXCEPTION_THRESHOLD",
    "HANDS",
    "MAX_LINES",
    "PAYTABLES",
    "HandClass",
    "Hold",
    "Holds",
    "HoldParseError",
    "LineRef",
    "LineTally",
    "Paytable",
    "PaytableError",
    "PaytableLike",
    "PaytableRow",
    "Played",
    "Strategy",
    "StrategyLine",
    "Trainer",
    "WILDS",
    "Wild",
    "VideoPokerError",
    "analyze",
    "analyze_all",
    "best_hold",
    "describe_hold",
    "hand_class",
    "holds",
    "parse_deal",
    "parse_hold",
    "paytable_from_text",
    "strategy",
]
