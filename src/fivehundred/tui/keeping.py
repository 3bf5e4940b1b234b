"""The terminal table's keeping of the game: taking back your last move, saving the record,
and leaving with the seed that replays the game (and where its record is, if saved).

Each works on the app's game and flow (as :mod:`.aids` and :mod:`.practice` do), so the app
holds the table's drawing and turns, and this what changes the game outside its turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.markup import escape

from ..actions import token_of
from ..record.table_files import not_saved
from . import practice
from .panels import Log

if TYPE_CHECKING:
    from .app import TableApp


def take_back(app: TableApp) -> None:
    """Take back your last card, bid or discard of this hand and the bots' plays after it
    (Game.take_back): the table as it was before it, your turn again."""
    g = app.game
    if not g.can_take_back(app.seat):
        why = ("The hand is over: it is scored, there is no taking back."
               if g.phase in ("hand_over", "game_over")
               else "Nothing of yours to take back in this hand yet.")
        app.notify(why, severity="warning")
        return
    app._generation += 1            # a bot deciding now decides for nothing
    was = g.phase
    undone = g.take_back(app.seat)
    app._busy = False
    app._thinking = None
    app._forget_the_turn()
    app.narrator.recall_call(g.call)
    what = app.narrator.taken_back(was, g.phase, [token_of(a) for a in undone])
    _unsay_later_lines(app)
    app._say(f"[b]Taken back[/b]: {escape(what)}")
    app._continue()


def _unsay_later_lines(app: TableApp) -> None:
    """The log written again without the lines from after the game's point now (the plays
    taken back never happened)."""
    g = app.game
    here = (g.hand_number, len(g.actions))
    app._said = [x for x in app._said if x[:2] <= here]
    app.query_one("#log", Log).write_again()


def save(app: TableApp) -> None:
    """Write the game record (between hands only: a record holds every card; never a
    practice's)."""
    if app.away is not None:
        app.notify(practice.UNSAVED, severity="warning", timeout=6)
        return
    if app.game.phase not in ("hand_over", "game_over"):
        app.notify("A record holds every card, so it is saved between hands: "
                   "finish this hand first.", severity="warning", timeout=6)
        return
    path = app.records.path(app.game.seed, app.started)
    try:
        app.records.write(app.game, path)    # (and remembers the file for this game)
    except OSError as e:
        app.notify(not_saved(path, e), severity="error", timeout=8)
        return
    app._say(f"Saved the record to {escape(str(path))}")
    app.notify(f"Saved to {path}")


def leave(app: TableApp) -> None:
    """Leave now; a hand just ended (its last trick on show, its sheet to come) is kept in
    the record first where the game was saved once, as its sheet would have (it was lost:
    the flow that writes it stops here)."""
    if app._busy and app.game.phase in ("hand_over", "game_over") and \
            app.away is None and app.game.seed in app.saved:
        save(app)
    app._generation += 1
    game = app.away.game if app.away is not None else app.game    # (never a practice's)
    # (as written: a path's "[" is no markup)
    app.exit(0, message=Text(app.records.goodbye(game.seed)))
