"""Earlier hands reviewed against double dummy, the finished games the lobby opens, and the
browser's Back and Forward between a table and the lobby."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from browser import (
    DESKTOP,
    live_server,
    phone_page,
    snap,
    start_game,
    viewport_page,
    visible,
    wait_turn,
)
from fivehundred.rules import Rules
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from webclient import Msg, Seat, connect, play_hand, played_table, seated, web_client


def finished_table(preset: str = "australian", seed: int = 3) -> Table:
    """A table whose game Medium bots played to its end at every seat (the seat's view only,
    through the table's own checks), as the browser game would have saved it."""
    return played_table(seed, hands=None, preset=preset)


def _review(seat: Seat, **extra: object) -> Msg:
    seat.send_raw(json.dumps({"type": "review", **extra}))     # not an answer to the state
    return seat.until(lambda x: x["type"] in ("error", "review"))


def _played_out(m: Msg) -> bool:
    return m["sheet"]["kind"] != "all_pass_redeal" and sum(m["sheet"]["side_tricks"]) == 10


def test_an_earlier_hand_is_reviewed_as_it_was_at_its_end() -> None:
    """``"hand": N`` reviews the finished hand N (from 0) while the game goes on, the same
    answer as at the hand's own end (yours and every card); the last hand, as asked without
    it; a hand not finished, or not a number, is refused and changes nothing."""
    with seated(seed=12) as (_, _, seat):
        seat.my_turn()
        e = _review(seat, hand=0)
        assert e["type"] == "error" and e["code"] == "no_review", e
        assert "no hand is finished yet" in e["message"]
        at_end: dict[int, tuple[Msg, Msg]] = {}
        while True:
            end = play_hand(seat)
            assert end["view"]["phase"] == "hand_over"
            n = end["sheet"]["number"]
            if _played_out(end):
                at_end[n] = (_review(seat), _review(seat, every_seat=True))
                assert at_end[n][0]["type"] == "review" and at_end[n][0]["hand"] == n
            if len(at_end) == 2:
                break
            seat.send(type="next")
        last = max(at_end)
        assert _review(seat, hand=last) == at_end[last][0]
        seat.send(type="next")
        m = seat.my_turn()              # the next hand under way
        assert m["view"]["phase"] in ("auction", "play", "kitty")
        for n, (mine, every) in at_end.items():
            assert _review(seat, hand=n) == mine
            assert _review(seat, hand=n, every_seat=True) == every
            assert every["plays"] and all(p["cost"] is not None for p in every["plays"])
        done = m["view"]["hand_number"]
        for bad, code in ((done, "no_review"), (-1, "no_review"), (99, "no_review"),
                          ("0", "malformed"), (True, "malformed"), (1.0, "malformed"),
                          ([0], "malformed")):
            e = _review(seat, hand=bad, every_seat=True)
            assert e["type"] == "error" and e["code"] == code, (bad, e)
            assert "hand" in e["message"]
            if code == "no_review":     # (which review it refuses, said: for the page)
                assert (e["hand"], e["every_seat"]) == (bad, True), e
            seat.send(type="ping")                      # nothing changed: no state came
            assert seat.read() == {"type": "pong"}
            assert seat.last is not None and seat.last["seq"] == m["seq"]
        assert f"0 to {done - 1}" in _review(seat, hand=done)["message"]


def test_a_hand_thrown_in_is_refused_by_its_number() -> None:
    """A finished hand whose cards were not all played (everyone passed) is refused by its
    number as it was at its end."""
    store = Store(":memory:")
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=0)
    while t.game.phase == "auction":
        t.act(t.game.to_move or 0, "pass")
    assert t.game.hand_results[0].kind == "all_pass_redeal"
    store.save(t.id, t.to_json(), False)
    with web_client(store) as client, connect(client, {"table": t.id,
                                                       "token": t.seats[0].token}) as ws:
        seat = Seat(ws)
        seat.my_turn()
        at_its_end = _review(seat)
        assert at_its_end["type"] == "error" and at_its_end["code"] == "no_review"
        seat.send(type="next")
        m = seat.my_turn()
        assert m["view"]["hand_number"] == 1
        assert _review(seat, hand=0) == {**at_its_end, "hand": 0}


def test_the_game_summary_says_which_contracts_were_played_out() -> None:
    """Each contract of the game's summary carries its hand's number and whether every card
    of it was played (reviewable): a misère stopped at the declarer's first trick was not."""
    t = finished_table()
    summary = t.message(0, {0})["summary"]
    entries = [c for side in summary["contracts"] for c in side]
    assert entries
    results = t.game.hand_results
    for c in entries:
        res = results[c["number"]]
        assert c["hand"] == c["number"] + 1 and res.contract is not None
        assert c["bid"] == res.contract.bid
        assert c["played_out"] == (sum(res.tricks) == 10)
    assert any(c["played_out"] for c in entries)


def test_the_lobby_lists_finished_games_newest_first(tmp_path: Path) -> None:
    """GET /api/lobby's ``finished``: the finished games, newest first, each with its link,
    rules, hands, scores and whether you won; not an unfinished one, not a damaged one (that
    is reported, and kept), and none in serve mode."""
    store = Store(tmp_path / "h.db")
    older, newer = finished_table(seed=3), finished_table(seed=4)
    for t in (older, newer):
        store.save(t.id, t.to_json(), finished=True)
    going = Table.new("australian", Rules.preset("australian"), "easy", seed=5)
    store.save(going.id, going.to_json(), finished=False)
    store.save("broken", {"format": 1, "id": "broken"}, finished=True)
    with web_client(store) as client:
        lobby = client.get("/api/lobby").json()
        listed = lobby["finished"]
        assert [g["table"] for g in listed] == [newer.id, older.id]
        for g, t in zip(listed, (newer, older), strict=True):
            assert g["token"] == t.seats[0].token
            assert g["rules_label"].startswith("Australian") and g["strength"] == "easy"
            assert g["hands"] == len(t.game.hand_results)
            assert g["scores"] == list(t.game.scores)
            assert g["side_names"] == t.side_names() and g["side"] == 0
            assert g["won"] == (t.game.winner == 0)
            assert g["ended"] > 0
        assert lobby["continue"]["table"] == going.id
        assert any("broken" in p for p in client.get("/api/lobby").json()["problems"])
    assert store.load("broken") == {"format": 1, "id": "broken"}
    with web_client(store, mode="serve") as client:
        assert client.get("/api/lobby").json()["finished"] == []


def test_a_finished_game_opens_at_its_end_with_every_hand_reviewable(tmp_path: Path) -> None:
    """A socket at a finished game gets the game's end, and any hand played out in it can be
    reviewed by its number; the statistics are not counted again."""
    store = Store(tmp_path / "h.db")
    t = finished_table()
    store.save(t.id, t.to_json(), finished=True)
    with web_client(store) as client, connect(client, {"table": t.id,
                                                       "token": t.seats[0].token}) as ws:
        seat = Seat(ws)
        m = seat.until(lambda x: x["type"] == "state")
        assert m["view"]["phase"] == "game_over"
        first = next(c for side in m["summary"]["contracts"] for c in side if c["played_out"])
        r = _review(seat, hand=first["number"])
        assert r["type"] == "review" and r["hand"] == first["number"], r
        assert client.get("/api/stats").json() == {"by_strength": {}}


def _open_finished(page: Page, url: str, table: Table) -> None:
    page.goto(url)
    page.wait_for_selector(f"#finished-list li[data-table='{table.id}'] .finished-open")
    page.click(f"#finished-list li[data-table='{table.id}'] .finished-open")
    page.wait_for_selector("#game-over:not([hidden])")


def test_the_browser_opens_a_finished_game_and_reviews_any_hand(tmp_path: Path,
                                                               shots: Path) -> None:
    """The lobby's FINISHED GAMES opens a game at its end; a contract's Review shows that
    hand against double dummy in the review's place (titled with its number), the foot's
    button the last hand's; CONTINUE of a game in progress is left as it was."""
    db = tmp_path / "h.db"
    store = Store(db)
    t = finished_table()
    store.save(t.id, t.to_json(), finished=True)
    store.close()
    results = t.game.hand_results
    last = len(results) - 1
    earlier = [r.number for r in results[:-1]
               if r.contract is not None and sum(r.tricks) == 10]
    assert earlier, "an earlier hand was played out"
    going = json.dumps({"table": "another", "token": "its-token"})
    with live_server(db, "local") as url, viewport_page(DESKTOP) as page:
        page.goto(url)
        page.evaluate(f"localStorage.setItem('fivehundred.table', {json.dumps(going)})")
        page.goto(url)
        page.wait_for_selector(f"#finished-list li[data-table='{t.id}']")
        page.locator("#finished-box").scroll_into_view_if_needed()
        snap(page, shots / "finished-games.jpg")
        _open_finished(page, url, t)
        assert not visible(page, "#lobby"), "the lobby is gone once the game is open"
        n = earlier[0]
        button = f"#game-over tr[data-hand='{n}'] .hand-review"
        assert visible(page, button)
        # every row's button inside the dialog (two sides' columns once cut the second off)
        assert page.evaluate("""() => {
          const card = document.querySelector('#game-over .modal-card').getBoundingClientRect();
          return [...document.querySelectorAll('#game-over .hand-review')].every((b) => {
            const r = b.getBoundingClientRect();
            return r.left >= card.left && r.right <= card.right; });
        }""")
        page.click(button)
        page.wait_for_selector("#review-panel .review-head", timeout=60_000)
        title = page.eval_on_selector("#review-panel h3", "e => e.textContent")
        assert title == f"Hand {n + 1} against double dummy"
        assert page.get_attribute(button, "aria-pressed") == "true"
        snap(page, shots / "review-any-hand.jpg")
        page.click("#review-every")
        page.wait_for_selector("#review-panel .review-every", timeout=60_000)
        cards = page.eval_on_selector_all("#review-panel .review-every tbody tr", "rs => rs.length")
        assert cards == 40
        assert results[last].contract is not None and sum(results[last].tricks) == 10, (
            "the last hand was played out (the foot's button reviews it)")
        page.click("#game-over #review-button")
        # numbered as every row's review is (it was "The hand against double dummy")
        page.wait_for_function("document.querySelector('#review-panel h3') && "
                               "document.querySelector('#review-panel h3').textContent"
                               f" === 'Hand {results[last].number + 1} against double dummy'",
                               timeout=60_000)
        assert page.get_attribute(button, "aria-pressed") == "false"
        assert page.evaluate("localStorage.getItem('fivehundred.table')") == going


def test_a_hand_reviewed_at_the_game_end_on_a_phone_on_its_side_scrolls_once(
        tmp_path: Path, shots: Path) -> None:
    """At 844x390 the game's end is one scroll: a hand's review opened there has no scroll of
    its own inside the dialog's (it showed three of its rows in a box of its own), and the
    buttons kept in sight at its foot take one row, leaving the review most of the screen."""
    db = tmp_path / "h.db"
    store = Store(db)
    t = finished_table()
    store.save(t.id, t.to_json(), finished=True)
    store.close()
    n = next(r.number for r in t.game.hand_results
             if r.contract is not None and sum(r.tricks) == 10)
    with live_server(db, "local") as url, phone_page("sideways") as page:
        _open_finished(page, url, t)
        page.click(f"#game-over tr[data-hand='{n}'] .hand-review")
        page.wait_for_selector("#review-panel .review-head", timeout=60_000)
        page.wait_for_timeout(400)                  # the dialog's own scroll to the review
        snap(page, shots / "review-any-hand-sideways.jpg")
        found = page.evaluate("""() => {
          const panel = document.querySelector('#review-panel');
          const card = document.querySelector('#game-over .modal-card');
          const foot = document.querySelector('#game-over .sheet-actions');
          const buttons = [...foot.querySelectorAll('button')].filter((b) => b.offsetParent);
          const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
          return {inner: panel.scrollHeight - panel.clientHeight, rows: tops.size,
                  foot: foot.getBoundingClientRect().height,
                  card: card.getBoundingClientRect().height};
        }""")
        assert found["inner"] <= 1, f"the review scrolls inside the dialog: {found}"
        assert found["rows"] == 1, f"the foot's buttons take {found['rows']} rows: {found}"
        assert found["foot"] <= found["card"] / 4, found


def test_the_lobby_line_of_a_finished_game_fits_a_phone(tmp_path: Path) -> None:
    """At 360x740 the finished game's line wraps inside the lobby and OPEN is a finger's
    size."""
    db = tmp_path / "h.db"
    store = Store(db)
    t = finished_table()
    store.save(t.id, t.to_json(), finished=True)
    store.close()
    with live_server(db, "local") as url, viewport_page({"width": 360, "height": 740}) as page:
        page.goto(url)
        row = page.wait_for_selector(f"#finished-list li[data-table='{t.id}']")
        assert row is not None
        text = row.inner_text()
        assert ("Won" in text) != ("Lost" in text) and "Australian" in text, text
        box: Any = row.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        open_box: Any = page.locator(f"li[data-table='{t.id}'] .finished-open").bounding_box()
        assert open_box["width"] >= 32 and open_box["height"] >= 32, open_box
        assert page.evaluate("document.documentElement.scrollWidth <= 360")


AT_TABLE = """(id) => !document.getElementById('table').hidden && window.fivehundred.app.state
  && window.fivehundred.app.state.table.id === id"""
"""JavaScript: the table ``id`` is on show, its state come."""

IN_LOBBY = "() => document.getElementById('table').hidden && !!document.querySelector('#play')"
"""JavaScript: the lobby is on show, the table hidden."""


def test_back_from_a_table_goes_to_the_lobby(tmp_path: Path) -> None:
    """A table opened from the lobby is a step of the browser's history: Back goes to the lobby
    (it left for the site before), Forward opens the table again; a table opened after another
    was left (New game) takes that one's step; a reload opens the table of its step again (a
    demanding player's F5 left the game for the lobby, whose CONTINUE offered the game updated
    last, another window's)."""
    with live_server(tmp_path / "b.db", "local") as url, viewport_page(DESKTOP) as page:
        page.goto("about:blank")
        start_game(page, url, "australian")
        wait_turn(page)
        first = page.evaluate("window.fivehundred.app.state.table.id")
        page.go_back()
        assert page.url == url, "Back left the game"
        page.wait_for_function(IN_LOBBY)
        page.wait_for_function("document.activeElement.id === 'continue'")
        page.go_forward()
        page.wait_for_function(AT_TABLE, arg=first)
        page.go_back()
        page.wait_for_function(IN_LOBBY)
        page.click("button#continue")                  # CONTINUE: a step again
        page.wait_for_function(AT_TABLE, arg=first)
        page.reload()                  # the same table, its step kept (it showed the lobby)
        page.wait_for_function(AT_TABLE, arg=first)
        assert page.url == url                         # (the seat's key not in the address)
        page.click("#menu-button")                     # New game: the lobby, then a new table
        page.click("#new-game-menu")
        page.click("#confirm-yes")
        page.wait_for_function(IN_LOBBY)
        page.click("button#play")
        page.wait_for_function("(id) => window.fivehundred.app.state"
                               " && window.fivehundred.app.state.table.id !== id", arg=first)
        page.go_back()                                 # one Back: the lobby, not a table left
        assert page.url == url
        page.wait_for_function(IN_LOBBY)
        page.go_back()                                 # and the site before
        page.wait_for_url("about:blank")
