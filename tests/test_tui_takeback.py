"""Taking back at the terminal table (key u): your last card, bid or discard of the hand and the
bots' plays after it go, the screen shows the table as it was, the log says so; refused, with
nothing changed, before your first decision and once the hand is over."""

from __future__ import annotations

from fivehundred.actions import readable
from fivehundred.game.state import get_state
from tuiclient import SIZE, check_no_leak, passer, quick_app, run, settle, take, this_hands_log


def test_u_takes_back_your_last_card_and_the_bots_answer_it_again_the_same() -> None:
    async def go() -> None:
        app = quick_app("australian", seed=8, bots="easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert not app.game.can_take_back(0)     # your first turn: nothing yet
            start = get_state(app.game)
            await pilot.press("u")
            await settle(app, pilot)
            assert get_state(app.game) == start
            while app.view().phase != "play":
                await take(app, pilot, passer(app.view()))
                await settle(app, pilot)
            before, hand = get_state(app.game), app.view().hand
            card = app.view().legal_actions[0]
            await take(app, pilot, card)
            await settle(app, pilot)
            after = get_state(app.game)
            assert after != before and card not in app.view().hand
            await pilot.press("u")
            await settle(app, pilot)
            assert get_state(app.game) == before and app.view().hand == hand
            assert app.query(f"#card-{card.split(':')[0]}"), "the card is back in your hand"
            said = f"Taken back: your {readable(card)}"         # (as the text game says it)
            assert any(line.startswith(said) for line in this_hands_log(app)), said
            check_no_leak(app)
            await take(app, pilot, card)
            await settle(app, pilot)
            assert get_state(app.game) == after          # seeded bots: the same answers
            while app.game.phase not in ("hand_over", "game_over"):
                if app.game.to_move == 0:
                    await take(app, pilot, passer(app.view()))
                await settle(app, pilot)
            over = get_state(app.game)                   # (the sheet takes the keys)
            app.action_take_back()
            await settle(app, pilot)
            assert get_state(app.game) == over

    run(go())


def test_the_discard_comes_back_whole() -> None:
    """You bid 10NT, put out the kitty's three cards, and take back: all three are in your
    hand again and the discard is yours to make."""
    async def go() -> None:
        app = quick_app("australian", seed=3, bots="easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            while app.view().phase == "auction":
                v = app.view()
                await take(app, pilot, "10NT" if "10NT" in v.legal_actions else "pass")
                await settle(app, pilot)
            assert app.view().phase == "kitty"
            start = get_state(app.game)
            for _ in range(2):
                await take(app, pilot, app.view().hand[0])
                await settle(app, pilot)         # (your hand is drawn again after each card)
            assert len(app.view().discards) == 2
            await pilot.press("u")
            await settle(app, pilot)
            assert get_state(app.game) == start and not app.view().discards
            assert any(line == "Taken back: your discard so far" for line in this_hands_log(app))

    run(go())


def test_a_bid_taken_back_while_a_bot_thinks_puts_the_keyboard_on_the_bids() -> None:
    """You pass, the keyboard goes to your cards while North thinks, and you take the pass
    back: the keyboard is on Pass again (it stayed on a card, and Enter only said "Not a card
    now" until the mouse chose a bid)."""
    from fivehundred import Rules
    from fivehundred.actions import token_of
    from fivehundred.tui.app import TableApp

    async def go() -> None:
        app = TableApp(Rules.preset("australian"), seed=12, bots="easy", pace=0.3,
                       trick_pause=0.2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            assert app.focused is not None and app.focused.id == "bid-pass"
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("u")
            await settle(app, pilot)
            assert app.view().to_move == 0 and app.view().phase == "auction"
            assert app.focused is not None and app.focused.id == "bid-pass", app.focused
            bids = len(app.game.actions)
            await pilot.press("enter")               # Pass (the bots may bid on after it)
            await pilot.pause()
            assert len(app.game.actions) > bids and token_of(app.game.actions[bids]) == "pass"
            # the bots bid on at their pace: let them reach your turn before run_test closes
            # the screens (a move landing while it does raised NoMatches)
            await settle(app, pilot)

    run(go())
