"""A friend's seat link is an invitation, good once (``Table.accept_invitation``): the browser
that opens it first gets the seat's own key (a ``welcome`` message) and from then on only that
key gives the seat.  The host, who passed the link on, cannot use it to read the seat's cards,
by the game record's download or by opening the seat, without everyone seeing it.  For a
friend whose browser lost the key, the host makes the seat a new link (``new_link``)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fivehundred import Rules
from fivehundred.web.hub import Hub
from fivehundred.web.seats import TableError
from fivehundred.web.store import Store
from fivehundred.web.table import IDLE_SECONDS, Table
from webclient import (
    Seat,
    connect,
    host_starts,
    new_table,
    play_hand,
    refused_link,
    seated,
    web_client,
    welcome_key,
)


def invitation(t: dict[str, Any], seat: int) -> str:
    """The token of a seat's link, as the host has it."""
    url: str = next(x["url"] for x in t["links"] if x["seat"] == seat)
    return url.split("token=")[1]


def record(client: TestClient, t: dict[str, Any], token: str) -> tuple[int, str]:
    """GET /api/record with a token: the status and the text."""
    r = client.get(f"/api/record?table={t['table']}&token={token}")
    return r.status_code, r.text


@contextmanager
def friends_table() -> Iterator[tuple[TestClient, dict[str, Any], str, Seat]]:
    """Serving, a table with friends, its host's socket open, the table gathering (a link
    still unopened at START opens only with the next deal: the test starts the game once its
    friends have sat down, ``host_starts``): the client, the table, West's invitation (as the
    host has it) and the host's socket."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        with connect(client, t) as host_ws:
            yield client, t, invitation(t, 1), Seat(host_ws)


def west_sat_and_left(client: TestClient, t: dict[str, Any], west: str) -> str:
    """West opens his link while the table gathers, and leaves: his key."""
    with connect(client, t, west) as ws1:
        return welcome_key(Seat(ws1))


@contextmanager
def wests_turn() -> Iterator[tuple[Hub, dict[str, Any], Seat, Seat]]:
    """Serving, the host and a friend in West's seat at their table, West to bid: the hub,
    the table, the host's and West's sockets."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        with connect(client, t) as hws, connect(client, t, invitation(t, 1)) as fws:
            h, f = Seat(hws), Seat(fws)
            welcome_key(f)
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            host_starts(h)
            calls(h, {0: (h, "pass")}, lambda v: v["to_move"] == 1)
            yield hub, t, h, f


def test_the_host_cannot_read_a_friends_cards_with_the_link_he_passed_on() -> None:
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        west = invitation(t, 1)
        assert record(client, t, west)[0] == 404         # a bot's seat, never opened
        with connect(client, t) as host_ws, connect(client, t, west) as ws1:
            h, f = Seat(host_ws), Seat(ws1)
            welcome = f.read()                            # the first thing he is sent
            assert welcome["type"] == "welcome" and welcome["seat"] == 1
            assert welcome["before"] == 0                  # nobody sat there before him
            key = welcome["token"]
            assert isinstance(key, str) and len(key) >= 16 and key != west
            assert key not in json.dumps(h.until(lambda x: x["type"] == "state"))
            m = f.until(lambda x: x["type"] == "state")
            assert m["you"] == 1 and len(m["view"]["hand"]) == 10
            links = h.until(lambda x: x["type"] == "state"
                            and x["table"]["seats"][1]["connected"])["table"]["links"]
            assert next(x for x in links if x["seat"] == 1)["opened"] is True
            assert next(x for x in links if x["seat"] == 2)["opened"] is False
            status, text = record(client, t, west)
            assert status == 404, text                     # the invitation reads nothing
            status, text = record(client, t, key)          # his own key: his record
            assert status == 200 and '[Viewpoint "1"]' in text, text


def test_an_invitation_opens_the_seat_once_and_the_key_ever_after() -> None:
    with friends_table() as (client, t, west, h):
        with connect(client, t, west) as ws1:
            f = Seat(ws1)
            key = welcome_key(f)
            f.until(lambda x: x["type"] == "state")
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            before = host_starts(h)
            # (once a human is to act: the bots may still be bidding when the game starts)
            if before["view"]["to_move"] not in (0, 1):
                before = h.until(lambda x: x["type"] == "state"
                                 and x["view"]["to_move"] in (0, 1))
            err = refused_link(client, t, west)        # the link again, anywhere
            assert err["code"] == "link_used" and "West's link was opened already" \
                in err["message"], err
            h.send(type="ping")
            h.until(lambda x: x["type"] == "pong")
            assert h.last is not None and h.last["seq"] == before["seq"]   # no change
            f.send(type="ping")                        # and West is still seated
            assert f.until(lambda x: x["type"] != "state") == {"type": "pong"}
        with connect(client, t, key) as ws1:           # back later, with his key
            again = Seat(ws1)
            m = again.until(lambda x: x["type"] in ("state", "welcome"))
            assert m["type"] == "state" and m["you"] == 1   # no second welcome


def test_keys_are_saved_with_the_table(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.db")
    with web_client(store, mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        west = invitation(t, 1)
        with connect(client, t, west) as ws1:
            key = welcome_key(Seat(ws1))
    with web_client(Store(tmp_path / "t.db"), mode="serve") as client:   # a new server
        assert refused_link(client, t, west)["code"] == "link_used"
        with connect(client, t, key) as ws1:
            assert Seat(ws1).until(lambda x: x["type"] == "state")["you"] == 1
        assert record(client, t, key)[0] == 200 and record(client, t, west)[0] == 404


def test_a_save_from_before_keys_loads_and_a_damaged_key_is_reported() -> None:
    from fivehundred.rules import Rules

    t = Table.new("australian", Rules.preset("australian"), "easy", seed=3, friends=True)
    d = t.to_json()
    for s in d["seats"]:
        del s["key"]                                  # as saved before keys
    old = Table.from_json(d)
    assert [s.key for s in old.seats] == [None] * 4
    opened = old.accept_invitation(old.seats[2].token)
    assert opened is not None and opened[0] == 2 and old.seat_of_token(opened[1]) == 2
    assert old.seat_of_token(old.seats[2].token) is None
    with pytest.raises(TableError, match="link was opened already"):
        old.accept_invitation(old.seats[2].token)
    d["seats"][1]["key"] = 7
    with pytest.raises(TableError, match="a seat's key is text, got 7"):
        Table.from_json(d)


def test_a_table_without_friends_keeps_its_one_link() -> None:
    from fivehundred.rules import Rules

    t = Table.new("australian", Rules.preset("australian"), "easy", seed=3)
    assert t.seat_of_token(t.seats[0].token) == 0
    assert t.accept_invitation(t.seats[0].token) is None
    assert t.accept_invitation(t.seats[1].token) is None      # no seat was offered
    assert t.accept_invitation(None) is None and t.seat_of_token(None) is None


def test_the_host_makes_a_new_link_for_a_friend_who_lost_his_key() -> None:
    """The old link and key give the seat no more; the new link opens with the next deal
    (on the hand in play the host could open it himself and see his friend's cards), and
    whoever opens it is told someone sat there before."""
    with friends_table() as (client, t, west, h):
        with connect(client, t, west) as ws1:
            f = Seat(ws1)
            key = welcome_key(f)
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            host_starts(h)
            h.send(type="new_link", seat=1)          # refused while West is there
            err = h.until(lambda x: x["type"] == "error")
            assert err["code"] == "illegal" and "West is still at the table" in \
                err["message"], err
            f.send(type="new_link", seat=1)          # and for anyone but the host
            assert f.until(lambda x: x["type"] == "error")["code"] == "not_host"
        # West has gone: the table waits (nothing moves) once a human is to act
        m = h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]
                    ["connected"] and x["view"]["to_move"] in (0, 1))
        for bad, code, words in ((2, "illegal", "not been opened yet"),
                                 (0, "illegal", "one of 1 to 3"),
                                 ("1", "malformed", "seat number"),
                                 (None, "malformed", "seat number")):
            h.send(type="new_link", seat=bad)
            err = h.until(lambda x: x["type"] == "error")
            assert err["code"] == code and words in err["message"], (bad, err)
        h.send(type="ping")
        h.until(lambda x: x["type"] == "pong")
        assert h.last is not None and h.last["seq"] == m["seq"]     # nothing changed
        asked = h.last["seq"]
        h.send(type="new_link", seat=1)
        m = h.until(lambda x: x["type"] == "state" and x["seq"] > asked)
        link = next(x for x in m["table"]["links"] if x["seat"] == 1)
        assert m["table"]["seats"][1]["kind"] == "bot" and link["opened"] is False
        assert link["opens_next_deal"] is True
        fresh = link["url"].split("token=")[1]
        assert fresh not in (west, key)
        for old in (west, key):                  # the old link and key: no seat
            assert record(client, t, old)[0] == 404
            with connect(client, t, old) as ws:
                err = ws.receive_json()
                assert err["code"] == "unknown_table" and "made the seat a new link" in \
                    err["message"], err

        def too_early() -> None:
            with connect(client, t, fresh) as ws:
                err = ws.receive_json()
                assert err["code"] == "link_not_yet" and "next deal" in err["message"], err
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
            assert closed.value.code == 4425     # the page tries again

        too_early()                              # during the hand
        m = play_hand(h)
        assert m["view"]["phase"] == "hand_over"
        too_early()                              # and at its end (its cards on show)
        h.send(type="next")
        h.until(lambda x: x["type"] == "state" and x["view"]["phase"] == "auction")
        with connect(client, t, fresh) as ws1:   # the next deal: the seat, a new key
            w = Seat(ws1).read()
            assert w["type"] == "welcome" and w["seat"] == 1 and w["before"] == 1, w
            assert w["token"] not in (west, key, fresh)
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"]
                    and x["table"]["seats"][1]["kind"] == "human")


def test_a_token_of_any_text_is_refused_cleanly() -> None:
    """Text the secrets' comparison cannot take (not ASCII) is no seat's, not a crash."""
    with friends_table() as (client, t, _, h):
        for token in ("é", "west\u2028", "ключ"):
            assert record(client, t, token)[0] == 404
            with connect(client, t, token) as ws:
                assert ws.receive_json()["code"] == "unknown_table"
        h.send(type="ping")
        assert h.until(lambda x: x["type"] != "state") == {"type": "pong"}


def test_the_next_deal_comes_when_the_last_friend_not_ready_leaves() -> None:
    """At the end of a hand the host pressed NEXT and waited for West, who left without
    pressing: nothing was dealt until someone pressed again.  His leaving now deals."""
    with friends_table() as (client, t, west, h):
        key = west_sat_and_left(client, t, west)
        host_starts(h)
        m = play_hand(h)                    # (West's seat a bot's until he is back)
        assert m["view"]["phase"] == "hand_over"
        with connect(client, t, key) as ws1:
            Seat(ws1).until(lambda x: x["type"] == "state")   # West is back at the hand's end
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            h.send(type="next")             # the host is ready; West is not, and leaves
            h.send(type="ping")             # (answered after the NEXT: it was taken)
            h.until(lambda x: x["type"] == "pong")
            assert h.last is not None and h.last["view"]["phase"] == "hand_over"  # waiting
        # the state that says he left is the next deal's
        m = h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]["connected"])
        assert m["view"]["phase"] == "auction", m["view"]["phase"]


def test_a_server_stopping_deals_nothing_as_its_sockets_close() -> None:
    """A server stopping closes every socket, one by one: not players leaving.  At a hand's
    sheet where the host had pressed NEXT and West had not, the last socket's close dealt
    the next hand, and a bot played in it, as the server went (the restarted table stood in
    the next hand, West's NEXT refused).  Now the table stays at the sheet, as saved."""
    with friends_table() as (client, t, west, h):
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        key = west_sat_and_left(client, t, west)
        host_starts(h)
        assert play_hand(h)["view"]["phase"] == "hand_over"
        with connect(client, t, key) as ws1:
            Seat(ws1).until(lambda x: x["type"] == "state")
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            h.send(type="next")             # the host is ready; West is not
            h.send(type="ping")
            h.until(lambda x: x["type"] == "pong")
            table = hub.tables[t["table"]]
            seq = table.seq
            hub.stopping = True             # (as server.game_server says before closing)
        for _ in range(200):                # West's socket closed: its handler has ended
            if 1 not in hub.conns[t["table"]]:
                break
            time.sleep(0.01)
        assert 1 not in hub.conns[t["table"]]
        assert (table.game.phase, table.seq, table.ready) == ("hand_over", seq, {0})
    assert (table.game.phase, table.seq) == ("hand_over", seq)      # the host's close too
    assert t["table"] not in hub.tasks or hub.tasks[t["table"]].done()


def calls(watch: Seat, callers: dict[int, tuple[Seat, str]],
          done: Callable[[dict[str, Any]], bool]) -> None:
    """Read ``watch``'s states until ``done(view)``; at each turn of a seat in ``callers``,
    its socket makes its call (the table waits for its humans)."""
    m = watch.last if watch.last is not None else watch.until(lambda x: x["type"] == "state")
    while not done(m["view"]):
        to_move = m["view"]["to_move"]
        if to_move in callers and m["seq"] > callers[to_move][0].answered:
            sock, call = callers[to_move]
            sock.answered = m["seq"]
            sock.send_raw(json.dumps({"type": "act", "action": call}))
        m = watch.until(lambda x: x["type"] == "state")


def test_a_seats_new_player_cannot_read_the_hands_played_before_he_sat() -> None:
    """West declares, takes the kitty and leaves; whoever opens the seat's new link sees the
    hands before he sat as everyone saw them: in the record none of West's cards, the kitty
    or the discards (a ``Seated`` tag says from which hand he sat), and in a review no verdict
    on the discards.  The hand he sits down for is his, as the record's second hand shows."""
    with friends_table() as (client, t, west, h):
        with connect(client, t, west) as ws1:
            f = Seat(ws1)
            welcome_key(f)
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            host_starts(h)
            calls(h, {0: (h, "pass"), 1: (f, "9NT")}, lambda v: v["phase"] != "auction")
            m = f.until(lambda x: x["type"] == "state" and x["view"]["phase"] == "kitty"
                        and x["view"]["to_move"] == 1)
            discards = m["view"]["hand"][-m["view"]["discards_left"]:]
            f.send(type="discard", cards=discards)
            f.until(lambda x: x["type"] == "state" and x["view"]["phase"] == "play")
        h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]["connected"])
        h.send(type="new_link", seat=1)
        m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"] == "bot")
        fresh = next(x for x in m["table"]["links"] if x["seat"] == 1)["url"].split("token=")[1]
        m = play_hand(h)
        assert m["view"]["phase"] == "hand_over"
        assert m["view"]["hand_results"][0]["declarer"] == 1, m["view"]["hand_results"]
        h.send(type="next")
        h.until(lambda x: x["type"] == "state" and x["view"]["phase"] == "auction")
        with connect(client, t, fresh) as ws2:
            n = Seat(ws2)
            key = welcome_key(n)
            calls(n, {0: (h, "pass"), 1: (n, "pass")},     # he makes his first call
                  lambda v: any(s == 1 for s, _ in v["auction"]))
            status, text = record(client, t, key)
            assert status == 200, text
            first, second = text.split("\n\nHand ")[1:3]
            assert '[Seated "2"]' in text and '[Viewpoint "1"]' in text
            assert "Seat 1 ?" in first and "Kitty ?" in first, first
            assert "Discards ? ? ?" in first and not any(c in first for c in discards), first
            assert "Seat 1 ?" not in second, second
            n.send(type="review", hand=0)
            r = n.until(lambda x: x["type"] in ("review", "error"))
            assert r["type"] == "review" and r["hand"] == 0, r
            assert r["discard"] is None, r["discard"]       # (West's discards: not his)
        h.send(type="review", hand=0)                          # the host never declared
        assert h.until(lambda x: x["type"] in ("review", "error"))["discard"] is None


def test_a_friend_cannot_resume_the_hosts_pause() -> None:
    """Any seat pauses; the one who paused resumes, or the creator, or anyone once the one
    who paused has left. Each state says who paused and whether this seat may resume."""
    with friends_table() as (client, t, west, h):
        with connect(client, t, west) as ws1:
            f = Seat(ws1)
            welcome_key(f)
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            host_starts(h)
            h.send(type="pause", paused=True)
            m = f.until(lambda x: x["type"] == "state" and x["table"]["paused"])
            assert m["table"]["paused_by"] == 0 and m["table"]["may_resume"] is False
            f.send(type="pause", paused=False)
            err = f.until(lambda x: x["type"] == "error")
            assert err["code"] == "illegal" and "paused the game: it goes on when" in \
                err["message"], err
            f.send(type="pause", paused=True)           # paused already: nothing changes
            f.send(type="ping")
            f.until(lambda x: x["type"] == "pong")
            assert f.last is not None and f.last["seq"] == m["seq"]
            assert f.last["table"]["paused_by"] == 0
            h.send(type="pause", paused=False)
            f.until(lambda x: x["type"] == "state" and not x["table"]["paused"])
            f.send(type="pause", paused=True)            # West pauses, and leaves
            m = h.until(lambda x: x["type"] == "state" and x["table"]["paused_by"] == 1)
            assert m["table"]["paused"] and m["table"]["may_resume"] is True
        m = h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]["connected"])
        assert m["table"]["paused"] and m["table"]["paused_by"] == 1
        h.send(type="pause", paused=False)
        h.until(lambda x: x["type"] == "state" and not x["table"]["paused"]
                and x["table"]["paused_by"] is None)


def test_once_the_host_has_left_a_friend_lets_a_bot_play_his_seat() -> None:
    """The host left, and his friends waited for him forever: only he could hand a seat to
    a bot. Once he has gone, anyone at the table may, his seat too; he takes it back."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        with connect(client, t, invitation(t, 1)) as ws1:
            f = Seat(ws1)
            welcome_key(f)
            with connect(client, t) as host_ws:
                host = Seat(host_ws)
                host.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
                host_starts(host)
                f.send(type="seat_to_bot", seat=0)       # refused while he is there
                err = f.until(lambda x: x["type"] == "error")
                assert err["code"] == "not_host" and "once he has left" in err["message"], err
            m = f.until(lambda x: x["type"] == "state" and not x["table"]["seats"][0]["connected"])
            assert not any(s == 0 for s, _ in m["view"]["auction"]), m["view"]["auction"]
            f.send(type="seat_to_bot", seat=0)
            f.until(lambda x: x["type"] == "state" and x["table"]["seats"][0]["kind"] == "bot")
            calls(f, {1: (f, "pass")}, lambda v: any(s == 0 for s, _ in v["auction"]))
            with connect(client, t) as host_ws:          # he comes back: his seat again
                f.until(lambda x: x["type"] == "state"
                        and x["table"]["seats"][0]["kind"] == "human"
                        and x["table"]["seats"][0]["connected"])


def test_a_friend_names_himself() -> None:
    """``name``: the others see it; refused with ``bad_name``, nothing changed, for a name
    not 1 to 20 characters of text, "You", another seat's name, or at a table without
    friends. A new link for the seat gives back its compass name (the next friend's)."""
    with friends_table() as (client, t, west, h):
        with connect(client, t, west) as ws1:
            f = Seat(ws1)
            welcome_key(f)
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            f.send(type="name", name=" Ann ")
            m = f.until(lambda x: x["type"] == "error"       # (no hang if refused)
                        or (x["type"] == "state" and x["table"]["seats"][1]["name"] == "Ann"))
            assert m["type"] == "state", m
            m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["name"] == "Ann")
            assert m["table"]["friends"] is True
            for bad, words in ((None, "1 to 20 characters"), ("x" * 21, "1 to 20 characters"),
                               ("A\nB", "line breaks"), ("YOU", "calls its own seat You"),
                               ("south", "South is the name of another seat"),
                               ("North", "North is the name of another seat")):
                f.send(type="name", name=bad)
                err = f.until(lambda x: x["type"] == "error")
                assert err["code"] == "bad_name" and words in err["message"], (bad, err)
            f.send(type="ping")
            f.until(lambda x: x["type"] == "pong")
            assert f.last is not None and f.last["table"]["seats"][1]["name"] == "Ann"
        h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]["connected"])
        h.send(type="new_link", seat=1)
        h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["name"] == "West")
    with seated() as (_, _, seat):
        seat.send(type="name", name="Ann")
        err = seat.until(lambda x: x["type"] == "error")
        assert err["code"] == "bad_name" and "tables with friends" in err["message"], err


def test_no_two_seats_share_a_name_however_named() -> None:
    """The creator's name is checked as a rename is (it was only for its length: "West" gave
    two Wests, "you" a seat every page calls its own), and a new link's compass name, taken
    by another seat since, becomes the first free "West 2"."""
    with web_client(Store(":memory:"), mode="serve") as client:
        for name, words in (("West", "West is the name of another seat"),
                            (" YOU ", "every page calls its own seat You")):
            r = client.post("/api/tables", json={"friends": True, "name": name})
            assert r.status_code == 400 and words in r.json()["error"], (name, r.text)
        # alone with bots the name the lobby kept (its field hidden) never stops a game:
        # taken there, the seat is You
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        for name, kept in (("West", "You"), ("Ann", "Ann")):
            r = client.post("/api/tables", json={"name": name})
            assert r.status_code == 200, r.text
            assert hub.tables[r.json()["table"]].names() == [kept, "West", "North", "East"]
    with (friends_table() as (client, t, west, h), connect(client, t, west) as ws1,
          connect(client, t, invitation(t, 2)) as ws2):
        f1, f2 = Seat(ws1), Seat(ws2)
        welcome_key(f1)
        welcome_key(f2)
        f1.send(type="name", name="Bob")
        h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["name"] == "Bob")
        f2.send(type="name", name="West")           # West's name is free now
        h.until(lambda x: x["type"] == "state" and x["table"]["seats"][2]["name"] == "West")
        ws1.close()
        h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]["connected"])
        h.send(type="new_link", seat=1)
        m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"] == "bot")
        assert [s["name"] for s in m["table"]["seats"]] == ["South", "West 2", "West", "East"]


def test_a_player_away_from_his_open_page_is_given_a_bot_once_the_table_waited() -> None:
    """A friend whose page stays open but who has gone: the table waited on him forever (a
    bot took only the seat of one who had left). Once it has waited ``idle_after`` seconds,
    anyone may let a bot play his seat; back, he takes it again with ``take_seat``."""
    with wests_turn() as (hub, t, h, f):
        m = h.last
        assert m is not None and m["table"]["waiting_on"] == [1], m
        assert m["table"]["idle_after"] == IDLE_SECONDS == 60.0
        h.send(type="seat_to_bot", seat=1)               # too soon: he may be thinking
        err = h.until(lambda x: x["type"] == "error")
        assert err["code"] == "illegal" and "once the table has waited 60 s for this player" in \
            err["message"], err
        f.send(type="seat_to_bot", seat=1)               # not his own
        assert f.until(lambda x: x["type"] == "error")["code"] == "not_host"
        hub.tables[t["table"]].waiting_since -= 61.0             # (a minute on)
        h.send(type="seat_to_bot", seat=1)
        m = f.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"]
                    == "bot")
        assert m["table"]["seats"][1]["connected"]       # (his page is still open)
        # his page watches: nothing for it to do, and what it sends is refused (it was
        # taken, and the bot played on: two played his seat, whichever came first)
        assert (m["view"]["legal"], m["take_back"], m["claim"]) == ([], False, False), m
        assert m["view"]["to_move"] == 1 and m["status"] == "A bot plays your turn", m
        for refused in ({"type": "act", "action": "pass"}, {"type": "take_back"},
                        {"type": "claim"}, {"type": "discard", "cards": []}):
            f.send(**refused)
            err = f.until(lambda x: x["type"] == "error")
            assert err == {"type": "error", "code": "illegal", "message":
                           "a bot plays your seat now: PLAY AGAIN takes it back first"}, err
        # the bot's call (on a loaded machine its state, and the others' bots' after it, may
        # have come among the refusals, read past by then)
        if f.last is None or f.last["view"]["to_move"] == 1:
            f.until(lambda x: x["type"] == "state" and x["view"]["to_move"] != 1)
        f.send(type="take_seat")
        f.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"]
                == "human")
        f.send(type="take_seat")
        err = f.until(lambda x: x["type"] == "error")
        assert err["code"] == "illegal" and "you play your seat already" in err["message"]


def test_a_rename_does_not_restart_the_wait_on_an_idle_player() -> None:
    """The wait on an idle player was counted from the table's last change of any kind: a
    friend renaming himself, or the host's new speed, kept the player's seat from a bot for
    another minute. Now only a change in what the table waits on restarts it, and the state
    says how long it has waited (``table.waited``), which the page counts on from."""
    with wests_turn() as (hub, t, h, f):
        hub.tables[t["table"]].waiting_since -= 50.0             # (50 s on)
        h.send(type="speed", speed="fast")
        h.until(lambda x: x["type"] == "state" and x["table"]["speed"] == "fast")
        f.send(type="name", name="Ann")
        m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["name"]
                    == "Ann")
        assert m["table"]["waiting_on"] == [1] and m["table"]["waited"] >= 50.0, m["table"]
        hub.tables[t["table"]].waiting_since -= 11.0             # (a minute in all)
        h.send(type="seat_to_bot", seat=1)
        h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"] == "bot")
        f.send(type="take_seat")                                  # back: a new wait
        m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"]
                    == "human" and x["table"]["waiting_on"] != [])
        assert m["table"]["waited"] < 5.0, m["table"]


def test_at_a_hands_sheet_the_table_waits_on_who_has_not_pressed_next() -> None:
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=3, friends=True)
    t.seats[1].kind = "human"
    t.start(0, {0, 1})
    g = t.game
    while g.phase != "hand_over":         # the dealer's left bids 6♠, the others pass
        legal = g.legal_actions()
        g.apply("pass" if "pass" in legal and g.auction else legal[0])
    assert t.waiting_on({0, 1}) == set()                # nobody has pressed NEXT yet
    assert not t.press_next(0, {0, 1})
    assert t.waiting_on({0, 1}) == {1} and t.waiting_on({0}) == set()
    t.paused = True
    assert t.waiting_on({0, 1}) == set()                # a pause waits on nobody
    t.paused = False
    t.note_wait({0, 1})
    t.waiting_since -= 59.0
    with pytest.raises(TableError, match=r"waited 60 s for this player \(59 s so far\)"):
        t.seat_to_bot(2, 1, {0, 1})
    t.waiting_since -= 1.0
    t.seat_to_bot(2, 1, {0, 1})                         # North, a friend too, may
    assert t.seats[1].kind == "bot" and t.deal_if_ready({0, 1})
