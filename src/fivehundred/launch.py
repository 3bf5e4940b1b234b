"""The ``fivehundred`` command's entry point: the command line loaded inside its Ctrl-C
handling, so a Ctrl-C pressed as the command starts (its modules loading, a quarter second
on a busy host) ends it quietly with the shell's status for it, 130, as one a moment later
does (:func:`fivehundred.cli.main`), not with a traceback."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Load the command line and run it (``argv``, or the process's); its exit status."""
    try:
        from .cli import main as command
    except KeyboardInterrupt:
        print(file=sys.stderr)   # (the terminal's ^C stands alone on its line)
        return 130
    return command(argv)
