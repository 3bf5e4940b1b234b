"""The table's record files (which file, which format), kept apart from the screen in app.py."""

from __future__ import annotations

from pathlib import Path

from ..clitools import write_whole
from ..errors import FiveHundredError
from ..game import Game
from ..record import dumps, dumps_json, record_from_game
from ..record.files import is_json, read_text


class RecordFiles:
    """Where one table saves its games' records: ``saved`` maps a game's seed to the file
    written for it, a new file goes in ``record_dir``, and a resumed game (``record_file``,
    game ``seed``) is saved where it came from, in its format."""

    def __init__(self, record_dir: Path, record_file: Path | None = None, seed: int = 0) -> None:
        self.record_dir = record_dir
        self.saved: dict[int, Path] = {}       # game seed -> the record file written for it
        #: a resumed game is saved where it came from, in its format: the JSON records'
        #: files (read once, here), written as JSON again
        self.json_files = ({record_file} if record_file is not None
                           and is_json(saved_text(record_file)) else set())
        if record_file is not None:
            self.saved[seed] = record_file

    def path(self, seed: int) -> Path:
        """The file for game ``seed``: the one written for it before, else a new name in
        ``record_dir``."""
        path = self.saved.get(seed)
        if path is None:
            path = self.record_dir / f"fivehundred-{seed}.fhr"
            k = 1
            while path.exists():       # never overwrite a file this table did not write
                path = self.record_dir / f"fivehundred-{seed}-{k}.fhr"
                k += 1
        return path

    def write(self, game: Game, path: Path) -> None:
        """Write ``game``'s record to ``path`` and remember it (OSError if it cannot)."""
        record = record_from_game(game)
        # a resumed JSON record is kept JSON; the file is replaced whole, never left half
        # written (a full disk must not cost the game saved before)
        text = dumps_json(record) if path in self.json_files else dumps(record)
        write_whole(path, text)
        self.saved[game.seed] = path


def saved_text(path: Path) -> str:
    """The record file already there ("" if none or unreadable)."""
    try:
        return read_text(str(path)) if path.exists() else ""
    except FiveHundredError:
        return ""
