"""``fivehundred hint``: replay a record to a point and ask the Insane bot (a client of the bots).

The command owns the replayed Game; the bot is given only the view of the seat to move.
"""

from __future__ import annotations

from typing import Any

from .bots import Budget
from .bots.base import Candidate, Decision
from .bots.hints import defending, discard_of, format_hint, hint


def hint_main(path: str, hand: int, action: int, as_json: bool = False,
              samples: int | None = None, seed: int = 0, seconds: float | None = None) -> int:
    """``fivehundred hint RECORD --hand N --action M``: the Insane bot's advice at that point.

    The record's hand ``hand`` (from 1) is replayed for ``action`` actions; the advice is for
    the seat to move, from its view only, with ``samples`` imagined deals and within
    ``seconds`` if given.  Returns 0, or 2 with the reason on stderr.
    """
    import json
    import sys

    from .errors import FiveHundredError
    from .record import replay
    from .solver.analysis import load_input
    from .solver.analysis.common import _label, _names

    try:
        budget = Budget(samples=samples, seconds=seconds)
        rec = load_input(path)
        if isinstance(rec, tuple):
            raise FiveHundredError("a hint needs a game record (.fhr or .fhr.json), not a deal")
        try:
            g = replay(rec)     # the whole record checked first, as analyse and replay do
        except FiveHundredError as e:
            raise FiveHundredError(f"{path}: {e}") from None
        n = len(rec.hands)
        if not 1 <= hand <= n:
            raise FiveHundredError(f"no hand {hand}: the record has {n} hand(s), numbered 1 "
                                   f"to {n}")
        h = rec.hands[hand - 1]
        last = h.last_to_move
        if not 0 <= action <= last:
            raise FiveHundredError(f"--action {action}: hand {hand} has {len(h.actions)} "
                                   f"actions, someone to move after 0 to {last} of them "
                                   f"(give one of those)")
        # back to that point of the game, the hands before it played: the scores, which
        # the bidding weighs (a new game of the hand's deal alone advised at 0 to 0)
        while g.hand_number > hand - 1 or len(g.actions) > action:
            g.undo()
        if g.to_move is None:
            raise FiveHundredError(f"after {action} actions hand {hand} is over: no one to "
                                   f"advise (give 0 to {last})")
        d = hint(g.view(g.to_move), seed=seed, budget=budget)
    except FiveHundredError as e:
        print(f"fivehundred hint: {e}", file=sys.stderr)
        return 2
    names = _names(rec.rules, rec.seat_names)
    if as_json:
        out = {"seat": g.to_move, "name": names[g.to_move], "action": d.action,
               "reason": d.reason, "samples": d.samples, "cards": list(d.marked(g.phase)),
               "candidates": [candidate_json(c, g.phase) for c in d.candidates]}
        print(json.dumps(out, indent=2))
    else:
        who = _label(names, g.to_move)
        print(f"{who[:1].upper() + who[1:]} to move: "
              + format_hint(d, phase=g.phase, defending=defending(g.view(g.to_move))))
    return 0


def candidate_json(c: Candidate, phase: str) -> dict[str, Any]:
    """A candidate of a hint in ``phase`` as ``--json`` gives it, with the ``cards`` it would
    mark as the hint's own ``cards`` are marked: every candidate of a discard put out the same
    first card (its ``action``), its other cards were only in its note.

    >>> candidate_json(Candidate("6S", 6.2, None, "discard 6S 8S 9S"), "kitty")["cards"]
    ['6S', '8S', '9S']
    >>> [candidate_json(Candidate(a, 1.0), p)["cards"] for a, p in (("JK:H", "play"),
    ...                                                              ("7H", "auction"))]
    [['JK'], []]
    """
    plan = discard_of(c) if phase == "kitty" else ()
    return {"action": c.action, "value": c.value, "make_probability": c.make_probability,
            "note": c.note, "cards": list(Decision(c.action, plan=plan).marked(phase))}
