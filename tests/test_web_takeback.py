"""Taking back a decision in the browser game (``{"type": "take_back"}``, docs/protocol.md):
your last card, bid or discard of the hand and the bots' plays after it go, the table is as it
was before your decision (saved so), the statistics count it; refused, with nothing changed,
before your first decision, once the hand is over, and at a table where a friend plays."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Page

from browser import (
    DESKTOP,
    caught_up,
    click_and_wait,
    phone_page,
    play_first_playable,
    seq,
    start_game,
    trick_done,
    viewport_page,
    visible,
    wait_seq_after,
    wait_turn,
)
from fivehundred.web.botpool import BotPool
from fivehundred.web.state import view_json
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from layout_probes import LAYOUT_PROBLEMS, small_taps
from webclient import (
    Msg,
    Seat,
    connect,
    host_starts,
    host_turn,
    new_table,
    play_hand,
    seated,
    simple_action,
    to_play,
    web_client,
)


def played(m: Msg) -> int:
    """How many cards have been played in the hand of a state."""
    v = m["view"]
    return len(v["trick"]) + sum(len(t["plays"]) for t in v["tricks"])


def refused(seat: Seat, seq: int, words: str) -> None:
    """The take-back just sent is refused as illegal, in ``words``, and nothing changed."""
    err = seat.until(lambda x: x["type"] == "error")
    assert err["code"] == "illegal" and words in err["message"], err
    seat.send(type="ping")
    seat.until(lambda x: x["type"] == "pong")
    assert seat.last is not None and seat.last["seq"] == seq


def test_a_card_taken_back_puts_the_table_as_it_was(tmp_path: Path) -> None:
    """You play a card, the bots play on to your next turn; taking it back gives the very
    view you had before it (your card in your hand, the bots' cards back in theirs), saved
    so, and counted in the statistics; playing the same card again, the bots play as before
    (they are seeded)."""
    store = Store(tmp_path / "t.db")
    with web_client(store) as client:
        t = new_table(client, preset="australian", seed=8)
        with connect(client, t) as ws:
            seat = Seat(ws)
            before = to_play(seat)
            assert before["take_back"] is True       # the passes of the auction were yours
            card = before["view"]["legal"][0]
            seat.send(type="act", action=card)
            after = seat.my_turn()
            assert after["view"]["phase"] == "play" and after["take_back"] is True
            assert card not in after["view"]["hand"]
            seat.send(type="take_back")
            back = seat.until(lambda x: x["type"] == "state" and x["seq"] > after["seq"])
            assert back["view"] == before["view"]
            ack = seat.until(lambda x: x["type"] != "state")   # then, to you, the answer
            undone = played(after) - played(before)            # your card, the bots' after
            assert undone >= 2 and ack == {"type": "taken_back", "seq": back["seq"],
                                           "undone": undone}
            saved = Table.from_json(store.load(t["table"]) or {})
            assert view_json(saved.view(0)) == before["view"] and saved.take_backs == 1
            seat.send(type="act", action=card)
            again = seat.my_turn()
            assert again["view"] == after["view"]
    assert Store(tmp_path / "t.db").stats()["by_strength"]["easy"]["take_backs"] == 1


def test_a_bid_is_taken_back_in_the_auction() -> None:
    """Your bid, and the bots' bids after it, go: the auction is back at your turn."""
    with seated(preset="australian", seed=3) as (_, _, seat):
        m = seat.my_turn()
        assert m["view"]["phase"] == "auction" and m["take_back"] is False
        bid = next(b for b in m["view"]["legal"] if b != "pass")
        seat.send(type="act", action=bid)
        later = seat.my_turn()
        assert len(later["view"]["auction"]) > len(m["view"]["auction"])
        seat.send(type="take_back")
        back = seat.until(lambda x: x["type"] == "state" and x["seq"] > later["seq"])
        assert back["view"] == m["view"] and back["take_back"] is False


def test_the_discard_is_taken_back_whole() -> None:
    """The declarer's three cards put out come back to his hand together."""
    with seated(preset="australian", seed=3) as (_, _, seat):
        m = seat.my_turn()
        seat.send(type="act", action="10NT" if "10NT" in m["view"]["legal"] else "misere")
        m = seat.my_turn()
        while m["view"]["phase"] == "auction":
            seat.send(**simple_action(m))
            m = seat.my_turn()
        assert m["view"]["phase"] == "kitty", m["view"]["phase"]
        seat.send(**simple_action(m))
        played = seat.my_turn()
        assert played["view"]["phase"] == "play"
        seat.send(type="take_back")
        back = seat.until(lambda x: x["type"] == "state" and x["seq"] > played["seq"])
        if played["view"]["to_move"] == 0 and not played["view"]["trick"]:
            assert back["view"]["phase"] == "kitty" and back["view"] == m["view"]
        else:                                  # he led a card first: that is taken back
            assert back["view"]["phase"] == "play"


def test_take_backs_refused_change_nothing() -> None:
    """Before your first decision of the hand, and once it is over: refused, the reason
    given, the table as it was."""
    with seated(preset="australian", seed=6) as (_, _, seat):
        m = seat.my_turn()
        if not m["view"]["auction"]:                  # you speak first: nothing yet
            seat.send(type="take_back")
            refused(seat, m["seq"], "no decision in this hand yet")
        m = play_hand(seat)
        assert m["take_back"] is False
        seat.send(type="take_back")
        refused(seat, m["seq"], "the hand is over and scored")


def test_a_table_with_a_friend_refuses_take_backs() -> None:
    """A friend at the table would lose the cards he played: refused, for both of you, and
    neither of you is offered one."""
    with web_client(Store(":memory:"), mode="serve") as client:
        t = new_table(client, seed=2, friends=True)
        friend = t["links"][0]["url"].split("token=")[1]        # West, seat 1
        with connect(client, t) as host_ws, connect(client, t, friend) as ws1:
            h, f = Seat(host_ws), Seat(ws1)
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"] == "human")
            m = host_turn(h, f, 1, host_starts(h))
            h.send(type="act", action="pass")
            m = h.until(lambda x: x["type"] == "state" and x["seq"] > m["seq"])
            assert m["take_back"] is False
            h.send(type="take_back")
            refused(h, h.last["seq"] if h.last else -1, "West would lose cards too")


def test_a_bot_thinking_when_you_take_back_is_not_heard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots are deciding after your card when you take it back: their decision, once it
    comes, is dropped (the table has moved on), and it is your turn with your card in hand."""
    gate = threading.Event()
    gate.set()
    real = BotPool.decide

    async def slow(self: BotPool, name: str, seed: int, view: object) -> str:
        await asyncio.to_thread(gate.wait, 20)
        return await real(self, name, seed, view)  # type: ignore[arg-type]

    monkeypatch.setattr(BotPool, "decide", slow)
    with seated(preset="australian", seed=8) as (_, _, seat):
        before = to_play(seat)
        gate.clear()
        seat.send(type="act", action=before["view"]["legal"][0])
        thinking = seat.until(lambda x: x["type"] == "state" and x["table"]["thinking"]
                              is not None)
        seat.send(type="take_back")
        back = seat.until(lambda x: x["type"] == "state" and x["seq"] > thinking["seq"]
                          and x["view"]["to_move"] == 0)
        assert back["view"] == before["view"] and back["table"]["thinking"] is None
        gate.set()                    # the bot's decision comes: dropped, the table unchanged
        dropped = seat.until(lambda x: x["type"] == "state")
        assert dropped["seq"] == back["seq"] and dropped["view"] == before["view"]
        assert dropped["table"]["thinking"] is None


HAND = "[...document.querySelectorAll('#hand .card')].map((c) => c.dataset.card).sort()"
TRICK = "[...document.querySelectorAll('#trick .trick-card')].map((c) => c.dataset.card).sort()"
"""JavaScript: the cards in your hand, on the table (each sorted)."""


def settled(page: Page, cards: str) -> list[str]:
    """At your turn, ``cards`` (HAND, TRICK) once the table shows the turn's trick: its cards
    flown in (one after another), no finished trick on show (held a while, then swept off).
    (It waited for them to stand still a second and a half, a guess a slow machine beat.)"""
    trick_done(page)
    shown: list[str] = page.evaluate(f"() => {cards}")
    return shown


def wait_shows(page: Page, cards: str, want: list[str]) -> None:
    """Wait until ``cards`` (HAND, TRICK) are ``want``."""
    page.wait_for_function(f"(want) => JSON.stringify({cards}) === JSON.stringify(want)",
                           arg=want)


TOAST_OVER = """() => {
  const t = document.querySelector('#toasts').getBoundingClientRect();
  return [...document.querySelectorAll('#scores, #contract, .seat')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > t.left && r.left < t.right && r.bottom > t.top
      && r.top < t.bottom;
  }).map((e) => e.id || e.textContent.trim());
}"""
"""What the messages box covers of the scores, the contract and the seats."""


@pytest.mark.parametrize("how", ["button", "ctrl+z", "twice", "menu", "phone"])
def test_the_browser_takes_a_card_back(server: str, how: str) -> None:
    """At your first turn of the hand there is nothing to take back (the button is off);
    you pass, play a card, the bots play on; TAKE BACK (the button, Ctrl+Z, the menu, or the
    arrow on a phone, big enough for a finger and over nothing) gives the card back to your
    hand and the table the cards it had before, and says so.  Ctrl+Z pressed twice before
    the answer takes back one decision (the second waits for the first's answer), counted
    once."""
    with (phone_page("upright") if how == "phone" else viewport_page(DESKTOP)) as page:
        start_game(page, server, "australian")
        wait_turn(page)
        assert page.is_disabled("#take-back-button")
        while True:
            phase = wait_turn(page)
            if visible(page, "#bid-panel"):
                click_and_wait(page, "#pass-button")
                continue
            break
        assert phase == "play" and page.is_enabled("#take-back-button")
        hand, trick = settled(page, HAND), settled(page, TRICK)
        card = page.get_attribute("#hand .card.playable >> nth=0", "data-card")
        play_first_playable(page)
        wait_turn(page)
        assert card not in page.evaluate(f"() => {HAND}")
        before = seq(page)
        counted = page.request.get(f"{server}api/stats").json()["by_strength"]
        if how == "ctrl+z":
            page.keyboard.press("Control+z")
        elif how == "twice":                     # in one go, before any answer can come
            page.evaluate("""() => { for (let i = 0; i < 2; i++) document.dispatchEvent(
              new KeyboardEvent('keydown', {key: 'z', ctrlKey: true, bubbles: true})); }""")
        elif how == "menu":
            page.click("#menu-button")
            page.click("#take-back-menu")
        else:
            page.click("#take-back-button")
        wait_seq_after(page, before)
        wait_shows(page, HAND, hand)
        wait_shows(page, TRICK, trick)
        page.wait_for_selector("#toasts .toast:has-text('Taken back')")
        assert not page.evaluate(TOAST_OVER), "the message hides what is at the table's top"
        if how == "twice":
            caught_up(page)                      # a second take-back's answer would be in
            wait_shows(page, HAND, hand)
            now = page.request.get(f"{server}api/stats").json()["by_strength"]
            was = counted.get("easy", {}).get("take_backs", 0)
            assert now["easy"]["take_backs"] == was + 1
        if how == "phone":
            assert not [t for t in small_taps(page) if "take-back" in t]
            assert not page.evaluate(LAYOUT_PROBLEMS)["out"]


def test_a_trick_your_card_finished_is_gone_at_once_when_taken_back(server: str) -> None:
    """Your card is the last of a trick; you take it back while the finished trick is on
    show (slow speed: it stays long): the table shows at once the three cards before yours,
    no winner marked or named, not the trick gathered to a winner first."""
    with viewport_page(DESKTOP) as page:
        start_game(page, server, "australian")
        page.click("#menu-button")
        page.click(".speed-choice[data-speed=slow]")
        page.keyboard.press("Escape")
        while True:
            wait_turn(page)
            if visible(page, "#bid-panel"):
                click_and_wait(page, "#pass-button")
                continue
            trick = settled(page, TRICK)
            if len(trick) == 3:
                break
            play_first_playable(page)
        status = page.inner_text("#status")
        play_first_playable(page)
        page.keyboard.press("Control+z")
        page.wait_for_selector("#toasts .toast:has-text('Taken back')")
        shown = page.evaluate(f"""() => ({{
          trick: {TRICK},
          winning: document.querySelectorAll('#trick .trick-card.winning').length,
          status: document.querySelector('#status').innerText}})""")
        assert shown["trick"] == trick and shown["winning"] == 0, shown
        assert "wins the trick" not in shown["status"] and shown["status"] == status, shown


def test_the_hint_is_the_same_back_at_the_same_point() -> None:
    """Asked at a turn, then again after playing and taking the card back: the same hint
    (it is seeded by the point of the game, not by how many messages came before)."""
    with seated(preset="australian", seed=8) as (_, _, seat):
        m = to_play(seat)
        seat.send(type="hint")
        first = seat.until(lambda x: x["type"] == "hint")
        seat.send(type="act", action=m["view"]["legal"][-1])
        seat.my_turn()
        seat.send(type="take_back")
        seat.until(lambda x: x["type"] == "taken_back")
        seat.send(type="hint")
        again = seat.until(lambda x: x["type"] == "hint")
        assert again["seq"] > first["seq"]
        first.pop("seq")
        again.pop("seq")
        assert again == first
