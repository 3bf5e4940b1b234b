"""The browser's review says what is known where the search ran out, in the text game's words
(review S20): the sum under your cards never "Every card of yours was a best one." beside
cards not solved, "gave away at least N" where some costs were not solved; a card that surely
gave a trick away "cost at least 1 trick" (it said "not solved"), and the every-card view's
"+?" explained."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from fivehundred.console.narration import Narrator
from fivehundred.console.reviews import every_card_lines, review_lines
from fivehundred.solver.analysis.review import DOUBLE_DUMMY, GIVEN_NOTE, review_hand
from test_review_s20 import SMALL, random_misere
from test_review_verdicts import misere_game

NAMES = ["You", "West", "North-West", "North-East", "East"]

RENDER = """async ([mine, every]) => {
  const { ReviewPanel } = await import('/static/review.js');
  const state = { you: 0, sheet: { number: 0 },
    table: { id: 'review-s20', seats: NAMES.map((name, seat) => ({ seat, name })) } };
  const panel = new ReviewPanel(() => true, state, 0);
  document.body.appendChild(panel.el);
  panel.show(mine);
  const rows = (q) => [...panel.el.querySelectorAll(q)].map((r) => r.lastChild.textContent);
  const out = { mine: rows('.review-table tbody tr'),
    sum: panel.el.querySelector('.review-sum').textContent };
  panel.reviews.every = every;
  panel.mode = 'every';
  panel.render();
  out.every = rows('.review-every tbody tr');
  out.sums = panel.el.querySelector('.review-sums').textContent;
  const note = panel.el.querySelector('.review-given-note');
  out.note = note ? note.textContent : null;
  panel.el.remove();
  return out;
}""".replace("NAMES", repr(NAMES))
"""JavaScript: a review panel shown the answers given (yours, every card), and what it says."""


def _messages(nodes: int, misere: bool) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The ``review`` answers for South of a hand (West's misère of the record, or the random
    misère within ``nodes``), yours and every card, and the text game's sum under yours."""
    g = misere_game() if misere else random_misere()
    mine_r = review_hand(g.clone(), 0, nodes=nodes)
    every_r = review_hand(g.clone(), 0, nodes=nodes, seats=range(5))
    label = NAMES[mine_r.counted[0]]
    base = {"type": "review", "hand": 0, "counted_label": label, "meaning": DOUBLE_DUMMY}
    text = review_lines(mine_r, Narrator(g.rules, 0))
    every_text = every_card_lines(every_r, Narrator(g.rules, 0))
    assert GIVEN_NOTE in every_text
    return ({**base, **mine_r.to_dict()}, {**base, **every_r.to_dict(), "every_seat": True},
            text)


def test_the_page_sums_your_cards_as_the_text_game_does(page: Page, server: str) -> None:
    """West's misère: two of your cards not solved; the page said "Your cards gave away 2
    tricks in all"; now "at least", word for word as the text game, and "+?" explained."""
    mine, every, text = _messages(300_000, misere=True)
    page.goto(server)
    out = page.evaluate(RENDER, [mine, every])
    assert out["sum"] == text[-3]
    assert out["sum"].startswith("Your cards gave away at least 2 tricks in all"), out["sum"]
    assert out["mine"][:2] == ["at least 1 (how many not solved)"] * 2
    assert out["note"] == GIVEN_NOTE


def test_a_card_that_surely_gave_a_trick_away_costs_at_least(page: Page, server: str) -> None:
    """South's 3♥ (trick 5) of the random misère within a small budget left the declarer 0
    where another card surely gave him a trick: "not solved"; now "cost at least 1 trick",
    the sum "at least", as the text game says it."""
    mine, every, text = _messages(SMALL, misere=False)
    page.goto(server)
    out = page.evaluate(RENDER, [mine, every])
    assert out["mine"][4] == "cost at least 1 trick (0; the best card kept at least 1)", out
    assert out["sum"] == text[-3]
    assert out["sum"].startswith("Your cards gave away at least 1 trick in all"), out["sum"]
    fifth = [i for i, p in enumerate(every["plays"]) if p["trick"] == 5 and p["seat"] == 0]
    assert out["every"][fifth[0]] == "0 · gave at least 1", out["every"]
    assert out["sums"].startswith("Tricks given away: You 1+?,"), out["sums"]
