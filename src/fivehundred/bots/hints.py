"""Hints: what the Insane bot would do from a seat's view, and why (its candidate list).

>>> from fivehundred import Game, Rules
>>> from fivehundred.bots import Budget
>>> g = Game(Rules.preset("australian"), seed=7)
>>> h = hint(g.view(g.to_move), budget=Budget(samples=1))
>>> h.action in g.legal_actions() and len(h.candidates) > 0
True
"""

from __future__ import annotations

from dataclasses import replace

from ..view import View
from .base import Budget, Candidate, Decision, make


def hint(view: View, seed: int = 0, budget: Budget | None = None) -> Decision:
    """The Insane bot's decision for ``view`` (it must be that seat's turn), its candidates
    ranked for a reader (:func:`ranked`)."""
    d = make("insane", seed=seed, budget=budget).act(view)
    return replace(d, candidates=ranked(d))


def ranked(d: Decision) -> tuple[Candidate, ...]:
    """``d``'s candidates, the most valuable first and the advised one first among those
    worth the same (a five-handed hint said "Call AS" over a list led by "alone", the call
    tied with two others below it).

    >>> d = Decision("call AS", (Candidate("alone", 2.9), Candidate("call AC", 3.9),
    ...                          Candidate("call AS", 3.9)))
    >>> [c.action for c in ranked(d)]
    ['call AS', 'call AC', 'alone']
    """
    return tuple(sorted(d.candidates, key=lambda c: (-round(c.value, 1), c.action != d.action)))


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
    >>> candidate_line(Candidate("7C", -0.04))
    '  7C               +0.0'
    """
    make_p = "" if c.make_probability is None else f"  makes {c.make_probability:.0%}"
    note = f"  {c.note}" if c.note else ""
    value = round(c.value, 1) + 0.0          # (+ 0.0: never "-0.0")
    return f"  {action or c.action:<12} {value:+8.1f}{make_p}{note}"
