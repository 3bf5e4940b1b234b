"""Hard and Insane on laydowns: their imagined deals took a trick (two at no trumps) off every
double-dummy count, so a ten-trick contract was never made on any deal, and ten top tricks in
spades were bid 6♠; over an open misère they solved no strain with a bid left."""

from __future__ import annotations

import pytest

from fivehundred import Game, Rules, cards
from fivehundred.actions import bid_strain, bid_tricks
from fivehundred.auction import Contract
from fivehundred.bots import make
from fivehundred.bots.base import Candidate, Decision
from fivehundred.bots.bid_check import expected_outcome, sure_tricks
from fivehundred.bots.bid_model import bid_action
from fivehundred.bots.discards import best_keep
from fivehundred.bots.pimc import PimcBot
from fivehundred.cards import HEARTS, NO_TRUMPS, SPADES, mask_of, pack
from fivehundred.dealing import Deal
from fivehundred.solver import Position, solve
from helpers import make_deal


def _m(text: str) -> int:
    """The mask of the cards written in ``text``, separated by spaces."""
    return mask_of(text.split())


LAYDOWNS = [
    # (hand, the strain of its ten top tricks)
    ("JK JS JC AS KS QS 10S 9S 8S AH", SPADES),
    ("JK JS JC AS KS QS 10S 9S AH KH", SPADES),
    ("JK JH JD AH KH QH 10H 9H AS AC", HEARTS),
]


@pytest.mark.parametrize("name", ["hard", "insane"])
@pytest.mark.parametrize(("hand", "strain"), LAYDOWNS)
def test_ten_top_tricks_are_bid_at_the_ten_level(name: str, hand: str, strain: int) -> None:
    """Medium bids 10NT (10♥ on the third); Hard's deals said it failed on most of them and
    Hard bid 6♠ (6♣, 6♥), Insane 9♠: no real declarer loses a trick with these cards."""
    r = Rules.preset("australian")
    for seed in range(3):
        g = Game(r, deal=make_deal(r, {0: hand.split()}, dealer=3, seed=seed))
        d = make(name, seed=seed).act(g.view(0))
        a = bid_action(d.action)
        assert a is not None and bid_tricks(a) == 10 and bid_strain(a) == strain, (seed, d)


def test_sure_tricks_counts_top_cards_in_sequence() -> None:
    """Trumps by the strain's order (joker and bowers), a suit whose tops outnumber the cards
    of it still out counted whole, side suits only once the trumps are drawn, the joker held
    against a no-trump declarer taking one, and a discard known out of play."""
    p43 = pack("43")
    laydown = _m("JK JS JC AS KS QS 10S 9S 8S AH")
    assert sure_tricks(laydown, 0, SPADES, p43) == 10
    # at no trumps the jacks rank plainly: J♣ is no top card, and the joker held is one
    assert sure_tricks(laydown, 0, NO_TRUMPS, p43) == 9
    # four top trumps, five more out: the side aces may be ruffed, so only the trumps
    short = _m("JK JH JD AH 5H AS AC AD 5C 6C")
    assert sure_tricks(short, 0, HEARTS, p43) == 4
    # the king of hearts discarded: Q♥ is then next to the top, 10♥ too
    gone = mask_of(["KH"])
    run = _m("JK JH JD AH QH 10H 4S 5S 5C 6C")
    assert sure_tricks(run, 0, HEARTS, p43) == 4
    assert sure_tricks(run, gone, HEARTS, p43) == 6
    # no trumps, the joker against him: none (its holder, void, takes a top card and may run
    # suits he cannot stop); held, his tops count
    assert sure_tricks(_m("AS KS 5S AH 4H 4D 5D 6D 5C 6C"), 0, NO_TRUMPS, p43) == 0
    assert sure_tricks(_m("AS KS 5S AH JK 4D 5D 6D 5C 6C"), 0, NO_TRUMPS, p43) == 4
    # the defence leading first (the eldest-lead option): none counted sure
    assert sure_tricks(laydown, 0, SPADES, p43, leads=False) == 0
    assert sure_tricks(_m("4S 5S 6S 4H 5H 6H 4D 5D 6D 5C"), 0, SPADES, p43) == 0


@pytest.mark.parametrize("preset", ["australian", "classic3"])
def test_sure_tricks_never_exceed_double_dummy(preset: str) -> None:
    """On random deals, each seat declaring each strain with the kitty: the tricks counted
    sure are taken against the best defence too (the solver's count is never below them; at
    no trumps, with the joker against him, 9 were counted where double dummy took 6)."""
    r = Rules.preset(preset)
    some = 0
    for seed in range(12):
        d = Game(r, seed=seed).deal
        for seat in range(r.players):
            held = d.hands[seat] | d.kitty
            for s in range(5):
                keep = best_keep(held, s, r.kitty_size, misere=False)
                sure = sure_tricks(keep, held & ~keep, s, r.deck_mask)
                hands = list(d.hands)
                hands[seat] = keep
                dd = solve(Position.for_contract(r, hands, seat, s, dealer=d.dealer)).tricks
                assert dd is not None and dd >= sure, (seed, seat, s, cards.tokens(keep))
                some += sure > 0
    assert some >= 20


def test_a_contract_of_sure_tricks_is_made_on_the_deals() -> None:
    """10♠ on ten sure tricks, made double dummy, is made (it was counted 9 tricks: failed);
    where double dummy takes 10 with 8 sure, the trick taken off stands (9, failed)."""
    r = Rules.preset("australian")
    c = Contract("10S", 0, 10, SPADES, 440)
    assert expected_outcome(r, c, 0, [(10, 10, 1.0)])[1] == 1.0
    assert expected_outcome(r, c, 0, [(10, 8, 1.0)])[1] == 0.0
    nt = Contract("9NT", 0, 9, NO_TRUMPS, 420)
    assert expected_outcome(r, nt, 0, [(10, 9, 1.0), (9, 10, 1.0)])[1] == 1.0   # (min with double
    assert expected_outcome(r, nt, 0, [(8, 10, 1.0)])[1] == 0.0                 # dummy)


def _checked(medium: str, listed: list[tuple[str, float, float | None]], n: int) -> Decision:
    """Hard's check of Medium's bid ``medium`` among these candidates, on ``n`` deals."""
    cands = [Candidate(a, v, p) for a, v, p in listed]
    cands.sort(key=lambda c: (-c.value, c.action))
    return PimcBot._checked_bid(Decision(medium), cands, n)


def test_a_failing_bid_gives_way_to_a_sure_bid_up_to_its_level() -> None:
    """On 5 deals Medium's failing 10NT gave way to 6♠ beside 10♠ made on all of them; now to
    any sure bid up to Medium's level, at no trumps only in place of no trumps; over Medium's
    pass the six-level rule stands."""
    listed: list[tuple[str, float, float | None]] = [
        ("10S", 440.0, 1.0), ("9S", 340.0, 1.0), ("8NT", 300.0, 1.0), ("6S", 250.0, 1.0),
        ("pass", 0.0, None), ("10NT", -520.0, 0.2)]
    d = _checked("10NT", listed, 5)
    assert d.action == "10S", d
    assert d.reason.startswith("10NT fails on most imagined deals; 10S makes on 100%"), d
    assert _checked("9S", [(a, v, 0.2 if a == "9S" else p) for a, v, p in listed
                           if a != "10S"], 5).action == "6S"    # (8NT: not in place of 9♠)
    nine = [*listed, ("9NT", -400.0, 0.2)]
    assert _checked("9NT", nine, 5).action == "9S"              # (10♠: above Medium's 9)
    assert _checked("9NT", [x for x in nine if x[0] not in ("9S", "10S")], 5).action == "8NT"
    assert _checked("pass", listed, 5).action == "6S"


def _over_open_misere() -> Game:
    """An `australian` coach's record (hand 2): seat 1 bid 8♣, seat 2 open misère; seat 3 to
    bid, holding 6♠ 10♠ Q♠ K♠ Q♣ K♣ 9♦ K♦ J♥ Q♥, with only 10♥ and 10NT left above it."""
    hands = ("9S 6C 9C JC 4D 6D 10D JD KH AH", "5S JS AS 5C 7C 8C 10C AC 8D JK",
             "7S 5D 7D QD 4H 5H 6H 7H 8H 9H", "6S 10S QS KS QC KC 9D KD JH QH")
    deal = Deal(0, tuple(_m(h) for h in hands), _m("8S AD 10H"))
    g = Game(Rules.preset("australian"), deal=deal, scores=(60, 40))
    g.apply("8C")
    g.apply("open-misere")
    return g


@pytest.mark.parametrize("name", ["hard", "insane"])
def test_over_an_open_misere_the_bids_left_are_solved(name: str) -> None:
    """The hand's two longest suits (spades, diamonds) have no bid over the open misère, so no
    bid was solved ("no bid solved on the imagined deals"): the strains that have one are."""
    g = _over_open_misere()
    v = g.view(3)
    assert sorted(v.legal_actions) == ["10H", "10NT", "pass"]
    d = make(name, seed=1).act(v)
    solved = {c.action for c in d.candidates if c.make_probability is not None}
    assert solved == {"10H", "10NT"}, d
    assert "no bid solved" not in d.reason, d.reason
    assert d.action == "pass", d
