"""Names written as a list is read, for every front end and the engine's own messages."""

from __future__ import annotations

from collections.abc import Sequence


def joined(words: Sequence[str], last: str = " & ") -> str:
    """Names as a list is read: ``West``, ``West & East``, ``You, West & East`` (``last``
    before the last of them: `` and `` for things that are not seats).

    >>> joined(["South-West", "North", "South-East"]), joined(["0", "4", "8"], " and ")
    ('South-West, North & South-East', '0, 4 and 8')
    """
    return ", ".join(words[:-1]) + last + words[-1] if len(words) > 1 else words[0]
