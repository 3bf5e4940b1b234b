"""The record tests' games: a seeded random policy, the games it plays (cached), and the
golden record (tests/data) that test_record.py and test_record_errors.py both read."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from fivehundred import Game, Rules
from fivehundred.actions import ALONE, MISERE, OPEN_MISERE, PASS, is_trick_bid

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"


def choose(g: Game, rng: random.Random) -> int:
    """A seeded random legal action: mostly pass in the auction, else a low bid or a misère."""
    ids = g.legal_action_ids()
    if g.phase == "auction":
        r = rng.random()
        if r < 0.75:
            return PASS
        low = [a for a in ids if is_trick_bid(a)][:3]
        misere = [a for a in ids if a in (MISERE, OPEN_MISERE)]
        if misere and (r > 0.96 or not low):
            return rng.choice(misere)
        return rng.choice(low or [PASS])
    if g.phase == "call" and rng.random() < 0.3:
        return ALONE
    return rng.choice(ids)


@cache
def played(preset: str, seed: int, max_actions: int | None = None) -> Game:
    """A game of ``preset`` played by the seeded policy to its end (or ``max_actions``)."""
    g = Game(Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    n = 0
    while g.phase != "game_over" and (max_actions is None or n < max_actions):
        if g.phase == "hand_over":
            g.next_hand()
            continue
        g.apply(choose(g, rng))
        n += 1
    return g


def golden_with(*swaps: tuple[str, str]) -> str:
    """The golden record with each line ``old`` (there once) written ``new``."""
    text = GOLDEN.read_text(encoding="utf-8")
    for old, new in swaps:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text
