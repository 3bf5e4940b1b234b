"""What a match is: frozen, picklable specs of the match and of its small work units.

A match pits bot A against bot B under some rules.  Every deal (and every whole game, with
``games``) is played once per *seating*: a string with one letter per side of the rules
saying which bot holds that side (``"AB"``: A holds side 0, B side 1).

* Two sides (partnerships, or two-handed games): ``AB`` and ``BA``, the classic duplicate.
* Three or more sides (three-handed, five-handed, six-handed pairs): for every side ``i``,
  A alone at side ``i`` against B at all the others, and B alone at side ``i`` against A at
  all the others (``ABB, BAB, BBA, BAA, ABA, AAB`` with three sides).  Each bot then holds
  every side equally often on the same cards, so neither the seat nor the cards favour one.

Every seed derives from the match seed and the unit's place (deal or game number, seat) only,
so a unit plays the same wherever and whenever it runs: results do not depend on the number
of workers or the order they finish in.  A bot's seed depends on its seat, not on whether it
is A or B, so a bot matched against itself plays every seating identically (the duplicate
difference is then exactly zero, a check of the whole machinery).  Results are reproducible
as far as the bots are: a bot that cut its thinking short by the clock would not be.

>>> m = MatchSpec(Rules.preset("classic3").to_string(), "random", "random", deals=1)
>>> m.seatings
('ABB', 'BAB', 'BBA', 'BAA', 'ABA', 'AAB')
>>> [u.seating for u in m.units()][:2], len(m.units())
(['ABB', 'BAB'], 6)
>>> MatchSpec(Rules.preset().to_string(), "a", "b").seatings
('AB', 'BA')
>>> MatchSpec("classic3", "random", "random").rules == Rules.preset("classic3").to_string()
True
"""

from __future__ import annotations

import hashlib
import json
import math
import numbers
from dataclasses import asdict, dataclass
from functools import cached_property, lru_cache
from typing import Any

from ..bots.base import Budget
from ..clitools import MAX_SAMPLES, MAX_SECONDS
from ..errors import shown
from ..numbers import SEEDS, whole_number
from ..rng import derive_seed
from ..rules import Rules

#: The two bots of a match, as they appear in seatings.
LABELS = ("A", "B")

#: The kinds of work unit: one hand of a deal, or a whole game.
KINDS = ("deal", "game")


#: The range of each whole-number field of a match: those of ``fivehundred arena``'s options.
LIMITS: dict[str, tuple[int, int]] = {
    "seed": (0, SEEDS - 1), "deals": (0, 1_000_000), "games": (0, 100_000),
    "samples": (1, MAX_SAMPLES), "max_hands": (1, 100_000),
}


def _whole(name: str, value: object, lo: int, hi: int) -> int:
    """``value`` of the field ``name`` as an int from ``lo`` to ``hi`` (numpy's ints too,
    never a bool or a float), else ArenaError in the words of the option's refusal.

    >>> _whole("seed", -5, 0, 9)
    Traceback (most recent call last):
    ...
    fivehundred.arena.play.ArenaError: seed -5 is out of range: expected a whole number from 0 to 9
    """
    from .play import ArenaError  # (play imports this module)

    expected = f"expected a whole number from {lo:,} to {hi:,}"
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ArenaError(f"{name} {shown(value)}: {expected}")
    n = whole_number(value, ArenaError, f"{name}: {expected}")
    if not lo <= n <= hi:
        raise ArenaError(f"{name} {shown(n)} is out of range: {expected}")
    return n


def _seconds(value: object) -> float:
    """A match's time limit per decision as ``--seconds`` takes it: a number of seconds above
    0 and at most a day, else ArenaError in its words.  An int is kept (the match's identity
    holds it as given), another real number (numpy's, a Fraction) becomes a float.

    >>> from fractions import Fraction
    >>> _seconds(0.5), _seconds(2), _seconds(Fraction(1, 4))
    (0.5, 2, 0.25)
    """
    from .play import ArenaError  # (play imports this module)

    expected = f"expected a number of seconds above 0 and at most {MAX_SECONDS:,g} (a day)"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArenaError(f"seconds {shown(value)}: {expected}")
    s = float(value)
    if not (math.isfinite(s) and 0 < s <= MAX_SECONDS):
        raise ArenaError(f"seconds {shown(value)} is not a time limit: {expected}")
    return value if isinstance(value, int) else s


@lru_cache(maxsize=32)
def rules_of(text: str) -> Rules:
    """The Rules of a canonical rules string (cached: workers parse each string once)."""
    return Rules.from_string(text)


def preset_name(rules: Rules) -> str | None:
    """The preset these rules are exactly, if any.

    >>> preset_name(Rules.preset("six_pairs")), preset_name(Rules.preset("australian", target=300))
    ('six_pairs', None)
    """
    for name in Rules.PRESETS:
        if Rules.preset(name) == rules:
            return name
    return None


def seatings_for(sides: int) -> tuple[str, ...]:
    """The seatings of a duplicate match with this many sides (see the module's docstring)."""
    out: list[str] = []
    for lone, rest in (("A", "B"), ("B", "A")):
        for i in range(sides):
            s = "".join(lone if j == i else rest for j in range(sides))
            if s not in out:
                out.append(s)
    return tuple(out)


@dataclass(frozen=True)
class MatchSpec:
    """A match: the rules, the two bots and their budget, the seed, how much to play."""

    rules: str
    """The canonical rules string (:meth:`Rules.to_string`); given a preset's name (as
    ``arena --rules`` takes one: ``MatchSpec("classic3", ...)``), its rules string."""
    bot_a: str
    bot_b: str
    seed: int = 0
    deals: int = 0
    """Deals played (one hand each, once per seating): the points-per-deal measure."""
    games: int = 0
    """Whole games played (same game seed once per seating): the game-win measure."""
    samples: int | None = None
    seconds: float | None = None
    max_hands: int = 500
    """A game still going after this many hands is stopped and counted as unfinished."""

    def __post_init__(self) -> None:
        """Check every field as ``fivehundred arena`` checks its options, in its words
        (ArenaError; a bad rules text is a RulesError), and keep the canonical forms: a
        preset's name (as ``--rules`` takes it) becomes its full rules string, numpy's ints
        Python's (the identity is JSON).  Before, ``seed=-5`` ran and ``deals=1.5`` raised
        a raw TypeError in a worker."""
        # a preset's name or a rules string, as --rules reads it; a bad one fails here, not
        # in a worker
        object.__setattr__(self, "rules", Rules.parse(self.rules).to_string())
        for name, (lo, hi) in LIMITS.items():
            value = getattr(self, name)
            if value is not None or name != "samples":
                object.__setattr__(self, name, _whole(name, value, lo, hi))
        if self.seconds is not None:
            object.__setattr__(self, "seconds", _seconds(self.seconds))

    @property
    def rules_obj(self) -> Rules:
        """The Rules object."""
        return rules_of(self.rules)

    @property
    def budget(self) -> Budget:
        """The budget both bots get."""
        return Budget(samples=self.samples, seconds=self.seconds)

    @cached_property
    def seatings(self) -> tuple[str, ...]:
        """The seatings every deal and game is played in."""
        return seatings_for(len(self.rules_obj.sides))

    def bot(self, label: str) -> str:
        """The bot name of label A or B."""
        return self.bot_a if label == "A" else self.bot_b

    def identity(self) -> dict[str, Any]:
        """Everything that fixes what each unit plays: all but how many deals and games.

        A results file belongs to one identity; more deals or games extend it.
        """
        d = asdict(self)
        del d["deals"], d["games"]
        return d

    @cached_property
    def match_id(self) -> str:
        """A short hash of the identity."""
        text = json.dumps(self.identity(), sort_keys=True)
        return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()

    def units(self) -> list[UnitSpec]:
        """Every unit of the match in its fixed order: deals first, then games."""
        out: list[UnitSpec] = []
        for kind, count in (("deal", self.deals), ("game", self.games)):
            for number in range(count):
                for seating in self.seatings:
                    out.append(UnitSpec(self, kind, number, seating, len(out)))
        return out


@dataclass(frozen=True)
class UnitSpec:
    """One play of one deal or game in one seating: the smallest piece of work."""

    match: MatchSpec
    kind: str
    """``deal`` (one hand) or ``game`` (a whole game)."""
    number: int
    """The deal or game number, from 0."""
    seating: str
    index: int = 0
    """Place in the match's unit order (for sorting; not part of what is played)."""

    @property
    def key(self) -> tuple[str, int, str]:
        """What identifies the unit within its match (and in a results file)."""
        return (self.kind, self.number, self.seating)

    @property
    def seed(self) -> int:
        """The game seed: the same for every seating of a deal or game."""
        return derive_seed(self.match.seed, self.kind, self.number)

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot at a seat: by seat, not by bot, so A and B alike get it."""
        return derive_seed(self.match.seed, self.kind, self.number, "seat", seat)
