"""RULES.md §12: every test vector as a named test (Avondale prices, slam 250_if_less)."""

from __future__ import annotations

import pytest

from fivehundred import Game, IllegalActionError, Rules
from fivehundred.actions import MISERE, OPEN_MISERE, bid_action
from fivehundred.auction import contract_of
from fivehundred.cards import CLUBS, DIAMONDS, HEARTS, NO_TRUMPS, SPADES
from fivehundred.rng import Rng
from fivehundred.scoring import game_winner, hand_points, reach_order
from helpers import apply_all, make_deal, random_policy

AUS = Rules.preset("australian")
C3 = Rules.preset("classic3")


def _points(rules: Rules, tricks: int, strain: int, won: tuple[int, ...]) -> tuple[int, ...]:
    return hand_points(rules, contract_of(rules, bid_action(tricks, strain), 0), None, won)[0]


def _slam_game(trumps: list[str], bid: str) -> Game:
    """Seat 0 holds the ten best trumps, bids, discards the kitty and leads trumps to the end."""
    deal = make_deal(AUS, {0: trumps}, dealer=3)
    g = Game(AUS, deal=deal)
    apply_all(g, [bid, "pass", "pass", "pass"])
    apply_all(g, deal["kitty"])
    act = random_policy(Rng(5))
    while g.phase == "play":
        if g.to_move == 0:
            g.apply(g.legal_actions()[0])
        else:
            g.apply(act(g))
    return g


def test_8c_bid_ten_tricks_scores_260_no_slam_uplift() -> None:
    assert _points(AUS, 8, CLUBS, (5, 0, 5, 0)) == (260, 0)
    g = _slam_game(["JK", "JC", "JS", "AC", "KC", "QC", "10C", "9C", "8C", "7C"], "8C")
    assert g.hand_results[0].tricks[0] == 10
    assert g.hand_results[0].points == (260, 0)


def test_7h_bid_ten_tricks_scores_250() -> None:
    assert _points(AUS, 7, HEARTS, (6, 0, 4, 0)) == (250, 0)
    g = _slam_game(["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"], "7H")
    assert g.hand_results[0].points == (250, 0)
    assert g.scores == (250, 0)


@pytest.mark.parametrize(("tricks", "strain"), [(6, HEARTS), (8, SPADES)])
def test_6h_or_8s_bid_ten_tricks_scores_250(tricks: int, strain: int) -> None:
    assert _points(AUS, tricks, strain, (10, 0, 0, 0)) == (250, 0)


def test_7d_bid_eight_tricks_scores_180() -> None:
    assert _points(AUS, 7, DIAMONDS, (4, 1, 4, 1)) == (180, 20)


def test_four_handed_8h_bid_8_tricks_declarers_300_defenders_20() -> None:
    assert _points(AUS, 8, HEARTS, (5, 1, 3, 1)) == (300, 20)


def test_10nt_bid_7_tricks_declarers_minus_520_defenders_30() -> None:
    assert _points(AUS, 10, NO_TRUMPS, (4, 2, 3, 1)) == (-520, 30)


def test_three_handed_7d_taking_6_and_two_each() -> None:
    assert _points(C3, 7, DIAMONDS, (6, 2, 2)) == (-180, 20, 20)


@pytest.mark.parametrize(("bid", "value"), [(MISERE, 250), (OPEN_MISERE, 500)])
def test_misere_made_and_failed_australian(bid: int, value: int) -> None:
    c = contract_of(AUS, bid, 1)
    assert hand_points(AUS, c, None, (3, 0, 4, 3)) == ((0, value), True)
    assert hand_points(AUS, c, None, (2, 1, 4, 3)) == ((0, -value), False)


def test_defenders_at_470_taking_3_tricks() -> None:
    # Seat 0 declared 7S and failed; side 1 (the defenders, at 470) took three tricks: 500.
    c = contract_of(C3, bid_action(7, SPADES), 0)
    pts, made = hand_points(C3, c, None, (6, 3, 1))
    scores = (0 + pts[0], 470 + pts[1], 0 + pts[2])
    assert scores[1] == 500
    assert game_winner(C3, scores, c, None, made, reach_order=(1,)) == 1
    c4 = contract_of(AUS, bid_action(7, SPADES), 0)
    pts4, made4 = hand_points(AUS, c4, None, (3, 2, 4, 1))
    scores4 = (0 + pts4[0], 470 + pts4[1])
    assert scores4[1] == 500
    assert game_winner(AUS, scores4, c4, None, made4, reach_order=()) is None


def test_reach_order_follows_the_tricks_that_bring_opponents_to_500() -> None:
    # Seat 0 declared 7S (classic3: each seat its own side); seat 1 stands at 480, seat 2 at 490.
    c = contract_of(C3, bid_action(7, SPADES), 0)
    scores = (100, 480, 490)
    order: tuple[int, ...] = ()
    won = [0, 0, 0]
    for winner, expected in [(0, ()), (1, ()), (2, (2,)), (0, (2,)), (1, (2, 1)), (2, (2, 1))]:
        won[winner] += 1
        order = reach_order(C3, c, None, won, scores, order, winner)
        assert order == expected, (winner, won)
    # the declarer's own tricks never bring him there this way (his contract scores him)
    assert reach_order(C3, c, None, (9, 0, 0), (495, 0, 0), (), 0) == ()
    # when all pass and no trumps is played, every trick counts for its winner
    assert reach_order(C3, None, None, (0, 2, 0), (0, 480, 0), (), 1) == (1,)


def test_reach_order_for_a_misere_and_other_rules() -> None:
    # Misère (10 to each opponent per declarer trick): both opponents gain on the declarer's
    # trick, clockwise from the declarer; an opponent's own tricks bring nothing.
    r = C3.replace(misere_defender_points="ten_per_declarer_trick")
    c = contract_of(r, MISERE, 1)
    assert reach_order(r, c, None, (0, 1, 0), (490, 0, 495), (), 1) == (2, 0)
    assert reach_order(r, c, None, (1, 0, 0), (490, 0, 495), (), 0) == ()
    # no defenders' trick points: opponents never reach 500 during the hand
    quiet = C3.replace(defender_trick_points="none")
    c7 = contract_of(quiet, bid_action(7, SPADES), 0)
    assert reach_order(quiet, c7, None, (0, 3, 0), (0, 480, 0), (), 1) == ()
    # the Australian rule (only a side's own contract wins) keeps no order at all
    c4 = contract_of(AUS, bid_action(7, SPADES), 0)
    assert reach_order(AUS, c4, None, (0, 3, 0, 0), (0, 480), (), 1) == ()


def _auction_to(bids: list[str]) -> Game:
    g = Game(AUS, seed=11)
    apply_all(g, bids)
    return g


def test_australian_misere_not_over_8s() -> None:
    g = _auction_to(["8S"])
    assert "misere" not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="misère does not rank above 8S"):
        g.apply("misere")


def test_australian_misere_over_7nt() -> None:
    g = _auction_to(["7NT"])
    assert "misere" in g.legal_actions()
    g.apply("misere")
    assert g.auction[-1][1] == MISERE


def test_australian_misere_not_over_6h() -> None:
    g = _auction_to(["6H"])
    assert "misere" not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="misère may be bid only over a seven-bid"):
        g.apply("misere")
