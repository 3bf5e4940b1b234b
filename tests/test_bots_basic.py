"""The Random, Easy and Medium bots: never illegal, deterministic, view-only, and how they play.

Every bot is driven through whole games under every preset (and random option mixes) by
:func:`botplay.play_with_bots`, which checks every action against the view's legal actions.
"""

from __future__ import annotations

import ast
import dataclasses
import gc
import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import fivehundred.bots as bots_pkg
from botplay import IllegalBotAction, play_with_bots
from fivehundred import Game, Rules, View
from fivehundred.bots import Bot, BotError, Budget, Decision, make
from fivehundred.bots.easy import EasyBot
from fivehundred.bots.hand_eval import misere_danger, suit_lengths
from fivehundred.bots.medium import MediumBot, partner_help
from fivehundred.cards import HEARTS, SPADES, SUIT_LETTERS, card_from_token, mask_of
from fivehundred.rng import Rng
from fivehundred.rules import PRESET_NAMES
from fivehundred.tricks import TABLES
from helpers import make_deal

BOTS = ("random", "easy", "medium")


def _table(name: str, rules: Rules, seed: int = 0) -> dict[int, Bot]:
    return {s: make(name, seed=seed + s) for s in range(rules.players)}


def _views(rules: Rules, bot: str, seeds: range, max_hands: int = 2) -> list[tuple[View, Decision]]:
    """Every (view, decision) of some seeded games played by one kind of bot at every seat."""
    out: list[tuple[View, Decision]] = []
    for seed in seeds:
        play_with_bots(rules, _table(bot, rules, seed), seed, max_hands,
                       observe=lambda v, d: out.append((v, d)))
    return out


# ---------------------------------------------------------------------- never illegal


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("bot", BOTS)
def test_never_illegal_at_every_seat(preset: str, bot: str) -> None:
    """The bot at every seat plays whole games (to the end or 15 hands) with legal actions only."""
    rules = Rules.preset(preset)
    for seed in range(6):
        g = play_with_bots(rules, _table(bot, rules, seed), seed, max_hands=15)
        assert g.phase in ("hand_over", "game_over")
        assert g.hand_results


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_never_illegal_mixed_table(preset: str) -> None:
    """Random, Easy and Medium side by side, every seating in turn, short games to the end."""
    rules = Rules.preset(preset, target=250)
    for shift in range(3):
        table = {s: make(BOTS[(s + shift) % 3], seed=s) for s in range(rules.players)}
        g = play_with_bots(rules, table, seed=shift + 100, max_hands=30)
        assert g.phase in ("hand_over", "game_over")


OPTIONS: dict[str, list[Any]] = {
    "auction": ["rounds", "single"],
    "misere_needs_seven": [True, False],
    "misere_stops_when_taken": [True, False],
    "open_misere_reveal": ["after_first_trick", "before_lead"],
    "all_pass": ["redeal", "play_no_trumps"],
    "opening_lead": ["declarer", "eldest"],
    "nt_joker": ["australian", "classic"],
    "misere_rank": ["after_sevens", "by_value"],
    "win": ["reach_500_any_way", "by_own_contract"],
}


@st.composite
def _rules(draw: st.DrawFn) -> Rules:
    name = draw(st.sampled_from(PRESET_NAMES))
    over = {k: draw(st.sampled_from(v)) for k, v in OPTIONS.items() if draw(st.booleans())}
    return Rules.preset(name, target=draw(st.sampled_from([150, 300])), **over)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=_rules(), seed=st.integers(0, 2**32), shift=st.integers(0, 2))
def test_never_illegal_option_mixes(rules: Rules, seed: int, shift: int) -> None:
    """Any mix of options, any seed: every bot's every action is legal."""
    table = {s: make(BOTS[(s + shift) % 3], seed=seed + s) for s in range(rules.players)}
    play_with_bots(rules, table, seed, max_hands=4)


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_never_illegal_on_random_views(preset: str, seed: int, steps: int) -> None:
    """Random legal play (wild auctions included) to a random point: every bot acts legally."""
    rules = Rules.preset(preset)
    g = Game(rules, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if g.phase == "hand_over":
            g.next_hand()
        elif g.phase == "game_over":
            break
        else:
            legal = g.legal_actions()
            g.apply("pass" if "pass" in legal and rng.below(3) else rng.choice(legal))
    if g.phase == "hand_over":
        g.next_hand()                  # (a finished hand's next deal: a live position)
    assume(g.to_move is not None)      # (a game over: no example, not a pass)
    assert g.to_move is not None
    view = g.view(g.to_move)
    for name in BOTS:
        assert make(name, seed=seed).act(view).action in view.legal_actions


def test_driver_catches_an_illegal_bot() -> None:
    """The driver itself refuses an illegal action (so the tests above would notice one)."""

    class Cheat:
        name = "cheat"

        def act(self, view: View) -> Decision:
            return Decision("10NT" if view.phase != "auction" else "AS")

    with pytest.raises(IllegalBotAction):
        play_with_bots(Rules.preset("australian"), {0: Cheat(), 1: Cheat(), 2: Cheat(),
                                                    3: Cheat()}, seed=1, max_hands=1)


# ---------------------------------------------------------------------- determinism


@pytest.mark.parametrize("bot", BOTS)
def test_same_view_same_seed_same_decision(bot: str) -> None:
    """A fresh bot with the same seed decides exactly as the one that played (candidates too)."""
    rules = Rules.preset("australian")
    seen: list[tuple[View, Decision]] = []
    for seed in range(3):
        table = {s: make(bot, seed=11) for s in range(4)}
        play_with_bots(rules, table, seed, max_hands=3, observe=lambda v, d: seen.append((v, d)))
    assert len(seen) > 20
    for view, decision in seen:
        assert make(bot, seed=11).act(view) == decision


def test_determinism_across_rebuilt_games() -> None:
    """A view rebuilt from a fresh game with the same seed and actions gets the same decision."""
    rules = Rules.preset("classic3")
    g1 = play_with_bots(rules, _table("medium", rules), seed=9, max_hands=1)
    actions = g1.actions
    g2 = Game(rules, seed=9)
    for i, a in enumerate(actions):
        if i % 5 == 0 and g2.to_move is not None:
            v1 = g2.view(g2.to_move)
            v2 = Game(rules, seed=9)
            for b in actions[:i]:
                v2.apply(b)
            view2 = v2.view(g2.to_move)
            for bot in BOTS:
                assert make(bot, 4).act(v1) == make(bot, 4).act(view2)
        g2.apply(a)


def test_different_seeds_may_differ() -> None:
    """Easy's random choices follow its seed: some decisions differ between two seeds."""
    rules = Rules.preset("australian")
    views = [v for v, _ in _views(rules, "easy", range(4), max_hands=1)]
    a, b = make("easy", seed=1), make("easy", seed=2)
    assert any(a.act(v) != b.act(v) for v in views)


# ---------------------------------------------------------------------- bad input


@pytest.mark.parametrize("bot", BOTS)
def test_finished_game_view_is_refused(bot: str) -> None:
    rules = Rules.preset("australian", target=100)
    g = play_with_bots(rules, _table("medium", rules), seed=3, max_hands=200)
    assert g.phase == "game_over"
    with pytest.raises(BotError, match="the game is over"):
        make(bot).act(g.view(0))


@pytest.mark.parametrize("bot", BOTS)
def test_hand_over_and_not_your_turn_are_refused(bot: str) -> None:
    rules = Rules.preset("australian")
    g = play_with_bots(rules, _table("easy", rules), seed=3, max_hands=1)
    with pytest.raises(BotError, match=r"the (hand|game) is over"):
        make(bot).act(g.view(0))
    g = Game(rules, seed=5)
    other = (g.to_move + 1) % 4 if g.to_move is not None else 0
    with pytest.raises(BotError, match="not seat"):
        make(bot).act(g.view(other))


@pytest.mark.parametrize("bot", BOTS)
def test_zero_budget_is_refused(bot: str) -> None:
    with pytest.raises(BotError, match="samples"):
        make(bot, budget=Budget(samples=0))
    with pytest.raises(BotError, match="seconds"):
        make(bot, budget=Budget(seconds=0))
    assert make(bot, budget=Budget(samples=5)).name == bot


# ---------------------------------------------------------------------- view only


@pytest.mark.parametrize("bot", BOTS)
def test_a_bot_refuses_a_game(bot: str) -> None:
    g = Game(Rules.preset("australian"), seed=1)
    with pytest.raises(BotError, match="View"):
        make(bot).act(g)  # type: ignore[arg-type]


def test_a_view_reaches_no_game() -> None:
    """Nothing reachable from a view is a Game (so no bot can climb to the hidden cards)."""
    g = play_with_bots(Rules.preset("australian"), {}, seed=2, max_hands=1)
    g.next_hand()
    for _ in range(20):
        g.apply(g.legal_actions()[0])
    view = g.view(g.to_move or 0)
    seen: set[int] = set()
    todo: list[object] = [view]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        assert not isinstance(obj, Game)
        todo.extend(gc.get_referents(obj))


def test_hidden_cards_do_not_change_a_decision() -> None:
    """Two deals that differ only in cards hidden from a seat give that seat the same decision.

    Mid-play, two unplayed cards of one suit are swapped between the two defenders and the
    hand is replayed: the declarer's view, and so every bot's decision, must not change.
    """
    rules = Rules.preset("australian")
    for seed in range(20):
        g1 = play_with_bots(rules, _table("medium", rules), seed=seed, max_hands=1)
        c = g1.contract
        if c is not None and not c.is_misere and len(g1.tricks) == 10:
            break
    assert c is not None
    actions, deal = g1.actions, g1.past_hands[0].deal
    cut = next(i for i in range(len(actions) - 16, 0, -1) if _mover(rules, deal, actions[:i])
               == c.declarer)
    g = _replay(rules, deal, actions[:cut])
    defenders = [s for s in range(4) if rules.side_of[s] != rules.side_of[c.declarer]]
    t = TABLES[c.strain]
    hands = list(deal.hands)
    for suit in range(4):
        x = g.hand(defenders[0]) & t.suit_mask[suit]
        y = g.hand(defenders[1]) & t.suit_mask[suit]
        if x and y:
            swap = (x & -x) | (y & -y)
            hands[defenders[0]] ^= swap
            hands[defenders[1]] ^= swap
            break
    assert hands != list(deal.hands)
    g2 = _replay(rules, type(deal)(deal.dealer, tuple(hands), deal.kitty), actions[:cut])
    assert g2.hand(defenders[0]) != g.hand(defenders[0])
    assert g2.view(c.declarer) == g.view(c.declarer)
    for bot in BOTS:
        assert make(bot, 3).act(g.view(c.declarer)) == make(bot, 3).act(g2.view(c.declarer))


def _replay(rules: Rules, deal: Any, actions: tuple[int, ...]) -> Game:
    g = Game(rules, deal=deal)
    for a in actions:
        g.apply(a)
    return g


def _mover(rules: Rules, deal: Any, actions: tuple[int, ...]) -> int | None:
    return _replay(rules, deal, actions).to_move


def test_no_bot_module_reaches_for_the_game() -> None:
    """The bots' code neither imports nor names ``Game`` (docstrings aside).

    Modules that rebuild *imagined* deals as Games for search (sampling, the PIMC bots) are
    the documented exception: they build games of sampled hidden cards from the view.
    """
    allowed = {"sampling.py", "pimc.py"}
    offenders = []
    for path in sorted(Path(bots_pkg.__file__).parent.glob("*.py")):
        if path.name in allowed:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if mod.endswith("game") or any(a.name == "Game" for a in node.names):
                    offenders.append(f"{path.name}: from {mod} import ...")
            elif isinstance(node, ast.Name) and node.id == "Game":
                offenders.append(f"{path.name}: uses Game")
            elif isinstance(node, ast.Attribute) and node.attr in ("Game", "game"):
                offenders.append(f"{path.name}: .{node.attr}")
    assert offenders == []
    for name in ("easy.py", "medium.py", "hand_eval.py", "random_bot.py"):
        text = (Path(bots_pkg.__file__).parent / name).read_text()
        assert "Game(" not in text and "from ..game" not in text


# ---------------------------------------------------------------------- behaviour

LOW_HAND = ["5S", "6S", "7S", "5C", "6C", "7C", "4D", "5D", "6D", "4H"]


def test_easy_never_bids_misere() -> None:
    rules = Rules.preset("classic4")          # misère may open the auction here
    easy = make("easy", seed=1)
    for seed in range(150):
        g = Game(rules, seed=seed)
        while g.phase == "auction":
            v = g.view(g.to_move or 0)
            d = easy.act(v)
            assert d.action not in ("misere", "open-misere")
            g.apply(d.action)
    g = Game(rules, deal=make_deal(rules, {1: LOW_HAND}, dealer=0))
    assert "misere" in g.legal_actions()
    assert easy.act(g.view(1)).action not in ("misere", "open-misere")


@pytest.mark.parametrize("preset", ["australian", "classic4", "classic3"])
def test_medium_bids_misere_on_a_low_hand(preset: str) -> None:
    rules = Rules.preset(preset)
    n = rules.players
    g = Game(rules, deal=make_deal(rules, {2 % n: LOW_HAND if n > 3 else
                                           ["7S", "8S", "7C", "8C", "7D", "8D", "9D",
                                            "7H", "8H", "9C"]}, dealer=0))
    if rules.misere_needs_seven:
        g.apply("7S")                           # seat 1 opens 7S: misère may overcall it
    else:
        g.apply("pass")
    seat = g.to_move
    assert seat == 2 % n
    view = g.view(seat)
    assert "misere" in view.legal_actions
    d = make("medium", seed=0).act(view)
    assert d.action in ("misere", "open-misere"), d
    values = {c.action: c for c in d.candidates}
    assert values["misere"].make_probability is not None
    assert values["misere"].make_probability > 0.5


def test_medium_does_not_bid_misere_with_a_strong_hand() -> None:
    rules = Rules.preset("classic4")
    strong = ["JK", "JH", "JD", "AH", "KH", "AS", "AC", "AD", "KS", "QH"]
    g = Game(rules, deal=make_deal(rules, {1: strong}, dealer=0))
    d = make("medium").act(g.view(1))
    assert d.action not in ("misere", "open-misere", "pass")
    assert misere_danger(mask_of(strong), rules.deck_mask) > 3


def _to_kitty(rules: Rules, hand: list[str], kitty: list[str], bid: str) -> Game:
    """Seat 1 (eldest) holds ``hand``, bids ``bid`` and everyone passes: seat 1 takes the kitty."""
    g = Game(rules, deal=make_deal(rules, {1: hand}, dealer=0, kitty=kitty))
    g.apply(bid)
    while g.phase == "auction":
        g.apply("pass")
    assert g.phase == "kitty" and g.to_move == 1
    return g


def test_medium_discards_to_make_a_void() -> None:
    rules = Rules.preset("australian")
    hand = ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "AS", "5C", "6C"]
    g = _to_kitty(rules, hand, ["4D", "7S", "8S"], "8H")
    medium = make("medium")
    thrown = []
    while g.phase == "kitty":
        a = medium.act(g.view(1)).action
        thrown.append(a)
        g.apply(a)
    assert sorted(thrown) == ["4D", "5C", "6C"]
    lengths = suit_lengths(g.hand(1), HEARTS)
    assert lengths[1] == 0 and lengths[2] == 0            # void in clubs and diamonds


def test_medium_misere_discards_throw_the_danger() -> None:
    rules = Rules.preset("classic4")
    hand = ["5S", "6S", "7S", "5C", "6C", "7C", "4D", "5D", "AH", "KH"]
    g = _to_kitty(rules, hand, ["JK", "4H", "QD"], "misere")
    medium = make("medium")
    thrown = []
    while g.phase == "kitty":
        a = medium.act(g.view(1)).action
        thrown.append(a)
        g.apply(a)
    assert sorted(thrown) == ["AH", "JK", "KH"]


def _position(rules: Rules, hands: dict[int, list[str]], bid: str, plays: list[str],
              kitty: list[str]) -> Game:
    """Seat 0 (eldest, dealer 3) bids ``bid``, throws the kitty back, then ``plays`` are made."""
    g = Game(rules, deal=make_deal(rules, hands, dealer=3, kitty=kitty))
    g.apply(bid)
    while g.phase == "auction":
        g.apply("pass")
    for c in kitty:
        g.apply(c)
    for p in plays:
        g.apply(p)
    return g


def test_medium_second_hand_low() -> None:
    rules = Rules.preset("australian")
    hands = {0: ["7S", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"],
             1: ["KS", "6S", "5C", "6C", "7C", "8C", "4D", "5D", "6D", "7D"],
             2: ["AS", "9S"]}
    g = _position(rules, hands, "8H", ["7S"], kitty=["5S", "4H", "9C"])
    d = make("medium").act(g.view(1))
    assert d.action == "6S", d                # the king would fall to the ace behind
    # ...but with the ace itself it takes the trick.
    hands = {0: hands[0], 1: ["AS", "6S", *hands[1][2:]], 2: ["KS", "9S"]}
    g = _position(rules, hands, "8H", ["7S"], kitty=["5S", "4H", "9C"])
    assert make("medium").act(g.view(1)).action == "AS"


def test_medium_third_hand_high_and_wins_cheaply() -> None:
    rules = Rules.preset("australian")
    hands = {0: ["7S", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"],
             1: ["9S", "5C", "6C", "7C", "8C", "9C", "4D", "5D", "6D", "7D"],
             2: ["KS", "QS", "5S", "10C", "JC", "QC", "8D", "9D", "10D", "QD"], 3: ["AS"]}
    g = _position(rules, hands, "8H", ["7S", "9S"], kitty=["4H", "KC", "KD"])
    assert make("medium").act(g.view(2)).action == "QS"   # the queen does what the king would


def test_medium_does_not_overtake_a_winning_partner() -> None:
    rules = Rules.preset("australian")
    hands = {0: ["AC", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"],
             1: ["5C", "5S", "6S", "7S", "8S", "9S", "4D", "5D", "6D", "7D"],
             2: ["KC", "6C", "4H"]}
    g = _position(rules, hands, "8H", ["AC", "5C"], kitty=["10S", "JS", "10D"])
    d = make("medium").act(g.view(2))
    assert d.action != "KC" and d.action.endswith("C"), d
    # Void in clubs with a trump: it does not ruff its partner's ace either.
    hands[2] = ["4H", "8D", "9D", "10D", "QD", "KD", "AD", "10S", "JS", "QS"]
    hands[3] = ["KC", "6C"]
    g = _position(rules, hands, "8H", ["AC", "5C"], kitty=["KS", "AS", "6H"])
    d = make("medium").act(g.view(2))
    assert d.action != "4H" and d.action in g.legal_actions(), d


def test_medium_ruffs_when_void() -> None:
    rules = Rules.preset("australian")
    hands = {0: ["AS", "KS", "QS", "5C", "6C", "7C", "4D", "5D", "6D", "7D"],
             1: ["4H", "5H", "8D", "9D", "10D", "JD", "QD", "KD", "AD", "8C"]}
    g = _position(rules, hands, "6H", ["AS"], kitty=["9C", "10C", "JC"])
    d = make("medium").act(g.view(1))
    assert d.action == "4H", d                   # the cheapest trump takes the ace
    assert d.candidates[0].action == "4H" and d.candidates[0].value == max(
        c.value for c in d.candidates)


def test_medium_misere_declarer_plays_the_highest_losing_card() -> None:
    rules = Rules.preset("classic4")
    hands = {0: ["7S", "9S", "JS", "5C", "6C", "7C", "4D", "5D", "6D", "4H"],
             1: ["KD", "10S"], 3: ["8D", "5S"]}
    # The declarer leads 4D, seat 1 wins with KD (seat 2 sits out), then leads 10S.
    g = _position(rules, hands, "misere", ["4D", "KD", "8D", "10S", "5S"],
                  kitty=["AC", "KC", "QC"])
    assert g.to_move == 0 and g.sitting_out == (2,)
    d = make("medium").act(g.view(0))
    assert d.action == "9S", d


def test_a_misere_declarers_leads_say_their_chances_apart() -> None:
    """Each lead's note says how often it takes the trick (it said "leads low" of a queen)
    and the danger it leaves in the hand; leads whose chances differ differ in the hint's
    one-decimal column (it showed 0.0 for leads taking it 0%, 1%, 2% and 4% of the time),
    and a lead no likelier to take the trick that leaves no more danger ranks above."""
    rules = Rules.preset("classic4")
    hands = {0: ["7S", "9S", "QS", "5C", "6C", "9C", "4D", "5D", "JD", "4H"]}
    g = _position(rules, hands, "misere", [], kitty=["AC", "KC", "QC"])
    assert g.to_move == 0
    d = make("medium").act(g.view(0))
    notes = {c.action: c.note for c in d.candidates}
    said = {a: re.fullmatch(r"led: wins the trick (\d+)%, leaves danger (\d+\.\d+)", n)
            for a, n in notes.items()}
    assert all(said.values()), notes
    chance = {a: int(m.group(1)) for a, m in said.items() if m}
    danger = {a: float(m.group(2)) for a, m in said.items() if m}
    shown = {c.action: round(c.value, 1) for c in d.candidates}
    assert len(set(chance.values())) > 2, chance
    for a, b in combinations(chance, 2):
        if chance[a] != chance[b]:
            assert shown[a] != shown[b], (a, b, chance, shown)
        if (chance[a], danger[a]) != (chance[b], danger[b]) and \
                chance[a] <= chance[b] and danger[a] <= danger[b]:
            assert shown[a] > shown[b], (a, b, chance, danger, shown)


def test_medium_misere_declarer_sure_to_take_a_trick_sheds_its_highest() -> None:
    """Playing on after a taken trick (classic), a trick taken whatever it plays takes the king."""
    rules = Rules.preset("classic4")
    assert not rules.misere_stops_when_taken
    hands = {0: ["9S", "KS", "5C", "6C", "7C", "4D", "5D", "6D", "4H", "5H"],
             1: ["KD", "5S"], 3: ["8D", "6S"]}
    # The declarer leads 4D, seat 1 wins with KD (seat 2 sits out) and leads 5S; seat 3
    # follows 6S and the declarer, last to play with 9S and KS, must go over.
    g = _position(rules, hands, "misere", ["4D", "KD", "8D", "5S", "6S"],
                  kitty=["AC", "KC", "QC"])
    assert g.to_move == 0
    d = make("medium").act(g.view(0))
    assert d.action == "KS", d


def test_medium_leads_into_the_open_misere_hand() -> None:
    """Against an open misère a defender leads the low card the declarer must go over."""
    rules = Rules.preset("classic4", open_misere_reveal="before_lead", opening_lead="eldest")
    hands = {2: ["QS", "5C", "6C", "7C", "4D", "5D", "6D", "4H", "5H", "6H"],
             1: ["5S", "AC", "KC", "QC", "AD", "KD", "QD", "AH", "KH", "QH"]}
    g = Game(rules, deal=make_deal(rules, hands, dealer=0, kitty=["JC", "JD", "JH"]))
    for a in ("pass", "open-misere", "pass", "pass", "JC", "JD", "JH"):
        g.apply(a)
    assert g.phase == "play" and g.to_move == 1 and g.sitting_out == (0,)
    view = g.view(1)
    assert view.exposed and view.exposed[0][0] == 2
    d = make("medium").act(view)
    assert d.action == "5S", d


def test_medium_names_its_long_suit_with_the_joker() -> None:
    rules = Rules.preset("australian")
    hands = {0: ["JK", "AS", "KS", "QS", "10S", "9S", "AC", "AD", "AH", "5H"]}
    g = _position(rules, hands, "8NT", [], kitty=["4D", "5D", "6D"])
    d = make("medium").act(g.view(0))
    jokers = [c for c in d.candidates if c.action.startswith("JK:")]
    assert len(jokers) == 4
    assert max(jokers, key=lambda c: c.value).action == "JK:S"


def test_medium_stays_under_a_winning_misere_declarer() -> None:
    rules = Rules.preset("classic4")
    hands = {0: ["9S", "4H", "5H", "6H", "5C", "6C", "7C", "4D", "5D", "6D"],
             1: ["10S", "8S", "5S", "AC"]}
    g = _position(rules, hands, "misere", ["9S"], kitty=["KH", "QH", "JH"])
    d = make("medium").act(g.view(1))
    assert d.action == "8S", d                    # highest card under the declarer's nine


def test_medium_minds_the_score() -> None:
    """Near the target a cheap contract is worth bidding; where defence can win, passing is."""
    rules = Rules.preset("australian")                  # by_own_contract
    g = Game(rules, seed=1)
    view = g.view(g.to_move or 0)
    near = [0, 0]
    near[rules.side_of[view.seat]] = 470
    medium = make("medium")
    assert medium.act(view).action == "pass"
    bid = medium.act(dataclasses.replace(view, scores=tuple(near))).action
    assert bid != "pass" and bid.startswith("6")
    # Where defenders' trick points win too, a side 30 short would rather defend.
    any_way = dataclasses.replace(view, scores=tuple(near),
                                  rules=rules.replace(win="reach_500_any_way"))
    assert medium.act(any_way).action == "pass"


def test_partner_bid_adds_to_its_strain() -> None:
    rules = Rules.preset("australian")
    g = Game(rules, seed=4)
    first = g.to_move or 0
    g.apply("7H")
    g.apply("pass")
    view = g.view(g.to_move or 0)
    assert rules.side_of[view.seat] == rules.side_of[first]
    help_ = partner_help(view)
    assert help_[HEARTS] - help_[SPADES] == pytest.approx(0.8)


def test_easy_is_careless_a_few_percent_of_the_time() -> None:
    """Easy and a never-careless Easy disagree on between 1% and 15% of the plays with a choice."""
    rules = Rules.preset("australian")
    views = [v for v, _ in _views(rules, "easy", range(25), max_hands=2)
             if v.phase == "play" and len(v.legal_actions) > 1]
    assert len(views) > 500
    careless, careful = EasyBot(seed=7), EasyBot(seed=7, careless=0.0)
    differ = sum(careless.act(v).action != careful.act(v).action for v in views)
    assert 0.01 <= differ / len(views) <= 0.15
    reasons = sum(careless.act(v).reason == "careless" for v in views)
    assert reasons == differ


def test_medium_beats_easy_on_a_few_deals() -> None:
    """A smoke check of strength: Medium's side outscores Easy's over both seatings."""
    rules = Rules.preset("australian")
    total = 0
    for seed in range(30):
        for medium_side in (0, 1):
            table = {s: (MediumBot(seed=s) if s % 2 == medium_side else EasyBot(seed=s))
                     for s in range(4)}
            g = play_with_bots(rules, table, seed, max_hands=1)
            pts = g.hand_results[-1].points
            total += pts[medium_side] - pts[1 - medium_side]
    assert total > 0


def test_rules_of_the_test_deals() -> None:
    assert mask_of(LOW_HAND) & Rules.preset("australian").deck_mask == mask_of(LOW_HAND)
    assert HEARTS == 3 and SPADES == 0


@pytest.mark.parametrize("preset, seed, tokens", [
    # the declarer's KH would draw his partner's JH, the last trump outside his hand
    ("australian", 267, "7H pass pass pass 8C JS 5D JK 4H 7H 10H 6H 5H JD 4D QS 8S 8H 6S QH 7C "
                        "9H 5C"),
    # the declarer would cash the joker, then have no trump left to ruff with
    ("classic3", 137, "pass 7H 7NT 8H pass 7S 8D QD AH 9H QH JD 7D KH JH 8S 7C 7H 9S 9C 8H JC "
                      "9D 10H JS 10C"),
])
def test_medium_keeps_its_trumps_once_the_opponents_show_out_of_them(
        preset: str, seed: int, tokens: str) -> None:
    """Once every opponent has shown out of trumps, a trump wins whenever it is played: Medium
    leads its other cards first (it used to lead the trump, a sure winner now)."""
    g = Game(Rules.preset(preset), seed=seed)
    for tok in tokens.split():
        g.apply(tok)
    seat = g.to_move
    assert seat is not None and g.phase == "play"
    v = g.view(seat)
    c = v.contract
    assert c is not None and not v.trick
    table = TABLES[c.strain]
    trumps = {x for x in v.hand if table.eff_suit[card_from_token(x)] == c.strain}
    assert trumps and set(v.hand) - trumps
    sides = v.rules.side_of
    opponents = [s for s in range(v.rules.players) if sides[s] != sides[seat]]
    assert all(SUIT_LETTERS[c.strain] in v.shown_voids[s] for s in opponents), v.shown_voids
    d = make("medium", seed=seed * 10 + seat).act(v)
    assert d.action not in trumps, (d.action, d.reason)
