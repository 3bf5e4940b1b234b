"""The precise exceptions of the engine; all are ValueErrors so callers can catch broadly."""

from __future__ import annotations

import json


def shown(value: object, limit: int = 40) -> str:
    """``value`` as an error message quotes it: its repr, cut short past ``limit``
    characters (an action of 100,000 characters came back whole in its error).

    >>> shown("7H"), shown("x" * 100)
    ("'7H'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (102 characters)")
    >>> shown(10**5000)             # (past Python's 4,300 digits repr itself refuses)
    'a number of 5001 digits'
    """
    if isinstance(value, int) and value.bit_length() > 14_000:
        return f"a number of {_digits(value)} digits"
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit - 3]}… ({len(text)} characters)"


def _digits(n: int) -> int:
    """How many decimal digits ``n`` has, without writing it out.

    >>> _digits(10**5000), _digits(10**5000 - 1), _digits(-7)
    (5001, 5000, 1)
    """
    n = abs(n)
    d = max(1, int(n.bit_length() * 0.30102999566398120))   # log10(2): d or d + 1 digits
    return d + 1 if n >= 10**d else d


class FiveHundredError(ValueError):
    """Base of every error the engine raises on bad input."""


class MalformedError(FiveHundredError):
    """Text that does not parse: a card token, a deal, a rules string, a record."""


class IllegalActionError(FiveHundredError):
    """An action the rules forbid here; the message names the rule and the cards involved."""


class SeatError(FiveHundredError):
    """A seat that is not one of the table's: out of range, or not a whole number."""


class RulesError(FiveHundredError):
    """Rules options that are unknown, out of range, or contradict each other."""


class DealError(MalformedError):
    """A given deal that is not a deal of this pack: duplicate, missing or foreign cards."""


class RecordError(MalformedError):
    """A game record that is malformed or replays an illegal action."""


def shown_json(value: object, limit: int = 40) -> str:
    """``value``, as a caller sent it in JSON, for an error: ``null``, ``true``, ``{"a": 1}``
    (Python's ``None``, ``True`` and ``{'a': 1}`` are not what he wrote); text as every error
    quotes it (:func:`shown`: ``'fast'``); cut short past ``limit`` characters, and
    every character drawn as nothing or out of place in a line (a bidi override, a lone
    surrogate) written as JSON escapes it.

    >>> shown_json(None), shown_json(True), shown_json({"a": 1}), shown_json("Ann")
    ('null', 'true', '{"a": 1}', "'Ann'")
    >>> shown_json(["\\u202eDan\\ud800"]), shown_json(list(range(100)))
    ('["\\\\u202eDan\\\\ud800"]', '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11… (390 characters)')
    """
    if isinstance(value, str) or (isinstance(value, int) and value.bit_length() > 14_000):
        return shown(value, limit)          # (a number of thousands of digits: how many)
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, RecursionError):    # (nested past the encoder's depth)
        return shown(value, limit)
    text = "".join(c if c.isprintable() else _escaped(c) for c in text)
    return text if len(text) <= limit else f"{text[:limit - 3]}… ({len(text)} characters)"


def _escaped(ch: str) -> str:
    """A character as JSON escapes it (past U+FFFF, as its two surrogates).

    >>> _escaped("\\u200b"), _escaped("\\U000e0041")
    ('\\\\u200b', '\\\\udb40\\\\udc41')
    """
    n = ord(ch)
    if n <= 0xFFFF:
        return f"\\u{n:04x}"
    n -= 0x10000
    return f"\\u{0xD800 + (n >> 10):04x}\\u{0xDC00 + (n & 0x3FF):04x}"
