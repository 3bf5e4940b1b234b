"""The terminal game: you against random-legal opponents (``fivehundred play --text``).

The human sits at one seat and sees the table through that seat's :class:`View` only; every
other seat is a :class:`RandomOpponent`, a seeded policy that is handed a View (never the
Game), passes most of the time in the auction, bids low otherwise and plays any legal card.
The same seed gives the same deals and the same opponents' choices.
"""

from .display import hand_groups, hand_lines, pretty, seat_names, sort_tokens
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
