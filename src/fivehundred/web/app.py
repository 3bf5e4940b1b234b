"""The Starlette application: the page, the lobby API and one WebSocket per browser tab.

The :class:`Hub` holds the live tables, the connected sockets of each seat and the tasks that
let bots play at a readable pace.  Every message is checked before it touches a table; a bad
one gets an ``error`` reply and changes nothing (see docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..claims import Claim
from ..errors import FiveHundredError
from ..game import HandResult
from ..record.model import breaks_lines
from .botpool import BotPool
from .lane import Job, SlowLane
from .options import (
    PRESET_LABELS,
    SPEEDS,
    STRENGTHS,
    build_rules,
    checked_speed,
    defaults_json,
    presets_json,
    rules_json,
    toggles_json,
)
from .state import continue_summary_parts
from .store import Store, StoreError
from .table import Table, TableError, bot_seed, claimed_message, hand_game, record_text

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096
FINISHED_SHOWN = 10   # finished games the lobby lists, the newest first
log = logging.getLogger("fivehundred.web")


class Hub:
    """Live tables, their connections, and the bots' turns."""

    def __init__(self, store: Store, pool: BotPool, mode: str, pace: float,
                 trick_pause: float) -> None:
        self.store = store
        self.pool = pool
        self.mode = mode
        self.pace = pace
        self.trick_pause = trick_pause
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, dict[int, WebSocket]] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.thinking: dict[str, int | None] = {}
        self.last_change: dict[str, tuple[float, float]] = {}
        self.problems: list[str] = []
        self.seeded_friends = False
        """Whether a table with friends may be dealt from the seed its request names."""

    # ---------------------------------------------------------------- tables

    def get(self, table_id: object) -> Table | None:
        """A live table, or a saved one brought back; None if unknown or damaged."""
        if not isinstance(table_id, str):
            return None
        t = self.tables.get(table_id)
        if t is not None:
            return t
        try:
            data = self.store.load(table_id)
            if data is None:
                return None
            t = Table.from_json(data)
        except (StoreError, TableError) as e:
            self._problem(f"saved game {table_id}: {e}")
            return None
        self.tables[table_id] = t
        return t

    def _problem(self, text: str) -> None:
        log.warning("%s", text)
        if text not in self.problems:
            self.problems.append(text)

    def add(self, table: Table) -> None:
        """A new table: saved at once."""
        self.tables[table.id] = table
        self.save(table)

    def save(self, table: Table) -> None:
        """Save after every action; count finished hands and games in the statistics, once."""
        g = table.game
        with self.store.batch():
            results = g.hand_results
            for res in results[table.counted_hands:]:
                self._count_hand(table, res)
            table.counted_hands = len(results)
            if table.uncounted_take_backs:
                self.store.add_take_backs(table.strength, table.uncounted_take_backs)
                table.uncounted_take_backs = 0
            if g.phase == "game_over" and not table.counted_game:
                side = table.rules.side_of[0]
                self.store.add_game(table.strength, won=g.winner == side)
                table.counted_game = True
            self.store.save(table.id, table.to_json(), finished=g.phase == "game_over")

    def _count_hand(self, table: Table, res: HandResult) -> None:
        if res.kind == "all_pass_redeal":
            return
        c = res.contract
        side = table.rules.side_of[0]
        bid = c is not None and c.declarer == 0
        self.store.add_hand(table.strength, bid=bid, made=bool(res.made),
                            misere=bid and c is not None and c.is_misere,
                            points=res.points[side])

    def continue_link(self) -> dict[str, Any] | None:
        """The newest unfinished game that can be restored (local mode)."""
        for tid in self.store.unfinished():
            t = self.get(tid)
            if t is None:
                continue
            g = t.game
            label = PRESET_LABELS.get(t.preset, t.preset)
            parts = continue_summary_parts(label, g.phase, g.hand_number, list(g.scores),
                                           t.side_names())
            # the line, and its parts apart: a name may have " · " in it
            return {"table": t.id, "token": t.seats[0].token,
                    "summary": " · ".join(parts), "summary_parts": parts}
        return None

    def finished_links(self, limit: int = FINISHED_SHOWN) -> list[dict[str, Any]]:
        """The newest finished games (local mode), to open at their end: each hand reviewed
        against double dummy, the record saved.  A damaged one is left out (and reported)."""
        out: list[dict[str, Any]] = []
        for tid, ended in self.store.finished(limit):
            t = self.get(tid)
            if t is None or t.game.phase != "game_over":
                continue
            g = t.game
            side = t.rules.side_of[0]
            out.append({"table": t.id, "token": t.seats[0].token, "ended": ended,
                        "rules_label": PRESET_LABELS.get(t.preset, t.preset),
                        "strength": t.strength, "hands": len(g.hand_results),
                        "won": g.winner == side, "side": side,
                        "side_names": t.side_names(), "scores": list(g.scores)})
        return out

    # ---------------------------------------------------------------- messages out

    def connected(self, table: Table) -> set[int]:
        """Seats with an open socket."""
        return set(self.conns.get(table.id, {}))

    async def send(self, ws: WebSocket, msg: dict[str, Any]) -> None:
        """Send one message; a socket that has gone is ignored."""
        if ws.application_state != WebSocketState.CONNECTED:
            return
        with suppress(RuntimeError, OSError, WebSocketDisconnect):
            await ws.send_text(json.dumps(msg, separators=(",", ":")))

    async def broadcast(self, table: Table) -> None:
        """Each connected seat gets its own view of the table."""
        conns = self.connected(table)
        thinking = self.thinking.get(table.id)
        stats = self.store.stats() if table.game.phase == "game_over" else None
        for seat, ws in list(self.conns.get(table.id, {}).items()):
            await self.send(ws, table.message(seat, conns, thinking, stats))

    # ---------------------------------------------------------------- the bots' turns

    def kick(self, table: Table) -> None:
        """Make sure a task is playing the bots' turns of this table."""
        task = self.tasks.get(table.id)
        if task is None or task.done():
            self.tasks[table.id] = asyncio.create_task(self._run_bots(table))

    def changed(self, table: Table) -> None:
        """Note when the table last changed, and how long the next move should wait."""
        trick_done = table.game.phase == "play" and not table.game.trick and table.game.tricks
        wait = (self.trick_pause if trick_done else self.pace) * SPEEDS[table.speed]
        self.last_change[table.id] = (time.monotonic(), wait)

    async def _run_bots(self, table: Table) -> None:
        while True:
            seat = table.bot_to_move()
            if seat is None:
                return
            seq = table.seq
            view = table.view(seat)
            strength = table.seats[seat].strength or table.strength
            self.thinking[table.id] = seat
            await self.broadcast(table)
            action: str | None = None
            try:
                action = await self.pool.decide(strength, bot_seed(table.seed, seat), view)
            except Exception as e:  # a bot must never take the table down
                log.exception("bot %s at seat %d failed", strength, seat)
                self._problem(f"the {strength} bot in seat {seat} failed: {e}")
            finally:
                self.thinking[table.id] = None
            if action is None:
                await self.broadcast(table)   # no one is thinking any more
                return
            when, wait = self.last_change.get(table.id, (0.0, 0.0))
            delay = when + wait - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            if table.seq != seq or table.bot_to_move() != seat:
                # the table changed meanwhile (paused, a friend took the seat, a take-back):
                # the decision is dropped, and nobody is shown thinking over it any more
                await self.broadcast(table)
                continue
            try:
                table.act(seat, action)
            except TableError as e:
                self._problem(f"the {strength} bot in seat {seat} chose {action}: {e}")
                await self.broadcast(table)
                return
            self.save(table)
            self.changed(table)
            await self.broadcast(table)

    # ---------------------------------------------------------------- messages in

    async def handle(self, table: Table, seat: int, ws: WebSocket, text: str,
                     lane: SlowLane | None = None) -> None:
        """One message from a seat's browser.  A hint or a review is checked, and its position
        taken, now; it is worked out in the socket's ``lane`` when given (its answer comes when
        ready, the socket's other messages are handled meanwhile), else before returning."""
        async with self._answering(ws, text):
            msg = parse_message(text)
            if msg["type"] in SLOW:
                job = self._slow_job(table, seat, ws, msg, text)
                if lane is None:
                    await job()
                else:
                    lane.add(job)
                return
            await self._dispatch(table, seat, ws, msg)

    @asynccontextmanager
    async def _answering(self, ws: WebSocket, text: str) -> AsyncIterator[None]:
        """A refused message gets its error; a bug costs one message, never the connection."""
        try:
            yield
        except TableError as e:
            await self.send(ws, {"type": "error", "code": e.code, "message": str(e)})
        except Exception as e:
            log.exception("message %r failed", text[:200])
            await self.send(ws, {"type": "error", "code": "internal",
                                 "message": f"the server could not handle that: {e}"})

    def _slow_job(self, table: Table, seat: int, ws: WebSocket, msg: dict[str, Any],
                  text: str) -> Job:
        """A hint or review, checked against the table as it is now (TableError if refused),
        as a job that works it out and sends the answer to ``ws``."""
        if msg["type"] == "hint":
            if table.game.to_move != seat:
                raise TableError("not_your_turn", "a hint is for your own turn")
            seq, view, seed = table.seq, table.view(seat), table.hint_seed()

            async def work() -> dict[str, Any]:
                try:
                    answer = await self.pool.advise(view, seed)
                except Exception as e:  # a failing bot must not close the player's socket
                    log.exception("hint failed")
                    raise TableError("hint_failed",
                                     f"the hint could not be worked out: {e}") from e
                answer["seq"] = seq      # the position it is for: older ones are dropped
                return answer
        else:
            every = msg.get("every_seat", False)
            if not isinstance(every, bool):
                raise TableError("malformed", f"review takes \"every_seat\": true or false, "
                                              f"got {every!r}")
            hand = msg.get("hand")      # an earlier finished hand; the last one if absent
            if hand is None and table.game.phase not in ("hand_over", "game_over"):
                raise TableError("no_review", "no review: the hand is still being played")
            game = table.game.clone() if hand is None else hand_game(table.game, hand)
            names = table.names()

            async def work() -> dict[str, Any]:
                try:
                    return await self.pool.review(game, seat, names, every, hand)
                except Exception as e:  # a failing solver must not close the player's socket
                    log.exception("review failed")
                    raise TableError("no_review",
                                     f"the review could not be worked out: {e}") from e

        async def job() -> None:
            async with self._answering(ws, text):
                await self.send(ws, await work())
        return job

    async def _dispatch(self, table: Table, seat: int, ws: WebSocket,
                        msg: dict[str, Any]) -> None:
        kind = msg["type"]
        reply: dict[str, Any] | None = None     # an answer to the sender, after the state
        if kind == "ping":
            await self.send(ws, {"type": "pong"})
            return
        claimed: Claim | None = None      # a claim played out: told to every seat, first
        if kind == "claim":
            claimed = await self._claim(table, seat)
        elif kind == "act":
            table.act(seat, msg.get("action"))
        elif kind == "discard":
            table.discard(seat, msg.get("cards"))
        elif kind == "next":
            if not table.press_next(seat, self.connected(table)):
                await self.broadcast(table)
                return
        elif kind == "speed":
            table.set_speed(seat, msg.get("speed"))
        elif kind == "take_back":
            undone = table.take_back(seat)
            self.thinking[table.id] = None     # a bot deciding now decides for nothing
            reply = {"type": "taken_back", "seq": table.seq, "undone": undone}
        elif kind == "seat_to_bot":
            table.seat_to_bot(seat, msg.get("seat"), self.connected(table))
        elif kind == "new_link":
            table.renew_invitation(seat, msg.get("seat"), self.connected(table))
        elif kind == "pause":
            paused = msg.get("paused")
            if not isinstance(paused, bool):
                raise TableError("malformed", f"pause needs \"paused\": true or false, "
                                              f"got {paused!r}")
            table.paused = paused
            table.seq += 1
        self.save(table)
        self.changed(table)
        if claimed is not None:
            for viewer, sock in list(self.conns.get(table.id, {}).items()):
                await self.send(sock, claimed_message(claimed, viewer, table))
        await self.broadcast(table)
        if reply is not None:
            await self.send(ws, reply)
        self.kick(table)

    async def _claim(self, table: Table, seat: int) -> Claim:
        """A seat claims the rest: checked and planned in a worker, then played out at once
        (the claim returned); refused with nothing changed if it does not stand, or if the
        table moved on meanwhile."""
        table.check_claim(seat)
        seq = table.seq
        table.claiming += 1       # the bots wait for the answer
        try:
            answer = await self.pool.claim(table.game.clone(), seat, table.names())
        except Exception as e:  # a failing solver must not close the player's socket
            # (the words only: an error's text might name a card the seat may not see)
            log.exception("claim failed")
            raise TableError("no_claim", "the claim could not be checked (the server's log "
                                         "says why): play on") from e
        finally:
            table.claiming -= 1
            self.kick(table)
        if table.seq != seq:      # the answer is for a position no longer on the table
            raise TableError("no_claim", "the table moved on while the claim was checked: "
                                         "claim again")
        if not answer["stands"]:
            raise TableError("no_claim", answer["message"])
        table.play_claim(seat, answer["plays"])
        self.thinking[table.id] = None     # a bot deciding now decides for nothing
        return Claim(seat, tuple(answer["side"]), answer["misere"], answer["tricks"],
                     tuple(answer["plays"]))


KINDS = ("act", "discard", "next", "hint", "review", "pause", "seat_to_bot", "new_link",
         "take_back", "speed", "claim", "ping")
SLOW = ("hint", "review")
"""Kinds worked out in the socket's slow lane (a solve each), beside its other messages."""


def parse_message(text: str) -> dict[str, Any]:
    """A client message as a dict with a known ``type``; TableError ``malformed`` if not."""
    if len(text) > MAX_MESSAGE:
        raise TableError("too_large", f"a message is at most {MAX_MESSAGE} characters")
    try:
        msg = json.loads(text)
    except ValueError as e:
        raise TableError("malformed", f"a message is a JSON object: {e}") from None
    if not isinstance(msg, dict):
        raise TableError("malformed", f"a message is a JSON object, got {type(msg).__name__}")
    kind = msg.get("type")
    if kind not in KINDS:
        raise TableError("malformed", f"unknown message type {kind!r}; types are "
                                      f"{', '.join(KINDS)}")
    return msg


# -------------------------------------------------------------------- HTTP


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def index(request: Request) -> Response:
    """The page."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})


async def lobby(request: Request) -> Response:
    """Presets, house rules, strengths, the game to continue and the statistics."""
    hub = _hub(request)
    local = hub.mode == "local"
    cont = hub.continue_link() if local else None
    return JSONResponse({
        "presets": presets_json(), "toggles": toggles_json(), "defaults": defaults_json(),
        "strengths": list(STRENGTHS), "speeds": list(SPEEDS), "continue": cont,
        "finished": hub.finished_links() if local else [],
        "stats": hub.store.stats(),
        "mode": hub.mode,
        # (serving, the lobby is anyone's: a bot's failure may name its cards; the log has it)
        "problems": hub.problems if local else [],
    })


async def stats(request: Request) -> Response:
    """Statistics per strength."""
    return JSONResponse(_hub(request).store.stats())


async def rules(request: Request) -> Response:
    """Every option of a table's rules, explained."""
    t = _hub(request).get(request.query_params.get("table"))
    if t is None:
        return JSONResponse({"error": "no such table"}, status_code=404)
    return JSONResponse(rules_json(t.rules, t.preset))


async def record(request: Request) -> Response:
    """The game record of a table as its seat may have it (``table.record_text``): a file
    to save, ``format`` text (default) or json; 404 for a table or a seat's link unknown."""
    hub = _hub(request)
    q = request.query_params
    t = hub.get(q.get("table"))
    seat = t.seat_of_token(q.get("token")) if t is not None else None
    if t is None or seat is None:
        return JSONResponse({"error": "no such table, or not a seat's link"}, status_code=404)
    fmt = q.get("format", "text")
    if fmt not in ("text", "json"):
        return JSONResponse({"error": f"format is text or json, not {fmt!r}"}, status_code=400)
    text = record_text(t, seat, as_json=fmt == "json")
    name = f"fivehundred-{t.id}.{'json' if fmt == 'json' else 'fhr'}"
    return Response(text, media_type="application/json" if fmt == "json" else "text/plain",
                    headers={"Content-Disposition": f'attachment; filename="{name}"',
                             "Cache-Control": "no-store"})


async def new_table(request: Request) -> Response:
    """Start a table from the new-game form."""
    hub = _hub(request)
    try:
        body = await request.json()
    except ValueError:
        return JSONResponse({"error": "the body must be a JSON object"}, status_code=400)
    if not isinstance(body, dict):
        return JSONResponse({"error": "the body must be a JSON object"}, status_code=400)
    seed = body.get("seed")
    name = body.get("name")
    friends = body.get("friends", False)
    try:
        speed = checked_speed(body.get("speed", "normal"))
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or not 0 <= seed < 2**63):
            raise TableError("malformed", f"seed must be a whole number from 0, got {seed!r}")
        if name is not None and (not isinstance(name, str) or not 0 < len(name.strip()) <= 20):
            raise TableError("malformed", "name must be 1 to 20 characters")
        if name is not None and breaks_lines(name):
            raise TableError("malformed", "name may not hold line breaks or control characters")
        if not isinstance(friends, bool):
            raise TableError("malformed", f"friends must be true or false, got {friends!r}")
        if friends and hub.mode != "serve":
            raise TableError("malformed", "playing with friends needs `fivehundred serve`")
        if friends and seed is not None and not hub.seeded_friends:
            raise TableError("malformed", "a table with friends is dealt from a secret seed: "
                             "whoever chose the seed would know every hand")
        preset = body.get("preset", "australian")
        r = build_rules(preset, body.get("toggles"))
        t = Table.new(str(preset), r, body.get("strength", "medium"), seed=seed,
                      friends=friends, name=name.strip() if isinstance(name, str) else None)
        t.speed = speed
    except FiveHundredError as e:
        return JSONResponse({"error": str(e)}, status_code=400)
    hub.add(t)
    links = t.table_json(0, set(), None)["links"]
    return JSONResponse({"table": t.id, "token": t.seats[0].token, "seat": 0, "links": links})


# -------------------------------------------------------------------- WebSocket


async def socket(ws: WebSocket) -> None:
    """One browser tab at one seat."""
    hub = _hub(ws)
    await ws.accept()
    table = hub.get(ws.query_params.get("table"))
    token = ws.query_params.get("token")
    seat = table.seat_of_token(token) if table is not None else None
    key: str | None = None       # a friend's own secret, sent once when he opens his link
    before = 0                   # how many had opened the seat's links before him
    if table is not None and seat is None:
        try:
            opened = table.accept_invitation(token)
        except TableError as e:
            await hub.send(ws, {"type": "error", "code": e.code, "message": str(e)})
            # (too early for a new link: the page tries again; a used one is final)
            await ws.close(code=4425 if e.code == "link_not_yet" else 4403)
            return
        if opened is not None:
            seat, key, before = opened
            hub.save(table)
    if table is None or seat is None:
        await hub.send(ws, {"type": "error", "code": "unknown_table", "message":
                            "no such table (the game may be over and gone)" if table is None
                            else "this link gives no seat at that table: it is not valid, or "
                                 "the host made the seat a new link (ask him for it)"})
        await ws.close(code=4404)
        return
    if table.take_seat(seat):
        table.seq += 1
        hub.save(table)
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
    await hub.broadcast(table)
    hub.kick(table)
    lane = SlowLane()           # this socket's hints and reviews, beside its other messages
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
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
        if hub.conns.get(table.id, {}).get(seat) is ws:
            del hub.conns[table.id][seat]
            await hub.broadcast(table)


# -------------------------------------------------------------------- the app


def create_app(store: Store, *, mode: str = "local", pool: BotPool | None = None,
               pace: float = 0.7, trick_pause: float = 1.2,
               seeded_friends: bool = False) -> Starlette:
    """The browser game's application over a store (``mode``: ``local`` or ``serve``).

    A table with friends is dealt from a secret seed: one the host chose would tell him
    every friend's hand.  ``seeded_friends`` lets a new table's request choose it anyway
    (for tests that need the same deals; never set by ``fivehundred serve``)."""
    if mode not in ("local", "serve"):
        raise ValueError(f"mode is 'local' or 'serve', not {mode!r}")
    bots = pool if pool is not None else BotPool("process")
    hub = Hub(store, bots, mode, pace, trick_pause)
    hub.seeded_friends = seeded_friends

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        bots.warm()
        yield
        for task in hub.tasks.values():
            task.cancel()
        if pool is None:
            bots.close()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/lobby", lobby),
            Route("/api/stats", stats),
            Route("/api/rules", rules),
            Route("/api/tables", new_table, methods=["POST"]),
            Route("/api/record", record),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app
