"""Saves and statistics: a bad database is reported and never overwritten."""

from __future__ import annotations

import sqlite3
from dataclasses import fields
from pathlib import Path

import pytest

from fivehundred.cli import main
from fivehundred.rules import Rules
from fivehundred.web.options import OPTION_TEXT, build_rules
from fivehundred.web.store import SCHEMA_VERSION, Store, StoreError
from fivehundred.web.table import Table, TableError
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
            assert ws.receive_json()["code"] == "unknown_table"
    row = sqlite3.connect(p).execute("SELECT data FROM tables WHERE id = ?",
                                     (bad["table"],)).fetchone()
    assert row[0] == '{"format": 1, "rules": 5}'


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
