"""Strategy lists and analyses kept on disk beside the kernel cache (showdown.videopoker.shelf):
a game is derived once per install; a kept result is the derived one, field for field; a damaged
file is derived again; nothing is read where the shelf is off."""

from __future__ import annotations

import json

import pytest

from showdown import __version__
from showdown._kernels import cache_dir
from showdown.videopoker import PAYTABLES, analyze, shelf, strategy, strategy_lists
from showdown.videopoker import analysis as analysis_module

TABLE = PAYTABLES["jacks-or-better-9-6"]


@pytest.fixture
def on_shelf(tmp_path, monkeypatch):
    monkeypatch.setenv(shelf.ENVIRONMENT, "1")
    monkeypatch.setattr(shelf, "directory", lambda: tmp_path / "shelf")
    return tmp_path / "shelf"


def _no_kernel():
    raise AssertionError("a kept result must not be derived again")


def test_an_analysis_is_derived_once_then_read(on_shelf, monkeypatch):
    first = analyze(TABLE, 5)
    files = list(on_shelf.glob("analysis-*.json"))
    assert len(files) == 1
    monkeypatch.setattr(analysis_module, "kernel", _no_kernel)
    again = analyze("9/6", 5)
    assert again.to_dict() == first.to_dict() and again.class_probabilities == first.class_probabilities
    assert again.variance == first.variance


def test_a_damaged_file_is_derived_again(on_shelf):
    expected = analyze(TABLE, 5)
    (path,) = on_shelf.glob("analysis-*.json")
    for damage in ("{not json", json.dumps({"format": shelf.FORMAT, "combinations": [1, 2], "deal_classes": 1,
                                            "elapsed": 0})):
        path.write_text(damage)
        assert analyze(TABLE, 5).expected_return == expected.expected_return
        assert sum(json.loads(path.read_text())["combinations"]) == expected.total_combinations  # written anew


def test_a_strategy_list_is_kept_and_read_field_for_field(on_shelf, monkeypatch):
    plan = strategy(TABLE)  # kept in memory already, or derived now
    strategy_lists._shelve(plan, strategy_lists.MAX_LINES)
    assert len(list(on_shelf.glob("strategy-*.json"))) == 1
    monkeypatch.setattr(strategy_lists, "_FOR_GOOD", {})
    monkeypatch.setattr(strategy_lists, "_RECENT", type(strategy_lists._RECENT)())
    monkeypatch.setattr(strategy_lists, "_derive", lambda *args: _no_kernel())
    kept = strategy("9/6", progress=lambda done, total: False)  # read at once: no derivation to stop
    assert kept == plan and kept.to_dict() == plan.to_dict() and kept._line_of == plan._line_of
    deal = "As Ks Qs Js 2d"
    assert kept.hold(deal) == plan.hold(deal) and kept.line_for(deal, (0, 1, 2, 3)) == plan.line_for(deal, (0, 1, 2, 3))


def test_nothing_is_read_or_written_where_the_shelf_is_off(tmp_path, monkeypatch):
    monkeypatch.setenv(shelf.ENVIRONMENT, "0")
    monkeypatch.setattr(shelf, "directory", lambda: tmp_path)
    shelf.write("analysis", TABLE, {"combinations": []}, 5)
    assert not list(tmp_path.iterdir()) and shelf.read("analysis", TABLE, 5) is None
    monkeypatch.setenv(shelf.ENVIRONMENT, "1")
    shelf.write("analysis", TABLE, {"combinations": [7]}, 5)
    assert shelf.read("analysis", TABLE, 5)["combinations"] == [7]
    assert shelf.read("analysis", TABLE, 4) is None and shelf.read("strategy", TABLE, 5) is None
    with shelf.off():  # the warm-up derives (and keeps) rather than reads
        assert shelf.read("analysis", TABLE, 5) is None


def test_the_shelf_is_versioned_beside_the_kernel_cache():
    place = shelf.directory()
    assert place.parent == cache_dir().parent and place.name.startswith(f"videopoker-{__version__}-")
