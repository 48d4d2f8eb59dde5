"""The lookup tables: regenerating them reproduces the shipped file, and a numba cache built
for other tables or other kernel sources is never used."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import showdown
from showdown import evaluate, evaluate_many
from showdown._numba import cache_dir, cache_key
from showdown.tables import TABLE_FILE, fingerprint, generate, load
from showdown.tables.layout import CATEGORY_SHIFT, FLUSH_CHECK, KEY_INIT, RANK_MASK, ROW_SHIFT, SUIT_SHIFT

PACKAGE_DIR = Path(showdown.__file__).parent
TABLE_NAMES = ["rank_keys", "card_keys", "row_shift", "row_offsets", "rank_values", "flush_values"]


@pytest.fixture(scope="module")
def built():
    return generate.build()


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


def test_generate_main_writes_an_identical_loadable_file(tmp_path, capsys):
    path = tmp_path / "again.npz"
    assert generate.main([str(path)]) == 0
    assert str(path) in capsys.readouterr().out
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


# --- the numba cache ----------------------------------------------------------------------------


def test_cache_dir_is_keyed_by_version_and_sources():
    path = cache_dir()
    assert path.is_dir()
    assert path.name == f"numba-{cache_key()}"
    assert cache_key().startswith(f"{showdown.__version__}-")


def test_cache_dir_environment(monkeypatch, tmp_path):
    key = cache_key()
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path / "explicit"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    assert cache_dir.__wrapped__() == tmp_path / "explicit" / f"numba-{key}"
    monkeypatch.delenv("SHOWDOWN_CACHE_DIR")
    assert cache_dir.__wrapped__() == tmp_path / "numba" / "showdown" / f"numba-{key}"
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir.__wrapped__() == tmp_path / "xdg" / "showdown" / f"numba-{key}"
    # not writable (a file stands where a directory should be): a temp directory instead
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("SHOWDOWN_CACHE_DIR", str(tmp_path / "file" / "below"))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    fallback = cache_dir.__wrapped__()
    assert fallback.name == f"numba-{key}" and fallback.is_dir()
    assert tmp_path / "tmp" in fallback.parents


FLUSH_HAND = "Ah Kh 9h 7h 5h"  # ranks A K 9 7 5 of hearts
FLUSH_MASK = (1 << 12) | (1 << 11) | (1 << 7) | (1 << 5) | (1 << 3)

_PROBE = textwrap.dedent(
    """
    import json, sys
    import numpy as np
    import showdown
    from showdown import evaluate, evaluate_many, parse_cards
    from showdown._numba import cache_dir, cache_key

    five = [c.id for c in parse_cards(sys.argv[1])]
    seven = five + [c.id for c in parse_cards("2c 3d")]
    values = [int(evaluate_many(np.array([five], dtype=np.uint8), n_jobs=1)[0]),
              int(evaluate_many(np.array([seven], dtype=np.uint8), n_jobs=1)[0]),
              int(evaluate_many(np.array([five] * 120000, dtype=np.uint8), n_jobs=2)[-1])]
    print(json.dumps({"file": showdown.__file__, "values": values, "evaluate": evaluate(five).value,
                      "cache_dir": str(cache_dir()), "cache_key": cache_key()}))
    """
)


def _run_probe(package_parent: Path, cache_parent: Path, only_key: bool = False) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "PYTHONPATH")}
    env["PYTHONPATH"] = str(package_parent)
    env["SHOWDOWN_CACHE_DIR"] = str(cache_parent)
    if only_key:
        code = "import json; from showdown._numba import cache_dir, cache_key; " \
               "print(json.dumps({'cache_dir': str(cache_dir()), 'cache_key': cache_key()}))"
        args = [sys.executable, "-c", code]
    else:
        args = [sys.executable, "-c", _PROBE, FLUSH_HAND]
    proc = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300, cwd=package_parent)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture()
def package_copy(tmp_path) -> Path:
    parent = tmp_path / "pkg"
    shutil.copytree(PACKAGE_DIR, parent / "showdown", ignore=shutil.ignore_patterns("__pycache__"))
    return parent


def _cache_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.suffix in (".nbi", ".nbc"))


@pytest.mark.slow
def test_stale_cache_is_not_used_after_tables_change(package_copy, tmp_path):
    cache_parent = tmp_path / "cache"
    original = int(load().flush_values[FLUSH_MASK])
    assert original >> CATEGORY_SHIFT == 5
    assert evaluate(FLUSH_HAND).value == original

    first = _run_probe(package_copy, cache_parent)
    assert Path(first["file"]).parent == package_copy / "showdown"  # the copy, not the installed package
    assert first["values"] == [original] * 3 and first["evaluate"] == original
    first_dir = Path(first["cache_dir"])
    assert first_dir.parent == cache_parent and first_dir.name == f"numba-{first['cache_key']}"
    assert _cache_files(first_dir), "the first run should have populated the numba cache"

    # Change the flush value of this hand in the copy's tables.
    changed = (5 << CATEGORY_SHIFT) | 3000
    assert changed != original
    table_file = package_copy / "showdown" / "tables" / "evaluator.npz"
    with np.load(table_file) as data:
        arrays = {name: data[name].copy() for name in data.files}
    arrays["flush_values"][FLUSH_MASK] = changed
    with open(table_file, "wb") as handle:
        np.savez(handle, **arrays)

    second = _run_probe(package_copy, cache_parent)
    assert second["evaluate"] == changed
    assert second["values"] == [changed] * 3, "a stale numba cache (built for the old tables) was used"
    assert second["cache_key"] != first["cache_key"] and second["cache_dir"] != first["cache_dir"]
    assert _cache_files(first_dir)  # the old cache is still there, just not read


def test_cache_dir_changes_when_a_kernel_helper_changes(package_copy, tmp_path):
    cache_parent = tmp_path / "cache"
    before = _run_probe(package_copy, cache_parent, only_key=True)
    assert before == _run_probe(package_copy, cache_parent, only_key=True)  # deterministic
    with open(package_copy / "showdown" / "_kernels" / "bits.py", "a") as handle:
        handle.write("# a change to a helper the kernels import\n")
    after = _run_probe(package_copy, cache_parent, only_key=True)
    assert after["cache_key"] != before["cache_key"]
    assert after["cache_dir"] != before["cache_dir"]
    # the installed package's key is that of the untouched sources
    assert before["cache_key"] == cache_key()


def test_cache_dir_changes_when_layout_changes(package_copy, tmp_path):
    before = _run_probe(package_copy, tmp_path / "cache", only_key=True)
    with open(package_copy / "showdown" / "tables" / "layout.py", "a") as handle:
        handle.write("# layout comment\n")
    after = _run_probe(package_copy, tmp_path / "cache", only_key=True)
    assert after["cache_key"] != before["cache_key"]


def test_evaluator_kernel_tables_match_loaded_tables():
    from showdown._numba import kernels

    kernel = kernels("evaluator")
    tables = load()
    assert np.array_equal(kernel.CARD_KEYS[:52], tables.card_keys)
    assert (kernel.CARD_KEYS[52:] == 0).all() and (kernel.CARD_BITS[52:] == 0).all()
    assert np.array_equal(kernel.FLUSH_VALUES, tables.flush_values)
    assert evaluate_many(np.array([[50, 46, 30, 22, 14]]))[0] == tables.flush_values[FLUSH_MASK]
