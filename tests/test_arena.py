"""The arena: statistics on known inputs, duplicate logic, resuming, executors, the command."""

from __future__ import annotations

import io
import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from fivehundred import Game, Rules
from fivehundred.arena import (
    ArenaError,
    HandRecord,
    MatchSpec,
    ProcessExecutor,
    ResultsFile,
    SerialExecutor,
    UnitResult,
    derive_seed,
    format_report,
    play_unit,
    run_match,
    summarize,
)
from fivehundred.arena.cli import Progress
from fivehundred.arena.executors import RayExecutor
from fivehundred.arena.report import deal_scores
from fivehundred.arena.spec import seatings_for
from fivehundred.arena.stats import (
    bounded_mean_ci,
    mean_ci,
    median,
    quantile,
    t_quantile,
    wilson,
)
from fivehundred.bots import base as bots_base
from fivehundred.bots.base import BaseBot, Bot, Budget, Decision
from fivehundred.cli import main
from fivehundred.view import View
from fivehundred.workers import sigint_held, worker_init

T = TypeVar("T")
R = TypeVar("R")


def spec(preset: str = "australian", a: str = "random", b: str = "random", **kw: Any) -> MatchSpec:
    return MatchSpec(Rules.preset(preset).to_string(), a, b, **kw)


def without_times(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "times"}


# ---------------------------------------------------------------------- statistics


def test_t_quantiles_match_the_table() -> None:
    table = {1: 12.706, 2: 4.303, 4: 2.776, 5: 2.571, 10: 2.228, 30: 2.042, 120: 1.980}
    for df, t in table.items():
        assert round(t_quantile(0.975, df), 3) == t
    assert round(t_quantile(0.975, 10**6), 3) == 1.960
    assert t_quantile(0.025, 7) == -t_quantile(0.975, 7)


def test_mean_ci_by_hand() -> None:
    # 1..5: mean 3, sd sqrt(2.5), standard error sqrt(0.5); t(0.975, 4) = 2.776445
    e = mean_ci([1, 2, 3, 4, 5])
    assert e.mean == 3 and e.n == 5 and math.isclose(e.sd, math.sqrt(2.5))
    half = 2.776445 * math.sqrt(0.5)
    assert math.isclose(e.low, 3 - half, abs_tol=1e-5)
    assert math.isclose(e.high, 3 + half, abs_tol=1e-5)
    # Two values: mean 11, sd sqrt(2), standard error 1, t(0.975, 1) = 12.7062
    e = mean_ci([10, 12])
    assert math.isclose(e.low, 11 - 12.7062, abs_tol=1e-3)
    assert math.isclose(e.high, 11 + 12.7062, abs_tol=1e-3)
    assert math.isnan(mean_ci([]).mean) and math.isnan(mean_ci([4]).low)
    assert mean_ci([4]).to_json()["low"] is None


def test_wilson_known_values() -> None:
    cases = {(5, 10): (0.2366, 0.7634), (0, 10): (0.0, 0.2775), (10, 10): (0.7225, 1.0),
             (1, 10): (0.0179, 0.4042), (50, 100): (0.4038, 0.5962)}
    for (k, n), (lo, hi) in cases.items():
        r = wilson(k, n)
        assert r.rate == k / n
        assert (round(r.low, 4), round(r.high, 4)) == (lo, hi), (k, n)
    assert math.isnan(wilson(0, 0).rate)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_quantiles() -> None:
    assert median([4, 1, 3, 2]) == 2.5
    assert median([7]) == 7
    assert quantile(range(1, 101), 0.95) == pytest.approx(95.05)
    assert quantile([0.1, 0.2, 0.3, 0.4], 0.95) == pytest.approx(0.385)
    assert math.isnan(median([]))


# ---------------------------------------------------------------------- the measures


def unit(kind: str, n: int, seating: str, points: tuple[int, ...], winner: int | None = None,
         hands: tuple[HandRecord, ...] = (), times: dict[str, tuple[float, ...]] | None = None,
         ) -> UnitResult:
    return UnitResult(kind, n, seating, points, winner, hands, times or {"A": (), "B": ()})


def test_summary_on_known_results() -> None:
    m = spec(deals=3, games=3)
    results = [
        # deal 0: A holds 100 and 40, B holds 20 and -100: A - B = 70 - (-40) = 110
        unit("deal", 0, "AB", (100, 20), hands=(HandRecord("8H", 0, True),),
             times={"A": (0.1, 0.2), "B": (1.0,)}),
        unit("deal", 0, "BA", (-100, 40), hands=(HandRecord("8H", 0, False),),
             times={"A": (0.3, 0.4), "B": (3.0,)}),
        unit("deal", 1, "AB", (0, 0), hands=(HandRecord(None, None, None),)),
        unit("deal", 1, "BA", (0, 0)),
        # deal 2: A holds -250 and 10, B holds 30 and 250: A - B = -120 - 140 = -260
        unit("deal", 2, "AB", (-250, 30), hands=(HandRecord("misere", 1, False),)),
        unit("deal", 2, "BA", (250, 10), hands=(HandRecord("7NT", 3, True),)),
        # games: seed 0 won by side 0 both times (A once, B once); seed 1 won by A twice;
        # seed 2 unfinished once, won by A (side 1) once.
        unit("game", 0, "AB", (500, 100), winner=0),
        unit("game", 0, "BA", (510, 0), winner=0),
        unit("game", 1, "AB", (520, 0), winner=0),
        unit("game", 1, "BA", (0, 520), winner=1),
        unit("game", 2, "AB", (10, 20), winner=None),
        unit("game", 2, "BA", (0, 500), winner=1),
        unit("deal", 9, "AB", (1000, 0)),  # beyond --deals: ignored
    ]
    s = summarize(m, reversed(results))
    d = s["deals"]
    assert [x["a_minus_b"] for x in d["per_deal"]] == [110, 0, -260]
    # mean -50; deviations 160, 50, -210: sd sqrt(72200 / 2) = 190; t(0.975, 2) = 4.302653
    e = d["a_minus_b"]
    assert e["mean"] == -50 and e["sd"] == pytest.approx(190)
    half = 4.302653 * 190 / math.sqrt(3)
    assert e["low"] == pytest.approx(-50 - half, abs=1e-3)
    assert e["high"] == pytest.approx(-50 + half, abs=1e-3)
    assert d["a_points"]["mean"] == pytest.approx((70 + 0 - 120) / 3)
    assert d["complete"] == 3 and d["plays"] == 6

    g = s["games"]
    assert (g["a_win"]["k"], g["a_win"]["n"]) == (4, 6)
    assert (g["b_win"]["k"], g["b_win"]["n"]) == (1, 6)
    assert g["a_win"]["low"] == pytest.approx(wilson(4, 6).low)
    assert g["unfinished"] == 1 and g["even_share"] == 0.5
    assert g["a_minus_b"]["mean"] == pytest.approx((0 + 1 + 0.5) / 3)

    c = s["contracts"]
    assert (c["A"]["suit"]["k"], c["A"]["suit"]["n"]) == (1, 1)
    assert (c["A"]["NT"]["k"], c["A"]["NT"]["n"]) == (1, 1)
    assert (c["B"]["suit"]["k"], c["B"]["suit"]["n"]) == (0, 1)
    assert (c["B"]["misère"]["k"], c["B"]["misère"]["n"]) == (0, 1)
    assert c["A"]["misère"]["n"] == 0 and c["A"]["misère"]["rate"] is None
    assert (c["A"]["all"]["k"], c["B"]["all"]["n"]) == (2, 2)

    t = s["times"]
    assert t["A"]["decisions"] == 4 and t["A"]["median"] == pytest.approx(0.25)
    assert t["A"]["p95"] == pytest.approx(0.385)
    assert t["B"]["median"] == pytest.approx(2.0) and t["B"]["max"] == 3.0
    json.dumps(s)  # every statistic is JSON (no NaN)
    text = format_report(s)
    assert "-50.0" in text and "Game wins" in text and "misère" in text


def test_a_lopsided_game_share_keeps_an_honest_interval() -> None:
    """Three game seeds all won by A in both seatings: the paired share's interval was the t
    interval, sd 0, so [+1.000, +1.000]; now the plus-four interval stays wide (the range's
    top A's whole share, its bottom well below zero), one seed says it has no interval, and
    with three sides the share's range is [-2/3, +2/3] (A holding 9 of the 18 side-plays)."""
    m = spec(games=3)
    won = [unit("game", n, s, (500, 0) if s == "AB" else (0, 500), winner=s.index("A"))
           for n in range(3) for s in ("AB", "BA")]
    e = summarize(m, won)["games"]["a_minus_b"]
    assert e["mean"] == 1 and e["sd"] == 0 and e["high"] == 1
    assert e == bounded_mean_ci([1.0, 1.0, 1.0], -1, 1).to_json()
    assert -1 < e["low"] < 0, e                         # 3 seeds cannot exclude an even match
    text = format_report(summarize(m, won))
    assert f"A - B share: +1.000   95% CI [{e['low']:+.3f}, +1.000]" in text, text
    one = format_report(summarize(spec(games=1), won[:2]))
    assert "A - B share: +1.000   (too few game seeds for an interval)" in one, one
    # many seeds that agree less: the plus-four interval comes close to the plain t interval
    xs = [1.0, 0.0] * 200
    plain, bounded = mean_ci(xs), bounded_mean_ci(xs, -1, 1)
    assert bounded.mean == plain.mean and bounded.sd == plain.sd
    assert bounded.low == pytest.approx(plain.low, abs=0.01)
    assert bounded.high == pytest.approx(plain.high, abs=0.01)
    three = spec("classic3", games=2)
    sweep = [unit("game", n, s, (0, 0, 0), winner=s.index("A")) for n in range(2)
             for s in seatings_for(3)]
    g = summarize(three, sweep)["games"]["a_minus_b"]
    assert g["mean"] == pytest.approx(2 / 3) and g["high"] == pytest.approx(2 / 3)
    assert g["low"] < 0
    with pytest.raises(ValueError, match=r"1\.5 is outside \[-1, 1\]"):
        bounded_mean_ci([1.5, 0.0], -1, 1)


def test_three_sided_scores() -> None:
    seatings = seatings_for(3)
    assert seatings == ("ABB", "BAB", "BBA", "BAA", "ABA", "AAB")
    assert seatings_for(2) == ("AB", "BA")
    # A alone scores 100 at any side, everyone else 0: A holds 9 side-plays (3 of them worth
    # 100), B holds 9 worth 0.
    rs = [unit("deal", 0, s, tuple(100 if s.count("A") == 1 and c == "A" else 0 for c in s))
          for s in seatings]
    scores = deal_scores(rs, seatings)
    assert list(scores) == [0] and scores[0][0] == pytest.approx(100 / 3) and scores[0][1] == 0
    assert deal_scores(rs[:-1], seatings) == {}  # incomplete deals do not count


# ---------------------------------------------------------------------- playing


class PassingBot(BaseBot):
    """Passes whenever it may, else plays its first legal action."""

    def act(self, view: View) -> Decision:
        self.check(view)
        legal = view.legal_actions
        return Decision("pass" if "pass" in legal else legal[0])


class PeekingBot(BaseBot):
    """Sees the whole game (like the cheater) and checks it was given a copy."""

    sees_all = True
    calls = 0

    def act(self, view: View) -> Decision:  # pragma: no cover - never called
        raise AssertionError("a sees_all bot is given the game, not a view")

    def act_with_game(self, game: Game) -> Decision:
        assert isinstance(game, Game)
        PeekingBot.calls += 1
        action = game.legal_actions()[-1]
        game.apply(action)  # a copy: the arena's game is untouched
        return Decision(action)


class CheatingBot(BaseBot):
    def act(self, view: View) -> Decision:
        return Decision("JK")


@pytest.fixture
def test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    from fivehundred.bots import _load_all  # noqa: F401  (the built-ins first)

    def factory(cls: Any, name: str) -> Callable[[int, Budget], Bot]:
        return lambda seed, budget: cls(seed=seed, budget=budget, name=name)

    for name, cls in (("t-pass", PassingBot), ("t-peek", PeekingBot),
                      ("t-cheat", CheatingBot)):
        monkeypatch.setitem(bots_base._REGISTRY, name, factory(cls, name))


@pytest.mark.parametrize("preset", ["australian", "classic3", "six_pairs"])
def test_a_bot_against_itself_scores_exactly_zero(preset: str) -> None:
    m = spec(preset, deals=3, games=1, seed=5)
    results = run_match(m, SerialExecutor())
    sides = len(Rules.preset(preset).sides)
    assert len(results) == 4 * len(m.seatings) == 4 * (2 if sides == 2 else 2 * sides)
    s = summarize(m, results)
    assert s["units_done"] == s["units_total"] == len(results)
    assert [x["a_minus_b"] for x in s["deals"]["per_deal"]] == [0, 0, 0]
    assert s["deals"]["a_minus_b"]["mean"] == 0
    assert s["games"]["a_win"]["k"] == s["games"]["b_win"]["k"]
    assert s["contracts"]["A"] == s["contracts"]["B"]
    # Every seating of a deal deals the same cards.
    deals = {tuple(Game(m.rules_obj, seed=u.seed).deal) for u in m.units() if u.number == 0}
    assert len(deals) == 2  # deal 0 and game 0


def test_duplicate_is_antisymmetric(test_bots: None) -> None:
    m = spec("australian", "random", "t-pass", deals=6, seed=3)
    swapped = spec("australian", "t-pass", "random", deals=6, seed=3)
    one = summarize(m, run_match(m, SerialExecutor()))["deals"]["per_deal"]
    two = summarize(swapped, run_match(swapped, SerialExecutor()))["deals"]["per_deal"]
    assert [x["a_minus_b"] for x in one] == [-x["a_minus_b"] for x in two]
    assert any(x["a_minus_b"] for x in one)


def test_sees_all_bots_get_a_copy_of_the_game(test_bots: None) -> None:
    PeekingBot.calls = 0
    m = spec("australian", "t-peek", "random", deals=1)
    results = run_match(m, SerialExecutor())
    assert PeekingBot.calls == sum(len(r.times["A"]) for r in results) > 0


def test_an_illegal_action_names_the_bot(test_bots: None) -> None:
    with pytest.raises(ArenaError, match="'t-cheat'"):
        play_unit(spec("australian", "t-cheat", "random", deals=1).units()[0])


def test_unknown_bots_are_refused_before_playing() -> None:
    with pytest.raises(ArenaError, match="no such bot"):
        run_match(spec(b="nobody", deals=1), SerialExecutor())


def test_seeds_are_pinned() -> None:
    # Changing these changes every published arena result: do it on purpose only.
    assert derive_seed(0, "deal", 0) == 3509548011769040815
    u = spec(deals=2, seed=7).units()[3]
    assert (u.kind, u.number, u.seating, u.seed) == ("deal", 1, "BA", derive_seed(7, "deal", 1))
    assert u.bot_seed(2) == derive_seed(7, "deal", 1, "seat", 2)


# ---------------------------------------------------------------------- executors


def test_worker_count_does_not_change_results() -> None:
    m = spec("classic3", deals=2, games=1, seed=11)
    serial = [r.outcome() for r in run_match(m, SerialExecutor())]
    pool = ProcessExecutor(2)
    try:
        parallel = [r.outcome() for r in run_match(m, pool)]
    finally:
        pool.close()
    assert parallel == serial


def _ctrl_c_while_starting() -> None:
    """A worker's start with a Ctrl-C from the terminal before its initializer runs."""
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.3)        # KeyboardInterrupt here, unless the signal is held back
    worker_init()
    time.sleep(0.3)


def test_a_ctrl_c_while_a_worker_starts_is_dropped_not_a_traceback() -> None:
    child = multiprocessing.get_context("spawn").Process(target=_ctrl_c_while_starting)
    with sigint_held():
        child.start()
    child.join(60)
    assert child.exitcode == 0


def test_the_pool_starts_its_workers_with_ctrl_c_held(monkeypatch: pytest.MonkeyPatch) -> None:
    held: list[bool] = []
    submit = ProcessPoolExecutor.submit

    def watched(self: ProcessPoolExecutor, fn: Callable[..., Any], /, *args: Any) -> Any:
        held.append(signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []))
        return submit(self, fn, *args)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", watched)
    pool = ProcessExecutor(2)
    try:
        assert sorted(pool.map_unordered(abs, range(-9, 0))) == list(range(1, 10))
    finally:
        pool.close()
    assert len(held) == 9 and all(held)
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ArenaError, match=r"pip install 'fivehundred\[ray\]'"):
        RayExecutor("local")


def test_ray_local_instance() -> None:
    import ray  # in the test extras: a missing ray is a failure, not a skip

    assert not ray.is_initialized(), "a Ray session is already running in this process"
    m = spec(deals=1, seed=2)
    executor = RayExecutor("local", num_cpus=1)
    try:
        got = sorted(r.outcome() for r in executor.map_unordered(play_unit, m.units()))
    finally:
        executor.close()
    assert not ray.is_initialized()
    assert got == sorted(r.outcome() for r in run_match(m, SerialExecutor()))


# ---------------------------------------------------------------------- results files


class Crash(Exception):
    pass


class CrashAfter:
    """Serial, but dies after ``n`` units (like a killed run)."""

    name = "crash"

    def __init__(self, n: int) -> None:
        self.n = n

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        for i, item in enumerate(items):
            if i == self.n:
                raise Crash
            yield fn(item)

    def close(self) -> None:
        pass


class Counting(SerialExecutor):
    def __init__(self) -> None:
        self.played: list[Any] = []

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        for item in items:
            self.played.append(item)
            yield fn(item)


def test_resume_after_a_crash(tmp_path: Path) -> None:
    m = spec(deals=4, seed=9)
    path = tmp_path / "r.jsonl"
    with ResultsFile(path, m) as rf, pytest.raises(Crash):
        run_match(m, CrashAfter(3), rf)
    assert len(path.read_text().splitlines()) == 1 + 3
    counting = Counting()
    with ResultsFile(path, m) as rf:
        assert len(rf.done) == 3
        resumed = run_match(m, counting, rf)
    assert [u.index for u in counting.played] == [3, 4, 5, 6, 7]
    whole = run_match(m, SerialExecutor())
    assert [r.outcome() for r in resumed] == [r.outcome() for r in whole]
    assert without_times(summarize(m, resumed)) == without_times(summarize(m, whole))
    # More deals extend the same file; a finished file plays nothing more.
    bigger = spec(deals=5, seed=9)
    counting = Counting()
    with ResultsFile(path, bigger) as rf:
        run_match(bigger, counting, rf)
    assert [u.key for u in counting.played] == [("deal", 4, "AB"), ("deal", 4, "BA")]


def test_a_file_of_another_match_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with ResultsFile(path, spec(deals=1, seed=1)) as rf:
        run_match(spec(deals=1, seed=1), SerialExecutor(), rf)
    before = path.read_bytes()
    with pytest.raises(ArenaError, match=r"different match \(--seed: 2 now, 1 in the file\)"):
        ResultsFile(path, spec(deals=1, seed=2))
    with pytest.raises(ArenaError, match=r"\(--b: 'medium' now, 'random' in the file\)"):
        ResultsFile(path, spec(b="medium", deals=1, seed=1))
    # the rules by the options that differ; a game's length limit only where games are played
    with pytest.raises(ArenaError, match=r"\(--rules: target 300 now, 500 in the file\)"):
        ResultsFile(path, MatchSpec(Rules.preset("australian", target=300).to_string(),
                                    "random", "random", deals=1, seed=1))
    ResultsFile(path, spec(deals=1, seed=1, max_hands=50)).close()
    with pytest.raises(ArenaError, match=r"\(--max-hands: 50 now, 500 in the file\)"):
        ResultsFile(path, spec(deals=1, games=1, seed=1, max_hands=50))
    # an option left to its default is said so (it read "samples: 3 now, None in the file")
    with pytest.raises(ArenaError, match=r"\(--samples: 3 now, the default in the file\)"):
        ResultsFile(path, spec(deals=1, seed=1, samples=3))
    assert path.read_bytes() == before
    other = tmp_path / "notes.txt"
    other.write_text("my notes\nno newline at the end")
    with pytest.raises(ArenaError, match="not an arena results file"):
        ResultsFile(other, spec(deals=1))
    assert other.read_text() == "my notes\nno newline at the end"


def test_a_truncated_last_line_is_dropped_not_fatal(tmp_path: Path) -> None:
    m = spec(deals=2)
    path = tmp_path / "r.jsonl"
    with ResultsFile(path, m) as rf:
        run_match(m, SerialExecutor(), rf)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-1]) + lines[-1][:17])  # the last unit cut mid-write
    with ResultsFile(path, m) as rf:
        assert len(rf.done) == 3
        assert any("truncated last line" in note for note in rf.notes)
        results = run_match(m, SerialExecutor(), rf)
    assert len(results) == 4
    text = path.read_text()
    assert text.endswith("\n") and len(text.splitlines()) == 5
    assert all(json.loads(line) for line in text.splitlines())
    # A whole line missing only its newline is kept.
    path.write_bytes(path.read_bytes()[:-1])
    with ResultsFile(path, m) as rf:
        assert len(rf.done) == 4 and rf.notes
    # Damage anywhere else is an error.
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(lines[0] + b"garbage\n" + b"".join(lines[1:]))
    with pytest.raises(ArenaError, match="line 2"):
        ResultsFile(path, m)


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    m = spec(deals=1)
    with ResultsFile(tmp_path / "r.jsonl", m), pytest.raises(ArenaError, match="another"):
        ResultsFile(tmp_path / "r.jsonl", m)


# ---------------------------------------------------------------------- the command


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, js = tmp_path / "r.jsonl", tmp_path / "s.json"
    argv = ["arena", "--rules", "classic3", "--a", "random", "--b", "Random", "--deals", "2",
            "--games", "1", "--workers", "1", "--seed", "4", "--out", str(out),
            "--json", str(js), "--quiet"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "Points per deal, A - B, over 2 deals (12 plays" in printed
    assert "Time per decision" in printed
    first = json.loads(js.read_text())
    assert first["match"]["preset"] == "classic3" and first["units_done"] == 18
    assert main(argv) == 0  # everything is in the file: nothing is played again
    assert without_times(json.loads(js.read_text())) == without_times(first)
    assert len(out.read_text().splitlines()) == 1 + 18
    capsys.readouterr()

    assert main([*argv[:-3], "--json", "-", "--quiet"]) == 0  # JSON alone on stdout
    streams = capsys.readouterr()
    assert json.loads(streams.out)["units_done"] == 18 and "Time per decision" in streams.err

    assert main(["arena", "--a", "random", "--b", "nobody", "--deals", "1", "--quiet",
                 "--workers", "1"]) == 2
    assert "no such bot" in capsys.readouterr().err
    assert main(["arena", "--a", "random", "--b", "random", "--deals", "0"]) == 2
    # --games alone plays games only (it used to play the 200 default deals as well)
    assert main(["arena", "--rules", "classic3", "--a", "random", "--b", "random", "--games",
                 "1", "--max-hands", "2", "--workers", "1", "--json", "-", "--quiet"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert alone["units_done"] == 6 and alone["match"]["deals"] == 0, alone["match"]
    assert main(["arena", "--a", "random", "--b", "random", "--deals", "1", "--workers", "1",
                 "--out", str(out)]) == 2
    assert "different match" in capsys.readouterr().err


def test_the_time_limit_reaches_the_bots(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``--seconds`` is each decision's time limit: one too short to solve any deal leaves
    Hard no time for the solver at all (it decides as Medium); nonsense is refused."""
    from fivehundred.bots import pimc

    solves: list[float | None] = []

    def spy(real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            solves.append(kwargs.get("seconds"))
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(pimc, "move_values", spy(pimc.move_values))
    monkeypatch.setattr(pimc, "solve", spy(pimc.solve))
    argv = ["arena", "--rules", "australian", "--a", "hard", "--b", "medium", "--deals", "1",
            "--workers", "1", "--seed", "3", "--json", "-", "--quiet"]
    assert main([*argv, "--seconds", "1e-9"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["match"]["seconds"] == 1e-9 and summary["units_done"] == 2
    assert solves == []
    assert main([*argv, "--seconds", "600"]) == 0
    capsys.readouterr()
    assert solves and all(s is not None and 0 < s <= 600 for s in solves)
    for bad in ("0", "-2", "nan", "inf", "1e300"):
        with pytest.raises(SystemExit) as exc:
            main([*argv, "--seconds", bad])
        assert exc.value.code == 2
        assert f"argument --seconds: {bad} is not a time limit" in capsys.readouterr().err


def test_progress_lines() -> None:
    stream = io.StringIO()
    progress = Progress(stream)
    for done in range(0, 41):
        progress(done, 40)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("arena: 100%  40/40 units")
    quiet = io.StringIO()
    q = Progress(quiet, quiet=True)
    q(1, 2)
    assert quiet.getvalue() == ""


@pytest.mark.parametrize("seconds", [None, 0.5])
def test_a_bot_against_itself_is_said_zero_only_without_a_time_limit(
        seconds: float | None) -> None:
    """Under ``--seconds`` how far a decision gets depends on the load, so a bot against
    itself need not score 0: the report does not say it does."""
    text = format_report(summarize(spec(deals=1, seconds=seconds), []))
    assert ("0 by construction" in text) == (seconds is None)
    assert ("the seatings differ by chance" in text) == (seconds is not None)
