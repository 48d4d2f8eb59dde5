"""The full exact preflop table: spot checks against equity(), symmetry, and the shipped
``top N%`` ordering regenerated from it."""

import numpy as np
import pytest

from showdown import equity
from showdown.preflop_order import PREFLOP_EQUITY, _render, order_from_equities
from showdown.preflop_table import preflop_table


@pytest.fixture(scope="module")
def table():
    return preflop_table()


def test_the_table_agrees_with_equity_and_is_antisymmetric(table):
    assert len(table.classes) == 169
    for hero, villain in (("AA", "KK"), ("AKs", "QQ"), ("72o", "AKo"), ("JTs", "22"), ("A5s", "A5o")):
        assert table.equity(hero, villain) == equity([hero, villain], exact=True).equity[0]
    losses = table.boards - table.wins - table.ties
    assert (table.wins == losses.T).all() and (table.ties == table.ties.T).all()
    assert np.allclose(np.diag(table.equities), 0.5)
    assert table.boards.sum() == 1326 * 1225 * 1712304


def test_shipped_ordering_is_the_exact_table(table):
    equities = table.against_random()
    assert {name: round(value, 4) for name, value in equities.items()} == PREFLOP_EQUITY
    assert list(PREFLOP_EQUITY) == list(order_from_equities(equities))
    from pathlib import Path

    import showdown.preflop_order as module

    assert _render(equities) in Path(module.__file__).read_text(encoding="utf-8")
