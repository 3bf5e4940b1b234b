"""How to play, written for one table's rules: the game explained in five short sections,
every number and sentence true under the ``Rules`` given (a rule that means nothing at the
table is left out), as data that the browser, the terminal table and the text game each draw
in their own way.

The values of the bids are the auction's own (``auction.price``), the order of the cards the
engine's (``tricks.TABLES``), and an option's meaning in the rules dialog's words
(``options``) where they say it whole (the guide's own words where the table needs more:
who sits where, a misère's scoring, who wins when several reach the target): one source, so
the guide cannot drift from the game.

>>> g = guide(Rules.preset("australian"))
>>> [s.title for s in g.sections]
['The table', 'The order of the cards', 'The auction', 'The kitty and the play', 'Scoring']
>>> g.bids.value(8, HEARTS), g.bids.others[0].value
(300, 250)
>>> " ".join(readable(t) for t in g.trump_example[:4])
'JK J♥ J♦ A♥'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import MISERE, OPEN_MISERE, bid_action, readable, token_of
from .auction import price, rank_key
from .cards import (
    CLUBS,
    ELEVEN,
    HEARTS,
    JACK,
    RANK_TOKENS,
    STRAIN_NAMES,
    SUIT_WORDS,
    SUITS,
    THIRTEEN,
    card,
    iter_cards,
    rank_of,
    suit_of,
)
from .options import CHOICE_TEXT, SWITCH_TEXT, has_partners
from .rule_words import failed_misere_gain, opponents, won_by_contract_text
from .rules import Rules
from .tricks import TABLES
from .words import joined

__all__ = ["BidRow", "BidTable", "Block", "Guide", "OtherBid", "Section", "guide", "misere_aim"]

EXAMPLE_TRUMPS = HEARTS
"""The trump suit the guide lists card by card (any suit shows the order as well)."""
PLAIN_EXAMPLE = CLUBS
"""The plain suit it lists beside them (not of the trumps' colour: it has its jack)."""


@dataclass(frozen=True)
class BidRow:
    """One row of the bid table: a number of tricks and the value of each strain's bid."""

    tricks: int
    values: tuple[int, ...]
    """The value of the bid in each strain, ♠ ♣ ♦ ♥ NT."""


@dataclass(frozen=True)
class OtherBid:
    """A bid outside the grid (misère, open misère): its token, its value, where it ranks."""

    bid: str
    value: int
    ranks: str


@dataclass(frozen=True)
class BidTable:
    """Every bid of the table's ladder with its value (``auction.price``)."""

    rows: tuple[BidRow, ...]
    others: tuple[OtherBid, ...]
    strains: tuple[str, ...] = STRAIN_NAMES
    """The columns: the strains as tokens, S C D H NT."""

    def value(self, tricks: int, strain: int) -> int:
        """The value of the bid of ``tricks`` (6 to 10) in ``strain`` (0 to 4)."""
        return next(r.values[strain] for r in self.rows if r.tricks == tricks)


@dataclass(frozen=True)
class Block:
    """A piece of a section: a paragraph (``text``), a row of cards with a caption
    (``cards``: tokens, in order), or the bid table (``bids``)."""

    text: str = ""
    cards: tuple[str, ...] = ()
    bids: BidTable | None = None

    @property
    def kind(self) -> str:
        """``text``, ``cards`` or ``bids``."""
        return "bids" if self.bids is not None else "cards" if self.cards else "text"


@dataclass(frozen=True)
class Section:
    """One part of the guide: a key (``table``, ``cards``, ``auction``, ``play``,
    ``scoring``), a title, its blocks."""

    key: str
    title: str
    blocks: tuple[Block, ...]

    @property
    def text(self) -> str:
        """Every paragraph and caption of the section, one a line (what tests search)."""
        return "\n".join(b.text for b in self.blocks if b.text)


@dataclass(frozen=True)
class Guide:
    """The whole guide for one table."""

    sections: tuple[Section, ...]
    bids: BidTable
    trump_example: tuple[str, ...]
    """The trumps of ``EXAMPLE_TRUMPS`` in this pack, the highest first."""

    def section(self, key: str) -> Section:
        """The section of ``key`` (KeyError for one the guide has not)."""
        for s in self.sections:
            if s.key == key:
                return s
        raise KeyError(key)

    def as_json(self) -> dict[str, Any]:
        """The guide as JSON (docs/protocol.md, ``GET /api/guide``)."""
        return {"sections": [{"key": s.key, "title": s.title,
                              "blocks": [_block_json(b) for b in s.blocks]}
                             for s in self.sections]}


def _block_json(b: Block) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": b.kind, "text": b.text}
    if b.cards:
        out["cards"] = list(b.cards)
    if b.bids is not None:
        out["strains"] = list(b.bids.strains)
        out["rows"] = [{"tricks": r.tricks, "values": list(r.values)} for r in b.bids.rows]
        out["others"] = [{"bid": o.bid, "value": o.value, "ranks": o.ranks}
                         for o in b.bids.others]
    return out


def guide(rules: Rules) -> Guide:
    """How to play at a table of ``rules``."""
    bids = bid_values(rules)
    trumps = trump_order(rules, EXAMPLE_TRUMPS)
    sections = (
        Section("table", "The table", tuple(_table(rules))),
        Section("cards", "The order of the cards", tuple(_order(rules, trumps))),
        Section("auction", "The auction", tuple(_auction(rules, bids))),
        Section("play", "The kitty and the play", tuple(_play(rules))),
        Section("scoring", "Scoring", tuple(_scoring(rules))),
    )
    return Guide(sections, bids, tuple(token_of(c) for c in trumps))


# ---------------------------------------------------------------- the facts, from the engine


def bid_values(rules: Rules) -> BidTable:
    """Every bid's value at this table; misère and open misère where they may be bid, each
    with where it ranks on the ladder (``auction.rank_key``)."""
    rows = tuple(BidRow(t, tuple(price(rules, bid_action(t, s)) for s in range(5)))
                 for t in range(6, 11))
    others = []
    if rules.misere_allowed:
        others.append(OtherBid(token_of(MISERE), price(rules, MISERE), _ranks(rules, MISERE)))
    if rules.allows_open_misere:
        others.append(OtherBid(token_of(OPEN_MISERE), price(rules, OPEN_MISERE),
                               _ranks(rules, OPEN_MISERE)))
    return BidTable(rows, tuple(others))


def _ranks(rules: Rules, bid: int) -> str:
    """Where a bid outside the grid ranks among the trick bids: between which two, or above
    them all."""
    ladder = sorted((bid_action(t, s) for t in range(6, 11) for s in range(5)),
                    key=lambda b: rank_key(rules, b))
    below = [b for b in ladder if rank_key(rules, b) < rank_key(rules, bid)]
    above = [b for b in ladder if rank_key(rules, b) > rank_key(rules, bid)]
    if not above:
        return f"above every other bid, including {readable(token_of(below[-1]))}"
    if not below:
        return f"below {readable(token_of(above[0]))}"
    return f"between {readable(token_of(below[-1]))} and {readable(token_of(above[0]))}"


def trump_order(rules: Rules, suit: int) -> list[int]:
    """The trumps of ``suit`` in this pack, the highest first, as the engine ranks them."""
    t = TABLES[suit]
    return sorted(iter_cards(rules.deck_mask & t.suit_mask[suit]), key=lambda c: -t.power[c])


def _suit_cards(rules: Rules, suit: int) -> list[int]:
    """The cards of a printed suit in this pack, the highest first (plainly ranked)."""
    return sorted((c for c in iter_cards(rules.deck_mask) if suit_of(c) == suit),
                  key=lambda c: -rank_of(c))


def _pack_words(rules: Rules) -> str:
    """What the pack holds: each suit from the ace down to its lowest card (suits alike
    together), the six-handed 11s, 12s and 13s, the joker."""
    groups: dict[tuple[str, tuple[int, ...]], list[str]] = {}
    for s in SUITS:
        ranks = [rank_of(c) for c in _suit_cards(rules, s)]
        extra = tuple(r for r in ranks if ELEVEN <= r <= THIRTEEN)
        low = RANK_TOKENS[min(r for r in ranks if not ELEVEN <= r <= THIRTEEN)]
        groups.setdefault((low, extra), []).append(SUIT_WORDS[s])
    parts = []
    for (low, extra), suits in groups.items():
        where = "every suit" if len(suits) == 4 else _in_words(suits)
        tall = f", with the {_in_words([RANK_TOKENS[r] for r in extra])}" if extra else ""
        parts.append(f"the A down to the {low} in {where}{tall}")
    joker = "and the joker" if rules.has_joker else "and no joker"
    return f"{'; '.join(parts)}; {joker}" if len(parts) > 1 else f"{parts[0]}, {joker}"


def _in_words(words: list[str]) -> str:
    """Words as prose lists them, "a, b and c" (``words.joined`` writes names, with "&")."""
    return joined(words).replace(" & ", " and ")


# ---------------------------------------------------------------- who plays with whom

NUMBER_WORDS = ("no", "one", "two", "three")
"""A small count in words (the teams of a six-handed table)."""


def _side(rules: Rules) -> str:
    """What scores together: a side, or (each for himself) a player."""
    return "player" if rules.teams == "none" else "side"


def _eldest(rules: Rules) -> str:
    """Who speaks first and leads a hand nobody bid: the player on the dealer's left, or at
    two the non-dealer (the dead hand is dealt at the dealer's left)."""
    return "the non-dealer" if rules.players == 2 else "the player on the dealer's left"


def _partners_sit_out(rules: Rules) -> str | None:
    """What the misère declarer's partners do, where he has any."""
    n = len(rules.sides[0]) - 1
    if n == 0:
        return None
    if n == 1:
        return "the declarer's partner lays his hand face down and takes no part"
    return "the declarer's partners lay their hands face down and take no part"


# ---------------------------------------------------------------- the sections


def _table(r: Rules) -> list[Block]:
    n = r.players
    if r.teams == "two" and n == 4:
        who = (f"This table seats {n} players in two partnerships: partners sit opposite "
               "each other, and a side's tricks and points count together.")
    elif r.teams == "two":
        who = (f"This table seats {n} players in two teams of {NUMBER_WORDS[n // 2]}, on "
               "alternate seats: a team's tricks and points count together.")
    elif r.teams == "pairs":
        who = (f"This table seats {n} players in {NUMBER_WORDS[n // 2]} pairs, partners "
               "sitting opposite each other: a pair's tricks and points count together.")
    elif r.dead_hand:
        who = (f"This table seats {n} players, each for himself. A third hand, the dead hand, "
               "is dealt too, as if to a player on the dealer's left, and stays out of play, "
               "unseen by both.")
    elif r.call_partner:
        who = (f"This table seats {n} players, each for himself; but in each hand the "
               "highest bidder, the declarer, may call a partner, who wins or loses half of "
               "what the declarer scores (see the play).")
    else:
        who = f"This table seats {n} players, each for himself."
    pack = f"The pack has {r.deck_size} cards: {_pack_words(r)}."
    hands = "each hand, the dead hand too," if r.dead_hand else "each player"
    declarer = "the declarer" if r.call_partner else "the highest bidder, the declarer,"
    deal = (f"The dealer gives 10 cards to {hands} and {r.kitty_size} cards, face down, to "
            f"the kitty, which {declarer} will take up.")
    if r.deal_packets[0] != (False, 10):
        deal += f" He deals them in packets: {_packets(r)}."
    turn = ("The two players deal in turn." if n == 2
            else "The deal passes to the left after each hand.")
    turn += " " + CHOICE_TEXT["first_dealer"][r.first_dealer]
    if r.first_dealer == "cut":
        low = "the joker is lowest, then the ace" if r.has_joker else "the ace is lowest"
        turn += (f" For the cut {low}, then the other ranks upwards, as in a plain suit, up "
                 "to the king; of two cards of one rank, spades are lower than clubs, clubs "
                 "than diamonds, diamonds than hearts.")
    return [*(Block(t) for t in _tricks(r)), Block(who), Block(pack), Block(f"{deal} {turn}")]


def _tricks(r: Rules) -> tuple[str, str]:
    """What a trick is, leading and following; then what wins a trick, what a trump is and
    who leads next: said first, as every section speaks of them (the play says the rules
    again, with their exceptions: the first lead, the joker's, the left bower's suit)."""
    if r.players == 2:
        others = "Then the other player plays one card to it"
    else:
        out = (" (but not a partner who sits out a misère)"
               if r.misere_allowed and _partners_sit_out(r) else "")
        others = f"Then each other player in turn to the left{out} plays one card to it"
    trumps = ("The trumps are the joker and, where the auction names a trump suit, the cards "
              "of that suit" if r.has_joker
              else "The trumps are the cards of the trump suit, where the auction names one")
    return (("Five Hundred is a game of tricks. After the deal and the auction, described "
             f"below, the hand is played one trick at a time: {_goal(r)}. One player leads to "
             f"a trick: he plays a card face up. {others}, and must follow suit, that is, play "
             "a card of the suit led, if he can. The cards played make up the trick."),
            ("A trick is won by the highest trump in it, if there is one, else by the highest "
             f"card of the suit led. {trumps}: the order of the cards, below, shows them. The "
             "winner of a trick leads to the next."))


def _goal(r: Rules) -> str:
    """What the highest bidder plays for, said before the guide's first "misère" (a
    partner's sit-out, in the same paragraph): the tricks he bid, or in a misère none."""
    who = ("the highest bidder's side" if r.teams != "none" else
           "the highest bidder (with the partner he calls, if any)" if r.call_partner
           else "the highest bidder")
    goal = f"{who} tries to take at least as many tricks as he bid"
    if r.misere_allowed:
        goal += f"; or, if he bid misère, he tries to {misere_aim(r)}"
    return goal


def misere_aim(r: Rules) -> str:
    """What a misère's declarer must do, in the words the guide and the browser's question
    before the bid share: "take no trick at all", "playing alone" where he might have had a
    partner (:func:`~fivehundred.options.has_partners`).

    >>> misere_aim(Rules.preset("classic3")), misere_aim(Rules.preset("australian"))
    ('take no trick at all', 'take no trick at all, playing alone')
    """
    return "take no trick at all" + (", playing alone" if has_partners(r) else "")


def _packets(r: Rules) -> str:
    """The deal's packets in order, the last cards of the pack to the kitty where the packets
    leave some: "3 to each player, 1 to the kitty, ..., then the last 2 to the kitty"."""
    each = "each hand" if r.dead_hand else "each player"
    parts = []
    for to_kitty, k in r.deal_packets:
        parts.append(f"{k} to the kitty" if to_kitty else f"{k} to {each}")
        if not to_kitty:
            each = "each"
    rest = r.kitty_size - sum(k for to_kitty, k in r.deal_packets if to_kitty)
    if rest:
        parts.append("then the last card to the kitty" if rest == 1
                     else f"then the last {rest} to the kitty")
    return ", ".join(parts)


def _order(r: Rules, trumps: list[int]) -> list[Block]:
    t = TABLES[EXAMPLE_TRUMPS]
    top = "the joker (the best bower), " if r.has_joker else ""
    out = [Block(f"In a trump suit the cards rank, from the top: {top}the right bower (the "
                 "jack of trumps), the left bower (the other jack of the same colour: it "
                 "counts as a trump, and no longer as a card of its own suit), then the "
                 "ace, king and queen of trumps and the rest of the suit in order.")]
    suit = SUIT_WORDS[EXAMPLE_TRUMPS]
    partner = EXAMPLE_TRUMPS ^ 1
    out.append(Block(f"With {suit} trumps, the {len(trumps)} trumps are, from the top:",
                     cards=tuple(token_of(c) for c in trumps)))
    left = r.deck_mask & t.suit_mask[partner]
    out.append(Block(f"{SUIT_WORDS[partner].capitalize()} then have only "
                     f"{left.bit_count()} cards: their jack, "
                     f"{readable(token_of(card(JACK, partner)))}, has become a trump (the "
                     "left bower)."))
    plain = PLAIN_EXAMPLE
    out.append(Block(f"The other suits rank plainly, from the ace down: with {suit} trumps, "
                     f"the {SUIT_WORDS[plain]} are:",
                     cards=tuple(token_of(c) for c in _suit_cards(r, plain))))
    misere = " and in misère" if r.misere_allowed else ""
    if not r.has_joker:
        out.append(Block(f"At no trumps{misere} there are no bowers and no trumps: the jacks "
                         "rank in their own suits, and each trick is won by the highest card "
                         "of the suit led."))
        return out
    joker = (f"At no trumps{misere} there are no bowers: the jacks rank in their own suits, "
             "and the joker, the only trump, belongs to no suit and wins any trick it is "
             "played to. To a trick another has led, its holder may play it only when he "
             "cannot follow the suit led. ")
    if r.nt_joker == "australian":
        joker += ("When the joker is led, its holder names a suit not yet led in the hand, "
                  "which then counts as led and which the others must follow; once all four "
                  "suits have been led, it may be led only to the last trick, naming no suit.")
        if r.misere_allowed:
            joker += " In misère, a player who cannot follow and holds the joker must play it."
    else:
        joker += ("When the joker is led, its holder names any suit he has not shown void in "
                  "(by failing to follow it), which the others must follow.")
    out.append(Block(joker))
    return out


def _auction(r: Rules, bids: BidTable) -> list[Block]:
    single = r.auction == "single"
    end = ("The highest bid is the contract" if single
           else "The bid left standing is the contract")
    turns = ("then the dealer, in turn" if r.players == 2
             else "then each in turn to the left")
    out = [Block(f"{_eldest(r).capitalize()} speaks first, {turns}, passing or bidding "
                 "higher than the bid before. "
                 f"{CHOICE_TEXT['auction'][r.auction]} {end}, and its bidder is the "
                 "declarer.")]
    side = "the bidder's side" if r.teams != "none" else "the bidder"
    if r.call_partner:
        side = "the bidder (with the partner he calls, if any)"
    lowest = readable(token_of(bid_action(6, 0)))
    out.append(Block(f"A bid names how many tricks, 6 to 10, {side} will take, and its strain: "
                     "a trump suit, or no trumps (NT). The strains rank ♠ ♣ ♦ ♥ NT, from the "
                     "lowest. Each "
                     "bid must outrank the one before: a bid of more tricks outranks it, and "
                     "so does a bid of as many tricks in a higher strain. The table below "
                     f"gives each bid's value. The lowest bid is {lowest}."))
    if r.misere_allowed:
        m = bids.others[0]
        when = (SWITCH_TEXT["misere_needs_seven"][0] if r.misere_needs_seven
                else f"{SWITCH_TEXT['misere_needs_seven'][1][:-1]}, even as the opening bid.")
        out.append(Block(f"Misère ({m.value} points) is a bid to {misere_aim(r)}, "
                         f"at no trumps. It ranks {m.ranks}. {when}"))
    else:
        out.append(Block("Neither misère nor open misère may be bid at this table."))
    if r.allows_open_misere:
        o = bids.others[-1]
        out.append(Block(f"Open misère ({o.value} points) is misère with the declarer's hand "
                         f"spread face up for all to see. It ranks {o.ranks}, and may be bid "
                         "whenever it outranks the bid to beat, even as the opening bid."))
    elif r.misere_allowed:
        out.append(Block("Open misère may not be bid at this table."))
    out.append(Block(_all_pass(r)))
    out.append(Block("What each bid is worth: made, it scores this; failed, it loses it.",
                     bids=bids))
    return out


def _all_pass(r: Rules) -> str:
    """What happens when nobody bids: a new deal by the next dealer, or the hand played at
    no trumps, 10 a trick to each side, whatever the rule for the opponents of a contract
    (a hand nobody bid has no contract; that rule is said under scoring: named here, it read
    as if it cut the 10 a trick)."""
    if r.all_pass == "redeal":
        return "When nobody bids, the hand is thrown in and the next dealer deals."
    return (f"When nobody bids, the hand is played at no trumps, the kitty untouched and "
            f"{_eldest(r)} leading; each {_side(r)} scores 10 a trick.")


def _play(r: Rules) -> list[Block]:
    k = r.kitty_size
    others = "his opponent" if r.players == 2 else "the others"
    out = [Block(f"The declarer takes the {k} cards of the kitty into his hand, unseen by "
                 f"{others}, then discards any {k} cards face down (even cards just taken "
                 "up): they take no part in the play.")]
    if r.call_partner:
        call = ("Then he calls a partner by naming a card he neither holds nor discarded "
                "(not a trump; the joker only at no trumps): whoever holds it becomes his "
                "partner for the hand at once. Or he plays alone.")
        if r.misere_allowed:
            call += " Misère is always played alone: there is no call."
        out.append(Block(call))
    if r.opening_lead == "declarer":
        lead = CHOICE_TEXT["opening_lead"]["declarer"]
    else:
        lead = f"{_eldest(r).capitalize()} leads to the first trick."
    if r.opening_lead == "eldest" and r.misere_allowed and _partners_sit_out(r):
        lead = lead[:-1] + " (in a misère, if he sits out, the next player in play)."
    out.append(Block(f"{lead} The winner of each trick leads to the next."))
    joker = (" (but in misère he must play the joker if he holds it)"
             if r.has_joker and r.nt_joker == "australian" and r.misere_allowed else "")
    out.append(Block("Each player must follow the suit led if he can; if he cannot, he may "
                     f"play any card{joker}, a trump or not: there is no duty to trump. A "
                     "trick is won by the highest trump in it, else by the highest card of "
                     "the suit led."))
    out.append(Block("The left bower is a trump: when trumps are led it follows them, and when "
                     "its printed suit is led it does not count as that suit."))
    if r.misere_allowed:
        sit_out = _partners_sit_out(r)
        text = f"In misère {sit_out}. " if sit_out else ""
        text += SWITCH_TEXT["misere_stops_when_taken"][0 if r.misere_stops_when_taken else 1]
        if r.allows_open_misere:
            text += " " + CHOICE_TEXT["open_misere_reveal"][r.open_misere_reveal]
        out.append(Block(text))
    out.append(Block(_claims(r)))
    return out


def _claims(r: Rules) -> str:
    """Claiming the rest (``claims.py``): every trick left for the claimant's scoring side
    (a called partner's too, who may claim as the declarer may), or a misère's declarer no
    trick more; checked with every card seen, played out at once if it stands, else (or past
    the check's time) nothing changes."""
    whose = (" for his side" if r.teams != "none" else
             " for himself (the declarer and his called partner, either of them: for the two "
             "of them)" if r.call_partner else "")
    misere = (", and the declarer of a misère may claim that he takes no trick more (its "
              "opponents may not claim)" if r.misere_allowed else "")
    others = "his opponent" if r.players == 2 else "the others"
    return (f"During the play, a player sure of taking every trick left{whose} may claim them "
            f"instead of playing on{misere}. The claim is checked with every card seen: it "
            f"stands only if no play of {others} can beat it, and the hand is then played out "
            "at once. A claim that does not stand, or that cannot be checked within a few "
            "seconds, changes nothing, and play goes on.")


def _scoring(r: Rules) -> list[Block]:
    side = _side(r)
    made = (f"A contract made scores its value from the table above, tricks over it adding "
            f"nothing; failed, the declaring {side} loses its value, and a score may go below "
            f"zero. {CHOICE_TEXT['slam'][r.slam]}")
    if r.call_partner:
        made += " A called partner wins or loses half of the declarer's score."
    opp, score, they_take, their = opponents(r)
    if r.defender_trick_points == "always":
        defence = (f"{opp.capitalize()} of a bid of tricks {score} 10 for each trick "
                   f"{they_take}, whether it is made or not.")
    else:
        defence = f"{opp.capitalize()} of a contract {score} nothing for {their} tricks."
    out = [Block(made), Block(defence)]
    if r.misere_allowed:
        out.append(Block(_misere_scoring(r)))
    win = (f"{CHOICE_TEXT['win'][r.win]} {_several_reach(r)}" if r.win == "reach_500_any_way"
           else won_by_contract_text(r))
    out.append(Block(f"The game is played to {r.target} points. {win}"))
    out.append(Block(_hole(r)))
    return out


def _misere_scoring(r: Rules) -> str:
    """What a misère scores, made or failed; the opponents' own tricks score nothing."""
    values = f"{r.misere_value}"
    if r.allows_open_misere:
        values += f" (open misère {r.open_misere_value})"
    text = (f"A misère scores {values} if the declarer takes no trick; if he takes one, the "
            f"declaring {_side(r)} loses that much")
    opp, score, _, their = opponents(r)
    if r.misere_defender_points == "ten_per_declarer_trick":
        text += f", and {failed_misere_gain(r)} 10 for each trick the declarer took"
    return f"{text}. Made or not, {opp} {score} nothing for {their} own tricks in a misère."


def _several_reach(r: Rules) -> str:
    """Who wins when more than one side reaches the target in one hand (``win=
    reach_500_any_way``): the declaring side if it is among them (then the called partner),
    else the first to get there during the play (``scoring.game_winner``)."""
    side = _side(r)
    nobody = r.all_pass == "play_no_trumps"
    if len(r.sides) == 2:
        text = f"If both {side}s get there in the same hand, the declaring {side} wins"
        if nobody:
            text += "; in a hand nobody bid, the first to get there during the play wins"
        return text + "."
    decl = ("the declarer wins if he is one of them" if r.teams == "none"
            else "the declaring side wins if it is one of them")
    if r.call_partner:
        decl += ", else his called partner if he is"
    text = (f"If more than one {side} gets there in the same hand, {decl}; otherwise"
            f"{', or in a hand nobody bid,' if nobody else ''} the first to get there during "
            "the play wins")
    if r.misere_allowed and r.misere_defender_points == "ten_per_declarer_trick":
        text += (" (if the declarer's trick in a failed misère brings several there at "
                 "once, the first of them from the declarer's left)")
    return text + "."


def _hole(r: Rules) -> str:
    """The hole: where nobody wins at the target, a side at the hole or below loses, the best
    of the others wins; with three sides or more, a tie goes to the declaring side (then the
    called partner), then to the first from the declarer's left (``scoring.game_winner``)."""
    side = _side(r)
    text = (f"If nobody wins at the target, a {side} at {r.hole} or below is in the hole and "
            "loses the game")
    if len(r.sides) == 2:
        return f"{text}, and the other {side} wins."
    partner = ", then to the called partner" if r.call_partner else ""
    first = "the first player" if r.teams == "none" else "the side of the first player"
    return (f"{text}: the {side} with the highest score among the others wins (a tie goes to "
            f"the declaring {side}{partner}, else to {first} from the declarer's left).")
