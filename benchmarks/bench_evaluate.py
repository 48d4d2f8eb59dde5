"""Hand evaluation: showdown against its peers (phevaluator, eval7, treys, pokerkit,
holdem-hand-evaluator) and a compiled C anchor, in one run.

    .venv/bin/python benchmarks/bench_evaluate.py

Every figure is the best of ``REPEAT`` repetitions after a warm-up call (``time.perf_counter``).
All libraries see the same seeded random 7-card hands, each in its own pre-parsed card form;
peers that run a Python loop get a subset sized so one repetition lasts about
``TARGET_SECONDS``. Peer answers are checked against showdown's on the hands they evaluated
(same order of strength, same ties); a disagreement is flagged in the table.

The C anchor (``_anchor.py``) is phevaluator's C evaluator, downloaded from PyPI as source and
compiled on this machine when the benchmark runs, called through ctypes on the very array
``evaluate_many`` gets, on one thread; without a C compiler or the download its rows say so
and carry no ratio. A figure measured outside this run is shown as a labelled reference, never
divided by.

Sections: (a) bulk ``evaluate_many`` on 10M hands (one thread against the C anchor and the peers,
then every thread count of ``thread_counts()`` for the scaling chart), (b) ``census(7)`` over all
133,784,560 hands against the anchor's census, (c) one ``evaluate`` call a hand, from text and
from parsed cards, every hand a distinct one (no input is seen twice, so no cache can help),
(d) import time, the first call's numba compilation, and the first answer of each capability after
install (a fresh interpreter and an empty cache, import included) against the project's targets.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Optional

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _anchor  # noqa: E402
import showdown  # noqa: E402
from _harness import (  # noqa: E402
    RATIO_NOTE,
    REPEAT,
    best_of,
    format_table,
    point,
    python,
    quick,
    reference,
    row,
    size_for,
    tagged,
    thread_counts,
)
from showdown import CARDS, Category, census, evaluate, evaluate_many, hand_value  # noqa: E402

SEED = 20240601
N_BULK = quick(10_000_000, 200_000)
N_PHEVAL = quick(200_000, 20_000)
N_STRINGS = quick(300_000, 20_000)
"""Distinct hands a pass of the one-call-a-hand benchmarks (a new set every pass)."""
N_WARM = quick(10_000, 2_000)
"""Hands of the warm-up pass (and the probe that sizes a slow peer's pass), not timed."""
TARGET_SECONDS = quick(0.4, 0.05)
"""One repetition of a slow Python-loop benchmark lasts about this long (x REPEAT + warm-up)."""
N_CHECK = 2_000
"""Peer answers compared with showdown's on at most this many hands."""
N_ANCHOR_CHECK = 1_000_000
"""The C anchor's answers compared with showdown's on at most this many hands."""
COLD_REPEAT = quick(3, 1)
"""Cold-cache first calls (each compiles from scratch in a fresh cache directory)."""
CENSUS_REPEAT = min(REPEAT, 3)
"""The anchor's census takes about a second: the best of this many after the checked run."""

ALL_7_CARD_HANDS = 133_784_560
# Measured on this machine outside this run, quoted for orientation: never divided by.
CPP_BULK_REFERENCE = 154.0  # M hands/s: fastest C++ evaluator measured, random 7-card hands
CPP_CENSUS_REFERENCE = 0.19  # s: the same C++ evaluator, all 7-card hands with a category histogram
NUMBA_NAIVE_CENSUS_REFERENCE = 0.59  # s: a naive numba loop over all 7-card hands
ELSEWHERE = "measured on this machine outside this run"

# A card id is 4 * rank + suit (clubs, diamonds, hearts, spades) in showdown and phevaluator.
TEXT = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
assert TEXT == [str(card) for card in CARDS]

NOT_INSTALLED = "not installed"
BULK = "M hands/s"
SERIES_BULK = f"`evaluate_many`, {N_BULK / 1e6:g}M random 7-card hold'em hands, uint8"
"""The scaling series of the bulk rows (one point a thread count)."""
CALLS = "M calls/s"


def _log(message: str) -> None:
    print(f"[bench_evaluate] {message}", file=sys.stderr, flush=True)


# --- inputs ------------------------------------------------------------------------------------


def _has_repeat(ids: np.ndarray) -> np.ndarray:
    """Rows of an (N, 7) id array holding some card twice."""
    repeat = np.zeros(len(ids), dtype=np.bool_)
    for i in range(ids.shape[1]):
        for j in range(i + 1, ids.shape[1]):
            repeat |= ids[:, i] == ids[:, j]
    return repeat


def random_hands(n: int, seed: int = SEED) -> np.ndarray:
    """An (n, 7) uint8 array of uniformly random 7-card hands (seven distinct cards per row).

    Draws every row at once and redraws only the rows that repeat a card (about a third, then a
    third of those, ...): rejection keeps each row uniform over ordered 7-card deals.
    """
    rng = np.random.default_rng(seed)
    ids = rng.integers(0, 52, size=(n, 7), dtype=np.uint8)
    todo = np.flatnonzero(_has_repeat(ids))
    while todo.size:
        ids[todo] = rng.integers(0, 52, size=(todo.size, 7), dtype=np.uint8)
        todo = todo[_has_repeat(ids[todo])]
    return ids


def _agrees(ours: np.ndarray, theirs: Sequence[int], higher_is_better: bool) -> bool:
    """True when a peer orders the hands exactly as showdown does, ties included."""
    theirs_array = np.asarray(theirs, dtype=np.int64)
    if not higher_is_better:
        theirs_array = -theirs_array
    order = np.argsort(ours, kind="stable")
    ours_step = np.diff(ours[order].astype(np.int64))
    theirs_step = np.diff(theirs_array[order])
    return bool(np.array_equal(np.sign(ours_step), np.sign(theirs_step)))


# --- the peers: each converts showdown ids to its own pre-parsed form ---------------------------


class Peer:
    """A peer library's way of evaluating a 7-card hand, from an (n, 7) array of showdown ids."""

    name: str
    higher_is_better: bool

    def convert(self, ids: np.ndarray) -> list[Any]:
        """The hands in the peer's pre-parsed form (not timed)."""
        raise NotImplementedError

    def loop(self, hands: list[Any]) -> list[int]:
        """Evaluate every hand with one call each (timed); comparable values, for the check."""
        raise NotImplementedError

    def values(self, hands: list[Any]) -> list[int]:
        return self.loop(hands)


class PhEvaluatorC(Peer):
    """phevaluator's C function, called with seven ints (the same ids as showdown's)."""

    name = "phevaluator `_pheval.evaluate_7cards(*ids)` (C, Python loop)"
    higher_is_better = False

    def __init__(self) -> None:
        from phevaluator import _pheval

        self.evaluate_7cards = _pheval.evaluate_7cards

    def convert(self, ids: np.ndarray) -> list[Any]:
        return ids.tolist()

    def loop(self, hands: list[Any]) -> list[int]:
        f = self.evaluate_7cards
        return [f(*hand) for hand in hands]


class PhEvaluatorStrings(Peer):
    """phevaluator's public function on seven card strings."""

    name = "phevaluator `evaluate_cards(*strings)`"
    higher_is_better = False

    def __init__(self) -> None:
        from phevaluator import evaluate_cards

        self.evaluate_cards = evaluate_cards

    def convert(self, ids: np.ndarray) -> list[Any]:
        return [tuple(TEXT[i] for i in hand) for hand in ids.tolist()]

    def loop(self, hands: list[Any]) -> list[int]:
        f = self.evaluate_cards
        return [f(*hand) for hand in hands]


class Eval7(Peer):
    name = "eval7 `evaluate(list of eval7.Card)`"
    higher_is_better = True

    def __init__(self) -> None:
        import eval7

        self.evaluate = eval7.evaluate
        self.cards = [eval7.Card(text) for text in TEXT]

    def convert(self, ids: np.ndarray) -> list[Any]:
        cards = self.cards
        return [[cards[i] for i in hand] for hand in ids.tolist()]

    def loop(self, hands: list[Any]) -> list[int]:
        f = self.evaluate
        return [f(hand) for hand in hands]


class Treys(Peer):
    name = "treys `Evaluator().evaluate(hole, board)` (ints)"
    higher_is_better = False

    def __init__(self) -> None:
        from treys import Card, Evaluator

        self.evaluate = Evaluator().evaluate
        self.cards = [Card.new(text) for text in TEXT]

    def convert(self, ids: np.ndarray) -> list[Any]:
        cards = self.cards
        return [([cards[i] for i in hand[:2]], [cards[i] for i in hand[2:]]) for hand in ids.tolist()]

    def loop(self, hands: list[Any]) -> list[int]:
        f = self.evaluate
        return [f(hole, board) for hole, board in hands]


class HoldemHandEvaluator(Peer):
    """holdem-hand-evaluator (Rust, PyO3): ``evaluate_hand`` reads packed text such as
    "AsKd7h2c3d4s5h", its only input (a space makes it panic); higher is better."""

    name = 'holdem-hand-evaluator `evaluate_hand("AsKd7h...")` (Rust, packed text)'
    higher_is_better = True

    def __init__(self) -> None:
        from holdem_hand_evaluator import evaluate_hand

        self.evaluate_hand = evaluate_hand

    def convert(self, ids: np.ndarray) -> list[Any]:
        return texts(ids, "")

    def loop(self, hands: list[Any]) -> list[int]:
        f = self.evaluate_hand
        return [f(hand) for hand in hands]


class PokerKit(Peer):
    """pokerkit 0.7: ``StandardHighHand.from_game(hole, board)`` on pre-parsed Card tuples; it
    tries all 21 five-card combinations in Python. Values: ``hand.entry.index`` (higher wins)."""

    name = "pokerkit `StandardHighHand.from_game(hole, board)`"
    higher_is_better = True

    def __init__(self) -> None:
        from pokerkit import Card, StandardHighHand

        self.from_game = StandardHighHand.from_game
        self.cards = [next(iter(Card.parse(text))) for text in TEXT]

    def convert(self, ids: np.ndarray) -> list[Any]:
        cards = self.cards
        return [(tuple(cards[i] for i in hand[:2]), tuple(cards[i] for i in hand[2:])) for hand in ids.tolist()]

    def loop(self, hands: list[Any]) -> list[Any]:
        f = self.from_game
        return [f(hole, board) for hole, board in hands]

    def values(self, hands: list[Any]) -> list[int]:
        return [hand.entry.index for hand in self.loop(hands)]


def texts(ids: np.ndarray, separator: str = " ") -> list[str]:
    """Each row of card ids as text: "As Kd 7h ..." (``separator`` " ") or "AsKd7h..." ("")."""
    return [separator.join(TEXT[i] for i in hand) for hand in ids.tolist()]


def _load_peer(cls: type[Peer]) -> Optional[Peer]:
    try:
        return cls()
    except ImportError:
        return None


# --- timing ------------------------------------------------------------------------------------


def _loop_rate(
    loop: Callable[[list[Any]], Any], make: Callable[[int], list[Any]], probe: int, limit: int
) -> tuple[float, int]:
    """(items per second, items per repetition) for ``loop`` over ``make(n)`` items, with ``n``
    sized so a repetition lasts about TARGET_SECONDS (at most ``limit``)."""

    def timer(n: int) -> float:
        items = make(n)
        start = time.perf_counter()
        loop(items)
        return time.perf_counter() - start

    n = size_for(timer, probe, limit, TARGET_SECONDS)
    items = make(n)
    return n / best_of(lambda: loop(items)), n


def _peer_row(
    name: str,
    ours: float,
    unit: str,
    peer_cls: type[Peer],
    ids: np.ndarray,
    ours_values: np.ndarray,
    *,
    fixed: Optional[int] = None,
    probe: int = 1_000,
) -> dict[str, Any]:
    """A row comparing ``ours`` with a peer's Python loop over (a prefix of) ``ids``."""
    peer = _load_peer(peer_cls)
    if peer is None:
        return row(name, ours, unit, peer_cls.name, None, NOT_INSTALLED)
    try:
        check = min(N_CHECK, len(ids))
        agrees = _agrees(ours_values[:check], peer.values(peer.convert(ids[:check])), peer.higher_is_better)

        def make(n: int) -> list[Any]:
            return peer.convert(ids[:n])

        if fixed is not None:
            items = make(fixed)
            rate, n = fixed / best_of(lambda: peer.loop(items)), fixed
        else:
            rate, n = _loop_rate(peer.loop, make, probe, len(ids))
    except BaseException as error:  # noqa: BLE001 - a broken peer is reported, the run goes on
        return _failed_row(name, ours, unit, peer_cls, error)
    note = "" if agrees else f"DISAGREES with showdown on the first {check:,} hands"
    if not agrees:
        _log(f"{peer_cls.__name__}: {note}")
    return row(name, ours, unit, f"{peer_cls.name}, {n:,} hands", rate / 1e6, note)


def _failed_row(name: str, ours: float, unit: str, peer_cls: type[Peer], error: BaseException) -> dict[str, Any]:
    """The row of a peer that raised (a Rust peer's panic is a BaseException: caught too, but an
    interrupt still stops the run)."""
    if isinstance(error, (KeyboardInterrupt, SystemExit)):
        raise error
    _log(f"{peer_cls.__name__} failed: {error!r}")
    return row(name, ours, unit, peer_cls.name, None, f"failed: {type(error).__name__}: {error}")


# --- (a) bulk ----------------------------------------------------------------------------------


def _anchor_bulk_rate(anchor: _anchor.Anchor, hands: np.ndarray, values: np.ndarray) -> tuple[Optional[float], str]:
    """(the C anchor's M hands/s on ``hands``, one thread, or None; a note: why none, or a
    disagreement with showdown's order on the first N_ANCHOR_CHECK hands)."""
    if anchor.library is None:
        return None, anchor.problem
    out = np.empty(len(hands), dtype=np.int16)
    anchor.evaluate(hands, out)  # the warm-up, also the answers checked
    check = min(N_ANCHOR_CHECK, len(hands))
    note = ""
    if not _agrees(values[:check], out[:check], higher_is_better=False):
        note = f"DISAGREES with showdown on the first {check:,} hands"
        _log(f"C anchor: {note}")
    return len(hands) / best_of(lambda: anchor.evaluate(hands, out), warmup=False) / 1e6, note


def _anchor_row(name: str, ours: float, unit: str, anchor: _anchor.Anchor, figure: Optional[float], note: str,
                what: str) -> dict[str, Any]:
    return row(name, ours, unit, f"C anchor: {anchor.label}, {what}", figure, note)


def bench_bulk(anchor: _anchor.Anchor) -> list[dict[str, Any]]:
    _log(f"generating {N_BULK:,} random 7-card hands")
    start = time.perf_counter()
    hands = random_hands(N_BULK)
    _log(f"  {time.perf_counter() - start:.2f} s")
    n = len(hands)
    title = f"`evaluate_many`, {n / 1e6:g}M random 7-card hands"

    def rate(ids: np.ndarray, n_jobs: int, out: Optional[np.ndarray] = None, check: bool = True) -> float:
        return len(ids) / best_of(lambda: evaluate_many(ids, n_jobs=n_jobs, out=out, check=check)) / 1e6

    _log("evaluate_many uint8, n_jobs=1")
    values = evaluate_many(hands, n_jobs=1)
    uint8_rate = rate(hands, 1)
    _log("evaluate_many uint8, n_jobs=1, out=buffer")
    reused_rate = rate(hands, 1, np.empty(n, dtype=np.int32))
    _log("evaluate_many uint8, n_jobs=1, check=False")
    unchecked_rate = rate(hands, 1, check=False)
    _log("evaluate_many int64, n_jobs=1")
    int64_rate = rate(hands.astype(np.int64), 1)
    parallel_rates = {}
    for n_jobs in thread_counts(2):
        if n_jobs > 1:
            _log(f"evaluate_many uint8, n_jobs={n_jobs}")
            parallel_rates[n_jobs] = rate(hands, n_jobs)
    _log("C anchor on the same array, one thread")
    anchor_rate, anchor_note = _anchor_bulk_rate(anchor, hands, values)
    same = f"one thread, the same {n:,} rows"

    name = f"{title}, uint8, n_jobs=1"
    rows = [
        point(_anchor_row(name, uint8_rate, BULK, anchor, anchor_rate, anchor_note, same), SERIES_BULK, threads=1),
        reference(name, uint8_rate, BULK, "fastest C++ evaluator measured on this machine, random 7-card hands",
                  CPP_BULK_REFERENCE, f"{ELSEWHERE} (docs/how/evaluator.md)"),
    ]
    for peer_cls, fixed, probe in (
        (PhEvaluatorC, N_PHEVAL, 0),
        (Eval7, None, 20_000),
        (HoldemHandEvaluator, None, 20_000),
        (Treys, None, 2_000),
        (PokerKit, None, 200),
    ):
        _log(f"bulk peer {peer_cls.__name__}")
        rows.append(_peer_row(name, uint8_rate, BULK, peer_cls, hands, values, fixed=fixed, probe=probe))
    rows.append(_anchor_row(f"{title}, uint8, n_jobs=1, `out=` a reused buffer", reused_rate, BULK, anchor,
                            anchor_rate, anchor_note, same))
    rows.append(_anchor_row(f"{title}, uint8, n_jobs=1, `check=False` (trusted rows, no duplicate/range check)",
                            unchecked_rate, BULK, anchor, anchor_rate, anchor_note, same))
    rows.append(row(f"{title}, int64, n_jobs=1", int64_rate, BULK))
    for n_jobs, parallel_rate in parallel_rates.items():
        rows.append(point(row(f"{title}, uint8, n_jobs={n_jobs}", parallel_rate, BULK), SERIES_BULK, threads=n_jobs))
    return rows


# --- (b) census --------------------------------------------------------------------------------


def bench_census(anchor: _anchor.Anchor) -> list[dict[str, Any]]:
    _log("census(7)")
    result = census(7)
    assert result.total == ALL_7_CARD_HANDS, result.total
    seconds = best_of(lambda: census(7))
    name = f"`census(7)`: all {ALL_7_CARD_HANDS:,} 7-card hands, category histogram, one thread"
    what = "every hand in nested C loops, one thread"
    if anchor.library is None:
        rows = [_anchor_row(name, seconds, "s", anchor, None, anchor.problem, what)]
    else:
        _log(f"C anchor census (best of {CENSUS_REPEAT} after a checked run)")
        counts = anchor.census()
        ours = [result.counts[category] for category in Category]
        note = ""
        if counts.tolist() != ours:
            note = f"DISAGREES: category counts {counts.tolist()} against showdown's {ours}"
            _log(f"C anchor census: {note}")
        anchor_seconds = best_of(anchor.census, repeat=CENSUS_REPEAT, warmup=False)
        rows = [_anchor_row(name, seconds, "s", anchor, anchor_seconds, note,
                            f"{what} (best of {CENSUS_REPEAT})")]
    return rows + [
        reference(name, seconds, "s", "fastest C++ evaluator measured on this machine, census", CPP_CENSUS_REFERENCE,
                  ELSEWHERE),
        reference(name, seconds, "s", "a naive numba loop over every hand", NUMBA_NAIVE_CENSUS_REFERENCE, ELSEWHERE),
    ]


# --- (c) one call a hand -----------------------------------------------------------------------


def distinct_hands(n: int, seed: int) -> np.ndarray:
    """``n`` random 7-card hands (rows of card ids in dealt order), no two rows alike, so no two
    texts alike either."""
    extra = n // 100 + 16
    while True:
        ids = random_hands(n + extra, seed)
        _, first = np.unique(ids.view(np.dtype((np.void, 7))).ravel(), return_index=True)
        if len(first) >= n:
            return ids[np.sort(first)[:n]]
        extra *= 4


def _pass_rate(
    loop: Callable[[list[Any]], Any], convert: Callable[[np.ndarray], list[Any]], warm: np.ndarray,
    passes: list[np.ndarray], fixed: bool,
) -> tuple[float, int]:
    """(calls per second, hands a pass): the best of one pass over each block of ``passes``,
    each converted to the library's input just before its pass (not timed) and seen once, after
    an untimed pass over ``warm``. Unless ``fixed``, a slow library gets a prefix of each block,
    sized on ``warm`` so a pass lasts about TARGET_SECONDS."""
    if fixed:
        n = len(passes[0])
    else:

        def timer(k: int) -> float:
            items = convert(warm[:k])
            start = time.perf_counter()
            loop(items)
            return time.perf_counter() - start

        n = size_for(timer, min(1_000, len(warm)), len(passes[0]), TARGET_SECONDS)
    loop(convert(warm))
    best = float("inf")
    for block in passes:
        items = convert(block[:n])
        start = time.perf_counter()
        loop(items)
        best = min(best, time.perf_counter() - start)
        del items
    return n / best, n


def _call_row(
    name: str, ours: float, peer_cls: type[Peer], warm: np.ndarray, passes: list[np.ndarray], values: np.ndarray,
    fixed: bool, how: str = "",
) -> dict[str, Any]:
    """A row comparing showdown's one-call-a-hand rate with a peer's on the same distinct hands."""
    peer = _load_peer(peer_cls)
    label = f"{peer_cls.name}{how}"
    if peer is None:
        return row(name, ours, CALLS, label, None, NOT_INSTALLED)
    try:
        check = min(N_CHECK, len(passes[0]))
        theirs = peer.values(peer.convert(passes[0][:check]))
        agrees = _agrees(values[:check], theirs, peer.higher_is_better)
        rate, n = _pass_rate(peer.loop, peer.convert, warm, passes, fixed)
    except BaseException as error:  # noqa: BLE001 - a broken peer is reported, the run goes on
        return _failed_row(name, ours, CALLS, peer_cls, error)
    note = "" if agrees else f"DISAGREES with showdown on the first {check:,} hands"
    if not agrees:
        _log(f"{peer_cls.__name__}: {note}")
    return row(name, ours, CALLS, f"{label}, {n:,} distinct hands a pass", rate / 1e6, note)


def bench_single() -> list[dict[str, Any]]:
    _log(f"{REPEAT} passes of {N_STRINGS:,} distinct random hands (and {N_WARM:,} to warm up)")
    ids = distinct_hands(N_WARM + REPEAT * N_STRINGS, SEED + 1)
    warm = ids[:N_WARM]
    passes = [ids[N_WARM + k * N_STRINGS : N_WARM + (k + 1) * N_STRINGS] for k in range(REPEAT)]
    values = evaluate_many(passes[0][:N_CHECK], n_jobs=1)

    def parsed(block: np.ndarray) -> list[Any]:
        return [tuple(CARDS[i] for i in hand) for hand in block.tolist()]

    def spaced(block: np.ndarray) -> list[Any]:
        return texts(block, " ")

    def packed(block: np.ndarray) -> list[Any]:
        return texts(block, "")

    def loop(hands: list[Any]) -> list[Any]:
        return [evaluate(hand) for hand in hands]

    def value_loop(hands: list[Any]) -> list[Any]:
        return [hand_value(hand) for hand in hands]

    rates = {}
    value_rates = {}
    for form, convert in (("parsed", parsed), ("spaced", spaced), ("packed", packed)):
        check = convert(passes[0][:N_CHECK])
        assert [evaluate(hand).value for hand in check] == values.tolist(), form
        assert [hand_value(hand) for hand in check] == values.tolist(), form
        _log(f"evaluate({form})")
        rates[form], _ = _pass_rate(loop, convert, warm, passes, fixed=True)
        _log(f"hand_value({form})")
        value_rates[form], _ = _pass_rate(value_loop, convert, warm, passes, fixed=True)

    a_pass = f"one call a hand, {N_STRINGS:,} distinct hands a pass"
    parsed_name = f"`evaluate(cards)`, a tuple of 7 parsed showdown Cards, {a_pass}"
    spaced_name = f'`evaluate("As Kd 7h 2c 3d 4s 5h")`, spaced text, {a_pass}'
    packed_name = f'`evaluate("AsKd7h2c3d4s5h")`, packed text, {a_pass}'
    rows = []
    for name, form, peer_cls, fixed, how in (
        (parsed_name, "parsed", Eval7, True, " on its own Card objects"),
        (parsed_name, "parsed", Treys, False, ""),
        (packed_name, "packed", HoldemHandEvaluator, True, ", the same packed strings"),
        (spaced_name, "spaced", HoldemHandEvaluator, True, ", the same hands packed (it reads no spaces)"),
        (spaced_name, "spaced", PhEvaluatorStrings, False, ", the same hands as seven strings"),
    ):
        _log(f"one-call peer {peer_cls.__name__}")
        rows.append(_call_row(name, rates[form] / 1e6, peer_cls, warm, passes, values, fixed, how))
    for name, form, peer_cls, how in (
        (f'`hand_value("AsKd7h2c3d4s5h")`, the bare int, packed text, {a_pass}', "packed", HoldemHandEvaluator,
         ", the same packed strings"),
        (f'`hand_value("As Kd 7h 2c 3d 4s 5h")`, the bare int, spaced text, {a_pass}', "spaced", HoldemHandEvaluator,
         ", the same hands packed (it reads no spaces)"),
        (f"`hand_value(cards)`, the bare int, a tuple of 7 parsed showdown Cards, {a_pass}", "parsed", Eval7,
         " on its own Card objects"),
    ):
        _log(f"one-call peer {peer_cls.__name__} for hand_value")
        rows.append(_call_row(name, value_rates[form] / 1e6, peer_cls, warm, passes, values, True, how))
    return rows


# --- (d) import and first call -----------------------------------------------------------------

FIRST_CALL = """
import time
import numpy as np
import showdown
ids = (np.arange(7 * 64) % 52).astype(np.uint8).reshape(64, 7)  # seven consecutive ids a row
start = time.perf_counter()
showdown.evaluate_many(ids)
print(time.perf_counter() - start)
"""

FIRST_ANSWERS = (
    # (what the user calls, the target from the project's goals in seconds, the statement)
    ("`evaluate('As Kd 7h 7c 2s 3d 9c')`", 3.0, "showdown.evaluate('As Kd 7h 7c 2s 3d 9c')"),
    ("`showdown(['As Ks', 'Qd Qh'], 'Kd 7h 2s 3d 9c')`", 3.0,
     "showdown.showdown('Kd 7h 2s 3d 9c', ['As Ks', 'Qd Qh'])"),
    ("`equity(['As Ks', 'Qd Qh'])` (exact, preflop)", 5.0, "showdown.equity(['As Ks', 'Qd Qh'])"),
    ("`equity(['As Ks', 'random'], 'Kd 7h 2s')` (exact, by runouts)", 5.0,
     "showdown.equity(['As Ks', 'random'], 'Kd 7h 2s')"),
    ("`equity(['As Ks', 'random', 'random'], exact=False)` (Monte Carlo)", 5.0,
     "showdown.equity(['As Ks', 'random', 'random'], exact=False, trials=10_000)"),
)
"""The first answer of each capability after install: a fresh interpreter, an empty cache."""

FIRST_ANSWER = """
import time
start = time.perf_counter()
import showdown
{statement}
print(time.perf_counter() - start)
"""

IMPORTS = (
    ("phevaluator", "from phevaluator import evaluate_cards"),
    ("eval7", "import eval7"),
    ("treys", "from treys import Evaluator"),
    ("pokerkit", "from pokerkit import StandardHighHand"),
)


def _wall(args: list[str], env: Optional[dict[str, str]] = None) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _import_seconds(statement: str) -> float:
    """Best wall time of ``python -c statement`` in a fresh interpreter."""
    return best_of(lambda: _wall([python(), "-c", statement]))


def _first_call(cache_dir: str) -> float:
    """Seconds of the first ``evaluate_many`` call in a fresh interpreter with this cache."""
    env = dict(os.environ, SHOWDOWN_CACHE_DIR=cache_dir)
    out = subprocess.run([python(), "-c", FIRST_CALL], env=env, check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def _installed(module: str) -> bool:
    try:
        __import__(module)
        return True
    except ImportError:
        return False


def bench_startup() -> list[dict[str, Any]]:
    _log("import time (subprocesses)")
    subprocess.run([python(), "-c", FIRST_CALL], check=True, stdout=subprocess.DEVNULL)  # cache warm
    ours = _import_seconds("import showdown")
    name = '`python -c "import showdown"`, wall time (warm numba cache)'
    rows = [row(name, ours, "s", "`python -c pass` (bare interpreter)", _import_seconds("pass"))]
    for module, statement in IMPORTS:
        if _installed(module):
            rows.append(row(name, ours, "s", f'`python -c "{statement}"`', _import_seconds(statement)))
        else:
            rows.append(row(name, ours, "s", module, None, NOT_INSTALLED))

    _log(f"first evaluate_many call, empty cache (x{COLD_REPEAT}) and warm cache (x{REPEAT})")
    cold = float("inf")
    warm = float("inf")
    for repetition in range(COLD_REPEAT):
        with tempfile.TemporaryDirectory(prefix="showdown-bench-cache-") as cache_dir:
            cold = min(cold, _first_call(cache_dir))
            if repetition == COLD_REPEAT - 1:  # the cache the cold call just filled, now warm
                _first_call(cache_dir)  # warm-up
                warm = min(_first_call(cache_dir) for _ in range(REPEAT))
    rows.append(row("first `evaluate_many` call, fresh empty SHOWDOWN_CACHE_DIR (numba compile)", cold, "s"))
    rows.append(row("first `evaluate_many` call, warm cache (numba import + cache load)", warm, "s"))

    _log(f"first answers after install, import included, empty cache (x{COLD_REPEAT})")
    for name, target, statement in FIRST_ANSWERS:
        seconds = float("inf")
        for _ in range(COLD_REPEAT):
            with tempfile.TemporaryDirectory(prefix="showdown-bench-cache-") as cache_dir:
                env = dict(os.environ, SHOWDOWN_CACHE_DIR=cache_dir)
                out = subprocess.run([python(), "-c", FIRST_ANSWER.format(statement=statement)], env=env,
                                     check=True, capture_output=True, text=True)
                seconds = min(seconds, float(out.stdout.strip().splitlines()[-1]))
        rows.append(row(f"first answer after install: {name}, fresh interpreter, empty cache, import included",
                        seconds, "s", f"the target: at most {target:g} s", target))
    return rows


# --- entry points ------------------------------------------------------------------------------


def run() -> list[dict[str, Any]]:
    """Every benchmark of this module, as rows (see ``_harness.row``)."""
    _log(f"showdown {showdown.__version__}, best of {REPEAT} after a warm-up")
    _log("C anchor: phevaluator's C source from PyPI, compiled here (or reused from benchmarks/.anchor/)")
    anchor = _anchor.build()
    _log(f"  {anchor.problem or anchor.label}")
    return (
        tagged(bench_bulk(anchor), "evaluate-many")
        + tagged(bench_census(anchor), "census")
        + tagged(bench_single(), "evaluate-call")
        + tagged(bench_startup(), "import")
    )


def main() -> None:
    print(format_table(run()))
    print()
    print(RATIO_NOTE)


if __name__ == "__main__":
    main()
