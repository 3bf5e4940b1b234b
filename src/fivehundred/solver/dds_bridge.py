"""A four-handed suit contract renamed to a bridge deal, so DDS (through endplay) can solve it.

In the 43-card pack a suit contract has at most 13 cards in each effective suit (red trumps:
13 trumps and 10 in each other suit; black trumps: 12 trumps and 9, 11, 11), so the position
renames to a legal bridge deal of ten cards a hand: each effective suit's cards, strongest first,
become A, K, Q, J, T, 9, ... of the bridge suit of the same name (the trump suit keeps its name and
is the DDS trump denomination; the joker and the bowers join it as its top cards), and seats 0..3
become North, East, South, West.  Trick-taking is then exactly the same game: bridge follows
suit by suit and the highest trump, else the highest card of the suit led, wins.

Only :func:`rename` is pure; the ``dds_*`` functions import endplay (``pip install endplay``, a
test and benchmark dependency) when called.

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=5)
>>> for a in ["6H", "pass", "pass", "pass"]: g.apply(a)
>>> while g.phase == "kitty": g.apply(g.legal_action_ids()[0])
>>> b = rename(Position.from_game(g))
>>> b.trump, len(b.pbn.split()), all(len(h) == 13 for h in b.pbn[2:].split())
('H', 4, True)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..actions import token_of
from ..cards import NO_TRUMPS, PACKS, iter_cards
from .position import Position, effective

BRIDGE_RANKS = "AKQJT98765432"
"""Bridge ranks from the top: the strongest card of an effective suit becomes the ace."""
BRIDGE_SUITS = "SCDH"
"""The bridge suit of each of our suits 0..3 (the same names)."""
PBN_ORDER = "SHDC"
"""Suit order inside a PBN hand."""
_DENOM = {"S": 0, "H": 1, "D": 2, "C": 3}
"""endplay's Denom value of each bridge suit letter (no trumps is 4)."""


class BridgeError(ValueError):
    """The position is not a four-handed, four-active suit contract that renames to bridge."""


@dataclass(frozen=True)
class BridgeDeal:
    """A position in bridge terms: the deal before the current trick, and that trick's cards."""

    pbn: str
    """``N:`` and the four hands (N E S W) as dealt before the current trick, ``S.H.D.C``."""
    first: int
    """The seat (0..3 = N E S W) that led, or leads, the current trick."""
    trump: str
    """The trump suit's bridge letter."""
    played: tuple[str, ...]
    """The current trick's cards so far in endplay notation (suit letter first: ``SA``)."""
    to_move: int
    """The seat to play next."""
    declaring: int
    """Mask of the seats whose tricks are counted (the declaring side)."""
    tricks_left: int
    """Tricks still to be completed, the current one included."""
    card_of: dict[str, int]
    """Engine card of every bridge card in the deal (``SA`` -> card id)."""

    def side_tricks(self, seat: int, tricks: int) -> int:
        """The declaring side's tricks, given ``tricks`` taken by the side of ``seat``."""
        return tricks if self.declaring >> seat & 1 else self.tricks_left - tricks

    def move_values(self, card_values: dict[str, int]) -> dict[str, int]:
        """DDS's values by bridge card (side to move) as ours: token -> declaring side's tricks."""
        return {token_of(self.card_of[n]): self.side_tricks(self.to_move, v)
                for n, v in card_values.items()}


def rename(position: Position, deck: int = PACKS["43"]) -> BridgeDeal:
    """The bridge deal of a four-handed suit contract position (mid-trick allowed).

    ``deck`` is the pack whose effective suits are ranked (the 43-card pack by default, so a
    card's bridge name stays the same through the hand).  Raises BridgeError for anything but
    four active seats in partnerships 0&2 and 1&3 playing a suit contract, and for a pack with
    more than 13 cards in an effective suit.
    """
    p = position
    if p.players != 4 or p.active != (0, 1, 2, 3):
        raise BridgeError("only four active seats rename to a bridge deal")
    if p.strain == NO_TRUMPS or p.misere:
        raise BridgeError("only a suit contract renames to a bridge deal")
    if p.count_seats not in (0b0101, 0b1010) or p.max_seats != p.count_seats:
        raise BridgeError("the declaring side must be a partnership, 0&2 or 1&3")
    in_play = [*p.hands]
    for seat, c in p.trick:
        in_play[seat] |= 1 << c
    everything = 0
    for h in in_play:
        everything |= h
    if everything & ~deck:
        raise BridgeError("a card in the position is not in the pack")
    if len({h.bit_count() for h in in_play}) != 1:
        raise BridgeError("the hands (with the current trick) must hold equally many cards")
    name = bridge_names(p.strain, deck)
    hands = []
    for h in in_play:
        names = [name[c] for c in iter_cards(h)]
        hands.append(".".join(
            "".join(sorted((n[1] for n in names if n[0] == s), key=BRIDGE_RANKS.index))
            for s in PBN_ORDER
        ))
    return BridgeDeal(
        pbn="N:" + " ".join(hands),
        first=p.trick[0][0] if p.trick else p.leader,
        trump=BRIDGE_SUITS[p.strain],
        played=tuple(name[c] for _, c in p.trick),
        to_move=p.to_move,
        declaring=p.count_seats,
        tricks_left=p.tricks_left,
        card_of={name[c]: c for c in iter_cards(everything)},
    )


def bridge_names(strain: int, deck: int = PACKS["43"]) -> dict[int, str]:
    """The bridge name (``SA``) of every card of ``deck`` in a suit contract of ``strain``.

    Each effective suit's cards, strongest first, take the ranks A, K, Q, J, T, 9, ... of the
    bridge suit of the same name.  BridgeError if an effective suit has more than 13 cards.

    >>> from fivehundred.cards import card_from_token as c
    >>> n = bridge_names(3)  # hearts: joker, right bower, left bower, ace, king ...
    >>> [n[c(t)] for t in ("JK", "JH", "JD", "AH", "KH", "4H", "AD", "10D", "4D")]
    ['HA', 'HK', 'HQ', 'HJ', 'HT', 'H2', 'DA', 'DJ', 'D5']
    """
    if not 0 <= strain < NO_TRUMPS:
        raise BridgeError("only a suit contract renames to a bridge deal")
    by_suit: dict[int, list[tuple[int, int]]] = {}
    for c in iter_cards(deck):
        es, er = effective(strain, c)
        by_suit.setdefault(es, []).append((er, c))
    name: dict[int, str] = {}
    for es, members in by_suit.items():
        if len(members) > len(BRIDGE_RANKS):
            raise BridgeError(f"effective suit {es} has {len(members)} cards: more than 13")
        for i, (_, c) in enumerate(sorted(members, reverse=True)):
            name[c] = BRIDGE_SUITS[es] + BRIDGE_RANKS[i]
    return name


def dds_available() -> bool:
    """Is endplay (DDS) importable here?"""
    try:
        _endplay()
    except ImportError:
        return False
    return True


@cache
def _endplay() -> dict[str, Any]:
    """endplay's modules, imported once; DDS is limited to one thread for fair timing."""
    types = importlib.import_module("endplay.types")
    solve = importlib.import_module("endplay.dds.solve")
    dds = importlib.import_module("endplay._dds")
    dds.SetMaxThreads(1)
    return {"types": types, "solve": solve}


def dds_deal(bridge: BridgeDeal) -> Any:
    """The endplay Deal of a renamed position, the current trick's cards already played."""
    t = _endplay()["types"]
    d = t.Deal(bridge.pbn, first=t.Player(bridge.first), trump=t.Denom(_DENOM[bridge.trump]))
    for c in bridge.played:
        d.play(c)
    return d


def dds_solve_deal(deal: Any) -> int:
    """DDS's most tricks for the side to move in an endplay Deal (current trick included)."""
    s = _endplay()["solve"]
    return max(int(n) for _, n in s.solve_board(deal, s.SolveMode.OptimalOne))


def dds_card_values(deal: Any) -> dict[str, int]:
    """DDS's tricks for the side to move after each legal card, by endplay card name."""
    s = _endplay()["solve"]
    return {_card_name(c): int(n) for c, n in s.solve_board(deal, s.SolveMode.Default)}


def dds_solve(position: Position) -> int:
    """The declaring side's most tricks from ``position`` (current trick included), by DDS."""
    b = rename(position)
    return b.side_tricks(b.to_move, dds_solve_deal(dds_deal(b)))


def dds_move_values(position: Position) -> dict[str, int]:
    """Like :func:`fivehundred.solver.move_values`, by DDS: our card token -> declaring tricks."""
    b = rename(position)
    return b.move_values(dds_card_values(dds_deal(b)))


def _card_name(card: Any) -> str:
    """An endplay Card as ``SA``: bridge suit letter, then rank letter."""
    suit = "SHDC"[int(card.suit)]
    return suit + str(card.rank.name)[1:]
