"""The files and the JSON text a user gives, read in one place: every problem becomes one
sentence naming the file (or the text) and what is wrong with it, raised as a ``ShowdownError``
(``FileError`` and ``JSONError`` unless the caller names its own kind), never a traceback, a
hang or a guess.

* Text files are UTF-8 (a UTF-8 byte order mark is dropped). UTF-16 and UTF-32 files, binary
  files and bytes that are not UTF-8 are refused, saying which and where.
* Reading stops at a size limit, so an endless stream (a device, a pipe) cannot fill the memory.
* JSON is strict: no ``NaN`` or ``Infinity``, no number too large for a float, at most
  :data:`MAX_JSON_CHARS` characters, nested at most :data:`MAX_JSON_DEPTH` levels deep (checked
  before parsing, so that no recursion limit can be reached).
* An output file is opened with the same care: a missing folder, a folder in its place, a file
  that cannot be written, a full disk each get their sentence.

>>> parse_json('{"pays": {"flush": 6}}', "pay table")
{'pays': {'flush': 6}}
>>> parse_json('[1, NaN]', "the line")
Traceback (most recent call last):
...
showdown.errors.JSONError: the line is not valid JSON: NaN is not a number JSON allows (numbers must be finite)
>>> parse_json("[" * 100_000, "the line")
Traceback (most recent call last):
...
showdown.errors.JSONError: the line is JSON nested deeper than 32 levels (at character 33)
"""

from __future__ import annotations

import codecs
import json
import math
import os
import re
from pathlib import Path
from typing import IO, Any, Optional, Union

from showdown.errors import FileError, JSONError, ShowdownError

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_JSON_CHARS",
    "MAX_JSON_DEPTH",
    "MAX_JSON_DIGITS",
    "decode_text",
    "open_output",
    "os_problem",
    "parse_json",
    "quoted",
    "read_data",
    "read_json",
    "read_text",
    "writable_path",
]

MAX_JSON_DEPTH = 32
"""JSON is nested at most this many levels deep (a hand file needs 3, a pay table 4)."""
MAX_JSON_CHARS = 1 << 20
"""A JSON document (a hand file, a pay table, one line of a batch) is at most this many
characters long (1 MiB)."""
MAX_JSON_DIGITS = 100
"""A JSON whole number has at most this many digits."""
MAX_FILE_BYTES = 1 << 20
"""A JSON file (a hand, a pay table) is at most this many bytes long (1 MiB)."""

PathLike = Union[str, "os.PathLike[str]"]
ErrorType = type[ShowdownError]
_CHUNK = 1 << 16
# a string (possibly unterminated: it then runs to the end) or one bracket
_TOKENS = re.compile(r'"(?:[^"\\]+|\\.)*"?|[\[\]{}]', re.DOTALL)


def quoted(path: Any) -> str:
    """A file name as it appears in messages: quoted, with anything unprintable escaped."""
    try:
        return repr(os.fspath(path))
    except TypeError:
        return repr(path)


def os_problem(error: Union[OSError, ValueError]) -> str:
    """What an ``OSError`` (or ``open``'s ``ValueError``) says, as the end of a sentence."""
    if isinstance(error, IsADirectoryError):
        return "it is a directory"
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return text[:1].lower() + text[1:]


def _foreign_encoding(start: bytes) -> Optional[str]:
    """``'UTF-16'`` or ``'UTF-32'`` when the first bytes of a file say so (a byte order mark, or
    the zero bytes every other ASCII character has in those encodings), else None."""
    if start.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "UTF-32"
    if start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "UTF-16"
    sample = start[: len(start[:64]) // 4 * 4]
    if len(sample) < 4:
        return None
    quarters = [sample[offset::4] for offset in range(4)]
    for nonzero in (0, 3):
        if all(not any(part) for at, part in enumerate(quarters) if at != nonzero) and all(quarters[nonzero]):
            return "UTF-32"
    halves = sample[0::2], sample[1::2]
    for nonzero in (0, 1):
        if not any(halves[1 - nonzero]) and all(halves[nonzero]):
            return "UTF-16"
    return None


def given_path(path: Any, what: str, *, error: ErrorType = FileError) -> Path:
    """``path`` (text or a path) as a Path, else ``error`` naming ``what`` and the type given.

    >>> given_path(123, "batch file")
    Traceback (most recent call last):
    showdown.errors.FileError: a batch file is given by its path, got int
    """
    if not isinstance(path, (str, os.PathLike)):
        raise error(f"a {what} is given by its path, got {type(path).__name__}")
    return Path(path)


def read_data(path: PathLike, what: str, *, error: ErrorType = FileError, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the text file at ``path`` (``what`` names it in messages: ``"hand file"``),
    at most ``limit`` of them. Refused with ``error``: a file that cannot be opened or read, a
    directory, a UTF-16 or UTF-32 file, a binary file (a zero byte) and a file over the limit.
    Reads in pieces, so an endless stream stops at the first zero byte or at the limit."""
    given_path(path, what, error=error)
    name = f"{what} {quoted(path)}"
    try:
        handle = open(path, "rb")
    except (OSError, ValueError) as problem:
        raise error(f"cannot read {name}: {os_problem(problem)}") from None
    with handle:
        try:
            return _read_pieces(handle, name, error, limit)
        except OSError as problem:
            raise error(f"cannot read {name}: {os_problem(problem)}") from None


def _read_pieces(handle: IO[bytes], name: str, error: ErrorType, limit: int) -> bytes:
    pieces: list[bytes] = []
    size = 0
    while True:
        piece = handle.read(_CHUNK)
        if not piece:
            return b"".join(pieces)
        if size == 0:
            encoding = _foreign_encoding(piece)
            if encoding:
                raise error(f"{name} is {encoding} text; save it as UTF-8")
        zero = piece.find(b"\0")
        if zero >= 0:
            raise error(f"{name} is not text (binary data at byte {size + zero:,})")
        size += len(piece)
        if size > limit:
            raise error(f"{name} is larger than {limit:,} bytes")
        pieces.append(piece)


def decode_text(data: bytes, name: str, *, error: ErrorType = FileError) -> str:
    """``data`` as UTF-8 text (a leading byte order mark dropped), else ``error`` saying where
    the first byte that is not UTF-8 is (``name`` says whose bytes they are)."""
    skipped = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data[skipped:].decode("utf-8")
    except UnicodeDecodeError as problem:
        at = skipped + problem.start
        line = data.count(b"\n", 0, at) + 1
        raise error(f"{name} is not UTF-8 text (byte 0x{data[at]:02x} on line {line:,}, at byte {at:,});"
                    " save it as UTF-8") from None


def read_text(path: PathLike, what: str, *, error: ErrorType = FileError, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the file at ``path``, with :func:`read_data`'s checks and
    :func:`decode_text`'s."""
    return decode_text(read_data(path, what, error=error, limit=limit), f"{what} {quoted(path)}", error=error)


def read_json(path: PathLike, what: str, *, error: Optional[ErrorType] = None) -> Any:
    """The JSON document in the file at ``path``: :func:`read_text`, then :func:`parse_json`.
    Problems raise ``error``, or when it is None ``FileError`` (reading) and ``JSONError``."""
    text = read_text(path, what, error=error or FileError, limit=MAX_FILE_BYTES)
    return parse_json(text, f"{what} {quoted(path)}", error=error or JSONError)


class _Refused(Exception):
    """Raised by the JSON number hooks; turned into the caller's error."""


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not a number JSON allows (numbers must be finite)")


def _float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _Refused(f"the number {text[:40]}{'...' if len(text) > 40 else ''} is too large (numbers must be finite)")
    return number


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise _Refused(f"a whole number of {len(text.lstrip('-')):,} digits is too long (at most {MAX_JSON_DIGITS})")
    return int(text)


def _too_deep(text: str, limit: int) -> Optional[int]:
    """Where (a character index) ``text`` first nests brackets more than ``limit`` deep, or None."""
    depth = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()[0]
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return token.start()
        elif bracket in "]}":
            depth = max(depth - 1, 0)
    return None


def parse_json(text: str, what: str, *, error: ErrorType = JSONError, max_depth: int = MAX_JSON_DEPTH,
               max_chars: int = MAX_JSON_CHARS) -> Any:
    """The value of the JSON ``text`` (``what`` names it in messages), strictly: ``error`` for
    text that is not valid JSON, over ``max_chars`` characters, nested over ``max_depth``
    levels, or with a number that is not finite (``NaN``, ``Infinity``, ``1e999``) or has more
    than :data:`MAX_JSON_DIGITS` digits.

    >>> parse_json('{"a": 1e999}', "the hand")
    Traceback (most recent call last):
    ...
    showdown.errors.JSONError: the hand is not valid JSON: the number 1e999 is too large (numbers must be finite)
    """
    if not isinstance(text, str):
        raise error(f"{what} must be JSON text, got {type(text).__name__}")
    if len(text) > max_chars:
        raise error(f"{what} is too large: {len(text):,} characters of JSON (at most {max_chars:,})")
    deep = _too_deep(text, max_depth)
    if deep is not None:
        raise error(f"{what} is JSON nested deeper than {max_depth} levels (at character {deep + 1:,})")
    try:
        return json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except _Refused as refused:
        raise error(f"{what} is not valid JSON: {refused}") from None
    except json.JSONDecodeError as problem:
        where = f"column {problem.colno:,}" if problem.lineno == 1 and "\n" not in text \
            else f"line {problem.lineno:,}, column {problem.colno:,}"
        raise error(f"{what} is not valid JSON: {problem.msg} at {where}") from None


def open_output(path: PathLike, what: str, *, error: ErrorType = FileError, mode: str = "a") -> IO[str]:
    """The file at ``path`` opened for writing UTF-8 text (appending by default), else
    ``error`` naming it and why: its folder is missing, it is a directory, it cannot be written."""
    given_path(path, what, error=error)
    name = f"{what} {quoted(path)}"
    if os.fspath(path) == "":
        raise error(f"a {what} needs a file name")
    try:
        return open(path, mode, encoding="utf-8")
    except (OSError, ValueError) as problem:
        folder = os.path.dirname(os.path.abspath(path))
        if isinstance(problem, (FileNotFoundError, NotADirectoryError)) and not os.path.isdir(folder):
            missing = f"{quoted(folder)} is not a folder" if os.path.exists(folder) \
                else f"folder {quoted(folder)} does not exist"
            raise error(f"cannot write {name}: {missing}") from None
        raise error(f"cannot write {name}: {os_problem(problem)}") from None


def writable_path(path: PathLike, what: str, *, error: ErrorType = FileError) -> Path:
    """``path`` as a Path, once it is known that a file can be written there: refused (one
    line naming it) when it is empty, a directory, in a folder that does not exist, or not
    writable. Checked before the work, so that no result is lost to a bad path at the end."""
    given_path(path, what, error=error)
    path = os.fspath(path)
    name = f"{what} {quoted(path)}"
    if not path.strip():
        raise error(f"the {what} needs a file name")
    if "\0" in path:
        raise error(f"cannot write {name}: a file name cannot hold a zero character")
    target = Path(path)
    folder = target.absolute().parent
    if target.is_dir():
        raise error(f"cannot write {name}: it is a directory")
    if not folder.is_dir():
        missing = f"{quoted(str(folder))} is not a folder" if folder.exists() \
            else f"folder {quoted(str(folder))} does not exist"
        raise error(f"cannot write {name}: {missing}")
    if target.exists() and not target.is_file():  # a pipe or a device: opening it could wait for a reader
        if not os.access(target, os.W_OK):
            raise error(f"cannot write {name}: permission denied")
        return target
    try:
        if target.exists():
            with open(target, "ab"):
                pass  # appending nothing leaves the file as it is
        else:
            with open(target, "xb"):
                pass
            target.unlink()
    except FileExistsError:
        pass  # appeared meanwhile: writing it will say what is wrong, if anything
    except OSError as problem:
        raise error(f"cannot write {name}: {os_problem(problem)}") from None
    return target
