"""Sure tricks won with trumps, bounds a search stops on before trying a move: the trumps
a side surely wins, the sure winners of one rank, a king's trick, a run of top trumps, and
trump control (a hand's trumps and top cards when only its side holds trumps).
"""

from __future__ import annotations

import numpy as np

from .holdings import cashable, holder
from .intrinsics import popcount, top_bit
from .jit import compiled
from .layout import (
    C_ACTIVE,
    C_COUNT,
    C_MAX,
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


@compiled(I64(H, W, I64), inline=True)
def other_sides_trumps(hands: np.ndarray, w: np.ndarray, counted: int) -> int:
    """The trumps of the seats not on the side ``counted`` names (1: the counted seats)."""
    cnt = w[C_COUNT]
    opp = 0
    for s in range(w[C_SEATS]):
        if ((cnt >> s) & 1) != counted:
            opp |= hands[s, w[C_TRUMP]]
    return opp


@compiled(I64(H, W, I64), inline=True)
def sure_trumps(hands: np.ndarray, w: np.ndarray, counted: int) -> int:
    """Tricks the counted seats (``counted`` 1) or the others (0) surely win with trumps.

    A hand's i-th highest trump loses only to a higher trump of the other side played to the
    same trick, and each of those is played to one trick: the hand wins at least i tricks
    less the other side's trumps above its i-th (the best i counts; every trump when the
    other side holds none).  Two hands' trumps above all the other side's both win when
    either hand holds another trump to play under the other's (DDS); one trick for a
    guarded second trump sitting just after the top trump, or for the second and third
    trumps under it (``king_trick``).  Returned as
    ``tricks * 64 + rank``: the lowest rank that matters (NONE if the other side holds no
    trump): the owners of the trumps from there up decide the count.
    """
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    cnt = w[C_COUNT]
    opp = other_sides_trumps(hands, w, counted)
    best = 0
    if opp == 0:
        for s in range(n):
            if ((cnt >> s) & 1) == counted:
                best = max(best, popcount(hands[s, tr]))
        return best * 64 + NONE
    top = top_bit(opp)
    rank = NONE
    holders = 0       # hands of the side with a trump above all the other side's
    guarded = False   # one of them holds another trump too
    for s in range(n):
        if ((cnt >> s) & 1) == counted:
            m = hands[s, tr]
            if m >> (top + 1):
                holders += 1
                if popcount(m) > 1:
                    guarded = True
            i = 0
            while m:
                t = top_bit(m)
                m ^= 1 << t
                i += 1
                v = i - popcount(opp >> (t + 1))
                if v > best or (v == best and v > 0 and t > rank):
                    best = v      # equal counts: the higher rank keeps more positions alike
                    rank = t
    if best < 2 and holders >= 2 and guarded:
        best = 2      # two hands' top trumps cannot both fall on one trick (DDS)
        rank = top
    if best == 0:
        return king_trick(hands, w, counted)
    return best * 64 + rank


@compiled(I64(H, W, I64, I64, I64), inline=True)
def sure_rank(hands: np.ndarray, w: np.ndarray, counted: int, need: int, rank: int) -> int:
    """The highest rank from which the owners of the trumps prove ``need`` sure trump tricks
    for the counted seats (``counted`` 1) or the others (0), as ``sure_trumps`` counts a
    hand's: its i-th highest trump less the other side's trumps above it; ``rank`` (what
    ``sure_trumps`` found) if none is higher.  The fewer trumps the answer relies on, the
    more positions its table entry covers."""
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    cnt = w[C_COUNT]
    opp = other_sides_trumps(hands, w, counted)
    for s in range(n):
        if ((cnt >> s) & 1) == counted:
            m = hands[s, tr]
            i = 0
            while m:
                t = top_bit(m)
                if t <= rank:
                    break
                m ^= 1 << t
                i += 1
                if i - popcount(opp >> (t + 1)) >= need:
                    rank = t
                    break
    return rank


@compiled(I64(H, W, I64), inline=True)
def king_trick(hands: np.ndarray, w: np.ndarray, counted: int) -> int:
    """One trick for a side whose opponents hold the top trump, when it holds the second
    guarded and either that hand sits just after the top trump's and does not lead now (any
    number of players), or, in a partnership of four whose opponents have the lead, the side
    holds the third too (DDS's later tricks): the top trump cannot take both.
    ``sure_trumps``'s encoding, 0 if not.

    Just after the top trump, the second's hand sees it played on every trick it does not
    lead itself (and it leads only after its side has won a trick): it plays its second
    trump whenever it may (trumps led, or void in the suit led) after the top trump's hand
    has played another card, and wins; it keeps its low trump for a trick where the top
    trump is played, after which the second is the top.  Holding only its two trumps, it may
    always play one.  (Leading, a hand of two trumps can be made to lead the low one and
    then lose the other to the top trump.)
    """
    tr = w[C_TRUMP]
    cnt = w[C_COUNT]
    n = w[C_SEATS]
    allm = w[LEFT + tr]
    t1 = top_bit(allm)
    rest = allm ^ (1 << t1)
    if rest == 0:
        return 0
    t2 = top_bit(rest)
    second = holder(hands, n, tr, t2)
    first = holder(hands, n, tr, t1)
    if ((cnt >> second) & 1) != counted or ((cnt >> first) & 1) == counted or popcount(
            hands[second, tr]) < 2:
        return 0
    if w[NEXT + first] == second and w[S_LEADER] != second:
        return 64 + t2
    if n != 4 or w[C_ACTIVE] != 4 or (cnt & 15) not in (5, 10) or (
            (cnt >> w[S_LEADER]) & 1) == counted:
        return 0
    rest ^= 1 << t2
    if rest == 0:
        return 0
    t3 = top_bit(rest)
    if ((cnt >> holder(hands, 4, tr, t3)) & 1) == counted:
        return 64 + t3
    return 0


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
    owner = holder(hands, n, tr, b)
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


@compiled(I64(H, W), inline=True)
def trump_control(hands: np.ndarray, w: np.ndarray) -> int:
    """Tricks one hand surely wins, whoever leads, when its side alone holds trumps: each of
    its trumps, and in each side suit its top cards (and the rest once the others are out
    of the suit, as ``cashable`` counts them).

    The side plays so: the hand follows suit with its highest card and, void, throws a
    card not counted, else ruffs; its partners never lead trumps while they hold anything
    else.  Then the hand plays each counted card to a trick its side wins: a trump always
    wins (nobody else can ruff), a top card played to its own suit does, and the hand
    throws a counted card only once it holds nothing but them and no trump, which it never
    does off lead (its last trump went on a ruff that it won, or on a partner's trump lead,
    and a partner who holds only trumps wins every trick he leads).  Returned as
    ``(tricks * 2 + side) * 8 + seat`` (side 1: the maximisers), 0 when both sides hold
    trumps (or nobody does).  Only the top cards' owners and the suit lengths decide it:
    the ranks are the top runs' that ``own_winners_first`` leaves in ``buf``.
    """
    n = w[C_SEATS]
    tr = w[C_TRUMP]
    maxs = w[C_MAX]
    side = -1
    for s in range(n):
        if hands[s, tr] != 0:
            if side < 0:
                side = (maxs >> s) & 1
            elif (maxs >> s) & 1 != side:
                return 0
    best = 0
    best_seat = 0
    for s in range(n):
        if hands[s, tr] == 0:
            continue
        q = popcount(hands[s, tr])
        for e in range(5):
            if e != tr and hands[s, e] != 0:
                q += cashable(hands, w, s, e)[1]
        if q > best:
            best = q
            best_seat = s
    return (best * 2 + side) * 8 + best_seat if side >= 0 else 0
