"""Omaha, Omaha hi-lo and short deck: showdown against phevaluator and pokerkit, in one run.

    .venv/bin/python benchmarks/bench_games.py

Every figure is the best of ``REPEAT`` repetitions after a warm-up call (``time.perf_counter``).
Bulk rows are seeded random deals (distinct cards in each row) as uint8 arrays; peers that run a
Python loop get a prefix of the same rows, sized so one repetition lasts about
``TARGET_SECONDS``, and their answers on the first ``N_CHECK`` rows are checked against
showdown's (same order of strength, same ties); a disagreement is written into the row's note.
The targets in the row names are the project's. Ratios are showdown / peer, per hand.

Rows:

1. Omaha (4 hole cards, full 5-card board) in bulk: ``evaluate_many(ids, game="omaha")`` on
   ``N_OMAHA`` rows of 9 ids (hole cards then board), one thread and all threads, against
   phevaluator's C Omaha evaluators (``_pheval.evaluate_omaha_cards`` and
   ``_pheval.evaluate_plo4_cards``, board first, called per hand from Python) and pokerkit's
   ``OmahaHoldemHand.from_game`` (per hand, pure Python).
2. ``omaha5`` and ``omaha6`` in bulk on one thread (``N_BIG_OMAHA`` rows of 10 and 11 ids)
   against pokerkit (phevaluator's PLO5/PLO6 functions are reported when the installed build
   has them), and the eight-or-better low in bulk (``evaluate_many_low``, ``game="omaha-hilo"``)
   on the Omaha rows against pokerkit's ``OmahaEightOrBetterLowHand`` (no low = the worst).
3. Short deck 7-card hands in bulk (``game="short-deck"``, ids of the 36-card deck) against
   showdown's own hold'em ``evaluate_many`` in the same run, on random 52-card hands and on the
   very same rows (the target is hold'em's speed), and against pokerkit's
   ``ShortDeckHoldemHand.from_game``.
4. Exact heads-up PLO preflop, ``equity(HEADS_UP, exact=True, game="omaha", n_jobs=1)`` over all
   1,086,008 boards (``n_jobs`` sets the threads; the warm-up call loads the compiled kernels,
   so compilation is left out), against phevaluator's ``evaluate_plo4_cards`` in a Python loop
   over every board (one run, which also checks the equity to 1e-9); the hi-lo version has no
   peer.
5. Monte Carlo three-way PLO preflop on one thread, trials/s (``omaha`` and ``omaha-hilo``, each
   run sized to about ``MC_TARGET_SECONDS``), against pokerkit's generic sampler
   ``calculate_equities(..., hole_dealing_count=4, hand_types=(OmahaHoldemHand,))`` (plus
   ``OmahaEightOrBetterLowHand`` for hi-lo; ``POKERKIT_SAMPLES`` deals, best of
   ``SLOW_REPEAT``). Every estimate must lie within a few standard errors of showdown's exact
   three-way equity. The hi-lo rate is also given as a ratio of the Omaha rate (target ≥ 0.5).
6. For the scaling chart: the Omaha bulk rows and the exact heads-up PLO preflop (``omaha``)
   on every other thread count of ``thread_counts()`` (up to all threads; on two cores, the exact
   equity on 2 threads is the only extra row).
"""

from __future__ import annotations

import itertools
import math
import random
import sys
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
    row,
    size_for,
    tagged,
    thread_counts,
)
from bench_evaluate import TEXT, Peer, _has_repeat, _peer_row  # noqa: E402
from showdown import equity, evaluate_many, evaluate_many_low  # noqa: E402

SEED = 20240602
N_OMAHA = 5_000_000
N_BIG_OMAHA = 2_000_000
N_SHORT = 5_000_000
MC_TARGET_SECONDS = 0.5
"""One repetition of a Monte Carlo benchmark lasts about this long (x REPEAT + warm-up)."""
SLOW_REPEAT = 2
"""pokerkit's sampler lasts seconds a run: the best of this many (the first is also the check)."""
POKERKIT_SAMPLES = 400
EXACT_TOLERANCE = 1e-9
MC_SIGMAS = 5.0
"""A Monte Carlo equity further than this many standard errors from the exact one is flagged."""

HEADS_UP = ["AsKsQdJd", "7c7h6c5h"]
THREE_WAY = ["AsKsQdJd", "7c7h6c5h", "AhAdKhTc"]
BOARDS_HEADS_UP = math.comb(44, 5)  # 1,086,008
SHORT_DECK_LOWEST_ID = 16  # 6c: a card id is 4 * rank + suit, the 2 being rank 0

NOT_INSTALLED = "not installed"
REFERENCE_PEER = "showdown hold'em `evaluate_many`, same run"
BULK = "M hands/s"
TRIALS = "M trials/s"
SECONDS = "s"
SERIES_OMAHA = f"`evaluate_many(ids, game='omaha')`, {N_OMAHA / 1e6:g}M random Omaha deals, uint8"
SERIES_PLO_EXACT = "exact `equity(['AsKsQdJd', '7c7h6c5h'], game='omaha')`, heads-up PLO preflop"


def _log(message: str) -> None:
    print(f"[bench_games] {message}", file=sys.stderr, flush=True)


def random_rows(n: int, k: int, seed: int, lowest: int = 0) -> np.ndarray:
    """An (n, k) uint8 array of uniformly random deals of k distinct ids from ``lowest``..51
    (rejection: only the rows repeating a card are redrawn)."""
    rng = np.random.default_rng(seed)
    ids = rng.integers(lowest, 52, size=(n, k), dtype=np.uint8)
    todo = np.flatnonzero(_has_repeat(ids))
    while todo.size:
        ids[todo] = rng.integers(lowest, 52, size=(todo.size, k), dtype=np.uint8)
        todo = todo[_has_repeat(ids[todo])]
    return ids


def _bulk_rate(fn: Callable[..., np.ndarray], ids: np.ndarray, n_jobs: Optional[int], game: str) -> float:
    """M rows/s of ``fn(ids, n_jobs=..., game=...)``, best of REPEAT after a warm-up."""
    return len(ids) / best_of(lambda: fn(ids, n_jobs=n_jobs, game=game)) / 1e6


# --- the peers: each converts rows of showdown ids (hole cards, then the board) ------------------


class PhEvaluatorOmaha(Peer):
    """phevaluator's C function for Omaha: nine ints, the board first, then the four hole cards."""

    function = "evaluate_omaha_cards"
    name = "phevaluator `_pheval.evaluate_omaha_cards(*board, *hole)` (C, Python loop)"
    higher_is_better = False

    def __init__(self) -> None:
        from phevaluator import _pheval

        self.evaluate = getattr(_pheval, self.function)

    def convert(self, ids: np.ndarray) -> list[Any]:
        hole = ids.shape[1] - 5
        return [tuple(hand[hole:] + hand[:hole]) for hand in ids.tolist()]

    def loop(self, hands: list[Any]) -> list[int]:
        f = self.evaluate
        return [f(*hand) for hand in hands]


class PhEvaluatorPlo4(PhEvaluatorOmaha):
    function = "evaluate_plo4_cards"
    name = "phevaluator `_pheval.evaluate_plo4_cards(*board, *hole)` (C, Python loop)"


class PhEvaluatorPlo5(PhEvaluatorOmaha):
    function = "evaluate_plo5_cards"
    name = "phevaluator `_pheval.evaluate_plo5_cards(*board, *hole)` (C, Python loop)"


class PhEvaluatorPlo6(PhEvaluatorOmaha):
    function = "evaluate_plo6_cards"
    name = "phevaluator `_pheval.evaluate_plo6_cards(*board, *hole)` (C, Python loop)"


class PokerKitHoleBoard(Peer):
    """pokerkit 0.7: ``<HandType>.from_game(hole, board)`` on pre-parsed Card tuples; it tries
    every allowed five-card combination in Python. Values: ``hand.entry.index``."""

    hand_type = "OmahaHoldemHand"
    hole_cards = 4
    higher_is_better = True

    def __init__(self) -> None:
        import pokerkit

        self.from_game = getattr(pokerkit, self.hand_type).from_game
        self.cards = [next(iter(pokerkit.Card.parse(text))) for text in TEXT]

    def convert(self, ids: np.ndarray) -> list[Any]:
        cards = self.cards
        k = ids.shape[1] - 5 if self.hole_cards == 0 else self.hole_cards
        return [(tuple(cards[i] for i in hand[:k]), tuple(cards[i] for i in hand[k:])) for hand in ids.tolist()]

    def loop(self, hands: list[Any]) -> list[Any]:
        f = self.from_game
        return [f(hole, board) for hole, board in hands]

    def values(self, hands: list[Any]) -> list[int]:
        return [hand.entry.index for hand in self.loop(hands)]


class PokerKitOmaha(PokerKitHoleBoard):
    name = "pokerkit `OmahaHoldemHand.from_game(hole, board)`"
    hole_cards = 0  # whatever the row holds beyond the five board cards


class PokerKitOmahaLow(PokerKitHoleBoard):
    """The low: ``from_game_or_none`` (None when no low qualifies); a lower index is better."""

    name = "pokerkit `OmahaEightOrBetterLowHand.from_game_or_none(hole, board)`"
    hand_type = "OmahaEightOrBetterLowHand"
    higher_is_better = False

    def __init__(self) -> None:
        super().__init__()
        import pokerkit

        self.from_game = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none

    def values(self, hands: list[Any]) -> list[int]:
        no_low = 10**9  # worse than every low
        return [no_low if hand is None else hand.entry.index for hand in self.loop(hands)]


class PokerKitShortDeck(PokerKitHoleBoard):
    name = "pokerkit `ShortDeckHoldemHand.from_game(hole, board)`"
    hand_type = "ShortDeckHoldemHand"
    hole_cards = 2


def _peer(
    name: str, ours: float, peer_cls: type[Peer], ids: np.ndarray, values: np.ndarray, probe: int
) -> dict[str, Any]:
    _log(f"  peer {peer_cls.__name__}")
    return _peer_row(name, ours, BULK, peer_cls, ids, values, probe=probe)


# --- rows 1 and 2: Omaha in bulk ---------------------------------------------------------------


def bench_omaha() -> list[dict[str, Any]]:
    import numba

    rows: list[dict[str, Any]] = []
    _log(f"generating {N_OMAHA:,} random Omaha deals (9 ids)")
    ids = random_rows(N_OMAHA, 9, SEED)

    _log("evaluate_many(game='omaha'), n_jobs=1")
    values = evaluate_many(ids, n_jobs=1, game="omaha")
    one = _bulk_rate(evaluate_many, ids, 1, "omaha")
    name = (
        f"`evaluate_many(ids, n_jobs=1, game='omaha')`, {N_OMAHA / 1e6:g}M random deals (4 hole + 5 board), "
        "uint8 (target ≥ 50 M/s, faster than phevaluator)"
    )
    for peer_cls, probe in ((PhEvaluatorOmaha, 20_000), (PhEvaluatorPlo4, 20_000), (PokerKitOmaha, 100)):
        rows.append(_peer(name, one, peer_cls, ids, values, probe))
    point(rows[0], SERIES_OMAHA, threads=1)

    threads = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    _log(f"evaluate_many(game='omaha'), all threads ({threads})")
    every = _bulk_rate(evaluate_many, ids, None, "omaha")
    rows.append(point(row(f"`evaluate_many(ids, game='omaha')`, same deals, all {threads} threads", every, BULK),
                      SERIES_OMAHA, threads=threads))
    for n_jobs in thread_counts():
        if 1 < n_jobs < threads:
            _log(f"evaluate_many(game='omaha'), n_jobs={n_jobs}")
            rate = _bulk_rate(evaluate_many, ids, n_jobs, "omaha")
            rows.append(point(row(f"`evaluate_many(ids, n_jobs={n_jobs}, game='omaha')`, same deals", rate, BULK),
                              SERIES_OMAHA, threads=n_jobs))

    _log("evaluate_many_low(game='omaha-hilo'), n_jobs=1")
    lows = evaluate_many_low(ids, n_jobs=1, game="omaha-hilo")
    low_rate = _bulk_rate(evaluate_many_low, ids, 1, "omaha-hilo")
    share = float(np.mean(lows > 0))
    name = (
        f"`evaluate_many_low(ids, n_jobs=1, game='omaha-hilo')`: eight-or-better low, the same "
        f"{N_OMAHA / 1e6:g}M deals ({share:.1%} have a low)"
    )
    rows.append(_peer(name, low_rate, PokerKitOmahaLow, ids, lows, 100))
    del ids

    for game, hole, ph_cls in (("omaha5", 5, PhEvaluatorPlo5), ("omaha6", 6, PhEvaluatorPlo6)):
        _log(f"generating {N_BIG_OMAHA:,} random {game} deals ({hole + 5} ids)")
        big = random_rows(N_BIG_OMAHA, hole + 5, SEED + hole)
        _log(f"evaluate_many(game={game!r}), n_jobs=1")
        big_values = evaluate_many(big, n_jobs=1, game=game)
        rate = _bulk_rate(evaluate_many, big, 1, game)
        name = (
            f"`evaluate_many(ids, n_jobs=1, game='{game}')`, {N_BIG_OMAHA / 1e6:g}M random deals "
            f"({hole} hole + 5 board)"
        )
        rows.append(_ph_plo_row(name, rate, ph_cls, big, big_values))
        rows.append(_peer(name, rate, PokerKitOmaha, big, big_values, 50))
    return rows


def _ph_plo_row(name: str, rate: float, peer_cls: type[Peer], ids: np.ndarray, values: np.ndarray) -> dict[str, Any]:
    """phevaluator's PLO5/PLO6 function when the installed build has it, else a row saying so."""
    try:
        from phevaluator import _pheval
    except ImportError:
        return row(name, rate, BULK, peer_cls.name, None, NOT_INSTALLED)
    function = getattr(peer_cls, "function", "")
    if not hasattr(_pheval, function):
        return row(
            name, rate, BULK, peer_cls.name, None,
            f"not in the installed phevaluator build (needs PHEVALUATOR_BUILD_PLO); no {function}",
        )
    return _peer(name, rate, peer_cls, ids, values, 20_000)


# --- row 3: short deck against hold'em ---------------------------------------------------------


def bench_short_deck() -> list[dict[str, Any]]:
    _log(f"generating {N_SHORT:,} random short-deck and hold'em 7-card hands")
    short = random_rows(N_SHORT, 7, SEED + 36, lowest=SHORT_DECK_LOWEST_ID)
    holdem = random_rows(N_SHORT, 7, SEED + 52)

    _log("evaluate_many(game='short-deck'), n_jobs=1")
    values = evaluate_many(short, n_jobs=1, game="short-deck")
    short_rate = _bulk_rate(evaluate_many, short, 1, "short-deck")
    _log("evaluate_many(game='holdem'), n_jobs=1, 52-card hands and the short-deck rows")
    holdem_rate = _bulk_rate(evaluate_many, holdem, 1, "holdem")
    same_rows_rate = _bulk_rate(evaluate_many, short, 1, "holdem")

    name = (
        f"`evaluate_many(ids, n_jobs=1, game='short-deck')`, {N_SHORT / 1e6:g}M random 7-card hands "
        "of the 36-card deck (target: hold'em's speed)"
    )
    return [
        row(name, short_rate, BULK, f"{REFERENCE_PEER}, {N_SHORT / 1e6:g}M random 52-card 7-card hands", holdem_rate),
        row(name, short_rate, BULK, f"{REFERENCE_PEER}, on the same short-deck rows", same_rows_rate),
        _peer(name, short_rate, PokerKitShortDeck, short, values, 200),
    ]


# --- rows 4 and 5: equity -----------------------------------------------------------------------


def _equity_text(values: Sequence[float]) -> str:
    return "/".join(f"{v:.6f}" for v in values)


def _failed(error: BaseException, who: str) -> str:
    _log(f"{who} failed: {error!r}")
    return f"failed: {type(error).__name__}: {error}"


def _pairs(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def phevaluator_heads_up(hands: Sequence[str]) -> list[float]:
    """Exact heads-up Omaha equity: phevaluator's ``evaluate_plo4_cards`` on every board."""
    from phevaluator import _pheval

    evaluate = _pheval.evaluate_plo4_cards
    index = {text: i for i, text in enumerate(TEXT)}
    first, second = ([index[card] for card in _pairs(hand)] for hand in hands)
    deck = [i for i in range(52) if i not in first and i not in second]
    wins = ties = total = 0
    for board in itertools.combinations(deck, 5):
        a = evaluate(*board, *first)
        b = evaluate(*board, *second)
        if a < b:  # phevaluator: smaller is stronger
            wins += 1
        elif a == b:
            ties += 1
        total += 1
    share = (wins + ties / 2) / total
    return [share, 1.0 - share]


def bench_exact() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for game in ("omaha", "omaha-hilo"):
        _log(f"exact heads-up preflop, {game}, n_jobs=1")
        result = equity(HEADS_UP, exact=True, game=game, n_jobs=1)  # warm-up: loads the kernels
        seconds = best_of(lambda game=game: equity(HEADS_UP, exact=True, game=game, n_jobs=1), warmup=False)
        target = " (target ≤ 1 s)" if game == "omaha" else ""
        name = (
            f"`equity({HEADS_UP}, exact=True, game='{game}', n_jobs=1)`: heads-up PLO preflop, "
            f"{result.total:,} boards{target}"
        )
        if result.total != BOARDS_HEADS_UP:
            rows.append(row(name, seconds, SECONDS, "board count", None, f"WRONG: {result.total:,} boards"))
        if game != "omaha":
            rows.append(row(name, seconds, SECONDS))
            continue
        rows.append(point(_phevaluator_exact_row(name, seconds, result.equity), SERIES_PLO_EXACT, threads=1))
        for n_jobs in thread_counts():
            if n_jobs > 1:
                _log(f"exact heads-up preflop, omaha, n_jobs={n_jobs}")
                seconds = best_of(lambda n_jobs=n_jobs: equity(HEADS_UP, exact=True, game="omaha", n_jobs=n_jobs))
                name = f"`equity({HEADS_UP}, exact=True, game='omaha', n_jobs={n_jobs})`"
                rows.append(point(row(name, seconds, SECONDS), SERIES_PLO_EXACT, threads=n_jobs))
    return rows


def _phevaluator_exact_row(name: str, seconds: float, ours: Sequence[float]) -> dict[str, Any]:
    """The exact heads-up PLO row against phevaluator's loop over every board (one run)."""
    label = "phevaluator `evaluate_plo4_cards` in a Python loop over every board (one run)"
    try:
        _log("  phevaluator loop over every board (one run)")
        start = time.perf_counter()
        theirs = phevaluator_heads_up(HEADS_UP)
        peer_seconds = time.perf_counter() - start
    except ImportError:
        return row(name, seconds, SECONDS, label, None, NOT_INSTALLED)
    except Exception as error:  # noqa: BLE001 - a broken peer is reported, the run goes on
        return row(name, seconds, SECONDS, label, None, _failed(error, "phevaluator"))
    worst = max(abs(a - b) for a, b in zip(ours, theirs, strict=True))
    note = ""
    if worst > EXACT_TOLERANCE:
        note = f"DISAGREES: showdown {_equity_text(ours)}, peer {_equity_text(theirs)}"
        _log(note)
    return row(name, seconds, SECONDS, label, peer_seconds, note)


def _mc_rate(game: str) -> tuple[float, int, Any]:
    """(M trials/s, trials per repetition, a result) of seeded one-thread Monte Carlo calls."""

    def call(n: int) -> Any:
        return equity(THREE_WAY, exact=False, trials=n, seed=SEED, n_jobs=1, game=game)

    call(20_000)  # load the kernel

    def timer(n: int) -> float:
        start = time.perf_counter()
        call(n)
        return time.perf_counter() - start

    n = size_for(timer, 1_000_000, 10**10, MC_TARGET_SECONDS)
    result = call(n)
    return n / best_of(lambda: call(n), warmup=False) / 1e6, n, result


def _sampled_note(estimate: Sequence[float], exact: Sequence[float], stderr: Sequence[float], who: str) -> str:
    """'' when every estimate lies within MC_SIGMAS standard errors of the exact equity."""
    for e, x, s in zip(estimate, exact, stderr, strict=True):
        if abs(e - x) > MC_SIGMAS * s + 1e-6:
            _log(f"{who} Monte Carlo is off: {_equity_text(estimate)} against exact {_equity_text(exact)}")
            return f"OFF: {who} {_equity_text(estimate)} against exact {_equity_text(exact)}"
    return ""


def _pokerkit_mc_row(name: str, ours: float, game: str, exact: Sequence[float]) -> dict[str, Any]:
    types = "OmahaHoldemHand, OmahaEightOrBetterLowHand" if game == "omaha-hilo" else "OmahaHoldemHand"
    label = (
        f"pokerkit `calculate_equities(..., 4, 5, Deck.STANDARD, ({types},), "
        f"sample_count={POKERKIT_SAMPLES:,})`, one core"
    )
    try:
        import pokerkit
    except ImportError:
        return row(name, ours, TRIALS, label, None, NOT_INSTALLED)
    try:
        hand_types: tuple[Any, ...] = (pokerkit.OmahaHoldemHand,)
        if game == "omaha-hilo":
            hand_types += (pokerkit.OmahaEightOrBetterLowHand,)
        ranges = tuple([tuple(pokerkit.Card.parse(hand))] for hand in THREE_WAY)

        def run() -> list[float]:
            return pokerkit.calculate_equities(
                ranges, (), 4, 5, pokerkit.Deck.STANDARD, hand_types, sample_count=POKERKIT_SAMPLES
            )

        random.seed(SEED)  # pokerkit samples with the random module's global generator
        best = math.inf
        theirs: list[float] = []
        for i in range(SLOW_REPEAT):
            start = time.perf_counter()
            out = run()
            best = min(best, time.perf_counter() - start)
            if i == 0:
                theirs = out
    except Exception as error:  # noqa: BLE001 - a broken peer is reported, the run goes on
        return row(name, ours, TRIALS, label, None, _failed(error, "pokerkit"))
    stderr = [math.sqrt(max(x * (1 - x), 0.01) / POKERKIT_SAMPLES) for x in exact]
    note = _sampled_note(theirs, exact, stderr, "pokerkit")
    return row(name, ours, TRIALS, f"{label} (best of {SLOW_REPEAT})", POKERKIT_SAMPLES / best / 1e6, note)


def bench_monte_carlo() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    omaha_rate: Optional[float] = None
    for game in ("omaha", "omaha-hilo"):
        exact = equity(THREE_WAY, exact=True, game=game, n_jobs=1).equity
        _log(f"Monte Carlo, three-way preflop, {game}, n_jobs=1")
        rate, n, result = _mc_rate(game)
        target = " (target ≥ 5 M/s)" if game == "omaha" else " (target ≥ half the Omaha rate)"
        name = (
            f"`equity({THREE_WAY}, exact=False, trials={n:,}, seed=..., n_jobs=1, game='{game}')`: "
            f"Monte Carlo three-way PLO preflop{target}"
        )
        note = _sampled_note(result.equity, exact, result.player_stderr, "showdown")
        if note:
            rows.append(row(name, rate, TRIALS, "check against showdown's exact equity", None, note))
        if game == "omaha":
            omaha_rate = rate
        else:
            peer = "showdown's Omaha (high only) three-way rate above, same run"
            rows.append(row(name, rate, TRIALS, peer, omaha_rate))
        _log("  pokerkit")
        rows.append(_pokerkit_mc_row(name, rate, game, exact))
    return rows


# --- entry points ------------------------------------------------------------------------------


def run() -> list[dict[str, Any]]:
    """Every benchmark of this module, as rows (see ``_harness.row``)."""
    _log(f"showdown {showdown.__version__}, best of {REPEAT} after a warm-up")
    return (
        tagged(bench_omaha(), "games-evaluate")
        + tagged(bench_short_deck(), "games-evaluate")
        + tagged(bench_exact(), "games-equity")
        + tagged(bench_monte_carlo(), "games-equity")
    )


def main() -> None:
    print(format_table(run()))
    print()
    print(RATIO_NOTE)


if __name__ == "__main__":
    main()
