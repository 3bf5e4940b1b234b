"""The way back to a game from "/" (serve mode keeps no one's games for a stranger: each
browser keeps its own seats): a host's earlier table after he starts another, a friend's seat
by his own key after he closed the tab, a game over or gone dropped with a word, this tab's
game after a reload while offline; and ``POST /api/seats``, which gives the lobby each kept
seat's line."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Error as PageError
from playwright.sync_api import Page

from browser import DESKTOP, start_game, wait_turn
from fivehundred.options import PRESET_LABELS
from fivehundred.web.store import Store
from test_web_friends_browser import friends_table, open_link, served, sit_down
from test_web_history import AT_TABLE, IN_LOBBY, finished_table
from webclient import (
    Seat,
    connect,
    host_starts,
    new_table,
    play_hand,
    web_client,
    welcome_key,
)

LOADED = "#lobby[data-loaded='true']"
"""The lobby's lists drawn (the server answered)."""


def listed(page: Page) -> list[str]:
    """The tables OTHER GAMES IN PROGRESS lists, in order."""
    tables: list[str] = page.eval_on_selector_all("#in-play-list li",
                                                  "els => els.map((e) => e.dataset.table)")
    return tables


def kept(page: Page) -> list[dict[str, object]]:
    """The seats this browser keeps (localStorage)."""
    seats: list[dict[str, object]] = json.loads(
        page.evaluate("localStorage.getItem('fivehundred.tables') || '[]'"))
    return seats


def test_a_second_game_leaves_the_first_one_reachable_in_serve_mode(tmp_path: Path) -> None:
    """Serving, the host of a friends' table starts a bots game from the same browser: back at
    "/", CONTINUE is the newest (the bots game) with its line, and OTHER GAMES IN PROGRESS
    lists the friends' table, whose CONTINUE opens it at his own seat; a kept game that is
    over, or no longer on the server, is dropped from the list and said so."""
    over = finished_table()
    store = Store(tmp_path / "serve.db")           # (served()'s database)
    store.save(over.id, over.to_json(), finished=True)
    store.close()
    with served(tmp_path) as (browser, url, errors):
        host, _ = friends_table(browser, url, errors)
        friends = host.evaluate("window.fivehundred.app.link.table")
        start_game(host, url, "classic3")       # a second game, from "/" in the same tab
        wait_turn(host)
        bots = host.evaluate("window.fivehundred.app.link.table")
        # an older game of this browser's that ended since, and one the server lost
        host.evaluate("""([over, token]) => {
            const list = JSON.parse(localStorage.getItem('fivehundred.tables'));
            list.push({ table: over, token, friend: false, at: 1700000000 },
                      { table: 'nosuch', token: 'nosuchtoken', friend: false, at: 1700000100 });
            localStorage.setItem('fivehundred.tables', JSON.stringify(list));
        }""", [over.id, over.seats[0].token])
        fresh = host.context.new_page()          # "/" in a fresh tab: the newest first
        fresh.on("pageerror", lambda e: errors.append(str(e)))
        fresh.goto(url)
        fresh.wait_for_selector(LOADED)
        assert fresh.is_visible("button#continue")
        assert PRESET_LABELS["classic3"] in fresh.inner_text("#continue-summary")
        assert listed(fresh) == [friends], listed(fresh)
        line = fresh.inner_text(f"#in-play-list li[data-table='{friends}']")
        assert "hand 1" in line and "You" in line, line
        note = fresh.inner_text("#kept-note")
        assert "is over (Australian" in note, note
        assert ("can no longer be opened from this browser (the game is gone, or your seat was "
                "given a new link)") in note, note      # (a key retired reads as gone too)
        assert [x["table"] for x in kept(fresh)] == [bots, friends]
        fresh.click(f"#in-play-list li[data-table='{friends}'] button")
        fresh.wait_for_function(AT_TABLE, arg=friends)
        assert fresh.evaluate("window.fivehundred.app.state.you") == 0
        assert fresh.evaluate("window.fivehundred.app.link.own") is True
        # back at "/": this tab's game is CONTINUE's now, the other listed; the games dropped
        # are not said again
        fresh.go_back()
        fresh.wait_for_function(IN_LOBBY)
        fresh.wait_for_selector(LOADED)
        assert listed(fresh) == [bots], listed(fresh)
        assert fresh.is_hidden("#kept-note")


def test_a_friend_who_closed_the_tab_finds_his_seat_from_the_lobby(tmp_path: Path) -> None:
    """A friend opens his invitation, sits down and closes the tab: "/" opened again in his
    browser offers his seat's game (CONTINUE), by his own key, never the invitation's; a
    browser that kept only his key (an older page's ``fivehundred.keys``) offers it too."""
    with served(tmp_path) as (browser, url, errors):
        host, invitation = friends_table(browser, url, errors)
        table = host.evaluate("window.fivehundred.app.link.table")
        invited = invitation.split("token=")[1]
        friend = open_link(browser, invitation, errors)
        sit_down(friend)
        key = friend.evaluate("window.fivehundred.app.link.token")
        assert key != invited
        context = friend.context
        friend.close()
        again = context.new_page()
        again.on("pageerror", lambda e: errors.append(str(e)))
        again.goto(url)
        again.wait_for_selector(LOADED)
        assert again.is_visible("button#continue")
        assert [(x["table"], x["token"], x["friend"]) for x in kept(again)] == [(table, key, True)]
        assert invited not in json.dumps(kept(again))
        again.click("button#continue")
        again.wait_for_function(AT_TABLE, arg=table)
        assert again.evaluate("window.fivehundred.app.state.you") == 1
        assert again.evaluate("window.fivehundred.app.link.token") == key
        assert again.evaluate("window.fivehundred.app.link.own") is False
        # reloaded there (the address is "/", the table the history step's): still his
        # friend's seat, kept so (it was kept as his own, and his next invitation was called
        # "a friend's seat link for your own table")
        again.reload()
        again.wait_for_function(AT_TABLE, arg=table)
        again.wait_for_function("window.fivehundred.app.state !== null")
        assert again.evaluate("window.fivehundred.app.link.own") is False
        assert [(x["table"], x["friend"]) for x in kept(again)] == [(table, True)]
        keys = again.evaluate("localStorage.getItem('fivehundred.keys')")
        again.close()
        # a browser whose older page kept the key alone
        older = browser.new_context(viewport=DESKTOP).new_page()
        older.on("pageerror", lambda e: errors.append(str(e)))
        older.goto(url)
        older.evaluate("(keys) => localStorage.setItem('fivehundred.keys', keys)", keys)
        older.goto(url)
        older.wait_for_selector(LOADED)
        assert older.is_visible("button#continue")
        older.click("button#continue")
        older.wait_for_function(AT_TABLE, arg=table)
        assert older.evaluate("window.fivehundred.app.state.you") == 1
        older.context.close()


def test_a_reload_while_offline_is_one_continue_from_the_table(tmp_path: Path) -> None:
    """Serving, two tabs at two games: a reload while offline loses the table's step (the
    browser's error page, reloaded once online, opens "/" afresh: the lobby), and CONTINUE
    there is this tab's game, with its line, the other tab's (newer) listed below it."""
    with served(tmp_path) as (browser, url, errors):
        page = browser.new_context(viewport=DESKTOP).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        start_game(page, url, "australian")
        wait_turn(page)
        mine = page.evaluate("window.fivehundred.app.link.table")
        other = page.context.new_page()
        other.on("pageerror", lambda e: errors.append(str(e)))
        start_game(other, url, "classic3")          # newer, in another tab
        wait_turn(other)
        newer = other.evaluate("window.fivehundred.app.link.table")
        page.context.set_offline(True)
        try:
            page.reload()
        except PageError as e:              # (the page could not load)
            assert "ERR_INTERNET_DISCONNECTED" in str(e), e
        page.context.set_offline(False)
        page.reload()
        page.wait_for_selector(LOADED)
        assert PRESET_LABELS["australian"] in page.inner_text("#continue-summary")
        assert listed(page) == [newer], listed(page)
        page.click("button#continue")
        page.wait_for_function(AT_TABLE, arg=mine)


def test_the_seats_api_answers_each_link_from_its_own_seat() -> None:
    """``POST /api/seats``: each link in order, a game in play with its line as that seat reads
    it (a friend's by his key), a token that is no seat's key (an invitation used) or a table
    unknown ``gone``, a finished game ``over``; no key in the answer; a malformed body 400."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, friends=True, seed=4)
        west = next(x["url"] for x in t["links"] if x["seat"] == 1).split("token=")[1]
        with connect(client, t) as host_ws, connect(client, t, west) as west_ws:
            h = Seat(host_ws)
            key = welcome_key(Seat(west_ws))
            host_starts(h)
        over = finished_table()
        client.app.state.hub.store.save(over.id, over.to_json(), True)  # type: ignore[attr-defined]
        links = [{"table": t["table"], "token": t["token"]}, {"table": t["table"], "token": key},
                 {"table": t["table"], "token": west}, {"table": "nosuch", "token": key},
                 {"table": over.id, "token": over.seats[0].token}]
        r = client.post("/api/seats", json={"links": links})
        assert r.status_code == 200, r.text
        seats = r.json()["seats"]
        assert [x["status"] for x in seats] == ["in_play", "in_play", "gone", "gone", "over"]
        host_line, west_line = seats[0]["summary_parts"], seats[1]["summary_parts"]
        assert host_line[1] == "hand 1" and host_line[2].startswith("You"), host_line
        assert west_line[2] != host_line[2] and "You" in " ".join(west_line[2:]), west_line
        assert seats[0]["summary"] == " · ".join(host_line)
        assert not any(s in r.text for s in (t["token"], key, west))
        bad: object
        for bad in ({"links": "x"}, {"links": [1]}, {"links": links * 3},
                    {"links": [], "x": 1}, []):
            assert client.post("/api/seats", json=bad).status_code == 400, bad
        # a table or token that is not text is no seat's (a list for a table raised a 500)
        odd = [{"table": ["x"], "token": "y"}, {"table": {"a": 1}, "token": "y"},
               {"table": t["table"], "token": None}, {}]
        r = client.post("/api/seats", json={"links": odd})
        assert r.status_code == 200, r.text
        assert [x["status"] for x in r.json()["seats"]] == ["gone"] * 4


def test_a_practice_tables_link_is_not_a_game_in_progress() -> None:
    """PLAY THIS DEAL AGAIN's table, its link reloaded, was kept as the newest seat and the
    serve lobby offered it as CONTINUE, labelled as the game; the server answers it ``gone``
    (the game is the one to continue) and the page keeps none (browser test below)."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, preset="australian", seed=3)
        with connect(client, t) as ws:
            seat = Seat(ws)
            play_hand(seat)
            seat.send(type="practice")
            p = seat.until(lambda m: m["type"] == "practice")
        links = [{"table": p["table"], "token": p["token"]},
                 {"table": t["table"], "token": t["token"]}]
        r = client.post("/api/seats", json={"links": links})
        assert [x["status"] for x in r.json()["seats"]] == ["gone", "in_play"], r.text
