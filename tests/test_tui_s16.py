"""The terminal table, after a player's review: the keyboard comes back once a terminal made too
small is made larger again; cancelling the joker's suit puts the keyboard back on the joker (not
on a card never chosen); the cloth draws the seats beside you on one row at every size."""

from __future__ import annotations

import pytest
from textual.widgets import Button

from fivehundred.tui import TableApp
from fivehundred.tui.cloth import spots, tiers
from tuiclient import quick_app, run, screen_text, settle, take


async def _declare_and_play(app: TableApp, pilot: object, bid: str, discards: list[str],
                            plays: int) -> None:
    """Bid ``bid`` (the others pass at this seed), discard ``discards`` (else the first
    cards allowed), then play the first legal card ``plays`` times, through the screen."""
    await settle(app, pilot)
    await take(app, pilot, bid)
    await settle(app, pilot)
    for card in discards:
        await take(app, pilot, card)
        await settle(app, pilot)
    while app.view().phase == "kitty":
        await take(app, pilot, app.view().legal_actions[0])
        await settle(app, pilot)
    for _ in range(plays):
        assert app.view().phase == "play" and app.view().to_move == app.seat
        await take(app, pilot, app.view().legal_actions[0])
        await settle(app, pilot)


async def _too_small_and_back(app: TableApp, pilot: object, size: tuple[int, int]) -> None:
    """The terminal made too small (the table says so), then ``size``."""
    await pilot.resize_terminal(60, 20)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert app.has_class("-tiny") and "too small" in screen_text(app)
    assert app.focused is None          # (Textual takes the keyboard from what it hides)
    await pilot.resize_terminal(*size)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert not app.has_class("-tiny")


# ---------------------------------------------------------------- 1. the keyboard comes back

@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_card_you_were_on_has_the_keyboard_again_and_enter_plays_it(
        size: tuple[int, int]) -> None:
    """classic4 seed 7: 7♥ bid, two cards played, the keyboard on a card you may play; too
    small and back, it is on that card again, and Enter plays it."""
    async def go() -> None:
        app = quick_app("classic4", 7, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await _declare_and_play(app, pilot, "7H", [], plays=2)
            card = app.view().legal_actions[-1]
            app.set_focus(app.query_one(f"#card-{card}", Button))
            await pilot.pause()
            await _too_small_and_back(app, pilot, size)
            assert app.focused is not None and app.focused.id == f"card-{card}"
            before = len(app.game.actions)
            await pilot.press("enter")
            await settle(app, pilot)
            assert len(app.game.actions) > before and card not in app.view().hand
    run(go())


def test_with_the_keyboard_nowhere_your_turn_puts_it_on_a_card_you_may_play() -> None:
    """Where nothing had the keyboard as the terminal got too small, it goes where your turn
    puts it: your first card you may play."""
    async def go() -> None:
        app = quick_app("classic4", 7, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await _declare_and_play(app, pilot, "7H", [], plays=1)
            app.set_focus(None)
            await pilot.pause()
            await _too_small_and_back(app, pilot, (80, 24))
            focused = app.focused
            assert isinstance(focused, Button) and (focused.id or "").startswith("card-")
            assert (focused.id or "").removeprefix("card-") in app.view().legal_actions
    run(go())


def test_in_the_auction_pass_has_the_keyboard_again_and_up_reaches_the_bids() -> None:
    """In the auction the keyboard is back on Pass, and Up goes to the bids above it."""
    async def go() -> None:
        app = quick_app("classic4", 7, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert app.view().phase == "auction"
            assert app.focused is not None and app.focused.id == "bid-pass"
            await _too_small_and_back(app, pilot, (80, 24))
            assert app.focused is not None and app.focused.id == "bid-pass"
            await pilot.press("up")
            await pilot.pause()
            assert app.focused is not None and (app.focused.id or "").startswith("bid-")
            assert app.focused.id != "bid-pass"
    run(go())


# ---------------------------------------------------------------- 2. the joker's suit cancelled

@pytest.mark.parametrize("how", ["escape", "cancel"])
def test_cancelling_the_jokers_suit_puts_the_keyboard_back_on_the_joker(how: str) -> None:
    """classic3 seed 3: 6NT, 9♠ 8♣ 9♦ discarded, Enter on the joker asks its suit; Escape or
    Cancel leaves it unchosen with the keyboard on the joker (it went to the J♦, and the
    next Enter led it), so Enter asks the suit again and nothing is played."""
    async def go() -> None:
        app = quick_app("classic3", 3, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await _declare_and_play(app, pilot, "6NT", ["9S", "8C", "9D"], plays=0)
            assert app.view().phase == "play" and "JK:S" in app.view().legal_actions
            app.set_focus(app.query_one("#card-JK", Button))
            await pilot.pause()
            before = len(app.game.actions)
            await pilot.press("enter")
            await pilot.pause()
            assert "joker names a suit" in screen_text(app)
            assert app.focused is not None and (app.focused.id or "").startswith("lead-")
            if how == "escape":
                await pilot.press("escape")
            else:
                app.set_focus(app.query_one("#lead-cancel", Button))
                await pilot.pause()
                await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            assert not app.query("#lead-cancel")
            assert app.focused is not None and app.focused.id == "card-JK"
            await pilot.press("enter")
            await pilot.pause()
            assert "joker names a suit" in screen_text(app)
            assert len(app.game.actions) == before      # nothing played unchosen
    run(go())


# ---------------------------------------------------------------- 3. the seats beside you

@pytest.mark.parametrize("place", [spots, tiers])
def test_the_seats_opposite_each_other_are_drawn_on_one_row_and_mirrored(place: object) -> None:
    """For every number of players and cloth size, the seat k places to your left and the
    one k places to your right are on the same row, as far from the middle column (to the
    rounding of a half column); the seat across is over you (4 players, heights 11, 15, 19
    and 3 or 6 players, heights 10, 14, 18 had them a row apart; odd widths moved the seat
    across a column)."""
    for players in range(3, 7):
        for width in range(24, 161):
            for height in range(4, 49):
                at = place(players, width, height)  # type: ignore[operator]
                for k in range(1, players):
                    (x1, y1), (x2, y2) = at[k], at[players - k]
                    assert y1 == y2, (players, width, height, k)
                    assert abs(x1 + x2 - width) <= 1, (players, width, height, k)
                if players % 2 == 0:
                    assert at[players // 2][0] == at[0][0], (players, width, height)


# ---------------------------------------------------------------- 4. the seed at 80x24

@pytest.mark.parametrize(("size", "shown"), [((80, 24), True), ((160, 48), False)])
def test_a_short_terminal_says_the_seed_above_the_cloth(size: tuple[int, int],
                                                        shown: bool) -> None:
    """At 80x24 there is no title bar, and the seed you gave (README: "in the title") was
    only in the log's first line, which scrolled away within a trick; a tall terminal's
    title bar says it, and the line above the cloth does not again."""
    async def go() -> None:
        app = quick_app("classic4", 7, "easy")
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            info = str(app.query_one("#info").render())
            assert info.startswith("Hand 1 · ") and ("seed 7" in info) == shown, info
            assert "seed 7" in app.sub_title

    run(go())
