"""The random bots, the baselines: ``random``, any legal action, passing most of the time in
the auction (the arena's and the research environments' baseline: it bids any bid, 10NT
too); and ``random_low``, which bids only among the three lowest bids it may make (the text
game's opponents when no strength is asked for: a table's random player that does not bid
10NT at random)."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import action_from_token
from ..auction import rank_key
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


@dataclass
class RandomLowBot(BaseBot):
    """In the auction it passes ``pass_percent`` of the time and otherwise picks one of the
    three lowest bids it may make; elsewhere (the kitty, the five-handed call, the play) it
    picks uniformly among the legal actions.

    Its choices, as every bot's, are seeded by its seed and the view: the same view gives
    the same choice.
    """

    name: str = "random_low"
    pass_percent: int = 80

    def act(self, view: View) -> Decision:
        """A pass, one of the three lowest bids, or any legal action out of the auction."""
        self.check(view)
        legal = view.legal_actions
        rng = self.rng(view)
        if view.phase == "auction":
            bids = sorted((t for t in legal if t != "pass"),
                          key=lambda t: rank_key(view.rules, action_from_token(t, auction=True)))
            if not bids or ("pass" in legal and rng.below(100) < self.pass_percent):
                action = "pass"
            else:
                action = rng.choice(bids[:3])
        else:
            action = rng.choice(legal)
        return Decision(action, tuple(Candidate(a, 0.0) for a in legal), "random, low bids")


@register("random")
def _random(seed: int, budget: Budget) -> Bot:
    return RandomBot(seed=seed, budget=budget)


@register("random_low")
def _random_low(seed: int, budget: Budget) -> Bot:
    return RandomLowBot(seed=seed, budget=budget)
