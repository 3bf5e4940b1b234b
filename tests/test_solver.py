"""The double-dummy solver against a brute-force minimax through the engine.

Random end positions of every preset and contract kind (suit, no trumps with the joker under
both rules, misère stopping or not, mid-trick or not): the solver's value and every legal
move's value must equal full minimax with no pruning and no table.
"""

from __future__ import annotations

import pytest

from fivehundred import Game, Rules
from fivehundred.cards import HEARTS, mask_of
from fivehundred.rules import PRESET_NAMES
from fivehundred.solver import Position, PositionError, can_make, misere_safe, move_values, solve
from fivehundred.solver.brute import brute_move_values, brute_value
from fivehundred.solver.solve import GUESS_FROM, Searcher
from helpers import end_position

CASES = [(p, b) for p in PRESET_NAMES for b in ("6H", "6S", "6NT", "misere", None)
         if b is not None or Rules.preset(p).all_pass == "play_no_trumps"]


@pytest.mark.parametrize(("preset", "bid"), CASES)
def test_solver_equals_brute_force(preset: str, bid: str | None) -> None:
    left = 3 if Rules.preset(preset).players >= 4 else 4
    checked = 0
    for seed in range(60):
        if checked == 4:
            break
        g = end_position(preset, seed, bid, left)
        if g.phase != "play" or (g.contract is None and bid is not None):
            continue
        side = None if g.contract is not None else (g.to_move or 0,)
        p = Position.from_game(g, side=side)
        assert solve(p).tricks == brute_value(g, p)
        if g.contract is not None:
            brute = brute_move_values(g)
            assert move_values(g) == brute
            for cap in range(1, left + 1):
                assert move_values(g, cap=cap) == {a: min(v, cap) for a, v in brute.items()}
        checked += 1
    assert checked == 4


def test_can_make_and_misere_safe_agree_with_solve() -> None:
    for seed in range(10):
        g = end_position("australian", seed, "6H", 4)
        if g.phase != "play":
            continue
        v = solve(g).tricks
        assert v is not None
        assert can_make(g, v) is True and can_make(g, v + 1) is False
    for seed in range(10):
        g = end_position("classic3", seed, "misere", 4)
        if g.phase != "play":
            continue
        assert misere_safe(g) == (brute_value(g) == 0)


def test_budget_gives_an_honest_unfinished_answer() -> None:
    g = end_position("australian", 1, "6NT", 10)
    r = solve(g, budget=50)
    assert not r.finished and r.tricks is None
    assert solve(g).finished


def test_move_values_budget_marks_unfinished_moves_only() -> None:
    """A move that runs out of its node budget is None; every finished one is exact."""
    g = end_position("australian", 1, "6NT", 10)
    exact = move_values(g)
    assert None not in exact.values()
    short = move_values(g, budget=200)
    assert short.keys() == exact.keys()
    assert None in short.values()
    assert all(v is None or v == exact[a] for a, v in short.items())


def test_a_capped_solve_asks_less_and_refuses_a_cap_that_is_not_one() -> None:
    """A misère with five players: whether the declarer takes a trick costs a sliver of his
    exact count's nodes, and the capped values are the exact ones cut at the cap."""
    g = end_position("five_called", 2, "misere", 5)
    p = Position.from_game(g)
    exact = Searcher.load(p)
    moves, values = exact.every_move()
    capped = Searcher.load(p)
    assert capped.every_move(cap=1) == (moves, [min(v, 1) for v in values])
    assert max(values) > 1 and capped.nodes * 5 < exact.nodes
    for bad in (0, -1, True, 1.5, "1"):
        with pytest.raises(ValueError, match="a cap is a positive number of tricks"):
            move_values(g, cap=bad)  # type: ignore[arg-type]


def test_solver_needs_the_play_phase() -> None:
    g = Game(Rules.preset("australian"), seed=1)
    with pytest.raises(PositionError, match="play phase"):
        solve(g)


def test_thousands_of_small_endings_against_brute_force() -> None:
    """Two thousand endings of two or three tricks, every preset and contract kind."""
    checked = 0
    seed = 0
    while checked < 2000:
        preset, bid = CASES[seed % len(CASES)]
        left = 2 + (seed % 3 == 0)
        g = end_position(preset, 1000 + seed, bid, left)
        seed += 1
        if g.phase != "play" or (g.contract is None and bid is not None):
            continue
        side = None if g.contract is not None else (g.to_move or 0,)
        p = Position.from_game(g, side=side)
        assert solve(p).tricks == brute_value(g, p), (preset, bid, 1000 + seed - 1)
        checked += 1


@pytest.mark.parametrize("strain", range(5))
def test_effective_masks_agree_with_effective_card_by_card(strain: int) -> None:
    """The whole-hand conversion the solver loads positions with is the card-by-card one."""
    import random

    from fivehundred.solver.position import effective, effective_masks

    rng = random.Random(strain)
    masks = [rng.getrandbits(65) for _ in range(500)] + [(1 << 65) - 1, 0]
    for mask in masks:
        want = [0] * 5
        for c in range(65):
            if mask >> c & 1:
                e, r = effective(strain, c)
                want[e] |= 1 << r
        assert effective_masks(strain, mask) == tuple(want), f"strain {strain}, mask {mask:#x}"


def test_the_greedy_first_guess_is_a_count_and_leaves_the_position_alone() -> None:
    """Trump contracts with four tricks or more step from a play-out's count; no trumps and
    short endings bisect.  The play-out runs on scratch space: the loaded state is intact."""
    errors = []
    for seed in range(40):
        for bid, left in (("6H", 7), ("6NT", 7), ("6S", GUESS_FROM - 1)):
            g = end_position("australian", 3000 + seed, bid, left)
            if g.phase != "play" or g.contract is None:
                continue
            p = Position.from_game(g)
            s = Searcher.load(p)
            before = s.st.copy()
            guess = s.first_guess()
            assert (s.st == before).all()
            if bid == "6H":
                assert 0 <= guess <= p.tricks_left
                errors.append(abs(guess - (solve(p).tricks or 0)))
            else:
                assert guess == -1
    assert len(errors) >= 20
    assert sum(e <= 1 for e in errors) >= 0.7 * len(errors)   # right or one off, mostly


def test_the_bower_under_the_top_trump_counts_only_when_the_other_side_leads() -> None:
    """Hearts, seat 0 to lead 6H JH AH, partner KD 9H 10H, against JD QH KH and 4H 7H 8H.
    Seat 1's left bower, guarded and just after the right bower, would be a sure trick if
    seats 1 and 3 led (DDS's later-tricks rule); here seat 0 leads the 6H and takes two
    tricks: the left bower now wins the six and the right bower and ace take the rest, or
    the queen wins and seat 1 must lead into the right bower and ace."""
    hands = (["6H", "JH", "AH"], ["JD", "QH", "KH"], ["KD", "9H", "10H"], ["4H", "7H", "8H"])
    p = Position(players=4, strain=HEARTS, hands=tuple(mask_of(h) for h in hands),
                 active=(0, 1, 2, 3), leader=0, trick=(), named=-1, max_seats=0b0101,
                 count_seats=0b0101, misere=False, misere_stop=False, nt_joker="australian",
                 led_suits=0, voids=(0, 0, 0, 0))
    assert solve(p).tricks == 2
