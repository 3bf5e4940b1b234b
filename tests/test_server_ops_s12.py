"""The public server as an operator runs it (``fivehundred serve``): its log (time, level and
logger on each line, no query string, a line repeating held back), its bounds on clients that
never finish a request, its address (never an empty one, every network said so), and a
reverse proxy named with ``--proxy``, whose X-Forwarded-For alone is believed."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import websockets
from starlette.testclient import TestClient

from browser import live_hub
from fivehundred.cli import main
from fivehundred.web import server
from fivehundred.web.app import create_app
from fivehundred.web.botpool import BotPool
from fivehundred.web.server import (
    LogLines,
    Repeats,
    log_to_stderr,
    server_config,
    trusted_proxies,
)
from fivehundred.web.store import Store
from fivehundred.web.throttle import Throttle

LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (DEBUG|INFO|WARNING|ERROR|CRITICAL) "
                  r"[\w.]+: ")
"""A line of the server's log: its time, level and logger first."""


def _exit(argv: list[str]) -> int:
    """The status of ``main(argv)``, argparse's refusals (SystemExit) included."""
    try:
        return main(argv)
    except SystemExit as e:
        return int(e.code or 0)


def _record(name: str, msg: str, *args: object, level: int = logging.ERROR) -> logging.LogRecord:
    """A log record as ``logging.getLogger(name)`` makes it."""
    return logging.LogRecord(name, level, __file__, 1, msg, args, None)


# ------------------------------------------------------------------- the log (item 1)


def test_a_repeated_line_is_shown_once_a_minute_then_with_how_many_were_held() -> None:
    now = [1000.0]
    f = Repeats(every=60.0, clock=lambda: now[0])
    failed = "the game %s could not be saved: %s"
    assert f.filter(_record("fivehundred.web", failed, "k6bl", "disk full"))
    for _ in range(11):                      # (every 5 s for a minute less 5 s)
        now[0] += 5
        assert not f.filter(_record("fivehundred.web", failed, "k6bl", "disk full"))
    assert f.filter(_record("fivehundred.web", failed, "other", "disk full"))  # another table
    assert f.filter(_record("fivehundred.web", failed, "k6bl", "disk full", level=logging.INFO))
    now[0] += 5
    shown = _record("fivehundred.web", failed, "k6bl", "disk full")
    assert f.filter(shown)
    assert shown.getMessage() == ("the game k6bl could not be saved: disk full (repeated 11 "
                                  "times more in the 60 s since it was shown)")
    now[0] += 1
    assert not f.filter(_record("fivehundred.web", failed, "k6bl", "disk full"))
    assert f.held_back() == [("fivehundred.web", logging.ERROR, "the game k6bl could not be "
                              "saved: disk full (repeated 1 time more in the 1 s since it was "
                              "shown)")]


def test_asyncio_lines_that_differ_below_their_first_line_are_one_line() -> None:
    """asyncio's "socket.accept() out of system resource", 15,000 a second at the open-files
    limit, and its callbacks' failures, which name a different timer each time."""
    now = [0.0]
    f = Repeats(clock=lambda: now[0])
    for when in range(1000):
        msg = ("Exception in callback BaseSelectorEventLoop._start_serving(...)\nhandle: "
               f"<TimerHandle when={when}>")
        assert f.filter(_record("asyncio", msg)) == (when == 0)
    text = LogLines(server.LOG_FORMAT).format(_record("asyncio", "x"))
    assert LINE.match(text), text


def test_the_log_never_shows_a_query_string() -> None:
    """uvicorn names a socket's path and query as it opens: a seat's token, a player's id."""
    rec = _record("uvicorn.error", '%s - "WebSocket %s" [accepted]', "203.0.113.5:5123",
                  "/ws?table=T1&token=SECRETTOKEN&player=SECRETPLAYER", level=logging.INFO)
    text = LogLines(server.LOG_FORMAT).format(rec)
    assert text.endswith('uvicorn.error: 203.0.113.5:5123 - "WebSocket /ws?table=T1" '
                         '[accepted]'), text
    rec = _record("fivehundred.web", "failed at http://h:1/api/record?table=T&token=SECRET2")
    assert "SECRET2" not in LogLines(server.LOG_FORMAT).format(rec)


def _serve_logging(monkeypatch: pytest.MonkeyPatch, mode: str, tmp_path: Path) -> None:
    """Run ``fivehundred serve`` (or ``play``) in this process, uvicorn's ``run`` logging a
    few lines as the game's server does (what it printed: the caller's ``capsys``)."""
    import uvicorn

    def serve(self: uvicorn.Server, sockets: list[Any]) -> None:
        logging.getLogger("fivehundred.web").info("deleted 3 saved tables unplayed past "
                                                  "their time")
        logging.getLogger("uvicorn.error").info('%s - "WebSocket %s" [accepted]', "1.2.3.4:5",
                                                "/ws?table=T&token=SECRETTOKEN")
        for _ in range(50):
            logging.getLogger("fivehundred.web").warning("the game k6bl could not be saved")

    monkeypatch.setattr(uvicorn.Server, "run", serve)
    argv = (["serve", "--port", "0"] if mode == "serve" else
            ["play", "--no-browser", "--port", "0"])
    handlers = list(logging.getLogger().handlers)
    assert main([*argv, "--db", str(tmp_path / "x.db")]) == 0
    assert logging.getLogger().handlers == handlers      # (the tests' logging as it was)


def test_serve_logs_each_line_with_its_time_level_and_logger(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """No logging was set up: the prune's INFO line was dropped, the warnings had no time."""
    _serve_logging(monkeypatch, "serve", tmp_path)
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert lines and all(LINE.match(line) for line in lines), err
    assert any(line.endswith("INFO fivehundred.web: deleted 3 saved tables unplayed past "
                             "their time") for line in lines), err
    assert any("INFO fivehundred.web.server: serving at http://127.0.0.1:" in line
               and "(0 unfinished games in it)" in line for line in lines), err
    assert any("INFO fivehundred.web.server: stopped: no table was held in memory" in line
               for line in lines), err
    assert 'uvicorn.error: 1.2.3.4:5 - "WebSocket /ws?table=T" [accepted]' in err
    assert "SECRETTOKEN" not in err
    saves = [line for line in lines if "could not be saved" in line]
    assert len(saves) == 2 and saves[1].endswith("(repeated 49 times more in the 0 s since "
                                                 "it was shown)"), saves
    assert "Five Hundred is at" in out and "Five Hundred stopped." in out


def test_play_at_home_logs_only_what_went_wrong(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _serve_logging(monkeypatch, "play", tmp_path)
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(" ", 2)[2] for line in lines] == [
        "WARNING fivehundred.web: the game k6bl could not be saved",
        "WARNING fivehundred.web: the game k6bl could not be saved (repeated 49 times more in "
        "the 0 s since it was shown)"]


def test_log_to_stderr_is_undone(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    undo = log_to_stderr(logging.INFO)
    logging.getLogger("fivehundred.web").info("seen")
    undo()
    logging.getLogger("fivehundred.web").info("not seen")
    assert (root.level, root.handlers) == (level, handlers)
    err = capsys.readouterr().err
    assert "INFO fivehundred.web: seen" in err and "not seen" not in err


# --------------------------------------------------- clients that never finish (item 2)


@contextmanager
def _live(tmp_path: Path, **config: Any) -> Iterator[int]:
    """A live server (local mode, bots in a thread) on a free port, ``server_config``'s
    keywords given: its port."""
    with live_hub(tmp_path / "live.db", "local", pace=0.0, trick_pause=0.0,
                  **config) as (url, _):
        yield int(url.rstrip("/").rsplit(":", 1)[1])


def _closed_within(s: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``s`` within ``seconds`` (what it sends first is read)."""
    s.settimeout(seconds)
    try:
        while s.recv(4096):
            pass
        return True
    except TimeoutError:
        return False
    except OSError:
        return True


def _told_then_closed(s: socket.socket, seconds: float) -> bytes:
    """What the server sends on ``s`` before it closes it (AssertionError if it has not
    closed it within ``seconds``: a bound far above the request's, never reached)."""
    s.settimeout(seconds)
    got = b""
    try:
        while chunk := s.recv(4096):
            got += chunk
    except TimeoutError:
        raise AssertionError(f"not closed within {seconds} s; sent {got!r}") from None
    except OSError:
        pass
    return got


def test_a_connection_sending_half_a_header_is_closed(tmp_path: Path) -> None:
    """uvicorn waits for ever on half a header: 300 such connections took every file
    handle.  A request whole in time is answered, sent slowly or after another."""
    with _live(tmp_path, request_seconds=1.0) as port:
        loris = socket.create_connection(("127.0.0.1", port))
        loris.sendall(b"GET /api/stats HTTP/1.1\r\nHost: x\r\n")      # and no more
        slow = socket.create_connection(("127.0.0.1", port))
        slow.sendall(b"GET /api/stats HTTP/1.1\r\n")
        time.sleep(0.4)
        slow.sendall(b"Host: x\r\n\r\n")
        slow.settimeout(5)
        assert slow.recv(100).startswith(b"HTTP/1.1 200")
        slow.sendall(b"GET /api/stats HTTP/1.1\r\nHost: x\r\n")        # the next, half
        # closed by the request's bound (1 s), told so (408), not by uvicorn's keep-alive
        # (5 s, silent) or anything else: each is sent the 408, then the close
        assert _told_then_closed(loris, 5).startswith(b"HTTP/1.1 408")
        rest = _told_then_closed(slow, 5)         # (the 200's rest first: 100 bytes were read)
        assert rest.rsplit(b"HTTP/1.1 ", 1)[1].startswith(b"408 "), rest
        loris.close()
        slow.close()


def test_a_game_socket_is_not_closed_by_the_request_time(tmp_path: Path) -> None:
    """The bound is on a request's coming, not on a socket once open (a table's for hours)."""
    with _live(tmp_path, request_seconds=0.5) as port:
        import urllib.request

        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables",
                                     json.dumps({"preset": "australian",
                                                 "strength": "easy"}).encode(),
                                     {"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            table = json.loads(r.read())

        async def talk() -> str:
            url = f"ws://127.0.0.1:{port}/ws?table={table['table']}&token={table['token']}"
            async with websockets.connect(url) as ws:
                await ws.recv()
                await asyncio.sleep(1.5)
                await ws.send(json.dumps({"type": "ping"}))
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    if msg["type"] == "pong":
                        return "pong"

        assert asyncio.run(talk()) == "pong"


def test_connections_past_the_most_are_closed_at_once(tmp_path: Path) -> None:
    """At the open-files limit asyncio accepts nothing and logs it 15,000 times a second;
    the server keeps some handles for itself and closes a connection past its most."""
    with _live(tmp_path, request_seconds=30.0, most=2) as port:
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        time.sleep(0.3)
        extra = socket.create_connection(("127.0.0.1", port))
        assert _closed_within(extra, 3)
        assert not _closed_within(held[0], 0.3)
        for s in [*held, extra]:
            s.close()


def test_the_open_files_limit_is_raised_to_the_hard_one() -> None:
    code = ("import resource as r; soft, hard = r.getrlimit(r.RLIMIT_NOFILE); "
            "r.setrlimit(r.RLIMIT_NOFILE, (64, hard)); "
            "from fivehundred.web.server import raise_open_files, connection_limit; "
            "print(raise_open_files() == (64, hard), r.getrlimit(r.RLIMIT_NOFILE)[0] == hard, "
            "connection_limit() == max(16, hard - 64))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["True", "True", "True"], out


# ------------------------------------------------------------------ the address (item 3)


@pytest.mark.parametrize("host", ["", "  "])
def test_an_empty_host_is_refused(host: str, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """An unset $HOST in a service file listened on every network and said "http://:8500/"."""
    monkeypatch.setattr(server, "run", lambda *a: 0)
    assert _exit(["serve", "--host", host]) == 2
    err = capsys.readouterr().err
    assert "argument --host: empty: name the address to listen on" in err, err


@pytest.mark.parametrize("host", ["0", "0.0.0.0"])
def test_every_network_is_said_so(host: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """``--host 0`` printed "http://0:18540/" and ``0.0.0.0`` this machine's address alone."""
    import uvicorn

    ports: list[int] = []
    monkeypatch.setattr(uvicorn.Server, "run",
                        lambda self, sockets: ports.append(sockets[0].getsockname()[1]))
    assert main(["serve", "--host", host, "--port", "0", "--db", str(tmp_path / "x.db")]) == 0
    out, err = capsys.readouterr()
    assert f"Five Hundred is at http://127.0.0.1:{ports[0]}/ " in out
    assert (f"It listens on every network of this machine: friends open "
            f"http://{socket.gethostname()}:{ports[0]}/ ") in out
    assert "http://0:" not in out
    assert f"serving at http://0.0.0.0:{ports[0]}/ (every network of this machine)" in err


# ------------------------------------------------------------- a reverse proxy (item 4)


def test_proxy_addresses_are_checked_and_passed_on(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    got: list[Any] = []
    monkeypatch.setattr(server, "run", lambda *a: got.append(a) or 0)
    assert main(["serve", "--proxy", "127.0.0.1, 10.1.2.3/8", "--proxy", "::1"]) == 0
    assert got[0][5] == ["127.0.0.1", "10.0.0.0/8", "::1"]
    assert main(["serve"]) == 0 and got[1][5] == []
    for bad, said in (("nginx", "'nginx' is not an IP address or network"),
                      ("*", "'*' would believe any client's X-Forwarded-For"),
                      ("127.0.0.1,", "an empty address in '127.0.0.1,'")):
        assert _exit(["serve", "--proxy", bad]) == 2
        assert f"argument --proxy: {said}" in capsys.readouterr().err
    trusted = trusted_proxies(["127.0.0.1", "10.0.0.0/8", "::1"])   # (as a dual-stack
    assert [ipaddress.ip_network(t) for t in trusted] == [              # socket sees IPv4)
        ipaddress.ip_network(t) for t in ("127.0.0.1", "::ffff:127.0.0.1", "10.0.0.0/8",
                                          "::ffff:10.0.0.0/104", "::1")]


@contextmanager
def _behind(tmp_path: Path, proxies: list[str], peer: str) -> Iterator[TestClient]:
    """The app as uvicorn runs it (``server_config``, ``--proxy proxies``), serving, each
    address starting one table a minute, asked from ``peer``."""
    pool = BotPool("thread", 1)
    app = create_app(Store(tmp_path / f"p{len(proxies)}{peer}.db"), mode="serve", pool=pool)
    app.state.throttle = Throttle(1, 60.0)
    config = server_config(app, "127.0.0.1", 0, proxies)
    config.load()
    try:
        with TestClient(config.loaded_app, client=(peer, 40000)) as client:
            yield client
    finally:
        pool.close()


def _start(client: TestClient, forwarded: str | None, **headers: str) -> int:
    """POST a new table as the client named in ``X-Forwarded-For``: the status."""
    if forwarded is not None:
        headers["X-Forwarded-For"] = forwarded
    return client.post("/api/tables", json={"preset": "australian", "strength": "easy"},
                       headers=headers).status_code


def test_behind_a_named_proxy_each_client_has_its_own_allowance(tmp_path: Path) -> None:
    """Behind a reverse proxy every client was the proxy, one allowance for the club."""
    with _behind(tmp_path, ["127.0.0.1"], "127.0.0.1") as client:
        assert _start(client, "198.51.100.7, 203.0.113.5") == 200
        assert _start(client, "203.0.113.5") == 429
        assert _start(client, "203.0.113.6") == 200
    with _behind(tmp_path, [], "127.0.0.1") as client:                # not named: the proxy
        assert _start(client, "203.0.113.5") == 200
        assert _start(client, "203.0.113.6") == 429
    with _behind(tmp_path, ["127.0.0.1"], "192.0.2.9") as client:     # not the proxy
        assert _start(client, "203.0.113.5") == 200
        assert _start(client, "203.0.113.6") == 429


def test_the_guard_still_refuses_other_sites_behind_a_proxy(tmp_path: Path) -> None:
    with _behind(tmp_path, ["127.0.0.1"], "127.0.0.1") as client:
        site = {"Host": "cards.example", "X-Forwarded-Proto": "https"}
        assert _start(client, "203.0.113.5", Origin="https://evil.example", **site) == 403
        assert _start(client, "203.0.113.5", Origin="https://cards.example", **site) == 200
