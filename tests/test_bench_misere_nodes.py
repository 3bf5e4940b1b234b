"""bench/misere_nodes.py: its rows are the solver's own node counts, the cap is honoured, and
bad arguments are refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fivehundred.benchmarks.solver import contract_game
from fivehundred.rng import Rng
from fivehundred.solver import solve

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "misere_nodes.py"


def test_a_small_run_prints_the_solvers_nodes_and_the_capped_deals() -> None:
    """Three deals of two presets: the first row's sum is the solver's nodes on the same
    deals; a cap of 30 nodes stops some six-handed deal of the first three at 30."""
    out = subprocess.run([sys.executable, str(SCRIPT), "--deals", "3", "--tricks", "0",
                          "--presets", "australian", "six_pairs", "--cap", "30"],
                         check=True, capture_output=True, text=True, timeout=600).stdout
    rows = [r.strip("|").split("|") for r in out.splitlines() if r.startswith("| ")
            and not r.startswith("| preset")]
    assert [(r[0].strip(), r[1].strip()) for r in rows] == [("australian", "0"),
                                                            ("six_pairs", "0")]
    expected = []
    seed = 50_000
    while len(expected) < 3:
        g = contract_game("six_pairs", seed, "misere", Rng(seed).below(6), 0)
        seed += 1
        if g is not None:
            expected.append(solve(g, budget=30))
    nodes = [int(x.replace(",", "")) for x in rows[1][2:6]]
    assert nodes[0] == sum(s.nodes for s in expected)
    assert nodes[3] == max(s.nodes for s in expected) <= 31
    assert int(rows[1][6]) == sum(not s.finished for s in expected) >= 1


@pytest.mark.parametrize(("args", "said"), [
    (["--deals", "0"], "argument --deals: 0 is out of range: expected a whole number from 1"),
    (["--cap", "0"], "argument --cap: 0 is out of range: expected a whole number from 1"),
    (["--tricks", "1,x"], "--tricks takes numbers separated by commas, not '1,x'"),
    (["--tricks", "12"], "--tricks: each from 0 to 9, not '12'"),
    (["--presets", "bridge"], "invalid choice: 'bridge'"),
])
def test_bad_arguments_are_refused(args: list[str], said: str) -> None:
    res = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 2 and said in res.stderr
