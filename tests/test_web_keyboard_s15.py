"""The panels of your turn by keyboard keep their place (a keyboard and screen-reader review):
a control that cannot be used now (More tricks at 10, Fewer tricks at 6, BID on a bid below
the one standing, DISCARD on its way) keeps the focus and does nothing, where it was disabled
under the focus, which went on to BID or PASS and the next Enter bid or passed unasked; the
joker's suits are a group the arrow keys go through; after your last card the focus waits on
a control of the table, not on the page itself, until the hand's sheet opens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

from browser import caught_up, frames, seq, start_game, visible, wait_seq_after, wait_turn

FOCUSED = "document.activeElement ? document.activeElement.id : null"
"""JavaScript: the id of the control that has the focus."""

AUCTION = "window.fivehundred.app.state.view.auction.length"
"""JavaScript: how many bids the auction has."""


def press(page: Page, key: str) -> None:
    """Press ``key`` and let the page draw its next frames: focus.js mends the focus at the
    next frame, so a trap shows before the next key, as it does to a person."""
    page.keyboard.press(key)
    frames(page)


def on_bid(page: Page) -> None:
    """Wait for your turn in the auction, the focus on BID (what the turn asks for)."""
    assert wait_turn(page) == "auction"
    page.wait_for_function(f"{FOCUSED} === 'bid-button'")


def nothing_sent(page: Page, bids: int) -> None:
    """Nothing went from the panel: once the server has answered all, the auction has still
    ``bids`` bids, and the panel is still yours."""
    caught_up(page)
    assert page.evaluate(AUCTION) == bids
    assert visible(page, "#bid-panel")
    assert not page.evaluate("document.getElementById('bid-panel').classList.contains('sent')")


def test_more_tricks_at_ten_keeps_the_focus_and_bids_nothing(page: Page, server: str) -> None:
    """Enter on More tricks up to 10 and on: the + button says it cannot go further and keeps
    the focus; the focus went to BID, and the next Enter bid 10 spades unasked."""
    start_game(page, server, "australian")
    on_bid(page)
    bids = page.evaluate(AUCTION)
    page.focus("#bid-plus")
    for _ in range(6):                                 # (from 6 at the least: 10 and one more)
        press(page, "Enter")
    assert page.inner_text("#bid-tricks").strip() == "10"
    assert page.evaluate(FOCUSED) == "bid-plus"
    assert page.get_attribute("#bid-plus", "aria-disabled") == "true"
    press(page, "Enter")
    nothing_sent(page, bids)
    assert page.evaluate(FOCUSED) == "bid-plus"
    press(page, "ArrowDown")                           # 9: it may be pressed again
    assert page.get_attribute("#bid-plus", "aria-disabled") != "true"
    assert page.evaluate(FOCUSED) == "bid-plus"


def test_fewer_tricks_at_six_keeps_the_focus_and_bids_nothing(page: Page, server: str) -> None:
    """Enter on Fewer tricks down to 6 and on: the minus button keeps the focus, where it went to
    BID (or PASS) and the next Enter bid (or passed)."""
    start_game(page, server, "australian")
    on_bid(page)
    bids = page.evaluate(AUCTION)
    press(page, "ArrowUp")                             # (one over the lowest bid: 7 at least)
    page.focus("#bid-minus")
    for _ in range(5):
        press(page, "Enter")
    assert page.inner_text("#bid-tricks").strip() == "6"
    assert page.evaluate(FOCUSED) == "bid-minus"
    assert page.get_attribute("#bid-minus", "aria-disabled") == "true"
    press(page, "Enter")
    nothing_sent(page, bids)
    assert page.evaluate(FOCUSED) == "bid-minus"


LOWEST_ABOVE_SIX = """() => {
  const bids = window.fivehundred.app.state.bids.filter((b) => b.tricks > 0 && b.legal);
  const b = bids.find((x) => x.tricks > 6
    && !bids.some((y) => y.strain === x.strain && y.tricks < x.tricks));
  return b ? b.strain : null;
}"""
"""JavaScript: a suit whose lowest bid allowed is above 6 (below it, the bid standing)."""


def test_bid_below_the_bid_standing_keeps_the_focus_and_says_why(page: Page, server: str) -> None:
    """ArrowDown on BID to a bid below the one standing: BID keeps the focus (it went to PASS,
    and stayed there once ArrowUp made the bid good again: Enter passed); Enter on it then
    bids nothing and says why; ArrowUp, and Enter bids."""
    start_game(page, server, "classic3", seed=11)
    on_bid(page)
    bids = page.evaluate(AUCTION)
    strain = page.evaluate(LOWEST_ABOVE_SIX)
    assert strain, "seed 11: a bid of 6 stands before yours"
    page.focus(f'#bid-panel button.strain[data-strain="{strain}"]')
    press(page, "Enter")                               # its lowest bid
    lowest = page.inner_text("#bid-tricks").strip()
    page.focus("#bid-button")
    press(page, "ArrowDown")
    assert page.evaluate(FOCUSED) == "bid-button"
    assert page.get_attribute("#bid-button", "aria-disabled") == "true"
    why = page.inner_text("#bid-why")
    assert "below the bid" in why, why
    page.evaluate("document.getElementById('announce').textContent = ''")
    press(page, "Enter")
    nothing_sent(page, bids)
    assert page.evaluate(FOCUSED) == "bid-button"
    assert page.inner_text("#announce").strip() == why   # (said, as the readout says it)
    press(page, "ArrowUp")
    assert page.evaluate(FOCUSED) == "bid-button"
    assert page.get_attribute("#bid-button", "aria-disabled") != "true"
    before = seq(page)
    press(page, "Enter")
    wait_seq_after(page, before)
    mine = page.evaluate("""(() => { const s = window.fivehundred.app.state;
      return s.view.auction.filter(([seat]) => seat === s.you).map(([, b]) => b); })()""")
    assert mine == [f"{lowest}{strain}"], mine


def bid_ten_no_trumps(page: Page) -> None:
    """By the keyboard: No trumps, ArrowUp to 10, BID (nobody bids over it); then PASS until
    the auction is over."""
    on_bid(page)
    page.focus('#bid-panel button.strain[data-strain="NT"]')
    press(page, "Enter")
    for _ in range(5):
        page.keyboard.press("ArrowUp")
    page.focus("#bid-button")
    before = seq(page)
    press(page, "Enter")
    wait_seq_after(page, before)
    while wait_turn(page) == "auction":
        page.focus("#pass-button")
        before = seq(page)
        press(page, "Enter")
        wait_seq_after(page, before)


class Gate:
    """The table's WebSocket, its server's messages held back while ``held``: what the page
    does while a move of its own is on its way, which a local server answers too soon to
    see."""

    def __init__(self, page: Page) -> None:
        self.held = False
        self.kept: list[Any] = []
        self.page_side: WebSocketRoute | None = None
        page.route_web_socket("**/ws*", self.connect)

    def connect(self, ws: WebSocketRoute) -> None:
        """Pass the messages both ways, the server's kept while ``held``."""
        server = ws.connect_to_server()
        self.page_side = ws
        ws.on_message(server.send)
        server.on_message(self.from_server)

    def from_server(self, message: Any) -> None:
        """A message of the server's: to the page, or kept."""
        if self.held:
            self.kept.append(message)
        elif self.page_side is not None:
            self.page_side.send(message)

    def release(self) -> None:
        """Send the page what was kept, and hold nothing more."""
        self.held = False
        assert self.page_side is not None
        for message in self.kept:
            self.page_side.send(message)
        self.kept.clear()


def declare_ten_no_trumps(page: Page, server: str, preset: str, seed: int,
                          keep: Callable[[str], bool]) -> None:
    """A new game of ``preset`` dealt from ``seed``, 10NT bid and the kitty's discards chosen
    and sent by the keyboard, the cards ``keep`` names kept."""
    start_game(page, server, preset, seed=seed)
    bid_ten_no_trumps(page)
    assert wait_turn(page) == "kitty"
    need = page.evaluate("window.fivehundred.app.state.view.discards_left")
    choose_by_keyboard(page, need, keep)
    page.focus("#discard-button")
    before = seq(page)
    press(page, "Enter")
    wait_seq_after(page, before)


def open_joker_panel(page: Page, server: str) -> None:
    """A game dealt the joker to you (australian, seed 1), 10NT declared by the keyboard, the
    joker kept and chosen in the hand by the arrows: its suits' panel open."""
    declare_ten_no_trumps(page, server, "australian", 1, lambda card: card == "JK")
    assert wait_turn(page) == "play"
    page.wait_for_function("document.activeElement.matches('#hand .hand-card.playable')")
    press(page, "Home")
    for _ in range(20):
        if page.evaluate("document.activeElement.dataset.card") == "JK":
            break
        page.keyboard.press("ArrowRight")
    press(page, "Enter")
    assert visible(page, "#joker-panel")


def joker_suits(page: Page) -> list[str]:
    """The suits the joker's open panel may name, in its order."""
    suits: list[str] = page.eval_on_selector_all(
        "#joker-panel button[data-suit]:not([disabled])", "els => els.map((e) => e.dataset.suit)")
    return suits


def lead_the_joker(page: Page) -> str:
    """Enter on the joker's suit with the focus: the lead as the table then has it."""
    before = seq(page)
    press(page, "Enter")
    wait_seq_after(page, before)
    return str(page.evaluate("""(() => { const v = window.fivehundred.app.state.view;
      return (v.tricks.length ? v.tricks[0].plays : v.trick)[0][1]; })()"""))


def choose_by_keyboard(page: Page, n: int, skip: Callable[[str], bool]) -> None:
    """Choose ``n`` cards of the hand for the discard with Enter, the arrow key between them,
    passing over those ``skip`` says to keep."""
    page.wait_for_function("document.activeElement.matches('#hand .hand-card')")
    page.keyboard.press("Home")
    chosen = 0
    while chosen < n:
        if not skip(page.evaluate("document.activeElement.dataset.card")):
            press(page, "Enter")
            chosen += 1
        page.keyboard.press("ArrowRight")


def test_discard_on_its_way_keeps_the_focus(page: Page, server: str) -> None:
    """Enter on DISCARD: until the state after it comes, DISCARD (sent, and saying it cannot be
    used) keeps the focus; it was disabled under it and the focus went to the hand's first
    card, still the kitty's, where the next Enter chose a card; then the turn's card."""
    gate = Gate(page)
    start_game(page, server, "australian", seed=1)
    bid_ten_no_trumps(page)
    assert wait_turn(page) == "kitty"
    need = page.evaluate("window.fivehundred.app.state.view.discards_left")
    choose_by_keyboard(page, need, lambda card: card == "JK")
    page.focus("#discard-button")
    assert page.get_attribute("#discard-button", "aria-disabled") != "true"
    gate.held = True
    page.keyboard.press("Enter")
    page.wait_for_timeout(400)                         # (the state after it held back)
    assert page.evaluate("document.body.dataset.phase") == "kitty"
    assert page.evaluate(FOCUSED) == "discard-button"
    assert page.get_attribute("#discard-button", "aria-disabled") == "true"
    gate.release()
    assert wait_turn(page) == "play"                   # you lead: on to your cards
    page.wait_for_function("document.activeElement.matches('#hand .hand-card.playable')")


def test_the_jokers_suits_go_by_the_arrow_keys(page: Page, server: str) -> None:
    """The joker led: its suits are a group said to go by the arrow keys, ArrowRight and
    ArrowLeft go from suit to suit (round), Enter names the one with the focus."""
    open_joker_panel(page, server)
    group = page.evaluate("""(() => { const g = document.querySelector('#joker-panel .joker-suits');
      return [g.getAttribute('role'), g.getAttribute('aria-label') || '']; })()""")
    assert group[0] == "group" and "arrow" in group[1].lower(), group
    suits = joker_suits(page)
    assert len(suits) > 1, suits
    suit = "document.activeElement.dataset.suit"
    assert page.evaluate(suit) == suits[0]
    seen = []
    for _ in range(len(suits)):
        press(page, "ArrowRight")
        seen.append(page.evaluate(suit))
    assert seen == suits[1:] + suits[:1], seen         # each in turn, and round to the first
    press(page, "ArrowLeft")
    assert page.evaluate(suit) == suits[-1]
    led = lead_the_joker(page)
    assert led == f"JK:{suits[-1]}", led


SAMPLE = """() => {
  window.focusSeen = [];
  window.focusSampler = setInterval(() => {
    const a = document.activeElement;
    window.focusSeen.push(!a || a === document.body ? 'body' : a.id || a.className);
  }, 15);
}"""
"""JavaScript: from now on, where the focus is, every 15 ms (``window.focusSeen``)."""


def test_after_your_last_card_the_focus_waits_on_the_table(page: Page, server: str) -> None:
    """Your last card played by Enter: the focus waits on the table's Last trick until the
    hand's sheet opens (it was on the page itself, some 3 s, where a screen reader loses its
    place), then goes into the sheet. (The card gone, the page has it until focus.js mends it
    at the next frame: a sample or two.)"""
    start_game(page, server, "australian")
    while (phase := wait_turn(page)) == "auction":
        page.wait_for_function("!!document.activeElement.closest('#bid-panel')")
        page.focus("#pass-button")
        before = seq(page)
        press(page, "Enter")
        wait_seq_after(page, before)
    while phase == "play":
        page.wait_for_function("document.activeElement.matches('#hand .hand-card.playable')")
        last = page.evaluate("document.querySelectorAll('#hand .hand-card').length") == 1
        if last:
            page.evaluate(SAMPLE)
        before = seq(page)
        card = page.evaluate("document.activeElement.dataset.card")
        page.keyboard.press("Enter")
        if card == "JK" and visible(page, "#joker-panel"):
            page.wait_for_function("!!document.activeElement.closest('#joker-panel')")
            page.keyboard.press("Enter")
        wait_seq_after(page, before)
        phase = wait_turn(page)
        if last:
            break
    assert phase == "hand_over", phase
    page.wait_for_function("!!document.activeElement.closest('#sheet')")
    seen = page.evaluate("(() => { clearInterval(window.focusSampler);"
                         " return window.focusSeen; })()")
    assert seen.count("body") < 10, seen               # (it was some 180: 2.7 s)
    assert "last-trick-button" in seen, seen
