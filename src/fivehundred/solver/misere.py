"""A misère's own search: its move order and its cut-off at trick boundaries.

There the declarer alone is counted and wants no trick while every other seat in play wants
him to take one, so the trick contracts' order (``ordering``) and sure-trick bounds
(``cutoffs``) do not fit; ``search`` calls these instead when the position is a misère
(``layout.C_MISERE``).
"""

from __future__ import annotations

import numpy as np
from numba import types

from .intrinsics import popcount, top_bit
from .jit import compiled
from .layout import (
    B_MOVES,
    B_REL,
    B_SCORES,
    C_COUNT,
    C_NT,
    HAND_ROW,
    I64,
    LEFT,
    NEXT,
    S_LEADER,
    S_LED,
    S_LEN,
    S_WPOW,
    S_WSEAT,
    W_ROW,
    H,
    W,
)
from .ordering import power_of, sort_moves

# in a misère (``misere_score``), a lead scores this much less for each hand but the
# declarer's that may throw any card to it (measured against no such penalty, nodes of
# misère endings with 7 tricks left: three-handed -8%, four-handed -6%, five-handed -9%)
MISERE_DISCARD = 600


@compiled(I64(H, W, I64, I64, I64, I64), inline=True)
def misere_score(hands: np.ndarray, w: np.ndarray, seat: int, d: int, esuit: int,
                 rank: int) -> int:
    """A card's order in a misère (higher: tried first), where everyone wants the declarer
    ``d`` to take a trick but the declarer himself.

    He leads low where the others hold cards above his, follows with his highest card that
    does not win, wins (if he must) as low as he can, and throws his highest cards (first
    those with another card of the suit under them, which could be made to win).  The
    others lead low under his cards, play under his card while it wins, low before he plays
    (so that he must go above), and throw (or play, once he is beaten) their highest cards.
    """
    leading = w[S_LEN] == 0
    if esuit == 4 and w[C_NT] == 1:
        return -2000 if not leading else 0       # the joker wins any trick it is played to
    theirs = w[LEFT + esuit] & ~hands[d, esuit]
    if leading:
        voids = 0                                 # hands that may throw any card to it
        s = w[NEXT + seat]
        while s != seat:
            if hands[s, esuit] == 0 and s != d:
                voids += 1
            s = w[NEXT + s]
        if seat == d:
            below = theirs & ((1 << rank) - 1)
            above = theirs & ~((2 << rank) - 1)
            if above == 0:
                return -1000 - rank               # a lead that wins
            return 1000 - 20 * popcount(below) + popcount(above) - rank - MISERE_DISCARD * voids
        mine = hands[d, esuit]
        if mine == 0:
            return -500 - rank                    # he throws a card of his choice
        if (mine & -mine) > (1 << rank):
            # under all his cards: he must go above
            return 1000 + popcount(mine) - rank - MISERE_DISCARD * voids
        return 300 - rank - MISERE_DISCARD * voids
    p = power_of(w, esuit, rank, w[S_LED])
    wins = p > w[S_WPOW]
    if p < 0:
        if seat == d and theirs & ((1 << rank) - 1) != 0:
            return rank + 100                     # his card with another under it: a danger
        return rank                               # a discard: the highest first
    if seat == d:
        return 1000 + rank if not wins else 500 - rank
    played = False                                # has the declarer played to this trick?
    s = w[S_LEADER]
    for _ in range(w[S_LEN]):
        if s == d:
            played = True
        s = w[NEXT + s]
    if not played:
        return 1000 - rank                        # low: he must go above it
    if w[S_WSEAT] == d:
        return 1000 + rank if not wins else -rank  # keep him winning
    return rank                                   # he is beaten: throw the highest


@compiled(types.void(H, W, H, I64, I64, I64))
def misere_order(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int, seat: int,
                 count: int) -> None:
    """Put the ``count`` moves in ``buf[depth]`` in a misère's order (:func:`misere_score`).
    There only the declarer wants to lose tricks, and the others want
    him to take one.  Compiled on its own and called by ``search`` once the moves are made,
    so that trick contracts' move generation stays as it was."""
    d = top_bit(w[C_COUNT])
    for i in range(count):
        m = buf[depth, B_MOVES + i]
        buf[depth, B_SCORES + i] = misere_score(hands, w, seat, d, m & 7, (m >> 3) & 31)
    sort_moves(buf, depth, count)


@compiled(types.UniTuple(I64, 5)(H, W, I64), inline=True)  # type: ignore[no-untyped-call]
def others_cards(hands: np.ndarray, w: np.ndarray, seat: int) -> tuple[int, int, int, int, int]:
    """The cards of each effective suit that the active seats other than ``seat`` hold."""
    o0 = 0
    o1 = 0
    o2 = 0
    o3 = 0
    o4 = 0
    s = w[NEXT + seat]
    while s != seat:
        o0 |= hands[s, 0]
        o1 |= hands[s, 1]
        o2 |= hands[s, 2]
        o3 |= hands[s, 3]
        o4 |= hands[s, 4]
        s = w[NEXT + s]
    return o0, o1, o2, o3, o4


@compiled(types.boolean(I64, I64, I64), inline=True)
def ducks(mine: int, theirs: int, rounds: int) -> bool:
    """Can a hand holding ``mine`` of a suit always play under when the others, holding
    ``theirs``, lead it at most ``rounds`` more times (each time, every hand of theirs with
    a card of it follows: the longest of their holdings)?  Yes when his i-th lowest card
    lies below their i-th lowest, for every i up to the shorter holding and ``rounds``.

    Why: each time they lead the suit he plays, from his ``rounds`` lowest cards, the
    highest below the led one (their cards played later only raise the trick); by
    exchange the condition holds after the trick for what is left, and after he throws his
    highest card of a suit.  Cards they throw elsewhere only raise their i-th lowest and
    shorten their holdings; his cards above the lowest ``rounds`` are never led to (he
    never leads) and go on discards.
    """
    need = min(popcount(theirs), rounds)
    i = 0
    m = mine
    while m != 0 and i < need:
        low = m & -m
        if popcount(theirs & (low - 1)) > i:
            return False
        m ^= low
        i += 1
    return True


@compiled(I64(H, W, I64, I64), inline=True)
def _rounds(hands: np.ndarray, w: np.ndarray, d: int, e: int) -> int:
    """How many more times suit ``e`` can be led by the others of the declarer ``d``: the
    longest of their holdings (each lead takes a card from every one of them)."""
    most = 0
    s = w[NEXT + d]
    while s != d:
        most = max(most, popcount(hands[s, e]))
        s = w[NEXT + s]
    return most


@compiled(types.boolean(H, W, I64, I64, types.UniTuple(I64, 5)),  # type: ignore[no-untyped-call]
          inline=True)
def _never_takes(hands: np.ndarray, w: np.ndarray, d: int, leader: int,
                 others: tuple[int, int, int, int, int]) -> bool:
    """Can the declarer ``d`` (without the joker) be sure of taking no trick from this trick
    boundary on?  Yes when he ducks in every suit (:func:`ducks`, he then never wins the
    lead) and, if he is on lead now, has a card that some other hand must beat (all that
    hand's cards of the suit above it) and ducks in that suit after it.

    The others' joker is left out: played, it wins the trick for one of them.
    """
    for e in range(4):
        if hands[d, e] != 0 and others[e] != 0 and not ducks(
                hands[d, e], others[e], _rounds(hands, w, d, e)):
            return False
    if leader != d:
        return True
    for e in range(4):
        mine = hands[d, e]
        theirs = others[e]
        if mine == 0 or theirs == 0:
            continue
        after = _rounds(hands, w, d, e) - 1     # the rounds left once he has led it
        m = mine
        while m != 0:
            low = m & -m
            m ^= low
            s = w[NEXT + d]
            while s != d:
                h = hands[s, e]
                if h != 0 and (h & -h) > low:
                    break                        # this hand must beat his card
                s = w[NEXT + s]
            if s != d and ducks(mine ^ low, theirs, after):
                return True
    return False


@compiled(I64(H, I64, I64))
def misere_cut(st: np.ndarray, depth: int, target: int) -> int:
    """Sure answers at a trick boundary of a misère (the declarer alone counted, every other
    active seat against him, no trumps): 1 or 0 when they answer "``target`` more tricks for
    the declarer?", else -1.

    No trick for him ever (0): he holds no joker and ducks in every suit (:func:`ducks`: his
    i-th lowest card below their i-th lowest, as often as the suit can still be led), so he
    never wins the lead; if he has it now, he leads a card that some hand must beat and still
    ducks in that suit after it (:func:`_never_takes`).  A trick now (1, for a target of 1):
    on lead, whatever he leads wins (each suit he holds, his lowest card above all others',
    and no joker against him); or the leader holds a suit in which every card of the
    declarer's beats all the others', with no other opponent holding the joker.  What they
    relied on goes to ``buf[depth]``.
    """
    w = st[W_ROW]
    hands = st[HAND_ROW:]
    buf = st
    d = top_bit(w[C_COUNT])
    leader = w[S_LEADER]
    others = others_cards(hands, w, d)
    joker = others[4] != 0                           # an opponent holds the joker
    if hands[d, 4] == 0 and _never_takes(hands, w, d, leader, others):
        # what mattered: the others' cards of his suits, down to their lowest (every card
        # below it is his, as the suit lengths say, so the cards interleave the same)
        for e in range(4):
            theirs = others[e]
            if hands[d, e] != 0 and theirs != 0:
                buf[depth, B_REL + e] = top_bit(theirs & -theirs)
        return 0
    if target != 1:
        return -1
    if leader == d:
        if joker:
            return -1
        for e in range(4):
            mine = hands[d, e]
            if mine != 0 and others[e] != 0 and top_bit(others[e]) > top_bit(mine & -mine):
                return -1
        for e in range(4):
            mine = hands[d, e]
            if mine != 0 and others[e] != 0:
                buf[depth, B_REL + e] = top_bit(mine & -mine)   # his cards, down to his lowest
        return 1
    if joker and hands[leader, 4] == 0:
        return -1
    for e in range(4):
        mine = hands[d, e]
        if mine != 0 and hands[leader, e] != 0 and top_bit(others[e]) < top_bit(mine & -mine):
            buf[depth, B_REL + e] = top_bit(mine & -mine)
            return 1
    return -1
