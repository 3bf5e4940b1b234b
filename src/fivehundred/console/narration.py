"""What happened, in sentences: each action told from one seat's point of view.

Shared by the terminal games (the line-by-line console and the Textual table): both tell the
player who bid, who won the auction, who played what and who won the trick, from the seat's
:class:`View` before and after the action, so a sentence never names a card that seat may not
see.

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=7)
>>> n = Narrator(g.rules, seat=0)
>>> before = g.view(0); g.apply("7S"); n.announce(0, "7S", before, g.view(0))
['You bid 7♠']
>>> before = g.view(0); g.apply("pass"); n.announce(1, "pass", before, g.view(0))
['West passes']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from ..cards import (
    ACE,
    JOKER,
    NO_TRUMPS,
    RANK_TOKENS,
    SUIT_LETTERS,
    SUIT_WORDS,
    cards_of,
    rank_of,
    token,
)
from ..rules import Rules
from ..scoring import declaring_seats
from ..tricks import sort_tokens
from ..view import View
from ..words import joined
from .display import pretty, seat_names

if TYPE_CHECKING:
    from ..game import Game


class Narrator:
    """The seats' names and the sentences that tell one seat what each action did."""

    def __init__(self, rules: Rules, seat: int, colour: bool = False) -> None:
        self.rules = rules
        self.seat = seat
        self.colour = colour
        self.names = seat_names(rules.players, seat)
        #: The card called for a partner this hand (five-handed), once called.
        self.called: str | None = None
        mine = rules.side_of[seat]
        #: The sides in the order shown: yours first, then clockwise from your left.
        self.side_order = sorted(range(len(rules.sides)), key=lambda i: (
            i != mine, min((s - seat) % rules.players for s in rules.sides[i])))

    def the_card(self, tok: str) -> str:
        """A card called for a partner in a sentence: "the Q♥", and "the joker" (not "the
        JK").

        >>> n = Narrator(Rules.preset("five_called"), 0)
        >>> n.the_card("QH"), n.the_card("JK")
        ('the Q♥', 'the joker')
        """
        return "the joker" if tok == "JK" else f"the {self.p(tok)}"

    def recall_call(self, call: str | None) -> None:
        """The card called this hand, from the game's ``call`` (``call QH``, ``alone`` or
        None): after a take-back, the call may be undone."""
        self.called = call[5:] if call and call.startswith("call ") else None

    def name(self, seat: int) -> str:
        """A seat's name in sentences: ``You`` or a compass name."""
        return "You" if seat == self.seat else self.names[seat]

    def cut_line(self, cut: Sequence[int], dealer: int) -> str:
        """The cut that chose the first dealer, said once: ``The cut: you 5♠, West A♣, North
        J♣, East 10♥: West deals (the lowest card deals: the joker, then an ace; ...).``"""
        seats = self.rules.clockwise_from(self.seat, range(len(cut)))
        cards = ", ".join(f"{self.name(s) if s != self.seat else 'you'} {self.p(token(cut[s]))}"
                          for s in seats)
        return (f"The cut: {cards}: {self.verb(dealer, 'deals', first=False)} (the lowest "
                f"card deals: {self.cut_order()}; between equals ♠, ♣, ♦, ♥).")

    def cut_order(self) -> str:
        """The lowest cards of a cut, naming only what the pack holds: "the joker, then an
        ace", or in a pack without the joker "an ace, then a 9" (its lowest plain rank).

        >>> Narrator(Rules.preset("two_24"), 0).cut_order()
        'an ace, then a 9'
        >>> Narrator(Rules.preset("classic3"), 0).cut_order()
        'the joker, then an ace'
        """
        if self.rules.has_joker:
            return "the joker, then an ace"
        low = RANK_TOKENS[min(rank_of(c) for c in cards_of(self.rules.deck_mask)
                              if c != JOKER and rank_of(c) != ACE)]
        return f"an ace, then {'an' if low in ('8', '11') else 'a'} {low}"

    def resumed_at(self, game: Game) -> str:
        """Where a resumed ``game`` stands, mid-sentence: "after hand 1 (hand 2 is next)"
        (a record saved between hands), else "in hand 3" or "before hand 1".

        >>> from fivehundred import Game
        >>> g = Game(Rules.preset("australian"), seed=1)
        >>> n = Narrator(g.rules, 0)
        >>> n.resumed_at(g)
        'before hand 1'
        >>> for tok in ["pass"] * 4: g.apply(tok)
        >>> n.resumed_at(g)
        'after hand 1 (hand 2 is next)'
        """
        n = game.hand_number + 1
        if game.phase == "game_over":
            return f"after hand {n}, the last"
        if game.phase == "hand_over":
            return f"after hand {n} (hand {n + 1} is next)"
        return f"in hand {n}" if game.actions else f"before hand {n}"

    def resumed_line(self, game: Game, source: object) -> str:
        """The line that says ``game`` was resumed from the record ``source`` (a path, or its
        name), where it stands and the scores, yours first: "Game resumed from g.fhr after
        hand 1 (hand 2 is next): You & North 40 · West & East -100." (the text game's and
        the terminal table's)."""
        scores = " · ".join(f"{self.side_name(i)} {game.scores[i]}" for i in self.side_order)
        return f"Game resumed from {source} {self.resumed_at(game)}: {scores}."

    def full_name(self, seat: int) -> str:
        """A seat's name in headers: ``You (South)`` or a compass name."""
        return f"You ({self.names[seat]})" if seat == self.seat else self.names[seat]

    def verb(self, seat: int, verb: str, first: bool = True) -> str:
        """``West bids`` / ``You bid`` (``you bid`` not ``first`` in the sentence): the verb
        given in the third person."""
        if seat != self.seat:
            return f"{self.name(seat)} {verb}"
        return f"{'You' if first else 'you'} {verb[:-2] if verb.endswith('sses') else verb[:-1]}"

    def side_name(self, side: int) -> str:
        """A side by its seats, you first: ``You & North``, ``West & East``, ``West``."""
        return self.join_names(self.rules.sides[side])

    def side_in_play(self, side: int, out: Collection[int]) -> str:
        """A side by its seats that play this hand, those sitting ``out`` left off (a misère's
        declarer plays alone: ``You``, not ``You & North``, as the hand's sheet says)."""
        seats = [s for s in self.rules.sides[side] if s not in out]
        return self.join_names(seats) if seats else self.side_name(side)

    def join_names(self, seats: Iterable[int]) -> str:
        """Seats' names joined, you first then clockwise: ``You, West & East``."""
        return joined([self.name(s) for s in self.rules.clockwise_from(self.seat, seats)])

    def p(self, tok: str) -> str:
        """An action token as shown (suit symbols, red suits coloured on a terminal)."""
        return pretty(tok, self.colour)

    def taken_back(self, was: str, now: str, undone: Sequence[str]) -> str:
        """Your decisions taken back (``undone``, yours first; the phase ``was`` before and
        is ``now`` after), mid-sentence: "your bid 6NT", "your call", "your J♦, and the 4
        actions after it", "your lead of the joker (naming hearts)".

        >>> n = Narrator(Rules.preset("five_called"), 0)
        >>> n.taken_back("play", "play", ["JK:H", "5S", "6S", "7S", "8S"])
        'your lead of the joker (naming hearts), and the 4 actions after it'
        >>> n.taken_back("auction", "auction", ["pass"]), n.taken_back("kitty", "kitty", ["5S"])
        ('your pass', 'your discard so far')
        """
        tok = undone[0]
        if now == "kitty":
            return "your discard so far" if was == "kitty" else "your discard and all after it"
        if now == "auction":
            what = "your pass" if tok == "pass" else f"your bid {self.p(tok)}"
        elif now == "call":
            what = "your call"
        elif tok.startswith("JK:"):
            what = f"your lead of the joker (naming {SUIT_WORDS[SUIT_LETTERS.index(tok[-1])]})"
        else:
            what = f"your {self.p(tok)}"
        after = len(undone) - 1
        return what + (f", and the {after} action{'s' if after > 1 else ''} after it"
                       if after else "")

    def announce(self, seat: int, tok: str, before: View, after: View) -> list[str]:
        """The sentences telling this seat what ``seat``'s action ``tok`` did and what followed
        (``before`` and ``after`` are this seat's views around it)."""
        if before.phase == "auction":
            said = [self.verb(seat, "passes") if tok == "pass"
                    else f"{self.verb(seat, 'bids')} {self.p(tok)}"]
            if after.phase != "auction":
                said += self.auction_over(after)
            return said
        if before.phase == "kitty":
            said = []
            if seat == self.seat:
                said.append(f"You discard {self.p(tok)}")
            elif after.phase != "kitty":
                said.append(f"{self.verb(seat, 'discards')} {self.rules.kitty_size} cards")
            if after.phase == "play":
                said += self.play_begins(after)
            return said
        if before.phase == "call":
            if tok == "alone":
                said = [f"{self.verb(seat, 'plays')} alone"]
            else:
                self.called = tok[5:]
                partner = after.partner
                who = "" if partner is None else f": {self.name(partner)} "
                who += "" if partner is None else ("are" if partner == self.seat else "is")
                said = [f"{self.verb(seat, 'calls')} {self.the_card(self.called)}{who}"
                        f"{'' if partner is None else ' the partner'}"]
            return said + self.play_begins(after)
        # the play
        verb = "leads" if not before.trick else "plays"
        note = ""
        if tok.startswith("JK:"):
            note = f" (the joker, naming {SUIT_WORDS[SUIT_LETTERS.index(tok[-1])]})"
        said = [f"{self.verb(seat, verb)} {self.p(tok)}{note}"]
        if len(after.tricks) > len(before.tricks):
            said.append(f"{self.verb(after.tricks[-1].winner, 'wins')} the trick")
        if after.exposed and not before.exposed:
            spread, hand = after.exposed[0]
            whose = "Your" if spread == self.seat else f"{self.name(spread)}'s"
            said.append(f"{whose} hand is spread face up: "
                        + " ".join(self.p(x) for x in sort_tokens(hand, NO_TRUMPS)))
        return said

    def auction_over(self, v: View) -> list[str]:
        """The sentence that ends an auction: who won it with what, or that all passed."""
        c = v.contract
        if c is None:
            if v.phase == "play":
                return ["Everyone passed: the hand is played at no trumps, "
                        f"10 points a trick; {self.name(v.to_move or 0)} "
                        f"{'lead' if v.to_move == self.seat else 'leads'}."]
            return ["Everyone passed: the hand is thrown in."]
        return [f"{self.verb(c.declarer, 'wins')} the auction with {self.p(c.bid)} "
                f"(worth {c.value}) and {'take' if c.declarer == self.seat else 'takes'} "
                "the kitty"]

    def auction_rounds(self, auction: Sequence[tuple[int, str]], dealer: int,
                       fmt: Callable[[str], str] | None = None) -> list[str]:
        """One line per time round the table, each starting at or after eldest; each bid
        written by ``fmt`` (default :meth:`p`)."""
        fmt = fmt if fmt is not None else self.p
        n = self.rules.players
        rounds: list[list[tuple[int, str]]] = [[]]
        last = n
        for seat, tok in auction:
            place = (seat - dealer - 1) % n
            if place <= last and rounds[-1]:
                rounds.append([])
            last = place
            rounds[-1].append((seat, tok))
        return [" · ".join(f"{self.name(s)} {fmt(t)}" for s, t in rnd) for rnd in rounds]

    def contract_line(self, v: View) -> str | None:
        """``Contract: 7♠ by West with the Q♥ (North) · West & North need 7 tricks · worth
        140``; who plays what when everyone passed; None before the auction ends."""
        c, r = v.contract, self.rules
        if c is None:
            if v.phase == "play":
                return "No contract: everyone passed; no trumps, 10 points a trick to each"
            return None
        team = sorted(declaring_seats(r, c, v.partner))
        if c.is_misere:
            goal = f"{self.name(c.declarer)} must take no trick"
        else:
            verb = "needs" if len(team) == 1 and team[0] != self.seat else "need"
            goal = f"{self.join_names(team)} {verb} {c.tricks} tricks"
        partner = ""
        if v.partner is not None or self.called is not None:
            partner = " with " + (self.the_card(self.called) if self.called else "")
            if v.partner is not None:
                partner += f" ({self.name(v.partner)})"
        elif r.call_partner and v.phase == "play" and not c.is_misere:
            partner = " alone"
        return (f"Contract: {self.p(c.bid)} by {self.full_name(c.declarer)}{partner}"
                f" · {goal} · worth {c.value}")

    def play_begins(self, v: View) -> list[str]:
        """Who sits out (a misère's declarer plays alone against the rest), in one line:
        ``North sits out: you play open misère alone``, ``You & South sit out: ...``."""
        c = v.contract
        if c is None or not v.sitting_out:
            return []
        kind = "open misère" if c.is_open else "misère"
        plays = self.verb(c.declarer, "plays", first=False)
        out = (self.verb(v.sitting_out[0], "sits") if len(v.sitting_out) == 1
               else f"{self.join_names(v.sitting_out)} sit")
        return [f"{out} out: {plays} {kind} alone"]
