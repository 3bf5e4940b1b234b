"""The speed of a table (``{"type": "speed"}``, docs/protocol.md): slow, normal or fast, set by
its creator, saved with it; each pause before a bot's card and after a trick is the server's
pace times the speed's factor."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import DESKTOP, live_hub, start_game, viewport_page, wait_turn
from fivehundred import Rules
from fivehundred.options import SPEEDS
from fivehundred.web.botpool import BotPool
from fivehundred.web.hub import Hub
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from fivehundred.web.throttle import Throttle
from webclient import Seat, connect, new_table, seated, web_client


def test_the_creator_sets_the_speed_and_it_is_saved(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    with seated(store, preset="australian", seed=4) as (client, t, seat):
        m = seat.until(lambda x: x["type"] == "state")
        assert m["table"]["speed"] == "normal" and m["table"]["speed_factor"] == 1.0
        seat.send(type="speed", speed="fast")
        m = seat.until(lambda x: x["type"] == "state" and x["table"]["speed"] == "fast")
        assert m["table"]["speed_factor"] == SPEEDS["fast"]     # the page's flights take it
        assert Table.from_json(store.load(t["table"]) or {}).speed == "fast"
        assert client.get("/api/lobby").json()["speeds"] == ["slow", "normal", "fast"]


@pytest.mark.parametrize("bad", ["quick", "FAST", 3, None, True, ["fast"]])
def test_a_speed_that_is_not_one_is_malformed_and_changes_nothing(bad: object) -> None:
    with seated(preset="australian", seed=4) as (_, _, seat):
        m = seat.until(lambda x: x["type"] == "state")
        seat.send(type="speed", speed=bad)
        err = seat.until(lambda x: x["type"] == "error")
        assert err["code"] == "malformed" and "slow, normal, fast" in err["message"]
        seat.send(type="ping")
        seat.until(lambda x: x["type"] == "pong")
        assert seat.last is not None and seat.last["table"]["speed"] == "normal"
        assert seat.last["seq"] >= m["seq"]


def test_only_the_creator_sets_the_speed() -> None:
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=2, friends=True)
        friend = t["links"][0]["url"].split("token=")[1]
        with connect(client, t) as host_ws, connect(client, t, friend) as ws1:
            h, f = Seat(host_ws), Seat(ws1)
            h.until(lambda x: x["type"] == "state")
            f.until(lambda x: x["type"] == "state")
            f.send(type="speed", speed="fast")
            assert f.until(lambda x: x["type"] == "error")["code"] == "not_host"
            f.send(type="ping")
            f.until(lambda x: x["type"] == "pong")
            assert f.last is not None and f.last["table"]["speed"] == "normal"


def test_a_new_table_takes_a_speed_and_refuses_a_bad_one() -> None:
    with web_client(Store(":memory:")) as client:
        made = new_table(client, seed=1, speed="slow")
        table = client.app.state.hub.get(made["table"])  # type: ignore[attr-defined]
        assert table is not None and table.speed == "slow"
        r = client.post("/api/tables", json={"strength": "easy", "speed": "warp"})
        assert r.status_code == 400 and "speed must be one of slow, normal, fast" in r.text


def test_each_pause_is_the_pace_times_the_speed() -> None:
    """After a bot's card the next waits pace x factor; after a finished trick,
    trick_pause x factor (what Hub.changed notes for the bots' loop)."""
    pool = BotPool("thread", 1)
    try:
        hub = Hub(Store(":memory:"), pool, "local", 0.7, 1.2)
        t = Table.new("australian", Rules.preset("australian"), "easy", seed=3)
        for speed, factor in SPEEDS.items():
            t.speed = speed
            hub.changed(t)
            assert hub.last_change[t.id][1] == pytest.approx(0.7 * factor)
        g = t.game
        while not (g.phase == "play" and g.tricks and not g.trick):
            g.apply(g.legal_action_ids()[0])
        t.speed = "fast"
        hub.changed(t)
        assert hub.last_change[t.id][1] == pytest.approx(1.2 * SPEEDS["fast"])
    finally:
        pool.close()


def test_an_older_save_without_a_speed_plays_at_normal() -> None:
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=3)
    saved = t.to_json()
    del saved["speed"]
    assert Table.from_json(saved).speed == "normal"


def test_the_menu_sets_the_speed_and_new_games_start_at_it(server: str) -> None:
    """FAST in the menu: the table's speed (its button checked); the next game from the
    lobby starts fast too (remembered in this browser)."""
    with viewport_page(DESKTOP) as page:
        start_game(page, server, "australian")
        wait_turn(page)
        page.click("#menu-button")
        page.click(".speed-choice[data-speed=fast]")
        checked = "document.querySelector('.speed-choice[data-speed=fast]')" \
                  ".getAttribute('aria-checked') === 'true'"
        page.wait_for_function(f"() => {checked}")
        assert page.get_attribute(".speed-choice[data-speed=normal]", "aria-checked") == "false"
        page.goto(server)                        # the lobby again, then a new game
        start_game(page, server, "australian")
        wait_turn(page)
        page.wait_for_function(f"() => {checked}")


def test_a_speed_the_server_refused_is_not_remembered(tmp_path: Path) -> None:
    """The menu kept the speed chosen for new tables as it sent it; one the server refused
    (changed too often: ``busy``) was remembered all the same. Now it is kept once the table
    has it."""
    with live_hub(tmp_path / "s.db", "local") as (url, hub), viewport_page(DESKTOP) as page:
        hub.speeds = Throttle(1, 600.0)                # one change, then none for ten minutes
        start_game(page, url, "australian")
        wait_turn(page)
        page.click("#menu-button")
        page.click(".speed-choice[data-speed=fast]")
        prefs = "() => JSON.parse(localStorage.getItem('fivehundred.prefs') || '{}').speed"
        page.wait_for_function(f"() => ({prefs})() === 'fast'")
        page.click(".speed-choice[data-speed=slow]")    # refused: busy
        page.wait_for_function("() => document.body.innerText.includes('changed the speed')")
        assert page.evaluate(prefs) == "fast"
        assert page.get_attribute(".speed-choice[data-speed=fast]", "aria-checked") == "true"
