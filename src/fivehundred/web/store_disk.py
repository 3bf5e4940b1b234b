"""The saves file's own files on disk, for :mod:`.store`: its locks (a server's, against a
second server of the file), its mode (its owner's alone), a disk found full, and what a
failed start made, removed.
"""

from __future__ import annotations

import errno
import os
import shutil
import struct
import sys
from contextlib import suppress

FULL_BELOW = 1 << 20
"""A disk with fewer bytes free than this (1 MiB) is called full where SQLite says only
"disk I/O error" (:func:`disk_full`)."""
_NO_ROOM = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
"""The system's errors of a write that found no room: no space left, over quota."""

HELD_BYTE = 0x4000_0400
"""The byte of a saves file :meth:`.Store._hold_file` locks: past those SQLite locks (from
its "pending byte" at 1 GiB, 512 bytes): a lock of ours never meets one of SQLite's."""

HELD: set[tuple[int, int]] = set()
"""The saves files (device, inode) an exclusive store of this process holds."""


def disk_full(error: BaseException, folder: str) -> bool:
    """Whether a write in ``folder`` failed (``error``: an OSError or SQLite's) for want of
    room: the system's "no space left" (or over quota), SQLite's "disk is full", or SQLite's
    "disk I/O error" (what it says of a journal it cannot make on a full disk) where that
    disk has under :data:`FULL_BELOW` bytes free.

    >>> disk_full(OSError(errno.ENOSPC, "No space left on device"), "/")
    True
    >>> disk_full(OSError(errno.EACCES, "Permission denied"), "/")
    False
    """
    if isinstance(error, OSError):
        if error.errno in _NO_ROOM:
            return True
        failed = error.errno == errno.EIO
    else:
        name = getattr(error, "sqlite_errorname", None) or ""
        if name.startswith("SQLITE_FULL") or "disk is full" in str(error):
            return True
        failed = name.startswith("SQLITE_IOERR") or "disk I/O error" in str(error)
    if not failed:
        return False
    try:
        return shutil.disk_usage(folder).free < FULL_BELOW
    except OSError:
        return False


def lock_byte(fd: int) -> None:
    """Lock :data:`HELD_BYTE` of an open file for as long as this descriptor is open (an
    open file's lock, Linux's), now or never: OSError EAGAIN if another holds it, EINVAL
    where the kernel has no such lock."""
    import fcntl

    # struct flock: l_type, l_whence, l_start, l_len, l_pid (0, as an open file's lock asks)
    lock = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, HELD_BYTE, 1, 0)
    fcntl.fcntl(fd, getattr(fcntl, "F_OFD_SETLK", 37), lock)


def lock_file(fd: int) -> None:
    """Lock an open file for this process, now or never: OSError if another holds it."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def still_in_place(fd: int, path: str) -> bool:
    """Whether the open file ``fd`` is still the one at ``path`` (not removed or replaced
    since it was opened).  Windows: always (an open file cannot be removed there)."""
    if sys.platform == "win32":
        return True
    try:
        here, held = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (held.st_dev, held.st_ino)


def free_name(stem: str) -> str:
    """``STEM.bak``, or ``STEM-2.bak``, ``STEM-3.bak``, ... the first not taken."""
    n = 1
    while os.path.lexists(name := f"{stem}{'' if n == 1 else f'-{n}'}.bak"):
        n += 1
    return name


def make_private(path: str) -> None:
    """Make the missing file ``path``, empty, readable and writable by its owner alone
    (SQLite made it as the umask let it, readable by all, and its journals as the file;
    each save holds its game's seed and every seat's key); one that cannot be made is left
    to SQLite, which says why."""
    with suppress(OSError):
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))


def remove(path: str) -> None:
    """Remove a file a failed start made, if it can be (what cannot be, stays)."""
    with suppress(OSError):
        os.remove(path)
