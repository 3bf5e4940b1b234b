"""Sure-trick bounds that stop a search before any move is tried: quick tricks (also
through an entry to partner), sure trumps for either side, trump control (a hand's trumps
and top cards when only its side holds trumps), a side that cannot take every trick
without trumps, and the last trick played out.
"""

from __future__ import annotations

import numpy as np
from numba import types

from .holdings import cashable, holder, kth_top, longest_other, side_cards
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
    HAND_ROW,
    I64,
    LEFT,
    NEXT,
    NONE,
    S_LEADER,
    S_LEFT,
    W_ROW,
    H,
    W,
)
from .ordering import power_of
from .table import clear_rel
from .trump_bounds import sure_rank, sure_trumps, top_trump_run, trump_control


@compiled(I64(H, W, H, I64, I64, I64), inline=True)
def quick_tricks(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                 leader: int, cutoff: int) -> int:
    """Tricks the leader surely wins by cashing his top cards, leading trumps first.

    His trumps above every other trump win one after another, and once no other hand holds
    more trumps than those, the rest of his trumps too; then in each side suit likewise
    (the top cards, and the rest once the others are out of the suit) while each opponent
    who may still hold a trump has to follow (as many rounds as the shortest such opponent
    holds).  When the other side holds no trump at all, every trump of a hand on the
    leader's side is a trick of its own, after the side-suit winners.  At no trumps the
    joker is the only trump and is not itself counted.  Counting stops at ``cutoff``
    (enough to decide), and only the ranks of the cards counted go to ``buf[depth]``: the
    fewer ranks an answer relies on, the more positions its table entry covers.
    """
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    maxs = w[C_MAX]
    my_side = (maxs >> leader) & 1
    trump_free = w[C_NT] == 0     # the other side holds no trump
    forced_ruff = False           # a partner holds nothing but trumps: he must ruff a side suit
    for s in range(n):
        if s == leader or hands[s, tr] == 0:
            continue
        if ((maxs >> s) & 1) != my_side:
            trump_free = False
        elif side_cards(hands, s, tr) == 0:
            forced_ruff = True
    q = 0
    qt = 0 if trump_free else -1
    if w[C_NT] == 0 and not trump_free:
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
            if 0 < q < cutoff and m != 0 and longest_other(hands, w, leader, tr) <= q:
                q = popcount(mine)     # the others are out of trumps: the rest win too
    for e in range(4):
        if q >= cutoff:
            break
        if e == tr:
            continue
        mine = hands[leader, e]
        if mine == 0:
            continue
        others = w[LEFT + e] & ~mine
        top_run, run = cashable(hands, w, leader, e)
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
        if forced_ruff:
            safe = min(safe, 1)     # the partner's ruff wins it, then he has the lead
        safe = min(safe, cutoff - q)
        if safe > 0 and others != 0:
            b = kth_top(mine, min(safe, top_run))
            if b < buf[depth, B_REL + e]:
                buf[depth, B_REL + e] = b   # the lowest top card counted
        if safe > 0:
            q += safe
            if forced_ruff:
                return q
    if trump_free and q < cutoff:
        # every trump of one hand wins a trick (the highest trump of any trick is ours), after
        # the leader's winners above if that hand can discard on them without trumping
        t = popcount(hands[leader, tr])
        for s in range(n):
            if s != leader and ((maxs >> s) & 1) == my_side and side_cards(hands, s, tr) >= q:
                t = max(t, popcount(hands[s, tr]))
        q += t
    return q


@compiled(I64(H, W, H, I64, I64, I64, I64), inline=True)
def own_winners_first(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                      leader: int, entry: int, trump: int) -> int:
    """The leader's own top cards outside suits ``entry`` and ``trump``, cashed before he
    crosses to his partner in ``entry``, when the other side holds no trump (counted as
    ``quick_tricks`` counts them: the top run, and the long cards once the others are out
    of the suit).  (``trump_control`` passes the trump suit as ``entry`` too, for the ranks
    of a hand's top runs in every side suit.)

    Nobody can ruff them, and they cost the partner nothing: he cannot hold the top card of
    a suit whose top the leader cashes, and while the leader cashes he keeps his entry and
    his best cards, which all stay winners.  So the side takes these, the entry, and the
    partner's tricks after it, or every trick left.  The top cards counted go to
    ``buf[depth]``.
    """
    own = 0
    for a in range(4):
        mine = hands[leader, a]
        if a in (entry, trump) or mine == 0:
            continue
        top, run = cashable(hands, w, leader, a)
        if top > 0 and w[LEFT + a] != mine:
            low = kth_top(mine, top)      # the lowest card of the top run
            if low < buf[depth, B_REL + a]:
                buf[depth, B_REL + a] = low
        own += run
    return own


@compiled(I64(H, W, H, I64, I64), inline=True)
def entry_tricks(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                 need: int) -> int:
    """Tricks the leader's side surely wins by leading to a partner's top card, then
    cashing the partner's quick tricks (DDS's quick tricks through an entry).

    The leader leads his lowest card of a side suit whose top card a partner holds and that
    no opponent can ruff in this round; every other hand follows with its lowest card of the
    suit (an opponent's higher card would only help), then the partner counts his quick
    tricks; when the other side holds no trump, the leader's own top cards cashed first
    count too (``own_winners_first``).  The first way to ``need`` tricks is returned at
    once with the ranks it relied on in ``buf[depth]``; otherwise the best count, the ranks
    meaningless.
    """
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    leader = w[S_LEADER]
    maxs = w[C_MAX]
    my_side = (maxs >> leader) & 1
    trumpless = True      # the other side holds no trump
    for s in range(n):
        if ((maxs >> s) & 1) != my_side and hands[s, tr] != 0:
            trumpless = False
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
        if q < need and trumpless:
            # his own top cards first, nobody can ruff them
            q = min(q + own_winners_first(hands, w, buf, depth, leader, x, tr), w[S_LEFT])
        if q >= need:
            if top < buf[depth, B_REL + x]:
                buf[depth, B_REL + x] = top
            return q
        best = max(best, q)
    return best


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


@compiled(types.boolean(H, W, H, I64, I64), inline=True)
def cannot_take_all(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                    leader: int) -> bool:
    """With no trump left, is the leader's side sure to lose one of the tricks left?

    DDS's later-tricks rule at no trumps.  To win every trick the side must keep the lead,
    so it leads only suits whose top card it holds, and each such suit gives it at most as
    many tricks as its longest hand there.  When these add up to less than the tricks left,
    it loses one.  The answer relies on the other side's top cards only (ranks go to
    ``buf[depth]``): had the leader's side held them, it would have more tricks to count.
    """
    side = (w[C_MAX] >> leader) & 1
    total = 0
    theirs = 0      # suits whose top card the other side holds (and not every card of)
    for e in range(4):
        cards = w[LEFT + e]
        if cards == 0:
            continue
        owner = holder(hands, w[C_SEATS], e, top_bit(cards))
        if ((w[C_MAX] >> owner) & 1) != side:
            if cards != hands[owner, e]:
                theirs |= 1 << e
            continue
        longest = 0
        for s in range(w[C_SEATS]):
            if ((w[C_MAX] >> s) & 1) == side:
                longest = max(longest, popcount(hands[s, e]))
        total += longest
    if total >= w[S_LEFT]:
        return False
    for e in range(4):
        if (theirs >> e) & 1:
            buf[depth, B_REL + e] = top_bit(w[LEFT + e])
    return True


@compiled(I64(H, I64, I64, I64))
def boundary_cut(st: np.ndarray, depth: int, target: int, left: int) -> int:
    """Sure-trick bounds at a trick boundary: 1 or 0 when they answer the search's question
    ("``target`` more counted tricks?"), else -1.

    Sure trumps for either side, then the leader's side's quick tricks (directly, else
    through a partner's entry), which decide when they reach ``need``: the target for a
    counted maximiser, more than the others may lose for an uncounted minimiser; when that
    is every trick left and no trump is left, too few top cards decide it the other way.
    Compiled on its own, not inlined: called once per trick, it keeps ``search`` small
    (measured: as fast as inlined, and the bounds can grow without slowing every other
    node).
    """
    w = st[W_ROW]
    hands = st[HAND_ROW:]
    buf = st
    leader = w[S_LEADER]
    tr = top_trump_run(hands, w)
    if tr > 0:
        low = tr & 63
        run = tr >> 9
        owner = (tr >> 6) & 7
        omax = (w[C_MAX] >> owner) & 1
        ocount = (w[C_COUNT] >> owner) & 1
        if (omax == 1 and ocount == 1 and run >= target) or (
                omax == 0 and ocount == 0 and left - run < target):
            # only as many of the run as the question needs matter
            need = target if omax == 1 else left - target + 1
            if need < run:
                low = kth_top(w[LEFT + w[C_TRUMP]], need)
            buf[depth, B_REL + w[C_TRUMP]] = low
            return int(omax)
    trumps = w[LEFT + w[C_TRUMP]]
    if trumps & (trumps - 1) != 0:
        # two trumps or more: with one (the joker alone at no trumps) the run above has
        # already decided whatever sure trumps could
        sure = sure_trumps(hands, w, 1)
        if sure >> 6 >= target:
            if (sure & 63) < NONE:
                buf[depth, B_REL + w[C_TRUMP]] = sure_rank(hands, w, 1, target, sure & 63)
            return 1
        sure = sure_trumps(hands, w, 0)
        if left - (sure >> 6) < target:
            if (sure & 63) < NONE:
                buf[depth, B_REL + w[C_TRUMP]] = sure_rank(hands, w, 0, left - target + 1,
                                                           sure & 63)
            return 0
    if w[C_NT] == 0 and trumps != 0 and w[C_MAX] == w[C_COUNT]:
        # a hand of the side that alone holds trumps: its trumps and top cards, whoever leads
        c = trump_control(hands, w)
        side = (c >> 3) & 1
        if c > 0 and (c >> 4 >= target if side == 1 else left - (c >> 4) < target):
            own_winners_first(hands, w, buf, depth, c & 7, w[C_TRUMP], w[C_TRUMP])
            return int(side)
    lmax = (w[C_MAX] >> leader) & 1
    lcount = (w[C_COUNT] >> leader) & 1
    need = 0
    if lmax == 1 and lcount == 1:
        need = target
    elif lmax == 0 and lcount == 0:
        need = left - target + 1
    if need > 0:
        q = quick_tricks(hands, w, buf, depth, leader, need)
        if q < need and w[C_ACTIVE] > 2:
            q = entry_tricks(hands, w, buf, depth, need)
        if q >= need:
            return int(lmax)
        clear_rel(w, buf, depth)
        # a side on lead that needs every trick, with no trump left (the maximisers counted)
        if (need == left and left > 1 and w[LEFT + w[C_TRUMP]] == 0
                and w[C_MAX] == w[C_COUNT] and cannot_take_all(hands, w, buf, depth, leader)):
            return int(1 - lmax)
    return -1
