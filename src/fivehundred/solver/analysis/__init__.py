"""Double-dummy analysis for people: a deal's table, a record's hands, every card's value.

:func:`dd_table` solves every contract of a deal with all cards visible: for each seat as
declarer and each strain the tricks his side takes, and whether he can make misère (open
misère is the same play double dummy: spreading the hand tells nothing that double dummy does
not already see).  :func:`card_values` values every legal card of a position in the play;
:func:`analyse_record` and :func:`analyse_main` (``fivehundred analyse``) put them together for
deal files and game records.  docs/analysis.md describes the command and the deal-file format.

>>> from fivehundred import Game, Rules
>>> rules = Rules.preset("australian")
>>> table = dd_table(rules, Game(rules, seed=0).deal.hands)
>>> table.tricks[1]  # seat 1 declares: spades, clubs, diamonds, hearts, no trumps
(5, 6, 5, 6, 3)
>>> print(table.format(("North", "East", "South", "West")))
Double dummy: tricks the declarer's side takes (of 10); the declarer leads.
declarer     ♠   ♣   ♦   ♥  NT  misère
North (0)    5   4   5   4   7  no
East (1)     5   6   5   6   3  no
South (2)    5   4   5   4   7  no
West (3)     5   6   5   6   3  no

Pieces, one concern each:

* :mod:`.ddtable`: :class:`DDTable` and :func:`dd_table`, a deal's double-dummy table.
* :mod:`.kitty`: :class:`KittyTable` and :func:`kitty_table`, the same with the kitty: each
  seat as declarer takes it up and keeps its best hand (``analyse --kitty``).
* :mod:`.values`: :func:`card_values`, :func:`best_cards` and :class:`PositionValues`, a play
  position's cards valued.
* :mod:`.records`: :func:`analyse_record` (:class:`HandAnalysis`, :class:`SideResult`) and
  :func:`analyse_action`, a game record's hands.
* :mod:`.review`: :func:`review_hand` (:class:`HandReview`, :class:`ReviewedPlay`), a hand
  just played out against double dummy from one seat (the games' REVIEW), and
  :func:`reviewed_plays`, any cards played so (``analyse --plays``: every seat's).
* :mod:`.inputs`: :func:`load_input`, :func:`deal_from_json` and :func:`analyse_deal`, what
  the command reads.
* :mod:`.cli`: :func:`analyse_main`, the command itself and its text and JSON output.
* :mod:`.common`: :class:`AnalysisError`, the progress callback type and the seat-name words.
"""

from .cli import CLI_BUDGET, analyse_main
from .common import AnalysisError, Progress
from .ddtable import STRAIN_LABELS, DDTable, dd_table
from .inputs import analyse_deal, deal_from_json, load_input
from .kitty import DiscardVerdict, KittyCell, KittyTable, best_discard, kitty_table
from .records import HandAnalysis, SideResult, analyse_action, analyse_record
from .review import HandReview, ReviewedPlay, ReviewError, review_hand, reviewed_plays
from .values import PositionValues, best_cards, card_values, position_values

__all__ = [
    "CLI_BUDGET",
    "STRAIN_LABELS",
    "AnalysisError",
    "DDTable",
    "DiscardVerdict",
    "HandAnalysis",
    "HandReview",
    "KittyCell",
    "KittyTable",
    "PositionValues",
    "Progress",
    "ReviewError",
    "ReviewedPlay",
    "SideResult",
    "analyse_action",
    "analyse_deal",
    "analyse_main",
    "analyse_record",
    "best_cards",
    "best_discard",
    "card_values",
    "dd_table",
    "deal_from_json",
    "kitty_table",
    "load_input",
    "position_values",
    "review_hand",
    "reviewed_plays",
]
