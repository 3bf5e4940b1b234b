"""The hand review says what is known where the search ran out (review S20): never "Every
card of yours was a best one." beside cards not solved, "gave away at least N" where some
cards' costs were not solved, and "cost at least N" where the bounds the search proved show a
card gave tricks away (a defender's card leaving a misère's declarer 0 where another surely
gave him a trick was "not solved"); the "≥N" note in the same words in the game's every-card
review and in ``fivehundred analyse --plays``.

A five-handed game (tests/data/five_called_misere_unsolved.fhr): West's misère, whose first
tricks run out of the review's limits; and a misère of a random five-handed game (seed 64)
reviewed within 3,000 nodes a card, where South's 3♥ left the declarer 0 while another card
surely gave him a trick."""

from __future__ import annotations

import random
from dataclasses import replace

from fivehundred import Game, Rules
from fivehundred.console.narration import Narrator
from fivehundred.console.reviews import every_card_lines, review_lines
from fivehundred.record import parse_record, read_text
from fivehundred.solver.analysis import analyse_record, review_hand
from fivehundred.solver.analysis.review import NODES, at_least_note
from test_review_verdicts import MISERE, misere_game

FIVE = Rules.preset("five_called")
SMALL = 3_000
"""A review's node budget small enough that South's 3♥ of :func:`random_misere` is solved
while another card there is only bounded (the review's own is 300,000: a five-handed misère
runs out of it so in its first tricks)."""


def random_misere(seed: int = 64) -> Game:
    """A five-handed hand played out at random after the first seat that may bids misère."""
    g = Game(FIVE, seed=seed)
    rng = random.Random(seed)
    bid = False
    while g.phase != "hand_over":
        legal = g.legal_actions()
        if g.phase == "auction":
            misere = [a for a in legal if "misere" in a and "open" not in a]
            g.apply(misere[0] if misere and not bid else "pass")
            bid = bid or bool(misere)
            continue
        g.apply(rng.choice(legal))
    return g


def test_the_sum_says_gave_away_at_least_beside_cards_not_solved() -> None:
    """South's cards of West's misère: tricks 1 and 2 not solved (at least 1), two cards
    costing a trick each.  The sum said "Your cards gave away 2 tricks in all", leaving the
    cards not solved out as if they were best; now "at least", and how many were not
    valued."""
    g = misere_game()
    r = review_hand(g.clone(), 0)
    assert [p.cost for p in r.plays[:2]] == [None, None]
    lines = review_lines(r, Narrator(g.rules, 0))
    assert lines[-3] == (
        "Your cards gave away at least 2 tricks in all (the others' mistakes can give them "
        "back); 2 of your 10 cards could not be fully valued within the search limits (the "
        "command fivehundred analyse searches deeper).")


def test_no_every_card_best_beside_cards_not_solved() -> None:
    """Only the cards not solved and best ones: it said "Every card of yours was a best
    one."; now how many could not be valued, each of the others best."""
    g = misere_game()
    r = review_hand(g.clone(), 0)
    unsolved = [p for p in r.plays if p.cost is None]
    best = [p for p in r.plays if p.cost == 0]
    n = Narrator(g.rules, 0)
    lines = review_lines(replace(r, plays=tuple(unsolved + best)), n)
    assert "Every card of yours was a best one." not in lines
    assert lines[-3] == (
        f"{len(unsolved)} of your {len(unsolved) + len(best)} cards could not be fully valued "
        "within the search limits (the command fivehundred analyse searches deeper); each of "
        "the others was a best one.")
    only = review_lines(replace(r, plays=tuple(unsolved)), n)
    assert only[-3] == ("None of your cards could be fully valued within the search limits "
                        "(the command fivehundred analyse searches deeper).")


def test_a_card_not_called_best_beside_cards_that_may_beat_it() -> None:
    """North-West's 4♦ at trick 3 leaves West 4, the most of the cards solved there, but
    others only showed "≥1" (they may give more): it was called best (cost 0); now its cost
    is not solved, though its count is."""
    g = misere_game()
    r = review_hand(g.clone(), 0, seats=range(5))
    p = next(p for p in r.plays if p.trick == 3 and p.seat == 2)
    assert (p.card, p.value, p.complete) == ("4D", 4, False)
    assert (p.cost, p.gave_at_least) == (None, 0)
    assert p.to_dict()["gave_at_least"] == 0 and p.to_dict()["cost"] is None


def test_a_card_that_surely_gave_a_trick_away_says_at_least() -> None:
    """South's 3♥ at trick 5 leaves the declarer 0 where another card surely gave him a trick
    (≥1, how many not solved): it said "not solved within the search limits" and counted
    nothing; now "cost at least 1 trick", counted in the sums as at least."""
    g = random_misere()
    assert g.contract is not None and g.contract.is_misere
    r = review_hand(g.clone(), 0, nodes=SMALL)
    p = next(p for p in r.plays if p.trick == 5)
    assert (p.card, p.value, p.best, p.cost, p.gave_at_least) == ("3H", 0, (), None, 1)
    n = Narrator(g.rules, 0)
    lines = review_lines(r, n)
    assert "  trick  5  3♥  cost at least 1 trick (0; the best card kept at least 1)" in lines
    assert lines[-3].startswith("Your cards gave away at least 1 trick in all"), lines[-3]
    every = every_card_lines(review_hand(g.clone(), 0, nodes=SMALL, seats=range(5)), n)
    assert any(x.startswith("  trick  5  You 3♥ 0 (gave at least 1),") for x in every), every
    assert any(x.startswith("Tricks given away: You 1+?,") for x in every), every
    assert ("N+?: at least N (the cost of some of that player's cards was not solved within "
            "the search limits).") in every


def test_the_at_least_note_is_worded_alike_in_the_game_and_in_analyse() -> None:
    """``analyse --plays`` said "≥N: after that card the declarer takes a trick more than he
    had", the game's every-card review "... West ends with at least N tricks"; now both say
    whose count ends with at least N, in the same words."""
    g = misere_game()
    every = every_card_lines(review_hand(g.clone(), 0, seats=range(5)), Narrator(g.rules, 0))
    game_note = at_least_note("West ends")
    assert game_note == ("≥N: after that card West ends with at least N tricks (how many was "
                         "not solved within the search limits; its cost is not counted).")
    assert game_note in every
    a = analyse_record(parse_record(read_text(str(MISERE))), hand=1, budget=NODES,
                       plays=True)[0]
    text = " ".join(a.format().split())
    assert at_least_note("the declarer ends") in text, text
    assert "takes a trick more than he had" not in text
