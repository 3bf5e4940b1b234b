"""The words of a hint, as a beginner's review found them (2026-12-07): points said to be
"your side's less the others'" at three players, where they are less the other sides'
average; a tie said broken by "Medium's habits (keep high cards ...)" beside a king led; "the
likeliest, 7♦, makes on 0%"; weighted chances ("44% of 10 deals") and imagined deals never
explained; "they check a bid, not pick one" beside a row worth more."""

from __future__ import annotations

from pathlib import Path

from fivehundred import Rules
from fivehundred.auction import Contract
from fivehundred.bots import make
from fivehundred.bots.base import Candidate, Decision
from fivehundred.bots.bid_check import checked_bid, outcome_value, why_no_bid
from fivehundred.bots.hints import MAKES_WORDS, counted_words, format_hint, value_words
from fivehundred.bots.pimc import PimcBot
from fivehundred.bots.play_reasons import TIED_WORDS, Outlook
from fivehundred.bots.sampling import sample_worlds
from fivehundred.rng import Rng
from helpers import end_position

SOLVED = [Candidate("AH", 1.0, 0.8, "your side 7.4 tricks"),
          Candidate("KH", 0.5, 0.7, "your side 6.9 tricks")]


def test_points_at_three_sides_are_said_less_the_other_sides_average() -> None:
    """What the search counts (``outcome_value``) is the seat's side's points less the
    other sides' average; the words say so where there are two other sides or more, and stay
    as they were at two sides."""
    r = Rules.preset("classic3")
    sides = len(r.sides)
    assert sides == 3
    # (the count itself: declarer 0 makes 7♠ with 8 tricks; seat 1 defends)
    c = Contract("7S", 0, 7, 0, 140)
    points = [140.0, 10.0, 10.0] if r.defender_trick_points == "always" else [140.0, 0, 0]
    assert outcome_value(r, c, 1, None, 8) == points[1] - (points[0] + points[2]) / 2
    three = "Points: expected this hand, your side's less the other sides' average"
    two = "Points: expected this hand, your side's less the others'"
    assert counted_words(SOLVED, "play", sides) == ("Points", three)
    assert counted_words(SOLVED, "play") == ("Points", two)
    assert counted_words(SOLVED, "play", len(Rules.preset("australian").sides))[1] == two
    bids = [Candidate("pass", 0.0, None, "baseline"), Candidate("7H", 9.0, 0.9)]
    assert counted_words(bids, "auction", sides)[1] == three + ", against a pass (0)"
    assert value_words(SOLVED, "play", sides=sides)[1].startswith(three + "; Makes")
    text = format_hint(Decision("AH", tuple(SOLVED)), sides=sides)
    assert text.splitlines()[-1].startswith("  " + three + "; "), text


def test_a_tie_is_said_broken_by_the_medium_bots_rules_of_thumb() -> None:
    """No one habit is named (the tie is broken by Medium's whole judgement: it led a king
    "keeping high cards"), nor is Medium spoken of as a person."""
    look = Outlook("your side", None, None, False)
    c = [Candidate("KS", 20.0), Candidate("2S", 20.0), Candidate("3H", 10.0)]
    why = look.why(c, {"KS": 6.0, "2S": 6.0, "3H": 5.0}, 2, 12)
    assert why.endswith("; 2 cards tie on the imagined deals; the Medium bot's rules of thumb "
                        "chose among them"), why
    every = look.why(c[:2], {"KS": 6.0, "2S": 6.0}, 2, 12)
    assert every.endswith(f"the 2 cards tie on the imagined deals; {TIED_WORDS}"), every
    for words in (why, every, TIED_WORDS):
        assert "habits" not in words and "keep high" not in words and "Medium's" not in words


def test_no_likeliest_bid_where_none_makes_on_any_deal() -> None:
    """"The likeliest, 7♦, makes on 0%" read as nonsense: where none makes, it says so."""
    cands = [Candidate("7D", -169.0, 0.0), Candidate("8D", -291.0, 0.0),
             Candidate("pass", 0.0, None)]
    why = why_no_bid(cands, 10, lambda c: True)
    assert why == "no bid is worth more than a pass: none makes on any imagined deal", why
    d = checked_bid(Decision("pass"), cands, 10)
    assert d.action == "pass" and "likeliest" not in d.reason and "0%" not in d.reason, d
    # (one made now and then is still named, its chance never "0%")
    rare = why_no_bid([Candidate("7D", -169.0, 0.001)], 200, lambda c: True)
    assert "likeliest, 7D, makes on under 1%" in rare, rare


def test_the_readme_says_what_imagined_deals_are_and_that_they_are_weighted() -> None:
    """README says what the imagined deals are and that each counts by how well it fits the
    others' bids (so 44% of 10 deals is possible: the hint's footnote stays short, in sight
    under the browser's choices); the Insane bot a hint is drawn from does weigh them so, and
    by nothing else than the bids."""
    readme = " ".join((Path(__file__).parent.parent / "README.md").read_text().split())
    for said in ("lay-outs of the cards you cannot see that fit all you have seen",
                 "each solved with every card face up",
                 "counted by how well it fits the others' bids"):
        assert said in readme, said
    words = value_words(SOLVED, "play")[1]
    assert words.endswith("; " + MAKES_WORDS), words
    defence = value_words(SOLVED, "play", defending=True)[1]
    assert defence.endswith("; Declarer makes" + MAKES_WORDS[5:]), defence
    # (what the words claim: Insane's weights vary with the bids made, Hard's are all 1)
    g = end_position("australian", 1, "7H", 8)
    v = g.view(g.to_move or 0)
    assert any(tok != "pass" for seat, tok in v.auction if seat != v.seat), v.auction
    worlds = sample_worlds(v, Rng(3), 8)
    insane, hard = make("insane"), make("hard")
    assert isinstance(insane, PimcBot) and isinstance(hard, PimcBot)
    assert hard._weights(v, worlds) == [1.0] * len(worlds)
    assert len(set(insane._weights(v, worlds))) > 1


def test_a_bid_kept_beside_a_row_worth_more_is_said_in_plain_words() -> None:
    """"They check a bid, not pick one" was not understood: the deals only check the hand
    evaluation's bid, the best-looking of a few noisy rows being usually too high."""
    cands = [Candidate("7H", 90.0, 0.9), Candidate("6H", 50.1, 1.0),
             Candidate("pass", 0.0, None)]
    d = checked_bid(Decision("6H"), sorted(cands, key=lambda c: -c.value), 10)
    assert d.action == "6H", d
    assert d.reason == ("hand evaluation, made on 100% of the imagined deals (it stands at "
                        "40% or more); the imagined deals only check the hand evaluation's "
                        "bid: the best-looking of a few noisy rows is usually too high "
                        "(10 deals)"), d.reason


def test_every_place_a_hint_is_shown_says_the_three_sides_average() -> None:
    """The browser's hint (``advise``: its footnote and its text), the terminal table's
    (``choice_lines``) and the text game's are each given the table's sides: at three
    players each says the other sides' average."""
    import io

    from fivehundred import Game
    from fivehundred.bots.hints import choice_lines, defending, hint
    from fivehundred.console import run_console_game
    from fivehundred.web.botpool import advise

    average = "your side's less the other sides' average"
    g = Game(Rules.preset("classic3"), seed=4)
    v = g.view(g.to_move)
    shown = advise(v, seed=1)
    assert average in shown["value_words"] and average in shown["text"], shown
    d = hint(v, seed=1)
    assert any(average in line for line in choice_lines(d, v.phase, defending(v),
                                                       sides=len(v.rules.sides)))
    answers = iter(["hint", "quit", "quit"])
    out = io.StringIO()
    run_console_game(Rules.preset("classic3"), seed=4, ask=lambda p: next(answers), out=out)
    assert average in " ".join(out.getvalue().split()), out.getvalue()
