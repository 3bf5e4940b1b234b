"""What was sent on a link that died without a word is forgotten once the page is back. On a
phone whose connection silently dropped everything sent, the page found the link dead (no
pong), dialled again, and the server sent the same position again, for the move never came;
but the panel that sent it stayed "sent" for good: the bid panel faded, DISCARD off, NEXT off
under "Waiting for the other players…" at a table of bots; and a review or a hint asked for
just before said "Solving the hand…" or "Thinking…" for ever. Now the first state on the new
socket makes them usable again (a move that did arrive shows in that state: nothing is made
twice), and a review or hint still awaited is asked for again.

The fixtures are in conftest.py, the helpers in browser.py (tests/test_web_offline.py drops a
link the same way).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from browser import (
    bid_ten,
    click_and_wait,
    phone_page,
    start_game,
    take_turn,
    visible,
    wait_turn,
)
from layout_probes import boxes, meet

DEAD_LINK = """() => {
  const ws = window.fivehundred.app.conn.ws;
  window.deadSocket = ws;
  window.lost = [];
  ws.send = (text) => { window.lost.push(JSON.parse(text).type); };
}"""
"""JavaScript: the socket's link dies (a phone's signal gone, the browser none the wiser):
whatever the page sends on it is lost (its types kept in ``window.lost``), no pong comes."""

BACK = """() => {
  const app = window.fivehundred.app;
  return app.conn.ws !== window.deadSocket && app.conn.isOpen() && app.lastSeq >= 0;
}"""
"""JavaScript: the dead socket dropped, a new one open, and the state it brings shown (the
page sets ``lastSeq`` to -1 as the socket opens)."""


def link_dies(page: Page) -> None:
    """From now on nothing the page sends on its socket arrives (test_web_offline.py's way)."""
    page.evaluate(DEAD_LINK)


def back_again(page: Page) -> None:
    """Wait until the page has found the link dead by itself (a ping unanswered: 5 s after a
    move, 13 s at the most while quiet), dialled again, and drawn the state sent anew."""
    page.wait_for_function(BACK, timeout=30_000)


def classes(page: Page, selector: str) -> list[str]:
    """The classes of the element ``selector`` finds."""
    return (page.get_attribute(selector, "class") or "").split()


def test_a_pass_lost_with_the_link_can_be_made_once_back(server: str) -> None:
    """PASS at your first bid, the link dead: back, the auction as it was, the bid panel is
    usable again (it stayed faded, its taps ignored, for good), and the pass goes."""
    with phone_page("upright") as page:
        start_game(page, server, "australian")
        assert wait_turn(page) == "auction"
        auction = page.evaluate("window.fivehundred.app.state.view.auction.length")
        link_dies(page)
        page.click("#pass-button")
        assert "sent" in classes(page, "#bid-panel")
        back_again(page)
        assert page.evaluate("window.lost")[0] == "act"             # the pass never went
        assert page.evaluate("window.fivehundred.app.state.view.auction.length") == auction
        assert "sent" not in classes(page, "#bid-panel")
        assert page.evaluate("getComputedStyle(document.getElementById('bid-panel'))"
                             ".pointerEvents") != "none"
        click_and_wait(page, "#pass-button")                        # and it goes now
        assert page.evaluate("window.fivehundred.app.state.view.auction.length") > auction


def test_a_discard_lost_with_the_link_can_be_made_once_back(server: str) -> None:
    """DISCARD with three cards chosen, the link dead: back, still "3 of 3 chosen", DISCARD
    usable again (it stayed off, the panel faded), and the discard goes."""
    with phone_page("upright") as page:
        start_game(page, server, "australian")
        while (phase := wait_turn(page)) == "auction" and visible(page, "#bid-panel"):
            bid_ten(page, "NT", wait=True)
        assert visible(page, "#discard-button"), phase
        cards = page.query_selector_all("#hand .card")
        for c in cards[10 - len(cards):]:
            c.click()
        assert page.inner_text("#kitty-text").endswith("3 of 3 chosen")
        link_dies(page)
        page.click("#discard-button")
        assert "sent" in classes(page, "#kitty-panel")
        back_again(page)
        assert page.evaluate("window.lost")[0] == "discard"
        assert page.evaluate("document.body.dataset.phase") == "kitty"
        assert "sent" not in classes(page, "#kitty-panel")
        assert page.get_attribute("#discard-button", "aria-disabled") is None
        assert page.inner_text("#kitty-text").endswith("3 of 3 chosen")
        click_and_wait(page, "#discard-button")
        page.wait_for_function("document.body.dataset.phase === 'play'")


def test_a_hint_lost_with_the_link_is_asked_for_again_once_back(server: str) -> None:
    """A hint asked for as the link died: back, it is asked for again and comes (it said
    "Thinking…" for good)."""
    with phone_page("upright") as page:
        start_game(page, server, "australian")
        assert wait_turn(page) == "auction"
        link_dies(page)
        page.click("#quick-hint")
        page.wait_for_selector("#hint .hint-thinking")
        back_again(page)
        assert page.evaluate("window.lost")[0] == "hint"             # its ask never went
        page.wait_for_selector("#hint .hint-words", timeout=30_000)
        assert not visible(page, "#hint .hint-thinking")


def to_a_played_hands_sheet(page: Page) -> None:
    """Pass and play until the sheet of a hand played out (one with REVIEW AGAINST DOUBLE
    DUMMY: a hand thrown in is dealt again by NEXT)."""
    while (phase := wait_turn(page)) != "hand_over" or not visible(page, "#review-button"):
        if phase == "hand_over":
            click_and_wait(page, "#next-button")
        else:
            take_turn(page, phase)


def test_next_a_review_and_a_practice_lost_with_the_link_once_back(server: str) -> None:
    """At the end of a hand at a table of bots, REVIEW, PLAY THIS DEAL AGAIN and NEXT tapped
    as the link died: back, the review is asked for again and comes (it said "Solving the
    hand…" for good), PLAY THIS DEAL AGAIN may be pressed again, and NEXT too (it stayed off
    under "Waiting for the other players…", with no other player), and NEXT deals."""
    with phone_page("upright") as page:
        start_game(page, server, "australian")
        to_a_played_hands_sheet(page)
        link_dies(page)
        page.click("#review-button")
        page.wait_for_selector("#review-panel .review-thinking")
        page.click("#practice-button")
        page.click("#next-button")
        assert page.is_disabled("#next-button") and page.is_disabled("#practice-button")
        back_again(page)
        assert {"review", "practice", "next"} <= set(page.evaluate("window.lost"))
        assert page.evaluate("document.body.dataset.phase") == "hand_over"
        assert page.is_enabled("#next-button")
        assert not visible(page, "#sheet-wait")                      # no "Waiting for…"
        assert page.is_enabled("#practice-button")
        page.wait_for_selector("#review-panel .review-table", timeout=60_000)
        assert not visible(page, "#review-panel .review-thinking")
        click_and_wait(page, "#next-button")
        assert page.evaluate("document.body.dataset.phase") != "hand_over"


BANNER = "#conn-banner:not([hidden])"


@pytest.mark.parametrize("phone", ["upright", "sideways"])
def test_the_banner_leaves_the_sheets_buttons_clear_on_a_phone(server: str, phone: str) -> None:
    """The connection lost at the end of a hand on a phone: "Connection lost: reconnecting…"
    covers none of the sheet's buttons (held upright, it lay over REVIEW AGAINST DOUBLE DUMMY
    and PLAY THIS DEAL AGAIN); back at the table, the banner lies where it did."""
    with phone_page(phone) as page:
        start_game(page, server, "australian")
        to_a_played_hands_sheet(page)
        page.context.set_offline(True)
        page.wait_for_selector(BANNER, timeout=3000)
        [banner] = boxes(page, "#conn-banner")
        buttons = boxes(page, "#sheet .sheet-actions .btn")
        assert len(buttons) == 3                        # NEXT, REVIEW, PLAY THIS DEAL AGAIN
        covered = [b for b in buttons if meet(banner, b)]
        assert not covered, f"the banner {banner} covers buttons of the sheet: {covered}"
        page.context.set_offline(False)
        page.wait_for_selector("#conn-banner", state="hidden", timeout=15_000)
        click_and_wait(page, "#next-button")            # back at the table: the next deal
        page.context.set_offline(True)
        page.wait_for_selector(BANNER, timeout=3000)
        assert page.evaluate("document.getElementById('conn-banner').style.cssText") == ""
        page.context.set_offline(False)
        page.wait_for_selector("#conn-banner", state="hidden", timeout=15_000)
