"""Medium over a partner's standing bid: a pass leaves his contract to be played, worth its
expected points with our support; a raise in his strain uses the same count; a take-out needs a
hand far better than his contract.  (An expert review found Medium taking a partner's 7♣ out
into 8♦; before, a pass there was worth a flat 20 and every bid over it was charged 50.)

Each auction is from a view of a Medium self-play game (``australian``, the seed in the test),
its seat's hand fixed and the rest dealt anew: Medium's bid reads only its own hand, the
auction and the score.
"""

from __future__ import annotations

from fivehundred import Game, Rules, View
from fivehundred.actions import action_from_token
from fivehundred.bots import Decision, make
from fivehundred.bots.base import Candidate
from fivehundred.bots.hand_eval import expected_tricks
from fivehundred.bots.medium import _valued, make_chance
from fivehundred.bots.partner_count import (
    OVER_PARTNER,
    PARTNER_LEVEL,
    PARTNER_SUIT,
    partner_help,
    standing_count,
)
from fivehundred.bots.pimc import PimcBot
from helpers import make_deal

RULES = Rules.preset("australian")


def _view(seat: int, hand: str, dealer: int, auction: list[str]) -> View:
    """Seat ``seat``'s view with ``hand``, after ``auction`` spoken from the dealer's left."""
    g = Game(RULES, deal=make_deal(RULES, {seat: hand.split()}, dealer=dealer))
    for bid in auction:
        g.apply(bid)
    assert g.to_move == seat
    return g.view(seat)


def _decide(view: View) -> tuple[Decision, dict[str, float]]:
    """Medium's decision and each candidate's value."""
    d = make("medium", seed=5).act(view)
    return d, {c.action: c.value for c in d.candidates}


def test_no_take_out_of_a_partners_seven_clubs_into_eight_diamonds() -> None:
    """The review's auction (seed 3423): partner's 7♣, and we hold the joker (his top trump),
    A K and four small diamonds, K♥.  His 7♣ took 10 tricks double dummy and made when
    played; 8♦ failed.  Medium valued the pass at 20 against 8♦'s 115 (after the charge of
    50); now his contract is worth more than 8♦ and 7♦."""
    view = _view(3, "6C 4D 7D 8D 10D KD AD 9H KH JK", 3, ["pass", "7C", "pass"])
    d, value = _decide(view)
    assert d.action == "pass", d
    assert value["pass"] > max(value["7D"], value["8D"]) and value["pass"] > 100


def test_a_pass_leaves_a_strong_partner_bid_rather_than_a_thin_take_out() -> None:
    """Seed 1844: partner's 7♥, we hold A Q and two small spades, K 8 of hearts, the joker.
    Medium bid 8♠ (worth 25 after the charge, against the pass's flat 20); his 7♥ with our
    joker and K♥ is worth far more."""
    view = _view(0, "5S 6S QS AS JC 7D 9D 8H KH JK", 0, ["pass", "7H", "pass"])
    d, value = _decide(view)
    assert d.action == "pass", d
    assert value["pass"] > value["8S"] + 50


def test_raises_a_partners_suit_with_good_support() -> None:
    """Seed 91: partner's 7♦ and we hold the joker, Q 9 8 6 of diamonds, A K of spades: 8♦,
    where Medium passed (8♦ was charged 50 like any bid over a partner's)."""
    view = _view(0, "9S KS AS 10C 6D 8D 9D QD 9H JK", 0, ["pass", "7D", "pass"])
    d, value = _decide(view)
    assert d.action == "8D", d
    assert value["pass"] > 100            # his 7♦ is worth a lot too, but 8♦ more


def test_still_takes_out_with_a_hand_far_better_than_his_bid() -> None:
    """Seed 1699: partner's 6♠, and we hold no spade but the joker, K Q J 9 5 of hearts and
    J♦: 8♥ is worth far more than his 6♠ played."""
    view = _view(1, "5C 4D 5D JD 5H 9H JH QH KH JK", 2, ["6S", "pass"])
    d, value = _decide(view)
    assert d.action == "8H", d
    assert value["8H"] > value["pass"] + 150


def test_the_pass_is_worth_his_contract_and_his_level_counts() -> None:
    """The pass over a partner's trick bid is his contract's expected points on the count of
    :func:`standing_count`, which grows by :data:`PARTNER_LEVEL` a level; the same hand over
    his 6♦ and his 7♦."""
    hand = "9S KS AS 10C 6D 8D 9D QD 9H JK"
    six = _view(0, hand, 0, ["pass", "6D", "pass"])
    seven = _view(0, hand, 0, ["pass", "7D", "pass"])
    c6, c7 = standing_count(six), standing_count(seven)
    assert c6 is not None and c7 is not None
    assert c6[0] == action_from_token("6D", auction=True)
    assert abs((c7[1] - c6[1]) - PARTNER_LEVEL) < 1e-9
    _, value = _decide(six)
    p = make_chance(c6[1] - 6)
    assert abs(value["pass"] - round(80 * (2 * p - 1), 1)) < 0.05     # 6♦ is worth 80


def test_a_partners_misere_and_an_opponents_bid_are_as_before() -> None:
    """Where his contract cannot be counted (his misère) the pass stays a flat 20; over an
    opponent's bid nothing changes either (no partner holds it)."""
    misere = _view(3, "6C 4D 7D 8D 10D KD AD 9H KH JK", 3, ["7S", "misere", "pass"])
    assert standing_count(misere) is None
    _, value = _decide(misere)
    assert value["pass"] == 20.0
    opponents = _view(0, "9S KS AS 10C 6D 8D 9D QD 9H JK", 2, ["7D"])
    assert standing_count(opponents) is None
    _, value = _decide(opponents)
    assert value["pass"] == 20.0


def test_no_count_of_a_partners_raise_of_our_own_strain() -> None:
    """He raised our 6♦ to 7♦: his level already counts our hand, so it is not counted again
    (the side would bid on and on); the flat pass stays."""
    view = _view(0, "9S KS AS 10C 6D 8D 9D QD 9H JK", 3, ["6D", "pass", "7D", "pass"])
    assert standing_count(view) is None
    _, value = _decide(view)
    assert value["pass"] == 20.0


def test_a_raise_on_one_trump_is_valued_as_a_take_out() -> None:
    """Seed 361: partner's 6♠ and our only spade is the joker: the raiser declares, so 7♠ is
    not valued on his count (it was, and a review found 7♠ taking 6 tricks)."""
    view = _view(1, "7C KC 7D QD KD 6H 7H 10H QH JK", 2, ["6S", "pass"])
    counted = standing_count(view)
    assert counted is not None
    d, _ = _decide(view)
    notes = {c.action: c.note for c in d.candidates}
    assert notes["7S"] != f"{counted[1]:.1f} tricks expected", notes
    two = _view(1, "7C KC 7D QD KD 6H 7H 5S QH JK", 2, ["6S", "pass"])    # the joker and 5♠
    counted = standing_count(two)
    d, _ = _decide(two)
    assert counted is not None
    assert {c.action: c.note for c in d.candidates}["7S"] == f"{counted[1]:.1f} tricks expected"


def test_no_bid_in_a_partners_overcalled_suit_on_one_trump() -> None:
    """An expert review (Insane self-play, australian, game 1 hand 5): partner's 6♦, their
    7♠, and we hold one diamond, A K 10 8 of hearts, A Q 8 of clubs: Medium bid 7♦ on 7.0
    tricks, its partner's suit credited as if we raised on a fit; it made 24% of imagined
    deals and failed.  Now it passes; with two diamonds the credit is back."""
    auction = ["pass", "6D", "7S"]
    view = _view(1, "JS QS 8C QC AC 4D 8H 10H KH AH", 1, auction)
    d, _ = _decide(view)
    assert d.action == "pass", d
    notes = {c.action: c.note for c in d.candidates}
    assert notes["7D"] == "6.2 tricks expected", notes
    two = _view(1, "JS 5D 8C QC AC 4D 8H 10H KH AH", 1, auction)    # 5♦ for Q♠
    notes = {c.action: c.note for c in make("medium", seed=5).act(two).candidates}
    assert notes["7D"] == "7.0 tricks expected", notes     # (6.2 without his credit)


def test_no_count_once_we_have_bid_and_he_took_us_out() -> None:
    """Seed 34: our 6♠, their 6♥, his 6NT over it: his bid counts our hand already (a review
    found 7NT over it, which took 2 tricks)."""
    view = _view(0, "5S 6S 8S JS KS AS 5C 10D JH QH", 3, ["6S", "6H", "6NT", "pass"])
    assert standing_count(view) is None
    d, value = _decide(view)
    assert d.action == "pass" and value["pass"] == 20.0


def test_a_misere_over_a_partners_bid_is_charged_as_before() -> None:
    """A misère over his standing bid is charged OVER_PARTNER, not the take-out's 20 (charged
    less, it took a partner's 9♣, made, out into an open misère that failed)."""
    view = _view(3, "5S 6S 8S 9S 5C AC 8D 5H 6H JH", 0, ["9C", "pass"])
    assert standing_count(view) is not None
    d, _ = _decide(view)
    misere = next(c for c in d.candidates if c.action == "open-misere")
    p = misere.make_probability or 0.0
    # (500 won or lost; 150 for reaching 500 from 0, 150 less for falling to the hole)
    worth = 500 * (2 * p - 1) + 150 * p - 150 * (1 - p)
    assert abs(misere.value - (worth - OVER_PARTNER)) < 1.0, misere


def test_hard_passes_a_bid_worth_less_than_the_partners_played() -> None:
    """Hard kept Medium's raise that its own imagined deals valued below the partner's
    contract played on them, and said "confirmed on imagined deals"."""
    cands = [Candidate("pass", 20.0, None, "the partner's 6D is played: makes 90%"),
             Candidate("7D", -35.0, 0.5), Candidate("7NT", 55.0, 0.6)]
    d = PimcBot._checked_bid(Decision("7D"), cands, 5, partner_holds=True, played=20.0)
    assert d.action == "pass" and "worth less than the partner's bid played" in d.reason, d
    kept = PimcBot._checked_bid(Decision("7D"), cands, 5, partner_holds=True, played=-40.0)
    assert kept.action == "7D" and "hand evaluation, made on 50%" in kept.reason, kept


def test_near_the_target_the_pass_over_his_bid_is_not_counted_twice() -> None:
    """Where reaching 500 any way wins, a pass near it got +120 for winning by defence; over a
    partner's standing bid we declare, and his contract's value already counts the game it
    wins: the pass is that value alone."""
    r = Rules.preset("classic4")
    hand = "9S KS AS 10C 6D 8D 9D QD 9H JK"
    g = Game(r, deal=make_deal(r, {0: hand.split()}, dealer=0), scores=[470, 0])
    for bid in ("pass", "7D", "pass"):
        g.apply(bid)
    view = g.view(0)
    counted = standing_count(view)
    assert counted is not None
    _, value = _decide(view)
    p = make_chance(counted[1] - 7)
    assert value["pass"] == _valued(view, counted[0], p, 470).value, value


def test_hard_takes_no_partners_bid_out_when_medium_s_bid_fails() -> None:
    """Medium raised, the deals defeated the raise, and Hard bid whatever else they nearly
    always made: 6♥ worth 40 over the partner's 6♠ worth 100 played."""
    cands = [Candidate("pass", 100.0, None, "the partner's 6S is played: makes 90%"),
             Candidate("6H", 40.0, 0.95), Candidate("7S", -60.0, 0.3)]
    hard = PimcBot._checked_bid(Decision("7S"), cands, 20, partner_holds=True, played=100.0)
    assert hard.action == "pass" and "7S fails on most imagined deals" in hard.reason, hard
    insane = PimcBot._checked_bid(Decision("7S"), cands, 20, partner_holds=True,
                                  pass_worth=10.0, played=10.0)
    assert insane.action == "6H", insane            # (worth 30 more than his, on its deals)


def test_two_partners_credits_in_one_suit_both_go_on_one_trump() -> None:
    """Six-handed, three a side: both partners bid diamonds, each crediting the suit (as
    partner_help counts them), the opponents overcall, and we hold one diamond: neither
    credit counts (one was taken off for the two)."""
    rules = Rules.preset("six_threes")
    hand = "JS QS 8C QC AC 4D 8H"
    g = Game(rules, deal=make_deal(rules, {0: hand.split()}, dealer=1))
    for bid in ["6D", "6H", "7D", "7H"]:
        g.apply(bid)
    assert g.to_move == 0
    view = g.view(0)
    diamonds = 2                                     # (spades 0, clubs 1, diamonds 2, hearts 3)
    count = expected_tricks(view.hand_mask, diamonds, rules.deck_mask) \
        + partner_help(view)[diamonds] - 2 * PARTNER_SUIT
    d, _ = _decide(view)
    notes = {c.action: c.note for c in d.candidates}
    assert notes["8D"] == f"{count:.1f} tricks expected", (notes, count)
