"""Results files: JSON lines streamed as units finish, so that a run can be resumed.

The first line is a header naming the match (its identity: rules, bots, budget, seed, game
length cap); each further line is one finished unit (:meth:`UnitResult.to_json`).  A line is
written whole and flushed as soon as its unit finishes, so a run stopped at any moment (Ctrl-C,
a crash, a lost machine) keeps everything finished before it.  Rerunning the same command
with the same file plays only the units it lacks; more ``--deals`` or ``--games`` extend it.

The file is only ever appended to.  Two repairs are made, both reported:

* a last line cut short by a crash while writing it is dropped (it is cut from the file so
  that the next line starts cleanly) -- never an error;
* a last line complete but for its newline gets the newline.

A file written for another match is refused with the differences named (the rules compared as
the options they set, not as text: a file written before the program gained an option goes on,
the option at its default), as is a damaged line anywhere but at the end (that is not what a
crash leaves).  While a run writes a file it holds
an exclusive lock on it (where the system has ``fcntl``), so two runs cannot interleave.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import IO, Any

from ..errors import FiveHundredError
from ..rules import Rules, option_text
from .play import ArenaError, UnitResult
from .spec import MatchSpec

FORMAT = "fivehundred-arena"
VERSION = 1

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def header_of(spec: MatchSpec) -> dict[str, Any]:
    """The header line of a results file for this match."""
    return {"type": "header", "format": FORMAT, "version": VERSION,
            "match_id": spec.match_id, "match": spec.identity()}


def _line(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode() + b"\n"


def _header_line(spec: MatchSpec) -> bytes:
    return _line(header_of(spec))


def _said(value: object) -> str:
    """A match option's value in a message: None (an option left out) as "the default"."""
    return "the default" if value is None else repr(value)


#: A match option's command-line flag, as a refusal names it.
FLAGS = {"rules": "--rules", "bot_a": "--a", "bot_b": "--b", "seed": "--seed",
         "samples": "--samples", "seconds": "--seconds", "max_hands": "--max-hands"}


def _rules(text: object) -> Rules | None:
    """A header's rules string as Rules (None: not one), so that rules are compared by the
    options they set and not by their text, which gains a field with every new option."""
    if not isinstance(text, str):
        return None
    try:
        return Rules.from_string(text)
    except FiveHundredError:
        return None


def _same(key: str, ours: object, theirs: object) -> bool:
    """Whether a match option is the file's: equal, or for the rules equal Rules (a file
    written before the program gained an option resumes; the option takes its default)."""
    if ours == theirs:
        return True
    now = _rules(ours) if key == "rules" else None
    return now is not None and now == _rules(theirs)


def _difference(key: str, ours: object, theirs: object) -> str:
    """How a match option differs from the file's: by its flag, and for the rules only the
    options that differ (each rules string is some 560 characters).

    >>> _difference("rules", "fivehundred(preset=australian,target=300)",
    ...             "fivehundred(preset=australian)")
    '--rules: target 300 now, 500 in the file'
    >>> _difference("bot_b", "medium", "easy")
    "--b: 'medium' now, 'easy' in the file"
    """
    flag = FLAGS.get(key, key)
    now, then = (_rules(ours), _rules(theirs)) if key == "rules" else (None, None)
    if now is not None and then is not None and now != then:
        options = [f.name for f in dataclasses.fields(Rules)
                   if getattr(now, f.name) != getattr(then, f.name)]
        return f"{flag}: " + ", ".join(
            f"{o} {option_text(getattr(now, o))} now, "
            f"{option_text(getattr(then, o))} in the file" for o in options)
    if now is not None and isinstance(theirs, str):      # (a newer program's, or damaged)
        try:
            Rules.from_string(theirs)
        except FiveHundredError as e:
            return f"{flag}: the file's rules are not this program's ({e})"
    return f"{flag}: {_said(ours)} now, {_said(theirs)} in the file"


class ResultsFile:
    """A results file opened for a match: the units already in it, and appending more.

    Use as a context manager (or call :meth:`close`).  ``notes`` lists what was repaired.
    """

    def __init__(self, path: str | os.PathLike[str], spec: MatchSpec) -> None:
        self.path = Path(path)
        self.spec = spec
        self.notes: list[str] = []
        self.done: dict[tuple[str, int, str], UnitResult] = {}
        self._fh: IO[bytes] = open(self.path, "a+b")  # noqa: SIM115  (held open to append)
        try:
            self._lock()
            self._load()
        except BaseException:
            self._fh.close()
            raise

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _lock(self) -> None:
        if fcntl is None:  # pragma: no cover
            return
        try:
            fcntl.flock(self._fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ArenaError(f"{self.path}: another arena run is writing this file") from None

    def _load(self) -> None:
        fh = self._fh
        fh.seek(0)
        data = fh.read()
        if not data:
            self._write(header_of(self.spec))
            return
        lines = data.split(b"\n")
        last = lines.pop()  # b"" when the file ends with a newline
        if not lines:
            # A single unfinished line: a header cut short is started again, anything else
            # is not ours to touch.
            if not _header_line(self.spec).startswith(last):
                raise ArenaError(
                    f"{self.path} is not an arena results file; choose another --out")
            fh.truncate(0)
            self.notes.append(f"{self.path}: started again after a header cut short")
            self._write(header_of(self.spec))
            return
        self._check_header(lines[0])
        if last:
            # The final write did not finish.  Keep it if it is whole but for the newline,
            # else drop the fragment, cutting the file back to the last complete line.
            try:
                UnitResult.from_json(json.loads(last))
                complete = True
            except (ValueError, KeyError, TypeError):
                complete = False
            if complete:
                fh.write(b"\n")
                fh.flush()
                lines.append(last)
                self.notes.append(f"{self.path}: added the newline missing after its last line")
            else:
                fh.truncate(len(data) - len(last))
                fh.flush()
                self.notes.append(
                    f"{self.path}: dropped a truncated last line ({len(last)} bytes, from a run "
                    "stopped while writing it); that unit will be played again"
                )
        for number, line in enumerate(lines[1:], start=2):
            try:
                obj = json.loads(line)
                result = UnitResult.from_json(obj)
            except (ValueError, KeyError, TypeError) as e:
                raise ArenaError(
                    f"{self.path}, line {number}: not a unit result ({e}); the file is damaged"
                ) from None
            self.done.setdefault(result.key, result)

    def _check_header(self, line: bytes) -> None:
        try:
            head = json.loads(line)
        except ValueError:
            head = None
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise ArenaError(f"{self.path} is not an arena results file; choose another --out")
        if head.get("version") != VERSION:
            raise ArenaError(f"{self.path}: results format version {head.get('version')}, "
                             f"this program reads version {VERSION}")
        theirs = head.get("match", {})
        ours = self.spec.identity()
        # a game's length limit changes no deal: a run of deals alone goes on whatever it was
        ignored = {"max_hands"} if self.spec.games == 0 else set()
        keys = [k for k in sorted(set(ours) | set(theirs))
                if k not in ignored and not _same(k, ours.get(k), theirs.get(k))]
        if keys:
            diffs = [_difference(k, ours.get(k), theirs.get(k)) for k in keys]
            raise ArenaError(
                f"{self.path} holds results of a different match ({'; '.join(diffs)}); "
                "use another --out file, or the options it was written with"
            )

    def _write(self, obj: dict[str, Any]) -> None:
        self._fh.write(_line(obj))
        self._fh.flush()

    def append(self, result: UnitResult) -> None:
        """Write one finished unit (a whole line, flushed)."""
        self._write(result.to_json())
        self.done.setdefault(result.key, result)

    def close(self) -> None:
        """Flush and close (releasing the lock)."""
        if not self._fh.closed:
            self._fh.close()
