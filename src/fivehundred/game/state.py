"""The state of a game of Five Hundred: the records it keeps (tricks, hand results, hand
logs) and the fields that every phase reads and writes.

Every field holds an immutable value, so a snapshot is just the tuple of the fields
(:data:`get_state`): ``Game.clone`` and ``Game.undo`` are cheap.  The phases build on
:class:`GameState`: :class:`fivehundred.game.play.PlayPhase`, then
:class:`fivehundred.game.bidding.BiddingPhase`, then :class:`fivehundred.game.Game`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, NamedTuple

from ..auction import Contract
from ..dealing import Deal
from ..rules import Rules
from ..tricks import StrainTables, sitting_out


class Trick(NamedTuple):
    """A completed trick: who led, who played what (in order), the joker's named suit, winner."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    named: int
    """Suit named by a joker lead at no trumps (-1: none)."""
    winner: int


class HandResult(NamedTuple):
    """What one finished hand came to."""

    number: int
    dealer: int
    contract: Contract | None
    """None when all passed (thrown in, or played at no trumps by everyone)."""
    declarer: int | None
    partner: int | None
    """The five-handed called partner, if any."""
    tricks: tuple[int, ...]
    """Tricks taken by each seat."""
    points: tuple[int, ...]
    """Points scored by each side."""
    made: bool | None
    kind: str
    """``contract``, ``all_pass_redeal`` or ``all_pass_no_trumps``."""

    @property
    def played_out(self) -> bool:
        """Whether every card was played (so the hand may be reviewed): not thrown in, and
        no misère stopped at the declarer's first trick; ten tricks in every hand."""
        return self.kind != "all_pass_redeal" and sum(self.tricks) == 10


class HandLog(NamedTuple):
    """A finished hand's deal and every action taken in it (for records and replays)."""

    deal: Deal
    actions: tuple[int, ...]


STATE_FIELDS = (
    "_hand_no", "_dealer", "_scores", "_results", "_winner", "_past", "_deal", "_log",
    "_phase", "_to_move", "_hands", "_kitty", "_discards", "_discards_left",
    "_auction", "_passed", "_high", "_high_seat", "_spoken",
    "_contract", "_t", "_partner", "_next", "_leader", "_trick", "_trick_seats", "_led",
    "_named", "_led_suits", "_voids", "_won", "_tricks", "_exposed", "_reach_order",
    "_hand_start",
)
get_state = attrgetter(*STATE_FIELDS)
"""The state's fields as a tuple, in the order of ``STATE_FIELDS`` (a snapshot)."""


class GameState:
    """The fields of a game's state, and the seats they imply."""

    __slots__ = ("rules", "seed", "start_scores", "_undo", "_bid_table", *STATE_FIELDS)

    rules: Rules
    seed: int
    start_scores: tuple[int, ...]
    """Each side's score when the game began: 0 but for a game taken up at a score (a
    practice of one hand of another game, at that game's score)."""
    _undo: list[tuple[Any, ...]]
    """States before each ``next_hand`` (actions within a hand are undone by replay)."""
    _bid_table: dict[int | None, tuple[int, ...]]
    _hand_no: int
    _dealer: int
    _scores: tuple[int, ...]
    _results: tuple[HandResult, ...]
    _winner: int | None
    _past: tuple[HandLog, ...]
    _deal: Deal
    _log: tuple[int, ...]
    _phase: str
    _to_move: int | None
    _hands: tuple[int, ...]
    _kitty: int
    _discards: int
    _discards_left: int
    _auction: tuple[tuple[int, int], ...]
    _passed: int
    _high: int | None
    _high_seat: int | None
    _spoken: int
    _contract: Contract | None
    _t: StrainTables | None
    _partner: int | None
    _next: tuple[int, ...]
    _leader: int
    _trick: tuple[int, ...]
    _trick_seats: tuple[int, ...]
    _led: int
    _named: int
    _led_suits: int
    _voids: tuple[int, ...]
    _won: tuple[int, ...]
    _tricks: tuple[Trick, ...]
    _exposed: bool
    _reach_order: tuple[int, ...]
    _hand_start: tuple[Any, ...]

    @property
    def eldest(self) -> int:
        """The seat left of the dealer (first to bid)."""
        return (self._dealer + 1) % self.rules.players

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Seats that take no part in the play (the misère declarer's partners)."""
        c = self._contract
        return () if c is None else sitting_out(self.rules, c.declarer, c.is_misere)


def replaced(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    """A tuple with item ``i`` replaced."""
    return (*t[:i], v, *t[i + 1 :])
