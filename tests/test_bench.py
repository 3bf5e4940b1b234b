"""The engine benchmark runs and writes its section (speed itself is never asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fivehundred.benchmarks import engine
from fivehundred.benchmarks import env as env_bench
from fivehundred.benchmarks.openspiel_euchre import euchre_available, measure_euchre
from fivehundred.cli import main


def test_measure_engine_counts_hands_and_decisions() -> None:
    r = engine.measure_engine("classic3", seconds=0.05)
    assert r.hands >= 64 and r.actions > r.hands
    assert r.hands_per_second > 0 and 10 < r.actions_per_hand < 80
    t = engine.measure_engine("australian", seconds=0.05, tokens=True)
    assert t.hands >= 64


def test_bench_writes_and_replaces_its_section(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "report", lambda seconds: f"## Engine\n\nrun {seconds}\n")
    doc = tmp_path / "benchmarks.md"
    doc.write_text("# Benchmarks\n\nintro\n")
    assert main(["bench", "engine", "--seconds", "1", "--write", str(doc)]) == 0
    assert main(["bench", "engine", "--seconds", "2", "--write", str(doc)]) == 0
    text = doc.read_text()
    assert text.startswith("# Benchmarks\n\nintro\n")
    assert "run 2.0" in text and "run 1.0" not in text
    assert text.count("bench engine: begin") == 1


def test_euchre_baseline_is_measured_or_clearly_missing() -> None:
    if euchre_available():
        r = measure_euchre(0.05)
        assert r.hands > 0 and 15 < r.actions_per_hand < 30
    else:
        with pytest.raises(RuntimeError, match="OpenSpiel is not installed"):
            measure_euchre(0.05)


def test_the_environments_are_timed_through_their_own_apis() -> None:
    for measure in (env_bench.measure_pettingzoo, env_bench.measure_openspiel):
        r = measure("classic3", seconds=0.05)
        assert r is not None and r.hands >= 1 and 10 < r.actions_per_hand < 80
        assert "through" in r.preset
