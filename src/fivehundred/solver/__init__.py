"""The double-dummy solver: every Five Hundred contract solved with all cards visible.

>>> from fivehundred import Game, Rules
>>> from fivehundred.solver import solve
>>> g = Game(Rules.preset("australian"), seed=3)
>>> for a in ["6H", "pass", "pass", "pass"]: g.apply(a)
>>> for c in g.legal_actions()[:3]: g.apply(c)
>>> 0 <= solve(g).tricks <= 10
True
"""

from __future__ import annotations

from .position import Position, PositionError
from .solve import Solution, can_make, misere_safe, move_values, solve

__all__ = [
    "Position",
    "PositionError",
    "Solution",
    "can_make",
    "misere_safe",
    "move_values",
    "solve",
]
