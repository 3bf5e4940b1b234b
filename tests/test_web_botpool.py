"""The bot pool's warm-up: one worker loads (on a first run, compiles) the solver before the
others start, so the compile runs once."""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
import time
from typing import Any

import pytest

import fivehundred.web.botpool as botpool
from fivehundred.web.botpool import BotPool


def test_the_first_worker_warms_up_before_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    spans: list[tuple[float, float]] = []
    lock = threading.Lock()

    def slow_warm() -> int:
        start = time.perf_counter()
        time.sleep(0.2)
        with lock:
            spans.append((start, time.perf_counter()))
        return threading.get_ident()

    monkeypatch.setattr(botpool, "_warm", slow_warm)
    pool = BotPool("thread", workers=3)
    pool.warm()
    deadline = time.perf_counter() + 10
    while len(spans) < 3 and time.perf_counter() < deadline:
        time.sleep(0.02)
    pool.close()
    assert len(spans) == 3
    spans.sort()
    first_end = spans[0][1]
    assert all(start >= first_end for start, _ in spans[1:])


def test_closing_during_the_warm_up_warms_nothing_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closed while the first worker warms up, the pool has taken no other warm-up, and none
    runs after it (the old warm-up gave every worker its own at once).  Waits on what the
    pool does (the first warm-up begun, every thread it started ended), not on the clock."""
    calls: list[int] = []
    begun, release = threading.Event(), threading.Event()

    def blocked_warm() -> int:
        """A warm-up that holds its worker until the test releases it."""
        calls.append(1)
        begun.set()
        release.wait(5)
        return 0

    monkeypatch.setattr(botpool, "_warm", blocked_warm)
    pool = BotPool("thread", workers=2)
    taken: list[object] = []
    submit = pool.executor.submit

    def counted(fn: Any, *args: Any) -> Any:
        """The executor's own submit, each task it takes noted (one refused is not)."""
        done = submit(fn, *args)
        taken.append(fn)
        return done

    monkeypatch.setattr(pool.executor, "submit", counted)
    before = set(threading.enumerate())
    pool.warm()
    assert begun.wait(10), "the first warm-up never began"
    pool.close()
    assert taken == [blocked_warm]
    release.set()
    deadline = time.monotonic() + 10        # (only if a thread of the pool never ends)
    while started := [t for t in threading.enumerate() if t not in before]:
        if time.monotonic() > deadline:
            pytest.fail(f"the pool's threads still run after it was closed: {started}")
        for t in started:
            t.join(max(0.0, deadline - time.monotonic()))
    assert calls == [1] and taken == [blocked_warm]


def test_a_decision_asked_during_the_first_warm_up_waits_for_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """It would start a second worker compiling the solver side by side; it runs after."""
    events: list[str] = []
    release = threading.Event()

    def blocked_warm() -> int:
        events.append("warm start")
        release.wait(5)
        events.append("warm end")
        return 0

    def decide(name: str, seed: int, view: object) -> str:
        events.append("decide")
        return "pass"

    monkeypatch.setattr(botpool, "_warm", blocked_warm)
    monkeypatch.setattr(botpool, "decide", decide)
    pool = BotPool("thread", workers=2)
    pool.warm()

    async def ask() -> str:
        task = asyncio.create_task(pool.decide("medium", 1, None))  # type: ignore[arg-type]
        await asyncio.sleep(0.2)
        assert "decide" not in events       # (the old pool ran it on the idle second thread)
        release.set()
        return await task

    try:
        assert asyncio.run(ask()) == "pass"
    finally:
        pool.close()
    assert events.index("decide") > events.index("warm end")


def test_a_failed_warm_up_is_not_logged_once_per_waiting_decision(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    release = threading.Event()

    def failing_warm() -> int:
        release.wait(5)
        raise RuntimeError("no solver")

    monkeypatch.setattr(botpool, "_warm", failing_warm)
    monkeypatch.setattr(botpool, "decide", lambda name, seed, view: "pass")
    pool = BotPool("thread", workers=2)
    pool.warm()

    async def ask() -> list[str]:
        tasks = [asyncio.create_task(pool.decide("medium", s, None))  # type: ignore[arg-type]
                 for s in range(3)]
        await asyncio.sleep(0.1)
        release.set()
        return list(await asyncio.gather(*tasks))

    with caplog.at_level(logging.ERROR, logger="asyncio"):
        assert asyncio.run(ask()) == ["pass"] * 3
        pool.close()
        pool._first = None          # the last reference to the failed warm-up and its waiters
        gc.collect()                # (an unread exception is logged when its future goes)
    assert "never retrieved" not in caplog.text


def test_a_decision_cut_short_as_the_server_stops_logs_nothing(
        caplog: pytest.LogCaptureFixture) -> None:
    """A decision waiting for the warm-up when the server stops is cancelled; closing the
    pool then ends the warming worker, and its copy of the warm-up's future failed unread:
    "Future exception was never retrieved ... BrokenProcessPool" after "Five Hundred
    stopped." (a fresh clone's Ctrl-C test).  So is a worker's call cut short the same way."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    pool = BotPool("thread", workers=1)
    warming: list[Future[int]] = [Future()]    # (the test's only reference: dropped below)
    warming[0].set_running_or_notify_cancel()
    pool._first = warming[0]
    calling = threading.Event()
    finish = threading.Event()

    def stuck() -> int:
        calling.set()
        finish.wait(5)
        raise BrokenProcessPool("ended by close")

    async def stop_the_server() -> None:
        waiting = asyncio.create_task(pool.decide("medium", 1, None))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        waiting.cancel()                  # (the server's tasks are cancelled as it stops)
        await asyncio.gather(waiting, return_exceptions=True)
        pool._first = None
        calling_task = asyncio.create_task(pool._in_worker(stuck))
        while not calling.is_set():
            await asyncio.sleep(0.01)
        calling_task.cancel()
        await asyncio.gather(calling_task, return_exceptions=True)
        warming[0].set_exception(BrokenProcessPool("ended by close"))   # close() ends it
        finish.set()
        await asyncio.sleep(0.2)

    with caplog.at_level(logging.ERROR, logger="asyncio"):
        asyncio.run(stop_the_server())
        pool.close()
        warming.clear()
        gc.collect()                # (an unread exception is logged when its future goes)
    assert "never retrieved" not in caplog.text, caplog.text


def _nap(seconds: float) -> int:
    """A long task for a worker process (module level: a spawned worker imports it)."""
    time.sleep(seconds)
    return 0


def test_closing_stops_a_worker_process_in_the_middle_of_a_task() -> None:
    """Python's exit waits for the pool's processes: one left finishing a long task (the
    warm-up's import on a busy host, a claim's check) would hold Ctrl-C that long."""
    pool = BotPool("process", workers=1)
    assert isinstance(pool.executor, botpool.ProcessPoolExecutor)
    started = pool.executor.submit(_nap, 0)
    started.result(timeout=60)                  # the worker process is up
    running = pool.executor.submit(_nap, 120)
    time.sleep(0.5)
    processes = list(pool.executor._processes.values())
    assert len(processes) == 1 and processes[0].is_alive()
    pool.close()
    # the pool's own thread reaps the process too, and fails the task it held: each may
    # lag a moment behind close on a busy host (is_alive can say True after join returned)
    deadline = time.perf_counter() + 30
    while (processes[0].is_alive() or not running.done()) and time.perf_counter() < deadline:
        time.sleep(0.05)
    assert not processes[0].is_alive()
    assert running.done()                       # (long before its 120 s)


def test_closing_returns_with_the_pools_own_thread_ended() -> None:
    """The process pool's own thread, left running after close, closed its wake-up pipe as
    Python's exit wrote to it: "Exception ignored in threading._shutdown ... OSError: [Errno
    9] Bad file descriptor" printed after Ctrl-C (a fresh clone's test of a quiet Ctrl-C)."""
    pool = BotPool("process", workers=1)
    assert isinstance(pool.executor, botpool.ProcessPoolExecutor)
    pool.executor.submit(_nap, 0).result(timeout=60)        # the worker process is up
    manager = pool.executor._executor_manager_thread
    assert manager is not None and manager.is_alive()
    pool.close()
    assert not manager.is_alive()


def test_the_workers_keep_a_few_tables_bots_not_every_tables() -> None:
    """Each worker kept the bots of every table it ever served (one per table's seed) for
    as long as it ran; now a few tables' bots, and a bot built again decides the same."""
    from fivehundred import Game, Rules

    game = Game(Rules.preset("australian"), seed=5)
    view = game.view(game.to_move)
    first = botpool.decide("easy", 0, view)
    for seed in range(300):
        botpool.decide("easy", seed, view)
    assert botpool._bot.cache_info().currsize <= 64
    assert botpool.decide("easy", 0, view) == first
