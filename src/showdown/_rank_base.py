"""The pure-Python base of HandRank, used when the C extension ``showdown._single`` is not built.

It behaves like ``showdown._single.RankBase``: a value and a tuple of cards, compared and
hashed by value.
"""

from __future__ import annotations

from typing import Any


class RankBase:
    """A hand value and its cards, compared and hashed by value."""

    __slots__ = ("value", "cards", "_best_five")

    def __init__(self, value: int, cards: tuple) -> None:
        if not isinstance(cards, tuple):
            raise TypeError("cards must be a tuple")
        self.value = int(value)
        self.cards = cards

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, RankBase):
            return self.value == other.value
        return NotImplemented

    def __ne__(self, other: Any) -> bool:
        if isinstance(other, RankBase):
            return self.value != other.value
        return NotImplemented

    def __lt__(self, other: Any) -> bool:
        if isinstance(other, RankBase):
            return self.value < other.value
        return NotImplemented

    def __le__(self, other: Any) -> bool:
        if isinstance(other, RankBase):
            return self.value <= other.value
        return NotImplemented

    def __gt__(self, other: Any) -> bool:
        if isinstance(other, RankBase):
            return self.value > other.value
        return NotImplemented

    def __ge__(self, other: Any) -> bool:
        if isinstance(other, RankBase):
            return self.value >= other.value
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)
