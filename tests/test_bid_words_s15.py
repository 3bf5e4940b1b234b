"""The words of a bid the imagined deals checked, beside a row worth more (a newcomer's review,
2026-12-07): "confirmed" was said of 7♥ made on 80% of the deals, +94, with 7♠ made on every
deal, +120, in the row under it."""

from __future__ import annotations

from fivehundred.bots.base import Candidate, Decision
from fivehundred.bots.bid_check import checked_bid


def _reason(medium: str, cands: list[tuple[str, float, float | None]], n: int = 10) -> str:
    """Why Hard bids Medium's ``medium`` given the deals' candidates (bid, value, made)."""
    listed = sorted((Candidate(a, v, p) for a, v, p in cands), key=lambda c: -c.value)
    d = checked_bid(Decision(medium), listed, n)
    assert d.action == medium, d
    return d.reason


def test_a_bid_kept_beside_a_row_worth_more_says_why() -> None:
    """Kept (made often enough), but not "confirmed": how often it is made, and that the deals
    only check a bid."""
    why = _reason("7H", [("7H", 94.0, 0.8), ("7S", 120.0, 1.0), ("8S", 76.0, 0.7),
                         ("pass", 0.0, None)])
    assert "confirmed" not in why, why
    assert why.startswith("hand evaluation, made on 80% of the imagined deals"), why
    assert "the imagined deals only check the hand evaluation's bid" in why, why


def test_a_bid_worth_the_most_of_its_rows_is_confirmed() -> None:
    """The best row: kept, the reason saying how often it makes and the rule that keeps it
    ("confirmed" at 79% beside "no bid is sure enough" at 73% puzzled a student)."""
    why = _reason("7H", [("7H", 130.0, 0.9), ("7S", 120.0, 1.0), ("pass", 0.0, None)])
    assert why == ("hand evaluation, made on 90% of the imagined deals, worth the most there "
                   "(it stands at 40% or more) (10 deals)"), why
