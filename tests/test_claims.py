"""Claims: "the rest of the tricks are ours", against a brute-force minimax through the engine.

On random endings of every preset and contract kind, each seat that may claim does: the claim
must stand exactly when full minimax says its side takes every trick left (for a misère's
declarer: no trick), and once played out the side must have taken them; a refused claim, and
the planning of one that stands, leave the game as it was.
"""

from __future__ import annotations

import pytest

from fivehundred import Game, Rules
from fivehundred.claims import Claim, ClaimError, check_claimant, claim_side, may_claim, plan_claim
from fivehundred.record import dumps, loads, record_from_game, replay
from fivehundred.solver import Position
from fivehundred.solver.brute import brute_value
from helpers import end_position
from test_solver import CASES


def _claimants(g: Game) -> list[int]:
    return [s for s in range(g.rules.players) if may_claim(g, s)]


def _brute_stands(g: Game, seat: int) -> bool:
    c = g.contract
    if c is not None and c.is_misere:
        return brute_value(g) == 0
    side = claim_side(g, seat)
    p = Position.from_game(g, side=side)
    return brute_value(g, p) == p.tricks_left


def test_claims_stand_exactly_when_brute_force_says_so() -> None:
    stood = refused = misere_stood = 0
    seed = 0
    while seed < 250:
        preset, bid = CASES[seed % len(CASES)]
        g = end_position(preset, 5000 + seed, bid, 2 + seed % 2)
        seed += 1
        if g.phase != "play" or (g.contract is None and bid is not None):
            continue
        for s in _claimants(g):
            before = (g.actions, g.tricks_won, g.phase)
            expected = _brute_stands(g, s)
            try:
                claim = plan_claim(g, s)
            except ClaimError as e:
                assert not expected, (preset, bid, 5000 + seed - 1, s, str(e))
                assert (g.actions, g.tricks_won, g.phase) == before
                refused += 1
                continue
            assert expected, (preset, bid, 5000 + seed - 1, s)
            assert (g.actions, g.tricks_won, g.phase) == before
            trial = g.clone()
            won = [trial.tricks_won[x] for x in claim.side]
            claim.play(trial)
            assert trial.phase in ("hand_over", "game_over")
            gained = sum(trial.tricks_won[x] for x in claim.side) - sum(won)
            assert gained == claim.tricks
            if claim.misere:
                assert claim.side == (g.contract.declarer,) and claim.tricks == 0  # type: ignore[union-attr]
                misere_stood += 1
            stood += 1
    # enough of each for the comparison to mean something
    assert stood >= 120 and refused >= 300 and misere_stood >= 8, (stood, refused, misere_stood)


def _first_standing_claim(seed: int) -> tuple[Game, Claim]:
    """A seeded australian hand played by first legal cards to the first point where
    North's claim (seat 0) stands, and that claim."""
    g = Game(Rules.preset("australian"), seed=seed)
    for a in ["6H", "pass", "pass", "pass"]:
        g.apply(a)
    while g.phase == "kitty":
        g.apply(g.legal_action_ids()[0])
    while g.phase == "play":
        try:
            return g, plan_claim(g, 0)
        except ClaimError:
            g.apply(g.legal_action_ids()[0])
    raise AssertionError("no claim stood in the whole hand")


def test_a_claim_plays_the_hand_out_into_an_ordinary_record() -> None:
    """The first claim that stands in a hand: every card left is played, and the record
    replays to the same scores."""
    g, claim = _first_standing_claim(3)
    cards_left = sum(g.hand(s).bit_count() for s in range(4))
    assert len(claim.plays) == cards_left and claim.tricks == (cards_left + 3) // 4
    claim.play(g)
    assert g.phase == "hand_over"
    text = dumps(record_from_game(g))
    assert replay(loads(text)).scores == g.scores   # an ordinary record: every card played


def test_the_same_claim_plays_the_same_cards() -> None:
    """Planned again on a copy, and on the same game dealt and played afresh: the same."""
    g, claim = _first_standing_claim(7)
    assert plan_claim(g.clone(), 0) == claim
    again, _ = _first_standing_claim(7)
    assert again.actions == g.actions and plan_claim(again, 0) == claim


def test_a_claim_played_on_another_position_plays_no_card() -> None:
    """Planned, then played on the position a trick earlier (or on a later one): refused
    with ClaimError before any card is played."""
    g, claim = _first_standing_claim(3)
    earlier = g.clone()
    for _ in range(4):
        earlier.undo()
    later = g.clone()
    later.apply(claim.plays[0])
    for other in (earlier, later):
        before = other.actions
        with pytest.raises(ClaimError, match=r"do not fit this game|do not play this hand out"):
            claim.play(other)
        assert other.actions == before and other.phase == "play"


@pytest.mark.parametrize(("seat", "words"), [
    (-1, "a seat is a number from 0 to 3"), (4, "a seat is a number from 0 to 3"),
    (True, "a seat is a number"), ("0", "a seat is a number")])
def test_a_seat_that_is_not_one_is_refused(seat: object, words: str) -> None:
    g = end_position("australian", 3, "6H", 4)
    with pytest.raises(ClaimError, match=words):
        plan_claim(g, seat)  # type: ignore[arg-type]


def test_claims_only_in_the_play_and_in_a_misere_only_by_the_declarer() -> None:
    g = Game(Rules.preset("australian"), seed=3)
    with pytest.raises(ClaimError, match="for the play of a hand, not the auction"):
        plan_claim(g, 0)
    g = end_position("australian", 24, "misere", 4)
    assert g.phase == "play" and g.contract is not None and g.contract.is_misere
    d = g.contract.declarer
    partner = (d + 2) % 4
    with pytest.raises(ClaimError, match="sits out this hand"):
        plan_claim(g, partner)
    with pytest.raises(ClaimError, match="only the declarer claims"):
        plan_claim(g, (d + 1) % 4)
    check_claimant(g, d)


def test_a_claim_out_of_time_is_refused_with_nothing_changed() -> None:
    g = end_position("six_pairs", 4, "6H", 9)
    before = g.actions
    with pytest.raises(ClaimError, match="could not be checked in time"):
        plan_claim(g, g.to_move or 0, seconds=1e-9)
    assert g.actions == before


def test_a_defender_in_a_game_of_singles_claims_for_himself_alone() -> None:
    g = end_position("classic3", 2, "6S", 4)
    c = g.contract
    assert c is not None
    # the declarer alone, and each defender alone: he scores his own tricks
    assert [claim_side(g, s) for s in range(3)] == [(0,), (1,), (2,)]
    g4 = end_position("australian", 2, "6S", 4)
    c4 = g4.contract
    assert c4 is not None
    assert claim_side(g4, (c4.declarer + 1) % 4) == tuple(sorted({(c4.declarer + 1) % 4,
                                                                  (c4.declarer + 3) % 4}))


def test_a_claim_after_the_hand_names_the_end_of_the_hand() -> None:
    """Refused once the hand is over, in words ('not the hand over', it said)."""
    g = Game(Rules.preset("australian"), seed=3)
    while g.phase not in ("hand_over", "game_over"):
        g.apply(g.legal_actions()[0])
    with pytest.raises(ClaimError, match="for the play of a hand, not the end of the "
                                         f"{'hand' if g.phase == 'hand_over' else 'game'}$"):
        plan_claim(g, 0)
