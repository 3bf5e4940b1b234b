"""Who sits at a table of the browser game: a seat (a human by a secret link, or a bot), the
checks on a player's name and id, each bot's seed, and the error a refused message raises.

Split out of :mod:`.table`, which holds the game and every check on a seat's move: these are
the pieces that know only a seat, never the game.

>>> s = Seat(1, "West", "bot", "medium", "t0k3n", open_to_friend=True)
>>> Seat.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..errors import FiveHundredError, shown, shown_json
from ..options import STRENGTHS
from ..record.model import breaks_lines, lone_surrogate
from ..rng import derive_seed
from .lookalike import look


class TableError(FiveHundredError):
    """A seat's message was refused; ``code`` says what kind of fault (see docs/protocol.md);
    ``said`` holds fields the error message carries besides (a ``no_review``'s hand)."""

    def __init__(self, code: str, message: str, said: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.said = dict(said or {})


@dataclass
class Seat:
    """Who sits in one seat: a human (by a secret link) or a bot of some strength."""

    seat: int
    name: str
    kind: str              # "human" or "bot"
    strength: str | None   # the bot's strength (also kept for a friend's seat, to fall back on)
    token: str
    open_to_friend: bool = False
    """Serve mode: this seat's link was offered; it turns human when someone opens it."""
    key: str | None = None
    """A friend's own secret, given to his browser when it first opens the seat's link (the
    invitation, ``token``): from then on only the key gives the seat, so the host, who passed
    the link on, cannot use it to read the seat's cards."""
    opens_at: int = 0
    """The hand (its number, from 0) from which the invitation may be opened: a new link
    (:meth:`Table.renew_invitation`), or one still unopened at START (:meth:`Table.start`),
    opens with the next deal, never on the hand in play."""
    opened: int = 0
    """How many of this seat's invitations were opened: the friend is told of those before
    his (someone sat there before him)."""
    player: str | None = None
    """Serving: the id of the browser that plays this seat (its own secret, never shown to
    anyone), under which the seat's hands and games count in the statistics."""

    def to_json(self) -> dict[str, Any]:
        """The seat's saved form (part of the table's, :meth:`.Table.to_json`)."""
        return {"seat": self.seat, "name": self.name, "kind": self.kind,
                "strength": self.strength, "token": self.token,
                "open_to_friend": self.open_to_friend, "key": self.key,
                "opens_at": self.opens_at, "opened": self.opened, "player": self.player}

    @classmethod
    def from_json(cls, s: object, number: int = 0) -> Seat:
        """A saved seat, the ``number``-th of its table's, checked: TableError ``damaged``
        naming a field missing (:func:`saved_field`), a kind that is neither human nor bot
        (the table waited on such a seat for ever), a name no rename could give; a value
        that is not one raises as it comes (:meth:`.Table.from_json` reports it as damage)."""
        where = f"seat {number} of the save"
        for name, what in _SEAT_FIELDS:
            saved_field(s, name, where, what)
        assert isinstance(s, dict)      # (saved_field checked it)
        kind = s["kind"]
        if kind not in KINDS:
            raise TableError("damaged", f"seat {number}: its kind is {shown(kind)}, not "
                                        f"{' or '.join(KINDS)}")
        return cls(int(s["seat"]), _saved_name(s), str(kind),
                   None if s["strength"] is None else saved_strength(s["strength"]),
                   str(s["token"]), bool(s["open_to_friend"]),
                   _key(s.get("key")),     # (saved before keys: none)
                   int(s.get("opens_at", 0)),
                   int(s.get("opened", s.get("key") is not None)),
                   _saved_player(s.get("player")))


KINDS = ("human", "bot")
"""Who may play a seat: a person (by its link) or a bot."""

_SEAT_FIELDS = (("seat", "number"), ("name", "name"), ("kind", "kind, human or bot"),
                ("strength", "strength for its bot"), ("token", "secret for its link"),
                ("open_to_friend", "word on whether its link was offered"))
"""A saved seat's fields that every save has, each with what it holds in words (those saves
lacked before they were kept are read with :meth:`dict.get`)."""


def saved_field(d: object, name: str, where: str, what: str) -> Any:
    """Field ``name`` of a saved object (``where``: "the save", "seat 1 of the save"); a
    field missing, or no object at all, is TableError ``damaged`` naming it in words
    (``what`` it holds), for whoever edited the save by hand: a bare ``KeyError: 'seats'``
    named a mapping's key.

    >>> saved_field({"seats": []}, "seats", "the save", "seats")
    []
    >>> saved_field({}, "rules", "the save", "rules")
    Traceback (most recent call last):
    ...
    fivehundred.web.seats.TableError: the save has no rules (its 'rules' field is missing)
    """
    if not isinstance(d, dict):
        raise TableError("damaged", f"{where} is not an object of its fields: {shown(d)}")
    if name not in d:
        raise TableError("damaged", f"{where} has no {what} (its {name!r} field is missing)")
    return d[name]


def secret_like(token: object) -> TypeGuard[str]:
    """Whether ``token`` can be compared with a seat's secrets (text of plain ASCII: the
    comparison refuses other text)."""
    return isinstance(token, str) and token.isascii()


def saved_strength(v: object) -> str:
    """A saved strength, checked: one of the built-in bots'.  The saves file is not
    trusted: a strength names the bot made for a seat, and a name ``module:name`` would
    import that module."""
    if isinstance(v, str) and v in STRENGTHS:
        return v
    raise TableError("damaged", f"a saved strength is one of {', '.join(STRENGTHS)}, "
                                f"got {v!r}")


def _key(v: object) -> str | None:
    """A saved seat's key, checked."""
    if v is not None and not isinstance(v, str):
        raise TableError("damaged", f"a seat's key is text, got {v!r}")
    return v


def bot_seed(table_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``, derived one way from the table's seed (the deal's)."""
    return derive_seed(table_seed, "bot", seat)


def partner_strength(strength: str) -> str:
    """The partner plays at least Hard (at Insane when the opponents are Insane)."""
    return strength if STRENGTHS.index(strength) >= STRENGTHS.index("hard") else "hard"


IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
             (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
             (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
             (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
             (0xE0000, 0xE0FFF))
"""Unicode's default-ignorable code points (DerivedCoreProperties): drawn as nothing, whatever
their category (the grapheme joiner U+034F, the Hangul fillers, variation selectors, tags)."""
BLANKS = {0x2800: " "}
"""Characters drawn as a space that are not spaces (the blank Braille pattern): spaces here,
before anything else (a joiner before one joins nothing)."""
KEYCAP_BASES = "#*0123456789\xa9\xae"
"""Characters below U+2000 that an emoji presentation selector (U+FE0F) makes emoji: the
keycaps' bases (1️⃣), © and ®."""


def invisible(ch: str) -> bool:
    """Whether ``ch`` is drawn as nothing: a format character (Cf) or a default-ignorable one.

    >>> [invisible(c) for c in ("a", "\u200b", "\u034f", "\u3164", "\ufe0f", " ")]
    [False, True, True, True, True, False]
    """
    if unicodedata.category(ch) == "Cf":
        return True
    n = ord(ch)
    return any(lo <= n <= hi for lo, hi in IGNORABLE)


def _pictograph(ch: str) -> bool:
    """An emoji-like symbol (or a skin-tone modifier), which joiners and variation selectors
    combine: 👨 ZWJ 👩, ❤ U+FE0F."""
    return ord(ch) >= 0x2000 and unicodedata.category(ch) in ("So", "Sk")


def _joined_letter(ch: str) -> bool:
    """A letter or mark of a script whose spelling uses the zero-width (non-)joiner: Hebrew
    on (Arabic and Persian, Syriac, the Indic scripts...), never Latin, Greek or Cyrillic."""
    return ord(ch) >= 0x0590 and unicodedata.category(ch)[0] in "LM"


def _kept(ch: str, before: list[str], after: str) -> bool:
    """Whether the invisible ``ch``, between the text kept ``before`` it and the character
    ``after`` it, does something: a joiner inside an emoji sequence or between two letters of
    a joining script, a variation selector on a symbol or ideograph, a tag of a flag."""
    if not before:              # (nothing before it to join, or to select a form of)
        return False
    last = before[-1]
    base = next((c for c in reversed(before) if not invisible(c)), "")
    if ch in "\u200c\u200d":
        return bool(after) and bool(base) and not invisible(after) and (
            (ch == "\u200d" and _pictograph(base) and _pictograph(after))
            or (_joined_letter(last) and _joined_letter(after)))
    if 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0100 <= ord(ch) <= 0xE01EF:
        # on a symbol or an ideograph; an emoji's on the keycaps' #, * and digits, © and ®
        return last == base and not last.isspace() and (
            ord(last) >= 0x2000 or (ch == "\ufe0f" and last in KEYCAP_BASES))
    if 0xE0020 <= ord(ch) <= 0xE007F:
        return last == "\U0001F3F4" or 0xE0020 <= ord(last or "\0") <= 0xE007F
    return False


def clean_name(name: str) -> str:
    """``name`` as a seat keeps it and shows it: its invisible characters dropped (format
    characters and default-ignorable ones: zero-width spaces, the bidi marks, embeddings,
    overrides and isolates, by which ``Ann\\u200b`` was a second "Ann" and ``\\u202eDan``
    turned the names after it round; the grapheme joiner, the Hangul fillers) but for those
    that do something there (:func:`_kept`: the joiners of 👨‍👩‍👧 and of a Persian name, an
    emoji's variation selector); in NFKC (a full-width ``\\uff21nn`` is Ann); every run of
    spaces one space, and none around it.

    >>> clean_name(" Ann\\u200b "), clean_name("\\u202eDan\\u2069"), clean_name("\\uff21nn")
    ('Ann', 'Dan', 'Ann')
    >>> clean_name("A\\u034fnn\\u3164 \\u2800 Lee")
    'Ann Lee'
    >>> len(clean_name("\\U0001F468\\u200d\\U0001F469")), len(clean_name("Ann\\u200d\\u200cLee"))
    (3, 6)
    """
    text = unicodedata.normalize("NFKC", name).translate(BLANKS)
    kept: list[str] = []
    for i, ch in enumerate(text):
        if not invisible(ch) or _kept(ch, kept, text[i + 1:i + 2]):
            kept.append(ch)
    return " ".join(unicodedata.normalize("NFKC", "".join(kept)).split())


def name_key(name: str) -> str:
    """What two names are compared by: the name with nothing invisible, in any case ("Ann"
    is "ann" and ``Ann\\ufe0f``), each letter as the Latin one it looks like (the Greek
    "\\u0391nn" is "Ann": :func:`.lookalike.look`).

    >>> name_key("Ann") == name_key("aNN\\ufe0f") == name_key("\\u0391nn")
    True
    """
    return look("".join(ch for ch in name if not invisible(ch))).casefold()


def checked_name(name: object) -> str:
    """A player's name as a seat keeps it (:func:`clean_name`), for every path that takes one
    (a rename, the creator's in ``POST /api/tables``); TableError ``bad_name`` if
    :func:`name_problem` refuses it.

    >>> checked_name("Ann\\u200d\\u200b")
    'Ann'
    >>> checked_name("\\u200b\\u2066")
    Traceback (most recent call last):
    ...
    fivehundred.web.seats.TableError: a name must be 1 to 20 characters
    """
    if (problem := name_problem(name)) is not None:
        raise TableError("bad_name", problem)
    assert isinstance(name, str)
    return clean_name(name)


NAME_MAX = 20
"""The most characters a player's name has, once cleaned (:func:`clean_name`)."""


def name_problem(name: object) -> str | None:
    """What is wrong with a player's name (None if nothing): text (a number is not), 1 to 20
    characters once cleaned (:func:`clean_name`: an invisible one counts for none), no line
    break or control character, text that UTF-8 can write (a lone surrogate, which JSON's
    ``\\udfff`` can bring, made every page that shows the name fail).

    >>> name_problem("Ann"), name_problem("Ann\\udfff")
    (None, 'a name must be text (a lone surrogate such as U+DFFF is not)')
    >>> name_problem(123)
    'a name must be text, got 123'
    """
    if not isinstance(name, str) and name is not None:  # (123: "1 to 20 characters" misled)
        return f"a name must be text, got {shown_json(name)}"
    if not isinstance(name, str) or not 0 < len(clean_name(name)) <= NAME_MAX:  # (None: empty)
        return f"a name must be 1 to {NAME_MAX} characters"
    if breaks_lines(name):
        return "a name may not hold line breaks or control characters"
    bad = lone_surrogate(name)
    if bad is not None:
        return f"a name must be text (a lone surrogate such as {bad} is not)"
    return mixed_scripts(clean_name(name)) or stacked_marks(clean_name(name))


LOOK_ALIKE = ("LATIN", "GREEK", "CYRILLIC")
"""The scripts whose letters look alike (Latin o, Greek omicron, Cyrillic o): a name may have
letters of one of them, never of two ("Y\\u043eu", a Cyrillic o in "You", showed every page
"You is bidding" beside its own You)."""
MARKS_MAX = 2
"""The most combining marks (accents) one letter of a name carries: "a" under 19 acute
accents was taken, and drawn over the names above it."""


def _script(ch: str) -> str | None:
    """Which of :data:`LOOK_ALIKE` the letter ``ch`` is of (None: not a letter of theirs),
    by its Unicode name ("CYRILLIC SMALL LETTER O")."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    script = unicodedata.name(ch, "").split(" ", 1)[0]
    return script if script in LOOK_ALIKE else None


def mixed_scripts(name: str) -> str | None:
    """Why ``name`` may not be a name for mixing letters of the Latin, Greek and Cyrillic
    scripts (None if it does not): each looks like another's ("\\u0397ost", a Greek Eta, was
    taken beside "Host"); the letters of the fewer-lettered scripts named by code point.  A
    name of one script, or of one with other scripts' (Latin and Japanese), is one.

    >>> mixed_scripts("Zoë"), mixed_scripts("Ирина"), mixed_scripts("Ann 安")
    (None, None, None)
    >>> print(mixed_scripts("\\u0397ost").replace("\\u0397", "H"))
    ... # doctest: +NORMALIZE_WHITESPACE
    a name may not mix Latin, Greek and Cyrillic letters (they look alike):
    Greek H (U+0397) among Latin o, s, t
    """
    letters: dict[str, list[str]] = {}
    for ch in name:
        script = _script(ch)
        if script is not None and ch not in letters.setdefault(script, []):
            letters[script].append(ch)
    if len(letters) < 2:
        return None
    most = max(LOOK_ALIKE, key=lambda k: len(letters.get(k, [])))
    others = " and ".join(
        f"{k.capitalize()} " + ", ".join(f"{c} (U+{ord(c):04X})" for c in letters[k][:4])
        + (", ..." if len(letters[k]) > 4 else "")
        for k in LOOK_ALIKE if k in letters and k != most)
    return (f"a name may not mix Latin, Greek and Cyrillic letters (they look alike): "
            f"{others} among {most.capitalize()} {', '.join(letters[most][:6])}"
            f"{', ...' if len(letters[most]) > 6 else ''}")


def stacked_marks(name: str) -> str | None:
    """Why ``name`` may not be a name for a letter carrying more than :data:`MARKS_MAX`
    combining marks (None if none does): a stack of accents is drawn over the lines above.

    >>> stacked_marks("Zoe\\u0308\\u0301"), stacked_marks("a" + "\\u0301" * 19)
    (None, 'a letter of a name carries at most 2 accents or other marks: a carries 19')
    """
    runs: list[list[str]] = []          # each letter (or other character) and its marks
    for ch in name:
        if unicodedata.category(ch) in ("Mn", "Me") and runs:
            runs[-1].append(ch)
        else:
            runs.append([ch])
    over = next((r for r in runs if len(r) - 1 > MARKS_MAX), None)
    if over is None:
        return None
    return (f"a letter of a name carries at most {MARKS_MAX} accents or other marks: "
            f"{over[0]} carries {len(over) - 1}")


PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def checked_player(player: object) -> str | None:
    """A browser's player id, checked: None (none given), or 16 to 64 letters, digits, ``-``
    or ``_`` (the page makes one of 22 at random and keeps it); TableError ``malformed``
    for anything else.

    >>> checked_player("k3bq0Lr8WmY2pXoZ4tNa1Q"), checked_player(None)
    ('k3bq0Lr8WmY2pXoZ4tNa1Q', None)
    >>> checked_player("me")
    Traceback (most recent call last):
    ...
    fivehundred.web.seats.TableError: player must be 16 to 64 letters, digits, - or _, got 'me'
    """
    if player is None or (isinstance(player, str) and PLAYER_ID.fullmatch(player)):
        return player
    raise TableError("malformed", f"player must be 16 to 64 letters, digits, - or _, got "
                                  f"{shown_json(player, 80)}")


def _saved_player(v: object) -> str | None:
    """A saved seat's player id, checked (saved before ids: None)."""
    try:
        return checked_player(v)
    except TableError:
        raise TableError("damaged", f"a seat's player id is not one: {v!r}") from None


def _saved_name(seat: dict[str, Any]) -> str:
    """A saved seat's name; TableError if it is not text UTF-8 can write, or is empty or
    past :data:`NAME_MAX` characters once cleaned (no way in gives such a name: one edited
    in by hand, of 500 characters, was taken).  A line break, refused since, is mended where
    the name is shown, and invisible characters are cleaned (:meth:`.Table.clean_saved_names`):
    an older save keeps its name."""
    name = seat["name"]
    bad = lone_surrogate(name) if isinstance(name, str) else f"a {type(name).__name__}"
    if bad is not None:
        raise TableError("damaged", f"seat {seat.get('seat')!r}: the name is not text ({bad})")
    if not name:
        raise TableError("damaged", f"seat {seat.get('seat')!r}: the name is empty; a name is "
                                    f"1 to {NAME_MAX} characters")
    if (length := len(clean_name(name))) > NAME_MAX:
        raise TableError("damaged", f"seat {seat.get('seat')!r}: the name is {length} "
                                    f"characters long; a name is 1 to {NAME_MAX}")
    return str(name)
