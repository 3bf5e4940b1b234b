"""bench/all_moves_limits.py: the search trees it rebuilds, the oracles' savings, the check of
every recorded answer against the exact value, and a whole small run."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "all_moves_limits.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("all_moves_limits", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module        # (its dataclass looks its module up)
    spec.loader.exec_module(module)
    return module


def test_trees_rebuild_the_post_order_log_and_savings_stop_at_the_first_known_node() -> None:
    """Question 0: a root (depth 0, 30 nodes) over two children at depth 4 (10 and 12 nodes),
    the second over a grandchild at depth 8 (5 nodes); question 1: a lone root.  Values make
    the first child hold with a trick to spare and the grandchild too."""
    m = _script()
    #        q, depth, left, target, answer, nodes, position, max leads
    log = [(0, 4, 9, 5, 1, 10, 1, 1),
           (0, 8, 8, 4, 1, 5, 3, 0),
           (0, 4, 9, 5, 1, 12, 2, 0),
           (0, 0, 10, 6, 1, 30, 0, 1),
           (1, 0, 10, 7, 0, 20, 0, 1)]
    values = [6, 6, 5, 5]
    roots = m.trees(log, values)
    assert [(r.question, r.nodes) for r in roots] == [(0, 30), (1, 20)]
    first, second = roots[0].children[::-1]
    assert (first.nodes, first.slack, second.nodes, second.slack) == (10, 1, 12, 0)
    assert [(c.nodes, c.slack) for c in second.children] == [(5, 1)]
    assert roots[1].slack == 0 and not roots[1].answer
    # a trick to spare: the first child's 9 nodes below it and the grandchild's 4
    assert m.saved(roots, lambda n: n.answer and n.slack >= 1) == 9 + 4
    assert m.saved(roots, lambda n: n.left <= 10) == 29 + 19   # the roots themselves
    assert m.saved(roots, lambda n: False) == 0


def test_an_answer_the_exact_value_contradicts_stops_the_run() -> None:
    m = _script()
    with pytest.raises(AssertionError, match="answered True to 'at least 7"):
        m.trees([(0, 0, 10, 7, 1, 3, 0, 1)], [6])
    with pytest.raises(AssertionError, match="answered False to 'at least 6"):
        m.trees([(0, 0, 10, 6, 0, 3, 0, 1)], [6])


def test_a_small_run_prints_every_oracle_with_the_plain_ratio_first() -> None:
    """Two deals, recorded in the pure twin and checked against exact values: the first row
    is the search as it is (nothing saved), every saving is a share of the nodes."""
    out = subprocess.run([sys.executable, str(SCRIPT), "--deals", "2"], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    head = out.splitlines()[0]
    assert head.startswith("All-moves and single solves of 2 full deals (suit) against oracles")
    assert "positions checked against their exact values" in head
    rows = [r.strip("|").split("|") for r in out.splitlines() if r.startswith("| ")][1:]
    names = [name for name, _ in _script().oracles()]
    assert [r[0].strip() for r in rows] == names
    assert rows[0][1].strip() == rows[0][2].strip() == "0.0%"
    for r in rows:
        assert all(0 <= float(x.strip().rstrip("%")) <= 100 for x in r[1:3])
        assert float(r[3].strip().rstrip("x")) > 0


def test_bad_deals_are_refused() -> None:
    res = subprocess.run([sys.executable, str(SCRIPT), "--deals", "0"], capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 2 and "--deals must be at least 1" in res.stderr
