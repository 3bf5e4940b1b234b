"""The game served under a path prefix by a reverse proxy (club.example/500/, nginx's
``location /500/ { proxy_pass http://127.0.0.1:8500/; }``): the page asks only for addresses
under its own, with no setting of the server's.  The page itself, played under a prefix in a
browser, is test_browser_prefix_s20.py's."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from starlette.responses import PlainTextResponse
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

from fivehundred.web.app import STATIC, create_app
from fivehundred.web.botpool import BotPool
from fivehundred.web.store import Store

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

