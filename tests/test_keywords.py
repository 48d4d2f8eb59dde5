"""No argument is accepted and then ignored.

Every public callable (the functions of ``showdown.__all__`` and ``showdown.videopoker.__all__``, and
the public methods and ``__init__`` of their classes, dataclass records' generated ``__init__`` aside)
is walked for its parameters with a default, and each one has a row in ``TABLE`` below, so a new
keyword argument fails :func:`test_every_keyword_argument_has_a_check` until it gets a check, and a
stale row fails it too. Each row proves its argument matters:

- ``changes``: a call with the argument answers differently from the call without it (or with
  another value, where the default is too costly or is no natural "other" value);
- ``refused``: where the argument cannot apply, or given a bad value, the call raises a
  :class:`~showdown.ShowdownError` whose message names the argument;
- ``effect``: an argument that by design changes how, not what (``n_jobs``, ``progress``, ``out``,
  ``check``, ``path``, the Dask ones) is shown to take effect: threads are started, the callback is
  called and can stop the run, the array is filled, the file is written, the cluster gets the work.

A check that fails because the argument really is ignored in some case is kept as a strict xfail
with the reason (``ignored(...)``): it documents the gap and fails loudly once the gap is closed.
The Dask rows need a cluster: they run in :func:`test_keyword_takes_effect_on_a_cluster` (the dist
tier). Calls are small (rivers and turns, tiny trials and ranges); two costly derivations are
observed instead of run (a strategy list takes about 20 s, so ``strategy`` and ``Trainer`` get a
stand-in for it and the check looks at what the derivation was asked for).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import itertools
import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

import numpy as np
import pytest

import showdown
import showdown.parallel.threads as threads
import showdown.videopoker as videopoker
import showdown.videopoker.analysis as analysis
import showdown.videopoker.strategy_lists as strategy_lists
from conftest import require
from showdown import (
    LIMITS,
    Deck,
    OmahaRange,
    Rake,
    Range,
    Seat,
    ShowdownError,
    breakdown,
    census,
    combo_equities,
    dask_client,
    deal_showdown,
    equity,
    evaluate_low,
    evaluate_many,
    evaluate_many_low,
    format_cards,
    grid_plan,
    hands,
    next_card,
    odds_grid,
    parse_board,
    parse_cards,
    plan,
    preflop_table,
    random_hands,
    run_batch,
    run_options,
    settle,
)
from showdown import showdown as show_down
from showdown.videopoker import (
    AnalysisStopped,
    Strategy,
    Trainer,
    analyze,
    analyze_all,
    best_hold,
    describe_hold,
    hand_class,
    holds,
    parse_deal,
    strategy,
)

# --- the walk ----------------------------------------------------------------------------------


def _is_record(cls: type) -> bool:
    return dataclasses.is_dataclass(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields"))


def _defaults(function: Callable[..., Any], name: str) -> set[str]:
    return {f"{name}.{parameter.name}" for parameter in inspect.signature(function).parameters.values()
            if parameter.name not in ("self", "cls") and parameter.default is not inspect.Parameter.empty}


def walked() -> set[str]:
    """``module.name[.method].parameter`` for every parameter with a default of the public API."""
    found: set[str] = set()
    for module in (showdown, videopoker):
        for name in module.__all__:
            public = getattr(module, name)
            if inspect.isfunction(public):
                found |= _defaults(public, f"{module.__name__}.{name}")
            elif inspect.isclass(public):
                for attribute in dir(public):
                    if (attribute.startswith("_") and attribute != "__init__") or (
                            attribute == "__init__" and _is_record(public)):
                        continue
                    raw = inspect.getattr_static(public, attribute)
                    function = raw.__func__ if isinstance(raw, (classmethod, staticmethod)) else raw
                    if inspect.isfunction(function) and function.__module__.startswith("showdown"):
                        found |= _defaults(getattr(public, attribute), f"{module.__name__}.{name}.{attribute}")
    return found


# --- the checks --------------------------------------------------------------------------------


@dataclass
class Context:
    """What a check may use: a fresh folder, monkeypatch, and the Dask client of the cluster rows."""

    tmp_path: Path
    monkeypatch: pytest.MonkeyPatch
    client: Any = None


@dataclass(frozen=True)
class Check:
    """One proof about the keyword ``parameter``: ``run(context, parameter)`` fails when it does not hold."""

    kind: str
    run: Callable[[Context, str], None] = field(repr=False)
    cluster: bool = False
    ignored: str = ""
    """Why the argument is ignored where this check looks: the check is then a strict xfail."""


def _outcome(call: Callable[..., Any], kwargs: dict[str, Any]) -> Any:
    """The answer of ``call(**kwargs)``, or the refusal (its type and message)."""
    try:
        return call(**kwargs)
    except ShowdownError as error:
        return ("refused", type(error).__name__, str(error))


def changes(call: Callable[..., Any], given: dict[str, Any], baseline: Optional[dict[str, Any]] = None,
            setup: Optional[Callable[[Context], None]] = None) -> Check:
    """``call(**given)`` answers, and not as ``call(**baseline)`` does (default: no keyword) answers or
    refuses. ``call`` returns a projection of the result that compares by value."""

    def run(context: Context, parameter: str) -> None:
        assert parameter in given
        if setup is not None:
            setup(context)
        answer = call(**given)
        other = _outcome(call, baseline or {})
        assert answer != other, f"{given} answers as {baseline or 'the default'} does: {answer!r}"

    return Check("changes", run)


def refused(call: Callable[..., Any], given: dict[str, Any], names: Optional[str] = None) -> Check:
    """``call(**given)`` raises a ShowdownError whose message names the argument (or ``names``)."""

    def run(context: Context, parameter: str) -> None:
        assert parameter in given
        with pytest.raises(ShowdownError) as caught:
            call(**given)
        assert re.search(rf"\b{re.escape(names or parameter)}\b", str(caught.value)), str(caught.value)

    return Check("refused", run)


def effect(proof: Callable[[Context], None], cluster: bool = False) -> Check:
    """A proof that an argument of how, not what, takes effect."""
    return Check("effect", lambda context, parameter: proof(context), cluster=cluster)


def ignored(check: Check, reason: str) -> Check:
    return dataclasses.replace(check, ignored=reason)




def callable_progress(call: Callable[..., Any]) -> Check:
    return refused(call, {"progress": 5})


def dask_client_only(call: Callable[..., Any]) -> Check:
    return refused(call, {"client": "tcp://127.0.0.1:8786"})


# --- n_jobs: the thread fan-out, spied on --------------------------------------------------------


def _spy_threads(context: Context) -> list[int]:
    """How many ranges :func:`showdown.parallel.threads.run_ranges` hands to other threads, in calls
    made from this thread (a kernel warming up in the background is not the call under test)."""
    submitted: list[int] = []
    real, caller = threads._submit, threading.current_thread()

    def spy(calls: list[tuple[Any, ...]]) -> Any:
        if threading.current_thread() is caller:
            submitted.append(len(calls))
        return real(calls)

    context.monkeypatch.setattr(threads, "_submit", spy)
    return submitted


def uses_threads(call: Callable[..., Any]) -> Check:
    """``n_jobs=1`` runs on this thread only, ``n_jobs=2`` (on work big enough for two) hands work to
    a second thread, both give one answer, and ``n_jobs=0`` is refused by name."""

    def proof(context: Context) -> None:
        import numba

        if numba.config.NUMBA_NUM_THREADS < 2:
            pytest.skip("numba has one thread here: n_jobs=2 cannot start a second")
        submitted = _spy_threads(context)
        alone = call(n_jobs=1)
        assert submitted == []
        shared = call(n_jobs=2)
        assert submitted, "n_jobs=2 ran everything on the calling thread"
        assert alone == shared
        refused(call, {"n_jobs": 0}).run(context, "n_jobs")

    return effect(proof)


# --- Dask: the client, counted ----------------------------------------------------------------------


class CountingClient:
    """A Dask client that counts the work submitted through it."""

    def __init__(self, client: Any) -> None:
        self.client, self.submitted = client, 0

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        return self.client.submit(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


def on_cluster(call: Callable[..., Any], ignored_reason: str = "",
               setup: Optional[Callable[[Context], None]] = None) -> Check:
    """``call(client=...)`` sends work to the cluster and answers as ``call()`` does here."""

    def proof(context: Context) -> None:
        if setup is not None:
            setup(context)
        counting = CountingClient(context.client)
        spread = call(client=counting)
        assert counting.submitted, "nothing was submitted to the cluster"
        assert spread == call()

    return Check("effect", lambda context, parameter: proof(context), cluster=True, ignored=ignored_reason)


def submissions(call: Callable[..., Any], given: dict[str, Any], baseline: dict[str, Any]) -> Check:
    """On a cluster, ``given`` cuts the work into another number of tasks than ``baseline``, for one answer."""

    def proof(context: Context) -> None:
        counts, answers = [], []
        for kwargs in (given, baseline):
            counting = CountingClient(context.client)
            answers.append(call(client=counting, **kwargs))
            counts.append(counting.submitted)
        assert counts[0] != counts[1] and answers[0] == answers[1], counts

    return effect(proof, cluster=True)


# --- progress ------------------------------------------------------------------------------------


def reports_progress(call: Callable[..., Any], stops: Optional[Callable[[Any], bool]] = None) -> Check:
    """``call(progress=f)`` calls ``f``; with ``stops``, ``f`` returning False stops the run, which
    ``stops(outcome)`` recognizes (an answer cut short, or the refusal that says so)."""

    def proof(context: Context) -> None:
        seen: list[Any] = []
        call(progress=lambda *report: seen.append(report))
        assert seen, "progress was never called"
        if stops is not None:
            assert stops(_outcome(call, {"progress": lambda *report: False}))

    return effect(proof)


def stopped(kind: str) -> Callable[[Any], bool]:
    return lambda outcome: isinstance(outcome, tuple) and outcome[:2] == ("refused", kind)


# --- shared inputs -------------------------------------------------------------------------------

HEADS_UP = ["AhAs", "KdKc"]
FLOP = "Qh 7s 2d"
TURN = "Qh 7s 2d 5c"
STRAIGHT_IN_SHORT_DECK = ("A9o", "6s 7h 8d")  # A-6-7-8-9 is a straight in short deck only
MONTE_CARLO = {"exact": False, "seed": 1}
OMAHA = OmahaRange("AAKKds")
DEUCES = "2c 2d 2h 2s Ah"
OMAHA_HILO_ROW = [[c.id for c in parse_cards("Ah 2h Qs Qd 3c 4d 5s Ks Kh")]]
SHORT_DECK_STRAIGHT = showdown.evaluate("6s 7s 8s 9s Ah Kd", game="short-deck").value  # ace-to-nine
FLUSH_OVER_FULL_HOUSE = ("Ah Kh Qh 6h 6c", ["Ac 6d", "7h 8h"])  # the flush wins in short deck only


PREFLOP_PIECES = ["AKs", "random"]
"""367 classes of assignments preflop: two pieces, so one progress report between them."""


def ro(**kw: Any) -> Any:
    """The options, without the random seed drawn when none is given."""
    return dataclasses.replace(run_options(**kw), seed=None)


def hu(**kw: Any) -> tuple[float, ...]:
    return equity(HEADS_UP, **kw).equity


def hu_run(**kw: Any) -> tuple[Any, ...]:
    result = equity(HEADS_UP, **{**MONTE_CARLO, **kw})
    return result.total, result.equity


def grid(hole: str = "AhKh", **kw: Any) -> dict[str, Any]:
    result = odds_grid(hole, **kw).to_dict()
    result.pop("elapsed", None)
    return result


def grid_run(**kw: Any) -> tuple[Any, ...]:
    result = odds_grid("AhKh", **{**MONTE_CARLO, **kw})
    return result.total, result.equity


@functools.cache
def _combo_equities() -> Any:
    return combo_equities("AA, 22, KQs", "QQ", "Ks 7h 2d")


def combo_filter(**kw: Any) -> str:
    return str(_combo_equities().filter(**kw))


def reshuffled(**kw: Any) -> tuple[Any, ...]:
    deck = Deck(seed=1)
    deck.shuffle(**kw)
    return deck.deal(5)


def plan_of(**kw: Any) -> dict[str, Any]:
    return plan(["AA", "KK"], **kw).to_dict()


def first_hands(generator: Callable[..., Any], n: int, **kw: Any) -> list[str]:
    return [format_cards(hand) for hand in itertools.islice(generator(n, **kw), 20)]


def stand_in_derivation(context: Context) -> None:
    """A strategy list takes about 20 s to derive: stand in a derivation that answers with what it
    was asked for (``strategy``'s checks) and is a list without lines (the trainer's)."""

    def derived(table: Any, coins: int, max_lines: int) -> Strategy:
        return Strategy(table, coins, (), Fraction(1), Fraction(1), float(max_lines), {})

    context.monkeypatch.setattr(strategy_lists, "_derived", derived)


def derivation(**kw: Any) -> tuple[Any, ...]:
    plan = strategy(**kw)
    return plan.paytable.name, plan.coins, plan.elapsed  # elapsed holds max_lines in the stand-in


def trainer_hand(**kw: Any) -> dict[str, Any]:
    trainer = Trainer(**{"seed": 1, **kw})
    trainer.deal()
    return trainer.play((0, 1, 2, 3, 4)).to_dict()


def one_table(context: Context) -> None:
    """``analyze_all`` over two pay tables, not all twelve."""
    context.monkeypatch.setattr(analysis, "PAYTABLES", {name: analysis.PAYTABLES[name]
                                                        for name in ("jacks-or-better-9-6", "deuces-wild-full-pay")})


def all_returns(**kw: Any) -> dict[str, Fraction]:
    return {name: result.expected_return for name, result in analyze_all(**kw).items()}


SEATS = [Seat("A", 5, "Ah Kh"), Seat("B", 5, "Ad Kd"), Seat("C", 5, "Ac Kc"), Seat("D", 2, folded=True)]
"""Three players chop 17 chips: two odd chips to share."""


def settled(board: str = "As Ks 7c 8d 9h", seats: Any = SEATS, **kw: Any) -> str:
    return str(settle(seats, board, **kw))


def partitions_reported(call: Callable[..., Any], given: dict[str, Any], baseline: dict[str, Any]) -> Check:
    """Without a cluster too the work is cut as asked: ``progress`` reports another number of parts, for one
    answer."""

    def proof(context: Context) -> None:
        def reported(kwargs: dict[str, Any]) -> tuple[Any, int]:
            seen: list[Any] = []
            return call(progress=lambda *report: seen.append(report), **kwargs), len(seen)

        (answer, parts), (other, other_parts) = reported(given), reported(baseline)
        assert answer == other and parts != other_parts, (parts, other_parts)

    return effect(proof)


BATCH_LINES = [{"players": HEADS_UP, "board": TURN, "trials": 2000},
               {"players": ["AhKh", "QQ"], "board": FLOP, "exact": False, "trials": 1000, "seed": 1},
               {"players": ["AhKh", "random"], "trials": 3000, "seed": 2}]
EXACT_LINES = [{"players": HEADS_UP, "board": TURN, "exact": True},
               {"players": HEADS_UP, "board": TURN},
               {"players": ["AhKh", "QQ"], "board": FLOP, "exact": False, "trials": 1000, "seed": 1}]
"""Two lines that enumerate a turn (asked for exact, and by default: 44 boards), one that samples."""


def batch(context: Context, lines: list[dict[str, Any]] = BATCH_LINES, **kw: Any) -> list[Any]:
    """The records of ``lines`` solved by ``run_batch(**kw)`` (elapsed times left out)."""
    folder = context.tmp_path / f"batch-{len(list(context.tmp_path.iterdir()))}"
    folder.mkdir()
    source, output = folder / "spots.jsonl", folder / "out.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    run_batch(source, output, **kw)
    records = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    for record in records:
        record.get("result", {}).pop("elapsed", None)
    return records


def with_context(proof: Callable[[Context, Callable[..., Any]], None],
                 call: Callable[..., Any]) -> Callable[[Context], None]:
    return lambda context: proof(context, functools.partial(call, context))


# --- proofs of arguments of how, not what ---------------------------------------------------------


def equity_progress_stops(context: Context) -> None:
    seen: list[Any] = []
    assert hu_run(trials=100_000, progress=seen.append)[0] == 100_000 and seen
    total, _ = hu_run(trials=100_000, progress=lambda result: False)
    assert total < 100_000  # Monte Carlo stops after the first batch
    reports_progress(lambda **kw: equity(PREFLOP_PIECES, exact=True, **kw).equity, stopped("EquityCancelled")).run(
        context, "progress")


def grid_progress_stops(context: Context) -> None:
    assert grid_run(trials=100_000, progress=lambda result: False)[0] < 100_000
    reports_progress(lambda **kw: grid(exact=True, **kw), stopped("EquityCancelled")).run(context, "progress")


def out_is_filled(evaluator: Callable[..., Any], rows: Any) -> Callable[[Context], None]:
    def proof(context: Context) -> None:
        expected = evaluator(rows)
        out = np.zeros(len(expected), dtype=np.int32)
        assert evaluator(rows, out=out) is out and out.tolist() == expected.tolist() and any(expected)
        refused(lambda **kw: evaluator(rows, **kw), {"out": np.zeros(len(expected), dtype=np.int64)}).run(
            context, "out")

    return proof


def check_skips_validation(evaluator: Callable[..., Any], rows: Any, bad_column: int) -> Callable[[Context], None]:
    def proof(context: Context) -> None:
        bad = np.array(rows, dtype=np.int64)
        bad[0, bad_column] = 60
        with pytest.raises(ShowdownError, match="row 0"):
            evaluator(bad)
        assert len(evaluator(bad, check=False)) == 1  # not checked: no error (the value means nothing)

    return proof


def csv_written(context: Context) -> None:
    table = preflop_table(["AA", "KK"])
    path = context.tmp_path / "table.csv"
    text = table.to_csv(path)
    assert path.read_text(encoding="utf-8") == text and text == table.to_csv()
    refused(table.to_csv, {"path": context.tmp_path / "missing" / "table.csv"}, names="missing").run(context, "path")


def analyze_stops(context: Context) -> None:
    reports_progress(lambda **kw: analyze("jacks-or-better-9-6", **kw), stopped("AnalysisStopped")).run(
        context, "progress")


def strategy_stops(context: Context) -> None:
    # A list not kept yet: the callback hears of the derivation before it starts, and stops it.
    seen: list[Any] = []
    with pytest.raises(AnalysisStopped, match="the strategy list of jacks-or-better-8-5 was stopped"):
        strategy("jacks-or-better-8-5", max_lines=33, progress=lambda *report: seen.append(report) or False)
    assert seen and all(done <= total for done, total in seen)


def analyze_all_progress(context: Context) -> None:
    one_table(context)
    seen: list[Any] = []
    analyze_all(progress=lambda *report: seen.append(report))
    assert seen == [(1, 2), (2, 2)]


def batch_progress(context: Context) -> None:
    seen: list[Any] = []
    batch(context, progress=lambda *report: seen.append(report))
    assert seen and seen[-1] == (3, 3)


def batch_limit(context: Context) -> None:
    capped = batch(context, EXACT_LINES, max_evaluations=1)
    free = batch(context, EXACT_LINES)
    assert ["error" in record for record in free] == [False, False, False], free
    # over the cap, an exact line is refused and a line that leaves it to the plan samples
    assert ["error" in record for record in capped] == [True, False, False] and capped[2] == free[2], capped
    assert free[1]["result"]["exact"] and not capped[1]["result"]["exact"]


def batch_partitions_here(context: Context) -> None:
    partitions_reported(functools.partial(batch, context), {"lines_per_partition": 1}, {}).run(
        context, "lines_per_partition")
    refused(functools.partial(batch, context), {"lines_per_partition": 0}).run(context, "lines_per_partition")


def scheduler_reached(context: Context) -> None:
    with dask_client(scheduler=context.client.scheduler.address) as client:
        assert len(client.scheduler_info()["workers"]) == 2
    with dask_client() as nothing:
        assert nothing is None


def local_cluster_started(context: Context) -> None:
    with dask_client(local=1) as client:
        assert len(client.scheduler_info()["workers"]) == 1


# --- the table -----------------------------------------------------------------------------------

TABLE: dict[str, tuple[Check, ...]] = {
    # ComboEquities.filter
    "showdown.ComboEquities.filter.min_equity": (changes(combo_filter, {"min_equity": 0.95}),
                                                 refused(combo_filter, {"min_equity": "high"})),
    "showdown.ComboEquities.filter.max_equity": (changes(combo_filter, {"max_equity": 0.95}),
                                                 refused(combo_filter, {"max_equity": "low"})),
    "showdown.ComboEquities.filter.classes": (changes(combo_filter, {"classes": ["AA"]}),
                                              refused(combo_filter, {"classes": 5})),
    # Deck
    "showdown.Deck.__init__.seed": (changes(lambda **kw: Deck(**kw).deal(5), {"seed": 1}, {"seed": 2}),
                                    refused(lambda **kw: Deck(**kw), {"seed": -1})),
    "showdown.Deck.__init__.shuffle": (changes(lambda **kw: Deck(seed=1, **kw).deal(5), {"shuffle": False}),),
    "showdown.Deck.__init__.cards": (changes(lambda **kw: Deck(seed=1, **kw).deal(2), {"cards": "Kd Qd"}),),
    "showdown.Deck.shuffle.seed": (changes(reshuffled, {"seed": 2}),
                                   refused(reshuffled, {"seed": -1})),
    "showdown.Deck.deal.n": (changes(lambda **kw: Deck(seed=1).deal(**kw), {"n": 2}),),
    # Limits, Plan
    "showdown.Limits.exact_seconds.threads": (changes(lambda **kw: LIMITS.exact_seconds(10**9, **kw), {"threads": 2}),
                                              refused(lambda **kw: LIMITS.exact_seconds(10, **kw), {"threads": 0})),
    "showdown.Plan.seconds.threads": (changes(lambda **kw: plan(["AA", "KK"]).seconds(**kw), {"threads": 2}),
                                      refused(lambda **kw: plan(["AA", "KK"]).seconds(**kw), {"threads": 0})),
    # OmahaRange, Range
    "showdown.OmahaRange.__init__.game": (
        changes(lambda **kw: OmahaRange("AAKKds", **kw).to_dict(), {"game": "omaha-hilo"}),
        refused(lambda **kw: OmahaRange("AAxx", **kw), {"game": "holdem"})),
    "showdown.OmahaRange.remove.board": (changes(lambda **kw: len(OMAHA.remove(**kw)), {"board": "As"}),),
    "showdown.OmahaRange.remove.dead": (changes(lambda **kw: len(OMAHA.remove(**kw)), {"dead": "As"}),),
    "showdown.Range.__init__.game": (changes(lambda **kw: len(Range("random", **kw)), {"game": "short-deck"}),
                                     refused(lambda **kw: Range("AA", **kw), {"game": "poker"})),
    "showdown.Range.from_combos.weights": (changes(lambda **kw: str(Range.from_combos(["AhKh"], **kw)),
                                                   {"weights": [0.5]}),
                                           refused(lambda **kw: Range.from_combos(["AhKh"], **kw), {"weights": [2]},
                                                   names="weight")),
    "showdown.Range.remove.board": (changes(lambda **kw: len(Range("AKs").remove(**kw)), {"board": "Ah 7c 2d"}),),
    "showdown.Range.remove.dead": (changes(lambda **kw: len(Range("AKs").remove(**kw)), {"dead": "Ks"}),),
    "showdown.Range.split.by": (
        changes(lambda **kw: {k: str(v) for k, v in Range("AA, KK, AhQh").split("Ks 7h 2h", **kw).items()},
                {"by": "draw"}),
        refused(lambda **kw: Range("AA").split(FLOP, **kw), {"by": "suit"})),
    "showdown.Range.split.dead": (
        changes(lambda **kw: {k: len(v) for k, v in Range("AA, KK").split(FLOP, **kw).items()}, {"dead": "Ac"}),),
    "showdown.Range.split.game": (
        changes(lambda **kw: {k: len(v) for k, v in Range(STRAIGHT_IN_SHORT_DECK[0]).split(
            STRAIGHT_IN_SHORT_DECK[1], **kw).items()}, {"game": "short-deck"}),),
    "showdown.Range.filter.made": (changes(lambda **kw: str(Range("AA, KK, AhQh").filter(
        "Ks 7h 2h", draws=["flush-draw"], **kw)), {"made": ["overpair"]}),
        refused(lambda **kw: Range("AA").filter(FLOP, **kw), {"made": ["nuts"]}, names="nuts")),
    "showdown.Range.filter.draws": (changes(lambda **kw: str(Range("AA, KK, AhQh").filter(
        "Ks 7h 2h", made=["overpair"], **kw)), {"draws": ["flush-draw"]}),),
    "showdown.Range.filter.dead": (changes(lambda **kw: len(Range("AA, KK").filter(FLOP, made=["overpair"], **kw)),
                                           {"dead": "Ac"}),),
    "showdown.Range.filter.game": (changes(lambda **kw: str(Range(STRAIGHT_IN_SHORT_DECK[0]).filter(
        STRAIGHT_IN_SHORT_DECK[1], made=["straight"], **kw)), {"game": "short-deck"}),),
    # breakdown, census
    "showdown.breakdown.dead": (changes(lambda **kw: breakdown("random", "Ks 7h 2d", **kw).to_dict(), {"dead": "As"}),),
    "showdown.breakdown.villain": (changes(lambda **kw: breakdown("QQ+, AK", "Ks 7h 2d", **kw).to_dict(),
                                           {"villain": "random"}),),
    "showdown.breakdown.game": (changes(lambda **kw: breakdown(*STRAIGHT_IN_SHORT_DECK, **kw).to_dict(),
                                       {"game": "short-deck"}),),
    # the default, every 7-card hand, takes over a second: two cheap values are compared
    "showdown.census.n_cards": (changes(lambda **kw: census(**kw).to_dict(), {"n_cards": 3}, {"n_cards": 4}),),
    # combo_equities
    "showdown.combo_equities.board": (changes(lambda **kw: combo_equities("AA, KK", "QQ", **kw).to_dict(),
                                              {"board": "Qh 7s 2d 5c"}, {"board": FLOP}),),
    "showdown.combo_equities.dead": (changes(lambda **kw: combo_equities("AA, KK", "QQ", TURN, **kw).to_dict(),
                                             {"dead": "Qc"}),),
    "showdown.combo_equities.exact": (
        changes(lambda **kw: combo_equities("AA, KK", "QQ", FLOP, **kw).by_combo, {"exact": False, "trials": 2000}),
        refused(lambda **kw: combo_equities("AA", "KK", **kw), {"exact": True})),
    "showdown.combo_equities.trials": (
        changes(lambda **kw: combo_equities("AA, KK", "QQ", seed=1, **kw).to_dict(), {"trials": 1000},
                {"trials": 2000}),
        refused(lambda **kw: combo_equities("AA", "KK", FLOP, **kw), {"exact": True, "trials": 1000})),
    "showdown.combo_equities.seed": (
        changes(lambda **kw: combo_equities("AA, KK", "QQ", trials=1000, **kw).by_combo, {"seed": 1}, {"seed": 2}),
        refused(lambda **kw: combo_equities("AA", "KK", FLOP, **kw), {"exact": True, "seed": 1})),
    "showdown.combo_equities.time_limit": (
        changes(lambda **kw: combo_equities("AA, KK", "QQ", seed=1, trials=100_000, **kw).trials,
                {"time_limit": 1e-9}),
        refused(lambda **kw: combo_equities("AA", "KK", FLOP, **kw), {"exact": True, "time_limit": 1})),
    "showdown.combo_equities.n_jobs": (
        uses_threads(lambda **kw: combo_equities("AA, KK", "QQ", trials=250_000, seed=1, **kw).by_combo),
        uses_threads(lambda **kw: combo_equities("random", "random", FLOP, **kw).by_combo)),
    "showdown.combo_equities.game": (changes(lambda **kw: combo_equities(
        "A9o", "QQ", "6s 7h 8d Kc Kd", **kw).to_dict(), {"game": "short-deck"}),),
    # dask_client: refused here, a cluster below
    "showdown.dask_client.scheduler": (
        refused(lambda **kw: dask_client(**kw).__enter__(), {"scheduler": 8786}),
        effect(scheduler_reached, cluster=True)),
    "showdown.dask_client.local": (
        refused(lambda **kw: dask_client(**kw).__enter__(), {"local": 0}),
        effect(local_cluster_started, cluster=True)),
    # deal_showdown
    "showdown.deal_showdown.players": (changes(lambda **kw: deal_showdown(seed=1, **kw).to_dict(), {"players": 3}),
                                       refused(lambda **kw: deal_showdown(**kw), {"players": 1})),
    "showdown.deal_showdown.seed": (changes(lambda **kw: deal_showdown(**kw).to_dict(), {"seed": 1}, {"seed": 2}),
                                    refused(lambda **kw: deal_showdown(**kw), {"seed": -1})),
    "showdown.describe_many.game": (
        changes(lambda **kw: showdown.describe_many([SHORT_DECK_STRAIGHT], **kw), {"game": "short-deck"}),
        refused(lambda **kw: showdown.describe_many([1], **kw), {"game": "razz"})),
    "showdown.deal_showdown.game": (changes(lambda **kw: deal_showdown(seed=1, **kw).to_dict(), {"game": "omaha"}),
                                    refused(lambda **kw: deal_showdown(**kw), {"game": "poker"})),
    # equity
    "showdown.equity.board": (changes(lambda **kw: hu(exact=True, **kw), {"board": TURN}),),
    "showdown.equity.dead": (changes(lambda **kw: equity(HEADS_UP, TURN, **kw).counts.total, {"dead": "3c"}),),
    "showdown.equity.exact": (changes(lambda **kw: hu(board=TURN, **kw), {"exact": False}),
                              refused(hu, {"exact": "yes"})),
    "showdown.equity.trials": (changes(hu_run, {"trials": 1000}),
                               refused(hu, {"exact": True, "trials": 1000})),
    "showdown.equity.seed": (changes(lambda **kw: hu(trials=1000, **kw), {"seed": 1}, {"seed": 2}),
                             refused(hu, {"exact": True, "seed": 1})),
    "showdown.equity.stderr": (changes(hu_run, {"stderr": 0.01}),
                               refused(hu, {"exact": True, "stderr": 0.01})),
    "showdown.equity.time_limit": (
        changes(hu_run, {"time_limit": 1e-9}),
        refused(lambda **kw: equity(PREFLOP_PIECES, exact=True, **kw), {"time_limit": 1e-9}),
        refused(hu, {"time_limit": -1}),
        refused(lambda **kw: equity(["random", "random"], FLOP, exact=True, **kw), {"time_limit": 1e-9})),
    "showdown.equity.n_jobs": (uses_threads(lambda **kw: hu_run(trials=300_000, **kw)),
                               uses_threads(lambda **kw: equity(["random", "random"], FLOP, exact=True, **kw).equity)),
    "showdown.equity.progress": (
        effect(equity_progress_stops),
        callable_progress(lambda **kw: hu_run(trials=1000, **kw)),
        reports_progress(lambda **kw: equity(["random", "random"], FLOP, exact=True, **kw).equity)),
    "showdown.equity.client": (
        on_cluster(lambda **kw: hu_run(trials=50_000, **kw)),
        on_cluster(lambda **kw: hu(exact=True, **kw)),
        dask_client_only(lambda **kw: hu_run(trials=1000, **kw)),
        refused(lambda **kw: equity(HEADS_UP, FLOP, exact=True, **kw), {"client": "tcp://127.0.0.1:8786"})),
    "showdown.equity.max_evaluations": (
        changes(lambda **kw: hu(board=TURN, **kw), {"max_evaluations": 1}),
        refused(lambda **kw: hu(exact=True, **kw), {"max_evaluations": 1}),
        refused(hu, {"max_evaluations": 0})),
    "showdown.equity.game": (changes(lambda **kw: equity(["Ah9d", "QcQd"], "6s 7h 8d Kc", exact=True, **kw).equity,
                                     {"game": "short-deck"}),
                             refused(hu, {"game": "poker"})),
    # evaluate_low, evaluate_many, evaluate_many_low
    "showdown.evaluate_low.board": (changes(lambda **kw: str(evaluate_low("Ah 2h Qs Qd", **kw)),
                                            {"board": "3c 4d 5s Ks Kh"}),),
    "showdown.evaluate_low.game": (changes(lambda **kw: str(evaluate_low("Ah 2h Qs Qd 3c", "4d 5s Ks Kh", **kw)),
                                           {"game": "omaha5-hilo"}),
                                   refused(lambda **kw: evaluate_low("Ah 2h Qs Qd", "3c 4d 5s", **kw),
                                           {"game": "holdem"}, names="holdem has no low half")),
    "showdown.evaluate_many.n_jobs": (uses_threads(lambda **kw: evaluate_many(
        np.tile(np.arange(7, dtype=np.uint8), (200_000, 1)), **kw).tolist()),),
    "showdown.evaluate_many.out": (effect(out_is_filled(evaluate_many, [[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]])),),
    "showdown.evaluate_many.check": (effect(check_skips_validation(evaluate_many, [[0, 1, 2, 3, 4]], 4)),),
    "showdown.evaluate_many.game": (changes(lambda **kw: evaluate_many(
        [[c.id for c in parse_cards("Ah Kh Qh 9h 7h 6c 6d")]], **kw).tolist(), {"game": "short-deck"}),),
    "showdown.evaluate_many_low.n_jobs": (uses_threads(lambda **kw: evaluate_many_low(
        np.tile(np.array(OMAHA_HILO_ROW[0], dtype=np.uint8), (200_000, 1)), **kw).tolist()),),
    "showdown.evaluate_many_low.out": (effect(out_is_filled(evaluate_many_low, OMAHA_HILO_ROW)),),
    "showdown.evaluate_many_low.check": (effect(check_skips_validation(evaluate_many_low, OMAHA_HILO_ROW, 8)),),
    "showdown.evaluate_many_low.game": (changes(lambda **kw: evaluate_many_low(OMAHA_HILO_ROW, **kw).tolist(),
                                                {"game": "omaha5-hilo"}),
                                        refused(lambda **kw: evaluate_many_low(OMAHA_HILO_ROW, **kw),
                                                {"game": "omaha"}, names="omaha has no low half")),
    # format_cards
    "showdown.format_cards.separator": (changes(lambda **kw: format_cards("As Kd", **kw), {"separator": ","}),
                                        refused(lambda **kw: format_cards("As Kd", **kw), {"separator": 5})),
    # grid_plan, odds_grid (the preflop default enumerates for about a second: a flop and a turn instead)
    "showdown.grid_plan.board": (changes(lambda **kw: grid_plan("AhKh", **kw).to_dict(), {"board": FLOP}),),
    "showdown.grid_plan.opponents": (changes(lambda **kw: grid_plan("AhKh", FLOP, **kw).to_dict(), {"opponents": 2}),
                                     refused(lambda **kw: grid_plan("AhKh", **kw), {"opponents": 10})),
    "showdown.grid_plan.game": (changes(lambda **kw: grid_plan("AhKh", "Qh 7s 6d", **kw).to_dict(),
                                        {"game": "short-deck"}),),
    "showdown.odds_grid.board": (changes(lambda **kw: grid(**kw), {"board": TURN}, {"board": FLOP}),),
    "showdown.odds_grid.opponents": (changes(lambda **kw: grid_run(board=TURN, trials=2000, **kw), {"opponents": 2}),
                                     refused(lambda **kw: grid(board=TURN, **kw), {"opponents": 0})),
    "showdown.odds_grid.exact": (changes(lambda **kw: grid(board=TURN, **kw), {"exact": False}),
                                 refused(lambda **kw: grid(board=TURN, **kw), {"exact": "yes"})),
    "showdown.odds_grid.trials": (changes(grid_run, {"trials": 1000}),
                                  refused(lambda **kw: grid(board=TURN, **kw), {"exact": True, "trials": 1000})),
    "showdown.odds_grid.seed": (changes(lambda **kw: grid(trials=1000, **kw), {"seed": 1}, {"seed": 2}),
                                refused(lambda **kw: grid(board=TURN, **kw), {"exact": True, "seed": 1})),
    "showdown.odds_grid.n_jobs": (uses_threads(lambda **kw: grid_run(trials=300_000, **kw)),),
    "showdown.odds_grid.progress": (effect(grid_progress_stops),
                                    callable_progress(lambda **kw: grid_run(trials=1000, **kw))),
    "showdown.odds_grid.max_evaluations": (changes(lambda **kw: grid(board=TURN, **kw), {"max_evaluations": 1}),
                                           refused(lambda **kw: grid(board=TURN, **kw), {"max_evaluations": 0})),
    "showdown.odds_grid.game": (changes(lambda **kw: grid("Ah9d", board="6s 7h 8d Kc", **kw),
                                        {"game": "short-deck"}),),
    # parse_board, parse_cards
    "showdown.parse_board.name": (refused(lambda **kw: parse_board("Ks 7h", **kw), {"name": "the flop"},
                                          names="the flop"),),
    "showdown.parse_cards.allow_duplicates": (changes(lambda **kw: parse_cards("As As", **kw),
                                                      {"allow_duplicates": True}),),
    "showdown.parse_cards.joker": (changes(lambda **kw: parse_cards("Jk As", **kw), {"joker": True}),),
    # plan
    "showdown.plan.board": (changes(plan_of, {"board": FLOP}),),
    "showdown.plan.dead": (changes(plan_of, {"dead": "Ac"}),),
    "showdown.plan.game": (changes(plan_of, {"game": "short-deck"}),),
    # preflop_table (the default, all 169 hands, takes about 20 s: two small tables are compared)
    "showdown.preflop_table.hands": (changes(lambda **kw: preflop_table(**kw).to_csv(), {"hands": ["AA", "KK"]},
                                             {"hands": ["AA", "72o"]}),
                                     refused(lambda **kw: preflop_table(**kw), {"hands": ["AA", "AA"]})),
    "showdown.preflop_table.client": (on_cluster(lambda **kw: preflop_table(["AA", "KK", "72o"], **kw).to_csv()),
                                      dask_client_only(lambda **kw: preflop_table(["AA", "KK"], **kw))),
    "showdown.preflop_table.partitions": (
        partitions_reported(lambda **kw: preflop_table(["AA", "KK", "72o"], **kw).to_csv(), {"partitions": 2},
                            {"partitions": 1}),
        refused(lambda **kw: preflop_table(["AA", "KK"], **kw), {"partitions": 0}),
        submissions(lambda **kw: preflop_table(["AA", "KK", "72o"], **kw).to_csv(), {"partitions": 2},
                    {"partitions": 1})),
    "showdown.preflop_table.progress": (reports_progress(lambda **kw: preflop_table(["AA", "KK"], **kw)),
                                        callable_progress(lambda **kw: preflop_table(["AA", "KK"], **kw))),
    "showdown.PreflopTable.to_csv.path": (effect(csv_written),),
    # run_options
    "showdown.run_options.exact": (changes(ro, {"exact": True}),
                                   refused(run_options, {"exact": "yes"})),
    "showdown.run_options.trials": (changes(ro, {"trials": 10}),
                                    refused(run_options, {"trials": 0})),
    "showdown.run_options.stderr": (changes(ro, {"stderr": 0.1}),
                                    refused(run_options, {"stderr": -1})),
    "showdown.run_options.time_limit": (changes(ro, {"time_limit": 1}),
                                        refused(run_options, {"time_limit": 0})),
    "showdown.run_options.seed": (changes(lambda **kw: run_options(**kw).seed, {"seed": 1}, {"seed": 2}),
                                  refused(run_options, {"seed": -1})),
    "showdown.run_options.n_jobs": (changes(ro, {"n_jobs": 2}),
                                    refused(run_options, {"n_jobs": 0})),
    "showdown.run_options.max_evaluations": (changes(ro, {"max_evaluations": 9}),
                                             refused(run_options, {"max_evaluations": 0})),
    "showdown.run_options.sampled_time": (
        changes(lambda **kw: ro(time_limit=1, **kw), {"sampled_time": True}),
        refused(lambda **kw: run_options(exact=True, time_limit=1, **kw), {"sampled_time": True},
                names="time_limit")),
    # random_hands, hands
    "showdown.random_hands.shared": (changes(lambda **kw: first_hands(random_hands, 2, seed=1, **kw),
                                             {"shared": "As"}),),
    "showdown.random_hands.dead": (changes(lambda **kw: first_hands(random_hands, 2, seed=1, **kw),
                                           {"dead": "As Ks Qs Js"}),),
    "showdown.random_hands.seed": (changes(lambda **kw: first_hands(random_hands, 2, **kw), {"seed": 1}, {"seed": 2}),
                                   refused(lambda **kw: first_hands(random_hands, 2, **kw), {"seed": -1})),
    "showdown.random_hands.game": (changes(lambda **kw: first_hands(random_hands, 2, seed=1, **kw),
                                           {"game": "short-deck"}),),
    "showdown.hands.shared": (changes(lambda **kw: first_hands(hands, 2, **kw), {"shared": "As"}),),
    "showdown.hands.dead": (changes(lambda **kw: first_hands(hands, 2, **kw), {"dead": "2c"}),),
    "showdown.hands.game": (changes(lambda **kw: first_hands(hands, 2, **kw), {"game": "short-deck"}),),
    # next_card
    "showdown.next_card.dead": (changes(lambda **kw: next_card("AA", "KK", TURN, **kw).to_dict(), {"dead": "Kh"}),),
    "showdown.next_card.n_jobs": (
        refused(lambda **kw: next_card("AA", "KK", TURN, **kw), {"n_jobs": 0}),
        uses_threads(lambda **kw: next_card("random", "random", "Ks 7h 2d", **kw).to_dict())),
    "showdown.next_card.game": (changes(lambda **kw: next_card("A9o", "QQ", "6s 7h 8d Kc", **kw).to_dict(),
                                        {"game": "short-deck"}),),
    # run_batch
    "showdown.run_batch.client": (effect(with_context(lambda context, call: on_cluster(call).run(context, "client"),
                                                      batch), cluster=True),
                                  effect(lambda context: refused(functools.partial(batch, context), {
                                      "client": "tcp://127.0.0.1:8786"}).run(context, "client"))),
    "showdown.run_batch.lines_per_partition": (
        effect(batch_partitions_here),
        effect(with_context(lambda context, call: submissions(call, {"lines_per_partition": 1}, {}).run(
            context, "lines_per_partition"), batch), cluster=True)),
    "showdown.run_batch.progress": (effect(batch_progress),
                                    effect(lambda context: refused(functools.partial(batch, context), {
                                        "progress": 5}).run(context, "progress"))),
    "showdown.run_batch.max_evaluations": (
        refused(lambda **kw: run_batch("spots.jsonl", "out.jsonl", **kw), {"max_evaluations": 0}),
        effect(batch_limit)),
    # settle
    "showdown.settle.board": (changes(lambda **kw: str(settle(SEATS, **kw)), {"board": "As Ks 7c 8d 9h"}),),
    "showdown.settle.button": (changes(settled, {"button": 1}),
                               refused(settled, {"button": 9})),
    "showdown.settle.odd_chip": (changes(settled, {"odd_chip": "all-to-first-from-button"}),
                                 refused(settled, {"odd_chip": "dealer"})),
    "showdown.settle.rake": (changes(settled, {"rake": Rake(percent=10)}),
                             refused(settled, {"rake": 10})),
    "showdown.settle.boards": (changes(lambda **kw: settled("As Ks 7c", **kw),
                                       {"boards": ["As Ks 7c 8d 9h", "As Ks 7c Qc Jc"]},
                                       {"boards": ["As Ks 7c 8d 9h"]}),
                               refused(settled, {"boards": 5})),
    "showdown.settle.game": (changes(lambda **kw: settled(FLUSH_OVER_FULL_HOUSE[0], [
        Seat("A", 5, FLUSH_OVER_FULL_HOUSE[1][0]), Seat("B", 5, FLUSH_OVER_FULL_HOUSE[1][1])], **kw),
        {"game": "short-deck"}),),
    # showdown
    "showdown.showdown.board": (changes(lambda **kw: show_down(FLUSH_OVER_FULL_HOUSE[1], **kw).to_dict(),
                                        {"board": FLUSH_OVER_FULL_HOUSE[0]}),),
    "showdown.showdown.game": (changes(lambda **kw: show_down(FLUSH_OVER_FULL_HOUSE[1], FLUSH_OVER_FULL_HOUSE[0],
                                                              **kw).to_dict(),
                                       {"game": "short-deck"}),),
    # video poker: Trainer (a stand-in strategy list, see stand_in_derivation)
    "showdown.videopoker.Trainer.__init__.paytable": (
        changes(trainer_hand, {"paytable": "deuces-wild-full-pay"}, setup=stand_in_derivation),
        refused(lambda **kw: Trainer(**kw), {"paytable": "pachinko"})),
    "showdown.videopoker.Trainer.__init__.coins": (changes(trainer_hand, {"coins": 1}, setup=stand_in_derivation),
                                                   refused(lambda **kw: Trainer(**kw), {"coins": 0})),
    "showdown.videopoker.Trainer.__init__.seed": (
        changes(trainer_hand, {"seed": 1}, {"seed": 2}, setup=stand_in_derivation),
        refused(lambda **kw: Trainer(**kw), {"seed": -1})),
    # analyze, analyze_all (over two pay tables, see one_table)
    "showdown.videopoker.analyze.paytable": (
        changes(lambda **kw: analyze(**kw).expected_return, {"paytable": "jacks-or-better-8-5"}),
        refused(analyze, {"paytable": "pachinko"})),
    "showdown.videopoker.analyze.coins": (changes(lambda **kw: analyze(**kw).expected_return, {"coins": 1}),
                                          refused(analyze, {"coins": 6})),
    "showdown.videopoker.analyze.n_jobs": (uses_threads(lambda **kw: analyze(**kw).to_dict()["expected_return"]),),
    "showdown.videopoker.analyze.progress": (effect(analyze_stops), callable_progress(analyze)),
    "showdown.videopoker.analyze_all.coins": (changes(all_returns, {"coins": 1}, setup=one_table),
                                              refused(analyze_all, {"coins": 0})),
    "showdown.videopoker.analyze_all.client": (
        on_cluster(all_returns, setup=one_table),
        dask_client_only(analyze_all)),
    "showdown.videopoker.analyze_all.progress": (
        effect(analyze_all_progress),
        effect(lambda context: (one_table(context), refused(analyze_all, {"progress": 5}).run(
            context, "progress")))),
    # best_hold, holds, describe_hold, hand_class, parse_deal
    "showdown.videopoker.best_hold.paytable": (changes(lambda **kw: best_hold("2h 2d Ks Qs 5h", **kw).to_dict(),
                                                       {"paytable": "deuces-wild-full-pay"}),
                                               refused(lambda **kw: best_hold("2h 2d Ks Qs 5h", **kw),
                                                       {"paytable": "pachinko"})),
    "showdown.videopoker.best_hold.coins": (changes(lambda **kw: best_hold("As Ks Qs Js 9s", **kw).to_dict(),
                                                    {"coins": 1}),
                                            refused(lambda **kw: best_hold("As Ks Qs Js 9s", **kw), {"coins": 0})),
    "showdown.videopoker.holds.paytable": (changes(lambda **kw: [h.to_dict() for h in holds("2h 2d Ks Qs 5h", **kw)],
                                                   {"paytable": "deuces-wild-full-pay"}),),
    "showdown.videopoker.holds.coins": (changes(lambda **kw: [h.ev for h in holds("As Ks Qs Js 9s", **kw)],
                                                {"coins": 1}),
                                        refused(lambda **kw: holds("As Ks Qs Js 9s", **kw), {"coins": 6})),
    "showdown.videopoker.describe_hold.paytable": (changes(lambda **kw: describe_hold("2h 2d Ks Qs 5h", (0, 1), **kw),
                                                           {"paytable": "deuces-wild-full-pay"}),),
    "showdown.videopoker.hand_class.wild": (changes(lambda **kw: hand_class(DEUCES, **kw), {"wild": "deuces"}),
                                            refused(lambda **kw: hand_class(DEUCES, **kw), {"wild": "aces"})),
    "showdown.videopoker.parse_deal.paytable": (changes(lambda **kw: parse_deal("Jk As Kd 7h 2c", **kw),
                                                        {"paytable": "joker-poker-kings"}),),
    # strategy (a stand-in derivation: the check is what the derivation was asked for)
    "showdown.videopoker.strategy.paytable": (
        changes(derivation, {"paytable": "jacks-or-better-8-5"}, setup=stand_in_derivation),
        refused(strategy, {"paytable": "pachinko"})),
    "showdown.videopoker.strategy.coins": (changes(derivation, {"coins": 1}, setup=stand_in_derivation),
                                           refused(strategy, {"coins": 0})),
    "showdown.videopoker.strategy.max_lines": (changes(derivation, {"max_lines": 10}, setup=stand_in_derivation),
                                               refused(strategy, {"max_lines": 4})),
    "showdown.videopoker.strategy.progress": (effect(strategy_stops),
                                              callable_progress(lambda **kw: strategy(max_lines=33, **kw))),
}


def _params(cluster: bool) -> list[Any]:
    """One test id a keyword (its checks that hold), one more a check of an argument that is ignored."""
    found = []
    for key, checks in TABLE.items():
        holding = tuple(check for check in checks if check.cluster == cluster and not check.ignored)
        if holding:
            found.append(pytest.param(key, holding, id=key))
        for number, check in enumerate(check for check in checks if check.cluster == cluster and check.ignored):
            found.append(pytest.param(key, (check,), id=f"{key}-ignored{number or ''}",
                                      marks=pytest.mark.xfail(strict=True, reason=check.ignored)))
    return found


def test_every_keyword_argument_has_a_check():
    found = walked()
    assert set(TABLE) - found == set(), "rows for keyword arguments that are gone"
    assert found - set(TABLE) == set(), "keyword arguments without a row"


@pytest.mark.parametrize("key, checks", _params(cluster=False))
def test_keyword_matters(key, checks, tmp_path, monkeypatch):
    context = Context(tmp_path, monkeypatch)
    for check in checks:
        check.run(context, key.rsplit(".", 1)[1])


@pytest.fixture(scope="module")
def cluster_client():
    require("dask.distributed")
    with dask_client(local=2) as client:
        yield client


@pytest.mark.dist
@pytest.mark.parametrize("key, checks", _params(cluster=True))
def test_keyword_takes_effect_on_a_cluster(key, checks, cluster_client, tmp_path, monkeypatch):
    context = Context(tmp_path, monkeypatch, cluster_client)
    for check in checks:
        check.run(context, key.rsplit(".", 1)[1])
