"""The terminal table's texts: each region of the screen as Textual markup, from one View.

Nothing here sees the Game: every function is given the seat's :class:`View` (and what the
table shows of its own accord, such as a finished trick still on the cloth), so the screen
cannot show a card the seat may not see.

>>> card_markup("10H"), card_markup("AS"), card_markup("JK")
('[b $error]10♥[/]', '[b]A♠[/]', '[b $accent]JK[/]')
>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=7)
>>> print(seat_text(g.view(0), 1))
10 cards
>>> g.apply("7S"); g.apply("pass")
>>> print(seat_text(g.view(0), 1))
10 cards
passed
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.markup import escape

from ..cards import SUIT_LETTERS, SUIT_SYMBOLS, SUIT_WORDS
from ..console.display import pretty, trick_count
from ..console.narration import Narrator
from ..rules import Rules
from ..tricks import sort_tokens
from ..view import View
from ..web.state import display_strain


def card_markup(tok: str) -> str:
    """A card as bold markup: hearts and diamonds red, the joker in the accent colour."""
    if tok == "JK" or tok.startswith("JK:"):
        return f"[b $accent]{escape(pretty(tok))}[/]"
    return f"[b $error]{pretty(tok)}[/]" if tok[-1] in "HD" else f"[b]{pretty(tok)}[/]"


def suit_markup(letter: str) -> str:
    """A suit by its symbol and word, the symbol red for hearts and diamonds: what the
    joker's lead names ("♥ Hearts", not "JK:♥").

    >>> suit_markup("H"), suit_markup("S")
    ('[b $error]♥[/] Hearts', '[b]♠[/] Spades')
    """
    i = SUIT_LETTERS.index(letter)
    symbol = f"[b $error]{SUIT_SYMBOLS[i]}[/]" if letter in "HD" else f"[b]{SUIT_SYMBOLS[i]}[/]"
    return f"{symbol} {SUIT_WORDS[i].capitalize()}"


def bid_markup(tok: str) -> str:
    """A bid or pass as markup: ``7♥`` (red), ``8NT``, ``misère``, ``pass``."""
    if tok in ("misere", "open-misere"):
        return tok.replace("-", " ").replace("misere", "misère")
    if tok == "pass" or tok.endswith("NT"):
        return tok
    return card_markup(tok)


def cards_markup(toks: Sequence[str], strain: int) -> str:
    """Cards sorted as the hand is (trumps first), each as :func:`card_markup`."""
    return " ".join(card_markup(t) for t in sort_tokens(toks, strain))


def last_call(view: View, seat: int) -> str | None:
    """What ``seat`` said last in this auction, as markup (None if nothing yet)."""
    said = [t for s, t in view.auction if s == seat]
    if not said:
        return None
    return "passed" if said[-1] == "pass" else f"bid {bid_markup(said[-1])}"


def roles(view: View, seat: int) -> list[str]:
    """The seat's roles this hand: dealer, declarer, partner, sitting out."""
    out = []
    if seat == view.dealer:
        out.append("dealer")
    c = view.contract
    if c is not None and seat == c.declarer:
        out.append("declarer")
    elif view.partner is not None and seat == view.partner:
        out.append("partner")
    if seat in view.sitting_out:
        out.append("sits out")
    return out


def seat_panel(name: str, roles: Sequence[str], body: str, width: int) -> tuple[str, str]:
    """A seat panel's title and body for a panel ``width`` columns wide, its border included.

    The roles go from the title into the body where the title cannot hold them whole (the
    border would cut them: "North-Wes…"), and a line too long for the body breaks at its
    " · " rather than mid-phrase.

    >>> seat_panel("North-West", ["dealer"], "7 cards · 1 trick", 30)
    ('North-West · dealer', '7 cards · 1 trick')
    >>> seat_panel("North-West", ["dealer"], "7 cards · 1 trick", 16)
    ('North-West', 'dealer\\n7 cards\\n1 trick')
    """
    title = name + (f" · {', '.join(roles)}" if roles else "")
    lines = body.split("\n")
    if len(title) > width - 6:            # "╭─ " and " ─╮" around the title
        title = name
        lines.insert(0, " · ".join(roles))
    room = width - 4                      # the border and a column of padding each side
    out: list[str] = []
    for line in lines:
        if line and Content.from_markup(line).cell_length > room and " · " in line:
            out += line.split(" · ")
        elif line:
            out.append(line)
    return title, "\n".join(out)


def seat_text(view: View, seat: int) -> str:
    """A seat's panel: cards left, its bid or tricks, the suits it has shown out of, a hand
    spread face up (the cloth shows the card it played)."""
    lines = [f"{view.hand_sizes[seat]} card{'s' if view.hand_sizes[seat] != 1 else ''}"]
    if view.phase == "play":
        lines[0] += f" · {trick_count(view.tricks_won[seat])}"
    voids = view.shown_voids[seat] if view.phase == "play" else ()
    if voids:                          # shown out of a suit: everyone saw it
        lines.append("void in " + " ".join(
            f"[$error]{SUIT_SYMBOLS[SUIT_LETTERS.index(x)]}[/]" if x in "HD"
            else SUIT_SYMBOLS[SUIT_LETTERS.index(x)] for x in voids))
    said = last_call(view, seat)
    if said is not None and view.phase in ("auction", "kitty", "call"):
        lines.append(said)
    for who, hand in view.exposed:
        if who == seat and seat != view.seat:
            lines.append("face up: " + cards_markup(hand, display_strain(view)))
    return "\n".join(lines)


def center_text(view: View, n: Narrator, practice: str | None = None,
                seed: int | None = None) -> str:
    """Above the cloth: the hand (in a practice, ``practice``: which hand it plays again, said
    first: a short terminal has no title bar; ``seed``, the one the player chose, which the
    title bar says where there is one), the contract and its goal, the tricks, then the
    auction (last, so that on a short terminal what is cut is the auction's record, not the
    contract: the log holds every bid too)."""
    r = view.rules
    hand = (f"[b]{escape(practice.upper())}[/b]" if practice is not None
            else f"Hand {view.hand_number + 1}")
    lines = [f"{hand} · {escape(n.name(view.dealer))} dealt"
             + (f" · seed {seed}" if seed is not None else "")]
    if view.phase == "auction":
        high = [(s, t) for s, t in view.auction if t != "pass"]
        lines.append(f"High bid: {bid_markup(high[-1][1])} by "
                     f"{escape(n.name(high[-1][0]))}" if high else "No bid yet")
    contract = n.contract_line(view)
    if contract:
        c = view.contract
        if c is not None:
            contract = contract.replace(pretty(c.bid), bid_markup(c.bid), 1)
        lines.append(contract)
    if view.phase == "play":
        won = " · ".join(f"{escape(n.side_in_play(i, view.sitting_out))} "
                         f"{sum(view.tricks_won[s] for s in side)}"
                         for i, side in enumerate(r.sides))
        lines.append(f"Tricks: {won}")
    strain = display_strain(view)
    if view.phase == "kitty" and view.kitty:
        lines.append("The kitty, now in your hand: " + cards_markup(view.kitty, strain))
    elif view.discards and view.phase == "play":
        lines.append("Your discards: " + cards_markup(view.discards, strain))
    if view.phase in ("auction", "kitty", "call") and view.auction:
        lines.append("")
        lines.append(AUCTION)
        lines += n.auction_rounds(view.auction, view.dealer, bid_markup)
    return "\n".join(lines)


AUCTION = "[b]Auction[/b]"
"""The heading of the auction's record in :func:`center_text`."""


def fit_center(markup: str, width: int, rows: int) -> str:
    """:func:`center_text` made to fit ``rows`` lines of ``width`` cells where it can, so
    that the cloth under it keeps the lines it needs: the blank line before the auction's
    record goes first, then the record's oldest rounds (its heading then says it shows the
    last ones: under a bare "Auction", "East pass" read as if East alone had spoken), then
    its heading, its last round said as the last where there is room to say so (the log and
    the seats' panels keep every bid).  What comes before the record is kept whole (cut at
    the bottom by the widget where even it is too long).

    >>> text = "\\n".join(["Hand 1 · North dealt", "No bid yet", "", "[b]Auction[/b]",
    ...                    "West 6♠ · North 7♠", "East 8♠"])
    >>> print(fit_center(text, 40, 4))
    Hand 1 · North dealt
    No bid yet
    [b]Auction[/b] (last round)
    East 8♠
    >>> print(fit_center(text, 40, 3))
    Hand 1 · North dealt
    No bid yet
    [b]Last round[/b]: East 8♠
    """
    head, sep, record = markup.partition(f"\n\n{AUCTION}\n")
    if not sep:
        return markup
    top = head.split("\n")
    rounds = record.split("\n")
    tries = [[*top, "", AUCTION, *rounds], [*top, AUCTION, *rounds]]
    tries += [[*top, cut_heading(len(rounds) - i), *rounds[i:]] for i in range(1, len(rounds))]
    # (the last round on its own, said to be the last where its words leave room for that)
    tries += [[*top, f"[b]Last round[/b]: {rounds[-1]}"], [*top, f"… {rounds[-1]}"],
              [*top, rounds[-1]], top]
    width = max(width, 1)
    for lines in tries:
        if sum(len(Content.from_markup(x).wrap(width)) for x in lines) <= rows:
            return "\n".join(lines)
    return head


def cut_heading(kept: int) -> str:
    """The auction record's heading when only its last ``kept`` rounds are shown (the oldest
    cut for room): it says so, so that no one reads them as the whole auction.

    >>> cut_heading(1), cut_heading(2)
    ('[b]Auction[/b] (last round)', '[b]Auction[/b] (last 2 rounds)')
    """
    return f"{AUCTION} (last round)" if kept == 1 else f"{AUCTION} (last {kept} rounds)"


def scores_text(view: View, n: Narrator) -> str:
    """The score of each side, yours first (what ends the game is the box's foot,
    :func:`game_ends`)."""
    return "\n".join(f"{escape(n.side_name(i))}: [b]{view.scores[i]}[/]" for i in n.side_order)


def game_ends(rules: Rules) -> str:
    """What ends the game, written on the scores' bottom border (a row of its own cost the
    log its last row at 80x24 with five players).

    >>> game_ends(Rules.preset("australian"))
    'game at 500, out at -500'
    """
    return f"game at {rules.target}, out at {rules.hole}"


MIN_SIZE = (80, 24)
"""The smallest terminal (columns, rows) the table and its boxes fit; below it, they say so."""


def too_small(width: int, height: int, then: str) -> str | None:
    """What the table (or a box over it) says below :data:`MIN_SIZE`, the size needed and the
    size now, instead of being drawn cut off; ``then`` says what to do.  None when it fits.

    >>> print(too_small(70, 20, "Make it larger."))
    The terminal is too small for the table: it needs 80x24, and it is 70x20 now.
    <BLANKLINE>
    Make it larger.
    >>> too_small(80, 24, "")
    """
    need_w, need_h = MIN_SIZE
    if width >= need_w and height >= need_h:
        return None
    return (f"The terminal is too small for the table: it needs {need_w}x{need_h}, and it "
            f"is {width}x{height} now.\n\n{then}")
