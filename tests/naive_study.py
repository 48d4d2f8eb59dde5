"""A slow, plain reference for the board study's hand classes, written from their definitions.

Cards are ids ``4 * rank + suit`` as in :mod:`naive` (rank 0..12 for 2..A, suit 0..3 for
c, d, h, s). The made-hand category comes from :func:`naive.evaluate`, never from showdown's
evaluator. Every rule below is one sentence of the definition, checked in the order written:

made classes, the first that applies:

* straight-flush, quads, full-house, flush, straight: the category of the best five of hole and
  board together (the board may play);
* set: a pocket pair matching a board card;
* trips: one hole card matching a board pair;
* two-pair: each hole card pairs a different board card;
* overpair: a pocket pair above every board card;
* top-pair: a hole card pairs the highest board rank;
* pocket-below-top: a pocket pair between the highest and the second highest board rank (below
  the highest when the board has one distinct rank only);
* middle-pair: a hole card pairs the second highest board rank;
* weak-pair: a hole card pairs a lower board rank, or a pocket pair below the second rank;
* board-pair: the board is paired (or trips) and the hole cards pair nothing;
* ace-high: an ace in the hole; nothing: the rest.

Board ranks are the distinct ranks on the board, highest first (on K K 7, K then 7).

draws, on a board of 3 or 4 cards and only for combos whose made class is below a straight:

* flush-draw: four cards of one suit among hole and board, at least one of them a hole card;
* nut-flush-draw: a flush draw in whose suit a hole card is the highest card of that suit that
  is not on the board (it is also a flush draw);
* backdoor-flush-draw: on the flop only, exactly three cards of one suit among hole and board,
  at least one a hole card, and no flush draw;
* oesd / gutshot: the ranks r (0..12, whether or not a card of rank r is left) such that the
  ranks of hole, board and r hold a higher straight (by its top card, the wheel's being the
  Five) than the ranks of board and r alone, or a straight where those hold none: two or more
  such ranks make an oesd, exactly one a gutshot;
* combo-draw: a flush draw together with an oesd or a gutshot;
* overcards: both hole cards above every board card and not a pocket pair.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Iterable, Mapping, Sequence

from naive import FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, RANKS, STRAIGHT, STRAIGHT_FLUSH, SUITS, evaluate
from naive_games import short_deck

MADE_CLASSES = (
    "straight-flush", "quads", "full-house", "flush", "straight", "set", "trips", "two-pair", "overpair",
    "top-pair", "pocket-below-top", "middle-pair", "weak-pair", "board-pair", "ace-high", "nothing",
)
DRAW_CLASSES = ("flush-draw", "nut-flush-draw", "backdoor-flush-draw", "oesd", "gutshot", "combo-draw", "overcards")

_BY_CATEGORY = {
    STRAIGHT_FLUSH: "straight-flush",
    FOUR_OF_A_KIND: "quads",
    FULL_HOUSE: "full-house",
    FLUSH: "flush",
    STRAIGHT: "straight",
}
ACE = 12


def card_text(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def combo_text(hole: Sequence[int]) -> str:
    """'AhKh': the higher id first (so of two cards of one rank, s before h before d before c)."""
    high, low = max(hole), min(hole)
    return card_text(high) + card_text(low)


def all_combos() -> list[tuple[int, int]]:
    """The 1,326 two-card combos as (higher id, lower id)."""
    return [(high, low) for low, high in itertools.combinations(range(52), 2)]


# The ten straights as sets of ranks, highest first; the wheel (A-2-3-4-5) tops at the Five.
STRAIGHTS = tuple((top, frozenset(top - i if top - i >= 0 else ACE for i in range(5))) for top in range(ACE, 2, -1))
# Short deck (6 to A): six straights, the lowest A-6-7-8-9 topping at the Nine.
SIX, NINE = 4, 7
SHORT_STRAIGHTS = tuple((top, frozenset(range(top - 4, top + 1))) for top in range(ACE, NINE, -1)) + (
    (NINE, frozenset({ACE, SIX, SIX + 1, SIX + 2, NINE})),)


def best_straight(ranks: Iterable[int], short: bool = False) -> int:
    """The top rank of the highest straight these ranks hold (3 for the wheel), or -1."""
    present = set(ranks)
    for top, needed in SHORT_STRAIGHTS if short else STRAIGHTS:
        if needed <= present:
            return top
    return -1


def made_class(hole: Sequence[int], board: Sequence[int], short: bool = False) -> str:
    category = short_deck([*hole, *board])[0] if short else evaluate([*hole, *board])[0]
    if category in _BY_CATEGORY:
        return _BY_CATEGORY[category]
    a, b = hole[0] >> 2, hole[1] >> 2
    pocket = a == b
    on_board = Counter(card >> 2 for card in board)
    distinct = sorted(on_board, reverse=True)
    top = distinct[0]
    second = distinct[1] if len(distinct) > 1 else None
    lower = set(distinct[2:])
    if pocket and a in on_board:
        return "set"
    if not pocket and (on_board[a] == 2 or on_board[b] == 2):
        return "trips"
    if not pocket and a in on_board and b in on_board:
        return "two-pair"
    if pocket and a > top:
        return "overpair"
    if not pocket and top in (a, b):
        return "top-pair"
    if pocket and a < top and (second is None or a > second):
        return "pocket-below-top"
    if not pocket and second is not None and second in (a, b):
        return "middle-pair"
    if (not pocket and (a in lower or b in lower)) or (pocket and second is not None and a < second):
        return "weak-pair"
    if max(on_board.values()) >= 2 and a not in on_board and b not in on_board and not pocket:
        return "board-pair"
    if ACE in (a, b):
        return "ace-high"
    return "nothing"


def straight_outs(hole: Sequence[int], board: Sequence[int], short: bool = False) -> list[int]:
    """The ranks r that give hole and board a straight above board and r alone (in short deck,
    the ranks 6 to A only)."""
    hole_ranks = [card >> 2 for card in hole]
    board_ranks = [card >> 2 for card in board]
    outs = []
    for rank in range(SIX if short else 0, 13):
        with_hole = best_straight([*hole_ranks, *board_ranks, rank], short)
        board_only = best_straight([*board_ranks, rank], short)
        if with_hole >= 0 and with_hole > board_only:
            outs.append(rank)
    return outs


def draw_classes(hole: Sequence[int], board: Sequence[int], made: str, short: bool = False) -> set[str]:
    if len(board) not in (3, 4) or MADE_CLASSES.index(made) <= MADE_CLASSES.index("straight"):
        return set()
    draws: set[str] = set()
    cards = [*hole, *board]
    flush_draw = False
    for suit in range(4):
        suited = [card for card in cards if card & 3 == suit]
        suited_hole = [card for card in hole if card & 3 == suit]
        if len(suited) >= 4 and suited_hole:
            flush_draw = True
            draws.add("flush-draw")
            highest_missing = max(4 * rank + suit for rank in range(13) if 4 * rank + suit not in board)
            if highest_missing in suited_hole:
                draws.add("nut-flush-draw")
    if len(board) == 3 and not flush_draw:
        for suit in range(4):
            suited = [card for card in cards if card & 3 == suit]
            if len(suited) == 3 and any(card & 3 == suit for card in hole):
                draws.add("backdoor-flush-draw")
    outs = straight_outs(hole, board, short)
    if len(outs) >= 2:
        draws.add("oesd")
    elif len(outs) == 1:
        draws.add("gutshot")
    if flush_draw and outs:
        draws.add("combo-draw")
    a, b = hole[0] >> 2, hole[1] >> 2
    if a != b and min(a, b) > max(card >> 2 for card in board):
        draws.add("overcards")
    return draws


def naive_classes(hole_ids: Sequence[int], board_ids: Sequence[int], short: bool = False) -> tuple[str, set[str]]:
    """The made class and the set of draw classes of one combo on a board of 3 to 5 cards (of the
    short deck with ``short``: its categories and straights, from :mod:`naive_games`)."""
    hole, board = list(hole_ids), list(board_ids)
    assert len(hole) == 2 and 3 <= len(board) <= 5 and len(set(hole + board)) == len(hole) + len(board)
    made = made_class(hole, board, short)
    return made, draw_classes(hole, board, made, short)


def naive_breakdown(weights: Mapping[tuple[int, int], float], board: Sequence[int], dead: Sequence[int] = (),
                    short: bool = False):
    """Counts and members of every class for a range given as {(high id, low id): weight}.

    Returns (made counts, draw counts, total, members) where members maps each class name to
    the set of combo texts in it; combos touching the board or the dead cards are removed and
    combos of weight 0 are not in the range.
    """
    gone = set(board) | set(dead)
    made_counts = dict.fromkeys(MADE_CLASSES, 0.0)
    draw_counts = dict.fromkeys(DRAW_CLASSES, 0.0)
    members: dict[str, set[str]] = {name: set() for name in (*MADE_CLASSES, *DRAW_CLASSES)}
    total = 0.0
    for hole, weight in weights.items():
        if not weight or gone & set(hole):
            continue
        made, draws = naive_classes(hole, board, short)
        text = combo_text(hole)
        total += weight
        made_counts[made] += weight
        members[made].add(text)
        for name in draws:
            draw_counts[name] += weight
            members[name].add(text)
    return made_counts, draw_counts, total, members
