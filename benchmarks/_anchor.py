"""The compiled C anchor of the hand evaluation benchmarks, built at benchmark time.

phevaluator's source distribution is downloaded from PyPI with pip (``pip download --no-deps
--no-binary :all: phevaluator==VERSION``, the installed phevaluator's version, else
``DEFAULT_VERSION``) into ``benchmarks/.anchor/`` (git-ignored, never committed). Its 7-card
evaluator and the tables it reads (``SOURCES``) are compiled with the system C compiler
(``$CC`` or ``cc``, ``FLAGS``) together with ``anchor_loop.c``, a plain C loop over an (n, 7)
array of card ids and a census of every 7-card hand, into a shared library loaded with ctypes.
A later run reuses the library when the version, the compiler, the flags and the loop are the
same.

phevaluator's card ids are showdown's (``4 * rank + suit``, suits c, d, h, s), so the anchor
reads the very array ``evaluate_many`` gets; its values run the other way (1 is a royal flush,
lower is better). Without a compiler, pip or the network, ``build()`` says what is missing
instead of raising, and the benchmark writes that into its row.
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Optional

import numpy as np

HERE = Path(__file__).resolve().parent
ANCHOR_DIR = HERE / ".anchor"
"""Downloads and builds, git-ignored."""
LOOP = HERE / "anchor_loop.c"
DEFAULT_VERSION = "0.6.0"
"""The phevaluator source downloaded when phevaluator is not installed."""
FLAGS = ("-O3", "-march=native")
"""The optimisation flags, named in the benchmark rows (``-shared -fPIC`` are added to link)."""
SOURCES = ("evaluator7.c", "hash.c", "hashtable.c", "hashtable7.c", "dptables.c", "tables_bitwise.c")
"""phevaluator's C files the 7-card evaluator needs: the evaluator, its hash and its tables."""
DOWNLOAD_TIMEOUT = 300.0
BUILD_TIMEOUT = 600.0


@dataclass
class Anchor:
    """The anchor library (None when it could not be built), what it is, and why not."""

    library: Optional[ctypes.CDLL]
    label: str
    problem: str = ""

    def evaluate(self, ids: np.ndarray, out: np.ndarray) -> None:
        """phevaluator's value of every row of ``ids`` (uint8, shape (n, 7), C order) into ``out``
        (int16, n): one thread, one ``evaluate_7cards`` call a row."""
        assert self.library is not None, self.problem
        if ids.dtype != np.uint8 or ids.ndim != 2 or ids.shape[1] != 7 or not ids.flags.c_contiguous:
            raise ValueError("the anchor reads a C-ordered (n, 7) uint8 array")
        if out.dtype != np.int16 or out.shape != (len(ids),) or not out.flags.c_contiguous:
            raise ValueError("the anchor writes a contiguous int16 array of one value a row")
        self.library.anchor_evaluate_rows(ids.ctypes.data, len(ids), out.ctypes.data)

    def census(self) -> np.ndarray:
        """The count of every 7-card hand by category (0 = high card .. 8 = straight flush)."""
        assert self.library is not None, self.problem
        counts = np.zeros(9, dtype=np.int64)
        self.library.anchor_census7(counts.ctypes.data)
        return counts


def phevaluator_version() -> str:
    """The installed phevaluator's version (so the anchor is the C code the Python peer wraps),
    else ``DEFAULT_VERSION``."""
    try:
        return importlib.metadata.version("phevaluator")
    except importlib.metadata.PackageNotFoundError:
        return DEFAULT_VERSION


def _compiler() -> tuple[Optional[str], str]:
    """(the C compiler's path, its name and version such as "gcc 12.2.0"), or (None, '') when
    there is none."""
    cc = os.environ.get("CC") or "cc"
    path = shutil.which(cc)
    if path is None:
        return None, ""
    try:
        out = subprocess.run([path, "-v"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return path, ""
    match = re.search(r"^(?:.*\s)?(\w+) version (\S+)", out.stderr + out.stdout, re.MULTILINE)
    return path, f"{match.group(1)} {match.group(2)}" if match else ""


def _tail(text: str) -> str:
    lines = [line for line in (text or "").strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"


def _download(version: str, folder: Path) -> Path:
    """phevaluator's sdist (downloaded once into ``folder``)."""
    found = sorted(folder.glob(f"phevaluator-{version}.tar.gz"))
    if found:
        return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "--disable-pip-version-check",
        "--quiet", f"phevaluator=={version}", "--dest", str(folder),
    ]
    out = subprocess.run(command, capture_output=True, text=True, timeout=DOWNLOAD_TIMEOUT)
    if out.returncode != 0:
        raise RuntimeError(f"pip download failed: {_tail(out.stderr or out.stdout)}")
    found = sorted(folder.glob("phevaluator-*.tar.gz"))
    if not found:
        raise RuntimeError("pip download left no phevaluator-*.tar.gz")
    return found[0]


def _extract(sdist: Path, folder: Path) -> Path:
    """The evaluator's sources and headers from ``sdist`` into ``folder``; the folder holding
    them (its directory layout as in the sdist)."""
    with tarfile.open(sdist) as archive:
        members = archive.getmembers()
        evaluator = next((m for m in members if PurePosixPath(m.name).name == "evaluator7.c" and m.isfile()), None)
        if evaluator is None:
            raise RuntimeError(f"no evaluator7.c in {sdist.name}")
        source_dir = PurePosixPath(evaluator.name).parent
        root = source_dir.parent
        wanted = []
        for member in members:
            path = PurePosixPath(member.name)
            if not member.isfile() or ".." in path.parts or path.is_absolute():
                continue
            if path.parent == source_dir and (path.name in SOURCES or path.suffix == ".h"):
                wanted.append(member)
            elif path.suffix == ".h" and path.is_relative_to(root / "include"):
                wanted.append(member)
        missing = set(SOURCES) - {PurePosixPath(m.name).name for m in wanted}
        if missing:
            raise RuntimeError(f"{sdist.name} has no {', '.join(sorted(missing))} next to evaluator7.c")
        for member in wanted:
            target = folder / PurePosixPath(member.name).relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            source = archive.extractfile(member)
            assert source is not None
            target.write_bytes(source.read())
    return folder / source_dir.relative_to(root)


def build(folder: Path = ANCHOR_DIR) -> Anchor:
    """Download, compile and load the anchor (or reuse an earlier build); never raises."""
    version = phevaluator_version()
    cc, cc_version = _compiler()
    flags = " ".join(FLAGS)
    what = f"phevaluator {version} `evaluate_7cards` in a C loop, its PyPI source compiled here (`cc {flags}`"
    if cc is None:
        return Anchor(None, what + ")", "no C compiler (cc, or $CC) on this machine: the anchor was not built")
    what += f", {cc_version})" if cc_version else ")"
    try:
        loop = LOOP.read_bytes()
        key = hashlib.sha256(b"\0".join([version.encode(), cc_version.encode(), flags.encode(), loop])).hexdigest()
        library = folder / f"phevaluator-{version}" / f"anchor-{key[:12]}.so"
        if not library.exists():
            work = folder / f"phevaluator-{version}"
            sdist = _download(version, folder / "downloads")
            source_dir = _extract(sdist, work / "source")
            includes = [f"-I{source_dir}"] + ([f"-I{source_dir.parent / 'include'}"]
                                              if (source_dir.parent / "include").is_dir() else [])
            partial = library.with_suffix(".so.partial")
            command = [cc, *FLAGS, "-shared", "-fPIC", *includes, "-o", str(partial),
                       *(str(source_dir / name) for name in SOURCES), str(LOOP)]
            out = subprocess.run(command, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
            if out.returncode != 0:
                raise RuntimeError(f"the C build failed: {_tail(out.stderr)}")
            partial.replace(library)
            for old in library.parent.glob("anchor-*.so"):  # earlier builds
                if old != library:
                    old.unlink()
        lib = ctypes.CDLL(str(library))
        lib.anchor_evaluate_rows.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p]
        lib.anchor_evaluate_rows.restype = None
        lib.anchor_census7.argtypes = [ctypes.c_void_p]
        lib.anchor_census7.restype = None
    except subprocess.TimeoutExpired as error:
        return Anchor(None, what, f"the anchor was not built: {' '.join(map(str, error.cmd[:3]))} timed out")
    except (OSError, RuntimeError, tarfile.TarError, AttributeError) as error:
        return Anchor(None, what, f"the anchor was not built: {error}")
    return Anchor(lib, what)
