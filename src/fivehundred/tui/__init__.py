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
from typing import TYPE_CHECKING, Any

from ..errors import FiveHundredError
from ..game import Game
from ..numbers import seat_option
from ..options import SPEEDS
from ..record.table_files import resumed_game
from ..rules import Rules

if TYPE_CHECKING:
    from .app import TableApp

__all__ = ["TableApp", "run_tui"]


def __getattr__(name: str) -> Any:
    """``TableApp``, loaded when first asked for: the table's module loads the bots and so the
    solver (a first run's compile, over a minute), which a refused command line never needs."""
    if name == "TableApp":
        from .app import TableApp

        return TableApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def no_terminal() -> str | None:
    """Which of standard input and output is not a terminal (None if both are): the
    full-screen table drew its escape codes into a file and waited for keys from nowhere
    until killed."""
    for name, stream in (("standard input", sys.stdin), ("standard output", sys.stdout)):
        try:
            tty = stream is not None and stream.isatty()
        except (AttributeError, ValueError):    # (replaced, or closed)
            tty = False
        if not tty:
            return name
    return None


def run_tui(rules: Rules, seed: int | None = None, seat: int | None = None,
            bots: str | None = None, resume: str | None = None, speed: str = "normal") -> int:
    """Play a game in the terminal's full screen (or go on with the game record ``resume``,
    saved by the table's ``s``), its pauses at ``speed`` (the browser game's SPEEDS); the
    exit status.  ``seat`` None is seat 0, or in a resumed game the seat its player sat in;
    ``bots`` None is medium, or in a resumed game the strength it was played against.
    Everything that can be refused is refused before the solver loads, and without a
    terminal to draw on (``play --text`` plays in a pipe)."""
    game: Game | None = None
    path: Path | None = None
    if resume is not None:
        try:
            game, seat, bots = resumed_game(resume, seat, bots)
        except FiveHundredError as e:
            print(f"fivehundred tui: {e}", file=sys.stderr)
            return 2
        path, rules = Path(resume), game.rules
    wrong_seat = seat_option(seat or 0, rules.players)   # (the table says so too, once loaded)
    if wrong_seat is not None:
        print(f"fivehundred tui: {wrong_seat}", file=sys.stderr)
        return 2
    missing = no_terminal()
    if missing is not None:
        print(f"fivehundred tui needs a terminal ({missing} is not one): try fivehundred "
              "play --text", file=sys.stderr)
        return 2
    # The bots and hints solve positions: load the solver first, in the plain terminal, so that
    # a first run's compile is announced where it can be read.
    from .. import solver  # noqa: F401
    from ..bots.base import BotError
    from .app import PACE, TRICK_PAUSE

    table: type[TableApp] = sys.modules[__name__].TableApp     # (a test's stand-in, if set)
    try:
        factor = SPEEDS[speed]
        app = table(rules, seed, seat or 0, bots or "medium", pace=PACE * factor,
                    trick_pause=TRICK_PAUSE * factor, game=game, record_file=path)
    except (ValueError, BotError) as e:
        print(f"fivehundred tui: {e}", file=sys.stderr)
        return 2
    status = app.run()
    if app.return_code:
        return app.return_code
    return status if isinstance(status, int) else 0
