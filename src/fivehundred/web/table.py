"""One table of the browser game: the Game, who sits where (:mod:`.seating`; each seat:
:mod:`.seats`), and every check on a seat's move.

A Table is plain synchronous logic (the server drives it): it checks that a seat may act,
applies the action to the engine, and can be saved as JSON and rebuilt by replaying every
action from the seed (a practice table, from the deal it was given: :meth:`Table.practise`,
the rest of it in :mod:`.practice`).
Bad input raises :class:`TableError` and changes nothing.

>>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5)
>>> [s.kind for s in t.seats], t.seats[2].strength
(['human', 'bot', 'bot', 'bot'], 'hard')
>>> t2 = Table.from_json(t.to_json())
>>> t2.game.view(0) == t.game.view(0)
True
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from .. import __version__
from ..actions import token_of
from ..cards import token
from ..claims import ClaimError, check_claimant, may_claim
from ..console.display import seat_names
from ..dealing import Deal, check_deal, deal_to_dict, opening_cut
from ..errors import FiveHundredError, shown, shown_json
from ..game import Game
from ..numbers import seed_number
from ..options import SPEEDS, STRENGTHS, checked_speed, rules_label
from ..rules import PRESET_NAMES, Rules
from ..view import View
from ..words import joined
from .practice import Practice, PracticeTable, practice_id
from .save_checks import PRACTICE_FIELDS, TABLE_FIELDS, check_format, replayed
from .seating import SeatingTable
from .seats import (
    Seat,
    TableError,
    checked_name,
    partner_strength,
    saved_field,
    saved_strength,
)
from .state import (
    bid_grid,
    discards_left,
    joker_rule,
    sheet_json,
    side_labels,
    status_line,
    summary_json,
    view_json,
)

FORMAT = 1   # the version of a saved table's JSON
IDLE_SECONDS = 60.0
"""How long a table waits on a player still connected before anyone may let a bot play his
seat (he went away from an open page)."""


@dataclass
class Table(PracticeTable, SeatingTable):
    """A game in progress at one table, with its seats and its saved form (who sits where:
    :class:`SeatingTable`; playing a deal again: :class:`PracticeTable`)."""

    id: str
    preset: str
    rules: Rules
    seed: int
    strength: str
    seats: list[Seat]
    friends: bool
    game: Game
    hands: list[list[str]] = field(default_factory=lambda: [[]])
    """Every action token of every hand so far (the save: replayed from the seed)."""
    seq: int = 0
    paused: bool = False
    paused_by: int | None = None
    """The seat that paused the table (None when it goes on)."""
    gathering: bool = False
    """A table with friends waits for them: its first hand dealt, nobody acts until the
    creator's START (:meth:`start`)."""
    ready: set[int] = field(default_factory=set)
    """Human seats that pressed NEXT on the end-of-hand sheet."""
    claiming: int = 0
    """Claims being checked: the bots wait for their answers (not saved)."""
    counted_hands: int = 0
    """Finished hands already added to the statistics."""
    counted_game: bool = False
    speed: str = "normal"
    """How fast the table plays (``options.SPEEDS``), the creator's choice."""
    take_backs: int = 0
    """Decisions taken back in this game (:meth:`take_back`)."""
    uncounted_take_backs: int = 0
    """Take-backs not yet added to the statistics (the next save adds them)."""
    idle_after: float = IDLE_SECONDS
    """How long the table waits on a player still connected before anyone may let a bot play
    his seat (the server's setting, not saved)."""
    waiting_since: float = field(default_factory=time.monotonic, init=False)
    """When the table began to wait on whom it waits on now (:meth:`note_wait`; not saved)."""
    _wait: tuple[object, ...] = field(default=(), init=False, repr=False)
    _present: frozenset[int] = field(default=frozenset(), init=False, repr=False)
    """The seats connected at the last :meth:`note_wait` (not saved)."""
    _gone_at: dict[int, float] = field(default_factory=dict, init=False, repr=False)
    """When each seat's page was last seen gone, by :meth:`note_wait` (not saved)."""
    deal: Deal | None = None
    """The deal given to the first hand (None: dealt from the seed): a practice table's."""
    practice: Practice | None = None
    """Whose finished hand a practice table plays again (None for a game)."""

    # ---------------------------------------------------------------- building

    @classmethod
    def new(cls, preset: str, rules: Rules, strength: str, seed: int | None = None,
            friends: bool = False, name: object = None) -> Table:
        """A new table: the creator in seat 0 (``name``, if given, cleaned and checked as a
        rename is: :func:`.seats.checked_name`), bots (or friends' links) in the others."""
        if strength not in STRENGTHS:
            raise TableError("malformed", f"strength must be one of {', '.join(STRENGTHS)}, "
                                          f"got {shown_json(strength)}")
        own = None if name is None else checked_name(name)
        seed = secrets.randbits(63) if seed is None else seed
        game = Game(rules, seed=seed)
        compass = seat_names(rules.players, 0)
        partners = set(rules.sides[rules.side_of[0]]) - {0}
        seats = [Seat(0, own or ("You" if not friends else "South"), "human", None,
                      secrets.token_urlsafe(12))]
        for s in range(1, rules.players):
            st = partner_strength(strength) if s in partners else strength
            seats.append(Seat(s, compass[s], "bot", st, secrets.token_urlsafe(12),
                              open_to_friend=friends))
        table = cls(secrets.token_urlsafe(9), preset, rules, seed, strength, seats, friends,
                    game, gathering=friends)
        if own is not None and (taken := table.name_taken(0, own)) is not None:
            if friends:
                raise TableError("bad_name", taken)     # (as a rename would be refused)
            seats[0].name = "You"   # (alone with bots: the name the lobby kept, taken here)
        return table

    def to_json(self) -> dict[str, Any]:
        """The saved form: settings, seats and every action (the game is replayed on load)."""
        return {
            "format": FORMAT, "saved_by": __version__, "id": self.id, "preset": self.preset,
            "rules": self.rules.to_string(), "seed": self.seed, "strength": self.strength,
            "friends": self.friends, "paused": self.paused, "paused_by": self.paused_by,
            "gathering": self.gathering, "seats": [s.to_json() for s in self.seats],
            "hands": self.hands, "seq": self.seq, "counted_hands": self.counted_hands,
            "counted_game": self.counted_game, "take_backs": self.take_backs,
            "speed": self.speed,
            **({} if self.practice is None or self.deal is None else {
                "deal": deal_to_dict(self.rules, self.deal),
                "scores": list(self.game.start_scores),
                "practice": self.practice.to_json()}),
        }

    @staticmethod
    def saved_by(d: dict[str, Any]) -> str | None:
        """The version of fivehundred that wrote a save (``saved_by``, in saves from 0.1.0
        on), if it is not this one: a save that no longer replays is then said to be another
        version's, not damaged.  None for this version's, and for a save that does not say
        (written before saves said so) or says nothing like a version."""
        by = d.get("saved_by") if isinstance(d, dict) else None
        return (by if isinstance(by, str) and 0 < len(by) <= 40 and by != __version__
                else None)

    @classmethod
    def from_json(cls, d: dict[str, Any], table_id: str | None = None) -> Table:
        """Rebuild a saved table by replaying its actions; TableError says what is wrong
        (for a save another version of fivehundred wrote, that this one cannot replay it:
        the rules of the engine may have changed since, not the save).

        ``table_id``: the id it was saved under, which its own must be (a table claiming
        another's id would be saved over that one's game)."""
        try:
            return cls._from_json(d, table_id)
        except TableError as e:
            by = cls.saved_by(d)
            if by is None:
                raise
            raise TableError(e.code, f"saved by fivehundred {by}; this version ({__version__}) "
                                     f"cannot replay it: {e}") from None

    @classmethod
    def _from_json(cls, d: dict[str, Any], table_id: str | None) -> Table:
        """:meth:`from_json`'s work, whoever saved the table.  Its words are for whoever
        edited the save by hand: a field missing named (:func:`.seats.saved_field`), an
        action that does not replay placed (:func:`.save_checks.replayed`), the engine's own words
        without an exception's class name."""
        try:
            check_format(d, FORMAT)     # (first: it checks that the save is an object)
            if table_id is not None and d.get("id") != table_id:
                raise TableError("damaged", f"it names itself {d.get('id')!r}, saved as "
                                            f"{table_id!r}")
            if d.get("preset") not in PRESET_NAMES:
                raise TableError("damaged", f"unknown preset {d.get('preset')!r}")
            for name, what in TABLE_FIELDS:
                saved_field(d, name, "the save", what)
            rules = Rules.from_string(d["rules"])
            saved_seats = d["seats"]
            if not isinstance(saved_seats, list):
                raise TableError("damaged", f"the save's seats are not a list: "
                                            f"{shown(saved_seats)}")
            seats = [Seat.from_json(s, i) for i, s in enumerate(saved_seats)]
            if [s.seat for s in seats] != list(range(rules.players)):
                raise TableError("damaged", "the saved seats do not match the rules' players")
            practice = None
            if d.get("practice") is not None:
                for name, what in PRACTICE_FIELDS:
                    saved_field(d["practice"], name, "the save's practice", what)
                practice = Practice.from_json(d["practice"])
            deal = (None if practice is None else
                    check_deal(rules, saved_field(d, "deal", "the save", "deal to practise")))
            # (a practice saved before it began at its game's score: 0 each)
            scores = None if practice is None else d.get("scores")
            try:
                seed = seed_number(d["seed"], ValueError, ValueError)
            except ValueError as e:
                raise TableError("damaged", f"the save's {e}") from None
            game = Game(rules, seed=seed, deal=deal, scores=scores)
            hands = d["hands"]
            if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
                raise TableError("damaged", f"the save's hands are not lists of actions: "
                                            f"{shown(hands)}")
            hands = [[str(a) for a in h] for h in hands]
            if practice is not None and len(hands) != 1:
                raise TableError("damaged", f"a practice table plays one hand, saved with "
                                            f"{len(hands)}")
            replayed(game, hands, seats)
            t = cls(str(d["id"]), str(d["preset"]), rules, seed,
                    saved_strength(d["strength"]),
                    seats, bool(d["friends"]), game, hands)
            t.paused = bool(d.get("paused", False))
            by = d.get("paused_by")         # (saved before it was kept: None)
            t.paused_by = by if t.paused and by in range(rules.players) else None
            t.gathering = bool(d.get("gathering", False))   # (saved before it was: playing)
            t.seq = int(d.get("seq", 0))
            t.counted_hands = int(d["counted_hands"])
            t.counted_game = bool(d["counted_game"])
            t.take_backs = int(d.get("take_backs", 0))   # (saved before take-backs: none)
            t.speed = checked_speed(d.get("speed", "normal"))
            t.deal, t.practice = deal, practice
            t.clean_saved_names()           # (saved before names were cleaned)
            if t.friends and not t.gathering:   # (saved before START set when links open)
                for s in t.seats:
                    if s.open_to_friend and s.key is None and s.opens_at == 0:
                        s.opens_at = game.hand_number + 1
            return t
        except TableError:
            raise
        except FiveHundredError as e:   # (our own words, made for people: no class name)
            raise TableError("damaged", f"the saved game could not be replayed: {e}") from None
        except Exception as e:  # any damage at all: report it, never crash on a save
            raise TableError("damaged", f"the saved game could not be replayed: "
                                        f"{type(e).__name__}: {e}") from None

    # ---------------------------------------------------------------- the table's words and turns

    def set_speed(self, by: int, speed: object, pace: Callable[[], None] | None = None) -> bool:
        """The creator sets how fast the table plays: whether that changed it (the speed it
        has already changes nothing, so nothing is saved or sent, as for pausing a paused
        table); TableError, nothing changed, for anyone else or a speed that is not one of
        ``options.SPEEDS``.  ``pace``, called just before a new speed is kept, may refuse it
        (the hub's :data:`.throttle.SPEED_EVERY`: a page changing it without end flooded every
        page and the disk).

        >>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5)
        >>> t.set_speed(0, "fast"), t.set_speed(0, "fast"), t.speed
        (True, False, 'fast')
        """
        if by != 0:
            raise TableError("not_host", "only the table's creator sets its speed")
        try:
            new = checked_speed(speed)
        except FiveHundredError as e:
            raise TableError("malformed", str(e)) from None
        if new == self.speed:
            return False
        if pace is not None:
            pace()
        self.speed = new
        # (seq stays: the game did not move, and a bot deciding now still decides for it)
        return True

    def names(self) -> list[str]:
        """Each seat's name."""
        return [s.name for s in self.seats]

    def side_names(self) -> list[str]:
        """Each side's seats' names, as the lobby's lines give them (the creator by the name
        he chose): "You & North", "You, North-West & North-East"."""
        names = self.names()
        return [joined([names[s] for s in side]) for side in self.rules.sides]

    def bot_to_move(self) -> int | None:
        """The bot seat whose turn it is (None if a human's, paused, gathering, between hands,
        or while a claim is checked: a bot's card then would make the claim's answer stale)."""
        m = self.game.to_move
        if (m is None or self.paused or self.gathering or self.claiming > 0
                or self.seats[m].kind != "bot"):
            return None
        return m

    # ---------------------------------------------------------------- acting

    def act(self, seat: int, action: object) -> None:
        """Apply one action of ``seat``; TableError (nothing changed) if it may not."""
        if not isinstance(action, str) or not action or len(action) > 20:
            raise TableError("malformed", f"an action is a short token such as 7H or pass, "
                                          f"got {shown_json(action)}")
        self._check_turn(seat)
        try:
            self.game.apply(action)
        except FiveHundredError as e:
            raise TableError("illegal", str(e)) from None
        self._saved_last()
        self.seq += 1

    def _saved_last(self) -> None:
        """Keep the action just applied, as the engine spells it (" 10nt" is saved 10NT)."""
        self.hands[-1].append(token_of(self.game.actions[-1]))

    def discard(self, seat: int, chosen: object) -> None:
        """The declarer's whole discard at once: all applied or none."""
        self._check_turn(seat)
        g = self.game
        if g.phase != "kitty":
            raise TableError("illegal", f"there is nothing to discard now (the {g.phase} phase)")
        need = discards_left(g.view(seat))
        if (not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen)):
            raise TableError("malformed", f"cards must be a list of card tokens, "
                                          f"got {shown_json(chosen)}")
        if len(chosen) != need:
            raise TableError("illegal", f"discard exactly {need} card{'s' if need != 1 else ''}, "
                                        f"not {len(chosen)}")
        if len(set(chosen)) != len(chosen):
            raise TableError("illegal", "the same card was chosen twice")
        self._apply_all(chosen)

    def _apply_all(self, actions: list[str], why: str = "", hand_out: bool = False) -> None:
        """Apply ``actions`` (and, with ``hand_out``, end the hand's play with them) all or
        none: TableError "illegal" (``why`` before the engine's reason) if any may not be."""
        trial = self.game.clone()
        try:
            for a in actions:
                trial.apply(a)
        except FiveHundredError as e:
            raise TableError("illegal", f"{why}{e}") from None
        if hand_out and trial.phase == "play":
            raise TableError("illegal", "the claim's cards do not play the hand out")
        for a in actions:
            self.game.apply(a)
            self._saved_last()
        self.seq += 1

    def take_back(self, seat: int) -> int:
        """Take back ``seat``'s last decision of the hand in play and every action after it
        (:meth:`Game.take_back`); returns how many actions went.  Only at a table where every
        other seat is a bot: no one else loses a card he played.  TableError, nothing
        changed, if it may not."""
        self._check_take_back(seat)
        try:
            undone = self.game.take_back(seat)
        except FiveHundredError as e:
            raise TableError("illegal", str(e)) from None
        actions = self.hands[-1]
        assert len(undone) <= len(actions), "the saved actions and the game disagree"
        del actions[len(actions) - len(undone):]
        self.take_backs += 1
        self.uncounted_take_backs += 1
        self.seq += 1
        return len(undone)

    def may_take_back(self, seat: int) -> bool:
        """Whether :meth:`take_back` would take back a decision of ``seat`` now."""
        try:
            self._check_take_back(seat)
        except TableError:
            return False
        return self.game.can_take_back(seat)

    def practise(self, seat: int) -> Table:
        """PLAY THIS DEAL AGAIN: a practice table dealt the cards of the hand just finished
        (every seat's, the kitty, the dealer), same rules, strengths, speed and seats, ``seat``
        the one person there, at the score the hand began at (the bots bid by it, and the
        hand may end the game as it did).  Its seed is a fresh secret: the game's would deal
        its next hands ahead of time, and its bots' seeds come from it.  This table is not
        changed; TableError, nothing changed, if it may not (:meth:`_check_practice`)."""
        self._check_practice(seat)
        if self.practice is not None:
            raise TableError("no_practice", "this is a practice table already: PLAY IT AGAIN "
                                            "deals it once more")
        log = self.game.past_hands[-1]
        hand = len(self.game.past_hands) - 1
        before = self.game.scores_at(hand)
        seed = secrets.randbits(63)
        seats = [Seat(s.seat, s.name, "human" if s.seat == seat else "bot",
                      s.strength or (None if s.seat == seat else self.strength),
                      secrets.token_urlsafe(12)) for s in self.seats]
        token = self.seats[seat].token
        table = Table(practice_id(self.id, hand, token), self.preset, self.rules, seed,
                      self.strength, seats, False,
                      Game(self.rules, seed=seed, deal=log.deal, scores=before),
                      deal=log.deal, practice=Practice(self.id, hand, seat, token))
        table.speed = self.speed
        return table

    def check_claim(self, seat: int) -> None:
        """TableError, nothing changed, unless ``seat`` may claim now (the play of a hand, a
        seat in it; in a misère, the declarer): whether it stands is the solver's to say
        (:func:`claim_answer`, in a worker)."""
        self.check_started(seat)
        try:
            check_claimant(self.game, seat)
        except ClaimError as e:
            raise TableError("illegal", str(e)) from None

    def play_claim(self, seat: int, plays: object) -> None:
        """Play out a claim of ``seat`` that stood: every card left, in order, as planned on
        this very position (:func:`claim_answer`); all or none (TableError if any is not
        legal here, the position having moved on)."""
        self.check_claim(seat)
        if not isinstance(plays, list) or not all(isinstance(a, str) for a in plays):
            raise TableError("malformed", f"a claim's plays are card tokens, "
                                          f"got {shown_json(plays)}")
        self._apply_all(plays, "the claim's cards no longer fit the table: ", hand_out=True)

    def _check_take_back(self, seat: int) -> None:
        """TableError, nothing changed, unless ``seat`` may take back now: the game playing,
        and every other seat a bot's that no person ever sat in (a friend a bot stands in for
        while he is away, or the creator's seat, would lose cards he played too)."""
        self.check_started(seat)
        self.check_not_over("there is nothing to take back")
        others = [s for s in self.seats if s.seat != seat and self.persons_seat(s)]
        if others:
            names = joined([s.name for s in others], " and ")
            why = ("" if all(s.kind == "human" for s in others)
                   else " (a bot only stands in for a player who is away)")
            raise TableError("illegal", f"a take-back is for a table of bots: {names} would "
                                        f"lose cards too{why}")

    def persons_seat(self, s: Seat) -> bool:
        """Whether a person plays seat ``s``, or a bot plays it only for him: a human's, the
        creator's at a table with friends, a friend's whose link was ever opened."""
        return (s.kind == "human" or (self.friends and s.seat == 0)
                or s.opened > 0 or s.key is not None)

    def _check_turn(self, seat: int) -> None:
        self.check_started(seat)
        g = self.game
        if g.to_move is None:
            raise TableError("not_your_turn", f"nobody is to move now (the {g.phase} phase)")
        if g.to_move != seat:
            raise TableError("not_your_turn",
                             f"it is {self.seats[g.to_move].name}'s turn, not yours")

    def press_next(self, seat: int, connected: set[int]) -> bool | None:
        """A human pressed NEXT; deal once every connected human has (True if dealt, False
        if the deal waits on others, None if this seat had pressed already: nothing changed,
        so no state is sent, as for pausing a paused table)."""
        if self.game.phase != "hand_over":
            raise TableError("illegal", f"NEXT is for the end of a hand; the game is in the "
                                        f"{self.game.phase} phase")
        if self.practice is not None:
            raise TableError("illegal", "a practice table plays one hand: PLAY IT AGAIN deals "
                                        "it once more, BACK TO THE GAME goes back to the game")
        if seat in self.ready:
            return None
        self.ready.add(seat)
        return self.deal_if_ready(connected)

    def deal_if_ready(self, connected: set[int]) -> bool:
        """Deal the next hand if someone pressed NEXT and every human still connected has
        (True if dealt): asked at each press, and when a friend leaves at the end of a hand
        (the last one not ready leaving left the others waiting for a press that never
        came)."""
        if self.game.phase != "hand_over" or not self.ready or self.waiting_for_next(connected):
            return False
        self.ready.clear()
        self.game.next_hand()
        self.hands.append([])
        self.seq += 1
        return True

    # ---------------------------------------------------------------- messages

    def view(self, seat: int) -> View:
        """The seat's view: the only thing its browser is ever built from."""
        return self.game.view(seat)

    def table_json(self, seat: int, connected: set[int], thinking: int | None) -> dict[str, Any]:
        """The table's public description for one seat (links only for the creator)."""
        r = self.rules
        links = []
        if seat == 0 and self.friends:
            links = [{"seat": s.seat, "name": s.name, "kind": s.kind,
                      "connected": s.seat in connected, "opened": s.key is not None,
                      "opens_next_deal": self.game.hand_number < s.opens_at,
                      "url": f"/?table={self.id}&token={s.token}"}
                     for s in self.seats[1:] if s.open_to_friend]
        return {
            "id": self.id, "preset": self.preset, "rules_label": rules_label(r, self.preset),
            "rules": r.to_string(), "players": r.players, "target": r.target, "hole": r.hole,
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                       "strength": s.strength if s.kind == "bot" else None,
                       "connected": s.seat in connected, "persons": self.persons_seat(s)}
                      for s in self.seats],
            "sides": [list(x) for x in r.sides],
            "side_names": side_labels(self.view(seat), self.names()),
            "strength": self.strength, "friends": self.friends,
            "paused": self.paused, "paused_by": self.paused_by,
            "may_resume": self.may_resume(seat, connected), "gathering": self.gathering,
            "may_start": self.may_start(seat, connected), "speed": self.speed,
            "speed_factor": SPEEDS[self.speed], "thinking": thinking,
            "waiting_on": sorted(self.waiting_on(connected)),
            "waiting_for": sorted(self.waiting_for_next(connected)),
            "idle_after": self.idle_after, "hold_after": self.hold_after(),
            "waited": round(self.waited(), 1),
            "links": links,
            "practice": None if (p := self.practice) is None else {
                "table": p.table, "hand": p.hand,
                "back": f"/?table={p.table}&token={p.token}" if seat == p.seat else None},
            # the cut that chose the first dealer, each seat's card, until the first action
            "cut": None if (cut := opening_cut(self.game)) is None else [token(c) for c in cut],
        }

    def message(self, seat: int, connected: set[int], thinking: int | None = None,
                stats: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``state`` message for one seat (see docs/protocol.md)."""
        v = self.view(seat)
        own = self.seats[seat].kind == "human"
        if not own:           # a bot plays it for him: his page watches, nothing to do
            v = replace(v, legal_actions=())
        if self.gathering:    # nobody is to move before START
            v = replace(v, to_move=None, legal_actions=())
        names = self.names()
        over = v.phase in ("hand_over", "game_over")
        return {
            "type": "state", "seq": self.seq, "you": seat,
            "table": self.table_json(seat, connected, thinking),
            "view": view_json(v), "bids": bid_grid(v),
            "status": (self.gathering_line(seat, connected) if self.gathering
                       else status_line(v, names, self.practice is not None)),
            "joker_rule": joker_rule(v),
            "take_back": own and self.may_take_back(seat),
            "claim": own and may_claim(self.game, seat),
            "practice": own and self.may_practise(seat),
            "sheet": sheet_json(v, names) if over and v.hand_results else None,
            "summary": summary_json(v, names) if v.phase == "game_over" else None,
            "stats": stats if v.phase == "game_over" else None,
        }

