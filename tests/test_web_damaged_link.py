"""A link to a saved game whose save is damaged: its player is told so, and that it was kept
(``damaged_table``, close code 4500; 500 from the endpoints that take a table id), not that
the game is gone; a table never saved, or deleted, is still unknown (``unknown_table``, 404).
The page shows the message and goes back to the lobby."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from browser import DESKTOP, live_server, viewport_page
from fivehundred.web.store import Store
from webclient import connect, new_table, web_client

DAMAGES = {
    "not JSON": "UPDATE tables SET data = '{\"format\": 1, ' WHERE id = ?",
    "not a table": "UPDATE tables SET data = '{\"format\": 1, \"rules\": 5}' WHERE id = ?",
    "unknown preset": "UPDATE tables SET data = json_set(data, '$.preset', 'bridge') "
                      "WHERE id = ?",
}
WORDS = {"local": "this game's save is damaged, so it cannot be opened; it was kept as it "
                  "is (the lobby lists what is wrong with it)",
         "serve": "this game's save is damaged, so it cannot be opened; it was kept as it "
                  "is (whoever runs this server finds what is wrong with it in its log)"}


def _damaged_tables(p: Path, mode: str) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Tables saved in ``p``, each damaged as ``DAMAGES`` says, and one left whole."""
    with web_client(Store(p), mode) as client:
        tables = {k: new_table(client, seed=i + 1) for i, k in enumerate(DAMAGES)}
        good = new_table(client, seed=9)
    db = sqlite3.connect(p)
    for k, sql in DAMAGES.items():
        db.execute(sql, (tables[k]["table"],))
    db.commit()
    db.close()
    return tables, good


def _rows(p: Path) -> list[tuple[str, str]]:
    return sqlite3.connect(p).execute("SELECT id, data FROM tables ORDER BY id").fetchall()


def _refused(client: TestClient, t: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The error a socket opening ``t``'s link is sent, and its close code."""
    with connect(client, t) as ws:
        err: dict[str, Any] = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return err, closed.value.code


@pytest.mark.parametrize("mode", ["local", "serve"])
def test_a_damaged_saves_link_says_it_is_damaged_and_kept(tmp_path: Path, mode: str) -> None:
    p = tmp_path / "s.db"
    tables, good = _damaged_tables(p, mode)
    before = _rows(p)
    with web_client(Store(p), mode) as client:
        for k, t in tables.items():
            assert _refused(client, t) == ({"type": "error", "code": "damaged_table",
                                            "message": WORDS[mode]}, 4500), k
            tid, token = t["table"], t["token"]
            for url in (f"/api/rules?table={tid}", f"/api/guide?table={tid}",
                        f"/api/record?table={tid}&token={token}"):
                r = client.get(url)
                assert (r.status_code, r.json()) == (500, {"error": WORDS[mode]}), (k, url)
        # never saved, or a whole one: as before
        err, code = _refused(client, {"table": "nope", "token": "x"})
        assert (err["code"], code) == ("unknown_table", 4404)
        assert "no such table" in err["message"]
        for url in ("/api/rules?table=nope", "/api/guide?table=nope",
                    "/api/record?table=nope&token=x"):
            assert client.get(url).status_code == 404, url
        assert client.get(f"/api/rules?table={good['table']}").status_code == 200
        with connect(client, good) as ws:
            assert ws.receive_json()["type"] == "state"
    assert [r for r in _rows(p) if r[0] != good["table"]] == \
        [r for r in before if r[0] != good["table"]]


def test_the_page_of_a_damaged_saves_link_says_so(tmp_path: Path) -> None:
    """The page says the save is damaged and kept (it said "no such table") and shows the
    lobby."""
    p = tmp_path / "page.db"
    tables, _ = _damaged_tables(p, "local")
    t = tables["not a table"]
    with live_server(p, "local") as url, viewport_page(DESKTOP) as page:
        page.goto(f"{url}?table={t['table']}&token={t['token']}")
        page.wait_for_selector("#toasts .toast:has-text('save is damaged')")
        text = page.inner_text("#toasts")
        assert "It was kept as it is" in text or "it was kept as it is" in text, text
        assert "no such table" not in text.lower(), text
        page.wait_for_selector("#lobby button#play", state="visible")
        assert page.is_hidden("#table")
