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
