"""The Starlette application: the page, the lobby API and one WebSocket per browser tab.

The live tables, their sockets and the bots' turns are the :class:`~.hub.Hub`'s; every message
is parsed (:mod:`.messages`) before it touches a table, and a bad one gets an ``error`` reply
and changes nothing (see docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import FiveHundredError, shown_json
from ..guide import guide as guide_of
from ..numbers import seed_number
from ..options import (
    PRESET_LABELS,
    SPEEDS,
    STRENGTHS,
    build_rules,
    checked_speed,
    defaults_json,
    presets_json,
    rules_json,
    rules_label,
    toggles_json,
    toggles_off_json,
)
from .botpool import BotPool
from .guard import Guard
from .hub import Hub
from .lane import SlowLane
from .replies import record_text
from .seats import TableError, checked_player
from .state import continue_summary_parts, side_labels
from .store import Store
from .table import IDLE_SECONDS, Table
from .throttle import NEW_TABLES_BURST, NEW_TABLES_EVERY, Throttle

STATIC = Path(__file__).parent / "static"
NEW_TABLE_FIELDS = ("preset", "toggles", "strength", "seed", "friends", "name", "speed",
                    "player")
"""The fields of ``POST /api/tables``: any other is refused."""
MAX_BODY = 65536
"""The most bytes the body of ``POST /api/tables`` may have (the form sends a few hundred):
a bigger one is refused unread, as a socket's message over ``server``'s ``ws_max_size``."""
SEATS_ASKED = 10
"""The most links ``POST /api/seats`` answers for at once (a browser keeps its last 8)."""
DAMAGED_CLOSE = 4500
"""The close code of a socket to a saved game whose save is damaged (``damaged_table``): its
page stops trying, as for an unknown table's 4404 (the save is the server's failing: HTTP's
500)."""
log = logging.getLogger("fivehundred.web")
# -------------------------------------------------------------------- HTTP


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def index(request: Request) -> Response:
    """The page."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})


def _stats(request: Request) -> dict[str, Any]:
    """The statistics of whoever asks: at home the one person's; serving, those of the
    browser's player id (``?player=``; none without one); TableError ``malformed`` for an
    id that is not one."""
    hub = _hub(request)
    player = checked_player(request.query_params.get("player"))
    if hub.mode == "local":
        return hub.store.stats()
    return hub.store.stats(player) if player is not None else {"by_strength": {}}


async def lobby(request: Request) -> Response:
    """Presets, house rules, strengths, the game to continue and the statistics."""
    hub = _hub(request)
    try:
        stats = _stats(request)
    except TableError as e:
        return JSONResponse({"error": str(e)}, status_code=400)
    local = hub.mode == "local"
    in_play = hub.continue_links() if local else []
    over, older = hub.finished_links() if local else ([], None)
    return JSONResponse({
        "presets": presets_json(), "toggles": toggles_json(), "defaults": defaults_json(),
        "toggles_off": toggles_off_json(),
        "strengths": list(STRENGTHS), "speeds": list(SPEEDS),
        "continue": in_play[0] if in_play else None, "in_play": in_play[1:],
        "finished": over, "finished_older": older,
        "stats": stats,
        "mode": hub.mode,
        # (serving, the lobby is anyone's: a bot's failure may name its cards; the log has it)
        "problems": hub.problems if local else [],
    })


async def finished(request: Request) -> Response:
    """The finished games older than the lobby's list showed (``ended`` and ``table``: its
    ``finished_older``), ten at a time, with where the older ones go on: at home only (a
    server lists nobody's games)."""
    hub = _hub(request)
    q = request.query_params
    try:
        ended = float(q.get("ended", ""))
    except ValueError:
        ended = math.nan
    table = q.get("table")
    if not math.isfinite(ended) or table is None or len(table) > 64:
        return JSONResponse({"error": "older finished games are asked for with ended (the "
                                      "time of the last one shown, in seconds) and table "
                                      "(its id): the lobby's finished_older"},
                            status_code=400)
    if hub.mode != "local":
        return JSONResponse({"finished": [], "older": None})
    games, older = hub.finished_links((ended, table))
    return JSONResponse({"finished": games, "older": older})


async def stats(request: Request) -> Response:
    """Statistics per strength."""
    try:
        return JSONResponse(_stats(request))
    except TableError as e:
        return JSONResponse({"error": str(e)}, status_code=400)


def _not_found(hub: Hub, table_id: str | None, words: str) -> JSONResponse:
    """The answer for a table ``hub.get`` did not give: 404 ``words``, or 500 saying so if
    its save is damaged (kept as it is: the game is not gone, and its link may work again)."""
    damaged = hub.damaged(table_id)
    if damaged is not None:
        return JSONResponse({"error": damaged}, status_code=500)
    return JSONResponse({"error": words}, status_code=404)


def _too_many_digits(e: Exception) -> bool:
    """Whether JSON was refused for a number of thousands of digits (Python's limit of 4,300
    on turning text into an integer), not for its syntax."""
    return "integer string conversion" in str(e)


async def rules(request: Request) -> Response:
    """Every option of a table's rules, explained."""
    hub = _hub(request)
    t = hub.get(request.query_params.get("table"))
    if t is None:
        return _not_found(hub, request.query_params.get("table"), "no such table")
    return JSONResponse(rules_json(t.rules, t.preset))


async def guide(request: Request) -> Response:
    """How to play (``guide.py``) at a table (``table=ID``), or under the lobby's choice
    before there is one (``preset=P``, ``toggles=`` the house rules as a JSON object, as
    ``POST /api/tables`` takes them); 404 for an unknown table (500 for one whose save is
    damaged), 400 for a bad choice."""
    q = request.query_params
    if "table" in q:
        if "preset" in q or "toggles" in q:
            return JSONResponse({"error": "ask for a table (table=ID) or a preset "
                                          "(preset=P&toggles=...), not both"}, status_code=400)
        hub = _hub(request)
        t = hub.get(q.get("table"))
        if t is None:
            return _not_found(hub, q.get("table"), "no such table")
        rules, preset = t.rules, t.preset
    else:
        if "preset" not in q:
            return JSONResponse({"error": "ask for a table (table=ID) or a preset "
                                          "(preset=P&toggles=...)"}, status_code=400)
        try:
            toggles = json.loads(q.get("toggles", "{}"))
        except (ValueError, RecursionError) as e:
            return JSONResponse({"error": "a number in toggles has thousands of digits (a "
                                          "house rule's points are -10,000 to 10,000)"
                                 if _too_many_digits(e) else
                                 "toggles must be a JSON object of option: value, "
                                 f"got {q.get('toggles', '')[:40]!r}"}, status_code=400)
        try:
            rules = build_rules(q.get("preset"), toggles)
        except FiveHundredError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        preset = str(q.get("preset"))
    return JSONResponse({"label": rules_label(rules, preset), **guide_of(rules).as_json()})


async def record(request: Request) -> Response:
    """The game record of a table as its seat may have it (``replies.record_text``): a file
    to save, ``format`` text (default) or json; 404 for a table or a seat's link unknown (500
    for a table whose save is damaged)."""
    hub = _hub(request)
    q = request.query_params
    t = hub.get(q.get("table"))
    unknown = "no such table, or not a seat's link"
    if t is None:
        return _not_found(hub, q.get("table"), unknown)
    seat = t.seat_of_token(q.get("token"))
    if seat is None:
        return JSONResponse({"error": unknown}, status_code=404)
    fmt = q.get("format", "text")
    if fmt not in ("text", "json"):
        return JSONResponse({"error": f"format is text or json, not {fmt!r}"}, status_code=400)
    text = record_text(t, seat, as_json=fmt == "json")
    # records.md's extensions; a game going on gives one seat's record (Viewpoint), named so:
    # it shared the finished game's name, and was taken for the one `analyse` reads
    g = t.game
    so_far = "" if g.phase == "game_over" else f"-hand{g.hand_number + 1}-seat{seat}"
    name = f"fivehundred-{t.id}{so_far}.{'fhr.json' if fmt == 'json' else 'fhr'}"
    return Response(text, media_type="application/json" if fmt == "json" else "text/plain",
                    headers={"Content-Disposition": f'attachment; filename="{name}"',
                             "Cache-Control": "no-store"})


def _seat_news(hub: Hub, link: dict[str, Any]) -> dict[str, Any]:
    """What became of one seat a browser kept (``{"table", "token"}``): ``in_play`` or
    ``over`` with the lobby's line from that seat (``summary_parts``), ``gone`` (no such table,
    or the token is no seat's key: nothing said of a table to a stranger), ``damaged`` with
    the reason (its save kept: the link may work again). Never a key.  A link whose table or
    token is not text is ``gone`` (``["x"]`` for a table raised TypeError: a 500), and so is
    a practice table's (the game is the one to continue; a practice is never kept)."""
    table_id, token = link.get("table"), link.get("token")
    if not isinstance(table_id, str) or not isinstance(token, str):
        return {"status": "gone"}
    t = hub.get(table_id)
    if t is None:
        damaged = hub.damaged(table_id)
        return {"status": "gone"} if damaged is None else {"status": "damaged", "message": damaged}
    seat = t.seat_of_token(token)
    if seat is None or t.practice is not None:
        return {"status": "gone"}
    g = t.game
    parts = continue_summary_parts(PRESET_LABELS.get(t.preset, t.preset), g.phase,
                                   g.hand_number, list(g.scores),
                                   side_labels(t.view(seat), t.names()))
    return {"status": "over" if g.phase == "game_over" else "in_play",
            "summary": " · ".join(parts), "summary_parts": parts}


async def seats(request: Request) -> Response:
    """What became of the seats a browser keeps the links of (``{"links": [{"table",
    "token"}, ...]}``, at most ``SEATS_ASKED``): serving, the lobby lists nobody's games, so
    each browser keeps its own and asks here for their lines; ``{"seats": [...]}`` in the
    same order (:func:`_seat_news`)."""
    try:
        raw = await _limited_body(request)
    except ClientDisconnect:
        return Response(status_code=400)
    if raw is None:
        return JSONResponse({"error": f"the body is over {MAX_BODY} bytes"}, status_code=413)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        body = None
    links = body.get("links") if isinstance(body, dict) and body.keys() == {"links"} else None
    if (not isinstance(links, list) or len(links) > SEATS_ASKED
            or not all(isinstance(x, dict) for x in links)):
        return JSONResponse({"error": f'the body must be {{"links": [{{"table": ID, "token": '
                                      f'KEY}}, ...]}}, at most {SEATS_ASKED} links'},
                            status_code=400)
    return JSONResponse({"seats": [_seat_news(_hub(request), x) for x in links]},
                        headers={"Cache-Control": "no-store"})


async def _limited_body(request: Request) -> bytes | None:
    """The request's body, or None if it is over ``MAX_BODY`` bytes: said by its
    Content-Length (nothing read), else found as it is read (read no further)."""
    length = request.headers.get("content-length", "").lstrip("0")
    if length.isdigit() and (len(length) > 9 or int(length) > MAX_BODY):
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return bytes(body)


async def new_table(request: Request) -> Response:
    """Start a table from the new-game form (serving, so many a client: ``Throttle``)."""
    hub = _hub(request)
    throttle: Throttle | None = request.app.state.throttle
    if throttle is not None:
        client = request.client.host if request.client is not None else ""
        wait = throttle.wait(client)
        if wait > 0:
            log.info("refused a new table to %s: too many new games from that address", client)
            seconds = max(1, math.ceil(wait - 1e-6))     # (60.00000001 s is 60)
            when = f"{seconds} s" if seconds < 120 else f"{math.ceil(seconds / 60)} min"
            return JSONResponse({"error": f"too many new games from your address: start the "
                                          f"next in {when}"},
                                status_code=429, headers={"Retry-After": str(seconds)})
    try:
        raw = await _limited_body(request)
    except ClientDisconnect:    # (gone before its body came whole: cut for slowness, or left)
        return Response(status_code=400)
    if raw is None:
        return JSONResponse({"error": f"the body is over {MAX_BODY} bytes (a new game's "
                                      "request is a few hundred)"}, status_code=413)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError) as e:   # (JSON nested past the parser's depth)
        digits = _too_many_digits(e)
        return JSONResponse({"error": "a number in the body has thousands of digits (a seed "
                                      "is 0 to 2**64 - 1)" if digits else
                                      "the body must be a JSON object"}, status_code=400)
    if not isinstance(body, dict):
        return JSONResponse({"error": "the body must be a JSON object"}, status_code=400)
    unknown = [k for k in body if k not in NEW_TABLE_FIELDS]
    if unknown:         # (a misspelt field ignored would start a table not asked for)
        return JSONResponse({"error": f"unknown field {shown_json(unknown[0])}; the fields are "
                                      f"{', '.join(NEW_TABLE_FIELDS)}"}, status_code=400)
    seed = body.get("seed")
    name = body.get("name")
    friends = body.get("friends", False)
    try:
        player = checked_player(body.get("player"))
        speed = checked_speed(body.get("speed", "normal"))
        if seed is not None:
            if type(seed) is not int:   # (true, 1.5, "12": said as they were sent)
                raise TableError("malformed", f"seed must be a whole number from 0 to "
                                              f"2**64 - 1, not {shown_json(seed)}")
            try:
                seed_number(seed, ValueError, ValueError)
            except ValueError as e:
                raise TableError("malformed", str(e)) from None
        if not isinstance(friends, bool):
            raise TableError("malformed", f"friends must be true or false, got "
                                          f"{shown_json(friends)}")
        if friends and hub.mode != "serve":
            raise TableError("malformed", "playing with friends needs `fivehundred serve`")
        if friends and seed is not None and not hub.seeded_friends:
            raise TableError("malformed", "a table with friends is dealt from a secret seed: "
                             "whoever chose the seed would know every hand")
        preset = body.get("preset", "australian")
        r = build_rules(preset, body.get("toggles"))
        strength = body.get("strength", "medium")
        if not isinstance(strength, str) or strength not in STRENGTHS:     # (null: "got null")
            raise TableError("malformed", f"strength must be one of {', '.join(STRENGTHS)}, "
                                          f"got {shown_json(strength)}")
        t = Table.new(str(preset), r, strength, seed=seed,
                      friends=friends, name=name)   # (cleaned and checked there)
        t.speed = speed
        if hub.mode == "serve":
            t.seats[0].player = player
    except FiveHundredError as e:
        return JSONResponse({"error": str(e)}, status_code=400)
    try:
        hub.add(t)
    except TableError as e:           # (not_saved: nothing was started)
        return JSONResponse({"error": str(e)}, status_code=503)
    log.info("table %s created: %s, with %s", t.id, t.preset, "friends" if friends else "bots")
    links = t.table_json(0, set(), None)["links"]
    return JSONResponse({"table": t.id, "token": t.seats[0].token, "seat": 0, "links": links})


# -------------------------------------------------------------------- WebSocket


async def socket(ws: WebSocket) -> None:
    """One browser tab at one seat."""
    hub = _hub(ws)
    await ws.accept()
    try:                                        # whose statistics the seat's hands are
        player = checked_player(ws.query_params.get("player"))
    except TableError as e:
        await hub.send(ws, {"type": "error", "code": e.code, "message": str(e)})
        await ws.close(code=4400)
        return
    table = hub.get(ws.query_params.get("table"))
    with hub.holding(table):     # (kept in memory until the socket's last word on it)
        await _at_table(hub, ws, table, player)


async def _at_table(hub: Hub, ws: WebSocket, table: Table | None, player: str | None) -> None:
    """The socket of a browser tab at ``table`` (None: no such table), from its seat's link
    to its close."""
    if table is None:
        await _seated(hub, ws, table, None, player, lambda seat: None)
        return
    with hub.arrival(table) as arriving:
        seat = await _seated(hub, ws, table, table.seat_of_token(ws.query_params.get("token")),
                             player, arriving)
    if seat is not None:
        await _playing(hub, ws, table, seat)


async def _seated(hub: Hub, ws: WebSocket, table: Table | None, seat: int | None,
                  player: str | None, arriving: Callable[[int], None]) -> int | None:
    """Seat a socket: its seat (by its key, or by a friend's link opened now), in ``conns``;
    None if it is turned away (said why, and closed).  ``arriving`` marks the seat as at the
    table from the moment it is known (:meth:`.Hub.arrival`): a START pressed while the link's
    save was awaited gave the seat a bot, the friend welcomed into a seat a bot played."""
    token = ws.query_params.get("token")
    key: str | None = None       # a friend's own secret, sent once when he opens his link
    before = 0                   # how many had opened the seat's links before him
    if seat is not None:
        arriving(seat)
    if table is not None and seat is None:
        try:
            opened = table.accept_invitation(token)
        except TableError as e:
            await hub.send(ws, {"type": "error", "code": e.code, "message": str(e)})
            # (too early for a new link: the page tries again; a used one is final, and so
            # is one to a game over, as an unknown table's)
            await ws.close(code={"link_not_yet": 4425, "unknown_table": 4404}.get(e.code, 4403))
            return None
        if opened is not None:
            seat, key, before = opened
            arriving(seat)
            if not await _saved(hub, table, ws):
                return None
    damaged = hub.damaged(ws.query_params.get("table")) if table is None else None
    if damaged is not None:          # (kept as it is: not gone, its link may work again)
        await hub.send(ws, {"type": "error", "code": "damaged_table", "message": damaged})
        await ws.close(code=DAMAGED_CLOSE)
        return None
    if table is None or seat is None:
        await hub.send(ws, {"type": "error", "code": "unknown_table", "message":
                            "no such table (the game may be over and gone)" if table is None
                            else "this link gives no seat at that table: it is not valid, or "
                                 "the host made the seat a new link (ask for the new one)"})
        await ws.close(code=4404)
        return None
    if key is None and not await hub.may_open(table, seat, ws):    # (an invitation: never)
        return None             # (opened again and again: busy, closed 4429, tried later)
    changed = table.take_seat(seat)
    if changed:
        table.seq += 1
    if hub.mode == "serve" and player is not None and table.seats[seat].player != player:
        table.seats[seat].player = player           # (the one who plays it now: not seen)
        changed = True
    if changed and not await _saved(hub, table, ws):
        return None
    if key is not None:      # before anything else: the page keeps it instead of the link
        await hub.send(ws, {"type": "welcome", "seat": seat, "token": key, "before": before})
    seats = hub.conns.setdefault(table.id, {})
    old = seats.get(seat)
    seats[seat] = ws
    if old is not None:
        await hub.send(old, {"type": "error", "code": "replaced",
                             "message": "this seat was opened in another window"})
        with suppress(RuntimeError):
            await old.close(code=4409)
    return seat


async def _playing(hub: Hub, ws: WebSocket, table: Table, seat: int) -> None:
    """A seated socket (:func:`_seated`), from the state it is sent first to its close."""
    await hub.broadcast(table)
    hub.kick(table)
    lane = SlowLane()           # this socket's hints and reviews, beside its other messages
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            if hub.conns.get(table.id, {}).get(seat) is not ws:
                # replaced by another window, or let go: what it sends now was chosen for an
                # older position (a dead link's card, retransmitted once its page reconnected)
                break
            text = msg.get("text")
            if text is None:
                await hub.send(ws, {"type": "error", "code": "malformed",
                                    "message": "messages are JSON text, not binary"})
                continue
            await hub.handle(table, seat, ws, text, lane)
    except WebSocketDisconnect:
        pass
    finally:
        await lane.close()
        hub.stalled.pop(id(ws), None)
        if hub.conns.get(table.id, {}).get(seat) is ws:
            del hub.conns[table.id][seat]
            # (a server stopping closes every socket: nobody left, the game stays as it is)
            if not hub.stopping:
                await hub.left(table)


async def _saved(hub: Hub, table: Table, ws: WebSocket) -> bool:
    """Save a table changed as a socket opens; if it cannot be (``not_saved``: put back as it
    was), the socket is told why and closed (its page tries again), and False."""
    try:
        hub.save(table)
    except TableError as e:
        await hub.send(ws, {"type": "error", "code": e.code, "message": str(e)})
        await ws.close(code=1011)
        return False
    return True


# -------------------------------------------------------------------- the app


def create_app(store: Store, *, mode: str = "local", pool: BotPool | None = None,
               pace: float = 0.7, trick_pause: float = 1.2,
               seeded_friends: bool = False, idle_after: float = IDLE_SECONDS,
               hosts: Collection[str] | None = None) -> Starlette:
    """The browser game's application over a store (``mode``: ``local`` or ``serve``;
    ``idle_after``: how long a table waits on a player still connected before anyone may
    let a bot play his seat).

    Other sites' pages are refused (:class:`~.guard.Guard`): a request that changes anything
    needs a JSON body and, from a page, the game's own ``Origin``; a socket needs the game's
    own ``Origin`` or none.  ``hosts``: the only ``Host`` names served (``fivehundred play``:
    ``guard.LOCAL_HOSTS``, this machine's; None: any).

    A table with friends is dealt from a secret seed: one the host chose would tell him
    every friend's hand.  ``seeded_friends`` lets a new table's request choose it anyway
    (for tests that need the same deals; never set by ``fivehundred serve``).

    Serving, ``app.state.throttle`` limits the new tables each client may start
    (:class:`Throttle`, ``NEW_TABLES_BURST`` and ``NEW_TABLES_EVERY``; None: no limit, as at
    home)."""
    if mode not in ("local", "serve"):
        raise ValueError(f"mode is 'local' or 'serve', not {mode!r}")
    bots = pool if pool is not None else BotPool("process")
    hub = Hub(store, bots, mode, pace, trick_pause, idle_after)
    hub.seeded_friends = seeded_friends

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        bots.warm()
        sweeper = asyncio.create_task(hub.sweeping())
        yield
        sweeper.cancel()
        with suppress(asyncio.CancelledError):
            await sweeper
        for task in hub.tasks.values():
            task.cancel()
        if pool is None:
            bots.close()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/lobby", lobby),
            Route("/api/stats", stats),
            Route("/api/finished", finished),
            Route("/api/rules", rules),
            Route("/api/guide", guide),
            Route("/api/tables", new_table, methods=["POST"]),
            Route("/api/seats", seats, methods=["POST"]),
            Route("/api/record", record),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        # (the page's text gzipped where the browser takes it: on a slow phone line the
        # scripts and styles came whole, 423 KiB; the socket is passed through untouched)
        middleware=[Middleware(Guard, hosts=hosts),
                    Middleware(GZipMiddleware)],
        lifespan=lifespan,
    )
    app.state.hub = hub
    # serving, how many new tables each client may start (a test may set its own)
    app.state.throttle = (Throttle(NEW_TABLES_BURST, NEW_TABLES_EVERY) if mode == "serve"
                          else None)
    return app
