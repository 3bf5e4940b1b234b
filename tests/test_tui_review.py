"""The terminal table's review of every card: opened from your review, every card of the hand
in turn with the count after it, the costs adding up from double dummy to the tricks taken."""

from __future__ import annotations

import re

from fivehundred.rng import Rng
from fivehundred.tui.screens import Dialog
from test_tui import SIZE, bidder, check_no_leak, click, quick_app, run, screen_text, settle, take

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
                "Every card against double dummy"
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
