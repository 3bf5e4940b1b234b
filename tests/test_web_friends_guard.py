"""A served table with friends, as a reviewer hosting friends found it: the host opening a
never-sent invitation mid-hand to read the seat's cards, take-backs while a bot stood in for a
friend, NEW LINK, pauses and bots given seats after the game was over, and renames without
end flooding every page."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from fivehundred import Rules
from fivehundred.web.hub import Hub
from fivehundred.web.seats import TableError
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from fivehundred.web.throttle import NAME_BURST, NAME_EVERY, Throttle
from webclient import (
    Seat,
    connect,
    host_starts,
    link,
    new_table,
    play_hand,
    quiet,
    refused_link,
    served,
    web_client,
    welcome_key,
)


def gathering() -> Table:
    """A new table with friends (four players: South the host, West, North, East), still
    gathering: nobody has pressed START."""
    return Table.new("australian", Rules.preset("australian"), "medium", seed=5, friends=True)


def sits(t: Table, seat: int) -> str:
    """A friend opens ``seat``'s invitation and sits down: his key."""
    opened = t.accept_invitation(t.seats[seat].token)
    assert opened is not None and opened[0] == seat
    t.take_seat(seat)
    return opened[1]


def play_to(t: Table, phase: str, bid: str = "10NT") -> None:
    """Play ``t`` on until its game reaches ``phase``: ``bid`` by the first to speak, the
    others passing (10NT made ends the game), then the first legal action; each hand dealt
    as NEXT deals it."""
    g = t.game
    while g.phase != phase:
        if g.phase == "hand_over":
            t.ready.add(0)
            assert t.deal_if_ready(set())
        elif g.phase == "auction":
            t.act(g.to_move, "pass" if g.auction else bid)
        else:
            t.act(g.to_move, g.legal_actions()[0])


def decides(t: Table, seat: int) -> None:
    """Play ``t`` on (everyone passing) until ``seat`` has made a decision of the hand."""
    g = t.game
    while g.to_move != seat:
        t.act(g.to_move, "pass")
    t.act(seat, "6S")
    assert g.phase == "auction" and g.can_take_back(seat)


@contextmanager
def refused(code: str, words: str) -> Iterator[None]:
    """The block must raise a TableError of ``code`` whose message matches ``words``."""
    with pytest.raises(TableError, match=words) as e:
        yield
    assert e.value.code == code, e.value.code


def not_yet(client: TestClient, t: dict[str, Any], token: str) -> dict[str, Any]:
    """Open a seat's link too early: the ``link_not_yet`` error, the socket closed 4425."""
    err = refused_link(client, t, token, close=4425)
    assert err["code"] == "link_not_yet", err
    return err


# ---------------------------------------------------------------- 1: an unopened invitation


def test_the_host_cannot_open_an_unsent_invitation_on_the_hand_in_play() -> None:
    """The host started, East's link never sent; opening it himself during the hand gave
    him East's cards (a bot then took the seat back).  An invitation still unopened at
    START opens with the next deal, as a new link does: refused (``link_not_yet``, closed
    4425, nothing changed) through the hand and at its sheet, taken at the next deal, and
    its record and reviews begin at the hand its friend first plays."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        east = next(x["url"] for x in t["links"] if x["seat"] == 3).split("token=")[1]
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        with connect(client, t) as host_ws:
            h = Seat(host_ws)
            m = host_starts(h)
            links = {x["seat"]: x for x in m["table"]["links"]}
            assert all(links[s]["opens_next_deal"] for s in (1, 2, 3)), links
            table = hub.tables[t["table"]]     # (its seq moves on: the bots play meanwhile)
            err = not_yet(client, t, east)
            assert "East's link opens with the next deal" in err["message"], err
            assert "new link" not in err["message"]
            assert table.seats[3].key is None and table.seats[3].kind == "bot"
            assert table.seats[3].opened == 0 and 3 not in hub.connected(table)
            assert play_hand(h)["view"]["phase"] == "hand_over"
            not_yet(client, t, east)            # the sheet: still the same hand
            h.send(type="next")
            m = h.until(lambda x: x["type"] == "state" and x["view"]["phase"] == "auction")
            assert not any(x["opens_next_deal"] for x in m["table"]["links"])
            with connect(client, t, east) as ews:
                f = Seat(ews)
                key = welcome_key(f)
                assert f.until(lambda x: x["type"] == "state")["you"] == 3
            r = client.get(f"/api/record?table={t['table']}&token={key}")
            assert r.status_code == 200 and '[Seated "2"]' in r.text, r.text


def test_an_invitation_unopened_at_start_waits_for_the_next_deal_across_a_save() -> None:
    """START sets each unopened invitation's first hand (the next), saved with the table; one
    opened while the table gathered keeps the first hand."""
    t = gathering()
    sits(t, 1)                                  # West sat down before START
    assert t.start(0, {0, 1})
    assert [s.opens_at for s in t.seats] == [0, 0, 1, 1]
    assert t.message(0, {0, 1})["table"]["links"][1]["opens_next_deal"] is True
    back = Table.from_json(t.to_json())
    with refused("link_not_yet", "North's link opens with the next deal"):
        back.accept_invitation(back.seats[2].token)
    assert back.seats[2].key is None and back.seq == t.seq
    play_to(back, "hand_over", bid="pass")      # (all pass: thrown in)
    back.ready.add(0)
    assert back.deal_if_ready(set()) and back.game.hand_number == 1
    opened = back.accept_invitation(back.seats[2].token)
    assert opened is not None and opened[0] == 2


def test_a_table_saved_started_before_the_rule_opens_its_links_with_the_next_deal() -> None:
    """A table saved playing, before START set the first hand of its unopened links (0):
    brought back, they open with the next deal too."""
    t = gathering()
    t.start(0, {0})
    d = t.to_json()
    for s in d["seats"]:
        del s["opens_at"]                       # as saved before opens_at
    back = Table.from_json(d)
    assert [s.opens_at for s in back.seats] == [0, 1, 1, 1]
    with refused("link_not_yet", "with the next deal"):
        back.accept_invitation(back.seats[1].token)
    d["gathering"] = True                       # still gathering: they open now
    assert [s.opens_at for s in Table.from_json(d).seats] == [0, 0, 0, 0]


# ---------------------------------------------------------------- 2: take-backs


def test_no_take_back_while_a_bot_stands_in_for_a_friend() -> None:
    """West sat down, the game started without him (a bot plays his seat): the host's
    take-back undid West's seat's cards too.  A seat a person has sat in is his, whoever plays
    it now: refused, and the state offers none."""
    t = gathering()
    sits(t, 1)
    t.start(0, {0})                             # West gone: a bot plays for him
    assert t.seats[1].kind == "bot"
    decides(t, 0)
    assert t.may_take_back(0) is False and t.message(0, {0})["take_back"] is False
    seq, actions = t.seq, list(t.hands[-1])
    with refused("illegal", "a take-back is for a table of bots: West would lose cards too "
                            r"\(a bot only stands in"):
        t.take_back(0)
    assert t.seq == seq and t.hands[-1] == actions
    t.renew_invitation(0, 1, {0})               # a new link for West's seat: still his hand
    assert t.may_take_back(0) is False


def test_no_take_back_for_a_friend_while_a_bot_stands_in_for_the_host() -> None:
    """The host left before START, West started the game (a bot plays the host's seat):
    West's take-back would undo the host's seat's cards."""
    t = gathering()
    sits(t, 1)
    t.start(1, {1})
    assert t.seats[0].kind == "bot"
    decides(t, 1)
    assert t.may_take_back(1) is False
    with refused("illegal", "South would lose cards too"):
        t.take_back(1)


def test_a_host_nobody_joined_may_still_take_back() -> None:
    """A table with friends where no friend ever sat down is a table of bots."""
    t = gathering()
    t.start(0, {0})
    decides(t, 0)
    assert t.may_take_back(0) and t.message(0, {0})["take_back"] is True
    assert t.take_back(0) >= 1


# ---------------------------------------------------------------- 3, 4: a finished game


def over_with_west() -> tuple[Table, str]:
    """A finished game and West's key (West sat down, left before START, came back at the
    end and left again: his seat a human's)."""
    t = gathering()
    key = sits(t, 1)
    t.start(0, {0})
    play_to(t, "game_over")
    t.take_seat(1)
    return t, key


def test_no_new_link_once_the_game_is_over() -> None:
    """NEW LINK after the end wiped West out of the finished game (his key unknown, his name
    West again in the summary): refused, nothing changed."""
    t, key = over_with_west()
    t.seats[1].name = "Bob"
    before = (t.seq, t.seats[1].to_json())
    with refused("illegal", "the game is over"):
        t.renew_invitation(0, 1, {0})
    assert (t.seq, t.seats[1].to_json()) == before and t.seat_of_token(key) == 1


def test_a_finished_game_takes_no_pause_bot_or_take_back() -> None:
    """Pausing, a bot given a seat and a take-back after the end: each refused with "the game
    is over", nothing changed; resuming a table that was not paused changes nothing."""
    t, _ = over_with_west()
    saved = t.to_json()
    for change in (lambda: t.set_paused(0, True, {0}), lambda: t.seat_to_bot(0, 1, {0}),
                   lambda: t.seat_to_bot(1, 0, {1}), lambda: t.take_back(0)):
        with refused("illegal", "the game is over"):
            change()
    assert t.set_paused(0, False, {0}) is False
    assert t.to_json() == saved and t.may_take_back(0) is False


def test_a_game_that_ended_paused_may_still_be_resumed() -> None:
    """A claim (or a person's card) may end the game on a paused table: its pause may still
    be ended, else every page stayed under the pause's overlay."""
    t = gathering()
    t.start(0, {0})
    t.set_paused(0, True, {0})
    play_to(t, "game_over")
    assert t.set_paused(0, False, {0}) is True and not t.paused


def test_a_finished_game_refuses_them_on_the_socket() -> None:
    """The same through the host's socket: an error each, no state, nothing saved."""
    t, _ = over_with_west()
    with served(t) as (client, _), connect(client, link(t, 0)) as hws:
        h = Seat(hws)
        h.until(lambda x: x["type"] == "state")
        saved = t.to_json()
        for msg in ({"type": "pause", "paused": True}, {"type": "seat_to_bot", "seat": 1},
                    {"type": "new_link", "seat": 1}, {"type": "take_back"}):
            h.send(**msg)
            got = quiet(h)
            assert [x["type"] for x in got] == ["error"], (msg, got)
            assert "the game is over" in got[0]["message"], (msg, got)
        assert t.to_json() == saved


# ---------------------------------------------------------------- 5: renames


def test_renames_are_paced() -> None:
    """500 renames from one friend made 501 states on every page: a seat renames itself
    ``NAME_BURST`` times at once, then once every ``NAME_EVERY`` seconds; one sooner is
    refused ``busy``, nothing changed, nothing sent to the others.  A name refused for
    itself takes nothing from the bucket."""
    now = [0.0]
    t = gathering()
    with served(t) as (client, hub), connect(client, link(t, 0)) as hws, \
            connect(client, link(t, 1)) as fws:
        hub.renames = Throttle(NAME_BURST, NAME_EVERY, lambda: now[0])
        h, f = Seat(hws), Seat(fws)
        welcome_key(f)
        h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
        quiet(f)
        quiet(h)
        f.send(type="name", name="South")          # refused for itself: takes nothing
        assert f.until(lambda x: x["type"] == "error")["code"] == "bad_name"
        for i in range(NAME_BURST):
            f.send(type="name", name=f"Bob{i}")
            f.until(lambda x: x["type"] == "state")
        f.send(type="name", name="Bobby")
        err = f.until(lambda x: x["type"] in ("error", "state"))
        assert err.get("code") == "busy" and "renamed yourself a moment ago" in \
            err["message"], err
        assert f"again in {int(NAME_EVERY)} s" in err["message"], err
        assert [x["table"]["seats"][1]["name"] for x in quiet(h)] == \
            [f"Bob{i}" for i in range(NAME_BURST)]
        assert t.seats[1].name == f"Bob{NAME_BURST - 1}"
        now[0] = NAME_EVERY
        f.send(type="name", name="Bobby")
        f.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["name"] == "Bobby")
