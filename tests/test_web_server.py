"""The server as a person runs it: `fivehundred play` in its own process, stopped by Ctrl-C
while a browser is connected, quietly (no traceback), with exit status 0 and the game saved."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import websockets

from browser import free_port, wait_until_up


def _post(url: str, body: dict[str, object]) -> dict[str, str]:
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        reply: dict[str, str] = json.loads(r.read())
        return reply


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_with_a_browser_connected_stops_the_server_quietly(
        tmp_path: Path, stop: signal.Signals) -> None:
    """Ctrl-C, or SIGTERM (a service manager's stop): the same quiet stop, the bots' pool
    cleaned up (SIGTERM killed the process after uvicorn's shutdown: status -15, no
    "stopped" line, and "leaked semaphore objects" from the pool's resource tracker)."""
    port = free_port()
    db = tmp_path / "saves.db"
    server = subprocess.Popen(
        [sys.executable, "-m", "fivehundred", "play", "--no-browser", "--port", str(port),
         "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(port)
        table = _post(f"{base}/api/tables", {"preset": "australian", "strength": "easy"})

        async def connected_while_stopped() -> int | None:
            url = f"ws://127.0.0.1:{port}/ws?table={table['table']}&token={table['token']}"
            async with websockets.connect(url) as ws:
                await ws.recv()                      # the table's state: a browser at it
                server.send_signal(stop)
                for _ in range(300):                 # (30 s for a loaded host: it stops
                    if server.poll() is not None:    # in under a second)
                        break
                    await asyncio.sleep(0.1)
            return server.poll()

        status = asyncio.run(connected_while_stopped())
        out = server.communicate(timeout=30)[0]
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    assert status == 0, out
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    assert "leaked" not in out, out
    assert out.rstrip().endswith("Five Hundred stopped."), out
    assert db.exists()


def _workers(pid: int) -> list[int]:
    """The bot workers a server has spawned (its children but multiprocessing's resource
    tracker)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    out = []
    for child in children:
        try:
            cmd = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in cmd:
            out.append(int(child))
    return out


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")
def test_ctrl_c_in_the_terminal_stops_the_bots_workers_quietly(tmp_path: Path) -> None:
    """Ctrl-C typed in the terminal reaches its whole process group, the bots' workers too:
    each printed "Process SpawnProcess-1: Traceback ... KeyboardInterrupt" as the server
    stopped.  They leave it to the server (``workers.worker_init``)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "fivehundred", "play", "--no-browser", "--port", str(port),
         "--db", str(tmp_path / "saves.db")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True)     # a terminal's own process group
    try:
        assert "Five Hundred is at" in (server.stdout.readline() if server.stdout else "")
        for _ in range(600):                   # a worker started (warming up, then idle)
            if _workers(server.pid):
                break
            time.sleep(0.1)
        time.sleep(2.0)
        os.killpg(server.pid, signal.SIGINT)
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.communicate()
    assert server.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert out.rstrip().endswith("Five Hundred stopped."), out


def test_the_server_tells_its_hub_it_stops_before_closing_the_sockets(tmp_path: Path) -> None:
    """``server.game_server`` (what play and serve run) marks the hub stopping as its
    shutdown begins, before the sockets close: their closes are then no players leaving
    (test_web_friend_keys has what that changes)."""
    import threading

    import uvicorn

    from fivehundred.web.app import create_app
    from fivehundred.web.botpool import BotPool
    from fivehundred.web.server import game_server
    from fivehundred.web.store import Store

    pool = BotPool("thread", 1)
    app = create_app(Store(tmp_path / "s.db"), mode="serve", pool=pool)
    hub = app.state.hub
    server = game_server(uvicorn.Config(app, host="127.0.0.1", port=free_port(),
                                        log_level="warning", log_config=None), hub)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(400):
            if server.started:
                break
            time.sleep(0.05)
        assert server.started and not hub.stopping
    finally:
        server.should_exit = True
        thread.join(20)
        pool.close()
    assert hub.stopping and not thread.is_alive()


def test_ctrl_c_pressed_twice_stops_the_server_quietly(tmp_path: Path) -> None:
    """A second Ctrl-C close behind the first (uvicorn's "force quit") stops as quietly as
    one: uvicorn skipped the app's own shutdown then, left its lifespan pending and cancelled
    it, printing a traceback ("ERROR: Traceback ... CancelledError") over the terminal."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "fivehundred", "play", "--no-browser", "--port", str(port),
         "--db", str(tmp_path / "saves.db")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, start_new_session=True)
    try:
        assert "Five Hundred is at" in (server.stdout.readline() if server.stdout else "")
        wait_until_up(port)
        server.send_signal(signal.SIGINT)
        time.sleep(0.05)
        server.send_signal(signal.SIGINT)
        out = server.communicate(timeout=60)[0]
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    assert "Traceback" not in out and "ERROR" not in out, out
    assert "Five Hundred stopped." in out, out
    assert server.returncode in (0, 130), out
