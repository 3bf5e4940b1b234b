"""The socket's loose fields and Python's words, as a security tester found them:
``{"type": "review", "hands": 5}`` was answered with the review of the last hand,
``"every_seats": true`` with your own cards only, ``{"type": "ping", "x": [1, 2]}`` with a
pong; and errors quoted what was sent as Python writes it (``got None``, ``not True``,
``{'a': 1}``), not as the caller wrote it in JSON (null, true, ``{"a": 1}``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fivehundred.web.messages import FIELDS, parse_message
from fivehundred.web.seats import TableError
from fivehundred.web.store import Store
from webclient import quiet, seated, web_client

STATIC = Path(__file__).parent.parent / "src" / "fivehundred" / "web" / "static"


@pytest.mark.parametrize(("text", "words"), [
    ('{"type": "review", "hands": 5}',
     "unknown field 'hands' in a review message; a review takes type, every_seat and hand"),
    ('{"type": "review", "every_seats": true}',
     "unknown field 'every_seats' in a review message; a review takes type, every_seat and "
     "hand"),
    ('{"type": "ping", "x": [1, 2]}',
     "unknown field 'x' in a ping message; a ping takes type alone"),
    ('{"type": "act", "action": "pass", "seq": 4}',
     "unknown field 'seq' in an act message; an act takes type and action"),
    ('{"type": "hint", "seat": 1}',
     "unknown field 'seat' in a hint message; a hint takes type alone"),
])
def test_a_field_a_message_does_not_take_is_refused_naming_it(text: str, words: str) -> None:
    """Each was ignored, and the message answered as if it were not there."""
    with pytest.raises(TableError) as e:
        parse_message(text)
    assert (e.value.code, str(e.value)) == ("malformed", words)


def test_every_type_takes_its_own_fields() -> None:
    """Each type with every field docs/protocol.md gives it is taken as it is."""
    for kind, fields in FIELDS.items():
        msg = {"type": kind, **{f: 1 for f in fields}}
        assert parse_message(json.dumps(msg)) == msg


def test_the_pages_own_messages_send_no_field_a_type_does_not_take() -> None:
    """Every ``send({type: ...})`` of the page's scripts (a field spread from ``which()``
    is review's ``hand``): a field the server refuses would break the page."""
    sent = 0
    for js in STATIC.glob("*.js"):
        for m in re.finditer(r"send(?:Once\(\s*\"\w+\",\s*|\()\{\s*type:\s*\"(\w+)\"([^}]*)\}",
                             js.read_text()):
            kind, rest = m.group(1), m.group(2)
            fields = [f for f in re.findall(r"(?:^|,)\s*(\.\.\.)?([\w.()]+)", rest)
                      if not f[0]]
            names = [f[1].split(":")[0] for f in fields]
            assert kind in FIELDS, (js.name, m.group(0))
            assert set(names) <= set(FIELDS[kind]), (js.name, m.group(0))
            sent += 1
    assert sent >= 20


def test_the_socket_refuses_a_misspelt_field_and_answers_nothing_else() -> None:
    """``hands`` got the review of hand 0, ``x`` a pong: an error now, and nothing more."""
    with seated(preset="australian", strength="easy", seed=3) as (_c, _t, me):
        me.my_turn()            # the table waits on you: the bots send nothing more
        quiet(me)
        for msg in ({"type": "review", "hands": 5}, {"type": "ping", "x": [1, 2]},
                    {"type": "review", "every_seats": True}):
            me.send(**msg)
            got = quiet(me)
            assert [(m["type"], m.get("code")) for m in got] == [("error", "malformed")], got
            assert f"unknown field '{next(k for k in msg if k != 'type')}'" in \
                got[0]["message"]


@pytest.mark.parametrize(("msg", "words"), [
    ({"type": {"a": 1}}, 'unknown message type {"a": 1}; types are act, '),
    ({"type": None}, "unknown message type null; types are act, "),
    ({"type": "act", "action": True},
     "an action is a short token such as 7H or pass, got true"),
    ({"type": "act", "action": None},
     "an action is a short token such as 7H or pass, got null"),
    ({"type": "review", "every_seat": 1}, 'review takes "every_seat": true or false, got 1'),
    ({"type": "review", "hand": "0"},
     'review takes "hand": a finished hand\'s number (from 0), got \'0\''),
    ({"type": "review", "hand": True},
     'review takes "hand": a finished hand\'s number (from 0), got true'),
    ({"type": "speed", "speed": None}, "speed must be one of slow, normal, fast, got null"),
    ({"type": "pause", "paused": None}, 'pause needs "paused": true or false, got null'),
    ({"type": "seat_to_bot", "seat": None}, "seat must be a seat number from 1 to 3, got null"),
    ({"type": "new_link", "seat": [1]}, "seat must be a seat number from 1 to 3, got [1]"),
    ({}, 'a message names its type ("type": one of act, '),
])
def test_socket_errors_show_what_was_sent_as_json(msg: dict[str, object], words: str) -> None:
    """``got True``, ``got None``, ``{'a': 1}``: Python's spelling, not the caller's."""
    with seated(preset="australian", strength="easy", seed=3) as (_c, _t, me):
        me.my_turn()            # the table waits on you: the bots send nothing more
        quiet(me)
        me.send_raw(json.dumps(msg))
        got = quiet(me)
        assert [m["type"] for m in got] == ["error"], got
        assert got[0]["message"].startswith(words), got[0]


@pytest.mark.parametrize(("body", "words"), [
    ({"strength": None}, "strength must be one of easy, medium, hard, insane, got null"),
    ({"strength": 5}, "strength must be one of easy, medium, hard, insane, got 5"),
    ({"seed": True}, "seed must be a whole number from 0 to 2**64 - 1, not true"),
    ({"seed": "12"}, "seed must be a whole number from 0 to 2**64 - 1, not '12'"),
    ({"seed": 1.5}, "seed must be a whole number from 0 to 2**64 - 1, not 1.5"),
    ({"seed": -1}, "seed must be a whole number from 0 to 2**64 - 1, not -1"),
    ({"friends": "yes"}, "friends must be true or false, got 'yes'"),
    ({"preset": None}, "unknown preset null; presets are "),
    ({"speed": None}, "speed must be one of slow, normal, fast, got null"),
    ({"toggles": {"target": True}}, "option target takes a whole number of tens from 10 to "
                                    "10,000, got true"),
    ({"toggles": {"misere_allowed": None}}, "option misere_allowed takes true or false, got "
                                            "null"),
    ({"name": True}, "a name must be text, got true"),
    ({"strenght": "hard"}, "unknown field 'strenght'; the fields are preset, "),
    ({"toggles": {"target": [1]}}, "option target takes a whole number of tens from 10 to "
                                   "10,000, got [1]"),
])
def test_new_table_errors_show_what_was_sent_as_json(body: dict[str, object],
                                                     words: str) -> None:
    """``{"strength": null}`` was told ``got None``, ``{"seed": true}`` ``not True``."""
    with web_client(Store(":memory:")) as client:
        r = client.post("/api/tables", json={"preset": "australian", **body})
        assert r.status_code == 400, r.text
        assert r.json()["error"].startswith(words), r.json()


def test_a_discard_that_is_not_a_list_of_cards_shows_what_was_sent_as_json() -> None:
    """``{"cards": null}`` at your kitty was told ``got None``."""
    with seated(preset="australian", strength="easy", seed=3) as (_c, _t, me):
        m = me.my_turn()
        assert m["view"]["phase"] == "auction"
        me.send(type="act", action="10NT")          # the highest bid: the kitty is yours
        m = me.my_turn()
        assert m["view"]["phase"] == "kitty", m["view"]["phase"]
        quiet(me)
        me.send_raw(json.dumps({"type": "discard", "cards": None}))
        got = quiet(me)
        assert [g["type"] for g in got] == ["error"], got
        assert got[0]["message"] == "cards must be a list of card tokens, got null", got[0]
