"""The terminal table's review against double dummy: your cards valued as the analysis values
them, no review while a hand hides cards, and every card of the hand in turn (opened from your
review) with the count after it, the costs adding up from double dummy to the tricks taken."""

from __future__ import annotations

import re

import pytest

from fivehundred import Game, Rules
from fivehundred.actions import token_of
from fivehundred.console.narration import Narrator
from fivehundred.rng import Rng
from fivehundred.solver import solve
from fivehundred.solver.analysis import ReviewError, best_cards, card_values, review_hand
from fivehundred.tui.screens import Dialog, hand_over_dialog
from tuiclient import (
    SIZE,
    bidder,
    check_no_leak,
    click,
    quick_app,
    run,
    screen_text,
    settle,
    take,
)

CARD = re.compile(r"(You|North|East|South|West) (\S+) (\d+)(?: \(gave (\d+); best [^)]*\))?")


def _plain(markup: str) -> str:
    return re.sub(r"\[[^\]]*\]", "", markup)


def test_every_card_of_the_hand_in_turn_from_your_review() -> None:
    async def go() -> None:
        app = quick_app("australian", 11, "easy")
        choose = bidder(Rng(5))
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(6):                   # hands until one is played out
                await settle(app, pilot)
                while not isinstance(app.screen, Dialog):
                    await take(app, pilot, choose(app.view()))
                    await settle(app, pilot)
                if app.screen.query("#review"):      # (none for a hand thrown in)
                    await click(pilot, "#review")
                    await settle(app, pilot)
                    if app.screen.query("#every"):
                        break
                await click(pilot, "#next")
            else:
                raise AssertionError("no hand of six was played out")
            await click(pilot, "#every")
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, Dialog) and screen.title_text == \
                f"Hand {app.game.hand_number + 1}, every card against double dummy"
            check_no_leak(app)
            body = _plain(screen.body)
            rows = [x for x in body.splitlines() if x.startswith("  trick ")]
            assert [int(x.split()[1]) for x in rows] == list(range(1, 11))
            cards = [m for x in rows for m in CARD.findall(x)]
            assert len(cards) == 40 and all(len([c for c in CARD.findall(x)]) == 4 for x in rows)
            assert sorted({name for name, *_ in cards}) == ["East", "North", "West", "You"]
            # the count after each card moves only by what that card gave away
            counts = [int(n) for _, _, n, _ in cards]
            gave = [int(g or 0) for *_, g in cards]
            for before, after, g in zip(counts, counts[1:], gave[1:], strict=False):
                assert abs(after - before) == g
            g = app.game
            c = g.contract
            assert c is not None
            side = [s for s in range(4) if app.rules.side_of[s] == app.rules.side_of[c.declarer]]
            assert counts[-1] == sum(g.tricks_won[s] for s in side)
            total = re.search(r"Tricks given away: (.*)\.", body)
            assert total is not None and total.group(1).startswith("You ")
            given = {name: int(n) for name, n in re.findall(r"(\w+) (\d+)", total.group(1))}
            for name in given:
                assert given[name] == sum(int(x or 0) for n, _, _, x in cards if n == name)
            await click(pilot, "#review")         # back to your own cards
            await settle(app, pilot)
            assert "Your cards" in screen_text(app) and app.screen.query("#every")
            await click(pilot, "#back")
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and app.screen.query("#next")
    run(go())


def _played_out(preset: str, seed: int, first_bid: str | None = None) -> Game:
    """A hand of ``preset`` played to its end by seeded random choices (seat 0 bidding
    ``first_bid`` if given, after a 7S if it needs one; the others passing)."""
    g = Game(Rules.preset(preset), seed=seed)
    rng = Rng(seed)
    while g.phase not in ("hand_over", "game_over"):
        legal = g.legal_actions()
        if g.phase == "auction" and first_bid is not None:
            # someone opens 7S if the bid must wait for one (misère), seat 0 bids it
            opened = any(t != "pass" for _, t in g.view(0).auction)
            g.apply(first_bid if g.to_move == 0 and first_bid in legal
                    else "7S" if not opened and "7S" in legal and g.to_move != 0 else "pass")
        elif g.phase == "auction":
            g.apply("pass" if rng.below(4) else legal[0])
        else:
            g.apply(legal[rng.below(len(legal))])
    return g


@pytest.mark.parametrize("preset", ["australian", "classic3", "five_called"])
def test_the_review_values_your_cards_as_the_analysis_does(preset: str) -> None:
    reviewed = 0
    for seed in range(3):
        g = _played_out(preset, seed, first_bid="7NT" if seed == 0 else None)
        try:
            r = review_hand(g, seat=0)
        except ReviewError as e:
            assert "thrown in" in str(e)
            continue
        reviewed += 1
        replay_g = Game(g.rules, seed=0, deal=g.deal)
        mine = iter(r.plays)
        solved = False
        for a in g.actions:
            if replay_g.phase == "play" and not solved and g.contract is not None:
                assert solve(replay_g).tricks == r.double_dummy     # at the first lead
                solved = True
            if replay_g.phase == "play" and replay_g.to_move == 0:
                p = next(mine)
                values = card_values(replay_g)
                best = best_cards(replay_g, values)
                assert p.card == token_of(a) and p.value == values[p.card]
                assert p.taken == sum(replay_g.tricks_won[s] for s in r.counted)
                assert p.best == best and (p.cost == 0) == (p.card in best)
                assert p.cost is not None and p.cost >= 0
            replay_g.apply(a)
        assert next(mine, None) is None
        assert r.taken == sum(replay_g.tricks_won[s] for s in r.counted)
    assert reviewed >= 2


def test_no_review_of_a_hand_with_unseen_cards() -> None:
    with pytest.raises(ReviewError, match="still being played"):
        review_hand(Game(Rules.preset("australian"), seed=1), seat=0)
    thrown = Game(Rules.preset("australian"), seed=1)
    for _ in range(4):
        thrown.apply("pass")
    assert thrown.phase == "hand_over"
    with pytest.raises(ReviewError, match="thrown in"):
        review_hand(thrown, seat=0)
    stopped = made = False
    for seed in range(300):
        g = _played_out("australian", seed, first_bid="misere")
        c = g.contract
        if c is None or not c.is_misere:
            continue
        out = set(g.view(0).sitting_out)
        assert out, "the declarer's partner sits out a misère"
        seat = (c.declarer + 1) % 4
        sheet = hand_over_dialog(g.view(seat), Narrator(g.rules, seat))
        # the sheet offers a review only where there is one
        assert ("review" in dict(sheet.buttons)) == ("v" in sheet.keys) \
            == g.hand_results[-1].played_out == (g.tricks_won[c.declarer] == 0)
        if g.tricks_won[c.declarer] > 0 and not stopped:
            with pytest.raises(ReviewError, match="before every card was played"):
                review_hand(g, seat=seat)
            stopped = True
        elif g.tricks_won[c.declarer] == 0 and not made:
            # made: the three who played played every card (the partner sat out)
            r = review_hand(g, seat=seat)
            assert r.counted == (c.declarer,) and r.needed == 0 and r.taken == 0
            partner_cards = set(Game(g.rules, seed=0, deal=g.deal).view(next(iter(out))).hand)
            named = {p.card for p in r.plays} | {b for p in r.plays for b in p.best}
            assert not named & partner_cards
            made = True
        if stopped and made:
            return
    raise AssertionError(f"in 300 deals: a misère stopped early {stopped}, made {made}")


def test_the_declarers_review_dialog_sets_his_discard_beside_the_best() -> None:
    from rich.text import Text

    from fivehundred.tui.screens import review_dialog

    g = Game(Rules.preset("australian"), seed=4)
    g.apply("10NT")                         # seat 1 speaks first here; the rest pass
    rng = Rng(4)
    while g.phase not in ("hand_over", "game_over"):
        legal = g.legal_actions()
        g.apply("pass" if g.phase == "auction" else legal[rng.below(len(legal))])
    c = g.contract
    assert c is not None
    r = review_hand(g, c.declarer)
    assert r.discard is not None
    body = review_dialog(r, Narrator(g.rules, c.declarer)).body
    plain = Text.from_markup(body).plain
    assert "Your discard (" in plain and "double dummy" in plain
    other = (c.declarer + 1) % 4
    body = review_dialog(review_hand(g, other), Narrator(g.rules, other)).body
    assert "discard" not in Text.from_markup(body).plain


@pytest.mark.parametrize("key", ["v", "e"])
def test_the_review_keys_say_when_the_review_comes(key: str) -> None:
    """In the middle of a hand v and e (EVERY CARD, in the help) say the review comes when the
    hand is over, as the other keys at a wrong moment say why: e did nothing, in silence."""
    async def go() -> None:
        app = quick_app("australian", seed=12, bots="easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert app.view().phase == "auction"
            await pilot.press(key)
            await settle(app, pilot)
            # (the notice as the other tests read it: Textual draws no toast headless)
            assert [str(n.message) for n in app._notifications] == [
                "The review comes when the hand is over."]
            assert app.screen is app.screen_stack[0]        # no dialog, nothing solved

    run(go())


def test_the_game_over_dialog_says_how_the_last_hand_was_scored() -> None:
    """As the browser's game end: the last hand's lines (a called partner's half, the
    defenders' tricks) under the contracts of the game."""
    from fivehundred.tui.screens import game_over_dialog
    from fivehundred.web.state import sheet_json
    from helpers import play_game

    g = play_game(Rules.preset("five_called"), seed=3)
    assert g.phase == "game_over"
    n = Narrator(g.rules, 0)
    body = _plain(game_over_dialog(g.view(0), n).body).splitlines()
    sheet = sheet_json(g.view(0), list(n.names))
    at = body.index(f"The last hand (hand {len(g.hand_results)})")
    assert body[at + 1:] == sheet["lines"] and sheet["lines"]
