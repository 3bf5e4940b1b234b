"""The score sheet of the terminal games (the text game's ``sheet``, the terminal table's
``o``), as the browser's (``web/static/score-sheet.js``): every finished hand of the game in
order (its dealer, the contract and who declared it, the result, the tricks, each side's
points and the scores after it), then the scores now; as lines of text, one source for both.

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=1)
>>> for tok in ["pass"] * 4: g.apply(tok)
>>> n = Narrator(g.rules, 0)
>>> print("\\n".join(sheet_lines(g.view(0), n)))
    You & North   West & East
Hand 1 · You deal · All passed: new deal
          0 → 0         0 → 0
Score now: You & North 0 · West & East 0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game.state import HandResult
from ..view import View
from .display import WIDTH, columns, fit, signed, trick_count
from .narration import Narrator

#: What the sheet says before a hand has finished (the browser's words).
NO_HAND = "No hand has finished yet: each hand is listed here once it is over."
#: The columns the points and scores lines are indented by.
INDENT = 4
#: The columns between two sides' columns.
GAP = 3


def running_scores(view: View) -> tuple[list[int], list[list[int]]]:
    """The scores before the first finished hand (a practice's game began at its hand's
    score) and after each: the points add up to ``view.scores``, as the browser's
    ``sheetRows``."""
    sides = len(view.scores)
    start = [view.scores[i] - sum(r.points[i] for r in view.hand_results) for i in range(sides)]
    running, after = list(start), []
    for r in view.hand_results:
        running = [s + r.points[i] for i, s in enumerate(running)]
        after.append(running)
    return start, after


def hand_words(r: HandResult, n: Narrator, card: Callable[[str], str]) -> str:
    """A hand's contract and who declared it (and whom he called), its result and the
    declaring side's tricks (each side's at no trumps with no bid), as the browser's row says
    them: "7♠ by you: made, 8 tricks", "All passed: new deal"."""
    c = r.contract
    if c is None:
        if r.kind == "all_pass_redeal":
            return "All passed: new deal"
        # (each side's tricks an entry of its own: "fit" breaks a line between entries only,
        # and six-handed "tricks You, North-West & North-East 6" ran past the box's 68)
        each = " · ".join(
            f"{n.side_name(i)} {trick_count(sum(r.tricks[s] for s in n.rules.sides[i]))}"
            for i in n.side_order)
        return f"All passed: played at no trumps · {each}"
    bid = card(c.bid)
    who = n.name(c.declarer)
    text = f"{bid[:1].upper()}{bid[1:]} by {'you' if who == 'You' else who}"
    if r.partner is not None and r.partner != c.declarer:
        mate = n.name(r.partner)
        text += f", with {'you' if mate == 'You' else mate}"
    side = set(n.rules.sides[n.rules.side_of[c.declarer]])
    if r.partner is not None:
        side.add(r.partner)
    took = sum(r.tricks[s] for s in side)
    return f"{text}: {'made' if r.made else 'failed'}, {trick_count(took)}"


def _columns(n: Narrator, cells: Sequence[Sequence[str]], width: int) -> list[int] | None:
    """Each side's column width for ``cells`` (rows of one cell a side, in ``side_order``),
    None if they do not fit ``width`` side by side."""
    heads = [n.side_name(i) for i in n.side_order]
    widths = [max(columns(h), *(columns(row[k]) for row in cells)) for k, h in enumerate(heads)]
    return widths if INDENT + sum(widths) + GAP * (len(widths) - 1) <= width else None


def sheet_lines(view: View, n: Narrator, *, width: int = WIDTH,
                hand_name: Callable[[int], str] | None = None,
                card: Callable[[str], str] | None = None) -> list[str]:
    """The score sheet of ``view``'s game within ``width`` columns: a line of the sides'
    names, then each finished hand on two lines (its number, dealer, contract and result;
    then each side's points and score after it, under its name), the score at the start
    first where it was not nought (a practice), and the scores now last; or that no hand
    has finished.  ``hand_name`` names a hand from its number (default "Hand 3"),
    ``card`` writes a bid (default :meth:`Narrator.p`).  Where the sides' columns do not
    fit, each hand's points line names the sides."""
    results = view.hand_results
    if not results:
        return [NO_HAND]
    name = hand_name if hand_name is not None else (lambda k: f"Hand {k + 1}")
    card = card if card is not None else n.p
    start, after = running_scores(view)
    order = n.side_order
    pw = max(len(signed(r.points[i])) for r in results for i in order)
    sw = max(len(str(s[i])) for s in [start, *after] for i in order)
    cells = [[f"{signed(r.points[i]):>{pw}} → {s[i]:>{sw}}" for i in order]
             for r, s in zip(results, after, strict=True)]
    widths = _columns(n, cells, width)

    def scores_line(head: str, scores: Sequence[int]) -> list[str]:
        return fit(f"{head}: " + " · ".join(f"{n.side_name(i)} {scores[i]}" for i in order),
                   width)

    lines: list[str] = []
    if widths is not None:
        lines.append((" " * INDENT + (" " * GAP).join(
            f"{n.side_name(i):>{w}}" for i, w in zip(order, widths, strict=True))).rstrip())
    if any(start):
        lines += scores_line("Score at the start", start)
    for r, s, row in zip(results, after, cells, strict=True):
        lines += fit(f"{name(r.number)} · {n.verb(r.dealer, 'deals')} · "
                     f"{hand_words(r, n, card)}", width)
        if widths is not None:
            lines.append(" " * INDENT + (" " * GAP).join(
                f"{c:>{w}}" for c, w in zip(row, widths, strict=True)))
        else:
            lines += fit(" " * INDENT + " · ".join(
                f"{n.side_name(i)} {signed(r.points[i])} → {s[i]}" for i in order), width)
    lines += scores_line("Score now", view.scores)
    return lines
