"""A host's ``fivehundred serve``: a saves file of its own (the games played at home never
pruned), a full disk at start said so, the saves file private to its owner, and a log that
tells the host what happened (tables created, refusals, which table each socket is for)."""

from __future__ import annotations

import errno
import logging
import os
import shutil
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from fivehundred.cli import main
from fivehundred.options import build_rules
from fivehundred.web import server
from fivehundred.web.app import create_app
from fivehundred.web.botpool import BotPool
from fivehundred.web.keeping import SERVE_KEPT_SECONDS
from fivehundred.web.server import LogLines, Repeats
from fivehundred.web.store import HOME_FILE, SERVE_FILE, Store, StoreError, default_path
from fivehundred.web.table import Table
from fivehundred.web.throttle import Throttle
from helpers import write_version_1
from webclient import web_client

OLD = time.time() - SERVE_KEPT_SECONDS - 10 * 86400
"""A time forty days ago: a save last played then is past a server's thirty days."""


def _save_old_game(store: Store, table_id: str) -> None:
    """A finished game in ``store``, last played forty days ago."""
    store.save(table_id, {"x": 1}, finished=True)
    store.db.execute("UPDATE tables SET updated = ? WHERE id = ?", (OLD, table_id))


def _fake_serve(monkeypatch: pytest.MonkeyPatch,
                then: Callable[[Any], None] = lambda hub: None) -> None:
    """``fivehundred serve`` run in this process: uvicorn's ``run`` deletes the saves kept
    past their time, as the server does as it starts, then does ``then`` with the hub."""
    import uvicorn

    def serve(self: uvicorn.Server, sockets: list[Any]) -> None:
        hub = self.config.app.state.hub       # type: ignore[union-attr]
        hub.prune()
        then(hub)

    monkeypatch.setattr(uvicorn.Server, "run", serve)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data directory, in the test's own folder (``XDG_DATA_HOME``)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "fivehundred"


# --------------------------------------------------------- 1. serve's own saves file


def test_serve_and_play_each_have_their_own_saves_file(data_dir: Path) -> None:
    assert default_path() == default_path("local") == data_dir / HOME_FILE
    assert default_path("serve") == data_dir / SERVE_FILE != default_path()


def test_serve_without_db_leaves_the_games_played_at_home_alone(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``play`` a game, forty days pass, ``serve`` on the same machine: "deleted 1 saved
    tables unplayed past their time", the home game gone (both used the same file)."""
    home = Store(default_path(), exclusive=True)
    _save_old_game(home, "home1")
    home.close()
    _fake_serve(monkeypatch)
    assert main(["serve", "--port", "0"]) == 0
    out = capsys.readouterr().out
    assert f"saves: {data_dir / SERVE_FILE}" in out, out
    home = Store(default_path())
    assert home.load("home1") == {"x": 1}
    home.close()


def test_a_server_on_a_new_file_is_told_where_an_earlier_servers_games_are(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """After the upgrade `serve` starts on its own new, empty file, and an earlier server's
    games (in play's file, with browsers' statistics) were out of reach without a word: the
    log says where they are and how to serve them; not once the new file has a table, nor
    when play's file holds the home player's alone."""
    home = Store(default_path(), exclusive=True)
    _save_old_game(home, "served1")
    home.add_hand("medium", bid=True, made=True, misere=False, points=120,
                  player="k3bq0Lr8WmY2pXoZ4tNa1Q")     # (a browser's: a server counted it)
    home.close()
    _fake_serve(monkeypatch)
    assert main(["serve", "--port", "0"]) == 0
    err = capsys.readouterr().err
    assert (f"holds the games of an earlier server (serve used play's file before it had its "
            f"own): to go on with them, serve with --db {default_path()}") in err, err
    served = Store(default_path("serve"))
    served.save("t1", {"x": 1}, finished=False)
    served.close()
    assert main(["serve", "--port", "0"]) == 0
    assert "earlier server" not in capsys.readouterr().err


@pytest.mark.parametrize("how", ["statistics", "default file"])
def test_a_server_of_the_home_file_deletes_none_of_its_games(
        how: str, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``serve --db`` naming the home file by hand: its games stay, and the host is told."""
    path = tmp_path / "mine.sqlite3" if how == "statistics" else default_path()
    home = Store(path)
    _save_old_game(home, "home1")
    if how == "statistics":
        home.add_hand("medium", bid=True, made=True, misere=False, points=120)  # (play's)
    home.close()
    _fake_serve(monkeypatch)
    assert main(["serve", "--port", "0", "--db", str(path)]) == 0
    err = capsys.readouterr().err
    assert (f"WARNING fivehundred.web.server: the saves file {path} holds the games of "
            "fivehundred play: none of its games is deleted while it is served") in err, err
    assert "unplayed past their time" not in err
    home = Store(path)
    assert home.load("home1") == {"x": 1}
    home.close()


def test_a_servers_own_file_is_pruned_as_before(tmp_path: Path) -> None:
    """Each browser's statistics are its own (not the local player's): not a home file."""
    store = Store(tmp_path / "club.sqlite3")
    store.add_hand("medium", bid=True, made=True, misere=False, points=120,
                   player="k3bq0Lr8WmY2pXoZ4tNa1Q")
    _save_old_game(store, "old")
    assert not store.home
    pool = BotPool("thread", 1)
    try:
        hub = create_app(store, mode="serve", pool=pool).state.hub
        assert hub.prune() == 1 and store.load("old") is None
    finally:
        pool.close()
        store.close()


def test_a_version_1_file_is_the_local_players(tmp_path: Path) -> None:
    """Version 1's statistics were the one person's at the machine: upgraded, a home file."""
    path = tmp_path / "v1.sqlite3"
    write_version_1(path, [("medium", "games", 3.0)])
    store = Store(path)
    assert store.home
    store.close()


# ------------------------------------------------------------ 2. a full disk at start


def _no_room_for_the_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Writing the server's process id into its lock file finds the disk full."""
    write = os.write

    def full(fd: int, data: Any) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".lock"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return write(fd, data)

    monkeypatch.setattr(os, "write", full)


@pytest.mark.parametrize("before", ["nothing", "the file and an empty lock"])
def test_a_full_disk_at_start_is_said_so_and_leaves_nothing_it_made(
        before: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """"fivehundred: cannot write the output: No space left on device", status 1, and
    ``new.sqlite3.lock`` left behind (and so again with it there)."""
    folder = tmp_path / "full"
    folder.mkdir()
    db = folder / "new.sqlite3"
    if before != "nothing":
        Store(db).close()
        (folder / "new.sqlite3.lock").write_bytes(b"")
    there = sorted(os.listdir(folder))
    _no_room_for_the_lock(monkeypatch)
    assert main(["serve", "--port", "0", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.endswith(f"fivehundred serve: cannot write {db}: its disk is full ({db}.lock: "
                        "No space left on device); make room on its disk, or choose another "
                        "with --db\n"), err
    assert sorted(os.listdir(folder)) == there


def _free(monkeypatch: pytest.MonkeyPatch, free: int) -> None:
    """The disk of every file has ``free`` bytes free."""
    monkeypatch.setattr(shutil, "disk_usage", lambda path: SimpleNamespace(free=free))


def test_an_io_error_on_a_full_disk_is_said_to_be_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"cannot write full/club.sqlite3: disk I/O error; ...make it writable", of a disk with
    no room left (SQLite's words as it cannot make its journal)."""
    db = tmp_path / "club.sqlite3"
    Store(db).close()

    def io_error(*args: object, **kw: object) -> sqlite3.Connection:
        e = sqlite3.OperationalError("disk I/O error")
        e.sqlite_errorname = "SQLITE_IOERR_WRITE"
        raise e

    monkeypatch.setattr(sqlite3, "connect", io_error)
    _free(monkeypatch, 0)
    with pytest.raises(StoreError) as e:
        Store(db, exclusive=True)
    assert str(e.value) == (f"cannot write {db}: its disk is full (disk I/O error); it was left "
                            "as it is: make room on its disk, or choose another with --db")
    _free(monkeypatch, 9 << 30)
    with pytest.raises(StoreError, match=": disk I/O error; it was left as it is: make it "
                                         "writable"):
        Store(db, exclusive=True)


def test_a_save_on_a_full_disk_tells_the_player_the_disk_is_full(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's "disk I/O error" there was "the server's disk failed"."""
    store = Store(tmp_path / "c.sqlite3")
    _free(monkeypatch, 0)
    with pytest.raises(StoreError) as e, store.batch():
        err = sqlite3.OperationalError("disk I/O error")
        err.sqlite_errorname = "SQLITE_IOERR_WRITE"
        raise err
    assert e.value.public == "the server's disk is full"
    store.close()


# -------------------------------------------------------- 3. the saves file is private


@pytest.fixture
def umask_022() -> Iterator[None]:
    """Files made as most systems make them: readable by all, unless made otherwise."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.usefixtures("umask_022")
@pytest.mark.parametrize("exclusive", [True, False])
def test_the_saves_file_its_journals_and_lock_are_its_owners_alone(
        exclusive: bool, tmp_path: Path) -> None:
    """Each row holds its game's seed and every seat's key: they were made 0644."""
    db = tmp_path / "s.sqlite3"
    store = Store(db, exclusive=exclusive)
    store.save("t1", {"x": 1}, finished=False)
    made = sorted(p.name for p in tmp_path.iterdir())
    assert "s.sqlite3-wal" in made and "s.sqlite3-shm" in made
    assert {name: _mode(tmp_path / name) for name in made} == dict.fromkeys(made, 0o600)
    store.close()


@pytest.mark.usefixtures("umask_022")
def test_the_copy_kept_of_an_upgraded_file_is_its_owners_alone(tmp_path: Path) -> None:
    db = tmp_path / "v1.sqlite3"
    write_version_1(db, [("medium", "games", 3.0)])
    os.chmod(db, 0o600)
    Store(db).close()
    assert _mode(tmp_path / "v1.sqlite3.v1.bak") == 0o600


def test_serving_a_saves_file_others_may_read_warns_the_host(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "club.sqlite3"
    Store(db).close()
    os.chmod(db, 0o644)
    _fake_serve(monkeypatch)
    assert main(["serve", "--port", "0", "--db", str(db)]) == 0
    assert (f"WARNING fivehundred.web.server: the saves file {db} may be read by other users "
            "of this machine (its mode is 0644), and it holds every table's seed and seats' "
            f"keys: make it private with chmod 600 {db}") in capsys.readouterr().err
    os.chmod(db, 0o600)
    assert main(["serve", "--port", "0", "--db", str(db)]) == 0
    assert "may be read by other users" not in capsys.readouterr().err


# -------------------------------------------------------------------- 4. the host's log


def test_a_table_created_is_logged_without_its_secrets(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = Store(tmp_path / "c.sqlite3")
    with caplog.at_level(logging.INFO, "fivehundred.web"), web_client(store, "serve") as c:
        t = c.post("/api/tables", json={"preset": "australian", "friends": True}).json()
        bots = c.post("/api/tables", json={"preset": "six_pairs"}).json()
    table = c.app.state.hub.tables[t["table"]]  # type: ignore[attr-defined]
    lines = [r.getMessage() for r in caplog.records if r.name == "fivehundred.web"]
    assert f"table {t['table']} created: australian, with friends" in lines, lines
    assert f"table {bots['table']} created: six_pairs, with bots" in lines, lines
    text = "\n".join(lines)
    for secret in [t["token"], str(table.seed), *(s.token for s in table.seats)]:
        assert secret not in text
    store.close()


def test_too_many_new_games_and_another_sites_socket_are_logged(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = Store(tmp_path / "c.sqlite3")
    with caplog.at_level(logging.INFO, "fivehundred.web"), web_client(store, "serve") as c:
        c.app.state.throttle = Throttle(1, 60.0)  # type: ignore[attr-defined]
        t = c.post("/api/tables", json={"preset": "australian"}).json()
        assert c.post("/api/tables", json={"preset": "australian"}).status_code == 429
        with c.websocket_connect(f"/ws?table={t['table']}&token={t['token']}",
                                 headers={"origin": "https://evil.example"}) as ws:
            assert ws.receive_json()["code"] == "forbidden"
    said = [(r.levelname, r.getMessage()) for r in caplog.records
            if r.name == "fivehundred.web"]
    assert ("INFO", "refused a new table to testclient: too many new games from that "
                    "address") in said, said
    assert ("WARNING", "refused a socket from testclient: this socket was opened by a page of "
                       "another site (Origin 'https://evil.example'), not by the game's own "
                       "page") in said, said
    store.close()


def _socket_line(client: str, path: str) -> logging.LogRecord:
    """uvicorn's line of a socket opened, as it logs it."""
    return logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                             '%s - "WebSocket %s" [accepted]', (client, path), None)


def test_each_socket_is_logged_with_its_table_and_no_secret() -> None:
    """Behind ``--proxy`` every client's port is 0, and every line read ``/ws`` alone: two
    players' sockets were one line, the second held back.  Each socket's line names its
    table (never a key); another seat's socket is a line of its own, while the same seat's
    socket again within the minute is held back and counted, as any repeat (a client opening
    sockets in a loop is no flood)."""
    repeats = Repeats(clock=lambda: 0.0)
    path = "/ws?table=k6bl_x-2Tz&token=SECRETTOKEN&player=SECRETPLAYER"
    first, again = _socket_line("9.9.9.9:0", path), _socket_line("9.9.9.9:0", path)
    other_seat = _socket_line("9.9.9.9:0", path.replace("SECRETTOKEN", "SECRETOTHER"))
    assert repeats.filter(first) and not repeats.filter(again)
    assert repeats.filter(other_seat)
    text = LogLines(server.LOG_FORMAT).format(again)
    assert text.endswith('uvicorn.error: 9.9.9.9:0 - "WebSocket /ws?table=k6bl_x-2Tz" '
                         "[accepted]"), text
    assert "SECRET" not in text
    other = logging.LogRecord("fivehundred.web", logging.INFO, __file__, 1, "same", (), None)
    assert repeats.filter(other) and not repeats.filter(other)   # (the others as before)


def test_the_start_and_stop_lines_count_in_plain_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """"(1 unfinished games in it)"; "stopped: 1 table was in play" of a table created and
    never opened."""
    db = tmp_path / "club.sqlite3"
    store = Store(db)
    store.save("t1", {"x": 1}, finished=False)
    store.close()

    def open_one(hub: Any) -> None:
        hub.add(Table.new("australian", build_rules("australian", None), "medium",
                          friends=True))

    _fake_serve(monkeypatch, open_one)
    assert main(["serve", "--port", "0", "--db", str(db)]) == 0
    err = capsys.readouterr().err
    assert f"saves file {db} (1 unfinished game in it)" in err, err
    assert ("INFO fivehundred.web.server: stopped: 1 table was held in memory, kept in the "
            "saves file as last saved") in err, err


# ------------------------------------------------------------- 6. one prefix to refusals


def test_serves_refusals_of_its_saves_file_name_the_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    assert main(["serve", "--port", "0", "--db", str(junk)]) == 2
    assert capsys.readouterr().err.startswith(f"fivehundred serve: {junk} is not a usable "
                                              "fivehundred database"), junk



def test_each_command_s_help_names_its_own_saves_file(capsys: pytest.CaptureFixture[str]) -> None:
    """`serve --help` showed no default for --db (the file serve deletes old games of)."""
    for cmd, name in (("serve", SERVE_FILE), ("play", HOME_FILE)):
        with pytest.raises(SystemExit):
            main([cmd, "--help"])
        helptext = " ".join(capsys.readouterr().out.split())
        assert f"(default: {name} in your data directory" in helptext, (cmd, helptext)
