"""Hints: what the Insane bot would do from a seat's view, and why (its candidate list).

>>> from fivehundred import Game, Rules
>>> from fivehundred.bots import Budget
>>> g = Game(Rules.preset("australian"), seed=7)
>>> h = hint(g.view(g.to_move), budget=Budget(samples=1))
>>> h.action in g.legal_actions() and len(h.candidates) > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..actions import readable, readable_text
from ..scoring import declaring_seats
from ..tricks import sort_tokens
from ..view import View
from .base import Budget, Candidate, Decision, make
from .play_reasons import ROWS_SHOWN, solved_note


def hint(view: View, seed: int = 0, budget: Budget | None = None) -> Decision:
    """The Insane bot's decision for ``view`` (it must be that seat's turn), its candidates
    ranked for a reader (:func:`ranked`); a forced move has none (a value beside the only card
    one may play read as what it is worth)."""
    if len(view.legal_actions) == 1:
        only = "the only card you may play" if view.phase == "play" else "the only legal action"
        return Decision(view.legal_actions[0], (), only)
    d = make("insane", seed=seed, budget=budget).act(view)
    if view.phase == "kitty" and view.contract is not None:
        d = in_hand_order(d, view.contract.strain)
    return replace(d, candidates=ranked(d))


def in_hand_order(d: Decision, strain: int) -> Decision:
    """A discard's hint with every discard (the plan, each candidate's note) written in the
    hand's order under ``strain`` (:func:`~fivehundred.tricks.sort_tokens`), as the tables show
    a hand and the review writes a discard (docs/analysis.md), each led by its first card so
    (a discard's cards go one at a time, in any order): the bot's own order, "6♠ 7♠ 5♣" at
    clubs, hid that the review's "5♣ 7♠ 6♠" was the same three cards.

    >>> d = in_hand_order(Decision("6S", (Candidate("6S", 6.2, None, "discard 6S 7S 5C"),),
    ...                            plan=("6S", "7S", "5C")), 1)
    >>> d.action, d.plan, d.candidates[0]
    ('5C', ('5C', '7S', '6S'), Candidate(action='5C', value=6.2, make_probability=None, \
note='discard 5C 7S 6S'))
    """

    def ordered(c: Candidate) -> Candidate:
        cards = sort_tokens(discard_of(c), strain)
        return replace(c, action=cards[0], note="discard " + " ".join(cards)) if cards else c

    if not d.plan:
        return d
    plan = tuple(sort_tokens(d.plan, strain))
    return replace(d, action=plan[0], plan=plan,
                   candidates=tuple(ordered(c) for c in d.candidates))


def ranked(d: Decision) -> tuple[Candidate, ...]:
    """``d``'s candidates for a reader: the advised one first, then the others, the most
    valuable first.  A five-handed hint said "Call AS" over a list led by "alone", the call
    tied with two others below it; a bid trusted to the hand's evaluation over the imagined
    deals' values ("Bid 6♦ (hand evaluation, confirmed on imagined deals)") was not among
    the eight shown.

    >>> d = Decision("call AS", (Candidate("alone", 2.9), Candidate("call AC", 3.9),
    ...                          Candidate("call AS", 3.9)))
    >>> [c.action for c in ranked(d)]
    ['call AS', 'call AC', 'alone']
    >>> d = Decision("6D", (Candidate("pass", 0.0), Candidate("6H", 2.0),
    ...                     Candidate("6D", -60.0, 0.6)))
    >>> [c.action for c in ranked(d)]
    ['6D', '6H', 'pass']

    A discard is advised whole: the others that put out the same first card are ranked by
    their value with the rest.

    >>> d = Decision("6S", (Candidate("6S", 6.2, None, "discard 6S 8S 9S"),
    ...                     Candidate("6S", 5.8, None, "discard 6S 8S 8D"),
    ...                     Candidate("8H", 6.2, None, "discard 8H 10H QH")),
    ...              plan=("6S", "8S", "9S"))
    >>> [c.note for c in ranked(d)]
    ['discard 6S 8S 9S', 'discard 8H 10H QH', 'discard 6S 8S 8D']
    """
    advised = next((c for c in d.candidates if c.action == d.action
                    and (not d.plan or discard_of(c) == tuple(d.plan))),
                   next((c for c in d.candidates if c.action == d.action), None))
    return tuple(sorted(d.candidates, key=lambda c: (c is not advised, -round(c.value, 1))))


def defending(view: View) -> bool:
    """Whether ``view``'s seat plays against a contract: a hint's chances are then the
    declarer's, not the seat's own.

    >>> from fivehundred import Game, Rules
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> defending(g.view(0))                                # no contract yet
    False
    """
    c = view.contract
    return c is not None and view.seat not in declaring_seats(view.rules, c, view.partner)


_VERBS = {"auction": "Bid", "kitty": "Discard", "call": "Call", "play": "Play"}


MAKES_WORDS = "Makes: how often, on imagined deals"
"""What a hint's chances are (a student read them as facts): said after the values' words;
to a defender they are the declarer's, "Declarer makes", as his column's head says.  Kept
short: the browser's hint shows it under its eight choices, in sight unscrolled at 1280x800
(what the imagined deals are, and that the Insane bot weighs each by how well it fits the
other players' bids, README says: a longer footnote pushed it out of sight)."""


def points_words(sides: int) -> str:
    """What a solved bid's or card's points count, at a table of ``sides`` scoring sides: the
    search counts the seat's side's points less the other sides' average
    (:func:`.bid_check.outcome_value`), which at two sides is simply the others'.

    >>> points_words(2), points_words(3)
    ("Points: expected this hand, your side's less the others'", \
"Points: expected this hand, your side's less the other sides' average")
    """
    others = "the others'" if sides <= 2 else "the other sides' average"
    return f"Points: expected this hand, your side's less {others}"


def value_words(cands: Sequence[Candidate], phase: str,
                defending: bool = False, sides: int = 2) -> tuple[str, str]:
    """:func:`counted_words` (at a table of ``sides`` scoring sides), and where a candidate
    has a chance of making the contract, :data:`MAKES_WORDS` after them (the declarer's, to
    a seat ``defending``).

    >>> words = value_words([Candidate("pass", 0.0, None, "baseline"),
    ...                      Candidate("7H", 9.0, 0.9)], "auction")[1]
    >>> words.endswith("against a pass (0); " + MAKES_WORDS)
    True
    >>> value_words([Candidate("QC", 14.0, 0.15), Candidate("2C", 9.0, 0.3)], "play",
    ...             defending=True)[1]
    "Points: expected this hand, your side's less the others'; Declarer makes: how often, \
on imagined deals"
    """
    unit, words = counted_words(cands, phase, sides)
    if words and any(c.make_probability is not None for c in cands):
        words += f"; {'Declarer makes' if defending else 'Makes'}{MAKES_WORDS[5:]}"
    return unit, words


def counted_words(cands: Sequence[Candidate], phase: str, sides: int = 2
                  ) -> tuple[str, str]:
    """What the values of a hint's candidates ``cands`` (those shown) in ``phase``, at a
    table of ``sides`` scoring sides (:func:`points_words`), count: a
    short name (the browser's column head: a header's tooltip is never seen on a phone) and
    the words that say it whole (under the choices, in the browser and in the text forms);
    ("Value", "") where nothing is weighed (one choice, but for a discard: its tricks).  The
    one table of these words: the server sends them with a hint (``value_unit``,
    ``value_words``), ``hint --json`` gives them, the text forms end with them.

    The Insane bot (bots/pimc.py) values a bid and a card in points the seat's side is
    expected to score in the hand less the others' average, a bid against a pass counted 0
    (its note "baseline"), or, over a partner's standing bid, against his contract played on
    the same deals (the pass's note "the partner's ..."), a card's note the tricks behind
    its points ("your side 7.4 tricks": bots/play_reasons.py); where it leaves
    the choice to the Medium bot's judgement (five and six players' bids, a call, a misère
    declarer's card, a time run out: their notes say so), a bid's points roughly, a call's
    the tricks expected, a card's a score of rules of thumb; a discard's, the tricks the
    hand it keeps took.

    >>> C = Candidate
    >>> counted_words([C("AH", 1.0, 0.8), C("KH", 0.5, 0.7)], "play")[0]
    'Points'
    >>> counted_words([C("AH", 1.0, 0.8, "your side 7.4 tricks"),
    ...                C("KH", 0.5, 0.7, "your side 6.9 tricks")], "play")
    ('Points', "Points: expected this hand, your side's less the others'")
    >>> counted_words([C("AH", 1.0, None, "wins 40%"), C("KH", 0.5)], "play")
    ('Score', 'Score: by rules of thumb (higher is better), not points')
    >>> counted_words([C("2H", 1.0, None, "led: wins the trick 0%, leaves danger 0.37"),
    ...                C("KH", 0.5)], "play")[1].split("; ")[1]
    'danger: how likely the cards left are to be forced to take a trick (0 is safe)'
    >>> counted_words([C("pass", 0.0, None, "baseline"), C("7H", 9.0, 0.9)], "auction")[1]
    "Points: expected this hand, your side's less the others', against a pass (0)"
    >>> counted_words([C("5S", 6.0, None, "discard 5S 6S 7S"),
    ...                C("5S", 5.5, None, "discard 5S 6S 8S")], "kitty")[0]
    'Tricks'
    >>> counted_words([C("AH", 0.0)], "play")
    ('Value', '')
    """
    if cands and all(discard_of(c) for c in cands):
        return "Tricks", "Tricks: those the hand kept took on the imagined deals, on average"
    if len(cands) < 2:
        return "Value", ""
    if phase == "call":
        return "Tricks", "Tricks: expected for the contract"
    if phase == "auction":
        note = next((c.note for c in cands if c.action == "pass"), "")
        if note.startswith("the partner's "):
            return "Points", f"{points_words(sides)}; a pass, the partner's bid played"
        if note.startswith("baseline"):
            return "Points", f"{points_words(sides)}, against a pass (0)"
        return "Points", "Points: expected this hand, by the hand's evaluation"
    if all(not c.note or solved_note(c.note) for c in cands):
        # (a card's note, "your side 7.4 tricks", says itself what it counts: the
        # tricks on the deals its points come from, play_reasons.py)
        return "Points", points_words(sides)
    if any("danger" in c.note for c in cands):       # (the misère declarer's card: medium.py)
        return "Score", ("Score: by rules of thumb (higher is better), not points; danger: how "
                         "likely the cards left are to be forced to take a trick (0 is safe)")
    return "Score", "Score: by rules of thumb (higher is better), not points"


def choice_lines(d: Decision, phase: str, defending: bool = False, limit: int = ROWS_SHOWN,
                 sides: int = 2) -> list[str]:
    """The first ``limit`` candidates of hint ``d`` in ``phase`` as lines of text
    (:func:`candidate_line`), then what their values count at a table of ``sides`` scoring
    sides (:func:`value_words`), as the browser's hint says it under its table.

    >>> for line in choice_lines(Decision("AH", (Candidate("AH", 12.0), Candidate("KH", 3.5))),
    ...                          "play"):
    ...     print(line)
      A♥              +12.0
      K♥               +3.5
      Points: expected this hand, your side's less the others'
    """
    shown = d.candidates[:limit]
    words = value_words(shown, phase, defending, sides)[1]
    return [candidate_line(c, defending=defending) for c in shown] + (
        [f"  {words}"] if words else [])


def format_hint(d: Decision, limit: int = ROWS_SHOWN, phase: str = "play",
                defending: bool = False, sides: int = 2) -> str:
    """A hint as lines of text, suits as symbols: the advice, then the best candidates with
    their values (and, for a seat ``defending``, the declarer's chances), and what the values
    count at a table of ``sides`` scoring sides (:func:`choice_lines`).

    >>> print(format_hint(Decision("QC", (Candidate("QC", 145.2, 0.15),)), defending=True))
    Play Q♣
      Q♣             +145.2  declarer makes 15%
    >>> print(format_hint(Decision("call AS", (Candidate("call AS", 3.9, None, "with a partner"),
    ...                                        Candidate("alone", 2.9, None, "own tricks"))),
    ...                   phase="call"))
    Call A♠
      call A♠          +3.9  with a partner
      alone            +2.9  own tricks
      Tricks: expected for the contract
    >>> [format_hint(Decision(a, ()), phase=p) for a, p in (("pass", "auction"),
    ...                                                     ("alone", "call"))]
    ['Pass', 'Play alone']
    """
    verb = _VERBS.get(phase, "Play")
    action = d.action if not (phase == "call" and d.action.startswith("call ")) else d.action[5:]
    if phase == "kitty" and d.plan:
        action = " ".join(d.plan)            # every card of the discard planned
    action = " ".join(readable(w) for w in action.split())
    advice = {"pass": "Pass", "alone": "Play alone"}.get(action, f"{verb} {action}")
    lines = [advice + (f" — {readable_text(d.reason)}" if d.reason else "")]
    lines += choice_lines(d, phase, defending, limit, sides)
    return "\n".join(lines)


def discard_of(c: Candidate) -> tuple[str, ...]:
    """A discard candidate's cards, read from its note ("discard 6S 8S 9S", as the bots
    write it: its ``action`` is only the first card); none for another candidate.

    >>> discard_of(Candidate("6S", 6.2, None, "discard 6S 8S 9S")), discard_of(Candidate("7H", 1.0))
    (('6S', '8S', '9S'), ())
    """
    return tuple(c.note.split()[1:]) if c.note.startswith("discard ") else ()


def candidate_line(c: Candidate, action: str | None = None, defending: bool = False) -> str:
    """One candidate in columns, suits as symbols: its action (``action``: written
    otherwise), its value, the chance its contract is made (said to be the declarer's for a
    seat ``defending``: a defender's "makes 15%" read as his own chance), the bot's note.

    >>> candidate_line(Candidate("call AH", 6.0, None, "with a partner"))
    '  call A♥          +6.0  with a partner'
    >>> candidate_line(Candidate("7C", -0.04, None, "keeps 5S 10D"))
    '  7♣               +0.0  keeps 5♠ 10♦'
    >>> candidate_line(Candidate("QC", 145.2, 0.15), defending=True)
    '  Q♣             +145.2  declarer makes 15%'
    >>> candidate_line(Candidate("8H", 6.25, None, "discard 8H 10H QH"))   # its tricks
    '  8♥ 10♥ Q♥         6.2 tricks'
    """
    if discard := discard_of(c):
        cards = " ".join(readable(w) for w in discard)
        return f"  {action or cards:<12} {c.value:8.1f} tricks"
    whose = "declarer makes" if defending else "makes"
    make_p = "" if c.make_probability is None else f"  {whose} {c.make_probability:.0%}"
    note = "  " + " ".join(readable(w) for w in c.note.split(" ")) if c.note else ""
    value = round(c.value, 1) + 0.0          # (+ 0.0: never "-0.0")
    return f"  {action or readable(c.action):<12} {value:+8.1f}{make_p}{note}"
