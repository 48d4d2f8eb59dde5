"""Loading the numba kernels: a writable, versioned cache directory first, then the import.

numba stores compiled kernels with the global tables frozen inside, and it does not notice when
another file (a table, a helper) changes. The cache therefore lives in a directory named after
the package version, the tables' fingerprint and a hash of the kernel sources: anything that
could change a kernel's answer changes the directory, so a stale cache is never read.

``SHOWDOWN_CACHE_DIR`` (or else ``NUMBA_CACHE_DIR``, ``XDG_CACHE_HOME``, ``~/.cache``) chooses
the parent directory; when it is not writable, a directory under the system temp dir is used.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import os
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

KERNEL_DIR = Path(__file__).with_name("_kernels")


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def cache_key() -> str:
    """What the kernels' compiled code depends on: version, tables, kernel sources."""
    from showdown import __version__
    from showdown.tables import load

    digest = hashlib.sha256(load().fingerprint.encode())
    for source in sorted(KERNEL_DIR.glob("*.py")) + [Path(__file__).parent / "tables" / "layout.py"]:
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return f"{__version__}-{digest.hexdigest()[:16]}"


@functools.cache
def cache_dir() -> Path:
    """The directory numba caches showdown's kernels in (created if missing)."""
    env = os.environ
    if env.get("SHOWDOWN_CACHE_DIR"):
        parent = Path(env["SHOWDOWN_CACHE_DIR"])
    elif env.get("NUMBA_CACHE_DIR"):
        parent = Path(env["NUMBA_CACHE_DIR"]) / "showdown"
    else:
        parent = Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "showdown"
    path = parent / f"numba-{cache_key()}"
    if not _writable(path):
        user = os.getuid() if hasattr(os, "getuid") else "user"
        path = Path(tempfile.gettempdir()) / f"showdown-{user}" / path.name
        path.mkdir(parents=True, exist_ok=True)
    return path


@functools.cache
def kernels(name: str) -> ModuleType:
    """Import ``showdown._kernels.<name>`` with numba's cache pointed at :func:`cache_dir`."""
    import numba

    config: Any = numba.config
    previous = config.CACHE_DIR
    config.CACHE_DIR = str(cache_dir())
    try:
        return importlib.import_module(f"showdown._kernels.{name}")
    finally:
        config.CACHE_DIR = previous
