"""Strict JSON in and out.

In: Python's JSON reader takes ``NaN``, ``Infinity`` and lone surrogates (``"\\ud800"``), which
are not JSON numbers or text; the API's routes (:func:`strict_route`) refuse them anywhere in
a body, and bodies nested too deeply, with a 422 naming the place, before the models see them.

A body is JSON in UTF-8 (RFC 8259): another charset, or UTF-16 or UTF-32 text, is refused with
415 or 422. A body over :data:`INLINE_BYTES` is read, checked and validated on a worker thread,
so that no body keeps the event loop busy.

Out: every response is strict JSON (:class:`StrictJSONResponse`): a number that is not finite
becomes ``null`` and a lone surrogate U+FFFD, so that no regression can send ``NaN`` to a
strict parser; an error message that echoes the input (:func:`echoed`) shows ``"NaN"`` and
``"\\ud800"`` as text, at most :data:`MAX_ERRORS` problems and each input cut short
(:func:`shortened`).
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable, Coroutine
from email.message import Message
from typing import Any, Optional

import anyio
from fastapi import HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute

LONE_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_ERRORS = 20
"""At most this many problems of one body are listed."""
QUOTED_CHARS = 60
"""Input quoted back in an error is cut to this many characters (and says how long it was)."""
INLINE_BYTES = 2_048
"""Bodies up to this size are read and validated on the event loop; larger ones on a thread."""
MAX_DEPTH = 100
"""Deeper parts of a value are shown as "..." (responses and echoes are never this deep)."""
NON_FINITE = {math.inf: "Infinity", -math.inf: "-Infinity"}


def dumps(content: Any) -> str:
    """``content`` as strict JSON text: non-finite numbers as null, lone surrogates as U+FFFD."""
    try:
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        text.encode("utf-8")
        return text
    except ValueError:  # NaN or Infinity (ValueError), or a lone surrogate (UnicodeEncodeError)
        return json.dumps(json_safe(content), ensure_ascii=False, allow_nan=False, separators=(",", ":"))


class StrictJSONResponse(JSONResponse):
    """JSON that every parser reads: :func:`dumps` instead of Python's lenient ``json.dumps``."""

    def render(self, content: Any) -> bytes:
        return dumps(content).encode("utf-8")


def json_safe(value: Any, echo: bool = False, depth: int = 0) -> Any:
    """``value`` with only JSON in it: a non-finite float becomes None (``echo``: the token it was
    written as, ``"NaN"``, ``"Infinity"``, ``"-Infinity"``); a lone surrogate in text U+FFFD
    (``echo``: its escape as text, ``"\\ud800"``); bytes text; anything else its ``str()``."""
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return (NON_FINITE.get(value, "NaN")) if echo else None
    if isinstance(value, str):
        return _text(value, echo)
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "backslashreplace")
    if depth >= MAX_DEPTH:
        return "..."
    if isinstance(value, dict):
        return {_text(str(key), echo): json_safe(item, echo, depth + 1) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [json_safe(item, echo, depth + 1) for item in value]
    return _text(str(value), echo)


def _text(text: str, echo: bool) -> str:
    if not LONE_SURROGATE.search(text):
        return text
    if echo:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return LONE_SURROGATE.sub("\ufffd", text)


def echoed(errors: Any) -> Any:
    """Validation errors made JSON-safe, the input they echo shown as it was written (cut short)."""
    if isinstance(errors, list):
        errors = [{**error, "input": shortened(error["input"])} if isinstance(error, dict) and "input" in error
                  else error for error in errors]
    return json_safe(errors, echo=True)


def shortened(value: Any, depth: int = 0) -> Any:
    """An input to quote back, cut short: text to :data:`QUOTED_CHARS` characters, a list or an
    object to :data:`MAX_ERRORS` items, each followed by how long it was.

    >>> shortened("x" * 100)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…(100 characters)'
    """
    if isinstance(value, str):
        return value if len(value) <= QUOTED_CHARS else f"{value[:QUOTED_CHARS]}…({len(value):,} characters)"
    if depth >= MAX_DEPTH:
        return "..."
    if isinstance(value, dict):
        items = {key if len(str(key)) <= QUOTED_CHARS else shortened(str(key)): shortened(item, depth + 1)
                 for key, item in list(value.items())[:MAX_ERRORS]}
        if len(value) > MAX_ERRORS:
            items["…"] = f"({len(value):,} items)"
        return items
    if isinstance(value, (list, tuple)):
        listed = [shortened(item, depth + 1) for item in value[:MAX_ERRORS]]
        return listed + [f"…({len(value):,} items)"] if len(value) > MAX_ERRORS else listed
    return value


_QUOTED = re.compile(r"""(?<![^\s(\[{:,=])(?:'([^']{%d,})'|"([^"]{%d,})")(?=$|[\s)\]},.;:])"""
                     % (QUOTED_CHARS + 1, QUOTED_CHARS + 1))


def short_quotes(message: str) -> str:
    """A message with each long quoted input in it cut short, saying how long it was.

    >>> short_quotes("bad range token '" + "AK" * 40 + "' at 1")
    "bad range token 'AKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAKAK…' (80 characters) at 1"
    """
    def cut(found: re.Match[str]) -> str:
        text = found.group(1) if found.group(1) is not None else found.group(2)
        quote = "'" if found.group(1) is not None else '"'
        return f"{quote}{text[:QUOTED_CHARS]}…{quote} ({len(text):,} characters)"

    return _QUOTED.sub(cut, message)


def quoted(text: str) -> str:
    """``text`` quoted for a message (its ``repr``), cut short (see :func:`short_quotes`)."""
    return short_quotes(repr(text))


async def validation_error(request: Request, error: Exception) -> Response:
    """422 with the list of validation errors (the first :data:`MAX_ERRORS`, then how many more),
    whatever input they echo."""
    errors = list(error.errors()) if isinstance(error, RequestValidationError) else [{"msg": str(error)}]
    listed = errors[:MAX_ERRORS]
    if len(errors) > MAX_ERRORS:
        listed.append({"type": "too_many_errors", "loc": ["body"], "input": None,
                       "msg": f"{len(errors) - MAX_ERRORS:,} more problems are not listed (the first"
                              f" {MAX_ERRORS} are)"})
    return StrictJSONResponse({"detail": echoed(listed)}, status_code=422)


# --- reading a body -------------------------------------------------------------------------------
def _problem(kind: str, where: tuple[Any, ...], message: str, value: Any) -> dict[str, Any]:
    return {"type": kind, "loc": ("body", *where), "msg": message, "input": value}


def body_problems(body: Any, max_depth: int) -> list[dict[str, Any]]:
    """What no field of a request may hold, anywhere in a parsed JSON body: a number that is not
    finite (``NaN``, ``Infinity``, or one too large for a float, such as ``1e400``), text or a
    key with a lone surrogate, or nesting deeper than ``max_depth``. Each problem is a
    validation error (type, loc, msg, input), the first :data:`MAX_ERRORS` of them."""
    problems: list[dict[str, Any]] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(body, ())]
    while stack and len(problems) < MAX_ERRORS:
        value, where = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            problems.append(_problem("finite_number", where, "Input should be a finite number", value))
        elif isinstance(value, str) and LONE_SURROGATE.search(value):
            problems.append(_problem("string_unicode", where, "Input should be Unicode text: a lone surrogate"
                                     " (\\ud800 to \\udfff without its pair) is not a character", value))
        elif isinstance(value, (dict, list)):
            if len(where) >= max_depth:
                problems.append(_problem("too_deep", where, f"Input should be nested at most {max_depth} levels"
                                         " deep", "..."))
                continue
            items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
            for key, item in reversed(items):
                if isinstance(key, str) and LONE_SURROGATE.search(key):
                    problems.append(_problem("string_unicode", (*where, key, "[key]"), "Input should be Unicode"
                                             " text: a lone surrogate (\\ud800 to \\udfff without its pair) is"
                                             " not a character", key))
                stack.append((item, (*where, key)))
    return problems[:MAX_ERRORS]


def _read_as_json(request: Request) -> bool:
    """Whether FastAPI reads this request's body as JSON (a JSON content type)."""
    content_type = request.headers.get("content-type")
    if not content_type:
        return False
    message = Message()
    message["content-type"] = content_type
    subtype = message.get_content_subtype()
    return message.get_content_maintype() == "application" and (subtype == "json" or subtype.endswith("+json"))


Validate = Callable[[Any], list[dict[str, Any]]]
"""A route's body validation: the problems of a parsed body (FastAPI's own errors)."""


async def check_body(request: Request, max_depth: int, validate: Optional[Validate] = None) -> None:
    """Parse a JSON body once (FastAPI then reuses it) and refuse what :func:`body_problems`
    finds, and what Python's reader fails on in other ways than a syntax error (invalid UTF-8,
    UTF-16 or UTF-32, a number of thousands of digits, nesting that overflows the reader), with a
    422; a charset other than UTF-8 gets 415. ``validate`` then looks for the problems FastAPI
    would find, on a worker thread for a body over :data:`INLINE_BYTES`, so that a body of
    thousands of problems does not hold the event loop. A body without a Content-Type is refused
    too: FastAPI before 0.132 reads it as JSON unchecked, later versions ignore it."""
    raw = await request.body()
    if not request.headers.get("content-type") and raw:
        raise RequestValidationError([{"type": "content_type", "loc": ("body",), "input": None,
                                       "msg": "the body has no Content-Type: send it as application/json"}])
    if not _read_as_json(request) or not raw:
        return
    charset = _charset(request)
    if charset not in (None, "utf-8", "utf8"):
        raise HTTPException(415, f"the body is JSON, which is UTF-8 text: charset={shortened(charset)} is not"
                                 " taken; send it as UTF-8 (application/json)")
    nul = raw.find(b"\x00")
    if nul >= 0:  # UTF-16 or UTF-32, which Python's reader would take
        raise _unreadable(f"the body is not UTF-8 text: a NUL byte at byte {nul} (UTF-16 or UTF-32?)")
    try:
        body = await request.json()
    except json.JSONDecodeError:
        return  # FastAPI answers it: 422, "JSON decode error", where
    except UnicodeDecodeError as error:
        raise _unreadable(f"the body is not UTF-8 text: {error.reason} at byte {error.start}") from None
    except RecursionError:
        raise _unreadable(f"the body is nested more than {max_depth} levels deep") from None
    except ValueError as error:  # Python's limit on the digits of an int
        raise _unreadable(f"a number in the body has more than {sys.get_int_max_str_digits():,} digits"
                          if "digits" in str(error) else str(error)) from None
    if len(raw) <= INLINE_BYTES:
        problems = _problems(body, max_depth, validate)
    else:
        problems = await anyio.to_thread.run_sync(_problems, body, max_depth, validate)
    if problems:
        raise RequestValidationError(problems, body=body)


def _problems(body: Any, max_depth: int, validate: Optional[Validate]) -> list[dict[str, Any]]:
    """What :func:`body_problems` finds, else the validation's problems."""
    problems = body_problems(body, max_depth)
    return problems if problems or validate is None else validate(body)


def _charset(request: Request) -> Optional[str]:
    message = Message()
    message["content-type"] = request.headers.get("content-type", "")
    charset = message.get_param("charset")
    return None if charset is None else str(charset).strip().lower()


def _unreadable(reason: str) -> RequestValidationError:
    return RequestValidationError([{"type": "json_invalid", "loc": ("body",), "msg": "JSON decode error",
                                    "input": {}, "ctx": {"error": reason}}])


def strict_route(max_depth: int) -> type[APIRoute]:
    """A route class whose JSON body is checked by :func:`check_body` before it is validated."""

    class StrictRoute(APIRoute):
        def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
            handler = super().get_route_handler()

            async def checked(request: Request) -> Response:
                field = self.body_field
                validate = None if field is None else lambda body: field.validate(body, {}, loc=("body",))[1]
                await check_body(request, max_depth, validate)
                return await handler(request)

            return checked

    return StrictRoute
