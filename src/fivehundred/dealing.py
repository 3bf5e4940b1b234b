"""Dealing: the seeded shuffle and deal in the rules' packets, the cut for the first dealer,
and given deals checked card by card.

>>> from fivehundred.rules import Rules
>>> d = deal_cards(Rules.preset("australian"), dealer=0, rng=Rng(1))
>>> [h.bit_count() for h in d.hands], d.kitty.bit_count()
([10, 10, 10, 10], 3)
>>> parse_deal(Rules.preset("australian"), {"dealer": 9, "hands": [], "kitty": []})
Traceback (most recent call last):
...
fivehundred.errors.DealError: dealer must be a seat from 0 to 3, got 9
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from . import cards
from .cards import JOKER
from .errors import DealError, FiveHundredError
from .rng import Rng
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game


class Deal(NamedTuple):
    """The cards of one hand as dealt: each hand's mask (the dead hand last), the kitty."""

    dealer: int
    hands: tuple[int, ...]
    kitty: int


def deal_cards(rules: Rules, dealer: int, rng: Rng) -> Deal:
    """Shuffle the pack and deal it in the rules' packets, eldest first, the kitty as told."""
    pack = cards.cards_of(rules.deck_mask)
    rng.shuffle(pack)
    n_hands = rules.hands_dealt
    n = rules.players
    # Order of dealing: clockwise from the dealer's left, the dealer last.  In the two-handed
    # dead-hand game the dead hand sits at the dealer's left (it is dealt first).
    if rules.dead_hand:
        order = [n] + [(dealer + 1 + k) % n for k in range(n)]
    else:
        order = [(dealer + 1 + k) % n for k in range(n)]
    hands = [0] * n_hands
    kitty = 0
    pos = 0
    for to_kitty, k in rules.deal_packets:
        if to_kitty:
            for c in pack[pos : pos + k]:
                kitty |= 1 << c
            pos += k
        else:
            for h in order:
                for c in pack[pos : pos + k]:
                    hands[h] |= 1 << c
                pos += k
    for c in pack[pos:]:
        kitty |= 1 << c
    return Deal(dealer, tuple(hands), kitty)


def place_by_room(pool: Sequence[int], may_go: Mapping[int, Sequence[int]], room: list[int],
                  masks: list[int], rng: Rng) -> bool:
    """Put each card of ``pool``, in order, into one of the slots it ``may_go`` to (a hand,
    the kitty...), at random weighted by the ``room`` each has left, so that the slots fill
    evenly; ``masks`` and ``room`` are updated.  False at a dead end: a card with no slot
    left that has room.  (The sampling bots' imagined deals and a one-seat record's unseen
    cards are placed so.)

    >>> masks, room = [0, 0], [1, 2]
    >>> place_by_room([5, 3, 4], {3: [0, 1], 4: [0, 1], 5: [1]}, room, masks, Rng(1))
    True
    >>> room, bin(masks[0]).count("1"), masks[1] >> 5 & 1
    ([0, 0], 1, 1)
    >>> place_by_room([3], {3: [0]}, [0, 1], [0, 0], Rng(1))    # slot 0 full: a dead end
    False
    """
    for c in pool:
        options = [i for i in may_go[c] if room[i] > 0]
        if not options:
            return False
        x = rng.below(sum(room[i] for i in options))
        for i in options:
            x -= room[i]
            if x < 0:
                masks[i] |= 1 << c
                room[i] -= 1
                break
    return True


def first_dealer_by_cut(rules: Rules, rng: Rng) -> tuple[int, tuple[int, ...]]:
    """Each player cuts a card; the lowest deals (joker lowest, then A, 2 .. K; spades lowest)."""
    pack = cards.cards_of(rules.deck_mask)
    rng.shuffle(pack)
    cut = tuple(pack[: rules.players])

    def low(c: int) -> tuple[int, int]:
        if c == JOKER:
            return (-1, -1)
        r = cards.rank_of(c)
        return (0 if r == cards.ACE else r + 1, cards.suit_of(c))

    seat = min(range(rules.players), key=lambda s: low(cut[s]))
    return seat, cut


def first_dealer(rules: Rules, seed: int) -> int:
    """The first dealer of a game seeded ``seed``: a seeded random seat, or the lowest card
    of a seeded cut (``first_dealer`` option)."""
    rng = Rng(seed ^ 0x5EED_DEA1)
    if rules.first_dealer == "random":
        return rng.below(rules.players)
    return first_dealer_by_cut(rules, rng)[0]


def first_cut(rules: Rules, seed: int) -> tuple[int, ...] | None:
    """The cards each seat cut to choose the first dealer of a game seeded ``seed`` (shown to
    all: the lowest deals), or None where he was chosen at random.

    >>> from fivehundred import Rules
    >>> r = Rules.preset("classic3")
    >>> cut = first_cut(r, 7)
    >>> len(cut), first_dealer_by_cut(r, Rng(7 ^ 0x5EED_DEA1)) == (first_dealer(r, 7), cut)
    (3, True)
    """
    if rules.first_dealer == "random":
        return None
    return first_dealer_by_cut(rules, Rng(seed ^ 0x5EED_DEA1))[1]


def opening_cut(game: Game) -> tuple[int, ...] | None:
    """The cut to show at the start of ``game``: its seeded cut while nothing has been done
    in its first hand (a game dealt by hand, or under way, shows none)."""
    if game.hand_number or game.actions:
        return None
    cut = first_cut(game.rules, game.seed)
    if cut is None or game.deal != seeded_deal(game.rules, game.seed, 0,
                                               first_dealer(game.rules, game.seed)):
        return None
    return cut


def seeded_deal(rules: Rules, seed: int, hand_number: int, dealer: int) -> Deal:
    """The deal of hand ``hand_number`` (from 0) of a game seeded ``seed``: the same seed and
    hand give the same cards on any machine."""
    return deal_cards(rules, dealer, Rng(seed).fork(hand_number + 1))


def dealt_from(rules: Rules, seed: int, deals: Sequence[Deal], first: int = 0) -> int | None:
    """The first hand (numbered from 0; ``deals`` from hand ``first`` on) whose deal is not
    the one ``seed`` deals (the first dealer, each hand's cards), None if every one is."""
    for i, d in enumerate(deals, first):
        if (i == 0 and d.dealer != first_dealer(rules, seed)) or d != seeded_deal(
                rules, seed, i, d.dealer):
            return i
    return None


class DealDifference(NamedTuple):
    """Where a deal first differs from the one a seed deals (:func:`seed_difference`)."""

    part: int | None
    """None: the dealer; else the part whose cards differ first, an index of
    ``(*Deal.hands, Deal.kitty)`` (the seats, the dead hand after them, the kitty last)."""
    given: int
    """The deal's dealer; or the mask of the cards that part holds and the seed does not
    deal it."""
    seeded: int
    """The seed's dealer; or the mask of the cards the seed deals that part instead."""
    dealt: Deal
    """The seed's deal of that hand (dealt by the seed's dealer), to say where a card goes."""


def seed_difference(rules: Rules, seed: int, deal: Deal, hand_number: int
                    ) -> DealDifference | None:
    """How ``deal``, hand ``hand_number`` (from 0) of a game, differs first from the one
    ``seed`` deals, None if it is that one: the dealer first (the seed's first dealer, the
    deal passing left each hand), then each part's cards in order, compared with the seed's
    deal by that same dealer (the dealer sets the order the packets go round in).

    >>> r = Rules.preset("australian")
    >>> d = seeded_deal(r, 7, 0, first_dealer(r, 7))
    >>> seed_difference(r, 7, d, 0) is None, seed_difference(r, 7, d, 1)[:3] == (
    ...     None, d.dealer, (d.dealer + 1) % 4)
    (True, True)
    >>> one, two = d.hands[0] & -d.hands[0], d.hands[1] & -d.hands[1]   # a card of each
    >>> moved = d._replace(hands=(d.hands[0] ^ one ^ two, d.hands[1] ^ one ^ two, *d.hands[2:]))
    >>> seed_difference(r, 7, moved, 0)[:3] == (0, two, one)
    True
    """
    want = (first_dealer(rules, seed) + hand_number) % rules.players
    real = seeded_deal(rules, seed, hand_number, want)
    if deal.dealer != want:
        return DealDifference(None, deal.dealer, want, real)
    for k, (given, dealt) in enumerate(zip((*deal.hands, deal.kitty),
                                           (*real.hands, real.kitty), strict=True)):
        if given != dealt:
            return DealDifference(k, given & ~dealt, dealt & ~given, real)
    return None


def parse_deal(rules: Rules, deal: Mapping[str, Any], tokens_only: bool = False,
               spell: Callable[[object], str] = repr) -> Deal:
    """Check and convert a given deal ``{"dealer", "hands", "kitty"[, "dead"]}``: cards as
    tokens or card ids, or with ``tokens_only`` (a file people write) as tokens alone.  A
    value quoted in an error is spelled by ``spell`` (``repr``; a deal file's reader, who
    wrote JSON, has it as JSON spells it: ``true``, ``null``)."""
    if not isinstance(deal, Mapping):
        raise DealError("a deal is a mapping with dealer, hands and kitty")
    unknown = set(deal) - {"dealer", "hands", "kitty", "dead"}
    if unknown:
        raise DealError(f"unknown deal field(s): {', '.join(sorted(map(str, unknown)))}")
    n = rules.players
    dealer = deal.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise DealError(f"dealer must be a seat from 0 to {n - 1}, got {spell(dealer)}")
    for key, what in (("hands", f"one list of cards per seat, {n} in all"),
                      ("kitty", f"a list of its {rules.kitty_size} cards")):
        if key not in deal:
            raise DealError(f"the deal has no {key}: {key} is {what}")
    hands_in = deal["hands"]
    lists = f"hands must be a list of {n} hands, one per seat"
    if not isinstance(hands_in, Sequence) or isinstance(hands_in, str):
        raise DealError(f"{lists}, got {spell(hands_in)}")
    if len(hands_in) != n:
        raise DealError(f"{lists}, got {_count(len(hands_in), 'hand')}")
    named: list[tuple[str, Any]] = [(f"seat {i}'s hand", h) for i, h in enumerate(hands_in)]
    if rules.dead_hand:
        if "dead" not in deal:
            raise DealError(f"the two-handed dead-hand game needs the dead hand: {spell('dead')}")
        named.append(("the dead hand", deal["dead"]))
    elif "dead" in deal:
        raise DealError(f"{spell('dead')} is only for the two-handed dead-hand game")
    named.append(("the kitty", deal["kitty"]))
    seen: dict[int, str] = {}
    masks: list[int] = []
    for where, items in named:
        if not isinstance(items, Sequence) or isinstance(items, str):
            raise DealError(f"{where} must be a list of cards, got {spell(items)}")
        m = 0
        for x in items:
            if tokens_only and not isinstance(x, str):
                raise DealError(f"{where}: a card is a token such as AS, 10H or JK, not "
                                f"{spell(x)}")
            try:
                c = cards.card_from_token(x) if isinstance(x, str) else x
            except FiveHundredError:
                c = None
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < cards.NUM_CARDS:
                raise DealError(f"{where}: not a card: {spell(x)} (a card is a token such as "
                                "AS, 10H or JK)")
            tok = cards.token(c)
            if not rules.deck_mask >> c & 1:
                raise DealError(f"{where}: card {tok} is not in the {rules.deck}-card pack")
            if c in seen:
                raise DealError(f"card {tok} appears twice {twice_in(seen[c], where)}")
            seen[c] = where
            m |= 1 << c
        masks.append(m)
    for (where, _), m in zip(named[:-1], masks[:-1], strict=True):
        if m.bit_count() != 10:
            raise DealError(f"{where} has {_count(m.bit_count(), 'card')}, expected 10")
    if masks[-1].bit_count() != rules.kitty_size:
        raise DealError(f"the kitty has {_count(masks[-1].bit_count(), 'card')}, "
                        f"expected {rules.kitty_size}")
    missing = rules.deck_mask
    for m in masks:
        missing &= ~m
    if missing:
        raise DealError(f"missing cards: {', '.join(cards.tokens(missing))}")
    return Deal(dealer, tuple(masks[:-1]), masks[-1])


def _count(k: int, what: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{k} {what}{'' if k == 1 else 's'}"


def twice_in(first: str, second: str) -> str:
    """Where a card given twice was, for its error: one place (``in the kitty``) or two; a
    deal's and a record's errors say it alike ("(the kitty and the kitty)" read oddly).

    >>> twice_in("the kitty", "the kitty"), twice_in("seat 0's hand", "the kitty")
    ('in the kitty', "(seat 0's hand and the kitty)")
    """
    return f"in {first}" if first == second else f"({first} and {second})"


def check_deal(rules: Rules, deal: Mapping[str, Any] | Deal) -> Deal:
    """A deal given to a game, checked whole: a mapping as :func:`parse_deal` reads it, or a
    :class:`Deal` (card masks) held to the same rules (DealError, with parse_deal's words,
    for a wrong pack, a hand too many or too few, a card twice or missing).

    >>> from fivehundred import Game
    >>> check_deal(Rules.preset("classic3"), Game("australian", seed=5).deal)
    Traceback (most recent call last):
    ...
    fivehundred.errors.DealError: hands must be a list of 3 hands, one per seat, got 4 hands
    """
    if not isinstance(deal, Deal):
        return parse_deal(rules, deal)
    d = deal
    n_hands = rules.hands_dealt
    masks = (*d.hands, d.kitty) if isinstance(d.hands, tuple) else ()
    if (isinstance(d.dealer, int) and not isinstance(d.dealer, bool)
            and 0 <= d.dealer < rules.players and len(masks) == n_hands + 1
            and all(isinstance(m, int) and not isinstance(m, bool) and m >= 0 for m in masks)):
        union = 0
        for m in masks:
            union |= m
        if (union == rules.deck_mask and sum(m.bit_count() for m in masks) == rules.deck_size
                and all(m.bit_count() == 10 for m in d.hands)):
            return d           # (the kitty then holds the rest: kitty_size cards)
    # something is wrong, or only unusual: parse_deal's checks on the same cards say which

    def listed(mask: object) -> object:
        if not isinstance(mask, int) or isinstance(mask, bool) or mask < 0:
            return mask                     # refused there as not a list of cards
        if mask.bit_length() > cards.NUM_CARDS:
            raise DealError(f"a Deal's mask has a bit above every card: {mask.bit_length() - 1}")
        return cards.cards_of(mask)
    hands = list(d.hands) if isinstance(d.hands, (tuple, list)) else d.hands
    given: dict[str, Any] = {"dealer": d.dealer, "kitty": listed(d.kitty)}
    if isinstance(hands, list):
        if rules.dead_hand and len(hands) == n_hands:
            given["dead"] = listed(hands.pop())
        given["hands"] = [listed(h) for h in hands]
    else:
        given["hands"] = hands
    return parse_deal(rules, given)     # (a Deal holding a list of hands is fine there)


def deal_to_dict(rules: Rules, d: Deal) -> dict[str, Any]:
    """A deal as the plain mapping ``Game(deal=...)`` takes."""
    out: dict[str, Any] = {
        "dealer": d.dealer,
        "hands": [list(cards.tokens(h)) for h in d.hands[: rules.players]],
        "kitty": list(cards.tokens(d.kitty)),
    }
    if rules.dead_hand:
        out["dead"] = list(cards.tokens(d.hands[rules.players]))
    return out
