"""How often Medium's fit rule changes its bid: over a partner's suit bid not counted standing
(overcalled, or we bid already), his suit is credited only where we hold two trumps of it
(``partner_help``'s ``fit_needed``, docs/strength.md).  Medium self-play plays the auction of
the first hand of N deals without the rule; at each bid Medium with the rule is asked too, and
the bids that differ are counted (with how those deals' contracts, played out without the
rule, ended).

    python bench/fit_rule.py --deals 4000 australian
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from fivehundred import Game, Rules
from fivehundred.bots import make, medium
from fivehundred.bots.partner_count import partner_help


@contextmanager
def without_rule() -> Iterator[None]:
    """Medium as it was: every partner's suit credited, fit or not."""
    medium.partner_help = lambda view, fit_needed=False: partner_help(view)  # type: ignore[assignment]
    try:
        yield
    finally:
        medium.partner_help = partner_help


def changed_bids(preset: str, deals: int) -> list[tuple[int, str, str, str]]:
    """(deal, the bid without the rule, with it, how the hand ended) where they differ."""
    out = []
    for deal in range(deals):
        g = Game(Rules.preset(preset), seed=10_000 + deal)
        bots = [make("medium", seed=10 * deal + s) for s in range(g.rules.players)]
        differ: tuple[str, str] | None = None
        while (seat := g.to_move) is not None and g.phase not in ("hand_over", "game_over"):
            v = g.view(seat)
            with without_rule():
                action = bots[seat].act(v).action
            if g.phase == "auction" and differ is None:
                ruled = make("medium", seed=10 * deal + seat).act(v).action
                if ruled != action:
                    differ = (action, ruled)
            g.apply(action)
        if differ is not None:
            r = g.hand_results[-1]
            out.append((deal, *differ, f"{r.kind} {r.side_tricks}"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("presets", nargs="+")
    ap.add_argument("--deals", type=int, default=1000)
    args = ap.parse_args()
    for preset in args.presets:
        found = changed_bids(preset, args.deals)
        for line in found:
            print(preset, *line)
        print(f"{preset}: the rule changed a bid in {len(found)} of {args.deals} deals")


if __name__ == "__main__":
    main()
