"""The cloth on the smallest terminal (80x24) with five or six players: every seat's name in
sight, in every phase, and every card of the trick by its own seat's name (never on your row)."""

from __future__ import annotations

import re

import pytest

from fivehundred import Game, Rules
from fivehundred.console.display import pretty
from fivehundred.console.narration import Narrator
from fivehundred.tui import TableApp
from fivehundred.tui.cloth import cloth_text
from fivehundred.tui.texts import MIN_SIZE
from fivehundred.view import View
from tuiclient import quick_app, run, screen_text, take, your_turns


def _find(rows: list[str], text: str) -> list[tuple[int, int]]:
    """Where ``text`` stands whole in ``rows`` (row, first column): not inside a longer name
    ("North" in "North-West") or a longer card ("0♠" in "10♠")."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])")
    return [(y, m.start()) for y, row in enumerate(rows) for m in pattern.finditer(row)]


def check_places(rows: list[str], view: View, names: list[str],
                 trick: list[tuple[int, str]], where: str) -> None:
    """Each seat's name is drawn once, whole; each card of ``trick`` is on the line next to
    its own seat's name (a framed card's edge is), centred on it, the nearest name to it;
    and no card is on your name's line (another seat's card there reads as yours)."""
    text = "\n".join(rows)
    places: dict[int, tuple[int, float]] = {}
    for seat, name in enumerate(names):
        label = name + (" (out)" if seat in view.sitting_out else "")
        found = _find(rows, label)
        assert len(found) == 1, f"{where}: {label!r} drawn {len(found)} times\n{text}"
        y, x = found[0]
        places[seat] = (y, x + len(label) / 2)
    you_row = places[view.seat][0]
    for seat, tok in trick:
        face = pretty(tok.split(":")[0])
        found = _find(rows, face)
        assert len(found) == 1, f"{where}: card {face} drawn {len(found)} times\n{text}"
        y, x = found[0]
        centre = x + len(face) / 2
        ny, nx = places[seat]
        framed = "│" in rows[y][max(x - 2, 0):x]        # its face two lines from the name
        assert abs(ny - y) == 1 + framed and abs(nx - centre) <= 3, (
            f"{where}: {names[seat]}'s {face} is not by its name\n{text}")
        nearest = min(places, key=lambda s: (abs(places[s][0] - y) + abs(places[s][1] - centre)
                                             / 4))
        assert nearest == seat, f"{where}: {face} is nearer {names[nearest]}\n{text}"
        assert seat == view.seat or y != you_row, (
            f"{where}: {names[seat]}'s {face} is on your line\n{text}")


@pytest.mark.parametrize("preset", ["two_24", "classic3", "australian", "five_called",
                                    "six_pairs", "six_threes"])
def test_every_card_of_a_trick_lies_by_its_own_seats_name_at_any_height(preset: str) -> None:
    """cloth_text alone, 4 to 12 lines and two widths, each seat having played: each card by
    its seat's name.  Under 8 lines the cloth drew the seats beside you with their card
    under the name, on the line of your name ("You  [10♥]", South-East's card)."""
    rules = Rules.preset(preset)
    v = Game(rules, seed=3).view(0)
    names = [Narrator(rules, 0).name(s) for s in range(rules.players)]
    trick = list(zip(range(rules.players), ["AS", "KH", "QD", "JC", "10S", "9H"],
                     strict=False))
    for width in (46, 60):
        for height in range(4, 13):
            rows = cloth_text(v, names, trick, None, width, height).plain.splitlines()
            check_places(rows, v, names, trick, f"{width}x{height}")


def _cloth_rows(app: TableApp) -> list[str]:
    """The cloth's lines as the terminal shows them."""
    box = app.query_one("#cloth").region
    return [line[box.x:box.right] for line in screen_text(app).splitlines()[box.y:box.bottom]]


@pytest.mark.parametrize("preset, bid", [("two_24", "10NT"), ("classic3", "10NT"),
                                         ("australian", "10NT"), ("five_called", "10NT"),
                                         ("six_pairs", "10NT"), ("six_threes", "misere")])
def test_at_eighty_by_twenty_four_every_seat_is_on_the_cloth_in_every_phase(
        preset: str, bid: str) -> None:
    """At 80x24 with five or six players the lines above the cloth (the contract, the
    auction's record) left it two or three lines: in the auction only the seats across the
    table were drawn (not South-West, South-East or You), in the kitty phase You was cut
    off.  The cloth keeps the four lines it needs; the record above it is shortened (its
    oldest rounds first: the log and the seats' panels keep every bid)."""
    async def go() -> None:
        app = quick_app(preset, 3, "easy")
        names = [app.narrator.name(s) for s in range(app.rules.players)]
        async with app.run_test(size=MIN_SIZE) as pilot:
            seen: dict[str, int] = {}
            async for v in your_turns(app, pilot):
                rows = _cloth_rows(app)
                check_places(rows, v, names, list(v.trick), f"{preset} {v.phase}")
                if v.trick:
                    seen["trick"] = seen.get("trick", 0) + 1
                seen[v.phase] = seen.get(v.phase, 0) + 1
                if seen.get("trick", 0) >= 4:
                    break                    # (at your turn: no bot left moving as it closes)
                legal = list(v.legal_actions)
                if v.phase == "auction":
                    tok = bid if bid in legal else "pass" if "pass" in legal else legal[0]
                else:
                    tok = "alone" if "alone" in legal else legal[0]
                await take(app, pilot, tok)
            assert {"auction", "kitty", "play", "trick"} <= set(seen), seen
    run(go())
