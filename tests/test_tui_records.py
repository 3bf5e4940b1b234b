"""The terminal table's game records: saved between hands and on request (named after the
time the game started, never its seed), resumed from a file (text or JSON) and saved back to
it, a broken or finished one refused, a failed save keeping the record saved before."""

from __future__ import annotations

import asyncio
import re
import secrets
from pathlib import Path

import pytest
from textual.widgets import RichLog

from fivehundred import Game, Rules
from fivehundred.cli import main as cli_main
from fivehundred.record import dumps, loads, record_from_game, replay
from fivehundred.rng import Rng
from fivehundred.tui import TableApp, run_tui
from fivehundred.tui.screens import Dialog
from tuiclient import (
    SIZE,
    bidder,
    click,
    passer,
    play_hands,
    quick_app,
    run,
    screen_text,
    settle,
    where_seed_shows,
)

#: A seed "drawn at random" in the tests: ten digits nothing else on the screen has.
SECRET = 1987654321


def new_record(app: TableApp, k: int = 0) -> Path:
    """The file a new record of ``app``'s game goes to (the ``k``-th other if taken)."""
    from fivehundred.record.table_files import record_name

    return app.record_dir / record_name(app.started, k)


def test_records_are_saved_between_hands_and_replay(tmp_path: Path) -> None:
    async def go() -> None:
        app = quick_app("classic3", 8, "easy", record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("s")                   # mid-hand: a record holds every card
            await pilot.pause()
            assert list(tmp_path.iterdir()) == []
            new_record(app).write_text("someone's file")
            await play_hands(app, pilot, 1, passer, scan=False)
            await click(pilot, "#save")
            await settle(app, pilot)
            saved = new_record(app, 1)
            assert saved.exists() and new_record(app).read_text() == "someone's file"
            assert replay(loads(saved.read_text())).scores == app.game.scores
            rec = loads(saved.read_text())
            # the seats as the table names them (you South), so a replay names them too
            assert rec.tag("Seats") == ",".join(app.narrator.names) == "South,West,East"
            assert rec.tag("Event") == "fivehundred terminal game"
            assert isinstance(app.screen, Dialog)        # the sheet is back after saving
            assert app.game.phase == "hand_over"        # saved once: kept up to date
            await click(pilot, "#next")
            await play_hands(app, pilot, 1, passer, scan=False)
            assert len(replay(loads(saved.read_text())).hand_results) == 2
    run(go())


def test_a_saved_game_resumes_and_saves_back_to_its_file(tmp_path: Path) -> None:
    async def first() -> Path:
        app = quick_app("australian", 13, "easy", record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await play_hands(app, pilot, 1, bidder(Rng(6)), scan=False)
            assert app.game.phase == "hand_over"
            await click(pilot, "#save")
            await settle(app, pilot)
            return app.saved[13]

    path = asyncio.run(first())
    saved = replay(loads(path.read_text()))
    assert saved.seed == 13                # the record carries the seed: the deals go on alike

    async def second() -> None:
        app = TableApp(saved.rules, bots="easy", pace=0, trick_pause=0, game=saved,
                       record_file=path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog)          # the sheet of the saved hand
            assert "Game resumed" in "\n".join(
                strip.text for strip in app.query_one("#log", RichLog).lines)
            await click(pilot, "#next")
            await play_hands(app, pilot, 1, bidder(Rng(8)), scan=False)
            await click(pilot, "#save")
            await settle(app, pilot)
            assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]
            again = replay(loads(path.read_text()))
            assert len(again.hand_results) == 2 and again.scores == app.game.scores
            fresh = Game(saved.rules, seed=13)
            assert again.past_hands[0].deal == fresh.deal      # the same seed's deals
    run(second())


def test_a_record_is_named_after_the_time_not_the_seed_and_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The record's name is shown (and a random seed deals every hand): it holds the date
    and time the game started; the record inside keeps its Seed tag, and a resumed game
    names its file, not the seed, and is saved back to it."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: SECRET)

    async def first() -> Path:
        app = TableApp(Rules.preset("classic3"), bots="easy", pace=0, trick_pause=0,
                       record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await play_hands(app, pilot, 1, passer, scan=False)
            await click(pilot, "#save")
            await settle(app, pilot)
            [path] = tmp_path.iterdir()
            assert str(SECRET) not in path.name
            assert re.fullmatch(r"fivehundred-\d{8}-\d{6}\.fhr", path.name)
            assert path == new_record(app)
            assert app.game.seed == SECRET and where_seed_shows(app, SECRET) == []
            return path

    path = asyncio.run(first())
    record = loads(path.read_text())
    assert dict(record.tags)["Seed"] == str(SECRET)       # the file's format as it was
    saved = replay(record)
    assert cli_main(["analyse", str(path), "--hand", "1"]) == 0

    async def second() -> None:
        app = TableApp(saved.rules, bots="easy", pace=0, trick_pause=0, game=saved,
                       record_file=path, record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert app.sub_title.endswith(f"resumed from {path.name}")
            assert where_seed_shows(app, SECRET) == []
            await click(pilot, "#next")
            await play_hands(app, pilot, 1, passer, scan=False)   # saved back after it
            assert where_seed_shows(app, SECRET) == []
            assert sorted(tmp_path.iterdir()) == [path]
            assert len(replay(loads(path.read_text())).hand_results) == 2
    run(second())


def test_a_resumed_record_keeps_its_own_tags_when_saved_back(tmp_path: Path) -> None:
    """A record from elsewhere (the browser game's, with its players' names) resumed and
    saved back keeps its tags; the result is the game's own, written afresh."""
    from fivehundred.record.table_files import RecordFiles

    g = Game(Rules.preset("australian"), seed=5)
    for a in ["pass"] * 4:
        g.apply(a)
    tags = {"Event": "Club night", "Seats": "Ann,Bob,Cy,Di", "Date": "2026.12.01"}
    path = tmp_path / "club.fhr"
    path.write_text(dumps(record_from_game(g, tags)), encoding="utf-8")
    files = RecordFiles(tmp_path, path, g.seed)
    g.next_hand()
    for a in ["pass"] * 4:
        g.apply(a)
    files.write(g, path)
    back = loads(path.read_text(encoding="utf-8"))
    assert dict(back.tags) == {**tags, "Seed": "5", "Result": "*"}
    assert len(replay(back).hand_results) == 2


def test_the_terminal_table_resumes_from_your_seat_against_your_opponents(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``tui --resume`` seats you where the record's Seats tag names South (where the table
    sat you) against its Opponents, as the text game does; --seat may not move you."""
    import fivehundred.tui as tui

    g = Game(Rules.preset("six_pairs"), seed=5)
    for a in ["pass"] * 6:
        g.apply(a)
    path = tmp_path / "six.fhr"
    seats = "North,North-East,South-East,South,South-West,North-West"   # you: seat 3
    path.write_text(dumps(record_from_game(g, {"Event": "fivehundred terminal game",
                                                "Seats": seats, "Opponents": "hard"})))
    made: list[tuple[int, str]] = []

    class Spy:
        return_code = 0

        def __init__(self, rules: Rules, seed: int | None, seat: int, bots: str,
                     **_: object) -> None:
            made.append((seat, bots))

        def run(self) -> int:
            return 0

    monkeypatch.setattr(tui, "TableApp", Spy)
    monkeypatch.setattr(tui, "no_terminal", lambda: None)   # (as in a terminal)
    assert cli_main(["tui", "--resume", str(path)]) == 0
    assert cli_main(["tui", "--resume", str(path), "--bots", "easy", "--seat", "3"]) == 0
    assert made == [(3, "hard"), (3, "easy")]
    spaced = path.read_text().replace(seats, seats.replace(",", ", "))   # (edited by hand)
    assert spaced != path.read_text()
    path.write_text(spaced)
    made.clear()
    assert cli_main(["tui", "--resume", str(path)]) == 0
    assert made == [(3, "hard")]
    assert cli_main(["tui", "--resume", str(path), "--seat", "0"]) == 2
    assert "--seat 0 cannot go with --resume: you sat at seat 3 (South)" in (
        capsys.readouterr().err)
    # a record that does not say (another program's, its seats named otherwise; a South
    # there is anyone's): seat 0 or --seat, Medium
    path.write_text(dumps(record_from_game(g, {"Event": "Club night", "Seats": seats})))
    made.clear()
    assert cli_main(["tui", "--resume", str(path)]) == 0
    assert cli_main(["tui", "--resume", str(path), "--seat", "4"]) == 0
    assert made == [(0, "medium"), (4, "medium")]


def test_resuming_a_broken_or_finished_record_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.fhr"
    broken.write_text("this is no record\n")
    assert run_tui(Rules.preset("australian"), resume=str(broken)) == 2
    assert f"cannot resume {broken}" in capsys.readouterr().err
    assert broken.read_text() == "this is no record\n"            # kept as it was
    none = tmp_path / "none.fhr"                  # (said as replay says it, not twice over)
    assert run_tui(Rules.preset("australian"), resume=str(none)) == 2
    assert capsys.readouterr().err == (f"fivehundred tui: cannot read {none}: No such file or "
                                       "directory\n")
    g = Game(Rules.preset("australian", target=250), seed=1)
    rng = Rng(3)
    while g.phase != "game_over":
        if g.phase == "hand_over":
            g.next_hand()
            continue
        legal = g.legal_actions()
        g.apply("pass" if g.phase == "auction" and "pass" in legal and rng.below(3)
                else legal[rng.below(len(legal))])
    over = tmp_path / "over.fhr"
    over.write_text(dumps(record_from_game(g)))
    assert run_tui(Rules.preset("australian"), resume=str(over)) == 2
    assert "is over; nothing to resume" in capsys.readouterr().err


def test_the_end_of_hand_sheet_answers_its_keys(tmp_path: Path) -> None:
    async def go() -> None:
        app = quick_app("classic3", 8, "easy", record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await play_hands(app, pilot, 1, passer, scan=False)
            assert isinstance(app.screen, Dialog) and "Next hand (n)" in screen_text(app)
            # its footer names its own keys, not the table's behind it (h, u, r do nothing)
            footer = screen_text(app).splitlines()[-1].split()
            assert footer == ["n", "Next", "hand", "a", "Play", "again", "v", "Review", "s",
                              "Save", "q", "Quit", "esc", "Close"], footer
            for key in ("h", "u", "r", "e", "b"):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, Dialog) and len(app.screen_stack) == 2, key
                assert app.screen.title_text.startswith("Hand 1 is over"), key
            await pilot.press("s")                       # saved, and the sheet comes back
            await settle(app, pilot)
            assert [p.name for p in tmp_path.iterdir()] == [new_record(app).name]
            assert isinstance(app.screen, Dialog)
            await pilot.press("n")                       # the next hand
            await settle(app, pilot)
            assert app.game.hand_number == 1 and app.game.phase != "hand_over"
            await play_hands(app, pilot, 1, passer, scan=False)
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code == 0
    run(go())


def test_a_json_record_resumes_and_is_saved_back_as_json(tmp_path: Path) -> None:
    from fivehundred.record import dumps_json, loads_json

    g = Game(Rules.preset("classic3"), seed=21)
    while g.phase != "hand_over":
        acts = g.legal_actions()
        g.apply(acts[0] if g.phase != "auction" or len(g.actions) == 0 else "pass")
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + dumps_json(record_from_game(g)).encode())  # a BOM too
    resumed = replay(loads_json(path.read_text(encoding="utf-8-sig")))

    async def go() -> None:
        app = TableApp(resumed.rules, bots="easy", pace=0, trick_pause=0, game=resumed,
                       record_file=path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("n")
            await play_hands(app, pilot, 1, passer, scan=False)
            await pilot.press("s")
            await settle(app, pilot)
    run(go())
    again = replay(loads_json(path.read_text(encoding="utf-8")))
    assert len(again.hand_results) == 2 and again.seed == 21


def test_resuming_reads_files_as_the_other_commands_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "b.fhr"
    binary.write_bytes(b"\xf5\x00garbage")
    assert run_tui(Rules.preset("australian"), resume=str(binary)) == 2
    assert "not UTF-8 text" in capsys.readouterr().err
    assert binary.read_bytes() == b"\xf5\x00garbage"


def test_a_save_that_fails_keeps_the_record_saved_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    async def go() -> None:
        app = quick_app("classic3", 8, "easy", record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await play_hands(app, pilot, 1, passer, scan=False)
            await pilot.press("s")
            await settle(app, pilot)
            path = new_record(app)
            before = path.read_text()
            await pilot.press("n")
            await settle(app, pilot)

            def full(src: object, dst: object) -> None:
                raise OSError(28, "No space left on device")

            monkeypatch.setattr(os, "replace", full)        # the disk fills up
            await play_hands(app, pilot, 1, passer, scan=False)   # saved again: it fails
            assert path.read_text() == before                     # the first hand is kept
            assert [p.name for p in tmp_path.iterdir()] == [path.name]
    run(go())
