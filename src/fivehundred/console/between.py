"""The text game between hands: the summary of a hand, the end of the game, and the prompt
after a hand (its review, the record saved, and PLAY THIS DEAL AGAIN: the hand played again
as practice, :mod:`.practice`), a mixin of :class:`fivehundred.console.table.ConsoleGame`."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from ..game import Game
from ..record.table_files import RecordFiles, not_saved
from ..scoring import (
    declaring_seats,
    game_end,
    hole_words,
    past_target_words,
    slam_words,
    target_words,
)
from .display import WIDTH, echo, help_rows, signed
from .narration import Narrator
from .opponent import BotOpponent, RandomOpponent, opponents_of
from .practice import Practice, PracticeError
from .rules_text import guide_lines, rules_lines
from .score_sheet import sheet_lines

if TYPE_CHECKING:                # (the solver is loaded when a hand is first reviewed)
    from ..solver.analysis import HandReview

#: What each word at the prompt after a hand does (those it offers: :meth:`_after_words`).
AFTER_HELP = {
    "again": "play this hand again as practice: the same cards, every seat's, the same "
             "dealer and bots (counted nowhere; the game waits as it is)",
    "review": "your cards of the hand against double dummy (what each cost, the best there)",
    "every": "every card of the hand against double dummy, trick by trick",
    "save": "write the game record, every hand so far (to replay or analyse it)",
}
#: The words that work at the prompt after a hand as in one, and what they do there.
ANYWHERE = (
    ("sheet", "the score sheet: every hand of the game so far (its dealer, contract and "
              "result, each side's points and the scores after it), and the scores now"),
    ("rules", "every option of this table's rules, and what it means"),
    ("guide", "how to play at this table: the cards' order, every bid's value, the scoring"),
    ("?", "this help"),
    ("quit", "leave the game"),
)
#: What again does in a practice, and what its Enter does.
_PRACTICE_AGAIN = "deal this hand once more (the same cards, the same bots)"
#: The words that take back your last decision of the hand.
UNDO = ("undo", "u", "take back")
#: What goes on at the prompt after a hand (to the next hand, out of the game at its end, or
#: back from a practice): Enter, or one of these words.
GO_ON = ("", "next", "n")
#: What ``save`` says in a practice.
PRACTICE_UNSAVED = ("This is practice: it is never saved. The game's record is saved back in "
                    "the game (back, then save).")

#: What ``back`` says outside a practice.
NO_PRACTICE = ("There is no practice to go back from: back ends a practice (again, after a "
               "hand, plays the hand again as one).")


class BackToGame(Exception):
    """The player typed back in a practice: to the game, as it was."""


class BetweenHands(Narrator):
    """The text game's ends of hands and its practices (the fields and the play are
    :class:`ConsoleGame`'s)."""

    game: Game
    opponents: dict[int, RandomOpponent | BotOpponent]
    bots: str | None
    records: RecordFiles
    started: datetime
    #: The practice being played (None in the game).
    practice: Practice | None = None
    #: The hands finished that the game's record file holds, where known (a resumed game's
    #: at first; None: never written, or not by this table).
    recorded: int | None = None
    #: The reviews solved of a game's hand (its game, its number; your cards' review under
    #: False, every card's under True), so one asked again is not solved again.
    _reviews: tuple[Game, int, dict[bool, HandReview]] | None = None

    if TYPE_CHECKING:
        def say(self, text: str = "") -> None: ...
        def _ask(self, prompt: str) -> str: ...
        def _new_hand(self) -> None: ...
        def _play_hand(self) -> None: ...

    def _hand_name(self, number: int) -> str:
        """What the screen calls hand ``number`` (from 0) of the game being played: in a
        practice, the game's hand it plays again."""
        return self.practice.title if self.practice is not None else f"Hand {number + 1}"

    # ---------------------------------------------------------------- the prompt after a hand

    def _after_words(self) -> list[str]:
        """What the prompt after a hand offers besides going on: again but for a hand thrown
        in (in a practice, always: its deal is the point), a review only of a hand played
        out, save but in a practice."""
        res = self.game.hand_results[-1]
        return ((["again"] if self.practice is not None or res.kind != "all_pass_redeal"
                 else []) + ["review", "every"] * res.played_out
                + ["save"] * (self.practice is None))

    def _after_hand(self, go: str) -> str:
        """The prompt after a hand (``go``: what Enter does): ``review`` or ``every`` shows
        the hand against double dummy, ``save`` writes the record, ``again`` plays it again
        as practice, ``?`` says so; ``rules`` and ``guide`` show what they show in a hand, and
        the words of the hand with nothing to do now (hint, claim, undo, back) say so; Enter
        goes on ("", or in a practice ``back``), and in a practice ``again`` ends it too
        ("again": once more).  Anything else is said not understood (a typo went on to the
        next deal, and the hand's review and record with it)."""
        words = self._after_words()
        prompt = f"press Enter {go} (or {', '.join(words)}; ? says what)> "
        while True:
            line = self._ask(prompt)
            text = line.strip().lower()
            if text in GO_ON or (text == "back" and self.practice is not None):
                return ""
            if text == "again" and self.practice is not None:
                return "again"
            if text == "again":
                self._practise()
            elif text in ("review", "every"):
                self._review(every=text == "every")
            elif text == "save":
                self._save()
            elif text in ("?", "help", "h"):
                self.say(self._after_help(words, go))
            elif text in ("rules", "guide", "sheet"):
                self.say(self.shown_text(text))
            elif text == "hint":
                self.say("No hint: the hand is over, so there is nothing to decide until the "
                         "next one" + (" (review shows what each card of yours cost)."
                                       if "review" in words else "."))
            elif text == "claim":
                self.say("No claim: the hand is over and scored.")
            elif text in UNDO:
                self.say("The hand is over and scored: there is nothing to take back.")
            elif text == "back":
                self.say(NO_PRACTICE)
            else:
                these = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]
                self.say(f"Not understood: {echo(line.strip())}. Press Enter to go on, or "
                         f"type {these} (? says what).")

    def shown_text(self, word: str) -> str:
        """What ``rules`` (every option of this table's rules), ``guide`` (how to play here)
        or ``sheet`` (the score sheet: :meth:`score_sheet`) shows, at any prompt."""
        if word == "sheet":
            return self.score_sheet()
        return "\n".join(rules_lines(self.rules, self.rules.nearest_preset(), width=WIDTH)
                         if word == "rules" else guide_lines(self.rules, width=WIDTH))

    def score_sheet(self) -> str:
        """The score sheet (:func:`sheet_lines`, as the browser's and the terminal table's):
        every finished hand of the game being played, a practice's its own (begun at its
        hand's score, its hand named as the screen names it), and the scores now."""
        head = "--- Score sheet" + (" · practice: counted nowhere" if self.practice is not None
                                    else "") + " ---"
        lines = sheet_lines(self.game.view(self.seat), self, hand_name=self._hand_name)
        return "\n".join(["", head, *lines, ""])

    def _after_help(self, words: list[str], go: str = "for the next hand") -> str:
        """What each word at the prompt after a hand does: those it offers, Enter (``go``, as
        the prompt says it: at the game's end "to leave", where the help said "go on"), and
        the words that work at every prompt (sheet, rules, guide, this help, quit)."""
        practice = self.practice is not None
        rows = [(w, _PRACTICE_AGAIN if practice and w == "again" else AFTER_HELP[w])
                for w in words]
        rows.append(("Enter", "go back to the game (or back), as it was" if practice
                     else "leave" if go == "to leave" else "go on"))
        return "\n".join(help_rows([*rows, *ANYWHERE])) + "\n"

    def _save(self) -> None:
        """Write the game's record (between hands: a record holds every card); never a
        practice's."""
        if self.practice is not None:
            self.say(PRACTICE_UNSAVED)
            return
        path = self.records.path(self.game.seed, self.started)
        try:
            self.records.write(self.game, path)
        except OSError as e:
            self.say(not_saved(path, e))
            return
        self.recorded = len(self.game.hand_results)
        self.say(f"Saved the record to {path}")

    def _keep_record(self) -> None:
        """A hand of the game is over: its record written again if it was saved once (or
        resumed), so it never falls behind the game (as the terminal table's
        ``sheets.end_of_hand``); not when it holds that hand already (a game resumed after
        it: nothing has changed)."""
        if (self.game.seed in self.records.saved
                and self.recorded != len(self.game.hand_results)):
            self._save()

    def _review(self, every: bool) -> None:
        """The hand just played against double dummy (as the terminal table's review): your
        cards beside the best, or every card trick by trick.  Each is solved once a hand (and
        "Solving…" said only then): asked again, it is shown at once."""
        from ..solver.analysis import ReviewError, review_hand
        from .reviews import Marks, every_card_lines, review_lines

        g = self.game
        if self._reviews is None or self._reviews[0] is not g or self._reviews[1] != g.hand_number:
            self._reviews = (g, g.hand_number, {})
        solved = self._reviews[2]
        r = solved.get(every)
        if r is None:
            if g.hand_results[-1].played_out:   # (else refused at once: nothing to solve)
                self.say("Solving the hand double dummy…")
            seats = range(self.rules.players) if every else None
            try:
                r = solved[every] = review_hand(g.clone(), self.seat, seats=seats)
            except ReviewError as e:
                self.say(f"No review: {e}.")
                return
        self.say()
        name = self._hand_name(g.hand_number)
        self.say(f"--- {name}, every card against double dummy ---" if every
                 else f"--- {name} against double dummy ---")
        for line in (every_card_lines if every else review_lines)(r, self, Marks(card=self.p)):
            self.say(line)
        self.say()

    # ---------------------------------------------------------------- practice

    def _practise(self) -> None:
        """PLAY THIS DEAL AGAIN: the hand just finished played again (:class:`Practice`: its
        cards, its dealer, its score, the bots seeded from its seed), as often as asked
        (``again``); then back to the game, as it was (its game, bots and card called are
        put back: nothing of the practice is in its record).  Refused, saying why, for a hand
        thrown in."""
        try:
            practice = Practice(self.game)
        except PracticeError as e:
            self.say(f"No practice: {e}.")
            return
        game, opponents, called = self.game, self.opponents, self.called
        self.practice = practice
        try:
            again = "again"
            while again:
                self.game = practice.deal()
                self.opponents = opponents_of(self.rules, self.seat, self.bots, self.game.seed)
                self._new_hand()
                try:
                    self._play_hand()
                except BackToGame:
                    break
                self._hand_summary()
                again = self._after_hand("to go back to the game")
        finally:
            self.game, self.opponents, self.called, self.practice = game, opponents, called, None
        self.say()
        self.say(f"=== Back to the game: hand {practice.hand + 1} is over ===")

    # ---------------------------------------------------------------- ends of hands and game

    def _hand_summary(self) -> None:
        r = self.rules
        res = self.game.hand_results[-1]
        self.say()
        self.say(f"--- {self._hand_name(res.number)} is over ---")
        if res.kind == "all_pass_redeal":
            self.say("Everyone passed: no score" + ("." if self.practice is not None
                                                     else "; the deal passes left."))
        else:
            c = res.contract
            if c is None:
                self.say("No contract (everyone passed): played at no trumps, 10 a trick.")
            else:
                partner = ""
                if res.partner is not None:
                    partner = f" with {self.name(res.partner)}"
                outcome = "made" if res.made else "failed"
                took = sum(res.tricks[s] for s in declaring_seats(r, c, res.partner))
                slam = slam_words(r, c, took)
                if slam:
                    outcome += f" ({slam})"
                self.say(f"Contract: {self.p(c.bid)} by {self.name(res.declarer or 0)}"
                         f"{partner}: {outcome}")
            out = (set(r.sides[r.side_of[c.declarer]]) - {c.declarer}
                   if c is not None and c.is_misere else set())     # (his partners sat out)
            tricks = " · ".join(f"{self.side_in_play(i, out)} "
                                f"{sum(res.tricks[s] for s in r.sides[i])}"
                                for i in self.side_order)
            self.say(f"Tricks: {tricks}")
        points = " · ".join(f"{self.side_name(i)} {signed(res.points[i])}"
                            for i in self.side_order)
        self.say(f"Points: {points}")
        totals = " · ".join(f"{self.side_name(i)} {self.game.scores[i]}"
                            for i in self.side_order)
        self.say(f"Scores: {totals}" + (" (practice: counted nowhere)"
                                               if self.practice is not None else ""))
        sides = range(len(r.sides))
        past = past_target_words(r, self.game.scores, self.game.winner,
                                 [self.side_name(i) for i in sides], self.seat)
        if past is not None:        # (by own contract: the game went on without a word)
            self.say(past)

    def _game_over(self) -> None:
        w = self.game.winner
        assert w is not None
        name = self.side_name(w)
        you = self.seat in self.rules.sides[w]
        verb = "win" if you or len(self.rules.sides[w]) > 1 else "wins"
        scores, r, results = self.game.scores, self.rules, self.game.hand_results
        # (the engine's judgement: "reached 500" was said of a side past it by defending, which
        # under by_own_contract won only because the other side fell into the hole)
        end = game_end(r, scores, w, results[-1] if results else None)
        inner = [self.side_name(i) for i in range(len(scores))]     # (said mid-sentence)
        inner = ["you" + x[3:] if self.seat in r.sides[i] else x for i, x in enumerate(inner)]
        # (as the replay says it: a five-handed game's end named the winner of a tie alone)
        why = (target_words if end.at_target else hole_words)(r, end, scores, inner)
        self.say()
        self.say(f"=== Game over: {name} {verb} the game ({why}){'!' if you else '.'} ===")
        self.say("Final scores: " + " · ".join(
            f"{self.side_name(i)} {self.game.scores[i]}" for i in self.side_order))
