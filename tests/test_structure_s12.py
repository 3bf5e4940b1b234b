"""Structure kept true: the opening lead written once (``tricks.opening_leader``) and every
caller agreeing with the game; every option of ``Rules`` documented in docs/rules.md."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.arena.play import ArenaError
from fivehundred.arena.results import ResultsFile, header_of
from fivehundred.arena.spec import MatchSpec
from fivehundred.record.build import record_from_game
from fivehundred.record.checks import check_game
from fivehundred.rules import CHOICES
from fivehundred.solver.analysis.ddtable import DDTable, _opening
from fivehundred.solver.position import Position
from fivehundred.tricks import opening_leader

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _plans(n: int) -> list[dict[int, list[str]]]:
    """Auctions to try at ``n`` seats (bids each seat makes when its turn comes, passing
    otherwise): all pass; each seat declaring 6♠; each seat declaring misère, over a 7-bid
    from the next seat (and opening 6♠ itself, to speak before it)."""
    plans: list[dict[int, list[str]]] = [{}]
    plans += [{d: ["6S"]} for d in range(n)]
    plans += [{d: ["6S", "misere"], (d + 1) % n: ["7S"]} for d in range(n)]
    return plans


def _to_play(rules: Rules, seed: int, plan: dict[int, list[str]]) -> Game:
    """A game of ``rules`` dealt from ``seed``, its auction bid by ``plan`` (a bid that is
    not legal when its turn comes is a pass), the kitty and the call the first legal ones."""
    g = Game(rules, seed=seed)
    todo = {s: list(bids) for s, bids in plan.items()}
    while g.phase == "auction":
        seat = g.to_move
        assert seat is not None
        want = todo.get(seat)
        bid = want.pop(0) if want else "pass"
        g.apply(bid if bid in g.legal_actions() else "pass")
    while g.phase in ("kitty", "call"):
        g.apply(g.legal_actions()[0])
    return g


def _callers(g: Game) -> dict[str, int]:
    """The opening leader of ``g``'s hand (in the play phase, before the first card) as each
    place that works it out says: the rule itself, the solver's opening position and the
    double-dummy table's (a trick contract or misère; nothing when all passed)."""
    r, c = g.rules, g.contract
    if c is None:
        return {"opening_leader": opening_leader(r, g.dealer)}
    hands = tuple(g.hand(s) for s in range(r.players))
    table = DDTable(r, hands, ((None,) * 5,) * r.players, None, g.partner, g.dealer)
    return {
        "opening_leader": opening_leader(r, g.dealer, c.declarer, c.is_misere),
        "for_contract": Position.for_contract(r, hands, c.declarer, c.strain, c.is_misere,
                                              g.partner, dealer=g.dealer).leader,
        "DDTable.leader": table.leader(c.declarer, c.is_misere),
        "ddtable._opening": _opening(r, hands, c.declarer, c.strain, c.is_misere, g.partner,
                                     g.dealer).leader,
    }


@pytest.mark.parametrize("lead", CHOICES["opening_lead"])
@pytest.mark.parametrize("preset", list(Rules.PRESETS))
def test_every_caller_leads_as_the_game(preset: str, lead: str) -> None:
    """The game, a record's checks, the solver's opening position and the double-dummy table
    agree on who leads (and the record's checks on every trick's seats) on every preset,
    under both ``opening_lead`` values, for each seat declaring and for misère."""
    rules = Rules.preset(preset, opening_lead=lead)
    n = rules.players
    seen_skip = seen_other = False
    for seed in range(3):
        for plan in _plans(n):
            g = _to_play(rules, seed, plan)
            if g.phase != "play":
                continue                    # all passed and the hand was thrown in
            leader = g.to_move
            assert leader is not None
            for where, said in _callers(g).items():
                assert said == leader, (preset, lead, seed, plan, where)
            c = g.contract
            if c is not None and leader != c.declarer:
                seen_other = True
                if g.eldest in g.sitting_out:
                    seen_skip = True
            while g.phase == "play":
                g.apply(g.legal_actions()[0])
            layout = check_game(record_from_game(g))[-1]
            assert [(t.leader, tuple(s for s, _ in t.plays), t.winner) for t in layout.tricks] \
                == [(t.leader, t.seats, t.winner) for t in g.tricks], (preset, lead, seed, plan)
    # the plans reach the cases the rule is about
    assert seen_other == (lead == "eldest")
    if lead == "eldest" and any(len(side) > 1 for side in rules.sides):
        assert seen_skip, "no misère where eldest sat out"


def test_opening_leader_passes_over_the_seats_out() -> None:
    """Eldest sitting out a misère passes the lead to the next seat in play; the declarer's
    lead and the all-pass game's (eldest) never look at who sits out."""
    threes = Rules.preset("six_threes", opening_lead="eldest")     # sides 0 2 4 / 1 3 5
    assert opening_leader(threes, 0, 3, misere=True) == 2         # 1 and 5 sit out
    assert opening_leader(threes, 4, 3, misere=True) == 0         # 5 and 1 sit out
    assert opening_leader(threes, 0, 3) == 1
    assert opening_leader(threes, 0) == 1
    assert opening_leader(threes.replace(opening_lead="declarer"), 0, 3, misere=True) == 3
    assert opening_leader(threes.replace(opening_lead="declarer"), 0) == 1


def _older(text: str, option: str) -> str:
    """A rules string as a program without ``option`` wrote it (the option left out)."""
    kept = [x for x in text[len("fivehundred("):-1].split(",") if not x.startswith(option + "=")]
    assert len(kept) == text.count(","), option
    return f"fivehundred({','.join(kept)})"


def _results_file(path: Path, spec: MatchSpec, rules_text: str) -> None:
    """A results file of ``spec``'s match whose header holds ``rules_text`` as its rules."""
    head = header_of(spec)
    head["match"] = {**head["match"], "rules": rules_text}
    path.write_text(json.dumps(head) + "\n")


def test_results_resume_under_the_same_rules_written_otherwise(tmp_path: Path) -> None:
    """A results file written before the program gained an option (its rules string lacks
    it, the option at its default) resumes; rules that differ name only the options that
    differ; a newer program's rules say so."""
    spec = MatchSpec("australian", "random", "random", deals=1)
    path = tmp_path / "r.jsonl"
    _results_file(path, spec, _older(spec.rules, "opening_lead"))
    with ResultsFile(path, spec) as rf:
        assert rf.done == {}
    other = Rules.preset("australian", target=300, opening_lead="eldest").to_string()
    _results_file(path, spec, _older(other, "hole"))
    with pytest.raises(ArenaError, match=re.escape(
            "(--rules: opening_lead declarer now, eldest in the file, target 500 now, 300 in "
            "the file)")):
        ResultsFile(path, spec)
    _results_file(path, spec, spec.rules[:-1] + ",jokers=2)")
    with pytest.raises(ArenaError, match=re.escape(
            "(--rules: the file's rules are not this program's (unknown option 'jokers' in "
            "rules string; did you mean nt_joker?))")):
        ResultsFile(path, spec)


def _undocumented(text: str) -> list[str]:
    """What docs/rules.md's table of options (``text``) leaves out: each field of Rules not
    named in a row's first column, and each named value (``CHOICES``) not in its row's
    values, as ``option`` or ``option=value``."""
    body = text.split("## Options", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        for name in re.findall(r"`([a-z_]+)`", cells[0]):
            rows[name] = cells[1]
    missing: list[str] = []
    for f in dataclasses.fields(Rules):
        if f.name not in rows:
            missing.append(f.name)
            continue
        said = set(re.findall(r"`([^`]+)`", rows[f.name]))
        missing += [f"{f.name}={v}" for v in CHOICES.get(f.name, ()) if v not in said]
    return missing


def test_rules_md_names_every_option_and_value() -> None:
    """docs/rules.md's table of options names every field of Rules and, for an option with
    named values, each of them: a new option or value cannot go undocumented."""
    assert _undocumented((DOCS / "rules.md").read_text(encoding="utf-8")) == []


def test_an_option_left_out_of_rules_md_is_found() -> None:
    """The check above finds a row taken out and a value taken out of a row."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    row = next(x for x in text.splitlines() if x.startswith("| `opening_lead` |"))
    assert _undocumented(text.replace(row + "\n", "")) == ["opening_lead"]
    assert _undocumented(text.replace(row, row.replace("`eldest`", "eldest"))) == [
        "opening_lead=eldest"]
    two = next(x for x in text.splitlines() if x.startswith("| `target`, `hole` |"))
    assert _undocumented(text.replace(two, two.replace(", `hole`", ""))) == ["hole"]


ENGINE = ("cards", "actions", "view", "tricks", "auction", "scoring", "dealing", "numbers",
          "words", "rng")


def test_no_engine_function_without_a_caller() -> None:
    """Every public function and method of the engine's modules is named somewhere besides
    its definition (src, tests, bench, scripts, docs): dead code is removed, not kept."""
    root = DOCS.parent
    texts = [p.read_text(encoding="utf-8", errors="replace")
             for top in ("src", "tests", "bench", "scripts", "docs")
             for p in (root / top).rglob("*") if p.suffix in (".py", ".md", ".js") and p.is_file()]
    dead = []
    for mod in ENGINE:
        tree = ast.parse((root / "src" / "fivehundred" / f"{mod}.py").read_text(encoding="utf-8"))
        defs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
        defs += [m for c in tree.body if isinstance(c, ast.ClassDef) for m in c.body
                 if isinstance(m, ast.FunctionDef)]
        for d in defs:
            if d.name.startswith("_"):
                continue
            word = re.compile(rf"\b{d.name}\b")
            if sum(len(word.findall(t)) for t in texts) <= 1:      # its own def
                dead.append(f"{mod}.{d.name}")
    assert dead == []
