"""How the kernel is compiled: numba, cached, without reference counting.

``compiled(signature)`` compiles a function eagerly for one signature and caches the machine
code on disk.  The kernel allocates nothing, so numba's reference counting of arrays
(``_nrt``) is switched off: it would cost two atomic operations per array per call.  It holds
no Python object either, so it runs without the GIL (``nogil``): the thread that watches a
solve's time limit (``limits.py``) runs meanwhile and raises the kernel's time-up flag.  Helpers
of the search are marked ``inline=True``: inlined where they are called, since a call passes
every array as a dozen words on the stack, at every node (not compiled on their own unless
called from Python).  With ``NUMBA_DISABLE_JIT=1``
every decorated function stays plain Python (the pure twin).

numba checks a cached function against its own source file only, but the search inlines
helpers from several modules: after an edit to ``ordering.py`` it would load a stale ``search``.
So every cache entry is also stamped with a digest of all the kernel's modules
(:func:`sources_digest`), and an edit to any of them recompiles everything.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from numba import njit
from numba.core import config, typeinfer

F = TypeVar("F", bound=Callable[..., Any])

DISABLED: bool = bool(getattr(config, "DISABLE_JIT"))  # noqa: B009 (not in numba's stubs)
"""True in the pure twin: nothing is compiled."""

KERNEL_MODULES = ("layout", "intrinsics", "jit", "table", "ordering", "cutoffs", "misere",
                  "kernel", "walk")
"""The modules whose code ends up in the compiled search (inlined or called)."""


def sources_digest(folder: Path = Path(__file__).parent) -> str:
    """A digest of the kernel modules' source files in ``folder``."""
    h = hashlib.sha256()
    for name in KERNEL_MODULES:
        h.update(name.encode())
        source = folder / f"{name}.py"
        if source.is_file():  # (an install without sources: numba's own stamp still holds)
            h.update(source.read_bytes())
    return h.hexdigest()


_DIGEST = sources_digest()


def _stamp_with_sources(dispatcher: Any) -> None:
    """Make the dispatcher's cache index valid only for the kernel sources as they are now.

    numba rejects an index whose stamp differs from the one it expects (normally the source
    file's time and size), then compiles afresh and saves under the new stamp.
    """
    cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    stamp = getattr(cache_file, "_source_stamp", None)
    if cache_file is not None and stamp is not None:
        cache_file._source_stamp = (stamp, _DIGEST)


MARKER = "kernel-sources.digest"
"""A file beside numba's cache entries holding the digest they were compiled from."""


def cache_is_current(place: Path) -> bool:
    """Whether numba's cache under ``place`` holds a kernel compiled from these sources."""
    return place.is_dir() and any(
        m.read_text(errors="replace") == _DIGEST for m in place.rglob(MARKER))


_COMPILED: list[Any] = []
"""The functions compiled eagerly so far (not the inlined helpers), for :func:`mark_current`."""


def mark_current() -> bool:
    """Leave the digest beside the cache entries once every kernel module is loaded and every
    function compiled is in the cache (best effort); whether it was left.  Marked after any
    one function, a first compile interrupted there (Ctrl-C) left the next run to compile the
    rest unannounced."""
    if DISABLED or not _COMPILED or not all(
            f"{__package__}.{name}" in sys.modules for name in KERNEL_MODULES):
        return False
    folders = set()
    for dispatcher in _COMPILED:
        cache = getattr(dispatcher, "_cache", None)
        index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
        folder = getattr(cache, "_cache_path", None)
        if index is None or folder is None or not Path(index).is_file():
            return False         # (not saved: interrupted, or no folder numba could write)
        folders.add(Path(folder))
    try:
        for folder in folders:
            marker = folder / MARKER
            if not marker.is_file() or marker.read_text(errors="replace") != _DIGEST:
                marker.write_text(_DIGEST)
    except OSError:
        return False     # a read-only cache place: the next run compiles, and says so
    return True


def compiled(signature: Any, inline: bool = False) -> Callable[[F], F]:
    """Compile for ``signature`` (cached, no reference counting), or with ``inline`` leave
    the function to be inlined into its callers (``signature`` then documents its types)."""
    options: dict[str, Any] = {"cache": True, "_nrt": False, "nogil": True}
    if inline:
        options["inline"] = "always"

    def decorate(fn: F) -> F:
        try:
            dispatcher: Any = njit(**options)(fn)
        except RuntimeError as e:
            if "cannot cache" not in str(e):
                raise
            # no folder numba can write in (the package's __init__ has said every run
            # compiles): for this run alone, not a traceback at import
            dispatcher = njit(**{**options, "cache": False})(fn)
        if DISABLED:
            return dispatcher  # type: ignore[no-any-return]
        _stamp_with_sources(dispatcher)
        if inline:
            # inlined into its callers as numba IR: compiled alone only if called from
            # Python, so loading its cache entry at import is wasted (measured: import
            # 0.56-0.62 s against 0.65-0.68 s)
            return dispatcher  # type: ignore[no-any-return]
        # what njit(signature) does: this one signature only, the dispatcher known to type
        # inference before the decorator returns (a recursive function calls itself)
        with typeinfer.register_dispatcher(dispatcher):
            dispatcher.compile(signature)
        dispatcher.disable_compile()
        _COMPILED.append(dispatcher)     # (marked current once all are: mark_current)
        return dispatcher  # type: ignore[no-any-return]

    return decorate
