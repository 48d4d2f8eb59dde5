"""Board study: what a range holds on a board, each combo's equity against other ranges, how
that equity is spread over the range, and what the next card does to it.

* :func:`breakdown`: every combo of a range sorted into one made-hand class and any number of
  draws (the classes of :mod:`showdown.holdings`), with weighted counts and shares, and with
  ``villain=`` each class's equity against that range.
* :func:`combo_equities`: each hero combo's equity against one range exactly (flop, turn or
  river; every runout is scored once for all combos) or against several by Monte Carlo.
* :func:`next_card`: for each turn (or river) card its probability given both ranges, the hero's
  equity after it and the hero's made-hand classes after it.

Weights follow :func:`~showdown.equity`: a hero combo counts by its weight times the weight of
the villain combos it meets after card removal, so a whole range's equity here is the equity
that ``equity([hero, villain], board, exact=True)`` gives.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional, Union

import numpy as np

from showdown.cards import CARDS, Card, CardsLike, board_order, format_cards, is_board, parse_cards
from showdown.errors import EmptyRangeError, EquityError, ShowdownError, StudyError
from showdown.games import Game, GameLike, check_in_deck
from showdown.holdings import (
    DRAW_CLASSES,
    MADE_CLASSES,
    check_class,
    class_codes,
    class_members,
    study_cards,
    study_game,
)
from showdown.kernel_groups import prepare as prepare_kernels
from showdown.odds.exact import runouts_of, sweep_runouts
from showdown.odds.inputs import MAX_PLAYERS, Question, prepare
from showdown.odds.montecarlo import DEFAULT_TRIALS, MAX_ATTEMPTS, MC_CHUNKS, batches, never_fit, pick_tables
from showdown.odds.options import run_options
from showdown.odds.result import finite
from showdown.parallel.interruption import interruptible
from showdown.parallel.threads import run_ranges, thread_count
from showdown.quantities import brief_repr, real_number, shown
from showdown.ranges import Range, starting_hand_of
from showdown.tables.layout import N_COUNTS

__all__ = ["Breakdown", "ComboEquities", "NextCard", "breakdown", "combo_equities", "next_card"]

RangeLike = Union[Range, str]
MAX_VILLAINS = MAX_PLAYERS - 1
"""The most villain ranges of a study question: with the hero, an equity question's most players."""
RUNOUT_CHUNKS = 16
"""Chunks of the runouts scored in parallel, each with its own rows of sums: a float per combo of
both ranges (up to 1,326) and per card. Fixed, so the order of the sums, and so every bit of the
answer, does not depend on threads. Fewer than :data:`showdown.odds.exact.COUNT_CHUNKS` on
purpose: those rows are a few counts per player, these are long, and a flop has at most 1,081
runouts to share out."""


def _text(combo: Sequence[int]) -> str:
    return f"{CARDS[combo[0]]}{CARDS[combo[1]]}"


def _codes(combos: np.ndarray) -> np.ndarray:
    """One int per (high id, low id) combo, ordered as the combos are."""
    return combos[:, 0].astype(np.int64) * 52 + combos[:, 1]  # type: ignore[no-any-return]


def _count(value: float, whole: bool) -> float:
    return int(round(value)) if whole else value


# --- breakdown --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Breakdown:
    """What a range holds on a board: :func:`breakdown`'s answer.

    ``made`` and ``draws`` map every class name to its weighted combo count (whole numbers when
    the range has no weights below 1), ``total`` is the range's weighted count after card
    removal; ``equity_by_class`` (with a villain) maps each class to the range's equity against
    the villain in that class (None for an empty class) and ``equity`` is the whole range's.
    """

    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    range: str
    made: dict[str, float]
    draws: dict[str, float]
    total: float
    game: str = "holdem"
    villain: Optional[str] = None
    equity: Optional[float] = None
    equity_by_class: dict[str, Optional[float]] = field(default_factory=dict)
    equities: Optional[ComboEquities] = field(default=None, repr=False, compare=False)
    """With a villain: the range's :class:`ComboEquities` against it (the class equities come from it)."""
    _range: Range = field(default_factory=lambda: Range.from_combos([]), repr=False)
    _combos: tuple[str, ...] = field(default=(), repr=False)
    _made: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64), repr=False, compare=False)
    _draws: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64), repr=False, compare=False)
    _game: Optional[Game] = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        return brief_repr(self, "range", "board", "dead", "total", "villain", "equity", "game")

    def combos(self, name: str) -> list[str]:
        """The combos (text, higher card first) of one made or draw class.

        >>> breakdown("AA, KK", "Ks 7h 2d").combos("set")
        ['KhKd', 'KhKc', 'KdKc']

        Raises:
            StudyError: ``name`` is not a made or draw class.
        """
        members = class_members(name, self._made, self._draws)
        return [combo for combo, member in zip(self._combos, members.tolist(), strict=True) if member]

    def share(self, name: str) -> float:
        """The class's share of the range's weight (0 when the range is empty).

        >>> breakdown("AA, KK", "Ks 7h 2d").share("overpair")
        0.6666666666666666

        Raises:
            StudyError: ``name`` is not a made or draw class.
        """
        count = {**self.made, **self.draws}.get(check_class(name), 0)
        return count / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the board, the range, the total and one row per class (its name,
        weighted count, share, combos, weighted count by starting hand, part of the range as
        range text and, with a villain, its equity).

        >>> row = breakdown("AA", "Ks 7h 2d").to_dict()["made"][8]
        >>> row["class"], row["combos"], row["share"], row["range"], row["hands"][:2]
        ('overpair', 6, 1.0, 'AA', ['AsAh', 'AsAd'])
        """

        game = self._game or self.game
        parts = {**self._range.split(self.board, "made", self.dead, game=game),
                 **self._range.split(self.board, "draw", self.dead, game=game)}

        def rows(counts: Mapping[str, float]) -> list[dict[str, Any]]:
            result = []
            for name, count in counts.items():
                hands = self.combos(name)
                by_hand: dict[str, float] = {}
                for combo in hands:
                    hand = starting_hand_of(combo)
                    by_hand[hand] = by_hand.get(hand, 0) + parts[name].weight(combo)
                row: dict[str, Any] = {"class": name, "combos": count, "share": self.share(name), "hands": hands,
                                       "starting_hands": by_hand, "range": str(parts[name])}
                if self.villain is not None:
                    equity = self.equity_by_class.get(name)
                    row["equity"] = None if equity is None else finite(equity)
                result.append(row)
            return result

        return {"board": [str(c) for c in self.board], "dead": [str(c) for c in self.dead], "range": self.range,
                "game": self.game, "villain": self.villain, "total": self.total,
                "equity": None if self.equity is None else finite(self.equity),
                "made": rows(self.made), "draws": rows(self.draws)}

    def __str__(self) -> str:
        lines = [f"{self.range} on {format_cards(self.board)}: {self.total:g} combos"]
        for title, counts in (("made hands", self.made), ("draws", self.draws)):
            lines.append(title)
            for name, count in counts.items():
                if not count:
                    continue
                share = self.share(name)
                line = f"  {name:<20} {count:>8g} {share:7.1%}  {'#' * round(share * 30)}"
                equity = self.equity_by_class.get(name)
                if equity is not None:
                    line += f"  equity {equity:.1%}"
                lines.append(line)
        if self.equity is not None:
            lines.append(f"equity against {self.villain}: {self.equity:.2%}")
        return "\n".join(lines)


def _study_board(call: str, first: Any, board: Any, dead: Any, game: Game, **options: Any
                 ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The checked board and dead cards of a study call, or, when the board does not read and the
    first argument is a board, an error that says the order of the arguments."""
    try:
        return study_cards(board, dead, game, **options)
    except ShowdownError:
        if is_board(first):
            raise board_order(call, first, StudyError) from None
        raise


def _hero_range(value: Any, label: str, game: Game) -> Range:
    if isinstance(value, Range):
        if type(value) is not Range:
            raise StudyError(f"{label}: board study covers two-card ranges; {shown(value)} is an Omaha range")
        return Range(value, game=game)
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except ShowdownError:
            pass
        else:
            if len(cards) == 2:
                check_in_deck(cards, game, f" of {label}")
                return Range.from_combos([cards])
        try:
            return Range(value, game=game)
        except ShowdownError as error:
            raise type(error)(f"{label}: {error}") from None
    raise StudyError(f"{label}: a range is text such as 'TT+, AKs' or a Range, got {type(value).__name__}")


def breakdown(range: RangeLike, board: CardsLike, dead: CardsLike = "", *,  # noqa: A002  the poker word
              villain: Optional[RangeLike] = None, game: GameLike = "holdem") -> Breakdown:
    """Every combo of ``range`` (after card removal, weights kept) sorted into one made-hand
    class and any number of draw classes on a board of 3, 4 or 5 cards (see
    :mod:`showdown.holdings` for the exact definitions). With ``villain``, also each class's
    exact equity against that range. ``game``: ``"holdem"``, ``"short-deck"`` or
    ``"short-deck-trips"``.

    >>> b = breakdown("random", "Ks 7h 2d")
    >>> b.total, b.made["set"], b.made["top-pair"], b.draws["backdoor-flush-draw"]
    (1176, 9, 120, 198)
    >>> round(breakdown("QQ+, AK", "Ks 7h 2d", villain="random").equity_by_class["top-pair"], 3)
    0.898

    Raises:
        StudyError: the range or ``villain`` is not text or a two-card Range, the game is not hold'em or short
            deck, or the board is given first (it goes second).
        HandSizeError: the board is not 3 to 5 cards.
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card is both dead and on the board, or named twice.
        GameError: an unknown game, or a card the short deck does not have.
        RangeParseError: range text that does not parse.
        EmptyRangeError: a range is empty once the board and dead cards are removed.
        EquityError: the range and ``villain`` never fit together on this board.
    """
    if villain is not None and not isinstance(villain, (str, Range)):
        raise StudyError(f"breakdown takes one villain range, got {type(villain).__name__}")
    rules = study_game(game)
    board_cards, dead_cards = _study_board("breakdown(range, board)", range, board, dead, rules)
    given = _hero_range(range, "the range", rules)
    hero = given.remove(board_cards, dead_cards)
    if not len(hero):
        raise EmptyRangeError(f"the range {shown(str(given))} is empty once the board and dead cards are removed")
    combos, weights = hero.combos, hero.weights
    made, draws = class_codes(combos, board_cards, rules)
    whole = bool((weights == 1).all())
    made_counts = {name: _count(float(weights[made == i].sum()), whole) for i, name in enumerate(MADE_CLASSES)}
    draw_counts = {name: _count(float(weights[(draws >> i) & 1 == 1].sum()), whole)
                   for i, name in enumerate(DRAW_CLASSES)}
    texts = tuple(_text(combo) for combo in combos.tolist())
    total = _count(float(weights.sum()), whole)
    result = Breakdown(board_cards, dead_cards, str(given), made_counts, draw_counts, total, rules.name,
                       _range=given, _combos=texts, _made=made, _draws=draws, _game=rules)
    if villain is None:
        return result
    against = combo_equities(given, [villain], board_cards, dead_cards, exact=True, game=rules)
    position = {text: i for i, text in enumerate(texts)}
    rows = np.array([position[text] for text in against._combos], dtype=np.int64)
    counted = np.zeros(len(texts))  # each combo's weight in the equity (0: it meets no villain combo)
    won = np.zeros(len(texts))
    counted[rows] = against._weights
    won[rows] = against._weights * against._equities
    equity_by_class: dict[str, Optional[float]] = {}
    for name in (*MADE_CLASSES, *DRAW_CLASSES):
        members = class_members(name, made, draws)
        weight = float(counted[members].sum())
        equity_by_class[name] = float(won[members].sum()) / weight if weight else None
    return dataclasses.replace(result, villain=against.villains[0], equity=against.equity,
                               equity_by_class=equity_by_class, equities=against)


def _names(names: Any, label: str) -> list[str]:
    """Text, or an iterable of texts, as a list; anything else is a :class:`StudyError`."""
    if isinstance(names, str):
        return [names]
    if isinstance(names, Iterable) and not isinstance(names, Mapping):
        names = list(names)
        if all(isinstance(name, str) for name in names):
            return names
    raise StudyError(f"{label} must be a name or a list of names, got {shown(names)}")


# --- combo equities ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ComboEquities:
    """Each hero combo's equity against the villain range(s): :func:`combo_equities`' answer.

    ``by_combo`` maps combo text (``"AhKh"``) to its equity, ``by_class`` maps a starting hand
    (``"AKs"``, ``"AKo"``, ``"77"``) to its combos' weighted mean, ``equity`` is the whole
    range's; each combo is weighted by its weight times the villain weight it meets, as
    :func:`~showdown.equity` weights hands. Monte Carlo answers carry standard errors.
    """

    hero: str
    villains: tuple[str, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    exact: bool
    equity: float
    stderr: float
    by_combo: dict[str, float]
    by_class: dict[str, float]
    stderr_by_combo: dict[str, float]
    trials: int
    seed: Optional[int]
    game: str
    _combos: tuple[str, ...] = field(repr=False)
    _equities: np.ndarray = field(repr=False, compare=False)
    _weights: np.ndarray = field(repr=False, compare=False)
    _range_weights: np.ndarray = field(repr=False, compare=False)

    def __repr__(self) -> str:
        return brief_repr(self, "hero", "villains", "board", "dead", "equity", "exact", "game")

    def distribution(self) -> list[tuple[float, float]]:
        """The equity curve: ``(equity, share)`` points from the highest equity down, where
        share is the fraction of the range (weighted as :attr:`equity` weights it) with at least
        that equity.

        >>> curve = combo_equities("AA, 22, KQs", "QQ", "Ks 7h 2d").distribution()
        >>> [(round(equity, 3), round(share, 3)) for equity, share in curve]
        [(0.958, 0.143), (0.916, 0.714), (0.908, 1.0)]
        """
        order = np.argsort(-self._equities, kind="stable")
        total = float(self._weights.sum())
        points: list[tuple[float, float]] = []
        passed = 0.0
        for index in order.tolist():
            passed += float(self._weights[index])
            equity = float(self._equities[index])
            if points and points[-1][0] == equity:
                points[-1] = (equity, passed / total)
            else:
                points.append((equity, passed / total))
        return points

    def equity_at(self, share: float) -> float:
        """The equity that the best ``share`` (0 < share <= 1) of the range reaches: the highest
        equity ``e`` such that at least ``share`` of the range has equity ``e`` or more (the
        median hand of the range at 0.5).

        >>> combo_equities("AA, 22, KQs", "QQ", "Ks 7h 2d").equity_at(0.5)
        0.9161616161616162

        Raises:
            StudyError: ``share`` is not a number in (0, 1].
        """
        share = real_number(share, "share", positive=True, error=StudyError)
        if share > 1:
            raise StudyError(f"share is a fraction of the range, at most 1, got {shown(share)}")
        for equity, reached in self.distribution():
            if reached >= share - 1e-12:
                return equity
        return self.distribution()[-1][0]

    def filter(self, min_equity: Optional[float] = None, max_equity: Optional[float] = None,
               classes: Optional[Iterable[str]] = None) -> Range:
        """The hero combos with ``min_equity <= equity <= max_equity`` (and, with ``classes``,
        of those starting hands), as a Range with their weights.

        >>> str(combo_equities("AA, 22, KQs", "QQ", "Ks 7h 2d").filter(max_equity=0.91))
        '2s2h, 2s2c, 2h2c'

        Raises:
            StudyError: a bound is not a number, or ``classes`` is not a name or a list of names.
            RangeParseError: a class is not a starting hand.
        """
        low = -math.inf if min_equity is None else real_number(min_equity, "min_equity", error=StudyError)
        high = math.inf if max_equity is None else real_number(max_equity, "max_equity", error=StudyError)
        wanted = None if classes is None else {starting_hand_of(name) for name in _names(classes, "classes")}
        keep = [(combo, float(weight)) for combo, equity, weight in
                zip(self._combos, self._equities.tolist(), self._range_weights.tolist(), strict=True)
                if low <= equity <= high and (wanted is None or starting_hand_of(combo) in wanted)]
        return Range.from_combos([c for c, _ in keep], [w for _, w in keep])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the question, the whole range's equity, each class's and each
        combo's (with its share of the weighting, its weight in the range and, by Monte Carlo, its
        standard error) and the curve.

        >>> combo_equities("AA", "KK", "Ks 7h 2d").to_dict()["by_class"]
        {'AA': 0.08585858585858586}
        """
        total = float(self._weights.sum())
        combos = []
        for combo, equity, weight, range_weight in zip(self._combos, self._equities.tolist(), self._weights.tolist(),
                                                       self._range_weights.tolist(), strict=True):
            row: dict[str, Any] = {"combo": combo, "class": starting_hand_of(combo), "equity": finite(equity),
                                   "weight": weight / total if total else 0.0, "range_weight": range_weight}
            if not self.exact:
                row["stderr"] = finite(self.stderr_by_combo.get(combo, math.nan))
            combos.append(row)
        return {"hero": self.hero, "villains": list(self.villains), "board": [str(c) for c in self.board],
                "dead": [str(c) for c in self.dead], "game": self.game, "exact": self.exact,
                "equity": finite(self.equity), "stderr": finite(self.stderr), "trials": self.trials, "seed": self.seed,
                "by_class": {name: finite(value) for name, value in self.by_class.items()}, "combos": combos,
                "distribution": [[finite(e), s] for e, s in self.distribution()]}

    def __str__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.trials:,} deals, standard error {self.stderr:.2%}"
        lines = [f"{self.hero} against {' and '.join(self.villains)} on {format_cards(self.board) or 'no board'}:"
                 f" {self.equity:.2%} ({how})"]
        for name, value in sorted(self.by_class.items(), key=lambda item: -item[1]):
            lines.append(f"  {name:<4} {value:7.2%}")
        return "\n".join(lines)


@dataclass
class _Scored:
    """The exact heads-up sums: per union combo (``codes``: :func:`_codes` of them) and per card."""

    codes: np.ndarray
    doubled: np.ndarray
    met: np.ndarray
    card_doubled: np.ndarray
    card_met: np.ndarray


def _score_heads_up(question: Question, n_jobs: Optional[int]) -> _Scored:
    """Every runout of the board scored once for all combos of both ranges: the runout sweep of
    exact heads-up equity (:func:`showdown.odds.exact.by_runouts`), asked for its per-combo sums."""
    spot = runouts_of(question)
    n_runouts, n_combos = len(spot.runouts), len(spot.combos)
    board = np.array([c.id for c in question.board], dtype=np.uint8)
    with interruptible():
        doubled, met = np.zeros((RUNOUT_CHUNKS, n_combos)), np.zeros((RUNOUT_CHUNKS, n_combos))
        card_doubled, card_met = np.zeros((RUNOUT_CHUNKS, 52)), np.zeros((RUNOUT_CHUNKS, 52))
        counts = np.zeros((RUNOUT_CHUNKS, 2, N_COUNTS), dtype=np.int64)
        weighted = np.zeros((RUNOUT_CHUNKS, 2, N_COUNTS))
        totals, total_weights = np.zeros(RUNOUT_CHUNKS, dtype=np.int64), np.zeros(RUNOUT_CHUNKS)

        threads = min(thread_count(n_jobs, n_runouts * n_combos), RUNOUT_CHUNKS)  # the work: a combo on a runout
        run_ranges(sweep_runouts, RUNOUT_CHUNKS, threads, spot, board, question.game.rules,
                   RUNOUT_CHUNKS, 0, n_runouts, counts, weighted, totals, total_weights,
                   (doubled, met, card_doubled, card_met))
    codes = spot.combos[:, 0].astype(np.int64) * 52 + spot.combos[:, 1]
    return _Scored(codes, doubled.sum(axis=0), met.sum(axis=0), card_doubled.sum(axis=0), card_met.sum(axis=0))


def _question(hero: Any, villains: Any, board: Sequence[Card], dead: Sequence[Card], game: Game
              ) -> tuple[Question, list[Any]]:
    if isinstance(villains, Mapping):
        raise EquityError("villains are a range or a list of ranges, got a dict (give weights in the range text,"
                          " e.g. 'KK:0.5')")
    if isinstance(villains, (str, Range)) or not isinstance(villains, Iterable):
        villains = [villains]
    villains = list(villains)
    if not villains:
        raise EquityError("villains must hold one range or more, got none")
    names = ["hero", *(["villain"] if len(villains) == 1 else [f"villain {i + 1}" for i in range(len(villains))])]
    return prepare(dict(zip(names, [hero, *villains], strict=True)), board, dead, game), villains


def _hero_of(question: Question, hero: Any, game: Game) -> Range:
    """The hero as a Range with the weights it was given (the question's are relative)."""
    player = question.players[0]
    return Range.from_combos([player.combos[0].tolist()]) if player.fixed else _hero_range(hero, "the hero", game)


def combo_equities(
    hero: RangeLike,
    villains: Union[RangeLike, Sequence[RangeLike]],
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    time_limit: Optional[float] = None,
    n_jobs: Optional[int] = None,
    game: GameLike = "holdem",
) -> ComboEquities:
    """Each combo of the ``hero`` range's equity against the ``villains`` (a list of ranges or
    hands; one range alone for heads-up), per combo, per starting hand and for the whole range.

    Heads-up on a flop, turn or river is exact (``exact=None`` or True): every runout is
    scored once for all combos. Preflop or multiway it is Monte Carlo (``exact=True`` there is an
    :class:`~showdown.EquityError`): ``trials`` deals (default 1,000,000) in batches, stopped
    early by ``time_limit`` seconds or Ctrl-C, seeded by ``seed`` (the same seed gives the same
    answer whatever ``n_jobs``). ``trials``, ``seed`` and ``time_limit`` steer Monte Carlo only,
    and ``exact=True`` refuses them; with ``exact=None``, ``trials`` or ``time_limit`` asks for it. By Monte
    Carlo each combo counts by how often it was dealt (deals come as ``equity`` weighs them), and
    a combo never dealt is left out. ``game``:
    hold'em or short deck.

    >>> r = combo_equities("AA, KK, AKs", "QQ+", "Qs 7h 2d")
    >>> {name: round(value, 3) for name, value in r.by_class.items()}
    {'AA': 0.625, 'AKs': 0.089, 'KK': 0.126}
    >>> round(r.by_combo["AhAd"], 3), round(r.equity, 3)
    (0.625, 0.309)

    Raises:
        StudyError: the game is not hold'em or short deck, or the board is given first (it goes second).
        HandSizeError: a board of 1, 2 or more than 5 cards, or a hand that is not two cards.
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card is used twice.
        GameError: an unknown game, or a card the short deck does not have.
        RangeParseError: range text that does not parse.
        EmptyRangeError: a range is empty once the known cards are removed.
        PlayerCountError: more than 9 villains.
        EquityError: a bad ``exact``, ``trials``, ``time_limit``, ``seed`` or ``n_jobs``, villains given as a dict
            or not at all, ``exact=True`` preflop, multiway or with a Monte Carlo option, or ranges that never fit
            together.
    """
    rules = study_game(game)
    board_cards, dead_cards = _study_board("combo_equities(hero, villains, board)", hero, board, dead, rules,
                                           sizes=(0, 3, 4, 5))
    options = run_options(exact=exact, trials=trials, time_limit=time_limit, seed=seed, n_jobs=n_jobs,
                          sampled_time=True)
    exact, trials, time_limit, seed = options.exact, options.trials, options.time_limit, options.seed
    question, villains = _question(hero, villains, board_cards, dead_cards, rules)
    heads_up = len(villains) == 1 and len(board_cards) >= 3
    if exact and not heads_up:
        why = "preflop" if len(board_cards) < 3 else f"against {len(villains)} villains"
        raise EquityError(f"exact combo equities are heads-up on a flop, turn or river; {why} they run Monte Carlo"
                          " (exact=None or False)")
    player = question.players[0]
    hero_range = _hero_of(question, hero, rules)
    texts = [_text(c) for c in player.combos.tolist()]
    range_weights = np.array([hero_range.weight(t) for t in texts])
    names = {"hero": player.hand, "villains": tuple(p.hand for p in question.players[1:]), "board": board_cards,
             "dead": dead_cards, "game": rules.name}
    if heads_up and exact is not False:
        scored = _score_heads_up(question, n_jobs)
        rows = np.searchsorted(scored.codes, _codes(player.combos))
        met, doubled = scored.met[rows], scored.doubled[rows]
        with np.errstate(invalid="ignore", divide="ignore"):
            equities = doubled / (2 * met)
        return _equities_result(names, texts, equities, player.weights * met, range_weights)
    dealt, share, square = _sample(question, trials or DEFAULT_TRIALS, seed, time_limit, n_jobs)
    with np.errstate(invalid="ignore", divide="ignore"):
        equities = share / dealt
        spread = np.sqrt(np.maximum(square / dealt - equities**2, 0.0) / np.maximum(dealt - 1, 1))
    return _equities_result(names, texts, equities, dealt.astype(np.float64), range_weights, spread=spread,
                            sampled=(int(dealt.sum()), float(share.sum()), float(square.sum()), seed))


def _equities_result(names: dict[str, Any], texts: list[str], equities: np.ndarray, weights: np.ndarray,
                     range_weights: np.ndarray, *, spread: Optional[np.ndarray] = None,
                     sampled: Optional[tuple[int, float, float, int]] = None) -> ComboEquities:
    """The result from per-combo equities and the weights they count by (combos that meet no
    villain combo are left out); ``sampled``: Monte Carlo's deals, summed shares, summed squared
    shares and seed."""
    keep = weights > 0
    if not keep.any():
        raise EquityError("the hero and villain ranges never fit together with this board and dead cards")
    texts = [t for t, k in zip(texts, keep.tolist(), strict=True) if k]
    equities, weights, range_weights = equities[keep], weights[keep], range_weights[keep]
    stderr_by_combo: dict[str, float] = {}
    if sampled is None:
        equity, stderr, trials, seed = float((equities * weights).sum() / weights.sum()), 0.0, 0, None
    else:
        trials, total_share, total_square, seed = sampled
        equity = total_share / trials
        stderr = math.sqrt(max(total_square / trials - equity**2, 0.0) / max(trials - 1, 1))
        assert spread is not None
        stderr_by_combo = dict(zip(texts, spread[keep].tolist(), strict=True))
    sums: dict[str, list[float]] = {}
    for text, value, weight in zip(texts, equities.tolist(), weights.tolist(), strict=True):
        total = sums.setdefault(starting_hand_of(text), [0.0, 0.0])
        total[0] += value * weight
        total[1] += weight
    by_class = {name: won / weight for name, (won, weight) in sums.items()}
    return ComboEquities(**names, exact=sampled is None, equity=equity, stderr=stderr,
                         by_combo=dict(zip(texts, equities.tolist(), strict=True)), by_class=by_class,
                         stderr_by_combo=stderr_by_combo, trials=trials, seed=seed, _combos=tuple(texts),
                         _equities=equities, _weights=weights, _range_weights=range_weights)


def _sample(question: Question, trials: int, seed: int, time_limit: Optional[float], n_jobs: Optional[int]
            ) -> tuple[np.ndarray, ...]:
    """Monte Carlo deals filed by hero combo: deals, summed shares, summed squared shares. The
    deals run in equity's batches (:func:`showdown.odds.montecarlo.batches`), so Ctrl-C and
    ``time_limit`` stop a run between two batches."""
    from showdown._kernels.study import _sampled

    prepare_kernels("study")  # compiled (or loaded) before the clock of ``time_limit`` starts
    started = time.perf_counter()
    known_used = np.uint64(sum(1 << c.id for c in (*question.board, *question.dead)))
    board = np.array([c.id for c in question.board], dtype=np.uint8)
    keep, alias = pick_tables(question.weights, question.sizes)
    n_hero = int(question.sizes[0])
    dealt, share, square = np.zeros(n_hero, dtype=np.int64), np.zeros(n_hero), np.zeros(n_hero)
    with interruptible():
        for batch in batches(seed, trials):
            batch_dealt = np.zeros((MC_CHUNKS, n_hero), dtype=np.int64)
            batch_share, batch_square = np.zeros((MC_CHUNKS, n_hero)), np.zeros((MC_CHUNKS, n_hero))
            failed = np.zeros(MC_CHUNKS, dtype=np.bool_)
            run_ranges(_sampled, MC_CHUNKS, thread_count(n_jobs, batch.size), question.combos, question.sizes, keep,
                       alias, known_used, board, question.to_come, batch.per_chunk, batch.seeds, MAX_ATTEMPTS,
                       question.game.rules, batch_dealt, batch_share, batch_square, failed)
            if failed.any():
                raise never_fit()
            dealt += batch_dealt.sum(axis=0)
            share += batch_share.sum(axis=0)
            square += batch_square.sum(axis=0)
            if time_limit is not None and time.perf_counter() - started >= time_limit:
                break
    return dealt, share, square


# --- next card --------------------------------------------------------------------------------
@dataclass(frozen=True)
class NextCard:
    """What each possible next card does: :func:`next_card`'s answer.

    ``by_card`` maps each card that can come (text, ``"Qs"``) to the hero's exact equity after
    it, ``probability`` to its probability given both ranges, ``classes`` to the hero range's
    made-hand class shares after it; ``equity`` is the equity now, the probability-weighted mean
    of ``by_card``.
    """

    hero: str
    villain: str
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    equity: float
    by_card: dict[str, float]
    probability: dict[str, float]
    classes: dict[str, dict[str, float]]
    game: str = "holdem"

    def __repr__(self) -> str:
        return brief_repr(self, "hero", "villain", "board", "dead", "equity", "game")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the question, the equity now and one row per card.

        >>> next_card("AA", "KK", "Ks 7h 2d 3c").to_dict()["cards"][0]["card"]
        'As'
        """
        cards = [{"card": card, "equity": finite(self.by_card[card]), "probability": self.probability[card],
                  "classes": self.classes[card]} for card in self.by_card]
        return {"hero": self.hero, "villain": self.villain, "board": [str(c) for c in self.board],
                "dead": [str(c) for c in self.dead], "game": self.game, "equity": finite(self.equity), "cards": cards}

    def __str__(self) -> str:
        street = "turn" if len(self.board) == 3 else "river"
        lines = [f"{self.hero} against {self.villain} on {format_cards(self.board)}: {self.equity:.2%} now;"
                 f" equity after each {street} card"]
        for rank in "AKQJT98765432":
            cells = []
            for suit in "shdc":
                value = self.by_card.get(rank + suit)
                cells.append(f"{rank + suit} {'  -   ' if value is None else f'{value:6.1%}'}")
            lines.append("  " + "   ".join(cells))
        return "\n".join(lines)


def next_card(hero: RangeLike, villain: RangeLike, board: CardsLike, dead: CardsLike = "", *,
              n_jobs: Optional[int] = None, game: GameLike = "holdem") -> NextCard:
    """For each turn (on a flop) or river (on a turn) card: its probability given both ranges,
    the hero's exact equity after it and the hero range's made-hand classes after it. The
    probability-weighted mean of the equities is the equity now.

    >>> n = next_card("AA", "KK", "Ks 7h 2d 3c")
    >>> n.by_card["Kc"], round(n.probability["Kc"], 4), n.classes["Kc"]["overpair"]
    (0.0, 0.0076, 1.0)

    Raises:
        StudyError: ``villain`` is not one range, the game is not hold'em or short deck, or the board is given
            first (it goes second).
        HandSizeError: the board is not 3 or 4 cards.
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card is used twice.
        GameError: an unknown game, or a card the short deck does not have.
        RangeParseError: range text that does not parse.
        EmptyRangeError: a range is empty once the known cards are removed.
        EquityError: a bad ``n_jobs``, or ranges that never fit together.
    """
    if not isinstance(villain, (str, Range)):
        raise StudyError(f"next_card takes one villain range, got {type(villain).__name__}")
    run_options(n_jobs=n_jobs)
    rules = study_game(game)
    board_cards, dead_cards = _study_board("next_card(hero, villain, board)", hero, board, dead, rules, sizes=(3, 4),
                                           asker="next_card")
    question, _ = _question(hero, [villain], board_cards, dead_cards, rules)
    scored = _score_heads_up(question, n_jobs)
    met_total = float(scored.card_met.sum())
    if not met_total:
        raise EquityError("the hero and villain ranges never fit together with this board and dead cards")
    hero_range = _hero_of(question, hero, rules)
    by_card: dict[str, float] = {}
    probability: dict[str, float] = {}
    classes: dict[str, dict[str, float]] = {}
    for card_id in sorted(np.flatnonzero(scored.card_met).tolist(), key=lambda c: (-(c >> 2), -(c & 3))):
        card = CARDS[card_id]
        by_card[str(card)] = float(scored.card_doubled[card_id] / (2 * scored.card_met[card_id]))
        probability[str(card)] = float(scored.card_met[card_id] / met_total)
        after = breakdown(hero_range, (*board_cards, card), dead_cards, game=rules)
        classes[str(card)] = {name: after.share(name) for name in MADE_CLASSES}
    equity = float(scored.card_doubled.sum() / (2 * met_total))
    return NextCard(question.players[0].hand, question.players[1].hand, board_cards, dead_cards, equity, by_card,
                    probability, classes, rules.name)


def compile_study() -> None:
    """Compile (or load) the board study's kernels (the kernel group ``"study"`` of
    :mod:`showdown.kernel_groups`): what a range holds, the exact heads-up sweep and Monte Carlo."""
    breakdown("AhKh", "Qh Jh 2c")
    combo_equities("AhKh", "QQ", "Qh Jh 2c")
    combo_equities("AhKh", ["QQ", "JJ"], "Qh Jh 2c", trials=64, seed=0)
