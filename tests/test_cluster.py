"""Dask clusters: batches, the preflop table, equity and every pay table bit-identical locally, on
a LocalCluster with two worker processes and for any number of partitions; a killed worker
loses nothing. The helpers that cut and map partitions need no Dask; the tests that start a
cluster skip when Dask is not installed."""

from __future__ import annotations

import json
import os
import signal

import pytest

from conftest import require
from showdown import DistributedError, dask_client, equity, preflop_table, run_batch
from showdown.batch import solve_lines
from showdown.parallel.cluster import map_partitions, split
from test_batch import records, write_spots


@pytest.fixture(scope="module")
def cluster_client():
    require("dask.distributed")
    with dask_client(local=2) as client:
        yield client


@pytest.fixture(scope="module")
def local_batch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("batch")
    write_spots(folder / "spots.jsonl", ("not json", "[1, 2]"))
    run_batch(folder / "spots.jsonl", folder / "local.jsonl")
    return folder, records(folder / "local.jsonl")


def test_split_and_map_partitions():
    assert split([1, 2, 3, 4, 5], 2) == [[1, 2, 3], [4, 5]]
    assert split([1, 2], 5) == [[1], [2]]
    assert sum(split(list(range(100)), 7), []) == list(range(100))
    seen = []
    assert map_partitions(len, [[1], [1, 2]], progress=lambda d, t: seen.append((d, t))) == [1, 2]
    assert seen == [(1, 2), (2, 2)]
    with pytest.raises(DistributedError, match="positive"):
        split([1], 0)


def test_dask_client_errors():
    with pytest.raises(DistributedError, match="not both"):
        with dask_client("tcp://127.0.0.1:1", 2):
            pass
    with pytest.raises(DistributedError, match="positive"):
        with dask_client(local=0):
            pass
    with dask_client() as nothing:
        assert nothing is None


def test_batch_on_a_cluster_is_bit_identical(local_batch, cluster_client, tmp_path):
    folder, expected = local_batch
    for lines_per_partition in (1, 3, 100):
        out = tmp_path / f"cluster-{lines_per_partition}.jsonl"
        run_batch(folder / "spots.jsonl", out, client=cluster_client, lines_per_partition=lines_per_partition)
        assert records(out) == expected


def test_killed_worker_loses_and_duplicates_nothing(cluster_client, tmp_path):
    spots = [{"players": ["AhKh", "random", "random"], "exact": False, "trials": 150_000, "seed": i} for i in range(16)]
    source = tmp_path / "spots.jsonl"
    source.write_text("".join(json.dumps(s) + "\n" for s in spots), encoding="utf-8")
    expected = [json.loads(line) for line in solve_lines(list(enumerate(source.read_text().splitlines(), 1)))]
    pids = list(cluster_client.run(os.getpid).values())
    killed = []

    def progress(done: int, total: int) -> None:
        if done >= 2 and not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    out = tmp_path / "out.jsonl"
    summary = run_batch(source, out, client=cluster_client, lines_per_partition=1, progress=progress)
    assert killed and summary.solved == len(spots)
    for record in expected:
        record["result"].pop("elapsed")
    assert records(out) == expected


@pytest.mark.parametrize("partitions", [1, 2, 5])
def test_preflop_table_bit_identical_locally_and_on_a_cluster(cluster_client, partitions):
    hands = ["AA", "KK", "AKs", "AKo", "T9s", "72o", "55"]
    here = preflop_table(hands)
    there = preflop_table(hands, client=cluster_client, partitions=partitions)
    for name in ("wins", "ties", "boards"):
        assert (getattr(here, name) == getattr(there, name)).all()
    assert here.equity("AKs", "KK") == equity(["AKs", "KK"], exact=True).equity[0]
    assert here.equity("55", "AKo") == equity(["55", "AKo"], exact=True).equity[0]
    assert here.equity("KK", "KK") == 0.5


def test_every_paytable_on_a_cluster_matches_local(cluster_client):
    from showdown.videopoker import PAYTABLES, analyze, analyze_all

    results = analyze_all(client=cluster_client)
    assert list(results) == list(PAYTABLES) and len(results) == 12
    for name in ("jacks-or-better-9-6", "double-double-bonus-9-6", "deuces-wild-full-pay", "joker-poker-kings"):
        local = analyze(name)
        assert results[name].expected_return == local.expected_return
        assert results[name].variance == local.variance


@pytest.mark.parametrize(
    "players, options",
    [
        (["JJ+, AKs:0.5", "random"], {"exact": True}),
        (["AhKh", "QQ", "random"], {"exact": False, "trials": 200_000, "seed": 5}),
        (["AA", "KK"], {"board": "2c 7d 9h", "exact": False, "trials": 100_000, "seed": 1}),
        (["As Ad 2s 3s", "KKxx"], {"board": "4c 7h 9d", "exact": True, "game": "omaha-hilo"}),
        (["As Ad Ks Kd", "random", "random"], {"exact": False, "trials": 200_000, "seed": 2, "game": "omaha"}),
        (["As Ad Ks Kd Qh Jh", "random"], {"exact": False, "trials": 100_000, "seed": 3, "game": "omaha6"}),
        (["AK", "QQ"], {"exact": True, "game": "short-deck"}),
    ],
)
def test_equity_on_a_cluster_is_bit_identical(cluster_client, players, options):
    here = equity(players, **options).to_dict()
    there = equity(players, client=cluster_client, **options).to_dict()
    here.pop("elapsed"), there.pop("elapsed")
    assert here == there


def test_a_task_on_a_worker_uses_the_workers_threads(cluster_client):
    """On a Dask worker a call takes as many threads as the worker has (one each here); outside
    one, the machine's."""
    from showdown.parallel.cluster import worker_threads

    assert worker_threads() is None
    assert cluster_client.submit(worker_threads, pure=False).result() == 1
