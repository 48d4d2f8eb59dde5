"""Every hold of a five-card deal with its exact expected payout.

>>> best = best_hold("As Ks Qs Js 4s")
>>> [str(card) for card in best.held], best.ev
(['As', 'Ks', 'Qs', 'Js'], Fraction(866, 47))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from showdown.cards import Card, CardsLike, format_cards, parse_cards
from showdown.errors import HandSizeError
from showdown.quantities import brief_repr
from showdown.videopoker._counts import common_draws, draw_scale, hold_counts
from showdown.videopoker.final_hands import HandClass, Wild
from showdown.videopoker.paytable import DEFAULT_PAYTABLE, Paytable, PaytableLike, as_paytable


@dataclass(frozen=True)
class Hold:
    """One way to play a deal: the cards ``held`` (in deal order), and what it is worth.

    ``ev`` is the exact expected payout per coin bet (1 means the bet comes back), ``ev_float``
    the same as a float and ``ev_per_bet`` the expected payout in coins for the whole bet.
    ``counts[c]`` of the ``draws`` equally likely draws end in ``HandClass`` c. ``rank`` is 1
    plus the number of holds worth strictly more; ``tied_with`` lists the other holds worth
    exactly as much. ``positions`` are the held cards' places in the deal as indices from 0
    (``deal[p]``), here and in :meth:`to_dict`; only text for a player counts from 1 (the
    command line's tables, the page, and :func:`parse_hold` reading "1 3 4").
    """

    held: tuple[Card, ...]
    discarded: tuple[Card, ...]
    positions: tuple[int, ...]
    ev: Fraction
    coins: int
    counts: tuple[int, ...]
    draws: int
    paytable: Paytable = field(repr=False)
    rank: int = 1
    tied_with: tuple[tuple[Card, ...], ...] = ()

    def __repr__(self) -> str:
        return brief_repr(self, "held", "discarded", "positions", "ev", "coins", "rank")

    @property
    def ev_float(self) -> float:
        """``ev`` as a float."""
        return float(self.ev)

    @property
    def ev_per_bet(self) -> Fraction:
        """The expected payout in coins for the whole bet of ``coins`` coins."""
        return self.ev * self.coins

    @property
    def class_probabilities(self) -> dict[HandClass, Fraction]:
        """The probability of each final hand class (zeros left out)."""
        return {hand: Fraction(count, self.draws) for hand, count in zip(HandClass, self.counts, strict=True) if count}

    @property
    def probabilities(self) -> dict[str, Fraction]:
        """The probability of each paying line of the pay table, keyed by its label.

        >>> best_hold("Ah Kh Qh Jh Th").probabilities
        {'Royal Flush': Fraction(1, 1)}
        """
        result = {}
        for row in self.paytable.rows:
            count = sum(self.counts[hand] for hand in row.classes)
            if row.pay and count:
                result[row.label] = Fraction(count, self.draws)
        return result

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; numbers as floats, exact fractions beside them as ``'p/q'`` text
        (``ev`` and ``ev_exact``); ``positions`` count from 0, as :attr:`positions` does.

        >>> best_hold("As Ks Kh 4s 4d").to_dict()["positions"]
        [1, 2, 3, 4]
        """
        probabilities = []
        for row in self.paytable.rows:
            count = sum(self.counts[hand] for hand in row.classes)
            if row.pay and count:
                probability = Fraction(count, self.draws)
                probabilities.append(
                    {**row.to_dict(), "probability": float(probability), "probability_exact": str(probability)}
                )
        return {
            "held": [str(card) for card in self.held],
            "discarded": [str(card) for card in self.discarded],
            "positions": list(self.positions),
            "ev": self.ev_float,
            "ev_exact": str(self.ev),
            "ev_per_bet": float(self.ev_per_bet),
            "coins": self.coins,
            "rank": self.rank,
            "tied_with": [[str(card) for card in cards] for cards in self.tied_with],
            "draws": self.draws,
            "probabilities": probabilities,
        }

    def __str__(self) -> str:
        held = format_cards(self.held) if self.held else "(draw five)"
        tie = f", tied with {len(self.tied_with)}" if self.tied_with else ""
        return f"hold {held}: EV {float(self.ev):.6f} per coin ({float(self.ev_per_bet):.4f} per bet{tie})"


def parse_deal(deal: CardsLike, paytable: PaytableLike = DEFAULT_PAYTABLE) -> tuple[Card, ...]:
    """Five distinct cards of the game's deck (the joker, ``Jk``, only in joker games), or an
    error naming what is wrong with them.

    >>> parse_deal("Jk As Kd 7h 2c", "joker-poker-kings")[0].name
    'Joker'

    Raises:
        PaytableError: an unknown pay table.
        CardParseError: a token is not a card (the joker only in joker games).
        DuplicateCardError: a card appears twice.
        HandSizeError: not 5 cards.
    """
    cards = parse_cards(deal, joker=as_paytable(paytable).wild == "joker")
    if len(cards) != 5:
        shown = f" ({format_cards(cards)})" if cards else ""
        raise HandSizeError(f"a video poker deal has 5 cards, got {len(cards)}{shown}")
    return cards


def class_counts(columns: np.ndarray, game: Wild) -> tuple[int, ...]:
    """A kernel row of counts by the game's columns as a tuple indexed by ``HandClass``."""
    counts = [0] * len(HandClass)
    for column, hand in enumerate(game.classes):
        counts[hand] = int(columns[column])
    return tuple(counts)


def _order_key(hold: int) -> tuple[int, list[int]]:
    """Ties in EV are listed fewer cards held first, then by the held cards' positions."""
    return bin(hold).count("1"), [i for i in range(5) if hold >> i & 1]


_HOLDS_IN_ORDER = sorted(range(32), key=_order_key)


class Holds(list[Hold]):
    """The 32 holds of a deal, best first (a list), with the deal, pay table and bet they are for."""

    def __init__(self, holds: list[Hold], deal: tuple[Card, ...], paytable: Paytable, coins: int) -> None:
        super().__init__(holds)
        self.deal = deal
        self.paytable = paytable
        self.coins = coins

    def __repr__(self) -> str:
        return f"{brief_repr(self, 'deal', 'paytable', 'coins')[:-1]}, holds={len(self)})"

    def __str__(self) -> str:
        """The table, the deal and the 32 holds, a line each, best first.

        >>> print(holds("As Ks Qs Js 2d"))  # doctest: +ELLIPSIS
        Jacks or Better 9/6, 5 coins, As Ks Qs Js 2d: 32 holds, best first
         1. hold As Ks Qs Js: EV 18.553191 per coin (92.7660 per bet)
         2. hold Ks Qs Js: EV 0.734505 per coin (3.6725 per bet)
        ...
        32. hold As Ks Qs Js 2d: EV 0.000000 per coin (0.0000 per bet)
        """
        lines = [f"{self.paytable.title}, {self.coins} coin{'s' * (self.coins != 1)}, {format_cards(self.deal)}:"
                 f" {len(self)} holds, best first"]
        lines += [f"{number:>2}. {hold}" for number, hold in enumerate(self, 1)]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the deal, the pay table, the coins and every hold's dict."""
        return {
            "deal": [str(card) for card in self.deal],
            "paytable": self.paytable.to_dict(),
            "coins": self.coins,
            "holds": [hold.to_dict() for hold in self],
        }


def holds(deal: CardsLike, paytable: PaytableLike = DEFAULT_PAYTABLE, coins: int = 5) -> Holds:
    """All 32 holds of a five-card deal, best first, with exact EVs.

    Holds of equal EV keep a fixed order (fewer cards held first, then by position in the deal)
    and each lists the others in ``tied_with``.

    >>> ranked = holds("As Ks Kh 4s 4d")
    >>> [(format_cards(h.held), round(h.ev_float, 4)) for h in ranked[:3]]
    [('Ks Kh 4s 4d', 2.5957), ('As Ks Kh 4s 4d', 2.0), ('Ks Kh', 1.5405)]
    >>> len(ranked), [hold.rank for hold in ranked[3:6]], format_cards(ranked[4].tied_with[0])
    (32, [4, 5, 5], 'Ks Kh 4d')

    Raises:
        PaytableError: an unknown pay table.
        VideoPokerError: ``coins`` is not a whole number from 1 to the table's ``max_coins``.
        CardParseError: a token is not a card (the joker only in joker games).
        DuplicateCardError: a card appears twice.
        HandSizeError: not 5 cards.
    """
    table = as_paytable(paytable)
    cards = parse_deal(deal, table)
    game = table.wild_rule
    coins = table.check_coins(coins)
    pays = table.class_pays(coins)
    order = sorted(range(5), key=lambda i: cards[i].id)  # sorted position -> deal position
    counts = hold_counts(game.rule, np.array([cards[i].id for i in order], dtype=np.uint8))
    scales = draw_scale(game.cards_left)
    rows: dict[int, tuple[int, ...]] = {}
    value: dict[int, int] = {}  # EV times common_draws: exact integers, cheap to compare
    for sorted_hold in range(32):
        hold = sum(1 << order[i] for i in range(5) if sorted_hold >> i & 1)
        rows[hold] = class_counts(counts[sorted_hold], game)
        scale = int(scales[5 - bin(hold).count("1")])
        value[hold] = sum(n * pay for n, pay in zip(rows[hold], pays, strict=True)) * scale
    ranked = sorted(_HOLDS_IN_ORDER, key=lambda hold: -value[hold])
    held_cards = {hold: tuple(cards[i] for i in range(5) if hold >> i & 1) for hold in ranked}
    first_at: dict[int, int] = {}
    tied: dict[int, list[int]] = {}
    for place, hold in enumerate(ranked):
        first_at.setdefault(value[hold], place + 1)
        tied.setdefault(value[hold], []).append(hold)
    return Holds(
        [
            Hold(
                held=held_cards[hold],
                discarded=tuple(cards[i] for i in range(5) if not hold >> i & 1),
                positions=tuple(i for i in range(5) if hold >> i & 1),
                ev=Fraction(value[hold], common_draws(game.cards_left)),
                coins=coins,
                counts=rows[hold],
                draws=comb(game.cards_left, 5 - len(held_cards[hold])),
                paytable=table,
                rank=first_at[value[hold]],
                tied_with=tuple(held_cards[other] for other in tied[value[hold]] if other != hold),
            )
            for hold in ranked
        ],
        cards,
        table,
        coins,
    )


def best_hold(deal: CardsLike, paytable: PaytableLike = DEFAULT_PAYTABLE, coins: int = 5) -> Hold:
    """The best hold of a deal (the first of :func:`holds`); ``tied_with`` names any hold that
    is worth exactly as much.

    >>> best = best_hold("Ah Kd Qc 7s 2h")
    >>> format_cards(best.held), best.tied_with
    ('Kd Qc', ())

    Raises:
        PaytableError: an unknown pay table.
        VideoPokerError: ``coins`` is not a whole number from 1 to the table's ``max_coins``.
        CardParseError: a token is not a card (the joker only in joker games).
        DuplicateCardError: a card appears twice.
        HandSizeError: not 5 cards.
    """
    return holds(deal, paytable, coins)[0]
