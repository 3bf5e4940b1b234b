"""Reference scores for learners in ``SoloEnv``: the built-in bots in the learner's seat.

Each policy plays seat 0 of hands 0..N-1 (``SoloEnv(preset, seat=0, bots=OPPONENTS)``, one hand
an episode, the same seeds for every policy) and the mean reward per hand (the points seat 0's
side scored) is printed with a 95% interval: the numbers a learner's curve is read against
(docs/env.md).  ``random`` picks uniformly among the legal actions.

    python bench/env_baselines.py australian 400 medium random,easy,medium,hard
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

import numpy as np

from fivehundred.bots import make
from fivehundred.env.solo import SoloEnv
from fivehundred.rng import Rng


def play_hands(preset: str, hands: int, opponents: str, policy: str) -> list[float]:
    """Seat 0's reward in each of ``hands`` hands, played by ``policy``."""
    env = SoloEnv(preset, seat=0, bots=opponents)
    out = []
    for seed in range(hands):
        obs, _ = env.reset(seed=seed)
        bot = make(policy, seed=seed) if policy != "random" else None
        rng = Rng(seed)
        total, done = 0.0, False
        while not done:
            if bot is None:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.below(len(legal))])
            else:
                action = env.game_env.action_id(bot.act(env.game_env.view("seat_0")).action)
            obs, reward, term, trunc, _ = env.step(action)
            total += reward
            done = term or trunc
        out.append(total)
    return out


def main(argv: list[str]) -> int:
    """``preset hands opponents policies``: one line per policy; 2 for bad arguments
    (argparse's message: they raised IndexError)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("preset", help="a rules preset, e.g. australian")
    ap.add_argument("hands", type=int, help="how many hands (seeds 0..N-1)")
    ap.add_argument("opponents", help="the bot at every other seat, e.g. medium")
    ap.add_argument("policies", help="comma-separated: random and bot names")
    a = ap.parse_args(argv)
    if a.hands < 2:
        ap.error(f"hands: at least 2 (an interval needs two), not {a.hands}")
    preset, hands, opponents, policies = a.preset, a.hands, a.opponents, a.policies.split(",")
    print(f"{preset}, seat 0 against {opponents} bots, hands 0..{hands - 1}:")
    for policy in policies:
        start = time.perf_counter()
        r = play_hands(preset, hands, opponents, policy)
        mean = statistics.fmean(r)
        half = 1.96 * statistics.stdev(r) / math.sqrt(len(r))
        print(f"  {policy:>7}: {mean:+7.1f} points a hand  [{mean - half:+.1f}, {mean + half:+.1f}]"
              f"  ({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
