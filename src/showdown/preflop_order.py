"""The preflop ordering of the 169 hand classes behind ``top N%`` ranges, and its generator.

Each class (``AA``, ``AKs``, ``AKo``, ...) is ranked by its exact heads-up all-in equity against
one uniformly random opponent hand (ties count half): every combo of the class against every
non-overlapping opponent combo and every board, from :func:`showdown.preflop_table.preflop_table`.
Exact ties between classes keep the canonical :func:`hand_classes` order.

The constant below is written by this module's generator; regenerate it (about 20 s on two
cores) with::

    python -m showdown.preflop_order --write     # or --check to compare without writing

>>> PREFLOP_ORDER[:3]
('AA', 'KK', 'QQ')
>>> len(PREFLOP_ORDER), PREFLOP_ORDER[-1]
(169, '32o')
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Optional

import numpy as np

from showdown.cards import RANK_CHARS

TRIALS = 200_000
"""Monte Carlo deals per class in :func:`estimate_equities` (a cross-check of the exact numbers)."""

SEED = 20_240_601
"""The seed of :func:`estimate_equities` (the same for every class: common random numbers)."""


def hand_classes() -> tuple[str, ...]:
    """The 169 hand classes in a fixed canonical order: pairs AA..22, then AKs, AKo, AQs, ... 32o.

    >>> classes = hand_classes()
    >>> len(classes), classes[:3], classes[13:16], classes[-1]
    (169, ('AA', 'KK', 'QQ'), ('AKs', 'AKo', 'AQs'), '32o')
    """
    pairs = [RANK_CHARS[r] * 2 for r in range(12, -1, -1)]
    others = [
        RANK_CHARS[high] + RANK_CHARS[low] + kind
        for high in range(12, 0, -1)
        for low in range(high - 1, -1, -1)
        for kind in "so"
    ]
    return tuple(pairs + others)


def _representative(name: str) -> tuple[int, int]:
    """Two card ids of one combo of the class (by suit symmetry every combo has the same equity)."""
    high, low = RANK_CHARS.index(name[0]), RANK_CHARS.index(name[1])
    if high == low or name.endswith("o"):
        return 4 * high, 4 * low + 1  # clubs and diamonds
    return 4 * high, 4 * low  # both clubs


def estimate_equities(trials: int = TRIALS, seed: int = SEED, n_jobs: Optional[int] = None) -> dict[str, float]:
    """Each class's all-in equity against a random hand, by ``trials`` seeded Monte Carlo deals.

    Deterministic: the same ``trials`` and ``seed`` give the same numbers on any machine.

    >>> equities = estimate_equities(trials=2_000)
    >>> equities["AA"] > 0.8 > 0.35 > equities["32o"]
    True
    """
    from showdown.evaluate import evaluate_many

    result: dict[str, float] = {}
    for name in hand_classes():
        hero = _representative(name)
        remaining = np.array([c for c in range(52) if c not in hero], dtype=np.uint8)
        rng = np.random.default_rng(seed)
        deck = np.tile(remaining, (trials, 1))
        rows = np.arange(trials)
        for j in range(7):  # a partial Fisher-Yates shuffle: the first 7 of the 50 cards
            pick = rng.integers(j, 50, size=trials)
            chosen = deck[rows, pick]
            deck[rows, pick] = deck[:, j]
            deck[:, j] = chosen
        hands = np.empty((2 * trials, 7), dtype=np.uint8)
        hands[:trials, 0] = hero[0]
        hands[:trials, 1] = hero[1]
        hands[trials:, :2] = deck[:, :2]
        hands[:trials, 2:] = deck[:, 2:7]
        hands[trials:, 2:] = deck[:, 2:7]
        values = evaluate_many(hands, n_jobs=n_jobs)
        ours, theirs = values[:trials], values[trials:]
        wins = int(np.count_nonzero(ours > theirs))
        ties = int(np.count_nonzero(ours == theirs))
        result[name] = (wins + ties / 2) / trials
    return result


def exact_equities(n_jobs: Optional[int] = None) -> dict[str, float]:
    """Each class's exact all-in equity against a random hand, from the exact preflop table."""
    from showdown._parallel import thread_count, threads
    from showdown.preflop_table import preflop_table

    with threads(thread_count(n_jobs, 1 << 30)):
        return preflop_table().against_random()


def order_from_equities(equities: dict[str, float]) -> tuple[str, ...]:
    """Classes by equity, highest first; exact ties keep the canonical :func:`hand_classes` order.

    >>> order_from_equities({"AA": 0.85, "72o": 0.35, "KK": 0.82})
    ('AA', 'KK', '72o')
    """
    canonical = {name: i for i, name in enumerate(hand_classes())}
    return tuple(sorted(equities, key=lambda name: (-equities[name], canonical.get(name, 0))))


def _render(equities: dict[str, float]) -> str:
    order = order_from_equities(equities)
    lines = [
        _BEGIN,
        "# Written by `python -m showdown.preflop_order --write` (exact, from the preflop table).",
        "PREFLOP_EQUITY: dict[str, float] = {",
    ]
    for i in range(0, len(order), 6):
        lines.append("    " + " ".join(f'"{name}": {equities[name]:.4f},' for name in order[i : i + 6]))
    lines += [
        "}",
        '"""Each class\'s exact equity against a random hand, rounded to 4 decimals, best first."""',
        "",
        "PREFLOP_ORDER: tuple[str, ...] = (",
    ]
    for i in range(0, len(order), 12):
        lines.append("    " + " ".join(f'"{name}",' for name in order[i : i + 12]))
    lines += [
        ")",
        '"""The 169 classes, best first: the order ``top N%`` takes them in."""',
        _END,
    ]
    return "\n".join(lines) + "\n"


_BEGIN = "# --- BEGIN GENERATED (do not edit by hand) ---"
_END = "# --- END GENERATED ---"
_BLOCK = re.compile("^" + re.escape(_BEGIN) + r"\n.*?^" + re.escape(_END) + r"\n", re.DOTALL | re.MULTILINE)


def main(argv: Optional[list[str]] = None) -> int:
    """Regenerate the ordering: print it, ``--write`` it into this file, or ``--check`` it."""
    parser = argparse.ArgumentParser(prog="python -m showdown.preflop_order", description=main.__doc__)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="rewrite the generated block of this file")
    action.add_argument("--check", action="store_true", help="exit 1 if the shipped block differs")
    args = parser.parse_args(argv)
    block = _render(exact_equities())
    path = Path(__file__)
    source = path.read_text(encoding="utf-8")
    if args.write:
        path.write_text(_BLOCK.sub(lambda _: block, source, count=1), encoding="utf-8")
    elif args.check:
        match = _BLOCK.search(source)
        if match is None or match.group(0) != block:
            print("the shipped preflop ordering differs from the generator's output", file=sys.stderr)
            return 1
    else:
        print(block, end="")
    return 0


# --- BEGIN GENERATED (do not edit by hand) ---
# Written by `python -m showdown.preflop_order --write` (exact, from the preflop table).
PREFLOP_EQUITY: dict[str, float] = {
    "AA": 0.8520, "KK": 0.8240, "QQ": 0.7993, "JJ": 0.7747, "TT": 0.7501, "99": 0.7206,
    "88": 0.6916, "AKs": 0.6704, "77": 0.6624, "AQs": 0.6621, "AJs": 0.6539, "AKo": 0.6532,
    "ATs": 0.6460, "AQo": 0.6443, "AJo": 0.6356, "KQs": 0.6340, "66": 0.6328, "A9s": 0.6278,
    "ATo": 0.6272, "KJs": 0.6257, "A8s": 0.6194, "KTs": 0.6179, "KQo": 0.6146, "A7s": 0.6098,
    "A9o": 0.6077, "KJo": 0.6057, "55": 0.6032, "QJs": 0.6026, "K9s": 0.5999, "A5s": 0.5992,
    "A6s": 0.5991, "A8o": 0.5987, "KTo": 0.5974, "QTs": 0.5947, "A4s": 0.5903, "A7o": 0.5884,
    "K8s": 0.5831, "A3s": 0.5822, "QJo": 0.5813, "K9o": 0.5781, "A5o": 0.5770, "A6o": 0.5768,
    "Q9s": 0.5766, "K7s": 0.5754, "JTs": 0.5753, "A2s": 0.5738, "QTo": 0.5729, "44": 0.5702,
    "A4o": 0.5673, "K6s": 0.5664, "K8o": 0.5602, "Q8s": 0.5602, "A3o": 0.5584, "K5s": 0.5579,
    "J9s": 0.5566, "Q9o": 0.5536, "JTo": 0.5525, "K7o": 0.5519, "A2o": 0.5493, "K4s": 0.5488,
    "Q7s": 0.5430, "K6o": 0.5422, "K3s": 0.5405, "T9s": 0.5403, "J8s": 0.5402, "33": 0.5369,
    "Q6s": 0.5361, "Q8o": 0.5360, "K5o": 0.5331, "J9o": 0.5325, "K2s": 0.5321, "Q5s": 0.5277,
    "T8s": 0.5233, "K4o": 0.5233, "J7s": 0.5232, "Q4s": 0.5186, "Q7o": 0.5177, "T9o": 0.5153,
    "J8o": 0.5149, "K3o": 0.5143, "Q6o": 0.5102, "Q3s": 0.5102, "98s": 0.5080, "T7s": 0.5064,
    "J6s": 0.5061, "K2o": 0.5051, "22": 0.5033, "Q2s": 0.5017, "Q5o": 0.5012, "J5s": 0.4999,
    "T8o": 0.4972, "J7o": 0.4968, "Q4o": 0.4913, "97s": 0.4912, "J4s": 0.4907, "T6s": 0.4894,
    "J3s": 0.4823, "Q3o": 0.4822, "98o": 0.4810, "87s": 0.4794, "T7o": 0.4791, "J6o": 0.4784,
    "96s": 0.4743, "J2s": 0.4738, "Q2o": 0.4730, "T5s": 0.4722, "J5o": 0.4718, "T4s": 0.4653,
    "97o": 0.4630, "86s": 0.4624, "J4o": 0.4619, "T6o": 0.4609, "95s": 0.4572, "T3s": 0.4569,
    "76s": 0.4537, "J3o": 0.4528, "87o": 0.4505, "T2s": 0.4484, "85s": 0.4454, "96o": 0.4449,
    "J2o": 0.4435, "T5o": 0.4425, "94s": 0.4386, "75s": 0.4368, "T4o": 0.4350, "93s": 0.4326,
    "86o": 0.4324, "65s": 0.4313, "84s": 0.4270, "95o": 0.4267, "T3o": 0.4259, "92s": 0.4242,
    "76o": 0.4232, "74s": 0.4185, "T2o": 0.4167, "54s": 0.4145, "85o": 0.4143, "64s": 0.4133,
    "83s": 0.4087, "94o": 0.4067, "75o": 0.4051, "82s": 0.4027, "73s": 0.4004, "93o": 0.4002,
    "65o": 0.3994, "53s": 0.3969, "63s": 0.3953, "84o": 0.3945, "92o": 0.3910, "43s": 0.3864,
    "74o": 0.3855, "72s": 0.3816, "54o": 0.3816, "64o": 0.3801, "52s": 0.3785, "62s": 0.3767,
    "83o": 0.3748, "42s": 0.3683, "82o": 0.3683, "73o": 0.3660, "53o": 0.3626, "63o": 0.3608,
    "32s": 0.3598, "43o": 0.3515, "72o": 0.3458, "52o": 0.3428, "62o": 0.3408, "42o": 0.3320,
    "32o": 0.3230,
}
"""Each class's exact equity against a random hand, rounded to 4 decimals, best first."""

PREFLOP_ORDER: tuple[str, ...] = (
    "AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "77", "AQs", "AJs", "AKo",
    "ATs", "AQo", "AJo", "KQs", "66", "A9s", "ATo", "KJs", "A8s", "KTs", "KQo", "A7s",
    "A9o", "KJo", "55", "QJs", "K9s", "A5s", "A6s", "A8o", "KTo", "QTs", "A4s", "A7o",
    "K8s", "A3s", "QJo", "K9o", "A5o", "A6o", "Q9s", "K7s", "JTs", "A2s", "QTo", "44",
    "A4o", "K6s", "K8o", "Q8s", "A3o", "K5s", "J9s", "Q9o", "JTo", "K7o", "A2o", "K4s",
    "Q7s", "K6o", "K3s", "T9s", "J8s", "33", "Q6s", "Q8o", "K5o", "J9o", "K2s", "Q5s",
    "T8s", "K4o", "J7s", "Q4s", "Q7o", "T9o", "J8o", "K3o", "Q6o", "Q3s", "98s", "T7s",
    "J6s", "K2o", "22", "Q2s", "Q5o", "J5s", "T8o", "J7o", "Q4o", "97s", "J4s", "T6s",
    "J3s", "Q3o", "98o", "87s", "T7o", "J6o", "96s", "J2s", "Q2o", "T5s", "J5o", "T4s",
    "97o", "86s", "J4o", "T6o", "95s", "T3s", "76s", "J3o", "87o", "T2s", "85s", "96o",
    "J2o", "T5o", "94s", "75s", "T4o", "93s", "86o", "65s", "84s", "95o", "T3o", "92s",
    "76o", "74s", "T2o", "54s", "85o", "64s", "83s", "94o", "75o", "82s", "73s", "93o",
    "65o", "53s", "63s", "84o", "92o", "43s", "74o", "72s", "54o", "64o", "52s", "62s",
    "83o", "42s", "82o", "73o", "53o", "63o", "32s", "43o", "72o", "52o", "62o", "42o",
    "32o",
)
"""The 169 classes, best first: the order ``top N%`` takes them in."""
# --- END GENERATED ---


if __name__ == "__main__":
    raise SystemExit(main())
