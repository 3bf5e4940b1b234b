"""Executors: one interface to run work units serially, in local processes or on Ray.

An executor maps a top-level function over picklable items and yields the results as they
finish, in any order (:meth:`Executor.map_unordered`).  The arena sorts results itself, and
each unit depends on its spec alone, so every executor gives the same results.

* :class:`SerialExecutor`: in this process, in order (tests, debugging, ``--workers 1``).
* :class:`ProcessExecutor`: a pool of local processes (the default).  Workers are *spawned*
  (fresh interpreters, not forks), which is safe whatever threads the parent or a bot's
  numerical libraries have started; each ignores Ctrl-C so that only the parent handles it,
  and exits by itself if the parent is killed outright (:mod:`fivehundred.workers`).
* :class:`RayExecutor`: tasks on a Ray cluster (``pip install 'fivehundred[ray]'``); every
  node needs fivehundred installed.  The address ``local`` starts a private local instance.

>>> list(SerialExecutor().map_unordered(abs, [-1, 2, -3]))
[1, 2, 3]
"""

from __future__ import annotations

import importlib
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol, TypeVar

from ..workers import sigint_held, worker_init
from .play import ArenaError

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Runs a function over items and yields the results as they finish."""

    name: str

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``fn(item)`` for every item, in the order they finish; the first error is raised."""
        ...

    def close(self) -> None:
        """Release workers (idempotent)."""
        ...


class SerialExecutor:
    """Everything in this process, in order."""

    name = "serial"

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``fn(item)`` for each item in turn."""
        for item in items:
            yield fn(item)

    def close(self) -> None:
        """Nothing to release."""


class ProcessExecutor:
    """A pool of local worker processes, started on first use.

    At most ``2 * workers`` units are in flight at once, so a Ctrl-C or an error leaves little
    work to cancel and memory stays flat however many units there are.
    """

    name = "processes"

    def __init__(self, workers: int = 2) -> None:
        if workers < 1:
            raise ArenaError(f"--workers {workers}: at least one worker is needed")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _get_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=worker_init,
            )
        return self._pool

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Submit items as slots free up; yield each result when it is done."""
        pool = self._get_pool()
        it = iter(items)
        pending: set[Future[R]] = set()
        try:
            self._fill(pool, fn, it, pending)
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
                self._fill(pool, fn, it, pending)
        finally:
            for f in pending:
                f.cancel()

    def _fill(self, pool: ProcessPoolExecutor, fn: Callable[[T], R], it: Iterator[T],
              pending: set[Future[R]]) -> None:
        """Submit items until ``2 * workers`` are in flight (a submit may start a worker)."""
        with sigint_held():
            for item in it:
                pending.add(pool.submit(fn, item))
                if len(pending) >= 2 * self.workers:
                    break

    def close(self) -> None:
        """Stop the workers (running units are abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def import_ray() -> Any:
    """The ray module, or an ArenaError saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ArenaError(
            "the Ray executor needs the ray package: pip install 'fivehundred[ray]'"
        ) from None


class RayExecutor:
    """Tasks on a Ray cluster.

    ``address`` is a cluster address (``ray://host:10001``, ``auto``) or ``local`` to start a
    private instance here with ``num_cpus`` CPUs (all of them when None).  A Ray session this
    executor started is shut down by :meth:`close`; one that was already running is left alone.
    """

    name = "ray"

    def __init__(self, address: str = "local", num_cpus: int | None = None) -> None:
        self.ray = import_ray()
        self.address = address
        self._started = False
        if not self.ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address == "local":
                kwargs["num_cpus"] = num_cpus
            else:
                kwargs["address"] = address
            try:
                self.ray.init(**kwargs)
            except Exception as e:  # ray raises many kinds; say which address failed
                raise ArenaError(f"cannot start or reach Ray at {address!r}: {e}") from e
            self._started = True
        self._remote: dict[Callable[..., Any], Any] = {}

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Submit items as tasks, at most twice the cluster's CPUs at a time."""
        ray = self.ray
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = ray.remote(fn)
        limit = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
        it = iter(items)
        pending: list[Any] = []
        try:
            for item in it:
                pending.append(remote.remote(item))
                if len(pending) >= limit:
                    break
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    result: R = ray.get(ref)
                    yield result
                for item in it:
                    pending.append(remote.remote(item))
                    if len(pending) >= limit:
                        break
        finally:
            for ref in pending:
                ray.cancel(ref)

    def close(self) -> None:
        """Shut Ray down if this executor started it."""
        if self._started:
            self.ray.shutdown()
            self._started = False


def make_executor(workers: int = 2, ray_address: str | None = None) -> Executor:
    """The executor for the command line's options: Ray, processes, or serial for one worker."""
    if ray_address is not None:
        return RayExecutor(ray_address, num_cpus=workers if ray_address == "local" else None)
    if workers <= 1:
        return SerialExecutor()
    return ProcessExecutor(workers)
