"""What a partner's bids add to Medium's count of our tricks, and what the opponents' take.

The Medium bot (:mod:`.medium`) counts each strain's tricks from its own hand
(:func:`.hand_eval.expected_tricks`) plus :func:`partner_help`; over a partner's standing
trick bid, his contract's count (:func:`standing_count`) values the pass and a raise.  The
constants are fitted on Medium self-play, each with the review or the numbers that set it
(docs/strength.md).
"""

from __future__ import annotations

from ..actions import action_from_token, bid_strain, bid_tricks, is_trick_bid
from ..cards import NO_TRUMPS, count
from ..view import View
from .hand_eval import expected_tricks, suit_cards

# Tricks Medium's declaring side took beyond its count in self-play, by (players, pack).
TABLE_BIAS = {(2, "33"): 2.3, (2, "24"): 1.6, (3, "33"): 0.8, (4, "43"): 0.15, (5, "53"): 1.1,
              (6, "63"): -0.15}

PARTNER_SIX = 5.9
"""Tricks a partner's standing bid of six takes with a hand that adds nothing to his strain,
counted as Medium counts its own bids (fitted on his contracts played out in Medium self-play,
about 0.3 under the tricks taken, as its own bids' count is: the same on ``australian``,
``six_pairs`` and ``six_threes``)."""

PARTNER_LEVEL = 0.7
"""What each level of his bid above six adds to that count: a partner who bid seven holds more
than one who bid six (the flat credit of :func:`partner_help` counted them alike, and Medium
overcalled a partner's 7♣ that took 10 tricks)."""

SUPPORT = 0.5
"""The share of our own count in his strain that his contract takes beyond his count: our
trumps and winners there add, but overlap what his bid already counted on."""

TAKE_OUT = 20.0
"""Points charged to a bid that takes a partner's counted standing bid out into another strain
or misère: our count there is less sure than the one his bid gives his strain.  (At 50, with
the pass valued as his contract, Medium passed where taking out won more points.)"""

MISFIT = 0.5
"""Tricks taken off our count in every other strain for each level of a partner's standing
bid above six: the more he bid in his strain, the less he holds for ours (over his sevens the
take-outs Medium nearly chose took half a trick fewer than over his sixes, against their
count; Medium took a 7♣ out into 8♦ on the joker, A K and four small diamonds)."""

OVER_PARTNER = 50.0
"""Points charged to every bid over a partner's standing bid that :func:`standing_count`
cannot count (his misère, his raise of our strain), where a pass is worth a flat 20."""

RAISE = 0.0
"""Points charged to a raise of a partner's standing bid in his strain: it is valued on the
same count as the pass that leaves his contract to be played, so it needs nothing more."""

PARTNER_SUIT = 0.8
"""Tricks a partner's last suit bid adds to our count in his suit (:func:`partner_help`);
not where we hold fewer than :data:`RAISE_TRUMPS` of it and his bid is not counted standing
(:func:`standing_count`: overcalled, or we bid already; ``partner_help``'s ``fit_needed``;
counted standing, such a raise is valued as a take-out already)."""

RAISE_TRUMPS = 2
"""The fewest trumps (bowers and joker included) with which a raise of a partner's suit bid is
valued on his count: the raiser declares and takes the kitty, and with one trump or none the
side's count in his suit is not ours to play (a review found raises on a void and a lone
joker; such a raise is valued as a take-out, on our own count)."""


def partner_help(view: View, fit_needed: bool = False) -> tuple[float, ...]:
    """Tricks the partners (and the kitty) add to each strain, from the auction so far; with
    ``fit_needed`` (his bid not counted standing: :func:`standing_count`), a partner's suit is
    credited (:data:`PARTNER_SUIT`) only where we hold :data:`RAISE_TRUMPS` of it: a bid
    there is else no raise on a fit.  An expert review found Medium's 7♦ over an opponent's 7♠
    on partner's 6♦ with a lone 4♦: counted 7.0 tricks, it made 24% of imagined deals, and
    failed."""
    r = view.rules
    hand = view.hand_mask
    side = r.sides[r.side_of[view.seat]]
    per = 10.0 / r.players * 0.8
    help_ = [(0.45 if r.kitty_size <= 3 else 0.6) + TABLE_BIAS.get((r.players, r.deck), 0.0)] * 5
    if r.call_partner:
        help_ = [h + 0.9 for h in help_]
    last: dict[int, str] = {}
    for s, bid in view.auction:
        last[s] = bid
    for p in side:
        if p == view.seat:
            continue
        bid = last.get(p, "")
        for strain in range(5):
            help_[strain] += per - (0.5 if bid == "pass" else 0.0)
        if bid[:1].isdigit():
            strain = strain_of(bid)
            if strain == NO_TRUMPS:
                help_[strain] += 0.5
            elif not fit_needed or count(suit_cards(hand, strain, strain)) >= RAISE_TRUMPS:
                help_[strain] += PARTNER_SUIT
    for s, bid in last.items():
        if s not in side and bid[0].isdigit():
            strain = strain_of(bid)
            help_[strain] -= 0.8
            if strain < 4:
                help_[4] -= 0.3
    return tuple(help_)


def strain_of(bid: str) -> int:
    return bid_strain(action_from_token(bid, auction=True))


def standing_count(view: View) -> tuple[int, float] | None:
    """The partner's standing trick bid and the tricks our side should take in his strain
    (:data:`PARTNER_SIX`, :data:`PARTNER_LEVEL`, :data:`SUPPORT`, less what the opponents'
    bids take, as in :func:`partner_help`), which a pass leaves to be played and a raise uses.

    None where no partner holds the high bid, or it is a misère, or this seat has made a
    trick bid (his bid, a raise of it or a take-out, counts our hand already: counted again,
    the side bids on and on; a review found 7NT over his 6NT over our 6♠).
    """
    r = view.rules
    side = r.side_of[view.seat]
    high = next(((s, b) for s, b in reversed(view.auction) if b != "pass"), None)
    if high is None or high[0] == view.seat or r.side_of[high[0]] != side:
        return None
    bid = action_from_token(high[1], auction=True)
    if not is_trick_bid(bid):
        return None
    strain = bid_strain(bid)
    if any(s == view.seat and b[:1].isdigit() for s, b in view.auction):
        return None
    tricks = (PARTNER_SIX + PARTNER_LEVEL * (bid_tricks(bid) - 6)
              + SUPPORT * expected_tricks(view.hand_mask, strain, r.deck_mask))
    last = {s: b for s, b in view.auction}
    for s, b in last.items():
        if r.side_of[s] != side and b[:1].isdigit():
            taken = strain_of(b)
            tricks -= 0.8 if taken == strain else (0.3 if strain == NO_TRUMPS else 0.0)
    return bid, tricks
