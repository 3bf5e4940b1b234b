"""What a finished hand scores for each side, and whether the game is over and who won.

>>> r = Rules.preset("australian")
>>> c = contract_of(r, bid_action(8, HEARTS), declarer=0)
>>> hand_points(r, c, None, (4, 1, 4, 1))
((300, 20), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from .auction import HEARTS, Contract, bid_action, contract_of
from .rules import Rules
from .words import joined

__all__ = [
    "HEARTS",
    "GameEnd",
    "bid_action",
    "contract_of",
    "game_end",
    "game_winner",
    "hand_points",
    "hole_words",
    "past_target",
    "past_target_words",
    "slam_value",
    "slam_words",
    "target_words",
    "won_at_target",
]


def contract_score(rules: Rules, contract: Contract, taken: int) -> int:
    """What a trick contract's side scores for it with ``taken`` tricks: its value made, a
    slam's with all ten, less its value failed (the one rule: the game and the bots' values).

    >>> from fivehundred.actions import bid_action
    >>> from fivehundred.auction import contract_of
    >>> from fivehundred.cards import HEARTS
    >>> from fivehundred.rules import Rules
    >>> r = Rules.preset("australian")
    >>> c = contract_of(r, bid_action(7, HEARTS), declarer=0)
    >>> [contract_score(r, c, t) for t in (6, 7, 10)]
    [-200, 200, 250]
    """
    if taken < contract.tricks:
        return -contract.value
    return slam_value(rules, contract) if taken == 10 else contract.value


def slam_value(rules: Rules, contract: Contract) -> int:
    """What a trick contract scores when its side takes all ten tricks."""
    if rules.slam == "250_if_less":
        return max(contract.value, 250)
    if rules.slam == "bonus_equal_to_bid" and contract.value >= 260:
        return 2 * contract.value
    return contract.value


def slam_words(rules: Rules, contract: Contract, took: int) -> str | None:
    """What the slam rule added, in words, when the declaring side took all ten tricks (so
    made its contract) and that scored more than the bid's price; else None.

    >>> r = Rules.preset("australian")
    >>> slam_words(r, contract_of(r, bid_action(7, HEARTS), declarer=0), 10)
    'all ten tricks: a slam scores at least 250'
    >>> slam_words(r, contract_of(r, bid_action(8, HEARTS), declarer=0), 10) is None
    True
    """
    if contract.is_misere or took < 10 or slam_value(rules, contract) == contract.value:
        return None
    if rules.slam == "250_if_less":
        return "all ten tricks: a slam scores at least 250"
    return "all ten tricks: a slam of 8♣ or more scores twice its price"


def declaring_seats(rules: Rules, contract: Contract, partner: int | None) -> frozenset[int]:
    """The seats of the declaring side: the declarer's side, or declarer and called partner."""
    seats = set(rules.sides[rules.side_of[contract.declarer]])
    if partner is not None:
        seats.add(partner)
    return frozenset(seats)


def hand_points(
    rules: Rules,
    contract: Contract | None,
    partner: int | None,
    won: Sequence[int],
) -> tuple[tuple[int, ...], bool | None]:
    """Points per side for a hand, and whether the contract was made (None: no contract).

    ``won`` is the number of tricks each seat took; ``contract`` None is the all-pass game at
    no trumps, where every side scores 10 a trick.
    """
    sides = rules.sides
    side_tricks = [sum(won[s] for s in side) for side in sides]
    if contract is None:
        return tuple(10 * t for t in side_tricks), None
    decl_side = rules.side_of[contract.declarer]
    points = [0] * len(sides)
    if contract.is_misere:
        taken = won[contract.declarer]
        made = taken == 0
        points[decl_side] = contract.value if made else -contract.value
        if not made and rules.misere_defender_points == "ten_per_declarer_trick":
            for i in range(len(sides)):
                if i != decl_side:
                    points[i] += 10 * taken
        return tuple(points), made
    team = declaring_seats(rules, contract, partner)
    taken = sum(won[s] for s in team)
    made = taken >= contract.tricks
    score = contract_score(rules, contract, taken)
    points[decl_side] = score
    if partner is not None:
        points[rules.side_of[partner]] += score // 2
    if rules.defender_trick_points == "always":
        for i, side in enumerate(sides):
            if not team.intersection(side):
                points[i] += 10 * side_tricks[i]
    return tuple(points), made


def game_winner(
    rules: Rules,
    scores: Sequence[int],
    contract: Contract | None,
    partner: int | None,
    made: bool | None,
    reach_order: Sequence[int],
) -> int | None:
    """The winning side after a hand, or None while the game goes on.

    ``reach_order`` lists the sides in the order they reached the target during the hand's
    tricks (for the classic rule that the first opponent to reach 500 wins); ``scores`` are
    the totals after the hand.
    """
    n = len(scores)
    reached = [i for i in range(n) if scores[i] >= rules.target]
    decl_sides = declaring_sides(rules, contract, partner)
    if rules.win == "by_own_contract":
        if made:
            for side in decl_sides:
                if scores[side] >= rules.target:
                    return side
    elif reached:
        for side in decl_sides:
            if side in reached:
                return side
        for side in reach_order:
            if side in reached:
                return side
        return reached[0]
    losers = [i for i in range(n) if scores[i] <= rules.hole]
    if not losers:
        return None
    order = _order_from(rules, decl_sides, None if contract is None else contract.declarer)
    others = [i for i in order if i not in losers] or order
    best = max(scores[i] for i in others)
    return next(i for i in others if scores[i] == best)


def declaring_sides(rules: Rules, contract: Contract | None,
                    partner: int | None) -> tuple[int, ...]:
    """The sides that declared a hand, in the order :func:`game_winner` counts them: the
    declarer's, then the called partner's (if another); none in a hand nobody bid."""
    if contract is None:
        return ()
    first = rules.side_of[contract.declarer]
    second = () if partner is None else (rules.side_of[partner],)
    return (first, *(s for s in second if s != first))


def won_at_target(rules: Rules, scores: Sequence[int], winner: int, contract: Contract | None,
                  partner: int | None, made: bool | None) -> bool:
    """Whether side ``winner`` won the game at the target rather than because a side fell
    into the hole, by :func:`game_winner`'s rule (the one judgement every front end's words
    follow): under ``reach_500_any_way`` any side at the target or above wins there; under
    ``by_own_contract`` only a declaring side that made its contract and stands there does
    (a side past the target by defending wins only through the hole)."""
    if scores[winner] < rules.target:
        return False
    if rules.win == "by_own_contract":
        return bool(made) and winner in declaring_sides(rules, contract, partner)
    return True


class LastHand(Protocol):
    """What :func:`game_end` reads of the hand that ended a game (a ``HandResult``)."""

    @property
    def contract(self) -> Contract | None: ...
    @property
    def partner(self) -> int | None: ...
    @property
    def made(self) -> bool | None: ...
    @property
    def points(self) -> tuple[int, ...]: ...


class GameEnd(NamedTuple):
    """How a finished game was won (:func:`game_end`), for the words of its end."""

    winner: int
    at_target: bool
    """Won at the target (else through the hole: another side fell to it or below)."""
    declaring: tuple[int, ...]
    """The last hand's declaring sides (:func:`declaring_sides`)."""
    reached: tuple[int, ...]
    """The other sides at the target or above."""
    fallen: tuple[int, ...]
    """Every side at the hole or below (the winner too when all of them fell)."""
    tied: tuple[int, ...]
    """Won through the hole: the others not fallen with the winner's score (a tie broken)."""
    together: tuple[int, ...] = ()
    """Won at the target by a misère's defender: the others brought to it by the same trick
    of the declarer's (each defender scores for it at once), a tie :data:`TIE_RULE` broke."""


def game_end(rules: Rules, scores: Sequence[int], winner: int,
             last: LastHand | None) -> GameEnd:
    """How side ``winner`` won at ``scores``, the game's end after hand ``last``: at the
    target (:func:`won_at_target`) or through the hole, who else reached the target, who
    fell, who tied.  A game that nobody won at the target was won through the hole, so
    where no side fell the win was at the target (a view made up without its hands)."""
    contract = None if last is None else last.contract
    partner = None if last is None else last.partner
    made = None if last is None else last.made
    n = len(scores)
    fallen = tuple(i for i in range(n) if scores[i] <= rules.hole)
    at_target = won_at_target(rules, scores, winner, contract, partner, made) or not fallen
    declaring = declaring_sides(rules, contract, partner)
    reached = tuple(i for i in range(n) if i != winner and scores[i] >= rules.target)
    together: tuple[int, ...] = ()
    if (at_target and last is not None and contract is not None and contract.is_misere
            and winner not in declaring):
        def trick(side: int) -> int:
            # the declarer's trick (1, 2, ...) that brought the defender ``side`` to the
            # target: each gave every defender 10
            return -(-(rules.target - (scores[side] - last.points[side])) // 10)
        together = tuple(i for i in reached if trick(i) == trick(winner))
    return GameEnd(
        winner, at_target, declaring, reached, fallen,
        () if at_target else tuple(i for i in range(n) if i != winner and i not in fallen
                                   and scores[i] == scores[winner]), together)


def target_words(rules: Rules, end: GameEnd, scores: Sequence[int],
                 names: Sequence[str]) -> str:
    """Why a game won at the target went to its winner (``names``: each side's, as said
    within a sentence), for the console's and the tables' ends alike: ``reached 500 with
    520``; where other sides reached it too, why this one counted (RULES.md §10: the declarer
    first, else the first there in the hand; by own contract, only a contract made wins).

    >>> r = Rules.preset("classic3")
    >>> end = GameEnd(0, True, (), (2,), (), ())
    >>> target_words(r, end, (520, 10, 540), ["you", "West", "East"])
    'reached 500 first, with 520; East reached it too'
    >>> print(target_words(r, end._replace(together=(2,)), (500, 240, 500),
    ...                    ["West", "you", "East"])[:60])
    reached 500 with 500 on the same trick as East, and a tie go
    """
    w, t = end.winner, rules.target
    if not end.reached:
        return f"reached {t} with {scores[w]}"
    others = joined([names[i] for i in end.reached], " and ")
    if rules.win == "by_own_contract" and any(i not in end.declaring for i in end.reached):
        why = f"but {own_contract_words(rules)}"
    elif w not in end.declaring and end.together:
        same = joined([names[i] for i in end.together], " and ")
        later = [names[i] for i in end.reached if i not in end.together]
        return (f"reached {t} with {scores[w]} on the same trick as {same}, and a tie goes to "
                "the first from the declarer's left" + (
                    f"; {joined(later, ' and ')} reached it too" if later else ""))
    elif w not in end.declaring:
        return f"reached {t} first, with {scores[w]}; {others} reached it too"
    elif w != end.declaring[0]:
        why = "but the declarer and his partner count first"
    else:
        why = ("but the declarer counts first" if len(rules.sides[w]) == 1
               else "but the declaring side counts first")
    return f"reached {t} with {scores[w]}; {others} reached it too, {why}"


def fell_words(rules: Rules, end: GameEnd, scores: Sequence[int],
               names: Sequence[str]) -> str:
    """Who fell into the hole, the winner aside (``names``: each side's as the sentence
    says it): "West fell to -740 (the hole is -500)", "West (-520) and East (-510) fell
    (the hole is -500)"; the console's, the replay's and the tables' words alike."""
    fallen = [i for i in end.fallen if i != end.winner]
    if len(fallen) == 1:
        why = f"{names[fallen[0]]} fell to {scores[fallen[0]]}"
    else:
        why = joined([f"{names[i]} ({scores[i]})" for i in fallen], " and ") + " fell"
    return f"{why} (the hole is {rules.hole})"


def hole_words(rules: Rules, end: GameEnd, scores: Sequence[int],
               names: Sequence[str]) -> str:
    """Why a game won through the hole went to its winner (``names``: each side's, as said
    within a sentence), for the console's end and the replay alike: who fell, to what, and
    a tie broken.

    >>> r = Rules.preset("classic3")
    >>> hole_words(r, GameEnd(1, False, (), (), (0,), ()), (-520, 40, 10), ["you", "West", "East"])
    'you fell to -520 (the hole is -500)'
    """
    w = end.winner
    why = fell_words(rules, end, scores, names)
    if w in end.fallen:
        why += f"; {names[w]} fell too, the highest of them"
    if end.tied:
        why += (f"; won on a tie with {joined([names[i] for i in end.tied], ' and ')} at "
                f"{scores[w]}: {tie_rule(end)}")
    return why


def past_target(rules: Rules, scores: Sequence[int], winner: int | None) -> tuple[int, ...]:
    """The sides at the target or above while the game goes on (``winner`` None): only under
    ``by_own_contract``, where points taken defending (or in a hand nobody bid) never win."""
    if winner is not None:
        return ()
    return tuple(i for i, sc in enumerate(scores) if sc >= rules.target)


def own_contract_words(rules: Rules) -> str:
    """The by-own-contract rule in a sentence's words: of a side where sides are partners, of
    a player where each plays for himself (three-handed, "a side" read as a team), and where
    a partner is called, of the contract he declared or was called to.

    >>> own_contract_words(Rules.preset("classic3", win="by_own_contract"))
    'a player wins only by making his own contract'
    >>> own_contract_words(Rules.preset("five_called", win="by_own_contract"))
    'a player wins only by making a contract he declared or was called to'
    """
    if rules.call_partner:
        return "a player wins only by making a contract he declared or was called to"
    if all(len(side) == 1 for side in rules.sides):
        return "a player wins only by making his own contract"
    return "a side wins only by making its own contract"


def past_target_words(rules: Rules, scores: Sequence[int], winner: int | None,
                      names: Sequence[str], seat: int) -> str | None:
    """The line under a hand's score that says why the game goes on with a side past the
    target (``names``: each side's, as said at a sentence's start; ``seat``: the reader's,
    whose side is "You"), for the console and the tables alike; None when none is.

    >>> r = Rules.preset("australian")
    >>> past_target_words(r, (520, -40), None, ["You & North", "West & East"], 0)
    'You & North are past 500, but a side wins only by making its own contract.'
    """
    past = past_target(rules, scores, winner)
    if not past:
        return None
    many = len(past) > 1 or len(rules.sides[past[0]]) > 1 or seat in rules.sides[past[0]]
    return (f"{joined([names[i] for i in past], ' and ')} {'are' if many else 'is'} past "
            f"{rules.target}, but {own_contract_words(rules)}.")


def reach_order(rules: Rules, contract: Contract | None, partner: int | None,
                won: Sequence[int], scores: Sequence[int], order: tuple[int, ...],
                winner: int) -> tuple[int, ...]:
    """``order`` (the sides that reached the target this hand, in trick order) with each side
    that the trick ``winner`` just took brings to it.

    Only the classic win rule needs it: when only opponents reach 500 in one hand, the one
    whose trick brought him there first wins.
    """
    if rules.win != "reach_500_any_way":
        return order
    c = contract
    gaining: list[int] = []
    if c is None:
        gaining = [rules.side_of[winner]]
    elif c.is_misere:
        if winner == c.declarer and rules.misere_defender_points == "ten_per_declarer_trick":
            ds = rules.side_of[c.declarer]
            n = rules.players
            clockwise = [(c.declarer + k) % n for k in range(1, n)]
            gaining = list(dict.fromkeys(rules.side_of[s] for s in clockwise
                                         if rules.side_of[s] != ds))
    elif rules.defender_trick_points == "always" and winner not in declaring_seats(
        rules, c, partner
    ):
        gaining = [rules.side_of[winner]]
    for side in gaining:
        if side in order:
            continue
        if c is not None and c.is_misere:
            earned = 10 * won[c.declarer]
        else:
            earned = 10 * sum(won[s] for s in rules.sides[side])
        if scores[side] + earned >= rules.target:
            order = (*order, side)
    return order


TIE_RULE = "a tie goes to the declaring side, then to the first from the declarer's left"
"""How :func:`game_winner` breaks a tie for the best score, in words (the game's end says it
beside a win on a tie)."""


def tie_rule(end: GameEnd) -> str:
    """How the tie ``end`` was won on was broken, in words: :data:`TIE_RULE`, or just its
    part that broke it (where no declaring side was in the tie, the declaring side having
    fallen, naming it misled; where nobody declared, seat order from seat 0 broke it).

    >>> tie_rule(GameEnd(2, False, (0,), (), (0,), (1,)))      # (side 0 declared, and fell)
    "a tie goes to the first from the declarer's left"
    >>> tie_rule(GameEnd(1, False, (2,), (), (0,), (2,))) == TIE_RULE
    True
    """
    if not end.declaring:
        return "a tie goes to the first in seat order (nobody declared the last hand)"
    if end.winner in end.declaring or any(i in end.declaring for i in end.tied):
        return TIE_RULE
    return "a tie goes to the first from the declarer's left"


def _order_from(rules: Rules, decl_sides: Sequence[int], declarer: int | None) -> list[int]:
    """Sides in tie-break order: the declaring side first, then the others in seat order from
    the declarer's left (from seat 0 with no contract), as the opponents who reach the target
    in one hand are ordered; plain seat order favoured seat 0, the browser's player, in every
    tie.

    >>> _order_from(Rules.preset("classic3"), [1], 1)
    [1, 2, 0]
    """
    order = list(decl_sides)
    start = 0 if declarer is None else declarer + 1
    for k in range(rules.players):
        side = rules.side_of[(start + k) % rules.players]
        if side not in order:
            order.append(side)
    return order
