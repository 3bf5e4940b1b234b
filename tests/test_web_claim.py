"""Claims in the browser game (``{"type": "claim"}``, docs/protocol.md): a claim that stands
plays the hand out at once and is announced to every seat (``claimed``), saved so; one that
does not, or may not be made, is refused with the reason and nothing changed; the bots wait
while a claim is checked."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from browser import (
    DESKTOP,
    click_and_wait,
    phone_page,
    play_first_playable,
    start_game,
    viewport_page,
    visible,
    wait_turn,
)
from fivehundred import Rules
from fivehundred.web.botpool import BotPool
from fivehundred.web.hub import Hub
from fivehundred.web.seats import TableError
from fivehundred.web.state import view_json
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from layout_probes import LAYOUT_PROBLEMS, small_taps
from webclient import (
    Msg,
    Seat,
    connect,
    host_starts,
    new_table,
    seated,
    simple_action,
    to_play,
    web_client,
)


def _side_tricks(m: Msg, side: list[int]) -> int:
    return sum(m["view"]["tricks_won"][s] for s in side)


def _nothing_changed(seat: Seat, seq: int, code: str, words: str) -> None:
    err = seat.until(lambda x: x["type"] == "error")
    assert err["code"] == code and words in err["message"], err
    seat.send_raw('{"type": "ping"}')
    seat.until(lambda x: x["type"] == "pong")
    assert seat.last is not None and seat.last["seq"] == seq


def test_claims_refused_then_one_that_stands_plays_the_hand_out(tmp_path: Path) -> None:
    """At each of your turns in the play you claim: refused (the reason, nothing changed)
    until the cards give your side every trick left; then the hand is played out at once,
    ``claimed`` says what, your side has taken every trick left, and the saved table is the
    same."""
    store = Store(tmp_path / "t.db")
    with web_client(store) as client:
        t = new_table(client, preset="australian", seed=8)
        with connect(client, t) as ws:
            seat = Seat(ws)
            m = seat.my_turn()
            assert m["claim"] is False            # the auction: no claim
            seat.send_raw('{"type": "claim"}')
            _nothing_changed(seat, m["seq"], "illegal", "for the play of a hand")
            refusals = 0
            while True:
                m = seat.my_turn()
                assert m["view"]["phase"] not in ("hand_over", "game_over"), "no claim stood"
                if m["view"]["phase"] != "play":
                    seat.send(**simple_action(m))
                    continue
                assert m["claim"] is True
                seat.send_raw('{"type": "claim"}')
                reply = seat.until(lambda x: x["type"] in ("error", "claimed"))
                if reply["type"] == "error":
                    assert reply["code"] == "no_claim", reply
                    assert reply["message"].startswith("you & North cannot be sure of")
                    seat.send_raw('{"type": "ping"}')
                    seat.until(lambda x: x["type"] == "pong")
                    assert seat.last is not None and seat.last["seq"] == m["seq"]
                    refusals += 1
                    seat.send(**simple_action(m))
                    continue
                break
            assert refusals >= 1
            left = len(m["view"]["hand"])
            assert reply == {"type": "claimed", "seat": 0, "seq": m["seq"] + 1, "tricks": left,
                             "misere": False, "side": [0, 2],
                             "text": f"You claimed the last {left} tricks for you & North"}
            end = seat.until(lambda x: x["type"] == "state")
            assert end["seq"] == reply["seq"] and end["view"]["phase"] == "hand_over"
            assert _side_tricks(end, [0, 2]) == _side_tricks(m, [0, 2]) + left
            assert end["claim"] is False and end["sheet"] is not None
            saved = Table.from_json(store.load(t["table"]) or {})
            assert view_json(saved.view(0)) == end["view"]


def _host_turn(host: Seat, friend: Seat, m: Msg) -> Msg:
    """From the host's state ``m``, his next turn, the friend (seat 1) making the simple
    move at each of his turns on the way."""
    while not (m["view"]["to_move"] == 0 and m["view"]["legal"]) and m["view"]["phase"] not in (
            "hand_over", "game_over"):
        if m["view"]["to_move"] == 1 and m["seq"] > friend.answered:
            fm = friend.until(lambda x, at=m["seq"]: x["type"] == "state" and x["seq"] >= at)
            friend.send(**simple_action(fm))
        m = host.until(lambda x: x["type"] == "state")
    return m


def test_a_friend_is_told_of_a_claim() -> None:
    """A friend at the table gets the ``claimed`` message too, and the state after it."""
    with web_client(Store(":memory:"), mode="serve") as client:
        # (a deal where your side can claim before the hand ends, the bots bidding as they
        # do: seed 3 had one until Hard's sure bids were made modest)
        t = new_table(client, seed=8, friends=True)
        friend = t["links"][0]["url"].split("token=")[1]        # West, seat 1
        with connect(client, t) as host_ws, connect(client, t, friend) as ws1:
            h, f = Seat(host_ws), Seat(ws1)
            h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["kind"] == "human")
            m = _host_turn(h, f, host_starts(h))
            note: dict[str, Any] | None = None
            while note is None:
                v = m["view"]
                assert v["phase"] not in ("hand_over", "game_over"), "no claim stood"
                if v["phase"] == "play":
                    h.send_raw('{"type": "claim"}')
                    reply = h.until(lambda x: x["type"] in ("error", "claimed"))
                    if reply["type"] == "claimed":
                        note = reply
                        break
                h.send(**simple_action(m))
                m = _host_turn(h, f, h.until(lambda x, at=m["seq"]: x["type"] == "state"
                                             and x["seq"] > at))
            told = f.until(lambda x: x["type"] == "claimed")
            # the same claim, in the friend's words
            assert {**told, "text": note["text"]} == note
            assert note["text"].startswith("You claimed the last ")
            # (his side named as his scores name it: clockwise from him, West)
            assert told["text"] == note["text"].replace("You", "South", 1).replace(
                "for you & North", "for North & South")
            after = f.until(lambda x: x["type"] == "state" and x["seq"] == note["seq"])
            assert after["view"]["phase"] == "hand_over"


def test_the_bots_wait_while_a_claim_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """You claim while a bot is to play: no bot card lands before the answer (it would make
    the answer stale: the last state before the refusal is the position the claim was checked
    on), and once the claim is refused the bots play on.  The check is answered only once the
    bot deciding as it began has its card and the bots' turns have stopped (played out, were
    it allowed): what the test waits on is that, not a length of time."""
    real, real_decide, real_run = BotPool.claim, BotPool.decide, Hub._run_bots
    checked: list[Any] = []
    started = asyncio.Event()  # the claim's check has begun
    held: list[bool] = []     # once set, a bot's card, decided, waits for the claim's check
    decided = asyncio.Event()  # a bot's card was decided after the check began
    running: list[int] = []   # the bots' turns being played (Hub._run_bots), one each
    stopped = asyncio.Event()  # none is any more

    async def slow(self: BotPool, game: Any, seat: int, names: list[str]) -> dict[str, Any]:
        """The check, answered once the bots have stopped (their card decided meanwhile)."""
        checked.append(view_json(game.view(0)))
        started.set()
        if running:
            stopped.clear()
            await asyncio.wait_for(stopped.wait(), 20)
        return await real(self, game, seat, names)

    async def decide(self: BotPool, name: str, seed: int, view: Any) -> str:
        """The bot's card, held (once ``held``) until the claim's check has begun."""
        action = await real_decide(self, name, seed, view)
        if held:                 # (a bot must not play the trick out before the claim comes)
            with suppress(TimeoutError):
                await asyncio.wait_for(started.wait(), 20)
            if started.is_set():
                decided.set()
        return action

    def run_bots(self: Hub, table: Table) -> Coroutine[Any, Any, None]:
        """The bots' turns as the hub plays them, counted from when the hub starts them."""
        running.append(1)

        async def run() -> None:
            """The hub's own, then one fewer running."""
            try:
                await real_run(self, table)
            finally:
                running.pop()
                if not running:
                    stopped.set()
        return run()

    monkeypatch.setattr(BotPool, "claim", slow)
    monkeypatch.setattr(BotPool, "decide", decide)
    monkeypatch.setattr(Hub, "_run_bots", run_bots)
    with seated(preset="australian", seed=8) as (_, _, seat):
        m = to_play(seat)
        held.append(True)
        seat.send(type="act", action=m["view"]["legal"][0])
        seat.until(lambda x: x["type"] == "state" and x["seq"] > m["seq"]
                   and x["view"]["to_move"] != 0)
        seat.send_raw('{"type": "claim"}')
        err = seat.until(lambda x: x["type"] == "error")
        assert err["code"] == "no_claim" and "cannot be sure" in err["message"], err
        assert decided.is_set()                          # a bot's card was there to play
        assert seat.last is not None and checked == [seat.last["view"]]
        assert seat.last["view"]["to_move"] != 0        # a bot was to play all along
        at = seat.last["seq"]
        later = seat.until(lambda x: x["type"] == "state" and x["seq"] > at)
        assert later["view"]["phase"] == "play"         # the bots play on


def test_a_failing_check_says_no_more_than_that(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's worker fails: the claim is refused without the error's text (it might
    name a card), nothing changed, and the game goes on."""
    import fivehundred.web.botpool as botpool

    def broken(game: Any, seat: int, names: list[str]) -> dict[str, Any]:
        raise RuntimeError("cannot play AS: a hidden card")

    monkeypatch.setattr(botpool, "claim_answer", broken)
    with seated(preset="australian", seed=8) as (_, _, seat):
        m = to_play(seat)
        seat.send_raw('{"type": "claim"}')
        _nothing_changed(seat, m["seq"], "no_claim", "could not be checked")
        errors = [x for x in seat.log if x["type"] == "error"]
        assert errors and all("AS" not in x["message"] for x in errors)
        seat.send(type="act", action=m["view"]["legal"][0])
        assert seat.until(lambda x: x["type"] == "state")["seq"] == m["seq"] + 1


def test_in_a_misere_only_the_declarer_is_offered_a_claim() -> None:
    """A misère bid at a table (every seat's moves through the Table): the declarer is
    offered a claim, a defender is not and is refused with the reason, nothing changed."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=4)
    for s in range(4):                   # (people at every seat: a bot's seat claims nothing)
        t.take_seat(s)
    g = t.game
    t.act(g.to_move, "7S")               # (misère bids over a seven)
    declarer = g.to_move
    t.act(declarer, "misere")
    while g.phase == "auction":
        t.act(g.to_move, "pass")
    assert g.contract is not None and g.contract.is_misere and g.contract.declarer == declarer
    t.discard(declarer, list(t.view(declarer).hand[-3:]))
    assert g.phase == "play"
    defender = (declarer + 1) % 4
    assert t.message(declarer, set())["claim"] is True
    assert t.message(defender, set())["claim"] is False
    seq, actions = t.seq, g.actions
    with pytest.raises(TableError, match="only the declarer claims"):
        t.check_claim(defender)
    with pytest.raises(TableError, match="only the declarer claims"):
        t.play_claim(defender, [])
    assert (t.seq, g.actions) == (seq, actions)


def test_a_claims_cards_are_played_all_or_none() -> None:
    """The cards a worker planned are checked on the table: ones that do not play the hand
    out, or are not legal here, are refused with nothing changed."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=4)
    g = t.game
    t.act(g.to_move, "6S")
    while g.phase == "auction":
        t.act(g.to_move, "pass")
    t.discard(g.to_move, list(t.view(g.to_move).hand[-3:]))
    seq, actions = t.seq, g.actions
    first = g.legal_actions()[0]
    for plays, words in [([first], "do not play the hand out"), (["AS", "AS"], "no longer fit"),
                         ("AS", "card tokens"), ([3], "card tokens")]:
        with pytest.raises(TableError, match=words):
            t.play_claim(g.to_move or 0, plays)
        assert (t.seq, g.actions) == (seq, actions)


# a refusal in the status line (as a card refused), a claim that stood first on the sheet
CLAIM_ANSWER = "#status.error:has-text('No claim'), #sheet-lines li:has-text('claimed the last')"


@pytest.mark.parametrize("how", ["button", "menu", "phone"])
def test_the_browser_claims_the_rest(server: str, how: str) -> None:
    """No claim is offered in the auction; in the play CLAIM (the corner's button, the menu;
    on a phone the menu, the corner's buttons clear of your seat) is refused with the reason
    until the cards give your side every trick left, then the hand is played out at once:
    the end-of-hand sheet, and what you claimed."""
    with (phone_page("upright") if how == "phone" else viewport_page(DESKTOP)) as page:
        start_game(page, server, "australian", seed=8)   # a claim stands after 3 refused
        while True:
            wait_turn(page)
            if visible(page, "#bid-panel"):
                assert not visible(page, "#claim-button")
                click_and_wait(page, "#pass-button")
                continue
            break
        refusals = 0
        while True:
            assert visible(page, "#claim-button") == (how != "phone"), refusals
            assert not visible(page, "#sheet")
            if how == "phone":     # (the corner's buttons: the trick's cards may be flying)
                problems = page.evaluate(LAYOUT_PROBLEMS)["out"]
                assert not [x for x in problems if "button" in x or "quick-hint" in x], problems
            if how in ("menu", "phone"):
                page.click("#menu-button")
                if how == "phone":
                    assert not [t for t in small_taps(page) if "claim" in t]
                page.click("#claim-menu")
            else:
                page.click("#claim-button")
            answer = page.wait_for_selector(CLAIM_ANSWER).inner_text()
            if answer.startswith("No claim"):
                assert answer.startswith("No claim: you & North cannot be sure of"), answer
                assert not page.locator("#toasts .toast").count()  # (over the trick, it was)
                refusals += 1
                play_first_playable(page)
                wait_turn(page)
                assert not visible(page, "#status.error")       # the next state's line
                continue
            break
        assert refusals >= 1
        assert answer.startswith("You claimed the last") and "for you & North." in answer, answer
        page.wait_for_selector("#sheet", state="visible")
        assert page.locator("#sheet-lines li").first.inner_text() == answer  # first, said once
        assert not page.locator("#toasts .toast").count()  # (over the sheet, it was)
        assert not visible(page, "#claim-button")


def test_a_claim_is_said_only_on_its_own_tables_sheet(page: Page, server: str) -> None:
    """The claim that ended a hand is the first line of that hand's sheet, of that table
    only: keyed by the hand's number alone, it was said again on the sheet of the same hand
    of the next game played in the page (NEW GAME, OPEN from the lobby)."""
    page.goto(server)
    lines = page.evaluate("""async () => {
      const d = await import('/static/dialogs.js');
      d.noteClaim('A', 2, 'You claimed the last 3 tricks for you & North');
      const of = (table, number) => d.sheetLines({table: {id: table},
                                                 sheet: {number, lines: ['South took 7']}});
      return [of('A', 2), of('B', 2), of('A', 1)];
    }""")
    assert lines == [["You claimed the last 3 tricks for you & North.", "South took 7"],
                     ["South took 7"], ["South took 7"]]


def test_a_page_watching_a_bot_declare_for_it_is_offered_no_discard() -> None:
    """While a bot plays an away player's seat, his page is given nothing to do, the kitty's
    discard included (its panel asked him for three cards the server then refused)."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=4)
    g = t.game
    while g.phase == "auction":
        t.act(g.to_move, "7S" if not g.auction else "pass")
    declarer = g.to_move
    assert g.phase == "kitty" and declarer is not None
    t.take_seat(declarer)                       # a person's seat...
    assert t.message(declarer, {declarer})["view"]["discards_left"] == 3
    t.seats[declarer].kind = "bot"              # ...a bot plays while he is away
    m = t.message(declarer, {declarer})
    assert (m["view"]["legal"], m["view"]["discards_left"]) == ([], 0), m["view"]
    assert m["status"] == "A bot plays your turn"
