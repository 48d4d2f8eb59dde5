"""Progress bars on stderr: a counting bar for work that reports ``progress(done, total)``, and
the equity bar that shows interim equities. Hidden when stderr is not a terminal."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Optional

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from showdown import EquityResult
from showdown.engine import PREPARING, first_start, warm_up


def engine_ready(*parts: str) -> None:
    """On the first start after an install, compile the kernels of ``parts`` before a command's
    bars start, saying so on stderr while it takes seconds; later, they load on first use (a
    fraction of a second, never counted in a time limit)."""
    if not first_start(*parts):
        return
    stderr = Console(stderr=True)
    if stderr.is_terminal:
        with stderr.status(f"{PREPARING}..."):
            warm_up(*parts)
    else:
        stderr.print(f"{PREPARING}...", markup=False, highlight=False)
        warm_up(*parts)


@contextlib.contextmanager
def counting_bar(label: str, quiet: bool = False) -> Iterator[Callable[[int, int], bool]]:
    """A transient bar labelled ``label`` (hidden when ``quiet`` or stderr is not a terminal);
    yields the ``progress(done, total)`` callback that advances it (and returns True: go on)."""
    if quiet or not sys.stderr.isatty():
        yield lambda done, total: True  # no Progress at all: a disabled one writes a blank line on rich 13.9
        return
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None)

        def progress(done: int, total: int) -> bool:
            bar.update(task, completed=done, total=total)
            return True

        yield progress


@contextlib.contextmanager
def equity_bar(trials: Optional[int], quiet: bool = False) -> Iterator[Callable[[EquityResult], bool]]:
    """A transient bar for an equity run: cases or deals so far and each player's interim equity;
    yields the ``progress(interim)`` callback for :func:`showdown.equity`."""
    if quiet or not sys.stderr.isatty():
        yield lambda interim: True
        return
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.fields[status]}"),
                  TimeElapsedColumn(), console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("equity", total=trials, status="")

        def progress(interim: EquityResult) -> bool:
            pairs = zip(interim.players, interim.equity, strict=True)
            shares = "  ".join(f"{name} {share:.2%}" for name, share in pairs)
            bar.update(task, total=interim.planned or None, completed=interim.total,
                       status=f"{interim.total:,} deals  {shares}")
            return True

        yield progress
