"""Who may ask the server anything: other sites' pages may not.

A page of any site the player visits may send requests to the game's server (it runs on his
own machine, or a friend's): a ``fetch`` in ``no-cors`` mode with a text/plain body is sent
without asking the server first (no CORS preflight), and started games; a WebSocket is opened
from any page; and a site whose name was made to point at 127.0.0.1 (DNS rebinding) could read
the lobby's seat links.  :class:`Guard`, around the whole application, refuses:

- at home (``fivehundred play``: ``hosts``) a request whose ``Host`` is not one of this
  machine's names (400): a rebinding page asks with its own name;
- a request that may change anything (a method but GET, HEAD or OPTIONS) whose ``Origin`` is
  another site's (403), or whose body is not ``Content-Type: application/json`` (415): a
  browser sends JSON to another site only after asking it (a preflight), which this server
  never grants;
- a WebSocket opened by another site's page (by its ``Origin``), or at home with another
  ``Host``: it is sent an ``error`` ``forbidden`` saying why and closed with code 4403.

A request without an ``Origin`` (curl, a script, the tests' clients: no page of anyone's)
goes through.  An ``Origin`` is the game's own when its host and port are the ``Host`` the
request was sent to (a ``Host`` without a port has the port of the ``Origin``'s scheme): a
reverse proxy in front of ``fivehundred serve`` must pass the ``Host`` on as the browser sent
it, its port too (nginx: ``proxy_set_header Host $http_host``; ``$host`` drops the port).
"""

from __future__ import annotations

import logging
from collections.abc import Collection

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""The names of this machine that ``fivehundred play`` answers at (with any port)."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing: every other needs a JSON body and the page's own origin."""
FORBIDDEN_CLOSE = 4403
"""The close code of a socket refused here (its page stops trying, as for a used link)."""
_DEFAULT_PORTS = {"http": 80, "https": 443}
log = logging.getLogger("fivehundred.web")


def _host_port(netloc: str, default: int) -> tuple[str, int] | None:
    """``netloc`` (``name``, ``name:port``, ``[v6]:port``) as its lower-case name and port
    (``default`` where none is written); None where it is not one.

    >>> _host_port("LocalHost:8500", 80), _host_port("[::1]", 443), _host_port("a:b", 80)
    (('localhost', 8500), ('[::1]', 443), None)
    """
    if netloc.startswith("["):
        end = netloc.find("]")
        name, rest = (netloc[:end + 1], netloc[end + 1:]) if end > 0 else ("", "")
    else:
        name, sep, port = netloc.partition(":")
        rest = sep + port
    if not name or any(c in name for c in "/?#@\\ "):
        return None
    if not rest:
        return name.lower(), default
    port = rest[1:]
    if rest[0] != ":" or not port.isascii() or not port.isdigit() or len(port) > 5:
        return None
    return name.lower(), int(port)


def host_allowed(host: str, hosts: Collection[str]) -> bool:
    """Whether the ``Host`` header ``host`` names one of ``hosts``, with a port or without.

    >>> host_allowed("localhost:8500", LOCAL_HOSTS), host_allowed("evil.example", LOCAL_HOSTS)
    (True, False)
    """
    where = _host_port(host, 0)
    return where is not None and where[0] in hosts


def same_origin(origin: str, host: str) -> bool:
    """Whether the ``Origin`` header ``origin`` (``scheme://name[:port]``) is the site of the
    ``Host`` header ``host``: the same name and port (a ``Host`` without a port has the
    ``Origin``'s scheme's: the browser writes none for the scheme's own).

    >>> same_origin("http://127.0.0.1:8500", "127.0.0.1:8500")
    True
    >>> same_origin("https://cards.example", "cards.example"), same_origin("null", "x")
    (True, False)
    """
    scheme, sep, netloc = origin.partition("://")
    default = _DEFAULT_PORTS.get(scheme.lower())
    if not sep or default is None:
        return False
    mine = _host_port(netloc, default)
    return mine is not None and mine == _host_port(host, default)


def _client(scope: Scope) -> str:
    """The address a request comes from (behind a proxy named with ``--proxy``, the one it
    says), as the log names it."""
    client = scope.get("client")
    return str(client[0]) if client else "an unknown address"


def _shown(text: str) -> str:
    """A header's value as a message quotes it (cut short: anyone may send anything)."""
    return repr(text if len(text) <= 80 else text[:80] + "...")


class Guard:
    """The ASGI middleware that refuses other sites' requests and sockets (the module's
    docstring); ``hosts``: the only ``Host`` names served (None: any, serving)."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] | None = None) -> None:
        self.app = app
        self.hosts = None if hosts is None else tuple(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request on, or answer it with why it is refused."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        why = self.refusal(scope)
        if why is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await JSONResponse({"error": why[1]}, status_code=why[0])(scope, receive, send)
        else:               # (accepted to be told why: a refused handshake says nothing)
            # (uvicorn's own line says "[accepted]": the host is told it was refused, and why)
            log.warning("refused a socket from %s: %s", _client(scope),
                        why[1].removeprefix("refused: "))
            ws = WebSocket(scope, receive, send)
            await ws.accept()
            await ws.send_json({"type": "error", "code": "forbidden", "message": why[1]})
            await ws.close(code=FORBIDDEN_CLOSE)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """Why a request (``scope``) is refused, with its HTTP status; None if it is not."""
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if self.hosts is not None and not host_allowed(host, self.hosts):
            names = ", ".join(self.hosts[:-1]) + " or " if len(self.hosts) > 1 else ""
            return 400, (f"this server answers only at {names}{self.hosts[-1]} (fivehundred "
                         f"play serves this machine alone), not at {_shown(host)}")
        origin = headers.get("origin")
        if scope["type"] == "websocket":
            if origin is not None and not same_origin(origin, host):
                return 403, ("refused: this socket was opened by a page of another site "
                             f"(Origin {_shown(origin)}), not by the game's own page")
            return None
        if scope["method"] in SAFE_METHODS:
            return None
        if origin is not None and not same_origin(origin, host):
            return 403, ("refused: the request comes from a page of another site (Origin "
                         f"{_shown(origin)}), not from the game's own page")
        ctype = headers.get("content-type")
        if ctype is None or ctype.partition(";")[0].strip().lower() != "application/json":
            return 415, ("a request that changes anything takes a JSON body with "
                         "Content-Type: application/json, not "
                         f"{'none' if ctype is None else _shown(ctype)}")
        return None
