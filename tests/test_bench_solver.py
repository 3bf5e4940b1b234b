"""The solver benchmark runs, reports its structure, and writes its own section (speed itself is
never asserted).  Without endplay the DDS rows say so; nothing is skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from fivehundred.benchmarks import solver as bench
from fivehundred.cli import main
from fivehundred.solver import Position, dds_bridge
from fivehundred.solver.solve import Searcher


def _rows(text: str, first_cell: str) -> list[list[str]]:
    """The body rows of the markdown table whose header starts with ``first_cell``."""
    lines = text.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith(f"| {first_cell} |"))
    out = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        out.append([c.strip() for c in line.strip("|").split("|")])
    return out


def _check_nodes(query: str, cell: str) -> None:
    """Single solves report their median node count (a full search visits some), all-moves
    rows a dash."""
    if query == "single solve":
        assert int(cell.replace(",", "")) > 0
    else:
        assert cell == "—"


def _check_structure(text: str, deals: int, with_dds: bool) -> None:
    assert text.startswith("## Solver: double dummy, ours and DDS\n")
    assert f"{deals} deals per row" in text and "Measured 20" in text and "cores" in text
    vs = _rows(text, "position")
    assert [(r[0], r[1]) for r in vs] == [
        (p, q) for p in ("full deal", "after 3 tricks", "after 6 tricks")
        for q in ("single solve", "all moves")]
    for r in vs:
        assert len(r) == 13 and all(float(x.replace(",", "")) >= 0 for x in r[2:6])
        _check_nodes(r[1], r[6])
        if with_dds:
            assert all(float(x.replace(",", "")) >= 0 for x in r[7:12])
            assert r[12] == f"{deals}/{deals}"
        else:
            assert r[7] == "not installed" and r[12] == "not checked"
    alone = _rows(text, "contract")
    assert len(alone) == 6 * len(bench.ALONE)
    assert {r[0] for r in alone} == {k.name for k in bench.ALONE}
    for r in alone:
        assert len(r) == 8
        _check_nodes(r[2], r[7])
    ratios = [x for x in text.splitlines() if x.startswith("- full deal: ours ")
              or x.startswith("- after ")]
    assert len(ratios) == 3 and "**All moves against one solve**" in text
    assert all((", DDS " in x) == with_dds for x in ratios)
    assert "**Cached start**" in text and " s** wall" in text
    assert ("No DDS rows in this run" in text) == (not with_dds)
    assert "Disagreements" not in text


def test_report_runs_every_measurement() -> None:
    text = bench.report(deals=2, start_runs=1)
    _check_structure(text, 2, dds_bridge.dds_available())


def test_report_without_endplay_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dds_bridge, "dds_available", lambda: False)
    monkeypatch.setattr(bench, "measure_start", lambda runs=3: bench.Start(0.5, 0.45, 0.4, 0.01))
    text = bench.report(deals=1, start_runs=1)
    _check_structure(text, 1, with_dds=False)
    assert bench.MISSING_DDS in text


def test_bench_solver_writes_and_replaces_its_section(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "report",
                        lambda deals, passes: f"## Solver\n\nrun {deals} x{passes}\n")
    doc = tmp_path / "benchmarks.md"
    engine = "<!-- bench engine: begin -->\n## Engine\n<!-- bench engine: end -->\n"
    doc.write_text("# Benchmarks\n\nintro\n\n" + engine)
    assert main(["bench", "solver", "--deals", "3", "--write", str(doc)]) == 0
    assert main(["bench", "solver", "--deals", "4", "--passes", "2", "--write", str(doc)]) == 0
    text = doc.read_text()
    assert text.startswith("# Benchmarks\n\nintro\n\n" + engine)
    assert "run 4 x2" in text and "run 3" not in text
    assert text.count("<!-- bench solver: begin -->") == 1
    assert text.endswith("<!-- bench solver: begin -->\n## Solver\n\nrun 4 x2\n"
                         "<!-- bench solver: end -->\n")


def test_bench_solver_refuses_no_deals_or_passes(capsys: pytest.CaptureFixture[str]) -> None:
    for flags in (["--deals", "0"], ["--passes", "0"], ["--passes", "10000"]):
        with pytest.raises(SystemExit) as exc:
            main(["bench", "solver", *flags])
        assert exc.value.code == 2
        assert f"argument {flags[0]}: {flags[1]} is out of range" in capsys.readouterr().err
    # called as a function, the same refusal: prefixed, status 2
    assert bench.bench_solver_main(deals=0) == 2
    assert capsys.readouterr().err.startswith("fivehundred bench: --deals and --passes must")


def test_timings_keep_each_positions_least_time_over_passes() -> None:
    """Each call's CPU time comes from a scripted clock: position 0 takes 0.5, 0.3, 0.7 s
    over three passes and keeps 0.3; position 1, timed first, takes 0.2 then 0.4 and keeps
    0.2.  A position skipped is never taken for a time: its quantiles refuse."""
    calls = [(1, 0.2), (0, 0.5), (0, 0.3), (1, 0.4), (0, 0.7)]
    ticks = iter([x for _, took in calls for x in (10.0, 10.0 + took)])
    t = bench.Timings(clock=lambda: next(ticks))
    for i, _ in calls:
        assert t.timed(i, lambda i=i: i * 10) == i * 10
    assert t.seconds == pytest.approx([0.3, 0.2])
    assert t.quantile(1.0) == pytest.approx(0.3)
    ticks = iter([20.0, 20.1])
    t.timed(3, lambda: 0)
    with pytest.raises(ValueError, match="position 2 was never timed"):
        t.cells()


def test_all_moves_ratios_compare_medians_and_each_positions_own_ratio() -> None:
    """Three positions: single solves 1, 2, 4 ms, all moves 5, 4, 6 ms.  The medians give
    5 / 2 = 2.5x; the positions' own ratios are 5, 2 and 1.5, median 2x; DDS: 3x both ways."""
    single = bench.Row("full deal", "single solve", bench.Timings([0.001, 0.002, 0.004]),
                       dds=bench.Timings([0.001, 0.001, 0.001]))
    every = bench.Row("full deal", "all moves", bench.Timings([0.005, 0.004, 0.006]),
                      dds=bench.Timings([0.003, 0.002, 0.004]))
    assert bench.per_position_ratio(every.ours, single.ours) == pytest.approx(2.0)
    lines = bench.all_moves_ratios([single, every])
    assert lines[-1] == "- full deal: ours 2.50x / 2.00x, DDS 3.00x / 3.00x"
    single.dds = every.dds = None
    assert bench.all_moves_ratios([single, every])[-1] == "- full deal: ours 2.50x / 2.00x"
    with pytest.raises(ValueError):  # the two rows timed on different numbers of positions
        bench.per_position_ratio(bench.Timings([0.1]), single.ours)


def test_report_states_its_passes() -> None:
    text = bench.report(deals=1, start_runs=1, passes=2)
    assert "least time over 2 passes" in text
    _check_structure(text, 1, dds_bridge.dds_available())


def test_quantiles_are_nearest_rank() -> None:
    t = bench.Timings([i / 1000 for i in range(1, 101)])
    assert [t.quantile(q) for q in (0.5, 0.9, 0.99, 1.0)] == [0.05, 0.09, 0.099, 0.1]
    assert t.cells() == ["50.0", "90.0", "99.0", "100.0"]


@pytest.mark.parametrize("bid", ["6H", "6NT", "misere"])
def test_contract_game_gives_the_contract_to_the_chosen_seat(bid: str) -> None:
    for declarer in range(4):
        for seed in range(4):
            g = bench.contract_game("australian", seed, bid, declarer, tricks=1, extra=1)
            if g is None:  # a misère lost in the first trick
                assert bid == "misere"
                continue
            c = g.contract
            assert c is not None and c.declarer == declarer
            assert c.is_misere == (bid == "misere")
            assert len(g.tricks) == 1 and len(g.trick) == 1


def test_node_sums_count_both_queries_and_the_same_every_time() -> None:
    """Node sums are a deterministic yardstick: the same twice, every kind present and
    searched; other seeds, other sums."""
    sums = bench.node_sums(deals=3)
    assert [s.kind for s in sums] == [k.name for k in (bench.SUIT, *bench.ALONE)]
    assert sums == bench.node_sums(deals=3)
    assert all(s.single > 0 and s.every > 0 and s.floor > 0 for s in sums)
    assert all(len(s.single_deals) == len(s.every_deals) == 3 for s in sums)
    top = max(sums[0].single_deals)
    assert sums[0].tail(False) == f"{top:,} / {top:,}"     # p99 of three deals: the largest
    assert bench.node_sums(deals=3, offset=1000) != sums


def test_the_all_moves_floor_checks_the_values_it_proves() -> None:
    p = Position.from_game(bench.SUIT.games(1, 0)[0])
    moves, values = Searcher.load(p).every_move()
    assert bench._floor_nodes(p, moves, values) > 0
    wrong = [values[0] + 1, *values[1:]]
    with pytest.raises(AssertionError, match="not what the questions prove"):
        bench._floor_nodes(p, moves, wrong)


def test_bench_nodes_prints_the_table_and_refuses_bad_flags(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "nodes", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    rows = _rows(out, "contract")
    assert [r[0] for r in rows] == [k.name for k in (bench.SUIT, *bench.ALONE)]
    assert all(int(r[1].replace(",", "")) > 0 for r in rows)
    for r in rows:                          # the tails: each deal's at most the sum of two
        for tail, total in ((r[6], r[1]), (r[7], r[2])):
            p99, largest = (int(x.replace(",", "")) for x in tail.split(" / "))
            assert 0 < p99 <= largest <= int(total.replace(",", "")), r
    for flags in (["--deals", "0"], ["--offset", "-1"]):
        with pytest.raises(SystemExit) as exc:
            main(["bench", "nodes", *flags])
        assert exc.value.code == 2
        assert f"argument {flags[0]}: {flags[1]} is out of range" in capsys.readouterr().err
    assert bench.bench_nodes_main(deals=1, offset=-1) == 2
    assert capsys.readouterr().err.startswith("fivehundred bench: --deals must be at least 1")
