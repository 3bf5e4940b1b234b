"""The compiled kernel and its pure-Python twin (NUMBA_DISABLE_JIT=1) agree exactly.

Same source, two executions: on a fixed set of positions both must give the same values and
visit the same number of nodes.  The pure twin runs in a subprocess, since disabling the JIT
is decided when numba is imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from fivehundred.solver import Position, solve
from helpers import end_position

CASES = [("australian", s, b, 6) for s in range(3) for b in ("6H", "6NT", "misere")]
CASES += [("classic3", s, b, 7) for s in range(2) for b in ("6D", "6NT", "misere")]
CASES += [("six_pairs", 1, "6S", 4), ("five_called", 2, "6C", 5), ("australian", 3, "6NT", 8),
          ("five_called", 2, "misere", 5)]

SCRIPT = """
import json, sys
sys.path.insert(0, {tests!r})
from helpers import end_position
from numba.core import config
from fivehundred.solver import Position, kernel, solve
assert config.DISABLE_JIT and not hasattr(kernel.search, "signatures"), "the JIT is on"
out = []
for preset, seed, bid, left in json.loads(sys.argv[1]):
    g = end_position(preset, seed, bid, left)
    if g.phase != "play":
        out.append(None)
        continue
    r = solve(Position.from_game(g))
    out.append([r.tricks, r.nodes])
print(json.dumps(out))
"""


def _compiled() -> list[list[int] | None]:
    out: list[list[int] | None] = []
    for preset, seed, bid, left in CASES:
        g = end_position(preset, seed, bid, left)
        if g.phase != "play":
            out.append(None)
            continue
        r = solve(Position.from_game(g))
        assert r.tricks is not None
        out.append([r.tricks, r.nodes])
    return out


def test_pure_twin_matches_compiled_values_and_node_counts() -> None:
    compiled = _compiled()
    assert sum(1 for c in compiled if c is not None) >= 10
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    script = SCRIPT.format(tests=str(Path(__file__).parent))
    res = subprocess.run([sys.executable, "-c", script, json.dumps(CASES)], env=env,
                         capture_output=True, text=True, timeout=600, check=True)
    pure = json.loads(res.stdout)
    assert pure == compiled
    assert sum(c[1] for c in compiled if c is not None) > 5000  # real searches, not trivia


def test_first_compile_is_announced_and_the_cache_is_used(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    cmd = [sys.executable, "-c", "import fivehundred.solver"]
    first = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, check=True)
    assert "compiling the double-dummy solver" in first.stderr
    assert any(tmp_path.rglob("kernel.search-*.nbi"))
    again = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, check=True)
    assert "compiling" not in again.stderr
