"""Hand evaluation: showdown against its peers (phevaluator, eval7, treys, pokerkit), in one run.

    .venv/bin/python benchmarks/bench_evaluate.py

Every figure is the best of ``REPEAT`` repetitions after a warm-up call (``time.perf_counter``).
All libraries see the same seeded random 7-card hands, each in its own pre-parsed card form;
peers that run a Python loop get a subset sized so one repetition lasts about
``TARGET_SECONDS``. Peer answers are checked against showdown's on the hands they evaluated
(same order of strength, same ties); a disagreement is flagged in the table.

Sections: (a) bulk ``evaluate_many`` on 10M hands (one thread against the peers, then every
thread count of ``thread_counts()`` for the scaling chart), (b) ``census(7)`` over all
133,784,560 hands, (c) single ``evaluate`` calls, (d) import time and the first call's numba
compilation.
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
import showdown  # noqa: E402
from _harness import (  # noqa: E402
    RATIO_NOTE,
    REPEAT,
    best_of,
    format_table,
    point,
    python,
    row,
    size_for,
    tagged,
    thread_counts,
)
from showdown import CARDS, census, evaluate, evaluate_many  # noqa: E402

SEED = 20240601
N_BULK = 10_000_000
N_PHEVAL = 200_000
N_SINGLE = 10_000
TARGET_SECONDS = 0.4
"""One repetition of a Python-loop benchmark lasts about this long (x REPEAT + warm-up)."""
N_CHECK = 2_000
"""Peer answers compared with showdown's on at most this many hands."""
COLD_REPEAT = 3
"""Cold-cache first calls (each compiles from scratch in a fresh cache directory)."""

ALL_7_CARD_HANDS = 133_784_560
CPP_BULK_REFERENCE = 154.0  # M hands/s: fastest C++ evaluator measured on this machine, random 7-card
CPP_CENSUS_REFERENCE = 0.19  # s: C++ best, all 7-card hands with a category histogram
NUMBA_NAIVE_CENSUS_REFERENCE = 0.59  # s: a naive numba loop over all 7-card hands

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


def _load_peer(cls: type[Peer]) -> Optional[Peer]:
    try:
        return cls()
    except ImportError:
        return None


# --- timing ------------------------------------------------------------------------------------


def _cycled(items: list[Any], n: int) -> list[Any]:
    """The first ``n`` items of ``items`` repeated."""
    return (items * -(-n // len(items)))[:n]


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
    cycle: bool = False,
    probe: int = 1_000,
) -> dict[str, Any]:
    """A row comparing ``ours`` with a peer's Python loop over (a subset of) ``ids``."""
    peer = _load_peer(peer_cls)
    if peer is None:
        return row(name, ours, unit, peer_cls.name, None, NOT_INSTALLED)
    try:
        check = min(N_CHECK, len(ids))
        agrees = _agrees(ours_values[:check], peer.values(peer.convert(ids[:check])), peer.higher_is_better)
        if cycle:  # cycle through the given hands, converted once
            converted = peer.convert(ids)

            def make(n: int) -> list[Any]:
                return _cycled(converted, n)

            limit = 10**9
        else:  # a prefix of the given hands

            def make(n: int) -> list[Any]:
                return peer.convert(ids[:n])

            limit = len(ids)
        if fixed is not None:
            items = make(fixed)
            rate, n = fixed / best_of(lambda: peer.loop(items)), fixed
        else:
            rate, n = _loop_rate(peer.loop, make, probe, limit)
    except Exception as error:  # noqa: BLE001 - a broken peer is reported, the run goes on
        _log(f"{peer_cls.__name__} failed: {error!r}")
        return row(name, ours, unit, peer_cls.name, None, f"failed: {type(error).__name__}: {error}")
    note = "" if agrees else f"DISAGREES with showdown on the first {check:,} hands"
    if not agrees:
        _log(f"{peer_cls.__name__}: {note}")
    what = "calls" if cycle else "hands"
    return row(name, ours, unit, f"{peer_cls.name}, {n:,} {what}", rate / 1e6, note)


# --- (a) bulk ----------------------------------------------------------------------------------


def bench_bulk() -> list[dict[str, Any]]:
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

    name = f"{title}, uint8, n_jobs=1"
    rows = [
        point(
            row(
                name,
                uint8_rate,
                BULK,
                "fastest C++ evaluator measured on this machine: ~154 M/s random 7-card",
                CPP_BULK_REFERENCE,
                "reference, not run",
            ),
            SERIES_BULK,
            threads=1,
        ),
    ]
    for peer_cls, fixed, probe in (
        (PhEvaluatorC, N_PHEVAL, 0),
        (Eval7, None, 20_000),
        (Treys, None, 2_000),
        (PokerKit, None, 200),
    ):
        _log(f"bulk peer {peer_cls.__name__}")
        rows.append(_peer_row(name, uint8_rate, BULK, peer_cls, hands, values, fixed=fixed, probe=probe))
    rows.append(
        row(
            f"{title}, uint8, n_jobs=1, `out=` a reused buffer",
            reused_rate,
            BULK,
            "fastest C++ evaluator measured on this machine: ~154 M/s random 7-card",
            CPP_BULK_REFERENCE,
            "reference, not run",
        )
    )
    rows.append(
        row(
            f"{title}, uint8, n_jobs=1, `check=False` (trusted rows, no duplicate/range check)",
            unchecked_rate,
            BULK,
            "fastest C++ evaluator measured on this machine: ~154 M/s random 7-card",
            CPP_BULK_REFERENCE,
            "reference, not run",
        )
    )
    rows.append(row(f"{title}, int64, n_jobs=1", int64_rate, BULK))
    for n_jobs, parallel_rate in parallel_rates.items():
        rows.append(point(row(f"{title}, uint8, n_jobs={n_jobs}", parallel_rate, BULK), SERIES_BULK, threads=n_jobs))
    return rows


# --- (b) census --------------------------------------------------------------------------------


def bench_census() -> list[dict[str, Any]]:
    _log("census(7)")
    result = census(7)
    assert result.total == ALL_7_CARD_HANDS, result.total
    seconds = best_of(lambda: census(7))
    name = f"`census(7)`: all {ALL_7_CARD_HANDS:,} 7-card hands, category histogram"
    return [
        row(name, seconds, "s", "C++ best on this machine", CPP_CENSUS_REFERENCE, "reference, not run"),
        row(name, seconds, "s", "naive numba loop", NUMBA_NAIVE_CENSUS_REFERENCE, "reference, not run"),
    ]


# --- (c) single calls --------------------------------------------------------------------------


def bench_single() -> list[dict[str, Any]]:
    ids = random_hands(N_SINGLE, seed=SEED + 1)
    values = evaluate_many(ids, n_jobs=1)
    parsed = [tuple(CARDS[i] for i in hand) for hand in ids.tolist()]
    texts = [" ".join(TEXT[i] for i in hand) for hand in ids.tolist()]
    assert [evaluate(hand).value for hand in parsed[:N_CHECK]] == values[:N_CHECK].tolist()
    assert [evaluate(text).value for text in texts[:N_CHECK]] == values[:N_CHECK].tolist()

    def loop(hands: list[Any]) -> list[Any]:
        return [evaluate(hand) for hand in hands]

    _log("evaluate(parsed cards)")
    parsed_rate, parsed_n = _loop_rate(loop, lambda n: _cycled(parsed, n), 10_000, 10**9)
    _log("evaluate(text)")
    text_rate, text_n = _loop_rate(loop, lambda n: _cycled(texts, n), 10_000, 10**9)

    parsed_name = f"`evaluate(cards)`, tuple of 7 parsed Cards ({N_SINGLE:,} hands cycled, {parsed_n:,} calls)"
    text_name = f'`evaluate("As Kd 7h ...")` from a string ({N_SINGLE:,} hands cycled, {text_n:,} calls)'
    rows = []
    for name, rate, peer_cls in (
        (parsed_name, parsed_rate, Eval7),
        (parsed_name, parsed_rate, Treys),
        (text_name, text_rate, PhEvaluatorStrings),
    ):
        _log(f"single-call peer {peer_cls.__name__}")
        rows.append(_peer_row(name, rate / 1e6, CALLS, peer_cls, ids, values, cycle=True, probe=10_000))
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
    return rows


# --- entry points ------------------------------------------------------------------------------


def run() -> list[dict[str, Any]]:
    """Every benchmark of this module, as rows (see ``_harness.row``)."""
    _log(f"showdown {showdown.__version__}, best of {REPEAT} after a warm-up")
    return (
        tagged(bench_bulk(), "evaluate-many")
        + tagged(bench_census(), "census")
        + tagged(bench_single(), "evaluate-call")
        + tagged(bench_startup(), "import")
    )


def main() -> None:
    print(format_table(run()))
    print()
    print(RATIO_NOTE)


if __name__ == "__main__":
    main()
