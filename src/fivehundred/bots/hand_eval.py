"""Hand evaluation shared by the bots: card order, trick estimates, misère risk, discards.

Every function here is pure and works on card ints and int masks (see :mod:`fivehundred.cards`)
under a *strain*: 0..3 a trump suit, 4 no trumps (misère plays as no trumps).  The order of the
cards comes from :data:`fivehundred.tricks.TABLES` (bowers and the joker included), and a pack is
given as its mask (``rules.deck_mask``) so the same code serves every pack from 24 to 63 cards.

>>> from fivehundred.cards import HEARTS, NO_TRUMPS, mask_of, pack, tokens
>>> tokens_high = lambda m, s: [token(c) for c in high_first(m, s)]
>>> tokens_high(mask_of(["AH", "JD", "JK", "JH", "4H"]), HEARTS)
['JK', 'JH', 'JD', 'AH', '4H']
>>> hand = mask_of("JK JH JD AH KH QH AS AC 5S 4D".split())
>>> round(expected_tricks(hand, HEARTS, pack("43")), 1)
8.6
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import (
    JOKER,
    NO_TRUMPS,
    SUIT_LETTERS,
    SUITS,
    card_from_token,
    count,
    iter_cards,
    mask_of,
    token,
)
from ..rng import Rng
from ..rules import Rules
from ..scoring import declaring_seats
from ..tricks import NO_SUIT, TABLES, winner_index
from ..view import View

__all__ = [
    "NO_SUIT",
    "TABLES",
    "Table",
    "beats",
    "card_cost",
    "eff_suit",
    "expected_tricks",
    "high_first",
    "higher_in_pool",
    "holds",
    "ladder",
    "low_first",
    "misere_danger",
    "misere_discards",
    "parse_play",
    "read_table",
    "rescue",
    "strain_estimates",
    "suit_cards",
    "suit_lengths",
    "token",
    "trick_chance",
    "trick_winner",
    "void_discards",
]

# ------------------------------------------------------------------ card order under a strain


def eff_suit(c: int, strain: int) -> int:
    """The suit a card belongs to in play: 0..3, or 4 for the joker at no trumps.

    >>> from fivehundred.cards import card_from_token as cf
    >>> eff_suit(cf("JD"), 3), eff_suit(cf("JD"), 4), eff_suit(cf("JK"), 4)
    (3, 2, 4)
    """
    return TABLES[strain].eff_suit[c]


def suit_cards(mask: int, strain: int, suit: int) -> int:
    """The cards of ``mask`` in one effective suit (the left bower counts as a trump)."""
    return mask & TABLES[strain].suit_mask[suit]


def suit_lengths(mask: int, strain: int) -> tuple[int, int, int, int]:
    """How many cards of ``mask`` each suit S C D H holds under the strain."""
    m = TABLES[strain].suit_mask
    return (count(mask & m[0]), count(mask & m[1]), count(mask & m[2]), count(mask & m[3]))


def high_first(mask: int, strain: int) -> list[int]:
    """The cards of ``mask`` from the strongest to the weakest under the strain."""
    power = TABLES[strain].power
    return sorted(iter_cards(mask), key=lambda c: (-power[c], c))


def low_first(mask: int, strain: int) -> list[int]:
    """The cards of ``mask`` from the weakest to the strongest under the strain."""
    power = TABLES[strain].power
    return sorted(iter_cards(mask), key=lambda c: (power[c], c))


@lru_cache(maxsize=512)
def ladder(deck: int, strain: int, suit: int) -> tuple[int, ...]:
    """Every card of one effective suit in the pack, strongest first.

    >>> from fivehundred.cards import pack
    >>> [token(c) for c in ladder(pack("33"), 1, 1)][:4]
    ['JK', 'JC', 'JS', 'AC']
    """
    return tuple(high_first(suit_cards(deck, strain, suit), strain))


def higher_in_pool(c: int, strain: int, pool: int) -> int:
    """The cards of ``pool`` in ``c``'s effective suit that outrank ``c``."""
    t = TABLES[strain]
    p = t.power[c]
    return sum(1 << x for x in iter_cards(pool & t.suit_mask[t.eff_suit[c]]) if t.power[x] > p)


def beats(strain: int, c: int, best: int, led: int) -> bool:
    """Whether card ``c`` played now takes the trick from the card ``best`` now winning it.

    >>> from fivehundred.cards import card_from_token as cf
    >>> beats(3, cf("4H"), cf("AS"), 0), beats(4, cf("KS"), cf("AS"), 0)
    (True, False)
    """
    return winner_index(TABLES[strain], [best, c], led) == 1


def trick_winner(strain: int, plays: Sequence[int], led: int) -> int:
    """Index in ``plays`` of the card winning the trick so far."""
    return winner_index(TABLES[strain], plays, led)


def card_cost(c: int, strain: int, deck: int) -> float:
    """What a card is worth keeping, 0 (the lowest of a plain suit) to about 1.4 (the joker).

    The share of its suit's ladder that lies below it, plus a premium for trumps.

    >>> from fivehundred.cards import card_from_token as cf, pack
    >>> card_cost(cf("4H"), 4, pack("43")), round(card_cost(cf("AS"), 4, pack("43")), 2)
    (0.0, 0.9)
    """
    t = TABLES[strain]
    suit = t.eff_suit[c]
    if suit == NO_TRUMPS:
        return 1.4
    lad = ladder(deck, strain, suit)
    below = len(lad) - 1 - lad.index(c) if c in lad else 0
    share = below / max(1, len(lad) - 1)
    return 0.9 * share + (0.4 if suit == strain else 0.0)


# ------------------------------------------------------------------ expected tricks

_TOP_SIDE = (0.95, 0.75, 0.45, 0.25)


def _trump_tricks(held: int, deck: int, strain: int) -> float:
    """Tricks from trumps: the top sequence, guarded honours, then length from the fourth on."""
    lad = ladder(deck, strain, strain)
    mine = [i for i, c in enumerate(lad) if held >> c & 1]
    n = len(mine)
    total = 0.0
    for j, pos in enumerate(mine):
        missing = pos - j           # trumps above this one that we do not hold
        guards = n - j - 1          # our trumps below it
        if missing == 0:
            v = 1.0
        elif missing == 1:
            v = 0.6 if guards >= 1 else 0.25
        elif missing == 2:
            v = 0.35 if guards >= 2 else 0.1
        else:
            v = 0.0
        if j >= 3:                  # long trumps win once the others are drawn, or by ruffs
            v = max(v, (0.45, 0.8, 0.9)[min(j - 3, 2)])
        total += v
    return total


def _side_tricks(held: int, deck: int, strain: int, suit: int) -> float:
    """Tricks from a plain suit: its top sequence, guarded kings and queens, and length."""
    lad = ladder(deck, strain, suit)
    mine = [i for i, c in enumerate(lad) if held >> c & 1]
    n = len(mine)
    trumps = strain != NO_TRUMPS
    total = 0.0
    top_run = 0
    for j, pos in enumerate(mine):
        missing = pos - j
        guards = n - j - 1
        if missing == 0:
            top_run += 1
            v = _TOP_SIDE[min(j, 3)] if trumps else 1.0
            if trumps and n >= 5:
                v *= 0.85       # long side suits get ruffed sooner
        elif missing == 1:
            v = 0.45 if guards >= 1 else 0.1
        elif missing == 2:
            v = 0.2 if guards >= 2 else 0.0
        else:
            v = 0.0
        total += v
    if not trumps and n >= 5:   # a long suit runs at no trumps once its top is cashed
        total += (n - 4) * (0.8 if top_run >= 2 else 0.35)
    return total


def expected_tricks(hand: int, strain: int, deck: int) -> float:
    """Tricks a hand should take by itself as declarer in a strain (the partner not counted).

    Trumps (the joker and both bowers included), aces and kings with their guards, long
    suits, and ruffs from short side suits when trumps are spare.  At no trumps the joker is
    a sure trick and a suit with no stopper costs a little.

    >>> from fivehundred.cards import mask_of, pack
    >>> round(expected_tricks(mask_of("AS KS AC AD AH KH QH 4D 5C 6S".split()), 4, pack("43")), 1)
    7.0
    >>> expected_tricks(mask_of("4S 5S 6S 5C 6C 7C 4D 5D 4H 5H".split()), 4, pack("43"))
    0.0
    """
    total = 0.0
    shortness = 0.0
    spare = 0
    if strain != NO_TRUMPS:
        held = suit_cards(hand, strain, strain)
        total += _trump_tricks(held, deck, strain)
        spare = max(0, count(held) - 3)
    elif hand >> JOKER & 1:
        total += 1.0
    unstopped = 0
    for s in SUITS:
        if s == strain:
            continue
        held = suit_cards(hand, strain, s)
        v = _side_tricks(held, deck, strain, s)
        total += v
        n = count(held)
        shortness += (1.0, 0.6, 0.2)[n] if n < 3 else 0.0
        if v < 0.4:
            unstopped += 1
    if strain != NO_TRUMPS:
        total += 0.5 * min(shortness, float(spare))
    else:
        total = max(0.0, total - 0.3 * max(0, unstopped - 1))
    return total


def strain_estimates(hand: int, deck: int) -> tuple[float, ...]:
    """:func:`expected_tricks` of a hand in each strain S C D H NT."""
    return tuple(expected_tricks(hand, s, deck) for s in range(5))


# ------------------------------------------------------------------ misère


BIG_PACK = 44
"""Packs of this many cards or more (the 53 and 63 of five and six players) count a card's
misère danger on past four lower outside cards (:data:`GAP_STEP`); the smaller packs' count
stops there, as it was measured."""

GAP_STEP = 0.3
"""What each outside card lower than a card, beyond four, adds to its misère danger in the big
packs.  The count stopped at four, so a lone 7♠, K♠ and A♠ of the 53-card pack counted alike
and a misère on 10♠ K♠ 10♣ K♦ looked low.  On forced misères Medium declared and played
(4,000 deals of ``five_called``, 3,900 of ``six_pairs``, 2,800 of ``six_threes``, 2026-12-06),
the chance of making them fitted the count with a step of 0.3 far better than without one
(log loss 0.532 against 0.586, 0.548 against 0.615, 0.556 against 0.603), 0.2 to 0.5 about
as well.  Medium on it against the Medium before, 600 deals, seed 1: ``five_called`` +19.2 a
deal [+13.9, +24.4], ``six_pairs`` +32.0 [+21.9, +42.1], ``six_threes`` +38.5 [+22.5, +54.5];
it bids misère two to four times as often, made 74% against 78% at five."""


def misere_danger(hand: int, deck: int, pack: int = 0) -> float:
    """How likely a hand is to be forced to take a trick in misère: 0 is perfectly safe.

    For each suit, the hand's cards from the lowest up: a card with ``g`` outside cards below
    it (beyond those its own lower cards answer) may be caught when defenders lead low; the
    joker always takes a trick.  Roughly the expected number of tricks the hand is forced to
    take, so below about 0.6 is a misère hand.  ``pack`` (the whole pack, by default
    ``deck``) picks the count: in the big packs (:data:`BIG_PACK`) the higher a card, the
    worse, without end (:data:`GAP_STEP`), the joker worse than any card, on a scale of
    their own (:data:`MISERE_MIDPOINT`); ``deck`` may be the cards still out.

    >>> from fivehundred.cards import mask_of, pack
    >>> misere_danger(mask_of("4S 5S 6S 5C 6C 7C 4D 5D 4H 5H".split()), pack("43"))
    0.0
    >>> misere_danger(mask_of(["JK"]), pack("43"))
    1.0
    >>> [round(misere_danger(mask_of([c]), pack("53")), 2) for c in ("7S", "KS", "AS")]
    [1.0, 2.8, 3.1]
    """
    step = GAP_STEP if count(pack or deck) >= BIG_PACK else 0.0
    danger = 1.0 + 12 * step if hand >> JOKER & 1 else 0.0     # (over a lone ace of 63: 4.0)
    for s in SUITS:
        lad = ladder(deck, NO_TRUMPS, s)[::-1]      # lowest first
        mine = [i for i, c in enumerate(lad) if hand >> c & 1]
        for j, pos in enumerate(mine):
            gap = pos - j                          # outside cards lower than this one
            worth = (0.0, 0.12, 0.3, 0.5, 0.7)[gap] if gap <= 4 else 0.7 + step * (gap - 4)
            danger += worth * (0.85 ** j)
    return danger


def misere_discards(hand: int, deck: int, k: int) -> list[int]:
    """The ``k`` cards whose discard leaves the safest misère hand (greedy, joker first).

    >>> from fivehundred.cards import mask_of, pack
    >>> h = mask_of("JK AS 4S 5S 6S 5C 6C 7C 4D 5D 4H 5H KH".split())
    >>> [token(c) for c in misere_discards(h, pack("43"), 3)]
    ['JK', 'KH', 'AS']
    """
    out: list[int] = []
    for _ in range(k):
        best = min(iter_cards(hand), key=lambda c: (misere_danger(hand & ~(1 << c), deck), -c))
        out.append(best)
        hand &= ~(1 << best)
    return out


KITTY_SAMPLES = 6   # kitties sampled to judge a misère bid
# Misère danger at which the Medium bot made half its misères in self-play, by (defenders, pack).
# The big packs' were 3.2, 3.4 and 3.5 on the count that stopped at four lower cards; each was
# scaled by how far the midpoint of forced misères moved with the new count (:data:`GAP_STEP`).
MISERE_MIDPOINT = {(1, "24"): 0.3, (1, "33"): 0.6, (2, "33"): 1.2, (2, "43"): 1.9,
                   (4, "53"): 5.3, (3, "63"): 7.2, (4, "63"): 7.2}


def misere_midpoint(rules: Rules) -> float:
    """The misère danger the Medium bot makes half the time at this table (fit on the presets)."""
    defenders = rules.players - len(rules.sides[0])
    mid = MISERE_MIDPOINT.get((defenders, rules.deck))
    if mid is None:
        per_suit = (rules.deck_size - 1) / 4 / 8
        mid = 0.6 * defenders ** 0.8 * per_suit ** 1.2
        if rules.deck_size >= BIG_PACK:     # (the big packs' count: 53 x 1.65, 63 x 2.1)
            mid *= 1.0 + 1.4 * (per_suit - 1.16)
    return mid


def misere_chance(rules: Rules, danger: float, open_: bool) -> float:
    """Chance of making a misère (or open misère) whose hand has this danger after the kitty.

    >>> round(misere_chance(Rules.preset("australian"), 1.0, open_=False), 2)
    0.79
    """
    mid = misere_midpoint(rules) * 0.85     # a margin: stronger defenders than Medium's
    if open_:
        mid *= 0.8      # and they exploit an open hand
    width = 0.3 + 0.1 * mid
    return 1.0 / (1.0 + math.exp((danger - mid) / width))


def misere_safety(r: Rules, hand: int, rng_seed: int) -> float:
    """Expected misère danger of a hand after taking a sampled kitty and discarding the worst.

    9.0 (hopeless) when the hand is far too dangerous to be worth sampling.
    """
    own = hand & ~sum(1 << c for c in misere_discards(hand, r.deck_mask, r.kitty_size))
    if misere_danger(own, r.deck_mask) > misere_midpoint(r) + 1.5:
        return 9.0
    pool = list(iter_cards(r.deck_mask & ~hand))
    rng = Rng(rng_seed)
    total = 0.0
    for _ in range(KITTY_SAMPLES):
        rng.shuffle(pool)
        full = hand | sum(1 << c for c in pool[: r.kitty_size])
        kept = full & ~sum(1 << c for c in misere_discards(full, r.deck_mask, r.kitty_size))
        total += misere_danger(kept, r.deck_mask)
    return total / KITTY_SAMPLES


# ------------------------------------------------------------------ discards for a contract


def void_discards(hand: int, strain: int, k: int, deck: int) -> list[int]:
    """The ``k`` cards a trick declarer discards: cheap side cards, emptying short suits.

    Trumps, aces and guarded kings are kept; in a trump contract the shortest side suits are
    thrown whole where they fit (a void lets the hand ruff); at no trumps long suits are kept
    and the cheapest cards of the short ones go.

    >>> from fivehundred.cards import mask_of, pack
    >>> h = mask_of("JK JH JD AH KH 9H AS 5C 6C 4D 7S 8S QD".split())
    >>> sorted(token(c) for c in void_discards(h, 3, 3, pack("43")))
    ['4D', '5C', '6C']
    """
    t = TABLES[strain]

    def keep_value(c: int) -> float:
        return card_cost(c, strain, deck) + (0.5 if t.eff_suit[c] == strain else 0.0)

    out: list[int] = []
    if strain != NO_TRUMPS:
        sides = [s for s in SUITS if s != strain and hand & t.suit_mask[s]]
        sides.sort(key=lambda s: (count(hand & t.suit_mask[s]),
                                  max(keep_value(c) for c in iter_cards(hand & t.suit_mask[s]))))
        for s in sides:
            held = hand & t.suit_mask[s]
            if count(held) <= k - len(out) and max(keep_value(c) for c in iter_cards(held)) < 0.85:
                out.extend(low_first(held, strain))
    rest = [c for c in iter_cards(hand) if c not in out]
    lengths = suit_lengths(hand, strain)

    def throw_order(c: int) -> tuple[float, int]:
        s = t.eff_suit[c]
        length = lengths[s] if s < 4 else 0
        return (keep_value(c) + 0.04 * length, c)

    rest.sort(key=throw_order)
    out.extend(rest[: k - len(out)])
    return out[:k]


# ------------------------------------------------------------------ reading the table


def parse_play(tok: str) -> tuple[int, int]:
    """A play token as (card, named suit): ``JK:H`` is ``(64, 3)``, ``AS`` is ``(15, -1)``."""
    if tok.startswith("JK:"):
        return JOKER, SUIT_LETTERS.index(tok[3])
    return card_from_token(tok), NO_SUIT


@dataclass(frozen=True)
class Table:
    """One seat's reading of its view in the play: what it holds, the trick, who is with whom."""

    seat: int
    strain: int
    """The contract's strain; no trumps in misère and in the all-pass game."""
    deck: int
    hand: int
    legal: tuple[tuple[str, int, int], ...]
    """The legal plays as (token, card, named suit or NO_SUIT)."""
    plays: tuple[int, ...]
    """Cards of the trick in progress, in order."""
    seats: tuple[int, ...]
    """Who played them."""
    led: int
    """The effective suit led to this trick (NO_SUIT when leading, or after a plain JK lead)."""
    after: tuple[int, ...]
    """Seats still to play to this trick after this one, in order."""
    allies: frozenset[int]
    """Seats playing with this one this hand, itself included."""
    declarer: int | None
    misere: bool
    seen: int
    """Cards this seat sees now besides the completed tricks: its hand, the trick in progress,
    its own discards and any hand face up."""
    played: int
    """Cards in the completed tricks (a bot that remembers adds these to ``seen``)."""
    voids: tuple[int, ...]
    """Per seat, a bit per suit it has shown void in."""
    sizes: tuple[int, ...]
    exposed: tuple[tuple[int, int], ...]
    """(seat, cards) of hands face up (the open-misère declarer's)."""

    def unseen(self, remember: bool) -> int:
        """Cards that may be in other hands (or out of play), with or without trick memory."""
        return self.deck & ~self.seen & ~(self.played if remember else 0)

    @property
    def opponents_after(self) -> tuple[int, ...]:
        """The seats after this one in the trick that play against it."""
        return tuple(s for s in self.after if s not in self.allies)

    @property
    def active_opponents(self) -> tuple[int, ...]:
        """Every seat in the play that plays against this one."""
        return tuple(s for s in self.order if s not in self.allies)

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in the play this trick, in order from the leader."""
        return (*self.seats, self.seat, *self.after)


def read_table(view: View) -> Table:
    """The :class:`Table` of a view in the play phase."""
    r = view.rules
    c = view.contract
    strain = c.strain if c is not None else NO_TRUMPS
    t = TABLES[strain]
    n = r.players
    active = [s for s in range(n) if s not in view.sitting_out]
    leader = view.trick[0][0] if view.trick else view.seat
    order = [leader]
    while len(order) < len(active):
        nxt = (order[-1] + 1) % n
        while nxt not in active:
            nxt = (nxt + 1) % n
        order.append(nxt)
    plays = tuple(parse_play(tok)[0] for _, tok in view.trick)
    led = NO_SUIT
    if view.trick:
        first, named = parse_play(view.trick[0][1])
        led = named if first == JOKER and strain == NO_TRUMPS else t.eff_suit[first]
    if c is None:
        allies = frozenset(r.sides[r.side_of[view.seat]])
    elif c.is_misere:
        allies = (frozenset([view.seat]) if view.seat == c.declarer
                  else frozenset(s for s in active if s != c.declarer))
    else:
        team = declaring_seats(r, c, view.partner)
        allies = team if view.seat in team else frozenset(s for s in range(n) if s not in team)
    exposed = tuple((s, mask_of(h)) for s, h in view.exposed)
    seen = view.hand_mask | mask_of(plays) | mask_of(view.discards)
    for _, m in exposed:
        seen |= m
    played = 0
    for tr in view.tricks:
        for _, tok in tr.plays:
            played |= 1 << parse_play(tok)[0]
    voids = [0] * n
    for s, letters in enumerate(view.shown_voids):
        for letter in letters:
            voids[s] |= 1 << SUIT_LETTERS.index(letter)
    return Table(
        seat=view.seat, strain=strain, deck=r.deck_mask, hand=view.hand_mask,
        legal=tuple((tok, *parse_play(tok)) for tok in view.legal_actions),
        plays=plays, seats=tuple(s for s, _ in view.trick), led=led,
        after=tuple(order[len(plays) + 1:]), allies=allies,
        declarer=c.declarer if c is not None else None,
        misere=c is not None and c.is_misere, seen=seen, played=played, voids=tuple(voids),
        sizes=view.hand_sizes, exposed=exposed,
    )


# ------------------------------------------------------------------ the odds of a trick
# These estimate, from one seat's table, whether a card now winning a trick will stand.  They
# take the pool of cards the seat cannot see (with or without its memory of past tricks) and
# assume each unseen card is in a hand in proportion to that hand's size.


def _share(tb: Table, seat: int, pool: int) -> float:
    return min(1.0, tb.sizes[seat] / max(1, count(pool)))


def holds(tb: Table, best: int, unseen: int, rivals: tuple[int, ...]) -> float:
    """Chance that ``best``, winning the trick now, is not beaten by the ``rivals`` to play."""
    strain, led = tb.strain, tb.led
    if best == JOKER and strain == NO_TRUMPS:
        return 1.0
    t = TABLES[strain]
    suit = t.eff_suit[best]
    if led == NO_SUIT:
        led = suit
    higher = count(higher_in_pool(best, strain, unseen))
    trumps = count(unseen & t.suit_mask[strain]) if strain != NO_TRUMPS else 0
    p = 1.0
    for r in rivals:
        share = _share(tb, r, unseen)
        void = 0 <= led < 4 and bool(tb.voids[r] >> led & 1)
        if suit == led:
            if not void:
                p *= (1 - share) ** higher
            elif strain != NO_TRUMPS and suit != strain and not tb.voids[r] >> strain & 1:
                p *= (1 - share) ** trumps
            elif strain == NO_TRUMPS and unseen >> JOKER & 1:
                p *= 1 - share
        elif void and not tb.voids[r] >> strain & 1:        # our ruff can be over-ruffed
            p *= (1 - share) ** higher
    return p


def rescue(tb: Table, best: int, unseen: int) -> float:
    """Chance that a partner still to play takes the trick from ``best``."""
    allies = [s for s in tb.after if s in tb.allies]
    if not allies:
        return 0.0
    t = TABLES[tb.strain]
    better = count(higher_in_pool(best, tb.strain, unseen))
    if tb.strain != NO_TRUMPS and t.eff_suit[best] != tb.strain:
        better += count(unseen & t.suit_mask[tb.strain]) // 3
    miss = 1.0
    for a in allies:
        miss *= (1 - _share(tb, a, unseen)) ** better
    return 0.7 * (1 - miss)


def trick_chance(tb: Table, c: int, unseen: int) -> float:
    """Chance the trick goes to this seat's side if it plays ``c`` now."""
    if not tb.plays:
        best, mine = c, True
    else:
        i = trick_winner(tb.strain, tb.plays, tb.led)
        best, mine = tb.plays[i], tb.seats[i] in tb.allies
        if beats(tb.strain, c, best, tb.led):
            best, mine = c, True
    if mine:
        p = holds(tb, best, unseen, tb.opponents_after)
        return p + (1 - p) * rescue(tb, best, unseen) * 0.5
    return rescue(tb, best, unseen)
