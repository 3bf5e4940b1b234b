"""The browser from a player's window: the lobby's CONTINUE in a window is the game that window
played (another window's game, updated since, is listed below it); the end-of-hand sheet's
review, open when the player left for PLAY THIS DEAL AGAIN, is open as it was when he comes
BACK TO THE GAME or after a reload, not solved again; the hint shows the whole of itself at
1280x800."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, WebSocket

from browser import (
    TURN,
    caught_up,
    play_to_the_sheet,
    seq,
    start_game,
    take_turn,
    visible,
    wait_seq_after,
    wait_turn,
)
from layout_probes import LAYOUT_PROBLEMS, hint_clear_of_the_bid_panel, in_sight

TABLE_ID = "window.fivehundred.app.state.table.id"
"""JavaScript: the id of the table the page shows."""


def open_table(page: Page, server: str, preset: str) -> str:
    """A new game of ``preset`` from the lobby; its table's id."""
    start_game(page, server, preset)
    wait_turn(page)
    return str(page.evaluate(TABLE_ID))


def continue_offered(page: Page) -> tuple[str | None, list[str]]:
    """The lobby on show: the table CONTINUE opens and those listed below it."""
    page.wait_for_selector("#lobby button#play")
    # (the lobby's lists as the server gives them now: a lobby shown again kept the last
    # ones until its answer came, and were read so once)
    page.wait_for_selector("#lobby[data-loaded='true']")
    # (no state of the table left shown: the wait below is for the table CONTINUE opens; a
    # seq left behind passed it at once, and the table was read before it came)
    assert page.evaluate("document.body.dataset.seq === undefined")
    listed: list[str] = page.eval_on_selector_all("#in-play-list li",
                                                  "els => els.map((e) => e.dataset.table)")
    if page.locator("button#continue").is_hidden():
        return None, listed
    page.click("button#continue")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    return str(page.evaluate(TABLE_ID)), listed


def test_continue_in_a_window_is_that_windows_game(page: Page, server: str) -> None:
    """Two windows (tabs of one browser), each at a game of its own: back in the lobby ("/"
    typed, or the menu's New game), CONTINUE in each is its own game, the other's listed
    below; a fresh window's CONTINUE is the newest, as before."""
    first = open_table(page, server, "australian")
    other = page.context.new_page()
    errors: list[str] = []
    other.on("pageerror", lambda e: errors.append(str(e)))
    second = open_table(other, server, "classic3")         # updated last
    page.goto(server)
    mine, listed = continue_offered(page)
    assert mine == first, (mine, first, second)
    assert second in listed and first not in listed, listed
    other.click("#menu-button")
    other.click("#new-game-menu")
    other.click("#confirm-yes")
    mine, listed = continue_offered(other)
    assert mine == second and first in listed, (mine, listed)
    fresh = page.context.new_page()
    newest = fresh.request.get(server + "api/lobby").json()["continue"]["table"]
    fresh.goto(server)
    assert continue_offered(fresh)[0] == newest
    assert not errors, errors


PLAYED_OUT = 8
"""A deal whose first hand is played out (the bots bid, you pass): it has a review."""

REVIEW_ON_SHOW = """() => {
  const p = document.querySelector('#sheet:not([hidden]) #review-panel');
  return !!p && !p.hidden && !!p.querySelector('.review-every tbody tr')
    && document.getElementById('review-button').disabled;
}"""
"""JavaScript: the sheet shows its review open at every card, its button done."""


def reviews_asked(page: Page) -> list[str]:
    """The ``review`` messages the page sends from now on, as they go."""
    sent: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(str(payload))
              if json.loads(payload).get("type") == "review" else None)
    page.on("websocket", watch)
    return sent


def play_out_the_practice(page: Page) -> None:
    """Pass and play until the practice table's sheet (PLAY IT AGAIN, no NEXT) shows."""
    while True:
        page.wait_for_function(f"({TURN})() || !!document.querySelector("
                               "'.modal:not([hidden]) #play-again-button')", timeout=60_000)
        phase = str(page.evaluate("document.body.dataset.phase"))
        if phase in ("hand_over", "game_over"):
            return
        take_turn(page, phase)


def test_the_sheets_review_is_as_it_was_back_from_practice(page: Page, server: str) -> None:
    """The review open at every card, PLAY THIS DEAL AGAIN, then BACK TO THE GAME: the
    sheet's review was closed, and asked for again it was solved again (seconds); it is open
    at every card at once, nothing asked of the server. A practice's own review is its own,
    and PLAY IT AGAIN (the hand dealt again) starts with none."""
    page.add_init_script("localStorage.setItem('fivehundred.prefs', "
                         "JSON.stringify({speed: 'fast'}))")
    sent = reviews_asked(page)
    start_game(page, server, "australian", seed=PLAYED_OUT)
    game = str(page.evaluate(TABLE_ID))
    play_to_the_sheet(page)
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-table", timeout=90_000)
    page.click("#review-every")
    page.wait_for_function(REVIEW_ON_SHOW, timeout=90_000)
    assert len(sent) == 2, sent

    page.click("#practice-button")
    page.wait_for_function(f"!!window.fivehundred.app.state && {TABLE_ID} !== {game!r}")
    play_out_the_practice(page)
    assert not page.is_disabled("#review-button"), "the practice's sheet: a review of its own"
    assert page.is_hidden("#review-panel")
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-table", timeout=90_000)
    before = page.evaluate("document.body.dataset.seq")
    page.click("#play-again-button")
    page.wait_for_function(f"document.body.dataset.seq !== {before!r}")
    play_out_the_practice(page)
    assert not page.is_disabled("#review-button"), "the hand dealt again: no review yet"
    assert page.is_hidden("#review-panel")
    asked = len(sent)

    page.click("#back-to-game-button")
    page.wait_for_function(f"!!window.fivehundred.app.state && {TABLE_ID} === {game!r}")
    page.wait_for_selector("#next-button")
    page.wait_for_function(REVIEW_ON_SHOW, timeout=2_000)
    caught_up(page)
    assert len(sent) == asked, sent[asked:]
    page.click("#review-mine")
    assert page.locator("#review-panel .review-table tbody tr").count() >= 1


HINT_TEXT_SIZES = """() => [...document.querySelectorAll(
  '#hint .hint-reason, #hint .hint-table td, #hint .hint-caption')].map(
  (e) => parseFloat(getComputedStyle(e).fontSize))"""
"""JavaScript: the font size of the hint's reason, each of its cells and the line under them."""


def test_the_whole_hint_is_in_sight_at_1280x800(page: Page, server: str, shots: Path) -> None:
    """The hint in the auction at 1280x800: the line under the choices (what their values
    count) was below its visible part, to be scrolled to; the whole hint, eight choices and
    that line, is in sight unscrolled, its text no smaller, clear of the bid panel, the seats,
    the status line and the cards."""
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    page.click("#quick-hint")
    page.wait_for_selector("#hint .hint-table", timeout=90_000)
    hint_clear_of_the_bid_panel(page)
    page.screenshot(path=str(shots / "hint-whole-desktop.png"))
    assert page.locator("#hint .hint-table tbody tr").count() == 8
    in_sight(page, ".hint-table tbody tr", "#hint")
    in_sight(page, ".hint-caption", "#hint")
    assert page.evaluate("(e => e.scrollHeight <= e.clientHeight)("
                         "document.getElementById('hint'))"), "the hint scrolls"
    assert min(page.evaluate(HINT_TEXT_SIZES)) >= 11.5
    problems = page.evaluate(LAYOUT_PROBLEMS)["out"]
    assert not [p for p in problems if "hint" in p], problems


HOLD_LOBBY = """() => {
  const real = window.fetch;
  window.__lobbyHeld = new Promise((resolve) => { window.__releaseLobby = resolve; });
  window.fetch = async (url, ...rest) => {
    if (String(url).includes("/api/lobby")) await window.__lobbyHeld;
    return real(url, ...rest);
  };
}"""
"""JavaScript: the page's lobby requests wait until ``window.__releaseLobby()``."""


def test_a_lobby_shown_again_opens_no_game_before_its_answer(page: Page, server: str) -> None:
    """Back in the lobby (the menu's New game), its last visit's games are still drawn until
    the server answers: meanwhile CONTINUE and the lists cannot be pressed (they are inert),
    and once the answer is drawn they can."""
    open_table(page, server, "australian")
    page.goto(server)                                 # the lobby, CONTINUE drawn
    assert continue_offered(page)[0] is not None      # (and back at the table by it)
    page.evaluate(HOLD_LOBBY)
    page.click("#menu-button")
    page.click("#new-game-menu")
    page.click("#confirm-yes")
    page.wait_for_selector("#lobby[data-loaded='false']")
    page.click("button#continue", force=True, timeout=2000)       # (the last visit's)
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.phase") == "lobby", "a stale CONTINUE opened"
    assert page.evaluate("document.getElementById('in-play-box').inert")
    page.evaluate("window.__releaseLobby()")
    page.wait_for_selector("#lobby[data-loaded='true']")
    assert not page.evaluate("document.getElementById('continue-box').inert")
    page.click("button#continue")
    page.wait_for_function("document.body.dataset.phase !== 'lobby'")


def _your_review_at_the_sheet(page: Page, server: str) -> tuple[list[str], list[str]]:
    """The deal PLAYED_OUT played to its sheet at the fast speed, your review asked for and
    shown: the ``review`` messages sent from the start, and the page's errors (both lists
    grow as the test goes on)."""
    page.add_init_script("localStorage.setItem('fivehundred.prefs', "
                         "JSON.stringify({speed: 'fast'}))")
    sent = reviews_asked(page)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_game(page, server, "australian", seed=PLAYED_OUT)
    play_to_the_sheet(page)
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-table", timeout=90_000)
    return sent, errors


def test_a_reload_keeps_the_sheets_review_open(page: Page, server: str) -> None:
    """The review open at every card, the page reloaded (F5): the sheet comes back with its
    review open at every card at once, nothing asked of the server (it was closed, and asked
    for again it was solved again); a damaged store of reviews is ignored, the review asked
    for anew."""
    sent, errors = _your_review_at_the_sheet(page, server)
    page.click("#review-every")
    page.wait_for_function(REVIEW_ON_SHOW, timeout=90_000)
    asked = len(sent)

    page.reload()
    page.wait_for_selector("#next-button")
    page.wait_for_function(REVIEW_ON_SHOW, timeout=5_000)
    caught_up(page)
    assert len(sent) == asked, sent[asked:]
    meaning = page.inner_text("#review-panel .review-meaning")
    assert meaning.startswith("Double dummy: as if every hand lay face up"), meaning

    page.evaluate("sessionStorage.setItem('fivehundred.reviews', "
                  "'[[\"x\", {\"mine\": \"oops\"}], 7')")
    page.reload()
    page.wait_for_selector("#next-button")
    assert not page.is_disabled("#review-button"), "a damaged store: no review kept"
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-table", timeout=90_000)
    assert len(sent) == asked + 1, sent[asked:]
    assert not errors, errors


def test_a_kept_review_of_another_shape_is_asked_for_again(page: Page, server: str) -> None:
    """A review kept in the window's store in a shape this page cannot show (another version
    of it wrote it) broke the sheet on every reload (a TypeError, no NEXT): it is dropped and
    the review asked for again."""
    sent, errors = _your_review_at_the_sheet(page, server)
    stored = json.loads(page.evaluate("sessionStorage.getItem('fivehundred.reviews')"))
    assert len(stored) == 1 and stored[0][1]["mine"]["plays"], stored
    stored[0][1]["mine"] = {"hand": 0}
    page.evaluate("(s) => sessionStorage.setItem('fivehundred.reviews', s)", json.dumps(stored))
    asked = len(sent)
    page.reload()
    page.wait_for_selector("#next-button", timeout=15_000)
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-table", timeout=90_000)
    assert len(sent) == asked + 1, sent[asked:]
    assert not errors, errors


def _play_last_cards(page: Page) -> None:
    """Pass and play the last playable card each turn until the practice's sheet shows."""
    while True:
        page.wait_for_function(f"({TURN})() || !!document.querySelector("
                               "'.modal:not([hidden]) #play-again-button')", timeout=60_000)
        phase = str(page.evaluate("document.body.dataset.phase"))
        if phase in ("hand_over", "game_over"):
            return
        if phase != "play":
            take_turn(page, phase)
            continue
        before = seq(page)
        page.click("#hand .card.playable >> nth=-1")
        if visible(page, "#joker-panel"):
            page.click('#joker-panel button[data-suit="S"]')
        wait_seq_after(page, before)


def test_a_practice_played_again_elsewhere_is_not_shown_an_old_review(
        page: Page, server: str) -> None:
    """Window A reviews a practice hand and goes back to the game; window B plays the same
    practice again, otherwise; A opens the practice: its sheet showed A's old review, of cards
    no longer played (kept by table, seat and hand). A review is kept for the hand as played."""
    page.add_init_script("localStorage.setItem('fivehundred.prefs', "
                         "JSON.stringify({speed: 'fast'}))")
    start_game(page, server, "australian", seed=PLAYED_OUT)
    game = str(page.evaluate(TABLE_ID))
    play_to_the_sheet(page)
    page.click("#practice-button")
    page.wait_for_function(f"!!window.fivehundred.app.state && {TABLE_ID} !== {game!r}")
    practice = page.url
    play_out_the_practice(page)
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-table", timeout=90_000)
    first = page.inner_text("#review-panel .review-table")
    page.click("#back-to-game-button")
    page.wait_for_function(f"!!window.fivehundred.app.state && {TABLE_ID} === {game!r}")

    other = page.context.new_page()
    other.add_init_script("localStorage.setItem('fivehundred.prefs', "
                          "JSON.stringify({speed: 'fast'}))")
    other.goto(practice)
    other.wait_for_selector("#play-again-button")
    before = seq(other)
    other.click("#play-again-button")
    wait_seq_after(other, before)
    _play_last_cards(other)
    other.click("#review-button")
    other.wait_for_selector("#review-panel .review-table", timeout=90_000)
    assert other.inner_text("#review-panel .review-table") != first, "the two playings differ"

    page.goto(practice)
    page.wait_for_selector("#play-again-button")
    caught_up(page)
    assert page.is_hidden("#review-panel"), page.inner_text("#review-panel")
    assert not page.is_disabled("#review-button")
