"""A host's review of a served table with friends (s19): a table stuck for ever once the host
had gone and a bot played his seat (the page hid the button the server would have taken); a
pause, or the gathering's START, held for ever by someone whose page stayed open but who had
gone; and words: a pause of the creator's naming him twice, a new link said to open "once this
hand is over" at the hand's sheet, a message that is not an object named by Python's type, a
link cut short before its key opening the lobby without a word.  Socket-level first
(webclient), then in real browsers (Playwright)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from browser import click_and_wait, press_start
from fivehundred import Rules
from fivehundred.web.hub import Hub
from fivehundred.web.messages import parse_message
from fivehundred.web.seats import TableError
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from test_web_friend_keys import invitation
from test_web_friends_browser import friends_table, open_link, served, sit_down
from webclient import Seat, connect, host_starts, new_table, seated, web_client, welcome_key

WAIT = "or anyone once the table has waited 60 s ("
"""The refusal's words saying when anyone may resume a pause (the table's ``idle_after``,
60 s), the seconds so far after them."""

START_WAIT = "or anyone once the table has waited 300 s ("
"""The same for START: five times ``idle_after`` (a creator may wait a while for a late
friend)."""


def is_state(m: dict[str, Any]) -> bool:
    """Whether a message is a state."""
    return bool(m["type"] == "state")


def is_error(m: dict[str, Any]) -> bool:
    """Whether a message is an error."""
    return bool(m["type"] == "error")


@contextmanager
def three_at_table() -> Iterator[tuple[Hub, dict[str, Any], Seat, Seat, Seat]]:
    """Serving, a table with friends, the host (South, first to bid), West and North sitting,
    started: the hub, the table, and the host's, West's and North's sockets."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=0, friends=True)
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        with connect(client, t) as hws, connect(client, t, invitation(t, 1)) as wws, \
                connect(client, t, invitation(t, 2)) as nws:
            h, w, n = Seat(hws), Seat(wws), Seat(nws)
            welcome_key(w)
            welcome_key(n)
            h.until(lambda x: is_state(x) and x["table"]["seats"][2]["connected"]
                    and x["table"]["seats"][1]["connected"])
            host_starts(h)
            yield hub, t, h, w, n


# ---------------------------------------------------------------- 1: the creator away


def test_a_friend_lets_a_bot_play_for_one_who_left_once_a_bot_plays_the_creators_seat(
        ) -> None:
    """The host's page stays open but he has gone: once the table waited on him a bot took
    his seat. North then left, and West could not let a bot play North's seat (only the
    creator may, while his page is open): the table waited on North for ever. A bot in the
    creator's seat counts as his being away, as his page gone does."""
    with three_at_table() as (hub, t, h, w, n):
        table = hub.tables[t["table"]]
        table.waiting_since -= 61.0                  # (the host idle at his bid a minute)
        w.send(type="seat_to_bot", seat=0)
        w.until(lambda x: is_state(x) and x["table"]["seats"][0]["kind"] == "bot")
        n.ws.close()                                 # North leaves
        w.until(lambda x: is_state(x) and not x["table"]["seats"][2]["connected"])
        w.send(type="seat_to_bot", seat=2)
        m = w.until(lambda x: is_error(x) or (is_state(x)
                                              and x["table"]["seats"][2]["kind"] == "bot"))
        assert is_state(m), m
        assert h.until(is_state)["table"]["seats"][0]["connected"]     # (his page open)


# ---------------------------------------------------------------- 2: a pause, a START held


def test_a_pause_by_someone_gone_from_his_open_page_is_resumed_by_anyone_after_the_wait(
        ) -> None:
    """A pause could be resumed only by whoever made it, the creator, or anyone once its
    maker had left: one whose page stayed open but who had gone held the table for ever.
    Once the table has waited ``idle_after`` on him, anyone resumes it; the refusal before
    says when. (The host's own pause names him once.)"""
    with three_at_table() as (hub, t, h, w, n):
        table = hub.tables[t["table"]]
        h.send(type="pause", paused=True)
        assert w.until(lambda x: is_state(x) and x["table"]["paused"])["table"][
            "may_resume"] is False
        w.send(type="pause", paused=False)
        err = w.until(is_error)
        assert err["code"] == "illegal" and err["message"].startswith(
            f"South paused the game: it goes on when South resumes it, {WAIT}"), err
        assert err["message"].endswith(" s so far)"), err
        table.waiting_since -= 61.0                  # (a minute on)
        w.send(type="pause", paused=False)
        w.until(lambda x: is_state(x) and not x["table"]["paused"])
        # a friend's pause: the creator may resume it, and anyone after the wait
        w.send(type="pause", paused=True)
        n.until(lambda x: is_state(x) and x["table"]["paused"])
        n.send(type="pause", paused=False)
        err = n.until(is_error)
        assert err["code"] == "illegal" and err["message"].startswith(
            f"West paused the game: it goes on when West or the table's creator resumes it, "
            f"{WAIT}"), err
        table.waiting_since -= 61.0
        h.send(type="speed", speed="fast")           # (a state: it says so now)
        m = n.until(lambda x: is_state(x) and x["table"]["speed"] == "fast")
        assert m["table"]["paused"] and m["table"]["may_resume"] is True, m["table"]
        n.send(type="pause", paused=False)
        n.until(lambda x: is_state(x) and not x["table"]["paused"])


def test_an_idle_host_at_the_gathering_lets_anyone_start_once_the_table_has_waited() -> None:
    """A host whose page stayed open but who had gone held the gathering for ever: START was
    his until he left. Once the table has waited ``hold_after`` (five times ``idle_after``) on
    him since the last friend sat down (an arrival starts the wait again), anyone may START;
    the refusal says when. Nobody pauses before START (a friend's pause held START on him, not
    on the creator: 60 s after it he could START over a creator who was there)."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
        table = hub.tables[t["table"]]
        with connect(client, t) as hws, connect(client, t, invitation(t, 1)) as wws:
            h, w = Seat(hws), Seat(wws)
            welcome_key(w)
            m = w.until(is_state)
            assert m["table"]["may_start"] is False
            assert m["status"] == "Waiting for South to start the game"
            w.send(type="start")
            err = w.until(is_error)
            assert err["code"] == "not_host" and err["message"].startswith(
                f"only the table's creator starts the game: South starts it, {START_WAIT}"), err
            w.send(type="pause", paused=True)
            err = w.until(is_error)
            assert (err["code"], err["message"]) == ("illegal", "nothing moves before the "
                                                     "creator's START: there is nothing to pause")
            table.waiting_since -= 61.0                           # (a minute: not enough)
            w.send(type="start")
            assert w.until(is_error)["code"] == "not_host"
            table.waiting_since -= 301.0
            with connect(client, t, invitation(t, 2)) as nws:      # North sits down
                welcome_key(Seat(nws))
                w.until(lambda x: is_state(x) and x["table"]["seats"][2]["connected"])
                w.send(type="start")                              # a new wait: refused
                assert w.until(is_error)["code"] == "not_host"
                table.waiting_since -= 301.0
                w.send(type="name", name="Ann")                   # (a state)
                m = w.until(lambda x: is_state(x) and x["table"]["seats"][1]["name"] == "Ann")
                assert m["table"]["may_start"] is True, m["table"]
                assert m["status"] == "South seems to be away: anyone may start the game"
                w.send(type="start")
                m = w.until(lambda x: is_state(x) and not x["table"]["gathering"])
                assert [s["kind"] for s in m["table"]["seats"]] == ["human"] * 3 + ["bot"]
            assert h.until(is_state)["table"]["seats"][0]["kind"] == "human"


# ---------------------------------------------------------------- 4: words


def test_a_new_link_opened_at_the_hands_sheet_opens_with_the_next_deal_without_once() -> None:
    """At the hand's sheet the hand is over: a new link opened then was told it opens "once
    this hand is over". It opens with the next deal, said alone."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=3, friends=True)
    assert t.accept_invitation(t.seats[1].token) is not None     # West sits down...
    t.take_seat(1)
    t.start(0, {0, 1})
    t.renew_invitation(0, 1, {0})                                # ...and leaves: a new link
    new = t.seats[1].token
    with pytest.raises(TableError, match="West's link opens with the next deal, once this "
                                         "hand is over"):
        t.accept_invitation(new)
    g = t.game
    while g.phase != "hand_over":
        legal = g.legal_actions()
        g.apply("pass" if "pass" in legal and g.auction else legal[0])
    with pytest.raises(TableError) as e:
        t.accept_invitation(new)
    assert (e.value.code, str(e.value)) == ("link_not_yet",
                                            "West's link opens with the next deal")


@pytest.mark.parametrize(("text", "shown"), [("null", "null"), ("[1, 2]", "[1, 2]"),
                                             ('"hi"', "'hi'"), ("7", "7")])
def test_a_message_that_is_not_an_object_is_quoted_as_json_writes_it(text: str,
                                                                     shown: str) -> None:
    """"a message is a JSON object, got NoneType": Python's type, where every other error
    quotes what was sent as JSON writes it (docs/protocol.md)."""
    with pytest.raises(TableError) as e:
        parse_message(text)
    assert (e.value.code, str(e.value)) == ("malformed",
                                            f"a message is a JSON object, got {shown}")


def test_a_socket_is_told_its_message_is_not_an_object_in_json_words() -> None:
    with seated() as (_, _t, s):
        s.until(is_state)
        s.send_raw("null")
        assert s.until(is_error) == {"type": "error", "code": "malformed",
                                     "message": "a message is a JSON object, got null"}


# ---------------------------------------------------------------- in the browser


def test_with_the_host_gone_and_a_bot_in_his_seat_a_friend_lets_a_bot_play_for_another(
        tmp_path: Path) -> None:
    """The host left; West let a bot play his seat. North left too, at his turn: West's
    page said "North has left the table. The table waits for him, or for South to let a bot
    play." with no button, though the server takes anyone's then: the table waited for
    ever. The page now counts the host away as the server does, and offers the button."""
    with served(tmp_path) as (browser, url, errors):
        host, west_link = friends_table(browser, url, errors, seed=0)
        north_link = host.input_value('#gathering-seats li[data-seat="2"] input.link-url')
        west = open_link(browser, west_link, errors)
        sit_down(west)
        north = open_link(browser, north_link, errors)
        sit_down(north)
        press_start(host)
        host.wait_for_selector("#bid-panel", state="visible")       # the host to bid...
        names = west.evaluate("window.fivehundred.app.state.table.seats.map((x) => x.name)")
        host.context.close()                                        # ...and gone
        west.wait_for_selector(f"#away-banner:has-text('{names[0]} has left the table.')")
        west.click("#away-to-bot")
        west.wait_for_selector("#bid-panel", state="visible")       # the bot passed for him
        assert west.evaluate("window.fivehundred.app.state.table.seats[0].kind") == "bot"
        north.context.close()                                       # North leaves
        west.wait_for_function("!window.fivehundred.app.state.table.seats[2].connected")
        click_and_wait(west, "#pass-button")                        # North's turn
        west.wait_for_selector(f"#away-banner:has-text('{names[2]} has left the table.')")
        assert west.is_visible("#away-to-bot"), west.inner_text("#away-banner")
        assert "waits for him" not in west.inner_text("#away-banner")
        west.click("#away-to-bot")
        west.wait_for_function("window.fivehundred.app.state.table.seats[2].kind === 'bot'")


def test_a_friend_may_start_and_resume_for_an_idle_host_once_the_table_has_waited(
        tmp_path: Path) -> None:
    """The host's page stays open but he has gone: his friend's page shows START once the
    table has waited on him (``hold_after``, five times ``idle_after``, here 2 s: the page
    counts it on itself, no state comes then: idle_after 2 s, so START after 10 s), and
    RESUME for a pause of his, saying why."""
    with served(tmp_path, idle_after=2.0) as (browser, url, errors):
        host, west_link = friends_table(browser, url, errors, seed=0)
        west = open_link(browser, west_link, errors)
        sit_down(west)
        # the host is told his friends may START if he is away (here 10 s, five times 2 s)
        host.wait_for_selector("#gathering-line:has-text('If you are away 10 s after the last "
                               "friend sat down, your friends may start the game.')")
        west.wait_for_selector("#gathering-start", state="visible")
        name = west.evaluate("window.fivehundred.app.state.table.seats[0].name")
        assert west.inner_text("#gathering-line") == \
            f"{name} seems to be away: you may start the game"
        west.click("#gathering-start")
        host.wait_for_selector("#gathering", state="hidden")
        host.wait_for_selector("#bid-panel", state="visible")
        host.click("#menu-button")
        host.click("#pause-button")
        west.wait_for_selector("#pause-overlay:not([hidden])")
        assert west.inner_text("#pause-title") == f"{name} paused the game"
        west.wait_for_selector("#resume-button", state="visible")
        assert west.inner_text("#pause-note") == f"{name} seems to be away: you may resume it."
        west.click("#resume-button")
        host.wait_for_selector("#pause-overlay", state="hidden")


def test_a_link_cut_short_before_its_key_is_told_so(tmp_path: Path) -> None:
    """A friend's link pasted without its end (``/?table=ID``, no ``&token=``) showed the
    plain lobby without a word (a wrong key is told in a toast): it is told too, and the
    address is the lobby's."""
    with served(tmp_path) as (browser, url, errors):
        page = browser.new_context().new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        for cut in ("?table=abcdefghijkl", "?table=abcdefghijkl&token="):
            page.goto(url + cut)
            page.wait_for_selector("#lobby button#play")
            page.wait_for_selector("#toasts .toast:has-text('This link gives no seat: it was "
                                   "cut short before the seat')")
            assert page.evaluate("location.pathname + location.search") == "/"
        page.context.close()


def test_a_pauses_wait_is_not_restarted_by_the_others_moves() -> None:
    """The wait on a pause's maker counts from the pause: a NEXT pressed or a state sent
    meanwhile restarted it (the table's key held their moves), so the page's countdown, and
    protocol.md's "from the pause", were wrong."""
    with three_at_table() as (hub, t, h, w, _):
        table = hub.tables[t["table"]]
        h.send(type="pause", paused=True)
        w.until(lambda x: is_state(x) and x["table"]["paused"])
        since = table.waiting_since
        table.ready.add(1)                            # (as a NEXT pressed meanwhile)
        table.note_wait({0, 1, 2})
        assert table.waiting_since == since
        table.paused = False
        table.note_wait({0, 1, 2})                    # (no longer held: a new wait)
        assert table.waiting_since > since
