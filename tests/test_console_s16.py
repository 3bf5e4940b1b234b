"""The text game in an 80-column terminal (review S16): the help, the help after a hand and
``rules`` wrapped at 78 columns, their second column's lines indented under it; the
six-handed screen's rows of entries wrapped between entries, each seat's entry whole; two
cards typed at once said to be two; and ``rules`` saying this table's deal in words."""

from __future__ import annotations

import re

import pytest

from fivehundred import Game, Rules
from fivehundred.console import table as console_table
from fivehundred.console.display import fit
from fivehundred.options import rules_json
from test_console import advance, feed, play_whole_game, snapshot

AUS = Rules.preset("australian")
SIX = Rules.preset("six_pairs")
#: The width the text game keeps within (an 80-column terminal, a margin kept).
WIDTH = 78
#: A line of a help's rows that goes on in the second column: 11 spaces, then words.
GOES_ON = re.compile(r"^ {11}\S")


def block(text: str, first: str, last: str) -> list[str]:
    """The lines of ``text`` from the last one starting with ``first`` up to the next one
    starting with ``last`` (not included)."""
    lines = text.splitlines()
    start = max(i for i, x in enumerate(lines) if x.startswith(first))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(last))
    return lines[start:end]


def too_wide(lines: list[str]) -> list[str]:
    return [x for x in lines if len(x) > WIDTH]


@pytest.mark.parametrize("preset", ["australian", "classic3", "two_24", "six_pairs"])
def test_the_help_in_a_hand_keeps_within_78_columns(preset: str) -> None:
    """``?`` in a hand printed rows of 85-90 columns (claim's, hint's, review's...): each
    wrapped again by the terminal, its two columns fell apart."""
    rules = Rules.preset(preset)
    g = advance(rules, lambda g: g.phase == "auction" and g.to_move == 0)
    text, _ = feed(g, ["?"])
    helped = block(text, "How to play: ", "Legal: ")
    assert not too_wide(helped), helped
    claim = next(i for i, x in enumerate(helped) if x.startswith("  claim    in the play: "))
    assert GOES_ON.match(helped[claim + 1]) and "checked with every card seen" in \
        " ".join(helped[claim:claim + 3]), helped
    assert [x for x in helped if x][-2:] == ["  ?        this help", "  quit     leave the game"], \
        helped
    assert not too_wide(console_table.help_text(rules).splitlines())


def test_the_help_after_a_hand_keeps_within_78_columns() -> None:
    """``?`` after a hand: again's row went on at 83 columns, guide's and review's past 80."""
    g = advance(AUS, lambda g: g.phase == "hand_over"
                and g.hand_results[-1].kind != "all_pass_redeal")
    text, _ = feed(g, ["?"])
    helped = block(text, "  again    ", "Goodbye")
    assert not too_wide(helped), helped
    assert helped[0].startswith("  again    play this hand again as practice")
    assert GOES_ON.match(helped[1]), helped
    assert any(x.startswith("  guide    how to play at this table") for x in helped)


@pytest.mark.parametrize("preset", ["australian", "classic3", "six_pairs"])
def test_rules_keeps_within_78_columns_as_guide_does(preset: str) -> None:
    """``rules`` printed its explanations unwrapped (187 columns: the joker at no trumps):
    now each is wrapped two columns in, and a token that would overflow its option's line
    goes on a line of its own."""
    rules = Rules.preset(preset)
    g = advance(rules, lambda g: g.phase == "auction" and g.to_move == 0)
    before = snapshot(g)
    text, seen = feed(g, ["rules"])
    said = block(text, rules_json(rules, preset)["label"], "Legal: ")
    assert not too_wide(said), said
    joker = next(i for i, x in enumerate(said) if x.startswith("Joker at no trumps: "))
    explained = next(i for i in range(joker + 1, len(said)) if said[i].startswith("  At no"))
    assert said[explained + 1].startswith("  ") and said[explained + 1][2] != " "
    assert seen == [before, before]


def test_the_six_handed_screen_keeps_each_seats_entry_whole_within_78_columns() -> None:
    """Six-handed, Scores (101 columns), a round of bids (95) and Last trick (114) wrapped
    in the terminal mid-entry ("North-" at one line's end): now they wrap between entries,
    the lines after indented under the first."""
    g = advance(SIX, lambda g: g.phase == "play" and g.to_move == 0 and len(g.view(0).tricks)
                and len(g.view(0).tricks[-1].plays) == 6 and g.view(0).tricks[-1].winner != 0)
    text, _ = feed(g, [])
    screen = block(text, "Scores: ", "Your hand (")
    assert not too_wide(screen), screen
    assert screen[:2] == ["Scores: You & North 0 · South-West & North-East 0 · North-West & "
                          "South-East 0", "        (game 500, hole -500)"], screen
    last = next(i for i, x in enumerate(screen) if x.startswith("Last trick: "))
    shown = [screen[last]]
    for x in screen[last + 1:]:
        if not x.startswith(" " * len("Last trick: ")):
            break
        shown.append(x)
    assert len(shown) > 1, screen
    plays = g.view(0).tricks[-1].plays
    names = ("You", "South-West", "North-West", "North", "North-East", "South-East")
    for seat, _card in plays:      # each seat's entry on one line, never "North-" / "East 6♦"
        assert any(re.search(rf"(^ *|· |: ){names[seat]} \S+", x) for x in shown), (seat, shown)
    assert all(x.endswith(" ·") for x in shown[:-1]) and "→" in shown[-1], shown


def test_a_whole_six_handed_game_keeps_its_screen_within_78_columns() -> None:
    """Every line of a six-handed game's screen, its summaries and its final scores fits
    (the game's last line, its ending's sentence, is left to the terminal)."""
    _, text, _ = play_whole_game("six_pairs", seed=11)
    wide = [x for x in too_wide(text.splitlines()) if not x.startswith("=== Game over: ")]
    assert not wide, wide
    assert "\n              " in text[text.index("Final scores: "):]   # (wrapped, indented)


def test_a_row_of_entries_is_broken_only_between_entries() -> None:
    rows = fit("  North-West pass · North pass · North-East pass · South-East 6♦ · You pass · "
               "South-West 6♥")
    assert rows == ["  North-West pass · North pass · North-East pass · South-East 6♦ · You pass ·",
                    "    South-West 6♥"]


@pytest.mark.parametrize(("typed", "said"), [
    ("ac ad", "One card at a time: 'ac ad' is 2 cards; type only the card you play."),
    ("as, ks, qs", "One card at a time: 'as, ks, qs' is 3 cards; type only the card you play."),
])
def test_two_cards_typed_in_the_play_are_said_to_be_one_too_many(typed: str, said: str) -> None:
    """``ac ad`` at the play prompt was "Not a card: 'ac ad'", as if neither were one."""
    g = advance(AUS, lambda g: g.phase == "play" and g.to_move == 0)
    before = snapshot(g)
    text, seen = feed(g, [typed])
    assert said in text and "Not a card" not in text, text
    assert seen == [before, before]


def test_two_bids_typed_are_said_to_be_one_too_many_and_not_cards_are_still_not_cards() -> None:
    g = advance(AUS, lambda g: g.phase == "auction" and g.to_move == 0)
    text, _ = feed(g, ["7h 8h"])
    assert "One bid at a time: '7h 8h' is 2 bids; type only the bid you make." in text
    g = advance(AUS, lambda g: g.phase == "play" and g.to_move == 0)
    text, _ = feed(g, ["ac zz"])
    assert "Not a card: 'ac zz'" in text and "at a time" not in text


@pytest.mark.parametrize(("preset", "deal"), [
    ("six_pairs", "10 cards to each hand, then 3 to the kitty."),
    ("australian", "Dealt in this order: 3 cards to each hand, 1 to the kitty, 4 to each "
                   "hand, 1 to the kitty, 3 to each hand, 1 to the kitty (10 cards each, 3 "
                   "in the kitty)."),
    ("two_dead_hand", "Dealt in this order: 3 cards to each hand, 3 to the kitty, 4 to "
                      "each hand, 3 to each hand (10 cards each, the dead hand too; 3 in "
                      "the kitty)."),
])
def test_rules_says_this_tables_deal_in_words(preset: str, deal: str) -> None:
    """``rules`` said "How the cards are dealt: N to each hand, kN to the kitty." (the
    option's syntax) of every table: now this table's deal, in the order dealt."""
    rules = Rules.preset(preset)
    line = {o["option"]: o for o in rules_json(rules, preset)["options"]}["deal_pattern"]
    assert line["text"] == deal
    g = Game(rules, seed=1)
    text, _ = feed(g, ["rules"])
    assert deal in " ".join(text.split()) and "kN" not in text
