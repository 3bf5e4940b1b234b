"""fivehundred: the card game Five Hundred (500) for 2 to 6 players, every rule and variant.

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=7)
>>> g.phase, len(g.legal_actions()) > 1
('auction', True)
"""

from .auction import Contract
from .errors import (
    DealError,
    FiveHundredError,
    IllegalActionError,
    MalformedError,
    RecordError,
    RulesError,
    SeatError,
)
from .game import Deal, Game, HandResult, Trick
from .rules import PRESET_NAMES, Rules
from .view import View

__version__ = "0.1.0"
"""The package's version, written only here: pyproject.toml reads it (``dynamic``)."""

__all__ = [
    "PRESET_NAMES",
    "Contract",
    "Deal",
    "DealError",
    "FiveHundredError",
    "Game",
    "HandResult",
    "IllegalActionError",
    "MalformedError",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatError",
    "Trick",
    "View",
    "__version__",
]
