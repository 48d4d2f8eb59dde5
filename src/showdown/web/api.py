"""The JSON API router (mounted at /api): each endpoint turns its request into one library call
and answers with the result's ``to_dict()``, the same shape as ``--json`` and batch output.

CPU work never runs on the event loop: light requests go to a pool of ``light_workers``
threads, equity, odds grids, studies and analyses to ``heavy_workers`` threads, a strategy list's
derivation to a thread of its own (one at a time), equity jobs to threads of their own. A heavy
request is checked on a light thread first, so that bad input is answered at once, and a kept
strategy list never waits for a derivation. A request that waits ``queue_timeout`` seconds for a
thread is answered with 503.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Literal, Optional, TypeVar

import anyio
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import StreamingResponse

from showdown import (
    CARDS,
    GAMES,
    LIMITS,
    EquityCancelled,
    EquityResult,
    Range,
    StudyError,
    __version__,
    breakdown,
    combo_equities,
    evaluate,
    evaluate_low,
    grid_plan,
    hand_from_json,
    next_card,
    odds_grid,
    parse_cards,
    plan,
    player_names,
    run_options,
    settle,
    showdown,
)
from showdown.engine import message, state, warm_up
from showdown.videopoker import (
    MAX_LINES,
    PAYTABLES,
    Analysis,
    AnalysisStopped,
    Paytable,
    Strategy,
    Trainer,
    analyze,
    holds,
    parse_hold,
    strategy,
)
from showdown.web import models
from showdown.web.bodies import strict_route
from showdown.web.jobs import Job, Jobs, TooManyJobs
from showdown.web.memory import release_memory
from showdown.web.runs import Cost, check_cost, check_equity, check_numbers, exact_cost, run_equity, threads_for
from showdown.web.settings import LimitError, Settings

T = TypeVar("T")

ERRORS: dict[int | str, dict[str, Any]] = {
    413: {"description": "The request body is over the size limit."},
    503: {"description": "No worker thread became free in time."},
}
JOB_ERRORS: dict[int | str, dict[str, Any]] = {404: {"description": "No such job (old ones are forgotten)."}}
CANCEL_WAIT = 1.0
"""Seconds a cancel waits for its job to stop, to answer with its final status."""


Pool = Literal["light", "heavy", "derive"]
BUSY = {"light": "no worker thread became free", "heavy": "no worker thread for long computations became free",
        "derive": "it derives another strategy list (one at a time), and that did not end"}


class Workers:
    """Capacity-limited worker threads, with a bounded wait for a free one: ``light`` and
    ``heavy`` pools, and one thread that derives strategy lists."""

    def __init__(self, settings: Settings) -> None:
        self.limiters = {"light": anyio.CapacityLimiter(settings.light_workers),
                         "heavy": anyio.CapacityLimiter(settings.heavy_workers), "derive": anyio.CapacityLimiter(1)}
        self.timeout = settings.queue_timeout

    async def run(self, function: Callable[..., T], *args: Any, pool: Pool = "light") -> T:
        limiter = self.limiters[pool]
        acquired = False
        with anyio.move_on_after(self.timeout):
            await limiter.acquire()
            acquired = True
        if not acquired:
            raise HTTPException(503, f"the server is busy: {BUSY[pool]} within {self.timeout:g} s")
        try:
            return await anyio.to_thread.run_sync(function, *args)
        finally:
            limiter.release()


class Deals:
    """The deals this server dealt that are not drawn yet: a deal is drawn once, and a second
    draw of it (a double click, a request sent again) is refused with 409. A seed the server
    did not deal is drawn as asked, so a caller that picks its own seeds needs no deal first;
    dealing a seed again opens it again. The last ``most`` deals are remembered."""

    def __init__(self, most: int = 100_000) -> None:
        self._open: OrderedDict[int, bool] = OrderedDict()  # seed -> not drawn yet
        self._lock = threading.Lock()
        self.most = most

    def dealt(self, seed: int) -> None:
        with self._lock:
            self._open[seed] = True
            self._open.move_to_end(seed)
            while len(self._open) > self.most:
                self._open.popitem(last=False)

    def draw(self, seed: int) -> None:
        """Take the deal of ``seed`` for its draw, or refuse a second draw of it."""
        with self._lock:
            if self._open.get(seed) is False:
                raise HTTPException(409, f"the deal of seed {seed} was drawn already: a deal is drawn once; deal again")
            if seed in self._open:
                self._open[seed] = False


def _paytable(paytable: models.Paytable) -> Paytable:
    """A request's pay table: a name, or a custom table (the fields it was given)."""
    if isinstance(paytable, models.CustomPaytable):
        return Paytable.from_dict(paytable.model_dump(exclude_unset=True))
    return Paytable.named(paytable)


_ANALYSES: OrderedDict[tuple[Paytable, int], Analysis] = OrderedDict()
_ANALYSES_LOCK = threading.Lock()
KEPT_ANALYSES = 32
"""Analyses kept in memory (the last asked for), beside those kept on disk by the library."""
WATCH_SECONDS = 0.25
"""How often a request's connection is checked while its work runs (a closed one stops the work)."""
UNWATCHED = "stopped: the request was closed before its answer was ready"


def _going(time_limit: float, stop: Optional[threading.Event]) -> Callable[[int, int], bool]:
    """A progress callback that goes on until ``time_limit`` seconds have passed or ``stop`` is set."""
    started = time.monotonic()
    return lambda done, total: not (stop is not None and stop.is_set()) and time.monotonic() - started < time_limit


def _analysis(table: Paytable, coins: int, time_limit: float, stop: Optional[threading.Event] = None) -> Analysis:
    with _ANALYSES_LOCK:
        found = _ANALYSES.get((table, coins))
    if found is not None:
        return found
    warm_up("videopoker")  # preparing the engine is not counted in the time limit
    try:
        result = analyze(table, coins, progress=_going(time_limit, stop))
    except AnalysisStopped:
        if stop is not None and stop.is_set():
            raise HTTPException(409, UNWATCHED) from None
        raise LimitError(f"the analysis of {table.name} did not finish within {time_limit:g} seconds, this"
                         " server's limit") from None
    with _ANALYSES_LOCK:
        _ANALYSES[(table, coins)] = result
        while len(_ANALYSES) > KEPT_ANALYSES:
            _ANALYSES.popitem(last=False)
    return result


async def watched(request: Request, work: Callable[[threading.Event], Awaitable[T]]) -> T:
    """``await work(stop)``, with ``stop`` set (and the wait for a worker thread given up) as soon
    as the client closes the request: work nobody waits for any more frees its thread within a
    progress step. A closed request is answered with 409, which nobody reads."""
    stop = threading.Event()
    outcome: list[tuple[bool, Any]] = []

    async def watch(scope: anyio.CancelScope) -> None:
        while not await request.is_disconnected():
            await anyio.sleep(WATCH_SECONDS)
        stop.set()
        scope.cancel()

    async with anyio.create_task_group() as group:
        group.start_soon(watch, group.cancel_scope)
        try:
            outcome.append((True, await work(stop)))
        except Exception as error:  # raised below, outside the task group (which would wrap it)
            outcome.append((False, error))
        group.cancel_scope.cancel()
    if not outcome or stop.is_set():
        raise HTTPException(409, UNWATCHED)
    answered, value = outcome[0]
    if not answered:
        raise value
    return value  # type: ignore[no-any-return]


def _kept_only(done: int, total: int) -> bool:
    """A strategy list's progress that stops any derivation before it starts: a kept list only."""
    return False


def _derive(table: Paytable, coins: int, max_lines: int, time_limit: float,
            stop: Optional[threading.Event] = None) -> Strategy:
    """A strategy list, derived within ``time_limit`` seconds (then a 422 naming the limit) unless
    ``stop`` is set first (then a 409)."""
    try:
        return strategy(table, coins, max_lines=max_lines, progress=_going(time_limit, stop))
    except AnalysisStopped:
        if stop is not None and stop.is_set():
            raise HTTPException(409, UNWATCHED) from None
        raise LimitError(f"the strategy list of {table.name} was not derived within {time_limit:g} seconds, this"
                         " server's limit; a list once derived is kept and answered at once") from None
    finally:
        release_memory()  # a derivation's arrays peak at some hundreds of MB


def _evaluate(body: models.EvaluateRequest) -> dict[str, Any]:
    rank = evaluate(body.cards, body.board, game=body.game)
    if not rank.game.low:
        return rank.to_dict()
    low = evaluate_low(body.cards, body.board, game=rank.game)
    return {**rank.to_dict(), "low": None if low is None else low.to_dict()}


def _showdown(body: models.ShowdownRequest) -> dict[str, Any]:
    names = player_names([player.name for player in body.players])
    hands = {name: player.hole for name, player in zip(names, body.players, strict=True)}
    return showdown(hands, body.board, game=body.game).to_dict()


def _settle(body: models.SettleRequest) -> dict[str, Any]:
    return settle(**hand_from_json(body.model_dump(exclude_none=True))).to_dict()


def _equity(body: models.EquityRequest, settings: Settings, cost: Optional[Cost]) -> dict[str, Any]:
    return run_equity(body, settings, cost=cost).to_dict()


def _plan(body: models.PlanRequest, settings: Settings) -> dict[str, Any]:
    planned = plan(body.players, body.board, body.dead, game=body.game)
    return {**planned.to_dict(), "job": exact_cost(planned, body.exact, settings, in_job=True).to_dict()}


def _grid_method(body: models.GridRequest, settings: Settings) -> Optional[bool]:
    """Refuse a grid request over the limits; the ``exact`` to run it with."""
    check_numbers(body.trials, None, settings)
    exact = run_options(exact=body.exact, trials=body.trials, seed=body.seed).exact
    cost = check_cost(lambda: grid_plan(body.hole, body.board, body.opponents, game=body.game), exact, settings,
                      hint_jobs=False)
    return exact if cost is None else cost.exact


def _grid(body: models.GridRequest, settings: Settings, exact: Optional[bool]) -> dict[str, Any]:
    short = body.trials is None

    def progress(interim: EquityResult) -> bool:  # the library's clock: preparing the engine is not counted
        limit = settings.default_time_limit if short and not interim.exact else settings.max_time_limit
        return interim.elapsed < limit

    try:
        result = odds_grid(body.hole, body.board, body.opponents, exact=exact, trials=body.trials,
                           seed=None if exact else body.seed, n_jobs=threads_for(body.trials), progress=progress,
                           game=body.game)
    except EquityCancelled:
        raise LimitError(f"exact enumeration did not finish within {settings.max_time_limit:g} seconds;"
                         " ask for Monte Carlo (exact: false)") from None
    return result.to_dict()


def _range(body: models.RangeRequest) -> dict[str, Any]:
    hand_range = Range(body.text) if body.text.strip() else Range.from_combos([])
    hand_range = hand_range.with_weights(body.weights)
    if body.hand is None:
        return hand_range.to_dict()
    return {**hand_range.to_dict(), "hand_combos": hand_range.hand_combos(body.hand)}


def _check_study(body: models.StudyRequest, settings: Settings) -> None:
    check_numbers(body.trials, None, settings)
    if body.next_card and len(body.villains) != 1:
        raise StudyError(f"next_card needs exactly one villain, got {len(body.villains)}")
    if len(body.villains) < 2 and (body.trials is not None or body.seed is not None):
        raise StudyError("trials and seed apply to a study against two or more villains (Monte Carlo); against one"
                         f" villain every number is exact, and without villains there are no equities; got"
                         f" {len(body.villains)} villain{'' if len(body.villains) == 1 else 's'}")


def _study(body: models.StudyRequest, settings: Settings) -> dict[str, Any]:
    warm_up("study")
    heads_up = len(body.villains) == 1
    game = body.game
    study = breakdown(body.hero, body.board, body.dead, game=game, villain=body.villains[0] if heads_up else None)
    result: dict[str, Any] = {"breakdown": study.to_dict()}
    equities = study.equities if heads_up or not body.villains else combo_equities(
        body.hero, body.villains, body.board, body.dead, trials=body.trials, seed=body.seed,
        n_jobs=threads_for(body.trials), game=game)
    if equities is not None:
        result["equities"] = equities.to_dict()
    if heads_up:
        result["villain_equities"] = combo_equities(body.villains[0], body.hero, body.board, body.dead,
                                                    game=game).to_dict()
    if body.next_card:
        result["next_card"] = next_card(body.hero, body.villains[0], body.board, body.dead, game=game).to_dict()
    return result


def _dealt(body: models.DrawRequest) -> tuple[Trainer, tuple[int, ...]]:
    """The trainer of the request's seed, its deal made, and the positions of the held cards."""
    trainer = Trainer(_paytable(body.paytable), body.coins, seed=body.seed)
    dealt = trainer.deal()
    return trainer, parse_hold(" ".join(body.held), dealt) if body.held else ()


def _draw(body: models.DrawRequest) -> dict[str, Any]:
    trainer, positions = _dealt(body)
    return trainer.play(positions).to_dict()


def _advise(body: models.DrawRequest) -> dict[str, Any]:
    trainer, positions = _dealt(body)
    return trainer.advise(positions).to_dict()


def build_router(settings: Settings, jobs: Jobs) -> APIRouter:
    """The API's endpoints over ``settings`` and the app's ``jobs``."""
    router = APIRouter(responses=ERRORS, route_class=strict_route(settings.max_body_depth))
    workers = Workers(settings)
    deals = Deals()
    # The descriptions that quote limits take them from the library and the settings.
    showdown_text = (f"Show down {LIMITS.min_showdown_players} to {LIMITS.max_showdown_players} players' hands on a"
                     " board (in hold'em; as many as the deck deals to in the other games): each hand, the winners,"
                     " split or not.")
    equity_text = (f"Equity of {LIMITS.min_equity_players} to {LIMITS.max_equity_players} hands or ranges, within"
                   f" {settings.max_time_limit:g} seconds (longer runs: the jobs below).")
    job_text = (f"Start an equity job (at most {settings.job_max_runtime:g} seconds; 429 when {settings.max_jobs} are"
                " running already).")

    async def listed(table: Paytable, coins: int, max_lines: int = MAX_LINES,
                     stop: Optional[threading.Event] = None) -> Strategy:
        """A kept list at once (bad input: 422); any other derived on the one derivation thread,
        within ``strategy_time_limit``, unless ``stop`` is set first."""
        try:
            return await workers.run(lambda: strategy(table, coins, max_lines=max_lines, progress=_kept_only))
        except AnalysisStopped:
            pass
        return await workers.run(_derive, table, coins, max_lines, settings.strategy_time_limit, stop, pool="derive")

    def job_or_404(job_id: str) -> Job:
        job = jobs.get(job_id)
        if job is None:
            raise HTTPException(404, f"no equity job {job_id!r}: it never existed or finished long ago")
        return job

    @router.get("/health", response_model=models.Health, tags=["server"])
    async def health() -> dict[str, Any]:
        """The server is up; the library's version; whether the engine is ready to answer at once."""
        engine = state()
        return {"status": "ok", "version": __version__, "engine": engine, "engine_message": message(engine)}

    @router.get("/limits", response_model=models.LimitsOut, tags=["server"])
    async def limits() -> dict[str, Any]:
        """What requests may ask: ``library``, the library's limits (players, seats, trials, pay
        tables, the games, the odd-chip rules and the cost model of exact enumeration), and
        ``server``, this server's own (body size, time, trials, exact evaluations, jobs)."""
        return {"library": LIMITS.to_dict(), "server": settings.limits()}

    @router.get("/cards", response_model=models.CardList, tags=["cards"])
    async def cards() -> dict[str, Any]:
        """The 52 cards in id order (id = 4 * rank + suit), each with its name and symbol form."""
        return {"cards": [card.to_dict() for card in CARDS]}

    @router.get("/games", response_model=models.GameList, tags=["cards"])
    async def games() -> dict[str, Any]:
        """The games every request's ``game`` field takes (holdem, short deck, Omaha, hi-lo)."""
        return {"games": [game.to_dict() for game in GAMES.values()]}

    @router.post("/cards/parse", response_model=models.CardList, tags=["cards"])
    async def parse(body: models.CardsRequest) -> dict[str, Any]:
        """Read card notation ("As Kd", "AsKd", "10h", "A♠"): the cards in the order given."""
        return await workers.run(lambda: {"cards": [card.to_dict() for card in parse_cards(body.text)]})

    @router.post("/evaluate", response_model=models.EvaluateOut, response_model_exclude_unset=True, tags=["hands"])
    async def evaluate_hand(body: models.EvaluateRequest) -> dict[str, Any]:
        """Evaluate 1 to 7 cards (or an Omaha hand on its board): value (higher is better),
        category, description, best five; in hi-lo also ``low`` (null without one)."""
        return await workers.run(_evaluate, body)

    @router.post("/showdown", response_model=models.ShowdownOut, tags=["hands"], description=showdown_text)
    async def show_down(body: models.ShowdownRequest) -> dict[str, Any]:
        return await workers.run(_showdown, body)

    @router.post("/settle", response_model=models.SettlementOut, tags=["hands"])
    async def settle_hand(body: models.SettleRequest) -> dict[str, Any]:
        """Settle a hand: uncalled chips, main and side pots, rake, splits, odd chips, and the
        dealer's announcement."""
        return await workers.run(_settle, body)

    @router.post("/equity", response_model=models.EquityOut, response_model_exclude_unset=True, tags=["equity"],
                 description=equity_text)
    async def equity_now(body: models.EquityRequest) -> dict[str, Any]:
        cost = await workers.run(check_equity, body, settings)  # bad input: 422 before the queue for a heavy thread
        return await workers.run(_equity, body, settings, cost, pool="heavy")

    @router.post("/equity/plan", response_model=models.PlanOut, tags=["equity"])
    async def equity_plan(body: models.PlanRequest) -> dict[str, Any]:
        """What enumerating an equity question exactly would cost, before running it; ``job``:
        whether a job with ``exact`` would enumerate, whether and about how fast exact
        enumeration fits within a job's limits, and those limits as time."""
        return await workers.run(_plan, body, settings)

    @router.post("/equity/jobs", status_code=202, response_model=models.JobOut, response_model_exclude_unset=True,
                 tags=["equity"], description=job_text)
    async def start_job(body: models.EquityRequest) -> dict[str, Any]:
        try:
            job = await workers.run(jobs.start, body)
        except TooManyJobs as error:
            raise HTTPException(429, str(error)) from None
        return job.snapshot()

    @router.get("/equity/jobs/{job_id}", response_model=models.JobOut, response_model_exclude_unset=True,
                tags=["equity"], responses=JOB_ERRORS)
    async def job_status(job_id: str) -> dict[str, Any]:
        """A job's status, progress (0 to 1) and its interim or final result."""
        return job_or_404(job_id).snapshot()

    @router.get("/equity/jobs/{job_id}/events", tags=["equity"], responses={
        **JOB_ERRORS, 200: {"content": {"text/event-stream": {}}, "description": "One `data:` event per status."}})
    async def job_events(job_id: str) -> StreamingResponse:
        """Server-sent events: the job's status now, after each interim result, and the final one."""
        job = job_or_404(job_id)
        return StreamingResponse(job.stream(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})

    @router.delete("/equity/jobs/{job_id}", response_model=models.JobOut, response_model_exclude_unset=True,
                   tags=["equity"], responses=JOB_ERRORS)
    async def cancel_job(job_id: str) -> dict[str, Any]:
        """Cancel a job; its status is "cancelled" once it has stopped (within a second)."""
        job = job_or_404(job_id)
        job.cancelled.set()
        await anyio.to_thread.run_sync(job.thread.join, CANCEL_WAIT)
        return job.snapshot()

    @router.post("/grid", response_model=models.GridOut, tags=["equity"])
    async def grid(body: models.GridRequest) -> dict[str, Any]:
        """The odds grid: by final hand category, how often you and your opponents win."""
        exact = await workers.run(_grid_method, body, settings)
        return await workers.run(_grid, body, settings, exact, pool="heavy")

    @router.post("/range", response_model=models.RangeOut, response_model_exclude_unset=True, tags=["equity"])
    async def hand_range(body: models.RangeRequest) -> dict[str, Any]:
        """A range: its canonical text, its combos, and each starting hand's share; ``weights``
        sets whole starting hands or single combos (the grid's edits) and keeps every other combo
        as it was; ``hand`` lists that starting hand's combos with their weights."""
        return await workers.run(_range, body)

    @router.post("/study", response_model=models.StudyOut, response_model_exclude_unset=True, tags=["study"])
    async def study_board(body: models.StudyRequest) -> dict[str, Any]:
        """Board study: what the hero range holds on the board (made hands and draws, each
        class's share and, with one villain, its equity), each combo's equity against the
        villains, the equity distribution of both ranges and, with ``next_card``, each next
        card's probability and effect. One villain is exact; more are Monte Carlo."""
        await workers.run(_check_study, body, settings)
        return await workers.run(_study, body, settings, pool="heavy")

    @router.get("/videopoker/paytables", response_model=models.PaytableList, tags=["video poker"])
    async def paytables() -> dict[str, Any]:
        """The named pay tables, with their lines and what each pays for 1 to 5 coins."""
        return {"paytables": [table.to_dict() for table in PAYTABLES.values()]}

    @router.post("/videopoker/holds", response_model=models.HoldsOut, tags=["video poker"])
    async def hold_list(body: models.HoldsRequest) -> dict[str, Any]:
        """All 32 holds of a deal, best first, with exact expected values."""
        return await workers.run(lambda: holds(body.deal, _paytable(body.paytable), body.coins).to_dict())

    @router.post("/videopoker/analyze", response_model=models.AnalysisOut, tags=["video poker"])
    async def analysis(body: models.AnalyzeRequest, request: Request) -> dict[str, Any]:
        """A game's exact return under optimal play, with every final hand's probability."""
        table = _paytable(body.paytable)
        table.check_coins(body.coins)
        return await watched(request, lambda stop: workers.run(
            lambda: _analysis(table, body.coins, settings.analyze_time_limit, stop).to_dict(), pool="heavy"))

    @router.post("/videopoker/deal", response_model=models.DealOut, tags=["video poker"])
    async def deal(body: models.DealRequest) -> dict[str, Any]:
        """Deal five cards; the seed fixes the whole shuffled deck (for /videopoker/draw)."""
        seed = secrets.randbelow(2**53) if body.seed is None else body.seed
        table = _paytable(body.paytable)
        dealt = await workers.run(
            lambda: {"seed": seed, "deal": [str(card) for card in Trainer(table, seed=seed).deal()]})
        deals.dealt(seed)
        return dealt

    @router.post("/videopoker/draw", response_model=models.DrawOut, tags=["video poker"],
                 responses={409: {"description": "The deal was drawn already: a deal is drawn once."}})
    async def draw(body: models.DrawRequest, request: Request) -> dict[str, Any]:
        """Hold cards of the seed's deal, draw, pay, and compare the hold with the best one. A
        deal this server dealt is drawn once: a second draw of it is refused (409)."""
        await workers.run(_dealt, body)  # bad input: 422 before any derivation
        # the hand's lines: the first hand derives the list
        await watched(request, lambda stop: listed(_paytable(body.paytable), body.coins, stop=stop))
        deals.draw(body.seed)
        return await workers.run(_draw, body)

    @router.post("/videopoker/advise", response_model=models.AdviceOut, tags=["video poker"])
    async def advise(body: models.DrawRequest, request: Request) -> dict[str, Any]:
        """A tutor's word before the draw: the seed's deal with the held cards judged against
        the best hold, the EV given up and the lines of the strategy list both holds follow."""
        await workers.run(_dealt, body)
        await watched(request, lambda stop: listed(_paytable(body.paytable), body.coins, stop=stop))
        return await workers.run(_advise, body)

    @router.post("/videopoker/strategy", response_model=models.StrategyOut, tags=["video poker"])
    async def strategy_list(body: models.StrategyRequest, request: Request) -> dict[str, Any]:
        """The pay table's strategy list, derived from the exact value of every hold of every
        deal: its lines in order, the exact return of playing by it and its cost against
        perfect play (per coin bet)."""
        plan = await watched(request, lambda stop: listed(_paytable(body.paytable), body.coins, body.max_lines, stop))
        return await workers.run(plan.to_dict)

    return router
