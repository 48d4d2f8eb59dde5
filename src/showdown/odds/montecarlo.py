"""Monte Carlo: batches of seeded random deals until a stopping rule says enough.

Each batch is cut into :data:`MC_CHUNKS` chunks with random streams of their own, derived from
the seed, the batch and the chunk (:func:`~showdown.parallel.streams.chunk_seeds`): the same
seed gives the same answer whatever the number of threads, and a cluster gets whole chunks, so
its answer is bit-identical too.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple, Optional

import numpy as np

from showdown.errors import EquityError
from showdown.kernel_groups import prepare as prepare_kernels
from showdown.odds.inputs import Question, prepare
from showdown.odds.result import EquityResult, build_result
from showdown.parallel.cluster import map_in_order, worker_threads
from showdown.parallel.interruption import stop_if_interrupted
from showdown.parallel.streams import chunk_seeds
from showdown.parallel.threads import run_ranges, thread_count
from showdown.tables.layout import HOLDEM_EVALUATOR, N_COUNTS

MC_CHUNKS = 64
FIRST_BATCH = 1 << 14
MAX_BATCH = 1 << 20
DEFAULT_TRIALS = 1_000_000
"""Deals when no stopping rule is given."""
MAX_ATTEMPTS = 1_000_000
"""Deals in a row that may fail to fit the ranges together before the run gives up."""
GROUP_SECONDS = 0.02
"""Here (not on a cluster) a batch is dealt in groups of its chunks of about this many seconds
each, and a run with a progress callback also reports between two groups once this long has
passed since its last report: a callback that stops the run is heard within a group, not a
whole batch. Each chunk has its own random stream, so the groups never change the answer."""


@dataclass(frozen=True)
class Batch:
    """A batch of Monte Carlo deals: its number (from 0), its size, the deals of each of its
    :data:`MC_CHUNKS` chunks and each chunk's seed."""

    number: int
    size: int
    per_chunk: np.ndarray
    seeds: np.ndarray


def batches(seed: int, trials: Optional[int]) -> Iterator[Batch]:
    """The batches of a Monte Carlo run, for every calculation that deals (equity, the board
    study): from :data:`FIRST_BATCH` deals, doubling up to :data:`MAX_BATCH`, until ``trials``
    deals (for ever when None: the caller stops when its own rule says so). Ctrl-C stops the run
    between two batches.

    >>> [batch.size for batch in batches(seed=1, trials=40_000)]
    [16384, 23616]
    """
    done = 0
    for number in itertools.count():
        size = min(FIRST_BATCH << number, MAX_BATCH)
        if trials is not None:
            size = min(size, trials - done)
            if size <= 0:
                return
        per_chunk = np.full(MC_CHUNKS, size // MC_CHUNKS, dtype=np.int64)
        per_chunk[: size % MC_CHUNKS] += 1
        yield Batch(number, size, per_chunk, chunk_seeds(seed, number, MC_CHUNKS))
        done += size
        stop_if_interrupted()


def never_fit() -> EquityError:
    """The error of a run whose ranges did not fit together in :data:`MAX_ATTEMPTS` deals in a row."""
    return EquityError(f"the players' ranges almost never fit together without a shared card ({MAX_ATTEMPTS:,}"
                       " deals in a row failed)")


def monte_carlo(
    question: Question, trials: Optional[int], seed: int, stderr: Optional[float], time_limit: Optional[float],
    n_jobs: Optional[int], progress: Optional[Callable[[EquityResult], Any]], started: float, client: Any,
) -> EquityResult:
    """Deal until ``trials`` deals, a standard error of ``stderr``, ``time_limit`` seconds, or
    ``progress`` returning False (the result then says ``stopped_by="progress"``); the numbers
    are checked by :func:`~showdown.equity`."""
    if trials is None and stderr is None and time_limit is None:
        trials = DEFAULT_TRIALS
    n_players = len(question.players)
    board, dead = question.board, question.dead
    known_board = np.array([c.id for c in board], dtype=np.uint8)
    game = question.game
    game_rules: Any = (known_board, game.rules)
    holdem = game.evaluator == HOLDEM_EVALUATOR
    started += prepare_kernels("montecarlo" if holdem else "game-montecarlo")  # the clock leaves that out
    if holdem:
        from showdown._kernels import equity as kernel

        board_key, board_bits = kernel._board_key(known_board)
        game_rules = HoldemDeal(board_key, board_bits, whole_deck_players(question), rest_of_deck(question))
    keep, alias = pick_tables(question.weights, question.sizes)
    known_used = np.uint64(sum(1 << c.id for c in (*board, *dead)))
    workers = thread_count(n_jobs, MAX_BATCH)
    counts = np.zeros((n_players, N_COUNTS), dtype=np.int64)
    done = 0
    stopped_by = ""
    pace = _Pace(workers, started)
    for batch in batches(seed, trials):
        shared = (question.combos, question.sizes, keep, alias, known_used, game_rules, question.to_come)
        if client is None:
            results = pace.dealt(shared, batch)
        else:
            results = map_in_order(sample_chunks, [(*shared, batch.per_chunk[part], batch.seeds[part], None)
                                                   for part in split_chunks(MC_CHUNKS)], client=client)
        failed = False
        for partition_counts, partition_done, partition_failed in results:
            counts += partition_counts
            done += partition_done
            failed |= partition_failed
            if client is None and not failed and progress is not None and pace.report_due():
                interim = build_result(question, counts, counts.astype(np.float64), done, float(done), exact=False,
                                       elapsed=time.perf_counter() - started, seed=seed, stopped_by="",
                                       planned=trials or 0)
                if progress(interim) is False:
                    stopped_by = "progress"
                    break
        if failed:
            raise never_fit()
        if stopped_by:
            break
        elapsed = time.perf_counter() - started
        if trials is not None and done >= trials:
            stopped_by = "trials"
        result = build_result(question, counts, counts.astype(np.float64), done, float(done), exact=False,
                              elapsed=elapsed, seed=seed, stopped_by=stopped_by, planned=trials or 0)
        if not stopped_by and stderr is not None and result.stderr <= stderr:
            stopped_by = "stderr"
        elif not stopped_by and time_limit is not None and elapsed >= time_limit:
            stopped_by = "time_limit"
        if progress is not None and progress(result) is False and not stopped_by:
            stopped_by = "progress"
        pace.reported()
        if stopped_by:
            break
    return build_result(question, counts, counts.astype(np.float64), done, float(done), exact=False,
                        elapsed=time.perf_counter() - started, seed=seed, stopped_by=stopped_by, planned=trials or 0)


class _Pace:
    """The groups of a batch's chunks dealt here at once, from the pace of the run so far, and
    when a report is due between two of them (see :data:`GROUP_SECONDS`)."""

    def __init__(self, workers: int, started: float) -> None:
        self.workers = workers
        self.per_second = 0.0  # deals a second so far; 0 until the first group is timed
        self.last_report = started
        self.left = 0  # chunks of the batch still to deal after the group being dealt

    def dealt(self, shared: tuple[Any, ...], batch: Batch) -> Iterator[tuple[np.ndarray, int, bool]]:
        """:func:`sample_chunks` over consecutive groups of the batch's chunks, all of them at once
        when the batch is quick."""
        first = 0
        while first < MC_CHUNKS:
            wanted = int(self.per_second * GROUP_SECONDS // max(1, int(batch.per_chunk[first])))
            stop = min(MC_CHUNKS, first + max(self.workers, wanted - wanted % self.workers))
            self.left = MC_CHUNKS - stop
            stop_if_interrupted()
            started = time.perf_counter()
            yield sample_chunks((*shared, batch.per_chunk[first:stop], batch.seeds[first:stop], self.workers))
            seconds = time.perf_counter() - started
            if seconds > 0:
                self.per_second = int(batch.per_chunk[first:stop].sum()) / seconds
            first = stop

    def report_due(self) -> bool:
        """Whether to report now, within the batch (then the report is taken as made)."""
        now = time.perf_counter()
        if self.left == 0 or now - self.last_report < GROUP_SECONDS:
            return False
        self.last_report = now
        return True

    def reported(self) -> None:
        self.last_report = time.perf_counter()


def compile_monte_carlo() -> None:
    """Compile (or load) hold'em's Monte Carlo kernel (the kernel group ``"montecarlo"`` of
    :mod:`showdown.kernel_groups`) with a few deals."""
    monte_carlo(prepare(["AcAd", "KhKs"]), 64, 0, None, None, None, None, time.perf_counter(), None)


def compile_game_monte_carlo() -> None:
    """Compile (or load) the other games' Monte Carlo kernel (the group ``"game-montecarlo"``:
    one kernel for short deck, Omaha and hi-lo) with a few deals."""
    monte_carlo(prepare(["AcAd2c3c", "KhKs4h5h"], game="omaha-hilo"), 64, 0, None, None, None, None,
                time.perf_counter(), None)


class HoldemDeal(NamedTuple):
    """What hold'em's Monte Carlo kernel needs besides the ranges: the known board's key and
    bits, :func:`whole_deck_players` and :func:`rest_of_deck`."""

    board_key: np.uint64
    board_bits: np.uint64
    from_deck: np.ndarray
    deck: np.ndarray


def rest_of_deck(question: Question) -> np.ndarray:
    """The cards a hold'em deal can still give out: not on the board, not dead, not in an exact
    hand (a range's cards are left in; the kernel skips those of the deal)."""
    out = {c.id for c in (*question.board, *question.dead)}
    for player in question.players:
        if player.fixed:
            out.update(player.combos[0].tolist())
    return np.array([card for card in range(52) if card not in out], dtype=np.uint8)


def whole_deck_players(question: Question) -> np.ndarray:
    """Which hold'em players hold every hand the known cards leave them (board, dead cards,
    exact hands), all weighted alike: ``random`` or a range as wide; the kernel deals those
    players two cards from the deck instead of drawing a combo."""
    n_exact = sum(1 for p in question.players if p.fixed)
    left = question.game.deck_size - len(question.board) - len(question.dead) - 2 * n_exact
    every_hand = left * (left - 1) // 2
    return np.array(
        [not p.fixed and len(p.combos) == every_hand and bool((p.weights == p.weights[0]).all())
         for p in question.players],
        dtype=np.bool_,
    )


def pick_tables(weights: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias tables for drawing each player's combo by weight with one random number:
    of row ``p``'s first ``sizes[p]`` buckets, each equally likely, bucket ``j`` gives combo
    ``j`` with probability ``keep[p, j]`` and combo ``alias[p, j]`` otherwise, so that every
    combo comes with probability its weight over the row's total (Vose's construction).

    >>> keep, alias = pick_tables(np.array([[1.0, 3.0]]), np.array([2]))
    >>> keep.tolist(), alias.tolist()
    ([[0.5, 1.0]], [[1, 1]])
    """
    keep = np.ones(weights.shape, dtype=np.float64)
    alias = np.broadcast_to(np.arange(weights.shape[1], dtype=np.int64), weights.shape).copy()
    for p, size in enumerate(sizes.tolist()):
        row = weights[p, :size]
        if size < 2 or (row == row[0]).all():
            continue  # every bucket keeps its own combo
        scaled = (row * (size / row.sum())).tolist()
        small = [j for j in range(size) if scaled[j] < 1.0]
        large = [j for j in range(size) if scaled[j] >= 1.0]
        while small and large:
            j, k = small.pop(), large.pop()
            keep[p, j] = scaled[j]
            alias[p, j] = k
            scaled[k] -= 1.0 - scaled[j]
            (small if scaled[k] < 1.0 else large).append(k)
        # what is left has scaled weight 1, up to rounding: it keeps its own combo
    return keep, alias


def split_chunks(n_chunks: int, partitions: int = 8) -> list[slice]:
    """Monte Carlo chunks cut into contiguous partitions for a cluster (each chunk has its own
    random stream, so how they are grouped does not change the answer)."""
    size = -(-n_chunks // partitions)
    return [slice(start, min(start + size, n_chunks)) for start in range(0, n_chunks, size)]


def sample_chunks(job: tuple[Any, ...]) -> tuple[np.ndarray, int, bool]:
    """Monte Carlo chunks: summed counts, deals done and whether the ranges failed to fit, for
    ``job = (combos, sizes, keep, alias, known_used, game_rules, to_come, per_chunk, seeds,
    n_jobs)``, where ``keep`` and ``alias`` come from :func:`pick_tables` and ``game_rules`` is a
    :class:`HoldemDeal` or another game's (known board, the game's kernel rules). A unit
    of work that can run on any machine."""
    combos, sizes, keep, alias, known_used, game_rules, to_come, per_chunk, seeds, n_jobs = job
    wanted = n_jobs if n_jobs is not None else worker_threads()
    threads = thread_count(wanted, 1 << 30)
    n_chunks = len(per_chunk)
    outputs = (np.zeros((n_chunks, combos.shape[0], N_COUNTS), dtype=np.int64), np.zeros(n_chunks, dtype=np.int64),
               np.zeros(n_chunks, dtype=np.bool_))  # counts, deals, failed: each thread fills its chunks' rows
    if isinstance(game_rules, HoldemDeal):
        from showdown._kernels import equity as kernel

        run_ranges(kernel._monte_carlo, n_chunks, threads, combos, sizes, keep, alias, game_rules.from_deck,
                   game_rules.deck, known_used, game_rules.board_key, game_rules.board_bits, to_come, per_chunk,
                   seeds, MAX_ATTEMPTS, *outputs)
    else:
        from showdown._kernels import game_odds
        from showdown._kernels.games import OMAHA_HIGH_5

        known_board, rules = game_rules
        run_ranges(game_odds._monte_carlo, n_chunks, threads, combos, sizes, keep, alias, known_used, known_board,
                   to_come, per_chunk, seeds, MAX_ATTEMPTS, rules, OMAHA_HIGH_5, *outputs)
    counts, totals, failed = outputs
    return counts.sum(axis=0), int(totals.sum()), bool(failed.any())
