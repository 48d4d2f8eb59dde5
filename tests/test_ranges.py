"""Tests of showdown.ranges (Range notation, canonical text, card removal, top N%, the JSON
shape and whole-hand edits) and of the shipped preflop order (tables/preflop_order.csv)."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import budget
from naive import estimate_preflop_equities
from showdown.cards import CARDS, RANK_CHARS, Card, parse_cards
from showdown.errors import ShowdownError
from showdown.ranges import N_COMBOS, PREFLOP_ORDER, Range, RangeParseError, starting_hands, top_starting_hands
from showdown.tables.preflop_order import PreflopCount, preflop_equities, ranked

PREFLOP_EQUITY = preflop_equities()


def class_of(high: Card, low: Card) -> str:
    """The class name of a combo, independently of the module."""
    top, kicker = sorted((high, low), key=lambda c: c.rank, reverse=True)
    if top.rank == kicker.rank:
        return str(top.rank) * 2
    return f"{top.rank}{kicker.rank}{'s' if top.suit == kicker.suit else 'o'}"


def classes_of(r: Range) -> set[str]:
    return {class_of(*combo) for combo, _ in r}


# --- every notation form, with exact counts ------------------------------------------------
@pytest.mark.parametrize(
    "text, count",
    [
        ("TT", 6),
        ("TT+", 30),
        ("22+", 78),
        ("AA+", 6),
        ("22-55", 24),
        ("55-22", 24),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("A2s+", 48),
        ("KTo+", 36),
        ("Q9+", 48),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("KQo-KTo", 36),
        ("KQ-KT", 48),
        ("AhKh", 1),
        ("KhAh", 1),
        ("random", N_COMBOS),
        ("RANDOM", N_COMBOS),
        ("aks", 4),
        ("tt+", 30),
        ("A♥K♥", 1),
        ("TT+, AKs", 34),
        ("TT+ AKs", 34),
        ("TT+,AKs ,  AQo", 46),
        ("32", 16),
        ("22", 6),
        ("0.5(KQo, AJs)", 16),
        ("KQo:0.5", 12),
        ("top 100%", N_COMBOS),
        ("top100%", N_COMBOS),
    ],
)
def test_counts(text: str, count: int) -> None:
    r = Range(text)
    assert len(r) == count
    assert r.combos.shape == (count, 2)
    assert r.weights.shape == (count,)


def test_expansions_are_the_right_classes() -> None:
    assert classes_of(Range("TT+")) == {"TT", "JJ", "QQ", "KK", "AA"}
    assert classes_of(Range("22-55")) == {"22", "33", "44", "55"}
    assert classes_of(Range("A2s+")) == {f"A{r}s" for r in RANK_CHARS[:12]}
    assert classes_of(Range("KTo+")) == {"KTo", "KJo", "KQo"}
    assert classes_of(Range("A5s-A2s")) == {"A5s", "A4s", "A3s", "A2s"}
    assert classes_of(Range("KQo-KTo")) == {"KQo", "KJo", "KTo"}
    assert classes_of(Range("AK")) == {"AKs", "AKo"}
    assert classes_of(Range("random")) == set(starting_hands())


def test_combos_array_and_iteration() -> None:
    r = Range("AKs:0.5, QQ")
    combos, weights = r.combos, r.weights
    assert combos.dtype == np.uint8 and weights.dtype == np.float64
    assert (combos[:, 0] > combos[:, 1]).all()  # higher card first
    pairs = list(r)
    assert len(pairs) == 10
    for (combo, weight), row, w in zip(pairs, combos, weights, strict=True):
        assert isinstance(combo, tuple) and len(combo) == 2 and all(isinstance(c, Card) for c in combo)
        assert combo[0] > combo[1]
        assert (combo[0].id, combo[1].id) == tuple(row.tolist())
        assert weight == w
    assert {w for _, w in pairs} == {0.5, 1.0}
    assert dict((tuple(map(str, c)), w) for c, w in pairs)[("Ah", "Kh")] == 0.5
    assert r.weight("KhAh") == 0.5 and r.weight("QsQh") == 1.0 and r.weight("2c2d") == 0.0
    assert "AhKh" in r and "AhKd" not in r
    # the arrays are copies: changing them does not change the range
    combos[:] = 0
    assert r.combos[0].tolist() != [0, 0]


def test_weights() -> None:
    r = Range("0.5(KQo, AJs), AA, 72o:0.25")
    by_class: dict[str, set[float]] = {}
    for combo, weight in r:
        by_class.setdefault(class_of(*combo), set()).add(weight)
    assert by_class == {"KQo": {0.5}, "AJs": {0.5}, "AA": {1.0}, "72o": {0.25}}
    assert Range("KQo:1") == Range("KQo")
    assert Range("0.5 (KQo)") == Range("KQo:0.5") == Range("0.5(KQo)")
    assert Range("1e-1(AA)").weights.tolist() == [0.1] * 6
    assert Range(".5(AA)") == Range("0.50(AA)")
    assert Range("0.5(top 5%)").weights.max() == 0.5


def test_same_combo_twice_with_the_same_weight_is_fine() -> None:
    assert Range("TT+, AA") == Range("TT+")
    assert Range("AK, AKs") == Range("AK")
    assert Range("0.5(AK), AKs:0.5") == Range("0.5(AK)")


def test_equality_and_hash() -> None:
    assert Range("AK") == Range("AKs, AKo") == Range("AKo AKs")
    assert Range("AK") != Range("AK:0.5")
    assert Range("AK") != Range("AKs")
    assert hash(Range("QQ+")) == hash(Range("AA, KK, QQ"))
    assert Range("AA") != "AA"
    assert Range(Range("AA")) == Range("AA")


# --- errors --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, token, position",
    [
        ("AKx", "AKx", 1),
        ("QQ+, A1s", "A1s", 6),
        ("AAs", "AAs", 1),
        ("TT, AK+", "AK+", 5),
        ("KQs+", "KQs+", 1),
        ("22-AKs", "22-AKs", 1),
        ("AKs-KQs", "AKs-KQs", 1),
        ("A5s-A2o", "A5s-A2o", 1),
        ("AKs-AQs-AJs", "AKs-AQs-AJs", 1),
        ("KAs", "KAs", 1),
        ("AhAh", "AhAh", 1),
        ("AhXh", "AhXh", 1),
        ("Ks", "Ks", 1),
        ("AKs;KQ", "AKs;KQ", 1),
        ("AKs:1.5", "AKs:1.5", 1),
        ("AKs:0", "AKs:0", 1),
        ("AKs:-0.5", "AKs:-0.5", 1),
        ("AKs:x", "AKs:x", 1),
        ("AKs:nan", "AKs:nan", 1),
        ("1.5(AK)", "1.5(", 1),
        ("0(AK)", "0(", 1),
        ("AA 0.5 KQ", "0.5", 4),
        ("0.5(AK", "0.5(", 1),
        ("0.5()", "0.5()", 1),
        ("0.5(0.5(AK))", "0.5(", 5),
        ("0.5(AK:0.3)", "AK:0.3", 5),
        ("AK)", ")", 3),
        ("(AK)", "(", 1),
        ("top", "top", 1),
        ("top 0%", "top 0%", 1),
        ("top 101%", "top 101%", 1),
        ("top 10", "top 10", 1),
        ("top AK", "top AK", 1),
        ("toppy", "toppy", 1),
        ("AK, AKs:0.5", "AKs:0.5", 5),
        ("0.5(AKs), AK", "AK", 11),
        ("QQ+  ,  AK, AKo:0.25", "AKo:0.25", 13),
    ],
)
def test_errors_name_token_and_position(text: str, token: str, position: int) -> None:
    with pytest.raises(RangeParseError) as info:
        Range(text)
    message = str(info.value)
    assert f"bad range token {token!r} at position {position} of {text!r}" in message
    assert text[position - 1 :].startswith(token.split()[0].rstrip("()") or token[0])


def test_error_reasons() -> None:
    def reason(text: str) -> str:
        with pytest.raises(RangeParseError) as info:
            Range(text)
        return str(info.value)

    assert "not s (suited) or o (offsuit)" in reason("AKx")
    assert "'1' is not a rank" in reason("A1s")
    assert "pair cannot be suited" in reason("AAs")
    assert "ambiguous" in reason("AK+")
    assert "mix a pair and a non-pair" in reason("22-AKs")
    assert "outside (0, 1]" in reason("AKs:1.5")
    assert re.search(r"combo \w{4} already has weight 1 from 'AK' at position 1", reason("AK, AKs:0.5"))
    assert "higher rank first: 'AKs'" in reason("KAs")


@pytest.mark.parametrize("text", ["", "   ", " , ,", "\n"])
def test_empty_text_is_an_error(text: str) -> None:
    with pytest.raises(RangeParseError, match="empty range"):
        Range(text)


def test_error_family() -> None:
    assert issubclass(RangeParseError, ShowdownError) and issubclass(RangeParseError, ValueError)
    with pytest.raises(RangeParseError):
        Range(42)  # type: ignore[arg-type]


# --- canonical text ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, canonical",
    [
        ("AA, KK, QQ, JJ, TT", "TT+"),
        ("22, 33, 44, 55", "22-55"),
        ("AA", "AA"),
        ("77", "77"),
        ("A2s+", "A2s+"),
        ("A5s-A2s", "A5s-A2s"),
        ("A2s-A5s", "A5s-A2s"),
        ("KQo-KTo", "KTo+"),
        ("KJo-KTo", "KJo-KTo"),
        ("AKs, AKo", "AK"),
        ("AKs:0.5, AKo:0.5", "0.5(AK)"),
        ("AKs, AKo:0.5", "AKs, 0.5(AKo)"),
        ("A2s+, ATo+", "A2s+, ATo+"),
        ("AhKh", "AhKh"),
        ("KhAh, AsAh", "AsAh, AhKh"),
        ("random", "random"),
        ("0.5(random)", "0.5(random)"),
        ("TT+, 0.25(22-55), AKs, KQo:0.5", "TT+, AKs, 0.5(KQo), 0.25(22-55)"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    r = Range(text)
    assert str(r) == canonical
    assert Range(canonical) == r
    assert repr(r) == f"Range({canonical!r})"


def test_partial_classes_are_written_as_combos() -> None:
    r = Range("AK").with_weights({"AdKd": 0, "AsKd": 0, "AhKd": 0, "AcKd": 0})
    assert len(r) == 12
    assert str(r).count(",") == 11  # no full class is left: every combo is written out
    assert Range(str(r)) == r


@pytest.mark.parametrize(("text", "cards", "shortest"), [
    ("AK", "Kd", "AK"),  # the combos of Kd are impossible, not left out
    ("QQ+, AKs", "Ks 7h 2h", "QQ+, AKs"),
    ("AA, KK, AKs", "Ah", "KK+, AKs"),  # AA's possible combos are all in: KK+ says it
    ("random", "As Kd", "random"),
    ("AKs, QQ:0.5", "Ks Qc", "AKs, 0.5(QQ)"),
])
def test_a_range_keeps_its_shortest_text_once_cards_are_out(text, cards, shortest) -> None:
    r = Range(text).without(cards)
    assert str(r) == shortest
    assert Range(str(r)).without(cards) == r
    assert eval(repr(r), {"Range": Range}) == r  # repr names the cards taken out
    assert r.to_dict()["without"] == " ".join(sorted(cards.split(), key=lambda c: (-"23456789TJQKA".index(c[0]),
                                                                                    -"cdhs".index(c[1]))))


def test_narrowing_keeps_short_text() -> None:
    board = "Ks 7h 2h"
    r = Range("QQ+, AK, 87s")
    assert str(r.remove(board=board)) == "QQ+, AK, 87s"
    assert str(r.filter(board, made=["set", "top-pair"])) == "KK, AK"
    assert str(r.split(board)["overpair"]) == "AA"
    assert str(r.filter(board, draws=["flush-draw"])) == "AhKh"
    # the text says the narrowed range on the board it was narrowed on
    assert Range("KK, AK").remove(board=board) == r.filter(board, made=["set", "top-pair"])


def test_ranges_combine_with_or_and_minus() -> None:
    left, right = Range("QQ+, AK, 0.5(JJ)"), Range("KK:0.25, JJ, AKs, T9s")
    for result, rule in ((left | right, np.maximum), (left & right, np.minimum)):
        for (combo, weight) in result:
            assert weight == rule(left.weight(combo), right.weight(combo))
        assert {combo for combo, _ in result} == ({c for c, _ in left} | {c for c, _ in right} if rule is np.maximum
                                                   else {c for c, _ in left} & {c for c, _ in right})
    assert str(left - right) == "AA, QQ, AKo"
    assert str("AKs" | Range("QQ")) == "QQ, AKs"
    assert str("random" - Range("22+, A2+")) == str(Range("random") - "22+, A2+")
    assert Range("AA").without("As") | Range("KK") == Range("AA").without("As") | "KK"
    assert str((Range("AA").without("As") | "KK").without("As")) == "KK+"
    with pytest.raises(RangeParseError):
        Range("AA") | "AZ"
    with pytest.raises(TypeError):
        Range("AA") | 5
    with pytest.raises(TypeError):
        Range("AsAhKsKh", game="omaha") | Range("AA")


WEIGHTS = st.sampled_from([0.25, 0.5, 0.75, 1.0])
CLASSES = starting_hands()


@st.composite
def random_ranges(draw: st.DrawFn) -> Range:
    weights = np.zeros(N_COMBOS)
    pairs = list(itertools.combinations(range(52), 2))
    for name in draw(st.lists(st.sampled_from(CLASSES), max_size=40, unique=True)):
        weight = draw(WEIGHTS)
        for combo, _ in Range(name):
            weights[pairs.index((combo[1].id, combo[0].id))] = weight
    for index in draw(st.lists(st.integers(0, N_COMBOS - 1), max_size=40, unique=True)):
        weights[index] = draw(WEIGHTS)
    combos = [f"{CARDS[a]}{CARDS[b]}" for (a, b), w in zip(pairs, weights, strict=True) if w]
    return Range.from_combos(combos, [w for w in weights if w])


@budget(1.5)
@given(random_ranges())
def test_canonical_text_round_trips(r: Range) -> None:
    text = str(r)
    if len(r) == 0:
        assert text == ""
        return
    again = Range(text)
    assert again == r
    assert str(again) == text
    assert sorted(map(tuple, again.combos.tolist())) == sorted(map(tuple, r.combos.tolist()))
    assert np.array_equal(again.weights, r.weights)


@budget(1)
@given(st.lists(st.sampled_from(CLASSES), min_size=1, max_size=30, unique=True))
def test_text_of_whole_classes_is_a_short_list(names: list[str]) -> None:
    r = Range(", ".join(names))
    assert classes_of(r) == set(names)
    assert len(str(r).split(", ")) <= len(names)
    assert Range(str(r)) == r


def test_from_combos() -> None:
    assert Range.from_combos(["AhKh", (Card("As"), Card("Ks")), [46, 51]]) == Range("AhKh, AsKs, AsKh")
    assert len(Range.from_combos([])) == 0 and str(Range.from_combos([])) == ""
    with pytest.raises(RangeParseError):
        Range.from_combos(["AhKhQh"])
    with pytest.raises(RangeParseError):
        Range.from_combos(["AhKh"], [1.5])
    with pytest.raises(RangeParseError):
        Range.from_combos(["AhKh", "KhAh"], [1, 0.5])


# --- card removal ----------------------------------------------------------------------------
def test_remove() -> None:
    r = Range("AA, KK, AKs")
    assert len(r.remove(board="As")) == 3 + 6 + 3
    assert len(r.remove(board="As Kd", dead="Ah")) == 1 + 3 + 1  # AdAc; KK without Kd; AcKc
    assert len(r.remove()) == len(r)
    assert r.remove(board="Ah", dead="Ah") == r.without("Ah")
    assert r.without(["As", "Ks"]) == r.remove(board="As", dead="Ks")
    assert len(Range("random").remove(board="2c 3d 4h")) == 1176  # C(49, 2)
    removed = Range("0.5(random)").remove(board="As Kd Qh", dead="2c")
    assert len(removed) == 1128 and set(removed.weights.tolist()) == {0.5}  # C(48, 2)
    touched = {CARDS[51], CARDS[45]}
    assert all(not touched & set(combo) for combo, _ in Range("random").without("As Kd"))
    assert len(r) == 16  # the original is unchanged


# --- top N% ----------------------------------------------------------------------------------
def test_top_sizes() -> None:
    for percent in (0.1, 1, 2.5, 5, 10, 15, 20, 33.3, 50, 75, 99, 100):
        r = Range(f"top {percent}%")
        target = percent * N_COMBOS / 100
        assert len(r) >= target - 1e-9
        names = top_starting_hands(percent)
        # rounded up to whole classes: one class fewer would not reach the target
        assert len(r) - len(Range(names[-1])) < target
        assert classes_of(r) == set(names)
    assert len(Range("top 10%")) == 134
    assert top_starting_hands(0.1) == ("AA",)


def test_top_is_monotone() -> None:
    previous = Range("top 0.5%")
    for percent in range(1, 101):
        current = Range(f"top {percent}%")
        assert classes_of(previous) <= classes_of(current)
        previous = current
    five, ten = Range("top 5%"), Range("top 10%")
    assert {c for c, _ in five} < {c for c, _ in ten}
    assert Range.top(10) == ten


# --- the preflop ordering ------------------------------------------------------------------
def test_ordering_is_a_permutation_of_the_169_classes() -> None:
    assert len(PREFLOP_ORDER) == 169 and set(PREFLOP_ORDER) == set(starting_hands())
    assert PREFLOP_ORDER[:3] == ("AA", "KK", "QQ")
    assert list(PREFLOP_EQUITY) == list(PREFLOP_ORDER)
    values = list(PREFLOP_EQUITY.values())
    assert values == sorted(values, reverse=True)
    assert sum(len(Range(name)) for name in PREFLOP_ORDER) == N_COMBOS


def test_ordering_sanity() -> None:
    rank = {name: i for i, name in enumerate(PREFLOP_ORDER)}
    assert PREFLOP_ORDER[-1] == "32o"
    for pair in (r * 2 for r in RANK_CHARS[1:]):
        assert rank[pair] < rank["72o"]
    for high in range(1, 13):
        for low in range(high):
            suited = f"{RANK_CHARS[high]}{RANK_CHARS[low]}s"
            offsuit = suited[:2] + "o"
            assert rank[suited] < rank[offsuit], suited  # suited beats its offsuit twin
    assert rank["AKs"] < rank["KQs"] < rank["QJs"] < rank["JTs"]
    assert rank["AKo"] < rank["A2o"] and rank["AKs"] < rank["A2s"]
    assert 0.845 < PREFLOP_EQUITY["AA"] < 0.857  # exact: 85.2%
    assert 0.340 < PREFLOP_EQUITY["72o"] < 0.352  # exact: 34.6%


def test_monte_carlo_agrees_with_the_shipped_order() -> None:
    cheap = estimate_preflop_equities(starting_hands(), trials=4_000, seed=7)
    assert cheap == estimate_preflop_equities(starting_hands(), trials=4_000, seed=7)
    # 4,000 deals give a standard error near 0.008: every hand within 0.04 of the shipped value
    assert max(abs(cheap[name] - PREFLOP_EQUITY[name]) for name in cheap) < 0.04
    order = sorted(cheap, key=lambda name: -cheap[name])
    shipped = {name: i for i, name in enumerate(PREFLOP_ORDER)}
    ranks = np.array([shipped[name] for name in order])
    assert np.corrcoef(ranks, np.arange(169))[0, 1] > 0.98
    assert order[0] == "AA"


def test_ranked_breaks_exact_ties_in_the_given_order() -> None:
    counts = {"72o": PreflopCount(1, 0, 2), "AA": PreflopCount(2, 0, 4), "KK": PreflopCount(3, 0, 5)}
    assert ranked(counts) == ["KK", "72o", "AA"]
    assert ranked({"AA": PreflopCount(1, 2, 4), "KK": PreflopCount(2, 0, 4)}) == ["AA", "KK"]  # 1/2 each


# --- the JSON shape and whole-hand edits (what the range grid uses) ------------------------------
@pytest.mark.parametrize("text", ["AhKh", "QQ+, AKs:0.5, 0.25(KQo)", "AsKs, AhKh, 72o", "top 7%, 0.3(22-55)",
                                  "random", "0.5(AcKd, AdKc), AQ"])
def test_to_dict_text_parses_back_to_the_same_range(text) -> None:
    rng = Range(text)
    data = rng.to_dict()
    assert Range(data["text"]) == rng and data["combos"] == len(rng)
    assert data["weight"] == pytest.approx(float(rng.weights.sum()))
    listed = {entry["hand"]: entry for entry in data["starting_hands"]}
    assert [entry["hand"] for entry in data["starting_hands"]] == [h for h in starting_hands() if h in listed]
    for hand, entry in listed.items():
        members = [(combo, weight) for combo, weight in rng if class_of(*combo) == hand]
        assert entry["combos"] == len(members) and entry["size"] == len(Range(hand))
        assert entry["weight"] == pytest.approx(sum(weight for _, weight in members) / entry["size"])
        assert entry["whole"] == (len(members) == entry["size"] and len({weight for _, weight in members}) == 1)
    assert sum(entry["combos"] for entry in data["starting_hands"]) == len(rng)


def test_with_weights_sets_whole_hands_and_keeps_every_other_combo() -> None:
    rng = Range("AhKh, 0.5(QQ), JTs:0.25")
    edited = rng.with_weights({"QQ": 1, "AKo": 0.5, "JTs": 0})
    assert str(edited) == "QQ, AhKh, 0.5(AKo)"
    assert edited.weight("AhKh") == 1 and edited.weight("AsKs") == 0  # the lone combo is kept as it was
    assert rng.with_weights({}) == rng and str(rng.with_weights({})) == str(rng)
    assert len(Range.from_combos([]).with_weights({hand: 1 for hand in starting_hands()})) == N_COMBOS


@pytest.mark.parametrize("weights, words", [({"AKx": 1}, "'AKx' is not a starting hand"),
                                            ({"AKs": 1.5}, "weight 1.5 is outside [0, 1]"),
                                            ({"AKs": True}, "the weight of AKs must be a number")])
def test_with_weights_names_bad_entries(weights, words) -> None:
    with pytest.raises(RangeParseError, match=re.escape(words)):
        Range("AA").with_weights(weights)


# --- single combos: what the range grid's suit picker edits and shows ----------------------------
def _combo_weights(r: Range) -> dict[frozenset[Card], float]:
    return {frozenset(combo): weight for combo, weight in r}


def test_with_weights_sets_single_combos_in_the_order_given() -> None:
    rng = Range("AKs, QQ, 0.5(T9o)")
    edited = rng.with_weights({"AcKc": 0, "AdKd": 0.5, "Q♠Q♥": 0, "8h7h": 1, "Td9c": 0.25})
    expected = _combo_weights(rng)
    del expected[frozenset(parse_cards("Ac Kc"))], expected[frozenset(parse_cards("Qs Qh"))]
    expected[frozenset(parse_cards("Ad Kd"))] = 0.5
    expected[frozenset(parse_cards("8h 7h"))] = 1.0
    expected[frozenset(parse_cards("Td 9c"))] = 0.25
    assert _combo_weights(edited) == expected
    assert Range(str(edited)) == edited  # the canonical text says exactly these combos
    assert len(edited) == len(rng) - 2 + 1
    # entries apply in order: a whole hand, then one of its combos, or the other way round
    assert rng.with_weights({"AKs": 0, "KhAh": 1}) == Range("QQ, 0.5(T9o), AhKh")
    assert rng.with_weights({"AhKh": 1, "AKs": 0}) == Range("QQ, 0.5(T9o)")


@pytest.mark.parametrize("name, reason", [
    ("AhAh", "card Ah appears twice in one combo"),
    (" AhAh ", "card Ah appears twice in one combo"),
    ("Ah Ah", "card Ah appears more than once"),
    ("Ah", "'Ah' is one card; a hand has two (e.g. AhKh, or a class such as AKs)"),
    ("AhKhQh", "3 cards; a combo has two"),
    ("", "'' is not a hand (expected e.g. TT, AKs, AKo, AK, AhKh, TT+, A5s-A2s)"),
    (" ", "'' is not a hand (expected e.g. TT, AKs, AKo, AK, AhKh, TT+, A5s-A2s)"),
    ("AKx+", "'x' is not s (suited) or o (offsuit)"),
    ("KAs", "write the higher rank first: 'AKs'"),
    ("AK+", "ambiguous: K is already the highest kicker below A, so '+' adds nothing; write 'AK' (or e.g. 'AQ+')"),
    ("XxYy", "'XxYy' is not a hand (expected e.g. TT, AKs, AKo, AK, AhKh, TT+, A5s-A2s)"),
    ("AKs:0.5", "'AKs:0.5' is not a hand (expected e.g. TT, AKs, AKo, AK, AhKh, TT+, A5s-A2s)"),
    ("top 0%", "top 0% is outside 0 < N <= 100"),
])
def test_with_weights_names_what_is_neither_a_hand_nor_a_combo_with_the_parsers_reason(name, reason) -> None:
    # the reason is the token parser's own (a repeated card says so), not a blanket refusal
    with pytest.raises(RangeParseError) as raised:
        Range("AA").with_weights({name: 1})
    assert str(raised.value) == (
        f"{name!r} is not a starting hand (such as AKs, AK or QQ+) or a combo (such as AhKh): {reason}")


@pytest.mark.parametrize("key", ["aks", "AKs ", " AKs", "AKS", "ako", "qq", "ak", "AK", "QQ+", "a2s+", "A5s-A2s",
                                 "22-55", "kto+", "ahkh", " AhKh ", "Q♠Q♥", "random", "top 2%", "TOP 10%"])
def test_with_weights_reads_a_key_as_the_range_parser_reads_one_token(key) -> None:
    # whatever Range(text) reads as one token (without a weight), with_weights reads the same way
    base = Range("AhKh, 0.5(JTs)")
    edited = base.with_weights({key: 0.25})
    named = Range(key.strip())
    assert _combo_weights(edited) == {**_combo_weights(base), **{combo: 0.25 for combo in _combo_weights(named)}}
    taken_out, gone = base.with_weights({key: 0}), _combo_weights(named)
    assert _combo_weights(taken_out) == {combo: w for combo, w in _combo_weights(base).items() if combo not in gone}


def test_with_weights_reads_both_halves_and_runs_as_every_combo_of_their_hands() -> None:
    assert Range.from_combos([]).with_weights({"AK": 1}) == Range("AKs, AKo") and len(Range("AK")) == 16
    assert str(Range("AA").with_weights({"kk+": 0.5, "ak": 1})) == "AK, 0.5(KK+)"
    assert Range("QQ+, AKs").with_weights({"qq+": 0}) == Range("AKs")
    # a combo in any card notation, also the ones one range token does not hold
    assert Range.from_combos([]).with_weights({"Ah Kh": 1, "10h 9h": 0.5, "a♠k♠": 1}) == Range("AhKh, AsKs, Th9h:0.5")


@pytest.mark.parametrize("weights, message", [
    ([("AhKh", 1)], "weights must be a mapping of hand to weight, got list"),
    ("AhKh", "weights must be a mapping of hand to weight, got str"),
    (None, "weights must be a mapping of hand to weight, got NoneType"),
    ({("Ah", "Kh"): 1}, "a hand in weights is text such as 'AKs' or 'AhKh', got tuple"),
    ({3: 1}, "a hand in weights is text such as 'AKs' or 'AhKh', got int"),
])
def test_with_weights_refuses_what_is_not_a_mapping_of_text(weights, message) -> None:
    with pytest.raises(RangeParseError) as raised:
        Range("AA").with_weights(weights)
    assert str(raised.value) == message


@pytest.mark.parametrize("hand", ["AA", "22", "AKs", "AKo", "T9s", "72o", "32o"])
def test_hand_combos_lists_every_combo_of_the_hand_with_its_weight(hand) -> None:
    rng = Range("AhKh, 0.5(AsKd), QQ+, 7c2d, 0.25(22), T9s")
    detail = rng.hand_combos(hand)
    entries = detail["combos"]
    assert detail["hand"] == hand and detail["size"] == len(entries) == len(Range(hand))
    assert {frozenset(parse_cards(entry["combo"])) for entry in entries} == set(_combo_weights(Range(hand)))
    suit_order = "shdc"
    for entry in entries:
        cards = parse_cards(entry["combo"])
        assert entry["cards"] == [str(card) for card in cards] and class_of(*cards) == hand
        assert cards[0].rank >= cards[1].rank
        assert entry["weight"] == rng.weight(entry["combo"])
    keys = [(suit_order.index(entry["cards"][0][1]), suit_order.index(entry["cards"][1][1])) for entry in entries]
    assert keys == sorted(keys)
    # the combos with a weight are exactly this hand's part of the range
    chosen = [entry for entry in entries if entry["weight"]]
    part = Range.from_combos([entry["combo"] for entry in chosen], [entry["weight"] for entry in chosen])
    assert _combo_weights(part) == {combo: w for combo, w in _combo_weights(rng).items() if class_of(*combo) == hand}


@pytest.mark.parametrize("hand, reason", [
    ("AK", "'AK' is two starting hands, AKs and AKo: name one"),
    ("qj", "'qj' is two starting hands, QJs and QJo: name one"),
    ("AKx", "'x' is not s (suited) or o (offsuit)"),
    ("KAs", "write the higher rank first: 'AKs'"),
    ("AAs", "a pair cannot be suited or offsuit"),
    ("AhKh", "a starting hand is a pair (AA) or two ranks with s or o (AKs, AKo)"),
    ("Ah", "a starting hand is a pair (AA) or two ranks with s or o (AKs, AKo)"),
    ("", "a starting hand is a pair (AA) or two ranks with s or o (AKs, AKo)"),
    ("top 10%", "a starting hand is a pair (AA) or two ranks with s or o (AKs, AKo)"),
    ("QQ+", "'+' is not s (suited) or o (offsuit)"),
])
def test_hand_combos_refuses_what_is_not_a_starting_hand(hand, reason) -> None:
    with pytest.raises(RangeParseError) as raised:
        Range("AA").hand_combos(hand)
    assert str(raised.value) == f"{hand!r} is not a starting hand (such as AA, AKs or AKo): {reason}"
    with pytest.raises(RangeParseError, match="^a starting hand is text such as 'AKs', got int$"):
        Range("AA").hand_combos(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("written, hand", [("aks", "AKs"), ("AKS", "AKs"), (" AKo ", "AKo"), ("ako", "AKo"),
                                           ("aa", "AA"), ("t9s", "T9s"), ("72O", "72o")])
def test_hand_combos_reads_a_starting_hand_as_the_range_parser_does(written, hand) -> None:
    rng = Range("AhKh, 0.5(AsKd), AA, T9s:0.25")
    assert Range(written.strip()) == Range(hand)
    detail = rng.hand_combos(written)
    assert detail == rng.hand_combos(hand) and detail["hand"] == hand  # the canonical name, the same JSON shape
    assert list(detail) == ["hand", "size", "combos"] and detail["size"] == len(Range(hand))
