"""An operator's saves file: one server's under any of its names, its path never shown to
players, and an upgrade that says what it did to saved games."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fivehundred import __version__
from fivehundred.cli import main
from fivehundred.rules import Rules
from fivehundred.web.seats import TableError
from fivehundred.web.store import SCHEMA_VERSION, Store, StoreError
from fivehundred.web.table import Table
from helpers import disk_full, write_version_1
from webclient import web_client

# ---------------------------------------------------------------- one server a file


@pytest.mark.parametrize("other", ["link", "dotdot"])
def test_a_second_server_on_another_name_of_the_file_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], other: str) -> None:
    """``ln -s b.sqlite3 bl.sqlite3`` (or ``./x/../b.sqlite3``): the lock was named from the
    path as given, so a second server took ``bl.sqlite3.lock`` and served the first's tables
    beside it.  Refused (status 2), the file itself named, nothing made beside either."""
    db = tmp_path / "b.sqlite3"
    if other == "link":
        alias = tmp_path / "bl.sqlite3"
        alias.symlink_to("b.sqlite3")
    else:
        (tmp_path / "x").mkdir()
        alias = tmp_path / "x" / ".." / "b.sqlite3"
    first = Store(db, exclusive=True)
    try:
        files = sorted(os.listdir(tmp_path))
        with pytest.raises(StoreError, match=f"in use by another fivehundred server \\(pid "
                                             f"{os.getpid()}\\)"):
            Store(alias, exclusive=True)
        assert main(["serve", "--port", "0", "--db", str(alias)]) == 2
        err = capsys.readouterr().err
        named = f"{alias} ({db})" if other == "link" else str(alias)
        assert f"the saves file {named} is in use by another fivehundred server" in err, err
        assert sorted(os.listdir(tmp_path)) == files
    finally:
        first.close()
    Store(alias, exclusive=True).close()      # (let go: free under any name)


def _holder(db: Path) -> subprocess.Popen[str]:
    """Another process serving ``db`` (an exclusive store of it), once it says "held"."""
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from fivehundred.web.store import Store; "
         "s = Store(sys.argv[1], exclusive=True); s.save('t', {'x': 1}, finished=False); "
         "print('held', flush=True); time.sleep(60)", str(db)], stdout=subprocess.PIPE,
        text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def test_a_second_server_on_a_hard_link_to_the_file_is_refused(tmp_path: Path) -> None:
    """A hard link is another name no lock file beside a name can see: the file itself is
    locked, against another process and this one (SQLite names its journal after the name it
    was given: two servers on two names wrote two journals of one file).  The server's
    SQLite goes on regardless: it writes, and others read."""
    db = tmp_path / "b.sqlite3"
    holder = _holder(db)                  # (a new file: made, read and written since)
    hard = tmp_path / "hard.sqlite3"
    os.link(db, hard)
    try:
        with pytest.raises(StoreError, match=f"the saves file {hard} is in use by another "
                                             "fivehundred server, which reached it under "
                                             "another name"):
            Store(hard, exclusive=True)
        assert sorted(os.listdir(tmp_path)) == sorted(
            ["b.sqlite3", "b.sqlite3.lock", "b.sqlite3-wal", "b.sqlite3-shm", "hard.sqlite3"])
        ro = sqlite3.connect(f"file:{db}?mode=ro", uri=True)     # (read beside it)
        assert ro.execute("SELECT count(*) FROM tables").fetchone() == (1,)
        ro.close()
    finally:
        holder.kill()
        holder.wait()
    first = Store(db, exclusive=True)
    try:
        with pytest.raises(StoreError, match="under another name"):
            Store(hard, exclusive=True)
        first.save("u", {"y": 2}, finished=False)          # (its own locks untouched)
    finally:
        first.close()
    again = Store(hard, exclusive=True)                     # (let go)
    assert again.load("u") == {"y": 2}
    again.close()


# ---------------------------------------------------------------- players' words


def _disk_full(*args: object, **kw: object) -> None:
    raise disk_full()


def _failed_save(hub: Any, table: Table, monkeypatch: pytest.MonkeyPatch,
                 *failing: str) -> str:
    """``hub.save(table)`` with the Store's ``failing`` methods failing as a full disk: the
    ``not_saved`` TableError's words."""
    with monkeypatch.context() as m:
        for name in failing:
            m.setattr(Store, name, _disk_full)
        with pytest.raises(TableError) as e:
            hub.save(table)
    assert e.value.code == "not_saved", e.value.code
    return str(e.value)


def test_a_game_that_cannot_be_saved_is_said_so_without_the_servers_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A full disk answered PLAY with "the game could not be saved (cannot write
    /srv/.../c.sqlite3: database or disk is full): it is as it was before": the server's
    path to anyone, and a table never made "as it was".  Plain words; the log has the path."""
    db = tmp_path / "c.sqlite3"
    store = Store(db)
    with web_client(store, "serve") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with monkeypatch.context() as m:
            m.setattr(Store, "save", _disk_full)
            r = client.post("/api/tables", json={"preset": "australian"})
        assert r.status_code == 503, r.text
        assert r.json()["error"] == ("the game could not be saved (the server's disk is full): "
                                     "it was not started; try again later")
        assert f"cannot write {db}: database or disk is full" in caplog.text
        t = client.post("/api/tables", json={"preset": "australian"}).json()
        said = _failed_save(hub, hub.tables[t["table"]], monkeypatch, "save")
        assert said == ("the game could not be saved (the server's disk is full): it is back "
                        "as it was when last saved")
    store.close()


def test_a_table_whose_save_cannot_be_read_back_is_not_said_to_be_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed save whose read-back failed too, nobody at the table, told its player "it is
    back as it was when last saved" while the table had left memory, to come back only once
    the file could be read.  Said so; the table is opened again from its save after."""
    store = Store(tmp_path / "c.sqlite3")
    with web_client(store, "serve") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        t = client.post("/api/tables", json={"preset": "australian"}).json()
        said = _failed_save(hub, hub.tables[t["table"]], monkeypatch, "save", "load")
        assert said == ("the game could not be saved (the server's disk is full): its last "
                        "save cannot be read back either, so it is closed until the saves "
                        "file can be read again")
        assert t["table"] not in hub.tables
        assert client.get(f"/api/rules?table={t['table']}").status_code == 200
        assert t["table"] in hub.tables
    store.close()


# ---------------------------------------------------------------- upgrades


def _version_1(path: Path) -> None:
    """A saves file as fivehundred wrote it at database version 1."""
    write_version_1(path, [("hard", "wins", 3)])


def _user_version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def test_an_upgrade_says_so_and_keeps_the_file_as_it_was(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Version 1 became 2 in place without a word, and the older program then refused the
    file.  One line says so (from what to what, and that older programs will not open it),
    and a copy as it was is kept (``NAME.v1.bak``, never over an earlier one)."""
    path = tmp_path / "old.db"
    _version_1(path)
    with caplog.at_level(logging.WARNING, "fivehundred.web"):
        Store(path).close()
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [f"the saves file {path} was upgraded from database version 1 "
                     f"to {SCHEMA_VERSION}: an older fivehundred will not open it; a copy as "
                     f"it was is in {path}.v1.bak"], lines
    assert _user_version(path) == SCHEMA_VERSION and _user_version(Path(f"{path}.v1.bak")) == 1
    old = sqlite3.connect(f"{path}.v1.bak")
    assert old.execute("SELECT * FROM stats").fetchall() == [("hard", "wins", 3.0)]
    old.close()
    caplog.clear()
    Store(path).close()                  # (upgraded already: nothing to say)
    assert caplog.records == []
    _version_1(path := tmp_path / "old2.db")
    (tmp_path / "old2.db.v1.bak").write_text("an earlier copy")
    Store(path).close()
    assert (tmp_path / "old2.db.v1.bak").read_text() == "an earlier copy"
    assert _user_version(tmp_path / "old2.db.v1-2.bak") == 1


def test_an_upgrade_whose_copy_cannot_be_kept_is_not_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No copy (a full disk): the file is left as it was, at version 1, said so."""
    path = tmp_path / "old.db"
    _version_1(path)
    connect = sqlite3.connect

    def no_room(name: str, *args: object, **kw: object) -> sqlite3.Connection:
        if str(name).endswith(".bak"):
            raise disk_full()
        return connect(name, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", no_room)
    with pytest.raises(StoreError, match=r"a copy of it as it was could not be kept in .*"
                                         r"it was left as it is"):
        Store(path)
    monkeypatch.undo()
    assert _user_version(path) == 1 and sorted(os.listdir(tmp_path)) == ["old.db"]


def test_a_save_another_version_wrote_that_no_longer_replays_says_so(tmp_path: Path) -> None:
    """A save replayed through a changed engine was only "damaged": a save now records the
    version that wrote it, and one of another version that does not replay says so (a save
    from before, which does not say, is as before)."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=5)
    saved = t.to_json()
    assert saved["saved_by"] == __version__
    saved["hands"] = [["no such action"]]
    with pytest.raises(TableError, match=r"^the saved game could not be replayed"):
        Table.from_json(saved)
    del saved["saved_by"]
    with pytest.raises(TableError, match=r"^the saved game could not be replayed"):
        Table.from_json(saved)
    saved["saved_by"] = "0.0.9"
    with pytest.raises(TableError, match=f"^saved by fivehundred 0.0.9; this version "
                                         f"\\({__version__}\\) cannot replay it: the saved "
                                         "game could not be replayed: "):
        Table.from_json(saved)
    saved["hands"] = [[]]
    assert Table.from_json(saved).to_json()["saved_by"] == __version__   # (replays: ours now)

    store = Store(tmp_path / "s.db")
    saved["hands"] = [["no such action"]]
    store.save(saved["id"], saved, finished=False)
    with web_client(store) as client:
        r = client.get(f"/api/rules?table={saved['id']}")
        assert r.status_code == 500
        assert r.json()["error"] == (
            f"this game was saved by another version of fivehundred (0.0.9, this one "
            f"{__version__}), and this one cannot replay it, so it cannot be opened; it was "
            "kept as it is (the lobby lists what is wrong with it)")
        problems = client.get("/api/lobby").json()["problems"]
        assert any("saved by fivehundred 0.0.9; this version" in p for p in problems), problems
    store.close()
