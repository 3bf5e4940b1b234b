"""``fivehundred selfplay``: a dataset of whole games between bots, as JSON-lines game records,
the same from the same seed, resumable, and refusing what is not its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fivehundred import Rules
from fivehundred.cli import main
from fivehundred.record import loads_json, replay
from fivehundred.selfplay import game_seed, play_game


def _run(out: Path, games: int, *extra: str) -> int:
    return main(["selfplay", "--rules", "classic3", "--bots", "random", "--games", str(games),
                 "--seed", "5", "--out", str(out), "--quiet", *extra])


def test_a_dataset_is_its_seed_s_and_goes_on_where_it_stopped(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    assert _run(whole, 6) == 0
    assert _run(parts, 4) == 0 and _run(parts, 6) == 0
    assert whole.read_bytes() == parts.read_bytes()
    lines = whole.read_text().splitlines()
    assert len(lines) == 6
    r3 = Rules.preset("classic3")
    for n, line in enumerate(lines):
        rec = loads_json(line)
        assert rec.tag("Game") == str(n) and rec.tag("Bots") == "random,random,random"
        g = play_game(r3, ["random"] * 3, game_seed(5, n))
        assert replay(rec).scores == g.scores and rec.tag("Result") == str(g.winner)


def test_a_line_cut_short_is_cut_off_and_played_again(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d.jsonl"
    assert _run(out, 3) == 0
    whole = out.read_bytes()
    out.write_bytes(whole[: len(whole) - 40])          # (a run stopped while writing)
    assert _run(out, 3) == 0
    assert out.read_bytes() == whole
    assert "cut off a last line written in part" in capsys.readouterr().err


def test_another_dataset_s_file_is_refused_and_kept(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d.jsonl"
    assert _run(out, 2) == 0
    before = out.read_bytes()
    assert main(["selfplay", "--rules", "classic3", "--bots", "random", "--games", "3",
                 "--seed", "6", "--out", str(out)]) == 2
    assert "line 1: a game of another dataset" in capsys.readouterr().err
    (tmp_path / "x.jsonl").write_text('{"not": "a record"}\n')
    assert _run(tmp_path / "x.jsonl", 2) == 2
    assert "x.jsonl, line 1: not a game record" in capsys.readouterr().err
    assert out.read_bytes() == before


@pytest.mark.parametrize(("bots", "words"), [
    ("nosuchbot", "unknown bot 'nosuchbot'"),
    ("random,random", "give one bot, or one for each of the 3 seats: got 2"),
    ("cheater", "cheater"),
])
def test_bots_that_cannot_play_are_refused_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bots: str, words: str) -> None:
    out = tmp_path / "d.jsonl"
    assert main(["selfplay", "--rules", "classic3", "--bots", bots, "--games", "2",
                 "--out", str(out)]) == 2
    assert words in capsys.readouterr().err
    assert not out.exists()


def test_standard_output_takes_the_dataset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--rules", "two_24", "--bots", "random,easy", "--games", "2",
                 "--max-hands", "1", "--out", "-", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    recs = [loads_json(x) for x in lines]
    assert [len(r.hands) for r in recs] == [1, 1] and recs[0].tag("Result") == "*"
    assert json.loads(lines[0])["rules"].startswith("fivehundred(preset=two_24,")


def test_an_out_path_that_cannot_be_opened_is_said(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """An --out in a folder that does not exist, or a folder, ended in a traceback."""
    for out in (tmp_path / "none" / "d.jsonl", tmp_path):
        assert _run(out, 1) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"fivehundred selfplay: --out {out}: ") and "Traceback" not in err


def test_the_current_folder_is_searched_only_for_a_bot_of_your_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """selfplay put the current folder first on Python's path for any bot: a stray numba.py
    there ran in place of numba.  Only for module:name, and last."""
    import sys

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    before = list(sys.path)
    assert _run(tmp_path / "d.jsonl", 1) == 0
    assert sys.path == before
    (tmp_path / "s13spbots.py").write_text(
        "from fivehundred.bots import make\nfrom fivehundred.bots.base import register\n\n"
        "@register('s13sp')\ndef _f(seed, budget):\n    return make('random', seed, budget)\n")
    from fivehundred.bots.base import _REGISTRY

    try:
        assert main(["selfplay", "--rules", "classic3", "--bots", "s13spbots:s13sp",
                     "--games", "1", "--out", str(tmp_path / "o.jsonl"), "--quiet"]) == 0
        assert sys.path == [*before, str(tmp_path)]
    finally:
        _REGISTRY.pop("s13sp", None)
        sys.modules.pop("s13spbots", None)


def test_a_dataset_of_other_max_hands_is_another_dataset(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Games cut at --max-hands 1 were appended to a file of whole games."""
    out = tmp_path / "d.jsonl"
    assert _run(out, 2) == 0
    assert _run(out, 3, "--max-hands", "1") == 2
    assert "line 1: a game of another dataset" in capsys.readouterr().err


def test_a_file_of_more_games_than_asked_is_said_so(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Four games written, two asked for: it said "holds all 2 games already"."""
    out = tmp_path / "g.jsonl"
    assert _run(out, 4) == 0
    before = out.read_bytes()
    capsys.readouterr()
    assert _run(out, 2) == 0
    assert ("holds 4 games already, more than the 2 asked for: nothing written, nothing removed"
            in capsys.readouterr().err)
    assert out.read_bytes() == before
    assert _run(out, 4) == 0
    assert "holds all 4 games already" in capsys.readouterr().err


def test_going_on_with_a_file_counts_its_games_as_the_progress_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three games written, five asked for: "playing 3 to 4" (counted from 0) stood beside
    "4/5 games, 5/5 games" (from 1)."""
    out = tmp_path / "g.jsonl"

    def run(games: int) -> str:
        capsys.readouterr()
        assert main(["selfplay", "--rules", "classic3", "--bots", "random", "--games",
                     str(games), "--seed", "5", "--out", str(out)]) == 0
        return capsys.readouterr().err

    run(3)
    err = run(5)
    assert "holds 3 games already; playing 2 more, games 4 to 5" in err, err
    assert "5/5 games" in err
    assert "holds 5 games already; playing the last, game 6" in run(6)
