"""The one fixed integer action space (sized for the largest variant) and its text tokens.

Every decision of every variant is one of these ints, OpenSpiel-style; tokens are the names
people and outside code use.  Card actions are the card ids themselves (plays and discards).

>>> action_from_token("7H"), token_of(action_from_token("7H"))
(53, '7H')
>>> token_of(JOKER_LEAD + 3)
'JK:H'
>>> [token_of(a) for a in (BID + 0, BID + 24, PASS, MISERE, OPEN_MISERE, ALONE, CALL + 63)]
['6S', '10NT', 'pass', 'misere', 'open-misere', 'alone', 'call AH']
"""

from __future__ import annotations

from . import cards
from .cards import STRAIN_NAMES, SUIT_LETTERS
from .errors import MalformedError

JOKER_LEAD = 65          # + suit: lead the joker in no trumps / misère naming that suit
BID = 69                 # + (tricks - 6) * 5 + strain: the 25 trick bids, 6S .. 10NT
PASS = 94
MISERE = 95
OPEN_MISERE = 96
ALONE = 97               # five-handed: play without a called partner
CALL = 98                # + card: five-handed partner call naming that card
NUM_ACTIONS = CALL + cards.NUM_CARDS

_TOKENS: list[str] = [cards.token(c) for c in range(cards.NUM_CARDS)]
_TOKENS += [f"JK:{s}" for s in SUIT_LETTERS]
_TOKENS += [f"{6 + b // 5}{STRAIN_NAMES[b % 5]}" for b in range(25)]
_TOKENS += ["pass", "misere", "open-misere", "alone"]
_TOKENS += [f"call {cards.token(c)}" for c in range(cards.NUM_CARDS)]
assert len(_TOKENS) == NUM_ACTIONS

_ACTION_OF: dict[str, int] = {t.upper(): a for a, t in enumerate(_TOKENS)}
_ACTION_OF["MISÈRE"] = MISERE
_ACTION_OF["OPEN-MISÈRE"] = OPEN_MISERE


def token_of(action: int) -> str:
    """The text token of an action id."""
    return _TOKENS[action]


def action_from_token(text: str) -> int:
    """The action id of a token (case-insensitive, spaces folded); MalformedError if unknown."""
    key = " ".join(text.split()).upper()
    a = _ACTION_OF.get(key)
    if a is None:
        raise MalformedError(
            f"not an action: {text!r} (expected a card like 7H or JK:H, a bid like 7NT, "
            "pass, misere, open-misere, 'call QH' or alone)"
        )
    return a


def bid_action(tricks: int, strain: int) -> int:
    """The action id of a trick bid (6..10 tricks, strain 0..4 = S C D H NT)."""
    return BID + (tricks - 6) * 5 + strain


def is_trick_bid(action: int) -> bool:
    """Whether an action is one of the 25 trick bids."""
    return BID <= action < BID + 25


def bid_tricks(action: int) -> int:
    """Tricks of a trick bid (6..10)."""
    return 6 + (action - BID) // 5


def bid_strain(action: int) -> int:
    """Strain of a trick bid: 0..3 a trump suit, 4 no trumps."""
    return (action - BID) % 5


def is_card(action: int) -> bool:
    """Whether an action is a card (a play or a discard)."""
    return action < cards.NUM_CARDS
