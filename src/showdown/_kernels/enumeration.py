"""Exact enumeration, written once for every game: which work items a chunk takes, the players'
combos of an assignment, and the next combination of the cards still to come.

Work is cut into items numbered from 0 (an assignment of combos times a first part of the board,
or a runout), and item ``i`` goes to chunk ``i % n_chunks``: the caller fixes the chunks, never
the thread count, and reduces them in order, so an answer is the same whatever the number of
threads, and cutting the items into consecutive calls (``first`` to ``stop - 1``, for progress
reports) does not change which chunk counts what.
"""

import numpy as np

from showdown._kernels import kernel
from showdown._kernels.dealing import _combo_mask


@kernel(inline="always")
def _chunk_start(first, chunk, n_chunks):
    """The first item at or after ``first`` that goes to ``chunk`` (the next ones are
    ``n_chunks`` apart)."""
    return first + (chunk - first % n_chunks) % n_chunks


@kernel(inline="always")
def _assign(combos, sizes, weights, assignment, picked):
    """The players' combos of ``assignment`` (a mixed-radix number over ``sizes``: player 0's
    combo is its lowest digit) into ``picked``: the bit set of their cards, whether no two
    share a card (the digits after a clash are left as they were) and the product of their
    weights."""
    left = assignment
    used = np.uint64(0)
    weight = 1.0
    for p in range(combos.shape[0]):
        j = left % sizes[p]
        left //= sizes[p]
        mask = _combo_mask(combos, p, j)
        if used & mask:
            return used, False, weight
        picked[p] = j
        used |= mask
        weight *= weights[p, j]
    return used, True, weight


@kernel(inline="always")
def _advance(index, rest, n_left):
    """Move the ``rest`` increasing positions in ``index`` (below ``n_left``) to the next
    combination in lexicographic order; the first position changed, or -1 after the last one."""
    t = rest - 1
    while t >= 0 and index[t] == n_left - rest + t:
        t -= 1
    if t < 0:
        return t
    index[t] += 1
    for u in range(t + 1, rest):
        index[u] = index[u - 1] + 1
    return t
