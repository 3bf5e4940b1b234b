"""``fivehundred tables``: a host lists the games in the server's saves file (while it runs)
and deletes an abandoned one (only once it is stopped); no key, player id or seed is shown."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from fivehundred.cli import main
from fivehundred.rules import Rules
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from helpers import write_version_1
from test_web_history import finished_table

AUS = Rules.preset("australian")


def _saves(path: Path) -> dict[str, Table]:
    """A saves file with a game against bots, a friends' table and a finished game, and a
    damaged save; the tables by kind."""
    store = Store(path)
    tables = {"bots": Table.new("australian", AUS, "easy", seed=918273645),
              "friends": Table.new("classic3", Rules.preset("classic3"), "medium", seed=6,
                                   friends=True, name="Ann"),
              "over": finished_table()}
    for kind, t in tables.items():
        store.save(t.id, t.to_json(), finished=kind == "over")
    store.save("broken", {"format": 1, "id": "broken"}, finished=False)
    store.close()
    return tables


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def test_the_tables_of_a_saves_file_are_listed_without_a_secret(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each table with its rules, where it stands and who sits where; the damaged save named
    (and kept); the same in JSON; while a server holds the file too."""
    path = tmp_path / "serve.sqlite3"
    tables = _saves(path)
    held = Store(path, exclusive=True)          # (a server running on it)
    try:
        rc, out, err = _run(["tables", "--db", str(path)], capsys)
        assert rc == 0 and not err, err
        for t in tables.values():
            assert t.id in out
            for s in t.seats:
                assert s.token not in out
        assert str(tables["bots"].seed) not in out
        assert "Australian (4 players, partners), with bots: hand 1, auction;" in out, out
        assert "with friends" in out and "Ann (human)" in out and ": over;" in out, out
        assert "broken" in out and "DAMAGED" in out, out
        rc, out, _ = _run(["tables", "--db", str(path), "--json"], capsys)
        lines = json.loads(out)
        assert rc == 0 and {x["table"] for x in lines} == {*(t.id for t in tables.values()),
                                                           "broken"}
        assert str(tables["bots"].seed) not in out
        assert all(s.token not in out for t in tables.values() for s in t.seats)
        # deleting while the server holds the file: refused, nothing deleted
        rc, _, err = _run(["tables", "--db", str(path), "--delete", "broken"], capsys)
        assert rc == 2 and "in use" in err, err
    finally:
        held.close()
    store = Store(path)
    assert store.load("broken") is not None
    store.close()


def test_a_table_is_deleted_once_the_server_is_stopped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--delete ID`` removes that table alone; an id not in the file, or no file, is said
    (status 2)."""
    path = tmp_path / "serve.sqlite3"
    tables = _saves(path)
    gone = tables["friends"].id
    rc, out, _ = _run(["tables", "--db", str(path), "--delete", gone], capsys)
    assert rc == 0 and gone in out
    store = Store(path)
    assert store.load(gone) is None and store.load(tables["bots"].id) is not None
    store.close()
    rc, _, err = _run(["tables", "--db", str(path), "--delete", gone], capsys)
    assert rc == 2 and f"no table {gone!r}" in err
    rc, _, err = _run(["tables", "--db", str(tmp_path / "none.sqlite3")], capsys)
    assert rc == 2 and "no saves file at" in err


def test_listing_reads_the_file_as_it_is(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The listing opened the file as a server does: an older version's file was upgraded
    (an older fivehundred could no longer open it), one the user may not write refused, and
    a damaged time (too large for a date) was a traceback.  Read as it is: the old file
    stays version 1, a read-only one is listed, a damaged time is "time unknown"."""
    old = tmp_path / "v1.sqlite3"
    write_version_1(old, [("easy", "games", 2)])
    rc, out, err = _run(["tables", "--db", str(old)], capsys)
    assert (rc, out, err) == (0, "no saved tables\n", "")
    db = sqlite3.connect(old)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    db.close()
    assert not list(tmp_path.glob("*.bak"))
    path = tmp_path / "serve.sqlite3"
    tables = _saves(path)
    db = sqlite3.connect(path)
    db.execute("UPDATE tables SET updated = 1e300 WHERE id = ?", (tables["bots"].id,))
    db.commit()
    db.close()
    path.chmod(0o400)
    try:
        rc, out, err = _run(["tables", "--db", str(path)], capsys)
        assert rc == 0 and not err, err
        assert f"{tables['bots'].id}  time unknown  Australian" in out, out
        rc, out, _ = _run(["tables", "--db", str(path), "--json"], capsys)
        assert rc == 0 and "Infinity" not in out and json.loads(out)
    finally:
        path.chmod(0o600)
    rc, _, err = _run(["tables", "--db", str(tmp_path / "v1.sqlite3") + "x"], capsys)
    assert rc == 2
