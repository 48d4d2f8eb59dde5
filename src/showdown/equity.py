"""Hold'em equity of 2 to 10 hands or ranges: exact enumeration or seeded Monte Carlo.

>>> result = equity(["AcAd", "KhKs"], board="2c 7d 9h")
>>> result.exact, result.total, result.counts.wins
(True, 990, (907, 83))
>>> print(f"{result.equity[0]:.4f}")
0.9162

``exact=None`` (the default) enumerates exactly when the work is affordable, in about
:data:`EXACT_LIMIT` (2e8) hand evaluations; otherwise it runs Monte Carlo. Preflop, hole-card
assignments that differ only by a permutation of suits are counted once, and each is scored over
its boards' rank and flush patterns (about :data:`BOARD_PATTERNS` per class): exact when
(classes) x :data:`BOARD_PATTERNS` x (players) <= :data:`EXACT_LIMIT`. With part of the board
known, every board is evaluated: exact when (assignments) x (remaining boards) x (players) <=
:data:`EXACT_LIMIT`. In exact mode each case is one compatible assignment of combos (no card
shared) and one board, weighted by the product of the combos' weights; ``.counts`` holds the
unweighted integer case counts.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional, Union

import numpy as np

from showdown._numba import kernels as kernels_module
from showdown._parallel import MIN_ITEMS_PER_THREAD, thread_count, threads
from showdown.cards import CARDS, Card, parse_cards
from showdown.distributed import map_in_order
from showdown.errors import DuplicateCardError, HandSizeError, ShowdownError
from showdown.evaluate import Category
from showdown.ranges import Range

__all__ = [
    "EXACT_LIMIT",
    "OddsGrid",
    "EmptyRangeError",
    "EquityCounts",
    "EquityError",
    "EquityResult",
    "PlayerCountError",
    "equity",
    "odds_grid",
]

EXACT_LIMIT = 200_000_000
"""``exact=None`` enumerates when (product of range sizes) x (remaining boards) <= this."""

MAX_CLASS_ASSIGNMENTS = 8_000_000
"""Preflop, at most this many hole-card assignments are reduced to suit classes for exact mode."""
BOARD_PATTERNS = 25_000
"""About how many rank and flush patterns preflop enumeration scores per assignment class."""
CLASS_BATCH = 256
EXACT_CHUNKS = 128
MC_CHUNKS = 64
FIRST_BATCH = 1 << 14
MAX_BATCH = 1 << 20
DEFAULT_TRIALS = 1_000_000
MAX_ATTEMPTS = 1_000_000

PlayerLike = Union[str, Range, Sequence[Any]]


class EquityError(ShowdownError):
    """An equity question that cannot be answered as asked."""


class PlayerCountError(EquityError):
    """Fewer than 2 or more than 10 players."""


class EmptyRangeError(EquityError):
    """A player's range holds no combo once the known cards are removed."""


@dataclass(frozen=True)
class EquityCounts:
    """Integer case counts, per player in order: outright wins, ties, and ties by the number
    of players tied (``ties_by_size[p][n]`` for n = 2..10), out of ``total`` cases."""

    wins: tuple[int, ...]
    ties: tuple[int, ...]
    ties_by_size: tuple[tuple[int, ...], ...]
    total: int

    @property
    def shares(self) -> tuple[Fraction, ...]:
        """Each player's equity share in cases: wins plus 1/n of each n-way tie (exact)."""
        return tuple(
            wins + sum((Fraction(count, n) for n, count in enumerate(sizes) if count), Fraction(0))
            for wins, sizes in zip(self.wins, self.ties_by_size, strict=True)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "wins": list(self.wins),
            "ties": list(self.ties),
            "ties_by_size": [{n: c for n, c in enumerate(sizes) if c} for sizes in self.ties_by_size],
            "total": self.total,
        }


@dataclass(frozen=True)
class EquityResult:
    """Equity, outright win and tie fractions per player (in the order given), and how they
    were found.

    ``wins_by_category[p]`` splits player p's outright wins by the category of the winning hand
    (fractions of those wins). ``equity_by_category[p]`` splits player p's equity the same way,
    ties included as shares (a tie of n players gives each 1/n): its values add up to
    ``equity[p]``. ``stderr`` is the largest standard error of the players' equity estimates
    (0 when exact); ``player_stderr`` gives each one. ``planned`` is the number of cases (exact)
    or trials (Monte Carlo with ``trials``) the run is heading for, 0 when unknown: with
    ``total`` it tells a progress callback how far the run has got.
    """

    players: tuple[str, ...]
    board: str
    dead: str
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    wins_by_category: tuple[dict[Category, float], ...]
    equity_by_category: tuple[dict[Category, float], ...]
    total: int
    exact: bool
    stderr: float
    player_stderr: tuple[float, ...]
    elapsed: float
    counts: Optional[EquityCounts] = None
    seed: Optional[int] = None
    stopped_by: str = field(default="")
    planned: int = 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "players": list(self.players),
            "board": self.board,
            "dead": self.dead,
            "equity": list(self.equity),
            "win": list(self.win),
            "tie": list(self.tie),
            "wins_by_category": [{str(c): f for c, f in d.items()} for d in self.wins_by_category],
            "equity_by_category": [{str(c): f for c, f in d.items()} for d in self.equity_by_category],
            "total": self.total,
            "exact": self.exact,
            "stderr": self.stderr,
            "player_stderr": list(self.player_stderr),
            "elapsed": self.elapsed,
            "counts": None if self.counts is None else self.counts.to_dict(),
            "seed": self.seed,
            "stopped_by": self.stopped_by,
            "planned": self.planned,
        }

    def __str__(self) -> str:
        width = max(6, *(len(p) for p in self.players))
        how = "exact" if self.exact else f"Monte Carlo, stderr {self.stderr * 100:.3f}%"
        lines = [
            f"board {self.board or '-'}" + (f", dead {self.dead}" if self.dead else "")
            + f": {self.total:,} {'cases' if self.exact else 'trials'} ({how}, {self.elapsed:.3f}s)",
            f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}",
        ]
        for name, e, w, t in zip(self.players, self.equity, self.win, self.tie, strict=True):
            lines.append(f"{name:<{width}}  {e * 100:7.3f}%  {w * 100:7.3f}%  {t * 100:7.3f}%")
        return "\n".join(lines)


# --- input -------------------------------------------------------------------------------------
@dataclass
class _Player:
    name: str
    combos: np.ndarray  # (n, 2) uint8
    weights: np.ndarray  # (n,) float64
    fixed: bool


def _player(index: int, player: Any) -> _Player:
    if isinstance(player, Range):
        return _Player(str(player), player.combos, player.weights, False)
    cards: Optional[tuple[Card, ...]] = None
    if isinstance(player, str):
        try:
            cards = parse_cards(player, allow_duplicates=True)
        except ShowdownError:
            try:
                rng = Range(player)
            except ShowdownError as error:
                raise type(error)(f"player {index + 1}: {error}") from None
            return _Player(player.strip(), rng.combos, rng.weights, False)
    else:
        try:
            cards = parse_cards(player, allow_duplicates=True)
        except ShowdownError as error:
            raise type(error)(f"player {index + 1}: {error}") from None
    if len(cards) != 2:
        raise HandSizeError(f"player {index + 1}: a hand has two cards, got {len(cards)} in {player!r}")
    if cards[0] == cards[1]:
        raise DuplicateCardError(f"player {index + 1}: card {cards[0]} appears twice in {player!r}")
    high, low = sorted(cards, reverse=True)
    return _Player(f"{high}{low}", np.array([[high.id, low.id]], dtype=np.uint8), np.ones(1), True)


def _prepare(players: Any, board: Any, dead: Any) -> tuple[list[_Player], tuple[Card, ...], tuple[Card, ...]]:
    if isinstance(players, (str, Range)) or not hasattr(players, "__len__"):
        raise PlayerCountError("players must be a list of 2 to 10 hands or ranges")
    if not 2 <= len(players) <= 10:
        raise PlayerCountError(f"equity needs 2 to 10 players, got {len(players)}")
    board_cards = parse_cards(board)
    dead_cards = parse_cards(dead)
    if len(board_cards) > 5:
        raise HandSizeError(f"a board has at most 5 cards, got {len(board_cards)}")
    owner: dict[Card, str] = {}
    for card in board_cards:
        owner[card] = "the board"
    for card in dead_cards:
        if card in owner:
            raise DuplicateCardError(f"card {card} is both dead and on {owner[card]}")
        owner[card] = "the dead cards"
    parsed = [_player(i, p) for i, p in enumerate(players)]
    for i, player in enumerate(parsed):
        if player.fixed:
            for card_id in player.combos[0].tolist():
                card = CARDS[card_id]
                if card in owner:
                    raise DuplicateCardError(f"card {card} of player {i + 1} ({player.name}) is also in {owner[card]}")
                owner[card] = f"player {i + 1}'s hand ({player.name})"
    needed = 2 * len(parsed) + 5 + len(dead_cards)
    if needed > 52:
        raise HandSizeError(
            f"{len(parsed)} players, a full board and {len(dead_cards)} dead cards need {needed} cards;"
            " the deck holds 52"
        )
    known = np.zeros(52, dtype=bool)
    for card in owner:
        known[card.id] = True
    for i, player in enumerate(parsed):
        if player.fixed:
            continue
        keep = ~(known[player.combos[:, 0]] | known[player.combos[:, 1]])
        if not keep.any():
            raise EmptyRangeError(
                f"player {i + 1}'s range {player.name!r} is empty once the board, dead cards and other"
                " players' hands are removed"
            )
        player.combos = np.ascontiguousarray(player.combos[keep])
        player.weights = np.ascontiguousarray(player.weights[keep])
    return parsed, board_cards, dead_cards


def _arrays(parsed: list[_Player]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    size = max(len(p.combos) for p in parsed)
    combos = np.zeros((len(parsed), size, 2), dtype=np.uint8)
    weights = np.zeros((len(parsed), size), dtype=np.float64)
    sizes = np.array([len(p.combos) for p in parsed], dtype=np.int64)
    for i, p in enumerate(parsed):
        combos[i, : len(p.combos)] = p.combos
        weights[i, : len(p.combos)] = p.weights
    return combos, sizes, weights


def _prefixes(n_left: int, to_come: int) -> np.ndarray:
    if to_come == 0:
        return np.zeros((1, 0), dtype=np.int64)
    if to_come == 1:
        return np.arange(n_left, dtype=np.int64).reshape(-1, 1)
    rows = [(i, j) for i in range(n_left) for j in range(i + 1, n_left - (to_come - 2))]
    return np.array(rows, dtype=np.int64).reshape(-1, 2)


# --- results ----------------------------------------------------------------------------------
def _counts(counts: np.ndarray, total: int) -> EquityCounts:
    from showdown._kernels.equity import TIE, TIED, WIN  # plain constants, no compilation

    return EquityCounts(
        wins=tuple(int(x) for x in counts[:, WIN]),
        ties=tuple(int(x) for x in counts[:, TIE]),
        ties_by_size=tuple(tuple(int(x) for x in row[TIED:TIED + 11]) for row in counts),
        total=int(total),
    )


def _by_category(rows: np.ndarray, scale: float) -> tuple[dict[Category, float], ...]:
    return tuple({c: float(row[c]) / scale for c in Category if row[c]} if scale else {} for row in rows)


def _result(
    parsed: list[_Player], board: str, dead: str, counts: np.ndarray, weighted: np.ndarray, total: int,
    total_weight: float, exact: bool, elapsed: float, seed: Optional[int], stopped_by: str, planned: int,
) -> EquityResult:
    """The result from integer case counts and their weighted twins (equal when unweighted)."""
    from showdown._kernels.equity import (
        N_CATEGORIES,
        TIE,
        TIE_SHARE_CATEGORY,
        TIE_SHARE_UNIT,
        TIED,
        WIN,
        WIN_CATEGORY,
    )

    n = max(total, 1)
    weight = total_weight or 1.0
    sizes = np.arange(11, dtype=np.float64)
    sizes[:2] = 1.0
    tied = weighted[:, TIED:TIED + 11]
    share = weighted[:, WIN] + (tied / sizes).sum(axis=1)
    if exact:
        errors = np.zeros(len(parsed))
    else:  # one trial weighs one: the variance of each player's share of a trial
        square = counts[:, WIN] + (counts[:, TIED:TIED + 11] / sizes**2).sum(axis=1)
        variance = np.maximum(square / n - (share / n) ** 2, 0.0)
        errors = np.sqrt(variance / n) if total > 1 else np.full(len(parsed), math.inf)
    wins = weighted[:, WIN_CATEGORY:WIN_CATEGORY + N_CATEGORIES]
    shares = wins + weighted[:, TIE_SHARE_CATEGORY:TIE_SHARE_CATEGORY + N_CATEGORIES] / TIE_SHARE_UNIT
    return EquityResult(
        players=tuple(p.name for p in parsed),
        board=board,
        dead=dead,
        equity=tuple(float(x) / weight for x in share),
        win=tuple(float(x) / weight for x in weighted[:, WIN]),
        tie=tuple(float(x) / weight for x in weighted[:, TIE]),
        wins_by_category=tuple(_by_category(row[None], float(row.sum()))[0] for row in wins),
        equity_by_category=_by_category(shares, weight),
        total=int(total),
        exact=exact,
        stderr=float(errors.max()),
        player_stderr=tuple(float(x) for x in errors),
        elapsed=elapsed,
        counts=_counts(counts, total),
        seed=seed,
        stopped_by=stopped_by,
        planned=planned,
    )


# --- the public function --------------------------------------------------------------------
def equity(
    players: Sequence[PlayerLike],
    board: Any = "",
    dead: Any = "",
    *,
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    stderr: Optional[float] = None,
    time_limit: Optional[float] = None,
    n_jobs: Optional[int] = None,
    progress: Optional[Callable[[EquityResult], Any]] = None,
    client: Any = None,
) -> EquityResult:
    """Each player's share of the pot at showdown, over the boards still to come.

    ``players``: 2 to 10 exact hands ("AcAd", "Ac Ad", cards or ids) or ranges (Range objects
    or range text such as "QQ+, AKs" or "random"). ``board``: 0 to 5 known cards; ``dead``:
    cards out of play. ``exact``: True to enumerate, False for Monte Carlo, None to enumerate
    when (product of range sizes) x (remaining boards) <= ``EXACT_LIMIT``.

    Monte Carlo runs in batches and stops at the first of: ``trials`` deals, a standard error
    of every player's equity at most ``stderr``, ``time_limit`` seconds, or ``progress``
    (called with the interim result after each batch) returning False. With none of trials,
    stderr and time_limit it runs 1,000,000 deals. The same ``seed`` gives the same answer
    whatever ``n_jobs``; the seed used is in ``result.seed``.

    ``client`` (a ``dask.distributed.Client``) spreads exact preflop enumeration and Monte
    Carlo batches over a cluster, with bit-identical results; enumeration with part of the
    board known always runs here.

    >>> r = equity(["AhAs", "KdKc"], board="Qh 7s 2d 5c", exact=True)
    >>> r.counts.wins, r.counts.total
    ((42, 2), 44)
    >>> r = equity(["AhAs", "KdKc"], exact=False, trials=20_000, seed=1)
    >>> 0.80 < r.equity[0] < 0.84, r.total
    (True, 20000)
    """
    started = time.perf_counter()
    parsed, board_cards, dead_cards = _prepare(players, board, dead)
    texts = " ".join(map(str, board_cards)), " ".join(map(str, dead_cards))
    to_come = 5 - len(board_cards)
    base = sorted(set(range(52)) - {c.id for c in board_cards} - {c.id for c in dead_cards})
    n_boards = math.comb(len(base) - 2 * len(parsed), to_come)
    n_assign = math.prod(len(p.combos) for p in parsed)
    for name, value in (("trials", trials), ("stderr", stderr), ("time_limit", time_limit)):
        if value is not None and (isinstance(value, bool) or not value > 0):
            raise EquityError(f"{name} must be positive, got {value!r}")
    combos, sizes, weights = _arrays(parsed)
    classes: Optional[_Classes] = None
    if to_come == 5 and exact is not False and n_assign <= MAX_CLASS_ASSIGNMENTS:
        classes = _classes(parsed, combos, sizes, weights, dead_cards)
    if exact is None:
        if classes is not None:
            exact = len(classes.holes) * BOARD_PATTERNS * len(parsed) <= EXACT_LIMIT
        else:
            exact = n_assign * n_boards * len(parsed) <= EXACT_LIMIT
    if exact:
        if to_come == 5 and classes is None:
            raise EquityError(
                f"exact enumeration of {n_assign:,} hole-card assignments preflop is out of reach"
                f" (at most {MAX_CLASS_ASSIGNMENTS:,}); use Monte Carlo"
            )
        if n_assign * n_boards > 1 << 62:
            raise EquityError(f"exact enumeration of {n_assign * n_boards:.3g} cases is out of reach")
        if classes is not None:
            return _exact_by_classes(parsed, texts, classes, dead_cards, n_jobs, progress, started, client)
        return _exact_by_boards(parsed, texts, combos, sizes, weights, base, board_cards, n_jobs, started)
    return _monte_carlo(parsed, texts, combos, sizes, weights, board_cards, dead_cards, trials, seed, stderr,
                        time_limit, n_jobs, progress, started, client)


# --- exact enumeration ------------------------------------------------------------------------
@dataclass
class _Classes:
    """Hole-card assignments up to suit permutations and reorderings of players with identical
    ranges: one representative per class; for each class and each seating pattern (where each
    player sits in the representative), the number of assignments and their summed weight."""

    holes: np.ndarray  # (C, P, 2) uint8
    seatings: np.ndarray  # (S, P) int64: seatings[s, p] is player p's seat in the representative
    multiplicity: np.ndarray  # (C, S) int64
    weight: np.ndarray  # (C, S) float64


def _suit_permutations(fixed: Sequence[Card]) -> np.ndarray:
    """The permutations of the four suits that map the set of ``fixed`` cards onto itself."""
    ids = {c.id for c in fixed}
    keep = [perm for perm in itertools.permutations(range(4)) if {(i & ~3) | perm[i & 3] for i in ids} == ids]
    return np.array(keep, dtype=np.uint8)


def _range_groups(parsed: list[_Player]) -> np.ndarray:
    """For each player, the first player with the very same combos and weights."""
    groups = []
    for i, player in enumerate(parsed):
        groups.append(next(j for j, other in enumerate(parsed[: i + 1])
                           if np.array_equal(other.combos, player.combos)
                           and np.array_equal(other.weights, player.weights)))
    return np.array(groups, dtype=np.int64)


def _classes(parsed: list[_Player], combos: np.ndarray, sizes: np.ndarray, weights: np.ndarray,
             dead: Sequence[Card]) -> _Classes:
    kernel = kernels_module("board_classes")
    codes, assignment_weights, seating_codes = kernel._assignment_classes(
        combos, sizes, weights, _suit_permutations(dead), _range_groups(parsed)
    )
    if len(codes) == 0:
        raise EquityError("the players' ranges have no combination without a shared card")
    if combos.shape[0] <= 5:
        unique, inverse = np.unique(codes[:, 0], return_inverse=True)
        unique = np.stack([unique, np.zeros_like(unique)], axis=1)
    else:
        unique, inverse = np.unique(codes, axis=0, return_inverse=True)
    seating_codes, seating = np.unique(seating_codes, return_inverse=True)
    n_players = combos.shape[0]
    seatings = (seating_codes[:, None] >> (4 * np.arange(n_players, dtype=np.uint64))) & np.uint64(15)
    cell = inverse.reshape(-1) * len(seatings) + seating.reshape(-1)
    shape = (len(unique), len(seatings))
    return _Classes(
        holes=kernel._decode_classes(np.ascontiguousarray(unique), combos.shape[0]),
        seatings=seatings.astype(np.int64),
        multiplicity=np.bincount(cell, minlength=shape[0] * shape[1]).reshape(shape).astype(np.int64),
        weight=np.bincount(cell, weights=assignment_weights, minlength=shape[0] * shape[1]).reshape(shape),
    )


def _exact_by_classes(
    parsed: list[_Player], texts: tuple[str, str], classes: _Classes, dead: Sequence[Card],
    n_jobs: Optional[int], progress: Optional[Callable[[EquityResult], Any]], started: float, client: Any,
) -> EquityResult:
    """Preflop: each class of assignments once, every board by rank and flush pattern."""
    from showdown._kernels.equity import N_COUNTS

    n_classes, n_players = classes.holes.shape[:2]
    dead_mask = int(sum(1 << c.id for c in dead))
    planned = int(classes.multiplicity.sum()) * math.comb(52 - len(dead) - 2 * n_players, 5)
    counts = np.zeros((n_players, N_COUNTS), dtype=np.int64)
    weighted = np.zeros((n_players, N_COUNTS), dtype=np.float64)
    total = 0
    total_weight = 0.0
    batch = max(CLASS_BATCH, -(-n_classes // 100))
    parts = [slice(start, min(start + batch, n_classes)) for start in range(0, n_classes, batch)]
    jobs = [(classes.holes[part], dead_mask, None if client is not None else n_jobs) for part in parts]
    for part, (class_counts, class_totals) in zip(parts, map_in_order(score_classes, jobs, client=client),
                                                  strict=True):
        for s, seats in enumerate(classes.seatings):
            multiplicity = classes.multiplicity[part, s]
            weight = classes.weight[part, s]
            counts += np.einsum("c,cpk->pk", multiplicity, class_counts)[seats]
            weighted += np.einsum("c,cpk->pk", weight, class_counts.astype(np.float64))[seats]
            total += int(multiplicity @ class_totals)
            total_weight += float(weight @ class_totals)
        if progress is not None and part.stop < n_classes:
            interim = _result(parsed, *texts, counts, weighted, total, total_weight, True,
                              time.perf_counter() - started, None, "", planned)
            if progress(interim) is False:
                raise EquityError("exact enumeration cancelled by the progress callback")
    return _result(parsed, *texts, counts, weighted, total, total_weight, True, time.perf_counter() - started,
                   None, "enumerated", planned)


def score_classes(job: tuple[np.ndarray, int, Optional[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Board counts (N, P, N_COUNTS) and totals (N,) of assignment classes ``holes`` (N, P, 2),
    with the dead cards ``dead_mask``, on ``n_jobs`` threads (default: those of the Dask worker
    it runs on, else all): ``job = (holes, dead_mask, n_jobs)``. A unit of work that can run on
    any machine."""
    from showdown._kernels.equity import N_COUNTS
    from showdown.distributed import worker_threads

    holes, dead_mask, n_jobs = job
    kernel = kernels_module("board_classes")
    counts = np.zeros((len(holes), holes.shape[1], N_COUNTS), dtype=np.int64)
    totals = np.zeros(len(holes), dtype=np.int64)
    wanted = n_jobs if n_jobs is not None else worker_threads()
    with threads(min(thread_count(wanted, len(holes) * MIN_ITEMS_PER_THREAD // 8), len(holes))):
        kernel._deal_boards_many(holes, np.uint64(dead_mask), counts, totals)
    return counts, totals


def _exact_by_boards(
    parsed: list[_Player], texts: tuple[str, str], combos: np.ndarray, sizes: np.ndarray, weights: np.ndarray,
    base: list[int], board: Sequence[Card], n_jobs: Optional[int], started: float,
) -> EquityResult:
    """With some of the board known: every assignment times every remaining board."""
    kernel = kernels_module("equity")
    n_players = len(parsed)
    to_come = 5 - len(board)
    board_key, board_bits = kernel._board_key(np.array([c.id for c in board], dtype=np.uint8))
    n_left = len(base) - 2 * n_players
    n_assign = math.prod(len(p.combos) for p in parsed)
    prefixes = _prefixes(n_left, to_come)
    n_items = n_assign * len(prefixes)
    n_chunks = min(EXACT_CHUNKS, n_items)
    workers = min(thread_count(n_jobs, n_assign * math.comb(n_left, to_come)), n_chunks)
    with threads(workers):
        counts, weighted, totals, total_weights = kernel._exact(
            combos, sizes, weights, np.array(base, dtype=np.uint8), board_key, board_bits, to_come, prefixes,
            n_chunks,
        )
    total = int(totals.sum())
    if total == 0:
        raise EquityError("the players' ranges have no combination without a shared card")
    return _result(parsed, *texts, counts.sum(axis=0), weighted.sum(axis=0), total, float(total_weights.sum()),
                   True, time.perf_counter() - started, None, "enumerated", total)


# --- Monte Carlo ------------------------------------------------------------------------------
def _monte_carlo(
    parsed: list[_Player], texts: tuple[str, str], combos: np.ndarray, sizes: np.ndarray, weights: np.ndarray,
    board: Sequence[Card], dead: Sequence[Card], trials: Optional[int], seed: Any, stderr: Optional[float],
    time_limit: Optional[float], n_jobs: Optional[int], progress: Optional[Callable[[EquityResult], Any]],
    started: float, client: Any,
) -> EquityResult:
    """Batches of seeded random deals until a stopping rule says enough."""
    from showdown._kernels.equity import N_COUNTS

    kernel = kernels_module("equity")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy) & ((1 << 63) - 1)  # type: ignore[arg-type]
    else:
        try:
            seed = int(seed)
        except (TypeError, ValueError):
            raise EquityError(f"seed must be an int, got {seed!r}") from None
    if trials is None and stderr is None and time_limit is None:
        trials = DEFAULT_TRIALS
    n_players = len(parsed)
    board_key, board_bits = kernel._board_key(np.array([c.id for c in board], dtype=np.uint8))
    cumulative = np.cumsum(weights, axis=1)
    known_used = np.uint64(sum(1 << c.id for c in (*board, *dead)))
    workers = thread_count(n_jobs, MAX_BATCH)
    counts = np.zeros((n_players, N_COUNTS), dtype=np.int64)
    done = 0
    batch = 0
    stopped_by = ""
    while True:
        size = min(FIRST_BATCH << batch, MAX_BATCH)
        if trials is not None:
            size = min(size, trials - done)
        per_chunk = np.full(MC_CHUNKS, size // MC_CHUNKS, dtype=np.int64)
        per_chunk[: size % MC_CHUNKS] += 1
        seeds = np.array(
            [np.random.SeedSequence([seed, batch, c]).generate_state(1, np.uint64)[0] for c in range(MC_CHUNKS)],
            dtype=np.uint64,
        )
        shared = (combos, sizes, cumulative, known_used, board_key, board_bits, 5 - len(board))
        pieces: list[tuple[Any, ...]]
        if client is None:
            pieces = [(*shared, per_chunk, seeds, workers)]
        else:
            pieces = [(*shared, per_chunk[part], seeds[part], None) for part in split_chunks(MC_CHUNKS)]
        failed = False
        for piece_counts, piece_done, piece_failed in map_in_order(sample_chunks, pieces, client=client):
            counts += piece_counts
            done += piece_done
            failed |= piece_failed
        if failed:
            raise EquityError(
                f"the players' ranges almost never fit together without a shared card ({MAX_ATTEMPTS:,} deals"
                " in a row failed)"
            )
        batch += 1
        elapsed = time.perf_counter() - started
        if trials is not None and done >= trials:
            stopped_by = "trials"
        result = _result(parsed, *texts, counts, counts.astype(np.float64), done, float(done), False, elapsed,
                         seed, stopped_by, trials or 0)
        if not stopped_by and stderr is not None and result.stderr <= stderr:
            stopped_by = "stderr"
        elif not stopped_by and time_limit is not None and elapsed >= time_limit:
            stopped_by = "time_limit"
        if progress is not None and progress(result) is False and not stopped_by:
            stopped_by = "progress"
        if stopped_by:
            break
    return _result(parsed, *texts, counts, counts.astype(np.float64), done, float(done), False,
                   time.perf_counter() - started, seed, stopped_by, trials or 0)



def split_chunks(n_chunks: int, pieces: int = 8) -> list[slice]:
    """Monte Carlo chunks cut into contiguous pieces for a cluster (each chunk has its own
    random stream, so how they are grouped does not change the answer)."""
    size = -(-n_chunks // pieces)
    return [slice(start, min(start + size, n_chunks)) for start in range(0, n_chunks, size)]


def sample_chunks(job: tuple[Any, ...]) -> tuple[np.ndarray, int, bool]:
    """Monte Carlo chunks: summed counts, deals done and whether the ranges failed to fit, for
    ``job = (combos, sizes, cumulative, known_used, board_key, board_bits, to_come, per_chunk,
    seeds, n_jobs)``. A unit of work that can run on any machine."""
    from showdown.distributed import worker_threads

    *arguments, per_chunk, seeds, n_jobs = job
    kernel = kernels_module("equity")
    wanted = n_jobs if n_jobs is not None else worker_threads()
    with threads(thread_count(wanted, 1 << 30)):
        counts, totals, failed = kernel._monte_carlo(*arguments, per_chunk, seeds, MAX_ATTEMPTS)
    return counts.sum(axis=0), int(totals.sum()), bool(failed.any())


from showdown.odds_grid import OddsGrid, odds_grid  # noqa: E402  (documented here too; it builds on equity)
