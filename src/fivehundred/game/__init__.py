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
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .. import cards
from ..actions import ALONE, CALL, action_from_token, is_bid_token, token_of
from ..auction import Contract, bid_table
from ..dealing import Deal, check_deal, first_dealer, seeded_deal
from ..errors import DealError, IllegalActionError, MalformedError, SeatError, shown
from ..numbers import seat_number, seed_number, whole_number
from ..rules import MAX_POINTS, Rules
from ..tricks import NO_SUIT
from .bidding import BiddingPhase
from .state import STATE_FIELDS, HandLog, HandResult, Trick, get_state

if TYPE_CHECKING:
    from ..view import View

_NUM_ACTIONS = CALL + cards.NUM_CARDS
_OVER = ("hand_over", "game_over")

PHASES = ("auction", "kitty", "call", "play", "hand_over", "game_over")


class Game(BiddingPhase):
    """A game of Five Hundred under some Rules, from the first deal to the winner.

    ``seed`` deals every hand (a secret random one if None); ``deal``, the first hand's
    cards instead; ``scores``, each side's score to begin at (0 each if None: a practice of
    one hand of another game begins at that game's score, :func:`start_scores`).
    """

    __slots__ = ()

    def __init__(
        self,
        rules: Rules | str | None = None,
        seed: int | None = None,
        deal: Mapping[str, Any] | Deal | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        if isinstance(rules, str):
            rules = Rules.parse(rules)            # a preset's name or a rules string
        elif rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be Rules, a preset's name or a rules string, not "
                            f"{shown(rules)}")
        self.rules = rules if rules is not None else Rules.preset("australian")
        # a whole number (numpy's too) from 0 to 2**64 - 1: the generator's 64 bits
        self.seed = (secrets.randbits(63) if seed is None
                     else seed_number(seed, TypeError, ValueError))
        self._undo = []
        self._bid_table = bid_table(self.rules)
        self._hand_no = 0
        self.start_scores = start_scores(self.rules, scores)
        self._scores = self.start_scores
        self._results = ()
        self._winner = None
        self._past = ()
        if deal is not None:
            d = check_deal(self.rules, deal)
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

    def scores_at(self, hand: int) -> tuple[int, ...]:
        """Each side's score when hand ``hand`` (from 0; the one being played at most) began:
        where a practice of that hand begins.  ValueError for a hand not yet dealt.

        >>> g = Game(Rules.preset("australian"), seed=7, scores=(120, -40))
        >>> for tok in ["pass"] * 4:
        ...     g.apply(tok)
        >>> g.scores_at(0), g.scores_at(1)
        ((120, -40), (120, -40))
        """
        if isinstance(hand, bool) or not isinstance(hand, int) or \
                not 0 <= hand <= len(self._results):
            raise ValueError(f"hand {hand!r}: the hands so far are 0 to {len(self._results)}")
        scores = self.start_scores
        for res in self._results[:hand]:
            scores = tuple(a + b for a, b in zip(scores, res.points, strict=True))
        return scores

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
        """The cards a seat holds now, as a mask (full knowledge: not for bots); a seat not
        the table's is a SeatError (never another seat's, nor the dead hand)."""
        return self._hands[seat_number(seat, self.rules.players, SeatError)]

    def hand_tokens(self, seat: int) -> tuple[str, ...]:
        """The cards a seat holds now, as tokens (full knowledge: not for bots)."""
        return cards.tokens(self.hand(seat))

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
        from ..view import make_view

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
        if type(action) is not int and not isinstance(action, str):
            action = whole_number(action, IllegalActionError,   # numpy's ints too
                                  "an action is a token or an action id")
        if type(action) is int:
            a = action
            if not 0 <= a < _NUM_ACTIONS:
                raise IllegalActionError(f"not an action id: {shown(action)}")
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
            raise IllegalActionError(f"an action is a token or an action id, not {shown(action)}")
        try:
            return action_from_token(action, auction=ph == "auction")
        except MalformedError as e:
            if ph != "auction" and is_bid_token(action):    # (said of every phase at once)
                raise IllegalActionError(f"{shown(action)} is a bid, but the auction is over: "
                                         f"{self._expected()}") from None
            raise IllegalActionError(str(e)) from None

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        for name, value in zip(STATE_FIELDS, snapshot, strict=True):
            object.__setattr__(self, name, value)

    def undo(self) -> None:
        """Restore the state before the last action (or the last ``next_hand``).

        Apply keeps no copy per action (it is the hot path): undo returns to the state at the
        start of the hand and replays the hand's actions but the last, which is exact because
        the engine is deterministic.
        """
        if self._log:
            self._replay_hand(self._log[:-1])
            return
        if not self._undo:
            raise IllegalActionError("nothing to undo")
        self._restore(self._undo.pop())

    def take_back(self, seat: int) -> tuple[int, ...]:
        """Undo ``seat``'s last decision of the hand in play and every action after it (a
        solo player's take-back); return the action ids undone, in the order taken.

        A decision is one action, but for the declarer's discard, taken back whole.  Only
        within the hand in play: a finished hand is scored.  :class:`IllegalActionError`,
        nothing changed, when the hand is over or ``seat`` has made no decision in it yet.

        >>> g = Game(Rules.preset("australian"), seed=7)
        >>> g.apply("pass"); g.apply("6S"); g.apply("pass")
        >>> [token_of(a) for a in g.take_back(1)], g.to_move
        (['6S', 'pass'], 1)
        """
        keep = self._decision_start(seat)
        undone = self._log[keep:]
        self._replay_hand(self._log[:keep])
        return undone

    def _replay_hand(self, actions: tuple[int, ...]) -> None:
        """Back to the start of the hand, then ``actions`` applied again (exact: the engine
        is deterministic)."""
        start = self._hand_start
        self._restore(start)
        self._hand_start = start  # the stored start holds an empty placeholder here
        for a in actions:
            self.apply(a)

    def can_take_back(self, seat: int) -> bool:
        """Whether :meth:`take_back` would take back a decision of ``seat`` now."""
        try:
            self._decision_start(seat)
        except IllegalActionError:
            return False
        return True

    def _decision_start(self, seat: int) -> int:
        """How many of the hand's actions come before ``seat``'s last decision in it."""
        seat = seat_number(seat, self.rules.players, SeatError)     # (as view's)
        if self._phase in _OVER:
            raise IllegalActionError("the hand is over and scored: a take-back is for the "
                                     "hand in play")
        trial = self.clone()
        trial._restore(self._hand_start)
        movers: list[tuple[int | None, str]] = []
        for a in self._log:
            movers.append((trial._to_move, trial._phase))
            trial.apply(a)
        last = [i for i, (m, _) in enumerate(movers) if m == seat]
        if not last:
            raise IllegalActionError(f"seat {seat} has made no decision in this hand yet: "
                                     "there is nothing of it to take back")
        i = last[-1]
        while i > 0 and movers[i][1] == "kitty" and movers[i - 1] == (seat, "kitty"):
            i -= 1       # the discard is one decision, however many cards
        return i

    def clone(self) -> Game:
        """An independent copy sharing the immutable state (cheap)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seed = self.seed
        g.start_scores = self.start_scores
        g._undo = list(self._undo)
        g._bid_table = self._bid_table
        for name, value in zip(STATE_FIELDS, get_state(self), strict=True):
            object.__setattr__(g, name, value)
        return g

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`clone`: a shallow copy would share the undo stack,
        and an undo in one game could load the other's state."""
        return self.clone()

    def next_hand(self, deal: Mapping[str, Any] | Deal | None = None) -> None:
        """After ``hand_over``: deal the next hand (the deal passes left), seeded or given."""
        if self._phase != "hand_over":
            raise IllegalActionError(
                f"next_hand() is for a finished hand; the game is in the {self._phase} phase"
            )
        snapshot = get_state(self)
        dealer = (self._dealer + 1) % self.rules.players
        if deal is not None:       # checked whole before anything changes
            d = check_deal(self.rules, deal)
            if d.dealer != dealer:
                raise DealError(f"the deal passes left: the next dealer is seat {dealer}, "
                                f"not seat {d.dealer}")
        self._hand_no += 1
        if deal is None:
            d = self._shuffled_deal(dealer)
        self._start_hand(d)
        self._undo.append(snapshot)

    # ------------------------------------------------------------------ dealing

    def _first_dealer(self) -> int:
        """The first dealer: a seeded random seat, or the lowest card of a seeded cut."""
        return first_dealer(self.rules, self.seed)

    def _shuffled_deal(self, dealer: int) -> Deal:
        """The seeded deal of hand ``self._hand_no``: same seed and hand, same cards anywhere."""
        return seeded_deal(self.rules, self.seed, self._hand_no, dealer)

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
        self._hand_start = get_state(self)


def start_scores(rules: Rules, scores: Sequence[int] | None) -> tuple[int, ...]:
    """The scores a game begins at: 0 each, or ``scores``, one whole number per side of
    ``rules`` at which the game is not over (no side at or below the hole; none at the
    target where reaching it wins, since reaching it by defending does not win where a side
    wins by its own contract).  TypeError or ValueError, saying which, otherwise.

    >>> start_scores(Rules.preset("australian"), [480, -120])
    (480, -120)
    >>> start_scores(Rules.preset("classic3"), (500, 0, 0))
    Traceback (most recent call last):
    ...
    ValueError: scores: side 0 has 500, the target: the game would be over
    """
    sides = len(rules.sides)
    if scores is None:
        return (0,) * sides
    if isinstance(scores, (str, bytes, Mapping)) or not isinstance(scores, Sequence):
        raise TypeError(f"scores: one whole number per side ({sides}), not {shown(scores)}")
    if len(scores) != sides:
        raise ValueError(f"scores: one whole number per side, {sides} here, got {len(scores)}")
    out = tuple(whole_number(v, TypeError, f"scores: side {i}'s is a whole number")
                for i, v in enumerate(scores))
    for i, v in enumerate(out):
        if abs(v) > MAX_POINTS:
            raise ValueError(f"scores: side {i}'s {v} is past any game (at most "
                             f"{MAX_POINTS:,} either way)")
        if v <= rules.hole:
            raise ValueError(f"scores: side {i} has {v}, in the hole ({rules.hole}): the game "
                             "would be over")
        if v >= rules.target and rules.win != "by_own_contract":
            raise ValueError(f"scores: side {i} has {v}, the target: the game would be over")
    return out


__all__ = ["PHASES", "Deal", "Game", "HandLog", "HandResult", "Trick"]
