"""A start refused over its saves file leaves the disk as it found it, and says why."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

import fivehundred.web.store as store_module
from fivehundred.cli import main
from fivehundred.web.store import Store, StoreError


def _read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite told it may not write (tests run as root, who may write any file): as a
    read-only file opens for its owner's neighbours."""
    connect_ = sqlite3.connect

    def read_only(path: str, **kw: object) -> sqlite3.Connection:
        return connect_(f"file:{path}?mode=ro", uri=True, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", read_only)


def test_a_folder_given_as_the_saves_file_is_named_and_nothing_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``play --db adir``: "cannot write adir: unable to open database file ... make it
    writable", and ``adir.lock`` made beside it.  It is a folder: said so, nothing made."""
    folder = tmp_path / "adir"
    folder.mkdir()
    assert main(["play", "--no-browser", "--port", "0", "--db", str(folder)]) == 2
    err = capsys.readouterr().err
    assert f"fivehundred play: {folder} is a folder, not a saves file: choose a file with --db " \
           f"(such as {folder / 'fivehundred.sqlite3'})" in err, err
    assert "unable to open" not in err and "make it writable" not in err
    assert sorted(os.listdir(tmp_path)) == ["adir"] and os.listdir(folder) == []


def test_a_file_that_is_not_a_database_leaves_no_lock_beside_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``serve --db dbjunk.fhr`` (a text file) was refused, and ``dbjunk.fhr.lock`` stayed."""
    junk = tmp_path / "dbjunk.fhr"
    junk.write_text("hello\n")
    assert main(["serve", "--port", "0", "--db", str(junk)]) == 2
    assert "not a usable fivehundred database" in capsys.readouterr().err
    assert os.listdir(tmp_path) == ["dbjunk.fhr"] and junk.read_text() == "hello\n"


def test_a_read_only_saves_file_is_refused_and_no_journal_is_left_beside_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A read-only file in a folder that can be written in: refused, and yet SQLite's
    ``-wal`` and ``-shm`` (it could only read the file) and the lock were left beside it."""
    db = tmp_path / "ro.sqlite3"
    s = Store(db, exclusive=True)
    s.save("t1", {"x": 1}, finished=False)
    s.close()
    (tmp_path / "ro.sqlite3.lock").unlink()        # (as a file brought from elsewhere)
    assert os.listdir(tmp_path) == ["ro.sqlite3"]
    before = db.read_bytes()
    _read_only(monkeypatch)
    assert main(["serve", "--port", "0", "--db", str(db)]) == 2
    assert f"cannot write {db}: attempt to write a readonly database; it was left as it " \
           "is" in capsys.readouterr().err
    assert os.listdir(tmp_path) == ["ro.sqlite3"] and db.read_bytes() == before
    # a lock file that was there stays (another server's to take), the journals go
    (tmp_path / "ro.sqlite3.lock").write_text("")
    with pytest.raises(StoreError, match="attempt to write a readonly database"):
        Store(db, exclusive=True)
    assert sorted(os.listdir(tmp_path)) == ["ro.sqlite3", "ro.sqlite3.lock"]


def test_folders_a_failed_start_made_are_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folders made for a new file go again with it when the start fails."""
    def broken(path: str, **kw: object) -> sqlite3.Connection:
        raise sqlite3.DatabaseError("file is not a database")

    monkeypatch.setattr(sqlite3, "connect", broken)
    with pytest.raises(StoreError, match="not a usable fivehundred database"):
        Store(tmp_path / "new" / "deeper" / "saves.db", exclusive=True)
    assert os.listdir(tmp_path) == []


def test_a_failed_start_beside_a_running_server_leaves_its_lock_alone(
        tmp_path: Path) -> None:
    """The second server is still refused, and the first's lock file is not removed (a
    third would have taken a new one and served the file with the first)."""
    db = tmp_path / "saves.db"
    first = Store(db, exclusive=True)
    try:
        lock = os.stat(tmp_path / "saves.db.lock")
        files = sorted(os.listdir(tmp_path))
        for _ in range(2):
            with pytest.raises(StoreError, match="in use by another fivehundred server"):
                Store(db, exclusive=True)
        assert os.stat(tmp_path / "saves.db.lock").st_ino == lock.st_ino
        assert sorted(os.listdir(tmp_path)) == files
    finally:
        first.close()


def test_a_lock_taken_on_a_lock_file_removed_meanwhile_is_taken_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed start removes the lock file it made while it still holds it; a server that
    opened that file just before would have locked a file no longer there, and a third then
    made and locked a new one: two servers on one file.  The lock is taken on the file in
    place."""
    db = tmp_path / "saves.db"
    lock_file = store_module._lock_file
    removed: list[int] = []

    def removed_meanwhile(fd: int) -> None:
        if not removed:
            removed.append(fd)
            os.remove(str(db) + ".lock")      # (a failed start's, gone as this one locks it)
        lock_file(fd)

    monkeypatch.setattr(store_module, "_lock_file", removed_meanwhile)
    s = Store(db, exclusive=True)
    try:
        assert s._lock is not None and removed
        assert os.path.exists(str(db) + ".lock"), "held a lock file no longer there"
        held, here = os.fstat(s._lock), os.stat(str(db) + ".lock")
        assert (held.st_dev, held.st_ino) == (here.st_dev, here.st_ino)
        monkeypatch.undo()
        with pytest.raises(StoreError, match="in use by another fivehundred server"):
            Store(db, exclusive=True)
    finally:
        s.close()
