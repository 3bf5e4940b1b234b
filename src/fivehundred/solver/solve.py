"""Solving positions: maximum tricks, "at least N?", the value of every legal move, misère.

The kernel answers zero-window questions ("can the side make N more?"); these drivers ask
them in a good order and share one transposition table generation per solve, so every
question after the first reuses what the earlier ones learnt.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from ..actions import JOKER_LEAD, NUM_ACTIONS, token_of
from ..cards import JOKER, NO_TRUMPS
from ..game import Game
from ..numbers import whole_number
from . import layout, walk
from .limits import LimitError, check_limits, deadline_after, time_up, watched
from .position import Position, PositionError, effective, effective_masks

TT_BITS = 17
GUESS_FROM = 4
"""Tricks left from which a trump contract's value is stepped to from a greedy play-out's
count rather than bisected (measured: suit nodes -5.8%, three-handed -7.5%; at no trumps
the play-out guesses too badly to help: right on 20% of deals, against 50% in suits)."""
T = TypeVar("T")
_state: dict[str, np.ndarray] = {}
_KERNEL = threading.Lock()
"""Held for each call into the kernel: the calls share one table and scratch array, and run
without the GIL, so two threads' solves take turns call by call (as they did under it)."""
_TABLES = threading.Lock()
"""Held briefly to allocate the table and to take a generation (not for a whole call)."""


def _take_locks() -> None:
    _KERNEL.acquire()
    _TABLES.acquire()


def _free_locks() -> None:
    _TABLES.release()
    _KERNEL.release()


if hasattr(os, "register_at_fork"):  # (not on Windows)
    # a fork while another thread is in the kernel would leave the child's lock taken forever
    os.register_at_fork(before=_take_locks, after_in_parent=_free_locks,
                        after_in_child=_free_locks)


def _tables() -> dict[str, np.ndarray]:
    """The transposition table, allocated and touched once."""
    if not _state:
        with _TABLES:
            if not _state:
                tt = _aligned((1 << TT_BITS, layout.TT_COLS))
                tt.fill(0)  # touch every page now, not as page faults in the first searches
                _state.update(tt=tt, gen=np.zeros(1, np.int64), scratch=np.zeros(
                    (layout.STATE_ROWS, layout.BUF_COLS), np.int64))
    return _state


def _acquire(deadline: float | None) -> bool:
    """Take the kernel's lock, waiting no later than ``deadline`` (None: however long)."""
    if deadline is None:
        return _KERNEL.acquire()
    left = deadline - time.perf_counter()
    # (a far deadline waits as long as the lock can: a longer timeout overflows)
    return left > 0 and _KERNEL.acquire(timeout=min(left, threading.TIMEOUT_MAX))


@contextmanager
def _watched_kernel(w: np.ndarray, deadline: float) -> Iterator[None]:
    """A kernel call under a time limit, waiting for another thread's call included.

    If the lock is not free in time, the call runs without it, its time-up flag raised: the
    search then stops at its first node, before it reads or writes the table, having touched
    only this solve's own state.
    """
    if not _acquire(deadline):
        time_up(w)
        yield
        return
    try:
        with watched(w, deadline):
            yield
    finally:
        _KERNEL.release()


def _aligned(shape: tuple[int, int], line: int = 64) -> np.ndarray:
    """An int64 array whose first byte starts a cache line (numpy's allocator gives 16-byte
    alignment), so a 128-byte table entry spans exactly two lines."""
    size = shape[0] * shape[1]
    raw = np.empty(size + line // 8, np.int64)
    start = (-raw.ctypes.data % line) // 8
    out: np.ndarray = raw[start:start + size].reshape(shape)
    return out


@dataclass
class Searcher:
    """A position loaded into the kernel's state array, ready for questions."""

    position: Position
    st: np.ndarray
    finished: bool = True
    deadline: float | None = None
    """When the time limit runs out (a ``time.perf_counter()`` reading), None for none."""

    @property
    def hands(self) -> np.ndarray:
        """The hands, ``hands[seat, esuit]`` (a view of the state array)."""
        hands: np.ndarray = self.st[layout.HAND_ROW:]
        return hands

    @property
    def w(self) -> np.ndarray:
        """The flat state: configuration, search state, voids, trick (a view)."""
        w: np.ndarray = self.st[layout.W_ROW]
        return w

    @classmethod
    def load(cls, p: Position, budget: int = 0, gen: int | None = None,
             seconds: float | None = None) -> Searcher:
        """Load a position; a fresh table generation unless ``gen`` continues one.

        ``budget``: nodes per question (0: no limit); ``seconds``: a time limit for all the
        questions asked of it, from now (None: none).  :class:`LimitError` if either is not
        a limit."""
        check_limits(budget, seconds)
        deadline = deadline_after(seconds)
        if gen is None:
            t = _tables()
            with _TABLES:  # two threads' solves must never share a generation
                t["gen"][0] += 1
                gen = int(t["gen"][0])
        n = p.players
        if n > layout.MAX_SEATS:
            raise ValueError(f"the kernel holds at most {layout.MAX_SEATS} hands, not {n}")
        # the rows are built as Python lists and written at once (numpy item by item
        # cost more than the rest of loading)
        hands = [effective_masks(p.strain, p.hands[s]) for s in range(n)]
        w = [0] * layout.W_SIZE
        for e in range(5):
            for h in hands:
                w[layout.LEFT + e] |= h[e]
        trump = 4 if p.strain == NO_TRUMPS else p.strain
        w[layout.C_TRUMP] = trump
        w[layout.C_NT] = 1 if p.strain == NO_TRUMPS else 0
        w[layout.C_CLASSIC] = 1 if p.nt_joker == "classic" else 0
        w[layout.C_MUST_JOKER] = 1 if (p.misere and p.nt_joker == "australian") else 0
        w[layout.C_MAX] = p.max_seats
        w[layout.C_COUNT] = p.count_seats
        w[layout.C_STOP] = 1 if p.misere_stop else 0
        w[layout.C_BUDGET] = budget
        w[layout.C_GEN] = gen
        w[layout.C_SEATS] = n
        w[layout.C_ACTIVE] = len(p.active)
        everyone = sum(1 << s for s in p.active)
        w[layout.C_MISERE] = int(p.misere and p.strain == NO_TRUMPS
                                 and p.count_seats.bit_count() == 1
                                 and p.max_seats == everyone & ~p.count_seats)
        for s in range(n):
            w[layout.NEXT + s] = s
            w[layout.VOIDS + s] = p.voids[s]
        for i, s in enumerate(p.active):
            w[layout.NEXT + s] = p.active[(i + 1) % len(p.active)]
        w[layout.S_LEFT] = p.tricks_left
        w[layout.S_LEDSUITS] = p.led_suits
        w[layout.S_LED] = -1
        w[layout.S_FORCE] = -1
        w[layout.S_LEADER] = p.leader
        if p.trick:
            led = -1
            wpow = -1
            wseat = p.trick[0][0]
            for i, (seat, c) in enumerate(p.trick):
                e, r = effective(p.strain, c)
                w[layout.TRICK + e] |= 1 << r
                if i == 0:
                    led = p.named if (c == JOKER and p.strain == NO_TRUMPS) else e
                pw = 100 + r if e == trump else (r if e == led else -1)
                if pw > wpow:
                    wpow, wseat = pw, seat
            w[layout.S_LED] = led
            w[layout.S_LEN] = len(p.trick)
            w[layout.S_WSEAT] = wseat
            w[layout.S_WPOW] = wpow
            w[layout.S_LAST] = p.trick[-1][0]
        # zeroed: no killer moves from an earlier solve (determinism)
        st = np.zeros((layout.STATE_ROWS, layout.BUF_COLS), np.int64)
        st[layout.W_ROW, :layout.W_SIZE] = w
        st[layout.HAND_ROW:layout.HAND_ROW + n, :5] = hands
        return cls(p, st, deadline=deadline)

    @property
    def nodes(self) -> int:
        """Search nodes visited so far."""
        return int(self.w[layout.S_NODES])

    def at_least(self, target: int, move: int = -1) -> bool | None:
        """Can the side make ``target`` more tricks (after the root plays ``move``, a kernel
        move code, if not -1)?  None if the budget or the time ran out."""
        # (more than the tricks left is as impossible, and none as sure, at any size: the
        # kernel's 64-bit integers never see a number past them)
        target = min(max(target, 0), int(self.w[layout.S_LEFT]) + 1)
        with self._kernel():
            ok = walk.ask(self.st, _tables()["tt"], move, target)
        return self._checked(ok, bool(ok))

    def value(self) -> int | None:
        """The exact number of counted tricks (stepping from a guess, else bisecting); None
        if unfinished."""
        guess = self.first_guess()
        with self._kernel():
            v = walk.exact(self.st, _tables()["tt"], -1, 0, int(self.w[layout.S_LEFT]),
                           guess, self.small_cards())
        return self._checked(v, v)

    def first_guess(self) -> int:
        """A guess at the value to step from (``walk.greedy_value``), or -1: bisect."""
        if int(self.w[layout.S_LEFT]) < GUESS_FROM or int(self.w[layout.C_NT]) == 1:
            return -1
        if not _acquire(self.deadline):
            return -1  # out of time waiting for the kernel: the search stops at once anyway
        try:
            return int(walk.greedy_value(self.st, _tables()["scratch"]))
        finally:
            _KERNEL.release()

    def every_move(self, budget: int = 0, cap: int | None = None
                   ) -> tuple[list[int], list[int]]:
        """The root's moves (kernel codes, sequences of equivalent cards) and the value of
        each (``walk.ABORTED`` for one that ran out of ``budget`` nodes or of time), one
        kernel call; with ``cap``, a value of ``cap`` tricks or more is ``cap``."""
        check_limits(budget, None)
        left = int(self.w[layout.S_LEFT])
        hi = left if cap is None else min(checked_cap(cap), left)  # (a cap past them: none)
        out = np.empty((2, layout.MAX_MOVES), np.int64)
        guess = self.first_guess()
        with self._kernel():
            n = walk.every_move(self.st, _tables()["tt"], budget, out, self.small_cards(),
                                guess, hi)
        return out[0, :n].tolist(), out[1, :n].tolist()

    def _kernel(self) -> AbstractContextManager[object]:
        """One search call: the kernel to itself, under this solve's time limit (a deadline
        that passed while another thread's call ran stops this one at its first node)."""
        return _KERNEL if self.deadline is None else _watched_kernel(self.w, self.deadline)

    def small_cards(self) -> np.ndarray:
        """An empty table of answers shared by the root's small cards (``walk.exact``)."""
        return np.zeros((5, 2 * int(self.w[layout.S_LEFT]) + 2), np.int64)

    def _checked(self, result: int, answer: T) -> T | None:
        """``answer``, or None (and the search marked unfinished) if the node budget or the
        time ran out."""
        if result == walk.ABORTED:
            self.finished = False
            return None
        return answer


@dataclass(frozen=True)
class Solution:
    """The answer to a solve."""

    tricks: int | None
    """Counted tricks from here (the current trick included); None if not finished."""
    finished: bool
    nodes: int
    seconds: float


def solve(game_or_position: Game | Position, budget: int = 0, *,
          seconds: float | None = None) -> Solution:
    """The most counted tricks the maximising side can take from here.

    For a trick contract: the declaring side's tricks.  For misère the defenders maximise the
    declarer's tricks, so 0 means the misère is safe (see :func:`misere_safe`).  Optional
    limits, each giving an unfinished answer (``tricks`` None) when it runs out: ``budget``
    nodes (the same on every machine) and ``seconds`` of time (for a person waiting; an
    answer then depends on the machine's speed).  :class:`LimitError` for a limit that is
    not one (negative, zero seconds).  Four players solve in milliseconds; five and six,
    misère above all, can take minutes from the first trick without a limit (misère's
    yes or no is far cheaper: :func:`misere_safe`).
    """
    p = _position(game_or_position)
    start = time.perf_counter()
    s = Searcher.load(p, budget, seconds=seconds)
    v = s.value()
    return Solution(v, v is not None, s.nodes, time.perf_counter() - start)


def can_make(game_or_position: Game | Position, tricks: int, budget: int = 0, *,
             seconds: float | None = None) -> bool | None:
    """Can the declaring side take at least ``tricks`` more tricks?  (None: the node budget
    or the time limit ran out; the limits as for :func:`solve`.)"""
    tricks = whole_number(tricks, PositionError, "tricks must be a whole number of tricks")
    s = Searcher.load(_position(game_or_position), budget, seconds=seconds)
    return s.at_least(tricks)


def misere_safe(game: Game, budget: int = 0, *, seconds: float | None = None) -> bool | None:
    """Misère: can the declarer avoid every remaining trick against the best defence?
    (None: a limit ran out; the limits as for :func:`solve`.)"""
    p = _position(game)
    if not p.misere:
        raise PositionError("misere_safe() is for a misère contract; this hand's contract "
                            "is a trick contract (ask can_make or solve)")
    ok = Searcher.load(p, budget, seconds=seconds).at_least(1)
    return None if ok is None else not ok


def move_values(game: Game, budget: int = 0, side: tuple[int, ...] | None = None, *,
                seconds: float | None = None, cap: int | None = None
                ) -> dict[str, int | None]:
    """For every legal play of the seat to move: the counted tricks from here after it.

    Counted tricks are the declaring side's (for misère, the declarer's; in the all-pass game,
    those of ``side``), the current trick included.  Everything runs on the one loaded
    position, the kernel playing each move at the root itself, with one table generation for
    every question.  The moves go in the kernel's order (the likely best first): the first
    is found as :meth:`Searcher.value` finds a value, each later one is first asked "as good
    as the best so far?" and walks one trick at a time from there (most moves are worth the
    best or next to it).  Cards in sequence are solved once, and a suit's small cards share
    answers that depended on none of them.  ``budget`` bounds each move's nodes, ``seconds``
    the whole call's time; None marks a move that ran out of either (the moves finished
    before the time ran out keep their exact values).

    ``cap`` (a positive number of tricks, None for none) counts only up to it: a value of
    ``cap`` or more is ``cap``.  Each question above it is left unasked, which is what
    makes it cheap where only "at least ``cap``?" matters: in a misère, whether the
    declarer takes a trick (``cap=1``) takes hundreds of nodes where his exact count, with
    five players, often takes millions.  :class:`LimitError` for a cap that is not a
    positive int.
    """
    p = Position.from_game(game, side=side)
    moves, found = Searcher.load(p, seconds=seconds).every_move(budget, cap)
    by_card = _values_by_card(moves, found)
    codes = _kernel_codes(p.strain)
    out: dict[str, int | None] = {}
    for a in game.legal_action_ids():
        code = codes[a]
        if code not in by_card:
            raise AssertionError(f"no root move of the kernel plays {token_of(a)} "
                                 f"(code {code:#x})")
        out[token_of(a)] = by_card[code]
    return out


_SUIT_AND_NAME = 7 | 7 << 8
"""The bits of a kernel move that say its effective suit and the suit a joker lead names."""


def _values_by_card(moves: list[int], found: list[int]) -> dict[int, int | None]:
    """Each root move's value under the code of every card of its sequence (its suit, the
    suit a joker names, and each rank from its bottom card to its top card), None where it
    ran out of a limit: one look-up a legal action."""
    out: dict[int, int | None] = {}
    for m, v in zip(moves, found, strict=True):
        val = None if v == walk.ABORTED else v
        base = m & _SUIT_AND_NAME
        for r in range((m >> 11) & 31, ((m >> 3) & 31) + 1):
            out[base | r << 3] = val
    return out


@functools.cache
def _kernel_codes(strain: int) -> tuple[int, ...]:
    """For every action id, the kernel's code of the card it plays under ``strain``
    (effective suit, rank, the suit a joker lead names, as keyed by :func:`_values_by_card`;
    -1 for an action that plays no card)."""
    codes = []
    for a in range(NUM_ACTIONS):
        if a < JOKER_LEAD:
            e, r = effective(strain, a)
            codes.append(e | r << 3 | layout.NO_NAME << 8)
        else:
            codes.append(4 | (a - JOKER_LEAD) << 8 if a < JOKER_LEAD + 4 else -1)
    return tuple(codes)


def checked_cap(cap: int) -> int:
    """``cap`` if it is a positive int (tricks to count up to), else :class:`LimitError`."""
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise LimitError(f"cap={cap!r}: a cap is a positive number of tricks (or None: "
                         "count every trick)")
    return cap


def _position(x: Game | Position) -> Position:
    return x if isinstance(x, Position) else Position.from_game(x)  # (PositionError if not)
