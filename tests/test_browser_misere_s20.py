"""The bid panel's MISÈRE and OPEN MISÈRE ask first (a beginner's review: one tap bid the
table's biggest risk, with no take-back at a friends table): the question names the bid and
says what it means and its points; Cancel or Escape sends nothing and gives the focus back;
only a yes at the same turn bids (Playwright, Debian's Chromium, a live server)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from browser import caught_up, seq, start_game, visible, wait_seq_after, wait_turn

ASKED = "#confirm:not([hidden])"
"""The confirmation on show."""

SPY = """() => import('/static/app.js').then(({ views }) => {
  window.misereSent = [];
  const send = views.bid.send;
  views.bid.send = (msg) => { window.misereSent.push(msg); return send(msg); };
})"""
"""JavaScript: what the bid panel sends from now on, kept in ``window.misereSent``."""


def auction(page: Page) -> Any:
    """The auction so far and who is to move, by the page's last state."""
    return page.evaluate("""(() => { const v = window.fivehundred.app.state.view;
      return [v.auction, v.to_move]; })()""")


def value_of(page: Page, token: str) -> int:
    """The points of the bid ``token`` at this table, by the state's list of bids."""
    return int(page.evaluate("(t) => window.fivehundred.app.state.bids.find("
                             "(b) => b.token === t).value", token))


def your_turn(page: Page, server: str) -> Any:
    """Australian rules, seed 1 (North passed before you): your first bid, both misère buttons
    on show, what the bid panel sends watched (``SPY``); the auction then."""
    start_game(page, server, "australian", seed=1)
    assert wait_turn(page) == "auction"
    assert visible(page, "#misere-button") and visible(page, "#open-misere-button")
    page.evaluate(SPY)
    return auction(page)


def test_open_misere_asks_first_and_cancel_sends_nothing(page: Page, server: str) -> None:
    """A tap on OPEN MISÈRE opens the question, with the bid's points and when the hand is
    laid face up; Cancel, then Escape, leave the auction as it was, still your turn, the
    focus back on the button; Bid open misère bids it."""
    before = your_turn(page, server)
    points = value_of(page, "open-misere")
    start = seq(page)
    page.click("#open-misere-button")
    page.wait_for_selector(ASKED, timeout=5_000)
    assert page.inner_text("#confirm-title") == "Bid open misère?"
    text = page.inner_text("#confirm-text")
    assert text == ("You must take no trick at all, playing alone, your hand laid face up for "
                    f"all to see after the first trick; {points} points won or lost."), text
    assert page.inner_text("#confirm-yes") == "Bid open misère"
    assert page.inner_text("#confirm-no") == "Cancel"
    assert page.get_attribute("#confirm", "aria-labelledby") == "confirm-title"
    page.click("#confirm-no")
    page.wait_for_selector("#confirm", state="hidden")
    page.click("#open-misere-button")
    page.wait_for_selector(ASKED)
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm", state="hidden")
    caught_up(page)
    assert page.evaluate("window.misereSent") == []
    assert seq(page) == start and auction(page) == before and visible(page, "#bid-panel")
    assert page.evaluate("document.activeElement.id") == "open-misere-button"
    page.click("#open-misere-button")
    page.wait_for_selector(ASKED)
    page.click("#confirm-yes")
    wait_seq_after(page, start)
    you = page.evaluate("window.fivehundred.app.state.you")
    assert [you, "open-misere"] in page.evaluate("window.fivehundred.app.state.view.auction")


def test_misere_asks_with_its_own_points(page: Page, server: str) -> None:
    """MISÈRE's question names it, with its points and no word of a hand face up; Enter
    answers Cancel (the focus starts there: the yes cannot be undone)."""
    before = your_turn(page, server)
    points = value_of(page, "misere")
    page.click("#misere-button")
    page.wait_for_selector(ASKED, timeout=5_000)
    assert page.inner_text("#confirm-title") == "Bid misère?"
    assert page.inner_text("#confirm-text") == (
        f"You must take no trick at all, playing alone; {points} points won or lost.")
    assert page.inner_text("#confirm-yes") == "Bid misère"
    page.keyboard.press("Enter")
    page.wait_for_selector("#confirm", state="hidden")
    caught_up(page)
    assert page.evaluate("window.misereSent") == [] and auction(page) == before
    assert page.evaluate("document.activeElement.id") == "misere-button"


def test_a_yes_after_the_turn_moved_on_sends_nothing(page: Page, server: str) -> None:
    """The turn moves on while the question is open (drawn here from a state one bid further
    on): its yes sends nothing."""
    before = your_turn(page, server)
    page.click("#misere-button")
    page.wait_for_selector(ASKED, timeout=5_000)
    page.evaluate("""() => import('/static/app.js').then(({ app, views }) => {
      const s = app.state;
      views.bid.render({ ...s, view: { ...s.view, auction: [...s.view.auction, [1, "pass"]] } });
    })""")
    page.click("#confirm-yes")
    page.wait_for_selector("#confirm", state="hidden")
    caught_up(page)
    assert page.evaluate("window.misereSent") == [] and auction(page) == before
