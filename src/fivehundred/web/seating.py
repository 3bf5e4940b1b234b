"""Who sits at a table: the seat a secret gives, a friend's invitation and its new link, the
gathering of friends before the host's START, a seat given to a bot and taken back (the wait on
an idle player), the pause, the seats' names.
A mixin of :class:`fivehundred.web.table.Table`, whose fields these are.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable

from ..console.display import seat_names
from ..errors import shown_json
from ..game import Game
from ..rules import Rules
from .seats import Seat, TableError, checked_name, clean_name, name_key, secret_like

GATHERING_WAIT = 5
"""How many times ``idle_after`` the gathering waits on its creator's START, counted from the
last friend's sitting down, before anyone at the table may START it: a creator waits a while
for a late friend (at one ``idle_after``, a minute, an early friend started over a creator
who was there, waiting), but not for ever on one who went from his open page."""

RETURN_SECONDS = 10.0
"""How long a player's page must have been gone for his return to give him a new wait
(:meth:`SeatingTable.note_wait`): a page back sooner (a network blip, a reload, a page
closing and opening its socket again and again) finds the wait's clock where it was."""


class SeatingTable:
    """A table's seats: who takes each, bots for those gone, pauses and names (a mixin of
    :class:`fivehundred.web.table.Table`)."""

    rules: Rules
    strength: str
    seats: list[Seat]
    friends: bool
    game: Game
    hands: list[list[str]]
    seq: int
    paused: bool
    paused_by: int | None
    gathering: bool
    ready: set[int]
    idle_after: float
    waiting_since: float
    _wait: tuple[object, ...]
    _present: frozenset[int]
    _gone_at: dict[int, float]

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
        changed, ``link_used`` if it was opened before, ``unknown_table`` once the game is
        over (a stranger sat down to a finished game, and its end credited him with the
        bot's contracts), ``link_not_yet`` before the hand it opens with (``opens_at``: a
        new link's, or one still unopened at START, is the next deal: nobody is seated into
        a hand a bot has been playing for the seat)."""
        if not secret_like(token):
            return None
        for s in self.seats:
            if s.open_to_friend and secrets.compare_digest(s.token, token):
                if s.key is not None:
                    raise TableError("link_used", f"{s.name}'s link was opened already, in "
                                                  f"another browser: only that browser takes "
                                                  f"the seat now (if it lost it, ask the host "
                                                  f"for a new link)")
                if self.game.phase == "game_over":      # (it would credit the bot's game)
                    raise TableError("unknown_table", f"this game is over: {s.name}'s link "
                                                      f"seats nobody now")
                if self.game.hand_number < s.opens_at:      # (a hand's sheet: it is over)
                    over = "" if self.game.phase == "hand_over" else ", once this hand is over"
                    raise TableError("link_not_yet", f"{s.name}'s link opens with the next "
                                                     f"deal{over}")
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
        paused, or gathering before the START)."""
        humans = {s.seat for s in self.seats if s.kind == "human"} & connected
        g = self.game
        if self.paused or self.gathering:
            return set()
        if g.phase == "hand_over":
            return self.waiting_for_next(connected) if self.ready else set()
        return {g.to_move} & humans if g.to_move is not None else set()

    def waiting_for_next(self, connected: set[int]) -> set[int]:
        """At a hand's sheet, the human seats still connected that have not pressed NEXT: the
        next deal waits on them (one who has left holds nobody), paused or not, whether
        anyone has pressed yet or not (the page says "Waiting for Cat…"); none in another
        phase."""
        if self.game.phase != "hand_over":
            return set()
        return ({s.seat for s in self.seats if s.kind == "human"} & connected) - self.ready

    def note_wait(self, connected: set[int]) -> None:
        """Start the clock of the wait (:meth:`waited`) when what the table waits on changes:
        a move, a NEXT, a take-back, a seat given to a bot or taken back, a pause, the
        gathering's end; or when an awaited player comes back after more than
        ``RETURN_SECONDS`` away (he gets a fair new wait).  A page that closes and opens again
        sooner does not restart it, nor does a rename or a new speed: each restarted it, so a
        page reconnecting every 2 s, or a friend renaming himself, kept an idle player's seat
        from a bot for ever (while he is gone, his seat may be given to a bot at once)."""
        now = time.monotonic()
        for seat in self._present - connected:
            self._gone_at[seat] = now
        back = {seat for seat in connected - self._present
                if now - self._gone_at.get(seat, -math.inf) > RETURN_SECONDS}
        self._present = frozenset(connected)
        everyone = {s.seat for s in self.seats}     # (who is awaited, there or not)
        # (held still, the wait is on the holder: a NEXT or a person's card meanwhile does
        # not restart it)
        key = ((len(self.hands), self._halt()) if self.held_by() else
               (len(self.hands), len(self.hands[-1]) if self.hands else 0,
                frozenset(self.ready), frozenset(self.waiting_on(everyone)), self._halt()))
        if key != self._wait or back & (self.waiting_on(connected) | self.held_by()):
            self._wait = key
            self.waiting_since = now

    def _halt(self) -> tuple[object, ...]:
        """What holds the table still, for :meth:`note_wait`'s key: a pause (by whom), or the
        gathering (the seats sat down so far: each arrival gives the host a new wait)."""
        if self.paused:
            return ("paused", self.paused_by)
        if self.gathering:
            return ("gathering", frozenset(s.seat for s in self.seats if s.kind == "human"))
        return ()

    def held_by(self) -> set[int]:
        """The seat the table waits on while it does not play: the one that paused it, or
        the creator, to START it; none while it plays (:meth:`waiting_on` says whom then)."""
        if self.paused:
            return set() if self.paused_by is None else {self.paused_by}
        return {0} if self.gathering else set()

    def held_too_long(self) -> bool:
        """Whether the table has waited ``idle_after`` seconds on the seat holding it still
        (:meth:`held_by`: a pause, or the gathering's START), his page open: anyone at the
        table may then resume it or START it, as anyone may give a bot the seat of a player
        idle that long."""
        return bool(self.held_by()) and self.waited() >= self.hold_after()

    def hold_after(self) -> float:
        """Seconds the table waits on the seat holding it still before anyone may act in his
        stead: ``idle_after`` on a pause, :data:`GATHERING_WAIT` times it on the START."""
        return self.idle_after * (GATHERING_WAIT if self.gathering and not self.paused else 1)

    def _held_words(self) -> str:
        """How long anyone waits to resume or START in the creator's (or pauser's) stead, for a
        refusal: "anyone once the table has waited 60 s (12 s so far)" (whole seconds, rounded
        down, as :meth:`seat_to_bot` says them)."""
        return (f"anyone once the table has waited {self.hold_after():g} s "
                f"({math.floor(self.waited())} s so far)")

    def waited(self) -> float:
        """Seconds the table has waited on whom it waits on now (as of the last
        :meth:`note_wait`)."""
        return max(0.0, time.monotonic() - self.waiting_since)

    def creator_away(self, connected: set[int]) -> bool:
        """Whether the creator of a table with friends is away: his page gone, or a bot plays
        his seat (given one, his page open but he gone): his friends then do what he would
        (a bot for a friend who left, the START), else they would wait for him for ever."""
        return self.friends and (0 not in connected or self.seats[0].kind == "bot")

    def seat_to_bot(self, by: int, seat: object, connected: set[int]) -> None:
        """The creator gives a friend's seat, left empty, to a bot (of the strength it had
        before the friend took it), so the table does not wait for someone who has gone;
        once the creator is away (:meth:`creator_away`), anyone at the table may, the
        creator's seat too (a bot of the table's strength), else the friends would wait for
        him forever; and anyone may give a bot the seat of a player still connected that the
        table has waited on for ``idle_after`` seconds (:meth:`waited`: he went away from an
        open page), the creator's too.  The key stays good: coming back, or ``take_seat``,
        takes the seat back (:meth:`take_seat`).  TableError, nothing changed, once the game
        is over, for a friend while the creator is there, a seat that is not a friend's, a
        seat a bot plays already, or a player who is still connected (and not idle that
        long)."""
        self.check_not_over("nobody plays a seat now, a bot or anyone")
        host_away = self.creator_away(connected)
        number = seat if isinstance(seat, int) and not isinstance(seat, bool) else -1
        self.note_wait(connected)
        waited = self.friends and number != by and number in self.waiting_on(connected)
        idle_for = self.waited()
        if waited and idle_for < self.idle_after:
            # (whole seconds, rounded down: 2.6 s is not yet the 3 s it waits)
            raise TableError("illegal", f"{self.seats[number].name} is still at the table: a "
                                        f"bot may take over once the table has waited "
                                        f"{self.idle_after:g} s for this player "
                                        f"({math.floor(idle_for)} s so far)")
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
        not opened yet (it is still good), a friend who is still connected, or once the game
        is over (it would take the seat, his name and his record from the friend who played
        it)."""
        self.check_not_over("each seat stays its player's, and so does its link")
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

    def check_not_over(self, why: str) -> None:
        """TableError ``illegal``, nothing changed, once the game is over (``why`` says what
        the change would be): a finished game is kept as it was played."""
        if self.game.phase == "game_over":
            raise TableError("illegal", f"the game is over: {why}")

    def _friends_seat(self, by: int, seat: object, connected: set[int], what: str,
                      when: str) -> Seat:
        """The seat offered to a friend that the creator names, his friend gone; TableError
        for anything else (``what`` the creator wants to do, ``when`` it may be done)."""
        if by != 0:
            raise TableError("not_host", f"only the table's creator can {what}")
        last = len(self.seats) - 1
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TableError("malformed", f"seat must be a seat number from 1 to {last}, "
                                          f"got {shown_json(seat)}")
        if not 1 <= seat <= last:
            raise TableError("illegal", f"seat {seat}: a friend's seat is one of 1 to {last}")
        s = self.seats[seat]
        if not s.open_to_friend:
            raise TableError("illegal", f"{s.name}'s seat was never offered to a friend")
        if seat in connected:
            raise TableError("illegal", f"{s.name} is still at the table: {when}")
        return s

    def may_start(self, seat: int, connected: set[int]) -> bool:
        """Whether ``seat`` may START the gathering table: the creator, or anyone once he is
        away (:meth:`creator_away`), or once the table has waited ``idle_after`` seconds on
        him since the last friend sat down (:meth:`held_too_long`: his page open, he gone);
        else his friends would wait for him forever; False once it plays."""
        return self.gathering and (seat == 0 or self.creator_away(connected)
                                   or self.held_too_long())

    def start(self, by: int, connected: set[int]) -> bool:
        """START: the gathering ends and the game is played, a bot playing each seat whose
        player is not at the table (a link not opened, until it is, which it may be from the
        next deal on, as a new link: else its holder could open it on the hand in play and
        see the cards the bot holds; a friend who sat down and left, or the creator gone,
        until he comes back, as :meth:`seat_to_bot` does).  Whether
        anything changed (a table that plays already: nothing, so no state is sent, as for
        pausing a paused table); TableError ``not_host``, nothing changed, from a seat that
        may not START it (:meth:`may_start`: another's, the creator there and not idle).

        >>> from fivehundred.web.table import Table
        >>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5,
        ...               friends=True)
        >>> t.seats[1].kind = "human"                       # West sat down, and left
        >>> t.start(0, {0, 2}), t.gathering, [s.kind for s in t.seats]
        (True, False, ['human', 'bot', 'bot', 'bot'])
        >>> [s.opens_at for s in t.seats]                   # (no link was opened)
        [0, 1, 1, 1]
        >>> t.start(0, {0})                                 # (a second press)
        False
        """
        if not self.gathering:
            return False
        self.note_wait(connected)
        if not self.may_start(by, connected):
            raise TableError("not_host", f"only the table's creator starts the game: "
                                         f"{self.seats[0].name} starts it, or "
                                         f"{self._held_words()}")
        for s in self.seats:
            if s.seat not in connected and s.kind == "human":
                s.kind, s.strength = "bot", s.strength or self.strength
        self.unopened_wait_for_next_deal()
        self.gathering = False
        self.seq += 1
        return True

    def unopened_wait_for_next_deal(self) -> None:
        """At START, each friend's invitation not opened yet opens with the next deal
        (``opens_at``), its record and reviews beginning there: a bot plays the seat in the
        hand in play.  (A table saved playing before START did this has its unopened links
        open with the deal after the one it is brought back at: :meth:`.Table.from_json`.)"""
        for s in self.seats:
            if s.open_to_friend and s.key is None:
                s.opens_at = max(s.opens_at, self.game.hand_number + 1)

    def check_started(self, seat: int) -> None:
        """TableError ``illegal``, nothing changed, while the table gathers: nobody acts before
        the creator's START (a friend's seat would be played before he sat down)."""
        if self.gathering:
            raise TableError("illegal", "the game has not started: press START first"
                             if seat == 0 else f"the game has not started: "
                                               f"{self.seats[0].name} starts it")

    def gathering_line(self, seat: int, connected: set[int]) -> str:
        """The status line of ``seat`` while the table gathers: who starts the game."""
        host = self.seats[0].name
        if seat == 0:
            return "Your friends are sitting down: press START to begin"
        if not self.may_start(seat, connected):
            return f"Waiting for {host} to start the game"
        if self.creator_away(connected):
            return f"{host} has left: anyone may start the game"
        return f"{host} seems to be away: anyone may start the game"

    def set_paused(self, by: int, paused: object, connected: set[int],
                   pace: Callable[[], None] | None = None) -> bool:
        """Pause the table (any seat: the bots stop; every seat's page shows who paused it)
        or resume it: the seat that paused it, the creator, or anyone once the seat that
        paused it has left, or once the table has waited ``idle_after`` seconds on it (its
        page open, he gone: :meth:`held_too_long`).  Whether anything changed (pausing a
        paused table does not); TableError, nothing changed, for a value not true or false,
        another's pause, a pause before START, or a pause once the game is over (nothing
        moves: a game that ended paused, by a claim or a person's card, may still be resumed,
        its pages' overlay gone).  ``pace``, called just before a pause is made, may refuse
        it (the hub's :data:`.throttle.PAUSE_EVERY`).

        >>> from fivehundred.web.table import Table
        >>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5,
        ...               friends=True)
        >>> t.set_paused(1, True, {0, 1})
        Traceback (most recent call last):
        ...
        fivehundred.web.seats.TableError: nothing moves before the creator's START: there is \
nothing to pause
        >>> t.start(0, {0, 1, 2})
        True
        >>> t.set_paused(1, True, {0, 1}), t.paused_by
        (True, 1)
        >>> try:                                # doctest: +NORMALIZE_WHITESPACE
        ...     t.set_paused(2, False, {0, 1, 2})
        ... except TableError as e:
        ...     print(e.code, e)
        illegal West paused the game: it goes on when West or the table's creator resumes it,
        or anyone once the table has waited 60 s (0 s so far)
        >>> t.set_paused(2, False, {0, 2}), t.paused, t.paused_by    # (West has left)
        (True, False, None)
        """
        if not isinstance(paused, bool):
            raise TableError("malformed", f"pause needs \"paused\": true or false, got "
                                          f"{shown_json(paused)}")
        if paused == self.paused:
            return False
        if paused:
            self.check_not_over("there is nothing to pause")
            if self.gathering:      # (a pause there held the START on its maker, not the creator)
                raise TableError("illegal", "nothing moves before the creator's START: there "
                                            "is nothing to pause")
        if not paused:
            self.note_wait(connected)
        if not self.may_resume(by, connected):
            p = self.paused_by
            who = self.seats[p].name if p is not None else "?"
            also = "" if p == 0 else " or the table's creator"      # (the creator paused it)
            raise TableError("illegal", f"{who} paused the game: it goes on when {who}{also} "
                                        f"resumes it, or {self._held_words()}")
        if paused and pace is not None:
            pace()
        self.paused, self.paused_by = paused, by if paused else None
        self.seq += 1
        return True

    def may_resume(self, seat: int, connected: set[int]) -> bool:
        """Whether ``seat`` may resume the table (True when it is not paused): the seat that
        paused it, the creator, or anyone once that seat has left or the table has waited on
        it ``idle_after`` seconds (:meth:`held_too_long`)."""
        p = self.paused_by
        return (not self.paused or p is None or seat in (0, p) or p not in connected
                or self.held_too_long())

    def set_name(self, seat: int, name: object, pace: Callable[[], None] | None = None) -> None:
        """A player at a table with friends names himself (the others saw "West"), the name
        cleaned (:func:`.seats.clean_name`); TableError ``bad_name``, nothing changed, without
        friends, for a name that ``name_problem`` refuses, "You" (each page calls its own seat
        so) or another seat's name, in any case and once cleaned.  ``pace``, called once the
        name is found good, just before it is kept, may refuse it (the hub's
        :data:`.throttle.NAME_EVERY`: a name refused for itself costs the seat nothing).

        >>> from fivehundred.web.table import Table
        >>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5,
        ...               friends=True)
        >>> t.set_name(1, " Ann "), t.names()
        (None, ['South', 'Ann', 'North', 'East'])
        >>> t.set_name(3, "ann\\u200b")
        Traceback (most recent call last):
        ...
        fivehundred.web.seats.TableError: Ann is the name of another seat: choose another
        """
        if not self.friends:
            raise TableError("bad_name", "names are for tables with friends (yours is You)")
        name = checked_name(name)       # (cleaned first: "Ann\u200b" is Ann, taken)
        if (taken := self.name_taken(seat, name)) is not None:
            raise TableError("bad_name", taken)
        if pace is not None:
            pace()
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

    def clean_saved_names(self) -> None:
        """Clean the names of a table saved before names were (:func:`.seats.clean_name`), so
        an old ``\\u202eDan`` turns no other name round; one left empty, or another seat's
        once cleaned (the ``Ann\\u200b`` beside an Ann), becomes the seat's free compass name
        (:meth:`_free_name`)."""
        for s in self.seats:
            name = clean_name(s.name)
            if name != s.name:
                s.name = name
                if not name or self.name_taken(s.seat, name) is not None:
                    s.name = self._free_name(s.seat)

    def name_taken(self, seat: int, name: str) -> str | None:
        """Why ``name`` may not be ``seat``'s here (None if it may): "You", which each page
        calls its own seat, or another seat's name, in any case and whatever invisible characters
        either keeps (:func:`.seats.name_key`)."""
        key = name_key(name)
        if key == "you":
            return "every page calls its own seat You: choose another name"
        other = next((s for s in self.seats if s.seat != seat and name_key(s.name) == key),
                     None)
        if other is not None:
            return f"{other.name} is the name of another seat: choose another"
        return None
