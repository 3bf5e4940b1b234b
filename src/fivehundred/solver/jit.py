"""How the kernel is compiled: numba, cached, without reference counting.

``compiled(signature)`` compiles a function eagerly for one signature and caches the machine
code on disk.  The kernel allocates nothing, so numba's reference counting of arrays
(``_nrt``) is switched off: it would cost two atomic operations per array per call.  It holds
no Python object either, so it runs without the GIL (``nogil``): the thread that watches a
solve's time limit (``limits.py``) runs meanwhile and raises the kernel's time-up flag.  Helpers
of the search are marked ``inline=True``: inlined where they are called, since a call passes
every array as a dozen words on the stack, at every node (not compiled on their own unless
called from Python).  With ``NUMBA_DISABLE_JIT=1``
every decorated function stays plain Python (the pure twin); so it does without numba at all
(an install with ``--no-deps``), numba's names standing in while the kernel modules load
(:func:`numba_stand_in`).

numba checks a cached function against its own source file only, but the search inlines
helpers from several modules: after an edit to ``ordering.py`` it would load a stale ``search``.
So every cache entry is also stamped with a digest of all the kernel's modules
(:func:`sources_digest`), and an edit to any of them recompiles everything.  Beside the
entries, in the folder numba uses for this install (:func:`kernel_cache_folder`), a marker
names what they hold good for (:func:`cache_key`: the sources, numba, llvmlite, the Python,
the machine), so that the package can announce a compile before it starts.
"""

from __future__ import annotations

import hashlib
import importlib
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

try:
    from numba import njit
    from numba.core import config, typeinfer
except ImportError as e:    # (not installed, or not loadable: numba for another numpy)
    NUMBA_MISSING: str | None = (
        "numba is not installed" if isinstance(e, ModuleNotFoundError)
        and (e.name or "").split(".")[0] in ("numba", "llvmlite")
        else f"numba cannot be loaded ({e})")
else:
    NUMBA_MISSING = None
"""Why numba cannot be used, or None: without it every kernel function stays plain Python
(the pure twin), as with ``NUMBA_DISABLE_JIT=1``."""

F = TypeVar("F", bound=Callable[..., Any])

DISABLED: bool = NUMBA_MISSING is not None or bool(
    getattr(config, "DISABLE_JIT"))  # noqa: B009 (not in numba's stubs)
"""True in the pure twin: nothing is compiled."""

KERNEL_MODULES = ("layout", "intrinsics", "jit", "table", "ordering", "holdings",
                  "trump_bounds", "cutoffs", "misere", "kernel", "walk")
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
"""A file beside numba's cache entries: a line (:func:`cache_key`) for each kernel they hold."""


def cache_key() -> str:
    """What numba's cache entries of the kernel hold good for, besides their folder, as one
    line: these sources, numba's version (an index another version wrote counts as empty),
    llvmlite's (the compiler that made the machine code), the Python (one index file each)
    and the machine (numba keys each entry by its target and CPU)."""
    import llvmlite  # type: ignore[import-untyped]
    import numba

    try:
        from numba.core.registry import cpu_target

        target = repr(cpu_target.target_context.codegen().magic_tuple())
    except (ImportError, AttributeError) as e:  # (numba's internals moved: a key that
        target = repr(e)                         # still differs by numba's version will do)
    machine = hashlib.sha256(target.encode()).hexdigest()[:16]
    python = f"{sys.implementation.cache_tag}{getattr(sys, 'abiflags', '')}"
    return (f"sources={_DIGEST} numba={numba.__version__} llvmlite={llvmlite.__version__} "
            f"python={python} machine={machine}")


def kernel_cache_folder(place: Path) -> Path:
    """The folder numba keeps this install's kernel in, given the cache place it was told
    (``cache_place``): the sources' own ``__pycache__`` where no ``NUMBA_CACHE_DIR`` is set,
    else the subfolder numba names for the sources' folder (so each install has its own
    under a shared cache folder, and another install's marker there says nothing of this)."""
    if not getattr(config, "CACHE_DIR", "") and place == Path(__file__).parent / "__pycache__":
        return place
    from numba.core.caching import _CacheLocator

    name: str = _CacheLocator.get_suitable_cache_subpath(__file__)  # type: ignore[no-untyped-call]
    return place / name


def cache_is_current(folder: Path) -> bool:
    """Whether numba's cache folder ``folder`` holds the kernel as this process would load it
    (a line of its marker is :func:`cache_key`): the sources alone were not enough, a numba
    upgrade compiled again unannounced."""
    try:
        lines = (folder / MARKER).read_text(errors="replace").splitlines()
    except OSError:
        return False
    return cache_key() in lines


def _marked(lines: list[str], key: str) -> list[str]:
    """The marker's lines once ``key`` is added: those still good kept (another Python's, or
    another machine's under the same numba, sharing the folder), those numba has since
    overwritten dropped (other sources; the same Python under another numba or llvmlite)."""
    new = dict(f.split("=", 1) for f in key.split())

    def kept(line: str) -> bool:
        """Whether ``line`` still describes entries numba would load."""
        old = dict(f.split("=", 1) for f in line.split() if "=" in f)
        if old.get("sources") != new["sources"]:
            return False
        return old.get("python") != new["python"] or all(
            old.get(k) == new[k] for k in ("numba", "llvmlite"))

    return [key, *[line for line in lines if line != key and kept(line)][:15]]


_COMPILED: list[Any] = []
"""The functions compiled eagerly so far (not the inlined helpers), for :func:`mark_current`."""


def mark_current() -> bool:
    """Leave the key beside the cache entries once every kernel module is loaded and every
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
    key = cache_key()
    try:
        for folder in folders:
            marker = folder / MARKER
            lines = marker.read_text(errors="replace").splitlines() if marker.is_file() else []
            if key not in lines:
                marker.write_text("\n".join(_marked(lines, key)) + "\n")
    except OSError:
        return False     # a read-only cache place: the next run compiles, and says so
    return True


class _Anything:
    """What numba's names are to the kernel modules without numba: types in signatures that
    are indexed (array types) and called (signatures), never looked at in the pure twin."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, name: str) -> _Anything:
        """Any attribute (``types.int64``): another stand-in."""
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything(f"{self.name}.{name}")

    def __getitem__(self, key: object) -> _Anything:
        """An array type (``int64[:, ::1]``)."""
        return _Anything(f"{self.name}[...]")

    def __call__(self, *args: object) -> _Anything:
        """A signature (``boolean(H, W)``)."""
        return _Anything(f"{self.name}(...)")

    def __repr__(self) -> str:
        """What it stands for, should a message ever show one."""
        return f"<{self.name}, numba missing>"


class _StandInModule(ModuleType):
    """A module of numba's (or llvmlite's) standing in while the kernel modules import."""

    def __getattr__(self, name: str) -> _Anything:
        """Any name imported from it (``from numba import types``): a stand-in."""
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything(f"{self.__name__}.{name}")


@contextmanager
def numba_stand_in() -> Iterator[None]:
    """Without numba, let the kernel modules load as the pure twin: their imports of numba's
    (and llvmlite's) names find stand-ins, put in ``sys.modules`` for the while and taken
    out after, so that nothing else takes them for numba.  With numba: nothing to do."""
    if NUMBA_MISSING is None:
        yield
        return
    names = ["numba", "numba.core", "numba.extending"]
    try:
        importlib.import_module("llvmlite.ir")
    except ImportError:
        names.append("llvmlite")
    before = {name: sys.modules.get(name) for name in names}
    sys.modules.update({name: _StandInModule(name) for name in names})
    try:
        yield
    finally:
        for name, module in before.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def compiled(signature: Any, inline: bool = False) -> Callable[[F], F]:
    """Compile for ``signature`` (cached, no reference counting), or with ``inline`` leave
    the function to be inlined into its callers (``signature`` then documents its types)."""
    options: dict[str, Any] = {"cache": True, "_nrt": False, "nogil": True}
    if inline:
        options["inline"] = "always"

    def decorate(fn: F) -> F:
        if NUMBA_MISSING is not None:
            return fn           # (the pure twin, as numba's own with its JIT disabled)
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
