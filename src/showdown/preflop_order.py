"""The preflop ordering of the 169 hand classes behind ``top N%`` ranges, and its generator.

Each class (``AA``, ``AKs``, ``AKo``, ...) is ranked by its heads-up all-in equity against one
uniformly random opponent hand (ties count half), estimated by the project itself with seeded
Monte Carlo on :func:`showdown.evaluate_many`: for every class, ``TRIALS`` deals of the opponent's
two cards and the five board cards from the 50 cards left. Every class uses the same seed
(common random numbers), which makes the *differences* between classes, and so the order, less
noisy than independent streams would. The standard error of each equity is about 0.001, so
classes closer than that may swap places under another seed; the order is a documented,
reproducible convention, not a solver output.

The constant below is written by this module's generator; regenerate it (about a minute) with::

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
"""Monte Carlo deals per class for the shipped ordering."""

SEED = 20_240_601
"""The seed of the shipped ordering (the same for every class: common random numbers)."""


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


def order_from_equities(equities: dict[str, float]) -> tuple[str, ...]:
    """Classes by equity, highest first; exact ties keep the canonical :func:`hand_classes` order.

    >>> order_from_equities({"AA": 0.85, "72o": 0.35, "KK": 0.82})
    ('AA', 'KK', '72o')
    """
    canonical = {name: i for i, name in enumerate(hand_classes())}
    return tuple(sorted(equities, key=lambda name: (-equities[name], canonical.get(name, 0))))


def _render(equities: dict[str, float], trials: int, seed: int) -> str:
    order = order_from_equities(equities)
    lines = [
        _BEGIN,
        f"# Written by `python -m showdown.preflop_order --write` (trials={trials}, seed={seed}).",
        "PREFLOP_EQUITY: dict[str, float] = {",
    ]
    for i in range(0, len(order), 6):
        lines.append("    " + " ".join(f'"{name}": {equities[name]:.4f},' for name in order[i : i + 6]))
    lines += [
        "}",
        '"""Each class\'s estimated equity against a random hand, rounded to 4 decimals, best first."""',
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
    parser.add_argument("--trials", type=int, default=TRIALS)
    parser.add_argument("--seed", type=int, default=SEED)
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="rewrite the generated block of this file")
    action.add_argument("--check", action="store_true", help="exit 1 if the shipped block differs")
    args = parser.parse_args(argv)
    block = _render(estimate_equities(args.trials, args.seed), args.trials, args.seed)
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
# Written by `python -m showdown.preflop_order --write` (trials=200000, seed=20240601).
PREFLOP_EQUITY: dict[str, float] = {
    "AA": 0.8511, "KK": 0.8223, "QQ": 0.7978, "JJ": 0.7728, "TT": 0.7490, "99": 0.7196,
    "88": 0.6904, "AKs": 0.6703, "77": 0.6631, "AQs": 0.6618, "AJs": 0.6537, "AKo": 0.6530,
    "ATs": 0.6472, "AQo": 0.6440, "AJo": 0.6352, "66": 0.6332, "KQs": 0.6329, "ATo": 0.6285,
    "A9s": 0.6268, "KJs": 0.6256, "A8s": 0.6199, "KTs": 0.6182, "KQo": 0.6137, "A7s": 0.6104,
    "A9o": 0.6066, "KJo": 0.6058, "55": 0.6030, "QJs": 0.6020, "A6s": 0.6003, "A5s": 0.5997,
    "A8o": 0.5990, "K9s": 0.5986, "KTo": 0.5975, "QTs": 0.5952, "A4s": 0.5898, "A7o": 0.5892,
    "K8s": 0.5826, "A3s": 0.5820, "QJo": 0.5811, "A5o": 0.5783, "A6o": 0.5783, "K9o": 0.5762,
    "Q9s": 0.5756, "JTs": 0.5753, "K7s": 0.5746, "A2s": 0.5738, "QTo": 0.5726, "44": 0.5697,
    "A4o": 0.5675, "K6s": 0.5658, "Q8s": 0.5604, "K8o": 0.5590, "A3o": 0.5585, "K5s": 0.5574,
    "J9s": 0.5551, "JTo": 0.5525, "Q9o": 0.5519, "K7o": 0.5510, "A2o": 0.5491, "K4s": 0.5473,
    "Q7s": 0.5424, "K6o": 0.5414, "K3s": 0.5400, "J8s": 0.5396, "T9s": 0.5389, "33": 0.5370,
    "Q6s": 0.5356, "Q8o": 0.5356, "K5o": 0.5327, "K2s": 0.5321, "J9o": 0.5308, "Q5s": 0.5274,
    "T8s": 0.5236, "K4o": 0.5216, "J7s": 0.5210, "Q4s": 0.5182, "Q7o": 0.5168, "J8o": 0.5140,
    "T9o": 0.5138, "K3o": 0.5134, "Q3s": 0.5104, "Q6o": 0.5093, "98s": 0.5073, "T7s": 0.5051,
    "22": 0.5048, "K2o": 0.5046, "J6s": 0.5039, "Q2s": 0.5021, "Q5o": 0.5011, "J5s": 0.4989,
    "T8o": 0.4969, "J7o": 0.4942, "Q4o": 0.4907, "J4s": 0.4899, "97s": 0.4896, "T6s": 0.4892,
    "J3s": 0.4825, "Q3o": 0.4817, "98o": 0.4798, "87s": 0.4796, "T7o": 0.4775, "J6o": 0.4762,
    "J2s": 0.4734, "96s": 0.4731, "Q2o": 0.4726, "T5s": 0.4722, "J5o": 0.4709, "T4s": 0.4663,
    "86s": 0.4621, "97o": 0.4613, "J4o": 0.4607, "T6o": 0.4604, "T3s": 0.4579, "95s": 0.4564,
    "76s": 0.4536, "J3o": 0.4521, "87o": 0.4503, "T2s": 0.4500, "85s": 0.4462, "96o": 0.4433,
    "J2o": 0.4427, "T5o": 0.4424, "94s": 0.4384, "75s": 0.4376, "T4o": 0.4353, "93s": 0.4334,
    "86o": 0.4315, "65s": 0.4311, "84s": 0.4276, "T3o": 0.4260, "95o": 0.4257, "92s": 0.4247,
    "76o": 0.4224, "74s": 0.4176, "T2o": 0.4175, "54s": 0.4159, "85o": 0.4150, "64s": 0.4131,
    "83s": 0.4091, "94o": 0.4058, "75o": 0.4058, "82s": 0.4039, "73s": 0.4007, "93o": 0.4002,
    "65o": 0.3990, "53s": 0.3977, "63s": 0.3956, "84o": 0.3954, "92o": 0.3911, "43s": 0.3874,
    "74o": 0.3853, "54o": 0.3832, "72s": 0.3824, "52s": 0.3798, "64o": 0.3798, "62s": 0.3777,
    "83o": 0.3757, "42s": 0.3699, "82o": 0.3698, "73o": 0.3662, "53o": 0.3629, "32s": 0.3614,
    "63o": 0.3603, "43o": 0.3518, "72o": 0.3466, "52o": 0.3435, "62o": 0.3410, "42o": 0.3331,
    "32o": 0.3242,
}
"""Each class's estimated equity against a random hand, rounded to 4 decimals, best first."""

PREFLOP_ORDER: tuple[str, ...] = (
    "AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "77", "AQs", "AJs", "AKo",
    "ATs", "AQo", "AJo", "66", "KQs", "ATo", "A9s", "KJs", "A8s", "KTs", "KQo", "A7s",
    "A9o", "KJo", "55", "QJs", "A6s", "A5s", "A8o", "K9s", "KTo", "QTs", "A4s", "A7o",
    "K8s", "A3s", "QJo", "A5o", "A6o", "K9o", "Q9s", "JTs", "K7s", "A2s", "QTo", "44",
    "A4o", "K6s", "Q8s", "K8o", "A3o", "K5s", "J9s", "JTo", "Q9o", "K7o", "A2o", "K4s",
    "Q7s", "K6o", "K3s", "J8s", "T9s", "33", "Q6s", "Q8o", "K5o", "K2s", "J9o", "Q5s",
    "T8s", "K4o", "J7s", "Q4s", "Q7o", "J8o", "T9o", "K3o", "Q3s", "Q6o", "98s", "T7s",
    "22", "K2o", "J6s", "Q2s", "Q5o", "J5s", "T8o", "J7o", "Q4o", "J4s", "97s", "T6s",
    "J3s", "Q3o", "98o", "87s", "T7o", "J6o", "J2s", "96s", "Q2o", "T5s", "J5o", "T4s",
    "86s", "97o", "J4o", "T6o", "T3s", "95s", "76s", "J3o", "87o", "T2s", "85s", "96o",
    "J2o", "T5o", "94s", "75s", "T4o", "93s", "86o", "65s", "84s", "T3o", "95o", "92s",
    "76o", "74s", "T2o", "54s", "85o", "64s", "83s", "94o", "75o", "82s", "73s", "93o",
    "65o", "53s", "63s", "84o", "92o", "43s", "74o", "54o", "72s", "52s", "64o", "62s",
    "83o", "42s", "82o", "73o", "53o", "32s", "63o", "43o", "72o", "52o", "62o", "42o",
    "32o",
)
"""The 169 classes, best first: the order ``top N%`` takes them in."""
# --- END GENERATED ---


if __name__ == "__main__":
    raise SystemExit(main())
