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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..actions import readable
from ..solver.analysis import HandReview, ReviewedPlay
from ..solver.analysis.review import (
    DEEPER,
    DOUBLE_DUMMY,
    GIVEN_NOTE,
    UNSOLVED_NOTE,
    at_least_note,
    given_away,
    play_texts,
)
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


def _who(r: HandReview, n: Narrator, m: Marks) -> str:
    """The counted seats in mid-sentence: ``you``, ``you & North``, ``West``."""
    names = n.join_names(r.counted)
    return m.name("you" + names[3:] if names.startswith("You") else names)


def _agree(r: HandReview, n: Narrator, verb: str) -> str:
    """``verb`` (given in the third person singular, ``ends``) as the counted seats take it:
    ``West ends``, but ``you end`` and ``North & South end`` (it said ``West end``)."""
    if len(r.counted) == 1 and r.counted[0] != n.seat:
        return verb
    return verb[:-2] if verb.endswith(("sses", "ches", "shes")) else verb[:-1]



def _first_lead_lines(r: HandReview, n: Narrator, m: Marks, who: str) -> list[str]:
    """What double dummy gives at the first lead, and whether the contract could be made:
    the count, or where it was not solved the bound the search proved (the defence forces a
    trick on a misère's declarer; a trick contract's side takes at least so many), as
    ``fivehundred analyse`` says it."""
    made = r.makeable
    if r.double_dummy is not None:
        dd = r.double_dummy
        lines = [f"Double dummy at the first lead, {who} {_agree(r, n, 'takes')} "
                 f"{m.strong(str(dd))} trick{'s' if dd != 1 else ''}."]
    elif r.needed == 0 and r.at_least > 0:
        lines = [f"Double dummy at the first lead, the defence forces a trick on {who} (how "
                 "many was not solved within the search limits)."]
    elif r.at_least > 0:
        lines = [f"Double dummy at the first lead, {who} {_agree(r, n, 'takes')} at least "
                 f"{m.strong(str(r.at_least))} trick{'s' if r.at_least != 1 else ''} (how "
                 "many was not solved within the search limits)."]
    else:
        return ["Double dummy at the first lead: not solved within the search limits."]
    verdict = ("could be made." if made else "could not be made against the best defence.")
    if made is None:
        verdict = "whether it could be made was not solved within the search limits."
    if r.needed == 0:
        lines.append(f"The misère {verdict}" if made is not None else verdict.capitalize())
    elif r.needed is not None:
        lines.append(f"The contract needs {r.needed}: it {verdict}" if made is not None
                     else f"The contract needs {r.needed}; {verdict}")
    return lines


def _verdict(p: ReviewedPlay, m: Marks) -> str:
    """One of your cards against the best there: best, what it cost, or what is known of
    it where the search ran out (at least what its bounds prove)."""
    total = None if p.value is None else p.taken + p.value
    if p.cost == 0:
        return f"{m.good('best')} ({total})"
    if p.cost is not None or p.gave_at_least:
        gave = p.cost if p.cost is not None else p.gave_at_least
        least = "" if p.cost is not None else "at least "
        if p.best and p.best_value is not None:
            kept = (" or ".join(m.card(b) for b in p.best[:4])
                    + f" kept {p.taken + p.best_value}")
        else:               # a card not solved surely keeps more: the best one, unnamed
            kept = f"the best card kept at least {(total or 0) + gave}"
        return f"{m.bad(f'cost {least}{trick_count(gave)}')} ({total}; {kept})"
    if total is not None:
        return (f"{total} (whether another card did better was not solved within the search "
                "limits)")
    if p.at_least is not None:
        return (f"at least {p.taken + p.at_least} (how many was not solved within the search "
                "limits)")
    return "not solved within the search limits"


def _sum_line(plays: Sequence[ReviewedPlay]) -> str:
    """What your cards gave away in all: at least so many where some were not fully valued
    (it said "Every card of yours was a best one." beside cards not solved)."""
    lost = sum(p.gave_at_least if p.cost is None else p.cost for p in plays)
    unsure = sum(p.cost is None for p in plays)
    back = "(the others' mistakes can give them back)"
    if not unsure:
        return ("Every card of yours was a best one." if lost == 0
                else f"Your cards gave away {trick_count(lost)} in all {back}.")
    if unsure < len(plays):
        valued = f"{unsure} of your {len(plays)} cards could not be fully valued"
    else:
        valued = ("Your card could not be fully valued" if unsure == 1
                  else "None of your cards could be fully valued")
    valued += f" within the search limits ({DEEPER})"
    if lost:
        return (f"Your cards gave away at least {trick_count(lost)} in all {back}; "
                f"{valued[0].lower()}{valued[1:]}.")
    return f"{valued}." if unsure == len(plays) else f"{valued}; each of the others was a best one."


def review_lines(r: HandReview, n: Narrator, m: Marks = PLAIN) -> list[str]:
    """What double dummy gave at the first lead, what was taken, and each of your cards
    beside the best there (what it cost, and what the best cards kept)."""
    who = _who(r, n, m)
    lines = _first_lead_lines(r, n, m, who)
    lines.append(f"In the play {who} took {r.taken}.")
    if r.discard is not None:
        lines.append(r.discard.text("Your", m.card))
    lines.append("")
    if not r.plays:
        lines.append("You played no card this hand.")
    else:
        lines.append(f"{m.strong('Your cards')} (and the tricks {who} "
                     f"{_agree(r, n, 'ends')} with after them):")
    for p in r.plays:
        lines.append(f"  trick {p.trick:>2}  {m.card(p.card)}  {_verdict(p, m)}")
    if r.plays:
        lines += ["", _sum_line(r.plays)]
    lines += ["", DOUBLE_DUMMY]
    return lines


def every_card_lines(r: HandReview, n: Narrator, m: Marks = PLAIN) -> list[str]:
    """Every card of the hand against double dummy, trick by trick (a review of every seat:
    all were seen face up), and the tricks each seat gave away."""
    who = _who(r, n, m)
    counted = r.needed is not None             # a contract: one count for every card
    if counted:
        lines = [f"After each card, the tricks {who} {_agree(r, n, 'ends')} with if everyone "
                 "plays best from there; a card that gave tricks away says how many, and the "
                 "best cards."]
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
            lines.append(GIVEN_NOTE)
        if counted and any(p.value is None and p.at_least is not None for p in r.plays):
            lines.append(at_least_note(f"{who} {_agree(r, n, 'ends')}"))
        if counted and any(p.value is None and p.at_least is None for p in r.plays):
            lines.append(UNSOLVED_NOTE)
    lines += ["", DOUBLE_DUMMY]
    return lines
