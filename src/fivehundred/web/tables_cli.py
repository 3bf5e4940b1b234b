"""``fivehundred tables``: the games in a saves file, for the host of a server (or a player
at home): each table's id, kind, rules, where it stands, who sits where and when it was last
played, read while the server runs; ``--delete ID`` ends an abandoned one, with the server
stopped (its file is then free).  No seat's key, player id or seed is ever shown: the list
may be read out to anyone."""

from __future__ import annotations

import json
import sqlite3
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any

from ..options import PRESET_LABELS
from .seats import TableError
from .store import APP_ID, SCHEMA_VERSION, Store, StoreError, default_path, saved_seconds
from .table import Table

_KINDS = {-1: "practice", 0: "in play", 1: "over"}
"""A row's ``finished`` column, in words (-1: a practice table, never listed)."""


def read_only(path: str) -> sqlite3.Connection:
    """The saves file at ``path`` opened to be read alone, as it is: no lock taken, no
    upgrade, nothing written (a server may hold it; an older version's file stays one; a
    copy the user may not write is read); StoreError if it is not a fivehundred saves file
    this version reads."""
    try:
        db = sqlite3.connect(f"file:{urllib.parse.quote(path)}?mode=ro", uri=True)
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error as e:
        raise StoreError(f"{path} cannot be read ({e})") from None
    if app != APP_ID:
        db.close()
        raise StoreError(f"{path} is not a fivehundred saves file")
    if not 1 <= version <= SCHEMA_VERSION:
        db.close()
        raise StoreError(f"{path} was written by a newer fivehundred (database version "
                         f"{version}, this one reads up to {SCHEMA_VERSION})")
    return db


def table_lines(db: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every saved table of the saves file ``db``, the last played first: its id, when it
    was last saved (seconds since the epoch; None if its time is damaged), whether with
    friends or bots, a practice or not, its rules, where it stands and each seat's name and
    kind; a save that cannot be brought back named with why (it is kept as it is)."""
    rows = db.execute(
        "SELECT id, updated, finished, data FROM tables ORDER BY updated DESC, id").fetchall()
    out: list[dict[str, Any]] = []
    for tid, updated, finished, text in rows:
        line: dict[str, Any] = {"table": str(tid), "updated": saved_seconds(updated),
                                "state": _KINDS.get(finished, "in play")}
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise TableError("damaged", "the save is not a JSON object")
            t = Table.from_json(data, str(tid))
        except TableError as e:
            out.append({**line, "damaged": str(e)})
            continue
        except (ValueError, TypeError, RecursionError) as e:   # (not JSON; not text)
            out.append({**line, "damaged": f"not JSON ({type(e).__name__}: {e})"})
            continue
        g = t.game
        stands = ("waiting for START" if t.gathering else "over" if g.phase == "game_over"
                  else f"hand {g.hand_number + 1}, {g.phase.replace('_', ' ')}")
        out.append({**line, "with": "friends" if t.friends else "bots",
                    "rules": PRESET_LABELS.get(t.preset, t.preset), "stands": stands,
                    "scores": list(g.scores), "paused": t.paused,
                    "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in t.seats]})
    return out


def format_lines(lines: list[dict[str, Any]]) -> str:
    """The tables as a host reads them: one block each, the last played first."""
    if not lines:
        return "no saved tables"
    out: list[str] = []
    for x in lines:
        when = ("time unknown" if x["updated"] is None else
                time.strftime("%Y-%m-%d %H:%M", time.localtime(x["updated"])))
        if "damaged" in x:
            out.append(f"{x['table']}  {when}  DAMAGED: {x['damaged']}")
            continue
        kind = "practice" if x["state"] == "practice" else f"with {x['with']}"
        paused = ", paused" if x["paused"] else ""
        out.append(f"{x['table']}  {when}  {x['rules']}, {kind}: {x['stands']}{paused}; "
                   f"scores {' '.join(map(str, x['scores']))}")
        out.append("    " + ", ".join(f"{s['seat']} {s['name']} ({s['kind']})"
                                      for s in x["seats"]))
    return "\n".join(out)


def tables_main(db: str | None, as_json: bool = False, delete: str | None = None) -> int:
    """``fivehundred tables [--db FILE] [--json] [--delete ID]``: 0, or 2 with the reason on
    stderr (no such file, not a saves file, a table not in it, the file held by a running
    server for ``--delete``)."""
    path = db if db is not None else str(default_path("serve"))
    if not Path(path).is_file():
        print(f"fivehundred tables: no saves file at {path}" + (
            "" if db is not None else " (serve's: give another with --db)"), file=sys.stderr)
        return 2
    try:
        if delete is not None:
            return _delete(path, delete)
        conn = read_only(path)
        try:
            lines = table_lines(conn)
        except sqlite3.Error as e:
            raise StoreError(f"{path} cannot be read ({e})") from None
        finally:
            conn.close()
    except StoreError as e:
        print(f"fivehundred tables: {e}", file=sys.stderr)
        return 2
    print(json.dumps(lines, indent=1) if as_json else format_lines(lines))
    return 0


def _delete(path: str, table_id: str) -> int:
    """``--delete ID``: the table deleted, its file held as a server holds it (so refused,
    StoreError, while one runs on it); 2 if it is not there."""
    store = Store(path, exclusive=True)
    try:
        with store.batch():
            gone = store.db.execute("DELETE FROM tables WHERE id = ?", (table_id,)).rowcount
    finally:
        store.close()
    if not gone:
        print(f"fivehundred tables: no table {table_id!r} in {path}", file=sys.stderr)
        return 2
    print(f"deleted the table {table_id} from {path}")
    return 0
