"""The benchmark scripts' arguments: ``--help`` says what a script does and runs nothing, and
bad arguments get argparse's message (``bench/run.py --help`` ran every benchmark over
docs/benchmarks.md; ``bench/env_baselines.py`` with too few arguments raised IndexError)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("script", ["run.py", "env_baselines.py"])
def test_help_runs_nothing(script: str) -> None:
    doc = BENCH.parent / "docs" / "benchmarks.md"
    before = doc.read_bytes()
    done = _run(str(BENCH / script), "--help")
    assert done.returncode == 0 and done.stdout.startswith("usage:"), done
    assert "Traceback" not in done.stderr and doc.read_bytes() == before


@pytest.mark.parametrize("args, says", [
    ([], "the following arguments are required"),
    (["australian", "many", "medium", "random"], "invalid int value: 'many'"),
    (["australian", "1", "medium", "random"], "hands: at least 2"),
])
def test_env_baselines_refuses_bad_arguments(args: list[str], says: str) -> None:
    done = _run(str(BENCH / "env_baselines.py"), *args)
    assert done.returncode == 2 and says in done.stderr and "Traceback" not in done.stderr, done


def test_contract_mix_counts_every_deal_once_and_refuses_a_bad_preset() -> None:
    """Its rows are docs/env.md's table of what a learner meets at each table size."""
    done = _run(str(BENCH / "contract_mix.py"), "--bot", "easy", "--deals", "6", "classic3")
    assert done.returncode == 0, done
    row = done.stdout.splitlines()[-1]
    assert row.startswith("| `classic3` |"), row
    cells = [c.strip() for c in row.strip("|").split("|")[1:]]
    counts = [int(c.split()[0]) for c in cells]
    made = [int(c.split()[1].strip("()")) for c in cells[:-1]]
    assert sum(counts) == 6 and all(m <= n for m, n in zip(made, counts, strict=False)), row
    bad = _run(str(BENCH / "contract_mix.py"), "classic3x")
    assert bad.returncode == 2 and "invalid choice: 'classic3x'" in bad.stderr, bad
