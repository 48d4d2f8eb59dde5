"""The numbers a caller gives (counts, seeds, seconds, fractions) and the lists, checked in one
place: whole numbers are ints (not bools, not floats that happen to be whole), real numbers are
finite, lists are lists (not text, not a single number), and every refusal names the argument,
the bound and the value.

>>> whole_number(3, "trials", low=1)
3
>>> real_number(0.5, "stderr", positive=True)
0.5
>>> real_number(float("inf"), "time_limit", positive=True)
Traceback (most recent call last):
...
showdown.errors.ShowdownError: time_limit must be a finite number, got inf
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Mapping
from typing import Any, Optional

import numpy as np

from showdown.errors import ShowdownError

MAX_SEED = (1 << 64) - 1
"""Seeds are whole numbers from 0 to this (an unsigned 64-bit integer)."""

ErrorType = type[ShowdownError]


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about values of any size and
    depth."""
    try:
        text = repr(value)
    except RecursionError:
        text = f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def brief_repr(value: Any, *names: str) -> str:
    """``Type(name=value, ...)`` of the fields that say what a result is about, each value cut to
    60 characters (:func:`shown`): the ``repr`` of results that hold big tables, kept to a line
    or two; ``str()`` and ``to_dict()`` give the rest.

    >>> from fractions import Fraction
    >>> brief_repr(Fraction(1, 3), "numerator", "denominator")
    'Fraction(numerator=1, denominator=3)'
    """
    fields = ", ".join(f"{name}={shown(getattr(value, name))}" for name in names)
    return f"{type(value).__name__}({fields})"


def whole_number(value: Any, name: str, *, low: Optional[int] = None, high: Optional[int] = None,
                 error: ErrorType = ShowdownError) -> int:
    """``value`` as an int (an int or a NumPy integer; not a bool or a float) within ``low`` and
    ``high``, else ``error`` naming ``name``, the bound and the value."""
    if isinstance(value, bool) or isinstance(value, float):
        raise error(f"{name} must be a whole number, got {shown(value)}")
    try:
        number = operator.index(value)
    except TypeError:
        raise error(f"{name} must be a whole number, got {shown(value)}") from None
    if low is not None and number < low:
        raise error(f"{name} must be at least {low:,}, got {shown(number)}")
    if high is not None and number > high:
        raise error(f"{name} must be at most {high:,}, got {shown(number)}")
    return number


def real_number(value: Any, name: str, *, positive: bool = False, error: ErrorType = ShowdownError) -> float:
    """``value`` as a finite float (from an int, a float or a NumPy number; not a bool or
    text), positive when ``positive``, else ``error`` naming ``name`` and the value."""
    if isinstance(value, (bool, str, bytes)):
        raise error(f"{name} must be a number, got {shown(value)}")
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise error(f"{name} must be a number, got {shown(value)}") from None
    if not math.isfinite(number):
        raise error(f"{name} must be a finite number, got {shown(value)}")
    if positive and not number > 0:
        raise error(f"{name} must be positive, got {shown(value)}")
    return number


def random_seed(value: Any, name: str = "seed", *, error: ErrorType = ShowdownError) -> int:
    """``value`` checked as a seed (a whole number from 0 to :data:`MAX_SEED`), or a fresh random
    seed when it is None."""
    if value is None:
        return random.SystemRandom().randrange(1 << 63)
    return whole_number(value, name, low=0, high=MAX_SEED, error=error)


def listed(value: Any, name: str, *, error: ErrorType = ShowdownError) -> list[Any]:
    """``value`` as a list: a list, a tuple, a generator or any other iterable but text, bytes
    and a mapping; else ``error`` naming ``name`` and the value.

    >>> listed((1, 2), "weights")
    [1, 2]
    >>> listed(5, "seats")
    Traceback (most recent call last):
    ...
    showdown.errors.ShowdownError: seats must be a list, got 5
    """
    if not isinstance(value, (str, bytes, bytearray, Mapping)):
        try:
            items = iter(value)
        except TypeError:
            pass
        else:
            return list(items)
    raise error(f"{name} must be a list, got {shown(value)}")


def flag(value: Any, name: str, *, error: ErrorType = ShowdownError) -> bool:
    """``value`` as a bool: True or False (NumPy's too), nothing that only looks true or false.

    >>> flag("no", "shuffle")
    Traceback (most recent call last):
    ...
    showdown.errors.ShowdownError: shuffle must be True or False, got 'no'
    """
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise error(f"{name} must be True or False, got {shown(value)}")


def callback(value: Any, name: str = "progress", *, error: ErrorType = ShowdownError) -> Any:
    """``value`` when it is None or can be called, else ``error`` naming ``name``: a callback is
    checked before the work starts, not where it is first called."""
    if value is not None and not callable(value):
        raise error(f"{name} must be a function (or None), got {shown(value)}")
    return value


def as_whole(value: Any) -> Optional[int]:
    """``value`` as an int when it is a whole number (an int or a NumPy integer; not a bool or a
    float), else None: for checks that word their own message.

    >>> as_whole(np.int64(3)), as_whole(3.0), as_whole(True)
    (3, None, None)
    """
    if isinstance(value, (bool, np.bool_, float)):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None
