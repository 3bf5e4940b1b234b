"""A socket's slow lane (``web/lane.py``): hints and reviews are worked out beside the socket's
other messages, so a take-back, a card or a ping is answered at once while a hint is still
being worked out; each hint is for the position it was asked at; a socket may have only a few
waiting; a socket closed with some waiting leaves the server as it was."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from fivehundred.web.botpool import BotPool
from fivehundred.web.lane import WAITING, SlowLane
from fivehundred.web.seats import TableError
from webclient import Msg, Seat, connect, seated, to_play

HELD = 10.0
"""Seconds a held hint waits at the most: then it goes on, and a test expecting an answer
ahead of it sees the hint first and fails (rather than hanging)."""


@contextmanager
def held_hints(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, list[int]]]:
    """Hints wait for the event before being worked out; the list counts those started."""
    gate = threading.Event()
    started: list[int] = []
    real = BotPool.advise

    async def held(self: BotPool, view: object, seed: int) -> dict[str, object]:
        started.append(1)
        await asyncio.to_thread(gate.wait, HELD)
        return await real(self, view, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(BotPool, "advise", held)
    try:
        yield gate, started
    finally:
        gate.set()


def seen(seat: Seat, kind: str, n: int) -> list[Msg]:
    """The first ``n`` messages of a kind this socket got, reading on until there are so many
    (those read on the way to something else count: none is missed)."""
    def got() -> list[Msg]:
        return [x for x in seat.log if x["type"] == kind]

    while len(got()) < n:
        seat.read()
    return got()[:n]


def played_then_back_to_me(seat: Seat) -> tuple[Msg, Msg]:
    """Your turn in the play, then your next turn after playing a card (the bots played on):
    the states before and after."""
    before = to_play(seat)
    seat.send(type="act", action=before["view"]["legal"][0])
    return before, seat.my_turn()


def test_a_take_back_is_answered_while_a_hint_is_worked_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with held_hints(monkeypatch) as (gate, _), \
            seated(preset="australian", seed=8, strength="easy") as (_, _, seat):
        first, now = played_then_back_to_me(seat)
        assert now["view"]["phase"] == "play"
        seat.send(type="hint")
        seat.send(type="ping")
        seat.send(type="take_back")
        order = []
        while len(order) < 2:
            m = seat.read()
            if m["type"] in ("pong", "taken_back", "hint"):
                order.append(m["type"])
        assert order == ["pong", "taken_back"], order
        back = seat.last                  # the table's state comes just before taken_back
        assert back is not None and back["view"] == first["view"]
        gate.set()
        hint = seen(seat, "hint", 1)[0]
        # the hint is for the position it was asked at, older than the table now (the page
        # drops it by its seq)
        assert hint["seq"] == now["seq"] < back["seq"]
        assert hint["action"] in now["view"]["legal"]


def test_hints_come_in_the_order_asked_each_for_its_own_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with held_hints(monkeypatch) as (gate, _), \
            seated(preset="australian", seed=8, strength="easy") as (_, _, seat):
        first = to_play(seat)
        seat.send(type="hint")
        seat.send(type="act", action=first["view"]["legal"][0])
        second = seat.my_turn()
        seat.send(type="hint")
        gate.set()
        hints = seen(seat, "hint", 2)
        assert [h["seq"] for h in hints] == [first["seq"], second["seq"]]
        assert hints[0]["action"] in first["view"]["legal"]
        assert hints[1]["action"] in second["view"]["legal"]


def test_a_socket_may_have_only_a_few_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    with held_hints(monkeypatch) as (gate, started), \
            seated(preset="australian", seed=8, strength="easy") as (_, _, seat):
        m = to_play(seat)
        seat.send(type="hint")
        seat.send(type="ping")       # the first hint is being worked out once this is back
        seat.until(lambda x: x["type"] == "pong")
        for _ in range(WAITING + 1):
            seat.send(type="hint")
        seat.send(type="ping")        # its pong comes after the refusal, not before
        err = seat.until(lambda x: x["type"] in ("error", "pong"))
        assert err["code"] == "busy" and f"{WAITING} hints or reviews" in err["message"], err
        assert len(started) == 1
        gate.set()
        hints = seen(seat, "hint", WAITING + 1)
        assert {h["seq"] for h in hints} == {m["seq"]}
        seat.send(type="ping")
        seat.until(lambda x: x["type"] == "pong")
        assert len(started) == WAITING + 1
        assert not [x for x in seat.log if x["type"] == "error" and x is not err]


def test_checks_are_made_when_asked_not_when_worked_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint out of turn and a review of a hand not finished are refused at once, even
    behind a hint held up in the lane."""
    with held_hints(monkeypatch) as (gate, _), \
            seated(preset="australian", seed=8, strength="easy") as (_, _, seat):
        to_play(seat)
        seat.send(type="hint")
        seat.send(type="review", hand=0)
        seat.send(type="review", every_seat="yes")
        errors = [seat.until(lambda x: x["type"] in ("error", "hint")) for _ in range(2)]
        assert [e.get("code") for e in errors] == ["no_review", "malformed"], errors
        gate.set()
        seen(seat, "hint", 1)


def test_a_socket_closed_with_hints_waiting_leaves_the_table_playable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with held_hints(monkeypatch) as (gate, _), \
            seated(preset="australian", seed=8, strength="easy") as (client, t, seat):
        m = to_play(seat)
        for _ in range(3):
            seat.send(type="hint")
        seat.send(type="ping")
        seat.until(lambda x: x["type"] == "pong")
        with connect(client, t) as ws:   # the seat opened in another window: the first closes
            seat.until(lambda x: x["type"] == "error" and x["code"] == "replaced")
            gate.set()                    # the closed window's hints: dropped
            again = Seat(ws)
            s = again.until(lambda x: x["type"] == "state")
            assert s["view"] == m["view"]
            again.send(type="act", action=s["view"]["legal"][0])
            after = again.until(lambda x: x["type"] == "state" and x["seq"] > s["seq"])
            assert after["view"]["phase"] == "play"
            again.send(type="ping")
            again.until(lambda x: x["type"] == "pong")
            assert not [x for x in again.log if x["type"] in ("hint", "error")]


def test_the_limit_counts_the_job_being_worked_out_in_a_burst_too() -> None:
    """Jobs added all at once, before the lane's task has run: the one to be worked out and
    WAITING more are taken, the next refused; all taken are worked out, in order."""
    async def burst() -> tuple[list[int], list[str]]:
        lane, done, refused = SlowLane(), [], []
        for i in range(WAITING + 3):
            async def job(i: int = i) -> None:
                await asyncio.sleep(0)
                done.append(i)
            try:
                lane.add(job)
            except TableError as e:
                refused.append(e.code)
        while lane.pending:
            await asyncio.sleep(0.01)
        await lane.close()
        return done, refused

    done, refused = asyncio.run(burst())
    assert done == list(range(WAITING + 1)) and refused == ["busy", "busy"]
