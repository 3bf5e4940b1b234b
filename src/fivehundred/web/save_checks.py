"""The checks of a saved table as it is read back, in words for whoever edited the save by
hand: its format, the fields every save has (each named in words when missing), and its
actions replayed, one that does not replay placed by hand, action and seat.

:meth:`.table.Table.from_json` runs them; a damaged save is reported and kept, never
overwritten (:mod:`.store`).
"""

from __future__ import annotations

import re
from typing import Any

from .. import __version__
from ..errors import FiveHundredError, shown
from ..game import Game
from .seats import Seat, TableError, saved_field

TABLE_FIELDS = (("id", "id"), ("rules", "rules"), ("seats", "seats"),
                ("seed", "seed for its deals"), ("strength", "strength for its bots"),
                ("friends", "word on whether friends play"),
                ("hands", "actions of its hands"),
                ("counted_hands", "count of the hands its statistics counted"),
                ("counted_game", "word on whether its statistics counted the game"))
"""A saved table's fields that every save has, each with what it holds in words (those
saves lacked before they were kept are read with :meth:`dict.get`)."""

PRACTICE_FIELDS = (("table", "game's table"), ("hand", "hand of the game"),
                   ("seat", "seat that practises"), ("token", "link back to the game"))
"""A practice table's saved ``practice`` fields (:class:`.practice.Practice`), in words."""

_TO = {"auction": "bid", "kitty": "discard", "call": "call a partner", "play": "play"}
"""What the seat to move does in each phase of a hand, in words."""

_STOPS = {"auction": "in its auction", "kitty": "at its discard",
          "call": "at its call of a partner", "play": "in its play"}
"""Where a hand stops in each phase, in words."""


def check_format(d: dict[str, Any], current: int) -> None:
    """TableError ``damaged`` unless the save is of table format ``current`` (this
    program's), saying so of a newer one: a newer fivehundred may have written it (not
    damaged, then, but unreadable here)."""
    fmt = saved_field(d, "format", "the save", "table format")
    if fmt == current and type(fmt) is int:
        return
    if type(fmt) is int and fmt > current:
        raise TableError("damaged", f"the save is of table format {fmt}, and this fivehundred "
                                    f"({__version__}) reads format {current}: a newer version "
                                    "of fivehundred may have written it")
    raise TableError("damaged", f"saved table format {shown(fmt)} is not {current}, the one "
                                "this fivehundred reads")


def replayed(game: Game, hands: list[list[str]], seats: list[Seat]) -> None:
    """Replay a save's ``hands`` of actions on ``game``; TableError ``damaged`` saying where
    one does not replay: which hand and action, whose seat (by number and name: "named
    'You'", the solo seat's own, read as the editor himself when bare) and what it
    was to do, and the engine's reason with that seat for its "you" (a save is read by
    nobody at the table: ``you do not hold AS`` meant no one)."""
    failed = "the saved game could not be replayed: "
    for i, actions in enumerate(hands):
        if i:
            if game.phase == "game_over":
                raise TableError("damaged", f"{failed}hand {i + 1} begins after the game is "
                                            "over")
            if game.phase != "hand_over":
                raise TableError("damaged", f"{failed}hand {i + 1} begins before hand {i} is "
                                            f"over (hand {i} stops {_STOPS[game.phase]})")
            game.next_hand()
        for n, a in enumerate(actions):
            seat = game.to_move
            where = f"hand {i + 1}, action {n + 1}"
            if seat is None:
                over = "game" if game.phase == "game_over" else "hand"
                raise TableError("damaged", f"{failed}{where}: {shown(a)} comes after the "
                                            f"{over} is over")
            try:
                game.apply(a)
            except FiveHundredError as e:
                named = shown(seats[seat].name)
                raise TableError("damaged", f"{failed}{where}, seat {seat} (named {named}) "
                                            f"to {_TO[game.phase]}: "
                                            f"{_seat_words(str(e), seat)}") from None


_YOU = ((r"\byou do not\b", "{} does not"), (r"\byou have\b", "{} has"),
        (r"\byou hold\b", "{} holds"), (r"\byou cannot\b", "{} cannot"), (r" yourself\b", ""),
        (r"\byou\b", "{}"))
"""The engine's words to the seat to move, and each in the third person ({}: the seat)."""


def _seat_words(text: str, seat: int) -> str:
    """The engine's reason for refusing an action, said of ``seat`` instead of "you".

    >>> _seat_words("must follow spades: you hold AS", 2)
    'must follow spades: seat 2 holds AS'
    >>> _seat_words("you hold or discarded JH yourself", 1)
    'seat 1 holds or discarded JH'
    """
    for pattern, words in _YOU:
        text = re.sub(pattern, words.format(f"seat {seat}"), text)
    return text
