"""The terminal table: Five Hundred in a Textual app (``fivehundred tui``).

A full-screen game against the bots, drawn from your seat's View only: the others' seats
along the top, the trick and the contract in the middle, the score and what happened at the
side, your cards along the bottom (click them, or Tab/arrows and Enter), a bid grid in the
auction, hints from the Insane bot, the rules of the table, and game records saved between
hands (``fivehundred tui --resume FILE`` goes on with one).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import FiveHundredError
from ..game import Game
from ..options import SPEEDS
from ..record.table_files import resumed_game
from ..rules import Rules
from .app import PACE, TRICK_PAUSE, TableApp

__all__ = ["TableApp", "run_tui"]


def run_tui(rules: Rules, seed: int | None = None, seat: int | None = None,
            bots: str | None = None, resume: str | None = None, speed: str = "normal") -> int:
    """Play a game in the terminal's full screen (or go on with the game record ``resume``,
    saved by the table's ``s``), its pauses at ``speed`` (the browser game's SPEEDS); the
    exit status.  ``seat`` None is seat 0, or in a resumed game the seat its player sat in;
    ``bots`` None is medium, or in a resumed game the strength it was played against."""
    # The bots and hints solve positions: load the solver first, in the plain terminal, so that
    # a first run's compile is announced where it can be read.
    from .. import solver  # noqa: F401
    from ..bots.base import BotError

    game: Game | None = None
    path: Path | None = None
    if resume is not None:
        try:
            game, seat, bots = resumed_game(resume, seat, bots)
        except FiveHundredError as e:
            print(f"fivehundred tui: {e}", file=sys.stderr)
            return 2
        path, rules = Path(resume), game.rules
    try:
        factor = SPEEDS[speed]
        app = TableApp(rules, seed, seat or 0, bots or "medium", pace=PACE * factor,
                       trick_pause=TRICK_PAUSE * factor, game=game, record_file=path)
    except (ValueError, BotError) as e:
        print(f"fivehundred tui: {e}", file=sys.stderr)
        return 2
    status = app.run()
    if app.return_code:
        return app.return_code
    return status if isinstance(status, int) else 0
