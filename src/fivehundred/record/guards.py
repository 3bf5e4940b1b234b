"""What the record's readers and writers accept, and the errors for what they do not: a
record where a record belongs, an open file where a file does, a record's text rather than a
path to it, and text rather than JSON (or the reverse), each refusal saying what to call
instead.

Shared by the text form (:mod:`.text`), the JSON form (:mod:`.jsonfmt`) and the files
(:mod:`.files`).
"""

from __future__ import annotations

import os

from ..errors import RecordError, shown
from .model import GameRecord


def need_record(rec: object, func: str) -> None:
    """Refuse anything but a GameRecord given to the writer ``func`` (a path given first, the
    arguments swapped, raised "'str' object has no attribute 'rules'").

    >>> try:
    ...     need_record("[Rules ...]", "dumps")
    ... except RecordError as e:
    ...     print(e)
    dumps() takes a GameRecord (record_from_game(game) makes one), not str
    """
    if not isinstance(rec, GameRecord):
        raise RecordError(f"{func}() takes a GameRecord (record_from_game(game) makes one), "
                          f"not {type(rec).__name__}")


def need_file(fp: object, func: str, for_path: str) -> None:
    """Refuse what is not an open text file given to ``func`` (``dump``, ``load``,
    ``dump_json`` or ``load_json``), a path above all, saying ``for_path``: how to do the
    same with a path (a path raised a bare AttributeError, or named a function that
    ``fivehundred.record`` did not export).

    >>> try:
    ...     need_file("game.fhr", "load", "loads(read_text(path))")
    ... except RecordError as e:
    ...     print(e)
    load() reads an open text file, not the path 'game.fhr'; for a path: loads(read_text(path))
    """
    reading = func.startswith("load")
    if callable(getattr(fp, "read" if reading else "write", None)):
        return
    what = (f"the path {shown(os.fspath(fp))}" if isinstance(fp, (str, os.PathLike))
            else shown(fp))
    raise RecordError(f"{func}() {'reads' if reading else 'writes to'} an open text file, "
                      f"not {what}; for a path: {for_path}")


def path_like(text: str) -> bool:
    """Whether ``text``, given where a record's text belongs, is rather a file's path: one
    short line that is no record's first line (a tag pair or ``{``) and names a file (it has
    a folder or a record's suffix, or the file is there); a reader says so, not that the
    record lacks its rules.

    >>> path_like("/a/path.fhr"), path_like("game.fhr.json"), path_like('[Rules "x"]')
    (True, True, False)
    """
    s = text.strip()
    if not s or len(s) > 4096 or s[0] in "[{" or any(ch in s for ch in "\n\r"):
        return False
    if "/" in s or "\\" in s or s.lower().endswith((".fhr", ".json", ".txt")):
        return True
    try:
        return os.path.isfile(s)
    except (OSError, ValueError):
        return False


def not_a_path(text: str, func: str) -> None:
    """RecordError for a file's path given to ``func`` in place of the record's text
    (:func:`path_like`): it was told that the record lacks its rules, or is not JSON."""
    if path_like(text):
        raise RecordError(f"{func}() takes a record's text, not the path "
                          f"{shown(text.strip())}: read the file first, with read_text(path) "
                          "from fivehundred.record")


def not_json(text: object, reader: str) -> None:
    """Refuse a JSON record given to a text reader, naming ``reader``, the function that reads
    it (it was told its first line lacked the [Rules "..."] tag).

    >>> try:
    ...     not_json('{"format": "fivehundred-record"}', "loads_json")
    ... except RecordError as e:
    ...     print(e)
    this looks like a JSON record (it starts with {), not a text one: read it with loads_json()
    """
    if isinstance(text, str) and text.removeprefix("\ufeff").lstrip().startswith("{"):
        raise RecordError(f"this looks like a JSON record (it starts with {{), not a text one: "
                          f"read it with {reader}()")
