"""The commands refuse what they can before the solver loads (a first load compiles it, over
a minute before "no such file" was said), the terminal table refuses to start without a
terminal, and a hint on a record of no hands says so.  Each refusal is made in a process
where loading the solver fails loudly, so none can come after it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.bots.base import bot_names
from fivehundred.cli import main
from fivehundred.record import dumps, record_from_game

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"

NO_SOLVER = """\
import sys

class NoSolver:
    def find_spec(self, name, path=None, target=None):
        if name == "fivehundred.solver":
            raise SystemExit("the solver was loaded")
        return None

sys.meta_path.insert(0, NoSolver())
from fivehundred.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _without_solver(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    """``fivehundred argv`` in a fresh process whose loading of the solver ends it (status
    1, "the solver was loaded"), its standard input not a terminal; status, stdout, stderr."""
    res = subprocess.run([sys.executable, "-c", NO_SOLVER, *argv], cwd=cwd,
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    return res.returncode, res.stdout, res.stderr


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A folder with a good record, a folder called ``adir`` and no ``nosuch.fhr``."""
    (tmp_path / "good.fhr").write_text(GOLDEN.read_text(), encoding="utf-8")
    (tmp_path / "adir").mkdir()
    return tmp_path


def test_loading_the_solver_is_caught(files: Path) -> None:
    """The trap works: a command that gets as far as the solver is stopped by it."""
    rc, _, err = _without_solver(["analyse", "good.fhr", "--hand", "5"], files)
    assert rc == 1 and "the solver was loaded" in err


NOSUCH = "cannot read nosuch.fhr: No such file or directory"


@pytest.mark.parametrize(("argv", "said"), [
    (["analyse", "nosuch.fhr"], f"analyse: {NOSUCH}"),
    (["analyse", "adir"], "analyse: cannot read adir: Is a directory"),
    (["analyse", "adir", "--json"], "analyse: cannot read adir: Is a directory"),
    (["hint", "nosuch.fhr", "--hand", "1", "--action", "0"], f"hint: {NOSUCH}"),
    (["hint", "adir", "--hand", "1", "--action", "0"], "hint: cannot read adir: Is a directory"),
    (["tui", "--resume", "nosuch.fhr"], f"tui: {NOSUCH}"),
    (["tui", "--seat", "9"], "tui: --seat must be from 0 to 3, got 9"),
    (["tui", "--rules", "five_called", "--seat", "5"], "tui: --seat must be from 0 to 4, got 5"),
    (["arena", "--a", "god", "--b", "easy"],
     "arena: --a god: no such bot; bots are cheater, easy, hard, insane, medium, random, "
     "random_low"),
    (["arena", "--a", "easy", "--b", "God"],
     "arena: --b god: no such bot; bots are cheater, easy, hard, insane, medium, random, "
     "random_low"),
    (["arena", "--a", "easy", "--b", "easy", "--deals", "1", "--out", "nosuchdir/x.jsonl"],
     "arena: --out nosuchdir/x.jsonl: no such directory: {here}/nosuchdir"),
    (["arena", "--a", "easy", "--b", "easy", "--deals", "1", "--json", "adir"],
     "arena: --json adir: is a directory; give a file name"),
])
def test_a_refusal_comes_before_the_solver_loads(files: Path, argv: list[str],
                                                 said: str) -> None:
    rc, out, err = _without_solver(argv, files)
    assert (rc, out, err) == (2, "", f"fivehundred {said.format(here=files)}\n")


def test_the_bots_known_before_loading_are_the_registered_ones() -> None:
    """The arena's list of bots, checked before they load (the catalog's), is the registry's
    once loaded."""
    from fivehundred import bot_catalog

    assert sorted(bot_catalog.BOT_NAMES) == list(bot_names())


def test_the_terminal_table_needs_a_terminal(files: Path) -> None:
    """``fivehundred tui </dev/null >out`` drew escape codes into the file and ran until
    killed: it is refused at once, pointing to the game that plays without one."""
    said = ("fivehundred tui needs a terminal (standard input is not one): try fivehundred "
            "play --text\n")
    assert _without_solver(["tui", "--seed", "1"], files) == (2, "", said)
    assert _without_solver(["tui", "--resume", "good.fhr"], files)[2] == (
        "fivehundred tui: the game in good.fhr is over; nothing to resume\n")


def test_the_terminal_table_needs_its_output_on_a_terminal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import fivehundred.tui as tui

    class Terminal:
        """A stream that says it is a terminal."""

        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(tui, "TableApp", lambda *a, **k: pytest.fail("started"))
    monkeypatch.setattr(sys, "stdin", Terminal())
    assert main(["tui", "--seed", "1"]) == 2          # (pytest's stdout is no terminal)
    assert capsys.readouterr().err == ("fivehundred tui needs a terminal (standard output is "
                                       "not one): try fivehundred play --text\n")


def test_arena_on_ray_without_ray_is_refused_like_any_setup_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without the ray package it said "results are not saved" first, then the error, with
    status 1: now the error alone, status 2, as for every other setup error."""
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main(["arena", "--a", "easy", "--b", "easy", "--deals", "1", "--ray", "local"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == ("fivehundred arena: the Ray executor needs the ray package: pip install "
                       "'fivehundred[ray]'\n")


def test_a_hint_on_a_record_of_no_hands_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record saved before the first action (one seat's view, as the browser saves one)
    was answered "no hand 1: the record has 0 hand(s), numbered 1 to 0"; it is said as
    replay says it, for a whole record too."""
    g = Game(Rules.preset("australian"), seed=1)
    for seat, name in ((0, "view.fhr"), (None, "whole.fhr")):
        path = tmp_path / name
        path.write_text(dumps(record_from_game(g, seat=seat)), encoding="utf-8")
        assert main(["hint", str(path), "--hand", "1", "--action", "0"]) == 2
        out = capsys.readouterr()
        assert (out.out, out.err) == ("", f"fivehundred hint: {path}: the record has no hands "
                                          "to advise on\n")
