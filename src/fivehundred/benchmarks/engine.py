"""Engine speed: random legal hands per second and decisions per second, against OpenSpiel.

The loop is the same for both games: ask for the legal actions, choose one at random, apply
it.  Our random player passes 70% of the time in the auction (uniformly random bids would
bid 10NT at once, which is not a hand of 500); every other choice is uniform.  Dealing counts
in the time per hand, as OpenSpiel's chance nodes do for euchre.
"""

from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import dataclass
from datetime import date

from ..actions import PASS
from ..game import Game
from ..rules import Rules
from .openspiel_euchre import EuchreResult, euchre_available, measure_euchre
from .report import machine, publish


@dataclass(frozen=True)
class EngineResult:
    """Counts and wall time from a run of random hands of one preset."""

    preset: str
    hands: int
    actions: int
    elapsed: float

    @property
    def hands_per_second(self) -> float:
        """Complete hands (deal, auction, kitty, play, score) per second."""
        return self.hands / self.elapsed

    @property
    def actions_per_second(self) -> float:
        """Decisions (legal actions + choice + apply) per second."""
        return self.actions / self.elapsed

    @property
    def actions_per_hand(self) -> float:
        """Decisions per hand."""
        return self.actions / self.hands


def measure_engine(preset: str = "australian", seconds: float = 3.0, seed: int = 1,
                   tokens: bool = False) -> EngineResult:
    """Play random legal hands for about ``seconds``; ``tokens`` uses the text-token API."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    game_seed = seed
    g = Game(rules, seed=game_seed)
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        ph = g.phase
        if ph == "hand_over" or ph == "game_over":
            hands += 1
            if hands % 64 == 0 and time.perf_counter() >= deadline:
                break
            if ph == "hand_over":
                g.next_hand()
            else:
                game_seed += 1
                g = Game(rules, seed=game_seed)
            continue
        if tokens:
            legal_t = g.legal_actions()
            choice_t = "pass" if "pass" in legal_t and rng.random() < 0.7 else rng.choice(legal_t)
            g.apply(choice_t)
        else:
            legal = g.legal_action_ids()
            a = PASS if PASS in legal and rng.random() < 0.7 else rng.choice(legal)
            g.apply(a)
        actions += 1
    return EngineResult(preset, hands, actions, time.perf_counter() - start)


def report(seconds: float) -> str:
    """Run every measurement and return the markdown section."""
    from .env import measure_openspiel, measure_pettingzoo

    presets = ["australian", "classic3", "five_called", "six_pairs"]
    ours = [measure_engine(p, seconds) for p in presets]
    ours_tokens = measure_engine("australian", seconds, tokens=True)
    euchre: EuchreResult | None = measure_euchre(seconds) if euchre_available() else None
    lines = [
        "## Engine: random legal hands",
        "",
        f"Measured {date.today().isoformat()} on {machine()}, one core, "
        f"{seconds:g} s per row, with `fivehundred bench engine`.",
        "",
        "| game | hands/s | decisions/s | decisions/hand |",
        "|---|---:|---:|---:|",
    ]
    for r in ours:
        lines.append(f"| fivehundred {r.preset} (action ids) | {r.hands_per_second:,.0f} | "
                     f"{r.actions_per_second:,.0f} | {r.actions_per_hand:.1f} |")
    t = ours_tokens
    lines.append(f"| fivehundred australian (text tokens) | {t.hands_per_second:,.0f} | "
                 f"{t.actions_per_second:,.0f} | {t.actions_per_hand:.1f} |")
    for e in (measure_pettingzoo("australian", seconds), measure_openspiel("australian", seconds)):
        if e is not None:
            lines.append(f"| fivehundred {e.preset} | {e.hands_per_second:,.0f} | "
                         f"{e.actions_per_second:,.0f} | {e.actions_per_hand:.1f} |")
    if euchre is not None:
        lines.append(f"| OpenSpiel euchre (C++ via pyspiel) | {euchre.hands_per_second:,.0f} | "
                     f"{euchre.actions_per_second:,.0f} | {euchre.actions_per_hand:.1f} |")
        a = ours[0]
        lines += [
            "",
            f"Ratio per decision, OpenSpiel euchre / fivehundred australian: "
            f"**{euchre.actions_per_second / a.actions_per_second:.2f}x** "
            f"(goal: at most 2x). Hands per second, australian: "
            f"**{a.hands_per_second:,.0f}** (goal: at least 2,000).",
        ]
    else:
        lines += ["", "OpenSpiel is not installed here (`pip install 'fivehundred[bench]'`): "
                  "no baseline in this run."]
    return "\n".join(lines) + "\n"


def bench_main(seconds: float = 5.0, write: str | None = None) -> int:
    """``fivehundred bench engine``: print the report; with ``write``, update that file."""
    if not (math.isfinite(seconds) and seconds > 0):
        print(f"fivehundred bench: --seconds {seconds}: give a positive number of seconds",
              file=sys.stderr)
        return 2
    text = report(seconds)
    return publish(text, write, "engine")
