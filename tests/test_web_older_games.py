"""Every finished game kept at home can be reached from the lobby: its ten newest listed,
OLDER GAMES the next ten each time (``GET /api/finished``), until none is older; a server
lists nobody's, and a malformed ask is refused."""

from __future__ import annotations

from pathlib import Path

from browser import DESKTOP, live_server, viewport_page
from fivehundred.web.store import Store
from test_web_history import finished_table
from webclient import web_client

GAMES = 23
"""Finished games kept: two pages of ten and three more."""


def _keep_games(store: Store) -> list[str]:
    """``GAMES`` finished games saved (one game's save under as many ids), the newest first;
    the tenth and eleventh ended at the same second, one on each side of the first page's
    end (their order is their ids')."""
    data = finished_table().to_json()
    ids = [f"game-{k:02d}" for k in range(GAMES)]
    for k, tid in enumerate(ids):
        store.save(tid, {**data, "id": tid}, finished=True)
        ended = 1_700_000_000.0 + (k if k != 12 else 13)      # game-12 and game-13 alike
        store.db.execute("UPDATE tables SET updated = ? WHERE id = ?", (ended, tid))
    return ids[::-1]


def test_older_finished_games_come_ten_at_a_time_until_none_is_older(tmp_path: Path) -> None:
    """The lobby's ten newest and where the older go on; each ask for older ones gives the
    next ten in order, none twice, none missed, the last page saying none is older."""
    store = Store(tmp_path / "h.db")
    newest_first = _keep_games(store)
    with web_client(store) as client:
        lobby = client.get("/api/lobby").json()
        seen = [g["table"] for g in lobby["finished"]]
        older = lobby["finished_older"]
        pages = 1
        while older is not None:
            got = client.get("/api/finished", params=older).json()
            assert got["finished"], "a page promised is not empty"
            seen += [g["table"] for g in got["finished"]]
            older = got["older"]
            pages += 1
        assert seen == newest_first and pages == 3


def test_a_malformed_ask_for_older_games_is_refused_and_a_server_lists_none(
        tmp_path: Path) -> None:
    """Older games are asked for with the time and id of the last one shown: anything else
    is a 400 saying so; a server (anyone's lobby) lists no finished game, older or not."""
    store = Store(tmp_path / "h.db")
    _keep_games(store)
    with web_client(store) as client:
        for params in ({}, {"ended": "soon", "table": "game-01"}, {"ended": "nan",
                       "table": "game-01"}, {"ended": "inf", "table": "x"},
                       {"ended": "5"}, {"ended": "5", "table": "x" * 65}):
            r = client.get("/api/finished", params=params)
            assert r.status_code == 400 and "ended" in r.json()["error"], (params, r.text)
    with web_client(store, mode="serve") as client:
        lobby = client.get("/api/lobby").json()
        assert lobby["finished"] == [] and lobby["finished_older"] is None
        got = client.get("/api/finished", params={"ended": "2e9", "table": "z"}).json()
        assert got == {"finished": [], "older": None}


def test_the_lobby_lists_older_games_under_its_ten_newest(tmp_path: Path) -> None:
    """In the browser: ten games and OLDER GAMES; pressed, ten more under them (the keyboard
    on the first of them); pressed again, the last three, and the button gone."""
    db = tmp_path / "h.db"
    store = Store(db)
    newest_first = _keep_games(store)
    store.close()
    rows = "#finished-list li"
    with live_server(db, "local") as url, viewport_page(DESKTOP) as page:
        page.goto(url)
        page.wait_for_selector("#lobby[data-loaded='true']")
        assert page.locator(rows).count() == 10
        page.click("#finished-older")
        page.wait_for_function(f"document.querySelectorAll('{rows}').length === 20")
        assert page.evaluate("document.activeElement.closest('li').dataset.table") \
            == newest_first[10]
        page.click("#finished-older")
        page.wait_for_function(f"document.querySelectorAll('{rows}').length === {GAMES}")
        listed = page.eval_on_selector_all(rows, "els => els.map((e) => e.dataset.table)")
        assert listed == newest_first
        assert page.is_hidden("#finished-older")


def test_games_of_a_damaged_time_come_last_and_hide_none(tmp_path: Path) -> None:
    """Rows whose time is not a number (SQLite keeps any value) sorted above the numbers and
    filled the first page: with ten of them no other game was ever reached.  They come on the
    last page, as the oldest; every game is reached once."""
    store = Store(tmp_path / "h.db")
    newest_first = _keep_games(store)
    for k in range(12):
        store.save(f"bad-{k:02d}", {"format": 1}, finished=True)
        store.db.execute("UPDATE tables SET updated = 'yesterday' WHERE id = ?", (f"bad-{k:02d}",))
    seen: list[str] = []
    older = None
    for _ in range(5):
        rows, older = store.finished(10, older)
        seen += [tid for tid, _ in rows]
        if older is None:
            break
    assert seen[:GAMES] == newest_first and sorted(seen[GAMES:]) == [f"bad-{k:02d}"
                                                                    for k in range(12)]
