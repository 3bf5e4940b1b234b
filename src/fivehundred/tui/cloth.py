"""The cloth: the table drawn from above, each seat in its place and its card on the trick.

You sit at the bottom; the others go round clockwise (left, across, right), as at a real
table, for any number of players. Drawn from the View and the trick shown only.

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=7)
>>> for a in ["7S", "pass", "pass", "pass", "8H", "QH", "KH", "AC"]: g.apply(a)
>>> g.apply(g.view(1).legal_actions[0])
>>> names = ("You", "West", "North", "East")
>>> for line in cloth_text(g.view(0), names, g.view(0).trick, None, 30, 12).plain.splitlines():
...     print(line.rstrip() or ".")
             North
.
.
.
   West                East
  ╭────╮
  │ 5♣ │
  ╰────╯
            ╭────╮
            │ A♣ │
            ╰────╯
              You
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from ..console.display import pretty
from ..view import View

RED = "bold #ff6b6b"
BLACK = "bold #e8e8e8"
JOKER = "bold #ffb347"
EDGE = "#6b7785"
NAME = "#aeb8c4"
MOVER = "bold #ffb347"
WINNER = "bold #7bd88f"


MIN_ROWS = 4
"""The fewest lines the cloth draws every seat's name and card in (two tiers of two lines):
the lines above it (:class:`.panels.Info`) leave it these at least."""


def _card_style(tok: str) -> str:
    if tok.startswith("JK"):
        return JOKER
    return RED if tok[-1] in "HD" else BLACK


def _bearing(k: int, players: int) -> tuple[float, float]:
    """The sine and cosine of the way to the seat ``k`` places clockwise from you, cleared of
    float noise: cos(pi/2) and cos(3pi/2) are not both 0 in floats, and where half a row
    was to round, the seats to your left and right were drawn a row apart."""
    a = 2 * math.pi * k / players
    return round(math.sin(a), 12) + 0.0, round(math.cos(a), 12) + 0.0    # (no -0.0)


def spots(players: int, width: int, height: int) -> list[tuple[int, int]]:
    """The centre column and top row of each seat's place (four lines: its name and its
    card), by its distance clockwise from you (0: you, at the bottom).

    >>> spots(4, 40, 12)
    [(20, 8), (5, 4), (20, 0), (35, 4)]
    """
    rx, ry = (width - 10) / 2, (height - 4) / 2
    out = []
    for k in range(players):
        sin, cos = _bearing(k, players)
        out.append((round(width / 2 - rx * sin), round(ry + ry * cos)))
    return out


def tiers(players: int, width: int, height: int) -> list[tuple[int, int]]:
    """As :func:`spots`, for a cloth of under 8 lines (down to :data:`MIN_ROWS`), or one
    whose spots leave no line between two places one over the other (six seats on 8 or 10
    lines: North-West's card lay right over South-West's name): two-line places in two
    tiers, the seats across the table along the top, you and the seats beside you along the
    bottom (a seat straight to your left or right between them where there are 6 lines or
    more), so that no place meets another however few the lines.

    >>> tiers(6, 46, 4)
    [(23, 2), (7, 2), (7, 0), (23, 0), (39, 0), (39, 2)]
    """
    rx = (width - 10) / 2
    out = []
    for k in range(players):
        sin, cos = _bearing(k, players)
        across = cos < 0
        beside = cos == 0 and height >= 6
        y = 0 if across else (height - 2) // 2 if beside else height - 2
        out.append((round(width / 2 - rx * sin), y))
    return out


def roomy(places: Sequence[tuple[int, int]], rows: int, reach: int = 12) -> bool:
    """Whether every seat's block of ``rows`` lines (its name and its card) clears the
    blocks of the seats within ``reach`` columns of it.

    >>> roomy(spots(6, 40, 12), 4), roomy(spots(6, 40, 10), 4), roomy(spots(6, 40, 10), 2)
    (True, False, True)
    """
    return all(abs(y1 - y2) >= rows
               for i, (x1, y1) in enumerate(places) for x2, y2 in places[i + 1:]
               if abs(x1 - x2) < reach)


def cloth_text(view: View, names: Sequence[str], trick: Sequence[tuple[int, str]],
               winner: int | None, width: int, height: int) -> Text:
    """The cloth as ``height`` lines of ``width`` cells: each seat's name (the one to move
    lit, the trick's winner marked) and, under it, the card it put on ``trick``: a framed
    card where there is room, else on one line (``[A♥]``), so no card covers a name.  In
    :func:`tiers` (below 8 lines, or where spots would touch) each seat's place is two
    lines, and the bottom tier, you and the seats beside you, have their card right above
    their name, toward the table's middle as the top tier's: drawn under their names, the
    cards of South-West and South-East (West and East with four or five players) lay on
    the line of your name, and one read as yours ("You  [10♥]")."""
    width, height = max(width, 24), max(height, MIN_ROWS)
    n = view.rules.players
    places = spots(n, width, height)
    compact = height < 8 or not roomy(places, 3)      # (no line between two places)
    if compact:
        places = tiers(n, width, height)
    # framed where the boxes clear each other, and a line parts each box from a name under
    # it (a box 6 wide meets a name of 10 whose centre is under 8 columns from its own)
    framed = not compact and roomy(places, 4) and roomy(places, 5, reach=8)
    chars = [[" "] * width for _ in range(height)]
    styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(x: int, y: int, text: str, style: str) -> None:
        if not 0 <= y < height:
            return
        x = min(max(x, 0), max(width - len(text), 0))     # (a long name kept whole)
        for i, ch in enumerate(text):
            if 0 <= x + i < width:
                chars[y][x + i] = ch
                styles[y][x + i] = style

    played = dict(trick)
    for k, (cx, top) in enumerate(places):
        seat = (view.seat + k) % n
        name = names[seat]
        style = NAME
        if winner is not None and seat == winner:
            name, style = f"★ {name}", WINNER
        elif winner is None and view.to_move == seat and view.phase == "play":
            style = MOVER
        if seat in view.sitting_out:
            name += " (out)"
        tok = played.get(seat)
        if compact and top == height - 2:   # the bottom tier: the card above the name
            put(cx - len(name) // 2, top + 1, name, style)
            box_top = top
        elif k == 0:                     # you: the card above your name
            put(cx - len(name) // 2, top + 3, name, style)
            box_top = top if framed else top + 2
        else:
            put(cx - len(name) // 2, top, name, style)
            box_top = top + 1
        if tok is None:
            continue
        face = pretty(tok)
        if not framed:
            put(cx - 3, box_top, "[", EDGE)
            put(cx - 2, box_top, face.center(4), _card_style(tok))
            put(cx + 2, box_top, "]", EDGE)
            continue
        inner = face.center(4)
        put(cx - 3, box_top, "╭────╮", EDGE)
        put(cx - 3, box_top + 1, "│", EDGE)
        put(cx - 2, box_top + 1, inner, _card_style(tok))
        put(cx + 2, box_top + 1, "│", EDGE)
        put(cx - 3, box_top + 2, "╰────╯", EDGE)
    out = Text()
    for y in range(height):
        x = 0
        while x < width:
            style = styles[y][x]
            end = x
            while end < width and styles[y][end] == style:
                end += 1
            out.append("".join(chars[y][x:end]), style=style or None)
            x = end
        if y < height - 1:
            out.append("\n")
    return out


class Cloth(Widget):
    """The cloth as a widget: drawn again at its own size from what it was last given."""

    DEFAULT_CSS = "Cloth { height: 1fr; }"

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.scene: tuple[View, Sequence[str], Sequence[tuple[int, str]], int | None] | None = (
            None)

    def show(self, view: View, names: Sequence[str], trick: Sequence[tuple[int, str]],
             winner: int | None) -> None:
        """Draw this view's table, with ``trick`` on it (a finished one names ``winner``)."""
        self.scene = (view, names, trick, winner)
        self.refresh()

    def render(self) -> Text:
        if self.scene is None:
            return Text()
        view, names, trick, winner = self.scene
        size = self.content_size
        return cloth_text(view, names, trick, winner, size.width, size.height)
