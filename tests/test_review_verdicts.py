"""The hand reviews (the text game's, the terminal table's) say what ``analyse`` proved where the
first lead's count was not solved, in words that agree with whose tricks they count, and the
double-dummy table's misère legend comes only with a yes.

A five-handed game (seed 3, medium bots): West's misère, made, whose first-lead count runs out
of the review's search limits, but the defence surely forces a trick on him: the review said
only "not solved within the search limits" where ``analyse`` said the best defence beats it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from fivehundred import Game, Rules
from fivehundred.console.narration import Narrator
from fivehundred.console.reviews import every_card_lines, review_lines
from fivehundred.record import parse_record, read_text
from fivehundred.solver import solve
from fivehundred.solver.analysis import HandReview, ReviewedPlay, analyse_record, dd_table
from fivehundred.solver.analysis.cli import CLI_BUDGET
from fivehundred.solver.analysis.review import first_lead_count, review_hand
from fivehundred.tui.screens import every_card_dialog, review_dialog

MISERE = Path(__file__).parent / "data" / "five_called_misere_unsolved.fhr"


def misere_game() -> Game:
    """The record's first hand played out: West's misère, made (South, seat 0, defends)."""
    rec = parse_record(read_text(str(MISERE)))
    g = Game(rec.rules, seed=0, deal=rec.hands[0].deal(rec.rules))
    for a in rec.hands[0].actions:
        g.apply(a)
    return g


def test_a_misere_review_gives_analyses_verdict_where_its_count_is_not_solved() -> None:
    """``analyse --hand 1`` says the defence forces a trick on West (how many not solved):
    the best defence beats it; the review said "Double dummy at the first lead: not solved
    within the search limits" and "not solved" beside the cards after which it showed "≥1"
    in the every-card view.  Now it gives the same verdict, and the bound beside each card."""
    g = misere_game()
    a = analyse_record(parse_record(read_text(str(MISERE))), hand=1, budget=CLI_BUDGET)[0]
    assert a.results[0].double_dummy is None and a.results[0].at_least == 1
    assert a.makeable is False
    r = review_hand(g.clone(), 0)
    assert r.counted == (1,) and r.needed == 0
    assert (r.double_dummy, r.at_least, r.makeable) == (None, 1, a.makeable)
    d = r.to_dict()
    assert (d["double_dummy"], d["at_least"], d["makeable"]) == (None, 1, False)
    lines = review_lines(r, Narrator(g.rules, 0))
    assert lines[:3] == [
        "Double dummy at the first lead, the defence forces a trick on West (how many was not "
        "solved within the search limits).",
        "The misère could not be made against the best defence.",
        "In the play West took 0."]
    assert not any(x.endswith("  not solved within the search limits") for x in lines)
    assert lines[5] == ("  trick  1  J♦  at least 1 (how many was not solved within the search "
                        "limits)")
    body = review_dialog(r, Narrator(g.rules, 0)).body
    assert "the defence forces a trick on West" in body
    assert "The misère could not be made against the best defence." in body


def test_the_every_card_view_says_what_its_marks_mean() -> None:
    """The every-card view marks the cards after which the declarer surely takes a trick
    "≥1": a line says what that means, and "?" (no count at all) is explained only when a card
    shows it."""
    g = misere_game()
    r = review_hand(g.clone(), 0, seats=range(5))
    lines = every_card_lines(r, Narrator(g.rules, 0))
    assert " ≥1" in lines[2]
    assert lines[-3] == ("≥N: after that card West ends with at least N tricks (how many was "
                         "not solved within the search limits; its cost is not counted).")
    assert lines[-1].startswith("Double dummy: as if every hand lay face up"), lines[-1]
    assert not any(x.startswith("?:") for x in lines)
    assert "≥N: after that card West ends with" in every_card_dialog(r, Narrator(g.rules, 0)).body


def _review(rules: Rules, counted: tuple[int, ...], needed: int | None, dd: int | None,
            at_least: int = 0) -> HandReview:
    """A review of one card of seat 0's, made up (its words are what is tested)."""
    play = ReviewedPlay(1, 0, "AS", dd, ("AS",), dd, None if dd is None else 0)
    r = HandReview(0, counted, needed, dd, 3, (play,))
    return replace(r, at_least=at_least) if at_least else r


def test_the_verb_agrees_with_whose_tricks_are_counted() -> None:
    """"the tricks West end with" (a misère's declarer, or one declarer three-handed): the verb
    agrees: "West ends with", "you end with", "West & East end with"; and "you" mid-sentence
    is not capitalised ("Double dummy at the first lead, You & North take")."""
    four = Rules.preset("classic4")
    three = Rules.preset("classic3")
    cases = [
        (four, (1,), 0, "West ends with", "West takes 0 tricks"),
        (three, (2,), 6, "East ends with", "East takes 7 tricks"),
        (four, (0,), 0, "you end with", "you take 0 tricks"),
        (four, (0, 2), 6, "you & North end with", "you & North take 7 tricks"),
        (four, (1, 3), 6, "West & East end with", "West & East take 7 tricks"),
    ]
    for rules, counted, needed, ends, takes in cases:
        n = Narrator(rules, 0)
        r = _review(rules, counted, needed, 0 if needed == 0 else 7)
        lines = review_lines(r, n)
        assert lines[0] == f"Double dummy at the first lead, {takes}.", (counted, lines)
        assert f"(and the tricks {ends} after them):" in "\n".join(lines), (counted, lines)
        every = every_card_lines(r, n)
        assert every[0].startswith(f"After each card, the tricks {ends} if everyone"), every


def test_a_trick_contracts_bound_gives_the_verdict_it_proves() -> None:
    """A trick contract's first-lead count not solved, but a bound proven: "take at least 7
    tricks", and the contract of 6 could be made; a bound short of it leaves the verdict open;
    no bound at all says so."""
    rules = Rules.preset("classic4")
    n = Narrator(rules, 0)
    r = _review(rules, (0, 2), 6, None, at_least=7)
    assert r.makeable is True
    assert review_lines(r, n)[:2] == [
        "Double dummy at the first lead, you & North take at least 7 tricks (how many was not "
        "solved within the search limits).",
        "The contract needs 6: it could be made."]
    r = _review(rules, (1, 3), 8, None, at_least=7)
    assert r.makeable is None
    assert review_lines(r, n)[1] == ("The contract needs 8; whether it could be made was not "
                                     "solved within the search limits.")
    r = _review(rules, (1, 3), 8, None)
    assert review_lines(r, n)[:2] == [
        "Double dummy at the first lead: not solved within the search limits.",
        "In the play West & East took 3."]


def test_the_first_leads_count_is_not_the_best_of_the_cards_solved() -> None:
    """With a card not solved, the best of those solved is not the count (the seat to move may
    do better with the other): it is a bound for a seat wanting the most; for one wanting the
    fewest, a bound only if every card has one.  It was shown as the count."""
    assert first_lead_count({"AS": 6, "KS": None}, {}, True, 10) == (None, 6)
    assert first_lead_count({"AS": 10, "KS": None}, {}, True, 10) == (10, 0)   # all of them
    assert first_lead_count({"AS": 6, "KS": 7}, {}, True, 10) == (7, 0)
    assert first_lead_count({"AS": 2, "KS": None}, {}, False, 10) == (None, 0)
    assert first_lead_count({"AS": 2, "KS": None}, {"KS": 1}, False, 10) == (None, 1)
    assert first_lead_count({"AS": 2, "KS": 1}, {}, False, 10) == (1, 0)


def test_a_review_within_a_small_budget_claims_no_count_it_did_not_solve() -> None:
    """Seed 2's 6♥ reviewed within 10,000 nodes a search: six of the first lead's cards not
    solved, the best of the others keeps 8, and the review said double dummy gave 8 tricks
    (it gives 9).  Now: not solved, at least 8, so the contract could be made."""
    g = Game(Rules.preset("australian"), seed=2)
    for a in ["6H", "pass", "pass", "pass"]:
        g.apply(a)
    while g.phase == "kitty":
        g.apply(g.legal_action_ids()[0])
    true = solve(g).tricks
    while g.phase != "hand_over":
        g.apply(g.legal_action_ids()[0])
    r = review_hand(g, 0, nodes=10_000)
    assert true == 9
    assert r.double_dummy is None, "8 was the best of the cards solved, not the count"
    assert (r.at_least, r.makeable) == (8, True)


def test_the_misere_legend_comes_only_with_a_yes() -> None:
    """"misère: yes = ..." stood under every table, even one whose rows all say no."""
    rules = Rules.preset("australian")
    seen = {False: 0, True: 0}
    for seed in range(40):
        table = dd_table(rules, Game(rules, seed=seed).deal.hands)
        yes = any(table.misere or ())
        text = table.format()
        assert ("misère: yes = " in text) == yes, (seed, text)
        assert ("misère: yes = " in table.misere_note()) == yes
        seen[yes] += 1
        if all(seen.values()):
            break
    assert all(seen.values()), seen
    none = Rules.preset("australian").replace(misere_allowed=False, open_misere_allowed=False)
    table = dd_table(none, Game(none, seed=0).deal.hands)
    assert "(These rules allow no misère.)" in table.format()
