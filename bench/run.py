"""Run every benchmark and write the results into docs/benchmarks.md (``make bench`` does this).

The measurements themselves live in ``fivehundred.benchmarks`` so that the installed command
``fivehundred bench engine|solver`` runs them too.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fivehundred.cli import main

DOC = str(Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md")

if __name__ == "__main__":
    rc = main(["bench", "engine", "--write", DOC])
    rc = rc or main(["bench", "solver", "--write", DOC])
    sys.exit(rc)
