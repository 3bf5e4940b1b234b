"""The tables a server holds: a saved one brought back when asked for, one nobody is at let
go from memory after a while (:meth:`TableKeeper.sweep`), each saved after every action with
the statistics it counts, the saves kept past their time deleted (:meth:`TableKeeper.prune`),
and the lobby's lists of games to continue or open (a mixin of
:class:`fivehundred.web.hub.Hub`, whose fields these are).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Literal

from starlette.websockets import WebSocket

from .. import __version__
from ..game import HandResult
from ..options import PRESET_LABELS
from .seats import TableError
from .state import continue_summary_parts
from .store import LOCAL_PLAYER, Store, StoreError
from .table import Table

FINISHED_SHOWN = 10   # finished games the lobby lists, the newest first
IN_PLAY_SHOWN = 6     # unfinished games the lobby offers to continue, the newest first
_NOT_SAVED = ("claiming", "idle_after", "waiting_since", "_wait", "_present", "_gone_at")
"""What a table put back as it was saved keeps of its own: the server's, not the game's."""
Restored = Literal["restored", "held", "closed"]   # what :meth:`TableKeeper._restore` did
_AFTER_A_FAILED_SAVE: dict[str, str] = {   # what a failed save's players are told became of it
    "new": "it was not started; try again later",
    "restored": "it is back as it was when last saved",
    "held": "it is kept as it is, to be saved with the next move",
    "closed": "its last save cannot be read back either, so it is closed until the saves "
              "file can be read again",
}
KEEP_IDLE_SECONDS = 600.0
"""How long a table nobody is at stays in memory after its last use before it is let go (it
is saved: it comes back from the save when next asked for).  Ten minutes: far longer than a
page takes to come back (a phone waking, a network blip: seconds, the page reconnecting by
itself), so a table in play is not read back over a blip; short enough that a server many
visit holds only the last minutes' tables (about 5 KB each fresh, 54 KB finished)."""
MAX_TABLES = 256
"""The most tables held in memory: past it, those nobody is at are let go, the longest unused
first, before their ``KEEP_IDLE_SECONDS`` (a table someone is at is never let go: it may be
passed).  A group of friends has a few tables going; a flood of new ones holds 256 at most,
about 14 MB even if all were finished games."""
SWEEP_SECONDS = 60.0
"""How often the server looks for tables to let go (:meth:`TableKeeper.sweeping`), besides
each time it opens or brings back one."""
DAY = 86400.0
PRACTICE_KEPT_SECONDS = 7 * DAY
"""How long a practice table (PLAY THIS DEAL AGAIN) stays in the saves file after it was last
played: a week.  Nothing lists it, so only its own page's address reaches it (a tab left open
over a weekend, reloaded); one unplayed for a week is one whose page was closed, and its
game, listed, deals the hand again when asked.  (Kept for ever, every hand practised made
the file grow for good.)"""
SERVE_KEPT_SECONDS = 30 * DAY
"""Serving, how long a table (a game, finished or not) stays in the saves file after its last
move: thirty days.  A server lists nobody's games: a table is reached only by its seats' links
(each browser keeps its own newest), and strangers' abandoned games piled up for ever.  A month
lets friends take up a game paused over a holiday, or open a finished one to review it and save
its record, long after; each player's statistics stay.  At home (``fivehundred play``) the
listed games are the player's history, never deleted: nor by a server of ``play``'s file
(:attr:`Store.home`), which keeps them as ``play`` does."""
PRUNE_SECONDS = 3600.0
"""How often the server deletes the saves kept past their time (:meth:`TableKeeper.prune`),
besides as it starts: the limits are days, and an hour late is nothing."""
log = logging.getLogger("fivehundred.web")


class TableKeeper:
    """The tables in memory and their saves (a mixin of :class:`fivehundred.web.hub.Hub`,
    which sets these fields and keeps by a table's id what ``sweep`` lets go with it)."""

    store: Store
    mode: str
    idle_after: float
    tables: dict[str, Table]
    conns: dict[str, dict[int, WebSocket]]
    tasks: dict[str, asyncio.Task[None]]
    thinking: dict[str, int | None]
    last_change: dict[str, tuple[float, float]]
    problems: list[str]
    keep_idle: float
    max_tables: int
    clock: Callable[[], float]
    used: dict[str, float]
    holds: dict[str, int]
    broken: dict[str, str | None]

    if TYPE_CHECKING:
        def changed(self, table: Table) -> None: ...    # (the Hub's)

    def get(self, table_id: object) -> Table | None:
        """A live table, or a saved one brought back; None if unknown or damaged."""
        if not isinstance(table_id, str):
            return None
        t = self.tables.get(table_id)
        if t is not None:
            self.used[table_id] = self.clock()
            return t
        data = None
        try:
            data = self.store.load(table_id)
            if data is None:
                return None
            t = Table.from_json(data, table_id)
        except (StoreError, TableError) as e:
            self._problem(f"saved game {table_id}: {e}")
            self.broken[table_id] = None if data is None else Table.saved_by(data)
            return None
        self.broken.pop(table_id, None)     # (its save mended meanwhile)
        self._keep(t)              # (the table waits on its player from now, not from 0)
        return t

    def damaged(self, table_id: object) -> str | None:
        """What to tell a player whose link names a saved game that cannot be brought back
        (its save damaged: :meth:`get`, asked first, found it so, reported it and gave None,
        the row kept as it is), or None where ``table_id`` names no such save (a live table,
        a whole save, none).  Serving, the reason goes only to the log (the player is not
        told it)."""
        if table_id not in self.broken or table_id in self.tables:
            return None
        where = ("the lobby lists what is wrong with it" if self.mode == "local"
                 else "whoever runs this server finds what is wrong with it in its log")
        by = self.broken[table_id]
        if by is not None:          # (the program changed since, not the save)
            which = f" ({by}, this one {__version__})" if self.mode == "local" else ""
            return (f"this game was saved by another version of fivehundred{which}, and this "
                    f"one cannot replay it, so it cannot be opened; it was kept as it is "
                    f"({where})")
        return (f"this game's save is damaged, so it cannot be opened; it was kept as it is "
                f"({where})")

    def _keep(self, table: Table) -> None:
        """Hold a table in memory, new or brought back, room made for it (:meth:`sweep`)."""
        self.sweep(room=1)
        table.idle_after = self.idle_after
        self.tables[table.id] = table
        self.used[table.id] = self.clock()
        self.changed(table)

    def sweep(self, room: int = 0) -> list[str]:
        """Let go from memory the tables nobody is at (:meth:`_busy`) that have gone unused
        ``keep_idle`` seconds, and past ``max_tables`` (less ``room``, for tables about to be
        held) the longest unused of the others too; the ids let go.

        Each was saved after its last action, and nothing it keeps unsaved shows once nobody
        is at it (no claim, no NEXT pressed, no bot deciding; its wait's clock starts again
        when a page opens it), so brought back it is what its players saw.  Whatever the hub
        keeps by a table's id goes with it, and so does what it kept for a table no longer
        held (a socket's leftover, a bots' task ended)."""
        now = self.clock()
        idle = sorted((self.used.get(tid, now), tid) for tid in self.tables
                      if not self._busy(tid))
        over = len(self.tables) + room - self.max_tables
        gone = [tid for i, (used, tid) in enumerate(idle)
                if i < over or now - used >= self.keep_idle]
        orphans = (self.conns.keys() | self.tasks.keys() | self.thinking.keys()
                   | self.last_change.keys() | self.used.keys()) - self.tables.keys()
        for tid in [*gone, *(k for k in orphans if not self._busy(k))]:
            for held in (self.tables, self.conns, self.tasks, self.thinking, self.last_change,
                         self.used):
                held.pop(tid, None)
        return gone

    def _busy(self, table_id: str) -> bool:
        """Whether anyone is at a table or anything works on it: an open socket, a handler
        holding it (:meth:`holding`), its bots' task, a claim being checked, a NEXT pressed
        (what it keeps unsaved)."""
        t = self.tables.get(table_id)
        task = self.tasks.get(table_id)
        return bool(self.conns.get(table_id) or self.holds.get(table_id)
                    or (task is not None and not task.done())
                    or (t is not None and (t.claiming or t.ready)))

    @contextmanager
    def holding(self, table: Table | None) -> Iterator[None]:
        """While in it, ``table`` is not let go from memory (its handler works with this very
        Table: one brought back meanwhile would be a second, and they would part ways)."""
        if table is None:
            yield
            return
        self.holds[table.id] = self.holds.get(table.id, 0) + 1
        try:
            yield
        finally:
            left = self.holds.pop(table.id) - 1
            if left:
                self.holds[table.id] = left

    async def sweeping(self, every: float = SWEEP_SECONDS,
                       prune_every: float = PRUNE_SECONDS) -> None:
        """:meth:`sweep` every ``every`` seconds, for as long as the server runs (a table
        nobody is at is let go even if no other is opened); :meth:`prune` as it starts and
        every ``prune_every`` seconds (the saves file stops growing for good)."""
        self.prune()
        pruned = time.monotonic()
        while True:
            await asyncio.sleep(every)
            self.sweep()
            if time.monotonic() - pruned >= prune_every:
                self.prune()
                pruned = time.monotonic()

    def prune(self, now: float | None = None) -> int:
        """Delete from the saves file the tables kept past their time (``now``: seconds since
        the epoch; the time now if None): practice tables unplayed for
        ``PRACTICE_KEPT_SECONDS``, and serving every table unplayed for
        ``SERVE_KEPT_SECONDS`` (at home the listed games are the player's: kept, and so they
        are by a server of ``play``'s file, :attr:`Store.home`).  Never one held in memory or
        worked on (:meth:`_busy`): someone is at it, or was a moment ago.  How many, logged; a
        failure (the file not writable now) is reported as a problem, nothing deleted."""
        now = time.time() if now is None else now
        games = self.mode == "serve" and not self.store.home
        kept = self.tables.keys() | {tid for tid in self.conns.keys() | self.tasks.keys()
                                     | self.holds.keys() if self._busy(tid)}
        try:
            gone = self.store.prune(now - PRACTICE_KEPT_SECONDS,
                                    now - SERVE_KEPT_SECONDS if games else None, kept)
        except StoreError as e:
            self._problem(f"the saves kept past their time could not be deleted: {e}")
            return 0
        if gone:
            log.info("deleted %d saved table%s unplayed past their time (practice tables: "
                     "%g days%s)", gone, "" if gone == 1 else "s", PRACTICE_KEPT_SECONDS / DAY,
                     f"; others: {SERVE_KEPT_SECONDS / DAY:g} days" if games else "")
        return gone

    def _problem(self, text: str) -> None:
        log.warning("%s", text)
        if text not in self.problems:
            self.problems.append(text)

    def add(self, table: Table) -> None:
        """A new table: saved at once (TableError ``not_saved`` if it cannot be: it is not
        kept)."""
        self._keep(table)
        self.save(table, new=True)

    def save(self, table: Table, new: bool = False) -> None:
        """Save after every action; count finished hands and games in the statistics, once.

        A save that fails (a full disk) leaves nothing half done: the table is put back as it
        was last saved (:meth:`_restore`; one someone is at whose save cannot be read back is
        kept as it is, saved with its next move; a ``new`` one is not started) and TableError
        ``not_saved`` says why, in plain words (the saves file's path and SQLite's words go
        to the log and the problems alone: a server's players are not told its files)."""
        try:
            self._save(table)
        except StoreError as e:
            self._problem(f"the game {table.id} could not be saved: {e}")
            after = self._restore(table)
            raise TableError("not_saved", f"the game could not be saved ({e.public}): "
                             + _AFTER_A_FAILED_SAVE["new" if new else after]) from None

    def _restore(self, table: Table) -> Restored:
        """Put a live table back as it was last saved, in place (its sockets and its bots'
        task hold it): what its players see is then what a restart would bring back.  One
        never saved leaves the live tables.  One whose save cannot be read back (the file
        failing) leaves them too ("closed": opened again from its save once that can be
        read), unless someone is at it (:meth:`_busy`): its handlers hold this very Table,
        and one brought back beside it would be a second, the two saving over each other;
        it is kept as it is then ("held"), saved with its next move."""
        try:
            data = self.store.load(table.id)
            saved = Table.from_json(data, table.id) if data is not None else None
        except (StoreError, TableError, sqlite3.Error):
            if self.tables.get(table.id) is table and self._busy(table.id):
                return "held"
            saved = None
        if saved is None:
            self.tables.pop(table.id, None)
            self.last_change.pop(table.id, None)
            self.used.pop(table.id, None)
            return "closed"
        for f in fields(Table):
            if f.name not in _NOT_SAVED:
                setattr(table, f.name, getattr(saved, f.name))
        return "restored"

    def _save(self, table: Table) -> None:
        """The save and the statistics it counts, one transaction (StoreError if refused:
        the table's counters of what was counted are put back, the transaction's counts
        rolled back, so that the next save counts them)."""
        counted = (table.counted_hands, table.uncounted_take_backs, table.counted_game)
        try:
            self._save_counting(table)
        except BaseException:
            table.counted_hands, table.uncounted_take_backs, table.counted_game = counted
            raise

    def _save_counting(self, table: Table) -> None:
        """:meth:`_save`'s transaction."""
        g = table.game
        with self.store.batch():
            results = g.hand_results
            players = self.players(table)
            for res in results[table.counted_hands:]:
                for seat, player in players.items():
                    self._count_hand(table, res, seat, player)
            table.counted_hands = len(results)
            if table.uncounted_take_backs:       # (only with bots in every other seat)
                if 0 in players:
                    self.store.add_take_backs(table.strength, table.uncounted_take_backs,
                                              players[0])
                table.uncounted_take_backs = 0
            if g.phase == "game_over" and not table.counted_game:
                for seat, player in players.items():
                    self.store.add_game(table.strength, g.winner == table.rules.side_of[seat],
                                        player)
                table.counted_game = True
            self.store.save(table.id, table.to_json(), finished=g.phase == "game_over",
                            listed=table.practice is None)

    def players(self, table: Table) -> dict[int, str]:
        """The seats whose hands count in the statistics now, each with whose they are: at
        home the one person at this machine, in seat 0; serving, each seat a human plays from
        a browser that said who it is (a bot's hands are nobody's; a friend's replacement
        counts for himself); a practice table's are nobody's (:meth:`Table.practise`)."""
        if table.practice is not None:
            return {}
        if self.mode == "local":
            return {0: LOCAL_PLAYER}
        return {s.seat: s.player for s in table.seats
                if s.kind == "human" and s.player is not None}

    def _count_hand(self, table: Table, res: HandResult, seat: int, player: str) -> None:
        if res.kind == "all_pass_redeal":
            return
        c = res.contract
        bid = c is not None and c.declarer == seat
        self.store.add_hand(table.strength, bid=bid, made=bool(res.made),
                            misere=bid and c is not None and c.is_misere,
                            points=res.points[table.rules.side_of[seat]], player=player)

    def continue_links(self, limit: int = IN_PLAY_SHOWN) -> list[dict[str, Any]]:
        """The newest unfinished games that can be restored (local mode), newest first: the
        lobby's CONTINUE takes the first, and lists the others under it (a new game started
        from the lobby used to hide the one before it for good)."""
        out: list[dict[str, Any]] = []
        for tid, updated in self.store.unfinished():
            if len(out) >= limit:
                break
            t = self.get(tid)
            if t is None:
                continue
            g = t.game
            label = PRESET_LABELS.get(t.preset, t.preset)
            parts = continue_summary_parts(label, g.phase, g.hand_number, list(g.scores),
                                           t.side_names())
            # the line, and its parts apart: a name may have " · " in it
            out.append({"table": t.id, "token": t.seats[0].token, "updated": updated,
                        "summary": " · ".join(parts), "summary_parts": parts})
        return out

    def finished_links(self, before: tuple[float, str] | None = None,
                       limit: int = FINISHED_SHOWN
                       ) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The newest finished games (local mode), to open at their end: each hand reviewed
        against double dummy, the record saved; ``before``, the (time, id) a list showed
        last: the older ones after it (:meth:`Store.finished`).  With them, where the next
        older ones begin (``{"ended", "table"}`` to pass back as ``before``), None if none
        is older.  A damaged one is left out (and reported)."""
        rows, older = self.store.finished(limit, before)
        return self._finished_lines(rows), (
            None if older is None else {"ended": older[0], "table": older[1]})

    def _finished_lines(self, rows: list[tuple[str, float]]) -> list[dict[str, Any]]:
        """The lobby's lines of the finished games ``rows`` (id, time ended); one that cannot
        be brought back, or is not over, left out."""
        out: list[dict[str, Any]] = []
        for tid, ended in rows:
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

    def _saved_row(self, table_id: str) -> bool:
        """Whether the saves file has a row for ``table_id``, readable or not."""
        try:
            return self.store.load(table_id) is not None
        except (StoreError, sqlite3.Error):
            return True
