"""Hold'em equity of 2 to 10 hands or ranges: exact enumeration or seeded Monte Carlo.

>>> result = equity(["AcAd", "KhKs"], board="2c 7d 9h")
>>> result.exact, result.total, result.counts.wins
(True, 990, (907, 83))
>>> print(f"{result.equity[0]:.4f}")
0.9162

``exact=None`` (the default) enumerates exactly when the work is affordable: when the product of
the players' range sizes (after card removal) times the number of remaining boards is at most
:data:`EXACT_LIMIT` (2e8); otherwise it runs Monte Carlo. In exact mode each case is one
compatible assignment of combos (no card shared) and one board, weighted by the product of the
combos' weights; ``.counts`` holds the unweighted integer case counts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional, Union

import numpy as np

from showdown.cards import CARDS, Card, parse_cards
from showdown.errors import DuplicateCardError, HandSizeError, ShowdownError
from showdown.evaluate import Category
from showdown.ranges import Range

__all__ = [
    "EXACT_LIMIT",
    "EmptyRangeError",
    "EquityCounts",
    "EquityError",
    "EquityResult",
    "PlayerCountError",
    "equity",
]

EXACT_LIMIT = 200_000_000
"""``exact=None`` enumerates when (product of range sizes) x (remaining boards) <= this."""

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
    were found. ``stderr`` is the largest standard error of the players' equity estimates (0
    when exact); ``player_stderr`` gives each one."""

    players: tuple[str, ...]
    board: str
    dead: str
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    wins_by_category: tuple[dict[Category, float], ...]
    total: int
    exact: bool
    stderr: float
    player_stderr: tuple[float, ...]
    elapsed: float
    counts: Optional[EquityCounts] = None
    seed: Optional[int] = None
    stopped_by: str = field(default="")

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
            "total": self.total,
            "exact": self.exact,
            "stderr": self.stderr,
            "player_stderr": list(self.player_stderr),
            "elapsed": self.elapsed,
            "counts": None if self.counts is None else self.counts.to_dict(),
            "seed": self.seed,
            "stopped_by": self.stopped_by,
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


def _categories(rows: np.ndarray) -> tuple[dict[Category, float], ...]:
    out = []
    for row in rows:
        wins = float(row.sum())
        out.append({c: float(row[c]) / wins for c in Category if row[c]} if wins else {})
    return tuple(out)


def _from_counts(
    parsed: list[_Player], board: str, dead: str, counts: np.ndarray, total: int, elapsed: float,
    seed: Optional[int], stopped_by: str,
) -> EquityResult:
    """A Monte Carlo result from the summed unweighted counts (one trial weighs one)."""
    from showdown._kernels.equity import N_CATEGORIES, TIE, TIED, WIN, WIN_CATEGORY

    n = max(total, 1)
    sizes = np.arange(11, dtype=np.float64)
    sizes[:2] = 1.0
    tied = counts[:, TIED:TIED + 11].astype(np.float64)
    share = counts[:, WIN] + (tied / sizes).sum(axis=1)
    square = counts[:, WIN] + (tied / sizes**2).sum(axis=1)
    mean = share / n
    variance = np.maximum(square / n - mean**2, 0.0)
    errors = np.sqrt(variance / n) if total > 1 else np.full(len(parsed), math.inf)
    return EquityResult(
        players=tuple(p.name for p in parsed),
        board=board,
        dead=dead,
        equity=tuple(float(x) for x in mean),
        win=tuple(float(x) / n for x in counts[:, WIN]),
        tie=tuple(float(x) / n for x in counts[:, TIE]),
        wins_by_category=_categories(counts[:, WIN_CATEGORY:WIN_CATEGORY + N_CATEGORIES]),
        total=int(total),
        exact=False,
        stderr=float(errors.max()),
        player_stderr=tuple(float(x) for x in errors),
        elapsed=elapsed,
        counts=_counts(counts, total),
        seed=seed,
        stopped_by=stopped_by,
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

    >>> r = equity(["AhAs", "KdKc"], board="Qh 7s 2d 5c", exact=True)
    >>> r.counts.wins, r.counts.total
    ((42, 2), 44)
    >>> r = equity(["AhAs", "KdKc"], exact=False, trials=20_000, seed=1)
    >>> 0.80 < r.equity[0] < 0.84, r.total
    (True, 20000)
    """
    from showdown._numba import kernels
    from showdown._parallel import thread_count, threads

    started = time.perf_counter()
    parsed, board_cards, dead_cards = _prepare(players, board, dead)
    board_text = " ".join(map(str, board_cards))
    dead_text = " ".join(map(str, dead_cards))
    n_players = len(parsed)
    to_come = 5 - len(board_cards)
    base = sorted(set(range(52)) - {c.id for c in board_cards} - {c.id for c in dead_cards})
    n_left = len(base) - 2 * n_players
    n_boards = math.comb(n_left, to_come)
    n_assign = math.prod(len(p.combos) for p in parsed)
    for name, value in (("trials", trials), ("stderr", stderr), ("time_limit", time_limit)):
        if value is not None and (isinstance(value, bool) or not value > 0):
            raise EquityError(f"{name} must be positive, got {value!r}")
    if exact is None:
        exact = n_assign * n_boards <= EXACT_LIMIT
    kernel = kernels("equity")
    combos, sizes, weights = _arrays(parsed)
    board_key, board_bits = kernel._board_key(np.array([c.id for c in board_cards], dtype=np.uint8))

    if exact:
        if n_assign * n_boards > 1 << 62:
            raise EquityError(f"exact enumeration of {n_assign * n_boards:.3g} cases is out of reach")
        prefixes = _prefixes(n_left, to_come)
        n_items = n_assign * len(prefixes)
        n_chunks = min(EXACT_CHUNKS, n_items)
        workers = min(thread_count(n_jobs, n_assign * n_boards), n_chunks)
        with threads(workers):
            counts, sums, totals, total_weights = kernel._exact(
                combos, sizes, weights, np.array(base, dtype=np.uint8), board_key, board_bits,
                to_come, prefixes, n_chunks,
            )
        count = counts.sum(axis=0)
        weighted = sums.sum(axis=0)
        total = int(totals.sum())
        total_weight = float(total_weights.sum())
        if total == 0:
            raise EquityError("the players' ranges have no combination without a shared card")
        from showdown._kernels.equity import N_CATEGORIES, W_EQUITY, W_TIE, W_WIN, W_WIN_CATEGORY

        return EquityResult(
            players=tuple(p.name for p in parsed),
            board=board_text,
            dead=dead_text,
            equity=tuple(float(x) / total_weight for x in weighted[:, W_EQUITY]),
            win=tuple(float(x) / total_weight for x in weighted[:, W_WIN]),
            tie=tuple(float(x) / total_weight for x in weighted[:, W_TIE]),
            wins_by_category=_categories(weighted[:, W_WIN_CATEGORY:W_WIN_CATEGORY + N_CATEGORIES]),
            total=total,
            exact=True,
            stderr=0.0,
            player_stderr=(0.0,) * n_players,
            elapsed=time.perf_counter() - started,
            counts=_counts(count, total),
            stopped_by="enumerated",
        )

    # Monte Carlo
    if seed is None:
        seed = int(np.random.SeedSequence().entropy) & ((1 << 63) - 1)  # type: ignore[arg-type]
    else:
        try:
            seed = int(seed)
        except (TypeError, ValueError):
            raise EquityError(f"seed must be an int, got {seed!r}") from None
    if trials is None and stderr is None and time_limit is None:
        trials = DEFAULT_TRIALS
    cumulative = np.cumsum(weights, axis=1)
    known_used = np.uint64(sum(1 << c.id for c in (*board_cards, *dead_cards)))
    workers = thread_count(n_jobs, MAX_BATCH)
    totals_so_far = np.zeros((n_players, 22), dtype=np.int64)
    done = 0
    batch = 0
    stopped_by = ""
    result: Optional[EquityResult] = None
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
        with threads(workers):
            counts, totals, failed = kernel._monte_carlo(
                combos, sizes, cumulative, known_used, board_key, board_bits, to_come, per_chunk, seeds,
                MAX_ATTEMPTS,
            )
        if failed.any():
            raise EquityError(
                f"the players' ranges almost never fit together without a shared card ({MAX_ATTEMPTS:,} deals"
                " in a row failed)"
            )
        totals_so_far += counts.sum(axis=0)
        done += int(totals.sum())
        batch += 1
        elapsed = time.perf_counter() - started
        if trials is not None and done >= trials:
            stopped_by = "trials"
        result = _from_counts(parsed, board_text, dead_text, totals_so_far, done, elapsed, seed, stopped_by)
        if not stopped_by and stderr is not None and result.stderr <= stderr:
            stopped_by = "stderr"
        elif not stopped_by and time_limit is not None and elapsed >= time_limit:
            stopped_by = "time_limit"
        if progress is not None and progress(result) is False and not stopped_by:
            stopped_by = "progress"
        if stopped_by:
            break
    return _from_counts(
        parsed, board_text, dead_text, totals_so_far, done, time.perf_counter() - started, seed, stopped_by
    )
