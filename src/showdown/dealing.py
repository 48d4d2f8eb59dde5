"""Every (or random) n-card hand that contains some cards and avoids others.

>>> sum(1 for _ in hands(5, shared="As Ks Qs Js"))
48
>>> from showdown import CARDS
>>> next(hands(2, dead=[card for card in CARDS if card.rank < 12]))
(Card('Ac'), Card('Ad'))
>>> [str(card) for card in next(random_hands(3, shared="Ah", seed=1))][0]
'Ah'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Optional

from showdown.cards import Card, CardsLike, parse_cards
from showdown.errors import DuplicateCardError, HandSizeError, ShowdownError
from showdown.games import GameLike, check_in_deck, resolve_game
from showdown.quantities import as_whole, random_seed, shown


def _pool(n: int, shared: CardsLike, dead: CardsLike, game: GameLike) -> tuple[tuple[Card, ...], list[Card]]:
    whole = as_whole(n)
    if whole is None or n < 0:
        raise ShowdownError(f"n must be a whole number of cards, got {shown(n)}")
    n = whole
    rules = resolve_game(game)
    fixed = parse_cards(shared)
    check_in_deck(fixed, rules, " among the shared cards")
    excluded = parse_cards(dead)
    for card in fixed:
        if card in excluded:
            raise DuplicateCardError(f"card {card} is both shared and dead")
    if len(fixed) > n:
        raise HandSizeError(f"{len(fixed)} shared cards do not fit in a hand of {n}")
    rest = [card for card in rules.deck if card not in fixed and card not in excluded]
    if n - len(fixed) > len(rest):
        raise HandSizeError(f"a hand of {n} needs {n - len(fixed)} more cards but only {len(rest)} are left")
    return fixed, rest


def hands(
    n: int, shared: CardsLike = "", dead: CardsLike = "", *, game: GameLike = "holdem"
) -> Iterator[tuple[Card, ...]]:
    """Every ``n``-card hand of the game's deck holding all of ``shared`` and none of ``dead``:
    the shared cards first, then the others in card-id order (C(left, n - shared) hands).

    >>> sum(1 for _ in hands(4, game="omaha")), sum(1 for _ in hands(2, game="short-deck"))
    (270725, 630)

    Raises:
        ShowdownError: ``n`` is not a whole number of cards. Like the errors below, it is raised when the first hand
            is asked for (``next``), not by the call.
        CardParseError: a token of ``shared`` or ``dead`` is not a card.
        DuplicateCardError: a card is both shared and dead, or named twice.
        HandSizeError: more shared cards than ``n``, or too few cards left to fill a hand.
        GameError: an unknown game, or a shared card the short deck does not have.
    """
    fixed, rest = _pool(n, shared, dead, game)
    for others in itertools.combinations(rest, n - len(fixed)):
        yield fixed + others


def random_hands(
    n: int, shared: CardsLike = "", dead: CardsLike = "", seed: Optional[int] = None, *, game: GameLike = "holdem"
) -> Iterator[tuple[Card, ...]]:
    """Endless uniformly random ``n``-card hands of the game's deck holding ``shared`` and
    avoiding ``dead``, reproducible from ``seed``: the shared cards first, then the random ones.

    >>> min(card.rank for card in next(random_hands(7, seed=3, game="short-deck"))) >= 4
    True

    Raises:
        ShowdownError: ``n`` is not a whole number of cards, or ``seed`` is not a whole number from 0 to ``2**64 -
            1``. Like the errors below, it is raised when the first hand is asked for (``next``), not by the call.
        CardParseError: a token of ``shared`` or ``dead`` is not a card.
        DuplicateCardError: a card is both shared and dead, or named twice.
        HandSizeError: more shared cards than ``n``, or too few cards left to fill a hand.
        GameError: an unknown game, or a shared card the short deck does not have.
    """
    fixed, rest = _pool(n, shared, dead, game)
    rng = random.Random(random_seed(seed))
    while True:
        yield fixed + tuple(rng.sample(rest, n - len(fixed)))
