"""A seat's :class:`~fivehundred.view.View` as one fixed-size vector, for learning agents.

Every variant (2 to 6 players, every pack and option) fills the same layout, so one network can
learn them all.  The vector is built from a View alone: it can hold nothing the seat may not
see (the View is the security boundary; the tests check it).  Seats are relative: slot 0 is
the observing seat, slot k the seat k places to its left; a table of n seats leaves slots n..5
empty.  Cards are one bit per card id (0..64, the joker 64); counts are scaled into [0, 1] and
scores into [-1, 1] by the game's target, so every entry lies in [-1, 1].  The last field,
``rules``, says which house rules are in force (:data:`RULE_FEATURES` names its entries): the
same for every seat and every step of a game, so a network trained across variants can tell
them apart (australian and classic4 share a player count and a pack, not their rules).

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=1)
>>> v = g.view(g.to_move)
>>> x = encode(v)
>>> x.shape == (OBS_SIZE,), x.dtype.name
(True, 'float32')
>>> int(x[FIELDS["hand"].slice].sum()) == len(v.hand)
True
>>> from fivehundred.actions import token_of
>>> sorted(token_of(int(a)) for a in action_mask(v).nonzero()[0])[:3]
['10C', '10D', '10H']
>>> block = x[FIELDS["rules"].slice]
>>> [RULE_FEATURES[i] for i in block.nonzero()[0]][:4]
['deck=43', 'kitty_size', 'teams=two', 'auction=rounds']
"""

from __future__ import annotations

from functools import lru_cache
from math import copysign
from typing import NamedTuple

import numpy as np

from ..actions import (
    ALONE,
    BID,
    MISERE,
    NUM_ACTIONS,
    OPEN_MISERE,
    PASS,
    action_from_token,
    token_of,
)
from ..auction import contract_of, price
from ..cards import JOKER, NUM_CARDS, SUIT_LETTERS, token
from ..game import PHASES
from ..rules import CHOICES, MAX_KITTY, Rules
from ..scoring import slam_value
from ..view import View

__all__ = ["FIELDS", "MAX_SEATS", "OBS_SIZE", "POINTS_SCALE", "RULE_FEATURES", "RULE_OPTIONS",
           "Field", "action_mask", "encode", "reward_bound", "rules_block"]

MAX_SEATS = 6
CALLS = 28
"""What a seat can say in the auction: the 25 trick bids, pass, misère, open misère."""
PLAYER_COUNTS = (2, 3, 4, 5, 6)

# The rules block: each option that changes the bidding, the play or the scoring, in this order
# (the number of players is the field ``players``).  "choice": one-hot over the option's values
# (rules.CHOICES, in their order); "bool": 1 if on; "count": the kitty's cards / MAX_KITTY;
# "points": p / (p + POINTS_SCALE), the hole's negated.  Left out, as they change nothing once
# the cards are dealt: first_dealer (the dealer is in the vector) and deal_pattern (a shuffled
# pack dealt in any packets gives every hand and kitty alike).
RULE_OPTIONS: tuple[tuple[str, str], ...] = (
    ("deck", "choice"), ("dead_hand", "bool"), ("kitty_size", "count"),
    ("teams", "choice"), ("call_partner", "bool"), ("auction", "choice"),
    ("misere_allowed", "bool"), ("misere_value", "points"), ("misere_rank", "choice"),
    ("misere_needs_seven", "bool"), ("misere_stops_when_taken", "bool"),
    ("misere_defender_points", "choice"), ("open_misere_allowed", "bool"),
    ("open_misere_value", "points"), ("open_misere_rank", "choice"),
    ("open_misere_reveal", "choice"), ("all_pass", "choice"), ("opening_lead", "choice"),
    ("nt_joker", "choice"), ("slam", "choice"), ("defender_trick_points", "choice"),
    ("win", "choice"), ("target", "points"), ("hole", "points"),
)
POINTS_SCALE = 500.0
"""Points p (a misère's value, the target, the hole) enter the rules block as p / (p + 500):
0.5 at 500, rising with p and below 1 however large (the rules take up to 10**9)."""


def _rule_names(option: str, kind: str) -> list[str]:
    """The names of an option's entries in the rules block: ``deck=43`` for each value of a
    choice, the option's own name for a switch or a number."""
    return [f"{option}={v}" for v in CHOICES[option]] if kind == "choice" else [option]


RULE_FEATURES: tuple[str, ...] = tuple(
    name for option, kind in RULE_OPTIONS for name in _rule_names(option, kind))
"""The name of each entry of the field ``rules`` (``deck=43``, ``misere_value``, ...)."""


class Field(NamedTuple):
    """One named part of the vector."""

    name: str
    offset: int
    size: int

    @property
    def slice(self) -> slice:
        """Where the field lies in the vector."""
        return slice(self.offset, self.offset + self.size)


_SIZES = (
    ("phase", len(PHASES)),             # one-hot
    ("players", len(PLAYER_COUNTS)),    # one-hot: 2..6 players
    ("dealer", MAX_SEATS),              # relative seat, one-hot
    ("to_move", MAX_SEATS),             # relative seat, one-hot (none between hands)
    ("partners", MAX_SEATS),            # seats on this seat's side (itself included)
    ("sitting_out", MAX_SEATS),         # the misère declarer's partners
    ("hand", NUM_CARDS),
    ("kitty", NUM_CARDS),               # the kitty, once this seat has taken it
    ("discards", NUM_CARDS),            # this seat's own discards
    ("played", NUM_CARDS),              # every card of the finished tricks
    ("trick", MAX_SEATS * NUM_CARDS),   # the trick in progress: each relative seat's card
    ("joker_named", len(SUIT_LETTERS)),  # the suit a led joker named (no trumps, misère)
    ("exposed", NUM_CARDS),             # cards face up: the open misère declarer's
    ("hand_sizes", MAX_SEATS),          # cards held, / 16 (or / the most a hand can hold)
    ("tricks_won", MAX_SEATS),          # tricks taken this hand, / 10
    ("voids", MAX_SEATS * len(SUIT_LETTERS)),  # suits each seat has shown void in
    ("auction", MAX_SEATS * CALLS),     # each relative seat's latest call, one-hot
    ("strain", 5),                      # the contract's strain: S C D H NT
    ("misere", 2),                      # misère, open misère
    ("contract_tricks", 1),             # tricks the contract needs, / 10
    ("declarer", MAX_SEATS),            # relative seat, one-hot
    ("partner", MAX_SEATS),             # the five-handed called partner once known
    ("call", NUM_CARDS),                # the five-handed called card
    ("alone", 1),                       # the five-handed declarer plays alone
    ("scores", MAX_SEATS),              # each relative seat's side's score, / target
    ("rules", len(RULE_FEATURES)),      # the house rules in force: RULE_FEATURES
)


def _layout() -> dict[str, Field]:
    out: dict[str, Field] = {}
    at = 0
    for name, size in _SIZES:
        out[name] = Field(name, at, size)
        at += size
    return out


FIELDS: dict[str, Field] = _layout()
"""Each part of the vector by name (``FIELDS["hand"].slice``)."""
OBS_SIZE = sum(size for _, size in _SIZES)
_RULES = FIELDS["rules"].slice


def _call_index(token: str) -> int:
    """A call's place among the ``CALLS``: trick bids 0..24, pass, misère, open misère."""
    a = action_from_token(token, auction=True)
    if a == PASS:
        return 25
    if a == MISERE:
        return 26
    if a == OPEN_MISERE:
        return 27
    return a - BID


_CARDS: dict[str, tuple[int, int]] = {token(c): (c, -1) for c in range(NUM_CARDS)}
_CARDS.update({f"JK:{s}": (JOKER, i) for i, s in enumerate(SUIT_LETTERS)})


def _card(text: str) -> tuple[int, int]:
    """A played card's id and the suit a led joker named (-1 if none): ``JK:H`` is (64, 3)."""
    return _CARDS[text]


def _set_cards(x: np.ndarray, field: str, tokens: tuple[str, ...] | list[str],
               slot: int = 0) -> None:
    f = FIELDS[field]
    for t in tokens:
        x[f.offset + slot * NUM_CARDS + _card(t)[0]] = 1.0


def _rule_values(rules: Rules) -> list[float]:
    """The rules block's entries, in the order of :data:`RULE_FEATURES`."""
    out: list[float] = []
    for option, kind in RULE_OPTIONS:
        v = getattr(rules, option)
        if kind == "choice":
            out += [1.0 if v == c else 0.0 for c in CHOICES[option]]
        elif kind == "bool":
            out.append(1.0 if v else 0.0)
        elif kind == "count":
            out.append(v / MAX_KITTY)
        else:
            out.append(copysign(abs(v) / (abs(v) + POINTS_SCALE), v))
    return out


@lru_cache(maxsize=64)
def rules_block(rules: Rules) -> np.ndarray:
    """The field ``rules`` of every vector of a game under ``rules`` (read-only float32, one
    entry per :data:`RULE_FEATURES`), made once per rules: encode copies it in each time.

    >>> from fivehundred import Rules
    >>> a, c = rules_block(Rules.preset("australian")), rules_block(Rules.preset("classic4"))
    >>> [RULE_FEATURES[i] for i in (a != c).nonzero()[0]][:3]
    ['misere_rank=after_sevens', 'misere_rank=by_value', 'misere_needs_seven']
    """
    block = np.array(_rule_values(rules), dtype=np.float32)
    block.setflags(write=False)
    return block


def encode(view: View) -> np.ndarray:
    """The seat's view as a float32 vector of :data:`OBS_SIZE` entries (layout: :data:`FIELDS`)."""
    x = np.zeros(OBS_SIZE, dtype=np.float32)
    r = view.rules
    n = r.players
    x[_RULES] = rules_block(r)

    def rel(seat: int) -> int:
        return (seat - view.seat) % n

    def one(field: str, i: int, value: float = 1.0) -> None:
        x[FIELDS[field].offset + i] = value

    one("phase", PHASES.index(view.phase))
    one("players", PLAYER_COUNTS.index(n))
    one("dealer", rel(view.dealer))
    if view.to_move is not None:
        one("to_move", rel(view.to_move))
    my_side = r.side_of[view.seat]
    for s in range(n):
        if r.side_of[s] == my_side:
            one("partners", rel(s))
        one("scores", rel(s), max(-1.0, min(1.0, view.scores[r.side_of[s]] / r.target)))
    for s in view.sitting_out:
        one("sitting_out", rel(s))
    _set_cards(x, "hand", view.hand)
    _set_cards(x, "kitty", view.kitty)
    _set_cards(x, "discards", view.discards)
    for tr in view.tricks:
        _set_cards(x, "played", [t for _, t in tr.plays])
    for i, (s, t) in enumerate(view.trick):
        _set_cards(x, "trick", [t], rel(s))
        named = _card(t)[1]
        if i == 0 and named >= 0:
            one("joker_named", named)
    for _, cards in view.exposed:
        _set_cards(x, "exposed", cards)
    most = max(16, 10 + r.kitty_size)   # a hand and the kitty (the presets: 14 at most)
    for s in range(n):
        one("hand_sizes", rel(s), view.hand_sizes[s] / most)
        one("tricks_won", rel(s), view.tricks_won[s] / 10)
        for letter in view.shown_voids[s]:
            one("voids", rel(s) * len(SUIT_LETTERS) + SUIT_LETTERS.index(letter))
    latest: dict[int, str] = {}
    for s, t in view.auction:
        latest[s] = t
    for s, t in latest.items():
        one("auction", rel(s) * CALLS + _call_index(t))
    c = view.contract
    if c is not None:
        if c.is_misere:
            one("misere", 1 if c.is_open else 0)
        else:
            one("strain", c.strain)
            one("contract_tricks", 0, c.tricks / 10)
        one("declarer", rel(c.declarer))
    if view.partner is not None:
        one("partner", rel(view.partner))
    if view.call is not None:
        if view.call == "alone":
            one("alone", 0)
        else:
            _set_cards(x, "call", [view.call.split()[1]])
    return x


_AUCTION_IDS = {token_of(a): a for a in range(BID, ALONE)}
_OTHER_IDS = {token_of(a): a for a in range(NUM_ACTIONS) if not BID <= a < ALONE}
"""The action ids of the engine's own tokens, in the auction and after it (a bid and a card
share a token): the mask reads them at once (through :func:`action_from_token`, the
auction's 28 legal bids took 10 µs a mask)."""


def action_mask(view: View) -> np.ndarray:
    """1 for each legal action id of the seat (all 0 when it is not its turn), int8."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    auction = view.phase == "auction"
    ids = _AUCTION_IDS if auction else _OTHER_IDS
    for t in view.legal_actions:
        a = ids.get(t)
        mask[action_from_token(t, auction=auction) if a is None else a] = 1
    return mask


def reward_bound(rules: Rules) -> int:
    """The most points a side can win or lose in one hand (a hand's reward lies within plus
    or minus it, and some hand reaches it): the dearest contract the rules allow, a trick
    contract's slam included, or 100 (ten tricks at 10, the most a defending side or the
    all-pass game scores), whichever is more.  No side scores a contract and defenders'
    tricks in one hand; a called partner wins or loses half.  What a learner scales rewards
    by; OpenSpiel's utility bounds.

    >>> from fivehundred import Rules
    >>> reward_bound(Rules.preset("australian")), reward_bound(Rules.preset("classic3"))
    (520, 520)
    >>> reward_bound(Rules.preset("australian", slam="bonus_equal_to_bid"))   # 10NT doubled
    1040
    """
    best = max(slam_value(rules, contract_of(rules, b, 0)) for b in range(BID, BID + 25))
    if rules.misere_allowed:                   # (a misère has no slam: its price or its loss)
        best = max(best, price(rules, MISERE))
    if rules.allows_open_misere:
        best = max(best, price(rules, OPEN_MISERE))
    return max(best, 10 * 10)
