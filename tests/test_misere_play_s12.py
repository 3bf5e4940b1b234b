"""The misère declarer's play: what each card leaves in the hand, the chance a card takes the
trick, and Hard's (and the hint's) memory of the tricks played.

Positions from an expert's review of the bots' card play (deals of the preset and seed
below, bid and played by the bots): each lead the bots chose there threw away a misère that
double dummy keeps safe, or the hint gave a chance the cards played make untrue.
"""

from __future__ import annotations

import math
from itertools import combinations

from fivehundred import Game, Rules
from fivehundred.bots import Budget, make
from fivehundred.bots.hand_eval import read_table
from fivehundred.bots.hints import hint
from fivehundred.bots.medium import play_decision
from fivehundred.cards import card_from_token
from fivehundred.solver import move_values


def _game(preset: str, seed: int, actions: str) -> Game:
    """The deal of ``preset`` and ``seed`` after ``actions`` (tokens, space separated)."""
    g = Game(Rules.preset(preset), seed=seed)
    for a in actions.split():
        g.apply(a)
    return g


# classic3 seed 212: seat 1's open misère; after the discards he holds 9♠ 8♠ 7♠ 9♣ 7♣
# Q♦ J♦ 9♦ 8♦ 7♦ (10♣ out of play, 8♣ out).  The bots led 7♣, leaving 9♣ bare over 8♣.
C3_212 = ("classic3", 212, "pass pass open-misere JK QS 10C")
# australian seed 181: seat 2's open misère, 5♠ 6♠ 7♠ 5♣ 7♣ 10♣ 4♦ 7♦ 9♦ 5♥: 4♦ and 5♠ tied,
# and the alphabetical sort led 4♦, giving up the guard of 7♦ 9♦ against 5♦ and 6♦.
AU_181 = ("australian", 181, "6D 6H open-misere pass pass pass AD KC QC")
# classic3 seed 285, seat 2's misère, ten tricks in: he holds 8♠ (the last spade) and 9♥
# (the two hearts out, J♥ and K♥, are both higher).
C3_285 = ("classic3", 285, "pass pass misere JK KC AH 7S KS AS 10S 9S QS 9D 7D 8D KD AD JD "
          "10D JC JS 10C 9C AC 8C 7C QH 8H 7H 10H")


def _safe_leads(g: Game) -> set[str]:
    """The leads after which double dummy still keeps the declarer from every trick."""
    return {a for a, v in move_values(g).items() if v == 0}


def test_lead_keeps_the_guard_of_a_doubleton() -> None:
    """9♣ 7♣ with 8♣ out: the declarer leads a safe card (9♣ sheds the bare card, a spade
    of his three lowest keeps all), never 7♣, which left 9♣ bare and lost the misère."""
    g = _game(*C3_212)
    assert g.to_move == 1
    safe = _safe_leads(g)
    assert "7C" not in safe
    for bot in ("medium", "hard"):
        d = make(bot, seed=1).act(g.view(1))
        assert d.action in safe, (bot, d.action)


def test_tied_leads_are_split_by_what_they_leave() -> None:
    """5♠ keeps every guard; 4♦ (first in the old alphabetical tie-break) leaves 7♦ 9♦ over
    5♦ 6♦ and lost the misère."""
    g = _game(*AU_181)
    assert g.to_move == 2
    safe = _safe_leads(g)
    assert "4D" not in safe
    d = play_decision(g.view(2))
    assert d.action in safe
    values = {c.action: c.value for c in d.candidates}
    assert values["5S"] > values["4D"]


def test_hard_remembers_the_tricks_played() -> None:
    """With 8♠ the last spade out, Hard (and the hint) lead 9♥, which the two higher hearts
    out must cover, and say 8♠ takes the trick for certain (they said 41%, and led it)."""
    g = _game(*C3_285)
    assert g.to_move == 2 and len(g.tricks) == 8
    h = hint(g.view(2), budget=Budget(samples=2))
    assert h.action == "9H"
    notes = {c.action: c.note for c in h.candidates}
    assert "wins the trick 100%" in notes["8S"]
    assert "wins the trick 0%" in notes["9H"]
    assert make("hard", seed=1).act(g.view(2)).action == "9H"


def test_take_chance_is_exact() -> None:
    """The chance a declarer's led card takes the trick, against an enumeration of every
    way the unseen cards lie: it is taken unless a rival holds its suit only above it.
    10♠ from 10♠ 7♠ with 8♠ 9♠ and J♠ Q♠ K♠ out takes it whenever the two low spades are
    split (the hint said 2%: no rival holding a higher spade)."""
    g = _game("classic3", 118, "pass pass misere AC AS AH")
    view = g.view(1)
    unseen = read_table(view).unseen(remember=True)
    pool = [c for c in range(65) if unseen >> c & 1]
    assert len(pool) == 20
    lower = {card_from_token(t) for t in ("8S", "9S")}
    higher = {card_from_token(t) for t in ("JS", "QS", "KS")}
    wins = 0
    for first in combinations(pool, 10):      # one rival's ten cards, the other the rest
        a = set(first)
        b = set(pool) - a
        wins += not any(h & higher and not h & lower for h in (a, b))
    exact = wins / math.comb(20, 10)
    assert exact > 0.5
    note = {c.action: c.note for c in play_decision(view).candidates}["10S"]
    assert f"wins the trick {exact:.0%}" in note
    from fivehundred.bots.medium import misere_takes
    tb = read_table(view)
    assert abs(misere_takes(tb, card_from_token("10S"), unseen, tb.after) - exact) < 1e-9
