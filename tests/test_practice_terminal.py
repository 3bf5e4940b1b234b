"""PLAY THIS DEAL AGAIN in the text game (``again`` after a hand): the finished hand's cards
dealt again as practice, reproducibly seeded from the game's seed, the hand and the try, and
the game as it was afterwards (its record, its next deal); refused for a hand thrown in."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.console import ConsoleGame
from fivehundred.console import between as console_between
from fivehundred.console.opponent import opponents_of
from fivehundred.console.practice import Practice, PracticeError, practice_seed, why_not_practise
from fivehundred.record import loads, record_from_game
from helpers import played_to_its_end
from test_console import advance

AUS = Rules.preset("australian")


def played_out(g: Game) -> bool:
    return g.phase == "hand_over" and g.hand_number >= 1 and g.hand_results[-1].played_out


def state(g: Game) -> tuple[object, ...]:
    """Everything of a game that a practice must leave as it was."""
    return (g.seed, g.phase, g.hand_number, g.scores, g.hand_results, g.past_hands, g.deal,
            g.actions, g.to_move, len(g._undo))


class Player:
    """Answers the text game's prompts: after a hand the next of ``words`` (then quits), on
    your turn ``turn``'s answer if given, else a pass or the first legal action; it notes the
    games played (and their bots) while a practice is on."""

    def __init__(self, words: list[str], turn: Callable[[ConsoleGame], str | None] | None = None
                 ) -> None:
        self.words = list(words)
        self.turn = turn
        self.console: ConsoleGame | None = None
        self.practised: list[Game] = []
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        c = self.console
        assert c is not None
        self.prompts.append(prompt)
        if c.practice is not None and (not self.practised or self.practised[-1] is not c.game):
            self.practised.append(c.game)
        if prompt.startswith("press Enter"):
            return self.words.pop(0) if self.words else "quit"
        said = self.turn(c) if self.turn is not None else None
        if said is not None:
            return said
        legal = c.game.legal_actions()
        return "pass" if "pass" in legal else legal[0]


def play(g: Game, player: Player, record_dir: Path | None = None, bots: str | None = None
         ) -> str:
    out = io.StringIO()
    console = ConsoleGame(g.rules, ask=player, out=out, game=g, record_dir=record_dir, bots=bots)
    player.console = console
    assert console.run() == 0
    return out.getvalue()


def test_again_deals_the_finished_hands_cards_and_again_deals_them_once_more() -> None:
    """``again`` after a hand deals exactly its cards (every seat's, the kitty, the dealer)
    at hand 0 of a practice game seeded from the game's seed and the hand, at the score that
    hand began at; ``again`` after the practice deals them once more, from the same seed (as
    the browser's PLAY IT AGAIN: the same bots to try another line against)."""
    g = advance(AUS, played_out)
    hand, cards = g.hand_number, g.past_hands[-1].deal
    p = Player(["again", "again", "back"])
    text = play(g, p)
    assert len(p.practised) == 2
    for pg in p.practised:
        assert pg.past_hands[0].deal == cards          # (played out: the cards as dealt)
        assert (pg.deal.hands, pg.deal.kitty, pg.deal.dealer) == (cards.hands, cards.kitty,
                                                                   cards.dealer)
        assert pg.seed == practice_seed(g.seed, hand) != g.seed
        assert pg.start_scores == g.scores_at(hand) == tuple(
            a - b for a, b in zip(g.scores, g.hand_results[-1].points, strict=True))
        assert pg.rules == g.rules and pg.phase in ("hand_over", "game_over")
    assert text.count(f"=== Practice: hand {hand + 1} again · ") == 2, text
    assert f"--- Practice: hand {hand + 1} again is over ---" in text
    assert f"=== Back to the game: hand {hand + 1} is over ===" in text
    assert "press Enter to go back to the game (or again" in "\n".join(p.prompts)


def test_the_bots_of_a_practice_are_the_games_strength_seeded_from_the_practice_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same practice seed gives the same bots' play: a practice played twice from the same
    game says the same, word for word; its bots are the game's strength, seeded from the
    practice's seed as the game's are from the game's."""
    made: list[tuple[str | None, int]] = []

    def spy(rules: Rules, seat: int, bots: str | None, seed: int) -> object:
        made.append((bots, seed))
        return opponents_of(rules, seat, bots, seed)

    monkeypatch.setattr(console_between, "opponents_of", spy)
    g = advance(AUS, played_out)
    texts = []
    for _ in range(2):
        copy = g.clone()
        texts.append(play(copy, Player(["again", "again", "back"]), bots="easy"))
    practice = [t[t.index("=== Practice"):t.index("=== Back to the game")] for t in texts]
    assert practice[0] == practice[1]
    seed = practice_seed(g.seed, g.hand_number)
    assert made == [("easy", seed)] * 4


def test_going_back_leaves_the_game_as_it_was_and_its_record_without_the_practice(
        tmp_path: Path) -> None:
    """After a practice (played out, and one left in the middle with ``back``) the game is
    exactly as it was: its state, its opponents, its record (saved after: the game's hands
    only, ``save`` in a practice refused, in its hand or after it, and nothing written) and
    its next deal."""
    g = advance(AUS, played_out)
    before, expected = state(g), record_from_game(g.clone()).hands
    twin = g.clone()
    twin.next_hand()
    saved_mid_hand: list[int] = []

    def turn(c: ConsoleGame) -> str | None:
        if c.practice is None:
            return "quit"                                # (the game's next hand: enough)
        if c.practice.tries == 2:
            return "back"                                # the second try, left at once
        if not saved_mid_hand:
            saved_mid_hand.append(len(c.game.actions))
            return "save"
        return None

    p = Player(["again", "save", "again", "save", ""], turn)
    seen: list[bool] = []

    def ask(prompt: str) -> str:
        if prompt.startswith("press Enter") and console.practice is None:
            seen.append(state(g) == before and console.game is g
                        and console.opponents is opponents)
        return p(prompt)

    out = io.StringIO()
    console = ConsoleGame(g.rules, ask=ask, out=out, game=g, record_dir=tmp_path)
    opponents = console.opponents
    p.console = console
    assert console.run() == 0
    text = out.getvalue()
    assert seen == [True, True, True], text             # before, back, after saving
    assert len(p.practised) == 2 and saved_mid_hand
    assert " ".join(text.split()).count(                  # (wrapped at 78 columns)
        "This is practice: it is never saved. The game's record is saved back in the game "
        "(back, then save).") == 2, text
    (path,) = tmp_path.iterdir()
    assert text.count("Saved the record to") == 1
    assert loads(path.read_text()).hands == expected     # no practice hand in it
    assert g.hand_number == before[2] + 1 and g.deal == twin.deal       # its next deal
    assert g.scores == before[3] and g.past_hands == before[5]


def test_a_hand_thrown_in_is_not_offered_and_says_why() -> None:
    g = advance(AUS, lambda g: g.phase == "hand_over"
                and g.hand_results[-1].kind == "all_pass_redeal")
    with pytest.raises(PracticeError, match="thrown in: nothing was played"):
        Practice(g)
    before = state(g)
    p = Player(["again", ""], lambda c: "quit")
    text = play(g, p)
    assert p.prompts[0] == "press Enter for the next hand (or save; ? says what)> "
    assert ("No practice: everyone passed and the hand was thrown in: nothing was played to "
            "play again.") in " ".join(text.split())     # (wrapped at 78 columns)
    assert p.practised == [] and g.hand_number == before[2] + 1


def test_not_in_the_middle_of_a_hand() -> None:
    g = Game(AUS, seed=3)
    assert why_not_practise(g) == ("the hand is still being played: it may be played again "
                                   "once it is over")
    with pytest.raises(PracticeError, match="still being played"):
        Practice(g)
    p = Player([], lambda c: "again" if len(p.prompts) == 1 else "quit")
    text = play(g, p)
    assert "A hand is played again once it is over: type again at the prompt after it." in text


def test_at_the_games_end_and_the_usual_commands_in_a_practice() -> None:
    """At the game's end ``again`` plays its last hand again, and the prompt to leave comes
    back; in the practice undo, ? and after it review work as in the game."""
    g = played_to_its_end(AUS, 1)                       # (10NT bid each hand: soon over)
    assert g.hand_results[-1].played_out
    last = g.past_hands[-1].deal
    undone: list[bool] = []

    def turn(c: ConsoleGame) -> str | None:
        if c.practice is not None and c.game.can_take_back(c.seat) and not undone:
            undone.append(True)
            return "undo"
        return "10nt" if "10NT" in c.game.legal_actions() else None   # (played out)

    p = Player(["again", "?", "review", "back", ""], turn)
    text = play(g, p)
    assert p.practised and p.practised[0].past_hands[0].deal == last
    assert "Taken back: " in text and undone
    assert "  again    deal this hand once more" in text
    assert "  Enter    go back to the game (or back), as it was" in text
    assert text.count("=== Game over: ") == 1
    assert p.prompts[-1].startswith("press Enter to leave (or again, ")
    assert g.phase == "game_over"


def test_the_help_at_the_games_end_says_enter_leaves() -> None:
    """The prompt at the game's end says "press Enter to leave"; its help said "Enter go
    on" (a fresh read)."""
    g = played_to_its_end(AUS, 1)
    p = Player(["?", ""], lambda c: None)
    text = play(g, p)
    assert p.prompts[-1].startswith("press Enter to leave (or ")
    assert "  Enter    leave" in text and "  Enter    go on" not in text
