"""The players' statistics in the saves file, per player and strength (a mixin of
:class:`fivehundred.web.store.Store`, whose ``db`` they are kept in): counted as hands and
games finish, read back for the lobby."""

from __future__ import annotations

import sqlite3
from typing import Any

LOCAL_PLAYER = ""
"""Whose statistics the local game counts: the one person at this machine."""

STAT_NAMES = ("games", "wins", "hands", "bid", "made", "misere_bid", "misere_made", "points",
              "take_backs")


class StatsKeeping:
    """Statistics per player and strength, in the ``stats`` table of ``db``."""

    db: sqlite3.Connection

    def _add(self, player: str, strength: str, **amounts: float) -> None:
        for name, value in amounts.items():
            self.db.execute(
                "INSERT INTO stats (player, strength, name, value) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(player, strength, name) DO UPDATE SET value = value + "
                "excluded.value", (player, strength, name, value))

    def add_hand(self, strength: str, bid: bool, made: bool, misere: bool,
                 points: int, player: str = LOCAL_PLAYER) -> None:
        """Count one finished hand for a human: his side's points, his contract if any."""
        self._add(player, strength, hands=1, points=points, bid=int(bid),
                  made=int(bid and made), misere_bid=int(bid and misere),
                  misere_made=int(bid and misere and made))

    def add_take_backs(self, strength: str, count: int, player: str = LOCAL_PLAYER) -> None:
        """Count decisions a human took back against bots of ``strength``."""
        self._add(player, strength, take_backs=count)

    def add_game(self, strength: str, won: bool, player: str = LOCAL_PLAYER) -> None:
        """Count one finished game for a human."""
        self._add(player, strength, games=1, wins=int(won))

    def stats(self, player: str = LOCAL_PLAYER) -> dict[str, Any]:
        """One player's statistics per strength (see docs/protocol.md)."""
        out: dict[str, dict[str, Any]] = {}
        for strength, name, value in self.db.execute(
                "SELECT strength, name, value FROM stats WHERE player = ?", (player,)):
            row = out.setdefault(strength, {n: 0 for n in STAT_NAMES})
            row[name] = int(value)
        for row in out.values():
            row["points_per_hand"] = round(row["points"] / row["hands"], 1) if row["hands"] else 0.0
        return {"by_strength": out}
