"""The search kernel: alpha-beta on bitmasks and small int arrays, compiled by numba.

The same source runs as plain Python with ``NUMBA_DISABLE_JIT=1`` (the pure twin, for tests
and debugging).  Everything is int64.  A hand is ``hands[seat, esuit]``, a mask of effective
ranks (bit r set: the card of effective rank r).  The other state lives in one flat row
``w`` (configuration, search state, shown voids, the current trick's cards, the seat order)
and the per-depth scratch in ``buf[depth]``; the hands, ``w`` and ``buf`` are rows of one
state array ``st``, so a recursive call passes two arrays, ``st`` and the transposition table
``tt`` (the layout: ``layout``).  The helpers (the table: ``table``; move generation and
ordering: ``ordering``; sure-trick bounds: ``cutoffs``, ``trump_bounds``) are inlined into
``search`` (``jit``); popcount, the top bit and a cache
prefetch are single instructions (``intrinsics``); each suit's cards still in play are kept
up to date in ``w`` (one xor per card played), not gathered from the hands at every node.
``search`` answers one question: can the maximising seats make at least ``target`` more
counted tricks from here?

Techniques (after DDS):

* zero-window questions on the trick count;
* partition search: a transposition table at trick boundaries whose entries hold lower and
  upper bounds for a whole class of positions.  Each search reports, per suit, the lowest
  rank that mattered (a card that beat another of its suit, a card a cut-off relied on, the
  bottom of a sequence played as one card); the entry then keys on every hand's suit
  lengths and on the owners of only those top cards, so positions that differ below them
  share it;
* cards in sequence in one hand tried once;
* move ordering: winners (that no opponent can ruff) and partner's winners led first, then
  partner's ruffs; suits where the opponents have few cards to choose from, finesses, the
  top of a sequence that knocks out a higher card, suits whose next two cards below the top
  our side holds, and not suits whose top cards sit over the leader, nor suits that let an
  opponent discard whatever he likes (void, no trump); following, the cheapest
  card that beats the opponents yet to play too, low when a partner surely wins the trick,
  high enough to beat an opponent who would beat the partner's card; a ruff nobody can
  overruff first, also over a partner's card such an opponent would beat; the lowest
  discard; in a misère its own order (``misere.misere_order``: the declarer ducks and
  throws his high cards, the others lead and play low under his); the move the table says
  decided last time, and before it the killer move (for the leader's side only: the other side's
  killers cost more nodes than they save);
* the lowest winning rank: once a card below every rank its answer depended on has failed,
  the other such cards of its suit (equivalent to it) are not tried;
* quick tricks from top cards and the long cards behind them once the others are out of
  the suit (directly or through a partner's entry, after the leader's own when the other
  side holds no trump to ruff them), every trump of a hand when the other side holds
  none, top trumps that surely win later, a hand's trumps less the other side's trumps
  above them (a lower bound for either side), a hand holding a trump when the other side
  holds none: its trumps and top cards, whoever leads (``trump_bounds.trump_control``), a side
  on lead that needs every trick with no trump left and too few top cards (DDS's later
  tricks at no trumps), the last trick played out (at trick boundaries, in
  ``cutoffs.boundary_cut``); inside a trick, whoever is to play, a side that needs one more
  trick (or the other side's one) and surely wins this one: its card now winning that no
  hand of the other side yet to play can beat, a higher card of the suit led or a ruff
  above all theirs yet to come, relying on the fewest cards (``ordering.trick_settled``;
  DDS's second-hand quick trick, for every hand);
* in a misère, at trick boundaries: a declarer who can never be made to take a trick (in each
  suit his i-th lowest card below the others' i-th lowest, as often as the suit can still be
  led), or who surely takes this one
  (``misere.misere_cut``).
"""

from __future__ import annotations

import numpy as np
from numba import types

from .cutoffs import boundary_cut, last_trick
from .intrinsics import popcount, prefetch_row
from .jit import compiled
from .layout import (
    B_HINT,
    B_KEYED,
    B_KILLER,
    B_MOVES,
    B_REL,
    C_ACTIVE,
    C_BUDGET,
    C_COUNT,
    C_MAX,
    C_MISERE,
    C_STOP,
    C_TRUMP,
    HAND_ROW,
    I64,
    LEFT,
    NEXT,
    NO_NAME,
    NONE,
    S_ABORT,
    S_FORCE,
    S_HITS,
    S_LAST,
    S_LEADER,
    S_LED,
    S_LEDSUITS,
    S_LEFT,
    S_LEN,
    S_NODES,
    S_PROBES,
    S_TIMEUP,
    S_TSUITS,
    S_WPOW,
    S_WSEAT,
    TRICK,
    VOIDS,
    W_ROW,
    H,
)
from .misere import misere_cut, misere_order
from .ordering import gen_moves, to_trick, trick_settled
from .table import bucket_hash, clear_rel, owner_codes, tt_lookup, tt_store


@compiled(types.boolean(H, H, I64, I64))
def search(st: np.ndarray, tt: np.ndarray, depth: int, target: int) -> bool:
    """Can the maximising seats make ``target`` more counted tricks from this position?

    ``st`` is the whole search state (see ``STATE_ROWS``), one array so that a recursive
    call passes two arrays, not four.  On return ``st[depth, B_REL + e]`` holds the lowest
    rank of suit e that the answer depended on (NONE if none).  Past the node budget, or
    once the time-up flag is raised (``limits``), it sets ``S_ABORT`` and unwinds, storing
    nothing; the check comes before a node reads the table, so a search begun with the flag
    raised touches only its own state (``solve`` relies on it).
    """
    w = st[W_ROW]
    hands = st[HAND_ROW:]
    buf = st
    clear_rel(w, buf, depth)
    buf[depth, B_KEYED] = 0
    if target <= 0:
        return True
    left = w[S_LEFT]
    if target > left or (target > 1 and w[C_STOP] == 1):
        return False      # more than left, or more than the one trick that stops a misère
    w[S_NODES] += 1
    if (w[C_BUDGET] > 0 and w[S_NODES] > w[C_BUDGET]) or w[S_TIMEUP] == 1:
        w[S_ABORT] = 1
        return False
    forced = depth == 0 and w[S_FORCE] >= 0
    boundary = w[S_LEN] == 0 and not forced
    h = 0
    hint = -1
    if boundary:
        if left == 1:
            win = last_trick(hands, w, buf, depth)
            return bool(((w[C_COUNT] >> win) & 1) >= target)
        h = bucket_hash(hands, w, buf, depth)
        prefetch_row(tt, h & (tt.shape[0] - 1))
        if w[C_MISERE] == 1:
            # the declarer never takes a trick, or surely takes this one
            bound = misere_cut(st, depth, target)
            if bound >= 0:
                return bound == 1
        if w[C_STOP] == 0:
            # sure trumps for either side, the leader's side's quick tricks
            bound = boundary_cut(st, depth, target, left)
            if bound >= 0:
                return bound == 1
        owner_codes(hands, w, buf, depth)
        w[S_PROBES] += 1
        found = tt_lookup(hands, w, tt, buf, depth, h, target)
        if found >= 0:
            w[S_HITS] += 1
            return found == 1
        hint = buf[depth, B_HINT]
    seat = w[S_LEADER] if w[S_LEN] == 0 else w[NEXT + w[S_LAST]]
    if (not boundary and not forced and w[C_STOP] == 0 and w[S_LEN] < w[C_ACTIVE] - 1
            and w[C_MAX] == w[C_COUNT] and (target == 1 or target == left)):
        # a side that needs one more trick (the maximisers) or every trick left (the others:
        # one) and surely wins this one, whoever's turn it is (where the maximisers are not
        # the counted seats, a misère's defenders, a trick they win counts nothing)
        sure = trick_settled(hands, w, buf, depth, seat)
        if sure == 1 and target == 1:
            return True
        if sure == 0 and target == left:
            return False
        clear_rel(w, buf, depth)
    if forced:
        count = 1
        buf[depth, B_MOVES] = w[S_FORCE]
    else:
        count = gen_moves(hands, w, buf, depth, seat)
        if w[C_MISERE] == 1:
            misere_order(hands, w, buf, depth, seat, count)
    killer = buf[depth, B_KILLER]
    if hint >= 0:
        for i in range(1, count):
            if buf[depth, B_MOVES + i] == hint:
                for j in range(i, 0, -1):
                    buf[depth, B_MOVES + j] = buf[depth, B_MOVES + j - 1]
                buf[depth, B_MOVES] = hint
                break
    if killer > 0 and (w[C_MAX] >> seat) & 1 == (w[C_MAX] >> w[S_LEADER]) & 1:
        # the killer first, for the leader's side (measured: the other side's killers cost
        # nodes: -6% suit, -15% no trumps, -6% three-handed without them)
        for i in range(1, count):
            if buf[depth, B_MOVES + i] == killer:
                for j in range(i, 0, -1):
                    buf[depth, B_MOVES + j] = buf[depth, B_MOVES + j - 1]
                buf[depth, B_MOVES] = killer
                break
    is_max = (w[C_MAX] >> seat) & 1 == 1
    result = not is_max
    cut = -1
    o_leader = w[S_LEADER]
    o_len = w[S_LEN]
    o_led = w[S_LED]
    o_ledsuits = w[S_LEDSUITS]
    o_wseat = w[S_WSEAT]
    o_wpow = w[S_WPOW]
    o_last = w[S_LAST]
    o_void = w[VOIDS + seat]
    complete = o_len + 1 == w[C_ACTIVE]
    r0 = NONE
    r1 = NONE
    r2 = NONE
    r3 = NONE
    r4 = NONE
    # a failed card below every rank its answer depended on stands for the suit's other
    # such cards: they are skipped (DDS's "lowest winning rank")
    k0 = -1
    k1 = -1
    k2 = -1
    k3 = -1
    k4 = -1
    for i in range(count):
        m = buf[depth, B_MOVES + i]
        e = m & 7
        b = (m >> 3) & 31
        nm = (m >> 8) & 7
        bottom = (m >> 11) & 31
        if e == 0:
            if b < k0:
                continue
        elif e == 1:
            if b < k1:
                continue
        elif e == 2:
            if b < k2:
                continue
        elif e == 3:
            if b < k3:
                continue
        elif b < k4:
            continue
        bit = 1 << b
        hands[seat, e] ^= bit
        w[LEFT + e] ^= bit
        led = to_trick(w, seat, e, b, nm)
        trick_e = -1
        trick_b = NONE
        if complete:
            win = w[S_WSEAT]
            won = (w[C_COUNT] >> win) & 1
            wp = w[S_WPOW]
            we = w[C_TRUMP] if wp >= 100 else led
            wb = wp - 100 if wp >= 100 else wp
            same = w[TRICK + we] | (bit if e == we else 0)
            if popcount(same) > 1:
                trick_e = we      # the winner beat a card of its own suit: its rank mattered
                trick_b = wb
            if w[C_STOP] == 1 and won == 1:
                child = won >= target
                clear_rel(w, buf, depth + 1)
            else:
                t0 = w[TRICK]
                t1 = w[TRICK + 1]
                t2 = w[TRICK + 2]
                t3 = w[TRICK + 3]
                t4 = w[TRICK + 4]
                w[TRICK] = 0
                w[TRICK + 1] = 0
                w[TRICK + 2] = 0
                w[TRICK + 3] = 0
                w[TRICK + 4] = 0
                w[S_LEADER] = win
                w[S_LEN] = 0
                w[S_LED] = -1
                w[S_LEFT] = left - 1
                w[S_TSUITS] = (1 << e) | (1 if t0 else 0) | (2 if t1 else 0) | (
                    4 if t2 else 0) | (8 if t3 else 0) | (16 if t4 else 0)
                child = search(st, tt, depth + 1, target - won)
                w[TRICK] = t0
                w[TRICK + 1] = t1
                w[TRICK + 2] = t2
                w[TRICK + 3] = t3
                w[TRICK + 4] = t4
                w[S_LEFT] = left
        else:
            w[TRICK + e] |= bit
            w[S_LEN] = o_len + 1
            w[S_LAST] = seat
            child = search(st, tt, depth + 1, target)
            w[TRICK + e] &= ~bit
        hands[seat, e] ^= bit
        w[LEFT + e] ^= bit
        w[S_LEADER] = o_leader
        w[S_LEN] = o_len
        w[S_LED] = o_led
        w[S_LEDSUITS] = o_ledsuits
        w[S_WSEAT] = o_wseat
        w[S_WPOW] = o_wpow
        w[S_LAST] = o_last
        w[VOIDS + seat] = o_void
        if w[S_ABORT] == 1:
            return False
        # what this move's answer depended on: the child's ranks and this trick's winner
        c0 = buf[depth + 1, B_REL]
        c1 = buf[depth + 1, B_REL + 1]
        c2 = buf[depth + 1, B_REL + 2]
        c3 = buf[depth + 1, B_REL + 3]
        c4 = buf[depth + 1, B_REL + 4]
        if trick_e == 0 and trick_b < c0:
            c0 = trick_b
        elif trick_e == 1 and trick_b < c1:
            c1 = trick_b
        elif trick_e == 2 and trick_b < c2:
            c2 = trick_b
        elif trick_e == 3 and trick_b < c3:
            c3 = trick_b
        elif trick_e == 4 and trick_b < c4:
            c4 = trick_b
        if (is_max and child) or ((not is_max) and (not child)):
            result = child
            cut = m
            if i > 0:
                buf[depth, B_KILLER] = m
            r0 = c0
            r1 = c1
            r2 = c2
            r3 = c3
            r4 = c4
            break
        # every move must fail: all of them matter, and whole sequences played as one card
        # (if the card itself was below every rank that mattered, its whole sequence was
        # just small cards, any of which plays the same)
        if bottom < b:
            if e == 0 and bottom < c0 <= b:
                c0 = bottom
            elif e == 1 and bottom < c1 <= b:
                c1 = bottom
            elif e == 2 and bottom < c2 <= b:
                c2 = bottom
            elif e == 3 and bottom < c3 <= b:
                c3 = bottom
            elif e == 4 and bottom < c4 <= b:
                c4 = bottom
        if nm == NO_NAME:
            if e == 0:
                if b < c0 and c0 > k0:
                    k0 = c0
            elif e == 1:
                if b < c1 and c1 > k1:
                    k1 = c1
            elif e == 2:
                if b < c2 and c2 > k2:
                    k2 = c2
            elif e == 3:
                if b < c3 and c3 > k3:
                    k3 = c3
            elif b < c4 and c4 > k4:
                k4 = c4
        r0 = min(r0, c0)
        r1 = min(r1, c1)
        r2 = min(r2, c2)
        r3 = min(r3, c3)
        r4 = min(r4, c4)
    buf[depth, B_REL] = r0
    buf[depth, B_REL + 1] = r1
    buf[depth, B_REL + 2] = r2
    buf[depth, B_REL + 3] = r3
    buf[depth, B_REL + 4] = r4
    if boundary and w[S_ABORT] == 0:
        tt_store(hands, w, tt, buf, depth, h, result, target, left, cut)
    return result
