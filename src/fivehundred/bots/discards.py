"""The few sensible hands a declarer may keep after taking the kitty: the lowest side cards
out, a short side suit voided, or (misère) the highest cards out.  Hard and Insane value each
on imagined deals; the first is the usual discard.

>>> from fivehundred.cards import mask_of, tokens
>>> hand = mask_of(["JS", "JC", "AS", "KS", "4H", "5H", "7D", "8D", "9D", "AC", "KC", "6C", "QH"])
>>> sorted(tokens(hand & ~best_keep(hand, 0, 3, misere=False)))   # spades: three low side cards
['4H', '5H', '6C']
"""

from __future__ import annotations

from itertools import combinations

from .. import cards
from ..cards import JOKER, NO_TRUMPS
from ..tricks import TABLES


def best_keep(hand: int, strain: int, n_out: int, misere: bool) -> int:
    """A sensible hand to keep after discarding ``n_out`` cards (the first of the options)."""
    return discard_options(hand, strain, n_out, misere)[0]


def discard_options(hand: int, strain: int, n_out: int, misere: bool) -> list[int]:
    """A few sensible hands to keep: lowest side cards out, or a short side suit voided.

    Misère throws the highest cards instead.
    """
    t = TABLES[strain]
    items = list(cards.iter_cards(hand))
    if n_out <= 0:
        return [hand]
    if misere:
        items.sort(key=lambda c: (-(c & 15) if c != JOKER else -99, c))
        return [hand & ~sum(1 << c for c in items[:n_out])]

    def weak_first(c: int) -> tuple[int, int]:
        trump = strain != NO_TRUMPS and t.eff_suit[c] == strain
        return (1 if trump or c == JOKER else 0, t.power[c])

    base = sorted(items, key=weak_first)
    options = [hand & ~sum(1 << c for c in base[:n_out])]
    # void a short side suit when its cards fit in the discard
    for e in range(4):
        if e == strain:
            continue
        suit = [c for c in items if t.eff_suit[c] == e and c != JOKER]
        if 0 < len(suit) <= n_out and not any(c & 15 == cards.ACE for c in suit):
            rest = [c for c in base if c not in suit][: n_out - len(suit)]
            keep = hand & ~sum(1 << c for c in suit + rest)
            if keep not in options:
                options.append(keep)
    # and the weakest cards of the two shortest side suits, if different
    for combo in combinations(base[: n_out + 2], n_out):
        keep = hand & ~sum(1 << c for c in combo)
        if keep not in options and len(options) < 4:
            options.append(keep)
    return options[:4]


__all__ = ["best_keep", "discard_options"]
