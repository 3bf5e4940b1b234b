"""What the analysis modules share: their error, the progress callback type, and the seat
names and words their reports are written in."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence

from rich.cells import cell_len

from ...actions import readable
from ...errors import FiveHundredError
from ...rules import Rules
from ...tricks import sort_tokens

#: A progress callback: (solves done, solves in all).
Progress = Callable[[int, int], None]


class AnalysisError(FiveHundredError):
    """Input the analysis cannot take: bad hands, a bad deal file, a hand or action not there."""


def report_names(rules: Rules, names: Sequence[str] | None) -> tuple[str, ...]:
    """The seats' names the reports write (the analysis's, and ``fivehundred hint``'s):
    ``names`` when there is one per seat (a record's ``Seats``), else ``seat 0``, ``seat 1``…"""
    n = rules.players
    if names is None or len(names) != n:
        return tuple(f"seat {s}" for s in range(n))
    return tuple(names)


def seat_label(names: Sequence[str], seat: int) -> str:
    """A seat in a report: its name with its number (``Ann (2)``), or ``seat 2`` alone.

    >>> seat_label(("seat 0", "Bo"), 1), seat_label(("seat 0", "Bo"), 0)
    ('Bo (1)', 'seat 0')
    """
    name = names[seat]
    return name if name == f"seat {seat}" else f"{name} ({seat})"


def _seats(names: Sequence[str], seats: Sequence[int]) -> str:
    return "+".join(seat_label(names, s) for s in seats)


def _cards(toks: Iterable[str]) -> str:
    """Card tokens as people read them, suits as symbols: ``A♠ 10♥``."""
    return " ".join(readable(t) for t in toks)


def in_hand_order(toks: Iterable[str], strain: int) -> tuple[str, ...]:
    """Card tokens (a discard) in the one order the analysis writes a discard in: a hand's
    order under ``strain`` (4: no trumps, misère), trumps first and high to low, as the
    terminal and browser tables show a discard (:func:`~fivehundred.tricks.sort_tokens`, as a
    tuple for the reports' frozen records).

    >>> in_hand_order(["9C", "8H", "JS", "8D"], 1)      # clubs: J♠ is the left bower
    ('JS', '9C', '8D', '8H')
    """
    return tuple(sort_tokens(toks, strain))


def _n(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def _wrap(text: str) -> str:
    return textwrap.fill(text, width=96, break_on_hyphens=False)



def pad(text: str, width: int) -> str:
    """``text`` followed by spaces to fill ``width`` terminal columns (``str.ljust`` by
    columns: a wide character, Chinese or Japanese, takes two; a combining mark none), so
    that tables of seat names line up.

    >>> pad("李小龙", 8) + "|", len(pad("Zoe\u0308", 4))     # (4 characters, 3 columns)
    ('李小龙  |', 5)
    """
    return text + " " * max(0, width - cell_len(text))
