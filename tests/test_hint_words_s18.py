"""A bid hint's reason says the rule it applied (a newcomer's review): "Bid 6♥ — makes on 80%
of the imagined deals" stood beside 7♦ worth more made on 71%, a pass said "no bid is sure
enough" of 7♥ made on 73% without saying what is enough, and "confirmed" was said of 6♦ made
on 79%: a bid by hand evaluation stands at 40%, one in place of its pass needs 80%."""

from __future__ import annotations

import pytest

from fivehundred.bots.base import Candidate, Decision
from fivehundred.bots.bid_check import checked_bid
from fivehundred.bots.hints import format_hint

C = Candidate


def reason(medium: str, cands: list[Candidate], n: int = 10, **kw: object) -> tuple[str, str]:
    """The hint's bid and its first line (advice and reason) for Medium's ``medium`` on
    ``cands`` valued on ``n`` imagined deals, ranked as the bot ranks them."""
    ranked = sorted(cands, key=lambda c: (-c.value, c.action))
    d = checked_bid(Decision(medium), ranked, n, **kw)  # type: ignore[arg-type]
    return d.action, format_hint(d, phase="auction").splitlines()[0]


def test_a_bid_over_a_pass_says_it_needs_80_percent() -> None:
    """The newcomer's hand (East's 6♣; 7♠ 5♠ A♥ Q♥ A♣ 9♣ 5♣ K♦ J♦ 8♦): 6♥ is bid, not 7♦
    worth more, and the reason says why: over a pass only what makes on 80% or more."""
    action, line = reason("pass", [C("6H", 22.7, 0.8), C("7D", 43.9, 0.71), C("8D", 29.3, 0.61),
                                   C("6D", 17.7, 0.8), C("pass", 0.0)])
    assert action == "6H"
    assert line == ("Bid 6♥ — where the hand evaluation passes, the hint bids only what makes on "
                    "80% of the imagined deals or more: 6♥, worth the most of those, makes on "
                    "80% (10 deals)"), line


def test_a_pass_says_what_sure_enough_is() -> None:
    """"no bid is sure enough: 7♥, worth the most, makes on 73%": enough is now said."""
    action, line = reason("pass", [C("7H", 60.1, 0.73), C("pass", 0.0)])
    assert action == "pass" and "sure enough" not in line, line
    assert line == ("Pass — where the hand evaluation passes, the hint bids only what makes on "
                    "80% of the imagined deals or more: 7♥, worth the most, makes on 73% "
                    "(10 deals)"), line


@pytest.mark.parametrize("worth_more", [False, True])
def test_a_kept_bid_says_it_stands_at_40_percent(worth_more: bool) -> None:
    """6♦ made on 79% was "confirmed" (and 7♥ at 73% not "sure enough"): a bid by hand
    evaluation stands at 40%, and its reason says so, and how often it is made."""
    action, line = reason("6D", [C("6D", 30.0, 0.79), C("pass", 0.0),
                                 C("7D", 40.0 if worth_more else 10.0, 0.5)])
    assert action == "6D" and "confirmed" not in line, line
    assert "made on 79% of the imagined deals" in line and "40% or more" in line, line


@pytest.mark.parametrize(("medium", "cands", "kw", "action", "rule"), [
    ("8H", [C("8H", -60.0, 0.2), C("6H", 40.0, 0.9), C("pass", 0.0)], {}, "6H",
     "stands at 40% or more; one in its place needs 80%"),
    ("8H", [C("8H", -60.0, 0.2), C("6H", 40.0, 0.7), C("pass", 0.0)], {}, "pass",
     "stands at 40% or more), and no other bid makes on 80% or more"),
    ("open-misere", [C("open-misere", -10.0, 0.55), C("pass", 0.0)], {}, "pass",
     "open misère makes on only 55% of the imagined deals (a bid by hand evaluation stands "
     "at 60% or more)"),
    ("pass", [C("7H", 95.0, 0.8), C("pass", -10.0, None, "the partner's 6C is played")],
     {"partner_holds": True, "pass_worth": -10.0}, "7H",
     "worth more than the partner's bid played (a bid over it needs 80% and 20 points more)"),
    ("pass", [C("7H", 95.0, 0.8), C("pass", 90.0, None, "the partner's 6C is played")],
     {"partner_holds": True, "pass_worth": 90.0}, "pass",
     "leaves the partner's bid to be played (a bid over it needs 80% and 20 points more)"),
    ("8S", [C("8S", -74.0, 0.4), C("7S", 114.0, 1.0), C("pass", 0.0)], {"trade_up": True},
     "7S", "(a bid made on under 80% gives way to one on 80% or more worth 20 more)"),
    ("pass", [C("7S", 150.0, 1.0), C("6D", 50.0, 1.0), C("pass", 0.0)], {"n": 5}, "6D",
     "worth the most of those at the six level in a suit, all it bids on 5 deals"),
])
def test_each_reason_says_its_rule(medium: str, cands: list[Candidate], kw: dict[str, object],
                                   action: str, rule: str) -> None:
    """Each way a bid is checked says the threshold it applied; an open misère made on 55%
    (it needs 60%) is not said to fail "on most" deals."""
    got, line = reason(medium, cands, **kw)
    assert got == action and rule in line, line
    assert "fails on most" not in line or "55%" not in line, line


@pytest.mark.parametrize("worth_more", [False, True])
def test_a_three_player_miseres_reason_says_it_always_stands(worth_more: bool) -> None:
    """At three players a misère by hand evaluation is kept whatever the imagined deals say:
    its reason said "it stands at 0% or more" (a fresh read of the reasons)."""
    from fivehundred.bots.bid_check import MIN_MISERE_THREE

    cands = [C("misere", 100.0, 0.6), C("pass", 0.0)] + (
        [C("7S", 140.0, 0.9)] if worth_more else [])
    action, line = reason("misere", cands, min_misere=MIN_MISERE_THREE)
    assert action == "misere"
    assert "at 0% or more" not in line, line
    assert "at three players a misère stands whatever the imagined deals say" in line, line


def test_a_failed_bid_under_a_partners_unvalued_bid_says_no_take_out_was_weighed() -> None:
    """The partner's bid held and not valued (pass_worth None): no bid over it is weighed,
    yet the reason said none made on 80% was worth 20 points more than it played; and one
    deal was "1 deals"."""
    _, line = reason("6H", [C("6H", -60.0, 0.2), C("6S", 40.0, 0.9), C("pass", 0.0)],
                     partner_holds=True, pass_worth=None)
    assert line.endswith("the partner's bid, which the imagined deals could not value, is left "
                         "to be played (10 deals)"), line
    _, one = reason("6H", [C("7S", 140.0, 1.0), C("pass", 0.0), C("6H", -60.0, 0.0)], n=1)
    assert "on 1 deal the hint bids" in one and "1 deals" not in one.replace("(1 deal)", ""), one
