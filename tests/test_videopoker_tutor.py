"""The trainer teaches: the lines of the strategy list the best hold and the played hold follow,
the EV given up, a tutor that judges a hold before the draw, and the mistakes by line."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction

import pytest

from conftest import run_cli
from showdown.errors import VideoPokerError
from showdown.videopoker import Trainer, describe_hold, holds, strategy


def _expected_line(plan, deal, positions, table):
    """The line a hold follows by the list's own lookup, or its words when it has none."""
    line = plan.line_for(deal, positions)
    return (line.number, line.words) if line is not None else (None, describe_hold(deal, positions, table))


@pytest.mark.parametrize("table", [  # the joker's list is derived in the slow tier
    "jacks-or-better-9-6", "deuces-wild-full-pay", pytest.param("joker-poker-kings", marks=pytest.mark.slow)])
def test_advice_names_both_lines_and_the_ev_given_up(table):
    plan = strategy(table)
    trainer = Trainer(table, seed=41)
    for _ in range(12):
        deal = trainer.deal()
        ranked = holds(deal, table)
        for hold in (ranked[0], ranked[len(ranked) // 2], ranked[-1]):
            advice = trainer.advise(hold.positions)
            assert advice.hold.positions == hold.positions
            assert advice.best.ev == ranked[0].ev
            assert advice.ev_lost == ranked[0].ev - hold.ev and advice.mistake == (hold.ev < ranked[0].ev)
            assert (advice.hold_line.number, advice.hold_line.words) == _expected_line(
                plan, deal, hold.positions, table)
            assert (advice.best_line.number, advice.best_line.words) == _expected_line(
                plan, deal, advice.best.positions, table)
        trainer.play(ranked[0].positions)


def test_a_tied_hold_is_its_own_best_hold():
    trainer = Trainer(seed=2)
    while True:
        deal = trainer.deal()
        ranked = holds(deal)
        tied = [hold for hold in ranked if hold.ev == ranked[0].ev and hold.positions != ranked[0].positions]
        if tied:
            break
        trainer.play(())
    advice = trainer.advise(tied[0].positions)
    assert not advice.mistake and advice.best.positions == tied[0].positions
    assert advice.best_line == advice.hold_line


def test_the_tally_groups_mistakes_by_the_best_holds_line():
    trainer = Trainer(seed=9)
    expected: dict[tuple, list] = {}
    for _ in range(25):
        trainer.deal()
        advice = trainer.advise(())  # drawing five is often a mistake
        played = trainer.play(())
        assert played.best_line == advice.best_line and played.hold_line == advice.hold_line
        assert played.ev_lost == advice.ev_lost
        if advice.mistake:
            entry = expected.setdefault((advice.best_line.number, advice.best_line.words), [0, Fraction(0)])
            entry[0] += 1
            entry[1] += advice.ev_lost
    tally = {(t.line.number, t.line.words): [t.mistakes, t.ev_lost] for t in played.by_line}
    assert tally == expected and played.by_line == trainer.by_line
    assert sum(t.mistakes for t in played.by_line) == played.mistakes > 0
    assert sum(t.ev_lost for t in played.by_line) == played.total_ev_lost
    assert [t.ev_lost for t in played.by_line] == sorted((t.ev_lost for t in played.by_line), reverse=True)
    data = json.loads(json.dumps(played.to_dict()))
    assert data["best_line"] == played.best_line.to_dict() and len(data["by_line"]) == len(played.by_line)


def test_advice_before_a_deal_is_refused():
    with pytest.raises(VideoPokerError, match="deal before playing a hold"):
        Trainer(seed=1).advise(())


def _tutor_session(capsys, monkeypatch, answers, *args):
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return run_cli(capsys, "vp", "play", "--seed", "12", *args)


def test_the_tutor_warns_before_a_weaker_draw_and_draws_on_yes(capsys, monkeypatch):
    trainer = Trainer(seed=12)
    deal = trainer.deal()
    ranked = holds(deal)
    worst = ranked[-1]
    advice = trainer.advise(worst.positions)
    assert advice.mistake
    typed = " ".join(str(p + 1) for p in worst.positions) or "none"
    out = _tutor_session(capsys, monkeypatch, f"{typed}\ny\nq\n", "--tutor")
    assert "Tutor:" in out and advice.best_line.words in out
    assert f"{float(advice.ev_lost):.4f}" in out
    assert out.count("Final hand:") == 1 and "Tally: 1 hand, 1 mistake" in out
    # the tally by line closes the session
    table = out.split("Mistakes by line")[1]  # a table: long words wrap in their cell
    assert all(word in table for word in str(advice.best_line).split()) and "0." in table
    # a new hold after the warning replaces the weaker one
    best = " ".join(str(p + 1) for p in ranked[0].positions) or "none"
    out = _tutor_session(capsys, monkeypatch, f"{typed}\n{best}\nq\n", "--tutor")
    assert "Tutor:" in out and "Tally: 1 hand, 0 mistakes" in out and "Mistakes by line" not in out
    # without --tutor the weaker hold is drawn at once and the verdict names both lines
    out = _tutor_session(capsys, monkeypatch, f"{typed}\nq\n")
    assert "Tutor:" not in out and "Tally: 1 hand, 1 mistake" in out
    verdict = re.search(r"Your hold .*", out, re.S).group(0)
    assert str(advice.best_line) in " ".join(verdict.split()) and str(advice.hold_line) in " ".join(verdict.split())
