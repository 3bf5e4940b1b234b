"""The words of the new-game form and the rules dialog: preset labels, house-rule toggles.

>>> build_rules("australian", {"misere_allowed": False}).misere_allowed
False
>>> build_rules("australian", {"target": "x"})
Traceback (most recent call last):
...
fivehundred.errors.RulesError: option target takes one of 250, 500, 1000, got 'x'
"""

from __future__ import annotations

from typing import Any

from ..errors import RulesError
from ..rules import CHOICES, PRESET_NAMES, Rules

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
    "auction": "rounds: pass and you are out; single: one bid each.",
    "misere_allowed": "Misère (no trick, playing alone) may be bid; off bans open misère too.",
    "misere_value": "Points for a made misère (lost if it fails).",
    "misere_rank": ("after_sevens: misère outranks every 7-bid; by_value: between 8♠ and 8♣, "
                    "where 250 points falls among the bids."),
    "misere_needs_seven": "Misère may be bid only over a 7-bid.",
    "misere_stops_when_taken": "A misère's play stops as soon as the declarer takes a trick.",
    "misere_defender_points": "What the opponents score when a misère fails.",
    "open_misere_allowed": "Open misère (misère with the hand spread face up) may be bid.",
    "open_misere_value": "Points for a made open misère (lost if it fails).",
    "open_misere_rank": "after_10D: between 10♦ and 10♥; top: above 10 NT.",
    "open_misere_reveal": "When the open-misère hand is spread: after the first trick or at once.",
    "all_pass": "When nobody bids: redeal, or play the hand at no trumps, 10 a trick.",
    "opening_lead": "Who leads first: the declarer, or the player on the dealer's left.",
    "nt_joker": ("The joker at no trumps and in misère (played to a trick only when void "
                 "in the suit led): australian: led naming a suit not yet led, and a must "
                 "in misère when void; classic: led naming any suit the leader has not "
                 "shown void in."),
    "slam": "All ten tricks: worth at least 250, a bonus equal to the bid, or nothing extra.",
    "defender_trick_points": "Opponents score 10 a trick they take against a contract.",
    "win": "by_own_contract: you reach the target by making a bid; or reach it any way.",
    "target": "Points to win the game.",
    "hole": "Points that lose the game (in the hole).",
}

# The house rules offered on the new-game form: option -> (label, choices or None for bool).
TOGGLES: dict[str, tuple[str, tuple[Any, ...] | None]] = {
    "misere_allowed": ("Misère allowed", None),
    "open_misere_allowed": ("Open misère allowed", None),
    "nt_joker": ("Joker at no trumps", CHOICES["nt_joker"]),
    "all_pass": ("When everyone passes", CHOICES["all_pass"]),
    "slam": ("Slam (all ten tricks)", CHOICES["slam"]),
    "win": ("Game won", CHOICES["win"]),
    "target": ("Game to", (250, 500, 1000)),
}

STRENGTHS = ("easy", "medium", "hard", "insane")

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
        raise RulesError(f"speed must be one of {', '.join(SPEEDS)}, got {speed!r}")
    return speed


def presets_json() -> list[dict[str, Any]]:
    """Every preset with its label and number of players."""
    return [{"name": n, "label": PRESET_LABELS.get(n, n), "players": Rules.preset(n).players}
            for n in PRESET_NAMES]


def toggles_json() -> list[dict[str, Any]]:
    """The house-rule toggles of the new-game form."""
    out = []
    for option, (label, choices) in TOGGLES.items():
        out.append({"option": option, "label": label,
                    "kind": "bool" if choices is None else "choice",
                    "choices": [] if choices is None else list(choices),
                    "text": OPTION_TEXT[option], "needs": NEEDS.get(option, (None,))[0]})
    return out


def defaults_json() -> dict[str, dict[str, Any]]:
    """Each preset's values of the toggles."""
    return {n: {o: getattr(Rules.preset(n), o) for o in TOGGLES} for n in PRESET_NAMES}


def build_rules(preset: object, toggles: object) -> Rules:
    """The rules of a new game: a preset with some toggles changed; RulesError names the fault."""
    if not isinstance(preset, str) or preset not in PRESET_NAMES:
        raise RulesError(f"unknown preset {preset!r}; presets are {', '.join(PRESET_NAMES)}")
    if toggles is None:
        toggles = {}
    if not isinstance(toggles, dict):
        raise RulesError(f"toggles must be an object of option: value, got {toggles!r}")
    changes: dict[str, Any] = {}
    for option, value in toggles.items():
        if option not in TOGGLES:
            raise RulesError(f"{option!r} is not a house rule of the new-game form; "
                             f"they are {', '.join(TOGGLES)}")
        choices = TOGGLES[option][1]
        if choices is None:
            if not isinstance(value, bool):
                raise RulesError(f"option {option} takes true or false, got {value!r}")
        elif value not in choices or isinstance(value, bool):
            raise RulesError(f"option {option} takes one of "
                             f"{', '.join(str(c) for c in choices)}, got {value!r}")
        changes[option] = value
    return Rules.preset(preset, **changes)


def rules_label(rules: Rules, preset: str) -> str:
    """A short name for a table's rules: the preset's label, marked when house rules differ."""
    label = PRESET_LABELS.get(preset, preset)
    return label if Rules.preset(preset) == rules else f"{label}, house rules"


NEEDS = {"open_misere_allowed": ("misere_allowed", " Not at this table: misère is not "
                                                   "allowed, and that bans open misère too.")}
"""A switch that means nothing while another is off, that other switch, and what the rules of
the table add while it is off: misère not allowed bans open misère too
(``Rules.allows_open_misere``)."""


def rules_json(rules: Rules, preset: str) -> dict[str, Any]:
    """Every option of a table's rules with its value and a line saying what it means; a
    switch that another turns off (``NEEDS``) shows what holds at the table, and says why."""
    options = []
    for option, text in OPTION_TEXT.items():
        v = getattr(rules, option)
        need, why = NEEDS.get(option, (None, ""))
        if need is not None and not getattr(rules, need):
            v = False
            text += why
        options.append({"option": option,
                        "value": ("true" if v else "false") if isinstance(v, bool) else v,
                        "text": text})
    return {"label": rules_label(rules, preset), "options": options}
