"""The hub of the web server: the connected sockets of each seat, the tasks that let bots
play at a readable pace, and each message answered (the routes that use it: :mod:`.app`).

The live tables themselves, brought back from their saves, let go when idle and saved after
every action with the statistics, are its :class:`~.keeping.TableKeeper`'s.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from typing import Any

from anyio import BrokenResourceError, ClosedResourceError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..claims import Claim
from ..console.opponent import hint_seed
from ..errors import shown_json
from ..options import SPEEDS
from .botpool import BotPool, stand_in
from .keeping import KEEP_IDLE_SECONDS, MAX_TABLES, TableKeeper
from .lane import Job, SlowLane
from .messages import SLOW, parse_message
from .practice import practice_id
from .replies import claimed_message, hand_game, refusal_words
from .seats import TableError, bot_seed
from .store import Store
from .table import IDLE_SECONDS, Table
from .throttle import (
    NAME_BURST,
    NAME_EVERY,
    OPEN_BURST,
    OPEN_EVERY,
    PAUSE_EVERY,
    SPEED_BURST,
    SPEED_EVERY,
    Throttle,
)

SAVE_RETRY_SECONDS = 5.0
"""How long the bots wait to play again after their move could not be saved (a full disk)."""
SEND_SECONDS = 10.0
"""How long a page may take to take a message before its socket is let go (a page that stops
reading would hold every change of its table)."""
log = logging.getLogger("fivehundred.web")


class Hub(TableKeeper):
    """Live tables, their connections, and the bots' turns."""

    def __init__(self, store: Store, pool: BotPool, mode: str, pace: float,
                 trick_pause: float, idle_after: float = IDLE_SECONDS) -> None:
        self.store = store
        self.idle_after = idle_after
        self.pool = pool
        self.mode = mode
        self.pace = pace
        self.trick_pause = trick_pause
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, dict[int, WebSocket]] = {}
        self.arriving: dict[str, set[int]] = {}
        """Seats whose socket is on its way to ``conns`` (a link opened, its save awaited):
        at the table already for START (:meth:`connected`), which gave one a bot."""
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.thinking: dict[str, int | None] = {}
        self.last_change: dict[str, tuple[float, float]] = {}
        self.problems: list[str] = []
        self.broken: dict[str, str | None] = {}
        """The saved tables :meth:`get` found damaged (``damaged`` tells their links so),
        each with the other version of fivehundred that saved it, where its save says so."""
        self.seeded_friends = False
        """Whether a table with friends may be dealt from the seed its request names."""
        self.stalled: dict[int, WebSocket] = {}
        """The sockets let go for taking no message in ``SEND_SECONDS``, by id, until their
        handlers end."""
        self._background: set[asyncio.Task[None]] = set()
        """Work run beside its caller (``_later``), held until it ends."""
        self.stopping = False
        """The server is shutting down (``server.game_server``): its sockets closing one by
        one are not players leaving, so no hand is dealt and no bot starts for them."""
        self.keep_idle = KEEP_IDLE_SECONDS
        """Seconds a table nobody is at stays in memory unused (:meth:`sweep`)."""
        self.max_tables = MAX_TABLES
        """The most tables held in memory but those someone is at (:meth:`sweep`)."""
        self.clock: Callable[[], float] = time.monotonic
        """The clock of ``used`` (a test sets its own to let tables go idle at once)."""
        self.used: dict[str, float] = {}
        """When each table in memory was last used (opened, brought back or broadcast), by
        the ``clock``."""
        self.holds: dict[str, int] = {}
        """How many handlers are working with a table now (:meth:`holding`), by its id."""
        self.pauses = Throttle(1, PAUSE_EVERY)
        """When each seat may pause its table again, by ``"TABLE SEAT"`` (:meth:`_pace_pause`;
        a test may set its own, with its own clock)."""
        self.renames = Throttle(NAME_BURST, NAME_EVERY)
        """When each seat may rename itself again, by ``"TABLE SEAT"`` (:meth:`_pace_rename`;
        a test may set its own, with its own clock)."""
        self.speeds = Throttle(SPEED_BURST, SPEED_EVERY)
        """When each seat may change its table's speed again, by ``"TABLE SEAT"``
        (:meth:`_pace_speed`; a test may set its own, with its own clock)."""
        self.opens = Throttle(OPEN_BURST, OPEN_EVERY)
        """Serving, when each seat's socket may open again, by ``"TABLE SEAT"``
        (:meth:`may_open`; a test may set its own, with its own clock)."""

    # ---------------------------------------------------------------- messages out

    def connected(self, table: Table) -> set[int]:
        """Seats with an open socket, or one on its way (:attr:`arriving`)."""
        return set(self.conns.get(table.id, {})) | self.arriving.get(table.id, set())

    @contextmanager
    def arrival(self, table: Table) -> Iterator[Callable[[int], None]]:
        """While a socket comes to ``table``: the function that marks its seat as arriving,
        once known (:attr:`arriving`), until the block ends (the socket in ``conns``, or
        turned away)."""
        marked: list[int] = []

        def mark(seat: int) -> None:
            self.arriving.setdefault(table.id, set()).add(seat)
            marked.append(seat)

        try:
            yield mark
        finally:
            held = self.arriving.get(table.id, set())
            held.difference_update(marked)
            if not held:
                self.arriving.pop(table.id, None)

    async def send(self, ws: WebSocket, msg: dict[str, Any]) -> None:
        """Send one message; a socket that has gone is ignored (its stream closed under it:
        one socket's goodbye may broadcast to another closing at the same moment), and one
        whose page has not taken a message in ``SEND_SECONDS`` is let go (:meth:`_stalled`)."""
        if ws.application_state != WebSocketState.CONNECTED or id(ws) in self.stalled:
            return
        with suppress(RuntimeError, OSError, WebSocketDisconnect, ClosedResourceError,
                      BrokenResourceError):
            try:
                await asyncio.wait_for(ws.send_text(json.dumps(msg, separators=(",", ":"))),
                                       SEND_SECONDS)
            except TimeoutError:
                self._stalled(ws)

    def _stalled(self, ws: WebSocket) -> None:
        """A page that stopped reading (a laptop closed, a tab the phone froze): its sends
        waited for good, and every change of its table waited on them, for every player.
        Its seat counts as left (a bot may take it, as for anyone gone), nothing more is sent
        to it, and it is closed without waiting on it; its page reconnects when it wakes."""
        self.stalled[id(ws)] = ws       # (held until its handler ends: the id stays its own)
        for table_id, seats in self.conns.items():
            for seat, sock in list(seats.items()):
                if sock is ws:
                    del seats[seat]
                    log.warning("table %s: seat %d's page took no message in %g s; let go",
                                table_id, seat, SEND_SECONDS)
                    table = self.tables.get(table_id)
                    if table is not None:
                        self._later(self.left(table))
        self._later(self._let_go(ws))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` beside the caller (a reference kept until it ends)."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _let_go(self, ws: WebSocket) -> None:
        """Close a stalled socket, at most a second spent on it (its close frame may never
        leave either: the connection then ends when the network gives up on it)."""
        with suppress(Exception):
            await asyncio.wait_for(ws.close(code=1008), 1.0)

    async def left(self, table: Table) -> None:
        """A player has left: a hand that waited only on him is dealt, and the others told."""
        with self.holding(table):
            dealt = table.deal_if_ready(self.connected(table))   # (he was the one not ready)
            if dealt:
                try:
                    self.save(table)
                except TableError:        # (not_saved: the table is put back, undealt)
                    dealt = False
            await self.broadcast(table)
            if dealt:
                self.kick(table)

    async def broadcast(self, table: Table) -> None:
        """Each connected seat gets its own view of the table, in turn (a page that stopped
        reading holds the others up ``SEND_SECONDS``, once: it is let go; sent side by side,
        the sends of a socket's closing handler were cancelled with it)."""
        conns = self.connected(table)
        table.note_wait(conns)        # (every change is broadcast: the wait's clock sees it)
        if self.tables.get(table.id) is table:
            self.used[table.id] = self.clock()
        thinking = self.thinking.get(table.id)
        over = table.game.phase == "game_over"
        players = self.players(table) if over else {}
        for seat, ws in list(self.conns.get(table.id, {}).items()):
            stats = self.store.stats(players[seat]) if seat in players else None
            await self.send(ws, table.message(seat, conns, thinking, stats))

    # ---------------------------------------------------------------- the bots' turns

    def kick(self, table: Table) -> None:
        """Make sure a task is playing the bots' turns of this table (not while the server
        stops: a bot's card then would be played after the last state its players saw)."""
        if self.stopping:
            return
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
            except Exception as e:  # a bot must never take the table down, nor stop it
                log.exception("bot %s at seat %d failed", strength, seat)
                self._problem(f"the {strength} bot in seat {seat} failed: {e}; a stand-in "
                              "played for it")
                action = stand_in(bot_seed(table.seed, seat), view)
            finally:
                self.thinking[table.id] = None
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
            try:
                self.save(table)
            except TableError:          # (the table put back: the bot tries again later)
                await self.broadcast(table)
                await asyncio.sleep(SAVE_RETRY_SECONDS)
                continue
            self.changed(table)
            await self.broadcast(table)

    # ---------------------------------------------------------------- messages in

    async def handle(self, table: Table, seat: int, ws: WebSocket, text: str,
                     lane: SlowLane | None = None) -> None:
        """One message from a seat's browser.  A hint or a review is checked, and its position
        taken, now; it is worked out in the socket's ``lane`` when given (its answer comes when
        ready, the socket's other messages are handled meanwhile), else before returning."""
        async with self._answering(ws, text, table, seat):
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
    async def _answering(self, ws: WebSocket, text: str, table: Table,
                         seat: int) -> AsyncIterator[None]:
        """A refused message gets its error (in ``seat``'s words: refusal_words); a bug costs
        one message, never the connection."""
        try:
            yield
        except TableError as e:
            await self.send(ws, {"type": "error", "code": e.code,
                                 "message": refusal_words(str(e), seat, table.names()),
                                 **e.said})
        except Exception as e:
            log.exception("message %r failed", text[:200])
            await self.send(ws, {"type": "error", "code": "internal",
                                 "message": f"the server could not handle that: {e}"})

    def _slow_job(self, table: Table, seat: int, ws: WebSocket, msg: dict[str, Any],
                  text: str) -> Job:
        """A hint or review, checked against the table as it is now (TableError if refused),
        as a job that works it out and sends the answer to ``ws``."""
        if msg["type"] == "hint":
            table.check_started(seat)
            if table.game.to_move != seat:
                raise TableError("not_your_turn", "a hint is for your own turn")
            seq, view, seed = table.seq, table.view(seat), hint_seed(table.game)

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
                                              f"got {shown_json(every)}")
            hand = msg.get("hand")      # an earlier finished hand; the last one if absent
            if hand is not None and (isinstance(hand, bool) or not isinstance(hand, int)):
                raise TableError("malformed", f"review takes \"hand\": a finished hand's "
                                              f"number (from 0), got {shown_json(hand)}")
            asked = {"hand": hand, "every_seat": every}     # (said with a refusal: whose)
            if hand is None and table.game.phase not in ("hand_over", "game_over"):
                raise TableError("no_review", "no review: the hand is still being played",
                                 asked)
            try:
                game = table.game.clone() if hand is None else hand_game(table.game, hand)
            except TableError as e:
                raise TableError(e.code, str(e), asked) from None
            names = table.names()
            # a hand before the seat's present player sat: its kitty was another's secret
            seen = (hand is None or hand >= table.seats[seat].opens_at
                    or table.game.phase == "game_over")

            async def work() -> dict[str, Any]:
                try:
                    return await self.pool.review(game, seat, names, every, hand, seen)
                except Exception as e:  # a failing solver must not close the player's socket
                    log.exception("review failed")
                    raise TableError("no_review",
                                     f"the review could not be worked out: {e}", asked) from e

        async def job() -> None:
            async with self._answering(ws, text, table, seat):
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
        if kind in ("claim", "act", "discard", "take_back"):
            table.check_plays_own_seat(seat)
        if kind == "practice" and table.practice is None:
            await self._practise(table, seat, ws)
            return
        if kind == "practice":
            table.play_again(seat)
        elif kind == "claim":
            claimed = await self._claim(table, seat)
        elif kind == "act":
            table.act(seat, msg.get("action"))
        elif kind == "discard":
            table.discard(seat, msg.get("cards"))
        elif kind == "next":
            dealt = table.press_next(seat, self.connected(table))
            if dealt is None:                   # (pressed already: no change, no state)
                return
            if not dealt:
                await self.broadcast(table)
                return
        elif kind == "name":
            table.set_name(seat, msg.get("name"), lambda: self._pace_rename(table, seat))
        elif kind == "speed" and not table.set_speed(
                seat, msg.get("speed"), lambda: self._pace_speed(table, seat)):
            return                              # (the speed it has: no change, no state)
        elif kind == "take_back":
            undone = table.take_back(seat)
            self.thinking[table.id] = None     # a bot deciding now decides for nothing
            reply = {"type": "taken_back", "seq": table.seq, "undone": undone}
        elif kind == "seat_to_bot":
            table.seat_to_bot(seat, msg.get("seat"), self.connected(table))
        elif kind == "take_seat":
            table.take_seat_back(seat)
        elif kind == "start":
            if not table.start(seat, self.connected(table)):
                return                          # (playing already: no change)
        elif kind == "new_link":
            table.renew_invitation(seat, msg.get("seat"), self.connected(table))
        elif kind == "pause" and not table.set_paused(
                seat, msg.get("paused"), self.connected(table),
                lambda: self._pace_pause(table, seat)):
            return                              # (paused already, or going on: no change)
        self.save(table)
        self.changed(table)
        if claimed is not None:
            for viewer, sock in list(self.conns.get(table.id, {}).items()):
                await self.send(sock, claimed_message(claimed, viewer, table))
        await self.broadcast(table)
        if reply is not None:
            await self.send(ws, reply)
        self.kick(table)

    def _pace_pause(self, table: Table, seat: int) -> None:
        """TableError ``busy``, nothing changed, for a seat that paused the table less than
        ``PAUSE_EVERY`` seconds ago: each pause shows every page its overlay and is saved,
        and a page pausing and resuming without end flashed it on every screen."""
        wait = self.pauses.wait(f"{table.id} {seat}")
        if wait > 0:
            raise TableError("busy", f"you paused the game a moment ago: you may pause it "
                                     f"again in {math.ceil(wait)} s")

    def _pace_rename(self, table: Table, seat: int) -> None:
        """TableError ``busy``, nothing changed, for a seat that has renamed itself
        ``NAME_BURST`` times in the last moments: each rename is saved and sent to every
        page, and one page renaming without end flooded every screen (one a moment later
        is taken)."""
        wait = self.renames.wait(f"{table.id} {seat}")
        if wait > 0:
            raise TableError("busy", f"you renamed yourself a moment ago: you may rename "
                                     f"yourself again in {math.ceil(wait)} s")

    def _pace_speed(self, table: Table, seat: int) -> None:
        """TableError ``busy``, nothing changed, for a seat that has changed its table's speed
        ``SPEED_BURST`` times in the last moments: each change is saved and sent to every
        page, and a page changing it without end flooded every screen and the disk."""
        wait = self.speeds.wait(f"{table.id} {seat}")
        if wait > 0:
            raise TableError("busy", f"you changed the speed a moment ago: you may change it "
                                     f"again in {math.ceil(wait)} s")

    async def may_open(self, table: Table, seat: int, ws: WebSocket) -> bool:
        """Serving, whether ``seat``'s socket ``ws`` may take its seat now: each seat's opens
        are paced (``opens``: ``OPEN_BURST`` at once, then one every ``OPEN_EVERY`` s), for
        each open and each close sends every player a state, and a page reconnecting in a
        loop flooded them all.  One too soon is sent ``busy`` with ``retry_after`` (whole
        seconds) and closed with code 4429, nothing changed (its page tries again then).  At
        home (``fivehundred play``) the only page flooded would be the player's own: never."""
        if self.mode != "serve":
            return True
        wait = self.opens.wait(f"{table.id} {seat}")
        if wait <= 0:
            return True
        seconds = max(1, math.ceil(wait - 1e-6))
        await self.send(ws, {"type": "error", "code": "busy", "retry_after": seconds,
                             "message": f"this seat's page connected {self.opens.burst} "
                                        f"times in a moment: it connects again in "
                                        f"{seconds} s"})
        with suppress(RuntimeError):
            await ws.close(code=4429)
        return False

    async def _practise(self, table: Table, seat: int, ws: WebSocket) -> None:
        """PLAY THIS DEAL AGAIN: a practice table of the hand just finished, saved, and its
        link sent to the seat that asked (``practice``); ``table`` itself waits untouched."""
        practice = table.practise(seat)
        kept = self.get(practice.id)        # (this hand practised before: that table again)
        salt = 0
        while kept is None and self._saved_row(practice.id) and practice.practice is not None:
            salt += 1                       # damaged: kept as it is (get reported it); the
            p = practice.practice           # next one
            practice.id = practice_id(table.id, p.hand, p.token, salt)
            kept = self.get(practice.id)
        if kept is not None:
            kept.deal_again()
            kept.speed = table.speed        # (the game's, as a new one's)
            self.save(kept)
            await self.broadcast(kept)
            self.kick(kept)
            practice = kept
            log.info("practice table %s dealt again", practice.id)
        else:
            self.add(practice)
            log.info("practice table %s created: hand %d of table %s", practice.id,
                     table.game.hand_number + 1, table.id)
        await self.send(ws, {"type": "practice", "table": practice.id, "seat": seat,
                             "token": practice.seats[seat].token})

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
