"""A phone's taps and a phone's network, in the browser game: a tap answers only what the player
saw (the second tap of a double tap, landing on a panel just opened or a hand just become
playable, does nothing; a deliberate tap then works), the call panel sends once, a refusal
names the seats as the table does (never "seat 0"), and a network gone silent (no "offline"
event) is told within seconds of a move and mended as soon as the link is back, while a slow
but healthy link never is."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, WebSocket

from browser import (
    bid_ten,
    caught_up,
    free_port,
    live_server,
    phone_page,
    seq,
    settle,
    start_game,
    take_turn,
    viewport_page,
    wait_seq_after,
    wait_turn,
)
from fivehundred.web.replies import refusal_words
from fivehundred.web.store import Store
from webclient import seated, to_play

SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
"""A small phone upright, where the call panel opens under the DISCARD button."""

FIVE_SEED = 7
"""A five-handed deal whose auction leaves 10NT to you (no bot bids it first)."""

FOUR_SEED = 11
"""A four-handed deal whose auction, passed, comes to a card of yours (no hand thrown in)."""


def sent_moves(frames: list[str]) -> list[dict[str, Any]]:
    """The page's messages among the frames it sent, but its pings."""
    return [m for m in map(json.loads, frames) if m.get("type") != "ping"]


def record_frames(page: Page) -> tuple[list[str], list[str]]:
    """The frames the page's sockets send and get, from now on, as two growing lists."""
    sent: list[str] = []
    got: list[str] = []

    def watch(ws: WebSocket) -> None:
        """Keep one socket's frames."""
        ws.on("framesent", lambda f: sent.append(str(f)))
        ws.on("framereceived", lambda f: got.append(str(f)))
    page.on("websocket", watch)
    return sent, got


NOTE_OPENING = """() => {
  window._opened = {};
  const note = (name, el, now) => new MutationObserver(() => {
    if (now() && !(name in window._opened)) window._opened[name] = performance.now();
  }).observe(el, { attributes: true });
  const panel = document.getElementById('call-panel');
  const hand = document.getElementById('hand');
  note('call', panel, () => !panel.hidden);
  note('hand', hand, () => hand.dataset.mode === 'play');
  window._downs = [];
  window.addEventListener('pointerdown', () => window._downs.push(performance.now()), true);
}"""
"""JavaScript: note when the call panel first opens and when your hand first becomes playable,
and when each press goes down (performance.now(), as the page counts: the clock the page's
hasty-tap window, turn.js ``hastyTap``, is measured by, and Playwright's fake clock holds)."""

CALL_CARD_SHOWN = """() => {
  const b = document.querySelector('#call-cards button');
  if (document.getElementById('call-panel').hidden || !b) return null;
  const r = b.getBoundingClientRect();
  return r.width ? { x: r.x + r.width / 2, y: r.y + r.height / 2, call: b.dataset.call } : null;
}"""
"""JavaScript: the middle of the call panel's first card, once the panel is open (else null)."""

CARD_PLAYABLE = """() => {
  const el = [...document.querySelectorAll('#hand .card.playable')]
    .find((c) => c.dataset.card !== 'JK');
  if (!el || document.getElementById('hand').dataset.mode !== 'play') return null;
  const r = el.getBoundingClientRect();
  const y = r.top + r.height * 0.6;
  const xs = [];
  for (let x = Math.max(0, r.left); x < Math.min(innerWidth, r.right); x += 1) {
    const at = document.elementFromPoint(x, y);
    if (at && at.closest('.hand-card') === el) xs.push(x);
  }
  return xs.length ? { x: (xs[0] + xs[xs.length - 1]) / 2, y, card: el.dataset.card } : null;
}"""
"""JavaScript: the middle of the part in sight of your first playable card (not the joker,
whose lead asks for a suit), once your hand is yours to play from (else null)."""


SETTLE_MS = 350
"""How long a control just shown, or given a new meaning, takes no touch (turn.js
``SETTLE_MS``): a tap sooner was meant for what was there before."""


def tap_as_it_shows(page: Page, shown: str, opened: str) -> dict[str, Any]:
    """Tap what ``shown`` (JavaScript) finds, once it finds it; where and what it was. The
    page's clock is held, so the tap comes the very millisecond ``opened`` (NOTE_OPENING's name
    for it) opened, by the page's count: a double tap's second tap at its quickest, hasty by
    construction however slow the machine."""
    at: dict[str, Any] = page.wait_for_function(shown, timeout=60_000).json_value()
    page.touchscreen.tap(at["x"], at["y"])
    late = page.evaluate(f"window._downs[window._downs.length - 1] - window._opened.{opened}")
    assert late == 0, f"the tap came {late} ms after it showed, the clock held"
    return at


def to_the_kitty(page: Page, server: str) -> None:
    """Five-handed, you bid 10NT (nobody bids over it), the kitty's three last cards chosen."""
    start_game(page, server, "five_called", seed=FIVE_SEED)
    assert wait_turn(page) == "auction"
    bid_ten(page, "NT")
    page.wait_for_selector("#discard-button", state="visible", timeout=60_000)
    settle(page, 600)
    for el in page.query_selector_all("#hand .hand-card")[-3:]:
        el.click()


def test_a_double_tap_answers_only_what_the_player_saw(tmp_path: Path) -> None:
    """DISCARD tapped, and the call panel's card under the finger tapped again as soon as the
    panel opens: no partner is called (a double tap on DISCARD called one never chosen). A
    deliberate double click on a card then calls it once (the second went too, and was
    refused in red). Your lead comes with that call: a card tapped the moment the hand can
    be played is not played (a double tap on a card winning its trick played the card under
    the finger at the lead); tapped again once the window is past, it is.

    The page's clock is Playwright's, held still from the DISCARD tap on and moved on by the
    test, so each quick tap comes 0 ms after what it lands on opened, and each deliberate one
    past the window, whatever the machine's speed."""
    with live_server(tmp_path / "taps.db", "local") as server, \
            viewport_page(SMALL_PHONE, touch=True) as page:
        sent, got = record_frames(page)
        page.clock.install()                  # (before the page loads: its clock is fake)
        to_the_kitty(page, server)
        page.evaluate(NOTE_OPENING)
        box = page.locator("#discard-button").bounding_box()
        assert box
        n = len(sent)
        page.clock.pause_at((page.evaluate("Date.now()") + 1000) / 1000)
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        card = tap_as_it_shows(page, CALL_CARD_SHOWN, "call")
        caught_up(page)
        assert [m["type"] for m in sent_moves(sent[n:])] == ["discard"], sent_moves(sent[n:])
        assert not page.locator("#call-panel").is_hidden()
        page.clock.run_for(SETTLE_MS + 100)
        before = seq(page)
        page.mouse.dblclick(card["x"], card["y"])
        wait_seq_after(page, before)
        caught_up(page)
        calls = [m for m in sent_moves(sent[n:]) if m["type"] == "act"]
        assert calls == [{"type": "act", "action": f"call {card['call']}"}], calls
        assert not [f for f in got if '"error"' in f], [f for f in got if '"error"' in f]
        n = len(sent)
        lead = tap_as_it_shows(page, CARD_PLAYABLE, "hand")
        caught_up(page)
        assert sent_moves(sent[n:]) == [], sent_moves(sent[n:])
        page.clock.run_for(SETTLE_MS + 100)
        before = seq(page)
        page.touchscreen.tap(lead["x"], lead["y"])
        page.clock.resume()                   # (the trick's own pauses go on as they would)
        wait_seq_after(page, before)
        assert sent_moves(sent[n:]) == [{"type": "act", "action": lead["card"]}]


def test_a_refusal_names_the_seats_as_the_table_does() -> None:
    """A move refused by the engine's words named the seat by its number ("call A♠ is not a
    card: the game is in the play; seat 0 plays a card"): the page says "you", and the others
    by their names."""
    with seated(Store(":memory:"), preset="australian", seed=FOUR_SEED) as (_, _, seat):
        m = to_play(seat)
        seat.send(type="act", action="call AS")
        err = seat.until(lambda x: x["type"] == "error")
        assert err["code"] == "illegal", err
        assert err["message"] == "call AS is not a card: the game is in the play; you play a card"
    names = ["Ann", "West", "North", "East"]
    assert refusal_words("the game is in the play; seat 2 plays a card", 0, names) == \
        "the game is in the play; North plays a card"
    assert refusal_words("seat 0 has made no decision in this hand yet", 0, names) == \
        "you have made no decision in this hand yet"
    assert refusal_words("seat 3 sits out this hand; seat 1's turn", 0, names) == \
        "East sits out this hand; West's turn"
    assert refusal_words("seat 0: a friend's seat is one of 1 to 3; seat 9", 0, names) == \
        "your seat: a friend's seat is one of 1 to 3; seat 9"
    assert m["view"]["phase"] == "play"


# ---------------------------------------------------------------- a network that goes silent

class Relay:
    """A TCP relay from the page to the server, as a phone's network: each chunk ``delay``
    seconds late each way (a slow link), and, while ``down``, silent (every byte held both
    ways, no event, a new connection dropped at once: a phone in a lift)."""

    def __init__(self, target: int, delay: float = 0.0) -> None:
        self.target = target
        self.delay = delay
        self.down = False
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    @property
    def url(self) -> str:
        """The address the page opens, through the relay."""
        return f"http://127.0.0.1:{self.port}/"

    def _run(self) -> None:
        """The relay's thread: its own event loop, serving until the test is done."""
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._serve())
        self.loop.close()

    async def _serve(self) -> None:
        """Listen, say so, and relay each connection until told to stop; then every
        connection's work is cancelled and waited for (none left pending)."""
        self.stopping = asyncio.Event()
        server = await asyncio.start_server(self._connection, "127.0.0.1", self.port)
        self.ready.set()
        await self.stopping.wait()
        server.close()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in others:
            t.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        """One connection of the page's, relayed to the server (dropped while down)."""
        if self.down:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One way of a connection: each chunk passed on ``delay`` after it came, and held
        while the relay is down."""
        chunks: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def pump() -> None:
            """Pass the chunks on, in order, each at its time."""
            while True:
                at, data = await chunks.get()
                if not data:
                    break
                await asyncio.sleep(max(0.0, at + self.delay - time.monotonic()))
                while self.down:
                    await asyncio.sleep(0.05)
                try:
                    writer.write(data)
                    await writer.drain()
                except OSError:
                    break
            writer.close()
        task = asyncio.ensure_future(pump())
        try:
            while data := await reader.read(65536):
                chunks.put_nowait((time.monotonic(), data))
        except OSError:
            pass
        chunks.put_nowait((time.monotonic(), b""))
        try:
            await task
        finally:
            task.cancel()

    def __enter__(self) -> Relay:
        self.thread.start()
        assert self.ready.wait(10), "the relay did not start"
        return self

    def __exit__(self, *exc: object) -> None:
        self.down = False
        self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(10)


@contextmanager
def relayed(db: Path, delay: float = 0.0) -> Iterator[tuple[Relay, Page]]:
    """A live server (saving in ``db``), a relay to it (``delay`` each way) and a phone's
    page."""
    with live_server(db, "local") as server, \
            Relay(int(server.rstrip("/").rsplit(":", 1)[1]), delay) as relay, \
            phone_page("upright") as page:
        yield relay, page


BANNER = """() => {
  const b = document.getElementById('conn-banner');
  return b.hidden ? null : document.getElementById('conn-text').textContent;
}"""
"""JavaScript: the connection banner's words, or null while it is hidden."""

WATCH_BANNER = """() => {
  window._banners = [];
  const b = document.getElementById('conn-banner');
  const t = document.getElementById('conn-text');
  new MutationObserver(() => window._banners.push(b.hidden ? '' : t.textContent))
    .observe(b, { attributes: true, subtree: true, childList: true, characterData: true });
}"""
"""JavaScript: every change of the connection banner, from now on, in ``window._banners``."""


def to_my_card(page: Page) -> None:
    """Pass through the auction to your first turn in the play, its cards settled."""
    while (phase := wait_turn(page)) != "play":
        take_turn(page, phase)
    settle(page, 500)


ANSWER_MS = 3000
"""How long the page waits for a move's answer before its banner says it waits for the server
(app.js ``ANSWER_MS``)."""

MOVE_PONG_WAIT_MS = 5000
"""How long the page waits for the pong behind a move before it drops the socket for dead
(net.js ``MOVE_PONG_WAIT_MS``)."""

CONN = "window.fivehundred.app.conn"
"""JavaScript: the table's connection (net.js ``Connection``)."""

RETRY_PENDING = f"{CONN}.ws === null && {CONN}.retryTimer !== null"
"""JavaScript: no socket, and a back-off try waiting on its timer (a dial failed)."""


def test_a_card_tapped_as_the_network_goes_silent_is_told_and_mended_soon(
        tmp_path: Path) -> None:
    """The network goes silent (no "offline" event) and a card is tapped: the banner says the
    page waits for the server at 3 s (it said nothing for 13 s), the socket is dropped at 5 s
    (the move's pong wait), and once the link is back the page reopens at once, not at the
    end of a back-off grown to several seconds; then the banner goes.

    The page's clock is Playwright's, held still from before the tap and moved on by the
    test, so each step is the page's own timer's doing, never the machine's speed: nothing
    is shown a millisecond before its timer, and the reopen comes while the clock stands
    still (no back-off try can fire then)."""
    with relayed(tmp_path / "drop.db") as (relay, page):
        page.clock.install()                  # (before the page loads: its timers are fake)
        start_game(page, relay.url, "australian", seed=FOUR_SEED)
        to_my_card(page)
        at: dict[str, Any] = page.evaluate(CARD_PLAYABLE)
        # the clock held (a second on: past the hasty-tap window), no ping of the page's
        # own on its way (its pong comes while the link is up), then the link goes silent
        page.clock.pause_at((page.evaluate("Date.now()") + 1000) / 1000)
        page.wait_for_function(f"{CONN}.pongTimer === null")
        relay.down = True
        page.touchscreen.tap(at["x"], at["y"])
        # the card went, and the ping behind it waits for its pong
        page.wait_for_function(f"window.fivehundred.app.lastAttempt === {json.dumps(at['card'])}"
                               f" && {CONN}.pongTimer !== null")
        page.clock.run_for(ANSWER_MS - 1)
        assert page.evaluate(BANNER) is None
        page.clock.run_for(1)
        assert page.evaluate(BANNER) == "Waiting for the server…"
        page.clock.run_for(MOVE_PONG_WAIT_MS - ANSWER_MS - 1)
        assert page.evaluate(f"{CONN}.isOpen()")
        page.clock.run_for(1)
        assert not page.evaluate(f"{CONN}.isOpen()")
        assert page.evaluate(BANNER) == "Connection lost: reconnecting…"
        # the back-off grown: each dial refused at once, each next try later (6.4 s at the
        # fifth, less a quarter); the clock moved on only to let each try go
        page.wait_for_function(RETRY_PENDING)
        while page.evaluate(f"{CONN}.attempt") < 5:
            page.clock.run_for(10_000)
            page.wait_for_function(RETRY_PENDING)
        # the link back, the clock still held: no back-off try can go, so the socket that
        # opens is the page's dial at once (the dropped socket's close answered: linkBack)
        relay.down = False
        page.wait_for_function(f"{CONN}.isOpen()", timeout=20_000)
        page.clock.resume()
        page.wait_for_function(f"({BANNER})() === null", timeout=10_000)
        caught_up(page)
        v = page.evaluate("window.fivehundred.app.state.view")
        played = at["card"] in [c for _, c in v["trick"]] + [
            c for t in v["tricks"] for _, c in t["plays"]]
        assert played != (at["card"] in v["hand"]), v     # played, or in the hand to play


def test_a_slow_link_is_never_said_lost(tmp_path: Path) -> None:
    """A slow but healthy link (400 ms each round trip): cards played one after another, the
    banner never shows and the socket is never dropped."""
    with relayed(tmp_path / "slow.db", delay=0.2) as (relay, page):
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        start_game(page, relay.url, "australian", seed=FOUR_SEED)
        page.evaluate(WATCH_BANNER)
        to_my_card(page)
        played = 0
        for _ in range(3):
            if wait_turn(page) != "play":
                break
            settle(page, 400)
            before = seq(page)
            at = page.evaluate(CARD_PLAYABLE)
            if at is None:
                break
            page.touchscreen.tap(at["x"], at["y"])
            wait_seq_after(page, before)
            played += 1
        assert played == 3, played          # (else nothing was sent for the link to carry)
        page.wait_for_timeout(1000)
        assert page.evaluate("window._banners.filter((t) => t)") == []
        assert len(sockets) == 1, sockets
