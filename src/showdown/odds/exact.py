"""Exact enumeration: every compatible assignment of hole cards and every board.

Preflop, assignments that differ only by a permutation of suits, or by a reordering of players
with the very same range, are one *class*: each class is scored once over its boards' rank and
flush patterns (:mod:`showdown._kernels.board_classes`) and counted as many times as it has
members. With part of the board known, every assignment meets every remaining board
(:mod:`showdown._kernels.equity`), except heads-up with two hole cards (hold'em and short
deck), where each runout is scored once for every combo of both ranges
(:mod:`showdown._kernels.runouts`). Counts are added up in a fixed order, the float sums of
weights too, so the answer is the same bit for bit on any number of threads or machines, and
however the work is cut into pieces: pieces timed to a tenth of a second here, between which a
run reports progress and can be stopped, whatever the game and the load.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import math
import subprocess
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from showdown.cards import Card
from showdown.errors import EquityCancelled, EquityError
from showdown.kernel_groups import prepare as prepare_kernels
from showdown.odds.inputs import Player, Question, prepare
from showdown.odds.result import EquityResult, build_result
from showdown.parallel.cluster import map_in_order, worker_threads
from showdown.parallel.interruption import stop_if_interrupted
from showdown.parallel.threads import MIN_ITEMS_PER_THREAD, run_ranges, thread_count
from showdown.tables.layout import HOLDEM_EVALUATOR, N_COUNTS

CLASS_BLOCK = 64
"""Preflop, the classes whose weighted counts are summed together before they are added to the
run's: pieces of work are whole blocks, so the float sums do not depend on how the classes are
cut into pieces."""
CLASS_PIECE = 256
"""Preflop on a Dask cluster, the classes of one task at least (at most 100 tasks)."""
HELPER_SECONDS = 120
"""How long :func:`compile_preflop` and :func:`compile_runouts` wait for the process that
compiles kernels beside them."""
CALL_OUTCOMES = 1 << 20
"""Preflop, outcome histogram entries worked out per kernel call at most (8 MB)."""
COUNT_CHUNKS = 128
"""Chunks of the enumeration with part of the board known, each with its own rows of counts (a
few per player, so many chunks cost little and share the work out evenly over any number of
threads); fixed: the answer never depends on threads. The board study's runout scoring keeps
long rows of sums per chunk, and so fewer chunks (:data:`showdown.study.RUNOUT_CHUNKS`)."""
PIECE_SECONDS = 0.1
"""Exact enumeration in this process works in pieces of about this long, each sized from the
pace of the one before (see :func:`paced`), with a progress report and a check for Ctrl-C after
each: a run stops within about this time of being asked, however slow its game or however
loaded the machine. The answer does not depend on the pieces."""
FIRST_PIECE_EVALUATIONS = 200_000
"""The first piece's size in hand evaluations (about a millisecond for hold'em), before the pace
is known."""
PIECE_EVALUATIONS = 50_000_000
"""Heads-up by runouts, about this many hand evaluations' time between two progress reports
(the largest question is one piece: a few tenths of a second)."""
RUNOUT_COST = 3
"""Heads-up by runouts, the time of one combo on one runout (its evaluation, its share of the sort
and of the sweep) in hand evaluations of the other methods, rounded up (measured: 30 to 40 ns on
one thread, where the other methods do 80 to 300 million evaluations a second): the plan counts
it so."""


@dataclass
class Classes:
    """Hole-card assignments up to suit permutations and reorderings of players with identical
    ranges: one representative per class; for each class and each seating pattern (where each
    player sits in the representative), the number of assignments and their summed weight."""

    holes: np.ndarray  # (C, P, 2) uint8
    seatings: np.ndarray  # (S, P) int64: seatings[s, p] is player p's seat in the representative
    multiplicity: np.ndarray  # (C, S) int64
    weight: np.ndarray  # (C, S) float64


def suit_permutations(fixed: Sequence[Card]) -> np.ndarray:
    """The permutations of the four suits that map the set of ``fixed`` cards onto itself."""
    ids = {c.id for c in fixed}
    keep = [perm for perm in itertools.permutations(range(4)) if {(i & ~3) | perm[i & 3] for i in ids} == ids]
    return np.array(keep, dtype=np.uint8)


def _range_groups(players: list[Player]) -> np.ndarray:
    """For each player, the first player with the very same combos and weights."""
    groups = []
    for i, player in enumerate(players):
        groups.append(next(j for j, other in enumerate(players[: i + 1])
                           if np.array_equal(other.combos, player.combos)
                           and np.array_equal(other.weights, player.weights)))
    return np.array(groups, dtype=np.int64)


def assignment_classes(question: Question) -> Classes:
    """The classes of a preflop question's hole-card assignments. The last few are kept, so that
    ``plan()`` and the ``equity()`` run after it (as the web app does) work them out once."""
    permutations, groups = suit_permutations(question.dead), _range_groups(question.players)
    digest = hashlib.sha256()
    for array in (question.combos, question.sizes, question.weights, permutations, groups):
        digest.update(f"{array.dtype.str}{array.shape}".encode())
        digest.update(np.ascontiguousarray(array).tobytes())
    key = digest.digest()
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    classes = _classify(question, permutations, groups)
    with _CACHE_LOCK:
        _CACHE[key] = classes
        while len(_CACHE) > CLASSES_KEPT:
            _CACHE.popitem(last=False)
    return classes


CLASSES_KEPT = 8
"""How many questions' assignment classes :func:`assignment_classes` keeps."""
_CACHE: OrderedDict[bytes, Classes] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def _classify(question: Question, permutations: np.ndarray, groups: np.ndarray) -> Classes:
    combos = question.combos
    if all(int(size) == 1 for size in question.sizes):
        return _one_assignment(question)
    codes, assignment_weights, seating_codes = class_codes(combos, question.sizes, question.weights, permutations,
                                                          groups)
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
    holes = decode_classes(unique, combos.shape[0])
    order = by_hole_ranks(holes)  # classes with the same hole ranks side by side: see score_classes
    return Classes(
        holes=np.ascontiguousarray(holes[order]),
        seatings=seatings.astype(np.int64),
        multiplicity=np.bincount(cell, minlength=shape[0] * shape[1]).reshape(shape).astype(np.int64)[order],
        weight=np.bincount(cell, weights=assignment_weights, minlength=shape[0] * shape[1]).reshape(shape)[order],
    )


def _one_assignment(question: Question) -> Classes:
    """Exact hands: a single assignment, its own class (no class codes to work out, nor their
    kernel to compile)."""
    combos = question.combos[:, 0, :]
    if len(np.unique(combos)) < combos.size:
        raise EquityError("the players' ranges have no combination without a shared card")
    n_players = len(combos)
    return Classes(
        holes=np.sort(combos, axis=1)[:, ::-1].reshape(1, n_players, 2).copy(),  # high card first, as decoded
        seatings=np.arange(n_players, dtype=np.int64).reshape(1, n_players),
        multiplicity=np.ones((1, 1), dtype=np.int64),
        weight=np.array([[float(np.prod(question.weights[:, 0]))]]),
    )


def class_codes(combos: np.ndarray, sizes: np.ndarray, weights: np.ndarray, permutations: np.ndarray,
                groups: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every compatible assignment's class code, weight and seating (see
    ``_kernels.board_classes._assignment_classes``), in the kernel's order, worked out on every
    core: each thread takes a consecutive range of the assignments."""
    from showdown._kernels import board_classes as kernel

    n_assign = math.prod(int(size) for size in sizes)
    parts = run_ranges(kernel._assignment_classes, n_assign, thread_count(None, n_assign), combos, sizes, weights,
                       permutations, groups)
    return tuple(np.concatenate(column) for column in zip(*parts, strict=True))  # type: ignore[return-value]


def decode_classes(codes: np.ndarray, n_players: int) -> np.ndarray:
    """Hole cards (N, P, 2) uint8, high card first, of class codes (N, 2) uint64 from
    ``_assignment_classes``: 12 bits a player (high card * 64 + low card), players 0-4 in the
    first word."""
    seat = np.arange(n_players)
    words = codes[:, (seat >= 5).astype(np.intp)]  # (N, P): the word that holds each player
    pairs = (words >> (12 * (seat % 5)).astype(np.uint64)) & np.uint64(0xFFF)
    return np.stack([pairs >> np.uint64(6), pairs & np.uint64(63)], axis=2).astype(np.uint8)


def by_hole_ranks(holes: np.ndarray) -> np.ndarray:
    """An order of assignments ``holes`` (N, P, 2) that puts those with the same hole ranks side
    by side (stable): :func:`score_classes` then scores each span of them together."""
    signature = np.unique((holes >> 2).reshape(len(holes), -1), axis=0, return_inverse=True)[1].reshape(-1)
    return np.argsort(signature, kind="stable")


def hole_rank_spans(holes: np.ndarray) -> list[int]:
    """Where each span (consecutive assignments ``holes`` (N, P, 2) with the same hole ranks)
    starts, with N at the end."""
    ranks = (holes >> 2).reshape(len(holes), -1)
    return np.flatnonzero(np.r_[True, (ranks[1:] != ranks[:-1]).any(axis=1), True]).tolist()  # type: ignore[no-any-return]


def paced(n_items: int, first_size: int, unit: int = 1) -> Iterator[slice]:
    """Consecutive pieces of ``range(n_items)``: the first of ``first_size`` items, each next one
    sized to take about :data:`PIECE_SECONDS` at the pace of the one before, which is timed from
    its yield to the next request, the caller's work on it included (a piece at most doubles, as
    items differ in cost, and shrinks as the machine slows down); all in whole multiples of
    ``unit`` items.

    >>> [(piece.start, piece.stop) for piece in paced(10, 4, unit=2)][:1]
    [(0, 4)]
    """
    first, size = 0, max(unit, first_size - first_size % unit)
    while first < n_items:
        stop = min(n_items, first + size)
        started = time.perf_counter()
        yield slice(first, stop)
        seconds = time.perf_counter() - started
        wanted = int((stop - first) * PIECE_SECONDS / seconds) if seconds > 0 else 2 * size
        size = max(unit, min(2 * size, wanted - wanted % unit))
        first = stop


def by_classes(
    question: Question, classes: Classes, n_jobs: Optional[int], progress: Optional[Callable[[EquityResult], Any]],
    started: float, client: Any,
) -> EquityResult:
    """Preflop: each class of assignments once, every board by rank and flush pattern, in
    :func:`paced` pieces here (whole blocks of :data:`CLASS_BLOCK` classes) or in fixed
    ones on a Dask ``client``. A progress callback returning False stops the run with
    :class:`~showdown.EquityCancelled`."""
    started += prepare_kernels("preflop")  # the clock leaves out preparing the kernels
    n_classes, n_players = classes.holes.shape[:2]
    dead = question.dead
    dead_mask = int(sum(1 << c.id for c in dead))
    planned = int(classes.multiplicity.sum()) * math.comb(52 - len(dead) - 2 * n_players, 5)
    counts = np.zeros((n_players, N_COUNTS), dtype=np.int64)
    weighted = np.zeros((n_players, N_COUNTS), dtype=np.float64)
    total = 0
    total_weight = 0.0
    scored: Iterable[tuple[slice, tuple[np.ndarray, np.ndarray]]]
    if client is None:
        pieces = paced(n_classes, CLASS_BLOCK, unit=CLASS_BLOCK)
        scored = ((piece, score_classes((classes.holes[piece], dead_mask, n_jobs))) for piece in pieces)
    else:
        size = CLASS_BLOCK * -(-max(CLASS_PIECE, -(-n_classes // 100)) // CLASS_BLOCK)
        fixed = [slice(start, min(start + size, n_classes)) for start in range(0, n_classes, size)]
        scored = zip(fixed, map_in_order(score_classes, [(classes.holes[piece], dead_mask, None) for piece in fixed],
                                         client=client), strict=True)
    for piece, (class_counts, class_totals) in scored:
        for s, seats in enumerate(classes.seatings):
            counts += np.einsum("c,cpk->pk", classes.multiplicity[piece, s], class_counts)[seats]
            total += int(classes.multiplicity[piece, s] @ class_totals)
        for block in range(0, piece.stop - piece.start, CLASS_BLOCK):  # floats: block by block, in order
            rows = slice(block, block + CLASS_BLOCK)
            block_counts, block_totals = class_counts[rows].astype(np.float64), class_totals[rows]
            for s, seats in enumerate(classes.seatings):
                weight = classes.weight[piece, s][rows]
                weighted += np.einsum("c,cpk->pk", weight, block_counts)[seats]
                total_weight += float(weight @ block_totals)
        stop_if_interrupted()
        if progress is not None:  # after every piece, the last too: a one-piece run reports (and stops) as well
            interim = build_result(question, counts, weighted, total, total_weight, exact=True,
                                   elapsed=time.perf_counter() - started, seed=None, stopped_by="", planned=planned)
            if progress(interim) is False:
                raise EquityCancelled(f"exact enumeration stopped by the progress callback after {total:,} of"
                                      f" {planned:,} deals")
    return build_result(question, counts, weighted, total, total_weight, exact=True,
                        elapsed=time.perf_counter() - started, seed=None, stopped_by="enumerated", planned=planned)


def score_classes(job: tuple[np.ndarray, int, Optional[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Board counts (N, P, N_COUNTS) and totals (N,) of assignment classes ``holes`` (N, P, 2),
    with the dead cards ``dead_mask``, on ``n_jobs`` threads (default: those of the Dask worker
    it runs on, else all): ``job = (holes, dead_mask, n_jobs)``. A unit of work that can run on
    any machine. Classes with the same hole ranks share their rank pass when they are side by
    side (:func:`by_hole_ranks` orders them so)."""
    from showdown._kernels import board_classes as kernel

    holes, dead_mask, n_jobs = job
    holes = np.array(holes, dtype=np.uint8, order="C")  # writable: the kernels' types (a read-only array compiles anew)
    counts = np.zeros((len(holes), holes.shape[1], N_COUNTS), dtype=np.int64)
    totals = np.zeros(len(holes), dtype=np.int64)
    wanted = n_jobs if n_jobs is not None else worker_threads()
    dead, bounds = np.uint64(dead_mask), hole_rank_spans(holes)  # each span shares its rank pass

    n_multisets, n_outcomes = len(kernel.MULTISET_KEY), 16 << holes.shape[1]
    per_call = max(1, CALL_OUTCOMES // n_outcomes)

    def share(first: int, stop: int) -> None:
        """One thread's range: the spans of the same hole ranks that start among the classes
        ``first`` to ``stop - 1`` (shares cut by classes balance the threads better than shares
        of spans, which differ in size). A span's rank pass, then its classes' flushes and
        counts, ``per_call`` classes a call at most: three kernels that compile apart (see
        :func:`compile_preflop`)."""
        plain_values = np.zeros((n_multisets, holes.shape[1]), dtype=np.int64)
        strong = np.zeros(n_multisets, dtype=np.int64)
        entries, entry_ways = np.zeros((n_multisets, 2), dtype=np.int64), np.zeros((n_multisets, 3), dtype=np.int64)
        kept = np.zeros((kernel.SUITS_KEPT + 1, n_outcomes), dtype=np.int64)
        for g in range(bisect.bisect_left(bounds, first), bisect.bisect_left(bounds, stop)):
            plain = np.zeros(n_outcomes, dtype=np.int64)
            total, available, n_strong, n_entries = kernel._rank_pass(holes[bounds[g]], dead, plain_values, plain,
                                                                      strong, entries, entry_ways)
            for start in range(bounds[g], bounds[g + 1], per_call):
                where = slice(start, min(start + per_call, bounds[g + 1]))
                outcomes = np.empty((where.stop - start, n_outcomes), dtype=np.int64)
                kernel._flush_outcomes(holes[where], dead, available, plain_values, strong[:n_strong],
                                       entries[:n_entries], entry_ways[:n_entries], plain, outcomes, kept)
                kernel._add_outcomes(outcomes, counts[where])
            totals[bounds[g]:bounds[g + 1]] = total

    run_ranges(share, len(holes), thread_count(wanted, len(holes) * MIN_ITEMS_PER_THREAD // 8))
    return counts, totals


def _preflop_examples() -> dict[str, tuple[Any, ...]]:
    """Arguments of the types :func:`score_classes` gives each preflop kernel, for compiling."""
    from showdown._kernels import board_classes as kernel

    holes = np.array([[[51, 47], [42, 41]]], dtype=np.uint8)
    n_multisets, n_outcomes = len(kernel.MULTISET_KEY), 16 << 2
    multisets, outcomes = np.zeros(n_multisets, dtype=np.int64), np.zeros((1, n_outcomes), dtype=np.int64)
    plain_values, entries = np.zeros((n_multisets, 2), dtype=np.int64), np.zeros((1, 3), dtype=np.int64)
    return {
        "_rank_pass": (holes[0], np.uint64(0), plain_values, outcomes[0], multisets, entries, entries),
        "_flush_outcomes": (holes, np.uint64(0), np.zeros(13, dtype=np.int64), plain_values, multisets, entries,
                            entries, outcomes[0], outcomes, outcomes),
        "_add_outcomes": (outcomes, np.zeros((1, 2, N_COUNTS), dtype=np.int64)),
    }


def compile_classes() -> None:
    """Compile (or load) the kernel that sorts the deals of ranges into classes (the group
    ``"classes"`` of :mod:`showdown.kernel_groups`)."""
    assignment_classes(prepare(["AA", "KhKs"]))


def compile_rank_pass() -> None:
    """Compile (or load) the preflop rank pass and the outcomes' counts (the group
    ``"preflop-ranks"``: what :func:`compile_preflop` leaves to another process)."""
    from showdown._kernels import board_classes as kernel
    from showdown._kernels import compile_for

    examples = _preflop_examples()
    for name in ("_rank_pass", "_add_outcomes"):
        compile_for(getattr(kernel, name), *examples[name])


def compile_preflop() -> None:
    """Compile (or load) the three preflop kernels :func:`score_classes` runs (the group
    ``"preflop"``). From an empty cache, another process compiles the rank pass and the
    outcomes' counts while this one compiles the flushes, the longest (about 2.5 s against 1.8 s
    on a 2-core machine)."""
    from showdown._kernels import board_classes as kernel
    from showdown._kernels import compile_for

    examples = _preflop_examples()["_flush_outcomes"]
    _compile_beside("preflop-ranks", lambda: compile_for(kernel._flush_outcomes, *examples))


def compile_ranked() -> None:
    """Compile (or load) the kernel that ranks the combos on each runout (the group
    ``"runouts-ranking"``: what :func:`compile_runouts` leaves to another process)."""
    from showdown._kernels import compile_for
    from showdown._kernels import runouts as kernel

    compile_for(kernel._ranked, *_runout_examples()["_ranked"])


def compile_runouts() -> None:
    """Compile (or load) the two kernels :func:`by_runouts` runs (the group ``"runouts"``): from
    an empty cache, another process compiles the ranking while this one compiles the sweep (2
    and 2.5 s on a 2-core machine, against 3.7 s for the two in one)."""
    from showdown._kernels import compile_for
    from showdown._kernels import runouts as kernel

    _compile_beside("runouts-ranking", lambda: compile_for(kernel._sweep, *_runout_examples()["_sweep"]))


def compile_boards() -> None:
    """Compile (or load) hold'em's enumeration over the boards to come (the group ``"boards"``)
    with a three-way question on a turn."""
    by_boards(prepare(["AcAd", "KhKs", "QcQd"], "2c 7d 9h 3s"), None, None, time.perf_counter())


def compile_game_boards() -> None:
    """Compile (or load) the other games' enumeration over the boards to come (the group
    ``"game-boards"``: one kernel for short deck, Omaha and hi-lo)."""
    by_boards(prepare(["AcAd2c3c", "KhKs4h5h"], "2d 7d 9h 3s", game="omaha-hilo"), None, None, time.perf_counter())


def _compile_beside(group: str, here: Callable[[], None]) -> None:
    """Run ``here`` while another Python process prepares the kernel ``group`` when it is not
    in the cache yet, so that the two compile at once (numba compiles one kernel at a time in a
    process); then prepare the group in this process, which loads what the other compiled (or
    compiles it, if that process could not be started or failed)."""
    from showdown import kernel_groups

    helper = kernel_groups.compile_elsewhere(group)
    try:
        here()
    finally:
        if helper is not None:
            try:
                helper.wait(timeout=HELPER_SECONDS)
            except subprocess.TimeoutExpired:  # then this process compiles them itself
                helper.kill()
                helper.wait()
    kernel_groups.prepare(group)


def _prefixes(n_left: int, to_come: int) -> np.ndarray:
    if to_come == 0:
        return np.zeros((1, 0), dtype=np.int64)
    if to_come == 1:
        return np.arange(n_left, dtype=np.int64).reshape(-1, 1)
    rows = [(i, j) for i in range(n_left) for j in range(i + 1, n_left - (to_come - 2))]
    return np.array(rows, dtype=np.int64).reshape(-1, 2)


def _holdem_pieces(question: Question, known_board: np.ndarray) -> Callable[..., Any]:
    """Hold'em's enumeration kernel with the question's arrays bound: (deck, prefixes, chunks,
    first, stop, counts, weighted, totals, total weights, chunk_first, chunk_stop)."""
    from showdown._kernels import equity as kernel

    board_key, board_bits = kernel._board_key(known_board)

    def piece(base: np.ndarray, prefixes: np.ndarray, n_chunks: int, first: int, stop: int,
              *outputs_and_chunks: Any) -> None:
        kernel._exact(question.combos, question.sizes, question.weights, base, board_key, board_bits,
                      question.to_come, prefixes, n_chunks, first, stop, *outputs_and_chunks)

    return piece


def _game_pieces(question: Question, known_board: np.ndarray) -> Callable[..., Any]:
    """The other games' enumeration kernel, bound as :func:`_holdem_pieces`."""
    from showdown._kernels import game_odds as kernel
    from showdown._kernels.games import OMAHA_HIGH_5

    game = question.game

    def piece(base: np.ndarray, prefixes: np.ndarray, n_chunks: int, first: int, stop: int, counts: np.ndarray,
              weighted: np.ndarray, totals: np.ndarray, total_weights: np.ndarray, chunk_first: int,
              chunk_stop: int) -> None:
        kernel._exact(question.combos, question.sizes, question.weights, base, known_board, question.to_come,
                      prefixes, n_chunks, first, stop, counts, weighted, totals, total_weights, chunk_first,
                      chunk_stop, game.rules, OMAHA_HIGH_5)

    return piece


def by_boards(question: Question, n_jobs: Optional[int], progress: Optional[Callable[[EquityResult], Any]],
              started: float) -> EquityResult:
    """With some of the board known: every assignment times every remaining board, in
    :func:`paced` pieces with a progress report (and a check for Ctrl-C) after each; a progress
    callback returning False stops the run with :class:`~showdown.EquityCancelled`."""
    n_players = len(question.players)
    to_come = question.to_come
    base = np.array(question.deck, dtype=np.uint8)
    known_board = np.array([c.id for c in question.board], dtype=np.uint8)
    holdem = question.game.evaluator == HOLDEM_EVALUATOR
    started += prepare_kernels("boards" if holdem else "game-boards")  # the clock leaves out preparing them
    piece_kernel = _holdem_pieces(question, known_board) if holdem else _game_pieces(question, known_board)
    n_left = len(base) - question.game.hole_cards * n_players
    n_assign = question.assignments
    prefixes = _prefixes(n_left, to_come)
    n_items = n_assign * len(prefixes)
    n_chunks = min(COUNT_CHUNKS, n_items)
    planned = n_assign * math.comb(n_left, to_come)
    per_item = max(1, math.comb(n_left, to_come) // len(prefixes) * n_players)  # evaluations
    # Pieces of whole rounds of the chunks, so that the threads' shares are equal, unless a round
    # is dear (an item of a preflop board enumeration in a game with many players).
    unit = n_chunks if n_chunks * per_item <= 4 * FIRST_PIECE_EVALUATIONS else 1
    pieces = paced(n_items, FIRST_PIECE_EVALUATIONS // per_item, unit)
    workers = min(thread_count(n_jobs, planned), n_chunks)
    return _in_pieces(question, lambda *arguments: piece_kernel(base, prefixes, n_chunks, *arguments), pieces,
                      n_chunks, workers, progress, started, planned, adds=True)


def _in_pieces(question: Question, piece: Callable[..., None], pieces: Iterable[slice], n_chunks: int,
               workers: int, progress: Optional[Callable[[EquityResult], Any]], started: float, planned: int,
               adds: bool) -> EquityResult:
    """Run ``piece(first, last, counts, weighted, totals, total_weights, chunk_first,
    chunk_stop)`` over each of ``pieces`` of the items, the chunks shared out to ``workers``
    threads (each fills the rows of chunks ``chunk_first`` to ``chunk_stop - 1`` of those arrays
    of ``n_chunks`` rows): the kernel ``adds`` to the run's rows, or fills zeroed ones that are
    added to them after. Check for Ctrl-C and report progress after each piece, and build the
    result."""
    n_players = len(question.players)
    counts = np.zeros((n_chunks, n_players, N_COUNTS), dtype=np.int64)
    weighted = np.zeros((n_chunks, n_players, N_COUNTS), dtype=np.float64)
    totals = np.zeros(n_chunks, dtype=np.int64)
    total_weights = np.zeros(n_chunks, dtype=np.float64)
    running: tuple[np.ndarray, ...] = (counts, weighted, totals, total_weights)
    for items in pieces:
        if adds:
            run_ranges(piece, n_chunks, workers, items.start, items.stop, *running)
        else:
            new = tuple(np.zeros_like(array) for array in running)  # each thread fills its own chunks' rows
            run_ranges(piece, n_chunks, workers, items.start, items.stop, *new)
            for array, piece_sums in zip(running, new, strict=True):
                array += piece_sums
        stop_if_interrupted()
        if progress is not None:  # after every piece, the last too
            interim = build_result(question, counts.sum(axis=0), weighted.sum(axis=0), int(totals.sum()),
                                   float(total_weights.sum()), exact=True,
                                   elapsed=time.perf_counter() - started, seed=None, stopped_by="",
                                   planned=planned)
            if progress(interim) is False:
                raise EquityCancelled(f"exact enumeration stopped by the progress callback after"
                                      f" {interim.total:,} of about {planned:,} deals")
    total = int(totals.sum())
    if total == 0:
        raise EquityError("the players' ranges have no combination without a shared card")
    return build_result(question, counts.sum(axis=0), weighted.sum(axis=0), total, float(total_weights.sum()),
                        exact=True, elapsed=time.perf_counter() - started, seed=None, stopped_by="enumerated",
                        planned=total)


def by_runouts_possible(question: Question) -> bool:
    """Whether :func:`by_runouts` answers the question: two players of two hole cards in a
    game without a low half, part of the board known."""
    game = question.game
    return (len(question.players) == 2 and game.hole_cards == 2 and not game.omaha and not game.low
            and question.to_come < 5)


def _codes(combos: np.ndarray) -> np.ndarray:
    """One int per two-card combo, whatever the order of its cards: 52 * high id + low id."""
    ids = combos.astype(np.int64)
    return ids.max(axis=1) * 52 + ids.min(axis=1)  # type: ignore[no-any-return]


def runout_evaluations(question: Question) -> int:
    """The cost of :func:`by_runouts` in hand evaluations: each combo of either player on each
    runout costs :data:`RUNOUT_COST`."""
    union = np.union1d(*(_codes(player.combos) for player in question.players))
    return math.comb(len(question.deck), question.to_come) * len(union) * RUNOUT_COST


@dataclass
class Runouts:
    """A heads-up question in the terms of :mod:`showdown._kernels.runouts`: the union
    of both players' combos (high card first); per union combo how many times player 1 holds it
    and with what weight, then the same for player 2; and the cards still to come of every runout."""

    combos: np.ndarray  # (U, 2) uint8
    held: np.ndarray  # (U, 4) float64
    runouts: np.ndarray  # (R, to_come) uint8


def runouts_of(question: Question) -> Runouts:
    """The union of a heads-up question's combos and its runouts."""
    codes = [_codes(player.combos) for player in question.players]
    union = np.union1d(*codes)
    held = np.zeros((len(union), 4))
    for p, (player, player_codes) in enumerate(zip(question.players, codes, strict=True)):
        where = np.searchsorted(union, player_codes)
        held[:, 2 * p] = np.bincount(where, minlength=len(union))
        held[:, 2 * p + 1] = np.bincount(where, weights=player.weights, minlength=len(union))
    combos = np.stack([union // 52, union % 52], axis=1).astype(np.uint8)
    runouts = np.array(list(itertools.combinations(question.deck, question.to_come)), dtype=np.uint8)
    return Runouts(combos, held, runouts.reshape(len(runouts), question.to_come))


NO_COMBO_SUMS = (np.zeros((1, 1)), np.zeros((1, 1)), np.zeros((1, 52)), np.zeros((1, 52)))
"""The per-combo sums of :func:`showdown._kernels.runouts._sweep`, which equity does not ask for."""


def sweep_runouts(spot: Runouts, board: np.ndarray, game: Any, n_chunks: int, first: int, last: int,
                  counts: np.ndarray, weighted: np.ndarray, totals: np.ndarray, total_weights: np.ndarray,
                  combo_sums: tuple[np.ndarray, ...], chunk_first: int, chunk_stop: int) -> None:
    """The runouts ``first`` to ``last - 1`` that fall in the chunks ``chunk_first`` to
    ``chunk_stop - 1`` (runout ``r`` in chunk ``r % n_chunks``): ranked, then swept (the two
    kernels of :mod:`showdown._kernels.runouts`) into the counts, and into ``combo_sums``
    (``doubled, met, card_doubled, card_met``, the board study's) unless it is
    :data:`NO_COMBO_SUMS`. ``game`` is the game's kernel rules."""
    from showdown._kernels.runouts import _ranked, _sweep

    n_combos = len(spot.combos)
    chunk = np.arange(first, min(last, len(spot.runouts))) % n_chunks
    rows = int(np.count_nonzero((chunk >= chunk_first) & (chunk < chunk_stop)))
    ranked, found = np.empty((rows, n_combos), dtype=np.int64), np.empty(rows, dtype=np.int64)
    _ranked(spot.combos, board, spot.runouts, n_chunks, first, last, game, chunk_first, chunk_stop, ranked, found)
    doubled, met, card_doubled, card_met = combo_sums
    _sweep(spot.combos, spot.held, ranked, found, spot.runouts, n_chunks, first, last, counts, weighted, totals,
           total_weights, combo_sums is not NO_COMBO_SUMS, doubled, met, card_doubled, card_met, chunk_first,
           chunk_stop)


def by_runouts(question: Question, n_jobs: Optional[int], progress: Optional[Callable[[EquityResult], Any]],
               started: float) -> EquityResult:
    """Heads-up with two hole cards and some of the board known: each runout scored once for
    every combo of both ranges (see :mod:`showdown._kernels.runouts`), the same counts as
    :func:`by_boards` in about one evaluation per combo and runout. In pieces of about
    :data:`PIECE_EVALUATIONS` (the largest question, random against random on a flop, is about
    3,000,000: one piece) with a progress report and a check for Ctrl-C after each; a progress
    callback returning False stops the run with :class:`~showdown.EquityCancelled`."""
    started += prepare_kernels("runouts")  # the clock leaves out preparing the kernels
    spot = runouts_of(question)
    n_runouts, n_combos = len(spot.runouts), len(spot.combos)
    n_chunks = min(COUNT_CHUNKS, n_runouts)
    steps = n_runouts * n_combos  # a combo on a runout
    n_pieces = max(1, min(-(-steps * RUNOUT_COST // PIECE_EVALUATIONS), -(-n_runouts // n_chunks)))
    size = -(-n_runouts // n_pieces)
    board = np.array([c.id for c in question.board], dtype=np.uint8)
    game = question.game.rules
    workers = min(thread_count(n_jobs, steps), n_chunks)

    def piece(first: int, last: int, counts: np.ndarray, weighted: np.ndarray, totals: np.ndarray,
              total_weights: np.ndarray, chunk_first: int, chunk_stop: int) -> None:
        sweep_runouts(spot, board, game, n_chunks, first, last, counts, weighted, totals, total_weights,
                      NO_COMBO_SUMS, chunk_first, chunk_stop)

    pieces = [slice(first, min(first + size, n_runouts)) for first in range(0, n_runouts, size)]
    return _in_pieces(question, piece, pieces, n_chunks, workers, progress, started,
                      question.assignments * question.boards, adds=False)


def _runout_examples() -> dict[str, tuple[Any, ...]]:
    """Arguments of the types :func:`by_runouts` gives each of its two kernels, for compiling."""
    from showdown.games import GAMES

    combos, board = np.array([[51, 47], [43, 39]], dtype=np.uint8), np.array([0, 5, 10], dtype=np.uint8)
    ranked, found = np.zeros((1, 2), dtype=np.int64), np.zeros(1, dtype=np.int64)
    outputs = (np.zeros((1, 2, N_COUNTS), dtype=np.int64), np.zeros((1, 2, N_COUNTS)), np.zeros(1, dtype=np.int64),
               np.zeros(1))
    return {
        "_ranked": (combos, board, np.zeros((1, 1), dtype=np.uint8), 1, 0, 1, GAMES["holdem"].rules, 0, 1,
                    ranked, found),
        "_sweep": (combos, np.zeros((2, 4)), ranked, found, np.zeros((1, 1), dtype=np.uint8), 1, 0, 1, *outputs, False,
                   *NO_COMBO_SUMS, 0, 1),
    }
