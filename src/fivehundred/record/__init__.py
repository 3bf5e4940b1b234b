"""Game records: a PGN/PBN-like text form (``.fhr``) and JSON; read, write, replay.

A record holds the rules, tag pairs and every hand: the deal, the auction, the discards, the
partner call, the play and the result.  A record may also hold only what one seat saw (its
``viewpoint``), for research data sets.  docs/records.md describes both formats.

``dump``/``load`` (and ``dump_json``/``load_json``) take an open text file; for a path,
``read_text(path)`` reads a record file's text (UTF-8, a byte-order mark dropped, a clear
RecordError if it cannot be read) and ``parse_record(text)`` reads either form.

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=7)
>>> for tok in ("pass", "pass", "pass", "pass"):  # all pass: the hand is thrown in
...     g.apply(tok)
>>> rec = record_from_game(g, tags={"Seats": "N,E,S,W"})
>>> text = dumps(rec)
>>> print(text[text.index("Auction"):], end="")
Auction 0:pass 1:pass 2:pass 3:pass
Result all pass; tricks 0 0 0 0; points 0 0; totals 0 0
>>> loads(text) == rec and dumps(loads(text)) == text
True
>>> loads_json(dumps_json(rec)) == rec
True
>>> replay(rec).scores
(0, 0)
"""

from .build import record_from_game
from .files import parse_record, read_text
from .jsonfmt import dump_json, dumps_json, load_json, loads_json, to_json_object
from .model import (
    HIDDEN,
    GameRecord,
    HandOutcome,
    HandRecord,
    Layout,
    RecordProblem,
    RecordSource,
    TrickRecord,
    sort_cards,
)
from .replay import replay, replay_main, replay_warnings, report
from .text import dump, dumps, load, loads

__all__ = [
    "HIDDEN",
    "GameRecord",
    "HandOutcome",
    "HandRecord",
    "Layout",
    "RecordProblem",
    "RecordSource",
    "TrickRecord",
    "dump",
    "dump_json",
    "dumps",
    "dumps_json",
    "load",
    "load_json",
    "loads",
    "loads_json",
    "parse_record",
    "read_text",
    "record_from_game",
    "replay",
    "replay_main",
    "replay_warnings",
    "report",
    "sort_cards",
    "to_json_object",
]
