"""Batches, the preflop table and every pay table: bit-identical locally, on a LocalCluster with
two worker processes and for any number of partitions; a killed worker loses nothing."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from showdown import equity
from showdown.batch import run_batch, solve_lines
from showdown.distributed import DistributedError, connect, map_partitions, split
from showdown.preflop_table import preflop_table

distributed = pytest.importorskip("dask.distributed")

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


def _write_spots(path: Path, extra_lines: tuple[str, ...] = ()) -> None:
    lines = [json.dumps(spot) for spot in SPOTS] + list(extra_lines)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _records(path: Path) -> list[dict]:
    """Output records without the one field that is a measurement, not a result."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for record in records:
        record.pop("elapsed", None)
    return records


@pytest.fixture(scope="module")
def client():
    with connect(local=2) as client:
        yield client


@pytest.fixture(scope="module")
def local_batch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("batch")
    _write_spots(folder / "spots.jsonl", ("not json", "[1, 2]"))
    summary = run_batch(folder / "spots.jsonl", folder / "local.jsonl")
    assert summary.lines == summary.solved == len(SPOTS) + 2 and summary.skipped == 0
    return folder, _records(folder / "local.jsonl")


def test_split_and_map_partitions():
    assert split([1, 2, 3, 4, 5], 2) == [[1, 2, 3], [4, 5]]
    assert split([1, 2], 5) == [[1], [2]]
    assert sum(split(list(range(100)), 7), []) == list(range(100))
    seen = []
    assert map_partitions(len, [[1], [1, 2]], progress=lambda d, t: seen.append((d, t))) == [1, 2]
    assert seen == [(1, 2), (2, 2)]
    with pytest.raises(DistributedError, match="positive"):
        split([1], 0)


def test_connect_errors():
    with pytest.raises(DistributedError, match="not both"):
        with connect("tcp://127.0.0.1:1", 2):
            pass
    with pytest.raises(DistributedError, match="positive"):
        with connect(local=0):
            pass
    with connect() as nothing:
        assert nothing is None


def test_batch_records_in_input_order(local_batch):
    _, records = local_batch
    assert len(records) == len(SPOTS) + 2
    for spot, record in zip(SPOTS, records, strict=False):
        if "error" in record:
            continue
        assert record["players"] == spot["players"]
        expected = equity(**{**spot, "seed": record["seed"]})
        assert record["equity"] == list(expected.equity) and record["total"] == expected.total
    errors = {r["line"]: r["error"] for r in records if "error" in r}
    assert set(errors) == {5, 8, 9, 11, 12}
    assert "Ac" in errors[5] and "2 to 10" in errors[8] and "pleyers" in errors[9]
    assert "not JSON" in errors[11] and "JSON object" in errors[12]
    assert records[1]["seed"] is not None and records[5]["seed"] == 9  # derived seed written out


def test_batch_resumes_after_an_interruption(local_batch, tmp_path):
    folder, expected = local_batch
    full = (folder / "local.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    partial = tmp_path / "out.jsonl"
    partial.write_text("".join(full[:4]) + full[4][:20], encoding="utf-8")  # 4 lines and a torn one
    summary = run_batch(folder / "spots.jsonl", partial)
    assert summary.skipped == 4 and summary.solved == len(full) - 4
    assert _records(partial) == expected
    again = run_batch(folder / "spots.jsonl", partial)
    assert again.solved == 0 and again.skipped == len(full)


def test_batch_output_of_another_input_is_refused(local_batch, tmp_path):
    folder, _ = local_batch
    short = tmp_path / "short.jsonl"
    short.write_text(json.dumps(SPOTS[0]) + "\n", encoding="utf-8")
    from showdown.errors import ShowdownError

    with pytest.raises(ShowdownError, match="not its output"):
        run_batch(short, folder / "local.jsonl")


def test_batch_on_a_cluster_is_bit_identical(local_batch, client, tmp_path):
    folder, expected = local_batch
    for lines_per_partition in (1, 3, 100):
        out = tmp_path / f"cluster-{lines_per_partition}.jsonl"
        run_batch(folder / "spots.jsonl", out, client=client, lines_per_partition=lines_per_partition)
        assert _records(out) == expected


def test_killed_worker_loses_and_duplicates_nothing(client, tmp_path):
    spots = [{"players": ["AhKh", "random", "random"], "exact": False, "trials": 150_000, "seed": i} for i in range(16)]
    source = tmp_path / "spots.jsonl"
    source.write_text("".join(json.dumps(s) + "\n" for s in spots), encoding="utf-8")
    expected = [json.loads(line) for line in solve_lines(list(enumerate(source.read_text().splitlines(), 1)))]
    pids = list(client.run(os.getpid).values())
    killed = []

    def progress(done: int, total: int) -> None:
        if done >= 2 and not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    out = tmp_path / "out.jsonl"
    summary = run_batch(source, out, client=client, lines_per_partition=1, progress=progress)
    assert killed and summary.solved == len(spots)
    records = _records(out)
    for record in expected:
        record.pop("elapsed", None)
    assert records == expected


@pytest.mark.parametrize("partitions", [1, 2, 5])
def test_preflop_table_bit_identical_locally_and_on_a_cluster(client, partitions):
    classes = ["AA", "KK", "AKs", "AKo", "T9s", "72o", "55"]
    here = preflop_table(classes)
    there = preflop_table(classes, client=client, partitions=partitions)
    for name in ("wins", "ties", "boards"):
        assert (getattr(here, name) == getattr(there, name)).all()
    assert here.equity("AKs", "KK") == equity(["AKs", "KK"], exact=True).equity[0]
    assert here.equity("55", "AKo") == equity(["55", "AKo"], exact=True).equity[0]
    assert here.equity("KK", "KK") == 0.5


def test_preflop_table_output(tmp_path):
    table = preflop_table(["AA", "72o", "JTs"])
    text = table.to_csv(tmp_path / "t.csv")
    rows = [line.split(",") for line in text.splitlines()]
    assert rows[0] == ["class", "AA", "72o", "JTs"] and float(rows[1][2]) == table.equity("AA", "72o")
    table.heatmap(tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    random_equity = table.against_random()
    assert random_equity["AA"] > random_equity["JTs"] > random_equity["72o"]
    from showdown.errors import ShowdownError

    with pytest.raises(ShowdownError, match="not a hand class"):
        preflop_table(["AA", "AKx"])


def test_every_paytable_on_a_cluster_matches_local(client):
    from showdown.videopoker import analyze, analyze_all

    results = analyze_all(client=client)
    assert len(results) == 9
    for name in ("jacks-or-better-9-6", "double-double-bonus-9-6"):
        local = analyze(name)
        assert results[name].expected_return == local.expected_return
        assert results[name].variance == local.variance


@pytest.mark.parametrize(
    "players, options",
    [
        (["JJ+, AKs:0.5", "random"], {"exact": True}),
        (["AhKh", "QQ", "random"], {"exact": False, "trials": 200_000, "seed": 5}),
        (["AA", "KK"], {"board": "2c 7d 9h", "exact": False, "trials": 100_000, "seed": 1}),
    ],
)
def test_equity_on_a_cluster_is_bit_identical(client, players, options):
    here = equity(players, **options).to_dict()
    there = equity(players, client=client, **options).to_dict()
    here.pop("elapsed"), there.pop("elapsed")
    assert here == there
