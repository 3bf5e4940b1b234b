"""The text game's review fixes (FT2): suit symbols typed with an emoji variation selector,
the words the help lists at the prompt after a hand, the cut in a pack without the joker,
and a resumed game said "after hand N" and not written again until something changes."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.actions import readable, token_of
from fivehundred.console import ConsoleGame, run_console_game
from fivehundred.console.narration import Narrator
from fivehundred.console.rules_text import guide_lines, rules_lines
from fivehundred.dealing import first_cut, first_dealer
from fivehundred.record import loads
from test_console import advance

AUS = Rules.preset("australian")
#: What emoji pickers put after a suit symbol (VS16: as emoji), and its text twin (VS15).
VS16, VS15 = "\ufe0f", "\ufe0e"


def snapshot(g: Game) -> tuple[object, ...]:
    """What must not change when input is refused or only shows something."""
    return (g.phase, g.hand_number, g.to_move, tuple(g.scores), len(g.actions),
            len(g.hand_results))


def feed(g: Game, lines: list[str], record_dir: Path | None = None,
         ) -> tuple[str, list[tuple[object, ...]]]:
    """Run the console on ``g`` with these lines then end of input; the state at each
    prompt."""
    out = io.StringIO()
    seen: list[tuple[object, ...]] = []
    todo = list(lines)

    def ask(prompt: str) -> str:
        seen.append(snapshot(g))
        if not todo:
            raise EOFError
        return todo.pop(0)

    assert ConsoleGame(g.rules, ask=ask, out=out, game=g, record_dir=record_dir).run() == 0
    return out.getvalue(), seen


def typed(tok: str, selector: str) -> str:
    """A card or bid token as an emoji picker types it: its suit as a symbol, then the
    selector."""
    text = readable(tok)
    return text + selector if text[-1] in "♠♣♦♥" else text


# ---------------------------------------------------------------- 1. emoji suit symbols


@pytest.mark.parametrize("selector", [VS16, VS15])
def test_a_bid_typed_with_an_emoji_suit_is_a_bid(selector: str) -> None:
    """``6♥️`` (the heart then U+FE0F, as macOS and phones type it) was "Not a bid"."""
    g = advance(AUS, lambda g: g.phase == "auction" and g.to_move == 0
                and "6H" in g.legal_actions())
    text, _ = feed(g, [f"6♥{selector}"])
    assert "Not a bid" not in text and "You bid 6♥" in text, text
    assert (0, "6H") in [(seat, token_of(a)) for seat, a in g.auction]


def test_cards_typed_with_emoji_suits_are_played_and_discarded() -> None:
    """A card in the play, and the kitty's discards all at once, typed as emoji."""
    g = advance(AUS, lambda g: g.phase == "play" and g.to_move == 0 and not g.trick)
    card = next(t for t in g.legal_actions() if not t.startswith("JK"))
    text, _ = feed(g, [typed(card, VS16).lower()])
    assert "Not a card" not in text and f"You lead {readable(card)}" in text, text
    g = advance(AUS, lambda g: g.phase == "kitty" and g.to_move == 0, human_bids="7S")
    three = [t for t in g.hand_tokens(0) if not t.startswith("JK")][:3]
    text, _ = feed(g, [" ".join(typed(t, VS16) for t in three)])
    assert "Not a card" not in text, text
    assert all(f"You discard {readable(t)}" in text for t in three), text
    assert g.phase != "kitty"


# ---------------------------------------------------------------- 2. after a hand


def test_the_help_s_words_work_at_the_prompt_after_a_hand() -> None:
    """rules, guide, hint (and claim) after a hand were "Not understood", and its ? did not
    say quit: rules and guide show what they show in a hand, hint and claim say plainly
    there is nothing to do, ? lists them and quit; nothing changes."""
    g = advance(AUS, lambda g: g.phase == "hand_over")
    before = snapshot(g)
    text, seen = feed(g, ["rules", "guide", "Hint", "claim", "?"])
    assert "Not understood" not in text, text
    assert "\n".join(rules_lines(AUS, AUS.nearest_preset(), width=78)) in text
    assert "\n".join(guide_lines(AUS)) in text
    assert "No hint: the hand is over, so there is nothing to decide" in text, text
    assert "No claim: the hand is over and scored." in text, text
    helped = text[text.rindex("  save     "):]
    for word in ("rules", "guide", "?", "quit"):
        assert f"\n  {word:<8} " in helped, helped
    assert "  quit     leave the game" in helped, helped
    assert seen == [before] * 6 and snapshot(g) == before


# ---------------------------------------------------------------- 3. the cut


def test_the_cut_names_the_joker_only_in_a_pack_that_has_it() -> None:
    """two_24 (no joker) said "the lowest card deals: the joker, then an ace"."""
    r = Rules.preset("two_24")
    cut = first_cut(r, 5)
    assert cut is not None
    line = Narrator(r, 0).cut_line(cut, first_dealer(r, 5))
    assert "joker" not in line and "(the lowest card deals: an ace, then " in line, line
    text, _ = feed(Game(r, seed=5), [])
    assert "The cut: " in text and "joker" not in text.split("The cut: ")[1].split("\n")[0]
    c3 = Rules.preset("classic3")
    cut = first_cut(c3, 7)
    assert cut is not None
    assert "(the lowest card deals: the joker, then an ace; " in Narrator(c3, 0).cut_line(
        cut, first_dealer(c3, 7))


# ---------------------------------------------------------------- 4. resuming


def _auto(lines: list[str], game: Callable[[], Game]) -> Callable[[str], str]:
    """An ``ask`` that gives ``lines`` at the prompts after a hand, and plays every turn
    (passing, the first legal card or discard) in between; end of input once they run
    out."""
    todo = list(lines)

    def ask(prompt: str) -> str:
        if prompt.startswith("press Enter"):
            if not todo:
                raise EOFError
            return todo.pop(0)
        legal = game().legal_actions()
        return "pass" if "pass" in legal else legal[0]

    return ask


def test_a_resumed_game_says_after_which_hand_and_writes_nothing_till_a_hand_ends(
        tmp_path: Path) -> None:
    """Resumed, the game said "hand 1" of a game after hand 1, and wrote its record again
    before any input: now "after hand 1 (hand 2 is next)", the file untouched until the
    next hand ends (then written, as every hand after a save)."""
    g = advance(AUS, lambda g: g.phase == "hand_over" and g.hand_number == 0
                and any(g.scores))
    feed(g, ["save", "quit"], record_dir=tmp_path)
    (path,) = tmp_path.iterdir()
    data, stat = path.read_bytes(), path.stat()
    out = io.StringIO()
    assert run_console_game(AUS, ask=lambda _: "quit", out=out, resume=str(path)) == 0
    text = out.getvalue()
    scores = f"You & North {g.scores[0]} · West & East {g.scores[1]}"
    assert f"Game resumed from {path} after hand 1 (hand 2 is next): {scores}." in text, text
    assert "Saved the record" not in text, text
    assert path.read_bytes() == data and path.stat().st_ino == stat.st_ino
    assert path.stat().st_mtime_ns == stat.st_mtime_ns
    out = io.StringIO()
    console = _resumed(path, out, _auto(["", "quit"], lambda: console.game))
    assert console.run() == 0
    text = out.getvalue()
    assert text.count(f"Saved the record to {path}") == 1, text
    assert text.index(f"Saved the record to {path}") > text.index("--- Hand 2 is over ---")
    assert len(loads(path.read_text()).hands) == 2


def _resumed(path: Path, out: io.StringIO, ask: Callable[[str], str]) -> ConsoleGame:
    """The console of the game resumed from ``path`` (as ``run_console_game`` makes it)."""
    from fivehundred.record.table_files import resumed_game

    game, seat, bots = resumed_game(str(path))
    return ConsoleGame(game.rules, None, seat, ask=ask, out=out, bots=bots, game=game,
                       record_file=path)
