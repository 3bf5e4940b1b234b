"""PLAY THIS DEAL AGAIN (``{"type": "practice"}``, docs/protocol.md): at a table of bots, once a
hand is over, a practice table deals exactly its cards again (every seat's, the kitty, the
dealer) from a fresh secret seed, you in your seat; it plays that one hand (PLAY IT AGAIN
deals it once more, no NEXT), counts in no statistics, is listed nowhere in the lobby, and the
game waits untouched for BACK TO THE GAME."""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from starlette.testclient import TestClient

from browser import TURN, click_and_wait, play_to_the_sheet, start_game, take_turn, wait_turn
from fivehundred import Rules
from fivehundred.cards import tokens
from fivehundred.web.hub import Hub
from fivehundred.web.seats import TableError, bot_seed
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from webclient import Msg, Seat, connect, host_starts, new_table, play_hand, seated, web_client

SEED = 8
"""A deal where the bots bid and the hand is played out (passing in the auction)."""


def first_state(seat: Seat) -> Msg:
    """The first state a socket is sent."""
    return seat.until(lambda x: x["type"] == "state")


def practise(seat: Seat) -> Msg:
    """Ask for PLAY THIS DEAL AGAIN; the ``practice`` answer (the practice table's link)."""
    seat.send(type="practice")
    return seat.until(lambda x: x["type"] in ("practice", "error"))


def refused(seat: Seat, seq: int, code: str, words: str) -> None:
    """The message just sent is refused with ``code``, in ``words``, and nothing changed."""
    err = seat.until(lambda x: x["type"] == "error" or (x["type"] == "state"
                                                        and x["seq"] > seq))
    assert err["type"] == "error" and err["code"] == code and words in err["message"], err
    seat.send(type="ping")
    seat.until(lambda x: x["type"] == "pong")
    assert seat.last is not None and seat.last["seq"] == seq


def hub_of(client: Any) -> Hub:
    hub: Hub = client.app.state.hub
    return hub


def test_a_practice_table_deals_the_hand_again_from_a_fresh_seed(tmp_path: Path) -> None:
    """Every seat's cards, the kitty and the dealer of the hand just played, you in your seat,
    the same rules, strengths and speed; a seed (and so bots' seeds) not the game's; the
    game's saved form untouched."""
    store = Store(tmp_path / "t.db")
    with web_client(store) as client:
        t = new_table(client, preset="australian", seed=SEED, speed="fast")
        with connect(client, t) as ws:
            seat = Seat(ws)
            first = first_state(seat)
            end = play_hand(seat)
            assert end["view"]["phase"] == "hand_over" and end["practice"] is True
            game = hub_of(client).tables[t["table"]]
            saved = store.load(t["table"])
            answer = practise(seat)
            assert answer["type"] == "practice" and answer["seat"] == 0, answer
            assert answer["table"] != t["table"] and answer["token"] != t["token"]
        p = hub_of(client).tables[answer["table"]]
        dealt = game.game.past_hands[-1].deal
        assert p.game.deal == dealt and p.game.dealer == dealt.dealer
        assert p.seed != game.seed and p.game.seed == p.seed
        assert all(bot_seed(p.seed, s) != bot_seed(game.seed, s) for s in range(1, 4))
        assert (p.rules, p.strength, p.speed, p.friends) == (game.rules, "easy", "fast", False)
        assert [(s.kind, s.strength, s.name) for s in p.seats] == [
            (s.kind, s.strength, s.name) for s in game.seats]
        with connect(client, {"table": answer["table"], "token": answer["token"]}) as ws:
            m = first_state(Seat(ws))
            assert m["you"] == 0 and m["view"]["hand_number"] == 0
            assert sorted(m["view"]["hand"]) == sorted(first["view"]["hand"])
            assert m["view"]["dealer"] == first["view"]["dealer"]
            assert m["table"]["practice"] == {
                "table": t["table"], "hand": 0,
                "back": f"/?table={t['table']}&token={t['token']}"}
        # saved with the deal it was given: read back, the same cards
        data = store.load(answer["table"]) or {}
        assert data["deal"]["hands"][1] == list(tokens(dealt.hands[1]))
        assert data["deal"]["kitty"] == list(tokens(dealt.kitty))
        assert Table.from_json(data).game.deal == dealt
        assert store.load(t["table"]) == saved          # the game waits, untouched


def test_a_practice_hand_counts_nowhere_and_plays_one_hand_only(tmp_path: Path) -> None:
    """Played to its end, the statistics are as before and the lobby offers the game, not the
    practice table; NEXT is refused there; PLAY IT AGAIN deals the same cards once more;
    BACK TO THE GAME opens the game as it was."""
    store = Store(tmp_path / "t.db")
    with web_client(store) as client:
        t = new_table(client, preset="australian", seed=SEED)
        with connect(client, t) as ws:
            seat = Seat(ws)
            end = play_hand(seat)
            answer = practise(seat)
        stats = client.get("/api/stats").json()
        assert stats["by_strength"]["easy"]["hands"] == 1
        link = {"table": answer["table"], "token": answer["token"]}
        with connect(client, link) as ws:
            seat = Seat(ws)
            start = first_state(seat)
            over = play_hand(seat)
            assert over["view"]["phase"] == "hand_over" and over["practice"] is True
            assert client.get("/api/stats").json() == stats
            seat.send(type="next")
            refused(seat, over["seq"], "illegal", "a practice table plays one hand")
            seat.send(type="practice")                          # PLAY IT AGAIN
            again = seat.until(lambda x: x["type"] == "state" and x["seq"] > over["seq"])
            assert again["view"] == start["view"] and again["table"]["id"] == link["table"]
            back = again["table"]["practice"]["back"]
        lobby = client.get("/api/lobby").json()
        assert lobby["continue"]["table"] == t["table"] and lobby["in_play"] == []
        assert lobby["stats"] == stats and lobby["finished"] == []
        table, token = back.removeprefix("/?table=").split("&token=")
        with connect(client, {"table": table, "token": token}) as ws:
            m = first_state(Seat(ws))                           # BACK TO THE GAME
            assert m["view"] == end["view"] and m["seq"] == end["seq"]


def test_refused_where_it_may_not_be_and_nothing_changes() -> None:
    """Before the hand is over; at a table with friends (their cards are at stake); with a
    token that is no seat's: refused, the table as it was, no table started."""
    store = Store(":memory:")
    with web_client(store, mode="serve") as client:
        t = new_table(client, preset="australian", seed=SEED)
        with connect(client, t) as ws:
            seat = Seat(ws)
            m = seat.my_turn()
            assert m["practice"] is False
            saved = store.load(t["table"])
            seat.send(type="practice")
            refused(seat, m["seq"], "no_practice", "the hand is still being played")
            assert store.load(t["table"]) == saved
            play_hand(seat)
            seat.send(type="next")                  # the next hand, under way: refused too
            m = seat.my_turn()
            assert m["view"]["hand_number"] == 1 and m["practice"] is False
            saved = store.load(t["table"])
            seat.send(type="practice")
            refused(seat, m["seq"], "no_practice", "the hand is still being played")
            assert store.load(t["table"]) == saved
        with connect(client, t, "not-a-seat-token") as ws:
            err = Seat(ws).read()
            assert err["code"] == "unknown_table"
        f = new_table(client, preset="australian", seed=SEED, friends=True)
        with connect(client, f) as ws:
            seat = Seat(ws)
            host_starts(seat)
            end = play_hand(seat)
            assert end["view"]["phase"] == "hand_over" and end["practice"] is False
            saved = store.load(f["table"])
            seat.send(type="practice")
            refused(seat, end["seq"], "no_practice", "at a table with friends")
            assert store.load(f["table"]) == saved
        hub = hub_of(client)
        assert set(hub.tables) == {t["table"], f["table"]}
        assert {tid for tid, _ in store.unfinished()} == {t["table"], f["table"]}


def test_a_hand_thrown_in_is_not_played_again_but_one_played_at_no_trumps_is() -> None:
    """All passed and dealt again: nothing was played (refused, nothing changed); all passed
    under ``all_pass`` ``play_no_trumps``: the hand was played, and may be."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=5)
    for a in ["pass"] * 4:
        t.act(t.game.to_move or 0, a)
    saved = t.to_json()
    with pytest.raises(TableError, match="thrown in") as e:
        t.practise(0)
    assert e.value.code == "no_practice" and t.to_json() == saved
    nt = Table.new("australian", Rules.preset("australian").replace(all_pass="play_no_trumps"),
                   "easy", seed=5)
    for a in ["pass"] * 4:
        nt.act(nt.game.to_move or 0, a)
    while nt.game.phase == "play":
        g = nt.game
        nt.act(g.to_move or 0, g.view(g.to_move or 0).legal_actions[0])
    assert nt.game.hand_results[-1].kind == "all_pass_no_trumps"
    p = nt.practise(0)
    assert p.game.deal == nt.game.past_hands[-1].deal and p.practice is not None




def _step(t: Table) -> None:
    """One move at ``t``, whoever's: the first to speak bids at the six level and the others
    pass (someone declares), a discard of the first cards, the first legal card."""
    g = t.game
    seat = g.to_move or 0
    v = g.view(seat)
    if g.phase == "kitty":
        t.discard(seat, list(v.hand[:t.rules.kitty_size]))
    elif g.phase == "auction":
        opening = not g.view(seat).auction
        t.act(seat, next((a for a in v.legal_actions if a.startswith("6") and opening), "pass"))
    else:
        t.act(seat, v.legal_actions[0])

def test_a_practice_begins_at_the_score_its_hand_began_at() -> None:
    """The practice of hand 2 began at 0 to 0, where the bots bid as at no score (near the
    target, or in the hole, they bid otherwise) and the hand could not end the game as it
    had: it begins at the game's score before that hand, saved with it, and PLAY IT AGAIN
    begins there again."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=5)
    while len(t.game.hand_results) < 3 or not any(t.game.scores):
        if t.game.phase == "hand_over":
            t.press_next(0, {0})
        else:
            _step(t)
    g = t.game
    before = tuple(a - b for a, b in zip(g.scores, g.hand_results[-1].points, strict=True))
    assert any(before), before
    p = t.practise(0)
    assert p.game.start_scores == p.game.scores == before
    back = Table.from_json(p.to_json())
    assert back.game.scores == before
    while p.game.phase not in ("hand_over", "game_over"):
        _step(p)
    p.play_again(0)
    assert p.game.scores == before and p.game.hand_results == ()
    assert Table.from_json(p.to_json()).game.scores == before

def test_the_practice_table_comes_back_from_its_save() -> None:
    """Let go from memory (``Hub.sweep``) and brought back, it is the practice table it was:
    its deal (the cards on show), its game's link."""
    store = Store(":memory:")
    with web_client(store) as client:
        hub = hub_of(client)
        t = new_table(client, preset="australian", seed=SEED)
        with connect(client, t) as ws:
            seat = Seat(ws)
            play_hand(seat)
            answer = practise(seat)
        link = {"table": answer["table"], "token": answer["token"]}
        with connect(client, link) as ws:
            seat = Seat(ws)
            shown = seat.my_turn()
            before = hub.tables[link["table"]].to_json()
            dealt = hub.tables[link["table"]].game.deal
        deadline = time.monotonic() + 30
        while hub.conns.get(link["table"]) or hub.holds.get(link["table"]):
            assert time.monotonic() < deadline
            time.sleep(0.02)
        hub.keep_idle = 0.0
        hub.sweep()
        assert link["table"] not in hub.tables
        with connect(client, link) as ws:
            m = first_state(Seat(ws))
            assert m["table"]["practice"]["table"] == t["table"]
            assert m["view"]["hand"] == shown["view"]["hand"]
        back = hub.tables[link["table"]]
        assert back.to_json() == before and back.practice is not None
        assert back.game.deal == dealt


def test_a_damaged_practice_save_is_reported() -> None:
    """A practice table's save with a second hand, or a deal that is not one: damaged."""
    with seated(preset="australian", seed=SEED) as (client, _, seat):
        play_hand(seat)
        answer = practise(seat)
        data = hub_of(client).store.load(answer["table"]) or {}
    with pytest.raises(TableError, match="plays one hand"):
        Table.from_json({**data, "hands": [[], []]})
    bad = json.loads(json.dumps(data))
    bad["deal"]["kitty"] = []
    with pytest.raises(TableError, match="kitty"):
        Table.from_json(bad)


# -------------------------------------------------------------------- the browser


def hand_cards(page: Page) -> list[str]:
    """The cards of your hand on show."""
    return sorted(page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)"))


def test_play_this_deal_again_in_the_browser(server: str, page: Page, shots: Path) -> None:
    """Play a hand with Easy bots at fast speed, PLAY THIS DEAL AGAIN: your cards are the
    hand's first ones; play it out, BACK TO THE GAME: the game's sheet, as it was."""
    page.add_init_script("localStorage.setItem('fivehundred.prefs', "
                         "JSON.stringify({speed: 'fast'}))")
    start_game(page, server, "australian", "easy", seed=SEED)
    wait_turn(page)
    first = hand_cards(page)
    game_id = page.evaluate("window.fivehundred.app.state.table.id")
    assert page.evaluate("window.fivehundred.app.state.table.speed") == "fast"
    play_to_the_sheet(page)
    page.wait_for_selector("#practice-button")
    page.screenshot(path=str(shots / "practice-sheet.png"))
    page.click("#practice-button")
    page.wait_for_function(f"window.fivehundred.app.state && "
                           f"window.fivehundred.app.state.table.id !== {game_id!r}")
    wait_turn(page)
    assert hand_cards(page) == first
    assert page.is_visible("#practice-tag")
    while (phase := practice_turn(page)) not in ("hand_over", "game_over"):
        take_turn(page, phase)
    assert page.is_visible("#back-to-game-button") and not page.is_visible("#next-button")
    page.screenshot(path=str(shots / "practice-again.png"))
    page.click("#back-to-game-button")
    page.wait_for_function(f"window.fivehundred.app.state && "
                           f"window.fivehundred.app.state.table.id === {game_id!r}")
    page.wait_for_selector("#next-button")
    assert not page.is_visible("#practice-tag")
    click_and_wait(page, "#next-button")            # the game goes on, its next hand dealt
    assert page.evaluate("window.fivehundred.app.state.view.hand_number") == 1


def practice_turn(page: Page) -> str:
    """As ``wait_turn``, a practice table's sheet (PLAY IT AGAIN, no NEXT) counting too."""
    page.wait_for_function(f"({TURN})() || !!document.querySelector("
                           f"'.modal:not([hidden]) #play-again-button')", timeout=60_000)
    return str(page.evaluate("document.body.dataset.phase"))


@contextmanager
def practised(store: Store) -> Iterator[tuple[TestClient, Seat, Msg]]:
    """A game's first hand played out (fast), its creator's socket open, and the answer to
    its first PLAY THIS DEAL AGAIN."""
    with seated(store, preset="australian", seed=SEED, speed="fast") as (client, _, seat):
        first_state(seat)
        play_hand(seat)
        yield client, seat, practise(seat)


def test_the_same_hand_practised_again_is_the_same_table_dealt_again(tmp_path: Path) -> None:
    """PLAY THIS DEAL AGAIN asked for twice from the game opens the one practice table of
    that hand again, dealt from its start: a new saved table a click filled the saves file
    without end (practice tables are never listed, so never let go by a player)."""
    store = Store(tmp_path / "t.db")
    with practised(store) as (client, seat, one):
        with connect(client, {"table": one["table"], "token": one["token"]}) as pws:
            p = Seat(pws)
            first_state(p)
            p.send(type="pause", paused=True)
            p.until(lambda x: x["type"] == "state" and x["table"]["paused"])
            seat.send(type="speed", speed="slow")        # (the game's speed, changed)
            seat.until(lambda x: x["type"] == "state" and x["table"]["speed"] == "slow")
            played = hub_of(client).tables[one["table"]].seq     # (the bots may bid on)
            two = practise(seat)
            again = p.until(lambda x: x["type"] == "state" and x["seq"] > played)
            assert again["view"]["auction"] == [] and again["view"]["hand_number"] == 0
            # dealt again as a new one is: the game's speed, no pause
            assert again["table"]["speed"] == "slow" and not again["table"]["paused"]
        assert (two["table"], two["token"]) == (one["table"], one["token"])
    rows = store.db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
    assert rows == 2                                     # the game and one practice table


def test_a_damaged_practice_row_is_kept_and_another_table_opened(tmp_path: Path) -> None:
    """Asked for again over a practice table whose save is damaged, the damaged row was
    saved over, though the lobby said it was kept: it is kept, and the practice is a table
    of its own."""
    store = Store(tmp_path / "t.db")
    with practised(store) as (client, seat, one):
        hub = hub_of(client)
        hub.tables.pop(one["table"])                     # (let go, as the sweep does)
        store.db.execute("UPDATE tables SET data = '{' WHERE id = ?", (one["table"],))
        two = practise(seat)
        assert two["type"] == "practice" and two["table"] != one["table"], two
        assert practise(seat)["table"] == two["table"]   # (and that one again, not a third)
    row = store.db.execute("SELECT data FROM tables WHERE id = ?", (one["table"],)).fetchone()
    assert row == ("{",)                                 # kept as it was
    assert any("it was kept" in p for p in hub.problems)


def test_a_practice_table_is_logged_as_a_new_table_is(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The host's log names each practice table as it is opened and dealt again (with its
    game's id and hand, never a token or a seed), as it names every other new table: a
    practice table appeared in the saves file with no line saying where it came from."""
    store = Store(tmp_path / "t.db")
    with caplog.at_level(logging.INFO, "fivehundred.web"), practised(store) as (client, seat, one):
        game = next(t for t in hub_of(client).tables.values() if t.practice is None)
        practice = hub_of(client).tables[one["table"]]
        assert practise(seat)["table"] == one["table"]
    lines = [r.getMessage() for r in caplog.records if r.name == "fivehundred.web"]
    assert f"practice table {one['table']} created: hand 1 of table {game.id}" in lines, lines
    assert f"practice table {one['table']} dealt again" in lines, lines
    text = "\n".join(lines)
    assert one["token"] not in text
    # a seed as a number of its own (the game's, 8, is a digit a random table id may hold)
    words = set(re.findall(r"[0-9A-Za-z_-]+", text))
    assert not {str(practice.seed), str(game.seed)} & words, (game.seed, practice.seed, text)
