"""bench/all_moves_limits.py: positions keyed and rebuilt faithfully, every answer of the search
checked against the exact value, the oracles' runs repeated until they meet nothing unknown, and
a whole small run."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from fivehundred.benchmarks.solver import ALONE, SUIT
from fivehundred.solver import Position, layout, solve
from fivehundred.solver.solve import Searcher

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "all_moves_limits.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("all_moves_limits", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module        # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("kind,tricks", [(SUIT, 4), (ALONE[0], 2), (ALONE[0], 5),
                                         (ALONE[2], 3)])
def test_a_position_rebuilt_from_its_key_is_the_position(kind: Any, tricks: int) -> None:
    """Mid-hand positions of suit contracts, no trumps (the joker live or not: suits led and
    voids matter) and three-handed play: the key rebuilds every column the kernel reads at
    a trick boundary, and the rebuilt position is worth what the solver says."""
    m = _script()
    for g in kind.games(6, tricks):
        p = Position.from_game(g)
        st = Searcher.load(p).st
        rebuilt = m.state_of(m.key_of(st))
        w, v = st[layout.W_ROW], rebuilt[layout.W_ROW]
        for col in (*range(m.CONFIG), layout.S_LEADER, layout.S_LEFT, layout.S_LEDSUITS,
                    layout.S_LED, layout.S_FORCE):
            if col not in (layout.C_BUDGET, layout.C_GEN):
                assert v[col] == w[col], col
        for base, n in ((layout.NEXT, layout.MAX_SEATS), (layout.VOIDS, layout.MAX_SEATS),
                        (layout.LEFT, 5), (layout.TRICK, 5)):
            assert list(v[base:base + n]) == list(w[base:base + n]), base
        assert np.array_equal(rebuilt[layout.HAND_ROW:], st[layout.HAND_ROW:])
        assert m.exact_values([m.key_of(st)]) == [solve(p).tricks]


def _fake_run(nodes: tuple[int, int], met: list[tuple[int, int, int, int]],
              unknown: list[bytes] | None = None) -> dict[str, Any]:
    return {"nodes": {"single": nodes[0], "every": nodes[1]}, "met": met,
            "positions": [b"p0", b"p1"], "unknown": unknown or []}


def test_every_answer_is_checked_and_each_oracle_runs_until_nothing_is_unknown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the runs faked: a search answer the exact values contradict stops the report;
    an oracle whose run met an unknown position is run again once it is solved."""
    m = _script()
    monkeypatch.setattr(m, "solve_nodes", lambda kind, deals, tricks=0: {"single": 10, "every": 25})
    calls: list[tuple[int, int]] = []

    def child(kind: str, deals: int, oracle: int, values: dict[bytes, int],
              tricks: int = 0) -> dict[str, Any]:
        calls.append((oracle, len(values)))
        if oracle == 0:
            return _fake_run((10, 25), [(4, 2, 1, 0), (3, 3, 0, 1)])
        first = len([c for c in calls if c[0] == oracle]) == 1
        return _fake_run((8, 20), [], [b"new"] if first else [])

    monkeypatch.setattr(m, "_child", child)
    monkeypatch.setattr(m, "exact_values", lambda keys: [2 if k != b"p1" else 3 for k in keys])
    with pytest.raises(AssertionError, match="answered False to 'at least 3\\?' with 3 tricks"):
        m.report("suit", 2, say=lambda x: None)
    monkeypatch.setattr(m, "exact_values", lambda keys: [2 for _ in keys])
    calls.clear()
    table = m.report("suit", 2, say=lambda x: None)
    rows = [r for r in table.splitlines() if r.startswith("| ") and "oracle" not in r]
    assert rows[0] == "| none (the search as it is) | 10 | 25 | 2.50x |"
    assert all(r.endswith("| 8 | 20 | 2.50x |") for r in rows[1:])
    assert len(rows) == len(list(m.oracles()))
    # each oracle ran twice, the second time with the position its first run met solved too
    assert calls == [(0, 0), (1, 2), (1, 3)] + [(i, 3) for i in range(2, len(rows))
                                                for _ in range(2)]
    calls.clear()
    table = m.report("suit", 2, say=lambda x: None, chosen=frozenset({2}))
    rows = [r for r in table.splitlines() if r.startswith("| ") and "oracle" not in r]
    names = [name for name, _ in m.oracles()]
    assert [r.split(" | ")[0][2:] for r in rows] == [names[0], names[2]]
    assert [c[0] for c in calls] == [0, 2, 2]
    monkeypatch.setattr(m, "solve_nodes", lambda kind, deals, tricks=0: {"single": 11, "every": 25})
    with pytest.raises(AssertionError, match="not the compiled search's"):
        m.report("suit", 2, say=lambda x: None)
    # an oracle that keeps meeting new positions is not reported on
    monkeypatch.setattr(m, "_child", lambda kind, deals, oracle, values, tricks=0: _fake_run(
        (8, 20), [], [f"new{len(values)}".encode()]))
    with pytest.raises(AssertionError, match=f"oracle 3: still meeting new positions after "
                                             f"{m.ROUNDS} runs"):
        m.settled_run("suit", 2, 3, {})


def test_a_small_run_prints_every_oracle_after_the_search_as_it_is() -> None:
    """Two deals three tricks in, run in the pure twin: the first row is the compiled
    search's own nodes, answers were checked, and knowing the last five tricks saves nodes in
    both solves.  (Full deals took some three minutes of the suite in the twin, the oracles'
    work the same.)"""
    out = subprocess.run([sys.executable, str(SCRIPT), "--deals", "2", "--tricks", "3"],
                         check=True, capture_output=True, text=True, timeout=600).stdout
    head = out.splitlines()[0]
    assert head.startswith("Single and all-moves solves of 2 deals 3 tricks in (suit)")
    checked = int(head.split("(")[2].split(" answers")[0].replace(",", ""))
    assert checked > 100
    rows = {r.strip("|").split("|")[0].strip(): [int(x.replace(",", "")) for x in
                                                  r.strip("|").split("|")[1:3]]
            for r in out.splitlines() if r.startswith("| ") and "oracle" not in r}
    assert list(rows) == [name for name, _ in _script().oracles()]
    single = every = 0
    for g in SUIT.games(2, 3):
        p = Position.from_game(g)
        single += solve(p).nodes
        s = Searcher.load(p)
        s.every_move()
        every += s.nodes
    assert rows["none (the search as it is)"] == [single, every]
    five = rows["a perfect endgame, 5 tricks or fewer"]
    assert five[0] < single and five[1] < every


@pytest.mark.parametrize(("args", "said"), [
    (["--deals", "0"], "--deals must be at least 1"),
    (["--tricks", "9"], "--tricks must be 0 to 8"),
    (["--oracles", "1,x"], "--oracles takes numbers separated by commas, not '1,x'"),
    (["--oracles", "2,99"], "--oracles: no oracle [99]; they are numbered 0 to 7"),
])
def test_bad_arguments_are_refused(args: list[str], said: str) -> None:
    res = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 2 and said in res.stderr
