"""What a student reads (a coach's review of 2026-12-06): a forced card's hint gives no value
(``+0.0`` beside the only card read as its worth), and every review says what double dummy
means."""

from __future__ import annotations

from pathlib import Path

import pytest

from fivehundred import Game
from fivehundred.bots import make
from fivehundred.bots.hints import format_hint, hint
from fivehundred.cli import main
from fivehundred.console.narration import Narrator
from fivehundred.console.reviews import DOUBLE_DUMMY, every_card_lines, review_lines
from fivehundred.solver.analysis import review_hand


def _played(seed: int = 7) -> Game:
    """An australian hand played to its end by Medium in every seat."""
    g = Game("australian", seed=seed)
    bots = [make("medium", seed=i) for i in range(4)]
    while g.phase not in ("hand_over", "game_over"):
        seat = g.to_move
        assert seat is not None
        g.apply(bots[seat].act(g.view(seat)).action)
    return g


def test_a_forced_card_s_hint_names_it_without_a_value() -> None:
    g = Game("australian", seed=7)
    bots = [make("medium", seed=i) for i in range(4)]
    forced = 0
    while g.phase not in ("hand_over", "game_over"):
        seat = g.to_move
        assert seat is not None
        view = g.view(seat)
        if len(view.legal_actions) == 1:
            d = hint(view)
            assert d.action == view.legal_actions[0] and not d.candidates, d
            text = format_hint(d, phase=view.phase)
            assert "+0.0" not in text and text.endswith("the only card you may play"), text
            forced += 1
        g.apply(bots[seat].act(view).action)
    assert forced, "the hand has a forced card to check"


def test_each_review_says_what_double_dummy_means() -> None:
    g = _played()
    r = review_hand(g.clone(), 0, seats=range(4))
    n = Narrator(g.rules, 0)
    for lines in (review_lines(r, n), every_card_lines(r, n)):
        assert lines[-1] == DOUBLE_DUMMY and lines[-2] == "", lines[-3:]
    assert DOUBLE_DUMMY.startswith("Double dummy: as if every hand lay face up")


DATA = Path(__file__).resolve().parent / "data"


def test_the_misere_defence_at_six_says_the_declarers_card_is_beaten(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A six-handed misère (a Medium self-play game: ``selfplay --rules six_threes --bots
    medium --seed 3``): the declarer's 6♣ overtaken in the trick, each defender's card was "the
    declarer is beaten: sheds a high card", the 2♣ too, and the misère was safe."""
    assert main(["hint", str(DATA / "six_threes_misere_s14.fhr.json"), "--hand", "1",
                 "--action", "12", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    assert "declarer is beaten" not in out and "sheds a high card" not in out, out
    rows = [line for line in out.splitlines()[1:] if line.startswith("  ") and "♣" in line]
    assert len(rows) >= 2 and all(
        row.endswith("the declarer's card is beaten: the higher, the better") for row in rows), out
