"""View: everything one seat may see, and nothing more.

This is the security boundary of the project: bots, clients and research code are given a
View, never a Game.  A View is immutable and holds no reference to the game; hidden cards
(other hands, the kitty, the discards, the dead hand) are simply not in it.  The kitty and
the discards appear only in the declarer's own view once he has taken the kitty, and the
open-misère declarer's hand appears in everyone's view once it is spread.  A bot's seed is
derived one way from the game's (``rng.derive_seed``), so it gives no way back to the deal.
Within one Python process the View is a convention that the project's own code keeps (Python
has no sandbox: a bot could walk up its caller's frames); the browser game's bots run in
worker processes that are sent a bot's name, its seed and a View, nothing else.

>>> from fivehundred import Game, Rules
>>> v = Game(Rules.preset("australian"), seed=7).view(1)
>>> len(v.hand), v.kitty, v.legal_actions, v.to_move
(10, (), (), 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from . import cards
from .actions import token_of
from .auction import Contract
from .errors import SeatError
from .numbers import seat_number
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game, HandResult
    from .game.state import Trick


@dataclass(frozen=True)
class TrickView:
    """A completed trick as seen by everyone."""

    leader: int
    plays: tuple[tuple[int, str], ...]
    """(seat, card token) in the order played; a named joker lead shows as ``JK:H``."""
    winner: int


@dataclass(frozen=True)
class View:
    """One seat's knowledge of the game at one moment."""

    seat: int
    rules: Rules
    phase: str
    to_move: int | None
    dealer: int
    hand_number: int
    hand: tuple[str, ...]
    """This seat's cards (tokens)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (public)."""
    auction: tuple[tuple[int, str], ...]
    """(seat, bid token) in the order spoken."""
    contract: Contract | None
    partner: int | None
    """The five-handed called partner, once called."""
    call: str | None
    """The five-handed declarer's call as announced (``call QH`` or ``alone``)."""
    sitting_out: tuple[int, ...]
    kitty: tuple[str, ...]
    """The kitty's cards: only in the declarer's view, once he has taken it."""
    discards: tuple[str, ...]
    """The declarer's discards: only in the declarer's view."""
    exposed: tuple[tuple[int, tuple[str, ...]], ...]
    """Hands face up on the table: the open-misère declarer's once spread."""
    trick: tuple[tuple[int, str], ...]
    """The trick in progress as (seat, card token)."""
    tricks: tuple[TrickView, ...]
    tricks_won: tuple[int, ...]
    suits_led: tuple[str, ...]
    shown_voids: tuple[tuple[str, ...], ...]
    """Per seat, the suits it has shown void in by failing to follow (public knowledge)."""
    scores: tuple[int, ...]
    hand_results: tuple[HandResult, ...]
    winner: int | None
    legal_actions: tuple[str, ...]
    """This seat's legal actions when it is to move, else empty."""

    @property
    def hand_mask(self) -> int:
        """This seat's cards as a mask."""
        return cards.mask_of(self.hand)


def _play_token(c: int, named: int, first: bool) -> str:
    if first and named >= 0:
        return f"JK:{cards.SUIT_LETTERS[named]}"
    return cards.token(c)


@lru_cache(maxsize=4096)
def _trick_view(tr: Trick) -> TrickView:
    """A finished trick as every seat sees it (the same for all: built once, kept)."""
    return TrickView(
        tr.leader,
        tuple((s, _play_token(x, tr.named, i == 0))
              for i, (s, x) in enumerate(zip(tr.seats, tr.cards, strict=True))),
        tr.winner,
    )


def make_view(game: Game, seat: int) -> View:
    """Build ``seat``'s view of ``game``."""
    r = game.rules
    seat = seat_number(seat, r.players, SeatError)     # numpy's ints too, never a bool
    c = game.contract
    is_declarer = c is not None and c.declarer == seat and game.phase != "auction"
    kitty = cards.tokens(game.deal.kitty) if is_declarer else ()
    discards = cards.tokens(game.discards) if is_declarer else ()
    exposed: tuple[tuple[int, tuple[str, ...]], ...] = ()
    if c is not None and game.exposed and game.phase == "play":
        exposed = ((c.declarer, game.hand_tokens(c.declarer)),)
    tricks = tuple(_trick_view(tr) for tr in game.tricks)
    current = game.trick
    named = game.joker_named if current else -1
    trick = tuple((s, _play_token(x, named, i == 0)) for i, (s, x) in enumerate(current))
    letters = cards.SUIT_LETTERS
    return View(
        seat=seat,
        rules=r,
        phase=game.phase,
        to_move=game.to_move,
        dealer=game.dealer,
        hand_number=game.hand_number,
        hand=game.hand_tokens(seat),
        hand_sizes=tuple(game.hand(s).bit_count() for s in range(r.players)),
        auction=tuple((s, token_of(a)) for s, a in game.auction),
        contract=c,
        partner=game.partner,
        call=game.call,
        sitting_out=game.sitting_out,
        kitty=kitty,
        discards=discards,
        exposed=exposed,
        trick=trick,
        tricks=tricks,
        tricks_won=game.tricks_won,
        suits_led=tuple(letters[s] for s in range(4) if game.suits_led >> s & 1),
        shown_voids=tuple(tuple(letters[s] for s in range(4) if v >> s & 1)
                          for v in game.shown_voids),
        scores=game.scores,
        hand_results=game.hand_results,
        winner=game.winner,
        legal_actions=tuple(game.legal_actions()) if game.to_move == seat else (),
    )
