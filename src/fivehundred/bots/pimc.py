"""Hard and Insane: imagine the unseen cards many times and solve each deal double dummy.

Before each play the bot deals the cards it cannot see in many ways consistent with all it
has seen (:mod:`.sampling`), solves every imagined deal with the double-dummy solver and
plays the card with the best average score for its side (late in a hand, when the unseen
cards can lie in few ways, it averages over every one of them instead).  For the auction it
declares each plausible strain (and misère) on imagined deals, kitty exchange included, and
bids what is worth most; the kitty discard is chosen the same way among a few sensible
discards.

Insane samples more and reads the auction: imagined deals in which a player holds cards that
do not fit his bids (a bid he could not have made, a pass with a strong hand) weigh less.
The cheater sees every card (measurement only: it is the upper bound of play strength).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .. import cards
from ..actions import bid_strain, bid_tricks, is_trick_bid
from ..auction import Contract, price
from ..cards import JOKER, NO_TRUMPS
from ..game import Game
from ..rng import Rng
from ..rules import Rules
from ..scoring import declaring_seats, slam_value
from ..solver import Position, move_values, solve
from ..tricks import TABLES
from ..view import View
from .base import BaseBot, Bot, Budget, Candidate, Clock, Decision, register
from .bid_model import bid_action, bid_fit
from .discards import best_keep, discard_options
from .hand_eval import ladder
from .medium import play_decision
from .sampling import World, every_world, sample_worlds

NODE_BUDGET = 3_000_000   # per solve: a pathological deal is dropped, never a stall
BIG_TABLE_BUDGET = 150_000  # per solve at five and six players, where tricks are wide
DD_OPTIMISM = (1, 1, 1, 1, 2)  # per strain: tricks a double-dummy declarer takes that a real
#                                one will not (more at no trumps, where guessing is harder)
ENUMERATE_HELD = 4        # with at most this many cards in hand, and
ENUMERATE_UP_TO = 200     # at most this many placements of the unseen cards: play on them all
MIN_MAKE = 0.4            # keep Medium's bid only if it is made this often on imagined deals
DISCARDS_SHOWN = 8    # a discard hint's alternatives, the best first, with their tricks
MIN_MISERE = {"misere": 0.5, "open-misere": 0.6}   # a misère, worth its price either way,
#                           only if made more often than not (open: the double-dummy defence
#                           sees the hand it plays against, and a real one does too)
MIN_MISERE_THREE = {"misere": 0.0, "open-misere": 0.4}
"""At three players (each alone) Medium's misère is always kept, and its open misère when
made on 2 of 5 imagined deals: there the double-dummy defence beats a closed misère with the
hand it cannot see (on `classic3` Medium's misères made on none of Hard's 5 deals were made
73% of the time at the table, +116 points each, on 1 of 5 also 73%; its open misères on none
45%, -54, on 1 of 5 48%, -25, on 2 of 5 61%, +116: docs/strength.md), and a pass leaves the
hand to two opponents.  With MIN_MISERE there too, Hard declared 66 misères in a 1000-deal
match against Medium's 575."""
MIN_SURE = 0.8            # bid over Medium's pass only what is made this often
TAKE_OUT_GAIN = 20.0      # over a partner's bid, a sure bid worth this much more than his
#                           contract played (points a hand, on the same imagined deals)
SURE_LEVEL = 6            # such a bid up to this level,
LEVEL_WORDS = ("six", "seven", "eight", "nine", "ten")
SURE_HIGH_DEALS = 10      # and above it or at no trumps only on this many deals
#                           (on 5, 4 made by chance: Hard's 8-level such bids made 3 of 18,
#                           its sevens 29 of 71)
#                           (but in place of Medium's failing trick bid, up to its level:
#                           :meth:`PimcBot._below_medium`)


# ----------------------------------------------------------------------------- scoring


def outcome_value(rules: Rules, contract: Contract | None, seat: int, partner: int | None,
                  counted_total: int) -> float:
    """Points for ``seat``'s side minus the average of the other sides', at the hand's end.

    ``counted_total`` is the declaring side's tricks (the misère declarer's for misère); in
    the all-pass game it is ``seat``'s side's tricks.  Defenders' tricks are shared evenly
    among the defending sides (the solver counts only the declaring side's).
    """
    n = len(rules.sides)
    mine = rules.side_of[seat]
    points = [0.0] * n
    if contract is None:
        points[mine] = 10.0 * counted_total
        for i in range(n):
            if i != mine:
                points[i] = 10.0 * (10 - counted_total) / max(1, n - 1)
    else:
        ds = rules.side_of[contract.declarer]
        team_sides = {ds} | ({rules.side_of[partner]} if partner is not None else set())
        defenders = [i for i in range(n) if i not in team_sides]
        if contract.is_misere:
            made = counted_total == 0
            points[ds] = float(contract.value if made else -contract.value)
            if not made and rules.misere_defender_points == "ten_per_declarer_trick":
                for i in defenders:
                    points[i] += 10.0 * counted_total
        else:
            made = counted_total >= contract.tricks
            if not made:
                score = -contract.value
            elif counted_total == 10:
                score = slam_value(rules, contract)
            else:
                score = contract.value
            points[ds] = float(score)
            if partner is not None and rules.side_of[partner] != ds:
                points[rules.side_of[partner]] += score // 2
            if rules.defender_trick_points == "always" and defenders:
                for i in defenders:
                    points[i] += 10.0 * (10 - counted_total) / len(defenders)
    others = [points[i] for i in range(n) if i != mine]
    return points[mine] - sum(others) / max(1, len(others))


def _declarer_sees_all(rules: Rules) -> bool:
    """Whether a declarer holding the kitty sees every card played against him: at two
    players without a dead hand the cards he does not hold are his one opponent's hand, so
    his play is the double-dummy play (Hard's contracts at `two_24` took their double-dummy
    tricks at the play's start in 42 hands of 42, 1.3 over the bid on average)."""
    return rules.players == 2 and rules.hands_dealt == 2


def _optimism(rules: Rules, strain: int) -> int:
    """Tricks a double-dummy declarer in ``strain`` takes that a real one will not:
    :data:`DD_OPTIMISM`, or none where the real declarer sees every card too
    (:func:`_declarer_sees_all`; counted a trick short there, 7NT made on every deal was bid
    6♠)."""
    return 0 if _declarer_sees_all(rules) else DD_OPTIMISM[strain]


def sure_tricks(keep: int, gone: int, strain: int, deck: int) -> int:
    """Tricks the declarer holding ``keep`` takes whatever the defence holds and plays: his
    top cards, the highest still out in a suit counted in sequence from the top of the
    strain's order (bowers and joker included), ``gone`` (his discards) known out of play.

    A suit whose top cards are as many as the cards of it still out elsewhere counts whole
    (they fall under the tops).  In a trump suit the side suits count only when his top trumps
    draw every trump still out (else a defender may ruff); at no trumps the joker held
    against him takes one of them.  Why: the tricks taken off double dummy (DD_OPTIMISM) are
    those won by seeing the cards; tricks like these a real declarer takes too (10NT on ten
    top tricks "failed on most imagined deals").  Double dummy caps it (:func:`_real_tricks`).

    >>> from fivehundred.cards import SPADES, mask_of, pack
    >>> hand = mask_of("JK JS JC AS KS QS 10S 9S 8S AH".split())
    >>> sure_tricks(hand, 0, SPADES, pack("43")), sure_tricks(hand, 0, NO_TRUMPS, pack("43"))
    (10, 9)
    >>> sure_tricks(mask_of("AS KS 5S AH KH QH 4H 4D 5C 6C".split()), 0, NO_TRUMPS, pack("43"))
    4
    """
    live = deck & ~gone
    suits = range(5) if strain == NO_TRUMPS else range(4)
    counted = [0] * 5
    for suit in suits:
        top = 0
        for c in ladder(deck, strain, suit):
            if live >> c & 1:
                if not keep >> c & 1:
                    break
                top += 1
        mask = TABLES[strain].suit_mask[suit]
        held = (keep & mask).bit_count()
        outside = (live & mask & ~keep).bit_count()
        counted[suit] = held if top >= outside else top
    if strain == NO_TRUMPS:
        total = sum(counted)
        if live >> JOKER & 1 and not keep >> JOKER & 1:
            total = max(0, total - 1)    # (the joker, void in a suit, takes one of its tops)
        return min(10, total)
    trumps = TABLES[strain].suit_mask[strain]
    if counted[strain] < (live & trumps & ~keep).bit_count():
        return counted[strain]           # (trumps not all drawn: a side top may be ruffed)
    return min(10, sum(counted[:4]))


def _real_tricks(rules: Rules, strain: int, dd: int, sure: int) -> int:
    """The tricks a real declarer takes on a deal where double dummy takes ``dd`` and his
    sure tricks (:func:`sure_tricks`) are ``sure``: at least the sure ones (as far as double
    dummy takes them), else :func:`_optimism`'s tricks fewer than double dummy."""
    return max(0, min(dd, sure), dd - _optimism(rules, strain))


def _expected(rules: Rules, contract: Contract, seat: int,
              tricks: list[tuple[int, int, float]]) -> tuple[float, float]:
    """A contract of tricks on the imagined deals (its declaring side's double-dummy tricks on
    each, the declarer's sure tricks there, and the deal's weight): its value for ``seat``'s
    side (:func:`outcome_value`) and the chance it is made, the declarer counted a trick fewer
    (two at no trumps) than double dummy, who sees every card, takes, but never fewer than
    his sure tricks (:func:`_real_tricks`; none fewer where he sees them all too)."""
    total = sum(wt for _, _, wt in tricks)
    real = [(_real_tricks(rules, contract.strain, t, sure), wt) for t, sure, wt in tricks]
    value = sum(wt * outcome_value(rules, contract, seat, None, t) for t, wt in real)
    return value / total, sum(wt for t, wt in real if t >= contract.tricks) / total


def _partners_contract(view: View) -> Contract | None:
    """The contract a pass leaves to be played when ``view``'s partner holds the bid with a
    bid of tricks (None when nobody, an opponent or ``view``'s seat holds it, or a misère)."""
    r = view.rules
    for seat, tok in reversed(view.auction):
        if tok == "pass":
            continue
        a = bid_action(tok)
        if (seat == view.seat or r.side_of[seat] != r.side_of[view.seat] or a is None
                or not is_trick_bid(a)):
            return None
        return Contract(tok, seat, bid_tricks(a), bid_strain(a), price(r, a))
    return None


def _left(clock: Clock) -> float | None:
    """Seconds a solve may take (None: no limit); once the time is out, a solve stops at its
    first node."""
    left = clock.left()
    return None if left is None else max(left, 1e-9)


def _won_by(view: View, seats: set[int]) -> int:
    return sum(view.tricks_won[s] for s in seats)


TIE = 1e-9
"""Averages this close are a tie (equal per-deal values summed in the same order are equal)."""


def _medium_breaks_ties(view: View, cands: list[Candidate]) -> tuple[tuple[Candidate, ...], int]:
    """The candidates best first, and how many tie for the best.

    Double dummy often values several cards alike (most decisions: every card that neither
    wins nor loses a trick on any imagined deal), yet they are not alike to a player who cannot
    see the cards: a ten thrown where a three would do may be the trick missing later.  Medium's
    card-by-card judgement (keep high cards, discard from short suits, signal) orders the tied
    cards; before, the first in alphabetical order was played ("10C" before "5C").
    """
    cands.sort(key=lambda x: (-x.value, x.action))
    top = cands[0].value
    tied = sum(1 for x in cands if top - x.value <= TIE * max(1.0, abs(top)))
    if tied > 1:
        order = {x.action: i for i, x in enumerate(play_decision(view).candidates)}
        cands[:tied] = sorted(cands[:tied], key=lambda x: order.get(x.action, len(order)))
    return tuple(cands), tied


# ----------------------------------------------------------------------------- the bot


def _discard_plan(out: int) -> tuple[str, tuple[str, ...]]:
    """A discard's first card (the action that starts it) and every card of it."""
    return cards.token(min(cards.iter_cards(out))), tuple(cards.tokens(out))


@dataclass
class PimcBot(BaseBot):
    """Perfect-information Monte Carlo: sample, solve, average."""

    name: str = "hard"
    play_samples: int = 12
    bid_samples: int = 6
    inference: bool = False

    # -- dispatch ------------------------------------------------------------------------

    def act(self, view: View) -> Decision:
        """Decide for ``view.seat``."""
        self.check(view)
        clock = Clock.start(self.budget)
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return Decision(legal[0], (Candidate(legal[0], 0.0),), "the only legal action")
        if view.phase == "auction":
            if view.rules.players >= 5:
                return self._fallback(view, "five and six players: bids by hand evaluation")
            return self._bid(view, clock)
        if view.phase == "kitty":
            return self._discard(view, clock)
        if view.phase == "call":
            return self._call(view)
        return self._play(view, clock)

    def _medium(self, view: View) -> Decision:
        """The Medium bot's decision (its judgement, which the solves check or stand in for)."""
        from .base import make

        return make("medium", seed=self.seed).act(view)

    def _fallback(self, view: View, why: str | None, medium: Decision | None = None
                  ) -> Decision:
        """The Medium bot's decision (``medium`` if already made), when solving is out of
        reach: its whole discard planned too, its reason after ``why`` (None: its reason
        says it all)."""
        d = medium or self._medium(view)
        reason = d.reason if why is None else f"{why} ({d.reason})" if d.reason else why
        return Decision(d.action, d.candidates, reason, plan=d.plan)

    def _node_budget(self, view: View) -> int:
        return BIG_TABLE_BUDGET if view.rules.players >= 5 else NODE_BUDGET

    def _samples(self, default: int) -> int:
        s = self.budget.samples
        return s if s is not None else default

    # -- the play ------------------------------------------------------------------------

    def _play(self, view: View, clock: Clock) -> Decision:
        c = view.contract
        declaring = c is not None and c.is_misere and c.declarer == view.seat
        if c is not None and c.is_misere and (declaring or view.rules.players >= 5):
            # Declaring misère, averaging over imagined deals fails (each deal is then played
            # as if every card were seen: "strategy fusion"); the careful rules play better.
            # Four defenders averaging imagined deals let far more misères through than
            # Medium's misère defence did on the same hands (docs/strength.md): it plays there.
            # Both by Medium's rules, but remembering the tricks played (Medium forgets them:
            # it said a led 8♠, the last spade out, took the trick 41%)
            return self._fallback(view, "misère declarer: keep every card safe" if declaring
                                  else "misère defence at five or six players",
                                  play_decision(view, remember=True))
        rng = self.rng(view)
        n = self._samples(self.play_samples)
        if self.budget.samples is None:
            # the first tricks are the costly solves: fewer deals there, more later
            held = len(view.hand)
            n = max(2, n * min(3, 11 - held) // 3)
        limit = ENUMERATE_UP_TO if self.budget.samples is None else self.budget.samples
        every = every_world(view, limit) if len(view.hand) <= ENUMERATE_HELD else None
        if every:
            # few placements left: average over all of them, so that a card worse in some
            # placement and better in none is never chosen (a sample can tie them)
            if clock.until is not None:
                # a time limit may stop the solving part-way: then the deals solved should be
                # a fair sample, not the first of a fixed order (which share their first cards)
                rng.shuffle(every)
            worlds, weights = every, self._weights(view, every)
        else:
            worlds, weights = self._worlds(view, rng, n)
        if not worlds:
            return self._fallback(view, "no consistent deal found")
        return self._play_on(view, [w.game for w in worlds], weights, clock,
                             every=bool(every))

    def _play_on(self, view: View, games: list[Game], weights: list[float],
                 clock: Clock, every: bool = False) -> Decision:
        c = view.contract
        seat = view.seat
        r = view.rules
        side = None
        if c is None:
            side = r.sides[r.side_of[seat]]
            counted_seats = set(side)
        elif c.is_misere:
            counted_seats = {c.declarer}
        else:
            counted_seats = set(declaring_seats(r, c, view.partner))
        so_far = _won_by(view, counted_seats)
        totals: dict[str, float] = {a: 0.0 for a in view.legal_actions}
        makes: dict[str, float] = {a: 0.0 for a in view.legal_actions}
        wsum = 0.0
        used = 0
        for g, wgt in zip(games, weights, strict=True):
            if clock.out:
                break
            vals = move_values(g, budget=self._node_budget(view), side=side,
                               seconds=_left(clock))
            if any(v is None for v in vals.values()):
                continue
            used += 1
            wsum += wgt
            for a in view.legal_actions:
                v = vals[a]
                assert v is not None
                total = so_far + v
                totals[a] += wgt * outcome_value(r, c, seat, view.partner, total)
                if c is not None:
                    made = total == 0 if c.is_misere else total >= c.tricks
                    makes[a] += wgt * (1.0 if made else 0.0)
        if used == 0 or wsum == 0:
            return self._fallback(view, "out of time before an imagined deal was solved"
                                  if clock.out else "every imagined deal was too hard to solve")
        cands, tied = _medium_breaks_ties(view, [
            Candidate(a, totals[a] / wsum, makes[a] / wsum if c is not None else None)
            for a in view.legal_actions])
        late = (f" (the time ran out after {used} of {len(games)})"
                if clock.out and used < len(games) else "")
        if every and used == len(games):
            over = ("the only deal the unseen cards allow" if used == 1 else
                    f"every one of the {used} deals the unseen cards allow")
        else:
            over = f"{used} imagined deals"
        ties = f"; {tied} cards tie, the careful rules chose among them" if tied > 1 else ""
        return Decision(cands[0].action, cands, f"best average over {over}{late}{ties}",
                        samples=used)

    # -- the auction ---------------------------------------------------------------------

    def _bid(self, view: View, clock: Clock) -> Decision:
        rng = self.rng(view)
        r = view.rules
        n = self._samples(self.bid_samples)
        if self.budget.samples is None and r.players == 2:
            # two hands of ten solve fast (Hard's decisions there take 1 to 2 ms at the
            # median): deals enough for every bid the sure rule allows (on 5, a bid above
            # the six level or at no trumps never is)
            n = max(n, SURE_HIGH_DEALS)
        worlds, weights = self._worlds(view, rng, n)
        legal = set(view.legal_actions)
        hand = cards.mask_of(view.hand)
        medium = self._medium(view)
        strains = self._plausible_strains(hand, r, legal)
        bid = bid_action(medium.action)
        if bid is not None and is_trick_bid(bid) and bid_strain(bid) not in strains:
            # Medium's bid is checked too: left unsolved, 6♦ with one diamond was bid
            # beside candidates that all lost to a pass ("not solved on any imagined deal")
            strains.append(bid_strain(bid))
        # tricks the bot would take declaring each strain, over the imagined deals (weighted)
        tricks_by_strain: dict[int, list[tuple[int, int, float]]] = {s: [] for s in strains}
        misere_safe: list[tuple[bool, float]] = []
        # a misère is tried on the deals for a low hand, and whenever Medium bids one
        want_misere = ("misere" in legal or "open-misere" in legal) and (
            self._low_hand(hand) or "misere" in medium.action)
        budget = self._node_budget(view)
        standing = _partners_contract(view)
        standing_tricks: list[tuple[int, int, float]] = []
        used = 0
        for w, wgt in zip(worlds, weights, strict=True):
            if clock.out:
                break
            kitty = w.game.kitty
            tricks: list[tuple[int, int | None, int]] = []
            for s in strains:
                keep = best_keep(hand | kitty, s, r.kitty_size, misere=False)
                hands = list(w.hands)
                hands[view.seat] = keep
                res = solve(Position.for_contract(r, hands, view.seat, s, dealer=view.dealer),
                            budget=budget, seconds=_left(clock))
                sure = sure_tricks(keep, (hand | kitty) & ~keep, s, r.deck_mask)
                tricks.append((s, res.tricks, sure))
            safe: bool | None = None
            if want_misere:
                keep = best_keep(hand | kitty, NO_TRUMPS, r.kitty_size, misere=True)
                hands = list(w.hands)
                hands[view.seat] = keep
                res = solve(Position.for_contract(r, hands, view.seat, NO_TRUMPS, misere=True,
                                                  dealer=view.dealer), budget=budget,
                            seconds=_left(clock))
                safe = None if res.tricks is None else res.tricks == 0
            held: int | None = None
            held_sure = 0
            if standing is not None:    # the partner's bid, played as it stands after a pass
                hands = list(w.hands)
                his = hands[standing.declarer] | kitty
                hands[standing.declarer] = best_keep(his, standing.strain, r.kitty_size,
                                                     misere=False)
                held = solve(Position.for_contract(r, hands, standing.declarer, standing.strain,
                                                   dealer=view.dealer),
                             budget=budget, seconds=_left(clock)).tricks
                held_sure = sure_tricks(hands[standing.declarer],
                                        his & ~hands[standing.declarer], standing.strain,
                                        r.deck_mask)
            if clock.out:
                break  # the time ran out on this deal: its strains are not all solved
            used += 1
            for s, t, sure in tricks:
                if t is not None:  # (None: beyond the node budget)
                    tricks_by_strain[s].append((t, sure, wgt))
            if safe is not None:
                misere_safe.append((safe, wgt))
            if held is not None:
                standing_tricks.append((held, held_sure, wgt))
        if used == 0 and clock.out:
            return self._fallback(view, "out of time before an imagined deal was solved",
                                  medium)
        cands: list[Candidate] = [Candidate("pass", 0.0, None, "baseline")]
        for tok in sorted(legal):
            a = bid_action(tok)
            if a is None:
                continue
            if is_trick_bid(a):
                s = bid_strain(a)
                ts = tricks_by_strain.get(s)
                if not ts:
                    continue
                c = Contract(tok, view.seat, bid_tricks(a), s, price(r, a))
                cands.append(Candidate(tok, *_expected(r, c, view.seat, ts)))
            elif misere_safe and "misere" in tok:      # (a pass is the baseline, above)
                value = price(r, a)
                total = sum(wt for _, wt in misere_safe)
                p_make = sum(wt for ok, wt in misere_safe if ok) / total
                cands.append(Candidate(tok, p_make * value - (1 - p_make) * value, p_make))
        holder = next((seat for seat, tok in reversed(view.auction) if tok != "pass"), None)
        partner_holds = holder is not None and holder != view.seat and (
            r.side_of[holder] == r.side_of[view.seat])
        if standing is not None and standing_tricks:
            # (a hint showed "pass +0.0 baseline" under bids it passed, then "+0.0, the
            # partner's points not counted": not on the bids' scale, which a reader compared)
            worth, chance = _expected(r, standing, view.seat, standing_tricks)
            cands[0] = Candidate("pass", worth, None,
                                 f"the partner's {standing.bid} is played: makes {chance:.0%}")
        elif partner_holds:
            cands[0] = Candidate("pass", 0.0, None,
                                 "baseline: the partner's bid stands, its points not counted")
        # a take-out of the partner's bid only where the deals read the bids (Insane's): on
        # deals blind to them his hand is anyone's, his contract undervalued, and Hard took
        # his 6♣, made double dummy, out into 6♥ on three small hearts
        played = cands[0].value if standing is not None and standing_tricks else None
        pass_worth = played if self.inference else None
        cands.sort(key=lambda c: (-c.value, c.action))
        return self._checked_bid(medium, cands, used, partner_holds, pass_worth, played,
                                 min_misere=MIN_MISERE_THREE if r.players == 3 else MIN_MISERE,
                                 trade_up=_declarer_sees_all(r))

    @staticmethod
    def _checked_bid(medium: Decision, cands: list[Candidate], n: int,
                     partner_holds: bool = False, pass_worth: float | None = None,
                     played: float | None = None, *,
                     min_misere: dict[str, float] = MIN_MISERE,
                     trade_up: bool = False) -> Decision:
        """Medium's bid, checked on the imagined deals: a bid they mostly defeat gives way to
        the most valuable bid they nearly always make (:meth:`_below_medium`: on fewer than
        :data:`SURE_HIGH_DEALS`, up to Medium's level), else to a pass, and so does a pass
        (over a partner's standing bid, which a pass leaves to be played, only a bid worth
        ``TAKE_OUT_GAIN`` more than his contract, ``pass_worth``, played on the same deals;
        none where that is unknown).  With ``trade_up`` (where the deals value contracts as
        the table does: :func:`_declarer_sees_all`) a trick bid they do not nearly always
        make gives way to that bid too where it is worth ``TAKE_OUT_GAIN`` more on the same
        deals (8♠ made on 2 of 5, worth -74, was kept beside 7♠ made on all 5, worth +114).
        Elsewhere the deals count the declarer a trick short of double dummy (his sure
        tricks aside), Medium's bid
        is worth more than they say, and the trade cost 6.0 points a deal on
        `two_dead_hand` (docs/strength.md).  Over a partner's standing bid, Medium's bid
        worth less on the deals than his contract played on them (``played``) gives way to a
        pass (a review found Hard's raises below the pass on its own deals, "confirmed").  A
        misère must be made as often as ``min_misere`` says (:data:`MIN_MISERE_THREE` at
        three players), a trick bid :data:`MIN_MAKE`.

        (Choosing freely among the double-dummy values overbids: the declarer there sees
        every card, and the best of many noisy estimates is too high.)
        """
        by_action = {c.action: c for c in cands}

        def sure_enough(c: Candidate) -> bool:
            # (on fewer deals only the six level: Hard's 7♣ on three small clubs, "made on 4
            # of 5", was one of 71 such sevens of which 29 were made)
            a = bid_action(c.action)
            high = a is None or bid_tricks(a) > SURE_LEVEL or bid_strain(a) == NO_TRUMPS
            return n >= SURE_HIGH_DEALS or not high

        # (never a misère Medium did not choose: double dummy misjudges misère badly)
        sure = [c for c in cands if c.make_probability is not None and c.value > 0
                and "misere" not in c.action and c.make_probability >= MIN_SURE
                and sure_enough(c)]
        def made_on(c: Candidate) -> str:
            """How often the sure bid ``c`` is made, in numbers, as its row says it ("makes
            on nearly every imagined deal" was said of 80%, and of the one deal solved)."""
            if n == 1:
                return "makes on the one imagined deal"
            return f"makes on {c.make_probability or 0.0:.0%} of the imagined deals"

        checked = by_action.get(medium.action)
        # over a partner's standing bid, only a sure bid worth more than his contract played
        # (none where that is unknown): a bid Medium chose there that failed gave way to any
        # sure bid, and Hard took a partner's 6♠ out into 6♥ worth 40 against his 100
        better = [c for c in sure if pass_worth is not None
                  and c.value >= pass_worth + TAKE_OUT_GAIN] if partner_holds else sure
        if medium.action != "pass" and checked is not None and (
                checked.make_probability or 0.0) < min_misere.get(medium.action, MIN_MAKE):
            below = PimcBot._below_medium(medium.action, cands, sure_enough)
            instead = [c for c in below if pass_worth is not None
                       and c.value >= pass_worth + TAKE_OUT_GAIN] if partner_holds else below
            action = instead[0].action if instead else "pass"
            why = f"{medium.action} fails on most imagined deals" + (
                f"; {action} {made_on(instead[0])}" if instead else "")
        elif (trade_up and better and checked is not None and medium.action != "pass"
              and "misere" not in medium.action
              and (checked.make_probability or 0.0) < MIN_SURE
              and better[0].value >= checked.value + TAKE_OUT_GAIN):
            # a doubtful bid beside a sure one worth more on the same deals: 7♥ made on 2 of
            # 5, worth -82, was kept "confirmed" beside 6NT made on all 5, worth +82
            action, why = better[0].action, (
                f"{medium.action} makes on only {checked.make_probability or 0.0:.0%} of the "
                f"imagined deals; {better[0].action} {made_on(better[0])}, worth "
                f"{better[0].value - checked.value:.0f} more")
        elif medium.action == "pass" and sure and partner_holds:
            if better:
                action, why = better[0].action, (f"{made_on(better[0])}, worth more than the "
                                                 "partner's bid played")
            else:
                action, why = "pass", "a pass leaves the partner's bid to be played"
        elif medium.action == "pass" and sure:
            action, why = sure[0].action, made_on(sure[0])
        elif (partner_holds and played is not None and checked is not None
              and medium.action != "pass" and checked.value < played):
            action, why = "pass", (f"{medium.action} is worth less than the partner's bid "
                                   "played on the imagined deals")
        elif checked is None and medium.action != "pass":
            action, why = medium.action, "hand evaluation, not solved on any imagined deal"
        elif medium.action == "pass":
            action, why = "pass", PimcBot._why_no_bid(cands, n, sure_enough)
        elif checked is not None and (checked.make_probability or 0.0) < MIN_MISERE.get(
                medium.action, MIN_MAKE):      # (a misère kept at three players)
            action, why = medium.action, (
                f"hand evaluation; made on {checked.make_probability or 0.0:.0%} of the "
                "imagined deals, whose defenders see every card: at three players it is made "
                "far more often")
        else:
            action, why = medium.action, "hand evaluation, confirmed on imagined deals"
        return Decision(action, tuple(cands), f"{why} ({n} deal{'s' * (n != 1)})", samples=n)

    @staticmethod
    def _below_medium(bid: str, cands: list[Candidate],
                      sure_enough: Callable[[Candidate], bool]) -> list[Candidate]:
        """The sure bids that may replace Medium's trick bid ``bid`` the deals defeat, most
        valuable first: those :data:`SURE_LEVEL`'s rule allows, and on fewer deals any up to
        its level (at no trumps only where it is at no trumps): Medium's count backs a high
        contract and the deals pick the one that makes (10NT on ten top tricks in spades
        failed, and 6♠ was bid beside 10♠ made on every deal).  Against the Hard before it
        (bench/bots_before.py d509761, 600 deals) this rule added +0.8 (australian, seed 3),
        +0.1 (seed 4) and +0.1 (classic3) points a deal to the sure-trick count's alone."""
        a = bid_action(bid)
        top = bid_tricks(a) if a is not None and is_trick_bid(a) else 0
        nt = a is not None and is_trick_bid(a) and bid_strain(a) == NO_TRUMPS

        def allowed(c: Candidate) -> bool:
            """Within Medium's level (and strain, for no trumps)."""
            b = bid_action(c.action)
            return (b is not None and is_trick_bid(b) and bid_tricks(b) <= top
                    and (nt or bid_strain(b) != NO_TRUMPS))

        return [c for c in cands if c.make_probability is not None and c.value > 0
                and "misere" not in c.action and c.make_probability >= MIN_SURE
                and (sure_enough(c) or allowed(c))]

    @staticmethod
    def _why_no_bid(cands: list[Candidate], n: int,
                    sure_enough: Callable[[Candidate], bool]) -> str:
        """Why a pass stands over the bids the imagined deals valued (a hint said "confirmed
        on imagined deals" over 6NT and 7♦ worth more than the pass, to a player's
        puzzlement): none is worth more than a pass, or one made nearly always is too high to
        bid on so few deals, or none worth more is made nearly always.

        >>> why = PimcBot._why_no_bid
        >>> why([Candidate("pass", 0.0), Candidate("6NT", 3.0, 0.7), Candidate("6S", -2.0, 0.9)],
        ...     10, lambda c: True)
        'no bid is sure enough: 6NT, worth the most, makes on 70% of the imagined deals'
        >>> why([Candidate("7H", -169.0, 0.21), Candidate("8H", -291.0, 0.1)], 10, lambda c: True)
        'no bid is worth more than a pass: the likeliest, 7H, makes on 21% of the imagined deals'
        >>> why([Candidate("pass", -242.0, None, "the partner's 8D is played: makes 15%"),
        ...      Candidate("8H", -218.4, 0.2)], 10, lambda c: True)    # (it said "no bid is
        ...                                                            # worth more than a pass")
        'no bid is sure enough: 8H, worth the most, makes on 20% of the imagined deals'
        >>> few = why([Candidate("8H", 120.0, 1.0)], 5, lambda c: False)
        >>> few.startswith("8H makes on 100% of the imagined deals, but 5 deals are too few")
        True
        """
        bids = [c for c in cands if c.make_probability is not None and "misere" not in c.action]
        if not bids:
            return "hand evaluation, no bid solved on the imagined deals"

        def made(c: Candidate) -> str:
            return f"makes on {c.make_probability or 0.0:.0%} of the imagined deals"

        passed = next((c.value for c in cands if c.action == "pass"), 0.0)  # (a partner's
        worth = [c for c in bids if c.value > passed]                       # contract, or 0)
        if not worth:
            likeliest = max(bids, key=lambda c: (c.make_probability or 0.0, c.value))
            return f"no bid is worth more than a pass: the likeliest, {likeliest.action}, " \
                   f"{made(likeliest)}"
        high = [c for c in worth if (c.make_probability or 0.0) >= MIN_SURE]
        if high:           # (sure but for sure_enough: above the six level or no trumps)
            best = max(high, key=lambda c: c.value)
            return (f"{best.action} {made(best)}, but {n} deals are too few to bid above the "
                    f"{LEVEL_WORDS[SURE_LEVEL - 6]} level or in no trumps")
        best = max(worth, key=lambda c: (c.value, c.make_probability or 0.0))
        return f"no bid is sure enough: {best.action}, worth the most, {made(best)}"

    def _plausible_strains(self, hand: int, r: Rules, legal: set[str] | None = None
                           ) -> list[int]:
        """The suits worth trying as trumps (the longest two by trump count) and no trumps,
        those of them with a bid among ``legal`` (when given), else every strain with one:
        over an open misère only ten-level bids are left, and a hand whose two longest suits
        were spades and diamonds had none solved ("no bid solved on the imagined deals")."""
        out = self._longest_strains(hand, r)
        if legal is None:
            return out
        biddable = {bid_strain(a) for a in map(bid_action, legal)
                    if a is not None and is_trick_bid(a)}
        return [s for s in out if s in biddable] or sorted(biddable)

    @staticmethod
    def _longest_strains(hand: int, r: Rules) -> list[int]:
        """The suits worth trying as trumps (the longest two by trump count) and no trumps
        (with the joker, two aces, or where the pack has no joker)."""
        scores = []
        for s in range(4):
            t = TABLES[s]
            n_trumps = (hand & t.suit_mask[s]).bit_count()
            scores.append((n_trumps, s))
        scores.sort(reverse=True)
        out = [s for _, s in scores[:2]]
        aces = sum(1 for c in cards.iter_cards(hand) if c != JOKER and c & 15 == cards.ACE)
        if hand >> JOKER & 1 or aces >= 2 or not r.has_joker:
            out.append(NO_TRUMPS)
        return out

    @staticmethod
    def _low_hand(hand: int) -> bool:
        """Worth trying misère: no joker and few high cards."""
        if hand >> JOKER & 1:
            return False
        high = sum(1 for c in cards.iter_cards(hand) if c & 15 >= cards.JACK)
        return high <= 2

    # -- kitty and call ------------------------------------------------------------------

    def _discard(self, view: View, clock: Clock) -> Decision:
        c = view.contract
        assert c is not None
        if c.is_misere:         # (Medium's reason: "misère: discard the dangerous cards")
            return self._fallback(view, None)
        r = view.rules
        hand = cards.mask_of(view.hand)
        to_go = len(view.hand) - 10
        options = discard_options(hand, c.strain, to_go, c.is_misere)
        why = "keep the hand that plays best on imagined deals"
        solved = 0
        if len(options) == 1:
            keep = options[0]
            why = "the one sensible discard"
        else:
            rng = self.rng(view)
            worlds = sample_worlds(view, rng, max(2, self._samples(self.bid_samples) // 2))
            totals = [0] * len(options)
            for w in worlds:
                if clock.out:
                    break
                # a deal counts once every option is solved on it (all compared on the same)
                tricks = []
                for keep in options:
                    hands = list(w.hands)
                    hands[view.seat] = keep
                    p = Position.for_contract(r, hands, view.seat, c.strain, c.is_misere,
                                              partner=view.partner)
                    t = solve(p, budget=self._node_budget(view), seconds=_left(clock)).tricks
                    if t is None:
                        break
                    tricks.append(t)
                if len(tricks) == len(options):
                    solved += 1
                    totals = [a + b for a, b in zip(totals, tricks, strict=True)]
            if solved:
                best_i = max(range(len(options)), key=lambda i: (totals[i], -i))
                keep = options[best_i]
                why = ("keep the hand that plays best on "
                       + (f"{solved} imagined deals" if solved > 1 else "an imagined deal"))
            else:
                keep = options[0]
                why = ("out of time before an imagined deal was solved: the usual discard"
                       if clock.out else "no imagined deal solved: the usual discard")
        first, plan = _discard_plan(hand & ~keep)
        # the best discards with the tricks each took on the deals all were solved on (none
        # when none was: a "+0.0" beside the only discard said nothing)
        ranked = sorted(range(len(options)), key=lambda i: (-totals[i], i)) if solved else []
        plans = [(_discard_plan(hand & ~options[i]), totals[i] / solved)
                 for i in ranked[:DISCARDS_SHOWN]]
        cands = tuple(Candidate(tok, tricks, None, "discard " + " ".join(toks))
                      for (tok, toks), tricks in plans)
        return Decision(first, cands, why, samples=solved, plan=plan)

    def _call(self, view: View) -> Decision:
        """Medium's call (its best card missing, or alone when strong enough).

        Hard used to call the top card missing from its longest suit, often a small card
        under its own A-K-Q; on 82 `five_called` hands where the two calls differed, 16
        imagined deals each solved double dummy, Medium's made 85.5% of the contracts and
        Hard's 81.6% (docs/strength.md).
        """
        return self._fallback(view, "the partner called by hand evaluation")

    # -- inference -----------------------------------------------------------------------

    def _worlds(self, view: View, rng: Rng, n: int) -> tuple[list[World], list[float]]:
        """``n`` imagined deals and their weights; Insane draws three times as many and keeps
        the ``n`` that fit the auction best."""
        worlds = sample_worlds(view, rng, n * (3 if self.inference else 1))
        weights = self._weights(view, worlds)
        if self.inference and len(worlds) > n:
            ranked = sorted(sorted(range(len(worlds)), key=lambda i: (-weights[i], i))[:n])
            worlds = [worlds[i] for i in ranked]
            weights = [weights[i] for i in ranked]
        return worlds, weights

    def _weights(self, view: View, worlds: list[World]) -> list[float]:
        """How well each imagined deal fits the other players' bids (1.0 each for Hard)."""
        if not self.inference:
            return [1.0] * len(worlds)
        c = view.contract
        # Against a misère the bid is not read: deals where the declarer's hand is safe tell
        # the defence nothing (every card scores the same), the others show what to attack.
        misere_declarer = c.declarer if c is not None and c.is_misere else None
        out = []
        for w in worlds:
            logw = 0.0
            for seat, tok in view.auction:
                if seat == view.seat or (seat == misere_declarer and "misere" in tok):
                    continue
                hand = w.game.deal.hands[seat]
                logw += bid_fit(hand, tok)
            out.append(math.exp(logw))
        return out



# ----------------------------------------------------------------------------- cheater


@dataclass
class CheaterBot(PimcBot):
    """Sees every card (measurement only): solves the true deal instead of imagined ones."""

    name: str = "cheater"
    sees_all: bool = True

    def act(self, view: View) -> Decision:
        """Refused: the cheater sees every card, so a view is not enough (it played as an
        ordinary sampling bot, silently, giving a wrong upper bound); ask it with
        :meth:`act_with_game`."""
        from .base import BotError

        raise BotError("the cheater sees every card: ask it with act_with_game(game), not "
                       "act(view) (a view hides the cards it plays on; the arena does this "
                       "for a bot with sees_all)")

    def act_with_game(self, game: Game) -> Decision:
        """Decide with full knowledge of ``game`` (the arena's one exception to views): the
        true deal in the play; the auction, kitty and call on sampled deals, as every PimcBot
        decides them."""
        from .base import BotError

        if not isinstance(game, Game):
            raise BotError(f"act_with_game() takes the Game, not {type(game).__name__}")
        seat = game.to_move
        view = game.view(seat if seat is not None else 0)
        self.check(view)
        if view.phase == "play":
            return self._play_on(view, [game.clone()], [1.0], Clock.start(self.budget))
        return super().act(view)


@register("hard")
def _hard(seed: int, budget: Budget) -> Bot:
    return PimcBot(seed=seed, budget=budget, name="hard", play_samples=12, bid_samples=5)


@register("insane")
def _insane(seed: int, budget: Budget) -> Bot:
    return PimcBot(seed=seed, budget=budget, name="insane", play_samples=30, bid_samples=10,
                   inference=True)


@register("cheater")
def _cheater(seed: int, budget: Budget) -> Bot:
    return CheaterBot(seed=seed, budget=budget)


__all__ = ["CheaterBot", "PimcBot", "outcome_value"]
