"""Random streams of Monte Carlo chunks: one 64-bit seed per chunk, derived from the user's seed,
the batch and the chunk.

:func:`chunk_seeds` gives exactly ``np.random.SeedSequence([seed, batch, chunk])
.generate_state(1, np.uint64)[0]`` for every chunk at once: NumPy's hash, done on arrays (a
``SeedSequence`` a chunk cost about 3 ms a batch of 64 chunks, a fixed cost of every batch).

>>> import numpy as np
>>> int(chunk_seeds(7, 0, 3)[2]) == int(np.random.SeedSequence([7, 0, 2]).generate_state(1, np.uint64)[0])
True
"""

from __future__ import annotations

import operator

import numpy as np

# NumPy's SeedSequence constants (numpy/random/bit_generator.pyx).
_POOL_SIZE = 4
_INIT_A = 0x43B0D7E5
_MULT_A = 0x931E8875
_INIT_B = 0x8B51F9DD
_MULT_B = 0x58F38DED
_MIX_MULT_L = 0xCA01F9DD
_MIX_MULT_R = 0x4973F715
_MASK = 0xFFFFFFFF


def _words(value: int) -> list[int]:
    """A non-negative int as SeedSequence reads it: 32-bit words, least significant first."""
    words = [value & _MASK]
    value >>= 32
    while value:
        words.append(value & _MASK)
        value >>= 32
    return words


class _Hash:
    """SeedSequence's running hash: each use multiplies its constant on, whatever the data."""

    def __init__(self, start: int, multiplier: int) -> None:
        self.constant = start
        self.multiplier = multiplier

    def __call__(self, value: np.ndarray) -> np.ndarray:
        value = value ^ np.uint32(self.constant)
        self.constant = self.constant * self.multiplier & _MASK
        value = value * np.uint32(self.constant)
        return value ^ (value >> np.uint32(16))


def _mix(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    result: np.ndarray = x * np.uint32(_MIX_MULT_L) - y * np.uint32(_MIX_MULT_R)
    return result ^ (result >> np.uint32(16))


def chunk_seeds(seed: int, batch: int, n_chunks: int) -> np.ndarray:
    """(n_chunks,) uint64: the seed of each chunk of ``batch`` for the run seeded by ``seed``
    (non-negative ints), as ``SeedSequence([seed, batch, chunk])`` would give it."""
    seed, batch = operator.index(seed), operator.index(batch)
    if seed < 0 or batch < 0 or not 0 <= n_chunks <= _MASK:
        raise ValueError(f"chunk_seeds needs non-negative seed and batch, got {seed}, {batch}, {n_chunks} chunks")
    chunks = np.arange(n_chunks, dtype=np.uint32)
    entropy = [np.full(n_chunks, word, dtype=np.uint32) for word in (*_words(seed), *_words(batch))] + [chunks]
    with np.errstate(over="ignore"):
        hashed = _Hash(_INIT_A, _MULT_A)
        zero = np.zeros(n_chunks, dtype=np.uint32)
        pool = [hashed(entropy[i] if i < len(entropy) else zero) for i in range(_POOL_SIZE)]
        for source in range(_POOL_SIZE):
            for target in range(_POOL_SIZE):
                if source != target:
                    pool[target] = _mix(pool[target], hashed(pool[source]))
        for source in range(_POOL_SIZE, len(entropy)):
            for target in range(_POOL_SIZE):
                pool[target] = _mix(pool[target], hashed(entropy[source]))
        out = _Hash(_INIT_B, _MULT_B)
        low, high = out(pool[0]), out(pool[1])
    return low.astype(np.uint64) | (high.astype(np.uint64) << np.uint64(32))
