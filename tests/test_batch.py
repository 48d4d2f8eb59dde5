"""Batches of equity problems: one record per line in input order, errors in their place,
resumable, the output of another input refused; on a cluster (``test_cluster.py``) the records
are bit-identical."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from showdown import ShowdownError, equity, run_batch
from showdown.batch import solve_lines

SPOTS = [
    {"players": ["AcAd", "KhKs"], "board": "2c 7d 9h"},
    {"players": ["QQ+, AKs", "random"], "exact": False, "trials": 40_000},
    {"players": ["AhKh", "QsQd", "JcTc"], "board": "Kd 7h 2c", "dead": "2s"},
    {"players": ["AA", "KK"], "exact": True},
    {"players": ["AcAd", "AcKs"]},
    {"players": ["7s6s", "random", "random"], "exact": False, "trials": 30_000, "seed": 9},
    {"players": ["AsKs", "QQ"], "board": "", "exact": True},
    {"players": ["AhAd"], "board": ""},
    {"pleyers": ["AhAd", "KK"]},
    {"players": ["JJ", "AKo"], "board": "Ks 9d 4c 2h", "exact": True},
]


def write_spots(path: Path, extra_lines: tuple[str, ...] = ()) -> None:
    lines = [json.dumps(spot) for spot in SPOTS] + list(extra_lines)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def records(path: Path) -> list[dict]:
    """Output records without the one field that is a measurement, not a result."""
    found = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for record in found:
        if "result" in record:
            record["result"].pop("elapsed")
    return found


@pytest.fixture(scope="module")
def local_batch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("batch")
    write_spots(folder / "spots.jsonl", ("not json", "[1, 2]"))
    summary = run_batch(folder / "spots.jsonl", folder / "local.jsonl")
    assert summary.lines == summary.solved == len(SPOTS) + 2 and summary.skipped == 0 and summary.errors == 5
    return folder, records(folder / "local.jsonl")


def test_batch_records_in_input_order(local_batch):
    _, found = local_batch
    assert [record["line"] for record in found] == list(range(1, len(SPOTS) + 3))
    for spot, record in zip(SPOTS, found, strict=False):
        assert record["input"] == spot
        if "error" in record:
            continue
        expected = equity(**{**spot, "seed": record["result"]["seed"]}).to_dict()
        expected.pop("elapsed")
        assert record["result"] == expected  # the very shape of EquityResult.to_dict()
    errors = {r["line"]: r["error"] for r in found if "error" in r}
    assert set(errors) == {5, 8, 9, 11, 12}
    assert "Ac" in errors[5] and "2 to 10" in errors[8] and "pleyers" in errors[9]
    assert "not valid JSON" in errors[11] and "JSON object" in errors[12]
    assert found[1]["result"]["seed"] is not None and found[5]["result"]["seed"] == 9  # derived seed written out
    assert found[0]["result"]["seed"] is None  # exact: no seed


def test_derived_seeds_make_a_batch_reproducible():
    line = json.dumps({"players": ["AhKh", "random"], "exact": False, "trials": 5_000})
    first, second = (json.loads(solve_lines([(1, line)])[0])["result"] for _ in range(2))
    first.pop("elapsed"), second.pop("elapsed")
    assert first == second and first["seed"] is not None


def test_batch_resumes_after_an_interruption(local_batch, tmp_path):
    folder, expected = local_batch
    full = (folder / "local.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    partial = tmp_path / "out.jsonl"
    partial.write_text("".join(full[:4]) + full[4][:20], encoding="utf-8")  # 4 lines and a torn one
    summary = run_batch(folder / "spots.jsonl", partial)
    assert summary.skipped == 4 and summary.solved == len(full) - 4
    assert records(partial) == expected
    again = run_batch(folder / "spots.jsonl", partial)
    assert again.solved == 0 and again.skipped == len(full)


def test_batch_output_of_another_input_is_refused(local_batch, tmp_path):
    folder, _ = local_batch
    short = tmp_path / "short.jsonl"
    short.write_text(json.dumps(SPOTS[0]) + "\n", encoding="utf-8")
    with pytest.raises(ShowdownError, match="not its output"):
        run_batch(short, folder / "local.jsonl")
    with pytest.raises(ShowdownError, match="cannot read"):
        run_batch(tmp_path / "missing.jsonl", tmp_path / "out.jsonl")
