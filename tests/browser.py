"""Helpers for the browser tests (Playwright drives Debian's Chromium against a live server):
the server, a phone's page, and driving the game from the lobby as a player does.

The tests' fixtures (``server``, ``page``, ``shots``) are in conftest.py; what they measure on
the screen is in layout_probes.py.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, ViewportSize, sync_playwright

from fivehundred.web.app import create_app
from fivehundred.web.botpool import BotPool
from fivehundred.web.hub import Hub
from fivehundred.web.server import game_server, server_config
from fivehundred.web.store import Store
from fivehundred.web.table import IDLE_SECONDS

CHROMIUM = "/usr/bin/chromium"


def free_port() -> int:
    """A TCP port free on this machine now, for a server a test starts."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_until_up(port: int, limit: float = 60.0) -> None:
    """Wait (up to ``limit`` seconds, a minute) until a server started as a process on
    ``port`` answers; an AssertionError saying so if it never does (the test then fails
    here, not at its first request with a bare refused connection)."""
    deadline = time.monotonic() + limit
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/stats", timeout=1).close()
            return
        except OSError as e:
            if time.monotonic() >= deadline:
                raise AssertionError(f"the server on port {port} did not answer in "
                                     f"{limit:g} s (last: {e})") from None
            time.sleep(0.25)


@contextmanager
def live_hub(db: Path, mode: str, idle_after: float = IDLE_SECONDS,
             seeded_friends: bool = True, pace: float = 0.05, trick_pause: float = 0.3,
             wrap: Callable[[Any], Any] | None = None,
             **config: Any) -> Iterator[tuple[str, Hub]]:
    """A live server on a free port over a fresh database, with quick bots: its address
    and its hub (``seeded_friends``: tests deal the same cards every run; ``wrap``: an ASGI
    app put around the game's, a reverse proxy's stand-in; ``config``: ``server_config``'s
    keywords)."""
    pool = BotPool("thread", 1)
    app = create_app(Store(db), mode=mode, pool=pool, pace=pace, trick_pause=trick_pause,
                     seeded_friends=seeded_friends, idle_after=idle_after)
    port = free_port()
    served = app if wrap is None else wrap(app)
    srv = game_server(server_config(served, "127.0.0.1", port, **config), app.state.hub)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/", app.state.hub
    finally:
        srv.should_exit = True
        thread.join(10)
        pool.close()


@contextmanager
def live_server(db: Path, mode: str, idle_after: float = IDLE_SECONDS) -> Iterator[str]:
    """A live server on a free port over a fresh database, with quick bots: its address."""
    with live_hub(db, mode, idle_after) as (url, _):
        yield url


SEED = int(os.environ.get("FIVEHUNDRED_E2E_SEED", "3"))
"""The deal of every table the tests start (the lobby's own request gets it added): the same
game on every run, so a test never depends on a lucky deal."""


def seeded(route: Route, seed: int, speed: str | None = None) -> None:
    """Add a seed (and a speed, if given) to the lobby's new-table request."""
    if route.request.method != "POST":
        route.continue_()
        return
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, "seed": seed}
                                         | ({"speed": speed} if speed else {})))


def start_game(page: Page, server: str, preset: str, strength: str = "easy",
               seed: int = SEED, speed: str | None = None) -> None:
    """From the lobby: choose the rules and the strength, PLAY (the deal from ``seed``: a test
    that needs one deal names it, the others take ``SEED``; at ``speed``, if given)."""
    page.route("**/api/tables", lambda route: seeded(route, seed, speed))
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    page.select_option("select#preset", preset)
    page.select_option("select#strength", strength)
    page.click("button#play")
    page.wait_for_selector("#table")
    # the first state drawn ("lobby" and "connecting" are phases too: waiting for a phase
    # let a test read the table before its seats were laid out)
    page.wait_for_function("document.body.dataset.seq !== undefined")


TURN = """() => {
  const vis = (s) => {
    const e = document.querySelector(s);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    const st = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  };
  return vis('#bid-panel') || vis('#discard-button') || vis('#call-panel') || vis('#next-button')
      || vis('#new-game-button') || document.querySelectorAll('#hand .card.playable').length > 0;
}"""


def wait_turn(page: Page) -> str:
    """Wait until the human must do something; return the phase."""
    page.wait_for_function(TURN, timeout=60_000)
    return str(page.evaluate("document.body.dataset.phase"))


def seq(page: Page) -> int:
    """The seq of the last state the page showed."""
    return int(page.evaluate("Number(document.body.dataset.seq || -1)"))


def wait_seq_after(page: Page, before: int) -> None:
    """Wait until the page shows a state newer than ``before``."""
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def click_and_wait(page: Page, selector: str) -> None:
    """Click ``selector`` (PASS, NEXT HAND, ...) and wait for the state it brings."""
    before = seq(page)
    page.click(selector)
    wait_seq_after(page, before)


SETTLED = """() => !document.querySelector('.entering') && document.getAnimations().every(
  (a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)"""
"""JavaScript: no card still coming in, no animation or transition running (but the endless
ones, such as the pulse on the seat to play)."""


def settle(page: Page, at_least: int = 600) -> None:
    """Wait ``at_least`` milliseconds (what starts an animation may itself wait, as the deal's
    cards do), then until nothing moves: on a loaded machine the animations run late, and a
    layout measured while a card still slides would be the wrong one."""
    page.wait_for_timeout(at_least)
    page.wait_for_function(SETTLED, timeout=20_000)


def snap(page: Page, path: Path) -> None:
    """A screenshot once the animations have settled."""
    settle(page, 900)
    page.screenshot(path=str(path), type="jpeg", quality=82)


CAUGHT_UP = """() => new Promise((done, fail) => {
  const conn = window.fivehundred.app.conn;
  const ws = conn.ws;
  conn.stopPing();                  // no ping of its own from now on
  let pongs = 0;
  const heard = (ev) => {
    if (!String(ev.data).includes('"pong"') || ++pongs < 2) return;
    ws.removeEventListener("message", heard);
    conn.startPing();
    done();
  };
  ws.addEventListener("message", heard);
  for (let i = 0; i < 2; i++) ws.send(JSON.stringify({ type: "ping" }));
  setTimeout(() => fail(new Error("no pong within 20 s")), 20000);
})"""
"""JavaScript: two pings sent now, then two pongs heard. The server answers a socket's
messages in order, so once two pongs are in, the first ping's is too (at most one other, to a
ping the page sent before, can be on its way), and with it the answer to everything the page
had sent before it."""


def caught_up(page: Page) -> None:
    """Wait until the server has answered every message the page has sent so far: to show
    that nothing more comes of them (no second play, no error), without waiting a guessed
    time."""
    page.evaluate(CAUGHT_UP)


TRICK_DONE = """() => import('/static/app.js').then(({ views }) => new Promise((done, fail) => {
  views.table.trick.idle().then(done);
  setTimeout(() => fail(new Error("the trick's cards still moving after 20 s")), 20000);
}))"""
"""JavaScript: resolves once the cards on the table are the last state's (trick.js's queue run
out: every card flown in, a finished trick held its while and swept off)."""


def trick_done(page: Page) -> None:
    """At your turn (nothing more comes then), wait until the table shows its trick: a finished
    trick still on show (held a second, then swept off) read or measured as the turn's was
    there at one look and gone at the next."""
    page.evaluate(TRICK_DONE)


def card_led(page: Page) -> bool:
    """At your turn: whether a card of this trick lies on the table (by the state: the table's
    cards at that moment may be the last trick's, held on show before they are swept off)."""
    return bool(page.evaluate("window.fivehundred.app.state.view.trick.length > 0"))


FRAMES = """(n) => new Promise((done) => {
  const step = (k) => (k ? requestAnimationFrame(() => step(k - 1)) : done());
  step(n);
})"""
"""JavaScript: resolves after the page's next ``n`` animation frames."""


def frames(page: Page, n: int = 2) -> None:
    """Wait for the page's next ``n`` frames: focus.js mends a focus lost at the next frame,
    so by then it has (a fixed wait guessed how long a frame takes on a loaded machine)."""
    page.evaluate(FRAMES, n)


def visible(page: Page, selector: str) -> bool:
    """Whether the first element ``selector`` finds is shown (a locator, so no element
    handle is left behind to keep an old sheet's buttons alive for the page's life)."""
    return page.locator(selector).first.is_visible()


def bid_ten(page: Page, strain: str, wait: bool = False) -> None:
    """Choose ``strain`` (S, C, D, H, NT), raise to 10 with the plus button, BID (nobody can
    bid over 10NT); with ``wait``, wait for the state it brings."""
    before = seq(page)
    page.click(f'button.strain[data-strain="{strain}"]')
    for _ in range(5):
        if page.inner_text("#bid-tricks").strip() == "10":
            break
        page.click("#bid-plus")
    assert page.inner_text("#bid-tricks").strip() == "10"
    page.click("#bid-button")
    if wait:
        wait_seq_after(page, before)


def play_first_playable(page: Page) -> None:
    """Click the first playable card (naming hearts if it is a joker lead); wait for the state."""
    before = seq(page)
    page.click("#hand .card.playable >> nth=0")
    if visible(page, "#joker-panel"):
        page.click('#joker-panel button[data-suit="H"]')
    wait_seq_after(page, before)


def take_turn(page: Page, phase: str) -> None:
    """The simplest turn of ``phase`` (``wait_turn``'s): PASS in the auction, the first
    playable card in the play; wait for the state it brings."""
    assert phase in ("auction", "play"), phase
    if phase == "auction":
        click_and_wait(page, "#pass-button")
    else:
        play_first_playable(page)


def press_start(host: Page) -> None:
    """The host's START at a table with friends, which waits for it until then (nobody moves:
    gathering.js); its panel gone."""
    host.click("#gathering-start")
    host.wait_for_selector("#gathering", state="hidden")


def play_to_the_sheet(page: Page) -> None:
    """Pass and play the first playable card until the hand's sheet shows."""
    while (phase := wait_turn(page)) != "hand_over":
        take_turn(page, phase)


PHONES: dict[str, ViewportSize] = {"upright": {"width": 390, "height": 844},
                                   "sideways": {"width": 844, "height": 390}}
"""A phone's viewport in CSS pixels, held upright and on its side."""


DESKTOP: ViewportSize = {"width": 1280, "height": 800}
"""A laptop's window, the size most browser tests and the README's screenshots use."""


@contextmanager
def viewport_page(viewport: ViewportSize, touch: bool = False) -> Iterator[Page]:
    """A fresh page in a viewport, a phone's or a tablet's (touch on) if ``touch``; any page
    error fails the test."""
    assert Path(CHROMIUM).exists(), "Chromium is needed: apt-get install chromium"
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_context(viewport=viewport, is_mobile=touch,
                                   has_touch=touch).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(30_000)
        yield page
        browser.close()
    assert not errors, f"errors in the page: {errors}"


def phone_page(phone: str) -> AbstractContextManager[Page]:
    """A page in a phone's viewport (``PHONES``), touch on."""
    return viewport_page(PHONES[phone], touch=True)
