"""Hand evaluation: one hand at a time (:func:`evaluate`) or NumPy arrays of them in bulk.

A hand value is an int where higher is better and ``value >> 12`` is the :class:`Category`; two
hands tie exactly when their values are equal. Hands of 1 to 4 cards are partial hands (high
card, pairs, trips, quads), valued below every complete hand that shares their cards.

>>> hand = evaluate("Kh Kd Ks 9c 9h 2d 3c")
>>> hand.description
'Full House, Kings full of Nines'
>>> hand > evaluate("Ah Ad As Kc Qd 2d 3c")
True
"""

from __future__ import annotations

import enum
import importlib
import itertools
import operator
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from showdown.cards import CARDS, Card, CardsLike, parse_cards
from showdown.errors import CardParseError, DuplicateCardError, HandSizeError, ShowdownError
from showdown.tables import load
from showdown.tables.layout import CATEGORY_SHIFT, FLUSH_CHECK, KEY_INIT, RANK_MASK, ROW_SHIFT, SUIT_SHIFT

PURE_PYTHON_VARIABLE = "SHOWDOWN_PURE_PYTHON"
"""Set this environment variable to 1 before the import to use the pure-Python single-hand path
even where the C extension is built (the results are the same; the C path is about 3x faster)."""


def _c_extension() -> Any:
    """The C extension ``showdown._single``, or None when it is not built or not wanted."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "").strip() not in ("", "0"):
        return None
    try:  # an optional compiled module, so imported by name
        return importlib.import_module("showdown._single")
    except ImportError:  # built without a C compiler
        return None


_single = _c_extension()


class _PythonRankBase:
    """A hand value and its cards, compared and hashed by value: the pure-Python twin of
    ``showdown._single.RankBase``, with the same construction, read-only attributes, ordering,
    hashing and errors (a test runs both through the same checks)."""

    __slots__ = ("value", "cards", "_best_five")
    value: int
    cards: tuple[Any, ...]

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        given = len(args) + len(kwargs)
        if given > 2:
            raise TypeError(f"function takes at most 2 arguments ({given} given)")
        values = list(args)
        for position, name in enumerate(("value", "cards")[len(args):], start=len(args) + 1):
            if name not in kwargs:
                raise TypeError(f"function missing required argument '{name}' (pos {position})")
            values.append(kwargs.pop(name))
        if kwargs:
            raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword argument for this function")
        number, cards = operator.index(values[0]), values[1]
        if not -(1 << 63) <= number < 1 << 63:
            raise OverflowError("Python int too large to convert to C long")
        if not isinstance(cards, tuple):
            raise TypeError(f"argument 2 must be tuple, not {type(cards).__name__}")
        rank = object.__new__(cls)
        object.__setattr__(rank, "value", number)
        object.__setattr__(rank, "cards", cards)
        return rank

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("value", "cards"):
            raise AttributeError("readonly attribute")
        object.__setattr__(self, name, value)  # _best_five, or a subclass's own attributes

    def __delattr__(self, name: str) -> None:
        if name in ("value", "cards"):
            raise AttributeError("readonly attribute")
        object.__delattr__(self, name)

    def __eq__(self, other: Any) -> bool:
        return self.value == other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __ne__(self, other: Any) -> bool:
        return self.value != other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __lt__(self, other: Any) -> bool:
        return self.value < other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __le__(self, other: Any) -> bool:
        return self.value <= other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __gt__(self, other: Any) -> bool:
        return self.value > other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __ge__(self, other: Any) -> bool:
        return self.value >= other.value if isinstance(other, _PythonRankBase) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)


_RankBase: Any = _PythonRankBase if _single is None else _single.RankBase


class Category(enum.IntEnum):
    """Hand categories, weakest first; ``str(Category.FULL_HOUSE) == 'Full House'``."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    def __str__(self) -> str:
        return _CATEGORY_NAMES[self]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a category, everywhere: its number and its name side by side.

        >>> Category.FULL_HOUSE.to_dict()
        {'category': 6, 'category_name': 'Full House'}
        """
        return {"category": int(self), "category_name": _CATEGORY_NAMES[self]}


_CATEGORY_NAMES = (
    "High Card",
    "One Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
)
_CATEGORIES = tuple(Category)

# --- the pure-Python path for single hands: the same tables as the kernels -------------------
_TABLES = load()
_OFFSETS: list[int] = _TABLES.row_offsets.tolist()
_RANK_VALUES: list[int] = _TABLES.rank_values.tolist()
_FLUSH_VALUES: list[int] = _TABLES.flush_values.tolist()
_CARD_BIT_SHIFT = 64
# Each card's key with its own bit above bit 64: a repeated card carries into another bit, so
# the hand holds distinct cards exactly when that part has one bit per card.
_KEY_OF: dict[Card, int] = {
    card: int(_TABLES.card_keys[card.id]) | 1 << (_CARD_BIT_SHIFT + card.id) for card in CARDS
}
_KEY_BITS = (1 << _CARD_BIT_SHIFT) - 1


def _flush_value(cards: Iterable[Card], key: int) -> int:
    counters = key >> SUIT_SHIFT
    suit = next(s for s in range(4) if counters >> (4 * s + 3) & 1)
    ranks = 0
    for card in cards:
        if card.suit == suit:
            ranks |= 1 << card.rank
    return _FLUSH_VALUES[ranks]


def _value_of_key(key: int, cards: Iterable[Card]) -> int:
    """The value of a hand from its key (the card-bit part masked off) and its cards."""
    if key & FLUSH_CHECK:
        return _flush_value(cards, key)
    ranks = key & RANK_MASK
    return _RANK_VALUES[ranks + _OFFSETS[ranks >> ROW_SHIFT]]


def _value(cards: tuple[Card, ...]) -> int:
    """Value of 1..7 distinct parsed cards."""
    return _value_of_key((KEY_INIT + sum(_KEY_OF[card] for card in cards)) & _KEY_BITS, cards)


def _grouped(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by multiplicity, then rank, then suit, highest first."""
    cards = list(cards)
    count = {rank: sum(1 for c in cards if c.rank == rank) for rank in {c.rank for c in cards}}
    return sorted(cards, key=lambda c: (count[c.rank], c.rank, c.suit), reverse=True)


class HandRank(_RankBase):
    """The value of a hand, with its category, description and best five cards.

    ``HandRank(value, cards)``; ``.value`` (higher is better) and ``.cards`` are read-only.
    Compares and hashes by ``value`` only, so hands of equal strength are equal.

    >>> rank = evaluate("As Ad 4c 4h Qs 2d 3c")
    >>> rank.category, rank.description
    (<Category.TWO_PAIR: 2>, 'Two Pair, Aces and Fours, Queen kicker')
    >>> [str(card) for card in rank.best_five]
    ['As', 'Ad', '4h', '4c', 'Qs']
    """

    __slots__ = ()
    value: int
    cards: tuple[Card, ...]

    def __new__(cls, value: Any, cards: Any) -> HandRank:
        rank = super().__new__(cls, value, cards)
        if not 0 <= rank.value < len(Category) << CATEGORY_SHIFT:
            raise ShowdownError(f"{rank.value} is not a hand value (0 to {(len(Category) << CATEGORY_SHIFT) - 1})")
        return rank  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandRank, (self.value, self.cards))

    @property
    def category(self) -> Category:
        """The hand's category (``value >> 12``)."""
        return _CATEGORIES[self.value >> CATEGORY_SHIFT]

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The cards that make the hand (all of them below five cards), grouped by multiplicity
        then rank; a wheel reads 5 4 3 2 A."""
        try:
            return self._best_five  # type: ignore[has-type]
        except AttributeError:
            self._best_five = _best_five(self.cards, self.value)  # type: ignore[misc]
            return self._best_five

    @property
    def description(self) -> str:
        """The hand in words, e.g. ``'Full House, Kings full of Nines'``."""
        return describe(self.category, [card.rank for card in self.best_five])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: value, category (number and name), description, cards, best five.

        >>> evaluate("Ah Ad").to_dict()["category_name"]
        'One Pair'
        """
        return {
            "value": self.value,
            **self.category.to_dict(),
            "description": self.description,
            "cards": [str(card) for card in self.cards],
            "best_five": [str(card) for card in self.best_five],
        }

    def __str__(self) -> str:
        return self.description

    def __repr__(self) -> str:
        return f"HandRank(value={self.value}, {self.description!r})"


def _best_five(cards: tuple[Card, ...], value: int) -> tuple[Card, ...]:
    if len(cards) > 5:
        ordered = sorted(cards, reverse=True)
        cards = next(five for five in itertools.combinations(ordered, 5) if _value(five) == value)
    grouped = _grouped(cards)
    if value >> CATEGORY_SHIFT in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and grouped[0].rank == 12:
        if grouped[1].rank == 3:  # the wheel: the ace plays low
            grouped = grouped[1:] + grouped[:1]
    return tuple(grouped)


def _words(ranks: list[int], singular: str) -> str:
    if not ranks:
        return ""
    names = "-".join(CARDS[4 * rank].rank.word for rank in ranks)
    return f", {names} {singular}{'s' if len(ranks) > 1 else ''}"


def describe(category: Category, ranks: list[int]) -> str:
    """Words for a hand from its category and its best cards' ranks (grouped, highest first).

    >>> describe(Category.STRAIGHT, [3, 2, 1, 0, 12])
    'Straight, Five high'
    """
    name = str(category)
    word = [CARDS[4 * rank].rank.word for rank in ranks]
    plural = [CARDS[4 * rank].rank.plural for rank in ranks]
    if category == Category.STRAIGHT_FLUSH and ranks[0] == 12:
        return "Royal Flush"
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return f"{name}, {word[0]} high"
    if category in (Category.HIGH_CARD, Category.FLUSH):
        return f"{name}, {'-'.join(word)}"
    if category == Category.FULL_HOUSE:
        return f"{name}, {plural[0]} full of {plural[3]}"
    if category == Category.FOUR_OF_A_KIND:
        return f"{name}, {plural[0]}{_words(ranks[4:], 'kicker')}"
    if category == Category.THREE_OF_A_KIND:
        return f"{name}, {plural[0]}{_words(ranks[3:], 'kicker')}"
    if category == Category.TWO_PAIR:
        return f"{name}, {plural[0]} and {plural[2]}{_words(ranks[4:], 'kicker')}"
    return f"{name}, {plural[0]}{_words(ranks[2:], 'kicker')}"


def evaluate(cards: CardsLike) -> HandRank:
    """Evaluate a hand of 1 to 7 cards: the best five of them, or a partial hand below five.

    >>> evaluate("As Ks Qs Js Ts 2d 3c").description
    'Royal Flush'
    >>> evaluate("5d 4c 3h 2s Ah").description
    'Straight, Five high'
    >>> evaluate(["Ah", "Ad"]).description
    'One Pair, Aces'
    """
    rank = _fast_rank(cards)
    if type(rank) is HandRank:
        return rank  # type: ignore[return-value]
    # Not a tuple or list of Cards (text, ids, ...), a repeated card or a bad size.
    cards = parse_cards(cards, allow_duplicates=True)
    rank = _fast_rank(cards)
    if rank == REPEATED_CARD:
        parse_cards(cards)  # raises DuplicateCardError naming the card
    if type(rank) is not HandRank:
        raise HandSizeError(f"a hand has 1 to 7 cards, got {len(cards)}")
    return rank  # type: ignore[return-value]


NOT_CARDS, REPEATED_CARD, BAD_SIZE = -1, -2, -3


def _python_hand_value(cards: Any) -> int:
    """The value of a tuple or list of 1..7 distinct Cards, or a negative code (see _single.c)."""
    if type(cards) is not tuple and type(cards) is not list:
        return NOT_CARDS
    if not 0 < len(cards) <= 7:
        return BAD_SIZE
    total = KEY_INIT
    try:
        for card in cards:
            total += _KEY_OF[card]
    except (KeyError, TypeError):
        return NOT_CARDS
    if (total >> _CARD_BIT_SHIFT).bit_count() != len(cards):
        return REPEATED_CARD
    return _value_of_key(total & _KEY_BITS, cards)


def _python_rank(cards: Any) -> Any:
    """A new HandRank for a tuple or list of 1..7 distinct Cards, or a negative code."""
    value = _python_hand_value(cards)
    return value if value < 0 else HandRank(value, tuple(cards))


def _c_functions() -> tuple[Optional[Callable[[Any], int]], Optional[Callable[[Any], Any]]]:
    """The C extension's ``value`` and ``rank`` set up with the tables (the bit layout it reads
    from :mod:`showdown.tables.layout` itself), or Nones on the pure-Python path."""
    if _single is None:
        return None, None
    _single.setup(CARDS, _TABLES)
    _single.set_rank_type(HandRank)
    return _single.value, _single.rank


_c_hand_value, _c_rank = _c_functions()
_hand_value: Callable[[Any], int] = _c_hand_value or _python_hand_value
_fast_rank: Callable[[Any], Any] = _c_rank or _python_rank


def _as_id_array(ids: Any) -> np.ndarray:
    try:
        array = np.asarray(ids)
    except ValueError as error:  # ragged rows
        raise HandSizeError(f"card ids must form an (N, k) array: {error}") from None
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise ShowdownError(f"card ids must be an integer array, got dtype {array.dtype}")
    if array.ndim != 2 or not 1 <= array.shape[1] <= 7:
        raise HandSizeError(f"expected an (N, k) array of card ids with k in 1..7, got shape {array.shape}")
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return np.ascontiguousarray(array)


def _first_bad_row(ids: np.ndarray) -> ShowdownError:
    too_low = (ids < 0) if np.issubdtype(ids.dtype, np.signedinteger) else np.zeros(ids.shape, dtype=bool)
    out_of_range = np.asarray((too_low | (ids > 51)).any(axis=1))
    ordered = np.sort(ids, axis=1)
    repeated = np.asarray((np.diff(ordered, axis=1) == 0).any(axis=1))
    row = int(np.flatnonzero(out_of_range | repeated)[0])
    values = ids[row].tolist()
    if out_of_range[row]:
        bad = next(v for v in values if not 0 <= v <= 51)
        return CardParseError(f"row {row}: card id {bad} is out of range 0..51 (row {values})")
    repeated_id = next(v for i, v in enumerate(values) if v in values[:i])
    return DuplicateCardError(f"row {row}: card {CARDS[repeated_id]} appears more than once (row {values})")


def evaluate_many(
    ids: Any, n_jobs: Optional[int] = None, *, out: Optional[np.ndarray] = None, check: bool = True
) -> np.ndarray:
    """Evaluate an (N, k) array of card ids (k = 5, 6 or 7; 1..4 for partial hands) in bulk.

    Returns an int32 array of N hand values. ``n_jobs`` threads (default: all numba threads).
    Any integer dtype works; ``uint8`` is the fastest. A row with an id outside 0..51 or a
    repeated card raises an error naming the first such row. ``out``, a C-contiguous int32
    array of length N, receives the values instead of a new array (saves the allocation when
    evaluating batch after batch). ``check=False`` skips the duplicate and range check for
    rows known to be valid (such as rows showdown dealt itself): about 15% faster, and a bad id
    still reads nothing out of bounds, but a bad row's value is then meaningless.

    >>> evaluate_many([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]]).tolist()
    [32777, 28673]
    """
    from showdown._kernels import evaluator as kernel
    from showdown.parallel.threads import numba_threads, thread_count

    array = _as_id_array(ids)
    if out is None:
        out = np.empty(len(array), dtype=np.int32)
    elif not (
        isinstance(out, np.ndarray) and out.dtype == np.int32 and out.shape == (len(array),)
        and out.flags.c_contiguous and out.flags.writeable
    ):
        raise ShowdownError(f"out must be a writable C-contiguous int32 array of shape ({len(array)},)")
    workers = thread_count(n_jobs, len(array))
    check = bool(check)
    if workers == 1:
        bad = kernel._evaluate_rows_any(array, out, check)
    else:
        with numba_threads(workers):
            bad = kernel._evaluate_rows_parallel(array, out, 8 * workers, check)
    if bad:
        raise _first_bad_row(array)
    return out


@dataclass(frozen=True)
class Census:
    """Exhaustive counts over every hand of ``n_cards`` cards, by category."""

    n_cards: int
    counts: dict[Category, int]
    distinct: dict[Category, int]

    @property
    def total(self) -> int:
        """All hands counted: C(52, n_cards)."""
        return sum(self.counts.values())

    @property
    def distinct_total(self) -> int:
        """Distinct hand values among them (7462 for five cards)."""
        return sum(self.distinct.values())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the totals and one entry per category, weakest first."""
        return {
            "n_cards": self.n_cards,
            "total": self.total,
            "distinct_total": self.distinct_total,
            "categories": [{**c.to_dict(), "count": self.counts[c], "distinct": self.distinct[c]} for c in Category],
        }

    def __str__(self) -> str:
        lines = [f"{self.n_cards}-card hands: {self.total:,} ({self.distinct_total:,} distinct values)"]
        lines += [f"  {str(c):<16}{self.counts[c]:>14,}{self.distinct[c]:>7,}" for c in Category]
        return "\n".join(lines)


def census(n_cards: int = 7) -> Census:
    """Evaluate every hand of ``n_cards`` (1..7) cards and count them by category.

    >>> census(5).counts[Category.STRAIGHT_FLUSH]
    40
    """
    from showdown._kernels import evaluator as kernel

    if not 1 <= n_cards <= 7:
        raise HandSizeError(f"a hand has 1 to 7 cards, got {n_cards}")
    histogram = kernel._value_histogram_7() if n_cards == 7 else kernel._value_histogram(n_cards)
    per_category = histogram.reshape(9, 1 << CATEGORY_SHIFT)
    return Census(
        n_cards=n_cards,
        counts={c: int(per_category[c].sum()) for c in Category},
        distinct={c: int(np.count_nonzero(per_category[c])) for c in Category},
    )
