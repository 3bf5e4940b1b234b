"""A hand against double dummy in words: what the cards allowed, your cards beside the best,
and every card trick by trick.  The terminal table's dialogs write them as markup and the text
game as plain lines (:class:`Marks` says how a card and a word of praise or blame look).

>>> from fivehundred import Game, Rules
>>> from fivehundred.solver.analysis import review_hand
>>> g = Game(Rules.preset("australian"), seed=7)
>>> while g.phase != "hand_over":
...     g.apply(("pass" if g.auction else "6S") if g.phase == "auction"
...             else g.legal_actions()[0])
>>> lines = review_lines(review_hand(g, 0), Narrator(g.rules, 0))
>>> lines[0].startswith("Double dummy at the first lead, ") and "Your cards" in "".join(lines)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..actions import readable
from ..solver.analysis import HandReview
from ..solver.analysis.review import given_away, play_texts
from .display import trick_count
from .narration import Narrator


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Marks:
    """How the words are marked: a card, a number that matters, a best card, a card's cost,
    a seat's name (plain text: each as it is, suits as symbols)."""

    card: Callable[[str], str] = readable
    strong: Callable[[str], str] = _same
    good: Callable[[str], str] = _same
    bad: Callable[[str], str] = _same
    name: Callable[[str], str] = _same


PLAIN = Marks()


def review_lines(r: HandReview, n: Narrator, m: Marks = PLAIN) -> list[str]:
    """What double dummy gave at the first lead, what was taken, and each of your cards
    beside the best there (what it cost, and what the best cards kept)."""
    who = m.name(n.join_names(r.counted))
    verb = "takes" if len(r.counted) == 1 and r.counted[0] != n.seat else "take"
    lines = []
    if r.double_dummy is None:
        lines.append("Double dummy at the first lead: not solved within the search limits.")
    else:
        lines.append(f"Double dummy at the first lead, {who} {verb} "
                     f"{m.strong(str(r.double_dummy))} trick"
                     f"{'s' if r.double_dummy != 1 else ''}.")
        if r.needed == 0:
            lines.append("The misère " + ("could be made." if r.double_dummy == 0
                                         else "could not be made against the best defence."))
        elif r.needed is not None:
            lines.append(f"The contract needs {r.needed}: it "
                         + ("could be made." if r.double_dummy >= r.needed
                            else "could not be made against the best defence."))
    lines.append(f"In the play {who} took {r.taken}.")
    if r.discard is not None:
        lines.append(r.discard.text("Your", m.card))
    lines.append("")
    if not r.plays:
        lines.append("You played no card this hand.")
    else:
        lines.append(f"{m.strong('Your cards')} (and the tricks {who} end with after them):")
    lost = 0
    for p in r.plays:
        head = f"  trick {p.trick:>2}  {m.card(p.card)}"
        if p.cost is None:
            lines.append(f"{head}  not solved within the search limits")
        elif p.cost == 0:
            lines.append(f"{head}  {m.good('best')} ({p.taken + (p.value or 0)})")
        else:
            lost += p.cost
            best = " or ".join(m.card(b) for b in p.best[:4])
            lines.append(f"{head}  {m.bad(f'cost {trick_count(p.cost)}')}"
                         f" ({p.taken + (p.value or 0)}; {best} kept "
                         f"{p.taken + (p.best_value or 0)})")
    if r.plays:
        lines.append("")
        lines.append("Every card of yours was a best one." if lost == 0
                     else f"Your cards gave away {trick_count(lost)} "
                          "in all (the others' mistakes can give them back).")
    return lines


def every_card_lines(r: HandReview, n: Narrator, m: Marks = PLAIN) -> list[str]:
    """Every card of the hand against double dummy, trick by trick (a review of every seat:
    all were seen face up), and the tricks each seat gave away."""
    who = m.name(n.join_names(r.counted))
    counted = r.needed is not None             # a contract: one count for every card
    if counted:
        lines = [f"After each card, the tricks {who} end with if everyone plays best from "
                 "there; a card that gave tricks away says how many, and the best cards."]
    else:
        lines = ["A card that gave tricks away (its own side's, everyone playing best from "
                 "there) says how many, and the best cards."]
    lines.append("")
    tricks = play_texts(r.plays, counted, lambda s: m.name(n.name(s)), m.card, m.bad)
    for t, plays in tricks.items():
        lines.append(f"  trick {t:>2}  " + ", ".join(plays))
    if not r.plays:
        lines.append("No card was played.")
    else:
        given, unsolved = given_away(r.plays)
        seats = sorted(given, key=lambda s: (s - n.seat) % n.rules.players)
        lines.append("")
        lines.append("Tricks given away: " + ", ".join(
            f"{m.name(n.name(s))} {given[s]}{'+?' if s in unsolved else ''}"
            for s in seats) + ".")
        if unsolved:
            lines.append("?: a card not solved within the search limits (not counted).")
    return lines
