"""A misère's question before it is bid is worded by the server: the bid grid's misère and
open-misère entries carry ``asks``, built from the table's rules (partners or none, when an
open misère's hand is spread, the bid's value) in the guide's words; and the page's
confirmation has its heading in index.html from the start (dialogs.js only fills it)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import fivehundred.web
from fivehundred import Game, Rules
from fivehundred.guide import guide
from fivehundred.web.state import bid_grid

STATIC = Path(fivehundred.web.__file__).resolve().parent / "static"
"""The browser's files, of the package imported (a copy's, under PYTHONPATH)."""


def entries(rules: Rules) -> dict[str, dict[str, Any]]:
    """The bid grid's misère and open-misère entries at a new game of ``rules``, by token."""
    grid = bid_grid(Game(rules, seed=3).view(0))
    return {b["token"]: b for b in grid if b["token"] in ("misere", "open-misere")}


@pytest.mark.parametrize(("preset", "alone"), [
    ("australian", ", playing alone"),      # two teams
    ("six_pairs", ", playing alone"),       # pairs
    ("five_called", ", playing alone"),     # no teams, but a partner is called
    ("classic3", ""),                       # each for himself: nobody to play without
    ("two_24", ""),
])
def test_asks_says_alone_only_where_a_declarer_may_have_a_partner(preset: str,
                                                                  alone: str) -> None:
    """Misère: no trick, "playing alone" only at a table of partners, and its own value."""
    b = entries(Rules.preset(preset))["misere"]
    assert b["asks"] == (f"You must take no trick at all{alone}; "
                         f"{b['value']} points won or lost.")


@pytest.mark.parametrize(("reveal", "when"), [
    ("after_first_trick", "after the first trick"),
    ("before_lead", "before the first lead"),
])
@pytest.mark.parametrize(("preset", "alone", "value"), [
    ("australian", ", playing alone", 500),
    ("classic3", "", 520),
])
def test_open_misere_asks_when_its_hand_is_spread(reveal: str, when: str, preset: str,
                                                  alone: str, value: int) -> None:
    """Open misère: the hand face up, when by the reveal rule, and the preset's value."""
    b = entries(Rules.preset(preset, open_misere_reveal=reveal))["open-misere"]
    assert b["value"] == value
    assert b["asks"] == (f"You must take no trick at all{alone}, your hand laid face up for all "
                         f"to see {when}; {value} points won or lost.")


def test_asks_follows_a_house_value_and_matches_the_guide() -> None:
    """A misère worth what the house rules say is asked at that value, in the guide's words
    for what the bid is (one wording, not two)."""
    rules = Rules.preset("australian", misere_value=300)
    b = entries(rules)["misere"]
    assert b["asks"] == "You must take no trick at all, playing alone; 300 points won or lost."
    texts = [blk.text for s in guide(rules).sections for blk in s.blocks]
    assert any("is a bid to take no trick at all, playing alone, at no trumps" in t
               for t in texts), texts


def test_no_misere_no_asks() -> None:
    """Without misère there is no misère entry to ask about; the trick bids carry no ``asks``."""
    rules = Rules.preset("australian", misere_allowed=False)
    grid = bid_grid(Game(rules, seed=3).view(0))
    assert entries(rules) == {}
    assert all("asks" not in b for b in grid)


class _Confirm(HTMLParser):
    """The first element inside index.html's ``.confirm-card`` of ``#confirm``."""

    def __init__(self) -> None:
        super().__init__()
        self.in_confirm = False
        self.in_card = False
        self.first: tuple[str, dict[str, str | None]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id") == "confirm":
            self.in_confirm = True
        elif self.in_confirm and "confirm-card" in (a.get("class") or "").split():
            self.in_card = True
        elif self.in_card and self.first is None:
            self.first = (tag, a)


def test_confirm_card_holds_its_heading_hidden() -> None:
    """The confirmation's heading is in the page from the start, hidden, before its text
    (dialogs.js's confirmTitle only sets its words and shows it)."""
    parser = _Confirm()
    parser.feed((STATIC / "index.html").read_text(encoding="utf-8"))
    assert parser.first == ("h2", {"id": "confirm-title", "hidden": None})
