"""The terminal table's turns: a hand begun, then played on between your moves (each bot's
move worked out in a thread and played after its pause, each finished trick left on the
cloth a moment) until it is your turn or the hand is over.

The app holds the game and draws it, and hands its flow to this module (as it hands the
aids to :mod:`.aids` and the keeping to :mod:`.keeping`): here alone a bot moves, and a move
still pending is dropped when the table jumped meanwhile (a claim, a take-back: the app's
generation changed). The pauses go through ``app.sleep``, which a test may hold open.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.markup import escape

from ..bots.base import decide_or_stand_in
from ..console.opponent import opponent_seed
from ..dealing import opening_cut
from ..view import View
from . import sheets

if TYPE_CHECKING:
    from .app import TableApp


def hand_begins(app: TableApp) -> None:
    """A hand dealt: said in the log, and played on to your turn.  A game taken up between
    hands (resumed) shows the sheet of the hand it stands after, and nothing more: that
    hand's end was said and saved before (saving it again wrote the file unchanged, and
    said "Saved the record" before any key was pressed)."""
    app.narrator.called = None
    g = app.game
    if g.phase in ("hand_over", "game_over"):
        app.refresh_table()
        sheets.show_sheet(app)
        return
    app._say(f"[b]{app.hand_name()}[/b] · {escape(app.narrator.name(g.dealer))}"
             f" {'deal' if g.dealer == app.seat else 'deals'}")
    cut = opening_cut(g) if app.away is None else None
    if cut is not None:
        app._say(app.narrator.cut_line(cut, g.dealer))
    play_on(app)


def play_on(app: TableApp) -> None:
    """Play on: the bots' turns, finished tricks shown, until it is yours or the hand
    ends (a flow already running is replaced: it was for a table that has moved on)."""
    app._busy = True
    app.refresh_table()
    app.run_worker(_flow(app, app._generation), group="flow", exclusive=True)


async def _flow(app: TableApp, generation: int) -> None:
    try:
        while generation == app._generation:
            if app._shown is not None:
                app.refresh_table()
                if app.trick_pause:
                    await app.sleep(app.trick_pause)
                app._shown = None
            g = app.game
            seat = g.to_move
            if g.phase in ("hand_over", "game_over") or seat is None or seat == app.seat:
                break
            view = g.view(seat)
            app._thinking = seat
            app.refresh_table()
            action = await asyncio.to_thread(app._decide, seat, view)
            if generation != app._generation:
                return
            if app.pace:
                await app.sleep(app.pace)
                if generation != app._generation:
                    return         # a claim or a take-back meanwhile: the move is void
            app._thinking = None
            before = app.view()
            g.apply(action)
            announce(app, seat, action, before)
    finally:
        if generation == app._generation:
            app._busy = False
            app._thinking = None
    app.refresh_table()
    if app.game.phase in ("hand_over", "game_over"):
        sheets.end_of_hand(app)


def decide(app: TableApp, seat: int, view: View) -> str:
    """The bot's action at ``seat`` (in a thread). A bot that fails is a bug, but the game
    goes on: it is reported (which bot, which seat, the error's kind or the refused
    action if it names no card) and Medium's choice stands in (``decide_or_stand_in``)."""
    choice = decide_or_stand_in(lambda v: app.bots[seat].act(v).action, view,
                                opponent_seed(app.game.seed, seat))
    if choice.problem is not None:
        # the message may name the bot's cards: only its kind goes on the screen
        app.log.error(f"the {app.bot_name} bot at seat {seat} failed: {choice.error}")
        app.call_from_thread(
            app._say, f"[b $error]{escape(app.narrator.names[seat])}'s bot failed[/] "
            f"(the {escape(app.bot_name)} bot at seat {seat}: {escape(choice.problem)}); "
            f"{escape(choice.stood_in)} is played for it")
    return choice.action


def announce(app: TableApp, seat: int, tok: str, before: View) -> None:
    """``seat``'s action ``tok`` told in the log (from your seat's view: ``before`` it and
    now); a trick it finished is left on the cloth (``app._shown``) for the flow's pause."""
    after = app.view()
    for line in app.narrator.announce(seat, tok, before, after):
        app._say(escape(line))
    if len(after.tricks) > len(before.tricks):
        last = after.tricks[-1]
        app._shown = (last.plays, last.winner)
