"""What a player's name looks like in Latin letters, so that two names that look the same are
one name: "\\u03a5\\u03bf\\u03c5" (Greek letters) is "You" on every page.

A name may not mix Latin, Greek and Cyrillic letters (:func:`.seats.mixed_scripts`), but one
written wholly in another script can still look Latin; Unicode's table of confusable
characters (UTS #39, from the ``confusable_homoglyphs`` package) says which letter each looks
like. Genuine Greek or Cyrillic names stay names: this only decides what they are compared
by.

>>> look("\\u03a5\\u03bf\\u03c5"), look("\\u0397\\u03bfst"), look("\\u0405\\u0435rg\\u0435\\u0443")
('You', 'Host', 'Sergey')
>>> look("Zoë"), look("安")
('Zoë', '安')
"""

from __future__ import annotations

from functools import cache

from confusable_homoglyphs import categories, confusables  # type: ignore[import-untyped]

_LATIN = ("LATIN", "COMMON")
"""The scripts a name is compared in: Latin letters, and the digits and signs all share."""


def _latin(text: str) -> bool:
    """Whether every character of ``text`` is of :data:`_LATIN`."""
    return all(categories.alias(ch) in _LATIN for ch in text)


@cache
def _looks_like(ch: str) -> str:
    """The Latin character(s) ``ch`` looks like (UTS #39), or ``ch`` if it looks like none,
    or is Latin already (the table's Latin look-alikes, l for I, are not merged: a Latin
    name is compared as it is written)."""
    if _latin(ch):
        return ch
    for glyph in confusables.confusables_data.get(ch, ()):
        if _latin(glyph["c"]):
            return str(glyph["c"])
    return ch


def look(name: str) -> str:
    """``name`` with each letter of another script that looks Latin written as the Latin it
    looks like (see the module's examples)."""
    return "".join(_looks_like(ch) for ch in name)
