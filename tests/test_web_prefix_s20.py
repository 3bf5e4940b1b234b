"""The game served under a path prefix by a reverse proxy (club.example/500/, nginx's
``location /500/ { proxy_pass http://127.0.0.1:8500/; }``): the page asks only for addresses
under its own, with no setting of the server's; and the lobby's lists of saved games are read
off the event loop, so a long list holds no table's socket up.  The page itself, played under
a prefix in a browser, is test_browser_prefix_s20.py's."""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from starlette.responses import PlainTextResponse
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

from fivehundred.web.app import STATIC, create_app
from fivehundred.web.botpool import BotPool
from fivehundred.web.store import Store
from webclient import played_table

PREFIX = "/500"
"""The path the proxy serves the game under (its page at ``/500/``)."""


def behind_prefix(app: ASGIApp, strays: list[str]) -> ASGIApp:
    """``app`` as the proxy serves it: the prefix taken off each request's path before the
    app sees it; a request outside the prefix (the site's own) answered 404, a WebSocket
    refused, and its path kept in ``strays``."""

    async def proxied(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await app(scope, receive, send)
            return
        path: str = scope["path"]
        if path.startswith(PREFIX + "/"):
            inner = path[len(PREFIX):]
            await app({**scope, "path": inner, "raw_path": inner.encode()}, receive, send)
            return
        strays.append(path)
        if scope["type"] == "http":
            await PlainTextResponse(f"not under {PREFIX}/", 404)(scope, receive, send)
        else:
            await send({"type": "websocket.close", "code": 1008})

    return proxied


class _Addresses(HTMLParser):
    """The addresses a page's HTML asks for (``src`` and ``href``, but ``#`` and ``data:``)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [v for k, v in attrs if k in ("src", "href") and v
                       and not v.startswith(("#", "data:"))]


def test_the_page_under_a_prefix_loads_everything_from_under_it() -> None:
    """The page at /500/ asks for its styles and scripts under /500/ (each answered), none
    from the site's root: they were ``/static/...``, which the site itself answers, not the
    game."""
    strays: list[str] = []
    pool = BotPool("thread", 1)
    try:
        app = create_app(Store(":memory:"), mode="serve", pool=pool, pace=0.0)
        with TestClient(behind_prefix(app, strays)) as client:
            page = client.get(f"{PREFIX}/")
            assert page.status_code == 200, page.text
            parser = _Addresses()
            parser.feed(page.text)
            assert len(parser.found) > 30, parser.found      # every sheet and module
            base = f"http://testserver{PREFIX}/"
            for ref in parser.found:
                url = urljoin(base, ref)
                assert url.startswith(base), f"{ref!r} is {urlsplit(url).path}, not under {base}"
                assert client.get(url).status_code == 200, ref
            assert client.get(f"{PREFIX}/api/lobby").json()["mode"] == "serve"
    finally:
        pool.close()
    assert strays == []


FROM_ROOT = re.compile(r"""(?<!appUrl\()[`"'](/(?:api/|ws\b|static/|\?)[^`"']*)""")
"""A string in a script naming an address from the site's root (``"/api/lobby"``,
``"/?table=..."``), but as ``appUrl``'s argument, which puts it under the page's own."""
ADDRESS_BAR = re.compile(r"""(?:pushState|replaceState)\([^;]*?,\s*[^,;]*?,\s*[`"']/""")
"""A step of the history whose address is written from the site's root."""


def test_no_script_names_an_address_from_the_site_root() -> None:
    """Every address the page's scripts ask for, or show in the address bar, is made under
    the page's own (``appUrl``): under a prefix, ``"/api/lobby"``, ``/ws``, ``"/?table=..."``
    and the lobby's ``"/"`` left the game for the site's root."""
    found: list[str] = []
    for script in sorted(Path(STATIC).glob("*.js")):
        code = "\n".join(line for line in script.read_text().splitlines()
                         if not line.lstrip().startswith(("//", "*", "/*")))
        found += [f"{script.name}: {m.group(1)}" for m in FROM_ROOT.finditer(code)]
        found += [f"{script.name}: {m.group(0)}" for m in ADDRESS_BAR.finditer(code)]
    assert found == []


class _Watched(Store):
    """A saves file that notes each of its reads (``load ID`` for a save's) and its thread."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.readers: list[tuple[str, int]] = []

    def load(self, table_id: str) -> dict[str, Any] | None:
        self.readers.append((f"load {table_id}", threading.get_ident()))
        return super().load(table_id)

    def unfinished(self) -> list[tuple[str, float]]:
        self.readers.append(("unfinished", threading.get_ident()))
        return super().unfinished()

    def finished(self, limit: int = 10, before: tuple[float, str] | None = None
                 ) -> tuple[list[tuple[str, float]], tuple[float, str] | None]:
        self.readers.append(("finished", threading.get_ident()))
        return super().finished(limit, before)


@contextmanager
def _loop_watched(store: Store, loop_threads: set[int]) -> Iterator[TestClient]:
    """A client of the home game's app over ``store``, the thread of its event loop noted in
    ``loop_threads`` as each request comes in."""
    pool = BotPool("thread", 1)
    app = create_app(store, mode="local", pool=pool, pace=0.0)

    async def noting(scope: Scope, receive: Receive, send: Send) -> None:
        loop_threads.add(threading.get_ident())
        await app(scope, receive, send)

    try:
        with TestClient(noting) as client:
            yield client
    finally:
        pool.close()


def test_the_lobby_reads_the_saved_games_off_the_event_loop() -> None:
    """The lobby's games to continue and finished games (``/api/lobby``, and the older
    finished ones, ``/api/finished``) are read from the saves file and replayed in a worker
    thread, never on the event loop's, where a long list held every table's socket up; the
    games are listed as before."""
    store = _Watched(":memory:")
    over, going = played_table(3, hands=None), played_table(5, hands=1)
    store.save(over.id, over.to_json(), finished=True)
    store.save(going.id, going.to_json(), finished=False)
    loop_threads: set[int] = set()
    with _loop_watched(store, loop_threads) as client:
        lobby = client.get("/api/lobby").json()
        assert lobby["continue"]["table"] == going.id, lobby["continue"]
        assert [g["table"] for g in lobby["finished"]] == [over.id], lobby["finished"]
        older = client.get(f"/api/finished?ended=1e12&table={over.id}z").json()
        assert [g["table"] for g in older["finished"]] == [over.id], older
    names = {name.split()[0] for name, _ in store.readers}
    assert {"load", "unfinished", "finished"} <= names, store.readers
    assert loop_threads and all(thread not in loop_threads for _, thread in store.readers), (
        loop_threads, store.readers)


def test_a_table_held_or_damaged_is_listed_as_before() -> None:
    """Read off the loop, the lobby still lists a game held in memory (the one its page
    has open, not read again) and leaves out a damaged save, which it reports."""
    store = _Watched(":memory:")
    going = played_table(5, hands=1)
    store.save(going.id, going.to_json(), finished=False)
    store.save("broken", {"id": "broken", "format": "nonsense"}, finished=False)
    loop_threads: set[int] = set()
    with _loop_watched(store, loop_threads) as client:
        assert client.get(f"/api/rules?table={going.id}").status_code == 200   # (held now)
        store.readers.clear()
        lobby = client.get("/api/lobby").json()
    assert lobby["continue"]["table"] == going.id and lobby["in_play"] == [], lobby
    loads = [name for name, _ in store.readers if name.startswith("load")]
    assert loads == ["load broken"], loads        # (the table held was not read again)
    assert any("broken" in p for p in lobby["problems"]), lobby["problems"]


class _FailingOffTheLoop(_Watched):
    """A saves file whose reads of a save fail with SQLite's error off the event loop (as a
    read can while the loop rolls back a failed save on the one connection)."""

    def __init__(self, path: str, loop_threads: set[int]) -> None:
        super().__init__(path)
        self.loop_threads = loop_threads

    def load(self, table_id: str) -> dict[str, Any] | None:
        if self.loop_threads and threading.get_ident() not in self.loop_threads:
            self.readers.append((f"failed {table_id}", threading.get_ident()))
            raise sqlite3.OperationalError("cannot rollback - SQL statements in progress")
        return super().load(table_id)


def test_a_save_sqlite_fails_to_read_off_the_loop_is_read_again_on_it() -> None:
    """A read off the loop that SQLite refuses is no error of the lobby's (a 500 for the
    player) and no damaged save: the game is read again on the loop and listed."""
    loop_threads: set[int] = set()
    store = _FailingOffTheLoop(":memory:", loop_threads)
    going = played_table(5, hands=1)
    store.save(going.id, going.to_json(), finished=False)
    with _loop_watched(store, loop_threads) as client:
        r = client.get("/api/lobby")
    assert r.status_code == 200, r.text
    lobby = r.json()
    assert lobby["continue"]["table"] == going.id and lobby["problems"] == [], lobby
    assert [name for name, _ in store.readers if name.split()[0] in ("failed", "load")] == [
        f"failed {going.id}", f"load {going.id}"], store.readers
