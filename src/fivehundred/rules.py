"""Rules: one immutable object holding every option of RULES.md, built from a preset.

>>> r = Rules.preset("classic3", misere_defender_points="none")
>>> r.players, r.deck, r.kitty_size
(3, '33', 3)
>>> Rules.from_string(r.to_string()) == r
True
>>> Rules.preset("australian").sides
((0, 2), (1, 3))
"""

from __future__ import annotations

import dataclasses
import difflib
import inspect
import numbers
import re
from collections.abc import Iterable
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any, ClassVar

from . import cards
from .errors import RulesError

#: The allowed values of every option with a fixed set of choices.
CHOICES: dict[str, tuple[str, ...]] = {
    "deck": tuple(cards.PACKS),
    "teams": ("none", "two", "pairs"),
    "first_dealer": ("cut", "random"),
    "auction": ("rounds", "single"),
    "misere_rank": ("after_sevens", "by_value"),
    "open_misere_rank": ("after_10D", "top"),
    "open_misere_reveal": ("after_first_trick", "before_lead"),
    "misere_defender_points": ("none", "ten_per_declarer_trick"),
    "all_pass": ("redeal", "play_no_trumps"),
    "opening_lead": ("declarer", "eldest"),
    "nt_joker": ("australian", "classic"),
    "slam": ("250_if_less", "bonus_equal_to_bid", "none"),
    "defender_trick_points": ("always", "none"),
    "win": ("reach_500_any_way", "by_own_contract"),
}

# packets of one card or more (a few digits: Python reads no int of thousands of them)
_PATTERN = re.compile(r"^(k?[1-9][0-9]{0,5})(-k?[1-9][0-9]{0,5})*$")
_WHOLE = re.compile(r"^-?(0|[1-9][0-9]{0,17})$")
MAX_POINTS = 10**9
"""The largest value, target or hole (less its sign) the rules take: far past any game."""


def option_text(value: object) -> str:
    """An option's value as a rules string writes it."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Rules:
    """Every option of the game; see docs/rules.md for what each one means."""

    players: int = 4
    deck: str = "43"
    teams: str = "two"
    dead_hand: bool = False
    call_partner: bool = False
    deal_pattern: str = "3-k1-4-k1-3-k1"
    first_dealer: str = "random"
    auction: str = "rounds"
    misere_allowed: bool = True
    misere_value: int = 250
    misere_rank: str = "after_sevens"
    misere_needs_seven: bool = True
    misere_stops_when_taken: bool = True
    misere_defender_points: str = "none"
    open_misere_allowed: bool = True
    open_misere_value: int = 500
    open_misere_rank: str = "after_10D"
    open_misere_reveal: str = "after_first_trick"
    all_pass: str = "redeal"
    opening_lead: str = "declarer"
    nt_joker: str = "australian"
    slam: str = "250_if_less"
    defender_trick_points: str = "always"
    win: str = "by_own_contract"
    target: int = 500
    hole: int = -500

    PRESETS: ClassVar[dict[str, dict[str, Any]]]

    def __new__(cls, *args: Any, **options: Any) -> Rules:
        # an unknown keyword is a RulesError naming it, as in ``preset`` (not the bare
        # TypeError of the generated __init__)
        _check_names(cls, options)
        if args and isinstance(args[0], str):
            # ``Rules("australian")``: a preset's name or a rules string where the options go
            raise RulesError(f"Rules() takes options (Rules(players=3, ...)), not text: for a "
                             f"preset or a rules string write Rules.parse({args[0][:60]!r}), "
                             f"or Rules.preset(NAME, option=value, ...)")
        return super().__new__(cls)

    def __post_init__(self) -> None:
        # the pack is named by its size: 43 as "43" (rules.md lists the values as numbers)
        if isinstance(self.deck, numbers.Integral) and not isinstance(self.deck, bool):
            object.__setattr__(self, "deck", str(int(self.deck)))
        self._validate()

    # -- construction -------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "australian", **overrides: Any) -> Rules:
        """A preset by name with any options overridden; unknown names and options are errors."""
        base = cls.PRESETS.get(name.lower()) if isinstance(name, str) else None
        if base is None:           # (names in any case: people type "Australian")
            raise RulesError(f"unknown preset {name!r}; presets are {', '.join(cls.PRESETS)}")
        _check_names(cls, overrides)
        return cls(**{**base, **overrides})

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some options changed (validated again); unknown options are errors."""
        _check_names(type(self), overrides)
        return dataclasses.replace(self, **overrides)

    # -- the canonical string -----------------------------------------------------------

    def to_string(self) -> str:
        """The canonical one-line form: ``fivehundred(preset=australian,players=4,...)``,
        every option, after the nearest preset: an option added in a later version, absent
        from what this one wrote, is read back at that preset's value (a classic3 game's
        record must not take a four-handed default).

        >>> Rules.preset("classic3").to_string()[:48]
        'fivehundred(preset=classic3,players=3,deck=33,te'
        """
        parts = [f"preset={self.nearest_preset()}"]
        for f in fields(self):
            parts.append(f"{f.name}={option_text(getattr(self, f.name))}")
        return "fivehundred(" + ",".join(parts) + ")"

    def short_string(self) -> str:
        """The shortest way to write these rules: a preset's name, else a rules string of the
        nearest preset and only the options that differ from it (which ``parse`` reads back).

        >>> Rules.preset("two_24").short_string()
        'two_24'
        >>> Rules.preset("two_24", target=300, misere_allowed=False).short_string()
        'fivehundred(preset=two_24,misere_allowed=false,target=300)'
        """
        best = self.nearest_preset()
        changed = [f"{name}={option_text(getattr(self, name))}" for name in self.house_rules()]
        return best if not changed else f"fivehundred(preset={best},{','.join(changed)})"

    def nearest_preset(self) -> str:
        """The preset these rules differ from in the fewest options (the first such): what
        a table with them is named after.

        >>> Rules.preset("classic3", target=300).nearest_preset()
        'classic3'
        """
        return self._nearest

    @cached_property
    def _nearest(self) -> str:
        """:meth:`nearest_preset`, worked out once: every rules string names it
        (:meth:`to_string`, at each save and each state sent), and building each preset's
        rules to compare made that string 30 times slower."""
        return min(self.PRESETS, key=lambda name: len(self._differences(name)))

    def house_rules(self) -> list[str]:
        """The options whose values differ from the nearest preset's: the house rules a
        table named after it is played under.

        >>> Rules.preset("two_24", target=300, misere_allowed=False).house_rules()
        ['misere_allowed', 'target']
        """
        return self._differences(self._nearest)

    def _differences(self, preset: str) -> list[str]:
        """The options whose values differ from ``preset``'s."""
        base = type(self).preset(preset)
        return [f.name for f in fields(self) if getattr(self, f.name) != getattr(base, f.name)]

    @classmethod
    def parse(cls, text: str) -> Rules:
        """A preset name (``classic3``, in any case: ``Australian``) or a full rules string
        (``fivehundred(...)``), as people type them on the command line.

        >>> Rules.parse("classic3") == Rules.from_string("fivehundred(preset=classic3)")
        True
        >>> Rules.parse(" Australian ") == Rules.preset("australian")
        True
        >>> Rules.parse("classic3 target = 300")
        Traceback (most recent call last):
        ...
        fivehundred.errors.RulesError: ... looks like fivehundred(preset=classic3,target=300)
        """
        if not isinstance(text, str):
            raise RulesError(f"rules are a preset's name or a rules string "
                             f"(fivehundred(...)), not {text!r}")
        s = text.strip()
        if s[:12].lower() == "fivehundred(":
            return cls.from_string("fivehundred(" + s[12:])
        if any(ch in s for ch in "=,()"):        # options written without the rules string's form
            raise RulesError(f"{text!r} is neither a preset's name nor a rules string: "
                             + _as_rules_string(s))
        return cls.preset(s)

    @classmethod
    def from_string(cls, text: str) -> Rules:
        """Parse a rules string; options left out take the value of ``preset=`` (or australian).
        A preset's name alone (``australian``, as deal files and ``--rules`` take) is that
        preset's rules."""
        if not isinstance(text, str):
            raise RulesError(f"a rules string looks like fivehundred(players=4,...): got "
                             f"{text!r}")
        s = text.strip()
        if s.lower() in cls.PRESETS:
            return cls.preset(s)
        if not (s.startswith("fivehundred(") and s.endswith(")")):
            raise RulesError(f"a rules string looks like fivehundred(players=4,...): got {text!r}")
        body = s[len("fivehundred(") : -1].strip()
        pairs: dict[str, str] = {}
        if body:
            for item in body.split(","):
                key, eq, value = item.partition("=")
                key, value = key.strip(), value.strip()
                if not eq or not key:
                    raise RulesError(f"expected option=value in rules string, got {item!r}")
                if key in pairs:
                    raise RulesError(f"option {key!r} given twice in rules string")
                pairs[key] = value
        preset = pairs.pop("preset", "australian")
        types = {f.name: f.type for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in pairs.items():
            if key not in types:
                raise RulesError(f"unknown option {key!r} in rules string{_nearest(key, types)}")
            kind = types[key]
            if kind in ("bool", bool):
                if value not in ("true", "false"):
                    raise RulesError(f"option {key} takes true or false, got {value!r}")
                values[key] = value == "true"
            elif kind in ("int", int):
                if not _WHOLE.match(value):      # (int() takes "+5", "0500", other scripts' digits)
                    raise RulesError(f"option {key} takes a whole number (at most 18 digits "
                                     f"0-9, a - before a negative one), got {value[:40]!r}")
                values[key] = int(value)
            else:
                values[key] = value
        try:
            return cls.preset(preset, **values)
        except RulesError as e:
            raise RulesError(f"{e}{_left_out_hint(preset, values)}") from None

    def __str__(self) -> str:
        return self.to_string()

    # -- derived facts ------------------------------------------------------------------

    @property
    def hands_dealt(self) -> int:
        """Hands of ten dealt: one per player, plus the dead hand in the two-handed game."""
        return self.players + (1 if self.dead_hand else 0)

    @cached_property
    def deck_mask(self) -> int:
        """The mask of every card in this game's pack."""
        return cards.pack(self.deck)

    @property
    def deck_size(self) -> int:
        """Number of cards in the pack."""
        return self.deck_mask.bit_count()

    @property
    def kitty_size(self) -> int:
        """Cards in the kitty: the pack less ten per hand dealt."""
        return self.deck_size - 10 * self.hands_dealt

    @property
    def allows_open_misere(self) -> bool:
        """Whether open misère may be bid: ``misere_allowed=false`` bans every misère,
        ``open_misere_allowed=false`` only the open one."""
        return self.misere_allowed and self.open_misere_allowed

    @property
    def has_joker(self) -> bool:
        """Whether the pack holds the joker."""
        return bool(self.deck_mask >> cards.JOKER & 1)

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides as tuples of seats; in individual games each seat is a side."""
        n = self.players
        if self.teams == "two":
            return (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
        if self.teams == "pairs":
            half = n // 2
            return tuple((i, i + half) for i in range(half))
        return tuple((i,) for i in range(n))

    def clockwise_from(self, start: int, seats: Iterable[int]) -> list[int]:
        """``seats`` in the order play goes round from ``start`` (it first, if among them):
        how every table names a side to a reader, "You & North", "East & West".

        >>> Rules.preset("australian").clockwise_from(2, (1, 3))
        [3, 1]
        """
        return sorted(seats, key=lambda s: (s - start) % self.players)

    @cached_property
    def side_of(self) -> tuple[int, ...]:
        """The side index of each seat."""
        out = [0] * self.players
        for i, side in enumerate(self.sides):
            for seat in side:
                out[seat] = i
        return tuple(out)

    @cached_property
    def deal_packets(self) -> tuple[tuple[bool, int], ...]:
        """The deal pattern as (to_kitty, count) packets; the rest of the pack ends in the kitty."""
        out = []
        for part in self.deal_pattern.split("-"):
            out.append((part.startswith("k"), int(part.lstrip("k"))))
        return tuple(out)

    # -- validation ---------------------------------------------------------------------

    def _validate(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in CHOICES and v not in CHOICES[f.name]:
                raise RulesError(
                    f"option {f.name}={v!r} is not one of {', '.join(CHOICES[f.name])}"
                )
            want = {"bool": bool, "int": int, "str": str}.get(str(f.type))
            if want is not None and (type(v) is not want):
                raise RulesError(f"option {f.name} must be {want.__name__}, got {v!r}")
        if not 2 <= self.players <= 6:
            raise RulesError(f"players={self.players}: Five Hundred is for 2 to 6 players")
        if self.dead_hand and self.players != 2:
            raise RulesError("dead_hand=true is the two-handed game: it needs players=2")
        if self.teams == "two" and (self.players % 2 or self.players < 4):
            raise RulesError(f"teams=two needs 4 or 6 players, not {self.players}")
        if self.teams == "pairs" and self.players != 6:
            raise RulesError("teams=pairs (partners opposite, three pairs) needs players=6")
        if self.call_partner and (self.teams != "none" or self.players < 4):
            raise RulesError("call_partner=true needs individual play (teams=none), 4+ players")
        kitty = cards.pack(self.deck).bit_count() - 10 * self.hands_dealt
        if kitty < 1:
            raise RulesError(
                f"the {self.deck}-card pack has too few cards for {self.hands_dealt} hands of ten "
                f"and a kitty: {self._pack_hint()}"
            )
        if kitty > MAX_KITTY:
            raise RulesError(
                f"the {self.deck}-card pack leaves {kitty} cards for the kitty after "
                f"{self.hands_dealt} hands of ten; a kitty holds at most {MAX_KITTY} "
                f"(RULES.md §3): {self._pack_hint()}"
            )
        if not _PATTERN.match(self.deal_pattern):
            raise RulesError(
                f"deal_pattern={self.deal_pattern[:40]!r}: expected packets like 3-k3-4-3 "
                "(a number deals that many to each hand, kN puts N in the kitty; each at "
                "least 1, written without leading zeros, at most 6 digits)"
            )
        per_hand = sum(int(p) for p in self.deal_pattern.split("-") if not p.startswith("k"))
        to_kitty = sum(int(p[1:]) for p in self.deal_pattern.split("-") if p.startswith("k"))
        if per_hand != 10:
            raise RulesError(
                f"deal_pattern={self.deal_pattern!r} gives each hand {per_hand} cards, not 10"
            )
        if to_kitty > kitty:
            raise RulesError(
                f"deal_pattern={self.deal_pattern!r} puts {to_kitty} cards in a kitty of {kitty}"
            )
        for name in ("misere_value", "open_misere_value", "target"):
            if not 0 < getattr(self, name) <= MAX_POINTS:
                raise RulesError(f"{name} must be positive and at most {MAX_POINTS:,}, got "
                                 f"{_short(getattr(self, name))}")
        if not -MAX_POINTS <= self.hole < 0:
            raise RulesError(f"hole must be negative and at least -{MAX_POINTS:,}, got "
                             f"{_short(self.hole)}")

    def _pack_hint(self) -> str:
        """The pack made for this many hands, in an error about the pack: the dead hand
        named where it is one of them (two players, three hands: the 24-card pack was said
        to have "too few cards for 3 hands of ten", the third hand unexplained)."""
        hands = self.hands_dealt
        dealt = (f"{hands} hands dealt (two players and the dead hand)" if self.dead_hand
                 else f"{hands} hands dealt")
        return f"with {dealt}, use {_PACK_FOR[hands]}"


def _short(n: int) -> str:
    """A number in a message: a huge one by its digits (Python prints no int of thousands)."""
    return str(n) if abs(n) < 10**30 else (
        f"a number of about {round(abs(n).bit_length() * 0.30103):,} digits")


MAX_KITTY = 5
"""The most cards a kitty holds: 3, or 4 and 5 in the packs made for them (RULES.md §3)."""

_PACK_FOR = {2: "the 24-card pack (or the 33-card pack with dead_hand=true)",
             3: "the 33-card pack", 4: "the 43-card pack (or the 45-card pack)",
             5: "the 53-card pack", 6: "the 63-card pack"}




def _nearest(key: str, known: Iterable[str]) -> str:
    """The words after an unknown option's name: the nearest known one ("; did you mean
    target?"), else the list of them, so a slip of the keyboard is named, not just refused.

    >>> _nearest("taget", ["target", "hole"]), _nearest("zzz", ["target", "hole"])
    ('; did you mean target?', '; options are hole, target')
    """
    close = difflib.get_close_matches(key, list(known), n=1)
    return f"; did you mean {close[0]}?" if close else f"; options are {', '.join(sorted(known))}"


def _check_names(cls: type[Rules], options: dict[str, Any]) -> None:
    """RulesError for an option name ``cls`` does not have."""
    known = {f.name for f in fields(cls)}
    for key in options:
        if key not in known:
            raise RulesError(f"unknown option {key!r}; options are {', '.join(sorted(known))}")


_AUSTRALIAN: dict[str, Any] = {}
_CLASSIC: dict[str, Any] = dict(
    first_dealer="cut",
    misere_rank="by_value",
    misere_needs_seven=False,
    misere_stops_when_taken=False,
    misere_defender_points="ten_per_declarer_trick",
    open_misere_value=520,
    open_misere_rank="top",
    all_pass="play_no_trumps",
    nt_joker="classic",
    win="reach_500_any_way",
)

Rules.__signature__ = inspect.signature(Rules.__init__).replace(  # type: ignore[attr-defined]
    parameters=list(inspect.signature(Rules.__init__).parameters.values())[1:])
"""What ``help(Rules)`` and editors show: the options (``__new__`` takes ``**options``)."""

Rules.PRESETS = {
    "australian": _AUSTRALIAN,
    "classic3": {**_CLASSIC, "players": 3, "deck": "33", "teams": "none",
                 "deal_pattern": "3-k3-4-3"},
    "classic4": {**_CLASSIC, "players": 4, "deck": "43", "teams": "two",
                 "deal_pattern": "3-k3-4-3"},
    "two_dead_hand": {**_CLASSIC, "players": 2, "deck": "33", "teams": "none",
                      "dead_hand": True, "deal_pattern": "3-k3-4-3"},
    "two_24": {**_CLASSIC, "players": 2, "deck": "24", "teams": "none",
               "deal_pattern": "10-k4", "auction": "single"},
    "five_called": {**_CLASSIC, "players": 5, "deck": "53", "teams": "none",
                    "call_partner": True, "deal_pattern": "10-k3", "all_pass": "redeal"},
    "six_pairs": {"players": 6, "deck": "63", "teams": "pairs", "deal_pattern": "10-k3"},
    "six_threes": {"players": 6, "deck": "63", "teams": "two", "deal_pattern": "10-k3"},
}

#: The names of the presets, the default first.
PRESET_NAMES: tuple[str, ...] = tuple(Rules.PRESETS)


def _as_rules_string(text: str) -> str:
    """What a rules string for options typed without its form (``classic3 target=300``,
    ``classic3,target=300``) looks like, checked: the example offered must itself parse, so
    one that would not is said with why (the options, not the form, are wrong).

    >>> _as_rules_string("(six_pairs, hole = -300)")
    'a rules string looks like fivehundred(preset=six_pairs,hole=-300)'
    """
    items = re.split(r"[\s,]+", re.sub(r"\s*=\s*", "=", text.strip().strip("()")))
    items = [i for i in items if i]
    if items and "=" not in items[0]:
        items[0] = "preset=" + items[0]
    example = f"fivehundred({','.join(items)})"
    try:
        Rules.from_string(example)
    except RulesError as e:
        return (f"a rules string looks like fivehundred(preset=classic3,target=300), and "
                f"written so, {example} is refused: {e}")
    return f"a rules string looks like {example}"


def _left_out_hint(preset: str, given: dict[str, Any]) -> str:
    """What to add to a rules string's error when the options it left out (taken from
    ``preset``) are what clash: the presets for its number of players, where it names one
    and ``preset`` is not one of them (else nothing)."""
    players = given.get("players")
    fits = [name for name in Rules.PRESETS if Rules.preset(name).players == players]
    if (not isinstance(players, int) or not fits or preset in fits
            or preset.lower() not in Rules.PRESETS):     # (unknown: none of its values taken)
        return ""
    return (f" (options left out take preset {preset}'s values; for {players} players start "
            f"from {' or '.join(f'preset={name}' for name in fits)})")
