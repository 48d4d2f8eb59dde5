"""The architecture, checked: the import-linter contracts of pyproject.toml hold (and fail when
an import breaks them), the command line and the web app use public names only, no public name
shadows a module, and every name the package has promised still imports."""

from __future__ import annotations

import ast
import importlib
import os
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import showdown
import showdown.videopoker
from conftest import require

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = Path(showdown.__file__).parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

# The public names of 0.1.0: each must keep working.
PROMISED = {
    "showdown": [
        "BoardResult", "CARDS", "Card", "CardParseError", "CardsLike", "Category", "Census", "Deck",
        "DuplicateCardError", "EmptyRangeError", "EquityCounts", "EquityError", "EquityResult", "HandRank",
        "HandSizeError", "OddsGrid", "PlayerCountError", "Pot", "Rake", "Range", "RangeParseError", "Rank",
        "ShowdownError", "Seat", "Settlement", "SettlementError", "ShowdownResult", "Suit", "__version__",
        "cards_to_mask", "census", "equity", "evaluate", "evaluate_many", "format_cards", "hands",
        "mask_to_cards", "odds_grid", "parse_cards", "random_hands", "settle", "showdown",
    ],
    "showdown.engine": [],
    "showdown.files": [],
    "showdown.videopoker": [
        "Analysis", "AnalysisRow", "AnalysisStopped", "HANDS", "PAYTABLES", "HandClass", "Hold", "HoldParseError",
        "Paytable", "PaytableError", "PaytableLike", "PaytableRow", "Played", "Trainer", "VideoPokerError",
        "analyze", "analyze_all", "best_hold", "hand_class", "holds", "parse_deal", "parse_hold",
        "paytable_from_text",
    ],
}
PUBLIC_MODULES = ("showdown", "showdown.engine", "showdown.files", "showdown.videopoker")


CONTRACTS = ["Layers, top to bottom", "Kernels import no API", "CLI and web use public names only",
             "CLI and web are independent", "No import cycles", "Table generator not imported"]


def _lint(package_parent: Path) -> dict[str, str]:
    """Each contract's verdict (KEPT or BROKEN) from lint-imports run on a copy of the package (its
    colours taken out: import-linter 2.6 writes them even into a pipe)."""
    env = {"PYTHONPATH": str(package_parent), "PATH": str(Path(sys.executable).parent), "COLUMNS": "200",
           **{name: os.environ[name] for name in ("SHOWDOWN_CACHE_DIR",) if name in os.environ}}
    proc = subprocess.run([str(LINT_IMPORTS), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
                          capture_output=True, text=True, timeout=300, cwd=package_parent, env=env)
    verdicts = {}
    for line in re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout).splitlines():
        for contract in CONTRACTS:
            if line.startswith(contract) and line.rstrip().endswith(("KEPT", "BROKEN")):
                verdicts[contract] = line.rstrip().split()[-1]
    assert (proc.returncode == 0) == all(v == "KEPT" for v in verdicts.values()), proc.stdout + proc.stderr
    assert set(verdicts) == set(CONTRACTS), proc.stdout + proc.stderr
    return verdicts


@pytest.mark.process
def test_import_contracts_are_kept():
    assert LINT_IMPORTS.exists(), "import-linter is in the test and lint extras"
    assert _lint(PACKAGE_DIR.parent) == dict.fromkeys(CONTRACTS, "KEPT")


@pytest.mark.process
@pytest.mark.parametrize(
    "module, line, broken",
    [
        ("_kernels/bits.py", "from showdown.evaluation import evaluate",
         {"Kernels import no API", "Layers, top to bottom", "No import cycles"}),
        ("_kernels/equity.py", "import showdown", {"Kernels import no API", "Layers, top to bottom"}),
        ("tables/layout.py", "import showdown.ranges",  # the kernels import the layout, so they reach ranges too
         {"Kernels import no API", "Layers, top to bottom", "No import cycles"}),
        ("cli/output.py", "from showdown.odds import plan", {"CLI and web use public names only"}),
        ("web/settings.py", "from showdown.cli import main", {"CLI and web are independent", "Layers, top to bottom"}),
        ("dealing.py", "import showdown.comparison", {"Layers, top to bottom"}),
        ("comparison.py", "import showdown.pots", {"Layers, top to bottom"}),
        ("odds/exact.py", "from showdown.odds import grid", {"No import cycles"}),
        ("evaluation.py", "import showdown.tables.evaluator", {"Table generator not imported"}),
    ],
)
def test_a_broken_contract_is_caught(tmp_path, module, line, broken):
    copy = tmp_path / "pkg"
    shutil.copytree(PACKAGE_DIR, copy / "showdown", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    target = copy / "showdown" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    verdicts = _lint(copy)
    assert {contract for contract, verdict in verdicts.items() if verdict == "BROKEN"} == broken


def _cycles(graph) -> list[list[str]]:
    """The module graph's strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_back():
    """No cycle in the module graph itself, package ``__init__`` modules included (a module that
    imports its own package, which imports the module, is a cycle held together by import order)."""
    grimp = require("grimp")  # import-linter's graph builder, in the test extra with it
    graph = grimp.build_graph("showdown", cache_dir=None)
    assert _cycles(graph) == []


def test_the_cycle_check_finds_a_cycle_through_a_package(tmp_path, monkeypatch):
    grimp = require("grimp")
    copy = tmp_path / "pkg"
    shutil.copytree(PACKAGE_DIR, copy / "showdown", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    result = copy / "showdown" / "odds" / "result.py"
    result.write_text(result.read_text(encoding="utf-8") + "\nimport showdown.odds\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(copy))
    for name in [name for name in sys.modules if name == "showdown" or name.startswith("showdown.")]:
        monkeypatch.delitem(sys.modules, name)
    cycles = _cycles(grimp.build_graph("showdown", cache_dir=None))
    assert any("showdown.odds" in cycle and "showdown.odds.result" in cycle for cycle in cycles), cycles


def _showdown_imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) of every ``from showdown... import names`` and ``import showdown...`` in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "showdown":
            found.append((node.module, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names if alias.name.split(".")[0] == "showdown"]
    return found


@pytest.mark.parametrize("layer", ["cli", "web"])
def test_cli_and_web_use_public_names_only(layer):
    for path in sorted((PACKAGE_DIR / layer).rglob("*.py")):
        for module, names in _showdown_imports(path):
            if module.startswith(f"showdown.{layer}"):
                continue  # its own modules
            assert module in PUBLIC_MODULES, f"{path.name} imports {module}"
            public = set(importlib.import_module(module).__all__)
            assert set(names) <= public, f"{path.name} imports {set(names) - public} from {module}"


def test_every_promised_and_listed_name_imports():
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        assert set(PROMISED[module_name]) <= set(module.__all__), module_name
        assert len(module.__all__) == len(set(module.__all__))
        for name in module.__all__:
            assert getattr(module, name) is not None, f"{module_name}.{name}"


def _modules() -> list[str]:
    names = ["showdown"]
    for info in pkgutil.walk_packages([str(PACKAGE_DIR)], prefix="showdown."):
        if info.name != "showdown._single" and not info.name.startswith("showdown.web"):
            names.append(info.name)
    if importlib.util.find_spec("fastapi") is not None:
        names += [info.name for info in pkgutil.walk_packages([str(PACKAGE_DIR / "web")], prefix="showdown.web.")]
        names.append("showdown.web")
    return names


def test_no_name_shadows_a_module():
    """``import showdown.x.y`` gives the module y, never a function or object of the same name,
    and no module defines a public name equal to its own (modules are nouns, functions verbs)."""
    for name in _modules():
        module = importlib.import_module(name)
        parent, _, child = name.rpartition(".")
        if parent:  # (the package itself is named showdown and so is its function: `from showdown import showdown`)
            assert getattr(sys.modules[parent], child) is module, f"{parent}.{child} is not the module {name}"
            assert child not in vars(module), f"{name} defines {child}"


def test_the_single_hand_extension_is_optional_and_named():
    evaluation = importlib.import_module("showdown.evaluation")
    built = importlib.util.find_spec("showdown._single") is not None
    wanted = evaluation.os.environ.get("SHOWDOWN_PURE_PYTHON", "").strip() in ("", "0")
    assert (evaluation._single is not None) == (built and wanted)


def test_the_map_names_every_module():
    """docs/how/architecture.md names every module of the package (as its path under
    src/showdown/) and every file of the page (under web/static/), and nothing that is gone."""
    text = (ROOT / "docs" / "how" / "architecture.md").read_text()
    named = set(re.findall(r"`([\w./]+\.(?:py|js|html|css|c))`", text))
    static = PACKAGE_DIR / "web" / "static"
    modules = {path.relative_to(PACKAGE_DIR).as_posix() for path in PACKAGE_DIR.rglob("*.py")
               if "__pycache__" not in path.parts and path.name != "__init__.py"}
    modules |= {path.relative_to(PACKAGE_DIR).as_posix() for path in PACKAGE_DIR.rglob("__init__.py")
                if path.parent != PACKAGE_DIR}
    modules |= {"__init__.py", "_single.c"}
    pages = {path.relative_to(static).as_posix() for path in static.rglob("*")
             if path.suffix in (".js", ".html", ".css")}
    missing = sorted((modules | pages) - named)
    assert not missing, f"docs/how/architecture.md does not name {missing}"
    gone = sorted(name for name in named if not any((folder / name).exists() for folder in (PACKAGE_DIR, static, ROOT)))
    assert not gone, f"docs/how/architecture.md names files that do not exist: {gone}"
