"""The browser's review says what ``analyse`` proved where the first lead's count was not
solved (the ``review`` message's ``at_least`` and ``makeable``), its verbs agree with whose
tricks are counted, and the last hand's review is numbered like every other hand's.

West's misère of a five-handed game (tests/data/five_called_misere_unsolved.fhr): its count
from the first lead is not solved within the review's limits, but the defence surely forces a
trick on him; the page said only "not solved within the search limits"."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from fivehundred.solver.analysis.review import DOUBLE_DUMMY
from fivehundred.web.replies import review_message
from test_review_verdicts import misere_game

NAMES = ["You", "West", "North-West", "North-East", "East"]

RENDER = """async ([mine, every, number]) => {
  const { ReviewPanel } = await import('/static/review.js');
  const state = { you: 0, sheet: { number: 0 },
    table: { id: 'verdicts', seats: NAMES.map((name, seat) => ({ seat, name })) } };
  const panel = new ReviewPanel(() => true, state, number);
  const texts = (q) => [...panel.el.querySelectorAll(q)].map((e) => e.textContent);
  const last = (q) => [...panel.el.querySelectorAll(q)].map((r) => r.lastChild.textContent);
  document.body.appendChild(panel.el);
  panel.show(mine);
  const out = { title: panel.el.querySelector('h3').textContent,
    head: panel.el.querySelector('.review-head').textContent,
    mineHead: texts('.review-table th'), mine: last('.review-table tbody tr') };
  panel.reviews.every = every;
  panel.mode = 'every';
  panel.render();
  out.everyHead = texts('.review-head');
  out.everyCols = texts('.review-every th');
  out.every = last('.review-every tbody tr');
  panel.el.remove();
  return out;
}""".replace("NAMES", repr(NAMES))
"""JavaScript: a review panel shown the answers given (yours, every card), for the hand of
``number`` (null: the last hand, the sheet's), and what it says."""


def messages() -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``review`` answers for South (seat 0) of West's misère: his cards, every card."""
    g = misere_game()
    mine = review_message(g.clone(), 0, NAMES, hand=0)
    every = review_message(g.clone(), 0, NAMES, every_seat=True, hand=0)
    return mine, every


def test_the_review_message_carries_the_bound_and_the_verdict() -> None:
    """``at_least`` (1: the defence forces a trick on the misère's declarer) and ``makeable``
    (false), as ``analyse`` gives them, beside ``double_dummy`` null."""
    mine, every = messages()
    for m in (mine, every):
        assert (m["double_dummy"], m["at_least"], m["makeable"]) == (None, 1, False), m
        assert m["counted"] == [1] and m["counted_label"] == "West"
    assert mine["plays"][0]["at_least"] == 1 and mine["plays"][0]["value"] is None


def test_the_review_message_says_what_double_dummy_means() -> None:
    """The browser is sent the words on what double dummy means that end the console's
    review (``meaning``), written once: the page kept a copy of its own."""
    mine, every = messages()
    assert mine["meaning"] == every["meaning"] == DOUBLE_DUMMY
    assert DOUBLE_DUMMY.startswith("Double dummy: as if every hand lay face up")


def test_the_page_gives_the_verdict_in_words_that_agree(page: Page, server: str) -> None:
    """The head says the defence forces a trick on West and the misère could not be made (it
    said "not solved within the search limits"); your cards after which West surely takes a
    trick say "at least 1", every card's "≥1"; "Tricks West ends with" (the every-card view
    said "West end with"); the last hand is "Hand 1 against double dummy" as its row's review
    is (it was "The hand against double dummy")."""
    mine, every = messages()
    page.goto(server)
    for number in (None, 0):                 # the last hand's (the sheet's), and its row's
        out = page.evaluate(RENDER, [mine, every, number])
        assert out["title"] == "Hand 1 against double dummy", out
        assert out["head"] == (
            "Double dummy at the first lead, the defence forces a trick on West (how many was "
            "not solved within the search limits). The misère could not be made against the "
            "best defence. In the play West took 0.")
        assert out["mineHead"][-1] == "Tricks West ends with"
        assert out["mine"][:2] == ["at least 1 (how many not solved)"] * 2
        assert out["mine"][2] == "best (4)"
        assert out["everyHead"][-1].startswith("After each card, the tricks West ends with if")
        assert out["everyCols"][-1] == "Tricks West ends with"
        assert out["every"][:10] == ["≥1 (how many not solved)"] * 10
