"""What could bring an all-moves solve under twice a single solve: the search trees against
oracles.  ``python bench/all_moves_limits.py [--kind suit|nt|classic3] [--deals 60]``

An all-moves solve proves each root move's value ("at least v": a proof) and that it makes no
more ("at least v + 1": a refutation); a single solve proves one move's value and refutes one
trick more for all the moves together.  This script measures how much of each kind of solve a
perfect piece of knowledge would save, to tell what could change the ratio of the two:

1. single and all-moves solves of the benchmark's full deals (``fivehundred bench nodes``'s
   deals) run in the solver's pure twin, every trick-boundary node of the search recorded: its
   question, tricks left, target, answer and the nodes searched below it;
2. every recorded position is solved exactly (compiled), and every recorded answer is checked
   against its exact value (a wrong answer stops the run);
3. for each oracle, the nodes the solves would not have searched had the oracle answered at
   once at the first node of each line it knows: a sure-trick bound never more than a trick
   from the exact value (every node whose answer holds with a trick to spare, for the
   maximisers' proofs, the refutations, or both), and a perfect endgame (every node with at
   most k tricks left, or only the proofs there).

The saving is an estimate from above: a node the oracle answers stores nothing in the table,
which a later question might have used.  It prints the node ratio all-moves / single under
each oracle (docs/benchmarks.md quotes the four-handed suit run).
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

KINDS = {"suit": 0, "nt": 1, "classic3": 3}
"""Command-line kinds: index into (SUIT, *ALONE) of ``fivehundred.benchmarks.solver``."""
MODES = ("single", "every")
CONFIG = 12
"""The state's configuration columns (``layout.C_TRUMP`` to ``layout.C_MISERE``): the same
position under another contract is another position."""


@dataclass
class Node:
    """One trick-boundary node of a recorded search."""

    question: int
    depth: int
    left: int
    target: int
    answer: bool
    nodes: int
    """Search nodes at and below it (its whole subtree)."""
    position: int
    """Index of its position (hands and state) in the recording's list."""
    proof_side_leads: bool = False
    slack: int = 0
    """How many tricks the answer held with to spare (set once the exact value is known)."""
    children: list[Node] = field(default_factory=list)


def _kind(name: str) -> Any:
    from fivehundred.benchmarks.solver import ALONE, SUIT

    return (SUIT, *ALONE)[KINDS[name]]


def record(kind: str, deals: int, out: Path) -> None:
    """Run every solve in the pure twin, recording its trick-boundary nodes, into ``out``."""
    from fivehundred.solver import Position, jit, kernel, walk
    from fivehundred.solver import layout as lay
    from fivehundred.solver.solve import Searcher

    if not jit.DISABLED:
        raise SystemExit("record() runs in the pure twin: NUMBA_DISABLE_JIT=1")
    search, ask = kernel.search, walk._ask
    positions: dict[bytes, int] = {}
    nodes: list[tuple[int, ...]] = []
    question = [-1]

    def recorded_search(st: np.ndarray, tt: np.ndarray, depth: int, target: int) -> bool:
        w = st[lay.W_ROW]
        left = int(w[lay.S_LEFT])
        boundary = w[lay.S_LEN] == 0 and not (depth == 0 and w[lay.S_FORCE] >= 0)
        if not boundary or target <= 0 or target > left:
            return bool(search(st, tt, depth, target))
        # what decides the position: the contract's configuration and seat order, the
        # hands, the leader, tricks left, suits led and shown voids
        config = w[:CONFIG].copy()
        config[[lay.C_BUDGET, lay.C_GEN]] = 0      # not the position's: this solve's
        key = np.concatenate((config, w[lay.NEXT:lay.NEXT + lay.MAX_SEATS],
                              w[[lay.S_LEADER, lay.S_LEFT, lay.S_LEDSUITS]],
                              w[lay.VOIDS:lay.VOIDS + lay.MAX_SEATS],
                              st[lay.HAND_ROW:lay.HAND_ROW + lay.MAX_SEATS, :5].ravel())
                             ).tobytes()
        pid = positions.setdefault(key, len(positions))
        before = int(w[lay.S_NODES])
        answer = bool(search(st, tt, depth, target))
        leader = int(w[lay.S_LEADER])
        nodes.append((question[0], depth, left, target, int(answer),
                      int(w[lay.S_NODES]) - before, pid, int(w[lay.C_MAX] >> leader & 1)))
        return answer

    def recorded_ask(st: np.ndarray, tt: np.ndarray, move: int, target: int) -> int:
        question[0] += 1
        return int(ask(st, tt, move, target))

    kernel.search = recorded_search
    walk._ask = recorded_ask      # (in the pure twin the walks call it by its global name)
    runs: dict[str, list[dict[str, Any]]] = {m: [] for m in MODES}
    for mode in MODES:
        for g in _kind(kind).games(deals, 0):
            p = Position.from_game(g)
            nodes.clear()
            s = Searcher.load(p)
            if mode == "single":
                s.value()
            else:
                s.every_move()
            runs[mode].append({"nodes": s.nodes, "log": list(nodes)})
    by_id = sorted(positions, key=positions.__getitem__)
    with out.open("wb") as f:
        pickle.dump({"runs": runs, "positions": by_id}, f)


def exact_values(positions: list[bytes]) -> list[int]:
    """Each recorded position's exact value (compiled), each from a fresh table generation."""
    from fivehundred.solver import layout as lay
    from fivehundred.solver import walk
    from fivehundred.solver.solve import _tables

    t = _tables()
    values = [0] * len(positions)
    for pid, key in enumerate(positions):
        raw = np.frombuffer(key, np.int64)
        seats = lay.MAX_SEATS
        st = np.zeros((lay.STATE_ROWS, lay.BUF_COLS), np.int64)
        w = st[lay.W_ROW]
        w[:CONFIG] = raw[:CONFIG]
        at = CONFIG
        w[lay.NEXT:lay.NEXT + seats] = raw[at:at + seats]
        w[[lay.S_LEADER, lay.S_LEFT, lay.S_LEDSUITS]] = raw[at + seats:at + seats + 3]
        w[lay.VOIDS:lay.VOIDS + seats] = raw[at + seats + 3:at + 2 * seats + 3]
        hands = raw[at + 2 * seats + 3:].reshape(seats, 5)
        st[lay.HAND_ROW:lay.HAND_ROW + seats, :5] = hands
        for e in range(5):
            w[lay.LEFT + e] = np.bitwise_or.reduce(hands[:, e])
        w[lay.S_LED] = -1
        w[lay.S_FORCE] = -1
        w[lay.C_BUDGET] = 0
        t["gen"][0] += 1
        w[lay.C_GEN] = t["gen"][0]
        left = int(w[lay.S_LEFT])
        small = np.zeros((5, 2 * left + 2), np.int64)
        values[pid] = int(walk.exact(st, t["tt"], -1, 0, left, -1, small))
    return values


def trees(log: list[tuple[int, ...]], values: list[int]) -> list[Node]:
    """The recorded nodes of one solve as trees (the log is in post-order, children first),
    each node's slack checked against the exact value."""
    roots: list[Node] = []
    for q, depth, left, target, answer, nodes, pid, max_leads in log:
        v = values[pid]
        slack = v - target if answer else target - 1 - v
        if slack < 0:
            raise AssertionError(f"the search answered {bool(answer)} to 'at least {target}?' "
                                 f"at a position worth {v} (position {pid})")
        node = Node(q, depth, left, target, bool(answer), nodes, pid,
                    proof_side_leads=bool(max_leads) == bool(answer), slack=slack)
        while roots and roots[-1].depth > depth and roots[-1].question == q:
            node.children.append(roots.pop())
        roots.append(node)
    return roots


def saved(roots: list[Node], knows: Callable[[Node], bool]) -> int:
    """Nodes not searched had an oracle answered every node it ``knows`` at once (each at the
    first such node of its line: the node itself still counts)."""
    total = 0
    todo = list(roots)
    while todo:
        n = todo.pop()
        if knows(n):
            total += n.nodes - 1
        else:
            todo.extend(n.children)
    return total


def oracles() -> Iterator[tuple[str, Callable[[Node], bool]]]:
    """The oracles reported, by name."""
    yield "none (the search as it is)", lambda n: False
    yield "a perfect bound, proofs (a trick to spare)", lambda n: n.answer and n.slack >= 1
    yield ("a perfect bound, proofs, their side not on lead",
           lambda n: n.answer and n.slack >= 1 and not n.proof_side_leads)
    yield "a perfect bound, refutations", lambda n: not n.answer and n.slack >= 1
    yield "a perfect bound, both", lambda n: n.slack >= 1
    for k in (3, 5, 7):
        yield f"a perfect endgame, {k} tricks or fewer", lambda n, k=k: n.left <= k
    for k in (3, 5, 7):
        yield (f"a perfect endgame, {k} tricks or fewer, proofs only",
               lambda n, k=k: n.left <= k and n.answer)


def report(kind: str, deals: int) -> str:
    """Record, solve exactly and tabulate (the recording runs in a child process: the pure
    twin is a setting of the whole process)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "record.pickle"
        env = dict(os.environ, NUMBA_DISABLE_JIT="1")
        subprocess.run([sys.executable, __file__, "--kind", kind, "--deals", str(deals),
                        "--record", str(out)], env=env, check=True)
        with out.open("rb") as f:
            data = pickle.load(f)
    values = exact_values(data["positions"])
    forests = {m: [trees(r["log"], values) for r in data["runs"][m]] for m in MODES}
    totals = {m: sum(r["nodes"] for r in data["runs"][m]) for m in MODES}
    lines = [f"All-moves and single solves of {deals} full deals ({kind}) against oracles: "
             f"{totals['single']:,} and {totals['every']:,} nodes, "
             f"{len(values):,} trick-boundary positions checked against their exact values.",
             "",
             "| oracle | single nodes saved | all-moves nodes saved | all / single |",
             "|---|---:|---:|---:|"]
    for name, knows in oracles():
        s = sum(saved(f, knows) for f in forests["single"])
        e = sum(saved(f, knows) for f in forests["every"])
        lines.append(f"| {name} | {s / totals['single']:.1%} | {e / totals['every']:.1%} | "
                     f"{(totals['every'] - e) / (totals['single'] - s):.2f}x |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Print the table (or, with ``--record``, only record: the child process's part)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kind", choices=sorted(KINDS), default="suit")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--record", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    if args.record is not None:
        record(args.kind, args.deals, args.record)
        return 0
    print(report(args.kind, args.deals))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
