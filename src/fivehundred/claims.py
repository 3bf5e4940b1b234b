"""A claim: "the rest of the tricks are ours", checked double dummy and played out at once.

A player in the play of a hand may claim every trick left for his side (the current one
included), or, as a misère's declarer, that he takes no trick more.  The claim stands only
when no defence can beat it: the solver, seeing every card, must prove it (it is then true
however the others play).  A claim that stands is played out at once, card by card, so the
game and its record stay ordinary plays: the claimant's side plays cards that keep the claim
true (among them the one Medium's judgement likes best, a natural line), the others play as
Medium would.  A claim that does not stand changes nothing.

"His side" is the side that scores his tricks: the declaring side (a five-handed called
partner included), or for a defender his own side of the table's sides (alone in a three- or
five-handed game, where each defender scores his own tricks).

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=3)
>>> for a in ["6H", "pass", "pass", "pass"]: g.apply(a)
>>> while g.phase == "kitty": g.apply(g.legal_action_ids()[0])
>>> for _ in range(20): g.apply(g.legal_action_ids()[0])
>>> names = ["North", "East", "South", "West"]
>>> try:
...     plan_claim(g, 1, names=names)
... except ClaimError as e:
...     print(e)
you & West cannot be sure of all 5 tricks left (the others can take one)
>>> c = plan_claim(g, 0, names=names)
>>> c.side, c.tricks, len(c.plays), g.tricks_won     # nothing played yet
((0, 2), 5, 20, (0, 3, 0, 2))
>>> c.play(g); g.phase, g.tricks_won
('hand_over', (1, 3, 4, 2))
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .errors import IllegalActionError
from .game import Game
from .numbers import seat_number
from .rules import Rules
from .scoring import declaring_seats
from .words import joined


class ClaimError(IllegalActionError):
    """A claim that may not be made now, or that the cards do not guarantee."""


SECONDS = 5.0
"""How long the tables give the solver to check a claim and plan its cards (a person waits
for the answer)."""

_OUT_OF_TIME = "the claim could not be checked in time: play on"


def _seat_words(rules: Rules, seats: tuple[int, ...], names: list[str] | None,
                claimant: int) -> str:
    """A side in the claimant's messages: "you" and the others' names (or numbers), from
    the claimant clockwise, as the tables name sides ("seat 1 & you" put seat 3 last).

    >>> r = Rules.preset("australian")
    >>> _seat_words(r, (1, 3), None, 3), _seat_words(r, (0, 2), ["S", "W", "N", "E"], 0)
    ('you & seat 1', 'you & N')
    >>> _seat_words(Rules.preset("six_threes"), (1, 3, 5), None, 3)
    'you, seat 5 & seat 1'
    """
    return joined(["you" if s == claimant else names[s] if names is not None else
                   f"seat {s}" for s in rules.clockwise_from(claimant, seats)])


@dataclass(frozen=True)
class Claim:
    """A claim that stands, and the cards that play the hand out."""

    seat: int
    """Who claimed."""
    side: tuple[int, ...]
    """The seats whose tricks the claim counts."""
    misere: bool
    """A misère declarer's claim that he takes no trick more."""
    tricks: int
    """The tricks claimed for the side: every trick left (0 for a misère's claim)."""
    plays: tuple[str, ...]
    """Every card still to be played, in order (tokens; a named joker lead as ``JK:H``)."""

    def sentence(self, name: Callable[[int], str], reader: int, rules: Rules) -> str:
        """What was claimed, for the ``reader``'s log; ``name(seat)`` is a seat's name in
        sentences (``You`` for the reader's own).  The side is named as the tables name
        sides: clockwise from the reader, so you first.

        >>> four, six = Rules.preset("australian"), Rules.preset("six_threes")
        >>> def seen_by(reader): return lambda s: "You" if s == reader else f"N{s}"
        >>> Claim(2, (0, 2), False, 3, ()).sentence(seen_by(2), 2, four)
        'You claimed the last 3 tricks for you & N0'
        >>> Claim(3, (1, 3, 5), False, 4, ()).sentence(seen_by(3), 3, six)
        'You claimed the last 4 tricks for you, N5 & N1'
        >>> Claim(1, (1, 3), False, 2, ()).sentence(seen_by(2), 2, four)
        'N1 claimed the last 2 tricks for N3 & N1'
        """
        who = name(self.seat)
        if self.misere:
            return f"{who} claimed the misère: {'you take' if who == 'You' else who + ' takes'} " \
                   "no more tricks"
        n = f"{self.tricks} trick{'s' if self.tricks != 1 else ''}"
        if len(self.side) == 1:
            return f"{who} claimed the last {n}"
        side = joined(["you" if name(s) == "You" else name(s)
                       for s in rules.clockwise_from(reader, self.side)])
        return f"{who} claimed the last {n} for {side}"

    def play(self, game: Game) -> None:
        """Play the claim out on ``game`` (the position it was planned on): every card or,
        on another position, none (:class:`ClaimError`, the game untouched)."""
        trial = game.clone()
        try:
            for a in self.plays:
                trial.apply(a)
        except IllegalActionError as e:
            raise ClaimError(f"the claim's cards do not fit this game (was it planned on "
                             f"another position?): {e}") from None
        if trial.phase == "play":
            raise ClaimError("the claim's cards do not play this hand out (was it planned on "
                             "another position?)")
        for a in self.plays:
            game.apply(a)


def claim_side(game: Game, seat: int) -> tuple[int, ...]:
    """The seats whose tricks ``seat``'s claim counts (see the module's text)."""
    c = game.contract
    r = game.rules
    out = set(game.sitting_out)
    if c is not None and not c.is_misere:
        ours = declaring_seats(r, c, game.partner)
        if seat in ours:
            return tuple(sorted(s for s in ours if s not in out))
    if c is not None and c.is_misere and seat == c.declarer:
        return (seat,)
    return tuple(s for s in r.sides[r.side_of[seat]] if s not in out)


PHASE_WORDS = {"call": "call of a partner", "hand_over": "end of the hand",
               "game_over": "end of the game"}
"""The phases a claim is refused in, as the refusal names them (others by their name)."""


def check_claimant(game: Game, seat: object) -> int:
    """``seat`` if it may claim now (the play of a hand, a seat in it; in a misère, only
    the declarer), else :class:`ClaimError`.  Looks at no hidden card."""
    seat = seat_number(seat, game.rules.players, ClaimError)   # numpy's ints too
    if game.phase != "play":
        phase = PHASE_WORDS.get(game.phase, game.phase.replace("_", " "))
        raise ClaimError(f"a claim is for the play of a hand, not the {phase}")
    if seat in game.sitting_out:
        raise ClaimError(f"seat {seat} sits out this hand: it has no tricks to claim")
    c = game.contract
    if c is not None and c.is_misere and seat != c.declarer:
        raise ClaimError("in a misère only the declarer claims: that he takes no trick more")
    return seat


def may_claim(game: Game, seat: int) -> bool:
    """Whether ``seat`` may claim now (:func:`check_claimant`; whether the claim would stand
    is the solver's to say)."""
    try:
        check_claimant(game, seat)
    except ClaimError:
        return False
    return True


def plan_claim(game: Game, seat: int, *, seconds: float | None = None,
               names: list[str] | None = None) -> Claim:
    """``seat``'s claim, checked double dummy, with the cards that play it out; ``game`` is
    left as it is.  :class:`ClaimError` when it may not be made now, when the cards do not
    guarantee it, or when ``seconds`` (for the whole plan) run out first.  ``names``: each
    seat's name, for the messages (which are the claimant's: his own seat reads "you")."""
    from .bots.medium import play_decision
    from .solver import Position, can_make, misere_safe, move_values
    from .solver.limits import LimitError, check_limits

    check_claimant(game, seat)
    try:
        check_limits(0, seconds)          # the solver's own check of a time limit
    except LimitError as e:
        raise ClaimError(f"the claim's limit: {e}") from None
    n = game.rules.players
    if names is not None and (not isinstance(names, (list, tuple)) or len(names) != n
                              or not all(isinstance(x, str) for x in names)):
        raise ClaimError(f"names are the {n} seats' names, one string each, not {names!r}")
    deadline = None if seconds is None else time.perf_counter() + seconds

    def left() -> float | None:
        if deadline is None:
            return None
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            raise ClaimError(_OUT_OF_TIME)
        return remaining

    c = game.contract
    misere = c is not None and c.is_misere
    side = claim_side(game, seat)
    who = _seat_words(game.rules, side, names, seat)
    g = game.clone()
    if misere:
        safe = misere_safe(g, seconds=left())
        if safe is None:
            raise ClaimError(_OUT_OF_TIME)
        if not safe:
            raise ClaimError(f"{who} cannot be sure to take no more tricks (the defence can "
                             f"give one)")
        tricks = 0
    else:
        p = Position.from_game(g, side=side)
        tricks = p.tricks_left
        ok = can_make(p, tricks, seconds=left())
        if ok is None:
            raise ClaimError(_OUT_OF_TIME)
        if not ok:
            raise ClaimError(f"{who} cannot be sure of the last trick (the others can take "
                             f"it)" if tricks == 1 else f"{who} cannot be sure of all {tricks} "
                             f"tricks left (the others can take one)")
    plays: list[str] = []
    while g.phase == "play":
        mover = g.to_move
        assert mover is not None
        order = [x.action for x in play_decision(g.view(mover)).candidates]
        if mover in side:
            if misere:
                values = move_values(g, seconds=left(), cap=1)
                keep = {a for a, v in values.items() if v == 0}
            else:
                need = Position.from_game(g, side=side).tricks_left
                values = move_values(g, side=side, seconds=left(), cap=need)
                keep = {a for a, v in values.items() if v == need}
            if any(v is None for v in values.values()):
                raise ClaimError(_OUT_OF_TIME)
            assert keep, "a claim proved true has a card that keeps it at every turn"
            order = [a for a in order if a in keep]
        plays.append(order[0])
        g.apply(order[0])
    return Claim(seat, side, misere, tricks, tuple(plays))

