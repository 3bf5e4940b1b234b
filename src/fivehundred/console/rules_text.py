"""A table's rules in words, every option with its value and what it means: plain for the
text game's ``rules``, markup for the terminal table's rules dialog."""

from __future__ import annotations

from collections.abc import Callable

from ..rules import Rules
from ..web.options import rules_json


def _same(text: str) -> str:
    return text


def rules_lines(rules: Rules, preset: str, strong: Callable[[str], str] = _same,
                dim: Callable[[str], str] = _same, esc: Callable[[str], str] = _same
                ) -> list[str]:
    """The table's label, then each option: its name and value in words with its token, and
    a line on what holds here (or, dimmed, why it means nothing at this table).

    >>> lines = rules_lines(Rules.preset("australian", misere_allowed=False), "australian")
    >>> lines[0], any(x.startswith("  Not at this table: ") for x in lines)
    ('Australian (4 players, partners), house rules', True)
    """
    data = rules_json(rules, preset)
    lines = [esc(data["label"]), ""]
    for o in data["options"]:
        head = f"{strong(esc(o['name']))}: {esc(o['words'])}"
        token = esc(f"({o['option']}={o['value']})")
        if o["off"]:           # an option that means nothing here: dimmed, and why
            lines += [dim(f"{head}  {token}"), dim(f"  Not at this table: {esc(o['off'])}.")]
        else:
            lines += [f"{head}  {dim(token)}", f"  {dim(esc(o['text']))}"]
    return lines
