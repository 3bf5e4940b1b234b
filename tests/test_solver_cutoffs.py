"""The sure-trick bounds on hand-made positions: what ``quick_tricks`` counts, and what not."""

from __future__ import annotations

from fivehundred.cards import HEARTS, NO_TRUMPS, mask_of
from fivehundred.solver import layout
from fivehundred.solver.cutoffs import quick_tricks
from fivehundred.solver.position import Position, effective
from fivehundred.solver.solve import Searcher


def _quick(strain: int, hands: list[list[str]], cutoff: int = 10) -> tuple[int, Searcher]:
    """Seat 0's quick tricks (seats 0 and 2 against 1 and 3, seat 0 to lead)."""
    p = Position(players=4, strain=strain, hands=tuple(mask_of(h) for h in hands),
                 active=(0, 1, 2, 3), leader=0, trick=(), named=-1, max_seats=0b0101,
                 count_seats=0b0101, misere=False, misere_stop=False, nt_joker="australian",
                 led_suits=0, voids=(0, 0, 0, 0))
    s = Searcher.load(p)
    s.st[0, layout.B_REL:layout.B_REL + 5] = layout.NONE
    return int(quick_tricks(s.hands, s.w, s.st, 0, 0, cutoff)), s


def test_long_cards_behind_the_top_cards_win_once_the_others_are_out() -> None:
    q, s = _quick(NO_TRUMPS, [["AS", "KS", "5S", "4S"], ["QS", "JS", "9C", "8C"],
                              ["AD", "KD", "QD", "JD"], ["AH", "KH", "QH", "JH"]])
    assert q == 4          # the ace and king fall the queen and jack: the five and four win
    # the ranks relied on: the top two spades, not the small ones
    assert s.st[0, layout.B_REL] == effective(NO_TRUMPS, mask_of(["KS"]).bit_length() - 1)[1]


def test_long_cards_do_not_count_while_another_hand_holds_more() -> None:
    q, _ = _quick(NO_TRUMPS, [["AS", "KS", "5S", "4S"], ["QS", "JS", "10S", "8C"],
                              ["AD", "KD", "QD", "JD"], ["AH", "KH", "QH", "JH"]])
    assert q == 2


def test_every_trump_of_a_hand_counts_when_the_other_side_has_none() -> None:
    # the leader cashes the ace, then his partner's three trumps are three tricks of their own
    q, _ = _quick(HEARTS, [["AS", "2H", "7C", "8C"], ["KS", "QS", "9C", "10C"],
                           ["4H", "5H", "6H", "QD"], ["AD", "KD", "10D", "6D"]])
    assert q == 4


def test_a_partner_who_must_discard_a_trump_does_not_lend_his_trumps() -> None:
    # the partner's only side card cannot cover the leader's two winners: his trumps do not
    # count, the leader's one does
    q, _ = _quick(HEARTS, [["AS", "KS", "2H", "8C"], ["QS", "JS", "9C", "10C"],
                           ["4H", "5H", "6H", "QD"], ["AD", "KD", "10D", "6D"]])
    assert q == 3


def test_a_partner_holding_only_trumps_ruffs_and_takes_the_lead() -> None:
    # four top spades, but the partner must ruff the first: one trick, then he leads
    q, _ = _quick(HEARTS, [["AS", "KS", "QS", "JS"], ["10S", "9S", "AH", "KH"],
                           ["2H", "3H", "4H", "5H"], ["8S", "7S", "6D", "5D"]])
    assert q == 1
