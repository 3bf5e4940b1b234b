"""What the command line's subcommands share: number options checked within sane bounds,
output paths checked before any work, files replaced whole, and a closed pipe taken quietly.

Every count and time limit of ``fivehundred``'s subcommands goes through :func:`whole` or
:func:`seconds`, so a bad value is refused before any work starts, with the option's name
(argparse adds it) and the range expected, and the usage-error exit status 2.

>>> nodes = whole(0, 10**12)
>>> nodes("5000")
5000
>>> nodes("99999999999999999999")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 99999999999999999999 is out of range: expected a whole number ...
>>> seconds()("nan")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: nan is not a time limit: expected a number of seconds above 0 ...
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from .errors import FiveHundredError

#: The longest time limit any option takes: a day.
MAX_SECONDS = 86_400.0
#: The most samples (imagined deals) a bot may be asked for per decision.
MAX_SAMPLES = 10_000
#: The largest node budget of a search (a day or more of searching).
MAX_NODES = 10**12


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``."""

    def parse(text: str) -> int:
        expected = f"expected a whole number from {lo:,} to {hi:,}"
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r}: {expected}") from None
        if not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"{text[:40]} is out of range: {expected}")
        return n

    return parse


def seconds(hi: float = MAX_SECONDS) -> Callable[[str], float]:
    """An argparse type: a number of seconds above 0 and at most ``hi`` (not NaN or inf)."""

    def parse(text: str) -> float:
        expected = f"expected a number of seconds above 0 and at most {hi:,g}" + (
            " (a day)" if hi == 86_400 else "")
        try:
            s = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r}: {expected}") from None
        if not (math.isfinite(s) and 0 < s <= hi):
            raise argparse.ArgumentTypeError(f"{text[:40]} is not a time limit: {expected}")
        return s

    return parse


#: An argparse type: a TCP port (0: any free one, which the server then announces).
port = whole(0, 65_535)


def check_output(option: str, path: str, suffixes: tuple[str, ...] = ()) -> None:
    """Refuse an output path that cannot be written, before the work that fills it: a
    directory, a missing or read-only folder, a read-only file, or (with ``suffixes``) a
    file of another kind.  FiveHundredError names the option and the path."""
    where = f"{option} {path}"
    p = written_file(path)
    if p.is_dir():
        raise FiveHundredError(f"{where}: is a directory; give a file name")
    if suffixes and not Path(path).name.lower().endswith(suffixes):
        raise FiveHundredError(f"{where}: expected a {' or '.join(suffixes)} file")
    folder = p.parent
    if not folder.is_dir():
        raise FiveHundredError(f"{where}: no such directory: {folder}")
    if read_only(p):
        raise FiveHundredError(f"{where}: the file is not writable")
    if p.exists() and not p.is_file():      # a device or a pipe: written into, in place
        return
    if not os.access(folder, os.W_OK):      # write_whole makes its temporary file there
        raise FiveHundredError(f"{where}: cannot create files in {folder}")


def read_only(p: Path) -> bool:
    """Whether the file at ``p`` may not be written: no write permission for this user, or
    marked read-only for everyone (a superuser's writes would pass over it, and a save
    renamed over it replaced it).  A path with no file is not."""
    try:
        mode = p.stat().st_mode
    except OSError:
        return False
    return not os.access(p, os.W_OK) or (stat.S_ISREG(mode) and not mode & 0o222)


def written_file(path: str | Path) -> Path:
    """The file a write to ``path`` reaches: a symbolic link's target (the link stays a
    link), the path itself otherwise."""
    return Path(os.path.realpath(path))


def write_whole(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, renamed over
    it at the end: the file is either as it was or complete, never half written.  A symbolic
    link's target is written (the link stays), and a device or a pipe (``/dev/stdout``) is
    written into: only a regular file is ever replaced."""
    p = written_file(path)
    if read_only(p):
        raise PermissionError(errno.EACCES, "the file is read-only", str(p))
    if p.exists() and not p.is_file():
        with open(p, "w", encoding="utf-8") as fp:
            fp.write(text)
        return
    if p.parent.is_dir() and not os.access(p.parent, os.W_OK):   # (the temporary file)
        raise PermissionError(errno.EACCES, f"cannot create files in {p.parent}", str(p))
    fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
            fp.flush()
            os.fsync(fp.fileno())          # on the disk before it takes the file's name
        if p.exists():
            os.chmod(tmp, p.stat().st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(p.parent)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` last through a power cut (where the system allows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:          # (some systems and file systems cannot sync a folder)
        pass
    finally:
        os.close(fd)


def quiet_broken_pipe() -> None:
    """After standard output's reader went away (``fivehundred replay f | head -1``): point
    stdout at /dev/null so that Python's flush at exit does not fail again (the Python
    docs' recipe, signal module, "Note on SIGPIPE")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
