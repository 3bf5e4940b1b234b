"""Play one work unit: a deal's single hand, or a whole game, in one seating.

Bots see only their seat's View, as everywhere in the project.  The one exception, for
measurement only: a bot whose ``sees_all`` attribute is true (the cheater, which shows how
much hidden information is worth) is handed a copy of the whole Game through
``bot.act_with_game(game)`` instead of ``bot.act(view)``.  Nothing else in the project passes
a Game to a bot.

The time of each decision (the bot's call alone, not the engine's work) is recorded per bot;
it is the one part of a result that is not reproducible.

A bot that fails -- raises (``sys.exit()`` too), answers something that is not a
:class:`Decision`, or chooses an illegal action -- stops the match with an
:class:`ArenaError` naming it by its registered name (a bot object need not have a
``name``), its label, side and seat, the unit, the hand and action (from 1) and the unit's
game seed, and what it did.

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

from dataclasses import dataclass
from typing import Any

from ..bot_turn import position, take_turn
from ..bots import make
from ..bots.base import BOT_FAILURES, Bot, failure
from ..errors import FiveHundredError
from ..game import Game
from .spec import UnitSpec


class ArenaError(FiveHundredError):
    """A match cannot be run: a bot broke the rules, a results file does not fit, no Ray."""


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
    seed: int | None = None
    """The game seed the unit was dealt from (:attr:`UnitSpec.seed`), which ties a results
    file's line to its match; None in a line written before lines held it."""
    sees_all: tuple[str, ...] = ()
    """The labels (A, B) of the bots that were handed the whole game (``sees_all``)."""

    @property
    def key(self) -> tuple[str, int, str]:
        """The unit's key (see :attr:`UnitSpec.key`)."""
        return (self.kind, self.number, self.seating)

    def outcome(self) -> tuple[Any, ...]:
        """Everything but the times: what must be the same on every run of the unit."""
        return (self.kind, self.number, self.seating, self.points, self.winner, self.hands)

    def to_json(self) -> dict[str, Any]:
        """A JSON object (one line of a results file)."""
        out: dict[str, Any] = {
            "type": "unit", "kind": self.kind, "number": self.number, "seating": self.seating,
            "seed": self.seed, "points": list(self.points), "winner": self.winner,
            "hands": [[h.bid, h.declarer, h.made] for h in self.hands],
            "times": {k: [round(t, 7) for t in v] for k, v in self.times.items()},
        }
        if self.seed is None:
            del out["seed"]
        if self.sees_all:
            out["sees_all"] = list(self.sees_all)
        return out

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
            seed=None if d.get("seed") is None else int(d["seed"]),
            sees_all=tuple(str(x) for x in d.get("sees_all", ())),
        )


def _who(unit: UnitSpec, label: str, seat: int) -> str:
    """A bot of a unit as a failure names it: its registered name (what ``--a`` or ``--b``
    said; a bot object need not have a ``name``), its label, side and seat."""
    side = unit.match.rules_obj.side_of[seat]
    return f"bot {unit.match.bot(label)!r} ({label}, side {side}, seat {seat})"


def _where(unit: UnitSpec, game: Game | None = None) -> str:
    """The unit as a failure names it: ``deal 3, seating AB``; with its ``game``, where that
    stands and the seed it was dealt from too, which rebuild the position:
    ``game 0, seating AB, hand 3, action 12 (game seed 42)``."""
    unit_words = f"{unit.kind} {unit.number}, seating {unit.seating}"
    if game is None:
        return unit_words
    return f"{unit_words}, {position(game)} (game seed {unit.seed})"


def play_unit(unit: UnitSpec) -> UnitResult:
    """Play a unit from its spec alone (a top-level function: it is sent to workers)."""
    match = unit.match
    rules = match.rules_obj
    labels = [unit.seating[rules.side_of[s]] for s in range(rules.players)]
    bots: list[Bot] = []
    for place, label in enumerate(labels):
        try:
            bots.append(make(match.bot(label), seed=unit.bot_seed(place), budget=match.budget))
        except BOT_FAILURES as e:     # (someone's bot that cannot be made: say whose)
            raise ArenaError(f"{_who(unit, label, place)} could not be made for "
                             f"{_where(unit)}: {failure(e)}") from e
    sees_all = tuple(sorted({label for bot, label in zip(bots, labels, strict=True)
                             if getattr(bot, "sees_all", False)}))
    times: dict[str, list[float]] = {"A": [], "B": []}
    game = Game(rules, seed=unit.seed)

    def where() -> str:
        return _where(unit, game)      # (said only when a bot fails)

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
        label = labels[seat]
        times[label].append(take_turn(bots[seat], game, _who(unit, label, seat), where,
                                      ArenaError))
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
        seed=unit.seed, sees_all=sees_all,
    )
