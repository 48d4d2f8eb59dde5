"""Pay tables: what each final hand pays per coin, by name or from a dict / JSON.

Pays are per coin at the maximum bet. A royal flush pays ``royal_flush_below_max_bet`` per
coin (250 in the named tables) when fewer than ``max_coins`` coins are bet.

>>> table = Paytable.named("jacks-or-better-9-6")
>>> table.pays["full-house"], table.pays["flush"], table.class_pays(5)[HandClass.ROYAL_FLUSH]
(9, 6, 800)
>>> table.class_pays(1)[HandClass.ROYAL_FLUSH]
250
>>> Paytable.named("deuces-wild-full-pay").pays["four-deuces"], Paytable.named("joker-poker-kings").wild
(200, 'joker')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

from showdown.errors import PaytableError, VideoPokerError
from showdown.files import parse_json, read_json
from showdown.quantities import as_whole, shown, whole_number
from showdown.videopoker.final_hands import WILDS, HandClass, Wild, as_wild

_FOURS = (
    HandClass.FOUR_5_K,
    HandClass.FOUR_2_4,
    HandClass.FOUR_2_4_ACE_TO_4,
    HandClass.FOUR_ACES,
    HandClass.FOUR_ACES_2_4,
    HandClass.FOUR_OF_A_KIND,
)
# Pay keys, most general first: a later (narrower) key overrides an earlier one for its classes.
HANDS: dict[str, tuple[str, tuple[HandClass, ...]]] = {
    "royal-flush": ("Royal Flush", (HandClass.ROYAL_FLUSH,)),
    "four-deuces": ("Four Deuces", (HandClass.FOUR_DEUCES,)),
    "wild-royal-flush": ("Wild Royal Flush", (HandClass.WILD_ROYAL_FLUSH,)),
    "five-of-a-kind": ("Five of a Kind", (HandClass.FIVE_OF_A_KIND,)),
    "straight-flush": ("Straight Flush", (HandClass.STRAIGHT_FLUSH,)),
    "four-of-a-kind": ("Four of a Kind", _FOURS),
    "four-aces": ("Four Aces", (HandClass.FOUR_ACES, HandClass.FOUR_ACES_2_4)),
    "four-2-4": ("Four 2s-4s", (HandClass.FOUR_2_4, HandClass.FOUR_2_4_ACE_TO_4)),
    "four-5-k": ("Four 5s-Ks", (HandClass.FOUR_5_K,)),
    "four-aces-with-2-4": ("Four Aces + 2-4", (HandClass.FOUR_ACES_2_4,)),
    "four-2-4-with-a-4": ("Four 2s-4s + A-4", (HandClass.FOUR_2_4_ACE_TO_4,)),
    "full-house": ("Full House", (HandClass.FULL_HOUSE,)),
    "flush": ("Flush", (HandClass.FLUSH,)),
    "straight": ("Straight", (HandClass.STRAIGHT,)),
    "three-of-a-kind": ("Three of a Kind", (HandClass.THREE_OF_A_KIND,)),
    "two-pair": ("Two Pair", (HandClass.TWO_PAIR,)),
    "kings-or-better": ("Kings or Better", (HandClass.KINGS_OR_BETTER,)),
    "jacks-or-better": ("Jacks or Better", (HandClass.JACKS_OR_BETTER,)),
    "low-pair": ("Low Pair", (HandClass.LOW_PAIR,)),
}
"""Each pay key: its label and the hand classes it pays. A game takes the keys whose classes
it has (``Wild.classes``); ``low-pair`` and, with the joker, ``kings-or-better`` may be left
out."""

_FIELDS = ("name", "pays", "royal_flush_below_max_bet", "max_coins", "wild")
_INITIALISMS = {"nsud"}  # written in capitals in a title (Not So Ugly Deuces)
_DERIVED = ("title", "rows")  # in to_dict(): accepted back by from_dict() when they agree
MAX_PAY = 1_000_000
"""The largest pay per coin accepted (exact integer arithmetic stays within 64 bits)."""
MAX_COINS = 100
"""The largest ``max_coins`` a pay table may have."""


@dataclass(frozen=True)
class PaytableRow:
    """One line of a pay table: its key, label, pay per coin at the maximum bet and the hand
    classes it covers (``key`` is ``'nothing'`` for the hands that pay nothing)."""

    key: str
    label: str
    pay: int
    classes: tuple[HandClass, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: key, label, pay per coin at the maximum bet."""
        return {"key": self.key, "label": self.label, "pay": self.pay}


@dataclass(frozen=True)
class Paytable:
    """A video poker pay table; build one with :meth:`named`, :meth:`from_dict` or
    :meth:`from_json`. ``wild`` names the wild cards: ``'none'``, ``'deuces'`` (the four 2s)
    or ``'joker'`` (a 53-card deck with one joker); with wild cards ``royal-flush`` pays the
    natural royal.

    >>> table = Paytable.from_dict({"name": "mine", "pays": {"royal-flush": 800, "straight-flush": 50,
    ...     "four-of-a-kind": 25, "full-house": 9, "flush": 6, "straight": 4, "three-of-a-kind": 3,
    ...     "two-pair": 2, "jacks-or-better": 1}})
    >>> table.class_pays(5) == Paytable.named("jacks-or-better-9-6").class_pays(5)
    True

    Raises:
        PaytableError: unknown wild cards, empty or unknown pay keys, a hand the pays leave out, or a pay,
            ``royal_flush_below_max_bet`` or ``max_coins`` out of range (the message names the entry).
    """

    name: str
    pays: Mapping[str, int] = field(compare=False)
    royal_flush_below_max_bet: int = 250
    max_coins: int = 5
    wild: str = "none"

    def __post_init__(self) -> None:
        object.__setattr__(self, "wild", as_wild(self.wild).name)
        object.__setattr__(self, "pays", _checked_pays(self.name, self.pays, WILDS[self.wild]))
        object.__setattr__(self, "royal_flush_below_max_bet", _check_whole(
            self.name, "royal_flush_below_max_bet", self.royal_flush_below_max_bet, 0, MAX_PAY))
        object.__setattr__(self, "max_coins", _check_whole(self.name, "max_coins", self.max_coins, 1, MAX_COINS))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Paytable):
            return NotImplemented
        return (self.name, dict(self.pays), self.royal_flush_below_max_bet, self.max_coins, self.wild) == (
            other.name, dict(other.pays), other.royal_flush_below_max_bet, other.max_coins, other.wild)

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.pays.items()), self.royal_flush_below_max_bet, self.max_coins, self.wild))

    @property
    def wild_rule(self) -> Wild:
        """The game's wild cards, deck and final hand classes.

        >>> Paytable.named("joker-poker-kings").wild_rule.deck_size
        53
        """
        return WILDS[self.wild]

    @classmethod
    def named(cls, name: str) -> Paytable:
        """One of the named tables (``PAYTABLES``), by its name (``'double-bonus-10-7'``) or a short
        form as the command line and the page take it (``9/6``, ``ddb-9/6``, ``deuces``, ``nsud``;
        see :func:`paytable_from_text`).

        >>> Paytable.named("bonus-poker-8-5").pays["four-aces"]
        80
        >>> Paytable.named("nsud") == Paytable.named("deuces-wild-nsud"), Paytable.named("9/6").name
        (True, 'jacks-or-better-9-6')

        Raises:
            PaytableError: not the name or short form of a table in ``PAYTABLES``.
        """
        if not isinstance(name, str):
            raise PaytableError(f"a pay table is named by text (such as 9/6 or nsud), got {shown(name)}")
        key = _table_name(name)
        if key is None:
            raise PaytableError(f"unknown paytable {shown(name)}: expected one of {', '.join(PAYTABLES)}, or a short"
                                " form such as 9/6, ddb-9/6 or deuces")
        return PAYTABLES[key]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Paytable:
        """A table from ``{"name": ..., "pays": {key: pay, ...}, "royal_flush_below_max_bet": 250,
        "max_coins": 5, "wild": "none"}`` (only ``pays`` is required); keys are those of
        ``HANDS``. The output of :meth:`to_dict` is accepted too: its ``title`` and ``rows`` must
        then agree with the pays.

        >>> table = Paytable.from_dict({"name": "deuces-wild-nsud", "wild": "deuces", "pays": {
        ...     "royal-flush": 800, "four-deuces": 200, "wild-royal-flush": 25, "five-of-a-kind": 16,
        ...     "straight-flush": 10, "four-of-a-kind": 4, "full-house": 4, "flush": 3, "straight": 2,
        ...     "three-of-a-kind": 1}})
        >>> table == Paytable.named("deuces-wild-nsud")
        True

        Raises:
            PaytableError: ``data`` is not a mapping, has an unknown field, no ``pays``, an empty name, a bad pay,
                or a ``title`` or ``rows`` that does not match the pays.
        """
        if not isinstance(data, Mapping):
            raise PaytableError(f"a paytable must be a mapping (a JSON object), got {type(data).__name__}")
        for key in data:
            if key not in _FIELDS + _DERIVED:
                raise PaytableError(f"unknown paytable field {shown(key)}: expected {', '.join(_FIELDS)}")
        name = data.get("name", "custom")
        if not isinstance(name, str) or not name.strip():
            raise PaytableError(f"a paytable's name must be non-empty text, got {shown(name)}")
        if "pays" not in data:
            raise PaytableError(f"paytable {shown(name)} has no 'pays'")
        table = cls(
            name=name.strip(),
            pays=data["pays"],
            royal_flush_below_max_bet=data.get("royal_flush_below_max_bet", 250),
            max_coins=data.get("max_coins", 5),
            wild=data.get("wild", "none"),
        )
        derived = table.to_dict()
        for key in _DERIVED:
            if key in data and data[key] != derived[key]:
                raise PaytableError(f"paytable {shown(table.name)}: {shown(key)} is derived from the pays and does not"
                                    " match them (leave it out)")
        return table

    @classmethod
    def from_json(cls, text: str) -> Paytable:
        """A table from JSON text with the fields of :meth:`from_dict`.

        >>> try:
        ...     Paytable.from_json('{"pays": {"flush": -1}}')
        ... except PaytableError as error:
        ...     print(error)
        the pay for 'flush' in paytable 'custom' must be from 0 to 1,000,000, got -1

        Raises:
            PaytableError: the text is not JSON, or not a table :meth:`from_dict` takes.
        """
        return cls.from_dict(parse_json(text, "the paytable", error=PaytableError))

    def to_dict(self) -> dict[str, Any]:
        """The fields of :meth:`from_dict`, the title, and the lines as a pay table shows them:
        each row's payout for a bet of 1 to ``max_coins`` coins (``payouts``), the hands that pay
        nothing left out.

        >>> Paytable.named("jacks-or-better-9-6").to_dict()["rows"][0]["payouts"]
        [250, 500, 750, 1000, 4000]
        """
        rows = [row for row in self.rows if row.key != "nothing"]
        by_coins = [self.class_pays(coins) for coins in range(1, self.max_coins + 1)]
        return {
            "name": self.name,
            "title": self.title,
            "pays": dict(self.pays),
            "royal_flush_below_max_bet": self.royal_flush_below_max_bet,
            "max_coins": self.max_coins,
            "wild": self.wild,
            "rows": [{**row.to_dict(), "payouts": [pays[row.classes[0]] * coins
                                                   for coins, pays in enumerate(by_coins, start=1)]}
                     for row in rows],
        }

    @property
    def title(self) -> str:
        """The table's name as a title: ``'Jacks or Better 9/6'`` for ``jacks-or-better-9-6``
        (initialisms in capitals: ``'Deuces Wild NSUD'``, "Not So Ugly Deuces").

        >>> Paytable.named("double-double-bonus-9-6").title, Paytable.named("deuces-wild-nsud").title
        ('Double Double Bonus 9/6', 'Deuces Wild NSUD')
        """
        words = self.name.replace("_", "-").split("-")
        numbers = [word for word in words if word.isdigit()]
        text = " ".join(word if word == "or" else word.upper() if word.lower() in _INITIALISMS else word.capitalize()
                        for word in words if not word.isdigit())
        return f"{text} {'/'.join(numbers)}".strip()

    def row_for(self, hand: HandClass) -> PaytableRow:
        """The line of the table that pays a final hand (the ``'nothing'`` row when none does).

        >>> table = Paytable.named("double-double-bonus-9-6")
        >>> table.row_for(HandClass.FOUR_ACES_2_4).label, table.row_for(HandClass.LOW_PAIR).key
        ('Four Aces + 2-4', 'nothing')

        Raises:
            VideoPokerError: ``hand`` is not a final hand of the table's game.
        """
        for row in self.rows:
            if hand in row.classes:
                return row
        raise VideoPokerError(f"{hand} is not a final hand of {self.name} (wild: {self.wild})")

    def class_pays(self, coins: int) -> tuple[int, ...]:
        """The pay per coin of each ``HandClass`` when ``coins`` coins are bet (0 for the
        classes the game does not have).

        >>> Paytable.named("double-double-bonus-9-6").class_pays(5)[HandClass.FOUR_ACES_2_4]
        400

        Raises:
            VideoPokerError: ``coins`` is not a whole number from 1 to ``max_coins``.
        """
        coins = self.check_coins(coins)
        pays = [0] * len(HandClass)
        game = self.wild_rule.classes
        for key, pay in self.pays.items():
            for hand in HANDS[key][1]:
                if hand in game:
                    pays[hand] = pay
        if coins < self.max_coins:
            pays[HandClass.ROYAL_FLUSH] = self.royal_flush_below_max_bet
        return tuple(pays)

    def check_coins(self, coins: int) -> int:
        """``coins`` if it is a whole number of coins from 1 to ``max_coins``, else an error.

        Raises:
            VideoPokerError: ``coins`` is not a whole number from 1 to ``max_coins``.
        """
        whole = as_whole(coins)
        if whole is None or not 1 <= coins <= self.max_coins:
            raise VideoPokerError(f"coins must be a whole number from 1 to {self.max_coins}, got {shown(coins)}")
        coins = whole
        return coins


    @property
    def short_names(self) -> tuple[str, ...]:
        """The short forms that name this table in :meth:`named` and on the command line, shortest
        first (none for a table of your own).

        >>> Paytable.named("jacks-or-better-9-6").short_names, Paytable.named("deuces-wild-full-pay").short_names
        (('9/6', 'job-9/6'), ('dw', 'deuces', 'deuces-wild'))
        """
        if PAYTABLES.get(self.name) != self:
            return ()
        forms = [short for short, full in _SHORT_NAMES.items() if full == self.name]
        for short, game in _SHORT_GAMES.items():
            pays = self.name[len(game) + 1:]
            if short != game and self.name.startswith(game + "-") and pays.replace("-", "").isdigit():
                forms.append(f"{short}-{pays.replace('-', '/')}")
                if game == "jacks-or-better":
                    forms.append(pays.replace("-", "/"))
        return tuple(sorted(forms, key=lambda form: (len(form), form)))
    @property
    def rows(self) -> tuple[PaytableRow, ...]:
        """The table's lines, best hand first, at the maximum bet; the hands that pay nothing
        come last as one ``'nothing'`` row.

        >>> [row.label for row in Paytable.named("jacks-or-better-9-6").rows][:3]
        ['Royal Flush', 'Straight Flush', 'Four of a Kind']
        """
        game = self.wild_rule
        owner: dict[HandClass, str] = {}
        for key in self.pays:
            for hand in HANDS[key][1]:
                if hand in game.classes:
                    owner[hand] = key
        rows = [
            PaytableRow(key, _label(key, game), pay,
                        tuple(sorted((h for h, k in owner.items() if k == key), key=game.strength, reverse=True)))
            for key, pay in self.pays.items()
        ]
        rows = [row for row in rows if row.classes]
        rows.sort(key=lambda row: -game.strength(row.classes[0]))
        unpaid = tuple(hand for hand in reversed(game.classes) if hand not in owner)
        return tuple(rows) + ((PaytableRow("nothing", "Nothing", 0, unpaid),) if unpaid else ())

    def __str__(self) -> str:
        lines = [f"{self.name} (per coin, {self.max_coins} coins)"]
        lines += [f"  {row.label:<20}{row.pay:>6}" for row in self.rows if row.key != "nothing"]
        return "\n".join(lines)


def _check_whole(name: str, what: str, value: Any, low: int, high: int) -> int:
    """``value`` as an int in low..high (an int, not a bool or a float)."""
    number = whole_number(value, f"{what} in paytable {shown(name)}", error=PaytableError)
    if not low <= number <= high:
        raise PaytableError(f"{what} in paytable {shown(name)} must be from {low:,} to {high:,}, got {shown(number)}")
    return number


def _label(key: str, game: Wild) -> str:
    """A pay key's label; with wild cards the royal flush is the natural one."""
    return "Natural Royal Flush" if key == "royal-flush" and game.name != "none" else HANDS[key][0]


def _checked_pays(name: str, pays: Any, game: Wild) -> dict[str, int]:
    """The pays in ``HANDS`` order, each a whole number in 0..MAX_PAY, covering every class
    the game must pay."""
    if not isinstance(pays, Mapping) or not pays:
        raise PaytableError(f"pays in paytable {shown(name)} must be a non-empty mapping of hand to pay, got"
                            f" {shown(pays)}")
    keys = [key for key, (_, hands) in HANDS.items() if set(hands) & set(game.classes)]
    for key in pays:
        if key not in keys:
            known = "unknown hand" if key not in HANDS else f"hand not played with wild {shown(game.name)}:"
            raise PaytableError(f"{known} {shown(key)} in paytable {shown(name)}: expected one of {', '.join(keys)}")
    checked = {key: _check_whole(name, f"the pay for {shown(key)}", pays[key], 0, MAX_PAY)
               for key in HANDS if key in pays}
    covered = {hand for key in checked for hand in HANDS[key][1]}
    missing = [
        f"{hand} ({' or '.join(key for key in keys if hand in HANDS[key][1])})"
        for hand in reversed(game.classes)
        if hand not in game.optional and hand not in covered
    ]
    if missing:
        raise PaytableError(f"paytable {shown(name)} does not say what these hands pay: {', '.join(missing)}")
    return checked


def _named(name: str, full_house: int, flush: int, straight: int, two_pair: int, **fours: int) -> Paytable:
    pays = {"royal-flush": 800, "straight-flush": 50, **{k.replace("_", "-"): v for k, v in fours.items()},
            "full-house": full_house, "flush": flush, "straight": straight, "three-of-a-kind": 3,
            "two-pair": two_pair, "jacks-or-better": 1}
    return Paytable(name, pays)


DEFAULT_PAYTABLE = "jacks-or-better-9-6"
"""The pay table every video poker function plays when none is named: full-pay Jacks or Better."""

PAYTABLES: dict[str, Paytable] = {
    **{
        f"jacks-or-better-{full}-{flush}": _named(f"jacks-or-better-{full}-{flush}", full, flush, 4, 2,
                                                  four_of_a_kind=25)
        for full, flush in ((9, 6), (9, 5), (8, 6), (8, 5), (7, 5), (6, 5))
    },
    "bonus-poker-8-5": _named("bonus-poker-8-5", 8, 5, 4, 2, four_aces=80, four_2_4=40, four_5_k=25),
    "double-bonus-10-7": _named("double-bonus-10-7", 10, 7, 5, 1, four_aces=160, four_2_4=80, four_5_k=50),
    "double-double-bonus-9-6": _named("double-double-bonus-9-6", 9, 6, 4, 1, four_aces=160, four_2_4=80,
                                      four_5_k=50, four_aces_with_2_4=400, four_2_4_with_a_4=160),
    **{
        name: Paytable(name, {"royal-flush": 800, "four-deuces": 200, "wild-royal-flush": 25, "five-of-a-kind": five,
                              "straight-flush": straight_flush, "four-of-a-kind": four, "full-house": full_house,
                              "flush": flush, "straight": 2, "three-of-a-kind": 1}, wild="deuces")
        for name, five, straight_flush, four, full_house, flush in (
            ("deuces-wild-full-pay", 15, 9, 5, 3, 2),
            ("deuces-wild-nsud", 16, 10, 4, 4, 3),
        )
    },
    "joker-poker-kings": Paytable("joker-poker-kings", {
        "royal-flush": 800, "five-of-a-kind": 200, "wild-royal-flush": 100, "straight-flush": 50, "four-of-a-kind": 20,
        "full-house": 7, "flush": 5, "straight": 3, "three-of-a-kind": 2, "two-pair": 1, "kings-or-better": 1},
        wild="joker"),
}
"""The named tables, by name."""

PaytableLike = Union[Paytable, str]
"""A ``Paytable`` or the name of one in ``PAYTABLES``."""

_SHORT_GAMES = {
    "job": "jacks-or-better",
    "jacks-or-better": "jacks-or-better",
    "bp": "bonus-poker",
    "bonus": "bonus-poker",
    "bonus-poker": "bonus-poker",
    "db": "double-bonus",
    "double-bonus": "double-bonus",
    "ddb": "double-double-bonus",
    "double-double-bonus": "double-double-bonus",
}
_SHORT_NAMES = {
    "deuces": "deuces-wild-full-pay",
    "deuces-wild": "deuces-wild-full-pay",
    "dw": "deuces-wild-full-pay",
    "nsud": "deuces-wild-nsud",
    "joker": "joker-poker-kings",
    "joker-poker": "joker-poker-kings",
}


def as_paytable(paytable: PaytableLike) -> Paytable:
    """A ``Paytable`` as is, or the named table.

    >>> as_paytable("jacks-or-better-8-5").pays["flush"]
    5
    """
    if isinstance(paytable, Paytable):
        return paytable
    if isinstance(paytable, str):
        return Paytable.named(paytable)
    raise PaytableError(f"expected a Paytable or a paytable name, got {type(paytable).__name__}")


def paytable_from_text(text: str) -> Paytable:
    """A table from a name, a short form or a JSON file path, as the command line takes it.

    Short forms: ``9/6`` (Jacks or Better), ``job-9/6``, ``bonus-8/5`` or ``bp-8/5``,
    ``db-10/7``, ``ddb-9/6``, ``deuces`` (full pay), ``nsud``, ``joker``; spaces, ``/`` and
    ``-`` are interchangeable.

    >>> paytable_from_text("9/6").name, paytable_from_text("DDB 9/6").name, paytable_from_text("nsud").name
    ('jacks-or-better-9-6', 'double-double-bonus-9-6', 'deuces-wild-nsud')

    Raises:
        PaytableError: not text, not a known name or short form, or a .json file that cannot be read or is not a
            table.
    """
    if not isinstance(text, str):
        raise PaytableError(f"a pay table is named by text (such as 9/6, nsud or a .json file), got {shown(text)}")
    words = text.strip().lower()
    if words.endswith(".json") or Path(words).suffix == ".json":
        return Paytable.from_dict(read_json(text.strip(), "paytable file", error=PaytableError))
    key = _table_name(text)
    if key is None:
        raise PaytableError(
            f"unknown paytable {shown(text)}: expected one of {', '.join(PAYTABLES)}, a short form such as 9/6, "
            "ddb-9/6 or deuces, or a .json file"
        )
    return PAYTABLES[key]


def _table_name(text: str) -> Optional[str]:
    """The name in ``PAYTABLES`` that ``text`` names in full or in a short form, or None."""
    words = text.strip().lower()
    for separator in " /_":
        words = words.replace(separator, "-")
    words = "-".join(part for part in words.split("-") if part)
    candidates = [words, f"jacks-or-better-{words}", _SHORT_NAMES.get(words, "")]
    for short, game in _SHORT_GAMES.items():
        if words.startswith(short + "-"):
            candidates.append(game + words[len(short):])
    return next((candidate for candidate in candidates if candidate in PAYTABLES), None)
