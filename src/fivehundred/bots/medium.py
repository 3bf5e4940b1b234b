"""The Medium bot: counts its tricks with its partner's bid, and plays sound, memoryless cards.

Bidding: each strain's expected tricks (:func:`hand_eval.expected_tricks`) plus what the
partner's bid and the kitty add, less what the opponents' bids take away; each legal bid is
valued as ``price x (2P - 1)`` where ``P`` is the chance of making it, with a bonus for a bid that
wins the game and for passing where defence alone can win.  Over a partner's standing trick bid
a pass is worth his contract, counted from his level and our support, and a raise of it uses
that count (:func:`standing_count`).  Misère (and open misère) with a low hand, judged over a
few sampled kitties.

Play: every legal card gets a score, the chance that this trick goes to its side minus what
the card is worth keeping; leads add the plans (draw trumps as declarer, cash winners, lead the
partner's suit, lead a singleton to ruff, hold the joker as defender).  That gives second hand
low, third hand high, winning cheaply, not overtaking a winning partner and ruffing when void.
Medium remembers nothing of the tricks before the current one (only the voids the table has
seen shown).  Misère has its own rules for both sides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..actions import (
    MISERE,
    OPEN_MISERE,
    action_from_token,
    bid_strain,
    bid_tricks,
    is_trick_bid,
    token_of,
)
from ..auction import price
from ..cards import JOKER, NO_TRUMPS, count, iter_cards, token
from ..tricks import TABLES
from ..view import View
from .base import BaseBot, Bot, Budget, Candidate, Decision, register
from .hand_eval import (
    Table,
    beats,
    card_cost,
    expected_tricks,
    higher_in_pool,
    misere_chance,
    misere_danger,
    misere_discards,
    misere_safety,
    read_table,
    suit_cards,
    trick_chance,
    trick_winner,
    void_discards,
)
from .partner_count import (
    MISFIT,
    OVER_PARTNER,
    RAISE,
    RAISE_TRUMPS,
    TAKE_OUT,
    partner_help,
    standing_count,
    strain_of,
)

KEEP = 0.3          # how much a card's worth counts against playing it, in tricks
NT_DISCOUNT = 0.6   # no-trump contracts fell short of the count by this much in self-play

NO_JOKER_FOUR_AGAINST = 1.0
"""Tricks taken off a no-trump count without the joker at six players in pairs (``six_pairs``,
four opponents): there the joker is theirs three times in four, wins a trick when its holder
is void and breaks a stopper.  In Medium self-play (10,500 deals, 2026-12-06) its 6NT bids
without the joker took 5.4 tricks against a count of 6.4 and made 49%, those with it 7.1 and
all 7; at ``six_threes`` (three against, two partners) the count was not high."""


def make_chance(margin: float) -> float:
    """Chance of making a contract whose expected tricks exceed the bid by ``margin``."""
    return 1.0 / (1.0 + math.exp(-(margin + 0.45) / 0.85))


def bid_candidates(view: View, rng_seed: int) -> list[Candidate]:
    """Every bid Medium weighs, with expected points and its chance of making it.

    Over a partner's standing trick bid a pass is worth his contract's expected points on
    :func:`standing_count` (its chance of making in the pass's note), a raise in his strain
    with :data:`RAISE_TRUMPS` trumps is valued on the same count, and any other trick bid is
    counted :data:`MISFIT` lower and charged :data:`TAKE_OUT` (a pass there was worth 20,
    whatever his bid and our support, and every bid over it was charged 50 alike: Medium took
    a 7♣ out into 8♦).  A misère over a partner's bid is charged :data:`OVER_PARTNER` as ever
    (charged less, it took a partner's 9♣, made, out into an open misère that failed).
    """
    r = view.rules
    hand = view.hand_mask
    standing = standing_count(view)
    help_ = partner_help(view, fit_needed=standing is None)
    est = [expected_tricks(hand, s, r.deck_mask) + help_[s] for s in range(5)]
    est[4] -= NT_DISCOUNT
    side = r.side_of[view.seat]
    if r.players == 6 and len(r.sides[side]) == 2 and not hand >> JOKER & 1:
        est[4] -= NO_JOKER_FOUR_AGAINST
    mine = view.scores[side]
    legal = [action_from_token(t, auction=True) for t in view.legal_actions]
    high_seat = next((s for s, b in reversed(view.auction) if b != "pass"), None)
    partner_high = high_seat is not None and high_seat != view.seat and \
        r.side_of[high_seat] == side
    over = (OVER_PARTNER if standing is None else TAKE_OUT) if partner_high else 0.0
    charge = [over] * 5
    note = pass_note(view)
    if standing is None:
        pass_value = 20.0
    else:
        held, tricks = standing
        strain = bid_strain(held)
        est = [e - MISFIT * (bid_tricks(held) - 6) for e in est]
        if strain == NO_TRUMPS or count(suit_cards(hand, strain, strain)) >= RAISE_TRUMPS:
            est[strain] = tricks
            charge[strain] = RAISE
        chance = make_chance(tricks - bid_tricks(held))
        pass_value = _valued(view, held, chance, mine).value
        note = f"{note}: makes {chance:.0%}"
    if r.win == "reach_500_any_way" and mine + 40 >= r.target and standing is None:
        pass_value += 120.0     # (defending wins; over his standing bid we declare: _valued)
    out = [Candidate("pass", pass_value, None, note)]
    for a in legal:
        if is_trick_bid(a):
            s = bid_strain(a)
            margin = est[s] - bid_tricks(a)
            if margin > -2.5:
                out.append(_valued(view, a, make_chance(margin), mine, charge[s],
                                   f"{est[s]:.1f} tricks expected"))
    if MISERE in legal or OPEN_MISERE in legal:
        danger = misere_safety(r, view.hand_mask, rng_seed)
        note = f"danger {danger:.2f}"
        over_misere = OVER_PARTNER if partner_high else 0.0
        if MISERE in legal:
            p = misere_chance(r, danger, open_=False)
            out.append(_valued(view, MISERE, p, mine, over_misere, note))
        if OPEN_MISERE in legal:
            p = misere_chance(r, danger, open_=True)
            out.append(_valued(view, OPEN_MISERE, p, mine, over_misere, note))
    return out


def pass_note(view: View) -> str:
    """What a pass does now, in the words of its note, short (a hint's table on a phone has
    room for few words; it said "defend" always, a pass that left the partner's contract to
    be played too): leave the partner's bid to be played, defend against another's (the bid
    it defends is in sight; five-handed, leave it to its bidder, who may call this seat),
    leave the bidding to the others, or, the last to speak when all passed, what all passing
    does under the rules (tests/test_hint_words.py shows each; a bot module never builds a
    Game, its docstrings included).
    """
    r = view.rules
    high = next(((s, b) for s, b in reversed(view.auction) if b != "pass"), None)
    if high is None:
        if len(view.auction) < r.players - 1:
            return "no bid yet"
        return ("all pass: thrown in" if r.all_pass == "redeal"
                else "all pass: no trumps")
    seat, bid = high
    if r.side_of[seat] == r.side_of[view.seat]:
        return f"partner's {bid} stands"
    if r.call_partner:
        return f"{bid} to its bidder"
    return "defend"


def _valued(view: View, bid: int, p: float, mine: int, charge: float = 0.0,
            note: str = "") -> Candidate:
    """A bid's expected points: its price won or lost, a game-winning bonus, a hole penalty,
    less ``charge`` (a bid over a partner's standing bid)."""
    r = view.rules
    value = price(r, bid)
    ev = value * (2 * p - 1)
    if mine + value >= r.target:
        ev += 150 * p
    if mine - value <= r.hole:
        ev -= 150 * (1 - p)
    ev -= charge
    return Candidate(token_of(bid), round(ev, 1), round(p, 3), note)


# ------------------------------------------------------------------ the play


def _partner_suits(view: View, tb: Table) -> set[int]:
    return {strain_of(b) for s, b in view.auction
            if s in tb.allies and s != tb.seat and b[0].isdigit()} - {4}


def play_scores(view: View, tb: Table) -> list[tuple[float, str, str]]:
    """(score, token, note) of every legal play in a trick contract or the all-pass game."""
    unseen = tb.unseen(remember=False)
    t = TABLES[tb.strain]
    trumps = tb.strain != NO_TRUMPS
    my_trumps = count(suit_cards(tb.hand, tb.strain, tb.strain)) if trumps else 0
    declaring = tb.declarer is not None and tb.declarer in tb.allies
    opps_hold_trumps = any(not tb.voids[s] >> tb.strain & 1 for s in tb.active_opponents) \
        if trumps else False
    partner_suits = _partner_suits(view, tb)
    lead = trick_winner(tb.strain, tb.plays, tb.led) if tb.plays else -1
    partner_wins = lead >= 0 and tb.seats[lead] in tb.allies
    out = []
    for tok, c, named in tb.legal:
        p = trick_chance(tb, c, unseen)
        score = p - KEEP * card_cost(c, tb.strain, tb.deck)
        if partner_wins and beats(tb.strain, c, tb.plays[lead], tb.led):
            score -= 0.1        # no need to overtake a partner who is winning
        suit = t.eff_suit[c]
        length = count(tb.hand & t.suit_mask[suit]) if suit < 4 else 0
        note = f"wins {p:.0%}"
        if not tb.plays:
            if trumps and suit == tb.strain:
                if not opps_hold_trumps and my_trumps < count(tb.hand):
                    # every opponent has shown out of trumps: a trump wins whenever it is
                    # played, so lead it last, and keep it to ruff (a partner's trump
                    # would fall on it for nothing)
                    score -= 1.0
                    note += ", the opponents hold no trumps"
                elif declaring and my_trumps >= 3 and opps_hold_trumps:
                    score += 0.35 if tb.seat == tb.declarer else 0.2
                    note += ", draws trumps"
                elif not declaring:
                    score -= 0.25
            elif suit in partner_suits and not declaring:
                score += 0.25
                note += ", partner's suit"
            elif trumps and length == 1 and my_trumps and not declaring:
                score += 0.15
                note += ", singleton: ruff later"
            if suit < 4 and p < 0.5 and _guarded_honour(tb, suit, c, unseen):
                score -= 0.15
            if not trumps and suit < 4:
                score += 0.03 * length
            if c == JOKER and not trumps:
                score += 0.1 if declaring or tb.declarer is None else -0.35
                if named >= 0:
                    score += 0.04 * count(tb.hand & t.suit_mask[named])
                    score += 0.1 if named in partner_suits else 0.0
                    if any(tb.voids[s] >> named & 1 for s in tb.active_opponents):
                        score -= 0.3
                        note += ", an opponent is void in it"
        elif trumps and length == 1 and suit != tb.strain and my_trumps and tb.led != suit:
            score += 0.05            # discarding a singleton makes a void to ruff
        out.append((score, tok, note))
    return out


def _guarded_honour(tb: Table, suit: int, c: int, unseen: int) -> bool:
    """Whether leading ``c`` leads away from a king or queen that is not yet a winner."""
    t = TABLES[tb.strain]
    for h in iter_cards(tb.hand & t.suit_mask[suit]):
        if h != c and t.power[h] > t.power[c] and 0 < count(higher_in_pool(h, tb.strain,
                                                                          unseen)) <= 2:
            return True
    return False


MISERE_SCALE = 100.0
"""Misère's scores are chances and fractions of a card's rank: times this, so the hint's
column (one decimal) tells apart leads that take the trick 0%, 1% and 4% of the time (it
showed 0.0 for each, a tie that was none)."""


LEAVE = 0.5
"""How much the misère danger a declarer's card leaves in his hand (:func:`misere_danger`,
counted on the cards still out) weighs against the chance that the card takes this trick.
The danger counts tricks the hand may be forced to take, about twice too many (the bots made
half their misères near 1.2 on ``classic3``); the lead had looked only at the card led, and
led 7♣ from 9♣ 7♣ with 8♣ out (leaving 9♣ bare) where a spade of his three lowest was safe."""


def misere_scores(tb: Table, remember: bool = False) -> list[tuple[float, str, str]]:
    """(score, token, note) of every legal play in misère, for the declarer or a defender
    (the higher the better, on the scale of :data:`MISERE_SCALE`); ``remember``: the cards
    of past tricks are gone (Hard and Insane), else still out (Medium remembers nothing)."""
    d = tb.declarer
    assert d is not None
    unseen = tb.unseen(remember=remember)
    t = TABLES[NO_TRUMPS]
    out = []
    winning = trick_winner(NO_TRUMPS, tb.plays, tb.led) if tb.plays else -1
    for tok, c, _ in tb.legal:
        cost = card_cost(c, NO_TRUMPS, tb.deck)
        suit = t.eff_suit[c]
        takes = not tb.plays or beats(NO_TRUMPS, c, tb.plays[winning], tb.led)
        if tb.seat == d:                                   # the declarer ducks
            score, note = _declarer_play(tb, c, cost, takes, unseen)
        elif not tb.plays:                                 # a defender leads
            score, note = _force_lead(tb, c, unseen)
        elif d in tb.seats:
            if tb.seats[winning] == d:
                score = (cost if not takes else cost - 2.0)
                note = "stays under the declarer" if not takes else "forced to take it"
            else:
                score, note = cost, "the declarer's card is beaten: the higher, the better"
        elif suit == tb.led or c == JOKER:
            score, note = -cost - (0.5 if c == JOKER else 0.0), "low: leaves the declarer over"
        else:
            score, note = cost, "void in the suit led: the higher, the better"
        out.append((MISERE_SCALE * score, tok, note))
    return out


def _declarer_play(tb: Table, c: int, cost: float, takes: bool, unseen: int
                   ) -> tuple[float, str]:
    """The misère declarer's score and note for card ``c``: the chance it takes this trick,
    less :data:`LEAVE` times the danger of the hand it leaves (a low card led from 10♠ 7♠
    leaves the ten bare; the ten led keeps the seven, the lowest out, guarding)."""
    if c == JOKER:
        return -10.0, "the joker takes the trick"
    rest = tb.hand & ~(1 << c)
    left = misere_danger(rest, rest | unseen, tb.deck)     # (the pack's count throughout)
    leaves = f", leaves danger {left:.2f}"
    t = TABLES[NO_TRUMPS]
    if not tb.plays:
        p = misere_takes(tb, c, unseen, tb.after)
        return -p - LEAVE * left - 0.01 * cost, f"led: wins the trick {p:.0%}{leaves}"
    off_suit = t.eff_suit[c] != tb.led
    if off_suit or not takes:
        return 1.0 - LEAVE * left + 0.01 * cost, ("discards a dangerous card" if off_suit
                                                  else "highest card that still loses") + leaves
    p = misere_takes(tb, c, unseen, tb.after)
    if p < 1.0:
        return -p - LEAVE * left - 0.01 * cost, f"forced over: takes it {p:.0%}{leaves}"
    # taken whatever it plays (play goes on, classic): the most dangerous card goes
    return -2.0 - LEAVE * left + 0.01 * cost, "sure to take it: sheds its highest" + leaves


def misere_takes(tb: Table, best: int, unseen: int, rivals: tuple[int, ...]) -> float:
    """Chance that the misère declarer's ``best``, now winning the trick, takes it: it does
    unless a rival still to play holds cards of its suit, all of them higher (a defender
    with a lower one plays it, a void one discards: none overtakes by choice).  Exact over
    the ways the unseen cards can lie in the rivals' hands (the joker aside: it beats him
    only when a void rival chooses to).  :func:`holds` (no rival holds a higher card) said
    a led 8♠, the last spade, took the trick 41% and 9♥ under the last two hearts 6%."""
    t = TABLES[NO_TRUMPS]
    if best == JOKER:
        return 1.0
    suit = t.eff_suit[best]
    high = count(higher_in_pool(best, NO_TRUMPS, unseen))
    if high == 0:
        return 1.0
    low = count(unseen & t.suit_mask[suit]) - high
    total = count(unseen)
    sizes = []
    for r in rivals:
        if tb.voids[r] >> suit & 1:
            total -= tb.sizes[r]           # his cards are all of other suits
        else:
            sizes.append(tb.sizes[r])
    total = max(total, low + high)
    # (lower, higher, cards) still unplaced -> chance no rival so far is forced over
    states = {(low, high, total): 1.0}
    for k in sizes:
        nxt: dict[tuple[int, int, int], float] = {}
        for (lo, hi, n), pr in states.items():
            m = min(k, n)
            rest = n - lo - hi
            ways = math.comb(n, m)
            for a in range(min(lo, m) + 1):
                for b in range(min(hi, m - a) + 1):
                    o = m - a - b
                    if o > rest or (a == 0 and b > 0):
                        continue            # (a == 0 < b: he must go over the declarer)
                    q = pr * math.comb(lo, a) * math.comb(hi, b) * math.comb(rest, o) / ways
                    key = (lo - a, hi - b, n - m)
                    nxt[key] = nxt.get(key, 0.0) + q
        states = nxt
    return sum(states.values())


def _force_lead(tb: Table, c: int, unseen: int) -> tuple[float, str]:
    """A defender's lead against misère: a low card in a suit the declarer must win."""
    d = tb.declarer
    assert d is not None
    if c == JOKER:
        return -2.0, "the joker would take the trick"
    t = TABLES[NO_TRUMPS]
    suit = t.eff_suit[c]
    if tb.voids[d] >> suit & 1:
        return -1.0, "the declarer is void there"
    open_hand = dict(tb.exposed).get(d)
    if open_hand is not None:
        his = open_hand & t.suit_mask[suit]
        if not his:
            return -1.0, "the declarer is void there"
        under = sum(1 for x in iter_cards(his) if t.power[x] < t.power[c])
        clear = _others_under(tb, suit, his, unseen)
        if clear is not None:
            if not under:
                return (clear - 0.01 * t.power[c],
                        f"he has 0 card(s) under it; forces him {clear:.0%}")
            lowest = min(t.power[x] for x in iter_cards(his))
            if count(his) >= 2 and any(t.power[x] < lowest for x in iter_cards(
                    tb.hand & t.suit_mask[suit] & ~(1 << c))):
                return (UNBLOCK * (1.0 - clear) - 0.01 * t.power[c],
                        "draws the cards over him, keeps a lower one")
        return 1.0 - 0.5 * under - 0.01 * t.power[c], f"he has {under} card(s) under it"
    lower = sum(1 for x in iter_cards(unseen & t.suit_mask[suit]) if t.power[x] < t.power[c])
    return 0.5 - 0.1 * lower, f"{lower} unseen card(s) under it"


UNBLOCK = 0.9
"""The score of a lead against an open misère that draws the other defenders' cards over the
declarer's lowest card of its suit (he plays under), keeping a lower card of ours to force him
later, times the chance that a lead of the lower card now would fail (a review's six-handed
hand: he held 4♥ 6♥ 7♥, each other defender a heart over 7♥; 3♥ led lost to a defender's
heart, 5♥ first drew them and 3♥ then forced him)."""


def _others_under(tb: Table, suit: int, his: int, unseen: int) -> float | None:
    """Against an open misère, the chance that a lead of ``suit`` under the declarer's cards
    forces him: that no other defender in the play must follow with a card over his lowest
    there (he would play under it), or that one who must holds a card under his lowest too.
    Each card out is taken to lie in their hands as their share of the unseen cards.  None
    where no card out lies over his lowest, or every other defender has shown out.
    ``_force_lead`` had counted only his own cards under the card led."""
    d = tb.declarer
    t = TABLES[NO_TRUMPS]
    lowest = min(t.power[x] for x in iter_cards(his))
    out = [t.power[x] for x in iter_cards(unseen & t.suit_mask[suit])]
    over = sum(1 for x in out if x > lowest)
    holders = [s for s in tb.after if s != d and not tb.voids[s] >> suit & 1]
    if not over or not holders:
        return None
    void = sum(tb.sizes[s] for s in tb.after if s != d and tb.voids[s] >> suit & 1)
    share = min(1.0, sum(tb.sizes[s] for s in holders) / max(1, count(unseen) - void))
    caught = 1.0 - (1.0 - share) ** over
    return 1.0 - caught * (1.0 - share / len(holders)) ** (len(out) - over)


def play_decision(view: View, remember: bool = False) -> Decision:
    """Medium's play: score every legal card and take the best (``remember``: in misère,
    count the cards of past tricks as gone, as Hard and Insane do)."""
    tb = read_table(view)
    scored = misere_scores(tb, remember) if tb.misere else play_scores(view, tb)
    scored.sort(key=lambda x: (-x[0], x[1]))
    best = scored[0]
    return Decision(best[1], tuple(Candidate(tok, round(s, 3), None, note)
                                   for s, tok, note in scored), best[2])


# ------------------------------------------------------------------ the bot


@dataclass
class MediumBot(BaseBot):
    """Counts tricks to bid; plays sound cards without remembering past tricks."""

    name: str = "medium"

    def act(self, view: View) -> Decision:
        """Medium's decision for ``view.seat`` (which must be to move)."""
        self.check(view)
        if view.phase == "auction":
            cands = bid_candidates(view, self.rng(view).next64())
            cands.sort(key=lambda c: (-c.value, c.action))
            return Decision(cands[0].action, tuple(cands), cands[0].note)
        if view.phase == "kitty":
            return self._discard(view)
        if view.phase == "call":
            return self._call(view)
        return play_decision(view)

    def _discard(self, view: View) -> Decision:
        c = view.contract
        assert c is not None
        hand, deck = view.hand_mask, view.rules.deck_mask
        k = len(view.hand) - 10
        if c.is_misere:
            plan, why = misere_discards(hand, deck, k), "misère: discard the dangerous cards"
        else:
            plan, why = void_discards(hand, c.strain, k, deck), "discard cheap cards, make voids"
        cands = tuple(Candidate(token(x), float(k - i), None, "planned discard")
                      for i, x in enumerate(plan))
        return Decision(token(plan[0]), cands, why, plan=tuple(token(x) for x in plan))

    def _call(self, view: View) -> Decision:
        c = view.contract
        assert c is not None
        own = expected_tricks(view.hand_mask, c.strain, view.rules.deck_mask)
        t = TABLES[c.strain]
        calls = [a for a in view.legal_actions if a.startswith("call ")]
        lengths = {s: count(view.hand_mask & t.suit_mask[s]) for s in range(5)}

        def worth(a: str) -> tuple[int, int]:
            x = action_from_token(a.split()[1])
            return (t.power[x], lengths[t.eff_suit[x]])

        calls.sort(key=worth, reverse=True)
        alone = own >= c.tricks + 1.0 or not calls
        cands = [Candidate("alone", round(own, 2), None, "own tricks")]
        cands += [Candidate(a, round(own + 1.0, 2), None, "with a partner") for a in calls[:3]]
        action = "alone" if alone else calls[0]
        why = "strong enough alone" if alone else "call the best card missing"
        return Decision(action, tuple(cands), why)


@register("medium")
def _medium(seed: int, budget: Budget) -> Bot:
    return MediumBot(seed=seed, budget=budget)


__all__ = ["MediumBot", "bid_candidates", "play_decision"]
