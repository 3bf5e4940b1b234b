"""A seat opened in a second tab: the first is told so ("Opened elsewhere", PLAY HERE) and does
not reconnect by itself. Acting there anyway (Ctrl+Z behind the overlay) said "Not connected
to the server: reconnecting…", which it never would: now it says that the seat is open in
another tab or window and shows PLAY HERE, which takes the seat back."""

from __future__ import annotations

from playwright.sync_api import Page

from browser import DESKTOP, seq, start_game, wait_seq_after, wait_turn


def test_a_seat_taken_in_another_tab_says_so_when_used(page: Page, server: str) -> None:
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    before = seq(page)
    page.click("#pass-button")                        # (a pass to take back: Ctrl+Z sends)
    wait_seq_after(page, before)
    assert page.evaluate("window.fivehundred.app.state.take_back")
    link = page.evaluate("window.fivehundred.app.link")
    other = page.context.browser.new_context(viewport=DESKTOP).new_page()
    other.goto(f"{server}?table={link['table']}&token={link['token']}")
    other.wait_for_function("document.body.dataset.seq !== undefined")
    page.wait_for_selector("#replaced:not([hidden])")
    page.evaluate("document.getElementById('replaced').hidden = true")   # (as if not seen)
    page.keyboard.press("Control+z")
    toast = page.locator("#toasts .toast").last
    toast.wait_for()
    said = toast.inner_text()
    assert "another tab or window" in said and "PLAY HERE" in said, said
    assert "reconnecting" not in said
    assert page.is_visible("#replaced") and page.evaluate(
        "document.activeElement.id") == "reclaim-button"
    page.click("#reclaim-button")                     # the seat back here
    other.wait_for_selector("#replaced:not([hidden])")
    assert page.is_hidden("#replaced")
    other.context.close()
