"""The random streams of Monte Carlo chunks (``showdown.parallel.streams``)."""

import numpy as np
import pytest

from showdown.parallel.streams import chunk_seeds


@pytest.mark.parametrize("seed", [0, 1, 7, 2**32 - 1, 2**32, 2**63 + 5, 2**64, 2**96 + 11, 2**200 - 1])
@pytest.mark.parametrize("batch", [0, 1, 9, 2**32 + 1])
def test_chunk_seeds_are_numpys_seed_sequence(seed, batch):
    """Bit for bit what ``SeedSequence([seed, batch, chunk])`` gives, for seeds of one to seven
    32-bit words (more words than SeedSequence's pool of four takes a second mixing loop)."""
    expected = [np.random.SeedSequence([seed, batch, c]).generate_state(1, np.uint64)[0] for c in range(64)]
    assert chunk_seeds(seed, batch, 64).tolist() == [int(x) for x in expected]


def test_chunk_seeds_differ_by_chunk_and_batch():
    seeds = np.concatenate([chunk_seeds(3, batch, 64) for batch in range(4)])
    assert seeds.dtype == np.uint64 and len(set(seeds.tolist())) == len(seeds)


def test_chunk_seeds_refuse_a_negative_seed():
    with pytest.raises(ValueError, match="non-negative"):
        chunk_seeds(-1, 0, 4)
