"""The saves file's retention: nothing was ever deleted, so the file only grew (every hand
practised a row nobody could reach again, and serving, strangers' abandoned games for ever).
Practice tables unplayed for a week go, and serving every table unplayed for thirty days; at
home the listed games are the player's history and stay; a table in use is never deleted."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from browser import DESKTOP, live_server, viewport_page
from fivehundred.web.botpool import BotPool
from fivehundred.web.hub import Hub
from fivehundred.web.keeping import PRACTICE_KEPT_SECONDS, SERVE_KEPT_SECONDS
from fivehundred.web.store import SCHEMA_VERSION, Store
from webclient import connect, new_table, web_client

DAY = 86400.0
NOW = 2_000_000_000.0
"""The prunes' own clock (2033): every row's time is set against it."""


@contextmanager
def hub_over(store: Store, mode: str) -> Iterator[Hub]:
    """A hub over ``store`` with no server running (nothing prunes but the test)."""
    pool = BotPool("thread", 1)
    try:
        yield Hub(store, pool, mode, 0.0, 0.0)
    finally:
        pool.close()


def _row(store: Store, tid: str, age_days: float | str, finished: bool = False,
         listed: bool = True) -> None:
    """A saved table last saved ``age_days`` before ``NOW`` (text: a damaged time)."""
    store.save(tid, {"x": 1}, finished=finished, listed=listed)
    when = age_days if isinstance(age_days, str) else NOW - age_days * DAY
    store.db.execute("UPDATE tables SET updated = ? WHERE id = ?", (when, tid))


def _ids(store: Store) -> set[str]:
    return {r[0] for r in store.db.execute("SELECT id FROM tables")}


def _stats_rows(store: Store) -> list[tuple[object, ...]]:
    return store.db.execute("SELECT * FROM stats ORDER BY player, strength, name").fetchall()


def test_the_limits_are_a_week_for_practice_and_a_month_serving() -> None:
    assert PRACTICE_KEPT_SECONDS == 7 * DAY and SERVE_KEPT_SECONDS == 30 * DAY


def test_at_home_old_practice_tables_go_and_the_listed_games_stay_however_old() -> None:
    store = Store(":memory:")
    _row(store, "practice-old", 7.5, listed=False)
    _row(store, "practice-new", 6.5, listed=False)
    _row(store, "game", 3000)                       # unfinished, years ago: CONTINUE lists it
    _row(store, "ended", 3000, finished=True)       # the lobby's finished games
    store.add_game("hard", won=True)
    stats = _stats_rows(store)
    with hub_over(store, "local") as hub:
        assert hub.prune(NOW) == 1
        assert _ids(store) == {"practice-new", "game", "ended"}
        assert hub.prune(NOW + 1 * DAY) == 1        # a day on, the other's week is up
        assert _ids(store) == {"game", "ended"}
        assert hub.prune(NOW + 10_000 * DAY) == 0
    assert _stats_rows(store) == stats


def test_serving_every_table_unplayed_for_thirty_days_goes(
        caplog: pytest.LogCaptureFixture) -> None:
    store = Store(":memory:")
    _row(store, "abandoned", 31)
    _row(store, "ended", 31, finished=True)
    _row(store, "paused", 29)                   # (a game paused over a holiday)
    _row(store, "ended-lately", 29, finished=True)
    _row(store, "practice-old", 8, listed=False)
    _row(store, "practice-new", 1, listed=False)
    for player in ("k3bq0Lr8WmY2pXoZ4tNa1Q", "Zz9yX8wV7uT6sR5qP4oN3m"):
        store.add_hand("medium", bid=True, made=True, misere=False, points=120, player=player)
    stats = _stats_rows(store)
    with hub_over(store, "serve") as hub, caplog.at_level(logging.INFO, "fivehundred.web"):
        assert hub.prune(NOW) == 3
    assert _ids(store) == {"paused", "ended-lately", "practice-new"}
    assert _stats_rows(store) == stats          # each player's statistics stay
    assert "deleted 3 saved tables" in caplog.text and "30 days" in caplog.text


def test_damaged_rows_are_pruned_as_the_oldest_where_their_kind_goes() -> None:
    """A row whose data is not JSON is deleted without being read; a time that is not a
    number counts as the oldest (as in the lobby's lists), where its kind is pruned at all."""
    store = Store(":memory:")
    _row(store, "practice-bad-data", 8, listed=False)
    store.db.execute("UPDATE tables SET data = '{{{ not json' WHERE id = 'practice-bad-data'")
    _row(store, "practice-bad-time", "yesterday", listed=False)
    _row(store, "practice-blob-time", 0, listed=False)
    store.db.execute("UPDATE tables SET updated = x'00ff' WHERE id = 'practice-blob-time'")
    _row(store, "game-bad-time", "yesterday")
    with hub_over(store, "local") as hub:
        assert hub.prune(NOW) == 3
        assert _ids(store) == {"game-bad-time"}     # (at home: the player's, damaged or not)
    with hub_over(store, "serve") as hub:
        assert hub.prune(NOW) == 1
    assert _ids(store) == set()


def test_a_table_held_or_worked_on_is_never_deleted_under_it() -> None:
    store = Store(":memory:")
    with web_client(store, mode="serve") as client:
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        t = new_table(client, seed=5)
        tid = t["table"]
        _row(store, "held-by-a-handler", 40)
        with connect(client, t) as ws:
            ws.receive_json()
            store.db.execute("UPDATE tables SET updated = ? WHERE id = ?", (NOW - 40 * DAY, tid))
            hub.holds["held-by-a-handler"] = 1      # (a handler at work, not in memory)
            assert hub.prune(NOW) == 0              # open in a page: kept
            assert store.load(tid) is not None
        deadline = time.monotonic() + 20
        while hub.conns.get(tid) or hub.holds.get(tid) or not hub.tasks[tid].done():
            assert time.monotonic() < deadline      # (the page's handler ending)
            time.sleep(0.02)
        hub.clock = lambda: time.monotonic() + 3600   # nobody at it for an hour
        assert hub.sweep() == [tid]
        assert hub.prune(NOW) == 1 and _ids(store) == {"held-by-a-handler"}
        del hub.holds["held-by-a-handler"]
        assert hub.prune(NOW) == 1 and _ids(store) == set()


def test_a_deleted_table_asked_for_later_is_an_unknown_table() -> None:
    store = Store(":memory:")
    with web_client(store, mode="serve") as client:
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        t = new_table(client, seed=6)
        hub.tables.clear()                          # (let go from memory)
        store.db.execute("UPDATE tables SET updated = ?", (NOW - 31 * DAY,))
        assert hub.prune(NOW) == 1
        with connect(client, t) as ws:
            err = ws.receive_json()
            assert err["code"] == "unknown_table" and "no such table" in err["message"]
        assert client.get(f"/api/rules?table={t['table']}").status_code == 404
        assert client.get(f"/api/record?table={t['table']}&token={t['token']}"
                          ).status_code == 404


def test_a_prune_that_cannot_be_written_deletes_nothing_and_says_why() -> None:
    store = Store(":memory:")
    _row(store, "practice-old", 30, listed=False)
    store.db.execute("PRAGMA query_only = 1")       # (as a file that cannot be written now)
    with hub_over(store, "local") as hub:
        assert hub.prune(NOW) == 0
        assert any("could not be deleted" in p and "readonly" in p for p in hub.problems), \
            hub.problems
    assert _ids(store) == {"practice-old"}


def test_a_time_that_is_not_one_is_refused_and_deletes_nothing() -> None:
    store = Store(":memory:")
    _row(store, "practice-bad-time", "yesterday", listed=False)   # (any time would delete it)
    for bad in (float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"seconds since the epoch, not (nan|inf)"):
            store.prune(NOW, bad)
    assert _ids(store) == {"practice-bad-time"}


def test_the_server_prunes_as_it_starts_and_every_hour(monkeypatch: pytest.MonkeyPatch) -> None:
    """(``sweeping``'s own intervals shortened: one prune at the start, then one an hour.)"""
    store = Store(":memory:")
    now = time.time()
    _row(store, "practice-old", (NOW - now) / DAY + 8, listed=False)   # 8 days ago, now

    async def run() -> None:
        with hub_over(store, "local") as hub:
            task = asyncio.create_task(hub.sweeping(every=0.01, prune_every=1.0))
            await asyncio.sleep(0.05)
            assert _ids(store) == set()             # at the start
            _row(store, "practice-later", (NOW - now) / DAY + 8, listed=False)
            await asyncio.sleep(0.05)
            assert _ids(store) == {"practice-later"}    # (not at each sweep: once an "hour")
            deadline = time.monotonic() + 10
            while _ids(store):
                assert time.monotonic() < deadline
                await asyncio.sleep(0.05)
            task.cancel()

    asyncio.run(run())


def test_an_old_link_to_a_deleted_game_says_so_in_the_browser(tmp_path: Path) -> None:
    """The server deletes it as it starts; the link's page is told, plainly, and is taken to
    the lobby (not left waiting on a table that never comes)."""
    db = tmp_path / "s.db"
    store = Store(db)
    with web_client(store, mode="serve") as client:
        t = new_table(client, seed=7)
    store.db.execute("UPDATE tables SET updated = updated - ?", (31 * DAY,))
    store.close()
    with live_server(db, "serve") as url:
        deadline = time.monotonic() + 20
        while sqlite3.connect(db).execute("SELECT count(*) FROM tables").fetchone()[0]:
            assert time.monotonic() < deadline, "not pruned as the server started"
            time.sleep(0.05)
        with viewport_page(DESKTOP) as page:
            page.goto(f"{url}?table={t['table']}&token={t['token']}")
            toast = page.wait_for_selector("#toasts .toast:has-text('No such table')")
            assert toast is not None and "over and gone" in toast.inner_text()
            page.wait_for_selector("#lobby button#play")


@pytest.mark.parametrize("version", [1, 2])
def test_a_saves_file_from_before_opens_gains_the_index_and_is_pruned(
        tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    stats = ("CREATE TABLE stats (strength TEXT NOT NULL, name TEXT NOT NULL, value REAL NOT "
             "NULL, PRIMARY KEY (strength, name)); INSERT INTO stats VALUES ('hard', 'wins', 3);"
             if version == 1 else
             "CREATE TABLE stats (player TEXT NOT NULL, strength TEXT NOT NULL, name TEXT NOT "
             "NULL, value REAL NOT NULL, PRIMARY KEY (player, strength, name)); "
             "INSERT INTO stats VALUES ('', 'hard', 'wins', 3);")
    db.executescript(f"""
        CREATE TABLE tables (id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL,
                             finished INTEGER NOT NULL, data TEXT NOT NULL);
        {stats}
        INSERT INTO tables VALUES ('practice', 0, {NOW - 8 * DAY}, -1, '{{}}'),
                                  ('game', 0, {NOW - 800 * DAY}, 0, '{{}}');
        PRAGMA application_id = 253625600;
        PRAGMA user_version = {version};
    """)
    db.close()
    store = Store(path)
    with hub_over(store, "local") as hub:
        assert hub.prune(NOW) == 1
    assert _ids(store) == {"game"} and store.stats()["by_strength"]["hard"]["wins"] == 3
    store.close()
    again = sqlite3.connect(path)
    assert again.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    assert again.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND "
                         "tbl_name = 'tables' AND sql LIKE '%updated%'").fetchall() == [
        ("tables_updated",)]
    plan = " ".join(str(r) for r in again.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM tables WHERE updated < 1"))
    assert "tables_updated" in plan, plan
    again.close()
    Store(path).close()                             # (opens again, the index there already)
