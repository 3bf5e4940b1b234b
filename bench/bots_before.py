"""The bots of an earlier commit against today's, in the arena: each change to ``bots/pimc.py``
in docs/strength.md ("against the Hard before it") was measured so, and Medium's bidding too.

The file ``src/fivehundred/bots/pimc.py`` of commit REV (or with ``--module medium``,
``bots/medium.py``; each with that commit's modules it decides by, ``bots/bid_check.py`` and
``bots/hand_eval.py``, where it has them)
is loaded beside today's under another module name, its bots registered as
``hardold``, ``insaneold`` and ``cheaterold`` (or ``mediumold``); with ``--module medium``
REV's pimc.py is loaded on REV's Medium too (Hard and Insane bid by Medium's bids), as
``hardold`` and ``insaneold``.  Then ``fivehundred arena`` runs with the other arguments, in
this process (``--workers 1``: the arena's worker processes would not have the variant
registered; run two seeds at once to use two cores):

    python bench/bots_before.py 367046e --a hard --b hardold --deals 1000 --seed 3 --workers 1
    python bench/bots_before.py 77178ee --module medium --a medium --b mediumold --workers 1
    python bench/bots_before.py 77178ee --module medium --a hard --b hardold --workers 1
"""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import fivehundred.bots.pimc  # noqa: F401  (today's bots, Medium's too, registered first)
from fivehundred.cli import main

BOTS = {"pimc": ("hard", "insane", "cheater"), "medium": ("medium",)}
"""The bots each module that can be loaded registers (each gets ``old`` appended)."""


def load_before(rev: str, module: str = "pimc") -> None:
    """Register commit ``rev``'s ``bots/<module>.py`` bots under their names with ``old``
    appended, as the module ``fivehundred.bots.<module>_before`` (today's stays as it is), on
    ``rev``'s companions of it (:data:`COMPANIONS`); for ``medium``, ``rev``'s sampling bots on
    that Medium too."""
    if module not in BOTS:
        raise SystemExit(f"--module is one of {', '.join(BOTS)}, not {module!r}")
    _load(rev, module, _companions(rev, module, {
        "from .hand_eval import": "from .hand_eval_before import"}))
    if module == "medium":      # (pimc's Hard asks Medium's bid by name, and plays by its code)
        _load(rev, "pimc", {'make("medium"': 'make("mediumold"',
                            "from .medium import": "from .medium_before import",
                            **_companions(rev, "pimc", {
                                "from .hand_eval import": "from .hand_eval_before import"})})


COMPANIONS = {"pimc": ("bid_check",), "medium": ("hand_eval", "partner_count")}
"""The modules each bot module decides by (Hard's check of a bid, Medium's counts, and what a
partner's bids add to them): ``rev``'s are loaded with it, where ``rev`` has them (a change to
one was else on both sides), in this order (each on ``rev``'s of those before it)."""


def _companions(rev: str, module: str, edits_there: dict[str, str] | None = None
                ) -> dict[str, str]:
    """Load ``rev``'s companions of ``module`` (:data:`COMPANIONS`) that it has, each as
    ``<name>_before`` with those of ``edits_there`` its text holds (``rev``'s hand_eval.py
    for its bid_check.py with ``--module medium``); the edits that make ``module`` import
    them."""
    root = Path(__file__).resolve().parent.parent
    edits = {}
    for name in COMPANIONS.get(module, ()):
        there = subprocess.run(["git", "cat-file", "-e",
                                f"{rev}:src/fivehundred/bots/{name}.py"], cwd=root,
                               capture_output=True).returncode == 0
        if there:
            _load(rev, name, optional=edits_there)
            edits[f"from .{name} import"] = f"from .{name}_before import"
    return edits


def _load(rev: str, module: str, edits: dict[str, str] | None = None,
          optional: dict[str, str] | None = None) -> None:
    """Load ``rev``'s ``bots/<module>.py`` as ``fivehundred.bots.<module>_before``, its bots
    registered with ``old`` appended, each of ``edits`` made to its text first (and each of
    ``optional`` its text holds)."""
    root = Path(__file__).resolve().parent.parent
    src = subprocess.run(["git", "show", f"{rev}:src/fivehundred/bots/{module}.py"], cwd=root,
                         check=True, capture_output=True, text=True).stdout
    for old, new in {**{f'@register("{n}")': f'@register("{n}old")' for n in BOTS.get(module, ())},
                     **(edits or {})}.items():
        if old not in src:
            raise SystemExit(f"{rev}:{module}.py has no {old!r}: this script needs a change")
        src = src.replace(old, new)
    for old, new in (optional or {}).items():
        src = src.replace(old, new)
    name = f"fivehundred.bots.{module}_before"
    loaded = types.ModuleType(name)
    loaded.__package__ = "fivehundred.bots"
    sys.modules[name] = loaded
    exec(compile(src, f"{rev}:{module}.py", "exec"), loaded.__dict__)


def split_module(args: list[str]) -> tuple[str, list[str]]:
    """``--module NAME`` (default ``pimc``) taken out of the arguments, and the rest."""
    if "--module" not in args:
        return "pimc", args
    i = args.index("--module")
    if i + 1 >= len(args):
        raise SystemExit(f"--module needs one of {', '.join(BOTS)}")
    return args[i + 1], args[:i] + args[i + 2:]


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    which, rest = split_module(sys.argv[2:])
    load_before(sys.argv[1], which)
    sys.exit(main(["arena", *rest]))
