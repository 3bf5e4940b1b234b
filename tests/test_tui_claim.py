"""Claims at the terminal table (key c): refused with the reason and nothing changed while the
others can take a trick, and when every trick left is your side's, the hand played out at once
and the log saying so; no claim in the auction."""

from __future__ import annotations

import threading

from fivehundred import Game, Rules
from fivehundred.claims import ClaimError, plan_claim
from fivehundred.game.state import get_state
from fivehundred.rng import Rng
from fivehundred.tui import aids
from fivehundred.tui.app import TableApp
from fivehundred.tui.screens import Dialog
from tuiclient import (
    SIZE,
    HeldPause,
    check_no_leak,
    passer,
    quick_app,
    run,
    running,
    settle,
    take,
    this_hands_log,
    until,
)


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
            # the sheet says so first (it was only in the log)
            assert isinstance(app.screen, Dialog), app.screen
            assert app.screen.body.startswith(f"You claimed the last {left} tricks for you & "
                                              "North"), app.screen.body
            check_no_leak(app)

    run(go())


def _claimable_while_a_bot_is_to_move() -> Game:
    """An australian hand in play where seat 1 (a bot) is to lead and seat 0's claim of
    every trick left stands."""
    for s in range(1, 400):
        g = Game(Rules.preset("australian"), seed=s)
        rng = Rng(s)
        while g.phase in ("auction", "kitty", "play"):
            legal = g.legal_actions()
            if (g.phase == "play" and g.to_move == 1 and 3 <= len(g.view(0).hand) <= 6
                    and not g.view(0).trick):
                try:
                    plan_claim(g.clone(), 0, seconds=5)
                    return g
                except ClaimError:
                    pass
            if g.phase == "auction":
                g.apply("pass" if g.to_move == 0 and "pass" in legal else legal[0])
            else:
                g.apply(legal[rng.below(len(legal))])
    raise AssertionError("no such hand in 400 seeds")


def test_a_claim_while_a_bots_move_is_pending_voids_the_move(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A claim made while a bot waits out its pace: the bot's move is dropped and the claim
    played on the position it was checked on (the move used to be played after the pause
    all the same, and the claim's cards then fitted no longer: ClaimError ended the app).
    The pace and the claim's check are each held until the test lets them end, so the pace
    ends while the claim is being checked on a machine of any speed."""
    g = _claimable_while_a_bot_is_to_move()
    check_may_end = threading.Event()
    real_plan = plan_claim

    def held_plan(*args: object, **kw: object) -> object:
        assert check_may_end.wait(60), "the claim's check was never let end"
        return real_plan(*args, **kw)       # type: ignore[arg-type]

    monkeypatch.setattr(aids, "plan_claim", held_plan)

    async def go() -> None:
        app = TableApp(Rules.preset("australian"), game=g, bots="easy", pace=1.0, trick_pause=0)
        pace = HeldPause()
        app.sleep = pace
        async with app.run_test(size=SIZE) as pilot:
            try:
                await until(pilot, lambda: pace.waiting == 1, "the bot's move waiting out its pace")
                assert app._thinking == 1 and app.game.to_move == 1
                moves = len(app.game.actions)
                await pilot.press("c")
                await until(pilot, lambda: running(app, "claim"), "the claim being checked")
                pace.end()                           # its pace ends while the claim is checked
                await until(pilot, lambda: pace.waiting == 0 and not running(app, "flow"),
                            "the bot's turn over once its pace ended")
                assert len(app.game.actions) == moves and app.game.to_move == 1, \
                    "the bot's move was played while the claim was being checked"
            finally:
                check_may_end.set()
            await until(pilot, lambda: app.game.phase != "play", "the claim played out")
            assert app.game.phase in ("hand_over", "game_over")
            assert "claimed the last" in "".join(this_hands_log(app))
    run(go())

