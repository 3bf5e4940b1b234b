"""The engine-free checks of a record, run whenever a GameRecord is built.

They cover what can be known without dealing the cards again: here the game's (its rules and
viewpoint, its tags, the dealer passing left, only the last hand unfinished), in
:mod:`.hand_checks` each hand's (tokens and cards of the pack, no card twice, the auction and
the tricks in turn, what one seat may see, the result as the recorded tricks score it).  Each
failure is a :class:`RecordProblem` that names the hand, the part and the item, so the readers
can point at a line or a JSON path.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, NoReturn

from ..numbers import SEEDS, written_number
from ..rules import Rules
from .hand_checks import HandChecker, is_int
from .model import (
    HandRecord,
    Layout,
    RecordProblem,
    breaks_lines,
    lone_surrogate,
    start_scores_of,
)

if TYPE_CHECKING:
    from .model import GameRecord

_TAG_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_DATE = re.compile(r"^[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}$")
#: Tags that are fields of GameRecord, not entries of ``tags``.
RESERVED_TAGS = ("Rules", "Viewpoint", "Program")


def _fail_game(reason: str, fld: str, key: str | None = None) -> NoReturn:
    where = f"tag {key}" if fld == "tag" and key else ""
    raise RecordProblem(reason, where, None, fld, key)


def check_game(rec: GameRecord) -> tuple[Layout, ...]:
    """Every engine-free check of a whole record; returns each hand's layout."""
    r = rec.rules
    if not isinstance(r, Rules):
        _fail_game(f"rules must be a Rules object, got {type(r).__name__}", "rules")
    if rec.viewpoint is not None and not (is_int(rec.viewpoint)
                                          and 0 <= rec.viewpoint < r.players):
        _fail_game(f"the viewpoint must be a seat from 0 to {r.players - 1}, "
                   f"got {rec.viewpoint!r}", "viewpoint")
    _check_tags(rec)
    _check_program(rec.program)
    seen_from = first_seen(rec.viewpoint, rec.tags)
    layouts: list[Layout] = []
    totals = rec.start_scores          # (its tag checked above)
    for i, h in enumerate(rec.hands):
        if not isinstance(h, HandRecord):
            raise RecordProblem(f"expected a HandRecord, got {type(h).__name__}",
                                f"hand {i + 1}", i, "hand", None)
        if i and is_int(h.dealer) and h.dealer != (rec.hands[i - 1].dealer + 1) % r.players:
            want = (rec.hands[i - 1].dealer + 1) % r.players
            raise RecordProblem(f"the deal passes left: after dealer {rec.hands[i - 1].dealer} "
                                f"comes dealer {want}, not {h.dealer}",
                                f"hand {i + 1}, dealer", i, "dealer", None)
        if i and rec.hands[i - 1].result is None:
            raise RecordProblem("only the last hand of a record may be unfinished "
                                "(this one follows a hand without a result)",
                                f"hand {i + 1}", i, "hand", None)
        lay = HandChecker(r, rec.viewpoint, i, h, totals, i < seen_from).run()
        if h.result is not None:
            totals = h.result.totals
        layouts.append(lay)
    result = rec.tag("Result")
    if result not in (None, "*") and not rec.hands:
        _fail_game("the game has a winner but the record has no hands", "tag", "Result")
    if result not in (None, "*") and rec.hands[-1].result is None:
        _fail_game("the game has a winner but its last hand is unfinished", "tag", "Result")
    return tuple(layouts)


def hand_layout(rules: Rules, viewpoint: int | None, index: int, hand: HandRecord,
                blind: bool = False) -> Layout:
    """One hand's layout, with every check but the result's (for readers that point at lines);
    ``blind``: a hand from before the viewpoint seat's present player sat (:func:`first_seen`)."""
    return HandChecker(rules, viewpoint, index, hand, (), blind).run(with_result=False)


def first_seen(viewpoint: int | None, tags: Iterable[tuple[str, str]]) -> int:
    """The first hand (from 0) that a one-seat record shows as its seat saw it: the hand
    before its ``Seated`` tag (the hand, from 1, from which the seat's present player sat);
    the hands before it show only what every seat saw.  0 without the tag (or with one that
    is not a number: the tag's check says so).

    >>> first_seen(2, [("Seated", "4")]), first_seen(2, []), first_seen(None, [("Seated", "4")])
    (3, 0, 0)
    """
    if viewpoint is None:
        return 0
    value = next((v for k, v in tags if k == "Seated"), None)
    first = None if value is None else written_number(value, 4)
    return 0 if first is None else first - 1


def _check_tags(rec: GameRecord) -> None:
    r = rec.rules
    seen: set[str] = set()
    for item in rec.tags:
        if not (isinstance(item, tuple) and len(item) == 2
                and all(isinstance(x, str) for x in item)):
            _fail_game(f"a tag is a (name, value) pair of strings, got {item!r}", "tags")
        name, value = item
        if not _TAG_NAME.match(name):
            _fail_game(f"bad tag name {name!r} (letters, digits and _, a letter first)",
                       "tag", name)
        if name in RESERVED_TAGS:
            _fail_game(f"{name} is a field of the record, not a free tag", "tag", name)
        if name in seen:
            _fail_game("given twice", "tag", name)
        seen.add(name)
        if breaks_lines(value):
            _fail_game("a tag value may not hold line breaks (U+2028 and U+2029 too) or "
                       "control characters", "tag", name)
        if (bad := lone_surrogate(value)) is not None:
            _fail_game(f"a tag value must be text (a lone surrogate such as {bad} is not: "
                       "the record could not be written again)", "tag", name)
        if name == "Seats":
            names = [n.strip() for n in value.split(",")]
            if len(names) != r.players or not all(names):
                _fail_game(f"expected {r.players} comma-separated names (one per seat), "
                           f"got {value!r}", "tag", name)
        elif name == "Result":
            side = written_number(value, 2)
            if value != "*" and not (side is not None and side < len(r.sides)):
                _fail_game(f"expected the winning side (0 to {len(r.sides) - 1}) or * while "
                           f"the game goes on, got {value!r}", "tag", name)
        elif name == "Seed":
            seed = written_number(value, 20)
            if seed is None or seed >= SEEDS:
                _fail_game(f"expected a seed, a whole number from 0 to 2**64 - 1, got "
                           f"{value[:40]!r}", "tag", name)
            if rec.viewpoint is not None:
                _fail_game("one seat's view may not carry the seed: it reveals every deal",
                           "tag", name)
        elif name == "Seated":
            first = written_number(value, 4)
            if rec.viewpoint is None:
                _fail_game("only one seat's view has a Seated tag (the hand from which the "
                           "seat's present player saw it)", "tag", name)
            if first is None or not 1 <= first <= len(rec.hands) + 1:
                _fail_game(f"expected the hand (1 to {len(rec.hands) + 1}) from which seat "
                           f"{rec.viewpoint}'s present player saw the game, got "
                           f"{value[:40]!r}", "tag", name)
        elif name == "StartScores":
            try:
                start_scores_of(r, value)
            except ValueError as e:
                _fail_game(str(e), "tag", name)
        elif name == "Date" and (not _DATE.match(value) or not _a_date(value)):
            _fail_game(f"expected YYYY.MM.DD, a day of the calendar (? for unknown digits), "
                       f"got {value!r}",
                       "tag", name)


def _check_program(value: object) -> None:
    """The ``Program`` tag (:attr:`GameRecord.program`): None, or text that a tag may hold."""
    if value is None:
        return
    if not isinstance(value, str):
        _fail_game(f"the program is a str (like 'fivehundred 0.1.0') or None, got "
                   f"{type(value).__name__}", "tag", "Program")
    if not value.strip() or breaks_lines(value) or lone_surrogate(value) is not None:
        _fail_game("expected the program that wrote the record (like 'fivehundred 0.1.0'): "
                   "text on one line", "tag", "Program")


def _a_date(value: str) -> bool:
    """Whether ``YYYY.MM.DD`` (shape checked) can be a day, its ``?`` digits being any: some
    filling of them is a day of the calendar (``2026.02.30``, ``2026.13.??``, ``2026.2?.01``
    and ``????.04.31`` are none).

    >>> [_a_date(d) for d in ("2026.02.28", "2024.02.29", "2026.??.??", "????.??.??")]
    [True, True, True, True]
    >>> [_a_date(d) for d in ("2026.02.30", "2026.13.??", "2026.2?.01", "????.04.31")]
    [False, False, False, False]
    >>> [_a_date(d) for d in ("2?01.02.29", "???1.02.29", "20?4.02.29", "0000.01.01")]
    [False, False, True, False]
    """
    year, month, day = value.split(".")

    def fillings(field: str, low: int, high: int) -> list[int]:
        """The numbers from ``low`` to ``high`` that ``field`` (digits and ``?``) can be."""
        if "?" not in field:
            return [int(field)] if low <= int(field) <= high else []
        return [n for n in range(low, high + 1)
                if all(c in ("?", d) for c, d in zip(field, f"{n:0{len(field)}d}", strict=True))]

    years = fillings(year, 1, 9999)
    months = fillings(month, 1, 12)
    days = fillings(day, 1, 31)
    # the year matters only for 29 February: one leap year among its fillings stands for all
    leap = 2024 if any(calendar.isleap(y) for y in years) else 2023
    return bool(years) and any(d <= calendar.monthrange(leap, m)[1]
                               for m in months for d in days)
