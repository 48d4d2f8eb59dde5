"""A bounded load test of the web app on loopback: a real ``showdown serve`` in a subprocess,
2,000 requests of mixed endpoints, 50 at a time, while a long equity job runs.

Prints the latency percentiles; run on its own with ``.venv/bin/python tests/test_web_load.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Optional

import pytest

from conftest import require

httpx = require("httpx")
require("uvicorn")

REQUESTS = 2_000
CONCURRENCY = 50
REQUEST_MIX: list[tuple[str, str, Any]] = [
    ("evaluate", "/api/evaluate", {"cards": "Kh Kd Ks 9c 9h 2d 3c"}),
    ("showdown", "/api/showdown", {"board": "Ac Kc Jc 5c Th", "players": [{"hole": "Ad 4s"}, {"hole": "8c 7h"}]}),
    ("settle", "/api/settle", {"board": "Ac Kc Jc 5c Th", "button": 1, "seats": [
        {"name": "A", "contribution": 25, "hole": "8c 7h"}, {"name": "B", "contribution": 50, "hole": "9h 5h"},
        {"name": "C", "contribution": 100, "hole": "Ad 4s"}]}),
    ("equity", "/api/equity", {"players": ["AcAd", "QQ+,AKs"], "exact": False, "trials": 20_000, "seed": 1}),
    ("grid", "/api/grid", {"hole": "AsKs", "board": "Ts Qs 2d", "exact": False, "trials": 20_000, "seed": 1}),
    ("holds", "/api/videopoker/holds", {"deal": "As Ks Kh 4s 4d"}),
    ("range", "/api/range", {"text": "QQ+, AKs, 0.5(KQo)"}),
    ("evaluate", "/api/evaluate", {"cards": "As Ks Qs Js Ts"}),
]
QUICK = {"evaluate", "showdown", "settle", "holds", "range"}
LONG_JOB = {"players": ["random", "random", "random"], "exact": False, "time_limit": 100}
OUTPUT = Path(__file__).resolve().parent.parent / "test-output" / "load.txt"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def served() -> Iterator[str]:
    """``showdown serve`` on a free loopback port; yields its base URL, stops it afterwards."""
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "showdown", "serve", "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ.copy())
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("showdown serve did not start")
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def percentiles(latencies: list[float]) -> dict[str, float]:
    """p50, p90, p99 and max of ``latencies`` (seconds), in milliseconds."""
    ordered = sorted(latencies)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3

    return {"p50": at(0.50), "p90": at(0.90), "p99": at(0.99), "max": ordered[-1] * 1e3}


class Connection:
    """A minimal HTTP/1.1 keep-alive client for JSON POSTs: the load generator must cost far less
    CPU than the server it measures (httpx's async client took 3.6 ms of CPU per request here)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: Optional[asyncio.StreamReader] = None
        self.writer: Optional[asyncio.StreamWriter] = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
        content = await self.reader.readexactly(int(headers.get("content-length", 0)))
        return int(lines[0].split()[1]), content

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def load(url: str, requests: int = REQUESTS, concurrency: int = CONCURRENCY, job: bool = True) -> dict[str, Any]:
    """Warm every endpoint up, start a long equity job, then send ``requests`` mixed requests
    over ``concurrency`` connections. Returns latencies by endpoint, failures and the job's status."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        for _, path, body in REQUEST_MIX:
            (await client.post(path, json=body)).raise_for_status()
        job_id = (await client.post("/api/equity/jobs", json=LONG_JOB)).json()["job_id"] if job else "none"
        latencies: dict[str, list[float]] = {}
        failures: list[str] = []
        bodies = [(name, path, json.dumps(body).encode()) for name, path, body in REQUEST_MIX]
        queue = iter(range(requests))
        host, port = url.removeprefix("http://").split(":")

        async def worker() -> None:
            connection = Connection(host, int(port))
            try:
                for index in queue:
                    name, path, body = bodies[index % len(bodies)]
                    started = time.perf_counter()
                    try:
                        status, content = await connection.post(path, body)
                        if status != 200:
                            failures.append(f"{path}: {status} {content[:200]!r}")
                    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                        failures.append(f"{path}: {type(error).__name__}: {error}")
                        connection.close()
                        connection = Connection(host, int(port))
                    latencies.setdefault(name, []).append(time.perf_counter() - started)
            finally:
                connection.close()

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
        status = (await client.get(f"/api/equity/jobs/{job_id}")).json()
        await client.delete(f"/api/equity/jobs/{job_id}")
    return {"latencies": latencies, "failures": failures, "elapsed": elapsed, "job": status if job else None}


def report(result: dict[str, Any]) -> str:
    """The figures as text: all requests, the quick ones, each endpoint."""
    everything = [t for times in result["latencies"].values() for t in times]
    quick = [t for name, times in result["latencies"].items() if name in QUICK for t in times]
    lines = [f"{len(everything):,} requests, {CONCURRENCY} at a time, in {result['elapsed']:.1f} s"
             f" ({len(everything) / result['elapsed']:.0f} requests/s)"
             f"{' while an equity job ran' if result['job'] else ''};"
             f" {len(result['failures'])} failed"]
    groups = [("all", everything), ("quick", quick), *sorted(result["latencies"].items())]
    for name, times in groups:
        figures = percentiles(times)
        lines.append(f"  {name:<9}" + "  ".join(f"{key} {value:7.1f} ms" for key, value in figures.items()))
    return "\n".join(lines)


def run_apart(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine on its own event loop in a worker thread: the browser tests keep a loop
    running in the main thread for the whole session."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.mark.load
def test_load_on_loopback(capsys):
    """Every request answered without an error while a long job runs; the latency percentiles
    are printed (and written to test-output/load.txt), never asserted: timings are figures."""
    with served() as url:
        result = run_apart(load(url))
    text = report(result)
    with capsys.disabled():
        print("\n" + text)
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text + "\n", encoding="utf-8")
    assert result["failures"] == []
    assert sum(map(len, result["latencies"].values())) == REQUESTS
    assert result["job"]["status"] == "running"  # the long job ran all along


if __name__ == "__main__":
    with served() as base_url:
        print(report(asyncio.run(load(base_url))))
