"""showdown.breakdown against a plain classifier written from the class definitions
(tests/naive_study.py, hand categories from tests/naive.py): hand-picked spots whose answers are
also reasoned out by hand, every combo of the full range on hundreds of seeded boards, weighted
ranges with dead cards, and the errors."""

from __future__ import annotations

import itertools
import json
import math
import random
import re

import pytest

import showdown
from naive import RANKS, SUITS, ids
from naive_study import DRAW_CLASSES, MADE_CLASSES, all_combos, combo_text, naive_breakdown, naive_classes
from showdown import Range, ShowdownError, breakdown

FULL = {combo: 1.0 for combo in all_combos()}


def single(hole: str, board: str, dead: str = "") -> tuple[str, set[str]]:
    """The made class and draw classes showdown gives one combo, read from its counts and
    checked against its combo lists."""
    result = breakdown(hole.replace(" ", ""), board, dead)
    text = combo_text(ids(hole))
    assert result.total == 1
    made = [name for name, count in result.made.items() if count]
    assert len(made) == 1 and result.made[made[0]] == 1, result.made
    draws = {name for name, count in result.draws.items() if count}
    assert all(result.draws[name] == 1 for name in draws)
    assert result.combos(made[0]) == [text]
    for name in (*MADE_CLASSES, *DRAW_CLASSES):
        assert result.combos(name) == ([text] if name == made[0] or name in draws else []), name
    return made[0], draws


# (board, hole, made class, draw classes, why): each answer stated by hand from the definitions.
SPOTS = [
    # K K 7: the distinct board ranks are K (highest) and 7 (second).
    ("Kd Kh 7c", "7s 3d", "middle-pair", set(), "the 7 pairs the second distinct rank; two pair only with the board"),
    ("Kd Kh 7c", "As 7d", "middle-pair", set(), "the hole-card pair decides, the ace is a kicker"),
    ("Kd Kh 7c", "Ks 4d", "trips", set(), "one hole card matches the board pair"),
    ("Kd Kh 7c", "9s 9d", "pocket-below-top", set(), "99 sits between K and 7"),
    ("Kd Kh 7c", "5s 5d", "weak-pair", set(), "55 is below the second rank 7"),
    ("Kd Kh 7c", "As Ad", "overpair", set(), "AA is above every board card"),
    ("Kd Kh 7c", "Ks Kc", "quads", set(), "a pocket pair matching the board pair"),
    ("Kd Kh 7c", "Ks 7d", "full-house", set(), "KKK77"),
    ("Kd Kh 7c", "7s 7d", "full-house", set(), "777KK"),
    ("Kd Kh 7c", "As Qd", "board-pair", set(), "pairs nothing on a paired board, not ace-high"),
    ("Kd Kh 7c", "Ah 2h", "board-pair", {"backdoor-flush-draw"}, "Kh Ah 2h: three hearts"),
    ("Kd Kh 7c", "8s 6d", "board-pair", set(), "6 7 8 lacks two ranks of any straight"),
    ("Ks 7h 7d", "Kc 2c", "top-pair", set(), "the K pairs the top rank (two pair with the board's 77)"),
    ("Ks 7h 7d", "7c 2c", "trips", set(), "the 7 matches the board pair"),
    ("Ks 7h 7d", "Qs Qd", "pocket-below-top", set(), "QQ between K and 7"),
    # One distinct rank: no second rank, the hole pairs nothing.
    ("7s 7h 7d", "Ac Kd", "board-pair", {"overcards"}, "A and K above the 7s, not a pair"),
    ("7s 7h 7d", "9c 9d", "full-house", set(), "777 with 99"),
    ("7s 7h 7d", "7c 2d", "quads", set(), "the fourth 7"),
    ("9s 9h 4d", "9d 9c", "quads", set(), "the pocket pair matches the board pair"),
    ("9s 9h 4d", "4c 4s", "full-house", set(), "444 with 99"),
    # An unpaired rainbow board K 7 2.
    ("Ks 7h 2d", "7s 7d", "set", set(), "a pocket pair matching a board card"),
    ("Ks 7h 2d", "Kc 7d", "two-pair", set(), "each hole card pairs a different board card"),
    ("Ks 7h 2d", "Kc Qd", "top-pair", set(), "the K pairs the top rank"),
    ("Ks 7h 2d", "8s 8d", "pocket-below-top", set(), "88 between K and 7"),
    ("Ks 7h 2d", "Ac 7d", "middle-pair", set(), "the 7 pairs the second rank"),
    ("Ks 7h 2d", "5c 2c", "weak-pair", set(), "the 2 pairs the lowest rank"),
    ("Ks 7h 2d", "Ah 2c", "weak-pair", set(), "a pair beats ace-high; 7h Ah are only two hearts"),
    ("Ks 7h 2d", "Ah 2h", "weak-pair", {"backdoor-flush-draw"}, "7h Ah 2h: three hearts"),
    ("Ks 7h 2d", "5s 5d", "weak-pair", set(), "55 below the second rank 7; two spades, two diamonds"),
    ("Ks 7h 2d", "As Ad", "overpair", set(), "AA above K"),
    ("Ks 7h 2d", "As Qc", "ace-high", set(), "no pair, an ace"),
    ("Ks 7h 2d", "As Qs", "ace-high", {"backdoor-flush-draw"}, "Ks As Qs: three spades; Q below K: no overcards"),
    ("Ks 7h 2d", "Qc Jc", "nothing", set(), "no pair, no ace, no three of a suit"),
    ("Ks 7h 2d", "Ac Qc", "ace-high", set(), "three clubs would need a club on the board"),
    # Straights, flushes and draws.
    ("9h 8h 7h", "Jh Th", "straight-flush", set(), "7 to J of hearts"),
    ("9h 8h 7h", "Ah 2h", "flush", set(), "five hearts"),
    ("9h 8h 7h", "Js Td", "straight", set(), "7 to J"),
    ("9h 8h 2c", "Th Jh", "nothing", {"flush-draw", "oesd", "combo-draw", "overcards"},
     "four hearts (Ah not held), 8-9-T-J open at 7 and Q, T and J above the 9"),
    ("9h 8h 2c", "Ah 7h", "ace-high", {"flush-draw", "nut-flush-draw"}, "Ah is the highest heart; 7-8-9 lacks two"),
    ("9h 8h 2c", "Jc 7d", "nothing", {"gutshot"}, "7-8-9-_-J needs a T; with a 6, 6-7-8-9 still lacks one"),
    ("9h 8h 2c", "Qs Jd", "nothing", {"gutshot", "overcards"}, "8-9-_-J-Q needs a T"),
    ("9c 7d 5h", "Jd 8s", "nothing", {"oesd"}, "a double gutshot: a 6 makes 5-9, a T makes 7-J"),
    ("Ah 8h 3c", "Kh Qh", "nothing", {"flush-draw", "nut-flush-draw"}, "Ah is on the board, so Kh is the nut"),
    ("Ah 8h 3c", "Qh Jh", "nothing", {"flush-draw"}, "Kh is missing, so no nut"),
    ("Ah Kh 5c", "Qh 2h", "nothing", {"flush-draw", "nut-flush-draw"}, "A and K of hearts on the board: Q is the nut"),
    ("Ah Kh 5c", "Jh Th", "nothing", {"flush-draw", "gutshot", "combo-draw"}, "a Q makes broadway; Qh not held"),
    ("Ah 8h 3c 5h", "Kh 7c", "nothing", {"flush-draw", "nut-flush-draw"},
     "four hearts with Kh the nut; 3-5-7-8 and A-3-5 lack two ranks of any straight"),
    ("Ah 8h 3c 5h", "Qh Qd", "pocket-below-top", {"flush-draw"}, "QQ between A and 8; Kh not held"),
    # The wheel: its top card is the Five.
    ("Ah 4d 9c", "3s 2s", "nothing", {"gutshot"}, "A-2-3-4 needs a 5"),
    ("4d 3c 9h", "As 2s", "ace-high", {"gutshot"}, "A-2-3-4 needs a 5, 2-3-4 with a 5 lacks a 6"),
    ("4d 3c 9h", "5s 2s", "nothing", {"oesd"}, "2-3-4-5 opens at the ace (the wheel) and at the 6"),
    # The board's own straight does not count.
    ("5d 6c 7h 8s", "Ts 2d", "nothing", {"gutshot"}, "a 9 gives the board 5-9 but us 6-T; a 4 gives both 4-8"),
    ("5d 6c 7h 8s", "2c 3d", "nothing", set(), "a 4 gives 2-8 whose best is 4-8, the board's own"),
    ("5d 6c 7h 8s", "9c 2d", "straight", set(), "5-9 made"),
    # A straight on the river board: everyone plays it; no draws on the river.
    ("5d 6c 7h 8s 9d", "2c 3c", "straight", set(), "the board plays"),
    ("5d 6c 7h 8s 9d", "5s 5h", "straight", set(), "the board's straight beats trip fives"),
    ("5d 6c 7h 8s 9d", "Td Jd", "straight", set(), "7 to J; three diamonds only"),
    # A four-flush board on the turn: a heart in the hole is a flush, no heart is no flush draw.
    ("Ah 9h 5h 2h", "Kh 7c", "flush", set(), "five hearts"),
    ("Ah 9h 5h 2h", "4h 3h", "straight-flush", set(), "A-2-3-4-5 of hearts"),
    ("Ah 9h 5h 2h", "4s 3d", "straight", set(), "the wheel"),
    ("Ah 9h 5h 2h", "Ks Kd", "pocket-below-top", set(), "KK between A and 9; the four hearts are all on the board"),
    ("Ah 9h 5h 2h", "Ks Qs", "nothing", set(), "no heart, no pair, no ace"),
]



@pytest.mark.parametrize(("board", "hole", "made", "draws", "why"), SPOTS,
                         ids=[f"{board}|{hole}" for board, hole, *_ in SPOTS])
def test_hand_picked_spot(board, hole, made, draws, why):
    assert naive_classes(ids(hole), ids(board)) == (made, draws), f"the oracle disagrees with the reasoning: {why}"
    assert single(hole, board) == (made, draws), why


def test_nut_flush_draw_ignores_dead_cards_and_other_combos():
    # Ah dead: the nut card of hearts is still the ace, so Kh is only a flush draw (K and Q
    # are overcards to the 9).
    expected = ("nothing", {"flush-draw", "overcards"})
    assert naive_classes(ids("Kh Qh"), ids("9h 8h 2c")) == expected
    for dead in ("", "Ah"):
        assert single("Kh Qh", "9h 8h 2c", dead) == expected
    # Both Ah and Kh combos in one range: each one judged alone.
    result = breakdown("AhTh, KhQh, Ah7c", "9h 8h 2c")
    assert sorted(result.combos("nut-flush-draw")) == ["AhTh"]
    assert sorted(result.combos("flush-draw")) == ["AhTh", "KhQh"]


def test_straight_classes_on_a_river_straight_board():
    board = "5d 6c 7h 8s 9d"
    result = breakdown("random", board)
    # 47 cards left: C(47, 2) combos, each plays the board's straight or better; a flush would
    # need three diamonds in the hole (two on the board), and the board is unpaired, so no full
    # house or quads either.
    assert result.total == 47 * 46 // 2
    assert result.made["straight"] == result.total
    assert all(count == 0 for name, count in result.made.items() if name != "straight")
    assert all(count == 0 for count in result.draws.values())


def test_four_flush_turn_counts():
    result = breakdown("random", "Ah 9h 5h 2h")
    # 9 hearts left: combos holding one or two of them make a flush, except 3h4h (a straight
    # flush, A-2-3-4-5); nine off-suit 3-4 combos make the wheel; no flush draw anywhere.
    assert result.total == 48 * 47 // 2
    assert result.made["straight-flush"] == 1
    assert result.made["flush"] == 9 * 8 // 2 + 9 * 39 - 1
    assert result.made["straight"] == 9
    assert result.draws["flush-draw"] == result.draws["nut-flush-draw"] == result.draws["combo-draw"] == 0


def test_known_flop_counts():
    # K 7 2 rainbow, counted by hand (49 cards left).
    result = breakdown("random", "Ks 7h 2d")
    assert result.total == 49 * 48 // 2
    assert result.made["set"] == 9  # KK, 77, 22: three combos each
    assert result.made["two-pair"] == 27  # K7, K2, 72: 3 x 3 each
    assert result.made["overpair"] == 6  # AA
    assert result.made["pocket-below-top"] == 5 * 6  # QQ JJ TT 99 88
    assert result.made["top-pair"] == 3 * (49 - 3 - 3 - 3)  # a K with a card that is neither K, 7 nor 2
    assert result.made["middle-pair"] == 3 * 40
    assert result.made["weak-pair"] == 3 * 40 + 4 * 6  # a 2 with a non-pairing card, 33 44 55 66
    assert result.made["ace-high"] == 4 * 4 * 9  # an ace with a card of Q..3 except 7 (nine ranks)
    assert result.draws["oesd"] == result.draws["gutshot"] == 0  # no window holds two board ranks


def _spread(seed: int, n: int, size: int) -> list[str]:
    rng = random.Random(seed)
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    return [" ".join(rng.sample(deck, size)) for _ in range(n)]


# Flops of every texture: rainbow / two-tone / monotone, unpaired / paired / trips, connected,
# wheel and broadway cards; then seeded random boards on each street.
TEXTURES = [
    "Ks 7h 2d", "Kh 7h 2d", "Kh 7h 2h", "Ks Kh 2d", "Ks Kh 2h", "7s 7h 7d", "Ah Ad Ac",
    "9h 8h 7h", "9s 8h 7d", "Ts 9h 8h", "As 2h 3d", "Ah 2h 3h", "As 4d 5c", "Ah Kh Qh", "As Kd Qc",
    "Jh Td 2c", "5c 4c 3d", "6d 5d 2s", "2c 2d 3c", "Ac Kc 5d", "Qs Js 9s", "8c 6d 4h",
]
FLOPS = TEXTURES + _spread(15, 200, 3)
TURNS = ["Ah 9h 5h 2h", "5d 6c 7h 8s", "Ks Kh 7d 7c", "9s 9h 9d 9c", "As 2h 3d 4c"] + _spread(16, 100, 4)
RIVERS = ["5d 6c 7h 8s 9d", "Ah Kh Qh Jh Th", "2s 2h 2d 5c 5s", "As Ks Qs Js 9s"] + _spread(17, 50, 5)


def _disagreement(result, members: dict[str, set[str]], board: str) -> list[str]:
    problems = []
    for name in (*MADE_CLASSES, *DRAW_CLASSES):
        got = result.combos(name)
        if len(got) != len(set(got)):
            problems.append(f"{name}: a combo listed twice in {got}")
        extra, missing = set(got) - members[name], members[name] - set(got)
        for combo in sorted(extra)[:3]:
            problems.append(f"{combo} on {board}: showdown puts it in {name}, the definitions do not "
                            f"({naive_classes(ids(combo[:2] + ' ' + combo[2:]), ids(board))})")
        for combo in sorted(missing)[:3]:
            problems.append(f"{combo} on {board}: the definitions put it in {name}, showdown does not "
                            f"({naive_classes(ids(combo[:2] + ' ' + combo[2:]), ids(board))})")
    return problems


def check_full_range(board: str) -> None:
    made, draws, total, members = naive_breakdown(FULL, ids(board))
    result = breakdown("random", board)
    assert list(result.made) == list(MADE_CLASSES)
    assert list(result.draws) == list(DRAW_CLASSES)
    problems = _disagreement(result, members, board)
    assert not problems, "\n".join(problems[:12])
    assert result.total == total and isinstance(result.total, int)
    assert result.made == made and all(isinstance(count, int) for count in result.made.values())
    assert result.draws == draws and all(isinstance(count, int) for count in result.draws.values())
    assert sum(result.made.values()) == result.total
    if len(ids(board)) == 5:
        assert not any(result.draws.values())


@pytest.mark.slow
@pytest.mark.parametrize("board", FLOPS)
def test_full_range_on_flops(board):
    check_full_range(board)


@pytest.mark.parametrize("board", TURNS)
def test_full_range_on_turns(board):
    check_full_range(board)


@pytest.mark.parametrize("board", RIVERS)
def test_full_range_on_rivers(board):
    check_full_range(board)


def test_every_class_is_reached_by_the_sweep():
    # The boards above are only a good sweep if each class has members on some board.
    seen: set[str] = set()
    for board in TEXTURES + TURNS[:5] + RIVERS[:4]:
        _, _, _, members = naive_breakdown(FULL, ids(board))
        seen |= {name for name, combos in members.items() if combos}
    assert seen == set(MADE_CLASSES) | set(DRAW_CLASSES)


# --- weights and dead cards -------------------------------------------------------------------
def _random_weighted(rng: random.Random) -> dict[tuple[int, int], float]:
    combos = all_combos()
    chosen = rng.sample(combos, rng.randint(1, 400))
    return {combo: rng.choice([1.0, 0.5, 0.25, 0.125, 0.3, 0.7, 0.01]) for combo in chosen}


WEIGHTED_SPOTS = [(seed, size) for seed in range(12) for size in (3, 4, 5)]


@pytest.mark.parametrize(("seed", "size"), WEIGHTED_SPOTS)
def test_weighted_range_with_dead_cards(seed, size):
    rng = random.Random(1000 * seed + size)
    weights = _random_weighted(rng)
    deck = list(range(52))
    rng.shuffle(deck)
    board, dead = deck[:size], deck[size:size + rng.randint(0, 3)]
    board_text = " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in board)
    dead_text = " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in dead)
    made, draws, total, members = naive_breakdown(weights, board, dead)
    texts = [combo_text(combo) for combo in weights]
    hero = Range.from_combos(texts, list(weights.values()))
    result = breakdown(hero, board_text, dead_text)
    assert result.total == pytest.approx(total, rel=1e-12, abs=1e-12)
    for name in MADE_CLASSES:
        assert result.made[name] == pytest.approx(made[name], rel=1e-12, abs=1e-12), name
    for name in DRAW_CLASSES:
        assert result.draws[name] == pytest.approx(draws[name], rel=1e-12, abs=1e-12), name
    problems = _disagreement(result, members, board_text)
    assert not problems, "\n".join(problems[:12])


def test_range_text_with_weights_and_dead_cards():
    # TT+ (6 combos a pair) and AKs at half weight, by hand: on Ks 7h 2d with Ah dead.
    weights: dict[tuple[int, int], float] = {}
    for rank in range(8, 13):  # T..A
        for low in range(4):
            for high in range(low + 1, 4):
                weights[(4 * rank + high, 4 * rank + low)] = 1.0
    for suit in range(4):
        weights[(4 * 12 + suit, 4 * 11 + suit)] = 0.5
    board, dead = "Ks 7h 2d", "Ah"
    made, draws, total, members = naive_breakdown(weights, ids(board), ids(dead))
    result = breakdown("TT+, AKs:0.5", board, dead)
    # KK: 3 combos left (set); AA: 3 left without Ah (overpair); QQ JJ TT: 18 (pocket-below-top);
    # AKs: AcKc and AdKd left (AsKs touches the board, AhKh the dead ace), top pair at 0.5 each.
    assert total == result.total == 3 + 3 + 18 + 1.0
    assert made["set"] == result.made["set"] == 3
    assert made["overpair"] == result.made["overpair"] == 3
    assert made["pocket-below-top"] == result.made["pocket-below-top"] == 18
    assert made["top-pair"] == result.made["top-pair"] == 1.0
    assert sorted(result.combos("top-pair")) == sorted(members["top-pair"]) == ["AcKc", "AdKd"]
    assert result.made == pytest.approx(made) and result.draws == pytest.approx(draws)


def test_range_object_and_text_agree():
    board = "Jh Td 2c 9h"
    text = "22+, A2s+, KTo+, 76s:0.5, 98s:0.25"
    by_text, by_object = breakdown(text, board), breakdown(Range(text), board)
    assert by_text.made == by_object.made and by_text.draws == by_object.draws
    assert by_text.total == by_object.total
    weights = {}
    for (first, second), weight in Range(text):
        weights[(max(first.id, second.id), min(first.id, second.id))] = weight
    made, draws, total, _ = naive_breakdown(weights, ids(board))
    assert by_text.total == pytest.approx(total)
    assert by_text.made == pytest.approx(made) and by_text.draws == pytest.approx(draws)


def test_to_dict_and_text():
    board = "Ah 8h 3c"
    result = breakdown("random", board)
    made, draws, total, members = naive_breakdown(FULL, ids(board))
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data["total"] == total
    assert [row["class"] for row in data["made"]] == list(MADE_CLASSES)
    assert [row["class"] for row in data["draws"]] == list(DRAW_CLASSES)
    for row in data["made"] + data["draws"]:
        expected = made.get(row["class"], draws.get(row["class"]))
        assert row["combos"] == expected
        assert set(row["hands"]) == members[row["class"]]
        assert row["share"] == pytest.approx(expected / total)
    text = str(result)
    assert f"{total:g}" in text
    for name in (*MADE_CLASSES, *DRAW_CLASSES):
        count = made.get(name, draws.get(name))
        named = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None
        assert named == bool(count), name


def test_villain_leaves_the_classes_alone():
    board = "Ks 7h 2d 9h 3c"
    alone, against = breakdown("QQ+, AK, 98s", board), breakdown("QQ+, AK, 98s", board, villain="77, 22")
    assert against.made == alone.made and against.draws == alone.draws and against.total == alone.total
    for name in MADE_CLASSES:
        assert against.combos(name) == alone.combos(name)


# --- errors -----------------------------------------------------------------------------------
@pytest.mark.parametrize("board", ["", "Ks", "Ks 7h", "Ks 7h 2d 3c 4c 5c"])
def test_board_sizes(board):
    with pytest.raises(ShowdownError) as caught:
        breakdown("random", board)
    message = str(caught.value)
    assert "board" in message and str(len(board.split())) in message


def test_card_on_board_and_dead():
    with pytest.raises(ShowdownError) as caught:
        breakdown("random", "Ks 7h 2d", "Qc Ks")
    assert "Ks" in str(caught.value)


def test_repeated_board_card():
    with pytest.raises(ShowdownError) as caught:
        breakdown("random", "Ks 7h 2d 7h")
    assert "7h" in str(caught.value)


def test_bad_range_token():
    with pytest.raises(showdown.RangeParseError) as caught:
        breakdown("TT+, AKx", "Ks 7h 2d")
    assert "AKx" in str(caught.value)


def test_unknown_class_name():
    result = breakdown("random", "Ks 7h 2d")
    with pytest.raises(ShowdownError) as caught:
        result.combos("flushdraw")
    assert "flushdraw" in str(caught.value)


# Short deck: the same definitions with the short deck's categories (a flush over a full house)
# and straights (A-6-7-8-9 the lowest), on boards of its 36 cards.
SHORT_COMBOS = {combo: 1.0 for combo in FULL if min(combo) >= 16}
SHORT_BOARDS = ["9h 8h 7h", "As 7d 6c", "Ks Kh 6d", "Th 9h 6h 6c", "Ah 8d 7c 6s", "Js Ts 9s 8s 6d",
                "9c 8d 7h", "Kh Qh 8h"] + [" ".join(random.Random(seed).sample(
                    [rank + suit for rank in RANKS[4:] for suit in SUITS], size)) for seed, size in
                    itertools.product(range(8), (3, 4, 5))]


@pytest.mark.parametrize("game", ["short-deck", "short-deck-trips"])
@pytest.mark.parametrize("board", SHORT_BOARDS)
def test_short_deck_full_range(board, game):
    made, draws, total, members = naive_breakdown(SHORT_COMBOS, ids(board), short=True)
    result = breakdown("random", board, game=game)
    problems = []
    for name in (*MADE_CLASSES, *DRAW_CLASSES):
        got = set(result.combos(name))
        if got != members[name]:
            problems.append(f"{name} on {board}: showdown only {sorted(got - members[name])[:3]},"
                            f" the definitions only {sorted(members[name] - got)[:3]}")
    assert not problems, "\n".join(problems[:12])
    assert result.total == total == math.comb(36 - len(ids(board)), 2)
    assert result.made == made and result.draws == draws


def test_short_deck_has_the_ace_low_straight_draw_hold_em_has_not():
    # A K on 9 8 7: hold'em needs two more ranks (T J), short deck one (the 6: A-6-7-8-9).
    assert breakdown("AhKd", "9c 8d 7h").draws["gutshot"] == 0
    assert breakdown("AhKd", "9c 8d 7h", game="short-deck").draws["gutshot"] == 1
    assert naive_classes(ids("Ah Kd"), ids("9c 8d 7h"), short=True) == ("ace-high", {"gutshot", "overcards"})


def test_short_deck_refuses_the_cards_it_has_not():
    with pytest.raises(ShowdownError, match="5h"):
        breakdown("random", "5h 8d 7h", game="short-deck")
