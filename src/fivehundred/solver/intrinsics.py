"""Machine instructions for the kernel: bit counts and a prefetch; plain Python in the twin.

Compiled, ``popcount`` and ``top_bit`` are LLVM's ``ctpop`` and ``ctlz`` (POPCNT and LZCNT
on x86), far cheaper than any arithmetic on the search's hot paths, and ``prefetch_row``
asks the cache for a transposition table row while the search does other work (the table
is larger than the caches, so a probe is otherwise a wait on memory).  With
``NUMBA_DISABLE_JIT=1`` (the pure twin) the counts are Python's own ``int.bit_count`` and
``int.bit_length``, which give the same answers on every argument the kernel uses
(0 <= x < 2**62), and the prefetch does nothing.

>>> popcount(0b1011), top_bit(0b1011), top_bit(1)
(3, 3, 0)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import types
from numba.core import cgutils
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

    def prefetch_row(table: np.ndarray, row: int) -> None:
        """Nothing to do without a cache to warm."""

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

    @intrinsic
    def _prefetch(typingctx: Any, table: Any, row: Any) -> Any:
        """LLVM's prefetch (for reading, kept in every cache level) of ``table[row, 0]``."""
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, value=args[0])
            zero = context.get_constant(types.int64, 0)
            ptr = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
                context, builder, aryty, ary, [args[1], zero], wraparound=False)
            byte_ptr = ir.IntType(8).as_pointer()
            i32 = ir.IntType(32)
            fnty = ir.FunctionType(ir.VoidType(), [byte_ptr, i32, i32, i32])
            fn = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
                builder.module, fnty, "llvm.prefetch.p0")
            builder.call(fn, [builder.bitcast(ptr, byte_ptr), i32(0), i32(3), i32(1)])
            return context.get_dummy_value()
        return types.void(types.int64[:, ::1], I64), codegen

    @compiled(types.void(types.int64[:, ::1], I64), inline=True)
    def prefetch_row(table: np.ndarray, row: int) -> None:
        """Start loading ``table[row]`` into the cache; return at once."""
        _prefetch(table, row)  # type: ignore[call-arg]
