"""The browser game's protocol, driven through Starlette's test client (docs/protocol.md)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from fivehundred.cards import token
from fivehundred.dealing import first_cut
from fivehundred.rules import Rules
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from helpers import hidden_cards
from webclient import (
    Seat,
    card_strings,
    connect,
    host_starts,
    host_turn,
    new_table,
    play_hand,
    seated,
    simple_action,
    web_client,
    welcome_key,
)


def test_a_whole_game_through_the_socket_counts_statistics_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    with web_client(store) as client:
        t = new_table(client, preset="australian", seed=3)
        with connect(client, t) as ws:
            seat = Seat(ws)
            hands = 0
            while True:
                m = play_hand(seat)
                hands += 1
                sheet = m["sheet"]
                assert sheet is not None and sheet["lines"]
                assert sheet["scores"] == m["view"]["scores"]
                if m["view"]["phase"] == "game_over":
                    break
                seat.send(type="next")
            summary = m["summary"]
            assert summary["winner"] in (0, 1)
            assert max(summary["scores"]) >= 500 or min(summary["scores"]) <= -500
            played = sum(len(c) for c in summary["contracts"])
            assert 1 <= played <= hands
            assert m["stats"]["by_strength"]["easy"]["games"] == 1
    stats = Store(tmp_path / "s.db").stats()["by_strength"]["easy"]
    assert stats["games"] == 1 and stats["hands"] >= 1
    assert stats["wins"] == int(summary["winner"] == 0)


@pytest.mark.parametrize("preset", ["classic3", "two_dead_hand", "five_called", "six_pairs"])
def test_one_hand_of_every_table_size(preset: str) -> None:
    with seated(preset=preset, seed=11) as (_, _, seat):
        m = play_hand(seat)
        assert m["view"]["phase"] in ("hand_over", "game_over")
        assert len(m["table"]["seats"]) == m["table"]["players"]
        assert m["sheet"]["number"] == 0


def test_illegal_and_out_of_turn_actions_get_the_reason_and_change_nothing() -> None:
    with seated(preset="australian", seed=4) as (_, _, seat):
        m = seat.my_turn()
        while m["view"]["phase"] != "play":
            seat.send(type="act", action="pass") if m["view"]["phase"] == "auction" \
                else seat.send(type="discard", cards=m["view"]["hand"][-3:])
            m = seat.my_turn()
        v = m["view"]
        bad = next((c for c in v["hand"] if c not in v["legal"]), None)
        if bad is None:   # leading: every card is legal; a card not held is refused
            bad = next(c for c in ("AS", "KS", "AH", "KH") if c not in v["hand"])
        seat.send(type="act", action=bad)
        err = seat.read()
        assert err["type"] == "error" and err["code"] == "illegal"
        assert err["message"]
        seat.send(type="act", action="pass")
        err = seat.read()
        assert err["code"] == "illegal" and "pass" in err["message"].lower()
        seat.send(type="ping")
        assert seat.read() == {"type": "pong"}
        # paused, the bots wait after your card: a slow client's next card still comes out of
        # turn (else they may play the trick out first, and it is your turn again)
        seat.send(type="pause", paused=True)
        paused = seat.until(lambda x: x["type"] == "state")
        assert paused["seq"] == m["seq"] + 1 and paused["table"]["paused"] is True
        seat.send(type="act", action=v["legal"][0])
        after = seat.until(lambda x: x["type"] == "state")
        assert after["seq"] == paused["seq"] + 1
        if after["view"]["to_move"] != 0:
            seat.send(type="act", action=after["view"]["hand"][0])     # a card you hold
            err = seat.until(lambda x: x["type"] == "error")
            assert err["code"] == "not_your_turn", err


@pytest.mark.parametrize("text, code", [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "fly"}', "malformed"),
    ('{"no": "type"}', "malformed"),
    ('{"type": "act", "action": 7}', "malformed"),
    ('{"type": "act", "action": "' + "x" * 40 + '"}', "malformed"),
    ('{"type": "discard", "cards": "4S"}', "illegal"),
    ('{"type": "pause", "paused": "yes"}', "malformed"),
    ('{"type": "next"}', "illegal"),
    ('{"type": "act", "action": "' + "x" * 5000 + '"}', "too_large"),
    ("[" * 2040 + "]" * 2040, "malformed"),     # under the size limit, past the parser's depth
])
def test_malformed_messages_get_an_error_and_the_server_goes_on(text: str, code: str) -> None:
    with seated(preset="australian", seed=5) as (_, _, seat):
        m = seat.my_turn()   # the bots have stopped: the human is to bid
        seat.send_raw(text)
        err = seat.read()
        assert err["type"] == "error" and err["code"] == code, err
        seat.send(type="ping")
        assert seat.read() == {"type": "pong"}
        seat.ws.send_bytes(b"\x00\x01")
        assert seat.read()["code"] == "malformed"
        seat.send(type="act", action="pass")
        assert seat.until(lambda x: x["type"] == "state")["seq"] == m["seq"] + 1


def test_unknown_table_or_token_is_refused() -> None:
    with web_client(Store(":memory:")) as client:
        t = new_table(client, seed=1)
        for url in (f"/ws?table=nope&token={t['token']}", f"/ws?table={t['table']}&token=x",
                    "/ws"):
            with client.websocket_connect(url) as ws:
                m = ws.receive_json()
                assert m["type"] == "error" and m["code"] == "unknown_table"
                with pytest.raises(WebSocketDisconnect):
                    ws.receive_json()


def test_bad_new_game_requests_are_refused_clearly() -> None:
    with web_client(Store(":memory:")) as client:
        for body, words in [
            ({"preset": "bridge"}, "unknown preset"),
            ({"preset": "australian", "strength": "godlike"}, "strength"),
            ({"preset": "australian", "toggles": {"target": 7}}, "target"),
            ({"preset": "australian", "toggles": {"players": 3}}, "not a house rule"),
            ({"preset": "australian", "seed": -1}, "seed"),
            ({"preset": "australian", "seed": 2**64}, "seed must be a whole number from 0 to "
                                                      "2**64 - 1"),
            ({"preset": "australian", "seed": 5.0}, "seed must be a whole number"),
            ({"preset": "australian", "friends": True}, "serve"),
            ({"preset": "australian", "name": "Ann\nBob"}, "line breaks"),
            ({"preset": "australian", "name": " " * 3}, "1 to 20 characters"),
        ]:
            r = client.post("/api/tables", json=body)
            assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
        r = client.post("/api/tables", content=b"{oops",
                        headers={"content-type": "application/json"})
        assert r.status_code == 400
        r = client.post("/api/tables", content=b'{"name": "Ann\\udfff"}',   # JSON's escape
                        headers={"content-type": "application/json"})
        assert r.status_code == 400 and "lone surrogate such as U+DFFF" in r.json()["error"]
        r = client.post("/api/tables", content=b'{"seed": ' + b"9" * 5000 + b"}",
                        headers={"content-type": "application/json"})
        assert r.status_code == 400 and "thousands of digits" in r.json()["error"], r.text
        # past the JSON parser's depth (within MAX_BODY: test_web_limits has a bigger body)
        for deep in (b"[" * 60_000, b'{"a":' * 12_000):
            r = client.post("/api/tables", content=deep,
                            headers={"content-type": "application/json"})
            assert r.status_code == 400, r.text
            assert r.json() == {"error": "the body must be a JSON object"}


@pytest.mark.parametrize("body, words", [
    ({"preset": "australian", "toggle": {"target": 250}}, "unknown field 'toggle'"),
    ({"preset": "australian", "strenght": "hard"}, "unknown field 'strenght'"),
    ({"preset": "australian", "rules": "classic3"}, "unknown field 'rules'"),
    ({"preset": "two_24", "toggles": {"nt_joker": "australian"}},
     "option nt_joker means nothing here: this pack has no joker"),
    ({"preset": "australian", "toggles": {"misere_allowed": False,
                                          "open_misere_allowed": False}},
     "option open_misere_allowed means nothing here: misere_allowed is off"),
    ({"preset": "australian", "toggles": {"misere_allowed": False, "misere_rank": "by_value"}},
     "option misere_rank means nothing here: misère may not be bid"),
    ({"preset": "classic3", "toggles": {"open_misere_allowed": False,
                                        "open_misere_value": 500}},
     "option open_misere_value means nothing here: open misère may not be bid"),
])
def test_a_field_or_a_house_rule_that_would_be_ignored_is_refused(
        body: dict[str, object], words: str) -> None:
    """A misspelt field was dropped without a word, and a house rule that means nothing at
    the table (the joker's rule in a pack without one) marked it "house rules": a 400 names
    it (the fields listed), and no table is started."""
    with web_client(Store(":memory:")) as client:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400 and words in r.json()["error"], r.text
        if "unknown field" in words:
            assert "the fields are preset, toggles, strength, seed" in r.json()["error"]
        assert client.get("/api/lobby").json()["continue"] is None


def test_a_table_with_friends_refuses_a_seed_the_host_chose() -> None:
    from starlette.testclient import TestClient

    from fivehundred.web.app import create_app
    from fivehundred.web.botpool import BotPool

    pool = BotPool("thread", 1)
    try:
        app = create_app(Store(":memory:"), mode="serve", pool=pool)   # as `serve` builds it
        with TestClient(app) as client:
            r = client.post("/api/tables", json={"preset": "australian", "friends": True,
                                                 "seed": 7})
            assert r.status_code == 400 and "secret seed" in r.json()["error"]
            r = client.post("/api/tables", json={"preset": "australian", "friends": True})
            assert r.status_code == 200
            r = client.post("/api/tables", json={"preset": "australian", "seed": 7})
            assert r.status_code == 200          # alone against bots: your own business
    finally:
        pool.close()


def test_reconnecting_gives_the_seat_back_and_the_same_position() -> None:
    with web_client(Store(":memory:")) as client:
        t = new_table(client, seed=8)
        with connect(client, t) as ws:
            seat = Seat(ws)
            m = seat.my_turn()
            seat.send(type="act", action="pass")
            before = seat.until(lambda x: x["type"] == "state" and x["seq"] > m["seq"])
        with connect(client, t) as ws:
            again = Seat(ws).until(lambda x: x["type"] == "state")
            assert again["you"] == 0
            assert again["view"]["hand_number"] == before["view"]["hand_number"]
            assert set(again["view"]["hand"]) <= set(before["view"]["hand"])
            assert again["view"]["auction"][:len(before["view"]["auction"])] == \
                before["view"]["auction"]


def test_a_second_window_replaces_the_first() -> None:
    with web_client(Store(":memory:")) as client:
        t = new_table(client, seed=8)
        with connect(client, t) as ws1:
            s1 = Seat(ws1)
            s1.until(lambda x: x["type"] == "state")
            with connect(client, t) as ws2:
                Seat(ws2).until(lambda x: x["type"] == "state")
                err = s1.until(lambda x: x["type"] == "error")
                assert err["code"] == "replaced"


def test_a_replaced_windows_late_message_is_not_played() -> None:
    """A card sent on a link that died, delivered once the page has reconnected on a new
    socket (TCP retransmits it late), must not be played: it was chosen for an older
    position. Every message of a replaced socket is dropped."""
    with web_client(Store(":memory:")) as client:
        t = new_table(client, seed=8)
        with connect(client, t) as ws1:
            s1 = Seat(ws1)
            turn = s1.my_turn()
            with connect(client, t) as ws2:
                s2 = Seat(ws2)
                now = s2.until(lambda x: x["type"] == "state")
                s1.until(lambda x: x["type"] == "error" and x["code"] == "replaced")
                s1.send(type="act", action="pass")        # (late, on the old socket)
                time.sleep(0.5)                           # (its handler has had it)
                s2.send(type="ping")
                s2.until(lambda x: x["type"] == "pong")
                assert [m for m in s2.log if m["type"] == "state"] == [now], \
                    "the replaced socket's card was played"
                s2.send(type="act", action="pass")        # the new socket plays on
                after = s2.until(lambda x: x["type"] == "state")
                assert after["seq"] > now["seq"] and turn["seq"] <= now["seq"]


def test_saves_survive_a_server_restart(tmp_path: Path) -> None:
    db = tmp_path / "saves.db"
    with seated(Store(db), seed=21) as (client, t, seat):
        m = seat.my_turn()
        while m["view"]["phase"] != "play" or len(m["view"]["tricks"]) < 2:
            seat.send(**simple_action(m))
            m = seat.my_turn()
        kept = m
    with web_client(Store(db)) as client:
        lobby = client.get("/api/lobby").json()
        assert lobby["continue"]["table"] == t["table"]
        assert lobby["continue"]["token"] == t["token"]
        # the lobby's line names each side beside its score
        ours, theirs = kept["view"]["scores"]
        assert lobby["continue"]["summary"].endswith(
            f" · You & North {ours} · West & East {theirs}"), lobby["continue"]["summary"]
        with connect(client, t) as ws:
            back = Seat(ws).until(lambda x: x["type"] == "state")
            assert back["view"] == kept["view"]


def test_serve_mode_hides_the_continue_link_and_gives_friends_links() -> None:
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=2, friends=True)
        assert [x["seat"] for x in t["links"]] == [1, 2, 3]
        assert client.get("/api/lobby").json()["continue"] is None
        friend = t["links"][1]["url"].split("token=")[1]
        with connect(client, t) as host, connect(client, t, friend) as ws2:
            h, f = Seat(host), Seat(ws2)
            fm = f.until(lambda x: x["type"] == "state")
            assert fm["you"] == 2 and fm["table"]["links"] == []
            hm = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][2]["kind"]
                         == "human")
            assert len(hm["table"]["links"]) == 3
            # a friend cannot act for another seat (the token binds the seat): bring the
            # table to the host's turn (it waits there), then the friend tries to bid
            m = host_turn(h, f, 2, host_starts(h))
            f.send(type="act", action="pass")
            err = f.until(lambda x: x["type"] == "error")
            assert err["code"] == "not_your_turn" and "South" in err["message"]
            h.send(type="ping")
            assert h.until(lambda x: x["type"] != "state") == {"type": "pong"}
            assert h.last is not None and h.last["seq"] == m["seq"]   # nothing changed


def test_serve_mode_keeps_the_servers_problems_out_of_the_lobby() -> None:
    """A problem may quote a bot's refused card (one of its hidden cards): when serving, the
    lobby is anyone's, so problems go to the server's log only."""
    for mode, shown in (("local", True), ("serve", False)):
        with web_client(Store(":memory:"), mode=mode) as client:
            client.app.state.hub._problem("the easy bot in seat 1 chose 7H: not allowed")  # type: ignore[attr-defined]
            problems = client.get("/api/lobby").json()["problems"]
            assert (problems == ["the easy bot in seat 1 chose 7H: not allowed"]) is shown, mode


def test_a_friend_who_left_is_replaced_by_a_bot_and_can_come_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.db")
    with web_client(store, mode="serve") as client:
        t = new_table(client, seed=4, friends=True)
        friend = t["links"][0]["url"].split("token=")[1]     # West, seat 1
        with connect(client, t) as host_ws:
            h = Seat(host_ws)
            with connect(client, t, friend) as ws1:
                f = Seat(ws1)
                key = welcome_key(f)   # his own, from now
                f.until(lambda x: x["type"] == "state")
                h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"]
                        == "human" and x["table"]["seats"][1]["connected"])
                host_starts(h)
                # nobody but the creator, and no seat whose friend is still there
                f.send(type="seat_to_bot", seat=1)
                assert f.until(lambda x: x["type"] == "error")["code"] == "not_host"
                h.send(type="seat_to_bot", seat=1)
                err = h.until(lambda x: x["type"] == "error")
                assert err["code"] == "illegal" and "West is still at the table" in err["message"]
            # West has gone: the table waits on him at his turn, the creator answering his own
            # (the bots may have bid for West before he sat down: the table may wait on the
            # creator, at the very state his refused seat_to_bot messages were sent at)
            m = h.until(lambda x: x["type"] == "state" and not x["table"]["seats"][1]["connected"])
            acted = -1
            while m["view"]["to_move"] != 1:
                if m["view"]["to_move"] == 0 and m["view"]["legal"] and m["seq"] > acted:
                    acted = m["seq"]
                    h.send(**simple_action(m))
                m = h.until(lambda x: x["type"] == "state")
            links = {x["seat"]: x for x in m["table"]["links"]}
            assert links[1]["kind"] == "human" and links[1]["connected"] is False
            waiting = m["seq"]
            for bad, code in ((2, "illegal"), (0, "illegal"), (4, "illegal"), ("1", "malformed"),
                              (True, "malformed"), (None, "malformed")):
                h.send(type="seat_to_bot", seat=bad)
                assert h.until(lambda x: x["type"] == "error")["code"] == code, bad
            h.send(type="ping")
            h.until(lambda x: x["type"] == "pong")
            assert h.last is not None and h.last["seq"] == waiting     # nothing changed
            # the creator gives West's seat to a bot, which plays his turn
            h.send(type="seat_to_bot", seat=1)
            m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"] == "bot")
            assert m["table"]["seats"][1]["strength"] == "easy"
            h.until(lambda x: x["type"] == "state" and x["view"]["to_move"] != 1)
            assert json.loads(json.dumps(store.load(t["table"])))["seats"][1]["kind"] == "bot"
            h.send(type="seat_to_bot", seat=1)
            assert "already" in h.until(lambda x: x["type"] == "error")["message"]
            # West comes back (his browser has his key): the seat is his
            with connect(client, t, key) as ws1:
                Seat(ws1).until(lambda x: x["type"] == "state")
                h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"]
                        == "human" and x["table"]["seats"][1]["connected"])


def test_every_message_to_a_seat_carries_only_cards_it_may_see(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen: list[tuple[int, dict, set[str]]] = []
    original = Table.message

    def spy(self, seat, *a, **k):  # type: ignore[no-untyped-def]
        msg = original(self, seat, *a, **k)
        seen.append((seat, json.loads(json.dumps(msg)), hidden_cards(self.game, seat)))
        return msg

    monkeypatch.setattr(Table, "message", spy)
    for preset, seed in [("australian", 31), ("classic3", 32), ("five_called", 33),
                         ("two_dead_hand", 34)]:
        seen.clear()
        with web_client(Store(":memory:")) as client:
            t = new_table(client, preset=preset, seed=seed)
            with connect(client, t) as ws:
                seat = Seat(ws)
                for _ in range(2):
                    m = play_hand(seat)
                    if m["view"]["phase"] == "game_over":
                        break
                    seat.send(type="next")
        assert len(seen) > 20
        for s, msg, hidden in seen:
            # the cut for the first dealer (classic3's) names cards, shown to all: drawn
            # from a shuffle of its own, it says nothing of where they were dealt
            cut = msg.get("table", {}).pop("cut", None)
            if cut is not None:
                rules = Rules.preset(preset)
                assert cut == [token(c) for c in first_cut(rules, seed) or ()], cut
            leaked = card_strings(msg) & hidden
            assert not leaked, f"{preset}: seat {s} was sent hidden cards {leaked}"


def test_hint_and_pause() -> None:
    with seated(seed=12) as (_, _, seat):
        m = seat.my_turn()
        seat.send(type="hint")
        h = seat.until(lambda x: x["type"] in ("hint", "error"))
        assert h["type"] == "hint", h
        assert h["action"] in m["view"]["legal"] and h["candidates"] and h["words"]
        # a bid marks no card ("7H" is a bid's token and a card's)
        assert h["cards"] == ([] if m["view"]["phase"] == "auction" else
                              [h["action"].split(":")[0]]), (m["view"]["phase"], h)
        seat.send(type="pause", paused=True)
        p = seat.until(lambda x: x["type"] == "state")
        assert p["table"]["paused"] is True
        seat.send(type="act", action=m["view"]["legal"][0])
        s = seat.until(lambda x: x["type"] == "state")
        seat.send(type="ping")
        seat.until(lambda x: x["type"] == "pong")
        assert seat.last is not None and seat.last["seq"] == s["seq"]  # bots wait
        seat.send(type="pause", paused=False)
        resumed = seat.until(lambda x: x["type"] == "state" and x["seq"] > s["seq"] + 1)
        assert resumed["table"]["paused"] is False


def test_a_kitty_hint_marks_the_whole_discard() -> None:
    """Declaring, the hint names and marks every card of the discard it plans (it said
    "Discard 5♠" and marked one card where the plan was 5♠ 4♥ 6♥)."""
    with seated(seed=12) as (_, _, seat):
        m = seat.my_turn()
        while m["view"]["phase"] == "auction":
            legal = m["view"]["legal"]
            seat.send(type="act", action="10NT" if "10NT" in legal else "pass")
            m = seat.my_turn()
        assert m["view"]["phase"] == "kitty", m["view"]["phase"]
        seat.send(type="hint")
        h = seat.until(lambda x: x["type"] in ("hint", "error"))
        assert h["type"] == "hint", h
        cards = h["cards"]
        assert len(cards) == 3 == len(set(cards)) and cards[0] == h["action"], h
        assert set(cards) <= set(m["view"]["hand"])
        assert h["words"].startswith("Discard ") and " & " in h["words"], h["words"]


def test_rules_and_stats_endpoints() -> None:
    with web_client(Store(":memory:")) as client:
        t = new_table(client, preset="classic3", toggles={"target": 250})
        r = client.get(f"/api/rules?table={t['table']}").json()
        assert "house rules" in r["label"]
        assert {"option": "target", "name": "Game to", "value": 250, "words": "250",
                "text": "Points to win the game.", "off": None} in r["options"]
        assert client.get("/api/rules?table=nope").status_code == 404
        # misère off bans open misère too: the rules say what holds at the table, and why
        t = new_table(client, preset="australian", toggles={"misere_allowed": False})
        opts = {o["option"]: o for o in client.get(f"/api/rules?table={t['table']}")
                .json()["options"]}
        assert opts["misere_allowed"]["value"] == opts["open_misere_allowed"]["value"] == "false"
        assert opts["open_misere_allowed"]["text"].endswith(
            "Not at this table: misère is not allowed, and that bans open misère too.")
        assert client.get("/api/stats").json() == {"by_strength": {}}
        page = client.get("/")
        assert page.status_code == 200 and "<html" in page.text.lower()


def test_a_failing_hint_is_an_error_reply_and_the_game_goes_on(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import fivehundred.web.botpool as botpool

    def broken(view, seed):  # type: ignore[no-untyped-def]
        raise RuntimeError("no solver today")

    monkeypatch.setattr(botpool, "advise", broken)
    with seated(seed=12) as (_, _, seat):
        m = seat.my_turn()
        seat.send(type="hint")
        err = seat.until(lambda x: x["type"] == "error")
        assert err["code"] == "hint_failed" and "no solver today" in err["message"]
        seat.send(type="act", action=m["view"]["legal"][0])
        assert seat.until(lambda x: x["type"] == "state")["seq"] == m["seq"] + 1


@pytest.mark.timeout(90)     # (without the stand-in the table waits for good)
def test_a_failing_bot_has_a_stand_in_and_the_game_goes_on(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A bot that fails (no solver to be had: an install numba cannot cache for) left the
    table waiting on it for good: a stand-in plays for it, and the lobby says so."""
    import fivehundred.web.botpool as botpool

    def broken(name, seed, view):  # type: ignore[no-untyped-def]
        raise RuntimeError("cannot cache function")

    monkeypatch.setattr(botpool, "decide", broken)
    with seated(seed=12) as (client, _, seat):
        m = seat.my_turn()                          # the bots before you played
        assert m["view"]["auction"] or m["view"]["trick"], m["view"]
        seat.send(type="act", action=m["view"]["legal"][0])
        m = seat.my_turn()                          # and after you, round to you again
        problems = client.get("/api/lobby").json()["problems"]
        assert any("cannot cache function; a stand-in played for it" in p for p in problems)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["pass", "7H", "AS", "JK:H", "misere", "call QH"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=6)
MESSAGE = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "discard", "next", "pause", "seat_to_bot", "new_link",
                              "ping", "review", "take_back", "speed", "claim", "start",
                              "bogus", 7,
                              None])},
    optional={"action": JSON, "cards": JSON, "paused": JSON, "seat": JSON, "every_seat": JSON,
              "speed": JSON | st.sampled_from(["slow", "normal", "fast"]), "extra": JSON})
CODES = {"malformed", "illegal", "not_your_turn", "too_large", "not_host", "hint_failed",
         "no_review", "no_claim", "busy"}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MESSAGE | JSON, min_size=1, max_size=30))
def test_any_message_gets_a_reply_and_never_an_internal_error(messages: list[object]) -> None:
    """Random JSON of every shape, message or not: each gets at least one reply (a ping, its
    pong; a review's may come later, from the socket's slow lane; a pause, NEXT or START
    that changes nothing, none), every reply a state, a review, a take-back's or a claim's answer
    or an error with a documented code (never 'internal', the code of a bug), and the socket
    goes on."""
    with seated(preset="australian", seed=5, mode="serve", friends=True) as (_, _, seat):
        seat.until(lambda x: x["type"] == "state")
        waiting = 0
        for msg in messages:
            seat.send_raw(json.dumps(msg))
            seat.send(type="ping")
            ping = isinstance(msg, dict) and msg.get("type") == "ping"
            pongs, replies = (2 if ping else 1), 0
            late = waiting        # reviews asked before: their answers may come now
            while pongs:
                m = seat.read()
                if m == {"type": "pong"}:
                    pongs -= 1
                    continue
                replies += 1
                # (taken_back too: an "act" that lands at your turn gives a decision to take
                # back, every other seat here being a bot's)
                assert m["type"] in ("state", "error", "claimed", "review", "taken_back"), m
                if m["type"] == "error":
                    assert m["code"] in CODES, (msg, m)
                if m["type"] in ("error", "review"):
                    late = max(0, late - 1)
            # a review goes to the socket's slow lane: its answer may come after the pong
            review = isinstance(msg, dict) and msg.get("type") == "review"
            waiting = late + review
            # (documented no-ops answer nothing: resuming a table not paused, pausing a paused
            # one, NEXT pressed again for the same hand, START once the game plays)
            no_op = isinstance(msg, dict) and msg.get("type") in ("pause", "next", "start", "speed")
            assert ping or replies >= 1 or waiting or no_op, msg
