"""numba kernels only: NumPy arrays and integers in, arrays out.

Every kernel is compiled through :func:`kernel`, which points numba's on-disk cache at
:func:`cache_dir` while the function is decorated (numba fixes a function's cache location at
that moment). The directory is named after the package version, the tables' fingerprint and a
hash of the kernel sources and the layout constants: numba freezes global tables into its
cached code and does not notice when another file changes, so anything that could change a
kernel's answer changes the directory, and a stale cache is never read, whichever kernel module
a process imports first. numba's own setting is restored after each decoration, so code of the
caller's that uses numba keeps its own cache.

``SHOWDOWN_CACHE_DIR`` (or else ``NUMBA_CACHE_DIR``, ``XDG_CACHE_HOME``, ``~/.cache``) chooses
the parent directory; when it is not writable, a directory under the system temp dir is used.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

# Where colorama is installed, numba colours the messages it builds while typing a kernel, even
# one that compiles, by swapping sys.stdout and sys.stderr for colorama's wrappers and back: a
# thread that compiles (the web app's warm-up) would then race every other thread's use of them
# and could put back a stream another thread had replaced. Plain messages do without the swap.
os.environ.setdefault("NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING", "1")

import numba  # noqa: E402  (after the setting above, which numba reads on import)

from showdown._version import __version__
from showdown.tables import load, load_games

KERNEL_DIR = Path(__file__).parent
LAYOUT_FILE = KERNEL_DIR.parent / "tables" / "layout.py"
F = TypeVar("F", bound=Callable[..., Any])


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
    """What the kernels' compiled code depends on: version, tables, kernel and layout sources,
    numba and Python."""
    digest = hashlib.sha256(load().fingerprint.encode())
    digest.update(load_games().fingerprint.encode())
    digest.update(f"numba {numba.__version__} python {sys.version_info[0]}.{sys.version_info[1]}".encode())
    for source in sorted(KERNEL_DIR.glob("*.py")) + [LAYOUT_FILE]:
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


def kernel(**options: Any) -> Callable[[F], F]:
    """``numba.njit(cache=True, **options)``, cached in :func:`cache_dir` (see the module doc)."""

    def compile_cached(function: F) -> F:
        config: Any = numba.config
        previous = config.CACHE_DIR
        config.CACHE_DIR = str(cache_dir())
        try:
            return numba.njit(cache=True, **options)(function)  # type: ignore[no-any-return]
        finally:
            config.CACHE_DIR = previous

    return compile_cached


def is_cached(name: str) -> bool:
    """Whether numba's cache holds compiled code of the kernel ``name`` (``"module.function"``
    of this package): an index file."""
    return next(cache_dir().glob(f"*/{name}-*.nbi"), None) is not None


def compile_for(dispatcher: Any, *examples: Any) -> None:
    """Compile the kernel ``dispatcher`` for the numba types of ``examples`` (or load it from
    the cache), without running it."""
    dispatcher.compile(tuple(numba.typeof(example) for example in examples))
