"""The messages a browser sends: their kinds, their size limit, and parsing each into a dict
whose ``type`` is known (the fields of each kind: docs/protocol.md)."""

from __future__ import annotations

import json
from typing import Any

from .seats import TableError

MAX_MESSAGE = 4096
"""The longest message taken, in characters."""
KINDS = ("act", "discard", "next", "hint", "review", "pause", "seat_to_bot", "new_link",
         "take_back", "speed", "claim", "name", "take_seat", "practice", "start", "ping")
SLOW = ("hint", "review")
"""Kinds worked out in the socket's slow lane (a solve each), beside its other messages."""


def parse_message(text: str) -> dict[str, Any]:
    """A client message as a dict with a known ``type``; TableError ``malformed`` if not."""
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
        raise TableError("malformed", f"a message is a JSON object, got {type(msg).__name__}")
    kind = msg.get("type")
    if kind not in KINDS:
        raise TableError("malformed", f"unknown message type {kind!r}; types are "
                                      f"{', '.join(KINDS)}")
    return msg
