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

import os
import sys
from pathlib import Path


def _announce_first_compile() -> None:
    """Say so when the kernel is about to be compiled (the first run, or the first after its
    sources changed; later ones load it)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    from .jit import cache_is_current

    custom = os.environ.get("NUMBA_CACHE_DIR")
    place = Path(custom) if custom else Path(__file__).parent / "__pycache__"
    if not cache_is_current(place):
        print("fivehundred: compiling the double-dummy solver (first run only, up to a minute)...",
              file=sys.stderr, flush=True)


_announce_first_compile()

from .position import Position, PositionError  # noqa: E402
from .solve import Solution, can_make, misere_safe, move_values, solve  # noqa: E402

__all__ = [
    "Position",
    "PositionError",
    "Solution",
    "can_make",
    "misere_safe",
    "move_values",
    "solve",
]
