"""A table's record files (which file, which format): where the terminal table and the text
game save each game's record."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from .. import bot_catalog as catalog
from ..clitools import write_whole
from ..errors import FiveHundredError
from ..game import Game
from .build import record_from_game
from .files import is_json, parse_record, read_text
from .jsonfmt import dumps_json
from .replay import replay
from .text import dumps


def record_name(started: datetime, k: int = 0) -> str:
    """The name of a new record file for a game started at ``started`` (the ``k``-th other
    name if that one is taken).  Never the seed: it deals every hand, and the name is shown
    while the game goes on.

    >>> record_name(datetime(2026, 12, 1, 9, 5, 7)), record_name(datetime(2026, 12, 1), 2)
    ('fivehundred-20261201-090507.fhr', 'fivehundred-20261201-000000-2.fhr')
    """
    return f"fivehundred-{started:%Y%m%d-%H%M%S}{f'-{k}' if k else ''}.fhr"


class RecordFiles:
    """Where one table saves its games' records: ``saved`` maps a game's seed to the file
    written for it, a new file goes in ``record_dir`` (named after the time the game
    started), and a resumed game (``record_file``, game ``seed``) is saved where it came
    from, in its format.  A new record's tags name the event and the seats as the table
    shows them (``seats``, clockwise from seat 0), so a replay names them too."""

    def __init__(self, record_dir: Path, record_file: Path | None = None, seed: int = 0,
                 seats: tuple[str, ...] = (), event: str = "fivehundred terminal game",
                 opponents: str | None = None) -> None:
        self.record_dir = record_dir
        self.new_tags: tuple[tuple[str, str], ...] = (("Event", event),)
        if seats:
            self.new_tags += (("Seats", ",".join(seats)),)
        if opponents is not None:      # (what a resumed game plays against again)
            self.new_tags += (("Opponents", opponents),)
        self.saved: dict[int, Path] = {}       # game seed -> the record file written for it
        #: a resumed game is saved where it came from, in its format: the JSON records'
        #: files (read once, here), written as JSON again
        text = saved_text(record_file) if record_file is not None else ""
        self.json_files = {record_file} if record_file is not None and is_json(text) else set()
        #: a resumed record's own tags (its event, players, date...), written back with it;
        #: the seed and the result are the game's own, written afresh
        self.tags: dict[Path, tuple[tuple[str, str], ...]] = {}
        if record_file is not None:
            self.saved[seed] = record_file
            kept = kept_tags(text)
            if opponents is not None:   # (those it goes on against, said or not before)
                kept = (*[(k, v) for k, v in kept if k != "Opponents"],
                        ("Opponents", opponents))
            self.tags[record_file] = kept

    def path(self, seed: int, started: datetime) -> Path:
        """The file for game ``seed``, started at ``started``: the one written for it
        before, else a new name in ``record_dir``."""
        path = self.saved.get(seed)
        if path is None:
            path = self.record_dir / record_name(started)
            k = 1
            while path.exists():       # never overwrite a file this table did not write
                path = self.record_dir / record_name(started, k)
                k += 1
        return path

    def write(self, game: Game, path: Path) -> None:
        """Write ``game``'s record to ``path`` and remember it (OSError if it cannot)."""
        record = record_from_game(game, self.tags.get(path, self.new_tags))
        # a resumed JSON record is kept JSON; the file is replaced whole, never left half
        # written (a full disk must not cost the game saved before)
        text = dumps_json(record) if path in self.json_files else dumps(record)
        write_whole(path, text)
        self.saved[game.seed] = path

    def goodbye(self, seed: int) -> str:
        """The terminal games' last line: the game's seed (which replays it), and where its
        record is if it was saved (kept up to date at every hand's end)."""
        path = self.saved.get(seed)
        kept = f"; its record, every hand finished, is in {path}" if path is not None else ""
        return f"Goodbye. (This game's seed was {seed}{kept}.)"


def not_saved(path: Path, e: OSError) -> str:
    """A record that could not be written, said of its own file (the error names the
    temporary file it is first written to).

    >>> not_saved(Path("g.fhr"), FileNotFoundError(2, "No such file or directory", "g.x.tmp"))
    'Could not save the record to g.fhr: No such file or directory'
    """
    return f"Could not save the record to {path}: {e.strerror or e}"


def kept_tags(text: str) -> tuple[tuple[str, str], ...]:
    """The tags of a record's text to write back when the game goes on: all but ``Seed``
    and ``Result`` (none if the text does not read as a record)."""
    try:
        rec = parse_record(text)
    except FiveHundredError:
        return ()
    return tuple((k, v) for k, v in rec.tags if k not in ("Seed", "Result"))


def saved_text(path: Path) -> str:
    """The record file already there ("" if none or unreadable)."""
    try:
        return read_text(str(path)) if path.exists() else ""
    except FiveHundredError:
        return ""


#: The ``Event`` of the terminal tables' records, which name their player's seat South.
TABLE_EVENTS = ("fivehundred terminal game", "fivehundred text game")
#: The opponents' strengths a table plays against (the ``Opponents`` tag's values): the
#: built-in bots a table seats, as the bots' catalog lists them.
TABLE_BOTS = catalog.TABLE_BOTS


class Resumed(NamedTuple):
    """A game taken up from its record: where its player sits and what he plays against."""

    game: Game
    seat: int
    bots: str


def resumed_game(path: str, seat: int | None = None, bots: str | None = None) -> Resumed:
    """The game of the record at ``path`` (saved by a table), replayed to where it stands, to
    go on with from the player's seat against his opponents: the seat a terminal table's
    record (``TABLE_EVENTS``) names South in its ``Seats``, which ``seat`` (``--seat``) may
    name again but not change, since the names are given from it (else ``seat``, else 0);
    ``bots`` (``--bots``), else its ``Opponents`` tag, else medium.

    FiveHundredError saying why not: unreadable (missing, not UTF-8: in ``read_text``'s
    words, as replay says it), not a record, a bad action, a game already over, opponents no
    table has (unless ``bots`` replaces them), or another ``seat`` than the player's."""
    text = read_text(path)
    try:
        rec = parse_record(text, replaying=True)
        game = replay(rec)
    except FiveHundredError as e:
        raise FiveHundredError(f"cannot resume {path}: {e}") from None
    if game.phase == "game_over":
        raise FiveHundredError(f"the game in {path} is over; nothing to resume")
    tags = dict(rec.tags)
    names = [n.strip() for n in tags.get("Seats", "").split(",")]
    if (tags.get("Event") in TABLE_EVENTS and len(names) == game.rules.players
            and names.count("South") == 1):
        sat = names.index("South")
        if seat is not None and seat != sat:
            raise FiveHundredError(f"--seat {seat} cannot go with --resume: you sat at seat "
                                   f"{sat} (South) in {path}")
        seat = sat
    played = tags.get("Opponents")
    if bots is None and played is not None and played not in TABLE_BOTS:   # (--bots: unused)
        own = (f"; a bot of your own is not imported from a record: give it again, "
               f"--bots {played}" if ":" in played else "")
        raise FiveHundredError(f"cannot resume {path}: its Opponents tag, {played!r}, is not "
                               f"a strength ({', '.join(TABLE_BOTS)}){own}")
    return Resumed(game, 0 if seat is None else seat, bots or played or "medium")
