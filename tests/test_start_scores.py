"""A game begun at a score (``Game(scores=...)``: a practice of one hand of another game, at
that game's score): its checks, its end, and its record (the ``StartScores`` tag), which
replays from that score."""

from __future__ import annotations

import pickle
import random

import pytest

from fivehundred import Game, RecordError
from fivehundred.record import (
    dumps,
    dumps_json,
    loads,
    loads_json,
    record_from_game,
    replay,
)
from recordgames import choose


def _played(preset: str, seed: int, scores: tuple[int, ...]) -> Game:
    """A game of ``preset`` begun at ``scores``, played to its end by the records' policy."""
    g = Game(preset, seed=seed, scores=scores)
    rng = random.Random(seed)
    while g.phase != "game_over":
        if g.phase == "hand_over":
            g.next_hand()
        else:
            g.apply(choose(g, rng))
    return g


def test_a_game_begins_at_the_scores_given_and_keeps_them() -> None:
    g = Game("australian", seed=3, scores=[480, -120])
    assert g.scores == g.start_scores == (480, -120)
    assert g.view(1).scores == (480, -120)
    assert g.clone().start_scores == pickle.loads(pickle.dumps(g)).start_scores == (480, -120)
    g.apply("pass")
    g.undo()
    assert g.scores == (480, -120)
    assert Game("australian", seed=3).start_scores == (0, 0)


@pytest.mark.parametrize(("preset", "scores", "error", "words"), [
    ("australian", [480], ValueError, "one whole number per side, 2 here, got 1"),
    ("australian", "480,0", TypeError, "one whole number per side (2), not '480,0'"),
    ("australian", {0: 1, 1: 2}, TypeError, "one whole number per side"),
    ("australian", [480.0, 0], TypeError, "side 0's is a whole number, not 480.0"),
    ("australian", [True, 0], TypeError, "side 0's is a whole number, not True"),
    ("australian", [0, -500], ValueError, "side 1 has -500, in the hole (-500)"),
    ("australian", [0, 10**10], ValueError, "past any game"),
    ("classic3", [0, 500, 0], ValueError, "side 1 has 500, the target: the game would be over"),
])
def test_scores_at_which_no_game_could_begin_are_refused(
        preset: str, scores: object, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as e:
        Game(preset, seed=1, scores=scores)  # type: ignore[arg-type]
    assert words in str(e.value), str(e.value)


def test_past_the_target_by_defending_a_game_of_own_contracts_goes_on() -> None:
    """Where a side wins only by its own contract, 520 reached by defending is no win: a
    game may begin there (it did in the game practised)."""
    assert Game("australian", seed=1, scores=[520, 0]).phase == "auction"


@pytest.mark.parametrize(("preset", "seed", "scores"), [
    ("australian", 11, (470, 200)), ("classic3", 4, (-480, 450, 90)),
    ("six_pairs", 2, (300, -40, 440)),
])
def test_the_record_of_a_game_begun_at_a_score_replays_from_it(
        preset: str, seed: int, scores: tuple[int, ...]) -> None:
    g = _played(preset, seed, scores)
    rec = record_from_game(g)
    assert rec.tag("StartScores") == ",".join(map(str, scores))
    assert rec.start_scores == scores
    first = rec.hands[0].result
    assert first is not None and first.totals == tuple(
        a + b for a, b in zip(scores, first.points, strict=True))
    for back in (loads(dumps(rec)), loads_json(dumps_json(rec))):
        assert back == rec
        r = replay(back)
        assert r.scores == g.scores and r.winner == g.winner and r.start_scores == scores
    seen = record_from_game(g, seat=1)           # (one seat's view: the scores are public)
    assert loads(dumps(seen)).start_scores == scores
    assert "StartScores" not in dumps(record_from_game(_played(preset, seed, (0,) * len(scores))))


def test_a_wrong_start_is_found_by_the_totals_and_a_bad_tag_is_named() -> None:
    text = dumps(record_from_game(_played("australian", 11, (470, 200))))
    with pytest.raises(RecordError, match=r"hand 1, result: totals .* recorded, but the "
                                          r"previous totals and this hand's points make"):
        loads(text.replace('[StartScores "470,200"]', '[StartScores "460,200"]'))
    for bad, words in (('"470"', "one whole number per side, 2 here, got 1"),
                       ('"470,x"', "whole numbers separated by commas"),
                       ('"470,-500"', "side 1 has -500, in the hole")):
        with pytest.raises(RecordError, match="tag StartScores: ") as e:
            loads(text.replace('"470,200"', bad))
        assert words in str(e.value), str(e.value)


def test_the_score_each_hand_began_at() -> None:
    """``scores_at``: the start, then each hand's points added; a hand not dealt refused."""
    g = _played("australian", 11, (470, 200))
    at = [g.scores_at(i) for i in range(len(g.hand_results) + 1)]
    assert at[0] == (470, 200) and at[-1] == g.scores
    for i, res in enumerate(g.hand_results):
        assert at[i + 1] == tuple(a + b for a, b in zip(at[i], res.points, strict=True))
    for bad in (-1, len(g.hand_results) + 1, True):
        with pytest.raises(ValueError, match="the hands so far are 0 to"):
            g.scores_at(bad)
