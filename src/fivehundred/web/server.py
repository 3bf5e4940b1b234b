"""``fivehundred play`` and ``fivehundred serve``: run the browser game with uvicorn.

``play`` serves on 127.0.0.1 for one person and opens the browser; ``serve`` listens where it
is told (``--host 0.0.0.0``) so friends can join a table through per-seat links.
"""

from __future__ import annotations

import socket
import sys
import threading
import webbrowser
from pathlib import Path

from .store import Store, StoreError, default_path

DEFAULT_PORT = 8500


def free_port(host: str, start: int, tries: int = 20) -> int:
    """The first port from ``start`` that can be bound on ``host``."""
    for port in range(start, start + tries):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind((host, port))
            except OSError:
                continue
            return port
    raise OSError(f"no free port from {start} to {start + tries - 1} on {host}")


def run(mode: str, host: str, port: int | None, db: str | None, open_browser: bool) -> int:
    """Serve the game until interrupted; 2 if the database cannot be used."""
    import uvicorn

    from .app import create_app

    path = Path(db) if db else default_path()
    try:
        store = Store(path)
    except StoreError as e:
        print(f"fivehundred: {e}", file=sys.stderr)
        return 2
    if port is None:
        port = free_port(host, DEFAULT_PORT) if mode == "local" else DEFAULT_PORT
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    print(f"Five Hundred is at {url}  (saves: {path}; Ctrl-C stops the server)", flush=True)
    if mode == "serve":
        print("Start a table with 'play with friends' and send each friend their seat's link.")
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    app = create_app(store, mode=mode)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)
    store.close()
    return 0
