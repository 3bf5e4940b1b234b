"""Move generation and ordering: sequences as one move, DDS-style lead weights, following
hands that look at the hands yet to play, the trick-winning tests they share, and how a card
played changes the trick (``to_trick``, for the search and the greedy play-out alike).
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
    C_ACTIVE,
    C_CLASSIC,
    C_MAX,
    C_MUST_JOKER,
    C_NT,
    C_SEATS,
    C_TRUMP,
    I64,
    LEFT,
    NEXT,
    NO_NAME,
    S_LEADER,
    S_LED,
    S_LEDSUITS,
    S_LEFT,
    S_LEN,
    S_WPOW,
    S_WSEAT,
    TRICK,
    VOIDS,
    H,
    W,
)

# a lead of a suit's top card that wins the trick scores this (200, not 300: suit nodes -1%
# to -2%, three-handed -3% to -4%, on two sets of 200 deals)
LEAD_WIN = 200
# lead ordering weights (measured on node counts): an opponent's void (he can ruff) counts
# as this many cards of the suit (24, not 4: suit nodes -8%, three-handed -14%); a suit
# whose top or second card the last hand holds (not singly) scores this much less; each
# opponent card of the suit this much less (at no trumps too: nodes -1.9%); the top card of
# a suit an opponent can ruff scores this instead of LEAD_WIN; a finesse (the next hand
# holds the top card, a partner the second, not singly) scores this much more
LEAD_VOID = 24
LEAD_RHO = 10
LEAD_W = 5
LEAD_RUFFED = 40
LEAD_FIN = 20
# leading the top of a sequence when a higher card is elsewhere scores this much more (the
# second best card: LEAD_SEQ2); a suit whose second and third cards our side holds, the top
# not, this much more (measured over 500 deals outside the tuning set: suit nodes -5%, no
# trumps -2%, misère -2%, three-handed -15%)
LEAD_SEQ = 30
LEAD_SEQ2 = 70
LEAD_SIDE23 = 70
# a ruff no later opponent can overruff scores this much more than a cheaper one that can be
# (measured: six-handed nodes -11%, five-handed -2%, three-handed -1.4%)
RUFF_SURE = 100
# a lead that an opponent can only discard to (void in the suit, no trump to ruff with)
# scores this much less for each such opponent: he may throw any of his cards, the widest
# tree of all (DDS counts such a void as a whole hand of cards; measured: suit nodes -7%,
# no trumps -7.5%, three-handed -2%)
LEAD_DISCARD = 150



@compiled(I64(W, I64, I64, I64), inline=True)
def power_of(w: np.ndarray, esuit: int, rank: int, led: int) -> int:
    """How strongly a card plays to a trick: trumps above the led suit, others cannot win."""
    if esuit == w[C_TRUMP]:
        return 100 + rank
    if esuit == led:
        return rank
    return -1


@compiled(I64(W, I64, I64, I64, I64), inline=True)
def to_trick(w: np.ndarray, seat: int, esuit: int, rank: int, name: int) -> int:
    """Record in ``w`` a card played to the current trick (``w[S_LEN]`` cards so far): the
    lead and the suit led, a void shown, the card now winning.  Returns the suit led (-1: a
    joker led at no trumps naming none)."""
    if w[S_LEN] == 0:
        led = esuit
        if esuit == 4 and w[C_NT] == 1:
            led = -1 if name == NO_NAME else name
        w[S_LEADER] = seat
        w[S_LED] = led
        if 0 <= led < 4:
            w[S_LEDSUITS] |= 1 << led
        w[S_WSEAT] = seat
        w[S_WPOW] = power_of(w, esuit, rank, led)
        return led
    led = w[S_LED]
    if led >= 0 and esuit != led:
        w[VOIDS + seat] |= 1 << led
    p = power_of(w, esuit, rank, led)
    if p > w[S_WPOW]:
        w[S_WSEAT] = seat
        w[S_WPOW] = p
    return int(led)


@compiled(types.UniTuple(I64, 3)(H, W, I64), inline=True)  # type: ignore[no-untyped-call]
def later_hands(hands: np.ndarray, w: np.ndarray, seat: int) -> tuple[int, int, int]:
    """What the hands yet to play after ``seat`` hold in the led suit (led >= 0).

    ``(partners, opponents, overruff)``: the led suit's cards of ``seat``'s partners and of
    its opponents yet to play; the top trump of the opponents who can ruff (void in the
    suit, holding a trump), or -1 if none can.
    """
    led = w[S_LED]
    tr = w[C_TRUMP]
    maxs = w[C_MAX]
    my_side = (maxs >> seat) & 1
    partners = 0
    opponents = 0
    overruff = -1
    s = w[NEXT + seat]
    for _ in range(w[C_ACTIVE] - w[S_LEN] - 1):
        if ((maxs >> s) & 1) == my_side:
            partners |= hands[s, led]
        else:
            opponents |= hands[s, led]
            if led != tr and hands[s, led] == 0 and hands[s, tr] != 0:
                overruff = max(overruff, top_bit(hands[s, tr]))
        s = w[NEXT + s]
    return partners, opponents, overruff


@compiled(types.boolean(W, H, I64, I64, I64), inline=True)
def wins_trick(w: np.ndarray, buf: np.ndarray, depth: int, mine: int, theirs: int) -> bool:
    """Whether a side surely wins the current trick, no opponent yet to play being able to
    ruff, by ``mine``'s top card of the led suit (above the card now winning and above
    ``theirs``, the opponents' cards yet to play).  The rank relied on goes to
    ``buf[depth]``."""
    led = w[S_LED]
    tr = w[C_TRUMP]
    wpow = w[S_WPOW]
    if led != tr and wpow >= 100:
        return False          # already ruffed: a top card of the suit no longer wins
    if mine:
        top = top_bit(mine)
        if top > wpow - (100 if led == tr else 0) and (1 << top) > theirs:
            if top < buf[depth, B_REL + led]:
                buf[depth, B_REL + led] = top
            return True
    return False


@compiled(I64(H, W, H, I64, I64, types.boolean, I64), inline=True)
def follow_moves(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int, seat: int,
                 partner_winning: bool, theirs: int) -> int:
    """``gen_moves`` for a hand following suit, in its order without scoring or sorting.

    The cards that would win the trick (none if a partner is winning or the trick is
    ruffed) from the cheapest up, then the others from the lowest up; a sequence as its top
    card.  When no opponent yet to play can ruff (``theirs``: their cards of the suit, -1
    when one can ruff), "would win" means above their cards of the suit too (measured: suit
    nodes -7%, no trumps -15%).  The dividing card (the one now
    winning, or theirs) is among the suit's cards left, so no sequence straddles it.
    """
    led = w[S_LED]
    tr = w[C_TRUMP]
    h = hands[seat, led]
    allm = w[TRICK + led] | w[LEFT + led]
    wpow = w[S_WPOW]
    thr = 63                                   # cards above rank thr win
    if not partner_winning:
        if led == tr:
            thr = wpow - 100
        elif wpow < 100:
            thr = wpow
        if thr < 63 and theirs > 0:
            thr = max(thr, top_bit(theirs))
    count = 0
    for part in range(2):
        if part == 0:
            if thr >= 63:
                continue
            m = h & ~((2 << thr) - 1)
        else:
            m = h & ((2 << thr) - 1) if thr < 63 else h
        bottom = -1
        while m:
            bit = m & -m
            m ^= bit
            b = top_bit(bit)
            lower = allm & (bit - 1)
            if bottom < 0 or lower == 0 or not (h >> top_bit(lower)) & 1:
                bottom = b                     # a new sequence starts here
            higher = allm & ~((bit << 1) - 1)
            if higher != 0 and h & (higher & -higher):
                continue                       # its top is higher
            buf[depth, B_MOVES + count] = led | (b << 3) | (NO_NAME << 8) | (bottom << 11)
            count += 1
            bottom = -1
    return count


@compiled(types.void(H, I64, I64), inline=True)
def sort_moves(buf: np.ndarray, depth: int, count: int) -> None:
    """Order the moves of ``buf[depth]`` by their scores, the highest first (insertion sort:
    a dozen moves at most, mostly)."""
    for i in range(1, count):
        mv = buf[depth, B_MOVES + i]
        sc = buf[depth, B_SCORES + i]
        j = i - 1
        while j >= 0 and buf[depth, B_SCORES + j] < sc:
            buf[depth, B_MOVES + j + 1] = buf[depth, B_MOVES + j]
            buf[depth, B_SCORES + j + 1] = buf[depth, B_SCORES + j]
            j -= 1
        buf[depth, B_MOVES + j + 1] = mv
        buf[depth, B_SCORES + j + 1] = sc


@compiled(I64(H, W, H, I64, I64), inline=True)
def gen_moves(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
              seat: int) -> int:
    """Write the moves of ``seat`` into ``buf[depth]`` best first; return how many.

    A move is ``esuit | rank << 3 | name << 8 | bottom << 11``: the suit a joker lead names
    (or 7), and the lowest card of the sequence the move stands for.  Of cards in sequence in
    one hand (no card left between them elsewhere, the current trick included) only the
    highest is tried.  A misère then gets its own order (:func:`misere_order`).
    """
    n = w[C_SEATS]
    count = 0
    nt = w[C_NT] == 1
    leading = w[S_LEN] == 0
    led = w[S_LED]
    lo = 0
    hi = 5
    if not leading and led >= 0 and hands[seat, led] != 0:
        lo = led
        hi = led + 1
    elif not leading and nt and w[C_MUST_JOKER] == 1 and hands[seat, 4] != 0:
        lo = 4
        hi = 5
    maxs = w[C_MAX]
    my_side = (maxs >> seat) & 1
    partner_winning = (not leading) and ((maxs >> w[S_WSEAT]) & 1) == my_side
    overruff = -1
    if not leading and led >= 0:
        partners, theirs, overruff = later_hands(hands, w, seat)
        if overruff >= 0:                       # an opponent yet to play can ruff
            theirs = -1
        partner_now = partner_winning           # a partner's card is winning the trick now
        if not partner_winning and theirs >= 0:
            # a partner yet to play surely wins the trick with a card of the suit: as good
            # as winning now (a partner's ruff is not counted: measured, it costs nodes)
            partner_winning = wins_trick(w, buf, depth, partners, theirs)
        if partner_now and theirs > 0:
            # a partner's card of the suit now winning that an opponent yet to play can
            # beat is not winning yet: try to beat that opponent, following (suit nodes -5%,
            # no trumps -5%) or, void, ruffing before discarding (suit -2%, three-handed
            # -3.5%); a partner yet to play who surely wins stays winning (suit -4.5%)
            wp = w[S_WPOW]
            led_trumps = led == w[C_TRUMP]
            if (led_trumps or wp < 100) and top_bit(theirs) > wp - (
                    100 if led_trumps else 0):
                partner_winning = False
        if hi == led + 1 and hands[seat, led] != 0:
            count = follow_moves(hands, w, buf, depth, seat, partner_winning, theirs)
            return count
    tr = w[C_TRUMP]
    rho = seat                                # the seat that plays last to my lead
    if leading:
        for s in range(n):
            if w[NEXT + s] == seat and s != seat:
                rho = s
    for e in range(lo, hi):
        h = hands[seat, e]
        if h == 0:
            continue
        allm = w[TRICK + e] | w[LEFT + e]
        top = top_bit(allm)
        lead_bonus = 0
        win_bonus = LEAD_WIN
        if leading:
            # who wins this suit: partner's top card, a partner's ruff, an opponent's ruff;
            # and how many cards the opponents may choose from (a smaller tree first)
            opp_ruff = False
            part_top = False
            part_ruff = False
            opp_cards = 0
            discards = 0
            for s in range(n):
                if s == seat:
                    continue
                same = ((maxs >> s) & 1) == my_side
                holds = hands[s, e] != 0
                if same:
                    if holds and (hands[s, e] >> top) & 1:
                        part_top = True
                    elif e != tr and not holds and hands[s, tr] != 0:
                        part_ruff = True
                else:
                    if holds:
                        opp_cards += popcount(hands[s, e])
                    elif e != tr and hands[s, tr] != 0:
                        opp_ruff = True
                        opp_cards += LEAD_VOID
                    else:
                        discards += 1
            if opp_ruff:
                lead_bonus = -50
                win_bonus = LEAD_RUFFED
            elif part_top:
                lead_bonus = 200
            elif part_ruff:
                lead_bonus = 150
            lead_bonus -= LEAD_W * opp_cards
            win_bonus -= LEAD_W * opp_cards
            pen = LEAD_DISCARD * discards
            lead_bonus -= pen
            win_bonus -= pen
            rest = allm ^ (1 << top)
            sec = top_bit(rest) if rest else -1
            if rest:
                third = top_bit(rest ^ (1 << sec)) if rest ^ (1 << sec) else -1
                top_s = seat
                sec_s = seat
                third_s = -1
                for s in range(n):
                    if (hands[s, e] >> top) & 1:
                        top_s = s
                    if (hands[s, e] >> sec) & 1:
                        sec_s = s
                    if third >= 0 and (hands[s, e] >> third) & 1:
                        third_s = s
                if third_s >= 0 and ((maxs >> top_s) & 1) != my_side and (
                        (maxs >> sec_s) & 1) == my_side and ((maxs >> third_s) & 1) == my_side:
                    lead_bonus += LEAD_SIDE23   # we hold the next two below their top card
                if (top_s == rho or sec_s == rho) and popcount(hands[rho, e]) > 1:
                    lead_bonus -= LEAD_RHO    # the last hand holds a top card over us
                elif top_s == w[NEXT + seat] and sec_s != seat and (
                        (maxs >> sec_s) & 1) == my_side and popcount(hands[sec_s, e]) > 1:
                    lead_bonus += LEAD_FIN    # a finesse through the next hand's top card
        m = h
        while m:
            b = top_bit(m)
            bit = 1 << b
            m ^= bit
            above = allm & ~((bit << 1) - 1)
            if above != 0 and h & (above & -above):
                continue  # the next higher card left is ours too: same sequence
            bottom = b
            while True:
                below = allm & ((1 << bottom) - 1)
                if below == 0:
                    break
                nb = top_bit(below)
                if not (h >> nb) & 1:
                    break
                bottom = nb
            if e == 4 and nt and leading:
                # the joker led at no trumps names a suit
                if w[C_CLASSIC] == 1:
                    allowed = 15 & ~w[VOIDS + seat]
                else:
                    allowed = 15 & ~w[S_LEDSUITS]
                    if allowed == 0 and w[S_LEFT] > 1:
                        continue
                if allowed == 0:
                    buf[depth, B_MOVES + count] = 4 | (b << 3) | (NO_NAME << 8) | (b << 11)
                    buf[depth, B_SCORES + count] = 500
                    count += 1
                else:
                    for nm in range(4):
                        if (allowed >> nm) & 1:
                            buf[depth, B_MOVES + count] = 4 | (b << 3) | (nm << 8) | (b << 11)
                            buf[depth, B_SCORES + count] = 500 - nm
                            count += 1
                continue
            buf[depth, B_MOVES + count] = e | (b << 3) | (NO_NAME << 8) | (bottom << 11)
            if leading:
                if b == top:
                    score = win_bonus + b
                else:
                    # a card that does not win: low in a trump contract, high at no trumps
                    # (measured: no trumps nodes -1.5%, misère -5%)
                    score = lead_bonus + b if nt else lead_bonus - b
                    if bottom < b:
                        # the top of a sequence (knocking out a higher card): more so the
                        # second best card, making the rest of the sequence winners
                        score += LEAD_SEQ2 if b == sec else LEAD_SEQ
            else:
                p = power_of(w, e, b, led)
                if p < 0:
                    score = -b - 100          # a discard: the lowest side card first
                elif partner_winning:
                    score = -p - 200          # do not overtake a partner
                elif p > w[S_WPOW]:
                    score = 400 - p           # the cheapest card that wins
                    if e == tr and led != tr and b > overruff:
                        score += RUFF_SURE
                else:
                    score = -p - 300          # cannot win: the lowest
            buf[depth, B_SCORES + count] = score
            count += 1
    sort_moves(buf, depth, count)
    return count


@compiled(I64(H, W, H, I64, I64), inline=True)
def trick_settled(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                  seat: int) -> int:
    """Which side surely wins the current trick (a card led), whatever ``seat`` and the
    hands after it play: 1 the maximisers, 0 the others, -1 neither surely.

    A side wins it when the card now winning is its and no other hand yet to play can beat
    it (a higher card of the suit led, a ruff, an overruff); or when one of its hands yet to
    play holds a card of the suit led above the card now winning and above the other side's
    cards yet to play, none of whom can ruff; or when one of its hands yet to play can ruff
    (void in the suit led) with a trump above every trump the other side's hands yet to
    play could ruff with and above the card now winning.  The ranks relied on go to
    ``buf[depth]`` (only when a side is found).
    """
    led = w[S_LED]
    if led < 0:
        return -1
    tr = w[C_TRUMP]
    maxs = w[C_MAX]
    wpow = w[S_WPOW]
    wside = (maxs >> w[S_WSEAT]) & 1
    lc0 = 0           # the led suit's cards of each side's hands yet to play
    lc1 = 0
    rt0 = -1          # the top trump of each side's hands yet to play that can ruff
    rt1 = -1
    s = seat
    for _ in range(w[C_ACTIVE] - w[S_LEN]):
        side = (maxs >> s) & 1
        h = hands[s, led]
        if h != 0:
            if side == 1:
                lc1 |= h
            else:
                lc0 |= h
        elif led != tr and hands[s, tr] != 0:
            t = top_bit(hands[s, tr])
            if side == 1:
                rt1 = max(rt1, t)
            else:
                rt0 = max(rt0, t)
        s = w[NEXT + s]
    ruffed = led != tr and wpow >= 100
    for x in range(2):
        side = wside if x == 0 else 1 - wside
        mine = lc1 if side == 1 else lc0
        theirs = lc0 if side == 1 else lc1
        my_rt = rt1 if side == 1 else rt0
        their_rt = rt0 if side == 1 else rt1
        # each way the side surely wins: the suit and rank it relies on (-1: none); of
        # several, the one that leaves fewest cards mattering (the widest table entry)
        best_e = -2
        best_b = 0
        best_k = 99
        if side == wside:
            # the card now winning stands (its rank matters if it beats a card of its suit:
            # one played, or one the other side's hands yet to play hold)
            we = led
            wb = wpow
            stands = False
            if led == tr:
                wb = wpow - 100
                stands = theirs == 0 or top_bit(theirs) < wb
                beats = theirs != 0
            elif ruffed:
                we = tr
                wb = wpow - 100
                stands = their_rt < wb
                beats = their_rt >= 0
            else:
                stands = their_rt < 0 and (theirs == 0 or top_bit(theirs) < wb)
                beats = theirs != 0
            if stands:
                if beats or popcount(w[TRICK + we]) > 1:
                    best_e = we
                    best_b = wb
                    best_k = popcount(w[LEFT + we] >> wb)
                else:
                    best_e = -1
                    best_k = 0
        if best_k > 0 and mine != 0 and not ruffed and (led == tr or their_rt < 0):
            # a card of the suit led above the card now winning and all of theirs
            top = top_bit(mine)
            if top > wpow - (100 if led == tr else 0) and (1 << top) > theirs:
                k = popcount(w[LEFT + led] >> top)
                if k < best_k:
                    best_e = led
                    best_b = top
                    best_k = k
        if best_k > 0 and my_rt >= 0 and my_rt > their_rt and (not ruffed or my_rt > wpow - 100):
            # a ruff (an overruff) the other side cannot beat
            if their_rt >= 0 or ruffed:
                k = popcount(w[LEFT + tr] >> my_rt)
                if k < best_k:
                    best_e = tr
                    best_b = my_rt
                    best_k = k
            else:
                best_e = -1
                best_k = 0
        if best_e >= -1:                # a way found (-1: relying on no rank)
            if best_e >= 0 and best_b < buf[depth, B_REL + best_e]:
                buf[depth, B_REL + best_e] = best_b
            return int(side)
    return -1
