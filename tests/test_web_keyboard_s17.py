"""The browser table by keyboard alone at 1366x768 (a keyboard player's review): the lobby
shown again starts at its top with the focused control in sight; the five-handed call's cards
are one Tab stop the arrow keys (Home, End) go through; the joker's suits take Home and End;
BID refused shows its reason in the status line; How to play names the page's keys."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, ViewportSize

from browser import seeded, seq, start_game, viewport_page, wait_seq_after, wait_turn
from test_web_keyboard_s15 import (
    LOWEST_ABOVE_SIX,
    declare_ten_no_trumps,
    joker_suits,
    lead_the_joker,
    open_joker_panel,
    press,
)

WIDE: ViewportSize = {"width": 1366, "height": 768}
"""The reviewer's window."""

ACTIVE_ID = "document.activeElement ? document.activeElement.id : null"
"""JavaScript: the id of the control that has the focus."""

IN_SIGHT = """() => {
  const r = document.activeElement.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
}"""
"""JavaScript: whether the control with the focus is wholly inside the window."""

LOBBY_TOP = "document.getElementById('lobby').scrollTop"
"""JavaScript: how far the lobby is scrolled down."""


@pytest.fixture()
def page(server: str) -> Iterator[Page]:
    """A fresh page in the reviewer's 1366x768 window; any page error fails the test."""
    with viewport_page(WIDE) as pg:
        yield pg


def lobby_by_keyboard(page: Page, server: str) -> None:
    """The lobby, and a game started from it by Enter on PLAY (the keyboard's place there),
    the deal seeded; then the browser's Back to the lobby, the keyboard on CONTINUE, and the
    house rules opened by the keyboard (Tab from CONTINUE to their heading, Enter)."""
    page.route("**/api/tables", lambda route: seeded(route, 3))
    page.goto(server)
    page.wait_for_selector("#lobby[data-loaded='true']")
    page.wait_for_function(f"{ACTIVE_ID} === 'play'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    page.go_back()                    # (headless Chromium does not take Alt+Left)
    page.wait_for_selector("#lobby[data-loaded='true']")
    page.wait_for_function(f"{ACTIVE_ID} === 'continue'")
    for _ in range(20):
        if page.evaluate("document.activeElement.matches('#house-rules summary')"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('house-rules').open")


def test_the_lobby_shown_again_starts_at_its_top(page: Page, server: str) -> None:
    """Back from a table to a lobby left scrolled down: it kept its place, CONTINUE at its top
    had the focus out of sight (1112 px above the window), and Enter opened a game the player
    could not see. It starts at its top now, CONTINUE in sight."""
    lobby_by_keyboard(page, server)
    page.keyboard.press("End")                         # the lobby scrolled to its foot
    page.wait_for_function(f"{LOBBY_TOP} > 300")
    page.go_forward()                                  # the table again, then Back
    page.wait_for_selector("#table:not([hidden])")
    page.go_back()
    page.wait_for_selector("#lobby[data-loaded='true']")
    page.wait_for_function(f"{ACTIVE_ID} === 'continue'")
    assert page.evaluate(LOBBY_TOP) == 0
    assert page.evaluate(IN_SIGHT), page.evaluate(
        "document.activeElement.getBoundingClientRect().toJSON()")


def test_play_after_new_game_is_in_sight(page: Page, server: str) -> None:
    """The menu's New game: the lobby puts the keyboard on PLAY, which under the house rules
    left open was below the fold, out of sight; it is scrolled into sight now."""
    lobby_by_keyboard(page, server)
    assert page.evaluate(LOBBY_TOP) == 0               # (PLAY under the house rules, unseen)
    page.go_forward()
    page.wait_for_selector("#table:not([hidden])")
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    page.focus("#new-game-menu")
    page.keyboard.press("Enter")
    page.wait_for_function(f"{ACTIVE_ID} === 'confirm-yes'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#lobby[data-loaded='true']")
    page.wait_for_function(f"{ACTIVE_ID} === 'play'")
    assert page.evaluate("document.getElementById('house-rules').open")
    assert page.evaluate(IN_SIGHT), page.evaluate(
        "document.activeElement.getBoundingClientRect().toJSON()")


CALL_CARD = "document.activeElement.dataset.call || null"
"""JavaScript: the card the call's button with the focus names (null if not on one)."""

CALL_ROWS = """() => [...document.querySelectorAll('#call-cards .call-row-cards')].map(
  (row) => [...row.querySelectorAll('button[data-call]')].map((b) => b.dataset.call))"""
"""JavaScript: the call's cards, row by row (a suit's row)."""


def test_the_call_goes_by_the_arrow_keys(page: Page, server: str) -> None:
    """Five-handed, calling a partner: each of the 32 cards was a stop for Tab (PLAY ALONE took
    32 presses) and no arrow key moved. The cards are one stop now, PLAY ALONE the next; the
    arrows go along them and from suit to suit, Home and End to the first and the last, and Tab
    comes back to the card it left; Enter calls the card with the focus."""
    declare_ten_no_trumps(page, server, "five_called", 3, lambda card: False)
    assert wait_turn(page) == "call"
    page.wait_for_function("!!document.activeElement.closest('#call-cards')")
    rows = page.evaluate(CALL_ROWS)
    flat = [c for row in rows for c in row]
    assert len(rows) > 1 and len(flat) > 20, rows
    stops = page.eval_on_selector_all("#call-cards button", "els => els.map((e) => e.tabIndex)")
    assert sorted(stops) == [-1] * (len(flat) - 1) + [0], stops
    assert page.evaluate(CALL_CARD) == flat[0]
    press(page, "ArrowRight")
    assert page.evaluate(CALL_CARD) == flat[1]
    press(page, "ArrowDown")                           # the next suit, the same place in it
    assert page.evaluate(CALL_CARD) == rows[1][min(1, len(rows[1]) - 1)]
    press(page, "ArrowUp")
    assert page.evaluate(CALL_CARD) == rows[0][1]
    press(page, "End")
    assert page.evaluate(CALL_CARD) == flat[-1]
    assert page.evaluate(IN_SIGHT)                     # (scrolled into sight in its box)
    press(page, "Home")
    assert page.evaluate(CALL_CARD) == flat[0]
    press(page, "ArrowRight")
    press(page, "ArrowRight")
    press(page, "Tab")                                 # one press to PLAY ALONE
    assert page.evaluate(ACTIVE_ID) == "alone-button"
    press(page, "Shift+Tab")                           # and back to the card it left
    assert page.evaluate(CALL_CARD) == flat[2]
    before = seq(page)
    press(page, "Enter")
    wait_seq_after(page, before)
    assert page.evaluate("window.fivehundred.app.state.view.call") == f"call {flat[2]}"


def test_the_jokers_suits_take_home_and_end(page: Page, server: str) -> None:
    """The joker led: Home and End go to its first and last suit, as in the hand (End did
    nothing, and the Enter after it led the suit the focus was still on)."""
    open_joker_panel(page, server)
    suits = joker_suits(page)
    assert len(suits) > 2, suits
    suit = "document.activeElement.dataset.suit"
    press(page, "ArrowRight")
    press(page, "Home")
    assert page.evaluate(suit) == suits[0]
    press(page, "End")
    assert page.evaluate(suit) == suits[-1]
    led = lead_the_joker(page)
    assert led == f"JK:{suits[-1]}", led


STATUS = """() => {
  const s = document.getElementById('status');
  const r = s.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {text: s.innerText, error: s.classList.contains('error'), shown: !s.hidden
          && r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && s.contains(top)};
}"""
"""JavaScript: the status line's words, whether it shows an error, and whether it is in sight,
nothing over it."""


def test_bid_refused_says_why_in_the_status_line(page: Page, server: str) -> None:
    """Enter on BID on a bid below the one standing: only the screen reader's hidden line said
    why; the status line shows it now in red, as it does a card you may not play, and it goes
    once another bid is chosen."""
    start_game(page, server, "classic3", seed=11)
    assert wait_turn(page) == "auction"
    page.wait_for_function(f"{ACTIVE_ID} === 'bid-button'")
    strain = page.evaluate(LOWEST_ABOVE_SIX)
    assert strain, "seed 11: a bid of 6 stands before yours"
    page.focus(f'#bid-panel button.strain[data-strain="{strain}"]')
    press(page, "Enter")                               # its lowest bid
    page.focus("#bid-button")
    press(page, "ArrowDown")                           # one below: below the bid standing
    why = page.inner_text("#bid-why")
    assert "below the bid" in why, why
    assert not page.evaluate(STATUS)["error"]
    press(page, "Enter")
    status = page.evaluate(STATUS)
    assert status == {"text": why, "error": True, "shown": True}, status
    assert page.evaluate(ACTIVE_ID) == "bid-button"
    press(page, "ArrowUp")                             # a bid that may be made: the reason goes
    status = page.evaluate(STATUS)
    assert not status["error"] and why not in status["text"], status


def test_how_to_play_names_the_keys(page: Page, server: str) -> None:
    """How to play (here from the lobby, by the keyboard) ends with the page's keys: nothing on
    the page named one. Escape closes it."""
    page.goto(server)
    page.wait_for_selector("#lobby[data-loaded='true']")
    page.focus("#guide-lobby")
    page.keyboard.press("Enter")
    page.wait_for_selector("#guide .guide-keys")
    part = page.locator("#guide .guide-keys")
    assert part.locator("h3").inner_text().strip().lower() == "keys"
    caps = page.eval_on_selector_all("#guide .guide-keys kbd", """els => els.map((k) =>
        (k.querySelector('[aria-hidden]') || k).textContent)""")
    for key in ("Home", "End", "Ctrl+Z", "Escape", "←", "→", "↑", "↓"):
        assert key in caps, caps
    said = part.inner_text()
    for words in ("Enter or Space plays", "more or fewer tricks", "takes back", "closes"):
        assert words in said, said
    page.keyboard.press("Escape")
    page.wait_for_selector("#guide", state="hidden")
