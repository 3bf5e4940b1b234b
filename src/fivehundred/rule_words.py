"""Words about a table's rules that hang on its seats, for the rules dialog (``options``) and
the guide alike: who the opponents of a contract are, who scores a failed misère's tricks, and
how the game is won by one's own contract.
"""

from __future__ import annotations

from .rules import Rules

__all__ = ["failed_misere_gain", "opponents", "won_by_contract_text"]


def opponents(rules: Rules) -> tuple[str, str, str, str]:
    """The opponents of a contract and their words: "the opponents score ... they take ...
    their", or at two players "the opponent scores ... he takes ... his"."""
    if rules.players == 2:
        return "the opponent", "scores", "he takes", "his"
    return "the opponents", "score", "they take", "their"


def failed_misere_gain(rules: Rules, told: bool = False) -> str:
    """Who scores the declarer's tricks when a misère fails (``ten_per_declarer_trick``):
    each other side does, a side of partners once (``scoring.hand_points``); ``told``: as
    the one a failed misère gives them to ("gives each of them 10").

    >>> [failed_misere_gain(Rules.preset(n)) for n in ("two_24", "classic3", "classic4")]
    ['his opponent scores', 'each opposing player scores', 'the opposing side scores']
    >>> [failed_misere_gain(Rules.preset(n), told=True) for n in ("two_24", "classic3")]
    ['him', 'each of them']
    """
    if rules.players == 2:
        return "him" if told else "his opponent scores"
    if rules.teams == "none":
        return "each of them" if told else "each opposing player scores"
    if len(rules.sides) == 2:
        return "them" if told else "the opposing side scores"
    return "each opposing side" if told else "each opposing side scores"


def won_by_contract_text(rules: Rules) -> str:
    """How the game is won with ``win=by_own_contract`` (``scoring.game_winner``): by the
    declarer's side, or called partner, at the target after a contract made; never else."""
    nobody = ", or in a hand nobody bid," if rules.all_pass == "play_no_trumps" else ""
    one = "a player who" if rules.teams == "none" else "a side that"
    own = f"by {one} makes {'his' if rules.teams == 'none' else 'its'} contract and then stands"
    who = ("when a contract is made and the declarer, or else his called partner, then stands"
           if rules.call_partner else own)
    return (f"The game is won only {who} at the target or above; {one} gets there by points "
            f"for tricks taken against a contract{nobody} has not won, and the game goes on.")
