"""A socket's slow lane: its hints and reviews are worked out one at a time, in the order asked,
while the socket's other messages (a take-back, a card, a ping) are handled at once.

Each job is checked and its position taken when its message arrives; only the solving waits
in the lane.  A socket may have a few jobs waiting, not an unbounded pile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from .seats import TableError

Job = Callable[[], Awaitable[None]]

WAITING = 4
"""Jobs a socket may have waiting behind the one being worked out."""
log = logging.getLogger("fivehundred.web")


class SlowLane:
    """One socket's queue of slow jobs and the task working through it."""

    def __init__(self, waiting: int = WAITING) -> None:
        self.waiting = waiting
        self.jobs: asyncio.Queue[Job] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.pending = 0
        """Jobs added and not finished: the one being worked out and those waiting (a job
        just added counts at once, before the lane's task has taken it from the queue)."""

    def add(self, job: Job) -> None:
        """Queue a job; TableError ``busy`` (nothing queued) when enough are waiting."""
        if self.pending > self.waiting:
            raise TableError("busy", f"{self.waiting} hints or reviews this window asked for "
                                     "are still waiting to be worked out: ask again once "
                                     "they have come")
        self.jobs.put_nowait(job)
        self.pending += 1
        if self.task is None:
            self.task = asyncio.create_task(self._work())

    async def _work(self) -> None:
        while True:
            job = await self.jobs.get()
            try:
                await job()    # a job reports its own failures to its socket
            except Exception:  # (and one it could not report must not stop the lane)
                log.exception("a slow job failed")
            finally:
                self.pending -= 1

    async def close(self) -> None:
        """Stop working (the socket has gone): what is waiting is dropped."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.wait([self.task])    # (its own cancel is not raised here; a
            self.task = None                   # cancel of the socket's handler still is)
        self.pending = 0
