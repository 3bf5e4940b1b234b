"""Run every benchmark and write the results into docs/benchmarks.md (``make bench`` does this).

The measurements themselves live in ``fivehundred.benchmarks`` so that the installed command
``fivehundred bench engine|solver`` runs them too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fivehundred.cli import main

DOC = str(Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md")



def run(argv: list[str]) -> int:
    """Both benchmarks, written into docs/benchmarks.md; ``--help`` says so and runs nothing
    (it used to be ignored, and the benchmarks ran over the document)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.parse_args(argv)
    rc = main(["bench", "engine", "--write", DOC])
    return rc or main(["bench", "solver", "--write", DOC])


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
