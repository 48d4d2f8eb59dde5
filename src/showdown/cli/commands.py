"""The ``showdown`` command line: the typer app, its commands grouped a module each.

Commands translate their arguments into library calls and print the results as tables or, with
``--json``, as the results' ``to_dict()``. A ``ShowdownError`` prints one line
(``error: ...``) and exits with status 2; Ctrl-C prints ``interrupted`` and exits with status
130 (the progress bars are taken down on the way out). Neither shows a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import inspect
import os
import re
import signal
import sys
from typing import Any, Optional

import typer

from showdown import Cancelled, ShowdownError, __version__
from showdown.cli import batch, hands, odds, pots, server, study
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
app.command("study")(study.study_command)
app.command("batch")(batch.batch_command)
table_app = typer.Typer(no_args_is_help=True, help="Whole tables: the heads-up preflop table.")
table_app.command("preflop")(odds.preflop_command)
app.add_typer(table_app, name="table")
app.add_typer(videopoker_app, name="vp",
              help="Video poker: the named pay tables, ranked holds, game analysis, strategy lists, a trainer.")
app.command("serve")(server.serve_command)


TYPE_WORDS = {"int": "INTEGER", "float": "NUMBER", "Path": "PATH", "bool": None}
"""How the help names the value an option takes (anything else: TEXT); flags take none."""

CLICK_TYPES = {"integer": "int", "float": "float", "path": "Path", "boolean": "bool"}
"""The Python type behind each click type's name (typer before 0.27 describes options by those)."""


def _value_word(parameter: Any, ctx: Any) -> Optional[str]:
    """What the help shows beside a parameter: nothing for flags and arguments (their name says
    it), an explicit metavar as given, else a word for the value's type (TEXT, INTEGER ...)."""
    if parameter.param_type_name == "argument" or getattr(parameter, "is_flag", False):
        return None
    if parameter.metavar is not None:
        return str(parameter.metavar)
    if hasattr(parameter, "display_type"):
        python_type = str(parameter.display_type(ctx)).strip("<>")
    else:  # typer before 0.27: a click type
        python_type = CLICK_TYPES.get(parameter.type.name, "str")
    return TYPE_WORDS.get(python_type, "TEXT")


ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`([^`]*)`")
"""A reST role in a docstring, such as :func:`name` or :class:`~showdown.Paytable`."""
LITERAL = re.compile(r"``(.+?)``|`([^`]+)`", re.DOTALL)
"""Inline literal text in a docstring, in double (or single) backticks."""


def _role_text(match: re.Match[str]) -> str:
    """What a role shows: ``text`` of ``text <target>``; a ``~`` target shows its last name."""
    target = match.group(1)
    shown = re.fullmatch(r"(.*?)\s*<[^>]*>", target, re.DOTALL)
    if shown:
        return shown.group(1)
    if target.startswith("~"):
        return target.rsplit(".", 1)[-1]
    return target.lstrip(".")


def clean_help(text: Optional[str]) -> Optional[str]:
    """Help text as a reader should see it: a docstring without its markup (reST roles and
    backticks) and each paragraph on one line, for the help to wrap at the terminal's width
    (a paragraph that starts with click's ``\\b`` is kept as written)."""
    if not text:
        return text
    text = inspect.cleandoc(text)
    text = ROLE.sub(_role_text, text)
    text = LITERAL.sub(lambda match: match.group(1) or match.group(2), text)
    paragraphs = re.split(r"\n[ \t]*\n", text)
    return "\n\n".join(part if part.startswith("\b") else " ".join(part.split()) for part in paragraphs)


def _one_line_usage_errors(command: Any) -> None:
    """A usage error (an unknown option, a missing argument, a value click cannot read) raised
    while the command line is read becomes a ShowdownError: one line and status 2, as for every
    other bad input. Wraps the root command's parsing and invocation (the subcommands are
    parsed within the latter); goes by class names, as typer may bundle its own click."""

    def guarded(call: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return call(*args, **kwargs)
            except Exception as error:
                names = {kind.__name__ for kind in type(error).__mro__}
                if "UsageError" not in names or "NoArgsIsHelpError" in names:
                    raise  # no_args_is_help: the help was printed
                raise ShowdownError(_usage_message(error)) from None

        return run

    command.make_context = guarded(command.make_context)
    command.invoke = guarded(command.invoke)


def _usage_message(error: Any) -> str:
    """Click's message for a usage error, starting in lower case as the library's do, with the
    command to ask for help."""
    message = str(error.format_message()).strip().rstrip(".")
    message = message[:1].lower() + message[1:]
    context = getattr(error, "ctx", None)
    return f"{message} (see '{context.command_path} --help')" if context is not None else message


def _plain_help(command: Any) -> Any:
    """The click command of the app, its help without Python types (``<bool>``,
    ``<list[str]>``, as typer 0.2x prints them): each parameter shows :func:`_value_word`
    instead, whatever typer's version (which may bundle its own click, so this goes by names).
    Every help text, the commands' and the parameters', goes through :func:`clean_help`."""
    command.help = clean_help(command.help)
    command.short_help = clean_help(getattr(command, "short_help", None))

    def plain(parameter: Any) -> Any:
        if getattr(parameter, "help", None):
            parameter.help = clean_help(parameter.help)
        parameter.display_type_rich = lambda ctx: _value_word(parameter, ctx)
        make_metavar = getattr(parameter, "make_metavar", None)
        if make_metavar and parameter.param_type_name == "option" and not getattr(parameter, "is_flag", False):
            # typer before 0.27 shows make_metavar's word (FLOAT ...) instead.
            parameter.make_metavar = lambda ctx=None: _value_word(parameter, ctx) or make_metavar(ctx)
        if parameter.param_type_name == "argument" and parameter.metavar is None:
            # The usage line says PLAYERS... as Unix tools do (typer 0.2x writes {players}...).
            word = parameter.name.upper()
            parameter.metavar = word
            repeated = "..." if parameter.nargs != 1 else ""
            usage = word + repeated if parameter.required else f"[{word}]{repeated}"
            parameter._usage_display_name = lambda: usage
            # typer before 0.27 builds the usage line from make_metavar instead.
            parameter.make_metavar = lambda *args, **kwargs: usage
        return parameter

    for parameter in command.params:
        plain(parameter)
    make_help_option = command.get_help_option
    command.get_help_option = lambda ctx: None if (option := make_help_option(ctx)) is None else plain(option)
    for subcommand in getattr(command, "commands", {}).values():
        _plain_help(subcommand)
    return command



MAX_MESSAGE_CHARS = 1_000
"""An error line shows at most this many characters of the message (a message that quotes a
huge argument is cut in the middle, saying how long it was)."""


def _one_line(text: str) -> str:
    """``text`` on one line: line breaks become spaces, other control characters are escaped,
    and a message over :data:`MAX_MESSAGE_CHARS` characters is cut in the middle."""
    joined = " ".join(part.strip() for part in text.splitlines()) or "(no message)"
    if len(joined) > MAX_MESSAGE_CHARS:
        half = MAX_MESSAGE_CHARS // 2
        joined = f"{joined[:half]} ... ({len(joined):,} characters in all) ... {joined[-half:]}"
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in joined)


def _say(text: str) -> None:
    """Write one line to stderr, whatever characters it holds (what the terminal cannot show is
    escaped)."""
    stream = sys.stderr
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding, "replace") + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass  # stderr is gone: the exit status still tells


def _interrupted(error: BaseException) -> bool:
    """Whether Ctrl-C is behind ``error`` (typer turns it into ``Exit(130)``; inside a compiled
    kernel it surfaces as a ``SystemError``)."""
    seen: set[int] = set()
    cause: Optional[BaseException] = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _reason(error: OSError) -> str:
    text = error.strerror or str(error)
    where = f": {error.filename!r}" if error.filename else ""
    return text[:1].lower() + text[1:] + where


def _flush_output() -> None:
    """Write out what stdout still holds; when it cannot be (a full disk, a closed pipe), drop
    it, so that no second complaint comes at exit."""
    try:
        sys.stdout.flush()
    except OSError as error:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if error.errno == errno.EPIPE:
            raise SystemExit(1) from None  # the reader left: nothing to say to it
        _say(f"error: cannot write the output: {_reason(error)}")
        raise SystemExit(2) from None


INTERRUPTED = 128 + signal.SIGINT
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""


def _write_any_text() -> None:
    """Text the terminal's encoding cannot write (a lone surrogate read from a JSON file, say) is
    written as a backslash escape instead of ending the command."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def main(argv: Optional[list[str]] = None) -> None:
    """Run the command line: a ShowdownError or a usage error prints one line and exits with
    status 2, Ctrl-C prints ``interrupted`` and exits with status 130."""
    _write_any_text()
    try:
        command = _plain_help(typer.main.get_command(app))
        _one_line_usage_errors(command)
        command(args=argv, prog_name="showdown")
    except SystemExit as done:
        if done.code in (0, None):
            _flush_output()
        if done.code != INTERRUPTED or not _interrupted(done):
            raise
        _say("interrupted")
        raise SystemExit(INTERRUPTED) from None
    except (KeyboardInterrupt, Cancelled):
        _say("interrupted")
        raise SystemExit(INTERRUPTED) from None
    except ShowdownError as error:
        _say(f"error: {_one_line(str(error))}")
        raise SystemExit(2) from None
    except OSError as error:  # the system refused a read or a write the library does not make (stdout, stderr)
        _flush_output()
        _say(f"error: {_reason(error)}")
        raise SystemExit(2) from None
    except SystemError as error:  # Ctrl-C met inside a compiled kernel
        if not _interrupted(error):
            raise
        _say("interrupted")
        raise SystemExit(INTERRUPTED) from None
