"""Results files: JSON lines streamed as units finish, so that a run can be resumed.

The first line is a header naming the match (its identity: rules, bots, budget, seed, game
length cap) and the program that plays it (:func:`program_of`: its version and a digest of the
code a unit's play runs); each further line is one finished unit
(:meth:`UnitResult.to_json`).  A line is written whole and flushed as soon as its unit
finishes, so a run stopped at any moment (Ctrl-C, a crash, a lost machine) keeps everything
finished before it.  Rerunning the same command with the same file plays only the units it
lacks; more ``--deals`` or ``--games`` extend it.

The file is only ever appended to.  Two repairs are made, both reported:

* a last line cut short by a crash while writing it is dropped (it is cut from the file so
  that the next line starts cleanly) -- never an error;
* a last line complete but for its newline gets the newline.

A file written for another match is refused with the differences named (the rules compared as
the options they set, not as text: a file written before the program gained an option goes on,
the option at its default), as is a damaged line anywhere but at the end (that is not what a
crash leaves).  So is a file written by another program -- another version, or other code in
the bots, the solver or the engine: its units were not played by the bots playing now -- and
a file whose header names no program (written before headers did) goes on with a warning in
``notes`` that this could not be checked.  Each unit line is checked against the match without
replaying it: its kind and seating are the match's, its game seed is the one the match deals
that deal or game from, it has one number of points per side, seats and sides in range, and
no unit appears twice with two results; a second header (two files joined by ``cat``) is named
as such.  Nothing is repaired in a file that is refused.  While a run writes a file it holds
an exclusive lock on it (where the system has ``fcntl``), so two runs cannot interleave.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from .. import __version__
from ..bots.base import _REGISTRY, BotError, resolve
from ..errors import FiveHundredError, shown
from ..rng import derive_seed
from ..rules import Rules, option_text
from .play import ArenaError, UnitResult
from .spec import KINDS, LABELS, MatchSpec

FORMAT = "fivehundred-arena"
VERSION = 1

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


PLAYING_CODE = ("bots/*.py", "bot_turn.py", "solver/*.py", "game/*.py", "actions.py",
                "auction.py", "cards.py", "dealing.py", "numbers.py", "rng.py", "rules.py",
                "scoring.py", "tricks.py", "view.py", "arena/play.py", "arena/spec.py")
"""The package's source files (patterns under ``src/fivehundred``) whose code decides what a
unit plays: the bots, the solver, the engine and the arena's play.  A results file's header
holds a digest of them (:func:`program_of`)."""

ROOT = Path(__file__).resolve().parent.parent
"""The package's folder, where :data:`PLAYING_CODE` lies."""


@lru_cache(maxsize=1)
def _package_code() -> bytes:
    """A digest of the :data:`PLAYING_CODE` files (read once a process: a hundred
    milliseconds at most, against a match's minutes)."""
    h = hashlib.blake2b(digest_size=16)
    for pattern in PLAYING_CODE:
        for path in sorted(ROOT.glob(pattern)):
            h.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            h.update(path.read_bytes())
    return h.digest()


def _bot_code(name: str) -> bytes:
    """What stands for the code of a bot registered from outside the package: the source
    file its factory was written in, or, for code that comes from no file, the name Python
    gives that code (``bench/bots_before.py`` compiles an earlier commit's bots as
    ``REV:pimc.py``, so each commit it loads is told apart).  A built-in bot, or one not
    registered yet (the built-ins load with the solver, after this is asked), is the
    package's code: nothing more.  ``module:name`` has its module imported first (it
    registers the name), whether the match imported it yet or not; a bot of the script
    running the match (``__main__``) is its name alone, the script's own settings (its
    number of deals) being no change of the bot."""
    if ":" in name:                  # (its module imported first: else what it registers
        try:                         # was found, or not, by whether it had been imported)
            resolve(name)
        except BotError:
            return b""               # (the match's own check says why)
    factory = _REGISTRY.get(name.rsplit(":", 1)[-1].strip().lower())   # (module:name too)
    if factory is None:
        return b""
    if getattr(factory, "__module__", None) == "__main__":
        # a bot of the script that runs the match: the script's whole text would change with
        # its own settings (a larger DEALS to extend the match), so its name alone
        return f"__main__.{getattr(factory, '__qualname__', '')}".encode()
    code = getattr(factory, "__code__", None)
    module = sys.modules.get(getattr(factory, "__module__", "") or "")
    filename = code.co_filename if code is not None else getattr(module, "__file__", None)
    if not isinstance(filename, str):
        return b""
    path = Path(filename)
    try:
        if path.is_file():
            if path.resolve().is_relative_to(ROOT):
                return b""
            return path.read_bytes()
    except OSError:
        pass
    return filename.encode()


def program_of(spec: MatchSpec) -> dict[str, str]:
    """The program that plays this match, as a results file's header records it: the
    package's version and a short digest of the code a unit's play runs (the
    :data:`PLAYING_CODE` files, and the source of either bot when it comes from elsewhere),
    so that a file is not resumed by bots other than those that played it."""
    h = hashlib.blake2b(_package_code(), digest_size=6)
    for name in (spec.bot_a, spec.bot_b):
        h.update(b"\0" + name.encode() + b"\0" + _bot_code(name))
    return {"version": __version__, "code": h.hexdigest()}


def header_of(spec: MatchSpec) -> dict[str, Any]:
    """The header line of a results file for this match."""
    return {"type": "header", "format": FORMAT, "version": VERSION,
            "match_id": spec.match_id, "match": spec.identity(), "program": program_of(spec)}


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
        self.checked = True
        """Whether the header names the program (a file written since headers did): its
        unit lines then name their seeds too."""
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
        """Read the file: check its header and every unit line, then make the repairs (a
        file that is refused is left as it was)."""
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
        # The final write may not have finished.  A last line that is whole JSON but for its
        # newline is checked like any other (and kept); anything else there is a fragment.
        whole = False
        if last:
            try:
                json.loads(last)
                whole = True
            except ValueError:
                whole = False
        first: dict[tuple[str, int, str], int] = {}
        for number, line in enumerate([*lines[1:], *([last] if whole else [])], start=2):
            try:
                obj = json.loads(line)
            except ValueError:
                raise ArenaError(f"{self.path}, line {number}: not a unit result (not JSON); "
                                 "the file is damaged") from None
            result = self._unit(number, obj)
            seen = first.setdefault(result.key, number)
            if seen != number and self.done[result.key].outcome() != result.outcome():
                raise ArenaError(
                    f"{self.path}, line {number}: {result.kind} {result.number}, seating "
                    f"{result.seating} again, with another result than line {seen}: the file "
                    "was joined from others or edited; use a new --out file")
            self.done.setdefault(result.key, result)
        if whole:
            fh.write(b"\n")
            fh.flush()
            self.notes.append(f"{self.path}: added the newline missing after its last line")
        elif last:
            fh.truncate(len(data) - len(last))
            fh.flush()
            self.notes.append(
                f"{self.path}: dropped a truncated last line ({len(last)} bytes, from a run "
                "stopped while writing it); that unit will be played again"
            )

    def _unit(self, number: int, obj: object) -> UnitResult:
        """Line ``number``'s unit, refused (ArenaError naming the line) if it is not a unit
        result or does not belong to this match."""
        where = f"{self.path}, line {number}"
        if isinstance(obj, dict) and obj.get("type") == "header":
            raise ArenaError(
                f"{self.path}: a second header at line {number}: results files cannot be "
                "joined by cat (each begins with a header of its own); play the match into one "
                "--out file, extending it with a larger --deals or --games")
        if not isinstance(obj, dict) or obj.get("type", "unit") != "unit":
            raise ArenaError(f"{where}: not a unit result; the file is damaged")
        missing = [k for k in ("kind", "number", "seating", "points", "winner", "hands",
                               "times") if k not in obj]
        if missing:
            raise ArenaError(f"{where}: not a unit result (no {', '.join(map(repr, missing))}); "
                             "the file is damaged")
        try:
            result = UnitResult.from_json(obj)
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ArenaError(f"{where}: not a unit result ({type(e).__name__}: {e}); the file "
                             "is damaged") from None
        problem = self._misfit(obj, result)
        if problem:
            raise ArenaError(f"{where}: {problem}, so it is not a unit of this match (a line "
                             "joined from another file, or edited); use a new --out file")
        return result

    def _misfit(self, obj: dict[str, Any], r: UnitResult) -> str | None:
        """How a unit line does not fit this match, in words (None: it fits).  Only what
        can be told without replaying the unit: its place in the match, its seed, and that
        its numbers are as many and as large as the rules allow."""
        spec, rules = self.spec, self.spec.rules_obj
        sides, players = len(rules.sides), rules.players

        def whole(x: object) -> bool:
            return isinstance(x, int) and not isinstance(x, bool)

        if r.kind not in KINDS:
            return f"its kind {shown(r.kind)} is not {' or '.join(KINDS)}"
        if not whole(obj["number"]) or r.number < 0:
            return f"its number {shown(obj['number'])} is not a whole number from 0"
        if r.seating not in spec.seatings:
            return (f"its seating {shown(r.seating)} is not one of this match's "
                    f"({', '.join(spec.seatings)})")
        seed = derive_seed(spec.seed, r.kind, r.number)
        if "seed" in obj:
            if obj["seed"] != seed:
                return (f"it was dealt from seed {shown(obj['seed'])}, and {r.kind} {r.number} "
                        f"of this match (--seed {spec.seed}) is dealt from {seed}")
        elif self.checked:
            return ("it names no seed, and every line written under a header that names "
                    "its program does")
        points = obj["points"]
        if not isinstance(points, list) or len(points) != sides or not all(map(whole, points)):
            return (f"its points {shown(points)} are not {sides} whole numbers, one per side of "
                    "these rules")
        winner = obj["winner"]
        if winner is not None and not (whole(winner) and 0 <= winner < sides):
            return f"its winner {shown(winner)} is not a side of these rules (0 to {sides - 1})"
        if r.kind == "deal" and len(r.hands) != 1:
            return f"it holds {len(r.hands)} hands, and a deal is one"
        for h in r.hands:
            if not (h.declarer is None or 0 <= h.declarer < players):
                return f"a hand's declarer {h.declarer} is not a seat of these rules"
            if not isinstance(h.bid, str | None) or not isinstance(h.made, bool | None):
                return (f"a hand {shown([h.bid, h.declarer, h.made])} is not a contract's bid "
                        "and result")
        if not set(r.times) <= set(LABELS) or not set(r.sees_all) <= set(LABELS):
            return f"it names a bot other than {' and '.join(LABELS)}"
        return None

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
        self.checked = "program" in head
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
        self._check_program(head.get("program"))

    def _check_program(self, theirs: object) -> None:
        """Refuse a file another program wrote (another version, or other bots, solver or
        engine code: its units would not be what this one plays); a header from before
        headers named the program is resumed, with a warning in ``notes``."""
        if theirs is None:
            self.notes.append(
                f"warning: {self.path} was written before results files named the program that "
                "wrote them (its header has no version or code digest): whether its units were "
                "played by the bots playing now cannot be checked; if the bots, the solver or "
                "the engine have changed since, use a new --out file")
            return
        ours = program_of(self.spec)
        if theirs == ours:
            return
        said = theirs if isinstance(theirs, dict) else {}

        def text(value: object) -> str:
            return value if isinstance(value, str) else _said(value)

        differs = []
        if said.get("version") != ours["version"]:
            differs.append(f"fivehundred {ours['version']} now, {text(said.get('version'))} "
                           "in the file")
        if said.get("code") != ours["code"]:
            differs.append(f"code {ours['code']} now, {text(said.get('code'))} in the file: "
                           "the bots', the solver's or the engine's source has changed")
        raise ArenaError(
            f"{self.path} was written by another program ({'; '.join(differs) or shown(theirs)})"
            ", so the units left would not be played as those in it were; use a new --out "
            "file (or resume it with the program that wrote it)")

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
