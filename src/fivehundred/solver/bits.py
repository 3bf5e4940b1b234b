"""Bit counting for the kernel: one machine instruction when compiled, plain ints in the twin.

Compiled, ``popcount`` and ``top_bit`` are LLVM's ``ctpop`` and ``ctlz`` (POPCNT and LZCNT
on x86), far cheaper than any arithmetic on the search's hot paths.  With
``NUMBA_DISABLE_JIT=1`` (the pure twin) they are Python's own ``int.bit_count`` and
``int.bit_length``, which give the same answers on every argument the kernel uses
(0 <= x < 2**62).

>>> popcount(0b1011), top_bit(0b1011), top_bit(1)
(3, 3, 0)
"""

from __future__ import annotations

from typing import Any

from numba import types
from numba.extending import intrinsic

from .jit import DISABLED, compiled

I64 = types.int64

if DISABLED:

    def popcount(x: int) -> int:
        """Number of set bits."""
        return int(x).bit_count()

    def top_bit(x: int) -> int:
        """Index of the highest set bit (x > 0)."""
        return int(x).bit_length() - 1

else:

    @intrinsic
    def _ctpop(typingctx: Any, x: Any) -> Any:
        """LLVM's population count of an int64."""
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])
        return I64(I64), codegen

    @intrinsic
    def _ctlz(typingctx: Any, x: Any) -> Any:
        """LLVM's count of leading zeros of an int64 (x > 0)."""
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctlz(args[0], context.get_constant(types.boolean, True))
        return I64(I64), codegen

    @compiled(I64(I64), inline=True)
    def popcount(x: int) -> int:
        """Number of set bits."""
        n: int = _ctpop(x)  # type: ignore[call-arg]
        return n

    @compiled(I64(I64), inline=True)
    def top_bit(x: int) -> int:
        """Index of the highest set bit (x > 0)."""
        n: int = _ctlz(x)  # type: ignore[call-arg]
        return 63 - n
