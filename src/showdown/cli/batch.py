"""``showdown batch``: a file of equity problems, here or on a Dask cluster."""

from __future__ import annotations

from typing import Optional

import typer

from showdown import dask_client, run_batch
from showdown.cli.odds import LOCAL_OPTION, MAX_EVALUATIONS_OPTION, SCHEDULER_OPTION
from showdown.cli.output import console
from showdown.cli.progress import counting_bar, engine_ready
from showdown.files import writable_path


def batch_command(
    source: str = typer.Argument(..., help="Input: one JSON object of equity() arguments per line."),
    output: str = typer.Option(..., "--output", "-o", help="Output JSON lines (appended to: reruns resume)."),
    scheduler: Optional[str] = SCHEDULER_OPTION,
    local: Optional[int] = LOCAL_OPTION,
    max_evaluations: int = typer.Option(MAX_EVALUATIONS_OPTION.default, "--max-evaluations",
                                        help="A line asking for an exact run of more hand evaluations than this "
                                             "gets an error record."),
) -> None:
    """Solve a file of equity problems, one result per line in input order; resumable."""
    writable_path(output, "batch output")  # before a cluster is started
    engine_ready("equity")
    with dask_client(scheduler, local) as client, counting_bar("batch") as progress:
        summary = run_batch(source, output, client=client, progress=progress, max_evaluations=max_evaluations)
    console.print(f"{summary.lines} lines: {summary.skipped} already done, {summary.solved} solved now"
                  f" ({summary.errors} errors) -> {output}")
