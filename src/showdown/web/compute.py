"""The work behind each endpoint: plain functions over the public API, run in worker threads.

Each takes a request model and returns a JSON-ready dict; a ``ShowdownError`` is the user's.
"""

from __future__ import annotations

import math
import os
import secrets
import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Optional

from showdown import (
    CARDS,
    EquityError,
    EquityResult,
    Range,
    ShowdownError,
    equity,
    evaluate,
    odds_grid,
    parse_cards,
    settle,
    showdown,
)
from showdown.evaluate import HandRank
from showdown.pots import hand_from_json
from showdown.videopoker import PAYTABLES, Paytable, Trainer, analyze, holds, parse_hold
from showdown.videopoker.analysis import Analysis
from showdown.web import models
from showdown.web.settings import LimitError, Settings

SMALL_RUN = 1_000_000
"""Monte Carlo runs of at most this many trials use one thread."""


def finite(data: Any) -> Any:
    """``data`` with every infinite or NaN float replaced by None (JSON has no such numbers)."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {key: finite(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [finite(value) for value in data]
    return data


def _hand(rank: HandRank) -> dict[str, Any]:
    data = rank.to_dict()
    return {**data, "category": int(rank.category), "category_name": str(rank.category)}


def cards() -> dict[str, Any]:
    return {"cards": [str(card) for card in CARDS]}


def evaluate_hand(body: models.EvaluateRequest) -> dict[str, Any]:
    return _hand(evaluate(body.cards))


def show_down(body: models.ShowdownRequest) -> dict[str, Any]:
    hands: dict[str, str] = {}
    for number, player in enumerate(body.players, start=1):
        name = f"P{number}" if player.name is None else player.name.strip()
        if not name:
            raise ShowdownError(f"player {number} has an empty name")
        if name in hands:
            raise ShowdownError(f"player name {name!r} is used twice")
        hands[name] = player.hole
    result = showdown(body.board, hands)
    players = [
        {"name": name, "hole": [str(c) for c in result.holes[name]], **_hand(rank), "winner": name in result.winners}
        for name, rank in result.ranks.items()
    ]
    return {"board": [str(c) for c in result.board], "players": players, "winners": list(result.winners),
            "is_split": result.is_split}


def settle_hand(body: models.SettleRequest, settings: Settings) -> dict[str, Any]:
    if len(body.seats) > settings.max_seats:
        raise LimitError(f"a hand has at most {settings.max_seats} seats here, got {len(body.seats)}")
    return settle(**hand_from_json(body.model_dump(exclude_none=True))).to_dict()


def range_classes(body: models.RangeRequest) -> dict[str, Any]:
    rng = Range(body.text)
    totals: dict[tuple[int, int, str], float] = {}
    for (high, low), weight in rng:
        kind = "" if high.rank == low.rank else ("s" if high.suit == low.suit else "o")
        key = (int(high.rank), int(low.rank), kind)
        totals[key] = totals.get(key, 0.0) + weight
    size = {"": 6, "s": 4, "o": 12}
    order = sorted(totals, key=lambda key: (-key[0], -key[1], key[2] != "s"))
    classes = {f"{str(CARDS[4 * h])[0]}{str(CARDS[4 * lo])[0]}{kind}": totals[(h, lo, kind)] / size[kind]
               for h, lo, kind in order}
    return {"canonical": str(rng), "combos": len(rng), "classes": classes}


# --- equity and the odds grid ------------------------------------------------------------------
def exact_evaluations(players: Sequence[str], board: str, dead: str) -> int:
    """About how many hand evaluations exact enumeration takes once part of the board is known
    (the library's own rule); 0 preflop, where enumeration reports progress and can be stopped."""
    try:
        known = len(parse_cards(board)) + len(parse_cards(dead))
        to_come = 5 - len(parse_cards(board))
        if not 0 <= to_come < 5 or not 2 <= len(players) <= 10:
            return 0
        sizes = []
        for player in players:
            try:
                sizes.append(1 if len(parse_cards(player, allow_duplicates=True)) == 2 else 0)
            except ShowdownError:
                sizes.append(len(Range(player).remove(board, dead)))
    except ShowdownError:
        return 0  # the library will name the problem
    left = 52 - known - 2 * len(players)
    return math.prod(sizes) * math.comb(left, to_come) * len(players) if left >= to_come else 0


def check_equity(body: models.EquityRequest, settings: Settings, in_job: bool = False, hint_jobs: bool = True) -> None:
    """Refuse what would break the limits, naming the limit."""
    max_time = settings.job_max_runtime if in_job else settings.max_time_limit
    max_exact = settings.job_max_exact_evaluations if in_job else settings.max_exact_evaluations
    where = "in a job" if in_job else "on this endpoint"
    if body.trials is not None and body.trials > settings.max_trials:
        raise LimitError(f"trials must be at most {settings.max_trials:,}, got {body.trials:,}")
    if body.time_limit is not None and body.time_limit > max_time:
        raise LimitError(f"time_limit must be at most {max_time:g} seconds {where}, got {body.time_limit:g}")
    if body.exact is not False:
        size = exact_evaluations(body.players, body.board, body.dead)
        if size > max_exact:
            hint = "run it as a job (POST /api/equity/jobs) or " if hint_jobs and not in_job else ""
            raise LimitError(f"exact enumeration would take about {size:,} hand evaluations, over the limit of"
                             f" {max_exact:,} {where}; {hint}ask for Monte Carlo (exact: false)")


def threads_for(trials: Optional[int], in_job: bool = False) -> Optional[int]:
    """numba threads for one run: one for small Monte Carlo runs (waking more costs more than it
    saves, and concurrent requests keep the cores busy anyway), and one core left free in a job."""
    if in_job:
        return max(1, (os.cpu_count() or 2) - 1)
    return 1 if trials is not None and trials <= SMALL_RUN else None


def run_equity(body: models.EquityRequest, settings: Settings, in_job: bool = False,
               report: Callable[[EquityResult], Any] = lambda interim: None,
               cancelled: Callable[[], bool] = lambda: False) -> EquityResult:
    """``equity()`` with the request's fields, within the time limit of the endpoint or job.

    Monte Carlo with no trials, stderr or time_limit runs ``default_time_limit`` seconds (a job:
    the library's 1,000,000 deals); every run stops at the limit. ``report`` sees each interim
    result; ``cancelled()`` returning True stops the run.
    """
    max_time = settings.job_max_runtime if in_job else settings.max_time_limit
    time_limit = body.time_limit
    if time_limit is None and not in_job:
        nothing_said = body.trials is None and body.stderr is None
        time_limit = settings.default_time_limit if nothing_said else max_time
    deadline = time.monotonic() + max_time

    def progress(interim: EquityResult) -> bool:
        report(interim)
        return time.monotonic() < deadline and not cancelled()

    try:
        return equity(body.players, body.board, body.dead, exact=body.exact, trials=body.trials, seed=body.seed,
                      stderr=body.stderr, time_limit=time_limit, n_jobs=threads_for(body.trials, in_job),
                      progress=progress)
    except EquityError as error:
        if "cancelled by the progress callback" in str(error) and not cancelled():
            hint = "" if in_job else "run it as a job (POST /api/equity/jobs) or "
            raise LimitError(f"exact enumeration did not finish within {max_time:g} seconds; {hint}ask for"
                             " Monte Carlo (exact: false)") from None
        raise


def equity_now(body: models.EquityRequest, settings: Settings) -> dict[str, Any]:
    check_equity(body, settings)
    return finite(run_equity(body, settings).to_dict())


def grid(body: models.GridRequest, settings: Settings) -> dict[str, Any]:
    players = [body.hole, *["random"] * body.opponents] if isinstance(body.opponents, int) and \
        1 <= body.opponents <= 9 else []
    as_equity = models.EquityRequest.model_construct(players=players, board=body.board, dead="", exact=body.exact,
                                                     trials=body.trials, seed=body.seed, stderr=None, time_limit=None)
    check_equity(as_equity, settings, hint_jobs=False)
    started = time.monotonic()
    short = body.trials is None

    def progress(interim: EquityResult) -> bool:
        limit = settings.default_time_limit if short and not interim.exact else settings.max_time_limit
        return time.monotonic() - started < limit

    try:
        result = odds_grid(body.hole, body.board, body.opponents, exact=body.exact, trials=body.trials,
                           seed=body.seed, n_jobs=threads_for(body.trials), progress=progress)
    except EquityError as error:
        if "cancelled by the progress callback" in str(error):
            raise LimitError(f"exact enumeration did not finish within {settings.max_time_limit:g} seconds;"
                             " ask for Monte Carlo (exact: false)") from None
        raise
    return finite(result.to_dict())


# --- video poker -------------------------------------------------------------------------------
def _paytable(paytable: Any) -> Paytable:
    return Paytable.from_dict(paytable) if isinstance(paytable, dict) else Paytable.named(paytable)


def _title(name: str) -> str:
    words = name.split("-")
    numbers = [w for w in words if w.isdigit()]
    text = " ".join(w if w == "or" else w.capitalize() for w in words if not w.isdigit())
    return f"{text} {'/'.join(numbers)}".strip()


def paytables() -> dict[str, Any]:
    return {"paytables": [
        {"name": name, "title": _title(name), **table.to_dict(),
         "rows": [{"key": r.key, "label": r.label, "pay": r.pay} for r in table.rows if r.key != "nothing"]}
        for name, table in PAYTABLES.items()
    ]}


def hold_list(body: models.HoldsRequest) -> dict[str, Any]:
    return {"holds": [hold.to_dict() for hold in holds(body.deal, _paytable(body.paytable), body.coins)]}


@lru_cache(maxsize=32)
def _analysis(table: Paytable, coins: int, time_limit: float) -> Analysis:
    started = time.monotonic()
    return analyze(table, coins, progress=lambda done, total: time.monotonic() - started < time_limit)


def analysis(body: models.AnalyzeRequest, settings: Settings) -> dict[str, Any]:
    table = _paytable(body.paytable)
    table.check_coins(body.coins)
    return _analysis(table, body.coins, settings.analyze_time_limit).to_dict()


def deal(body: models.DealRequest) -> dict[str, Any]:
    seed = secrets.randbelow(2**53) if body.seed is None else body.seed
    return {"seed": seed, "deal": [str(card) for card in Trainer(seed=seed).deal()]}


def draw(body: models.DrawRequest) -> dict[str, Any]:
    trainer = Trainer(_paytable(body.paytable), body.coins, seed=body.seed)
    dealt = trainer.deal()
    positions = parse_hold(" ".join(body.held), dealt) if body.held else ()
    played = trainer.play(positions)
    return {
        "deal": [str(c) for c in dealt],
        "held": [str(c) for c in played.hold.held],
        "final": [str(c) for c in played.final],
        "hand": str(played.hand),
        "payout": played.payout,
        "ev": played.hold.ev_float,
        "best_held": [str(c) for c in played.best.held],
        "best_ev": played.best.ev_float,
        "ev_lost": float(played.ev_lost),
        "mistake": played.mistake,
    }
