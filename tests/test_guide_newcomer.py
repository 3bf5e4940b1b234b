"""How to play (``guide.py``) read by a newcomer, from the top: what a trick is, who leads
and what following means are said before the guide speaks of them, and "declarer" says who
he is the first time it is used; and what the guide says of a trick is what the engine does
(who plays to it, in what order, who leads the next)."""

from __future__ import annotations

import re

import pytest

from fivehundred import Game
from fivehundred.guide import guide
from fivehundred.rng import Rng
from fivehundred.rules import PRESET_NAMES, Rules

# Each preset, and the variants that change who plays to a trick or what is said before the
# auction: no misère (no sit-out), the first lead by eldest, a hand nobody bid played out.
TABLES: list[tuple[str, dict[str, object]]] = [(p, {}) for p in PRESET_NAMES] + [
    ("australian", {"misere_allowed": False}),
    ("six_threes", {"opening_lead": "eldest"}),
    ("classic4", {"all_pass": "redeal"}),
    ("five_called", {"all_pass": "play_no_trumps", "first_dealer": "cut"}),
]


def paragraphs(rules: Rules) -> list[str]:
    """Every paragraph and caption of the guide, in the order a reader meets them."""
    return [b.text for s in guide(rules).sections for b in s.blocks if b.text]


def first_with(paras: list[str], pattern: str) -> int:
    """The index of the first paragraph where ``pattern`` (a regex) occurs."""
    return next(i for i, p in enumerate(paras) if re.search(pattern, p))


@pytest.mark.parametrize(("preset", "options"), TABLES)
def test_a_trick_leading_and_following_are_said_before_they_are_used(
        preset: str, options: dict[str, object]) -> None:
    """The first paragraph that speaks of a trick, a lead, following or a trump is the one
    that says what they are, and it comes before the play is spoken of."""
    rules = Rules.preset(preset, **options)
    paras = paragraphs(rules)
    where = first_with(paras, r"(?i)\btricks?\b")
    said = " ".join(paras[where:where + 2])
    assert "Five Hundred is a game of tricks." in said, said
    assert "The cards played make up the trick." in said
    assert "One player leads to a trick: he plays a card face up." in said
    assert "must follow suit, that is, play a card of the suit led, if he can" in said
    assert "The winner of a trick leads to the next." in said
    assert ("A trick is won by the highest trump in it, if there is one, else by the highest "
            "card of the suit led.") in said
    assert paras[where].startswith("Five Hundred is a game of tricks.")
    for word in (r"\blead", r"\bled\b", r"\bfollow"):
        assert first_with(paras, "(?i)" + word) == where, (preset, word)
    assert first_with(paras, r"(?i)\btrumps?\b") == where + 1
    assert where < first_with(paras, r"The declarer takes the \d cards of the kitty")


@pytest.mark.parametrize(("preset", "options"), TABLES)
def test_the_declarer_is_said_at_his_first_mention(preset: str,
                                                   options: dict[str, object]) -> None:
    """The guide's first "declarer" says who he is: the highest bidder."""
    text = "\n".join(paragraphs(Rules.preset(preset, **options)))
    first = text.index("declarer")
    assert text[first - len("the highest bidder, the "):first] == "the highest bidder, the ", \
        text[first - 80:first + 20]


def test_the_definition_fits_each_table() -> None:
    """Two players: the other plays; a misère sit-out is named where a declarer has partners
    (and a joker where the pack has one), and nowhere else."""
    def said(preset: str, **options: object) -> str:
        paras = paragraphs(Rules.preset(preset, **options))
        where = first_with(paras, r"(?i)\btricks?\b")
        return " ".join(paras[where:where + 2])

    two = said("two_24")
    assert "Then the other player plays one card to it" in two
    assert "joker" not in two and "to the left" not in two
    aus = said("australian")
    assert ("Then each other player in turn to the left (but not a partner who sits out a "
            "misère) plays one card to it") in aus
    assert "The trumps are the joker and, where the auction names a trump suit" in aus
    assert "sits out" not in said("australian", misere_allowed=False)
    assert "sits out" not in said("classic3") and "partner" not in said("classic3")
    assert "sits out" not in said("five_called")          # (misère is played alone there)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_each_trick_is_played_as_the_guide_says(preset: str) -> None:
    """The engine's tricks, over whole hands of every preset (misères too): the leader plays
    first, then each player in play in turn to the left, one card each (a misère's sit-out
    none); the winner of each trick leads the next."""
    rules = Rules.preset(preset)
    checked = sat_out = 0
    for seed in range(24):
        g = Game(rules, seed=seed)
        rng = Rng(seed)
        while g.phase in ("auction", "kitty", "call"):
            legal = g.legal_actions()
            # every third seed heads for a misère (over a seven-bid where it needs one)
            wanted = [a for want in ("misere", "7", "pass") for a in legal
                      if a.startswith(want)] if seed % 3 == 0 and g.phase == "auction" else []
            g.apply(wanted[0] if wanted else legal[rng.below(len(legal))])
        if g.phase != "play":           # thrown in
            continue
        in_play = [s for s in range(rules.players) if s not in g.sitting_out]
        sat_out += bool(g.sitting_out)
        while g.phase == "play":
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
        for before, trick in zip((None, *g.tricks), g.tricks, strict=False):
            if before is not None:
                assert trick.leader == before.winner
            start = in_play.index(trick.leader)
            assert list(trick.seats) == in_play[start:] + in_play[:start], (preset, seed)
            checked += 1
    assert checked > 100
    assert sat_out >= 4 or len(rules.sides[0]) == 1, sat_out
