"""A soft model of how people bid, for reading the auction: how well a hand fits a bid or a
pass, from a rough count of the tricks it takes in each strain.  Insane weighs its imagined
deals by it (a deal where a player holds cards that do not fit his bids weighs less).

>>> from fivehundred.cards import mask_of
>>> strong = mask_of(["JS", "JC", "AS", "KS", "QS", "AH", "AD"])
>>> round(strength(strong, 0), 2)     # spades: the bowers, three more trumps, two aces
5.4
>>> bid_fit(strong, "8S") > bid_fit(mask_of(["4S", "5H", "6D"]), "8S")
True
"""

from __future__ import annotations

from .. import cards
from ..actions import bid_strain, bid_tricks, is_trick_bid
from ..cards import JOKER, NO_TRUMPS
from ..tricks import TABLES


def bid_action(tok: str) -> int | None:
    from ..actions import action_from_token

    try:
        return action_from_token(tok, auction=True)
    except ValueError:
        return None


def strength(hand: int, strain: int) -> float:
    """A rough count of the tricks a hand takes declaring ``strain`` (for bid inference)."""
    t = TABLES[strain]
    est = 0.0
    for c in cards.iter_cards(hand):
        e = t.eff_suit[c]
        p = t.power[c]
        if strain != NO_TRUMPS and e == strain:
            est += 1.0 if p >= 129 else 0.6
        elif strain == NO_TRUMPS and c == JOKER:
            est += 1.0
        elif c & 15 == cards.ACE:
            est += 0.8
        elif c & 15 == cards.KING:
            est += 0.35
    return est


def bid_fit(hand: int, tok: str) -> float:
    """Log-weight of a hand given one bid or pass (a soft model of how people bid)."""
    a = bid_action(tok)
    if a is None:
        return 0.0
    if is_trick_bid(a):
        need = bid_tricks(a) - 2.5          # partner and kitty bring two or three tricks
        short = max(0.0, need - strength(hand, bid_strain(a)))
        return -0.5 * short * short
    if tok == "pass":
        best = max(strength(hand, s) for s in range(5))
        over = max(0.0, best - 6.0)
        return -0.5 * over * over
    high = sum(1 for c in cards.iter_cards(hand) if c & 15 >= cards.QUEEN or c == JOKER)
    return -0.5 * max(0, high - 2) ** 2     # misère: few high cards


__all__ = ["bid_action", "bid_fit", "strength"]
