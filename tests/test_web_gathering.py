"""A table with friends waits for its host's START (``table.gathering``, docs/protocol.md): a
served-table review found the bots bidding in the friends' seats within seconds of the table's
creation, so a friend arriving at North found "his" 7♣ bid already.  Now the first hand is
dealt but nobody moves (no bot, no human action taken) until the creator's ``start``; then the
seats nobody sits at are played by bots.  The page's panel (gathering.js) is tested at the
end, in a real browser."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from browser import CHROMIUM, DESKTOP, PHONES, live_server, seeded
from fivehundred import Rules
from fivehundred.web.hub import Hub
from fivehundred.web.seats import TableError
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from webclient import (
    Seat,
    connect,
    host_starts,
    new_table,
    quiet,
    seated,
    web_client,
    welcome_key,
)

SEED = 3
"""A deal whose first to bid is North (seat 2), a bot's seat: it would bid at once."""


def invitation(t: dict[str, Any], seat: int) -> str:
    """The token of a seat's link, as the host has it."""
    url: str = next(x["url"] for x in t["links"] if x["seat"] == seat)
    return url.split("token=")[1]


def refused(seat: Seat, code: str, words: str, **msg: Any) -> None:
    """``msg`` from ``seat`` is refused with ``code`` (its message holding ``words``) and
    changes nothing: no state follows."""
    seat.send(**msg)
    err = seat.until(lambda x: x["type"] == "error")
    assert err["code"] == code and words in err["message"], (msg, err)
    assert [x for x in quiet(seat) if x["type"] == "state"] == [], msg


@contextmanager
def gathering(store: Store | None = None) -> Iterator[tuple[Any, dict[str, Any], Hub, Seat]]:
    """Serving, a new table with friends (North to bid first, a bot) and its host's socket
    open: the client, the table, the hub and the host's socket."""
    with web_client(store if store is not None else Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=SEED, friends=True)
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        with connect(client, t) as ws:
            yield client, t, hub, Seat(ws)


def test_a_friends_table_waits_for_the_hosts_start() -> None:
    """Nothing moves while the table gathers (North, a bot, is to bid): no bot action in many
    bot paces, every human action refused; a friend's arrival and name reach every page; the
    host's START and the bots play, a bot for each seat nobody sits at."""
    with gathering() as (client, t, hub, h):
        m = h.until(lambda x: x["type"] == "state")
        time.sleep(0.5)                              # (the bots' pace here is 0 s)
        assert hub.tables[t["table"]].hands == [[]], "a bot moved before START"
        assert quiet(h) == []
        assert m["table"]["gathering"] is True and m["table"]["may_start"] is True
        assert m["view"]["to_move"] is None and m["view"]["legal"] == []   # nobody's turn
        assert m["status"] == "Your friends are sitting down: press START to begin"
        for msg in ({"type": "act", "action": "pass"}, {"type": "take_back"},
                    {"type": "discard", "cards": []}, {"type": "claim"}, {"type": "hint"}):
            refused(h, "illegal", "the game has not started: press START first", **msg)
        with connect(client, t, invitation(t, 1)) as fws:
            f = Seat(fws)
            welcome_key(f)
            m = f.until(lambda x: x["type"] == "state")
            assert m["table"]["gathering"] is True and m["table"]["may_start"] is False
            assert m["status"] == "Waiting for South to start the game"
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            f.send(type="name", name="Ann")          # the gathering's names go round
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["name"] == "Ann")
            refused(f, "illegal", "the game has not started: South starts it",
                    type="act", action="pass")
            refused(f, "not_host", "only the table's creator starts the game", type="start")
            assert hub.tables[t["table"]].hands == [[]]
            m = host_starts(h)
            assert m["table"]["may_start"] is False and m["view"]["to_move"] == 2
            assert [s["kind"] for s in m["table"]["seats"]] == ["human", "human", "bot", "bot"]
            m = f.until(lambda x: x["type"] == "state" and x["view"]["auction"] != [])
            assert m["view"]["auction"][0][0] == 2      # North's bot bids first
            assert m["status"] != "Waiting for South to start the game"
            h.send(type="start")                      # again, once it plays: nothing
            assert [x for x in quiet(h) if x["type"] == "error"] == []


def test_a_friend_who_left_before_start_is_played_by_a_bot_until_he_is_back() -> None:
    """START's words say which seats the bots play: each nobody sits at then, a friend who
    sat down and left too (the table would wait at his turn for nobody); his key gives the
    seat back."""
    with gathering() as (client, t, _, h):
        with connect(client, t, invitation(t, 1)) as fws:
            key = welcome_key(Seat(fws))
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
        h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]["connected"])
        m = host_starts(h)
        assert m["table"]["seats"][1]["kind"] == "bot"
        with connect(client, t, key) as fws:
            Seat(fws).until(lambda x: x["type"] == "state")
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"] == "human")


def test_once_the_host_has_left_a_friend_may_start() -> None:
    """The host left a gathering table: his friends would wait for him forever. Anyone then
    may start it (the state says so), a bot playing his seat until he comes back."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=SEED, friends=True)
        with connect(client, t, invitation(t, 3)) as fws:
            f = Seat(fws)
            welcome_key(f)
            with connect(client, t) as hws:
                Seat(hws).until(lambda x: x["type"] == "state")
                f.until(lambda x: x["type"] == "state" and x["table"]["seats"][0]["connected"])
                refused(f, "not_host", "South starts it", type="start")
            m = f.until(lambda x: x["type"] == "state"
                        and not x["table"]["seats"][0]["connected"])
            assert m["table"]["may_start"] is True
            assert m["status"] == "South has left: anyone may start the game"
            f.send(type="start")
            m = f.until(lambda x: x["type"] == "state" and not x["table"]["gathering"])
            assert [s["kind"] for s in m["table"]["seats"]] == ["bot", "bot", "bot", "human"]
            f.until(lambda x: x["type"] == "state" and x["view"]["auction"] != [])


def test_nobody_is_waited_on_before_start() -> None:
    """The host to bid first (seed 7) is not waited on while the table gathers: after the
    idle wait anyone could have let a bot play his seat before the game began."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=7, friends=True)
    t.seats[1].kind = "human"                          # West has sat down
    assert t.game.to_move == 0 and t.waiting_on({0, 1}) == set()
    t.note_wait({0, 1})
    t.waiting_since -= 3600.0
    with pytest.raises(TableError, match="can give a seat to a bot"):
        t.seat_to_bot(1, 0, {0, 1})
    assert t.start(0, {0, 1}) and t.waiting_on({0, 1}) == {0}


def test_a_table_saved_while_gathering_comes_back_gathering(tmp_path: Path) -> None:
    """The gathering is saved with the table: a server restarted mid-gathering still waits
    for START. A table saved before there was one plays (it was never gathering)."""
    with gathering(Store(tmp_path / "g.db")) as (_, t, _, h):
        h.until(lambda x: x["type"] == "state")
    with web_client(Store(tmp_path / "g.db"), mode="serve") as client, \
            connect(client, t) as ws:
        h = Seat(ws)
        m = h.until(lambda x: x["type"] == "state")
        assert m["table"]["gathering"] is True and m["view"]["to_move"] is None
        time.sleep(0.3)
        assert quiet(h) == []
        host_starts(h)
        assert h.until(lambda x: x["type"] == "state" and x["view"]["auction"] != [])
    table = Table.new("australian", Rules.preset("australian"), "easy", seed=SEED, friends=True)
    assert Table.from_json(table.to_json()).gathering is True
    old = table.to_json()
    del old["gathering"]                               # as saved before gatherings
    assert Table.from_json(old).gathering is False


def test_a_table_without_friends_never_gathers() -> None:
    """At home, or serving a table of bots, the game plays at once; START there changes
    nothing and sends nothing."""
    with seated(preset="australian", seed=SEED) as (_, _, seat):
        m = seat.until(lambda x: x["type"] == "state" and x["view"]["auction"] != [])
        assert m["table"]["gathering"] is False and m["table"]["may_start"] is False
        seat.send(type="start")
        assert [x for x in quiet(seat) if x["type"] == "error"] == []
    with seated(preset="australian", seed=SEED, mode="serve") as (_, _, seat):
        m = seat.until(lambda x: x["type"] == "state" and x["view"]["auction"] != [])
        assert m["table"]["gathering"] is False


# ---------------------------------------------------------------- the page


@contextmanager
def served(tmp_path: Path) -> Iterator[tuple[Browser, str, list[str]]]:
    """Chromium and a live server in serve mode (bots at 0.05 s a move): the browser, the
    address, and the list its pages' errors go to, which must stay empty."""
    errors: list[str] = []
    with live_server(tmp_path / "serve.db", "serve") as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        yield browser, url, errors
        browser.close()
    assert not errors, f"errors in the page: {errors}"


def page_of(browser: Browser, errors: list[str], phone: str | None = None) -> Page:
    """A new page (at a desk, or a phone of ``PHONES``) in its own browser context."""
    ctx = (browser.new_context(viewport=DESKTOP) if phone is None else
           browser.new_context(viewport=PHONES[phone], has_touch=True))
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(30_000)
    return page


def host_a_table(page: Page, url: str) -> None:
    """From the lobby, a table for friends (dealt from ``SEED``): its gathering panel shown."""
    page.route("**/api/tables", lambda route: seeded(route, SEED))
    page.goto(url)
    page.wait_for_selector("#lobby button#play")
    page.check("#friends")
    page.click("button#play")
    page.wait_for_selector("#gathering:not([hidden])")


def test_the_host_starts_the_game_from_the_gathering_panel(tmp_path: Path) -> None:
    """The host sees every seat, a COPY LINK for each not taken and START focused, saying
    which seats the bots will play; a friend who opens his link reads whom the game waits
    for; nothing moves until START, then the panel goes and the bots play."""
    with served(tmp_path) as (browser, url, errors):
        host = page_of(browser, errors)
        host_a_table(host, url)
        host.wait_for_function("document.activeElement.id === 'gathering-start'")
        assert host.get_attribute("#gathering", "aria-labelledby") == "gathering-title"
        assert host.inner_text("#gathering-start") == "START — bots play for West, North and East"
        assert host.locator("#gathering button:has-text('COPY LINK')").count() == 3
        assert host.is_hidden("#menu")               # (no menu over the panel)
        host.click('#gathering li[data-seat="2"] button')
        host.wait_for_selector("#toasts .toast:has-text('Link for North copied')")
        link = host.input_value('#gathering li[data-seat="1"] input')
        friend = page_of(browser, errors)
        friend.goto(link)
        friend.wait_for_selector("#name-dialog:not([hidden])")
        friend.fill("#name-input", "Ann")
        friend.keyboard.press("Enter")
        friend.wait_for_selector("#gathering:not([hidden])")
        assert friend.inner_text("#gathering-line") == "Waiting for South to start the game"
        assert friend.is_hidden("#gathering-start")
        # (the name comes in a state of its own, after the seat's: waited for, not read at once)
        friend.wait_for_function("""() => document.getElementById('gathering-seats').innerText
            .includes('Ann you')""")
        host.wait_for_function("""() => document.getElementById('gathering-start').textContent
            === 'START — bots play for North and East'""")
        host.wait_for_function("""() => document.getElementById('gathering-seats').innerText
            .includes('Ann joined')""")
        assert host.locator("#gathering button:has-text('COPY LINK')").count() == 2
        host.wait_for_timeout(500)                   # (many of the bots' 0.05 s paces)
        assert host.evaluate("window.fivehundred.app.state.view.auction.length") == 0
        host.focus("#gathering-start")
        host.keyboard.press("Enter")
        for page in (host, friend):
            page.wait_for_selector("#gathering", state="hidden")
            page.wait_for_function("window.fivehundred.app.state.view.auction.length > 0")
        assert host.is_visible("#status")


def test_on_a_phone_the_gathering_panel_fits_the_screen(tmp_path: Path) -> None:
    """A phone upright or on its side: the whole panel on the screen, START in sight."""
    with served(tmp_path) as (browser, url, errors):
        for phone in ("upright", "sideways"):
            host = page_of(browser, errors, phone)
            host_a_table(host, url)
            assert host.is_hidden("#menu")           # (no menu over the panel)
            size = PHONES[phone]
            box = host.locator("#gathering").bounding_box()
            start = host.locator("#gathering-start").bounding_box()
            assert box is not None and start is not None
            assert box["x"] >= 0 and box["y"] >= 0, (phone, box)
            assert box["x"] + box["width"] <= size["width"], (phone, box)
            assert box["y"] + box["height"] <= size["height"], (phone, box)
            assert box["y"] <= start["y"] and start["y"] + start["height"] <= \
                box["y"] + box["height"], (phone, box, start)
            host.click("#gathering-start")
            host.wait_for_selector("#gathering", state="hidden")
            host.context.close()
