"""Whose statistics a hand is (docs/protocol.md): at home the one person's; serving, each
browser's own, by the player id it sends (the creator in ``POST /api/tables``, anyone in the
socket's address). A friend's hands counted as the host's, and every visitor's lobby showed
the sum of every table's creator."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest

from fivehundred import Rules
from fivehundred.actions import BID, MISERE, PASS
from fivehundred.cards import JOKER, TEN, cards_of, rank_of
from fivehundred.web.botpool import BotPool
from fivehundred.web.hub import Hub
from fivehundred.web.store import SCHEMA_VERSION, Store
from fivehundred.web.table import Table
from helpers import write_version_1
from test_web_hub_send import GoneSocket
from webclient import Seat, connect, new_table, web_client, welcome_key

ANN = "AnnAnnAnnAnnAnn0"
BOB = "Bob_Bob-Bob_Bob-Bob"


@contextmanager
def two_players() -> Iterator[tuple[Hub, Table]]:
    """A serving hub and a friends' table at which Ann (seat 0) and Bob (seat 1) play, the
    other seats bots: each statistics test's start."""
    pool = BotPool("thread", 1)
    try:
        hub = Hub(Store(":memory:"), pool, "serve", 0.0, 0.0)
        t = Table.new("australian", Rules.preset("australian"), "easy", seed=3, friends=True)
        t.seats[0].player = ANN
        t.seats[1].kind, t.seats[1].player = "human", BOB
        yield hub, t
    finally:
        pool.close()


def test_each_human_seat_counts_for_its_own_player() -> None:
    """Serving: a hand counts for each seat a human plays whose browser said who it is, from
    that seat (its own side's points, its own contract), a bot's seat for nobody; at the end
    each such seat is sent its own player's statistics."""
    with two_players() as (hub, t):
        t.seats[3].player = "Carl0000000000000"       # (a bot plays it: nobody's)
        g = t.game
        while g.phase != "game_over":
            if g.phase == "hand_over":
                hub.save(t)
                g.next_hand()
            else:
                g.apply(g.legal_action_ids()[0])
        hub.save(t)
        hub.save(t)                                   # (each counted once)
        results = [r for r in g.hand_results if r.kind != "all_pass_redeal"]
        assert results, "the game had no hand played"
        for seat, player in ((0, ANN), (1, BOB)):
            side = t.rules.side_of[seat]
            mine = hub.store.stats(player)["by_strength"]["easy"]
            assert mine["hands"] == len(results) and mine["games"] == 1
            assert mine["points"] == sum(r.points[side] for r in results)
            assert mine["bid"] == sum(r.contract is not None and r.contract.declarer == seat
                                      for r in results)
            assert mine["wins"] == int(g.winner == side)
        assert hub.store.stats("Carl0000000000000") == {"by_strength": {}}
        assert hub.store.stats() == {"by_strength": {}}        # (nobody plays at home)
        sockets = {seat: GoneSocket(None) for seat in (0, 1, 2)}
        hub.conns[t.id] = sockets                     # type: ignore[assignment]
        asyncio.run(hub.broadcast(t))
        sent = {seat: s.sent[0] for seat, s in sockets.items()}
        bob = hub.store.stats(BOB)["by_strength"]["easy"]
        assert f'"points":{bob["points"]}' in sent[1]
        ann = hub.store.stats(ANN)["by_strength"]["easy"]
        assert f'"points":{ann["points"]}' in sent[0]
        assert '"stats":null' in sent[2]
        assert not any(ANN in x or BOB in x for x in sent.values())   # (secrets: never sent)


def test_serving_the_creator_and_a_friend_say_who_they_are_and_nobody_sees_it(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    with web_client(store, mode="serve") as client:
        t = new_table(client, seed=4, friends=True, player=ANN)
        west = next(x for x in t["links"] if x["seat"] == 1)["url"].split("token=")[1]
        with connect(client, t) as hws, connect(client, t, west, player=BOB) as fws:
            h, f = Seat(hws), Seat(fws)
            welcome_key(f)
            m = h.until(lambda x: x["type"] == "state" and x["table"]["seats"][1]["connected"])
            assert ANN not in str(m) and BOB not in str(m) and BOB not in str(f.last)
        saved = Table.from_json(store.load(t["table"]) or {})
        assert saved.seats[0].player == ANN and saved.seats[1].player == BOB
        assert client.get("/api/lobby").json()["stats"] == {"by_strength": {}}
        assert client.get(f"/api/stats?player={BOB}").json() == {"by_strength": {}}


def test_at_home_the_player_id_changes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    store.add_game("easy", won=True)
    with web_client(store) as client:
        t = new_table(client, seed=4, player=ANN)
        with connect(client, t, player=BOB) as ws:
            Seat(ws).until(lambda x: x["type"] == "state")
        assert Table.from_json(store.load(t["table"]) or {}).seats[0].player is None
        for url in ("/api/stats", f"/api/stats?player={ANN}"):
            assert client.get(url).json()["by_strength"]["easy"]["games"] == 1


def play_with_misere(hub: Hub, t: Table, seed: int) -> None:
    """Play ``t``'s game to its end, saved after each hand as the server saves it (seeded: the
    same game each run), so that the humans' seats 0 and 1 make and fail contracts and
    misères: they bid misère when they may, on a hand with nothing above a ten or at times
    on another; the bots' seats at times bid seven (misère may be bid only over a seven); the
    misère declarer plays his lowest card, every other card is played at random."""
    g = t.game
    rng = random.Random(seed)

    def rank(a: int) -> int:
        """A card's rank, the joker highest (a misère declarer's worst card)."""
        return 16 if a == JOKER else rank_of(a)

    while g.phase != "game_over":
        if g.phase == "hand_over":
            hub.save(t)
            g.next_hand()
            continue
        ids = g.legal_action_ids()
        seat, c = g.to_move, g.contract
        assert seat is not None
        if g.phase == "auction":
            if seat in (0, 1) and MISERE in ids and (
                    max(map(rank, cards_of(g.hand(seat)))) <= TEN or rng.random() < 0.3):
                g.apply(MISERE)
            elif seat in (2, 3) and BID + 5 in ids and rng.random() < 0.3:
                g.apply(BID + 5)                                  # (7S)
            else:
                g.apply(PASS if PASS in ids and rng.random() < 0.7 else ids[0])
        elif g.phase == "play" and c is not None and c.is_misere and seat == c.declarer:
            g.apply(min(ids, key=rank))
        else:
            g.apply(rng.choice(ids))
    hub.save(t)


def test_each_players_contracts_made_and_misere_are_counted_from_his_seat() -> None:
    """Every statistic of a hand (bid, made, misère bid and made, points, points per hand)
    counts as the game's own hand results say, for each human seat from that seat: a game
    with contracts and misères made and failed, counted from its results here."""
    with two_players() as (hub, t):
        play_with_misere(hub, t, 3)
        g = t.game
        results = [r for r in g.hand_results if r.kind != "all_pass_redeal"]
        for seat, player in ((0, ANN), (1, BOB)):
            side = t.rules.side_of[seat]
            mine = [r for r in results if r.contract is not None and r.contract.declarer == seat]
            misere = [r for r in mine
                      if r.contract is not None and r.contract.bid in ("misere", "open-misere")]
            points = sum(r.points[side] for r in results)
            want = {"games": 1, "wins": int(g.winner == side), "hands": len(results),
                    "bid": len(mine), "made": sum(r.made is True for r in mine),
                    "misere_bid": len(misere), "misere_made": sum(r.made is True for r in misere),
                    "points": points, "take_backs": 0,
                    "points_per_hand": round(points / len(results), 1)}
            assert hub.store.stats(player)["by_strength"]["easy"] == want, (seat, want)
        # what the game had in it, so that each count above could come out wrong
        ours = [(r.contract.is_misere, r.made) for r in results
                if r.contract is not None and r.contract.declarer in (0, 1)]
        assert {(m, made) for m in (False, True) for made in (False, True)} <= set(ours), ours


@pytest.mark.parametrize("bad", ["short", "x" * 65, "has space in it ok", "ünïcödé-ünïcödé-xx"])
def test_a_player_id_that_is_not_one_is_refused(bad: str) -> None:
    with web_client(Store(":memory:"), mode="serve") as client:
        for url in ("/api/lobby", "/api/stats"):
            r = client.get(url, params={"player": bad})
            assert r.status_code == 400 and "16 to 64 letters" in r.json()["error"], r.text
        r = client.post("/api/tables", json={"strength": "easy", "player": bad})
        assert r.status_code == 400 and "16 to 64 letters" in r.json()["error"], r.text
        r = client.post("/api/tables", json={"strength": "easy", "player": 7})
        assert r.status_code == 400 and "got 7" in r.json()["error"], r.text
        t = new_table(client, seed=4)
        with client.websocket_connect(f"/ws?table={t['table']}&token={t['token']}"
                                      f"&player={quote(bad)}") as ws:
            err = ws.receive_json()
            assert err["code"] == "malformed" and "16 to 64 letters" in err["message"], err


def test_a_version_1_database_keeps_its_statistics_as_the_local_players(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    write_version_1(path, [("hard", "games", 4), ("hard", "wins", 3), ("easy", "hands", 9)])
    s = Store(path)
    assert s.stats()["by_strength"]["hard"]["wins"] == 3
    assert s.stats()["by_strength"]["easy"]["hands"] == 9
    assert s.stats(ANN) == {"by_strength": {}}
    s.add_game("hard", won=False)
    assert s.stats()["by_strength"]["hard"]["games"] == 5
    s.close()
    again = sqlite3.connect(path)
    assert again.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    again.close()
    assert Store(path).stats()["by_strength"]["hard"]["games"] == 5
