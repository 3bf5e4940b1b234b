"""The engine-free checks of one hand of a record, in the order a reader meets its parts.

The deal (tokens of the pack, no card twice, the hands' sizes), the auction in turn, the kitty
and the discards, the call, the tricks in turn with their winners, what one seat may see, and
the result as the recorded tricks score it.  :mod:`.checks` runs one for each hand of a game.
"""

from __future__ import annotations

from typing import NoReturn

from .. import cards
from ..actions import ALONE, BID, CALL, JOKER_LEAD, PASS, action_from_token, token_of
from ..auction import Contract, contract_of, is_bid
from ..cards import JOKER, NO_TRUMPS
from ..dealing import twice_in
from ..errors import FiveHundredError
from ..rules import Rules
from ..scoring import hand_points
from ..tricks import NO_SUIT, TABLES, opening_leader, sitting_out, winner_index
from .model import (
    HIDDEN,
    HandOutcome,
    HandRecord,
    Layout,
    RecordProblem,
    TrickRecord,
)


def _ints(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


def is_int(x: object) -> bool:
    """Whether ``x`` is a whole number (an int, not a bool) as a record's fields must be."""
    return isinstance(x, int) and not isinstance(x, bool)


_LABELS = {"dealer": "dealer", "dead": "the dead hand", "kitty": "the kitty",
           "exposed": "the exposed hand", "result": "result", "hand": ""}


class HandChecker:
    """The checks of one hand, in the order a reader meets its parts."""

    def __init__(self, rules: Rules, viewpoint: int | None, index: int, hand: HandRecord,
                 totals: tuple[int, ...], blind: bool = False) -> None:
        self.r = rules
        self.v = viewpoint
        self.blind = blind and viewpoint is not None
        """A hand played before the viewpoint seat's present player sat: none of its cards."""
        self.i = index
        self.h = hand
        self.prev_totals = totals
        self.seen: dict[int, str] = {}
        self.owned = 0          # the viewpoint's cards (own hand, the kitty if declarer)

    # -- failing with a place -----------------------------------------------------------

    def fail(self, fld: str, key: int | None, reason: str, seat: int | None = None) -> NoReturn:
        """Refuse the hand: ``reason``, at its part ``fld`` (its item ``key``), an action
        named with the ``seat`` whose it was where the check knows it."""
        h = self.h
        where = f"hand {self.i + 1}"
        if fld in ("auction", "discards", "call", "play"):
            offset = {"auction": 0, "discards": len(h.auction),
                      "call": len(h.auction) + len(h.discards),
                      "play": len(h.auction) + len(h.discards) + (h.call is not None)}[fld]
            seq = getattr(h, fld) if fld != "call" else (h.call,)
            k = key or 0
            if k < len(seq):
                by = "" if seat is None else f" by seat {seat}"
                where += f", action {offset + k + 1} ({seq[k]}{by})"
            else:
                where += f", {fld}"
        elif fld == "cards":
            where += f", seat {key}'s cards"
        elif _LABELS.get(fld):
            where += f", {_LABELS[fld]}"
        raise RecordProblem(reason, where, self.i, fld, key)

    def sat_later(self) -> str:
        """Why the viewpoint saw none of a blind hand, to end a refusal's first clause."""
        return (" (its present player sat down after this hand: the Seated tag)"
                if self.blind else "")

    # -- the parts ------------------------------------------------------------------------

    def run(self, with_result: bool = True) -> Layout:
        r, h = self.r, self.h
        n = r.players
        if not is_int(h.dealer) or not 0 <= h.dealer < n:
            self.fail("dealer", None, f"the dealer must be a seat from 0 to {n - 1}, "
                                      f"got {h.dealer!r}")
        self.check_deal()
        if self.v is None:      # (every card seen: the kitty is dealt, checked with the deal)
            self.check_kitty(visible=True)
        lay_auction, over, high, declarer = self.check_auction()
        contract = contract_of(r, action_from_token(high, auction=True), declarer) if (
            high is not None and declarer is not None) else None
        is_declarer = (contract is not None and self.v == contract.declarer
                       and not self.blind)
        if self.v is not None:  # (seen or not as the auction went)
            self.check_kitty(visible=is_declarer)
        if is_declarer and self.h.kitty is not None:
            self.owned |= cards.mask_of(self.h.kitty)
        ready = self.check_discards_and_call(over, contract, is_declarer)
        tricks, won, hand_over = self.check_play(over, contract, ready)
        self.check_exposed(contract)
        if with_result:
            self.check_result(hand_over, contract, tuple(won))
        return Layout(lay_auction, over, high, declarer, tricks, tuple(won), hand_over)

    def card_set(self, fld: str, key: int | None, label: str, toks: object,
                 size: int | None) -> int:
        if not isinstance(toks, tuple) or not all(isinstance(t, str) for t in toks):
            self.fail(fld, key, f"{label}: expected a list of card tokens, got {toks!r}")
        m = 0
        for t in toks:
            if t == HIDDEN:
                self.fail(fld, key, "? stands for a whole unseen set of cards, not for one card")
            c = self.card(fld, key, t)
            if c in self.seen:
                self.fail(fld, key, f"card {t} appears twice {twice_in(self.seen[c], label)}")
            self.seen[c] = label
            m |= 1 << c
        if size is not None and m.bit_count() != size:
            self.fail(fld, key, f"{m.bit_count()} cards, expected {size}")
        return m

    def card(self, fld: str, key: int | None, tok: str) -> int:
        try:
            c = cards.card_from_token(tok)
        except FiveHundredError as e:
            self.fail(fld, key, str(e))
        if not self.r.deck_mask >> c & 1:
            self.fail(fld, key, f"card {tok} is not in the {self.r.deck}-card pack")
        return c

    def check_deal(self) -> None:
        r, h, v = self.r, self.h, self.v
        n = r.players
        if not isinstance(h.cards, tuple) or len(h.cards) != n:
            got = len(h.cards) if isinstance(h.cards, tuple) else h.cards
            self.fail("hand", None, f"expected the cards of {n} seats (one set per seat), "
                                    f"got {got!r}")
        for s, toks in enumerate(h.cards):
            if toks is None:
                if v is None:
                    self.fail("cards", s, "unseen (?) cards are only for one seat's view "
                                          "(a record with a Viewpoint)")
                if v == s and not self.blind:
                    self.fail("cards", s, "the viewpoint seat's own cards must be given")
                continue
            if v == s and self.blind:
                self.fail("cards", s, f"seat {v}'s present player sat down after this hand "
                                      "(the Seated tag) and never saw these cards: write ?")
            if v is not None and v != s:
                self.fail("cards", s, f"seat {v} cannot see seat {s}'s cards: write ?")
            m = self.card_set("cards", s, f"seat {s}'s cards", toks, 10)
            if s == v:
                self.owned |= m
        if not r.dead_hand:
            if h.dead is not None:
                self.fail("dead", None, "only the two-handed dead-hand game has a dead hand")
        elif v is not None:
            if h.dead is not None:
                self.fail("dead", None, "nobody sees the dead hand: in one seat's view it is ?")
        elif h.dead is None:
            self.fail("dead", None, "the dead hand is missing (? is only for one seat's view)")
        else:
            self.card_set("dead", None, "the dead hand", h.dead, 10)

    def check_auction(self) -> tuple[tuple[tuple[int, str], ...], bool, str | None, int | None]:
        r, h = self.r, self.h
        n = r.players
        if not isinstance(h.auction, tuple):
            self.fail("auction", None, "expected a list of bid tokens")
        seat = (h.dealer + 1) % n
        passed = 0
        high: int | None = None
        high_seat: int | None = None
        over = False
        out: list[tuple[int, str]] = []
        for k, tok in enumerate(h.auction):
            if over:
                self.fail("auction", k, f"the auction was over after {k} calls")
            a = self.action("auction", k, tok)
            if not is_bid(a):
                self.fail("auction", k, "not a bid: expected pass, a bid like 7H or 10NT, "
                                        "misere or open-misere", seat)
            out.append((seat, tok))
            if a == PASS:
                passed |= 1 << seat
            else:
                high, high_seat = a, seat
            if r.auction == "single":
                over = k + 1 == n
                seat = (seat + 1) % n
            else:
                remaining = ((1 << n) - 1) & ~passed
                if remaining and not (high is not None and remaining.bit_count() == 1):
                    seat = (seat + 1) % n
                    while passed >> seat & 1:
                        seat = (seat + 1) % n
                else:
                    over = True
        if not over:
            return tuple(out), False, None, None
        return tuple(out), True, (token_of(high) if high is not None else None), high_seat

    def action(self, fld: str, k: int, tok: object) -> int:
        if not isinstance(tok, str):
            self.fail(fld, k, f"expected an action token, got {tok!r}")
        try:
            return action_from_token(tok, auction=fld == "auction")
        except FiveHundredError as e:
            self.fail(fld, k, str(e))

    def check_kitty(self, visible: bool) -> None:
        h, r = self.h, self.r
        if h.kitty is None:
            if self.v is None:
                self.fail("kitty", None, "the kitty is missing (? is only for one seat's view)")
            if visible:
                self.fail("kitty", None, f"seat {self.v} is the declarer and has seen the kitty: "
                                         "it must be given")
            return
        if not visible:
            self.fail("kitty", None, f"seat {self.v} never sees the kitty here"
                                     f"{self.sat_later()}: write ?")
        # With every size right and no card twice, the whole pack is dealt: no more to check.
        self.card_set("kitty", None, "the kitty", h.kitty, r.kitty_size)

    def check_discards_and_call(self, over: bool, contract: Contract | None,
                                is_declarer: bool) -> bool:
        """Check the discards and the call; return whether the play may begin."""
        r, h = self.r, self.h
        if not isinstance(h.discards, tuple):
            self.fail("discards", None, "expected a list of card tokens")
        if contract is None:
            if h.discards:
                why = ("the auction is not over" if not over else "nobody took the kitty "
                       "(all passed)")
                self.fail("discards", 0, f"no discards here: {why}")
            if h.call is not None:
                self.fail("call", 0, "no partner is called here: there is no contract")
            return over and r.all_pass == "play_no_trumps"
        size = r.kitty_size
        if len(h.discards) > size:
            self.fail("discards", size, f"the declarer discards {size} cards, not more")
        hidden = self.v is not None and not is_declarer
        held = 0
        if not hidden:
            held = (cards.mask_of(h.cards[contract.declarer] or ())
                    | cards.mask_of(h.kitty or ()))
        done = 0
        for k, tok in enumerate(h.discards):
            if hidden:
                if tok != HIDDEN:
                    self.fail("discards", k, f"seat {self.v} cannot see the declarer's "
                                             f"discards{self.sat_later()}: write ?")
                continue
            if tok == HIDDEN:
                self.fail("discards", k, "? hides a discard only from a seat that is not the "
                                         "declarer")
            c = self.card("discards", k, tok)
            if not held >> c & 1:
                self.fail("discards", k, f"seat {contract.declarer} cannot discard {tok}: it "
                                         "holds it neither in hand nor in the kitty")
            if done >> c & 1:
                self.fail("discards", k, f"{tok} is discarded twice")
            done |= 1 << c
        if is_declarer:
            self.owned &= ~done
        complete = len(h.discards) == size
        needs_call = r.call_partner and not contract.is_misere
        if h.call is not None:
            if not needs_call:
                why = ("misère is played alone" if contract.is_misere
                       else "only the five-handed called-partner game calls one")
                self.fail("call", 0, f"no partner is called here: {why}")
            if not complete:
                self.fail("call", 0, "the partner is called after the discards")
            a = self.action("call", 0, h.call)
            if a != ALONE and not (CALL <= a < CALL + cards.NUM_CARDS):
                self.fail("call", 0, "expected 'call' and a card (like call QH) or alone")
            if a != ALONE:
                self.card("call", 0, cards.token(a - CALL))
        return complete and (h.call is not None or not needs_call)

    def _not_yet(self, contract: Contract | None) -> NoReturn:
        """Refuse a play recorded before its hand was ready, at what was missing: the end of
        the auction, a discard (at the discards: the reader points at their line) or the call."""
        h, size = self.h, self.r.kitty_size
        if contract is None:
            self.fail("play", 0, "the play begins only after the auction")
        if len(h.discards) < size:
            self.fail("discards", len(h.discards),
                      f"the declarer discards {size} cards before the play begins, not "
                      f"{len(h.discards)}")
        self.fail("play", 0, "the play begins only after the declarer calls a partner "
                             "('call QH') or plays alone")

    def check_play(self, auction_over: bool, contract: Contract | None,
                   ready: bool) -> tuple[tuple[TrickRecord, ...], list[int], bool]:
        r, h = self.r, self.h
        n = r.players
        won = [0] * n
        if not isinstance(h.play, tuple):
            self.fail("play", None, "expected a list of card tokens")
        if auction_over and contract is None and r.all_pass == "redeal":
            if h.play:
                self.fail("play", 0, "all passed and the hand was thrown in: nobody plays")
            return (), won, True
        if not ready:
            if h.play:
                self._not_yet(contract)
            return (), won, False
        out: tuple[int, ...] = ()
        if contract is None:
            strain = NO_TRUMPS
            leader = opening_leader(r, h.dealer)
        else:
            strain = contract.strain
            out = sitting_out(r, contract.declarer, contract.is_misere)
            leader = opening_leader(r, h.dealer, contract.declarer, contract.is_misere)
        active = [s for s in range(n) if s not in out]
        nxt = {s: active[(j + 1) % len(active)] for j, s in enumerate(active)}
        t = TABLES[strain]
        tricks: list[TrickRecord] = []
        cur: list[tuple[int, str]] = []
        cur_cards: list[int] = []
        played: dict[int, int] = {}
        led = NO_SUIT
        seat = leader
        over = False
        for k, tok in enumerate(h.play):
            if over:
                self.fail("play", k, f"the hand was over after trick {len(tricks)}")
            a = self.action("play", k, tok)
            if a < JOKER_LEAD:
                c, named = a, NO_SUIT
            elif a < BID:
                c, named = JOKER, a - JOKER_LEAD
            else:
                self.fail("play", k, "not a card: expected a card like 7H, or a joker lead "
                                     "naming a suit like JK:H", seat)
            tok_card = cards.token(c)
            self.card("play", k, tok_card)
            if c in played:
                self.fail("play", k, f"{tok_card} was played already (trick {played[c]})",
                          seat)
            played[c] = len(tricks) + 1
            if (self.v is not None and not self.blind
                    and (seat == self.v) != bool(self.owned >> c & 1)):
                if seat == self.v:
                    self.fail("play", k, f"seat {seat} (the viewpoint) does not hold {tok_card}")
                self.fail("play", k, f"seat {seat} cannot play {tok_card}: seat {self.v} "
                                     "(the viewpoint) holds it")
            if not cur:
                leader = seat
                led = named if c == JOKER and strain == NO_TRUMPS else t.eff_suit[c]
            cur.append((seat, tok))
            cur_cards.append(c)
            if len(cur) < len(active):
                seat = nxt[seat]
                continue
            w = cur[winner_index(t, cur_cards, led)][0]
            tricks.append(TrickRecord(leader, tuple(cur), w))
            won[w] += 1
            cur, cur_cards, seat = [], [], w
            stopped = (contract is not None and contract.is_misere and w == contract.declarer
                       and r.misere_stops_when_taken)
            over = len(tricks) == 10 or stopped
        if cur:
            tricks.append(TrickRecord(leader, tuple(cur), None))
        return tuple(tricks), won, over

    def check_exposed(self, contract: Contract | None) -> None:
        h = self.h
        if h.exposed is None:
            return
        if contract is None or not contract.is_open:
            self.fail("exposed", None, "only an open-misère declarer's hand is exposed")
        saved = self.seen
        self.seen = {}
        self.card_set("exposed", None, "the exposed hand", h.exposed, None)
        self.seen = saved
        if not 1 <= len(h.exposed) <= 10:
            self.fail("exposed", None, f"the exposed hand has {len(h.exposed)} cards")

    def check_result(self, over: bool, contract: Contract | None, won: tuple[int, ...]) -> None:
        r, h, res = self.r, self.h, self.h.result
        if res is None:
            if over:
                self.fail("result", None, "the hand is over: its result is missing")
            return
        if not isinstance(res, HandOutcome):
            self.fail("result", None, f"expected a HandOutcome, got {type(res).__name__}")
        if not over:
            self.fail("result", None, "the hand has a result but its play is unfinished")
        nsides = len(r.sides)
        for name, size in (("tricks", r.players), ("points", nsides), ("totals", nsides)):
            value = getattr(res, name)
            if not (isinstance(value, tuple) and len(value) == size
                    and all(is_int(x) for x in value)):
                self.fail("result", None, f"{name}: expected {size} whole numbers, "
                                          f"got {value!r}")
        bid = contract.bid if contract is not None else None
        decl = contract.declarer if contract is not None else None
        if (res.contract, res.declarer) != (bid, decl):
            said = f"{res.contract} by {res.declarer}" if res.contract else "all pass"
            real = f"{bid} by {decl}" if bid else "all pass"
            self.fail("result", None, f"the result says {said}, the auction gives {real}")
        if res.tricks != won:
            self.fail("result", None, f"tricks {_ints(res.tricks)} recorded, but the play "
                                      f"gives {_ints(won)}")
        called = h.call is not None and h.call != token_of(ALONE)
        if res.partner is not None and not (
            called and is_int(res.partner) and 0 <= res.partner < r.players
            and res.partner != decl
        ):
            self.fail("result", None, f"partner {res.partner!r}: a partner is another seat, "
                                      "and only with a partner called")
        if called and res.partner is None:
            self.fail("result", None, f"{h.call} was called but the result names no partner")
        if r.all_pass == "redeal" and contract is None:
            points: tuple[int, ...] = (0,) * nsides
            made: bool | None = None
        else:
            points, made = hand_points(r, contract, res.partner, won)
        if res.made is not made:
            self.fail("result", None, f"{_made_words(res.made)!r} recorded, but "
                                      f"{_outcome(made)}")
        if res.points != points:
            self.fail("result", None, f"points {_ints(res.points)} recorded, but these tricks "
                                      f"score {_ints(points)}")
        want = tuple(a + b for a, b in zip(self.prev_totals, points, strict=True))
        if res.totals != want:
            self.fail("result", None, f"totals {_ints(res.totals)} recorded, but the previous "
                                      f"totals and this hand's points make {_ints(want)}")


def _made_words(made: bool | None) -> str:
    """A hand's outcome as a record's Result writes it (``made``, ``failed``, ``all pass``),
    for an error that quotes it (Python's ``made=True`` is not what the record says).

    >>> _made_words(True), _made_words(False), _made_words(None)
    ('made', 'failed', 'all pass')
    """
    return "made" if made else "failed" if made is False else "all pass"


def _outcome(made: bool | None) -> str:
    """What the hand's tricks say of its contract, in words.

    >>> _outcome(True), _outcome(False), _outcome(None)
    ('the contract was made', 'the contract failed', 'nobody bid (all pass)')
    """
    return ("the contract was made" if made else "the contract failed" if made is False
            else "nobody bid (all pass)")
