"""Sure-trick bounds that stop a search before any move is tried: quick tricks (also
through an entry to partner), sure trumps for either side, and the last trick played out.
"""

from __future__ import annotations

import numpy as np

from .intrinsics import popcount, top_bit
from .jit import compiled
from .layout import (
    B_LOW,
    B_REL,
    C_ACTIVE,
    C_COUNT,
    C_MAX,
    C_NT,
    C_SEATS,
    C_TRUMP,
    I64,
    LEFT,
    NEXT,
    NONE,
    S_LEADER,
    H,
    W,
)
from .ordering import power_of
from .table import clear_rel


@compiled(I64(H, W, H, I64, I64, I64), inline=True)
def quick_tricks(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                 leader: int, cutoff: int) -> int:
    """Tricks the leader surely wins by cashing his top cards, leading trumps first.

    His trumps above every other trump win one after another; then in each side suit his
    cards above every other card of the suit win while each opponent who may still hold a
    trump has to follow (as many rounds as the shortest such opponent holds).  At no trumps
    the joker is the only trump and is not itself counted.  Counting stops at ``cutoff``
    (enough to decide), and only the ranks of the cards counted go to ``buf[depth]``: the
    fewer ranks an answer relies on, the more positions its table entry covers.
    """
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    maxs = w[C_MAX]
    my_side = (maxs >> leader) & 1
    q = 0
    qt = -1
    if w[C_NT] == 0:
        mine = hands[leader, tr]
        others = w[LEFT + tr] & ~mine
        if others == 0:
            q = popcount(mine)
        else:
            top_other = top_bit(others)
            m = mine
            while m and q < cutoff:
                b = top_bit(m)
                if b < top_other:
                    break
                q += 1
                m ^= 1 << b
                if b < buf[depth, B_REL + tr]:
                    buf[depth, B_REL + tr] = b
    for e in range(4):
        if q >= cutoff:
            break
        if e == tr:
            continue
        mine = hands[leader, e]
        if mine == 0:
            continue
        others = w[LEFT + e] & ~mine
        run = 0
        if others == 0:
            run = popcount(mine)
        else:
            top_other = top_bit(others)
            m = mine
            while m:
                b = top_bit(m)
                if b < top_other:
                    break
                run += 1
                m ^= 1 << b
        if run == 0:
            continue
        if qt < 0:
            qt = q        # trumps drawn by the trump run: each opponent followed each round
        safe = run
        for s in range(n):
            if s == leader or ((maxs >> s) & 1) == my_side:
                continue
            trumps_left = popcount(hands[s, tr]) - qt
            if trumps_left > 0:
                ln = popcount(hands[s, e])
                if ln < safe:
                    safe = ln
        safe = min(safe, cutoff - q)
        if safe > 0 and others != 0:
            m = mine
            b = NONE
            for _ in range(safe):
                b = top_bit(m)
                m ^= 1 << b
            if b < buf[depth, B_REL + e]:
                buf[depth, B_REL + e] = b   # the lowest card counted
        q += max(safe, 0)
    return q


@compiled(I64(H, W, H, I64, I64), inline=True)
def entry_tricks(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                 need: int) -> int:
    """Tricks the leader's side surely wins by leading to a partner's top card, then
    cashing the partner's quick tricks (DDS's quick tricks through an entry).

    The leader leads his lowest card of a side suit whose top card a partner holds and that
    no opponent can ruff in this round; every other hand follows with its lowest card of the
    suit (an opponent's higher card would only help), then the partner counts his quick
    tricks.  The first way to ``need`` tricks is returned at once with the ranks it relied
    on in ``buf[depth]``; otherwise the best count, the ranks meaningless.
    """
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    leader = w[S_LEADER]
    maxs = w[C_MAX]
    my_side = (maxs >> leader) & 1
    best = 0
    for x in range(4):
        if x == tr or hands[leader, x] == 0:
            continue
        allx = w[LEFT + x]
        top = top_bit(allx)
        p = -1
        safe = True
        for s in range(n):
            if (hands[s, x] >> top) & 1:
                p = s
            if ((maxs >> s) & 1) != my_side and hands[s, x] == 0 and hands[s, tr] != 0:
                safe = False
        if p == leader or ((maxs >> p) & 1) != my_side or not safe:
            continue
        played = 0
        for s in range(n):
            h = hands[s, x]
            b = 0
            if h:
                b = (1 << top) if s == p else (h & -h)
                hands[s, x] = h ^ b
                played |= b
            buf[depth, B_LOW + s] = b
        w[LEFT + x] ^= played
        clear_rel(w, buf, depth)
        q = 1 + quick_tricks(hands, w, buf, depth, p, need - 1)
        w[LEFT + x] ^= played
        for s in range(n):
            hands[s, x] |= buf[depth, B_LOW + s]
        if q >= need:
            if top < buf[depth, B_REL + x]:
                buf[depth, B_REL + x] = top
            return q
        best = max(best, q)
    return best


@compiled(I64(H, W, I64), inline=True)
def sure_trumps(hands: np.ndarray, w: np.ndarray, counted: int) -> int:
    """Tricks the counted seats (``counted`` 1) or the others (0) surely win with trumps.

    Each trump of one hand above every trump of the other side wins a trick for its side
    (the highest trump of any trick it is played to is its own side's), one trick per card;
    two such trumps in two hands both win when either hand holds another trump to play
    under the other's.  Returned as ``tricks * 64 + rank``: the rank is the other side's
    top trump, the lowest that matters (NONE if the other side holds no trump).
    """
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    cnt = w[C_COUNT]
    opp = 0
    for s in range(n):
        if ((cnt >> s) & 1) != counted:
            opp |= hands[s, tr]
    above = -1
    rank = NONE
    if opp != 0:
        rank = top_bit(opp)
        above = ~((1 << (rank + 1)) - 1)
    best = 0
    holders = 0       # hands of the side with such a trump
    guarded = False   # one of them holds another trump too
    for s in range(n):
        if ((cnt >> s) & 1) == counted:
            c = popcount(hands[s, tr] & above)
            if c > best:
                best = c
            if c > 0:
                holders += 1
                if popcount(hands[s, tr]) > 1:
                    guarded = True
    if best < 2 and holders >= 2 and guarded:
        best = 2      # two hands' top trumps cannot both fall on one trick (DDS)
    return best * 64 + rank


@compiled(I64(H, W), inline=True)
def top_trump_run(hands: np.ndarray, w: np.ndarray) -> int:
    """Trumps that surely win later: the top trumps held in sequence by the top trump's owner.

    Returned as ``(run * 8 + owner) * 64 + lowest rank of the run`` (0 when nobody holds a
    trump).  Each of them wins the trick it is played to, and its owner plays them on
    different tricks.
    """
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    allm = w[LEFT + tr]
    if allm == 0:
        return 0
    b = top_bit(allm)
    owner = 0
    for s in range(n):
        if (hands[s, tr] >> b) & 1:
            owner = s
    run = 0
    low = b
    m = allm
    while m:
        b = top_bit(m)
        if not (hands[owner, tr] >> b) & 1:
            break
        run += 1
        low = b
        m ^= 1 << b
    return (run * 8 + owner) * 64 + low


@compiled(I64(H, W, H, I64), inline=True)
def last_trick(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int) -> int:
    """The winner of the last trick (one card each), played out directly.

    If the winning card beat another card of its suit, its rank is what mattered.
    """
    seat = w[S_LEADER]
    led = -1
    best = -1
    winner = seat
    we = -1
    wb = 0
    suit_count = 0  # 4 bits per suit: how many cards of it the trick holds
    for i in range(w[C_ACTIVE]):
        for e in range(5):
            if hands[seat, e]:
                b = top_bit(hands[seat, e])
                suit_count += 1 << (4 * e)
                if i == 0:
                    led = e
                    if e == 4 and w[C_NT] == 1:
                        led = -1
                p = power_of(w, e, b, led)
                if p > best:
                    best = p
                    winner = seat
                    we = e
                    wb = b
                break
        seat = w[NEXT + seat]
    if we >= 0 and (suit_count >> (4 * we)) & 15 > 1 and wb < buf[depth, B_REL + we]:
        buf[depth, B_REL + we] = wb
    return int(winner)
