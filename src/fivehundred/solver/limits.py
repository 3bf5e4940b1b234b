"""Limits on a solve: a node budget and a time limit, each with an honest "not finished".

The kernel counts nodes itself, so a node budget ends a search at the same node on every
machine (what the bots use: their decisions stay reproducible).  It has no clock, so a time
limit is kept from outside: while a question runs (the compiled kernel runs without the
GIL), a watchdog thread sleeps until the deadline, then raises the time-up flag in the
kernel's state (one thread for the process, started at the first time limit).  Every node
checks the flag, so the search unwinds at once, storing nothing it did not prove, and the
question comes back unfinished; every later question of that solve does too.

>>> deadline_after(None) is None
True
>>> check_limits(-1, None)
Traceback (most recent call last):
...
fivehundred.solver.limits.LimitError: a node budget of -1: give a positive number of ...
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from ..errors import FiveHundredError
from .layout import S_TIMEUP


class LimitError(FiveHundredError):
    """A node budget or a time limit that cannot be kept (negative, zero seconds, not a
    number)."""


#: The largest node budget the kernel can count to (its counters are 64-bit).
MAX_BUDGET = 2**62


def check_limits(budget: int, seconds: float | None) -> None:
    """Refuse a budget or time limit that is not one, saying what was given."""
    if isinstance(budget, bool) or not isinstance(budget, (int, np.integer)):
        raise LimitError(f"a node budget is a whole number of nodes (0 for no limit), not "
                         f"{budget!r}")
    if seconds is not None and (isinstance(seconds, bool)
                                or not isinstance(seconds, (int, float, np.integer,
                                                            np.floating))):
        raise LimitError(f"a time limit is a number of seconds (or None), not {seconds!r}")
    if not 0 <= budget <= MAX_BUDGET:
        raise LimitError(f"a node budget of {budget}: give a positive number of nodes up to "
                         f"{MAX_BUDGET:,}, or 0 for no limit")
    if seconds is not None and not seconds > 0:   # (NaN is not > 0 either)
        raise LimitError(f"a time limit of {seconds} seconds: give a positive number of "
                         f"seconds, or None for no limit")


def deadline_after(seconds: float | None) -> float | None:
    """The ``time.perf_counter()`` reading at which ``seconds`` from now run out (None: no
    limit, also for an infinite one or one longer than a thread can wait, centuries)."""
    if seconds is None or math.isinf(seconds) or seconds >= threading.TIMEOUT_MAX:
        return None
    return time.perf_counter() + seconds


def time_up(w: np.ndarray) -> None:
    """Raise the time-up flag in the kernel's state ``w``: its search stops at the next node."""
    w[S_TIMEUP] = 1


class _Watchdog:
    """One daemon thread that raises the flag of each watched call whose deadline passes.

    Started at the first time limit and kept: arming and disarming cost a few microseconds,
    where a ``threading.Timer`` per call cost 158 (measured: started and cancelled).
    """

    def __init__(self) -> None:
        self._reset()
        if hasattr(os, "register_at_fork"):  # (not on Windows)
            os.register_at_fork(after_in_child=self._reset)  # no thread survives a fork

    def _reset(self) -> None:
        self._cond = threading.Condition()
        self._calls: dict[int, tuple[np.ndarray, float]] = {}
        self._count = 0
        self._thread: threading.Thread | None = None

    def arm(self, w: np.ndarray, deadline: float) -> int:
        """Watch the state ``w`` until ``deadline``; a token for :meth:`disarm`."""
        with self._cond:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True,
                                                name="fivehundred-solver-watchdog")
                self._thread.start()
            self._count += 1
            self._calls[self._count] = (w, deadline)
            self._cond.notify()
            return self._count

    def disarm(self, token: int) -> None:
        """Stop watching a call (it finished; its flag may already be raised)."""
        with self._cond:
            self._calls.pop(token, None)

    def _run(self) -> None:
        with self._cond:
            while True:
                now = time.perf_counter()
                for token, (w, deadline) in list(self._calls.items()):
                    if deadline <= now:
                        time_up(w)
                        del self._calls[token]
                soonest = min((d for _, d in self._calls.values()), default=None)
                self._cond.wait(None if soonest is None
                                else min(soonest - now, threading.TIMEOUT_MAX))


_WATCHDOG = _Watchdog()


@contextmanager
def watched(w: np.ndarray, deadline: float) -> Iterator[None]:
    """Run the kernel call in the block under ``deadline``: the flag in the state ``w`` is
    raised when it passes (at once if it already has)."""
    if deadline <= time.perf_counter():
        time_up(w)
        yield
        return
    token = _WATCHDOG.arm(w, deadline)
    try:
        yield
    finally:
        _WATCHDOG.disarm(token)
