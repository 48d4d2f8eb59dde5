"""Hold'em equity: showdown's ``equity()`` against eval7, pokerkit and holdem-hand-evaluator, in one run.

    .venv/bin/python benchmarks/bench_equity.py

Every showdown figure is the best of ``REPEAT`` repetitions after a warm-up call
(``time.perf_counter``); Monte Carlo runs are sized so one repetition lasts about
``MC_TARGET_SECONDS``. Peers whose single run lasts seconds (eval7's Python loop over every
board, pokerkit's sampler) run at most ``SLOW_REPEAT`` times; their first run is also the
correctness check. Every ratio divides two figures of this run. Figures measured outside this
run on this machine (the best C++ calculator, a plain numba loop) are quoted for orientation,
marked "reference, not run" with where they come from, and never divided by. The targets in
the row names are the project's.

Correctness is checked lightly in the same run: eval7's exact enumeration must agree with
showdown's exact equity to 1e-9, Monte Carlo answers must lie within a few standard errors of
the exact ones, and every-hand-against-every-hand must come out at exactly one half each.
holdem-hand-evaluator's ``calculate_equity`` answers the share of deals its hand is not beaten
in (wins and ties of any size), against random hands only: it is checked against the exact win
plus tie share of the same spot (heads-up they agree; three-way its answer, 0.736 for AsAh,
lies between the exact equity, 0.7344, and that share, 0.7377, and the row says so). A
disagreement is written into the row's note, not raised. Its Monte Carlo runs on a thread pool
of its own on every core, so showdown's does too in those rows, and the two take turns: each
figure is the best of ``REPEAT`` runs timed alternately, one of showdown's then one of its,
since this machine's speed can drift by a third within a minute.

Sections: (a) exact enumeration with fixed hands and small ranges, (b) every hand against every
hand, guarded (see below), (c) Monte Carlo trials per second (fixed hands against eval7 and
pokerkit; AsAh against one and two random hands against holdem-hand-evaluator). The heads-up and three-way exact
rows and the three-way Monte Carlo rows run on every thread count of ``thread_counts()`` (1 and
2 at least): the points of the scaling chart.

Every hand against every hand (``equity(["random", "random"], exact=True)``, 2.78e12 cases)
runs once in a child process that is stopped at ``SHOWDOWN_BENCH_RANDOM_LIMIT`` seconds
(default 120, 5 in a quick run); a run stopped there is reported as such. A quick run
(``SHOWDOWN_BENCH_QUICK=1``) leaves out eval7's preflop loops over every board (seconds each).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))
import showdown  # noqa: E402
from _harness import (  # noqa: E402
    RATIO_NOTE,
    REPEAT,
    best_of,
    best_of_each,
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
from showdown import Range, equity  # noqa: E402

SEED = 20240601
MC_TARGET_SECONDS = quick(0.5, 0.1)
"""One repetition of a Monte Carlo benchmark lasts about this long (x REPEAT + warm-up)."""
SLOW_REPEAT = quick(2, 1)
"""Peer runs lasting seconds each: the best of at most this many (the first is also the check)."""
EXACT_TOLERANCE = 1e-9
MC_SIGMAS = 5.0
"""A Monte Carlo equity further than this many standard errors from the exact one is flagged."""
POKERKIT_SAMPLES = quick(2_000, 200)
EVAL7_MC_PROBE = quick(200_000, 50_000)
HHE_MC_PROBE = quick(200_000, 50_000)
HHE_MAX_TRIALS = 2**31 - 1
"""holdem-hand-evaluator counts trials in a 32-bit int."""

RANDOM_LIMIT_ENV = "SHOWDOWN_BENCH_RANDOM_LIMIT"
DEFAULT_RANDOM_LIMIT = quick(120.0, 5.0)  # s
STARTUP_MARGIN = 10.0
"""Seconds the child process gets beyond the limit for the import and the kernel's first load."""

TEXT = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
BOARDS_PREFLOP = math.comb(48, 5)  # 1,712,304 boards once two hands are dealt
RANDOM_VS_RANDOM_CASES = 1326 * math.comb(50, 2) * BOARDS_PREFLOP  # compatible pairs x boards

# Measured on this machine outside this run: quoted for orientation, never run here, never divided by.
CPP_HEADS_UP_MS = 1.65  # AsAh vs KsKh: suit symmetry leaves 119,625 distinct boards
CPP_AKS_QQ_MS = 6.6
CPP_RANDOM_S = 145.0
NUMBA_LOOP_HEADS_UP_MS = 12.9  # a plain numba loop over every board
NUMBA_LOOP_MC_3WAY = 8.0  # M trials/s, one core
ELSEWHERE = "measured on this machine outside this run"
PREFLOP_PAGE = f"{ELSEWHERE} (docs/how/preflop-equity.md)"
MONTE_CARLO_PAGE = f"{ELSEWHERE} (docs/how/monte-carlo.md)"

CPP = "best C++ calculator, built and run on this machine"
NUMBA_LOOP = "plain numba loop over every board, this machine"
NUMBA_MC_LOOP = "plain numba loop over random deals, this machine, one core"
NOT_INSTALLED = "not installed"
QUICK_SKIP = "not run in a quick smoke run (seconds a run)"
MS = "ms"
SECONDS = "s"
TRIALS = "M trials/s"

HEADS_UP = ["AsAh", "KsKh"]
AKS_QQ = ["AsKs", "QQ"]
THREE_WAY = ["AsAh", "KsKh", "QdJd"]
FLOP_HANDS = ["AcAd", "KhKs"]
FLOP = "2c 7d 9h"
HERO = "AsAh"
RANDOM_SPOTS = ((1, "heads-up"), (2, "three-way"))
"""AsAh against this many random hands: the spots holdem-hand-evaluator can compute."""

SERIES_HEADS_UP = "exact `equity(['AsAh', 'KsKh'])`, heads-up preflop"
SERIES_THREE_WAY = "exact `equity(['AsAh', 'KsKh', 'QdJd'])`, three-way preflop"
SERIES_MC = "Monte Carlo `equity(['AsAh', 'KsKh', 'QdJd'])`, three-way preflop"


def _log(message: str) -> None:
    print(f"[bench_equity] {message}", file=sys.stderr, flush=True)


def _call(players: Sequence[str], board: str = "", **options: Any) -> showdown.EquityResult:
    return equity(list(players), board, **options)


def _exact_seconds(players: Sequence[str], board: str = "", n_jobs: Optional[int] = 1) -> tuple[float, Any]:
    """(best seconds of an exact call, its result)."""
    result = _call(players, board, exact=True, n_jobs=n_jobs)
    return best_of(lambda: _call(players, board, exact=True, n_jobs=n_jobs)), result


def _slow_best(fn: Callable[[], Any], repeat: int = SLOW_REPEAT) -> tuple[float, Any]:
    """(best seconds of ``repeat`` calls, the first call's answer): no separate warm-up."""
    best = math.inf
    answer = None
    for i in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
        if i == 0:
            answer = out
    return best, answer


def _equity_text(values: Sequence[float]) -> str:
    return "/".join(f"{v:.6f}" for v in values)


def _exact_note(ours: Sequence[float], theirs: Sequence[float]) -> str:
    worst = max(abs(a - b) for a, b in zip(ours, theirs, strict=True))
    if worst <= EXACT_TOLERANCE:
        return ""
    _log(f"exact equity DISAGREES: showdown {_equity_text(ours)}, peer {_equity_text(theirs)}")
    return f"DISAGREES: showdown {_equity_text(ours)}, peer {_equity_text(theirs)}"


def _sampled_note(estimate: Sequence[float], exact: Sequence[float], stderr: Sequence[float], who: str) -> str:
    """'' when every estimate lies within MC_SIGMAS standard errors of the exact equity."""
    for e, x, s in zip(estimate, exact, stderr, strict=True):
        if abs(e - x) > MC_SIGMAS * s + 1e-6:
            _log(f"{who} Monte Carlo is off: {_equity_text(estimate)} against exact {_equity_text(exact)}")
            return f"OFF: {who} {_equity_text(estimate)} against exact {_equity_text(exact)}"
    return ""


def _failed(error: BaseException, who: str) -> str:
    _log(f"{who} failed: {error!r}")
    return f"failed: {type(error).__name__}: {error}"


# --- eval7: its evaluator in a Python loop over every board; its own heads-up Monte Carlo ----------


class Eval7Loop:
    """Exact equity with eval7: ``eval7.evaluate`` on every board in a Python loop.

    eval7 0.1.x has no preflop or flop enumeration of its own: ``py_hand_vs_range_exact``
    treats the board it is given as complete (on an empty board it answers 1.0 for AsAh against
    KsKh), so the loop is the way to ask eval7 for an exact answer before the river."""

    name = "eval7 `evaluate()` in a Python loop over every board"

    def __init__(self) -> None:
        import eval7

        self.evaluate = eval7.evaluate
        self.cards = {text: eval7.Card(text) for text in TEXT}

    def _cards(self, text: str) -> tuple[Any, ...]:
        compact = text.replace(" ", "")
        return tuple(self.cards[compact[i : i + 2]] for i in range(0, len(compact), 2))

    def heads_up(self, hero: str, villains: Sequence[str], board: str = "") -> list[float]:
        """Equity of ``hero`` against each villain combo in turn (all weighing one), every board."""
        evaluate = self.evaluate
        known = self._cards(board)
        mine = self._cards(hero)
        wins = ties = total = 0
        for villain_text in villains:
            theirs = self._cards(villain_text)
            used = set(known) | set(mine) | set(theirs)
            if len(used) < len(known) + 4:
                continue  # villain's combo shares a card with hero or the board
            deck = [card for card in self.cards.values() if card not in used]
            for drawn in itertools.combinations(deck, 5 - len(known)):
                full = known + drawn
                a = evaluate(mine + full)
                b = evaluate(theirs + full)
                if a > b:
                    wins += 1
                elif a == b:
                    ties += 1
                total += 1
        hero_share = (wins + ties / 2) / total
        return [hero_share, 1.0 - hero_share]

    def multiway(self, hands: Sequence[str], board: str = "") -> list[float]:
        """Equity of each fixed hand, every board: one evaluate per hand, a tally per winner set."""
        evaluate = self.evaluate
        known = self._cards(board)
        held = [self._cards(hand) for hand in hands]
        used = set(known).union(*held)
        deck = [card for card in self.cards.values() if card not in used]
        tally: Counter[tuple[int, ...]] = Counter()
        for drawn in itertools.combinations(deck, 5 - len(known)):
            full = known + drawn
            values = [evaluate(hand + full) for hand in held]
            top = max(values)
            tally[tuple(i for i, v in enumerate(values) if v == top)] += 1
        total = sum(tally.values())
        shares = [0.0] * len(hands)
        for winners, count in tally.items():
            for i in winners:
                shares[i] += count / len(winners)
        return [share / total for share in shares]


def _combos(text: str) -> list[str]:
    """The combos of a showdown range, as 'AsKs' strings."""
    return [f"{high}{low}" for (high, low), _ in Range(text)]


def _eval7_exact_row(
    name: str, ours_ms: float, ours: Sequence[float], players: Sequence[str], board: str = "",
    repeat: int = SLOW_REPEAT, warm: bool = False,
) -> dict[str, Any]:
    try:
        loop = Eval7Loop()
    except ImportError:
        return row(name, ours_ms, MS, Eval7Loop.name, None, NOT_INSTALLED)
    if not warm and quick(False, True):
        return row(name, ours_ms, MS, Eval7Loop.name, None, QUICK_SKIP)
    try:
        if len(players) == 2:
            hero, villain = players

            def run() -> list[float]:
                return loop.heads_up(hero, _combos(villain), board)
        else:

            def run() -> list[float]:
                return loop.multiway(players, board)

        if warm:  # a fast loop: the harness's best of REPEAT after a warm-up
            theirs = run()
            seconds = best_of(run)
            runs = f"best of {REPEAT}"
        else:
            seconds, theirs = _slow_best(run, repeat)
            runs = f"best of {repeat}" if repeat > 1 else "one run"
    except Exception as error:  # noqa: BLE001 - a broken peer is reported, the run goes on
        return row(name, ours_ms, MS, Eval7Loop.name, None, _failed(error, "eval7"))
    return row(name, ours_ms, MS, f"{Eval7Loop.name} ({runs})", seconds * 1e3, _exact_note(ours, theirs))


# --- (a) exact ------------------------------------------------------------------------------------


def bench_exact() -> list[dict[str, Any]]:
    """Exact enumeration rows."""
    rows: list[dict[str, Any]] = []

    _log("heads-up preflop, AsAh vs KsKh, exact, n_jobs=1")
    seconds, result = _exact_seconds(HEADS_UP)
    assert result.total == BOARDS_PREFLOP, result.total
    ms = seconds * 1e3
    name = (
        f"`equity(['AsAh', 'KsKh'], exact=True, n_jobs=1)`: heads-up preflop, {BOARDS_PREFLOP:,} boards "
        "(target ≤ 1.6 ms)"
    )
    rows.append(point(reference(name, ms, MS, f"{CPP} (119,625 suit-distinct boards)", CPP_HEADS_UP_MS,
                                PREFLOP_PAGE), SERIES_HEADS_UP, threads=1))
    rows.append(reference(name, ms, MS, NUMBA_LOOP, NUMBA_LOOP_HEADS_UP_MS, PREFLOP_PAGE))
    _log("  eval7 loop")
    rows.append(_eval7_exact_row(name, ms, result.equity, HEADS_UP))

    for n_jobs in thread_counts(2):
        if n_jobs > 1:
            _log(f"heads-up preflop, AsAh vs KsKh, exact, n_jobs={n_jobs}")
            seconds2, _ = _exact_seconds(HEADS_UP, n_jobs=n_jobs)
            rows.append(point(row(f"`equity(['AsAh', 'KsKh'], exact=True, n_jobs={n_jobs})`", seconds2 * 1e3, MS),
                              SERIES_HEADS_UP, threads=n_jobs))

    _log("hand against range, AsKs vs QQ, exact, n_jobs=1")
    seconds, result = _exact_seconds(AKS_QQ)
    ms = seconds * 1e3
    name = (
        f"`equity(['AsKs', 'QQ'], exact=True, n_jobs=1)`: a hand against 6 combos, {result.total:,} cases "
        "(target ≤ 6 ms)"
    )
    rows.append(reference(name, ms, MS, CPP, CPP_AKS_QQ_MS, ELSEWHERE))
    _log("  eval7 loop (one run)")
    rows.append(_eval7_exact_row(name, ms, result.equity, AKS_QQ, repeat=1))

    for n_jobs in thread_counts(2):
        _log(f"three-way preflop, AsAh vs KsKh vs QdJd, exact, n_jobs={n_jobs}")
        seconds, result = _exact_seconds(THREE_WAY, n_jobs=n_jobs)
        ms = seconds * 1e3
        name = (
            f"`equity(['AsAh', 'KsKh', 'QdJd'], exact=True, n_jobs={n_jobs})`: three-way preflop, "
            f"{result.total:,} boards (target < 1 s)"
        )
        if n_jobs == 1:
            _log("  eval7 loop (one run)")
            rows.append(point(_eval7_exact_row(name, ms, result.equity, THREE_WAY, repeat=1),
                              SERIES_THREE_WAY, threads=1))
        else:
            rows.append(point(row(name, ms, MS), SERIES_THREE_WAY, threads=n_jobs))

    _log("on the flop, AcAd vs KhKs on 2c 7d 9h, exact, n_jobs=1")
    seconds, result = _exact_seconds(FLOP_HANDS, FLOP)
    ms = seconds * 1e3
    name = f"`equity(['AcAd', 'KhKs'], board='{FLOP}', exact=True, n_jobs=1)`: {result.total:,} turns and rivers"
    rows.append(_eval7_exact_row(name, ms, result.equity, FLOP_HANDS, FLOP, warm=True))

    _log("range against range, AA vs KK, exact, all cores")
    seconds, result = _exact_seconds(["AA", "KK"], n_jobs=None)
    name = f"`equity(['AA', 'KK'], exact=True)`: 36 combo pairs, {result.total:,} cases, all cores"
    rows.append(row(name, seconds * 1e3, MS))
    return rows


# --- (b) every hand against every hand ------------------------------------------------------------

RANDOM_SCRIPT = """
import json, time
from showdown import equity
equity(["AsAh", "KsKh"], exact=True)  # the compiled kernels, loaded
equity(["AA", "AA"], exact=True)
start = time.perf_counter()
result = equity(["random", "random"], exact=True)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "equity": list(result.equity), "total": result.total}))
"""


def _random_limit() -> float:
    text = os.environ.get(RANDOM_LIMIT_ENV, "")
    try:
        return float(text) if text else DEFAULT_RANDOM_LIMIT
    except ValueError:
        _log(f"{RANDOM_LIMIT_ENV}={text!r} is not a number of seconds; using {DEFAULT_RANDOM_LIMIT:g}")
        return DEFAULT_RANDOM_LIMIT


def bench_random() -> list[dict[str, Any]]:
    limit = _random_limit()
    name = (
        f"`equity(['random', 'random'], exact=True)`: every hand against every hand, "
        f"{RANDOM_VS_RANDOM_CASES:.3g} cases, all cores, one run (target < 30 s)"
    )
    how = f"limit {limit:g} s"
    _log(f"every hand against every hand: {how} ({RANDOM_LIMIT_ENV})")
    try:
        out = subprocess.run(
            [python(), "-c", RANDOM_SCRIPT], capture_output=True, text=True, timeout=limit + STARTUP_MARGIN, check=True
        )
    except subprocess.TimeoutExpired:
        source = f"{PREFLOP_PAGE}; showdown stopped at the {limit:g} s limit ({RANDOM_LIMIT_ENV})"
        _log(source)
        return [reference(name, None, SECONDS, CPP, CPP_RANDOM_S, source)]
    except subprocess.CalledProcessError as error:
        tail = (error.stderr or "").strip().splitlines()[-1:] or ["?"]
        return [reference(name, None, SECONDS, CPP, CPP_RANDOM_S, f"{PREFLOP_PAGE}; showdown failed: {tail[0]}")]
    answer = json.loads(out.stdout.strip().splitlines()[-1])
    source = PREFLOP_PAGE
    if any(abs(e - 0.5) > EXACT_TOLERANCE for e in answer["equity"]):
        source += f"; WRONG: equity {_equity_text(answer['equity'])}, expected 0.5 each"
        _log(source)
    return [reference(name, answer["seconds"], SECONDS, CPP, CPP_RANDOM_S, source)]


# --- (c) Monte Carlo -----------------------------------------------------------------------------


def _mc_rate(players: Sequence[str], n_jobs: Optional[int]) -> tuple[float, int, Any]:
    """(M trials/s, trials per repetition, the last result) of seeded Monte Carlo calls."""

    def call(n: int) -> Any:
        return _call(players, exact=False, trials=n, seed=SEED, n_jobs=n_jobs)

    call(20_000)  # load the kernel

    def timer(n: int) -> float:
        start = time.perf_counter()
        call(n)
        return time.perf_counter() - start

    n = size_for(timer, 1_000_000, 10**10, MC_TARGET_SECONDS)
    result = call(n)
    return n / best_of(lambda: call(n), warmup=False) / 1e6, n, result


def _pokerkit_row(name: str, ours: float, exact: Sequence[float]) -> dict[str, Any]:
    label = f"pokerkit `calculate_equities(..., sample_count={POKERKIT_SAMPLES:,})`, three-way, one core"
    try:
        from pokerkit import Deck, StandardHighHand, calculate_equities, parse_range
    except ImportError:
        return row(name, ours, TRIALS, label, None, NOT_INSTALLED)
    try:
        ranges = tuple(parse_range(hand) for hand in THREE_WAY)

        def run() -> list[float]:
            return calculate_equities(
                ranges, (), 2, 5, Deck.STANDARD, (StandardHighHand,), sample_count=POKERKIT_SAMPLES
            )

        random.seed(SEED)  # pokerkit samples with the random module's global generator
        seconds, theirs = _slow_best(run)
    except Exception as error:  # noqa: BLE001 - a broken peer is reported, the run goes on
        return row(name, ours, TRIALS, label, None, _failed(error, "pokerkit"))
    stderr = [math.sqrt(max(x * (1 - x), 0.01) / POKERKIT_SAMPLES) for x in exact]
    note = _sampled_note(theirs, exact, stderr, "pokerkit")
    return row(name, ours, TRIALS, f"{label} (best of {SLOW_REPEAT})", POKERKIT_SAMPLES / seconds / 1e6, note)


def _eval7_mc_row(name: str, ours: float, exact: Sequence[float]) -> dict[str, Any]:
    label = "eval7 `py_hand_vs_range_monte_carlo` (heads-up only, one core)"
    try:
        import eval7
    except ImportError:
        return row(name, ours, TRIALS, label, None, NOT_INSTALLED)
    try:
        hero = [eval7.Card(HEADS_UP[0][:2]), eval7.Card(HEADS_UP[0][2:])]
        villain = eval7.HandRange(HEADS_UP[1])

        def run(n: int) -> float:
            return eval7.py_hand_vs_range_monte_carlo(hero, villain, [], n)

        def timer(n: int) -> float:
            start = time.perf_counter()
            run(n)
            return time.perf_counter() - start

        n = size_for(timer, EVAL7_MC_PROBE, 10**9, MC_TARGET_SECONDS)
        estimate = run(n)
        seconds = best_of(lambda: run(n), warmup=False)
    except Exception as error:  # noqa: BLE001 - a broken peer is reported, the run goes on
        return row(name, ours, TRIALS, label, None, _failed(error, "eval7"))
    # eval7 answers a C float (single precision): allow for its rounding too.
    stderr = [math.sqrt(exact[0] * (1 - exact[0]) / n) + 1e-6]
    note = _sampled_note([estimate], exact[:1], stderr, "eval7")
    return row(name, ours, TRIALS, f"{label}, {n:,} trials", n / seconds / 1e6, note)


def bench_monte_carlo(exact_three_way: Sequence[float], exact_heads_up: Sequence[float]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for n_jobs in thread_counts(2):
        _log(f"Monte Carlo, three-way preflop, n_jobs={n_jobs}")
        rate, n, result = _mc_rate(THREE_WAY, n_jobs)
        note = _sampled_note(result.equity, exact_three_way, result.player_stderr, "showdown")
        target = " (target ≥ 20 M/s)" if n_jobs == 2 else ""
        name = (
            f"`equity(['AsAh', 'KsKh', 'QdJd'], exact=False, trials={n:,}, seed=..., n_jobs={n_jobs})`: "
            f"Monte Carlo three-way preflop{target}"
        )
        if note:
            rows.append(row(name, rate, TRIALS, "check against the exact equity", None, note))
        if n_jobs == 1:
            rows.append(point(reference(name, rate, TRIALS, NUMBA_MC_LOOP, NUMBA_LOOP_MC_3WAY, MONTE_CARLO_PAGE),
                              SERIES_MC, threads=1))
            _log("  pokerkit")
            rows.append(_pokerkit_row(name, rate, exact_three_way))
        else:
            rows.append(point(row(name, rate, TRIALS), SERIES_MC, threads=n_jobs))

    _log("Monte Carlo, heads-up preflop, n_jobs=1")
    rate, n, result = _mc_rate(HEADS_UP, 1)
    name = (
        f"`equity(['AsAh', 'KsKh'], exact=False, trials={n:,}, seed=..., n_jobs=1)`: Monte Carlo heads-up preflop"
    )
    note = _sampled_note(result.equity, exact_heads_up, result.player_stderr, "showdown")
    if note:
        rows.append(row(name, rate, TRIALS, "check against the exact equity", None, note))
    _log("  eval7")
    rows.append(_eval7_mc_row(name, rate, exact_heads_up))
    return rows + bench_random_opponents()


# --- (d) Monte Carlo against random hands: holdem-hand-evaluator ----------------------------------


HHE_LABEL = ("holdem-hand-evaluator `calculate_equity('As Ah', '', {opponents}, trials)` (Rust, unseeded, its own"
             " thread pool on every core)")
"""Its Monte Carlo runs on a rayon pool of a thread a core (seen: two more threads in the process on
this 2-core machine), so showdown is measured on every core too, n_jobs=None."""


def _not_beaten(result: showdown.EquityResult) -> float:
    """The hero's share of deals won or tied: what holdem-hand-evaluator's equity counts."""
    return result.win[0] + result.tie[0]


def _hhe_row(name: str, players: Sequence[str], n_ours: int, ours: float, expected: float) -> dict[str, Any]:
    """holdem-hand-evaluator's Monte Carlo on AsAh against the random hands of ``players``, sized
    so a run lasts about MC_TARGET_SECONDS, timed taking turns with showdown's run of ``n_ours``
    deals (whose rate then replaces ``ours``, measured alone before); its estimate checked
    against ``expected`` (the exact share of deals in which the hero is not beaten)."""
    opponents = len(players) - 1
    label = HHE_LABEL.format(opponents=opponents)
    try:
        from holdem_hand_evaluator import calculate_equity
    except ImportError:
        return row(name, ours, TRIALS, label, None, NOT_INSTALLED)
    hero = " ".join((HERO[:2], HERO[2:]))  # it splits its cards on spaces

    def run(n: int) -> float:
        return float(calculate_equity(hero, "", opponents, n))

    def timer(n: int) -> float:
        start = time.perf_counter()
        run(n)
        return time.perf_counter() - start

    try:
        n = size_for(timer, HHE_MC_PROBE, HHE_MAX_TRIALS, MC_TARGET_SECONDS)
        estimate = run(n)
        ours_seconds, seconds = best_of_each(
            lambda: _call(players, exact=False, trials=n_ours, seed=SEED), lambda: run(n))
        ours = n_ours / ours_seconds / 1e6
    except BaseException as error:  # noqa: BLE001 - a Rust panic is a BaseException; reported, the run goes on
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return row(name, ours, TRIALS, label, None, _failed(error, "holdem-hand-evaluator"))
    # It answers a single-precision float: allow for its rounding too.
    stderr = [math.sqrt(expected * (1 - expected) / n) + 1e-6]
    note = _sampled_note([estimate], [expected], stderr, "holdem-hand-evaluator")
    return row(name, ours, TRIALS, f"{label}, {n:,} trials", n / seconds / 1e6, note)


def bench_random_opponents() -> list[dict[str, Any]]:
    """AsAh against one and two random hands, every core: showdown's Monte Carlo against
    holdem-hand-evaluator's (whose only spots are a hand against random hands, on its own pool of
    a thread a core)."""
    rows: list[dict[str, Any]] = []
    for opponents, spot in RANDOM_SPOTS:
        players = [HERO] + ["random"] * opponents
        _log(f"Monte Carlo, {HERO} against {opponents} random hand(s), every core")
        rate, n, result = _mc_rate(players, None)
        name = (
            f"`equity({players}, exact=False, trials={n:,}, seed=...)`: Monte Carlo {spot} preflop, every core, "
            f"{HERO} against random hands"
        )
        # the exact answer, the oracle of both: a second away heads-up, some seconds three-way
        exact = _call(players, exact=True)
        note = _sampled_note(result.equity, exact.equity, result.player_stderr, "showdown")
        if note:
            rows.append(row(name, rate, TRIALS, "check against the exact equity", None, note))
        _log("  holdem-hand-evaluator")
        rows.append(_hhe_row(name, players, n, rate, _not_beaten(exact)))
    return rows


# --- entry points ---------------------------------------------------------------------------------


def run() -> list[dict[str, Any]]:
    """Every benchmark of this module, as rows (see ``_harness.row``)."""
    _log(f"showdown {showdown.__version__}, best of {REPEAT} after a warm-up")
    exact_rows = tagged(bench_exact(), "exact-equity")
    exact_three_way = _call(THREE_WAY, exact=True).equity
    exact_heads_up = _call(HEADS_UP, exact=True).equity
    return (
        exact_rows
        + tagged(bench_random(), "exact-equity")
        + tagged(bench_monte_carlo(exact_three_way, exact_heads_up), "monte-carlo")
    )


def main() -> None:
    print(format_table(run()))
    print()
    print(RATIO_NOTE)


if __name__ == "__main__":
    main()
