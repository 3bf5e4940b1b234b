"""Reading a record file as the commands do: UTF-8 text (a byte-order mark dropped), text or
JSON told apart by the first character that is not white space (``{`` starts a JSON record).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "x.fhr"
>>> _ = path.write_bytes(b"\\xf5\\x00")
>>> read_text(str(path))
Traceback (most recent call last):
...
fivehundred.errors.RecordError: cannot read .../x.fhr: not UTF-8 text (invalid start byte at byte 0)
"""

from __future__ import annotations

import json
import os

from ..errors import RecordError, shown
from .guards import not_a_path
from .jsonfmt import loads_json
from .model import GameRecord
from .text import loads

#: The longest file read as a record or a deal, in characters: a game of many hands is well
#: under a megabyte; anything past this is not one (``/dev/zero`` would never end).
MAX_CHARS = 16 * 2**20


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file at ``path`` (a str or a Path); RecordError says why it cannot be
    read (a missing file, a folder, not UTF-8 text, far too long for a record)."""
    try:
        with open(path, encoding="utf-8-sig") as fp:
            text = fp.read(MAX_CHARS + 1)
        if len(text) > MAX_CHARS:
            raise RecordError(f"cannot read {path}: over {MAX_CHARS // 2**20} MiB of text, "
                              "far more than a game record holds")
        return text
    except UnicodeDecodeError as e:
        raise RecordError(f"cannot read {path}: not UTF-8 text ({e.reason} at byte "
                          f"{e.start})") from None
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None


def is_json(text: str) -> bool:
    """Whether ``text`` looks like a JSON record (or deal): it starts with ``{``, or it is JSON
    that starts with ``[`` (a list, told it is not a record) where a text record starts with
    its first tag pair.

    >>> is_json(' {"format": "fivehundred-record"}'), is_json('[{"hands": []}]')
    (True, True)
    >>> is_json('[Rules "australian"]')
    False
    """
    start = text.lstrip()[:1]
    if start != "[":
        return start == "{"
    try:
        json.loads(text)
    except (ValueError, RecursionError):    # (JSONDecodeError is a ValueError)
        return False
    return True


def parse_record(text: str, as_json: bool | None = None, replaying: bool = False) -> GameRecord:
    """A record from its text: JSON if ``as_json``, text if False, told apart by
    :func:`is_json` if None; ``replaying``: as the readers take it (the first fault in the
    order of play is reported, a fault replay finds too).  A path, or anything but a str,
    is refused, saying what was given (``read_text(path)`` reads a file's text)."""
    if not isinstance(text, str):
        what = (f"the path {shown(os.fspath(text))}" if isinstance(text, os.PathLike)
                else "bytes (decode them first)" if isinstance(text, bytes | bytearray)
                else type(text).__name__)
        raise RecordError(f"parse_record() takes a record's text (a str), not {what}; for a "
                          "file: parse_record(read_text(path)), read_text from "
                          "fivehundred.record")
    not_a_path(text, "parse_record")
    read = loads_json if (is_json(text) if as_json is None else as_json) else loads
    return read(text, replaying)
