"""The auction, the declarer's kitty and the five-handed partner call.

A mixin of :class:`fivehundred.game.Game`: each handler checks the action fully before it
changes any field, so an illegal bid, discard or call leaves the game untouched.
"""

from __future__ import annotations

from .. import cards
from ..actions import ALONE, BID, CALL, MISERE, OPEN_MISERE, PASS, action_words
from ..auction import Contract, can_bid, contract_of
from ..cards import NO_TRUMPS
from ..errors import IllegalActionError
from ..tricks import NO_SUIT, TABLES, opening_leader, why_unplayable
from .play import PlayPhase
from .state import replaced


class BiddingPhase(PlayPhase):
    """The handlers of the auction, the kitty and the call (above the play's: an auction
    ends in the play, or in the hand's end when all pass)."""

    __slots__ = ()

    def _bid(self, a: int) -> None:
        r = self.rules
        seat = self._to_move
        assert seat is not None
        if a != PASS:
            if a not in self._bid_table[self._high]:
                if not (BID <= a < BID + 25 or a in (MISERE, OPEN_MISERE)):
                    raise IllegalActionError(
                        f"{action_words(a)} is not a bid: the auction expects a bid (like 7H, "
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
        self._start_play(leader=opening_leader(self.rules, self._dealer),
                         active=tuple(range(self.rules.players)))

    def _win_auction(self, contract: Contract) -> None:
        self._contract = contract
        self._t = TABLES[contract.strain]
        d = contract.declarer
        self._hands = replaced(self._hands, d, self._hands[d] | self._kitty)
        self._kitty = 0
        self._discards_left = self.rules.kitty_size
        self._phase = "kitty"
        self._to_move = d

    # ------------------------------------------------------------------ kitty and call

    def _expected(self) -> str:
        """What the game expects now, in words, once the auction is over: a discard, a call,
        a card (an out-of-place action is told so)."""
        if self._phase == "kitty":
            return (f"the declarer now discards {self._discards_left} more card(s) from "
                    "hand")
        if self._phase == "call":
            return "the declarer now calls a partner ('call QH') or plays 'alone'"
        return super()._expected()

    def _discard(self, a: int) -> None:
        seat = self._to_move
        assert seat is not None
        if a >= cards.NUM_CARDS:
            raise IllegalActionError(f"{action_words(a)} is not a card: {self._expected()}")
        hand = self._hands[seat]
        if not hand >> a & 1:
            why = ("you have discarded it already" if self._discards >> a & 1
                   else self._outside_pack(a) or "you do not hold it")
            raise IllegalActionError(f"cannot discard {cards.token(a)}: {why}")
        self._hands = replaced(self._hands, seat, hand & ~(1 << a))
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

    def _outside_pack(self, card: int) -> str | None:
        """Why ``card`` is no card of this game, as a play of it is told (it is not in the
        pack: a discard said "you do not hold it"); None for a card of the pack."""
        if self.rules.deck_mask >> card & 1:
            return None
        return why_unplayable(self.rules, TABLES[NO_TRUMPS], 0, card, NO_SUIT, NO_SUIT, False,
                              None)

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
            raise IllegalActionError(f"{action_words(a)}: {self._expected()}")
        card = a - CALL
        if not self._callable() >> card & 1:
            tok = cards.token(card)
            outside = self._outside_pack(card)
            if outside is not None:
                why = outside
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
        self._start_play(opening_leader(r, self._dealer, c.declarer, c.is_misere), active)
        if c.is_open and r.open_misere_reveal == "before_lead":
            self._exposed = True
