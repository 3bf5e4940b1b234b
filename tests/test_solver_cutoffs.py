"""The sure-trick bounds on hand-made positions: what ``quick_tricks`` counts, and what not."""

from __future__ import annotations

import pytest

from fivehundred.cards import HEARTS, NO_TRUMPS, card_from_token, mask_of
from fivehundred.solver import layout
from fivehundred.solver.cutoffs import quick_tricks
from fivehundred.solver.position import Position, effective
from fivehundred.solver.solve import Searcher

LONG_SPADES = [["AS", "KS", "5S", "4S"], ["QS", "JS", "9C", "8C"],
               ["AD", "KD", "QD", "JD"], ["AH", "KH", "QH", "JH"]]

# (strain, hands of seats 0-3, seat 0's quick tricks, why)
CASES = [
    (NO_TRUMPS, LONG_SPADES, 4,
     "the ace and king fall the queen and jack: the five and four win too"),
    (NO_TRUMPS, [["AS", "KS", "5S", "4S"], ["QS", "JS", "10S", "8C"],
                 ["AD", "KD", "QD", "JD"], ["AH", "KH", "QH", "JH"]], 2,
     "no long cards while another hand holds more spades than the top run"),
    (HEARTS, [["AS", "2H", "7C", "8C"], ["KS", "QS", "9C", "10C"],
              ["4H", "5H", "6H", "QD"], ["AD", "KD", "10D", "6D"]], 4,
     "the other side has no trump: the ace, then the partner's three trumps"),
    (HEARTS, [["AS", "KS", "2H", "8C"], ["QS", "JS", "9C", "10C"],
              ["4H", "5H", "6H", "QD"], ["AD", "KD", "10D", "6D"]], 3,
     "the partner's one side card cannot cover two winners: only the leader's trump counts"),
    (HEARTS, [["AS", "KS", "QS", "JS"], ["10S", "9S", "AH", "KH"],
              ["2H", "3H", "4H", "5H"], ["8S", "7S", "6D", "5D"]], 1,
     "the partner holds only trumps: he must ruff the first spade and takes the lead"),
]


def _quick(strain: int, hands: list[list[str]], cutoff: int = 10) -> tuple[int, Searcher]:
    """Seat 0's quick tricks (seats 0 and 2 against 1 and 3, seat 0 to lead)."""
    p = Position(players=4, strain=strain, hands=tuple(mask_of(h) for h in hands),
                 active=(0, 1, 2, 3), leader=0, trick=(), named=-1, max_seats=0b0101,
                 count_seats=0b0101, misere=False, misere_stop=False, nt_joker="australian",
                 led_suits=0, voids=(0, 0, 0, 0))
    s = Searcher.load(p)
    s.st[0, layout.B_REL:layout.B_REL + 5] = layout.NONE
    return int(quick_tricks(s.hands, s.w, s.st, 0, 0, cutoff)), s


@pytest.mark.parametrize(("strain", "hands", "tricks", "why"), CASES,
                         ids=[c[3].split(":")[0] for c in CASES])
def test_quick_tricks_count(strain: int, hands: list[list[str]], tricks: int, why: str) -> None:
    assert _quick(strain, hands)[0] == tricks, why


def test_long_cards_rely_on_the_top_run_only() -> None:
    """The ranks relied on: the top two spades, not the small ones behind them."""
    _, s = _quick(NO_TRUMPS, LONG_SPADES)
    assert s.st[0, layout.B_REL] == effective(NO_TRUMPS, card_from_token("KS"))[1]
