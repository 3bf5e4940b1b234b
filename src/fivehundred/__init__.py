"""fivehundred: the card game Five Hundred (500) for 2 to 6 players, every rule and variant.

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=7)
>>> g.phase, len(g.legal_actions()) > 1
('auction', True)
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False   # (typing.TYPE_CHECKING without importing typing: it is read by name)
if TYPE_CHECKING:
    from typing import Any

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

_HOMES = {
    "Contract": "auction", "DealError": "errors", "FiveHundredError": "errors",
    "IllegalActionError": "errors", "MalformedError": "errors", "RecordError": "errors",
    "RulesError": "errors", "SeatError": "errors", "Deal": "game", "Game": "game",
    "HandResult": "game", "Trick": "game", "PRESET_NAMES": "rules", "Rules": "rules",
    "View": "view",
}
"""Where each name the package offers lives: each is imported when first asked for
(:func:`__getattr__`): the package itself loads nothing, so the command is inside its own
Ctrl-C handling before anything else loads (:mod:`.launch`)."""


if not TYPE_CHECKING:    # (a type checker sees the imports above, and flags a name not one)
    def __getattr__(name: str) -> Any:
        """The package's names, imported from their modules when first asked for (PEP 562)."""
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module 'fivehundred' has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{home}", __name__), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The package's names, those not yet imported too (a REPL's completion lists them)."""
    return sorted(set(globals()) | set(__all__))


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
