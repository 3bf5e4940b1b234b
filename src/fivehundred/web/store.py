"""Saves and statistics in one SQLite file, written after every action.

A file that is not our database, is damaged, or was written by a newer version is reported
with a :class:`StoreError` and never touched; so is one that cannot be written, and one a
server already serves (each server keeps its tables in memory: a second one saved over the
first's games and counted their hands again).  A server's start refused (``exclusive``, the
file locked) leaves nothing behind it: no lock, no journal of SQLite's, no folder it made.

>>> s = Store(":memory:")
>>> s.save("t1", {"x": 1}, finished=False)
>>> s.load("t1")
{'x': 1}
>>> s.add_hand("medium", bid=True, made=True, misere=False, points=120)
>>> s.stats()["by_strength"]["medium"]["made"]
1
>>> s.stats("k3bq0Lr8WmY2pXoZ4tNa1Q")      # another player's: none yet
{'by_strength': {}}
"""

from __future__ import annotations

import errno
import json
import logging
import math
import os
import sqlite3
import sys
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from ..errors import FiveHundredError
from .store_disk import (
    HELD,
    disk_full,
    free_name,
    lock_byte,
    make_private,
    remove,
    still_in_place,
)
from .store_disk import lock_file as _lock_file  # (by this name: a test puts its own here)
from .store_stats import LOCAL_PLAYER as LOCAL_PLAYER
from .store_stats import StatsKeeping

SCHEMA_VERSION = 2
"""1: statistics per strength; 2: per player (a browser's own id, serving) and strength.  (The
index on ``updated``, :data:`_INDEX`, needs no new version: made where missing, unseen by an
older fivehundred.)"""
APP_ID = 0x0F1E_0500   # PRAGMA application_id: marks the file as ours

_STATS = """
CREATE TABLE {table} (
    player TEXT NOT NULL,
    strength TEXT NOT NULL,
    name TEXT NOT NULL,
    value REAL NOT NULL,
    PRIMARY KEY (player, strength, name)
);
"""
"""The statistics, per player and strength (``table``: its name)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished INTEGER NOT NULL,
    data TEXT NOT NULL
);
""" + _STATS.format(table="stats")

_INDEX = "CREATE INDEX IF NOT EXISTS tables_updated ON tables (updated)"
"""The saves by the time each was last saved: the lobby's lists and :meth:`Store.prune` read
the newest or the oldest without reading every row.  Made as a file opens where it is missing
(a file from before it), a version 2 file all the same."""

_TO_2 = _STATS.format(table="stats2") + """
INSERT INTO stats2 (player, strength, name, value) SELECT '', strength, name, value FROM stats;
DROP TABLE stats;
ALTER TABLE stats2 RENAME TO stats;
PRAGMA user_version = 2;
"""
"""Version 1's statistics, one person's (the one who played on this machine), become the
local player's ('')."""



log = logging.getLogger("fivehundred.web")


class StoreError(FiveHundredError):
    """The database cannot be used (not ours, damaged, from a newer version, not writable,
    or in use by another server).

    ``public``: the cause in plain words without the file's path, for whoever plays on a
    server (the path is the operator's: his log has the whole message)."""

    def __init__(self, text: str, public: str | None = None) -> None:
        super().__init__(text)
        self.public = CANNOT_WRITE if public is None else public


HOME_FILE = "fivehundred.sqlite3"
SERVE_FILE = "serve.sqlite3"
"""The saves files of ``play`` and of ``serve`` in the data directory: each its own, for
serving deletes the games unplayed for thirty days, and the games played at home stay for
good (a ``serve`` tried on the laptop one plays on deleted his older games)."""


def default_path(mode: str = "local") -> Path:
    """The saves file in the user's data directory (platformdirs): ``play``'s
    (:data:`HOME_FILE`), or ``serve``'s (``mode`` ``serve``: :data:`SERVE_FILE`)."""
    from platformdirs import user_data_dir

    name = SERVE_FILE if mode == "serve" else HOME_FILE
    return Path(user_data_dir("fivehundred", appauthor=False)) / name


class Store(StatsKeeping):
    """The database of saved tables and per-strength statistics.

    ``exclusive``: hold the file for the store's lifetime (a server's), against any other
    exclusive store of it, in this process or another, under whatever name it is reached (a
    lock on ``PATH.lock`` beside the file itself, its links followed, and one on the file:
    :meth:`_hold`).

    The file, its lock and its copies are made readable by their owner alone (each save
    holds its game's seed and every seat's key; SQLite gives its journals the file's mode).
    """

    def __init__(self, path: str | os.PathLike[str], exclusive: bool = False) -> None:
        self.path = str(path)
        self.real = os.path.realpath(self.path)
        """The file itself, its symbolic links and ``..`` followed: the one name its lock and
        its journals are named after (resolved once: a link retargeted meanwhile cannot part
        them)."""
        self._lock: int | None = None
        self._held: tuple[int, tuple[int, int]] | None = None   # (:meth:`_hold_file`)
        self.home = False
        """Whether the file holds the games of ``play`` (:meth:`_holds_home_games`): a
        server then deletes none of its games (:meth:`TableKeeper.prune`)."""
        target = Path(self.path)
        memory = self.path == ":memory:"
        if not memory and target.is_dir():
            raise StoreError(f"{self.path} is a folder, not a saves file: choose a file with "
                             f"--db (such as {target / 'fivehundred.sqlite3'})")
        # what this start makes, removed again if it fails: a failed start leaves the disk as
        # it found it (the lock, SQLite's journals of a file it could only read, folders)
        folders: list[Path] = []
        made: list[str] = []
        if not memory:
            folders = [f for f in (target.parent, *target.parent.parents) if not f.exists()]
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                self._undo([], folders)
                raise StoreError(f"{self._cannot_write(e.strerror or e, e)}; "
                                 f"{self._fix(e)}, or choose another with --db") from None
            # (SQLite follows a symbolic link: its journals go beside the file itself)
            made = [f for f in (self.real + end for end in _MADE)
                    if not os.path.lexists(f)]
        try:
            if exclusive and not memory:
                self._hold()
            existed = not memory and target.exists() and target.stat().st_size > 0
            if not memory:
                make_private(self.real)
            self._open(existed)
            self.home = not memory and self._holds_home_games()
        except BaseException:
            self._undo(made, folders)
            raise

    def _open(self, existed: bool) -> None:
        """Open the file (``existed``: one with something in it, to be checked, not made),
        made ours where new; StoreError if it cannot be used (the caller closes it)."""
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            older = self._check(existed)
            # can it be written? (a read-only file opens, and BEGIN IMMEDIATE passes)
            self.db.executescript(f"BEGIN IMMEDIATE; PRAGMA user_version = {SCHEMA_VERSION}; "
                                  "ROLLBACK;")
            if older is not None:
                self._upgrade(older)
            # a save after every action: the write-ahead log keeps each commit cheap (no
            # waiting on the disk in the server's event loop) and survives a killed server
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.OperationalError as e:     # (read-only, no folder to write in, ...)
            kept = "it was left as it is: " if existed else ""
            raise StoreError(f"{self._cannot_write(e, e)}; {kept}{self._fix(e)}, or choose "
                             "another with --db") from None
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path} is not a usable fivehundred database ({e}); "
                             "it was left as it is: move it away or choose another with --db"
                             ) from None

    def _undo(self, made: list[str], folders: list[Path]) -> None:
        """After a failed start: close, and remove the files in ``made`` (those this start
        found missing) and the ``folders`` it made, where empty.  The files go only while the
        lock is ours (no other server of the file, whose journal one of them could be); the
        lock file goes last, while still held, and :meth:`_hold` takes only a lock file that
        is still in place, so no two ever hold the file."""
        lock = self._lock
        if hasattr(self, "db"):
            self.db.close()
        self._let_file_go()
        if lock is not None:
            for f in made:
                if not f.endswith(".lock"):
                    remove(f)
            if (name := self.real + ".lock") in made:
                if sys.platform == "win32":      # (an open file cannot be removed there)
                    os.close(lock)
                    lock = None
                remove(name)
            if lock is not None:
                os.close(lock)
            self._lock = None
        for folder in folders:                   # (the deepest first)
            try:
                folder.rmdir()
            except OSError:
                break

    def _cannot_write(self, why: object, error: BaseException | None = None) -> str:
        """The words for a file that cannot be written (``error``: what failed): its disk
        full (:meth:`_full`), or its folder's fault where the folder cannot be written in
        (SQLite's "unable to open database file" says nothing of either)."""
        if error is not None and self._full(error) and "disk is full" not in str(why):
            return f"cannot write {self.path}: its disk is full ({why})"
        folder = self._folder_fault()
        if folder is not None:
            return f"cannot write {self.path}: its folder {folder} cannot be written in ({why})"
        return f"cannot write {self.path}: {why}"

    def _fix(self, error: BaseException) -> str:
        """What to do about a file that cannot be written, by what failed (``error``)."""
        if self._full(error):
            return "make room on its disk"
        return "make its folder writable" if self._folder_fault() else "make it writable"

    def _full(self, error: BaseException) -> bool:
        """Whether a write failed for want of room on the file's disk (:func:`disk_full`)."""
        return self.path != ":memory:" and disk_full(error, os.path.dirname(self.real))

    def _folder_fault(self) -> Path | None:
        """The file's folder, if files cannot be made in it (SQLite makes two beside ours)."""
        folder = Path(self.path).parent
        return folder if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK) else None

    def _hold(self) -> None:
        """Lock ``PATH.lock`` (made if need be) for the store's lifetime, our process id in
        it; StoreError naming the holder's if another holds it.  The lock goes with the
        process however it ends; the file stays (removing it would let two hold it), but for
        a failed start's, removed while still held (:meth:`_undo`): a lock taken on a removed
        file is let go and taken again on the file in its place.

        ``PATH`` is the file itself, its symbolic links followed (named from the path as
        given, a symbolic link to the file had a lock of its own beside it: two servers served
        one file); another name made by a hard link is caught by :meth:`_hold_file`."""
        lock = self.real + ".lock"
        for _ in range(10):
            try:
                fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError as e:
                raise StoreError(f"{self._cannot_write(f'{lock}: {e.strerror}', e)}; "
                                 f"{self._fix(e)}, or choose another with --db") from None
            try:
                _lock_file(fd)
            except OSError:
                try:
                    holder = os.read(fd, 32).decode("ascii", "replace").strip()
                except OSError:             # (Windows: the holder's lock covers it)
                    holder = ""
                os.close(fd)
                pid = f" (pid {holder})" if holder.isdigit() else ""
                raise StoreError(f"the saves file {self._named()} is in use by another "
                                 f"fivehundred server{pid}: stop it, or choose another file "
                                 "with --db") from None
            if still_in_place(fd, lock):
                break
            os.close(fd)    # (a failed start's, removed as it was locked: try the new one)
        else:
            raise StoreError(f"the saves file {self.path} is in use (its lock file {lock} "
                             "keeps being replaced): try again, or choose another with --db")
        self._lock = fd      # (ours from here: a start failing now removes the lock it made)
        try:
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode())
        except OSError as e:    # (a full disk: this raised bare, and was called the output's)
            raise StoreError(f"{self._cannot_write(f'{lock}: {e.strerror}', e)}; "
                             f"{self._fix(e)}, or choose another with --db") from None
        self._hold_file()

    def _named(self) -> str:
        """The file as the operator named it, and the file itself where that is another
        name for it (a symbolic link to it, or to a folder of its path)."""
        real = self.real
        return self.path if real == os.path.abspath(self.path) else f"{self.path} ({real})"

    def _hold_file(self) -> None:
        """Lock the database file itself (made empty if missing: SQLite makes a database of
        it), against another server that reached it under another name: a hard link, which
        no name's lock file can see.  StoreError if held, in this process or another.

        Linux's lock of an open file (``F_OFD_SETLK``) on one byte SQLite never locks
        (:data:`.store_disk.HELD_BYTE`): the process's own locks (``lockf``) were let go by
        SQLite's, which unlocks the whole file at the end of each read, and a ``flock`` of
        the whole file, over NFS, would meet SQLite's locks.  A second store of the file in
        this process is seen by :data:`HELD`, before the file is opened (closing a descriptor
        of a file lets go every lock the process holds on it, SQLite's).  Elsewhere the name's
        lock alone (a hard link to a saves file is rare; Windows' locks bar reading; the
        BSDs' and macOS's meet SQLite's).  A file that cannot be opened for writing, or
        locked so (a kernel before 3.15, a file system without locks), is not: the start
        goes on (one that cannot be written fails as it opens, :meth:`_open`, saying why)."""
        if not sys.platform.startswith("linux"):
            return
        real = self.real
        busy = StoreError(f"the saves file {self._named()} is in use by another fivehundred "
                          "server, which reached it under another name (a hard link to it): "
                          "stop it, or choose another file with --db")
        with suppress(OSError):
            st = os.stat(real)
            if (st.st_dev, st.st_ino) in HELD:
                raise busy
        try:
            fd = os.open(real, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        try:
            lock_byte(fd)
        except OSError as e:
            os.close(fd)
            if e.errno in (errno.EAGAIN, errno.EACCES):
                raise busy from None
            return                          # (no such lock here: the name's alone)
        HELD.add(key)
        self._held = (fd, key)

    def _let_file_go(self) -> None:
        """Let go of :meth:`_hold_file`'s lock (after SQLite's connection is closed)."""
        if self._held is not None:
            fd, key = self._held
            self._held = None
            HELD.discard(key)
            os.close(fd)

    def _check(self, existed: bool) -> int | None:
        """Check a file that ``existed`` is ours, whole, and of a version this program reads,
        or make a new one ours; the older version it is of, to be upgraded (:meth:`_upgrade`),
        or None."""
        db = self.db
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
        if existed:
            if app != APP_ID:
                db.close()
                raise StoreError(f"{self.path} is not a fivehundred database (another program's "
                                 "file?); it was left as it is: choose another with --db")
            if version > SCHEMA_VERSION:
                db.close()
                raise StoreError(f"{self.path} was written by a newer fivehundred (database "
                                 f"version {version}, this one reads up to {SCHEMA_VERSION}); "
                                 "it was left as it is: upgrade, or choose another with --db")
            # a damaged page deep in the file opened fine, and the lobby failed later
            found = [row[0] for row in db.execute("PRAGMA quick_check(3)")]
            if found != ["ok"]:
                db.close()
                raise StoreError(f"{self.path} is damaged (SQLite's check: "
                                 f"{'; '.join(map(str, found))}); it was left as it is: move it "
                                 "away or choose another with --db")
            db.execute("SELECT id, created, updated, finished, data FROM tables LIMIT 1")
            if version == 1:
                db.execute("SELECT strength, name, value FROM stats LIMIT 1")
                return version
            db.execute("SELECT player, strength, name, value FROM stats LIMIT 1")
            db.execute(_INDEX)
            return None
        db.executescript(_SCHEMA)
        db.execute(_INDEX)
        db.execute(f"PRAGMA application_id = {APP_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return None

    def _upgrade(self, version: int) -> None:
        """Upgrade a file of an older ``version`` in place, a copy of it kept first as it was
        (``PATH.v1.bak``, never over another: the older program opens it), and say so in the
        log (an older program refuses the file from now on).  Nothing upgraded if the copy
        cannot be made (StoreError: the file left as it is)."""
        backup = free_name(f"{self.path}.v{version}")
        try:
            make_private(backup)
            copy = sqlite3.connect(backup)
            try:
                self.db.backup(copy)
            finally:
                copy.close()
        except sqlite3.Error as e:
            remove(backup)
            raise StoreError(f"{self.path} is of database version {version}, to be upgraded to "
                             f"{SCHEMA_VERSION}, and a copy of it as it was could not be kept "
                             f"in {backup} ({e}); it was left as it is: make room, or choose "
                             "another with --db") from None
        try:
            self.db.executescript(f"BEGIN; {_TO_2} COMMIT;")
            self.db.execute(_INDEX)
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            remove(backup)        # (the file is as it was)
            raise
        log.warning("the saves file %s was upgraded from database version %d to "
                    "%d: an older fivehundred will not open it; a copy as it was is in %s",
                    self.path, version, SCHEMA_VERSION, backup)

    def close(self) -> None:
        """Close the file, and let it go (idempotent)."""
        if hasattr(self, "db"):
            self.db.close()
        self._let_file_go()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    # ---------------------------------------------------------------- saved tables

    def save(self, table_id: str, data: dict[str, Any], finished: bool,
             listed: bool = True) -> None:
        """Write a table's state (insert or replace), in one transaction; one not ``listed``
        (a practice table: its game is the one to continue) is neither :meth:`unfinished`
        nor :meth:`finished` (its ``finished`` is -1)."""
        now = time.time()
        self.db.execute(
            "INSERT INTO tables (id, created, updated, finished, data) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET updated = excluded.updated, "
            "finished = excluded.finished, data = excluded.data",
            (table_id, now, now, int(finished) if listed else -1,
             json.dumps(data, separators=(",", ":"))))

    def load(self, table_id: str) -> dict[str, Any] | None:
        """A saved table's state, or None; StoreError if the row is not valid JSON."""
        row = self.db.execute("SELECT data FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        try:
            data = json.loads(row[0])
        except (ValueError, TypeError, RecursionError) as e:   # (not text; nested too deep)
            raise StoreError(f"the saved game {table_id} is damaged "
                             f"({type(e).__name__}: {e}); it was kept") from None
        if not isinstance(data, dict):
            raise StoreError(f"the saved game {table_id} is damaged (not an object); it was kept")
        return data

    def unfinished(self) -> list[tuple[str, float]]:
        """Ids of unfinished tables with the time each was last played (seconds since the
        epoch), newest first."""
        rows = self.db.execute(
            "SELECT id, updated FROM tables WHERE finished = 0 ORDER BY updated DESC").fetchall()
        return _by_time(rows)

    def finished(self, limit: int = 10, before: tuple[float, str] | None = None
                 ) -> tuple[list[tuple[str, float]], tuple[float, str] | None]:
        """Ids of finished tables with the time each ended (seconds since the epoch), the
        newest first, at most ``limit``, and where the older ones go on (the time and id to
        pass as ``before`` for them), None if none is older.  Those whose time is damaged
        (not a number: SQLite keeps any value in any column) come on the last page, as the
        oldest, however many."""
        timed = "finished = 1 AND typeof(updated) IN ('integer', 'real')"
        after, args = ("", ()) if before is None else (
            " AND (updated < ? OR (updated = ? AND id < ?))", (before[0], *before))
        rows = self.db.execute(f"SELECT id, updated FROM tables WHERE {timed}{after} "
                               "ORDER BY updated DESC, id DESC LIMIT ?",
                               (*args, limit + 1)).fetchall()
        if len(rows) > limit:
            return _by_time(rows[:limit]), (float(rows[limit - 1][1]), str(rows[limit - 1][0]))
        rows += self.db.execute("SELECT id, updated FROM tables WHERE finished = 1 AND "
                                "typeof(updated) NOT IN ('integer', 'real')").fetchall()
        return _by_time(rows), None

    def prune(self, practice_before: float, others_before: float | None = None,
              keep: Collection[str] = ()) -> int:
        """Delete the practice tables (unlisted) last saved before ``practice_before`` and, if
        ``others_before`` is given, every other table last saved before it, but those in
        ``keep`` (tables in use); how many, in one transaction (StoreError if the file cannot
        be written now: none deleted).  A time that is not a number (a damaged row) counts as
        the oldest, as in the lobby's lists; the statistics are kept (counted, not read back
        from the saves).  ValueError for a time that is not a number, nothing deleted."""
        for before in (practice_before, others_before):
            if before is not None and not math.isfinite(before):
                raise ValueError(f"prune takes times in seconds since the epoch, not {before!r}")
        # (numbers sort before text and blobs: both ranges are read from the index)
        old = "(updated < ? OR updated >= '')"
        picks = [(f"finished = -1 AND {old}", practice_before)]
        if others_before is not None:
            picks.append((old, others_before))
        with self.batch():
            gone = {tid for where, before in picks
                    for (tid,) in self.db.execute(f"SELECT id FROM tables WHERE {where}",
                                                  (before,)).fetchall()
                    if tid not in keep}
            self.db.executemany("DELETE FROM tables WHERE id = ?", [(tid,) for tid in gone])
        return len(gone)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """One transaction: a save and the statistics it counts land together or not at all;
        StoreError if the file cannot be written now (a full disk), nothing of it written."""
        try:
            self.db.execute("BEGIN")
            try:
                yield
                self.db.execute("COMMIT")
            finally:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
        except sqlite3.Error as e:
            full = self._full(e)
            raise StoreError(self._cannot_write(e, e),
                             _FULL if full else _plain_cause(e)) from None

    def _holds_home_games(self) -> bool:
        """Whether the file is ``play``'s: the saves file of the data directory (the
        default's, :func:`default_path`), or one that holds the statistics of the player at
        this machine (:data:`LOCAL_PLAYER`: only ``play`` counts them; a server counts each
        browser's own)."""
        with suppress(OSError, ImportError):
            if os.path.realpath(default_path()) == self.real:
                return True
        return self.db.execute("SELECT 1 FROM stats WHERE player = ? LIMIT 1",
                               (LOCAL_PLAYER,)).fetchone() is not None


_MADE = ("", "-journal", "-wal", "-shm", ".lock")
"""Beside the file ``PATH``: the files a start may make (the file, SQLite's journals, the
lock), by how each name ends."""


def _plain_cause(e: sqlite3.Error) -> str:
    """Why a save failed, in plain words without the file's path (for players: the path is
    the server's business, its log keeps SQLite's own words).

    By SQLite's error code, which every error of its own carries (``sqlite_errorname``, an
    extended one naming its kind first: ``SQLITE_IOERR_WRITE``).

    >>> full = sqlite3.OperationalError("database or disk is full")
    >>> full.sqlite_errorname = "SQLITE_FULL"
    >>> _plain_cause(full), _plain_cause(sqlite3.OperationalError("no code"))
    ("the server's disk is full", "the server's saves file cannot be written now")
    """
    name = getattr(e, "sqlite_errorname", None) or ""
    for codes, cause in _CAUSES:
        if any(name == c or name.startswith(c + "_") for c in codes):
            return cause
    return CANNOT_WRITE


CANNOT_WRITE = "the server's saves file cannot be written now"
"""What a player is told of a save that failed for a cause not among :data:`_CAUSES`."""
_FULL = "the server's disk is full"
"""What a player is told of a save that failed for want of room (:meth:`Store._full`)."""

_CAUSES = (
    (("SQLITE_FULL",), _FULL),
    (("SQLITE_READONLY",), "the server's saves file is read-only"),
    (("SQLITE_IOERR",), "the server's disk failed"),
    (("SQLITE_BUSY", "SQLITE_LOCKED"), "the server's saves file is busy"),
    (("SQLITE_CORRUPT", "SQLITE_NOTADB"), "the server's saves file is damaged"),
)
"""SQLite's errors (by code, or by words where none came with it) and the plain words for
each: the first that matches."""


def _by_time(rows: list[tuple[Any, Any]]) -> list[tuple[str, float]]:
    """Rows of (id, time) as (id, seconds), newest first; a time that is not a number (a
    damaged row: SQLite keeps any value in any column) counts as the oldest, the row kept
    for its game to be restored or reported.

    >>> _by_time([("a", 5.0), ("b", "yesterday"), ("c", 9), ("d", float("nan"))])
    [('c', 9.0), ('a', 5.0), ('b', 0.0), ('d', 0.0)]
    """
    return sorted(((str(i), saved_seconds(t) or 0.0) for i, t in rows), key=lambda r: -r[1])


def saved_seconds(value: object) -> float | None:
    """A saved time in seconds since the epoch, None where it is not a real date (a damaged
    row: text, NaN, infinity, negative or past the year 36,000).

    >>> saved_seconds(5), saved_seconds(float("nan")), saved_seconds("5"), saved_seconds(True)
    (5.0, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) and 0 <= value < 2**40 else None
