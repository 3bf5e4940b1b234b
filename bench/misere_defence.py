"""Two misère defences on the same hands: Medium's rules against another bot's.

For seeds 1..N the first hand is bid, discarded and called by Medium at every seat; where that
ends in a misère, the play is run twice from the first lead, the declarer always Medium (its
careful rules), the defenders Medium the first time and the other bot the second.  Prints, for
misère and open misère, how often each defence let the misère through and the hands beaten by
one defence only, with McNemar's z (positive: the other bot lets more through).  It measured
the choice in docs/strength.md that Hard and Insane defend misère by Medium's rules at five and
six players (their averaging defence is the one of commit 9ddaf23: run this file with that
commit's ``src`` on ``PYTHONPATH`` to see it again):

    python bench/misere_defence.py classic3 3000 hard
"""

from __future__ import annotations

import math
import sys
from collections import Counter

from fivehundred import Game, Rules
from fivehundred.bots import Bot, make


def made_against(g: Game, declarer: int, defenders: list[Bot]) -> bool:
    """Whether the misère from ``g``'s first lead is made, each defender seat played by its
    bot in ``defenders`` and the declarer by Medium."""
    medium = make("medium", seed=declarer)
    h = g.clone()
    while h.phase == "play":
        seat = h.to_move
        assert seat is not None
        bot = medium if seat == declarer else defenders[seat]
        h.apply(bot.act(h.view(seat)).action)
    return h.tricks_won[declarer] == 0


def compare(preset: str, seeds: int, other: str) -> str:
    """The report for the first hand of seeds 1..``seeds`` of ``preset``."""
    r = Rules.preset(preset)
    medium = [make("medium", seed=s) for s in range(r.players)]
    bots = [make(other, seed=100 + s) for s in range(r.players)]
    made: Counter[tuple[str, str]] = Counter()
    only: Counter[tuple[str, str]] = Counter()   # (bid, bot that alone beat the misère)
    hands: Counter[str] = Counter()
    for seed in range(1, seeds + 1):
        g = Game(r, seed=seed)
        while g.phase in ("auction", "kitty", "call"):
            seat = g.to_move
            assert seat is not None
            g.apply(medium[seat].act(g.view(seat)).action)
        c = g.contract
        if g.phase != "play" or c is None or not c.is_misere:
            continue
        hands[c.bid] += 1
        by_medium = made_against(g, c.declarer, medium)
        by_other = made_against(g, c.declarer, bots)
        made[(c.bid, "medium")] += by_medium
        made[(c.bid, other)] += by_other
        if by_medium != by_other:
            only[(c.bid, "medium" if by_other else other)] += 1
    lines = [f"{preset}, seeds 1-{seeds}, misère defence: medium against {other}"]
    for bid in sorted(hands):
        a, b = only[(bid, "medium")], only[(bid, other)]
        z = (a - b) / math.sqrt(a + b) if a + b else 0.0
        lines.append(f"{bid}: {hands[bid]} hands, made {made[(bid, 'medium')]} against "
                     f"medium and {made[(bid, other)]} against {other}; beaten only by "
                     f"medium {a}, only by {other} {b}; McNemar z = {z:+.1f}")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: python bench/misere_defence.py PRESET SEEDS BOT")
    print(compare(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
