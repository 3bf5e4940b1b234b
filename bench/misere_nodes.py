"""Misère solves at every player count: search nodes per deal, a node cap against the worst.
``python bench/misere_nodes.py [--deals 200] [--tricks 0,3] [--cap 5000000] [--presets ...]``

A misère asks whether the declarer, alone against every other active hand, can be made to
take a trick; at five and six players four hands play against him, and a deal where he is safe
must be shown safe against every defence of theirs.  Some such deals took minutes (over a
billion nodes at six players) before the cut-off ``misere.misere_cut`` knew the declarer
ducks wherever his i-th lowest card of a suit lies below the others' i-th lowest, as often as
the suit can still be led.  ``fivehundred bench nodes`` has only the four-handed misère (a
pathological deal there would stall it); this script solves seeded misère deals of each preset
(the deals of ``fivehundred.benchmarks.solver.contract_game``, a random declarer), after 0
and 3 random tricks, each with a node cap, and prints the nodes (sum, median, p99, max) and
how many hit the cap.  Node counts are the same on every machine: compare runs of two
versions of the solver by them (docs/benchmarks.md quotes one).  Where the preset plays a
misère on after the declarer's first trick (classic3, five_called), the solve counts all his
tricks, which takes far longer than the question whether he takes one.
"""

from __future__ import annotations

import argparse
import sys

from fivehundred import clitools as ct
from fivehundred.benchmarks.solver import contract_game, nearest_rank
from fivehundred.rng import Rng
from fivehundred.rules import Rules
from fivehundred.solver import solve

PRESETS = ("australian", "classic3", "five_called", "six_threes", "six_pairs")
FIRST_SEED = 50_000


def _numbers(text: str) -> list[int]:
    """A comma-separated list of whole numbers of tricks, 0 to 9."""
    try:
        out = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--tricks takes numbers separated by commas, not {text!r}") from None
    if not out or any(not 0 <= x <= 9 for x in out):
        raise argparse.ArgumentTypeError(f"--tricks: each from 0 to 9, not {text!r}")
    return out


def deal_nodes(preset: str, deals: int, tricks: int, cap: int) -> list[tuple[int, int | None]]:
    """(nodes, tricks) of ``deals`` seeded misère deals of ``preset`` after ``tricks``
    random tricks (hands lost on the way skipped), each solved with at most ``cap`` nodes
    (then its tricks are None)."""
    players = Rules.preset(preset).players
    out: list[tuple[int, int | None]] = []
    seed = FIRST_SEED
    while len(out) < deals:
        g = contract_game(preset, seed, "misere", Rng(seed).below(players), tricks)
        seed += 1
        if g is not None:
            s = solve(g, budget=cap)
            out.append((s.nodes, s.tricks))
    return out


def row(preset: str, tricks: int, results: list[tuple[int, int | None]]) -> str:
    """One markdown row: nodes summed, median, p99, max, and the deals that hit the cap."""
    nodes = sorted(n for n, _ in results)
    capped = sum(t is None for _, t in results)
    return (f"| {preset} | {tricks} | {sum(nodes):,} | {nearest_rank(nodes, 0.5):,} "
            f"| {nearest_rank(nodes, 0.99):,} | {nodes[-1]:,} | {capped} |")


def main(argv: list[str]) -> int:
    """Print the table; 2 for bad arguments (argparse's message)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=ct.whole(1, 100_000), default=200)
    ap.add_argument("--tricks", type=_numbers, default=[0, 3],
                    help="random tricks played first, e.g. 0,3")
    ap.add_argument("--cap", type=ct.whole(1, ct.MAX_NODES), default=5_000_000,
                    help="nodes per solve at most")
    ap.add_argument("--presets", nargs="+", choices=PRESETS, default=list(PRESETS))
    a = ap.parse_args(argv)
    print(f"Misère solves, {a.deals} deals a row, at most {a.cap:,} nodes each:\n")
    print("| preset | tricks played | nodes | median | p99 | max | capped |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for preset in a.presets:
        for t in a.tricks:
            print(row(preset, t, deal_nodes(preset, a.deals, t, a.cap)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
