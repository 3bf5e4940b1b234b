"""The hub lets a table go from memory once nobody is at it (``Hub.sweep``): it held every
table ever opened until the server stopped (about 5 KB a fresh one, 54 KB a finished one).
One let go comes back from its save as its players left it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from fivehundred import Rules
from fivehundred.web.botpool import BotPool
from fivehundred.web.hub import Hub
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from webclient import Seat, connect, new_table, simple_action, web_client


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _kept_for(hub: Hub, table_id: str) -> list[str]:
    """What the hub still keeps by a table's id."""
    held = {"tables": hub.tables, "conns": hub.conns, "tasks": hub.tasks,
            "thinking": hub.thinking, "last_change": hub.last_change, "used": hub.used,
            "holds": hub.holds}
    return [name for name, d in held.items() if table_id in d]


def _settled(hub: Hub, table_id: str) -> None:
    """Wait until the table's socket has closed and its bots have played to its player's
    turn (their task ended)."""
    deadline = time.monotonic() + 30
    while hub.conns.get(table_id) or hub.holds.get(table_id) or (
            table_id in hub.tasks and not hub.tasks[table_id].done()):
        assert time.monotonic() < deadline, "the table's bots did not stop"
        time.sleep(0.02)


def _shown(m: dict[str, Any]) -> dict[str, Any]:
    """A state as its page shows it (``waited`` is read only while the table waits on another
    seat: here it waits on this one, and its clock starts when the page opens)."""
    return {**m, "table": {k: v for k, v in m["table"].items() if k != "waited"}}


def test_a_table_left_idle_is_let_go_and_comes_back_as_it_was() -> None:
    store = Store(":memory:")
    with web_client(store, mode="serve") as client:
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        clock = Clock()
        hub.clock = clock
        t = new_table(client, preset="australian", seed=3)
        tid = t["table"]
        with connect(client, t) as ws:
            seat = Seat(ws)
            m = seat.my_turn()
            seat.send(**simple_action(m))
            before = seat.my_turn()
        _settled(hub, tid)
        saved = hub.tables[tid].to_json()
        clock.now += hub.keep_idle - 1
        new_table(client)                              # (a sweep: not idle long enough)
        assert tid in hub.tables
        clock.now += 1
        new_table(client)                              # (a sweep: ten minutes unused)
        assert _kept_for(hub, tid) == []
        assert store.load(tid) == saved
        with connect(client, t) as ws:
            again = Seat(ws).until(lambda x: x["type"] == "state")
        assert again["seq"] == before["seq"] == saved["seq"]
        assert _shown(again) == _shown(before)
        assert hub.tables[tid].to_json() == saved


@contextmanager
def _hub(max_tables: int = 100) -> Iterator[tuple[Hub, Clock]]:
    pool = BotPool("thread", 1)
    try:
        hub = Hub(Store(":memory:"), pool, "local", 0.0, 0.0)
        hub.max_tables = max_tables
        clock = Clock()
        hub.clock = clock
        yield hub, clock
    finally:
        pool.close()


def _table(seed: int = 3) -> Table:
    return Table.new("australian", Rules.preset("australian"), "easy", seed=seed)


async def _never() -> None:
    await asyncio.Event().wait()


@pytest.mark.parametrize("busy", ["socket", "bots", "claim", "next", "handler"])
def test_a_table_someone_is_at_is_never_let_go(busy: str) -> None:
    """An open socket, a bots' task running, a claim being checked, a NEXT pressed (not
    saved), a handler working with it: kept however long unused and however many tables."""
    with _hub(max_tables=1) as (hub, clock):
        t = _table()
        hub.add(t)

        async def swept() -> list[str]:
            with hub.holding(t if busy == "handler" else None):
                if busy == "socket":
                    hub.conns[t.id] = {0: object()}     # type: ignore[dict-item]
                elif busy == "bots":
                    hub.tasks[t.id] = asyncio.create_task(_never())
                elif busy == "claim":
                    t.claiming += 1
                elif busy == "next":
                    t.ready.add(0)
                clock.now += 10 * hub.keep_idle
                hub.add(_table(4))            # (one table too many, as well)
                kept = hub.sweep()
                assert hub.tables.get(t.id) is t
                hub.conns.get(t.id, {}).clear()        # (the socket closed...)
                if t.id in hub.tasks:
                    hub.tasks[t.id].cancel()           # (the bots stopped...)
                    await asyncio.wait([hub.tasks[t.id]])
                t.claiming, t.ready = 0, set()
            return kept + hub.sweep()                  # (... and the handler is done)

        gone = asyncio.run(swept())
        assert t.id in gone and _kept_for(hub, t.id) == []


def test_tables_opened_and_abandoned_are_bounded() -> None:
    """A long run of tables opened and never sat at: at most ``max_tables`` held at once,
    and nothing else kept for the ones let go; ten minutes on, none."""
    with _hub(max_tables=8) as (hub, clock):
        for seed in range(60):
            hub.add(_table(seed))
            clock.now += 1.0
            assert len(hub.tables) <= 8
        assert set(hub.used) == set(hub.last_change) == set(hub.tables)
        clock.now += hub.keep_idle
        hub.sweep()
        assert hub.tables == {} and hub.used == {} and hub.last_change == {}


def test_the_server_sweeps_by_itself() -> None:
    """A table nobody is at goes even if no other is opened (``Hub.sweeping``)."""
    with _hub() as (hub, clock):
        t = _table()
        hub.add(t)
        clock.now += hub.keep_idle

        async def run() -> None:
            sweeper = asyncio.create_task(hub.sweeping(every=0.01))
            for _ in range(200):
                await asyncio.sleep(0.01)
                if t.id not in hub.tables:
                    break
            sweeper.cancel()

        asyncio.run(run())
        assert _kept_for(hub, t.id) == []
