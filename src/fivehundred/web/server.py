"""``fivehundred play`` and ``fivehundred serve``: run the browser game with uvicorn.

``play`` serves on 127.0.0.1 for one person and opens the browser; ``serve`` listens where it
is told (``--host 0.0.0.0``) so friends can join a table through per-seat links.
"""

from __future__ import annotations

import errno
import os
import signal
import socket
import sys
import threading
import webbrowser
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from .store import Store, StoreError, default_path

if TYPE_CHECKING:               # (uvicorn loads only when a server runs)
    import uvicorn
    from starlette.types import ASGIApp

    from .hub import Hub

DEFAULT_PORT = 8500


def listening_socket(host: str, port: int, tries: int = 1) -> socket.socket:
    """A socket listening on ``host`` at ``port`` (0: any free port), or at the first of
    ``tries`` ports from it that is free: the server is handed this very socket, so what is
    announced is what it listens on.  It listens at once: a socket only bound would leave
    another program (with SO_REUSEADDR) free to bind the same port meanwhile.

    OSError says which port (or ports) and why, and what to do about it.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    last = port + tries - 1
    for p in range(port, last + 1):
        s = socket.socket(family, socket.SOCK_STREAM)
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, p))
            s.listen(2048)            # uvicorn's backlog
        except OSError as e:
            s.close()
            if e.errno == errno.EADDRINUSE and p < last:
                continue
            if e.errno == errno.EADDRINUSE:
                which = f"port {port}" if tries == 1 else f"ports {port} to {last}"
                raise OSError(e.errno, f"{which} on {host} already in use; choose another "
                                       "with --port (0: any free port)") from None
            if isinstance(e, socket.gaierror):
                raise OSError(e.errno, f"cannot listen on {host}: unknown host "
                                       f"({e.strerror})") from None
            raise OSError(e.errno, f"cannot listen on {host} port {p}: {e.strerror}; choose "
                                   "another --port or --host") from None
        return s
    raise AssertionError("unreachable")  # pragma: no cover


def server_config(app: ASGIApp, host: str, port: int) -> uvicorn.Config:
    """How uvicorn serves the game: a socket's message at most 64 KB, and each client the
    address its connection comes from: no ``X-Forwarded-For`` believed, even from this
    machine (uvicorn's default believes one from 127.0.0.1, where a reverse proxy that passes
    the client's own header on would let any client name a new address each request, and
    start games without the limit of ``throttle.Throttle``)."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=65536,
                          proxy_headers=False)


def game_server(config: uvicorn.Config, hub: Hub) -> uvicorn.Server:
    """A uvicorn server (``config``, for the app of ``hub``) that tells the hub it stops
    before closing the sockets: closed one by one, they read as players leaving, and the
    last one out dealt the next hand (and a bot played in it) as the server went.

    A second Ctrl-C (uvicorn's "force quit") stops waiting on the connections, but the app's
    own shutdown still runs: uvicorn skipped it, left the app's lifespan pending, and then
    cancelled it, printing a traceback (a Ctrl-C pressed twice, as people do); it is quick
    (the bots' workers are stopped, not waited on)."""
    import uvicorn

    class GameServer(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            hub.stopping = True
            await super().shutdown(sockets)
            if self.force_exit:
                await self.lifespan.shutdown()

    return GameServer(config)


def has_display(environ: Mapping[str, str] | None = None,
                platform: str = sys.platform) -> bool:
    """Whether a graphical browser can open here: always on macOS and Windows; elsewhere only
    with a display (over SSH a console browser, w3m or lynx, started in the server's own
    terminal, on a page that needs JavaScript).

    >>> has_display({}, "linux"), has_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    (False, True)
    >>> has_display({}, "darwin")
    True
    """
    env = os.environ if environ is None else environ
    if platform in ("darwin", "win32", "cygwin"):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM once uvicorn has shut down: stop as Ctrl-C stops."""
    raise KeyboardInterrupt


def run(mode: str, host: str, port: int | None, db: str | None, open_browser: bool) -> int:
    """Serve the game until interrupted; 2 if the database cannot be used (another server's,
    not writable, not ours) or the address cannot be listened on (the reason on stderr,
    before anything is announced)."""
    from .app import create_app
    from .guard import LOCAL_HOSTS

    path = Path(db) if db else default_path()
    verb = "play" if mode == "local" else "serve"
    if db and not path.parent.is_dir():     # a typo's folders are not made (the default's are)
        print(f"fivehundred {verb}: --db {db}: no such folder {path.parent}", file=sys.stderr)
        return 2
    try:
        sock = (listening_socket(host, DEFAULT_PORT, tries=20) if port is None
                and mode == "local" else listening_socket(host, DEFAULT_PORT if port is None
                                                          else port))
    except OSError as e:
        print(f"fivehundred {verb}: {e.strerror}", file=sys.stderr)
        return 2
    with sock:
        try:
            store = Store(path, exclusive=True)    # (one server a file: see Store)
        except StoreError as e:
            print(f"fivehundred: {e}", file=sys.stderr)
            return 2
        port = sock.getsockname()[1]
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        url = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"
        print(f"Five Hundred is at {url}  (saves: {path}; Ctrl-C stops the server)", flush=True)
        if mode == "serve":
            print("Start a table with 'play with friends' and send each friend their seat's "
                  "link.")
        if open_browser and has_display():
            threading.Timer(1.0, lambda: webbrowser.open(url)).start()
        elif open_browser:
            print(f"No display here to open a browser on: open {url} in one.", flush=True)
        # at home only this machine's names are served: a page of another site whose name
        # was made to point at 127.0.0.1 (DNS rebinding) reads nothing (``guard``)
        app = create_app(store, mode=mode, hosts=LOCAL_HOSTS if mode == "local" else None)
        config = server_config(app, host, port)
        # uvicorn shuts down on SIGTERM as on Ctrl-C, then raises the signal again: by its
        # default action that killed the process there and then, the bots' pool not cleaned
        # up ("leaked semaphore objects") and no "stopped" line; it ends as Ctrl-C does
        term = signal.signal(signal.SIGTERM, _interrupt)
        try:
            game_server(config, app.state.hub).run(sockets=[sock])
        except KeyboardInterrupt:
            # uvicorn has shut down already (tables saved, sockets closed); with a browser
            # connected it passes the Ctrl-C on to asyncio, which raises it here
            pass
        finally:
            signal.signal(signal.SIGTERM, term)
            store.close()
    print("Five Hundred stopped.", flush=True)
    return 0
