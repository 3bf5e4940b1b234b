"""The practice tables of PLAY THIS DEAL AGAIN: a finished hand of a table of bots dealt
again at a table of its own, one per hand (:func:`practice_id`), saved with whose hand it
plays again (:class:`Practice`); the checks and PLAY IT AGAIN, a mixin of
:class:`fivehundred.web.table.Table` (which builds the practice table: :meth:`Table.practise`).
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..console.practice import why_not_practise
from ..dealing import Deal
from ..game import Game
from ..rules import Rules
from .seats import Seat, TableError

_OVER = ("hand_over", "game_over")


def practice_id(table_id: str, hand: int, token: str, salt: int = 0) -> str:
    """The id of the practice table of hand ``hand`` (from 0) of the game at ``table_id``,
    played again by the seat whose link there is ``token``: one per hand, so PLAY THIS DEAL
    AGAIN asked for again opens it again (a practice table is saved, never listed: one a
    click would fill the saves file without end); ``salt``, the next id to try where that
    one's save is damaged (it is kept).  The token, a secret, keeps anyone who knows only the
    game's id (a friend who sat there once) from asking the server whether a hand was
    practised.

    >>> practice_id("abc", 2, "k") == practice_id("abc", 2, "k") != practice_id("abc", 3, "k")
    True
    >>> practice_id("abc", 2, "k") != practice_id("abc", 2, "other")
    True
    """
    key = f"practice:{table_id}:{hand}:{token}" + (f":{salt}" if salt else "")
    digest = hashlib.blake2b(key.encode(), digest_size=9).digest()
    return base64.urlsafe_b64encode(digest).decode()


@dataclass(frozen=True)
class Practice:
    """What a practice table plays again: hand ``hand`` (from 0) of the game at table
    ``table``, for its ``seat``, whose link there (``token``) is BACK TO THE GAME."""

    table: str
    hand: int
    seat: int
    token: str

    def to_json(self) -> dict[str, Any]:
        """The saved form (part of the practice table's)."""
        return {"table": self.table, "hand": self.hand, "seat": self.seat, "token": self.token}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Practice:
        """A saved one (a field missing or not one raises: :meth:`Table.from_json` reports
        it as damage)."""
        return cls(str(d["table"]), int(d["hand"]), int(d["seat"]), str(d["token"]))


class PracticeTable:
    """A table's practice: whether a seat may play the hand just finished again, and at a
    practice table, its deal once more (a mixin of :class:`fivehundred.web.table.Table`,
    whose fields these are)."""

    rules: Rules
    seed: int
    seats: list[Seat]
    friends: bool
    game: Game
    hands: list[list[str]]
    seq: int
    ready: set[int]
    counted_hands: int
    paused: bool
    paused_by: int | None
    deal: Deal | None
    practice: Practice | None

    if TYPE_CHECKING:
        def check_plays_own_seat(self, seat: int) -> None: ...    # (SeatingTable's)

    def play_again(self, seat: int) -> None:
        """PLAY IT AGAIN at a practice table whose hand is over: the same deal once more, in
        place (its seed and bots' seeds too); TableError, nothing changed, if it may not."""
        self._check_practice(seat)
        self.deal_again()

    def deal_again(self) -> None:
        """A practice table's deal from its start, whatever was played of it (its seed, and
        so its bots' answers, kept; a pause let go); TableError, nothing changed, at a game's
        table."""
        if self.practice is None or self.deal is None:
            raise TableError("no_practice", "PLAY IT AGAIN is for a practice table (PLAY THIS "
                                            "DEAL AGAIN opens one)")
        self.game = Game(self.rules, seed=self.seed, deal=self.deal,
                         scores=self.game.start_scores)
        self.hands = [[]]
        self.ready.clear()
        self.paused, self.paused_by = False, None
        self.counted_hands = 0
        self.seq += 1

    def may_practise(self, seat: int) -> bool:
        """Whether ``seat`` may play this deal again now (:meth:`practise`, or at a practice
        table :meth:`play_again`)."""
        try:
            self._check_practice(seat)
        except TableError:
            return False
        return True

    def _check_practice(self, seat: int) -> None:
        """TableError ``no_practice`` unless ``seat`` may play the hand just finished again:
        only at a table of bots (no other person's cards are at stake), once the hand is
        over, and not a hand thrown in (all passed: nothing was played; one played at no
        trumps was), but at a practice table, whose deal is the point."""
        self.check_plays_own_seat(seat)
        if self.friends or any(s.kind == "human" for s in self.seats if s.seat != seat):
            raise TableError("no_practice", "a deal is played again only at a table of bots: "
                                            "at a table with friends their cards are at stake")
        why = why_not_practise(self.game)
        if why is not None and not (self.practice is not None and self.game.phase in _OVER):
            raise TableError("no_practice", why)       # (the terminals' reasons too)
