"""``fivehundred hint``: replay a record to a point and ask the Insane bot (a client of the bots).

The command owns the replayed Game; the bot is given only the view of the seat to move.  A
record of one seat's view (``Viewpoint``, what the browser saves while a game goes on) is
replayed with the cards that seat did not see imagined
(:func:`~fivehundred.record.imagined.seat_game`): whatever they
are, the view the replay gives that seat is the one it had, so its own decisions can be
advised, and no other seat's.
"""

from __future__ import annotations

from typing import Any

from .bots import Budget
from .bots.base import Candidate, Decision
from .bots.hints import defending, discard_of, format_hint, hint, value_words
from .errors import FiveHundredError
from .game import Game
from .record.imagined import SeatGame, seat_game
from .words import joined


def hint_main(path: str, hand: int, action: int, as_json: bool = False,
              samples: int | None = None, seed: int | None = None,
              seconds: float | None = None, game: int | None = None) -> int:
    """``fivehundred hint RECORD [--game G] --hand N --action M``: the Insane bot's advice at
    that point.

    The record (with ``game``, game ``game`` of a dataset, from 1: ``selfplay``'s JSON lines)
    is read; its hand ``hand`` (from 1) is replayed for ``action`` actions; the advice is for
    the seat to move, from its view only, with ``samples`` imagined deals and within
    ``seconds`` if given.  The bot's seed is the one the game's tables give a hint at that
    point (:func:`~fivehundred.console.opponent.hint_seed`: the record's ``Seed``, else 0,
    the hand and the actions so far), so that the same position gets the same advice here
    as at the table; ``seed`` sets another.  Returns 0, or 2 with the reason on stderr.
    """
    import json
    import sys

    from .console.opponent import hint_seed
    from .record import replay, replay_warnings
    from .record.datasets import game_place
    from .solver.analysis import load_input
    from .solver.analysis.common import report_names, seat_label

    try:
        budget = Budget(samples=samples, seconds=seconds)
        rec = load_input(path, game)
        where = game_place(path, game)    # (the game's record)
        if isinstance(rec, tuple):
            raise FiveHundredError("a hint needs a game record (.fhr or .fhr.json), not a deal")
        if not rec.hands:       # (in replay's words: the record of a game not yet begun)
            raise FiveHundredError(f"{where}: the record has no hands to advise on")
        names = report_names(rec.rules, rec.seat_names)
        me = rec.viewpoint
        if me is None:
            try:
                g = replay(rec)     # the whole record checked first, as analyse and replay do
            except FiveHundredError as e:
                raise FiveHundredError(f"{where}: {e}") from None
            for said in replay_warnings(rec, g):      # (an older version's Result: said)
                print(f"fivehundred hint: {where}: warning: {said}", file=sys.stderr)
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
        seen: SeatGame | None = None
        if me is not None:
            try:
                seen = seat_game(rec, hand)
            except FiveHundredError as e:
                raise FiveHundredError(f"{where}: {e}") from None
            g = seen.game
        # back to that point of the game, the hands before it played: the scores, which
        # the bidding weighs (a new game of the hand's deal alone advised at 0 to 0)
        while g.hand_number > hand - 1 or len(g.actions) > action:
            g.undo()
        if g.to_move is None:
            raise FiveHundredError(f"after {action} actions hand {hand} is over: no one to "
                                   f"advise (give 0 to {last})")
        if seen is not None and me is not None:
            _check_own_turn(seen, g, me, names, hand, action)
        used = hint_seed(g) if seed is None else seed
        d = hint(g.view(g.to_move), seed=used, budget=budget)
    except FiveHundredError as e:
        print(f"fivehundred hint: {e}", file=sys.stderr)
        return 2
    if as_json:
        unit, words = value_words(d.candidates, g.phase,     # (those listed: all)
                                  defending(g.view(g.to_move)), sides=len(g.rules.sides))
        out = {"seat": g.to_move, "name": names[g.to_move], "action": d.action,
               "reason": d.reason, "samples": d.samples, "seed": used,
               "cards": list(d.marked(g.phase)), "value_unit": unit, "value_words": words,
               "candidates": [candidate_json(c, g.phase) for c in d.candidates]}
        print(json.dumps(out, indent=2))
    else:
        who = seat_label(names, g.to_move)
        print(f"{who[:1].upper() + who[1:]} to move: "
              + format_hint(d, phase=g.phase, defending=defending(g.view(g.to_move)),
                            sides=len(g.rules.sides)))
    return 0


def _check_own_turn(seen: SeatGame, g: Game, me: int, names: tuple[str, ...], hand: int,
                    action: int) -> None:
    """Refuse (FiveHundredError) a point of a one-seat record where another seat is to move
    (its cards are not in the record), or where the imagined cards would give the seat a
    view it did not have (the called card's holder, which the table knew, not recorded)."""
    from .solver.analysis.common import seat_label

    mine = seat_label(names, me)
    if g.to_move != me:
        acts = "action" if action == 1 else "actions"
        when = (f"it moves after {joined([str(m) for m in seen.moves], ' and ')} of them; "
                "give one of those" if seen.moves else "it has no decision in that hand")
        raise FiveHundredError(
            f"after {action} {acts} of hand {hand}, {seat_label(names, g.to_move or 0)} is to "
            f"move, but the record is {mine}'s view (Viewpoint {me}): the other seats' cards "
            f"are hidden in it, so a hint is for {mine}'s own decisions ({when})")
    if seen.holder_unknown and g.partner is not None:
        raise FiveHundredError(
            f"hand {hand}: the record does not say who holds the called card, whom the "
            f"table knew as the partner from the call on, so {mine}'s view after the call "
            f"cannot be rebuilt from it (give an action before the call)")


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
