"""The full exact preflop table: spot checks against equity(), symmetry, and the shipped preflop
order (tables/preflop_order.csv) regenerated from it."""

import numpy as np
import pytest

from conftest import require
from showdown import ShowdownError, equity, preflop_table
from showdown.odds import ordering
from showdown.odds.ordering import order_counts
from showdown.tables.preflop_order import PREFLOP_ORDER_FILE, preflop_counts, render


@pytest.fixture(scope="module")
def table():
    return preflop_table()


def test_the_table_agrees_with_equity_and_is_antisymmetric(table):
    assert len(table.hands) == 169
    for hero, villain in (("AA", "KK"), ("AKs", "QQ"), ("72o", "AKo"), ("JTs", "22"), ("A5s", "A5o")):
        assert table.equity(hero, villain) == equity([hero, villain], exact=True).equity[0]
    losses = table.boards - table.wins - table.ties
    assert (table.wins == losses.T).all() and (table.ties == table.ties.T).all()
    assert np.allclose(np.diag(table.equities), 0.5)
    assert table.boards.sum() == 1326 * 1225 * 1712304


def test_shipped_order_is_the_exact_table(table):
    wins, ties, cases = table.wins.sum(axis=1), table.ties.sum(axis=1), table.boards.sum(axis=1)
    shipped = preflop_counts()
    for i, hand in enumerate(table.hands):
        assert shipped[hand] == (wins[i], ties[i], cases[i]), hand
    assert order_counts(table) == {hand: shipped[hand] for hand in table.hands}
    assert render(order_counts(table)) == PREFLOP_ORDER_FILE.read_text(encoding="utf-8")


def test_preflop_table_output(tmp_path):
    table = preflop_table(["AA", "72o", "JTs"])
    text = table.to_csv(tmp_path / "t.csv")
    rows = [line.split(",") for line in text.splitlines()]
    assert rows[0] == ["hand", "AA", "72o", "JTs"] and float(rows[1][2]) == table.equity("AA", "72o")
    random_equity = table.against_random()
    assert random_equity["AA"] > random_equity["JTs"] > random_equity["72o"]
    with pytest.raises(ShowdownError, match="'AKx' is not a starting hand"):
        preflop_table(["AA", "AKx"])
    with pytest.raises(ShowdownError, match="distinct"):
        preflop_table(["AA", "AA"])
    lower = preflop_table(["aa", "72O", "jts"])  # any case, as every other entry point reads a hand
    assert lower.hands == table.hands and (lower.equities == table.equities).all()


def test_preflop_table_heatmap(tmp_path):
    require("matplotlib")
    table = preflop_table(["AA", "72o"])
    table.heatmap(tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_order_generator_checks_and_writes(table, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(ordering, "preflop_table", lambda: table)
    assert ordering.main(["--check"]) == 0
    copy = tmp_path / "preflop_order.csv"
    copy.write_text(PREFLOP_ORDER_FILE.read_text(encoding="utf-8").replace("AA,", "AA,1"), encoding="utf-8")
    monkeypatch.setattr(ordering, "PREFLOP_ORDER_FILE", copy)
    assert ordering.main(["--check"]) == 1 and "differs" in capsys.readouterr().err
    assert ordering.main(["--write"]) == 0
    assert copy.read_text(encoding="utf-8") == PREFLOP_ORDER_FILE.read_text(encoding="utf-8")
