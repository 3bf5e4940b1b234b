"""One table of the browser game: the Game, who sits where (each seat: :mod:`.seats`), and
every check on a seat's move.

A Table is plain synchronous logic (the server drives it): it checks that a seat may act,
applies the action to the engine, and can be saved as JSON and rebuilt by replaying every
action from the seed (a practice table, from the deal it was given: :meth:`Table.practise`).
Bad input raises :class:`TableError` and changes nothing.

>>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5)
>>> [s.kind for s in t.seats], t.seats[2].strength
(['human', 'bot', 'bot', 'bot'], 'hard')
>>> t2 = Table.from_json(t.to_json())
>>> t2.game.view(0) == t.game.view(0)
True
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import time
from dataclasses import dataclass, field, replace
from typing import Any

from ..actions import token_of
from ..cards import token
from ..claims import ClaimError, check_claimant, may_claim
from ..console.display import seat_names
from ..dealing import Deal, check_deal, deal_to_dict, opening_cut
from ..errors import FiveHundredError
from ..game import Game
from ..rules import PRESET_NAMES, Rules
from ..view import View
from ..words import joined
from .options import SPEEDS, STRENGTHS, checked_speed, rules_label
from .seats import Seat, name_problem, partner_strength, secret_like
from .seats import TableError as TableError  # (lane, messages, tests import it here)
from .state import (
    bid_grid,
    discards_left,
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


def practice_id(table_id: str, hand: int) -> str:
    """The id of the practice table of hand ``hand`` (from 0) of the game at ``table_id``:
    one per hand, so PLAY THIS DEAL AGAIN asked for again opens it again (a practice table
    is saved, never listed: one a click would fill the saves file without end).

    >>> practice_id("abc", 2) == practice_id("abc", 2) != practice_id("abc", 3)
    True
    """
    digest = hashlib.blake2b(f"practice:{table_id}:{hand}".encode(), digest_size=9).digest()
    return base64.urlsafe_b64encode(digest).decode()


@dataclass(frozen=True)
class Practice:
    """What a practice table plays again: hand ``hand`` (from 0) of the game at table
    ``table``, for its ``seat``, whose link there (``token``) is BACK TO THE GAME."""

    table: str
    hand: int
    seat: int
    token: str

    def to_json(self) -> dict[str, Any]:
        """The saved form (part of the practice table's)."""
        return {"table": self.table, "hand": self.hand, "seat": self.seat, "token": self.token}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Practice:
        """A saved one (a field missing or not one raises: :meth:`Table.from_json` reports
        it as damage)."""
        return cls(str(d["table"]), int(d["hand"]), int(d["seat"]), str(d["token"]))


@dataclass
class Table:
    """A game in progress at one table, with its seats and its saved form."""

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
    deal: Deal | None = None
    """The deal given to the first hand (None: dealt from the seed): a practice table's."""
    practice: Practice | None = None
    """Whose finished hand a practice table plays again (None for a game)."""

    # ---------------------------------------------------------------- building

    @classmethod
    def new(cls, preset: str, rules: Rules, strength: str, seed: int | None = None,
            friends: bool = False, name: str | None = None) -> Table:
        """A new table: the creator in seat 0, bots (or friends' links) in the others."""
        if strength not in STRENGTHS:
            raise TableError("malformed", f"strength must be one of {', '.join(STRENGTHS)}, "
                                          f"got {strength!r}")
        seed = secrets.randbits(63) if seed is None else seed
        game = Game(rules, seed=seed)
        compass = seat_names(rules.players, 0)
        partners = set(rules.sides[rules.side_of[0]]) - {0}
        seats = [Seat(0, name or ("You" if not friends else "South"), "human", None,
                      secrets.token_urlsafe(12))]
        for s in range(1, rules.players):
            st = partner_strength(strength) if s in partners else strength
            seats.append(Seat(s, compass[s], "bot", st, secrets.token_urlsafe(12),
                              open_to_friend=friends))
        table = cls(secrets.token_urlsafe(9), preset, rules, seed, strength, seats, friends,
                    game)
        if name is not None and (taken := table.name_taken(0, name)) is not None:
            if friends:
                raise TableError("bad_name", taken)     # (as a rename would be refused)
            seats[0].name = "You"   # (alone with bots: the name the lobby kept, taken here)
        return table

    def to_json(self) -> dict[str, Any]:
        """The saved form: settings, seats and every action (the game is replayed on load)."""
        return {
            "format": FORMAT, "id": self.id, "preset": self.preset,
            "rules": self.rules.to_string(), "seed": self.seed, "strength": self.strength,
            "friends": self.friends, "paused": self.paused, "paused_by": self.paused_by,
            "seats": [s.to_json() for s in self.seats],
            "hands": self.hands, "seq": self.seq, "counted_hands": self.counted_hands,
            "counted_game": self.counted_game, "take_backs": self.take_backs,
            "speed": self.speed,
            **({} if self.practice is None or self.deal is None else {
                "deal": deal_to_dict(self.rules, self.deal),
                "practice": self.practice.to_json()}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any], table_id: str | None = None) -> Table:
        """Rebuild a saved table by replaying its actions; TableError says what is wrong.

        ``table_id``: the id it was saved under, which its own must be (a table claiming
        another's id would be saved over that one's game)."""
        try:
            if d.get("format") != FORMAT:
                raise TableError("damaged", f"saved table format {d.get('format')!r} is not "
                                            f"{FORMAT}")
            if table_id is not None and d.get("id") != table_id:
                raise TableError("damaged", f"it names itself {d.get('id')!r}, saved as "
                                            f"{table_id!r}")
            if d.get("preset") not in PRESET_NAMES:
                raise TableError("damaged", f"unknown preset {d.get('preset')!r}")
            rules = Rules.from_string(d["rules"])
            seats = [Seat.from_json(s) for s in d["seats"]]
            if [s.seat for s in seats] != list(range(rules.players)):
                raise TableError("damaged", "the saved seats do not match the rules' players")
            practice = None if d.get("practice") is None else Practice.from_json(d["practice"])
            deal = None if practice is None else check_deal(rules, d["deal"])
            game = Game(rules, seed=int(d["seed"]), deal=deal)
            hands = [[str(a) for a in h] for h in d["hands"]]
            if practice is not None and len(hands) != 1:
                raise TableError("damaged", f"a practice table plays one hand, saved with "
                                            f"{len(hands)}")
            for i, actions in enumerate(hands):
                if i:
                    game.next_hand()
                for a in actions:
                    game.apply(a)
            t = cls(str(d["id"]), str(d["preset"]), rules, int(d["seed"]), str(d["strength"]),
                    seats, bool(d["friends"]), game, hands)
            t.paused = bool(d.get("paused", False))
            by = d.get("paused_by")         # (saved before it was kept: None)
            t.paused_by = by if t.paused and by in range(rules.players) else None
            t.seq = int(d.get("seq", 0))
            t.counted_hands = int(d["counted_hands"])
            t.counted_game = bool(d["counted_game"])
            t.take_backs = int(d.get("take_backs", 0))   # (saved before take-backs: none)
            t.speed = checked_speed(d.get("speed", "normal"))
            t.deal, t.practice = deal, practice
            return t
        except TableError:
            raise
        except Exception as e:  # any damage at all: report it, never crash on a save
            raise TableError("damaged", f"the saved game could not be replayed: "
                                        f"{type(e).__name__}: {e}") from None

    # ---------------------------------------------------------------- seats

    def seat_of_token(self, token: object) -> int | None:
        """The seat a secret gives (the creator's link, a friend's key; not an invitation:
        see :meth:`accept_invitation`), or None."""
        if not secret_like(token):
            return None
        for s in self.seats:
            secret = s.key if s.open_to_friend else s.token
            if secret is not None and secrets.compare_digest(secret, token):
                return s.seat
        return None

    def accept_invitation(self, token: object) -> tuple[int, str, int] | None:
        """A browser opens a friend's seat link: the seat, the key its browser keeps from
        now on (the link itself gives the seat no more) and how many of the seat's links were
        opened before; None if ``token`` is no seat's invitation; TableError, nothing
        changed, ``link_used`` if it was opened before, ``link_not_yet`` for a new link
        before the next deal."""
        if not secret_like(token):
            return None
        for s in self.seats:
            if s.open_to_friend and secrets.compare_digest(s.token, token):
                if s.key is not None:
                    raise TableError("link_used", f"{s.name}'s link was opened already, in "
                                                  f"another browser: only that browser takes "
                                                  f"the seat now (if it lost it, ask the host "
                                                  f"for a new link)")
                if self.game.hand_number < s.opens_at:
                    raise TableError("link_not_yet", f"{s.name}'s new link opens with the "
                                                     f"next deal, once this hand is over")
                s.key = secrets.token_urlsafe(12)
                s.opened += 1
                self.seq += 1
                return s.seat, s.key, s.opened - 1
        return None

    def check_plays_own_seat(self, seat: int) -> None:
        """TableError unless a person plays ``seat``: while a bot plays it for him (he was
        away), his page may not act too, or two would play one seat, whichever came first."""
        if self.seats[seat].kind != "human":
            raise TableError("illegal", "a bot plays your seat now: PLAY AGAIN takes it back "
                                        "first")

    def take_seat_back(self, seat: int) -> None:
        """A player whose seat a bot plays while his page is open (he was away) plays it
        again; TableError, nothing changed, if he plays it already."""
        if not self.take_seat(seat):
            raise TableError("illegal", "you play your seat already")
        self.seq += 1

    def take_seat(self, seat: int) -> bool:
        """Someone sat down at this seat (its creator, or a friend by his key or invitation):
        a human plays it from now on.  True if that changed it (it was a bot's)."""
        s = self.seats[seat]
        if s.kind == "human":
            return False
        s.kind = "human"
        return True

    def waiting_on(self, connected: set[int]) -> set[int]:
        """The human seats still connected that the table waits on: the one to move, or at a
        hand's sheet that someone has passed, those who have not pressed NEXT (none while
        paused)."""
        humans = {s.seat for s in self.seats if s.kind == "human"} & connected
        g = self.game
        if self.paused:
            return set()
        if g.phase == "hand_over":
            return humans - self.ready if self.ready else set()
        return {g.to_move} & humans if g.to_move is not None else set()

    def note_wait(self, connected: set[int]) -> None:
        """Start the clock of the wait (:meth:`waited`) when what the table waits on changes:
        a move, a NEXT, a take-back, a seat given to a bot or taken back, a pause, the awaited
        player's page closed or opened again.  A rename or a new speed does not: they
        restarted it, so a friend renaming himself kept an idle player's seat from a bot."""
        key = (len(self.hands), len(self.hands[-1]) if self.hands else 0,
               frozenset(self.ready), frozenset(self.waiting_on(connected)))
        if key != self._wait:
            self._wait = key
            self.waiting_since = time.monotonic()

    def waited(self) -> float:
        """Seconds the table has waited on whom it waits on now (as of the last
        :meth:`note_wait`)."""
        return max(0.0, time.monotonic() - self.waiting_since)

    def seat_to_bot(self, by: int, seat: object, connected: set[int]) -> None:
        """The creator gives a friend's seat, left empty, to a bot (of the strength it had
        before the friend took it), so the table does not wait for someone who has gone;
        once the creator has left, anyone at the table may, the creator's seat too (a bot
        of the table's strength), else the friends would wait for him forever; and anyone
        may give a bot the seat of a player still connected that the table has waited on
        for ``idle_after`` seconds (:meth:`waited`: he went away from an open page), the
        creator's too.  The key stays good: coming back, or ``take_seat``,
        takes the seat back (:meth:`take_seat`).  TableError, nothing changed, for a friend
        while the creator is there, a seat that is not a friend's, a seat a bot plays
        already, or a player who is still connected (and not idle that long)."""
        host_away = self.friends and 0 not in connected
        number = seat if isinstance(seat, int) and not isinstance(seat, bool) else -1
        self.note_wait(connected)
        waited = self.friends and number != by and number in self.waiting_on(connected)
        idle_for = self.waited()
        if waited and idle_for < self.idle_after:
            raise TableError("illegal", f"{self.seats[number].name} is still at the table: a "
                                        f"bot may take over once the table has waited on "
                                        f"him {self.idle_after:.0f} s ({idle_for:.0f} s so "
                                        f"far)")
        if waited or (host_away and number == 0):
            s = self.seats[number]
            s.strength = s.strength or self.strength
        else:
            s = self._friends_seat(0 if host_away else by, seat, connected,
                                   "give a seat to a bot (or anyone, once he has left)",
                                   "a bot takes over only a seat whose player has left")
        if s.kind == "bot":
            raise TableError("illegal", f"a bot plays {s.name}'s seat already")
        s.kind = "bot"
        self.ready.discard(s.seat)
        self.seq += 1

    def renew_invitation(self, by: int, seat: object, connected: set[int]) -> None:
        """The creator makes a friend's seat a new link (for a friend whose browser lost its
        key, or for someone else): the old link and key give the seat no more, and a bot
        plays it until the new link is opened, which it may be from the next deal on (else
        the host could open it himself and see the hand his friend held).  TableError,
        nothing changed, for anyone but the creator, a seat that is not a friend's, a link
        not opened yet (it is still good), or a friend who is still connected."""
        s = self._friends_seat(by, seat, connected, "make a seat a new link",
                               "a seat gets a new link only once its player has left")
        if s.key is None:
            raise TableError("illegal", f"{s.name}'s link has not been opened yet: it is "
                                        f"still good, send it again")
        s.token, s.key, s.kind = secrets.token_urlsafe(12), None, "bot"
        s.name = self._free_name(s.seat)          # (his name is not the next's)
        s.player = None                                      # (nor his statistics)
        s.opens_at = self.game.hand_number + 1
        self.ready.discard(s.seat)
        self.seq += 1

    def _friends_seat(self, by: int, seat: object, connected: set[int], what: str,
                      when: str) -> Seat:
        """The seat offered to a friend that the creator names, his friend gone; TableError
        for anything else (``what`` the creator wants to do, ``when`` it may be done)."""
        if by != 0:
            raise TableError("not_host", f"only the table's creator can {what}")
        last = len(self.seats) - 1
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TableError("malformed", f"seat must be a seat number from 1 to {last}, "
                                          f"got {seat!r}")
        if not 1 <= seat <= last:
            raise TableError("illegal", f"seat {seat}: a friend's seat is one of 1 to {last}")
        s = self.seats[seat]
        if not s.open_to_friend:
            raise TableError("illegal", f"{s.name}'s seat was never offered to a friend")
        if seat in connected:
            raise TableError("illegal", f"{s.name} is still at the table: {when}")
        return s

    def set_paused(self, by: int, paused: object, connected: set[int]) -> bool:
        """Pause the table (any seat: the bots stop; every seat's page shows who paused it)
        or resume it: the seat that paused it, the creator, or anyone once the seat that
        paused it has left.  Whether anything changed (pausing a paused table does not);
        TableError, nothing changed, for a value not true or false or another's pause.

        >>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5,
        ...               friends=True)
        >>> t.set_paused(1, True, {0, 1}), t.paused_by
        (True, 1)
        >>> try:
        ...     t.set_paused(2, False, {0, 1, 2})
        ... except TableError as e:
        ...     print(e.code, e)
        illegal West paused the game: it goes on when West or the table's creator resumes it
        >>> t.set_paused(2, False, {0, 2}), t.paused, t.paused_by    # (West has left)
        (True, False, None)
        """
        if not isinstance(paused, bool):
            raise TableError("malformed", f"pause needs \"paused\": true or false, got "
                                          f"{paused!r}")
        if paused == self.paused:
            return False
        if not self.may_resume(by, connected):
            who = self.seats[self.paused_by].name if self.paused_by is not None else "?"
            raise TableError("illegal", f"{who} paused the game: it goes on when {who} or "
                                        f"the table's creator resumes it")
        self.paused, self.paused_by = paused, by if paused else None
        self.seq += 1
        return True

    def may_resume(self, seat: int, connected: set[int]) -> bool:
        """Whether ``seat`` may resume the table (True when it is not paused)."""
        p = self.paused_by
        return not self.paused or p is None or seat in (0, p) or p not in connected

    def set_name(self, seat: int, name: object) -> None:
        """A player at a table with friends names himself (the others saw "West"); TableError
        ``bad_name``, nothing changed, without friends, for a name that ``name_problem``
        refuses, "You" (each page calls its own seat so) or another seat's name.

        >>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5,
        ...               friends=True)
        >>> t.set_name(1, " Ann "), t.names()
        (None, ['South', 'Ann', 'North', 'East'])
        >>> t.set_name(3, "ann")
        Traceback (most recent call last):
        ...
        fivehundred.web.seats.TableError: Ann is the name of another seat: choose another
        """
        if not self.friends:
            raise TableError("bad_name", "names are for tables with friends (yours is You)")
        if (problem := name_problem(name)) is not None:
            raise TableError("bad_name", problem)
        assert isinstance(name, str)
        name = name.strip()
        if (taken := self.name_taken(seat, name)) is not None:
            raise TableError("bad_name", taken)
        self.seats[seat].name = name        # (seq stays: the game did not move)

    def _free_name(self, seat: int) -> str:
        """The seat's compass name, or where another seat has taken it since, the first of
        "West 2", "West 3"... that none has."""
        compass = seat_names(self.rules.players, 0)[seat]
        k = 1
        name = compass
        while self.name_taken(seat, name) is not None:
            k += 1
            name = f"{compass} {k}"
        return name

    def name_taken(self, seat: int, name: str) -> str | None:
        """Why ``name`` may not be ``seat``'s here (None if it may): "You", which each page
        calls its own seat, or another seat's name, in any case."""
        if name.casefold() == "you":
            return "every page calls its own seat You: choose another name"
        other = next((s for s in self.seats if s.seat != seat
                      and s.name.casefold() == name.casefold()), None)
        if other is not None:
            return f"{other.name} is the name of another seat: choose another"
        return None

    def set_speed(self, by: int, speed: object) -> None:
        """The creator sets how fast the table plays; TableError, nothing changed, for anyone
        else or a speed that is not one of ``options.SPEEDS``."""
        if by != 0:
            raise TableError("not_host", "only the table's creator sets its speed")
        try:
            self.speed = checked_speed(speed)
        except FiveHundredError as e:
            raise TableError("malformed", str(e)) from None
        # (seq stays: the game did not move, and a bot deciding now still decides for it)

    def names(self) -> list[str]:
        """Each seat's name."""
        return [s.name for s in self.seats]

    def side_names(self) -> list[str]:
        """Each side's seats' names, as the lobby's lines give them (the creator by the name
        he chose): "You & North", "You, North-West & North-East"."""
        names = self.names()
        return [joined([names[s] for s in side]) for side in self.rules.sides]

    def bot_to_move(self) -> int | None:
        """The bot seat whose turn it is (None if a human's, paused, between hands, or while
        a claim is checked: a bot's card then would make the claim's answer stale)."""
        m = self.game.to_move
        if m is None or self.paused or self.claiming > 0 or self.seats[m].kind != "bot":
            return None
        return m

    # ---------------------------------------------------------------- acting

    def act(self, seat: int, action: object) -> None:
        """Apply one action of ``seat``; TableError (nothing changed) if it may not."""
        if not isinstance(action, str) or not action or len(action) > 20:
            raise TableError("malformed", f"an action is a short token such as 7H or pass, "
                                          f"got {action!r}")
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
            raise TableError("malformed", f"cards must be a list of card tokens, got {chosen!r}")
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
        the one person there.  Its seed is a fresh secret: the game's would deal its next
        hands ahead of time, and its bots' seeds come from it.  This table is not changed;
        TableError, nothing changed, if it may not (:meth:`_check_practice`)."""
        self._check_practice(seat)
        if self.practice is not None:
            raise TableError("no_practice", "this is a practice table already: PLAY IT AGAIN "
                                            "deals it once more")
        log = self.game.past_hands[-1]
        hand = len(self.game.past_hands) - 1
        seed = secrets.randbits(63)
        seats = [Seat(s.seat, s.name, "human" if s.seat == seat else "bot",
                      s.strength or (None if s.seat == seat else self.strength),
                      secrets.token_urlsafe(12)) for s in self.seats]
        table = Table(practice_id(self.id, hand), self.preset, self.rules, seed, self.strength,
                      seats, False, Game(self.rules, seed=seed, deal=log.deal),
                      deal=log.deal, practice=Practice(self.id, hand, seat,
                                                       self.seats[seat].token))
        table.speed = self.speed
        return table

    def play_again(self, seat: int) -> None:
        """PLAY IT AGAIN at a practice table whose hand is over: the same deal once more, in
        place (its seed and bots' seeds too); TableError, nothing changed, if it may not."""
        self._check_practice(seat)
        self.deal_again()

    def deal_again(self) -> None:
        """A practice table's deal from its start, whatever was played of it (its seed, and
        so its bots' answers, kept); TableError, nothing changed, at a game's table."""
        if self.practice is None or self.deal is None:
            raise TableError("no_practice", "PLAY IT AGAIN is for a practice table (PLAY THIS "
                                            "DEAL AGAIN opens one)")
        self.game = Game(self.rules, seed=self.seed, deal=self.deal)
        self.hands = [[]]
        self.ready.clear()
        self.counted_hands = 0
        self.seq += 1

    def may_practise(self, seat: int) -> bool:
        """Whether ``seat`` may play this deal again now (:meth:`practise`, or at a practice
        table :meth:`play_again`)."""
        try:
            self._check_practice(seat)
        except TableError:
            return False
        return True

    def _check_practice(self, seat: int) -> None:
        """TableError ``no_practice`` unless ``seat`` may play the hand just finished again:
        only at a table of bots (no other person's cards are at stake), once the hand is
        over, and not a hand thrown in (all passed: nothing was played; one played at no
        trumps was), but at a practice table, whose deal is the point."""
        self.check_plays_own_seat(seat)
        if self.friends or any(s.kind == "human" for s in self.seats if s.seat != seat):
            raise TableError("no_practice", "a deal is played again only at a table of bots: "
                                            "at a table with friends their cards are at stake")
        g = self.game
        if g.phase not in ("hand_over", "game_over") or not g.hand_results:
            raise TableError("no_practice", "the hand is still being played: it may be played "
                                            "again once it is over")
        if self.practice is None and g.hand_results[-1].kind == "all_pass_redeal":
            raise TableError("no_practice", "everyone passed and the hand was thrown in: "
                                            "nothing was played to play again")

    def check_claim(self, seat: int) -> None:
        """TableError, nothing changed, unless ``seat`` may claim now (the play of a hand, a
        seat in it; in a misère, the declarer): whether it stands is the solver's to say
        (:func:`claim_answer`, in a worker)."""
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
            raise TableError("malformed", f"a claim's plays are card tokens, got {plays!r}")
        self._apply_all(plays, "the claim's cards no longer fit the table: ", hand_out=True)

    def _check_take_back(self, seat: int) -> None:
        others = [s.name for s in self.seats if s.seat != seat and s.kind == "human"]
        if others:
            raise TableError("illegal", f"a take-back is for a table of bots: "
                                        f"{' and '.join(others)} would lose cards too")

    def _check_turn(self, seat: int) -> None:
        g = self.game
        if g.to_move is None:
            raise TableError("not_your_turn", f"nobody is to move now (the {g.phase} phase)")
        if g.to_move != seat:
            raise TableError("not_your_turn",
                             f"it is {self.seats[g.to_move].name}'s turn, not yours")

    def press_next(self, seat: int, connected: set[int]) -> bool:
        """A human pressed NEXT; deal once every connected human has (True if dealt)."""
        if self.game.phase != "hand_over":
            raise TableError("illegal", f"NEXT is for the end of a hand; the game is in the "
                                        f"{self.game.phase} phase")
        if self.practice is not None:
            raise TableError("illegal", "a practice table plays one hand: PLAY IT AGAIN deals "
                                        "it once more, BACK TO THE GAME goes back to the game")
        self.ready.add(seat)
        return self.deal_if_ready(connected)

    def deal_if_ready(self, connected: set[int]) -> bool:
        """Deal the next hand if someone pressed NEXT and every human still connected has
        (True if dealt): asked at each press, and when a friend leaves at the end of a hand
        (the last one not ready leaving left the others waiting for a press that never
        came)."""
        humans = {s.seat for s in self.seats if s.kind == "human"} & connected
        if self.game.phase != "hand_over" or not self.ready or not humans <= self.ready:
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
                       "connected": s.seat in connected} for s in self.seats],
            "sides": [list(x) for x in r.sides],
            "side_names": side_labels(self.view(seat), self.names()),
            "strength": self.strength, "friends": self.friends,
            "paused": self.paused, "paused_by": self.paused_by,
            "may_resume": self.may_resume(seat, connected), "speed": self.speed,
            "speed_factor": SPEEDS[self.speed], "thinking": thinking,
            "waiting_on": sorted(self.waiting_on(connected)), "idle_after": self.idle_after,
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
        names = self.names()
        over = v.phase in ("hand_over", "game_over")
        return {
            "type": "state", "seq": self.seq, "you": seat,
            "table": self.table_json(seat, connected, thinking),
            "view": view_json(v), "bids": bid_grid(v),
            "status": status_line(v, names, self.practice is not None),
            "take_back": own and self.may_take_back(seat),
            "claim": own and may_claim(self.game, seat),
            "practice": own and self.may_practise(seat),
            "sheet": sheet_json(v, names) if over and v.hand_results else None,
            "summary": summary_json(v, names) if v.phase == "game_over" else None,
            "stats": stats if v.phase == "game_over" else None,
        }
