"""The saves file: one server's at a time, written or refused, never half saved."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from fivehundred.cli import main
from fivehundred.web.seats import TableError
from fivehundred.web.store import Store, StoreError
from helpers import disk_full
from webclient import Seat, connect, new_table, play_hand, web_client


def test_a_second_server_on_a_saves_file_is_refused_before_it_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two servers on one file each kept their tables in memory: each saved over the other's
    games, and a hand was counted twice.  The second one now stops (status 2), saying whose
    the file is, before it announces an address; the file is free again once the first stops."""
    db = tmp_path / "saves.db"
    first = Store(db, exclusive=True)
    try:
        assert main(["play", "--no-browser", "--port", "0", "--db", str(db)]) == 2
        out, err = capsys.readouterr()
        assert f"the saves file {db} is in use by another fivehundred server (pid " \
               f"{os.getpid()})" in err, err
        assert "Five Hundred is at" not in out
        with pytest.raises(StoreError, match="in use by another fivehundred server"):
            Store(db, exclusive=True)
    finally:
        first.close()
    Store(db, exclusive=True).close()     # (let go)


def test_a_server_in_another_process_holds_its_saves_file(tmp_path: Path) -> None:
    """The lock is the process's (``serve`` as ``play``), and goes with it."""
    db = tmp_path / "saves.db"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from fivehundred.web.store import Store; "
         "s = Store(sys.argv[1], exclusive=True); print('held', flush=True); time.sleep(60)",
         str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(StoreError, match=f"server \\(pid {holder.pid}\\)"):
            Store(db, exclusive=True)
    finally:
        holder.kill()
        holder.wait()
    Store(db, exclusive=True).close()


def test_a_saves_file_that_cannot_be_written_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A read-only file opened (reads work), and PLAY then failed with a 500: it is tried
    as it opens.  (Tests run as root, who may write any file: SQLite is told it may not.)"""
    db = tmp_path / "saves.db"
    Store(db).close()
    before = db.read_bytes()
    connect_ = sqlite3.connect

    def read_only(path: str, **kw: object) -> sqlite3.Connection:
        return connect_(f"file:{path}?mode=ro", uri=True, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(StoreError, match=f"cannot write {db}: attempt to write a readonly "
                                         "database; it was left as it is"):
        Store(db)
    assert main(["play", "--no-browser", "--port", "0", "--db", str(db)]) == 2
    assert f"fivehundred play: cannot write {db}" in capsys.readouterr().err
    assert db.read_bytes() == before


def test_a_folder_that_cannot_be_written_in_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No file yet, in a folder that cannot be written in: the folder's fault, not "not a
    usable fivehundred database"."""
    folder = tmp_path / "locked"
    folder.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: Path(p) != folder and real(
        p, mode, **kw))
    folder.chmod(0o555)
    connect_ = sqlite3.connect

    def cannot_open(path: str, **kw: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    try:
        monkeypatch.setattr(sqlite3, "connect", cannot_open)
        with pytest.raises(StoreError, match=f"cannot write {folder / 'new.db'}: its folder "
                                             f"{folder} cannot be written in .*make its folder "
                                             "writable") as e:
            Store(folder / "new.db")
        assert "not a usable" not in str(e.value)
        monkeypatch.setattr(sqlite3, "connect", connect_)
        real_open = os.open

        def no_lock_file(path: str, *args: Any, **kw: Any) -> int:
            if str(path).endswith(".lock"):     # (root would make it in the folder anyway)
                raise PermissionError(13, "Permission denied")
            return real_open(path, *args, **kw)

        monkeypatch.setattr(os, "open", no_lock_file)
        with pytest.raises(StoreError, match=r"its folder .* cannot be written in"):
            Store(folder / "new.db", exclusive=True)
    finally:
        folder.chmod(0o755)


def _disk_full(*args: object, **kw: object) -> None:
    raise disk_full()


def test_an_action_that_cannot_be_saved_is_refused_and_undone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save failing (a full disk) left the action applied in memory only: memory and file
    out of step, the page told nothing but "internal".  The table is put back as saved, the
    page told why (``not_saved``), and play goes on once the file can be written again."""
    store = Store(tmp_path / "s.db")
    with web_client(store) as client:
        t = new_table(client, preset="australian", seed=3)
        with connect(client, t) as ws:
            seat = Seat(ws)
            m = seat.my_turn()
            saved = store.load(t["table"])
            monkeypatch.setattr(Store, "save", _disk_full)
            seat.send(type="act", action=m["view"]["legal"][0])
            err = seat.until(lambda x: x["type"] == "error")
            assert err["code"] == "not_saved"
            assert "disk is full" in err["message"] and "sqlite3" not in err["message"], err
            hub = client.app.state.hub  # type: ignore[attr-defined]
            assert hub.tables[t["table"]].to_json() == saved == store.load(t["table"])
            assert any("could not be saved" in p for p in client.get("/api/lobby").json()[
                "problems"])
            monkeypatch.undo()
            seat.send(type="act", action=m["view"]["legal"][0])
            after = seat.until(lambda x: x["type"] == "state" and x["seq"] > m["seq"])
            assert store.load(t["table"])["seq"] >= after["seq"]     # (saved, bots on)


def test_a_table_whose_save_cannot_be_read_back_stays_the_one_table_in_memory(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A save failing and its read-back failing too (the disk failing a moment) dropped the
    live table from memory while its page's handler still held it: the next open (a friend's
    link, the rules) brought back a second Table for the id, the two saving over each other.
    The held table is kept as it is, said so, and saved with its next move."""
    store = Store(":memory:")
    with web_client(store) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        t = new_table(client, preset="australian", seed=3)
        with connect(client, t) as ws:
            seat = Seat(ws)
            seat.until(lambda x: x["type"] == "state")
            table = hub.tables[t["table"]]
            with monkeypatch.context() as m:
                m.setattr(Store, "save", _disk_full)
                m.setattr(Store, "load", _disk_full)
                seat.send(type="speed", speed="fast")
                err = seat.until(lambda x: x["type"] == "error")
            assert err["code"] == "not_saved" and "saved with the next move" in err["message"]
            assert client.get(f"/api/rules?table={t['table']}").status_code == 200
            assert hub.tables[t["table"]] is table and table.speed == "fast"
            seat.send(type="speed", speed="slow")
            seat.until(lambda x: x["type"] == "state" and x["table"]["speed"] == "slow")
            assert store.load(t["table"])["speed"] == "slow"


def test_hands_a_failed_save_counted_are_counted_by_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A save's counts of finished hands are rolled back with it; the table's counters went
    on regardless, and a table kept as it is (its save not to be read back) never counted
    those hands at its next save."""
    store = Store(":memory:")
    with web_client(store) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        t = new_table(client, preset="australian", seed=8, speed="fast")
        with connect(client, t) as ws:
            seat = Seat(ws)
            play_hand(seat)
            table = hub.tables[t["table"]]
            assert table.counted_hands == 1
            table.counted_hands = 0              # (as if this hand's count were to come)
            with monkeypatch.context() as m:
                m.setattr(Store, "save", _disk_full)
                m.setattr(Store, "load", _disk_full)
                with pytest.raises(TableError, match="saved with the next move"):
                    hub.save(table)
            assert table.counted_hands == 0      # (rolled back with the transaction)
            before = _hands_counted(store)
            hub.save(table)
            assert table.counted_hands == 1 and _hands_counted(store) == before + 1


def _hands_counted(store: Store) -> int:
    """The hands the statistics count, every strength's."""
    return sum(row["hands"] for row in store.stats()["by_strength"].values())


def test_a_new_game_that_cannot_be_saved_is_not_started(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """PLAY answered a 500 with a traceback in the log; now a 503 saying why, nothing kept."""
    with web_client(Store(":memory:")) as client:
        monkeypatch.setattr(Store, "save", _disk_full)
        r = client.post("/api/tables", json={"preset": "australian"})
        assert r.status_code == 503 and "could not be saved" in r.json()["error"], r.text
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.tables == {} and hub.used == {} and hub.last_change == {}


def test_the_bots_play_on_once_their_move_can_be_saved_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's move that could not be saved killed the bots' task: the table waited on the
    bot for good.  Now it is put back and tried again a moment later."""
    import fivehundred.web.hub as hub_module

    monkeypatch.setattr(hub_module, "SAVE_RETRY_SECONDS", 0.2)
    store = Store(":memory:")
    with web_client(store) as client:
        t = new_table(client, preset="australian", seed=3)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table = hub.tables[t["table"]]
        with connect(client, t) as ws:
            seat = Seat(ws)
            m = seat.my_turn()
            save = Store.save
            refused: list[int] = []                    # each save of the bots' move tried

            def bots_disk_full(self: Store, *args: object, **kw: object) -> None:
                if asyncio.current_task() is hub.tasks.get(t["table"]):
                    refused.append(1)
                    _disk_full()
                save(self, *args, **kw)  # type: ignore[arg-type]

            def live() -> tuple[int, bool]:
                """The table's seq and whether its bots' task has ended, read on the server's
                own loop: read from here, the bots' task could be between its move played
                again and the table put back (seq one on)."""
                return table.seq, hub.tasks[t["table"]].done()

            with monkeypatch.context() as full:
                full.setattr(Store, "save", bots_disk_full)
                seat.send(type="act", action=m["view"]["legal"][0])     # (saved)
                deadline = time.monotonic() + 20       # the bot's move then, not saved,
                while len(refused) < 2:                # and tried again
                    assert time.monotonic() < deadline
                    time.sleep(0.05)
                assert any("could not be saved" in p for p in hub.problems)
                assert client.portal is not None
                seq, ended = client.portal.call(live)
                assert seq == m["seq"] + 1 == store.load(t["table"])["seq"]
                assert not ended
            after = seat.until(lambda x: x["type"] == "state" and x["seq"] > m["seq"] + 1)
            assert after["seq"] <= store.load(t["table"])["seq"]
