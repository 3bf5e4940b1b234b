"""Exact values from zero-window questions, asked inside the compiled code.

A value is found by questions "at least g more tricks?" to the kernel's ``search``: bisecting,
or stepping one trick at a time from a guess (a later root move is usually worth the best so
far or next to it; in a trump contract a greedy play-out, :func:`greedy_value`, is right or
one off on most deals).  Asked from Python, each question cost a few microseconds of interpreter
around it, a tenth of an all-moves solve after a few tricks; here the whole walk is one call.
"""

from __future__ import annotations

import numpy as np
from numba import types

from . import kernel as k
from . import layout
from .jit import compiled
from .ordering import gen_moves, to_trick

ABORTED = -1
"""What :func:`exact` returns when a question ran out of the node budget or of time (the
time-up flag, ``limits``)."""

I64 = types.int64


@compiled(types.int64(layout.H, layout.H, I64, I64), inline=True)
def _ask(st: np.ndarray, tt: np.ndarray, move: int, target: int) -> int:
    """Can the maximising side make ``target`` more tricks (after the root playing ``move``,
    a kernel move code, if it is not -1)?  1 or 0, ``ABORTED`` if the budget or the time ran
    out.  Each question starts without killer moves: the last question's, found for
    another target or another root move, misled this one (``bench nodes``, 200 deals of
    each kind: single solves 0% to -1.5% nodes, all-moves solves -0.1% to -3.1%, but +0.15%
    at no trumps)."""
    w = st[layout.W_ROW]
    w[layout.S_FORCE] = move
    for d in range(layout.MAX_DEPTH):
        st[d, layout.B_KILLER] = 0
    r = k.search(st, tt, 0, target)
    w[layout.S_FORCE] = -1
    if w[layout.S_ABORT] == 1:
        return ABORTED
    return 1 if r else 0


@compiled(types.int64(layout.H, layout.H, I64, I64, I64, I64, layout.H), inline=True)
def _exact(st: np.ndarray, tt: np.ndarray, move: int, lo: int, hi: int, guess: int,
           small: np.ndarray) -> int:
    """The exact value in [lo, hi] (after ``move``, or -1 for the root's best): bisecting, or
    from ``guess`` (not -1) expected at or next to it, stepping a trick at a time.
    ``ABORTED`` if a question ran out of budget or of time.

    ``small[e, target]`` shares answers between a suit's small cards at the root: when the
    answer after a card depended on no rank of its suit at or below the card (the ranks the
    search reports in ``st[0, B_REL + e]``), every card of the suit below the lowest rank that
    mattered plays the same; the entry keeps that rank (0: none yet) and the answer.
    """
    e = move & 7
    b = (move >> 3) & 31
    plain = move >= 0 and (move >> 8) & 7 == layout.NO_NAME
    g = (lo + hi + 1) // 2 if guess < 0 else min(max(guess, lo + 1), hi)
    while lo < hi:
        if plain and b < small[e, 2 * g]:
            ok = small[e, 2 * g + 1]
        else:
            ok = _ask(st, tt, move, g)
            if ok == ABORTED:
                return ABORTED
            if plain:
                c = st[0, layout.B_REL + e]
                if b < c:
                    small[e, 2 * g] = c
                    small[e, 2 * g + 1] = ok
        if ok == 1:
            lo = g
        else:
            hi = g - 1
        if guess < 0:
            g = (lo + hi + 1) // 2
        else:
            g = min(max(g + 1 if ok == 1 else g - 1, lo + 1), hi)
    return lo


@compiled(types.int64(layout.H, layout.H, I64, layout.H, layout.H, I64, I64), inline=True)
def _every_move(st: np.ndarray, tt: np.ndarray, budget: int, out: np.ndarray,
                small: np.ndarray, guess: int, cap: int) -> int:
    """The value of each of the root's moves, counted up to ``cap`` tricks; returns how
    many moves.

    ``out[0, i]`` is a move (a sequence of equivalent cards, in the kernel's order, the
    likely best first: its top card and its bottom card), ``out[1, i]`` its value (a value
    of ``cap`` or more as ``cap``) or ``ABORTED`` when it ran out of ``budget`` nodes (0:
    no limit) or of time (then so does every later move); ``small`` is an empty
    table of answers shared by small cards (see :func:`exact`).  The first move is
    bisected, or stepped to from ``guess`` (not -1); each later one is asked "as good as
    the best so far?" and walks a trick at a time from there (most moves are worth the best
    or next to it).  One call for the whole solve, no interpreter between the moves.
    """
    w = st[layout.W_ROW]
    seat = w[layout.S_LEADER] if w[layout.S_LEN] == 0 else w[layout.NEXT + w[layout.S_LAST]]
    is_max = (w[layout.C_MAX] >> seat) & 1 == 1
    count = gen_moves(st[layout.HAND_ROW:], w, st, 0, seat)
    for i in range(count):
        out[0, i] = st[0, layout.B_MOVES + i]
    hi = min(w[layout.S_LEFT], cap)
    best = -1
    for i in range(count):
        m = out[0, i]
        w[layout.C_BUDGET] = w[layout.S_NODES] + budget if budget > 0 else 0
        w[layout.S_ABORT] = 0
        top = (m & ~(31 << 11)) | ((m >> 3) & 31) << 11     # the sequence's top card alone
        v = _exact(st, tt, top, 0, hi, best if i > 0 else guess, small)
        out[1, i] = v
        if v != ABORTED and (best < 0 or (v > best if is_max else v < best)):
            best = v
    return count


@compiled(types.int64(layout.H, layout.H), inline=True)
def _greedy_value(st: np.ndarray, scratch: np.ndarray) -> int:
    """The counted tricks from here when every hand plays the kernel's first choice.

    A first guess for :func:`exact`: stepping from a guess at or next to the value asks
    fewer questions near it than bisecting.  Played out on ``scratch`` (a state array of
    the same shape: the hands and ``w`` are copied into it), so ``st`` is untouched.
    """
    for r in range(layout.W_ROW, layout.STATE_ROWS):
        for c in range(layout.BUF_COLS):
            scratch[r, c] = st[r, c]
    w = scratch[layout.W_ROW]
    hands = scratch[layout.HAND_ROW:]
    total = 0
    while w[layout.S_LEFT] > 0:
        seat = w[layout.S_LEADER] if w[layout.S_LEN] == 0 else w[layout.NEXT + w[layout.S_LAST]]
        gen_moves(hands, w, scratch, 0, seat)
        m = scratch[0, layout.B_MOVES]
        e = m & 7
        bit = 1 << ((m >> 3) & 31)
        hands[seat, e] ^= bit
        w[layout.LEFT + e] ^= bit
        to_trick(w, seat, e, (m >> 3) & 31, (m >> 8) & 7)
        w[layout.TRICK + e] |= bit
        w[layout.S_LEN] += 1
        w[layout.S_LAST] = seat
        if w[layout.S_LEN] == w[layout.C_ACTIVE]:
            win = w[layout.S_WSEAT]
            won = (w[layout.C_COUNT] >> win) & 1
            total += won
            if w[layout.C_STOP] == 1 and won == 1:
                break
            for x in range(5):
                w[layout.TRICK + x] = 0
            w[layout.S_LEADER] = win
            w[layout.S_LEN] = 0
            w[layout.S_LED] = -1
            w[layout.S_LEFT] -= 1
    return total


ASK = 0
EXACT = 1
EVERY_MOVE = 2
GREEDY_VALUE = 3
"""The walks, by the number :func:`run` knows them by."""
_UNUSED = np.zeros((1, 1), np.int64)
"""Passed for an array argument the walk asked for does not read."""


@compiled(types.int64(layout.H, layout.H, I64, I64, I64, I64, I64, layout.H, layout.H))
def run(st: np.ndarray, tt: np.ndarray, op: int, a: int, b: int, c: int, d: int,
        x: np.ndarray, y: np.ndarray) -> int:
    """The walks' one compiled entry: ``op`` says which walk, the others are its arguments
    in order, the ints then the arrays (the functions below call it, one each).

    One entry, not four: each compiled entry carries its own copy of the search's machine
    code (0.4-0.5 MB), and a cached start loads every entry.  Measured: this module's
    import 77-106 ms with four, 27-30 ms with one (``python -X importtime``); a fresh
    process's import and first solve, median of 20 alternating runs, 0.668 s against 0.631
    s.  A call costs the same (well under a microsecond of dispatch either way).
    """
    if op == ASK:
        return _ask(st, tt, a, b)
    if op == EXACT:
        return _exact(st, tt, a, b, c, d, x)
    if op == EVERY_MOVE:
        return _every_move(st, tt, a, x, y, b, c)
    return _greedy_value(st, x)


def ask(st: np.ndarray, tt: np.ndarray, move: int, target: int) -> int:
    """Can the maximising side make ``target`` more tricks (after the root playing
    ``move``, or -1)?  1 or 0, ``ABORTED`` if a limit ran out (:func:`_ask`)."""
    return int(run(st, tt, ASK, move, target, 0, 0, _UNUSED, _UNUSED))


def exact(st: np.ndarray, tt: np.ndarray, move: int, lo: int, hi: int, guess: int,
          small: np.ndarray) -> int:
    """The exact value in [lo, hi] after ``move`` (-1: the root's best), from ``guess``
    (-1: bisecting), ``small`` shared by a suit's small cards (:func:`_exact`)."""
    return int(run(st, tt, EXACT, move, lo, hi, guess, small, _UNUSED))


def every_move(st: np.ndarray, tt: np.ndarray, budget: int, out: np.ndarray,
               small: np.ndarray, guess: int, cap: int) -> int:
    """Every root move into ``out[0]`` and its value into ``out[1]``; how many moves
    (:func:`_every_move`)."""
    return int(run(st, tt, EVERY_MOVE, budget, guess, cap, 0, out, small))


def greedy_value(st: np.ndarray, scratch: np.ndarray) -> int:
    """The counted tricks when every hand plays the kernel's first choice
    (:func:`_greedy_value`)."""
    return int(run(st, _UNUSED, GREEDY_VALUE, 0, 0, 0, 0, scratch, _UNUSED))
