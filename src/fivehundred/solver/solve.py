"""Solving positions: maximum tricks, "at least N?", the value of every legal move, misère.

The kernel answers zero-window questions ("can the side make N more?"); these drivers ask
them in a good order and share one transposition table generation per solve, so every
question after the first reuses what the earlier ones learnt.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..actions import JOKER_LEAD, token_of
from ..cards import JOKER, NO_TRUMPS, iter_cards
from ..game import Game
from . import kernel as k
from .position import Position, effective

TT_BITS = 17
_state: dict[str, np.ndarray] = {}


def _tables() -> dict[str, np.ndarray]:
    """The transposition table, allocated and touched once."""
    if not _state:
        tt = np.empty((1 << TT_BITS, k.TT_COLS), np.int64)
        tt.fill(0)  # touch every page now, not as page faults inside the first searches
        _state["tt"] = tt
        _state["gen"] = np.zeros(1, np.int64)
    return _state


@dataclass
class Searcher:
    """A position loaded into the kernel's state array, ready for questions."""

    position: Position
    st: np.ndarray
    finished: bool = True

    @property
    def hands(self) -> np.ndarray:
        """The hands, ``hands[seat, esuit]`` (a view of the state array)."""
        hands: np.ndarray = self.st[k.HAND_ROW:]
        return hands

    @property
    def w(self) -> np.ndarray:
        """The flat state: configuration, search state, voids, trick (a view)."""
        w: np.ndarray = self.st[k.W_ROW]
        return w

    @classmethod
    def load(cls, p: Position, budget: int = 0, gen: int | None = None) -> Searcher:
        """Load a position; a fresh table generation unless ``gen`` continues one."""
        t = _tables()
        if gen is None:
            t["gen"][0] += 1
            gen = int(t["gen"][0])
        n = p.players
        if n > k.MAX_SEATS:
            raise ValueError(f"the kernel holds at most {k.MAX_SEATS} hands, not {n}")
        st = np.zeros((k.STATE_ROWS, k.BUF_COLS), np.int64)  # no killer moves: determinism
        hands = st[k.HAND_ROW:]
        for s in range(n):
            for c in iter_cards(p.hands[s]):
                e, r = effective(p.strain, c)
                hands[s, e] |= 1 << r
        w = st[k.W_ROW]
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
            for e in range(5):
                w[k.LEFT + e] |= hands[s, e]
        for i, s in enumerate(p.active):
            w[k.NEXT + s] = p.active[(i + 1) % len(p.active)]
        w[k.S_LEFT] = p.tricks_left
        w[k.S_LEDSUITS] = p.led_suits
        w[k.S_LED] = -1
        w[k.S_FORCE] = -1
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
        return cls(p, st)

    @property
    def nodes(self) -> int:
        """Search nodes visited so far."""
        return int(self.w[k.S_NODES])

    def at_least(self, target: int, move: int = -1) -> bool | None:
        """Can the side make ``target`` more tricks (after ``move``, a kernel move code, if
        given)? None if the budget ran out."""
        t = _tables()
        self.w[k.S_FORCE] = move
        r = k.search(self.st, t["tt"], 0, target)
        self.w[k.S_FORCE] = -1
        if self.w[k.S_ABORT]:
            self.finished = False
            return None
        return bool(r)

    def limit(self, budget: int) -> None:
        """Allow ``budget`` more nodes from now (0: no limit); forget an earlier abort."""
        self.w[k.C_BUDGET] = self.nodes + budget if budget > 0 else 0
        self.w[k.S_ABORT] = 0

    def value(self) -> int | None:
        """The exact number of counted tricks (a bisection of zero-window questions); None if
        unfinished."""
        return exact_value(self.at_least, 0, int(self.w[k.S_LEFT]), None)

    def root_order(self) -> dict[int, int]:
        """The kernel's order of the root's moves: move code (suit, rank, name) -> index."""
        w = self.w
        seat = int(w[k.S_LEADER]) if w[k.S_LEN] == 0 else int(w[k.NEXT + w[k.S_LAST]])
        n = k.gen_moves(self.hands, w, self.st, 0, seat)
        return {int(self.st[0, k.B_MOVES + i]) & 0x7FF: i for i in range(n)}

    def ask_move(self, move: int, target: int,
                 small: dict[tuple[int, int], tuple[int, bool]]) -> bool | None:
        """``at_least`` after a root card, sharing answers between a suit's small cards.

        When the answer after a card depended on no rank of its suit at or below the card
        (``buf[0]``'s ranks after the question), every card of the suit below the lowest
        rank that mattered plays the same: ``small`` keeps that rank and the answer per
        (suit, target), as the search's own lowest-winning-rank skip does.
        """
        e = move & 7
        b = (move >> 3) & 31
        plain = (move >> 8) & 7 == k.NO_NAME
        if plain:
            hit = small.get((e, target))
            if hit is not None and b < hit[0]:
                return hit[1]
        ok = self.at_least(target, move)
        if ok is not None and plain:
            c = int(self.st[0, k.B_REL + e])
            if b < c:
                small[e, target] = (c, ok)
        return ok

    def walk(self, move: int, lo: int, hi: int, guess: int | None,
             small: dict[tuple[int, int], tuple[int, bool]]) -> int | None:
        """One move's exact value in [lo, hi], stepping from ``guess`` (bisecting without)."""
        return exact_value(lambda g: self.ask_move(move, g, small), lo, hi, guess)


def exact_value(ask: Callable[[int], bool | None], lo: int, hi: int,
                guess: int | None) -> int | None:
    """The value in [lo, hi] found by questions "at least g?": bisecting, or, from a ``guess``
    expected at or next to the value, stepping one trick at a time.  None if a question ran
    out of budget.

    >>> exact_value(lambda g: g <= 6, 0, 10, None), exact_value(lambda g: g <= 6, 0, 10, 7)
    (6, 6)
    """
    g = (lo + hi + 1) // 2 if guess is None else min(max(guess, lo + 1), hi)
    while lo < hi:
        ok = ask(g)
        if ok is None:
            return None
        if ok:
            lo = g
        else:
            hi = g - 1
        if guess is None:
            g = (lo + hi + 1) // 2
        else:
            g = min(max(g + 1 if ok else g - 1, lo + 1), hi)
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
    those of ``side``), the current trick included.  Everything runs on the one loaded
    position, the kernel playing each move at the root itself, with one table generation for
    every question.  The moves go in the kernel's order (the likely best first): the first
    is bisected, each later one is first asked "as good as the best so far?" and walks one
    trick at a time from there (most moves are worth the best or next to it).  Cards in
    sequence are solved once, and a suit's small cards share answers that depended on none
    of them.  ``budget`` bounds each move's nodes; None marks a move that ran out of it.
    """
    p = Position.from_game(game, side=side)
    legal = game.legal_action_ids()
    same = _root_sequences(p, legal)
    s = Searcher.load(p)
    left = p.tricks_left
    is_max = bool(p.max_seats >> p.to_move & 1)
    codes = {a: _kernel_move(p, a) for a in legal if same.get(a, a) == a}
    order = s.root_order()
    reps = sorted(codes, key=lambda a: order.get(codes[a] & 0x7FF, len(order)))
    vals: dict[int, int | None] = {}
    best: int | None = None
    small: dict[tuple[int, int], tuple[int, bool]] = {}
    for a in reps:
        s.limit(budget)
        v = s.walk(codes[a], 0, left, best, small)
        vals[a] = v
        if v is not None and (best is None or (v > best if is_max else v < best)):
            best = v
    return {token_of(a): vals[same.get(a, a)] for a in legal}


def _kernel_move(p: Position, a: int) -> int:
    """The kernel's code of a legal action: effective suit and rank, the suit a joker names."""
    if a >= JOKER_LEAD:
        return 4 | (a - JOKER_LEAD) << 8
    e, r = effective(p.strain, a)
    return e | r << 3 | r << 11 | k.NO_NAME << 8


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


def _position(x: Game | Position) -> Position:
    return x if isinstance(x, Position) else Position.from_game(x)
