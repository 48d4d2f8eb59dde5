"""What an exact equity run would cost, known before it starts: :func:`plan`.

``equity(exact=None)`` enumerates exactly when the work is affordable, about
:data:`EXACT_LIMIT` (2e8) hand evaluations, and otherwise runs Monte Carlo; the command line and
the web app use the same plan to set their limits. Preflop, hole-card assignments that differ
only by a permutation of suits are counted once, and each class is scored over its boards' rank
and flush patterns (about :data:`BOARD_PATTERNS` per class); with part of the board known,
every assignment meets every remaining board, as in every game but hold'em (whose suit classes
are hold'em's own). Heads-up with two hole cards (hold'em and short deck) and part of the board
known, each runout is scored once for every combo of both ranges, about
:data:`~showdown.odds.exact.RUNOUT_COST` evaluations' time per combo and runout. How long an
enumeration takes is estimated here too (:meth:`Plan.seconds`, at :data:`EVALUATIONS_PER_SECOND`
a thread), for the limits the web app sets in seconds.

>>> p = plan(["AcAd", "KhKs", "QsQd"], board="2c 7d 9h")
>>> p.method, p.assignments, p.boards, p.evaluations, p.exact_by_default
('boards', 1, 903, 2709, True)
>>> p = plan(["random", "random"], board="2c 7d 9h")
>>> p.method, p.assignments, p.boards, p.evaluations, p.exact_by_default
('runouts', 1382976, 990, 4148928, True)
>>> plan(["random", "random", "random"], board="2c 7d 9h").exact_by_default
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from showdown.errors import EquityError
from showdown.games import GameLike
from showdown.odds.exact import Classes, assignment_classes, by_runouts_possible, runout_evaluations
from showdown.odds.inputs import Question, prepare
from showdown.quantities import whole_number
from showdown.tables.layout import HOLDEM_EVALUATOR

EXACT_LIMIT = 200_000_000
"""``exact=None`` enumerates when the plan's evaluations are at most this."""
MAX_CLASS_ASSIGNMENTS = 8_000_000
"""Preflop, at most this many hole-card assignments are reduced to suit classes for exact mode."""
BOARD_PATTERNS = 25_000
"""About how many rank and flush patterns preflop enumeration scores per assignment class."""
MAX_CASES = 1 << 62
"""Exact counts are 64-bit integers: at most this many cases."""
EVALUATIONS_PER_SECOND = 75_000_000
"""About how many hand evaluations exact enumeration does in a second on one thread: the pace of
:func:`exact_seconds` and :meth:`Plan.seconds`. Measured on the project's 2-core machine: 80 to
300 million a second depending on the question (preflop classes or every board of a flop or
turn), so the estimate errs on the long side."""


def exact_seconds(evaluations: int, threads: int = 1) -> float:
    """About how many seconds exact enumeration of ``evaluations`` hand evaluations (a plan's
    :attr:`Plan.evaluations`) takes on ``threads`` threads, at :data:`EVALUATIONS_PER_SECOND`
    a thread.

    >>> exact_seconds(150_000_000, threads=2)
    1.0

    Raises:
        EquityError: ``evaluations`` is not a whole number from 0, or ``threads`` one from 1.
    """
    evaluations = whole_number(evaluations, "evaluations", low=0, error=EquityError)
    threads = whole_number(threads, "threads", low=1, error=EquityError)
    return evaluations / (EVALUATIONS_PER_SECOND * threads)


@dataclass(frozen=True)
class Plan:
    """The cost of enumerating an equity question exactly.

    ``method`` is ``"classes"`` (preflop: classes of assignments scored by board pattern),
    ``"boards"`` (part of the board known: every assignment on every remaining board),
    ``"runouts"`` (heads-up with two hole cards and part of the board known: each runout once
    for every combo of both ranges) or ``""`` when exact enumeration is out of reach
    (``reason`` says why); every method reports progress and stops when asked.
    ``assignments`` counts the hole-card assignments (the product of the players' numbers of
    combos), ``boards`` the boards still to come for one of them, ``classes`` the preflop
    classes (0 otherwise), ``evaluations`` about how many hand evaluations the enumeration takes
    (or their time's worth). ``exact_by_default`` says whether ``equity(exact=None)``
    enumerates.
    """

    players: int
    method: str
    assignments: int
    boards: int
    classes: int
    evaluations: int
    exact_by_default: bool
    reason: str = ""

    @property
    def exact_possible(self) -> bool:
        """Whether exact enumeration can run at all."""
        return bool(self.method)

    @property
    def reports_progress(self) -> bool:
        """Whether the enumeration reports progress as it goes (and so can be stopped midway):
        every exact method does."""
        return self.exact_possible

    def __str__(self) -> str:
        """The plan in a sentence.

        >>> print(plan(["AcAd", "KhKs"]))  # doctest: +NORMALIZE_WHITESPACE
        Exact by default: 2 players, 1 assignment of hole cards, 1,712,304 boards each, scored as 1
        preflop class, about 50,000 hand evaluations.
        """
        if not self.exact_possible:
            return f"Monte Carlo only: {self.reason}."
        how = {"classes": f"scored as {self.classes:,} preflop class{'es' * (self.classes != 1)}",
               "boards": "every assignment on every board", "runouts": "each runout once for all combos"}[self.method]
        start = "Exact by default" if self.exact_by_default else "Exact on request (Monte Carlo by default)"
        return (f"{start}: {self.players} players, {self.assignments:,} assignment{'s' * (self.assignments != 1)} of"
                f" hole cards, {self.boards:,} board{'s' * (self.boards != 1)} each, {how}, about"
                f" {self.evaluations:,} hand evaluations.")

    def seconds(self, threads: int = 1) -> Optional[float]:
        """About how long the enumeration takes on ``threads`` threads (:func:`exact_seconds`),
        or None when exact enumeration is out of reach.

        >>> plan(["AcAd", "KhKs"], board="2c 7d 9h").seconds() < 0.001
        True
        >>> plan(["random"] * 3).seconds() is None
        True
        """
        return exact_seconds(self.evaluations, threads) if self.exact_possible else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields and properties."""
        return {"players": self.players, "method": self.method, "assignments": self.assignments,
                "boards": self.boards, "classes": self.classes, "evaluations": self.evaluations,
                "exact_possible": self.exact_possible, "exact_by_default": self.exact_by_default,
                "reports_progress": self.reports_progress, "reason": self.reason}


def make_plan(question: Question, classify: bool = True) -> tuple[Plan, Optional[Classes]]:
    """The plan of a checked question, and its preflop classes when they were worked out
    (``classify=False`` skips them: Monte Carlo was asked for)."""
    n_players = len(question.players)
    assignments, boards = question.assignments, question.boards
    if any(player.dealt for player in question.players):
        reason = (f"a random {question.game.title} hand is dealt at each deal, not enumerated: "
                  f"{assignments * boards:.3g} deals; use Monte Carlo")
        return Plan(n_players, "", assignments, boards, 0, 0, False, reason), None
    if question.to_come == 5 and question.game.evaluator == HOLDEM_EVALUATOR:
        if assignments > MAX_CLASS_ASSIGNMENTS:
            reason = (f"exact enumeration of {assignments:,} hole-card assignments preflop is out of reach"
                      f" (at most {MAX_CLASS_ASSIGNMENTS:,}); use Monte Carlo")
            return Plan(n_players, "", assignments, boards, 0, 0, False, reason), None
        if not classify:
            return Plan(n_players, "classes", assignments, boards, 0, 0, False), None
        classes = assignment_classes(question)
        evaluations = len(classes.holes) * BOARD_PATTERNS * n_players
        plan = Plan(n_players, "classes", assignments, boards, len(classes.holes), evaluations,
                    evaluations <= EXACT_LIMIT)
        return plan, classes
    if assignments * boards > MAX_CASES:
        reason = f"exact enumeration of {assignments * boards:.3g} deals is out of reach; use Monte Carlo"
        return Plan(n_players, "", assignments, boards, 0, 0, False, reason), None
    if by_runouts_possible(question):
        evaluations = runout_evaluations(question)
        return Plan(n_players, "runouts", assignments, boards, 0, evaluations, evaluations <= EXACT_LIMIT), None
    evaluations = assignments * boards * n_players
    return Plan(n_players, "boards", assignments, boards, 0, evaluations, evaluations <= EXACT_LIMIT), None


def plan(players: Any, board: Any = "", dead: Any = "", *, game: GameLike = "holdem") -> Plan:
    """What enumerating the equity of ``players`` on ``board`` with ``dead`` cards would cost.

    Takes the arguments of :func:`~showdown.equity` and raises the same errors for bad input.
    Preflop it works out the classes of assignments (as the enumeration would), which takes a
    moment for large ranges.

    >>> p = plan(["AA", "KK"])
    >>> p.method, p.assignments, p.classes, p.reports_progress
    ('classes', 36, 3, True)

    Raises:
        PlayerCountError: fewer than 2 or more than 10 players, or ``players`` is not a list or a dict.
        EquityError: an empty player name.
        CardParseError: a token of a hand, the board or the dead cards is not a card.
        DuplicateCardError: a card is used twice.
        HandSizeError: a hand of the wrong number of cards, a board of 1, 2 or more than 5 cards, or more cards than
            the deck holds.
        RangeParseError: range text that does not parse.
        EmptyRangeError: a range is empty once the known cards are removed.
        GameError: an unknown game, a card the short deck does not have, or a range of another game's hands.
    """
    return make_plan(prepare(players, board, dead, game))[0]
