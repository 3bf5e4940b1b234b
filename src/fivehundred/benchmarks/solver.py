"""Solver speed: our double-dummy solver against DDS (through endplay), and on its own.

Four-handed suit contracts rename to bridge deals (see :mod:`fivehundred.solver.dds_bridge`),
so DDS solves the very same positions: both solvers are timed on them, single solves (the
declaring side's most tricks) and all-moves solves (every legal card's value), on full deals
and after 3 and 6 random tricks; every answer of ours is checked against DDS's on the way.
No trumps, misère, three-, five- and six-handed contracts have no bridge twin: our solver
alone.

Each time is one call's CPU time (the process's, so a busy shared machine does not inflate it;
both solvers run on one core), the least over several passes through all the positions (a
shared host's noise only ever adds time: other tenants' cache use, frequency changes), the
position already built: ours is ``solve`` on a ``Position`` and ``move_values`` on a
``Game``, DDS's is ``solve_board`` on an endplay ``Deal`` with one thread.  In each pass the
single and all-moves solves alternate, each all-moves solve on the position before the single
solve's, so the host's noise falls on both alike and no call follows another on the same deal
(DDS would reuse its table): ``_interleaved``.  The cached start is a fresh ``python -c``
that imports the solver (numba loads the compiled kernel from its cache) and solves one full
deal, timed from outside: wall time, and the child's CPU time.
"""

from __future__ import annotations

import math
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import partial
from typing import TypeVar

from ..actions import PASS, token_of
from ..game import Game
from ..rng import Rng
from ..rules import Rules
from ..solver import Position, move_values, solve
from ..solver import dds_bridge as bridge
from ..solver.solve import Searcher
from .report import machine, publish

DEPTHS = (0, 3, 6)
"""Complete tricks played at random before the position is solved."""
SUIT_BIDS = ("6S", "6C", "6D", "6H")
T = TypeVar("T")
MISSING_DDS = "endplay (DDS) is not installed: `pip install endplay` (in the bench and test extras)"


def contract_game(preset: str, seed: int, bid: str, declarer: int, tricks: int = 0,
                  extra: int = 0) -> Game | None:
    """The seeded deal of ``preset`` won by ``declarer`` with ``bid``, then played at random.

    The other seats pass (in a misère that needs a seven, one of them bids 7S first, and a
    declarer who must speak before that opens with the lowest bid); the declarer discards at
    random; then ``tricks`` complete tricks and ``extra`` more cards are played at random.
    None if the hand ended before (a misère lost on the way).
    """
    g = Game(Rules.preset(preset), seed=seed)
    rng = Rng(seed).fork(declarer * 64 + tricks * 4 + extra)
    seven = bid in ("misere", "open-misere") and g.rules.misere_needs_seven
    seven_bid = False
    while g.phase == "auction":
        legal = g.legal_actions()
        if g.to_move == declarer:
            g.apply(bid if bid in legal else min(a for a in g.legal_action_ids() if a != PASS))
        elif seven and not seven_bid and "7S" in legal:
            g.apply("7S")
            seven_bid = True
        else:
            g.apply("pass")
    c = g.contract
    assert c is not None and c.declarer == declarer, "the auction did not go as driven"
    while g.phase in ("kitty", "call"):
        g.apply(rng.choice(g.legal_action_ids()))
    while g.phase == "play" and len(g.tricks) < tricks:
        g.apply(rng.choice(g.legal_action_ids()))
    for _ in range(extra):
        if g.phase == "play":
            g.apply(rng.choice(g.legal_action_ids()))
    return g if g.phase == "play" else None


@dataclass(frozen=True)
class Kind:
    """A family of benchmark deals: a preset and how each deal's contract is chosen."""

    name: str
    preset: str
    bids: tuple[str, ...]
    seed: int

    def games(self, deals: int, tricks: int) -> list[Game]:
        """``deals`` seeded positions after ``tricks`` tricks (hands that ended are skipped)."""
        players = Rules.preset(self.preset).players
        out: list[Game] = []
        i = 0
        while len(out) < deals:
            seed = self.seed + i
            g = contract_game(self.preset, seed, self.bids[i % len(self.bids)],
                              Rng(seed).below(players), tricks)
            if g is not None:
                out.append(g)
            i += 1
        return out


SUIT = Kind("four-handed suit (australian)", "australian", SUIT_BIDS, 10_000)
ALONE = (
    Kind("no trumps (australian 6NT)", "australian", ("6NT",), 20_000),
    Kind("misère (australian)", "australian", ("misere",), 30_000),
    Kind("three-handed suit (classic3)", "classic3", SUIT_BIDS, 40_000),
    Kind("five-handed suit (five_called)", "five_called", SUIT_BIDS, 50_000),
    Kind("six-handed suit, two sides of three (six_threes)", "six_threes", SUIT_BIDS, 60_000),
    Kind("six-handed suit, three pairs (six_pairs)", "six_pairs", SUIT_BIDS, 70_000),
)
"""The kinds timed without DDS; five- and six-handed with the partner a random call or the
fixed partnership (the declaring side against all the rest)."""


def nearest_rank(ordered: Sequence[T], q: float) -> T:
    """The nearest-rank ``q`` quantile (0 < q <= 1) of values already in order: a value of
    theirs, the ceil(q * n)-th.

    >>> nearest_rank([1, 2, 3, 4], 0.5), nearest_rank(range(1, 201), 0.99)
    (2, 198)
    """
    return ordered[max(math.ceil(q * len(ordered)) - 1, 0)]


@dataclass
class Timings:
    """CPU times of one kind of call, in seconds: for each position, the least over passes."""

    seconds: list[float] = field(default_factory=list)
    clock: Callable[[], float] = time.process_time

    def timed(self, i: int, fn: Callable[[], T]) -> T:
        """Call ``fn`` on position ``i``, keep the least CPU time seen for ``i``, return the
        result (positions in any order: one not timed yet holds infinity)."""
        if i >= len(self.seconds):
            self.seconds += [math.inf] * (i + 1 - len(self.seconds))
        t = self.clock()
        r = fn()
        took = self.clock() - t
        self.seconds[i] = min(self.seconds[i], took)
        return r

    def quantile(self, q: float) -> float:
        """The nearest-rank ``q`` quantile (0 < q <= 1); ValueError if a position below the
        last one timed never was."""
        if math.inf in self.seconds:
            raise ValueError(f"position {self.seconds.index(math.inf)} was never timed")
        return nearest_rank(sorted(self.seconds), q)

    def cells(self) -> list[str]:
        """Median, p90, p99 and max in milliseconds, for a table row."""
        return [_ms(self.quantile(q)) for q in (0.5, 0.9, 0.99, 1.0)]


def _ms(s: float) -> str:
    ms = s * 1000
    return f"{ms:,.1f}" if ms >= 10 else f"{ms:.2f}"


@dataclass
class Row:
    """One table row: a kind of position and query, our timings and maybe DDS's."""

    position: str
    query: str
    ours: Timings = field(default_factory=Timings)
    nodes: list[int] = field(default_factory=list)
    """Our search nodes per single solve: deterministic, so algorithms compare without noise."""
    dds: Timings | None = None
    agree: int = 0
    checked: int = 0
    disagreements: list[str] = field(default_factory=list)


def _nodes(row: Row) -> str:
    """The median of a row's node counts, or a dash (all-moves rows do not count them)."""
    return f"{int(statistics.median(row.nodes)):,}" if row.nodes else "—"


def where(preset: str, g: Game) -> str:
    """A position's exact recipe: preset, seed and every action of the hand, as tokens."""
    return f"{preset}, seed {g.seed}, actions {' '.join(token_of(a) for a in g.actions)}"


def measure_against_dds(deals: int, with_dds: bool, passes: int = 1) -> list[Row]:
    """Single and all-moves solves of four-handed suit positions, ours and (maybe) DDS's;
    our answers are checked against DDS's in the first pass."""
    rows: list[Row] = []
    for depth in DEPTHS:
        games = SUIT.games(deals, depth)
        positions = [Position.from_game(g) for g in games]
        twins = [bridge.rename(p) for p in positions] if with_dds else []
        label = _position_label(depth)
        single = Row(label, "single solve", dds=Timings() if with_dds else None)
        every = Row(label, "all moves", dds=Timings() if with_dds else None)
        for n in range(passes):
            for i, j in _interleaved(len(games)):
                solution = single.ours.timed(i, partial(solve, positions[i]))
                if n == 0:
                    single.nodes.append(solution.nodes)
                if single.dds is not None:
                    b = twins[i]
                    theirs = single.dds.timed(
                        i, partial(bridge.dds_solve_deal, bridge.dds_deal(b)))
                    if n == 0:
                        _check(single, solution.tricks == b.side_tricks(b.to_move, theirs),
                               games[i])
                values = every.ours.timed(j, partial(move_values, games[j]))
                if every.dds is not None:
                    b = twins[j]
                    card_values = every.dds.timed(
                        j, partial(bridge.dds_card_values, bridge.dds_deal(b)))
                    if n == 0:
                        _check(every, values == b.move_values(card_values), games[j])
        rows += [single, every]
    return rows


def _interleaved(n: int) -> list[tuple[int, int]]:
    """The order of a pass: position i's single solve, then position j's all-moves solve.

    Single and all-moves solves alternate, so a spell of noise on a shared host slows both
    alike, not one kind's whole half of the pass; j is the position before i (the last for
    the first), so no call follows another on the same deal: DDS would reuse its table, and
    ours would find the deal's table slots still in the cache.  Each position is timed in
    order for the first time (position 0's all-moves solve waits for the pass's end).

    >>> _interleaved(3)
    [(0, 2), (1, 0), (2, 1)]
    """
    return [(i, (i - 1) % n) for i in range(n)]


def _check(row: Row, same: bool, g: Game) -> None:
    row.checked += 1
    if same:
        row.agree += 1
    else:
        row.disagreements.append(where(SUIT.preset, g))


def measure_alone(kind: Kind, deals: int, passes: int = 1) -> list[Row]:
    """Single and all-moves solves of one kind of position, our solver only."""
    rows: list[Row] = []
    for depth in DEPTHS:
        single = Row(_position_label(depth), "single solve")
        every = Row(_position_label(depth), "all moves")
        games = kind.games(deals, depth)
        positions = [Position.from_game(g) for g in games]
        for n in range(passes):
            for i, j in _interleaved(len(games)):
                solution = single.ours.timed(i, partial(solve, positions[i]))
                if n == 0:
                    single.nodes.append(solution.nodes)
                every.ours.timed(j, partial(move_values, games[j]))
        rows += [single, every]
    return rows


def _position_label(depth: int) -> str:
    return "full deal" if depth == 0 else f"after {depth} tricks"


_START_SCRIPT = """\
import time
t0 = time.perf_counter()
import fivehundred.solver as s
t1 = time.perf_counter()
from fivehundred import Game, Rules
g = Game(Rules.preset("australian"), seed=1)
for a in ["6H", "pass", "pass", "pass"]:
    g.apply(a)
while g.phase == "kitty":
    g.apply(g.legal_action_ids()[0])
s.solve(g)
print(t1 - t0, time.perf_counter() - t1)
"""


@dataclass(frozen=True)
class Start:
    """A cached start: the process's wall and CPU time, and the import and first solve in it."""

    wall: float
    cpu: float
    imports: float
    first_solve: float


def measure_start(runs: int = 3) -> Start:
    """Median of ``runs`` fresh processes importing the solver and solving one full deal.

    One unmeasured run first makes sure numba's cache holds the compiled kernel.
    """
    cmd = [sys.executable, "-c", _START_SCRIPT]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    walls: list[float] = []
    cpus: list[float] = []
    imports: list[float] = []
    solves: list[float] = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        res = subprocess.run(cmd, check=True, capture_output=True, text=True)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        a, b = res.stdout.split()
        imports.append(float(a))
        solves.append(float(b))
    med = statistics.median
    return Start(med(walls), med(cpus), med(imports), med(solves))


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right_from: int) -> list[str]:
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---" if i < right_from else "---:" for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def report(deals: int = 200, start_runs: int = 3, passes: int = 3) -> str:
    """Run every measurement and return the markdown section."""
    with_dds = bridge.dds_available()
    solve(SUIT.games(1, 0)[0])  # load the kernel before any timing
    if with_dds:
        bridge.dds_solve(Position.from_game(SUIT.games(1, 0)[0]))
    vs = measure_against_dds(deals, with_dds, passes)
    alone = [(k, measure_alone(k, deals, passes)) for k in ALONE]
    start = measure_start(start_runs)
    lines = [
        "## Solver: double dummy, ours and DDS",
        "",
        f"Measured {date.today().isoformat()} on {machine()}, one core, {deals} deals per row, "
        "with `fivehundred bench solver`. CPU milliseconds per call (median, p90, p99, max), "
        f"each position's least time over {passes} {'pass' if passes == 1 else 'passes'} "
        "through all of them; a single solve from the position already built, an all-moves "
        "solve from the game (`move_values`, the bots' call, which builds it and names the "
        "cards: tens of microseconds); in each pass single and all-moves solves "
        "alternate, each on another deal than the call before. "
        "Nodes: our search nodes per single solve (median), the same on every machine.",
        "",
        f"**Four-handed suit contracts**, renamed to bridge deals for DDS ({SUIT.preset}, "
        "the four trump suits in turn, random declarer and discards, random play to the "
        "position):",
        "",
    ]
    header = ["position", "query", "ours median", "p90", "p99", "max", "nodes",
              "DDS median", "p90", "p99", "max", "ours/DDS (medians)", "same answer"]
    body = []
    for r in vs:
        if r.dds is not None:
            ratio = f"{r.ours.quantile(0.5) / r.dds.quantile(0.5):.2f}"
            dds_cells = [*r.dds.cells(), ratio, f"{r.agree}/{r.checked}"]
        else:
            dds_cells = ["not installed", "", "", "", "", "not checked"]
        body.append([r.position, r.query, *r.ours.cells(), _nodes(r), *dds_cells])
    lines += _table(header, body, 2)
    lines += ["", *all_moves_ratios(vs)]
    if not with_dds:
        lines += ["", f"No DDS rows in this run: {MISSING_DDS}."]
    wrong = [d for r in vs for d in r.disagreements]
    if wrong:
        lines += ["", f"**Disagreements with DDS: {len(wrong)}.** First ones:", ""]
        lines += [f"- {d}" for d in wrong[:10]]
    lines += ["", "**Our solver alone** (no bridge twin):", ""]
    body = [[k.name, r.position, r.query, *r.ours.cells(), _nodes(r)]
            for k, rows in alone for r in rows]
    lines += _table(["contract", "position", "query", "median", "p90", "p99", "max", "nodes"],
                    body, 3)
    lines += [
        "",
        f"**Cached start** (a fresh `python -c`: `import fivehundred.solver`, then one full-deal "
        f"solve; median of {start_runs}): **{start.wall:.2f} s** wall ({start.cpu:.2f} s CPU), of "
        f"which import {start.imports:.2f} s and first solve {start.first_solve:.2f} s (wall).",
    ]
    return "\n".join(lines) + "\n"


def per_position_ratio(every: Timings, single: Timings) -> float:
    """The median over positions of each one's all-moves time over its single solve's time
    (the two timed on the same positions, in the same order)."""
    return statistics.median(e / max(t, 1e-9) for e, t in
                             zip(every.seconds, single.seconds, strict=True))


def all_moves_ratios(rows: Sequence[Row]) -> list[str]:
    """A line per kind of position: an all-moves solve's time against a single solve's, ours
    and DDS's, as the ratio of the two medians and as the median of each position's own
    ratio (``rows``: single-solve and all-moves rows in pairs, as measured)."""
    out = ["**All moves against one solve**, the ratio of the medians and, after the slash, "
           "the median of each position's own ratio:", ""]
    for single, every in zip(rows[::2], rows[1::2], strict=True):
        line = (f"- {single.position}: ours "
                f"{every.ours.quantile(0.5) / single.ours.quantile(0.5):.2f}x / "
                f"{per_position_ratio(every.ours, single.ours):.2f}x")
        if single.dds is not None and every.dds is not None:
            line += (f", DDS {every.dds.quantile(0.5) / single.dds.quantile(0.5):.2f}x / "
                     f"{per_position_ratio(every.dds, single.dds):.2f}x")
        out.append(line)
    return out


def bench_solver_main(deals: int = 200, write: str | None = None, passes: int = 3) -> int:
    """``fivehundred bench solver``: print the report; with ``write``, update that file."""
    if deals < 1 or passes < 1:
        print(f"fivehundred bench: --deals and --passes must be at least 1 (got {deals} and "
              f"{passes})", file=sys.stderr)
        return 2
    text = report(deals, passes=passes)
    return publish(text, write, "solver")


@dataclass(frozen=True)
class NodeSums:
    """Search nodes over one kind's full-deal benchmark positions: each deal's, summed."""

    kind: str
    single_deals: tuple[int, ...]
    """Each deal's single solve's nodes, in the deals' order."""
    every_deals: tuple[int, ...]
    """Each deal's all-moves solve's nodes."""
    floor: int
    """All-moves nodes when each move is asked only the two questions its value needs ("at
    least v?" yes, "at least v + 1?" no), the values known in advance: what no order of
    questions can beat with the search as it is."""

    @property
    def single(self) -> int:
        """The single solves' nodes, summed."""
        return sum(self.single_deals)

    @property
    def every(self) -> int:
        """The all-moves solves' nodes, summed."""
        return sum(self.every_deals)

    def tail(self, every: bool) -> str:
        """The p99 and the largest of a deal's nodes (all-moves solves' with ``every``), for
        a table: the deals that would stall a bot."""
        ordered = sorted(self.every_deals if every else self.single_deals)
        return f"{nearest_rank(ordered, 0.99):,} / {ordered[-1]:,}"


def _floor_nodes(p: Position, moves: list[int], values: list[int]) -> int:
    """The nodes of the two questions per root move that prove ``values`` (see ``floor``)."""
    s = Searcher.load(p)
    left = p.tricks_left
    for m, v in zip(moves, values, strict=True):
        top = (m & ~(31 << 11)) | ((m >> 3) & 31) << 11  # the sequence's top card alone
        if (v > 0 and s.at_least(v, top) is not True) or (
                v < left and s.at_least(v + 1, top) is not False):
            raise AssertionError(f"a root move's value {v} is not what the questions prove")
    return s.nodes


def node_sums(deals: int = 200, offset: int = 0) -> list[NodeSums]:
    """Nodes of single and all-moves solves summed over ``deals`` full deals of each kind,
    and the all-moves floor (``NodeSums.floor``).

    The same on every machine, so a change to the search is judged without timing noise;
    ``offset`` shifts the seeds to other deals (to check a change tuned on the usual ones).
    """
    out: list[NodeSums] = []
    for kind in (SUIT, *ALONE):
        k = replace(kind, seed=kind.seed + offset)
        single: list[int] = []
        every: list[int] = []
        floor = 0
        for g in k.games(deals, 0):
            p = Position.from_game(g)
            single.append(solve(p).nodes)
            s = Searcher.load(p)
            moves, values = s.every_move()
            every.append(s.nodes)
            floor += _floor_nodes(p, moves, values)
        out.append(NodeSums(kind.name, tuple(single), tuple(every), floor))
    return out


def bench_nodes_main(deals: int = 200, offset: int = 0) -> int:
    """``fivehundred bench nodes``: print the node sums of each kind as a markdown table."""
    if deals < 1 or offset < 0:
        print(f"fivehundred bench: --deals must be at least 1 and --offset at least 0 "
              f"(got {deals} and {offset})", file=sys.stderr)
        return 2
    rows = [[r.kind, f"{r.single:,}", f"{r.every:,}", f"{r.floor:,}",
             f"{r.every / r.single:.2f}x", f"{r.floor / r.single:.2f}x", r.tail(False),
             r.tail(True)]
            for r in node_sums(deals, offset)]
    print(f"Search nodes over {deals} full deal{'s' * (deals != 1)} of each kind (seed offset "
          f"{offset}):\n")
    print("\n".join(_table(["contract", "single solves", "all-moves solves",
                             "all-moves floor", "all / single", "floor / single",
                             "a deal's single: p99 / max", "all moves: p99 / max"], rows, 1)))
    return 0
