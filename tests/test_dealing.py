"""RULES.md §3: the cut for the first dealer and the order of the packets, checked against an
independent reading of the text (not the engine's own helpers)."""

from __future__ import annotations

import pytest

from fivehundred import Game, Rules
from fivehundred.cards import cards_of, mask_of, token
from fivehundred.dealing import deal_cards, first_dealer_by_cut, parse_deal
from fivehundred.errors import DealError
from fivehundred.rng import Rng

CUT_RANKS = ("JK", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13",
             "J", "Q", "K")
"""Low to high for the cut: the joker, the ace (low), then 2 … K (11-13 in the big pack)."""
SUITS = "SCDH"
"""Ties broken by suit: spades lowest, then clubs, diamonds, hearts."""


def _cut_key(tok: str) -> tuple[int, int]:
    if tok == "JK":
        return (0, 0)
    return (CUT_RANKS.index(tok[:-1]), SUITS.index(tok[-1]))


@pytest.mark.parametrize("preset", ["classic3", "classic4", "two_dead_hand"])
def test_the_lowest_cut_card_deals(preset: str) -> None:
    rules = Rules.preset(preset)
    assert rules.first_dealer == "cut"
    aces_cut = joker_cut = 0
    for seed in range(400):
        seat, cut = first_dealer_by_cut(rules, Rng(seed))
        toks = [token(c) for c in cut]
        assert len(set(toks)) == rules.players
        assert seat == min(range(rules.players), key=lambda s: _cut_key(toks[s])), toks
        aces_cut += any(t[:-1] == "A" for t in toks)
        joker_cut += "JK" in toks
    assert aces_cut > 20 and joker_cut > 5       # the special cases did come up


def test_a_game_with_the_cut_starts_with_the_cut_dealer() -> None:
    rules = Rules.preset("classic3")
    dealers = set()
    for seed in range(30):
        g = Game(rules, seed=seed)
        expected, _ = first_dealer_by_cut(rules, Rng(seed ^ 0x5EED_DEA1))
        assert g.dealer == expected
        dealers.add(g.dealer)
    assert dealers == {0, 1, 2}


def _deal_by_the_text(pattern: str, players: int, dealer: int, pack: list[int]
                      ) -> tuple[list[list[int]], list[int]]:
    """RULES.md §3 read literally: packets clockwise from the dealer's left (the dealer
    last), ``kN`` to the kitty, the rest of the pack to the kitty."""
    hands: list[list[int]] = [[] for _ in range(players)]
    kitty: list[int] = []
    cards = iter(pack)
    for part in pattern.split("-"):
        if part.startswith("k"):
            kitty += [next(cards) for _ in range(int(part[1:]))]
            continue
        for k in range(1, players + 1):
            hands[(dealer + k) % players] += [next(cards) for _ in range(int(part))]
    kitty += list(cards)
    return hands, kitty


@pytest.mark.parametrize("pattern", ["3-k3-4-3", "3-3-3-1", "3-k1-4-k1-3-k1"])
@pytest.mark.parametrize("preset", ["classic3", "australian", "six_pairs"])
def test_packets_go_clockwise_from_the_dealers_left(pattern: str, preset: str) -> None:
    rules = Rules.preset(preset, deal_pattern=pattern)
    for dealer in range(rules.players):
        seed = 17 + dealer
        pack = cards_of(rules.deck_mask)
        Rng(seed).shuffle(pack)
        hands, kitty = _deal_by_the_text(pattern, rules.players, dealer, pack)
        d = deal_cards(rules, dealer, Rng(seed))
        assert list(d.hands) == [mask_of(h) for h in hands]
        assert d.kitty == mask_of(kitty) and d.kitty.bit_count() == rules.kitty_size


def test_the_dead_hand_sits_at_the_dealers_left_and_is_dealt_first() -> None:
    rules = Rules.preset("two_dead_hand")
    for dealer in (0, 1):
        pack = cards_of(rules.deck_mask)
        Rng(3).shuffle(pack)
        d = deal_cards(rules, dealer, Rng(3))
        # dealt as for three: the dead hand (at the dealer's left) first, then the other
        # player, the dealer last; the engine keeps the dead hand last
        first, other, dealers = _deal_by_the_text(rules.deal_pattern, 3, 2, pack)[0]
        hands = [0, 0]
        hands[dealer] = mask_of(dealers)
        hands[1 - dealer] = mask_of(other)
        assert d.hands == (*hands, mask_of(first))


def test_a_card_given_twice_is_placed_once_when_it_is_twice_in_one_place() -> None:
    """A deal's kitty of AC AC 6H read "card AC appears twice (the kitty and the kitty)"; one
    place is named once, two places both (the words a record's reading uses)."""
    r = Rules.preset("australian")
    g = Game(r, seed=4)
    deal = {"dealer": 0, "hands": [list(cards_of(h)) for h in g.deal.hands],
            "kitty": list(cards_of(g.deal.kitty))}
    kitty = deal["kitty"]
    twice = {**deal, "kitty": [kitty[0], kitty[0], kitty[2]]}
    with pytest.raises(DealError, match=rf"^card {token(kitty[0])} appears twice in the "
                                        r"kitty$"):
        parse_deal(r, twice)
    first = deal["hands"][0][0]
    both = {**deal, "kitty": [first, *kitty[1:]]}
    with pytest.raises(DealError, match=rf"^card {token(first)} appears twice \(seat 0's hand "
                                        r"and the kitty\)$"):
        parse_deal(r, both)
