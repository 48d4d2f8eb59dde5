"""No row of ids reads a table out of bounds, whatever it holds: repeated cards (five aces),
poison ids, every game. numba checks every index here (NUMBA_BOUNDSCHECK=1, a fresh cache), so
a read past a table's end is an IndexError instead of silent garbage or a crash."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import numpy as np
    from showdown import GAMES, evaluate_many, evaluate_many_low
    rng = np.random.default_rng(0)
    for game in GAMES:
        rules = GAMES[game]
        widths = range(1, 8) if not rules.omaha else range(rules.hole_cards + 3, rules.hole_cards + 6)
        for width in widths:
            rows = [rng.integers(0, 52, size=(20000, width)), rng.integers(0, 256, size=(20000, width)),
                    np.repeat(np.arange(256)[:, None], width, axis=1),
                    rng.integers(0, 13, size=(20000, width)) * 4 + 3]  # one suit: ranks repeat
            for ids in rows:
                ids = ids.astype(np.uint8)
                evaluate_many(ids, game=game, check=False)
                if rules.low:
                    evaluate_many_low(ids, game=game, check=False)
        print(game)
""")


@pytest.mark.compile
@pytest.mark.slow
def test_bad_rows_read_nothing_out_of_bounds(tmp_path):
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "SHOWDOWN_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    from showdown import GAMES

    assert done.stdout.split() == list(GAMES)
