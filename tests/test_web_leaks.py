"""One page kept open for hand after hand holds no more event listeners at each hand's end:
the lobby visited between them (its form built again each time) added one to its rules' box
at every visit, never removed, the count growing with the visits."""

from __future__ import annotations

from playwright.sync_api import CDPSession, Page

from browser import (
    click_and_wait,
    play_to_the_sheet,
    settle,
    start_game,
)


def listeners(cdp: CDPSession) -> int:
    """The page's event listeners alive (Chromium's count, every target's, detached elements
    too) after a full garbage collection."""
    for _ in range(2):
        cdp.send("HeapProfiler.collectGarbage")
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return int(next(m["value"] for m in metrics if m["name"] == "JSEventListeners"))


def test_hands_in_a_row_hold_no_more_listeners(page: Page, server: str) -> None:
    """Three hands (Easy bots, fast), at each hand's end the lobby and back (the browser's
    Back, then CONTINUE): after the third the page holds no more listeners than after the
    second."""
    page.add_init_script("localStorage.setItem('fivehundred.prefs', '{\"speed\": \"fast\"}')")
    start_game(page, server, "australian")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    counts: list[int] = []
    for _ in range(3):
        play_to_the_sheet(page)
        page.go_back()                                # the lobby, its form built again
        page.click("button#continue")
        page.locator("#next-button").wait_for()     # (no handle kept: it held the sheet)
        settle(page)
        counts.append(listeners(cdp))
        click_and_wait(page, "#next-button")
    assert counts[2] <= counts[1], f"listeners after each hand: {counts}"
