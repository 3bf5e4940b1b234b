"""The browser game's REVIEW through the protocol: each card of a played hand beside double
dummy's best, for your seat or every seat, and refused exactly when it should be."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from fivehundred import Rules
from fivehundred.web.store import Store
from fivehundred.web.table import Table
from webclient import (
    Msg,
    Seat,
    connect,
    play_hand,
    seated,
    simple_action,
    web_client,
)


def test_review_of_a_played_hand_names_only_cards_played() -> None:
    """REVIEW: refused while the hand is played; once it is over, each of your cards beside
    double dummy's best, every card named one that was played (seen by all)."""
    with seated(seed=12) as (_, _, seat):
        seat.my_turn()
        seat.send_raw('{"type": "review"}')          # not an answer to the state
        e = seat.until(lambda x: x["type"] in ("error", "review"))
        assert e["type"] == "error" and e["code"] == "no_review", e
        assert "still being played" in e["message"]
        assert (e["hand"], e["every_seat"]) == (None, False), e     # whose: the last hand's
        for _ in range(8):
            end = play_hand(seat)
            if end["sheet"]["kind"] != "all_pass_redeal":
                break
            seat.send(type="next")
        else:
            raise AssertionError("every hand was thrown in")
        seat.send_raw('{"type": "review"}')          # not an answer to the state
        r = seat.until(lambda x: x["type"] in ("error", "review"))
        assert r["type"] == "review", r
        assert r["hand"] == end["sheet"]["number"]
        you = end["you"]
        tricks = end["view"]["tricks"]
        played = {c.split(":")[0] for tr in tricks for _, c in tr["plays"]}
        mine = [c for tr in tricks for s, c in tr["plays"] if s == you]
        assert [p["card"] for p in r["plays"]] == mine
        named = {p["card"].split(":")[0] for p in r["plays"]}
        named |= {b.split(":")[0] for p in r["plays"] for b in p["best"]}
        assert named <= played
        assert r["double_dummy"] is not None and r["counted_label"]
        for p in r["plays"]:
            assert p["cost"] is not None and p["cost"] >= 0
            assert (p["cost"] == 0) == (p["card"] in p["best"])
        assert end["view"]["contract"]["declarer"] != you
        assert r["discard"] is None, "only the declarer saw the kitty: nothing of it for you"


def test_the_declarers_review_sets_his_discard_beside_the_best() -> None:
    """You bid 10NT (no bot outbids it here), discard and play: your review then sets your
    discard beside the best one, naming only cards you held or saw in the kitty."""
    def bid_high(m: Msg) -> Msg:
        v = m["view"]
        if v["phase"] == "auction" and "10NT" in v["legal"]:
            return {"type": "act", "action": "10NT"}
        return simple_action(m)

    with seated(seed=12) as (_, _, seat):
        saw: set[str] = set()

        def bid_and_watch(m: Msg) -> Msg:
            if m["view"]["phase"] == "kitty":
                saw.update(m["view"]["hand"])           # your hand with the kitty in it
            return bid_high(m)

        end = play_hand(seat, bid_and_watch)
        you = end["you"]
        assert end["view"]["contract"]["declarer"] == you and saw
        r = _review(seat)
        assert r["type"] == "review", r
        d = r["discard"]
        assert d is not None and d["misere"] is False
        assert len(d["discarded"]) == 3 and set(d["discarded"]) <= saw
        assert set(d["best"]) <= saw and len(d["best"]) == 3
        assert d["tricks"] == r["double_dummy"]
        assert d["best_tricks"] >= d["tricks"] and d["complete"] is True


def _review(seat: Seat, **extra: object) -> dict[str, Any]:
    """Ask for the review (``extra``: more fields) and read the answer or the refusal."""
    seat.send_raw(json.dumps({"type": "review", **extra}))     # not an answer to the state
    return seat.until(lambda x: x["type"] in ("error", "review"))


def test_review_of_every_seat_lists_every_card_in_turn_with_its_seat() -> None:
    """REVIEW with ``every_seat``: every card of the hand in the order played, each with its
    seat; false or absent, only yours (the same answer); any other value is malformed and
    changes nothing; refused while the hand is played, as yours is."""
    with seated(seed=12) as (_, _, seat):
        seat.my_turn()
        e = _review(seat, every_seat=True)
        assert e["type"] == "error" and e["code"] == "no_review", e
        assert "still being played" in e["message"]
        end = play_hand(seat)
        assert end["sheet"]["kind"] == "contract"
        you, tricks = end["you"], end["view"]["tricks"]
        assert len(tricks) == 10
        for bad in ("yes", 1, 0, None, [], {}):
            e = _review(seat, every_seat=bad)
            assert e["type"] == "error" and e["code"] == "malformed", (bad, e)
            assert "every_seat" in e["message"]
            seat.send(type="ping")                      # nothing changed: no state came
            assert seat.read() == {"type": "pong"}
            assert seat.last is not None and seat.last["seq"] == end["seq"]
        mine = _review(seat)
        assert mine["type"] == "review" and "every_seat" not in mine, mine
        assert _review(seat, every_seat=False) == mine
        every = _review(seat, every_seat=True)
        assert every["type"] == "review" and every["every_seat"] is True, every
        played = [(s, c) for tr in tricks for s, c in tr["plays"]]
        assert len(played) == 40
        assert [(p["seat"], p["card"]) for p in every["plays"]] == played
        assert [p["trick"] for p in every["plays"]] == [i // 4 + 1 for i in range(40)]
        assert [p for p in every["plays"] if p["seat"] == you] == mine["plays"]
        assert [p["card"] for p in mine["plays"]] == [c for s, c in played if s == you]
        same = ("seat", "hand", "counted", "counted_label", "needed", "double_dummy", "taken")
        assert {k: every[k] for k in same} == {k: mine[k] for k in same}
        for p in every["plays"]:
            assert p["cost"] is not None and p["cost"] >= 0
            assert (p["cost"] == 0) == (p["card"] in p["best"])
        # the costs chain from double dummy at the first lead to the tricks taken (a trick
        # contract: the declaring side's costs lower the count, the defenders' raise it)
        assert not end["view"]["contract"]["misere"]
        counted = set(every["counted"])
        lost = sum(p["cost"] for p in every["plays"] if p["seat"] in counted)
        gifts = sum(p["cost"] for p in every["plays"] if p["seat"] not in counted)
        assert every["double_dummy"] - lost + gifts == every["taken"]
        assert every["plays"][-1]["total"] == every["taken"]


def _saved_hand(store: Store, play: Callable[[Table], None]) -> dict[str, Any]:
    """A table (australian, seed 0) whose first hand ``play`` plays to its end, saved in
    ``store``: what a socket needs to sit at it in seat 0."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=0)
    play(t)
    assert t.game.phase in ("hand_over", "game_over")    # open misère lost: -500, the hole
    store.save(t.id, t.to_json(), False)
    return {"table": t.id, "token": t.seats[0].token}


def _thrown_in(t: Table) -> None:
    while t.game.phase == "auction":
        t.act(t.game.to_move or 0, "pass")


def _misere_caught(t: Table) -> None:
    """You bid open misère and take the first trick: the hand stops, cards unplayed."""
    g = t.game
    while g.phase == "auction":
        m = g.to_move or 0
        t.act(m, "open-misere" if m == 0 and "open-misere" in g.legal_actions() else "pass")
    t.discard(0, list(g.hand_tokens(0))[:3])
    while g.phase == "play":
        m = g.to_move or 0
        t.act(m, g.legal_actions()[-1 if m == 0 else 0])
    assert all(g.hand_tokens(s) for s in range(4))


@pytest.mark.parametrize("play", [_thrown_in, _misere_caught])
def test_review_of_every_seat_refused_exactly_when_yours_is(
        play: Callable[[Table], None]) -> None:
    """A hand thrown in, or a misère stopped at its first trick, has cards nobody saw: the
    review of every seat is refused, with the same reason as yours."""
    store = Store(":memory:")
    t = _saved_hand(store, play)
    with web_client(store) as client, connect(client, t) as ws:
        seat = Seat(ws)
        seat.until(lambda x: x["type"] == "state")
        mine = _review(seat)
        assert mine["type"] == "error" and mine["code"] == "no_review", mine
        # (which review it refuses, said: the page gives it to the one that asked)
        assert (mine["hand"], mine["every_seat"]) == (None, False), mine
        for every in (False, True):
            assert _review(seat, every_seat=every) == {**mine, "every_seat": every}
