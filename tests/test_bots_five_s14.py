"""Misère danger in the big packs (five and six players): the higher a card, the worse.

The count stopped growing at four lower outside cards, so in the 53-card pack a lone 7♠, K♠
and A♠ counted alike, Medium bid misère on 10♠ K♠ 10♣ K♦ … (lost) and kept K♠ in its discards
while throwing 9♥ and 8♣ (lost).  The positions are a reviewer's (``five_called`` self-play,
seed 3, game 1, hands 4 and 9).
"""

from __future__ import annotations

from fivehundred import Game, Rules
from fivehundred.bots import make
from fivehundred.bots.hand_eval import misere_danger, misere_midpoint
from fivehundred.cards import mask_of, pack
from helpers import make_deal


def _danger(cards: str, deck: str) -> float:
    """The misère danger of ``cards`` (tokens, spaced) in the pack ``deck``."""
    return misere_danger(mask_of(cards.split()), pack(deck))


def test_in_the_big_packs_a_higher_card_is_more_dangerous() -> None:
    """A lone 7♠, K♠ and A♠ counted 0.7 each in the 53-card pack, and 7♠ 8♠ K♠ as 7♠ 8♠ 9♠."""
    for deck in ("53", "63"):
        seven, king, ace = (_danger(c, deck) for c in ("7S", "KS", "AS"))
        assert seven < king < ace, (deck, seven, king, ace)
        assert _danger("7S 8S KS", deck) > _danger("7S 8S 9S", deck) + 0.5, deck


def test_the_small_packs_count_as_before() -> None:
    """The count of the 43-, 33- and 24-card packs is unchanged (it stops at four lower cards)."""
    for deck in ("43", "33"):
        assert _danger("QS", deck) == _danger("KS", deck) == _danger("AS", deck) == 0.7
    assert _danger("AS", "24") == 0.7
    assert _danger("JK", "43") == 1.0


def test_the_joker_stays_the_first_misere_discard_in_the_big_packs() -> None:
    """The joker always takes a trick: it counts more than any lone card of the pack."""
    for deck in ("53", "63"):
        assert _danger("JK", deck) > _danger("AS", deck), deck


def test_a_hand_of_tens_and_kings_is_no_low_hand_at_five() -> None:
    """Seat 4's 10♠ K♠ 10♣ K♦ 8♦ 6♦ 4♦ 3♦ 4♥ 2♥ counted 2.53, under the 3.2 at which Medium
    made half its misères at five players, like a low hand: Medium bid misère on it and lost.
    (Dealt, it counted 3.21, the midpoint itself; now well above the rescaled midpoint.)"""
    r = Rules.preset("five_called")
    hand = "KS 10S 10C KD 8D 6D 4D 3D 4H 2H"
    assert _danger(hand, "53") > 1.3 * misere_midpoint(r)
    assert _danger("2S 3S 4S 2C 3C 5C 2D 4D 2H 5H", "53") < misere_midpoint(r) / 4


def test_medium_throws_the_king_from_its_misere_hand_at_five() -> None:
    """On 7♠ 8♠ K♠ … 9♥ JK Medium threw JK, 9♥ and 8♣ and kept K♠ (and lost)."""
    r = Rules.preset("five_called")
    hand = ["7S", "8C", "6C", "4C", "8D", "5D", "3D", "2D", "9H", "JK"]
    g = Game(r, deal=make_deal(r, {0: hand}, dealer=4, kitty=["KS", "8S", "JD"]))
    g.apply("misere")
    while g.phase == "auction":
        g.apply("pass")
    assert g.phase == "kitty" and g.to_move == 0
    d = make("medium", seed=1).act(g.view(0))
    assert "KS" in d.plan and "JK" in d.plan, d.plan
