"""``fivehundred replay``'s last line says why its winner won, by the engine's judgement."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.cli import main
from fivehundred.record import dumps, record_from_game
from fivehundred.scoring import game_end
from recordgames import GOLDEN, choose


def _played(preset: str, seed: int, scores: tuple[int, ...]) -> Game:
    """A game of ``preset`` begun at ``scores``, played by the record tests' seeded policy to
    its end (begun near the target or the hole, it ends within a hand or a few)."""
    g = Game(Rules.preset(preset), seed=seed, scores=scores)
    rng = random.Random(seed)
    while g.phase != "game_over":
        if g.phase == "hand_over":
            g.next_hand()
            continue
        g.apply(choose(g, rng))
    return g


def _last_line(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``fivehundred replay PATH`` ends with."""
    assert main(["replay", str(path)]) == 0
    return capsys.readouterr().out.splitlines()[-1]


def test_a_side_that_won_because_the_other_fell_into_the_hole_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The golden record ended "Winner: side 1 (East+West) with -420": the winner at -420
    and nothing said of North+South at -740, in the hole."""
    assert _last_line(GOLDEN, capsys) == ("Winner: side 1 (East+West) with -420: North+South "
                                          "fell to -740 (the hole is -500)")


@pytest.mark.parametrize(("preset", "seed", "scores", "why"), [
    ("classic3", 1, (480, 480, 480), "reached 500 with 530"),
    ("classic3", 0, (480, 480, 480),        # (one trick of an open misère's, 10 each)
     "reached 500 with 510 on the same trick as seat 1, and a tie goes to the first from the "
     "declarer's left"),
    ("classic3", 3, (480, 480, 480),
     "reached 500 first, with 520; seat 1 and seat 2 reached it too"),
    ("classic3", 29, (480, 480, 480),
     "reached 500 with 540; seat 2 reached it too, but the declarer counts first"),
    ("australian", 2, (480, 480), "reached 500 with 520; seat 0+seat 2 reached it too, but a "
                                  "side wins only by making its own contract"),
    ("classic3", 23, (-480, 100, 100),
     "seat 0 fell to -560 (the hole is -500); won on a tie with seat 2 at 130: a tie goes to "
     "the first from the declarer's left"),            # (seat 0 declared, and fell)
])
def test_the_winner_line_says_why_as_the_engine_judged_it(
        preset: str, seed: int, scores: tuple[int, ...], why: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """At the target (alone, first, the declarer first, by own contract) or through the hole
    (a tie broken): the first part as it was ("Winner: side N (names) with S"), then why."""
    g = _played(preset, seed, scores)
    w = g.winner
    assert w is not None
    end = game_end(g.rules, g.scores, w, g.hand_results[-1])
    assert end.at_target == (not why.startswith("seat 0 fell"))      # (the engine's verdict)
    path = tmp_path / "game.fhr"
    path.write_text(dumps(record_from_game(g)), encoding="utf-8")
    names = "+".join(f"seat {s}" for s in g.rules.sides[w])
    assert _last_line(path, capsys) == f"Winner: side {w} ({names}) with {g.scores[w]}: {why}"
