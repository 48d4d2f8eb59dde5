"""The benchmark harness (benchmarks/_harness.py): a ratio divides two figures of the same run."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

HARNESS = Path(__file__).resolve().parent.parent / "benchmarks" / "_harness.py"


@pytest.fixture(scope="module")
def harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_harness", HARNESS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_measured_peer_gets_the_ratio(harness: ModuleType) -> None:
    r = harness.row("bulk", 300.0, "M hands/s", "a peer, same run", 150.0)
    assert r["peer_kind"] == "measured"
    assert r["ratio"] == pytest.approx(2.0)
    assert harness.check_rows([r]) == [r]


def test_a_reference_row_gets_no_ratio(harness: ModuleType) -> None:
    quoted = harness.reference("bulk", 300.0, "M hands/s", "a C++ evaluator", 150.0, "measured elsewhere")
    noted = harness.row("bulk", 300.0, "M hands/s", "a C++ evaluator", 150.0, harness.REFERENCE)
    target = harness.row("bulk", 3.0, "s", "the target", 10.0, "at most")
    for r, kind in ((quoted, "reference"), (noted, "reference"), (target, "target")):
        assert r["peer_kind"] == kind
        assert r["peer_figure"] is not None  # still shown, labelled
        assert r["ratio"] is None
    assert harness.REFERENCE in quoted["note"] and "measured elsewhere" in quoted["note"]
    table = harness.format_table([quoted, target])
    assert all(line.endswith("| — |") for line in table.splitlines()[2:])


def test_a_ratio_to_a_reference_is_refused(harness: ModuleType) -> None:
    r = harness.reference("bulk", 300.0, "M hands/s", "a C++ evaluator", 150.0, "measured elsewhere")
    r["ratio"] = 2.0  # as an older results.json or a hand-made row might hold
    with pytest.raises(ValueError, match="not measured in this run"):
        harness.check_rows([r])
    with pytest.raises(ValueError):
        harness.format_table([r])
    assert harness.same_run_ratios([r])[0]["ratio"] is None
    harness.check_rows([r])


def test_a_ratio_must_be_showdown_over_peer(harness: ModuleType) -> None:
    r = harness.row("bulk", 300.0, "M hands/s", "a peer, same run", 150.0)
    r["ratio"] = 3.0
    with pytest.raises(ValueError, match="not showdown / peer figure"):
        harness.check_rows([r])
