"""The play of a hand: legal cards (the joker's rules included), tricks, and the hand's end.

A mixin of :class:`fivehundred.game.Game`: each handler checks the action fully before it
changes any field, so an illegal card leaves the game untouched.
"""

from __future__ import annotations

from ..actions import BID, JOKER_LEAD, action_words
from ..cards import JOKER, NO_TRUMPS, cards_of
from ..errors import IllegalActionError
from ..scoring import game_winner, hand_points, reach_order
from ..tricks import NO_SUIT, why_unplayable, winner_index
from .state import GameState, HandResult, Trick, replaced


class PlayPhase(GameState):
    """The play phase's handlers, and the end of a hand."""

    __slots__ = ()

    def _start_play(self, leader: int, active: tuple[int, ...]) -> None:
        n = self.rules.players
        nxt = list(range(n))
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        self._next = tuple(nxt)
        self._phase = "play"
        self._leader = leader
        self._to_move = leader

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
        out = cards_of(mask)
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

    def _expected(self) -> str:
        """What the game expects now, in words (the kitty and the call: BiddingPhase's)."""
        return f"the game is in the play; seat {self._to_move} plays a card"

    def _play(self, a: int) -> None:
        seat = self._to_move
        t = self._t
        assert seat is not None and t is not None
        if a < JOKER_LEAD:
            c, named = a, NO_SUIT
        elif a < BID:
            c, named = JOKER, a - JOKER_LEAD
        else:
            raise IllegalActionError(f"{action_words(a)} is not a card: {self._expected()}")
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
                self._voids = replaced(self._voids, seat, self._voids[seat] | 1 << led)
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
        self._won = replaced(self._won, w, self._won[w] + 1)
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
