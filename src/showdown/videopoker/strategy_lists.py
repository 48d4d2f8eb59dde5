"""Strategy lists derived from the exact solution of every deal, played and measured.

A strategy list ranks hold patterns ("4 to a royal flush", "high pair", "suited QJ" ...); a
player holds the cards of the first line the deal matches (when a line matches two holds, the
one with the higher cards). :func:`strategy` derives the list for any pay table: every deal
class's 32 holds are valued exactly and described as patterns; the order of the patterns is
searched (insertion moves, each a suffix sum over the deals a pattern appears in) to maximise
the return of playing by the list, with a price per printed line that keeps the list short;
then the list is played over every deal to give its exact return and its cost against perfect
play.

>>> plan = strategy("jacks-or-better-9-6")
>>> plan.lines[1].words
'Royal Flush, Straight Flush, Full House (stand pat)'
>>> format_cards(plan.hold("Ks Qs Js 9s 9h").held)
'Ks Qs Js 9s'
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any, Optional

import numpy as np

from showdown.cards import CardsLike, format_cards  # noqa: F401 (the doctests use format_cards)
from showdown.errors import AnalysisStopped, VideoPokerError
from showdown.parallel.threads import run_ranges, thread_count
from showdown.quantities import as_whole, brief_repr, callback, shown
from showdown.videopoker import shelf
from showdown.videopoker._counts import canonical_deals, common_draws, draw_scale, superset_table
from showdown.videopoker.analysis import analyze
from showdown.videopoker.final_hands import Wild
from showdown.videopoker.holding import Hold, holds, parse_deal
from showdown.videopoker.patterns import PENALTY, parent, pattern_words, penalty_words, shape
from showdown.videopoker.paytable import DEFAULT_PAYTABLE, PAYTABLES, Paytable, PaytableLike, as_paytable

MAX_LINES = 40
"""The longest list :func:`strategy` prints by default."""
SHORTEST_LIST = 5
"""The least ``max_lines`` a list may be asked for."""
LONGEST_LIST = 200
"""The most ``max_lines`` a list may be asked for."""
LINE_PRICE = 1e-5
"""The return per coin a printed line must add to be kept (0.001 percentage points); raised
until the list fits in ``max_lines``."""
EXCEPTION_THRESHOLD = 1e-5
"""The return per coin a penalty-card exception must add to be kept (0.001 percentage
points); at least the price of a printed line."""
KEPT_LISTS = 16
"""Lists kept besides the named tables' lists of the default length (kept for good): the last
this many asked for."""
DERIVATION_STEPS = 5
"""The steps a derivation reports to its ``progress``: the holds of every deal, the order of the
lines, the exceptions, the list played, the return of perfect play."""
_HOLD_PIECES = 8  # with a progress callback, the holds of every deal are valued in this many pieces
_DOUBLINGS = 24  # the line price goes up to 2**24 times LINE_PRICE (over 1.6 coins a line)
_SHAPE_MASK = (1 << PENALTY) - 1  # a pattern code without its penalty bits (patterns.shape, on arrays)
_TIE_BITS = 24  # tie keys (held ranks as base-16 digits, at most 5) fit in 20 bits


@dataclass(frozen=True)
class StrategyLine:
    """One line of a strategy list: its place (from 1), its words, how often it is the line a
    deal is played by (``frequency``, a share of all deals) and the range of the exact EV per
    coin of the holds it plays (``ev_min`` to ``ev_max``). A line that plays a hold only with
    (or without) some penalty cards among the discards is an exception; ``worth`` is what it
    adds to the return per coin against playing those holds all on one line (0 for a line
    that is no exception)."""

    number: int
    words: str
    frequency: float
    ev_min: float
    ev_max: float
    patterns: tuple[int, ...] = field(repr=False)
    worth: float = 0.0

    @property
    def exception(self) -> bool:
        """True for a penalty-card exception."""
        return self.worth > 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the line."""
        return {"number": self.number, "words": self.words, "frequency": self.frequency,
                "ev_min": self.ev_min, "ev_max": self.ev_max, "exception": self.exception,
                "worth": self.worth}

    def __str__(self) -> str:
        return f"{self.number:>3}. {self.words}"


@dataclass(frozen=True)
class Strategy:
    """A strategy list for a pay table and bet, its exact return when played, and the gap to
    perfect play (``cost``, per coin bet)."""

    paytable: Paytable = field(repr=False)
    coins: int
    lines: tuple[StrategyLine, ...]
    expected_return: Fraction
    perfect_return: Fraction
    elapsed: float
    _line_of: dict[int, int] = field(repr=False, compare=False)

    def __repr__(self) -> str:
        return brief_repr(self, "paytable", "coins", "expected_return", "perfect_return", "lines")

    @property
    def cost(self) -> Fraction:
        """What playing by the list gives up against perfect play, per coin bet."""
        return self.perfect_return - self.expected_return

    @property
    def exceptions(self) -> tuple[StrategyLine, ...]:
        """The penalty-card exceptions: the lines that play a hold only with (or without)
        some penalty cards, each worth at least ``EXCEPTION_THRESHOLD`` per coin.

        >>> all(line.worth >= EXCEPTION_THRESHOLD for line in strategy("deuces-wild-full-pay").exceptions)
        True
        """
        return tuple(line for line in self.lines if line.exception)

    def _choose(self, patterns: np.ndarray, ties: np.ndarray) -> int:
        """The hold (a 5-bit mask of sorted positions) the list plays among 32 described holds."""
        best, best_key = -1, None
        for hold in range(32):
            line = self._line_of.get(int(patterns[hold]))
            if line is None:
                continue
            key = (line, -int(ties[hold]), _HOLD_RANK[hold])
            if best_key is None or key < best_key:
                best, best_key = hold, key
        if best < 0:  # drawing five is always a line
            raise VideoPokerError("internal error: no line of the strategy matches the deal")
        return best

    def hold(self, deal: CardsLike) -> Hold:
        """The hold the list plays on a deal (the first line the deal matches), with its exact EV.

        >>> plan = strategy("jacks-or-better-9-6")
        >>> str(plan.hold("Ah Kd Qc 7s 2h"))
        'hold Kd Qc: EV 0.483441 per coin (2.4172 per bet)'

        Raises:
            CardParseError: a token is not a card (the joker only in joker games).
            DuplicateCardError: a card appears twice.
            HandSizeError: not 5 cards.
        """
        cards, order, patterns, ties = _described(deal, self.paytable)
        sorted_hold = self._choose(patterns, ties)
        positions = tuple(sorted(order[i] for i in range(5) if sorted_hold >> i & 1))
        return next(hold for hold in holds(cards, self.paytable, self.coins) if hold.positions == positions)

    def line_for(self, deal: CardsLike, positions: Sequence[int]) -> Optional[StrategyLine]:
        """The line a hold of the deal (positions 0 to 4) follows, or None when the hold
        matches no line of the list.

        >>> plan = strategy("jacks-or-better-9-6")
        >>> plan.line_for("Ah Kd Qc 7s 2h", (1, 2)).words
        'Unsuited KQ, QJ'

        Raises:
            VideoPokerError: a position is not 0 to 4, or is given twice.
            CardParseError: a token is not a card (the joker only in joker games).
            DuplicateCardError: a card appears twice.
            HandSizeError: not 5 cards.
        """
        _, order, patterns, _ = _described(deal, self.paytable)
        line = self._line_of.get(int(patterns[_sorted_mask(order, positions)]))
        return None if line is None else self.lines[line]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the table, the lines, the returns and the cost (floats, with the
        exact fractions as text beside them)."""
        return {
            "paytable": self.paytable.to_dict(),
            "coins": self.coins,
            "lines": [line.to_dict() for line in self.lines],
            "exception_threshold": EXCEPTION_THRESHOLD,
            "expected_return": float(self.expected_return),
            "expected_return_exact": str(self.expected_return),
            "perfect_return": float(self.perfect_return),
            "perfect_return_exact": str(self.perfect_return),
            "cost": float(self.cost),
            "cost_exact": str(self.cost),
            "elapsed": self.elapsed,
        }

    def summary(self) -> str:
        """One line: the table, the return by the list, perfect play's and the cost."""
        return (f"{self.paytable.title}: {len(self.lines)} lines return {float(self.expected_return):.4%} "
                f"(perfect play {float(self.perfect_return):.4%}, cost {float(self.cost) * 100:.4f} points)")

    def __str__(self) -> str:
        return "\n".join([self.summary(), *(str(line) for line in self.lines)])


def describe_hold(deal: CardsLike, positions: Sequence[int],
                  paytable: PaytableLike = DEFAULT_PAYTABLE) -> str:
    """A hold of a deal (positions 0 to 4) in a strategy list's words, whether or not a list
    has a line for it.

    >>> describe_hold("Ah Kh Qh 7s 2h", (0, 1, 2))
    '3 to a royal flush (with an ace)'
    >>> describe_hold("2h 2d Ks Qs 5h", (0, 1), "deuces-wild-full-pay")
    'Two deuces'

    Raises:
        PaytableError: an unknown pay table.
        VideoPokerError: a position is not 0 to 4, or is given twice.
        CardParseError: a token is not a card (the joker only in joker games).
        DuplicateCardError: a card appears twice.
        HandSizeError: not 5 cards.
    """
    table = as_paytable(paytable)
    _, order, patterns, _ = _described(deal, table)
    labels = {hand: table.row_for(hand).label for hand in table.wild_rule.classes}
    return pattern_words([int(patterns[_sorted_mask(order, positions)])], table.wild_rule, labels)


def _described(deal: CardsLike, table: Paytable) -> tuple[tuple, list[int], np.ndarray, np.ndarray]:
    """A deal's cards, the order that sorts them by id (the kernels' holds are masks of sorted
    positions), and the pattern and tie key of each of its 32 holds."""
    cards = parse_deal(deal, table)
    order = sorted(range(5), key=lambda i: cards[i].id)
    ids = np.array([cards[i].id for i in order], dtype=np.uint8)
    patterns = np.empty(32, dtype=np.int64)
    ties = np.empty(32, dtype=np.int64)
    kernel_module()._deal_patterns(table.wild_rule.rule, ids, patterns, ties)
    return cards, order, patterns, ties


def _sorted_mask(order: list[int], positions: Sequence[int]) -> int:
    """The hold of ``positions`` (0 to 4, checked) as a mask of sorted positions."""
    kept = set(checked_positions(positions))
    return sum(1 << i for i in range(5) if order[i] in kept)


def checked_positions(positions: Sequence[int]) -> tuple[int, ...]:
    """Positions 0 to 4, each once, or a VideoPokerError naming the bad one."""
    if isinstance(positions, (str, bytes, Mapping)) or not isinstance(positions, Iterable):
        raise VideoPokerError(f"held positions are a sequence of 0 to 4, such as (0, 2), got {shown(positions)}")
    seen: list[int] = []
    for position in positions:
        whole = as_whole(position)
        if whole is None or not 0 <= position <= 4:
            raise VideoPokerError(f"a held position is 0 to 4, got {shown(position)}")
        position = whole
        if position in seen:
            raise VideoPokerError(f"position {position} is held twice")
        seen.append(position)
    return tuple(seen)


def kernel_module():
    """The strategy kernels (loaded on first use)."""
    from showdown._kernels import strategy as module

    return module


# Ties between holds of one line: higher cards first, then the holds' fixed order.
_HOLD_RANK = {hold: place for place, hold in enumerate(
    sorted(range(32), key=lambda hold: (bin(hold).count("1"), [i for i in range(5) if hold >> i & 1])))}


def strategy(paytable: PaytableLike = DEFAULT_PAYTABLE, coins: int = 5, *, max_lines: int = MAX_LINES,
             progress: Optional[Callable[[int, int], Any]] = None) -> Strategy:
    """The strategy list of a pay table, derived from the exact value of every hold of every
    deal, with its exact return and its cost against perfect play.

    A list is derived once per table, bet and length and kept: on disk beside the kernel cache
    (:mod:`showdown.videopoker.shelf`), so once per install; in memory, the named tables' lists of
    the default length for good, the others the last :data:`KEPT_LISTS` asked for. A kept list is
    returned at once, even while another is being derived; one list is derived at a time (a
    thread asking for the list being derived gets it when it is done).

    ``progress(done, total)`` is called before a derivation starts, while it waits for another
    one and between its pieces of work (``done`` of ``total`` steps, see :data:`DERIVATION_STEPS`),
    about every second or two; returning False stops it with ``AnalysisStopped``.

    >>> plan = strategy("jacks-or-better-9-6")
    >>> len(plan.lines) <= 40, float(plan.cost) < 0.0002
    (True, True)

    Raises:
        PaytableError: an unknown pay table.
        VideoPokerError: ``coins`` is not a whole number from 1 to the table's ``max_coins``, ``max_lines`` not
            one from 5 to 200, or ``progress`` cannot be called.
        AnalysisStopped: ``progress`` returned False.
    """
    table = as_paytable(paytable)
    coins = table.check_coins(coins)
    whole = as_whole(max_lines)
    if whole is None or not SHORTEST_LIST <= max_lines <= LONGEST_LIST:
        raise VideoPokerError(f"max_lines must be a whole number from {SHORTEST_LIST} to {LONGEST_LIST},"
                              f" got {shown(max_lines)}")
    max_lines = whole
    asked = _PROGRESS.set(callback(progress, error=VideoPokerError))
    try:
        return _derived(table, coins, max_lines)
    finally:
        _PROGRESS.reset(asked)


_DERIVING = threading.Lock()  # one derivation at a time: a second caller finds the list kept
_KEEPING = threading.Lock()  # guards the kept lists; held for a look-up, never during a derivation
_FOR_GOOD: dict[tuple[Paytable, int, int], Strategy] = {}
_RECENT: OrderedDict[tuple[Paytable, int, int], Strategy] = OrderedDict()
_PROGRESS: contextvars.ContextVar[Optional[Callable[[int, int], Any]]] = contextvars.ContextVar(
    "strategy_progress", default=None)  # the progress callback of the derivation this thread runs
_WAIT_SECONDS = 0.1  # a caller waiting for another derivation asks its progress this often


def _kept(key: tuple[Paytable, int, int]) -> Optional[Strategy]:
    with _KEEPING:
        found = _FOR_GOOD.get(key)
        if found is None and (found := _RECENT.get(key)) is not None:
            _RECENT.move_to_end(key)
        return found


def _keep(key: tuple[Paytable, int, int], plan: Strategy) -> None:
    table, _, max_lines = key
    with _KEEPING:
        if max_lines == MAX_LINES and PAYTABLES.get(table.name) == table:
            _FOR_GOOD[key] = plan
            return
        _RECENT[key] = plan
        while len(_RECENT) > KEPT_LISTS:
            _RECENT.popitem(last=False)


def _step(done: int, table: Paytable) -> None:
    """Ask the derivation's progress callback, if any, whether to go on after ``done`` steps."""
    progress = _PROGRESS.get()
    if progress is not None and progress(done, DERIVATION_STEPS) is False:
        raise AnalysisStopped(f"the strategy list of {table.name} was stopped after {done} of"
                              f" {DERIVATION_STEPS} steps")


def _derived(table: Paytable, coins: int, max_lines: int) -> Strategy:
    """The list, kept or derived (and kept)."""
    key = (table, coins, max_lines)
    found = _kept(key) or _shelved(table, coins, max_lines)
    if found is not None:
        _keep(key, found)
        return found
    _step(0, table)
    while not _DERIVING.acquire(timeout=_WAIT_SECONDS):
        _step(0, table)
    try:
        found = _kept(key)
        if found is None:
            found = _derive(table, coins, max_lines)
            _keep(key, found)
            _shelve(found, max_lines)
        return found
    finally:
        _DERIVING.release()


def _shelve(plan: Strategy, max_lines: int) -> None:
    """Keep a derived list on disk (see :mod:`showdown.videopoker.shelf`)."""
    shelf.write("strategy", plan.paytable, {
        "lines": [[line.number, line.words, line.frequency, line.ev_min, line.ev_max, list(line.patterns), line.worth]
                  for line in plan.lines],
        "expected_return": str(plan.expected_return), "perfect_return": str(plan.perfect_return),
        "elapsed": plan.elapsed}, plan.coins, max_lines)


def _shelved(table: Paytable, coins: int, max_lines: int) -> Optional[Strategy]:
    """The list kept on disk (see :mod:`showdown.videopoker.shelf`), or None."""
    data = shelf.read("strategy", table, coins, max_lines)
    if data is None:
        return None
    try:
        lines = tuple(StrategyLine(int(number), str(words), float(frequency), float(low), float(high),
                                   tuple(int(code) for code in patterns), float(worth))
                      for number, words, frequency, low, high, patterns, worth in data["lines"])
        line_of = {code: index for index, line in enumerate(lines) for code in line.patterns}
        return Strategy(table, coins, lines, Fraction(data["expected_return"]), Fraction(data["perfect_return"]),
                        float(data["elapsed"]), line_of)
    except (KeyError, TypeError, ValueError, ZeroDivisionError):  # a damaged file: derive again
        return None


def compile_strategy() -> None:
    """Compile (or load) the kernels that derive and play strategy lists (the kernel group
    ``"strategy"`` of :mod:`showdown.kernel_groups`): a whole derivation, some seconds, and the
    words of a hold."""
    with shelf.off():  # a list read from disk would not compile the kernels
        strategy("jacks-or-better-9-6")
    describe_hold("Ah Kh Qh 7s 2h", (0, 1, 2))


def _derive(table: Paytable, coins: int, max_lines: int) -> Strategy:
    started = time.perf_counter()
    game = table.wild_rule
    solution = _Solution(table, coins)
    runs = solution.settle(solution.runs(solution.search(max_lines)))
    _step(3, table)
    chosen, played = solution.play(runs)
    runs, played = solution.tidy(runs, chosen, played)
    line_of = {int(solution.codes[code]): number for number, run in enumerate(runs) for code in run}
    deals = np.arange(len(chosen))
    values = solution.values[deals, chosen] / common_draws(game.cards_left)
    weights = solution.weights
    labels = {hand: table.row_for(hand).label for hand in game.classes}
    reach = solution.reach(played)
    worths = {key: worth for key, (worth, _) in solution.worths(runs).items()}
    lines = []
    for number, run in enumerate(runs):
        mask = played == number
        codes = [int(solution.codes[code]) for code in run]
        universe = [int(code) for code, last in zip(solution.codes, reach, strict=True) if last >= number]
        worth = sum(worth for key, worth in worths.items() if penalty_words(
            [code for code in codes if shape(code) == key], universe) and any(shape(code) == key for code in codes))
        lines.append(StrategyLine(
            number + 1, pattern_words(codes, game, labels, universe),
            float(weights[mask].sum()) / comb(game.deck_size, 5),
            float(values[mask].min()), float(values[mask].max()), tuple(codes), worth))
    expected_return = solution.played_return(chosen)
    _step(4, table)
    perfect = analyze(table, coins, progress=None if _PROGRESS.get() is None else lambda done, total: _step(4, table))
    return Strategy(table, coins, tuple(lines), expected_return, perfect.expected_return,
                    time.perf_counter() - started, line_of)


class _Solution:
    """Every deal class's holds valued exactly and described, and the list search over them."""

    def __init__(self, table: Paytable, coins: int) -> None:
        self.table, self.game = table, table.wild_rule
        game: Wild = self.game
        class_pays = table.class_pays(coins)
        self.pays = [class_pays[hand] for hand in game.classes]
        pays = np.zeros(16, dtype=np.int64)
        pays[: len(game.classes)] = self.pays
        self.deals, self.weights = canonical_deals(game.deck_size)
        n = len(self.deals)
        self.values = np.empty((n, 32), dtype=np.int64)
        self.full_patterns = np.empty((n, 32), dtype=np.int64)
        self.ties = np.empty((n, 32), dtype=np.int64)
        arguments = (game.rule, self.deals, superset_table(game.rule), pays, draw_scale(game.cards_left), self.values,
                     self.full_patterns, self.ties)
        threads = thread_count(None, n)
        pieces = 1 if _PROGRESS.get() is None else _HOLD_PIECES  # each deal's row is filled alone: the same values
        for piece in range(pieces):
            _step(0, table)
            offset, stop = n * piece // pieces, n * (piece + 1) // pieces
            run_ranges(lambda first, last, at=offset: kernel_module()._hold_table(*arguments, at + first, at + last),
                       stop - offset, threads)
        hold_rank = np.array([_HOLD_RANK[hold] for hold in range(32)], dtype=np.int64)
        self.tie_order = (((1 << _TIE_BITS) - 1 - self.ties) << 5) | hold_rank  # within a line: higher cards
        self.tie_rank = np.argsort(np.argsort(self.tie_order, axis=1), axis=1)  # each hold's place in that order
        _step(0, table)
        self.use(self.full_patterns & _SHAPE_MASK)  # the search starts with the shapes

    def use(self, patterns: np.ndarray) -> None:
        """Index the deals by ``patterns`` (one per deal and hold): the list's lines are made
        of these codes from now on."""
        n, game = len(self.deals), self.game
        self.patterns = patterns
        self.codes, inverse = np.unique(self.patterns, return_inverse=True)
        inverse = inverse.reshape(n, 32)
        self.index = inverse  # each deal's holds as places in self.codes
        # one entry per deal and pattern: the hold a player picks among the pattern's holds
        # (the higher cards), found by sorting each deal's holds by pattern, then that order
        key = inverse * 32 + self.tie_rank
        holds_ = np.argsort(key, axis=1)
        line = np.take_along_axis(inverse, holds_, axis=1)
        first = np.ones((n, 32), dtype=bool)
        first[:, 1:] = line[:, 1:] != line[:, :-1]
        rows, places = np.nonzero(first)
        self.entry_deal = rows
        self.entry_line = line[rows, places]
        self.entry_value = self.values[rows, holds_[rows, places]] / common_draws(game.cards_left)
        self.deal_start = np.searchsorted(self.entry_deal, np.arange(n + 1))
        self.line_entries = np.argsort(self.entry_line, kind="stable")
        self.line_start = np.searchsorted(self.entry_line[self.line_entries], np.arange(len(self.codes) + 1))
        self.parents = np.array([parent(int(code)) for code in self.codes], dtype=np.int64)
        self.draw_five = int(np.flatnonzero(self.codes == 0)[0])

    def _passes(self, order: np.ndarray, fixed: np.ndarray, price: float) -> None:
        weights = self.weights.astype(np.float64)
        scaled = price * comb(self.game.deck_size, 5)
        for _ in range(40):
            _step(1, self.table)
            moved = kernel_module()._insertion_pass(
                self.deal_start, self.entry_deal, self.entry_line, self.entry_value, weights, self.line_start,
                self.line_entries, order, fixed, self.parents, scaled)
            if not moved:
                return

    def search(self, max_lines: int) -> np.ndarray:
        """The order of the listed patterns: first the shapes of the holds (no penalty cards)
        in the best order, then with a price per printed line, raised until the list fits in
        ``max_lines``; then each shape split by its penalty cards, a split kept where it gains
        at least the price of its line (``EXCEPTION_THRESHOLD`` at least)."""
        order = np.full(len(self.codes), -1, dtype=np.int64)
        order[0] = self.draw_five
        self._passes(order, self._fixed(), 0.0)
        price, fits = self._fit(order, LINE_PRICE, max_lines, _DOUBLINGS)
        if not fits:
            self.shorten(order, max_lines)
        shapes = [int(code) for code in self.codes[order[order >= 0]]]
        _step(1, self.table)
        self.use(self.full_patterns)
        place = {code: number for number, code in enumerate(shapes)}
        codes = [int(code) for code in self.codes]
        listed = sorted((i for i, code in enumerate(codes) if code & _SHAPE_MASK in place),
                        key=lambda i: (place[codes[i] & _SHAPE_MASK], codes[i]))
        order = np.full(len(self.codes), -1, dtype=np.int64)
        order[: len(listed)] = listed
        split = order.copy()
        if not self._fit(split, max(price, EXCEPTION_THRESHOLD), max_lines, 4)[1]:
            return order  # the splits cost more lines than the list may have: none is kept
        return split

    def _fixed(self) -> np.ndarray:
        fixed = np.zeros(len(self.codes), dtype=np.bool_)
        fixed[self.draw_five] = True
        return fixed

    def _fit(self, order: np.ndarray, price: float, max_lines: int, doublings: int) -> tuple[float, bool]:
        """Insertion passes at ``price`` per printed line, the price doubled (at most
        ``doublings`` times) until the list fits in ``max_lines``. Returns the last price and
        whether the list fits; when it does not (the price stopped taking lines out), ``order``
        is left as it was when it first had the fewest lines."""
        fewest, kept, kept_price, stalled = len(self.runs(order)) + 1, order.copy(), price, 0
        for _ in range(doublings + 1):
            self._passes(order, self._fixed(), price)
            lines = len(self.runs(order))
            if lines <= max_lines:
                return price, True
            if lines < fewest:
                fewest, kept, kept_price, stalled = lines, order.copy(), price, 0
            else:
                stalled += 1
                if stalled == 3:
                    break
            price *= 2
        order[:] = kept
        return kept_price, False

    def shorten(self, order: np.ndarray, max_lines: int) -> None:
        """Take whole lines out of ``order``, or move them onto another line of the same
        parent, the move that loses least first, until the list fits in ``max_lines`` (the
        price per line cannot take out a line of two or more patterns one pattern at a time)."""
        while len(runs := self.runs(order)) > max_lines:
            _step(1, self.table)
            options = []
            for number, run in enumerate(runs):
                if self.draw_five in run:
                    continue
                rest = [line for i, other in enumerate(runs) if i != number for line in other]
                options.append(rest)
                for i, other in enumerate(runs):
                    if i != number and self.parents[other[0]] == self.parents[run[0]]:
                        options.append([line for j, each in enumerate(runs) if j != number
                                        for line in (each + run if j == i else each)])
            best = self._best(runs, options)
            order[:] = -1
            order[: len(best)] = best

    def _line_numbers(self, runs: list[list[int]], base: Optional[np.ndarray] = None) -> np.ndarray:
        """Each pattern's printed line in ``runs`` (``1 << 20`` when unlisted); with ``base``,
        a line is numbered as its first pattern is in ``base``, which orders the lines the
        same way when ``runs`` is ``base``'s list with lines taken out or merged."""
        lines = np.full(len(self.codes), 1 << 20, dtype=np.int64)
        for number, run in enumerate(runs):
            lines[run] = number if base is None else base[run[0]]
        return lines

    def _best(self, runs: list[list[int]], options: list[list[int]]) -> list[int]:
        """The option (an order of patterns: ``runs`` with a line taken out or merged) whose
        play returns most, the first of equals. Each option is scored by the exact change of
        the total over the deals it can change, those with a pattern whose line it moves."""
        base = self._line_numbers(runs)
        deals = np.arange(len(self.deals))
        chosen = ((base[self.index] << 30) | self.tie_order).argmin(axis=1)
        won = self.values[deals, chosen] * self.weights  # exact integers
        best, best_gain = options[0], None
        for option in options:
            _step(1, self.table)
            lines = self._line_numbers(self.runs(np.array(option, dtype=np.int64)), base)
            moved = np.flatnonzero(lines != base)
            touched = np.concatenate([self.line_entries[self.line_start[code]: self.line_start[code + 1]]
                                      for code in moved]) if len(moved) else np.empty(0, dtype=np.int64)
            rows = np.unique(self.entry_deal[touched])
            picks = ((lines[self.index[rows]] << 30) | self.tie_order[rows]).argmin(axis=1)
            gain = int((self.values[rows, picks] * self.weights[rows]).sum() - won[rows].sum())
            if best_gain is None or gain > best_gain:
                best, best_gain = option, gain
        return best

    def value(self, runs: list[list[int]]) -> float:
        """The return per coin of playing by ``runs`` (floating point, for comparisons)."""
        chosen, _ = self.play(runs)
        values = self.values[np.arange(len(chosen)), chosen].astype(np.float64)
        return float(values @ self.weights) / common_draws(self.game.cards_left) / comb(self.game.deck_size, 5)

    def splits(self, runs: list[list[int]]) -> dict[int, list[int]]:
        """The shapes split by penalty cards: listed on two or more lines, or with some of
        their patterns left off the list (line -1); and those lines."""
        where: dict[int, list[int]] = {}
        listed = np.zeros(len(self.codes), dtype=bool)
        for number, run in enumerate(runs):
            listed[run] = True
            for code in run:
                lines = where.setdefault(int(self.codes[code]) & _SHAPE_MASK, [])
                if number not in lines:
                    lines.append(number)
        for unlisted in np.flatnonzero(~listed):
            found = where.get(int(self.codes[unlisted]) & _SHAPE_MASK)
            if found is not None and -1 not in found:
                found.append(-1)
        return {key: lines for key, lines in where.items() if len(lines) > 1}

    def _merged(self, runs: list[list[int]], shape: int, number: int) -> list[list[int]]:
        """``runs`` with every pattern of ``shape`` (listed or not) on line ``number``."""
        moving = [int(code) for code in np.flatnonzero(self.codes & _SHAPE_MASK == shape)]
        merged = [[code for code in run if code not in moving] + (moving if i == number else [])
                  for i, run in enumerate(runs)]
        return [run for run in merged if run]

    def worths(self, runs: list[list[int]]) -> dict[int, tuple[float, list[list[int]]]]:
        """For each split shape: what the split adds to the return, and the list without it
        (the shape's patterns all on the one of its lines that loses least)."""
        total = self.value(runs)
        found = {}
        for key, lines in self.splits(runs).items():
            _step(2, self.table)
            options = [self._merged(runs, key, number) for number in lines if number >= 0]
            scores = [self.value(option) for option in options]
            best = int(np.argmax(scores))
            found[key] = (total - scores[best], options[best])
        return found

    def settle(self, runs: list[list[int]]) -> list[list[int]]:
        """The lines with only the penalty-card splits worth ``EXCEPTION_THRESHOLD`` or more:
        the least worth is undone until every split left is worth the threshold."""
        while True:
            found = self.worths(runs)
            if not found:
                return runs
            worth, merged = min(found.values(), key=lambda item: item[0])
            if worth >= EXCEPTION_THRESHOLD:
                return runs
            runs = merged

    def runs(self, order: np.ndarray) -> list[list[int]]:
        """The listed patterns grouped in runs of one parent: the printed lines."""
        runs: list[list[int]] = []
        for line in order[order >= 0]:
            if runs and self.parents[runs[-1][-1]] == self.parents[line]:
                runs[-1].append(int(line))
            else:
                runs.append([int(line)])
        return runs

    def play(self, runs: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
        """Each deal's hold (a sorted-position mask) by the list, and the run it follows: the
        first run the deal matches, then the higher cards, then the fixed hold order."""
        lines = np.full(len(self.codes), 1 << 20, dtype=np.int64)
        for number, run in enumerate(runs):
            lines[run] = number
        chosen = ((lines[self.index] << 30) | self.tie_order).argmin(axis=1)
        return chosen, lines[self.index[np.arange(len(chosen)), chosen]]

    def tidy(self, runs: list[list[int]], chosen: np.ndarray, played: np.ndarray) -> tuple[list[list[int]], np.ndarray]:
        """The same play in fewer, better ordered lines: patterns never played are dropped
        (unless a pattern of the same shape, other penalty cards, is played on the line: a
        player reads the line as the shape); a line moves up past another when it is worth
        more on average and no deal played by
        the upper one has the lower one's pattern (so no hold changes); lines of one parent
        that meet merge under the same condition. Returns the lines and each deal's line."""
        deals = np.arange(len(chosen))
        index = self.index
        used = np.zeros(len(self.codes), dtype=bool)
        used[index[deals, chosen]] = True
        shapes = self.codes & _SHAPE_MASK
        lines = [[code for code in run if used[code] or any(
            used[other] and shapes[other] == shapes[code] for other in run)] for run in runs]
        line_of_code = np.full(len(self.codes), -1, dtype=np.int64)
        for number, run in enumerate(lines):
            line_of_code[run] = number
        present = np.zeros((len(chosen), len(lines)), dtype=bool)
        listed = line_of_code[index]
        rows, holds_ = np.nonzero(listed >= 0)
        present[rows, listed[rows, holds_]] = True
        values = self.values[deals, chosen].astype(np.float64)
        weights = self.weights.astype(np.float64)
        mean = [float((values * weights)[played == number].sum() / max(weights[played == number].sum(), 1.0))
                for number in range(len(lines))]

        def neutral(upper: int, lower: int) -> bool:
            return not present[played == upper, lower].any()

        order = [number for number in range(len(lines)) if lines[number]]
        changed = True
        while changed:
            changed = False
            for i in range(len(order) - 1):
                upper, lower = order[i], order[i + 1]
                if mean[lower] > mean[upper] and self.parents[lines[upper][0]] != self.parents[lines[lower][0]] \
                        and neutral(upper, lower):
                    order[i], order[i + 1] = lower, upper
                    changed = True
        merged: list[list[int]] = []
        group: list[int] = []  # the lines merged into the last printed line
        new_number = np.zeros(len(lines), dtype=np.int64)
        for number in order:
            if group and self.parents[lines[group[0]][0]] == self.parents[lines[number][0]] and all(
                    neutral(upper, number) for upper in group):
                merged[-1].extend(lines[number])
                group.append(number)
            else:
                merged.append(list(lines[number]))
                group = [number]
            new_number[number] = len(merged) - 1
        return merged, new_number[played]

    def reach(self, played: np.ndarray) -> np.ndarray:
        """For each pattern, the last line that plays a deal having a hold of that pattern (-1
        when none does): a line's words need to tell its patterns from those of their parent
        that still reach it, and from no others."""
        last = np.full(len(self.codes), -1, dtype=np.int64)
        np.maximum.at(last, self.entry_line, played[self.entry_deal])
        return last

    def played_return(self, chosen: np.ndarray) -> Fraction:
        """The exact return per coin of playing the holds ``chosen`` on every deal."""
        game = self.game
        totals = np.zeros((6, 16), dtype=np.int64)
        kernel_module()._play(game.rule, self.deals, self.weights, superset_table(game.rule),
                              chosen.astype(np.int64), totals)
        scale = draw_scale(game.cards_left)
        won = sum(int(totals[drawn, column]) * int(scale[drawn]) * self.pays[column]
                  for drawn in range(6) for column in range(len(game.classes)))
        return Fraction(won, comb(game.deck_size, 5) * common_draws(game.cards_left))
