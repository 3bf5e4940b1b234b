"""START pressed while a friend's link was being opened (his seat taken, its save awaited) gave
his seat a bot: he was welcomed, then told "A bot plays your turn".  A seat on its way to the
table counts as at the table."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import fivehundred.web.app as web_app
from fivehundred.web.store import Store
from test_web_friend_keys import invitation
from webclient import Seat, connect, host_starts, new_table, web_client, welcome_key


def test_start_while_a_friend_s_link_opens_leaves_him_his_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    entered, release = threading.Event(), threading.Event()
    saved = web_app._saved
    calls: list[int] = []

    async def slow_saved(hub: Any, table: Any, ws: Any) -> bool:
        calls.append(1)
        if len(calls) == 2:         # (the friend's: his link opened, then his seat taken)
            entered.set()
            while not release.is_set():
                await asyncio.sleep(0.01)
        return await saved(hub, table, ws)

    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        with connect(client, t) as host_ws:
            host = Seat(host_ws)
            host.until(lambda m: m["type"] == "state")
            monkeypatch.setattr(web_app, "_saved", slow_saved)
            done: dict[str, Any] = {}

            def friend() -> None:
                with connect(client, t, invitation(t, 1)) as fws:
                    f = Seat(fws)
                    done["key"] = welcome_key(f)
                    done["state"] = f.until(lambda m: m["type"] == "state"
                                            and not m["table"]["gathering"])

            th = threading.Thread(target=friend)
            th.start()
            assert entered.wait(10)
            started = host_starts(host)
            release.set()
            th.join(20)
            assert not th.is_alive()
        assert started["table"]["seats"][1]["kind"] == "human", started["table"]["seats"][1]
        assert done["state"]["table"]["seats"][1]["kind"] == "human"
