"""The one fixed integer action space (sized for the largest variant) and its text tokens.

Every decision of every variant is one of these ints, OpenSpiel-style; tokens are the names
people and outside code use.  Card actions are the card ids themselves (plays and discards).

>>> action_from_token("7H"), action_from_token("7H", auction=True)
(53, 77)
>>> token_of(JOKER_LEAD + 3)
'JK:H'
>>> [token_of(a) for a in (BID + 0, BID + 24, PASS, MISERE, OPEN_MISERE, ALONE, CALL + 63)]
['6S', '10NT', 'pass', 'misere', 'open-misere', 'alone', 'call AH']
"""

from __future__ import annotations

import re

from . import cards
from .cards import STRAIN_NAMES, SUIT_LETTERS, SUIT_SYMBOLS
from .errors import MalformedError, shown
from .numbers import whole_number

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

# Bid tokens and card tokens overlap ("7H" is a bid and a card): the phase tells which.
_AUCTION_TOKENS: dict[str, int] = {_TOKENS[a].upper(): a for a in range(BID, ALONE)}
_AUCTION_TOKENS.update({"MISÈRE": MISERE, "OPEN-MISÈRE": OPEN_MISERE, "P": PASS})
_OTHER_TOKENS: dict[str, int] = {
    t.upper(): a for a, t in enumerate(_TOKENS) if not BID <= a < ALONE
}


def token_of(action: int) -> str:
    """The text token of an action id (MalformedError for a number that is not one: never
    another action's token, as a negative index would give)."""
    if type(action) is int and 0 <= action < NUM_ACTIONS:
        return _TOKENS[action]
    n = whole_number(action, MalformedError, f"an action id is a number from 0 to "
                                             f"{NUM_ACTIONS - 1}")
    if not 0 <= n < NUM_ACTIONS:
        raise MalformedError(f"{shown(action)} is not an action id (0 to {NUM_ACTIONS - 1})")
    return _TOKENS[n]


def action_words(action: int) -> str:
    """An action id in words that say its kind where its token does not, for a refusal of an
    id given in the wrong phase: a card and a bid share a token (``6S``); others are their
    token.

    >>> action_words(4), action_words(69), action_words(94), action_words(98 + 12)
    ('the card 6S', 'the bid 6S', 'pass', 'call JS')
    """
    tok = token_of(action)
    if action < JOKER_LEAD:
        return f"the card {tok}"
    if BID <= action < PASS:
        return f"the bid {tok}"
    return tok


#: A card token or one with a suit a bid or a joker lead names (``10H``, ``JK:S``).
CARDISH = re.compile(r"^(JK:|1[0-3]|[2-9JQKA])([SCDH])$")


def readable(tok: str) -> str:
    """An action token as people read it: a card's or a bid's suit as its symbol, the
    misères with their accent (tokens stay the names typed and stored).

    >>> [readable(t) for t in ("10H", "8S", "8NT", "JK:C", "open-misere", "call AD", "pass")]
    ['10♥', '8♠', '8NT', 'JK:♣', 'open misère', 'call A♦', 'pass']
    """
    if tok in ("misere", "open-misere"):
        return tok.replace("-", " ").replace("misere", "misère")
    if tok.startswith("call "):
        return "call " + readable(tok[5:])
    m = CARDISH.match(tok)
    if m is None:
        return tok
    return m.group(1) + SUIT_SYMBOLS[SUIT_LETTERS.index(m.group(2))]


#: A card or bid token inside the engine's words (``you hold 9D, JK``), as whole words.
_TOKEN_IN_TEXT = re.compile(r"(?<![\w:])(JK:|1[0-3]|[2-9JQKA])([SCDH])\b")
_MISERE_IN_TEXT = re.compile(r"(?<![\w-])(open-)?misere(?![\w-])")


def readable_text(text: str) -> str:
    """The engine's words (a refusal's reason) with their card and bid tokens written as
    people read them, as the rest of a table shows them.

    >>> readable_text("must follow diamonds: you hold 9D, 10D and 13D")
    'must follow diamonds: you hold 9♦, 10♦ and 13♦'
    >>> readable_text("7S does not rank above 7H; lead the joker as JK:C (AS, not ASK)")
    '7♠ does not rank above 7♥; lead the joker as JK:♣ (A♠, not ASK)'
    >>> readable_text("open-misere fails; misere_allowed=false")
    'open misère fails; misere_allowed=false'
    """
    text = _MISERE_IN_TEXT.sub(lambda m: readable(m.group(0)), text)
    return _TOKEN_IN_TEXT.sub(lambda m: readable(m.group(0)), text)


def readable_bid(text: str) -> str:
    """A bid, in any spelling a token may have, as people read it.

    >>> readable_bid("8s"), readable_bid("MISÈRE"), readable_bid("10nt")
    ('8♠', 'misère', '10NT')
    """
    return readable(token_of(action_from_token(text, auction=True)))


def _key(text: str) -> str:
    """A token as the tables of tokens spell it: upper case, its spaces one apiece."""
    return " ".join(text.split()).upper()


def action_from_token(text: str, auction: bool = False) -> int:
    """The action id of a token (case-insensitive); ``auction`` says whether bids are meant.

    In the auction ``7H`` is a bid; elsewhere it is the card.  MalformedError if unknown.
    """
    if not isinstance(text, str):
        raise MalformedError(f"an action token is text (like 7H, pass or JK:H), not {shown(text)}")
    key = _key(text)
    table, other = (
        (_AUCTION_TOKENS, _OTHER_TOKENS) if auction else (_OTHER_TOKENS, _AUCTION_TOKENS)
    )
    a = table.get(key)
    if a is not None:
        return a
    if key in other:
        if auction:
            raise MalformedError(
                f"{shown(text)} is not a bid: the auction expects a bid (like 7H, 8NT, misere, "
                "open-misere) or pass"
            )
        raise MalformedError(
            f"{shown(text)} is a bid, but the auction is over: expected a card (like 7H or JK:H), "
            "a discard, 'call QH' or alone"
        )
    raise MalformedError(
        f"not an action: {shown(text)} (expected a card like 7H or JK:H, a bid like 7NT, "
        "pass, misere, open-misere, 'call QH' or alone)"
    )


def is_bid_token(text: str) -> bool:
    """Whether a token is a bid or a pass in the auction's spelling (``7NT``, ``pass``,
    ``misère``): outside the auction such a word is told the auction is over.

    >>> is_bid_token("7nt"), is_bid_token(" Misère "), is_bid_token("7H"), is_bid_token("QS")
    (True, True, True, False)
    """
    return _key(text) in _AUCTION_TOKENS


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
