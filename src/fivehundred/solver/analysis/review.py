"""A finished hand reviewed against double dummy: what the cards allowed, and each of your
plays beside the best (or every seat's: ``seats``).

Offered only when every card was played: then every hand at every trick is known to all (the
cards were seen as they fell), so the review shows nothing your seat did not see. A hand
thrown in, or ended early (a misère's declarer taking a trick), has cards nobody saw, and
gets a reason instead. The declarer's discards are never needed (they are out of play).

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=6)
>>> for a in ["6H", "pass", "pass", "pass"]: g.apply(a)
>>> while g.phase != "hand_over": g.apply(g.legal_action_ids()[0])
>>> r = review_hand(g, seat=0)
>>> r.to_dict()["plays"][0]["trick"]
1
>>> r.counted, r.needed, 0 <= r.double_dummy <= 10, len(r.plays)
((1, 3), 6, True, 10)
>>> all(p.cost >= 0 for p in r.plays if p.cost is not None)
True
>>> every = review_hand(g, seat=0, seats=range(4))    # every card: all were seen
>>> len(every.plays), sorted({p.seat for p in every.plays}), every.double_dummy == r.double_dummy
(40, [0, 1, 2, 3], True)
>>> tuple(p for p in every.plays if p.seat == 0) == r.plays
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...actions import token_of
from ...cards import tokens
from ...errors import FiveHundredError
from ...game import Game
from ..solve import move_values
from .common import Progress
from .kitty import DiscardVerdict, best_discard
from .values import position_values

DOUBLE_DUMMY = ("Double dummy: as if every hand lay face up, each player choosing the best card "
                "from there; what the cards allowed, not what could be guessed.")
"""What a review's words mean, for a student: under each review, in every front end (the
console's and the terminal's end with it; the browser's is sent it as the ``review``
message's ``meaning``)."""

DEEPER = "the command fivehundred analyse searches deeper"
"""Where a review's card was not solved within its limits: what to run for a deeper look
(``analyse``'s limits are larger: :data:`.cli.CLI_BUDGET`)."""

#: Each valuation's node budget: a few milliseconds at four players; at five and six a
#: lopsided position may need more, and is then shown as not solved.
NODES = 300_000


class ReviewError(FiveHundredError):
    """A hand that cannot be reviewed without showing cards nobody saw."""


@dataclass(frozen=True)
class ReviewedPlay:
    """A card played (yours, or any seat's) beside double dummy's best at that point."""

    trick: int
    """The trick's number, from 1."""
    seat: int
    """Who played it."""
    card: str
    value: int | None
    """The counted side's tricks from there after this card (None: not solved)."""
    best: tuple[str, ...]
    """The best cards there (yours may be one)."""
    best_value: int | None
    cost: int | None
    """Tricks this card gave away against the best, for its player's side (0: a best card;
    None: not solved, the card's count or another card's there)."""
    taken: int = 0
    """The counted side's tricks before this one: ``taken + value`` is how many it ends with."""
    at_least: int | None = None
    """With ``value`` None, in a misère: 1 if the declarer surely takes a trick after this
    card (his count not solved), as :class:`.PositionValues` has it."""
    complete: bool = True
    """Every legal card there was solved, so ``best_value`` is the position's value (else it
    is the best of those solved)."""
    gave_at_least: int = 0
    """Tricks this card surely gave away: ``cost`` where that is solved, else what the bounds
    the search proved show all the same (a misère's defender's card leaving the declarer 0
    where another surely gives him a trick: 1; 0 where nothing is proven, or the card's own
    count was not solved)."""

    def to_dict(self) -> dict[str, Any]:
        """The play as plain JSON values (``total``/``best_total``: the tricks the counted
        side ends with, ``taken`` plus the value; ``gave_at_least`` only beside a ``cost``
        not solved)."""
        return {"trick": self.trick, "seat": self.seat, "card": self.card, "value": self.value,
                "best": list(self.best), "best_value": self.best_value, "cost": self.cost,
                "taken": self.taken, "at_least": self.at_least, "complete": self.complete,
                **({"gave_at_least": self.gave_at_least} if self.cost is None else {}),
                "total": None if self.value is None else self.taken + self.value,
                "best_total": None if self.best_value is None else self.taken + self.best_value}


@dataclass(frozen=True)
class HandReview:
    """A played-out hand against double dummy, from one seat."""

    seat: int
    counted: tuple[int, ...]
    """The seats whose tricks are counted: the declaring side (misère: the declarer; all
    passed: your side)."""
    needed: int | None
    """Tricks the contract needs (0: misère, none; None: all passed)."""
    double_dummy: int | None
    """Tricks the counted seats take from the first lead with best play by all (None: not
    solved within the search limits; then see ``at_least``)."""
    taken: int
    """Tricks they took."""
    plays: tuple[ReviewedPlay, ...]
    """The cards reviewed, in the order played: the seat's own (or the seats asked for)."""
    discard: DiscardVerdict | None = None
    """The seat's discard beside the best one, when it declared and took up the kitty (it
    saw the kitty; nobody else did, so nobody else is told of it); None otherwise."""
    at_least: int = 0
    """With ``double_dummy`` None, tricks the counted seats surely take from the first lead
    all the same, as far as the search went (misère: 1 when the defence forces a trick on
    the declarer, how many not solved), as ``fivehundred analyse`` has it; 0: no bound."""

    @property
    def makeable(self) -> bool | None:
        """Whether the contract could be made double dummy from the first lead (None: all
        passed, or not solved; a bound proven settles it: a misère the defence forces a
        trick on is beaten, a trick contract surely taking its tricks made)."""
        if self.needed is None:
            return None
        if self.double_dummy is not None:
            return (self.double_dummy == 0 if self.needed == 0
                    else self.double_dummy >= self.needed)
        if self.needed == 0:
            return False if self.at_least > 0 else None
        return True if self.at_least >= self.needed else None

    def to_dict(self) -> dict[str, Any]:
        """The review as plain JSON values (each play as :meth:`ReviewedPlay.to_dict`)."""
        return {
            "seat": self.seat, "counted": list(self.counted), "needed": self.needed,
            "double_dummy": self.double_dummy, "at_least": self.at_least,
            "makeable": self.makeable, "taken": self.taken,
            "plays": [p.to_dict() for p in self.plays],
            "discard": None if self.discard is None else self.discard.to_dict(),
        }


def review_hand(game: Game, seat: int, nodes: int = NODES, *,
                seats: Collection[int] | None = None, kitty_seen: bool = True) -> HandReview:
    """Review the hand just finished in ``game`` from ``seat``'s side (see the module):
    ``seat``'s cards, or those of ``seats`` if given (``range(players)``: every card played,
    in turn; all were seen face up, so any seat's may be shown).  The same refusals
    (:class:`ReviewError`) either way.  Without ``kitty_seen`` (for whoever did not see the
    kitty, though he holds the declarer's seat now) the declarer's discards are not judged."""
    if game.phase not in ("hand_over", "game_over"):
        raise ReviewError("the hand is still being played")
    replay = Game(game.rules, seed=0, deal=game.deal)
    actions = game.actions
    k = 0
    while replay.phase in ("auction", "kitty", "call") and k < len(actions):
        replay.apply(actions[k])
        k += 1
    if replay.phase != "play":
        raise ReviewError("everyone passed and the hand was thrown in: no card was played")
    end = replay.clone()
    for a in actions[k:]:
        end.apply(a)
    out = set(end.sitting_out)            # a misère's sitting-out partner keeps his cards
    if any(end.hand(s) for s in range(game.rules.players) if s not in out):
        raise ReviewError("the hand ended before every card was played, so a review would "
                          "show cards nobody saw")
    c = replay.contract
    first_lead = replay.clone()
    most = len(replay.hand_tokens(replay.to_move)) if replay.to_move is not None else 0
    if c is not None:
        first = position_values(replay, nodes)
        counted = first.counted
        dd, at_least = first_lead_count(first.values, first.at_least, first.maximising, most)
    else:
        # all passed: each side counts its own tricks; yours are the ones that matter here
        # (your plays are valued so too: in this game the side to move is counted)
        counted = game.rules.sides[game.rules.side_of[seat]]
        vals = move_values(replay, nodes, side=counted)
        dd, at_least = first_lead_count(vals, {}, replay.to_move in counted, most)
    plays = reviewed_plays(replay, actions[k:], nodes, seats=(seat,) if seats is None else seats)
    for a in actions[k:]:
        replay.apply(a)
    taken = sum(replay.tricks_won[s] for s in counted)
    needed = None if c is None else (0 if c.is_misere else c.tricks)
    discard = None
    if c is not None and c.declarer == seat and first_lead.partner is None and kitty_seen:
        # a misère's declarer the defence forces a trick on (how many not solved): its verdict
        # needs only that (safe or not)
        forced = at_least if dd is None and c.is_misere and at_least else dd
        discard = _discard_verdict(first_lead, forced, nodes)
    return HandReview(seat, counted, needed, dd, taken, plays, discard, at_least)


def first_lead_count(values: Mapping[str, int | None], at_least: Mapping[str, int],
                     maximising: bool, most: int) -> tuple[int | None, int]:
    """The counted side's tricks from a position, from its cards' ``values`` (None: not
    solved; ``at_least``: a bound proven for some of those), the seat to move wanting the
    most (``maximising``) or the fewest, ``most`` tricks left: the count if proven (every
    card solved, or a solved one already at the most or the fewest there can be), else None
    and the tricks the side surely takes all the same (0: no bound).  It was the best of the
    cards solved, as if the others could not do better.

    >>> first_lead_count({"AS": 3, "KS": None}, {}, True, 10)    # KS may take more
    (None, 3)
    >>> first_lead_count({"AS": None, "KS": None}, {"AS": 1, "KS": 1}, False, 10)
    (None, 1)
    >>> first_lead_count({"AS": 0, "KS": None}, {}, False, 10)   # none is the fewest
    (0, 0)
    """
    known = [v for v in values.values() if v is not None]
    lows = [v if v is not None else at_least.get(t) for t, v in values.items()]
    if maximising:
        if known and (len(known) == len(values) or max(known) == most):
            return max(known), 0
        return None, max((b for b in lows if b is not None), default=0)
    if known and (len(known) == len(values) or min(known) == 0):
        return min(known), 0
    bounds = [b for b in lows if b is not None]
    return None, min(bounds) if bounds and len(bounds) == len(lows) else 0


def _discard_verdict(first_lead: Game, dd: int | None, nodes: int) -> DiscardVerdict | None:
    """The declarer's discard beside the best (his side's tricks from the first lead)."""
    r, c, deal = first_lead.rules, first_lead.contract, first_lead.deal
    assert c is not None
    if not deal.kitty:
        return None
    d = c.declarer
    discarded = (deal.hands[d] | deal.kitty) & ~first_lead.hand(d)
    cell = best_discard(r, deal.hands[:r.players], deal.kitty, d, c.strain,
                        misere=c.is_misere, dealer=first_lead.dealer, budget=nodes,
                        give_up_after=2)
    return DiscardVerdict.of(cell, c.is_misere, tokens(discarded), dd, strain=c.strain)


def reviewed_plays(game: Game, cards: Sequence[int | str], nodes: int = NODES, *,
                   seats: Collection[int] | None = None, seconds: float | None = None,
                   progress: Progress | None = None) -> tuple[ReviewedPlay, ...]:
    """Each of ``cards`` (action ids or tokens, played in turn from ``game``, a position in
    the play, which is left unchanged) beside double dummy's best at that point; only the
    cards of ``seats`` if given.  ``nodes`` and ``seconds`` limit each valuation (unsolved: None);
    ``progress(done, total)`` hears of each card valued."""
    g = game.clone()
    out: list[ReviewedPlay] = []
    for i, a in enumerate(cards):
        card = a if isinstance(a, str) else token_of(a)
        seat = g.to_move
        if seat is None or g.phase != "play":
            raise ReviewError(f"card {i + 1} of the play ({card}) comes after the play ended")
        if seats is None or seat in seats:
            pv = position_values(g, nodes, seconds=seconds)
            value = pv.values.get(card)
            best_value = pv.values.get(pv.best[0]) if pv.best else None
            cost, least = card_cost(pv.values, pv.at_least, card, pv.maximising,
                                    pv.tricks_left)
            out.append(ReviewedPlay(len(g.tricks) + 1, seat, card, value, pv.best,
                                    best_value, cost, pv.taken, pv.at_least.get(card),
                                    None not in pv.values.values(), least))
        if progress is not None:
            progress(i + 1, len(cards))
        g.apply(a)
    return tuple(out)


def card_cost(values: Mapping[str, int | None], at_least: Mapping[str, int], card: str,
              maximising: bool, most: int) -> tuple[int | None, int]:
    """What ``card`` gave away against the best card there (``values`` as
    :class:`.PositionValues` has them, None: not solved; ``at_least``: bounds proven for
    some of those; the seat to move wanting the most counted tricks, at most ``most``, or
    the fewest): the cost if proven, and the tricks it surely gave away all the same (the
    cost where proven).  A card beside one not solved is best only if nothing can beat it;
    its cost was the gap to the best of those solved, as if the others could not do better.

    >>> card_cost({"AS": 2, "KS": 3}, {}, "AS", True, 10)          # solved: gave 1
    (1, 1)
    >>> card_cost({"AS": 0, "KS": None}, {"KS": 1}, "AS", True, 10)  # KS: at least 1
    (None, 1)
    >>> card_cost({"AS": 4, "KS": None}, {"KS": 1}, "AS", True, 10)  # KS may give more
    (None, 0)
    >>> card_cost({"AS": 2, "KS": None}, {}, "AS", False, 10)      # KS may leave fewer
    (None, 0)

    A card not solved is given no bound (its count shows ``≥N``: its cost is not counted).
    """
    value = values[card]
    if value is None:
        return None, 0
    known = [v for v in values.values() if v is not None]
    lows = [v if v is not None else at_least.get(t) for t, v in values.items()]
    if maximising:
        floor = max(b for b in lows if b is not None)     # the card's own value at least
        exact = len(known) == len(values) or floor == most
        return (floor - value if exact else None), floor - value
    top = min(known)              # the position's count is no more than this
    exact = top == 0 or all(b is not None and b >= top for b in lows)
    return (value - top if exact else None), value - top


def play_texts(plays: Sequence[ReviewedPlay], counted: bool, name: Callable[[int], str],
               card: Callable[[str], str] = str, mark: Callable[[str], str] = str,
               ) -> dict[int, list[str]]:
    """Each trick's cards as text, by trick number: who played (``name``), the card (as
    ``card`` writes it), with ``counted`` the count after it (``?`` unsolved, ``≥N`` at least
    N), and for a card that gave tricks away how many (``at least`` where its cost was not
    solved but a bound was) and the best cards (wrapped by ``mark``).

    >>> p = ReviewedPlay(1, 0, "QH", 7, ("AH", "KH"), 8, 1, 0)
    >>> play_texts([p], True, lambda s: "North")
    {1: ['North QH 7 (gave 1; best AH/KH)']}
    """
    out: dict[int, list[str]] = {}
    for p in plays:
        text = f"{name(p.seat)} {card(p.card)}"
        if counted and p.value is None and p.at_least is not None:
            text += f" ≥{p.taken + p.at_least}"
        elif counted:
            text += " ?" if p.value is None else f" {p.taken + p.value}"
        gave = p.cost if p.cost is not None else p.gave_at_least
        if gave:
            more = "…" if len(p.best) > 3 else ""
            best = "/".join(card(b) for b in p.best[:3])
            text += " " + mark(f"(gave {'' if p.cost is not None else 'at least '}{gave}"
                               + (f"; best {best}{more})" if best else ")"))
        out.setdefault(p.trick, []).append(text)
    return out


def given_away(plays: Sequence[ReviewedPlay]) -> tuple[dict[int, int], set[int]]:
    """The tricks each seat's cards surely gave away (every seat that played, 0 if none;
    a card whose cost was not solved counts what its bound proves), and the seats with such
    a card (their sum a least count: ``N+?``)."""
    given: dict[int, int] = {}
    unsolved: set[int] = set()
    for p in plays:
        given[p.seat] = given.get(p.seat, 0) + (p.gave_at_least if p.cost is None else p.cost)
        if p.cost is None:
            unsolved.add(p.seat)
    return given, unsolved


def at_least_note(who_ends: str) -> str:
    """What ``≥N`` beside a card means (``who_ends``: whose count, ``West ends``, ``the
    declarer ends``): the same words in the game's review of every card and in
    ``fivehundred analyse --plays`` (which said "the declarer takes a trick more than he
    had")."""
    return (f"≥N: after that card {who_ends} with at least N tricks (how many was not solved "
            "within the search limits; its cost is not counted).")


UNSOLVED_NOTE = "?: a card not solved within the search limits."
"""What ``?`` beside a card means, in every list of every card."""

GIVEN_NOTE = ("N+?: at least N (the cost of some of that player's cards was not solved within "
              "the search limits).")
"""What ``+?`` after the tricks a player gave away means, in every list of every card."""
