"""A table's rules in words, every option with its value and what it means: plain for the
text game's ``rules``, markup for the terminal table's rules dialog; and how to play at the
table (``guide.py``), for the text game's ``guide`` and the terminal table's guide dialog."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from ..actions import readable
from ..guide import BidTable, guide
from ..options import rules_json
from ..rules import Rules


def _same(text: str) -> str:
    return text


def rules_lines(rules: Rules, preset: str, strong: Callable[[str], str] = _same,
                dim: Callable[[str], str] = _same, esc: Callable[[str], str] = _same,
                width: int | None = None) -> list[str]:
    """The table's label, then each option: its name and value in words with its token, and
    a line on what holds here (or, dimmed, why it means nothing at this table); wrapped at
    ``width`` (None: left to the screen, as the terminal table's dialog does), an option's
    token on a line of its own where its name and value fill the line.

    >>> lines = rules_lines(Rules.preset("australian", misere_allowed=False), "australian")
    >>> lines[0], any(x.startswith("  Not at this table: ") for x in lines)
    ('Australian (4 players, partners), house rules', True)
    >>> max(len(x) for x in rules_lines(Rules.preset("australian"), "australian", width=78)) <= 78
    True
    """
    data = rules_json(rules, preset)
    lines = [esc(data["label"]), ""]
    for o in data["options"]:
        head = f"{strong(esc(o['name']))}: {esc(o['words'])}"
        token = esc(f"({o['option']}={o['value']})")
        plain = f"{o['name']}: {o['words']}  {token}"
        own = width is not None and len(plain) > width     # (the token on a line of its own)
        if o["off"]:           # an option that means nothing here: dimmed, and why
            lines += ([dim(head), dim(f"    {token}")] if own else [dim(f"{head}  {token}")])
            lines += [dim(x) for x in _wrapped(f"Not at this table: {esc(o['off'])}.", width)]
        else:
            lines += [head, f"    {dim(token)}"] if own else [f"{head}  {dim(token)}"]
            lines += [f"  {dim(x[2:])}" for x in _wrapped(esc(o["text"]), width)]
    return lines


def _wrapped(text: str, width: int | None) -> list[str]:
    """An option's line of explanation, two columns in, wrapped at ``width`` (None: not)."""
    if width is None:
        return [f"  {text}"]
    return textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="  ",
                         break_long_words=False, break_on_hyphens=False)


def _rule(title: str) -> str:
    return f"--- {title} ---"


def guide_lines(rules: Rules, heading: Callable[[str], str] = _rule,
                strong: Callable[[str], str] = _same, esc: Callable[[str], str] = _same,
                card: Callable[[str], str] = readable, width: int | None = 78) -> list[str]:
    """How to play at this table: each section's title (as ``heading`` marks it), its
    paragraphs (wrapped at ``width``; None: left to the screen), its rows of cards and the
    bid table.

    >>> lines = guide_lines(Rules.preset("australian"))
    >>> lines[0], "     8     240   260   280   300   320" in lines
    ('--- The table ---', True)
    """
    lines: list[str] = []
    for section in guide(rules).sections:
        lines += [heading(esc(section.title)), ""]
        for b in section.blocks:
            if b.text:
                lines += [esc(x) for x in (textwrap.wrap(b.text, width) if width else [b.text])]
            if b.cards:
                lines.append("  " + " ".join(card(c) for c in b.cards))
            if b.bids is not None:
                lines += bid_lines(b.bids, strong, esc)
            lines.append("")
    return lines[:-1]


def bid_lines(bids: BidTable, strong: Callable[[str], str] = _same,
              esc: Callable[[str], str] = _same) -> list[str]:
    """The bid table as text: a row of values per number of tricks under the strains, then
    each bid outside the grid with its value and where it ranks."""
    head = "".join(f"{readable(f'6{s}')[1:]:>6}" for s in bids.strains)
    lines = [strong(f"  Tricks{head}")]
    lines += [f"{r.tricks:>6}  " + "".join(f"{v:>6}" for v in r.values) for r in bids.rows]
    lines += [f"  {strong(esc(readable(o.bid).capitalize()))}: {o.value}, {esc(o.ranks)}"
              for o in bids.others]
    return lines
