"""The play: bowers, following suit, every joker rule, misère, the call, the dead hand."""

from __future__ import annotations

import pytest

from fivehundred import Game, IllegalActionError, Rules
from fivehundred.cards import HEARTS, card_from_token
from fivehundred.tricks import TABLES, winner_index
from helpers import apply_all, make_deal

AUS = Rules.preset("australian")
C3 = Rules.preset("classic3")


def _declare(rules: Rules, fixed: dict[int, list[str]], bids: list[str], dealer: int,
             kitty: tuple[str, ...] = ()) -> Game:
    """A game with a chosen deal, run through the auction and the kitty (discarding it)."""
    deal = make_deal(rules, fixed, dealer=dealer, kitty=kitty)
    g = Game(rules, deal=deal)
    apply_all(g, bids)
    if g.phase == "kitty":
        apply_all(g, deal["kitty"])
    return g


# -- the trump suit -------------------------------------------------------------------


def test_trump_ranking_with_hearts() -> None:
    t = TABLES[HEARTS]
    order = ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "4H"]
    powers = [t.power[card_from_token(c)] for c in order]
    assert powers == sorted(powers, reverse=True)
    assert t.power[card_from_token("4H")] > t.power[card_from_token("AS")]
    assert bin(t.suit_mask[HEARTS] & AUS.deck_mask).count("1") == 13
    for s in (0, 1, 2):
        assert bin(t.suit_mask[s] & AUS.deck_mask).count("1") == 10


def test_left_bower_follows_trumps_not_its_printed_suit() -> None:
    # Seat 0 plays hearts; seat 1 holds JD (left bower) and other diamonds.
    g = _declare(AUS, {0: ["AD", "KD", "QD"], 1: ["JD", "10D", "9D", "AS"]},
                 ["6H", "pass", "pass", "pass"], dealer=3)
    assert g.phase == "play" and g.to_move == 0
    g.apply("AD")
    with pytest.raises(IllegalActionError, match="must follow diamonds: you hold 10D, 9D"):
        g.apply("AS")
    assert "JD" not in g.legal_actions()  # the left bower is a trump, not a diamond
    g.apply("10D")


def test_must_follow_message_names_the_cards() -> None:
    seat1 = ["9H", "4H", "AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD"]
    g = _declare(AUS, {0: ["AH"], 1: seat1}, ["6S", "pass", "pass", "pass"], dealer=3)
    g.apply("AH")
    before = g.clone()
    with pytest.raises(IllegalActionError, match=r"must follow hearts: you hold 9H, 4H"):
        g.apply("AS")
    assert g.legal_actions() == before.legal_actions() and g.actions == before.actions
    with pytest.raises(IllegalActionError, match="you do not hold JC"):
        g.apply("JC")
    with pytest.raises(IllegalActionError, match="2C is not in the 43-card pack"):
        g.apply("2C")


def test_trick_winner_highest_trump_else_led_suit() -> None:
    t = TABLES[HEARTS]
    cards = [card_from_token(x) for x in ("AS", "KS", "4H", "JD")]
    assert winner_index(t, cards, 0) == 3  # left bower beats the small trump
    cards = [card_from_token(x) for x in ("QS", "AC", "KS")]
    assert winner_index(t, cards, 0) == 2  # off-suit ace does not win


# -- the joker at no trumps: Australian ------------------------------------------------

_NT_HAND = ["JK", "AS", "KS", "QS", "AC", "KC", "AD", "KD", "AH", "KH"]


def test_australian_joker_lead_names_an_unled_suit_then_only_last_trick() -> None:
    g = _declare(AUS, {0: _NT_HAND}, ["6NT", "pass", "pass", "pass"], dealer=3)
    assert {"JK:S", "JK:C", "JK:D", "JK:H"} <= set(g.legal_actions())
    assert "JK" not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="names a suit"):
        g.apply("JK")
    for lead in ("AS", "AC", "AD", "AH"):
        g.apply(lead)
        while g.to_move != 0:
            g.apply(g.legal_actions()[0])
        assert g.tricks[-1].winner == 0
    assert g.view(0).suits_led == ("S", "C", "D", "H")
    assert not any(a.startswith("JK") for a in g.legal_actions())
    with pytest.raises(
        IllegalActionError,
        match="the joker may lead only to the last trick once all four suits have been led",
    ):
        g.apply("JK:S")
    for lead in ("KS", "QS", "KC", "KD", "KH"):
        g.apply(lead)
        while g.to_move != 0:
            g.apply(g.legal_actions()[0])
    assert g.legal_actions() == ["JK"]
    g.apply("JK")
    while g.phase == "play":
        g.apply(g.legal_actions()[0])
    assert g.hand_results[-1].tricks[0] == 10


def test_australian_joker_named_suit_must_be_unled_and_followed() -> None:
    g = _declare(AUS, {0: _NT_HAND, 1: ["9H", "8H", "7H", "10S"]},
                 ["6NT", "pass", "pass", "pass"], dealer=3)
    g.apply("AH")
    while g.to_move != 0:
        g.apply(g.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="hearts has been led"):
        g.apply("JK:H")
    g.apply("JK:S")
    assert g.trick[0] == (0, card_from_token("JK"))
    assert g.view(1).trick == ((0, "JK:S"),)
    assert all(a.endswith("S") for a in g.legal_actions())  # must follow the named suit
    while g.to_move != 0:
        g.apply(g.legal_actions()[0])
    assert g.tricks[-1].winner == 0 and g.tricks[-1].named == 0


def test_joker_played_only_when_void_at_no_trumps() -> None:
    g = _declare(AUS, {0: ["AS", "AC"], 1: ["JK", "9S", "8S"]},
                 ["6NT", "pass", "pass", "pass"], dealer=3)
    g.apply("AS")
    with pytest.raises(IllegalActionError,
                       match="the joker may be played only when you cannot follow spades"):
        g.apply("JK")


def test_joker_wins_when_void_at_no_trumps() -> None:
    g = _declare(AUS, {0: ["AS", "KS"], 1: ["JK", "AC", "KC", "QC", "AD", "KD", "QD", "AH",
                                             "KH", "QH"]},
                 ["6NT", "pass", "pass", "pass"], dealer=3)
    g.apply("AS")
    assert "JK" in g.legal_actions()
    g.apply("JK")
    while g.to_move != 1:
        g.apply(g.legal_actions()[0])
    assert g.tricks[-1].winner == 1


def test_misere_partner_sits_out_and_joker_must_be_played() -> None:
    seat2 = ["JK", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]
    g = _declare(AUS, {1: ["4H", "5H"], 2: seat2},
                 ["7S", "misere", "pass", "pass", "pass"], dealer=3)
    assert g.contract is not None and g.contract.bid == "misere"
    assert g.sitting_out == (3,)
    assert g.phase == "play" and g.to_move == 1
    g.apply("4H")
    assert g.to_move == 2
    assert g.legal_actions() == ["JK"]
    with pytest.raises(IllegalActionError,
                       match="in misère a player who cannot follow and holds the joker must"):
        g.apply("AS")
    g.apply("JK")
    assert g.to_move == 0                  # seat 3 sits out
    g.apply(g.legal_actions()[0])
    assert g.to_move == 2 and len(g.tricks) == 1 and len(g.tricks[0].cards) == 3


def _misere_taken(rules: Rules) -> Game:
    """Seat 1 bids misère and leads AH; seat 3 (sitting out) holds the joker."""
    g = _declare(rules, {1: ["AH", "KH"], 3: ["JK"]}, ["7S", "misere", "pass", "pass", "pass"],
                 dealer=3)
    g.apply("AH")
    while len(g.tricks) < 1:
        g.apply(g.legal_actions()[0])
    return g


def test_misere_stops_when_taken_australian() -> None:
    g = _misere_taken(AUS)
    assert g.phase == "hand_over"
    res = g.hand_results[-1]
    assert res.made is False and res.points == (0, -250) and sum(res.tricks) == 1


def test_misere_plays_to_the_end_classic_defenders_score_declarer_tricks() -> None:
    r = Rules.preset("classic4")
    g = _misere_taken(r)
    assert g.phase == "play"
    while g.phase == "play":
        g.apply(g.legal_actions()[0])
    res = g.hand_results[-1]
    taken = res.tricks[1]
    assert taken >= 1 and sum(res.tricks) == 10
    assert res.points == (10 * taken, -250)


def test_open_misere_hand_spread_after_first_trick() -> None:
    g = _declare(AUS, {1: ["4H", "5H"]}, ["pass", "open-misere", "pass", "pass", ], dealer=3)
    assert g.contract is not None and g.contract.is_open
    assert g.view(0).exposed == ()
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    if g.phase == "play":
        exposed = dict(g.view(0).exposed)
        assert exposed[1] == g.hand_tokens(1)
        assert dict(g.view(2).exposed)[1] == g.hand_tokens(1)


def test_open_misere_before_lead_option() -> None:
    r = AUS.replace(open_misere_reveal="before_lead")
    g = _declare(r, {}, ["pass", "open-misere", "pass", "pass"], dealer=3)
    assert dict(g.view(0).exposed)[1] == g.hand_tokens(1)


def test_opening_lead_eldest_option() -> None:
    r = AUS.replace(opening_lead="eldest")
    g = _declare(r, {}, ["pass", "pass", "7H", "pass"], dealer=3)
    assert g.contract is not None and g.contract.declarer == 2
    assert g.to_move == 0


# -- the joker at no trumps: classic ---------------------------------------------------


def test_classic_joker_may_not_name_a_suit_shown_void() -> None:
    seat0 = ["JK", "7C", "AD", "KD", "QD", "AH", "KH", "QH", "JH", "10H"]
    g = _declare(C3, {0: seat0, 1: ["AC", "AS", "7H"]}, ["6NT", "pass", "pass"], dealer=2)
    g.apply("7C")
    g.apply("AC")
    g.apply(g.legal_actions()[0])
    assert g.tricks[-1].winner == 1
    g.apply("AS")
    g.apply(g.legal_actions()[0])
    g.apply("10H")                  # seat 0 cannot follow spades: shown void
    assert g.view(1).shown_voids[0] == ("S",)
    assert g.tricks[-1].winner == 1
    g.apply("7H")
    g.apply(g.legal_actions()[0])
    g.apply("AH")
    assert g.tricks[-1].winner == 0 and g.to_move == 0
    legal = g.legal_actions()
    assert "JK:S" not in legal and {"JK:C", "JK:D", "JK:H"} <= set(legal)
    with pytest.raises(IllegalActionError, match="shown void in it"):
        g.apply("JK:S")
    g.apply("JK:H")                 # classic: a suit already led may be named


# -- five-handed partner call ----------------------------------------------------------


def test_five_handed_call_partner() -> None:
    r = Rules.preset("five_called")
    g = _declare(r, {0: ["AH"], 3: ["AS"], 2: ["JD"]}, ["7H", "pass", "pass", "pass", "pass"],
                 dealer=4)
    assert g.phase == "call" and g.to_move == 0
    legal = g.legal_actions()
    assert "alone" in legal and "call AS" in legal
    assert "call JD" not in legal and "call JK" not in legal and "call AH" not in legal
    with pytest.raises(IllegalActionError, match="JD is a trump"):
        g.apply("call JD")
    with pytest.raises(IllegalActionError, match="you hold or discarded AH yourself"):
        g.apply("call AH")
    g.apply("call AS")
    assert g.partner == 3 and g.phase == "play" and g.view(1).partner == 3


def test_five_handed_may_call_the_joker_at_no_trumps_and_misere_has_no_call() -> None:
    r = Rules.preset("five_called")
    g = _declare(r, {0: ["AH"], 3: ["JK"]}, ["7NT", "pass", "pass", "pass", "pass"], dealer=4)
    assert "call JK" in g.legal_actions()
    g = _declare(r, {}, ["misere", "pass", "pass", "pass", "pass"], dealer=4)
    assert g.phase == "play"


def test_five_handed_partner_scores_half() -> None:
    from fivehundred.actions import bid_action
    from fivehundred.auction import contract_of
    from fivehundred.scoring import hand_points

    r = Rules.preset("five_called")
    c = contract_of(r, bid_action(8, HEARTS), 0)
    pts, made = hand_points(r, c, 3, (5, 1, 0, 3, 1))
    assert made and pts == (300, 10, 0, 150, 10)
    pts, made = hand_points(r, c, 3, (5, 1, 1, 2, 1))
    assert not made and pts == (-300, 10, 10, -150, 10)


# -- two-handed with a dead hand -------------------------------------------------------


def test_dead_hand_is_out_of_play_and_unseen() -> None:
    r = Rules.preset("two_dead_hand")
    g = Game(r, seed=4)
    dead = g.dead_hand
    assert bin(dead).count("1") == 10
    apply_all(g, ["6H", "pass"])
    assert g.phase == "kitty"
    apply_all(g, g.legal_actions()[:3])
    while g.phase == "play":
        for seat in (0, 1):
            v = g.view(seat)
            visible = set(v.hand) | set(v.kitty) | set(v.discards)
            assert not visible & {c for c in _tokens(dead)}
        g.apply(g.legal_actions()[0])
    assert g.dead_hand == dead
    assert sum(g.hand_results[-1].tricks) == 10


def _tokens(mask: int) -> tuple[str, ...]:
    from fivehundred.cards import tokens

    return tokens(mask)


def test_undo_after_trick_and_clone_independent() -> None:
    g = _declare(AUS, {}, ["6H", "pass", "pass", "pass"], dealer=3)
    before = g.clone()
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    assert len(g.tricks) == 1
    for _ in range(4):
        g.undo()
    assert g.tricks == () and g.hand_tokens(0) == before.hand_tokens(0)
    assert g.legal_actions() == before.legal_actions()
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert g.trick == () and len(c.trick) == 1


def test_wrong_phase_actions() -> None:
    g = _declare(AUS, {}, ["6H", "pass", "pass", "pass"], dealer=3)
    with pytest.raises(IllegalActionError, match=r"^'7NT' is a bid, but the auction is over: "
                                                 r"the game is in the play; seat 0 plays a "
                                                 r"card$"):
        g.apply("7NT")
    with pytest.raises(IllegalActionError, match="only the joker at no trumps or misère names"):
        g.apply("JK:H")
    with pytest.raises(IllegalActionError, match="next_hand"):
        g.next_hand()
    g2 = Game(AUS, seed=3)
    apply_all(g2, ["pass"] * 4)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        g2.apply("pass")


def test_a_bid_after_the_auction_is_told_what_the_game_expects_now() -> None:
    """A rule purist's finding: 'pass' in the kitty or 'misere' in the play was answered
    with every phase's actions at once ("expected a card, a discard, 'call QH' or alone");
    it is told what this phase expects, as an action id is, and changes nothing."""
    g = Game(AUS, seed=3)
    apply_all(g, ["6H", "pass", "pass", "pass"])
    assert g.phase == "kitty"
    before = g.clone()
    for word in ("pass", " Misère "):
        with pytest.raises(IllegalActionError, match=rf"^{word!r} is a bid, but the auction "
                                                     r"is over: the declarer now discards 3 "
                                                     r"more card\(s\) from hand$"):
            g.apply(word)
    assert g.view(g.to_move) == before.view(g.to_move)
    five = Game(Rules.preset("five_called"), seed=3)
    while five.phase == "auction":
        five.apply("7NT" if "7NT" in five.legal_actions() else "pass")
    apply_all(five, five.legal_actions()[:3])
    assert five.phase == "call"
    with pytest.raises(IllegalActionError, match=r"^'pass' is a bid, but the auction is over: "
                                                 r"the declarer now calls a partner \('call "
                                                 r"QH'\) or plays 'alone'$"):
        five.apply("pass")
