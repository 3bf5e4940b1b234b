"""``fivehundred tables``: the games in a saves file, for the host of a server (or a player
at home): each table's id, kind, rules, where it stands, who sits where and when it was last
played, read while the server runs; ``--delete ID`` ends an abandoned one, with the server
stopped (its file is then free).  No seat's key, player id or seed is ever shown: the list
may be read out to anyone."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from ..options import PRESET_LABELS
from .seats import TableError
from .store import Store, StoreError, default_path
from .table import Table

_KINDS = {-1: "practice", 0: "in play", 1: "over"}
"""A row's ``finished`` column, in words (-1: a practice table, never listed)."""


def table_lines(store: Store) -> list[dict[str, Any]]:
    """Every saved table of ``store``, the last played first: its id, when it was last saved
    (seconds since the epoch), whether with friends or bots, a practice or not, its rules,
    where it stands and each seat's name and kind; a save that cannot be brought back named
    with why (it is kept as it is)."""
    rows = store.db.execute(
        "SELECT id, updated, finished FROM tables ORDER BY updated DESC, id").fetchall()
    out: list[dict[str, Any]] = []
    for tid, updated, finished in rows:
        line: dict[str, Any] = {"table": str(tid),
                                "updated": updated if isinstance(updated, (int, float)) else None,
                                "state": _KINDS.get(finished, "in play")}
        try:
            data = store.load(str(tid))
            if data is None:            # (deleted since the list was read)
                continue
            t = Table.from_json(data, str(tid))
        except (StoreError, TableError) as e:
            out.append({**line, "damaged": str(e)})
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
        store = Store(path, exclusive=delete is not None)
    except StoreError as e:
        print(f"fivehundred tables: {e}", file=sys.stderr)
        return 2
    try:
        if delete is not None:
            with store.batch():
                gone = store.db.execute("DELETE FROM tables WHERE id = ?", (delete,)).rowcount
            if not gone:
                print(f"fivehundred tables: no table {delete!r} in {path}", file=sys.stderr)
                return 2
            print(f"deleted the table {delete} from {path}")
            return 0
        lines = table_lines(store)
    except StoreError as e:
        print(f"fivehundred tables: {e}", file=sys.stderr)
        return 2
    finally:
        store.close()
    print(json.dumps(lines, indent=1) if as_json else format_lines(lines))
    return 0
