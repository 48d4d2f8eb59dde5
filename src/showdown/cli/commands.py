"""The ``showdown`` command line: the typer app, its commands grouped a module each.

Commands translate their arguments into library calls and print the results as tables or, with
``--json``, as the results' ``to_dict()``. A ``ShowdownError`` prints one line
(``error: ...``) and exits with status 2.
"""

from __future__ import annotations

import sys
from typing import Optional

import typer

from showdown import ShowdownError, __version__
from showdown.cli import batch, hands, odds, pots, server
from showdown.cli.videopoker import videopoker_app

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Poker hand analysis: evaluation, showdowns, pots, odds and video poker.",
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"showdown {__version__}\n")
        raise typer.Exit()


@app.callback()
def _options(
    version: Optional[bool] = typer.Option(None, "--version", callback=_print_version, is_eager=True,
                                           help="Print the version and exit."),
) -> None:
    """Poker hand analysis: evaluation, showdowns, pots, odds and video poker."""


app.command("eval")(hands.eval_command)
app.command("showdown")(hands.showdown_command)
app.command("deal")(hands.deal_command)
app.command("pots")(pots.pots_command)
app.command("equity")(odds.equity_command)
app.command("grid")(odds.grid_command)
app.command("batch")(batch.batch_command)
table_app = typer.Typer(no_args_is_help=True, help="Whole tables: the heads-up preflop table.")
table_app.command("preflop")(odds.preflop_command)
app.add_typer(table_app, name="table")
app.add_typer(videopoker_app, name="vp", help="Video poker: ranked holds, game analysis, a trainer.")
app.command("serve")(server.serve_command)


def main(argv: Optional[list[str]] = None) -> None:
    """Run the command line; a ShowdownError prints one line and exits with status 2."""
    try:
        app(args=argv, prog_name="showdown")
    except ShowdownError as error:
        sys.stderr.write(f"error: {error}\n")
        raise SystemExit(2) from None
