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
from fivehundred.cards import NO_TRUMPS, card_from_token, mask_of
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
    ([["2S", "6S", "4C"], ["5S", "9S", "5C"], ["7S", "7C", "8C"]], 1, -1, 0,
     "the six of spades lies above the five: not sure either way"),
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
