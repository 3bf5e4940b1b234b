"""The search state's layout: the columns of the flat state ``w``, of the per-depth scratch
``buf[depth]`` and of a transposition table entry, and the rows of the one state array.

Everything is int64 so the same arrays serve the compiled kernel and its pure twin.
"""

from __future__ import annotations

from numba import types

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
C_MISERE = 11      # 1: a misère (the declarer alone counted, every other seat in play against
#                    him, no trumps), whether or not play stops at his first trick
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
S_TIMEUP = 30      # 1: the solve's time limit has passed (raised by a watchdog thread)
VOIDS = 32         # + seat: suits shown void
TRICK = 40         # + esuit: cards of the current trick
NEXT = 48          # + seat: the next seat to play
LEFT = 56          # + esuit: the suit's cards still in the hands (the union of hands[:, esuit])
W_SIZE = 61

# -- the transposition table tt[slot] -------------------------------------------------------
T_GEN = 0          # the solve that wrote the entry (older ones are empty slots)
T_BUCKET = 1       # 4 words: every hand's suit lengths, the leader and the joker's state
BUCKET_WORDS = 4
T_KS = 5           # how many top cards of each suit matter, 5 bits a suit
T_LB = 6
T_UB = 7
T_CODE = 8         # + esuit: owners of the suit's top cards that matter, 3 bits each
T_BEST = 13        # the move that decided the question last time (tried first next time)
TT_COLS = 16       # two cache lines an entry (words 14, 15 unused): a probe of another
#                    bucket reads only the first line
PROBES = 48
"""Slots a look-up scans from the bucket's own (it stops at the first empty one).  Every entry
of a bucket (one suit-length layout and leader) starts at the same slot, whatever its top
cards, so a busy bucket needs many; with 12 the table lost entries it had just proved (measured
over the benchmark deals: suit nodes -3.9% single, -6.2% all moves with 48; 200 saves only 0.2%
more)."""

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

NONE = 40          # "no rank mattered": above every effective rank
NO_NAME = 7        # move field: the joker lead names no suit

I64 = types.int64
W = types.int64[::1]
H = types.int64[:, ::1]
