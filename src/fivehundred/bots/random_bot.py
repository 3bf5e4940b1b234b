"""The random bot: any legal action, passing most of the time in the auction (a baseline)."""

from __future__ import annotations

from dataclasses import dataclass

from ..view import View
from .base import BaseBot, Bot, Budget, Candidate, Decision, register


@dataclass
class RandomBot(BaseBot):
    """Uniform over the legal actions, except that it passes 80% of the time it may."""

    name: str = "random"

    def act(self, view: View) -> Decision:
        """A random legal action (seeded by the bot's seed and the view)."""
        self.check(view)
        rng = self.rng(view)
        legal = list(view.legal_actions)
        if "pass" in legal and rng.below(100) < 80:
            action = "pass"
        else:
            action = rng.choice(legal)
        return Decision(action, tuple(Candidate(a, 0.0) for a in legal), "random")


@register("random")
def _random(seed: int, budget: Budget) -> Bot:
    return RandomBot(seed=seed, budget=budget)
