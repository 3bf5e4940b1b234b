"""Saves and statistics: a bad database is reported and never overwritten."""

from __future__ import annotations

import sqlite3
from dataclasses import fields
from pathlib import Path

import pytest

from fivehundred.cli import main
from fivehundred.options import OPTION_TEXT, build_rules
from fivehundred.rules import Rules
from fivehundred.web.seats import TableError
from fivehundred.web.store import SCHEMA_VERSION, Store, StoreError
from fivehundred.web.table import Table
from webclient import new_table, web_client


def test_a_file_that_is_not_a_database_is_reported_and_kept(tmp_path: Path) -> None:
    p = tmp_path / "notes.db"
    p.write_bytes(b"my shopping list, not a database" * 40)
    before = p.read_bytes()
    with pytest.raises(StoreError, match="not a usable fivehundred database"):
        Store(p)
    assert p.read_bytes() == before


def test_another_programs_database_is_reported_and_kept(tmp_path: Path) -> None:
    p = tmp_path / "other.db"
    db = sqlite3.connect(p)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    before = p.read_bytes()
    with pytest.raises(StoreError, match="not a fivehundred database"):
        Store(p)
    assert p.read_bytes() == before


def test_a_newer_database_is_reported_and_kept(tmp_path: Path) -> None:
    p = tmp_path / "new.db"
    Store(p).close()
    db = sqlite3.connect(p)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = p.read_bytes()
    with pytest.raises(StoreError, match="newer fivehundred"):
        Store(p)
    assert p.read_bytes() == before


def test_a_file_damaged_in_its_middle_is_reported_at_open_and_kept(tmp_path: Path) -> None:
    """A page scribbled over deep in the file: the store opened it, and the lobby failed (500)
    when it read that far. SQLite's check at open finds it; the file is left as it is."""
    src = tmp_path / "s.db"
    store = Store(src)
    with web_client(store) as client:
        for _ in range(30):
            new_table(client)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    pages = src.stat().st_size // 4096
    assert pages > 13
    with open(src, "r+b") as f:
        f.seek(12 * 4096)
        f.write(b"\xa5" * 8)
    before = src.read_bytes()
    with pytest.raises(StoreError, match=r"(damaged|malformed).*it was left as it is"):
        Store(src)
    assert src.read_bytes() == before


def test_the_play_command_refuses_a_bad_database_with_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "bad.db"
    p.write_bytes(b"\x00garbage" * 100)
    assert main(["play", "--no-browser", "--db", str(p)]) == 2
    assert "left as it is" in capsys.readouterr().err
    assert p.read_bytes() == b"\x00garbage" * 100


def test_a_damaged_save_is_reported_kept_and_skipped(tmp_path: Path) -> None:
    p = tmp_path / "s.db"
    with web_client(Store(p)) as client:
        good = new_table(client, seed=1)
        bad = new_table(client, seed=2)
    db = sqlite3.connect(p)
    db.execute("UPDATE tables SET data = '{\"format\": 1, \"rules\": 5}' WHERE id = ?",
               (bad["table"],))
    db.execute("UPDATE tables SET updated = updated + 100 WHERE id = ?", (bad["table"],))
    db.commit()
    db.close()
    with web_client(Store(p)) as client:
        lobby = client.get("/api/lobby").json()
        assert lobby["continue"]["table"] == good["table"]
        assert any(bad["table"] in x for x in lobby["problems"])
        with client.websocket_connect(f"/ws?table={bad['table']}&token={bad['token']}") as ws:
            assert ws.receive_json()["code"] == "damaged_table"     # (kept: not gone)
    row = sqlite3.connect(p).execute("SELECT data FROM tables WHERE id = ?",
                                     (bad["table"],)).fetchone()
    assert row[0] == '{"format": 1, "rules": 5}'


def _damage(p: Path, table: str, sql: str, *args: object) -> None:
    db = sqlite3.connect(p)
    db.execute(sql, (*args, table))
    db.commit()
    db.close()


def _saved(p: Path, table: str) -> tuple[object, object]:
    row = sqlite3.connect(p).execute("SELECT data, updated FROM tables WHERE id = ?",
                                     (table,)).fetchone()
    return row[0], row[1]


def test_saves_damaged_past_the_parser_the_presets_or_the_names_are_reported_and_kept(
        tmp_path: Path) -> None:
    """Each damaged save is reported in the lobby's problems and kept as it was, the lobby
    and the other tables working on: JSON nested past the parser's depth (a RecursionError
    gave 500 on the lobby), a preset no longer known (it loaded, then failed every use), a
    name that is not text (a lone surrogate: every reply naming it failed), a time that is
    not a number (500 on the lobby)."""
    p = tmp_path / "s.db"
    with web_client(Store(p)) as client:
        good = new_table(client, seed=1)
        tables = {k: new_table(client, seed=i + 2)
                  for i, k in enumerate(["deep", "preset", "name", "time"])}
    deep = "[" * 100_000
    _damage(p, tables["deep"]["table"], "UPDATE tables SET data = ? WHERE id = ?", deep)
    _damage(p, tables["preset"]["table"],
            "UPDATE tables SET data = json_set(data, '$.preset', 'bridge') WHERE id = ?")
    _damage(p, tables["name"]["table"],
            "UPDATE tables SET data = replace(data, '\"You\"', ?) WHERE id = ?",
            '"Ann\\udfff"')
    _damage(p, tables["time"]["table"], "UPDATE tables SET updated = ? WHERE id = ?",
            "yesterday")
    before = {k: _saved(p, t["table"]) for k, t in tables.items()}
    assert "udfff" in str(before["name"][0])
    with web_client(Store(p)) as client:
        r = client.get("/api/lobby")
        assert r.status_code == 200, r.text
        lobby = r.json()
        problems = " ".join(lobby["problems"])
        for k in ("deep", "preset", "name"):
            assert tables[k]["table"] in problems, (k, problems)
        assert "RecursionError" in problems and "unknown preset 'bridge'" in problems
        assert "the name is not text (U+DFFF)" in problems
        shown = [lobby["continue"]["table"]] + [x["table"] for x in lobby["in_play"]]
        assert good["table"] in shown and tables["time"]["table"] in shown   # (undamaged game)
        for k in ("deep", "preset", "name"):
            t = tables[k]
            assert client.get(f"/api/rules?table={t['table']}").status_code == 500
            with client.websocket_connect(f"/ws?table={t['table']}&token={t['token']}") as ws:
                assert ws.receive_json()["code"] == "damaged_table"
    assert {k: _saved(p, t["table"]) for k, t in tables.items()} == before


def test_a_save_naming_another_table_is_reported_and_never_saved_over_it(
        tmp_path: Path) -> None:
    """A save whose own id is another table's: restored, then played, it was saved over that
    other table's game (and shared its connections)."""
    p = tmp_path / "s.db"
    with web_client(Store(p)) as client:
        victim = new_table(client, seed=1)
        swap = new_table(client, seed=2)
    _damage(p, swap["table"], "UPDATE tables SET data = json_set(data, '$.id', ?) WHERE id = ?",
            victim["table"])
    before = _saved(p, victim["table"]), _saved(p, swap["table"])
    with web_client(Store(p)) as client:
        problems = " ".join(client.get("/api/lobby").json()["problems"])
        assert swap["table"] in problems and f"names itself {victim['table']!r}" in problems
        with client.websocket_connect(f"/ws?table={swap['table']}&token={swap['token']}") as ws:
            assert ws.receive_json()["code"] == "damaged_table"
    assert (_saved(p, victim["table"]), _saved(p, swap["table"])) == before


def test_a_table_replays_exactly_from_its_save() -> None:
    t = Table.new("classic3", Rules.preset("classic3"), "medium", seed=9)
    g = t.game
    while g.phase not in ("hand_over", "game_over"):
        tok = g.legal_actions()[0]
        t.act(g.to_move or 0, tok)
    if g.phase == "hand_over":
        t.press_next(0, {0})
        t.act(g.to_move or 0, g.legal_actions()[-1])
    back = Table.from_json(t.to_json())
    assert back.game.view(1) == g.view(1) and back.hands == t.hands
    broken = t.to_json()
    broken["hands"][0][3] = "AS"
    with pytest.raises(TableError, match="could not be replayed"):
        Table.from_json(broken)


def test_every_option_has_words_and_bad_toggles_are_refused() -> None:
    assert set(OPTION_TEXT) == {f.name for f in fields(Rules)}
    assert build_rules("classic3", {"nt_joker": "australian"}).nt_joker == "australian"
    for toggles in ({"misere_allowed": "yes"}, {"slam": "huge"}, [1]):
        with pytest.raises(ValueError):
            build_rules("australian", toggles)
