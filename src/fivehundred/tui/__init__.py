"""The terminal table: Five Hundred in a Textual app (``fivehundred tui``).

A full-screen game against the bots, drawn from your seat's View only: the others' seats
along the top, the trick and the contract in the middle, the score and what happened at the
side, your cards along the bottom (click them, or Tab/arrows and Enter), a bid grid in the
auction, hints from the Insane bot, the rules of the table, and game records saved between
hands.
"""

from __future__ import annotations

import sys

from ..rules import Rules
from .app import TableApp

__all__ = ["TableApp", "run_tui"]


def run_tui(rules: Rules, seed: int | None = None, seat: int = 0, bots: str = "medium") -> int:
    """Play a game in the terminal's full screen; the exit status."""
    # The bots and hints solve positions: load the solver first, in the plain terminal, so that
    # a first run's compile is announced where it can be read.
    from .. import solver  # noqa: F401
    from ..bots.base import BotError

    try:
        app = TableApp(rules, seed, seat, bots)
    except (ValueError, BotError) as e:
        print(f"fivehundred tui: {e}", file=sys.stderr)
        return 2
    status = app.run()
    if app.return_code:
        return app.return_code
    return status if isinstance(status, int) else 0
