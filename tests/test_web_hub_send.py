"""A socket that goes while a message is on its way to it: ``Hub.send`` drops the message and
``Hub.broadcast`` goes on to the other seats (one seat's goodbye broadcasts to a table whose
other socket may be closing at that moment; the test client then raises anyio's errors)."""

from __future__ import annotations

import asyncio

import pytest
from anyio import BrokenResourceError, ClosedResourceError
from starlette.websockets import WebSocketDisconnect, WebSocketState

from fivehundred import Rules
from fivehundred.web.botpool import BotPool
from fivehundred.web.hub import Hub
from fivehundred.web.store import Store
from fivehundred.web.table import Table


class GoneSocket:
    """A socket still marked connected whose stream fails with ``error`` (None: it works)."""

    application_state = WebSocketState.CONNECTED

    def __init__(self, error: BaseException | None) -> None:
        self.error = error
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        if self.error is not None:
            raise self.error
        self.sent.append(text)


@pytest.mark.parametrize("error", [ClosedResourceError(), BrokenResourceError(),
                                   WebSocketDisconnect(1006), RuntimeError("closed"),
                                   OSError("reset")])
def test_a_socket_closing_under_a_broadcast_is_skipped(error: BaseException) -> None:
    pool = BotPool("thread", 1)
    try:
        hub = Hub(Store(":memory:"), pool, "local", 0.7, 1.2)
        t = Table.new("australian", Rules.preset("australian"), "easy", seed=3)
        gone, alive = GoneSocket(error), GoneSocket(None)
        hub.conns[t.id] = {0: gone, 1: alive}    # type: ignore[dict-item]
        asyncio.run(hub.broadcast(t))
        assert gone.sent == [] and len(alive.sent) == 1 and '"you":1' in alive.sent[0]
    finally:
        pool.close()


class StuckSocket(GoneSocket):
    """A socket whose page stopped reading: a send waits for good (its buffers full); each
    send tried and each given up are counted."""

    def __init__(self) -> None:
        super().__init__(None)
        self.closed = False
        self.tried = 0
        self.given_up = 0

    async def send_text(self, text: str) -> None:
        self.tried += 1
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.given_up += 1
            raise

    async def close(self, code: int = 1000) -> None:
        self.closed = True


def test_a_page_that_stopped_reading_is_let_go_and_holds_up_nobody(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A friend's page that stopped reading (a laptop closed) froze his table for everyone:
    each broadcast waited on his socket for good. After ``SEND_SECONDS`` his seat is let go:
    nothing more is sent to it, it is closed, and the table's next broadcast shows him
    gone.  Counted, not timed: the broadcast waits on his one send, gives it up, and goes on
    to the others; the next one tries him no more."""
    import fivehundred.web.hub as hub_module

    monkeypatch.setattr(hub_module, "SEND_SECONDS", 0.2)
    pool = BotPool("thread", 1)
    try:
        hub = Hub(Store(":memory:"), pool, "local", 0.7, 1.2)
        t = Table.new("australian", Rules.preset("australian"), "easy", seed=3)
        hub.tables[t.id] = t
        stuck, alive = StuckSocket(), GoneSocket(None)
        hub.conns[t.id] = {2: stuck, 0: alive}    # type: ignore[dict-item]

        async def go() -> None:
            """Two broadcasts, what the first left running (his leaving) done between."""
            # (the limit only ends a broadcast that never would: it is no measure)
            await asyncio.wait_for(hub.broadcast(t), 10)
            assert (stuck.tried, stuck.given_up) == (1, 1)      # waited on once, given up
            assert alive.sent                                   # the others sent theirs
            while hub._background:                 # (the seat's leaving, told to the others)
                await asyncio.gather(*hub._background)
            await hub.broadcast(t)

        asyncio.run(go())
        assert stuck.tried == 1 and stuck.closed and id(stuck) in hub.stalled
        assert hub.connected(t) == {0}
        assert len(alive.sent) >= 2 and all('"you":0' in m for m in alive.sent)
    finally:
        pool.close()
