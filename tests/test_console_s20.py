"""The text game for a terminal player (review S20): red suits coloured only where colour is
wanted (``NO_COLOR``, ``TERM=dumb``, ``FORCE_COLOR``); every line of a hand played with a
hint, a claim refused, bad cards, both reviews and a practice within 78 columns, a long line
wrapped under its label; and the README naming every word that deals the next hand."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.bots import Budget
from fivehundred.console import ConsoleGame
from fivehundred.console.display import WIDTH, columns
from test_console import _claim_stands, advance, feed

AUS = Rules.preset("australian")
README = Path(__file__).resolve().parents[1] / "README.md"
ESCAPE = "\x1b["


class Tty(io.StringIO):
    """A screen that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _screen(out: io.StringIO) -> str:
    """What the game writes on ``out`` until its first prompt (the hand shows red cards)."""
    g = advance(AUS, lambda g: g.phase == "auction" and g.to_move == 0)

    def ask(prompt: str) -> str:
        raise EOFError

    ConsoleGame(AUS, ask=ask, out=out, game=g).run()
    return out.getvalue()


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"},
                                 {"NO_COLOR": "1", "FORCE_COLOR": "1"}])
def test_no_colour_on_a_terminal_where_no_color_or_a_dumb_term_says_so(
        env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``NO_COLOR=1 TERM=dumb fivehundred play --text`` wrote '\\x1b[31mQ♥\\x1b[0m'."""
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    text = _screen(Tty())
    assert "♥" in text and ESCAPE not in text, text


def test_colour_on_a_terminal_and_where_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal still gets red suits (an empty ``NO_COLOR`` is not set, by the
    convention); ``FORCE_COLOR`` colours them in a file too."""
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_COLOR", "")
    assert "\x1b[31m" in _screen(Tty())
    assert ESCAPE not in _screen(io.StringIO())
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[31m" in _screen(io.StringIO())


def _hand_played(rules: Rules) -> str:
    """A hand played from your turn in the play: a hint, a claim refused, a card that is none
    and a line that is none, then your cards; after it the review, every card's, and a
    practice asked to save, then left."""
    g = advance(rules, lambda g: g.phase == "play" and g.to_move == 0 and len(g.tricks) < 3
                and not _claim_stands(g))
    game = g
    first = ["hint", "claim", "play AS", "zz"]
    after = ["review", "every", "again"]
    practice = ["save", "back"]
    out = io.StringIO()
    console: ConsoleGame | None = None

    def ask(prompt: str) -> str:
        assert console is not None
        if console.practice is not None:
            return practice.pop(0)
        if prompt.startswith("press Enter"):
            if not after:
                raise EOFError
            return after.pop(0)
        return first.pop(0) if first else game.legal_actions()[0]

    console = ConsoleGame(rules, ask=ask, out=out, game=g, hint_budget=Budget(samples=2))
    assert console.run() == 0
    assert not first and not after and not practice
    return out.getvalue()


@pytest.mark.parametrize("preset", ["australian", "six_pairs"])
def test_every_line_of_a_hand_and_its_reviews_keeps_within_78_columns(preset: str) -> None:
    """The every-card review's first line (147 columns), its footnote (141), a hint (120 and
    more), "Not a card: ..." (95), "No claim: ..." (84), a practice's "This is practice: ..."
    (99), the discard's review line (88) and six-handed trick rows (100 and more) ran past
    80 columns, for the terminal to wrap at column 0.  (Suit symbols take one column.)"""
    text = _hand_played(Rules.preset(preset))
    flat = " ".join(text.split())
    for said in ("Hint: ", "No claim: you", "Not a card: 'play AS'", "Not a card: 'zz'",
                 "This is practice: it is never saved.", "After each card, the tricks ",
                 "Double dummy: as if every hand lay face up, each player choosing the best "
                 "card from there; what the cards allowed, not what could be guessed."):
        assert said in flat, said
    wide = [x for x in text.splitlines() if columns(x) > WIDTH]
    assert not wide, wide


def test_a_long_line_goes_on_under_its_label_and_a_trick_row_under_its_first_play() -> None:
    """A refusal's and a hint's lines after the first start under the words after their label
    (as the help's rows do under their column); an every-card row's under its first play,
    broken only between plays."""
    text = _hand_played(Rules.preset("six_pairs"))
    lines = text.splitlines()
    for label in ("Hint: ", "Not a card: ", "No claim: ", "Double dummy: "):
        at = next(i for i, x in enumerate(lines) if x.startswith(label))
        assert re.match(rf"^ {{{len(label)}}}\S", lines[at + 1]), lines[at:at + 2]
    rows = [i for i, x in enumerate(lines) if x.startswith("  trick  1  ")]
    assert rows and all(re.match(r"^ {12}\S", lines[i + 1]) for i in rows[-1:]), rows
    row = lines[rows[-1]] + " " + lines[rows[-1] + 1].strip()
    assert len(row[12:].split(", ")) == 6, row          # each of the six plays whole


@pytest.mark.parametrize("word", ["next", "n"])
def test_the_readme_names_every_word_that_deals_the_next_hand(word: str) -> None:
    """README said "Only Enter deals the next hand", but ``next`` and ``n`` deal it too."""
    g = advance(AUS, lambda g: g.phase == "hand_over")
    hand = g.hand_number
    feed(g, [word])
    assert g.hand_number == hand + 1
    said = " ".join(README.read_text(encoding="utf-8").split())
    sentence = said[said.index("Only Enter"):].split(" deals the next hand")[0]
    assert f"`{word}`" in sentence, sentence


def test_a_path_too_long_for_any_line_is_left_whole() -> None:
    """A line no wrapping would fit (a record's long path) is printed as it is, for the
    terminal to break, not cut into lines of which one is still too wide."""
    out = io.StringIO()
    console = ConsoleGame(AUS, seed=1, ask=lambda p: "", out=out, game=Game(AUS, seed=1))
    line = "Saved the record to /" + "x" * 90 + ".fhr"
    console.say(line)
    assert out.getvalue() == line + "\n"
