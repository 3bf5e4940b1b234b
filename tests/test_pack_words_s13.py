"""A pack is named by its cards in every refusal ("the 43-card pack", as a record's reading
says it), not "the 43 pack": a deal's card, a card played, discarded or called, and the
rules whose pack has too many or too few cards for the hands dealt."""

from __future__ import annotations

import pytest

from fivehundred import Game, Rules
from fivehundred.dealing import Deal
from fivehundred.errors import DealError, IllegalActionError, RulesError


def test_a_deals_card_not_in_the_pack() -> None:
    with pytest.raises(DealError, match=r"card 2S is not in the 43-card pack$"):
        Game("australian", deal=Deal(0, (1, 2, 3, 4), 0))


def test_a_discard_and_a_play_not_in_the_pack() -> None:
    g = Game(Rules.preset("classic3"), seed=5)
    while g.phase == "auction":
        g.apply("6S" if not g.auction else "pass")
    with pytest.raises(IllegalActionError, match=r"^cannot discard 2S: 2S is not in the "
                                                 r"33-card pack$"):
        g.apply("2S")
    while g.phase == "kitty":
        g.apply(g.legal_actions()[0])
    assert g.phase == "play"
    with pytest.raises(IllegalActionError, match=r"2S is not in the 33-card pack$"):
        g.apply("2S")


@pytest.mark.parametrize(("overrides", "message"), [
    ({"deck": "24"}, r"^the 24-card pack has too few cards for 4 hands of ten and a kitty: "
                     r"with 4 hands dealt, use the 43-card pack \(or the 45-card pack\)$"),
    ({"deck": "53"}, r"^the 53-card pack leaves 13 cards for the kitty .*: with 4 hands dealt, "
                     r"use the 43-card pack \(or the 45-card pack\)$"),
    ({"players": 3, "teams": "none", "deck": "43"}, r"use the 33-card pack$"),
    ({"players": 2, "teams": "none", "deck": "43"},
     r"use the 24-card pack \(or the 33-card pack with dead_hand=true\)$"),
    ({"players": 5, "teams": "none", "deck": "63"}, r"use the 53-card pack$"),
    ({"players": 6, "teams": "none", "deck": "43"}, r"^the 43-card pack has too few cards"),
])
def test_rules_name_the_pack_by_its_cards(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.preset("australian", **overrides)
