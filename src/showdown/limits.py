"""The library's contracts in one value: :data:`LIMITS`, a :class:`Limits`.

Each limit is defined once, in the module that enforces it (an equity question's players in
:mod:`showdown.odds`, a settlement's seats in :mod:`showdown.pots`, a pay table's coins in
:mod:`showdown.videopoker`, ...); this module only gathers them, with the game list, the
odd-chip rules, the pay table names and the cost model of exact enumeration, so that the
command line, the web app (``GET /api/limits``) and its page read them instead of restating
them.

>>> from showdown import LIMITS
>>> LIMITS.max_equity_players, LIMITS.max_showdown_players, LIMITS.max_seats
(10, 23, 23)
>>> LIMITS.max_showdown_players_by_game["omaha"]
11
>>> LIMITS.odd_chip_rules[0]
'one-each-from-button'
>>> LIMITS.to_dict()["games"][:2]
['holdem', 'short-deck']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from showdown import batch, comparison, files, holdings, omaha_ranges, pots, quantities, ranges, study
from showdown.games import GAMES
from showdown.odds import grid, inputs, montecarlo, options, planning
from showdown.videopoker import final_hands, paytable, strategy_lists

__all__ = ["LIMITS", "Limits"]


@dataclass(frozen=True)
class Limits:
    """What the library takes, and the cost model of exact enumeration: the one instance is
    :data:`LIMITS`. Past a limit the library raises a :class:`~showdown.ShowdownError` naming it
    (see the guide's page on limits). ``to_dict()`` is its JSON shape."""

    games: tuple[str, ...]
    """The names every ``game=`` takes (:data:`~showdown.GAMES`)."""
    study_games: tuple[str, ...]
    """The games board study covers."""

    min_equity_players: int
    """The fewest players of an equity question (:func:`~showdown.equity`, :func:`~showdown.plan`)."""
    max_equity_players: int
    """The most players of an equity question."""
    max_grid_opponents: int
    """The most random hands the odds grid plays against (from 1)."""
    max_study_villains: int
    """The most villain ranges of a board study question."""
    default_trials: int
    """Monte Carlo deals when no ``trials``, ``stderr`` or ``time_limit`` is given."""
    max_trials: int
    """The most Monte Carlo deals a run takes (``trials``)."""
    max_seed: int
    """Seeds are whole numbers from 0 to this."""
    exact_limit: int
    """``exact=None`` enumerates when the plan's evaluations are at most this."""
    max_class_assignments: int
    """Preflop, exact enumeration takes at most this many hole-card assignments."""
    max_exact_cases: int
    """With part of the board known, exact enumeration takes at most this many deals."""
    evaluations_per_second: int
    """The cost model: about how many hand evaluations exact enumeration does in a second on
    one thread (:meth:`showdown.Plan.seconds`, :meth:`exact_seconds`)."""

    min_showdown_players: int
    """The fewest players of a showdown (:func:`~showdown.showdown`, :func:`~showdown.deal_showdown`)."""
    max_showdown_players: int
    """The most players of a hold'em showdown."""
    max_showdown_players_by_game: Mapping[str, int]
    """The most players of a showdown in each game: as many as its deck deals to with a full board."""

    min_seats: int
    """The fewest seats of a settled hand (:func:`~showdown.settle`)."""
    max_seats: int
    """The most seats of a settled hand."""
    max_chips: int
    """The most chips a contribution or a rake cap holds."""
    odd_chip_rules: tuple[str, ...]
    """The ways to give out the odd chips of a split, the default first (:data:`~showdown.ODD_CHIP_RULES`)."""

    max_weight_chars: int
    """A range weight or percentage is written in at most this many characters."""
    max_omaha_range_tokens: int
    """The most tokens (hands, patterns, groups) of an Omaha range's text."""

    paytables: tuple[str, ...]
    """The named video poker pay tables (:data:`showdown.videopoker.PAYTABLES`)."""
    paytable_hands: tuple[str, ...]
    """The keys a pay table's ``pays`` takes, best hand first (:data:`showdown.videopoker.HANDS`)."""
    wild_cards: tuple[str, ...]
    """What a pay table's ``wild`` takes."""
    max_coins: int
    """The largest ``max_coins`` of a pay table."""
    max_pay: int
    """The largest pay per coin of a pay table."""
    strategy_lines: int
    """The longest strategy list by default (``max_lines``)."""
    min_strategy_lines: int
    """The least ``max_lines`` of a strategy list."""
    max_strategy_lines: int
    """The most ``max_lines`` of a strategy list."""

    max_file_bytes: int
    """A hand or pay table file is at most this many bytes long."""
    max_json_chars: int
    """A JSON document (a hand, a pay table, a batch line) is at most this many characters long."""
    max_json_depth: int
    """JSON is nested at most this many levels deep."""
    max_json_digits: int
    """A JSON whole number has at most this many digits."""
    max_batch_bytes: int
    """A batch file is at most this many bytes long."""

    def exact_seconds(self, evaluations: int, threads: int = 1) -> float:
        """About how many seconds exact enumeration of ``evaluations`` hand evaluations takes
        on ``threads`` threads, at :attr:`evaluations_per_second` a thread.

        >>> LIMITS.exact_seconds(LIMITS.evaluations_per_second * 4, threads=2)
        2.0

        Raises:
            EquityError: ``evaluations`` is not a whole number from 0, or ``threads`` one from 1.
        """
        return planning.exact_seconds(evaluations, threads)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields (tuples as lists).

        >>> LIMITS.to_dict()["max_showdown_players_by_game"]["short-deck"]
        15
        """
        return {field.name: _json(getattr(self, field.name)) for field in fields(self)}

    def __str__(self) -> str:
        return "\n".join(f"{name}: {value}" for name, value in self.to_dict().items())


def _json(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


LIMITS = Limits(
    games=tuple(GAMES),
    study_games=holdings.STUDY_GAMES,
    min_equity_players=inputs.MIN_PLAYERS,
    max_equity_players=inputs.MAX_PLAYERS,
    max_grid_opponents=grid.MAX_OPPONENTS,
    max_study_villains=study.MAX_VILLAINS,
    default_trials=montecarlo.DEFAULT_TRIALS,
    max_trials=options.MAX_TRIALS,
    max_seed=quantities.MAX_SEED,
    exact_limit=planning.EXACT_LIMIT,
    max_class_assignments=planning.MAX_CLASS_ASSIGNMENTS,
    max_exact_cases=planning.MAX_CASES,
    evaluations_per_second=planning.EVALUATIONS_PER_SECOND,
    min_showdown_players=comparison.MIN_PLAYERS,
    max_showdown_players=comparison.MAX_PLAYERS,
    max_showdown_players_by_game=MappingProxyType({name: comparison.max_players(game) for name, game in GAMES.items()}),
    min_seats=pots.MIN_SEATS,
    max_seats=pots.MAX_SEATS,
    max_chips=pots.MAX_CHIPS,
    odd_chip_rules=pots.ODD_CHIP_RULES,
    max_weight_chars=ranges.MAX_NUMBER_LENGTH,
    max_omaha_range_tokens=omaha_ranges.MAX_TOKENS,
    paytables=tuple(paytable.PAYTABLES),
    paytable_hands=tuple(paytable.HANDS),
    wild_cards=tuple(final_hands.WILDS),
    max_coins=paytable.MAX_COINS,
    max_pay=paytable.MAX_PAY,
    strategy_lines=strategy_lists.MAX_LINES,
    min_strategy_lines=strategy_lists.SHORTEST_LIST,
    max_strategy_lines=strategy_lists.LONGEST_LIST,
    max_file_bytes=files.MAX_FILE_BYTES,
    max_json_chars=files.MAX_JSON_CHARS,
    max_json_depth=files.MAX_JSON_DEPTH,
    max_json_digits=files.MAX_JSON_DIGITS,
    max_batch_bytes=batch.MAX_BATCH_BYTES,
)
"""The library's contracts (see :class:`Limits`)."""
