"""Solving positions: maximum tricks, "at least N?", the value of every legal move, misère.

The kernel answers zero-window questions ("can the side make N more?"); these drivers ask
them in a good order and share one transposition table generation per solve, so every
question after the first reuses what the earlier ones learnt.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import numpy as np

from ..actions import token_of
from ..cards import JOKER, NO_TRUMPS, iter_cards
from ..game import Game
from . import kernel as k
from .position import Position, effective

TT_BITS = 17
_state: dict[str, np.ndarray] = {}


def _tables() -> dict[str, np.ndarray]:
    """The transposition table and scratch buffers, allocated and touched once."""
    if not _state:
        tt = np.empty((1 << TT_BITS, k.TT_COLS), np.int64)
        tt.fill(0)  # touch every page now, not as page faults inside the first searches
        _state["tt"] = tt
        _state["buf"] = np.zeros((k.MAX_DEPTH, k.BUF_COLS), np.int64)
        _state["gen"] = np.zeros(1, np.int64)
    return _state


@dataclass
class Searcher:
    """A position loaded into the kernel's arrays, ready for questions."""

    position: Position
    hands: np.ndarray
    w: np.ndarray
    finished: bool = True

    @classmethod
    def load(cls, p: Position, budget: int = 0, gen: int | None = None) -> Searcher:
        """Load a position; a fresh table generation unless ``gen`` continues one."""
        t = _tables()
        if gen is None:
            t["gen"][0] += 1
            gen = int(t["gen"][0])
        t["buf"][:, k.B_KILLER] = 0   # no killer moves from an earlier search: determinism
        n = p.players
        hands = np.zeros((n, 5), np.int64)
        for s in range(n):
            for c in iter_cards(p.hands[s]):
                e, r = effective(p.strain, c)
                hands[s, e] |= 1 << r
        w = np.zeros(k.W_SIZE, np.int64)
        trump = 4 if p.strain == NO_TRUMPS else p.strain
        w[k.C_TRUMP] = trump
        w[k.C_NT] = 1 if p.strain == NO_TRUMPS else 0
        w[k.C_CLASSIC] = 1 if p.nt_joker == "classic" else 0
        w[k.C_MUST_JOKER] = 1 if (p.misere and p.nt_joker == "australian") else 0
        w[k.C_MAX] = p.max_seats
        w[k.C_COUNT] = p.count_seats
        w[k.C_STOP] = 1 if p.misere_stop else 0
        w[k.C_BUDGET] = budget
        w[k.C_GEN] = gen
        w[k.C_SEATS] = n
        w[k.C_ACTIVE] = len(p.active)
        for s in range(n):
            w[k.NEXT + s] = s
            w[k.VOIDS + s] = p.voids[s]
        for i, s in enumerate(p.active):
            w[k.NEXT + s] = p.active[(i + 1) % len(p.active)]
        w[k.S_LEFT] = p.tricks_left
        w[k.S_LEDSUITS] = p.led_suits
        w[k.S_LED] = -1
        w[k.S_LEADER] = p.leader
        if p.trick:
            led = -1
            wpow = -1
            wseat = p.trick[0][0]
            for i, (seat, c) in enumerate(p.trick):
                e, r = effective(p.strain, c)
                w[k.TRICK + e] |= 1 << r
                if i == 0:
                    led = p.named if (c == JOKER and p.strain == NO_TRUMPS) else e
                pw = 100 + r if e == trump else (r if e == led else -1)
                if pw > wpow:
                    wpow, wseat = pw, seat
            w[k.S_LED] = led
            w[k.S_LEN] = len(p.trick)
            w[k.S_WSEAT] = wseat
            w[k.S_WPOW] = wpow
            w[k.S_LAST] = p.trick[-1][0]
        return cls(p, hands, w)

    @property
    def nodes(self) -> int:
        """Search nodes visited so far."""
        return int(self.w[k.S_NODES])

    def at_least(self, target: int) -> bool | None:
        """Can the side make ``target`` more tricks? None if the budget ran out."""
        t = _tables()
        r = k.search(self.hands, self.w, t["tt"], t["buf"], 0, target)
        if self.w[k.S_ABORT]:
            self.finished = False
            return None
        return bool(r)

    def value(self, guess: int | None = None, step: bool = False) -> int | None:
        """The exact number of counted tricks, bisecting from ``guess``; None if unfinished.

        With ``step`` the questions walk one trick at a time from ``guess`` (cheaper when the
        value is expected at or next to it, as for the moves of one position).
        """
        left = int(self.w[k.S_LEFT])
        lo, hi = 0, left          # the value is in [lo, hi]
        g = min(max(guess if guess is not None else (left + 1) // 2, 1), left)
        while lo < hi:
            ok = self.at_least(g)
            if ok is None:
                return None
            if ok:
                lo = g
            else:
                hi = g - 1
            g = (g + 1 if ok else g - 1) if step else (lo + hi + 1) // 2
            g = min(max(g, lo + 1), hi)
        return lo


@dataclass(frozen=True)
class Solution:
    """The answer to a solve."""

    tricks: int | None
    """Counted tricks from here (the current trick included); None if not finished."""
    finished: bool
    nodes: int
    seconds: float


def solve(game_or_position: Game | Position, budget: int = 0) -> Solution:
    """The most counted tricks the maximising side can take from here (optional node budget).

    For a trick contract: the declaring side's tricks.  For misère the defenders maximise the
    declarer's tricks, so 0 means the misère is safe (see :func:`misere_safe`).
    """
    p = _position(game_or_position)
    start = time.perf_counter()
    s = Searcher.load(p, budget)
    v = s.value()
    return Solution(v, v is not None, s.nodes, time.perf_counter() - start)


def can_make(game_or_position: Game | Position, tricks: int, budget: int = 0) -> bool | None:
    """Can the declaring side take at least ``tricks`` more tricks? (None: budget ran out)."""
    s = Searcher.load(_position(game_or_position), budget)
    return s.at_least(tricks)


def misere_safe(game: Game, budget: int = 0) -> bool | None:
    """Misère: can the declarer avoid every remaining trick against the best defence?"""
    p = _position(game)
    if not p.misere:
        raise ValueError("misere_safe() is for a misère contract")
    ok = Searcher.load(p, budget).at_least(1)
    return None if ok is None else not ok


def move_values(game: Game, budget: int = 0,
                side: tuple[int, ...] | None = None) -> dict[str, int | None]:
    """For every legal play of the seat to move: the counted tricks from here after it.

    Counted tricks are the declaring side's (for misère, the declarer's; in the all-pass game,
    those of ``side``), the current trick included.  Cards in sequence are solved once; one
    table generation serves every move, and each search walks one trick at a time from the best
    value so far.
    None marks a move whose search ran out of budget.
    """
    p = Position.from_game(game, side=side)
    t = _tables()
    t["gen"][0] += 1
    gen = int(t["gen"][0])
    out: dict[str, int | None] = {}
    best: int | None = None
    legal = game.legal_action_ids()
    same = _root_sequences(p, legal)
    for a in legal:
        rep = same.get(a, a)
        if rep != a and token_of(rep) in out:
            out[token_of(a)] = out[token_of(rep)]
            continue
        child = game.clone()
        child.apply(a)
        done_now = 0
        if len(child.tricks) > len(game.tricks):
            done_now = (p.count_seats >> child.tricks[-1].winner) & 1
        if child.phase != "play":
            out[token_of(a)] = done_now
            continue
        s = Searcher.load(_child_position(child, p), budget, gen=gen)
        v = s.value(best, step=best is not None)
        out[token_of(a)] = None if v is None else v + done_now
        if v is not None and (best is None or v > best):
            best = v
    return out


def _root_sequences(p: Position, legal: list[int]) -> dict[int, int]:
    """Legal cards in sequence with a higher legal card (nothing left between them in any
    other hand or the current trick), mapped to the highest card of their sequence."""
    present: dict[int, list[tuple[int, bool]]] = {}
    me = p.to_move
    for s in p.active:
        for c in iter_cards(p.hands[s]):
            e, r = effective(p.strain, c)
            present.setdefault(e, []).append((r, s == me))
    for _, c in p.trick:
        e, r = effective(p.strain, c)
        present.setdefault(e, []).append((r, False))
    cards_legal = {a for a in legal if a < JOKER}
    out: dict[int, int] = {}
    for e, items in present.items():
        items.sort(reverse=True)
        rep = -1
        for r, mine in items:
            card = card_of_effective(p.strain, e, r, cards_legal)
            if mine and card is not None:
                if rep < 0:
                    rep = card
                else:
                    out[card] = rep
            else:
                rep = -1
    return out


def card_of_effective(strain: int, esuit: int, erank: int, among: set[int]) -> int | None:
    """The card among ``among`` with this effective suit and rank, if any."""
    for c in among:
        if effective(strain, c) == (esuit, erank):
            return c
    return None


def _child_position(child: Game, parent: Position) -> Position:
    """The position after a move, with the parent's sides (they never change in a hand)."""
    side = tuple(s for s in range(parent.players) if parent.count_seats >> s & 1)
    cp = Position.from_game(child, side=side)
    return replace(cp, max_seats=parent.max_seats, count_seats=parent.count_seats)


def _position(x: Game | Position) -> Position:
    return x if isinstance(x, Position) else Position.from_game(x)
