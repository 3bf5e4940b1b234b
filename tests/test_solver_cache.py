"""Where the compiled kernel is kept, and when it counts as kept: a ``NUMBA_CACHE_DIR`` that
cannot be written is passed over (numba failed outright, or cached elsewhere while every run
announced a first compile), and the cache is marked current only once every kernel function
is compiled and saved (a first compile interrupted after one function left the next run
compiling for a minute without a word).  No test here compiles the kernel: one small
function at most, in a folder of the test's own."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from numba.core import caching, config

import fivehundred.solver as solver
from fivehundred.solver import jit

PACKAGE = Path(solver.__file__).parent


@pytest.fixture
def read_only_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package's folder (and its __pycache__) cannot be written, as in a system install."""
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: Path(p) not in (
        PACKAGE, PACKAGE / "__pycache__") and real(p, mode, **kw))


@pytest.mark.usefixtures("numba_settings")
def test_a_cache_dir_through_a_file_is_passed_over_saying_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``NUMBA_CACHE_DIR=<a file>/cache``: numba cannot make it, so it cached beside the
    sources while the check looked in the set folder and announced a compile on every run.
    The folder numba will really use is chosen (beside the sources, numba's own next
    choice: the setting is dropped), and the user is told his setting is not used."""
    (tmp_path / "file").write_text("")
    bad = tmp_path / "file" / "cache"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(bad))
    place = solver.cache_place()
    assert place == PACKAGE / "__pycache__"
    assert "NUMBA_CACHE_DIR" not in os.environ and config.CACHE_DIR == ""
    assert capsys.readouterr().err == (
        f"fivehundred: NUMBA_CACHE_DIR {bad} cannot be written: the compiled solver is kept "
        f"in {place} instead\n")


@pytest.mark.usefixtures("numba_settings", "read_only_install")
def test_a_cache_dir_that_cannot_be_written_falls_back_to_the_users_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Another user's folder (``nobody`` given a root-owned ``NUMBA_CACHE_DIR``, the
    install read-only): numba failed with "cannot cache function" where there was no home,
    and compiled into its own ``~/.cache/numba`` where there was.  The user's own cache
    folder is used, as without the setting, and told to numba."""
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: Path(p) != theirs and real(
        p, mode, **kw))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(theirs))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    place = solver.cache_place()
    assert place == tmp_path / "cache" / "fivehundred" / "numba" and place.is_dir()
    assert os.environ["NUMBA_CACHE_DIR"] == str(place) == config.CACHE_DIR
    assert f"NUMBA_CACHE_DIR {theirs} cannot be written" in capsys.readouterr().err
    # no home either: the temporary folder's, as for a service user without one
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(theirs))
    (tmp_path / "nohome").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "nohome"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    place = solver.cache_place()
    assert place.parent == tmp_path / "tmp" and place.name.startswith("fivehundred-numba-")
    assert os.environ["NUMBA_CACHE_DIR"] == str(place)
    # a folder that can be written: kept, made if need be, nothing said
    capsys.readouterr()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine" / "numba"))
    assert solver.cache_place() == tmp_path / "mine" / "numba"
    assert (tmp_path / "mine" / "numba").is_dir() and capsys.readouterr().err == ""


@pytest.mark.usefixtures("numba_settings")
def test_no_compile_is_announced_where_the_kernel_is_cached_after_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The false "compiling ... (first run only)" of every run: with the setting passed
    over, the check looks where the kernel is, and finds it current (this checkout's)."""
    assert jit.cache_is_current(PACKAGE / "__pycache__"), "the test needs a warm cache"
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "file" / "cache"))
    assert solver._announce_first_compile() is False
    assert "compiling" not in capsys.readouterr().err


@pytest.mark.usefixtures("numba_settings", "read_only_install")
def test_where_nothing_can_be_written_every_run_compiles_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "file"))
    assert solver._announce_first_compile() is True
    err = capsys.readouterr().err
    assert "compiling the double-dummy solver (every run: no cache folder can be written" in err
    assert "first run only" not in err


def _twice(x: int) -> int:
    """A small function to compile (a few tenths of a second, not the kernel's minute)."""
    return 2 * x


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """numba's cache in a folder of the test's own, and no kernel function compiled yet."""
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(jit, "_COMPILED", [], raising=False)
    return tmp_path


def test_the_cache_is_marked_current_only_once_every_function_is_saved(
        own_cache: Path) -> None:
    """The marker was written as soon as one function was compiled: interrupted there (a
    first compile's Ctrl-C), the next run found it, announced nothing and compiled the rest
    for 41 s.  It is written only by :func:`jit.mark_current`, which the package calls once
    every kernel module is loaded, and only if every function compiled is in the cache."""
    fn = jit.compiled("int64(int64)")(_twice)
    assert fn(21) == 42
    assert not list(own_cache.rglob(jit.MARKER)), "marked current after one function"
    assert [fn] == jit._COMPILED
    index = Path(fn._cache._cache_file._index_path)      # type: ignore[attr-defined]
    assert index.is_file()
    # one function's entry missing (the compile interrupted, or its saving failed): not marked
    index.rename(index.with_suffix(".gone"))
    assert jit.mark_current() is False
    assert not list(own_cache.rglob(jit.MARKER))
    index.with_suffix(".gone").rename(index)
    assert jit.mark_current() is True
    assert [m.read_text() for m in own_cache.rglob(jit.MARKER)] == [jit.cache_key() + "\n"]
    assert jit.cache_is_current(Path(fn._cache._cache_path))  # type: ignore[attr-defined]


def test_nothing_is_marked_before_the_kernel_modules_are_all_loaded(
        own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    jit.compiled("int64(int64)")(_twice)
    monkeypatch.delitem(sys.modules, "fivehundred.solver.walk")
    assert jit.mark_current() is False
    assert not list(own_cache.rglob(jit.MARKER))


def test_a_function_numba_cannot_cache_is_compiled_all_the_same(
        own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where numba finds no folder to cache in it raised "cannot cache function" from the
    decorator, a traceback at import: the function is compiled for this run alone (the
    notice says every run compiles), and the cache is not marked."""
    monkeypatch.setattr(caching.CacheImpl, "_locator_classes", [])
    fn: Any = jit.compiled("int64(int64)")(_twice)
    assert fn(4) == 8
    assert jit.mark_current() is False
    assert not list(own_cache.rglob(jit.MARKER))
