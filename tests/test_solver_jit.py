"""The compiled kernel's cache follows every module inlined into it, not only its own file:
numba alone would load a stale ``search`` after an edit to a helper module."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from fivehundred.solver import jit, kernel, walk

SOLVER = Path(jit.__file__).parent


def test_the_digest_covers_every_module_with_compiled_code() -> None:
    """Each solver module that compiles something (imports ``.jit``) is in the digest."""
    compiling = {p.stem for p in SOLVER.glob("*.py")
                 if re.search(r"^from \.jit import", p.read_text(), re.M)}
    assert compiling, "no module compiles anything?"
    assert compiling <= set(jit.KERNEL_MODULES)


def test_an_edit_to_a_helper_module_changes_the_digest(tmp_path: Path) -> None:
    for name in jit.KERNEL_MODULES:
        shutil.copy(SOLVER / f"{name}.py", tmp_path / f"{name}.py")
    assert jit.sources_digest(tmp_path) == jit.sources_digest()
    helper = tmp_path / "ordering.py"
    helper.write_text(helper.read_text() + "\n# an edit\n")
    assert jit.sources_digest(tmp_path) != jit.sources_digest()


def test_compiled_functions_are_stamped_with_the_digest() -> None:
    """The cache index of the search and of the walks carries the digest in its stamp."""
    assert not jit.DISABLED
    for fn in (kernel.search, walk.run):
        stamp = fn._cache._cache_file._source_stamp
        assert stamp[1] == jit.sources_digest()


def test_cache_is_current_reads_the_marker_left_beside_the_cache(tmp_path: Path) -> None:
    """A line of the marker in the folder itself names these sources, this numba, llvmlite,
    Python and machine (the sources alone said current after a numba upgrade; a marker in
    a subfolder is another install's)."""
    assert not jit.cache_is_current(tmp_path / "missing")
    assert not jit.cache_is_current(tmp_path)
    (tmp_path / jit.MARKER).write_text(jit.sources_digest())
    assert not jit.cache_is_current(tmp_path)
    place = tmp_path / "solver_abc"
    place.mkdir()
    (place / jit.MARKER).write_text(jit.cache_key())
    assert not jit.cache_is_current(tmp_path)
    (tmp_path / jit.MARKER).write_text(f"another machine's line\n{jit.cache_key()}\n")
    assert jit.cache_is_current(tmp_path)


_IMPORT_GC = """\
import gc, sys
if sys.argv[1] == "off":
    gc.disable()
import fivehundred.game  # the engine, not yet its solver (the package alone loads none)
runs = sum(g["collections"] for g in gc.get_stats())
import fivehundred.solver
print(gc.isenabled(), gc.get_freeze_count(), sum(g["collections"] for g in gc.get_stats()) - runs)
"""


def test_importing_the_solver_freezes_its_objects_and_restores_the_collector() -> None:
    """The objects numba creates while loading the (cached) kernel are frozen out of every
    later collection, and no collection runs while they load; the collector is left as the
    importer had it (on, or off)."""
    for state, expected in (("on", "True"), ("off", "False")):
        out = subprocess.run([sys.executable, "-c", _IMPORT_GC, state], check=True,
                             capture_output=True, text=True).stdout.split()
        assert out[0] == expected, state
        assert int(out[1]) > 50_000, out     # numba's objects, not a handful
        # collections during the import: a few before the solver's module body pauses the
        # collector (loading its own code, pathlib), 261 without the pause
        assert int(out[2]) < 10, out


def test_a_read_only_install_keeps_its_kernel_in_the_users_own_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Installed where the user cannot write (a system-wide install run by a service user),
    numba's own fallback failed outright without a home ("cannot cache function"), and the
    compile was announced on every run: a folder of the user's is chosen, and told to numba
    and to the check for a first compile alike."""
    from numba.core import config

    import fivehundred.solver as solver

    package = Path(solver.__file__).parent
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: Path(p) not in (
        package, package / "__pycache__") and real(p, mode, **kw))
    monkeypatch.setenv("NUMBA_CACHE_DIR", "")    # (recorded, so put back as it was after:
    monkeypatch.delenv("NUMBA_CACHE_DIR")        # left set, later processes compiled afresh)
    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)     # (put back after)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    place = solver.cache_place()
    assert place == tmp_path / "cache" / "fivehundred" / "numba" and place.is_dir()
    assert os.environ["NUMBA_CACHE_DIR"] == str(place) == config.CACHE_DIR
    # no cache of the user's to be had either (no home that can be written): a temporary one
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    place = solver.cache_place()
    assert place.parent == tmp_path / "tmp" and place.name.startswith("fivehundred-numba-")
    assert os.environ["NUMBA_CACHE_DIR"] == str(place)
    # set by the user: kept
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert solver.cache_place() == tmp_path / "mine"
