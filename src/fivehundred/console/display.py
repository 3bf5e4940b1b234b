"""How the terminal game writes cards, hands, seats and lines of text.

>>> pretty("10H"), pretty("JK:D"), pretty("7NT"), pretty("pass"), pretty("call QS")
('10♥', 'JK:♦', '7NT', 'pass', 'call Q♠')
>>> "6♥\ufe0f 10♠\ufe0e".translate(TO_LETTER)
'6H 10S'
>>> pretty("misere"), pretty("open-misere")
('misère', 'open misère')
>>> seat_names(4, 0)
('South', 'West', 'North', 'East')
>>> [" ".join(cards) for _, cards in hand_groups(["AH", "5S", "JD", "JK", "JH", "KD"], 3)]
['JK J♥ J♦ A♥', 'K♦', '5♠']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..actions import readable
from ..cards import (
    JOKER,
    NO_TRUMPS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    card_from_token,
)
from ..tricks import TABLES

_COMPASS: dict[int, tuple[str, ...]] = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "North-West", "North-East", "East"),
    6: ("South", "South-West", "North-West", "North", "North-East", "South-East"),
}

#: What a line typed is read through: suit symbols as letters, and the variation selectors
#: dropped that emoji pickers (macOS, phones) type after a symbol (``6♥`` + U+FE0F is 6H).
TO_LETTER = str.maketrans({**{sym: letter for sym, letter in zip(SUIT_SYMBOLS, SUIT_LETTERS,
                                                                   strict=True)},
                           "\ufe0f": None, "\ufe0e": None})
_RED = "\x1b[31m"
_RESET = "\x1b[0m"

# Suits shown alternating in colour: spades, hearts, clubs, diamonds (a cycle, trumps first).
_CYCLE = (0, 3, 1, 2)


def seat_names(players: int, you: int) -> tuple[str, ...]:
    """Compass names of the seats, clockwise from yours (you sit South)."""
    compass = _COMPASS[players]
    return tuple(compass[(s - you) % players] for s in range(players))


def pretty(tok: str, colour: bool = False) -> str:
    """An action token as people read it (:func:`~fivehundred.actions.readable`: ``10H`` ->
    ``10♥``, ``open-misere`` -> ``open misère``), red suits coloured if asked."""
    text = readable(tok)
    if colour and text[-1:] in ("♦", "♥"):
        head, card = ("call ", text[5:]) if text.startswith("call ") else ("", text)
        return f"{head}{_RED}{card}{_RESET}"
    return text


def _card_of(tok: str) -> int:
    """The card of a card token or a named joker lead (``JK:H``)."""
    return JOKER if tok.startswith("JK") else card_from_token(tok)


def suit_order(strain: int) -> tuple[int, ...]:
    """Effective suits in display order: trumps (or the no-trump joker) first, colours alternate."""
    if strain == NO_TRUMPS:
        return (NO_TRUMPS, *_CYCLE)
    i = _CYCLE.index(strain)
    return _CYCLE[i:] + _CYCLE[:i]


def sort_tokens(tokens: Iterable[str], strain: int) -> list[str]:
    """Card tokens in display order under a strain: by effective suit, then high to low; the
    joker's leads by the suit they name in the bidding's order (♠ ♣ ♦ ♥).

    >>> sort_tokens(["JK:H", "AS", "JK:C", "JK:S", "JK:D"], 4)
    ['JK:S', 'JK:C', 'JK:D', 'JK:H', 'AS']
    """
    t = TABLES[strain]
    order = {s: i for i, s in enumerate(suit_order(strain))}

    def key(tok: str) -> tuple[int, int, int, str]:
        c = _card_of(tok)
        named = "SCDH".find(tok[3:]) if tok.startswith("JK:") else -1
        return (order[t.eff_suit[c]], -t.power[c], named, tok)

    return sorted(tokens, key=key)


def hand_groups(hand: Iterable[str], strain: int,
                colour: bool = False) -> list[tuple[int, list[str]]]:
    """A hand grouped by effective suit under ``strain`` (4: no trumps, misère, no contract yet).

    Trumps come first with the joker and both bowers in trump order; at no trumps the joker
    (the only trump) comes first on its own.  Returns (effective suit, shown cards) pairs.
    """
    t = TABLES[strain]
    groups: dict[int, list[str]] = {}
    for tok in sort_tokens(hand, strain):
        groups.setdefault(t.eff_suit[_card_of(tok)], []).append(pretty(tok, colour))
    return [(s, groups[s]) for s in suit_order(strain) if s in groups]


def _group_label(suit: int, strain: int) -> str:
    if suit == NO_TRUMPS:
        return "joker"
    if suit == strain:
        return f"{SUIT_SYMBOLS[suit]} trumps"
    return SUIT_SYMBOLS[suit]


def hand_lines(hand: Iterable[str], strain: int, colour: bool = False) -> list[str]:
    """The lines showing a hand grouped by suit (see :func:`hand_groups`)."""
    return [f"  {_group_label(s, strain):<9} {' '.join(cs)}"
            for s, cs in hand_groups(hand, strain, colour)]


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _width(text: str) -> int:
    """Columns a text takes on screen (colour codes take none)."""
    return len(_ANSI.sub("", text))


def wrap_items(head: str, items: Sequence[str], width: int = 78) -> list[str]:
    """``head`` and the items joined by commas, wrapped between items, indented under head.

    >>> wrap_items("Legal: ", ["pass", "call 10♥", "7NT"], width=20)
    ['Legal: pass,', '       call 10♥, 7NT']
    """
    lines: list[str] = []
    line = head
    indent = " " * 7
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if line not in (head, indent) and _width(line) + 1 + _width(piece) > width:
            lines.append(line.rstrip())
            line = indent
        line += piece if line in (head, indent) else " " + piece
    lines.append(line.rstrip())
    return lines


#: The most characters of a line typed that a refusal repeats.
_ECHO = 30


def echo(text: str) -> str:
    """A line typed, quoted for a refusal: cut short if long.

    >>> echo("again"), echo("x" * 40)
    ("'again'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (40 characters)")
    """
    return repr(text) if len(text) <= _ECHO else repr(text[:_ECHO]) + f"… ({len(text)} characters)"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def trick_count(n: int) -> str:
    """``n`` tricks in words: "1 trick", "3 tricks" (the sheets, the reviews).

    >>> trick_count(1), trick_count(3)
    ('1 trick', '3 tricks')
    """
    return f"{n} trick{'s' if n != 1 else ''}"
