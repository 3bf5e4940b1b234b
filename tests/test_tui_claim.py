"""Claims at the terminal table (key c): refused with the reason and nothing changed while the
others can take a trick, and when every trick left is your side's, the hand played out at once
and the log saying so; no claim in the auction."""

from __future__ import annotations

from fivehundred.game.state import get_state
from tuiclient import SIZE, check_no_leak, passer, quick_app, run, settle, take, this_hands_log


def test_c_claims_the_rest_once_every_trick_left_is_yours() -> None:
    async def go() -> None:
        app = quick_app("australian", seed=8, bots="easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            start = get_state(app.game)
            await pilot.press("c")                   # the auction: no claim
            await settle(app, pilot)
            assert get_state(app.game) == start
            while app.view().phase != "play":
                await take(app, pilot, passer(app.view()))
                await settle(app, pilot)
            refusals = 0
            while True:
                assert app.game.phase == "play", "no claim stood"
                before = get_state(app.game)
                mine = app.game.tricks_won[0] + app.game.tricks_won[2]
                left = len(app.view().hand)
                await pilot.press("c")
                await settle(app, pilot)
                log = "".join(this_hands_log(app))          # (the log's lines wrap)
                if "claimed the last" in log:
                    break
                assert log.endswith("(the others can take one).") and (
                    "No claim: you & North cannot be sure of all" in log), log[-200:]
                assert get_state(app.game) == before
                refusals += 1
                await take(app, pilot, app.view().legal_actions[0])
                await settle(app, pilot)
            assert refusals >= 1
            g = app.game
            assert g.phase == "hand_over"
            assert g.hand_results[-1].tricks[0] + g.hand_results[-1].tricks[2] == mine + left
            assert f"You claimed the last {left} tricks for you & North" in "".join(
                this_hands_log(app))
            check_no_leak(app)

    run(go())
