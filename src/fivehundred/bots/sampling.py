"""Imagined deals: complete deals consistent with everything one seat has seen.

Given a View, the cards the seat cannot see (other hands, the kitty or the discards, the dead
hand) are dealt at random to where they may be, respecting every void shown and the called
card's holder.  Each world is then rebuilt as a Game by replaying the hand's public history
through the engine: a world in which any recorded action would have been illegal (a joker
that had to be played, a suit that had to be followed) is refused and dealt again.  The
engine is the only judge of consistency, so the worlds obey every rule of the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards
from ..dealing import place_by_room
from ..errors import IllegalActionError
from ..game import Deal, Game
from ..rng import Rng
from ..tricks import TABLES
from ..view import View


@dataclass(frozen=True)
class World:
    """One imagined deal, replayed to the view's moment."""

    game: Game
    hands: tuple[int, ...]
    """Every seat's cards now (the seat's own as seen)."""


def known_cards(view: View) -> int:
    """Every card the seat has seen: its hand, cards played, its kitty and discards, exposed."""
    m = cards.mask_of(view.hand)
    for tr in view.tricks:
        for _, t in tr.plays:
            m |= 1 << cards.card_from_token(t.split(":")[0])
    for _, t in view.trick:
        m |= 1 << cards.card_from_token(t.split(":")[0])
    m |= cards.mask_of(view.kitty) | cards.mask_of(view.discards)
    for _, hand in view.exposed:
        m |= cards.mask_of(hand)
    return m


def _played_by(view: View) -> dict[int, int]:
    out: dict[int, int] = {}
    for tr in view.tricks:
        for s, t in tr.plays:
            out[s] = out.get(s, 0) | 1 << cards.card_from_token(t.split(":")[0])
    for s, t in view.trick:
        out[s] = out.get(s, 0) | 1 << cards.card_from_token(t.split(":")[0])
    return out


def _history(view: View, discards: tuple[str, ...]) -> list[str]:
    """The hand's actions in order, as tokens (the unseen discards as imagined)."""
    out = [t for _, t in view.auction]
    c = view.contract
    if c is not None:
        out += list(discards)
    if view.call is not None:
        out.append(view.call)
    for tr in view.tricks:
        out += [t for _, t in tr.plays]
    out += [t for _, t in view.trick]
    return out


@dataclass(frozen=True)
class _Unseen:
    """Where the cards a seat cannot see may lie: the slots (other seats at their current
    hand size, the dead hand, the kitty or the unseen discards), which slots each card may go
    to (a shown void bars a seat), and the called card's known holder."""

    pool: tuple[int, ...]
    slots: tuple[tuple[str, int, int], ...]   # (kind, seat, size)
    may_go: dict[int, tuple[int, ...]]        # card -> the slots it may go to
    must_hold: dict[int, int]                 # slot -> the card it surely holds
    played: dict[int, int]
    declarer: int | None

    @classmethod
    def of(cls, view: View) -> _Unseen:
        r = view.rules
        me = view.seat
        unknown = r.deck_mask & ~known_cards(view)
        c = view.contract
        declarer = c.declarer if c is not None and view.phase != "auction" else None
        exposed = dict(view.exposed)
        slots: list[tuple[str, int, int]] = []
        for s in range(r.players):
            if s == me or s in exposed:
                continue
            slots.append(("seat", s, view.hand_sizes[s]))
        if r.dead_hand:
            slots.append(("dead", -1, 10))
        if declarer is None or declarer != me:
            # the kitty, or the declarer's discards (in the kitty phase those made so far:
            # his hand's size tells how many)
            size = r.kitty_size
            if declarer is not None and view.phase == "kitty":
                size = (r.deck_size - r.kitty_size) // r.hands_dealt + r.kitty_size \
                    - view.hand_sizes[declarer]
            slots.append(("kitty", -1, size))
        eff = TABLES[c.strain if c is not None else 4].eff_suit
        voids = {s: set(v) for s, v in enumerate(view.shown_voids)}
        letters = cards.SUIT_LETTERS
        pool = tuple(cards.cards_of(unknown))
        may_go: dict[int, tuple[int, ...]] = {}
        for card in pool:
            e = eff[card]
            suit = letters[e] if e < 4 else "J"
            may_go[card] = tuple(i for i, (kind, seat, _) in enumerate(slots)
                                 if not (kind == "seat" and suit in voids.get(seat, ())))
        must_hold: dict[int, int] = {}
        if view.call is not None and view.call.startswith("call ") and view.partner is not None:
            called = cards.card_from_token(view.call[5:])
            if unknown >> called & 1:
                for i, (kind, seat, _) in enumerate(slots):
                    if kind == "seat" and seat == view.partner:
                        must_hold[i] = called
        return cls(pool, tuple(slots), may_go, must_hold, _played_by(view), declarer)

    def start(self) -> tuple[list[int], list[int], list[int]]:
        """Empty slots with the called card placed: (masks, room left, cards still to deal)."""
        masks = [0] * len(self.slots)
        room = [size for _, _, size in self.slots]
        left = list(self.pool)
        for i, card in self.must_hold.items():
            masks[i] |= 1 << card
            room[i] -= 1
            left.remove(card)
        return masks, room, left


def sample_worlds(view: View, rng: Rng, n: int, max_tries: int = 0) -> list[World]:
    """Up to ``n`` worlds consistent with the view (fewer only if the tries run out)."""
    tries = max_tries or 40 * n + 40
    u = _Unseen.of(view)
    worlds: list[World] = []
    for _ in range(tries):
        if len(worlds) >= n:
            break
        assign = _deal_pool(u, rng)
        if assign is None:
            continue
        w = _build(view, assign, u)
        if w is not None:
            worlds.append(w)
    return worlds


EVERY_WORLD_STEPS = 50_000
"""The most cards :func:`every_world` places before it gives up (about 0.08 s on the 2-core
development machine, measured on a six-handed position that needs them all)."""


def every_world(view: View, limit: int, max_steps: int = EVERY_WORLD_STEPS
                ) -> list[World] | None:
    """Every world consistent with the view, in a fixed order, or None if the unseen cards
    can lie in more than ``limit`` ways (or telling would take more than ``max_steps``).

    Late in a hand few placements remain: averaging over all of them, rather than over a
    sample, never prefers a card that is worse in some placement and better in none (with a
    sample, two such cards can tie exactly and the wrong one be played).

    >>> from fivehundred import Game
    >>> g = Game("australian", seed=3)
    >>> every_world(g.view(g.to_move), limit=100) is None   # the auction: far too many
    True
    """
    u = _Unseen.of(view)
    try:
        found = _deal_every_way(u, limit, max_steps)
    except _OutOfSteps:
        return None
    if found is None:
        return None
    out = []
    for assign in found:
        w = _build(view, assign, u)
        if w is not None:
            out.append(w)
    return out


class _OutOfSteps(Exception):
    """:func:`_deal_every_way` took more steps than it was given."""


def _deal_every_way(u: _Unseen, limit: int, max_steps: int) -> list[list[int]] | None:
    """Every deal of the unseen cards to the slots (a mask per slot), honouring voids and the
    called card, in a fixed order; None if there are more than ``limit``; raises
    :class:`_OutOfSteps` after placing ``max_steps`` cards."""
    masks, room, left = u.start()
    # the most constrained cards first, so that dead ends are found early
    order = sorted(left, key=lambda card: (len(u.may_go[card]), card))
    # how many of the cards still to place each slot may take: a slot with more room than
    # that cannot be filled, and the branch is dropped at once instead of at its last card
    can = [0] * len(u.slots)
    for card in order:
        for i in u.may_go[card]:
            can[i] += 1
    if any(can[i] < room[i] for i in range(len(room))):
        return []
    found: list[list[int]] = []
    steps = 0

    def place(k: int) -> bool:
        """Deal ``order[k:]`` every way; False once more than ``limit`` were found."""
        nonlocal steps
        if k == len(order):
            found.append(list(masks))
            return len(found) <= limit
        steps += 1
        if steps > max_steps:
            raise _OutOfSteps
        card = order[k]
        bit = 1 << card
        slots = u.may_go[card]
        for i in slots:
            can[i] -= 1
        ok = True
        for i in slots:
            if room[i] > 0:
                room[i] -= 1
                if all(can[j] >= room[j] for j in slots):
                    masks[i] |= bit
                    ok = place(k + 1)
                    masks[i] &= ~bit
                room[i] += 1
                if not ok:
                    break
        for i in slots:
            can[i] += 1
        return ok

    return found if place(0) else None


def _deal_pool(u: _Unseen, rng: Rng) -> list[int] | None:
    """Masks for the slots: a random deal of the pool honouring voids, or None if stuck."""
    cards_left = list(u.pool)
    rng.shuffle(cards_left)   # (before the called card is placed: the seeded order stays)
    masks, room, _ = u.start()
    cards_left = [c for c in cards_left if c not in u.must_hold.values()]
    return masks if place_by_room(cards_left, u.may_go, room, masks, rng) else None


def _build(view: View, assign: list[int], u: _Unseen) -> World | None:
    """Rebuild the imagined deal as dealt (``assign``: a mask per slot of ``u``) and replay the
    hand to now; None if inconsistent."""
    r = view.rules
    me = view.seat
    played = u.played
    declarer = u.declarer
    now = [0] * r.players
    now[me] = cards.mask_of(view.hand)
    for s, hand in view.exposed:
        now[s] = cards.mask_of(hand)
    dead = 0
    kitty_or_discards = 0
    for (kind, seat, _), mask in zip(u.slots, assign, strict=True):
        if kind == "seat":
            now[seat] = mask
        elif kind == "dead":
            dead = mask
        else:
            kitty_or_discards = mask
    # the hands as dealt: now + what each played; the declarer's taken kitty split off
    dealt = [now[s] | played.get(s, 0) for s in range(r.players)]
    if view.contract is not None and view.phase != "auction" and declarer is not None:
        if declarer == me:
            kitty = cards.mask_of(view.kitty)
            discards = tuple(view.discards)
            dealt[me] = (dealt[me] | cards.mask_of(view.discards)) & ~kitty
        else:
            # any split works for the replay: let the kitty be the imagined discards (and,
            # while he is still discarding, the lowest cards he holds)
            discards = cards.tokens(kitty_or_discards)
            kitty = kitty_or_discards | sum(
                1 << x for x in cards.cards_of(now[declarer])[:r.kitty_size - len(discards)])
            dealt[declarer] = (dealt[declarer] | kitty_or_discards) & ~kitty
    else:
        kitty = kitty_or_discards if (declarer is None or declarer != me) else 0
        discards = ()
    hands = tuple(dealt) + ((dead,) if r.dead_hand else ())
    try:
        g = Game(r, seed=0, deal=Deal(view.dealer, hands, kitty))
        for tok in _history(view, discards):
            g.apply(tok)
    except (IllegalActionError, ValueError):
        return None
    return World(g, tuple(g.hand(s) for s in range(r.players)))


def world_summary(w: World) -> str:
    """The imagined hands as text (for debugging and explanations)."""
    return " | ".join(" ".join(cards.tokens(h)) for h in w.hands)


__all__ = ["World", "every_world", "known_cards", "sample_worlds", "world_summary"]
