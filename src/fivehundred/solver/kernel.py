"""The search kernel: alpha-beta on bitmasks and small int arrays, compiled by numba.

The same source runs as plain Python with ``NUMBA_DISABLE_JIT=1`` (the pure twin, for tests
and debugging).  Everything is int64.  A hand is ``hands[seat, esuit]``, a mask of effective
ranks (bit r set: the card of effective rank r).  The other state lives in one flat row
``w`` (configuration, search state, shown voids, the current trick's cards, the seat order)
and the per-depth scratch in ``buf[depth]``; the hands, ``w`` and ``buf`` are rows of one
state array ``st``, so a recursive call passes two arrays, ``st`` and the transposition table
``tt``.  The helpers are inlined into ``search`` (``jit``); popcount, the top bit and a cache
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
  our side holds, and not suits whose top cards sit over the leader; following, the cheapest card that beats
  the opponents yet to play too, low when a partner surely wins the trick, high enough to
  beat an opponent who would beat the partner's card; a ruff nobody can overruff first;
  the lowest discard (from the shortest suit in a misère); the move the table says decided
  last time, and before it the killer move (for the leader's side only: the other side's
  killers cost more nodes than they save);
* the lowest winning rank: once a card below every rank its answer depended on has failed,
  the other such cards of its suit (equivalent to it) are not tried;
* quick tricks from top cards (directly or through a partner's entry), top trumps that
  surely win later, trumps above all of the other side's (a lower bound for either side),
  the last trick played out; inside a trick, a side that needs one more trick and surely
  wins this one (DDS's second-hand quick trick).
"""

from __future__ import annotations

import numpy as np
from numba import types

from .intrinsics import popcount, prefetch_row, top_bit
from .jit import compiled

# -- the flat state array w ----------------------------------------------------------------
# configuration, fixed for a solve
C_TRUMP = 0        # effective suit that beats all others: the trump suit, or 4 at no trumps
C_NT = 1           # 1 at no trumps and misère
C_CLASSIC = 2      # 1: the classic joker rule; 0: the Australian one
C_MUST_JOKER = 3   # 1: a player void in the led suit must play the joker (Australian misère)
C_MAX = 4          # mask of maximising seats
C_COUNT = 5        # mask of seats whose tricks count
C_STOP = 6         # 1: the hand ends when a counted seat wins a trick (misère)
C_BUDGET = 7       # node budget, 0 for none
C_GEN = 8          # transposition table generation of this solve
C_SEATS = 9        # number of seats (rows of hands)
C_ACTIVE = 10      # number of seats that play (cards in a trick)
# search state
S_LEADER = 16
S_LEN = 17         # cards in the current trick
S_LED = 18         # effective suit led, -1 for none
S_LEDSUITS = 19    # suits led so far (the Australian joker rule)
S_LEFT = 20        # tricks left, the current one included
S_WSEAT = 21       # seat winning the current trick
S_WPOW = 22        # its power
S_NODES = 23
S_ABORT = 24
S_LAST = 25        # last seat to play to the current trick
S_PROBES = 26      # table look-ups (statistics)
S_HITS = 27        # look-ups that answered the question at once
S_FORCE = 28       # a move the root (depth 0) must play, -1 for none: one move's question
S_TSUITS = 29      # suits played to the trick just completed (for the next owner_codes)
VOIDS = 32         # + seat: suits shown void
TRICK = 40         # + esuit: cards of the current trick
NEXT = 48          # + seat: the next seat to play
LEFT = 56          # + esuit: the suit's cards still in the hands (the union of hands[:, esuit])
W_SIZE = 61

# -- the transposition table tt[slot] -------------------------------------------------------
T_BUCKET = 0       # 4 words: every hand's suit lengths, the leader and the joker's state
BUCKET_WORDS = 4
T_CODE = 4         # + esuit: owners of the suit's top cards that matter, 3 bits each
T_KS = 9           # how many top cards of each suit matter, 5 bits a suit
T_LB = 10
T_UB = 11
T_GEN = 12
T_BEST = 13        # the move that decided the question last time (tried first next time)
TT_COLS = 14
PROBES = 12

# -- per-depth scratch buf[depth] -----------------------------------------------------------
MAX_MOVES = 64
B_MOVES = 0
B_SCORES = 64
B_BUCKET = 128     # this position's bucket words
B_CODE = 132       # + esuit: owners of all the suit's cards from the top
B_NCARDS = 137     # + esuit: cards of the suit left
B_REL = 142        # + esuit: the lowest rank that mattered (NONE: no card of it mattered)
B_HINT = 147       # the table's best move for this position, or -1
B_KILLER = 148     # the move that last cut off at this depth (tried early: a killer move)
B_LOW = 152        # + seat: the card each hand plays to an entry trick (entry_tricks)
B_KEYED = 158      # 1: this depth's B_CODE and B_NCARDS describe the node now searched
BUF_COLS = 160
MAX_DEPTH = 80

# -- the state array st[row]: the per-depth scratch, then w, then the hands ---------------------
W_ROW = MAX_DEPTH  # w: st[W_ROW, :W_SIZE]
HAND_ROW = W_ROW + 1  # hands[seat, esuit]: st[HAND_ROW + seat, esuit]
MAX_SEATS = 6
STATE_ROWS = HAND_ROW + MAX_SEATS

# lead ordering weights (measured on node counts): an opponent's void counts as this many
# cards of the suit; a suit whose top or second card the last hand holds (not singly) scores
# this much less; each opponent card of the suit (in a trump contract) this much less; the
# top card of a suit an opponent can ruff scores this instead of 300; a finesse (the next
# hand holds the top card, a partner the second, not singly) scores this much more
LEAD_VOID = 4
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
# in a misère that stops at the first trick, a void hand discards from its shortest suit
# first (each card of the suit costs this much; measured: misère nodes -20%; trick
# contracts do worse with it)
MISERE_SHORT = 20
NONE = 40          # "no rank mattered": above every effective rank
NO_NAME = 7        # move field: the joker lead names no suit

I64 = types.int64
W = types.int64[::1]
H = types.int64[:, ::1]



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


@compiled(I64(W, I64, I64, I64), inline=True)
def power_of(w: np.ndarray, esuit: int, rank: int, led: int) -> int:
    """How strongly a card plays to a trick: trumps above the led suit, others cannot win."""
    if esuit == w[C_TRUMP]:
        return 100 + rank
    if esuit == led:
        return rank
    return -1


@compiled(types.UniTuple(I64, 5)(H, W, I64), inline=True)  # type: ignore[no-untyped-call]
def later_hands(hands: np.ndarray, w: np.ndarray, seat: int) -> tuple[int, int, int, int, int]:
    """What the hands yet to play after ``seat`` hold in the led suit (led >= 0).

    ``(partners, opponents, partner_ruffs, opponent_ruffs, overruff)``: the led suit's cards
    of ``seat``'s partners and of its opponents yet to play; 1 if one of them can ruff (void
    in the suit, holding a trump), else 0; the top trump of the opponents who can, or -1.
    """
    led = w[S_LED]
    tr = w[C_TRUMP]
    maxs = w[C_MAX]
    my_side = (maxs >> seat) & 1
    partners = 0
    opponents = 0
    part_ruff = 0
    opp_ruff = 0
    overruff = -1
    s = w[NEXT + seat]
    for _ in range(w[C_ACTIVE] - w[S_LEN] - 1):
        ruffs = led != tr and hands[s, led] == 0 and hands[s, tr] != 0
        if ((maxs >> s) & 1) == my_side:
            partners |= hands[s, led]
            if ruffs:
                part_ruff = 1
        else:
            opponents |= hands[s, led]
            if ruffs:
                opp_ruff = 1
                overruff = max(overruff, top_bit(hands[s, tr]))
        s = w[NEXT + s]
    return partners, opponents, part_ruff, opp_ruff, overruff


@compiled(types.boolean(W, H, I64, I64, I64, types.boolean), inline=True)
def wins_trick(w: np.ndarray, buf: np.ndarray, depth: int, mine: int, theirs: int,
               can_ruff: bool) -> bool:
    """Whether a side surely wins the current trick, no opponent yet to play being able to
    ruff: by ``mine``'s top card of the led suit (above the card now winning and above
    ``theirs``, the opponents' cards yet to play), or by a ruff of a trick not yet ruffed.
    The rank relied on goes to ``buf[depth]``."""
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
    return can_ruff


@compiled(types.boolean(H, W, H, I64, I64), inline=True)
def side_wins_trick(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
                    seat: int) -> bool:
    """Whether the side of ``seat`` (to play, not last) surely wins the current trick.

    Either one of its hands yet to play holds a card of the led suit above the card now
    winning and above every card of the suit the opponents yet to play hold, or one of them
    can ruff a trick not yet ruffed; in both cases no opponent yet to play can ruff (DDS's
    quick trick for the second hand).  The rank relied on goes to ``buf[depth]``.
    """
    led = w[S_LED]
    if led < 0:
        return False
    tr = w[C_TRUMP]
    partners, theirs, part_ruff, opp_ruff, _ = later_hands(hands, w, seat)
    if opp_ruff:
        return False
    own = hands[seat, led]
    own_ruff = led != tr and own == 0 and hands[seat, tr] != 0
    return wins_trick(w, buf, depth, partners | own, theirs, part_ruff == 1 or own_ruff)


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


@compiled(I64(H, W, H, I64, I64), inline=True)
def gen_moves(hands: np.ndarray, w: np.ndarray, buf: np.ndarray, depth: int,
              seat: int) -> int:
    """Write the moves of ``seat`` into ``buf[depth]`` best first; return how many.

    A move is ``esuit | rank << 3 | name << 8 | bottom << 11``: the suit a joker lead names
    (or 7), and the lowest card of the sequence the move stands for.  Of cards in sequence in
    one hand (no card left between them elsewhere, the current trick included) only the
    highest is tried.
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
        partners, theirs, _, opp_ruff, overruff = later_hands(hands, w, seat)
        if opp_ruff:
            theirs = -1
        if not partner_winning and theirs >= 0:
            # a partner yet to play surely wins the trick with a card of the suit: as good
            # as winning now (a partner's ruff is not counted: measured, it costs nodes)
            partner_winning = wins_trick(w, buf, depth, partners, theirs, False)
        if hi == led + 1 and hands[seat, led] != 0:
            if partner_winning and theirs > 0:
                # a partner's card of the suit that an opponent yet to play can beat is not
                # winning yet: try to beat that opponent (suit nodes -5%, no trumps -5%)
                wp = w[S_WPOW]
                led_trumps = led == w[C_TRUMP]
                if (led_trumps or wp < 100) and top_bit(theirs) > wp - (
                        100 if led_trumps else 0):
                    partner_winning = False
            return follow_moves(hands, w, buf, depth, seat, partner_winning, theirs)
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
        win_bonus = 300
        if leading:
            # who wins this suit: partner's top card, a partner's ruff, an opponent's ruff;
            # and how many cards the opponents may choose from (a smaller tree first)
            opp_ruff = False
            part_top = False
            part_ruff = False
            opp_cards = 0
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
            if opp_ruff:
                lead_bonus = -50
                win_bonus = LEAD_RUFFED
            elif part_top:
                lead_bonus = 200
            elif part_ruff:
                lead_bonus = 150
            if not nt:
                lead_bonus -= LEAD_W * opp_cards
                win_bonus -= LEAD_W * opp_cards
            rest = allm ^ (1 << top)
            if rest:
                sec = top_bit(rest)
                top_s = seat
                sec_s = seat
                for s in range(n):
                    if (hands[s, e] >> top) & 1:
                        top_s = s
                    if (hands[s, e] >> sec) & 1:
                        sec_s = s
                rest = rest ^ (1 << sec)
                if rest and ((maxs >> top_s) & 1) != my_side and (
                        (maxs >> sec_s) & 1) == my_side:
                    third = top_bit(rest)
                    for s in range(n):
                        if (hands[s, e] >> third) & 1 and ((maxs >> s) & 1) == my_side:
                            lead_bonus += LEAD_SIDE23   # we hold the next two below the top
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
                if b != top and bottom < b:
                    # the top of a sequence (knocking out a higher card): more so the
                    # second best card, making the rest of the sequence winners
                    score += LEAD_SEQ2 if b == top_bit(allm ^ (1 << top)) else LEAD_SEQ
            else:
                p = power_of(w, e, b, led)
                if p < 0:
                    score = -b - 100          # a discard: the lowest side card first
                    if w[C_STOP] == 1:
                        score -= MISERE_SHORT * popcount(h)
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
    for i in range(1, count):                 # insertion sort, best first
        mv = buf[depth, B_MOVES + i]
        sc = buf[depth, B_SCORES + i]
        j = i - 1
        while j >= 0 and buf[depth, B_SCORES + j] < sc:
            buf[depth, B_MOVES + j + 1] = buf[depth, B_MOVES + j]
            buf[depth, B_SCORES + j + 1] = buf[depth, B_SCORES + j]
            j -= 1
        buf[depth, B_MOVES + j + 1] = mv
        buf[depth, B_SCORES + j + 1] = sc
    return count


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


@compiled(types.boolean(H, H, I64, I64))
def search(st: np.ndarray, tt: np.ndarray, depth: int, target: int) -> bool:
    """Can the maximising seats make ``target`` more counted tricks from this position?

    ``st`` is the whole search state (see ``STATE_ROWS``), one array so that a recursive
    call passes two arrays, not four.  On return ``st[depth, B_REL + e]`` holds the lowest
    rank of suit e that the answer depended on (NONE if none).
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
    if w[C_BUDGET] > 0 and w[S_NODES] > w[C_BUDGET]:
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
        leader = w[S_LEADER]
        h = bucket_hash(hands, w, buf, depth)
        prefetch_row(tt, h & (tt.shape[0] - 1))
        if w[C_STOP] == 0:
            # sure trump tricks: a lower bound for the counted seats, an upper one from the
            # others' sure tricks
            tr = top_trump_run(hands, w)
            if tr > 0:
                low = tr & 63
                run = tr >> 9
                owner = (tr >> 6) & 7
                omax = (w[C_MAX] >> owner) & 1
                ocount = (w[C_COUNT] >> owner) & 1
                if (omax == 1 and ocount == 1 and run >= target) or (
                        omax == 0 and ocount == 0 and left - run < target):
                    buf[depth, B_REL + w[C_TRUMP]] = low
                    return bool(omax == 1)
            sure = sure_trumps(hands, w, 1)
            if sure >> 6 >= target:
                if (sure & 63) < NONE:
                    buf[depth, B_REL + w[C_TRUMP]] = sure & 63
                return True
            sure = sure_trumps(hands, w, 0)
            if left - (sure >> 6) < target:
                if (sure & 63) < NONE:
                    buf[depth, B_REL + w[C_TRUMP]] = sure & 63
                return False
            # the leader's side's quick tricks (directly, else through a partner's entry)
            # decide when they reach ``need``: the target for a counted maximiser, more than
            # the others may lose for an uncounted minimiser
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
                    return bool(lmax == 1)
                clear_rel(w, buf, depth)
        owner_codes(hands, w, buf, depth)
        w[S_PROBES] += 1
        found = tt_lookup(hands, w, tt, buf, depth, h, target)
        if found >= 0:
            w[S_HITS] += 1
            return found == 1
        hint = buf[depth, B_HINT]
    seat = w[S_LEADER] if w[S_LEN] == 0 else w[NEXT + w[S_LAST]]
    if not boundary and not forced and w[C_STOP] == 0 and w[S_LEN] < w[C_ACTIVE] - 1:
        # a side that needs one more trick and surely wins this one
        smax = (w[C_MAX] >> seat) & 1
        if smax == (w[C_COUNT] >> seat) & 1 and (
                target == 1 if smax == 1 else target == left):
            if side_wins_trick(hands, w, buf, depth, seat):
                return bool(smax == 1)
            clear_rel(w, buf, depth)
    if forced:
        count = 1
        buf[depth, B_MOVES] = w[S_FORCE]
    else:
        count = gen_moves(hands, w, buf, depth, seat)
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
        if o_len == 0:
            w[S_LEADER] = seat
            if e == 4 and w[C_NT] == 1:
                led = -1 if nm == NO_NAME else nm
            else:
                led = e
            w[S_LED] = led
            if 0 <= led < 4:
                w[S_LEDSUITS] = o_ledsuits | (1 << led)
            w[S_WSEAT] = seat
            w[S_WPOW] = power_of(w, e, b, led)
        else:
            led = o_led
            if led >= 0 and e != led:
                w[VOIDS + seat] = o_void | (1 << led)
            p = power_of(w, e, b, led)
            if p > o_wpow:
                w[S_WSEAT] = seat
                w[S_WPOW] = p
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
