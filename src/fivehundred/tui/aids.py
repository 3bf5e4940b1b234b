"""The terminal table's aids: the hint, the claim and the review against double dummy.

Each is worked out in a thread (a bot's search, a solve) while the table stays live, and its
answer is dropped if the table moved on meanwhile (a take-back, a new game: the app's
generation changed). A failure is reported and the game goes on.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.markup import escape

from ..actions import readable_text
from ..bots.hints import choice_lines, defending, hint
from ..claims import SECONDS, ClaimError, check_claimant, plan_claim
from ..console.opponent import hint_seed
from ..solver.analysis import ReviewError, review_hand
from ..view import View
from ..web.state import advice_words
from .screens import every_card_dialog, hint_dialog, review_dialog

if TYPE_CHECKING:
    from .app import TableApp


def start_review(app: TableApp, every_card: bool = False) -> None:
    """The hand just played against double dummy (once every card was played): your cards,
    or with ``every_card`` every seat's."""
    if app.game.phase not in ("hand_over", "game_over"):
        app.notify("The review comes when the hand is over.", severity="warning")
        return
    app._say("[dim]Solving the hand double dummy…[/dim]")
    app.run_worker(_review(app, app._generation, every_card), group="review", exclusive=True)


async def _review(app: TableApp, generation: int, every_card: bool) -> None:
    hand = app.game.hand_number
    seats = range(app.rules.players) if every_card else None
    try:
        r = await asyncio.to_thread(review_hand, app.game.clone(), app.seat, seats=seats)
    except Exception as e:
        if isinstance(e, ReviewError):
            app.notify(f"No review: {e}.", severity="warning", timeout=8)
            app._say(f"No review: {escape(str(e))}.")
        else:                      # a bug must not end the game
            app.log.error(f"the review failed: {e!r}")
            app.notify(f"The review could not be worked out ({type(e).__name__}).",
                       severity="error")
        r = None
    if generation != app._generation or app.game.hand_number != hand or (
            app.game.phase not in ("hand_over", "game_over")):
        return                     # the next hand began meanwhile
    if r is None:
        app._end_of_hand_again()
    else:
        dialog = every_card_dialog if every_card else review_dialog
        app.push_screen(dialog(r, app.narrator, app.hand_name()), app._after_dialog)


def start_hint(app: TableApp) -> None:
    """What the Insane bot would do in your place, and why (from your view only)."""
    v = app.view()
    if v.to_move != app.seat or app._busy:
        app.notify("A hint is for your own turn.", severity="warning")
        return
    app._say("[dim]Thinking about a hint…[/dim]")
    app.run_worker(_hint(app, v, app._generation), group="hint", exclusive=True)


async def _hint(app: TableApp, v: View, generation: int) -> None:
    seed = hint_seed(app.game)
    try:
        d = await asyncio.to_thread(hint, v, seed, app.hint_budget)
    except Exception as e:         # a bug in the bot must not end the game
        app.log.error(f"the hint failed: {e!r}")
        app.notify(f"The hint could not be worked out ({type(e).__name__}).", severity="error")
        return
    if generation != app._generation or app.view() != v:
        return                     # the table moved on meanwhile
    advice = advice_words(v.phase, d.action, d.plan)
    reason = readable_text(d.reason)
    # the log keeps the advice and its reason; the choices are in the hint's own box, which
    # fits them (the narrow log broke each over lines and pushed the advice out of sight)
    app._say(f"[b $warning]Hint[/]: {escape(advice)}" + (f" — {escape(reason)}" if reason else ""))
    # the choices, then what their values count (the words under the browser's table)
    choices = choice_lines(d, v.phase, defending(v), sides=len(v.rules.sides))
    app.push_screen(hint_dialog(advice, reason, choices))
    app._hinted = d.action
    app._hinted_cards = frozenset(d.marked(v.phase))
    app.refresh_table()


def start_claim(app: TableApp) -> None:
    """Claim every trick left for your side (declaring a misère: that you take no more):
    checked double dummy (``claims``), the bots waiting meanwhile, and if it stands the hand
    is played out at once."""
    try:
        check_claimant(app.game, app.seat)
    except ClaimError as e:
        app.notify(f"No claim: {e}.", severity="warning")
        return
    app._generation += 1            # the bots wait (one deciding decides for nothing)
    app._busy = True
    app._thinking = None
    app._say("[dim]Checking your claim…[/dim]")
    app.refresh_table()
    app.run_worker(_claim(app, app._generation), group="claim", exclusive=True)


async def _claim(app: TableApp, generation: int) -> None:
    g = app.game
    try:
        c = await asyncio.to_thread(plan_claim, g.clone(), app.seat, seconds=SECONDS,
                                    names=list(app.narrator.names))
    except Exception as e:
        if isinstance(e, ClaimError):
            app.notify(f"No claim: {e}.", severity="warning", timeout=8)
            app._say(f"No claim: {escape(str(e))}.")
        else:                      # a bug in the solver must not end the game
            app.log.error(f"the claim failed: {e!r}")
            app.notify(f"The claim could not be checked ({type(e).__name__}).",
                       severity="error")
        c = None
    if generation != app._generation:
        return                     # taken back, or a new game, meanwhile
    if c is not None:
        app._forget_the_turn()
        try:
            c.play(g)
        except ClaimError as e:     # (the bots wait meanwhile: a bug, but not the game's end)
            app.log.error(f"the claim could not be played: {e!r}")
            app.notify(f"No claim: {e}.", severity="warning", timeout=8)
        else:
            said = c.sentence(app.narrator.name, app.seat, app.rules)
            app.claimed = (g, g.hand_number, f"{said}.")     # (said first on the sheet)
            app._say(f"[b]{escape(said)}[/b]")
    app._continue()                # the bots play on, or the hand is over

