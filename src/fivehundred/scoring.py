"""What a finished hand scores for each side, and whether the game is over and who won.

>>> r = Rules.preset("australian")
>>> c = contract_of(r, bid_action(8, HEARTS), declarer=0)
>>> hand_points(r, c, None, (4, 1, 4, 1))
((300, 20), True)
"""

from __future__ import annotations

from collections.abc import Sequence

from .auction import HEARTS, Contract, bid_action, contract_of
from .rules import Rules

__all__ = ["HEARTS", "bid_action", "contract_of", "game_winner", "hand_points", "slam_value",
           "slam_words"]


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
    if not made:
        score = -contract.value
    elif taken == 10:
        score = slam_value(rules, contract)
    else:
        score = contract.value
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
    decl_sides: list[int] = []
    if contract is not None:
        decl_sides.append(rules.side_of[contract.declarer])
        if partner is not None and rules.side_of[partner] not in decl_sides:
            decl_sides.append(rules.side_of[partner])
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
