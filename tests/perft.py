"""Perft for Five Hundred: count the distinct legal play sequences from fixed end positions.

Like chess perft, the counts are golden numbers checked into ``tests/data/perft.json``; any
change to following suit, the joker rules, trick winners or misère stopping changes them.
Regenerate (only after a deliberate rules change) with ``python tests/perft.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from fivehundred import Game, Rules
from fivehundred.actions import token_of
from fivehundred.dealing import deal_to_dict
from fivehundred.rng import Rng

DATA = Path(__file__).parent / "data" / "perft.json"

# (name, preset, seed, bid policy, tricks left at the position)
POSITIONS = [
    ("australian-suit", "australian", 3, "suit", 4),
    ("australian-nt-joker", "australian", 11, "nt", 4),
    ("australian-misere", "australian", 5, "misere", 4),
    ("classic3-suit", "classic3", 7, "suit", 4),
    ("classic3-nt", "classic3", 8, "nt", 4),
    ("classic3-all-pass", "classic3", 9, "allpass", 5),
    ("classic4-misere-to-the-end", "classic4", 4, "misere", 4),
    ("two-dead-hand", "two_dead_hand", 2, "suit", 5),
    ("two-24", "two_24", 6, "nt", 5),
    ("five-called", "five_called", 12, "suit", 4),
    ("six-pairs", "six_pairs", 13, "nt", 3),
    ("six-threes", "six_threes", 14, "suit", 3),
]

_BIDS = {"suit": "6H", "nt": "6NT", "misere": "misere", "allpass": None}


def count_sequences(g: Game) -> int:
    """Leaves of the play tree from here to the end of the hand (each move on a clone:
    ``undo`` replays the hand, eleven times slower here, and test_properties checks it after
    every action of its random games)."""
    if g.phase != "play":
        return 1
    total = 0
    for a in g.legal_action_ids():
        child = g.clone()
        child.apply(a)
        total += count_sequences(child)
    return total


def build_position(preset: str, seed: int, policy: str, tricks_left: int) -> dict[str, Any]:
    """Deal from the seed, bid as the policy says, then play randomly to the position.

    A misère that is lost early ends the hand before the position: try the next seeds.
    """
    for s in range(seed, seed + 1000, 7):
        try:
            return _build(preset, s, policy, tricks_left)
        except _Ended:
            continue
    raise RuntimeError(f"no seed from {seed} reaches the position")


class _Ended(Exception):
    """The hand ended before the position."""


def _build(preset: str, seed: int, policy: str, tricks_left: int) -> dict[str, Any]:
    rules = Rules.preset(preset)
    g = Game(rules, seed=seed)
    bid = _BIDS[policy]
    if bid == "misere" and rules.misere_needs_seven:
        g.apply("7S")
    if bid is not None:
        g.apply(bid)
    while g.phase == "auction":
        g.apply("pass")
    rng = Rng(seed)
    while g.phase in ("kitty", "call"):
        legal = g.legal_action_ids()
        g.apply(legal[0] if g.phase == "call" else rng.choice(legal))
    while g.phase == "play" and len(g.tricks) < 10 - tricks_left:
        g.apply(rng.choice(g.legal_action_ids()))
    if g.phase != "play":
        raise _Ended
    return {
        "rules": rules.to_string(),
        "deal": deal_to_dict(rules, g.deal),
        "actions": [token_of(a) for a in g.actions],
    }


def replay_position(entry: dict[str, Any]) -> Game:
    """The game at a stored position."""
    g = Game(Rules.from_string(entry["rules"]), deal=entry["deal"])
    for tok in entry["actions"]:
        g.apply(tok)
    return g


def generate() -> list[dict[str, Any]]:
    """Every position with its count."""
    out = []
    for name, preset, seed, policy, left in POSITIONS:
        entry = {"name": name, **build_position(preset, seed, policy, left)}
        entry["count"] = count_sequences(replay_position(entry))
        out.append(entry)
    return out


if __name__ == "__main__":
    data = generate()
    text = json.dumps(data, indent=1) + "\n"
    if "--write" in sys.argv:
        DATA.write_text(text)
    for e in data:
        print(f"{e['name']:32} {e['count']:>10}")
