"""The sure-trick bounds on hand-made positions: what ``quick_tricks`` and ``sure_trumps``
count, and what not."""

from __future__ import annotations

import pytest

from fivehundred.cards import HEARTS, NO_TRUMPS, card_from_token, mask_of
from fivehundred.solver import layout
from fivehundred.solver.cutoffs import (
    boundary_cut,
    cannot_take_all,
    entry_tricks,
    quick_tricks,
)
from fivehundred.solver.ordering import trick_settled
from fivehundred.solver.position import Position, effective
from fivehundred.solver.solve import Searcher, solve
from fivehundred.solver.trump_bounds import sure_rank, sure_trumps, trump_control

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


def _load(strain: int, hands: list[list[str]], leader: int = 0,
          trick: tuple[tuple[int, str], ...] = ()) -> Searcher:
    """Seats 0 and 2 against 1 and 3, ``leader`` to lead (``trick``: the cards played to the
    trick so far, by seat); no rank relied on yet."""
    played = tuple((seat, card_from_token(tok)) for seat, tok in trick)
    p = Position(players=4, strain=strain, hands=tuple(mask_of(h) for h in hands),
                 active=(0, 1, 2, 3), leader=leader, trick=played, named=-1,
                 max_seats=0b0101,
                 count_seats=0b0101, misere=False, misere_stop=False, nt_joker="australian",
                 led_suits=0, voids=(0, 0, 0, 0))
    s = Searcher.load(p)
    s.st[0, layout.B_REL:layout.B_REL + 5] = layout.NONE
    return s


def _quick(strain: int, hands: list[list[str]], cutoff: int = 10) -> tuple[int, Searcher]:
    """Seat 0's quick tricks, seat 0 to lead."""
    s = _load(strain, hands)
    return int(quick_tricks(s.hands, s.w, s.st, 0, 0, cutoff)), s


@pytest.mark.parametrize(("strain", "hands", "tricks", "why"), CASES,
                         ids=[c[3].split(":")[0] for c in CASES])
def test_quick_tricks_count(strain: int, hands: list[list[str]], tricks: int, why: str) -> None:
    assert _quick(strain, hands)[0] == tricks, why


def test_long_cards_rely_on_the_top_run_only() -> None:
    """The ranks relied on: the top two spades, not the small ones behind them."""
    _, s = _quick(NO_TRUMPS, LONG_SPADES)
    assert s.st[0, layout.B_REL] == effective(NO_TRUMPS, card_from_token("KS"))[1]


# hearts trumps: joker, JH, JD, AH, KH, QH, 10H...; (hands of seats 0-3, the seat to lead,
# seats 0 and 2's sure trump tricks, the lowest rank they rely on, why)
KING_BEHIND = [["4C", "5C", "6C", "7C"], ["JK", "9H", "5S", "6S"], ["JH", "4H", "8C", "9C"],
               ["10H", "8S", "9S", "10S"]]
TRUMP_CASES = [
    ([["AH", "KH", "QH", "4C"], ["JH", "5C", "6C", "7C"], ["8C", "9C", "10C", "QC"],
      ["4S", "5S", "6S", "7S"]], 0, 2, "QH",
     "the right bower takes one of the ace, king and queen: two win"),
    ([["10H", "9H", "8H", "7H"], ["JK", "JH", "5C", "6C"], ["8C", "9C", "10C", "QC"],
      ["4S", "5S", "6S", "7S"]], 0, 2, "7H",
     "four small trumps against two big ones: two of them win"),
    ([["KH", "4C", "5C", "6C"], ["AH", "4S", "5S", "6S"], ["QH", "7C", "8C", "9C"],
      ["7S", "8S", "9S", "10S"]], 0, 0, None,
     "the ace can fall on the king and the queen in one trick"),
    ([["AH", "KH", "5H", "4C"], ["5C", "6C", "7C", "8C"], ["JK", "9C", "10C", "QC"],
      ["4S", "5S", "6S", "7S"]], 0, 3, None,
     "the other side holds no trump: every trump of the longer hand wins"),
    (KING_BEHIND, 1, 1, "JH",
     "the right bower guarded just after the joker, the joker's side to lead: one trick"),
    (KING_BEHIND, 0, 1, "JH",
     "the same, the bower's partner to lead: one trick (any number of players)"),
    (KING_BEHIND, 2, 0, None,
     "the bower's hand to lead: it can be made to lead its low trump"),
    ([["JH", "4H", "4C", "5C"], ["JK", "9H", "5S", "6S"], ["JD", "8C", "9C", "7C"],
      ["10H", "8S", "9S", "10S"]], 1, 1, "JD",
     "both bowers under the joker, the right one guarded: the joker takes one at most"),
    ([["JH", "3C", "4C", "5C"], ["JK", "9H", "5S", "6S"], ["JD", "4H", "8C", "9C"],
      ["10H", "8S", "9S", "10S"]], 1, 0, None,
     "the right bower alone can fall with the left under the joker"),
]


@pytest.mark.parametrize(("hands", "leader", "tricks", "lowest", "why"), TRUMP_CASES,
                         ids=[c[4].split(":")[0] for c in TRUMP_CASES])
def test_sure_trumps_count(hands: list[list[str]], leader: int, tricks: int,
                           lowest: str | None, why: str) -> None:
    s = _load(HEARTS, hands, leader)
    sure = int(sure_trumps(s.hands, s.w, 1))
    assert sure >> 6 == tricks, why
    if tricks:
        rank = layout.NONE if lowest is None else effective(HEARTS, card_from_token(lowest))[1]
        assert sure & 63 == rank, why


# no trumps, no joker, seat 0 to lead: (hands of seats 0-3, can seats 0 and 2 be sure to lose a
# trick, the suit whose top card the answer relies on, why)
ALL_TRICKS_CASES = [
    ([["AS", "KS", "QS", "4D"], ["5S", "6S", "7S", "AD"], ["8D", "9D", "10D", "JD"],
      ["8C", "9C", "10C", "JC"]], True, "AD",
     "three spades are all their top cards can give: the ace of diamonds takes a trick"),
    ([["AS", "KS", "QS", "JS"], ["5S", "6S", "7S", "AD"], ["8D", "9D", "10D", "JD"],
      ["8C", "9C", "10C", "JC"]], False, None,
     "four top spades may take all four tricks"),
    ([["AS", "4D", "5D", "6D"], ["5S", "6S", "AD", "KD"], ["KS", "QS", "JS", "10S"],
      ["8C", "9C", "10C", "JC"]], False, None,
     "the partner's long spades count in full: the bound cannot tell"),
]


@pytest.mark.parametrize(("hands", "loses", "relied", "why"), ALL_TRICKS_CASES,
                         ids=[c[3].split(":")[0] for c in ALL_TRICKS_CASES])
def test_a_side_without_enough_top_cards_cannot_take_every_trick(
        hands: list[list[str]], loses: bool, relied: str | None, why: str) -> None:
    s = _load(NO_TRUMPS, hands)
    assert bool(cannot_take_all(s.hands, s.w, s.st, 0, 0)) == loses, why
    rel = [int(x) for x in s.st[0, layout.B_REL:layout.B_REL + 5]]
    if relied is None:
        assert rel == [layout.NONE] * 5, why
    else:
        e, r = effective(NO_TRUMPS, card_from_token(relied))
        # only the other side's top card is relied on (clubs: nobody else holds one)
        assert rel == [r if x == e else layout.NONE for x in range(5)], why


def test_every_trick_bound_needs_every_trick_and_no_trump_left() -> None:
    hands = ALL_TRICKS_CASES[0][0]
    s = _load(NO_TRUMPS, hands)
    assert boundary_cut(s.st, 0, 4, 4) == 0      # all four: they cannot
    assert boundary_cut(s.st, 0, 3, 4) == 1      # three: the spades (quick tricks)
    trumps = [h[:] for h in hands]
    trumps[2][0] = "JK"                          # the joker still in play: no bound
    s = _load(NO_TRUMPS, trumps)
    assert boundary_cut(s.st, 0, 4, 4) == -1


def test_own_winners_then_the_entry_to_the_partner_at_no_trumps() -> None:
    """The leader cashes his hearts, then crosses to the partner's spades: all four tricks
    (his hearts alone are two, the entry and the partner's spades three)."""
    hands = [["AH", "KH", "5S", "5D"], ["QH", "JH", "6S", "4D"], ["AS", "KS", "QS", "6D"],
             ["10H", "9H", "7S", "7D"]]
    s = _load(NO_TRUMPS, hands)
    assert _quick(NO_TRUMPS, hands)[0] == 2
    assert int(entry_tricks(s.hands, s.w, s.st, 0, 4)) == 4
    rel = [int(x) for x in s.st[0, layout.B_REL:layout.B_REL + 5]]
    rank = {t: effective(NO_TRUMPS, card_from_token(t)) for t in ("KH", "AS")}
    assert rel[rank["KH"][0]] == rank["KH"][1]    # the hearts' top run down to the king
    assert rel[rank["AS"][0]] == rank["AS"][1]    # the entry
    assert boundary_cut(_load(NO_TRUMPS, hands).st, 0, 4, 4) == 1
    # one heart of his own, the entry, one spade of the partner's: three, not four
    fewer = [["AH", "8H", "5S", "5D"], ["QH", "JH", "6S", "9C"], ["AS", "KS", "8C", "4D"],
             ["10H", "9H", "7S", "6D"]]
    s = _load(NO_TRUMPS, fewer)
    assert int(entry_tricks(s.hands, s.w, s.st, 0, 4)) == 3
    # with the joker in the other side's hands the hearts may be ruffed: not counted, nor
    # the partner's spades (the joker's holder is out of them after the entry): the entry
    joker = [h[:] for h in hands]
    joker[3][0] = "JK"
    s = _load(NO_TRUMPS, joker)
    assert int(entry_tricks(s.hands, s.w, s.st, 0, 4)) == 1


# hearts trumps, seats 0 and 2 hold every trump left, seat 1 (the other side) to lead
CONTROL = [["2H", "AS", "KS", "5C"], ["QS", "JS", "9C", "8C"], ["4H", "5H", "QD", "9D"],
           ["AD", "KD", "10D", "6D"]]


def test_trump_control_counts_a_hands_trumps_and_top_cards_whoever_leads() -> None:
    """Seat 0's trump and top spades win three tricks though the other side leads: he
    throws his club on their first diamond and ruffs the next (seat 2's two trumps alone
    are two, all that sure trumps count)."""
    s = _load(HEARTS, CONTROL, leader=1)
    assert int(sure_trumps(s.hands, s.w, 1)) >> 6 == 2
    c = int(trump_control(s.hands, s.w))
    assert (c >> 4, c >> 3 & 1, c & 7) == (3, 1, 0)   # three tricks, the maximisers, seat 0
    assert boundary_cut(s.st, 0, 3, 4) == 1
    rel = [int(x) for x in s.st[0, layout.B_REL:layout.B_REL + 5]]
    e, r = effective(HEARTS, card_from_token("KS"))
    assert rel == [r if x == e else layout.NONE for x in range(5)]   # the spades' top run
    assert solve(s.position).tricks >= 3     # a lower bound: the exact count honours it


def test_trump_control_needs_a_trump_in_the_hand_and_none_on_the_other_side() -> None:
    # the same for the other side: seats 1 and 3 take three, so 0 and 2 cannot take two
    other = [CONTROL[1], CONTROL[0], CONTROL[3], CONTROL[2]]
    s = _load(HEARTS, other, leader=0)
    c = int(trump_control(s.hands, s.w))
    assert (c >> 4, c >> 3 & 1, c & 7) == (3, 0, 1)
    assert boundary_cut(s.st, 0, 2, 4) == 0
    # a trump on the other side: they may ruff the top cards, nothing counts
    ruff = [h[:] for h in CONTROL]
    ruff[3][3] = "3H"
    s = _load(HEARTS, ruff, leader=1)
    assert int(trump_control(s.hands, s.w)) == 0
    # top cards without a trump can all be squeezed out (thrown on suits led that the
    # hand is out of): seat 0 without his trump counts nothing, seat 2 her two trumps
    bare = [["3C", "AS", "KS", "5C"], CONTROL[1], CONTROL[2], CONTROL[3]]
    s = _load(HEARTS, bare, leader=1)
    c = int(trump_control(s.hands, s.w))
    assert (c >> 4, c & 7) == (2, 2)


def test_a_sure_trump_bound_records_only_the_trumps_its_question_needs() -> None:
    """Three top trumps make three sure tricks (relying on the trumps down to the left
    bower); a question that needs one or two relies on the joker, or the joker and the right
    bower, alone, so its table entry covers the positions that differ below them."""
    hands = [["JK", "JH", "JD", "4H"], ["AH", "5S", "6S", "7S"], ["8C", "9C", "10C", "QC"],
             ["KH", "5D", "6D", "7D"]]
    s = _load(HEARTS, hands)

    def rank(tok: str) -> int:
        return effective(HEARTS, card_from_token(tok))[1]

    sure = sure_trumps(s.hands, s.w, 1)
    assert (sure >> 6, sure & 63) == (3, rank("JD"))
    assert [sure_rank(s.hands, s.w, 1, need, sure & 63) for need in (1, 2, 3)] == [
        rank("JK"), rank("JH"), rank("JD")]


# (hands of seats 0-3 after the trick's cards, the trick so far from seat 0, the side that
# surely wins it (1: seats 0 and 2, 0: 1 and 3, -1: neither surely), the suit and card
# relied on, why); hearts are trumps
SETTLED_CASES = [
    ([["5S"], ["6S", "2H"], ["7S", "3H"], ["8S", "4H"]], ("AS",), 1, ("S", "AS"),
     "the ace led, every hand to follow: it stands"),
    ([["5S"], ["6S", "2H"], ["7S", "3H"], ["4H", "8C"]], ("AS",), 0, None,
     "the ace led, the last hand void with a trump: it ruffs, and no rank matters"),
    ([["5S"], ["6C"], ["5H", "3D"], ["8S", "4D"]], ("AS", "2H"), 1, ("H", "5H"),
     "the ace ruffed, the next hand void with a higher trump: it overruffs"),
    ([["5S"], ["6S"], ["7S", "3H"], ["8S", "4H"]], ("4S", "KS"), 0, ("S", "KS"),
     "the king over the four, every hand after it to follow lower: it stands"),
    ([["5S"], ["9S", "2H"], ["AS", "3H"], ["8S", "4H"]], ("4S",), 1, ("S", "AS"),
     "the ace yet to play, nobody void: it wins, whatever the hands between play"),
]


@pytest.mark.parametrize(("hands", "trick", "side", "relied", "why"), SETTLED_CASES,
                         ids=[c[4].split(":")[0] for c in SETTLED_CASES])
def test_which_side_surely_wins_a_trick_in_play(
        hands: list[list[str]], trick: tuple[str, ...], side: int,
        relied: tuple[str, str] | None, why: str) -> None:
    s = _load(HEARTS, hands, 0, tuple(enumerate(trick)))
    seat = len(trick)
    assert trick_settled(s.hands, s.w, s.st, 0, seat) == side, why
    if relied is not None:
        suit, tok = relied
        e, rank = effective(HEARTS, card_from_token(tok))
        assert e == effective(HEARTS, card_from_token("2" + suit))[0]
        assert s.st[0, layout.B_REL + e] == rank, why
    else:
        assert all(s.st[0, layout.B_REL + e] == layout.NONE for e in range(5)), why
