"""The arena's results files and reports, as reviewers found them: a file records the program
that played it, each unit line is checked against its match, joined files are named as such,
the report says what rules were played and who saw every card, and a faulty bot is named."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fivehundred import Rules
from fivehundred.arena import (
    ArenaError,
    MatchSpec,
    ResultsFile,
    SerialExecutor,
    format_report,
    play_unit,
    run_match,
    summarize,
)
from fivehundred.arena import results as results_module
from fivehundred.bots import base as bots_base
from fivehundred.bots.base import Budget, Decision
from fivehundred.view import View


def spec(preset: str = "australian", a: str = "random", b: str = "random", **kw: Any) -> MatchSpec:
    """A match under a preset's rules (random against random unless said)."""
    return MatchSpec(Rules.preset(preset).to_string(), a, b, **kw)


def played(path: Path, m: MatchSpec) -> list[str]:
    """Play match ``m`` into a new results file at ``path``; its lines."""
    with ResultsFile(path, m) as rf:
        run_match(m, SerialExecutor(), rf)
    return path.read_text().splitlines(keepends=True)


def refused(path: Path, m: MatchSpec, match: str) -> None:
    """Opening ``path`` for ``m`` is an ArenaError matching ``match``, the file unchanged."""
    before = path.read_bytes()
    with pytest.raises(ArenaError, match=match):
        ResultsFile(path, m)
    assert path.read_bytes() == before


# ---------------------------------------------------------------------- the program


def test_the_header_names_the_program(tmp_path: Path) -> None:
    import fivehundred

    m = spec(deals=1, seed=1)
    head = json.loads(played(tmp_path / "r.jsonl", m)[0])
    assert head["program"] == results_module.program_of(m)
    assert head["program"]["version"] == fivehundred.__version__
    assert len(head["program"]["code"]) == 12


def test_a_file_of_another_program_is_refused(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    m = spec(deals=1, seed=1)
    path = tmp_path / "r.jsonl"
    played(path, m)
    monkeypatch.setattr(results_module, "_package_code", lambda: b"other bots")
    refused(path, m, r"written by another program \(code [0-9a-f]{12} now, [0-9a-f]{12} in the "
                     r"file: the bots', the solver's or the engine's source has changed\).*"
                     "use a new --out file")
    monkeypatch.undo()
    ResultsFile(path, m).close()                      # the same program resumes it
    monkeypatch.setattr(results_module, "__version__", "9.9")
    refused(path, m, r"another program \(fivehundred 9\.9 now, 0\.1\.0 in the file\)")


def test_a_header_from_before_the_check_is_resumed_with_a_warning(tmp_path: Path) -> None:
    m = spec(deals=2, seed=1)
    path = tmp_path / "r.jsonl"
    lines = played(path, m)
    head = json.loads(lines[0])
    del head["program"]
    old = [json.loads(line) for line in lines[1:]]
    for unit in old:
        del unit["seed"]                              # (nor did its lines name their seeds)
    path.write_text("".join(json.dumps(x) + "\n" for x in [head, *old]))
    with ResultsFile(path, m) as rf:
        assert len(rf.done) == 4
        assert any(note.startswith("warning:") and "new --out file" in note
                   and "written before results files named the program" in note
                   for note in rf.notes)


def test_bots_from_elsewhere_count_in_the_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot registered from code of no file (``bench/bots_before.py`` compiles an earlier
    commit's module as ``REV:pimc.py``) is told apart by that name, without breaking."""
    made: dict[str, Any] = {}
    for rev in ("abc1234", "def5678"):
        namespace: dict[str, Any] = {}
        source = "def factory(seed, budget):\n    return make('random', seed, budget)\n"
        exec(compile(source, f"{rev}:pimc.py", "exec"), namespace)
        monkeypatch.setitem(bots_base._REGISTRY, "hardold", namespace["factory"])
        made[rev] = results_module.program_of(spec(b="hardold"))
    assert made["abc1234"] != made["def5678"]
    assert results_module.program_of(spec(b="hardold")) == made["def5678"]   # the same code
    assert results_module.program_of(spec()) != made["def5678"]


# ---------------------------------------------------------------------- unit lines


def test_units_of_another_match_are_refused(tmp_path: Path) -> None:
    one, two = spec(deals=2, seed=1), spec(deals=2, seed=2)
    lines_one = played(tmp_path / "one.jsonl", one)
    lines_two = played(tmp_path / "two.jsonl", two)
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("".join(lines_one[:1] + lines_two[1:]))
    refused(mixed, one, r"mixed.jsonl, line 2: it was dealt from seed \d+, and deal 0 of this "
                        r"match \(--seed 1\) is dealt from \d+, so it is not a unit of this match")


@pytest.mark.parametrize(("field", "value", "words"), [
    ("points", [1, 2, 3], r"its points \[1, 2, 3\] are not 2 whole numbers, one per side"),
    ("points", [1], r"its points \[1\] are not 2 whole numbers"),
    ("seating", "ABA", r"its seating 'ABA' is not one of this match's \(AB, BA\)"),
    ("kind", "hand", r"its kind 'hand' is not deal or game"),
    ("number", 0.5, r"its number 0\.5 is not a whole number"),
    ("winner", 2, r"its winner 2 is not a side of these rules \(0 to 1\)"),
    ("hands", [[None, 4, None]], r"a hand's declarer 4 is not a seat"),
    ("hands", [], r"it holds 0 hands, and a deal is one"),
])
def test_a_unit_line_that_does_not_fit_is_refused(tmp_path: Path, field: str, value: object,
                                                  words: str) -> None:
    m = spec(deals=2, seed=1)
    path = tmp_path / "r.jsonl"
    lines = played(path, m)
    unit = json.loads(lines[3])
    unit[field] = value
    path.write_text("".join(lines[:3]) + json.dumps(unit) + "\n" + "".join(lines[4:]))
    refused(path, m, rf"r.jsonl, line 4: {words}")


def test_a_unit_played_twice_with_two_results_is_refused(tmp_path: Path) -> None:
    m = spec(deals=1, seed=1)
    path = tmp_path / "r.jsonl"
    lines = played(path, m)
    unit = json.loads(lines[1])
    unit["points"] = [unit["points"][0] + 10, unit["points"][1]]
    path.write_text("".join(lines) + json.dumps(unit) + "\n")
    refused(path, m, r"line 4: deal 0, seating AB again, with another result than line 2")


def test_files_joined_by_cat_name_the_second_header(tmp_path: Path) -> None:
    m = spec(deals=2, seed=1)
    lines = played(tmp_path / "a.jsonl", m)
    joined = tmp_path / "c.jsonl"
    joined.write_text("".join(lines + lines))
    refused(joined, m, r"c.jsonl: a second header at line 6: results files cannot be joined by "
                       "cat")
    joined.write_text("".join(lines) + lines[0].rstrip("\n"))   # (its newline lost too)
    refused(joined, m, "a second header at line 6")


def test_a_line_with_a_key_missing_says_which(tmp_path: Path) -> None:
    m = spec(deals=1, seed=1)
    path = tmp_path / "r.jsonl"
    lines = played(path, m)
    unit = json.loads(lines[1])
    del unit["kind"]
    path.write_text(lines[0] + json.dumps(unit) + "\n" + "".join(lines[2:]))
    refused(path, m, r"line 2: not a unit result \(no 'kind'\); the file is damaged")


def test_a_refused_file_is_not_repaired(tmp_path: Path) -> None:
    """A last line cut short is cut from a file only when the file is resumed, not when a
    line before it is refused."""
    m = spec(deals=2, seed=1)
    path = tmp_path / "r.jsonl"
    lines = played(path, m)
    path.write_text(lines[0] + "garbage\n" + "".join(lines[1:]) + lines[1][:20])
    refused(path, m, "line 2")


# ---------------------------------------------------------------------- the report


def test_the_report_names_house_rules() -> None:
    rules = Rules.preset("australian", nt_joker="classic", slam="none")
    m = MatchSpec(rules.to_string(), "random", "random", deals=1)
    text = format_report(summarize(m, []))
    assert text.startswith("Arena: random (A) vs random (B), australian with nt_joker classic, "
                           "slam none, 4 players")
    assert "custom rules" not in text
    assert summarize(m, [])["match"]["rules_words"] == "australian with nt_joker classic, slam none"
    assert ", classic3, 3 players" in format_report(summarize(spec("classic3", deals=1), []))


def test_a_games_only_match_says_seatings_per_game() -> None:
    assert "seatings per game: AB, BA;" in format_report(summarize(spec(games=1), []))
    assert "seatings per deal: AB, BA;" in format_report(summarize(spec(deals=1), []))
    both = format_report(summarize(spec(deals=1, games=1), []))
    assert "seatings per deal and game: AB, BA;" in both


class Passer:
    """Passes whenever it may (a match of two never plays a deal out)."""

    def __init__(self, seed: int, budget: Budget) -> None:
        self.name = "passer"

    def act(self, view: View) -> Decision:
        """Pass, or the first legal action."""
        legal = view.legal_actions
        return Decision("pass" if "pass" in legal else legal[0])


class Raiser:
    """Raises in its first decision."""

    def __init__(self, seed: int, budget: Budget) -> None:
        self.name = "raiser"

    def act(self, view: View) -> Decision:
        """A bug."""
        raise RuntimeError("out of cheese")


class Stringer:
    """Answers a token, not a Decision."""

    def __init__(self, seed: int, budget: Budget) -> None:
        self.name = "stringer"

    def act(self, view: View) -> Any:
        """The first legal action, as a bare string."""
        return view.legal_actions[0]


class Nameless:
    """No ``name`` at all, and an illegal action."""

    def __init__(self, seed: int, budget: Budget) -> None:
        pass

    def act(self, view: View) -> Decision:
        """A card nobody holds in the auction."""
        return Decision("JK")


class Seer:
    """Sees every card (as the cheater does): handed the whole game."""

    sees_all = True

    def __init__(self, seed: int, budget: Budget) -> None:
        self.name = "seer"

    def act_with_game(self, game: Any) -> Decision:
        """The first legal action."""
        return Decision(game.legal_actions()[0])


@pytest.fixture
def faulty(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register this file's bots for one test."""
    from fivehundred.bots import _load_all  # noqa: F401  (the built-ins first)

    cls: Callable[[int, Budget], Any]
    for name, cls in (("s13-pass", Passer), ("s13-pass2", Passer), ("s13-raise", Raiser),
                      ("s13-str", Stringer), ("s13-noname", Nameless), ("s13-seer", Seer)):
        monkeypatch.setitem(bots_base._REGISTRY, name, cls)


def test_an_interval_of_no_width_says_why(faulty: None) -> None:
    m = spec(a="s13-pass", b="s13-pass2", deals=3)
    summary = summarize(m, run_match(m, SerialExecutor()))
    assert summary["deals"]["thrown_in"] == 3
    text = format_report(summary)
    assert "95% CI [+0.0, +0.0]" in text
    assert "(every deal was thrown in, all passing: no deal was played out" in text


def test_a_bot_that_sees_every_card_is_marked(faulty: None) -> None:
    m = spec(a="random", b="s13-seer", deals=1)
    results = run_match(m, SerialExecutor())
    assert {r.sees_all for r in results} == {("B",)}
    summary = summarize(m, results)
    assert summary["match"]["sees_all"] == ["B"]
    text = format_report(summary)
    assert text.startswith("Arena: random (A) vs s13-seer (B, sees every card), australian")
    assert "(B s13-seer sees every card: handed the whole game" in text
    # the built-in cheater is marked before a unit of it is in
    assert "cheater (A, sees every card)" in format_report(
        summarize(spec(a="cheater", deals=1), []))


@pytest.mark.parametrize(("bot", "words"), [
    ("s13-raise", r"bot 's13-raise' \(A, side 0, seat [02]\) raised RuntimeError in deal 0, "
                  r"seating AB, hand 1, action [13] \(game seed \d+\): out of cheese$"),
    ("s13-str", r"bot 's13-str' \(A, side 0, seat [02]\) returned str '\w+' in deal 0, "
                r"seating AB, hand 1, action [13] \(game seed \d+\), not a Decision$"),
    ("s13-noname", r"bot 's13-noname' \(A, side 0, seat [02]\) chose 'JK' in deal 0, seating "
                   r"AB, hand 1, action [13] \(game seed \d+\): 'JK' is not a bid"),
])
def test_a_faulty_bot_is_named(faulty: None, bot: str, words: str) -> None:
    """By its registered name (not ``bot.name``, which one need not have), label, side, seat
    and unit, and what it did: a raw traceback, an AttributeError, or a crash, before."""
    m = spec(a=bot, b="random", deals=1)
    with pytest.raises(ArenaError, match=words):
        play_unit(m.units()[0])


def test_a_faulty_bot_in_a_run_leaves_what_was_saved(faulty: None, tmp_path: Path) -> None:
    m = spec(a="random", b="s13-raise", deals=1)
    path = tmp_path / "r.jsonl"
    with ResultsFile(path, m) as rf, pytest.raises(ArenaError, match=r"'s13-raise' \(B, side"):
        run_match(m, SerialExecutor(), rf)
    header = json.dumps(results_module.header_of(m), separators=(",", ":"))
    assert path.read_text().splitlines() == [header]




def test_a_finished_match_run_again_says_there_is_nothing_to_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rerun of a finished match said "4 units already played, resuming"."""
    from fivehundred.cli import main

    argv = ["arena", "--a", "random", "--b", "easy", "--deals", "2", "--workers", "1",
            "--out", str(tmp_path / "r.jsonl")]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "all 4 units of the match already played; nothing to play" in err, err
    assert main([*argv[:6], "3", *argv[7:]]) == 0
    err = capsys.readouterr().err
    assert "4 units of the match already played, 2 to play" in err, err


def test_the_json_summary_is_written_before_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table went to a stdout closed early (``| head``) before ``--json PATH`` was
    written, and the summary was lost."""
    import io
    import os
    import sys

    from fivehundred.cli import main

    fd = os.open(os.devnull, os.O_WRONLY)

    class Closed(io.StringIO):
        """A stdout whose reader went away."""

        def write(self, s: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            return fd

    path = tmp_path / "s.json"
    monkeypatch.setattr(sys, "stdout", Closed())
    try:
        main(["arena", "--a", "random", "--b", "easy", "--deals", "1", "--workers", "1",
              "--quiet", "--json", str(path)])
    except (BrokenPipeError, SystemExit):
        pass                         # (however the command ends on a closed stdout)
    finally:
        os.close(fd)
    assert json.loads(path.read_text())["units_done"] == 2


def test_a_module_bot_s_digest_does_not_hang_on_its_module_being_imported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A results file of ``module:name`` written from the command line (its module imported
    while the names were checked) was refused when resumed from Python (the file opened
    before the match imported it): "written by another program", nothing changed."""
    import importlib

    (tmp_path / "s13digestmod.py").write_text(
        "from fivehundred.bots import make\nfrom fivehundred.bots.base import register\n\n"
        "@register('s13digest')\ndef _f(seed, budget):\n    return make('random', seed, budget)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(bots_base._REGISTRY, "s13digest", raising=False)
    try:
        m = spec(a="s13digestmod:s13digest")
        first = results_module.program_of(m)
        importlib.import_module("s13digestmod")
        assert results_module.program_of(m) == first
        assert results_module._bot_code("s13digestmod:s13digest") == (
            tmp_path / "s13digestmod.py").read_bytes()
    finally:
        bots_base._REGISTRY.pop("s13digest", None)


def test_a_script_s_own_bot_is_digested_by_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot registered by the script that runs the match was digested as the whole script,
    so changing the script's DEALS to extend the match refused its results file."""
    def factory(seed: int, budget: Budget) -> Any:
        return bots_base.make("random", seed, budget)

    factory.__module__ = "__main__"
    monkeypatch.setitem(bots_base._REGISTRY, "s13script", factory)
    assert results_module._bot_code("s13script") == (
        b"__main__.test_a_script_s_own_bot_is_digested_by_its_name.<locals>.factory")
