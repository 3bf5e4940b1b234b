"""Run a match: the units still to play go through an executor, each result is saved at once.

>>> from fivehundred import Rules
>>> from .spec import MatchSpec
>>> from .executors import SerialExecutor
>>> m = MatchSpec(Rules.preset().to_string(), "random", "random", deals=2)
>>> rs = run_match(m, SerialExecutor())
>>> [r.key for r in rs]
[('deal', 0, 'AB'), ('deal', 0, 'BA'), ('deal', 1, 'AB'), ('deal', 1, 'BA')]
"""

from __future__ import annotations

from collections.abc import Callable

from ..bots import bot_names
from .executors import Executor
from .play import ArenaError, UnitResult, play_unit
from .results import ResultsFile
from .spec import MatchSpec


def check_bots(spec: MatchSpec) -> None:
    """Refuse unknown bot names here, before any worker starts."""
    known = bot_names()
    for label, name in (("--a", spec.bot_a), ("--b", spec.bot_b)):
        if name.strip().lower() not in known:
            raise ArenaError(f"{label} {name}: no such bot; bots are {', '.join(known)}")


def run_match(
    spec: MatchSpec,
    executor: Executor,
    results: ResultsFile | None = None,
    on_result: Callable[[int, int], None] | None = None,
) -> list[UnitResult]:
    """Play what is left of the match; return every unit's result, in unit order.

    ``results`` (optional) supplies the units already played and receives each new one as it
    finishes; ``on_result(done, total)`` is called once before the first new unit and after
    each one (for progress).  An error or Ctrl-C leaves every finished unit saved.
    """
    check_bots(spec)
    units = spec.units()
    have: dict[tuple[str, int, str], UnitResult] = dict(results.done) if results else {}
    todo = [u for u in units if u.key not in have]
    total = len(units)
    done = total - len(todo)
    if on_result is not None:
        on_result(done, total)
    for r in executor.map_unordered(play_unit, todo):
        have[r.key] = r
        if results is not None:
            results.append(r)
        done += 1
        if on_result is not None:
            on_result(done, total)
    return [have[u.key] for u in units]
