"""Who holds what, for the sure-trick bounds: the longest holding of a suit outside one
hand, a hand's side cards, the holder of a card, the k-th top card of a holding, and the
tricks a hand's top cards of a suit cash one after another.
"""

from __future__ import annotations

import numpy as np
from numba import types

from .intrinsics import popcount, top_bit
from .jit import compiled
from .layout import C_SEATS, I64, LEFT, NONE, H, W


@compiled(I64(H, W, I64, I64), inline=True)
def longest_other(hands: np.ndarray, w: np.ndarray, seat: int, esuit: int) -> int:
    """The most cards of ``esuit`` that any hand but ``seat`` holds."""
    longest = 0
    for s in range(w[C_SEATS]):
        if s != seat:
            longest = max(longest, popcount(hands[s, esuit]))
    return longest


@compiled(I64(H, I64, I64), inline=True)
def side_cards(hands: np.ndarray, seat: int, trump: int) -> int:
    """How many cards ``seat`` holds outside the trump suit."""
    c = 0
    for e in range(5):
        if e != trump:
            c += popcount(hands[seat, e])
    return c


@compiled(I64(H, I64, I64, I64), inline=True)
def holder(hands: np.ndarray, seats: int, esuit: int, rank: int) -> int:
    """The seat holding the card of ``esuit`` and ``rank`` (-1 if no hand does)."""
    for s in range(seats):
        if (hands[s, esuit] >> rank) & 1:
            return s
    return -1


@compiled(I64(I64, I64), inline=True)
def kth_top(mask: int, k: int) -> int:
    """The rank of the ``k``-th highest card of ``mask`` (NONE for k = 0)."""
    b = NONE
    for _ in range(k):
        b = top_bit(mask)
        mask ^= 1 << b
    return b


@compiled(types.UniTuple(I64, 2)(H, W, I64, I64), inline=True)  # type: ignore[no-untyped-call]
def cashable(hands: np.ndarray, w: np.ndarray, seat: int, esuit: int) -> tuple[int, int]:
    """``(top, tricks)``: how many of ``seat``'s cards of ``esuit`` rank above every other
    hand's, and how many tricks they make cashed one after another, nobody ruffing (the
    rest of the suit too once the others are out of it)."""
    mine = hands[seat, esuit]
    others = w[LEFT + esuit] & ~mine
    if others == 0:
        n = popcount(mine)
        return n, n
    top_other = top_bit(others)
    top = 0
    m = mine
    while m:
        b = top_bit(m)
        if b < top_other:
            break
        top += 1
        m ^= 1 << b
    if 0 < top < popcount(mine) and longest_other(hands, w, seat, esuit) <= top:
        return top, popcount(mine)
    return top, top
