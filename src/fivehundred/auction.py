"""Bids, their prices, the ladder they climb, and the contract an auction ends in.

>>> r = Rules.preset("australian")
>>> price(r, bid_action(8, HEARTS)), price(r, MISERE), price(r, OPEN_MISERE)
(300, 250, 500)
>>> can_bid(r, MISERE, bid_action(7, NO_TRUMPS)) is None
True
>>> can_bid(r, MISERE, bid_action(8, SPADES))
'misère does not rank above 8S: a bid must be higher than the current bid'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .actions import (
    MISERE,
    OPEN_MISERE,
    PASS,
    bid_action,
    bid_strain,
    bid_tricks,
    is_trick_bid,
    token_of,
)
from .cards import HEARTS, NO_TRUMPS, SPADES
from .rules import Rules

__all__ = ["HEARTS", "NO_TRUMPS", "SPADES", "Contract", "bid_action", "can_bid", "price"]

_NAMES = {MISERE: "misère", OPEN_MISERE: "open misère"}


def bid_name(action: int) -> str:
    """How a bid is written in messages: 8S, misère, open misère."""
    return _NAMES.get(action) or token_of(action)


def trick_price(tricks: int, strain: int) -> int:
    """The Avondale price: 40 + 20 x strain + 100 x (tricks - 6)."""
    return 40 + 20 * strain + 100 * (tricks - 6)


def price(rules: Rules, bid: int) -> int:
    """What a bid is worth when made (and lost when failed)."""
    if bid == MISERE:
        return rules.misere_value
    if bid == OPEN_MISERE:
        return rules.open_misere_value
    return trick_price(bid_tricks(bid), bid_strain(bid))


def rank_key(rules: Rules, bid: int) -> int:
    """A number that orders bids on this table's ladder (higher outranks lower)."""
    if bid == MISERE:
        return 230 if rules.misere_rank == "after_sevens" else 250
    if bid == OPEN_MISERE:
        return 490 if rules.open_misere_rank == "after_10D" else 530
    return trick_price(bid_tricks(bid), bid_strain(bid))


def can_bid(rules: Rules, bid: int, current: int | None) -> str | None:
    """None if ``bid`` may be made over the ``current`` high bid, else the reason it may not."""
    if bid == MISERE and not rules.misere_allowed:
        return "misère is not allowed at this table (misere_allowed=false)"
    if bid == OPEN_MISERE and not rules.allows_open_misere:
        banned = ", ".join(f"{o}=false" for o in ("misere_allowed", "open_misere_allowed")
                           if not getattr(rules, o))
        return f"open misère is not allowed at this table ({banned})"
    if current is not None and rank_key(rules, bid) <= rank_key(rules, current):
        return (
            f"{bid_name(bid)} does not rank above {bid_name(current)}: "
            "a bid must be higher than the current bid"
        )
    if bid == MISERE and rules.misere_needs_seven and (
        current is None or not is_trick_bid(current) or bid_tricks(current) != 7
    ):
        return "misère may be bid only over a seven-bid"
    return None


def legal_bids(rules: Rules, current: int | None) -> list[int]:
    """Every bid that may be made over ``current`` (passing not included), in ladder order."""
    out = [b for b in _ALL_BIDS if can_bid(rules, b, current) is None]
    out.sort(key=lambda b: rank_key(rules, b))
    return out


@lru_cache(maxsize=64)
def bid_table(rules: Rules) -> dict[int | None, tuple[int, ...]]:
    """For each possible high bid (None: none yet), the legal actions in id order, pass too.

    The auction's hot path is a dictionary look-up in this table, computed once per rules.
    """
    table: dict[int | None, tuple[int, ...]] = {}
    for current in [None, *_ALL_BIDS]:
        table[current] = tuple(sorted([PASS, *legal_bids(rules, current)]))
    return table


_ALL_BIDS = [bid_action(t, s) for t in range(6, 11) for s in range(5)] + [MISERE, OPEN_MISERE]


@dataclass(frozen=True)
class Contract:
    """The winning bid of an auction: who plays it, in which strain, for how much."""

    bid: str
    """The bid token: ``8H``, ``10NT``, ``misere`` or ``open-misere``."""
    declarer: int
    tricks: int
    """Tricks the declaring side must take (0 for misère: it must take none)."""
    strain: int
    """0..3 the trump suit (S C D H), 4 no trumps (misère plays at no trumps)."""
    value: int
    """Points won when made and lost when failed."""

    @property
    def is_misere(self) -> bool:
        """Misère or open misère."""
        return self.bid in ("misere", "open-misere")

    @property
    def is_open(self) -> bool:
        """Open misère."""
        return self.bid == "open-misere"

    @property
    def trump(self) -> int | None:
        """The trump suit, or None at no trumps and misère."""
        return None if self.strain == NO_TRUMPS else self.strain

    def __str__(self) -> str:
        return bid_name(self.bid_action)

    @property
    def bid_action(self) -> int:
        """The action id of the bid."""
        from .actions import action_from_token

        return action_from_token(self.bid, auction=True)


def contract_of(rules: Rules, bid: int, declarer: int) -> Contract:
    """The contract a winning bid makes."""
    if bid in (MISERE, OPEN_MISERE):
        return Contract(token_of(bid), declarer, 0, NO_TRUMPS, price(rules, bid))
    return Contract(token_of(bid), declarer, bid_tricks(bid), bid_strain(bid), price(rules, bid))


def is_bid(action: int) -> bool:
    """Whether an action belongs to the auction (a bid or a pass)."""
    return is_trick_bid(action) or action in (PASS, MISERE, OPEN_MISERE)
