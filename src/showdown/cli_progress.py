"""A progress bar on stderr for commands whose work reports ``progress(done, total)``."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

from rich.console import Console


@contextlib.contextmanager
def counting_bar(label: str, quiet: bool = False) -> Iterator[Callable[[int, int], bool]]:
    """A transient bar labelled ``label`` (hidden when ``quiet`` or stderr is not a terminal);
    yields the ``progress(done, total)`` callback that advances it (and returns True: go on)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True, disable=quiet or not sys.stderr.isatty()) as bar:
        task = bar.add_task(label, total=None)

        def progress(done: int, total: int) -> bool:
            bar.update(task, completed=done, total=total)
            return True

        yield progress
