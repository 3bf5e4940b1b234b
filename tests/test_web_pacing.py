"""Friends' tables pace what one page can make every page receive, as a review found them: a
page reconnecting in a loop (each open and close a state for every player), the host's speed
changes (each saved and sent, the same speed again too), a page reconnecting every 2 s that
kept the idle player's seat from a bot for ever, a refusal rounding 2.6 s up to the 3 s
waited, and a name that is a number told it was not 1 to 20 characters."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from fivehundred import Rules
from fivehundred.web import seating
from fivehundred.web.hub import Hub
from fivehundred.web.seats import TableError
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from fivehundred.web.throttle import (
    OPEN_BURST,
    OPEN_EVERY,
    SPEED_BURST,
    SPEED_EVERY,
    Throttle,
)
from webclient import Seat, connect, link, quiet, served, web_client

WEST_KEY = "west-s-own-key-0123"


def west_sat_down(paused: bool = True) -> Table:
    """A started table with friends whose West has opened his link (his key ``WEST_KEY``),
    paused by the host (no bot moves: only the states the test makes)."""
    t = Table.new("australian", Rules.preset("australian"), "medium", seed=5, friends=True)
    t.seats[1].key = WEST_KEY
    t.seats[1].kind = "human"
    t.start(0, {0, 1})
    t.paused, t.paused_by = paused, 0 if paused else None
    return t


def west(t: Table) -> dict[str, Any]:
    """West's link as his page keeps it: the table and his key."""
    return {"table": t.id, "token": WEST_KEY}


@contextmanager
def host_and_clock(t: Table) -> Iterator[tuple[Any, Hub, Seat, list[float]]]:
    """Serving ``t`` with its host's socket open and quiet: the client, the hub, the host's
    socket, and the clock of the hub's ``opens`` and ``speeds`` (a list to set)."""
    now = [0.0]
    with served(t) as (client, hub), connect(client, link(t, 0)) as hws:
        hub.opens = Throttle(OPEN_BURST, OPEN_EVERY, lambda: now[0])
        hub.speeds = Throttle(SPEED_BURST, SPEED_EVERY, lambda: now[0])
        h = Seat(hws)
        h.until(lambda x: x["type"] == "state")
        quiet(h)
        yield client, hub, h, now


def open_and_close(client: Any, t: dict[str, Any]) -> dict[str, Any]:
    """Open a socket to ``t`` and close it at once: the first message it was sent, and for
    a refused one, ``closed``, its close code."""
    with connect(client, t) as ws:
        first: dict[str, Any] = ws.receive_json()
        if first["type"] == "error":
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            first["closed"] = closed.value.code
    return first


# ---------------------------------------------------------------- 1: reconnecting in a loop


def test_a_page_reconnecting_in_a_loop_is_paced_and_floods_nobody() -> None:
    """West closing and reopening his socket 100 times sent the host 201 states in 1.5 s:
    a seat's socket opens ``OPEN_BURST`` times at once (each at once, as a page back after a
    blip), then once every ``OPEN_EVERY`` s; one sooner is sent ``busy`` with
    ``retry_after`` and closed with 4429, and nobody else hears of it."""
    t = west_sat_down()
    with host_and_clock(t) as (client, _, h, now):
        firsts = [open_and_close(client, west(t)) for _ in range(4 * OPEN_BURST)]
        taken = [m for m in firsts if m["type"] == "state"]
        refused = [m for m in firsts if m["type"] == "error"]
        assert len(taken) == OPEN_BURST and firsts[:OPEN_BURST] == taken
        assert all(m["you"] == 1 for m in taken)
        assert len(refused) == 3 * OPEN_BURST
        err = refused[0]
        assert err["code"] == "busy" and err["closed"] == 4429, err
        assert err["retry_after"] == 2 and "connects again in 2 s" in err["message"], err
        got = quiet(h)                  # (an open and a close of each taken; unpaced, 40)
        assert {m["type"] for m in got} == {"state"}, got
        assert OPEN_BURST <= len(got) <= 2 * OPEN_BURST, got
        now[0] = OPEN_EVERY                         # (one back)
        assert open_and_close(client, west(t))["type"] == "state"
        assert open_and_close(client, west(t))["code"] == "busy"
        assert 1 <= len(quiet(h)) <= 3


def test_the_pace_is_a_seats_own_and_spares_an_invitation() -> None:
    """Another seat's page is not held back by West's loop, nor is the first open of a
    seat's new link after its last friend looped (its key is sent once: refused, it would
    be lost)."""
    t = west_sat_down()
    with host_and_clock(t) as (client, _, _h, _now):
        for _ in range(OPEN_BURST):
            open_and_close(client, west(t))
        assert open_and_close(client, west(t))["code"] == "busy"
        assert open_and_close(client, link(t, 0))["type"] == "state"     # (the host's)
        s = t.seats[1]                              # (the host's new_link, opening now)
        s.token, s.key, s.kind, s.opens_at = "a-new-link-for-west-0", None, "bot", 0
        with connect(client, {"table": t.id, "token": s.token}) as ws:
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["type"] == "state"
        assert open_and_close(client, {"table": t.id, "token": s.key})["code"] == "busy"


def test_at_home_a_page_is_never_held_back() -> None:
    """``fivehundred play``: the only page a loop floods is the player's own."""
    with web_client(Store(":memory:"), mode="local") as client:
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        t = Table.new("australian", Rules.preset("australian"), "easy", seed=5)
        t.paused = True
        hub.add(t)
        for _ in range(2 * OPEN_BURST):
            assert open_and_close(client, link(t, 0))["type"] == "state"


# ---------------------------------------------------------------- 2: the speed


def test_the_speed_the_table_has_changes_nothing_and_sends_nothing() -> None:
    """Fifty times the speed it had made fifty states on every page and fifty saves: it
    changes nothing now (no save, no state), as a pause of a paused table."""
    t = west_sat_down()
    with host_and_clock(t) as (client, hub, h, _):
        saves: list[str] = []
        save = hub.save
        hub.save = lambda table: (saves.append(table.id), save(table))[1]  # type: ignore
        with connect(client, west(t)) as fws:
            f = Seat(fws)
            f.until(lambda x: x["type"] == "state")
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            for _ in range(10):
                h.send(type="speed", speed="normal")
            assert quiet(h) == [] and quiet(f) == [] and saves == []
            h.send(type="speed", speed="fast")
            assert [m["table"]["speed"] for m in quiet(h)] == ["fast"]     # (sent to all)
            assert [m["table"]["speed"] for m in quiet(f)] == ["fast"] and saves == [t.id]


def test_speed_changes_are_paced() -> None:
    """Two hundred speed changes made two hundred states and saves: the creator changes it
    ``SPEED_BURST`` times at once, then once every ``SPEED_EVERY`` s; one sooner is refused
    with ``busy``, nothing changed, nothing sent to anyone."""
    t = west_sat_down()
    with host_and_clock(t) as (_, _hub, h, now):
        speeds = ["fast", "slow"] * 10
        for s in speeds:
            h.send(type="speed", speed=s)
        got = quiet(h)
        assert [m["table"]["speed"] for m in got if m["type"] == "state"] == \
            speeds[:SPEED_BURST]
        errors = [m for m in got if m["type"] == "error"]
        kept = speeds[SPEED_BURST - 1]          # (each of it again: no change, no error)
        assert len(errors) == sum(1 for s in speeds[SPEED_BURST:] if s != kept)
        assert errors[0]["code"] == "busy" and errors[0]["message"] == \
            "you changed the speed a moment ago: you may change it again in 2 s", errors[0]
        assert t.speed == speeds[SPEED_BURST - 1]
        now[0] = SPEED_EVERY
        h.send(type="speed", speed="normal")
        assert [m.get("table", {}).get("speed") for m in quiet(h)] == ["normal"]


# ---------------------------------------------------------------- 3, 4: the wait


def wests_bid(t: Table) -> None:
    """Play ``t`` on (passing) until West, a human, is to bid."""
    while (seat := t.game.to_move) != 1:
        assert seat is not None
        t.act(seat, "pass")


def test_a_page_reconnecting_every_two_seconds_cannot_hold_the_table() -> None:
    """A player who never moved but whose page reconnected every 2 s restarted the wait's
    clock each time: a bot could never take his seat. A return within ``RETURN_SECONDS``
    keeps the clock where it was (his absence counts)."""
    t = west_sat_down(paused=False)
    wests_bid(t)
    t.note_wait({0, 1})
    t.waiting_since -= 50.0
    for _ in range(5):
        t.note_wait({0})                    # (his page closed...)
        t.note_wait({0, 1})                 # (...and opened again)
        t.waiting_since -= 2.0
    assert t.waited() >= 60.0
    t.seat_to_bot(0, 1, {0, 1})
    assert t.seats[1].kind == "bot"


def test_a_player_back_after_a_real_absence_gets_a_new_wait() -> None:
    """Away longer than ``RETURN_SECONDS`` (his leaving moved back past it: no clock's
    resolution counts), the awaited player's return starts a fair new wait; a seat that is
    not awaited coming back restarts nothing."""
    away = seating.RETURN_SECONDS + 1.0
    t = west_sat_down(paused=False)
    wests_bid(t)
    t.note_wait({0, 1})
    t.waiting_since -= 61.0
    t.note_wait({1})                        # (the host, not awaited, away and back)
    t._gone_at[0] -= away
    t.note_wait({0, 1})
    assert t.waited() >= 61.0
    t.note_wait({0})                        # (West away...)
    assert t.waited() >= 61.0               # (...counts, a bot may take his seat now)
    t._gone_at[1] -= away
    t.note_wait({0, 1})                     # (...and back)
    assert t.waited() < 1.0
    with pytest.raises(TableError, match=r"waited 60 s for this player \(0 s so far\)"):
        t.seat_to_bot(0, 1, {0, 1})


def test_reconnecting_over_the_socket_keeps_the_wait() -> None:
    """The review's case, served: West's page, closed and opened again, no longer restarts
    the clock, and the host may let a bot play his seat once the table has waited."""
    t = west_sat_down(paused=False)
    wests_bid(t)
    with host_and_clock(t) as (client, hub, h, _):
        with connect(client, west(t)) as fws:
            Seat(fws).until(lambda x: x["type"] == "state")
        h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]["connected"])
        hub.tables[t.id].waiting_since -= 61.0
        with connect(client, west(t)) as fws:
            f = Seat(fws)
            f.until(lambda x: x["type"] == "state")
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            h.send(type="seat_to_bot", seat=1)
            m = h.until(lambda x: x["type"] in ("error", "state"))
            assert m["type"] == "state" and m["table"]["seats"][1]["kind"] == "bot", m


def test_the_refusal_never_says_the_wait_is_over_before_it_is() -> None:
    """At 2.6 s of 3 the refusal said "(3 s so far)": whole seconds round down now."""
    t = west_sat_down(paused=False)
    t.idle_after = 3.0
    wests_bid(t)
    t.note_wait({0, 1})
    t.waiting_since -= 2.6
    with pytest.raises(TableError) as e:
        t.seat_to_bot(0, 1, {0, 1})
    assert "has waited 3 s for this player (2 s so far)" in str(e.value), e.value
    t.idle_after = 4.5                      # (a setting of its own: said as it is)
    with pytest.raises(TableError, match=r"waited 4\.5 s for this player \(2 s so far\)"):
        t.seat_to_bot(0, 1, {0, 1})


# ---------------------------------------------------------------- 5: a name that is a number


def test_a_name_that_is_not_text_is_told_so() -> None:
    """``{"type": "name", "name": 123}`` was told a name is 1 to 20 characters: it is told
    a name is text, on the socket and in ``POST /api/tables``."""
    t = west_sat_down()
    with host_and_clock(t) as (client, _, h, _now):
        for bad, shown in ((123, "123"), ([], "[]"), (True, "true")):
            h.send(type="name", name=bad)
            err = h.until(lambda x: x["type"] == "error")
            assert err == {"type": "error", "code": "bad_name",
                           "message": f"a name must be text, got {shown}"}, err
        assert quiet(h) == [] and t.names()[0] == "South"
        r = client.post("/api/tables", json={"friends": True, "name": 123})
        assert r.status_code == 400 and r.json() == {"error": "a name must be text, got 123"}
