"""The bridge to the video poker kernels: the count table (built once per process) and the
per-deal draw counts.

The table of five-card hands holding each set of 0 to 4 cards, by final hand class, takes about
0.2 s to build and 19 MB; it is built on first use and kept.
"""

from __future__ import annotations

import functools
from math import comb, lcm
from types import ModuleType

import numpy as np

COMMON_DRAWS = lcm(*(comb(47, k) for k in range(6)))
"""The least common multiple of C(47, 0..5): every hold's EV is an integer over it."""

SCALE = np.array([COMMON_DRAWS // comb(47, k) for k in range(6)], dtype=np.int64)
"""``SCALE[k]``: what turns a count out of C(47, k) draws into one out of COMMON_DRAWS."""


def kernel() -> ModuleType:
    """The video poker kernels (loaded on first use: ``import showdown`` stays light)."""
    from showdown._kernels import videopoker

    return videopoker


@functools.cache
def superset_table() -> np.ndarray:
    """``table[row, cls]``: five-card hands holding a set of 0 to 4 cards, by class."""
    return kernel()._superset_table()


@functools.cache
def canonical_deals() -> tuple[np.ndarray, np.ndarray]:
    """The 134,459 deals that stand for every deal up to a change of suits, and their weights."""
    return kernel()._canonical_deals()


def hold_counts(deal: np.ndarray) -> np.ndarray:
    """The (32, 16) draw counts by hold (a 5-bit mask of positions) and class for a sorted deal."""
    return kernel()._hold_counts(deal, superset_table())
