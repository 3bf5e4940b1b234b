"""Imitation data from records (``fivehundred.env.imitation``): a researcher wanted
(observation, action) pairs from a ``selfplay`` dataset and had to find the recipe himself.
Each pair is what the environment shows the acting agent at that turn, and the actions replay
the game to its recorded scores."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from fivehundred import Game, Rules
from fivehundred.cli import main as selfplay_main
from fivehundred.env import FiveHundredEnv
from fivehundred.env.imitation import arrays, decisions
from fivehundred.errors import RecordError
from fivehundred.record import loads_json, record_from_game


def test_a_selfplay_datasets_pairs_are_what_the_environment_shows_and_replay_the_game(
        tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    assert selfplay_main(["selfplay", "--rules", "classic3", "--bots", "easy", "--games", "2",
                          "--seed", "4", "--out", str(out), "--quiet"]) == 0
    for line in out.read_text(encoding="utf-8").splitlines():
        rec = loads_json(line)
        obs, masks, actions = arrays(rec)
        assert obs.dtype == np.float32 and masks.dtype == bool and actions.dtype == np.int64
        assert masks[np.arange(len(actions)), actions].all()     # each action legal there
        env = FiveHundredEnv(rec.rules, episode="game", max_hands=len(rec.hands))
        env.reset(seed=int(rec.tag("Seed") or 0))
        for k, a in enumerate(actions):
            o, *_ = env.last()
            assert np.array_equal(o["observation"], obs[k]), k
            assert np.array_equal(o["action_mask"].astype(bool), masks[k]), k
            env.step(int(a))
        assert list(env.game.scores) == [int(x) for x in rec.hands[-1].result.totals]


def test_a_one_seat_record_is_refused_and_no_pair_is_given() -> None:
    g = Game(Rules.preset("australian"), seed=7)
    for tok in ("pass", "pass", "pass", "pass"):
        g.apply(tok)
    with pytest.raises(RecordError, match="Viewpoint"):
        list(decisions(record_from_game(g, seat=0)))
    obs, masks, actions = arrays([])
    assert obs.shape[0] == masks.shape[0] == actions.shape[0] == 0
