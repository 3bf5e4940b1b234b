"""The terminal table, after a terminal player's review: quitting a practice leaves at once (it
is never saved, and the game waits between hands), as the text game's does; a refused move's
notice stays clear of your hand at 80x24 and goes once the game moves on; the goodbye says
where the record is, once saved, in the text game's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from fivehundred.tui import TableApp
from fivehundred.tui.screens import QUIT_TITLE, Dialog
from tuiclient import click, label, passer, play_hands, quick_app, run, screen_text, settle, until


def notices(app: TableApp) -> list[str]:
    """The notices standing now."""
    return [str(n.message) for n in app._notifications]


def hand_rows(app: TableApp) -> str:
    """The screen's rows that your hand's cards are drawn on."""
    box = app.query_one("#hand").region
    return "\n".join(screen_text(app).split("\n")[box.y:box.bottom])


async def _refused_at_trick_one(app: TableApp, pilot: object) -> list[str]:
    """classic3 seed 5, every bid passed by you: West leads the joker at 6♦ and East follows;
    your cards that may not follow (the first clicked, and refused): returned."""
    while True:
        await settle(app, pilot)
        v = app.view()
        if v.phase == "play":
            break
        await click(pilot, "#bid-pass")
    assert v.to_move == app.seat and v.trick
    refused = [c for c in v.hand if c not in v.legal_actions]
    assert len(refused) >= 2
    await click(pilot, f"#card-{refused[0]}")
    await until(pilot, lambda: any(n.startswith("Not allowed: must follow") for n in notices(app)),
                "the refusal's notice")
    return refused


# ---------------------------------------------------------------- 1. quitting a practice

@pytest.mark.parametrize("key", ["q", "ctrl+c"])
def test_a_practice_in_the_middle_of_its_hand_quits_at_once(
        key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """classic3 seed 5, hand 1 played, PLAY THIS DEAL AGAIN (a), then q (or Ctrl+C) in the
    practice's auction: no "Quit in the middle of the hand?" (nothing would be lost: a practice
    is never saved, and the game is between hands); the goodbye names the game's seed."""
    async def go() -> None:
        app = quick_app("classic3", 5, "easy", record_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_hands(app, pilot, 1, passer, scan=False)
            assert isinstance(app.screen, Dialog)            # the hand's sheet
            await pilot.press("a")
            await settle(app, pilot)
            assert app.away is not None and app.game.phase == "auction"
            await pilot.press(key)
            await pilot.pause()
            assert QUIT_TITLE not in screen_text(app)
            assert app._exit, "the practice did not quit at once"
    capsys.readouterr()
    run(go())
    assert "Goodbye. (This game's seed was 5.)" in capsys.readouterr().err


# ---------------------------------------------------------------- 2. a refused move's notice

def test_a_refusal_at_80x24_hides_no_card_of_your_hand() -> None:
    """A card that may not follow, clicked at 80x24: the notice saying why is on the screen,
    and every card of your hand still is (at Textual's bottom right it hid the last three)."""
    async def go() -> None:
        app = quick_app("classic3", 5, "easy")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await _refused_at_trick_one(app, pilot)
            await until(pilot, lambda: bool(app.screen.query("Toast")), "the notice drawn")
            await pilot.pause()
            toast = app.screen.query_one("Toast").region
            assert toast.height and not toast.overlaps(app.query_one("#hand").region)
            rows = hand_rows(app)
            hidden = [c for c in app.view().hand if label(c) not in rows]
            assert not hidden, f"the notice hides {hidden} of your hand"
    run(go())


def refusals(app: TableApp) -> list[str]:
    """The notices of a refused move standing now."""
    return [n for n in notices(app) if n.startswith("Not allowed")]


def test_a_refusal_stands_while_it_applies_and_a_second_replaces_it() -> None:
    """Refused: the notice stands while the position is the same; a second refusal there
    replaces it (one notice, not two stacked over the table)."""
    async def go() -> None:
        app = quick_app("classic3", 5, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            refused = await _refused_at_trick_one(app, pilot)
            await settle(app, pilot)
            assert len(refusals(app)) == 1
            await click(pilot, f"#card-{refused[1]}")
            await pilot.pause()
            assert len(refusals(app)) == 1
    run(go())


def test_a_refusal_goes_with_a_take_back_and_with_a_legal_card() -> None:
    """The refusal's notice goes once the game moves on from where it was said: a take-back
    (u: back to your pass, its reason gone), or the legal card played after it."""
    async def go() -> None:
        app = quick_app("classic3", 5, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await _refused_at_trick_one(app, pilot)
            await pilot.press("u")
            await settle(app, pilot)
            assert app.view().phase == "auction" and not refusals(app)
            await _refused_at_trick_one(app, pilot)
            await click(pilot, f"#card-{app.view().legal_actions[0]}")
            await settle(app, pilot)
            assert len(app.view().hand) == 9 and not refusals(app)
    run(go())


# ---------------------------------------------------------------- 3. the goodbye

def test_the_goodbye_says_where_the_saved_record_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Saved after hand 1, then quit in the middle of hand 2 (once asked): the goodbye says
    the seed and where the record is, in the text game's words."""
    async def go() -> None:
        app = quick_app("classic3", 5, "easy", record_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_hands(app, pilot, 1, passer, scan=False)
            await click(pilot, "#save")
            await settle(app, pilot)
            await click(pilot, "#next")
            await settle(app, pilot)
            path = app.saved[5]
            assert path.parent == tmp_path and path.exists()
            await pilot.press("q")
            await pilot.pause()
            assert QUIT_TITLE in screen_text(app)
            await pilot.press("q")
            await pilot.pause()
        holder["path"] = path
    holder: dict[str, Path] = {}
    capsys.readouterr()
    run(go())
    said = (f"Goodbye. (This game's seed was 5; its record, every hand finished, is in "
            f"{holder['path']}.)")
    # (Rich wraps the line to the terminal's width: compared without the spaces it broke)
    assert "".join(said.split()) in "".join(capsys.readouterr().err.split())


def test_a_refusal_gone_by_itself_takes_no_later_notice_with_it() -> None:
    """Once a refusal's notice has timed out, the game moving on clears nothing: a notice
    said after it (Textual clears all at once) stays its own time."""
    async def go() -> None:
        app = quick_app("classic3", 5, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await _refused_at_trick_one(app, pilot)
            now = app.clock()
            app.clock = lambda: now + 7                 # (its 6 s are up)
            app.notify("A later word", timeout=30)
            await click(pilot, f"#card-{app.view().legal_actions[0]}")
            await settle(app, pilot)
            assert len(app.view().hand) == 9
            assert "A later word" in notices(app), notices(app)
    run(go())
