"""The installed package's smoke test, run by .ci/wheel with the Python of a fresh venv that holds
the built wheel (and the web extra), from a folder outside the source tree.

    python smoke.py --single c|pure|absent --source-tree DIR [--record FILE]

``--single`` says which single-hand path must be in use: ``c`` the C extension, ``pure`` the
pure-Python path chosen by SHOWDOWN_PURE_PYTHON=1 although the extension is installed, ``absent``
the pure-Python path of a wheel built without the extension. The environment must name an
XDG_CACHE_HOME of the run's own (empty, or a copy of an earlier run's) and no SHOWDOWN_CACHE_DIR
or NUMBA_CACHE_DIR: numba's cache must go there.

It checks the answers against a small evaluator of its own (best five of seven by brute force),
never against figures copied from showdown, and writes what it computed to ``--record`` so that
.ci/wheel can check that every path gave the same answers.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import importlib.metadata
import importlib.util
import itertools
import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
from pathlib import Path

opened: list[str] = []  # the files this process opened, but for those the checks read themselves
recording = [True]


def _audit(event: str, arguments: tuple) -> None:
    if event == "open" and recording[0] and isinstance(arguments[0], (str, os.PathLike)):
        opened.append(os.fspath(arguments[0]))


def read_bytes(path: Path) -> bytes:
    """A file's bytes, read without recording it as opened by showdown."""
    recording[0] = False
    try:
        return path.read_bytes()
    finally:
        recording[0] = True


sys.addaudithook(_audit)  # before showdown is imported: which table files does it read?

# --- a small evaluator of our own --------------------------------------------------------------
RANKS = "23456789TJQKA"
DECK = [rank + suit for rank in RANKS for suit in "cdhs"]


def five_value(cards: tuple[str, ...]) -> tuple[int, ...]:
    """(category 0..8, tie-break ranks) of five cards: higher is better."""
    ranks = sorted((RANKS.index(card[0]) for card in cards), reverse=True)
    counts = collections.Counter(ranks)
    by_count = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({card[1] for card in cards}) == 1
    straight_high = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_high = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_high = 3  # the wheel, five high
    if straight_high is not None:
        return (8 if flush else 4, straight_high)
    if flush:
        return (5, *ranks)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0)
    return (category, *by_count)


def best_value(cards: list[str]) -> tuple[int, ...]:
    return max(five_value(five) for five in itertools.combinations(cards, 5))


def sign(number: float) -> int:
    return (number > 0) - (number < 0)


def exact_counts(hands: list[str], board: list[str]) -> tuple[list[int], list[int], int]:
    """Wins and ties (a split of any size) of each hand over every runout of the board."""
    holes = [[hand[i:i + 2] for i in range(0, len(hand), 2)] for hand in hands]
    used = set(board).union(*holes)
    stub = [card for card in DECK if card not in used]
    wins, ties, total = [0] * len(hands), [0] * len(hands), 0
    for runout in itertools.combinations(stub, 5 - len(board)):
        values = [best_value(hole + board + list(runout)) for hole in holes]
        top = max(values)
        best = [i for i, value in enumerate(values) if value == top]
        for i in best:
            if len(best) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
        total += 1
    return wins, ties, total


# --- checks ------------------------------------------------------------------------------------
def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"smoke test failed: {what}")
    print(f"  ok  {what}")


def inside(path: Path, folder: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def check_install(source_tree: Path) -> Path:
    import showdown

    package = Path(showdown.__file__).parent
    site = {Path(sysconfig.get_paths()[key]) for key in ("purelib", "platlib")}
    check(sys.prefix != sys.base_prefix, f"running in a venv ({sys.prefix})")
    check(any(inside(package, folder) for folder in site), f"showdown imported from site-packages ({package})")
    check(not inside(package, source_tree) and not inside(Path.cwd(), source_tree),
          "neither the package nor the working folder is in the source tree")
    return package


def check_metadata() -> None:
    meta = importlib.metadata.metadata("showdown-poker")
    check(meta["License-Expression"] == "MIT", "metadata: License-Expression MIT")
    license_files = [file for file in importlib.metadata.files("showdown-poker") if file.name == "LICENSE"]
    check(len(license_files) == 1 and b"MIT License" in read_bytes(Path(license_files[0].locate())),
          "the LICENSE file is installed")
    check(meta["Name"] == "showdown-poker", f"the distribution is showdown-poker (got {meta['Name']})")
    check(not meta.get_all("Project-URL"), "no project URL: the project has no public address to give")
    version = f"Programming Language :: Python :: {sys.version_info[0]}.{sys.version_info[1]}"
    check(version in meta.get_all("Classifier"), f"classifier {version!r}")
    check(not any(c.startswith("License ::") for c in meta.get_all("Classifier")), "no license classifier")


def check_single_path(mode: str, package: Path) -> None:
    from showdown import evaluation

    extension = importlib.util.find_spec("showdown._single")
    if mode == "absent":
        check(extension is None, "showdown._single is not installed")
        check(not list(package.glob("_single*")), "no _single file in the package")
    else:
        check(extension is not None and inside(Path(extension.origin), package),
              f"showdown._single is installed ({extension and Path(extension.origin).name})")
    in_use = evaluation._single is not None
    check(in_use == (mode == "c"), f"single-hand path in use: {'C extension' if in_use else 'pure Python'}")
    check((evaluation._fast_value is evaluation._python_hand_value) == (mode != "c"),
          "the single-hand value is computed on the path in use")
    entry = type(evaluation.evaluate).__name__ == "Entry" and type(evaluation.hand_value).__name__ == "Entry"
    check(entry == (mode == "c"), "evaluate() and hand_value() are answered in C" if mode == "c"
          else "evaluate() and hand_value() are the Python functions")


def check_evaluation(record: dict) -> None:
    import numpy as np

    import showdown

    royal = showdown.evaluate("As Ks Qs Js Ts 2d 3c")
    check(royal.category == showdown.Category.STRAIGHT_FLUSH and royal.value >> 12 == 8
          and royal.description == "Royal Flush", f"evaluate: {royal.description}, {royal.category.name}")
    check([str(card) for card in royal.best_five] == ["As", "Ks", "Qs", "Js", "Ts"], "the royal's best five")
    wheel = showdown.evaluate("5d 4c 3h 2s Ah")
    check(wheel.category == showdown.Category.STRAIGHT and wheel < showdown.evaluate("6d 5c 4h 3s 2h"),
          "the wheel is the lowest straight")

    rng = random.Random(17)
    hands = [rng.sample(DECK, 7) for _ in range(300)]
    ranks = [showdown.evaluate(" ".join(hand)) for hand in hands]
    ours = [best_value(hand) for hand in hands]
    check(all(rank.category == value[0] for rank, value in zip(ranks, ours, strict=True)),
          "the categories of 300 random hands agree with brute force")
    check(all(sign(a.value - b.value) == sign((x > y) - (x < y))
              for (a, x), (b, y) in itertools.combinations(zip(ranks, ours, strict=True), 2)),
          "their 44,850 pairwise comparisons agree with brute force")
    ids = np.array([[DECK.index(card) for card in hand] for hand in hands], dtype=np.uint8)
    bulk = showdown.evaluate_many(ids, n_jobs=1)
    check(bulk.tolist() == [rank.value for rank in ranks], "evaluate_many (numba) agrees with evaluate")
    check([showdown.hand_value("".join(hand)) for hand in hands] == bulk.tolist(),
          "hand_value on packed text agrees with evaluate")

    board, players = "Qs Jh 2d 7c 3c", {"alice": "Ac Kd", "bob": "Ah Kc", "carol": "Qh Qd"}
    result = showdown.showdown(players, board)
    values = {name: best_value(hole.split() + board.split()) for name, hole in players.items()}
    top = max(values.values())
    check(set(result.winners) == {name for name, value in values.items() if value == top},
          f"showdown: {', '.join(result.winners)} win(s)")
    record["values"] = [rank.value for rank in ranks]
    record["showdown"] = result.to_dict()


def check_equity(record: dict) -> None:
    import showdown

    preflop = showdown.equity(["AsAh", "KsKh"], exact=True)
    counts = preflop.to_dict()["counts"]
    check(counts["total"] == math.comb(48, 5), f"preflop AA v KK enumerates C(48, 5) = {math.comb(48, 5):,} boards")
    check(sum(counts["wins"]) + counts["ties"][0] == counts["total"], "preflop: every board a win or a tie")
    aces = preflop.to_dict()["players"][0]["equity"]
    check(0.82 < aces < 0.83, f"preflop: AsAh has {aces:.2%} against KsKh")
    for hands, board in ((["AsAh", "KsKh"], "Qs Js 2h"), (["AcKd", "AhKc", "9h8h"], "Qs Jh 2d")):
        result = showdown.equity(hands, board=board, exact=True).to_dict()
        wins, ties, total = exact_counts(hands, board.split())
        got = result["counts"]
        check((got["wins"], got["ties"], got["total"]) == (wins, ties, total),
              f"equity {' v '.join(hands)} on {board}: wins {wins}, ties {ties} of {total} runouts (brute force)")
        record.setdefault("equity", []).append(got)


def run(command: list[str], **options) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=300, **options)


def check_cli(record: dict) -> None:
    import showdown

    script = Path(sys.executable).with_name("showdown")
    check(script.is_file(), f"the console script is installed ({script})")
    version = run([str(script), "--version"])
    check(version.returncode == 0 and version.stdout.strip() == f"showdown {showdown.__version__}",
          f"showdown --version: {version.stdout.strip()}")
    done = run([str(script), "eval", "As Ks Qs Js Ts 2d 3c", "--json"])
    check(done.returncode == 0, "showdown eval --json exits with 0")
    answer = json.loads(done.stdout)
    check(answer["category"] == 8 and answer["description"] == "Royal Flush"
          and answer["value"] == showdown.evaluate("As Ks Qs Js Ts 2d 3c").value, "showdown eval --json: a royal flush")
    hands, board = ["AsAh", "KsKh"], "Qs Js 2h"
    done = run([str(script), "equity", *hands, "--board", board, "--exact", "--json"])
    counts = json.loads(done.stdout)["counts"]
    wins, ties, total = exact_counts(hands, board.split())
    check(done.returncode == 0 and (counts["wins"], counts["ties"], counts["total"]) == (wins, ties, total),
          "showdown equity --exact --json agrees with brute force")
    bad = run([str(script), "eval", "As Xx"])
    check(bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1
          and "Xx" in bad.stderr, f"a bad card: exit 2 and one line ({bad.stderr.strip()})")
    module = run([sys.executable, "-m", "showdown", "--version"])
    check(module.returncode == 0 and module.stdout == version.stdout, "python -m showdown --version")
    record["cli_eval"] = answer


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str, body: dict | None = None) -> tuple[int, str, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:  # an answer all the same: its status fails the check
        return error.code, error.headers.get("Content-Type", ""), error.read()


def check_web(package: Path, record: dict) -> None:
    import showdown

    port = free_port()
    server = subprocess.Popen([str(Path(sys.executable).with_name("showdown")), "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, _, body = fetch(f"{base}/api/health")
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"smoke test failed: showdown serve did not answer:\n{server.stdout.read()}") \
                        from None
                time.sleep(0.2)
        check(status == 200, f"showdown serve answers on port {port} (/api/health: {json.loads(body)})")
        static = package / "web" / "static"
        status, kind, page = fetch(f"{base}/")
        check(status == 200 and kind.startswith("text/html") and page == read_bytes(static / "index.html"),
              "GET / is the installed web/static/index.html")
        check(b'src="js/main.js"' in page and b'href="style.css"' in page, "the page loads js/main.js and style.css")
        for asset, kind_expected in (("js/main.js", "javascript"), ("style.css", "text/css")):
            status, kind, content = fetch(f"{base}/{asset}")
            check(status == 200 and kind_expected in kind and content == read_bytes(static / asset),
                  f"GET /{asset} is the installed file ({kind})")
        status, _, body = fetch(f"{base}/api/evaluate", {"cards": "As Ks Qs Js Ts 2d 3c"})
        answer = json.loads(body)
        check(status == 200 and answer == showdown.evaluate("As Ks Qs Js Ts 2d 3c").to_dict(),
              "POST /api/evaluate answers evaluate(...).to_dict()")
        record["web_evaluate"] = answer
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    check(server.returncode in (0, -signal.SIGINT, 130), f"showdown serve stops on Ctrl+C (exit {server.returncode})")


def check_files(package: Path, cache_home: Path) -> None:
    from showdown import _kernels, tables

    npz = {Path(path).resolve() for path in opened if path.endswith(".npz")}
    expected = {(package / "tables" / name).resolve() for name in ("evaluator.npz", "games.npz")}
    check(npz == expected, f"the tables were read from the installed package only ({sorted(p.name for p in npz)})")
    check(Path(tables.TABLE_FILE).resolve() in expected, "showdown.tables.TABLE_FILE is the installed file")
    cache = _kernels.cache_dir()
    check(inside(cache, cache_home / "showdown"), f"numba's cache is under XDG_CACHE_HOME ({cache})")
    index = list(cache.rglob("*.nbi"))
    data = list(cache.rglob("*.nbc"))
    check(bool(index) and bool(data), f"numba wrote its cache there ({len(index)} .nbi, {len(data)} .nbc)")
    strays = [p for p in package.rglob("*") if p.suffix in (".nbi", ".nbc")]
    check(not strays, f"no numba cache file inside site-packages/showdown {strays[:3]}")


def digest(source_tree: Path, package: Path) -> None:
    """The installed tables are the source tree's, byte for byte."""
    for name in ("evaluator.npz", "games.npz", "preflop_order.csv"):
        ours = hashlib.sha256(read_bytes(source_tree / "src" / "showdown" / "tables" / name)).hexdigest()
        theirs = hashlib.sha256(read_bytes(package / "tables" / name)).hexdigest()
        check(ours == theirs, f"installed tables/{name} is the source tree's")


def rate() -> None:
    """Calls per second of evaluate() on distinct 7-card strings and on tuples of Cards (a guide only)."""
    import showdown

    rng = random.Random(5)
    texts = [" ".join(rng.sample(DECK, 7)) for _ in range(50_000)]
    tuples = [showdown.parse_cards(text) for text in texts]
    speeds = []
    for hands in (texts, tuples):
        started = time.perf_counter()
        for hand in hands:
            showdown.evaluate(hand)
        speeds.append(len(hands) / (time.perf_counter() - started))
    print(f"  evaluate(): {speeds[0]:,.0f} calls/s from text, {speeds[1]:,.0f} from tuples of Cards")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--single", choices=["c", "pure", "absent"], required=True)
    parser.add_argument("--source-tree", type=Path, required=True)
    parser.add_argument("--record", type=Path)
    options = parser.parse_args()
    started = time.perf_counter()
    for name in ("SHOWDOWN_CACHE_DIR", "NUMBA_CACHE_DIR"):
        check(not os.environ.get(name), f"{name} is not set")
    cache_home = Path(os.environ.get("XDG_CACHE_HOME", "/nonexistent"))
    check(cache_home.is_dir() and not inside(cache_home, options.source_tree), f"XDG_CACHE_HOME is {cache_home}")
    pure = os.environ.get("SHOWDOWN_PURE_PYTHON", "")
    check((pure == "1") == (options.single == "pure"), f"SHOWDOWN_PURE_PYTHON={pure!r} for --single {options.single}")

    package = check_install(options.source_tree)
    check_metadata()
    check_single_path(options.single, package)
    digest(options.source_tree, package)
    record: dict = {}
    check_evaluation(record)
    check_equity(record)
    check_cli(record)
    check_web(package, record)
    check_files(package, cache_home)
    rate()
    if options.record:
        options.record.write_text(json.dumps(record, sort_keys=True))
    print(f"smoke test passed ({options.single}) in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
