"""How the kernel is compiled: numba, cached, without reference counting.

``compiled(signature)`` compiles a function eagerly for one signature and caches the machine
code on disk.  The kernel allocates nothing, so numba's reference counting of arrays
(``_nrt``) is switched off: it would cost two atomic operations per array per call.  Helpers
of the search are compiled with ``inline=True``: inlined where they are called, since a call
passes every array as a dozen words on the stack, at every node.  With ``NUMBA_DISABLE_JIT=1``
every decorated function stays plain Python (the pure twin).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from numba import njit
from numba.core import config

F = TypeVar("F", bound=Callable[..., Any])

DISABLED: bool = bool(getattr(config, "DISABLE_JIT"))  # noqa: B009 (not in numba's stubs)
"""True in the pure twin: nothing is compiled."""


def compiled(signature: Any, inline: bool = False) -> Callable[[F], F]:
    """Compile for ``signature`` (cached, no reference counting; inlined into callers)."""
    options: dict[str, Any] = {"cache": True, "_nrt": False}
    if inline:
        options["inline"] = "always"
    decorate: Callable[[F], F] = njit(signature, **options)
    return decorate
