"""The solver's limits: a time limit and a node budget, each with an honest "not finished".

The long solve is a six-handed misère whose single solve takes over 25 million nodes (seconds
on any machine): a node budget far below that is the backstop, so a time limit that did not
work shows as a search run on to the backstop, never as a hung test.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fivehundred.benchmarks.solver import contract_game
from fivehundred.game import Game
from fivehundred.solver import (
    LimitError,
    Position,
    Solution,
    can_make,
    misere_safe,
    move_values,
    solve,
)
from fivehundred.solver.brute import brute_value
from fivehundred.solver.solve import Searcher
from fivehundred.solver.walk import ABORTED
from helpers import end_position

BACKSTOP = 20_000_000
"""Nodes a search stopped by a 20 ms time limit does not reach (about 200,000 here): some two
seconds of slack for the watchdog on a loaded machine, and still short of the deal's 25M+."""


def _long_deal() -> Game:
    g = contract_game("six_pairs", 6, "misere", 1)
    assert g is not None
    return g


@pytest.fixture(scope="module")
def long_deal() -> Game:
    """The long solve, checked to need more than the backstop (else nothing is tested)."""
    g = _long_deal()
    assert not solve(g, BACKSTOP).finished
    return g


def test_a_time_limit_stops_a_long_solve(long_deal: Game) -> None:
    r = solve(long_deal, BACKSTOP, seconds=0.02)
    assert not r.finished and r.tricks is None
    assert 0 < r.nodes < BACKSTOP        # stopped by the clock, not by the node budget
    assert can_make(long_deal, 1, BACKSTOP, seconds=0.02) is None
    assert misere_safe(long_deal, BACKSTOP, seconds=0.02) is None


def test_a_time_limit_stops_an_all_moves_solve(long_deal: Game) -> None:
    s = Searcher.load(Position.from_game(long_deal), seconds=0.02)
    moves, values = s.every_move(BACKSTOP)
    assert ABORTED in values and len(values) == len(moves) > 1
    assert s.nodes < BACKSTOP            # without the time limit: 62M nodes, 3 moves cut off
    vals = move_values(long_deal, BACKSTOP, seconds=0.02)
    assert set(vals) == set(long_deal.legal_actions()) and None in vals.values()


def test_questions_after_the_time_ran_out_stop_at_their_first_node(long_deal: Game) -> None:
    s = Searcher.load(Position.from_game(long_deal), seconds=0.02)
    assert s.value() is None and not s.finished
    before = s.nodes
    assert s.at_least(1) is None and s.at_least(2) is None
    assert s.nodes - before <= 2


def test_a_stopped_search_leaves_nothing_false_behind(long_deal: Game) -> None:
    """After searches cut short by the clock, solves of other positions are still exact."""
    g = end_position("australian", 3, "6NT", 7)
    want = move_values(g)
    for _ in range(3):
        assert solve(long_deal, BACKSTOP, seconds=0.01).tricks is None
        assert move_values(g) == want
    checked = 0
    for seed in range(40):
        e = end_position("classic3", seed, "6D", 3)
        if e.phase == "play":
            assert solve(e).tricks == brute_value(e)
            checked += 1
    assert checked >= 20


def test_waiting_for_another_threads_call_counts_against_the_time_limit() -> None:
    """While the kernel is busy elsewhere (its lock held here), a time-limited solve gives up
    when its time runs out instead of waiting, and touches nothing shared."""
    import threading

    lock = sys.modules["fivehundred.solver.solve"]._KERNEL  # (the package's `solve` is the
    #                                                          function, not the module)
    g = end_position("australian", 1, "6NT", 10)
    want = move_values(g)
    got: list[object] = []

    def limited() -> None:
        got.append(solve(g, seconds=0.05))
        got.append(move_values(g, seconds=0.05))

    with lock:
        t = threading.Thread(target=limited, daemon=True)
        t.start()
        t.join(60)
        assert not t.is_alive(), "a time-limited solve waited for the kernel's lock"
    r, vals = got
    assert isinstance(r, Solution) and not r.finished and r.nodes <= 1
    assert vals == dict.fromkeys(want)
    assert move_values(g) == want


def test_a_generous_time_limit_changes_nothing() -> None:
    g = end_position("australian", 1, "6NT", 10)
    free, timed = solve(g), solve(g, seconds=600)
    assert (timed.tricks, timed.nodes, timed.finished) == (free.tricks, free.nodes, True)
    assert move_values(g, seconds=600) == move_values(g)
    assert solve(g, seconds=math.inf).nodes == free.nodes     # infinite: no limit


@pytest.mark.parametrize("seconds", [0, -1.5, math.nan])
def test_a_time_limit_that_is_not_one_is_refused(seconds: float) -> None:
    g = end_position("australian", 1, "6H", 6)
    with pytest.raises(LimitError, match=f"a time limit of {seconds} seconds"):
        solve(g, seconds=seconds)
    with pytest.raises(LimitError, match="positive number of seconds"):
        move_values(g, seconds=seconds)
    with pytest.raises(LimitError, match="positive number of seconds"):
        can_make(g, 3, seconds=seconds)


def test_a_negative_node_budget_is_refused() -> None:
    g = end_position("australian", 1, "6H", 6)
    for call in (lambda: solve(g, -1), lambda: move_values(g, -1), lambda: can_make(g, 3, -1),
                 lambda: Searcher.load(Position.from_game(g)).every_move(-1)):
        with pytest.raises(LimitError, match="a node budget of -1"):
            call()
    m = end_position("classic3", 2, "misere", 5)
    with pytest.raises(LimitError, match="node budget"):
        misere_safe(m, -7)


TWIN = """
import json, sys
sys.path.insert(0, {tests!r})
from numba.core import config
from fivehundred.solver import kernel, solve
from test_solver_limits import _long_deal
assert config.DISABLE_JIT and not hasattr(kernel.search, "signatures"), "the JIT is on"
r = solve(_long_deal(), 100_000, seconds=0.05)
print(json.dumps([r.finished, r.nodes]))
"""


def test_the_pure_twin_keeps_the_time_limit() -> None:
    """The same watchdog stops the plain-Python kernel (it runs some 100,000 nodes in
    seconds: the 50 ms limit must stop it long before the budget)."""
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    script = TWIN.format(tests=str(Path(__file__).parent))
    res = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, timeout=600, check=True)
    finished, nodes = json.loads(res.stdout)
    assert finished is False and 0 < nodes < 100_000


def test_solves_in_two_threads_take_turns_and_stay_exact() -> None:
    """The kernel runs without the GIL (so the watchdog can run) but shares one table: two
    threads' solves must give what they give one after the other, nodes included."""
    from concurrent.futures import ThreadPoolExecutor

    games = [g for s in range(40) if (g := end_position("australian", s, "6NT", 10)).phase
             == "play"]

    def both(g: Game) -> tuple[int | None, int, dict[str, int | None]]:
        r = solve(g)
        return r.tricks, r.nodes, move_values(g)

    alone = [both(g) for g in games]
    with ThreadPoolExecutor(2) as pool:
        for _ in range(3):
            assert list(pool.map(both, games)) == alone


def _solve_small_and_exit() -> None:
    g = end_position("australian", 2, "6H", 5)
    sys.exit(0 if solve(g, seconds=30).finished else 3)


@pytest.mark.skipif(not hasattr(os, "register_at_fork"), reason="no fork on this platform")
def test_a_fork_while_another_thread_solves_leaves_the_child_a_free_kernel(
        long_deal: Game) -> None:
    """A child forked while a thread is inside the kernel must not inherit its lock taken
    (its first solve would wait forever): the fork waits for the call to end."""
    import multiprocessing
    import threading
    import time

    lock = sys.modules["fivehundred.solver.solve"]._KERNEL
    busy = threading.Thread(target=solve, args=(long_deal, 3_000_000), daemon=True)
    busy.start()
    while not lock.locked() and busy.is_alive():
        time.sleep(0.001)
    assert lock.locked(), "the solve ended before the fork: nothing would be tested"
    child = multiprocessing.get_context("fork").Process(target=_solve_small_and_exit)
    child.start()
    child.join(60)
    if child.is_alive():
        child.kill()
        child.join()
    busy.join(60)
    assert child.exitcode == 0


def test_a_number_of_tricks_past_any_machine_word_is_answered_as_any_other() -> None:
    """More tricks than are left can never be made and fewer than none always can, however
    large the number (the kernel's 64-bit integers must not see it: OverflowError before)."""
    g = end_position("australian", 1, "6H", 6)
    left = len(g.hand_tokens(g.to_move))
    for huge in (left + 1, 2**63 - 1, 2**63, 10**40):
        assert can_make(g, huge) is False
    for tiny in (0, -1, -(2**63) - 1, -(10**40)):
        assert can_make(g, tiny) is True
    assert move_values(g, cap=2**63) == move_values(g) == move_values(g, cap=10**40)
