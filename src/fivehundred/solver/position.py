"""A play position in the solver's terms: effective suits and ranks, sides, joker rules.

A Position is plain, immutable data taken from a Game in the play phase (or built from given
hands); it knows nothing of how to search.  Cards become (effective suit, effective rank):
suits 0..3, and 4 for the joker at no trumps; in a suit contract the trump suit ranks its plain
cards by rank, then the left bower (16), the right bower (17) and the joker (18).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import JACK, JOKER, NO_TRUMPS
from ..errors import FiveHundredError
from ..game import Game
from ..numbers import whole_number
from ..rules import Rules
from ..scoring import declaring_seats
from ..tricks import NO_SUIT, TABLES, opening_leader, sitting_out
from ..words import joined


class PositionError(FiveHundredError):
    """The game is not at a position the solver can take (not in the play phase)."""


@dataclass(frozen=True)
class Position:
    """Everything the solver needs about a play position, and nothing else."""

    players: int
    strain: int
    """0..3: that suit is trumps; 4: no trumps (also misère)."""
    hands: tuple[int, ...]
    """Engine card masks per seat; seats out of the play hold nothing here."""
    active: tuple[int, ...]
    """Seats that play, clockwise."""
    leader: int
    trick: tuple[tuple[int, int], ...]
    """(seat, card) already played to the current trick."""
    named: int
    """Suit named by a joker lead to the current trick, -1 if none."""
    max_seats: int
    """Mask of the seats trying to maximise the counted tricks."""
    count_seats: int
    """Mask of the seats whose tricks are counted."""
    misere: bool
    misere_stop: bool
    nt_joker: str
    led_suits: int
    voids: tuple[int, ...]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        first = self.trick[0][0] if self.trick else self.leader
        return self.hands[first].bit_count() + (1 if self.trick else 0)

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        if not self.trick:
            return self.leader
        last = self.trick[-1][0]
        i = self.active.index(last)
        return self.active[(i + 1) % len(self.active)]

    @classmethod
    def from_game(cls, game: Game, side: tuple[int, ...] | None = None) -> Position:
        """The position of ``game`` (in the play phase) for the declaring side, or ``side``.

        For a trick contract the declaring side (with a five-handed called partner) maximises
        its tricks; for misère the defenders try to make the declarer take tricks, so the
        declarer's tricks are counted and the defenders maximise them.  In the all-pass game
        there is no declarer: give ``side``.
        """
        if not isinstance(game, Game):
            hint = (": a View hides cards the solver needs; deal the unseen cards first "
                    "(bots/sampling.py)" if type(game).__name__ == "View" else "")
            raise PositionError(f"the solver needs a Game (or a Position), not "
                                f"{type(game).__name__}{hint}")
        if game.phase != "play":
            raise PositionError(f"the solver needs a game in the play phase, not {game.phase}")
        r = game.rules
        c = game.contract
        out = set(game.sitting_out)
        active = tuple(s for s in range(r.players) if s not in out)
        all_active = sum(1 << s for s in active)
        misere = c is not None and c.is_misere
        if side is not None:
            count = _side_mask(side, r.players, active)
            maxs = count
        elif c is None:
            raise PositionError(_all_passed(r, active))
        elif misere:
            count = 1 << c.declarer
            maxs = all_active & ~count
        else:
            count = sum(1 << s for s in declaring_seats(r, c, game.partner))
            maxs = count
        t = game.trick
        leader = t[0][0] if t else game.to_move
        assert leader is not None
        strain = NO_TRUMPS if c is None else c.strain
        return cls(
            players=r.players,
            strain=strain,
            hands=tuple(game.hand(s) if s not in out else 0 for s in range(r.players)),
            active=active,
            leader=leader,
            trick=t,
            named=game.joker_named if t else NO_SUIT,
            max_seats=maxs & all_active,
            count_seats=count & all_active,
            misere=misere,
            misere_stop=misere and r.misere_stops_when_taken,
            nt_joker=r.nt_joker,
            led_suits=game.suits_led,
            voids=game.shown_voids,
        )

    @classmethod
    def for_contract(
        cls,
        rules: Rules,
        hands: Sequence[int],
        declarer: int,
        strain: int,
        misere: bool = False,
        partner: int | None = None,
        dealer: int | None = None,
    ) -> Position:
        """The opening position of a contract on given hands (after the kitty), by the rules.

        ``hands`` holds one card mask per seat; the declarer's side is his team (and the
        five-handed ``partner``); in misère his partners sit out and the defenders try to make
        him take a trick.  The opening lead follows ``rules.opening_lead`` (with ``eldest``,
        the seat left of ``dealer``; without a dealer, the declarer's left).
        """
        n = rules.players
        team = set(rules.sides[rules.side_of[declarer]])
        out = sitting_out(rules, declarer, misere)
        active = tuple(s for s in range(n) if s not in out)
        all_active = sum(1 << s for s in active)
        if misere:
            count = 1 << declarer
            maxs = all_active & ~count
        else:
            if partner is not None:
                team.add(partner)
            count = maxs = sum(1 << s for s in team)
        leader = opening_leader(rules, dealer, declarer, misere)
        return cls(
            players=n,
            strain=NO_TRUMPS if misere else strain,
            hands=tuple(hands[s] if s not in out else 0 for s in range(n)),
            active=active,
            leader=leader,
            trick=(),
            named=NO_SUIT,
            max_seats=maxs,
            count_seats=count,
            misere=misere,
            misere_stop=misere and rules.misere_stops_when_taken,
            nt_joker=rules.nt_joker,
            led_suits=0,
            voids=(0,) * n,
        )


def effective(strain: int, card: int) -> tuple[int, int]:
    """A card's (effective suit, effective rank) under a strain."""
    t = TABLES[strain]
    e = t.eff_suit[card]
    if strain == NO_TRUMPS:
        return (4, 0) if card == JOKER else (e, card & 15)
    if e == strain:
        p = t.power[card] - 100
        return e, (p if p < 16 else p - 13)  # bowers and joker: 129, 130, 131 -> 16, 17, 18
    return e, card & 15



SUIT_BITS = 0xFFFF
RIGHT_RANK, LEFT_RANK, JOKER_RANK = 17, 16, 18
"""Effective ranks in a trump suit of the right bower, the left bower and the joker."""
_JACK = 1 << JACK


def effective_masks(strain: int, mask: int) -> tuple[int, int, int, int, int]:
    """A hand's cards as five masks of effective ranks, one per effective suit (a whole hand
    at once: :func:`effective` card by card, in a few shifts).

    >>> from fivehundred.cards import mask_of
    >>> masks = effective_masks(3, mask_of(["JH", "JD", "JK", "AH", "AD"]))   # hearts trumps
    >>> [[r for r in range(19) if m >> r & 1] for m in masks]
    [[], [], [15], [15, 16, 17, 18], []]
    """
    # unrolled, no loop: the solver loads every hand of every imagined deal
    suits = [mask & SUIT_BITS, (mask >> 16) & SUIT_BITS, (mask >> 32) & SUIT_BITS,
             (mask >> 48) & SUIT_BITS]
    if strain == NO_TRUMPS:
        return suits[0], suits[1], suits[2], suits[3], (mask >> JOKER) & 1
    add = 1 << JOKER_RANK if mask >> JOKER & 1 else 0
    if suits[strain ^ 1] & _JACK:                 # the left bower leaves its own suit
        suits[strain ^ 1] ^= _JACK
        add |= 1 << LEFT_RANK
    if suits[strain] & _JACK:                     # the right bower: off its rank, onto its own
        add |= _JACK | 1 << RIGHT_RANK
    suits[strain] ^= add
    return suits[0], suits[1], suits[2], suits[3], 0


def _all_passed(rules: Rules, active: tuple[int, ...]) -> str:
    """The error of an all-pass game given no side: which sides there are under ``rules``
    and how to give one, a side of these rules for the example (it said ``side=(0, 2)``
    whatever the rules, which is no side three-handed).

    >>> msg = _all_passed(Rules.preset("classic3"), (0, 1, 2))
    >>> msg[msg.index("the sides"):msg.index("):")], "side=(0,)" in msg, "(0, 2)" in msg
    ('the sides are (0,), (1,) and (2,)', True, False)
    """
    sides = [tuple(s for s in side if s in active) for side in rules.sides]
    sides = [side for side in sides if side]
    names = [repr(side) for side in sides]
    listed, ex = joined(names, " and "), names[0]
    return ("all passed: no declaring side; say which side to solve for (a tuple of seats: "
            f"the sides are {listed}): solve(Position.from_game(game, side={ex})), or "
            f"move_values(game, side={ex})")


def _side_mask(side: object, players: int, active: tuple[int, ...]) -> int:
    """The seats of ``side`` (a tuple of distinct seats in play) as a mask; PositionError
    names what is wrong with it."""
    if not isinstance(side, (tuple, list)) or not side:
        raise PositionError(f"side must be a tuple of seats, not {side!r}")
    mask = 0
    for x in side:
        s = whole_number(x, PositionError,                # numpy's ints too, never a bool
                         f"side {tuple(side)!r}: a seat is a whole number from 0 to "
                         f"{players - 1}")
        if not 0 <= s < players:
            raise PositionError(f"side {tuple(side)!r}: {s} is not a seat from 0 to "
                                f"{players - 1}")
        if s not in active:
            raise PositionError(f"side {tuple(side)!r}: seat {s} sits out this hand")
        if mask >> s & 1:
            raise PositionError(f"side {tuple(side)!r}: seat {s} given twice")
        mask |= 1 << s
    return mask
