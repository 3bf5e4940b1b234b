"""The Last trick popover on a phone covers no seat: on its side (844x390) it opened at the
right above the bar, over East's name and cards; it now opens in the room nearest there that
the seats, the plaques, the trick and the bar leave free (upright too)."""

from __future__ import annotations

import pytest

from browser import (
    phone_page,
    settle,
    start_game,
    take_turn,
    wait_turn,
)
from layout_probes import boxes, inside, meet, screen


@pytest.mark.parametrize("phone", ["sideways", "upright"])
def test_the_last_trick_covers_no_seat(server: str, phone: str) -> None:
    with phone_page(phone) as page:
        start_game(page, server, "australian")
        while (phase := wait_turn(page)) != "play" or not page.evaluate(
                "window.fivehundred.app.state.view.tricks.length"):
            take_turn(page, phase)
        settle(page)
        page.tap("#last-trick-button")
        page.wait_for_selector("#last-trick:not([hidden])")
        (pop,) = boxes(page, "#last-trick")
        seats = boxes(page, "#seats .seat-plaque, #seats .seat-cards, #seats .bubble, "
                            "#seats .role-chip")
        assert len(seats) >= 4 and not [s for s in seats if meet(pop, s)], (pop, seats)
        assert inside(pop, screen(page))
        page.tap("#hand", position={"x": 5, "y": 5})  # a tap outside closes it
        page.wait_for_selector("#last-trick", state="hidden")
