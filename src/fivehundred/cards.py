"""Cards as small ints, hands as int bitmasks, and the text tokens people read.

A card is ``suit * 16 + rank`` with suits ``S C D H`` numbered 0..3 (the bidding order) and
ranks numbered 0..15 from the two up to the ace, the six-handed 11, 12 and 13 sitting between
the ten and the jack.  The joker is card 64.  A set of cards is an int with bit ``card`` set,
so following suit and finding winners are mask operations (the python-chess way).

>>> card_from_token("10H")
56
>>> token(56)
'10H'
>>> tokens(mask_of(["AS", "JK", "4H"]))
('AS', '4H', 'JK')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import MalformedError
from .numbers import whole_number

SPADES, CLUBS, DIAMONDS, HEARTS = 0, 1, 2, 3
NO_TRUMPS = 4
SUITS = (SPADES, CLUBS, DIAMONDS, HEARTS)
SUIT_LETTERS = "SCDH"
STRAIN_NAMES = ("S", "C", "D", "H", "NT")
SUIT_SYMBOLS = "♠♣♦♥"
SUIT_WORDS = ("spades", "clubs", "diamonds", "hearts")

RANK_TOKENS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "Q", "K", "A")
TWO, TEN, ELEVEN, TWELVE, THIRTEEN, JACK, QUEEN, KING, ACE = 0, 8, 9, 10, 11, 12, 13, 14, 15
JOKER = 64
NUM_CARDS = 65

_TOKEN_OF: list[str] = [f"{RANK_TOKENS[c % 16]}{SUIT_LETTERS[c // 16]}" for c in range(64)]
_TOKEN_OF.append("JK")
_CARD_OF: dict[str, int] = {t: c for c, t in enumerate(_TOKEN_OF)}


def card(rank: int, suit: int) -> int:
    """The card of a rank index (0 = two .. 15 = ace) and a suit (0 = spades .. 3 = hearts)."""
    return suit * 16 + rank


def suit_of(c: int) -> int:
    """Printed suit of a plain card (the joker has none: -1)."""
    return -1 if c == JOKER else c >> 4


def rank_of(c: int) -> int:
    """Rank index of a plain card (0 = two .. 15 = ace); the joker ranks 16."""
    return 16 if c == JOKER else c & 15


def token(c: int) -> str:
    """Text token of a card: ``AS``, ``10H``, ``13D``, ``JK`` (MalformedError for a number
    that is not a card's: never another card's token, as a negative index would give)."""
    if type(c) is int and 0 <= c < NUM_CARDS:
        return _TOKEN_OF[c]
    n = whole_number(c, MalformedError, f"a card id is a number from 0 to {NUM_CARDS - 1}")
    if not 0 <= n < NUM_CARDS:
        raise MalformedError(f"{c!r} is not a card id (0 to {NUM_CARDS - 1})")
    return _TOKEN_OF[n]


def card_from_token(text: str) -> int:
    """Parse a card token (case-insensitive); raise MalformedError naming the bad text."""
    c = _CARD_OF.get(text.strip().upper())
    if c is None:
        raise MalformedError(f"not a card: {text!r} (expected e.g. AS, 10H, 13D, JK)")
    return c


def bit(c: int) -> int:
    """The one-card mask of a card."""
    return 1 << c


def mask_of(cards: Iterable[int | str]) -> int:
    """The mask of cards given as ints or tokens (duplicates are an error)."""
    m = 0
    for x in cards:
        c = card_from_token(x) if isinstance(x, str) else x
        if m >> c & 1:
            raise MalformedError(f"card {token(c)} appears twice")
        m |= 1 << c
    return m


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest id first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# For each byte position of a mask and each byte value, the cards those bits stand for.
_BYTE_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * i + j for j in range(8) if b >> j & 1) for b in range(256))
    for i in range((NUM_CARDS + 7) // 8)
)


def cards_of(mask: int) -> list[int]:
    """The cards of a mask as a list, lowest id first (a byte at a time: a hot path)."""
    out: list[int] = []
    i = 0
    while mask:
        b = mask & 255
        if b:
            out += _BYTE_CARDS[i][b]
        mask >>= 8
        i += 1
    return out


def tokens(mask: int) -> tuple[str, ...]:
    """The tokens of a mask, spades first, low to high within a suit, joker last."""
    return tuple(_TOKEN_OF[c] for c in iter_cards(mask))


def count(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


def _suit_range(suit: int, ranks: Iterable[int]) -> int:
    return sum(1 << card(r, suit) for r in ranks)


def _pack(low_black: int, low_red: int, extras: int = 0, joker: bool = True) -> int:
    """Plain ranks from a low rank up to the ace (skipping 11-13), plus extras and the joker."""
    plain = [r for r in range(16) if r not in (ELEVEN, TWELVE, THIRTEEN)]
    m = 0
    for s in SUITS:
        low = low_red if s in (DIAMONDS, HEARTS) else low_black
        m |= _suit_range(s, (r for r in plain if r >= low))
    return m | extras | ((1 << JOKER) if joker else 0)


_SIX_EXTRAS = (
    _suit_range(SPADES, (ELEVEN, TWELVE))
    | _suit_range(CLUBS, (ELEVEN, TWELVE))
    | _suit_range(DIAMONDS, (ELEVEN, TWELVE, THIRTEEN))
    | _suit_range(HEARTS, (ELEVEN, TWELVE, THIRTEEN))
)

#: Every pack of RULES.md §1 by its name (the number of cards).
PACKS: dict[str, int] = {
    "33": _pack(5, 5),                      # A-7 and the joker
    "43": _pack(3, 2),                      # red A-4, black A-5, joker
    "24": _pack(7, 7, joker=False),         # A-9, no joker
    "45": _pack(2, 2),                      # A-4 in every suit, joker
    "53": _pack(0, 0),                      # full pack and the joker
    "63": _pack(0, 0, extras=_SIX_EXTRAS),  # plus 11s, 12s and red 13s
}
# _pack's low rank is an index: 5 is the seven, 3 the five, 2 the four, 7 the nine, 0 the two.


def pack(name: str) -> int:
    """The mask of a named pack (``"43"`` etc.)."""
    try:
        return PACKS[name]
    except KeyError:
        raise MalformedError(f"unknown pack {name!r}; packs are {', '.join(PACKS)}") from None
