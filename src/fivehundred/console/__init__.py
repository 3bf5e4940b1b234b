"""The terminal game, line by line (``fivehundred play --text``): you against the bots.

The human sits at one seat and sees the table through that seat's :class:`View` only; every
other seat is a bot of the strength asked for (or a :class:`RandomOpponent`, a seeded policy
that passes most of the time and plays any legal card), each handed a View, never the Game.
The same seed gives the same deals and the same opponents' choices.  Hints, take-backs,
claims, a review of each hand against double dummy, a finished hand played again as practice
(``again``: :mod:`.practice`, which the terminal table shares), and records saved between
hands (and gone on with: ``--resume FILE``).
"""

from ..tricks import sort_tokens
from .display import hand_groups, hand_lines, pretty, seat_names
from .opponent import RandomOpponent, opponent_seed
from .table import ConsoleGame, run_console_game

__all__ = [
    "ConsoleGame",
    "RandomOpponent",
    "hand_groups",
    "hand_lines",
    "opponent_seed",
    "pretty",
    "run_console_game",
    "seat_names",
    "sort_tokens",
]
