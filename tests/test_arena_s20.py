"""The arena's hands a game: an interval of what a mean can be (a game has at least one hand
and at most ``--max-hands``), not the plain t interval, whose low end fell below zero."""

from __future__ import annotations

import math

from fivehundred import Rules
from fivehundred.arena import MatchSpec, UnitResult, summarize
from fivehundred.arena.play import HandRecord
from fivehundred.arena.stats import mean_ci


def _game(n: int, seating: str, hands: int) -> UnitResult:
    """Game seed ``n`` in ``seating``: ``hands`` hands, all passed, won by A's side."""
    return UnitResult("game", n, seating, (500, 0), seating.index("A"),
                      tuple(HandRecord(None, None, None) for _ in range(hands)),
                      {"A": (), "B": ()})


def test_hands_per_game_never_says_fewer_than_one_hand() -> None:
    """Four games of 1, 1, 1 and 29 hands: the plain t interval said -14.3 to 30.3 hands a
    game (the arena's JSON gave -0.09 for one run); the low end is now 1 hand, the high end
    the t interval's, within --max-hands."""
    spec = MatchSpec(Rules.preset("australian").to_string(), "random", "random", games=2)
    results = [_game(0, "AB", 1), _game(0, "BA", 1), _game(1, "AB", 1), _game(1, "BA", 29)]
    got = summarize(spec, results)["games"]["hands_per_game"]
    plain = mean_ci([1, 1, 1, 29])
    assert plain.low < 0                                   # (what the plain interval says)
    assert got["mean"] == 8 and got["n"] == 4 and got["sd"] == plain.sd
    assert got["low"] == 1 and got["high"] == plain.high, got
    capped = MatchSpec(spec.rules, "random", "random", games=2, max_hands=29)
    got = summarize(capped, results)["games"]["hands_per_game"]
    assert (got["low"], got["high"]) == (1, 29), got


def test_the_clipped_interval_keeps_the_mean_and_its_edges() -> None:
    """Values well inside the range keep the plain t interval; one value has none."""
    from fivehundred.arena.stats import clipped_mean_ci

    xs = [6.0, 7.0, 8.0, 9.0, 10.0]
    assert clipped_mean_ci(xs, 1, 500) == mean_ci(xs)
    one = clipped_mean_ci([3.0], 1, 500)
    assert one.mean == 3 and math.isnan(one.low) and math.isnan(one.high)
