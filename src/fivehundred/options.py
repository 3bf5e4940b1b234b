"""The options every front end offers, in words: the presets' labels, the house-rule toggles of
the new-game form, what each option means in the rules dialog (the terminal games' too), the
bots' strengths and the speeds of play.

>>> build_rules("australian", {"misere_allowed": False}).misere_allowed
False
>>> build_rules("australian", {"target": "x"})
Traceback (most recent call last):
...
fivehundred.errors.RulesError: option target takes a whole number of tens from 10 to 10,000, got 'x'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .bot_catalog import LADDER
from .errors import RulesError, shown_json
from .rule_words import failed_misere_gain, opponents, won_by_contract_text
from .rules import CHOICES, PRESET_NAMES, Rules

PRESET_LABELS: dict[str, str] = {
    "australian": "Australian (4 players, partners)",
    "classic3": "Classic 3-handed",
    "classic4": "Classic 4-handed (partners)",
    "two_dead_hand": "2 players, with a dead hand",
    "two_24": "2 players, 24-card pack",
    "five_called": "5 players, called partner",
    "six_pairs": "6 players, three pairs",
    "six_threes": "6 players, two teams of three",
}

OPTION_TEXT: dict[str, str] = {
    "players": "Seats at the table, numbered clockwise.",
    "deck": "The pack: 33, 43, 45, 53 or 63 cards with the joker, or 24 without it.",
    "teams": "none: each for himself; two: partners on alternate seats; pairs: partners opposite.",
    "dead_hand": "Two-handed: a third hand is dealt and stays out of play, unseen.",
    "call_partner": "Five-handed: the declarer calls a partner by naming a card, or plays alone.",
    "deal_pattern": "How the cards are dealt: N to each hand, kN to the kitty.",
    "first_dealer": "How the first dealer is chosen: a cut (lowest card deals) or at random.",
    "auction": "In rounds, where a pass is final, or one bid each.",
    "misere_allowed": "Misère (no trick, playing alone) may be bid; off bans open misère too.",
    "misere_value": ("Points for a made misère (lost if it fails). Its worth does not change "
                     "where it ranks in the bidding: Misère ranks says that."),
    "misere_rank": ("Where misère ranks, whatever it is worth: above every 7-bid and below "
                    "every 8-bid, or between 8♠ and 8♣."),
    "misere_needs_seven": "Misère may be bid only over a 7-bid.",
    "misere_stops_when_taken": "A misère's play stops as soon as the declarer takes a trick.",
    "misere_defender_points": "What the opponents score when a misère fails.",
    "open_misere_allowed": "Open misère (misère with the hand spread face up) may be bid.",
    "open_misere_value": ("Points for a made open misère (lost if it fails). Its worth does "
                          "not change where it ranks in the bidding: Open misère ranks says "
                          "that."),
    "open_misere_rank": ("Where open misère ranks, whatever it is worth: between 10♦ and 10♥, "
                         "or above every bid."),
    "open_misere_reveal": "When the open-misère hand is spread: after the first trick or at once.",
    "all_pass": "When nobody bids: redeal, or play the hand at no trumps, 10 a trick.",
    "opening_lead": ("Who leads first: the declarer, or the first to speak in the auction "
                     "(the player on the dealer's left; two-handed with a dead hand, the "
                     "non-dealer), or the next in play after him if he sits out a misère."),
    "nt_joker": ("The joker at no trumps and in misère (played to a trick only when void "
                 "in the suit led): by the Australian rule it is led naming a suit not yet "
                 "led, and must be played in misère when void; by the classic rule it is led "
                 "naming any suit the leader has not shown void in."),
    "slam": ("All ten tricks: worth at least 250; or, from 8♣ (260) up, twice the bid's "
             "price (below it, the price alone); or nothing extra."),
    "defender_trick_points": "What the opponents of a contract score for the tricks they take.",
    "win": ("How the game is won: by reaching the target with a contract of your own, or by "
            "reaching it any way."),
    "target": "Points to win the game.",
    "hole": "Points that lose the game (in the hole).",
}

# The house rules offered on the new-game form: option -> (label, choices or None for bool).
# Every option but those that make the table (players, pack, teams, dead hand, called
# partner, deal): those come with the preset (RULES.md: every option stays switchable on every
# preset; `--rules` takes any of them in the terminal games).
TOGGLES: dict[str, tuple[str, tuple[Any, ...] | None]] = {
    "misere_allowed": ("Misère allowed", None),
    "misere_value": ("Misère is worth", (200, 250, 300)),
    "misere_rank": ("Misère ranks, at any worth", CHOICES["misere_rank"]),
    "misere_needs_seven": ("Misère only over a 7-bid", None),
    "misere_stops_when_taken": ("Misère stops at its first trick", None),
    "misere_defender_points": ("Failed misère: opponents score",
                               CHOICES["misere_defender_points"]),
    "open_misere_allowed": ("Open misère allowed", None),
    "open_misere_value": ("Open misère is worth", (500, 520)),
    "open_misere_rank": ("Open misère ranks, at any worth", CHOICES["open_misere_rank"]),
    "open_misere_reveal": ("Open misère hand shown", CHOICES["open_misere_reveal"]),
    "first_dealer": ("First dealer", CHOICES["first_dealer"]),
    "auction": ("Auction", CHOICES["auction"]),
    "all_pass": ("When everyone passes", CHOICES["all_pass"]),
    "opening_lead": ("Opening lead", CHOICES["opening_lead"]),
    "nt_joker": ("Joker at no trumps", CHOICES["nt_joker"]),
    "slam": ("Slam (all ten tricks)", CHOICES["slam"]),
    "defender_trick_points": ("Defenders' tricks", CHOICES["defender_trick_points"]),
    "win": ("Game won", CHOICES["win"]),
    "target": ("Game to", (250, 500, 1000)),
    "hole": ("Game lost at", (-250, -500, -1000)),
}

NUMBERS: dict[str, tuple[int, int]] = {
    "misere_value": (10, 10_000), "open_misere_value": (10, 10_000),
    "target": (10, 10_000), "hole": (-10_000, -10),
}
"""The toggles typed as a number (tens, from the first to the second: a house's 300 or 750
as well as the common values, its choices, offered as suggestions), not chosen from a list."""

TOGGLE_GROUPS: dict[str, str] = {"misere_allowed": "Misère",
                                 "first_dealer": "The auction and the play",
                                 "slam": "Scoring and the game"}
"""The form's headings, each over the toggles from the one named to the next heading's."""

FORM_NEEDS: dict[str, str] = {
    **{o: "misere_allowed" for o in ("misere_value", "misere_rank", "misere_needs_seven",
                                     "misere_stops_when_taken", "misere_defender_points",
                                     "open_misere_allowed")},
    **{o: "open_misere_allowed" for o in ("open_misere_value", "open_misere_rank",
                                          "open_misere_reveal")},
}
"""A toggle of the form that means nothing while a switch above it is off, and that switch:
the form shows it off (each follows the one before it: open misère's follow misère's)."""

STRENGTHS = LADDER
"""The bots' strengths the lobby offers, the weakest first (the bots' catalog's ladder)."""

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.35}
"""How fast a table plays: each pause (before a bot's card, a finished trick left on show)
and each card's flight, times this."""


def checked_speed(speed: object) -> str:
    """``speed`` if it is one of SPEEDS, else RulesError naming them.

    >>> checked_speed("fast")
    'fast'
    >>> checked_speed("quick")
    Traceback (most recent call last):
    ...
    fivehundred.errors.RulesError: speed must be one of slow, normal, fast, got 'quick'
    """
    if not isinstance(speed, str) or speed not in SPEEDS:
        raise RulesError(f"speed must be one of {', '.join(SPEEDS)}, got {shown_json(speed)}")
    return speed


def presets_json() -> list[dict[str, Any]]:
    """Every preset with its label, its number of players and of your partners (seat 0's,
    whom the lobby's note says play at least Hard)."""
    out = []
    for n in PRESET_NAMES:
        r = Rules.preset(n)
        out.append({"name": n, "label": PRESET_LABELS.get(n, n), "players": r.players,
                    "partners": len(r.sides[r.side_of[0]]) - 1})
    return out


def toggles_json() -> list[dict[str, Any]]:
    """The house-rule toggles of the new-game form, each choice with its words (the form's
    list shows the words, the rules dialog the longer ``VALUE_WORDS``).

    >>> [t["choice_words"] for t in toggles_json() if t["option"] == "nt_joker"]
    [['Australian', 'Classic']]
    """
    out = []
    for option, (label, choices) in TOGGLES.items():
        values = [] if choices is None else list(choices)
        toggle: dict[str, Any] = {"option": option, "label": label,
                                  "kind": "bool" if choices is None
                                  else "number" if option in NUMBERS else "choice",
                                  "choices": values,
                                  "choice_words": [choice_word(option, v) for v in values],
                                  "text": OPTION_TEXT[option], "needs": FORM_NEEDS.get(option),
                                  "group": TOGGLE_GROUPS.get(option)}
        if option in NUMBERS:
            toggle["min"], toggle["max"] = NUMBERS[option]
            toggle["step"] = 10
        out.append(toggle)
    return out


def choice_word(option: str, value: object) -> str:
    """A toggle's choice as the new-game form's list shows it: short words (the rules
    dialog's ``VALUE_WORDS`` where they are short enough), a number as it is.

    >>> choice_word("all_pass", "play_no_trumps"), choice_word("target", 500)
    ('Play at no trumps', '500')
    """
    words = FORM_WORDS.get(option, VALUE_WORDS.get(option, {}))
    return words.get(str(value), str(value).replace("_", " ").capitalize())


def defaults_json() -> dict[str, dict[str, Any]]:
    """Each preset's values of the toggles."""
    return {n: {o: getattr(Rules.preset(n), o) for o in TOGGLES} for n in PRESET_NAMES}


def toggles_off_json() -> dict[str, dict[str, str]]:
    """For each preset, the toggles that mean nothing under it and why (the joker's rule
    where the pack has none): the form shows them off.

    >>> toggles_off_json()["two_24"]
    {'nt_joker': 'this pack has no joker'}
    """
    out: dict[str, dict[str, str]] = {}
    for n in PRESET_NAMES:
        rules = Rules.preset(n)
        out[n] = {o: why for o in TOGGLES if (why := not_here(rules, o)) is not None}
    return out


def build_rules(preset: object, toggles: object) -> Rules:
    """The rules of a new game: a preset with some toggles changed; RulesError names the
    fault, a toggle that means nothing at the table too (the joker's rule without a joker).

    >>> build_rules("two_24", {"nt_joker": "classic"})
    Traceback (most recent call last):
    ...
    fivehundred.errors.RulesError: option nt_joker means nothing here: this pack has no joker
    """
    if not isinstance(preset, str) or preset not in PRESET_NAMES:
        raise RulesError(f"unknown preset {shown_json(preset)}; presets are "
                         f"{', '.join(PRESET_NAMES)}")
    if toggles is None:
        toggles = {}
    if not isinstance(toggles, dict):
        raise RulesError(f"toggles must be an object of option: value, got {shown_json(toggles)}")
    changes: dict[str, Any] = {}
    for option, value in toggles.items():
        if option not in TOGGLES:
            raise RulesError(f"{shown_json(option)} is not a house rule of the new-game form; "
                             f"they are {', '.join(TOGGLES)}")
        choices = TOGGLES[option][1]
        if option in NUMBERS:
            low, high = NUMBERS[option]
            if (type(value) is not int or not low <= value <= high  # (a bool is no number)
                    or value % 10):
                raise RulesError(f"option {option} takes a whole number of tens from "
                                 f"{low:,} to {high:,}, got {shown_json(value)}")
        elif choices is None:
            if not isinstance(value, bool):
                raise RulesError(f"option {option} takes true or false, got {shown_json(value)}")
        elif value not in choices or isinstance(value, bool):
            raise RulesError(f"option {option} takes one of "
                             f"{', '.join(str(c) for c in choices)}, got {shown_json(value)}")
        changes[option] = value
    rules = Rules.preset(preset, **changes)
    refuse_meaningless(rules, changes)
    return rules


def refuse_meaningless(rules: Rules, changed: Iterable[str]) -> None:
    """RulesError for the first option of ``changed`` that means nothing under ``rules``
    (the joker's rule without a joker, a misère's value where misère may not be bid): it
    would only mark the table as played under a house rule it does not have.

    >>> refuse_meaningless(Rules.preset("two_24", nt_joker="australian"), ["nt_joker"])
    Traceback (most recent call last):
    ...
    fivehundred.errors.RulesError: option nt_joker means nothing here: this pack has no joker
    """
    for option in changed:
        need = FORM_NEEDS.get(option)
        why = not_here(rules, option) or (
            f"{need} is off" if need is not None and not getattr(rules, need) else None)
        if why is not None:
            raise RulesError(f"option {option} means nothing here: {why}")


def rules_label(rules: Rules, preset: str) -> str:
    """A short name for a table's rules: the preset's label, marked when house rules differ;
    where they change who plays with whom, the table's own shape instead (the preset's label
    would say partners where each plays for himself).

    >>> rules_label(Rules.preset("australian", target=250), "australian")
    'Australian (4 players, partners), house rules'
    >>> rules_label(Rules.preset("australian", teams="none", call_partner=True), "australian")
    'House rules: 4 players, a called partner'
    """
    label = PRESET_LABELS.get(preset, preset)
    if Rules.preset(preset) == rules:
        return label
    if table_shape(rules) != table_shape(Rules.preset(preset)):
        return f"House rules: {table_shape(rules)}"
    return f"{label}, house rules"


def table_shape(rules: Rules) -> str:
    """Who plays with whom at a table, in words.

    >>> [table_shape(Rules.preset(n)) for n in ("classic3", "six_threes", "two_dead_hand")]
    ['3 players, each for himself', '6 players, two teams of three', '2 players, a dead hand']
    """
    n = rules.players
    half = ("", "one", "two", "three")[n // 2]
    if rules.teams == "pairs":
        who = "partners" if n == 4 else f"{half} pairs"
    elif rules.teams == "two":
        who = "partners" if n == 4 else f"two teams of {half}"
    elif rules.call_partner:
        who = "a called partner"
    else:
        who = "a dead hand" if rules.dead_hand else "each for himself"
    return f"{n} players, {who}"


OPTION_NAMES: dict[str, str] = {
    "players": "Players", "deck": "Pack", "teams": "Teams", "dead_hand": "Dead hand",
    "call_partner": "Called partner", "deal_pattern": "Deal", "first_dealer": "First dealer",
    "auction": "Auction", "misere_allowed": "Misère allowed", "misere_value": "Misère is worth",
    "misere_rank": "Misère ranks", "misere_needs_seven": "Misère only over a 7-bid",
    "misere_stops_when_taken": "Misère stops at its first trick",
    "misere_defender_points": "Failed misère: opponents score",
    "open_misere_allowed": "Open misère allowed", "open_misere_value": "Open misère is worth",
    "open_misere_rank": "Open misère ranks", "open_misere_reveal": "Open misère hand shown",
    "all_pass": "When everyone passes", "opening_lead": "Opening lead",
    "nt_joker": "Joker at no trumps", "slam": "Slam (all ten tricks)",
    "defender_trick_points": "Defenders' tricks", "win": "Game won", "target": "Game to",
    "hole": "Game lost at",
}
"""Each option's name in the rules dialog (the rules string's name beside it, in small print)."""

VALUE_WORDS: dict[str, dict[str, str]] = {
    "teams": {"none": "Each for himself", "two": "Two teams, on alternate seats",
              "pairs": "Pairs, partners opposite"},
    "first_dealer": {"cut": "A cut: the lowest card deals", "random": "At random"},
    "auction": {"rounds": "Rounds: a pass is final", "single": "One bid each"},
    "misere_rank": {"after_sevens": "Above every 7-bid", "by_value": "Between 8♠ and 8♣"},
    "open_misere_rank": {"after_10D": "Between 10♦ and 10♥", "top": "Above 10NT"},
    "open_misere_reveal": {"after_first_trick": "After the first trick",
                           "before_lead": "Before the first lead"},
    "misere_defender_points": {"none": "Nothing",
                               "ten_per_declarer_trick": "10 for each trick the declarer took"},
    "all_pass": {"redeal": "A new deal", "play_no_trumps": "Played at no trumps, 10 a trick"},
    "opening_lead": {"declarer": "The declarer", "eldest": "The first to speak"},
    "nt_joker": {"australian": "Australian: led naming a suit not yet led",
                 "classic": "Classic: led naming any suit not shown void"},
    "slam": {"250_if_less": "Worth at least 250",
             "bonus_equal_to_bid": "Twice the bid, from 8♣ up", "none": "Nothing extra"},
    "defender_trick_points": {"always": "10 a trick", "none": "Nothing"},
    "win": {"by_own_contract": "Only by making a bid",
            "reach_500_any_way": "Reaching the target any way"},
}
"""A choice's value in words, option by option (the token itself is shown beside it)."""

FORM_WORDS: dict[str, dict[str, str]] = {
    "nt_joker": {"australian": "Australian", "classic": "Classic"},
    "all_pass": {"redeal": "Redeal", "play_no_trumps": "Play at no trumps"},
    "first_dealer": {"cut": "A cut", "random": "At random"},
    "auction": {"rounds": "Rounds", "single": "One bid each"},
    "misere_defender_points": {"none": "Nothing", "ten_per_declarer_trick": "10 a trick"},
    "open_misere_reveal": {"after_first_trick": "After trick 1",
                           "before_lead": "Before the lead"},
    "misere_rank": {"after_sevens": "Above 7-bids", "by_value": "Above 8♠"},
    "open_misere_rank": {"after_10D": "Above 10♦", "top": "Above 10NT"},
}
"""A toggle's choices on the new-game form where the rules dialog's words are too long for
its list (the option's text, under it, says what they mean)."""

SWITCH_TEXT: dict[str, tuple[str, str]] = {
    "dead_hand": ("A third hand is dealt and stays out of play, unseen.",
                  "No dead hand: every hand dealt is played."),
    "call_partner": ("After the kitty the declarer calls a partner by naming a card, or "
                     "plays alone.", "No partner is called: each player plays for himself."),
    "misere_allowed": ("Misère (no trick, playing alone) may be bid.",
                       "Misère may not be bid, nor open misère."),
    "misere_needs_seven": ("Misère may be bid only while the bid to beat is a 7-bid.",
                           "Misère may be bid whenever it outranks the bid to beat."),
    "misere_stops_when_taken": ("A misère's play stops as soon as the declarer takes a trick.",
                                "A misère is played out to the last trick, even once the "
                                "declarer has taken one."),
    "open_misere_allowed": ("Open misère (misère with the hand spread face up) may be bid.",
                            "Open misère may not be bid (closed misère may)."),
}
"""What a yes and a no mean at the table, for each switch: the rules dialog says what holds
(:func:`switch_text`)."""

MISERE_EACH_FOR_HIMSELF = "Misère (no trick) may be bid."
"""Misère allowed where nobody has a partner: there is nobody to play it without."""


def has_partners(rules: Rules) -> bool:
    """Whether a declarer may have a partner at this table (a side of partners, or the
    five-handed call), so that a misère, which calls none, is played alone: the words say
    "playing alone" only then (two or three players each for himself have nobody).

    >>> has_partners(Rules.preset("classic3")), has_partners(Rules.preset("five_called"))
    (False, True)
    """
    return rules.teams != "none" or rules.call_partner


def switch_text(rules: Rules, option: str) -> str:
    """What a switch's value means at a table of these rules (:data:`SWITCH_TEXT`), misère
    "playing alone" only where its declarer would otherwise have a partner.

    >>> switch_text(Rules.preset("classic3"), "misere_allowed")
    'Misère (no trick) may be bid.'
    >>> switch_text(Rules.preset("australian"), "misere_allowed")
    'Misère (no trick, playing alone) may be bid.'
    """
    value = bool(getattr(rules, option))
    if option == "misere_allowed" and value and not has_partners(rules):
        return MISERE_EACH_FOR_HIMSELF
    return SWITCH_TEXT[option][0 if value else 1]


def deal_text(rules: Rules) -> str:
    """How the cards are dealt at a table of these rules, in words and in the order dealt
    (the rules dialog's line: the option's help, ``OPTION_TEXT``, says how a pattern is
    written).

    >>> deal_text(Rules.preset("six_pairs"))
    '10 cards to each hand, then 3 to the kitty.'
    >>> deal_text(Rules.preset("two_dead_hand"))
    'Dealt in this order: 3 cards to each hand, 3 to the kitty, 4 to each hand, 3 to each hand \
(10 cards each, the dead hand too; 3 in the kitty).'
    """
    steps = []
    for i, (to_kitty, n) in enumerate(rules.deal_packets):
        what = f"{n} card{'s' if n != 1 else ''}" if i == 0 else str(n)
        steps.append(f"{what} to the kitty" if to_kitty else f"{what} to each hand")
    left = rules.kitty_size - sum(n for to_kitty, n in rules.deal_packets if to_kitty)
    if left:
        steps.append(f"the {left} left to the kitty")
    if len(steps) == 2 and not rules.deal_packets[0][0] and not rules.dead_hand:
        return f"{steps[0]}, then {steps[1]}."       # (all to the hands, then the kitty)
    each = sum(n for to_kitty, n in rules.deal_packets if not to_kitty)
    dead = ", the dead hand too;" if rules.dead_hand else ","
    return (f"Dealt in this order: {', '.join(steps)} ({each} cards each{dead} "
            f"{rules.kitty_size} in the kitty).")


CHOICE_TEXT: dict[str, dict[str, str]] = {
    "teams": {"none": "Each player plays for himself.",
              "two": "Two teams, partners on alternate seats: a side's tricks count together.",
              "pairs": "Three pairs, partners sitting opposite: a pair's tricks count together."},
    "first_dealer": {"cut": "The first dealer is chosen by a cut: the lowest card deals.",
                     "random": "The first dealer is chosen at random."},
    "auction": {"rounds": "The bidding goes round until all but one have passed; a pass is "
                          "final.",
                "single": "Each player bids once, or passes."},
    "misere_rank": {"after_sevens": "Misère outranks every 7-bid, and every 8-bid outranks it.",
                    "by_value": "Misère ranks between 8♠ and 8♣."},
    "open_misere_rank": {"after_10D": "Open misère ranks between 10♦ and 10♥.",
                         "top": "Open misère outranks every bid, 10NT too."},
    "open_misere_reveal": {
        "after_first_trick": "The open-misère hand is spread face up once the first trick is "
                             "over.",
        "before_lead": "The open-misère hand is spread face up before the first lead."},
    "all_pass": {"redeal": "When nobody bids, the hand is thrown in and the next dealer deals.",
                 "play_no_trumps": ("When nobody bids, the hand is played at no trumps, "
                                    "the kitty untouched and the first to speak leading: each "
                                    "trick scores 10 for whoever takes it.")},
    "opening_lead": {"declarer": "The declarer leads to the first trick.",
                     "eldest": ("The first to speak in the auction leads to the first trick "
                                "(the next player in play, if he sits out).")},
    "win": {"reach_500_any_way": "The game is won by reaching the target, by any points."},
    "nt_joker": {
        "australian": ("At no trumps and in misère the joker belongs to no suit and is played "
                       "to a trick only when void in the suit led; led, it names a suit not "
                       "yet led; in misère it must be played once void."),
        "classic": ("At no trumps and in misère the joker belongs to no suit and is played "
                    "to a trick only when void in the suit led; led, it names any suit the "
                    "leader has not shown void in."),
    },
    "slam": {
        "250_if_less": "All ten tricks on a bid worth less than 250 score 250.",
        "bonus_equal_to_bid": ("All ten tricks on a bid of 8♣ (260) or more score twice its "
                               "price; below 8♣, the price alone."),
        "none": "All ten tricks score the bid's price, nothing more.",
    },
}
"""A choice whose meaning the words cannot hold: what each value means (:func:`choice_text`)."""


def choice_text(rules: Rules, option: str) -> str:
    """What a choice's value means at a table of these rules: ``CHOICE_TEXT``, or words that
    fit the table ("side" only where there are sides; a failed misère's points said alike in
    its line and in the opponents' tricks' line).

    >>> choice_text(Rules.preset("classic3"), "misere_defender_points")
    'When a misère fails, the declarer loses its value and each opposing player scores 10 \
for each trick the declarer took.'
    """
    opp, score, they_take, their = opponents(rules)
    value, misere = getattr(rules, option), rules.misere_allowed
    gains = misere and rules.misere_defender_points == "ten_per_declarer_trick"
    failed = (f"a failed misère gives {failed_misere_gain(rules, told=True)} 10 for each "
              "trick the declarer took")
    if option == "misere_defender_points":
        loser = "the declarer's side" if rules.teams != "none" else "the declarer"
        gain = (f"{failed_misere_gain(rules)} 10 for each trick the declarer took" if gains
                else f"{opp} {score} nothing")
        return f"When a misère fails, {loser} loses its value and {gain}."
    if option == "defender_trick_points" and value == "none":
        return (f"{opp.capitalize()} of a contract {score} nothing for {their} own tricks"
                f"{f', though {failed}' if gains else ''}.")
    if option == "defender_trick_points":
        tail = (f"; in a misère {their} own tricks score nothing, but {failed}" if gains
                else f"; in a misère {they_take.split()[0]} {score} nothing, even when it fails"
                if misere else "")
        return (f"{opp.capitalize()} of a {'bid of tricks' if misere else 'contract'} {score} "
                f"10 for each trick {they_take}{tail}.")
    if option == "win" and value == "by_own_contract":
        return won_by_contract_text(rules)
    return CHOICE_TEXT.get(option, {}).get(str(value), OPTION_TEXT[option])


NEEDS = {"open_misere_allowed": ("misere_allowed", " Not at this table: misère is not "
                                                   "allowed, and that bans open misère too.")}
"""A switch that means nothing while another is off, that other switch, and what the rules of
the table add while it is off: misère not allowed bans open misère too
(``Rules.allows_open_misere``)."""

_MISERE = ("misere_value", "misere_rank", "misere_needs_seven", "misere_stops_when_taken",
           "misere_defender_points")
_OPEN_MISERE = ("open_misere_value", "open_misere_rank", "open_misere_reveal")


def not_here(rules: Rules, option: str) -> str | None:
    """Why ``option`` means nothing at a table of these rules, or None where it counts: a
    misère's options where misère may not be bid, the joker's rule in a pack without it.

    >>> not_here(Rules.preset("two_24"), "nt_joker")
    'this pack has no joker'
    >>> not_here(Rules.preset("australian"), "nt_joker") is None
    True
    """
    if option in _MISERE and not rules.misere_allowed:
        return "misère may not be bid"
    if option in _OPEN_MISERE and not rules.allows_open_misere:
        return "open misère may not be bid"
    if option == "nt_joker" and not rules.has_joker:
        return "this pack has no joker"
    if option == "dead_hand" and rules.players != 2:
        return "only two players have a dead hand"
    if option == "call_partner" and (rules.teams != "none" or rules.players < 4):
        return "a partner is called only where each plays for himself, at four or more"
    return None


def value_words(option: str, value: object) -> str:
    """An option's value in words.

    >>> value_words("deal_pattern", "3-k1-4-k1-3-k1")
    '3, kitty 1, 4, kitty 1, 3, kitty 1'
    >>> value_words("slam", "none"), value_words("misere_allowed", False)
    ('Nothing extra', 'no')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    v = str(value)
    if v in VALUE_WORDS.get(option, {}):
        return VALUE_WORDS[option][v]
    if option == "deal_pattern":
        return ", ".join(f"kitty {p[1:]}" if p.startswith("k") else p for p in v.split("-"))
    if option == "deck":
        return "24 cards, no joker" if v == "24" else f"{v} cards with the joker"
    return v.replace("_", " ")


def rules_json(rules: Rules, preset: str) -> dict[str, Any]:
    """Every option of a table's rules: its name, its value (the token and in words) and a
    line saying what holds at the table; ``off`` says why an option means nothing there (a
    misère's where misère may not be bid), and a switch that another turns off (``NEEDS``)
    shows what holds, and why."""
    options = []
    for option in OPTION_TEXT:
        v = getattr(rules, option)
        if option in SWITCH_TEXT:
            text = switch_text(rules, option)
        elif option == "deal_pattern":
            text = deal_text(rules)
        else:
            text = choice_text(rules, option)
        need, why = NEEDS.get(option, (None, ""))
        if need is not None and not getattr(rules, need):
            v, text = False, why.strip()
        options.append({"option": option, "name": OPTION_NAMES[option],
                        "value": ("true" if v else "false") if isinstance(v, bool) else v,
                        "words": value_words(option, v), "text": text,
                        "off": not_here(rules, option)})
    return {"label": rules_label(rules, preset), "options": options}
