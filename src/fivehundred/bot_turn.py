"""A bot's turn in a game played by bots alone (the arena's units, self-play datasets): its
decision asked for, checked and applied, and its failure said with whose it was.

>>> from fivehundred import Game, Rules
>>> from fivehundred.bots import make
>>> g = Game(Rules.preset("australian"), seed=7)
>>> took = take_turn(make("random", seed=1), g, "the random bot", "deal 0")
>>> took >= 0.0, g.to_move                     # (seat 0 bid or passed: seat 1 to move)
(True, 1)
>>> class Says:
...     def act(self, view): return "pass"        # (a token, not a Decision)
>>> take_turn(Says(), g, "the Says bot", "deal 0")
Traceback (most recent call last):
    ...
fivehundred.errors.FiveHundredError: the Says bot returned str 'pass' in deal 0, not a Decision
"""

from __future__ import annotations

import time
from typing import Protocol, cast

from .bots.base import Bot, Decision
from .errors import FiveHundredError, IllegalActionError, shown
from .game import Game


class SeesAll(Protocol):
    """A bot that is handed the whole game (measurement only: the arena's cheater)."""

    def act_with_game(self, game: Game) -> Decision:
        """Decide the action of the seat to move, knowing every card."""
        ...


def take_turn(bot: Bot, game: Game, who: str, where: str,
              error: type[FiveHundredError] = FiveHundredError) -> float:
    """``bot`` plays the turn of ``game``'s seat to move, from that seat's view (a copy of
    the whole game for a bot that sees every card), and its decision is applied; the seconds
    its choice took.  Its exception, an answer that is not a :class:`Decision` or an action
    that is not legal is ``error``: "``who`` raised ... in ``where``: ...", nothing
    applied."""
    seat = game.to_move
    assert seat is not None
    try:
        if getattr(bot, "sees_all", False):
            copy = game.clone()
            t0 = time.perf_counter()
            decision = cast(SeesAll, bot).act_with_game(copy)
        else:
            view = game.view(seat)
            t0 = time.perf_counter()
            decision = bot.act(view)
    except Exception as e:     # (any bug of any bot: said with whose it is)
        raise error(f"{who} raised {type(e).__name__} in {where}: {e}") from e
    took = time.perf_counter() - t0
    if not isinstance(decision, Decision):
        raise error(f"{who} returned {type(decision).__name__} {shown(decision)} in {where}, "
                    "not a Decision")
    try:
        game.apply(decision.action)
    except IllegalActionError as e:
        raise error(f"{who} chose {shown(decision.action)} in {where}: {e}") from None
    return took
