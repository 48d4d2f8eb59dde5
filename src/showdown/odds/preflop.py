"""The heads-up preflop table: the exact equity of every starting hand against every starting hand.

Every ordered pair of non-overlapping combos (1,624,350 of them for all 169 hands) is one
matchup; matchups that differ by a permutation of suits, or by which player holds which hand,
share their board counts, so only 47,008 classes of matchups are scored, each over all
1,712,304 boards by rank and flush pattern (see :mod:`showdown.odds.exact`). The scoring can be
spread over a Dask cluster (``client=``); integer counts are added up in a fixed order, so the
table is bit-identical however it was computed.

>>> table = preflop_table(["AA", "KK", "AKs"])
>>> print(f"{table.equity('AA', 'KK'):.4f} {table.equity('AKs', 'AA'):.4f}")
0.8195 0.1214
>>> bool(table.wins[0, 1] + table.ties[0, 1] + table.wins[1, 0] == table.boards[0, 1])
True

Its rows, summed, are the shipped preflop order (:mod:`showdown.odds.ordering`).
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np

from showdown.errors import RangeParseError, ShowdownError
from showdown.files import open_output, writable_path
from showdown.odds.exact import by_hole_ranks, class_codes, decode_classes, score_classes, suit_permutations
from showdown.parallel.cluster import check_client, map_partitions, split
from showdown.parallel.interruption import interruptible
from showdown.quantities import callback, listed, shown, whole_number
from showdown.ranges import Range, starting_hand_of, starting_hands
from showdown.tables.layout import N_COUNTS, TIE, WIN

PARTITION_CLASSES = 1024
"""Matchup classes per partition of work (local or on a cluster)."""


@dataclass(frozen=True)
class PreflopTable:
    """``wins[i, j]``, ``ties[i, j]``, ``boards[i, j]``: over every pair of non-overlapping
    combos of starting hands i and j and every board, the cases hand i wins, ties, and in all.
    ``equity(a, b)`` is (wins + ties / 2) / boards for hand ``a`` against hand ``b``."""

    hands: tuple[str, ...]
    wins: np.ndarray
    ties: np.ndarray
    boards: np.ndarray

    def index(self, name: str) -> int:
        """The row of a starting hand such as ``AKs``.

        Raises:
            ShowdownError: ``name`` is not one of the table's starting hands.
        """
        try:
            return self.hands.index(name)
        except ValueError:
            raise ShowdownError(f"{shown(name)} is not one of this table's starting hands") from None

    def equity(self, hero: str, villain: str) -> float:
        """Starting hand ``hero``'s heads-up all-in equity against ``villain``.

        Raises:
            ShowdownError: a hand is not one of the table's starting hands.
        """
        i, j = self.index(hero), self.index(villain)
        return float((self.wins[i, j] + self.ties[i, j] / 2) / self.boards[i, j])

    @property
    def equities(self) -> np.ndarray:
        """The whole equity matrix (rows: hero's hand, columns: villain's hand)."""
        return (self.wins + self.ties / 2) / self.boards

    def against_random(self) -> dict[str, float]:
        """Each starting hand's exact equity against one random hand: all its cases over all hands."""
        wins = self.wins.sum(axis=1) + self.ties.sum(axis=1) / 2
        return {name: float(w / b) for name, w, b in zip(self.hands, wins, self.boards.sum(axis=1), strict=True)}

    def to_csv(self, path: Union[str, Path, None] = None) -> str:
        """The equity matrix as CSV (a header of hands, one row per hero's hand, full
        precision), written to ``path`` when given.

        Raises:
            FileError: ``path`` cannot be written (its folder is missing, it is a directory ...).
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["hand", *self.hands])
        for name, row in zip(self.hands, self.equities, strict=True):
            writer.writerow([name, *(repr(float(x)) for x in row)])
        text = out.getvalue()
        if path is not None:
            with open_output(path, "CSV file", mode="w") as handle:
                handle.write(text)
        return text

    def heatmap(self, path: Union[str, Path]) -> None:
        """A PNG heatmap of the equity matrix (needs matplotlib, the ``plot`` extra: without it, a
        ``ShowdownError`` says how to install it).

        Raises:
            FileError: ``path`` cannot be written (its folder is missing, it is a directory ...).
        """
        path = writable_path(path, "heatmap file")
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            raise ShowdownError("the heatmap needs matplotlib: pip install 'showdown-poker[plot]'") from None
        size = max(6.0, len(self.hands) / 10)
        figure, axes = plt.subplots(figsize=(size + 1.5, size))
        image = axes.imshow(self.equities, cmap="RdYlGn", vmin=0.0, vmax=1.0, interpolation="nearest")
        ticks = range(0, len(self.hands), max(1, len(self.hands) // 24))
        axes.set_xticks(list(ticks), [self.hands[i] for i in ticks], rotation=90, fontsize=7)
        axes.set_yticks(list(ticks), [self.hands[i] for i in ticks], fontsize=7)
        axes.set_xlabel("villain's hand")
        axes.set_ylabel("hero's hand")
        axes.set_title("Heads-up preflop all-in equity (exact)")
        figure.colorbar(image, ax=axes, fraction=0.046, pad=0.04, label="hero equity")
        figure.tight_layout()
        figure.savefig(path, dpi=110)
        plt.close(figure)


def _starting_hand(name: Any) -> str:
    """A starting hand's name (``AA``, ``AKs``, ``AKo``, in any case) in its canonical form."""
    if isinstance(name, str) and len(name.strip()) in (2, 3):
        try:
            return starting_hand_of(name)
        except RangeParseError:
            pass
    raise ShowdownError(f"{shown(name)} is not a starting hand (such as AA, AKs or AKo)")


def preflop_table(
    hands: Optional[Sequence[str]] = None,
    *,
    client: Any = None,
    partitions: Optional[int] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> PreflopTable:
    """The exact heads-up table of starting ``hands`` (default: all 169, in :func:`~showdown.starting_hands` order;
    names in any case, ``aks`` for ``AKs``).

    ``client``: a ``dask.distributed.Client`` to spread the scoring over; ``partitions``: how
    many partitions to cut the work into (default: one per ``PARTITION_CLASSES`` matchup
    classes); ``progress(done, total)`` is called as partitions finish. About 20 s for all 169 hands on
    two cores.

    Raises:
        ShowdownError: ``hands`` is not a list, is empty, repeats a hand or holds something other than a starting
            hand (``AA``, ``AKs``, ``AKo``), ``partitions`` is below 1, or ``progress`` cannot be called.
        DistributedError: ``client`` is not a Dask client.
    """
    callback(progress)
    check_client(client)
    if partitions is not None:
        whole_number(partitions, "partitions", low=1)
    names = starting_hands() if hands is None else tuple(_starting_hand(name) for name in listed(hands, "hands"))
    if not names or len(set(names)) != len(names):
        raise ShowdownError("preflop_table needs distinct starting hands")
    combos, owner = [], []
    for index, name in enumerate(names):
        for ids in Range(name).combos:
            combos.append(ids)
            owner.append(index)
    combo_ids = np.array(combos, dtype=np.uint8)
    owner_ids = np.array(owner, dtype=np.int64)
    n = len(combo_ids)
    both = np.stack([combo_ids, combo_ids])
    with interruptible():  # Ctrl-C waits for the threads of the classification to finish
        codes, _, seatings = class_codes(both, np.array([n, n], dtype=np.int64), np.ones((2, n)),
                                         suit_permutations(()), np.zeros(2, dtype=np.int64))
    # the assignments in the kernel's order: player 0's combo varies fastest, overlaps skipped
    grid_first, grid_second = np.meshgrid(np.arange(n), np.arange(n))
    masks = np.uint64(1) << combo_ids.astype(np.uint64)
    combo_masks = masks[:, 0] | masks[:, 1]
    keep = (combo_masks[grid_first.ravel()] & combo_masks[grid_second.ravel()]) == 0
    first, second = grid_first.ravel()[keep], grid_second.ravel()[keep]
    unique, inverse = np.unique(codes[:, 0], return_inverse=True)
    holes = decode_classes(np.stack([unique, np.zeros_like(unique)], axis=1), 2)
    count = max(1, math.ceil(len(holes) / PARTITION_CLASSES)) if partitions is None else partitions
    order = by_hole_ranks(holes)  # classes with the same hole ranks in the same partition
    ordered: Any = np.ascontiguousarray(holes[order])
    with interruptible():
        scored = map_partitions(score_classes, [(partition, 0, None) for partition in split(ordered, count)],
                                client=client, progress=progress)
    counts = np.empty((len(holes), 2, N_COUNTS), dtype=np.int64)
    totals = np.empty(len(holes), dtype=np.int64)
    counts[order] = np.concatenate([c for c, _ in scored])
    totals[order] = np.concatenate([t for _, t in scored])
    seat = (seatings & np.uint64(15)).astype(np.int64)  # where player 0 sits in the class
    inverse = inverse.ravel()
    cell = owner_ids[first] * len(names) + owner_ids[second]
    size = len(names) ** 2
    wins = np.bincount(cell, weights=counts[inverse, seat, WIN], minlength=size)
    ties = np.bincount(cell, weights=counts[inverse, seat, TIE], minlength=size)
    boards = np.bincount(cell, weights=totals[inverse], minlength=size)
    shape = (len(names), len(names))
    return PreflopTable(
        hands=names,
        wins=np.rint(wins).astype(np.int64).reshape(shape),
        ties=np.rint(ties).astype(np.int64).reshape(shape),
        boards=np.rint(boards).astype(np.int64).reshape(shape),
    )

