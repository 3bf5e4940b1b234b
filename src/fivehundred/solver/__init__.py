"""The double-dummy solver: every Five Hundred contract solved with all cards visible.

>>> from fivehundred import Game, Rules
>>> from fivehundred.solver import solve
>>> g = Game(Rules.preset("australian"), seed=3)
>>> for a in ["6H", "pass", "pass", "pass"]: g.apply(a)
>>> for c in g.legal_actions()[:3]: g.apply(c)
>>> 0 <= solve(g).tricks <= 10
True
"""

from __future__ import annotations

import gc
import getpass
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path


def cache_place() -> Path:
    """Where numba keeps the compiled kernel, chosen before numba loads: ``NUMBA_CACHE_DIR``
    if set and it can be written; else beside the sources if their folder can be written;
    else a folder of the user's own (platformdirs' cache, or the temporary folder's for a
    user with no home that can be written), set as ``NUMBA_CACHE_DIR``.  Installed read-only,
    numba's own fallback failed outright for a service user without a home ("cannot cache
    function"), and the first compile was announced on every run (the check looked beside
    the sources only).  A ``NUMBA_CACHE_DIR`` that cannot be written is passed over the same
    way, saying so: numba passed it over silently (or failed, as above) while the check for
    a first compile looked there alone, so it announced one on every run."""
    custom = os.environ.get("NUMBA_CACHE_DIR")
    if custom and _can_write(Path(custom)):
        return Path(custom)
    here = Path(__file__).parent
    beside = here / "__pycache__"
    writable_beside = os.access(beside if beside.is_dir() else here, os.W_OK)
    # beside the sources is numba's own first choice once no folder is set
    place = beside if writable_beside else _users_own_place()
    if custom:
        print(f"fivehundred: NUMBA_CACHE_DIR {custom} cannot be written: the compiled solver "
              f"is kept in {place} instead", file=sys.stderr, flush=True)
    _tell_numba("" if writable_beside else str(place))
    return place


def _can_write(place: Path) -> bool:
    """Whether ``place`` is (or can be made) a folder this user can write in, as numba needs
    of a cache folder (a path through a file, or another user's folder, is not)."""
    try:
        place.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return place.is_dir() and os.access(place, os.W_OK)


def _users_own_place() -> Path:
    """A cache folder of the user's own: platformdirs' cache, else one in the temporary
    folder (the last tried if none can be written: numba then keeps the kernel in memory).
    Where no temporary folder can be written either (a read-only container),
    ``tempfile.gettempdir`` raises: that is one folder fewer to try, not an error."""
    from platformdirs import user_cache_dir

    try:
        who = getpass.getuser()
    except (KeyError, OSError):     # (no name for this user anywhere)
        who = str(os.getpid())
    places = [Path(user_cache_dir("fivehundred")) / "numba"]
    # (FileNotFoundError: "No usable temporary directory found in ...")
    with suppress(OSError):
        places.append(Path(tempfile.gettempdir()) / f"fivehundred-numba-{who}")
    for place in places:
        if _can_write(place):
            break
    return place


def _tell_numba(place: str) -> None:
    """Set ``NUMBA_CACHE_DIR`` to ``place`` ("": unset, numba's own choice), for numba and
    for the processes this one starts (the arena's, the browser game's workers)."""
    if place:
        os.environ["NUMBA_CACHE_DIR"] = place
    else:
        os.environ.pop("NUMBA_CACHE_DIR", None)
    if "numba" in sys.modules:       # (numba read its settings when it loaded)
        from numba.core import config

        setattr(config, "CACHE_DIR", place)  # noqa: B010 (numba's, untyped)


def _announce_first_compile() -> bool:
    """Say so when the kernel is about to be compiled (the first run, or the first after its
    sources changed or numba was upgraded, or every run where no cache folder can be
    written; later ones load it); whether it is.  Without numba, say that instead."""
    from .jit import NUMBA_MISSING, cache_is_current, kernel_cache_folder

    if NUMBA_MISSING is not None:
        _say_numba_missing(NUMBA_MISSING)
        return False
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return False
    place = cache_place()
    if cache_is_current(kernel_cache_folder(place)):
        return False
    when = ("first run only" if _can_write(place) else
            f"every run: no cache folder can be written, not even {place}")
    print(f"fivehundred: compiling the double-dummy solver ({when}, up to a minute)...",
          file=sys.stderr, flush=True)
    return True


_SAID_NUMBA_MISSING = "FIVEHUNDRED_SAID_NUMBA_MISSING"
"""Set once the line below is said: the processes this one starts (the arena's, the browser
game's workers) load the solver too, and say nothing more."""


def _say_numba_missing(why: str) -> None:
    """Say once that the solver runs uncompiled, and why: a required dependency, but an
    install with ``--no-deps`` or a platform without numba's wheels lacks it (the kernel
    is Python that also runs as it is)."""
    if os.environ.get(_SAID_NUMBA_MISSING) != "1":
        print(f"fivehundred: {why}: the solver runs as plain Python, about 50x slower; "
              f"pip install numba", file=sys.stderr, flush=True)
        os.environ[_SAID_NUMBA_MISSING] = "1"


@contextmanager
def _loading_the_kernel() -> Iterator[None]:
    """Load numba and the kernel with the collector off, then freeze what they made.

    Loading from the cache creates some 160,000 objects that live as long as the process:
    no collection walks them while they load, and once frozen (``gc.freeze``) no later full
    collection walks them either, nor the one at interpreter exit (measured: a cached
    start's wall, import to exit, from 0.86-0.97 s to 0.63-0.79 s; docs/benchmarks.md).  A
    first compile makes garbage by the hundred megabytes, so it collects as usual (without:
    900 MB instead of 400 MB at its peak) and its garbage is collected before the freeze
    (loading leaves a thousand objects).  The collector ends as the importer had it.
    Without numba, its names stand in while the kernel modules load (the pure twin).
    """
    collecting = gc.isenabled()
    gc.disable()
    compiling = True      # if the check fails, collect before freezing all the same
    try:
        compiling = _announce_first_compile()
        if compiling and collecting:
            gc.enable()
        # (loaded already, numba with it, by the check above: the collector off)
        from .jit import numba_stand_in

        with numba_stand_in():
            yield
    finally:
        if compiling:
            gc.collect()
        gc.freeze()
        if collecting:
            gc.enable()


with _loading_the_kernel():
    from .jit import mark_current
    from .limits import LimitError
    from .position import Position, PositionError
    from .solve import Solution, can_make, misere_safe, move_values, solve

    mark_current()      # (every kernel module loaded: the cache holds it all, or it is not)

__all__ = [
    "LimitError",
    "Position",
    "PositionError",
    "Solution",
    "can_make",
    "misere_safe",
    "move_values",
    "solve",
]
