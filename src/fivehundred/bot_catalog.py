"""The built-in bots, listed once: each one's name, the module that registers it, the words
people see, whether a table seats it and whether it is a strength of the lobby's ladder.

Every other list of them is drawn from this one: ``_load_all`` imports the modules (``make``
only the one of the bot it makes: Hard's loads the solver, which Easy never needs), the
tables' ``--bots`` choices and the ``Opponents`` a record may name (``TABLE_BOTS``), the
arena's bot names and help (``BOT_NAMES``), the browser lobby's strengths (``LADDER``,
weakest first: the order also gives a partner his strength).  It imports nothing, and lies
outside the ``bots`` package (whose ``__init__`` loads the bot protocol and the View), so the
command line and the text game read it without loading a bot or the solver.  Adding a bot:
write its module in ``bots/`` (one that calls :func:`~fivehundred.bots.base.register`), then
add its line here.

>>> LADDER
('easy', 'medium', 'hard', 'insane')
>>> "cheater" in BOT_NAMES, "cheater" in TABLE_BOTS, words("hard")
(True, False, 'Hard')
"""

from __future__ import annotations

from typing import NamedTuple


class BuiltIn(NamedTuple):
    """One built-in bot, as the front ends list it."""

    name: str
    """Its registered name (what ``make``, ``--bots``, ``--a`` and a record's ``Opponents``
    say)."""
    module: str
    """The module of ``fivehundred.bots`` that registers it."""
    words: str
    """How people see it named (the browser's strength, "Easy")."""
    table: bool
    """Whether a table seats it (not one that sees every card)."""
    ladder: bool
    """Whether it is a strength of the lobby's ladder."""
    note: str = ""
    """What a list of names says beside it (a bot no table seats: why)."""


BUILT_IN: tuple[BuiltIn, ...] = (
    BuiltIn("random", "random_bot", "Random", True, False),
    BuiltIn("random_low", "random_bot", "Random (low bids)", True, False),
    BuiltIn("easy", "easy", "Easy", True, True),
    BuiltIn("medium", "medium", "Medium", True, True),
    BuiltIn("hard", "pimc", "Hard", True, True),
    BuiltIn("insane", "pimc", "Insane", True, True),
    BuiltIn("cheater", "pimc", "Cheater", False, False,
            "sees every card: for measurement"),
)
"""Every built-in bot, the weakest first (the ladder's order is this order)."""

BOT_NAMES: tuple[str, ...] = tuple(b.name for b in BUILT_IN)
"""Every built-in bot's name."""
TABLE_BOTS: tuple[str, ...] = tuple(b.name for b in BUILT_IN if b.table)
"""The bots a table seats: its ``--bots`` choices, the ``Opponents`` its records name."""
LADDER: tuple[str, ...] = tuple(b.name for b in BUILT_IN if b.ladder)
"""The browser lobby's strengths, the weakest first."""
MODULES: tuple[str, ...] = tuple(dict.fromkeys(b.module for b in BUILT_IN))
"""The modules that register the built-in bots, each once."""


def words(name: str) -> str:
    """How people see the built-in bot ``name`` named (a bot not built in: its name, with a
    capital)."""
    for b in BUILT_IN:
        if b.name == name:
            return b.words
    return name.capitalize()


def names_in_words() -> str:
    """The built-in bots' names as a help text lists them: those a table seats, then the
    others with their notes ("random, easy, ..., or cheater (sees every card: ...)")."""
    seated = [b.name for b in BUILT_IN if b.table]
    others = [f"{b.name} ({b.note})" if b.note else b.name for b in BUILT_IN if not b.table]
    if not others:
        return ", ".join(seated)
    return f"{', '.join(seated)}, or {', or '.join(others)}"
