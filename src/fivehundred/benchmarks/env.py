"""The learning environments' speed: random hands through PettingZoo and OpenSpiel.

The same random player as the engine's rows (:mod:`.engine`: pass 70% of the time in the
auction, otherwise uniform), but every decision goes through the environment: PettingZoo's
``last()`` builds the agent's observation (its View encoded) before each step; OpenSpiel's
state deals card by card as chance nodes and the mover's observation tensor is read before
each decision.  None when the library is not installed.
"""

from __future__ import annotations

import random
import time

import numpy as np

from ..actions import PASS
from .engine import EngineResult
from .openspiel_euchre import load_pyspiel


def measure_pettingzoo(preset: str = "australian", seconds: float = 3.0,
                       seed: int = 1) -> EngineResult | None:
    """Random hands through :class:`~fivehundred.env.FiveHundredEnv`, an observation a step."""
    try:
        from ..env.aec import FiveHundredEnv
    except ImportError:
        return None
    env = FiveHundredEnv(preset)
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=seed + hands)
        while env.agents:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
            env.step(PASS if PASS in legal and rng.random() < 0.7 else rng.choice(legal))
            actions += 1
        hands += 1
    return EngineResult(f"{preset} through PettingZoo (an observation a step)", hands, actions,
                        time.perf_counter() - start)


def measure_openspiel(preset: str = "australian", seconds: float = 3.0,
                      seed: int = 1) -> EngineResult | None:
    """Random hands through the OpenSpiel game, the deal as chance nodes, the mover's
    observation tensor read before each decision."""
    try:
        pyspiel = load_pyspiel()
        from ..env.openspiel import SHORT_NAME
    except (ImportError, RuntimeError):
        return None
    game = pyspiel.load_game(SHORT_NAME, {"rules": preset})
    rng = random.Random(seed)
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                cards = [c for c, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(cards))
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(PASS if PASS in legal and rng.random() < 0.7
                               else rng.choice(legal))
            actions += 1
        hands += 1
    return EngineResult(f"{preset} through OpenSpiel (the deal as chance nodes)", hands,
                        actions, time.perf_counter() - start)
