"""Hand ranges in the notation players know: ``Range("TT+, AQs+, KQo, 0.5(A5s-A2s)")``.

A range gives some of the 1326 two-card combos a weight in (0, 1]. The notation, strictly parsed
(every token is either understood or rejected with a :class:`RangeParseError` naming it and its
position; nothing is silently ignored):

==========================  ==============================================================
``TT``  ``TT+``  ``22-55``  a pair, that pair and every higher pair, the pairs between (6 each)
``AKs``  ``AKo``  ``AK``    a suited class (4 combos), offsuit (12), both (16)
``A2s+``  ``KTo+``  ``Q9+`` the kicker rising to one below the top card: A2s+ is A2s..AKs
``A5s-A2s``  ``KQo-KTo``    the classes between, same top card and suffix, either end first
``AhKh``                    one exact combo (any card notation of :func:`~showdown.parse_cards`)
``random``                  all 1326 combos
``top 10%``                 the best starting hands by :data:`PREFLOP_ORDER`
``KQo:0.5``                 a weight for one token
``0.5(KQo, AJs)``           a weight for a group of tokens (groups do not nest)
==========================  ==============================================================

Tokens are separated by commas and/or whitespace; ranks and suffixes are case-insensitive, but
the higher rank comes first (``KAs`` is an error). Decisions where the notation is ambiguous:

* ``AK+`` (a ``+`` on a class whose kicker is already the highest below its top card: ``AK+``,
  ``KQs+``, ``65o+``) is an error, since some players read it as "AK and better" and others as
  plain AK; write ``AK`` or, e.g., ``AQ+``.
* Weights are in (0, 1]; a weight of 0 is an error (leave the hand out instead).
* The same combo named twice with the same weight is fine (``TT+, AA``); with different
  weights it is an error naming both tokens (``AK, AKs:0.5``): no "later entry wins".
* ``top N%`` (``0 < N <= 100``, e.g. ``top 2.5%``) takes whole starting hands in the preflop
  order until at least N% of the 1326 combos are covered, so it rounds *up* to the next whole
  starting hand: ``top 10%`` is the smallest prefix of the order with at least 132.6 combos.
* Empty text (or only separators) is an error; an empty range can be built with
  ``Range.from_combos([])`` and prints as ``''``.

``str(range)`` is a canonical compact form that parses back to the same combos and weights.

>>> r = Range("TT+, AKs, 0.5(KQo)")
>>> len(r), str(r)
(46, 'TT+, AKs, 0.5(KQo)')
>>> len(Range("A2s+")), len(Range("KQo-KTo")), len(Range("random"))
(48, 36, 1326)
>>> len(r.remove(board="Ks Td 2c"))
36
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Optional, Union

import numpy as np

from showdown.cards import _TOKENS, CARDS, RANK_CHARS, Card, CardsLike, format_cards, mask_to_cards, parse_cards
from showdown.errors import DuplicateCardError, GameError, RangeParseError, ShowdownError, StudyError
from showdown.games import GameLike, resolve_game
from showdown.holdings import (
    DRAW_CLASSES,
    MADE_CLASSES,
    class_codes,
    class_members,
    class_names,
    study_cards,
)
from showdown.quantities import listed, real_number, shown
from showdown.tables.preflop_order import preflop_equities

__all__ = ["N_COMBOS", "PREFLOP_ORDER", "Range", "RangeParseError", "starting_hand_of", "starting_hands",
           "top_starting_hands"]

N_COMBOS = 1326
"""All two-card combos: C(52, 2)."""

PREFLOP_ORDER: tuple[str, ...] = tuple(preflop_equities())
"""The 169 starting hands, best first by exact equity against a random hand: the order ``top
N%`` takes them in (generated data: :mod:`showdown.tables.preflop_order`)."""


_RANGE_KINDS: list[type] = []
"""The range class of the games that deal more than two cards (Omaha), registered by it."""


def register_range_kind(kind: type) -> None:
    """Make ``Range(text, game=...)`` build a ``kind`` for games dealing more than two cards."""
    _RANGE_KINDS[:] = [kind]


# --- combo indexing: combo (high id, low id) <-> 0..1325 ------------------------------------
_INDEX = np.full((52, 52), -1, dtype=np.int64)
_COMBO_IDS = np.empty((N_COMBOS, 2), dtype=np.uint8)
for _high in range(52):
    for _low in range(_high):
        _i = _high * (_high - 1) // 2 + _low
        _INDEX[_high, _low] = _INDEX[_low, _high] = _i
        _COMBO_IDS[_i] = (_high, _low)
_COMBO_IDS.setflags(write=False)
_COMBO_MASKS = np.uint64(1) << _COMBO_IDS.astype(np.uint64)
_COMBO_MASKS = _COMBO_MASKS[:, 0] | _COMBO_MASKS[:, 1]  # each combo's two cards as a 64-bit mask
_ORDER = np.arange(N_COMBOS - 1, -1, -1)  # listing order: AsAh first, 2d2c last


def _class_indices(high: int, low: int, kind: str) -> np.ndarray:
    """Combo indices of a class: ranks 0..12, kind 's', 'o' or '' (pairs, or both for non-pairs)."""
    if high == low:
        pairs = [(4 * high + a, 4 * high + b) for a in range(4) for b in range(a)]
        return np.array([_INDEX[x, y] for x, y in pairs])
    suited = [(4 * high + s, 4 * low + s) for s in range(4)]
    offsuit = [(4 * high + a, 4 * low + b) for a in range(4) for b in range(4) if a != b]
    chosen = {"s": suited, "o": offsuit, "": suited + offsuit}[kind]
    return np.array([_INDEX[x, y] for x, y in chosen])


def _class_name(high: int, low: int, kind: str) -> str:
    return RANK_CHARS[high] + RANK_CHARS[low] + ("" if high == low else kind)


_CLASS_INDICES: dict[str, np.ndarray] = {}
for _high in range(13):
    for _low in range(_high + 1):
        for _kind in ("",) if _high == _low else ("s", "o"):
            _CLASS_INDICES[_class_name(_high, _low, _kind)] = _class_indices(_high, _low, _kind)


def starting_hands() -> tuple[str, ...]:
    """The 169 starting hands in a fixed canonical order: pairs AA..22, then AKs, AKo, AQs, ... 32o.

    >>> hands = starting_hands()
    >>> len(hands), hands[:3], hands[13:16], hands[-1]
    (169, ('AA', 'KK', 'QQ'), ('AKs', 'AKo', 'AQs'), '32o')
    """
    return _STARTING_HANDS


_STARTING_HANDS = tuple(
    [RANK_CHARS[r] * 2 for r in range(12, -1, -1)]
    + [_class_name(high, low, kind) for high in range(12, 0, -1) for low in range(high - 1, -1, -1) for kind in "so"]
)


def top_starting_hands(percent: float) -> tuple[str, ...]:
    """The starting hands of ``top {percent}%``: the shortest prefix of the preflop order
    covering at least ``percent``% of the 1326 combos (rounded up to whole starting hands).

    >>> top_starting_hands(1)
    ('AA', 'KK', 'QQ')
    >>> len(top_starting_hands(100))
    169
    """
    if not 0 < percent <= 100:
        raise RangeParseError(f"top {percent}% is outside 0 < N <= 100")
    target = percent * N_COMBOS / 100
    covered = 0
    for count, name in enumerate(PREFLOP_ORDER, start=1):
        covered += len(_CLASS_INDICES[name])
        if covered >= target - 1e-9:
            return PREFLOP_ORDER[:count]
    return PREFLOP_ORDER


# --- parsing ---------------------------------------------------------------------------------
class _Reason(Exception):
    """Why a token is bad; the parser adds the token and its position."""


_NUMBER = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_ZERO = re.compile(r"[0.]*(?:[eE][+-]?\d+)?")
MAX_NUMBER_LENGTH = 40
"""Weights and percentages are written in at most this many characters."""
_PERCENT = re.compile(r"(" + _NUMBER.pattern + r")%")
_SUITS = {char for text in _TOKENS for char in text[1:] if len(text) == 2}


MIN_WEIGHT = sys.float_info.min
"""The smallest weight (about 2.2e-308, the smallest full-precision double): weights are relative,
so any range can be given within [MIN_WEIGHT, 1] without changing its answers."""


def _weight_problem(value: float, text: str, zero_allowed: bool = False) -> Optional[str]:
    """Why ``value`` (written ``text``) is not a weight, or None when it is one."""
    if not math.isfinite(value) or not 0 <= value <= 1:
        return f"weight {text} is outside {'[0, 1]' if zero_allowed else '(0, 1]'}"
    if value == 0 and not zero_allowed and _ZERO.fullmatch(text):
        return "a weight of 0 would remove the hand: leave it out instead"
    if value < MIN_WEIGHT and not (zero_allowed and value == 0):
        return f"weight {text} is too small: weights go down to {MIN_WEIGHT:.3g} (they are relative: scale them up)"
    return None


def _weight(text: str) -> float:
    if not _NUMBER.fullmatch(text) or len(text) > MAX_NUMBER_LENGTH:
        raise _Reason(f"{shown(text[:40])} is not a weight (expected a number in (0, 1] such as 0.5)")
    value = float(text)
    problem = _weight_problem(value, text)
    if problem:
        raise _Reason(problem)
    return value


def _rank(char: str) -> int:
    index = RANK_CHARS.find(char.upper()) if len(char) == 1 else -1
    if index < 0:
        raise _Reason(f"{shown(char)} is not a rank (use 23456789TJQKA)")
    return index


def _class_spec(text: str) -> tuple[int, int, str]:
    """(high rank, low rank, kind) of ``AKs``, ``AKo``, ``AK`` or ``TT``."""
    if text in _TOKENS:
        raise _Reason(f"{shown(text)} is one card; a hand has two (e.g. AhKh, or a class such as AKs)")
    if len(text) not in (2, 3):
        raise _Reason(f"{shown(text)} is not a hand (expected e.g. TT, AKs, AKo, AK, AhKh, TT+, A5s-A2s)")
    high, low = _rank(text[0]), _rank(text[1])
    kind = text[2:].lower()
    if kind and kind not in ("s", "o"):
        raise _Reason(f"{shown(text[2])} is not s (suited) or o (offsuit)")
    if high == low and kind:
        raise _Reason("a pair cannot be suited or offsuit")
    if high < low:
        raise _Reason(f"write the higher rank first: {shown(_class_name(low, high, kind))}")
    return high, low, kind


def _is_combo_token(text: str) -> bool:
    """Whether ``text`` is written as one combo token: rank, suit, rank, suit (``AhKh``)."""
    return len(text) == 4 and text[1].lower() in _SUITS and text[3].lower() in _SUITS


def _hand_indices(text: str) -> np.ndarray:
    """Combo indices of one hand expression (no weight)."""
    if text.lower() == "random":
        return np.arange(N_COMBOS)
    if _is_combo_token(text):
        first, second = _TOKENS.get(text[:2]), _TOKENS.get(text[2:])
        if first is None or second is None:
            bad = text[:2] if first is None else text[2:]
            raise _Reason(f"{shown(bad)} is not a card")
        if first == second:
            raise _Reason(f"card {first} appears twice in one combo")
        return np.array([_INDEX[first.id, second.id]])
    if "-" in text:
        ends = text.split("-")
        if len(ends) != 2:
            raise _Reason("a span has two ends, e.g. 22-55 or A5s-A2s")
        (h1, l1, k1), (h2, l2, k2) = _class_spec(ends[0]), _class_spec(ends[1])
        if (h1 == l1) != (h2 == l2):
            raise _Reason("a span cannot mix a pair and a non-pair (e.g. 22-55 or A5s-A2s)")
        if h1 == l1:
            low, high = sorted((h1, h2))
            return np.concatenate([_class_indices(r, r, "") for r in range(low, high + 1)])
        if h1 != h2:
            raise _Reason("both ends of a span need the same top card (e.g. A5s-A2s)")
        if k1 != k2:
            raise _Reason("both ends of a span need the same suffix (s, o or none)")
        low, high = sorted((l1, l2))
        return np.concatenate([_class_indices(h1, k, k1) for k in range(low, high + 1)])
    if text.endswith("+"):
        high, low, kind = _class_spec(text[:-1])
        if high == low:
            return np.concatenate([_class_indices(r, r, "") for r in range(low, 13)])
        if low == high - 1:
            raise _Reason(
                f"ambiguous: {RANK_CHARS[low]} is already the highest kicker below {RANK_CHARS[high]}, so '+' "
                f"adds nothing; write {shown(text[:-1])} (or e.g. {shown(_class_name(high, low - 1, kind) + '+')})"
                if low > 0
                else f"ambiguous: write {shown(text[:-1])}"
            )
        return np.concatenate([_class_indices(high, k, kind) for k in range(low, high)])
    high, low, kind = _class_spec(text)
    return _class_indices(high, low, kind)


def _expression_indices(expression: str) -> np.ndarray:
    """Combo indices of one expression of the notation without a weight: a hand expression or
    ``top N%``."""
    if not expression.lower().startswith("top"):
        return _hand_indices(expression)
    words = expression.split(None, 1)
    rest = expression[3:] if len(words) == 1 else words[1]
    match = _PERCENT.fullmatch(rest)
    if words[0].lower() != "top" and not match:
        raise _Reason(f"{shown(expression)} is not a hand")
    if not match:
        raise _Reason("expected a percentage after 'top', e.g. top 10%")
    percent = float(match.group(1))
    if not 0 < percent <= 100:
        raise _Reason(f"top {match.group(1)}% is outside 0 < N <= 100")
    return np.concatenate([_CLASS_INDICES[name] for name in top_starting_hands(percent)])


def _starting_hand(text: str) -> str:
    """The name of one starting hand (``AA``, ``AKs``, ``AKo``) written in any case."""
    if len(text) not in (2, 3) or text in _TOKENS:
        raise _Reason("a starting hand is a pair (AA) or two ranks with s or o (AKs, AKo)")
    high, low, kind = _class_spec(text)
    if high != low and not kind:
        name = _class_name(high, low, "")
        raise _Reason(f"{shown(text)} is two starting hands, {name}s and {name}o: name one")
    return _class_name(high, low, kind)


def starting_hand_of(hand: CardsLike) -> str:
    """The starting hand of a combo (``"AhKh"`` -> ``"AKs"``), or a starting hand's name written
    in any case in its canonical form (``"aks"`` -> ``"AKs"``).

    >>> starting_hand_of("Ah Kh"), starting_hand_of("7c7d"), starting_hand_of("kqo")
    ('AKs', '77', 'KQo')

    Raises:
        RangeParseError: neither a starting hand's name nor a two-card combo.
    """
    if isinstance(hand, str):
        try:
            return _starting_hand(hand.strip())
        except _Reason as reason:
            problem = str(reason)
    else:
        problem = "not a starting hand"
    try:
        cards = parse_cards(hand)
    except ShowdownError:
        raise RangeParseError(f"{shown(hand)} is not a starting hand (such as AKs) or a combo (such as AhKh): {problem}"
                              ) from None
    if len(cards) != 2:
        raise RangeParseError(f"a combo has two cards, got {len(cards)} in {shown(hand)}")
    high, low = sorted(cards, reverse=True)
    kind = "s" if high.suit == low.suit else "o"
    return _class_name(int(high.rank), int(low.rank), kind)


def _tokenize(text: str) -> list[tuple[str, int]]:
    """Words and parentheses with their 0-based positions; commas and whitespace separate."""
    tokens = []
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char.isspace() or char == ",":
            i += 1
        elif char in "()":
            tokens.append((char, i))
            i += 1
        else:
            j = i
            while j < n and not (text[j].isspace() or text[j] in ",()"):
                j += 1
            tokens.append((text[i:j], i))
            i = j
    return tokens


def parse_weighted(
    text: str,
    size: int,
    indices_of: Callable[[str, bool], np.ndarray],
    item_text: Callable[[int], str],
    tokens: Optional[list[tuple[str, int]]] = None,
) -> np.ndarray:
    """The (size,) weight array of range text, whatever a token names: tokens separated by
    commas or spaces, ``token:weight``, groups ``0.5(token, token)``, each item given one
    weight. ``indices_of(expression, weighted)`` gives the items an expression names (raising
    ``_Reason``); ``item_text(i)`` names item i in errors ("combo AsKs", "hand AsAdKsKd").
    Shared by the hold'em and the Omaha ranges."""

    def error(token: str, position: int, reason: str) -> RangeParseError:
        return RangeParseError(f"bad range token {shown(token)} at position {position + 1} of {shown(text, 80)}:"
                               f" {reason}")

    tokens = _tokenize(text) if tokens is None else tokens
    if not tokens:
        raise RangeParseError(f"empty range {shown(text, 80)} (use e.g. 'random' for every hand)")
    weights = np.zeros(size)
    source: dict[int, tuple[str, int]] = {}  # item index -> the token that set it
    group: Optional[tuple[float, str, int]] = None  # (weight, token, position) of an open group
    group_size = 0
    i = 0
    while i < len(tokens):
        token, position = tokens[i]
        i += 1
        if token == "(":
            reason = "groups do not nest" if group else "a group needs a weight before '(' such as 0.5(KQo, AJs)"
            raise error(token, position, reason)
        if token == ")":
            if group is None:
                raise error(token, position, "')' without a group to close")
            if group_size == 0:
                raise error(group[1] + ")", group[2], "empty group")
            group = None
            continue
        if i < len(tokens) and tokens[i][0] == "(":
            if group is not None:
                raise error(token + "(", position, "groups do not nest")
            try:
                group = (_weight(token), token + "(", position)
            except _Reason as reason:
                raise error(token + "(", position, str(reason)) from None
            group_size = 0
            i += 1
            continue
        if token.lower() == "top" and i < len(tokens) and tokens[i][0] not in "()":
            token = f"{token} {tokens[i][0]}"
            i += 1
        try:
            expression, colon, weight_text = token.partition(":")
            if colon and group is not None:
                raise _Reason(f"a weight inside the group {group[1]}...) which already gives one")
            weight = _weight(weight_text) if colon else (group[0] if group else 1.0)
            indices = indices_of(expression, bool(colon))
        except _Reason as reason:
            raise error(token, position, str(reason)) from None
        group_size += 1
        clashes = indices[(weights[indices] != 0) & (weights[indices] != weight)]
        if len(clashes):
            item = item_text(int(clashes[0]))
            earlier, where = source[int(clashes[0])]
            raise error(
                token,
                position,
                f"{item} already has weight {weights[clashes[0]]:g} from {shown(earlier)} at position "
                f"{where + 1}; give each {item.split()[0]} one weight",
            )
        for index in indices[weights[indices] == 0].tolist():
            source[index] = (token, position)
        weights[indices] = weight
    if group is not None:
        raise error(group[1], group[2], "group not closed with ')'")
    return weights


def _holdem_indices(expression: str, weighted: bool) -> np.ndarray:
    try:
        return _expression_indices(expression)
    except _Reason:
        if _NUMBER.fullmatch(expression) and not weighted:  # '0.5' but not '32' (a hand)
            raise _Reason("a weight must be followed by a group in parentheses, e.g. 0.5(KQo, AJs)") from None
        raise


def _parse(text: str) -> np.ndarray:
    """The (1326,) weight array of range text."""
    return parse_weighted(text, N_COMBOS, _holdem_indices, lambda index: f"combo {_combo_text(index)}")


# --- canonical text --------------------------------------------------------------------------
def _combo_text(index: int) -> str:
    high, low = _COMBO_IDS[index]
    return f"{CARDS[high]}{CARDS[low]}"


def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Runs of consecutive ints as (low, high), highest run first."""
    runs: list[tuple[int, int]] = []
    for value in sorted(values):
        if runs and runs[-1][1] == value - 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs[::-1]


def _describe(members: np.ndarray, impossible: Optional[np.ndarray] = None) -> list[str]:
    """Compact tokens for a boolean (1326,) set of combos. The ``impossible`` combos (those that
    touch a card taken out) are neither in nor out: a starting hand is named whole when it holds
    every combo that is still possible."""
    possible = members if impossible is None else members | impossible
    if possible.all():
        return ["random"]
    full = {name for name, indices in _CLASS_INDICES.items() if possible[indices].all() and members[indices].any()}
    parts = []
    for low, high in _runs([r for r in range(13) if _class_name(r, r, "") in full]):
        pair = RANK_CHARS[low] * 2
        if low == high:
            parts.append(pair)
        elif high == 12:
            parts.append(pair + "+")
        else:
            parts.append(f"{pair}-{RANK_CHARS[high] * 2}")
    for top in range(12, 0, -1):
        suited = _runs([k for k in range(top) if _class_name(top, k, "s") in full])
        offsuit = _runs([k for k in range(top) if _class_name(top, k, "o") in full])
        both = [run for run in suited if run in offsuit]
        suited_only = [run for run in suited if run not in both]
        offsuit_only = [run for run in offsuit if run not in both]
        for kind, runs in (("", both), ("s", suited_only), ("o", offsuit_only)):
            for low, high in runs:
                if low == high:
                    parts.append(_class_name(top, low, kind))
                elif high == top - 1:
                    parts.append(_class_name(top, low, kind) + "+")
                else:
                    parts.append(f"{_class_name(top, high, kind)}-{_class_name(top, low, kind)}")
    covered = np.zeros(N_COMBOS, dtype=bool)
    for name in full:
        covered[_CLASS_INDICES[name]] = True
    parts += [_combo_text(int(i)) for i in _ORDER if members[i] and not covered[i]]
    return parts


def _named_indices(hand: object) -> np.ndarray:
    """Combo indices of one key of :meth:`Range.with_weights`: one expression of the notation
    without a weight, read as ``Range(text)`` reads it, or one combo in any card notation."""
    if not isinstance(hand, str):
        raise RangeParseError(f"a hand in weights is text such as 'AKs' or 'AhKh', got {type(hand).__name__}")
    text = hand.strip()
    try:
        return _expression_indices(text)
    except _Reason as reason:
        problem = str(reason)
    if not _is_combo_token(text):  # else the token parser's reason stands
        try:
            cards = parse_cards(text)  # a combo in a notation one token does not hold: 'Ah Kh', '10h9h'
        except DuplicateCardError as error:
            problem = str(error)
        except ShowdownError:
            pass
        else:
            if len(cards) == 2:
                return np.array([_INDEX[cards[0].id, cards[1].id]])
            if len(cards) > 2:
                problem = f"{len(cards)} cards; a combo has two"
    raise RangeParseError(
        f"{shown(hand)} is not a starting hand (such as AKs, AK or QQ+) or a combo (such as AhKh): {problem}")


def _touching(out: int) -> np.ndarray:
    """Whether each of the 1326 combos holds a card of the mask ``out``."""
    return ((_COMBO_MASKS & np.uint64(out)) != 0) if out else np.zeros(N_COMBOS, dtype=bool)


# --- the Range -------------------------------------------------------------------------------
class Range:
    """A weighted set of two-card combos, parsed from the notation players know; in short deck
    (``game="short-deck"``) the combos of its 36 cards only. ``Range(text, game="omaha")`` (or
    another Omaha game) reads Omaha hands instead: see :mod:`showdown.omaha_ranges`.

    ``len`` counts the combos; iteration yields ``((high card, low card), weight)``; ``combos``
    and ``weights`` are the NumPy arrays for the equity engine. Ranges are immutable and compare
    equal when they hold the same combos with the same weights.

    >>> r = Range("QQ+, AKs:0.5")
    >>> len(r), r.combos.shape, sorted(set(r.weights.tolist()))
    (22, (22, 2), [0.5, 1.0])
    >>> next(iter(r))
    ((Card('As'), Card('Ah')), 1.0)
    >>> Range("AK") == Range("AKo, AKs")
    True

    Raises:
        RangeParseError: the text is not a range (the message names the bad token and its position), or ``text`` is
            not text.
        GameError: an unknown game, or a short deck range that holds no hand of its 36 cards.
    """

    __slots__ = ("_weights", "_text", "_out")
    _weights: np.ndarray
    _text: Optional[str]
    _out: int  # the mask of the cards taken out (see without): their combos are impossible, not left out

    def __new__(cls, text: Any = "", game: GameLike = "holdem") -> Range:
        if cls is Range and resolve_game(game).hole_cards != 2:
            return object.__new__(_RANGE_KINDS[0])  # type: ignore[no-any-return]  # initialised by Python next
        return object.__new__(cls)

    def __init__(self, text: Union[str, Range], game: GameLike = "holdem") -> None:
        rules = resolve_game(game)
        self._out = 0
        if isinstance(text, Range):
            weights, self._text, self._out = text._weights, text._text, text._out
        elif isinstance(text, str):
            weights, self._text = _parse(text), None
        else:
            raise RangeParseError(f"a range is text such as 'TT+, AKs', got {type(text).__name__}")
        if rules.short_deck:  # the hands the short deck cannot deal are out
            outside = (_COMBO_IDS < rules.lowest_card_id).any(axis=1) & (weights > 0)
            if outside.any():
                weights = weights.copy()
                weights[outside] = 0
                self._text = None
            if not weights.any():
                raise GameError(f"the range {shown(str(text))} holds no hand of the short deck (6 to A)")
        weights.setflags(write=False)
        self._weights = weights

    @classmethod
    def _from_weights(cls, weights: np.ndarray, out: int = 0) -> Range:
        result = object.__new__(cls)
        weights = np.array(weights, dtype=np.float64)
        weights.setflags(write=False)
        result._weights, result._text, result._out = weights, None, out
        return result

    @classmethod
    def from_combos(cls, combos: Iterable[CardsLike], weights: Optional[Iterable[float]] = None) -> Range:
        """A range from explicit two-card combos (each ``CardsLike``) and optional weights (default 1).

        >>> Range.from_combos(["AhKh", "AsKs"], [0.5, 0.5])
        Range('0.5(AsKs, AhKh)')
        >>> str(Range.from_combos([]))
        ''

        Raises:
            RangeParseError: ``combos`` or ``weights`` is not a list, a combo is not two cards, a weight is not in
                (0, 1], a combo is given two weights, or there are not as many weights as combos.
            CardParseError: a token is not a card (the message quotes it).
            DuplicateCardError: a combo names one card twice.
        """
        combos = listed(combos, "combos", error=RangeParseError)
        values = [1.0] * len(combos) if weights is None else [
            real_number(w, f"the weight of combo {index}", error=RangeParseError)
            for index, w in enumerate(listed(weights, "weights", error=RangeParseError))
        ]
        if len(values) != len(combos):
            raise RangeParseError(f"{len(combos)} combos but {len(values)} weights")
        result = np.zeros(N_COMBOS)
        for position, (combo, weight) in enumerate(zip(combos, values, strict=True)):
            cards = parse_cards(combo)
            if len(cards) != 2:
                raise RangeParseError(f"combo {position}: expected two cards, got {len(cards)} in {shown(combo)}")
            problem = _weight_problem(weight, repr(weight))
            if problem:
                raise RangeParseError(f"combo {position} ({' '.join(map(str, cards))}): {problem}")
            index = _INDEX[cards[0].id, cards[1].id]
            if result[index] not in (0, weight):
                raise RangeParseError(
                    f"combo {position} ({_combo_text(index)}): weight {weight} conflicts with {result[index]:g}"
                )
            result[index] = weight
        return cls._from_weights(result)

    @classmethod
    def top(cls, percent: float) -> Range:
        """The best ``percent``% of hands by the preflop order (see :func:`top_starting_hands`).

        >>> str(Range.top(3)), len(Range.top(3))
        ('88+', 42)

        Raises:
            RangeParseError: ``percent`` is not a number in (0, 100].
        """
        return cls(f"top {shown(percent)}%")

    def _mask(self) -> np.ndarray:
        return np.flatnonzero(self._weights[_ORDER] != 0)

    @property
    def combos(self) -> np.ndarray:
        """An (n, 2) uint8 array of card ids, higher card first, strongest-id combos first."""
        return _COMBO_IDS[_ORDER[self._mask()]].copy()

    @property
    def weights(self) -> np.ndarray:
        """The (n,) float64 weights, aligned with :attr:`combos`."""
        return self._weights[_ORDER[self._mask()]].copy()

    def __len__(self) -> int:
        return int(np.count_nonzero(self._weights))

    def __iter__(self) -> Iterator[tuple[tuple[Card, Card], float]]:
        for index in _ORDER[self._mask()].tolist():
            high, low = _COMBO_IDS[index]
            yield (CARDS[high], CARDS[low]), float(self._weights[index])

    def __contains__(self, combo: object) -> bool:
        try:
            cards = parse_cards(combo)  # type: ignore[arg-type]
        except ShowdownError:
            return False
        return len(cards) == 2 and bool(self._weights[_INDEX[cards[0].id, cards[1].id]])

    def weight(self, combo: CardsLike) -> float:
        """The weight of one combo (0 when it is not in the range).

        >>> Range("AKs:0.5").weight("KhAh")
        0.5

        Raises:
            RangeParseError: ``combo`` is not two cards.
            CardParseError: a token is not a card (the message quotes it).
            DuplicateCardError: ``combo`` names one card twice.
        """
        cards = parse_cards(combo)
        if len(cards) != 2:
            raise RangeParseError(f"a combo has two cards, got {len(cards)} in {shown(combo)}")
        return float(self._weights[_INDEX[cards[0].id, cards[1].id]])

    def without(self, cards: CardsLike) -> Range:
        """A new range without every combo that holds one of ``cards``. Its text still names a
        starting hand whole when it lost only combos those cards make impossible, and
        ``Range(str(r)).without(cards) == r``; ``repr`` says the cards.

        >>> r = Range("AA, KK, AKs").without("Ah")
        >>> len(r), str(r), r
        (12, 'KK+, AKs', Range('KK+, AKs').without('Ah'))
        >>> Range(str(r)).without("Ah") == r
        True

        Raises:
            CardParseError: a token is not a card (the message quotes it).
        """
        out = self._out
        for card in parse_cards(cards, allow_duplicates=True):
            out |= 1 << card.id
        return Range._from_weights(np.where(_touching(out), 0.0, self._weights), out)

    def remove(self, board: CardsLike = "", dead: CardsLike = "") -> Range:
        """A new range without the combos that touch the ``board`` or ``dead`` cards.

        >>> len(Range("AKs").remove(board="Ah 7c 2d", dead="Ks"))
        2

        Raises:
            CardParseError: a token is not a card (the message quotes it).
        """
        return self.without([*parse_cards(board, allow_duplicates=True), *parse_cards(dead, allow_duplicates=True)])

    def _holdings(self, board: CardsLike, dead: CardsLike, game: GameLike
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """The combo indices left on ``board``, the made class and draws of each, and the mask of
        the cards out (the range's own, the board and the dead cards)."""
        board_cards, dead_cards = study_cards(board, dead, game)
        left = Range(self.remove(board_cards, dead_cards), game=game)
        indices = np.flatnonzero(left._weights[_ORDER] != 0)
        made, draws = class_codes(_COMBO_IDS[_ORDER[indices]], board_cards, game)
        return _ORDER[indices], made, draws, left._out

    def split(self, board: CardsLike, by: str = "made", dead: CardsLike = "", *, game: GameLike = "holdem"
              ) -> dict[str, Range]:
        """The range cut by what its combos hold on ``board`` (3 to 5 cards; combos touching the
        board or ``dead`` are out): by ``"made"``, one range per made-hand class (every class,
        an empty range where none); by ``"draw"``, one per draw class (a combo may be in several).
        The classes are those of :func:`~showdown.breakdown`, in ``game`` (hold'em or short deck).

        >>> parts = Range("AA, KK, 77, AKs").split("Ks 7h 2d")
        >>> {name: len(part) for name, part in parts.items() if len(part)}
        {'set': 6, 'overpair': 6, 'top-pair': 3}
        >>> str(parts["top-pair"]), len(parts["top-pair"])
        ('AKs', 3)

        Raises:
            StudyError: ``by`` is not ``"made"`` or ``"draw"``, or the game is not hold'em or short deck.
            HandSizeError: the board is not 3 to 5 cards.
            CardParseError: a token is not a card (the message quotes it).
            DuplicateCardError: a card is both dead and on the board, or named twice.
            GameError: an unknown game, or a card the short deck does not have.
        """
        if by not in ("made", "draw"):
            raise StudyError(f"split by 'made' or 'draw', got {shown(by)}")
        indices, made, draws, out = self._holdings(board, dead, game)
        names = MADE_CLASSES if by == "made" else DRAW_CLASSES
        parts = {}
        for name in names:
            weights = np.zeros(N_COMBOS)
            members = indices[class_members(name, made, draws)]
            weights[members] = self._weights[members]
            parts[name] = Range._from_weights(weights, out)
        return parts

    def filter(self, board: CardsLike, made: Optional[Iterable[str]] = None, draws: Optional[Iterable[str]] = None,
               dead: CardsLike = "", *, game: GameLike = "holdem") -> Range:
        """The combos that, on ``board``, are in one of the ``made`` classes or have one of the
        ``draws`` (the classes of :func:`~showdown.breakdown`, in ``game``), with their weights.

        >>> top_pair_or_better = ["straight-flush", "quads", "full-house", "flush", "straight", "set", "trips",
        ...                       "two-pair", "overpair", "top-pair"]
        >>> str(Range("AA, KK, QQ, AQs, 87s").filter("Ks 7h 2d", made=top_pair_or_better))
        'KK+'
        >>> str(Range("AA, KK, AQs, 87s").filter("Ks 7h 2h", draws=["flush-draw"]))
        'AhQh'

        Raises:
            StudyError: neither ``made`` nor ``draws`` is given, a class name is unknown, or the game is not hold'em
                or short deck.
            HandSizeError: the board is not 3 to 5 cards.
            CardParseError: a token is not a card (the message quotes it).
            DuplicateCardError: a card is both dead and on the board, or named twice.
            GameError: an unknown game, or a card the short deck does not have.
        """
        wanted_made = class_names(made, MADE_CLASSES, "made")
        wanted_draws = class_names(draws, DRAW_CLASSES, "draw")
        if made is None and draws is None:
            raise StudyError("filter keeps the combos of the classes given: give made=[...] or draws=[...]")
        indices, made_codes, draw_bits, out = self._holdings(board, dead, game)
        keep = np.zeros(len(indices), dtype=bool)
        for name in (*wanted_made, *wanted_draws):
            keep |= class_members(name, made_codes, draw_bits)
        weights = np.zeros(N_COMBOS)
        weights[indices[keep]] = self._weights[indices[keep]]
        return Range._from_weights(weights, out)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(np.array_equal(self._weights, other._weights))

    def __hash__(self) -> int:
        return hash(self._weights.tobytes())

    def __str__(self) -> str:
        if self._text is None:
            impossible = _touching(self._out) if self._out else None
            parts = []
            for weight in sorted(set(self._weights[self._weights != 0].tolist()), reverse=True):
                tokens = ", ".join(_describe(self._weights == weight, impossible))
                parts.append(tokens if weight == 1 else f"{shown(weight)}({tokens})")
            self._text = ", ".join(parts)
        return self._text

    def __repr__(self) -> str:
        if self._out:
            return f"Range({str(self)!r}).without({self._out_text()!r})"
        return f"Range({str(self)!r})"

    def _out_text(self) -> str:
        """The cards taken out, highest first."""
        return format_cards(sorted(mask_to_cards(self._out), reverse=True))

    def _operand(self, other: object) -> Optional[Range]:
        """The other side of ``|``, ``&`` or ``-``: a hold'em Range, or range text read as one."""
        if type(self) is not Range:
            return None
        if isinstance(other, str):
            return Range(other)
        return other if type(other) is Range else None

    def _combined(self, other: object, rule: Callable[[Range, Range], tuple[np.ndarray, int]]) -> Range:
        """``rule(self, other)``'s weights and cards out as a range, other read by :meth:`_operand`."""
        right = self._operand(other)
        return NotImplemented if right is None else Range._from_weights(*rule(self, right))

    def __or__(self, other: object) -> Range:
        """The combos of either range (a combo in both takes the larger weight); cards out of
        both stay out.

        >>> Range("QQ+") | "AKs", Range("AA, KK") | Range("KK:0.5, QQ")
        (Range('QQ+, AKs'), Range('QQ+'))

        Raises:
            RangeParseError: text on the other side that is not a range.
        """
        return self._combined(other, lambda left, right: (np.maximum(left._weights, right._weights),
                                                          left._out & right._out))

    def __and__(self, other: object) -> Range:
        """The combos in both ranges, at the smaller weight.

        >>> Range("QQ+, AK") & "KK+, AKs, AQs"
        Range('KK+, AKs')

        Raises:
            RangeParseError: text on the other side that is not a range.
        """
        return self._combined(other, lambda left, right: (np.minimum(left._weights, right._weights),
                                                          left._out | right._out))

    def __sub__(self, other: object) -> Range:
        """The combos of this range that are not in the other (whatever their weight there).

        >>> Range("QQ+, AK") - "AKo, KK"
        Range('AA, QQ, AKs')

        Raises:
            RangeParseError: text on the other side that is not a range.
        """
        return self._combined(other, lambda left, right: (np.where(right._weights != 0, 0.0, left._weights), left._out))

    def __ror__(self, other: object) -> Range:
        return self.__or__(other)

    def __rand__(self, other: object) -> Range:
        return self.__and__(other)

    def __rsub__(self, other: object) -> Range:
        left = self._operand(other)
        return NotImplemented if left is None else left.__sub__(self)

    def with_weights(self, weights: Mapping[str, float]) -> Range:
        """A new range in which every combo named by each key has the given weight (0 takes it
        out); the other combos keep theirs, exactly. A key is read as ``Range(key)`` reads one
        token without a weight (case-insensitive, surrounding spaces ignored): a starting hand
        (``"JJ"``, ``"aks"``, ``"AKo"``), both halves of a non-pair (``"AK"``: AKs and AKo), a
        run or span (``"QQ+"``, ``"A2s+"``, ``"A5s-A2s"``), ``"random"``, ``"top 10%"`` or one
        combo (``"AhKh"``); a combo may also be in any card notation (``"Ah Kh"``, ``"10h 9h"``).
        The entries apply in their order, so ``{"AKs": 0, "AhKh": 1}`` leaves AhKh alone of AKs.
        A bad key is a :class:`RangeParseError` with the range parser's reason.

        >>> str(Range("AhKh, QQ").with_weights({"JJ": 0.5, "QQ": 0}))
        'AhKh, 0.5(JJ)'
        >>> str(Range("AKs").with_weights({"AcKc": 0, "AdKd": 0.5}))
        'AsKs, AhKh, 0.5(AdKd)'
        >>> str(Range("AA").with_weights({"kk+": 0.5, "ak": 1}))
        'AK, 0.5(KK+)'

        Raises:
            RangeParseError: ``weights`` is not a mapping, a key names no hand, or a weight is not a number in [0,
                1].
        """
        if not isinstance(weights, Mapping):
            raise RangeParseError(f"weights must be a mapping of hand to weight, got {type(weights).__name__}")
        result = np.array(self._weights)
        for hand, weight in weights.items():
            indices = _named_indices(hand)
            value = real_number(weight, f"the weight of {hand}", error=RangeParseError)
            problem = _weight_problem(value, repr(weight), zero_allowed=True)
            if problem:
                raise RangeParseError(f"{hand}: {problem}")
            result[indices] = value
        return Range._from_weights(result, self._out)

    def hand_combos(self, hand: str) -> dict[str, Any]:
        """Every combo of one starting hand with its weight in this range (0 when it is out): the
        hand (its canonical name), its size (6 for a pair, 4 suited, 12 offsuit) and the combos in
        a fixed order (by the suit of the higher card, then of the lower one: spades, hearts,
        diamonds, clubs), each as its text, its two cards and its weight. The hand is read as
        ``Range(hand)`` reads one starting hand (``AA``, ``AKs``, ``AKo``; case-insensitive,
        surrounding spaces ignored). The range grid's suit picker shows this.

        >>> detail = Range("AhKh, 0.5(AsKs)").hand_combos("AKs")
        >>> detail["size"], [(c["combo"], c["weight"]) for c in detail["combos"]]
        (4, [('AsKs', 0.5), ('AhKh', 1.0), ('AdKd', 0.0), ('AcKc', 0.0)])
        >>> Range("random").hand_combos("ako")["combos"][0]
        {'combo': 'AsKh', 'cards': ['As', 'Kh'], 'weight': 1.0}

        Raises:
            RangeParseError: ``hand`` is not one starting hand (``AK`` is two).
        """
        if not isinstance(hand, str):
            raise RangeParseError(f"a starting hand is text such as 'AKs', got {type(hand).__name__}")
        try:
            name = _starting_hand(hand.strip())
        except _Reason as reason:
            raise RangeParseError(f"{shown(hand)} is not a starting hand (such as AA, AKs or AKo): {reason}") from None
        indices = sorted(_CLASS_INDICES[name].tolist(),
                         key=lambda i: (-(int(_COMBO_IDS[i][0]) % 4), -(int(_COMBO_IDS[i][1]) % 4)))
        combos = []
        for index in indices:
            high, low = _COMBO_IDS[index]
            combos.append({"combo": _combo_text(index), "cards": [str(CARDS[high]), str(CARDS[low])],
                           "weight": float(self._weights[index])})
        return {"hand": name, "size": len(indices), "combos": combos}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the canonical text (which parses back to exactly this range once the
        cards in ``without`` are taken out: see :meth:`without`), those cards, the
        number of combos and their fraction of all 1326, their total weight, and each starting
        hand with a combo in the range: how many of its combos (``combos`` of ``size``), its share
        of the whole hand (``weight``: the combos' weights added up, over ``size``) and whether
        the range holds the whole hand at one weight (``whole``), so that the hand alone says it.

        >>> Range("AhKh, QQ:0.5").to_dict()["starting_hands"][1]
        {'hand': 'AKs', 'combos': 1, 'size': 4, 'weight': 0.25, 'whole': False}
        """
        hands = []
        for hand in _STARTING_HANDS:
            weights = self._weights[_CLASS_INDICES[hand]]
            combos = int(np.count_nonzero(weights))
            if combos:
                hands.append({"hand": hand, "combos": combos, "size": len(weights),
                              "weight": float(weights.sum()) / len(weights),
                              "whole": combos == len(weights) and bool((weights == weights[0]).all())})
        return {"text": str(self), "without": self._out_text(), "combos": len(self),
                "fraction": len(self) / N_COMBOS, "weight": float(self._weights.sum()), "starting_hands": hands}
