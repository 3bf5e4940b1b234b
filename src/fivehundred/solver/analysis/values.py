"""Every legal card of a play position valued double dummy, and which are best
(:func:`card_values`, :func:`best_cards`, :class:`PositionValues`)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...actions import readable, readable_bid, token_of
from ...game import Game
from ...record.model import sort_cards
from ...rules import Rules
from ..position import Position, PositionError
from ..solve import move_values
from .common import _cards, _n, _wrap, report_names, seat_label


def card_values(game: Game) -> dict[str, int]:
    """Every legal play of the seat to move, valued double dummy: counted tricks from here.

    Counted tricks are the declaring side's (for misère, the declarer's own), the current
    trick included, as :func:`move_values` counts them; in the all-pass game at no trumps
    there is no declarer and the side of the seat to move is counted.  See
    :func:`best_cards` for which plays are best (the defenders want the fewest).

    >>> from fivehundred import Game, Rules
    >>> g = Game(Rules.preset("australian"), seed=6)
    >>> for a in ["6H", "pass", "pass", "pass"]: g.apply(a)
    >>> while g.phase == "kitty": g.apply(g.legal_action_ids()[0])
    >>> while len(g.tricks) < 8 or not g.trick: g.apply(g.legal_action_ids()[-1])
    >>> g.contract.declarer, g.trick, g.to_move, g.hand_tokens(0)
    (3, ((3, 20),), 0, ('JS', 'AS'))
    >>> card_values(g)  # the declaring side's tricks: seat 0 defends, so 0 is best
    {'JS': 0, 'AS': 1}
    >>> best_cards(g)
    ('JS',)
    """
    out: dict[str, int] = {}
    for tok, v in _values(game, 0).items():
        assert v is not None  # no budget: always finished
        out[tok] = v
    return out


def _values(game: Game, budget: int, seconds: float | None = None) -> dict[str, int | None]:
    """:func:`card_values` within a node budget and a time limit (None: the search ran out
    before that play's value)."""
    if game.phase != "play":
        raise PositionError(f"card values need a game in the play phase, not {game.phase}")
    side = None if game.contract is not None else _mover_side(game)
    return move_values(game, budget, side=side, seconds=seconds)


def best_cards(game: Game, values: Mapping[str, int | None] | None = None,
               at_least: Mapping[str, int] | None = None) -> tuple[str, ...]:
    """The best plays of the seat to move: the most counted tricks if his side is counted
    (the declaring side; in the all-pass game his own), the fewest if he defends (in misère
    the declarer wants the fewest: he is counted, the defenders maximise).  Plays valued None
    (unsolved) are left out: then these are the best of those solved, unless ``at_least``
    (lower bounds of unsolved plays) shows one of them better than all of those: none."""
    vals = card_values(game) if values is None else values
    known = [v for v in vals.values() if v is not None]
    if not known:
        return ()
    maximising = _maximising(game)
    target = (max if maximising else min)(known)
    if maximising and any(b > target for b in (at_least or {}).values()):
        return ()
    return tuple(t for t, v in vals.items() if v == target)


def _mover_side(game: Game) -> tuple[int, ...]:
    r = game.rules
    seat = game.to_move
    assert seat is not None
    return r.sides[r.side_of[seat]]


def _solver_position(game: Game) -> Position:
    side = _mover_side(game) if game.contract is None else None
    return Position.from_game(game, side=side)


def _maximising(game: Game) -> bool:
    seat = game.to_move
    assert seat is not None
    return bool(_solver_position(game).max_seats >> seat & 1)


@dataclass(frozen=True)
class PositionValues:
    """A play position analysed: who is to move, what is counted, every legal card's value."""

    rules: Rules
    seat: int
    """The seat to move."""
    trick: int
    """The number of the trick being played (from 1)."""
    contract: str | None
    """The contract's bid token (``8S``, ``misere``, ``open-misere``); None: all passed."""
    declarer: int | None
    misere: bool
    counted: tuple[int, ...]
    """The seats whose tricks the values count."""
    maximising: bool
    """Whether the seat to move wants the most counted tricks (else the fewest)."""
    taken: int
    """Tricks the counted seats have taken already."""
    tricks_left: int
    """Tricks still to play, the current one included."""
    values: dict[str, int | None] = field(hash=False)
    """Each legal play: the counted tricks from here after it (None: not solved within the
    search limits)."""
    best: tuple[str, ...] = ()
    at_least: dict[str, int] = field(default_factory=dict, hash=False)
    """Unsolved plays known to give at least so many (in a misère: 1, the declarer takes a
    trick, his count not solved)."""
    trick_so_far: tuple[tuple[int, str], ...] = ()
    """The cards of the trick being played, (seat, card) in the order played."""
    hands: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """Every hand in play, (seat, its cards high to low in the records' order), from the seat
    to move (double dummy: all seen; a misère declarer's partners, out of the play, left out)."""

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain JSON values (``totals`` adds the tricks taken already)."""
        return {
            "to_move": self.seat,
            "trick": self.trick,
            "contract": self.contract,
            "declarer": self.declarer,
            "misere": self.misere,
            "counted_seats": list(self.counted),
            "to_move_wants": "most" if self.maximising else "fewest",
            "taken": self.taken,
            "tricks_left": self.tricks_left,
            "values": dict(self.values),
            "totals": {t: None if v is None else v + self.taken
                       for t, v in self.values.items()},
            "best": list(self.best),
            "at_least": dict(self.at_least),
            "trick_so_far": [[seat, card] for seat, card in self.trick_so_far],
            "hands": {str(seat): list(cards) for seat, cards in self.hands},
        }

    def _position_lines(self, names: Sequence[str], me: str) -> list[str]:
        """The trick so far and every hand in play, the position the values are of."""
        if not self.hands:
            return []
        if self.trick_so_far:
            played = ", ".join(f"{seat_label(names, s)} {readable(c)}"
                               for s, c in self.trick_so_far)
            out = [f"The trick so far: {played}."]
        else:
            out = [f"{me[:1].upper()}{me[1:]} leads to this trick."]
        width = max(len(seat_label(names, s)) for s, _ in self.hands)
        out.append("The hands:")
        out += [f"  {(seat_label(names, s) + ':').ljust(width + 1)} {_cards(cards) or '-'}"
                for s, cards in self.hands]
        return out

    def format(self, names: Sequence[str] | None = None) -> str:
        """The values for people: who is counted, who wants what, a line per card."""
        seat_names = report_names(self.rules, names)
        me = seat_label(seat_names, self.seat)
        counted = "+".join(seat_label(seat_names, s) for s in self.counted)
        lines = [f"Trick {self.trick}: {me} to play; {_n(self.tricks_left, 'trick')} left, "
                 "this one included."]
        if self.contract is None:
            lines.append("No contract: all passed, played at no trumps.")
            whose = f"{me}'s side ({counted})"
        else:
            assert self.declarer is not None
            contract = (f"Contract {readable_bid(self.contract)} by "
                        f"{seat_label(seat_names, self.declarer)}")
            if self.misere:
                lines.append(f"{contract}, who must take no trick.")
                whose = f"the declarer, {counted},"
            else:
                lines.append(f"{contract}.")
                whose = f"the declaring side ({counted})"
        lines += self._position_lines(seat_names, me)
        lines.append(f"Values are tricks {whose} takes from here on with best play after "
                     f"each card ('in all' adds the {self.taken} taken already).")
        who = me[:1].upper() + me[1:]      # (a sentence's first word: "Seat 4 defends")
        if self.contract is None or (self.maximising and not self.misere):
            lines.append(f"{who} wants the most: the best card takes the most.")
        elif self.misere and self.seat == self.declarer:
            lines.append(f"{who} is the declarer and wants the fewest: the best card takes "
                         "the fewest.")
        elif self.misere:
            lines.append(f"{who} defends and wants the most: the best card makes the declarer "
                         "take the most.")
        else:
            lines.append(f"{who} defends and wants the fewest: the best card leaves the "
                         "declaring side the fewest.")
        lines = [_wrap(x) for x in lines]
        width = max(4, *(len(t) for t in self.values))
        lines.append(f"  {'card'.ljust(width)}  from here  in all")
        def key(t: str) -> tuple[int, int, int]:
            v = self.values[t]
            x = v if v is not None else self.at_least.get(t)
            if x is None:
                return (1, 0, 0)
            return (0, -x if self.maximising else x, 0 if v is not None else 1)

        for t in sorted(self.values, key=key):
            v = self.values[t]
            mark = "  best" if t in self.best else ""
            if v is not None:
                here, total = str(v), str(v + self.taken)
            elif t in self.at_least:
                here, total = f"≥{self.at_least[t]}", f"≥{self.at_least[t] + self.taken}"
            else:
                here, total = "?", "?"
            lines.append(f"  {readable(t).ljust(width)}  {here:>9}  {total:>6}{mark}")
        if self.at_least:
            lines.append(_wrap("≥1: the declarer takes a trick after this card; how many was not "
                               "solved within the search limits."))
        if any(v is None and t not in self.at_least for t, v in self.values.items()):
            lines.append("?: not solved within the search limits; 'best' is the best of "
                         "those solved.")
        if self.at_least and not self.best and any(v is not None for v in self.values.values()):
            lines.append(_wrap("No card is marked best: after a card not fully solved the "
                               "declarer takes more than after every solved one."))
        return "\n".join(lines)


def position_values(game: Game, budget: int = 0, *,
                    seconds: float | None = None) -> PositionValues:
    """Analyse the play position of ``game``: :func:`card_values`, :func:`best_cards` and
    what they count, for :class:`PositionValues`.  ``budget`` caps each move's search nodes
    (0: no cap) and ``seconds`` the whole valuation's time (None: no limit); a value not
    solved within them is None.  In a misère, a card left unsolved is then asked only
    whether the declarer takes a trick after it: if not, its value is 0; if so, it goes to
    ``at_least`` (1), its count still unknown."""
    start = time.perf_counter()
    values = _values(game, budget, seconds)
    p = _solver_position(game)
    at_least: dict[str, int] = {}
    left = None if seconds is None else seconds - (time.perf_counter() - start)
    if p.misere and None in values.values() and (left is None or left > 0):
        # whether the declarer takes a trick at all: far cheaper than how many (with five
        # players hundreds of nodes where his count often takes millions)
        for t, v in move_values(game, budget, seconds=left, cap=1).items():
            if values[t] is None and v is not None:
                if v == 0:
                    values[t] = 0       # no trick: his count is known
                else:
                    at_least[t] = 1
    seat = game.to_move
    assert seat is not None
    r = game.rules
    counted = tuple(s for s in range(r.players) if p.count_seats >> s & 1)
    in_play = set(range(r.players)) - set(game.sitting_out)
    hands = tuple((s, sort_cards(game.hand_tokens(s)))      # high to low, as records
                  for s in r.clockwise_from(seat, in_play))
    c = game.contract
    return PositionValues(
        rules=game.rules,
        seat=seat,
        trick=len(game.tricks) + 1,
        contract=None if c is None else c.bid,
        declarer=None if c is None else c.declarer,
        misere=p.misere,
        counted=counted,
        maximising=bool(p.max_seats >> seat & 1),
        taken=sum(game.tricks_won[s] for s in counted),
        tricks_left=p.tricks_left,
        values=values,
        best=best_cards(game, values, at_least),
        at_least=at_least,
        trick_so_far=tuple((s, token_of(a)) for s, a in game.trick),
        hands=hands,
    )
