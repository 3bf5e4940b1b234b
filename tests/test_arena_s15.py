"""The arena's report for a club, as an organiser found it: it never said in words who won, by
how much and how sure; the games' Wilson shares looked decisive where the paired share held 0,
with nothing to say which to believe; and a rerun with a smaller ``--deals`` over a fuller
``--out`` file counted the first deals and said nothing of the rest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fivehundred import Rules
from fivehundred.arena import MatchSpec, UnitResult, format_report, summarize
from fivehundred.arena.report import deals_verdict, games_verdict
from fivehundred.cli import main


def spec(a: str = "medium", b: str = "easy", **kw: Any) -> MatchSpec:
    """A match of two players a side, bots A and B named (nothing is played)."""
    return MatchSpec(Rules.preset("australian").to_string(), a, b, **kw)


def deals(diffs: list[int]) -> list[UnitResult]:
    """Both seatings of a deal per number in ``diffs``, A scoring that much more than B."""
    return [UnitResult("deal", n, s, (d, 0) if s == "AB" else (0, d), None, (), {})
            for n, d in enumerate(diffs) for s in ("AB", "BA")]


def games(winners: list[str]) -> list[UnitResult]:
    """Both seatings of a game per seed, each won by the bot its letter in ``winners`` names
    (``"AB"``: A wins the first seating, B the second)."""
    return [UnitResult("game", n, s, (0, 0), s.index(w[i]), (), {})
            for n, w in enumerate(winners) for i, s in enumerate(("AB", "BA"))]


# ---------------------------------------------------------------------- points per deal


def test_points_per_deal_end_in_a_verdict() -> None:
    """The organiser's run said ``+80.0 95% CI [+29.6, +130.4]`` and no word of who won."""
    m = spec(deals=4)
    s = summarize(m, deals([60, 100, 80, 80]))
    assert s["deals"]["verdict"] == {
        "stronger": "A",
        "words": "medium (A) scored 80.0 more points a deal than easy (B); the 95% interval "
                 "lies above 0: medium (A) is shown the stronger"}
    assert f"  verdict: {s['deals']['verdict']['words']}\n" in format_report(s)
    b = summarize(m, deals([-60, -100, -80, -80]))["deals"]["verdict"]
    assert b == {"stronger": "B",
                 "words": "easy (B) scored 80.0 more points a deal than medium (A); the 95% "
                          "interval lies below 0: easy (B) is shown the stronger"}
    holds = summarize(m, deals([300, -200, 100, -120]))["deals"]["verdict"]
    assert holds == {"stronger": None,
                     "words": "medium (A) scored 20.0 more points a deal than easy (B), but the "
                              "95% interval holds 0: not told apart (more deals may tell them "
                              "apart)"}
    alike = summarize(m, deals([100, -100, 50, -50]))["deals"]["verdict"]
    assert alike == {"stronger": None,
                     "words": "medium (A) and easy (B) scored alike a deal, but the 95% interval "
                              "holds 0: not told apart (more deals may tell them apart)"}


def test_a_deal_verdict_claims_nothing_an_interval_cannot_say() -> None:
    """Too few deals, an interval of no width, a bot against itself: no bot is named the
    stronger, and the words say why."""
    m = spec(deals=4)
    cases = {
        "no deal complete: nothing to tell yet": summarize(m, []),
        "one deal cannot tell the bots apart: play more deals": summarize(m, deals([50])),
        "none: an interval of no width tells nothing of the bots (above)":
            summarize(m, deals([50, 50, 50])),
        "one bot against itself: nothing to tell apart":
            summarize(spec("easy", "easy", deals=2), deals([0, 0])),
    }
    for words, s in cases.items():
        assert deals_verdict(s) == {"stronger": None, "words": words}
        assert f"  verdict: {words}" in format_report(s)


# ---------------------------------------------------------------------- games


def test_the_games_verdict_is_the_paired_share_s() -> None:
    """8 of 8 games over 4 seeds: the Wilson share [67.6%, 100%] looked decisive beside an A - B
    share holding 0, and nothing said which to believe.  The verdict is the seeds' (the
    independent trials), the Wilson lines say what they are, and 7 seeds all won tell."""
    m = spec("easy", "random", games=4)
    s = summarize(m, games(["AA"] * 4))
    assert (s["games"]["a_win"]["k"], s["games"]["a_win"]["n"]) == (8, 8)
    assert s["games"]["a_win"]["low"] > 0.5 and s["games"]["a_minus_b"]["low"] < 0
    v = s["games"]["verdict"]
    assert v == {"stronger": None,
                 "words": "easy (A) won 8 of 8 games, random (B) 0 of 8, over 4 game seeds (the "
                          "independent trials), but the 95% interval of A - B share holds 0: "
                          "not told apart (more games may tell them apart)"}
    text = format_report(s)
    assert ("  (the Wilson intervals count each game as independent; a seed's games are played "
            "on the same deals, so the verdict is the paired share's)") in text, text
    assert f"  verdict: {v['words']}" in text
    seven = summarize(spec("easy", "random", games=7), games(["AA"] * 7))["games"]["verdict"]
    assert seven["stronger"] == "A" and seven["words"].endswith(
        "; the 95% interval of A - B share lies above 0: easy (A) is shown the stronger")
    swept = summarize(spec("easy", "random", games=8), games(["BB"] * 7 + ["AB"]))
    assert swept["games"]["verdict"]["stronger"] == "B"
    assert swept["games"]["verdict"]["words"].startswith(
        "easy (A) won 1 of 16 games, random (B) 15 of 16, over 8 game seeds")
    one = summarize(spec(games=1), games(["AA"]))["games"]["verdict"]
    assert one == {"stronger": None,
                   "words": "one game seed cannot tell the bots apart: play more games"}
    assert games_verdict(summarize(spec(games=1), []))["stronger"] is None


# ---------------------------------------------------------------------- results beyond


def test_results_beyond_the_match_are_said_not_counted() -> None:
    m = spec(deals=2, games=1)
    given = [*deals([10, 20, 30, 40]), *games(["AB", "BA", "AA"])[:5]]
    s = summarize(m, given)
    assert s["units_done"] == 6 and s["deals"]["complete"] == 2
    assert s["not_counted"] == {"units": 7, "deals": 2, "games": 2,
                                "to_count_all": {"deals": 4, "games": 3}}
    assert ("(the results file holds 7 units beyond the match asked for, of deals 2 to 3 and "
            "games 1 to 2: they are not counted, only the first 2 deals and the first game are; "
            "--deals 4 --games 3 counts them all)") in format_report(s)
    games_only = summarize(spec(games=1), deals([10, 20]))
    assert ("holds 4 units beyond the match asked for, of deals 0 to 1: they are not counted, "
            "only the first game is; --deals 2 counts them all") in format_report(games_only)
    assert summarize(m, deals([10, 20]))["not_counted"]["units"] == 0
    assert "beyond the match" not in format_report(summarize(m, deals([10, 20])))


def test_a_rerun_with_fewer_deals_says_the_file_holds_more(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--deals 10 --out d.jsonl`` then ``--deals 5``: it reported 5 deals and ``units done
    10/10`` and nothing of the other 10 units in the file."""
    out = tmp_path / "d.jsonl"
    argv = ["arena", "--a", "random", "--b", "easy", "--workers", "1", "--out", str(out)]
    assert main([*argv, "--deals", "3"]) == 0
    capsys.readouterr()
    lines = out.read_text()
    assert main([*argv, "--deals", "2", "--json", str(tmp_path / "s.json")]) == 0
    std = capsys.readouterr()
    words = ("holds 2 units beyond the match asked for, of deal 2: they are not counted, only "
             "the first 2 deals are; --deals 3 counts them all")
    assert f"arena: {out} {words} (nothing removed)" in std.err, std.err
    assert f"(the results file {words})" in std.out, std.out
    assert "units done 4/4" in std.out
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["not_counted"]["units"] == 2 and summary["deals"]["complete"] == 2
    assert out.read_text() == lines                      # nothing written, nothing removed
