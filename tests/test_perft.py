"""Golden perft counts, cross-checked by an independent, naive play model written from RULES.md.

The naive model below works on card tokens and shares no code with the engine's tables: if
both agree on the number of legal play sequences from a dozen varied end positions (suit,
no trumps with the joker under both rules, misère stopping or not, 2 to 6 players), the
engine's following, joker and trick-winning rules are very likely right.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest

from fivehundred import Game
from fivehundred.cards import tokens
from perft import DATA, POSITIONS, count_sequences, replay_position

ENTRIES = json.loads(DATA.read_text())
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "Q", "K", "A"]
COLOUR_PARTNER = {"S": "C", "C": "S", "D": "H", "H": "D"}


@dataclass(frozen=True)
class Naive:
    """A play position in plain tokens."""

    hands: tuple[tuple[str, ...], ...]
    order: tuple[int, ...]          # active seats clockwise
    trump: str | None               # S C D H, or None at no trumps / misère
    trick: tuple[tuple[int, str], ...]
    led: str | None                 # suit to follow in this trick
    leader: int
    suits_led: frozenset[str]
    voids: tuple[frozenset[str], ...]
    misere_declarer: int | None
    misere_stops: bool
    joker_rule: str


def suit(card: str, trump: str | None) -> str | None:
    if card == "JK":
        return trump
    s = card[-1]
    if trump is not None and card[:-1] == "J" and s in (trump, COLOUR_PARTNER[trump]):
        return trump
    return s


def strength(card: str, trump: str | None, led: str | None) -> int:
    """Higher wins; -1 cannot win."""
    if card == "JK":
        return 1000
    s = suit(card, trump)
    if trump is not None and s == trump:
        if card[:-1] == "J":
            return 900 if card[-1] == trump else 899
        return 500 + RANKS.index(card[:-1])
    if s == led:
        return RANKS.index(card[:-1])
    return -1


def moves(p: Naive, seat: int) -> list[tuple[str, str | None]]:
    """(card, named suit) pairs legal for ``seat``."""
    hand = p.hands[seat]
    if not p.trick:
        out: list[tuple[str, str | None]] = []
        for c in hand:
            if c == "JK" and p.trump is None:
                if p.joker_rule == "australian":
                    names = [s for s in "SCDH" if s not in p.suits_led]
                    if not names and len(hand) > 1:
                        continue
                else:
                    names = [s for s in "SCDH" if s not in p.voids[seat]]
                if names:
                    out.extend((c, s) for s in names)
                    continue
            out.append((c, None))
        return out
    follow = [c for c in hand if p.led is not None and c != "JK" and suit(c, p.trump) == p.led]
    if p.trump is not None and p.led == p.trump and "JK" in hand:
        follow.append("JK")
    if follow:
        return [(c, None) for c in follow]
    if (p.misere_declarer is not None and p.trump is None and "JK" in hand
            and p.joker_rule == "australian"):
        return [("JK", None)]
    return [(c, None) for c in hand]


def play(p: Naive, seat: int, card: str, named: str | None) -> tuple[Naive, bool]:
    """The position after ``seat`` plays; the flag says the hand is over."""
    hands = list(p.hands)
    hands[seat] = tuple(c for c in hand_of(p, seat) if c != card)
    voids = list(p.voids)
    if p.trick:
        led = p.led
        if led is not None and suit(card, p.trump) != led:
            voids[seat] = voids[seat] | {led}
        suits_led = p.suits_led
    else:
        led = named if (card == "JK" and p.trump is None) else suit(card, p.trump)
        suits_led = p.suits_led | ({led} if led else set())
    trick = (*p.trick, (seat, card))
    q = replace(p, hands=tuple(hands), trick=trick, led=led, suits_led=frozenset(suits_led),
                voids=tuple(voids), leader=p.leader if p.trick else seat)
    if len(trick) < len(p.order):
        return q, False
    winner = max(trick, key=lambda sc: strength(sc[1], p.trump, led))[0]
    done = not hands[winner]
    if p.misere_declarer == winner and p.misere_stops:
        done = True
    return replace(q, trick=(), led=None, leader=winner), done


def hand_of(p: Naive, seat: int) -> tuple[str, ...]:
    return p.hands[seat]


def to_move(p: Naive) -> int:
    if not p.trick:
        return p.leader
    last = p.trick[-1][0]
    return p.order[(p.order.index(last) + 1) % len(p.order)]


def naive_count(p: Naive) -> int:
    seat = to_move(p)
    total = 0
    for card, named in moves(p, seat):
        q, done = play(p, seat, card, named)
        total += 1 if done else naive_count(q)
    return total


def naive_from_game(g: Game) -> Naive:
    """The engine's position in plain tokens (only the state, not the rules logic)."""
    r = g.rules
    c = g.contract
    trump = None if c is None or c.trump is None else "SCDH"[c.trump]
    out = set(g.sitting_out)
    order = tuple(s for s in range(r.players) if s not in out)
    trick = tuple((s, tokens(1 << x)[0]) for s, x in g.trick)
    led = None
    if trick:
        first = trick[0][1]
        named = g.joker_named
        led = "SCDH"[named] if (first == "JK" and trump is None and named >= 0) else (
            None if first == "JK" and trump is None else suit(first, trump))
    return Naive(
        hands=tuple(tokens(g.hand(s)) for s in range(r.players)),
        order=order,
        trump=trump,
        trick=trick,
        led=led,
        leader=trick[0][0] if trick else g.to_move or 0,
        suits_led=frozenset("SCDH"[s] for s in range(4) if g.suits_led >> s & 1),
        voids=tuple(frozenset("SCDH"[s] for s in range(4) if v >> s & 1)
                    for v in g.shown_voids),
        misere_declarer=c.declarer if c is not None and c.is_misere else None,
        misere_stops=r.misere_stops_when_taken,
        joker_rule=r.nt_joker,
    )


def test_every_position_is_stored() -> None:
    assert [e["name"] for e in ENTRIES] == [p[0] for p in POSITIONS]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_perft_golden_count(entry: dict[str, object]) -> None:
    g = replay_position(entry)  # type: ignore[arg-type]
    assert g.phase == "play"
    assert count_sequences(g) == entry["count"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_naive_model_agrees(entry: dict[str, object]) -> None:
    g = replay_position(entry)  # type: ignore[arg-type]
    assert naive_count(naive_from_game(g)) == entry["count"]
