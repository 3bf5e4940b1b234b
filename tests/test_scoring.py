"""RULES.md §8 and §10 beyond the test vectors: the slam options, the hole, and who wins when
several reach the target in one hand."""

from __future__ import annotations

import pytest

from fivehundred import Rules
from fivehundred.actions import bid_action
from fivehundred.auction import contract_of
from fivehundred.cards import CLUBS, HEARTS, NO_TRUMPS, SPADES
from fivehundred.scoring import GameEnd, game_winner, hand_points, hole_words

AUS = Rules.preset("australian")
C3 = Rules.preset("classic3")


@pytest.mark.parametrize(
    ("slam", "tricks", "strain", "expected"),
    [
        ("250_if_less", 6, SPADES, 250),       # 40, raised to 250
        ("250_if_less", 8, CLUBS, 260),        # already above 250
        ("bonus_equal_to_bid", 8, CLUBS, 520),  # from 8♣ upward: twice the price
        ("bonus_equal_to_bid", 10, NO_TRUMPS, 1040),
        ("bonus_equal_to_bid", 8, SPADES, 240),  # below 8♣: the price alone
        ("bonus_equal_to_bid", 6, SPADES, 40),
        ("none", 6, SPADES, 40),
        ("none", 10, HEARTS, 500),
    ],
)
def test_slam_options(slam: str, tricks: int, strain: int, expected: int) -> None:
    r = AUS.replace(slam=slam)
    c = contract_of(r, bid_action(tricks, strain), 0)
    assert hand_points(r, c, None, (5, 0, 5, 0)) == ((expected, 0), True)
    # nine tricks make the contract (when it is one of nine or fewer) but are no slam
    if tricks <= 9:
        assert hand_points(r, c, None, (5, 1, 4, 0)) == ((c.value, 10), True)


@pytest.mark.parametrize("win", ["reach_500_any_way", "by_own_contract"])
def test_a_side_in_the_hole_loses_and_the_best_other_wins(win: str) -> None:
    r = C3.replace(win=win)
    c = contract_of(r, bid_action(8, SPADES), 1)
    # the declarer fails into the hole: of the others the higher score wins
    assert game_winner(r, (120, -520, 300), c, None, False, ()) == 2
    assert game_winner(r, (300, -500, 120), c, None, False, ()) == 0
    # nobody in the hole or at the target: the game goes on
    assert game_winner(r, (300, -480, 120), c, None, False, ()) is None
    # four-handed: the side in the hole loses, the other wins
    aus = AUS.replace(win=win)
    c4 = contract_of(aus, bid_action(7, HEARTS), 0)
    assert game_winner(aus, (-510, -40), c4, None, False, ()) == 1


@pytest.mark.parametrize("win", ["reach_500_any_way", "by_own_contract"])
def test_a_tie_below_the_hole_goes_to_the_first_from_the_declarers_left(win: str) -> None:
    """The declarer fails into the hole and the others tie: the first of them from his left
    wins, as opponents reaching the target are ordered (plain seat order gave every such
    tie to seat 0, the browser's player: "won on a tie with East")."""
    r = C3.replace(win=win)
    west = contract_of(r, bid_action(8, SPADES), 1)
    assert game_winner(r, (10, -520, 10), west, None, False, ()) == 2
    east = contract_of(r, bid_action(8, SPADES), 2)
    assert game_winner(r, (10, 10, -520), east, None, False, ()) == 0
    six = Rules.preset("six_pairs").replace(win=win)     # sides (0, 3), (1, 4), (2, 5)
    c6 = contract_of(six, bid_action(8, SPADES), 4)      # side 1's, from seat 4: seat 5 next
    assert game_winner(six, (30, -510, 30), c6, None, False, ()) == 2


def test_the_declarer_counts_first_when_several_reach_500() -> None:
    c = contract_of(C3, bid_action(7, SPADES), 1)
    # the declarer (side 1) made his contract and reached 500; an opponent got there first
    # on the tricks, and has more points: the declarer still wins
    assert game_winner(C3, (530, 500, 0), c, None, True, (0,)) == 1
    # the declarer did not reach it: the opponent whose trick brought him there first wins
    assert game_winner(C3, (510, 200, 505), c, None, False, (2, 0)) == 2
    assert game_winner(C3, (510, 200, 505), c, None, False, (0, 2)) == 0


def test_by_own_contract_defensive_points_never_win() -> None:
    c = contract_of(AUS, bid_action(7, HEARTS), 0)
    # the defenders reach 500 with their tricks while the declarer fails: no winner
    assert game_winner(AUS, (-100, 520), c, None, False, ()) is None
    # the declarer's side reaches 500 by making its contract: it wins
    assert game_winner(AUS, (500, 520), c, None, True, ()) == 0


def test_a_tie_of_three_is_said_as_a_list_is_read() -> None:
    """Three tied with the winner read "seat 0, seat 1 and seat 2", not "seat 0 and seat 1
    and seat 2" (the replay of a five-handed game won through the hole said so)."""
    five = Rules.preset("five_called")
    end = GameEnd(4, False, (), (), (3,), (0, 1, 2))
    words = hole_words(five, end, (20, 20, 20, -520, 20), [f"seat {i}" for i in range(5)])
    assert "won on a tie with seat 0, seat 1 and seat 2 at 20" in words
