"""``fivehundred play`` and ``fivehundred serve``: run the browser game with uvicorn.

``play`` serves on 127.0.0.1 for one person and opens the browser; ``serve`` listens where it
is told (``--host 0.0.0.0``) so friends can join a table through per-seat links.

Serving, the server keeps a log on stderr (``log_to_stderr``): a line each with its time,
level and logger, of a query string only the table's id (a seat's token and a player's id
travel in them), and a line that comes again and again shown once a minute (``Repeats``;
each socket opened shown every time).  It holds out against clients that open connections
and never finish a request (``game_http``) and, behind a reverse proxy named with
``--proxy``, counts each client by the address the proxy says.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import os
import re
import signal
import socket
import sqlite3
import stat
import sys
import threading
import time
import webbrowser
from collections.abc import Callable, Collection, Mapping
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

from .store import LOCAL_PLAYER, Store, StoreError, default_path

if TYPE_CHECKING:               # (uvicorn loads only when a server runs)
    import asyncio

    import uvicorn
    from starlette.types import ASGIApp

    from .hub import Hub

DEFAULT_PORT = 8500
log = logging.getLogger("fivehundred.web.server")

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
"""A line of the server's log: when, how grave, whose (``fivehundred.web``, ``uvicorn.error``,
``asyncio``), and what."""
REPEAT_SECONDS = 60.0
"""A log line is shown at most once in this many seconds; its repeats are counted
(``Repeats``): a save failing every 5 s at each table, a damaged save's link opened at
each request, and above all asyncio's "socket.accept() out of system resource", 15,000
times a second (82 MB of log in 14 s) once every file handle is taken."""
REQUEST_SECONDS = 10.0
"""How long a connection has to send a whole request (its line, headers and body) once it
opens or its last answer is sent: a client sending half a header and no more (a slow loris)
held a file handle for ever, and 300 of them took the server's last one."""
KEEP_ALIVE_SECONDS = 5
"""How long an idle connection is kept for a browser's next request (uvicorn's own)."""
FD_RESERVE = 64
"""File handles kept back from the connections for the server itself: the saves file and
its journal, the bots' workers' pipes, the page's files as they are sent."""
OPEN_MAX_MACOS = 10240
"""The most open files macOS lets a process ask for, whatever its hard limit says."""
EVERY_NETWORK = frozenset({"0.0.0.0", "::"})
"""The addresses of a socket listening on every network of the machine (``--host 0`` too)."""
_QUERY = re.compile(r"(/[^\s?\"']*)\?([^\s\"']*)")
"""A path's query string in a log line (``/ws?table=...&token=...``), cut to the table's id."""
_TABLE_ID = re.compile(r"(?:^|&)table=([A-Za-z0-9_-]{1,64})(?:&|$)")
"""A table's id in a query string: the one part of it a log line keeps (the id is no secret;
a seat's key and a player's id are)."""


class Repeats(logging.Filter):
    """A log handler's filter that lets the same line through at most once every ``every``
    seconds: the next one after that says how many were held back ("repeated 1234 times
    more in the 60 s since it was shown").  The same line: the same logger, level and first
    line of the message (asyncio's messages differ only further down).  ``clock``: the time
    in seconds (tests pass their own); ``most``: how many different lines it remembers.

    A socket's line names its client and its table (:class:`LogLines`): behind a reverse
    proxy every client's port is 0, so the same player's socket to the same table opened
    again within the minute is the same line, counted with the next one shown; one client
    opening sockets in a loop is one line a minute, not a flood of them."""

    def __init__(self, every: float = REPEAT_SECONDS,
                 clock: Callable[[], float] = time.monotonic, most: int = 4096) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self.most = most
        self.seen: dict[tuple[str, int, str], tuple[float, int]] = {}
        """Each line's key: when it was last shown and how many times it came since."""
        self.lock = threading.Lock()     # (lines come from the bots' and saves' threads too)

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is shown: not if its line was shown less than ``every``
        seconds ago; shown, it tells how many were held back since the last."""
        first, nl, rest = record.getMessage().partition("\n")
        # (and the exception's kind and words: every crash uvicorn logs begins "Exception in
        # ASGI application", and a new bug's traceback must not pass for a repeat)
        exc = record.exc_info[1] if record.exc_info else None
        key = (record.name, record.levelno,
               first if exc is None else f"{first} {type(exc).__name__}: {str(exc)[:200]}")
        now = self.clock()
        with self.lock:
            shown, held = self.seen.get(key, (None, 0))
            if shown is not None and now - shown < self.every:
                self.seen[key] = (shown, held + 1)
                return False
            if len(self.seen) >= self.most:     # (lines whose minute is over are forgotten)
                self.seen = {k: v for k, v in self.seen.items() if now - v[0] < self.every}
                if len(self.seen) >= self.most:
                    self.seen.clear()
            self.seen[key] = (now, 0)
        if shown is not None and held:
            record.msg = f"{first}{_repeated(held, now - shown)}{nl}{rest}"
            record.args = ()
        return True

    def held_back(self) -> list[tuple[str, int, str]]:
        """The lines held back since each was last shown (its logger, level and what to
        say): what would be lost as the server stops.  Forgets them."""
        now = self.clock()
        with self.lock:
            out = [(name, level, f"{first}{_repeated(held, now - shown)}")
                   for (name, level, first), (shown, held) in self.seen.items() if held]
            self.seen.clear()
        return out


def _repeated(times: int, seconds: float) -> str:
    """What a log line held back ``times`` times over ``seconds`` says of it."""
    return (f" (repeated {times} time{'s' if times != 1 else ''} more in the "
            f"{seconds:.0f} s since it was shown)")


class LogLines(logging.Formatter):
    """``LOG_FORMAT``, with every query string cut to the table's id it names, if any
    (``/ws?table=ID&token=...`` is ``/ws?table=ID``, ``/ws?player=...`` is ``/ws``): uvicorn
    names each socket's path and query as it opens, and the query of the game's requests
    holds a seat's token or a player's id, which nobody may read in the log; the table's id
    says which table each socket is for."""

    def format(self, record: logging.LogRecord) -> str:
        """The line, its query strings cut to the table's id."""
        return _QUERY.sub(_table_only, super().format(record))


def _table_only(m: re.Match[str]) -> str:
    """A path and its query (``_QUERY``'s match) as the log shows them: the table's id alone.

    >>> _table_only(_QUERY.search("/ws?table=k6bl_x-2&token=SECRET&player=ME"))
    '/ws?table=k6bl_x-2'
    >>> _table_only(_QUERY.search("/api/stats?player=ME"))
    '/api/stats'
    """
    table = _TABLE_ID.search(m.group(2))
    return m.group(1) if table is None else f"{m.group(1)}?table={table.group(1)}"


def log_to_stderr(level: int) -> Callable[[], None]:
    """Send the server's log to stderr from ``level`` up (``LogLines``, ``Repeats``): every
    logger's, the game's, uvicorn's and asyncio's, through one handler on the root logger
    (the server's ``uvicorn.Config`` sets up none of its own).  Returns what undoes it (its
    repeats held back logged first): ``run`` is called in the tests' own process, whose
    logging stays as it was."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(LogLines(LOG_FORMAT))
    repeats = Repeats()
    handler.addFilter(repeats)
    root = logging.getLogger()
    before = root.level
    root.addHandler(handler)
    root.setLevel(level)

    def undo() -> None:
        for name, lvl, text in repeats.held_back():
            logging.getLogger(name).log(lvl, "%s", text)
        root.removeHandler(handler)
        root.setLevel(before)
        handler.close()

    return undo


def raise_open_files() -> tuple[int, int] | None:
    """Raise this process's limit of open files to the most it may have (its hard limit):
    each connection holds a file handle, and at the limit no connection more is accepted.
    Returns the limit before and after; None where there is none (Windows)."""
    try:
        import resource
    except ImportError:         # pragma: no cover  (Windows)
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < want:
        # (macOS says its hard limit is infinite but refuses more than OPEN_MAX, 10240)
        for ask in (want, min(want, OPEN_MAX_MACOS)):
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (ask, hard))
                break
            except (ValueError, OSError):
                continue
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def connection_limit() -> int | None:
    """The most connections the server keeps open at once: its limit of open files less
    ``FD_RESERVE`` (at the limit the saves file could not be written and no connection is
    accepted, nor closed by asyncio, which logs its failure thousands of times a second);
    None where there is no limit (Windows)."""
    try:
        import resource
    except ImportError:         # pragma: no cover  (Windows)
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else max(16, soft - FD_RESERVE)


def trusted_proxies(proxies: Collection[str]) -> list[str]:
    """The addresses whose ``X-Forwarded-For`` is believed, as uvicorn takes them: each of
    ``proxies`` (an address or a network), an IPv4 one also as a dual-stack socket (``--host
    ::``) sees it, ``::ffff:a.b.c.d``."""
    out: list[str] = []
    for text in proxies:
        net = ipaddress.ip_network(text, strict=False)
        single = net.num_addresses == 1
        out.append(str(net.network_address) if single else str(net))
        if isinstance(net, ipaddress.IPv4Network):
            mapped = ipaddress.IPv6Network(
                (int(ipaddress.IPv6Address(f"::ffff:{net.network_address}")),
                 96 + net.prefixlen))
            out.append(str(mapped.network_address) if single else str(mapped))
    return out


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


def game_http(request_seconds: float = REQUEST_SECONDS,
              most: int | None = None) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol (h11's) with the two bounds it lacks: a connection that
    has not sent a whole request ``request_seconds`` after it opened, or after its last
    answer, is closed (uvicorn waits for ever on half a header: a slow loris's 300 such
    connections held every file handle), and one opened while ``most`` are open is closed
    at once (``connection_limit``: at the open-files limit nothing is accepted any more, and
    the saves file cannot be written).  A socket, once open, is the game's to keep."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GameHTTP(H11Protocol):
        """The HTTP protocol of the game's server (``game_http``)."""

        waiting: asyncio.TimerHandle | None = None
        begun = False
        """Whether the request waited for has sent its first byte (its time counts from
        there: the idle time before it is uvicorn's keep-alive's to bound)."""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            """A new connection: closed at once if ``most`` are open already."""
            super().connection_made(transport)     # type: ignore[arg-type]
            if most is not None and len(self.connections) > most:
                log.warning("a new connection closed at once: %d are open, the most this "
                            "server keeps (its limit of open files, less %d for itself)",
                            most, FD_RESERVE)
                self.transport.close()
                return
            self._wait_for_request()

        def on_response_complete(self) -> None:
            """An answer sent: the next request is waited for (as long, no longer)."""
            super().on_response_complete()
            self._wait_for_request()

        def connection_lost(self, exc: Exception | None) -> None:
            """The connection closed: nothing more is waited for."""
            if self.waiting is not None:
                self.waiting.cancel()
                self.waiting = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            """Bytes of a request: the first of one starts its ``request_seconds`` afresh."""
            if data and not self.begun and self.waiting is not None:
                self._wait_for_request(begun=True)
            super().data_received(data)

        def _wait_for_request(self, begun: bool = False) -> None:
            """Give the client ``request_seconds`` from now to send a whole request."""
            self.begun = begun
            if self.waiting is not None:
                self.waiting.cancel()
            self.waiting = (None if self.transport.is_closing() else
                            self.loop.call_later(request_seconds, self._too_slow))

        def _too_slow(self) -> None:
            """Close the connection if its request is still coming (not if it became a
            socket, or its request is in: the answer may take its time)."""
            self.waiting = None
            if (self.transport.is_closing() or self.transport.get_protocol() is not self
                    or self.conn.their_state not in (h11.IDLE, h11.SEND_BODY)):
                return
            log.info("closed a connection that sent no whole request in %g s",
                     request_seconds)
            if self.conn.their_state == h11.IDLE and self.conn.our_state == h11.IDLE:
                # (no request of it reached the game: it is told why, as HTTP says)
                self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\n"
                                     b"connection: close\r\n\r\n")
            self.transport.close()

    return GameHTTP


def server_config(app: ASGIApp, host: str, port: int, proxies: Collection[str] = (),
                  log_level: int | str = logging.WARNING, request_seconds: float = REQUEST_SECONDS,
                  most: int | None = None) -> uvicorn.Config:
    """How uvicorn serves the game: a socket's message at most 64 KB; a request whole within
    ``request_seconds`` and at most ``most`` connections at once (``game_http``; None: as
    the open-files limit allows, ``connection_limit``); idle connections kept
    ``KEEP_ALIVE_SECONDS``; no access log (each request's line held its query string); uvicorn's
    lines at ``log_level``, through the root logger (``log_to_stderr``), with no logging
    set up of its own (which closed every handler there was).

    Each client is the address its connection comes from: no ``X-Forwarded-For`` believed,
    even from this machine (uvicorn's default believes one from 127.0.0.1, where a reverse
    proxy that passes the client's own header on would let any client name a new address
    each request, and start games without the limit of ``throttle.Throttle``), but from the
    ``proxies`` named (``--proxy``): there the client is the last address that proxy names,
    and the scheme the one it says (``X-Forwarded-Proto``)."""
    import uvicorn

    trusted = trusted_proxies(proxies)
    return uvicorn.Config(
        app, host=host, port=port, log_config=None, log_level=log_level, access_log=False,
        ws_max_size=65536, timeout_keep_alive=KEEP_ALIVE_SECONDS,
        http=game_http(request_seconds, connection_limit() if most is None else most),
        proxy_headers=bool(trusted), forwarded_allow_ips=trusted or None)


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


def run(mode: str, host: str, port: int | None, db: str | None, open_browser: bool,
        proxies: Collection[str] = ()) -> int:
    """Serve the game until interrupted; 2 if the database cannot be used (another server's,
    not writable, not ours) or the address cannot be listened on (the reason on stderr,
    before anything is announced).  ``proxies``: the reverse proxies whose
    ``X-Forwarded-For`` is believed (``server_config``).

    Its log goes to stderr (``log_to_stderr``) while it serves: serving, from INFO up (where
    it listens, the saves file, the limits, each socket opened and what went wrong, and how
    it stopped); at home, ``play``, only what went wrong."""
    from .app import create_app
    from .guard import LOCAL_HOSTS

    path = Path(db) if db else default_path(mode)   # (each its own: see store.SERVE_FILE)
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
    files = raise_open_files()
    most = connection_limit()
    level = logging.INFO if mode == "serve" else logging.WARNING
    # (set up before the saves file opens: its upgrade's line is the log's too)
    undo_log = log_to_stderr(level)
    try:
        with sock:
            try:
                store = Store(path, exclusive=True)    # (one server a file: see Store)
            except StoreError as e:
                print(f"fivehundred {verb}: {e}", file=sys.stderr)
                return 2
            bound, port = sock.getsockname()[:2]
            # the solver loaded here first: on a first run it compiles (said, up to a
            # minute) before the address is given and the page opened; loaded by the bots'
            # workers alone, the page sat on "West is bidding" for minutes without a word
            from .. import solver  # noqa: F401
            everywhere = bound in EVERY_NETWORK         # (0.0.0.0, ::, and --host 0 too)
            shown = ("127.0.0.1" if bound == "0.0.0.0" else "::1" if everywhere else host)
            url = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"
            print(f"Five Hundred is at {url}  (saves: {path}; Ctrl-C stops the server)",
                  flush=True)
            if everywhere:
                print(f"It listens on every network of this machine: friends open "
                      f"http://{socket.gethostname()}:{port}/ (or this machine's address on "
                      "their network in its place).", flush=True)
            if mode == "serve":
                print("Start a table with 'play with friends' and send each friend their "
                      "seat's link.")
            if open_browser and has_display():
                threading.Timer(1.0, lambda: webbrowser.open(url)).start()
            elif open_browser:
                print(f"No display here to open a browser on: open {url} in one.", flush=True)
            _log_start(mode, f"http://{f'[{bound}]' if ':' in bound else bound}:{port}/",
                       everywhere, path, store, files, most, proxies)
            # at home only this machine's names are served: a page of another site whose
            # name was made to point at 127.0.0.1 (DNS rebinding) reads nothing (``guard``)
            app = create_app(store, mode=mode,
                             hosts=LOCAL_HOSTS if mode == "local" else None)
            config = server_config(app, host, port, proxies, level, most=most)
            # uvicorn shuts down on SIGTERM as on Ctrl-C, then raises the signal again: by
            # its default action that killed the process there and then, the bots' pool
            # not cleaned up ("leaked semaphore objects") and no "stopped" line; it ends as
            # Ctrl-C does
            term = signal.signal(signal.SIGTERM, _interrupt)
            try:
                game_server(config, app.state.hub).run(sockets=[sock])
            except KeyboardInterrupt:
                # uvicorn has shut down already (tables saved, sockets closed); with a
                # browser connected it passes the Ctrl-C on to asyncio, which raises it here
                pass
            finally:
                signal.signal(signal.SIGTERM, term)
                store.close()
            log.info("stopped: %s", _held(len(app.state.hub.tables)))
    finally:
        undo_log()
    print("Five Hundred stopped.", flush=True)
    return 0


def _held(tables: int) -> str:
    """What the stop line says of the tables held in memory as the server stopped (each one
    opened or brought back in the last minutes, whether anyone sat at it or not).

    >>> _held(0)
    'no table was held in memory'
    >>> _held(1)
    '1 table was held in memory, kept in the saves file as last saved'
    >>> _held(3)
    '3 tables were held in memory, each kept in the saves file as last saved'
    """
    if tables == 0:
        return "no table was held in memory"
    if tables == 1:
        return "1 table was held in memory, kept in the saves file as last saved"
    return f"{tables} tables were held in memory, each kept in the saves file as last saved"


def _log_start(mode: str, where: str, everywhere: bool, path: Path, store: Store,
               files: tuple[int, int] | None, most: int | None,
               proxies: Collection[str]) -> None:
    """Log (INFO) what an operator wants to know of a server starting: where it listens,
    its saves file, its limits, whom it believes (no secret: no token, no player's id); and
    (WARNING) a saves file others may read, or one that holds the games of ``play``."""
    if mode != "serve":
        return
    games = len(store.unfinished())
    log.info("serving at %s%s; saves file %s (%d unfinished game%s in it)", where,
             " (every network of this machine)" if everywhere else "", path.resolve(),
             games, "" if games == 1 else "s")
    _warn_of_the_file(path, store)
    if games == 0 and store.db.execute("SELECT 1 FROM tables LIMIT 1").fetchone() is None:
        _warn_of_an_earlier_servers_games(path)
    if files is not None and most is not None:
        log.info("open files: at most %d%s, so at most %d connections at once", files[1],
                 f" (raised from {files[0]})" if files[1] != files[0] else "", most)
    log.info("%s", f"X-Forwarded-For believed from {', '.join(proxies)} (--proxy) alone"
             if proxies else "no reverse proxy named (--proxy): each client is the address "
                             "its connection comes from")


def _warn_of_an_earlier_servers_games(path: Path) -> None:
    """Warn a host whose server starts on an empty saves file of its own (``serve.sqlite3``,
    the default) while ``play``'s file beside it holds browsers' statistics: a server of an
    earlier version kept its games there (``serve`` had no file of its own), and their links
    now say "no such table" unless it is served with ``--db`` that file."""
    home = default_path("local")
    if path != default_path("serve") or not home.is_file():
        return
    from .tables_cli import read_only

    try:
        db = read_only(str(home))
        try:
            served = db.execute("SELECT 1 FROM stats WHERE player != ? LIMIT 1",
                                (LOCAL_PLAYER,)).fetchone() is not None
        finally:
            db.close()
    except (StoreError, sqlite3.Error):     # (a version 1 file: its statistics are one's)
        return
    if served:
        log.warning("the saves file %s is new and empty, and %s holds the games of an earlier "
                    "server (serve used play's file before it had its own): to go on with "
                    "them, serve with --db %s", path, home, home)


def _warn_of_the_file(path: Path, store: Store) -> None:
    """Warn a host whose saves file other users of the machine may read (each save holds its
    game's seed and every seat's key: whoever reads it sees every hand and may take any
    seat), or that holds the games of ``play`` (:attr:`Store.home`: none of them deleted)."""
    with suppress(OSError):      # (a file gone meanwhile: nothing to warn of)
        mode = stat.S_IMODE(os.stat(path).st_mode)
        if mode & (stat.S_IRGRP | stat.S_IROTH):
            log.warning("the saves file %s may be read by other users of this machine (its "
                        "mode is %04o), and it holds every table's seed and seats' keys: make "
                        "it private with chmod 600 %s", path, mode, path)
    if store.home:
        log.warning("the saves file %s holds the games of fivehundred play: none of its "
                    "games is deleted while it is served (as at home: a deal played again goes "
                    "after a week); serve with a file of its own (leave out --db, or name "
                    "another) for the games unplayed for thirty days to be deleted", path)

