"""``fivehundred replay`` says the scores a game began at when its record has them
(``StartScores``): the first hand's totals count from there, and nothing said so
("+30 / +140" then "330 / 20", the 300 / -120 it began at never shown)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.cli import main
from fivehundred.record import dumps, dumps_json, record_from_game


def _one_hand(scores: tuple[int, int] | None) -> Game:
    """A four-handed game (from ``scores``, or 0 each) whose first hand is played out: the
    first to speak bids 7S, the rest pass, and every card is the first legal one."""
    g = Game(Rules.preset("australian"), seed=5, scores=scores)
    bid = True
    while g.phase not in ("hand_over", "game_over"):
        legal = g.legal_actions()
        if g.phase == "auction":
            g.apply("7S" if bid and "7S" in legal else "pass")
            bid = False
        else:
            g.apply(legal[0])
    return g


def _replayed(tmp_path: Path, text: str, name: str,
              capsys: pytest.CaptureFixture[str]) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    return out.out.splitlines()


@pytest.mark.parametrize("form", ["text", "json"])
def test_replay_states_the_starting_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           form: str) -> None:
    rec = record_from_game(_one_hand((300, -120)))
    assert rec.tag("StartScores") == "300,-120"
    text = dumps(rec) if form == "text" else dumps_json(rec)
    lines = _replayed(tmp_path, text, "start.fhr" if form == "text" else "start.fhr.json",
                      capsys)
    assert lines[0].startswith("4 players; sides: ")
    assert lines[1] == "Starting scores: seat 0+seat 2 300, seat 1+seat 3 -120"
    assert lines[2].startswith("Hand 1 ")
    points = next(x for x in lines if x.startswith("  points"))
    totals = next(x for x in lines if x.startswith("  totals"))
    # the totals are the start plus the points: the line before the hand says where from
    p = [int(w) for w in re.findall(r" ([+-]?\d+)(?=  |$)", points)]
    t = [int(w) for w in re.findall(r" ([+-]?\d+)(?=  |$)", totals)]
    assert len(p) == len(t) == 2
    assert t == [300 + p[0], -120 + p[1]]


def test_no_starting_scores_line_for_a_game_begun_at_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = record_from_game(_one_hand(None))
    assert rec.tag("StartScores") is None
    lines = _replayed(tmp_path, dumps(rec), "plain.fhr", capsys)
    assert lines[1].startswith("Hand 1 ")
    assert not any("Starting scores" in x for x in lines)


def test_the_starting_scores_use_the_records_seat_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = record_from_game(_one_hand((0, 250)), {"Seats": "North,East,South,West"})
    lines = _replayed(tmp_path, dumps(rec), "named.fhr", capsys)
    assert lines[1] == "Starting scores: North+South 0, East+West 250"
