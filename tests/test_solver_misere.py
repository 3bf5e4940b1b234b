"""The misère cut-off (``misere.misere_cut``): what it decides at a trick boundary, and that
the solver still equals a brute-force minimax on misère endings of every rule that has one.

The declarer is seat 0 in the hand-made positions, playing alone against seats 1 and 2 at no
trumps (a three-handed misère); "safe" means he can never be made to take a trick.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from fivehundred import Rules
from fivehundred.actions import JOKER_LEAD
from fivehundred.cards import NO_TRUMPS, card_from_token, cards_of, mask_of
from fivehundred.game import Game
from fivehundred.rng import Rng
from fivehundred.solver import Position, layout, move_values, solve
from fivehundred.solver.brute import brute_move_values, brute_value
from fivehundred.solver.misere import misere_cut
from fivehundred.solver.position import effective
from fivehundred.solver.solve import Searcher
from helpers import end_position


def _misere(hands: list[list[str]], leader: int, stop: bool = True) -> Position:
    return Position(players=3, strain=NO_TRUMPS, hands=tuple(mask_of(h) for h in hands),
                    active=(0, 1, 2), leader=leader, trick=(), named=-1, max_seats=0b110,
                    count_seats=0b001, misere=True, misere_stop=stop,
                    nt_joker="australian", led_suits=0, voids=(0, 0, 0))


def _cut(p: Position, target: int = 1) -> tuple[int, list[int]]:
    """The cut's answer and the rank it relied on in each suit (NONE: none)."""
    s = Searcher.load(p)
    s.st[0, layout.B_REL:layout.B_REL + 5] = layout.NONE
    return int(misere_cut(s.st, 0, target)), [int(x) for x in s.st[0, layout.B_REL:
                                                                       layout.B_REL + 5]]


def _rank(token: str) -> int:
    return effective(NO_TRUMPS, card_from_token(token))[1]


N = layout.NONE
# (hands of seats 0-2, leader, the cut's answer, tricks the declarer takes, why)
CASES = [
    ([["2S", "3S", "4C"], ["5S", "9S", "5C"], ["6S", "7C", "8C"]], 1, 0, 0,
     "every card of his lies below the others' cards of its suit: safe"),
    ([["2S", "3S", "4C"], ["5S", "9S", "5C"], ["6S", "7C", "8C"]], 0, 0, 0,
     "on lead he leads a suit the others must follow above him"),
    ([["2H", "3H", "4C"], ["5S", "9S", "5C"], ["6S", "7C", "8C"]], 0, 0, 0,
     "on lead, his clubs take him out of it; nobody else can lead his hearts"),
    ([["2H", "3H", "4H"], ["5S", "9S", "5C"], ["6S", "7C", "8C"]], 1, 0, 0,
     "not on lead, with a suit nobody else holds: it is never led to him"),
    ([["2S", "6S", "4C"], ["5S", "9S", "5C"], ["7S", "7C", "8C"]], 1, 0, 0,
     "his two spades lie under their two lowest (2 under 5, 6 under 7): he always ducks"),
    ([["3S", "6S", "4C"], ["2S", "5S", "5C"], ["7C", "8C", "9C"]], 1, -1, 1,
     "their 2 of spades lies under his lowest: not sure (led, it makes him take the trick)"),
    ([["2S", "7S", "4C"], ["5S", "5C", "6C"], ["6S", "7C", "8C"]], 1, 0, 0,
     "spades can be led once (each of them holds one): his 2 goes under, the 7 is thrown"),
    ([["2S", "6S", "4C"], ["5S", "9S", "5C"], ["7S", "7C", "8C"]], 0, 0, 0,
     "on lead he leads the 6, which seat 2's one spade must beat, and keeps the 2 to duck"),
    ([["5S", "6S", "4C"], ["2S", "9S", "5C"], ["3S", "7C", "8C"]], 0, -1, 1,
     "on lead with no spade the others must beat, and their 2 and 3 under his spades"),
    ([["2H", "3H", "4H"], ["5S", "9S", "5C"], ["6S", "7C", "8C"]], 0, 1, 1,
     "on lead with a suit nobody else holds: he wins the trick"),
    ([["KS", "AS", "4H"], ["2S", "9C", "5C"], ["3S", "7C", "8C"]], 1, 1, 1,
     "the leader holds a spade and every spade of his is above the others'"),
    ([["KS", "AS", "4H"], ["2S", "3S", "5C"], ["7C", "8C", "JK"]], 1, -1, 0,
     "seat 2, void in spades, must throw the joker on a spade: no sure trick (he escapes)"),
    ([["KS", "AS", "JK"], ["2S", "9C", "5C"], ["3S", "7C", "8C"]], 0, 1, 1,
     "on lead with the joker: whatever he leads wins"),
]


@pytest.mark.parametrize(("hands", "leader", "cut", "tricks", "why"), CASES,
                         ids=[c[4].split(":")[0] for c in CASES])
def test_misere_cut(hands: list[list[str]], leader: int, cut: int, tricks: int,
                    why: str) -> None:
    p = _misere(hands, leader)
    assert _cut(p)[0] == cut, why
    assert solve(p).tricks == tricks, why    # the search with and without the cut-off


def test_what_the_cut_relied_on() -> None:
    """Safe: the others' lowest card of each suit he holds (all below is his, as the suit
    lengths say); a sure trick: his lowest card of the suit."""
    safe = _misere([["2S", "3S", "4C"], ["5S", "9S", "5C"], ["6S", "7C", "8C"]], 1)
    assert _cut(safe)[1] == [_rank("5S"), _rank("5C"), N, N, N]
    won = _misere([["KS", "AS", "4H"], ["2S", "9C", "5C"], ["3S", "7C", "8C"]], 1)
    assert _cut(won)[1] == [_rank("KS"), N, N, N, N]


def test_sure_trick_only_answers_one_trick_and_safety_any() -> None:
    won = _misere([["KS", "AS", "4H"], ["2S", "9C", "5C"], ["3S", "7C", "8C"]], 1, stop=False)
    assert _cut(won, 2)[0] == -1      # a trick now says nothing of a second one
    safe = _misere([["2S", "3S", "4C"], ["5S", "9S", "5C"], ["6S", "7C", "8C"]], 1, stop=False)
    assert _cut(safe, 2)[0] == 0


def test_not_a_misere_has_no_misere_cut() -> None:
    p = _misere([["2S", "3S", "4C"], ["5S", "9S", "5C"], ["6S", "7C", "8C"]], 1)
    trick_game = replace(p, misere=False, misere_stop=False)
    assert Searcher.load(trick_game).w[layout.C_MISERE] == 0
    assert Searcher.load(p).w[layout.C_MISERE] == 1


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("australian", {}), ("australian", {"nt_joker": "classic"}),
    ("australian", {"misere_stops_when_taken": False}), ("classic3", {}),
    ("classic3", {"nt_joker": "australian"}), ("classic4", {}), ("five_called", {}),
    ("six_pairs", {}), ("six_threes", {}),
]


@pytest.mark.parametrize(("preset", "overrides"), CONFIGS,
                         ids=[p + "".join(f"-{v}" for v in o.values()) for p, o in CONFIGS])
def test_misere_endings_equal_brute_force(preset: str, overrides: dict[str, Any]) -> None:
    left = 4 if Rules.preset(preset).players <= 4 else 3
    checked = 0
    for seed in range(200):
        if checked == 15:
            break
        g = end_position(preset, seed, "misere", left, **overrides)
        if g.phase != "play" or g.contract is None or not g.contract.is_misere:
            continue
        p = Position.from_game(g)
        assert solve(p).tricks == brute_value(g, p), seed
        brute = brute_move_values(g)
        assert move_values(g) == brute, seed
        assert move_values(g, cap=1) == {a: min(v, 1) for a, v in brute.items()}, seed
        checked += 1
    assert checked == 15


def _beyond_all_below(p: Position) -> bool:
    """Does the declarer hold a card above some other hand's card of its suit (safe, then,
    only by the rounds and the interleaving, not because all of his lie below)?"""
    d = p.count_seats.bit_length() - 1
    for suit in range(4):
        mine = [r for (e, r) in _cards(p.hands[d]) if e == suit]
        theirs = [r for s in p.active if s != d for (e, r) in _cards(p.hands[s]) if e == suit]
        if mine and theirs and max(mine) > min(theirs):
            return True
    return False


def _cards(mask: int) -> list[tuple[int, int]]:
    return [effective(NO_TRUMPS, c) for c in cards_of(mask)]


def _misere_boundaries(preset: str, seed: int, left: int) -> list[Game]:
    """The trick boundaries with ``left`` tricks or fewer of a seeded misère played to the
    end (not stopped by his first trick), at random, but for the declarer's lowest card half
    the time (more hands with some of his cards below the others')."""
    g = end_position(preset, seed, "misere", 10, misere_stops_when_taken=False)
    out = []
    rng = Rng(seed)
    while g.phase == "play" and g.contract is not None:
        if not g.trick and 10 - len(g.tricks) <= left:
            out.append(g.clone())
        legal = g.legal_action_ids()
        if g.to_move == g.contract.declarer and rng.below(2):
            cards = [a for a in legal if a < JOKER_LEAD] or legal
            g.apply(min(cards, key=lambda a: effective(NO_TRUMPS, a)[1] if a < JOKER_LEAD else 99))
        else:
            g.apply(rng.choice(legal))
    return out


def test_safe_cut_never_wrong_against_brute_force() -> None:
    """At trick boundaries of misère endings, the cut's "safe" and "a trick now" agree with
    a brute-force minimax, and "safe" is reached also where some card of the declarer's lies
    above the others' (the interleaving and the rounds the suit can be led), not only where
    every card of his lies below theirs."""
    beyond = 0
    for preset in ("australian", "classic3", "five_called", "six_pairs", "six_threes"):
        left = 4 if Rules.preset(preset).players <= 4 else 3
        safe = 0
        for seed in range(40):
            for g in _misere_boundaries(preset, seed, left):
                p = Position.from_game(g)
                cut = _cut(p)[0]
                if cut < 0:
                    continue
                assert (brute_value(g, p) >= 1) == (cut == 1), (preset, seed, cut)
                if cut == 0:
                    safe += 1
                    beyond += _beyond_all_below(p)
        assert safe >= 15, (preset, safe)
    assert beyond >= 15, beyond
