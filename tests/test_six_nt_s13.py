"""Medium's no-trump count at six players in pairs: without the joker it is taken down by
:data:`NO_JOKER_FOUR_AGAINST`, since four opponents hold the joker three times in four.
(A review measured Medium's six-handed 6NT made 44% of the time; its 6NT bids without the
joker at ``six_pairs`` took a trick less than their count.)

The hand is from a Medium self-play deal (``six_pairs``, ``Game(rules, seed=118788)``): Medium
opened 6NT on it, and the side took 3 tricks.
"""

from __future__ import annotations

from fivehundred import Game, Rules, View
from fivehundred.bots import make
from fivehundred.bots.hand_eval import expected_tricks
from fivehundred.bots.medium import NO_JOKER_FOUR_AGAINST, NT_DISCOUNT, partner_help
from helpers import make_deal

HAND = "7S 6C KC AC 2H 6H 10H 13H KH AH"
"""Two aces, two kings, no joker: opened 6NT before, and the side took 3 tricks."""


def _view(preset: str, hand: str) -> View:
    """The view of seat 3, first to bid (the dealer is seat 2), holding ``hand``."""
    rules = Rules.preset(preset)
    g = Game(rules, deal=make_deal(rules, {3: hand.split()}, dealer=2))
    assert g.to_move == 3
    return g.view(3)


def _nt_count(view: View) -> float:
    """The tricks Medium's 6NT candidate says it expects (from its note)."""
    d = make("medium", seed=5).act(view)
    note = next(c.note for c in d.candidates if c.action == "6NT")
    return float(note.split()[0])


def test_six_pairs_no_opening_six_no_trumps_without_the_joker() -> None:
    """The hand opened 6NT and failed; now hearts (its long suit) or nothing."""
    d = make("medium", seed=5).act(_view("six_pairs", HAND))
    assert d.action != "6NT", d
    assert d.action in ("6H", "pass"), d


def test_six_pairs_count_without_the_joker_is_charged() -> None:
    """At ``six_pairs`` the 6NT count is the hand's, the partner's help, less the discount
    and the charge for the opponents' joker."""
    view = _view("six_pairs", HAND)
    want = (expected_tricks(view.hand_mask, 4, view.rules.deck_mask) + partner_help(view)[4]
            - NT_DISCOUNT - NO_JOKER_FOUR_AGAINST)
    assert abs(_nt_count(view) - want) < 0.06


def test_charge_only_without_the_joker_and_only_at_six_pairs() -> None:
    """With the joker for the 7♠, and at ``six_threes`` (two partners, three against), the
    count is as before: no charge."""
    for preset, hand in (("six_pairs", HAND.replace("7S", "JK")), ("six_threes", HAND)):
        view = _view(preset, hand)
        want = (expected_tricks(view.hand_mask, 4, view.rules.deck_mask)
                + partner_help(view)[4] - NT_DISCOUNT)
        assert abs(_nt_count(view) - want) < 0.06, preset
