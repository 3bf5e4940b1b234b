"""The messages a browser sends: their kinds, the fields each takes, their size limit, and
parsing each into a dict whose ``type`` is known and whose fields are its own (the fields of
each kind: docs/protocol.md)."""

from __future__ import annotations

import json
from typing import Any

from ..errors import shown_json
from .seats import TableError

MAX_MESSAGE = 4096
"""The longest message taken, in characters."""
FIELDS: dict[str, tuple[str, ...]] = {
    "act": ("action",), "discard": ("cards",), "next": (), "hint": (),
    "review": ("every_seat", "hand"), "pause": ("paused",), "seat_to_bot": ("seat",),
    "new_link": ("seat",), "take_back": (), "speed": ("speed",), "claim": (),
    "name": ("name",), "take_seat": (), "practice": (), "start": (), "ping": ()}
"""The fields each kind of message takes besides ``type`` (any other is refused: a misspelt
``"hands": 5`` was ignored, and the review of the last hand came instead of hand 5's)."""
KINDS = tuple(FIELDS)
SLOW = ("hint", "review")
"""Kinds worked out in the socket's slow lane (a solve each), beside its other messages."""


def parse_message(text: str) -> dict[str, Any]:
    """A client message as a dict with a known ``type`` and none but its fields
    (:data:`FIELDS`); TableError ``malformed`` if not.

    >>> parse_message('{"type": "review", "hand": 2}')
    {'type': 'review', 'hand': 2}
    >>> parse_message('{"type": "review", "hands": 5}')   # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    fivehundred.web.seats.TableError: unknown field 'hands' in a review message;
    a review takes type, every_seat and hand
    >>> parse_message('[1, 2]')           # (what was sent, as JSON writes it)
    Traceback (most recent call last):
    ...
    fivehundred.web.seats.TableError: a message is a JSON object, got [1, 2]
    """
    if len(text) > MAX_MESSAGE:
        raise TableError("too_large", f"a message is at most {MAX_MESSAGE} characters")
    try:
        msg = json.loads(text)
    except ValueError as e:
        raise TableError("malformed", f"a message is a JSON object: {e}") from None
    except RecursionError:
        raise TableError("malformed", "a message is a JSON object, not one nested this "
                                      "deeply") from None
    if not isinstance(msg, dict):
        raise TableError("malformed", f"a message is a JSON object, got {shown_json(msg)}")
    if "type" not in msg:
        raise TableError("malformed", f"a message names its type (\"type\": one of "
                                      f"{', '.join(KINDS)})")
    kind = msg["type"]
    if not isinstance(kind, str) or kind not in FIELDS:
        raise TableError("malformed", f"unknown message type {shown_json(kind)}; types are "
                                      f"{', '.join(KINDS)}")
    unknown = next((k for k in msg if k != "type" and k not in FIELDS[kind]), None)
    if unknown is not None:
        raise TableError("malformed", f"unknown field {shown_json(unknown)} in a{_n(kind)} "
                                      f"{kind} message; {takes(kind)}")
    return msg


def takes(kind: str) -> str:
    """The fields a kind of message takes, in words, for its error: "a review takes type,
    every_seat and hand", "a ping takes type alone"."""
    fields = ("type", *FIELDS[kind])
    listed = "type alone" if len(fields) == 1 else (
        f"{', '.join(fields[:-1])} and {fields[-1]}")
    return f"a{_n(kind)} {kind} takes {listed}"


def _n(word: str) -> str:
    """"n" before a word said with a vowel first ("an act"), else nothing ("a review")."""
    return "n" if word[:1] in "aeiou" else ""
