"""Play one work unit: a deal's single hand, or a whole game, in one seating.

Bots see only their seat's View, as everywhere in the project.  The one exception, for
measurement only: a bot whose ``sees_all`` attribute is true (the cheater, which shows how
much hidden information is worth) is handed a copy of the whole Game through
``bot.act_with_game(game)`` instead of ``bot.act(view)``.  Nothing else in the project passes
a Game to a bot.

The time of each decision (the bot's call alone, not the engine's work) is recorded per bot;
it is the one part of a result that is not reproducible.

>>> from .spec import MatchSpec
>>> from fivehundred import Rules
>>> m = MatchSpec(Rules.preset("australian").to_string(), "random", "random", deals=1)
>>> r = play_unit(m.units()[0])
>>> r.key, len(r.points), r.winner
(('deal', 0, 'AB'), 2, None)
>>> play_unit(m.units()[0]).outcome() == r.outcome()
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol, cast

from ..bots import make
from ..bots.base import Bot, Decision
from ..errors import FiveHundredError, IllegalActionError
from ..game import Game
from .spec import UnitSpec


class ArenaError(FiveHundredError):
    """A match cannot be run: a bot broke the rules, a results file does not fit, no Ray."""


class SeesAll(Protocol):
    """A bot that is handed the whole game (measurement only: see the module docstring)."""

    def act_with_game(self, game: Game) -> Decision:
        """Decide the action of the seat to move, knowing every card."""
        ...


@dataclass(frozen=True)
class HandRecord:
    """One hand of a unit: its contract, declarer and result."""

    bid: str | None
    """The contract's bid token (``8H``, ``7NT``, ``misere``); None when all passed."""
    declarer: int | None
    made: bool | None


@dataclass(frozen=True)
class UnitResult:
    """What one unit came to."""

    kind: str
    number: int
    seating: str
    points: tuple[int, ...]
    """Per side: the hand's points (a deal) or the final scores (a game)."""
    winner: int | None
    """The side that won the game (None: a deal that did not end the game, or unfinished)."""
    hands: tuple[HandRecord, ...]
    times: dict[str, tuple[float, ...]]
    """Seconds per decision, per bot label (A, B)."""

    @property
    def key(self) -> tuple[str, int, str]:
        """The unit's key (see :attr:`UnitSpec.key`)."""
        return (self.kind, self.number, self.seating)

    def outcome(self) -> tuple[Any, ...]:
        """Everything but the times: what must be the same on every run of the unit."""
        return (self.kind, self.number, self.seating, self.points, self.winner, self.hands)

    def to_json(self) -> dict[str, Any]:
        """A JSON object (one line of a results file)."""
        return {
            "type": "unit", "kind": self.kind, "number": self.number, "seating": self.seating,
            "points": list(self.points), "winner": self.winner,
            "hands": [[h.bid, h.declarer, h.made] for h in self.hands],
            "times": {k: [round(t, 7) for t in v] for k, v in self.times.items()},
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> UnitResult:
        """The inverse of :meth:`to_json` (KeyError or TypeError on a malformed object)."""
        return cls(
            kind=str(d["kind"]), number=int(d["number"]), seating=str(d["seating"]),
            points=tuple(int(p) for p in d["points"]),
            winner=None if d["winner"] is None else int(d["winner"]),
            hands=tuple(HandRecord(b, None if s is None else int(s), m)
                        for b, s, m in d["hands"]),
            times={str(k): tuple(float(t) for t in v) for k, v in d["times"].items()},
        )


def play_unit(unit: UnitSpec) -> UnitResult:
    """Play a unit from its spec alone (a top-level function: it is sent to workers)."""
    match = unit.match
    rules = match.rules_obj
    labels = [unit.seating[rules.side_of[s]] for s in range(rules.players)]
    bots: list[Bot] = [
        make(match.bot(label), seed=unit.bot_seed(seat), budget=match.budget)
        for seat, label in enumerate(labels)
    ]
    times: dict[str, list[float]] = {"A": [], "B": []}
    game = Game(rules, seed=unit.seed)
    while True:
        if game.phase == "game_over":
            break
        if game.phase == "hand_over":
            if unit.kind == "deal" or game.hand_number + 1 >= match.max_hands:
                break
            game.next_hand()
            continue
        seat = game.to_move
        assert seat is not None
        bot = bots[seat]
        if getattr(bot, "sees_all", False):
            copy = game.clone()
            t0 = time.perf_counter()
            decision = cast(SeesAll, bot).act_with_game(copy)
        else:
            view = game.view(seat)
            t0 = time.perf_counter()
            decision = bot.act(view)
        times[labels[seat]].append(time.perf_counter() - t0)
        try:
            game.apply(decision.action)
        except IllegalActionError as e:
            raise ArenaError(
                f"bot {bot.name!r} ({labels[seat]}, seat {seat}) chose {decision.action!r} in "
                f"{unit.kind} {unit.number}, seating {unit.seating}: {e}"
            ) from None
    hands = tuple(
        HandRecord(h.contract.bid if h.contract else None, h.declarer, h.made)
        for h in game.hand_results
    )
    if unit.kind == "deal":
        points = game.hand_results[0].points
    else:
        points = game.scores
    return UnitResult(
        kind=unit.kind, number=unit.number, seating=unit.seating, points=tuple(points),
        winner=game.winner, hands=hands, times={k: tuple(v) for k, v in times.items()},
    )
