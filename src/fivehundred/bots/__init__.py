"""Bots: players that see only a seat's View and explain their choices.

>>> from fivehundred import Game, Rules
>>> from fivehundred.bots import make
>>> g = Game(Rules.preset("australian"), seed=7)
>>> d = make("random", seed=1).act(g.view(g.to_move))
>>> d.action in g.legal_actions()
True
"""

from .base import Bot, BotError, Budget, Candidate, Decision, bot_names, make, register

__all__ = ["Bot", "BotError", "Budget", "Candidate", "Decision", "bot_names", "make",
           "register"]
