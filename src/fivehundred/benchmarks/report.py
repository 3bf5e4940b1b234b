"""What every benchmark report shares: the machine it ran on, and its section of a markdown file.

Each benchmark command owns one section of docs/benchmarks.md between two markers, and
rewrites only that section, so the commands can run in any order.

>>> import tempfile, pathlib
>>> doc = pathlib.Path(tempfile.mkdtemp()) / "b.md"
>>> write_section(doc, "demo", "## Demo\\n\\none\\n")
>>> write_section(doc, "demo", "## Demo\\n\\ntwo\\n")
>>> print(doc.read_text(), end="")
# Benchmarks
<BLANKLINE>
<!-- bench demo: begin -->
## Demo
<BLANKLINE>
two
<!-- bench demo: end -->
"""

from __future__ import annotations

import os
import platform
import sys
from pathlib import Path


def machine() -> str:
    """The CPU model, core count and Python version, for a report's first line."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def markers(name: str) -> tuple[str, str]:
    """The begin and end markers of the section ``name``."""
    return f"<!-- bench {name}: begin -->", f"<!-- bench {name}: end -->"


def write_section(path: str | Path, name: str, text: str) -> None:
    """Put ``text`` between the markers of section ``name`` in ``path``, replacing what was there.

    A file without the markers gets the section appended; a missing file starts as
    ``# Benchmarks``.  Everything outside the markers is kept as it was.  The file is
    replaced whole (never left half written).
    """
    from ..clitools import write_whole

    p = Path(path)
    begin, end = markers(name)
    block = f"{begin}\n{text}{end}\n"
    old = p.read_text(encoding="utf-8") if p.exists() else "# Benchmarks\n\n"
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        new = head + block + rest.split(end, 1)[1].lstrip("\n")
    else:
        new = old.rstrip("\n") + "\n\n" + block
    write_whole(p, new)


def publish(text: str, write: str | None, name: str) -> int:
    """Print a benchmark's report and, with ``write``, put it in that file's section
    ``name``; the exit status (1, said on stderr, if the file could not be written: the
    report is printed already)."""
    print(text)
    if not write:
        return 0
    try:
        write_section(write, name, text)
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        print(f"fivehundred bench: --write {write}: {reason} (the report is printed above)",
              file=sys.stderr)
        return 1
    print(f"written to {write}", file=sys.stderr)
    return 0
