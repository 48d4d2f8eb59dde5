"""The bridge to the video poker kernels: the count tables (built once per process and rule)
and the per-deal draw counts.

The table of five-card hands holding each set of 0 to 4 cards, by final hand class, takes about
0.2 s to build and 20 MB; it is built on first use and kept.
"""

from __future__ import annotations

import functools
from math import comb, lcm
from types import ModuleType

import numpy as np


@functools.cache
def common_draws(cards_left: int) -> int:
    """The least common multiple of C(cards_left, 0..5): every hold's EV is an integer over it.

    >>> common_draws(47)
    7669695
    """
    return lcm(*(comb(cards_left, k) for k in range(6)))


@functools.cache
def draw_scale(cards_left: int) -> np.ndarray:
    """``draw_scale(n)[k]``: what turns a count out of C(n, k) draws into one out of
    ``common_draws(n)``."""
    return np.array([common_draws(cards_left) // comb(cards_left, k) for k in range(6)], dtype=np.int64)


def kernel() -> ModuleType:
    """The video poker kernels (loaded on first use: ``import showdown`` stays light)."""
    from showdown._kernels import videopoker

    return videopoker


@functools.cache
def superset_table(rule: int) -> np.ndarray:
    """``table[row, cls]``: five-card hands holding a set of 0 to 4 cards, by the rule's class."""
    return kernel()._superset_table(rule)


@functools.cache
def canonical_deals(deck_size: int) -> tuple[np.ndarray, np.ndarray]:
    """The deals that stand for every deal up to a change of suits (134,459 of 52 cards), and
    their weights."""
    return kernel()._canonical_deals(deck_size)


def hold_counts(rule: int, deal: np.ndarray) -> np.ndarray:
    """The (32, 16) draw counts by hold (a 5-bit mask of positions) and class for a sorted deal."""
    return kernel()._hold_counts(rule, deal, superset_table(rule))
