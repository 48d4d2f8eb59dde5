"""The command line, in-process through ``showdown.cli.main`` and once as a real subprocess."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import showdown.cli as cli
from conftest import after_first_start
from showdown import Deck, evaluate, showdown
from showdown import __version__ as showdown_version
from showdown.cli import output

BOARD = "Ac Kc Jc 5c Th"
SHOWDOWN_SCRIPT = Path(sys.executable).parent / "showdown"


def run(capsys, *args: str) -> tuple[int, str, str]:
    """Run ``showdown ARGS`` in-process: (exit status, stdout, stderr)."""
    try:
        cli.main(list(args))
        code = 0
    except SystemExit as exit_:
        code = 0 if exit_.code is None else exit_.code
    out, err = capsys.readouterr()
    return code, out, after_first_start(err)


def run_error(capsys, *args: str) -> str:
    """Run a command that must fail: exit status 2 and exactly one ``error:`` line on stderr."""
    with pytest.raises(SystemExit) as info:
        cli.main(list(args))
    assert info.value.code == 2
    out, err = capsys.readouterr()
    err = after_first_start(err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("error: "), err
    return lines[0]


@pytest.fixture()
def wide_console(monkeypatch):
    """A console wide enough that table cells never wrap (it still writes to sys.stdout)."""
    monkeypatch.setattr(output.console, "width", 200)


# --- eval ---------------------------------------------------------------------------------------


def test_eval_table(capsys, wide_console):
    code, out, err = run(capsys, "eval", "As Ks Qs Js Ts 2d 3c")
    assert code == 0 and err == ""
    rank = evaluate("As Ks Qs Js Ts 2d 3c")
    rows = {line.strip("│ ").split("│")[0].strip(): line.strip("│ ").split("│")[1].strip()
            for line in out.splitlines() if line.count("│") == 3}
    assert rows == {
        "Cards": "As Ks Qs Js Ts 2d 3c",
        "Category": "Straight Flush",
        "Hand": "Royal Flush",
        "Best five": "As Ks Qs Js Ts",
        "Value": str(rank.value),
    }


def test_eval_table_default_console(capsys):
    code, out, _ = run(capsys, "eval", "Kh Kd Ks 9c 9h")
    assert code == 0
    assert "Full House, Kings full of Nines" in out and str(evaluate("Kh Kd Ks 9c 9h").value) in out


@pytest.mark.parametrize("hand", ["As Ks Qs Js Ts 2d 3c", "5d 4c 3h 2s Ah", "Ah Ad", "Kh Kd Ks 9c 9h 2d 3c", "7c"])
def test_eval_json(capsys, hand):
    code, out, err = run(capsys, "eval", hand, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    rank = evaluate(hand)
    assert data["description"] == rank.description
    assert data["category"] == int(rank.category) and data["category_name"] == str(rank.category)
    assert data == rank.to_dict()
    assert data["value"] == rank.value
    assert data["cards"] == hand.split()
    assert data["best_five"] == [str(c) for c in rank.best_five]


# --- showdown -----------------------------------------------------------------------------------

SHOWDOWN_ARGS = ["showdown", "--board", BOARD, "8c 7h", "9h 5h", "alice=Ad 4s"]


def test_showdown_table(capsys, wide_console):
    code, out, err = run(capsys, *SHOWDOWN_ARGS)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[-1] == "P1 wins with Flush, Ace-King-Jack-Eight-Five"
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in lines if line.startswith("│")]
    assert rows == [
        ["P1", "8c 7h", "Flush, Ace-King-Jack-Eight-Five", "Ac Kc Jc 8c 5c", "wins"],
        ["P2", "9h 5h", "One Pair, Fives, Ace-King-Jack kickers", "5h 5c Ac Kc Jc", ""],
        ["alice", "Ad 4s", "One Pair, Aces, King-Jack-Ten kickers", "Ad Ac Kc Jc Th", ""],
    ]
    assert f"Board {BOARD}" in out


def test_showdown_table_default_console(capsys):
    code, out, _ = run(capsys, *SHOWDOWN_ARGS)
    assert code == 0
    assert out.splitlines()[-1] == "P1 wins with Flush, Ace-King-Jack-Eight-Five"


def test_showdown_json(capsys):
    code, out, err = run(capsys, *SHOWDOWN_ARGS, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["winners"] == ["P1"] and data["is_split"] is False
    assert data["board"] == BOARD.split()
    assert [p["name"] for p in data["players"]] == ["P1", "P2", "alice"]
    assert data["players"][0]["hand"]["category_name"] == "Flush"
    assert data == showdown({"P1": "8c 7h", "P2": "9h 5h", "alice": "Ad 4s"}, BOARD).to_dict()


def test_showdown_split(capsys, wide_console):
    code, out, _ = run(capsys, "showdown", "-b", "2c 3d 4h 9s 9d", "bob=As Ks", "carol=Ah Kh")
    assert code == 0
    assert out.splitlines()[-1] == "Split pot between bob and carol with One Pair, Nines, Ace-King-Four kickers"
    assert out.count("splits") == 2
    code, out, _ = run(capsys, "showdown", "-b", "2c 3d 4h 9s 9d", "bob=As Ks", "carol=Ah Kh", "--json")
    assert json.loads(out)["winners"] == ["bob", "carol"] and json.loads(out)["is_split"] is True


@pytest.mark.parametrize(
    "args, needle",
    [
        (["showdown", "--board", BOARD, "8c 7h"], "2 to 23 players"),
        (["showdown", "--board", BOARD, "a=8c 7h", "a=9h 5h"], "'a'"),
        (["showdown", "--board", BOARD, "=8c 7h", "9h 5h"], "empty name"),
        (["showdown", "--board", BOARD, "8c 7h", "Ac 4s"], "Ac"),
        (["showdown", "--board", BOARD, "8c 7x", "9h 5h"], "'7x'"),
        (["showdown", "--board", BOARD + " 2d", "8c 7h", "9h 5h"], "the board has 6 cards; a board has 0, 3"),
        (["showdown", "--board", "Ac Kc", "8c 7h", "9h 5h"], "the board has 2 cards; a board has 0, 3"),
        (["showdown", "--board", BOARD, "alice=8c 7h", "bob="], "player 'bob' shows no cards"),
    ],
)
def test_showdown_errors(capsys, args, needle):
    line = run_error(capsys, *args)
    assert needle in line, line


# --- deal ---------------------------------------------------------------------------------------


def test_deal_reproducible_json(capsys):
    code, first, _ = run(capsys, "deal", "--players", "4", "--seed", "7", "--json")
    assert code == 0
    code, second, _ = run(capsys, "deal", "--players", "4", "--seed", "7", "--json")
    assert code == 0 and first == second
    data = json.loads(first)
    assert data["seed"] == 7 and len(data["result"]["players"]) == 4
    deck = Deck(seed=7)
    holes = {f"P{i}": deck.deal(2) for i in range(1, 5)}
    board = deck.deal(5)
    assert data == {"seed": 7, "result": showdown(holes, board).to_dict()}
    _, other, _ = run(capsys, "deal", "--players", "4", "--seed", "8", "--json")
    assert json.loads(other)["result"]["board"] != data["result"]["board"]


def test_deal_table(capsys, wide_console):
    code, out, _ = run(capsys, "deal", "-n", "3", "--seed", "7")
    assert code == 0
    assert sum(1 for line in out.splitlines() if line.startswith("│")) == 3
    last = out.splitlines()[-1]
    assert " wins with " in last or last.startswith("Split pot between ")


@pytest.mark.parametrize("players", [2, 23])
def test_deal_player_limits_ok(capsys, players):
    code, out, _ = run(capsys, "deal", "--players", str(players), "--seed", "1", "--json")
    assert code == 0
    data = json.loads(out)["result"]
    assert len(data["players"]) == players
    cards = data["board"] + [c for p in data["players"] for c in p["hole"]]
    assert len(cards) == len(set(cards)) == 5 + 2 * players


@pytest.mark.parametrize("players", [1, 0, 24, -3])
def test_deal_player_limits_rejected(capsys, players):
    line = run_error(capsys, "deal", "--players", str(players))
    assert "2 to 23" in line


# --- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize("hand", ["As Xx", "Zz", "As Kd 1c"])
def test_eval_bad_card(capsys, hand):
    line = run_error(capsys, "eval", hand)
    assert "bad card" in line


def test_eval_duplicate_and_size_errors(capsys):
    assert "As" in run_error(capsys, "eval", "As As")
    assert "1 to 7" in run_error(capsys, "eval", "As Ks Qs Js Ts 9s 8s 7s")


# --- the installed script -----------------------------------------------------------------------


@pytest.mark.process
def test_script_subprocess():
    assert SHOWDOWN_SCRIPT.exists(), SHOWDOWN_SCRIPT
    proc = subprocess.run([str(SHOWDOWN_SCRIPT), "eval", "As Ks Qs Js Ts 2d 3c", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == evaluate("As Ks Qs Js Ts 2d 3c").to_dict()

    proc = subprocess.run([str(SHOWDOWN_SCRIPT), "eval", "As Xx"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: ") and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert "'Xx'" in proc.stderr and "position 4" in proc.stderr

    proc = subprocess.run([str(SHOWDOWN_SCRIPT), *SHOWDOWN_ARGS], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "P1 wins with Flush, Ace-King-Jack-Eight-Five"


@pytest.mark.process
def test_python_dash_m_subprocess():
    proc = subprocess.run([sys.executable, "-m", "showdown", "deal", "--players", "4", "--seed", "7", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["seed"] == 7
    proc = subprocess.run([sys.executable, "-m", "showdown", "--version"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout == f"showdown {showdown_version}\n"


def test_version(capsys):
    code, out, err = run(capsys, "--version")
    assert (code, out, err) == (0, f"showdown {showdown_version}\n", "")


def test_serve_without_the_web_extra_says_so(capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "fastapi" else real(name, *a))
    line = run_error(capsys, "serve")
    assert "pip install 'showdown-poker[web]'" in line and "fastapi" in line


# --- the words a player reads ---------------------------------------------------------------------


def _commands(command=None, path=()):
    """Every command path of the app: ("eval",), ("vp", "hold"), ..."""
    import typer

    command = command or typer.main.get_command(cli.commands.app)
    for name, sub in getattr(command, "commands", {}).items():
        if getattr(sub, "commands", None):
            yield from _commands(sub, (*path, name))
        else:
            yield (*path, name)


def test_help_shows_no_python_types(capsys):
    paths = list(_commands())
    assert ("vp", "hold") in paths and ("table", "preflop") in paths and len(paths) >= 12
    for path in [(), *paths]:
        code, out, _ = run(capsys, *path, "--help")
        assert code == 0 and "Usage: showdown" in out
        for noise in ("<bool>", "<str>", "<int>", "<float>", "<list[", "<Path>"):
            assert noise not in out, (path, noise)
        usage = next(line for line in out.splitlines() if "Usage: showdown" in line)
        arguments = usage.split("[OPTIONS]")[-1]
        assert "{" not in usage and arguments == arguments.upper(), usage  # arguments in capitals, no braces
    code, out, _ = run(capsys, "equity", "--help")
    assert "Usage: showdown equity [OPTIONS] PLAYERS..." in out
    lines = {line.split()[1]: line for line in out.splitlines() if line.startswith("│ --")}
    assert "INTEGER" in lines["--trials"] and "NUMBER" in lines["--stderr"] and "TEXT" in lines["--board"]
    assert not any(word in lines["--json"] for word in ("TEXT", "INTEGER", "bool"))


def _groups_and_commands(command=None, path=()):
    """Every group and command of the app with its click object: ((), root), (("vp",), vp), ..."""
    import typer

    command = command or typer.main.get_command(cli.commands.app)
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _groups_and_commands(sub, (*path, name))


def _first_paragraph(docstring: str) -> str:
    """A docstring's first paragraph as a reader should see it: on one line, no markup."""
    paragraph = inspect.cleandoc(docstring).split("\n\n")[0]
    paragraph = re.sub(r":[a-z]+:`~?\.?([^`]*)`", r"\1", paragraph).replace("``", "")
    return " ".join(paragraph.split())


def test_help_is_clean_text_reflowed_to_the_terminal(capsys, monkeypatch):
    """No docstring markup in any --help, and no line broken where the docstring's lines end: at
    a width that fits any paragraph, each command's first paragraph is one line, in its own help
    and in its group's list."""
    monkeypatch.setenv("COLUMNS", "2000")
    walked = list(_groups_and_commands())
    assert len(walked) >= 16 and any("``" in (command.help or "") for _, command in walked)  # markup to clean
    for path, command in walked:
        code, out, _ = run(capsys, *path, "--help")
        assert code == 0 and "Usage: showdown" in out, path
        assert "``" not in out and not re.search(r":[a-z]+:`", out), (path, out)
        lines = [" ".join(line.strip(" │").split()) for line in out.splitlines()]
        first = _first_paragraph(command.help or "")
        assert first and first in lines, (path, first, out)
        for name, sub in getattr(command, "commands", {}).items():
            listed = [line for line in lines if line.startswith(name + " ")]
            assert listed == [f"{name} {_first_paragraph(sub.help or '')}"], (path, name, listed)


def test_clean_help_drops_roles_and_backticks_and_joins_paragraph_lines():
    from showdown.cli.commands import clean_help

    text = """Settle with :func:`showdown.settle`, a :class:`~showdown.Paytable` or
        :meth:`the named one <showdown.videopoker.Paytable.named>`; see ``vp list`` and `9/6`.

        A second
        paragraph.

        \b
        kept
          as written"""
    assert clean_help(text) == ("Settle with showdown.settle, a Paytable or the named one; see vp list and 9/6."
                                "\n\nA second paragraph.\n\n\b\nkept\n  as written")
    assert clean_help(None) is None and clean_help("") == ""


@pytest.mark.parametrize("args, fragments", [
    (["table", "preflop", "-o", "t.csv", "--bogus"], ["no such option: --bogus", "showdown table preflop --help"]),
    (["vp", "hold"], ["missing argument 'DEAL'", "showdown vp hold --help"]),
    (["equity", "AcAd", "KhKs", "--trials", "1.5"], ["--trials"]),
    (["nosuch"], ["no such command 'nosuch'", "showdown --help"]),
    (["vp", "nosuch"], ["no such command 'nosuch'", "showdown vp --help"]),
])
def test_usage_errors_print_one_line_and_exit_2(capsys, args, fragments):
    line = run_error(capsys, *args)
    for fragment in fragments:
        assert fragment in line, (fragment, line)


def test_a_group_without_a_command_still_prints_its_help(capsys):
    code, out, err = run(capsys, "vp")
    assert "Usage: showdown vp" in out and "hold" in out and "error" not in err


def test_a_narrow_tables_title_is_one_line(capsys, monkeypatch):
    """rich wraps a title to its table's width; the title is printed whole on a line of its own
    above the table, even on a terminal narrower than the title."""
    monkeypatch.setattr(output.console, "width", 40)
    args = ("equity", "AcAd", "KhKs", "--monte-carlo", "--trials", "1000", "--seed", "1")
    data = json.loads(run(capsys, *args, "--json")[1])
    title = f"No board  ({data['total']:,} deals, Monte Carlo, stderr {data['stderr'] * 100:.3f}%)"
    code, out, _ = run(capsys, *args)
    lines = out.splitlines()
    table_width = max(len(line) for line in lines[1:])
    assert code == 0 and lines[0] == title and len(title) > table_width, out
    assert lines[1].startswith("┏") and "AcAd" in out


def test_hole_cards_are_printed_as_given(capsys, wide_console):
    code, out, _ = run(capsys, "showdown", "--board", BOARD, "alice=8c7h", "bob=9h 5h")
    assert code == 0
    rows = {cells[0]: cells[1] for cells in
            ([cell.strip() for cell in line.strip("│").split("│")] for line in out.splitlines() if "│" in line)}
    assert rows["alice"] == "8c7h" and rows["bob"] == "9h 5h"
    code, out, _ = run(capsys, "equity", "AcAd", "Kh Ks", "--trials", "1000", "--monte-carlo", "--seed", "1")
    assert "AcAd" in out and "Kh Ks" in out


def test_a_blank_board_is_said_in_words(capsys, wide_console):
    for args in (["equity", "AcAd", "KhKs"], ["showdown", "AcAd2c3d4h", "KhKs5c6d7h"]):
        code, out, _ = run(capsys, *args)
        assert code == 0 and out.lstrip().startswith("No board"), out
        assert "-:" not in out and "(none)" not in out
    code, out, _ = run(capsys, "grid", "AsKs", "--monte-carlo", "--trials", "1000", "--seed", "1")
    assert "AsKs, no board, against 1 random hand" in " ".join(out.split())


@pytest.mark.parametrize("command", [["equity", "AcAd", "KhKs"], ["grid", "AcAd"], ["showdown", "AcAd", "KhKs"]])
def test_a_two_card_board_is_refused(capsys, command):
    assert run_error(capsys, *command, "--board", "2c 7d") == \
        "error: the board has 2 cards; a board has 0, 3 (flop), 4 (turn) or 5 (river) cards"
