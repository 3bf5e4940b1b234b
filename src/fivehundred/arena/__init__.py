"""The arena: duplicate matches between two bots, with the statistics to tell them apart.

``fivehundred arena --rules australian --a hard --b medium --deals 2000`` plays every deal
once per seating (the sides swapped; with three or more sides, each bot alone at each side
against the other everywhere else), so both bots meet the same cards in the same seats and
the luck of the deal cancels.  It reports points per deal for A minus B with a 95%
confidence interval, game-win rates (``--games``), make rates by contract kind and each bot's
time per decision; ``--json`` writes it all.

Pieces, each usable alone:

* :mod:`.spec`: frozen, picklable :class:`MatchSpec` and :class:`UnitSpec` (one deal or game
  in one seating); every seed derives from the match seed and the unit's place only, so the
  results are the same whatever the number of workers or the order they finish in.
* :mod:`.play`: :func:`play_unit` plays one unit.  Bots see Views only, with one documented
  exception for measurement: a bot with ``sees_all = True`` gets the Game through
  ``act_with_game(game)``.
* :mod:`.executors`: serial, local processes (the default) or Ray (``--ray ADDRESS``,
  ``pip install 'fivehundred[ray]'``), behind one ``map_unordered`` interface.
* :mod:`.results`: the JSON-lines results file that makes runs resumable.
* :mod:`.stats` (t and Wilson intervals, quantiles) and :mod:`.report` (the measures).
"""

from ..rng import derive_seed
from .executors import Executor, ProcessExecutor, RayExecutor, SerialExecutor, make_executor
from .play import ArenaError, HandRecord, UnitResult, play_unit
from .report import format_report, summarize
from .results import ResultsFile
from .runner import run_match
from .spec import MatchSpec, UnitSpec

__all__ = [
    "ArenaError",
    "Executor",
    "HandRecord",
    "MatchSpec",
    "ProcessExecutor",
    "RayExecutor",
    "ResultsFile",
    "SerialExecutor",
    "UnitResult",
    "UnitSpec",
    "derive_seed",
    "format_report",
    "make_executor",
    "play_unit",
    "run_match",
    "summarize",
]
