"""The lookup tables: regenerating them reproduces the shipped file; the loaded arrays, the
layout constants and the fingerprint (the numba cache's tests are in test_kernels.py)."""

from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest

from showdown.tables import TABLE_FILE, evaluator, fingerprint, load
from showdown.tables.layout import CATEGORY_SHIFT, FLUSH_CHECK, KEY_INIT, RANK_MASK, ROW_SHIFT, SUIT_SHIFT

TABLE_NAMES = ["rank_keys", "card_keys", "row_shift", "row_offsets", "rank_values", "flush_values"]


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The tables regenerated once (seconds), by the generator's command into a new file: the
    file, what the command printed and the arrays it wrote."""
    path = tmp_path_factory.mktemp("tables") / "again.npz"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert evaluator.main([str(path)]) == 0
    with np.load(path) as written:
        arrays = {name: written[name] for name in written.files}
    return path, printed.getvalue(), arrays


@pytest.fixture(scope="module")
def built(generated):
    return generated[2]


def test_regenerated_tables_equal_shipped_file(built):
    assert sorted(built) == sorted(TABLE_NAMES)
    with np.load(TABLE_FILE) as shipped:
        assert sorted(shipped.files) == sorted(TABLE_NAMES)
        for name in TABLE_NAMES:
            assert built[name].dtype == shipped[name].dtype, name
            assert built[name].shape == shipped[name].shape, name
            assert np.array_equal(built[name], shipped[name]), name
    tables = load()
    assert fingerprint(built) == tables.fingerprint
    for name in ("rank_keys", "card_keys", "row_offsets", "rank_values", "flush_values"):
        assert np.array_equal(getattr(tables, name), built[name]), name
    assert tables.row_shift == int(built["row_shift"]) == ROW_SHIFT


def test_shipped_file_is_small():
    assert TABLE_FILE.stat().st_size < 1_000_000


def test_generate_main_writes_an_identical_loadable_file(generated):
    path, printed, _ = generated
    assert str(path) in printed
    assert load(path).fingerprint == load().fingerprint
    assert path.stat().st_size == TABLE_FILE.stat().st_size


def test_table_invariants(built):
    card_keys = built["card_keys"].astype(object)
    rank_keys = [int(k) for k in built["rank_keys"]]
    assert len(card_keys) == 52 and len(rank_keys) == 13
    assert rank_keys == sorted(set(rank_keys))
    for card in range(52):
        assert card_keys[card] == rank_keys[card >> 2] + (1 << (SUIT_SHIFT + 4 * (card & 3)))
    # seven cards of one suit never overflow a 4-bit suit counter, and the rank sum fits 32 bits
    assert 3 + 7 < 16 and 7 * max(rank_keys) <= RANK_MASK
    assert KEY_INIT & FLUSH_CHECK == 0
    values = built["flush_values"]
    popcount = np.array([bin(m).count("1") for m in range(1 << 13)])
    assert (values[popcount < 5] == 0).all()
    assert set(np.unique(values[popcount >= 5] >> CATEGORY_SHIFT).tolist()) == {5, 8}


def test_fingerprint_changes_with_content():
    arrays = {"a": np.arange(4, dtype=np.uint16)}
    base = fingerprint(arrays)
    assert fingerprint({"a": np.arange(4, dtype=np.uint16)}) == base
    assert fingerprint({"a": np.arange(4, dtype=np.int16)}) != base
    assert fingerprint({"b": np.arange(4, dtype=np.uint16)}) != base
    changed = np.arange(4, dtype=np.uint16)
    changed[3] = 9
    assert fingerprint({"a": changed}) != base
