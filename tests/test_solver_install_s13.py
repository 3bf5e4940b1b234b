"""The solver as installed: its compile cache counts as current only where numba will load it
(not after a numba upgrade, nor from another install's folder under a shared cache folder), a
read-only container with no temporary folder compiles in memory and says so, an install
without numba runs the pure twin and says so once; and the source distribution ships what the
tests read.  No test here compiles the kernel: one small function at most, in a folder of the
test's own."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import llvmlite  # type: ignore[import-untyped]
import numba
import pytest
from numba.core import caching, config

import fivehundred.solver as solver
from fivehundred import Game, Rules
from fivehundred.cli import main
from fivehundred.record import dumps, record_from_game
from fivehundred.solver import Position, jit, kernel, solve
from helpers import end_position

PACKAGE = Path(solver.__file__).parent
ROOT = Path(__file__).resolve().parent.parent


def _twice(x: int) -> int:
    """A small function to compile (a few tenths of a second, not the kernel's minute)."""
    return 2 * x


def _marker_from_a_real_run(shared: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The marker the package leaves once its compiled functions are saved, written by
    :func:`jit.mark_current` for a small function of this folder (tests/) into ``shared``,
    a cache folder like the user's own, which every install of this user shares."""
    monkeypatch.setattr(config, "CACHE_DIR", str(shared))
    monkeypatch.setattr(jit, "_COMPILED", [])
    assert jit.compiled("int64(int64)")(_twice)(21) == 42
    assert jit.mark_current() is True
    (marker,) = shared.rglob(jit.MARKER)
    return marker


def _this_installs_folder() -> Path:
    """The folder numba itself caches this install's kernel in now (as its own cache object
    for a function of the solver's folder reports it)."""
    return Path(caching.FunctionCache(jit.sources_digest).cache_path)  # type: ignore[no-untyped-call]


@pytest.mark.usefixtures("numba_settings")
def test_another_installs_marker_under_a_shared_cache_folder_does_not_count(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Two installs of one user share the user's cache folder, each in a subfolder numba
    names for the install's place: a marker in any subfolder counted (the check searched
    the whole folder), and the second install compiled for a minute unannounced."""
    shared = tmp_path / "shared"
    marker = _marker_from_a_real_run(shared, monkeypatch)
    assert marker.parent.name.startswith("tests_")      # (another folder's, not the solver's)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(shared))
    assert solver._announce_first_compile() is True
    assert "compiling the double-dummy solver (first run only" in capsys.readouterr().err
    # the same marker in this install's own subfolder: current, nothing said
    own = _this_installs_folder()
    assert own.parent == shared and own != marker.parent
    own.mkdir(parents=True, exist_ok=True)
    (own / jit.MARKER).write_bytes(marker.read_bytes())
    assert solver._announce_first_compile() is False
    assert capsys.readouterr().err == ""


def _field_changed(text: str, field: str) -> str:
    """``text`` with one thing the marker should name changed: numba's or llvmlite's version,
    the Python, or the machine (CPU) it was compiled for."""
    was = {"numba": f"numba={numba.__version__}", "llvmlite": f"llvmlite={llvmlite.__version__}",
           "python": f"python={sys.implementation.cache_tag}",
           "machine": "machine="}[field]
    now = {"numba": "numba=0.59.1", "llvmlite": "llvmlite=0.42.0",
           "python": "python=cpython-399", "machine": "machine=0000"}[field]
    return text.replace(was, now)


@pytest.mark.usefixtures("numba_settings")
@pytest.mark.parametrize("field", ["numba", "llvmlite", "python", "machine"])
def test_a_marker_left_under_another_numba_or_python_does_not_count(
        field: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """numba voids its cache index under another version of itself (and keeps one index per
    Python version, one entry per machine): after ``pip install -U numba`` the marker, which
    held the kernel sources' digest alone, still said current, and the next run compiled
    for a minute without a word."""
    shared = tmp_path / "shared"
    text = _marker_from_a_real_run(shared, monkeypatch).read_text()
    other = _field_changed(text, field)
    assert other != text, f"the marker does not say which {field} it was compiled under"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(shared))
    solver.cache_place()
    own = _this_installs_folder()
    own.mkdir(parents=True, exist_ok=True)
    (own / jit.MARKER).write_text(other)
    assert solver._announce_first_compile() is True
    assert "compiling the double-dummy solver" in capsys.readouterr().err
    (own / jit.MARKER).write_text(text)
    assert solver._announce_first_compile() is False


@pytest.mark.usefixtures("numba_settings")
def test_the_folder_checked_is_the_one_numba_caches_in(tmp_path: Path) -> None:
    """The check looks in the very folder numba picks: a subfolder of ``NUMBA_CACHE_DIR``
    named for the sources' place, or the sources' own ``__pycache__`` (as the kernel was
    loaded in this process)."""
    config.CACHE_DIR = str(tmp_path)
    assert jit.kernel_cache_folder(tmp_path) == _this_installs_folder()
    config.CACHE_DIR = ""
    if os.access(PACKAGE, os.W_OK):     # (numba's own next choice, where it can write)
        assert jit.kernel_cache_folder(PACKAGE / "__pycache__") == _this_installs_folder()
    loaded = Path(kernel.search._cache._cache_path)  # type: ignore[attr-defined]
    place = loaded if loaded == PACKAGE / "__pycache__" else loaded.parent
    assert jit.kernel_cache_folder(place) == loaded


def test_the_marker_keeps_other_machines_and_pythons_and_drops_what_numba_replaced() -> None:
    """One folder can hold the kernel for several machines (a shared home) and Pythons (one
    source checkout, two virtual environments); another numba under the same Python, or
    other sources, replaced the entries."""
    key = jit.cache_key()
    fields = dict(f.split("=", 1) for f in key.split())
    assert set(fields) == {"sources", "numba", "llvmlite", "python", "machine"}
    assert fields["sources"] == jit.sources_digest()
    assert fields["numba"] == numba.__version__ and fields["llvmlite"] == llvmlite.__version__
    lines = [_field_changed(key, f) for f in ("machine", "python", "numba", "llvmlite")]
    lines += [key.replace(fields["sources"], "0" * 64), jit.sources_digest(), key]
    assert jit._marked(lines, key) == [key, lines[0], lines[1]]


def test_no_usable_temporary_folder_leaves_one_place_fewer_to_try(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a read-only container (no home, /tmp and /var/tmp read-only) ``gettempdir`` raises
    FileNotFoundError: it ended ``fivehundred play --text`` at once ("cannot write the
    output"), and failed every bot move of ``fivehundred serve``."""
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))

    def no_temporary_folder() -> str:
        """What tempfile says where no folder it tries can be written."""
        raise FileNotFoundError(2, "No usable temporary directory found in ['/tmp', '/']")

    monkeypatch.setattr(tempfile, "gettempdir", no_temporary_folder)
    assert solver._users_own_place() == tmp_path / "file" / "fivehundred" / "numba"


@pytest.mark.usefixtures("numba_settings")
def test_a_read_only_container_compiles_every_run_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Installed read-only, no home and no temporary folder: numba keeps the kernel in
    memory (the notice says every run compiles), no error."""
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: Path(p) not in (
        PACKAGE, PACKAGE / "__pycache__") and real(p, mode, **kw))
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))

    def no_temporary_folder() -> str:
        """What tempfile says where no folder it tries can be written."""
        raise FileNotFoundError(2, "No usable temporary directory found in ['/tmp', '/']")

    monkeypatch.setattr(tempfile, "gettempdir", no_temporary_folder)
    assert solver._announce_first_compile() is True
    assert capsys.readouterr().err == (
        "fivehundred: compiling the double-dummy solver (every run: no cache folder can be "
        f"written, not even {tmp_path / 'file' / 'fivehundred' / 'numba'}, up to a minute)...\n")


_REFUSE = """\
import sys

class _Refuse:
    \"\"\"numba (and llvmlite) as where they are not installed, or numba broken.\"\"\"
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top in {refused!r}:
            if {broken!r}:
                raise ImportError("Numba needs NumPy 2.2 or less. Got NumPy 9.9.")
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, _Refuse())
"""

_SOLVE = """\
import json, subprocess, sys
sys.path.insert(0, {tests!r})
from helpers import end_position
from fivehundred.solver import Position, kernel, solve
assert not hasattr(kernel.search, "signatures"), "compiled?"
stand_ins = sorted(m for m in sys.modules if m.split(".")[0] in ("numba", "llvmlite"))
r = solve(Position.from_game(end_position("australian", 1, "6H", 4)))
again = subprocess.run([sys.executable, "-c", "import fivehundred.solver"],
                       capture_output=True, text=True)
print(json.dumps([r.tricks, r.nodes, stand_ins, again.returncode, again.stderr]))
"""


@pytest.mark.parametrize(("refused", "broken", "why"), [
    (("numba", "llvmlite"), False, "numba is not installed"),
    (("numba",), False, "numba is not installed"),
    (("numba",), True, "numba cannot be loaded (Numba needs NumPy 2.2 or less. Got NumPy 9.9.)"),
])
def test_without_numba_the_solver_runs_as_plain_python_said_once(
        refused: tuple[str, ...], broken: bool, why: str, tmp_path: Path) -> None:
    """numba is a required dependency, but an install with --no-deps (or a platform without
    its wheels) lacks it: ``play --text``, ``analyse`` and ``arena`` ended in a traceback
    (ModuleNotFoundError), and the browser game's bots failed.  The kernel is Python that
    also runs uncompiled: it does, said once (not again by the processes this one starts),
    with the same answer."""
    (tmp_path / "sitecustomize.py").write_text(_REFUSE.format(refused=refused, broken=broken))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    env.pop("FIVEHUNDRED_SAID_NUMBA_MISSING", None)
    res = subprocess.run([sys.executable, "-c", _SOLVE.format(tests=str(Path(__file__).parent))],
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert res.stderr == (f"fivehundred: {why}: the solver runs as plain Python, about 50x "
                          "slower; pip install numba\n")
    tricks, nodes, stand_ins, rc, again = json.loads(res.stdout)
    assert [tricks, nodes] == [(r := solve(Position.from_game(
        end_position("australian", 1, "6H", 4)))).tricks, r.nodes]
    # the stand-ins gone once the kernel is loaded (the real llvmlite, where it is, stays)
    assert [m for m in stand_ins if m.split(".")[0] in refused] == []
    assert (rc, again) == (0, "")


def test_analyse_without_numba_is_no_traceback(tmp_path: Path) -> None:
    """``fivehundred analyse`` in an install without numba: the analysis, in plain Python."""
    (tmp_path / "sitecustomize.py").write_text(
        _REFUSE.format(refused=("numba", "llvmlite"), broken=False))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    env.pop("FIVEHUNDRED_SAID_NUMBA_MISSING", None)
    record = Path(__file__).parent / "data" / "australian_seed7.fhr"
    cmd = [sys.executable, "-m", "fivehundred", "analyse", str(record), "--hand", "4",
           "--action", "40"]
    res = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr and "numba is not installed" in res.stderr
    assert res.stdout.startswith("Hand 4, after 40 actions.")


def test_a_hand_left_out_keeps_its_option_and_value_together(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Hands 1 and 2 passed out: the note that names them wrapped as "--hand" at a line's end
    and "N shows one as dealt" on the next."""
    g = Game(Rules.preset("australian"), seed=3)
    for _ in range(2):
        for _ in range(4):
            g.apply("pass")
        g.next_hand()
    for a in ["6H", "pass", "pass", "pass"]:
        g.apply(a)
    while g.phase != "play":
        g.apply(g.legal_actions()[0])
    path = tmp_path / "two-passed.fhr"
    path.write_text(dumps(record_from_game(g)))
    assert main(["analyse", str(path)]) == 0
    note = capsys.readouterr().out.split("\n\n")[0]
    assert note.startswith("Hands 1, 2 never reached the play")
    assert "--hand N shows one as dealt." in note, note
    assert max(map(len, note.split("\n"))) <= 96


def _manifest_keeps(paths: list[str]) -> set[str]:
    """Which of ``paths`` MANIFEST.in puts in the source distribution, by setuptools' own
    reading of its lines (over the package's own files, which are shipped regardless)."""
    from setuptools.command.egg_info import FileList

    files = FileList()
    files.allfiles = list(paths)
    for line in (ROOT / "MANIFEST.in").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            files.process_template_line(line)
    return set(files.files)


def test_the_source_distribution_ships_what_the_tests_read() -> None:
    """MANIFEST.in shipped tests/ "for a source distribution that can run them", but not the
    root conftest.py, docs/, bench/, scripts/ or the Makefile, which the tests read; the
    README's screenshots (no test reads them) stay out."""
    tracked = [str(p.relative_to(ROOT)) for top in ("tests", "docs", "bench", "scripts")
               for p in (ROOT / top).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    tracked += ["conftest.py", "Makefile"]
    kept = _manifest_keeps(tracked)
    wanted = {p for p in tracked if not p.startswith("docs/screenshots/")
              and not re.search(r"\.py[cod]$", p)}
    missing = sorted(wanted - kept)
    assert not missing, f"not in the source distribution: {missing[:8]}"
    assert not {p for p in kept if p.startswith("docs/screenshots/")}


def test_the_classifiers_name_the_pythons_and_the_bench_extra_has_dds() -> None:
    """The classifiers named no Python version nor a development status; ``bench solver``
    told a user of the bench extras to install the test extras for its DDS comparison."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert {f"Programming Language :: Python :: 3.{m}" for m in (11, 12, 13)} <= set(
        project["classifiers"])
    assert any(c.startswith("Development Status :: ") for c in project["classifiers"])
    assert any(d.startswith("endplay") for d in project["optional-dependencies"]["bench"])

