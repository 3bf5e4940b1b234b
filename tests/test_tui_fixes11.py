"""The terminal table, after a player's review: no stale replay of an earlier hand in the
middle of the next one, and back from a practice the table plays on as it was; a cut auction
record says it is cut; a dialog's footer fits 80 columns; a greyed bid says why it is refused;
a resumed game writes nothing until something changes, and says after which hand it goes on."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import RichLog

from fivehundred import Game, Rules
from fivehundred.actions import action_from_token, readable_text
from fivehundred.auction import rank_key
from fivehundred.console.practice import why_not_practise
from fivehundred.errors import FiveHundredError
from fivehundred.game.state import get_state
from fivehundred.record import dumps, loads, record_from_game
from fivehundred.tui import TableApp
from fivehundred.tui import texts as tui_texts
from fivehundred.tui.buttons import greyed
from fivehundred.tui.screens import Dialog
from helpers import played_to_its_end
from tuiclient import HeldPause, click, quick_app, run, screen_text, settle, until

AUS = Rules.preset("australian")


def finished_hand(rules: Rules = AUS, seed: int = 3) -> Game:
    """A game whose first hand was played out (6♠ by the first to speak, everyone else
    passing, the first legal card after)."""
    g = Game(rules, seed=seed)
    while g.phase != "hand_over":
        if g.phase == "auction":
            g.apply("pass" if g.auction else "6S")
        else:
            g.apply(g.legal_actions()[0])
    return g


def table(g: Game, **options: object) -> TableApp:
    """A table (Easy bots, no pauses unless ``options`` say) taking up ``g`` where it stands."""
    kw: dict[str, object] = {"bots": "easy", "pace": 0, "trick_pause": 0} | options
    return TableApp(g.rules, game=g, **kw)  # type: ignore[arg-type]


def notices(app: TableApp) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


def log_text(app: TableApp) -> str:
    return "\n".join(m for *_, m in app._said)


# ---------------------------------------------------------------- 1. a stale replay mid-hand

def test_a_replay_is_refused_mid_hand_even_after_an_earlier_one() -> None:
    """Hand 1 played again and left, hand 2 dealt: ``a`` in hand 2 is refused as it is with
    no earlier replay (it started hand 1's stale practice over the auction)."""
    g = finished_hand()

    async def go() -> None:
        app = table(g)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog)
            await pilot.press("a")                 # hand 1 again
            await settle(app, pilot)
            assert app.away is not None
            await pilot.press("b")                 # back: hand 1's sheet
            await settle(app, pilot)
            assert app.away is None and isinstance(app.screen, Dialog)
            await pilot.press("n")                 # hand 2
            await settle(app, pilot)
            assert app.game is g and g.hand_number == 1 and g.phase != "hand_over"
            assert not isinstance(app.screen, Dialog)
            state = get_state(g)
            app.clear_notifications()
            await pilot.press("a")
            await settle(app, pilot)
            assert app.away is None and app.game is g and get_state(g) == state
            assert "PRACTICE" not in app.sub_title and not isinstance(app.screen, Dialog)
            why = why_not_practise(g)
            assert why is not None and f"No practice: {why}." in notices(app)
    run(go())


def test_back_from_a_practice_the_bots_play_on_and_no_stale_sheet_shows() -> None:
    """Coming back to a game whose hand is in play, a bot to move: no earlier hand's sheet
    over it, and the bot plays (the table sat at "West is bidding" until ``u``)."""
    g = finished_hand()
    mid = g.clone()
    mid.next_hand()
    while mid.to_move == 0:            # a bot to move when the table comes back
        mid.apply("pass")
    assert mid.phase == "auction"

    async def go() -> None:
        app = table(g)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            await pilot.press("a")
            await settle(app, pilot)
            assert app.away is not None
            # the game put aside stands in the middle of a hand (as the stale replay left it)
            app.away = dataclasses.replace(app.away, game=mid, bots=app.make_bots(mid.seed))
            before = len(mid.actions)
            await pilot.press("b")
            await settle(app, pilot)
            assert app.game is mid and app.away is None
            assert not isinstance(app.screen, Dialog), app.screen.title_text
            assert len(mid.actions) > before            # the bots played on
            assert mid.to_move == 0 or mid.phase in ("hand_over", "game_over")
            assert not app._busy
    run(go())


def _last_card_is_yours() -> Game:
    """A game at its first hand's last trick, your card the last to be played to it."""
    for seed in range(50):
        g = Game(AUS, seed=seed)
        while g.phase != "hand_over":
            v = g.view(0)
            if g.phase == "play" and g.to_move == 0 and len(v.hand) == 1 and len(v.trick) == 3:
                return g
            if g.phase == "auction":
                g.apply("pass" if g.auction else "6S")
            else:
                g.apply(g.legal_actions()[0])
    raise AssertionError("your card was never the last of the hand")


@pytest.mark.parametrize("key", ["a", "n"])
def test_a_and_n_wait_while_the_last_trick_is_on_show(key: str) -> None:
    """The hand's last trick on show, its sheet yet to come: ``a`` and ``n`` wait (a practice
    begun then cut the hand's end short: no points said, the record not kept up to date)."""
    g = _last_card_is_yours()

    async def go() -> None:
        app = table(g, trick_pause=1.2)
        on_show = HeldPause()
        app.sleep = on_show
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.act(g.view(0).legal_actions[0])
            await until(pilot, lambda: on_show.waiting == 1, "the last trick on show")
            assert g.phase == "hand_over" and app._busy
            app.clear_notifications()
            await pilot.press(key)
            await pilot.pause()
            assert app.away is None and app.game is g and g.phase == "hand_over", key
            assert "last trick" in notices(app)
            on_show.end()                             # the trick's pause is over
            await settle(app, pilot)
            assert "Points: " in log_text(app)
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Hand 1 is over"
    run(go())


# ---------------------------------------------------------------- 2. a cut auction record

def test_a_cut_auction_record_says_so() -> None:
    text = "\n".join(["Hand 1 · North dealt", "No bid yet", "", "[b]Auction[/b]",
                      "West 6♠ · North 7♠", "East 8♠"])
    assert tui_texts.fit_center(text, 40, 6) == text                 # room: whole
    cut = tui_texts.fit_center(text, 40, 4).split("\n")
    assert cut[2:] == ["[b]Auction[/b] (last round)", "East 8♠"], cut
    one = tui_texts.fit_center(text, 40, 3).split("\n")
    assert one[2:] == ["[b]Last round[/b]: East 8♠"], one
    three = "\n".join(["Top", "", "[b]Auction[/b]", "A pass", "B pass", "C pass", "D 6♠"])
    assert tui_texts.fit_center(three, 40, 4).split("\n") == [
        "Top", "[b]Auction[/b] (last 2 rounds)", "C pass", "D 6♠"]
    for rows in range(1, 8):               # never more lines than asked, where it can
        fitted = tui_texts.fit_center(text, 40, rows)
        assert len(Content.from_markup(fitted).wrap(40)) <= max(rows, 2), rows


def test_at_eighty_by_twenty_four_the_cut_auction_is_marked() -> None:
    """Five-handed at 80x24, the auction over and the kitty discarded: the lines above the
    cloth keep the auction's last round and say it is the last (under the bare heading
    "Auction", "East pass" read as if East alone had spoken)."""
    async def go() -> None:
        app = quick_app("five_called", 6, "medium")   # (a seed where the lowest bids win)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            while app.game.phase == "auction":
                v = app.view()
                if v.to_move != app.seat:
                    await settle(app, pilot)
                    continue
                bids = [t for t in v.legal_actions if t != "pass" and "misere" not in t]
                bids.sort(key=lambda t: rank_key(app.rules, action_from_token(t, auction=True)))
                app.act(bids[0] if bids else "pass")
                await settle(app, pilot)
            for _ in range(3):
                await pilot.press("enter")           # a card of the kitty discarded
                await settle(app, pilot)
            assert app.game.phase == "call"
            rounds = app.narrator.auction_rounds(app.view().auction, app.game.dealer)
            shown = [line.split("│")[1].strip()        # (the box above the cloth)
                     for line in screen_text(app).splitlines() if line.startswith("│")]
            assert "Auction" not in shown                 # (the heading of a whole record)
            assert "Auction (last round)" in shown, "\n".join(shown)
            assert rounds[-1].replace("♣", "") in [x.replace("♣", "") for x in shown]
    run(go())


# ---------------------------------------------------------------- 3. dialog footers at 80

async def _footer_fits(app: TableApp, pilot: Pilot[Any]) -> None:
    """Every key the dialog's footer shows is there whole on the screen's last line (once
    the footer is drawn: on a loaded machine it may come a moment after the dialog)."""
    await until(pilot, lambda: screen_text(app).splitlines()[-1].strip() != "",
                "the dialog's footer drawn")
    line = screen_text(app).splitlines()[-1]
    shown = []
    for active in app.screen.active_bindings.values():
        b = active.binding
        if not b.show or not active.enabled:
            continue
        shown.append(f"{app.get_key_display(b)} {b.description}")
    assert shown
    for words in shown:
        assert words in line, (words, line)


def test_the_sheets_footers_fit_eighty_columns() -> None:
    """The end-of-hand sheet (every key: next, again, review, save, quit, close, scroll), its
    review, and the game's end: each footer's keys whole at 80 columns."""
    async def go() -> None:
        app = table(finished_hand())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and app.screen.keys.get("a") == "again"
            await _footer_fits(app, pilot)
            await pilot.press("v")
            await settle(app, pilot)
            await until(pilot, lambda: isinstance(app.screen, Dialog) and
                        "double dummy" in app.screen.title_text, "the review's sheet")
            await _footer_fits(app, pilot)
            await pilot.press("b")
            await pilot.pause()
            await pilot.press("a")
            await settle(app, pilot)
            assert app.away is not None
            while app.game.phase != "hand_over":
                v = app.view()
                app.act("pass" if "pass" in v.legal_actions else v.legal_actions[0])
                await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and app.screen.keys.get("b") == "game"
            await _footer_fits(app, pilot)

        over = table(played_to_its_end(AUS, 1))
        async with over.run_test(size=(80, 24)) as pilot:
            await settle(over, pilot)
            assert isinstance(over.screen, Dialog) and over.screen.title_text == "Game over"
            assert over.screen.keys.get("a") == "again" and over.screen.keys.get("v")
            await _footer_fits(over, pilot)
    run(go())


# ---------------------------------------------------------------- 4. a greyed bid

def test_a_greyed_bid_clicked_says_why_it_is_refused() -> None:
    """Misère greyed at the first bid (it needs a seven-bid before it): clicked, the table
    says why, in the engine's words, as it does for a card that may not be played; nothing
    changes."""
    g = Game(AUS, seed=3)
    while g.to_move != 0:
        g.apply("pass")
    try:
        g.clone().apply("misere")
    except FiveHundredError as e:
        why = readable_text(str(e))
    else:
        raise AssertionError("misère was allowed")

    async def go() -> None:
        app = table(g)
        async with app.run_test(size=(100, 34)) as pilot:
            await settle(app, pilot)
            button = app.query_one("#bid-misere")
            assert greyed(button) and not button.focusable     # greyed, passed by the keyboard
            state = get_state(g)
            await click(pilot, "#bid-misere")
            await settle(app, pilot)
            assert f"Not allowed: {why}" in notices(app)
            assert why in log_text(app)
            assert get_state(g) == state
            before = len(g.actions)
            await click(pilot, "#bid-pass")             # the grid still works
            await settle(app, pilot)
            assert len(g.actions) > before
    run(go())


# ---------------------------------------------------------------- 5. resuming

def test_a_resumed_game_writes_nothing_until_something_changes(tmp_path: Path) -> None:
    """Resumed after hand 1: nothing saved nor rewritten on the way in (it said "Saved the
    record" before any key), and the log says after which hand the game goes on; once a
    hand is played, it is saved back."""
    g = finished_hand()
    path = tmp_path / "saved.fhr"
    path.write_text(dumps(record_from_game(g, {"Event": "fivehundred terminal game"})))
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    text = path.read_text()

    async def go() -> None:
        app = table(g.clone(), record_file=path, record_dir=tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Hand 1 is over"
            said = log_text(app)
            assert "Saved the record" not in said and "Points:" not in said
            assert "Game resumed[/b] after hand 1" in said, said
            assert "after hand 1" in "\n".join(
                s.text for s in app.query_one("#log", RichLog).lines)
            assert path.stat().st_mtime_ns == 1_000_000_000 and path.read_text() == text
            assert sorted(tmp_path.iterdir()) == [path]
            await pilot.press("n")
            await settle(app, pilot)
            while app.game.phase != "hand_over":
                v = app.view()
                app.act("pass" if "pass" in v.legal_actions else v.legal_actions[0])
                await settle(app, pilot)
            assert "Saved the record" in log_text(app)      # changed: saved back
            assert path.read_text() != text
    run(go())


def test_quit_while_the_last_trick_is_on_show_keeps_the_hand_in_the_record(
        tmp_path: Path) -> None:
    """q as the hand's last trick is on show (its sheet, which keeps the record, still to
    come) quit at once, and the record of a game saved once lacked the hand just finished."""
    g = _last_card_is_yours()
    path = tmp_path / "saved.fhr"
    path.write_text(dumps(record_from_game(g, {"Event": "fivehundred terminal game"})))

    async def go() -> None:
        app = TableApp(g.rules, game=g, bots="easy", pace=0, trick_pause=1.2,
                       record_file=path, record_dir=tmp_path)
        on_show = HeldPause()
        app.sleep = on_show                 # (never ended: the trick is on show as q quits)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.act(g.view(0).legal_actions[0])
            await until(pilot, lambda: on_show.waiting == 1, "the last trick on show")
            assert g.phase in ("hand_over", "game_over") and app._busy
            await pilot.press("q")
            await pilot.pause()
    run(go())
    rec = loads(path.read_text())
    assert len([h for h in rec.hands if h.result is not None]) == len(g.hand_results)
