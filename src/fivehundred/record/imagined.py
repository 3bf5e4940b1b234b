"""A record of one seat's view (``Viewpoint``: what the browser saves while a game goes on)
replayed: the cards that seat did not see are imagined, each hand dealt so that every recorded
action is legal (:func:`seat_game`).  Whatever they are, the view the replay gives that seat is
the one it had, so its own decisions can be advised (``fivehundred hint``), and no other's.
"""

from __future__ import annotations

from typing import NamedTuple

from .. import cards
from ..actions import MISERE, OPEN_MISERE, action_from_token, bid_strain
from ..cards import JOKER, NO_TRUMPS
from ..dealing import Deal, place_by_room
from ..errors import FiveHundredError, RecordError
from ..game import Game
from ..rng import Rng
from ..rules import Rules
from ..tricks import NO_SUIT, TABLES
from .model import HIDDEN, GameRecord, HandRecord, Layout

PLACEMENT_TRIES = 200
"""How many placements of a hand's unseen cards :func:`seat_game` tries before it gives up
(each honours every void shown; the engine then judges the rest)."""


class SeatGame(NamedTuple):
    """A one-seat record replayed (:func:`seat_game`)."""

    game: Game
    """The game at the end of the hand asked for, the unseen cards imagined."""
    moves: tuple[int, ...]
    """After how many actions of that hand the record's seat is to move."""
    holder_unknown: bool
    """Whether that hand's called card was placed at random (its holder, the partner, is
    known to every seat from the call, but the record does not say who)."""


def seat_game(rec: GameRecord, hand: int) -> SeatGame:
    """The game a record of one seat's view (``rec.viewpoint``) stands for, to the end of
    its hand ``hand`` (from 1): each hand dealt with the cards that seat did not see
    imagined, so that every recorded action is legal (each seat holds the cards it played,
    none of a suit it showed void in), then replayed through the engine.  The seat's view is
    the same whatever the imagined cards: its own cards, the public play and scores.  The
    placements are seeded, so the same record gives the same game.  RecordError where the
    record holds none of that seat's cards in hand ``hand`` (it sat down later), or where
    no placement makes its actions legal.

    >>> from fivehundred import Game, Rules
    >>> from fivehundred.record import record_from_game
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> for tok in ("pass", "7H", "pass"):
    ...     g.apply(tok)
    >>> s = seat_game(record_from_game(g, seat=2), 1)
    >>> s.game.view(2) == g.view(2), s.moves
    (True, (2,))
    """
    me = rec.viewpoint
    if me is None:
        raise RecordError("seat_game() is for a record of one seat's view (a Viewpoint tag)")
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= len(rec.hands):
        raise RecordError(f"no hand {hand!r}: the record has {len(rec.hands)} hand(s), "
                          f"numbered 1 to {len(rec.hands)}")
    if rec.hands[hand - 1].cards[me] is None:
        raise RecordError(f"hand {hand}: the record holds none of seat {me}'s cards (its "
                          "player sat down later), so there is no view of it to advise from")
    rules = rec.rules
    g: Game | None = None
    moves: list[int] = []
    unknown = False
    for i, h in enumerate(rec.hands[:hand]):
        rng = Rng(i)
        layout = rec.layout(i)
        why = "no placement of the cards it could not see fits the play"
        for _ in range(PLACEMENT_TRIES):
            placed = _placed(rules, h, layout, rng)
            if placed is None:
                continue
            deal, discards, unknown = placed
            trial = g.clone() if g is not None else None
            turns: list[int] = []
            try:
                if trial is None:
                    trial = Game(rules, seed=int(rec.tag("Seed") or 0), deal=deal,
                                 scores=rec.start_scores)
                else:
                    trial.next_hand(deal=deal)
                for tok in (*h.auction, *discards, *((h.call,) if h.call else ()), *h.play):
                    if trial.to_move == me:
                        turns.append(len(trial.actions))
                    trial.apply(tok)
            except FiveHundredError as e:
                why = str(e)
                continue
            if trial.to_move == me:
                turns.append(len(trial.actions))
            g, moves = trial, turns
            break
        else:
            raise RecordError(f"hand {i + 1}: seat {me}'s view cannot be replayed: no placement "
                              f"of the cards it could not see makes the record's actions "
                              f"legal (the last tried: {why})")
        if h.result is not None and g.scores != h.result.totals:
            raise RecordError(f"hand {i + 1}: the record says totals {_ints(h.result.totals)}, "
                              f"the engine scores {_ints(g.scores)}")
    assert g is not None
    return SeatGame(g, tuple(moves), unknown)


def _ints(values: tuple[int, ...]) -> str:
    """Numbers as the record writes them: ``70 -340``."""
    return " ".join(str(v) for v in values)


def _placed(rules: Rules, h: HandRecord, layout: Layout, rng: Rng
            ) -> tuple[Deal, tuple[str, ...], bool] | None:
    """One placement of hand ``h``'s unseen cards (None at a dead end): the deal, the
    discards with each hidden one named, and whether the called card went to a seat picked at
    random.  Each hidden hand holds the cards its seat played and others of the suits it did
    not show void in (nor the joker where a misère's rule would have made it play it); a
    hidden declarer's hand is the one he played from (his exposed cards and those played
    before), the kitty the cards he discarded."""
    n = rules.players
    bid = action_from_token(layout.contract, auction=True) if layout.contract else None
    misere = bid in (MISERE, OPEN_MISERE)
    strain = NO_TRUMPS if bid is None or misere else bid_strain(bid)
    eff = TABLES[strain].eff_suit
    must_joker = misere and rules.nt_joker == "australian"   # void, it plays the joker
    played = [0] * n
    voids: list[set[int]] = [set() for _ in range(n)]
    no_joker = [False] * n
    for tr in layout.tricks:
        first = tr.plays[0][1]
        led = (cards.SUIT_LETTERS.index(first[3]) if first.startswith("JK:")
               else NO_SUIT if first == "JK" and strain == NO_TRUMPS
               else eff[cards.card_from_token(first)])
        for k, (s, tok) in enumerate(tr.plays):
            c = cards.card_from_token(tok.split(":")[0])
            played[s] |= 1 << c
            if k and led != NO_SUIT and eff[c] != led:
                voids[s].add(led)
                no_joker[s] |= must_joker and c != JOKER
    hidden = [x is None for x in h.cards]
    declarer = layout.declarer
    fixed = [cards.mask_of(x or ()) for x in h.cards]    # a hidden hand's sure cards
    room = [0] * n
    for s in range(n):
        if hidden[s]:
            fixed[s] = played[s]
            if s == declarer and h.exposed is not None:
                fixed[s] |= cards.mask_of(h.exposed)
            room[s] = 10 - fixed[s].bit_count()
            if room[s] < 0:
                return None
    shown_discards = cards.mask_of(t for t in h.discards if t != HIDDEN)
    kitty_known = cards.mask_of(h.kitty) if h.kitty is not None else None
    kitty_room = 0 if kitty_known is not None else rules.kitty_size - shown_discards.bit_count()
    dead_room = 10 if rules.dead_hand and h.dead is None else 0
    taken = shown_discards | (kitty_known or 0) | cards.mask_of(h.dead or ())
    for s in range(n):
        taken |= fixed[s]
    pool = cards.cards_of(rules.deck_mask & ~taken)
    # where each card may go: a hidden seat (by its voids), the kitty, the dead hand
    kitty_slot, dead_slot = n, n + 1
    rooms = [*room, kitty_room, dead_room]
    may: dict[int, list[int]] = {}
    for c in pool:
        seats = [s for s in range(n) if hidden[s] and eff[c] not in voids[s]
                 and not (c == JOKER and no_joker[s])]
        may[c] = [*seats, kitty_slot, dead_slot]
    unknown = False
    if h.call is not None and h.call.startswith("call "):
        called = cards.card_from_token(h.call[5:])
        if called in may:
            partner = h.result.partner if h.result is not None else None
            unknown = partner is None
            may[called] = [s for s in may[called] if s < n and s != declarer
                           and (partner is None or s == partner)]
    rng.shuffle(pool)
    pool.sort(key=lambda c: len(may[c]))     # the most bound first: fewer dead ends
    masks = [0] * (n + 2)
    if not place_by_room(pool, may, rooms, masks, rng):
        return None
    hands = [fixed[s] | masks[s] for s in range(n)]
    kitty = kitty_known if kitty_known is not None else shown_discards | masks[kitty_slot]
    dead: tuple[int, ...] = ()
    if rules.dead_hand:
        dead = (cards.mask_of(h.dead) if h.dead is not None else masks[dead_slot],)
    unseen = iter(cards.tokens(masks[kitty_slot]))
    discards = tuple(next(unseen) if t == HIDDEN else t for t in h.discards)
    return Deal(h.dealer, (*hands, *dead), kitty), discards, unknown

