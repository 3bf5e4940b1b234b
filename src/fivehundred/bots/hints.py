"""Hints: what the Insane bot would do from a seat's view, and why (its candidate list).

>>> from fivehundred import Game, Rules
>>> from fivehundred.bots import Budget
>>> g = Game(Rules.preset("australian"), seed=7)
>>> h = hint(g.view(g.to_move), budget=Budget(samples=1))
>>> h.action in g.legal_actions() and len(h.candidates) > 0
True
"""

from __future__ import annotations

from ..view import View
from .base import Budget, Candidate, Decision, make


def hint(view: View, seed: int = 0, budget: Budget | None = None) -> Decision:
    """The Insane bot's decision for ``view`` (it must be that seat's turn)."""
    return make("insane", seed=seed, budget=budget).act(view)


_VERBS = {"auction": "Bid", "kitty": "Discard", "call": "Call", "play": "Play"}


def format_hint(d: Decision, limit: int = 8, phase: str = "play") -> str:
    """A hint as lines of text: the advice, then the best candidates with their values."""
    verb = _VERBS.get(phase, "Play")
    action = d.action if not (phase == "call" and d.action.startswith("call ")) else d.action[5:]
    if phase == "kitty" and d.plan:
        action = " ".join(d.plan)            # every card of the discard planned
    lines = [f"{verb} {action}" + (f"  ({d.reason})" if d.reason else "")]
    lines += [candidate_line(c) for c in d.candidates[:limit]]
    return "\n".join(lines)


def candidate_line(c: Candidate, action: str | None = None) -> str:
    """One candidate in columns: its action (``action``: written otherwise), its value, the
    chance its contract is made, the bot's note.

    >>> candidate_line(Candidate("call AH", 6.0, None, "with a partner"))
    '  call AH          +6.0  with a partner'
    """
    make_p = "" if c.make_probability is None else f"  makes {c.make_probability:.0%}"
    note = f"  {c.note}" if c.note else ""
    return f"  {action or c.action:<12} {c.value:+8.1f}{make_p}{note}"
