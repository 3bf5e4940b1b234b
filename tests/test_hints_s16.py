"""A discard's hint writes its cards in the hand's order, as the tables show a hand and the
review writes a discard (docs/analysis.md: "A discard is written in one order wherever it
appears"): the hint said "Discard 6♠, 7♠ & 5♣" where the review said "the best, 5♣ 7♠ 6♠",
and a student did not see they were the same three cards."""

from __future__ import annotations

from fivehundred import Game, Rules
from fivehundred.bots import Budget
from fivehundred.bots.hints import discard_of, hint
from fivehundred.tricks import sort_tokens
from fivehundred.web.botpool import advise


def test_a_discards_hint_is_in_the_hands_order_in_its_advice_and_every_row() -> None:
    g = Game(Rules.preset("australian"), seed=2)
    g.apply("7C")
    while g.phase == "auction":
        g.apply("pass")
    view = g.view(g.to_move)
    d = hint(view, seed=1, budget=Budget(samples=4))
    assert d.plan == ("QS", "6S", "5S")                      # (the bot's own: 5S 6S QS)
    for c in d.candidates:
        cards = discard_of(c)
        assert cards and list(cards) == sort_tokens(cards, 1), c
    assert d.action in d.plan and d.action in view.legal_actions
    msg = advise(view, 1)
    assert msg["words"] == "Discard Q♠, 6♠ & 5♠"
    assert msg["text"].startswith("Discard Q♠ 6♠ 5♠")
    assert sorted(msg["cards"]) == sorted(d.plan)
