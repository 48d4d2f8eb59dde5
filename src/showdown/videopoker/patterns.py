"""Hold patterns in words: what the kernels' pattern codes say, as a strategy list prints them.

A pattern code packs ``penalty << 28 | kind << 24 | k << 20 | w << 16 | a << 12 | b << 8 | c`` (see
``showdown._kernels.strategy``): k cards held, w of them wild, and per kind: for made hands the
size of the group (wild cards counted), a two-pair flag, the rank group and the other cards
held; for draws the high cards and the straights the cards fit; for royal draws and high
cards the ranks T to A named as bits.

>>> from showdown.videopoker.final_hands import WILDS
>>> pattern_words([(ROYAL << 24) | (4 << 20)], WILDS["none"], {})
'4 to a royal flush'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Optional

from showdown.videopoker.final_hands import HandClass, Wild

DRAW_FIVE, PAT, WILDS_ONLY, MADE, ROYAL, STRAIGHT_FLUSH, FLUSH, STRAIGHT, HIGH, OTHER = range(10)
PENALTY = 28
FLUSH_PENALTY, STRAIGHT_PENALTY = 1, 2
_PENALTY_WORDS = ((FLUSH_PENALTY, "flush penalty"), (STRAIGHT_PENALTY, "straight penalty"))
_ROYAL_RANKS = "TJQKA"
_NUMBERS = ("no", "one", "two", "three", "four", "five")


def fields(code: int) -> tuple[int, int, int, int, int, int]:
    """``(kind, k, w, a, b, c)`` of a pattern code."""
    return code >> 24 & 15, code >> 20 & 15, code >> 16 & 15, code >> 12 & 15, code >> 8 & 15, code & 255


def penalty(code: int) -> int:
    """The penalty bits of a pattern code (FLUSH_PENALTY, STRAIGHT_PENALTY)."""
    return code >> PENALTY & 3


def shape(code: int) -> int:
    """The pattern without its penalty cards."""
    return code & ((1 << PENALTY) - 1)


def parent(code: int) -> int:
    """The pattern with the details a list line may merge left out: lines are runs of
    patterns with one parent (all pat hands; one made hand whatever its ranks; n to a royal,
    straight flush, flush or straight whatever the high cards; high cards whatever the ranks;
    any penalty cards).

    >>> parent((PAT << 24) | (5 << 20) | (7 << 12)) == parent((PAT << 24) | (5 << 20) | (5 << 12))
    True
    """
    kind = code >> 24 & 15
    keep = {PAT: ~0xFFFFFF, MADE: ~0xF0, ROYAL: ~0xFF, STRAIGHT_FLUSH: ~0xFF00, FLUSH: ~0xF000,
            STRAIGHT: ~0xFF00, HIGH: ~0xF0FF, OTHER: ~0xF000}.get(kind, ~0)
    return shape(code) & keep


_PENALTY_NAMES = {0: "no penalty card", FLUSH_PENALTY: "a flush penalty", STRAIGHT_PENALTY: "a straight penalty",
                  FLUSH_PENALTY | STRAIGHT_PENALTY: "flush and straight penalties"}


def penalty_words(members: Sequence[int], universe: Sequence[int]) -> str:
    """The penalty cards a line's patterns (all of one shape) call for, in words, or ``''``
    when the line plays its shape whatever the penalty cards (no pattern of that shape with
    other penalty cards still reaches the line, in ``universe``).

    >>> code = (ROYAL << 24) | (3 << 20)
    >>> penalty_words([code | FLUSH_PENALTY << PENALTY], [code, code | FLUSH_PENALTY << PENALTY])
    'with a flush penalty'
    >>> penalty_words([code], [code, code | FLUSH_PENALTY << PENALTY])
    'no flush penalty'
    >>> both = FLUSH_PENALTY | STRAIGHT_PENALTY
    >>> penalty_words([code], [code, code | FLUSH_PENALTY << PENALTY, code | both << PENALTY])
    'no flush penalty'
    >>> penalty_words([code], [code, code | FLUSH_PENALTY << PENALTY, code | STRAIGHT_PENALTY << PENALTY])
    'with no penalty card'
    """
    shapes = {shape(code) for code in members}
    mine = {penalty(code) for code in members}
    others = {penalty(code) for code in universe if shape(code) in shapes} - mine
    if not others:
        return ""
    every = mine | others
    for bit, name in _PENALTY_WORDS:  # one kind of penalty card decides: say it so
        if mine == {value for value in every if value & bit}:
            return f"with a {name}"
        if mine == {value for value in every if not value & bit}:
            return f"no {name}"
    if len(mine) <= len(others):
        return "with " + " or ".join(_PENALTY_NAMES[value] for value in sorted(mine))
    return "except with " + " or ".join(_PENALTY_NAMES[value] for value in sorted(others))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _wilds(w: int, game: Wild) -> str:
    if not w:
        return ""
    return " with the joker" if game.name == "joker" else f" with {_plural(w, 'deuce')}"


def _ranks(bits: int) -> str:
    """Named ranks T..A (bit 0 = T) highest first: ``'KQ'``."""
    return "".join(_ROYAL_RANKS[i] for i in range(4, -1, -1) if bits >> i & 1)


# Rank groups of made hands in words, by game and size: pairs 0 low, 1 high, 2 aces; three of
# a kind 0 2s-4s, 1 5s-kings, 2 aces (one group with wild cards).
_GROUP_WORDS = {
    ("none", 2): {frozenset({0}): "Low pair (2s to 10s)", frozenset({1}): "Pair of jacks, queens or kings",
                  frozenset({2}): "Pair of aces", frozenset({1, 2}): "High pair (jacks or better)",
                  frozenset({0, 1}): "Pair below aces", frozenset({0, 2}): "Low pair or pair of aces"},
    ("none", 3): {frozenset({0}): "Three 2s, 3s or 4s", frozenset({1}): "Three 5s to kings",
                  frozenset({2}): "Three aces", frozenset({1, 2}): "Three 5s to aces",
                  frozenset({0, 1}): "Three of a kind below aces", frozenset({0, 2}): "Three aces, 2s, 3s or 4s"},
    ("joker", 2): {frozenset({0}): "Low pair (2s to queens)", frozenset({1}): "High pair (kings or aces)"},
}


def _made(members: Sequence[int], game: Wild, universe: Sequence[int]) -> str:
    _, _, w, size, flags, _ = fields(members[0])
    two_pair, kicker = flags & 1, flags >> 1
    extra = members[0] & 15
    if two_pair:
        text = "Two pair"
    else:
        groups = frozenset(code >> 4 & 15 for code in members)
        every = frozenset(code >> 4 & 15 for code in universe if parent(code) == parent(members[0]))
        names = _GROUP_WORDS.get((game.name, min(size, 3)), {})
        generic = {2: "Pair", 3: "Three of a kind", 4: "Four of a kind"}.get(size, f"{size} of a kind")
        text = generic if groups == every or size >= 4 or groups not in names else names[groups]
    if extra:
        text += f" and {_plural(extra, 'other card')}" + (" (an A, 2, 3 or 4 among them)" if kicker else "")
    return text + _wilds(w, game)


def _alternatives(members: Sequence[int], universe: Sequence[int], field_index: int) -> Optional[list[int]]:
    """The values of one field the members take, or None when they take every value the
    patterns of their parent take (the line needs no qualifier then)."""
    values = sorted({fields(code)[field_index] for code in members})
    every = sorted({fields(code)[field_index] for code in universe if parent(code) == parent(members[0])})
    return None if values == every else values


def _by_rank(members: Sequence[int]) -> list[int]:
    """The named-rank bits of the members, highest ranks first (AK before KQ)."""
    return sorted({fields(code)[5] for code in members}, key=lambda bits: sorted(
        (i for i in range(5) if bits >> i & 1), reverse=True), reverse=True)


def _high_words(high: int) -> str:
    return "no high card" if high == 0 else _plural(high, "high card")


def _fits_words(k: int, fits: Sequence[int], w: int = 0) -> str:
    if k == 4 and w == 0 and set(fits) <= {1, 2}:
        return " or ".join({1: "inside", 2: "open"}.get(n, f"fits {n}") for n in fits)
    return "fits " + "/".join(str(n) for n in fits) + " straight" + ("" if list(fits) == [1] else "s")


def _straight_words(members: Sequence[int], flush: bool, game: Wild, universe: Sequence[int]) -> str:
    _, k, w, _, _, _ = fields(members[0])
    pairs = sorted({(fields(code)[3], fields(code)[4]) for code in members})
    every = sorted({(fields(code)[3], fields(code)[4]) for code in universe if parent(code) == parent(members[0])})
    if k == 4 and not flush and w == 0 and game.name != "deuces":
        # outside (fits 2) and inside (fits 1) straights, each with its high cards
        texts = []
        for count, name in ((2, "an outside"), (1, "an inside")):
            highs = [high for high, n in pairs if n == count]
            if highs:
                text = f"{name} straight"
                if game.name != "deuces" and highs != [high for high, n in every if n == count]:
                    text += " with " + " or ".join(_high_words(high) for high in sorted(highs, reverse=True))
                texts.append(text)
        return "4 to " + ", or ".join(texts) + _wilds(w, game)
    parts = []
    if pairs != every:
        for high in sorted({high for high, _ in pairs}, reverse=True):
            ways = [n for h, n in pairs if h == high]
            words = [] if game.name == "deuces" else [_high_words(high)]
            if ways != [n for h, n in every if h == high]:
                words.append(_fits_words(k, ways, w))
            if words:
                parts.append(", ".join(words))
    text = f"{k} to a {'straight flush' if flush else 'straight'}"
    return text + (" (" + "; ".join(parts) + ")" if parts else "") + _wilds(w, game)


def pattern_words(members: Sequence[int], game: Wild, labels: Mapping[HandClass, str],
                  universe: Sequence[int] = ()) -> str:
    """The words of a list line made of the pattern codes ``members`` (all of one parent), with
    the penalty cards it calls for; ``labels`` names the pay table's lines for pat hands;
    ``universe`` holds every pattern that still reaches the line, so that a line covering all
    of its parent's patterns needs no qualifier.

    >>> from showdown.videopoker.final_hands import WILDS
    >>> pattern_words([(HIGH << 24) | (2 << 20) | (2 << 12) | 0b00110], WILDS["none"], {})
    'Unsuited QJ'
    """
    by_penalty: dict[str, list[int]] = {}  # the line's shapes grouped by the penalty cards they call for
    for code in sorted({shape(code) for code in members}):
        words = penalty_words([member for member in members if shape(member) == code], universe)
        by_penalty.setdefault(words, []).append(code)
    shapes = [shape(code) for code in universe]
    texts = []
    for words, group in sorted(by_penalty.items(), key=lambda item: item[0] != ""):
        text = _shape_words(group, game, labels, shapes)
        texts.append(f"{text} ({words})" if words else text)
    return "; ".join(texts)


def _shape_words(members: Sequence[int], game: Wild, labels: Mapping[HandClass, str],
                 universe: Sequence[int] = ()) -> str:
    """The words of a line's penalty-free shapes."""
    kind, k, w, _, _, c = fields(members[0])
    if kind == DRAW_FIVE:
        return "Draw five new cards"
    if kind == PAT:
        names: list[str] = []
        for code in sorted(members, key=lambda code: -fields(code)[3]):
            hand = game.classes[fields(code)[3]]
            name = labels.get(hand, str(hand))
            if name not in names:
                names.append(name)
        return ", ".join(names) + " (stand pat)"
    if kind == WILDS_ONLY:
        return "The joker alone" if game.name == "joker" else f"{_NUMBERS[w].capitalize()} deuce{'s' if w > 1 else ''}"
    if kind == MADE:
        return _made(members, game, universe)
    if kind == ROYAL:
        naturals = k - w
        if naturals <= 2 and w == 0:
            return "Suited " + ", ".join(_ranks(bits) for bits in _by_rank(members))
        text = f"{k} to a royal flush"
        if naturals <= 2 and _alternatives(members, universe, 5) is not None:
            text += " (" + ", ".join(_ranks(bits) for bits in _by_rank(members)) + ")"
        elif naturals == 3 and w == 0 and _alternatives(members, universe, 5) is not None:
            flags = sorted({fields(code)[5] for code in members})
            flag_names = {0: "no ten or ace", 1: "with a ten", 2: "with an ace", 3: "ten and ace"}
            text += " (" + ", ".join(flag_names[flag] for flag in flags) + ")"
        return text + _wilds(w, game)
    if kind in (STRAIGHT_FLUSH, STRAIGHT):
        return _straight_words(members, kind == STRAIGHT_FLUSH, game, universe)
    if kind == FLUSH:
        highs = _alternatives(members, universe, 3)
        text = f"{k} to a flush"
        if highs is not None and game.name != "deuces":
            text += " (" + " or ".join(_high_words(high) for high in highs) + ")"
        return text + _wilds(w, game)
    if kind == HIGH:
        ranks = ", ".join(_ranks(bits) for bits in _by_rank(members))
        if k == 1:
            return f"One high card ({ranks})" if len(members) > 1 else {
                "A": "An ace", "K": "A king", "Q": "A queen", "J": "A jack"}.get(ranks, ranks) + " alone"
        return f"Unsuited {ranks}"
    highs = sorted({fields(code)[3] for code in members})
    others = "One other card" if k == 1 else f"{k} other cards"
    return f"{others} (" + " or ".join(_high_words(high) for high in highs) + ")" + _wilds(w, game)
