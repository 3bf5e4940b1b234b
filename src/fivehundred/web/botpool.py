"""Bots think in a pool of worker processes, so the server (and the page) never freezes.

A bot is rebuilt in the worker from its name and seed and given only a View, exactly as at
any other table; its decision depends on nothing else, so a saved game replays the same.
The workers leave Ctrl-C to the server (:mod:`fivehundred.workers`): typed in the terminal, it
reaches them too, and printed a traceback from each.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import (
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from typing import Any, TypeVar

from ..actions import readable_text
from ..bots import Bot, make
from ..bots.base import stand_in as bots_stand_in
from ..bots.hints import defending, format_hint, hint, value_words
from ..game import Game
from ..view import View
from ..workers import sigint_held, worker_init
from .replies import claim_answer, review_message
from .state import advice_words

T = TypeVar("T")
MANAGER_JOIN_SECONDS = 10.0
"""How long closing waits for the process pool's own thread to end, its workers stopped."""
log = logging.getLogger("fivehundred.web")

@functools.lru_cache(maxsize=64)
def _bot(name: str, seed: int) -> Bot:
    """The named bot with its seed, kept for the next decisions of its seat: a few tables'
    bots, not every table's for good (a bot decides from its seed and the view alone, so one
    built again decides the same)."""
    return make(name, seed=seed)


def decide(name: str, seed: int, view: View) -> str:
    """The action token the named bot takes (runs in a worker)."""
    return _bot(name, seed).act(view).action


def stand_in(seed: int, view: View) -> str:
    """What a seat plays when its bot failed (no solver to be had, a bug): the terminal
    tables' stand-in (:func:`.bots.base.stand_in`: Medium's choice, which needs no solver);
    the table goes on either way (it stood still, waiting on a bot that would never
    answer)."""
    return bots_stand_in(view, seed)[0]


def advise(view: View, seed: int) -> dict[str, Any]:
    """What the Insane bot would do for this view, as a ``hint`` message (runs in a worker)."""
    d = hint(view, seed=seed)
    sides = len(view.rules.sides)
    unit, words = value_words(d.candidates[:8], view.phase,     # (the page's one source)
                              defending(view), sides=sides)
    return {
        "type": "hint", "action": d.action, "cards": list(d.marked(view.phase)),
        "words": advice_words(view.phase, d.action, d.plan),
        "reason": readable_text(d.reason),         # ("6♦ fails", as the text says it)
        "text": format_hint(d, phase=view.phase, defending=defending(view), sides=sides),
        "value_unit": unit, "value_words": words,
        "candidates": [{"action": c.action, "value": round(c.value, 1) + 0.0,
                        "make_probability": c.make_probability, "note": c.note}
                       for c in d.candidates[:8]],
    }


def _warm() -> int:
    """Load the bots and the compiled solver in a fresh worker before the first real question."""
    from ..solver import solve  # noqa: F401  (loads the numba cache)

    return os.getpid()


def _retrieved(done: asyncio.Future[Any]) -> None:
    """Mark a finished future's error as seen: asyncio logs one nobody asked for when the
    future is collected, which a call cut short by the server stopping never is."""
    if not done.cancelled():
        done.exception()


class BotPool:
    """An executor for bot decisions: processes by default, threads for tests."""

    def __init__(self, kind: str = "process", workers: int | None = None) -> None:
        n = workers or max(1, min(2, os.cpu_count() or 1))
        self.executor: Executor
        if kind == "process":
            self.executor = ProcessPoolExecutor(
                n, mp_context=multiprocessing.get_context("spawn"), initializer=worker_init)
        elif kind == "thread":
            self.executor = ThreadPoolExecutor(n)
        else:
            raise ValueError(f"a bot pool is 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.workers = n
        self._first: Future[int] | None = None

    def warm(self) -> None:
        """Start the workers now (in the background), each loading the compiled solver: one
        first, the others once it has, so that a first run compiles the solver once (and
        says so once) and the others load it from the cache.  (A worker starts only when a
        task finds none idle.)"""
        first = self._first = self._submit(_warm)
        threading.Thread(target=self._warm_the_rest, args=(first,), daemon=True).start()

    async def _warmed(self) -> None:
        """Wait for the first worker's warm-up: a bot asked to decide meanwhile would start
        another worker, which on a first run compiles the solver a second time, side by side
        (every bot loads it), finishing later than the first compile it waits for here."""
        first = self._first
        if first is not None and not first.done():
            waited = asyncio.wrap_future(first)
            # retrieved, whatever happens to this wait: a failed warm-up is the bots' own
            # calls' to report, not a log line per waiting decision; and a wait cancelled as
            # the server stops leaves its copy to fail when close() ends the worker ("Future
            # exception was never retrieved ... BrokenProcessPool" after "stopped")
            waited.add_done_callback(_retrieved)
            await asyncio.wait([waited])

    def _warm_the_rest(self, first: Future[int]) -> None:
        try:
            if first.exception() is not None:
                return  # the bots' own calls will say what failed
        except CancelledError:
            return  # the pool was closed meanwhile
        try:
            for _ in range(self.workers - 1):
                self._submit(_warm)
        except RuntimeError:
            pass  # the pool was closed meanwhile: nothing left to warm

    def _submit(self, fn: Callable[..., T], *args: object) -> Future[T]:
        """``fn(*args)`` submitted to the executor, Ctrl-C held back from any worker the
        submit starts (until the worker ignores it)."""
        if self.kind != "process":
            return self.executor.submit(fn, *args)
        with sigint_held():
            return self.executor.submit(fn, *args)

    async def _in_worker(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in a worker, once the first worker has warmed up."""
        await self._warmed()
        done = asyncio.wrap_future(self._submit(fn, *args))
        done.add_done_callback(_retrieved)      # (the caller awaiting it still gets its error)
        return await done

    async def decide(self, name: str, seed: int, view: View) -> str:
        """The bot's action, computed in a worker (once the first worker has warmed up)."""
        return await self._in_worker(decide, name, seed, view)

    async def advise(self, view: View, seed: int) -> dict[str, Any]:
        """A hint, computed in a worker (once the first worker has warmed up)."""
        return await self._in_worker(advise, view, seed)

    async def review(self, game: Game, seat: int, names: list[str],
                     every_seat: bool = False, hand: int | None = None,
                     kitty_seen: bool = True) -> dict[str, Any]:
        """A hand's review against double dummy (a ``review`` or ``no_review`` error message;
        ``every_seat``: every card played, not only the seat's; ``hand``: the number of the
        earlier hand ``game`` stands at the end of; ``kitty_seen``: whether the seat's player
        saw its kitty, if it declared), computed in a worker: the solver never runs in the
        server's process."""
        return await self._in_worker(review_message, game, seat, names, every_seat, hand,
                                     kitty_seen)

    async def claim(self, game: Game, seat: int, names: list[str]) -> dict[str, Any]:
        """Whether a claim stands, and its cards (``replies.claim_answer``), worked out in a
        worker: the solver never runs in the server's process."""
        return await self._in_worker(claim_answer, game, seat, names)

    def close(self) -> None:
        """Stop the workers now, a decision or the warm-up under way included.

        A worker holds nothing worth finishing (a bot is rebuilt from its name and seed, a
        table saves without it), and Python's exit would otherwise wait for it: Ctrl-C just
        after ``fivehundred play`` started took 6 s on a busy host, the first worker still
        importing the solver, and a claim being checked could hold it 5 s.
        """
        executor = self.executor
        if not isinstance(executor, ProcessPoolExecutor):
            executor.shutdown(wait=False, cancel_futures=True)
            return
        stop = getattr(executor, "terminate_workers", None)     # Python 3.14 and later
        if stop is not None:
            stop()
            return
        processes = list((executor._processes or {}).values())  # (shutdown forgets them)
        manager = getattr(executor, "_executor_manager_thread", None)   # (so does it)
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        if isinstance(manager, threading.Thread):
            # its workers gone, the pool's own thread ends at once; left running, it closed
            # its wake-up pipe as Python's exit wrote to it ("Exception ignored ... OSError:
            # [Errno 9] Bad file descriptor" after Ctrl-C, Python 3.11's race)
            manager.join(MANAGER_JOIN_SECONDS)
