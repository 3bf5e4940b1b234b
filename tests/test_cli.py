"""The command line's handling of bad input: bounded numbers, output paths checked before the
work, clear one-line refusals with status 2, and no tracebacks."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fivehundred import clitools
from fivehundred.bots.hints import MAKES_WORDS
from fivehundred.cli import TABLE_BOTS, main
from fivehundred.errors import FiveHundredError
from fivehundred.record.files import parse_record
from fivehundred.record.table_files import not_saved

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"


def _exit(argv: list[str]) -> int:
    """The status of ``main(argv)``, argparse's refusals (SystemExit) included."""
    try:
        return main(argv)
    except SystemExit as e:
        return int(e.code or 0)


# ------------------------------------------------------------------ numbers (items 1, 2)


@pytest.mark.parametrize("argv", [
    ["hint", "x.fhr", "--hand", "5", "--action", "2", "--samples", "99999999999999999999"],
    ["hint", "x.fhr", "--hand", "5", "--action", "12", "--seconds", "1e300"],
    ["hint", "x.fhr", "--action", "1", "--hand", "99999999999999999999"],
    ["bench", "engine", "--seconds", "nan"],
    ["bench", "engine", "--seconds", "0"],
    ["bench", "engine", "--seconds", "-1"],
    ["bench", "solver", "--deals", "99999999999999999999"],
    ["arena", "--a", "easy", "--b", "easy", "--seconds", "inf"],
    ["arena", "--a", "easy", "--b", "easy", "--samples", "0"],
    ["arena", "--a", "easy", "--b", "easy", "--workers", "0"],
    ["serve", "--port", "-1"],
    ["serve", "--port", "99999"],
    ["play", "--no-browser", "--port", "70000"],
])
def test_numbers_out_of_range_are_usage_errors(argv: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Refused by argparse before any work (none of these files is even opened)."""
    assert _exit(argv) == 2
    err = capsys.readouterr().err
    assert f"argument {argv[-2]}: " in err and "expected" in err and "Traceback" not in err


def test_the_bounds_of_the_shared_types() -> None:
    seconds = clitools.seconds(60)
    assert seconds("60") == 60.0 and seconds("1e-9") == 1e-9
    for bad in ("60.5", "0", "-0", "nan", "inf", "-inf", "x"):
        with pytest.raises(Exception, match="expected a number of seconds above 0 and at most 60"):
            seconds(bad)
    count = clitools.whole(1, 9)
    assert count("1") == 1 and count("9") == 9
    for bad in ("0", "10", "1.5", "", "9" * 5000):
        with pytest.raises(Exception, match="expected a whole number from 1 to 9"):
            count(bad)
    assert clitools.port("0") == 0 and clitools.port("65535") == 65535


# --------------------------------------------------------- output paths (items 3, 4)


def _no_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the arena starts playing."""
    from fivehundred.arena import cli as arena_cli

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the match was played before its options were checked")

    monkeypatch.setattr(arena_cli, "run_match", refuse)
    monkeypatch.setattr(arena_cli, "make_executor", refuse)


@pytest.mark.parametrize(("flag", "target", "message"), [
    ("--json", "adir", "--json {}: is a directory; give a file name"),
    ("--json", "nodir/x.json", "--json {}: no such directory"),
    ("--out", "adir", "--out {}: is a directory; give a file name"),
    ("--out", "nodir/x.jsonl", "--out {}: no such directory"),
])
def test_arena_checks_its_output_paths_before_playing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        flag: str, target: str, message: str) -> None:
    _no_play(monkeypatch)
    (tmp_path / "adir").mkdir()
    path = str(tmp_path / target)
    assert _exit(["arena", "--a", "easy", "--b", "easy", "--deals", "1", flag, path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fivehundred arena: {message.format(path)}")
    assert err.count("\n") == 1 and not (tmp_path / "nodir").exists()


def test_arena_refuses_an_unknown_bot_first(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    _no_play(monkeypatch)
    assert _exit(["arena", "--a", "foo", "--b", "easy"]) == 2
    err = capsys.readouterr().err
    assert err == ("fivehundred arena: --a foo: no such bot; bots are cheater, easy, hard, "
                   "insane, medium, random, random_low\n")   # and no "not saved" notice


def test_the_bot_names_in_the_help_are_the_registered_ones(
        capsys: pytest.CaptureFixture[str]) -> None:
    from fivehundred.bots import bot_names

    assert set(TABLE_BOTS) | {"cheater"} == set(bot_names())
    assert _exit(["arena", "--help"]) == 0
    helptext = " ".join(capsys.readouterr().out.split())
    assert "bot A: random, random_low, easy, medium, hard, insane, or cheater" in helptext


@pytest.mark.parametrize(("target", "message"), [
    ("adir", "is a directory; give a file name"),
    ("nodir/x.md", "no such directory"),
    ("game.fhr", "expected a .md file"),
    ("notes.txt", "expected a .md file"),
])
def test_bench_checks_write_before_measuring(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str],
                                             target: str, message: str) -> None:
    from fivehundred.benchmarks import solver as bench

    monkeypatch.setattr(bench, "report", lambda *a, **k: pytest.fail("measured first"))
    (tmp_path / "adir").mkdir()
    record = tmp_path / "game.fhr"
    record.write_text("[Rules \"australian\"]\n")
    path = str(tmp_path / target)
    assert _exit(["bench", "solver", "--deals", "1", "--passes", "1", "--write", path]) == 2
    assert capsys.readouterr().err.startswith(f"fivehundred bench: --write {path}: {message}")
    assert record.read_text() == "[Rules \"australian\"]\n"


def test_bench_nodes_has_nothing_to_write(capsys: pytest.CaptureFixture[str]) -> None:
    assert _exit(["bench", "nodes", "--write", "x.md"]) == 2
    assert "bench nodes prints its table only" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "message"), [
    (["bench", "solver", "--deals", "1", "--offset", "3"],
     "--offset is not an option of bench solver, which takes --deals, --passes, --write"),
    (["bench", "engine", "--seconds", "0.1", "--deals", "5"],
     "--deals is not an option of bench engine, which takes --seconds, --write"),
    (["bench", "nodes", "--passes", "2"],
     "--passes is not an option of bench nodes, which takes --deals, --offset"),
])
def test_bench_refuses_an_option_of_another_benchmark(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    """An option the benchmark does not take is refused before it runs (it was ignored)."""
    assert _exit(argv) == 2
    assert capsys.readouterr().err == f"fivehundred bench: {message}\n"


def test_bench_help_shows_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert _exit(["bench", "--help"]) == 0
    helptext = " ".join(capsys.readouterr().out.split())
    for default in ("(default 5.0;", "(default 200)", "(default 3)", "default 0)", ".md"):
        assert default in helptext
    assert _exit(["hint", "--help"]) == 0
    helptext = " ".join(capsys.readouterr().out.split())
    assert "default: the Insane bot's own" in helptext and "(default none;" in helptext
    # (a replay's messages count actions from 1, --action counts those done: said)
    assert "calls 'action N' is advised with N-1" in helptext


def test_a_file_is_replaced_whole_or_not_at_all(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "b.md"
    doc.write_text("old\n")
    clitools.write_whole(doc, "new\n")
    assert doc.read_text() == "new\n"

    def broken(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space"):
        clitools.write_whole(doc, "newer\n")
    assert doc.read_text() == "new\n" and [p.name for p in tmp_path.iterdir()] == ["b.md"]


def test_a_read_only_file_is_never_replaced(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A record marked read-only was replaced by its save all the same (renamed over: the
    folder's permission is what counts, and a superuser passes os.access): it is refused,
    said of its own file, and left as it was; so is a file in a folder that cannot be
    written in (the temporary file goes there)."""
    record = tmp_path / "game.fhr"
    record.write_text("old\n")
    record.chmod(0o444)
    try:
        with pytest.raises(PermissionError) as e:
            clitools.write_whole(record, "new\n")
        assert not_saved(record, e.value) == (f"Could not save the record to {record}: the "
                                              "file is read-only")
        with pytest.raises(FiveHundredError, match="the file is not writable"):
            clitools.check_output("--write", str(record), (".fhr",))
    finally:
        record.chmod(0o644)
    assert record.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["game.fhr"]
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: Path(p) != tmp_path and real(
        p, mode, **kw))
    with pytest.raises(PermissionError, match=f"cannot create files in {tmp_path}"):
        clitools.write_whole(record, "new\n")
    assert record.read_text() == "old\n"


def test_a_link_is_written_through_and_a_pipe_into(tmp_path: Path) -> None:
    """A symbolic link's target gets the text and the link stays a link (the link was
    replaced by a plain file, the target left as it was); a pipe or a device (``/dev/stdout``,
    ``/dev/full``) is written into, never replaced."""
    target = tmp_path / "target.md"
    target.write_text("old\n")
    link = tmp_path / "link.md"
    link.symlink_to(target)
    clitools.check_output("--write", str(link), (".md",))
    clitools.write_whole(link, "new\n")
    assert link.is_symlink() and target.read_text() == "new\n"
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    clitools.check_output("--write", str(fifo), (".md",))
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        clitools.write_whole(fifo, "through\n")
        assert os.read(reader, 100) == b"through\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(fifo.stat().st_mode) and sorted(p.name for p in tmp_path.iterdir()) \
        == ["link.md", "pipe.md", "target.md"]


def test_arena_json_written_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m.json"
    assert main(["arena", "--a", "random", "--b", "random", "--deals", "1", "--workers", "1",
                 "--quiet", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["units_done"] == 2
    capsys.readouterr()
    # a summary is written over by another; a file holding anything else is refused
    assert main(["arena", "--a", "random", "--b", "easy", "--deals", "1", "--workers", "1",
                 "--quiet", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["match"]["bot_b"] == "easy"
    capsys.readouterr()
    record = tmp_path / "game.fhr"
    record.write_text(GOLDEN.read_text())
    for other in (record, tmp_path / "other.json"):
        if other.suffix == ".json":
            other.write_text('{"mine": 1}\n')
        before = other.read_text()
        assert main(["arena", "--a", "random", "--b", "random", "--deals", "1", "--workers",
                     "1", "--quiet", "--json", str(other)]) == 2
        assert capsys.readouterr().err == (
            f"fivehundred arena: --json {other}: the file holds something other than an arena "
            "summary, which would replace it; give another name\n")
        assert other.read_text() == before


def test_output_that_cannot_be_written_is_said_in_a_line() -> None:
    """Standard output on a full disk (``fivehundred replay f > /dev/full``): one line and
    status 1, not a traceback."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "fivehundred", "replay", str(GOLDEN)],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr == "fivehundred: cannot write the output: No space left on device\n"


def test_arena_refuses_one_file_for_results_and_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    same = tmp_path / "same.jsonl"
    assert main(["arena", "--a", "random", "--b", "random", "--deals", "1", "--workers", "1",
                 "--quiet", "--out", str(same), "--json", str(same)]) == 2
    assert "is the --out results file" in capsys.readouterr().err
    assert not same.exists()


def test_a_summary_that_cannot_be_written_is_said_and_the_results_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    results, summary = tmp_path / "r.jsonl", tmp_path / "s.json"

    def full(path: object, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(clitools, "write_whole", full)
    assert main(["arena", "--a", "random", "--b", "random", "--deals", "1", "--workers", "1",
                 "--quiet", "--out", str(results), "--json", str(summary)]) == 1
    err = capsys.readouterr().err
    assert "--json" in err and "No space left on device" in err and str(results) in err
    assert len(results.read_text().splitlines()) == 3          # the header and both units


def test_a_bench_report_that_cannot_be_written_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from fivehundred.benchmarks import report

    def full(path: object, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(clitools, "write_whole", full)
    assert report.publish("## Demo\n", str(tmp_path / "b.md"), "demo") == 1
    out, err = capsys.readouterr()
    assert out == "## Demo\n\n" and "No space left on device" in err
    assert report.publish("## Demo\n", None, "demo") == 0



# ------------------------------------------------------------------------- ports (item 5)


def test_a_port_in_use_is_one_clear_message(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "x.db")]) == 2
        out = capsys.readouterr()
        assert out.out == ""                                  # no URL announced
        assert out.err == (f"fivehundred serve: port {port} on 127.0.0.1 already in use; "
                           "choose another with --port (0: any free port)\n")
        assert main(["play", "--no-browser", "--port", str(port), "--db",
                     str(tmp_path / "x.db")]) == 2
        assert f"fivehundred play: port {port} on" in capsys.readouterr().err


def test_a_db_in_a_folder_that_does_not_exist_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--db names a file: a mistyped folder is reported, not made."""
    for cmd in ("serve", "play"):
        where = tmp_path / "no" / "such" / "x.db"
        extra = ["--no-browser"] if cmd == "play" else []
        assert main([cmd, "--port", "0", "--db", str(where), *extra]) == 2
        assert f"fivehundred {cmd}: --db {where}: no such folder" in capsys.readouterr().err
        assert not (tmp_path / "no").exists()


def test_port_0_announces_the_port_it_got(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    import uvicorn

    served: list[int] = []

    def serve(self: uvicorn.Server, sockets: list[Any]) -> None:
        served.append(sockets[0].getsockname()[1])

    monkeypatch.setattr(uvicorn.Server, "run", serve)
    # (uvicorn's Config sets up logging with dictConfig, which closes every handler there
    # is, pytest's capturing ones too: the tests after this one in the worker then fail)
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    assert main(["serve", "--port", "0", "--db", str(tmp_path / "x.db")]) == 0
    out = capsys.readouterr().out
    assert served and served[0] != 0
    assert f"Five Hundred is at http://127.0.0.1:{served[0]}/ " in out


# -------------------------------------------------------------- a closed pipe (item 6)


@pytest.mark.parametrize("argv", [
    ["replay", str(GOLDEN)],
    ["play", "--text", "--seed", "3", "--bots", "easy"],
    ["--help"],
])
def test_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    """``fivehundred replay f | head -1``: output into a pipe nobody reads any more ends the
    command without a traceback (status 1, as Python's docs suggest for EPIPE; --help, which
    argparse prints, may end 0 or 1)."""
    read, write = os.pipe()
    os.close(read)                       # the reader is gone before the first write
    try:
        proc = subprocess.run([sys.executable, "-m", "fivehundred", *argv],
                              stdin=subprocess.DEVNULL, stdout=write, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    finally:
        os.close(write)
    assert "Traceback" not in proc.stderr and "BrokenPipeError" not in proc.stderr
    assert proc.stderr == "" and proc.returncode in (0, 1)


def test_the_arenas_json_into_a_closed_pipe_ends_quietly() -> None:
    """``arena --json - | true``: the report (on stderr with ``--json -``) and nothing else."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run([sys.executable, "-m", "fivehundred", "arena", "--a", "random",
                               "--b", "random", "--deals", "2", "--workers", "1", "--quiet",
                               "--json", "-"], stdin=subprocess.DEVNULL, stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert proc.returncode == 1 and proc.stderr.startswith("Arena: random (A) vs random (B)")
    assert "Broken pipe" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def test_ctrl_c_before_a_command_takes_it_up_ends_quietly(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C while a command starts (the solver and the bots loading, before a game's own
    handling) ends with the shell's status for it and no traceback."""
    from fivehundred import hint_cli

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(hint_cli, "hint", interrupted)    # (as if the bots were loading)
    assert main(["hint", str(GOLDEN), "--hand", "5", "--action", "9"]) == 130
    assert capsys.readouterr() == ("", "\n")



def test_ctrl_c_while_the_command_itself_loads_ends_quietly(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The ``fivehundred`` script's entry (``launch.main``) loads the command line inside its
    Ctrl-C handling: a Ctrl-C as its modules load (a quarter second on a busy host, before
    ``cli.main`` could take it up) printed a traceback, the package's own import loading the
    whole engine first."""
    from importlib import metadata
    from importlib.abc import MetaPathFinder

    from fivehundred import launch

    scripts = {e.name: e.value for e in metadata.entry_points(group="console_scripts")}
    assert scripts["fivehundred"] == "fivehundred.launch:main"

    class Interrupted(MetaPathFinder):
        def find_spec(self, name: str, *_: object) -> None:
            if name == "fivehundred.cli":
                raise KeyboardInterrupt          # (as if Ctrl-C came while it loads)

    monkeypatch.delitem(sys.modules, "fivehundred.cli")
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    assert launch.main(["--version"]) == 130
    assert capsys.readouterr() == ("", "\n")


def test_the_package_loads_nothing_before_the_command_handles_ctrl_c() -> None:
    """``import fivehundred`` (run by the script before ``launch.main``) loads none of the
    engine, nor even ``typing``: its names come when first asked for, typed as before."""
    code = ("import sys, fivehundred.launch; print(sorted(m for m in sys.modules "
            "if m.startswith('fivehundred') or m == 'typing')); "
            "from fivehundred import Game, Rules; print(Game.__module__, Rules.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "['fivehundred', 'fivehundred.launch']"
    assert out[1] == "fivehundred.game fivehundred.rules"

# ------------------------------------------------- options that do not apply (item 7)


@pytest.mark.parametrize("flags", [
    ["--rules", "classic3"], ["--seed", "3"], ["--seat", "1"], ["--bots", "easy"],
    ["--seed", "3", "--bots", "hard"],
])
def test_play_in_the_browser_refuses_the_terminal_games_options(
        flags: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from fivehundred.web import server

    monkeypatch.setattr(server, "run", lambda *a: pytest.fail("served"))
    assert main(["play", "--no-browser", *flags]) == 2
    err = capsys.readouterr().err
    given = [f for f in flags if f.startswith("--")]
    said = ("sets the terminal game: give it" if len(given) == 1
            else "set the terminal game: give them")
    assert err.startswith(f"fivehundred play: {', '.join(given)} {said} with --text"), err
    assert err.count("\n") == 1


@pytest.mark.parametrize("flags", [["--port", "8600"], ["--no-browser"], ["--db", "x.db"],
                                   ["--port", "8600", "--no-browser"]])
def test_the_text_game_refuses_the_browser_games_options(
        flags: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--text", *flags]) == 2
    err = capsys.readouterr().err
    given = [f for f in flags if f.startswith("--")]
    verb = "sets" if len(given) == 1 else "set"
    assert err.startswith(f"fivehundred play: {', '.join(given)} {verb} the browser game") and (
        err.count("\n") == 1)


@pytest.mark.parametrize("flags", [["--rules", "classic3"], ["--seed", "3"],
                                   ["--rules", "classic3", "--seed", "3"]])
def test_tui_resume_refuses_rules_and_seed(tmp_path: Path, flags: list[str],
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    import fivehundred.tui

    monkeypatch.setattr(fivehundred.tui, "run_tui", lambda *a, **k: pytest.fail("started"))
    assert main(["tui", "--resume", str(GOLDEN), *flags]) == 2
    named = " and ".join(f for f in flags if f.startswith("--"))
    assert capsys.readouterr().err == (
        f"fivehundred tui: {named} cannot go with --resume: the game goes on with the rules "
        f"and seed of {GOLDEN}\n")


@pytest.mark.parametrize("command", [["tui"], ["play", "--text"]])
def test_resume_of_a_binary_file_says_not_utf8(tmp_path: Path, command: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal table and the text game say it as replay does (one resumed_game)."""
    path = tmp_path / "x.fhr"
    path.write_bytes(b"\xf5\x00\x01")
    assert main([*command, "--resume", str(path)]) == 2
    assert capsys.readouterr().err == (f"fivehundred {command[0]}: cannot read {path}: not "
                                       "UTF-8 text (invalid start byte at byte 0)\n")


# --------------------------------------------------------------- reading files (item 8)


def _replay(path: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, str, str]:
    rc = main(["replay", str(path), *flags])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_replay_reads_json_and_a_bom_as_analyse_does(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from fivehundred.record import dumps_json, loads

    rc, expected, _ = _replay(GOLDEN, capsys)
    assert rc == 0
    js = tmp_path / "g.fhr.json"
    js.write_text(dumps_json(loads(GOLDEN.read_text())), encoding="utf-8")
    assert _replay(js, capsys) == (0, expected, "")             # told apart by its '{'
    assert _replay(js, capsys, "--json") == (0, expected, "")
    bom = tmp_path / "bom.fhr"
    bom.write_bytes(b"\xef\xbb\xbf" + GOLDEN.read_bytes())
    assert _replay(bom, capsys) == (0, expected, "")
    bom_js = tmp_path / "bom.fhr.json"
    bom_js.write_bytes(b"\xef\xbb\xbf" + js.read_bytes())
    assert _replay(bom_js, capsys) == (0, expected, "")
    assert main(["analyse", str(bom), "--hand", "1"]) == 0
    capsys.readouterr()


def test_replay_of_binary_and_broken_json(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.fhr"
    path.write_bytes(b"\xf5\x00\x01")
    rc, out, err = _replay(path, capsys)
    assert (rc, out) == (2, "")
    assert err == f"fivehundred replay: cannot read {path}: not UTF-8 text (invalid start byte " \
                  "at byte 0)\n"
    path.write_text('{"format": "fivehundred-record",\n "rules": "aus', encoding="utf-8")
    rc, out, err = _replay(path, capsys)
    assert rc == 2 and "at at" not in err
    assert err == (f"fivehundred replay: {path}: not JSON: Unterminated string starting at "
                   "line 2, column 11\n")
    # a JSON list is JSON (a text record starts with its first [Tag "value"] instead)
    path.write_text('[{"format": "fivehundred-record"}]\n', encoding="utf-8")
    assert _replay(path, capsys) == (2, "", f"fivehundred replay: {path}: a JSON record is an "
                                     'object {"format": "fivehundred-record", ...}, not a list\n')
    path.write_text('[Rules "australian"\n', encoding="utf-8")
    assert "expected a tag pair" in _replay(path, capsys)[2]
    path.write_text('{"hands": [["AS"]], "kitty": [', encoding="utf-8")
    assert main(["analyse", str(path)]) == 2
    assert capsys.readouterr().err == (f"fivehundred analyse: {path}: not JSON: Expecting "
                                       "value at line 1, column 31\n")


# ------------------------------------------------------------------------ hint (item 9)


def test_hint_checks_the_whole_record_and_names_the_action(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOLDEN.read_text()
    bad = text.replace("Trick 1 0:QH 1:9H 2:5H 3:4H -> 0", "Trick 1 0:QH 1:QS 2:5H 3:4H -> 0")
    bad = bad.replace("Trick 4 3:KS 0:9S 1:QS 2:JH -> 3", "Trick 4 3:KS 0:9S 1:9H 2:JH -> 3")
    assert bad.count("1:QS 2:5H") == 1
    line = bad.splitlines().index("Trick 1 0:QH 1:QS 2:5H 3:4H -> 0") + 1
    assert line == 70
    path = tmp_path / "illegal.fhr"
    path.write_text(bad, encoding="utf-8")
    for action in ("20", "0"):      # after the illegal card, and before it: refused alike
        assert main(["hint", str(path), "--hand", "5", "--action", action]) == 2
        out = capsys.readouterr()
        assert out.out == ""
        assert out.err == (f"fivehundred hint: {path}: line {line}: hand 5, action 11 (QS by "
                           "seat 1): must follow hearts: you hold 9H, 6H\n")
    assert main(["replay", str(path)]) == 2
    assert (f"{path}: line {line}: hand 5, action 11 (QS by seat 1): must follow hearts"
            in capsys.readouterr().err)


def test_hint_names_the_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", str(GOLDEN), "--hand", "5", "--action", "12", "--samples", "1"]) == 0
    assert capsys.readouterr().out.startswith("West (3) to move: Play ")
    assert main(["hint", str(GOLDEN), "--hand", "5", "--action", "12", "--samples", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 3 and data["name"] == "West"
    assert data["cards"] == [data["action"]] and data["samples"] >= 1


def test_a_defenders_hint_says_whose_chance_it_gives(
        capsys: pytest.CaptureFixture[str]) -> None:
    """East defends North's 7♣: his hint's percentages are the declarer's, and said to be
    ("makes 15%" read as East's own chance); North's own are his, and in suit symbols."""
    for action, seat, whose, legend in (("14", "East (1)", "  declarer makes ", "Declarer makes"),
                                        ("13", "North (0)", "  makes ", "Makes")):
        assert main(["hint", str(GOLDEN), "--hand", "5", "--action", action,
                     "--samples", "4"]) == 0
        out = capsys.readouterr().out
        lines = out.splitlines()
        assert lines[0].startswith(f"{seat} to move: Play "), out
        # (the last line says what the values count, as under the browser's table)
        assert lines[1:-1] and all(whose in x for x in lines[1:-1]), out
        # (and so does its legend: "Makes:" under a defender's "declarer makes" rows misled)
        assert lines[-1] == ("  Points: expected this hand, your side's less the others'; "
                             f"{legend}{MAKES_WORDS[5:]}"), out
        assert not re.search(r"\b(10|[2-9JQKA])[SCDH]\b", out), out    # 7♣, not 7C


def test_a_discard_hint_names_every_card_and_its_deals(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Declaring, the hint's JSON names the whole discard (the three cards were only in a
    candidate's note) and how many imagined deals chose it (it said 0)."""
    assert main(["hint", str(GOLDEN), "--hand", "5", "--action", "6", "--samples", "4",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["cards"]) == 3 and data["cards"][0] == data["action"], data
    assert data["candidates"][0]["note"] == "discard " + " ".join(data["cards"])
    assert 1 <= data["samples"] <= 2, data          # half the deals a bid would take
    assert data["reason"].endswith(f"on {data['samples']} imagined deals" if data["samples"] > 1
                                   else "on an imagined deal"), data



def test_each_candidate_of_a_discard_hint_names_its_cards(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Every candidate discard put out its own three cards, yet the JSON gave each only its
    first card as ``action`` (several shared "6S") and the rest in the free-text note: each
    now has its ``cards``, the advised one's the hint's own; a play's candidate its card."""
    assert main(["hint", str(GOLDEN), "--hand", "5", "--action", "6", "--samples", "4",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    cands = data["candidates"]
    assert len(cands) > 1 and cands[0]["cards"] == data["cards"], data
    for c in cands:
        assert len(c["cards"]) == 3 and c["cards"][0] == c["action"], c
        assert c["note"] == "discard " + " ".join(c["cards"]), c
    assert len({tuple(c["cards"]) for c in cands}) == len(cands)
    assert main(["hint", str(GOLDEN), "--hand", "5", "--action", "12", "--samples", "1",
                 "--json"]) == 0
    play = json.loads(capsys.readouterr().out)
    assert all(c["cards"] == [c["action"].split(":")[0]] for c in play["candidates"]), play


def test_hint_and_analyse_refuse_a_hand_or_action_out_of_the_record(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A hand the record does not have: the same words from hint as from analyse.  An action
    out of range: each names the range that works for it (hint: where someone is to move;
    analyse: the play, which hand 1, thrown in, never reached); nothing on stdout."""
    rec = parse_record(GOLDEN.read_text())
    n = len(rec.hands)
    first = rec.hands[0]
    acts = len(first.actions)
    last = acts - (1 if first.result is not None else 0)
    for command in ("hint", "analyse"):
        assert main([command, str(GOLDEN), "--hand", str(n + 1), "--action", "0"]) == 2
        out = capsys.readouterr()
        assert out.out == ""
        assert out.err == (f"fivehundred {command}: no hand {n + 1}: the record has {n} "
                           f"hand(s), numbered 1 to {n}\n")
        assert main([command, str(GOLDEN), "--hand", "1", "--action", str(acts + 1)]) == 2
        out = capsys.readouterr()
        assert out.out == ""
        assert out.err == (
            f"fivehundred hint: --action {acts + 1}: hand 1 has {acts} actions, someone to "
            f"move after 0 to {last} of them (give one of those)\n" if command == "hint" else
            "fivehundred analyse: hand 1 never reached the play, so no --action has cards to "
            "value\n")
    # the action that ends a hand leaves no one to advise: not offered ("give 0 to 49" was)
    five = rec.hands[4]
    assert five.result is not None
    assert main(["hint", str(GOLDEN), "--hand", "5", "--action", str(len(five.actions))]) == 2
    assert f"someone to move after 0 to {len(five.actions) - 1} of them" in (
        capsys.readouterr().err)

# ------------------------------------------------------------------- --version (item 11)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    assert _exit(["--version"]) == 0
    assert capsys.readouterr().out == f"fivehundred {version('fivehundred')}\n"


def test_a_port_announced_is_already_listened_on() -> None:
    # bound but not yet listening, a port could be bound again by a second server (both set
    # SO_REUSEADDR): the first socket listens at once, so the second is refused
    from fivehundred.web.server import listening_socket

    with listening_socket("127.0.0.1", 0) as first:
        port = first.getsockname()[1]
        with pytest.raises(OSError, match=f"port {port} on 127.0.0.1 already in use"):
            listening_socket("127.0.0.1", port)


def test_names_are_taken_as_arena_takes_them() -> None:
    """A bot's name (and the terminal table's speed) in any case, as arena's --a and --b:
    ``play --text --bots Easy`` was refused ("invalid choice: 'Easy'")."""
    from fivehundred.cli import build_parser

    args = build_parser().parse_args(["play", "--text", "--bots", "Easy"])
    assert args.bots == "easy"
    args = build_parser().parse_args(["tui", "--bots", " HARD", "--speed", "Fast"])
    assert (args.bots, args.speed) == ("hard", "fast")


def test_tui_speed_sets_the_tables_pauses(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``--speed fast``: the bots' pause and a finished trick's, times the browser game's
    factor for it; a speed that is not one is refused by the parser."""
    import fivehundred.tui
    from fivehundred.options import SPEEDS
    from fivehundred.tui.app import PACE, TRICK_PAUSE

    made: dict[str, float] = {}

    class Probe:
        def __init__(self, *a: object, pace: float, trick_pause: float, **k: object) -> None:
            made.update(pace=pace, trick_pause=trick_pause)

        return_code = 0

        def run(self) -> int:
            return 0

    monkeypatch.setattr(fivehundred.tui, "TableApp", Probe)
    monkeypatch.setattr(fivehundred.tui, "no_terminal", lambda: None)   # (as in a terminal)
    assert main(["tui", "--speed", "fast", "--seed", "1"]) == 0
    assert made == {"pace": PACE * SPEEDS["fast"], "trick_pause": TRICK_PAUSE * SPEEDS["fast"]}
    with pytest.raises(SystemExit):
        main(["tui", "--speed", "warp"])
    assert "invalid choice: 'warp'" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["play", "--text"], ["tui"],
                                     ["arena", "--a", "easy", "--b", "easy"]])
@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_a_seed_the_generator_cannot_hold_is_refused(
        command: list[str], seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Seeds are 0 to 2**64 - 1 wherever one is given: a negative or larger seed would deal as
    another (the generator keeps 64 bits), so it is refused before anything starts."""
    with pytest.raises(SystemExit) as stop:
        main([*command, f"--seed={seed}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --seed: {seed} is out of range: expected a whole number from 0 to " \
           "18,446,744,073,709,551,615" in err


def test_a_system_error_that_names_no_file_is_not_called_the_output_s(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Any OSError with no file name was said "cannot write the output" (a read-only
    container's "No usable temporary directory" read as an output failure)."""
    import fivehundred.cli as cli

    def fails(argv: object) -> int:
        raise FileNotFoundError(2, "No usable temporary directory found in ['/tmp']")

    monkeypatch.setattr(cli, "_main", fails)
    assert cli.main(["replay", "x"]) == 1
    assert capsys.readouterr().err == ("fivehundred: No usable temporary directory found in "
                                       "['/tmp']\n")
