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

from ..bots.base import BotError, known_names, main_only, resolve
from .executors import Executor, SerialExecutor
from .play import ArenaError, UnitResult, play_unit
from .results import ResultsFile
from .spec import MatchSpec


def check_bots(spec: MatchSpec, executor: Executor | None = None) -> None:
    """Refuse unknown bot names here, before any worker starts (``module:name``: its module
    imported, registering the name), and, for an ``executor`` that plays elsewhere than in
    this process, a bot registered by code with no file (``python -c``, a notebook): its
    workers, started afresh, could never make it."""
    for label, name in (("--a", spec.bot_a), ("--b", spec.bot_b)):
        try:
            key = resolve(name)
        except BotError as e:
            raise ArenaError(f"{label} {e}") from None
        known = known_names()        # (after the import: its module registered it)
        if key not in known:
            raise ArenaError(f"{label} {name}: no such bot; bots are {', '.join(known)}")
        if executor is not None and not isinstance(executor, SerialExecutor) and main_only(key):
            raise ArenaError(
                f"{label} {name}: this bot is registered by the main program alone (no file: "
                "python -c, a notebook), which the arena's worker processes do not run: play "
                "in this process (--workers 1, SerialExecutor), or register it in a module "
                "and name it module:name")


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
    check_bots(spec, executor)
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
