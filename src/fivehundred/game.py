"""Game: the state machine of a whole game of Five Hundred, hand after hand.

The deal is a chance event (a seeded shuffle or a given deal); every decision is an action of
the fixed action space (:mod:`fivehundred.actions`); ``apply`` checks the rules and either
changes the state or raises :class:`IllegalActionError` leaving it untouched; ``undo`` restores
the exact previous state and ``clone`` is cheap (all state values are immutable).

>>> g = Game(Rules.preset("australian"), seed=7)
>>> g.phase, g.to_move
('auction', 0)
>>> g.apply("pass"); g.to_move
1
>>> g.undo(); g.to_move
0
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from . import cards
from .actions import (
    ALONE,
    BID,
    CALL,
    JOKER_LEAD,
    MISERE,
    OPEN_MISERE,
    PASS,
    action_from_token,
    token_of,
)
from .auction import Contract, bid_table, can_bid, contract_of
from .cards import JOKER, NO_TRUMPS
from .dealing import Deal, deal_cards, first_dealer_by_cut, parse_deal
from .errors import DealError, IllegalActionError, MalformedError
from .rng import Rng
from .rules import Rules
from .scoring import game_winner, hand_points, reach_order
from .tricks import NO_SUIT, TABLES, StrainTables, why_unplayable, winner_index

if TYPE_CHECKING:
    from .view import View

_NUM_ACTIONS = CALL + cards.NUM_CARDS
_OVER = ("hand_over", "game_over")

PHASES = ("auction", "kitty", "call", "play", "hand_over", "game_over")


class Trick(NamedTuple):
    """A completed trick: who led, who played what (in order), the joker's named suit, winner."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    named: int
    """Suit named by a joker lead at no trumps (-1: none)."""
    winner: int


class HandResult(NamedTuple):
    """What one finished hand came to."""

    number: int
    dealer: int
    contract: Contract | None
    """None when all passed (thrown in, or played at no trumps by everyone)."""
    declarer: int | None
    partner: int | None
    """The five-handed called partner, if any."""
    tricks: tuple[int, ...]
    """Tricks taken by each seat."""
    points: tuple[int, ...]
    """Points scored by each side."""
    made: bool | None
    kind: str
    """``contract``, ``all_pass_redeal`` or ``all_pass_no_trumps``."""


class HandLog(NamedTuple):
    """A finished hand's deal and every action taken in it (for records and replays)."""

    deal: Deal
    actions: tuple[int, ...]


_STATE_FIELDS = (
    "_hand_no", "_dealer", "_scores", "_results", "_winner", "_past", "_deal", "_log",
    "_phase", "_to_move", "_hands", "_kitty", "_discards", "_discards_left",
    "_auction", "_passed", "_high", "_high_seat", "_spoken",
    "_contract", "_t", "_partner", "_next", "_leader", "_trick", "_trick_seats", "_led",
    "_named", "_led_suits", "_voids", "_won", "_tricks", "_exposed", "_reach_order",
    "_hand_start",
)
_get_state = attrgetter(*_STATE_FIELDS)


class Game:
    """A game of Five Hundred under some Rules, from the first deal to the winner."""

    __slots__ = ("rules", "seed", "_undo", "_bid_table", *_STATE_FIELDS)

    rules: Rules
    seed: int
    _undo: list[tuple[Any, ...]]
    """States before each ``next_hand`` (actions within a hand are undone by replay)."""
    _bid_table: dict[int | None, tuple[int, ...]]
    _hand_no: int
    _dealer: int
    _scores: tuple[int, ...]
    _results: tuple[HandResult, ...]
    _winner: int | None
    _past: tuple[HandLog, ...]
    _deal: Deal
    _log: tuple[int, ...]
    _phase: str
    _to_move: int | None
    _hands: tuple[int, ...]
    _kitty: int
    _discards: int
    _discards_left: int
    _auction: tuple[tuple[int, int], ...]
    _passed: int
    _high: int | None
    _high_seat: int | None
    _spoken: int
    _contract: Contract | None
    _t: StrainTables | None
    _partner: int | None
    _next: tuple[int, ...]
    _leader: int
    _trick: tuple[int, ...]
    _trick_seats: tuple[int, ...]
    _led: int
    _named: int
    _led_suits: int
    _voids: tuple[int, ...]
    _won: tuple[int, ...]
    _tricks: tuple[Trick, ...]
    _exposed: bool
    _reach_order: tuple[int, ...]
    _hand_start: tuple[Any, ...]

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        deal: Mapping[str, Any] | Deal | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Rules.preset("australian")
        self.seed = seed if seed is not None else secrets.randbits(63)
        self._undo = []
        self._bid_table = bid_table(self.rules)
        self._hand_no = 0
        self._scores = (0,) * len(self.rules.sides)
        self._results = ()
        self._winner = None
        self._past = ()
        if deal is not None:
            d = deal if isinstance(deal, Deal) else parse_deal(self.rules, deal)
        else:
            d = self._shuffled_deal(self._first_dealer())
        self._start_hand(d)

    # ------------------------------------------------------------------ public state

    @property
    def phase(self) -> str:
        """``auction``, ``kitty``, ``call``, ``play``, ``hand_over`` or ``game_over``."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None between hands and at the end."""
        return self._to_move

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._dealer

    @property
    def hand_number(self) -> int:
        """Number of the current hand, from 0."""
        return self._hand_no

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals per side (``rules.sides``)."""
        return self._scores

    @property
    def hand_results(self) -> tuple[HandResult, ...]:
        """One entry per finished hand."""
        return self._results

    @property
    def winner(self) -> int | None:
        """The winning side, or None while the game goes on."""
        return self._winner

    @property
    def contract(self) -> Contract | None:
        """The contract being played (None in the auction and the all-pass game)."""
        return self._contract

    @property
    def partner(self) -> int | None:
        """The five-handed called partner once called."""
        return self._partner

    @property
    def call(self) -> str | None:
        """The five-handed declarer's call this hand (``call QH`` or ``alone``), once made."""
        for a in self._log:
            if a == ALONE or CALL <= a < CALL + cards.NUM_CARDS:
                return token_of(a)
        return None

    @property
    def deal(self) -> Deal:
        """The current hand's deal as dealt."""
        return self._deal

    @property
    def actions(self) -> tuple[int, ...]:
        """The action ids taken so far in the current hand."""
        return self._log

    @property
    def past_hands(self) -> tuple[HandLog, ...]:
        """Deal and actions of every finished hand (for records)."""
        return self._past

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The current trick as (seat, card) pairs."""
        return tuple(zip(self._trick_seats, self._trick, strict=True))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this hand."""
        return self._tricks

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken by each seat in this hand so far."""
        return self._won

    @property
    def auction(self) -> tuple[tuple[int, int], ...]:
        """The auction so far as (seat, action) pairs."""
        return self._auction

    @property
    def eldest(self) -> int:
        """The seat left of the dealer (first to bid)."""
        return (self._dealer + 1) % self.rules.players

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Seats that take no part in the play (the misère declarer's partners)."""
        c = self._contract
        if c is None or not c.is_misere:
            return ()
        return tuple(s for s in self.rules.sides[self.rules.side_of[c.declarer]]
                     if s != c.declarer)

    @property
    def exposed(self) -> bool:
        """Whether the open-misère declarer's hand is face up now."""
        return self._exposed

    @property
    def shown_voids(self) -> tuple[int, ...]:
        """Per seat, the mask of suits (bit per suit) it has shown void in this hand."""
        return self._voids

    @property
    def joker_named(self) -> int:
        """Suit named by a joker lead to the current trick (-1: none)."""
        return self._named

    @property
    def suits_led(self) -> int:
        """Mask of the suits led so far in this hand (a joker's named suit counts)."""
        return self._led_suits

    def hand(self, seat: int) -> int:
        """The cards a seat holds now, as a mask (full knowledge: not for bots)."""
        return self._hands[seat]

    def hand_tokens(self, seat: int) -> tuple[str, ...]:
        """The cards a seat holds now, as tokens (full knowledge: not for bots)."""
        return cards.tokens(self._hands[seat])

    @property
    def dead_hand(self) -> int:
        """The dead hand of the two-handed game (0 when there is none)."""
        return self._hands[self.rules.players] if self.rules.dead_hand else 0

    @property
    def kitty(self) -> int:
        """The kitty still on the table (0 once the declarer has taken it)."""
        return self._kitty

    @property
    def discards(self) -> int:
        """The declarer's discards so far."""
        return self._discards

    def view(self, seat: int) -> View:
        """What ``seat`` may see, nothing more (a :class:`fivehundred.view.View`)."""
        from .view import make_view

        return make_view(self, seat)

    # ------------------------------------------------------------------ actions

    def legal_actions(self) -> list[str]:
        """The legal actions as tokens, sorted (empty between hands and at the end)."""
        return sorted(token_of(a) for a in self.legal_action_ids())

    def legal_action_ids(self) -> list[int]:
        """The legal actions as ids of the action space, ascending."""
        ph = self._phase
        if ph == "play":
            return self._legal_play_ids()
        if ph == "auction":
            return list(self._bid_table[self._high])
        if ph == "kitty":
            assert self._to_move is not None
            return cards.cards_of(self._hands[self._to_move])
        if ph == "call":
            return [ALONE] + [CALL + c for c in cards.iter_cards(self._callable())]
        return []

    def apply(self, action: str | int) -> None:
        """Take an action (token or id) for the seat to move; if illegal, raise, change nothing."""
        ph = self._phase
        if type(action) is int:
            a = action
            if not 0 <= a < _NUM_ACTIONS:
                raise IllegalActionError(f"not an action id: {action!r}")
        else:
            a = self._parse(action)
        # Every handler checks the action fully before it changes anything, so an illegal
        # action leaves the state untouched (tests/test_properties.py checks this).
        if ph == "play":
            self._play(a)
        elif ph == "auction":
            self._bid(a)
        elif ph == "kitty":
            self._discard(a)
        elif ph == "call":
            self._call(a)
        elif ph == "hand_over":
            raise IllegalActionError("the hand is over: call next_hand() to deal the next one")
        else:
            raise IllegalActionError("the game is over")
        self._log = (*self._log, a)
        if self._phase in _OVER:
            self._past = (*self._past, HandLog(self._deal, self._log))

    def _parse(self, action: object) -> int:
        """An action id from a token (bids in the auction, cards elsewhere)."""
        ph = self._phase
        if ph == "hand_over":
            raise IllegalActionError("the hand is over: call next_hand() to deal the next one")
        if ph == "game_over":
            raise IllegalActionError("the game is over")
        if not isinstance(action, str):
            raise IllegalActionError(f"an action is a token or an action id, not {action!r}")
        try:
            return action_from_token(action, auction=ph == "auction")
        except MalformedError as e:
            raise IllegalActionError(str(e)) from None

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        for name, value in zip(_STATE_FIELDS, snapshot, strict=True):
            object.__setattr__(self, name, value)

    def undo(self) -> None:
        """Restore the state before the last action (or the last ``next_hand``).

        Apply keeps no copy per action (it is the hot path): undo returns to the state at the
        start of the hand and replays the hand's actions but the last, which is exact because
        the engine is deterministic.
        """
        if self._log:
            actions = self._log[:-1]
            start = self._hand_start
            self._restore(start)
            self._hand_start = start  # the stored start holds an empty placeholder here
            for a in actions:
                self.apply(a)
            return
        if not self._undo:
            raise IllegalActionError("nothing to undo")
        self._restore(self._undo.pop())

    def clone(self) -> Game:
        """An independent copy sharing the immutable state (cheap)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seed = self.seed
        g._undo = list(self._undo)
        g._bid_table = self._bid_table
        for name, value in zip(_STATE_FIELDS, _get_state(self), strict=True):
            object.__setattr__(g, name, value)
        return g

    def next_hand(self, deal: Mapping[str, Any] | Deal | None = None) -> None:
        """After ``hand_over``: deal the next hand (the deal passes left), seeded or given."""
        if self._phase != "hand_over":
            raise IllegalActionError(
                f"next_hand() is for a finished hand; the game is in the {self._phase} phase"
            )
        snapshot = _get_state(self)
        dealer = (self._dealer + 1) % self.rules.players
        self._hand_no += 1
        if deal is None:
            d = self._shuffled_deal(dealer)
        else:
            d = deal if isinstance(deal, Deal) else parse_deal(self.rules, deal)
            if d.dealer != dealer:
                self._hand_no -= 1
                raise DealError(f"the deal passes left: the next dealer is seat {dealer}, "
                                f"not seat {d.dealer}")
        self._start_hand(d)
        self._undo.append(snapshot)


    # ------------------------------------------------------------------ dealing

    def _first_dealer(self) -> int:
        """The first dealer: a seeded random seat, or the lowest card of a seeded cut."""
        rng = Rng(self.seed ^ 0x5EED_DEA1)
        n = self.rules.players
        if self.rules.first_dealer == "random":
            return rng.below(n)
        return first_dealer_by_cut(self.rules, rng)[0]

    def _shuffled_deal(self, dealer: int) -> Deal:
        """The seeded deal of hand ``self._hand_no``: same seed and hand, same cards anywhere."""
        rng = Rng(self.seed).fork(self._hand_no + 1)
        return deal_cards(self.rules, dealer, rng)

    def _start_hand(self, d: Deal) -> None:
        r = self.rules
        n = r.players
        self._dealer = d.dealer
        self._deal = d
        self._log = ()
        self._phase = "auction"
        self._hands = d.hands
        self._kitty = d.kitty
        self._discards = 0
        self._discards_left = 0
        self._auction = ()
        self._passed = 0
        self._high = None
        self._high_seat = None
        self._spoken = 0
        self._contract = None
        self._t = None
        self._partner = None
        self._next = tuple((s + 1) % n for s in range(n))
        self._leader = 0
        self._trick = ()
        self._trick_seats = ()
        self._led = NO_SUIT
        self._named = NO_SUIT
        self._led_suits = 0
        self._voids = (0,) * n
        self._won = (0,) * n
        self._tricks = ()
        self._exposed = False
        self._reach_order = ()
        self._to_move = (d.dealer + 1) % n
        self._hand_start = ()
        self._hand_start = _get_state(self)

    # ------------------------------------------------------------------ the auction

    def _bid(self, a: int) -> None:
        r = self.rules
        seat = self._to_move
        assert seat is not None
        if a != PASS:
            if a not in self._bid_table[self._high]:
                if not (BID <= a < BID + 25 or a in (MISERE, OPEN_MISERE)):
                    raise IllegalActionError(
                        f"{token_of(a)} is not a bid: the auction expects a bid (like 7H, "
                        "8NT, misere, open-misere) or pass"
                    )
                raise IllegalActionError(can_bid(r, a, self._high) or "not a legal bid here")
            self._high, self._high_seat = a, seat
        else:
            self._passed |= 1 << seat
        self._auction = (*self._auction, (seat, a))
        self._spoken += 1
        n = r.players
        everyone = (1 << n) - 1
        if r.auction == "single":
            if self._spoken < n:
                self._to_move = (seat + 1) % n
                return
        else:
            remaining = everyone & ~self._passed
            if remaining and not (self._high is not None and remaining.bit_count() == 1):
                nxt = (seat + 1) % n
                while self._passed >> nxt & 1:
                    nxt = (nxt + 1) % n
                self._to_move = nxt
                return
        if self._high is None:
            self._all_passed()
        else:
            assert self._high_seat is not None
            self._win_auction(contract_of(r, self._high, self._high_seat))

    def _all_passed(self) -> None:
        if self.rules.all_pass == "redeal":
            self._end_hand(kind="all_pass_redeal")
            return
        self._t = TABLES[NO_TRUMPS]
        self._start_play(leader=self.eldest, active=tuple(range(self.rules.players)))

    def _win_auction(self, contract: Contract) -> None:
        self._contract = contract
        self._t = TABLES[contract.strain]
        d = contract.declarer
        self._hands = _with(self._hands, d, self._hands[d] | self._kitty)
        self._kitty = 0
        self._discards_left = self.rules.kitty_size
        self._phase = "kitty"
        self._to_move = d

    # ------------------------------------------------------------------ kitty and call

    def _discard(self, a: int) -> None:
        seat = self._to_move
        assert seat is not None
        if a >= cards.NUM_CARDS:
            raise IllegalActionError(
                f"{token_of(a)} is not a card: the declarer now discards "
                f"{self._discards_left} more card(s) from hand"
            )
        hand = self._hands[seat]
        if not hand >> a & 1:
            raise IllegalActionError(f"cannot discard {cards.token(a)}: you do not hold it")
        self._hands = _with(self._hands, seat, hand & ~(1 << a))
        self._discards |= 1 << a
        self._discards_left -= 1
        if self._discards_left:
            return
        c = self._contract
        assert c is not None
        if self.rules.call_partner and not c.is_misere:
            self._phase = "call"
        else:
            self._begin_contract_play()

    def _callable(self) -> int:
        """Cards the declarer may call: in another hand (not his own nor discarded), no trump."""
        c = self._contract
        t = self._t
        assert c is not None and t is not None
        m = self.rules.deck_mask & ~self._hands[c.declarer] & ~self._discards
        if c.strain != NO_TRUMPS:
            m &= ~t.suit_mask[c.strain]
        return m

    def _call(self, a: int) -> None:
        c = self._contract
        assert c is not None
        if a == ALONE:
            self._begin_contract_play()
            return
        if not CALL <= a < CALL + cards.NUM_CARDS:
            raise IllegalActionError(
                f"{token_of(a)}: the declarer now calls a partner ('call QH') or plays 'alone'"
            )
        card = a - CALL
        if not self._callable() >> card & 1:
            tok = cards.token(card)
            if not self.rules.deck_mask >> card & 1:
                why = f"{tok} is not in the {self.rules.deck} pack"
            elif self._hands[c.declarer] >> card & 1 or self._discards >> card & 1:
                why = f"you hold or discarded {tok} yourself"
            else:
                why = f"{tok} is a trump; the called card may not be a trump"
            raise IllegalActionError(f"cannot call {tok}: {why}")
        self._partner = next(s for s in range(self.rules.players) if self._hands[s] >> card & 1)
        self._begin_contract_play()

    def _begin_contract_play(self) -> None:
        r = self.rules
        c = self._contract
        assert c is not None
        out = set(self.sitting_out)
        active = tuple(s for s in range(r.players) if s not in out)
        if r.opening_lead == "declarer":
            leader = c.declarer
        else:
            leader = self.eldest
            while leader in out:
                leader = (leader + 1) % r.players
        self._start_play(leader, active)
        if c.is_open and r.open_misere_reveal == "before_lead":
            self._exposed = True

    def _start_play(self, leader: int, active: tuple[int, ...]) -> None:
        n = self.rules.players
        nxt = list(range(n))
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        self._next = tuple(nxt)
        self._phase = "play"
        self._leader = leader
        self._to_move = leader

    # ------------------------------------------------------------------ the play

    def _joker_names(self, seat: int) -> list[int] | None:
        """Suits a no-trump joker lead may name now ([] = none to name; None = may not lead)."""
        if self.rules.nt_joker == "australian":
            names = [s for s in range(4) if not self._led_suits >> s & 1]
            if names or self._hands[seat].bit_count() == 1:
                return names
            return None
        return [s for s in range(4) if not self._voids[seat] >> s & 1]

    def _legal_play_mask(self, seat: int) -> int:
        t = self._t
        assert t is not None
        hand = self._hands[seat]
        if not self._trick:
            if t.strain == NO_TRUMPS and hand >> JOKER & 1 and self._joker_names(seat) is None:
                return hand & ~(1 << JOKER)
            return hand
        led = self._led
        if led != NO_SUIT:
            follow = hand & t.suit_mask[led]
            if follow:
                return follow
        if (
            t.strain == NO_TRUMPS
            and hand >> JOKER & 1
            and self._contract is not None
            and self._contract.is_misere
            and self.rules.nt_joker == "australian"
        ):
            return 1 << JOKER
        return hand

    def _legal_play_ids(self) -> list[int]:
        seat = self._to_move
        assert seat is not None and self._t is not None
        mask = self._legal_play_mask(seat)
        out = cards.cards_of(mask)
        if not self._trick and self._t.strain == NO_TRUMPS and mask >> JOKER & 1:
            names = self._joker_names(seat)
            if names:
                out.pop()  # the joker is the highest id: replace it by its named leads
                out.extend(JOKER_LEAD + s for s in names)
        return out

    def _explain_play(self, seat: int, c: int, named: int) -> str:
        """Why playing card ``c`` (naming ``named``) is illegal now."""
        assert self._t is not None
        leading = not self._trick
        names = self._joker_names(seat) if leading and c == JOKER else None
        return why_unplayable(self.rules, self._t, self._hands[seat], c, named,
                              NO_SUIT if leading else self._led, leading, names)

    def _play(self, a: int) -> None:
        seat = self._to_move
        t = self._t
        assert seat is not None and t is not None
        if a < JOKER_LEAD:
            c, named = a, NO_SUIT
        elif a < BID:
            c, named = JOKER, a - JOKER_LEAD
        else:
            raise IllegalActionError(
                f"{token_of(a)} is not a card: the game is in the play; "
                f"seat {seat} plays a card"
            )
        hands = self._hands
        hand = hands[seat]
        if not self._legal_play_mask(seat) >> c & 1:
            raise IllegalActionError(self._explain_play(seat, c, named))
        trick = self._trick
        if c == JOKER and not trick and t.strain == NO_TRUMPS:
            names = self._joker_names(seat)
            if (named == NO_SUIT) != (not names) or (named != NO_SUIT and named not in
                                                        (names or ())):
                raise IllegalActionError(self._explain_play(seat, c, named))
        elif named != NO_SUIT:
            raise IllegalActionError(self._explain_play(seat, c, named))
        self._hands = (*hands[:seat], hand & ~(1 << c), *hands[seat + 1 :])
        if not trick:
            self._leader = seat
            led = named if c == JOKER and t.strain == NO_TRUMPS else t.eff_suit[c]
            self._led = led
            self._named = named
            if led != NO_SUIT:
                self._led_suits |= 1 << led
        else:
            led = self._led
            if led != NO_SUIT and t.eff_suit[c] != led:
                self._voids = _with(self._voids, seat, self._voids[seat] | 1 << led)
        self._trick = (*trick, c)
        self._trick_seats = (*self._trick_seats, seat)
        nxt = self._next[seat]
        if nxt != self._leader:
            self._to_move = nxt
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        t = self._t
        assert t is not None
        i = winner_index(t, self._trick, self._led)
        w = self._trick_seats[i]
        self._tricks = (*self._tricks, Trick(self._leader, self._trick_seats, self._trick,
                                              self._named, w))
        self._won = _with(self._won, w, self._won[w] + 1)
        self._track_reach(w)
        self._trick = ()
        self._trick_seats = ()
        self._led = NO_SUIT
        self._named = NO_SUIT
        c = self._contract
        if c is not None and c.is_open and not self._exposed:
            self._exposed = True
        done = not self._hands[w]
        if c is not None and c.is_misere and w == c.declarer and self.rules.misere_stops_when_taken:
            done = True
        if done:
            self._end_hand(kind="contract" if c is not None else "all_pass_no_trumps")
            return
        self._leader = w
        self._to_move = w

    def _track_reach(self, winner: int) -> None:
        """Note each side that reaches the target with this trick (``scoring.reach_order``)."""
        self._reach_order = reach_order(self.rules, self._contract, self._partner, self._won,
                                        self._scores, self._reach_order, winner)

    # ------------------------------------------------------------------ the end of a hand

    def _end_hand(self, kind: str) -> None:
        r = self.rules
        c = self._contract
        if kind == "all_pass_redeal":
            points: tuple[int, ...] = (0,) * len(r.sides)
            made: bool | None = None
        else:
            points, made = hand_points(r, c, self._partner, self._won)
        self._scores = tuple(a + b for a, b in zip(self._scores, points, strict=True))
        self._results = (*self._results, HandResult(
            self._hand_no, self._dealer, c, c.declarer if c else None, self._partner,
            self._won, points, made, kind))
        self._winner = game_winner(r, self._scores, c, self._partner, made, self._reach_order)
        self._phase = "game_over" if self._winner is not None else "hand_over"
        self._to_move = None


# ---------------------------------------------------------------------- helpers


def _with(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    """A tuple with item ``i`` replaced."""
    return (*t[:i], v, *t[i + 1 :])


__all__ = ["Deal", "Game", "HandLog", "HandResult", "Trick"]
