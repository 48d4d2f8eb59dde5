"""Settlement: from every seat's contribution and cards to every chip's destination.

Rules, in the order they apply (each tested):

1. **Uncalled bet.** The largest contribution's excess over the second largest (folded seats
   count) goes back to its owner before any pot is made.
2. **Pots.** The contributions are cut at each distinct level. A pot holds, from every seat,
   the chips it put in between the previous level and this one; it is contested by the seats
   that did not fold and reached its level. Folded seats' chips are dead money in every pot
   they reached. Adjacent pots with the same contenders merge. Chips of a level that no
   contender reached (only possible when the seats that reached it all folded) join the pot
   below it. Pots are listed main pot first.
3. **Rake** (optional, ``Rake(percent=5, cap=3, no_flop_no_drop=True)``): nothing when the hand
   ended before the flop (board of fewer than three cards) and ``no_flop_no_drop`` is set;
   otherwise ``floor(amount * percent / 100)`` from each pot, main pot first, until ``cap``
   chips in all have been taken (``cap=None`` for no cap). The rake comes off a pot before it
   is split.
4. **Boards** (optional, run it twice or more): each pot is divided equally between the
   boards, odd chips to the first boards, and each part goes to that board's winners. Given
   ``boards`` and no ``board``, the cards the boards start with alike are the shared board.
5. **Hi-lo** (``game="omaha-hilo"``, ``"omaha5-hilo"``): each pot (or each board's part) is
   cut in two halves, the odd chip of that cut to the high half; the low half goes to the best
   qualifying low and, when nobody has one, the high half is the whole pot. Each half is then
   split as below on its own.
6. **Split.** A pot (or part, or half) is split equally among its best hands in whole chips. The odd
   chips follow ``odd_chip``: ``"one-each-from-button"`` (default) gives them one at a time
   to the tied winners in seat order starting with the first seat clockwise from the button;
   ``"all-to-first-from-button"`` gives all of them to that first winner.
7. A pot with one contender goes to it without a showdown; when every seat but one has folded
   no cards are needed at all.

Chips are never created or lost: payouts + returned + rake == total contributions.

>>> seats = [Seat("A", 25, "8c 7h"), Seat("B", 50, "9h 5h"), Seat("C", 100, "Ad 4s"), Seat("D", 100, "As 3h")]
>>> result = settle(seats, "Ac Kc Jc 5c Th", button=3)
>>> [(pot.amount, pot.winners) for pot in result.pots]
[(100, ('A',)), (75, ('C', 'D')), (100, ('C', 'D'))]
>>> result.payouts
{'A': 100, 'B': 0, 'C': 88, 'D': 87}
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional, Union

from showdown.cards import Card, CardsLike, format_cards, parse_board, parse_cards, warn_board_first
from showdown.errors import DuplicateCardError, HandSizeError, SettlementError
from showdown.evaluation import HandRank, evaluate
from showdown.games import GAMES, Game, GameLike, check_in_deck, resolve_game
from showdown.low_hands import LowRank, evaluate_low
from showdown.quantities import as_whole, brief_repr, listed, real_number, shown, whole_number

ODD_CHIP_RULES = ("one-each-from-button", "all-to-first-from-button")
"""The ways to give out the odd chips of a split (see the rules above)."""


def _shares(shares: dict[str, int]) -> list[dict[str, Any]]:
    return [{"name": name, "chips": chips} for name, chips in shares.items()]


MAX_CHIPS = (1 << 53) - 1
"""The most chips a contribution or a cap can hold: every amount stays a whole number that any
JSON reader keeps exactly."""
MIN_SEATS = 2
"""The fewest seats at one hand."""
MAX_SEATS = 23
"""The most seats at one hand: hold'em deals two cards to every seat, and 23 seats with a board
use 51 of the 52 cards."""


def _chips(value: Any, what: str) -> int:
    chips = whole_number(value, what, high=MAX_CHIPS, error=SettlementError)
    if chips < 0:
        raise SettlementError(f"{what} must not be negative, got {chips}")
    return chips


@dataclass(frozen=True)
class Seat:
    """A seat at the end of a hand: every chip it put in (blinds and antes included), its hole
    cards (not needed once folded) and whether it folded.

    >>> Seat("alice", 100, "As Kd")
    Seat(name='alice', contribution=100, hole=(Card('As'), Card('Kd')), folded=False)

    Raises:
        SettlementError: an empty name, a contribution that is not a whole number of chips from 0, or ``folded`` not
            True or False.
        CardParseError: a token of ``hole`` is not a card.
        DuplicateCardError: ``hole`` names a card twice.
    """

    name: str
    contribution: int
    hole: Any = None  # CardsLike in, a tuple of Cards (or None) once made
    folded: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise SettlementError(f"a seat needs a non-empty name, got {shown(self.name)}")
        _chips(self.contribution, f"seat {shown(self.name)}: contribution")
        if self.hole is not None and not (isinstance(self.hole, tuple) and all(type(c) is Card for c in self.hole)):
            object.__setattr__(self, "hole", parse_cards(self.hole) or None)
        if not isinstance(self.folded, bool):
            raise SettlementError(f"seat {shown(self.name)}: folded must be True or False, got {shown(self.folded)}")


@dataclass(frozen=True, init=False)
class Rake:
    """The house's cut: ``percent`` of each pot, at most ``cap`` chips a hand (None: no cap).
    Every field is given by name, so the unit is never in doubt: ``Rake(percent=5, cap=3)`` is
    5 %, and a bare number (``Rake(0.05)``: 5 % or 0.05 %?) is refused.

    >>> Rake(percent=5, cap=3).fraction
    Fraction(1, 20)
    >>> Rake(0.05)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    showdown.errors.SettlementError: give the rake's unit by name, Rake(percent=5) for 5 % of each pot:
    Rake(0.05) does not say whether 0.05 is a percent or a fraction

    Raises:
        SettlementError: a value given without its name, ``percent`` missing or not a number from 0 to 100 (or
            decimal text), ``cap`` is not a whole number of chips from 0, or ``no_flop_no_drop`` is not True or
            False.
    """

    percent: Union[int, float, Fraction, str]
    cap: Optional[int] = None
    no_flop_no_drop: bool = True

    def __init__(self, *given: Any, percent: Union[int, float, Fraction, str, None] = None, cap: Optional[int] = None,
                 no_flop_no_drop: bool = True) -> None:
        if given:
            raise SettlementError(f"give the rake's unit by name, Rake(percent=5) for 5 % of each pot: Rake("
                                  f"{', '.join(map(shown, given))}) does not say whether {shown(given[0])} is a percent"
                                  " or a fraction")
        if percent is None:
            raise SettlementError("a rake needs its percent: Rake(percent=5) takes 5 % of each pot")
        share = _percent(percent)
        if not 0 <= share <= 100:
            raise SettlementError(f"rake percent must be between 0 and 100, got {shown(percent)}")
        if cap is not None:
            _chips(cap, "rake cap")
        if not isinstance(no_flop_no_drop, bool):
            raise SettlementError(f"no_flop_no_drop must be True or False, got {shown(no_flop_no_drop)}")
        object.__setattr__(self, "percent", percent)
        object.__setattr__(self, "cap", cap)
        object.__setattr__(self, "no_flop_no_drop", no_flop_no_drop)

    @property
    def fraction(self) -> Fraction:
        """The percent as an exact fraction of one (5 -> 1/20)."""
        return _percent(self.percent) / 100


_DECIMAL = re.compile(r"\s*[+-]?(?:\d{1,30}(?:\.\d{0,30})?|\.\d{1,30})(?:[eE][+-]?\d{1,3})?\s*")


def _percent(value: Any) -> Fraction:
    """A rake percent exactly: an int, a finite float, a Fraction or decimal text (at most 30
    digits either side of the point and a three-digit exponent, so parsing it is quick)."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, str):
        if not _DECIMAL.fullmatch(value):
            raise SettlementError(f"rake percent must be a decimal number such as 5 or 2.5, got {shown(value)}")
        return Fraction(value.strip())
    return Fraction(str(real_number(value, "rake percent", error=SettlementError)))


@dataclass(frozen=True)
class BoardResult:
    """One board's part of one pot: who won it with what. In a hi-lo game ``winners`` and
    ``description`` are the high half's, and ``low_amount`` chips (0 when no low qualifies) went
    to ``low_winners`` with ``low_description``; ``shares`` counts both halves."""

    board: tuple[Card, ...]
    amount: int
    winners: tuple[str, ...]
    description: Optional[str]
    shares: dict[str, int]
    low_amount: int = 0
    low_winners: tuple[str, ...] = ()
    low_description: Optional[str] = None
    low_shares: dict[str, int] = field(default_factory=dict)

    @property
    def high_amount(self) -> int:
        """The chips of the high half (the whole part without a low)."""
        return self.amount - self.low_amount

    @property
    def high_shares(self) -> dict[str, int]:
        """Each high winner's chips."""
        return {name: chips - self.low_shares.get(name, 0) for name, chips in self.shares.items()
                if chips - self.low_shares.get(name, 0)}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the board, the chips, the winners, their hand and each one's chips;
        the high and low halves' chips, winners, hands and shares (the low's empty without one)."""
        return {"board": [str(c) for c in self.board], "amount": self.amount, "winners": list(self.winners),
                "description": self.description, "shares": _shares(self.shares),
                "high_amount": self.high_amount, "high_shares": _shares(self.high_shares),
                "low_amount": self.low_amount, "low_winners": list(self.low_winners),
                "low_description": self.low_description, "low_shares": _shares(self.low_shares)}


@dataclass(frozen=True)
class Pot:
    """One pot: its chips after rake, who contested it, who won how much (``winners``: every
    seat that won chips; in a hi-lo game ``high_winners`` and ``low_winners`` say which half)."""

    amount: int
    contenders: tuple[str, ...]
    winners: tuple[str, ...]
    shares: dict[str, int]
    description: Optional[str]
    rake: int = 0
    boards: tuple[BoardResult, ...] = field(default=())

    @property
    def high_winners(self) -> tuple[str, ...]:
        """The seats that won the high half (the whole pot without a low) on some board."""
        return tuple(dict.fromkeys(name for part in self.boards for name in part.winners))

    @property
    def low_winners(self) -> tuple[str, ...]:
        """The seats that won the low half on some board (none without a qualifying low)."""
        return tuple(dict.fromkeys(name for part in self.boards for name in part.low_winners))

    @property
    def low_description(self) -> Optional[str]:
        """The winning low(s), or None."""
        lows = [part.low_description for part in self.boards if part.low_description]
        return " / ".join(dict.fromkeys(lows)) or None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: chips after rake, the rake, contenders, winners (all, high, low),
        shares, the hands that won (high, low) and each board's part."""
        return {
            "amount": self.amount,
            "rake": self.rake,
            "contenders": list(self.contenders),
            "winners": list(self.winners),
            "high_winners": list(self.high_winners),
            "low_winners": list(self.low_winners),
            "shares": _shares(self.shares),
            "description": self.description,
            "low_description": self.low_description,
            "boards": [part.to_dict() for part in self.boards],
        }


@dataclass(frozen=True)
class Settlement:
    """Where every chip went. ``net`` is payout + returned - contribution for each seat."""

    pots: tuple[Pot, ...]
    payouts: dict[str, int]
    returned: dict[str, int]
    rake: int
    contributions: dict[str, int]
    odd_chip: str
    game: Game = GAMES["holdem"]

    def __repr__(self) -> str:
        return brief_repr(self, "payouts", "returned", "rake", "game")

    @property
    def net(self) -> dict[str, int]:
        """Each seat's result for the hand: chips won and returned less chips put in."""
        return {name: self.payouts[name] + self.returned[name] - put for name, put in self.contributions.items()}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the pots (each with its ``title``, "Main pot" or "Side pot n"),
        every seat's chips in table order (put in, returned, won, net), the rake, the odd chip
        rule and the dealer's announcement, line by line."""
        net = self.net
        return {
            "game": self.game.name,
            "pots": [{"title": _pot_title(index), **pot.to_dict()} for index, pot in enumerate(self.pots)],
            "seats": [{"name": name, "contribution": put, "returned": self.returned[name],
                       "payout": self.payouts[name], "net": net[name]} for name, put in self.contributions.items()],
            "rake": self.rake,
            "odd_chip": self.odd_chip,
            "announcement": self.announcement(),
        }

    def __str__(self) -> str:
        return "\n".join(self.announcement())

    def announcement(self) -> list[str]:
        """The dealer's words, a line each: chips returned, each pot and who takes it, the rake.

        >>> settle([Seat("A", 10, folded=True), Seat("B", 30)]).announcement()
        ['20 uncalled returned to B.', 'Main pot of 20 to B, uncontested.']
        """
        lines = []
        for name, chips in self.returned.items():
            if chips:
                lines.append(f"{chips} uncalled returned to {name}.")
        for index, pot in enumerate(self.pots):
            title = _pot_title(index)
            raked = f" after {pot.rake} rake" if pot.rake else ""
            if len(pot.contenders) == 1:
                lines.append(f"{title} of {pot.amount}{raked} to {pot.winners[0]}, uncontested.")
                continue
            if len(pot.boards) > 1:
                lines.append(f"{title} of {pot.amount}{raked}, run {len(pot.boards)} times:")
            for number, part in enumerate(pot.boards, start=1):
                if self.game.low:
                    won = _halves(part)
                else:
                    won = f"{_won(part.winners, part.shares)} with {part.description}"
                if len(pot.boards) == 1:
                    lines.append(f"{title} of {pot.amount}{raked} {won}.")
                else:
                    cards = format_cards(part.board)
                    lines.append(f"  Board {number} ({cards}): {part.amount} {won}.")
        if self.rake:
            lines.append(f"Rake: {self.rake}.")
        return lines


def _won(winners: tuple[str, ...], shares: dict[str, int]) -> str:
    if len(winners) > 1:
        return "split by " + " and ".join(f"{name} {shares.get(name, 0)}" for name in winners)
    return f"to {winners[0]}"


def _halves(part: BoardResult) -> str:
    """The dealer's words for a hi-lo part: a scoop, a high with no low, or both halves."""
    if not part.low_winners:
        return f"{_won(part.winners, part.shares)} with {part.description}; no low"
    if len(part.winners) == 1 and part.low_winners == part.winners:
        return f"to {part.winners[0]}, who scoops with {part.description} and {part.low_description}"
    low = part.low_shares
    if len(part.low_winners) > 1:
        names = " and ".join(part.low_winners)
        split = ", ".join(f"{low.get(name, 0)}" for name in part.low_winners)
        low_words = f"{names} split the low ({split}) with {part.low_description}"
    else:
        low_words = f"low {part.low_amount} to {part.low_winners[0]} with {part.low_description}"
    high_words = f"high {part.high_amount} {_won(part.winners, part.high_shares)} with {part.description}"
    return f"split: {high_words}; {low_words}"


def _pot_title(index: int) -> str:
    return "Main pot" if index == 0 else f"Side pot {index}"


def _first_clockwise(names: Sequence[str], order: dict[str, int], button: int) -> list[str]:
    """``names`` in seat order starting with the first seat clockwise from the button."""
    size = len(order)
    return sorted(names, key=lambda name: (order[name] - button - 1) % size)


def _split(amount: int, winners: Sequence[str], order: dict[str, int], button: int, odd_chip: str) -> dict[str, int]:
    ordered = _first_clockwise(winners, order, button)
    each, odd = divmod(amount, len(ordered))
    shares = {name: each for name in ordered}
    if odd_chip == "one-each-from-button":
        for name in ordered[:odd]:
            shares[name] += 1
    else:
        shares[ordered[0]] += odd
    return shares


def _levels(contributions: dict[str, int], live: set[str]) -> list[tuple[int, tuple[str, ...]]]:
    """(amount, contenders) of each pot, main pot first, before merging and rake."""
    pots: list[tuple[int, tuple[str, ...]]] = []
    previous = 0
    for level in sorted(set(contributions.values()) - {0}):
        amount = sum(min(put, level) - min(put, previous) for put in contributions.values())
        contenders = tuple(name for name, put in contributions.items() if name in live and put >= level)
        if not contenders:  # only folded seats reached this level: their chips join the pot below
            if pots:
                pots[-1] = (pots[-1][0] + amount, pots[-1][1])
            else:
                raise SettlementError("every seat that put chips in has folded: nobody can win them")
        elif pots and pots[-1][1] == contenders:
            pots[-1] = (pots[-1][0] + amount, contenders)
        else:
            pots.append((amount, contenders))
        previous = level
    return pots


def _boards(board: CardsLike, boards: Optional[Sequence[CardsLike]]) -> list[tuple[Card, ...]]:
    """The board of each run; with ``boards`` and no ``board``, the cards they start with alike
    are the board they share."""
    shared = parse_cards(board)
    if boards is None:
        runs = [shared]
    else:
        runs_given = [] if isinstance(boards, Card) else listed(boards, "boards", error=SettlementError)
        if not runs_given:
            raise SettlementError(f"boards must be a list of one or more boards, got {shown(boards)}")
        given = [parse_cards(run) for run in runs_given]
        if not shared:
            shared = given[0]
            for cards in given[1:]:
                common = 0
                while common < min(len(shared), len(cards)) and shared[common] == cards[common]:
                    common += 1
                shared = shared[:common]
        runs = []
        for number, cards in enumerate(given, start=1):
            if cards[: len(shared)] != shared:
                raise SettlementError(
                    f"board {number} ({format_cards(cards)}) does not start with the board {format_cards(shared)}"
                )
            runs.append(cards)
    seen: dict[Card, int] = {}
    for number, run in enumerate(runs, start=1):
        parse_board(run, f"board {number}" if len(runs) > 1 else "the board")
        for card in run[len(shared):]:
            if card in seen:
                raise DuplicateCardError(f"card {card} is on board {seen[card]} and board {number}")
            seen[card] = number
    return runs


def settle(
    seats: Sequence[Seat],
    board: CardsLike = "",
    *,
    button: Union[int, str] = 0,
    odd_chip: str = "one-each-from-button",
    rake: Optional[Rake] = None,
    boards: Optional[Sequence[CardsLike]] = None,
    game: GameLike = "holdem",
) -> Settlement:
    """Settle a hand: return uncalled chips, build the pots, take the rake, show down, split.

    ``seats`` are in table order (clockwise); ``button`` is the button seat's index (or name).
    ``game`` sets how hands are valued and whether pots have a low half. See the module
    docstring for the rules. The board goes second, as in every call that takes one; the older
    order ``settle(board, seats)`` works, with a ``DeprecationWarning``, until showdown 0.3.

    >>> seats = [Seat("A", 51, "Ah 2h Kc Kd"), Seat("B", 51, "3s 8s Qc Qd"), Seat("C", 51, "Js Jh Tc 9c")]
    >>> print(settle(seats, "5c 6d 7h Jd 2s", game="omaha-hilo"))
    Main pot of 153 split: high 77 to C with Three of a Kind, Jacks, Seven-Six kickers; low 76 to A with 7-6-5-2-A low.

    >>> print(settle([Seat("A", 10, folded=True), Seat("B", 30), Seat("C", 20, folded=True)]))
    10 uncalled returned to B.
    Main pot of 50 to B, uncontested.

    Raises:
        SettlementError: ``seats`` not a list, fewer than 2 or more than 23 seats, a seat that is not a Seat or a
            name used twice, a bad ``button``, ``odd_chip``, ``rake`` or ``boards``, every seat folded, or a seat
            without cards in a contested pot.
        HandSizeError: a board of 1, 2 or more than 5 cards, a contested pot without five board cards, or a hand of
            too many hole cards (in Omaha: not the game's).
        CardParseError: a token is not a card (the message quotes it).
        DuplicateCardError: a card in two hands, in a hand and on a board, or on two boards.
        GameError: an unknown game, or a card the short deck does not have.
    """
    if isinstance(board, (list, tuple)) and board and all(isinstance(seat, Seat) for seat in board):
        warn_board_first("settle(board, seats)", "settle(seats, board)")
        seats, board = board, seats  # type: ignore[assignment]
    seats = listed(seats, "seats", error=SettlementError)
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise SettlementError(f"a hand has {MIN_SEATS} to {MAX_SEATS} seats, got {len(seats)}")
    order: dict[str, int] = {}
    for index, seat in enumerate(seats):
        if not isinstance(seat, Seat):
            raise SettlementError(f"seat {index} is not a Seat: {shown(seat)}")
        if seat.name in order:
            raise SettlementError(f"seat name {shown(seat.name)} is used twice")
        order[seat.name] = index
    if isinstance(button, str):
        if button not in order:
            raise SettlementError(f"button {shown(button)} is not a seat name")
        button = order[button]
    whole = as_whole(button)
    if whole is None or not 0 <= button < len(seats):
        raise SettlementError(f"button must be a seat index 0..{len(seats) - 1} or a seat name, got {shown(button)}")
    button = whole
    if odd_chip not in ODD_CHIP_RULES:
        raise SettlementError(f"odd_chip must be one of {', '.join(ODD_CHIP_RULES)}, got {shown(odd_chip)}")
    if rake is not None and not isinstance(rake, Rake):
        raise SettlementError(f"rake must be a Rake, got {shown(rake)}")
    rules = resolve_game(game)
    runs = _boards(board, boards)
    live = {seat.name for seat in seats if not seat.folded}
    if not live:
        raise SettlementError("every seat has folded: somebody must win the pot")
    _check_cards(seats, runs, rules)

    contributions = {seat.name: seat.contribution for seat in seats}
    returned = dict.fromkeys(contributions, 0)
    ranked = sorted(contributions.values(), reverse=True)
    if ranked[0] > ranked[1]:
        top = max(contributions, key=lambda name: contributions[name])
        returned[top] = ranked[0] - ranked[1]
    in_pots = {name: put - returned[name] for name, put in contributions.items()}

    levels = _levels(in_pots, live)
    takes_rake = rake is not None and not (rake.no_flop_no_drop and len(runs[0]) < 3)
    left = rake.cap if rake is not None and rake.cap is not None else None
    at_showdown = {name for _, contenders in levels if len(contenders) > 1 for name in contenders}
    ranks_by_board = [_ranks(seats, run, at_showdown, rules) for run in runs] if at_showdown else None

    pots: list[Pot] = []
    payouts = dict.fromkeys(contributions, 0)
    total_rake = 0
    for amount, contenders in levels:
        cut = 0
        if takes_rake and rake is not None:
            cut = int(amount * rake.fraction)
            if left is not None:
                cut = min(cut, left)
                left -= cut
        total_rake += cut
        amount -= cut
        pot = _award(amount, contenders, runs, ranks_by_board, order, button, odd_chip, cut)
        for name, chips in pot.shares.items():
            payouts[name] += chips
        pots.append(pot)
    return Settlement(tuple(pots), payouts, returned, total_rake, contributions, odd_chip, rules)


def _check_cards(seats: Sequence[Seat], runs: list[tuple[Card, ...]], game: Game) -> None:
    owner: dict[Card, str] = {}
    for number, run in enumerate(runs, start=1):
        check_in_deck(run, game, " on the board")
        for card in run:
            owner.setdefault(card, "the board" if len(runs) == 1 else f"board {number}")
    for seat in seats:
        check_in_deck(seat.hole or (), game, f" in the hand of seat {shown(seat.name)}")
        for card in seat.hole or ():
            if card in owner:
                raise DuplicateCardError(f"card {card} is in the hand of seat {shown(seat.name)} and in {owner[card]}")
            owner[card] = f"the hand of seat {shown(seat.name)}"


Hands = dict[str, tuple[HandRank, Optional[LowRank]]]


def _ranks(seats: Sequence[Seat], run: tuple[Card, ...], at_showdown: set[str], game: Game) -> Hands:
    """Each seat at showdown's high hand and low (None without one, or without a low half)."""
    ranks: Hands = {}
    for seat in seats:
        if seat.name not in at_showdown:
            continue
        if not seat.hole:
            raise SettlementError(f"seat {shown(seat.name)} contests a pot at showdown but has no cards")
        if len(run) < 5:
            raise HandSizeError(
                f"a pot is contested at showdown but the board has {len(run)} cards: a showdown needs all five"
            )
        if game.omaha and len(seat.hole) != game.hole_cards:
            raise HandSizeError(
                f"seat {shown(seat.name)} has {len(seat.hole)} hole cards: {game.title} deals {game.hole_cards}"
            )
        if not game.omaha and len(seat.hole) + len(run) > 7:
            raise HandSizeError(
                f"seat {shown(seat.name)} has {len(seat.hole)} hole cards: a {game.title} hand has at most two"
            )
        high = evaluate(seat.hole, run, game=game)
        ranks[seat.name] = (high, evaluate_low(seat.hole, run, game=game) if game.low else None)
    return ranks


def _award(amount, contenders, runs, ranks_by_board, order, button, odd_chip, cut) -> Pot:
    if len(contenders) == 1:
        shares = {contenders[0]: amount}
        whole = BoardResult(runs[0], amount, contenders, None, shares)
        return Pot(amount, contenders, contenders, shares, None, cut, (whole,))
    each, odd = divmod(amount, len(runs))
    parts = []
    shares = dict.fromkeys(contenders, 0)
    for number, run in enumerate(runs):
        part = each + (1 if number < odd else 0)
        hands = {name: ranks_by_board[number][name] for name in contenders}
        seated = _first_clockwise(contenders, order, button)
        best = max(high.value for high, _ in hands.values())
        winners = tuple(name for name in seated if hands[name][0].value == best)
        best_low = max((low.value for _, low in hands.values() if low is not None), default=0)
        low_winners = tuple(name for name in seated if hands[name][1] is not None and hands[name][1].value == best_low)
        low_amount = part // 2 if low_winners else 0  # the odd chip of the cut goes high
        split = _split(part - low_amount, winners, order, button, odd_chip)
        low_split = _split(low_amount, low_winners, order, button, odd_chip) if low_winners else {}
        combined = dict(split)
        for name, chips in low_split.items():
            combined[name] = combined.get(name, 0) + chips
        for name, chips in combined.items():
            shares[name] += chips
        low_words = hands[low_winners[0]][1].description if low_winners else None  # type: ignore[union-attr]
        parts.append(BoardResult(run, part, winners, hands[winners[0]][0].description, combined,
                                 low_amount, low_winners, low_words, low_split))
    winners = tuple(name for name in contenders if shares[name])
    description = " / ".join(dict.fromkeys(part.description for part in parts if part.description))
    return Pot(amount, contenders, winners or contenders[:0], {n: c for n, c in shares.items() if c},
               description or None, cut, tuple(parts))


def hand_from_json(data: Union[str, dict[str, Any], os.PathLike[str]]) -> dict[str, Any]:
    """``settle`` keyword arguments from JSON (text, parsed, or a file's path): ``{"board": "...", "seats":
    [{"name": "A", "contribution": 25, "hole": "8c 7h", "folded": false}, ...], "button": 3,
    "odd_chip": "...", "rake": {"percent": 5, "cap": 3}, "boards": ["...", "..."], "game": "omaha"}``.

    >>> text = '{"seats": [{"name": "A", "contribution": 5}, {"name": "B", "contribution": 5}]}'
    >>> hand_from_json(text)["seats"][0]
    Seat(name='A', contribution=5, hole=None, folded=False)

    Raises:
        SettlementError: the file cannot be read, the text is not JSON or not an object, a field is unknown or
            missing, or a seat or the rake is bad.
        CardParseError: a hole card is not a card.
        DuplicateCardError: a seat's hole cards name a card twice.
    """
    from showdown.files import parse_json, read_json

    if isinstance(data, os.PathLike):
        data = read_json(data, "hand file", error=SettlementError)
    elif isinstance(data, str):
        data = parse_json(data, "the hand", error=SettlementError)
    if not isinstance(data, dict):
        raise SettlementError("a hand must be a JSON object")
    known = {"board", "seats", "button", "odd_chip", "rake", "boards", "game"}
    unknown = set(data) - known
    if unknown:
        raise SettlementError(f"unknown field(s) in hand: {', '.join(sorted(unknown))}")
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise SettlementError("a hand needs a list of seats")
    parsed = []
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise SettlementError(f"seat {index} must be an object")
        extra = set(seat) - {"name", "contribution", "hole", "folded"}
        if extra:
            raise SettlementError(f"unknown field(s) in seat {index}: {', '.join(sorted(extra))}")
        parsed.append(Seat(seat.get("name"), seat.get("contribution"), seat.get("hole") or None,  # type: ignore[arg-type]
                           seat.get("folded", False)))
    result: dict[str, Any] = {"board": data.get("board", ""), "seats": parsed}
    for key in ("button", "odd_chip", "boards", "game"):
        if key in data:
            result[key] = data[key]
    if data.get("rake") is not None:
        rake = data["rake"]
        if not isinstance(rake, dict) or "percent" not in rake:
            raise SettlementError('rake must be an object like {"percent": 5, "cap": 3}')
        extra = set(rake) - {"percent", "cap", "no_flop_no_drop"}
        if extra:
            raise SettlementError(f"unknown field(s) in rake: {', '.join(sorted(extra))}")
        result["rake"] = Rake(percent=rake["percent"], cap=rake.get("cap"),
                              no_flop_no_drop=rake.get("no_flop_no_drop", True))
    return result
