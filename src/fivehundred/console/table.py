"""The terminal game's loop: the screen, your input, the opponents' turns, the score (the
ends of hands, and their practices, are :mod:`.between`'s)."""

from __future__ import annotations

import re
import secrets
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..actions import (
    ALONE,
    CALL,
    CARDISH,
    action_from_token,
    readable,
    readable_text,
    token_of,
)
from ..auction import rank_key
from ..cards import (
    NO_TRUMPS,
    SUIT_WORDS,
    card_from_token,
    token,
)
from ..claims import SECONDS, ClaimError, plan_claim
from ..dealing import opening_cut
from ..errors import FiveHundredError, MalformedError
from ..game import Game
from ..numbers import seat_option
from ..record.table_files import RecordFiles, resumed_game
from ..rules import Rules
from ..tricks import sort_tokens
from ..view import View
from .between import ANYWHERE, NO_PRACTICE, PRACTICE_UNSAVED, UNDO, BackToGame, BetweenHands
from .display import (
    TO_LETTER,
    WIDTH,
    colour_wanted,
    columns,
    echo,
    fit,
    hand_lines,
    help_rows,
    screen_lines,
    wrap_items,
)
from .opponent import RANDOM_LOW, hint_seed, opponent_seed, opponents_of

if TYPE_CHECKING:
    from ..bots import Budget

#: The help's first lines, before its rows.
HELP_HEAD = ("How to play: type one of the legal actions shown (upper or lower case; suits\n"
             "as letters S C D H or as symbols ♠ ♣ ♦ ♥).")
#: The help's rows: a word to type, and what it does (wrapped by :func:`help_rows`).
HELP_ROWS = (
    ("bids", "7h  8nt  10s  pass (or p)  misere (or m)  open-misere (or om)"),
    ("cards", "as  10h  jd  jk; to lead the joker at no trumps or misère name a suit: jk:h"),
    ("kitty", "discard one card at a time, or all at once: 4s 5c 6d"),
    ("partner", "(five-handed) call qh  (or just qh), or alone"),
    ("hint", "what the Insane bot would do in your place, and why (it sees only your cards)"),
    ("undo", "take back your last card, bid or discard of the hand, and what followed it"),
    ("claim", "in the play: every trick left is your side's (as misère's declarer: you take "
              "no more); checked with every card seen, and if it stands the hand is played "
              "out"),
    ("review", "after a hand: your cards against double dummy (every: every card; save: the "
               "game's record, to replay or analyse; again: play the hand again as "
               "practice)"),
    ("back", "in a practice: back to the game, as it was"),
    *ANYWHERE,        # (sheet, rules, guide, ?, quit: as the help after a hand says them)
)
#: The help's card row for a pack without the joker.
_NO_JOKER_CARDS = "as  10h  jd"


def help_text(rules: Rules) -> str:
    """The help, within the screen's width (a row's words wrapped in its column), which
    speaks of the joker only when the pack has it, and of the misères only where they may be
    bid.

    >>> help_text(Rules.preset("australian", misere_allowed=False)).splitlines()[2]
    '  bids     7h  8nt  10s  pass (or p)'
    >>> help_text(Rules.preset("australian", open_misere_allowed=False)).splitlines()[2]
    '  bids     7h  8nt  10s  pass (or p)  misere (or m)'
    """
    rows = []
    for word, what in HELP_ROWS:
        if word == "cards" and not rules.has_joker:
            what = _NO_JOKER_CARDS
        elif word == "bids":
            if not rules.allows_open_misere:
                what = what.replace("  open-misere (or om)", "")
            if not rules.misere_allowed:
                what = what.replace("  misere (or m)", "")
        rows.append((word, what))
    return "\n".join([HELP_HEAD, *help_rows(rows)]) + "\n"


_ALIASES = {
    "P": "pass", "PASS": "pass", "M": "misere", "MISERE": "misere", "MISÈRE": "misere",
    "OM": "open-misere", "OPEN MISERE": "open-misere", "OPEN-MISERE": "open-misere",
    "OPEN MISÈRE": "open-misere", "OPEN-MISÈRE": "open-misere", "ALONE": "alone",
}


#: The words that leave the game.
_QUIT = ("quit", "q", "exit")


class _Quit(Exception):
    """The player typed quit."""


class _BadInput(Exception):
    """Input that is not an action here; the message says why."""




class ConsoleGame(BetweenHands):
    """One terminal game: the human at ``seat``, random-legal opponents everywhere else."""

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        seat: int = 0,
        *,
        ask: Callable[[str], str] | None = None,
        out: TextIO | None = None,
        game: Game | None = None,
        bots: str | None = None,
        hint_budget: Budget | None = None,
        record_dir: Path | None = None,
        record_file: Path | None = None,
    ) -> None:
        wrong_seat = seat_option(seat, rules.players)
        if wrong_seat is not None:
            raise ValueError(wrong_seat)
        if game is not None and game.rules != rules:
            raise ValueError("the game given is played under other rules")
        super().__init__(rules, seat,
                         colour=colour_wanted(out if out is not None else sys.stdout))
        #: The game (a given one is taken up where it stands: tests, resumed games).
        self.game = game if game is not None else Game(
            rules, seed=seed if seed is not None else secrets.randbits(31))
        #: The seed the player chose (``--seed``), shown at the top; a seed drawn at random
        #: deals every hand, so it is said only when he leaves.
        self.chosen_seed = seed if game is None else None
        self.ask = ask if ask is not None else input
        self.out = out if out is not None else sys.stdout
        #: The opponents' strength (None: the random-legal ``random_low`` bot), for a
        #: practice's too.
        self.bots = bots
        self.opponents = opponents_of(rules, seat, bots, self.game.seed)
        #: What a hint may spend (None: the Insane bot's own; tests use less).
        self.hint_budget = hint_budget
        #: Where ``save`` writes the game's record (a new file in ``record_dir``, else here,
        #: named after the time the game started; then the same file again; a resumed game,
        #: ``record_file``, where it came from).
        self.records = RecordFiles(record_dir if record_dir is not None else Path.cwd(),
                                   record_file, self.game.seed, seats=self.names,
                                   event="fivehundred text game", opponents=bots or RANDOM_LOW)
        self.started = datetime.now()
        #: The record a resumed game came from (said at the top).
        self.resumed_from = record_file
        #: The hands finished that its record holds already (written again only with more).
        self.recorded = len(self.game.hand_results) if record_file is not None else None

    # ---------------------------------------------------------------- output helpers

    def say(self, text: str = "") -> None:
        """Print a line (or lines), each within the screen's width (:func:`screen_lines`)."""
        for line in screen_lines(text):
            print(line, file=self.out)

    def _ask(self, prompt: str) -> str:
        """The line typed at ``prompt``; _Quit for quit, asked first in the middle of a hand
        of the game (the record keeps only hands finished), as the terminal table asks."""
        while True:
            self.out.flush()
            line = self.ask(prompt)
            if line.strip().lower() not in _QUIT:
                return line
            if self.practice is not None or self.game.phase in ("hand_over", "game_over"):
                raise _Quit
            kept = self.records.saved.get(self.game.seed)
            self.say("Records are saved between hands: the hand in play would be lost"
                     + (f" ({kept} holds every hand finished)." if kept is not None else "."))
            if self.ask("Quit anyway? (quit again, or y; anything else plays on)> "
                        ).strip().lower() in (*_QUIT, "y", "yes"):
                raise _Quit
            self.say("Playing on.")

    # ---------------------------------------------------------------- the main loop

    def run(self) -> int:
        """Play until the game is over or the player leaves; returns the exit status 0."""
        try:
            self._intro()
            if self.game.phase not in ("hand_over", "game_over"):
                self._new_hand()
            while True:
                self._play_hand()
                self._hand_summary()
                self._keep_record()
                if self.game.phase == "game_over":
                    self._game_over()
                    self._after_hand("to leave")
                    return 0
                self._after_hand("for the next hand")
                self.game.next_hand()
                self._new_hand()
        except (_Quit, EOFError, KeyboardInterrupt) as e:
            self.say()
            self.say(self.records.goodbye(self.game.seed))
            # interrupted: the shell's status for Ctrl-C, so a script can tell it apart
            return 130 if isinstance(e, KeyboardInterrupt) else 0

    def _intro(self) -> None:
        rules = self.rules.short_string()
        chosen = f" · seed {self.chosen_seed}" if self.chosen_seed is not None else ""
        self.say(f"Five Hundred ({rules}: {self.rules.players} players, "
                 f"first to {self.rules.target}){chosen}")
        others = ", ".join(self.names[(self.seat + k) % self.rules.players]
                           for k in range(1, self.rules.players))
        self.say(f"You sit {self.names[self.seat]}; the others, clockwise: {others}.")
        self.say("Type ? for help, quit to leave.")
        if self.resumed_from is not None:
            self.say(self.resumed_line(self.game, self.resumed_from))

    def _new_hand(self) -> None:
        self.called = None
        g = self.game
        self.say()
        self.say(f"=== {self._hand_name(g.hand_number)} · {self.name(g.dealer)} "
                 f"{'deal' if g.dealer == self.seat else 'deals'} ===")
        if self.practice is not None:
            self.say(f"The cards of hand {self.practice.hand + 1}, every seat's; counted "
                     "nowhere (back returns to the game, as it was).")
            return
        cut = opening_cut(g)
        if cut is not None:
            self.say(self.cut_line(cut, g.dealer))

    def _play_hand(self) -> None:
        """Play on, your turns and the opponents', until the hand is over."""
        while self.game.phase not in ("hand_over", "game_over"):
            g = self.game
            seat = g.to_move
            assert seat is not None
            if seat == self.seat:
                self._human_turn()
            else:
                self._do(seat, self._bot_action(seat, g.view(seat)))

    def _bot_action(self, seat: int, view: View) -> str:
        """The action of the bot at ``seat``: a bot that fails (raises, or chooses what it
        may not) is a bug, but the game goes on, as at the terminal table: said here (which
        bot, which seat, the error's kind, its message may name the bot's cards, or the
        refused action if it names no card), Medium's choice stands in."""
        from ..bots.base import decide_or_stand_in  # (the text game starts without the bots)

        choice = decide_or_stand_in(self.opponents[seat].act, view,
                                    opponent_seed(self.game.seed, seat))
        if choice.problem is not None:
            self.say(f"{self.name(seat)}'s bot failed (the {self.bots or RANDOM_LOW} bot at seat "
                     f"{seat}: {choice.problem}); {choice.stood_in} is played for it.")
        return choice.action

    # ---------------------------------------------------------------- acting and announcing

    def _do(self, seat: int, tok: str) -> None:
        """Apply one action of ``seat`` and announce what it did and what followed."""
        g = self.game
        before = g.view(self.seat)
        g.apply(tok)
        for line in self.announce(seat, tok, before, g.view(self.seat)):
            self.say(line)

    # ---------------------------------------------------------------- the human's turn

    def _human_turn(self) -> None:
        g = self.game
        v = g.view(self.seat)
        self._screen(v)
        while True:
            line = self._ask(self._prompt(v))
            text = line.strip()
            if text.lower() in ("?", "help", "h"):
                self.say(help_text(self.rules))
                self._legal_line(v)
                continue
            if text.lower() == "hint":
                self._hint(v)
                continue
            if text.lower() in ("rules", "guide", "sheet"):
                self.say(self.shown_text(text.lower()))
                self._legal_line(v)
                continue
            if text.lower() == "save":
                self.say(PRACTICE_UNSAVED if self.practice is not None else
                         "A record holds every card, so it is saved between hands: finish "
                         "this hand first.")
                continue
            if text.lower() == "back":
                if self.practice is not None:
                    raise BackToGame
                self.say(NO_PRACTICE)
                continue
            if text.lower() == "again":
                self.say("A hand is played again once it is over: type again at the prompt "
                         "after it" + (" (undo takes back your last decision)."
                                       if self.practice is not None else "."))
                continue
            if text.lower() in ("review", "every"):
                self.say(f"The hand is reviewed once it is over: type {text.lower()} at the "
                         "prompt after it.")
                continue
            if text.lower() in UNDO:
                if self._take_back():
                    return
                continue
            if text.lower() == "claim":
                if self._claim():
                    return
                continue
            try:
                toks = self._parse(text, v)
                if len(toks) > 1:
                    trial = g.clone()
                    for tok in toks:
                        trial.apply(tok)
            except _BadInput as e:
                self.say(str(e))
                continue
            except FiveHundredError as e:
                self.say(f"Not allowed: {readable_text(str(e))}")
                continue
            try:
                for tok in toks:
                    self._do(self.seat, tok)
            except FiveHundredError as e:
                self.say(f"Not allowed: {readable_text(str(e))}")
                continue
            return

    def _hint(self, v: View) -> None:
        """What the Insane bot would do in your place, from your view only: its advice, why,
        and the choices it weighed (for a defender, the declarer's chances said to be his)."""
        # (the bots and the solver load when first asked: the game starts at once)
        from ..bots.hints import defending, format_hint, hint

        self.say("Thinking about a hint…")
        d = hint(v, seed=hint_seed(self.game), budget=self.hint_budget)
        self.say("Hint: " + format_hint(d, phase=v.phase, defending=defending(v),
                                        sides=len(v.rules.sides)))
        self._legal_line(v)

    def _take_back(self) -> bool:
        """Take back your last decision of the hand and what followed it (Game.take_back);
        False, with the reason said, if there is none."""
        g = self.game
        if not g.can_take_back(self.seat):
            self.say("Nothing of yours to take back in this hand yet.")
            return False
        was = g.phase
        undone = g.take_back(self.seat)
        self.recall_call(g.call)
        self.say(f"Taken back: {self.taken_back(was, g.phase, [token_of(a) for a in undone])}.")
        return True

    def _claim(self) -> bool:
        """Your claim of every trick left (``claims``): played out if it stands; False, with
        the reason said, if not."""
        try:
            c = plan_claim(self.game, self.seat, seconds=SECONDS, names=list(self.names))
        except ClaimError as e:
            self.say(f"No claim: {e}.")
            return False
        c.play(self.game)
        self.say(f"{c.sentence(self.name, self.seat, self.rules)}.")
        return True

    def _prompt(self, v: View) -> str:
        if v.phase == "auction":
            return "Your bid> "
        if v.phase == "kitty":
            left = len(v.hand) - 10
            return f"Discard {left} card{'s' if left != 1 else ''}> "
        if v.phase == "call":
            return "Call a card (e.g. call QH) or alone> "
        return "Your lead> " if not v.trick else "Your play> "

    @property
    def _looks(self) -> str:
        return "AS, 10H, JK" if self.rules.has_joker else "AS, 10H, JD"

    def _parse(self, text: str, v: View) -> list[str]:
        """The action tokens a line of input means here; raise _BadInput if none."""
        if not text:
            raise _BadInput("Type an action (one of the legal actions shown), or ? for help.")
        if v.phase == "kitty":
            words = [w for w in re.split(r"[\s,]+", text) if w]
            left = len(v.hand) - 10
            if len(words) > left:
                raise _BadInput(f"You have {left} card{'s' if left != 1 else ''} left to "
                                f"discard, not {len(words)}.")
            toks = []
            for w in words:
                try:
                    c = card_from_token(w.translate(TO_LETTER))
                except MalformedError:
                    raise _BadInput(f"Not a card: {echo(w)} (cards look like {self._looks}; "
                                    "? for help)") from None
                if token(c) in toks:
                    raise _BadInput(f"{readable(token(c))} is given twice: discard each card once.")
                toks.append(token(c))
            return toks
        key = " ".join(text.translate(TO_LETTER).upper().split())
        key = _ALIASES.get(key, key)
        if v.phase == "call" and CARDISH.match(key) and not key.startswith("JK:"):
            key = f"call {key}"
        if v.phase == "call" and key == "JK":
            key = "call JK"
        joker = "; lead the joker at no trumps as JK:H" if self.rules.has_joker else ""
        what = {"auction": "Not a bid: {} (bids look like 7H, 8NT, pass, misere)",
                "call": "Not a call: {} (type e.g. call QH, or alone)",
                "play": f"Not a card: {{}} (cards look like {self._looks}{joker})"}[v.phase]
        try:
            a = action_from_token(key, auction=v.phase == "auction")
        except MalformedError:
            several = self._several(key, v.phase)
            raise _BadInput(several.format(echo(text)) if several is not None
                            else what.format(echo(text)) + "; ? for help") from None
        if v.phase == "play" and (a == ALONE or a >= CALL):
            # (the engine's refusal names seats by number: said here in the table's words)
            when = ("the partner is called before the play" if self.rules.call_partner
                    else "a partner is called only in five-handed games, after the kitty")
            raise _BadInput(f"Not a card: {echo(text)} ({when}); ? for help")
        return [key]

    @staticmethod
    def _several(key: str, phase: str) -> str | None:
        """What to say of a line of several cards (or bids) where one is asked for, with a
        ``{}`` for the line typed ("Not a card: 'ac ad'" said that neither was one); None
        if the line is not several of them."""
        words = [w for w in re.split(r"[\s,]+", key) if w]
        if phase not in ("auction", "play") or len(words) < 2:
            return None
        try:
            for w in words:
                a = action_from_token(_ALIASES.get(w, w), auction=phase == "auction")
                if phase == "play" and (a == ALONE or a >= CALL):
                    return None
        except MalformedError:
            return None
        kind = "bid" if phase == "auction" else "card"
        return (f"One {kind} at a time: {{}} is {len(words)} {kind}s; type only the {kind} "
                f"you {'make' if kind == 'bid' else 'play'}.")

    # ---------------------------------------------------------------- the screen

    def _strain(self, v: View) -> int:
        return v.contract.strain if v.contract is not None else NO_TRUMPS

    def _screen(self, v: View) -> None:
        r = self.rules
        self.say()
        self.say("─" * 72)
        scores = " · ".join(f"{self.side_name(i)} {v.scores[i]}" for i in self.side_order)
        self.say(self._after(f"Scores: {scores}", f"(game {r.target}, hole {r.hole})"
                             + (" · practice: counted nowhere" if self.practice is not None
                                else ""), indent=len("Scores: ")))
        self.say(f"{self._hand_name(v.hand_number)} · dealer: {self.full_name(v.dealer)}")
        if v.auction:
            self.say("Auction:")
            for line in self.auction_rounds(v.auction, v.dealer):
                self.say("  " + line)
            if v.phase == "auction":
                high = [(s, t) for s, t in v.auction if t != "pass"]
                self.say(f"High bid: {self.p(high[-1][1])} by {self.name(high[-1][0])}"
                         if high else "No bid yet")
        contract = self.contract_line(v)
        if contract:
            self.say(contract)
        c = v.contract
        if v.phase == "play":
            won = " · ".join(
                f"{self.side_in_play(i, v.sitting_out)} "
                f"{sum(v.tricks_won[s] for s in r.sides[i])}" for i in self.side_order)
            self.say(f"Tricks won: {won}")
            if v.tricks:
                last = v.tricks[-1]
                self.say("Last trick: " + self._plays(last.plays)
                                + f" → {self.name(last.winner)}")
            for who, hand in v.exposed:
                if who != self.seat:
                    self.say(f"{self.name(who)}'s hand (face up): "
                             + " ".join(self.p(x) for x in sort_tokens(hand, NO_TRUMPS)))
            self.say("Trick: " + (self._plays(v.trick) if v.trick else "(you lead)"))
        strain = self._strain(v)
        if v.phase == "kitty":
            self.say("Kitty (now in your hand): "
                     + " ".join(self.p(x) for x in sort_tokens(v.kitty, strain)))
        elif v.discards and v.phase in ("call", "play"):
            self.say("Your discards: " + " ".join(self.p(x) for x in sort_tokens(v.discards,
                                                                                strain)))
        trumps = "" if c is None or c.trump is None else f", {SUIT_WORDS[c.trump]} trumps"
        if c is not None and c.is_misere:
            trumps = ", misère: no trumps"
        elif c is not None and c.trump is None:
            trumps = ", no trumps"
        n = len(v.hand)
        self.say(f"Your hand ({n} card{'' if n == 1 else 's'}{trumps}):")
        for line in hand_lines(v.hand, strain, self.colour):
            self.say(line)
        self._legal_line(v)

    @staticmethod
    def _after(line: str, tail: str, indent: int) -> str:
        """``line`` (wrapped: :func:`fit`), then ``tail`` three spaces after it, or on a line
        of its own ``indent`` columns in where it does not fit: the scores' tail "(game 500,
        hole -500)" parted none of them from the rest."""
        lines = fit(line)
        if columns(lines[-1]) + 3 + columns(tail) <= WIDTH:
            lines[-1] += "   " + tail
        else:
            lines.append(" " * indent + tail)
        return "\n".join(lines)

    def _plays(self, plays: Sequence[tuple[int, str]]) -> str:
        return " · ".join(f"{self.name(s)} {self.p(t)}" for s, t in plays)

    def ordered_legal(self, v: View) -> list[str]:
        """The legal actions in the order shown: ladder order, or hand order for cards."""
        legal = list(v.legal_actions)
        if v.phase == "auction":
            bids = sorted((t for t in legal if t != "pass"),
                          key=lambda t: rank_key(self.rules, action_from_token(t, auction=True)))
            return ["pass", *bids] if "pass" in legal else bids
        strain = self._strain(v)
        if v.phase == "call":
            calls = [t[5:] for t in legal if t.startswith("call ")]
            alone = ["alone"] if "alone" in legal else []
            return alone + [f"call {t}" for t in sort_tokens(calls, strain)]
        return sort_tokens(legal, strain)

    def _legal_line(self, v: View) -> None:
        legal = self.ordered_legal(v)
        if v.phase == "call":
            head = "Legal: alone, or call one of: " if "alone" in legal else "Legal: call one of: "
            items = [self.p(t[5:]) for t in legal if t.startswith("call ")]
        else:
            head, items = "Legal: ", [self.p(t) for t in legal]
        for line in wrap_items(head, items):
            self.say(line)

def run_console_game(
    rules: Rules,
    seed: int | None = None,
    seat: int | None = None,
    *,
    ask: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    bots: str | None = None,
    resume: str | None = None,
) -> int:
    """Play a game in the terminal against bots (random-legal by default), or go on with the
    game record ``resume`` saved by ``save``; the exit status.

    ``ask`` shows a prompt and returns the line typed (default :func:`input`); ``out`` takes
    the screen (default stdout).  End of input, ``quit`` and Ctrl-C leave politely (status 0;
    130 for Ctrl-C, as the shell gives an interrupted command).  ``seat`` None is seat 0, or
    in a resumed game the seat its player sat in; ``bots`` None plays random-legal
    opponents (the ``random_low`` bot), or in a resumed game the ones it was played against
    (medium if its record does not say).
    """
    err = out if out is not None else sys.stderr
    game: Game | None = None
    if resume is not None:
        try:
            game, seat, bots = resumed_game(resume, seat, bots)
        except FiveHundredError as e:
            print(f"fivehundred play: {e}", file=err)
            return 2
        rules = game.rules
    try:
        console = ConsoleGame(rules, seed, seat or 0, ask=ask, out=out, bots=bots, game=game,
                              record_file=None if resume is None else Path(resume))
    except ValueError as e:
        print(f"fivehundred play: {e}", file=err)
        return 2
    return console.run()
