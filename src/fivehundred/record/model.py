"""The data model of game records: frozen dataclasses that check themselves when built.

A :class:`GameRecord` is the rules, the tags and one :class:`HandRecord` per hand.  Building one
runs every check that needs no engine (cards of the pack, no card twice, hand sizes, the auction
and the tricks in order, who may see what in a one-seat record, the result adding up); a
failed check raises :class:`RecordProblem`, a :class:`RecordError` that says where it happened,
so the text and JSON readers can point at the line or the JSON path.  Replaying through the
engine (:func:`fivehundred.record.replay`) checks the rest: every action legal, every result
as the engine scores it.

>>> from fivehundred import Rules
>>> h = HandRecord(dealer=3, cards=(None, ("2S", "AS"), None, None), kitty=None)
>>> GameRecord(Rules.preset("australian"), hands=(h,), viewpoint=1)
Traceback (most recent call last):
...
fivehundred.record.model.RecordProblem: hand 1, seat 1's cards: card 2S is not in the 43-card pack
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import cards
from ..actions import action_from_token, token_of
from ..cards import JOKER
from ..errors import FiveHundredError, RecordError
from ..game import start_scores
from ..rules import Rules

#: The token of a card one seat could not see (a hidden discard); a hidden set of cards is None.
HIDDEN = "?"

#: Unicode categories a tag value may not hold: control characters, line and paragraph
#: separators (a text record is read by lines, and ``str.splitlines`` breaks at all of them).
_BREAKING = frozenset({"Cc", "Zl", "Zp"})


def breaks_lines(value: str) -> bool:
    """Whether ``value`` holds a control character or a line or paragraph separator.

    >>> breaks_lines("Ann"), breaks_lines("Ann\u2028Bob"), breaks_lines("A\x85")
    (False, True, True)
    """
    return any(unicodedata.category(ch) in _BREAKING for ch in value)


def lone_surrogate(value: str) -> str | None:
    """The first lone surrogate in ``value`` (JSON's ``\\udfff`` makes one), as U+XXXX, or
    None: text UTF-8 cannot write, so a file or a page holding it fails to be written.

    >>> lone_surrogate("Ann"), lone_surrogate("Ann\\udfff")
    (None, 'U+DFFF')
    """
    bad = next((ch for ch in value if 0xD800 <= ord(ch) <= 0xDFFF), None)
    return None if bad is None else f"U+{ord(bad):04X}"


class RecordProblem(RecordError):
    """A record that breaks the format, with where: the hand (0-based), field and item, and
    (``place``) where in the file it was read: a text record's line, a JSON record's path."""

    def __init__(self, reason: str, where: str, hand: int | None, fld: str,
                 key: int | str | None, place: int | str | None = None) -> None:
        said = f"{where}: {reason}" if where else reason
        if isinstance(place, int):
            said = f"line {place}: {said}"
        elif place is not None:
            said = f"{said} (at {place})"
        super().__init__(said)
        self.reason = reason
        self.where = where
        self.hand = hand
        self.field = fld
        self.key = key
        self.place = place

    def located(self, place: int | str | None) -> RecordProblem:
        """The same problem said with where it was read (``place``: a line number or a JSON
        path; None leaves it as it is), for a fault found after reading, by replay."""
        if place is None or self.place is not None:
            return self
        return RecordProblem(self.reason, self.where, self.hand, self.field, self.key, place)


PlaceKey = tuple[int | None, str, int | str | None]
"""A part of a record as a :class:`RecordProblem` names it: (hand, field, item)."""


@dataclass(frozen=True)
class RecordSource:
    """Where the parts of a record read from a file were, so that a fault found after
    reading (replay finds an illegal card) still names its line or JSON path.

    A text record keeps each part's line (``lines``); a JSON record (``lines`` None) has its
    paths worked out from the part, ``tags`` naming the tags in the order written.
    """

    lines: Mapping[PlaceKey, int] | None = None
    tags: tuple[str, ...] = ()

    def place(self, hand: int | None, fld: str, key: int | str | None) -> int | str | None:
        """The line (text) or the path (JSON) of a part; None where it is not known."""
        if self.lines is not None:
            for part in ((hand, fld, key), (hand, fld, None), (hand, "hand", None)):
                if part in self.lines:
                    return self.lines[part]
            return None
        if hand is None:
            if fld == "tag":
                k = next((i for i, name in enumerate(self.tags) if name == key), None)
                return f"$.tags[{k}]" if k is not None else "$.tags"
            return f"$.{fld}"
        base = f"$.hands[{hand}]"
        if fld == "hand":
            return base
        if key is not None and fld in ("cards", "auction", "discards", "play"):
            return f"{base}.{fld}[{key}]"
        return f"{base}.{fld}"

    def locate(self, e: RecordProblem) -> RecordProblem:
        """``e`` said with its place in the file (:meth:`RecordProblem.located`)."""
        return e.located(self.place(e.hand, e.field, e.key))


# ---------------------------------------------------------------------- the records



def start_scores_of(rules: Rules, value: str) -> tuple[int, ...]:
    """The scores of a ``StartScores`` tag, one whole number per side, comma-separated, at
    which the game is not over (:func:`fivehundred.game.start_scores`); ValueError saying
    why not.

    >>> start_scores_of(Rules.preset("australian"), "480,-120")
    (480, -120)
    """
    parts = [p.strip() for p in value.split(",")]
    if not all(re.fullmatch(r"-?[0-9]{1,10}", p) for p in parts):
        raise ValueError(f"expected the sides' scores, whole numbers separated by commas, got "
                         f"{value[:40]!r}")
    try:
        return start_scores(rules, [int(p) for p in parts])
    except (TypeError, ValueError) as e:
        raise ValueError(str(e).removeprefix("scores: ")) from None

@dataclass(frozen=True)
class HandOutcome:
    """A finished hand's result as recorded: the contract and what each seat and side got."""

    contract: str | None
    """The contract's bid token (``8H``, ``misere``, ``open-misere``); None when all passed."""
    declarer: int | None
    partner: int | None
    """The five-handed called partner (None when alone or not five-handed)."""
    made: bool | None
    """Whether the contract was made; None when all passed."""
    tricks: tuple[int, ...]
    """Tricks taken by each seat."""
    points: tuple[int, ...]
    """Points each side (``rules.sides``) scored in this hand."""
    totals: tuple[int, ...]
    """Each side's running total after this hand."""

    def __post_init__(self) -> None:
        for name in ("tricks", "points", "totals"):
            value = getattr(self, name)
            if not isinstance(value, tuple) and isinstance(value, Iterable):
                object.__setattr__(self, name, tuple(value))
        # the contract as the auction's bids are read: "7c", "misère" (docs/records.md)
        object.__setattr__(self, "contract", _canon_action(self.contract, True))

    def __str__(self) -> str:
        """The result as the text format writes it after ``Result``."""
        if self.contract is None:
            head = "all pass"
        else:
            head = f"{self.contract} by {self.declarer}"
            if self.partner is not None:
                head += f" with {self.partner}"
            head += " made" if self.made else " failed"
        return (f"{head}; tricks {_ints(self.tricks)}; points {_ints(self.points)}; "
                f"totals {_ints(self.totals)}")


def _ints(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


@dataclass(frozen=True)
class HandRecord:
    """One hand: the deal (None where unseen), every action in order, and the result.

    Card sets are kept in a canonical order (suit by suit S C D H, high to low, the joker
    last) and tokens in their canonical spelling, whatever order or case they were given in.
    """

    dealer: int
    cards: tuple[tuple[str, ...] | None, ...]
    """Each seat's ten cards as dealt, or None where the record's viewpoint cannot see them."""
    kitty: tuple[str, ...] | None
    """The kitty as dealt, or None where unseen."""
    auction: tuple[str, ...] = ()
    """Bids and passes in order, eldest first."""
    discards: tuple[str, ...] = ()
    """The declarer's discards in order; ``?`` for each one the viewpoint could not see."""
    call: str | None = None
    """The five-handed partner call: ``call QH`` or ``alone`` (None: no call, or not yet)."""
    play: tuple[str, ...] = ()
    """The cards played in order, the leader of each trick first; ``JK:H`` names a suit."""
    result: HandOutcome | None = None
    """None while the hand is unfinished (only the last hand of a record may be)."""
    dead: tuple[str, ...] | None = None
    """The two-handed game's dead hand (None in other games, and in one seat's view)."""
    exposed: tuple[str, ...] | None = None
    """The open-misère declarer's cards as first spread face up (public); None if never."""

    def __post_init__(self) -> None:
        s = object.__setattr__
        if not isinstance(self.cards, tuple) and isinstance(self.cards, Iterable):
            s(self, "cards", tuple(self.cards))
        if isinstance(self.cards, tuple):
            s(self, "cards", tuple(_canon_cards(h) for h in self.cards))
        for name in ("kitty", "dead", "exposed"):
            s(self, name, _canon_cards(getattr(self, name)))
        for name in ("auction", "discards", "play"):
            value = getattr(self, name)
            if isinstance(value, Iterable) and not isinstance(value, str):
                s(self, name, tuple(_canon_action(t, name == "auction") for t in value))
        if isinstance(self.call, str):
            s(self, "call", _canon_action(self.call, False))

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action in order, as ``Game.apply`` takes them: auction, discards, call, play."""
        return tuple(tok for _, items in self._action_parts() for tok in items)

    def _action_parts(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The fields that hold :attr:`actions`, in order, with their items."""
        call = (self.call,) if self.call is not None else ()
        return (("auction", self.auction), ("discards", self.discards), ("call", call),
                ("play", self.play))

    def action_place(self, index: int) -> tuple[str, int]:
        """The field and the item in it of action ``index`` (from 0) of :attr:`actions`, as a
        :class:`RecordProblem` names a place (``("play", 5)``: the sixth card played)."""
        for fld, items in self._action_parts()[:-1]:
            if index < len(items):
                return fld, index
            index -= len(items)
        return "play", index

    def actions_before(self, fld: str, key: int | str | None) -> int | None:
        """How many of :attr:`actions` come before the place a :class:`RecordProblem` names
        (all of them for the exposed hand and the result); None for a part of the deal,
        which comes before them all and before the hand is dealt."""
        if fld in ("dealer", "cards", "dead", "kitty", "hand"):
            return None
        done = 0
        for name, items in self._action_parts():
            if name == fld:
                return done + (key if isinstance(key, int) else 0)
            done += len(items)
        return done

    @property
    def is_finished(self) -> bool:
        """Whether the hand was played to its end (it has a result)."""
        return self.result is not None

    @property
    def last_to_move(self) -> int:
        """The most actions after which someone is still to move: every one of them while
        the hand is unfinished, all but the last (which ended it) once it is finished."""
        return len(self.actions) - (1 if self.is_finished else 0)

    def deal(self, rules: Rules | str) -> dict[str, Any]:
        """The deal as the mapping ``Game(deal=...)`` takes; RecordError if any of it is unseen.
        ``rules``: the game's Rules, or a preset's name as ``Game`` takes it."""
        if isinstance(rules, str):
            rules = Rules.preset(rules)
        if not isinstance(rules, Rules):
            raise TypeError(f"HandRecord.deal() takes the game's Rules (or a preset's name), "
                            f"not {type(rules).__name__}")
        if any(h is None for h in self.cards) or self.kitty is None or (
            rules.dead_hand and self.dead is None
        ):
            raise RecordError("this hand's deal is only partly known: it cannot be dealt again")
        out: dict[str, Any] = {"dealer": self.dealer, "hands": [list(h or ()) for h in self.cards],
                               "kitty": list(self.kitty)}
        if rules.dead_hand:
            out["dead"] = list(self.dead or ())
        return out


@dataclass(frozen=True)
class TrickRecord:
    """A trick as recorded: who led, (seat, token) in play order, and who won it (None: open)."""

    leader: int
    plays: tuple[tuple[int, str], ...]
    winner: int | None


@dataclass(frozen=True)
class Layout:
    """Who did what in a recorded hand, worked out from public information alone."""

    auction: tuple[tuple[int, str], ...]
    """(seat, token) for every call of the auction."""
    auction_over: bool
    contract: str | None
    """The winning bid's token once the auction is over (None: all passed, or not over)."""
    declarer: int | None
    tricks: tuple[TrickRecord, ...]
    tricks_won: tuple[int, ...]
    over: bool
    """Whether the hand is over (thrown in, ten tricks, or a misère lost early)."""


@dataclass(frozen=True)
class GameRecord:
    """A whole game (or its beginning), fully known or as one seat (``viewpoint``) saw it.

    ``tags`` are the free tag pairs in order (``Seats``, ``Date``, ``Seed``, ``Result``, any
    other); the rules, the viewpoint and the program are fields.  Building a record checks it.
    """

    rules: Rules
    hands: tuple[HandRecord, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    viewpoint: int | None = None
    """The seat whose knowledge this record holds; None for a full record."""
    program: str | None = field(default=None, compare=False)
    """The program (and its version) that wrote the record, its ``Program`` tag: where this
    version reads a record otherwise (its rules changed since), it says which one wrote it.
    None when unknown (records written before the tag).  Not part of the record's content:
    records that differ only in it are equal."""
    source: RecordSource | None = field(default=None, compare=False, repr=False)
    """Where the record was read from (each part's line or JSON path); None when built in
    memory."""
    _layouts: tuple[Layout, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        s = object.__setattr__
        if isinstance(self.tags, Mapping):
            s(self, "tags", tuple((str(k), str(v)) for k, v in self.tags.items()))
        elif not isinstance(self.tags, tuple) and isinstance(self.tags, Iterable):
            s(self, "tags", tuple(self.tags))
        s(self, "tags", tuple(tuple(t) if isinstance(t, list) else t for t in self.tags))
        if not isinstance(self.hands, tuple) and isinstance(self.hands, Iterable):
            s(self, "hands", tuple(self.hands))
        from .checks import check_game

        s(self, "_layouts", check_game(self))

    @property
    def is_partial(self) -> bool:
        """Whether this is one seat's view (hidden cards are None or ``?``)."""
        return self.viewpoint is not None

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of a tag, or ``default``."""
        return next((v for k, v in self.tags if k == name), default)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players' names from the ``Seats`` tag, else ``seat 0``, ``seat 1``, ..."""
        names = self.tag("Seats")
        if names is None:
            return tuple(f"seat {i}" for i in range(self.rules.players))
        return tuple(n.strip() for n in names.split(","))

    @property
    def winner(self) -> int | None:
        """The winning side from the ``Result`` tag (None: no tag, or ``*``)."""
        value = self.tag("Result")
        return None if value in (None, "*") else int(value)

    @property
    def start_scores(self) -> tuple[int, ...]:
        """The sides' scores when the game began: the ``StartScores`` tag's (a practice of
        one hand of a game, at that game's score), else 0 each."""
        value = self.tag("StartScores")
        if value is None:
            return (0,) * len(self.rules.sides)
        return start_scores_of(self.rules, value)

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals after the last finished hand (before any, the start's)."""
        for h in reversed(self.hands):
            if h.result is not None:
                return h.result.totals
        return self.start_scores

    def layout(self, hand: int) -> Layout:
        """Hand ``hand`` (0-based) laid out: auction seats, contract, tricks and their winners."""
        n = len(self.hands)
        if isinstance(hand, bool) or not isinstance(hand, int):
            raise TypeError(f"layout() takes a hand's index (a whole number from 0), not "
                            f"{type(hand).__name__}")
        if not 0 <= hand < n:
            have = (f"the record has {n} hand{'s' if n != 1 else ''}, indexed 0 to {n - 1}"
                    if n else "the record has no hands")
            raise RecordError(f"no hand {hand} to lay out: {have} (layout counts from 0)")
        return self._layouts[hand]


# ---------------------------------------------------------------------- canonical forms


def card_key(c: int) -> tuple[int, int]:
    """Sort key of the canonical card order: suits S C D H, high to low, the joker last."""
    return (4, 0) if c == JOKER else (c >> 4, -(c & 15))


def sort_cards(toks: Iterable[str]) -> tuple[str, ...]:
    """Card tokens in the canonical order and spelling (MalformedError on a bad token).

    >>> sort_cards(["7h", "JK", "AS", "10H", "KS"])
    ('AS', 'KS', '10H', '7H', 'JK')
    """
    return tuple(cards.token(c) for c in sorted(map(cards.card_from_token, toks), key=card_key))


def _canon_cards(toks: Any) -> Any:
    """Canonical order and spelling of a card set; anything odd is left for the checks."""
    if toks is None or isinstance(toks, str) or not isinstance(toks, Iterable):
        return toks
    items = tuple(toks)
    try:
        return sort_cards(items)
    except (FiveHundredError, AttributeError, TypeError):
        return items


def _canon_action(tok: Any, auction: bool) -> Any:
    if not isinstance(tok, str) or tok == HIDDEN:
        return tok
    try:
        return token_of(action_from_token(tok, auction=auction))
    except FiveHundredError:
        return tok


__all__ = [
    "HIDDEN",
    "GameRecord",
    "HandOutcome",
    "HandRecord",
    "Layout",
    "RecordProblem",
    "RecordSource",
    "TrickRecord",
    "sort_cards",
]
