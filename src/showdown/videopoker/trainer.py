"""A video poker trainer: deal, hold, draw, pay, and what the hold gave up against the best one,
in the words of the pay table's strategy list.

>>> trainer = Trainer(seed=7)
>>> deal = trainer.deal()
>>> played = trainer.play(parse_hold("none", deal))
>>> played.hands, len(played.final), trainer.hands_played
(1, 5, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

from showdown.cards import CARDS, JOKER, Card, Deck, format_cards, parse_cards
from showdown.errors import CardParseError, HoldParseError, VideoPokerError
from showdown.quantities import brief_repr, random_seed, shown
from showdown.videopoker.final_hands import HandClass, hand_class
from showdown.videopoker.holding import Hold, holds
from showdown.videopoker.paytable import DEFAULT_PAYTABLE, PaytableLike, as_paytable
from showdown.videopoker.strategy_lists import Strategy, checked_positions, describe_hold, strategy

_DISCARD_ALL = {"none", "-", "0", "draw", "discard"}
_HOLD_ALL = {"all", "*", "stand", "pat"}


def parse_hold(text: str, deal: tuple[Card, ...]) -> tuple[int, ...]:
    """The positions (0 to 4) of the deal's cards to hold, from the player's text.

    Positions count from 1 (``"1 3 4"`` or ``"134"``), cards are in the usual notation
    (``"As Ks"``), ``none`` or ``-`` holds nothing and ``all`` holds everything.

    >>> deal = parse_cards("As Ks Kh 4s 4d")
    >>> parse_hold("2 3", deal), parse_hold("Ks Kh 4s 4d", deal), parse_hold("none", deal)
    ((1, 2), (1, 2, 3, 4), ())
    >>> parse_hold("6", deal)
    Traceback (most recent call last):
    showdown.errors.HoldParseError: position 6 is not one of 1 to 5

    Raises:
        HoldParseError: text that is not text or is empty, a position that is not 1 to 5 or is given twice, or a card
            that is not one or is not in the deal.
        VideoPokerError: ``deal`` is not five cards.
        CardParseError: a token of ``deal`` is not a card.
    """
    if not isinstance(text, str):
        raise HoldParseError(f"a hold is text (positions such as 1 3 4, cards, none or all), got {shown(text)}")
    deal = parse_cards(deal, joker=True)
    if len(deal) != 5:
        raise VideoPokerError(f"a deal is five cards, got {len(deal)}")
    words = text.strip().lower()
    if words in _DISCARD_ALL:
        return ()
    if words in _HOLD_ALL:
        return tuple(range(5))
    if not words:
        raise HoldParseError("say which cards to hold: positions (1 3 4), cards (As Ks), none or all")
    squeezed = words.replace(",", " ").replace(" ", "")
    if squeezed.isdigit():
        positions = []
        for digit in squeezed:
            if not "1" <= digit <= "5":
                raise HoldParseError(f"position {digit} is not one of 1 to 5")
            if int(digit) - 1 in positions:
                raise HoldParseError(f"position {digit} is given twice")
            positions.append(int(digit) - 1)
        return tuple(sorted(positions))
    try:
        cards = parse_cards(text, joker=True)
    except CardParseError as error:
        raise HoldParseError(f"{error} (or give positions 1 to 5, none or all)") from None
    for card in cards:
        if card not in deal:
            raise HoldParseError(f"card {card} is not in the deal {format_cards(deal)}")
    return tuple(i for i, card in enumerate(deal) if card in cards)


@dataclass(frozen=True)
class LineRef:
    """The line of the strategy list a hold follows: its place in the list (from 1; None when
    the list has no line for the hold) and its words."""

    number: Optional[int]
    words: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``number`` (null when off the list) and ``words``."""
        return {"number": self.number, "words": self.words}

    def __str__(self) -> str:
        return self.words if self.number is None else f"line {self.number}: {self.words}"


@dataclass(frozen=True)
class LineTally:
    """The mistakes made on deals whose best hold follows one line of the list, and the EV they
    gave up (per coin bet, summed)."""

    line: LineRef
    mistakes: int
    ev_lost: Fraction

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the tally."""
        return {**self.line.to_dict(), "mistakes": self.mistakes, "ev_lost": float(self.ev_lost)}


@dataclass(frozen=True)
class Advice:
    """A hold judged before the draw: the hold, the best one, the EV per coin the hold gives up
    (0 when it is a best hold) and the lines of the strategy list both follow.

    >>> trainer = Trainer(seed=7)
    >>> format_cards(trainer.deal())
    '6d 7h 2d Jh Ad'
    >>> print(trainer.advise(()))
    drawing five (line 24: Draw five new cards) gives up 0.1534 a coin against Jh Ad (line 20: Unsuited AK, AQ, AJ, KJ)
    >>> trainer.advise((3, 4)).mistake
    False
    """

    deal: tuple[Card, ...]
    hold: Hold
    best: Hold
    ev_lost: Fraction
    hold_line: LineRef
    best_line: LineRef

    def __repr__(self) -> str:
        return brief_repr(self, "deal", "hold", "best", "ev_lost")

    @property
    def mistake(self) -> bool:
        """True when the hold is worth less than the best hold."""
        return self.ev_lost > 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: both holds (:meth:`Hold.to_dict`), their lines, the EV given up."""
        return {
            "deal": [str(card) for card in self.deal],
            "hold": self.hold.to_dict(),
            "best": self.best.to_dict(),
            "hold_line": self.hold_line.to_dict(),
            "best_line": self.best_line.to_dict(),
            "ev_lost": float(self.ev_lost),
            "ev_lost_exact": str(self.ev_lost),
            "ev_lost_per_bet": float(self.ev_lost * self.hold.coins),
            "mistake": self.mistake,
        }

    def __str__(self) -> str:
        best = f"{_held_text(self.best)} ({self.best_line})"
        if not self.mistake:
            return f"{_held_text(self.hold)} is a best hold ({self.hold_line}), EV {float(self.hold.ev):.4f} a coin"
        return (f"{_held_text(self.hold)} ({self.hold_line}) gives up {float(self.ev_lost):.4f} a coin "
                f"against {best}")


def _held_text(hold: Hold) -> str:
    return format_cards(hold.held) if hold.held else "drawing five"


@dataclass(frozen=True)
class Played:
    """One hand of the trainer: the deal, the hold chosen and the best one, the draw, the final
    hand and the payout (coins for the whole bet); ``ev_lost`` is what the chosen hold gave up
    per coin bet (0 when it was a best hold), ``hold_line`` and ``best_line`` the lines of the
    strategy list the two holds follow, and the tallies run over every hand so far
    (``by_line``: the mistakes grouped by the best hold's line, most EV lost first). The held
    cards keep their places in ``final``, the drawn cards fill the others in the order they
    were drawn, as on a machine.

    >>> trainer = Trainer(seed=3)
    >>> deal = trainer.deal()
    >>> played = trainer.play((0, 2))
    >>> (played.final[0], played.final[2]) == (deal[0], deal[2])
    True
    """

    deal: tuple[Card, ...]
    hold: Hold
    best: Hold
    final: tuple[Card, ...]
    hand: HandClass
    payout: int
    ev_lost: Fraction
    hands: int
    mistakes: int
    total_ev_lost: Fraction
    total_bet: int
    total_won: int
    hold_line: LineRef
    best_line: LineRef
    by_line: tuple[LineTally, ...]

    def __repr__(self) -> str:
        return brief_repr(self, "deal", "hold", "final", "hand", "payout", "ev_lost")

    def __str__(self) -> str:
        """Three lines: the hand as it went, how the hold compares with the best, the tally.

        >>> trainer = Trainer(seed=3)
        >>> _ = trainer.deal()
        >>> print(trainer.play((0, 2)))  # doctest: +ELLIPSIS
        Dealt ..., held ..., final ...: ..., pays ... coins.
        ...
        1 hand, ... mistake..., ... coins EV given up a coin bet.
        """
        verdict = Advice(self.deal, self.hold, self.best, self.ev_lost, self.hold_line, self.best_line)
        return "\n".join([
            f"Dealt {format_cards(self.deal)}, held {format_cards(self.hold.held) or 'nothing'}, final"
            f" {format_cards(self.final)}: {self.hand}, pays {self.payout} coin{'s' * (self.payout != 1)}.",
            f"{str(verdict)[0].upper()}{str(verdict)[1:]}.",
            f"{self.hands} hand{'s' * (self.hands != 1)}, {self.mistakes} mistake{'s' * (self.mistakes != 1)},"
            f" {float(self.total_ev_lost):.4f} coins EV given up a coin bet.",
        ])

    @property
    def mistake(self) -> bool:
        """True when the hold was worth less than the best hold."""
        return self.ev_lost > 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the cards (``final_kept``: the positions in ``final`` that were
        held, counting from 0 like ``hold.positions``), the final hand's class and the pay table
        row that pays it, the payout, the hold played and the best one (:meth:`Hold.to_dict`),
        what the hold gave up (per coin and per bet), the lines of both holds, and the running
        tally with the mistakes by line."""
        hold = self.hold.to_dict()
        return {
            "deal": [str(card) for card in self.deal],
            "held": hold["held"],
            "final": [str(card) for card in self.final],
            "final_kept": hold["positions"],  # the held cards keep their places
            **self.hand.to_dict(),
            "row": self.hold.paytable.row_for(self.hand).to_dict(),
            "payout": self.payout,
            "hold": hold,
            "best": self.best.to_dict(),
            "ev_lost": float(self.ev_lost),
            "ev_lost_exact": str(self.ev_lost),
            "ev_lost_per_bet": float(self.ev_lost * self.hold.coins),
            "mistake": self.mistake,
            "hands": self.hands,
            "mistakes": self.mistakes,
            "total_ev_lost": float(self.total_ev_lost),
            "total_bet": self.total_bet,
            "total_won": self.total_won,
            "hold_line": self.hold_line.to_dict(),
            "best_line": self.best_line.to_dict(),
            "by_line": [tally.to_dict() for tally in self.by_line],
        }


class Trainer:
    """Deals hands one at a time from a seeded shuffle and scores the player's holds.

    ``deal()`` deals five cards; ``advise(positions)`` judges a hold before the draw (a tutor's
    warning); ``play(positions)`` holds those positions, draws, pays and keeps the running
    tally of mistakes and EV lost (per coin bet, summed over hands), by line of the pay
    table's strategy list (:func:`~showdown.videopoker.strategy`, derived on first use).

    Raises:
        PaytableError: an unknown pay table.
        VideoPokerError: ``coins`` is not a whole number from 1 to the table's ``max_coins``, or ``seed`` is not a
            whole number from 0 to ``2**64 - 1``.
    """

    def __init__(
        self, paytable: PaytableLike = DEFAULT_PAYTABLE, coins: int = 5, seed: Optional[int] = None
    ) -> None:
        self.paytable = as_paytable(paytable)
        self.coins = self.paytable.check_coins(coins)
        self._random = random.Random(random_seed(seed, error=VideoPokerError))
        self._deck: Optional[Deck] = None
        self._deal: tuple[Card, ...] = ()
        self.hands_played = 0
        self.mistakes = 0
        self.total_ev_lost = Fraction(0)
        self.total_bet = 0
        self.total_won = 0
        self._by_line: dict[tuple[Optional[int], str], list[Any]] = {}

    @property
    def strategy(self) -> Strategy:
        """The strategy list the trainer names lines from (derived once per table and bet)."""
        return strategy(self.paytable, self.coins)

    @property
    def by_line(self) -> tuple[LineTally, ...]:
        """The mistakes so far grouped by the line the best hold followed, most EV lost first."""
        tallies = [LineTally(LineRef(*key), count, lost) for key, (count, lost) in self._by_line.items()]
        return tuple(sorted(tallies, key=lambda tally: (-tally.ev_lost, -tally.mistakes, tally.line.words)))

    def _line(self, positions: tuple[int, ...]) -> LineRef:
        line = self.strategy.line_for(self._deal, positions)
        if line is not None:
            return LineRef(line.number, line.words)
        return LineRef(None, describe_hold(self._deal, positions, self.paytable))

    def advise(self, positions: tuple[int, ...]) -> Advice:
        """Judge holding the cards at ``positions`` (0 to 4) of the last deal, before the draw:
        the best hold, the EV given up and the lines of the strategy list both follow.

        Raises:
            VideoPokerError: no deal to judge (call :meth:`deal` first), or a position is not 0 to 4 or
                is given twice.
        """
        if self._deck is None:
            raise VideoPokerError("deal before playing a hold")
        kept = set(checked_positions(positions))
        ranked = holds(self._deal, self.paytable, self.coins)
        held = tuple(self._deal[i] for i in sorted(kept))
        chosen = next(hold for hold in ranked if hold.held == held)
        best = ranked[0]
        if chosen.ev == best.ev:  # a tied hold is a best hold: name its own line
            best = chosen
        return Advice(self._deal, chosen, best, best.ev - chosen.ev, self._line(chosen.positions),
                      self._line(best.positions))

    def deal(self) -> tuple[Card, ...]:
        """Shuffle and deal five cards."""
        cards = CARDS + (JOKER,) if self.paytable.wild == "joker" else CARDS
        self._deck = Deck(seed=self._random.getrandbits(64), cards=cards)
        self._deal = self._deck.deal(5)
        return self._deal

    def play(self, positions: tuple[int, ...]) -> Played:
        """Hold the cards at ``positions`` (0 to 4) of the last deal, draw and score the hand.

        Raises:
            VideoPokerError: no deal to play (call :meth:`deal` first), or a position is not 0 to 4 or
                is given twice.
        """
        advice = self.advise(positions)
        kept = set(checked_positions(positions))
        assert self._deck is not None  # advise checked it
        drawn = iter(self._deck.deal(5 - len(kept)))
        final = tuple(card if i in kept else next(drawn) for i, card in enumerate(self._deal))
        hand = hand_class(final, self.paytable.wild)
        payout = self.paytable.class_pays(self.coins)[hand] * self.coins
        lost = advice.ev_lost
        self._deck = None
        self.hands_played += 1
        self.mistakes += lost > 0
        self.total_ev_lost += lost
        self.total_bet += self.coins
        self.total_won += payout
        if lost > 0:
            tally = self._by_line.setdefault((advice.best_line.number, advice.best_line.words), [0, Fraction(0)])
            tally[0] += 1
            tally[1] += lost
        return Played(
            self._deal,
            advice.hold,
            advice.best,
            final,
            hand,
            payout,
            lost,
            self.hands_played,
            self.mistakes,
            self.total_ev_lost,
            self.total_bet,
            self.total_won,
            advice.hold_line,
            advice.best_line,
            self.by_line,
        )
