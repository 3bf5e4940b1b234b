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

from ..actions import readable, readable_text
from ..scoring import declaring_seats
from ..view import View
from .base import Budget, Candidate, Decision, make


def hint(view: View, seed: int = 0, budget: Budget | None = None) -> Decision:
    """The Insane bot's decision for ``view`` (it must be that seat's turn), its candidates
    ranked for a reader (:func:`ranked`)."""
    d = make("insane", seed=seed, budget=budget).act(view)
    return replace(d, candidates=ranked(d))


def ranked(d: Decision) -> tuple[Candidate, ...]:
    """``d``'s candidates for a reader: the advised one first, then the others, the most
    valuable first.  A five-handed hint said "Call AS" over a list led by "alone", the call
    tied with two others below it; a bid trusted to the hand's evaluation over the imagined
    deals' values ("Bid 6♦ (hand evaluation, confirmed on imagined deals)") was not among
    the eight shown.

    >>> d = Decision("call AS", (Candidate("alone", 2.9), Candidate("call AC", 3.9),
    ...                          Candidate("call AS", 3.9)))
    >>> [c.action for c in ranked(d)]
    ['call AS', 'call AC', 'alone']
    >>> d = Decision("6D", (Candidate("pass", 0.0), Candidate("6H", 2.0),
    ...                     Candidate("6D", -60.0, 0.6)))
    >>> [c.action for c in ranked(d)]
    ['6D', '6H', 'pass']

    A discard is advised whole: the others that put out the same first card are ranked by
    their value with the rest.

    >>> d = Decision("6S", (Candidate("6S", 6.2, None, "discard 6S 8S 9S"),
    ...                     Candidate("6S", 5.8, None, "discard 6S 8S 8D"),
    ...                     Candidate("8H", 6.2, None, "discard 8H 10H QH")),
    ...              plan=("6S", "8S", "9S"))
    >>> [c.note for c in ranked(d)]
    ['discard 6S 8S 9S', 'discard 8H 10H QH', 'discard 6S 8S 8D']
    """
    advised = next((c for c in d.candidates if c.action == d.action
                    and (not d.plan or discard_of(c) == tuple(d.plan))),
                   next((c for c in d.candidates if c.action == d.action), None))
    return tuple(sorted(d.candidates, key=lambda c: (c is not advised, -round(c.value, 1))))


def defending(view: View) -> bool:
    """Whether ``view``'s seat plays against a contract: a hint's chances are then the
    declarer's, not the seat's own.

    >>> from fivehundred import Game, Rules
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> defending(g.view(0))                                # no contract yet
    False
    """
    c = view.contract
    return c is not None and view.seat not in declaring_seats(view.rules, c, view.partner)


_VERBS = {"auction": "Bid", "kitty": "Discard", "call": "Call", "play": "Play"}


def format_hint(d: Decision, limit: int = 8, phase: str = "play", defending: bool = False) -> str:
    """A hint as lines of text, suits as symbols: the advice, then the best candidates with
    their values (and, for a seat ``defending``, the declarer's chances: :func:`candidate_line`).

    >>> print(format_hint(Decision("QC", (Candidate("QC", 145.2, 0.15),)), defending=True))
    Play Q♣
      Q♣             +145.2  declarer makes 15%
    >>> [format_hint(Decision(a, ()), phase=p) for a, p in (("pass", "auction"),
    ...                                                     ("alone", "call"))]
    ['Pass', 'Play alone']
    """
    verb = _VERBS.get(phase, "Play")
    action = d.action if not (phase == "call" and d.action.startswith("call ")) else d.action[5:]
    if phase == "kitty" and d.plan:
        action = " ".join(d.plan)            # every card of the discard planned
    action = " ".join(readable(w) for w in action.split())
    advice = {"pass": "Pass", "alone": "Play alone"}.get(action, f"{verb} {action}")
    lines = [advice + (f" — {readable_text(d.reason)}" if d.reason else "")]
    lines += [candidate_line(c, defending=defending) for c in d.candidates[:limit]]
    return "\n".join(lines)


def discard_of(c: Candidate) -> tuple[str, ...]:
    """A discard candidate's cards, read from its note ("discard 6S 8S 9S", as the bots
    write it: its ``action`` is only the first card); none for another candidate.

    >>> discard_of(Candidate("6S", 6.2, None, "discard 6S 8S 9S")), discard_of(Candidate("7H", 1.0))
    (('6S', '8S', '9S'), ())
    """
    return tuple(c.note.split()[1:]) if c.note.startswith("discard ") else ()


def candidate_line(c: Candidate, action: str | None = None, defending: bool = False) -> str:
    """One candidate in columns, suits as symbols: its action (``action``: written
    otherwise), its value, the chance its contract is made (said to be the declarer's for a
    seat ``defending``: a defender's "makes 15%" read as his own chance), the bot's note.

    >>> candidate_line(Candidate("call AH", 6.0, None, "with a partner"))
    '  call A♥          +6.0  with a partner'
    >>> candidate_line(Candidate("7C", -0.04, None, "keeps 5S 10D"))
    '  7♣               +0.0  keeps 5♠ 10♦'
    >>> candidate_line(Candidate("QC", 145.2, 0.15), defending=True)
    '  Q♣             +145.2  declarer makes 15%'
    >>> candidate_line(Candidate("8H", 6.25, None, "discard 8H 10H QH"))   # its tricks
    '  8♥ 10♥ Q♥         6.2 tricks'
    """
    if discard := discard_of(c):
        cards = " ".join(readable(w) for w in discard)
        return f"  {action or cards:<12} {c.value:8.1f} tricks"
    whose = "declarer makes" if defending else "makes"
    make_p = "" if c.make_probability is None else f"  {whose} {c.make_probability:.0%}"
    note = "  " + " ".join(readable(w) for w in c.note.split(" ")) if c.note else ""
    value = round(c.value, 1) + 0.0          # (+ 0.0: never "-0.0")
    return f"  {action or readable(c.action):<12} {value:+8.1f}{make_p}{note}"
