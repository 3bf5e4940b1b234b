"""The page, serving, when its socket's open is refused as too soon (``busy``, close 4429,
``retry_after``): it waits the seconds the server says and comes back, neither giving up
nor trying again and again meanwhile (docs/protocol.md; the server's side is
test_web_pacing.py's)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser import DESKTOP, live_hub, viewport_page
from fivehundred.web.table import Table
from fivehundred.web.throttle import Throttle


def test_a_page_refused_as_too_soon_waits_the_servers_time_and_comes_back(
        tmp_path: Path) -> None:
    """Its seat's opens spent (one every 3 s here), the page's next reconnection is refused:
    it tries again once, after the 3 s it is told, and has its seat; its backoff alone
    (0.4 s, then 0.8, 1.6...) was refused three times over.  Both clocks are the test's
    (the page's, Playwright's; the server's bucket's): each second passes when the test says,
    so a slow machine neither hides an early try nor makes a late one."""
    with live_hub(tmp_path / "p.db", "serve", seeded_friends=False) as (url, hub), \
            viewport_page(DESKTOP) as page:
        page.goto(url)
        made: dict[str, Any] = page.evaluate("""async () => (await fetch('/api/tables', {
            method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({strength: 'easy'})})).json()""")
        page.goto(f"{url}?table={made['table']}&token={made['token']}")
        page.wait_for_function("() => window.fivehundred.app.conn?.isOpen()"
                               " && window.fivehundred.app.state !== null")
        table: Table = hub.tables[made["table"]]
        table.paused = True               # (no bot's state: the opens only)
        now = [0.0]
        hub.opens = Throttle(1, 3.0, lambda: now[0])
        taken: list[bool] = []
        may_open = hub.may_open

        async def counted(t: Table, seat: int, ws: Any) -> bool:
            """Each open's answer, noted."""
            taken.append(await may_open(t, seat, ws))
            return taken[-1]

        def conn(what: str) -> Any:
            """``what`` of the page's connection (``c``), read now."""
            return page.evaluate(f"(() => {{ const c = window.fivehundred.app.conn; "
                                 f"return {what}; }})()")

        hub.may_open = counted            # type: ignore[method-assign, assignment]
        page.clock.install()
        page.clock.pause_at(conn("Date.now()") + 1000)     # (the page's time stands still)
        conn("c.reconnectNow()")                            # (the one open)
        wait_for(lambda: taken == [True])
        conn("c.reconnectNow()")                            # (one too many)
        wait_for(lambda: taken == [True, False])
        # refused: told to come back in 3 s, its socket closed, its next try set for then
        wait_for(lambda: conn("c.ws === null && c.retryTimer !== null && c.notBefore > 0"))
        dialled = conn("c.generation")
        page.clock.run_for(2990)
        assert conn("c.generation") == dialled and taken == [True, False], "a try too soon"
        now[0] = 3.0                                        # (the server's 3 s too)
        page.clock.run_for(20)
        assert conn("c.generation") == dialled + 1          # (tried again, once)
        wait_for(lambda: taken == [True, False, True])
        # (a refused socket is open a moment too: the server accepts it, then says why)
        wait_for(lambda: conn("c.isOpen()"))
        page.clock.run_for(1000)
        assert conn("c.generation") == dialled + 1 and taken == [True, False, True], taken
        assert conn("c.stopped") is False


def wait_for(done: Callable[[], bool], limit: float = 15.0) -> None:
    """Wait until ``done()`` (an AssertionError after ``limit`` seconds)."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "it did not happen in time"
        time.sleep(0.05)
