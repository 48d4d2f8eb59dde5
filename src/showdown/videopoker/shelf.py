"""Derived strategy lists and whole-game analyses kept on disk, beside the kernel cache, so that a
game is slow once per install, not once per server start or command.

Each result is a small JSON file in a directory named after the package version and a hash of
what the results depend on: the kernel cache's key (tables, kernel sources, numba, Python) and
the video poker sources (the words of a line come from them). A change to any of them starts an
empty directory, so a kept result is never stale. A file is written whole (to a temporary name,
then renamed); one that cannot be read, or is of another format, is derived again and replaced.
Where the cache directory is not writable, results are simply derived each time.

``SHOWDOWN_KEEP_ON_DISK=0`` turns the shelf off (the test suite does, and turns it on where it
tests it); inside :func:`off`, results are derived (and kept) rather than read, in that thread
only.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import hashlib
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

from showdown._version import __version__
from showdown.videopoker.paytable import Paytable

ENVIRONMENT = "SHOWDOWN_KEEP_ON_DISK"
"""The environment variable that turns the shelf off when it is ``0``."""
FORMAT = 1
"""The files' format: a file of another format is derived again."""
_OFF: contextvars.ContextVar[bool] = contextvars.ContextVar("shelf_off", default=False)


def enabled() -> bool:
    """Whether results are kept on disk."""
    return os.environ.get(ENVIRONMENT, "1") != "0"


@contextlib.contextmanager
def off() -> Iterator[None]:
    """Derive every result inside the block, reading none from disk (the kernels' warm-up must
    run them to compile them)."""
    token = _OFF.set(True)
    try:
        yield
    finally:
        _OFF.reset(token)


@functools.cache
def directory() -> Path:
    """The versioned directory of this install's kept results (made when the first is written)."""
    from showdown._kernels import cache_dir, cache_key

    digest = hashlib.sha256(cache_key().encode())
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return cache_dir().parent / f"videopoker-{__version__}-{digest.hexdigest()[:16]}"


def _path(kind: str, table: Paytable, parts: tuple[Any, ...]) -> Path:
    key = json.dumps({"kind": kind, "table": table.to_dict(), "parts": list(parts)}, sort_keys=True)
    return directory() / f"{kind}-{hashlib.sha256(key.encode()).hexdigest()[:32]}.json"


def read(kind: str, table: Paytable, *parts: Any) -> Optional[dict[str, Any]]:
    """The kept result of ``kind`` for the table and ``parts`` (the bet, the list's length), or
    None when there is none (or the shelf is off, or the file is unreadable)."""
    if not enabled() or _OFF.get():
        return None
    try:
        data = json.loads(_path(kind, table, parts).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def write(kind: str, table: Paytable, data: dict[str, Any], *parts: Any) -> None:
    """Keep a result (silently not, where the directory cannot be written)."""
    if not enabled():
        return
    path = _path(kind, table, parts)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps({**data, "format": FORMAT}), encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
