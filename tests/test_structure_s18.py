"""Structure kept true (a new contributor's review): no layer below the front ends imports
one; every option of ``Rules`` placed on the new-game form or said to make the table; the
three copies of a hand's scoring agreeing; the docs naming every module and make target; no
stale lint exemption."""

from __future__ import annotations

import ast
import dataclasses
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivehundred import Rules
from fivehundred.actions import BID, MISERE, OPEN_MISERE
from fivehundred.auction import Contract, contract_of
from fivehundred.bots.bid_check import outcome_value
from fivehundred.options import TOGGLES
from fivehundred.scoring import declaring_seats, declaring_sides, hand_points, reach_order
from fivehundred.tricks import sitting_out

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "fivehundred"

# -- the layers ---------------------------------------------------------------------------

#: The engine's modules (docs/architecture.md's bottom layer) and the packages above it that
#: sit below every front end: the search and solver, the bots, the analysis.
BELOW_FRONT_ENDS = ("cards", "actions", "rules", "auction", "tricks", "scoring", "game", "view",
                    "rng", "errors", "dealing", "numbers", "words", "bots", "solver")
FRONT_ENDS = ("console", "web", "tui", "cli", "arena", "hint_cli", "selfplay", "launch")


def _imported(path: Path) -> set[str]:
    """Every ``fivehundred`` module a file of the package imports (:func:`imports_of`)."""
    package = list(path.relative_to(PACKAGE).parent.parts)
    return imports_of(path.read_text(encoding="utf-8"), package)


def imports_of(source: str, package: list[str]) -> set[str]:
    """Every ``fivehundred`` module ``source`` (a module of the subpackage ``package``)
    imports, at its top or inside a function (a deferred import crosses a layer as surely),
    as dotted names below the package."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                names = [".".join([*base, node.module])] if node.module else [
                    ".".join([*base, a.name]) for a in node.names]
            elif node.module == "fivehundred":
                names = [a.name for a in node.names]
            elif node.module and node.module.startswith("fivehundred."):
                names = [node.module.removeprefix("fivehundred.")]
            else:
                continue
            out.update(names)
        elif isinstance(node, ast.Import):
            out.update(a.name.removeprefix("fivehundred.") for a in node.names
                       if a.name.startswith("fivehundred."))
    return out


def _files_below_front_ends() -> list[Path]:
    files: list[Path] = []
    for name in BELOW_FRONT_ENDS:
        files += sorted((PACKAGE / name).rglob("*.py")) if (PACKAGE / name).is_dir() \
            else [PACKAGE / f"{name}.py"]
    return files


def test_no_layer_below_the_front_ends_imports_one() -> None:
    """The engine, the solver, the bots and the analysis import no front end, not even inside
    a function: the hints and the analysis reached up into ``console/display.py`` for a
    hand's order, which is the engine's (``tricks.sort_tokens``)."""
    files = _files_below_front_ends()
    assert len(files) > 40
    crossing = sorted(f"{f.relative_to(PACKAGE)} imports {m}" for f in files
                      for m in _imported(f) if m.split(".")[0] in FRONT_ENDS)
    assert crossing == []


def test_the_import_scan_sees_a_deferred_import() -> None:
    """The scan above finds an import made inside a function, relative or absolute."""
    src = ("from .base import make\n\ndef f():\n    from ...console.display import pretty\n"
           "    import fivehundred.web.state\n    from ... import tui\n")
    assert imports_of(src, ["solver", "analysis"]) == {"solver.analysis.base", "console.display",
                                                       "web.state", "tui"}


# -- the house rules ----------------------------------------------------------------------

#: The options of ``Rules`` the new-game form does not offer as house rules: they make the
#: table and come with the preset chosen (options.py's note over ``TOGGLES``; README's
#: Playing section).  Every other option must be a toggle of the form.
TABLE_OPTIONS = frozenset({
    "players",        # how many sit at the table
    "deck",           # the pack, which the number of players needs
    "teams",          # who plays with whom
    "dead_hand",      # the two-handed game's third hand
    "call_partner",   # the five-handed game's called partner
    "deal_pattern",   # the packets the cards are dealt in, which the pack fixes
})


def unplaced(options: list[str], toggles: list[str]) -> list[str]:
    """The options neither a house rule (``toggles``) nor one of ``TABLE_OPTIONS``, and those
    that are both."""
    return ([o for o in options if o not in toggles and o not in TABLE_OPTIONS]
            + [o for o in toggles if o in TABLE_OPTIONS])


def test_every_option_is_a_house_rule_or_makes_the_table() -> None:
    """A new option of Rules left out of ``options.TOGGLES`` fails here: the lobby's test and
    the guide's take TOGGLES as it is, so nothing else would notice it missing."""
    options = [f.name for f in dataclasses.fields(Rules)]
    assert unplaced(options, list(TOGGLES)) == []
    assert set(options) >= set(TOGGLES) | TABLE_OPTIONS


def test_an_option_left_off_the_form_is_found() -> None:
    options = [f.name for f in dataclasses.fields(Rules)]
    assert unplaced([*options, "bonus"], list(TOGGLES)) == ["bonus"]
    assert unplaced(options, [t for t in TOGGLES if t != "slam"]) == ["slam"]
    assert unplaced(options, [*TOGGLES, "players"]) == ["players"]


# -- scoring, three copies ----------------------------------------------------------------

SCORED_PRESETS = ("australian", "classic3", "classic4", "five_called", "six_pairs",
                  "six_threes", "two_dead_hand", "two_24")


@st.composite
def hands(draw: st.DrawFn) -> tuple[Rules, Contract | None, int | None, tuple[int, ...]]:
    """A finished hand's rules, contract (None: all passed, played at no trumps), called
    partner and tricks per seat: any preset, any slam and trick-points rules, any bid, the
    tricks dealt out at random among the seats in play (a misère stopped early too)."""
    rules = Rules.preset(draw(st.sampled_from(SCORED_PRESETS)),
                         slam=draw(st.sampled_from(("250_if_less", "bonus_equal_to_bid", "none"))),
                         misere_defender_points=draw(st.sampled_from(
                             ("none", "ten_per_declarer_trick"))),
                         defender_trick_points=draw(st.sampled_from(("always", "none"))),
                         win="reach_500_any_way")
    n = rules.players
    declarer = draw(st.integers(0, n - 1))
    bid = draw(st.one_of(st.none(), st.sampled_from((MISERE, OPEN_MISERE)),
                         st.integers(BID, BID + 24)))
    contract = None if bid is None else contract_of(rules, bid, declarer)
    partner = None
    if contract is not None and rules.call_partner and not contract.is_misere:
        partner = draw(st.one_of(st.none(), st.sampled_from(
            [s for s in range(n) if s != declarer])))
    out = sitting_out(rules, declarer, True) if contract and contract.is_misere else ()
    playing = [s for s in range(n) if s not in out]
    stop_early = contract is not None and contract.is_misere and draw(st.booleans())
    winners = draw(st.lists(st.sampled_from(playing), min_size=1 if stop_early else 10,
                            max_size=10))
    return rules, contract, partner, tuple(winners.count(s) for s in range(n))


@settings(max_examples=250, deadline=None)
@given(hands())
def test_the_bots_value_of_a_hand_is_the_games_points(
        hand: tuple[Rules, Contract | None, int | None, tuple[int, ...]]) -> None:
    """``bid_check.outcome_value`` (the bots' copy of a hand's scoring, given the declaring
    side's tricks alone) is ``hand_points``' points for a seat's side less the others' mean,
    the defenders' points shared evenly among the defending sides (it is not told how they
    split them)."""
    rules, c, partner, won = hand
    points, _ = hand_points(rules, c, partner, won)
    n = len(rules.sides)
    declaring = declaring_sides(rules, c, partner)
    defending = [i for i in range(n) if i not in declaring]
    for seat in range(rules.players):
        mine = rules.side_of[seat]
        if c is None:
            counted = sum(won[s] for s in rules.sides[mine])
        elif c.is_misere:
            counted = won[c.declarer]
        else:
            counted = sum(won[s] for s in declaring_seats(rules, c, partner))
        own: float = points[mine]
        if c is not None and mine in defending:
            own = sum(points[i] for i in defending) / len(defending)
        expected = own - (sum(points) - own) / (n - 1)      # (the others' points, less own)
        assert outcome_value(rules, c, seat, partner, counted) == pytest.approx(expected), seat


@settings(max_examples=250, deadline=None)
@given(hands())
def test_the_reach_order_counts_the_points_the_hand_scores(
        hand: tuple[Rules, Contract | None, int | None, tuple[int, ...]]) -> None:
    """``scoring.reach_order`` (which side's trick brought it to the target first) counts for
    each side that scores by its tricks what ``hand_points`` gives it: a side that many
    points short of the target reaches it with the hand's last trick, one point more short
    does not."""
    rules, c, partner, won = hand
    points, _ = hand_points(rules, c, partner, won)
    declaring = declaring_sides(rules, c, partner)
    target = rules.target

    def reached(side: int, start: int) -> bool:
        scores = [-10**6] * len(rules.sides)
        scores[side] = start
        return any(side in reach_order(rules, c, partner, won, scores, (), w)
                   for w in range(rules.players))

    for side in range(len(rules.sides)):
        if side in declaring:
            continue                      # (a contract's points come at the hand's end)
        assert not reached(side, target - points[side] - 1), side
        if points[side] > 0:
            assert reached(side, target - points[side]), side


# -- the docs -----------------------------------------------------------------------------

def test_architecture_md_names_every_module_of_the_packages_it_tables() -> None:
    """Each module of ``web/``, ``tui/``, ``env/``, ``solver/`` and ``record/`` is named in
    docs/architecture.md (``web/lookalike.py`` and ``record/hand_checks.py`` were not)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [f"{d}/{f.relative_to(PACKAGE / d)}" for d in ("web", "tui", "env", "solver",
                                                              "record")
               for f in sorted((PACKAGE / d).rglob("*.py")) if f.name != "__init__.py"
               and f"`{f.name}`" not in text and f"{f.relative_to(PACKAGE / d)}`" not in text]
    assert missing == []


#: Make targets that are a step of another, not a command for people: ``make test``
#: installs Chromium itself.
INNER_TARGETS = {"chromium", "clean"}


def test_readme_names_every_make_target() -> None:
    """README names each target of the Makefile (its ``.PHONY`` line) a developer runs:
    it named ``make test`` alone, not lint, typecheck or bench."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    phony = re.search(r"^\.PHONY:(.*)$", makefile, re.M)
    assert phony is not None
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = set(phony.group(1).split()) - INNER_TARGETS
    assert {"test", "lint", "typecheck", "bench"} <= targets
    assert sorted(t for t in targets if f"make {t}" not in readme) == []


# -- the lint settings --------------------------------------------------------------------

def test_every_per_file_lint_exemption_still_silences_something() -> None:
    """Each file pyproject.toml exempts from a ruff rule fails that rule without the
    exemption: one kept after its file changed (``bots/_load_all.py``'s import lines, gone
    when it came to loop over the catalog) only hides a fault that might come back."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    ignores = config["tool"]["ruff"]["lint"].get("per-file-ignores", {})
    ruff = Path(sys.executable).with_name("ruff")
    stale = []
    for path, codes in ignores.items():
        run = subprocess.run([str(ruff), "check", "--no-cache", "--select", ",".join(codes),
                              "--config", "lint.per-file-ignores = {}", path],
                             cwd=ROOT, capture_output=True, text=True)
        if run.returncode == 0:
            stale.append(path)
    assert stale == []
