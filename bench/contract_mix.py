"""What a table of one bot declares: the first hand of N deals of each preset, every seat the
same bot, counted by kind of contract (open misère, misère, a trick contract, or none: all passed,
the hand thrown in or played at no trumps as the rules say) and
how many of each were made: the table a learner meets (docs/env.md).

    python bench/contract_mix.py --bot medium --deals 200 australian five_called six_pairs
"""

from __future__ import annotations

import argparse
import collections

from fivehundred import Game, Rules
from fivehundred.bot_catalog import BOT_NAMES
from fivehundred.bots import make
from fivehundred.rules import PRESET_NAMES

KINDS = ("open-misere", "misere", "trick", "all passed")


def contract_mix(preset: str, bot: str, deals: int) -> dict[str, tuple[int, int]]:
    """Each kind's count and how many were made, over the first hands of deals 0..deals-1
    (each seat's bot seeded ``10 * deal + seat``)."""
    seen: collections.Counter[str] = collections.Counter()
    made: collections.Counter[str] = collections.Counter()
    for deal in range(deals):
        g = Game(Rules.preset(preset), seed=deal)
        bots = [make(bot, seed=10 * deal + s) for s in range(g.rules.players)]
        while (seat := g.to_move) is not None and g.phase not in ("hand_over", "game_over"):
            g.apply(bots[seat].act(g.view(seat)).action)
        res = g.hand_results[-1]
        c = res.contract
        kind = ("all passed" if c is None
                else c.bid if c.bid in ("open-misere", "misere") else "trick")
        seen[kind] += 1
        made[kind] += bool(res.made)
    return {k: (seen[k], made[k]) for k in KINDS}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("presets", nargs="+", choices=PRESET_NAMES, metavar="PRESET")
    ap.add_argument("--bot", default="medium", choices=BOT_NAMES)
    ap.add_argument("--deals", type=int, default=200)
    args = ap.parse_args()
    if args.deals < 1:
        ap.error("--deals: at least 1")
    print("| preset | " + " | ".join(k if k == "all passed" else f"{k} (made)"
                                     for k in KINDS) + " |")
    print("|---|" + "---:|" * len(KINDS))
    for preset in args.presets:
        mix = contract_mix(preset, args.bot, args.deals)
        print(f"| `{preset}` | " + " | ".join(
            f"{n} ({m})" if k != "all passed" else str(n) for k, (n, m) in mix.items()) + " |")


if __name__ == "__main__":
    main()
