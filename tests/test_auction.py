"""The auction: the ladder, misère rules, rounds and single auctions, all-pass handling."""

from __future__ import annotations

import pytest

from fivehundred import Game, IllegalActionError, Rules
from fivehundred.actions import MISERE, OPEN_MISERE, bid_action
from fivehundred.auction import legal_bids, price, rank_key
from fivehundred.cards import CLUBS, DIAMONDS, HEARTS, NO_TRUMPS, SPADES
from helpers import apply_all, make_deal

AUS = Rules.preset("australian")
C3 = Rules.preset("classic3")


def test_avondale_price_table() -> None:
    table = {
        6: (40, 60, 80, 100, 120),
        7: (140, 160, 180, 200, 220),
        8: (240, 260, 280, 300, 320),
        9: (340, 360, 380, 400, 420),
        10: (440, 460, 480, 500, 520),
    }
    for tricks, row in table.items():
        for strain, value in enumerate(row):
            assert price(AUS, bid_action(tricks, strain)) == value
    assert price(C3, MISERE) == 250 and price(C3, OPEN_MISERE) == 520
    assert price(AUS, OPEN_MISERE) == 500


def test_misere_rank_after_sevens() -> None:
    assert rank_key(AUS, bid_action(7, NO_TRUMPS)) < rank_key(AUS, MISERE)
    assert rank_key(AUS, MISERE) < rank_key(AUS, bid_action(8, SPADES))


def test_misere_rank_by_value() -> None:
    assert rank_key(C3, bid_action(8, SPADES)) < rank_key(C3, MISERE)
    assert rank_key(C3, MISERE) < rank_key(C3, bid_action(8, CLUBS))


def test_open_misere_ranks() -> None:
    assert rank_key(AUS, bid_action(10, DIAMONDS)) < rank_key(AUS, OPEN_MISERE)
    assert rank_key(AUS, OPEN_MISERE) < rank_key(AUS, bid_action(10, HEARTS))
    assert rank_key(C3, OPEN_MISERE) > rank_key(C3, bid_action(10, NO_TRUMPS))


def test_open_misere_may_open_the_auction_and_misere_may_not_australian() -> None:
    first = legal_bids(AUS, None)
    assert OPEN_MISERE in first and MISERE not in first


def test_classic_misere_without_a_seven_bid() -> None:
    assert MISERE in legal_bids(C3, None)
    assert MISERE in legal_bids(C3, bid_action(8, SPADES))
    assert MISERE not in legal_bids(C3, bid_action(8, CLUBS))


def test_misere_banned() -> None:
    r = AUS.replace(misere_allowed=False, open_misere_allowed=False)
    g = Game(r, seed=1)
    g.apply("7S")
    assert "misere" not in g.legal_actions() and "open-misere" not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="misere_allowed=false"):
        g.apply("misere")
    with pytest.raises(IllegalActionError, match="open_misere_allowed=false"):
        g.apply("open-misere")


def test_bid_must_be_higher() -> None:
    g = Game(AUS, seed=2)
    g.apply("7H")
    with pytest.raises(IllegalActionError, match="7S does not rank above 7H"):
        g.apply("7S")
    with pytest.raises(IllegalActionError, match="7H does not rank above 7H"):
        g.apply("7H")


def test_card_or_gibberish_in_auction() -> None:
    g = Game(AUS, seed=2)
    with pytest.raises(IllegalActionError, match="not a bid"):
        g.apply("QH")
    with pytest.raises(IllegalActionError, match="not an action"):
        g.apply("bananas")
    with pytest.raises(IllegalActionError, match="not a bid"):
        g.apply(0)  # the action id of the two of spades


def test_rounds_passed_player_is_out_and_auction_goes_round() -> None:
    g = Game(AUS, deal=make_deal(AUS, {}, dealer=3))
    apply_all(g, ["6S", "pass", "6C", "6D"])
    assert g.to_move == 0           # the auction goes round; seat 1 passed and is out
    apply_all(g, ["7S"])
    assert g.to_move == 2           # seat 1 is skipped
    apply_all(g, ["pass", "pass"])  # seats 2 and 3: only seat 0 remains with a bid
    assert g.phase == "kitty" and g.contract is not None
    assert g.contract.declarer == 0 and g.contract.bid == "7S"


def test_last_bidder_cannot_raise_after_others_pass_classic3() -> None:
    g = Game(C3, deal=make_deal(C3, {}, dealer=2))
    apply_all(g, ["6S", "pass", "pass"])
    assert g.phase == "kitty" and g.to_move == 0


def test_player_who_has_not_spoken_gets_his_turn() -> None:
    g = Game(AUS, deal=make_deal(AUS, {}, dealer=3))
    apply_all(g, ["pass", "pass", "pass"])
    assert g.phase == "auction" and g.to_move == 3
    g.apply("6H")
    assert g.phase == "kitty" and g.to_move == 3


def test_single_auction_everyone_speaks_once() -> None:
    r = Rules.preset("two_24")
    g = Game(r, deal=make_deal(r, {}, dealer=1))
    g.apply("6S")
    assert g.to_move == 1
    g.apply("7C")
    assert g.phase == "kitty" and g.contract is not None and g.contract.declarer == 1


def test_single_auction_first_bid_stands_when_dealer_passes() -> None:
    r = Rules.preset("two_24")
    g = Game(r, deal=make_deal(r, {}, dealer=1))
    apply_all(g, ["6S", "pass"])
    assert g.contract is not None and g.contract.declarer == 0


def test_all_pass_redeal_australian() -> None:
    g = Game(AUS, seed=5)
    dealer = g.dealer
    apply_all(g, ["pass"] * 4)
    assert g.phase == "hand_over"
    res = g.hand_results[-1]
    assert res.kind == "all_pass_redeal" and res.points == (0, 0) and res.contract is None
    g.next_hand()
    assert g.dealer == (dealer + 1) % 4 and g.phase == "auction"


def test_all_pass_plays_no_trumps_classic() -> None:
    g = Game(C3, deal=make_deal(C3, {}, dealer=0))
    kitty = g.kitty
    apply_all(g, ["pass"] * 3)
    assert g.phase == "play" and g.to_move == 1  # eldest leads
    assert g.contract is None and g.kitty == kitty  # the kitty stays untouched
    while g.phase == "play":
        g.apply(g.legal_actions()[0])
    res = g.hand_results[-1]
    assert res.kind == "all_pass_no_trumps"
    assert sum(res.tricks) == 10
    assert res.points == tuple(10 * t for t in res.tricks)


def test_legal_actions_sorted_and_apply_accepts_each() -> None:
    g = Game(AUS, seed=9)
    legal = g.legal_actions()
    assert legal == sorted(legal) and "pass" in legal
    for a in legal:
        h = g.clone()
        h.apply(a)
