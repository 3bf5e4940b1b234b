"""OpenSpiel's C++ euchre, driven from Python with random legal play.

A baseline for the engine's speed: the same loop (legal actions, random choice, apply).
"""

from __future__ import annotations

import importlib
import random
import time
from dataclasses import dataclass
from typing import Any

_MISSING = "OpenSpiel is not installed: pip install 'fivehundred[bench]' (open_spiel)"


@dataclass(frozen=True)
class EuchreResult:
    """Counts and wall time from a run of random euchre hands."""

    hands: int
    actions: int
    chance_actions: int
    elapsed: float

    @property
    def hands_per_second(self) -> float:
        """Complete hands (deal to terminal) per second of wall time."""
        return self.hands / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def actions_per_second(self) -> float:
        """Player decisions per second; chance outcomes (the deal) are not counted."""
        return self.actions / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def actions_per_hand(self) -> float:
        """Player decisions per hand, bidding and play together."""
        return self.actions / self.hands if self.hands > 0 else 0.0


def load_pyspiel() -> Any:
    """Import pyspiel lazily (it has no type stubs); raise RuntimeError if it is absent."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError as exc:
        raise RuntimeError(_MISSING) from exc


def _sample(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """Draw an action from (action, probability) pairs by inverse CDF, one rng.random() each.

    About five times cheaper than zip plus rng.choices, which would otherwise dominate the run.
    """
    x = rng.random()
    for action, probability in outcomes:
        x -= probability
        if x < 0.0:
            return action
    return outcomes[-1][0]


def euchre_available() -> bool:
    """Whether OpenSpiel imports and provides the euchre game."""
    try:
        return "euchre" in load_pyspiel().registered_names()
    except RuntimeError:
        return False


def measure_euchre(seconds: float = 3.0, seed: int = 1) -> EuchreResult:
    """Play random complete euchre hands for about `seconds` and count them.

    Chance nodes (dealer, deal, upcard) are sampled from their outcome
    probabilities; each player decision is a uniform choice among the legal actions.
    Only whole hands are timed and counted; the result is reproducible for a seed
    apart from how many hands fit in the time.
    """
    pyspiel = load_pyspiel()
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    hands = actions = chance_actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(state.chance_outcomes(), rng))
                chance_actions += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        hands += 1
        now = time.perf_counter()
    return EuchreResult(hands, actions, chance_actions, now - start)


if __name__ == "__main__":
    import importlib.metadata

    r = measure_euchre(5.0)
    print(f"open_spiel {importlib.metadata.version('open_spiel')}")
    print(f"{r.hands} hands in {r.elapsed:.2f} s: {r.hands_per_second:,.0f} hands/s")
    print(f"{r.actions_per_second:,.0f} decisions/s, {r.actions_per_hand:.2f} decisions/hand")
    print(f"{r.chance_actions / max(r.hands, 1):.2f} chance actions/hand")
