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
>>> class Quits:
...     def act(self, view): raise SystemExit(3)      # (sys.exit(3): a failure like any)
>>> take_turn(Quits(), g, "Quits", lambda: position(g))
Traceback (most recent call last):
    ...
fivehundred.errors.FiveHundredError: Quits raised SystemExit in hand 1, action 2: sys.exit(3)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol, cast

from .bots.base import BOT_FAILURES, Bot, Decision, detail
from .errors import FiveHundredError, IllegalActionError, shown
from .game import Game


def position(game: Game) -> str:
    """Where ``game`` stands, as a failure names it: ``hand 3, action 12`` (both from 1, as
    a replay numbers them; the action is the one about to be taken), which with the game's
    seed rebuilds the position.

    >>> from fivehundred import Game, Rules
    >>> position(Game(Rules.preset("australian"), seed=7))
    'hand 1, action 1'
    """
    return f"hand {game.hand_number + 1}, action {len(game.actions) + 1}"


class SeesAll(Protocol):
    """A bot that is handed the whole game (measurement only: the arena's cheater)."""

    def act_with_game(self, game: Game) -> Decision:
        """Decide the action of the seat to move, knowing every card."""
        ...


def take_turn(bot: Bot, game: Game, who: str, where: str | Callable[[], str],
              error: type[FiveHundredError] = FiveHundredError) -> float:
    """``bot`` plays the turn of ``game``'s seat to move, from that seat's view (a copy of
    the whole game for a bot that sees every card), and its decision is applied; the seconds
    its choice took.  Its exception (:data:`BOT_FAILURES`, ``sys.exit()`` too), an answer
    that is not a :class:`Decision` or an action that is not legal is ``error``: "``who``
    raised ... in ``where``: ...", nothing applied.  ``where`` may be a function, called
    only then (:func:`position` says where the game stands)."""
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
    except BOT_FAILURES as e:     # (any bug of any bot: said with whose it is)
        raise error(f"{who} raised {type(e).__name__} in {_said(where)}: {detail(e)}") from e
    took = time.perf_counter() - t0
    if not isinstance(decision, Decision):
        raise error(f"{who} returned {type(decision).__name__} {shown(decision)} in "
                    f"{_said(where)}, not a Decision")
    try:
        game.apply(decision.action)
    except IllegalActionError as e:
        raise error(f"{who} chose {shown(decision.action)} in {_said(where)}: {e}") from None
    return took


def _said(where: str | Callable[[], str]) -> str:
    """``where`` as :func:`take_turn` says it (a function's answer)."""
    return where() if callable(where) else where
