"""Fixes from a read of the day's change: a new crash's traceback is not taken for a repeat,
a keep-alive request's time counts from its first byte and one cut unsent is told 408, a
body cut for slowness is no crash, macOS's open-files limit is raised as far as it goes, and
Hard's misère defence at six players counts the tricks played as gone."""

from __future__ import annotations

import logging
import socket
import sys
import time
import types
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.bots import Budget, make
from fivehundred.bots.medium import play_decision
from fivehundred.web import server
from fivehundred.web.server import Repeats
from test_server_ops_s12 import _live


def _crash(exc: BaseException) -> logging.LogRecord:
    """A record as uvicorn logs a crash of the app: the same first line for every crash."""
    return logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1,
                             "Exception in ASGI application\n", (), (type(exc), exc, None))


def test_a_new_crash_within_the_minute_is_shown_with_its_traceback() -> None:
    now = [0.0]
    f = Repeats(clock=lambda: now[0])
    assert f.filter(_crash(ConnectionResetError("gone")))
    now[0] += 1
    assert not f.filter(_crash(ConnectionResetError("gone")))     # the same: held back
    assert f.filter(_crash(KeyError("a real bug in the hub")))    # another: shown


def _answer(s: socket.socket) -> bytes:
    """One whole HTTP answer read from ``s`` (its head, then its body by Content-Length: a
    body read by the next ``recv`` was taken for the next request's answer)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        chunk = s.recv(4096)
        if not chunk:
            break
        body += chunk
    return head


def test_a_keep_alive_request_has_its_time_from_its_first_byte(tmp_path: Path) -> None:
    """A browser reuses a connection some seconds after an answer: that idle time is not
    taken from its next request's.  A connection that sends nothing whole is told 408."""
    with _live(tmp_path, request_seconds=2.0) as port:
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(5)
        s.sendall(b"GET /api/stats HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _answer(s).startswith(b"HTTP/1.1 200")
        time.sleep(1.5)
        s.sendall(b"GET /api/stats HTTP/1.1\r\n")
        time.sleep(1.0)                 # 2.5 s after the answer, 1 s into the request
        s.sendall(b"Host: x\r\n\r\n")
        assert _answer(s).startswith(b"HTTP/1.1 200")
        s.close()
        idle = socket.create_connection(("127.0.0.1", port))
        idle.settimeout(5)
        idle.sendall(b"GET /api/stats HTTP/1.1\r\nHost: x\r\n")      # and no more
        assert idle.recv(4096).startswith(b"HTTP/1.1 408")
        idle.close()


def test_a_body_cut_for_slowness_is_no_crash(tmp_path: Path,
                                             caplog: pytest.LogCaptureFixture) -> None:
    with _live(tmp_path, request_seconds=0.5) as port:
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(5)
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                  b"application/json\r\nContent-Length: 80\r\n\r\n{\"preset\"")
        assert s.recv(4096) == b""      # closed, the body never whole
        s.close()
        time.sleep(0.3)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_the_open_files_limit_is_raised_as_far_as_macos_lets_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """macOS says its hard limit is infinite and refuses more than 10240."""
    limit = [256]
    inf = 2**63 - 1

    def setrlimit(which: int, pair: tuple[int, int]) -> None:
        if pair[0] > server.OPEN_MAX_MACOS:
            raise ValueError("not allowed to raise maximum limit")
        limit[0] = pair[0]

    fake = types.SimpleNamespace(RLIMIT_NOFILE=8, RLIM_INFINITY=inf,
                                 getrlimit=lambda which: (limit[0], inf), setrlimit=setrlimit)
    monkeypatch.setitem(sys.modules, "resource", fake)
    assert server.raise_open_files() == (256, server.OPEN_MAX_MACOS)


def test_hards_misere_defence_at_six_counts_the_tricks_played_as_gone() -> None:
    """Its chance that a lead forces the declarer counted played cards as still out."""
    checked = 0
    for seed in range(1, 60):
        g = Game(Rules.preset("six_pairs"), seed=seed)
        if "open-misere" not in g.legal_actions():
            continue
        g.apply("open-misere")
        while g.phase == "auction":
            g.apply("pass")
        while g.phase != "play":
            g.apply(g.legal_actions()[0])
        d = g.contract.declarer if g.contract is not None else -1
        while g.phase == "play":
            v = g.view(g.to_move)
            if v.seat != d and len(g.tricks) >= 3 and not v.trick:
                got = make("hard", seed=1, budget=Budget(samples=2)).act(v)
                want = play_decision(v, remember=True)
                assert [(c.action, c.note) for c in got.candidates] == \
                    [(c.action, c.note) for c in want.candidates]
                checked += 1
                break
            g.apply(g.legal_actions()[0])
        if checked >= 2:
            break
    assert checked >= 1


def test_random_low_decides_the_same_for_the_same_view() -> None:
    """Every bot's promise (bots/base.py): it kept one generator across decisions, so a
    take-back at the terminal table met other cards."""
    g = Game(Rules.preset("australian"), seed=1)
    while g.phase == "auction":
        g.apply("pass" if g.to_move else g.legal_actions()[1])
    while g.phase != "play":
        g.apply(g.legal_actions()[0])
    bot = make("random_low", seed=1)
    v = g.view(g.to_move)
    assert len({bot.act(v).action for _ in range(6)}) == 1
    assert make("random_low", seed=1).act(v).action == bot.act(v).action
