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

import os
import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TextIO

from ..actions import readable
from ..cards import (
    JOKER,
    NO_TRUMPS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    card_from_token,
)
from ..tricks import TABLES, sort_tokens, suit_order

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


def colour_wanted(out: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether the text game writes red suits in red on ``out``: never where ``NO_COLOR`` is
    set and not empty (https://no-color.org), always where ``FORCE_COLOR`` is, never where
    ``TERM`` is ``dumb``, else only on a terminal (a file or a pipe gets no escape codes).

    >>> import io
    >>> colour_wanted(io.StringIO(), {"FORCE_COLOR": "1"}), colour_wanted(io.StringIO(), {})
    (True, False)
    >>> colour_wanted(io.StringIO(), {"NO_COLOR": "1", "FORCE_COLOR": "1"})
    False
    """
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(out, "isatty", None)
    return bool(isatty()) if callable(isatty) else False


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


def hand_groups(hand: Iterable[str], strain: int,
                colour: bool = False) -> list[tuple[int, list[str]]]:
    """A hand grouped by effective suit under ``strain`` (4: no trumps, misère, no contract yet),
    in :func:`~fivehundred.tricks.sort_tokens`' order.

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


def columns(text: str) -> int:
    """Columns a text takes on screen (colour codes take none)."""
    return len(_ANSI.sub("", text))


#: The width the text game writes within (an 80-column terminal, a margin kept).
WIDTH = 78


def wrap_items(head: str, items: Sequence[str], width: int = WIDTH) -> list[str]:
    """``head`` and the items joined by commas, wrapped between items, indented under head.

    >>> wrap_items("Legal: ", ["pass", "call 10♥", "7NT"], width=20)
    ['Legal: pass,', '       call 10♥, 7NT']
    """
    pieces = [item + ("," if i < len(items) - 1 else "") for i, item in enumerate(items)]
    return _pack(head, pieces, width, 7)


def _pack(head: str, pieces: Sequence[str], width: int, indent: int) -> list[str]:
    """``head`` then the pieces, a space between them, a new line (``indent`` columns in)
    begun before a piece that would go past ``width``: a piece is never split."""
    lines: list[str] = []
    line = head
    pad = " " * indent
    for piece in pieces:
        if line not in (head, pad) and columns(line) + 1 + columns(piece.lstrip()) > width:
            lines.append(line.rstrip())
            line = pad
        line += piece.lstrip() if line in (head, pad) else " " + piece
    lines.append(line.rstrip())
    return lines


#: A space before a card (``West A♣``, ``the 10♥``, a red card's colour code between): kept,
#: so a wrapped line never parts a seat from its card.
_BEFORE_CARD = re.compile(r" (?=(?:\x1b\[[0-9;]*m)?(?:(?:10|1[1-3]|[2-9AKQJ])[♠♣♦♥]|JK\b))")
#: What such a space is while a line is wrapped.
_GLUE = "\x00"
#: The farthest a line of entries' continuation is indented under its head ("Scores: ").
_MOST_INDENT = 20


def fit(line: str, width: int = WIDTH) -> list[str]:
    """A line of the screen as lines within ``width`` columns (the terminal's own wrapping
    broke rows of entries mid-name).  Entries joined by `` · `` (scores, a trick, a round of
    bids, the contract) are broken only between entries, each whole, the `` ·`` kept at the
    line's end and the lines after indented under the first entry (past ``Scores: ``, or two
    columns past the line's own indent); other text between words, with a card never parted
    from the word before it and the lines after two columns in.

    >>> fit("Scores: You & North 0 · South-West & North-East 20 · North-West & South-East 0",
    ...     width=60)
    ['Scores: You & North 0 · South-West & North-East 20 ·', '        North-West & South-East 0']
    >>> fit("The cut: you 5♠, North-West A♣, East 10♥: North-West deals (the lowest card deals)",
    ...     width=40)
    ['The cut: you 5♠, North-West A♣,', '  East 10♥: North-West deals (the lowest', '  card deals)']
    """
    if columns(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    if " · " in line:
        entries = line[lead:].split(" · ")
        head, colon, _ = entries[0].partition(": ")
        indent = len(head) + 2 if colon and not lead and len(head) + 2 <= _MOST_INDENT \
            else lead + 2
        pieces = [e + " ·" for e in entries[:-1]] + entries[-1:]
        return _pack(" " * lead, pieces, width, indent)
    wrapped = textwrap.wrap(_BEFORE_CARD.sub(_GLUE, line), width,
                            subsequent_indent=" " * (lead + 2), break_long_words=False,
                            break_on_hyphens=False)
    return [x.replace(_GLUE, " ") for x in wrapped] or [line]


#: A row of the every-card review: ``  trick  3  `` then the trick's plays, comma-separated.
_TRICK_ROW = re.compile(r"^ +trick +\d+  +")
#: A label that opens a line (``Hint: ``, ``Not a card: ``, ``Tricks given away: ``): a
#: sentence's first words, capitalised, with no comma, bracket or number among them.
_LABEL = re.compile(r"^ *[A-Z][A-Za-z' -]*: ")


def screen_lines(text: str, width: int = WIDTH) -> list[str]:
    """Each line of ``text`` within ``width`` columns, as the text game prints everything it
    says (lines past 80 columns were wrapped by the terminal, at column 0).  A line that fits
    is kept as it is (a help's rows, a hand, a score sheet's rows, already laid out); a row of
    entries (:func:`fit`) is broken between entries; a row of the every-card review between
    plays, under its first play; other text between words, the lines after indented under
    its label (``Hint: ``, ``Not a card: ``) where it has one, else two columns in.  A line
    that no wrapping would fit (a word wider than the screen: a long file's path) is left
    whole, for the terminal to break.

    >>> screen_lines("Not a card: 'zz' (cards look like AS, 10H, JK; ? for help)", width=40)
    ["Not a card: 'zz' (cards look like AS,", '            10H, JK; ? for help)']
    >>> screen_lines("  trick  4  East 9♥ 4 (gave 1; best 5♣), You A♥ 5, West JK 5", width=40)
    ['  trick  4  East 9♥ 4 (gave 1; best 5♣),', '            You A♥ 5, West JK 5']
    """
    lines: list[str] = []
    for line in text.split("\n"):
        wrapped = _wrapped(line, width)
        lines += wrapped if all(columns(x) <= width for x in wrapped) else [line]
    return lines


def _wrapped(line: str, width: int) -> list[str]:
    """One line of :func:`screen_lines` wrapped (a word, a file's path, may still be wider
    than ``width``: the line is then left whole)."""
    row = _TRICK_ROW.match(line)
    label = _LABEL.match(line)
    if columns(line) <= width or " · " in line:
        return fit(line, width)
    if row is not None:
        plays = line[row.end():].split(", ")
        return _pack(row.group(), [p + "," for p in plays[:-1]] + plays[-1:], width, row.end())
    if label is not None and label.end() <= _MOST_INDENT:
        wrapped = textwrap.wrap(_BEFORE_CARD.sub(_GLUE, line[label.end():]), width,
                                initial_indent=label.group(), subsequent_indent=" " * label.end(),
                                break_long_words=False, break_on_hyphens=False)
        return [x.replace(_GLUE, " ") for x in wrapped] or [line]
    return fit(line, width)


def help_rows(rows: Iterable[tuple[str, str]], width: int = WIDTH) -> list[str]:
    """A help's rows: each word to type, then what it does wrapped in the column after it,
    the lines after indented under that column (as the terminal would not).

    >>> help_rows([("undo", "take back your last card, bid or discard")], width=32)
    ['  undo     take back your last', '           card, bid or discard']
    """
    out: list[str] = []
    for word, what in rows:
        out += textwrap.wrap(what, width, initial_indent=f"  {word:<8} ",
                             subsequent_indent=" " * 11, break_long_words=False,
                             break_on_hyphens=False)
    return out


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
