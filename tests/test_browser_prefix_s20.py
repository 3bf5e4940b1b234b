"""The game in a browser under a reverse proxy's path prefix (club.example/500/): the page,
its requests, its WebSocket, the addresses it shows and the seat links it gives all stay under
/500/, with no setting of the server's (Playwright, Debian's Chromium, a live server behind
test_web_prefix_s20.py's stand-in for the proxy)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import Browser, Page, sync_playwright

from browser import (
    CHROMIUM,
    DESKTOP,
    live_hub,
    press_start,
    seeded,
    start_game,
    take_turn,
    wait_turn,
)
from test_web_prefix_s20 import PREFIX, behind_prefix

IN_LOBBY = "() => document.getElementById('table').hidden && !!document.querySelector('#play')"
"""JavaScript: the lobby is on show, the table hidden."""


@contextmanager
def prefixed(db: Path, mode: str) -> Iterator[tuple[str, list[str], Browser]]:
    """A live server (quick bots) behind the proxy's stand-in, and Chromium: the game's
    address under the prefix, the paths asked for outside it (which must stay none) and the
    browser."""
    assert Path(CHROMIUM).exists(), "Chromium is needed: apt-get install chromium"
    strays: list[str] = []
    with live_hub(db, mode, wrap=lambda app: behind_prefix(app, strays)) as (url, _), \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        yield f"{url}{PREFIX.strip('/')}/", strays, browser
        browser.close()
    assert strays == [], f"asked for outside {PREFIX}/: {strays}"


def watched_page(browser: Browser, errors: list[str], asked: list[str]) -> Page:
    """A desktop page whose errors go to ``errors`` and whose requests' and sockets' addresses
    go to ``asked``."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: asked.append(r.url))
    page.on("websocket", lambda ws: asked.append(ws.url))
    page.set_default_timeout(30_000)
    return page


def under(base: str, asked: list[str]) -> list[str]:
    """The addresses of ``asked`` outside the game's ``base`` (its page's, or its socket's:
    ``ws://`` for ``http://``), but the page's own inline ones (``data:``)."""
    sockets = "ws" + base.removeprefix("http")
    return [u for u in asked if not u.startswith((base, sockets, "data:"))]


def test_a_game_against_bots_is_played_and_left_under_the_prefix(tmp_path: Path) -> None:
    """At home under /500/: the lobby starts a table, its socket opens under /500/ and a turn
    is played; the record's link is under /500/ and gives the record; New game leaves the
    address at /500/ (it was the site's "/"), and a reload there is the game's lobby."""
    errors: list[str] = []
    asked: list[str] = []
    with prefixed(tmp_path / "home.db", "local") as (base, _, browser):
        page = watched_page(browser, errors, asked)
        start_game(page, base, "australian")
        take_turn(page, wait_turn(page))
        assert any(u.startswith("ws" + base.removeprefix("http") + "ws?") for u in asked), asked
        record = page.get_attribute("#record-menu", "href") or ""
        assert record.startswith(f"{PREFIX}/api/record?"), record
        assert page.request.get(urljoin(base, record)).status == 200
        page.click("#menu-button")
        page.click("#new-game-menu")
        page.click("#confirm-yes")
        page.wait_for_function(IN_LOBBY)
        assert page.url == base
        page.reload()
        page.wait_for_selector("#lobby button#play")
        assert page.url == base
        assert under(base, asked) == []
    assert errors == []


def test_a_friends_link_carries_the_prefix(tmp_path: Path) -> None:
    """Serving under /500/: the seat link the host is given to send is under /500/, the friend
    who opens it sits down there (his address, his own key in it, stays under /500/), and both
    pages play over their sockets."""
    errors: list[str] = []
    asked: list[str] = []
    with prefixed(tmp_path / "serve.db", "serve") as (base, _, browser):
        host = watched_page(browser, errors, asked)
        host.route("**/api/tables", lambda route: seeded(route, 0))
        host.goto(base)
        host.wait_for_selector("#lobby button#play")
        host.check("#friends")
        host.click("button#play")
        field = '#gathering-seats li[data-seat="1"] input.link-url'
        host.wait_for_selector(field)
        link = host.input_value(field)
        assert link.startswith(f"{base}?table="), link
        friend = watched_page(browser, errors, asked)
        friend.goto(link)
        friend.wait_for_selector("#name-dialog:not([hidden])")
        friend.keyboard.press("Escape")
        friend.wait_for_selector("#name-dialog", state="hidden")
        assert friend.url.startswith(f"{base}?table=") and friend.url != link, friend.url
        press_start(host)                           # (seed 0: the host bids first, then West)
        host.wait_for_selector("#bid-panel", state="visible")
        host.click("#pass-button")
        friend.wait_for_selector("#bid-panel", state="visible")
        assert under(base, asked) == []
    assert errors == []
