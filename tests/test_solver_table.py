"""The transposition table: how entries are laid out in memory and how many one bucket keeps.

Every entry of a bucket (one layout of suit lengths and one leader) starts probing at the same
slot, so a bucket that the search fills with many positions must keep them all: an entry lost
is a subtree searched again.
"""

from __future__ import annotations

import numpy as np

from fivehundred.solver import layout
from fivehundred.solver.solve import _aligned, _tables
from fivehundred.solver.table import tt_lookup, tt_store

CARDS = 10
"""Cards of the one suit in play in the test's positions (the others are empty)."""


def _owners_code(i: int) -> int:
    """A distinct owner code for position ``i``: the owner (seat + 1) of each card, 3 bits
    each, the top card's in the highest digit."""
    code = 0
    for d in range(CARDS):
        code = code * 8 + ((i >> (2 * d)) & 3) + 1
    return code


def _state(i: int) -> tuple[np.ndarray, np.ndarray]:
    """The flat state and the scratch row 0 of a trick-boundary position of one fixed bucket
    whose suit 0 is owned as ``_owners_code(i)`` says, every card of it having mattered."""
    st = np.zeros((layout.STATE_ROWS, layout.BUF_COLS), np.int64)
    w = st[layout.W_ROW]
    w[layout.C_GEN] = 1
    w[layout.C_SEATS] = 4
    w[layout.C_ACTIVE] = 4
    w[layout.LEFT] = (1 << CARDS) - 1
    for b in range(layout.BUCKET_WORDS):
        st[0, layout.B_BUCKET + b] = 1234 + b
    for e in range(5):
        st[0, layout.B_REL + e] = 0 if e == 0 else layout.NONE
        st[0, layout.B_NCARDS + e] = CARDS if e == 0 else 0
        st[0, layout.B_CODE + e] = _owners_code(i) if e == 0 else 0
    return st, w


def test_a_table_entry_is_two_whole_cache_lines() -> None:
    tt = _tables()["tt"]
    assert tt.ctypes.data % 64 == 0
    assert tt.strides[0] == 128 and tt.flags.c_contiguous
    assert layout.T_GEN < 8 and layout.T_BUCKET + layout.BUCKET_WORDS <= 8  # first line
    assert max(layout.T_KS, layout.T_LB, layout.T_UB) < 8


def test_one_bucket_keeps_forty_positions() -> None:
    tt = _aligned((1 << 10, layout.TT_COLS))
    tt.fill(0)
    slot = 77  # every position of the bucket hashes here
    n = 40
    for i in range(n):
        st, w = _state(i)
        tt_store(st[layout.HAND_ROW:], w, tt, st, 0, slot, True, 3, 8, -1)
    found = []
    for i in range(n):
        st, w = _state(i)
        found.append(tt_lookup(st[layout.HAND_ROW:], w, tt, st, 0, slot, 3))
    assert found == [1] * n
    st, w = _state(n)  # a position never stored is not answered
    assert tt_lookup(st[layout.HAND_ROW:], w, tt, st, 0, slot, 3) == -1
