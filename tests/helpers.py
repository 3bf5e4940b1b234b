"""Shared helpers for the tests: building deals with chosen cards, and random play."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from fivehundred import Game, Rules
from fivehundred.actions import PASS
from fivehundred.cards import cards_of, mask_of, token, tokens
from fivehundred.rng import Rng


def make_deal(
    rules: Rules,
    fixed: Mapping[int, Sequence[str]],
    dealer: int = 0,
    kitty: Sequence[str] = (),
    dead: Sequence[str] = (),
    seed: int = 1,
) -> dict[str, Any]:
    """A deal where the given seats hold the given cards; the rest is dealt at random."""
    n = rules.players
    hands = [list(fixed.get(s, ())) for s in range(n)]
    rest = rules.deck_mask & ~mask_of([c for h in hands for c in h] + list(kitty) + list(dead))
    pool_tokens = [token(c) for c in cards_of(rest)]
    Rng(seed).shuffle(pool_tokens)
    for h in hands:
        while len(h) < 10:
            h.append(pool_tokens.pop())
    kit = list(kitty)
    dead_hand = list(dead)
    if rules.dead_hand:
        while len(dead_hand) < 10:
            dead_hand.append(pool_tokens.pop())
    while len(kit) < rules.kitty_size:
        kit.append(pool_tokens.pop())
    assert not pool_tokens
    out: dict[str, Any] = {"dealer": dealer, "hands": hands, "kitty": kit}
    if rules.dead_hand:
        out["dead"] = dead_hand
    return out


def apply_all(game: Game, actions: Sequence[str]) -> None:
    """Apply a list of tokens in order."""
    for a in actions:
        game.apply(a)


def random_policy(rng: Rng, pass_bias: int = 75) -> Any:
    """A seeded random-legal policy that passes ``pass_bias`` percent of the time when it may."""

    def act(game: Game) -> int:
        legal = game.legal_action_ids()
        if PASS in legal and rng.below(100) < pass_bias:
            return PASS
        return rng.choice(legal)

    return act


def play_game(rules: Rules, seed: int, max_hands: int = 40, pass_bias: int = 75) -> Game:
    """A whole seeded game of random legal play (stopped after ``max_hands`` hands)."""
    g = Game(rules, seed=seed)
    act = random_policy(Rng(seed * 7 + 1), pass_bias)
    while g.phase != "game_over":
        if g.phase == "hand_over":
            if g.hand_number + 1 >= max_hands:
                break
            g.next_hand()
            continue
        g.apply(act(g))
    return g


def end_position(preset: str, seed: int, bid: str | None, left: int, **overrides: Any) -> Game:
    """A seeded game bid as told, then played at random to ``left`` tricks (maybe mid-trick)."""
    r = Rules.preset(preset, **overrides)
    g = Game(r, seed=seed)
    rng = Rng(seed)
    if bid == "misere" and r.misere_needs_seven:
        g.apply("7S")
    if bid is not None:
        g.apply(bid)
    while g.phase == "auction":
        g.apply("pass")
    while g.phase in ("kitty", "call"):
        g.apply(rng.choice(g.legal_action_ids()))
    extra = rng.below(3)
    while g.phase == "play" and (10 - len(g.tricks) > left or extra):
        if 10 - len(g.tricks) <= left:
            extra -= 1
        g.apply(rng.choice(g.legal_action_ids()))
    return g


def hidden_cards(game: Game, seat: int) -> set[str]:
    """The cards ``seat`` may not see now: other hands, the kitty, the discards, the dead hand."""
    g = game
    hidden: set[str] = set()
    exposed = g.contract.declarer if (g.contract and g.exposed and g.phase == "play") else None
    for s in range(g.rules.players):
        if s != seat and s != exposed:
            hidden |= set(tokens(g.hand(s)))
    declarer = g.contract.declarer if g.contract else None
    if not (declarer == seat and g.phase != "auction"):
        hidden |= set(tokens(g.kitty)) | set(tokens(g.discards))
    hidden |= set(tokens(g.dead_hand))
    return hidden


def played_to_its_end(rules: Rules, seed: int) -> Game:
    """A game played to its end quickly: 10NT bid by the first to speak each hand, the first
    legal action otherwise (every hand played out)."""
    g = Game(rules, seed=seed)
    while g.phase != "game_over":
        if g.phase == "hand_over":
            g.next_hand()
            continue
        g.apply(g.legal_actions()[0] if g.phase != "auction" or g.auction else "10NT")
    return g


DEAL: dict[str, Any] = {
    "rules": "australian",
    "dealer": 3,
    "hands": [["9S", "7S", "6S", "QD", "6D", "4D", "KH", "QH", "8H", "7H"],
              ["AS", "8S", "5S", "KC", "5C", "JD", "9D", "8D", "7D", "5H"],
              ["10S", "QC", "JC", "10C", "AD", "KD", "10D", "AH", "JH", "JK"],
              ["KS", "QS", "JS", "9C", "8C", "6C", "5D", "10H", "9H", "4H"]],
    "kitty": ["AC", "7C", "6H"],
}
"""A four-handed deal as a deal file gives it (``fivehundred analyse DEAL.json``)."""


def write_version_1(path: Path, stats: Sequence[tuple[str, str, float]]) -> None:
    """A saves file as fivehundred wrote it at database version 1, with these statistics
    rows (strength, name, value): what the store upgrades."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL,
                             finished INTEGER NOT NULL, data TEXT NOT NULL);
        CREATE TABLE stats (strength TEXT NOT NULL, name TEXT NOT NULL, value REAL NOT NULL,
                            PRIMARY KEY (strength, name));
        PRAGMA application_id = 253625600;
        PRAGMA user_version = 1;
    """)
    db.executemany("INSERT INTO stats VALUES (?, ?, ?)", stats)
    db.commit()
    db.close()


def disk_full() -> sqlite3.OperationalError:
    """SQLite's error for a full disk, its code with it as SQLite's own errors carry one."""
    e = sqlite3.OperationalError("database or disk is full")
    e.sqlite_errorname = "SQLITE_FULL"      # type: ignore[attr-defined]
    return e
