"""How to play (``guide.py``): written for the table's own rules. Every bid's value is the
auction's, the order of the trumps the engine's, the number of players, cards and kitty the
table's; each option's value says its own sentence, and an option that means nothing at the
table says none."""

from __future__ import annotations

from itertools import combinations, pairwise
from typing import Any

import pytest

from fivehundred.actions import MISERE, OPEN_MISERE, PASS, bid_strain, bid_tricks, token_of
from fivehundred.auction import bid_table, price
from fivehundred.cards import HEARTS, card_from_token, iter_cards
from fivehundred.guide import Guide, guide
from fivehundred.rules import CHOICES, PRESET_NAMES, Rules
from fivehundred.tricks import TABLES, winner_index
from fivehundred.web.options import TOGGLES, not_here


def whole_text(g: Guide) -> str:
    return "\n".join(s.text for s in g.sections)


def ladder(rules: Rules) -> set[int]:
    """Every bid the auction takes at this table, over any bid (the engine's own table)."""
    return {b for legal in bid_table(rules).values() for b in legal if b != PASS}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_bid_table_is_the_auctions_price_for_every_bid_of_the_ladder(preset: str) -> None:
    rules = Rules.preset(preset)
    g = guide(rules)
    others = {o.bid: o.value for o in g.bids.others}
    bids = ladder(rules)
    assert len(bids) == 27
    for b in bids:
        if b in (MISERE, OPEN_MISERE):
            assert others.pop(token_of(b)) == price(rules, b)
        else:
            assert g.bids.value(bid_tricks(b), bid_strain(b)) == price(rules, b)
    assert others == {}                 # nothing outside the ladder
    assert [r.tricks for r in g.bids.rows] == [6, 7, 8, 9, 10]
    assert g.bids.strains == ("S", "C", "D", "H", "NT")


def test_misere_and_open_misere_values_follow_their_options() -> None:
    g = guide(Rules.preset("australian", misere_value=200, open_misere_value=520))
    assert {o.bid: o.value for o in g.bids.others} == {"misere": 200, "open-misere": 520}
    auction = g.section("auction").text
    assert "Misère (200 points)" in auction and "Open misère (520 points)" in auction
    assert "scores 200 (open misère 520)" in g.section("scoring").text


def test_without_misere_the_guide_says_no_more_of_it() -> None:
    """``misere_allowed=false`` drops misère (and open misère) from the auction, the bid table,
    the play and the scoring: one sentence says it may not be bid."""
    g = guide(Rules.preset("classic3", misere_allowed=False))
    assert g.bids.others == ()
    assert ladder(Rules.preset("classic3", misere_allowed=False)).isdisjoint({MISERE,
                                                                              OPEN_MISERE})
    assert "Misère may not be bid at this table." in g.section("auction").text
    rest = "\n".join(g.section(k).text for k in ("cards", "play", "scoring"))
    assert "misère" not in rest.lower()
    assert [b.text for b in g.section("auction").blocks].count(
        "Misère may not be bid at this table.") == 1
    only_closed = guide(Rules.preset("classic3", open_misere_allowed=False))
    assert [o.bid for o in only_closed.bids.others] == ["misere"]
    assert "open" not in whole_text(only_closed).replace(
        "Open misère may not be bid at this table.", "").lower()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_each_preset_says_its_table_and_lists_its_trumps_in_the_engines_order(
        preset: str) -> None:
    rules = Rules.preset(preset)
    g = guide(rules)
    table = g.section("table").text
    assert f"This table seats {rules.players} players" in table
    assert f"The pack has {rules.deck_size} cards" in table
    assert "10 cards to each" in table
    assert f"and {rules.kitty_size} cards, face down, to the kitty" in table
    assert f"the {rules.kitty_size} cards of the kitty" in g.section("play").text
    assert ("the joker" in table.split("The pack")[1].split(".")[0]) == rules.has_joker
    # the trumps, hearts trumps: exactly the pack's cards that the engine counts as hearts,
    # each beating the one after it in a trick of hearts
    t = TABLES[HEARTS]
    order = list(g.trump_example)
    engine = {token_of(c) for c in iter_cards(rules.deck_mask) if t.eff_suit[c] == HEARTS}
    assert set(order) == engine and len(order) == len(engine)
    ids = [card_from_token(x) for x in order]
    for high, low in pairwise(ids):
        assert winner_index(t, [low, high], HEARTS) == 1
        assert winner_index(t, [high, low], HEARTS) == 0
    top = (["JK"] if rules.has_joker else []) + ["JH", "JD", "AH"]   # the bowers, right first
    assert order[:len(top)] == top
    cards_block = next(b for b in g.section("cards").blocks if b.cards)
    assert cards_block.cards == g.trump_example
    assert f"the {len(order)} trumps are" in cards_block.text


# Where each house rule of the new-game form says what it means: its section, and a preset
# where it counts (the joker's rule needs a joker; misère's options misère).
SECTION_OF: dict[str, str] = {
    "misere_allowed": "auction", "misere_rank": "auction", "misere_needs_seven": "auction",
    "misere_stops_when_taken": "play", "misere_defender_points": "scoring",
    "open_misere_allowed": "auction", "open_misere_value": "auction",
    "open_misere_rank": "auction", "open_misere_reveal": "play", "first_dealer": "table",
    "auction": "auction", "all_pass": "auction", "opening_lead": "play", "nt_joker": "cards",
    "slam": "scoring", "defender_trick_points": "scoring", "win": "scoring",
    "target": "scoring", "hole": "scoring",
}


def values_of(option: str) -> tuple[Any, ...]:
    choices = TOGGLES[option][1]
    return (True, False) if choices is None else tuple(choices)


@pytest.mark.parametrize(("option", "value_a", "value_b"), [
    (option, a, b) for option in TOGGLES for a, b in combinations(values_of(option), 2)])
def test_each_value_of_a_house_rule_says_its_own_sentence(option: str, value_a: Any,
                                                          value_b: Any) -> None:
    """Every pair of values of every house rule gives different words in the section that
    says what it means (and the same words elsewhere but where it also shows, the scoring
    of the misère it bans)."""
    assert set(SECTION_OF) == set(TOGGLES)
    for preset in ("australian", "classic3", "five_called"):
        a = guide(Rules.preset(preset, **{option: value_a}))
        b = guide(Rules.preset(preset, **{option: value_b}))
        key = SECTION_OF[option]
        assert a.section(key).text != b.section(key).text, (preset, option)


def test_the_joker_rules_each_say_their_own_words() -> None:
    aus = guide(Rules.preset("classic3", nt_joker="australian")).section("cards").text
    cla = guide(Rules.preset("classic3", nt_joker="classic")).section("cards").text
    assert "names a suit not yet led in the hand" in aus and "not yet led" not in cla
    assert "names any suit its holder has not shown void in" in cla
    assert "In misère, a player who cannot follow and holds the joker must play it." in aus
    no_misere = guide(Rules.preset("australian", misere_allowed=False)).section("cards").text
    assert "misère" not in no_misere


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_an_option_that_means_nothing_at_the_table_changes_no_word(preset: str) -> None:
    """Where an option means nothing (``web.options.not_here``: the joker's rule without a
    joker, a misère's options where misère may not be bid), each of its values gives the same
    guide: no sentence speaks of it."""
    for base in (Rules.preset(preset), Rules.preset(preset, misere_allowed=False),
                 Rules.preset(preset, open_misere_allowed=False)):
        checked = 0
        for option in TOGGLES:
            if not_here(base, option) is None:
                continue
            same = {whole_text(guide(base.replace(**{option: v}))) for v in values_of(option)}
            assert len(same) == 1, (preset, option)
            checked += 1
        assert checked or base.misere_allowed


def test_values_in_numbers_are_the_rules_own() -> None:
    g = guide(Rules.preset("australian", target=250, hole=-1000))
    scoring = g.section("scoring").text
    assert "The game is played to 250 points." in scoring
    assert "A side at -1000 or below is in the hole" in scoring
    assert "A player at" in guide(Rules.preset("classic3")).section("scoring").text


def test_every_section_speaks_only_of_what_the_table_has() -> None:
    """No joker in the 24 pack: no word of it; no partner at two: no partner sits a misère
    out; the called partner only at five."""
    two = whole_text(guide(Rules.preset("two_24")))
    assert "joker" not in two.lower().replace("and no joker", "")
    assert "partner" not in two
    five = whole_text(guide(Rules.preset("five_called")))
    assert "calls a partner by naming a card" in five and "half" in five
    assert "partner" not in whole_text(guide(Rules.preset("classic3")))
    assert "the declarer's partners lay their hands" in whole_text(
        guide(Rules.preset("six_threes")))


def test_the_guide_as_json_holds_every_block() -> None:
    g = guide(Rules.preset("australian"))
    data = g.as_json()
    assert [s["key"] for s in data["sections"]] == ["table", "cards", "auction", "play",
                                                     "scoring"]
    blocks = [b for s in data["sections"] for b in s["blocks"]]
    bids = next(b for b in blocks if b["kind"] == "bids")
    assert bids["rows"][2] == {"tricks": 8, "values": [240, 260, 280, 300, 320]}
    assert bids["others"][0] == {"bid": "misere", "value": 250,
                                 "ranks": "between 7NT and 8♠"}
    assert next(b for b in blocks if b["kind"] == "cards")["cards"][:3] == ["JK", "JH", "JD"]
    assert all(isinstance(b["text"], str) and b["text"] for b in blocks)


@pytest.mark.parametrize("option", sorted(CHOICES))
def test_no_option_value_breaks_the_guide(option: str) -> None:
    """Any value of any option (that the rules take under some preset) builds a guide."""
    for preset in PRESET_NAMES:
        for v in CHOICES[option]:
            try:
                rules = Rules.preset(preset, **{option: v})
            except ValueError:
                continue
            assert guide(rules).sections
