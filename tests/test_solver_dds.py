"""Our double-dummy solver against DDS (endplay) on four-handed suit contracts.

In a four-handed suit contract each effective suit of the 43-card pack has at most 13 cards, so
a position renames to a legal bridge deal of ten cards a hand (``solver/dds_bridge.py``) and
DDS, an independent and long-tested solver, solves it.  A fixed, seeded set of 2,400 positions
of the australian preset (each trump suit in turn, a random declarer, random discards, then
random play to 0, 3 or 6 complete tricks, half of them stopped mid-trick) must get the same
answer from both; for 240 of them so must every legal card's value.  A disagreement names the
position's preset, seed and actions, so it replays exactly.

endplay is in the test extras (``pip install -e '.[test]'``): without it these tests fail and
say so, they are not skipped.
"""

from __future__ import annotations

import pytest

from fivehundred import Game, Rules
from fivehundred.benchmarks.solver import SUIT_BIDS, contract_game, where
from fivehundred.cards import NO_TRUMPS, PACKS, card_from_token
from fivehundred.rng import Rng
from fivehundred.solver import Position, move_values, solve
from fivehundred.solver.dds_bridge import (
    BridgeError,
    bridge_names,
    dds_available,
    dds_move_values,
    dds_solve,
    rename,
)
from fivehundred.solver.position import effective

PRESET = "australian"
MIX = ((0, 1200), (3, 600), (6, 600))
"""(complete tricks played, how many positions): 2,400 in all."""
MOVES_EVERY = 10
"""Every tenth position also compares every legal card's value (240 positions)."""


def fixed_cases() -> list[tuple[int, str, int, int, int]]:
    """(seed, bid, declarer, tricks, extra cards) of every position, the same everywhere."""
    rng = Rng(0xDD5_500)
    out = []
    seed = 700_000
    for tricks, n in MIX:
        for i in range(n):
            extra = 0 if rng.below(2) else 1 + rng.below(3)
            out.append((seed, SUIT_BIDS[i % 4], rng.below(4), tricks, extra))
            seed += 1
    return out


CASES = fixed_cases()


def _need_dds() -> None:
    if not dds_available():
        pytest.fail("endplay (DDS) is not installed: pip install -e '.[test]' (or endplay)")


def _games() -> list[Game]:
    games = []
    for seed, bid, declarer, tricks, extra in CASES:
        g = contract_game(PRESET, seed, bid, declarer, tricks, extra)
        assert g is not None  # a suit contract never ends early
        games.append(g)
    return games


def test_the_fixed_set_is_large_and_varied() -> None:
    assert len(CASES) >= 1000
    assert {(bid, decl) for _, bid, decl, _, _ in CASES} == {
        (b, d) for b in SUIT_BIDS for d in range(4)}
    assert sum(1 for c in CASES if c[4]) > 400  # mid-trick positions


def test_solve_equals_dds_on_every_fixed_position() -> None:
    _need_dds()
    wrong = []
    for g in _games():
        p = Position.from_game(g)
        ours, theirs = solve(p).tricks, dds_solve(p)
        if ours != theirs:
            wrong.append(f"ours {ours}, DDS {theirs}: {where(PRESET, g)}")
    assert not wrong, f"{len(wrong)} disagreements:\n" + "\n".join(wrong[:20])


def test_move_values_equal_dds_on_a_subset() -> None:
    _need_dds()
    wrong = []
    for g in _games()[::MOVES_EVERY]:
        ours, theirs = move_values(g), dds_move_values(Position.from_game(g))
        if ours != theirs:
            wrong.append(f"ours {ours}, DDS {theirs}: {where(PRESET, g)}")
    assert not wrong, f"{len(wrong)} disagreements:\n" + "\n".join(wrong[:20])


# ------------------------------------------------------------------ the renaming itself


def _opening(bid: str, seed: int = 3, declarer: int = 1) -> Position:
    g = contract_game(PRESET, seed, bid, declarer)
    assert g is not None
    return Position.from_game(g)


@pytest.mark.parametrize("bid", SUIT_BIDS)
def test_rename_keeps_every_card_and_its_order(bid: str) -> None:
    p = _opening(bid)
    b = rename(p)
    assert len(b.card_of) == 40 and len(set(b.card_of.values())) == 40
    hands = b.pbn.removeprefix("N:").split()
    assert [sum(len(s) for s in h.split(".")) for h in hands] == [10] * 4
    assert b.first == p.leader and b.to_move == p.to_move and b.played == ()
    order = "AKQJT98765432"
    for x, cx in b.card_of.items():
        for y, cy in b.card_of.items():
            ex, ey = effective(p.strain, cx), effective(p.strain, cy)
            assert (x[0] == y[0]) == (ex[0] == ey[0])
            if x[0] == y[0]:
                assert (order.index(x[1]) < order.index(y[1])) == (ex[1] > ey[1])
    assert b.trump == "SCDH"[p.strain]


def test_bridge_names_of_the_43_card_pack() -> None:
    for strain, sizes in ((3, (10, 10, 10, 13)), (2, (10, 10, 13, 10)),
                          (0, (12, 9, 11, 11)), (1, (9, 12, 11, 11))):
        names = bridge_names(strain)
        assert len(names) == 43 and len(set(names.values())) == 43
        assert tuple(sum(1 for n in names.values() if n[0] == s) for s in "SCDH") == sizes
        trumps = "SCDH"[strain]
        left = {"S": "JC", "C": "JS", "D": "JH", "H": "JD"}[trumps]
        for tok, name in (("JK", "A"), ("J" + trumps, "K"), (left, "Q"), ("A" + trumps, "J")):
            assert names[card_from_token(tok)] == trumps + name
    names = bridge_names(0)  # clubs lose their jack: A K Q 10 9 8 7 6 5 -> A K Q J T 9 8 7 6
    assert [names[card_from_token(t + "C")] for t in ("A", "Q", "10", "5")] == [
        "CA", "CQ", "CJ", "C6"]
    with pytest.raises(BridgeError, match="more than 13"):
        bridge_names(3, PACKS["53"])


def test_rename_mid_trick_puts_the_trick_back_and_plays_it() -> None:
    g = contract_game(PRESET, 11, "6D", 2, tricks=2, extra=3)
    assert g is not None
    p = Position.from_game(g)
    b = rename(p)
    assert len(b.played) == 3 and b.first == p.trick[0][0]
    hands = b.pbn.removeprefix("N:").split()
    assert [sum(len(s) for s in h.split(".")) for h in hands] == [8] * 4
    assert [b.card_of[n] for n in b.played] == [c for _, c in p.trick]
    assert b.tricks_left == 8 and b.to_move == p.to_move


def test_rename_refuses_what_is_not_a_bridge_deal() -> None:
    with pytest.raises(BridgeError, match="suit contract"):
        rename(_opening("6NT"))
    g = contract_game(PRESET, 5, "misere", 1)
    assert g is not None
    with pytest.raises(BridgeError):
        rename(Position.from_game(g))
    g3 = contract_game("classic3", 5, "6H", 1)
    assert g3 is not None
    with pytest.raises(BridgeError, match="four active seats"):
        rename(Position.from_game(g3))
    with pytest.raises(BridgeError, match="suit contract"):
        bridge_names(NO_TRUMPS)


def test_a_disagreement_names_a_position_that_replays() -> None:
    g = contract_game(PRESET, 11, "6D", 2, tricks=2, extra=3)
    assert g is not None
    recipe = where(PRESET, g)
    preset, seed, actions = recipe.split(", ", 2)
    again = Game(Rules.preset(preset), seed=int(seed.removeprefix("seed ")))
    for a in actions.removeprefix("actions ").split():
        again.apply(a)
    assert Position.from_game(again) == Position.from_game(g)
