"""What one client may cost the server: serving, ``POST /api/tables`` started tables without
end, each saved to disk (now ``throttle.Throttle``: a few at once, then one a minute; at home no
limit), and read a body of any size before parsing it (now 413 past ``app.MAX_BODY``)."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import fivehundred.web.app as app_module
from browser import DESKTOP, live_server, viewport_page
from fivehundred.web.app import MAX_BODY
from fivehundred.web.store import Store
from fivehundred.web.throttle import NEW_TABLES_BURST, Throttle
from webclient import web_client


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_serving_a_client_starting_too_many_tables_is_told_how_long_to_wait() -> None:
    store = Store(":memory:")
    with web_client(store, mode="serve") as client:
        clock = Clock()
        client.app.state.throttle = Throttle(2, 90.0, clock)  # type: ignore[attr-defined]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        for _ in range(2):
            assert client.post("/api/tables", json={"strength": "easy"}).status_code == 200
        clock.now = 30.0
        r = client.post("/api/tables", json={"strength": "easy"})
        assert r.status_code == 429, r.text
        assert r.headers["retry-after"] == "60"
        assert r.json() == {"error": "too many new games from your address: start the next "
                                     "in 60 s"}
        assert len(hub.tables) == 2 == len(store.unfinished())      # nothing started
        clock.now = 90.0                                              # (one token back)
        assert client.post("/api/tables", json={"strength": "easy"}).status_code == 200
        assert client.post("/api/tables", json={}).status_code == 429


def test_the_default_limit_only_serving() -> None:
    """Serving, ``NEW_TABLES_BURST`` at once and then a wait; at home (``play``), no limit."""
    for mode, refused in (("serve", [NEW_TABLES_BURST]), ("local", [])):
        with web_client(Store(":memory:"), mode=mode) as client:
            codes = [client.post("/api/tables", json={"strength": "easy"}).status_code
                     for _ in range(NEW_TABLES_BURST + 1)]
        assert [i for i, c in enumerate(codes) if c != 200] == refused, (mode, codes)


def test_clients_count_apart_and_ipv6_by_network() -> None:
    """Each address has a bucket of its own; an IPv6 one counts by its /56 (a home line's,
    256 networks of 64 bits, each a whole machine's to choose from); an IPv4 address a
    dual-stack socket writes ``::ffff:a.b.c.d`` is that address."""
    t = Throttle(1, 60.0, Clock())
    assert t.wait("192.0.2.1") == 0.0 and t.wait("192.0.2.2") == 0.0
    assert t.wait("::ffff:192.0.2.1") == 60.0
    assert t.wait("2001:db8:0:1::1") == 0.0 and t.wait("2001:db8:0:1:ffff::9") == 60.0
    assert t.wait("2001:db8:0:ff::1") == 60.0        # (another /64 of the same /56)
    assert t.wait("2001:db8:0:100::1") == 0.0


def test_the_clients_remembered_are_only_the_recent_ones() -> None:
    """A bucket that has filled again is forgotten: a stream of new addresses does not make
    the throttle grow without end."""
    clock = Clock()
    t = Throttle(2, 1.0, clock)
    for i in range(20000):
        assert t.wait(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}") == 0.0
        clock.now += 0.01
    assert len(t.buckets) <= 2048


def _chunks(size: int) -> Iterator[bytes]:
    """A body of ``size`` bytes sent in pieces, with no Content-Length."""
    body = b'{"strength": "easy", "name": "' + b"a" * (size - 33) + b'"}'
    assert len(body) == size - 1
    for i in range(0, len(body), 4096):
        yield body[i:i + 4096]
    yield b" "


@pytest.mark.parametrize("mode", ["local", "serve"])
def test_a_body_too_big_is_refused_unparsed(mode: str) -> None:
    with web_client(Store(":memory:"), mode=mode) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        padded = b'{"strength": "easy"' + b" " * (MAX_BODY - 20) + b"}"
        assert len(padded) == MAX_BODY
        json_body = {"content-type": "application/json"}
        assert client.post("/api/tables", content=padded,
                           headers=json_body).status_code == 200     # (at most)
        for big in (padded + b" ", _chunks(MAX_BODY + 1), _chunks(10 * MAX_BODY)):
            r = client.post("/api/tables", content=big, headers=json_body)
            assert r.status_code == 413, r.text
            assert r.json() == {"error": f"the body is over {MAX_BODY} bytes (a new game's "
                                         "request is a few hundred)"}
        r = client.post("/api/tables", content=b"{}",
                        headers={**json_body, "content-length": "9" * 5000})   # (unread)
        assert r.status_code == 413
        assert len(hub.tables) == 1


def test_the_lobby_shows_the_servers_answer_to_one_table_too_many(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PLAY answered 429: the lobby says what the server said (how long to wait)."""
    monkeypatch.setattr(app_module, "NEW_TABLES_BURST", 0)     # (none at once: one a minute)
    with live_server(tmp_path / "s.db", "serve") as url, viewport_page(DESKTOP) as page:
        page.goto(url)
        page.wait_for_selector("#lobby button#play")
        with page.expect_response("**/api/tables") as answer:
            page.click("button#play")
        assert answer.value.status == 429
        said = json.loads(answer.value.text())["error"]
        page.wait_for_selector("#lobby-error:not([hidden])")
        assert page.inner_text("#lobby-error") == f"Could not start the game: {said}"
        assert "start the next in 60 s" in said


def test_a_forwarded_for_header_names_no_new_client(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn's default believes X-Forwarded-For from 127.0.0.1: behind a reverse proxy on
    the same machine that passes the client's own header on, each request named a new
    address, and the limit was gone.  The game's server believes the connection only."""
    monkeypatch.setattr(app_module, "NEW_TABLES_BURST", 1)
    with live_server(tmp_path / "s.db", "serve") as url:
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        answers = []
        for i in range(2):
            conn = http.client.HTTPConnection(host, int(port), timeout=10)
            conn.request("POST", "/api/tables", body=json.dumps({"strength": "easy"}),
                         headers={"Content-Type": "application/json",
                                  "X-Forwarded-For": f"198.51.100.{i}"})
            answers.append(conn.getresponse().status)
            conn.close()
        assert answers == [200, 429]
