"""Property tests: random legal games under every preset and random option mixes.

After every action: every card is accounted for exactly once, hand sizes are right, undo is
the exact inverse of apply, a random illegal action is refused and changes nothing, and no
seat's view holds a card that seat may not see.  After
every hand: ten tricks (fewer only when a misère stops early), and side scores equal the sum
of the hand results.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivehundred import Game, IllegalActionError, Rules, View
from fivehundred.actions import NUM_ACTIONS, PASS, token_of
from fivehundred.cards import JOKER, card_from_token, tokens
from fivehundred.errors import MalformedError
from fivehundred.game.state import get_state as _get_state
from fivehundred.rng import Rng
from fivehundred.rules import PRESET_NAMES

# Options that every preset can take in any combination.
FREE_OPTIONS: dict[str, list[Any]] = {
    "auction": ["rounds", "single"],
    "misere_allowed": [True, False],
    "misere_rank": ["after_sevens", "by_value"],
    "misere_needs_seven": [True, False],
    "misere_stops_when_taken": [True, False],
    "misere_defender_points": ["none", "ten_per_declarer_trick"],
    "open_misere_allowed": [True, False],
    "open_misere_rank": ["after_10D", "top"],
    "open_misere_reveal": ["after_first_trick", "before_lead"],
    "all_pass": ["redeal", "play_no_trumps"],
    "opening_lead": ["declarer", "eldest"],
    "nt_joker": ["australian", "classic"],
    "slam": ["250_if_less", "bonus_equal_to_bid", "none"],
    "defender_trick_points": ["always", "none"],
    "win": ["reach_500_any_way", "by_own_contract"],
    "first_dealer": ["cut", "random"],
}


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    """A preset with a random mix of free options and a short target so games end."""
    name = draw(st.sampled_from(PRESET_NAMES))
    overrides = {k: draw(st.sampled_from(v)) for k, v in FREE_OPTIONS.items()
                 if draw(st.booleans())}
    overrides["target"] = draw(st.sampled_from([150, 300, 500]))
    return Rules.preset(name, **overrides)


def _card_tokens_in(value: Any) -> set[str]:
    """Every card token anywhere inside a view field (strings that parse as cards)."""
    out: set[str] = set()
    if isinstance(value, str):
        try:
            card_from_token(value.split(":")[0])
            out.add(value.split(":")[0])
        except MalformedError:
            pass
    elif isinstance(value, (tuple, list)):
        for v in value:
            out |= _card_tokens_in(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out |= _card_tokens_in(getattr(value, f.name))
    return out


def check_view(g: Game, v: View) -> None:
    """The view holds only what its seat may see."""
    seat = v.seat
    allowed = set(tokens(g.hand(seat)))
    for tr in g.tricks:
        allowed |= set(tokens(sum(1 << c for c in tr.cards)))
    allowed |= {tokens(1 << c)[0] for _, c in g.trick}
    c = g.contract
    if c is not None and c.declarer == seat and g.phase != "auction":
        allowed |= set(tokens(g.deal.kitty)) | set(tokens(g.discards))
    if c is not None and c.is_open and g.exposed and g.phase == "play":
        allowed |= set(tokens(g.hand(c.declarer)))
    seen: set[str] = set()
    for f in dataclasses.fields(v):
        if f.name in ("auction", "contract", "hand_results", "rules"):
            continue  # bid tokens such as 7H are not cards
        if f.name == "legal_actions" and g.phase in ("auction", "call"):
            continue  # bids, and 'call QH' names a card without seeing it
        seen |= _card_tokens_in(getattr(v, f.name))
    assert seen <= allowed, f"seat {seat} sees {sorted(seen - allowed)}"
    assert v.hand == tokens(g.hand(seat))
    if not (c is not None and c.declarer == seat and g.phase != "auction"):
        assert v.kitty == () and v.discards == ()


def check_cards(g: Game) -> None:
    """Every card of the pack is in exactly one place."""
    r = g.rules
    places = [g.hand(s) for s in range(r.players)]
    places.append(g.dead_hand)
    places.append(g.kitty)
    places.append(g.discards)
    played = 0
    for tr in g.tricks:
        for c in tr.cards:
            played |= 1 << c
    for _, c in g.trick:
        played |= 1 << c
    places.append(played)
    total = 0
    for m in places:
        assert total & m == 0, "a card is in two places"
        total |= m
    assert total == r.deck_mask, "a card is missing"
    # hand sizes: ten, less the cards played (the declarer also took and discarded the kitty)
    for s in range(r.players):
        plays = sum(1 for tr in g.tricks for x in tr.seats if x == s)
        plays += sum(1 for x, _ in g.trick if x == s)
        extra = 0
        c = g.contract
        if c is not None and c.declarer == s and g.phase != "auction":
            extra = r.kitty_size - g.discards.bit_count()
        assert g.hand(s).bit_count() == 10 - plays + extra


def run_game(rules: Rules, seed: int, max_hands: int, check_all_views: bool = True) -> Game:
    """Play a random game, checking the invariants after every action."""
    g = Game(rules, seed=seed)
    rng = Rng(seed)
    hands_played = 0
    while g.phase != "game_over":
        if g.phase == "hand_over":
            _check_hand_end(g)
            hands_played += 1
            if hands_played >= max_hands:
                break
            g.next_hand()
            continue
        legal = g.legal_action_ids()
        assert legal == sorted(legal) and legal
        assert g.legal_actions() == sorted(g.legal_actions())
        a = PASS if PASS in legal and rng.below(100) < 70 else rng.choice(legal)
        before = _get_state(g)
        bad = rng.below(NUM_ACTIONS)
        if bad not in legal:
            with pytest.raises(IllegalActionError):
                g.apply(bad)
            assert _get_state(g) == before, f"illegal {token_of(bad)} changed the state"
        g.apply(a)
        after = _get_state(g)
        g.undo()
        assert _get_state(g) == before, "undo did not restore the state"
        g.apply(a)
        assert _get_state(g) == after
        check_cards(g)
        if check_all_views:
            for s in range(rules.players):
                check_view(g, g.view(s))
    if g.phase == "game_over":
        _check_hand_end(g)
    return g


def _check_hand_end(g: Game) -> None:
    res = g.hand_results[-1]
    c = res.contract
    played = sum(res.tricks)
    if res.kind == "all_pass_redeal":
        assert played == 0
    elif c is not None and c.is_misere and g.rules.misere_stops_when_taken and res.made is False:
        assert 1 <= played <= 10
    else:
        assert played == 10
    sums = [sum(h.points[i] for h in g.hand_results) for i in range(len(g.rules.sides))]
    assert tuple(sums) == g.scores


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy(), seed=st.integers(0, 2**40))
def test_random_games_keep_every_invariant(rules: Rules, seed: int) -> None:
    run_game(rules, seed, max_hands=3)


@settings(max_examples=16, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_every_preset_plays_to_a_winner(seed: int) -> None:
    for name in PRESET_NAMES:
        g = run_game(Rules.preset(name, target=200), seed, max_hands=60, check_all_views=False)
        if g.phase == "game_over":
            assert g.winner is not None and 0 <= g.winner < len(g.rules.sides)


def test_same_seed_same_game() -> None:
    a = run_game(Rules.preset("australian"), 42, max_hands=4, check_all_views=False)
    b = run_game(Rules.preset("australian"), 42, max_hands=4, check_all_views=False)
    assert a.past_hands == b.past_hands and a.scores == b.scores


def test_joker_only_in_joker_packs() -> None:
    g = Game(Rules.preset("two_24"), seed=1)
    assert not g.rules.deck_mask >> JOKER & 1
