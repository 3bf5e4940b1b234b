"""The rules dialog's words (``options.rules_json``, which the browser, the terminal table and
the text game all show) and the guide's (``guide.py``), fitted to each table: "side" only where
there are sides, a failed misère's points said alike in its own line and in the opponents'
tricks' line, eldest called the first to speak; and the guide explaining misère and strains
before it leans on them, and saying how a claim works."""

from __future__ import annotations

import re

import pytest

from fivehundred import Game
from fivehundred.actions import MISERE
from fivehundred.auction import contract_of
from fivehundred.claims import ClaimError, check_claimant
from fivehundred.console.rules_text import rules_lines
from fivehundred.guide import guide
from fivehundred.options import OPTION_TEXT, rules_json
from fivehundred.rules import PRESET_NAMES, Rules
from fivehundred.scoring import hand_points

STRINGS = [
    "fivehundred(preset=classic3,slam=none)",
    "fivehundred(preset=australian,teams=none)",
    "fivehundred(preset=classic3,win=by_own_contract,defender_trick_points=none)",
    "fivehundred(preset=australian,misere_defender_points=ten_per_declarer_trick,"
    "defender_trick_points=none)",
    "fivehundred(preset=six_pairs,misere_defender_points=ten_per_declarer_trick)",
    "fivehundred(preset=two_24,win=by_own_contract)",
    "fivehundred(preset=classic4,misere_allowed=false)",
]
TABLES = [Rules.preset(n) for n in PRESET_NAMES] + [Rules.parse(s) for s in STRINGS]
IDS = list(PRESET_NAMES) + STRINGS
DECLARER_TOOK = "10 for each trick the declarer took"


def dialog(rules: Rules) -> dict[str, str]:
    """Each option's line in the rules dialog: what holds, or why it means nothing here."""
    data = rules_json(rules, rules.nearest_preset())
    return {"label": data["label"],
            **{o["option"]: o["off"] or o["text"] for o in data["options"]}}


def test_the_opening_leads_help_calls_eldest_the_first_to_speak() -> None:
    """Eldest leads by ``opening_lead=eldest`` even when he passed: "the first to bid" was
    untrue; the choice's words say "the first to speak", and so does its help now."""
    text = OPTION_TEXT["opening_lead"]
    assert "the first to bid" not in text
    assert "the first to speak in the auction (the player on the dealer's left" in text


@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_the_rules_dialog_says_side_only_where_there_are_sides(rules: Rules) -> None:
    """Each for himself (three-handed, two-handed, five-handed before the call) a failed
    misère's line said "the declarer's side loses its value", the game's "won only by a side":
    every line of the dialog says "side" only at a table of sides."""
    lines = dialog(rules)
    sided = {o: t for o, t in lines.items() if re.search(r"\bsides?\b", t)}
    if rules.teams == "none":
        assert sided == {}, sided
    elif rules.misere_allowed:
        assert "the declarer's side loses its value" in lines["misere_defender_points"]
    text = "\n".join(rules_lines(rules, rules.nearest_preset()))
    assert ("side" in text) == (rules.teams != "none")


@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_a_failed_miseres_points_read_alike_in_both_scoring_lines(rules: Rules) -> None:
    """The opponents' tricks' line said "(of a misère, nothing)" beside a misère line giving
    them 10 for each trick the declarer took: both lines now say what the engine scores."""
    lines = dialog(rules)
    defence, failed = lines["defender_trick_points"], lines["misere_defender_points"]
    assert "(of a misère, nothing)" not in defence
    if not rules.misere_allowed:
        assert "misère" not in defence and failed == "misère may not be bid"
        return
    misere = contract_of(rules, MISERE, 0)
    won = [1] * rules.players
    won[0] = 2                                  # the declarer takes 2 tricks: it fails
    points, made = hand_points(rules, misere, None, tuple(won))
    gains = [p for i, p in enumerate(points) if i != rules.side_of[0]]
    assert made is False and points[rules.side_of[0]] == -rules.misere_value
    if all(p == 20 for p in gains):
        assert DECLARER_TOOK in failed and DECLARER_TOOK in defence, (failed, defence)
        assert "nothing, even when it fails" not in defence
    else:
        assert gains == [0] * len(gains)
        assert "declarer took" not in failed + defence
        assert "nothing." in failed
        assert defence.endswith(("nothing, even when it fails.", "nothing for their own tricks."))


def test_the_text_games_dialog_from_the_report() -> None:
    """The report's table (classic3, no slam): the text game's rules no longer say the
    declarer's side loses, nor that the opponents of a misère score nothing."""
    text = " ".join(rules_lines(Rules.parse("fivehundred(preset=classic3,slam=none)"),
                                "classic3"))
    assert "When a misère fails, the declarer loses its value and each opposing player " \
        "scores 10 for each trick the declarer took." in text
    assert "in a misère their own tricks score nothing, but a failed misère gives each of " \
        "them 10 for each trick the declarer took." in text


@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_the_guide_says_what_misere_and_a_strain_are_before_it_uses_them(
        rules: Rules) -> None:
    """The guide's first paragraph spoke of "a partner who sits out a misère" four sections
    before misère was explained, and "the strains rank" was never said to be the trump suit
    or no trumps: each is explained where first used."""
    text = "\n".join(b.text for s in guide(rules).sections for b in s.blocks if b.text)
    if rules.misere_allowed:
        said = text.index("if he bid misère, he tries to take no trick at all")
        assert text.index("misère") == said + len("if he bid ")
    first = re.search(r"\bstrains?\b", text)
    assert first is not None
    assert text[first.start():].startswith("strain: a trump suit, or no trumps (NT).")


@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_the_guide_says_how_a_claim_works(rules: Rules) -> None:
    """The table offers a claim from the first trick; the guide never spoke of it.  It does
    now, where the play is explained, true at each table: for his side where there are
    sides, a misère's declarer alone among its players (``claims.check_claimant``)."""
    play = guide(rules).section("play").text
    claim = next(p for p in play.split("\n") if "claim" in p)
    assert "may claim them instead of playing on" in claim
    assert ("A claim that does not stand, or that cannot be checked within a few seconds, "
            "changes nothing, and play goes on.") in claim
    if rules.call_partner:      # (the called partner claims too: it named the declarer alone)
        assert "the declarer and his called partner, either of them" in claim, claim
    assert ("for his side" in claim) == (rules.teams != "none")
    assert ("misère" in claim) == rules.misere_allowed
    if not rules.misere_allowed:
        return
    g = Game(rules, seed=1)
    if rules.misere_needs_seven:
        g.apply("7S")
    g.apply("misere")
    while g.phase == "auction":
        g.apply("pass")
    while g.phase in ("kitty", "call"):
        g.apply(g.legal_action_ids()[0])
    assert g.phase == "play" and g.contract is not None and g.contract.is_misere
    declarer = g.contract.declarer
    opponent = next(s for s in range(rules.players)
                    if s not in g.sitting_out and s != declarer)
    with pytest.raises(ClaimError):
        check_claimant(g, opponent)
    assert check_claimant(g, declarer) == declarer and "its opponents may not claim" in claim
