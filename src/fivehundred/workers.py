"""Worker processes that leave Ctrl-C to their parent: the arena's pool and the web server's
bots both spawn workers in the terminal's process group, which a Ctrl-C reaches whole.

Start the workers inside :func:`sigint_held` and give each :func:`worker_init` as its
initializer: a Ctrl-C then stops the parent alone, quietly, instead of printing a
``KeyboardInterrupt`` traceback from every worker.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator


@contextlib.contextmanager
def sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back from the workers started inside: a spawned worker inherits the
    blocked signal, so a Ctrl-C while it imports (before :func:`worker_init` ignores it)
    waits instead of printing the worker's traceback; the parent gets its own when the block
    ends. multiprocessing's resource tracker is started first: its start unblocks Ctrl-C
    (every spawn makes sure it runs)."""
    if not hasattr(signal, "pthread_sigmask"):     # (Windows)
        yield
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def worker_init() -> None:
    """In each worker: leave Ctrl-C to the parent, and exit if the parent dies.

    A worker blocked on its queue would otherwise outlive a parent killed outright. Ignoring
    Ctrl-C drops one held back since the worker started (:func:`sigint_held`).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
