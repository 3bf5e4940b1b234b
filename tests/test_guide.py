"""How to play (``guide.py``): written for the table's own rules. Every bid's value is the
auction's, the order of the trumps the engine's, the number of players, cards and kitty the
table's; each option's value says its own sentence, and an option that means nothing at the
table says none."""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import combinations, pairwise, product
from typing import Any

import pytest

from fivehundred import Game
from fivehundred.actions import (
    MISERE,
    OPEN_MISERE,
    PASS,
    bid_action,
    bid_strain,
    bid_tricks,
    token_of,
)
from fivehundred.auction import bid_table, can_bid, contract_of, price
from fivehundred.cards import HEARTS, card_from_token, cards_of, iter_cards
from fivehundred.dealing import deal_cards, first_cut, first_dealer
from fivehundred.guide import Guide, guide
from fivehundred.options import TOGGLES, not_here
from fivehundred.rng import Rng
from fivehundred.rules import CHOICES, PRESET_NAMES, Rules
from fivehundred.scoring import game_winner, hand_points, reach_order
from fivehundred.tricks import TABLES, winner_index


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
    assert "A misère scores 200 (open misère 520) if the declarer takes no trick" in \
        g.section("scoring").text


def test_without_misere_the_guide_says_no_more_of_it() -> None:
    """``misere_allowed=false`` drops misère (and open misère) from the auction, the bid table,
    the play and the scoring: one sentence says it may not be bid."""
    g = guide(Rules.preset("classic3", misere_allowed=False))
    assert g.bids.others == ()
    assert ladder(Rules.preset("classic3", misere_allowed=False)).isdisjoint({MISERE,
                                                                              OPEN_MISERE})
    neither = "Neither misère nor open misère may be bid at this table."
    assert neither in g.section("auction").text
    assert "Misère may not be bid at this table." not in whole_text(g)   # (open misère too)
    rest = "\n".join(g.section(k).text for k in ("cards", "play", "scoring"))
    assert "misère" not in rest.lower()
    assert [b.text for b in g.section("auction").blocks].count(neither) == 1
    only_closed = guide(Rules.preset("classic3", open_misere_allowed=False))
    assert [o.bid for o in only_closed.bids.others] == ["misere"]
    rest = whole_text(only_closed).replace("Open misère may not be bid at this table.", "")
    assert "open misère" not in rest.lower().replace("-", " ")


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
    "misere_value": "auction", "open_misere_allowed": "auction", "open_misere_value": "auction",
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
    assert "its holder names any suit he has not shown void in" in cla
    assert "In misère, a player who cannot follow and holds the joker must play it." in aus
    no_misere = guide(Rules.preset("australian", misere_allowed=False)).section("cards").text
    assert "misère" not in no_misere


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_an_option_that_means_nothing_at_the_table_changes_no_word(preset: str) -> None:
    """Where an option means nothing (``options.not_here``: the joker's rule without a
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
    assert "a side at -1000 or below is in the hole" in scoring
    assert "a player at -500" in guide(Rules.preset("classic3")).section("scoring").text


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


# ---------------------------------------------------------------- the audit's findings: each
# sentence checked against what the engine does


def paragraph_with(text: str, words: str) -> str:
    """The paragraph of ``text`` (a section's) that holds ``words``."""
    found = [p for p in text.split("\n") if words in p]
    assert len(found) == 1, (words, text)
    return found[0]


class Unshuffled(Rng):
    """A generator whose shuffle leaves the pack in order (to see where each card goes)."""

    def shuffle(self, items: list[Any]) -> None:
        return None


def test_who_wins_when_several_reach_the_target_is_the_engines() -> None:
    """Finding 1: the declarer's side wins only if it is among those at the target (then the
    called partner); otherwise, and in a hand nobody bid, the first there during the play."""
    r3 = Rules.preset("classic3")
    eight = contract_of(r3, bid_action(8, HEARTS), 0)
    assert game_winner(r3, (100, 510, 520), eight, None, False, (2, 1)) == 2    # first in play
    assert game_winner(r3, (520, 510, 100), eight, None, True, (1,)) == 0       # the declarer
    assert game_winner(r3, (100, 510, 520), None, None, None, (2, 1)) == 2      # nobody bid
    # a failed misère's trick brings both opponents there: the first from the declarer's left
    misere = contract_of(r3, MISERE, 1)
    order = reach_order(r3, misere, None, (0, 1, 0), (495, 0, 495), (), 1)
    assert order == (2, 0) and game_winner(r3, (505, -250, 505), misere, None, False,
                                           order) == 2
    three = guide(r3).section("scoring").text
    assert ("If more than one player gets there in the same hand, the declarer wins if he is "
            "one of them; otherwise, or in a hand nobody bid, the first to get there during "
            "the play wins (if the declarer's trick in a failed misère brings several there "
            "at once, the first of them from the declarer's left).") in three
    assert "if only opponents do" not in three
    r5 = Rules.preset("five_called")
    called = contract_of(r5, bid_action(8, HEARTS), 0)
    assert game_winner(r5, (400, 0, 505, 510, 0), called, 2, True, (3,)) == 2   # the partner
    five = guide(r5).section("scoring").text
    assert "the declarer wins if he is one of them, else his called partner if he is; " \
        "otherwise the first to get there during the play wins" in five
    assert "nobody bid" not in five                             # (all_pass=redeal there)
    r4 = Rules.preset("classic4")
    six = contract_of(r4, bid_action(6, 0), 1)
    assert game_winner(r4, (505, 510), six, None, True, (0,)) == 1
    assert game_winner(r4, (505, 510), None, None, None, (1, 0)) == 1
    assert ("If both sides get there in the same hand, the declaring side wins; in a hand "
            "nobody bid, the first to get there during the play wins.") in guide(
                r4).section("scoring").text


def test_the_opponents_of_a_misere_score_nothing_for_their_own_tricks() -> None:
    """Finding 2: the opponents' 10 a trick is for a bid of tricks; in a misère, made or
    not, their own tricks score nothing (a failed one scores them the declarer's, if so)."""
    r = Rules.preset("australian")
    misere = contract_of(r, MISERE, 0)
    assert r.defender_trick_points == "always"
    assert hand_points(r, misere, None, (0, 4, 0, 6)) == ((250, 0), True)
    assert hand_points(r, misere, None, (1, 4, 0, 5)) == ((-250, 0), False)
    six = contract_of(r, bid_action(6, 0), 0)
    assert hand_points(r, six, None, (3, 2, 3, 2)) == ((40, 40), True)
    scoring = guide(r).section("scoring").text
    assert "The opponents of a contract score 10 for each trick they take." not in scoring
    assert ("The opponents of a bid of tricks score 10 for each trick they take, whether it "
            "is made or not.") in scoring
    assert ("A misère scores 250 (open misère 500) if the declarer takes no trick; if he "
            "takes one, the declaring side loses that much. Made or not, the opponents score "
            "nothing for their own tricks in a misère.") in scoring
    r3 = Rules.preset("classic3")
    m3 = contract_of(r3, MISERE, 0)
    assert hand_points(r3, m3, None, (2, 5, 3)) == ((-250, 20, 20), False)
    assert ", and each opposing player scores 10 for each trick the declarer took. Made or " \
        "not, the opponents score nothing for their own tricks" in guide(r3).section(
            "scoring").text


@pytest.mark.parametrize("preset", ["classic3", "five_called", "six_pairs", "two_24"])
def test_the_cut_orders_the_cards_as_the_guide_says(preset: str) -> None:
    """Finding 3: for the cut the joker is lowest, then the ace, then the ranks upwards as in
    the guide's own plain suit, spades lowest of one rank: the engine's dealer, cut by cut."""
    rules = Rules.preset(preset, first_dealer="cut")
    g = guide(rules)
    table = g.section("table").text
    low = "the joker is lowest, then the ace" if rules.has_joker else "the ace is lowest"
    assert (f"For the cut {low}, then the other ranks upwards, as in a plain suit, up to the "
            "king; of two cards of one rank, spades are lower than clubs, clubs than diamonds, "
            "diamonds than hearts.") in table
    # the ranks from the ace down as the guide shows a plain suit (the clubs), with any the
    # clubs lack (the six-handed 13) where the hearts trumps show them
    plain = [c[:-1] for c in next(b.cards for b in g.section("cards").blocks
                                  if b.cards and b.cards[0] == "AC")]
    hearts = [c[:-1] for c in g.trump_example if c not in ("JK", "JH", "JD")]
    for rank, after in pairwise(hearts):
        if rank not in plain:
            plain.insert(plain.index(after), rank)
    ranks = ["JK", "A", *reversed(plain[1:])]

    def guide_key(c: int) -> tuple[int, int]:
        t = token_of(c)
        return (ranks.index("JK" if t == "JK" else t[:-1]), "SCDH".index(t[-1]) if t != "JK"
                else -1)

    for seed in range(300):
        cut = first_cut(rules, seed)
        assert cut is not None
        assert first_dealer(rules, seed) == min(range(rules.players),
                                                key=lambda s: guide_key(cut[s]))


PATTERNS = ("3-k1-4-k1-3-k1", "3-k3-4-3", "3-3-3-1", "10-k3", "10-k4", "k2-5-5", "10")


def test_the_packets_the_guide_lists_are_the_deal_with_the_last_cards_to_the_kitty() -> None:
    """Finding 4: under every deal pattern and pack, the packets the guide lists, with the
    last cards it sends to the kitty, deal exactly the engine's hands and kitty."""
    checked = 0
    for preset, deck, pattern in product(PRESET_NAMES, CHOICES["deck"], PATTERNS):
        try:
            rules = Rules.preset(preset, deck=deck, deal_pattern=pattern)
        except ValueError:
            continue
        table = guide(rules).section("table").text
        assert f"and {rules.kitty_size} cards, face down, to the kitty" in table
        listed = re.search(r"He deals them in packets: (.*?)\.", table)
        if listed is None:          # one packet of ten: nothing to list
            assert rules.deal_packets[0] == (False, 10), (preset, deck, pattern)
            continue
        packets: list[tuple[bool, int]] = []
        for part in listed.group(1).split(", "):
            if m := re.fullmatch(r"then the last (\d+|card) to the kitty", part):
                packets.append((True, 1 if m.group(1) == "card" else int(m.group(1))))
            elif m := re.fullmatch(r"(\d+) to the kitty", part):
                packets.append((True, int(m.group(1))))
            elif m := re.fullmatch(r"(\d+) to each( player| hand)?", part):
                packets.append((False, int(m.group(1))))
            else:
                raise AssertionError(part)
        assert sum(k for kitty, k in packets if not kitty) == 10
        assert sum(k for kitty, k in packets if kitty) == rules.kitty_size
        # deal an unshuffled pack as the guide says and as the engine does
        pack = cards_of(rules.deck_mask)
        kitty, pos = 0, 0
        for to_kitty, k in packets:
            step = k if to_kitty else k * rules.hands_dealt
            if to_kitty:
                kitty |= sum(1 << c for c in pack[pos:pos + k])
            pos += step
        assert pos == len(pack)
        assert deal_cards(rules, 0, Unshuffled(0)).kitty == kitty, (preset, deck, pattern)
        checked += 1
    assert checked > 20


def test_when_nobody_bids_the_next_dealer_deals() -> None:
    """Finding 5: at all_pass=redeal the hand is thrown in and the next dealer deals."""
    g = Game(Rules.preset("australian"), seed=3)
    dealer = g.dealer
    for _ in range(4):
        g.apply("pass")
    assert g.hand_results[-1].kind == "all_pass_redeal"
    g.next_hand()
    assert g.dealer == (dealer + 1) % 4
    auction = guide(Rules.preset("australian")).section("auction").text
    assert "When nobody bids, the hand is thrown in and the next dealer deals." in auction
    assert "the cards are dealt again" not in auction


def test_a_hand_nobody_bid_scores_10_a_trick_and_never_wins_by_own_contract() -> None:
    """Finding 6: the all-pass hand scores each player (or side) 10 a trick, even where the
    opponents of a contract score nothing (said under scoring alone: beside the hand nobody
    bid it read as if it cut the 10 a trick); under win=by_own_contract those points never
    win."""
    r = Rules.preset("classic3", defender_trick_points="none", win="by_own_contract")
    assert hand_points(r, None, None, (3, 3, 4)) == ((30, 30, 40), None)
    assert game_winner(r, (510, 100, 40), None, None, None, ()) is None
    g = guide(r)
    assert ("When nobody bids, the hand is played at no trumps, the kitty untouched and the "
            "player on the dealer's left leading; each player scores 10 a trick.") in g.section(
                "auction").text
    assert "The opponents of a contract score nothing for their tricks." in g.section(
        "scoring").text
    assert "each side scoring 10 a trick" not in whole_text(g)
    assert ("a player who gets there by points for tricks taken against a contract, or in a "
            "hand nobody bid, has not won, and the game goes on.") in g.section("scoring").text
    assert "each side scores 10 a trick." in guide(Rules.preset("classic4")).section(
        "auction").text


def test_by_own_contract_the_declaring_side_or_the_called_partner_wins() -> None:
    """Finding 9: the game is won when a contract is made and the declaring side stands at the
    target after it (even from points taken in defence before), or else the called partner."""
    r = Rules.preset("australian")
    six = contract_of(r, bid_action(6, 0), 0)
    assert game_winner(r, (560, 300), six, None, True, ()) == 0      # 520 before, from defence
    assert game_winner(r, (200, 510), six, None, True, ()) is None   # defence never wins
    scoring = guide(r).section("scoring").text
    assert "by making a bid that takes you to the target" not in scoring
    assert ("The game is won only by a side that makes its contract and then stands at the "
            "target or above; a side that gets there by points for tricks taken against a "
            "contract has not won, and the game goes on.") in scoring
    r5 = Rules.preset("five_called", win="by_own_contract")
    called = contract_of(r5, bid_action(8, HEARTS), 0)
    assert game_winner(r5, (400, 0, 505, 0, 0), called, 2, True, ()) == 2
    assert ("The game is won only when a contract is made and the declarer, or else his "
            "called partner, then stands at the target or above;") in guide(r5).section(
                "scoring").text


def test_the_hole_and_its_tie_breaks_are_the_engines() -> None:
    """Finding 10: where nobody wins at the target, a side in the hole loses and the highest
    of the others wins; a tie goes to the declaring side, then the called partner, then the
    first from the declarer's left (the guide said the lowest-numbered seat after the engine
    had changed)."""
    r3 = Rules.preset("classic3")
    failed = contract_of(r3, bid_action(8, HEARTS), 0)
    assert game_winner(r3, (-510, 200, 200), failed, None, False, ()) == 1
    assert game_winner(r3, (-510, 200, 300), failed, None, False, ()) == 2
    failed = contract_of(r3, bid_action(7, 0), 1)        # the declarer, seat 1, in the hole
    assert game_winner(r3, (120, -540, 120), failed, None, False, ()) == 2   # (not seat 0)
    assert ("If nobody wins at the target, a player at -500 or below is in the hole and loses "
            "the game: the player with the highest score among the others wins (a tie goes to "
            "the declaring player, else to the first player from the declarer's left).") in guide(
                r3).section("scoring").text
    r6 = Rules.preset("six_pairs")
    failed = contract_of(r6, bid_action(7, 0), 1)
    assert game_winner(r6, (120, -540, 120), failed, None, False, ()) == 2
    assert ("(a tie goes to the declaring side, else to the side of the first player from the "
            "declarer's left)") in guide(r6).section("scoring").text
    r5 = Rules.preset("five_called")
    called = contract_of(r5, bid_action(8, HEARTS), 3)
    assert game_winner(r5, (200, 0, -530, 200, 0), called, 2, False, ()) == 3  # the declarer
    assert game_winner(r5, (200, 0, 200, -600, 0), called, 2, False, ()) == 2  # his partner
    assert ("(a tie goes to the declaring player, then to the called partner, else to the "
            "first player from the declarer's left)") in guide(r5).section("scoring").text
    r = Rules.preset("australian")
    assert game_winner(r, (-510, -100), contract_of(r, bid_action(6, 0), 0), None, False,
                       ()) == 1
    aus = guide(r).section("scoring").text
    assert "is in the hole and loses the game, and the other side wins." in aus
    assert "the highest score among the others wins." not in aus


def test_at_two_players_the_non_dealer_speaks_and_leads_and_the_dead_hand_sits_left() -> None:
    """Finding 11: at two the engine's eldest is the non-dealer (the dead hand, dealt first,
    sits at the dealer's left): he speaks first, leads a hand nobody bid, and the first
    trick under opening_lead=eldest."""
    rules = Rules.preset("two_dead_hand", opening_lead="eldest")
    g = Game(rules, seed=3)
    assert g.to_move == 1 - g.dealer
    g.apply("6S")
    g.apply("pass")
    while g.phase == "kitty":
        g.apply(g.legal_actions()[0])
    assert g.phase == "play" and g.to_move == 1 - g.dealer
    nobody = Game(Rules.preset("two_dead_hand"), seed=3)
    nobody.apply("pass")
    nobody.apply("pass")
    assert nobody.phase == "play" and nobody.to_move == 1 - nobody.dealer
    # the dead hand is dealt first, as the seat at the dealer's left would be
    first = cards_of(rules.deck_mask)[:3]
    assert all(deal_cards(rules, 0, Unshuffled(0)).hands[2] >> c & 1 for c in first)
    text = guide(rules)
    assert "the dealer's left" not in text.section("auction").text + text.section("play").text
    assert "The non-dealer speaks first, then the dealer, in turn" in text.section(
        "auction").text
    assert "the kitty untouched and the non-dealer leading" in text.section("auction").text
    assert "The non-dealer leads to the first trick." in text.section("play").text
    assert ("A third hand, the dead hand, is dealt too, as if to a player on the dealer's "
            "left, and stays out of play, unseen by both.") in text.section("table").text


def test_the_smaller_findings_say_what_holds() -> None:
    """Findings 7, 8, 12, 13, 14, 15: the misère joker in the rule of following, no misère of
    either kind, misère as the opening bid, rank not worth, the English, the joker's lead."""
    aus = guide(Rules.preset("australian"))
    play = aus.section("play").text
    assert ("if he cannot, he may play any card (but in misère he must play the joker if he "
            "holds it), a trump or not") in play                                    # 7
    for r in (Rules.preset("classic3"), Rules.preset("australian", misere_allowed=False)):
        assert "must play the joker" not in guide(r).section("play").text
    assert "Neither misère nor open misère may be bid at this table." in guide(   # 8
        Rules.preset("australian", misere_allowed=False)).section("auction").text
    free = guide(Rules.preset("australian", misere_needs_seven=False)).section("auction")
    assert "Misère may be bid whenever it outranks the bid to beat, even as the opening " \
        "bid." in free.text                                                          # 12
    assert can_bid(Rules.preset("australian", misere_needs_seven=False), MISERE, None) is None
    auction = aus.section("auction").text                                          # 13
    assert "is worth more" not in auction
    assert ("Each bid must outrank the one before: a bid of more tricks outranks it, and so "
            "does a bid of as many tricks in a higher strain.") in auction
    three = guide(Rules.preset("classic3"))                                         # 14
    assert "(even cards just taken up)" in three.section("play").text
    assert "Diamonds then have only 7 cards: their jack, J♦, has become a trump (the left " \
        "bower)." in three.section("cards").text
    assert "including 10NT" in three.bids.others[-1].ranks
    assert "even as the opening bid" in paragraph_with(three.section("auction").text,
                                                       "Open misère (520 points)")
    assert "&" not in whole_text(aus)
    assert "two teams of three" in guide(Rules.preset("six_threes")).section("table").text
    assert "in three pairs" in guide(Rules.preset("six_pairs")).section("table").text
    two = guide(Rules.preset("two_dead_hand")).section("scoring").text
    assert "The opponent of a bid of tricks scores 10 for each trick he takes" in two
    assert "his opponent scores 10 for each trick the declarer took" in two
    cards = aus.section("cards").text                                               # 15
    assert ("When the joker is led, its holder names a suit not yet led in the hand, which "
            "then counts as led") in cards
    assert "it may be led only to the last trick, naming no suit." in cards
    assert "Led, it" not in whole_text(aus) + whole_text(three)


def test_the_words_of_the_rules_load_nothing_of_the_browser_game() -> None:
    """How to play and the options in words serve every front end: the terminal games load
    them without the browser game's package (they lived in ``web/`` once)."""
    code = ("import sys, fivehundred.guide, fivehundred.options, fivehundred.console.rules_text; "
            "print(sorted(m for m in sys.modules if m.startswith('fivehundred.web')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]", out
