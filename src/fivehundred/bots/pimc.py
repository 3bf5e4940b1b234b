"""Hard and Insane: imagine the unseen cards many times and solve each deal double dummy.

Before each play the bot deals the cards it cannot see in many ways consistent with all it
has seen (:mod:`.sampling`), solves every imagined deal with the double-dummy solver and
plays the card with the best average score for its side (late in a hand, when the unseen
cards can lie in few ways, it averages over every one of them instead).  For the auction it
declares each plausible strain (and misère) on imagined deals, kitty exchange included, and
checks Medium's bid on them (:mod:`.bid_check`: what each is worth, which stands); the kitty
discard is chosen the same way among a few sensible
discards.

Insane samples more and reads the auction: imagined deals in which a player holds cards that
do not fit his bids (a bid he could not have made, a pass with a strong hand) weigh less.
The cheater sees every card (measurement only: it is the upper bound of play strength).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .. import cards
from ..actions import bid_strain, bid_tricks, is_trick_bid
from ..auction import Contract, price
from ..cards import JOKER, NO_TRUMPS
from ..game import Game
from ..rng import Rng
from ..rules import Rules
from ..scoring import declaring_seats
from ..solver import Position, move_values, solve
from ..tricks import TABLES
from ..view import View
from .base import BaseBot, Bot, Budget, Candidate, Clock, Decision, register
from .bid_check import (
    MIN_MISERE,
    MIN_MISERE_THREE,
    SURE_HIGH_DEALS,
    below_medium,
    checked_bid,
    declarer_sees_all,
    expected_outcome,
    outcome_value,
    partners_contract,
    sure_tricks,
    why_no_bid,
)
from .bid_model import bid_action, bid_fit
from .discards import best_keep, discard_options
from .medium import play_decision
from .play_reasons import Outlook
from .sampling import World, every_world, sample_worlds

NODE_BUDGET = 3_000_000   # per solve: a pathological deal is dropped, never a stall
BIG_TABLE_BUDGET = 150_000  # per solve at five and six players, where tricks are wide
ENUMERATE_HELD = 4        # with at most this many cards in hand, and
ENUMERATE_UP_TO = 200     # at most this many placements of the unseen cards: play on them all
DISCARDS_SHOWN = 8    # a discard hint's alternatives, the best first, with their tricks


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
        counted: dict[str, float] = {a: 0.0 for a in view.legal_actions}   # (their tricks)
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
                counted[a] += wgt * total
                if c is not None:
                    made = total == 0 if c.is_misere else total >= c.tricks
                    makes[a] += wgt * (1.0 if made else 0.0)
        if used == 0 or wsum == 0:
            return self._fallback(view, "out of time before an imagined deal was solved"
                                  if clock.out else "every imagined deal was too hard to solve")
        # each card's tricks in words, and what sets the best apart (play_reasons.py: a
        # player asked why the card was best; "best average" said only that it was)
        look = Outlook.of(view, counted_seats)
        tricks = {a: look.tricks(counted[a] / wsum) for a in view.legal_actions}
        cands, tied = _medium_breaks_ties(view, [
            Candidate(a, totals[a] / wsum, makes[a] / wsum if c is not None else None,
                      look.note(tricks[a]))
            for a in view.legal_actions])
        late = (f" (the time ran out after {used} of {len(games)})"
                if clock.out and used < len(games) else "")
        if every and used == len(games):
            over = ("the only deal the unseen cards allow" if used == 1 else
                    f"every one of the {used} deals the unseen cards allow")
        else:
            over = f"{used} imagined deal{'s' * (used != 1)}"   # ("over 1 imagined deals")
        # (how the Medium bot's rules of thumb break a tie is said too: "the careful
        # rules" were never explained)
        return Decision(cands[0].action, cands,
                        f"best average over {over}{late}{look.why(cands, tricks, tied, used)}",
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
        standing = partners_contract(view)
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
                sure = sure_tricks(keep, (hand | kitty) & ~keep, s, r.deck_mask,
                                   r.opening_lead == "declarer")
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
                                        r.deck_mask, r.opening_lead == "declarer")
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
                cands.append(Candidate(tok, *expected_outcome(r, c, view.seat, ts)))
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
            worth, chance = expected_outcome(r, standing, view.seat, standing_tricks)
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
        return checked_bid(medium, cands, used, partner_holds, pass_worth, played,
                                 min_misere=MIN_MISERE_THREE if r.players == 3 else MIN_MISERE,
                                 trade_up=declarer_sees_all(r))

    # (the check of a bid on the deals: bid_check.py; these names kept for callers)
    _checked_bid = staticmethod(checked_bid)
    _below_medium = staticmethod(below_medium)
    _why_no_bid = staticmethod(why_no_bid)

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
