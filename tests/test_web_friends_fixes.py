"""A served table played by friends, as a reviewer found it: invisible and bidi characters in
names (``Ann\\u200b`` beside Ann, ``\\u202eDan`` turning names round), a repeated NEXT and
pauses without end flooding every page, an unopened invitation seating a stranger at a game
over, who the sheet still waits for, and a gendered message."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from fivehundred import Rules
from fivehundred.web.seats import TableError, clean_name, name_key
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from fivehundred.web.throttle import PAUSE_EVERY, Throttle
from webclient import Seat, connect, link, new_table, quiet, served, web_client, welcome_key

RLO_DAN = "\u202eDan the man"
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u200e", "\u200f",
             "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
             "\u2069", "\u00ad",
             # default-ignorable though not format characters: the grapheme joiner, the
             # Hangul fillers, a variation selector on a letter, a tag out of a flag
             "\u034f", "\u3164", "\u115f", "\uffa0", "\ufe0f", "\U000e0041"]


def friends(name: str | None = None) -> Table:
    """A new table with friends (four players), the creator named ``name``, its game
    started (the host's START, a bot in every seat but his)."""
    t = Table.new("australian", Rules.preset("australian"), "medium", seed=5, friends=True,
                  name=name)
    t.start(0, {0})
    return t


def play_to(t: Table, phase: str, bid: str = "10NT") -> None:
    """Play ``t`` on until its game reaches ``phase``: ``bid`` by the first to speak, the
    others passing (all pass: a hand thrown in; 10NT made ends the game), then the first
    legal action; each hand dealt as NEXT deals it."""
    g = t.game
    while g.phase != phase:
        if g.phase == "hand_over":
            t.ready.add(0)
            assert t.deal_if_ready(set())
        elif g.phase == "auction":
            t.act(g.to_move, "pass" if g.auction else bid)
        else:
            t.act(g.to_move, g.legal_actions()[0])


def second_sheet(t: Table) -> None:
    """Play ``t`` (started) to the sheet of its second hand, each thrown in: where a friend's
    link, unopened at START, may be opened (it opens with the next deal)."""
    play_to(t, "hand_over", "pass")
    t.ready.add(0)
    assert t.deal_if_ready(set())
    play_to(t, "hand_over", "pass")


# ---------------------------------------------------------------- 1, 2: names


@pytest.mark.parametrize("ch", INVISIBLE)
def test_an_invisible_character_makes_no_second_ann(ch: str) -> None:
    """``Ann\\u200b`` showed as a second Ann (plain ``ANN`` was refused): a name is cleaned
    of format characters before it is checked, and the clean one is kept."""
    t = friends("Ann")
    with pytest.raises(TableError, match="Ann is the name of another seat") as e:
        t.set_name(1, f"Ann{ch}")
    assert e.value.code == "bad_name" and t.names()[1] == "West"
    t.set_name(1, f"B{ch}ob{ch} ")
    assert t.names()[1] == "Bob"
    with pytest.raises(TableError, match="1 to 20 characters"):
        t.set_name(2, f" {ch}{ch} ")                 # (nothing but them: an empty name)
    assert t.names()[2] == "North"


def test_a_blank_looking_name_is_empty_and_spaces_run_together() -> None:
    """The blank Braille pattern and the Hangul filler draw nothing: a name of them is
    empty, not an invisible player; runs of spaces inside a name are one space."""
    t = friends("Ann")
    for blank in ("\u2800", "\u3164\u3164", "\u2800\u115f\u3000"):
        with pytest.raises(TableError, match="1 to 20 characters"):
            t.set_name(1, blank)
    t.set_name(1, "Bo\u2800\u2800  Lee")
    assert t.names()[1] == "Bo Lee"


def test_joiners_that_do_something_are_kept() -> None:
    """A zero-width joiner inside an emoji sequence (a family drawn as one) and a non-joiner
    inside a Persian name (its spelling) stay; the name is still compared without them."""
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"
    flag = "\U0001F3F4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
    heart = "\u2764\ufe0f"
    t = friends(family)
    t.set_name(1, persian)
    t.set_name(2, flag)
    t.set_name(3, heart)
    assert t.names() == [family, persian, flag, heart]
    with pytest.raises(TableError, match="is the name of another seat"):
        t.set_name(3, "\U0001F468\U0001F469\U0001F467")    # (the family, unjoined)
    with pytest.raises(TableError, match="is the name of another seat"):
        t.set_name(3, persian.replace("\u200c", ""))
    assert t.names()[3] == heart


@pytest.mark.parametrize("joiner", ["\u200d", "\u200c"])
def test_a_name_may_begin_or_end_with_a_joiner(joiner: str) -> None:
    """A joiner with nothing before it (or after it) joins nothing and is dropped: one at
    the start raised a TypeError in the server, on every path that takes a name."""
    t = friends(f"{joiner}Ann")
    t.set_name(1, f"Bob{joiner}")
    t.set_name(2, f"{joiner}\U0001F468{joiner}")
    assert t.names()[:3] == ["Ann", "Bob", "\U0001F468"]
    assert clean_name(f"{joiner}\u2800\U0001F468") == "\U0001F468"


def test_an_emoji_selector_is_kept_on_a_keycap_and_on_the_copyright_sign() -> None:
    """The emoji presentation selector makes 1️⃣ and ©️ emoji: kept on them too (below
    U+2000), still compared without it."""
    t = friends("1\ufe0f\u20e3")
    t.set_name(1, "\xa9\ufe0f")
    assert t.names()[:2] == ["1\ufe0f\u20e3", "\xa9\ufe0f"]
    with pytest.raises(TableError, match="is the name of another seat"):
        t.set_name(2, "\xa9")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(
    "aZ ی\u0645\u200c\u200d\u2800\u3164\u034f\ufe0f\u20e3\xa91#\u202e\U0001F468"
    "\U0001F3F4\U000e0067\U000e007f\uff21")), max_size=12))
def test_a_clean_name_cleans_to_itself(name: str) -> None:
    """Cleaning is idempotent: a saved name, cleaned as its table comes back, stays as it
    was (a joiner before a blank Braille pattern was kept, then left dangling)."""
    once = clean_name(name)
    assert clean_name(once) == once, (name, once)
    assert name_key(once) == name_key(clean_name(once))


def test_a_bidi_override_turns_no_other_name_round() -> None:
    """``\\u202eDan the man`` reversed the names after it ("tsaE & nam eht naD"): the bidi
    controls are dropped from every name taken, a friend's and the creator's alike."""
    t = friends(RLO_DAN)
    t.set_name(1, "\u2067Eve\u2069\u200f")
    assert t.names()[:2] == ["Dan the man", "Eve"]
    assert t.side_names() == ["Dan the man & North", "Eve & East"]
    assert t.names()[0].isprintable()
    with pytest.raises(TableError, match="1 to 20 characters"):
        friends("\u202e\u2066")


def test_the_hosts_name_is_cleaned_on_post_and_a_friends_on_the_socket() -> None:
    """``POST /api/tables`` and the ``name`` message take a name through the same cleaning:
    the host ``Ann\\u200b`` is Ann, and a friend's ``ann\\u200d`` then is refused."""
    with web_client(Store(":memory:"), mode="serve") as client:
        r = client.post("/api/tables", json={"name": "\u200b\u202e", "friends": True,
                                             "strength": "easy"})
        assert r.status_code == 400 and "1 to 20 characters" in r.json()["error"], r.text
        t = new_table(client, seed=4, friends=True, name="Ann\u200b")
        url = next(x["url"] for x in t["links"] if x["seat"] == 1)
        with connect(client, t) as hws, connect(client, t, url.split("token=")[1]) as fws:
            h, f = Seat(hws), Seat(fws)
            welcome_key(f)
            m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            assert m["table"]["seats"][0]["name"] == "Ann", m["table"]["seats"]
            quiet(f)
            f.send(type="name", name="ann\u200d")
            err = f.until(lambda x: x["type"] in ("error", "state"))      # (no hang if taken)
            assert err.get("code") == "bad_name" and "Ann is the name of another seat" in \
                err["message"], err
            f.send(type="name", name=RLO_DAN)
            m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["name"]
                        != "West")
            assert m["table"]["seats"][1]["name"] == "Dan the man"
            assert m["table"]["side_names"] == ["You & North", "Dan the man & East"]


def test_names_saved_before_are_cleaned_as_the_table_comes_back() -> None:
    """A table saved with ``Ann\\u200b`` beside Ann, or a name of bidi controls alone, shows
    them safely once brought back: cleaned, and one left empty or another seat's given the
    seat's compass name."""
    t = friends("Ann")
    saved = t.to_json()
    saved["seats"][1]["name"] = "Ann\u200b"
    saved["seats"][2]["name"] = "\u202e\u2069"
    saved["seats"][3]["name"] = RLO_DAN
    back = Table.from_json(saved)
    assert back.names() == ["Ann", "West", "North", "Dan the man"]
    assert Table.from_json(back.to_json()).names() == back.names()


# ---------------------------------------------------------------- 3, 5: NEXT and pauses


def test_a_repeated_next_sends_nothing_and_the_sheet_says_who_is_left() -> None:
    """At a hand's sheet, a NEXT repeated by a seat that pressed it already changes nothing
    and sends no state (200 repeats sent 600 frames); each state says whom the deal still
    waits for (``table.waiting_for``), so the page can say "Waiting for West…"."""
    t = friends()
    second_sheet(t)
    with served(t) as (client, _), connect(client, link(t, 0)) as hws, \
            connect(client, link(t, 1)) as fws:
        h, f = Seat(hws), Seat(fws)
        welcome_key(f)
        m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
        assert m["view"]["phase"] == "hand_over"
        assert m["table"]["waiting_for"] == [0, 1]        # (nobody has pressed yet)
        h.send(type="next")
        m = f.until(lambda x: x["type"] == "state" and x["table"]["waiting_for"] != [0, 1])
        assert m["table"]["waiting_for"] == [1] and m["view"]["phase"] == "hand_over"
        assert h.until(lambda x: x["type"] == "state")["table"]["waiting_for"] == [1]
        seq = m["seq"]
        for _ in range(20):
            h.send(type="next")
        assert quiet(h) == [] and quiet(f) == []
        f.send(type="next")                                  # West too: dealt
        m = h.until(lambda x: x["type"] == "state" and x["seq"] > seq)
        assert m["view"]["phase"] == "auction" and m["table"]["waiting_for"] == []


def test_waiting_for_names_who_has_not_pressed_even_while_paused() -> None:
    """``waiting_for`` holds at a paused sheet too (``waiting_on``, the idle prompt's, is
    empty then), and counts only those still connected: one who left holds nobody."""
    t = friends()
    t.seats[1].kind = "human"
    play_to(t, "hand_over", "pass")
    t.ready.add(0)
    t.set_paused(0, True, {0, 1})
    state = t.message(0, {0, 1})["table"]
    assert state["waiting_for"] == [1] and state["waiting_on"] == []
    assert t.message(0, {0})["table"]["waiting_for"] == []
    play_to(t, "play")
    assert t.message(0, {0, 1})["table"]["waiting_for"] == []


def test_pausing_again_within_two_seconds_is_refused_busy() -> None:
    """A page pausing and resuming without end made a real change of each, shown and saved
    on every page: a seat pauses at most once every ``PAUSE_EVERY`` seconds (resuming is
    never held back); one sooner is refused with ``busy``, nothing changed, nothing sent."""
    now = [0.0]
    t = friends()
    second_sheet(t)                         # (no bot moves there: only the pauses' states)
    with served(t) as (client, hub), connect(client, link(t, 0)) as hws, \
            connect(client, link(t, 1)) as fws:
        hub.pauses = Throttle(1, PAUSE_EVERY, lambda: now[0])
        h, f = Seat(hws), Seat(fws)
        welcome_key(f)
        h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
        quiet(f)
        h.send(type="pause", paused=True)
        h.until(lambda x: x["type"] == "state" and x["table"]["paused"])
        h.send(type="pause", paused=False)                   # (a resume: never held)
        m = h.until(lambda x: x["type"] == "state" and not x["table"]["paused"])
        now[0] = 1.0
        h.send(type="pause", paused=True)
        err = h.until(lambda x: x["type"] in ("error", "state"))      # (no hang if taken)
        assert err.get("code") == "busy" and "may pause it again in 1 s" in err["message"], err
        assert quiet(h) == []
        assert [x["table"]["paused"] for x in quiet(f)] == [True, False]
        assert not t.paused and t.seq == m["seq"]
        f.send(type="pause", paused=True)                    # (West's own: not held)
        f.until(lambda x: x["type"] == "state" and x["table"]["paused_by"] == 1)
        f.send(type="pause", paused=False)
        f.until(lambda x: x["type"] == "state" and not x["table"]["paused"])
        now[0] = 2.0
        h.send(type="pause", paused=True)
        m = h.until(lambda x: x["type"] in ("state", "error") and
                    (x["type"] == "error" or x["table"]["paused_by"] == 0))
        assert m["type"] == "state" and m["table"]["paused"], m


# ---------------------------------------------------------------- 4: a finished game


def test_an_unopened_invitation_seats_nobody_once_the_game_is_over() -> None:
    """After the game ended, a never-opened link gave a stranger the seat and "You win the
    game!" with the bot's contracts: it is refused as an unknown table's (``unknown_table``,
    closed 4404: the page says the game is over and goes back to the lobby), nothing
    changed."""
    t = friends()
    play_to(t, "game_over")
    seq = t.seq
    with served(t) as (client, _), connect(client, link(t, 1)) as ws:
        err = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404
    assert err["code"] == "unknown_table" and "this game is over" in err["message"], err
    assert t.seats[1].key is None and t.seats[1].kind == "bot" and t.seq == seq


# ---------------------------------------------------------------- 6: words


def test_the_idle_players_message_is_not_gendered() -> None:
    """"waited on him" is said of any player: the table waited for this player."""
    t = friends()
    t.seats[1].kind = "human"
    t.note_wait({0, 1, 2})
    while t.game.to_move != 1:
        t.act(t.game.to_move, "pass")
    with pytest.raises(TableError) as e:
        t.seat_to_bot(0, 1, {0, 1})
    assert "waited 60 s for this player" in str(e.value) and " him" not in str(e.value)
