"""A dropped connection is noticed at once. Going offline at your turn left the page saying
"Your turn", its socket open, for a minute; a card tapped then was handed to the dead socket,
whose browser held it and delivered it once back online, 85 s later: a surprise play. Now the
page drops the socket as it goes offline (the "Reconnecting…" banner within a second), refuses a
move meanwhile with a toast, and back online it is your turn still: you play again. A link that
dies without an "offline" event is found by a ping unanswered within seconds.

The fixtures are in conftest.py, the helpers in browser.py.
"""

from __future__ import annotations

from playwright.sync_api import Page

from browser import TURN, caught_up, play_first_playable, start_game, take_turn, wait_turn

BANNER = "#conn-banner:not([hidden])"
HAND = "window.fivehundred.app.state.view.hand"


def to_the_play(page: Page, server: str) -> None:
    """Start a game and pass until your first card is asked for."""
    start_game(page, server, "australian")
    while (phase := wait_turn(page)) != "play":
        take_turn(page, phase)


def test_a_card_tapped_offline_is_refused_and_not_played_back_online(page: Page,
                                                                      server: str) -> None:
    to_the_play(page, server)
    hand = page.evaluate(HAND)
    page.context.set_offline(True)
    page.wait_for_selector(BANNER, timeout=3000)      # (a minute, before: 50 s + a 20 s ping)
    assert page.inner_text("#conn-banner").strip() == "Connection lost: reconnecting…"
    card = page.locator("#hand .card.playable").first
    card.click()
    toast = page.locator("#toasts .toast").last
    toast.wait_for()
    assert "your card was not played" in toast.inner_text(), toast.inner_text()
    page.wait_for_timeout(1500)                       # (the card would have been on its way)
    page.context.set_offline(False)
    page.wait_for_selector("#conn-banner", state="hidden", timeout=15_000)
    page.wait_for_function("window.fivehundred.app.lastSeq >= 0")   # the state sent again
    caught_up(page)                                   # whatever the page sent is answered
    assert page.evaluate(HAND) == hand                # the card tapped offline was not played
    assert page.evaluate(TURN) and page.evaluate(
        "document.body.dataset.phase") == "play"      # your turn still
    play_first_playable(page)                         # and the game plays on
    assert len(page.evaluate(HAND)) == len(hand) - 1


def test_a_link_dead_without_an_offline_event_is_dropped_within_seconds(page: Page,
                                                                        server: str) -> None:
    to_the_play(page, server)
    # the socket's link dies (a phone's signal gone, the browser none the wiser): nothing it
    # sends arrives, so no pong comes back
    page.evaluate("""() => {
      const ws = window.fivehundred.app.conn.ws;
      window.deadSocket = ws;
      window.pings = 0;
      ws.send = (text) => { if (text.includes('"ping"')) window.pings += 1; };
    }""")
    # a ping after 5 s of quiet, 8 s for its pong: dropped and dialled again (here at once:
    # quicker than the banner's delay) within 16 s, not after 50 s and a 20 s ping
    page.wait_for_function("window.fivehundred.app.conn.ws !== window.deadSocket",
                           timeout=16_000)
    assert page.evaluate("window.pings") == 1         # one ping, not a flood
    page.wait_for_function("window.fivehundred.app.conn.isOpen()")
    page.wait_for_selector("#conn-banner", state="hidden")
    assert page.evaluate(TURN)
    play_first_playable(page)
