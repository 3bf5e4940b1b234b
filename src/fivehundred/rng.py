"""A tiny seeded random generator (SplitMix64) that gives the same numbers on every machine.

Python's own ``random`` is stable in practice but not promised across versions; deals and bot
choices must be reproducible forever, so the engine owns its generator.

>>> r = Rng(7)
>>> [r.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: a 64-bit state stepped by a constant and mixed; fast and well distributed."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One item chosen uniformly."""
        return items[self.below(len(items))]

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's next output and a salt."""
        return Rng(self.next64() ^ ((salt * 0xD6E8FEB86659FD93) & _MASK))


def derive_seed(*parts: object) -> int:
    """A 63-bit seed fixed by the parts (the same on every machine and Python), and one way:
    a bot's seed derived from its game's seed gives no way back to the game's seed, from
    which the deal, every hidden card, follows (a SplitMix64 step or a fork can be undone).

    >>> derive_seed(1, "deal", 0) == derive_seed(1, "deal", 0) != derive_seed(1, "deal", 1)
    True
    """
    text = "|".join(str(p) for p in parts)
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
