"""Names that pose as another's, as a security tester found them: a friend renamed himself
"Y\\u043eu" (a Cyrillic o in You) and the host's page read "You is bidding" beside its own
You; "\\u0397ost" (a Greek Eta) was taken beside "Host", "N\\u043erth" beside North; and "a"
under 19 acute accents was taken.  A name may not mix Latin, Greek and Cyrillic letters, nor
stack more than 2 marks on a letter: in a rename, the lobby's name and a friend's name."""

from __future__ import annotations

import pytest

from fivehundred import Rules
from fivehundred.web.seats import Seat, TableError, checked_name
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from webclient import Seat as Socket
from webclient import connect, link, quiet, served, web_client

CYRILLIC_O = "\u043e"
GREEK_ETA = "\u0397"


def friends_table() -> Table:
    """A table with friends, its host named Host (seat 0), West, North and East."""
    return Table.new("australian", Rules.preset("australian"), "medium", seed=5,
                     friends=True, name="Host")


@pytest.mark.parametrize(("name", "letters"), [
    (f"Y{CYRILLIC_O}u", f"Cyrillic {CYRILLIC_O} (U+043E) among Latin Y, u"),
    (f"{GREEK_ETA}ost", f"Greek {GREEK_ETA} (U+0397) among Latin o, s, t"),
    (f"N{CYRILLIC_O}rth", f"Cyrillic {CYRILLIC_O} (U+043E) among Latin N, r, t, h"),
    ("\u0410\u043d\u03b1", "Greek \u03b1 (U+03B1) among Cyrillic \u0410, \u043d"),
])
def test_a_name_mixing_look_alike_scripts_is_refused_naming_its_letters(
        name: str, letters: str) -> None:
    """Each was taken (a Cyrillic o beside a seat's own You, a Greek Eta beside Host)."""
    t = friends_table()
    with pytest.raises(TableError) as e:
        t.set_name(1, name)
    assert e.value.code == "bad_name"
    assert str(e.value) == ("a name may not mix Latin, Greek and Cyrillic letters (they look "
                            f"alike): {letters}")
    assert t.names() == ["Host", "West", "North", "East"]


def test_a_letter_under_more_than_two_marks_is_refused() -> None:
    """``"a" + 19 x U+0301`` was taken, its accents drawn over the names above it (counted
    as the name is kept, in NFKC: the first accent is the letter's own, \u00e1; a polytonic
    Greek letter, one character, stays a name)."""
    t = friends_table()
    with pytest.raises(TableError) as e:
        t.set_name(1, "a" + "\u0301" * 19)
    assert str(e.value) == ("a letter of a name carries at most 2 accents or other marks: "
                            "\u00e1 carries 18")
    t.set_name(2, "\u1f85\u03bd\u03bd\u03b1")     # (a Greek alpha with three marks: one letter)
    with pytest.raises(TableError, match=r"carries 3$"):
        t.set_name(1, "Zoe" + "\u0333" * 3)
    t.set_name(1, "Zoe\u0308\u0301")               # (two: taken)
    assert t.names()[1] == "Zo\u00eb\u0301"


@pytest.mark.parametrize("name", [
    "Zo\u00eb", "\u0418\u0440\u0438\u043d\u0430", "\u0396\u03c9\u03ae", "Ann \u5b89",
    "\u5b89\u3053 Lee", "J\u00fcrgen 2", "\u05e9\u05b8\u05c1", "\U0001F468\u200d\U0001F469",
    "\u0928\u0940\u0902",
])
def test_a_name_of_one_script_or_latin_with_others_is_still_taken(name: str) -> None:
    """Latin, Cyrillic or Greek alone; Latin beside Chinese or Japanese; marks up to two."""
    t = friends_table()
    t.set_name(1, name)
    assert t.names()[1] == checked_name(name)


@pytest.mark.parametrize(("name", "words"), [
    ("\u03a5\u03bf\u03c5", "every page calls its own seat You"),          # Greek
    ("\u0412\u041e\u0412", "Bob is the name of another seat"),            # Cyrillic BOB
    ("\u041d\u041e\u0405\u0422", "Host is the name of another seat"),    # Cyrillic HOST
    ("\u039d\u03bf\u03c1\u03c4\u03b7", None),                           # Greek Norte: a name
])
def test_a_name_wholly_in_greek_or_cyrillic_that_looks_like_another_is_refused(
        name: str, words: str | None) -> None:
    """A name of one script passed the mixed-script check however Latin it looked: Greek
    "\u03a5\u03bf\u03c5" showed "You is bidding" beside each page's own You. Names are
    compared as the Latin letters they look like; a Greek name that looks like no seat's is
    taken."""
    t = friends_table()
    t.set_name(2, "Bob")
    if words is None:
        t.set_name(1, name)
        assert t.names()[1] == name
        return
    with pytest.raises(TableError) as e:
        t.set_name(1, name)
    assert e.value.code == "bad_name" and words in str(e.value), str(e.value)
    assert t.names() == ["Host", "West", "Bob", "East"]


def test_the_socket_and_the_lobby_refuse_such_a_name() -> None:
    """A friend's (or the host's) rename on the socket, and the creator's name in
    ``POST /api/tables``, are checked the same way."""
    t = friends_table()
    with served(t) as (client, _hub), connect(client, link(t, 0)) as ws:
        h = Socket(ws)
        h.until(lambda m: m["type"] == "state")
        quiet(h)
        h.send(type="name", name=f"N{CYRILLIC_O}rth")
        got = quiet(h)          # (taken, a state came instead, and no error)
        assert [m["type"] for m in got] == ["error"], got
        assert got[0]["code"] == "bad_name" and "Cyrillic" in got[0]["message"], got
        assert t.names()[0] == "Host"
    with web_client(Store(":memory:"), mode="serve") as client:
        r = client.post("/api/tables", json={"friends": True, "name": f"Y{CYRILLIC_O}u"})
        assert r.status_code == 400, r.text
        assert r.json()["error"].startswith("a name may not mix Latin, Greek and Cyrillic")


def test_a_saved_name_that_mixes_scripts_is_kept_as_it_was() -> None:
    """A save could hold such a name before (any rename gave one): it is brought back as
    saved, never refused as damage (its table would not open)."""
    s = Seat(1, f"Y{CYRILLIC_O}u", "human", "medium", "t0k3n", open_to_friend=True)
    assert Seat.from_json(s.to_json(), 1).name == f"Y{CYRILLIC_O}u"
