"""Medium's lead against an open misère counts the other defenders' cards too: a review's
six-handed hand (``six_pairs``, seat 1 to lead, the declarer seat 2 face up with 4♥ 6♥ 7♥)
where 3♥ led, under all his hearts, lost to another defender's heart over 7♥, and 5♥ first
drew those hearts so that 3♥ could force him."""

from __future__ import annotations

from fivehundred.bots.hand_eval import NO_SUIT, Table, parse_play
from fivehundred.bots.medium import misere_scores
from fivehundred.cards import NO_TRUMPS, mask_of, pack

HAND = ["12S", "JS", "JD", "3H", "5H"]
OPEN = ["3C", "5C", "4H", "6H", "7H"]
PLAYED = ["2S", "4S", "11S", "2C", "4C", "6C", "7C", "8C", "11C", "12C", "JC", "QC", "AC",
          "3D", "10D", "13D", "QD", "AD", "2H", "8H", "12H", "13H", "JH", "QH", "AH"]


def table(voids: tuple[int, ...] = (0, 2, 5, 0, 1, 0)) -> Table:
    """Seat 1's table at the lead of the review's hand (hand 1, action 34), with the voids
    the table had shown unless given."""
    hand = mask_of(HAND)
    return Table(
        seat=1, strain=NO_TRUMPS, deck=pack("63"), hand=hand,
        legal=tuple((tok, *parse_play(tok)) for tok in HAND),
        plays=(), seats=(), led=NO_SUIT, after=(2, 3, 4, 0),
        allies=frozenset({0, 1, 3, 4}), declarer=2, misere=True,
        seen=hand | mask_of(OPEN), played=mask_of(PLAYED), voids=voids,
        sizes=(5, 5, 5, 5, 5, 10), exposed=((2, mask_of(OPEN)),))


def best(tb: Table) -> tuple[str, str]:
    """The card Medium's misère rules lead here, and its note."""
    _, tok, note = max(misere_scores(tb), key=lambda x: (x[0], x[1]))
    return tok, note


def test_draws_the_hearts_over_him_before_leading_under_him() -> None:
    tok, note = best(table())
    assert tok == "5H", note
    assert note == "draws the cards over him, keeps a lower one"


def test_the_lowest_heart_still_leads_where_no_other_defender_can_follow() -> None:
    hearts = 1 << 3          # every other defender has shown out of hearts
    tok, note = best(table(voids=(hearts, 2, 5, hearts, 1 | hearts, 0)))
    assert tok == "3H", note
    assert note == "he has 0 card(s) under it"
