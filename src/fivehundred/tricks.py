"""How cards behave in play under each strain: effective suit, power, following, winning; a
hand's order under a strain, as every table shows it (:func:`sort_tokens`); and who plays a
hand's tricks (:func:`sitting_out`) and who leads to the first (:func:`opening_leader`).

Tables are computed once per strain (four trump suits and no trumps), so following suit and
finding a trick's winner are table look-ups and mask operations.

>>> t = TABLES[HEARTS]
>>> t.eff_suit[card_from_token("JD")] == HEARTS      # the left bower is a trump
True
>>> winner_index(t, [card_from_token(x) for x in ("AH", "JD", "KS")], HEARTS)
1
>>> winner_index(TABLES[NO_TRUMPS], [card_from_token(x) for x in ("AS", "JK")], SPADES)
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import (
    JACK,
    JOKER,
    NO_TRUMPS,
    NUM_CARDS,
    SPADES,
    SUIT_LETTERS,
    SUIT_WORDS,
    card,
    card_from_token,
    iter_cards,
    suit_of,
    token,
)

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["SPADES", "TABLES", "StrainTables", "card_from_token", "opening_leader",
           "sitting_out", "sort_tokens", "suit_order", "why_unplayable", "winner_index"]

HEARTS = 3
NO_SUIT = -1   # the "led suit" of a joker led with no suit named: nobody must follow


@dataclass(frozen=True)
class StrainTables:
    """Per-card effective suit and power under one strain, and the mask of each suit."""

    strain: int
    eff_suit: tuple[int, ...]
    """Suit a card belongs to in play: 0..3, or 4 for the joker at no trumps."""
    power: tuple[int, ...]
    """Comparable strength: trumps (and the no-trump joker) beat every plain card."""
    suit_mask: tuple[int, ...]
    """For each effective suit 0..4, the mask of cards in it."""

    @property
    def trump_index(self) -> int:
        """Effective suit whose cards beat all others: the trump suit, or 4 (the joker) at NT."""
        return self.strain


def _tables(strain: int) -> StrainTables:
    eff = [suit_of(c) if c != JOKER else strain for c in range(NUM_CARDS)]
    power = [c & 15 for c in range(NUM_CARDS)]
    if strain == NO_TRUMPS:
        power[JOKER] = 200
    else:
        right, left = card(JACK, strain), card(JACK, strain ^ 1)
        eff[left] = strain
        for c in range(NUM_CARDS):
            if eff[c] == strain:
                power[c] = 100 + (c & 15)
        power[right], power[left], power[JOKER] = 130, 129, 131
    masks = [0] * 5
    for c in range(NUM_CARDS):
        masks[eff[c]] |= 1 << c
    return StrainTables(strain, tuple(eff), tuple(power), tuple(masks))


#: Tables for strains 0..3 (trump suits) and 4 (no trumps, also used for misère).
TABLES: tuple[StrainTables, ...] = tuple(_tables(s) for s in range(5))


# Suits shown alternating in colour: spades, hearts, clubs, diamonds (a cycle, trumps first).
_CYCLE = (0, 3, 1, 2)


def suit_order(strain: int) -> tuple[int, ...]:
    """Effective suits in display order: trumps (or the no-trump joker) first, colours alternate."""
    if strain == NO_TRUMPS:
        return (NO_TRUMPS, *_CYCLE)
    i = _CYCLE.index(strain)
    return _CYCLE[i:] + _CYCLE[:i]


def sort_tokens(tokens: Iterable[str], strain: int) -> list[str]:
    """Card tokens in display order under a strain: by effective suit, then high to low; the
    joker's leads (``JK:H``) by the suit they name in the bidding's order (♠ ♣ ♦ ♥).  The one
    order of a hand, a kitty or a discard in every table, hint and report.

    >>> sort_tokens(["JK:H", "AS", "JK:C", "JK:S", "JK:D"], 4)
    ['JK:S', 'JK:C', 'JK:D', 'JK:H', 'AS']
    >>> sort_tokens(["9C", "8H", "JS", "8D"], 1)      # clubs: J♠ is the left bower
    ['JS', '9C', '8D', '8H']
    """
    t = TABLES[strain]
    order = {s: i for i, s in enumerate(suit_order(strain))}

    def key(tok: str) -> tuple[int, int, int, str]:
        c = JOKER if tok.startswith("JK") else card_from_token(tok)
        named = SUIT_LETTERS.find(tok[3:]) if tok.startswith("JK:") else -1
        return (order[t.eff_suit[c]], -t.power[c], named, tok)

    return sorted(tokens, key=key)


def winner_index(t: StrainTables, played: Sequence[int], led: int) -> int:
    """Index in ``played`` of the winning card: highest trump, else highest of the led suit."""
    best, best_power = 0, -1
    trump = t.trump_index
    for i, c in enumerate(played):
        e = t.eff_suit[c]
        if (e in (trump, led)) and t.power[c] > best_power:
            best, best_power = i, t.power[c]
    return best


def suit_word(t: StrainTables, suit: int) -> str:
    """A suit's name in messages, marking the trump suit."""
    if suit == t.strain and suit != NO_TRUMPS:
        return f"{SUIT_WORDS[suit]} (trumps)"
    return SUIT_WORDS[suit]


def card_note(t: StrainTables, c: int) -> str:
    """A card token with its role noted where it is not what it looks like (bowers)."""
    from .cards import token

    if t.strain != NO_TRUMPS and c != JOKER:
        if c == card(JACK, t.strain):
            return f"{token(c)} (the right bower)"
        if c == card(JACK, t.strain ^ 1):
            return f"{token(c)} (the left bower)"
    return token(c)


def _high_first(t: StrainTables, mask: int) -> list[int]:
    """The cards of ``mask``, strongest first under the strain (for listing what is held)."""
    return sorted(iter_cards(mask), key=lambda c: -t.power[c])


def why_unplayable(rules: Rules, t: StrainTables, hand: int, c: int, named: int, led: int,
                   leading: bool, names: list[int] | None) -> str:
    """Why playing card ``c`` (a joker lead naming ``named``, else ``NO_SUIT``) from ``hand``
    is illegal: ``led`` is the trick's led suit, ``names`` the suits a no-trump joker lead
    may name now ([] none to name, None may not lead it; see ``Game``).

    >>> from fivehundred.rules import Rules
    >>> t = TABLES[HEARTS]
    >>> hand = (1 << card_from_token("AS")) | (1 << card_from_token("KH"))
    >>> why_unplayable(Rules.preset("australian"), t, hand, card_from_token("KH"), NO_SUIT,
    ...                SPADES, False, None)
    'must follow spades: you hold AS'
    """
    if not rules.deck_mask >> c & 1:
        return f"{token(c)} is not in the {rules.deck}-card pack"
    if not hand >> c & 1:
        return f"you do not hold {token(c)}"
    if leading and c == JOKER and t.strain == NO_TRUMPS:
        if names is None:
            return ("the joker may lead only to the last trick once all four suits have "
                    "been led")
        letters = ", ".join(f"JK:{SUIT_LETTERS[s]}" for s in names)
        if named == NO_SUIT and names:
            return f"leading the joker at no trumps names a suit: play one of {letters}"
        if named != NO_SUIT and not names:
            return "the joker leads here without naming a suit: play JK"
        if rules.nt_joker == "australian":
            return (f"the joker must name a suit not yet led; {SUIT_WORDS[named]} has been "
                    f"led (play one of {letters})")
        return (f"the joker may not name {SUIT_WORDS[named]}: you have shown void in it "
                f"(play one of {letters})")
    if named != NO_SUIT:
        if leading:
            return "only the joker at no trumps or misère names a suit: play JK"
        return "only a joker lead names a suit; when following, play JK"
    follow = hand & t.suit_mask[led] if led != NO_SUIT else 0
    if follow and not follow >> c & 1:
        held = ", ".join(card_note(t, x) for x in _high_first(t, follow))
        if c == JOKER and t.strain == NO_TRUMPS:
            return (f"the joker may be played only when you cannot follow "
                    f"{suit_word(t, led)} (you hold {held})")
        return f"must follow {suit_word(t, led)}: you hold {held}"
    return "in misère a player who cannot follow and holds the joker must play it"


def sitting_out(rules: Rules, declarer: int, misere: bool) -> tuple[int, ...]:
    """The seats that take no part in a contract's play: in misère the declarer's partners
    (both of them in six-handed threes), else none."""
    if not misere:
        return ()
    return tuple(s for s in rules.sides[rules.side_of[declarer]] if s != declarer)


def opening_leader(rules: Rules, dealer: int | None, declarer: int | None = None,
                   misere: bool = False) -> int:
    """The seat that leads to a hand's first trick, the one rule the game, a record's checks
    and the solver's opening positions all follow: the declarer, or with
    ``opening_lead=eldest`` (and when all passed and the hand is played at no trumps,
    ``declarer`` None) eldest, the dealer's left, passed over while he sits out a misère
    (``dealer`` None, a position given without one: the declarer's left).

    >>> from fivehundred.rules import Rules
    >>> r = Rules.preset("australian", opening_lead="eldest")
    >>> opening_leader(r, 0, 2), opening_leader(r, 0, 3, misere=True), opening_leader(r, 0)
    (1, 2, 1)
    """
    if declarer is not None and rules.opening_lead == "declarer":
        return declarer
    start = declarer if dealer is None else dealer
    if start is None:
        raise ValueError("the opening leader needs the dealer or the declarer")
    out = () if declarer is None else sitting_out(rules, declarer, misere)
    n = rules.players
    leader = (start + 1) % n
    while leader in out:
        leader = (leader + 1) % n
    return leader
