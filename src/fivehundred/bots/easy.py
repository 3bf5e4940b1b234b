"""The Easy bot: bids by eye, often too high, never misère, plays simple and sometimes careless.

Bidding: a rough count in each strain (trumps, top trumps, aces, a generous allowance for the
partner and a random push upwards); it bids the lowest legal bid in its best-looking strain
while that count allows, so it often overbids.  It never bids misère.

Play: lead an ace (or trumps when it holds many as declarer), else the lowest card of its
longest suit; follow low when its side is winning, else win with the lowest card that wins,
else throw the lowest.  Now and then (``careless``, 5% of the plays with a choice) it plays a
different legal card at random instead.  No special care for misère or the joker.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import action_from_token, bid_strain, bid_tricks, is_trick_bid, token_of
from ..auction import rank_key
from ..cards import ACE, JACK, JOKER, KING, NO_TRUMPS, SUITS, card, count, iter_cards, token
from ..tricks import TABLES
from ..view import View
from .base import BaseBot, Bot, Budget, Candidate, Decision, register
from .hand_eval import beats, card_cost, read_table, trick_winner

CARELESS = 0.05


def rough_count(hand: int, strain: int, has_partner: bool) -> float:
    """Tricks "by eye": trumps and the top ones, aces, kings at no trumps, plus the partner."""
    t = TABLES[strain]
    aces = sum(1 for s in SUITS if s != strain and hand >> card(ACE, s) & 1)
    extra = 2.0 if has_partner else 0.7
    if strain == NO_TRUMPS:
        kings = sum(1 for s in SUITS if hand >> card(KING, s) & 1)
        return aces + 0.5 * kings + (1.0 if hand >> JOKER & 1 else 0.0) + extra
    trumps = count(hand & t.suit_mask[strain])
    tops = (JOKER, card(JACK, strain), card(JACK, strain ^ 1), card(ACE, strain))
    top = sum(1 for c in tops if hand >> c & 1)
    return 0.8 * trumps + 0.5 * top + aces + extra


@dataclass
class EasyBot(BaseBot):
    """A loose bidder and a simple player that slips now and then."""

    name: str = "easy"
    careless: float = CARELESS

    def act(self, view: View) -> Decision:
        """Easy's decision for ``view.seat`` (which must be to move)."""
        self.check(view)
        rng = self.rng(view)
        if view.phase == "auction":
            return self._bid(view, rng.below(3) * 0.5)
        if view.phase == "kitty":
            tb_strain = view.contract.strain if view.contract else NO_TRUMPS
            cheapest = min(iter_cards(view.hand_mask),
                           key=lambda c: (card_cost(c, tb_strain, view.rules.deck_mask), c))
            return Decision(token(cheapest), (), "throw the cheapest card")
        if view.phase == "call":
            calls = [a for a in view.legal_actions if a != "alone"]
            if not calls:
                return Decision("alone", (), "nothing to call")
            strain = view.contract.strain if view.contract else NO_TRUMPS
            best = max(calls, key=lambda a: TABLES[strain].power[action_from_token(a[5:])])
            return Decision(best, (), "call the best card")
        choice, cands, why = self._play(view)
        legal = view.legal_actions
        if len(legal) > 1 and rng.below(1000) < int(self.careless * 1000):
            others = [a for a in legal if a != choice]
            return Decision(rng.choice(others), cands, "careless")
        return Decision(choice, cands, why)

    def _bid(self, view: View, push: float) -> Decision:
        r = view.rules
        has_partner = len(r.sides[r.side_of[view.seat]]) > 1 or r.call_partner
        rough = [rough_count(view.hand_mask, s, has_partner) + push for s in range(5)]
        strain = max(range(5), key=lambda s: (rough[s], s))
        bids = sorted((action_from_token(a, auction=True) for a in view.legal_actions),
                      key=lambda a: rank_key(r, a))
        fits = [a for a in bids if is_trick_bid(a) and bid_strain(a) == strain
                and bid_tricks(a) <= rough[strain]]
        cands = (Candidate("pass", 0.0), *(Candidate(token_of(a), rough[strain]) for a in fits))
        if not fits:
            return Decision("pass", cands, f"{rough[strain]:.1f} by eye is not enough")
        return Decision(token_of(fits[0]), cands, f"about {rough[strain]:.0f} tricks by eye")

    def _play(self, view: View) -> tuple[str, tuple[Candidate, ...], str]:
        tb = read_table(view)
        t = TABLES[tb.strain]

        def cost(item: tuple[str, int, int]) -> tuple[float, str]:
            return (card_cost(item[1], tb.strain, tb.deck), item[0])

        legal = sorted(tb.legal, key=cost)
        cands = tuple(Candidate(tok, -round(cost((tok, c, n))[0], 2)) for tok, c, n in legal)
        if not tb.plays:
            trumps = [x for x in legal if tb.strain < 4 and t.eff_suit[x[1]] == tb.strain]
            if tb.seat == tb.declarer and len(trumps) >= 4:
                return trumps[-1][0], cands, "draw trumps"
            aces = [x for x in legal if x[1] != JOKER and x[1] & 15 == 15
                    and t.eff_suit[x[1]] != tb.strain]
            if aces:
                return aces[0][0], cands, "lead an ace"
            lengths = [count(tb.hand & t.suit_mask[s]) for s in range(5)]
            longest = max(legal, key=lambda x: (lengths[t.eff_suit[x[1]]], -cost(x)[0]))
            suit = t.eff_suit[longest[1]]
            low = [x for x in legal if t.eff_suit[x[1]] == suit]
            return low[0][0], cands, "lead low from the longest suit"
        i = trick_winner(tb.strain, tb.plays, tb.led)
        if tb.seats[i] in tb.allies and not tb.misere:
            return legal[0][0], cands, "partner is winning: play low"
        winners = [x for x in legal if beats(tb.strain, x[1], tb.plays[i], tb.led)]
        if winners and not tb.misere:
            return winners[0][0], cands, "win with the lowest card that wins"
        return legal[0][0], cands, "play the lowest card"


@register("easy")
def _easy(seed: int, budget: Budget) -> Bot:
    return EasyBot(seed=seed, budget=budget)
