"""Names written as a list is read, for every front end and the engine's own messages."""

from __future__ import annotations

from collections.abc import Sequence


def joined(words: Sequence[str]) -> str:
    """Names as a list is read: ``West``, ``West & East``, ``You, West & East``.

    >>> joined(["South-West", "North", "South-East"])
    'South-West, North & South-East'
    """
    return ", ".join(words[:-1]) + " & " + words[-1] if len(words) > 1 else words[0]
