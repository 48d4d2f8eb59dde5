"""Scoring a deal, written once: who has the best value, and the per-player counts of
:mod:`showdown.tables.layout` (wins and ties by category, and in hi-lo the shares of each half
and of the pot). Hold'em's measured kernels in :mod:`showdown._kernels.equity` keep copies of
:func:`_count`'s high half inside their loops (a shared helper cost them speed there);
tests/test_kernel_twins.py and tests/test_game_equity.py prove they count as it does.
"""

import numpy as np

from showdown._kernels import kernel
from showdown.tables.layout import (
    CATEGORY_SHIFT,
    HIGH_SHARE,
    LOW_SHARE,
    POT_CATEGORY,
    POT_SHARE,
    POT_SQUARE,
    SCOOP,
    TIE,
    TIE_SHARE_CATEGORY,
    TIE_SHARE_UNIT,
    TIED,
    WIN,
    WIN_CATEGORY,
)


@kernel(inline="always")
def _best(values, n_players):
    """The best of the first ``n_players`` values, how many players have it, and the first of them."""
    best = np.int64(-1)
    tied = 0
    winner = 0
    for p in range(n_players):
        if values[p] > best:
            best = values[p]
            tied = 1
            winner = p
        elif values[p] == best:
            tied += 1
    return best, tied, winner


@kernel(inline="always")
def _count(n_players, low, values, lows, counts, weighted, weight, with_weights):
    """Count one deal: high wins and ties by category, and when ``low`` (the game has a low half)
    each player's shares of the halves and of the pot, and scoops."""
    # twin: _best, written out here (a tuple-returning helper inside this one cost the game
    # kernels speed); the reference kernels of tests/test_kernel_twins.py use both
    best = -1
    tied = 0
    winner = 0
    for p in range(n_players):
        if values[p] > best:
            best = values[p]
            tied = 1
            winner = p
        elif values[p] == best:
            tied += 1
    category = best >> CATEGORY_SHIFT
    if tied == 1:
        counts[winner, WIN] += 1
        counts[winner, WIN_CATEGORY + category] += 1
        if with_weights:
            weighted[winner, WIN] += weight
            weighted[winner, WIN_CATEGORY + category] += weight
    else:
        share = TIE_SHARE_UNIT // tied
        for p in range(n_players):
            if values[p] == best:
                counts[p, TIE] += 1
                counts[p, TIED + tied] += 1
                counts[p, TIE_SHARE_CATEGORY + category] += share
                if with_weights:
                    weighted[p, TIE] += weight
                    weighted[p, TIED + tied] += weight
                    weighted[p, TIE_SHARE_CATEGORY + category] += weight * share
    if not low:
        return
    best_low = 0
    low_tied = 0
    for p in range(n_players):
        if lows[p] > best_low:
            best_low = lows[p]
            low_tied = 1
        elif lows[p] == best_low and best_low > 0:
            low_tied += 1
    high_share = TIE_SHARE_UNIT // tied
    low_share = TIE_SHARE_UNIT // low_tied if low_tied else 0
    for p in range(n_players):
        high = high_share if values[p] == best else 0
        lo = low_share if low_tied and lows[p] == best_low else 0
        pot = high + lo if low_tied else 2 * high
        if pot == 0:
            continue
        counts[p, HIGH_SHARE] += high
        counts[p, LOW_SHARE] += lo
        counts[p, POT_SHARE] += pot
        counts[p, POT_SQUARE] += pot * pot
        scoop = 1 if pot == 2 * TIE_SHARE_UNIT else 0
        counts[p, SCOOP] += scoop
        mine = POT_CATEGORY + (values[p] >> CATEGORY_SHIFT)
        counts[p, mine] += pot
        if with_weights:
            weighted[p, mine] += weight * pot
            weighted[p, HIGH_SHARE] += weight * high
            weighted[p, LOW_SHARE] += weight * lo
            weighted[p, POT_SHARE] += weight * pot
            weighted[p, POT_SQUARE] += weight * pot * pot
            weighted[p, SCOOP] += weight * scoop
