"""What would bring an all-moves solve under twice a single solve: the search run with oracles.
``python bench/all_moves_limits.py [--kind suit|nt|classic3] [--deals 40] [--tricks 0]
[--oracles 1,2]``

An all-moves solve shows, for each root move, that it gets its value and no more; a single
solve shows it for one move, and that no move gets more.  This script measures how the ratio
of their search nodes would move if the search knew more, by running both kinds of solve with
an oracle that answers at once, inside the search, the trick-boundary positions it knows:

* a sure-trick bound never more than one trick from the exact value: every position whose
  answer holds with a trick to spare ("a perfect bound"), for the maximising side's proofs
  (a lower bound), the refutations (an upper bound), or both;
* a perfect endgame: every position with at most k tricks left, or only the proofs there.

How: the solves of the benchmark's full deals (``fivehundred bench nodes``'s deals) run in the
solver's pure twin, every trick-boundary node recorded; each recorded position is solved
exactly, compiled, from a fresh table (and the recorded answers checked against it); then the
solves run again in the twin, the oracle answering each position it knows from those values:
one node, no table entry (as a bound answers), and the ranks that mattered to the answer as a
search from there would have reported them (found by a throwaway search on a copy, with its
own table, so the table entries the oracle saves the search from storing are lost, as they
would be).  A position the oracle meets that the values do not hold yet is searched as usual,
solved afterwards and the run repeated, until none is left.  The root question itself is never
answered: knowing it is the solve.

The twin is a setting of the whole process, so the runs happen in child processes; the table
printed gives both kinds of solve's nodes under each oracle and the ratio all-moves / single
(docs/benchmarks.md quotes the four-handed suit run).
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

KINDS = {"suit": 0, "nt": 1, "classic3": 3}
"""Command-line kinds: index into (SUIT, *ALONE) of ``fivehundred.benchmarks.solver``."""
MODES = ("single", "every")
CONFIG = 12
"""The state's configuration columns (``layout.C_TRUMP`` to ``layout.C_MISERE``): the same
hands under another contract are another position."""
ROUNDS = 8
"""Runs of one oracle at most, each after solving the positions the run before met unknown."""


@dataclass(frozen=True)
class Asked:
    """A question met at a trick boundary: what an oracle decides on."""

    left: int
    target: int
    answer: bool
    slack: int
    """Tricks the answer holds with to spare (the exact value against the target)."""


def oracles() -> Iterator[tuple[str, Callable[[Asked], bool]]]:
    """The oracles run, by name: each knows the questions it answers."""
    yield "none (the search as it is)", lambda a: False
    yield "a perfect bound, proofs (a trick to spare)", lambda a: a.answer and a.slack >= 1
    yield "a perfect bound, refutations", lambda a: not a.answer and a.slack >= 1
    yield "a perfect bound, both", lambda a: a.slack >= 1
    for k in (3, 5):
        yield f"a perfect endgame, {k} tricks or fewer", lambda a, k=k: a.left <= k
    for k in (5, 7):
        yield (f"a perfect endgame, {k} tricks or fewer, proofs only",
               lambda a, k=k: a.left <= k and a.answer)


def _kind(name: str) -> Any:
    from fivehundred.benchmarks.solver import ALONE, SUIT

    return (SUIT, *ALONE)[KINDS[name]]


def key_of(st: np.ndarray) -> bytes:
    """A trick-boundary position as bytes: the contract's configuration and seat order, the
    leader, tricks left, suits led, shown voids and the hands (what the kernel reads there)."""
    from fivehundred.solver import layout as lay

    w = st[lay.W_ROW]
    config = w[:CONFIG].copy()
    config[[lay.C_BUDGET, lay.C_GEN]] = 0      # not the position's: the solve's
    return np.concatenate((config, w[lay.NEXT:lay.NEXT + lay.MAX_SEATS],
                           w[[lay.S_LEADER, lay.S_LEFT, lay.S_LEDSUITS]],
                           w[lay.VOIDS:lay.VOIDS + lay.MAX_SEATS],
                           st[lay.HAND_ROW:lay.HAND_ROW + lay.MAX_SEATS, :5].ravel())).tobytes()


def state_of(key: bytes) -> np.ndarray:
    """A state array holding the position of ``key`` at depth 0, ready for a search."""
    from fivehundred.solver import layout as lay

    raw = np.frombuffer(key, np.int64)
    seats = lay.MAX_SEATS
    st = np.zeros((lay.STATE_ROWS, lay.BUF_COLS), np.int64)
    w = st[lay.W_ROW]
    w[:CONFIG] = raw[:CONFIG]
    w[lay.NEXT:lay.NEXT + seats] = raw[CONFIG:CONFIG + seats]
    w[[lay.S_LEADER, lay.S_LEFT, lay.S_LEDSUITS]] = raw[CONFIG + seats:CONFIG + seats + 3]
    w[lay.VOIDS:lay.VOIDS + seats] = raw[CONFIG + seats + 3:CONFIG + 2 * seats + 3]
    hands = raw[CONFIG + 2 * seats + 3:].reshape(seats, 5)
    st[lay.HAND_ROW:lay.HAND_ROW + seats, :5] = hands
    for e in range(5):
        w[lay.LEFT + e] = np.bitwise_or.reduce(hands[:, e])
    w[lay.S_LED] = -1
    w[lay.S_FORCE] = -1
    return st


def exact_values(keys: list[bytes]) -> list[int]:
    """Each position's exact value, compiled, each from a fresh table generation."""
    from fivehundred.solver import layout as lay
    from fivehundred.solver import walk
    from fivehundred.solver.solve import _tables

    t = _tables()
    values = []
    for key in keys:
        st = state_of(key)
        t["gen"][0] += 1
        st[lay.W_ROW, lay.C_GEN] = t["gen"][0]
        left = int(st[lay.W_ROW, lay.S_LEFT])
        small = np.zeros((5, 2 * left + 2), np.int64)
        values.append(walk.exact(st, t["tt"], -1, 0, left, -1, small))
    return values


def run_in_twin(kind: str, deals: int, oracle: int, values: dict[bytes, int],
                tricks: int = 0) -> dict[str, Any]:
    """Every solve of the deals (``tricks`` into the play), in the pure twin, oracle number
    ``oracle`` answering from ``values``: the nodes of each kind of solve, the positions met
    that ``values`` lacks, and (for oracle 0, the search as it is) every position met and
    each question asked there with its answer (left, target, answer, position number)."""
    from fivehundred.solver import jit, kernel
    from fivehundred.solver import layout as lay

    if not jit.DISABLED:
        raise SystemExit("run_in_twin() runs in the pure twin: NUMBA_DISABLE_JIT=1")
    knows = list(oracles())[oracle][1]
    search = kernel.search
    ghost_tt = np.zeros((1 << 16, lay.TT_COLS), np.int64)
    ghost_gen = [1 << 40]
    unknown: set[bytes] = set()
    positions: dict[bytes, int] = {}
    met: list[tuple[int, int, int, int]] = []

    def ranks_that_mattered(st: np.ndarray, depth: int, target: int) -> np.ndarray:
        """What a search from here reports, found on a copy with a table of its own."""
        ghost = st.copy()
        ghost_gen[0] += 1
        ghost[lay.W_ROW, lay.C_GEN] = ghost_gen[0]
        kernel.search = search
        try:
            search(ghost, ghost_tt, depth, target)
        finally:
            kernel.search = answering_search
        return ghost[depth, lay.B_REL:lay.B_REL + 5]

    def answering_search(st: np.ndarray, tt: np.ndarray, depth: int, target: int) -> bool:
        w = st[lay.W_ROW]
        left = int(w[lay.S_LEFT])
        if (depth == 0 or w[lay.S_LEN] != 0 or target <= 0 or target > left
                or (target > 1 and w[lay.C_STOP] == 1)):
            return bool(search(st, tt, depth, target))   # not a boundary node that counts
        key = key_of(st)
        value = values.get(key)
        if value is None and oracle > 0:
            unknown.add(key)
        elif value is not None:
            answer = value >= target
            slack = value - target if answer else target - 1 - value
            if knows(Asked(left, target, answer, slack)):
                w[lay.S_NODES] += 1
                st[depth, lay.B_REL:lay.B_REL + 5] = ranks_that_mattered(st, depth, target)
                st[depth, lay.B_KEYED] = 0
                return answer
        answer = bool(search(st, tt, depth, target))
        if oracle == 0:
            met.append((left, target, int(answer), positions.setdefault(key, len(positions))))
        return answer

    kernel.search = answering_search
    return {"nodes": solve_nodes(kind, deals, tricks=tricks), "unknown": sorted(unknown),
            "met": met, "positions": sorted(positions, key=positions.__getitem__)}


def _child(kind: str, deals: int, oracle: int, values: dict[bytes, int],
           tricks: int = 0) -> dict[str, Any]:
    """:func:`run_in_twin` in a child process (the twin is a setting of the process)."""
    with tempfile.TemporaryDirectory() as tmp:
        given, out = Path(tmp) / "values.pickle", Path(tmp) / "run.pickle"
        with given.open("wb") as f:
            pickle.dump(values, f)
        subprocess.run([sys.executable, __file__, "--kind", kind, "--deals", str(deals),
                        "--tricks", str(tricks), "--child", str(oracle), str(given), str(out)],
                       env=dict(os.environ, NUMBA_DISABLE_JIT="1"), check=True)
        with out.open("rb") as f:
            result: dict[str, Any] = pickle.load(f)
    return result


def solve_nodes(kind: str, deals: int, tricks: int = 0) -> dict[str, int]:
    """Both kinds of solve of the deals, ``tricks`` into the play (each from a fresh table):
    their nodes, by kind."""
    from fivehundred.solver import Position
    from fivehundred.solver.solve import Searcher

    nodes = {m: 0 for m in MODES}
    for mode in MODES:
        for g in _kind(kind).games(deals, tricks):
            s = Searcher.load(Position.from_game(g))
            if mode == "single":
                s.value()
            else:
                s.every_move()
            nodes[mode] += s.nodes
    return nodes


def settled_run(kind: str, deals: int, oracle: int, values: dict[bytes, int],
                tricks: int = 0) -> dict[str, Any]:
    """Oracle number ``oracle``'s run once it meets no position ``values`` lacks: each run's
    new positions are solved into ``values`` and the run repeated, :data:`ROUNDS` at most."""
    for _ in range(ROUNDS):
        run = _child(kind, deals, oracle, values, tricks=tricks)
        if not run["unknown"]:
            return run
        values.update(zip(run["unknown"], exact_values(run["unknown"]), strict=True))
    raise AssertionError(f"oracle {oracle}: still meeting new positions after {ROUNDS} runs")


def report(kind: str, deals: int, say: Callable[[str], None] = print,
           chosen: frozenset[int] | None = None, tricks: int = 0) -> str:
    """Run the search as it is and under every oracle (or the ``chosen`` ones), on the
    deals ``tricks`` into the play (0: full deals); the table."""
    plain = _child(kind, deals, 0, {}, tricks=tricks)
    # (compiled: recording changes nothing)
    if plain["nodes"] != solve_nodes(kind, deals, tricks=tricks):
        raise AssertionError(f"the twin's nodes {plain['nodes']} are not the compiled search's")
    keys = plain["positions"]
    exact = exact_values(keys)
    for left, target, answer, pid in plain["met"]:
        if (exact[pid] >= target) != bool(answer):
            raise AssertionError(f"the search answered {bool(answer)} to 'at least {target}?' "
                                 f"with {left} tricks left at a position worth {exact[pid]}")
    values = dict(zip(keys, exact, strict=True))
    say(f"{len(values):,} positions, every answer checked against the exact value")
    where = "full deals" if tricks == 0 else f"deals {tricks} trick{'s' * (tricks > 1)} in"
    lines = [f"Single and all-moves solves of {deals} {where} ({kind}), with oracles "
             f"answering inside the search ({len(plain['met']):,} answers of the search as it "
             f"is checked against exact values):",
             "",
             "| oracle | single solves' nodes | all-moves solves' nodes | all / single |",
             "|---|---:|---:|---:|"]
    for i, (name, _) in enumerate(oracles()):
        if i > 0 and chosen is not None and i not in chosen:
            continue
        run = settled_run(kind, deals, i, values, tricks=tricks) if i > 0 else plain
        single, every = run["nodes"]["single"], run["nodes"]["every"]
        say(f"{name}: {single:,} and {every:,}")
        lines.append(f"| {name} | {single:,} | {every:,} | {every / single:.2f}x |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Print the table (with ``--child``, only run the solves: a child process's part)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kind", choices=sorted(KINDS), default="suit")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--tricks", type=int, default=0,
                    help="start this many tricks into each deal's play (0: full deals)")
    names = [name for name, _ in oracles()]
    ap.add_argument("--oracles", help="only these oracles, by number (the search as it is, 0, "
                    "always runs): " + "; ".join(f"{i} {n}" for i, n in enumerate(names)))
    ap.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    if not 0 <= args.tricks <= 8:
        ap.error("--tricks must be 0 to 8 (a deal has 10 tricks; the oracles need two left)")
    chosen = None
    if args.oracles is not None:
        try:
            chosen = frozenset(int(x) for x in args.oracles.split(","))
        except ValueError:
            ap.error(f"--oracles takes numbers separated by commas, not {args.oracles!r}")
        if not chosen <= set(range(len(names))):
            ap.error(f"--oracles: no oracle {sorted(chosen - set(range(len(names))))}; "
                     f"they are numbered 0 to {len(names) - 1}")
    if args.child is not None:
        oracle, given, out = int(args.child[0]), Path(args.child[1]), Path(args.child[2])
        with given.open("rb") as f:
            values = pickle.load(f)
        result = run_in_twin(args.kind, args.deals, oracle, values, tricks=args.tricks)
        with out.open("wb") as f:
            pickle.dump(result, f)
        return 0
    print(report(args.kind, args.deals, say=lambda x: print(x, file=sys.stderr), chosen=chosen,
                 tricks=args.tricks))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
