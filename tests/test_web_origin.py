"""Other sites' pages may not use the game's server: a state-changing request needs a JSON
body (so a browser asks first, and is not granted: CORS), from no page or the game's own (its
``Origin``); a socket opened by another site's page is refused; at home (``fivehundred play``)
only this machine's names are served (a DNS-rebinding page reads nothing).  Requests without
an ``Origin`` (curl, scripts, these tests' clients) go through.  (``web/guard.py``.)"""

from __future__ import annotations

import asyncio
import http.client
import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import websockets
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from browser import free_port, wait_until_up
from fivehundred.web.app import create_app
from fivehundred.web.botpool import BotPool
from fivehundred.web.store import Store
from webclient import new_table, web_client

BODY = json.dumps({"preset": "australian", "strength": "easy", "seed": 3})
EVIL = "https://evil.example"


def _saved(client: TestClient) -> int:
    """How many tables the saves file holds."""
    hub = client.app.state.hub     # type: ignore[attr-defined]
    n: int = hub.store.db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
    return n


@pytest.mark.parametrize("mode", ["local", "serve"])
def test_a_new_table_needs_a_json_body(mode: str) -> None:
    """A cross-site ``fetch`` in ``no-cors`` mode sends text/plain (or no type at all, or a
    form's) without asking first: each is refused with 415, nothing started."""
    with web_client(Store(":memory:"), mode) as client:
        for ctype in ("text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                      "multipart/form-data; boundary=x", "application/jsonx", "json", None):
            headers = {} if ctype is None else {"content-type": ctype}
            r = client.post("/api/tables", content=BODY.encode(), headers=headers)
            assert r.status_code == 415, (ctype, r.text)
            assert r.json() == {"error": "a request that changes anything takes a JSON body "
                                         "with Content-Type: application/json, not "
                                         f"{'none' if ctype is None else repr(ctype)}"}
        assert _saved(client) == 0 and not client.app.state.hub.tables  # type: ignore[attr-defined]
        for ctype in ("application/json", "Application/JSON; charset=utf-8"):
            r = client.post("/api/tables", content=BODY.encode(), headers={"content-type": ctype})
            assert r.status_code == 200, (ctype, r.text)
        assert _saved(client) == 2


@pytest.mark.parametrize("mode", ["local", "serve"])
def test_a_new_table_from_another_sites_page_is_refused(mode: str) -> None:
    """An ``Origin`` that is not the request's own host and port: 403, nothing started; the
    game's own page (same host and port, the scheme's port written or not) goes through."""
    with web_client(Store(":memory:"), mode) as client:
        def post(url: str, origin: str) -> int:
            r = client.post(url, content=BODY.encode(),
                            headers={"content-type": "application/json", "origin": origin})
            if r.status_code == 403:
                assert r.json() == {"error": "refused: the request comes from a page of "
                                             f"another site (Origin {origin!r}), not from "
                                             "the game's own page"}
            return r.status_code

        here = "http://127.0.0.1:8500/api/tables"
        for origin in (EVIL, "null", "http://127.0.0.1:8501", "http://localhost:8500",
                       "http://127.0.0.1", "http://127.0.0.1:8500.evil.example", "",
                       "http://127.0.0.1:8500/", "ftp://127.0.0.1:8500",
                       "http://127.0.0.1:99999999999999999999"):
            assert post(here, origin) == 403, origin
        assert post("http://evil.example/api/tables", "https://evil.example:443x") == 403
        assert _saved(client) == 0
        assert post(here, "http://127.0.0.1:8500") == 200
        assert post("http://cards.example/api/tables", "https://CARDS.example") == 200
        assert post("http://cards.example/api/tables", "http://cards.example:80") == 200
        assert post("http://cards.example:8500/api/tables", "http://cards.example:8500") == 200
        assert post("http://[::1]:8500/api/tables", "http://[::1]:8500") == 200
        assert _saved(client) == 5
        # (a page's own GETs need no Origin check: another site's cannot read the answer)
        assert client.get("/api/stats", headers={"origin": EVIL}).status_code == 200


@pytest.mark.parametrize("mode", ["local", "serve"])
def test_a_socket_opened_by_another_sites_page_is_refused(mode: str) -> None:
    """It is told why and closed with 4403, its seat untouched; the game's own page's
    socket and one without an Origin are taken."""
    with web_client(Store(":memory:"), mode) as client:
        hub = client.app.state.hub     # type: ignore[attr-defined]
        t = new_table(client)
        url = f"/ws?table={t['table']}&token={t['token']}"
        for origin in (EVIL, "null", "http://testserver:8500"):
            with client.websocket_connect(url, headers={"origin": origin}) as ws:
                assert ws.receive_json() == {
                    "type": "error", "code": "forbidden",
                    "message": "refused: this socket was opened by a page of another site "
                               f"(Origin {origin!r}), not by the game's own page"}
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4403
            assert not hub.conns.get(t["table"]) and hub.tables[t["table"]].seq == 0
        for headers in ({"origin": "http://testserver"}, {}):
            with client.websocket_connect(url, headers=headers) as ws:
                assert ws.receive_json()["type"] == "state"


@contextmanager
def _guarded(hosts: tuple[str, ...]) -> Iterator[TestClient]:
    """A client of an app that serves only ``hosts``."""
    pool = BotPool("thread", 1)
    app = create_app(Store(":memory:"), pool=pool, pace=0.0, trick_pause=0.0, hosts=hosts)
    try:
        with TestClient(app, base_url="http://127.0.0.1:8500") as client:
            yield client
    finally:
        pool.close()


def test_at_home_only_this_machines_names_are_served() -> None:
    """A page of evil.example whose name was made to point at 127.0.0.1 (DNS rebinding)
    asks with its own name as the Host: 400 for everything (the lobby's seat links), the
    socket refused; this machine's names, with a port or without, are served."""
    from fivehundred.web.guard import LOCAL_HOSTS

    with _guarded(LOCAL_HOSTS) as client:
        for host in ("evil.example:8500", "evil.example", "127.0.0.1.evil.example",
                     "localhost.evil.example:8500", "[::1]evil", "127.0.0.1:85x", "",
                     "127.0.0.2:8500", "0.0.0.0:8500", "127.0.0.1:8500:1"):
            for path in ("/api/lobby", "/", "/static/app.js"):
                r = client.get(path, headers={"host": host})
                assert r.status_code == 400, (host, path, r.status_code)
                assert r.json() == {"error": "this server answers only at 127.0.0.1, "
                                             "localhost or [::1] (fivehundred play serves "
                                             f"this machine alone), not at {host!r}"}
            r = client.post("/api/tables", content=BODY.encode(),
                            headers={"host": host, "content-type": "application/json"})
            assert r.status_code == 400
            assert _saved(client) == 0
        with client.websocket_connect("/ws?table=x&token=y",
                                      headers={"host": "evil.example:8500"}) as ws:
            err = ws.receive_json()
            assert err["code"] == "forbidden" and "answers only at 127.0.0.1" in err["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
        for host in ("127.0.0.1:8500", "127.0.0.1", "localhost", "LocalHost:8500", "[::1]",
                     "[::1]:8500"):
            assert client.get("/api/lobby", headers={"host": host}).status_code == 200, host


def _raw(port: int, method: str, path: str, headers: dict[str, str],
         body: str | None = None) -> tuple[int, str]:
    """One request as written, the Host too."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for k, v in headers.items():
            conn.putheader(k, v)
        data = body.encode() if body is not None else None
        if data is not None:
            conn.putheader("Content-Length", str(len(data)))
        conn.endheaders(data)
        r = conn.getresponse()
        return r.status, r.read().decode()
    finally:
        conn.close()


@pytest.mark.parametrize("mode", ["play", "serve"])
def test_the_servers_refuse_other_sites(tmp_path: Path, mode: str) -> None:
    """``fivehundred play`` and ``serve`` as run: the requests of the security review (a
    text/plain POST, another site's Origin, its socket; at home a foreign Host) are refused,
    no table started; serving, a public server's own name is served."""
    port = free_port()
    db = tmp_path / "saves.db"
    args = ["--no-browser"] if mode == "play" else []
    server = subprocess.Popen(
        [sys.executable, "-m", "fivehundred", mode, *args, "--port", str(port), "--db",
         str(db)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    here = f"127.0.0.1:{port}"
    try:
        wait_until_up(port)
        status, text = _raw(port, "GET", "/api/lobby", {"Host": f"evil.example:{port}"})
        assert status == (400 if mode == "play" else 200), text[:200]
        posts = [({"Host": here, "Content-Type": "text/plain"}, 415),
                 ({"Host": here, "Content-Type": "application/json", "Origin": EVIL}, 403),
                 ({"Host": here, "Content-Type": "text/plain", "Origin": EVIL}, 403)]
        for headers, refused in posts:
            status, text = _raw(port, "POST", "/api/tables", headers, BODY)
            assert status == refused, (headers, text)

        async def foreign_socket() -> tuple[object, object]:
            async with websockets.connect(f"ws://{here}/ws?table=x&token=y",
                                          origin=websockets.Origin(EVIL)) as ws:
                err = json.loads(await ws.recv())
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await ws.recv()
                return err["code"], closed.value.rcvd.code if closed.value.rcvd else None

        assert asyncio.run(foreign_socket()) == ("forbidden", 4403)
        status, text = _raw(port, "POST", "/api/tables",
                            {"Host": here, "Content-Type": "application/json",
                             "Origin": f"http://{here}"}, BODY)
        assert status == 200, text
    finally:
        server.terminate()
        server.communicate(timeout=30)
    from fivehundred.web.store import Store as S
    store = S(db)
    try:
        assert store.db.execute("SELECT COUNT(*) FROM tables").fetchone()[0] == 1
    finally:
        store.close()
