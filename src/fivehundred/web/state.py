"""What the browser is sent: one seat's View as plain JSON, with the words a table needs.

Everything here is built from a :class:`~fivehundred.view.View` only, never from the Game, so
no message can carry a card the seat may not see (the view is the security boundary).

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=7)
>>> d = view_json(g.view(0))
>>> d["phase"], len(d["hand"]), d["to_move"]
('auction', 10, 0)
>>> [b["token"] for b in bid_grid(g.view(0))][:3]
['6S', '6C', '6D']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import BID, MISERE, OPEN_MISERE, PASS, token_of
from ..auction import Contract, price
from ..cards import NO_TRUMPS, STRAIN_NAMES, SUIT_WORDS
from ..console.display import pretty, trick_count
from ..game import HandResult
from ..guide import misere_aim
from ..options import VALUE_WORDS
from ..rules import Rules
from ..scoring import (
    GameEnd,
    declaring_seats,
    fell_words,
    game_end,
    past_target_words,
    slam_words,
    target_words,
    tie_rule,
)
from ..tricks import TABLES, card_from_token, sort_tokens
from ..view import View
from ..words import joined


def contract_json(c: Contract | None) -> dict[str, Any] | None:
    """A contract as JSON (strain as a letter: S C D H NT)."""
    if c is None:
        return None
    return {"bid": c.bid, "declarer": c.declarer, "tricks": c.tricks,
            "strain": STRAIN_NAMES[c.strain], "value": c.value,
            "misere": c.is_misere}


def result_json(r: HandResult) -> dict[str, Any]:
    """A finished hand's result as JSON (``played_out``: every card played, so that it may
    be reviewed: the score sheet offers its review)."""
    return {"number": r.number, "dealer": r.dealer, "contract": contract_json(r.contract),
            "declarer": r.declarer, "partner": r.partner, "tricks": list(r.tricks),
            "points": list(r.points), "made": r.made, "kind": r.kind,
            "played_out": r.played_out}


def display_strain(view: View) -> int:
    """The strain a hand is sorted by: the contract's, or no trumps before there is one."""
    c = view.contract
    return c.strain if c is not None else NO_TRUMPS


def view_json(view: View) -> dict[str, Any]:
    """A seat's view as JSON; its hand sorted by suit in the contract's ranking."""
    strain = display_strain(view)
    return {
        "seat": view.seat,
        "phase": view.phase,
        "to_move": view.to_move,
        "dealer": view.dealer,
        "hand_number": view.hand_number,
        "hand": sort_tokens(view.hand, strain),
        "hand_sizes": list(view.hand_sizes),
        "auction": [[s, t] for s, t in view.auction],
        "contract": contract_json(view.contract),
        "partner": view.partner,
        "call": view.call,
        "sitting_out": list(view.sitting_out),
        "kitty": list(view.kitty),
        "discards": list(view.discards),
        "exposed": [[s, sort_tokens(h, NO_TRUMPS)] for s, h in view.exposed],
        "trick": [[s, t] for s, t in view.trick],
        "tricks": [{"leader": t.leader, "plays": [[s, c] for s, c in t.plays],
                    "winner": t.winner} for t in view.tricks],
        "tricks_won": list(view.tricks_won),
        "scores": list(view.scores),
        "hand_results": [result_json(r) for r in view.hand_results],
        "winner": view.winner,
        "legal": list(view.legal_actions),
        "discards_left": discards_left(view),
    }


def discards_left(view: View) -> int:
    """How many cards the declarer still has to discard (0 unless it is his kitty turn, and
    for a seat a bot plays for him: his page has nothing to do)."""
    if view.phase != "kitty" or view.to_move != view.seat or not view.legal_actions:
        return 0
    hand_size = sum(n for is_kitty, n in view.rules.deal_packets if not is_kitty)
    return max(0, len(view.hand) - hand_size)


def bid_grid(view: View) -> list[dict[str, Any]]:
    """Every bid of the table's ladder with its value and whether this seat may make it now."""
    legal = set(view.legal_actions) if view.phase == "auction" else set()
    out: list[dict[str, Any]] = []
    for b in range(25):
        a = BID + b
        tok = token_of(a)
        out.append({"token": tok, "tricks": 6 + b // 5, "strain": STRAIN_NAMES[b % 5],
                    "value": price(view.rules, a), "legal": tok in legal})
    r = view.rules
    if r.misere_allowed:
        out.append({"token": token_of(MISERE), "tricks": 0, "strain": "misere",
                    "value": price(r, MISERE), "legal": token_of(MISERE) in legal,
                    "asks": misere_asks(r, MISERE)})
    if r.allows_open_misere:
        out.append({"token": token_of(OPEN_MISERE), "tricks": 0, "strain": "open-misere",
                    "value": price(r, OPEN_MISERE), "legal": token_of(OPEN_MISERE) in legal,
                    "asks": misere_asks(r, OPEN_MISERE)})
    out.append({"token": token_of(PASS), "tricks": 0, "strain": "pass", "value": 0,
                "legal": token_of(PASS) in legal})
    return out


def misere_asks(rules: Rules, action: int) -> str:
    """What the misère bid ``action`` (MISERE or OPEN_MISERE) asks of its bidder at a table of
    these rules, for the page's question before it is sent (one tap cannot be taken back): no
    trick (alone where he might have had a partner), an open one's hand face up and when, and
    its points. Built here, from the guide's and the rules dialog's words, not on the page.

    >>> misere_asks(Rules.preset("classic3"), MISERE)
    'You must take no trick at all; 250 points won or lost.'
    >>> misere_asks(Rules.preset("australian", open_misere_reveal="before_lead"), OPEN_MISERE)
    'You must take no trick at all, playing alone, your hand laid face up for all to see \
before the first lead; 500 points won or lost.'
    """
    words = f"You must {misere_aim(rules)}"
    if action == OPEN_MISERE:
        when = VALUE_WORDS["open_misere_reveal"][rules.open_misere_reveal]
        words += f", your hand laid face up for all to see {when[0].lower()}{when[1:]}"
    return f"{words}; {price(rules, action)} points won or lost."


def card_words(tok: str) -> str:
    """A card as people read it: ``10♥``, ``joker`` (``joker (hearts)`` when led naming one)."""
    if tok.startswith("JK:"):
        return f"joker ({SUIT_WORDS['SCDH'.index(tok[-1])]})"
    return "joker" if tok == "JK" else pretty(tok)


def action_words(phase: str, action: str) -> str:
    """An action as advice: ``Bid 7♥``, ``Discard 4♠``, ``Call the Q♥``, ``Play A♠``."""
    if phase == "auction":
        return "Bid " + pretty(action) if action != "pass" else "Pass"
    if phase == "kitty":
        return "Discard " + card_words(action)
    if phase == "call":
        return "Play alone" if action == "alone" else "Call the " + card_words(action[5:])
    return "Play " + card_words(action) if not action.startswith("JK:") else (
        "Lead the " + card_words(action))


def advice_words(phase: str, action: str, plan: Sequence[str] = ()) -> str:
    """A hint's advice: :func:`action_words`, or every card of a discard planned (the kitty's
    cards go one at a time; "Discard 5♠" alone hid the other two).

    >>> advice_words("kitty", "5S", ("5S", "4H", "6H"))
    'Discard 5♠, 4♥ & 6♥'
    """
    if phase == "kitty" and len(plan) > 1:
        return "Discard " + joined([card_words(t) for t in plan])
    return action_words(phase, action)


def follow_words(led: str, strain: int) -> str:
    """Your turn to follow to ``led`` under ``strain``: the suit to follow where the card led
    does not show it (a left bower or the joker led in a suit contract: trumps; the joker led
    naming a suit).  Short enough for the status line beside the corner's buttons on a
    tablet (the joker's longest, 72 characters, ran under Take back).

    >>> print(follow_words("10H", 0), follow_words("JC", 0), follow_words("JK:D", 4), sep="\\n")
    Your turn: follow to the 10♥ if you can
    Your turn: follow in trumps (spades) if you can
    Your turn: follow diamonds (the joker's suit) if you can
    """
    if led.startswith("JK:"):
        suit = SUIT_WORDS["SCDH".index(led[-1])]
        return f"Your turn: follow {suit} (the joker's suit) if you can"
    trumps = strain != NO_TRUMPS and TABLES[strain].eff_suit[card_from_token(led)] == strain
    if trumps and (led == "JK" or led[-1] != "SCDH"[strain]):     # the joker, the left bower
        return f"Your turn: follow in trumps ({SUIT_WORDS[strain]}) if you can"
    return f"Your turn: follow to the {card_words(led)} if you can"


JOKER_RULE = {"australian": "the joker names a suit not yet led in this hand",
              "classic": "the joker may not name a suit you have shown void in"}
"""Why a suit is greyed when you lead the joker at no trumps, by ``nt_joker``."""


def joker_rule(view: View) -> str | None:
    """Why some suits may not be named, when you lead the joker naming a suit and not all four
    may be (None otherwise): the joker's panel greys them and says this rule (a beginner
    saw a greyed suit with no word why, but on hover).

    >>> from dataclasses import replace
    >>> from fivehundred import Game, Rules
    >>> v = Game(Rules.preset("classic3"), seed=1).view(0)
    >>> joker_rule(replace(v, legal_actions=("JK:S", "JK:H")))
    'the joker may not name a suit you have shown void in'
    >>> joker_rule(replace(v, legal_actions=("JK:S", "JK:C", "JK:D", "JK:H"))) is None
    True
    """
    named = [a for a in view.legal_actions if a.startswith("JK:")]
    if not named or len(named) == 4:
        return None
    return JOKER_RULE[view.rules.nt_joker]


def _game_end(view: View, w: int) -> GameEnd:
    """How side ``w`` won the game the view shows ended (the engine's judgement, as the
    console's: a side past the target by defending won through the hole, not at it)."""
    results = view.hand_results
    return game_end(view.rules, view.scores, w, results[-1] if results else None)


def _into_the_hole(view: View, names: list[str], w: int) -> tuple[str, str] | None:
    """How a game won by side ``w`` through the hole ended: who fell into the hole ("You &
    North fell to -520 (the hole is -500)") and whom the winner tied with, if anyone (a tie
    for the highest score is broken: docs/rules.md); None for a side that won at the target
    (under by own contract, a side past it by defending did not: West & East fell)."""
    end = _game_end(view, w)
    fallen = [i for i in end.fallen if i != w]
    if end.at_target or not fallen:
        return None
    # (the sentence begins with the first of them)
    labels = [_side_label(view, i, names, i == fallen[0]) for i in range(len(view.scores))]
    tie = "" if not end.tied else (
        joined([_side_label(view, i, names, False) for i in end.tied], " and ")
        + f" ({tie_rule(end)})")
    return fell_words(view.rules, end, view.scores, labels), tie


def _at_target(view: View, names: list[str], w: int) -> str:
    """Why side ``w``, which won at the target, won where other sides reached it too (the
    declarer counts first, else the first there: RULES.md §10), as the console says it;
    "" when only the winner reached it (the title says all)."""
    end = _game_end(view, w)
    if not end.at_target or not end.reached:
        return ""
    return target_words(view.rules, end, view.scores,
                        [_side_label(view, i, names, False) for i in range(len(view.scores))])


def how_won(view: View, names: list[str]) -> str:
    """What the game's end says under its winner, besides who won: how a side fell into the
    hole, and a tie broken; for a side that reached the target, why it won when others
    reached it too (else nothing); "The game is over." for no winner (the end-of-game
    dialog's line under its title)."""
    w = view.winner
    if w is None:
        return "The game is over."
    hole = _into_the_hole(view, names, w)
    if hole is None:
        why = _at_target(view, names, w)
        return f"{why[0].upper()}{why[1:]}." if why else ""
    fell, tie = hole
    return f"{fell}; won on a tie with {tie}." if tie else f"{fell}."


def status_line(view: View, names: list[str], practice: bool = False) -> str:
    """One sentence: whose turn it is and what is expected of them (at a ``practice`` table,
    which plays one hand, no next deal is offered at its end)."""
    you = view.seat
    mover = view.to_move

    def who(s: int) -> str:
        return "You" if s == you else names[s]

    if view.phase == "game_over":
        w = view.winner
        if w is None:
            return "The game is over."
        side = view.rules.sides[w]
        winners = _side_label(view, w, names)       # "West & East", as the title says
        won = "win" if you in side or len(side) > 1 else "wins"
        hole = _into_the_hole(view, names, w)
        if hole is not None:
            fell, tie = hole
            tied = f", tied with {tie}" if tie else ""
            return f"{fell}: {winners} {won} with {view.scores[w]}{tied}."
        why = _at_target(view, names, w)
        return f"{winners} {won} the game ({why})." if why else f"{winners} {won} the game."
    if view.phase == "hand_over" and practice:
        return "The hand is over: PLAY IT AGAIN, or go BACK TO THE GAME."
    if view.phase == "hand_over":
        return "The hand is over: press NEXT for the next deal."
    if mover is None:
        return ""
    yours = mover == you
    if yours and not view.legal_actions:    # (the state of a seat a bot plays for him)
        return "A bot plays your turn"
    if view.phase == "auction":
        high = next((t for _, t in reversed(view.auction) if t != "pass"), None)
        over = f" (the bid is {pretty(high)})" if high else ""
        return ("Your bid: choose a bid or pass" + over if yours
                else f"{who(mover)} is bidding{over}")
    if view.phase == "kitty":
        if yours:
            n = discards_left(view)
            return f"You won the auction: choose {n} card{'s' if n != 1 else ''} to discard"
        return f"{who(mover)} is taking the kitty and discarding"
    if view.phase == "call":
        return ("Call a card for your partner, or play alone" if yours
                else f"{who(mover)} is calling a partner")
    # the play
    if yours:
        if not view.trick:
            return "Your lead: play any card"
        return follow_words(view.trick[0][1], display_strain(view))
    return f"{who(mover)} to play"


def continue_summary_parts(label: str, phase: str, hand_number: int, scores: list[int],
                           side_names: list[str]) -> list[str]:
    """The parts of the lobby's line for a saved game: the rules, the hand, then each side's
    name with its score (a game waiting at a finished hand's sheet says so, and which hand comes
    next). Kept apart, so that a name with " · " in it stays one part.

    >>> sides = ["Ann · Bob & North", "West & East"]
    >>> continue_summary_parts("Australian", "play", 2, [20, -40], sides)
    ['Australian', 'hand 3', 'Ann · Bob & North 20', 'West & East -40']
    """
    hand = (f"hand {hand_number + 1} over, next hand {hand_number + 2}" if phase == "hand_over"
            else f"hand {hand_number + 1}")
    return [label, hand] + [f"{name} {sc}" for name, sc in zip(side_names, scores, strict=True)]


def continue_summary(label: str, phase: str, hand_number: int, scores: list[int],
                     side_names: list[str]) -> str:
    """The lobby's line for a saved game: the rules, the hand, each side's name with its score
    (a game waiting at a finished hand's sheet says so, and which hand comes next).

    >>> sides = ["You & North", "West & East"]
    >>> continue_summary("Australian", "hand_over", 0, [20, 100], sides)
    'Australian · hand 1 over, next hand 2 · You & North 20 · West & East 100'
    >>> continue_summary("Australian", "play", 2, [20, -40], sides)
    'Australian · hand 3 · You & North 20 · West & East -40'
    """
    return " · ".join(continue_summary_parts(label, phase, hand_number, scores, side_names))


def _seat_word(view: View, s: int, names: list[str], first: bool) -> str:
    """A seat's name in a sentence: you are "You" at its start, "you" further on."""
    if s != view.seat:
        return names[s]
    return "You" if first else "you"


def _side_label(view: View, side: int, names: list[str], first: bool = True) -> str:
    """A side's seats, you first then clockwise (as the terminal's narrator names them,
    whichever seat you sit in): "West & East"; with you among them "You & North" ("you &
    North" further on in a sentence); three of them "South-West, North & South-East"."""
    seats = view.rules.clockwise_from(view.seat, view.rules.sides[side])
    return joined([_seat_word(view, s, names, first and i == 0) for i, s in enumerate(seats)])


def side_labels(view: View, names: list[str]) -> list[str]:
    """Every side's name as this seat reads it: "You & North", "West & East" (the scores
    panel, the sheet and the game's end name sides alike, whichever seat you sit in)."""
    return [_side_label(view, i, names) for i in range(len(view.rules.sides))]


def sheet_json(view: View, names: list[str]) -> dict[str, Any]:
    """The end-of-hand sheet of the last finished hand: contract, tricks, points, score.

    The declaring side is the declarer's side and, five-handed, the called partner's:
    ``contract_points`` is what the declarer's side scored, ``partner_points`` what the called
    partner scored (half of it), ``defender_points`` what every other side scored, together
    (``defender_sides`` of them; ``defender_each``, where there are several and each scored
    the same, what each did: three-handed "Defenders +20" read as one player's points). Each
    line says where its points came from.
    """
    r = view.rules
    res = view.hand_results[-1]
    sides = r.sides
    side_tricks = [sum(res.tricks[s] for s in side) for side in sides]
    c = res.contract
    lines: list[str] = []
    contract_points = 0
    partner_points = 0
    defender_points = 0
    defender_each: int | None = None
    defender_sides = 0
    declaring_sides: list[int] = []

    def who(s: int) -> str:
        return "You" if s == view.seat else names[s]

    if res.kind == "all_pass_redeal":
        lines.append("Everyone passed: the hand was thrown in.")
    elif c is None:
        lines.append("Everyone passed: the hand was played at no trumps, 10 points a trick.")
        for i in range(len(sides)):
            lines.append(f"{_side_label(view, i, names)}: {trick_count(side_tricks[i])}, "
                         f"{res.points[i]:+d}")
    else:
        decl_side = r.side_of[c.declarer]
        partner = res.partner if res.partner not in (None, c.declarer) else None
        partner_side = None if partner is None else r.side_of[partner]
        if partner_side == decl_side:
            partner_side = None
        declaring_sides = [decl_side] + ([] if partner_side is None else [partner_side])
        contract_points = res.points[decl_side]
        if partner_side is not None:
            partner_points = res.points[partner_side]
        defending_points = [p for i, p in enumerate(res.points) if i not in declaring_sides]
        defender_points = sum(defending_points)
        if len(defending_points) > 1 and len(set(defending_points)) == 1:
            defender_each = defending_points[0]     # (a misère's defenders: 10 each a trick)
        defender_sides = len(defending_points)
        head = who(c.declarer)
        if partner is not None:
            head += f" (with {'you' if partner == view.seat else names[partner]})"
        if c.is_misere:
            took = res.tricks[c.declarer]
        else:
            took = sum(res.tricks[s] for s in declaring_seats(r, c, partner))
        verdict = "made" if res.made else "failed"
        slam = slam_words(r, c, took)
        # a partnership's tricks are the side's ("North bid 8♦ and took 6 tricks" counted
        # yours with his); the called partner's are said by "(with ...)" already
        takers = " and" if c.is_misere or partner is not None or len(r.sides[decl_side]) == 1 \
            else f"; {_side_label(view, decl_side, names, False)}"
        lines.append(f"{head} bid {pretty(c.bid)}{takers} took {trick_count(took)}: "
                     f"{verdict}, {contract_points:+d}" + (f" ({slam})" if slam else ""))
        if partner is not None and partner_side is not None:
            whose = "your" if c.declarer == view.seat else f"{names[c.declarer]}'s"
            lines.append(f"{who(partner)}, {whose} partner: {partner_points:+d} "
                         "(half of the contract)")
        scored = [i for i in range(len(sides)) if i not in declaring_sides and res.points[i]]
        if c.is_misere:
            # every defending side scores the same for the declarer's tricks (10 a trick, or
            # nothing: scoring.hand_points), so one line says it for all of them; scoring
            # nothing too, which the sheet's rows left unexplained
            defending = scored or [i for i in range(len(sides)) if i not in declaring_sides]
            if r.misere_defender_points == "none":
                why = "a misère's defenders score nothing under these rules"
            else:
                by = _seat_word(view, c.declarer, names, False)
                why = f"10 for each trick {by} took" + (f", and {by} took none" if not took else "")
            points = f"{res.points[defending[0]]:+d}" if res.points[defending[0]] else "0"
            if len(defending) == 1:
                lines.append(f"{_side_label(view, defending[0], names)}: {points}, {why}")
            else:
                who_all = ", ".join(_side_label(view, i, names, False) for i in defending)
                lines.append(f"The defenders ({who_all}): {points} each, {why}")
        else:
            for i in scored:
                lines.append(f"{_side_label(view, i, names)} took "
                             f"{trick_count(side_tricks[i])}: {res.points[i]:+d}, 10 a trick")
    past = past_target_words(r, view.scores, view.winner, side_labels(view, names), view.seat)
    if past is not None:        # (by own contract: the sheet said nothing of why it goes on)
        lines.append(past)
    return {
        "number": res.number, "kind": res.kind, "contract": contract_json(c),
        "declarer": res.declarer,
        "declarer_name": None if c is None else who(c.declarer),
        "partner": res.partner, "made": res.made, "side_tricks": side_tricks,
        "points": list(res.points), "contract_points": contract_points,
        "partner_points": partner_points, "declaring_sides": declaring_sides,
        "defender_points": defender_points, "defender_sides": defender_sides,
        "defender_each": defender_each, "scores": list(view.scores), "lines": lines,
        "played_out": res.played_out,
    }


def summary_json(view: View, names: list[str]) -> dict[str, Any]:
    """The end-of-game summary: the winner, the score and the contracts each side played
    (each with its hand's ``number``, and whether it was ``played_out``: every card played,
    so that the hand may be reviewed)."""
    r = view.rules
    contracts: list[list[dict[str, Any]]] = [[] for _ in r.sides]
    for res in view.hand_results:
        c = res.contract
        if c is None:
            continue
        side = r.side_of[c.declarer]
        contracts[side].append({
            "hand": res.number + 1, "number": res.number, "bid": c.bid,
            "words": pretty(c.bid),
            "by": "You" if c.declarer == view.seat else names[c.declarer],
            "made": res.made, "points": res.points[side],
            "played_out": res.played_out})
    w = view.winner
    return {"winner": w, "winner_names": None if w is None else _side_label(view, w, names),
            "how": how_won(view, names),
            "scores": list(view.scores), "side_names": side_labels(view, names),
            "contracts": contracts}
