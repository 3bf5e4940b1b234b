"""Why a card is best: a play hint's words from what Hard and Insane's search already counted.

The search (:mod:`.pimc`) solves each imagined deal double dummy and gets, for every legal
card, the tricks the counted side (the declaring side, the misère declarer, or in the all-pass
game the seat's own side) takes in the hand.  From those, averaged over the deals, each card's
note says the tricks of the seat's side (or, against a misère, the declarer's, which are what
the defence plays for), and the reason says what sets the best card apart from the next: more
tricks, or a contract made (or beaten) more often.  Nothing here solves anything.

>>> look = Outlook("your side", None, "the contract makes", False)
>>> look.note(7.44)
'your side 7.4 tricks'
>>> cands = (Candidate("KD", 50.0, 0.9, look.note(7.4)), Candidate("9H", 20.0, 0.75,
...                                                               look.note(6.9)))
>>> look.why(cands, {"KD": 7.4, "9H": 6.9}, 1, 20)
': the contract makes on 90% of them with it, on 75% with 9H, the next best'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..view import View
from .base import Candidate

TIED_WORDS = "the Medium bot's rules of thumb chose among them"
"""How the cards the deals value alike are told apart (said, as "the careful rules" never
were): :func:`.pimc._medium_breaks_ties` orders them by the Medium bot's whole judgement
(its leads, signals, discards), so no one habit is named ("keep high cards" was said of a
king it advised leading)."""

ROWS_SHOWN = 8
"""The candidates a hint lists (:func:`.hints.choice_lines`): a card the reason compares the
best with is among them."""

_NOTE_HEADS = ("your side ", "defenders ", "declarer ")


def solved_note(note: str) -> bool:
    """Whether ``note`` is a play candidate's tricks on the imagined deals (:meth:`Outlook.note`),
    not a rule of thumb's words (Medium's, which stands in when the search cannot run).

    >>> solved_note("your side 7.4 tricks"), solved_note("led: wins the trick 40%")
    (True, False)
    """
    head = next((h for h in _NOTE_HEADS if note.startswith(h)), None)
    figure, _, unit = note.removeprefix(head or "").partition(" ")
    return head is not None and unit == "tricks" and figure.replace(".", "", 1).isdigit()


@dataclass(frozen=True)
class Outlook:
    """A seat's view of a hand's play: whose tricks its hint counts, and how the contract's
    fate is said to it."""

    whose: str
    """Whose tricks: "your side", "the defenders" (where they are more than the seat's
    side: three players, five or six), "the declarer" (against a misère)."""
    hand_tricks: int | None
    """The tricks of the whole hand where the tricks said are the others' of those the
    search counts (a defender's: the search counts the declaring side's); None: the same."""
    outcome: str | None
    """"the contract makes", "the contract is beaten", "the misère makes", "the misère is
    beaten"; None where no contract is played (all passed)."""
    against: bool
    """Whether the outcome said is the contract's defeat (its chance is one less the
    candidate's ``make_probability``)."""

    @classmethod
    def of(cls, view: View, counted_seats: set[int]) -> Outlook:
        """The outlook of ``view``'s seat, the search counting the tricks of
        ``counted_seats``.

        >>> from fivehundred import Game, Rules
        >>> g = Game(Rules.preset("australian"), seed=7)
        >>> Outlook.of(g.view(0), {0, 2})
        Outlook(whose='your side', hand_tricks=None, outcome=None, against=False)
        """
        c = view.contract
        seat = view.seat
        if c is None:
            return cls("your side", None, None, False)
        hand_tricks = len(view.tricks) + len(view.hand)
        if c.is_misere:
            mine = seat in counted_seats
            return cls("your side" if mine else "the declarer", None,
                       "the misère makes" if mine else "the misère is beaten", not mine)
        if seat in counted_seats:
            return cls("your side", None, "the contract makes", False)
        r = view.rules
        defenders = set(range(r.players)) - counted_seats - set(view.sitting_out)
        ours = set(r.sides[r.side_of[seat]]) - set(view.sitting_out)
        whose = "your side" if ours == defenders else "the defenders"
        return cls(whose, hand_tricks, "the contract is beaten", True)

    def tricks(self, counted: float) -> float:
        """The tricks said, from the search's ``counted`` tricks."""
        return counted if self.hand_tricks is None else self.hand_tricks - counted

    @property
    def who(self) -> str:
        """Whose tricks, and that they take them: "your side takes", "the defenders take"."""
        return f"{self.whose} {'take' if self.whose == 'the defenders' else 'takes'}"

    def note(self, tricks: float) -> str:
        """A candidate's note: ``tricks`` (as :meth:`tricks` gives them) and whose, short
        (its row, with the chance its contract is made, is a line of 80 columns at most)."""
        return f"{self.whose.removeprefix('the ')} {tricks:.1f} tricks"

    def chance(self, c: Candidate) -> float | None:
        """How often the outcome said comes about after ``c`` (None: no contract)."""
        p = c.make_probability
        if self.outcome is None or p is None:
            return None
        return 1.0 - p if self.against else p

    def why(self, cands: Sequence[Candidate], tricks: Mapping[str, float], tied: int,
            used: int) -> str:
        """What the reason adds after "best average over N imagined deals": what sets the
        best card ``cands[0]`` apart from the next (the best of the rest where ``tied`` cards
        tie for the best), on ``used`` deals, ``tricks`` each card's (as the notes say them);
        then, if cards tie, how the tie was broken.

        >>> look = Outlook("your side", None, None, False)
        >>> c = [Candidate("AS", 20.0), Candidate("KS", 20.0), Candidate("2S", 10.0)]
        >>> print(look.why(c, {"AS": 6.0, "KS": 6.0, "2S": 5.0}, 2, 12))
        : your side takes 6.0 tricks in all with it, 5.0 with 2S, the best of the rest; \
2 cards tie on the imagined deals; the Medium bot's rules of thumb chose among them
        >>> print(look.why(c[:2], {"AS": 6.0, "KS": 6.0}, 2, 12))  # doctest: +ELLIPSIS
        : with each card, your side takes 6.0 tricks in all; the 2 cards tie on the imagined ...
        >>> against = Outlook("the declarer", None, "the misère is beaten", True)
        >>> c = [Candidate("AS", 20.0, 0.25), Candidate("KS", 20.0, 0.25)]
        >>> print(against.why(c, {"AS": 0.8, "KS": 0.8}, 2, 12))  # doctest: +ELLIPSIS
        : with each card, the declarer takes 0.8 tricks in all and the misère is beaten on 75% \
of the deals; the 2 cards tie ...
        >>> sure = [Candidate("AS", 20.0, 1.0), Candidate("KS", 20.0, 1.0)]
        >>> print(against.why(sure, {"AS": 0.0, "KS": 0.0}, 2, 12))  # doctest: +ELLIPSIS
        : with each card, the declarer takes 0.0 tricks in all and the misère makes on every \
deal; the 2 cards tie ...
        >>> nearly = [Candidate("AS", 20.0, 0.004), Candidate("KS", 20.0, 0.004)]
        >>> print(against.why(nearly, {"AS": 0.0, "KS": 0.0}, 2, 200))  # doctest: +ELLIPSIS
        : with each card, the declarer takes 0.0 tricks in all and the misère is beaten on 100% \
of the deals; the 2 cards tie ...
        >>> nine = [Candidate(f"{r}S", 20.0) for r in range(2, 11)] + [Candidate("JH", 5.0)]
        >>> print(look.why(nine, {c.action: 6.0 for c in nine} | {"JH": 5.0}, 9, 12))
        ; 9 cards tie on the imagined deals; the Medium bot's rules of thumb chose among them
        """
        best = cands[0]
        if tied >= len(cands):
            # (alike in points, alike in what is said of them too, where the figures agree)
            said = {f"{tricks[c.action]:.1f}" for c in cands}
            chances = {None if p is None else round(p, 2) for p in map(self.chance, cands)}
            parts = [f"{self.who} {said.pop()} tricks in all"] if len(said) == 1 else []
            p = chances.pop() if len(chances) == 1 else None
            if p is not None and self.outcome is not None:
                # (every deal: on the chances themselves, not as rounded: 99.6% of 200
                # weighted deals is one deal short)
                exact = [x for x in map(self.chance, cands) if x is not None]
                sure = (self.outcome if all(x > 1 - 1e-9 for x in exact) else
                        _NOT[self.outcome] if all(x < 1e-9 for x in exact) else None)
                parts.append(f"{self.outcome} on {p:.0%} of the deals" if sure is None else
                             f"{sure} on every deal" if used > 1 else sure)
            each = f": with each card, {' and '.join(parts)}" if parts else ""
            return (f"{each}; {'all' if tied > 2 else 'the'} {tied} cards tie on the "
                    f"imagined deals; {TIED_WORDS}")
        ties = f"; {tied} cards tie on the imagined deals; {TIED_WORDS}" if tied > 1 else ""
        if tied >= ROWS_SHOWN:      # (the best of the rest is not among the rows listed)
            return ties
        other = cands[tied]
        which = "the best of the rest" if tied > 1 else "the next best"
        return f": {self._apart(best, other, tricks, used)}, {which}{ties}"

    def _apart(self, best: Candidate, other: Candidate, tricks: Mapping[str, float],
               used: int) -> str:
        """What the best card does better than ``other``, in words: the contract's outcome
        more often, else more tricks, else (neither, as the shown figures round) its points."""
        mine, theirs = self.chance(best), self.chance(other)
        if mine is not None and theirs is not None and round(mine, 2) > round(theirs, 2):
            if used == 1:
                return f"{self.outcome} with it, not with {other.action}"
            return f"{self.outcome} on {mine:.0%} of them with it, on {theirs:.0%} with " \
                   f"{other.action}"
        t, u = tricks[best.action], tricks[other.action]
        # (a misère's declarer wants none; against it, the declarer's tricks are the aim)
        better = u > t if self.outcome == "the misère makes" else t > u
        if better and f"{t:.1f}" != f"{u:.1f}":
            return f"{self.who} {t:.1f} tricks in all with it, {u:.1f} with {other.action}"
        more = best.value - other.value
        worth = f"{more:.1f} points" if more >= 0.05 else "under 0.1 points"
        return f"it is worth {worth} more on average than {other.action}"


_NOT = {"the contract makes": "the contract is beaten",
        "the contract is beaten": "the contract makes",
        "the misère makes": "the misère is beaten",
        "the misère is beaten": "the misère makes"}
"""Each outcome's opposite: on one deal, what comes about where the outcome does not."""
