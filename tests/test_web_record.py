"""The game record from the browser game (``GET /api/record``, docs/protocol.md): while the game
goes on, only what the asking seat could see (its cards, every card played); once it is over,
every card and the seed, which replays it; the seats' names in a tag; refused for a link that
is not a seat's."""

from __future__ import annotations

from pathlib import Path

from browser import DESKTOP, start_game, viewport_page, wait_turn
from fivehundred.record import replay
from fivehundred.record.files import parse_record
from fivehundred.web.store import Store
from webclient import Seat, connect, new_table, play_hand, seated, simple_action, web_client


def test_a_record_while_the_game_goes_on_holds_only_what_you_saw() -> None:
    with seated(preset="australian", seed=8) as (client, t, seat):
        play_hand(seat)
        seat.send(type="next")
        m = seat.my_turn()
        while m["view"]["phase"] != "play":
            seat.send(**simple_action(m))
            m = seat.my_turn()
        r = client.get(f"/api/record?table={t['table']}&token={t['token']}")
        assert r.status_code == 200
        assert r.headers["content-disposition"] == (     # (one seat's, so far: not the game's)
            f'attachment; filename="fivehundred-{t["table"]}-hand2-seat0.fhr"')
        rec = parse_record(r.text)
        assert rec.viewpoint == 0 and "Seed" not in dict(rec.tags)
        assert dict(rec.tags)["Seats"] == "You,West,North,East"
        assert len(rec.hands) == 2
        now = rec.hands[-1]
        assert now.cards[0] is not None and sorted(now.cards[0]) == sorted(
            m["view"]["hand"] + [c for _, c in m["view"]["trick"] if _ == 0]
            + [c for tr in m["view"]["tricks"] for s, c in tr["plays"] if s == 0])
        assert all(now.cards[s] is None for s in (1, 2, 3)), "another seat's cards"
        j = client.get(f"/api/record?table={t['table']}&token={t['token']}&format=json")
        assert j.status_code == 200 and j.headers["content-type"].startswith("application/json")
        assert j.headers["content-disposition"] == (          # the extension of docs/records.md
            f'attachment; filename="fivehundred-{t["table"]}-hand2-seat0.fhr.json"')
        assert parse_record(j.text, as_json=True) == rec


def test_the_record_of_a_finished_game_has_every_card_and_replays() -> None:
    with web_client(Store(":memory:")) as client:
        t = new_table(client, preset="australian", seed=3)
        with connect(client, t) as ws:
            seat = Seat(ws)
            while True:
                m = play_hand(seat)
                if m["view"]["phase"] == "game_over":
                    break
                seat.send(type="next")
        r = client.get(f"/api/record?table={t['table']}&token={t['token']}")
        assert r.headers["content-disposition"] == (
            f'attachment; filename="fivehundred-{t["table"]}.fhr"')
        rec = parse_record(r.text)
        assert rec.viewpoint is None and dict(rec.tags)["Seed"] == "3"
        g = replay(rec)
        assert g.phase == "game_over" and list(g.scores) == m["view"]["scores"]


def test_a_record_is_refused_for_a_link_that_is_not_a_seats() -> None:
    with seated(preset="australian", seed=8) as (client, t, _):
        for q in (f"table={t['table']}&token=nope", f"table=nope&token={t['token']}",
                  f"table={t['table']}", ""):
            r = client.get(f"/api/record?{q}")
            assert r.status_code == 404 and "no such table" in r.json()["error"], q
        r = client.get(f"/api/record?table={t['table']}&token={t['token']}&format=pgn")
        assert r.status_code == 400 and "format is text or json" in r.json()["error"]


def test_a_name_with_a_comma_stays_one_seat_of_the_tag() -> None:
    with seated(preset="australian", seed=8, name="Ann, Bob") as (client, t, _):
        rec = parse_record(client.get(f"/api/record?table={t['table']}&token={t['token']}").text)
        assert dict(rec.tags)["Seats"] == "Ann  Bob,West,North,East"


BREAKS = ["\u2028", "\u2029", "\x85", "\x1c", "\x0b", "\n", "\x7f"]


def test_a_name_that_would_break_a_records_line_is_refused() -> None:
    """A name holding a line break of any kind (Unicode's separators too, where a text
    record's reader splits lines) is refused when the table is made; a table saved with
    one before still gives a record that reads back."""
    with web_client(Store(":memory:")) as client:
        for ch in BREAKS:
            r = client.post("/api/tables", json={"name": f"Ann{ch}Bob", "strength": "easy"})
            assert r.status_code == 400 and "line breaks" in r.json()["error"], repr(ch)
    store = Store(":memory:")
    with seated(store, preset="australian", seed=8) as (client, t, _):
        table = client.app.state.hub.get(t["table"])      # an older save's name, as it was
        table.seats[0].name = "Ann" + "".join(BREAKS) + "Bob"
        text = client.get(f"/api/record?table={t['table']}&token={t['token']}").text
        assert dict(parse_record(text).tags)["Seats"].split(",")[0].split() == ["Ann", "Bob"]


def test_the_menu_saves_the_record_from_the_browser(server: str) -> None:
    """The menu's SAVE THE GAME RECORD downloads the game so far as you saw it: a record
    that reads back, your seat's view."""
    with viewport_page(DESKTOP) as page:
        start_game(page, server, "australian")
        wait_turn(page)
        page.click("#menu-button")
        with page.expect_download() as got:
            page.click("#record-menu")
        d = got.value
        assert d.suggested_filename.startswith("fivehundred-") and (
            d.suggested_filename.endswith(".fhr"))
        rec = parse_record(Path(d.path()).read_text(encoding="utf-8"))
        assert rec.viewpoint == 0 and len(rec.hands) == 1
        assert page.is_hidden("#menu")
