"""Dealing, written once for every game and the board study: a seeded random stream, the weighted
pick of a combo, the rest of the deck, a card dealt from it, and a deal of every player's combo.

The stream is splitmix64: a 64-bit state the caller seeds (one per chunk, see
:mod:`showdown.parallel.streams`) and carries, so the same seed gives the same deals whatever
the number of threads. A combo is drawn by weight from Walker's alias tables with one output
(:func:`_pick`); a card either by a step of a partial Fisher-Yates shuffle of an array of the
cards left (:func:`_deal_at`: no rejection) or uniformly from the top of the card ids, drawn again
while it is in use (:func:`_draw`). :func:`_deal_combos` deals every player's combo at once and
starts over when two combos share a card, so a deal comes with probability proportional to the
product of its combos' weights, as in exact enumeration. The three Monte Carlo kernels (hold'em's,
every game's and the board study's) keep measured copies of it inside their loops, each marked
``twin``; tests/test_kernel_twins.py runs each kernel against one built on this function.
"""

import numpy as np

from showdown._kernels import kernel

_ONE = np.uint64(1)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S32, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32), np.uint64(11)
_UNIT = 1.0 / 9007199254740992.0  # 2 ** -53
_LOW32 = np.uint64(0xFFFFFFFF)


@kernel(inline="always")
def _splitmix(state):
    """splitmix64: the next state and a 64-bit output."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return state, z ^ (z >> _S31)


@kernel(inline="always")
def _pick(state, keep, alias, p, size):
    """Draw player ``p``'s combo by weight from Walker's alias tables (``keep``, ``alias``; see
    :func:`showdown.odds.montecarlo.pick_tables`): one output gives a uniform bucket below
    ``size`` and a uniform fraction; the bucket's own combo if the fraction is below its
    ``keep``, else its ``alias``. The generator's new state and the combo's index."""
    state, z = _splitmix(state)
    u = float(z >> _S11) * _UNIT * size
    j = min(int(u), size - 1)
    if u - j >= keep[p, j]:
        j = alias[p, j]
    return state, j


@kernel(inline="always")
def _deal_at(rest, position, bits):
    """Swap a uniformly random card of ``rest[position:]`` to ``position`` (a step of a
    partial Fisher-Yates shuffle), chosen by the 32 random ``bits``; the card."""
    pick = position + ((bits * np.uint64(rest.shape[0] - position)) >> _S32)
    card = rest[pick]
    rest[pick] = rest[position]
    rest[position] = card
    return card


@kernel(inline="always")
def _draw(state, used, lowest, deck_size):
    """A uniformly random card of the deck (the ``deck_size`` ids from ``lowest`` up) not in the
    bit set ``used``, drawn again while it is: the generator's new state and the card."""
    while True:
        state, z = _splitmix(state)
        card = lowest + (((z >> _S32) * np.uint64(deck_size)) >> _S32)
        if not (used >> card) & _ONE:
            return state, card


@kernel(inline="always")
def _rest_of_deck(base_deck, used, deck):
    """Fill ``deck`` with the cards of ``base_deck`` not in the bit set ``used``, in order."""
    r = 0
    for card in base_deck:
        if not (used >> np.uint64(card)) & _ONE:
            deck[r] = card
            r += 1


@kernel(inline="always")
def _combo_mask(combos, p, j):
    """The bit set of the cards of player ``p``'s combo ``j`` (any number of hole cards)."""
    mask = np.uint64(0)
    for a in range(combos.shape[2]):
        mask |= _ONE << np.uint64(combos[p, j, a])
    return mask


@kernel(inline="always")
def _deal_combos(state, combos, sizes, keep, alias, known_used, max_attempts, picked):
    """Every player's combo of a deal, by weight: players with one combo hold it, players with
    none (size 0) are skipped (dealt from the deck by the caller), the others draw theirs with
    :func:`_pick`; the deal starts over when two combos share a card or one holds a card of
    ``known_used``. The combos go to ``picked``; returns the generator's new state, the bit set
    of the known and dealt cards, and whether a deal fitted within ``max_attempts`` tries."""
    n_players = combos.shape[0]
    n_hole = combos.shape[2]
    attempts = 0
    used = known_used
    fits = False
    while not fits and attempts < max_attempts:  # this loop's shape measured fastest
        used = known_used
        fits = True
        for p in range(n_players):
            size = sizes[p]
            if size == 0:
                continue
            j = 0
            if size > 1:
                state, j = _pick(state, keep, alias, p, size)
            picked[p] = j
            mask = np.uint64(0)
            for a in range(n_hole):
                mask |= _ONE << np.uint64(combos[p, j, a])
            if used & mask:
                fits = False
                break
            used |= mask
        attempts += 1
    return state, used, fits
