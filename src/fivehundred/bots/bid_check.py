"""Checking a bid on imagined deals, for Hard and Insane (:mod:`.pimc`): what a contract is
worth there, and which bid stands.

Each imagined deal is solved double dummy; a real declarer, who does not see the cards, is
counted fewer tricks than double dummy gives (:data:`DD_OPTIMISM`), but never fewer than his
sure top tricks (:func:`sure_tricks`).  Medium's bid is kept when the deals make it often
enough, else gives way to a bid they nearly always make, or a pass (:func:`checked_bid`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import bid_strain, bid_tricks, is_trick_bid
from ..auction import Contract, price
from ..cards import JOKER, NO_TRUMPS
from ..rules import Rules
from ..scoring import contract_score
from ..tricks import TABLES
from ..view import View
from .base import Candidate, Decision
from .bid_model import bid_action
from .hand_eval import ladder

DD_OPTIMISM = (1, 1, 1, 1, 2)  # per strain: tricks a double-dummy declarer takes that a real
#                                one will not (more at no trumps, where guessing is harder)
MIN_MAKE = 0.4            # keep Medium's bid only if it is made this often on imagined deals
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
OVER_PASS = (f"where the hand evaluation passes, the hint bids only what makes on "
             f"{MIN_SURE:.0%} of the imagined deals or more")
"""The rule a bid over Medium's pass follows, in a hint's reason (a bid made on 80% was
advised beside one worth more made on 71%, and a pass "no bid is sure enough" beside one
made on 73%, "sure enough" never said)."""
TAKE_OUT_GAIN = 20.0      # over a partner's bid, a sure bid worth this much more than his
#                           contract played (points a hand, on the same imagined deals)
SURE_LEVEL = 6            # such a bid up to this level,
LEVEL_WORDS = ("six", "seven", "eight", "nine", "ten")
SURE_HIGH_DEALS = 10      # and above it or at no trumps only on this many deals
#                           (on 5, 4 made by chance: Hard's 8-level such bids made 3 of 18,
#                           its sevens 29 of 71)
#                           (but in place of Medium's failing trick bid, up to its level:
#                           :func:`below_medium`)


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
            score = contract_score(rules, contract, counted_total)
            points[ds] = float(score)
            if partner is not None and rules.side_of[partner] != ds:
                points[rules.side_of[partner]] += score // 2
            if rules.defender_trick_points == "always" and defenders:
                for i in defenders:
                    points[i] += 10.0 * (10 - counted_total) / len(defenders)
    others = [points[i] for i in range(n) if i != mine]
    return points[mine] - sum(others) / max(1, len(others))


def declarer_sees_all(rules: Rules) -> bool:
    """Whether a declarer holding the kitty sees every card played against him: at two
    players without a dead hand the cards he does not hold are his one opponent's hand, so
    his play is the double-dummy play (Hard's contracts at `two_24` took their double-dummy
    tricks at the play's start in 42 hands of 42, 1.3 over the bid on average)."""
    return rules.players == 2 and rules.hands_dealt == 2


def optimism(rules: Rules, strain: int) -> int:
    """Tricks a double-dummy declarer in ``strain`` takes that a real one will not:
    :data:`DD_OPTIMISM`, or none where the real declarer sees every card too
    (:func:`declarer_sees_all`; counted a trick short there, 7NT made on every deal was bid
    6♠)."""
    return 0 if declarer_sees_all(rules) else DD_OPTIMISM[strain]


def sure_tricks(keep: int, gone: int, strain: int, deck: int, leads: bool = True) -> int:
    """Tricks the declarer holding ``keep`` takes whatever the defence holds and plays, he
    leading first (``leads``: the rules' opening lead is the declarer's; else none are counted
    sure): his top cards, the highest still out in a suit counted in sequence from the top of
    the strain's order (bowers and joker included), ``gone`` (his discards) known out of play.

    A suit whose top cards are as many as the cards of it still out elsewhere counts whole
    (they fall under the tops).  In a trump suit the side suits count only when his top trumps
    draw every trump still out (else a defender may ruff); at no trumps, none with the joker
    against him (void in a suit, its holder takes a top card, and may run suits he cannot
    stop while his tops are thrown away: 9 counted so took 6 double dummy).  Why: the tricks
    taken off double dummy (DD_OPTIMISM) are those won by seeing the cards; tricks like these
    a real declarer takes too (10NT on ten top tricks "failed on most imagined deals").
    Double dummy caps it (:func:`real_tricks`).

    >>> from fivehundred.cards import SPADES, mask_of, pack
    >>> hand = mask_of("JK JS JC AS KS QS 10S 9S 8S AH".split())
    >>> sure_tricks(hand, 0, SPADES, pack("43")), sure_tricks(hand, 0, NO_TRUMPS, pack("43"))
    (10, 9)
    >>> sure_tricks(mask_of("AS KS 5S AH KH QH 4H 4D 5C 6C".split()), 0, NO_TRUMPS, pack("43"))
    0
    >>> sure_tricks(hand, 0, SPADES, pack("43"), leads=False)
    0
    """
    if not leads:
        return 0
    live = deck & ~gone
    if strain == NO_TRUMPS and live >> JOKER & 1 and not keep >> JOKER & 1:
        return 0
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
        return min(10, sum(counted))
    trumps = TABLES[strain].suit_mask[strain]
    if counted[strain] < (live & trumps & ~keep).bit_count():
        return counted[strain]           # (trumps not all drawn: a side top may be ruffed)
    return min(10, sum(counted[:4]))


def real_tricks(rules: Rules, strain: int, dd: int, sure: int) -> int:
    """The tricks a real declarer takes on a deal where double dummy takes ``dd`` and his
    sure tricks (:func:`sure_tricks`) are ``sure``: at least the sure ones (as far as double
    dummy takes them), else :func:`optimism`'s tricks fewer than double dummy."""
    return max(0, min(dd, sure), dd - optimism(rules, strain))


def expected_outcome(rules: Rules, contract: Contract, seat: int,
              tricks: list[tuple[int, int, float]]) -> tuple[float, float]:
    """A contract of tricks on the imagined deals (its declaring side's double-dummy tricks on
    each, the declarer's sure tricks there, and the deal's weight): its value for ``seat``'s
    side (:func:`outcome_value`) and the chance it is made, the declarer counted a trick fewer
    (two at no trumps) than double dummy, who sees every card, takes, but never fewer than
    his sure tricks (:func:`real_tricks`; none fewer where he sees them all too)."""
    total = sum(wt for _, _, wt in tricks)
    real = [(real_tricks(rules, contract.strain, t, sure), wt) for t, sure, wt in tricks]
    value = sum(wt * outcome_value(rules, contract, seat, None, t) for t, wt in real)
    return value / total, sum(wt for t, wt in real if t >= contract.tricks) / total


def partners_contract(view: View) -> Contract | None:
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


def checked_bid(medium: Decision, cands: list[Candidate], n: int,
                 partner_holds: bool = False, pass_worth: float | None = None,
                 played: float | None = None, *,
                 min_misere: dict[str, float] = MIN_MISERE,
                 trade_up: bool = False) -> Decision:
    """Medium's bid, checked on the imagined deals: a bid they mostly defeat gives way to
    the most valuable bid they nearly always make (:func:`below_medium`: on fewer than
    :data:`SURE_HIGH_DEALS`, up to Medium's level), else to a pass, and so does a pass
    (over a partner's standing bid, which a pass leaves to be played, only a bid worth
    ``TAKE_OUT_GAIN`` more than his contract, ``pass_worth``, played on the same deals;
    none where that is unknown).  With ``trade_up`` (where the deals value contracts as
    the table does: :func:`declarer_sees_all`) a trick bid they do not nearly always
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
    need = min_misere.get(medium.action, MIN_MAKE)
    # each reason says the rule it applied (a student read "makes on 80%" beside a bid worth
    # more made on 71%, and "confirmed" at 79% beside "no bid is sure enough" at 73%)
    stands = f"a bid by hand evaluation stands at {need:.0%} or more"
    # (a misère at three players is kept whatever the deals say: "0% or more" said nothing)
    kept = (f"it stands at {need:.0%} or more" if need > 0 else
            "at three players a misère stands whatever the imagined deals say")
    over_it = f"a bid over it needs {MIN_SURE:.0%} and {TAKE_OUT_GAIN:.0f} points more"
    # over a partner's standing bid, only a sure bid worth more than his contract played
    # (none where that is unknown): a bid Medium chose there that failed gave way to any
    # sure bid, and Hard took a partner's 6♠ out into 6♥ worth 40 against his 100
    better = [c for c in sure if pass_worth is not None
              and c.value >= pass_worth + TAKE_OUT_GAIN] if partner_holds else sure
    if medium.action != "pass" and checked is not None and (
            checked.make_probability or 0.0) < need:
        below = below_medium(medium.action, cands, sure_enough)
        instead = [c for c in below if pass_worth is not None
                   and c.value >= pass_worth + TAKE_OUT_GAIN] if partner_holds else below
        action = instead[0].action if instead else "pass"
        p = checked.make_probability or 0.0
        fails = (f"{medium.action} fails on most imagined deals" if p < 0.5 else
                 f"{medium.action} makes on only {p:.0%} of the imagined deals")
        if instead:
            why = (f"{fails}; {action} {made_on(instead[0])} ({stands}; one in its place "
                   f"needs {MIN_SURE:.0%})")
        else:
            why = (f"{fails} ({stands}), and "
                   f"{no_bid_instead(medium.action, cands, n, partner_holds, pass_worth)}")
    elif (trade_up and better and checked is not None and medium.action != "pass"
          and "misere" not in medium.action
          and (checked.make_probability or 0.0) < MIN_SURE
          and better[0].value >= checked.value + TAKE_OUT_GAIN):
        # a doubtful bid beside a sure one worth more on the same deals: 7♥ made on 2 of
        # 5, worth -82, was kept "confirmed" beside 6NT made on all 5, worth +82
        action, why = better[0].action, (
            f"{medium.action} makes on only {checked.make_probability or 0.0:.0%} of the "
            f"imagined deals; {better[0].action} {made_on(better[0])}, worth "
            f"{better[0].value - checked.value:.0f} more (a bid made on under "
            f"{MIN_SURE:.0%} gives way to one on {MIN_SURE:.0%} or more worth "
            f"{TAKE_OUT_GAIN:.0f} more)")
    elif medium.action == "pass" and sure and partner_holds:
        if better:
            action, why = better[0].action, (f"{made_on(better[0])}, worth more than the "
                                             f"partner's bid played ({over_it})")
        elif pass_worth is not None:
            action, why = "pass", f"a pass leaves the partner's bid to be played ({over_it})"
        else:
            action, why = "pass", "a pass leaves the partner's bid to be played"
    elif medium.action == "pass" and sure:
        top = max(c.value for c in cands if c.make_probability is not None and c.value > 0
                  and "misere" not in c.action and c.make_probability >= MIN_SURE)
        of_those = ("worth the most of those" if sure[0].value >= top else
                    f"worth the most of those at the {LEVEL_WORDS[SURE_LEVEL - 6]} level in "
                    f"a suit, all it bids on {n} deals")
        often = ("on the one deal" if n == 1 else
                 f"on {sure[0].make_probability or 0.0:.0%}")
        action, why = sure[0].action, (f"{OVER_PASS}: {sure[0].action}, {of_those}, "
                                       f"makes {often}")
    elif (partner_holds and played is not None and checked is not None
          and medium.action != "pass" and checked.value < played):
        action, why = "pass", (f"{medium.action} is worth less than the partner's bid "
                               "played on the imagined deals")
    elif checked is None and medium.action != "pass":
        action, why = medium.action, "hand evaluation, not solved on any imagined deal"
    elif medium.action == "pass":
        action, why = "pass", why_no_bid(cands, n, sure_enough)
    elif checked is not None and (checked.make_probability or 0.0) < MIN_MISERE.get(
            medium.action, MIN_MAKE):      # (a misère kept at three players)
        action, why = medium.action, (
            f"hand evaluation; made on {checked.make_probability or 0.0:.0%} of the "
            "imagined deals, whose defenders see every card: at three players it is made "
            "far more often")
    elif checked is not None and any(c.value > checked.value for c in cands):
        # a row worth more beside the bid "confirmed" puzzled a student (7♥ made on 80%,
        # +94, bid beside 7♠ made on every deal, +120): the deals check a bid, the best of
        # their noisy values runs high (see above); "they check a bid, not pick one" was
        # not understood by a beginner
        action, why = medium.action, (
            f"hand evaluation, made on {checked.make_probability or 0.0:.0%} of the imagined "
            f"deals ({kept}); the imagined deals only check the hand evaluation's bid: the "
            "best-looking of a few noisy rows is usually too high")
    else:
        # ("confirmed" at 79% beside "no bid is sure enough" at 73% puzzled a student: the
        # rule that keeps a bid is not the one that bids over a pass)
        made = f"{checked.make_probability or 0.0:.0%}" if checked is not None else "?"
        action, why = medium.action, (
            f"hand evaluation, made on {made} of the imagined deals, worth the most there "
            f"({kept})")
    return Decision(action, tuple(cands), f"{why} ({n} deal{'s' * (n != 1)})", samples=n)

def below_medium(bid: str, cands: list[Candidate],
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

def why_no_bid(cands: list[Candidate], n: int,
                sure_enough: Callable[[Candidate], bool]) -> str:
    """Why a pass stands over the bids the imagined deals valued (a hint said "confirmed
    on imagined deals" over 6NT and 7♦ worth more than the pass, to a player's
    puzzlement): none is worth more than a pass, or one made nearly always is too high to
    bid on so few deals, or none worth more is made nearly always.

    >>> why = why_no_bid
    >>> why([Candidate("pass", 0.0), Candidate("6NT", 3.0, 0.7), Candidate("6S", -2.0, 0.9)],
    ...     10, lambda c: True) == OVER_PASS + ": 6NT, worth the most, makes on 70%"
    True
    >>> why([Candidate("7H", -169.0, 0.21), Candidate("8H", -291.0, 0.1)], 10, lambda c: True)
    'no bid is worth more than a pass: the likeliest, 7H, makes on 21% of the imagined deals'
    >>> why([Candidate("7D", -169.0, 0.0), Candidate("8D", -291.0, 0.0)], 10, lambda c: True)
    'no bid is worth more than a pass: none makes on any imagined deal'
    >>> why([Candidate("7D", -169.0, 0.001)], 200, lambda c: True)
    'no bid is worth more than a pass: the likeliest, 7D, makes on under 1% of the imagined deals'
    >>> why([Candidate("pass", -242.0, None, "the partner's 8D is played: makes 15%"),
    ...      Candidate("8H", -218.4, 0.2)], 10, lambda c: True)[len(OVER_PASS):]
    ': 8H, worth the most, makes on 20%'
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
        p = likeliest.make_probability or 0.0
        if p <= 0.0:      # ("the likeliest, 7♦, makes on 0%" read as nonsense)
            return "no bid is worth more than a pass: none makes on any imagined deal"
        often = made(likeliest) if p >= 0.005 else "makes on under 1% of the imagined deals"
        return f"no bid is worth more than a pass: the likeliest, {likeliest.action}, {often}"
    high = [c for c in worth if (c.make_probability or 0.0) >= MIN_SURE]
    if high:           # (sure but for sure_enough: above the six level or no trumps)
        best = max(high, key=lambda c: c.value)
        return (f"{best.action} {made(best)}, but {n} deals are too few to bid above the "
                f"{LEVEL_WORDS[SURE_LEVEL - 6]} level or in no trumps")
    best = max(worth, key=lambda c: (c.value, c.make_probability or 0.0))
    return (f"{OVER_PASS}: {best.action}, worth the most, makes on "
            f"{best.make_probability or 0.0:.0%}")


def no_bid_instead(bid: str, cands: list[Candidate], n: int, partner_holds: bool,
                   pass_worth: float | None = 0.0) -> str:
    """Why no bid replaces Medium's ``bid`` that the imagined deals defeat (it gives way to a
    pass): none other is made on :data:`MIN_SURE` of them, or none so made is worth more
    than a pass (over a partner's bid, :data:`TAKE_OUT_GAIN` more than his contract played;
    none is weighed where his contract could not be valued, ``pass_worth`` None), or those so
    made are too high to bid on ``n`` deals.

    >>> no_bid_instead("8H", [Candidate("8H", -60.0, 0.2), Candidate("7H", 9.0, 0.7)], 10,
    ...                False)
    'no other bid makes on 80% or more'
    >>> no_bid_instead("8H", [Candidate("8H", -60.0, 0.2), Candidate("7S", 90.0, 0.9)], 5,
    ...                False)
    'on 5 deals the hint bids in its place none above the six level or in no trumps'
    >>> no_bid_instead("8H", [Candidate("8H", -60.0, 0.2), Candidate("7S", 90.0, 0.9)], 1,
    ...                False)
    'on 1 deal the hint bids in its place none above the six level or in no trumps'
    >>> no_bid_instead("6H", [Candidate("6H", -60.0, 0.2), Candidate("6S", 40.0, 0.9)], 10,
    ...                True, None)
    "the partner's bid, which the imagined deals could not value, is left to be played"
    """
    sure = [c for c in cands if c.action != bid and "misere" not in c.action
            and (c.make_probability or 0.0) >= MIN_SURE]
    if not sure:
        return f"no other bid makes on {MIN_SURE:.0%} or more"
    if partner_holds and pass_worth is None:
        return "the partner's bid, which the imagined deals could not value, is left to be played"
    if partner_holds:
        return (f"none made on {MIN_SURE:.0%} of them is worth {TAKE_OUT_GAIN:.0f} points "
                "more than the partner's bid played")
    if all(c.value <= 0 for c in sure):
        return f"none made on {MIN_SURE:.0%} of them is worth more than a pass"
    return (f"on {n} deal{'s' * (n != 1)} the hint bids in its place none above the "
            f"{LEVEL_WORDS[SURE_LEVEL - 6]} level or in no trumps")
