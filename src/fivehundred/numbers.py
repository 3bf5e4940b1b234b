"""Whole numbers given by callers: Python's ints and anything that stands for one exactly
(numpy's integers, through ``__index__``), never a bool or a float.

>>> import numpy as np
>>> whole_number(np.int64(94), ValueError, "an action id")
94
>>> whole_number(True, ValueError, "a seat")
Traceback (most recent call last):
...
ValueError: a seat, not True
"""

from __future__ import annotations

import operator
import re

from .errors import shown


def whole_number(value: object, error: type[Exception], what: str) -> int:
    """``value`` as an int, else ``error("{what}, not {shown(value)}")``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise error(f"{what}, not {shown(value)}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:                 # (numpy's arrays have __index__, most refuse it)
        raise error(f"{what}, not {shown(value)}") from None


def seat_number(seat: object, players: int, error: type[Exception]) -> int:
    """``seat`` as one of ``players`` seats, 0 to ``players - 1`` (numpy's ints too, never a
    bool), else ``error`` saying what a seat is.

    >>> seat_number(-1, 4, ValueError)
    Traceback (most recent call last):
    ...
    ValueError: seat -1: a seat is a number from 0 to 3
    """
    if type(seat) is int and 0 <= seat < players:
        return seat
    what = f"a seat is a number from 0 to {players - 1}"
    n = whole_number(seat, error, f"seat {seat!r}: {what}")
    if not 0 <= n < players:
        raise error(f"seat {seat!r}: {what}")
    return n


SEEDS = 1 << 64
"""Seeds are whole numbers from 0 to ``SEEDS - 1``: the random generator keeps 64 bits, so a
larger seed (or a negative one) would deal exactly as another does."""


def seat_option(seat: int, players: int) -> str | None:
    """What is wrong with ``--seat SEAT`` at a table of ``players``, or None: the terminal
    table and the console say it in these words, before they load and again once built.

    >>> seat_option(4, 4)
    '--seat must be from 0 to 3, got 4'
    """
    return None if 0 <= seat < players else f"--seat must be from 0 to {players - 1}, got {seat}"


def seed_number(seed: object, type_error: type[Exception], range_error: type[Exception]) -> int:
    """``seed`` as a seed (numpy's ints too, never a bool): ``type_error`` if it is not a
    whole number, ``range_error`` if it is outside 0 to 2**64 - 1.

    >>> seed_number(2**64, TypeError, ValueError)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number from 0 to 2**64 - 1, not 18446744073709551616
    """
    what = "seed must be a whole number from 0 to 2**64 - 1"
    value = whole_number(seed, type_error, what)
    if not 0 <= value < SEEDS:
        raise range_error(f"{what}, not {shown(seed)}")
    return value


def written_number(text: str, digits: int = 9) -> int | None:
    """A number as written in a file: ASCII digits only, at most ``digits`` of them (Python's
    ``isdigit`` takes "3²" and "٣", which ``int`` refuses or reads, and ``int`` refuses a
    number of thousands of digits); None if ``text`` is not one.

    >>> written_number("42"), written_number("3²"), written_number("1" * 10)
    (42, None, None)
    """
    return int(text) if re.fullmatch(f"[0-9]{{1,{digits}}}", text) else None
