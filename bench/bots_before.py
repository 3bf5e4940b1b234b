"""The sampling bots of an earlier commit against today's, in the arena: each change to
``bots/pimc.py`` in docs/strength.md ("against the Hard before it") was measured so.

The file ``src/fivehundred/bots/pimc.py`` of commit REV is loaded beside today's, its bots
registered as ``hardold``, ``insaneold`` and ``cheaterold``; then ``fivehundred arena`` runs
with the other arguments, in this process (``--workers 1``: the arena's worker processes would
not have the variant registered; run two seeds at once to use two cores):

    python bench/bots_before.py 367046e --a hard --b hardold --deals 1000 --seed 3 --workers 1
"""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import fivehundred.bots.pimc  # noqa: F401  (today's bots, registered first)
from fivehundred.cli import main

OLD = "fivehundred.bots.pimc_before"


def load_before(rev: str) -> None:
    """Register commit ``rev``'s sampling bots under their names with ``old`` appended."""
    root = Path(__file__).resolve().parent.parent
    src = subprocess.run(["git", "show", f"{rev}:src/fivehundred/bots/pimc.py"], cwd=root,
                         check=True, capture_output=True, text=True).stdout
    for name in ("hard", "insane", "cheater"):
        src = src.replace(f'@register("{name}")', f'@register("{name}old")')
    module = types.ModuleType(OLD)
    module.__package__ = "fivehundred.bots"
    sys.modules[OLD] = module
    exec(compile(src, f"{rev}:pimc.py", "exec"), module.__dict__)


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    load_before(sys.argv[1])
    sys.exit(main(["arena", *sys.argv[2:]]))
