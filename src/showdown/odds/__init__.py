"""Odds: equity of hands and ranges, exact or Monte Carlo, the odds grid and the preflop table.

One module a job, read top to bottom: :mod:`.inputs` checks a question, :mod:`.planning` says
what enumerating it costs, :mod:`.exact` and :mod:`.montecarlo` answer it, :mod:`.result` holds
the answer, :mod:`.calculation` picks the method (``equity()``), and :mod:`.grid` and
:mod:`.preflop` build on it.

>>> from showdown.odds import equity
>>> round(equity(["AcAd", "KhKs"], board="2c 7d 9h").equity[0], 4)
0.9162
"""

from showdown.odds.calculation import equity
from showdown.odds.grid import OddsGrid, grid_plan, odds_grid
from showdown.odds.inputs import PlayerLike, PlayersLike
from showdown.odds.options import RunOptions, run_options
from showdown.odds.planning import EXACT_LIMIT, Plan, plan
from showdown.odds.preflop import PreflopTable, preflop_table
from showdown.odds.result import EquityCounts, EquityResult

__all__ = [
    "EXACT_LIMIT",
    "EquityCounts",
    "EquityResult",
    "OddsGrid",
    "Plan",
    "PlayerLike",
    "PlayersLike",
    "PreflopTable",
    "RunOptions",
    "equity",
    "grid_plan",
    "odds_grid",
    "plan",
    "preflop_table",
    "run_options",
]
