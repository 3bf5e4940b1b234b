"""Datasets: many game records in one file, one JSON record a line, as ``fivehundred
selfplay`` writes them.  The commands that read one record (``replay``, ``analyse``,
``hint``) read game N of a dataset with ``--game N`` (:func:`dataset_game`) and refuse a
dataset without it, saying what it is (:func:`refuse_dataset`); ``selfplay`` reads its own
back line by line (:func:`record_of_line`)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import IO

from ..errors import RecordError
from .jsonfmt import from_data, json_value
from .model import GameRecord

DATASET = "one JSON record a line, as fivehundred selfplay writes"
"""What a dataset is, in the words of the commands' messages."""


COUNTED_BYTES = 64 * 2**20
"""How much of a dataset given without ``--game`` is read to count its games (more: "at
least" so many)."""


def _lines(fp: IO[bytes], limit: int) -> Iterator[bytes | None]:
    """Each line of ``fp``, its end kept; None for one longer than ``limit`` bytes (skipped
    unread: a file of no line ends, ``/dev/zero``, is never held whole)."""
    while line := fp.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            while (rest := fp.readline(limit)) and not rest.endswith(b"\n"):
                pass
            yield None
        else:
            yield line


def refuse_dataset(path: str) -> None:
    """Refuse (RecordError) a dataset of more than one game where a command reads one record
    (``FILE`` without ``--game``): it was told "not JSON: Extra data at line 2".  A file
    whose first line is not a whole JSON record is left to the reader, as is one that cannot
    be read (it says why), and a pipe (its lines read here would be gone)."""
    from .files import MAX_CHARS

    if not os.path.isfile(path):
        return
    try:
        with open(path, "rb") as fp:
            lines = _lines(fp, MAX_CHARS)
            first = next(lines, None)
            if first is None or not first.lstrip(b"\xef\xbb\xbf \t").startswith(b"{"):
                return
            try:
                if not isinstance(json.loads(first.decode("utf-8-sig")), dict):
                    return
            except (ValueError, RecursionError):     # (not UTF-8, not JSON: said by reading)
                return
            k, more = 1, 0
            for line in lines:
                more += 1
                if line is None or line.strip():
                    k, more = k + more, 0
                if fp.tell() > COUNTED_BYTES:   # (a dataset of gigabytes: not read to its end)
                    break
            partial = fp.read(1) != b""
    except OSError:
        return
    if k > 1:
        some, which = ("at least ", "counted from 1") if partial else ("", f"1 to {k}")
        raise RecordError(f"{path}: a dataset of {some}{k} games ({DATASET}), not one record: "
                          f"give --game N ({which}) to read game N")


def game_place(path: str, game: int | None) -> str:
    """Where a record read from ``path`` is, as messages name it: the file, or a dataset's
    game N, its line (``games.jsonl, line 12``)."""
    return path if game is None else f"{path}, line {game}"


def dataset_game(path: str, game: int, replaying: bool = False) -> GameRecord:
    """Game ``game`` (from 1, as ``selfplay`` counts them: its record is tagged ``Game``
    ``game - 1``) of the dataset at ``path``: line ``game``, read as a JSON record
    (``replaying``: as :func:`loads_json` takes it), the file read line by line up to it (a
    dataset may be far larger than a record).  RecordError names the file and the line, or
    says that the file is one record, or how many games it holds."""
    from .files import MAX_CHARS

    where = game_place(path, game)
    try:
        with open(path, "rb") as fp:
            line: bytes | None = b""             # (line ``game`` once read)
            ends = 0                             # the last line not blank so far
            for n, got in enumerate(_lines(fp, MAX_CHARS), start=1):
                if n == 1 and got is not None and one_record(got):
                    raise RecordError(f"--game {game}: {path} is one record, not a dataset "
                                      f"({DATASET}): leave out --game")
                if got is None or got.strip():
                    ends = n
                if n == game:
                    line = got
                if ends >= game:                 # (a blank line is refused if games follow)
                    break
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    if ends < game:
        size = f"{ends} games (1 to {ends})" if ends > 1 else "1 game" if ends else "no games"
        raise RecordError(f"--game {game}: {path} holds {size}")
    if line is None:
        raise RecordError(f"{where}: over {MAX_CHARS // 2**20} MiB, far more than a game "
                          "record holds")
    if not line.strip():
        raise RecordError(f"{where}: a blank line, not a game record")
    try:
        text = line.decode("utf-8-sig" if game == 1 else "utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(f"{where}: not UTF-8 text ({e.reason} at byte {e.start} of the "
                          "line)") from None
    cut = "" if text.endswith("\n") else " (the file ends inside it: cut short)"
    try:
        return record_of_line(text, replaying)
    except RecordError as e:
        raise RecordError(f"{where}{cut if str(e).startswith('not JSON') else ''}: {e}") from None


def record_of_line(line: str, replaying: bool = False) -> GameRecord:
    """A dataset's line read as a JSON record (:func:`loads_json`), a place in its JSON said
    by the column alone: the line's own line number is always 1."""
    return from_data(json_value(line.rstrip("\r\n"), one_line=True), replaying)


def one_record(first: bytes) -> bool:
    """Whether a file whose first line is ``first`` is one record (a text record's first tag,
    a JSON record's opening brace alone on its line), never a dataset's first game."""
    start = first.removeprefix(b"\xef\xbb\xbf").strip()
    return start == b"{" or start.startswith(b"[")
