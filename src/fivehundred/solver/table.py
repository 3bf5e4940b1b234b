"""The transposition table: partition-search keys (suit lengths, then the owners of only the
top cards that mattered), look-up with bounds and store, at trick boundaries.
"""

from __future__ import annotations

import numpy as np
from numba import types

from .intrinsics import popcount, top_bit
from .jit import compiled
from .layout import (
    B_BUCKET,
    B_CODE,
    B_HINT,
    B_KEYED,
    B_NCARDS,
    B_REL,
    BUCKET_WORDS,
    C_ACTIVE,
    C_CLASSIC,
    C_GEN,
    C_NT,
    C_SEATS,
    I64,
    LEFT,
    NONE,
    PROBES,
    S_LEADER,
    S_LEDSUITS,
    S_NODES,
    S_TSUITS,
    T_BEST,
    T_BUCKET,
    T_CODE,
    T_GEN,
    T_KS,
    T_LB,
    T_UB,
    VOIDS,
    H,
    W,
)


@compiled(I64(I64, I64), inline=True)
def _mix(h: int, word: int) -> int:
    """Fold a key word into a hash (products stay below 2**62: no overflow in either twin)."""
    h ^= word
    h = ((h & 0x3FFFFFFF) * 0x9E3779B1 + (h >> 30)) & 0x3FFFFFFFFFFFFFFF
    return int(h ^ (h >> 27))


@compiled(types.void(W, H, I64), inline=True)
def clear_rel(w: np.ndarray, buf: np.ndarray, depth: int) -> None:
    """No card has mattered yet at this depth."""
    for e in range(5):
        buf[depth, B_REL + e] = NONE


@compiled(I64(H, W, H, I64), inline=True)
def bucket_hash(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int) -> int:
    """Write a trick-boundary position's bucket into ``buf[depth]``; return its hash.

    The bucket: every hand's suit lengths, the leader, and (while the joker is live at no
    trumps) what its lead depends on.  Cheap, so the search knows the table's slot early
    and can prefetch it while it counts quick tricks.
    """
    n = w[C_SEATS]
    joker_live = False
    for i in range(3):
        word = 0
        for s in range(2 * i, min(2 * i + 2, n)):
            for e in range(5):
                word = word * 32 + popcount(hands[s, e])
            if hands[s, 4]:
                joker_live = True
        buf[depth, B_BUCKET + i] = word
    extra = w[S_LEADER]
    if w[C_NT] == 1 and joker_live:
        if w[C_CLASSIC] == 1:
            for s in range(n):
                extra |= w[VOIDS + s] << (8 + 4 * s)
        else:
            extra |= w[S_LEDSUITS] << 4
    buf[depth, B_BUCKET + 3] = extra
    h = 0x1F2E3D4C5B6A798
    for i in range(BUCKET_WORDS):
        h = _mix(h, buf[depth, B_BUCKET + i])
    return h


@compiled(types.void(H, W, H, I64), inline=True)
def owner_codes(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int) -> None:
    """Write each suit's owner code and card count into ``buf[depth]``.

    The owners of all the suit's cards: 3 bits each (seat + 1), the top card's in the
    highest digit, so the owners of the top k cards are the code shifted right by
    3 * (cards - k).  Suits the last trick did not touch keep the codes found at its start
    (``buf[depth - active]``, when that node was keyed).
    """
    n = w[C_SEATS]
    prev = depth - w[C_ACTIVE]
    fresh = 31
    if prev >= 0 and buf[prev, B_KEYED] == 1:
        fresh = w[S_TSUITS]  # the start of this trick was keyed: only its suits changed
    for e in range(5):
        if not (fresh >> e) & 1:
            buf[depth, B_CODE + e] = buf[prev, B_CODE + e]
            buf[depth, B_NCARDS + e] = buf[prev, B_NCARDS + e]
            continue
        allm = w[LEFT + e]
        code = 0
        for s in range(n):
            m = hands[s, e]
            while m:
                bit = m & -m
                m ^= bit
                code += (s + 1) << (3 * popcount(allm & (bit - 1)))
        buf[depth, B_CODE + e] = code
        buf[depth, B_NCARDS + e] = popcount(allm)
    buf[depth, B_KEYED] = 1


@compiled(types.boolean(H, H, I64, I64), inline=True)
def entry_matches(tt: np.ndarray, buf: np.ndarray, depth: int, slot: int) -> bool:
    """Whether a table entry covers the position described in ``buf[depth]``."""
    for i in range(BUCKET_WORDS):
        if tt[slot, T_BUCKET + i] != buf[depth, B_BUCKET + i]:
            return False
    ks = tt[slot, T_KS]
    for e in range(5):
        k = (ks >> (5 * e)) & 31
        n = buf[depth, B_NCARDS + e]
        if (buf[depth, B_CODE + e] >> (3 * (n - k))) != tt[slot, T_CODE + e]:
            return False
    return True


@compiled(types.void(H, W, H, I64, I64), inline=True)
def rel_from_entry(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                   ks: int) -> None:
    """The ranks that mattered, as this position's ranks of an entry's top cards."""
    for e in range(5):
        k = (ks >> (5 * e)) & 31
        if k == 0:
            buf[depth, B_REL + e] = NONE
            continue
        allm = w[LEFT + e]
        b = 0
        for _ in range(k):
            b = top_bit(allm)
            allm ^= 1 << b
        buf[depth, B_REL + e] = b


@compiled(I64(H, W, H, H, I64, I64, I64), inline=True)
def tt_lookup(hands: np.ndarray, w: np.ndarray, tt: np.ndarray, buf: np.ndarray,
              depth: int, h: int, target: int) -> int:
    """1 or 0 when an entry answers the question (its ranks go to ``buf``), else -1.

    Also leaves in ``buf[depth, B_HINT]`` the best move of a covering entry, or -1.
    """
    size = tt.shape[0]
    gen = w[C_GEN]
    base = h & (size - 1)
    buf[depth, B_HINT] = -1
    for i in range(PROBES):
        slot = (base + i) & (size - 1)
        if tt[slot, T_GEN] != gen:
            return -1
        if entry_matches(tt, buf, depth, slot):
            if tt[slot, T_LB] >= target:
                rel_from_entry(hands, w, buf, depth, tt[slot, T_KS])
                return 1
            if tt[slot, T_UB] < target:
                rel_from_entry(hands, w, buf, depth, tt[slot, T_KS])
                return 0
            if buf[depth, B_HINT] < 0:
                buf[depth, B_HINT] = tt[slot, T_BEST]
    return -1


@compiled(types.void(H, W, H, H, I64, I64, types.boolean, I64, I64, I64), inline=True)
def tt_store(hands: np.ndarray, w: np.ndarray, tt: np.ndarray, buf: np.ndarray, depth: int,
             h: int, result: bool, target: int, left: int, cut: int) -> None:
    """Store what the search proved, for every position that agrees on what mattered."""
    ks = 0
    for e in range(5):
        thr = buf[depth, B_REL + e]
        k = 0
        if thr < NONE:
            k = popcount(w[LEFT + e] & ~((1 << thr) - 1))
        ks |= k << (5 * e)
    size = tt.shape[0]
    gen = w[C_GEN]
    base = h & (size - 1)
    slot = -1
    for i in range(PROBES):
        sl = (base + i) & (size - 1)
        if tt[sl, T_GEN] != gen:
            slot = sl
            break
        if tt[sl, T_KS] == ks and entry_matches(tt, buf, depth, sl):
            slot = sl
            break
    if slot < 0:
        slot = (base + (w[S_NODES] % PROBES)) & (size - 1)
    if tt[slot, T_GEN] != gen or tt[slot, T_KS] != ks or not entry_matches(tt, buf, depth, slot):
        for i in range(BUCKET_WORDS):
            tt[slot, T_BUCKET + i] = buf[depth, B_BUCKET + i]
        for e in range(5):
            k = (ks >> (5 * e)) & 31
            tt[slot, T_CODE + e] = buf[depth, B_CODE + e] >> (3 * (buf[depth, B_NCARDS + e] - k))
        tt[slot, T_KS] = ks
        tt[slot, T_GEN] = gen
        tt[slot, T_LB] = 0
        tt[slot, T_UB] = left
        tt[slot, T_BEST] = -1
    if cut >= 0:
        tt[slot, T_BEST] = cut
    if result:
        if target > tt[slot, T_LB]:
            tt[slot, T_LB] = target
    elif target - 1 < tt[slot, T_UB]:
        tt[slot, T_UB] = target - 1
