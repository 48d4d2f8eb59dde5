"""Board study: the breakdown, every combo's exact equity, the next card, multiway Monte Carlo.

    .venv/bin/python benchmarks/bench_study.py

Every figure is the best of ``REPEAT`` repetitions after a warm-up call, on one thread
(``n_jobs=1``) unless the row says otherwise. The full range is ``random`` (1326 combos) against
``random``; the boards are ``FLOP``, ``FLOP`` + turn and + river.

Rows:

1. ``combo_equities`` of the full range against the full range, exact, every combo, on the flop,
   turn and river, against the plain exact enumeration of the same question by
   ``equity(["random", "random"], board, exact=True)`` (which gives only the whole range's
   equity, by the same kind of sweep over each runout; one timed run on the flop; the two
   answers must agree to 1e-9). On the river also against eval7's ``py_hand_vs_range_exact`` called for
   every hero combo (its exact hand-against-range is correct on a full board only: on a turn it
   deals no river).
2. ``breakdown`` of the full range on the flop, made hands and draws (no peer: the tools that do
   this are closed programs).
3. ``next_card`` full range against full range on the flop (every turn card's equity and
   class shares) against the plain way: ``equity(..., exact=True)`` on the turn for each card,
   timed on ``NEXT_CARD_SAMPLE`` cards and scaled to the 49.
4. ``combo_equities`` three-way (``random`` against two ``random``) by Monte Carlo, deals per
   second, against ``equity`` of the same spot by Monte Carlo (which gives only the range's
   equity).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _harness import RATIO_NOTE, best_of, format_table, row, tagged  # noqa: E402
from showdown import breakdown, combo_equities, equity, next_card  # noqa: E402

FLOP = "Ks 7h 2d"
TURN = FLOP + " 9c"
RIVER = TURN + " 3s"
NEXT_CARD_SAMPLE = ("As", "9c", "2c")
MC_TRIALS = 2_000_000


def _once(fn: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    result = fn()
    return time.perf_counter() - started, result


def _eval7_river() -> tuple[float, float] | None:
    """eval7's exact hand against range for every hero combo on the river: seconds and the range's
    equity (weighted as equity() weights it)."""
    try:
        import eval7
    except ImportError:
        return None
    board = [eval7.Card(c) for c in RIVER.split()]
    villain = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    on_board = {str(c) for c in board}
    heroes = [hand for hand, _ in villain.hands if not {str(hand[0]), str(hand[1])} & on_board]
    started = time.perf_counter()
    equities = [eval7.py_hand_vs_range_exact(list(hand), villain, board) for hand in heroes]
    return time.perf_counter() - started, sum(equities) / len(equities)


def run() -> list[dict[str, Any]]:
    rows = []
    plain_flop, plain = _once(lambda: equity(["random", "random"], FLOP, exact=True, n_jobs=1))
    for street, board in (("flop", FLOP), ("turn", TURN), ("river", RIVER)):
        result = combo_equities("random", "random", board, n_jobs=1)
        seconds = best_of(lambda board=board: combo_equities("random", "random", board, n_jobs=1))
        if street == "flop":
            peer_seconds, expected = plain_flop, plain.equity[0]
        else:
            peer_seconds = best_of(lambda board=board: equity(["random", "random"], board, exact=True, n_jobs=1),
                                   repeat=2)
            expected = equity(["random", "random"], board, exact=True).equity[0]
        assert abs(result.equity - expected) < 1e-9, (street, result.equity, expected)
        target = "≤ 0.1 s" if street == "flop" else "≤ 0.01 s"
        rows.append(row(f"combo_equities random vs random, {street}, exact, every combo, 1 thread ({target})",
                        seconds, "s", "equity() plain enumeration (range equity only)", peer_seconds,
                        peer_showdown=True))
        if street == "river":
            peer = _eval7_river()
            if peer is None:
                rows.append(row("combo_equities random vs random, river, every combo", seconds, "s", "eval7",
                                note="not installed"))
            else:
                peer_seconds, peer_equity = peer
                by_combo = combo_equities("random", "random", board).by_combo
                mean = sum(by_combo.values()) / len(by_combo)
                note = "" if abs(peer_equity - mean) < 1e-6 else f"eval7 mean {peer_equity:.6f} vs {mean:.6f}"
                rows.append(row("combo_equities random vs random, river, every combo, 1 thread", seconds, "s",
                                "eval7 py_hand_vs_range_exact per combo", peer_seconds, note))
    rows.append(row("breakdown random on a flop, made hands and draws (≤ 20 ms)",
                    best_of(lambda: breakdown("random", FLOP)), "s", note="no open peer"))
    seconds = best_of(lambda: next_card("random", "random", FLOP, n_jobs=1), repeat=3)
    per_card = sum(best_of(lambda card=card: equity(["random", "random"], f"{FLOP} {card}", exact=True, n_jobs=1),
                           repeat=1) for card in NEXT_CARD_SAMPLE) / len(NEXT_CARD_SAMPLE)
    rows.append(row("next_card random vs random on a flop, 49 turn cards, 1 thread (≤ 1 s)", seconds, "s",
                    f"equity() per turn card ({len(NEXT_CARD_SAMPLE)} timed, x49)", per_card * 49,
                    peer_showdown=True))
    players = ["random", "random", "random"]
    seconds = best_of(lambda: combo_equities("random", players[1:], FLOP, trials=MC_TRIALS, seed=1, n_jobs=1),
                      repeat=3)
    peer_seconds = best_of(lambda: equity(players, FLOP, exact=False, trials=MC_TRIALS, seed=1, n_jobs=1), repeat=3)
    rows.append(row("combo_equities three-way on a flop, Monte Carlo, 1 thread", MC_TRIALS / seconds / 1e6, "M deals/s",
                    "equity() Monte Carlo (range equity only)", MC_TRIALS / peer_seconds / 1e6,
                    peer_showdown=True))
    return tagged(rows, "study")


def main() -> None:
    print(format_table(run()))
    print()
    print(RATIO_NOTE)


if __name__ == "__main__":
    main()
