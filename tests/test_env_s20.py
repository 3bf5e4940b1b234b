"""The learning environments' reward bound and imports: ``reward_bound`` is the most a side
can score or lose in a hand (it said 620, adding defenders' 100 to the dearest contract, which
no side scores together), and ``SoloEnv`` comes from ``fivehundred.env`` as
``FiveHundredEnv`` does, without the package importing Gymnasium before it is asked for."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from fivehundred import Game, Rules
from fivehundred.actions import BID, MISERE, OPEN_MISERE
from fivehundred.auction import contract_of
from fivehundred.env import reward_bound
from fivehundred.scoring import hand_points

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *((name, {}) for name in Rules.PRESETS),
    ("australian", {"slam": "bonus_equal_to_bid"}),
    ("classic4", {"slam": "none"}),
    ("australian", {"misere_value": 10**9}),
    ("classic3", {"open_misere_value": 10**9, "slam": "bonus_equal_to_bid"}),
    ("five_called", {"misere_defender_points": "none", "slam": "bonus_equal_to_bid"}),
    ("australian", {"defender_trick_points": "none", "all_pass": "play_no_trumps"}),
    ("six_threes", {"misere_defender_points": "ten_per_declarer_trick",
                    "all_pass": "play_no_trumps"}),
    ("classic4", {"misere_allowed": False}),
    ("australian", {"open_misere_allowed": False, "misere_value": 10**9}),
]
"""Every preset, and options that change what a hand can score: the slam rules, misères worth
up to 10^9 (and banned), defenders' and the all-pass game's 10 a trick, the five-handed called
partner, six-handed sides of three."""

TEN_NT = BID + 24


def _random_hands(rules: Rules, hands: int, seed: int) -> list[tuple[int, ...]]:
    """The points per side of ``hands`` hands of random legal actions (new games as games end)."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    out: list[tuple[int, ...]] = []
    while len(out) < hands:
        if g.phase == "game_over":
            g = Game(rules, seed=rng.randrange(2**32))
        elif g.phase == "hand_over":
            g.next_hand()
        else:
            g.apply(rng.choice(g.legal_action_ids()))
            if g.phase in ("hand_over", "game_over"):
                out.append(g.hand_results[-1].points)
    return out


def _dearest_hand(rules: Rules) -> int:
    """The most points one hand can give a side, built by hand: 10NT with all ten tricks to
    the declarer (its slam), or a misère the rules allow, made."""
    won = [0] * rules.players
    won[0] = 10
    slam = hand_points(rules, contract_of(rules, TEN_NT, 0), None, won)[0][0]
    none_taken = [0] * rules.players
    misere = [hand_points(rules, contract_of(rules, b, 0), None, none_taken)[0][0]
              for b, allowed in ((MISERE, rules.misere_allowed),
                                 (OPEN_MISERE, rules.allows_open_misere)) if allowed]
    return max([slam, *misere])


@pytest.mark.parametrize(("preset", "options"), CONFIGS,
                         ids=[f"{p}-{','.join(o) or 'preset'}" for p, o in CONFIGS])
def test_every_hand_lies_within_the_reward_bound_and_the_bound_is_reached(
        preset: str, options: dict[str, Any]) -> None:
    """200 hands of random play: every side's points lie within plus or minus the bound, and
    the bound is no more than a hand can score (the random hands' largest, or the dearest
    contract made with all ten tricks, equals it): it said 620 where the most was 520."""
    rules = Rules.preset(preset, **options)
    bound = reward_bound(rules)
    points = _random_hands(rules, 200, seed=sum(map(ord, preset)) + len(options))
    largest = max(abs(p) for hand in points for p in hand)
    assert largest <= bound, (largest, bound)
    assert bound == max(largest, _dearest_hand(rules)), (bound, largest)


def test_the_bound_is_520_at_every_preset_and_grows_with_the_dearest_contract() -> None:
    """520 (10NT) at every preset; a doubled 10NT slam 1040; the dearest misère allowed, only
    if allowed."""
    assert {reward_bound(Rules.preset(name)) for name in Rules.PRESETS} == {520}
    assert reward_bound(Rules.preset("australian", slam="bonus_equal_to_bid")) == 1040
    assert reward_bound(Rules.preset("australian", open_misere_value=10**9)) == 10**9
    assert reward_bound(Rules.preset("australian", open_misere_value=10**9,
                                     open_misere_allowed=False)) == 520
    assert reward_bound(Rules.preset("australian", misere_value=10**9,
                                     misere_allowed=False)) == 520


def test_the_openspiel_utility_bounds_follow() -> None:
    """OpenSpiel's max_utility and min_utility are the bound (520 at every preset)."""
    import pyspiel

    import fivehundred.env.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_fivehundred", {"rules": "six_threes"})
    assert game.max_utility() == -game.min_utility() == 520


def _fresh(code: str) -> dict[str, Any]:
    """Run ``code`` in a fresh Python; what it prints last, as JSON."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return out


def test_solo_env_imports_from_the_package_and_only_then_loads_gymnasium() -> None:
    """``from fivehundred.env import SoloEnv`` was an ImportError (FiveHundredEnv imported);
    ``import fivehundred.env`` still loads no Gymnasium, PettingZoo or numba until asked."""
    got = _fresh(
        "import json, sys\n"
        "import fivehundred.env\n"
        "before = {m: m in sys.modules for m in ('gymnasium', 'pettingzoo', 'numba')}\n"
        "from fivehundred.env import SoloEnv\n"
        "from fivehundred.env.solo import SoloEnv as Same\n"
        "print(json.dumps({'before': before, 'same': SoloEnv is Same,\n"
        "                  'listed': 'SoloEnv' in fivehundred.env.__all__,\n"
        "                  'gym': 'gymnasium' in sys.modules}))\n")
    assert got == {"before": {"gymnasium": False, "pettingzoo": False, "numba": False},
                   "same": True, "listed": True, "gym": True}, got


def test_solo_env_without_gymnasium_says_how_to_install_it() -> None:
    """Without Gymnasium, the package's SoloEnv says what it needs, as its module does."""
    got = _fresh(
        "import json, sys\n"
        "sys.modules['gymnasium'] = None\n"
        "try:\n"
        "    from fivehundred.env import SoloEnv\n"
        "except ImportError as e:\n"
        "    print(json.dumps({'said': str(e)}))\n")
    assert "SoloEnv needs Gymnasium and PettingZoo" in got["said"], got
    assert "pip install 'fivehundred[env]'" in got["said"], got
