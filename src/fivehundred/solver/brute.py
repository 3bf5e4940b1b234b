"""A brute-force minimax through the engine itself: no pruning, no table, no shortcuts.

It is the reference the fast solver is tested against on small endings; it shares nothing
with the kernel but the engine's rules.
"""

from __future__ import annotations

from ..actions import token_of
from ..game import Game
from .position import Position


def brute_value(game: Game, position: Position | None = None) -> int:
    """Counted tricks from here with best play by both sides (full minimax)."""
    p = position or Position.from_game(game)
    return _value(game, p.max_seats, p.count_seats)


def brute_move_values(game: Game) -> dict[str, int]:
    """Every legal move's value by full minimax."""
    p = Position.from_game(game)
    out = {}
    for a in game.legal_action_ids():
        child = game.clone()
        child.apply(a)
        gained = 0
        if len(child.tricks) > len(game.tricks):
            gained = (p.count_seats >> child.tricks[-1].winner) & 1
        out[token_of(a)] = gained + _value(child, p.max_seats, p.count_seats)
    return out


def _value(g: Game, maxs: int, count: int) -> int:
    if g.phase != "play":
        return 0
    seat = g.to_move
    assert seat is not None
    is_max = (maxs >> seat) & 1
    best = -1 if is_max else 99
    n_tricks = len(g.tricks)
    for a in g.legal_action_ids():
        child = g.clone()
        child.apply(a)
        v = 0
        if len(child.tricks) > n_tricks:
            v = (count >> child.tricks[-1].winner) & 1
        v += _value(child, maxs, count)
        if is_max:
            best = max(best, v)
        else:
            best = min(best, v)
    return best
