"""Helpers for the browser game's protocol tests: an app with fast bots and a socket driver."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fivehundred.cards import card_from_token
from fivehundred.web.app import create_app
from fivehundred.web.botpool import BotPool
from fivehundred.web.hub import Hub
from fivehundred.web.store import Store
from fivehundred.web.table import Table

Msg = dict[str, Any]


@contextmanager
def web_client(store: Store, mode: str = "local") -> Iterator[TestClient]:
    """A test client of the app: bots in threads, no pacing."""
    pool = BotPool("thread", 1)
    app = create_app(store, mode=mode, pool=pool, pace=0.0, trick_pause=0.0,
                     seeded_friends=True)    # the same deals in every run
    try:
        with TestClient(app) as client:
            yield client
    finally:
        pool.close()


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    """POST /api/tables and return the reply (asserting success)."""
    body.setdefault("strength", "easy")
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    reply: dict[str, Any] = r.json()
    return reply


def connect(client: TestClient, table: dict[str, Any], token: str | None = None,
            player: str | None = None) -> Any:
    """A WebSocket to a table, as its creator or with another seat's token (from the browser
    of ``player``, if given: whose statistics the seat's hands are)."""
    mine = "" if player is None else f"&player={player}"
    return client.websocket_connect(
        f"/ws?table={table['table']}&token={token or table['token']}{mine}")


ANSWERS = frozenset({"act", "discard", "next"})
"""The messages that answer a state: the seat's own move."""


class Seat:
    """A WebSocket at one seat, reading messages until a condition holds."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.last: Msg | None = None
        self.answered = -1
        self.log: list[Msg] = []

    def read(self) -> Msg:
        """The next message."""
        m: Msg = self.ws.receive_json()
        self.log.append(m)
        if m["type"] == "state":
            self.last = m
        return m

    def until(self, pred: Callable[[Msg], bool], limit: int = 5000) -> Msg:
        """Read until a message satisfies ``pred``."""
        for _ in range(limit):
            m = self.read()
            if pred(m):
                return m
        raise AssertionError(f"no matching message in {limit}")

    def my_turn(self) -> Msg:
        """The next state in which this seat must act (or the hand or game is over)."""
        def pred(m: Msg) -> bool:
            return m["type"] == "state" and m["seq"] > self.answered and (
                m["view"]["phase"] in ("hand_over", "game_over")
                or (m["view"]["to_move"] == m["you"] and bool(m["view"]["legal"])))

        if self.last is not None and pred(self.last):
            return self.last
        return self.until(pred)

    def send(self, **msg: Any) -> None:
        """Send one message; an action (act, discard, next) answers the latest state, so
        :meth:`my_turn` waits for a later one (a ping, a hint or a refused host's message
        answers nothing: the table may still be waiting on you at that state)."""
        if msg.get("type") in ANSWERS:
            self.answered = self.last["seq"] if self.last is not None else -1
        self.ws.send_text(json.dumps(msg))

    def send_raw(self, text: str) -> None:
        """Send text as it is (malformed messages)."""
        self.ws.send_text(text)


@contextmanager
def seated(store: Store | None = None, mode: str = "local",
           **body: Any) -> Iterator[tuple[TestClient, dict[str, Any], Seat]]:
    """A new table (``body`` as for POST /api/tables) with its creator's socket open."""
    with web_client(store if store is not None else Store(":memory:"), mode) as client:
        t = new_table(client, **body)
        with connect(client, t) as ws:
            yield client, t, Seat(ws)


def host_starts(host: Seat) -> Msg:
    """The host's START at a table with friends, which waits for it (nobody acts before):
    the first state in which the game plays."""
    host.send(type="start")
    return host.until(lambda m: m["type"] == "state" and not m["table"]["gathering"])


def welcome_key(friend: Seat) -> str:
    """The key a friend's socket is sent first when it opens his seat's link."""
    m = friend.read()
    assert m["type"] == "welcome" and isinstance(m["token"], str), m
    return m["token"]


def host_turn(host: Seat, friend: Seat, friend_seat: int, m: Msg) -> Msg:
    """From the host's state ``m``, the host's next turn, the friend passing at his own
    turns on the way (a table with a friend waits for him)."""
    while not (m["view"]["to_move"] == 0 and m["view"]["legal"]):
        if m["view"]["to_move"] == friend_seat and m["seq"] > friend.answered:
            friend.answered = m["seq"]
            friend.send_raw('{"type": "act", "action": "pass"}')
        m = host.until(lambda x: x["type"] == "state")
    return m


def simple_action(m: Msg) -> Msg:
    """A legal move for the human: pass, discard the last cards, else the first legal action."""
    v = m["view"]
    if v["phase"] == "auction":
        return {"type": "act", "action": "pass" if "pass" in v["legal"] else v["legal"][0]}
    if v["phase"] == "kitty":
        return {"type": "discard", "cards": v["hand"][-v["discards_left"]:]}
    return {"type": "act", "action": v["legal"][0]}


def to_play(seat: Seat) -> Msg:
    """Your turn in the play of the first hand (passing in the auction)."""
    m = seat.my_turn()
    while m["view"]["phase"] != "play":
        seat.send(**simple_action(m))
        m = seat.my_turn()
    return m


def play_hand(seat: Seat, choose: Callable[[Msg], Msg] = simple_action) -> Msg:
    """Play the human's moves until the hand is over; returns the end-of-hand state."""
    while True:
        m = seat.my_turn()
        if m["view"]["phase"] in ("hand_over", "game_over"):
            return m
        seat.send(**choose(m))


def strings(x: Any, skip: frozenset[str]) -> Iterator[str]:
    """Every string value in a JSON value, except under the keys in ``skip``."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, list):
        for y in x:
            yield from strings(y, skip)
    elif isinstance(x, dict):
        for k, y in x.items():
            if k not in skip:
                yield from strings(y, skip)


def card_strings(msg: Msg) -> set[str]:
    """The card tokens a state message carries (bids, which look like cards, left out)."""
    skip = frozenset({"auction", "bids", "bid", "words", "rules", "status", "lines", "id",
                      "token", "url", "name", "names", "side_names", "winner_names",
                      "rules_label", "preset", "strength", "phase", "kind", "strain", "call"})
    out = set()
    view = msg.get("view", {})
    body = {k: v for k, v in msg.items() if k != "view"}
    in_auction = view.get("phase") == "auction"
    body["view"] = {k: v for k, v in view.items() if not (k == "legal" and in_auction)}
    for s in strings(body, skip):
        tok = s.split(":")[0]
        try:
            card_from_token(tok)
        except ValueError:
            continue
        out.add(tok)
    return out


def link(t: Table, seat: int) -> dict[str, Any]:
    """The table ``t`` as ``connect`` takes it: its id, the creator's token (``seat`` 0) or a
    friend's invitation."""
    return {"table": t.id, "token": t.seats[seat].token}


@contextmanager
def served(t: Table) -> Iterator[tuple[TestClient, Hub]]:
    """Serving ``t`` (saved as it stands, nobody at it yet): the client and the hub."""
    with web_client(Store(":memory:"), mode="serve") as client:
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        hub.add(t)
        yield client, hub


def quiet(seat: Seat) -> list[Msg]:
    """Everything ``seat`` is sent until the pong of a ping sent now."""
    seat.send(type="ping")
    got = []
    while (m := seat.read()) != {"type": "pong"}:
        got.append(m)
    return got


def refused_link(client: TestClient, t: dict[str, Any], token: str,
                 close: int = 4403) -> Msg:
    """Open a seat with a token that must be refused: the error it is sent, the socket
    then closed with code ``close`` (4425 for a link that opens with the next deal)."""
    with connect(client, t, token) as ws:
        err: Msg = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == close, closed.value
    return err


def played_table(seed: int, hands: int | None = 2, preset: str = "australian",
                 **rules: Any) -> Table:
    """A table whose first ``hands`` hands Medium bots played at every seat (through the
    table's own checks), the next one dealt (or the game over first; ``hands`` None: to the
    game's end): as the browser game saves it; ``rules``: options changed from the preset's."""
    from fivehundred.bots import make
    from fivehundred.rules import Rules

    t = Table.new(preset, Rules.preset(preset, **rules), "easy", seed=seed)
    g = t.game
    bots = {s: make("medium", s) for s in range(t.rules.players)}
    while g.phase != "game_over" and (hands is None or len(g.hand_results) < hands
                                      or g.phase == "hand_over"):
        if g.phase == "hand_over":
            assert t.press_next(0, {0})
            continue
        s = g.to_move
        assert s is not None
        if g.phase == "kitty":
            chosen = []
            while g.phase == "kitty":         # the bot's discards, then all at once
                a = bots[s].act(g.view(s)).action
                chosen.append(a)
                g.apply(a)
            for _ in chosen:
                g.undo()
            t.discard(s, chosen)
        else:
            t.act(s, bots[s].act(g.view(s)).action)
    return t
